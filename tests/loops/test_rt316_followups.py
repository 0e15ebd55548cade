"""Follow-ups of red-team sets 316 onwards and of shapes read at the start of that stop. Values are drawn at run
time; failures name the file and the statuses, never the value (PYTEST_DONT_REWRITE: plain asserts, so a failure
shows no argument)."""

from __future__ import annotations

import base64
import random
import string

from secretloop.loops.features import is_test_path
from tests.loops.test_fp_corpus_classes import not_shown, require_shown
from tests.support.tokens import random_chars, random_uuid, typed_password

_R = random.Random(316)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def _mixed(n: int) -> str:
    while True:
        value = random_chars(_R, n, _ALNUM)
        if any(c.isupper() for c in value) and any(c.islower() for c in value) and any(c.isdigit() for c in value):
            return value


def test_sk_keys_of_openai_compatible_services_are_found_under_any_key_name() -> None:
    require_shown(f'OPENAI_KEY = "sk-{_mixed(48)}"\n', "bot/config.py")
    require_shown(f"client = OpenAI(api_key='sk-{_mixed(48)}', base_url='https://api.moonshot.cn/v1')\n", "chat.py")
    require_shown(f"LLM_TOKEN: sk-{_mixed(40)}\n", "deploy/values.yaml")
    assert not_shown(f'OPENAI_KEY = "sk-{"x" * 48}"\n', "bot/config.py")
    # a sort key of a single-table design is no API key
    assert not_shown(f'item = {{"PK": "tenant#42", "SK": "sk-{_mixed(40)}"}}\n', "repo/items.py")


def test_a_password_after_is_and_a_colon_in_a_note_is_found() -> None:
    require_shown(f"# Staging\n\nThe admin password is: {typed_password(_R)}\n", "docs/NOTES.md")
    assert not_shown("# Staging\n\nThe admin password is: stored in the team vault\n", "docs/NOTES.md")


def test_an_unhashed_htpasswd_line_is_found_and_hashes_are_not() -> None:
    require_shown(f"grafana:$apr1$Zp8kQ2rV$8nWfL0qXc1vR4tY7uI9oP/\nadmin:{typed_password(_R)}\n", "nginx/.htpasswd")
    assert not_shown("admin:$2y$05$Zp8kQ2rVm1N4bX7cT0qWeO5uY8iR3tG6hJ9kL2zX4cV7bN1mQ3wE\nops:rT4QbZ1mkX9sA\n",
                     "nginx/.htpasswd")


# --- payments, fintech and crypto exchanges (set 316) --------------------------------------------------------------

def test_a_key_named_after_its_hash_algorithm_is_a_key_not_a_digest() -> None:
    key = random_chars(_R, 32, _HEX)
    require_shown(f'PAYU = {{\n    "pos_id": "300746",\n    "md5_key": "{key}",\n}}\n', "payments/payu.py")
    # the algorithm after the credential's name still names a digest of it
    assert not_shown(f'ARTIFACT = {{"name": "app.tar.gz", "key_md5": "{key}"}}\n', "release/manifest.py")
    # ... and so does what the digest is of, before the key's word
    assert not_shown(f'{{\n  "region": "eu-west-1",\n  "etag_key": "{key}"\n}}\n', "config/services.json")


def test_a_secret_hash_that_is_no_digest_is_the_secret() -> None:
    require_shown(f"FLW_SECRET_HASH={_mixed(20)}\n", "flutterwave.env")
    assert not_shown(f"RABBITMQ_PASSWORD_HASH={random_chars(_R, 64, _HEX)}\n", "rabbit.env")


def test_hex_private_keys_given_to_web3j_and_go_ethereum_are_found() -> None:
    require_shown(f'val credentials = Credentials.create("{random_chars(_R, 64, _HEX)}")\n', "wallet/Keystore.kt")
    require_shown(f'key, err := crypto.HexToECDSA("{random_chars(_R, 64, _HEX)}")\n', "cmd/sign/main.go")


