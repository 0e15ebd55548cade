"""Key names that say the value is not a credential: the name describes one
(password_hint, token_url), contains a credential word inside another word (tokenizer), marks a
fixture (wrongSecret), a message-catalogue entry, a public value, a cursor or idempotency token,
a storage slot's name, an option, a predicate (allPass), pass as a verb, a language model's text
token, an anti-forgery token, a web server's upstream directive, a lexer's token class, a header's
name or PWD set to a path.
"""

from __future__ import annotations

import re

from .hashes_and_digests import _HEX_DIGEST_LENGTHS
from .registry import Surroundings, _filter
from .text_shapes import _HEX, _looks_random
from .word_shapes import _WORDED_KEY, english_like, wordlike
from .words import (_CREDENTIAL_WORDS, approle_secret_id, key_words, names_credential, names_password,
                    names_vault_secret_id, split_words, without_account_qualifiers)


# An HTTP header's name: words of letters joined by hyphens (Authorization, X-Api-Key, PRIVATE-TOKEN, X-Amz-Date)
_WORDS_OF_A_HEADER_NAME = re.compile(r"^[A-Za-z]{1,20}(?:-[A-Za-z0-9]{1,20}){0,6}$")


# The last word of a key that describes a credential instead of holding one: password_hint,
# token_url, secret_name, api_key_header, passwordLength, token_type, auth_method, ...
_DESCRIBING_WORDS = frozenset({
    "hint", "hints", "tag", "tags", "length", "len", "min", "max", "policy", "policies", "pattern", "regex", "regexp", "rule",
    "modes",  # auth_modes=("bearer", "xai-oauth") lists the ways a client may authenticate
    "owner", "owners",  # who a credential belongs to: token_owner = "subscription"
    "encryptor", "encrypter",  # what encrypts them: FileZilla's "Master password encryptor" is a public key
    "grant", "grants",  # an OAuth grant type's name: AUTHORIZATION_CODE_GRANT = "authorization_code"
    "user", "users", "username", "usernames",  # who holds it: AUTHORIZATION_ADMINLIST_USERS, api_key_user
    "rules", "label", "title", "placeholder", "prompt", "message", "msg", "error", "errors", "err", "field",
    "fields", "input", "type", "types", "mode", "format", "url", "uri", "urls", "endpoint", "path", "file",
    "files", "dir", "directory", "name", "names", "header", "headers", "param", "parameter", "prefix", "suffix",
    # the name of the column or attribute that holds it: Horde's 'pass_col' => 'user_pass'
    "col", "attr", "attribute",
    # where a UI test finds the field: PASSWORD_XPATH, password_locator, passwordSelector
    "xpath", "locator", "selector", "css",
    # a style of the field that takes it: a theme's passwordFieldBorder, secretBannerBg, tokenColor
    "border", "bg", "background", "color", "colour", "radius", "shadow", "padding", "margin", "width", "height",
    "spacing", "opacity", "outline",
    # how a tool gets it at run time: vdirsyncer's password.fetch = ["command", "pass", …]
    "fetch",
    # which key management a network uses: wireless_key_mgmt: wpa2-psk
    "mgmt", "management",
    # the outcome of an authentication, not its credential: MediaWiki's $authRes = 'Failed'
    "res", "result", "results", "status",
    # who may use it: snmp_community_acl names an access list (MGMT-ONLY), not the community
    "acl", "acls",
    # the flow that replaces it: a password_reset template's id, page or link
    "reset",
    # a message id's state, whose text a catalogue or a dict of messages holds: 'auth.token.expired': 'Expired'
    "expired", "invalid", "incorrect", "mismatch", "missing", "wrong",
    "expiry", "expires", "expiration", "expire", "ttl", "timeout", "lifetime", "count", "size", "enabled",
    "disabled", "required", "strength", "validator", "validation", "icon", "button", "text", "description",
    "desc", "help", "tooltip", "method", "methods", "provider", "scope", "scopes", "version", "algorithm", "alg",
    "store", "storage", "manager", "service", "class", "handler", "helper", "factory", "generator", "builder",
    "parser", "validity", "location", "env", "var", "variable", "ref", "reference", "id", "ids", "arn",
    "tokenizer", "tokenize", "changed", "updated", "created", "at", "date", "time",
    # a switch: OpenLDAP's olcSmbK5PwdEnable: samba names which hashes the overlay keeps
    "enable", "disable",
    # how strong a password is, how severe an error about a secret is: secret.level = 'handshake'
    "level",
    # what hashing it costs: password_hash_cost, BCRYPT_COST; which step of a reset flow: pwdResetStep; which entry of a
    # key store: SIGNING_KEY_ALIAS=upload
    "cost", "step", "alias",
    # in what order credentials or token sets apply: a design-token file's tokenSetOrder
    "order", "ordering",
    # a token's global id (Steam's token_gid), the state an auth flow is in (authState = "pending")
    "gid", "state",
    # the routine that checks it and how hard it must be: Oracle's c_pwd_verify_fn, gc_pwd_complexity
    "fn", "func", "function", "complexity",
    # framework settings that name code or a template handling credentials: AUTH_USER_MODEL,
    # PASSWORD_HASHERS, password_reset_template, AUTHENTICATION_BACKENDS
    "model", "models", "backend", "backends", "hasher", "hashers", "template", "templates", "form", "forms",
    "view", "views", "widget", "middleware", "module", "serializer", "link", "links", "page", "email",
    # what kind of credential, and where it is sent: CustomerMasterKeySpec = "RSA_4096",
    # auth_protocol = "MIT-MAGIC-COOKIE-1", REFRESH_TOKEN_HOST = "www.example.com"
    "spec", "specs", "protocol", "host", "hostname", "domain", "port",
    # how or where a client authenticates, and handles that stand for a credential: authMechanism =
    # "SCRAM-SHA-256", authSource = "admin", credential_strategy = "config", secret_id_accessor
    "mechanism", "mechanisms", "source", "database", "intent", "strategy", "accessor", "accessors", "use",
    # which driver, table column or LDAP filter handles the password: password_driver = "sql",
    # passwordColumn = "authentication_string", password_ldap_search_filter = "(uid=%login)"
    "driver", "drivers", "column", "columns", "filter", "filters",
    "sock", "socket",  # where an agent listens: SSH_AUTH_SOCK=/tmp/ssh-XXXX/agent.123, GPG_AGENT_SOCK
    "enc",  # JOSE: id_token_encrypted_response_enc = "A128CBC-HS256" names the content encryption
    # code and schemes that handle credentials, and where they are accepted: pwd_context =
    # CryptContext(…), PASSWORD_SCHEMES = ["auto"], password_util_cls, auth_hosts, tokenPostfix
    "context", "scheme", "schemes", "cls", "util", "utils", "function", "hosts", "postfix",
    # which key-management suite a network uses: auth_key_management = ["SUITE-B-192X"]
    "management",
    # a one-way hash of the credential, not the credential: RabbitMQ's password_hash, token_digest
    "hash", "hashed", "digest",
    # a key's or certificate's fingerprint: a digest of its public half (apiKeyFingerprint: "SHA256:…")
    "fingerprint", "fingerprints", "thumbprint",
    # a JWK's key id, which a JWT's header names in the open: auth.jwks.kid
    "kid",
    # a command that prints the credential when run: RESTIC_PASSWORD_COMMAND, vault_token_cmd
    "command", "cmd",
    # who a pre-shared key belongs to: psk_identity, bridge_identity
    "identity",
    # who issues and who accepts a token, and in whose directory: Auth__Authority (an identity provider's URL),
    # JWT_ISSUER, token_audience, auth_tenant, auth_realm
    "authority", "issuer", "audience", "tenant", "realm",
    # how a stored credential is checked: Zend's auth.password.treatment = "SHA1(CONCAT(?, salt))"
    "treatment",
})
# Words that name a way of authenticating, not a credential, but may come before a describing word (auth_mode,
# authorization_policy): the pair describes.
_AUTH_WORDS = frozenset({"auth", "authorization", "authentication", "authn", "authz"})
# A unit after the name says what kind of number it holds: TOKEN_EXPIRES_AT_MS is TOKEN_EXPIRES_AT.
_UNIT_WORDS = frozenset({"ms", "sec", "secs", "seconds", "minutes", "mins", "hours", "days", "millis", "utc"})
# So does an encoding after it: psk_id_hex is the psk_id written in hex.
_ENCODING_WORDS = frozenset({"hex", "b64", "base64", "bytes", "str", "utf8"})
# ... and after a public key's name, its container or coordinate: DEVICE_PUBKEY_PEM, SERVER_PUBKEY_X.
_KEY_ENCODING_WORDS = _ENCODING_WORDS | {"pem", "der", "x", "y"}


_LEADING_DESCRIBING_WORDS = frozenset({"pattern", "prefix", "suffix", "regex", "regexp", "hint", "label", "placeholder",
                                       "prompt", "tooltip", "hashed",
                                       # a value shown as one: example_password, sample_token
                                       "example", "sample",
                                       # an LDAP attribute's or a column's name: ATTRIBUTE_PASSWORD = 'userPassword'
                                       "attribute", "attr", "column"})
# Where credentials are kept: keyVaultToStoreSecrets, bucket_for_secrets name the container.
_CONTAINER_WORDS = frozenset({"vault", "vaults", "bucket", "buckets", "keyring", "keychain", "keystore", "folder", "table"})
_PREPOSITIONS = frozenset({"to", "for", "of", "with", "from", "in", "into"})
_TRAILING_PREPOSITIONS = frozenset({"in", "at", "on", "after", "before", "until"})


_SESSION_COOKIE_NAMES = frozenset({"asp.net_sessionid", "jsessionid", "phpsessid", "aspsessionid"})


