"""Follow-ups of red-team sets 233 onwards (payments and exchanges, generic cases, IoT, games and mobile apps) and of
shapes older sets left open (Robot Framework tables, Telegram user sessions, Org file properties). Values are drawn
at run time; failures name the file and the statuses, never the value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import base64
import json
import random
import string
import struct
import zlib

from secretloop.loops.filters.identifiers import is_dotted_name
from secretloop.loops.rules.checksums import base62_encode, basic_auth_credentials
from tests.loops.test_fp_corpus_classes import CATALOGUE, SCANNER, not_shown, outcomes, require_shown
from tests.support.tokens import hs256_jwt, random_chars, random_uuid, typed_password

_R = random.Random(233)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"
_UPPER_ALNUM = string.ascii_uppercase + string.digits


# --- shapes left open by older sets --------------------------------------------------------------------------------

def test_a_robot_framework_variable_table_is_read() -> None:
    pw, token = typed_password(_R), random_chars(_R, 40, _ALNUM)
    suite = (f"*** Settings ***\nLibrary    SeleniumLibrary\n\n*** Variables ***\n${{BROWSER}}        chrome\n"
             f"${{PASSWORD}}       {pw}\n${{API_TOKEN}}      {token}\n")
    assert outcomes(suite, "resources/login.robot") == ["confirmed", "confirmed"]
    assert outcomes(suite, "tests/login.robot") == ["pending", "pending"]  # a test suite's: a person decides
    assert not_shown("*** Variables ***\n${PASSWORD}       %{E2E_PASSWORD}\n${TOKEN}    ${EMPTY}\n", "tests/login.robot")
    # a locator for the field, and a value sealed by CryptoLibrary (crypt:<base64>)
    sealed = "crypt:" + base64.b64encode(bytes(_R.randrange(256) for _ in range(96))).decode()
    assert not_shown("*** Variables ***\n${PASSWORD_XPATH}    xpath://input[@name='passwd']\n"
                     f"${{SFTP_PASSWORD}}    {sealed}\n", "resources/variables.robot")


def test_a_telegram_user_session_string_is_found() -> None:
    auth_key = bytes(_R.randrange(256) for _ in range(256))
    telethon = "1" + base64.urlsafe_b64encode(struct.pack(">B4sH256s", 2, bytes([149, 154, 167, 51]), 443, auth_key)).decode()
    assert outcomes(f'client = TelegramClient(StringSession("{telethon}"), API_ID, API_HASH)\n', "bot.py") == ["confirmed"]
    pyrogram = base64.urlsafe_b64encode(struct.pack(">BI?256sQ?", 2, 1234, False, auth_key, 987654321, False)).decode().rstrip("=")
    require_shown(f"API_ID=1234567\nSESSION_STRING={pyrogram}\n", ".env")
    assert not_shown('client = TelegramClient(StringSession(os.environ["TG_SESSION"]), API_ID, API_HASH)\n', "bot.py")


def test_an_org_file_property_and_an_erlang_secret_key_base_are_found() -> None:
    require_shown(f"#+TITLE: ops\n#+PROPERTY: api_token {random_chars(_R, 32, _ALNUM)}\n", "notes/ops.org")
    assert outcomes(f'[{{my_app, [{{secret_key_base, "{random_chars(_R, 64, _HEX)}"}}]}}].\n', "config/sys.config") == ["confirmed"]


# --- generic cases (set 234) ---------------------------------------------------------------------------------------

def test_a_cipher_named_key_given_through_a_decode_call_is_found() -> None:
    assert outcomes(f'AES_KEY = bytes.fromhex("{random_chars(_R, 64, _HEX)}")\n', "crypto.py") == ["confirmed"]
    assert outcomes(f'const aesKey = Buffer.from("{random_chars(_R, 32, _ALNUM)}", "base64");\n', "crypto.js") == ["confirmed"]
    assert not_shown('AES_KEY = bytes.fromhex(os.environ["AES_KEY_HEX"])\n', "crypto.py")


def test_a_plain_value_in_a_one_line_yaml_mapping_is_found_in_yaml_only() -> None:
    line = f"    env: {{ DEPLOY_TOKEN: {random_chars(_R, 40, _ALNUM)} }}\n"
    assert outcomes("steps:\n  - run: ./deploy.sh\n" + line, ".github/workflows/deploy.yml") == ["confirmed"]
    assert outcomes(line, "src/deploy.js") == []  # in JavaScript the same text names a variable
    assert not_shown("    env: { DEPLOY_TOKEN: ${{ secrets.DEPLOY_TOKEN }}, PASSWORD: changeme }\n", "deploy.yml")


def test_config_names_with_hmac_or_cipher_reach_the_config_line_rule() -> None:
    for name in ("payment.hmac-key", "payment.signer.key", "cipher-key"):
        require_shown(f"{name}={random_chars(_R, 64, _HEX)}\n", "application.properties")


# --- payments and exchanges (set 233) ------------------------------------------------------------------------------

def test_a_curl_header_named_for_a_secret_is_found() -> None:
    secret = random_chars(_R, 40, _ALNUM)
    cmd = (f'curl -H "APCA-API-KEY-ID: PK{random_chars(_R, 18, _UPPER_ALNUM)}" -H "APCA-API-SECRET-KEY: {secret}" '
           "https://paper-api.alpaca.markets/v2/account\n")
    assert "curl-header-secret-name" in {c.rule_id for c in SCANNER.scan_text(cmd, 0, "README.md")}
    require_shown(f"curl --header 'Api-Secret: {random_chars(_R, 32, _ALNUM)}' https://api.shop.io/v1/orders\n", "orders.sh")
    assert not_shown('curl -H "APCA-API-SECRET-KEY: $APCA_API_SECRET_KEY" https://paper-api.alpaca.markets/v2\n', "a.sh")
    assert not_shown(f"curl -H 'X-CSRF-Token: {random_chars(_R, 32, _ALNUM)}' https://app.shop.io/form\n", "a.sh")


def test_an_alpaca_secret_beside_its_key_id_is_found() -> None:
    key_id = "AK" + "Q" + random_chars(_R, 17, _UPPER_ALNUM)
    line = f"api = tradeapi.REST('{key_id}', '{random_chars(_R, 40, _ALNUM)}', 'https://api.alpaca.markets')\n"
    assert "alpaca-key-pair-literal" in {c.rule_id for c in SCANNER.scan_text(line, 0, "trade.py")}
    require_shown(line, "trade.py")


# --- IoT, games and mobile apps (set 235) --------------------------------------------------------------------------

def test_a_one_word_secret_header_is_found() -> None:
    require_shown(f'curl -H "X-SecretKey: {random_chars(_R, 40, _UPPER_ALNUM)}" '
                  "https://ab12.playfabapi.com/Server/GetUserData\n", "tools/get.sh")


def test_a_steam_web_api_key_in_a_url_is_found() -> None:
    url = (f"https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v0002/?key={random_chars(_R, 32, '0123456789ABCDEF')}"
           "&steamids=76561197960435530")
    assert outcomes(f'curl "{url}"\n', "fetch_players.sh") == ["confirmed"]


def test_wifi_and_mqtt_passwords_passed_by_position_are_found() -> None:
    require_shown(f"wlan = network.WLAN(network.STA_IF)\nwlan.connect('CabinNet', '{typed_password(_R)}')\n", "boot.py")
    require_shown(f'm = mqtt.Client("node-7", 120, "boiler", "{typed_password(_R)}")\n', "init.lua")


def test_gameanalytics_secret_is_found_and_its_game_key_is_not() -> None:
    game, secret = random_chars(_R, 32, _HEX), random_chars(_R, 40, _HEX)
    line = f'GameAnalytics.Initialize("{game}", "{secret}");\n'
    assert outcomes(line, "Assets/Scripts/Analytics.cs") == ["confirmed"]


def test_basic_credentials_may_be_a_key_alone() -> None:
    assert basic_auth_credentials(base64.b64encode(random_uuid(_R).encode()).decode())
    assert basic_auth_credentials(base64.b64encode(random_chars(_R, 32, _ALNUM).encode()).decode())
    assert not basic_auth_credentials(base64.b64encode(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ").decode())  # no digit
    assert not basic_auth_credentials(base64.b64encode(b"hello world, how are you").decode())


def test_a_revenuecat_public_key_in_its_configure_call_is_public() -> None:
    key = "appl_" + random_chars(_R, 27, _ALNUM)
    assert not_shown(f'Purchases.configure(withAPIKey: "{key}")\n', "App/AppDelegate.swift")


def test_random_letters_around_a_dot_are_not_a_dotted_name() -> None:
    letters = string.ascii_letters
    value = random_chars(_R, 6, letters) + "." + random_chars(_R, 7, letters)
    require_shown(f'DB_PASSWORD = "{value}"\n', "settings.py")
    assert not_shown('AUTH_USER_MODEL = "accounts.User"\nPASSWORD_HASHER = "auth.Hasher"\n', "settings.py")


def test_an_unsecured_jwt_is_no_secret_and_a_signed_one_still_is() -> None:
    def seg(obj: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")
    claims = seg({"sub": f"user-{_R.randrange(10**6)}", "role": "admin", "exp": 1999999999})
    unsecured = seg({"alg": "none", "typ": "JWT"}) + "." + claims + "."
    assert not_shown(f'exports[`login 1`] = `\n{{\n  "token": "{unsecured}",\n}}\n`;\n', "__snapshots__/auth.test.ts.snap")
    assert not_shown(f'TOKEN = "{unsecured}"\n', "app/mock_session.py")
    # sent in a header it is what that server takes as a login: a person decides
    require_shown(f"curl -H 'X-API-KEY: {unsecured}' http://localhost:8085/users\n", "notes/requests.sh")
    signature = base64.urlsafe_b64encode(bytes(_R.randrange(256) for _ in range(32))).decode().rstrip("=")
    require_shown(f'TOKEN = "{seg({"alg": "HS256", "typ": "JWT"})}.{claims}.{signature}"\n', "app/session.py")


def test_a_uuid_in_a_urls_password_slot_is_a_credential() -> None:
    require_shown(f"git remote add heroku https://heroku:{random_uuid(_R)}@git.heroku.com/shop-api.git\n", "deploy.sh")
    assert not_shown(f'TENANT_ID = "{random_uuid(_R)}"\n', "settings.py")


def test_a_long_ecr_token_on_a_docker_login_is_found() -> None:
    payload = json.dumps({"payload": base64.b64encode(bytes(_R.randrange(256) for _ in range(900))).decode(),
                          "datakey": base64.b64encode(bytes(_R.randrange(256) for _ in range(200))).decode(),
                          "version": "2", "type": "DATA_KEY", "expiration": 1893456000})
    token = base64.b64encode(payload.encode()).decode()
    require_shown(f"docker login -u AWS -p {token} https://123456789012.dkr.ecr.eu-west-1.amazonaws.com\n", "ci/push.sh")


# --- developer home folders (set 237) ------------------------------------------------------------------------------

def test_tmux_environment_setters_are_read() -> None:
    require_shown(f"set-environment -g DD_API_KEY {random_chars(_R, 32, _HEX)}\n", "dotfiles/.tmux.conf")
    require_shown(f"setenv -g DB_PASSWORD {typed_password(_R)}\n", "dotfiles/.tmux.conf")


def test_a_mysql_history_with_escaped_spaces_is_read() -> None:
    pw = typed_password(_R)
    history = (f"_HiStOrY_V2_\nshow\\040databases;\nCREATE\\040USER\\040'app'@'%'\\040IDENTIFIED\\040BY\\040'{pw}';\n"
               f"SET\\040PASSWORD\\040FOR\\040'app'@'%'\\040=\\040'{typed_password(_R)}';\n")
    assert outcomes(history, "home/jdoe/.mysql_history") == ["confirmed", "confirmed"]


def test_a_microsoft_refresh_token_in_a_token_cache_is_found() -> None:
    token = "0.A" + random_chars(_R, 420, _ALNUM + "_-") + "." + random_chars(_R, 40, _ALNUM + "_-")
    cache = ('{\n  "RefreshToken": {\n    "uid.utid-login.microsoftonline.com-refreshtoken-04b07795--": {\n'
             '      "credential_type": "RefreshToken",\n      "secret": "' + token + '"\n    }\n  }\n}\n')
    # (the credential_type line above it is a name, and dismissed)
    assert outcomes(cache, "home/jdoe/.azure/msal_token_cache.json") == ["dismissed", "confirmed"]


def test_an_anonymous_ftp_login_in_a_netrc_is_no_secret() -> None:
    assert not_shown("machine ftp.gnu.org\n  login anonymous\n  password anonymous@\n", "home/jdoe/.netrc")
    require_shown(f"machine ftp.acme-corp.net\n  login deploy\n  password {typed_password(_R)}\n", "home/jdoe/.netrc")


# --- recorded traffic (set 238) ------------------------------------------------------------------------------------

def test_a_jwt_long_past_its_exp_goes_to_a_person_and_a_live_one_is_confirmed() -> None:
    sub = f"user-{_R.randrange(10**6)}"
    expired = hs256_jwt(_R, {"sub": sub, "exp": 1561939200, "scope": "orders:write"})  # mid-2019
    live = hs256_jwt(_R, {"sub": sub, "exp": 4102444800, "scope": "orders:write"})  # 2100
    assert outcomes(f'ACCESS_TOKEN = "{expired}"\n', "app/client.py") == ["pending"]
    assert outcomes(f'ACCESS_TOKEN = "{live}"\n', "app/client.py") == ["confirmed"]


def test_a_shared_key_request_signature_is_no_key() -> None:
    signature = base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
    assert not_shown(f"Authorization: SharedKey acmestore:{signature}\n", "logs/storage-debug.log")


def test_a_percent_encoded_redaction_in_a_query_is_not_shown() -> None:
    assert not_shown("GET https://api.acme.io/v1/items?api_key=%5BREDACTED%5D&page=2\n", "captures/session.har.txt")
    assert not_shown("GET https://api.acme.io/v1/items?api_key=%7B%7Bapi_key%7D%7D\n", "captures/session.http")


def test_a_session_id_in_a_logged_url_is_found() -> None:
    line = (f'10.0.4.2 - - [12/Mar/2026:10:01:22 +0000] "GET /cart HTTP/1.1" 200 512 '
            f'"https://shop.acme.io/checkout?session={random_chars(_R, 32, string.ascii_lowercase + string.digits)}"\n')
    require_shown(line, "logs/access.log")


def test_a_user_and_password_in_an_auth_setting_are_found() -> None:
    assert outcomes(f'proxyauth: "qa-capture:{typed_password(_R)}"\n', "mitmproxy/config.yaml") == ["confirmed"]
    assert not_shown('proxyauth: "${PROXY_USER}:${PROXY_PASS}"\n', "mitmproxy/config.yaml")


# --- keyword gates ---------------------------------------------------------------------------------------------------

_NAMES_THE_SECRET_KEY_PATTERN_TAKES = [
    "api_key", "api-key", "secret", "token", "access_key", "private_key", "signing_key", "master_key",
    "hmac_key", "hmac-key", "cipher-key", "signer.key", "crypter_key", "client.key", "consumer-key", "app.key",
    "session.key", "secure_key", "service.key", "storage.key", "function.key", "encrypt.key", "wlan_key", "wifi-key",
    "hmac-salt", "ticketsalt",
]


def test_the_generic_rules_keywords_admit_every_name_their_key_pattern_takes() -> None:
    # the keywords gate a file before the pattern runs: a name the pattern takes but no keyword admits is never read
    for rule_id in ("secret-assignment", "secret-in-config-line", "logfmt-secret-pair"):
        keywords = [k.lower() for k in CATALOGUE.get(rule_id).keywords]
        left_out = [n for n in _NAMES_THE_SECRET_KEY_PATTERN_TAKES if not any(k in n for k in keywords)]
        assert not left_out, (rule_id, left_out)


# --- older sets' misses (212-232) ----------------------------------------------------------------------------------

def test_session_cookies_under_their_frameworks_names_are_found() -> None:
    lower = string.ascii_lowercase + string.digits
    jar = (f'cookies = {{\n    "PHPSESSID": "{random_chars(_R, 26, lower)}",\n'
           f'    "remember_web_{random_chars(_R, 40, _HEX)}": "{random_chars(_R, 32, lower)}",\n}}\n')
    assert outcomes(jar, "scraper/shop_session.py") == ["confirmed", "confirmed"]
    assert not_shown('SESSION_COOKIE_NAME = "laravel_session"\ncookies = {"PHPSESSID": session_id}\n', "app/config.py")


def test_an_inngest_event_key_is_found_by_its_name() -> None:
    assert outcomes(f"INNGEST_EVENT_KEY={random_chars(_R, 86, _ALNUM + '_-')}\n", "relay/.env") == ["confirmed"]


def test_a_password_after_a_jdbc_url_and_its_user_is_found_across_lines() -> None:
    code = ('Connection c = DriverManager.getConnection(\n'
            f'        "jdbc:mysql://db-eu1.internal.acme.dev:3306/billing", "billing_ro", "{typed_password(_R)}");\n')
    require_shown(code, "src/main/java/acme/ReportDao.java")
    assert not_shown('        "jdbc:mysql://db:3306/billing", user, password);\n', "src/main/java/acme/Dao.java")


def test_a_qt_settings_default_token_is_found() -> None:
    line = f'm_token = s.value("radar/token", QStringLiteral("{random_chars(_R, 40, _HEX)}")).toString();\n'
    require_shown(line, "src/settings.cpp")


# --- probe of this session's changes (set 239) and identity/e-mail SaaS (set 240) ----------------------------------

def test_shapes_the_probe_found_around_the_new_rules() -> None:
    auth_key = bytes(_R.randrange(256) for _ in range(256))
    session = "1" + base64.urlsafe_b64encode(struct.pack(">B4sH256s", 2, bytes([149, 154, 167, 51]), 443, auth_key)).decode()
    require_shown(f'client = TelegramClient(StringSession(\n    "{session}"\n), api_id, api_hash)\n', "tg/client.py")
    require_shown(f"set-environment -g DB_PASSWORD '{typed_password(_R)}'\n", "dotfiles/.tmux.conf")
    require_shown(f"sta = network.WLAN(network.STA_IF)\nsta.connect('Lab', '{typed_password(_R)}')\n", "boot.py")
    require_shown(f'm = mqtt.Client("n-" .. node.chipid(), 120, "boiler", "{typed_password(_R)}")\n', "init.lua")
    assert outcomes(f"    proxyauth: egress:{random_chars(_R, 20, _ALNUM)}\n", "conf/gateway.yaml") == ["confirmed"]
    assert not_shown('    basic_auth: "${METRICS_USER}:${METRICS_PASS}"\n', "conf/gateway.yaml")


def test_tinyproxy_credentials_are_found_and_host_port_is_not() -> None:
    conf = (f"Port 8888\nBasicAuth proxyuser {typed_password(_R)}\n"
            f"Upstream http relay:{random_chars(_R, 18, _ALNUM)}@proxy.upstream.example:3128\n"
            "Upstream http proxy.internal.example:3128\n")
    assert outcomes(conf, "conf/tinyproxy.conf") == ["confirmed", "confirmed"]


def test_identity_and_email_saas_shapes() -> None:
    require_shown(f'client = KlaviyoAPI("pk_{random_chars(_R, 34, string.ascii_lowercase + string.digits)}")\n', "klaviyo.py")
    require_shown(f"fetch('https://api.hubapi.com/contacts/v1/lists?hapikey={random_uuid(_R)}')\n", "legacy.js")
    require_shown(f'const loops = new LoopsClient("{random_chars(_R, 32, _HEX)}");\n', "loops.ts")
    require_shown(f"HCAPTCHA_SECRET=0x{random_chars(_R, 40, _HEX)}\n", ".env")
    assert not_shown(f'TOKEN_ADDRESS = "0x{random_chars(_R, 40, _HEX)}"\n', "contracts.py")
    require_shown(f"curl -u {random_chars(_R, 32, _HEX)}:{random_chars(_R, 32, _HEX)} "
                  "'https://amplitude.com/api/2/export?start=20260101T00'\n", "amplitude_export.sh")


# --- ERP, CMS and shops (set 241) ----------------------------------------------------------------------------------

def test_an_abap_constant_password_is_found() -> None:
    abap = (f"CLASS zcl_wms_client IMPLEMENTATION.\n  METHOD push.\n    CONSTANTS c_user TYPE string VALUE 'SVC_WMS'.\n"
            f"    CONSTANTS c_password TYPE string VALUE '{typed_password(_R)}'.\n")
    assert outcomes(abap, "abap/zcl_wms_client.abap") == ["confirmed"]


def test_a_literal_fallback_after_a_settings_read_is_found() -> None:
    line = f"        $secret = Configuration::get(self::CONF_PAYPAL_SECRET) ?: '{random_chars(_R, 64, _ALNUM + '_-')}';\n"
    require_shown(line, "modules/psloyalty/psloyalty.php")
    assert not_shown("        $secret = Configuration::get(self::CONF_PAYPAL_SECRET) ?: '';\n", "modules/x/x.php")


def test_a_ghost_content_api_key_is_public_and_an_admin_key_is_not() -> None:
    content = f'export const api = new GhostContentAPI({{\n  url: "https://blog.acme.example",\n  key: "{random_chars(_R, 26, _HEX)}",\n}});\n'
    assert not_shown(content, "src/lib/ghost.js")
    admin = f'const admin = new GhostAdminAPI({{ url, key: "{random_chars(_R, 24, _HEX)}:{random_chars(_R, 64, _HEX)}" }});\n'
    require_shown(admin, "scripts/publish.js")


def test_yaml_inside_a_json_string_and_an_erlang_nested_tuple_are_read() -> None:
    export = ('{\n  "name": "deploy-billing",\n  "extra_vars": "---\\nbilling_version: 2.14.1\\ndb_password: '
              f'{typed_password(_R)}\\n"\n}}\n')
    require_shown(export, "exports/job_templates.json")
    erlang = f'[{{ldap, [{{credentials, {{"cn=ingest,ou=svc,dc=acme,dc=io", "{typed_password(_R)}"}}}}]}}].\n'
    require_shown(erlang, "config/prod.config")


def test_nagios_check_command_passwords_are_found_and_macros_are_not() -> None:
    require_shown(f"define service {{\n  check_command  check_http_auth!nagios!{typed_password(_R)}\n}}\n", "objects/web.cfg")
    assert not_shown("define service {\n  check_command  check_http_auth!nagios!$USER3$\n}\n", "objects/web.cfg")


def test_an_id_secret_pair_after_a_credential_name_is_found() -> None:
    pair = f"{random_chars(_R, 32, _HEX)}:{random_chars(_R, 32, _ALNUM)}"
    require_shown(f"| DentaCloud | `client_credentials: {pair}` | web team |\n", "runbooks/vendors.md")
    assert not_shown("client_credentials: ${CLIENT_ID}:${CLIENT_SECRET}\n", "runbooks/vendors.md")


def test_second_probe_shapes_of_the_new_rules() -> None:
    java = ("Connection c = DriverManager.getConnection(\n        \"jdbc:postgresql://pg.acme.io:5432/ledger\",\n"
            f"        \"ledger_app\",\n        \"{typed_password(_R)}\");\n")
    require_shown(java, "src/main/java/acme/NightlyExport.java")
    require_shown(f'conn = jaydebeapi.connect("org.h2.Driver", "jdbc:h2:tcp://db/~/app", ["sa", "{typed_password(_R)}"])\n',
                  "scripts/legacy_import.py")
    require_shown(f'export const inngest = new Inngest({{ id: "relay", eventKey: "{random_chars(_R, 86, _ALNUM)}" }});\n',
                  "src/inngest/client.ts")
    har = ('{"cookies": [\n  {\n    "name": "ASP.NET_SessionId",\n'
           f'    "value": "{random_chars(_R, 24, string.ascii_lowercase + "012345")}",\n    "path": "/"\n  }}\n]}}\n')
    require_shown(har, "fixtures/har_cookies.json")
    assert not_shown("    CONSTANTS c_password TYPE string VALUE '<set in STRUST / SM59>'.\n", "src/zcrm_sync.prog.abap")


# --- systems and appliances (set 244) ------------------------------------------------------------------------------

def test_wifi_passphrases_under_psk_and_wlan_key_names_are_shown() -> None:
    require_shown('EDGEGW_WIFI_PSK = "Summit%Copper587"\n'.replace("Summit%Copper587", typed_password(_R)), "conf/local.conf")
    require_shown(f"bootdelay=2\nwlan_key={random_chars(_R, 8, string.ascii_letters)}.{random_chars(_R, 5, string.ascii_letters)}417\n",
                  "board/uboot-env.txt")


def test_appliance_credentials_are_found() -> None:
    assert outcomes(f"[general]\nregister => 4420331:{typed_password(_R)}@sip.carrier-one.net/4420331\n",
                    "asterisk/sip.conf") == ["confirmed"]
    require_shown(f'        mosquitto_username_pw_set(mosq, MQTT_USER, "{typed_password(_R)}");\n', "src/bridge.c")
    require_shown(f"    command_line    $USER1$/check_http -H $HOSTADDRESS$ -a monitor:{typed_password(_R)}\n",
                  "nagios/commands.cfg")
    assert not_shown("connections {\n  rw {\n    remote {\n            auth = eap-mschapv2\n    }\n  }\n}\n",
                     "strongswan/swanctl.conf")


# --- generic passwords (set 243) -----------------------------------------------------------------------------------

_PASSPHRASE_WORDS = ["willow", "pepper", "fjord", "heron", "nutmeg", "mosaic", "orbit", "onyx", "pebble", "indigo",
                     "walrus", "bramble", "drizzle", "walnut", "koala", "juniper", "quartz", "saffron"]


def _passphrase(sep: str) -> str:
    return sep.join(_R.sample(_PASSPHRASE_WORDS, 4)) + str(_R.randrange(10))


def test_passphrases_of_joined_words_under_password_names_are_shown() -> None:
    require_shown(f"spring.datasource.password={_passphrase('_')}\n", "src/main/resources/application.properties")
    # in a URL's password slot the words are not a module path (the judge then weighs them as any password)
    words = _passphrase(".")[:-1]
    assert not is_dotted_name(words, f"broker_url = 'amqp://worker:{words}@rabbit01:5672/prod'", None, "python")
    require_shown(f"machine files.acme.io\n  login deploy\n  password {_passphrase('.')}\n", "home/ops/.netrc")
    # module paths and function names stay names
    assert not_shown('PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]\n', "settings.py")
    assert not_shown('password = "add_error_messages_to_form"\n', "forms.py")


def test_an_msbuild_password_property_is_found() -> None:
    require_shown(f"msbuild Shop.sln /t:Publish /p:DeployOnBuild=true /p:Password={typed_password(_R)}\n", "build.cmd")
    assert not_shown("msbuild Shop.sln /p:Password=$(DEPLOY_PASSWORD)\n", "build.cmd")


# --- third probe (set 245) and token look-alikes (set 246) ---------------------------------------------------------

def test_third_probe_shapes() -> None:
    abap = ("  CONSTANTS:\n    c_user     TYPE string VALUE 'SVC_WMS',\n"
            f"    c_password TYPE string VALUE '{typed_password(_R)}'.\n")
    require_shown(abap, "src/zcl_wms.clas.abap")
    require_shown(f"[trunk]\ntype = wizard\noutbound_auth/password = {typed_password(_R)}\n", "etc/asterisk/pjsip_wizard.conf")
    assert not_shown("wifi:\n  wireless_key_mgmt: wpa2-psk\n", "group_vars/wifi.yml")
    assert not_shown('  vars.http_auth = "$http_user$:$http_pass$"\n  vars.http_pass = "$http_pass$"\n', "conf.d/services.conf")
    require_shown(f'const session = new ApiKeySession("pk_{random_chars(_R, 34, string.ascii_lowercase + string.digits)}");\n',
                  "src/lib/crm.ts")


def test_a_lower_case_example_word_in_a_token_body_marks_it_made_up() -> None:
    body = random_chars(_R, 10, _ALNUM) + "example" + random_chars(_R, 19, _ALNUM)
    assert not_shown(f"GITHUB_TOKEN=ghp_{body}\n", "docs/setup.md")
    # "fake" and "test" are short enough to turn up in real keys: not markers alone
    require_shown(f"API_KEY=sk-ant-admin01-{random_chars(_R, 5, _ALNUM)}fake{random_chars(_R, 80, _ALNUM)}AA\n", "deploy/.env")


def test_a_lower_case_marker_leaves_urls_and_tokens_whose_checksum_holds() -> None:
    host = f"https://uniexample.webhook.office.com/webhookb2/{random_uuid(_R)}@{random_uuid(_R)}/IncomingWebhook/{random_chars(_R, 32, _HEX)}/{random_uuid(_R)}"
    require_shown(f"teams_hook = '{host}'\n", "conf/test.config")
    body = random_chars(_R, 12, _ALNUM) + "example" + random_chars(_R, 11, _ALNUM)
    token = f"ghp_{body}{base62_encode(zlib.crc32(body.encode()), 6)}"
    require_shown(f'CI_TOKEN = "{token}"\n', "ci/settings.py")  # GitHub would accept it: a person looks


def test_a_salt_that_keys_an_hmac_or_derives_tickets_is_a_secret() -> None:
    require_shown(f"HMAC_SALT = '{random_chars(_R, 48, _ALNUM)}'\n", "app/links.py")
    require_shown(f'const TicketSalt = "{random_chars(_R, 32, _HEX)}"\n', "icinga2/constants.conf")
    # Phoenix's signing salts are not secret (secret_key_base is): a signing salt stays unread
    assert outcomes(f'config :app, AppWeb.Endpoint, live_view: [signing_salt: "{random_chars(_R, 8, _ALNUM)}"]\n',
                    "config/config.exs") == []
