"""False alarms found by sweeping 69 provider SDKs and data-store clients (their generated models, API data
files, recorded test cassettes, samples and docs: botocore, okta, auth0, azure-storage-blob, influxdb-client,
braintree, postmark, square, …): one test per class, on synthetic lines of that shape written here, and a
realistic credential in the same place that must still be shown. Values are made here (random characters from
tests/support/tokens.py or a seeded generator, digests computed at run time)."""

from __future__ import annotations

import base64
import hashlib
import random
import string

import pytest

from secretloop.loops.filters import Surroundings
from tests.loops.test_fp_corpus_classes import hidden, not_shown, outcomes, require_shown
from tests.support.filter_checks import IN_CODE, IN_TEST, check_filter
from tests.support.tokens import high_entropy, random_password

_R = random.Random(20261204)


def check(name: str, value: str, line: str, key: str | None, language: str | None = "python",
          around: Surroundings | None = None) -> bool:
    return check_filter(name, value, line, key, language, around)


def _key(length: int = 32) -> str:
    return high_entropy(seed=_R.randrange(1 << 30), length=length)


def _hex(n: int) -> str:
    return "".join(_R.choice("0123456789abcdef") for _ in range(n))


def _session_id() -> str:
    """32 upper-case hex digits, as Java servers write a JSESSIONID (spread enough to pass the rule's entropy floor)."""
    while True:
        value = _hex(32).upper()
        if len(set(value)) >= 15:
            return value


# --- a session cookie a server set in a response recorded for a test -----------------------------------

def _cassette(header_line: str) -> str:
    return ("interactions:\n- request:\n    body: null\n    headers:\n      Accept:\n      - application/json\n"
            "    method: GET\n    uri: https://test.okta.com/api/v1/apps\n  response:\n    headers:\n"
            "      content-type: application/json\n" + header_line + "\n      x-rate-limit-limit: '100'\n"
            "    status:\n      code: 200\n")


def test_a_recorded_set_cookie_is_the_recordings_session() -> None:
    value = _session_id()
    line = f"      set-cookie: JSESSIONID={value}; Path=/; Secure; HttpOnly"
    assert check("recorded_response_cookie", value, line, "JSESSIONID", "yaml", IN_TEST)
    assert hidden(_cassette(line), "tests/integration/cassettes/test_apps/TestApps.test_list.yaml")


def test_a_set_cookie_outside_tests_and_a_request_cookie_stay_shown() -> None:
    value = _session_id()
    line = f"      set-cookie: JSESSIONID={value}; Path=/; Secure; HttpOnly"
    assert not check("recorded_response_cookie", value, line, "JSESSIONID", "yaml", IN_CODE)
    request = f"      Cookie: sessionid={_key(32)}"
    assert not check("recorded_response_cookie", request.split("=", 1)[1], request, "sessionid", "yaml", IN_TEST)
    require_shown(_cassette(request), "tests/integration/cassettes/test_apps/TestApps.test_get.yaml")
    require_shown(f"curl -H 'Cookie: sessionid={_key(32)}' https://api.example.com/me\n", "ops/replay.sh")


# --- a class name among a table of class names (generated discriminator maps) ------------------------------

_TABLE = ('    __discriminator_value_class_map: ClassVar[Dict[str, str]] = {{\n'
          '        "sms": "AuthenticatorMethodSimple",\n'
          '        "push": "AuthenticatorMethodPush",\n'
          '        "{key}": "{value}",\n'
          '        "totp": "AuthenticatorMethodTotp",\n'
          '    }}\n')


def test_a_class_name_in_a_table_of_class_names_is_a_name() -> None:
    around = Surroundings(lines=('        "push": "AuthenticatorMethodPush",', '        "totp": "AuthenticatorMethodTotp",'))
    line = '        "yubikey_token": "AuthenticatorKeyYubikey",'
    assert check("class_name_table", "AuthenticatorKeyYubikey", line, "yubikey_token", "python", around)
    assert hidden(_TABLE.format(key="security_token", value="AuthenticatorMethodOtp"), "pkg/models/authenticator_method_base.py")