@_filter("describing_key_name", "the name describes a credential (password_hint, token_url, secret_name), not holds one",
         generic_only=True, needs_key_name=True, surroundings=True)
def is_describing_key_name(value: str, line: str, key_name: str | None, language: str | None,
                           around: Surroundings = Surroundings()) -> bool:
    words = key_words(key_name)
    if _typed_input_compared(key_name, line):
        return False
    if len(words) >= 3 and (words[-1] in _UNIT_WORDS or words[-1] in _ENCODING_WORDS):
        words = words[:-1]
    # So does a preposition after a describing word: OAuth's expires_in, a token's expires_at.
    if len(words) >= 3 and words[-1] in _TRAILING_PREPOSITIONS and words[-2] in _DESCRIBING_WORDS:
        words = words[:-1]
    # (auth, authorization and authentication name no credential of their own, but one described: auth_mode,
    # Authelia's authorization_policy: two_factor)
    if len(words) >= 2 and words[-1] in _DESCRIBING_WORDS and (names_credential(words[:-1]) or words[-2] in _AUTH_WORDS):
        if tuple(words[-2:]) in _CREDENTIAL_LAST_TWO:
            return False  # basic_auth_users: a map of users to their passwords
        if (_access_key_id(words, value) or names_vault_secret_id(words)
                or approle_secret_id(words, (line, *around.lines))):
            return False
        if words[-3:] == ["api", "key", "id"] and ({"ibm", "cos"} & set(words[:-3])):
            return False  # the IBM COS SDKs' ibm_api_key_id (COS_API_KEY_ID in env files) holds the API key itself
        if words[-1] in ("header", "headers") and not _WORDS_OF_A_HEADER_NAME.match(value.strip()):
            return False  # a header's name is words (X-Api-Key); a random value under tokenRequestTTLHeader is a token
        if words[-1] in ("param", "parameter") and not _parameter_name_shaped(value):
            return False  # a stack's parameter given its value (SAM's DbPasswordParam="…"), not the parameter's name
        if words[-1] in ("hash", "digest") and not _digest_shaped(value):
            return False  # Flutterwave's SECRET_HASH: a shared secret the merchant chose, not a digest of one
        # a cookie's session id (ASP.NET_SessionId=…, session_id=… in a Cookie header, new Cookie("JSESSIONID",
        # "…")) is the session itself: whoever sends it is logged in
        # (a framework's own session cookie name says so wherever it is written: a HAR's {"name": "ASP.NET_SessionId"})
        return not (words[-2:] in (["session", "id"], ["sess", "id"])
                    and (f"{key_name}={value}" in line or "cookie" in line.lower()
                         or key_name.lower() in _SESSION_COOKIE_NAMES))
    # The server a credential is sent to, written as its host name (DocuSign's authServer, token_server)
    if len(words) >= 2 and words[-1] == "server" and _HOST_NAME.match(value) and (
            names_credential(words[:-1]) or words[-2] in _AUTH_WORDS):
        return True
    # A describing word right in front says the same (patternApiKey, prefixApiKey: a label's message
    # id); with another word between, the first word is part of a name (LABEL_STUDIO_API_KEY, LABEL_STUDIO_TOKEN).
    if 2 <= len(words) <= 3 and words[0] in _LEADING_DESCRIBING_WORDS and names_credential(words[1:]) and all(
            w == "api" or names_credential([w]) for w in words[1:]):
        return True
    # "from <credential>" with no credential before it: the value names the stored secret it comes
    # from (Drone's `from_secret: docker_password`, value_from_secret); token_from_vault holds one.
    if "from" in words:
        at = words.index("from")
        if names_credential(words[at + 1:]) and not names_credential(words[:at]):
            return True
    # "<head> to/for <…credential>": the head noun says what the value is (path_to_password,
    # keyVaultToStoreSecrets); a credential head (token_for_github) still holds one.
    at = next((i for i, w in enumerate(words) if w in _PREPOSITIONS), 0)
    return at > 0 and (words[at - 1] in _DESCRIBING_WORDS or words[at - 1] in _CONTAINER_WORDS) and names_credential(words[at + 1:])


# A DNS name of two or more labels ending in a top-level domain's letters (account-d.docusign.com)
_HOST_NAME = re.compile(r"^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,12}$")


def _parameter_name_shaped(value: str) -> bool:
    """A parameter's name or path as a value under password_param: letters (db_password, DbPassword), words, or a
    path (/prod/db/password); a run of letters and digits (Sunset1915xHwM) is the parameter's value."""
    v = value.strip()
    if _PARAMETER_NAME_CHARS.fullmatch(v) is None:
        return False  # a symbol a name never holds (Lantern12#): the parameter's value
    return "/" in v or v.replace("_", "").replace("-", "").replace(".", "").isalpha() or wordlike(v)


_PARAMETER_NAME_CHARS = re.compile(r"[/A-Za-z_][\w./:-]*")


def _digest_shaped(value: str) -> bool:
    """Could be a digest as a program writes one (or is too short to say): hex of 32 or more, a $- or {SCHEME}-
    format, base64 with its padding or punctuation, 40 characters or more, or under 8. A run of 8 to 39 letters,
    digits and a password's symbols (!@#%&*?^~) is none."""
    v = value.strip()
    return (len(v) >= 40 or len(v) < 8 or not _PASSWORD_CHARS.match(v)
            or (len(v) >= 32 and _HEX.match(v) is not None))


# Letters, digits and what people add to a password; a digest's own punctuation ($ . / + = { }) is not here.
_PASSWORD_CHARS = re.compile(r"^[A-Za-z0-9_\-!@#%&*?^~]+$")


# nginx's `auth_basic "Restricted";` (and its modules' auth_digest, auth_pam, auth_ldap, auth_radius, auth_jwt)
# names the realm a browser's login prompt shows, or turns it off; the passwords are elsewhere.
_NGINX_AUTH_REALM = re.compile(
    r"""^[ \t]*(auth_(?:basic|digest|pam|ldap|radius|jwt))[ \t]+(?:"[^"\n]*"|'[^'\n]*'|[^\s;'"]+)[ \t]*;""")


@_filter("nginx_auth_basic_realm", "nginx's auth_basic (auth_pam, auth_ldap, ...) names the login prompt's realm "
         "(\"Restricted\"), not a password", generic_only=True, needs_key_name=True)
