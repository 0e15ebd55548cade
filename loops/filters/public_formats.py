"""Values their provider publishes: keys documented as examples (AWS's
…EXAMPLE keys, jwt.io's token, the RFCs' examples), read-only tokens in a badge image's URL, the
Azure storage emulator's account and the public client keys some providers ship in apps
(Mapbox pk. tokens, anon-role JWTs under an anon name or given to a Supabase client, RevenueCat,
Datadog and PostHog client keys, Mailchimp's mobile SDK key, Plaid link and public tokens, Algolia
search-only keys, Shopify storefront tokens).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import json
import re
from urllib.parse import urlsplit

from ..rules.checksums import b64_ascii, b64_decode
from .encoded_stand_ins import _jwt_claims
from .identifiers import _UUID
from .registry import Surroundings, _filter
from .words import key_words, split_words


def _jwt_io_payload(claims: dict) -> str:
    """The payload segment of an example token jwt.io shows by default."""
    text = json.dumps(claims, separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).rstrip(b"=").decode()


# jwt.io's default token today, and the one it showed before (still in many libraries' docs and benches).
_JWT_IO_PAYLOADS = (_jwt_io_payload({"sub": "1234567890", "name": "John Doe", "iat": 1516239022}),
                    _jwt_io_payload({"sub": "1234567890", "name": "John Doe", "admin": True}))


# Keys that providers publish in their documentation as examples.
_DOCUMENTED_EXAMPLES = frozenset({
    "AKIAIOSFODNN7EXAMPLE",  # AWS access key id, AWS docs
    # the Azure storage emulator's (Azurite's) account key, the same in every install, Microsoft docs
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",  # AWS secret access key, AWS docs
    # RFC 6238's (TOTP) and RFC 4226's (HOTP) test seed "12345678901234567890", base32 and hex, in every OTP library's tests
    "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", "3132333435363738393031323334353637383930",
    # CakePHP 2's app/Config/core.php as shipped: the same Security.salt and cipherSeed in every new app
    "DYhG93b0qyJfIxfs2guVoUubWwvniR2G0FgaC9mi", "76859309657453542496749683645",
    # the clear-text passwords of the nuget.config reference's <packageSourceCredentials> example (Microsoft
    # docs, copied into its Docker and Visual Studio guides and from there into many repositories' configs)
    "33f!!lloppa", "hal+9ooo_da!sY",
    "keyboard cat",  # express-session's README: the session secret of its every example
    # a YubiKey's PIV management key as it leaves the factory (Yubico's docs; ykman resets to it)
    "010203040506070801020304050607080102030405060708",
    # Pushover's API documentation: the application token and user key of every example request
    "azGDORePK8gMaC0QOYAMyEEuzJnyUi", "uQiRzpo4DXghDmr9QzzfQu27cmVRsG",
    "prom-operator",  # kube-prometheus-stack's values.yaml: Grafana's default admin password
    "Milvus",  # Milvus's documented default password of its root user (pymilvus connect examples)
    "Harbor12345",  # Harbor's harbor.yml template: the admin password of every install that kept it
    "6819b57a326945c1968f45236589",  # Ktor's docs: the session sign key of its every sessions example
    "x-oauth-basic",  # GitHub's docs: the password to write after a token used as a URL's user
    "zabbix",  # Zabbix's frontend: the Admin user's password as installed (Zabbix docs, every API example)
    # the Azure Cosmos DB emulator's one account key (Microsoft's docs; the emulator takes no other)
    "C2y6yDjf5/R+ob0N8A7Cgv30VRDJIWEHLM+4QDU5DE2nQ9nDuVTqobD4b8mGGyPMbIZnqyMsEcaGQy67XIw/Jw==",
    "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11",  # the Telegram Bot API docs' example bot token
    "dc6zaTOxFJmzC",  # Giphy's public beta key, published in its API docs for anyone to try
    "6bec40cf957de430a6f1f2baa056b99a4fac9ea0",  # Cisco DevNet's always-on Meraki sandbox key, in Meraki's API docs
    "you-will-never-guess",  # the Flask Mega-Tutorial's fallback SECRET_KEY, copied into many apps' config.py
    "b54bcf4d-1bca-4e8e-9a24-22ff2c3d462c",  # CoinMarketCap's public sandbox key, in its API docs
    # the key pair of the Binance API docs' signed-request example
    "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A",
    "NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j",
    "SW2YcwTIb9zpOOhoPsMm",  # Grafana's conf/defaults.ini: the secret_key of every install that never set one
    "511536EF-F270-4058-80CA-1C89C192F69A",  # IdentityServer's quickstarts: the MVC client's secret
    # the access key pair of MinIO's public playground (play.min.io), which mc configures as the alias "play" and
    # MinIO's docs and SDK examples use
    "Q3AM3UQ867SPQQA43P2F", "zuf+tfteSlswRu7BJ86wekitnifILbZam1KYY3TG",
    "testing123",  # FreeRADIUS's clients.conf as shipped: the shared secret of the localhost client radtest uses
    # the JWT secret of the Supabase CLI's local stack and of its self-hosting docker/.env.example
    "super-secret-jwt-token-with-at-least-32-characters-long",
    "your-super-secret-jwt-token-with-at-least-32-characters-long",
})
# The Supabase CLI's local stack signs its anon and service_role keys with the secret above and the issuer
# "supabase-demo": the same two keys on every developer's machine (hosted projects' keys are issued by "supabase").
# A signal, not a verdict: gitleaks' own cases count such a key as a leak, and a project may have copied the
# local secret into a deployment.
_LOCAL_STACK_JWT_ISSUERS = frozenset({"supabase-demo"})
_LOCAL_STACK_JWT_SECRET = b"super-secret-jwt-token-with-at-least-32-characters-long"
# The test-mode keys of Stripe's API reference, shown to every reader who is not logged in (and its older one),
# under whichever kind and mode a copy gave them: docs and READMEs turn them into sk_live_… to show a live key.
_STRIPE_DOCS_KEY = re.compile(r"^[spr]k_(?:test|live)_(?:4eC39HqLyjWDarjtT1zdp7dc|TYooMQauvdEDq54NiTphI7jx|BQokikJOvBiI2HlWgH4olfQ2)$")
# The example values of the OAuth standards, which libraries implementing them copy into their docstrings
# and tests (and into a longer value: access_token=2Yot…&state=xyz).
_STANDARDS_EXAMPLES = (
    "2YotnFZFEjr1zCsicMWpAA", "tGzv3JOkF0XG5Qx2TlKWIA", "SplxlOBeZQQYbYS6WxSbIA",  # RFC 6749 tokens, code
    "czZCaGRSa3F0MzpnWDFmQmF0M2JW",  # RFC 6749: the example client's Basic credentials
    "mF_9.B5f-4.1JqM", "h480djs93hd8",  # RFC 6749 / 6750: a bearer token, a MAC key id
    "45ghiukldjahdnhzdauz",  # RFC 7009: the token revoked
    "dpf43f3p2l4k3l03", "kd94hf93k423kf44", "hh5s93j4hdidpola", "hdhd0244k9j7ao03",  # RFC 5849: the
    "nnch734d00sl2jdk", "pfkkdhi9sl3r4s00", "9djdj82h48djs9d2", "kkk9d7dh3k39sjv7",  # client's keys, tokens
    "SlAV32hkKG", "8xLOxBtZp8",  # OpenID Connect Core: access and refresh token
    # RFC 2617 / RFC 7617: the Basic credentials of the user "Aladdin", which HTTP libraries test with
    base64.b64encode(b"Aladdin:open sesame").decode(),
)
_DOCUMENTED_FRAGMENTS = (*_JWT_IO_PAYLOADS, *_STANDARDS_EXAMPLES)


@_filter("documented_example_key", "a key or password providers publish in their docs as an example or a default (AWS's "
         "...EXAMPLE keys, jwt.io's token, the OAuth RFCs' example tokens, the nuget.config reference's passwords, "
         "express-session's keyboard cat)")
def is_documented_example_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return (v in _DOCUMENTED_EXAMPLES or "EXAMPLE" in v or _STRIPE_DOCS_KEY.match(v) is not None
            or any(f in v for f in _DOCUMENTED_FRAGMENTS))


@_filter("supabase_local_key", "a key the Supabase CLI's local stack issues (a JWT from issuer supabase-demo, signed "
         "with the CLI's published secret): the same on every developer's machine", decisive=False)
def is_supabase_local_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not v.startswith("eyJ") or v.count(".") != 2:
        return False
    claims = _jwt_claims(v)
    if not (isinstance(claims, dict) and claims.get("iss") in _LOCAL_STACK_JWT_ISSUERS):
        return False
    # Only the published secret's signature makes it the local key: a project that signs its own keys with the
    # demo issuer has a secret of its own, and its key is live.
    signed, _, signature = v.rpartition(".")
    mac = hmac.new(_LOCAL_STACK_JWT_SECRET, signed.encode("ascii", "replace"), hashlib.sha256).digest()
    return hmac.compare_digest(base64.urlsafe_b64encode(mac).rstrip(b"=").decode(), signature)


_URL = re.compile(r"""https?://[^\s"'<>()\[\]`]+""")


@_filter("badge_image_token", "a token in a badge or status image's URL (…/badge.svg?token=…, repo.svg?token=…): a "
         "read-only token published to every reader of the page", generic_only=True)