def test_a_token_in_a_table_of_class_names_stays_shown() -> None:
    value = _key(40)
    around = Surroundings(lines=('        "push": "AuthenticatorMethodPush",', '        "totp": "AuthenticatorMethodTotp",'))
    assert not check("class_name_table", value, f'        "api_token": "{value}",', "api_token", "python", around)
    # capitalised words with no relatives around them: nothing says class
    assert not check("class_name_table", "BlueHorseStapler", '    "password": "BlueHorseStapler",', "password", "python",
                     Surroundings(lines=('    "user": "admin",', '    "host": "db.internal",')))
    require_shown(_TABLE.format(key="api_token", value=value), "pkg/models/authenticator_method_base.py")


# --- an unquoted class name in a Python alias or annotation ---------------------------------------------

def test_an_unquoted_class_name_in_python_is_a_reference() -> None:
    alias = "ConnectionAccessTokenUrloAuth1 = ConnectionHttpsUrlWithHttpFallback255"
    assert check("python_class_reference", "ConnectionHttpsUrlWithHttpFallback255", alias, "ConnectionAccessTokenUrloAuth1")
    field = "    credentials: CreateClientAuthenticationMethodSelfSignedTlsClientAuthCredentials"
    assert check("python_class_reference", "CreateClientAuthenticationMethodSelfSignedTlsClientAuthCredentials", field,
                 "credentials")
    text = ("from .connection_https_url_with_http_fallback_255 import ConnectionHttpsUrlWithHttpFallback255\n\n"
            f"{alias}\n")
    assert hidden(text, "src/pkg/management/types/connection_access_token_url.py")


def test_a_quoted_or_documented_token_stays_shown() -> None:
    value = _key(40)
    assert not check("python_class_reference", value, f'API_TOKEN = "{value}"', "API_TOKEN")
    in_doc = Surroundings(in_doc=True)
    assert not check("python_class_reference", "ConnectionHttpsUrlWithHttpFallback255",
                     "token = ConnectionHttpsUrlWithHttpFallback255", "token", "python", in_doc)
    # random letters in capitals and lower case do not read as a class's words
    assert not check("python_class_reference", "XkQwErTyUiOp", "TOKEN = XkQwErTyUiOp", "TOKEN")
    require_shown(f'from .types import Credentials\n\nAPI_TOKEN = "{value}"\n', "src/pkg/settings.py")


# --- a relative module in a lazy-import table ----------------------------------------------------------

def test_a_relative_module_name_is_an_import_path() -> None:
    assert check("dotted_name", ".types", '    "ActionModuleSecret": ".types",', "ActionModuleSecret")
    text = '_dynamic_imports = {\n    "ActionModuleSecret": ".types",\n    "ClientSecretGrant": ".client_grants",\n}\n'
    assert hidden(text, "src/pkg/management/__init__.py")


def test_a_secret_after_a_dot_stays_shown() -> None:
    value = "." + _key(24)
    assert not check("dotted_name", value, f'    "ClientSecret": "{value}",', "ClientSecret")
    require_shown(f'_settings = {{\n    "ClientSecret": "{_key(32)}",\n}}\n', "src/pkg/management/settings.py")


# --- the value is an identifier holding the constant's whole name -----------------------------------------

@pytest.mark.parametrize("key,value", [("ACCESS_KEY", "AWSAccessKeyId"), ("SECRET_KEY", "AWSSecretKey"),
                                       ("HEADER_LINK_XET_AUTH_KEY", "xet-auth")])
def test_a_field_name_spelled_with_the_constants_words(key: str, value: str) -> None:
    assert check("key_name_within_value", value, f"    {key} = '{value}'", key)


def test_an_ec2_credential_file_reader_is_hidden() -> None:
    text = ("class Ec2Config:\n    CRED_FILE_ENV = 'AWS_CREDENTIAL_FILE'\n    ACCESS_KEY = 'AWSAccessKeyId'\n"
            "    SECRET_KEY = 'AWSSecretKey'\n")
    assert hidden(text, "pkg/credentials.py")