def test_authorize_net_public_client_key_in_a_constant_is_not_shown() -> None:
    assert not_shown(f'const val AUTHORIZENET_CLIENT_KEY = "{_mixed(64)}"\n', "app/PaymentsModule.kt")
    require_shown(f'const val AUTHORIZENET_TRANSACTION_KEY = "{_mixed(16)}"\n', "app/PaymentsModule.kt")


# --- scientific computing and HPC (set 317) ------------------------------------------------------------------------

def test_hpc_command_lines_and_clients_that_take_passwords_are_found() -> None:
    require_shown(f"lftp -u mirror,'{typed_password(_R)}' sftp://data.example.org\n", "bin/fetch_refs.sh")
    require_shown(f'echo "{typed_password(_R)}" | iinit\n', "scripts/irods_put.sh")
    require_shown(f"session = client.createSession('labadmin', '{typed_password(_R)}');\n", "+io/omeroLogin.m")
    assert not_shown('echo "$IRODS_PASSWORD" | iinit\n', "scripts/irods_put.sh")


def test_data_service_tokens_in_code_and_channel_urls_are_found() -> None:
    require_shown(f'c = cdsapi.Client(url="https://cds.climate.copernicus.eu/api", key="{random_uuid(_R)}")\n',
                  "scripts/get_era5.py")
    require_shown(f"channels:\n  - https://conda.anaconda.org/t/ab-{random_uuid(_R)}/acme-lab\n  - conda-forge\n",
                  "envs/star.yaml")
    assert not_shown("channels:\n  - https://conda.anaconda.org/t/<TOKEN>/acme-lab\n", "envs/star.yaml")


# --- PHP CMS and frameworks (set 318) ------------------------------------------------------------------------------

def test_an_instruction_in_camel_case_is_a_placeholder() -> None:
    assert not_shown("<?php\n$config['encryption_key'] = 'ChangeMeToSomethingRandom';\n", "application/config/config.php")
    assert not_shown("<?php\n$config['encryption_key'] = 'ReplaceThisWithALongRandomString';\n", "config.php")


def test_hex_of_a_digests_length_in_a_salted_or_dumped_password_column_is_the_stored_hash() -> None:
    dump = ("INSERT INTO `oc_user` (`user_id`, `username`, `password`, `salt`) VALUES\n"
            f"(1, 'admin', '{random_chars(_R, 40, _HEX)}', '{_mixed(9)}');\n"
            f"INSERT INTO users (id, login, password) VALUES (2, 'bob', '{random_chars(_R, 32, _HEX)}');\n")
    assert not_shown(dump, "install/opencart.sql")
    assert not_shown(f"id,email,password,salt\n1,a@b.io,{random_chars(_R, 64, _HEX)},{random_chars(_R, 16, _HEX)}\n",
                     "exports/users.csv")
    # a typed password in the same column, and hex in a password manager's export, are passwords
    require_shown(f"INSERT INTO users (id, login, password) VALUES (3, 'eve', '{typed_password(_R)}');\n", "seed.sql")
    require_shown(f"name,url,username,password\nbank,https://bank.example,me,{random_chars(_R, 32, _HEX)}\n",
                  "export.csv")


# --- IoT, embedded and home automation (set 319) -------------------------------------------------------------------

def test_device_passwords_in_urls_build_flags_and_provisioning_commands_are_found() -> None:
    password = random_chars(_R, 11, string.ascii_lowercase + string.digits) + "_"
    require_shown(f'{{"source": "-rtsp_transport tcp -i rtsp://admin:{password}@192.168.1.40:554/stream1"}}\n',
                  "homebridge/config.json")
    require_shown(f"[env:esp32]\nbuild_flags =\n    -DWIFI_SSID='\"HomeNet\"'\n    -DWIFI_PASS='\"{_mixed(14)}\"'\n",
                  "platformio_override.ini")
    require_shown(f'wpa_passphrase "HomeNet-5G" "{_mixed(16)}" >> /etc/wpa_supplicant/wpa_supplicant.conf\n', "install.sh")
    assert not_shown('wpa_passphrase "$SSID" "$PSK" > /tmp/wpa.conf\n', "install.sh")
    assert not_shown("[env:esp32]\nbuild_flags =\n    -DWIFI_PASS='\"${sysenv.WIFI_PASS}\"'\n", "platformio.ini")


