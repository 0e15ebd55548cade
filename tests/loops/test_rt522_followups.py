"""Follow-ups of red-team sets 522 onwards: auth-as-a-service SDKs, statistical scripting, music APIs, device
management, ACME and DNS, crypto-library test suites. Values are drawn at run time; failures name the file and the
statuses, never the value (PYTEST_DONT_REWRITE: plain asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import random
import secrets

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, rule_ids as _rules
from tests.support.tokens import random_b64, random_chars, random_uuid, varied_key

_R = random.Random(522)
_HEX = "0123456789abcdef"
_URLSAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_FOUND = (["confirmed"], ["pending"])


def _mixed(n: int) -> str:
    return varied_key(_R, n)


def _hex(n: int) -> str:
    return random_chars(_R, n, _HEX)


def _found(line: str, path: str, rule: str) -> None:
    assert rule in _rules(line, path), path
    assert outcomes(line, path) in _FOUND, path


# --- vendor formats and positional keys (sets 522, 525, 529, 531, 535) ---------------------------------------------------

def test_vendor_keys_given_by_position_or_in_their_format_are_found() -> None:
    _found(f'    return new FusionAuthClient("{random_chars(_R, 64, _URLSAFE)}", "https://auth.corp.io");\n',
           "src/main/java/AuthConfig.java", "fusionauth-client-api-key")
    _found(f'fa := fusionauth.NewClient(httpClient, baseURL, "{random_chars(_R, 64, _URLSAFE)}")\n', "cmd/sync/main.go",
           "fusionauth-client-api-key")
    _found(f"const mAdmin = new Magic('sk_live_{_hex(16).upper()}');\n", "api/auth.js", "magic-secret-key")
    _found(f"DEEZER_ARL={_hex(192)}\n", "downloader/.env", "deezer-arl-cookie")
    _found(f'auth = Auth.from_key("PLAK{_hex(32)}")\n', "orders/submit.py", "planet-api-key")
    appid = f"{random_chars(_R, 6, '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ')}-{random_chars(_R, 10, '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ')}"
    _found(f'WOLFRAM_APPID = "{appid}"\n', "bot/config.py", "wolfram-alpha-appid")
    _found(f'c = cdsapi.Client(url=URL, key="{_R.randint(10000, 999999)}:{random_uuid(_R)}")\n', "src/fetch_era5.py",
           "cds-api-key")
    assert "amazon-lwa-token" in _rules(f'  "access_token": "Atna|{random_chars(_R, 300, _URLSAFE)}",\n', "audible.json")


def test_look_alikes_of_the_vendor_formats_are_not_shown() -> None:
    # Magic's publishable key, a Stripe key after the same prefix, a demo AppID, an environment lookup
    assert not_shown(f"const magic = new Magic('pk_live_{_hex(16).upper()}');\n", "web/src/magic.js")
    assert "magic-secret-key" not in _rules(f"STRIPE_KEY=sk_live_{random_chars(_R, 99)}\n", "api/.env")
    assert not_shown('wolfram_app_id = "DEMO"\n', "bot/config.py")
    assert not_shown("const client = new FusionAuthClient(process.env.FUSIONAUTH_API_KEY, url);\n", "src/auth.ts")


def test_supabase_publishable_key_is_public_and_its_secret_key_is_not() -> None:
    code = (f"const supabase = createClient('https://{random_chars(_R, 20, 'abcdefghijklmnopqrstuvwxyz')}.supabase.co', "
            f"'sb_publishable_{random_chars(_R, 31, _URLSAFE)}')\n")
    assert not_shown(code, "web/src/lib/supabase.ts")
    assert outcomes(f"SUPABASE_SECRET_KEY=sb_secret_{random_chars(_R, 31, _URLSAFE)}\n", "api/.env") == ["confirmed"]


def test_a_key_id_and_secret_joined_by_a_colon_is_no_configuration_path() -> None:
    key = f"K2{_mixed(26)}:K2{_mixed(58)}"
    assert outcomes(f"DESCOPE_MANAGEMENT_KEY={key}\n", "api/.env") in _FOUND
    # a .NET configuration path of words still names where the value is looked up
    assert not_shown('const string SecretConfigKey = "Payments:WebhookSigningKey";\n', "src/Payments/Options.cs")


# --- R, Stata, MATLAB, Wolfram (set 524) -----------------------------------------------------------------------------------

def test_secrets_in_statistical_code_are_found() -> None:
    _found(f'  password = c("{_mixed(14)}", "{_mixed(14)}"),\n', "shiny/app.R", "r-vector-password")
    _found(f'  req_auth_basic(sid, "{_hex(32)}") |>\n', "R/alerts.R", "r-http-basic-auth-password")
    _found(f'  jwt_encode_hmac(claim, secret = charToRaw("{_mixed(40)}"))\n', "plumber/api.R", "key-field-from-string-bytes")
    _found(f'    local token "{_hex(32).upper()}"\n', "stata/01_pull.do", "command-word-secret-assignment")
    _found(f"thingSpeakWrite(2627560, data, 'WriteKey', '{random_chars(_R, 16, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ')}');\n",
           "matlab/upload.m", "name-value-argument-secret")
    _found(f'$EntrezKey = "{_hex(36)}";\n', "mathematica/Keys.wl", "secret-assignment")


def test_statistical_look_alikes_are_not_shown() -> None:
    assert not_shown('  password = c(Sys.getenv("ADMIN_PW"), Sys.getenv("VIEWER_PW")),\n', "shiny/app.R")
    assert not_shown("passport.authenticate('local', { failureRedirect: '/login' })\n", "src/routes.js")
    assert not_shown('local password = os.getenv("DB_PASSWORD")\n', "scripts/db.lua")
    assert not_shown("fields = {'name', 'password', 'email'};\n", "matlab/form.m")


# --- YAML name/value pairs, Hanko, login calls (sets 522, 525, 526, 527) -----------------------------------------------------

def test_dashless_name_value_pairs_and_hanko_keys_are_found() -> None:
    hook = f"            config:\n              name: X-Webhook-Key\n              value: {_mixed(40)}\n"
    assert "yaml-name-value-secret" in _rules(hook, "kratos/hooks.yml")
    hanko = f'secrets:\n  keys:\n    - "{_mixed(32)}"\n'
    assert "ory-secrets-list-item" in _rules(hanko, "hanko/config.yaml")
    # a UI field's definition names a password field and its label
    assert not_shown("  name: password\n  value: Enter your password\n", "ui/forms/login.yaml")


def test_login_calls_and_selectors_hold_passwords() -> None:
    _found(f"musicbrainzngs.auth('crate-bot', '{_mixed(12)}')\n", "tools/mb.py", "basic-auth-literal-pair")
    _found(f'c.set_token("{_mixed(40)}", "token")\n', "sfx/fetch.py", "snake-case-setter-call")
    spec = f"  await page.fill('input[name=\"password\"]', '{_mixed(10)}$');\n"
    assert "e2e-test-password-input" in _rules(spec, "checks/login.spec.ts")
    assert not_shown("const user = firebase.auth().currentUser;\n", "web/src/session.js")


# --- names (sets 524, 525, 529, 530, 531) --------------------------------------------------------------------------------

def test_uuid_under_a_vendor_key_name_is_a_key_and_under_a_data_key_name_is_not() -> None:
    assert outcomes(f"export AIRVISUAL_KEY=\"{random_uuid(_R)}\"\n", "scripts/fetch.sh") in _FOUND
    assert not_shown(f'PARTITION_KEY = "{random_uuid(_R)}"\n', "app/settings.py")
    assert not_shown(f'\tSTORAGE_COLLECTION_KEY = "{random_uuid(_R)}"\n', "server/auth.go")
    # a prefixed id: its kind before the underscore
    assert not_shown(f"PAYMENT_KEY = 'tgen_{_hex(14)}{_mixed(6)}'\n", "toss/toss_test.py")
    assert outcomes(f"SAVED_GD_Key='{_mixed(6)}_{_mixed(28)}'\n", "acme/account.conf") in _FOUND


def test_user_keys_and_scep_challenges_are_credentials_and_a_putty_header_is_not() -> None:
    assert outcomes(f"ACOUSTID_USER_KEY = '{_mixed(10)}'\n", "tools/lookup.py") in _FOUND
    assert outcomes(f"  apple_scep_challenge: {_hex(32)}\n", "fleet/fleet.yml") in _FOUND
    profile = f"\t\t<key>Challenge</key>\n\t\t<string>{_hex(32).upper()}</string>\n"
    assert outcomes(profile, "profiles/SCEP.mobileconfig") in _FOUND
    assert not_shown("PuTTY-User-Key-File-3: ssh-ed25519\n", "keys/deploy.ppk")
    # a cache key under a user-key name reads as words
    assert not_shown('USER_KEY = "currentUser"\n', "web/src/store.js")


# --- device management (set 530) -----------------------------------------------------------------------------------------

def test_device_management_secrets_are_found() -> None:
    _found("/usr/bin/defaults write /Library/Managed\\ Preferences/com.google.Chrome CloudManagementEnrollmentToken "
           f"-string {random_uuid(_R)}\n", "munki/scripts/postinstall", "macos-defaults-write-secret")
    tenant = base64.b64encode(secrets.token_bytes(32)).decode()
    _found(f'$TenantCode = "{tenant}"\n', "ws1/api.ps1", "workspace-one-tenant-code")
    vpn = f"\t\t<key>SharedSecret</key>\n\t\t\t\t<data>{random_b64(_R, 24)}</data>\n"
    assert "plist-secret-value" in _rules(vpn, "profiles/VPN.mobileconfig")
    assert not_shown("defaults write com.apple.dock autohide -bool true\n", "scripts/setup.sh")


# --- ACME, DNS and digests (sets 528, 531) -------------------------------------------------------------------------------

def test_acme_eab_hmac_keys_and_tsig_secrets_on_command_lines_are_found() -> None:
    _found(f"  --eab-kid {random_chars(_R, 22, _URLSAFE)} --eab-hmac-key {random_chars(_R, 86, _URLSAFE)} \\\n",
           "scripts/certbot.sh", "acme-eab-hmac-key")
    _found(f"  mac_key {random_chars(_R, 86, _URLSAFE)} }}\n", "Caddyfile", "acme-eab-hmac-key")
    _found(f"nsupdate -y hmac-sha256:acme-update:{base64.b64encode(secrets.token_bytes(32)).decode()} <<EOF\n",
           "scripts/ddns.sh", "tsig-key-on-command-line")
    assert not_shown('  --eab-hmac-key "$EAB_HMAC_KEY" \\\n', "scripts/certbot.sh")
    assert not_shown("nsupdate -k /etc/bind/acme-update.key <<EOF\n", "scripts/ddns.sh")


def test_ssh_fingerprints_are_digests() -> None:
    fingerprint = "SHA256:" + base64.b64encode(secrets.token_bytes(32)).decode().rstrip("=")
    note = f"Agent note: told customer to rotate. Fingerprint of the old key:\n{fingerprint}\n"
    assert not_shown(note, "support/tickets/ZD-1.txt")


# --- public by design, and the other way (sets 392, 532, 536) --------------------------------------------------------------

def test_algolia_secured_keys_are_public_and_indexer_admin_keys_are_not() -> None:
    query = f"filters=user%3A{_R.randint(1, 999)}&validUntil=1760000000"
    digest = hmac.new(secrets.token_bytes(16), query.encode(), hashlib.sha256).hexdigest()
    secured = base64.b64encode((digest + query).encode()).decode()
    assert not_shown(f"const apiKey = '{secured}';\n", "web/src/search.js")
    plugin = ("  {\n    resolve: `gatsby-plugin-algolia`,\n    options: {\n      appId: 'K7QW2XRT9B',\n"
              f"      apiKey: '{_hex(32)}', // admin key: needs addObject\n      queries,\n    }},\n  }},\n")
    assert outcomes(plugin, "gatsby-config.js") in _FOUND


def test_wycheproof_vectors_and_field_name_templates_are_dismissed() -> None:
    vectors = (f'    {{\n      "tcId": 2,\n      "key": "{_hex(40)}",\n      "data": "{_hex(56)}",\n'
               f'      "mac": "{_hex(64)}"\n    }},\n')
    assert not_shown(vectors, "tests/vectors/hmac_sha256.json")
    template = base64.b64encode(b"client_id:client_secret").decode()
    assert not_shown(f"Authorization: Basic {template}\n", "docs/api.md")


# --- game backends and field-service APIs (sets 538, 539) -----------------------------------------------------------------

def test_a_push_subscription_token_and_an_env_subscript_default_are_secrets() -> None:
    assert outcomes(f'\trtdnPushToken = "{random_chars(_R, 40, _URLSAFE)}"\n', "modules/iap.go") in _FOUND
    # a device's push token stays the address a notification goes to
    assert not_shown(f'apns_push_token = "{_hex(64)}"\n', "app/notify.py")
    _found(f'  const adjustToken = ctx.env["ADJUST_S2S_TOKEN"] || "{_hex(32)}";\n', "modules/src/main.ts",
           "js-env-default-secret")


def test_event_token_maps_sealed_chart_values_and_nakama_server_keys_are_not_shown() -> None:
    events = f"const EVENT_TOKENS = {{\n  purchase: '{_hex(11)}',\n  tutorial_complete: '{_hex(32)}',\n}};\n"
    assert not_shown(events, "services/attribution/adjust.js")
    sealed = f"sevenshifts:\n  sealedToken: AgB{random_b64(_R, 600)}\n"
    assert not_shown(sealed, "charts/values.yaml")
    assert not_shown(f"  NAKAMA_SERVER_KEY: {_mixed(24)}\n", "deploy/k8s/secret-dev.yaml")
    # the same maps of real tokens stay shown
    tokens = f"const API_TOKENS = {{\n  billing: '{_mixed(32)}',\n}};\n"
    assert outcomes(tokens, "services/api/clients.js") in _FOUND


# --- probes of this stop (sets 533, 537) and event streaming (set 540) -------------------------------------------------------

def test_the_probes_shapes_of_this_stops_rules_are_found() -> None:
    _found(f"    - rpk acl user create billing -p '{_mixed(10)}&' --mechanism SCRAM-SHA-256\n", ".gitlab-ci.yml",
           "rpk-user-create-password")
    _found("conn = database('warehouse', 'analyst', 'velvet falcon lantern thistle', 'Vendor', 'PostgreSQL');\n",
           "analytics/load.m", "matlab-database-call-password")
    _found(f'defaults write /Library/Preferences/com.example.agent RegistrationToken "{_hex(32).upper()}"\n',
           "mac/scripts/enroll.sh", "macos-defaults-write-secret")
    _found(f'session.cookies.set("arl", "{_hex(192)}")\n', "tools/dl/client.py", "deezer-arl-cookie")
    appid = f"{random_chars(_R, 6, '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ')}-{random_chars(_R, 10, '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ')}"
    _found(f'WolframAlpha["GDP of France", "Result", AppID -> "{appid}"]\n', "analytics/Sales.wl", "wolfram-alpha-appid")
    _found(f'client = fal_client.SyncClient(key="{random_uuid(_R)}:{_hex(32)}")\n', "ml/worker.py", "fal-api-key")
    postman = (f'          "basic": [\n            {{ "key": "password", "value": "@{_mixed(14)}", "type": "string" }},\n'
               '            { "key": "username", "value": "ops-admin", "type": "string" }\n')
    assert "postman-auth-parameter-secret" in _rules('"auth": {\n          "type": "basic",\n' + postman, "api.postman_collection.json")
    address = f'database:\n  address:\n    - "nakama:{_mixed(6)}@{_mixed(8)}@cockroach-0.db.svc:26257/nakama"\n'
    assert outcomes(address, "nakama/config/production.yml") in _FOUND
    assert outcomes(f'  ndes_static_challenge: "{_hex(16).upper()}"\n', "jamf/settings.yml") in _FOUND


def test_the_probes_look_alikes_are_not_shown() -> None:
    assert not_shown("rpk topic create orders -p 12 -r 3\n", ".gitlab-ci.yml")
    assert not_shown("defaults write com.apple.dock tilesize -int 36\n", "mac/scripts/dock.sh")
    assert not_shown(f"  LAUNCHDARKLY_CLIENT_KEY: '{_hex(24)}',\n", "web/src/config.ts")
    for name in ("DATASET_KEY", "CORRELATION_KEY", "DEFAULT_PLAN_KEY"):
        assert not_shown(f"{name}={random_uuid(_R)}\n", "services/geo/.env.production"), name
    # a PKCE code challenge is a hash sent in the open
    assert not_shown(f'code_challenge = "{random_chars(_R, 43, _URLSAFE)}"\n', "web/src/oauth.py")


# --- conversational AI platforms (set 542) --------------------------------------------------------------------------------

def test_voiceflow_and_azure_ai_keys_are_found_and_teams_toolkit_ciphertext_is_not() -> None:
    _found(f"curl -H 'Authorization: VF.DM.{_hex(24)}.{random_chars(_R, 16)}' https://api.voiceflow.com/v1/kb\n",
           "scripts/kb_upload.sh", "voiceflow-api-key")
    assert outcomes(f"const speechKey = '{_hex(32)}'; // westeurope\n", "bot/index.js") in _FOUND
    assert outcomes(f'  "luis:endpointKey": "{_hex(32)}",\n', "bot/luis.settings.json") in _FOUND
    assert not_shown(f"SECRET_AAD_APP_CLIENT_SECRET=crypto_{random_b64(_R, 120)}\n", "env/.env.local.user")


# --- the third probe (set 544) and data catalogs (set 543) ----------------------------------------------------------------

def test_sealing_keys_and_url_template_passwords_are_found_and_key_ids_are_not() -> None:
    sealing = base64.b64encode(secrets.token_bytes(32)).decode()
    assert outcomes(f"  sealingKey: {sealing}\n", "deploy/helm/values-production.yaml") in _FOUND
    _found(f'var dsn = fmt.Sprintf("sqlserver://alation_ro:%s@mssql-dw.corp.internal:1433", "{_mixed(20)}")\n',
           "governance/alation/sync.go", "url-template-password-argument")
    assert not_shown(f"auth.jwks.kid={random_uuid(_R)}\n", "src/main/resources/application-prod.properties")
    assert not_shown('var dsn = fmt.Sprintf("sqlserver://ro:%s@dw:1433", os.Getenv("DW_PASSWORD"))\n', "sync.go")


# --- identity and e-signature APIs, marketing templates, data exports (sets 545-547) -----------------------------------------

def test_keys_in_a_username_slot_after_a_keystore_file_or_decoded_under_a_key_constant_are_found() -> None:
    _found(f"configuration = dropbox_sign.Configuration(username='{_hex(64)}')\n", "sign/client.py",
           "hex-api-key-as-username")
    _found(f'    SslSettings ssl = SslSettings.create("relying_party.pfx", "{_mixed(20)}", "ca.crt");\n',
           "src/main/java/FrejaClient.java", "keystore-file-then-password")
    _found(f"const UNSUB_KEY = Buffer.from('{_hex(64)}', 'hex');\n", "src/mailer/unsubscribe.ts",
           "secret-assignment-decoded-literal")
    _found(f"ADOBE_SIGN_INTEGRATION_KEY = '3AAABLblqZh{random_chars(_R, 60, _URLSAFE)}*{random_chars(_R, 40, _URLSAFE)}'\n",
           "sign/adobe.py", "adobe-sign-integration-key")
    assert not_shown("username = 'deploy-bot'\n", "deploy/config.py")
    assert not_shown(f"TOKEN_ENDPOINT_KID = '{_hex(40)}'\n", "auth/keys.py")


def test_segment_write_keys_in_a_browser_sources_event_export_are_public() -> None:
    record = (f'{{"messageId": "ajs-next-{_hex(32)}", "event": "Order Completed", '
              f'"context": {{"library": {{"name": "analytics.js"}}}}, "writeKey": "{_mixed(32)}"}}\n')
    assert not_shown(record, "exports/segment_events.jsonl")
    # a server source's key in its settings stays shown
    assert outcomes(f"analytics.write_key = '{_mixed(32)}'\n", "services/api/analytics.py") in _FOUND


# --- recruiting APIs and self-hosted stacks (sets 549, 550) ---------------------------------------------------------------

def test_partner_and_developer_keys_positional_greenhouse_keys_and_setdefault_fallbacks_are_found() -> None:
    assert outcomes(f"const partnerKey = '{_mixed(11)}';\n", "glassdoor/client.js") in _FOUND
    assert outcomes(f'Const DeveloperKey As String = "{random_chars(_R, 20, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}"\n',
                    "jobboard/careerbuilder.vb") in _FOUND
    _found(f"client = GreenhouseIo::Client.new('{_hex(32)}')\n", "lib/greenhouse.rb", "sdk-client-positional-api-key")
    _found(f'os.environ.setdefault("B2_ACCOUNT_KEY", "K005{_mixed(27)}")\n', "backup/settings.py",
           "env-lookup-default-secret")
    assert not_shown('os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site.settings")\n', "manage.py")


# --- the fourth probe (set 548) --------------------------------------------------------------------------------------------

def test_go_decoded_keys_without_a_colon_and_android_keystores_are_found() -> None:
    _found(f'var SIGNING_KEY, _ = hex.DecodeString("{_hex(64)}")\n', "internal/sign/keys.go",
           "secret-assignment-decoded-literal")
    _found(f'KeyStore ks = load("certs/app.bks", "{_mixed(12)}");\n', "app/src/main/java/Tls.java",
           "keystore-file-then-password")