@pytest.mark.parametrize("value", ["MySecretKey", "SuperSecretKey", "SecretKey2024"])
def test_a_made_up_password_around_the_name_is_no_field_name(value: str) -> None:
    assert not check("key_name_within_value", value, f"SECRET_KEY = '{value}'", "SECRET_KEY")


def test_a_secret_key_in_the_same_place_stays_shown() -> None:
    value = _key(40)
    assert not check("key_name_within_value", value, f"    SECRET_KEY = '{value}'", "SECRET_KEY")
    require_shown(f"class Ec2Config:\n    SECRET_KEY = '{value}'\n", "pkg/credentials.py")


# --- a known-answer test: a digest next to the word it is the digest of ----------------------------------

@pytest.mark.parametrize("algorithm", ["md5", "sha1", "sha256", "sha512"])
def test_the_digest_of_the_literal_beside_it_is_a_test_vector(algorithm: str) -> None:
    word = random.Random(algorithm).choice(["password", "letmein", "Test", "\u00e9t\u00e9"])
    digest = hashlib.new(algorithm, word.encode()).hexdigest()
    line = f'        ("{word}", \'{digest}\'),'
    assert check("digest_of_literal_beside", digest, line, None)


def test_a_handlers_known_answers_are_hidden() -> None:
    digest = hashlib.sha256(b"password").hexdigest()
    text = f'class hex_sha256_test(HandlerCase):\n    known_correct_hashes = [\n        ("password", \'{digest}\'),\n    ]\n'
    assert hidden(text, "pkg/tests/test_handlers.py")


def test_hex_beside_a_word_it_is_no_digest_of_stays_shown() -> None:
    value = _hex(64)
    line = f'        ("password", \'{value}\'),'
    assert not check("digest_of_literal_beside", value, line, None)
    require_shown(f'CREDENTIALS = [\n{line}\n]\n', "pkg/tests/test_login.py")


# --- a serializer's attribute map entry -----------------------------------------------------------------

def test_a_wire_name_in_an_attribute_map_is_a_field_name() -> None:
    line = '        "customer_provided_key_sha256": {"key": "CustomerProvidedKeySha256", "type": "str"},'
    assert check("attribute_map_entry", "CustomerProvidedKeySha256", line, "key")
    text = ("class CpkInfo(_serialization.Model):\n    _attribute_map = {\n"
            '        "encryption_key": {"key": "EncryptionKey", "type": "str"},\n'
            f"{line}\n    }}\n")
    assert hidden(text, "pkg/_generated/models/_models_py3.py")


def test_a_totp_key_in_a_key_and_type_record_is_no_wire_name() -> None:
    # passlib's TOTP.to_json(): {"key": "<base32>", "type": "totp", "v": 1}: the key itself, beside a type
    value = base64.b32encode(bytes(_R.randrange(256) for _ in range(20))).decode()
    line = f'    >>> totp = TOTP.from_source(\'{{"key": "{value}", "type": "totp", "v": 1}}\')'
    assert not check("attribute_map_entry", value, line, "key")
    random_keys = [high_entropy(seed=i, length=_R.randrange(16, 41)) for i in range(2000)]
    hits = sum(check("attribute_map_entry", k, f'{{"key": "{k}", "type": "str"}}', "key") for k in random_keys)
    assert hits <= 4  # random keys rarely read as a camelCase wire name


def test_a_key_in_a_dict_with_no_type_beside_it_stays_shown() -> None:
    value = _key(44)
    line = f'    "storage": {{"key": "{value}", "account": "prodlogs"}},'
    assert not check("attribute_map_entry", value, line, "key")
    require_shown(f"ACCOUNTS = {{\n{line}\n}}\n", "pkg/storage_accounts.py")


# --- a generated API client's auth_settings list --------------------------------------------------------

