"""Follow-ups of red-team sets 370 onwards. Values are drawn at run time; failures name the file and the statuses,
never the value (PYTEST_DONT_REWRITE: plain asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import random
import string

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown
from tests.support.tokens import google_api_key, random_b64, random_chars, random_uuid, typed_password, varied_key

_R = random.Random(370)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def _alnum_key(n: int) -> str:
    return varied_key(_R, n)



# --- secrets managers and identity vendors (set 370) -----------------------------------------------------------------

def test_pingfederate_obfuscated_passwords_are_encrypted_but_jettys_scramble_is_not() -> None:
    iv = random_b64(_R, 16)
    assert not_shown(f"pf.admin.password=OBF:AES:{iv}:{random_chars(_R, 40, _HEX)}\n", "conf/pingfed.properties")
    # Jetty's OBF: is a reversible scramble of the password, not encryption
    require_shown(f"jetty.ssl.password=OBF:{random_chars(_R, 36, '0123456789abcdefghijklmnopqrstuvwxyz')}\n",
                  "etc/jetty-ssl.properties")


def test_a_vendor_named_api_key_parameter_of_a_powershell_cmdlet_is_found() -> None:
    require_shown(f"Connect-JCOnline -JumpCloudApiKey '{random_chars(_R, 40, _HEX)}' -force\n", "scripts/jc.ps1")
    assert not_shown("Connect-JCOnline -JumpCloudApiKey $env:JC_API_KEY -force\n", "scripts/jc.ps1")


# --- Java and Spring (set 371) ---------------------------------------------------------------------------------------

def test_a_java_byte_array_key_decoded_from_hex_is_found_and_a_salt_is_not() -> None:
    require_shown(f'    private static final byte[] KEY = HexFormat.of().parseHex("{random_chars(_R, 64, _HEX)}");\n',
                  "src/main/java/com/acme/crypto/FieldEncryptor.java")
    assert not_shown(f'    private static final byte[] PBKDF2_SALT = HexFormat.of().parseHex("{random_chars(_R, 32, _HEX)}");\n',
                     "src/main/java/com/acme/crypto/FieldEncryptor.java")


def test_an_iso_8601_duration_under_a_password_setting_is_a_setting() -> None:
    assert not_shown("spring.datasource.hikari.password-reset-interval=PT24H\n", "src/main/resources/application.properties")
    assert not_shown("app.security.password-max-age=P90D\n", "src/main/resources/application.properties")


def test_a_segment_write_key_in_a_browser_module_is_public_and_in_a_server_env_it_is_shown() -> None:
    key = _alnum_key(32)
    assert not_shown(f'export const SEGMENT_WRITE_KEY = "{key}";\n', "frontend/storefront/src/config/analytics.js")
    # beside a Firebase web config in a script, wherever the script sits
    assert not_shown(f"import {{ initializeApp }} from 'firebase/app';\nexport const app = initializeApp(cfg);\n"
                     f"export const SEGMENT_WRITE_KEY = '{key}';\n", "sdk/src/firebase.ts")
    require_shown(f"SEGMENT_WRITE_KEY={key}\n", "services/api/.env")
    require_shown(f'export const SEGMENT_WRITE_KEY = "{key}";\n', "web/server/analytics.ts")
    # (a server's env holds publishable keys beside its own write key: its last line, the write key, stays shown)
    assert outcomes(f"STRIPE_PUBLISHABLE_KEY=pk_live_{_alnum_key(24)}\nSEGMENT_WRITE_KEY={key}\n",
                    "ansible/templates/app.env.j2")[-1] == "confirmed"


# --- Go and Rust (set 372) -------------------------------------------------------------------------------------------

def test_rust_keys_given_to_ring_or_written_as_byte_arrays_under_a_data_word_are_found() -> None:
    require_shown(f'let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, b"{random_chars(_R, 48, _ALNUM)}");\n',
                  "src/main.rs")
    array = ", ".join(f"0x{_R.randrange(256):02x}" for _ in range(32))
    require_shown(f"/// Key used to encrypt the local index cache.\nconst INDEX_KEY: [u8; 32] = [\n    {array}\n];\n",
                  "src/crypto.rs")
    assert not_shown('const INDEX_KEY: &str = "orders_by_customer";\n', "src/store.rs")


# --- email, SMS and push APIs (set 373) ------------------------------------------------------------------------------

def test_twilio_api_key_secrets_and_customerio_track_keys_given_to_clients_are_found() -> None:
    require_shown(f"const client = require('twilio')('SK{random_chars(_R, 32, _HEX)}',\n"
                  f"  '{random_chars(_R, 32, _ALNUM)}', {{ accountSid: process.env.TWILIO_ACCOUNT_SID }});\n", "twilio.js")
    require_shown(f"$customerio = Customerio::Client.new(\n  '{random_chars(_R, 20, _HEX)}',\n"
                  f"  '{random_chars(_R, 20, _HEX)}',\n  region: Customerio::Regions::US)\n", "lib/cio.rb")


def test_a_raw_key_after_basic_and_a_secret_in_curl_form_data_are_found() -> None:
    require_shown(f"  headers: {{ Authorization: 'Basic {random_chars(_R, 48, _ALNUM)}' }},\n", "src/push.js")
    assert not_shown("  headers: { Authorization: `Basic ${process.env.ONESIGNAL_REST_API_KEY}` },\n", "src/push.js")
    require_shown(f"curl -X POST https://rest.nexmo.com/sms/json -d api_key={random_chars(_R, 8, _HEX)} "
                  f"-d api_secret={random_chars(_R, 16, _ALNUM)} -d to=447700900000\n", "scripts/send.sh")
    assert not_shown('curl -d "api_secret=$VONAGE_API_SECRET" https://rest.nexmo.com/sms/json\n', "scripts/send.sh")


def test_sdk_keys_device_tokens_and_account_ids_made_to_be_seen_are_not_secrets() -> None:
    assert not_shown(f'let configuration = Braze.Configuration(apiKey: "{random_uuid(_R)}", '
                     'endpoint: "sdk.iad-01.braze.com")\n', "App/AppDelegate.swift")
    assert not_shown(f'const (\n\tBrazeSdkApiKey = "{random_uuid(_R)}"\n)\n', "main.go")
    require_shown(f'BRAZE_REST_API_KEY = "{random_uuid(_R)}"\n', "server/settings.py")
    assert not_shown(f'{{"device_token": "{random_chars(_R, 64, _HEX)}"}}\n', "fixtures/device.json")
    require_shown(f'{{"device_token": "{random_chars(_R, 20, _ALNUM)}"}}\n', "thingsboard/device.json")
    assert not_shown(f"NODE_ENV=production\nVONAGE_API_KEY={random_chars(_R, 8, _HEX)}\n", ".env")
    # (the id beside its secret: the secret is shown)
    assert outcomes(f"VONAGE_API_KEY={random_chars(_R, 8, _HEX)}\nVONAGE_API_SECRET={random_chars(_R, 16, _ALNUM)}\n",
                    ".env") == ["dismissed", "confirmed"]
    assert not_shown(f'<KnockProvider apiKey="pk_test_{random_chars(_R, 43, _ALNUM + "_-")}" userId={{user.id}}>\n',
                     "src/feed.tsx")
    assert not_shown('private const string KnockSecretApiKey = "sk_test_12345";\n', "src/Notifier.cs")


def test_a_google_key_in_firebases_config_files_is_public() -> None:
    key = google_api_key(_R)
    assert outcomes(f'  "client": [{{\n    "api_key": [{{"current_key": "{key}"}}],\n  }}]\n',
                    "android/app/google-services.json") == ["dismissed"]
    assert outcomes(f"<key>API_KEY</key>\n<string>{key}</string>\n", "ios/App/GoogleService-Info.plist") == ["dismissed"]


# --- API SDK repositories and PHP applications (sets 374, 375) -------------------------------------------------------

def test_a_redis_password_starting_with_a_percent_sign_is_found_and_templates_are_not() -> None:
    require_shown(f"    command: redis-server --requirepass '%{typed_password(_R)}'\n", "docker-compose.test.yml")
    assert not_shown("requirepass %REDIS_PASSWORD%\n", "conf/redis.conf")


def test_an_authorize_net_transaction_key_in_a_settings_row_is_found() -> None:
    require_shown(f"INSERT INTO core_config_data (path, value) VALUES\n"
                  f"('payment/authorizenet/trans_key', '{random_chars(_R, 16, _ALNUM)}');\n", "db/seed/staging.sql")


# --- infrastructure as code and notebooks (sets 376, 377) ------------------------------------------------------------

def test_an_ssm_securestring_value_is_a_secret_whatever_its_name() -> None:
    require_shown(f'resource "aws_ssm_parameter" "grafana" {{\n  name  = "/grafana/admin"\n  type  = "SecureString"\n'
                  f'  value = "{typed_password(_R)}"\n}}\n', "terraform/modules/rds/main.tf")
    assert not_shown('resource "aws_ssm_parameter" "grafana" {\n  name  = "/grafana/admin"\n  type  = "SecureString"\n'
                     '  value = random_password.grafana.result\n}\n', "terraform/modules/rds/main.tf")


def test_a_password_starting_with_a_percent_sign_in_a_parameters_file_is_found() -> None:
    require_shown(f'[\n  {{ "ParameterKey": "DBPassword", "ParameterValue": "%{random_chars(_R, 18, _ALNUM)}" }}\n]\n',
                  "cloudformation/parameters/prod.json")
    assert not_shown('[\n  { "ParameterKey": "DBPassword", "ParameterValue": "%DB_PASSWORD%" }\n]\n',
                     "cloudformation/parameters/prod.json")


def test_a_jupyterhub_crypt_key_in_the_helm_values_is_found() -> None:
    key = random_chars(_R, 64, _HEX)
    require_shown(f"hub:\n  config:\n    CryptKeeper:\n      keys:\n        - \"{key}\"\n", "infra/jupyterhub/config.yaml")
    require_shown(f'c.CryptKeeper.keys = ["{key}"]\n', "jupyterhub_config.py")


# --- probe 378, Windows administration (379), developer tooling (380) ------------------------------------------------

def test_java_keys_decoded_inside_secretkeyspec_or_named_secret_are_found() -> None:
    require_shown(f'private static final SecretKeySpec AES_KEY = new SecretKeySpec(Base64.getDecoder().decode("{random_b64(_R, 32)}"), "AES");\n',
                  "src/main/java/com/acme/Webhook.java")
    require_shown(f'static final byte[] hmacSecret = BaseEncoding.base64Url().decode("{random_chars(_R, 43, _ALNUM + "_-")}");\n',
                  "src/main/java/com/acme/Webhook.java")


def test_a_segment_write_key_given_to_a_server_client_is_found_and_in_the_browser_it_is_not() -> None:
    key = _alnum_key(32)
    require_shown(f"const analytics = new Analytics({{ writeKey: '{key}', flushAt: 20 }});\n", "services/track/segment.js")
    assert not_shown(f"export const analytics = AnalyticsBrowser.load({{ writeKey: '{key}' }});\n", "web/src/lib/analytics.ts")
    require_shown(f"cio = CustomerIO('{random_chars(_R, 20, _HEX)}', '{random_chars(_R, 20, _HEX)}')\n", "notify/sms.py")


def test_windows_autologon_task_argument_dsc_and_securestring_passwords_are_found() -> None:
    pw = typed_password(_R)
    require_shown(f'  <Registry clsid="{{9CD4B2F4-923D-47f5-A062-E897DD1DAD50}}" name="DefaultPassword" image="7">'
                  f'<Properties action="U" hive="HKEY_LOCAL_MACHINE" key="SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" '
                  f'name="DefaultPassword" type="REG_SZ" value="{pw}"/></Registry>\n', "gpo/Preferences/Registry/Registry.xml")
    require_shown(f'<Arguments>-NoProfile -File C:\\ops\\Export.ps1 -SmtpPassword "{pw}"</Arguments>\n', "tasks/Nightly.xml")
    require_shown(f"NonNodeData = @{{\n    PullServerRegistrationKey = '{random_uuid(_R)}'\n}}\n", "dsc/ConfigurationData.psd1")
    require_shown(f"$plain = '{pw}'\n$sec = ConvertTo-SecureString $plain -AsPlainText -Force\n", "intune/Remediate.ps1")
    assert not_shown("$plain = Get-Secret -Name BreakGlass -AsPlainText\n$sec = ConvertTo-SecureString $plain -AsPlainText -Force\n",
                     "intune/Remediate.ps1")


def test_package_registry_tokens_in_urls_argv_lists_and_files_are_found() -> None:
    require_shown(f"deb https://dl.cloudsmith.io/{random_chars(_R, 16, _ALNUM)}/acme/private/deb/ubuntu jammy main\n",
                  "apt/sources.list")
    assert not_shown("deb https://dl.cloudsmith.io/public/acme/oss/deb/ubuntu jammy main\n", "apt/sources.list")
    require_shown(f"subprocess.check_call(['conan', 'remote', 'login', 'acme', 'ci', '-p', '{typed_password(_R)}'])\n",
                  "ci/remotes.py")
    assert not_shown("subprocess.check_call(['ssh', '-p', '2222', 'deploy@host'])\n", "ci/remotes.py")
    require_shown(f"anaconda -t {random_chars(_R, 30, _ALNUM)} upload dist/*.tar.bz2\n", "ci/upload.sh")
    require_shown(f"{random_uuid(_R)}\n", "sonatype-work/nexus3/admin.password")
    basic = base64.b64encode(f"ci-bot:{typed_password(_R)}".encode()).decode()
    require_shown(f'let auth = format!("Basic {{}}", "{basic}");\n', "src/auth_header.rs")
    assert not_shown("  harbor_admin_password: Harbor12345\n", "harbor/harbor.yml")


# --- iOS and macOS apps (set 381), C and embedded firmware (383) -----------------------------------------------------

def test_a_name_with_an_acronym_run_into_the_next_word_is_split_into_its_words() -> None:
    from secretloop.loops.filters.words import key_words
    assert key_words("mixpanelAPISecret") == ["mixpanel", "api", "secret"]
    assert key_words("AWSSecretAccessKey") == ["aws", "secret", "access", "key"]
    assert key_words("OAuthSecret") == ["oauth", "secret"]  # one capital before: the word's own
    assert not_shown(f'    static let mixpanelProjectToken = "{random_chars(_R, 32, _HEX)}"\n', "App/Secrets.swift")
    require_shown(f'    static let mixpanelAPISecret = "{random_chars(_R, 32, _HEX)}"\n', "App/Secrets.swift")


def test_apple_platform_keys_decoded_in_place_and_session_cookies_are_found() -> None:
    require_shown(f'    static let hmacKey = Data(base64Encoded: "{random_b64(_R, 32)}")!\n', "App/Secrets.swift")
    require_shown(f'    self.encryptionKey = [[NSData alloc] initWithBase64EncodedString:@"{random_b64(_R, 32)}" options:0];\n',
                  "Sync/CloudSync.m")
    require_shown(f"STAGING_PROXY_URL = https:/$()/qa-user:{typed_password(_R)}@proxy.staging.example.com:8443\n",
                  "Config/Secrets.xcconfig")
    require_shown(f'    ENV["FASTLANE_SESSION"] = "---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n  value: DES'
                  f'{random_chars(_R, 80, _HEX)}\\n  domain: apple.com"\n', "fastlane/Fastfile")
    require_shown(f'echo "{random_b64(_R, 32)}" | ./bin/sign_update --ed-key-file - "$APP.zip"\n', "scripts/release.sh")
    assert not_shown(f'    [DBClientsManager setupWithAppKey:@"{random_chars(_R, 15, "abcdefghijklmnopqrstuvwxyz0123456789")}"];\n',
                     "Sync/CloudSync.m")
    assert not_shown(f'    static let twilioAccountSID = "AC{random_chars(_R, 32, _HEX)}"\n', "App/Secrets.swift")


def test_firmware_modem_commands_lorawan_keys_and_esp_now_keys_are_found() -> None:
    require_shown(f'  uart_send("AT+CWJAP=\\"Lab-IoT\\",\\"{typed_password(_R)}\\"\\r\\n");\n', "Core/Src/main.c")
    assert not_shown('  snprintf(cmd, sizeof cmd, "AT+CWJAP=\\"%s\\",\\"%s\\"\\r\\n", ssid, pass);\n', "Core/Src/main.c")
    b32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    require_shown(f'ADMIN_KEY = "NNSXS.{random_chars(_R, 39, b32)}.{random_chars(_R, 52, b32)}"\n', "tools/ttn_register.py")
    require_shown(f'static const char *ESPNOW_PMK = "{_alnum_key(16)}";\n', "src/main.cpp")
    require_shown(f'static const char* kTwilioAuth = "{random_chars(_R, 32, _HEX)}";\n', "src/notify/alerts.cpp")


# --- observability SaaS (set 384), JVM languages (385) ---------------------------------------------------------------

def test_on_call_and_monitoring_urls_carrying_their_keys_are_found() -> None:
    require_shown(f"*/5 * * * * curl -fsS https://cronitor.link/p/{random_chars(_R, 32, _HEX)}/backup?state=run\n", "crontab")
    assert not_shown("*/5 * * * * curl -fsS https://cronitor.link/d3x0c1/run\n", "crontab")
    require_shown(f"curl -X POST https://alert.victorops.com/integrations/generic/20131114/alert/{random_uuid(_R)}/sre "
                  "-d @alert.json\n", "rest.sh")
    require_shown(f"r = requests.post('https://oncall-prod-us-central-0.grafana.net/oncall/integrations/v1/webhook/"
                  f"{_alnum_key(25)}/', json=alert)\n", "oncall.py")
    require_shown(f"    ical: https://acme.pagerduty.com/private/{random_chars(_R, 64, _HEX)}/feed\n", "schedule.yaml")
    require_shown(f"key = {random_chars(_R, 32, _HEX)}\nlogdir = /var/log/app\n", "etc/logdna.conf")


def test_airbrake_project_keys_and_positional_datadog_keys_are_found() -> None:
    require_shown(f'// airbrake notifier\nconst airbrakeProjectKey = "{random_chars(_R, 32, _HEX)}"\n', "main.go")
    require_shown(f"Airbrake.configure {{ |c| c.project_id = 578173; c.project_key = '{random_chars(_R, 32, _HEX)}' }}\n",
                  "config/initializers/airbrake.rb")
    require_shown(f"dog = Dogapi::Client.new('{random_chars(_R, 32, _HEX)}', '{random_chars(_R, 40, _HEX)}')\n", "client.rb")


def test_jvm_config_sign_keys_and_edn_keys_are_found_and_reader_tags_are_not() -> None:
    require_shown(f'session {{\n  signKey = "{random_chars(_R, 64, _HEX)}"\n}}\n', "src/main/resources/application.conf")
    require_shown(f' :pagerduty {{:integration-key "{random_chars(_R, 32, _HEX)}"}}\n', "resources/config.edn")
    assert not_shown(' :secrets #include #join [#env HOME "/.secrets.edn"]\n', "resources/config.edn")
    assert not_shown("zapi = ZabbixAPI('https://zabbix.internal')\nzapi.login('Admin', 'zabbix')\n", "api.py")


# --- probe 386, web3 (set 387) ---------------------------------------------------------------------------------------

def test_probe_386_shapes_are_found() -> None:
    require_shown(f'  <Registry name="DefaultPassword"><Properties action="U" name="DefaultPassword" type="REG_SZ" '
                  f'value="Tq4%{_alnum_key(10)}"/></Registry>\n', "gpo/Preferences/Registry/Registry.xml")
    require_shown(f'static const char kTwilioAuth[] = "{random_chars(_R, 32, _HEX)}";\n', "include/secrets.h")
    require_shown(f'static const char *ESPNOW_PMK_KEY_STR = "{_alnum_key(16)}";\n', "src/espnow_link.cpp")
    require_shown(f"c.CryptKeeper.keys = [bytes.fromhex('{random_chars(_R, 64, _HEX)}')]\n", "jupyterhub_config.py")


def test_a_random_token_under_a_header_constant_is_shown_and_a_header_name_is_not() -> None:
    require_shown(f'const (\n\ttokenRequestTTLHeader = "{_alnum_key(36)}"\n)\n', "pkg/credentials/iam_aws.go")
    assert not_shown('const apiKeyHeader = "X-Api-Key"\n', "pkg/client/headers.go")


def test_web3_keys_passwords_and_secret_files_are_found() -> None:
    words = " ".join(_R.choice(["believe", "alcohol", "alpha", "atom", "beef", "amused", "attitude", "apple", "because",
                                "amateur", "badge", "access", "axis", "aunt", "ankle", "balcony"]) for _ in range(12))
    require_shown(f'SEED_PHRASE_BACKUP = "{words}"\n', "config.py")
    require_shown(f"      - BLOCKFROST_PROJECT_ID=mainnet{_alnum_key(32)}\n", "docker-compose.yml")
    require_shown(f"  archive: https://ethereum-mainnet.core.chainstack.com/{random_chars(_R, 32, _HEX)}\n", "networks.yaml")
    require_shown(f"SUBGRAPH_URL=https://gateway.thegraph.com/api/{random_chars(_R, 32, _HEX)}/subgraphs/id/"
                  f"{_alnum_key(44)}\n", "subgraph.env")
    require_shown(f"const wallet = await ethers.Wallet.fromEncryptedJson(json, '{typed_password(_R)}');\n", "unlock.js")
    require_shown(f"    uint256 pk = 0x{random_chars(_R, 64, _HEX)};\n", "script/Deploy.s.sol")
    require_shown(f"0x{random_chars(_R, 64, _HEX)}\n", "secrets/jwt.hex")
    address = random_chars(_R, 40, _HEX)
    assert not_shown(f'  "withdrawal_credentials": "01{"0" * 22}{address}",\n', "validator/deposit_data.json")


# --- databases in repositories (set 388) -----------------------------------------------------------------------------

def test_pass_phrases_in_dsn_and_conninfo_strings_are_not_read_as_variables() -> None:
    phrase = "".join(_R.choice(["ember", "lantern", "meadow", "river", "walnut", "shadow", "copper"]) for _ in range(4))
    assert outcomes(f'const legacyDSN = "catalog_ro:{phrase}@tcp(10.2.0.9:3306)/catalog?parseTime=true"\n',
                    "services/catalog/loader/db.go") != ["dismissed"]
    assert outcomes(f"SELECT dblink_connect('ledger', 'hostaddr=10.20.4.30 dbname=ledger user=ledger_ro password={phrase}');\n",
                    "ops/dba/sql/runbook.sql") != ["dismissed"]


def test_scram_verifiers_and_devise_token_digests_in_dumps_are_not_secrets() -> None:
    assert not_shown(f'  {{"_id": "admin.etl", "user": "etl", "db": "admin", "credentials": {{"SCRAM-SHA-256": '
                     f'{{"iterationCount": 15000, "salt": "{random_b64(_R, 28)}", "storedKey": "{random_b64(_R, 32)}", '
                     f'"serverKey": "{random_b64(_R, 32)}"}}}}}},\n', "db/dumps/mongo_users.json")
    assert not_shown("COPY public.users (id, email, encrypted_password, reset_password_token, created_at) FROM stdin;\n"
                     f"{random_uuid(_R)}\talice@example.org\t$2b$12${random_chars(_R, 53, _ALNUM)}\t"
                     f"{random_chars(_R, 64, _HEX)}\t2023-01-10 10:22:00\n\\.\n", "db/dumps/prod.sql")


# --- probe 389, JavaScript projects (set 390) ------------------------------------------------------------------------

def test_probe_389_shapes_are_found() -> None:
    require_shown(f'    val secretSignKey = hex("{random_chars(_R, 64, _HEX)}")\n', "src/main/kotlin/Sessions.kt")
    require_shown(f'    val docsSignKey = hex("{random_chars(_R, 64, _HEX)}")\n', "src/main/kotlin/Sessions.kt")
    require_shown(f"acct = w3.eth.account.decrypt(encrypted, '{typed_password(_R)}')\n", "ops/wallet/sweep.py")
    phrase = "".join(_R.choice(["Crystal", "Walnut", "Tiger", "Anchor", "Violet", "Kettle"]) for _ in range(4))
    require_shown(f'const prodDSN = "inventory:{phrase}@tcp(mysql-primary.internal:3306)/inventory?parseTime=true"\n',
                  "internal/store/mysql.go")
    assert not_shown(f'    "withdrawal_credentials": "00{random_chars(_R, 62, _HEX)}",\n', "validator/deposit_data.json")
    assert not_shown(' :victorops {:routing-key "vaporcactus-9d507a42"}\n', "resources/config.edn")


def test_githubs_url_password_placeholder_is_no_secret() -> None:
    assert outcomes(f'  "dependencies": {{ "lib": "git+https://{"ghp_" + _alnum_key(36)}:x-oauth-basic@github.com/acme/lib.git" }}\n',
                    "package.json").count("dismissed") >= 1


# --- developer APIs (set 392) ----------------------------------------------------------------------------------------

def test_developer_api_keys_in_clients_configs_and_options_are_found() -> None:
    require_shown(f"$mapquestKey = '{_alnum_key(32)}';\n", "geocode.php")
    require_shown(f'{{\n  "Translator": {{\n    "SubscriptionKey": "{random_chars(_R, 32, _HEX)}",\n  }}\n}}\n', "appsettings.json")
    require_shown(f"const gf = new GiphyFetch('{_alnum_key(32)}');\n", "src/GifPicker.tsx")
    require_shown(f'client := assemblyai.NewClient("{random_chars(_R, 32, _HEX)}")\n', "aai.go")
    require_shown(f"Algolia.init(application_id: '{random_chars(_R, 10, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}', "
                  f"api_key: '{random_chars(_R, 32, _HEX)}')\n", "config/initializers/algolia.rb")
    require_shown(f'LOCATIONIQ_KEY = "pk.{random_chars(_R, 32, _HEX)}"\n', "geocode.py")
    require_shown(f'    secure_link_md5 "$secure_link_expires$uri {_alnum_key(20)}";\n', "nginx/cdn.conf")
    require_shown(f'SOLR_AUTHENTICATION_OPTS="-Dbasicauth=solr:{typed_password(_R)}"\n', "solr.in.sh")
    assert outcomes(f'cloudinary.config(\n    cloud_name="dq3xk0",\n    api_key="{random_chars(_R, 15, "0123456789")}",\n'
                    f'    api_secret="{_alnum_key(27)}",\n)\n', "media/cloudinary.py") == ["dismissed", "confirmed"]


# --- enterprise middleware (set 393) ---------------------------------------------------------------------------------

def test_broker_store_passwords_mq_properties_and_hyphenated_jaas_users_are_found() -> None:
    require_shown(f'      <acceptor name="netty-ssl">tcp://0.0.0.0:61617?sslEnabled=true;keyStorePath=/etc/artemis/broker.ks;'
                  f'keyStorePassword={typed_password(_R)};protocols=CORE,AMQP</acceptor>\n', "artemis/etc/broker.xml")
    assert not_shown('      <acceptor name="netty-ssl">tcp://0.0.0.0:61617?sslEnabled=true;'
                     f'keyStorePassword=ENC({random_chars(_R, 32, _HEX)})</acceptor>\n', "artemis/etc/broker.xml")
    require_shown(f'        cf.setStringProperty(WMQConstants.PASSWORD, "{typed_password(_R)}");\n', "app/MqConfig.java")
    require_shown(f'KafkaServer {{\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n'
                  f'  user_orders-svc="{typed_password(_R)}";\n}};\n', "kafka/config/kafka_server_jaas.conf")


# --- productivity SaaS (set 396) -------------------------------------------------------------------------------------

def test_a_make_scenario_webhook_is_found() -> None:
    require_shown(f"trigger:\n  url: https://hook.eu1.make.com/{random_chars(_R, 32, 'abcdefghijklmnopqrstuvwxyz0123456789')}\n",
                  "make/scenario.yml")


# --- probe 395, Linux servers as code (set 397) ----------------------------------------------------------------------

def test_probe_395_and_server_script_shapes_are_found() -> None:
    require_shown(f'    static let encryptionKey: Data = Data(base64Encoded: "{random_b64(_R, 32)}", options: .ignoreUnknownCharacters)!\n',
                  "Sources/Crypto/KeyStore.swift")
    require_shown(f'    val cookieAuth = SessionTransportTransformerMessageAuthentication(hex("{random_chars(_R, 64, _HEX)}"), "HmacSHA256")\n',
                  "src/main/kotlin/Sessions.kt")
    require_shown(f'\tclient := aai.NewClient("{random_chars(_R, 32, _HEX)}")\n', "services/transcribe/main.go")
    require_shown(f'      <transportConnector name="ssl" uri="ssl://0.0.0.0:61617?transport.keyStorePassword={typed_password(_R)}"/>\n',
                  "activemq/conf/activemq.xml")
    require_shown(f"Administrator:500:aad3b435b51404eeaad3b435b51404ee:{random_chars(_R, 32, _HEX)}:::\n", "docs/pentest.md")
    assert not_shown("Guest:501:aad3b435b51404eeaad3b435b51404ee:31d6cfe0d16ae931b73c59d7e0c089c0:::\n", "docs/pentest.md")
    require_shown(f"psexec.py -hashes aad3b435b51404eeaad3b435b51404ee:{random_chars(_R, 32, _HEX)} corp/admin@10.0.0.5\n",
                  "pentest/notes.md")
    require_shown(f"wmiexec.py -hashes :{random_chars(_R, 32, _HEX)} corp/admin@10.0.0.5\n", "pentest/notes.md")
    require_shown(f"crackmapexec smb 10.0.0.0/24 -u admin -H {random_chars(_R, 32, _HEX)} --local-auth\n", "pentest/notes.md")
    require_shown(f"0 3 * * 0 mysqldump -u root -p'-{typed_password(_R)}' --all-databases | gzip > /var/backups/all.sql.gz\n",
                  "cron/crontab.root")
    require_shown(f'DAEMON_OPTS="--listen 0.0.0.0:11300 --upstream-user bridge --upstream-pass {typed_password(_R)}"\n',
                  "init.d/legacy-queue")
    assert not_shown(f'{{\n  "credentials": {{\n    "SCRAM-SHA-256": {{\n      "iterationCount": 15000,\n'
                     f'      "salt": "{random_b64(_R, 28)}",\n      "storedKey": "{random_b64(_R, 32)}"\n    }}\n  }}\n}}\n',
                     "infra/mongo/seed/users.json")