def test_an_arduino_librarys_keywords_file_holds_no_values() -> None:
    assert not_shown("setPassword\tKEYWORD2\nsetAuthToken\tKEYWORD2\nMyLib\tKEYWORD1\n", "lib/CamClient/keywords.txt")


# --- observability, logging and alerting (set 320) -----------------------------------------------------------------

def test_observability_keys_under_their_own_names_and_header_syntaxes_are_found() -> None:
    require_shown(f"HONEYCOMB_WRITEKEY={random_chars(_R, 32, _HEX)}\n", ".env")
    require_shown(f'output {{ http {{ headers => {{ "Authorization" => "Splunk {random_uuid(_R)}" }} }} }}\n',
                  "logstash.conf")
    basic = base64.b64encode(f"482913:glc_{_mixed(60)}".encode()).decode().replace("=", "%3D")
    require_shown(f"OTEL_EXPORTER_OTLP_HEADERS=Authorization=Basic%20{basic}\n", "otel.env")
    assert not_shown("OTEL_EXPORTER_OTLP_HEADERS=Authorization=Basic%20${GRAFANA_OTLP_AUTH}\n", "otel.env")
    require_shown(f'$template LogglyFormat,"<%pri%>1 %timestamp% %HOSTNAME% [{random_uuid(_R)}@41058 tag=\\"web\\"] %msg%\\n"\n',
                  "rsyslog.d/22-loggly.conf")


# --- API client SDKs and tooling (set 321) -------------------------------------------------------------------------

def test_a_configuration_path_under_a_lookup_name_is_no_value() -> None:
    assert not_shown('    private const string SecretConfigKey = "Ledger:WebhookSigningSecret";\n',
                     "src/Ledger/Webhooks/SignatureVerifier.cs")
    require_shown(f'    private const string SigningSecret = "{_mixed(32)}";\n', "src/Ledger/Webhooks/SignatureVerifier.cs")


def test_an_azure_key_whose_bytes_are_typed_text_is_a_test_value() -> None:
    fake = base64.b64encode(b"fakekey" * 4 + b"fake").decode()
    line = f"CONN = 'HostName=hub.azure-devices.net;DeviceId=t1;SharedAccessKey={fake}'\n"
    assert not_shown(line, "tests/test_telemetry.py")
    real = base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
    require_shown(line.replace(fake, real), "tests/test_telemetry.py")


# --- a probe of this stop's changes (set 322) and older repositories (set 324) -------------------------------------

def test_probe_322_shapes_are_read() -> None:
    require_shown(f'  wpa_passphrase "Lab-Net" "{_mixed(10)}&{_mixed(3)}"\nsystemctl restart wpa\n', "provision.sh")
    require_shown(f"channel_alias: https://conda.anaconda.org/t/xy-{random_uuid(_R)}\n", ".condarc")
    require_shown(f'ALIPAY = {{\n    "partner": "2088102178934402",\n    "md5_key": "{random_chars(_R, 32, _HEX)}",\n}}\n',
                  "pay/alipay.py")
    assert not_shown("SESSION_SECRET = 'PutALongRandomStringHere'\n", "config/settings.py")


def test_older_shapes_of_passwords_and_keys_are_read() -> None:
    require_shown(f'$mdbpw = "{typed_password(_R)}";\n', "admin/db.php")
    require_shown(f"var mandrill = require('node-mandrill')('{_mixed(22)}');\n", "lib/mailer.js")
    assert not_shown('auth.password.treatment = "SHA1(CONCAT(?, salt))"\n', "application/configs/application.ini")


# --- identity providers (323), regional clouds (325), analytics (326), infrastructure as code (327) ---------------

def test_ory_secret_lists_and_signing_keys_with_percent_are_found() -> None:
    require_shown(f"serve:\n  public:\n    port: 4444\nsecrets:\n  system:\n    - {_mixed(32)}\n", "deploy/hydra.yml")
    assert not_shown("secrets:\n  cookie:\n    - PLEASE-CHANGE-ME-I-AM-VERY-INSECURE\n", "deploy/kratos.yml")
    require_shown(f'const token = jwt.sign(payload, "{_mixed(8)}%{_mixed(8)}", {{ expiresIn: "1h" }});\n', "src/auth.js")
    require_shown(f"DESCOPE_MANAGEMENT_KEY={_mixed(40)}\n", ".env")