@pytest.mark.parametrize("line,value", [("            auth_settings=['BasicAuthentication'],", "BasicAuthentication"),
                                        ('        _auth_settings: List[str] = ["oauth2", "apiToken"]', "apiToken")])
def test_auth_settings_name_security_schemes(line: str, value: str) -> None:
    assert check("security_scheme_names", value, line, "auth_settings")
    text = f"    def _signin_serialize(self):\n{line}\n        return self.api_client.param_serialize(auth_settings)\n"
    assert hidden(text, "pkg/service/signin_service.py")


def test_a_token_beside_auth_settings_stays_shown() -> None:
    value = _key(40)
    line = f'        auth_token = "{value}"'
    assert not check("security_scheme_names", value, line, "auth_token")
    require_shown(f"    def _signin(self):\n        _host = 'api.example.com'\n{line}\n", "pkg/service/signin.py")


# --- digits in groups counted from 1 ----------------------------------------------------------------------

@pytest.mark.parametrize("value", ["1234-5678-91000", "1234 5678 9012 3456", "12345678-0000"])
def test_counted_digit_groups_are_a_stand_in(value: str) -> None:
    assert check("counted_digit_groups", value, f"SERVER_API_TOKEN={value}", "SERVER_API_TOKEN", "dotenv")


def test_an_env_example_with_counted_tokens_is_hidden() -> None:
    assert hidden("SERVER_API_TOKEN=1234-5678-91000\nACCOUNT_API_TOKEN=1234-5678-91000\n", ".env.example")


def test_issued_digit_groups_stay_shown() -> None:
    value = "-".join("".join(_R.choice(string.digits) for _ in range(4)) for _ in range(3))
    assert not check("counted_digit_groups", value, f"SERVER_API_TOKEN={value}", "SERVER_API_TOKEN", "dotenv")
    token = f"{_hex(8)}-{_hex(4)}-{_hex(4)}-{_hex(4)}-{_hex(12)}"
    require_shown(f"SERVER_API_TOKEN={token}\n", ".env")


# --- a short stand-in typed as abc123 and one more character -------------------------------------------

@pytest.mark.parametrize("value", ["abc123z", "xyz789", "abc#123"])
def test_a_short_typed_run_is_a_stand_in(value: str) -> None:
    assert check("typed_placeholder", value, f"<token>{value}</token>", "token")


def test_short_random_values_are_not_typed_runs() -> None:
    rng = random.Random(7)
    alphabet = string.ascii_lowercase + string.digits
    values = ["".join(rng.choice(alphabet) for _ in range(rng.choice((6, 7)))) for _ in range(2000)]
    hits = sum(check("typed_placeholder", v, f"<token>{v}</token>", "token") for v in values)
    assert hits <= 4  # under 0.2 %: six or seven random characters rarely run abc123


# --- a resource's version token (optimistic concurrency) -------------------------------------------------

def test_a_version_token_guards_an_update() -> None:
    value = _key(45)
    assert check("cursor_or_idempotency_token", value, f'            versionToken: "{value}"', "versionToken", "typescript")
    text = f"await client.payments.update({{\n    payment: {{\n        versionToken: \"{value}\"\n    }}\n}});\n"
    assert hidden(text, "api/resources/payments/client/Client.js")


def test_an_access_token_in_the_same_call_stays_shown() -> None:
    value = _key(45)
    assert not check("cursor_or_idempotency_token", value, f'    accessToken: "{value}"', "accessToken", "typescript")
    require_shown(f"const client = new SquareClient({{\n    accessToken: \"{value}\"\n}});\n", "src/square.js")


# --- a property of an object named for a credential (secret.level, token.message) ----------------------------

def test_a_property_of_a_secret_object_is_no_secret() -> None:
    assert check("describing_key_name", "handshake", "        secret.level = 'handshake';", "secret.level", "javascript")
    text = ("      let secret = this.computeSecret(this._dhData);\n      if (secret instanceof Error) {\n"
            "        secret.level = 'handshake';\n      }\n")
    assert hidden(text, "lib/protocol/kex.js")