def is_nginx_auth_basic_realm(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    directive = _NGINX_AUTH_REALM.match(line)
    return key_name is not None and directive is not None and key_name.lower() == directive.group(1)


# (Cloud Storage's HMAC keys say it the other way round: hmac_key_access_id)
_ACCESS_KEY_ID = (["access", "key", "id"], ["accesskey", "id"], ["access", "keyid"], ["key", "access", "id"])
# (base64 too: a Kubernetes Secret's data holds the id encoded)
_KEY_ID_VALUE = re.compile(r"^(?=.*[0-9])(?=.*[A-Za-z])[A-Za-z0-9._+/-]{16,128}={0,2}$")
# AWS's unique ids of IAM entities (a role's AROA…, a user's AIDA…): ids, not access keys (AKIA/ASIA have their rules)
_AWS_ENTITY_ID = re.compile(r"^A(?:ROA|IDA|GPA|NPA|NVA|PKA|IPA)[A-Z0-9]{12,20}$")


def _access_key_id(words: list[str], value: str) -> bool:
    """A cloud access key's id (BCE_ACCESS_KEY_ID, Yandex's static key id, Alibaba's STS.… id): the half of the
    pair the request names itself with, random like the secret and counted as a leak with it (labelled sets count
    AWS's key ids the same way)."""
    v = value.strip()
    return ((words[-3:] in _ACCESS_KEY_ID or words[-2:] in _ACCESS_KEY_ID) and _KEY_ID_VALUE.match(v) is not None
            and _AWS_ENTITY_ID.match(v) is None)


# git's user.signingkey (home-manager's programs.git.signing.key, gpg.signingKey): which OpenPGP key signs commits,
# by its 16-hex long id or 40-hex fingerprint (0x… too), or an SSH public key or its file. An id, public.
_OPENPGP_KEY_ID = re.compile(r"^(?:0x)?(?:[0-9A-Fa-f]{16}|[0-9A-Fa-f]{40})!?$")
_SIGNING_KEY_NAMES = frozenset({"signingkey", "signing.key"})  # (user.signingkey, gpg.signingKey: by their ending)


@_filter("git_signing_key_id", "git's signing key setting (user.signingkey, signing.key) names an OpenPGP key by its "
         "id or fingerprint: which key signs, not the key", generic_only=True, needs_key_name=True)
def is_git_signing_key_id(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    name = (key_name or "").lower()
    words = key_words(key_name)
    named = (name in _SIGNING_KEY_NAMES or name.endswith((".signingkey", ".signing.key"))
             or (words[-2:] == ["signing", "key"] and bool({"git", "gpg", "commit", "commits"} & set(words))))
    return named and _OPENPGP_KEY_ID.match(value.strip()) is not None


@_filter("anti_forgery_token", "an anti-forgery token (csrf_token, authenticity_token): per-form, issued to every visitor",
         generic_only=True)
def is_anti_forgery_token(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name) or split_words(line[: max(0, line.find(value))][-60:])
    if key_name and words and words[-1] in ("secret", "key", "salt"):
        return False  # csrf_secret, WTF_CSRF_SECRET_KEY: the server's key the tokens are signed with
    return any(w.startswith(("csrf", "xsrf")) or "authenticity" in w or "antiforgery" in w for w in words)


# A key's word that holds a credential on its own or at its end (dbpassword, oauth, apikeys).
_CREDENTIAL_ENDINGS = ("password", "passwort", "passwd", "pwd", "pass", "passphrase", "passcode", "secret", "secrets", "token",
                       "tokens", "key", "keys", "credential", "credentials", "auth", "authorization", "bearer",
                       "apikey", "cred", "creds", "pin", "sid", "cookie", "session", "signature", "salt", "pw",
                       "authtok", "psk", "sessionid", "sessid", "pepper", "secretword",  # 2Checkout's and ThriveCart's secret word
                       "saltmain", "saltalt")  # Moodle's $CFG->passwordsaltmain and its older passwordsaltalt1…


@_filter("key_names_no_credential", "the name only contains a credential word inside another word (secretloop_bin, tokenizer)",
         generic_only=True, needs_key_name=True)
def is_key_naming_no_credential(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    if not words:
        return False
    if _names_credential_without_its_word(words) or _names_a_challenge_password(words, language):
        return False
    if words == ["pat"] and (_AZURE_DEVOPS_PAT.match(value.strip()) or re.search(r"(?:^|\W)PAT$", key_name or "")):
        return False  # pat = "…" alone: a pattern's name, unless in capitals or with an Azure DevOps token's shape
    if words[-2:] == ["eab", "hmac"]:
        return False  # an ACME account's external account binding key, named for its HMAC: EAB_HMAC
    if words[-1] in ("answer", "answers") and {"recovery", "security", "secret"} & set(words):
        return False  # a recovery or security question's answer resets the account's password: Okta's recovery_answer
    return not any(w in _CREDENTIAL_WORDS or w.endswith(_CREDENTIAL_ENDINGS) for w in map(_uncounted, words))


@_filter("label_denies_credential", "the label says the value is not one (\"not a secret\", \"non-secret key\", \"no "
         "password\"): a note that marks what is safe to share", generic_only=True, needs_key_name=True)
def is_label_denying_credential(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    if len(words) < 2 or not names_credential(words[-1:]):
        return False
    before = words[-3:-1] if len(words) >= 3 and words[-2] in ("a", "an", "the") else words[-2:-1]
    return before[:1] in (["not"], ["no"], ["non"])


# An id named in brackets between a label and its value: Shopify's "API key (client id): …" is the app's OAuth client
# id, a "Site key (public): …" is shown to browsers. ("API key (not public)" says the opposite.)
_ID_IN_BRACKETS = re.compile(r"\((?:[^()\n]{0,24}[\s/,])?(?:(?:client|app|application|consumer|project|site|account)"
                             r"[ _-]?id|id|identifier|public|publishable)(?:[\s/,][^()\n]{0,24})?\)", re.I)
_NEGATED = re.compile(r"\b(?:not|non|never|no)\b|secret|private", re.I)


@_filter("label_says_identifier", "the label calls the value an id or public in brackets (\"API key (client id): …\")",
         generic_only=True, needs_key_name=True, needs_in_line="(")
def is_label_saying_identifier(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    at = line.find(value.strip())
    name_at = line.lower().rfind((key_name or "").lower(), 0, max(at, 0))
    if at <= 0 or name_at < 0:
        return False
    m = _ID_IN_BRACKETS.search(line, name_at + len(key_name or ""), at)
    return m is not None and not _NEGATED.search(m.group(0))


# Credentials' names that hold no credential word. The word list is every filter's, and there these words mean other
# things (sk is a sort key in DynamoDB, a certificate or a team is public): this filter alone reads them.
_CREDENTIAL_AFTER_A_NAME = frozenset({
    "pat",  # a personal access token: GITHUB_PAT, AZURE_DEVOPS_EXT_PAT (alone, pat is a pattern)
    "ak", "sk",  # a cloud's access key pair as Chinese clouds' SDKs name it: HUAWEICLOUD_SDK_AK, OBS_SK
    "pk",  # a wallet's private key as EVM tools and Foundry tests name it: SIGNER_PK, keeperPk (alone, a primary key)
})
_CREDENTIAL_LAST_TWO = frozenset({
    ("app", "certificate"),  # Agora's App Certificate: the secret its token server signs RTC tokens with
    ("honeycomb", "team"),  # Honeycomb's API key header, X-Honeycomb-Team (named when a key was a team's write key)
    ("etsy", "keystring"),  # Etsy's name for its API key (alone, a keystring is a keyboard's row of keys)
    ("access", "license"), ("access", "licence"),  # UPS's AccessLicenseNumber: the key its legacy XML APIs log in with
    ("registered", "users"), ("auth", "users"),  # a map of users to passwords (Orthanc's RegisteredUsers, basic_auth_users)
    ("x", "authentication"),  # a session token's request header (Betfair's X-Authentication)
    ("access", "code"),  # a device's access code (a Bambu printer's LAN code), an OAuth client's authorization code
})
# a SIM's authentication keys as card batches, HSS tables and pySim name them: Ki and OPc (the operator key it derives)
_SIM_KEY_NAMES = frozenset({"ki", "opc"})
# An Azure DevOps personal access token: 52 lower-case base32 characters, or the 84-character form of 2024
_AZURE_DEVOPS_PAT = re.compile(r"^(?:[a-z2-7]{52}|[A-Za-z0-9]{84})$")
_SNMP_COMMUNITIES = frozenset({"rocommunity", "rwcommunity"})  # the password of every SNMP read (pfSense's <rocommunity>)
# a game server's remote console: a column or setting named only rcon holds its password (server lists, wikis)
_PASSWORD_BY_PROTOCOL = frozenset({"rcon"})


def _names_credential_without_its_word(words: list[str]) -> bool:
    words = without_account_qualifiers(words)  # bambu_access_code_prod: the access code of prod
    if words[-2:] == ["access", "id"] or words[-1] == "accessid":
        return True  # the id half of an access key (Sumo Logic's access ID beside its access key)
    if len(words) >= 2 and words[-1] in _CREDENTIAL_AFTER_A_NAME:
        return True
    if tuple(words[-2:]) in _CREDENTIAL_LAST_TWO or (words[-1] == "number" and tuple(words[-3:-1]) in _CREDENTIAL_LAST_TWO):
        return True
    return (words[-1] in _SNMP_COMMUNITIES or words[-1] in _PASSWORD_BY_PROTOCOL or words[-1] in _SIM_KEY_NAMES
            or (words[-1] == "community" and "snmp" in words))


def _names_a_challenge_password(words: list[str], language: str | None) -> bool:
    """The challenge password a device enrolls for a certificate with: SCEP's or NDES's (Fleet's apple_scep_challenge,
    ndes_static_challenge), and a configuration profile's SCEP payload's key Challenge alone (in a property list,
    where no nonce or PKCE code_challenge is written)."""
    if not words or words[-1] != "challenge":
        return False
    return bool({"scep", "ndes"} & set(words)) or (words == ["challenge"] and language == "xml")


def _uncounted(word: str) -> str:
    """A credential word with a counter after it is still the word (bot_token2, password1,
    SECRET_2); Auth0 and OAuth2 are a provider and a protocol version, not counted auths."""
    stripped = word.rstrip("0123456789")
    return word if stripped.endswith("auth") else stripped


# Words in a key name that say its value was made up for a test: invalidPassword, wrong_secret,
# fakeKey, MOCK_TOKEN, expiredJwt. A fixture that must fail is no credential.
_FIXTURE_NAME_WORDS = frozenset({
    "invalid", "wrong", "bad", "fake", "dummy", "mock", "mocked", "incorrect", "expired", "revoked", "bogus",
    "mismatched", "mismatching", "nonmatching", "unmatched", "forged", "tampered", "malformed",
    "unexpected",  # a parser's error: {:unexpected_token, "face0ff"}
})
# Two-word forms of the same: nonMatchingToken, not_valid_key.
_FIXTURE_NAME_PAIRS = frozenset({("non", "matching"), ("not", "matching"), ("non", "valid"), ("not", "valid")})


_OWNER_PATH = re.compile(r"\.|::|->")


@_filter("fixture_key_name", "the name marks a test fixture (invalidPassword, wrongSecret, fakeKey, nonMatchingToken)",
         generic_only=True, needs_key_name=True)
def is_fixture_key_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # The name's last part names the value; the owner before it may be a class named for a fixture of another
    # kind (JupyterHub's c.DummyAuthenticator.password is the password that authenticator checks).
    words = key_words(_OWNER_PATH.split(key_name or "")[-1])
    if not names_credential(words):
        return False
    return any(w in _FIXTURE_NAME_WORDS for w in words) or any(pair in _FIXTURE_NAME_PAIRS for pair in zip(words, words[1:]))


@_filter("fixture_named_token_in_test", "a provider's token under a name that marks a test fixture (FAKE_GITHUB_TOKEN, "
         "invalidNpmToken) in a test or an example: made up to fail", needs_key_name=True, surroundings=True)
def is_fixture_named_token_in_test(value: str, line: str, key_name: str | None, language: str | None,
                                   around: Surroundings) -> bool:
    if not (around.in_test_path or around.in_docs_path):
        return False
    words = key_words(_OWNER_PATH.split(key_name or "")[-1])  # (as fixture_key_name: FakeS3.secret_key is S3's key)
    return names_credential(words) and any(w in _FIXTURE_NAME_WORDS for w in words)


# A pass of a renderer or a compiler, not a password: renderPass, shadowPass, depthPass (WebGPU's and Vulkan's render
# passes, mapbox-gl's painter.renderPass === 'offscreen'), firstPass, optimizationPass.
_PIPELINE_PASS_WORDS = frozenset({
    "render", "shadow", "depth", "draw", "blur", "bloom", "compute", "composite", "post", "lighting", "geometry",
    "opaque", "translucent", "offscreen", "compile", "optimization", "optimize", "first", "second", "third", "last",
    "final", "next", "current", "single", "multi",
    # more of a frame's stages (depthPrePass, lightPass, shaderPass, stencilPass) and a compiler's optimizerPass
    "pre", "prepass", "light", "lights", "shader", "stencil", "outline", "picking", "pick", "resolve", "tonemap",
    "ssao", "gbuffer", "optimizer", "lowering", "analysis",
})


@_filter("pipeline_pass_name", "a renderer's or a compiler's pass (renderPass, shadowPass, firstPass): the name says "
         "which stage runs, not a password", generic_only=True, needs_key_name=True)
def is_pipeline_pass_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    name = (key_name or "").rsplit(".", 1)[-1]
    words = key_words(name)
    if name.isupper() and len(words) > 2:
        return False  # a setting's name in capitals says whose pass it is: CANADA_POST_PASS (a stage is SHADOW_PASS)
    return len(words) >= 2 and words[-1] == "pass" and words[-2] in _PIPELINE_PASS_WORDS


# The first word of a key in a message catalogue: LABEL_PASSWORD, MSG_INVALID_TOKEN, TITLE_API_KEYS.
_UI_TEXT_WORDS = frozenset({
    "label", "lbl", "msg", "message", "messages", "title", "error", "errors", "err", "mandatory", "placeholder",
    "hint", "tooltip", "button", "btn", "caption", "heading", "prompt", "forgot", "show", "hide", "invalid",
    "i18n", "txt", "text", "desc", "description", "help", "notification", "warning", "info", "status",
})


@_filter("ui_text_key", "a message-catalogue entry (LABEL_PASSWORD, MSG_INVALID_TOKEN): text shown to a user",
         generic_only=True, needs_key_name=True)
def is_ui_text_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A catalogue holds text for people; a random run of letters and digits is no such text
    # (message_bird_token = "<25 random characters>" names the MessageBird service).
    words = key_words(key_name)
    if _typed_input_compared(key_name, line):
        return False
    if len(words) < 2 or words[0] not in _UI_TEXT_WORDS or words[:2] == ["label", "studio"]:
        return False  # (LABEL_STUDIO_PASSWORD names the Label Studio product)
    v = value.strip()
    # Text for people is words and punctuation. Typed as a password is, not written as a label: letters, digits and a
    # symbol run together with no space (sslTl-3SA0!G8#; a hyphen, dot or underscore joins words in text: 2FA-token),
    # or capitals, small letters and digits over 8 characters or more (EYOgX3kq9P).
    typed = " " not in v and any(c.isdigit() for c in v) and any(c.isalpha() for c in v) and (
        any(not c.isalnum() and c not in "-_." for c in v)
        or (v.isalnum() and len(v) >= 8 and any(c.isupper() for c in v) and any(c.islower() for c in v)))
    return not typed and not _looks_random(v)


def _typed_input_compared(key_name: str | None, line: str) -> bool:
    """txtPassword.Text == "…": what the user typed into a form's field, compared with a hard-coded password
    (the control's name says text, its Text property holds the input)."""
    return (key_name or "").endswith((".Text", ".text")) and (
        "==" in line or "Equals(" in line or _VB_IF.match(line) is not None)  # VB compares with = in an If


_VB_IF = re.compile(r"(?i)^[ \t]*(?:else)?if\b")


_PUBLIC_CLIENT_TOKEN_PROVIDERS = frozenset({"facebook", "fb", "datadog", "dd", "rum", "paddle"})
_PADDLE_CLIENT_TOKEN = re.compile(r"^(?:live|test)_[0-9a-z]{20,40}$")


@_filter("public_by_key_name", "the name says the value is public (public_key, publishable_key, site_key, a verify, VAPID, JavaScript or native app key, a client or Mixpanel project token, AppLovin's SDK key, a chat widget's website or widget token, a browser token, python-social-auth's SOCIAL_AUTH_*_KEY app id)",
         generic_only=True, needs_key_name=True)
def is_public_by_key_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A front-end framework's exposure prefix (NEXT_PUBLIC_, NUXT_PUBLIC_, EXPO_PUBLIC_, SvelteKit's and Astro's
    # PUBLIC_) says the build ships the value to browsers, not that the value is meant to be public:
    # NEXT_PUBLIC_ALGOLIA_ADMIN_KEY is an admin key that leaks. The rest of the name must say public.
    words = _without_exposure_prefix(key_words(key_name), _env_style(key_name))
    if any(w in ("private", "secret", "priv", "admin") for w in words):
        return False
    # ... and so does the password of something public (XMR_PUB_KEY_PASS: the passphrase of a key pair)
    if names_password(words[-1:]):
        return False
    # Segment's "Public API" is its management API: SEGMENT_PUBLIC_API_TOKEN is a full credential
    if words[-1:] == ["token"] and any(w == "public" and nxt == "api" for w, nxt in zip(words, words[1:])):
        return False
    if any(w in _PUBLIC_WORDS for w in words) or "sitekey" in "".join(words):
        return True
    # A JavaScript key is the one a provider issues for its browser SDK, bound to the site's domains (Kakao's JS key,
    # a maps JS API key): KAKAO_JS_KEY, jsKey. Its REST and admin keys are the secret ones.
    if words and words[-1] == "key" and any(w in ("js", "javascript") for w in words[:-1]):
        return True
    # ... and its native app key the one its mobile SDKs are built with, in every app's manifest (Kakao's
    # NATIVE_APP_KEY, kakao_native_app_key)
    if words[-3:] == ["native", "app", "key"]:
        return True
    # A signature scheme's verifying key is its public half (PyNaCl's VerifyKey, a Discord app's verify key,
    # LICENSE_VERIFY_KEY): the signing key is the secret one.
    if words and words[-1] in ("key", "keys") and any(w in ("verify", "verifying") for w in words):
        return True
    # Web Push: a VAPID key of 65 bytes (87 base64url characters) is the application server's public key, given to
    # browsers to subscribe with (Firebase's vapidKey); the private half is 32 bytes (43 characters).
    if "vapid" in words and len(value.strip().rstrip("=")) >= 86:
        return True
    # python-social-auth names a backend's OAuth pair SOCIAL_AUTH_<BACKEND>_KEY (the client or app id, sent in every
    # authorization URL) and SOCIAL_AUTH_<BACKEND>_SECRET: the _KEY is the public half.
    if words[:2] == ["social", "auth"] and words[-1] == "key" and "secret" not in words:
        return True
    # Facebook's, Datadog RUM's and Paddle.js's client tokens are made to ship inside an app or a page,
    # as is Mixpanel's project token: what their docs tell you to embed. Not every client token is
    # (Vault's client_token is a login), so the provider or Paddle's live_/test_ shape must say so.
    joined = "".join(words)
    if "clienttoken" in joined and (any(w in _PUBLIC_CLIENT_TOKEN_PROVIDERS for w in words)
                                    or _PADDLE_CLIENT_TOKEN.match(value.strip())):
        return True
    if "mixpanel" in joined and words[-1] == "token":
        return True
    # A chat widget's embed token or key names the inbox a page's visitors write to, and sits in every page's
    # source (Chatwoot's website token, Freshchat's widget token, Zendesk's Web Widget key); a browser token or key
    # is the one a provider issues for pages to call it with (Bridge Interactive's browser token, a browser API key)
    if words[-2:] in (["website", "token"], ["widget", "token"], ["widget", "key"], ["browser", "token"],
                      ["browser", "key"]):
        return True
    # A bot-protection vendor's client-side key goes into the JavaScript tag of every page (DataDome's client-side
    # key, beside the server-side key its modules check requests with): client_side_key, DATADOME_CLIENT_KEY
    if words[-3:] == ["client", "side", "key"] or ("datadome" in words and words[-2:] == ["client", "key"]):
        return True
    # ... and so are Adjust's app token and AppsFlyer's dev key, which their mobile SDKs start with (an app holds them
    # in its strings and build config; the API tokens beside them are the secrets)
    if ("adjust" in words and words[-2:] == ["app", "token"]) or ("appsflyer" in joined and words[-2:] == ["dev", "key"]) \
            or ("applovin" in joined and words[-2:] == ["sdk", "key"]):  # (AppLovin's report key is the secret one)
        return True
    # "pub" is an abbreviation that also names key pairs' halves in token names: PubKeyToken; written as one word in
    # capitals, DEVICE_PUBKEY.
    if words and words[-1] in ("token", "password", "passphrase", "secret"):
        return False  # PUBKEY_AUTH_TOKEN, SSH_PUBKEY_PASSPHRASE: a credential that goes with the public key
    # A public key's name ends with it, or with its encoding (SERVER_PUBKEY, DEVICE_PUBKEY_B64): a name that goes on
    # after it names something else (WG_PUBKEY_PRESHARED_KEY, KEYSERVER_PUBKEY_UPLOAD_KEY).
    while len(words) > 1 and words[-1] in _KEY_ENCODING_WORDS:
        words = words[:-1]
    return "pub" in words or (bool(words) and words[-1] in ("pubkey", "pubkeys", "publickey", "publickeys"))


# The id half of an id+secret pair: an app's, a client's or an SDK's key filed beside its secret under the same
# provider's name (DROPBOX_APP_KEY beside DROPBOX_APP_SECRET, app_key beside app_secret, DOCUSIGN_INTEGRATION_KEY
# beside its secret, a Zoom SDK key beside its secret): the id the console shows next to the secret, sent in the clear as
# OAuth's client_id or Basic auth's user. A key whose name says secret, private, access (a cloud access key's id is
# counted as a leak with its secret), signing, admin ... is never such an id.
_ID_KEY_ROLES = frozenset({"app", "application", "client", "integration", "sdk"})
_PAIR_ROLE_WORDS = frozenset({"api", "app", "application", "client", "consumer", "integration", "sdk", "cloud"})
_NOT_AN_ID_WORDS = frozenset({
    "secret", "private", "priv", "access", "signing", "sign", "master", "admin", "encryption", "encrypt", "session",
    "license", "storage", "shared", "service", "server", "write", "hmac", "cipher", "crypto", "webhook", "management",
    "root", "rest", "auth", "token", "password", "live", "prod", "production", "test", "sandbox", "personal",
    # OAuth 1's consumer key goes in the clear too, but labelled sets (CredData) count it with its secret
    "consumer",
})
_PUBLIC_TOKEN_WORDS = frozenset({"client", "browser", "public", "rum", "widget", "website"})
_SECRET_ENDINGS = (["secret"], ["secret", "key"], ["token"], ["access", "token"], ["secret", "token"])
_ASSIGNED_NAME = re.compile(r"""(?:^|[\s{,;(])(?:(?:export|const|var|let|set|final|static|private|public)[ \t]+)*["']?"""
                            r"""([A-Za-z_$@][\w.$-]*)["']?[ \t]*(?::=|=>|=|:)""")


def _pair_stem(words: list[str]) -> list[str]:
    return [w for w in words if w not in _PAIR_ROLE_WORDS]


# A name that says its passwords are the ones to refuse: a strength meter's COMMON_PASSWORDS, a validator's
# BANNED_PASSWORDS, WEAK_PASSWORD in a test of the policy. The values are the world's most guessed words.
_REFUSED_PASSWORD_WORDS = frozenset({
    "common", "weak", "banned", "leaked", "breached", "pwned", "compromised", "blacklist", "blacklisted", "blocklist",
    "blocklisted", "denylist", "denied", "forbidden", "disallowed", "popular", "top", "worst", "dictionary", "bad",
    "rejected", "insecure",
})
_PASSWORD_NOUNS = frozenset({"password", "passwords", "passwd", "passwds", "pwd", "pwds", "pw", "passphrase", "passphrases"})


@_filter("refused_password_list", "a name that says its passwords are ones to refuse (COMMON_PASSWORDS, "
         "BANNED_PASSWORDS, WEAK_PASSWORD): a strength check's dictionary, not a credential", generic_only=True,
         needs_key_name=True)
def is_refused_password_list(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    return bool(_PASSWORD_NOUNS & set(words)) and bool(_REFUSED_PASSWORD_WORDS & set(words))


@_filter("key_id_beside_its_secret", "the id half of an id and secret pair: an app's, a client's or an SDK's key "
         "filed beside its secret under the same name (DROPBOX_APP_KEY beside DROPBOX_APP_SECRET, app_key beside "
         "app_secret), sent in the clear as the client id", generic_only=True, needs_key_name=True, surroundings=True)
def is_key_id_beside_its_secret(value: str, line: str, key_name: str | None, language: str | None,
                                around: Surroundings) -> bool:
    words = key_words(key_name)
    if words[:1] == ["x"]:
        return False  # an X- header sent with every request (X-Client-Key beside X-SecretKey): a credential, not an id
    if words[-1:] == ["ak"] and len(words) > 1:
        # OVH's (and acme.sh's) abbreviations: OVH_AK, the application key, is the id half of OVH_AS, its secret
        stem = words[:-1]
        return any(key_words(name) == [*stem, "as"] for text in (line, *around.lines) for name in _ASSIGNED_NAME.findall(text))
    # (an API key's name says no more than key: exchanges' and many APIs' key halves are labelled as leaks, so only
    # an app's, a client's, an integration's or an SDK's key is read as the id)
    if len(words) < 2 or words[-1] != "key" or words[-2] not in _ID_KEY_ROLES or _NOT_AN_ID_WORDS & set(words[:-1]):
        return False
    stem = _pair_stem(words[:-1])
    for text in (line, *around.lines):
        for name in _ASSIGNED_NAME.findall(text):
            other = key_words(name)
            ending = next((e for e in _SECRET_ENDINGS if other[-len(e):] == e), None)
            # (a client's or a browser's token is no secret half: Datadog's DD_CLIENT_TOKEN, the browser SDK's, sits
            # beside DD_APP_KEY, which is a secret of its own)
            if ending == ["token"] and _PUBLIC_TOKEN_WORDS & set(other):
                continue
            # (a bare api_key pairs with its api_secret only: a token or a SECRET_KEY beside it is another credential)
            if ending and other != words and _pair_stem(other[:-len(ending)]) == stem and (
                    stem or other[:-len(ending)] == words[:-1] and "secret" in ending):
                return True
    return False


# "Public" in the names people write: English, and Portuguese/Spanish pública/público, German öffentlich, French publique.
_PUBLIC_WORDS = frozenset({"public", "publishable", "publica", "publico", "oeffentlich", "offentlich", "publique"})
# The first words of the prefixes under which front-end frameworks hand variables to the browser bundle.
_EXPOSURE_PREFIX_HEADS = frozenset({"next", "nuxt", "expo"})
_ENV_LOOKUP_WORDS = frozenset({"process", "import", "meta", "env"})
# What may follow a lone leading "public" in a name that is itself a public key's (PUBLIC_KEY, PUBLIC_KEY_PEM).
# (and the half of a key pair named for its use: PUBLIC_SIGNING_KEY, PUBLIC_ENCRYPTION_KEY verify and encrypt)
_PUBLIC_KEY_WORDS = frozenset({"key", "keys", "cert", "certificate", "pem", "jwk", "jwks", "signing", "encryption",
                               "verification", "verify", "verifying"})


def _without_exposure_prefix(words: list[str], env_style: bool) -> list[str]:
    """The words of a name without a framework's exposure prefix: NEXT_PUBLIC_X_KEY -> [x, key]; SvelteKit's and
    Astro's PUBLIC_X_KEY -> [x, key] when two words or more follow and the next is no key's (PUBLIC_KEY stays).
    A lookup's head goes first: process.env.NEXT_PUBLIC_X, import.meta.env.PUBLIC_X (a bundler's define).
    A lone PUBLIC_ is a prefix only in an environment variable's capitals: public_api_key (MongoDB Atlas' key
    pair) says public in the name itself."""
    while len(words) > 3 and words[0] in _ENV_LOOKUP_WORDS:
        words = words[1:]
    if len(words) >= 3 and words[0] in _EXPOSURE_PREFIX_HEADS and words[1] == "public":
        return words[2:]
    if env_style and len(words) >= 3 and words[0] == "public" and words[1] not in _PUBLIC_KEY_WORDS:
        return words[1:]
    return words


def _env_style(key_name: str | None) -> bool:
    """The name's last part is written in capitals (PUBLIC_X_KEY, import.meta.env.PUBLIC_X_KEY)."""
    last = (key_name or "").rsplit(".", 1)[-1]
    return last.upper() == last


_PATH_VALUE = re.compile(r"^(?:/|~/|\.{1,2}/|[A-Za-z]:[\\/])")


@_filter("working_directory_variable", "PWD or OLDPWD set to a path: the shell's working directory, not a password",
         generic_only=True)
def is_working_directory_variable(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return (key_name or "").lower() in ("pwd", "oldpwd") and bool(_PATH_VALUE.match(value.strip()))


# A token named for where a listing goes on or for one request's de-duplication is a cursor or an
# idempotency key that an API hands back: NextToken, continuation_token, pageToken, ChangeToken,
# ClientRequestToken, a paginator's input_token / output_token, a resource's version_token for optimistic
# concurrency (an ETag by another name). It opens nothing.
_CURSOR_WORDS = frozenset({
    "next", "continuation", "continue", "page", "paging", "pagination", "cursor", "marker", "resume", "change",
    "idempotency", "idempotent", "input", "output", "sync", "version",
    "postman",  # the Postman-Token header: a UUID Postman adds to every request it sends, to bust caches
    "reply",  # LINE's replyToken: one webhook event's, good for one reply within a minute
})
# The word before a final "key" that names a key a client makes up for one request or event: an
# Idempotency-Key, PagerDuty's dedup_key. It says which request or incident, and opens nothing.
_ONE_REQUEST_KEY_WORDS = frozenset({"idempotency", "idempotent", "dedup", "dedupe", "deduplication",
                                    "incident"})  # PagerDuty's Events v1 incident_key: which incident, as dedup_key
_WORD_BEFORE_KEY = re.compile(r"([A-Za-z]+)[ \t_-]+key[ \t]*[:=]?[ \t]*$", re.IGNORECASE)


_ACCOUNT_FIRST_WORDS = frozenset({"shared", "named", "network", "username", "user", "password", "basic"})
_SECRET_FIRST_WORDS = frozenset({"token", "bearer", "sas", "api", "apikey", "access"})
# what follows the first argument on its line: a comma, then nothing but a comment
_MORE_ARGUMENTS_BELOW = re.compile(r"""^["'`]?[ \t]*,[ \t]*(?:$|//|#)""")


@_filter("credential_class_first_argument", "the first of several arguments to a credential class written one per line "
         "(new StorageSharedKeyCredential(\n  \"account\",\n  key)): the account or user the credential names; its "
         "secret is a later argument", generic_only=True, needs_key_name=True, needs_in_line=",", unprefixed_only=True)
def is_credential_class_first_argument(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if not key_name or not key_name[:1].isupper():
        return False  # a class's name (NetworkCredential, UsernamePasswordCredentials), not a variable's
    words = key_words(key_name)
    if not words or words[-1] not in ("credential", "credentials"):
        return False
    # Only the classes that name an account or a user first: AzureKeyCredential, BearerTokenCredential and
    # ApiKeyCredentials take the secret itself first.
    if not _ACCOUNT_FIRST_WORDS.intersection(words) or _SECRET_FIRST_WORDS.intersection(words):
        return False
    after = line[line.find(value) + len(value):] if value in line else ""
    return _MORE_ARGUMENTS_BELOW.match(after.rstrip()) is not None


@_filter("cursor_or_idempotency_token", "a pagination cursor, idempotency or version token (NextToken, pageToken, "
         "ClientRequestToken, ChangeToken, versionToken, Postman-Token, Idempotency-Key, dedup_key): a value an API hands back to continue a "
         "listing or to guard an update, or a client adds to one request, not a credential",
         generic_only=True, needs_key_name=True)
def is_cursor_or_idempotency_token(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    if words == ["key"]:  # prose names it with the words before (the incident's dedup key 3c6f…)
        at = line.find(value)
        before = _WORD_BEFORE_KEY.search(line[:at]) if at > 0 else None
        words = [before.group(1).lower(), "key"] if before else words
    if len(words) >= 2 and words[-1] == "key" and words[-2] in _ONE_REQUEST_KEY_WORDS:
        return True
    if len(words) < 2 or words[-1] not in ("token", "tokens"):
        return False
    before = words[-2]
    if before == "page" and ((len(words) >= 3 and words[-3] in _PAGE_OWNERS) or _META_ACCESS_TOKEN.match(value.strip())):
        return False  # a Facebook Page's access token (facebook_page_token, PAGE_TOKEN = "EAA…"): the page is who it acts for
    if _SIGNED_JWT.match(value.strip()):
        return False  # a signed JWT says who it is for (ACME_SYNC_TOKEN = "eyJhbGci…"): cursors are opaque offsets
    return before in _CURSOR_WORDS or (before == "request" and len(words) >= 3 and words[-3] == "client")


_SIGNED_JWT = re.compile(r"^eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}$")
_PAGE_OWNERS = frozenset({"facebook", "fb", "meta", "instagram", "ig", "messenger"})
_META_ACCESS_TOKEN = re.compile(r"^EAA[A-Za-z0-9]{30,}$")  # Meta's Graph API access tokens open with EAA


# A push notification's device token (APNs' 64 hex, an FCM registration token, an Expo push token): the address a
# server sends a notification to; the server's key or certificate is the credential. (A GitLab runner's
# registration_token is a credential: "registration" alone is not among these.)
_PUSH_WORDS = frozenset({"push", "apns", "fcm", "gcm"})
_APNS_DEVICE_TOKEN = re.compile(r"^[0-9a-fA-F]{64}$")
# ... but a server's push endpoint checks a token of its own: Google Play's real-time developer notifications and other
# Pub/Sub push subscriptions, webhooks
_SERVER_PUSH_WORDS = frozenset({"rtdn", "pubsub", "subscription", "verification", "verify", "webhook", "endpoint",
                                # ... and a push that publishes: a package or image registry's push token (Gemfury's)
                                "fury", "gemfury", "registry", "publish", "release", "deploy", "repo", "repository",
                                "artifact", "artifacts", "package", "packages", "docker", "image", "git", "helm"})
_FCM_REGISTRATION_TOKEN = re.compile(r"^([A-Za-z0-9_-]{11,64}):APA91b[A-Za-z0-9_-]{60,400}$")


@_filter("push_device_token", "a push notification's device token (push_token, apns_token, fcm_token): the device a "
         "notification goes to, not a credential", generic_only=True, needs_key_name=True)
def is_push_device_token(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)  # (APNS_DEVICE_TOKEN, FCM_REGISTRATION_TOKEN: the service's word anywhere before)
    if _SERVER_PUSH_WORDS & set(words):
        return False  # a Pub/Sub push subscription's verification token (rtdnPushToken, PUBSUB_PUSH_TOKEN): a secret
    if len(words) >= 2 and words[-1] in ("token", "tokens") and bool(_PUSH_WORDS & set(words[:-1])):
        return True
    if words[-2:] == ["device", "token"] and _APNS_DEVICE_TOKEN.match(value.strip()):
        return True  # an APNs device token: 32 bytes in hex (an IoT device's access token is no such shape)
    # ... or its shape: an FCM registration token is an instance id, ":APA91b" and a long tail; the legacy server key
    # (AAAA and seven characters before the colon) is the credential
    m = _FCM_REGISTRATION_TOKEN.match(value.strip())
    return m is not None and not (len(m.group(1)) == 11 and m.group(1).startswith("AAAA"))


# The word before a final "key" that makes the key a lookup key: the name under which something is
# kept in a session, a cache or a store (LOGIN_SESSION_KEY = "account_login").
_STORAGE_WORDS = frozenset({
    "session", "cache", "storage", "store", "context", "state", "registry", "lookup", "redis", "dict", "map",
    "index", "metadata", "meta", "queue", "local", "settings", "config", "attr", "attribute", "field", "column",
})
_IDENTIFIER_KEY_VALUE = re.compile(r"^[a-z][a-z0-9]*(?:[_.:\-][a-z0-9]+)*$")


# The word before a final "key" that makes it a key of data, not a credential: where a row goes (PARTITION_KEY,
# SORT_KEY, SHARD_KEY), which record it is (PRIMARY_KEY; a dedup key is cursor_or_idempotency_token's), which
# text it looks up (I18N_KEY, TRANSLATION_KEY). Its value may look random (a generated partition key) and opens nothing.
_DATA_KEY_WORDS = frozenset({
    "partition", "sort", "shard", "sharding", "range", "primary", "foreign", "row", "cluster", "clustering",
    "lookup", "bucket", "object", "i18n", "translation", "locale", "cache", "index", "group", "order", "join",
    "composite", "natural", "surrogate", "unique",
    # which document or ticket an API call names (Figma's FILE_KEY, Jira's ISSUE_KEY): an id in the URL's path
    "file", "issue", "document", "record", "item", "collection", "dataset", "entity",
    # which request a trace or a log line belongs to, which plan or experiment a customer is on
    "correlation", "trace", "plan", "experiment",
    # an IoT product's id (Tuya's and Alibaba IoT's product_key / ProductKey; their secrets are *_secret): only
    # an id's shape, see is_data_key_name
    "product",
    # not routing (PagerDuty's routing_key is a credential) nor hash (an HMAC's hash key)
})


_STAGE_WORDS = frozenset({"dev", "development", "test", "staging", "stage", "prod", "production", "live", "ios",
                          "android", "web", "release", "debug"})


@_filter("data_key_name", "the name of a key of data, not of a credential (PARTITION_KEY, SORT_KEY, PRIMARY_KEY, "
         "I18N_KEY): where a record goes or which text it looks up", generic_only=True, needs_key_name=True)
def is_data_key_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    while len(words) > 2 and words[-1] in _STAGE_WORDS:
        words = words[:-1]  # CACHE_KEY_STAGING, PARTITION_KEY_PROD: the same key per stage
    if len(words) < 2 or words[-1] not in ("key", "keys") or _CIPHER_NAME_WORDS & set(words[:-2]):
        return False  # ENCRYPTION_RECORD_KEY encrypts records
    if len(_BYTE_ITEM.findall(value)) >= 16:
        return False  # INDEX_KEY: [u8; 32] = [0x24, 0x88, …]: 16 bytes or more written out are a cipher's key, no row's
    if words[-2] == "product":
        return _PRODUCT_ID.match(value.strip()) is not None  # a license key under PRODUCT_KEY is a license key
    if words[-2] == "record" and _RECORDING_SERVICES & set(words):
        return False  # CYPRESS_RECORD_KEY, CURRENTS_RECORD_KEY: the key a CI run records test results with
    if words[-2] in ("primary", "secondary") and len(value.strip()) >= 32 and _looks_random(value.strip()):
        # 32 random characters or more under PRIMARY_KEY are a service's key (Box's webhook keys, Azure's 44 and 88);
        # a record's id is shorter (nanoid 21, ObjectId 24, cuid 25, ULID 26)
        return False
    if _CIPHER_KEY_BASE64.match(value.strip()) and _looks_random(value.strip()):
        return False  # base64 of 16, 32 or 64 bytes is a cipher's key (Azure DPS's GROUP_KEY), not a row's or a group's
    return words[-2] in _DATA_KEY_WORDS or "".join(words[:-1]).endswith("i18n")


# Padded base64 of 16, 32 or 64 bytes: what a symmetric key is written as (Azure's 44 and 88 characters)
_CIPHER_KEY_BASE64 = re.compile(r"^(?:[A-Za-z0-9+/]{22}==|[A-Za-z0-9+/]{43}=|[A-Za-z0-9+/]{86}==)$")
_BYTE_ITEM = re.compile(r"\b0[xX][0-9a-fA-F]{1,2}\b")
# an IoT product's id (Tuya's keyxxxxxxxxxxxx, Alibaba IoT's a1Bc2De3Fg4): letters and digits, no groups
_PRODUCT_ID = re.compile(r"^[A-Za-z0-9]{8,24}$")


_CACHE_BLOCK_BEFORE = re.compile(r"""\bcache["']?[ \t]*:[ \t]*\{[^{}]*$""")
# Test-recording services whose record key is a CI credential
_RECORDING_SERVICES = frozenset({"cypress", "currents", "sorry"})
# Words that make a key of data a cipher's key after all (ENCRYPTION_RECORD_KEY, HMAC_ITEM_KEY)
_CIPHER_NAME_WORDS = frozenset({"encryption", "encrypt", "crypt", "crypto", "cipher", "aes", "hmac", "signing", "secret",
                                "private", "master", "api", "auth", "access"})


@_filter("storage_key_name", "the name of a slot in a session, cache or store (LOGIN_SESSION_KEY = \"account_login\"):"
         " an identifier made of words, not a key", generic_only=True, needs_key_name=True)
def is_storage_key_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    if words == ["key"]:  # a flow mapping names the block on the line: GitLab CI's cache: {key: "<sha1>"}
        at = line.find(value)
        if at > 0 and _CACHE_BLOCK_BEFORE.search(line, 0, at):
            words = ["cache", "key"]
    if len(words) >= 3 and words[-2] == "key":
        words = words[:-1]  # one slot of several: SESSION_KEY_TASKS
    if len(words) < 2 or words[-1] != "key" or words[-2] not in _STORAGE_WORDS:
        return False
    v = value.strip().lstrip("_").rstrip("/")  # a private slot: __upload_status, _sf2_meta; a prefix: imp_compose/
    if words[-2] == "cache" and len(v) in _HEX_DIGEST_LENGTHS and _HEX.match(v):
        return True  # the digest of what is cached, alone (token_cache_key = sha1 of the session's name)
    if not _IDENTIFIER_KEY_VALUE.match(v.lower() if v.isupper() else v):  # app_state, or in capitals: WP_DATA
        return False
    # A cache key is often a label and the digest of what it caches (deps-<sha1 of the lockfile>,
    # v3-node-<sha256>): the words, then one hex digest of a standard length.
    head, sep, last = v.rpartition("-")
    if words[-2] == "cache" and sep and len(last) in _HEX_DIGEST_LENGTHS and _HEX.match(last) and _IDENTIFIER_KEY_VALUE.match(head):
        return wordlike(head)
    return wordlike(v) or _short_parts_with_a_word(v)


def _short_parts_with_a_word(value: str) -> bool:
    """A slot name spelled in short parts, one of them a word: WP_DATA, app:v2:cart."""
    parts = [p for p in re.split(r"[_.:\-]", value) if p]
    # a short letters-and-digits tag counts as a part too (sf2 in _sf2_meta): a tag, not a random run
    return (len(parts) >= 2 and all(len(p) <= 10 and (p.isalpha() or p.isdigit() or len(p) <= 3 and p.isalnum())
                                    for p in parts)
            and any(p.isalpha() and len(p) >= 4 and wordlike(p) for p in parts))


# The first word of an option or flag: withCredentials, useToken, isPassword, requireAuth.
_FLAG_WORDS = frozenset({
    "is", "has", "with", "use", "uses", "should", "can", "allow", "allows", "enable", "enabled", "require",
    "requires", "needs", "need", "show", "hide", "skip", "disable", "no", "include", "send", "omit",
})


@_filter("option_name", "a flag or option named for a credential (withCredentials = \"same-origin\", "
         "useToken = \"header\"): it says how credentials are handled, and its value is a word", generic_only=True, needs_key_name=True)
def is_option_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name.rsplit(".", 1)[-1] if key_name else None)
    if len(words) < 2 or words[0] not in _FLAG_WORDS or not names_credential(words[1:]):
        return False
    if words[:2] in (["enable", "secret"], ["enable", "password"]):
        return False  # a Cisco device's enable secret (an Expect script's `set enable_secret {…}`): the privileged password
    v = value.strip()
    return bool(re.fullmatch(r"[A-Za-z]+(?:[\-_][A-Za-z]+)*", v)) and (wordlike(v) or english_like(v))


# Words before a final "pass" that make it a verb: allPass, anyPass, shouldPass, canPass name
# predicates (does every check pass?), not a password.
_PREDICATE_WORDS = frozenset({
    "all", "any", "none", "every", "some", "each", "both", "either", "neither", "can", "could", "will", "would",
    "should", "must", "may", "might", "did", "does", "do", "to", "not", "fail", "and", "or",
})


@_filter("predicate_key_name", "a name where pass is a verb (allPass, anyPass, shouldPass) holding a name: a "
         "predicate or its alias, not a password", generic_only=True, needs_key_name=True)
def is_predicate_key_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name.rsplit(".", 1)[-1] if key_name else None)
    if len(words) < 2 or words[-1] != "pass" or words[-2] not in _PREDICATE_WORDS:
        return False
    v = value.strip()
    return re.fullmatch(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*", v) is not None and not _looks_random(v)


# Web servers' directives that hand a request on (nginx proxy_pass, uwsgi_pass, fastcgi_pass): "pass"
# is the verb, the value an upstream's address.
_UPSTREAM_DIRECTIVE = re.compile(r"^(?:proxy|uwsgi|fastcgi|scgi|grpc|memcached)_pass$")


@_filter("upstream_directive", "a web server's directive that passes requests on (proxy_pass, uwsgi_pass): the "
         "value is an upstream's address", generic_only=True, needs_key_name=True)
def is_upstream_directive(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return bool(key_name) and _UPSTREAM_DIRECTIVE.match(key_name.lower()) is not None


# Token classes of syntax highlighters and lexers (Monaco's defaultToken: "keyword", Pygments,
# highlight.js scopes): what kind of source text a token is.
_LEXER_TOKEN_TYPES = frozenset({
    "keyword", "keywords", "identifier", "string", "comment", "number", "operator", "operators", "delimiter",
    "punctuation", "regexp", "regex", "variable", "constant", "predefined", "attribute", "tag", "type",
    "invalid", "whitespace", "literal", "symbol", "annotation", "builtin",
    "word", "at-word", "space", "brackets",  # PostCSS's tokenizer, bundled into many libraries
})


@_filter("lexer_token_type", "a lexer's token class under a token name (defaultToken: \"keyword\"): what kind of "
         "source text it is, not a credential", generic_only=True, needs_key_name=True)
def is_lexer_token_type(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    if "token" not in words:
        return False
    v = value.strip()
    if v in _LEXER_TOKEN_TYPES:
        return True
    # A parser comparing the token it read with a keyword of its language (PDF's beginbfchar, endbfrange):
    # lower-case letters only; a secret compared there would be random, with digits or capitals.
    if v.isalpha() and v.islower() and len(v) <= 24 and _TOKEN_COMPARED.search(line):
        return True
    # A TextMate scope name (Ace, Monaco, Sublime and VS Code grammars): dotted lower-case words from one of
    # the convention's root scopes down to the language (comment.line.number-sign.lsl, support.function.erlang).
    m = _TEXTMATE_SCOPE.match(v)
    return m is not None and m.group(1) in _TEXTMATE_ROOTS


_TOKEN_COMPARED = re.compile(r"""\b(?:token|tok|current_token|next_token)\s*(?:==|!=|===|!==|\beq\b|\bne\b)\s*["']""",
                             re.IGNORECASE)


# The root scopes of TextMate's naming convention, which Ace, Sublime Text and VS Code grammars share.
_TEXTMATE_ROOTS = frozenset({
    "comment", "constant", "entity", "invalid", "keyword", "markup", "meta", "storage", "string", "support", "variable",
    "punctuation", "text", "source", "paren", "lparen", "rparen", "identifier", "other", "number", "operator",
    "delimiter", "type", "tag", "attribute", "regexp", "annotation", "brackets",
})
# (Monaco's Monarch grammars name a class after a match group: keyword.$0, string.$S2)
# and a rule's token may name a bracket group, @brackets.interpolation, or end in one: keyword.tag-$1)
_MONARCH_GROUP = r"\$[A-Za-z0-9#]{1,3}"
_TEXTMATE_SCOPE = re.compile(rf"^@?([a-z]+)(?:\.(?:[a-z][a-z0-9]*(?:-(?:[a-z0-9]+|{_MONARCH_GROUP}))*|{_MONARCH_GROUP})){{1,8}}$")


# An HTTP header's name: X-prefixed (x-goog-api-key, X-Api-Key) or Title-Case words (Ocp-Apim-
# Subscription-Key), ending in a word that names what the header carries.
_HEADER_NAME = re.compile(r"^(?:[Xx]-[A-Za-z]+(?:-[A-Za-z]+)*|[A-Z][a-z]*(?:-[A-Z][A-Za-z]*)+)$")
_HEADER_LAST_WORDS = frozenset({"key", "token", "auth", "authorization", "secret", "signature", "apikey",
                                "credential", "credentials", "session", "cookie", "id"})
_AUTH_HEADERS = frozenset({"authorization", "proxy-authorization", "www-authenticate", "api-key", "x-api-key"})


@_filter("http_header_name", "the name of an HTTP header that carries a credential (Authorization, x-api-key, "
         "Ocp-Apim-Subscription-Key): where the key goes, not the key", generic_only=True)
def is_http_header_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if v.lower() in _AUTH_HEADERS:
        return True
    if len(v) > 48 or not _HEADER_NAME.match(v):
        return False
    return v.rsplit("-", 1)[-1].lower() in _HEADER_LAST_WORDS


# A language model's text tokens: special tokens (bos_token, eos_token, <|begin_of_text|>) and
# token counts (completion_tokens, max_tokens, TOKEN_COUNTING_BETA). "token" there is a piece
# of text, not a credential.
_TEXT_TOKEN_WORDS = frozenset({
    "bos", "eos", "pad", "unk", "sep", "cls", "mask", "special", "vocab", "completion", "completions", "prompt",
    "total", "max", "min", "num", "count", "counts", "counting", "reasoning", "thinking", "template", "stop",
})
# Under a plural name only, as a count (cache_read_tokens, output_tokens): a read_token is a credential.
_COUNTED_TOKEN_WORDS = frozenset({"input", "output", "cache", "cached", "read", "write", "creation", "audio",
                                  "image", "text", "generated"})
# A special token's markup: <|im_start|>, <s>, </s>, [CLS], <|begin_of_text|>.
_SPECIAL_TOKEN = re.compile(r"^<\|[\w.\-]{1,40}\|>$|^</?[a-z]{1,10}>$|^\[[A-Z]{2,10}\]$")


@_filter("text_token", "a language model's text token or a count of them (bos_token: \"<s>\", completion_tokens, "
         "TOKEN_COUNTING_BETA): \"token\" is a piece of text here, not a credential", generic_only=True)
def is_text_token(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if _SPECIAL_TOKEN.match(v):
        return True
    words = key_words(key_name)
    counted = "tokens" in words and any(w in _COUNTED_TOKEN_WORDS for w in words)
    if not counted and not (any(w in ("token", "tokens") for w in words) and any(w in _TEXT_TOKEN_WORDS for w in words)):
        return False
    if names_credential([w for w in words if w not in ("token", "tokens")]):
        return False  # max_token_secret, bos_token_api_key: a credential after all
    # a name's value (token-counting-2024-11-01, UInt32), not a random key under such a name
    return not _looks_random(v) or _WORDED_KEY.match(v) is not None


# "pass" as a verb: pass_through, passthrough, PASS_THROUGH_ENDPOINT name a kind of route.
@_filter("pass_through_name", "\"pass\" as a verb in the key name (pass_through, passthrough): a route's or a "
         "mode's name, not a password", generic_only=True, needs_key_name=True)
def is_pass_through_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A key or a token named for such a route (PASSTHROUGH_API_KEY) is still a credential.
    words = key_words(key_name)
    verb = {"passthrough", "passthru"} & set(words) or any(
        a == "pass" and b in ("through", "thru") for a, b in zip(words, words[1:]))
    return bool(verb) and not names_credential([w for w in words if w not in ("pass", "passthrough", "passthru")])


# A constant named for a header holds the header's name: tokenRequestTTLHeader = "X-aws-ec2-metadata-token-ttl-seconds".
_HEADER_SPELLING = re.compile(r"^X-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+$|^[A-Z][a-z]+(?:-[A-Z][a-z]+)+$")


@_filter("header_name_constant", "a header's name under a key named for a header (tokenRequestTTLHeader = "
         "\"X-aws-ec2-metadata-token-ttl-seconds\"): which header, not what it carries", generic_only=True, needs_key_name=True)
def is_header_name_constant(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    name = (key_name or "").rsplit(".", 1)[-1].lower().rstrip("s")
    if not name.endswith(("header", "_hdr")):
        return False
    v = value.strip()
    return len(v) <= 64 and _HEADER_SPELLING.match(v) is not None and not any(_looks_random(p) for p in v.split("-"))


# A slug with a word in it that says the value was made up to fail (expired-sak, fake_token_2, revoked-key): the
# same words as in a fixture's name, written into the value instead.
_LOWER_SLUG = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+){1,5}$")


@_filter("fixture_word_in_value", "a slug that says it was made up to fail (expired-sak, fake_token_2, "
         "revoked-key): a fixture, not a credential", generic_only=True, needs_in_value="-_")
def is_fixture_word_in_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > 40 or ("-" not in v and "_" not in v) or _LOWER_SLUG.match(v) is None:
        return False
    pieces = re.split(r"[-_]", v)
    # the marking word, and no long random piece beside it (a generated secret with "bad" in it by chance)
    return any(p in _FIXTURE_NAME_WORDS for p in pieces) and not any(len(p) >= 12 and _looks_random(p) for p in pieces)


# A pair's first string that is a module path (".commands.auth") or names a collection ("secrets",
# "credentials": a table, a folder, a registry) says where something lives; the word after it is
# another name there ("logout", "workspace"), not the credential.
_COLLECTION_NAMES = frozenset({"secrets", "credentials", "tokens", "passwords", "keys", "auths"})
_MODULE_PATH = re.compile(r"^\.{1,3}[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*$")


@_filter("collection_or_module_as_name", "a word filed under a module path or a collection's name (\".commands.auth\", "
         "\"logout\"; drop_column(\"secrets\", \"workspace\")): another name, not a credential", generic_only=True, needs_key_name=True)
def is_collection_or_module_as_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    name = (key_name or "").strip()
    if not name or not (_MODULE_PATH.match(name) or name.lower() in _COLLECTION_NAMES):
        return False
    v = value.strip()
    return v.isalpha() and v.islower() and wordlike(v)


# A CloudFormation resource type (AWS::Location::APIKey, AWS::AppSync::ApiKey) as a mapping's key: a table of
# types (CDK's cfn-types-2-classes.json maps each to its class); the value names code, not a key.
# (The rule names the key by its last segment, APIKey; the line shows the whole name.)
_QUALIFIED_TYPE_KEY = re.compile(r"""["']?[A-Z][A-Za-z0-9]*(?:::[A-Z][A-Za-z0-9]*){2,}["']?[ \t]*[:=][ \t]*["']?$""")


@_filter("resource_type_as_key", "a resource type's qualified name as the key (\"AWS::Location::APIKey\": …): a "
         "table of types, not a credential", generic_only=True, needs_in_line=":")
def is_resource_type_as_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    at = line.find(value.strip()) if value.strip() else -1
    return at > 0 and "::" in line[:at] and _QUALIFIED_TYPE_KEY.search(line[:at]) is not None


# A salt's default named for the library (phpseclib's $password_default_salt = 'phpseclib/salt'): a salt is stored
# beside the hash it varies, and one spelled in words is the library's published constant. A random salt under a
# CMS's AUTH_SALT keys its cookies and stays for the judge.
_WORDED_SALT = re.compile(r"^[a-z][a-z0-9]*(?:[/._:\-][a-z][a-z0-9]*){0,4}$")
_NUMBERED_WORD = re.compile(r"^[a-z]+[0-9]{0,4}$")


@_filter("worded_salt", "a salt spelled in words (password_default_salt = 'phpseclib/salt'): a library's published "
         "constant that varies a hash, not a password", generic_only=True, needs_key_name=True)
def is_worded_salt(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    if not words or words[-1] not in ("salt", "salts"):
        return False
    v = value.strip()
    # (each piece a word, maybe numbered at its end: digits strewn through letters are a random run's, k7dq2mx9)
    return len(v) <= 40 and _WORDED_SALT.match(v) is not None and all(
        _NUMBERED_WORD.match(p) and wordlike(p) for p in re.split(r"[/._:\-]", v) if len(p) >= 4)


# A salt a web framework mixes with its secret key base to derive the keys of its cookies: Phoenix's signing_salt
# and encryption_salt (phx.new writes them into config.exs), Rails' encrypted_cookie_salt. Without the key base,
# which is the secret, it opens nothing.
# (Kohana's plain Cookie::$salt is the key its cookies are signed with: a secret.)
_KEY_BASE_SALTS = (["signing", "salt"], ["encryption", "salt"], ["encrypted", "cookie", "salt"], ["signed", "cookie", "salt"])


@_filter("cookie_key_derivation_salt", "a salt a framework derives its cookie keys with from the secret key base "
         "(Phoenix's signing_salt and Phoenix.Token's salt, Rails' encrypted_cookie_salt): not a secret without the key base",
         needs_key_name=True)
def is_cookie_key_derivation_salt(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    if len(value.strip()) > 64:
        return False
    # (Phoenix.Token.sign(endpoint, salt, data) derives its key from the endpoint's key base too: @token_salt)
    return any(words[-len(w):] == w for w in _KEY_BASE_SALTS) or (language == "elixir" and words[-2:] == ["token", "salt"])



# Kong's JWT credentials (decK's jwt_secrets, the Admin API's /jwt): `key` is the issuer a token's iss claim names, the
# `secret` beside it signs; the key is looked up, not kept secret.
_KONG_JWT_BLOCK = re.compile(r"""^[ \t]*-?[ \t]*["']?jwt_secrets["']?[ \t]*:""")
_YAML_BLOCK_OPENER = re.compile(r"""^[ \t]*-?[ \t]*["']?[\w.-]+["']?[ \t]*:[ \t]*$""")


@_filter("kong_jwt_issuer_key", "the key of a Kong JWT credential (jwt_secrets: key, secret): the issuer its tokens "
         "name, while the secret beside it signs", generic_only=True, needs_key_name=True, surroundings=True)
def is_kong_jwt_issuer_key(value: str, line: str, key_name: str | None, language: str | None,
                           around: Surroundings) -> bool:
    if key_name != "key":
        return False
    if '"jwt_secrets"' in line:
        return True  # the Admin API's JSON on one line
    for text in reversed(around.lines[:around.lines_before]):
        if _YAML_BLOCK_OPENER.match(text):
            return _KONG_JWT_BLOCK.match(text) is not None  # the nearest block above the credential's fields
    return False


# A signed event's own nonce: Mailgun signs each webhook with {timestamp, token, signature}, the token a random value
# made for that one event (replays are refused by it). The signing key, kept by the receiver, is the secret.
_SIGNATURE_FIELD = re.compile(r"""["']?signature["']?[ \t]*[:=]""")
_TIMESTAMP_FIELD = re.compile(r"""["']?timestamp["']?[ \t]*[:=]""")


@_filter("signed_event_nonce", "the token of a signed webhook event beside its timestamp and signature (Mailgun's "
         "signature block): a nonce made for one event, not a credential", generic_only=True, needs_key_name=True,
         surroundings=True)
def is_signed_event_nonce(value: str, line: str, key_name: str | None, language: str | None,
                          around: Surroundings) -> bool:
    if key_words(key_name) != ["token"] or not _HEX.match(value.strip()):
        return False
    texts = (line, *around.lines)
    return any(_SIGNATURE_FIELD.search(t) for t in texts) and any(_TIMESTAMP_FIELD.search(t) for t in texts)