def test_positional_cloud_clients_and_public_beacons() -> None:
    require_shown(f'client = LinodeClient("{random_chars(_R, 64, _HEX)}")\n', "tools/linode_sync.py")
    assert not_shown("<script defer src='https://static.cloudflareinsights.com/beacon.min.js' "
                     f"data-cf-beacon='{{\"token\": \"{random_chars(_R, 32, _HEX)}\"}}'></script>\n", "site/index.html")
    assert not_shown('example_password: "Correct-Horse-Battery-Staple"\n', "config/settings.yaml")


def test_analytics_configs_read_as_their_tools_write_them() -> None:
    require_shown(f"%let dw_user = etl;\n%let dw_pass = {typed_password(_R)};\n", "sas/autoexec.sas")
    assert not_shown("  password: \"{{ env_var('DBT_PASSWORD', 'not-used') }}\"\n", "profiles.yml")
    assert not_shown('{"db": {"user": "metabase", "password": "**MetabasePass**"}}\n', "metabase/config.json")
    assert not_shown("credentials:\n  drivername: postgresql+psycopg2\n  host: localhost\n", "great_expectations.yml")


def test_infrastructure_templates_hold_no_secrets() -> None:
    encoded = base64.b64encode(b"postgresql://user:password@localhost:5432/orders").decode()
    assert not_shown(f"apiVersion: v1\nkind: Secret\ndata:\n  DATABASE_URL: {encoded}\n", "base/secret.yaml")
    assert not_shown("spec:\n  data:\n    - secretKey: username\n      remoteRef:\n        key: prod/orders-db\n",
                     "external-secrets/orders-db.yaml")
    # chart-testing's values are a test's inputs (a password there goes to a person, not straight to confirmed)
    assert is_test_path("charts/orders/ci/postgres-values.yaml") and is_test_path("charts/orders/values-test.yaml")
    assert not is_test_path("charts/orders/values-prod.yaml")


# --- messaging, SMS and push APIs (set 328) ------------------------------------------------------------------------

def test_ids_in_a_kubernetes_secret_are_not_credentials() -> None:
    channel = base64.b64encode(("C" + random_chars(_R, 10, string.ascii_uppercase + string.digits)).encode()).decode()
    user = base64.b64encode(("U" + random_chars(_R, 32, _HEX)).encode()).decode()
    token = base64.b64encode(_mixed(40).encode()).decode()
    head = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: bots\ndata:\n"
    assert not_shown(f"{head}  SLACK_CHANNEL_ID: {channel}\n  LINE_USER_ID: {user}\n", "k8s/bots-secret.yaml")
    require_shown(f"{head}  LINE_CHANNEL_TOKEN: {token}\n", "k8s/bots-secret.yaml")


def test_pushovers_documentation_example_is_not_a_leak() -> None:
    assert not_shown("PUSHOVER_USER=uQiRzpo4DXghDmr9QzzfQu27cmVRsG\n", "notify/.env")
    require_shown(f"PUSHOVER_USER=u{_mixed(29)}\n", "notify/.env")


# --- Go and Rust backends (set 329) and mobile apps (set 330) --------------------------------------------------------

def test_a_rust_key_constant_with_a_fixed_size_array_type_is_found() -> None:
    require_shown(f'const MASTER_KEY: &[u8; 32] = b"{_mixed(32)}";\n', "src/crypto.rs")


def test_revenuecat_public_keys_under_their_stores_names_are_public() -> None:
    assert not_shown(f'const val GOOGLE_API_KEY = "goog_{_mixed(27)}"\n', "android/src/main/kotlin/SubKit.kt")
    assert not_shown(f'    static let appleAPIKey = "appl_{_mixed(27)}"\n', "ios/Sources/SubKit/Setup.swift")
    require_shown(f'const val REVENUECAT_SECRET = "sk_{_mixed(32)}"\n', "server/Billing.kt")