def test_the_secret_itself_stays_shown() -> None:
    value = random_password(seed=_R.randrange(1 << 30), length=20)
    assert not check("describing_key_name", value, f"        secret.value = '{value}';", "secret.value", "javascript")
    require_shown(f"        secret.value = '{value}';\n", "lib/protocol/setup.js")


# --- a tuple of field names in a create or update call's spec ----------------------------------------------

def test_required_and_optional_field_names_are_names() -> None:
    line = '        optional=("shared_secret", "protected_branch_ids"),'
    assert check("field_name_list", "protected_branch_ids", line, "shared_secret")
    text = f'    _create_attrs = RequiredOptional(\n        required=("name", "external_url"),\n{line}\n    )\n'
    assert not_shown(text, "pkg/v4/objects/status_checks.py")


def test_a_shared_secret_passed_to_the_call_stays_shown() -> None:
    value = _key(32)
    assert not check("field_name_list", value, f'    hook = project.hooks.create(shared_secret="{value}")', "shared_secret")
    require_shown(f'hook = project.external_status_checks.create(name="ci", shared_secret="{value}")\n', "ops/hooks.py")


# --- Mailchimp's mobile SDK key, made to ship in apps ------------------------------------------------------

def _mailchimp_key() -> str:
    return _hex(32) + "-us" + str(_R.randrange(1, 21))


@pytest.mark.parametrize("line", ['        try? Mailchimp.initialize(token: "{v}", autoTagContacts: true)',
                                  '        try MailchimpSDK.initialize(token: "{v}")',
                                  '    val config = MailchimpSdkConfiguration.Builder(context, "{v}").build()',
                                  '    static let mailchimpSdkKey = "{v}"'])
def test_a_mailchimp_sdk_key_handed_to_the_sdk_is_public(line: str) -> None:
    value = _mailchimp_key()
    key = "mailchimpSdkKey" if "mailchimpSdkKey" in line else None
    assert check("public_by_format", value, line.format(v=value), key, "swift")


def test_an_app_initialising_the_mailchimp_sdk_is_hidden() -> None:
    value = _mailchimp_key()
    text = f"import MailchimpSDK\n\nfunc configure() {{\n    try? Mailchimp.initialize(token: \"{value}\")\n}}\n"
    assert hidden(text, "App/AppDelegate.swift")


def test_the_mailchimp_api_key_stays_confirmed() -> None:
    value = _mailchimp_key()
    assert not check("public_by_format", value, f"MAILCHIMP_API_KEY={value}", "MAILCHIMP_API_KEY", "dotenv")
    # a key before the SDK call on its line is not the call's argument
    assert not check("public_by_format", value, f'let apiKey = "{value}"; try? Mailchimp.initialize(token: sdkKey)', "apiKey")
    assert outcomes(f"MAILCHIMP_API_KEY={value}\n", ".env") == ["confirmed"]


# --- a token shown as an example in an API model's documentation member ----------------------------------

def _sas_signature() -> str:
    return _key(43).replace("-", "A").replace("_", "B") + "%3D"


def test_a_format_shown_in_a_documentation_member_goes_to_a_person() -> None:
    sig = _sas_signature()
    line = ('          "documentation":"<p>Specifies a SAS token.</p> <p>A token looks something like this:</p> <p> <code>'
            f'sp=r&amp;st=2023-12-20T14:54:52Z&amp;se=2023-12-20T22:54:52Z&amp;spr=https&amp;sv=2021-06-08&amp;sr=c&amp;sig={sig}'
            '</code> </p>"')
    assert check("introduced_as_example", sig, line, "sig", "json", IN_CODE)
    statuses = outcomes('{\n  "shapes":{\n    "AzureBlobSasConfiguration":{\n' + line + "\n    }\n  }\n}\n",
                        "pkg/data/datasync/2018-11-09/service-2.json")
    assert statuses and "confirmed" not in statuses and "pending" in statuses