def is_badge_image_token(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # Codecov's graph token and Travis's status-image token exist to be embedded in READMEs
    # and only show a status image; they cannot read code or change anything.
    for m in _URL.finditer(line):
        url = m.group(0)
        if "=" + value not in url:
            continue
        try:
            path = urlsplit(url).path.lower()
        except ValueError:
            continue
        if path.endswith(".svg") or "badge" in path:
            return True
    return False


@_filter("der_certificate", "an X.509 certificate in base64 DER (MII… with a certificate's version field, as in a JWK's "
         "x5c or a SAML metadata file): a public key and its issuer's signature, not a secret", needs_in_value="M")
def is_der_certificate(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not v.startswith("MII") or len(v) < 200:
        return False
    head = b64_decode(v[:16])
    # SEQUENCE (certificate) { SEQUENCE (tbsCertificate) { [0] { INTEGER version } … } }, each with a 2-byte length;
    # a private key's DER has an INTEGER version straight inside its first SEQUENCE instead
    return head is not None and head[:2] == b"\x30\x82" and head[4:6] == b"\x30\x82" and head[8:12] == b"\xa0\x03\x02\x01"


# An image, font, sound or video inlined as a data: URI (RFC 2397): a file's content, not a credential.
_MEDIA_DATA_URI = re.compile(r"^data:(?:image|font|audio|video)/[\w.+-]+(?:;[\w=.-]+)*;base64,"
                             r"|^data:application/(?:font-woff2?|x-font-[\w-]+|vnd\.ms-fontobject)(?:;[\w=.-]+)*;base64,")


@_filter("media_data_uri", "an image, font or media file inlined as a data: URI (data:image/gif;base64,…): a file's "
         "content, not a credential", needs_in_value=":")
def is_media_data_uri(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return value.startswith("data:") and _MEDIA_DATA_URI.match(value) is not None


@_filter("storage_emulator_account", "an Azure emulator's account (devstoreaccount1, UseDevelopmentStorage=true, "
         "Cosmos DB's emulator on localhost:8081), whose key Microsoft publishes: the same on every machine")
def is_storage_emulator_account(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    low = line.lower()  # the substring tests rule out almost every line before the regex runs
    if "devstoreaccount1" not in low and "usedevelopmentstorage=true" not in low and ":8081" not in low:
        return False
    return _STORAGE_EMULATOR.search(line) is not None


# (the Cosmos DB emulator listens on port 8081 of the machine it runs on, and takes only its one published key)
_STORAGE_EMULATOR = re.compile(r"(?i)\bdevstoreaccount1\b|UseDevelopmentStorage=true"
                               r"|AccountEndpoint=https?://(?:localhost|127\.0\.0\.1|host\.docker\.internal):8081\b")


# Mapbox's public tokens: "pk." and a base64url JSON payload (secret ones are "sk.", temporary "tk.").
_MAPBOX_PUBLIC = re.compile(r"^pk\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}$")
_CONVERTKIT_API_KEY = re.compile(r"^[A-Za-z0-9_-]{20,24}$")
# RevenueCat's public SDK keys name their store (appl_, goog_, amzn_); its secret keys are sk_.
_REVENUECAT_PUBLIC = re.compile(r"^(?:appl|goog|amzn)_[A-Za-z0-9]{20,40}$")
_REVENUECAT_STORE_WORDS = {"appl": {"apple", "ios", "appstore"}, "goog": {"google", "android", "play"},
                           "amzn": {"amazon", "kindle", "fire"}}
_REVENUECAT_CONFIGURE = re.compile(r"\bPurchases[ \t]*\.[ \t]*(?:configure|setup|Builder)\b|\bPurchasesConfiguration\b")
# Browser SDK keys their providers document as safe to ship: Datadog's client tokens (RUM, browser
# logs) are "pub" + 32 hex (API keys are bare hex); PostHog's project API keys are phc_ (personal keys phx_);
# Intercom's mobile SDK keys name their platform (ios_sdk-, android_sdk-; its access tokens have no prefix).
_CLIENT_SDK_PUBLIC = re.compile(r"^pub[0-9a-f]{32}$|^phc_[A-Za-z0-9]{32,64}$|^(?:ios|android)_sdk-[0-9a-f]{40}$"
                                # LaunchDarkly's mobile key, built into the app (its server SDK keys are sdk-<uuid>)
                                r"|^mob-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
                                # payment widgets' client keys, made for the checkout page: Toss Payments' test_ck_ /
                                # live_ck_ (its secret keys are _sk_), Midtrans' Mid-client- (its server key is Mid-server-)
                                r"|^(?:test|live)_(?:ck|gck)_[A-Za-z0-9]{16,64}$|^(?:SB-)?Mid-client-[A-Za-z0-9_-]{8,64}$"
                                # Supabase's publishable key, the anon JWT's successor (its secret keys are sb_secret_)
                                r"|^sb_publishable_[A-Za-z0-9_-]{20,64}$"
                                # a DingTalk app's AppKey (ding…): its client id, sent with every login; AppSecret is the secret
                                r"|^ding[a-z0-9]{14,24}$"
                                # a Braintree tokenization key (sandbox_/production_…), and the client secret of a
                                # Stripe PaymentIntent or SetupIntent (pi_…_secret_…, seti_…_secret_…), handed to the page by design
                                r"|^(?:sandbox|production)_[a-z0-9]{8}_[a-z0-9]{16}$"
                                r"|^(?:pi|seti)_[A-Za-z0-9]{14,40}_secret_[A-Za-z0-9]{10,40}$"
                                # a Stripe Checkout Session's id (cs_live_/cs_test_), which the success URL carries
                                r"|^cs_(?:live|test)_[A-Za-z0-9]{20,80}$"
                                # gateways' checkout keys, made for the page: Stripe's and Paystack's publishable keys
                                # (pk_live_/pk_test_ and 24 or more letters and digits, into Stripe.js or Paystack's inline
                                # script; their secrets are sk_), Razorpay's key id (rzp_live_/rzp_test_ and 14 characters;
                                # its key secret is separate). (Flutterwave's FLWPUBK public key and Lob's live_pub_ key
                                # are left to the judge: gitleaks' labelled cases count them as leaks.)
                                # (Knock's public API key is pk_test_/pk_ and base64url: its secret keys are sk_)
                                r"|^pk_(?:live|test)_[0-9A-Za-z_-]{24,}$|^rzp_(?:live|test)_[A-Za-z0-9]{14}$"
                                # an Expo push token: the address of one app install, which the app sends to its backend
                                r"|^Expo(?:nent)?PushToken\[[A-Za-z0-9_-]{16,64}\]$"
                                # Liveblocks' public key, what the browser's client connects with (its secret keys
                                # are sk_prod_/sk_dev_; Courier's pk_prod_ auth token, 28 characters, is a secret)
                                r"|^pk_(?:prod|dev)_[A-Za-z0-9_-]{40,80}$"
                                # Branch's branch key (key_live_/key_test_), in every app's manifest and Info.plist;
                                # its secret is secret_live_…
                                r"|^key_(?:live|test)_[A-Za-z0-9]{32}$"
                                # Klarna's client identifier (klarna_live_client_…), for the Web SDK on the page
                                r"|^klarna_(?:live|test)_client_[A-Za-z0-9_-]{16,}$"
                                # a GitHub App's or OAuth App's client id (Iv1. and 16 hex, Iv23 or Ov23 and 16 more):
                                # it goes in every authorize URL; the client secret beside it is the secret
                                r"|^Iv1\.[0-9a-f]{16}$|^[IO]v23[A-Za-z0-9]{16}$")
# (Mailgun's public validation key, pubkey-…, is left shown too: gitleaks' labelled cases count it as a leak.)
# (New Relic's browser key, NRJS-…, and mobile app token, …-NRMA, ship in pages and apps too, but they let anyone send
# data into the account: they stay shown for a person to decide, see test_new_relics_browser_key_is_shown.)

# Clerk's publishable key: pk_live_/pk_test_ and the base64 of its Frontend API host followed by "$" (Clerk's docs:
# the key the browser SDK is given). A Stripe publishable key's body is random and decodes to no host name.
# Courier's auth tokens borrow the publishable prefix: pk_prod_ or pk_test_ and 28 capitals and digits, sent as the
# API's bearer token from servers. Stripe's and its followers' publishable keys mix cases.
# A Web Push application server key (VAPID, RFC 8292) as browsers are given it: an uncompressed P-256 point, 65 bytes
# opening 0x04, in base64url (87 characters, B…). Its private half is 32 bytes.
_P256_POINT_B64URL = re.compile(r"^B[A-Za-z0-9_-]{86}={0,1}$")


def _is_p256_public_point(value: str) -> bool:
    if not _P256_POINT_B64URL.match(value):
        return False
    raw = b64_decode(value.rstrip("="), urlsafe=True)
    return raw is not None and len(raw) == 65 and raw[0] == 4


# Amplitude Experiment's deployment keys: client- for the SDKs in browsers and apps, server- for backends (a secret)
_AMPLITUDE_CLIENT_DEPLOYMENT_KEY = re.compile(r"^client-[A-Za-z0-9]{32}$")
_COURIER_AUTH_TOKEN = re.compile(r"^pk_(?:prod|test)_[A-Z0-9]{28}$")
_CLERK_PUBLISHABLE = re.compile(r"^pk_(?:live|test)_([A-Za-z0-9+/]{12,200}={0,2})$")
_CLERK_FRONTEND_HOST = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,62}\.)+[a-z]{2,24}\$$")


def _is_clerk_publishable_key(value: str) -> bool:
    m = _CLERK_PUBLISHABLE.match(value)
    if m is None:
        return False
    raw = b64_decode(m.group(1))
    try:
        host = raw.decode("ascii") if raw is not None else ""
    except UnicodeDecodeError:
        return False
    return _CLERK_FRONTEND_HOST.match(host) is not None


_HEX8 = re.compile(r"^[0-9a-f]{8}$")
_DROPBOX_APP_KEY = re.compile(r"^[a-z0-9]{15}$")
# Braze's SDK API key (a UUID) is what the app's SDK is configured with (Braze.Configuration(apiKey:…),
# Braze.initialize, appboy.xml's com_braze_api_key); its REST API keys are UUIDs too, and stay secret
_BRAZE_SDK_CALL = re.compile(r"\bBraze(?:\.Configuration)?[ \t]*\(|\bbraze\.initialize[ \t]*\(|\bAppboy\.|\bcom_(?:braze|appboy)_api_key\b")


def _is_braze_sdk_key(line: str, key_name: str | None) -> bool:
    words = set(key_words(key_name))
    if {"rest", "secret", "server", "admin", "private"} & words:
        return False
    return ("braze" in "".join(words) and "sdk" in words) or _BRAZE_SDK_CALL.search(line) is not None


_DUO_INTEGRATION_KEY = re.compile(r"^DI[A-Z0-9]{18}$")
_HEX24 = re.compile(r"^[0-9a-f]{24}$")
_GOOGLE_OAUTH_CLIENT_ID = re.compile(r"^[0-9]{6,20}-[a-z0-9]{32}\.apps\.googleusercontent\.com$")


# A payment page's client-side token, made for the browser: Paddle Billing's client-side token (live_/test_…) given to
# Paddle.Initialize or Paddle.Setup, Authorize.Net's Accept.js public client key beside its API login id (the
# transaction key is the secret). Only with the call or the Accept.js markup on the line.
_PAGE_CLIENT_TOKEN = re.compile(r"^(?:(?:live|test)_[A-Za-z0-9]{20,40}|[A-Za-z0-9]{40,100})$")
_PAGE_CLIENT_CONTEXT = re.compile(r"\bPaddle\.(?:Initialize|Setup)\s*\(|\bdata-clientKey=.*\bdata-apiLoginID=|"
                                  r"\bdata-apiLoginID=.*\bdata-clientKey=|\bauthData\.clientKey\b")
# GrowthBook's SDK client key (sdk-…, what `new GrowthBook({clientKey})` fetches features with in the browser); its
# secret API keys are secret_…. LaunchDarkly's server SDK keys are sdk- and a UUID, which this shape leaves out.
_GROWTHBOOK_CLIENT_KEY = re.compile(r"^sdk-[A-Za-z0-9]{12,24}$")
# Segment's write key (32 letters and digits) only sends events and sits in every analytics.js snippet; Flagsmith's
# client-side environment key (20-odd letters and digits) is what its browser and app SDKs start with (its
# server-side keys are ser.…).
_ALNUM_CLIENT_KEY = re.compile(r"^[A-Za-z0-9]{20,32}$")
# Statsig's client SDK keys (client-…; its server secrets are secret-…), Mixpanel's project token and Amplitude's
# API key (32 hex, sent by every browser that tracks) are public by their providers' docs; their shapes are too common to say so alone,
# so the provider's name must be on the line or in the value's name (or, for Statsig, a name that says client).
_STATSIG_CLIENT_KEY = re.compile(r"^client-[A-Za-z0-9]{20,64}$")
_ADYEN_CLIENT_KEY = re.compile(r"^(?:test|live)_[A-Z0-9]{32}$")
_CLOUDINARY_API_KEY = re.compile(r"^[0-9]{15}$")  # (its upload widget's apiKey: see client_key_in_a_widget_config)
_PAYTABS_CLIENT_KEY = re.compile(r"^C[A-Z0-9]{9}-[A-Z0-9]{10}-[A-Z0-9]{10}$")  # server keys open with S
# (32 lower-case hex, as also Algolia's API keys and Shopify's Storefront tokens: the name or the lines around tell)
_HEX32 = re.compile(r"^[0-9a-f]{32}$")
_STYTCH_PUBLIC_TOKEN = re.compile(r"^public-token-(?:test|live)-"
                                  r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
# Mailchimp's mobile SDK key has the Marketing API key's shape (32 hex, -us and the data centre); its docs have apps
# embed it: `Mailchimp.initialize(token: sdkKey)` on iOS, `MailchimpSdkConfiguration.Builder(context, sdkKey)` on
# Android. Only that call, or a name that says Mailchimp SDK key, tells it from the API key, which stays a secret.
_MAILCHIMP_KEY = re.compile(r"^[0-9a-f]{32}-us[0-9]{1,2}$")
_MAILCHIMP_SDK_CALL = re.compile(r"\bMailchimp(?:SDK)?\.initialize\(\s*token\s*:|\bMailchimpSdkConfiguration\.Builder\(")
# Pusher Channels' app key (20 hex) is what every browser and app subscribes with (`new Pusher(key, {cluster})`,
# Laravel Echo's `key`, PUSHER_APP_KEY handed to the front end as VITE_/MIX_PUSHER_APP_KEY); the app secret signs
# and stays on the server. The shape is too common to say so alone: a Pusher name or the client's constructor must.
_PUSHER_APP_KEY = re.compile(r"^[0-9a-f]{20}$")
_PUSHER_CLIENT_CALL = re.compile(r"\bPusher\s*\(\s*(?:key\s*:\s*)?['\"`]$")  # new Pusher("…", Swift's Pusher(key: "…"
_PUSHER_BROADCASTER = re.compile(r"""\bbroadcaster['"]?\s*[:=]>?\s*['"]pusher['"]""")  # Laravel Echo's options
# Laravel Reverb, Pusher's protocol self-hosted: its app key goes to the browser the same way (a random lower-case
# string, 20 characters by default); REVERB_APP_SECRET stays on the server
_REVERB_BROADCASTER = re.compile(r"""\bbroadcaster['"]?\s*[:=]>?\s*['"]reverb['"]""")
_REVERB_APP_KEY = re.compile(r"^[a-z0-9]{16,32}$")
_NAME_BEFORE = re.compile(r"[A-Za-z_][\w.-]*")  # a name-like token (the last one before a value names it)


# Brightcove's player policy key (BCpk and base64url): read-only access to a catalogue, embedded in every player page.
_BRIGHTCOVE_POLICY_KEY = re.compile(r"^BCpk[A-Za-z0-9_-]{60,300}$")
_LIVEKIT_KEY_ID = re.compile(r"^API[A-Za-z0-9]{10,14}$")
# An OpenTok session id: 1_ or 2_ and base64 of "1~<api key>~<ip>~<time>~…" (MX4 is "1~"); a room's name, not a key.
_OPENTOK_SESSION_ID = re.compile(r"^[12]_MX4[A-Za-z0-9_+/-]{20,200}$")


# Plaid's Link tokens (link-…, made by the server for the browser to open Link) and public tokens (public-…, which
# Link hands the browser to pass back for exchange) live for minutes to hours and open nothing alone; its access
# tokens (access-…) are the secret.
# A Salesforce connected app's consumer key (3MVG9 and some 80 characters): the OAuth client_id, sent in every login
# page's URL; its consumer secret, a separate value, is the secret.
_SALESFORCE_CONSUMER_KEY = re.compile(r"^3MVG9[A-Za-z0-9._]{60,100}$")
_PLAID_CLIENT_TOKEN = re.compile(r"^(?:link|public)-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}"
                                 r"-[0-9a-f]{4}-[0-9a-f]{12}$")
# Algolia's search-only API key is what InstantSearch and algoliasearch() are given in the browser; its admin and
# write keys have the same shape (32 hex). A name that says search, or a bare apiKey beside the applicationId of
# the same configuration, says which.
# (an Algolia application id holds a letter: a 10-digit app_id is another vendor's, Heap's)
_ALGOLIA_APP_FIELD = re.compile(r"\b(?i:applicationId|appId|app_id|application_id|algolia_app_id)\b\W{0,4}"
                                r"(?=[0-9]{0,9}[A-Z])[A-Z0-9]{10}\b")
_NOT_SEARCH_WORDS = frozenset({"admin", "write", "secret", "private", "master", "server", "management"})


def _is_algolia_search_key(line: str, key_name: str | None) -> bool:
    words = key_words(key_name)
    if not words or _NOT_SEARCH_WORDS & set(words):
        return False
    if ("search" in words and "only" in words) or "searchonly" in words:
        return True  # Algolia's own name for the key made for browsers
    if "docsearch" in "".join(words):
        return True  # DocSearch (Algolia's search for documentation sites) hands out search-only keys alone
    if "algolia" in "".join(words) or "algolia" in line.lower():
        if "search" in words or "searchonly" in "".join(words):
            return True
    # (Ruby's Algolia.init and the other server clients take the admin key beside the application id)
    return (words in (["api", "key"], ["apikey"]) and _ALGOLIA_APP_FIELD.search(line) is not None
            and key_name != _ALGOLIA_DJANGO_ADMIN_KEY and "Algolia.init" not in line)


# An Algolia secured API key: base64 of an HMAC-SHA256 (64 hex) of its restrictions, followed by them as a query
# string (filters=…, validUntil=…). A server derives it from a search key for one user and hands it to that user's
# browser; what it may search is fixed in it. Its parent key is the secret.
_ALGOLIA_SECURED_KEY = re.compile(r"^[0-9a-f]{64}(?:[A-Za-z]+=[^&\s]*&)*(?:filters|validUntil|restrictIndices|"
                                  r"restrictSources|userToken|tagFilters)=")


def _is_algolia_secured_key(v: str) -> bool:
    decoded = b64_ascii(v)
    return decoded is not None and _ALGOLIA_SECURED_KEY.match(decoded) is not None


# algoliasearch-django's settings: ALGOLIA = {'APPLICATION_ID': …, 'API_KEY': …} holds the admin key the server indexes
# with (a browser's config writes apiKey)
_ALGOLIA_DJANGO_ADMIN_KEY = "API_KEY"


def _search_only_name(key_name: str | None) -> bool:
    """TYPESENSE_SEARCH_ONLY_API_KEY, meiliSearchOnlyKey: a search engine's key made for browsers, whatever its shape."""
    words = key_words(key_name)
    return (("search" in words and "only" in words) or "searchonly" in words) and not _NOT_SEARCH_WORDS & set(words)


_CLIENT_KEY_WORDS = frozenset({"client", "browser", "frontend", "web", "public"})
# Words of a name that hands a value to the front end: NEXT_PUBLIC_, VITE_, REACT_APP_, EXPO_PUBLIC_, GATSBY_ variables are
# compiled into the page or app.
_FRONT_END_WORDS = _CLIENT_KEY_WORDS | {"vite", "react", "expo", "gatsby", "nuxt"}


def _is_segment_or_flagsmith_client_key(line: str, key_name: str | None) -> bool:
    names = set(key_words(key_name))
    if (_NOT_SEARCH_WORDS - {"write"}) & names:  # (Segment's public key is its write key)
        return False
    if _names_provider("segment", line, key_name) or "AnalyticsBrowser" in line:
        # a browser source's (the name says it goes to the front end, or analytics.js loads it); a server source's
        # write key is kept private by its docs: anyone holding it sends events as that backend
        # (or a table's row says so beside the name: "Segment write key (public, browser)")
        said = set(split_words(line[: line.find("|", line.find("|") + 1)])) if line.lstrip().startswith("|") else set()
        return ("write" in names or "writekey" in names) and bool(
            (names | said) & _FRONT_END_WORDS or "analytics.load(" in line or "AnalyticsBrowser" in line)
    return _names_provider("flagsmith", line, key_name) and bool(names & (_CLIENT_KEY_WORDS | {"environment", "env"}))


_SEGMENT_HOST = "api.segment.io/"
# An event as a browser sent it (an export of a source's events, a captured request): analytics.js names itself as the
# event's library, and its message ids start ajs-.
_BROWSER_EVENT = re.compile(r'"library"[ \t]*:[ \t]*\{[ \t]*"name"[ \t]*:[ \t]*"analytics(?:-next)?\.js"'
                            r'|"messageId"[ \t]*:[ \t]*"ajs-')
_BROWSER_CONFIG_BESIDE = re.compile(r"\bfirebaseConfig\b|\binitializeApp[ \t]*\(|\bpk_(?:live|test)_|SITE_?KEY|"
                                    r"(?i:search_?only)|\b(?:NEXT_PUBLIC|VITE|REACT_APP|EXPO_PUBLIC)_[A-Z]")


# A desktop app's module (Electron's main or renderer, Tauri's front end or its Rust side): it ships inside the app to every user, as a
# browser module ships to every visitor.
_DESKTOP_APP_MODULE = re.compile(r"""\bfrom[ \t]+["'](?:electron|@tauri-apps/api[\w/-]*)["']|\brequire\([ \t]*["']electron["']\)"""
                                 r"|\buse[ \t]+tauri(?:::|;)|#\[tauri::command\]")


@functools.lru_cache(maxsize=8)
def _in_file(pattern: re.Pattern[str], text: str) -> bool:
    """Whether the pattern occurs in the file, searched once per file and pattern: a file dense with keys asks
    for each of them (a str keeps its hash, so the lookup is cheap)."""
    return pattern.search(text) is not None


@_filter("browser_module_write_key", "a Segment write key in a browser module (web/src/analytics.ts): a browser "
         "source's key, which analytics.js sends from every visitor's page", surroundings=True)
def is_browser_module_write_key(value: str, line: str, key_name: str | None, language: str | None,
                                around: Surroundings) -> bool:
    # (the name or the line says front end in _is_segment_or_flagsmith_client_key; here the file's place says it, or
    # the browser configuration written around it: a Firebase web config, publishable and search-only keys)
    # (in a script or a page only: a server's .env holds publishable keys beside its own write key too)
    # (or the record says a browser sent it: an export of a browser source's events)
    if _ALNUM_CLIENT_KEY.match(value.strip()) is None:
        return False
    browser_event = any(_BROWSER_EVENT.search(t) for t in (line, *around.lines))
    if not (around.in_front_end_path or browser_event or _in_file(_DESKTOP_APP_MODULE, around.text) or (
                language in ("javascript", "typescript", "html")
                and any(_BROWSER_CONFIG_BESIDE.search(text) for text in around.lines))):
        return False
    names = set(key_words(key_name))
    # (a writeKey handed to an analytics client there is a browser source's, whosever client it is; an event record
    # analytics.js made names its library or its ajs- message id)
    return (bool({"write", "writekey"} & names) and not (_NOT_SEARCH_WORDS - {"write"}) & names
            and (_names_provider("segment", line, key_name) or "analytics" in line.lower()
                 or browser_event or any(_SEGMENT_HOST in text for text in around.lines)
                 or (around.in_front_end_path and _SEGMENT_HOST in around.text)))  # (a HAR's request URL above its body)


def _is_storefront_token(key_name: str | None) -> bool:
    """Shopify's Storefront API public access token (32 hex), which its docs have storefronts ship to browsers and
    apps; the Admin API's tokens (shpat_…) and a storefront's private token (a name that says so) stay secrets."""
    words = key_words(key_name)
    return "storefront" in words and words[-1] in ("token", "key") and not _NOT_SEARCH_WORDS & set(words)


def _is_nats_signed_configuration(value: str, claims: dict) -> bool:
    """A NATS operator's or account's JWT (alg ed25519-nkey): signed configuration a server or resolver publishes.
    A user's JWT goes with its seed into a .creds file and logs in, so it stays shown."""
    nats = claims.get("nats")
    if not isinstance(nats, dict) or nats.get("type") not in ("operator", "account"):
        return False
    head = value.split(".", 1)[0]
    try:
        header = json.loads(base64.urlsafe_b64decode(head + "=" * (-len(head) % 4)))
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(header, dict) and header.get("alg") == "ed25519-nkey"


def _jwt_role(value: str) -> object:
    """The `role` claim of a JWT's payload (None when it has none or is no JWT)."""
    claims = _jwt_claims(value)
    return claims.get("role") if isinstance(claims, dict) else None


_RAYGUN_API_KEY_CALL = re.compile(r"""\brg4js\([ \t]*["']apiKey["'][ \t]*,""")


_HEX32_AFTER_PK = re.compile(r"^pk_[0-9a-f]{32}$")
_HEX26 = re.compile(r"^[0-9a-f]{26}$")
_GHOST_CONTENT_API = "/ghost/api/content/"


@_filter("public_by_format", "a value its provider documents as public, made to ship in client apps: a Mapbox "
         "public token (pk.…), a Supabase/PostgREST anon key (a JWT whose role is anon, under an anon name or issued by "
         "Supabase), a "
         "RevenueCat public SDK key, a Datadog client token (pub…), a PostHog project key (phc_…), a Mailchimp mobile SDK "
         "key passed to the SDK (Mailchimp.initialize(token: …)), a Statsig client key (client-…), a Mixpanel "
         "project token, an Amplitude API key, a Bugsnag notifier API key, an Intercom mobile SDK key (ios_sdk-…, "
         "android_sdk-…), a Pusher app key (20 hex, under a Pusher name or given to new Pusher(…)), a "
         "Plaid link or public token, a Brightcove player policy key (BCpk…), a LiveKit API key's id (API… under a LiveKit name), an OpenTok session id (1_MX4…), an Algolia search-only key (under a search name, or apiKey beside applicationId) or secured key (base64 of an HMAC and its filters), a "
         "Shopify Storefront API public token (32 hex under a storefront name), a Toss Payments, Midtrans or Adyen client key, a DingTalk AppKey, a Braintree tokenization key, a Paystack or Razorpay checkout key, a Stripe "
         "PaymentIntent's or SetupIntent's client secret, an Expo push token, a GrowthBook SDK client key, a Segment "
         "write key under a front end's name, a Meilisearch tenant token (a JWT with searchRules), a Flagsmith client-side environment key, a Salesforce connected app's consumer key (3MVG9…), a Pagar.me encryption key (ek_live_…), a Wompi public key (pub_prod_…), a DocuSign integration key (a GUID), an Openpay public key (pk_…), a Ghost Content API key (26 hex), a Stripe publishable key (pk_live_…; Courier's pk_prod_/pk_test_ auth tokens excepted), an Amplitude Experiment client deployment key (client-…), a Supabase publishable key (sb_publishable_…), a Nakama server key (NAKAMA_SERVER_KEY), a LaunchDarkly client-side ID (24 hex), a Clerk publishable key (pk_live_ and its Frontend API host in base64), a Google OAuth client id (….apps.googleusercontent.com), a Duo integration key (DI…, under ikey), a Raygun4JS key (rg4js('apiKey', …)), a Stytch public token "
         "(public-token-live-…)")
def is_public_by_format(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # The format itself says public, whatever rule took the value: Mapbox's and RevenueCat's prefixes, and
    # the role a PostgREST server gives an anon key's requests (the service_role key stays a secret).
    v = value.strip()
    if v.startswith("pk.eyJ"):
        return _MAPBOX_PUBLIC.match(v) is not None
    if v.startswith("pk_") and _COURIER_AUTH_TOKEN.match(v):
        return False  # Courier's auth tokens (pk_prod_/pk_test_ and 28 capitals and digits) are its API's secrets
    if v.startswith("B") and _is_p256_public_point(v):
        return True  # a Web Push (VAPID) application server's public key, whatever its name (pushKey, applicationServerKey)
    if v.startswith("client-") and _AMPLITUDE_CLIENT_DEPLOYMENT_KEY.match(v) and (
            "deployment" in line.lower() or "experiment" in line.lower() or _names_provider("amplitude", line, key_name)):
        return True  # Amplitude Experiment's client deployment key: its browser and mobile SDKs fetch flags with it
    if _search_only_name(key_name):
        return True  # Typesense's and Meilisearch's search-only keys, as Algolia's
    if "api.maptiler.com/" in line and f"key={v}" in line:
        return True  # MapTiler's key in a style, tiles or map URL: every browser showing the map fetches it
    if "rg4js(" in line and _RAYGUN_API_KEY_CALL.search(line):
        return True  # Raygun4JS's rg4js('apiKey', '…'): the key the browser reports crashes with
    if v.startswith("pk_") and _is_clerk_publishable_key(v):
        return True
    if len(v) >= 88 and _is_algolia_secured_key(v):
        return True
    if _HEX24.match(v) and _names_provider("launchdarkly", line, key_name) and "client" in "".join(key_words(key_name)):
        return True  # LaunchDarkly's client-side ID (24 hex), which its browser SDK is given; SDK keys are sdk-…
    if key_words(key_name)[-2:] == ["server", "key"] and _names_provider("nakama", line, key_name):
        return True  # Nakama's socket server key: its client SDKs are built with it (the http_key is the secret)
    if v.startswith(("pk_live_", "pk_test_")) and not {"secret", "private"} & set(key_words(key_name)):
        return True  # a publishable key by the convention Stripe set (Yoco's, Paystack's pk_live_…): the checkout's
    if _UUID.match(v) and key_words(key_name)[-2:] == ["integration", "key"] and (
            len(key_words(key_name)) == 2 or {"docusign", "ds"} & set(key_words(key_name))):
        return True  # DocuSign's integration key is its app's OAuth client id, a GUID (Opsgenie's integration key
        # is a GUID and a secret: under its vendor's name it stays shown)
    if v.startswith(("pub_prod_", "pub_test_")) and not {"secret", "private"} & set(key_words(key_name)):
        return True  # Wompi's public key: its checkout widget takes it in the browser (its private keys are prv_…)
    if v.startswith("pk_") and _HEX32_AFTER_PK.match(v) and "openpay" in line.lower():
        return True  # Openpay's public key, which OpenPay.setApiKey takes in the browser (its private key is sk_…)
    if _HEX26.match(v) and (_GHOST_CONTENT_API in line or ("content" in key_words(key_name)
                                                            and _names_provider("ghost", line, key_name))):
        return True  # Ghost's Content API key (26 hex): read-only access to published content, made for pages
    if v.startswith(("ek_live_", "ek_test_")) and not {"secret", "private", "api"} & set(key_words(key_name)):
        return True  # Pagar.me's encryption key: its checkout script encrypts the card in the browser with it
    if v.startswith(("live_", "test_")) and "publishable" in (key_name or line[:max(line.find(v), 0)]).lower():
        return True  # a checkout's publishable key (Chargebee's live_…): Mollie's secret keys share the prefix
    if v.startswith("API") and _LIVEKIT_KEY_ID.match(v) and "livekit" in (key_name or line).lower():
        return True  # a LiveKit API key's id (API…): tokens name it as their issuer; its secret signs them
    if v.startswith("BCpk") and _BRIGHTCOVE_POLICY_KEY.match(v):
        return True  # Brightcove's policy key: every page with its player fetches the catalogue with it
    if v[:5] in ("1_MX4", "2_MX4") and _OPENTOK_SESSION_ID.match(v):
        return True  # an OpenTok (Vonage Video) session id: names a session; joining it takes a token signed apart
    if v.startswith("public-token-") and _STYTCH_PUBLIC_TOKEN.match(v):
        return True  # Stytch's public token, which its UI SDKs take in the browser (its secrets are secret-…)
    if _HEX8.match(v) and (_names_provider("vonage", line, key_name) or _names_provider("nexmo", line, key_name)):
        # Vonage's (Nexmo's) API key is the account's 8-hex id, sent beside its api_secret in every request
        return not {"secret", "signature", "password", "private"} & set(key_words(key_name))
    if _UUID.match(v) and _is_braze_sdk_key(line, key_name):
        return True
    if v.isdigit() and len(v) == 15 and key_words(key_name)[-2:] == ["api", "key"]:
        # fifteen digits under api_key: Cloudinary's api_key, the account's numeric id in every signed upload form (its
        # api_secret signs); a generated key has letters
        return True
    if _DROPBOX_APP_KEY.match(v) and (_names_provider("dropbox", line, key_name) or "ClientsManager" in line):
        # a Dropbox app's key is its OAuth client id, in every authorize URL and app bundle; its app secret is the secret
        words = set(key_words(key_name))
        return {"app", "key"} <= words or "appkey" in words
    if v.startswith("DI") and _DUO_INTEGRATION_KEY.match(v):
        return bool({"ikey", "integration"} & set(key_words(key_name)))  # Duo's integration key: which application
    if v.endswith(".apps.googleusercontent.com") and _GOOGLE_OAUTH_CLIENT_ID.match(v):
        return True  # a Google OAuth client id (its secret is GOCSPX-…), whatever name it is filed under
    if v.startswith("eyJ"):
        # ... when its name agrees: an anon key filed under SERVICE_ROLE_KEY says two things, and a
        # person settles which (the local stack's documented default key is often filed so).
        claims = _jwt_claims(v)
        if isinstance(claims, dict) and {"cid", "cors", "eat"} <= claims.keys():
            return True  # a BigCommerce storefront token: made for the browser, bound to the origins in cors
        if isinstance(claims, dict) and {"searchRules", "apiKeyUid"} <= claims.keys():
            return True  # a Meilisearch tenant token: made for the browser, it searches only what its rules allow
        if isinstance(claims, dict) and _is_nats_signed_configuration(v, claims):
            return True
        if not isinstance(claims, dict) or claims.get("role") != "anon":
            return False
        names = key_words(key_name)
        # a hosted Supabase project's anon key says whose it is (issuer "supabase"): public under any name
        # that does not say otherwise (SUPABASE_KEY in a page's script)
        if claims.get("iss") == "supabase" and not {"service", "secret", "admin", "private"} & set(names):
            return True
        if not names:  # the JWT rule takes no name: the last one before the value on its line
            at = line.find(v)
            before = _NAME_BEFORE.findall(line[:at]) if at > 0 else []
            names = split_words(before[-1]) if before else []
            if at > 0 and not {"anon", "anonymous", "public"} & set(names):
                # prose that names it ("the anon key (public): `eyJ…`"), and no service role beside
                said = set(split_words(line[:at]))
                return "anon" in said and not {"service", "secret"} & said
        return any(w in ("anon", "anonymous", "public") for w in names)
    if "-us" in v and _MAILCHIMP_KEY.match(v):
        return _is_mailchimp_sdk_key(v, line, key_name)
    if _REVENUECAT_PUBLIC.match(v):
        # the prefixes alone are too common a shape: the name, or the SDK's own configure call, says whose
        # (or the name names the same store as the prefix: goog_ under GOOGLE_API_KEY, appl_ under appleAPIKey)
        words = key_words(key_name)
        return ("revenuecat" in "".join(words) or _REVENUECAT_CONFIGURE.search(line) is not None
                or bool(_REVENUECAT_STORE_WORDS[v[:4]] & set(words)))
    if _STATSIG_CLIENT_KEY.match(v):  # (or a name that says client key, as the prefix does)
        return _names_provider("statsig", line, key_name) or "client" in key_words(key_name)
    if _PUSHER_APP_KEY.match(v) and _is_pusher_app_key(v, line, key_name):
        return True
    if _ADYEN_CLIENT_KEY.match(v):  # Adyen's Web Drop-in takes its client key in the browser; its API keys differ,
        return "client" in key_words(key_name)  # but a made-up test_/live_ value under an API key's name stays shown
    if _PAYTABS_CLIENT_KEY.match(v):  # PayTabs' client key goes to paylib.js in the checkout page
        return "client" in key_words(key_name) or "paylib" in line or _names_provider("paytabs", line, key_name)
    if _PLAID_CLIENT_TOKEN.match(v):
        return True
    if _SALESFORCE_CONSUMER_KEY.match(v):
        return not {"secret", "password"} & set(key_words(key_name))
    if _GROWTHBOOK_CLIENT_KEY.match(v):
        return _names_provider("growthbook", line, key_name) or "client" in key_words(key_name)
    if _CONVERTKIT_API_KEY.match(v) and _names_provider("convertkit", line, key_name):
        # ConvertKit's v3 API key only subscribes to forms (its docs put it in the page); the API secret is the secret
        return "key" in key_words(key_name) and not {"secret", "private", "admin", "token"} & set(key_words(key_name))
    if _ALNUM_CLIENT_KEY.match(v) and _is_segment_or_flagsmith_client_key(line, key_name):
        return True
    if _HEX32.match(v):  # their API secrets have the same shape: only under a name that is no secret's
        if _is_algolia_search_key(line, key_name) or _is_storefront_token(key_name):
            return True
        if "data-cf-beacon" in line:
            return True  # Cloudflare Web Analytics' beacon: <script … data-cf-beacon='{"token": "<32 hex>"}'> in every page
        names = set(key_words(key_name))
        if _names_provider("amplitude", line, key_name):  # Amplitude's API key is the public one, its secret key not
            # (curl -u API_KEY:SECRET_KEY: the secret half comes after the colon)
            return not {"secret", "password"} & names and f":{v}" not in line
        if _names_provider("trello", line, key_name):  # Trello documents its API key as public; the token is the secret
            return not {"secret", "password", "token", "oauth"} & names
        if _names_provider("bugsnag", line, key_name):  # Bugsnag's notifier API key only sends errors, from every app
            return not {"secret", "password", "auth", "token"} & names
        # (the project's API secret goes to Mixpanel's export and query APIs as Basic auth's user name)
        return (_names_provider("mixpanel", line, key_name) and not {"secret", "password", "key"} & names
                and not any(w in line.lower() for w in ("auth", " -u ", "--user")))
    if _PAGE_CLIENT_TOKEN.match(v) and (_PAGE_CLIENT_CONTEXT.search(line) or _authorize_net_client_key_name(key_name)):
        return True
    return _CLIENT_SDK_PUBLIC.match(v) is not None


def _authorize_net_client_key_name(key_name: str | None) -> bool:
    """AUTHORIZENET_CLIENT_KEY, authNetClientKey: the Accept.js public client key kept in a constant for the page."""
    words = key_words(key_name)
    return words[-2:] == ["client", "key"] and any(w.startswith("authorize") or w == "authnet" for w in words)


def _is_pusher_app_key(value: str, line: str, key_name: str | None) -> bool:
    """A Pusher app key: under a Pusher name that ends in key (never secret), or the first argument of Pusher's
    client, or the key of Laravel Echo's options on a line that names the pusher broadcaster."""
    words = key_words(key_name)
    if {"secret", "password", "private"} & set(words):
        return False
    if "pusher" in words and words[-1] == "key":
        return True  # PUSHER_APP_KEY, VITE_PUSHER_APP_KEY, NEXT_PUBLIC_PUSHER_KEY, pusher.key
    at = line.find(value)
    if at > 0 and _PUSHER_CLIENT_CALL.search(line[:at]):
        return True
    return words == ["key"] and _PUSHER_BROADCASTER.search(line) is not None


# A line that opens a block: JSON's "pusher": {, HOCON's pusher {, YAML's pusher:
_LINE_OPENS_BLOCK = re.compile(r"[{:][ \t]*$")


@_filter("pusher_key_in_pusher_block", "a Pusher app key (20 hex) as the key of a block named for Pusher "
         "(\"pusher\": {\"key\": …}, HOCON's pusher { key = … }) or of Laravel Echo's options beside "
         "broadcaster: 'pusher' (or 'reverb', with Reverb's key): the key browsers subscribe with; the block's "
         "secret stays a secret", generic_only=True, surroundings=True, needs_key_name=True)
def is_pusher_key_in_pusher_block(value: str, line: str, key_name: str | None, language: str | None,
                                  around: Surroundings) -> bool:
    if key_words(key_name) != ["key"]:
        return False
    if _REVERB_APP_KEY.match(value.strip()) and any(_REVERB_BROADCASTER.search(other) for other in (line, *around.lines)):
        return True  # Laravel Echo's options for Reverb: the app key browsers connect with
    if not _PUSHER_APP_KEY.match(value.strip()):
        return False
    # Laravel Echo's options, one per line: `broadcaster: 'pusher'` above or below the key
    if any(_PUSHER_BROADCASTER.search(other) for other in around.lines):
        return True
    # the nearest line above that opens a block names the block the key is in
    for other in reversed(around.lines[:around.lines_before]):
        if _LINE_OPENS_BLOCK.search(other.rstrip()):
            return "pusher" in other.lower()
    return False


# A browser widget's options object, opened on a line above the value: the page's checkout, upload or assembly
# client takes its public key or client-side token there (initializePaddle({ token }), Cloudinary's
# createUploadWidget({ apiKey }), Uppy's Transloadit plugin { params: { auth: { key } } }).
_WIDGET_OPENERS = (
    (re.compile(r"\binitializePaddle\s*\(|\bPaddle\.(?:Initialize|Setup)\s*\("), _PAGE_CLIENT_TOKEN, ("token",)),
    (re.compile(r"\b(?:create|open)UploadWidget\s*\("), _CLOUDINARY_API_KEY, ("key", "apikey")),
    (re.compile(r"\bTransloadit\b"), _HEX32, ("key",)),
    # a chat widget's embed token, which names the inbox the page's visitors write to (Freshchat's widget token,
    # Chatwoot's website token): the same in every page's source
    (re.compile(r"\bfcWidget\.init\s*\(|\bchatwootSDK\.run\s*\("), re.compile(r"^[A-Za-z0-9-]{16,64}$"), ("token",)),
)
_WIDGET_REACH = 8  # lines above: an options object of a few members, nested a level or two


@_filter("client_key_in_a_widget_config", "a public key or client-side token in a browser widget's options opened "
         "above it (initializePaddle({ token }), createUploadWidget({ apiKey }), Uppy's Transloadit { auth: { key } }, "
         "a chat widget's fcWidget.init({ token }) or chatwootSDK.run({ websiteToken })): "
         "made for the page", generic_only=True, surroundings=True, needs_key_name=True)
def is_client_key_in_a_widget_config(value: str, line: str, key_name: str | None, language: str | None,
                                     around: Surroundings) -> bool:
    words = key_words(key_name)
    if not words or {"secret", "private", "admin", "server", "password"} & set(words):
        return False
    v = value.strip()
    above = around.lines[max(0, around.lines_before - _WIDGET_REACH):around.lines_before]
    for opener, shape, names in _WIDGET_OPENERS:
        if words[-1] in names and shape.match(v) and any(opener.search(text) for text in (line, *above)):
            # (the server's Transloadit client takes { authKey, authSecret } too: the key is the same public half
            # the page uses, the secret beside it stays shown)
            return True
    return False


def _names_provider(provider: str, line: str, key_name: str | None) -> bool:
    return provider in "".join(key_words(key_name)) or provider in line.lower()


def _is_mailchimp_sdk_key(value: str, line: str, key_name: str | None) -> bool:
    """A Mailchimp key handed to the mobile SDK's initializer on its line, or under a name that says SDK key."""
    words = key_words(key_name)
    if "sdk" in words and ("mailchimp" in words or "mailchimp" in "".join(words)):
        return True
    if "Mailchimp" not in line:
        return False
    m = _MAILCHIMP_SDK_CALL.search(line)
    return m is not None and line.find(value, m.end()) >= 0  # the value is an argument of the call, not before it


# A Firebase app's configuration (firebaseConfig in a web page, FirebaseOptions in Flutter, GoogleService-Info.plist,
# google-services.json)
# carries a Google API key that Firebase documents as safe to include in code: it identifies the project, and
# Security Rules and App Check guard the data. Two more of the configuration's fields around the key say which it is.
# Dismissed; the reason names what keeps it safe (its restriction to Firebase's APIs and to the app's package and
# certificate, bundle id or referrers). Labelled sets count it as no leak, and showing it cost a false alarm in
# nearly every repository with a web front end.
_FIREBASE_CONFIG_FIELDS = re.compile(
    r"\b(?:authDomain|projectId|storageBucket|messagingSenderId|appId|measurementId|databaseURL|iosBundleId"
    r"|GCM_SENDER_ID|GOOGLE_APP_ID|PROJECT_ID|STORAGE_BUCKET|BUNDLE_ID|DATABASE_URL)\b"
    # the same fields as a front end's environment variables: VITE_FIREBASE_AUTH_DOMAIN, NEXT_PUBLIC_FIREBASE_APP_ID
    r"|FIREBASE_(?:AUTH_DOMAIN|PROJECT_ID|STORAGE_BUCKET|MESSAGING_SENDER_ID|APP_ID|MEASUREMENT_ID|DATABASE_URL)\b"
    # google-services.json (Android) writes them in snake case, the key as "api_key": [{"current_key": "AIza…"}]
    # restricted to the app's package and signing certificate
    r'|"(?:mobilesdk_app_id|project_number|firebase_url|storage_bucket|project_id|oauth_client|client_type'
    r'|android_client_info|certificate_hash|appinvite_service|other_platform_oauth_client|configuration_version)"'
    # the string resources the google-services Gradle plugin writes into res/values (strings.xml, values.xml)
    r'|name="(?:google_app_id|gcm_defaultSenderId|google_storage_bucket|firebase_database_url|default_web_client_id'
    r'|google_api_key|google_crash_reporting_api_key|project_id)"')
_GOOGLE_API_KEY = re.compile(r"^AIza[0-9A-Za-z_\-]{35}$")


@_filter("firebase_app_config_key", "the Google API key of a Firebase app's configuration (beside authDomain, projectId, "
         "appId or GCM_SENDER_ID; google-services.json's current_key beside mobilesdk_app_id, client_type): Firebase "
         "documents it as safe to ship while restricted; rules guard the data", surroundings=True)
def is_firebase_app_config_key(value: str, line: str, key_name: str | None, language: str | None,
                               around: Surroundings) -> bool:
    if _GOOGLE_API_KEY.match(value.strip()) is None:
        return False
    if around.file_name in _FIREBASE_CONFIG_FILES:
        return True  # the file Firebase's console hands out for the app, whatever lines sit around the key
    if not _names_the_config_key(value, line, key_name) or _in_another_google_apis_block(line, around):
        return False
    fields = {m.group(0) for text in (line, *around.lines) for m in _FIREBASE_CONFIG_FIELDS.finditer(text)}
    return len(fields) >= 2


# The block a key sits in, named for another Google API (HOCON's `maps { api-key = … }` above a `firebase { … }`
# sibling, YAML's `places:`): that API's key, whatever configuration sits beside the block.
_OTHER_GOOGLE_API_WORDS = frozenset({"maps", "map", "places", "geocoding", "geocoder", "directions", "routes",
                                     "gemini", "youtube", "translate", "translation", "vision", "speech", "search"})


def _in_another_google_apis_block(line: str, around: Surroundings) -> bool:
    opener = next(around.enclosing(line, lambda text: text.rstrip().endswith(("{", ":", "(", "["))), None)
    return opener is not None and not _OTHER_GOOGLE_API_WORDS.isdisjoint(split_words(opener))


_FIREBASE_CONFIG_FILES = frozenset({"google-services.json", "googleservice-info.plist"})
# The configuration's own key is named for what it is and nothing else: apiKey, current_key, FIREBASE_API_KEY,
# NEXT_PUBLIC_FIREBASE_API_KEY, google_api_key (the Gradle plugin's resource), or no name (a plist's <string>).
# Another Google key beside the configuration is named for its own API or place (MAPS_SERVER_KEY, GEMINI_API_KEY,
# GEOCODING_KEY, Spanish claveServidor): a backend's key, which no browser sees.
_CONFIG_KEY_NAME_WORDS = _FRONT_END_WORDS | {"api", "key", "apikey", "firebase", "fb", "web", "app", "config", "options",
                                             "current", "google", "android", "ios", "macos", "string", "name", "next",
                                             "vue", "svelte", "astro", "ng", "env", "prod", "production", "dev", "staging",
                                             "crash", "reporting"}  # the Gradle plugin's google_crash_reporting_api_key
# the name right before the value on its line: `apiKey: "`, `"current_key": "`, `FIREBASE_API_KEY=`
_NAME_BEFORE_VALUE = re.compile(r"""([A-Za-z_][\w.$-]*)["'`]?[ \t]*(?:=>|[:=])[ \t]*["'`]?$""")


def _names_the_config_key(value: str, line: str, key_name: str | None) -> bool:
    if key_name:
        words = key_words(key_name)
    else:  # a format rule's match has a name only when a generic rule matched it too
        at = line.find(value)
        m = _NAME_BEFORE_VALUE.search(line[:at]) if at >= 0 else None
        words = key_words(m.group(1)) if m else []
    return all(w in _CONFIG_KEY_NAME_WORDS for w in words)


# firebase-admin's initializeApp() runs on a server (Cloud Functions): a Google key beside it is a backend's
_FIREBASE_ADMIN = re.compile(r"firebase[-_]admin|\badmin\.initializeApp\b")


# One sign of a Firebase web app's configuration where fewer than two of its fields stand around the key: the
# object's usual name, an authDomain on firebaseapp.com, the initializeApp call it is handed to, or a web app's appId.
_FIREBASE_SERVER_WORDS = frozenset({"server", "fcm", "gcm", "messaging", "push", "admin", "secret", "private", "legacy"})
_FIREBASE_WEB_CONFIG = re.compile(r"\bfirebaseConfig\b|\.firebaseapp\.com\b|\binitializeApp[ \t]*\("
                                  r"|\b1:\d{6,15}:web:[0-9a-f]{6,}\b")  # a web app's appId: 1:<project number>:web:<hex>


@_filter("firebase_web_config_key", "a Google API key beside a Firebase web configuration (firebaseConfig, an authDomain "
         "on firebaseapp.com, initializeApp): shipped to browsers by design, safe only with API and referrer restrictions",
         surroundings=True)
def is_firebase_web_config_key(value: str, line: str, key_name: str | None, language: str | None,
                               around: Surroundings) -> bool:
    if (_GOOGLE_API_KEY.match(value.strip()) is None or not _names_the_config_key(value, line, key_name)
            or _in_another_google_apis_block(line, around)):
        return False
    # (a front end's build variable says the same on its own: NEXT_PUBLIC_FIREBASE_API_KEY is compiled into the page;
    # so does a name that says Firebase's API key, FIREBASE_API_KEY or firebaseWebApiKey, the one Google key a Firebase
    # project hands its apps. Not a server key for Cloud Messaging's legacy API, which was a Google key too.)
    words = key_words(key_name)
    if "firebase" in "".join(words) and (set(words) & _FRONT_END_WORDS or (
            words[-2:] == ["api", "key"] or words[-1:] == ["apikey"]) and not _FIREBASE_SERVER_WORDS & set(words)):
        return True
    texts = (line, *around.lines)
    return any(_FIREBASE_WEB_CONFIG.search(text) for text in texts) and not any(_FIREBASE_ADMIN.search(text) for text in texts)


# A Google Maps or Places SDK key in a mobile or web app: the SDKs take the key in the app itself (the Android
# manifest's com.google.android.geo.API_KEY, GMSServices.provideAPIKey, Expo's googleMaps config, a maps key in
# strings.xml or local.properties), so it ships to every device; what protects it is its restriction to the app
# (package and signing certificate, bundle id, referrers) and to the Maps APIs, which a person checks.
_MAPS_SDK_PLACE = re.compile(r"com\.google\.android\.geo\.API_KEY|\bGMS(?:Services|PlacesClient)\.provideAPIKey\b"
                             r"|[\"']googleMaps[\"']?\s*:|\bgoogleMaps(?:Api)?Key\b"
                             # the Maps JavaScript API's loader, and the Embed, Static and Street View images a
                             # page loads (<iframe src=".../maps/embed/v1/place?key=…">): a browser key
                             r"|(?:maps\.googleapis\.com|www\.google\.com)/maps/(?:api/js\?|embed/v1/|api/staticmap\?"
                             r"|api/streetview\?)"
                             # @googlemaps/js-api-loader's new Loader({ apiKey }), vis.gl's <APIProvider apiKey=…>
                             r"|@googlemaps/js-api-loader|\bnew Loader\(\s*\{|<APIProvider\b")
_MAPS_WORDS = frozenset({"maps", "map", "geo", "places", "geocoding", "geocoder"})
# The languages of an app's build and resource files (manifests, strings.xml, local.properties, Info.plist,
# app.json, codemagic.yaml) and of its client code (Swift, Objective-C, Kotlin, Dart).
_APP_LANGUAGES = frozenset({"xml", "properties", "dotenv", "json", "yaml", "dart", "swift", "objective-c", "kotlin",
                            "groovy", "plist"})
_SERVER_WORDS = frozenset({"server", "backend", "service", "services", "webservice", "internal", "admin"})
# a client key's words without "public" (a name that says public is public_by_key_name's), and a JavaScript key's
_BROWSER_WORDS = (_CLIENT_KEY_WORDS - {"public"}) | {"js", "javascript"}


@_filter("maps_sdk_client_key", "a Google Maps or Places SDK key (maps in its name, the Android manifest's geo.API_KEY, "
         "GMSServices.provideAPIKey, Expo's googleMaps): shipped in the app by design, safe only with app and API "
         "restrictions", decisive=False, surroundings=True)
def is_maps_sdk_client_key(value: str, line: str, key_name: str | None, language: str | None,
                           around: Surroundings) -> bool:
    # A signal: the finding goes to a person with advice to check the key's restrictions (phases/filter).
    if _GOOGLE_API_KEY.match(value.strip()) is None:
        return False
    words = set(key_words(key_name)) | set(key_words(_name_before(line, value)))
    if not _SERVER_WORDS.isdisjoint(words):
        return False  # GOOGLE_PLACES_SERVER_KEY: a web-service key kept on a server
    if _MAPS_SDK_PLACE.search(line) is not None or any(_MAPS_SDK_PLACE.search(text) for text in around.lines):
        return True
    if not _MAPS_WORDS.isdisjoint(words) and not _BROWSER_WORDS.isdisjoint(words):
        return True  # GOOGLE_MAPS_BROWSER_KEY, mapsJsKey: the name says it is the page's
    # a maps name alone says client only in an app's own files: server code calls the Maps web services with one too
    return language in _APP_LANGUAGES and not _MAPS_WORDS.isdisjoint(words)


_NAME_ATTRIBUTE = re.compile(r"""name\s*=\s*["']([\w.-]+)["']""")
_ASSIGNED_NAME = re.compile(r"""([A-Za-z_][\w.-]*)["']?\s*[=:]\s*["']?$""")


def _name_before(line: str, value: str) -> str:
    """The name the line gives the value when the rule read none: an XML name attribute (<string
    name="google_maps_key">, <preference name="…" value=), or what it is assigned to (MAPS_KEY=…)."""
    before = line[: max(line.find(value), 0)]
    assigned = _ASSIGNED_NAME.search(before)
    if assigned is not None:
        return assigned.group(1)
    names = _NAME_ATTRIBUTE.findall(before)
    return names[-1] if names else ""


# An Azure Service Bus or Notification Hubs connection string made with a listen-only policy
# (DefaultListenSharedAccessSignature): Microsoft documents it for the client apps that register devices and
# receive; it cannot send or manage. The full-access policy beside it is the secret.
_LISTEN_ONLY_POLICY = re.compile(r"(?i)SharedAccessKeyName[ \t]*=[ \t]*([\w.-]*listen[\w.-]*)")


@_filter("listen_only_access_key", "the key of an Azure listen-only access policy (DefaultListenSharedAccessSignature): "
         "made for client apps that receive, it cannot send or manage", decisive=False, needs_in_line="=")
def is_listen_only_access_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A signal: the finding goes to a person with advice (phases/filter).
    m = _LISTEN_ONLY_POLICY.search(line)
    if m is None or line.find(value) < m.end():
        return False
    policy = m.group(1).lower()
    return not any(word in policy for word in ("full", "manage", "send", "admin", "root", "owner"))


# Supabase's client constructors, whose second argument is the project's API key: written on a line of its own, the
# key has no name, and the call on the lines above says what it is given to.
_SUPABASE_CLIENT_CALL = re.compile(r"\bcreate(?:Browser|Server)?Client\s*(?:<[^>]*>)?\s*\(")
_NAMED_ON_LINE = re.compile(r"[A-Za-z_$][\w$]*\s*(?:=|:(?!//))")  # (not a URL's scheme: createClient('https://…', '…'))


@_filter("supabase_client_anon_key", "a Supabase anon key (a JWT whose role is anon) passed with no name to the "
         "client constructor on the lines above (createClient(url, '…'), createBrowserClient): the key the browser "
         "client is given, public by design", surroundings=True)
def is_supabase_client_anon_key(value: str, line: str, key_name: str | None, language: str | None,
                                around: Surroundings) -> bool:
    v = value.strip()
    if not v.startswith("eyJ") or _jwt_role(v) != "anon":
        return False
    at = line.find(v)
    if at < 0:
        return False
    before = line[:at]
    calls = list(_SUPABASE_CLIENT_CALL.finditer(before))
    names = list(_NAMED_ON_LINE.finditer(before))
    if names and (not calls or names[-1].start() > calls[-1].end()):
        return False  # under a name of its own, the name decides (public_by_format)
    if calls:
        return True  # createClient(url, '…') on the value's line
    return any(_SUPABASE_CLIENT_CALL.search(t) for t in around.lines)


# Algolia's search-only key in a front end's search configuration written over several lines, as DocSearch's and
# InstantSearch's docs show it: docsearch({ appId: '…', apiKey: '…', indexName: '…' }). The key's own line names
# neither Algolia nor the app; the lines around do.
_ALGOLIA_SEARCH_CONTEXT = re.compile(r"\b(?:docsearch|algolia\w*|instantsearch\w*|indexName)\b", re.IGNORECASE)


_ALGOLIA_SEARCH_KEY_WORDS = frozenset({"algolia", "api", "apikey", "key", "search", "searchkey", "only", "docsearch",
                                       "instantsearch", "app", "next", "config", "options", "read"})


@_filter("algolia_search_config_key", "an Algolia search-only key under apiKey or searchKey in a search configuration "
         "whose applicationId and Algolia name (docsearch, instantsearch, indexName) stand on the lines around: the key "
         "DocSearch and InstantSearch are given in the browser, public by design", surroundings=True)
def is_algolia_search_config_key(value: str, line: str, key_name: str | None, language: str | None,
                                 around: Surroundings) -> bool:
    v = value.strip()
    if _HEX32.match(v) is None:
        return False
    words = key_words(key_name)
    if not words or words[-1] != "key" or _NOT_SEARCH_WORDS & set(words) or not {"api", "apikey", "search"} & set(words):
        return False
    if key_name == _ALGOLIA_DJANGO_ADMIN_KEY:
        return False
    if set(words) - _ALGOLIA_SEARCH_KEY_WORDS - _FRONT_END_WORDS:
        return False  # another word names another provider's key: DATADOG_API_KEY in a file that also holds Algolia's
    texts = (line, *around.lines)
    # a build-time indexer's options (gatsby-plugin-algolia, jekyll-algolia) take the admin key that writes the index,
    # and a comment beside the value may say so
    at = line.find(v)
    after = line[at + len(v):] if at >= 0 else ""
    if any(_ALGOLIA_INDEXER.search(t) for t in texts) or (
            _ADMIN_OR_WRITE.search(after) and "search" not in after.lower()):
        return False
    # server code's client (algoliasearch-rails' AlgoliaSearch.configuration, a Python or PHP client) indexes with the
    # admin key: only a browser library's name (DocSearch, InstantSearch) says search-only there
    context = _BROWSER_SEARCH_CONTEXT if language in _SERVER_LANGUAGES else _ALGOLIA_SEARCH_CONTEXT
    return (any(_ALGOLIA_APP_FIELD.search(t) for t in texts)
            and any(context.search(t) for t in texts))


# algoliasearch's lite client (`import algoliasearch from "algoliasearch/lite"`, v5's liteClient) only searches:
# the key a file gives to it is a search key, whatever a full client later in the same file is given.
_ALGOLIA_LITE_IMPORT = re.compile(r"""["']algoliasearch/lite["']""")
_ALGOLIA_LITE_CALL = re.compile(r"""\b(?:algoliasearch|liteClient)\([ \t]*["'][A-Z0-9]{10}["'][ \t]*,[ \t]*["']$""")


@_filter("algolia_lite_client_key", "an Algolia key given to the lite client (imported from algoliasearch/lite), "
         "which can only search: the search-only key a browser is given", surroundings=True)
def is_algolia_lite_client_key(value: str, line: str, key_name: str | None, language: str | None,
                               around: Surroundings) -> bool:
    v = value.strip()
    at = line.find(v)
    return (_HEX32.match(v) is not None and at > 0 and _ALGOLIA_LITE_CALL.search(line, 0, at) is not None
            and _in_file(_ALGOLIA_LITE_IMPORT, around.text))


_ALGOLIA_INDEXER = re.compile(r"gatsby-plugin-algolia|jekyll-algolia|algolia-?indexer|\b(?:addObjects?|saveObjects?|"
                              r"partialUpdateObjects?|enablePartialUpdates)\b", re.IGNORECASE)
_ADMIN_OR_WRITE = re.compile(r"(?i)\b(?:admin|write)\b")


_BROWSER_SEARCH_CONTEXT = re.compile(r"\b(?:docsearch|instantsearch\w*)\b", re.IGNORECASE)
_SERVER_LANGUAGES = frozenset({"ruby", "python", "php", "java", "go", "csharp", "kotlin", "elixir", "scala", "rust"})


# The Android SDK makes every developer the same debug keystore, whose store and key password is "android"
# (alias androiddebugkey), as its docs say; a debug signing block that names it signs nothing that ships.
@_filter("android_debug_keystore_password", "the Android debug keystore's documented password (\"android\") in a "
         "debug signing setting: the same on every developer's machine", generic_only=True, surroundings=True)
def is_android_debug_keystore_password(value: str, line: str, key_name: str | None, language: str | None,
                                       around: Surroundings) -> bool:
    if value.strip().removeprefix("pass:") != "android":  # (apksigner's --ks-pass pass:android)
        return False
    return "debug" in key_words(key_name) or any("debug" in text.lower() for text in (line, *around.lines))


# The password an image build logs in with while it provisions: every public Vagrant base box is built with
# vagrant/vagrant (Vagrant documents it), Packer templates use packer/packer and Ubuntu cloud images ubuntu/ubuntu
# for the build's own SSH or WinRM session. Only in that build's settings: elsewhere the word is a chosen password.
_IMAGE_BUILD_PASSWORDS = frozenset({"vagrant", "packer", "ubuntu"})
# (what the build's settings are made of, not the words vagrant or packer: a CI that builds images also deploys apps)
_IMAGE_BUILD_PLACE = re.compile(r"(?i)ssh\.password|winrm\.password|^#cloud-config|<AutoLogon>|^[ \t]*chpasswd[ \t]*:"
                                r"|^[ \t]*(?:ssh_username|winrm_username|communicator)[ \t]*[=:]|\bvariable[ \t]+\"(?:ssh|winrm)_password\""
                                r"|\bsource[ \t]+\"(?:amazon-ebs|virtualbox-iso|vsphere-iso|qemu|hyperv-iso|vmware-iso|azure-arm|googlecompute)\"")


@_filter("vagrant_box_password", "the password a Vagrant base box, a Packer template or a cloud image build logs in "
         "with by convention (vagrant, packer, ubuntu) in that build's settings: the same on every such image",
         generic_only=True, surroundings=True)
def is_vagrant_box_password(value: str, line: str, key_name: str | None, language: str | None,
                            around: Surroundings) -> bool:
    if value.strip().lower() not in _IMAGE_BUILD_PASSWORDS:
        return False
    rest = line.replace(value.strip(), " ")  # the word itself is no sign of the place
    words = key_words(key_name)
    return ("vagrant" in words or ("password" in words and bool({"ssh", "winrm"} & set(words)))
            or any(_IMAGE_BUILD_PLACE.search(text) for text in (rest, *around.lines)))


# A Firebase Storage download URL (getDownloadURL(): https://firebasestorage.googleapis.com/v0/b/<bucket>/o/<file>
# ?alt=media&token=<uuid>) is made to be handed out: its token opens that one file for reading, like a share link.
_FIREBASE_DOWNLOAD_URL = re.compile(r"https://firebasestorage\.googleapis\.com/v0/b/[^\s\"'?]+/o/[^\s\"'?]+\?alt=media&token=")


@_filter("firebase_download_token", "the token of a Firebase Storage download URL (…/o/<file>?alt=media&token=…): a "
         "share link for one file, made to be handed out", generic_only=True)
def is_firebase_download_token(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return "firebasestorage" in line and any(line.startswith(v, m.end()) for m in _FIREBASE_DOWNLOAD_URL.finditer(line))


# The algorithms whose SubjectPublicKeyInfo a public key's DER starts with: RSA, DSA, EC (any curve),
# X25519, X448, Ed25519, Ed448 (their OIDs' DER bytes).
_SPKI_ALGORITHMS = (
    bytes.fromhex("2a864886f70d010101"),  # 1.2.840.113549.1.1.1 rsaEncryption
    bytes.fromhex("2a8648ce380401"),  # 1.2.840.10040.4.1 DSA
    bytes.fromhex("2a8648ce3d0201"),  # 1.2.840.10045.2.1 ecPublicKey
    b"\x2b\x65\x6e", b"\x2b\x65\x6f", b"\x2b\x65\x70", b"\x2b\x65\x71",  # 1.3.101.110-113
)
_BASE64_RUN = re.compile(r"[A-Za-z0-9+/]{40,}={0,2}")


def _der_length(data: bytes, at: int) -> tuple[int, int] | None:
    """(length, offset of the content) of the DER element whose length octets start at `at`."""
    if at >= len(data):
        return None
    first = data[at]
    if first < 0x80:
        return first, at + 1
    count = first & 0x7F
    if not 1 <= count <= 3 or at + 1 + count > len(data):
        return None
    return int.from_bytes(data[at + 1 : at + 1 + count], "big"), at + 1 + count


def _is_spki(der: bytes) -> bool:
    """A DER SubjectPublicKeyInfo: SEQUENCE { SEQUENCE { OID of a public-key algorithm, … }, BIT STRING }.
    A PKCS#8 private key's SEQUENCE opens with its version INTEGER (02 01 00) instead."""
    if len(der) < 32 or der[0] != 0x30:
        return False
    outer = _der_length(der, 1)
    if outer is None or der[outer[1]] != 0x30:
        return False
    inner = _der_length(der, outer[1] + 1)
    if inner is None or inner[1] + 2 > len(der) or der[inner[1]] != 0x06:
        return False
    oid_length = der[inner[1] + 1]
    oid = der[inner[1] + 2 : inner[1] + 2 + oid_length]
    after = inner[1] + inner[0]
    return oid in _SPKI_ALGORITHMS and after < len(der) and der[after] == 0x03


@_filter("public_key_der", "base64 of a public key's DER (a SubjectPublicKeyInfo: MCowBQYDK2VwAyEA… for Ed25519, "
         "MFkwEwYHKoZIzj0CAQYI… for P-256, MIIBIjANBgkqhkiG9w0BAQEF… for RSA): the half of a key pair that is "
         "given away to verify signatures or encrypt", needs_in_value="M")
def is_public_key_der(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip().replace("\\n", "")
    if not v.startswith("M"):  # DER's SEQUENCE tag 0x30 with a long length: base64 "MC", "MF", "MH", "MI"
        return False
    run = _BASE64_RUN.match(v)
    if run is None:
        return False
    text = run.group()
    try:
        der = base64.b64decode(text[: len(text) // 4 * 4])
    except ValueError:
        return False
    return _is_spki(der)


# An EVM account's or contract's address: 20 bytes, 0x and 40 hex digits. A private key is 32 bytes (64 digits).
_EVM_ADDRESS = re.compile(r"0x[0-9a-fA-F]{40}")


@_filter("evm_address", "an Ethereum-style address (0x and 40 hex digits, 20 bytes): an account's or a contract's "
         "public address, not its private key (32 bytes)", generic_only=True, needs_key_name=True, needs_in_value="0x")
def is_evm_address(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # Under a name (TOKEN_ADDRESS=0x…, const USDC = "0x…"): a file of keys with no names, such as racoon's psk.txt,
    # writes a 20-byte pre-shared key the same way.
    if key_name is None or _EVM_ADDRESS.fullmatch(value.strip()) is None:
        return False
    # a name that says secret holds no address: hCaptcha's secret keys are 0x and 40 hex digits too
    return not {"secret", "password", "private"} & set(key_words(key_name))  # (a token address is an ERC-20 contract's)


# SHA-256 of the development wallets' keys that tools print on every machine: the 20 accounts Hardhat's and
# Anvil's local nodes fund (from the phrase "test test … junk", m/44'/60'/0'/0/i) and the 10 of Ganache's
# deterministic mode (`ganache -d`), and the two phrases (and the one `truffle develop` starts from); the example key of web3.js's and eth-account's docs
# (`privateKeyToAccount('0x4c08…')`), and the phrase Substrate's dev chains derive //Alice, //Bob … from. They are
# in the tools' docs and open nothing but local test chains. Kept as digests so this file holds no key; tests/loops/test_published_dev_keys.py derives them.
_PUBLISHED_DEVELOPMENT_KEYS = frozenset({
    "f79cd64f9cea237897b8133e4b905b361c6f166faa5a1c64c32280938f5b707e",  # hardhat phrase
    "bc1a50966c9e6486bc4ebf880b51611a2a97fcb8e7a6976e9b81a9e3e8ca0e3c",  # hardhat 0
    "8335c55334821eefd4334369ff9c04a8594f161013cf9d87f58802d87297837e",  # hardhat 1
    "b26ab6529d20ebebb4192256f202984754f785481c64b1a1aed58cac93b3617e",  # hardhat 2
    "64034b44c579b335ab5e85debbfe72789e970138cc8d296799c3833a2a8525fb",  # hardhat 3
    "4d3e46eec8244d1d106f866ee48994f6176705298aee1b8426b2ad2529eb454b",  # hardhat 4
    "0aedba9d586f34f95cf1f0d54926f62e8a078ce2ca593be73ab27a87d3ff9c5d",  # hardhat 5
    "28e543d3753fc9d14c658ebef20b76a3b5f8e7d78667baf27832ceb3bea01bdf",  # hardhat 6
    "f070994a8599478580678f2b9482c5f02bb3de0647281e8efae183669425808a",  # hardhat 7
    "38e69fdd19aefeb4adf56312f10e62c30274997835173c7006308323ad7db506",  # hardhat 8
    "967f21586cdf1248a862f2cfb330099701c942c2c7a7537c54f7ec48f8556505",  # hardhat 9
    "0b33e0132123e78d42dd12a0fbbbacd19827d35ca88e0ad4ba83a47a65ba0487",  # hardhat 10
    "84bc109b3d59b0173a76fc3d831360a6e5063b3d4c82793a97de992947a0e3a8",  # hardhat 11
    "85bde548053aab4b5a6c78473d5eb2addaa5824299ad009bf06775e3ce923010",  # hardhat 12
    "f1513114f60e5e95732b840669fe83956d8a944d23e6c76f953e7edcf2491901",  # hardhat 13
    "5330d388af894c9e1a181a06a3ce44d61fd8602165d979942be4641f4002762f",  # hardhat 14
    "a2e06155cb1a424f972c3abfaddc9cea4820c4aec722d2378903fe28dd8fc40c",  # hardhat 15
    "4a67d7a0d8a16d6d954cef19eb5afdbdd82cc0e907a571f376ef0a0981a2a9d4",  # hardhat 16
    "b08bdfde9930d9202809530dcbe193c53fd0dc6928f2010d2ffca74df95ead36",  # hardhat 17
    "cf1fc66f853151a4c6666909c8f1f80e1d855ecffefbcb65a709aae544de5588",  # hardhat 18
    "100546a8b020a55aa09b2d34b50de9a3fc45a70b261aec6a989bb2d9321af583",  # hardhat 19
    "9c5d0a6656e5d3f36601d0bf98762be09bad5d7b164382c1d6c826324d6d599a",  # ganache phrase
    "578592185588730b9d10b87e2274706a8301a179cdb60fb4263c788e7e679503",  # ganache 0
    "30e55f5463e22af009a1b785a4d723190c4522bfa2696c2ab85fd12cedca708d",  # ganache 1
    "70b801afae94d2e653c9612d0ebbba1f52f0d6fca900a0c0f0aa0f3e500e41e9",  # ganache 2
    "0bc9fde2b028e3b067e45059c84dbcf43b573344d84f1f259dd912427e76f83f",  # ganache 3
    "f51c2c795f782308c7dcfa92a59cf89c9b21758b3cc8ace822bb78ffbb0f861f",  # ganache 4
    "6dea34b661141091338390067dc6fe04c911ed6b939f7dce3faa8b6e68e755f0",  # ganache 5
    "faeb1dab5a326eef752d42930ec4bf5305724d2b0ddfb06ba9e89b1a36449207",  # ganache 6
    "196fbadca8b7eea62510a490b7e8131ec83cfe1dc33ace8660333d139ebb9c1d",  # ganache 7
    "ecd5e9d0b08a8a9fd1c35bcd303b3cceea1c8b85ee33d4255849cd3fcd37e0b4",  # ganache 8
    "3fd5610ee03a3503edceff018e3fb550d9f2c074609535d5af84cf4a87edfcdb",  # ganache 9
    "95e82a7ebb036b3c3b3c14120ed7ce5f356ac69348bf38a71e8e117c1ef8c7e0",  # web3.js / eth-account docs' example key
    "d16d608fce743a041ddb5841a32ceb7dd38645f27a6f3c5f5010d9403b1cb6c9",  # Substrate's dev phrase (//Alice, //Bob …)
    "b83e96417f61cb148d0dc8a89b839ee4956ad45b5e4b6a2a6cae048e48782157",  # truffle develop's phrase (its docs and `truffle develop` print it)
})


# SHA-256 of BIP-39's published test vectors whose words look random (the standard's vectors.json; the others repeat
# a run of words, which _repeated_run_phrase tells): every wallet library's tests carry them.
_BIP39_TEST_VECTORS = frozenset({
    "d6da54d12db9eac818868b841c1c9cc7c39f5294c8620ad24b7715b7820febc0",  # ozone …, 12 words
    "b12ee277a669b18fb7c5d9d3642c9298ce06f0814a4166a6396ad9cb2eccc914",  # gravity …, 18 words
    "341c225b06c91708aa82ab8389075a8227fda76fb2b9cae2d445e36ca8c44da1",  # hamster …, 24 words
    "6d828debd306e21a02511899832f7ee5591de0693b2f2bd78967fb1e09bafdbb",  # scheme …, 12 words
    "cc95a8a1b5e9bf130a4468b1b4857b6a7fc64979970a06b806cb879460d15348",  # horn …, 18 words
    "30452ba5605dd25289bc2ae7b1883a53b1cece62e2331fa105b88c9682dd37c7",  # panda …, 24 words
    "b2e71100d10bee74156b69806498a2e3d90e432160c2e266465ba669a220d50b",  # cat …, 12 words
    "b8ae5c99142647d1043595539d615197ee7dad5e7c031d5447e78c69e62ba01f",  # light …, 18 words
    "0f388b04e512d7a0eda5889c96ff034cf63499b73898965a8e187e3a8a25d198",  # all …, 24 words
    "b1bff22ae077ce1ae482e4dcb01c144ff8a44e97fbb3f3a5f62567f4ac19da7c",  # vessel …, 12 words
    "662c451cc5886e1d6f185f418b815a175bfd197536556607272b36fdefa8c969",  # scissors …, 18 words
    "867f9f5929a7201c1116579e17be6ce501f8a8c5a8d0d1ac7173d72ae78fd945",  # void …, 24 words
})


def _repeated_run_phrase(words: list[str]) -> bool:
    """A phrase that repeats a run of words up to its last (abandon ×11 about, zoo ×23 vote, legal winner thank
    year … legal winner thank yellow): a test vector or a stand-in; in a drawn phrase a run never recurs."""
    n = len(words)  # (three words or more recur: by chance, one phrase in 2048³)
    return any(all(words[i] == words[i + p] for i in range(n - 1 - p)) for p in range(1, n - 3))


def _development_key_digest(value: str) -> str | None:
    v = value.strip().strip("\"'`")
    if v[:2] in ("0x", "0X"):
        v = v[2:]
    if len(v) == 64 and all(c in "0123456789abcdefABCDEF" for c in v):
        return hashlib.sha256(v.lower().encode()).hexdigest()
    words = v.lower().split()
    if len(words) in (12, 15, 18, 21, 24) and all(w.isalpha() for w in words):
        return hashlib.sha256(" ".join(words).encode()).hexdigest()
    return None


@_filter("published_development_key", "a key or recovery phrase of a development wallet that tools publish and fund "
         "on every machine (Hardhat's and Anvil's default accounts, Ganache's deterministic mode), or one of "
         "BIP-39's published test vectors: it opens nothing but a local test chain")
def is_published_development_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    digest = _development_key_digest(value)
    if digest is None:
        return False
    if digest in _PUBLISHED_DEVELOPMENT_KEYS or digest in _BIP39_TEST_VECTORS:
        return True
    words = value.split()
    return len(words) in (12, 15, 18, 21, 24) and _repeated_run_phrase(words)


# A map tile layer's URL template ({z}/{x}/{y}, Leaflet's and OpenLayers' placeholders) carries the tile service's
# key in its query: the browser fetches every tile with it, so the services issue these keys for clients and
# restrict them by referrer (Thunderforest, MapTiler, Stadia, Jawg). Its secret keys are never in a tile URL.
_SECRET_KEY_PREFIXES = ("sk.", "sk_", "sk-", "secret")
_TILE_TEMPLATE = re.compile(r"\{[sz]\}[^\s\"'`?]*\{[xy]\}[^\s\"'`?]*\{[xy]\}[^\s\"'`?]*\?")


@_filter("map_tile_url_key", "the key in a map tile layer's URL template (…/{z}/{x}/{y}.png?apikey=…): fetched by every "
         "browser that shows the map", needs_in_line="{")
def is_map_tile_url_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    template = _TILE_TEMPLATE.search(line)
    if template is None or value.strip().startswith(_SECRET_KEY_PREFIXES):
        return False  # (a secret token pasted into a tile URL, Mapbox's sk.…, stays a secret)
    at = line.find(value.strip(), template.end())
    # the value in that URL's query: no space or quote between the template and the value
    return at >= 0 and not any(c in line[template.end():at] for c in " \t\"'`")


# Values their publishers print in open-source tools and documentation, the same on every machine: Google's
# installed-app OAuth client secrets of the Cloud SDK, gsutil and `gcloud auth application-default login` (the
# "not so secret" secrets their own source calls them: only a user's refresh token, beside them, opens anything),
# and reCAPTCHA's documented test keys (every answer passes). Kept as SHA-256 digests; the lengths gate the hashing.
_PUBLISHED_CLIENT_SECRETS = frozenset({
    "456a51b1f1b3cf3ed76de579926f0727797eb6efb4b7e6a53c74f9a94c95d87a",  # Cloud SDK (gcloud) installed-app client secret
    "ad87d24d7cb5f581e6d32b3bbd422f8880726f8602720cd0846c8cc54d941896",  # gsutil installed-app client secret
    "f0386f9be1fe905fb2f97a8daff11a9baa9988ceca7c2ecae4aec8db182db1b4",  # gcloud application-default login client secret
    "f5e95c9954635b65acab57e6d5ea663eb900f06dc8794a90358f5abb1c77d4e0",  # reCAPTCHA v2 test secret key
    "03b970ed8171d73b58bbc9a5c72e3e4eec28503b56b3bb400a0801857dd45614",  # reCAPTCHA v2 test site key
})
_PUBLISHED_CLIENT_SECRET_LENGTHS = frozenset({24, 40})


@_filter("published_client_secret", "a value its publisher ships in open-source tools or documents for tests: the "
         "Cloud SDK's, gsutil's and application-default login's OAuth client secrets, reCAPTCHA's test keys")
def is_published_client_secret(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return len(v) in _PUBLISHED_CLIENT_SECRET_LENGTHS and hashlib.sha256(v.encode()).hexdigest() in _PUBLISHED_CLIENT_SECRETS


# Rollbar's browser snippet (`var _rollbarConfig = { accessToken: "…" }`) carries a post_client_item token, which
# only reports errors from pages: its server tokens are handed to the notifier in server code, never this object.
# The SDKs whose "client token" ships in the app: Rollbar's, and Facebook's (the Android/iOS SDK and Cordova's
# facebook plugin take CLIENT_TOKEN beside APP_ID).
_CLIENT_TOKEN_PROVIDERS = ("rollbar", "facebook")


@_filter("client_sdk_token", "the access token of Rollbar's browser snippet (_rollbarConfig) or one said to be a "
         "post_client_item token, or a client token beside Rollbar's or Facebook's SDK settings: made to ship in every "
         "page or app", surroundings=True)
def is_client_sdk_token(value: str, line: str, key_name: str | None, language: str | None,
                        around: Surroundings) -> bool:
    if not _HEX32.match(value.strip()):
        return False
    texts = (line, *around.lines)
    # the browser snippet's object around the value, or the line itself saying post_client_item (a server token
    # may sit a line below a client one)
    if any("_rollbarConfig" in text for text in texts) or "post_client_item" in line:
        return True
    # the name alone is not enough (a Datadog API key pasted where its RUM clientToken goes is a leak): the provider's
    # name in it, on the line or on the lines around
    words = key_words(key_name)
    if words[-2:] != ["client", "token"] or _NOT_SEARCH_WORDS & set(words):
        return False
    return any(provider in text.lower() for text in (*texts, "".join(words)) for provider in _CLIENT_TOKEN_PROVIDERS)


# A key object that says its type before its bytes: Cosmos SDK's {"@type": "/cosmos.crypto.ed25519.PubKey", "key": …},
# Tendermint's {"type": "tendermint/PubKeyEd25519", "value": …}.
_TYPED_PUBLIC_KEY = re.compile(r"""["'](?:@type|type)["'][ \t]*:[ \t]*["'][^"']*Pub(?:lic)?Key\w*["']""")


@_filter("typed_public_key", "the bytes of a key object whose type, written before them, says it is public "
         "(\"@type\": \"/cosmos.crypto.ed25519.PubKey\", \"type\": \"tendermint/PubKeyEd25519\")",
         generic_only=True, needs_in_line="K")
def is_typed_public_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    at = line.find(value.strip())
    head = line[:at] if at > 0 else ""
    typed = list(_TYPED_PUBLIC_KEY.finditer(head))
    # the last type before the value is its own; a PrivKey typed later on the line is another object's
    return bool(typed) and "PrivKey" not in head[typed[-1].end():]


# Encodings that say a key is the public half: a BIP-32 extended public key (xpub/ypub/zpub/tpub…, base58 of 78
# bytes), a Nostr npub (bech32 of the public key), an age recipient (age1…, X25519 public key).
_PUBLIC_KEY_ENCODING = re.compile(r"^(?:[xyztuvYZUV]pub[1-9A-HJ-NP-Za-km-z]{100,112}|npub1[02-9ac-hj-np-z]{58}|age1[02-9ac-hj-np-z]{58}"
                                  # an OpenSSH public key's base64 body (ssh-rsa, ssh-ed25519, ecdsa-sha2-nistp*)
                                  r"|AAAA(?:B3NzaC1yc2E|C3NzaC1lZDI1NTE5|E2VjZHNhLXNoYTItbmlzdHA)[A-Za-z0-9+/]{20,}={0,3}"
                                  # a signify or minisign public key: "Ed", an 8-byte key id, the 32-byte key (56 base64)
                                  r"|RW[A-Za-z0-9+/]{54}"
                                  # a Tor onion service's authorized client (its .auth file): the client's X25519 public
                                  # key; the private one (.auth_private) opens with the service's address
                                  r"|descriptor:x25519:[A-Z2-7]{52})$")


@_filter("public_key_encoding", "a key in an encoding that says it is public (an xpub/zpub extended public key, a Nostr "
         "npub, an age recipient age1…, an OpenSSH public key's body, a signify/minisign public key, a Tor client's .auth "
         "descriptor): the half that is handed out", generic_only=True, needs_in_value="p1AW:")
def is_public_key_encoding(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return _PUBLIC_KEY_ENCODING.match(value.strip()) is not None


# A list of numbers (in brackets or not, decimal or 0x hex, C# and Java's (byte) casts) that is a table, not random
# key bytes: within a band narrower than 64 (a JPEG zig-zag order 0..63, a CRC table's slice), in order (a lookup
# table, a gamma curve), a quarter zeros (a file header) or a published table; 16 random bytes are none of these but
# about once in a million.
_NUMBER_LIST = re.compile(r"^\[?[\s,]*(?:\(byte\)\s*)?(?:0x[0-9A-Fa-f]{1,2}|\d{1,3})(?:\s*,\s*(?:\(byte\)\s*)?(?:0x[0-9A-Fa-f]{1,2}|\d{1,3}))+[\s,]*\]?$")
_LISTED_NUMBER = re.compile(r"0x[0-9A-Fa-f]{1,2}|\d{1,3}")


@_filter("small_number_table", "a list of numbers within a narrow band, in order, a quarter zeros or a cipher's "
         "published table (a JPEG zig-zag order, a lookup table, a file header, AES's S-box), or named as a nonce, IV "
         "or table: a table, not the random bytes of a key",
         needs_in_value=",")
def is_small_number_table(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if _NUMBER_LIST.match(v) is None:
        return False
    numbers = [int(n, 16) if n.startswith("0x") else int(n) for n in _LISTED_NUMBER.findall(v)]
    if len(numbers) < 16:
        return False
    if set(key_words(key_name)) & _TABLE_NAME_WORDS:
        return True  # NONCE_KEY, SBOX_KEY, GAMMA_TABLE_KEY: what the name says the bytes are
    rising = all(a <= b for a, b in zip(numbers, numbers[1:]))
    falling = all(a >= b for a, b in zip(numbers, numbers[1:]))
    narrow = max(numbers) - min(numbers) < 64  # 0..63, a CRC table's slice, ASCII text as bytes: random bytes span ~0..255
    zeros = numbers.count(0) * 4 >= len(numbers)  # a file header or a padded record, never a key's draw
    return narrow or rising or falling or zeros or numbers[:8] in _CIPHER_TABLE_HEADS


# The first eight bytes of ciphers' published tables and test keys, which code copies under names like SBOX_KEY:
# AES's S-box and its inverse, FIPS 197's AES-128 example key (2b7e1516…) and NIST SP 800-38A's AES-192 and
# AES-256 example keys (8e73b0f7…, 603deb10…).
_EXAMPLE_KEY_HEADS = ([0x2B, 0x7E, 0x15, 0x16, 0x28, 0xAE, 0xD2, 0xA6], [0x8E, 0x73, 0xB0, 0xF7, 0xDA, 0x0E, 0x64, 0x52],
                      [0x60, 0x3D, 0xEB, 0x10, 0x15, 0xCA, 0x71, 0xBE])
_CIPHER_TABLE_HEADS = ([0x63, 0x7C, 0x77, 0x7B, 0xF2, 0x6B, 0x6F, 0xC5], [0x52, 0x09, 0x6A, 0xD5, 0x30, 0x36, 0xA5, 0x38],
                       *_EXAMPLE_KEY_HEADS)
_EXAMPLE_KEY_HEX_HEADS = frozenset(bytes(head).hex() for head in _EXAMPLE_KEY_HEADS)
_AES_KEY_HEX = re.compile(r"^(?:0x)?(?:[0-9A-Fa-f]{32}|[0-9A-Fa-f]{48}|[0-9A-Fa-f]{64})$")


@_filter("published_cipher_example_key", "the AES example key of FIPS 197 or NIST SP 800-38A written in hex "
         "(2b7e1516 28aed2a6 …): printed in the standards and every cipher's tests, it protects nothing",
         generic_only=True)
def is_published_cipher_example_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if _AES_KEY_HEX.match(v) is None:
        return False
    return v.removeprefix("0x").lower()[:16] in _EXAMPLE_KEY_HEX_HEADS
# Words in a byte list's name that say what else it is: a nonce, an IV, a salt, a cipher's table or round constants,
# a curve, a file's magic header, a test vector.
_TABLE_NAME_WORDS = frozenset({"nonce", "iv", "salt", "rcon", "sbox", "table", "tables", "lut", "curve", "gamma",
                               "header", "magic", "crc", "vector", "vectors"})


# Ghost's Content API key (26 hex digits) reads published posts only, and Ghost documents it as safe for the browser;
# the Admin API key is id:secret (24 hex, a colon, 64 hex) and stays shown.
_GHOST_CONTENT_KEY = re.compile(r"^[0-9a-f]{26}$")
_GHOST_CONTENT_CLIENT = re.compile(r"\bGhostContentAPI\b|content[_-]?api[_-]?key|contentApiKey", re.I)


# Visual Studio App Center's app secrets: one GUID per platform, `ios=<guid>;android=<guid>` as AppCenter.Start takes
# them. The SDK ships them inside the app to name it to the service; they grant no API access (API tokens do).
_APP_CENTER_SECRETS = re.compile(r"^(?:(?:ios|android|uwp|windowsdesktop|macos|appsecret|target)="
                                 r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12};?)+$")


@_filter("app_center_app_secret", "Visual Studio App Center app secrets (ios=<guid>;android=<guid>, as AppCenter.Start "
         "takes them): built into the app to name it, not an API credential", needs_in_value="=")
def is_app_center_app_secret(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return _APP_CENTER_SECRETS.match(value.strip()) is not None


_SHOPIFY_APP_KEY_WORDS = frozenset({"shopify", "app", "api", "key", "config", "client", "partner", "partners"})


@_filter("shopify_app_api_key", "a Shopify app's API key (32 hex), its OAuth client id: it goes in every install "
         "link; the app's secret (shpss_…) is what signs", generic_only=True, surroundings=True, needs_key_name=True)
def is_shopify_app_api_key(value: str, line: str, key_name: str | None, language: str | None,
                           around: Surroundings) -> bool:
    words = key_words(key_name)
    # (the name says nothing but whose app and which key: DATADOG_API_KEY near a Shopify secret is Datadog's)
    # (a one-letter object before it is a receiver, not a word: Django settings' c.shopify_api_key)
    if (_HEX32.match(value.strip()) is None or words[-2:] != ["api", "key"]
            or not {w for w in words if len(w) > 1} <= _SHOPIFY_APP_KEY_WORDS):
        return False
    if "shopify" in line.lower() or any("shpss_" in text for text in around.lines):
        return True
    # ... or a block the key sits in opens with Shopify's name (ShopifyApp.configure do |config|, shopify: {,
    # shopifyApp({ api: {): the openers above it at a smaller indentation, nearest first (a sibling block's is not)
    return any("shopify" in text.lower() for text in around.enclosing(line, _BLOCK_OPENER.search))


_BLOCK_OPENER = re.compile(r"(?:\bdo(?:[ \t]*\|[^|\n]*\|)?|[{(\[]|:)[ \t]*(?:#.*)?$")


@_filter("ghost_content_api_key", "a Ghost Content API key (26 hex, given to GhostContentAPI or under a content "
         "API key's name): it reads published content only, public by design", generic_only=True, surroundings=True)
def is_ghost_content_api_key(value: str, line: str, key_name: str | None, language: str | None,
                             around: Surroundings) -> bool:
    if _GHOST_CONTENT_KEY.match(value.strip()) is None:
        return False
    return any(_GHOST_CONTENT_CLIENT.search(text) for text in (line, *around.lines))


# Analytics cookies in a browser's saved state (Playwright's storageState, a cookie export): Hotjar's _hjSession…,
# Google Analytics' _ga/_gid, Segment's ajs_…, Mixpanel's mp_…, Meta's _fbp, Google Ads' _gcl_…. They count visits;
# they log no one in.
_ANALYTICS_COOKIE_NAME = re.compile(r""""name"[ \t]*:[ \t]*"(?:_hj\w*|_ga\w*|_gid|ajs_\w+|mp_\w+|amplitude_\w+|_fbp|_gcl_\w+)\"""")
_COOKIE_NAME = re.compile(r""""name"[ \t]*:[ \t]*\"""")


@_filter("analytics_cookie", "the value of an analytics cookie in a saved browser state (Hotjar's _hjSessionUser_…, "
         "_ga, ajs_…): it counts visits and logs no one in", surroundings=True, needs_in_line='"')
def is_analytics_cookie(value: str, line: str, key_name: str | None, language: str | None,
                        around: Surroundings) -> bool:
    for text in (line, *reversed(around.lines[:around.lines_before])):
        if _COOKIE_NAME.search(text):
            return _ANALYTICS_COOKIE_NAME.search(text) is not None  # the nearest cookie name above (or on the line)
    return False
