"""Follow-ups of red-team sets 248 onwards (observability and feature flags, the Chinese, Japanese and Korean
ecosystems, data platforms). Values are drawn at run time; failures name the file and the statuses, never the value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import base64
import random
import string

from secretloop.loops.filters import FILTERS_BY_NAME
from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown
from tests.support.tokens import hs256_jwt, random_chars, random_uuid, typed_password

_R = random.Random(248)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"
_LOWER_ALNUM = string.ascii_lowercase + string.digits


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


# --- observability and feature flags (set 248) ---------------------------------------------------------------------

def test_tokens_given_by_position_to_an_sdk_setup_call_are_found() -> None:
    assert outcomes(f"import rollbar\nrollbar.init('{random_chars(_R, 32, _HEX)}', 'production')\n", "app.py") == ["confirmed"]
    require_shown(f'SplitFactory f = SplitFactoryBuilder.build("{random_chars(_R, 36, _LOWER_ALNUM)}", cfg);\n',
                  "src/main/java/acme/Flags.java")
    assert not_shown("rollbar.init(os.environ['ROLLBAR_TOKEN'], 'production')\n", "app.py")
    assert not_shown("factory = get_factory('localhost', config={'splitFile': 'split.yaml'})\n", "flags.py")


def test_log_intake_urls_and_query_keys_are_found() -> None:
    require_shown(f"LOGGLY_URL=https://logs-01.loggly.com/inputs/{random_uuid(_R)}/tag/http/\n", ".env")
    sumo = random_chars(_R, 86, _ALNUM) + "=="
    require_shown(f"[OUTPUT]\n    Name http\n    Host endpoint1.collection.sumologic.com\n    URI  /receiver/v1/http/{sumo}\n",
                  "fluent-bit.conf")
    require_shown(f'HEADERS = {{"X-Query-Key": "NRIQ-{random_chars(_R, 32, _ALNUM)}"}}\n', "nrql.py")


def test_a_flag_sdks_context_key_is_an_id_and_raygun4js_key_is_public() -> None:
    assert not_shown(f"const client = initialize('{random_chars(_R, 24, _HEX)}', {{ kind: 'user', key: '{random_uuid(_R)}' }});\n",
                     "src/flags.ts")
    assert not_shown(f"rg4js('apiKey', '{random_chars(_R, 22, _ALNUM)}');\n", "src/raygun.js")
    # the context's own key only: a UUID under a key's name beside it is read as a key
    require_shown(f"const opts = {{ kind: 'upload', apiKey: '{random_uuid(_R)}' }};\n", "src/upload.ts")


# --- Chinese, Japanese and Korean ecosystems (set 249) -------------------------------------------------------------

def test_cloud_key_pairs_written_as_ak_and_sk_are_found() -> None:
    ak, sk = random_chars(_R, 20, string.ascii_uppercase + string.digits), random_chars(_R, 40, _ALNUM)
    assert outcomes(f"AK = '{ak}'\nSK = '{sk}'\nSERVER = 'https://obs.cn-north-4.myhuaweicloud.com'\n",
                    "storage/huawei_obs.py") == ["confirmed", "confirmed"]
    assert outcomes(f'const bceAK = "{random_chars(_R, 32, _HEX)}"\nconst bceSK = "{random_chars(_R, 32, _HEX)}" // 密钥\n',
                    "storage/bos.go") == ["confirmed", "confirmed"]
    assert not_shown("AK = os.getenv('HUAWEICLOUD_SDK_AK')\nSK = os.getenv('HUAWEICLOUD_SDK_SK')\n", "storage/obs.py")


def test_an_admin_key_is_a_secrets_name() -> None:
    require_shown(f"kakao.admin-key={random_chars(_R, 32, _HEX)}\n", "src/main/resources/application-prod.properties")


def test_base64_that_decodes_to_an_example_or_to_a_name_is_no_secret() -> None:
    assert not_shown(f"token.secret.key={_b64('ThisIsAnExampleSecretKeyForDocs' + random_chars(_R, 8, string.digits))}\n",
                     "conf/application.properties")
    manifest = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ntype: Opaque\ndata:\n"
                f"  APP_NAME: {_b64('order-service')}\n  DB_PASSWORD: {_b64(typed_password(_R))}\n")
    assert outcomes(manifest, "k8s/secret.yaml") == ["dismissed", "confirmed"]  # the password alone is shown


# --- data platforms (set 250) --------------------------------------------------------------------------------------

def test_an_api_key_given_as_an_id_and_key_tuple_is_found() -> None:
    code = (f'es = Elasticsearch(cloud_id=CLOUD_ID, api_key=("{random_chars(_R, 20, _ALNUM)}", '
            f'"{random_chars(_R, 22, _ALNUM)}"))\n')
    assert outcomes(code, "es.py") == ["confirmed"]


def test_public_in_a_lower_case_name_says_public_and_a_public_prefix_does_not() -> None:
    check = FILTERS_BY_NAME["public_by_key_name"].check
    value = random_chars(_R, 8, string.ascii_lowercase)
    assert check(value, f'public_api_key = "{value}"', "public_api_key", "toml")
    # SvelteKit's and Astro's PUBLIC_ prefix ships the value, it does not make it public
    assert not check(value, f"PUBLIC_STRIPE_SECRET_KEY={value}", "PUBLIC_STRIPE_SECRET_KEY", "dotenv")
    assert not check(value, f"PUBLIC_ALGOLIA_API_KEY={value}", "PUBLIC_ALGOLIA_API_KEY", "dotenv")


def test_a_hosted_supabase_anon_key_is_public_under_a_neutral_name() -> None:
    ref = random_chars(_R, 20, string.ascii_lowercase)
    anon = hs256_jwt(_R, {"iss": "supabase", "ref": ref, "role": "anon", "iat": 1700000000, "exp": 2015576000})
    assert not_shown(f'<script>\n  const SUPABASE_KEY = "{anon}";\n</script>\n', "public/index.html")
    service = hs256_jwt(_R, {"iss": "supabase", "ref": ref, "role": "service_role", "iat": 1700000000, "exp": 2015576000})
    require_shown(f'<script>\n  const SUPABASE_KEY = "{service}";\n</script>\n', "public/index.html")


# --- business SaaS (set 251), crypto libraries (set 252), desktop and database tools (set 253) ---------------------

def test_an_apps_key_beside_its_secret_is_the_pairs_id() -> None:
    key, secret = random_chars(_R, 15, _LOWER_ALNUM), random_chars(_R, 15, _LOWER_ALNUM)
    assert outcomes(f"DROPBOX_APP_KEY={key}\nDROPBOX_APP_SECRET={secret}\n", "server/.env") == ["dismissed", "confirmed"]
    # an API's key half is counted with its secret (labelled sets count exchanges' key halves), and so is a header
    api = f"BINANCE_API_KEY={random_chars(_R, 64, _ALNUM)}\nBINANCE_API_SECRET={random_chars(_R, 64, _ALNUM)}\n"
    assert outcomes(api, "bot/.env") == ["confirmed", "confirmed"]
    header = (f"curl -H 'X-Client-Key: {random_chars(_R, 32, _ALNUM)}' \"$BASE/health\"\n"
              f"curl -H X-SecretKey:{random_chars(_R, 32, _ALNUM)} \"$BASE/partners\"\n")
    assert "dismissed" not in outcomes(header, "scripts/smoke.sh")


def test_tokens_of_miro_and_smartsheet_are_found() -> None:
    miro = f"eyJtaXJvLm9yaWdpbiI6ImV1MDEifQ_{random_chars(_R, 27, _ALNUM + '_-')}"
    assert outcomes(f"const miro = new MiroApi('{miro}');\n", "src/miro.ts") == ["confirmed"]
    require_shown(f'import smartsheet\nclient = smartsheet.Smartsheet("{random_chars(_R, 26, _LOWER_ALNUM)}")\n', "sync.py")


def test_a_random_key_is_no_camel_case_field_name() -> None:
    # letters of a random key fall into many short runs (mbamUtvesnsUcCxl93b4); a field's name is words with an
    # abbreviation or two (bdc1DischargePower)
    low, up = string.ascii_lowercase, string.ascii_uppercase
    key = (random_chars(_R, 4, low) + random_chars(_R, 1, up) + random_chars(_R, 6, low) + random_chars(_R, 1, up)
           + random_chars(_R, 1, low) + random_chars(_R, 1, up) + random_chars(_R, 2, low) + random_chars(_R, 2, string.digits)
           + random_chars(_R, 1, low) + random_chars(_R, 1, string.digits))
    require_shown(f'{{\n  "Freshdesk": {{ "Domain": "acme", "ApiKey": "{key}"}}}}\n', "appsettings.json")


def test_a_rust_modules_tests_file_is_test_code() -> None:
    from secretloop.loops.features import is_test_path
    assert is_test_path("src/handshake/tests.rs")
    assert not is_test_path("src/handshake/latest.rs")


def test_desktop_tool_exports_are_read() -> None:
    require_shown(f'<Settings>\n\t\t<Setting name="FTP Proxy password">{typed_password(_R)}</Setting>\n</Settings>\n',
                  "AppData/Roaming/FileZilla/filezilla.xml")
    public = base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode().rstrip("=")
    assert not_shown(f'\t\t<Setting name="Master password encryptor">{public}</Setting>\n', "FileZilla/filezilla.xml")
    require_shown(f'db.changeUserPassword("etl", "{typed_password(_R)}")\n', "home/.mongodb/mongosh/mongosh_repl_history")
    seed = random_chars(_R, 32, string.ascii_uppercase + "234567")
    require_shown(f'{{\n  "login": {{\n    "username": "ops@acme.io",\n    "totp": "{seed}"\n  }}\n}}\n', "exports/bitwarden.json")


def test_a_bitwarden_encrypted_string_is_encrypted() -> None:
    def b64(n: int) -> str:
        return base64.b64encode(bytes(_R.randrange(256) for _ in range(n))).decode()
    assert not_shown(f'{{\n  "password": "2.{b64(16)}|{b64(48)}|{b64(32)}"\n}}\n', "exports/bitwarden_encrypted.json")


# --- telecom and video (set 254), maps and logistics (set 255), research tooling (set 256) -------------------------

def test_telecom_keys_given_by_position_or_in_their_formats_are_found() -> None:
    telnyx = f"KEY{random_chars(_R, 32, '0123456789ABCDEF')}_{random_chars(_R, 22, _ALNUM)}"
    assert outcomes(f"const telnyx = require('telnyx')('{telnyx}');\n", "src/sms.js") == ["confirmed"]
    key, secret = "API" + random_chars(_R, 12, _ALNUM), random_chars(_R, 43, _ALNUM)
    require_shown(f"const at = new AccessToken('{key}', '{secret}', {{ identity }});\n", "src/token.ts")
    require_shown(f"port: 7880\nkeys:\n  {key}: {secret}\n", "deploy/livekit.yaml")
    require_shown(f'Plivo.init("MA{random_chars(_R, 18, string.ascii_uppercase + string.digits)}", '
                  f'"{random_chars(_R, 40, _ALNUM)}");\n', "src/main/java/acme/Sms.java")
    assert not_shown("$basic = new \\Vonage\\Client\\Credentials\\Basic(getenv('VONAGE_KEY'), getenv('VONAGE_SECRET'));\n",
                     "src/Sms.php")


def test_a_key_after_words_joined_by_underscores_is_no_slug() -> None:
    # Radar's secret key: words, then 40 hex digits; a migration's or a flag's name holds no such run
    assert outcomes(f"RADAR_SECRET_KEY=prj_live_sk_{random_chars(_R, 40, _HEX)}\n", ".env") == ["confirmed"]
    assert not_shown("MIGRATION_NAME = '0007_alter_user_email_address'\n", "app/settings.py")


def test_an_openweathermap_appid_is_found_under_its_providers_name() -> None:
    require_shown(f'OWM_APPID = "{random_chars(_R, 32, _HEX)}"\n', "weather.py")
    require_shown(f"openweathermap:\n  appid: {random_chars(_R, 32, _HEX)}\n", "config.yml")
    assert not_shown("openweathermap:\n  appid: ${OWM_APPID}\n", "config.yml")


def test_r_named_lists_of_tokens_are_read_as_blocks() -> None:
    tokens = "".join(f'  {site} = "{random_chars(_R, 32, "0123456789ABCDEF")}",\n' for site in ("NF", "SC", "MW"))
    assert outcomes(f"site_tokens <- list(\n{tokens})\n", "scripts/tokens.R") == ["confirmed"] * 3
    assert not_shown('site_names <- list(\n  NF = "Northfield", SC = "Southcross"\n)\n', "scripts/sites.R")


def test_a_sas_encoded_password_is_a_password_and_a_pat_under_any_services_name_is_a_token() -> None:
    encoded = "{SAS002}" + random_chars(_R, 32, "0123456789ABCDEF")
    require_shown(f'libname dwh odbc dsn=dwh user=analyst password="{encoded}";\n', "sas/extract.sas")
    require_shown(f"OSF_PAT={random_chars(_R, 70, _ALNUM)}\n", ".Renviron")


# --- probe of this session's changes (set 257), monitoring configs (258), AI platforms (259), languages (260) -------

def test_ai_platform_keys_by_their_prefixes_and_by_position() -> None:
    assert outcomes(f'export const TOGETHER_KEY = "tgp_v1_{random_chars(_R, 43, _ALNUM + "_-")}";\n', "src/ai.ts") == ["confirmed"]
    helicone = "-".join(random_chars(_R, 7, _LOWER_ALNUM) for _ in range(4))
    assert outcomes(f'headers = {{"Helicone-Auth": "Bearer sk-helicone-{helicone}"}}\n', "app/llm.py") == ["confirmed"]
    require_shown(f'deepgram = DeepgramClient("{random_chars(_R, 40, _HEX)}")\n', "stt.py")
    # a scheme's credential inside a string is no obj.member expression
    baseten = f"{random_chars(_R, 8, _ALNUM)}.{random_chars(_R, 32, _ALNUM)}"
    require_shown(f'r = requests.post(url, headers={{"Authorization": "Api-Key {baseten}"}})\n', "infer.py")


def test_unquoted_ak_sk_pairs_tuples_over_lines_and_hostless_loggly_paths() -> None:
    ak, sk = random_chars(_R, 20, string.ascii_uppercase + string.digits), random_chars(_R, 40, _ALNUM)
    assert outcomes(f"obs_endpoint: obs.ap-southeast-1.myhuaweicloud.com\nobs_ak: {ak}\nobs_sk: {sk}\n",
                    "deploy/obs.yml") == ["confirmed", "confirmed"]
    tuple_ = (f'es = Elasticsearch(\n    CLOUD_ID,\n    api_key=(\n        "{random_chars(_R, 20, _ALNUM)}",\n'
              f'        "{random_chars(_R, 22, _ALNUM)}",\n    ),\n)\n')
    require_shown(tuple_, "indexer/backfill.py")
    require_shown(f"[OUTPUT]\n    Name  http\n    Host  logs-01.loggly.com\n    URI   /inputs/{random_uuid(_R)}/tag/fluentbit/\n",
                  "config/fluent-bit.conf")


def test_shared_names_in_spring_defaults_and_spaces_in_xml_names() -> None:
    require_shown(f'    @Value("${{cipher.key:{random_chars(_R, 32, _ALNUM)}}}")\n', "src/main/java/acme/Crypto.java")
    require_shown(f'<Settings>\n  <Setting name="Database password" value="{typed_password(_R)}"/>\n</Settings>\n',
                  "config/app.xml")


def test_a_wifi_key_holding_a_typed_passphrase_is_shown() -> None:
    require_shown(f'networks:\n  - ssid: Lab-2G\n    wlan_key: "{typed_password(_R)}"\n', "deploy/devices.yaml")


def test_monitoring_configs_keys() -> None:
    require_shown(f"[stream]\n    enabled = yes\n    api key = {random_uuid(_R)}\n", "netdata/stream.conf")
    require_shown("define command {\n    command_name check_pgsql\n    command_line $USER1$/check_pgsql -H $HOSTADDRESS$ "
                  f"-l nagios -p '{typed_password(_R)}' -d postgres\n}}\n", "nagios/objects/commands.cfg")
    assert not_shown("    command_line $USER1$/check_tcp -H $HOSTADDRESS$ -p 5432\n", "nagios/objects/commands.cfg")


def test_tcl_dict_set_and_where_the_value_comes_from() -> None:
    require_shown(f'dict set config datadog_api_key "{random_chars(_R, 32, _HEX)}"\n', "setup.tcl")
    for phrase in ("set-via-env", "load-from-vault", "injected-at-runtime"):
        assert not_shown(f'const val WEBHOOK_SECRET = "{phrase}"\n', "src/main/kotlin/App.kt"), phrase


# --- second probe (set 262) ----------------------------------------------------------------------------------------

def test_r_vectors_wpa_keys_and_defined_openweathermap_appids() -> None:
    keys = ", ".join(f'{env} = "{random_chars(_R, 32, "0123456789ABCDEF")}"' for env in ("prod", "dev"))
    assert outcomes(f"api_keys <- c({keys})\n", "R/keys.R") == ["confirmed", "confirmed"]
    assert not_shown('site_names <- c(prod = "Northfield", dev = "Southcross")\n', "R/sites.R")
    require_shown(f'network:\n  ssid: Lab-5G\n  wpa_key: "{typed_password(_R)}"\n', "provision/network.yaml")
    require_shown(f'#define OWM_APPID "{random_chars(_R, 32, _HEX)}"\n', "firmware/weather.h")


# --- CI/CD platforms (set 263), sysadmin scripts (set 264) ---------------------------------------------------------

def test_a_cifs_share_in_fstab_is_no_comment_and_a_powershell_variable_is_no_query_value() -> None:
    line = f"//nas.lan/backup /mnt/backup cifs username=backup,password={typed_password(_R)},uid=1000 0 0\n"
    require_shown(line, "etc/fstab")
    from secretloop.loops.features import in_comment
    assert in_comment("// a note", 5, "unknown") and not in_comment(line, 60, "unknown")
    assert not_shown('$body = "grant_type=password&password=$p;identitytype=3"\n', "scripts/Get-Token.ps1")


def test_an_azure_devops_pat_given_to_vss_basic_credential_is_found() -> None:
    pat = random_chars(_R, 52, string.ascii_lowercase + "234567")
    assert outcomes(f'var creds = new VssBasicCredential(string.Empty, "{pat}");\n', "src/Sync/Program.cs") == ["confirmed"]