def test_a_token_in_a_data_member_stays_confirmed() -> None:
    sig = _sas_signature()
    line = f'  "sasToken": "sp=r&st=2023-12-20T14:54:52Z&se=2999-12-20T22:54:52Z&spr=https&sv=2021-06-08&sr=c&sig={sig}"'
    assert not check("introduced_as_example", sig, line, "sig", "json", IN_CODE)
    assert "confirmed" in outcomes("{\n" + line + "\n}\n", "deploy/blob.json")


# --- base64 of a phrase in a test (YSBzZWNyZXQ= is "a secret") ----------------------------------------------

@pytest.mark.parametrize("phrase", ["a secret", "my client secret", "not a real token"])
def test_an_encoded_phrase_in_a_test_is_a_stand_in(phrase: str) -> None:
    value = base64.b64encode(phrase.encode()).decode()
    assert check("encoded_phrase_in_example", value, f'    "clientSecret": "{value}",', "clientSecret", "python", IN_TEST)
    assert hidden(f'CACHED = {{\n    "clientId": "clientid",\n    "clientSecret": "{value}",\n}}\n', "tests/unit/test_tokens.py")


def test_encoded_key_bytes_or_a_phrase_outside_tests_stay_shown() -> None:
    value = base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
    assert not check("encoded_phrase_in_example", value, f'    "clientSecret": "{value}",', "clientSecret", "python", IN_TEST)
    # a Kubernetes Secret's data is base64 of the real value, whatever it reads as
    phrase = base64.b64encode(b"correct horse battery staple").decode()
    assert not check("encoded_phrase_in_example", phrase, f"  password: {phrase}", "password", "yaml", IN_CODE)
    require_shown(f'CACHED = {{\n    "clientSecret": "{value}",\n}}\n', "tests/unit/test_tokens.py")


# --- a slug that says it was made up to fail (expired-sak, fake_token_2) -------------------------------------

@pytest.mark.parametrize("value", ["expired-sak", "fake_token_2", "revoked-key", "invalid-secret-value"])
def test_a_fixture_word_in_a_slug_is_a_stand_in(value: str) -> None:
    assert check("fixture_word_in_value", value, f"    'SecretAccessKey': '{value}',", "SecretAccessKey")


def test_cached_expired_credentials_are_hidden() -> None:
    text = ("cached_creds = {\n    'Credentials': {\n        'AccessKeyId': 'expired-akid',\n"
            "        'SecretAccessKey': 'expired-sak',\n        'SessionToken': 'expired-st',\n    }\n}\n")
    assert hidden(text, "tests/unit/test_credentials.py")


def test_a_generated_secret_with_a_fixture_word_stays_shown() -> None:
    value = "bad_" + "".join(_R.choice(string.ascii_lowercase + string.digits) for _ in range(32))
    assert not check("fixture_word_in_value", value, f"    'SecretAccessKey': '{value}',", "SecretAccessKey")
    secret = _key(40)
    require_shown(f"cached_creds = {{\n    'Credentials': {{\n        'SecretAccessKey': '{secret}',\n    }}\n}}\n",
                  "tests/unit/test_credentials.py")


# --- a cache key that is the digest of what it caches -----------------------------------------------------

def test_a_digest_under_a_cache_keys_name_is_a_lookup_key() -> None:
    value = hashlib.sha1(b"https://d-123.awsapps.com/start").hexdigest()
    assert check("storage_key_name", value, f"        token_cache_key = '{value}'", "token_cache_key")
    assert hidden(f"    def test_sso_source_profile(self):\n        token_cache_key = '{value}'\n", "tests/functional/test_credentials.py")


def test_a_key_under_a_name_that_is_no_cache_key_stays_shown() -> None:
    value = _hex(40)
    assert not check("storage_key_name", value, f"        token_encryption_key = '{value}'", "token_encryption_key")
    assert not check("storage_key_name", value, f"        cache_secret = '{value}'", "cache_secret")
    require_shown(f"    def setUp(self):\n        token_encryption_key = '{value}'\n", "tests/functional/test_credentials.py")
