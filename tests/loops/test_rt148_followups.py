"""Follow-ups of red-team sets 148-152 (a CredData-style mix, gitleaks-style provider cases, embedded/IoT and game
repositories, data engineering, legacy Java and .NET): shapes they showed missed or misread. Values are drawn at
run time; failures name the file and the statuses, never the value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import base64
import random
import string
import uuid

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown
from tests.support.tokens import random_chars

_R = random.Random(148)
_ALNUM = string.ascii_letters + string.digits
_UPPER_DIGITS = string.ascii_uppercase + string.digits
_PRINTABLE = _ALNUM + "#>!{=~"
_HEX = "0123456789abcdef"


def _some_shown(text: str, path: str) -> bool:
    """At least one candidate of text is shown (the others may be dismissed on their own account)."""
    return bool({"confirmed", "pending"} & set(outcomes(text, path)))


def _pw() -> str:
    return random_chars(_R, 6, _ALNUM) + "%" + random_chars(_R, 5, _ALNUM) + "7q"


# --- embedded, IoT and game repositories (set 150) -----------------------------------------------------------------

def test_read_and_write_channel_keys_in_a_define_are_found() -> None:
    require_shown(f'#define THINGSPEAK_WRITE_KEY "{random_chars(_R, 16, _UPPER_DIGITS)}"\n', "include/secrets.h")
    require_shown(f'#define THINGSPEAK_READ_KEY "{random_chars(_R, 16, _UPPER_DIGITS)}"\n', "include/secrets.h")
    assert not_shown('#define READ_KEY_PIN "A0"\n', "include/pins.h")


def test_tuya_local_keys_are_found() -> None:
    require_shown(f'devices:\n  - host: 192.168.1.40\n    local_key: "{random_chars(_R, 16, _PRINTABLE)}"\n',
                  "config/localtuya.yaml")
    device_id = "bf" + random_chars(_R, 20, string.ascii_lowercase + string.digits)
    require_shown(f'[\n  {{\n    "name": "Desk lamp",\n    "id": "{device_id}",\n'
                  f'    "key": "{random_chars(_R, 16, _PRINTABLE)}",\n    "version": "3.4"\n  }}\n]\n', "tools/devices.json")
    assert not_shown('devices:\n  - local_key: !secret lamp_local_key\n', "config/localtuya.yaml")


def test_a_random_home_assistant_webhook_id_is_found_but_not_a_readable_one() -> None:
    require_shown("automation:\n  - trigger:\n      - platform: webhook\n"
                  f"        webhook_id: doorbell-{random_chars(_R, 40, _ALNUM + '-_')}\n", "automations.yaml")
    assert not_shown("automation:\n  - trigger:\n      - platform: webhook\n        webhook_id: doorbell_pressed\n",
                     "automations.yaml")


def test_a_key_field_set_from_a_literal_s_bytes_is_found() -> None:
    require_shown("public static class SaveEncryption\n{\n"
                  f'    private static readonly byte[] Key = Encoding.UTF8.GetBytes("{random_chars(_R, 32, _ALNUM)}");\n'
                  "}\n", "Assets/Scripts/Save/SaveEncryption.cs")
    require_shown(f'    static final byte[] HMAC_SECRET = "{random_chars(_R, 24, _ALNUM)}".getBytes(UTF_8);\n',
                  "src/main/java/app/Tokens.java")
    assert not_shown('    var payload = Encoding.UTF8.GetBytes("hello world, this is the body");\n', "Client.cs")


def test_the_standards_aes_example_keys_in_hex_are_not_shown() -> None:
    # FIPS 197 / SP 800-38A print these keys for every implementation's known-answer tests
    for key in ("2b7e151628aed2a6abf7158809cf4f3c", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
                "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"):
        assert not_shown(f'static const char* APP_KEY = "{key}";\n', "lib/crypto/aes_check.cpp")
    require_shown(f'static const char* APP_KEY = "{random_chars(_R, 32, _HEX)}";\n', "src/lorawan_keys.cpp")


# --- legacy Java and .NET (set 152) ----------------------------------------------------------------------------------

def test_keystore_passwords_in_xml_lists_and_setters_are_found() -> None:
    require_shown(f"<configuration>\n  <storepass>{_pw()}</storepass>\n  <keypass>{_pw()}</keypass>\n</configuration>\n",
                  "inventory-service/pom.xml")
    require_shown(f"    commandLine 'jarsigner', '-keystore', 'keys/app.jks', '-storepass', '{_pw()}', 'build/libs/app.jar'\n",
                  "build.gradle")
    require_shown(f"cd('/SecurityConfiguration/base_domain')\ncmo.setNodeManagerPassword('{_pw()}')\n", "wlst/create_domain.py")
    assert not_shown('<storepass>${keystore.password}</storepass>\n', "pom.xml")


def test_a_ws_security_password_digest_is_not_shown() -> None:
    digest = base64.b64encode(bytes(_R.randrange(256) for _ in range(20))).decode()
    fixture = ('<wsse:UsernameToken>\n  <wsse:Username>svc-orders</wsse:Username>\n'
               '  <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0'
               f'#PasswordDigest">{digest}</wsse:Password>\n</wsse:UsernameToken>\n')
    assert not_shown(fixture, "src/test/resources/fixtures/CreateOrderRequest-digest.xml")
    # the same element holding the password itself (#PasswordText) keeps its finding
    text = fixture.replace("#PasswordDigest", "#PasswordText").replace(digest, _pw())
    assert _some_shown(text, "src/test/resources/fixtures/CreateOrderRequest-text.xml")


# --- data engineering (set 151) ----------------------------------------------------------------------------------------

def test_hadoop_xml_properties_with_keys_and_bind_passwords_are_found() -> None:
    key = base64.b64encode(bytes(_R.randrange(256) for _ in range(64))).decode()
    require_shown("<configuration>\n  <property>\n    <name>fs.azure.account.key.lake.dfs.core.windows.net</name>\n"
                  f"    <value>{key}</value>\n  </property>\n</configuration>\n", "hadoop/core-site.xml")
    require_shown("<configuration>\n  <property>\n    <name>hive.server2.authentication.ldap.bindpw</name>\n"
                  f"    <value>{_pw()}</value>\n  </property>\n</configuration>\n", "hive/hive-site.xml")


def test_service_keys_in_a_json_variables_file_are_found() -> None:
    require_shown(f'{{\n  "segment_write_key": "{random_chars(_R, 32, _ALNUM)}",\n'
                  f'  "pagerduty_routing_key": "{random_chars(_R, 32, _HEX)}"\n}}\n', "variables/prod_variables.json")


def test_a_vault_approle_secret_id_is_found_though_it_is_a_uuid() -> None:
    secret_id = str(uuid.UUID(int=_R.getrandbits(128), version=4))
    require_shown(f'VAULT_ROLE_ID = "{uuid.UUID(int=_R.getrandbits(128), version=4)}"\nVAULT_SECRET_ID = "{secret_id}"\n',
                  "scripts/rotate_keys.py")
    assert not_shown(f'CREDENTIAL_SECRET_ID = "{secret_id}"\n', "scripts/lookup.py")


def test_fernet_ciphertext_a_secret_object_s_name_and_an_encoded_host_are_not_shown() -> None:
    body = bytes([0x80, 0, 0, 0, 0, 0x65, 0x12, 0x34, 0x56]) + bytes(_R.randrange(256) for _ in range(16 + 32 + 32))
    fernet = base64.urlsafe_b64encode(body).decode()
    assert not_shown(f'{{\n  "partner_sftp_password": "{fernet}"\n}}\n', "variables/prod_variables.json")
    assert not_shown("dags:\n  gitSync:\n    enabled: true\n    sshKeySecret: airflow-git-ssh\n", "helm/airflow-values.yaml")
    host = base64.b64encode(b"pkc-4nym6.us-east-1.aws.confluent.cloud:9092").decode()
    assert not_shown(f"apiVersion: v1\nkind: Secret\ntype: Opaque\ndata:\n  BOOTSTRAP: {host}\n", "k8s/kafka-credentials.yaml")
    require_shown(f"apiVersion: v1\nkind: Secret\ntype: Opaque\ndata:\n  PASSWORD: {base64.b64encode(_pw().encode()).decode()}\n",
                  "k8s/kafka-credentials.yaml")


# --- provider cases and the CredData-style mix (sets 148, 149) ---------------------------------------------------------

def test_a_flagsmith_server_key_without_a_digit_is_found_but_not_a_method_call() -> None:
    require_shown(f'export const FLAGSMITH_SERVER_KEY = "ser.{random_chars(_R, 22, string.ascii_letters)}";\n',
                  "src/lib/server/flags.ts")
    assert not_shown("    val config = ser.getSerializationConfigs()\n", "src/main/kotlin/Json.kt")


def test_marker_words_in_a_token_and_values_that_say_not_for_production_are_stand_ins() -> None:
    assert not_shown(f"it replies with something like `{_R.randrange(10**8, 10**9)}:AAExampleTokenDoNotUse_"
                     f"{random_chars(_R, 12, string.ascii_lowercase)}`.\n", "docs/providers.md")
    assert not_shown('{\n  "Jwt": {\n    "SigningKey": "dev-signing-key-not-for-production-use-0000"\n  }\n}\n',
                     "src/Api/appsettings.json")
    assert not_shown('{\n  "Jwt": {\n    "Secret": "local-only-secret-do-not-use-in-prod-1234"\n  }\n}\n',
                     "src/Api/appsettings.json")


def test_a_base64_aws_key_id_in_a_secret_is_found_and_a_form_body_is_cut_at_the_ampersand() -> None:
    key_id = "AKIA" + random_chars(_R, 16, _UPPER_DIGITS)
    require_shown(f"apiVersion: v1\nkind: Secret\ntype: Opaque\ndata:\n  accessKeyId: {base64.b64encode(key_id.encode()).decode()}\n",
                  "deploy/overlays/prod/credentials.yaml")
    assert not_shown('    body = b"token=xyz&team_id=T0001"\n', "tests/test_webhooks.py")
    assert not_shown(f"const FILE_KEY = '{random_chars(_R, 22, _ALNUM)}';\n", "design/export_icons.js")


# --- more repository kinds, mobile apps, security tooling (sets 153-155) ----------------------------------------------

def test_go_byte_slice_keys_swift_env_fallbacks_and_underscored_key_constants_are_found() -> None:
    require_shown(f'\tfallbackKey := []byte("{random_chars(_R, 32, _ALNUM)}")\n', "internal/auth/keys.go")
    require_shown(f'let jwtSecret = Environment.get("JWT_SECRET") ?? "{random_chars(_R, 32, _ALNUM)}"\n',
                  "Sources/App/configure.swift")
    require_shown(f'let key = ProcessInfo.processInfo.environment["STRIPE_API_KEY"] ?? "{random_chars(_R, 32, _ALNUM)}"\n',
                  "Sources/App/Payments.swift")
    require_shown(f'_FALLBACK_KEY = "{random_chars(_R, 32, _HEX)}"\n', "tools/c2/config.py")
    assert not_shown('\tmonkey := []byte("banana")\n', "internal/zoo/zoo.go")


def test_a_mandrill_key_with_its_md_prefix_and_an_android_rest_key_are_found() -> None:
    require_shown(f"MANDRILL_API_KEY=md-{random_chars(_R, 22, _ALNUM)}\n", ".env.production")
    require_shown(f'<resources>\n    <string name="onesignal_rest_key">{random_chars(_R, 48, _ALNUM)}</string>\n</resources>\n',
                  "android/app/src/main/res/values/strings.xml")


def test_a_lookup_plugin_s_argument_and_an_option_s_name_are_not_passwords() -> None:
    assert not_shown("""elastic_password: "{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/honeypot:elastic') }}"\n""",
                     "ansible/group_vars/all/vars.yml")
    assert not_shown("OPTION_SMTP_PASS = 'mailbridge_smtp_password'\n", "includes/options.php")
    # a literal elsewhere in an expression is still a literal: some candidate of it is shown
    hashed = f"""elastic_password: "{{{{ '{_pw()}' | password_hash('sha512') }}}}"\n"""
    assert _some_shown(hashed, "ansible/group_vars/all/vars.yml")


def test_a_client_s_first_argument_beside_its_server_is_found() -> None:
    require_shown(f"client = MsfRpcClient('{_pw()}', server=\"10.8.0.1\", port=55553, ssl=True)\n", "automation/msfrpc_runner.py")
    require_shown(f"api = Gophish('{random_chars(_R, 64, _HEX)}', host=\"https://127.0.0.1:3333\", verify=False)\n",
                  "scripts/launch_campaign.py")
    assert not_shown("client = MsfRpcClient(os.environ['MSF_PASSWORD'], server='10.8.0.1')\n", "automation/msfrpc_runner.py")


# --- probe 156 (this stop's own changes) and sets 157-158 ------------------------------------------------------------

def test_credentials_handed_to_a_lookup_and_an_encoded_webhook_url_stay_shown() -> None:
    token = "hvs." + random_chars(_R, 24, _ALNUM)
    assert _some_shown(
        f"""vault_token: "{{{{ lookup('hashi_vault', 'secret=kv/data/app:pw token={token} url=https://vault:8200') }}}}"\n""",
        "group_vars/all.yml")
    hook = f"https://hooks.slack.com/services/T{random_chars(_R, 8, _UPPER_DIGITS)}/B{random_chars(_R, 8, _UPPER_DIGITS)}/{random_chars(_R, 24, _ALNUM)}"
    require_shown(f"apiVersion: v1\nkind: Secret\ntype: Opaque\ndata:\n  ALERT_URL: {base64.b64encode(hook.encode()).decode()}\n",
                  "apps/billing/secret.yaml")


def test_a_cipher_word_makes_a_record_key_a_key_and_a_product_key_is_an_id() -> None:
    key = base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
    require_shown(f'ENCRYPTION_RECORD_KEY = "{key}"  # AES-256-GCM key for ticket bodies\n', "integrations/jira.py")
    assert not_shown(f'{{\n  "product_key": "key{random_chars(_R, 13, string.ascii_lowercase + string.digits)}"\n}}\n',
                     "tuya/devices.json")


def test_yaml_secret_tags_nvs_key_names_and_hasher_names_are_not_shown() -> None:
    assert not_shown("rest_command:\n  nodered:\n    headers:\n      authorization: !secret nodered_bearer\n",
                     "configuration.yaml")
    assert not_shown('#define NVS_DEVICE_KEY "device_cfg"\n', "include/board.h")
    assert not_shown("security:\n    password_hashers:\n"
                     "        Symfony\\Component\\Security\\Core\\User\\PasswordAuthenticatedUserInterface: 'auto'\n",
                     "config/packages/security.yaml")
    assert not_shown('APP_KEYS="toBeModified1,toBeModified2"\nAPI_TOKEN_SALT=tobemodified\nJWT_SECRET=tobemodified\n',
                     ".env.example")


def test_hex_keys_a_positional_mandrill_key_bytes_literals_and_destructured_env_fallbacks_are_found() -> None:
    require_shown(f'    private static readonly byte[] AesKey = Convert.FromHexString("{random_chars(_R, 64, _HEX)}");\n',
                  "src/Crypto/FieldEncryption.cs")
    require_shown(f'client = mandrill.Mandrill("md-{random_chars(_R, 22, _ALNUM)}")\n', "mail/mandrill_client.py")
    escaped = "".join(f"\\x{_R.randrange(256):02x}" for _ in range(24))
    require_shown(f'SECRET_KEY = b"{escaped}"\n', "instance/config.py")
    require_shown(f"const {{ env }} = process\nmodule.exports = {{\n  password: env.SEQ_MSSQL_PW || '{_pw()}',\n}}\n",
                  "test/support/env.js")


def test_a_chosen_password_in_a_test_s_url_is_left_to_a_person() -> None:
    # two words, a symbol and digits: how people choose passwords, read as words by the model
    password = _R.choice(["Harbor", "Quartz", "Tundra", "Maple"]) + "#" + _R.choice(["cobalt", "marlin", "ember"]) + "47"
    assert _some_shown(f'const dsn = "postgres://ci:{password}@pg-ci.example-corp.net:5432/app"\n', "conn_test.go")
    assert not_shown('const dsn = "postgres://user:password@localhost:5432/app"\n', "conn_test.go")


# --- gitleaks-style provider cases (sets 159-160) -------------------------------------------------------------------

def _lower_alnum(n: int) -> str:
    return random_chars(_R, n, string.ascii_lowercase + string.digits)


def test_an_authress_key_under_any_name_and_flickr_s_positional_key_are_found() -> None:
    key = (f"sc_{_lower_alnum(12)}.{_lower_alnum(5)}.acc_{_lower_alnum(14)}."
           f"{random_chars(_R, 64, _ALNUM + '+/_-')}")
    require_shown(f"const authressKey = '{key}';\n", "src/auth.ts")
    require_shown(f"flickr = flickrapi.FlickrAPI('{random_chars(_R, 32, _HEX)}', '{random_chars(_R, 16, _HEX)}')\n",
                  "photos.py")


def test_provider_tokens_given_to_a_cli_or_a_client_and_a_sumo_logic_source_url_are_found() -> None:
    require_shown(f"netlify deploy --prod --dir=dist --auth {random_chars(_R, 43, _ALNUM + '_-')}\n", "deploy.sh")
    require_shown(f"snyk auth {uuid.UUID(int=_R.getrandbits(128), version=4)}\n", "ci.sh")
    require_shown(f"const messagebird = require('messagebird').initClient('{random_chars(_R, 25, _ALNUM)}');\n", "sms.js")
    require_shown("<match **>\n  @type sumologic\n  endpoint https://endpoint4.collection.sumologic.com/receiver/v1/http/"
                  f"{random_chars(_R, 88, _ALNUM + '-_')}==\n</match>\n", "fluent.conf")
    assert not_shown("netlify deploy --prod --auth $NETLIFY_AUTH_TOKEN\n", "deploy.sh")


def test_vault_audit_hmacs_and_a_sign_s_words_are_not_secrets() -> None:
    assert not_shown(f'{{"type":"response","auth":{{"client_token":"hmac-sha256:{random_chars(_R, 64, _HEX)}"}}}}\n',
                     "audit.log")
    assert not_shown('headers = {"X-RapidAPI-Key": "SIGN-UP-FOR-KEY", "X-RapidAPI-Host": "weather.p.rapidapi.com"}\n',
                     "weather.py")


# --- documentation repositories (set 161) ---------------------------------------------------------------------------

def test_random_token_bodies_almost_never_read_as_words() -> None:
    # a webhook secret's random body passed the vowel test about once in a hundred and was dismissed as words
    from secretloop.loops.filters.word_shapes import wordlike
    draws = ["whsec_" + random_chars(_R, 32, _ALNUM) for _ in range(2000)]
    assert sum(wordlike(v) for v in draws) <= 4
    for phrase in ("userPasswordTokenValue2024", "CorrectHorseBatteryStaple99", "ProductionDatabasePassword1"):
        assert wordlike(phrase)


def test_a_docsearch_key_is_public() -> None:
    assert not_shown(f'docsearch_app_id = "BH4D9OD16A"\ndocsearch_api_key = "{random_chars(_R, 32, _HEX)}"\n', "docs/conf.py")


# --- probe 162 and sets 163-164 --------------------------------------------------------------------------------------

def test_a_pw_name_is_a_password_name_and_fill_in_notes_or_tags_must_be_the_whole_value() -> None:
    word = _R.choice(["Ember", "Cobalt", "Willow"])
    require_shown(f"const {{ env }} = require('process');\nconst reportingPw = env.REPORTING_DB_PW || \"{word}#orbit{_R.randrange(10, 99)}\";\n",
                  "src/db.js")
    require_shown(f'keycloak:\n  auth:\n    password: "toBeModified#{random_chars(_R, 10, _ALNUM)}"\n', "charts/keycloak/values-prod.yaml")
    from secretloop.loops.filters.encrypted_and_references import is_secret_manager_reference
    quoted = f"!secret{random_chars(_R, 10, _ALNUM)}"  # a string in quotes, not Home Assistant's tag
    assert not is_secret_manager_reference(quoted, f'    password: "{quoted}"', "password", "yaml")
    assert is_secret_manager_reference("nodered_bearer", "    authorization: !secret nodered_bearer", "authorization", "yaml")
    assert not_shown('APP_KEYS="toBeModified1,toBeModified2"\n', ".env.example")


def test_capital_words_are_a_placeholder_only_when_they_name_what_goes_there() -> None:
    assert not_shown('headers = {"X-RapidAPI-Key": "GET-YOUR-OWN-KEY"}\n', "weather.py")
    from secretloop.loops.filters.placeholders import is_placeholder
    assert not is_placeholder("COBALT-WILLOW-EMBER-TUNDRA", "BASIC_AUTH_PASS=COBALT-WILLOW-EMBER-TUNDRA", "BASIC_AUTH_PASS", None)


def test_an_ino_sketch_is_read_as_cpp_and_a_product_license_under_product_key_is_kept() -> None:
    from secretloop.loops.features import language_for
    assert language_for("sketches/weather/weather.ino") == "cpp"
    from secretloop.loops.filters.key_names import is_data_key_name
    assert is_data_key_name("keyu7a9cxx3ft4t", '"product_key": "keyu7a9cxx3ft4t"', "product_key", "json")
    assert not is_data_key_name("VK7JG-NPHTM-C97JM-9MPGT-3V66T", 'PRODUCT_KEY = "VK7JG-NPHTM-C97JM-9MPGT-3V66T"',
                                "PRODUCT_KEY", "python")


def test_a_google_app_password_in_msmtprc_a_cypress_record_key_and_a_pgp_message_are_judged_by_their_shape() -> None:
    groups = " ".join(random_chars(_R, 4, string.ascii_lowercase) for _ in range(4))
    require_shown(f"account gmail\nhost smtp.gmail.com\nport 587\npassword {groups}\n", ".msmtprc")
    require_shown(f"module.exports = defineConfig({{\n  projectId: 'ab12cd',\n  recordKey: '{uuid.UUID(int=_R.getrandbits(128), version=4)}',\n}})\n",
                  "cypress.config.js")
    # a public-key encrypted session key packet: new format, two-octet length, version 3, key id, RSA
    packet = bytes([0xC1, 0xC1, 0x4C, 3]) + bytes(_R.randrange(256) for _ in range(8)) + bytes([1]) + \
        bytes(_R.randrange(256) for _ in range(140))
    message = base64.b64encode(packet).decode()
    assert not_shown(f'{{\n  "encrypted": {{ "npmToken": "{message}" }}\n}}\n', "renovate.json")


def test_a_gherkin_examples_table_s_password_column_is_read() -> None:
    feature = ("Feature: Login\n\n  Scenario Outline: a user signs in\n"
               '    Given the user "<username>" with password "<password>"\n    Then they see "<result>"\n\n'
               f"    Examples:\n      | username | password | result  |\n      | alice    | {_pw()} | welcome |\n")
    assert _some_shown(feature, "features/login.feature")
    from secretloop.loops.features import is_test_path
    assert is_test_path("features/login.feature")


# --- committed logs and tool output (set 166), less common languages (set 165) ------------------------------------

def test_a_basic_pair_is_judged_by_its_password_and_a_push_token_is_a_device_address() -> None:
    pair = f"support-bot@acme.io/token:{random_chars(_R, 40, _ALNUM)}"
    header = f"> Authorization: Basic {base64.b64encode(pair.encode()).decode()}\n"
    require_shown(header, "notes/zendesk-export-debug.md")
    stand_in = base64.b64encode(b"admin:password").decode()
    assert not_shown(f"> Authorization: Basic {stand_in}\n", "notes/zendesk-export-debug.md")
    assert not_shown(f'  {{"platform":"ios","push_token":"{random_chars(_R, 64, _HEX)}"}}\n', "postman/console-export.txt")
    require_shown(f'REGISTRATION_TOKEN = "{random_chars(_R, 20, _ALNUM)}"\n', "ci/register_runner.py")


def test_flutter_arb_files_are_catalogues_and_test_only_values_are_stand_ins() -> None:
    from secretloop.loops.features import is_catalogue_path
    assert is_catalogue_path("lib/l10n/app_de.arb")
    assert not_shown('    systemProperty "jwt.secret", "unit-test-only"\n', "build.gradle")


# --- generic cases (set 169) and probe 167 ----------------------------------------------------------------------------

def test_a_passphrase_ending_in_a_colon_an_auth_key_element_and_a_required_variable() -> None:
    require_shown(f'val passphrase = "{random_chars(_R, 6, _ALNUM)}#{random_chars(_R, 6, _ALNUM)}7q:"\n', "src/Config.kt")
    require_shown(f"<settings>\n  <authKey>{random_chars(_R, 8, _ALNUM)}?*@^#{random_chars(_R, 8, _ALNUM)}</authKey>\n</settings>\n",
                  "settings.xml")
    assert not_shown("    environment:\n      - POSTGRES_PASSWORD=${POSTGRES_PASSWORD:?required}\n", "docker-compose.yml")


def test_an_escaped_password_digest_and_a_secret_store_sign_are_not_secrets() -> None:
    digest = base64.b64encode(bytes(_R.randrange(256) for _ in range(20))).decode()
    assert not_shown('String body = "<wsse:Password Type=\\"http://docs.oasis-open.org/wss/2004/01/'
                     f'oasis-200401-wss-username-token-profile-1.0#PasswordDigest\\">{digest}</wsse:Password>";\n',
                     "src/test/java/SoapClientTest.java")
    assert not_shown('{\n  "Smtp": {\n    "Password": "SET-IN-KEYVAULT"\n  }\n}\n', "appsettings.json")


# --- startup monorepos (set 168) -------------------------------------------------------------------------------------

def test_a_sendgrid_template_id_is_no_password_and_a_test_s_auth_token_is_no_test_vector() -> None:
    assert not_shown(f"const TEMPLATES = {{\n  passwordReset: 'd-{random_chars(_R, 32, _HEX)}',\n}};\n", "src/services/notify.ts")
    assert _some_shown(
        f'MessageStatus = "delivered"\nsig = compute_signature(url, params)\nTWILIO_AUTH_TOKEN = "{random_chars(_R, 32, _HEX)}"\n',
        "tests/test_twilio_webhook.py")


def test_a_password_column_of_mixed_hash_schemes_is_a_column_of_hashes() -> None:
    phpass = "$P$B" + random_chars(_R, 30, _ALNUM + "./")
    bcrypt = "$2y$10$" + random_chars(_R, 53, _ALNUM + "./")
    seed = ("INSERT INTO pr_users (id, user_login, user_pass, role) VALUES\n"
            f"  (1, 'admin', '{phpass}', 'administrator'),\n  (2, 'editor', '{bcrypt}', 'editor'),\n"
            f"  (3, 'legacy', '{random_chars(_R, 32, _HEX)}', 'author');\n")
    assert not_shown(seed, "install/seed.sql")


# --- sets 172-174 ----------------------------------------------------------------------------------------------------

def test_push_tokens_named_after_the_service_vector_token_names_and_an_email_login_in_a_url() -> None:
    assert not_shown(f'APNS_DEVICE_TOKEN = "{random_chars(_R, 64, _HEX)}"\n', "scripts/push.py")
    assert not_shown(f'FCM_REGISTRATION_TOKEN = "{random_chars(_R, 64, _HEX)}"\n', "scripts/push.py")
    require_shown(f"EMAIL_URL=smtp://alerts@acme-mail.io:{_pw()}@smtp.acme-mail.io:587\n", ".env.production")
    from secretloop.loops.filters.stand_ins_in_examples import is_crypto_test_vector
    from secretloop.loops.filters.registry import Surroundings
    around = Surroundings(lines=('key = "000102030405060708090a0b0c0d0e0f"', 'nonce_expected = "000000000000004a00000000"'),
                          in_test_path=True)
    hexed = random_chars(_R, 32, _HEX)
    assert is_crypto_test_vector(hexed, f'token_bytes_expected = "{hexed}"', "token_bytes_expected", "python", around)


def test_an_encoded_template_pair_a_fake_token_an_offlineimap_app_password_and_an_r_key() -> None:
    auth = base64.b64encode(b"deploy-bot:${REGISTRY_PASSWORD}").decode()
    assert not_shown(f'{{\n  "auths": {{\n    "registry.acme.io": {{ "auth": "{auth}" }}\n  }}\n}}\n', "deploy/docker-config.json")
    assert not_shown(f'BOT_TOKEN = "000000000:AAFakeTokenForUnitTests{random_chars(_R, 12, _ALNUM)}"\n', "tests/test_bot.py")
    groups = " ".join(random_chars(_R, 4, string.ascii_lowercase) for _ in range(4))
    require_shown(f"[Repository gmail-remote]\ntype = Gmail\nremotepass = {groups}\n", ".offlineimaprc")
    require_shown(f'eia_key <- "{random_chars(_R, 32, _HEX)}"\n', "analysis/fetch_prices.R")


# --- sets 175-177 ----------------------------------------------------------------------------------------------------

def test_a_record_key_of_a_test_recording_service_and_a_qualified_env_fallback_are_found() -> None:
    require_shown(f"CURRENTS_RECORD_KEY={random_chars(_R, 16, _ALNUM)}\n", ".github/workflows/.env.ci")
    assert not_shown(f'RECORD_KEY = "{random_chars(_R, 24, _HEX)}"\n', "ledger/settings.py")
    require_shown(f"export default () => ({{\n  jwtFallbackSecret: process.env.JWT_SECRET_FALLBACK || '{random_chars(_R, 24, _ALNUM)}',\n}});\n",
                  "src/config/configuration.ts")


def test_sarif_keeps_a_path_as_written_save_what_changes_a_uri_s_reading() -> None:
    from urllib.parse import unquote

    from secretloop.loops.reports.sarif import path_uri
    assert path_uri("src/routes/api/+server.ts") == "src/routes/api/+server.ts"
    assert path_uri("config/dev settings.env") == "config/dev settings.env"
    assert path_uri("{31B2F340-016D}/Machine/Groups.xml") == "{31B2F340-016D}/Machine/Groups.xml"
    assert path_uri("a:b/c:d.txt") == "a%3Ab/c:d.txt"  # a first segment's colon would read as a scheme
    for path in ("docs/résumé 100%.md", "x#y?z.txt", "tab\there"):
        assert unquote(path_uri(path)) == path and "#" not in path_uri(path) and "?" not in path_uri(path)