def test_secrets_returned_by_functions_named_for_them_are_found() -> None:
    require_shown(f'#[derive(Deserialize)]\nstruct Cfg {{ #[serde(default = "default_jwt_secret")] jwt: String }}\n\n'
                  f'fn default_jwt_secret() -> String {{\n    "{_mixed(24)}".into()\n}}\n', "src/config.rs")
    require_shown(f'package config\n\nfunc defaultToken() string {{\n\treturn "{_mixed(24)}"\n}}\n', "internal/config/defaults.go")
    assert not_shown('func defaultToken() string {\n\treturn os.Getenv("API_TOKEN")\n}\n', "internal/config/defaults.go")


# --- a probe of this stop's later changes (set 331), package registries (set 332) ------------------------------------

def test_probe_331_shapes_are_read() -> None:
    key = base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
    require_shown(f'        private const string ServiceBusKey = "{key}";\n', "src/Orders/Messaging.cs")
    assert not_shown("piv:\n  management_key: 010203040506070801020304050607080102030405060708\n", "yubikey/setup.yaml")
    assert not_shown('JWT_SIGNING_KEY = "ReplaceWithARandomSigningKeyOf32Chars"\n', "app/settings.py")
    assert not_shown(f'FCM_REGISTRATION = "{_mixed(22)}:APA91b{_mixed(134)}"\n', "tests/test_push.py")


def test_registry_logins_and_keys_are_found() -> None:
    require_shown(f"conan remote login artifactory ci-bot -p {typed_password(_R)}\n", ".gitlab-ci.yml")
    require_shown(f'<configuration>\n  <apikeys>\n    <add key="https://nexus.corp.example/repository/nuget-hosted/" '
                  f'value="{random_uuid(_R)}" />\n  </apikeys>\n</configuration>\n', "NuGet.Config")


# --- managed databases and search (set 334), Java enterprise (set 335) -------------------------------------------------

def test_search_only_keys_are_public_and_django_algolia_settings_hold_the_admin_key() -> None:
    assert not_shown(f"TYPESENSE_SEARCH_ONLY_API_KEY={_mixed(32)}\n", "web/.env.production")
    require_shown(f"ALGOLIA = {{'APPLICATION_ID': 'ZQ8VT2MLX9', 'API_KEY': '{random_chars(_R, 32, _HEX)}'}}\n",
                  "shop/settings.py")


def test_java_server_configs_read_as_their_servers_do() -> None:
    require_shown(f'  <vault-option name="KEYSTORE_PASSWORD" value="{typed_password(_R)}"/>\n', "standalone/configuration/standalone.xml")
    assert not_shown(f'<tomcat-users>\n  <user username="admin" password="{random_chars(_R, 64, _HEX)}" roles="manager-gui"/>\n'
                     "</tomcat-users>\n", "conf/tomcat-users.xml")


# --- the seventh probe (set 337), maps and travel (set 338), operations automation (set 339) -------------------------

def test_late_probe_and_ops_shapes_are_read() -> None:
    require_shown(f"func signingSecret() string {{ return `{_mixed(24)}` }}\n", "internal/auth/defaults.go")
    require_shown(f'const arrivals = "https://api.tfl.gov.uk/StopPoint/490008660N/Arrivals?app_key={random_chars(_R, 32, _HEX)}";\n',
                  "src/tfl.js")
    require_shown(f"notifications:\n  slack:\n    rooms: acme-ops:{_mixed(24)}#deploys\n", ".travis.yml")
    assert not_shown(f"const style = 'https://api.maptiler.com/maps/streets-v2/style.json?key={_mixed(20)}';\n", "src/map.js")


def test_older_ops_shapes_of_consul_and_new_relic_keys_are_found() -> None:
    gossip = base64.b64encode(bytes(_R.randrange(256) for _ in range(16))).decode()
    require_shown(f'consul_datacenter: dc1\nconsul_encrypt: "{gossip}"\n', "group_vars/all/vars.yml")
    require_shown(f"default['newrelic']['license'] = \"{random_chars(_R, 40, _HEX)}\"\n", "cookbooks/base/attributes/default.rb")
    assert not_shown("default['newrelic']['license'] = node['secrets']['newrelic']\n", "cookbooks/base/attributes/default.rb")
