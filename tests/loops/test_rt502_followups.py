"""Follow-ups of red-team sets 502 onwards: tax and e-invoicing APIs, GIS servers, trading bots. Values are drawn at
run time; failures name the file and the statuses, never the value (PYTEST_DONT_REWRITE: plain asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import json
import random

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, rule_ids as _rules
from tests.support.tokens import hs256_jwt, random_b64, random_chars, random_uuid, varied_key

_R = random.Random(502)
_DIGITS = "0123456789"
_FOUND = (["confirmed"], ["pending"])


def _mixed(n: int) -> str:
    return varied_key(_R, n)


def _digits(n: int) -> str:
    # a first digit that is not 0 and no run a person would call sequential
    while True:
        d = random_chars(_R, n, _DIGITS)
        if d[0] != "0" and len(set(d)) >= n // 2 + 1:
            return d


# --- PINs and numeric passwords (set 502) --------------------------------------------------------------------------------

def test_a_pin_named_for_what_it_unlocks_is_found() -> None:
    for line, path in ((f"user_pin = {_digits(6)}\n", "scripts/factory/jig.ini"),
                       (f"so_pin = {_digits(12)}\n", "scripts/factory/jig.ini"),
                       (f'const string SoftwarePin = "{_digits(5)}";\n', "src/Dian/Settings.cs"),
                       (f'cert_pin: "{_mixed(11)}"\n', "config/einvoice.yaml")):
        assert "pin-code-assignment" in _rules(line, path), path
        assert outcomes(line, path) in _FOUND, path


def test_a_pin_that_is_no_secret_is_not_shown() -> None:
    # a board's pin number, a certificate pin (the base64 SHA-256 of a public key), a PIN's length, a reference
    assert not_shown("LED_PIN = 13\n", "firmware/board.h")
    assert not_shown(f'cert_pin: "{random_b64(_R, 32)}"\n', "config/mobile.yaml")
    assert not_shown("user_pin_length = 8\n", "conf/token.ini")
    assert not_shown("so_pin: ${SO_PIN}\n", "deploy/hsm.yaml")


def test_digits_under_a_password_name_are_a_password_not_a_number() -> None:
    code = f"const gibCredentials = {{ username: '{_digits(10)}', password: '{_digits(6)}' }};\n"
    assert outcomes(code, "src/efatura.ts") in _FOUND
    # a count under a password's name stays a number, and so do short digits
    assert not_shown(f"password_min_length: {_digits(2)}\n", "config/policy.yaml")
    assert not_shown("password: 2024\n", "config/app.yaml")
    assert not_shown("password: 123456\n", "config/app.yaml")


def test_a_password_ending_in_digits_and_a_separator_is_no_format_prefix() -> None:
    assert outcomes(f"SMTP_PASSWORD=riverb{_digits(4)}_\n", "deploy/.env.staging") in _FOUND
    # a format's prefix as documentation writes it stays a fragment
    assert not_shown("GITHUB_TOKEN=ghp_\n", "docs/setup.md")


def test_a_mexican_tax_portal_password_is_found() -> None:
    assert outcomes(f"CIEC = '{_mixed(12)}'\n", "sat/fiel.py") in _FOUND


# --- GIS servers (set 503) -------------------------------------------------------------------------------------------------

def test_geoserver_digests_and_ciphertexts_are_no_secrets() -> None:
    users = (f'<user enabled="true" name="admin" password="digest1:{random_b64(_R, 48)}"/>\n'
             f'<user enabled="true" name="sync" password="crypt1:{random_b64(_R, 16)}"/>\n')
    assert not_shown(users, "data_dir/security/usergroup/default/users.xml")
    store = f'    <entry key="passwd">crypt2:{random_b64(_R, 32)}</entry>\n'
    assert not_shown(store, "data_dir/workspaces/roads/datastore.xml")
    # GeoServer's plain: keeps the password as it is
    assert outcomes(f'<user enabled="true" name="ops" password="plain:{_mixed(14)}"/>\n',
                    "data_dir/security/usergroup/default/users.xml") in _FOUND


def test_an_azure_account_key_in_an_xml_element_is_found() -> None:
    xml = f"  <AzureBlobStore>\n    <accountKey>{random_b64(_R, 64)}</accountKey>\n  </AzureBlobStore>\n"
    assert "azure-storage-account-key-setting" in _rules(xml, "data_dir/gwc/geowebcache.xml")
    assert outcomes(xml, "data_dir/gwc/geowebcache.xml") in _FOUND


def test_arcgis_sign_in_passwords_are_found() -> None:
    code = (f'gis = GIS(PORTAL_URL, "publisher", "{_mixed(14)}", verify_cert=False)\n'
            f'arcpy.SignInToPortal(PORTAL_URL, "publisher_backup", "{_mixed(12)}")\n')
    assert _rules(code, "arcgis/publish.py") == ["arcgis-sign-in-password"] * 2
    conn = ('    arcpy.management.CreateDatabaseConnection(\n        SDE_DIR, "prod.sde", "POSTGRESQL", host,\n'
            f'        "DATABASE_AUTH",\n        "sde", "{_mixed(18)}",\n        "SAVE_USERNAME")\n')
    assert "arcpy-database-connection-password" in _rules(conn, "arcgis/publish.py")
    assert not_shown('gis = GIS(PORTAL_URL, "publisher", PUBLISHER_PASSWORD)\n', "arcgis/publish.py")


def test_a_foreign_servers_user_mapping_password_is_found() -> None:
    sql = ("CREATE USER MAPPING FOR gis_reader SERVER regional_cadastre\n"
           f"  OPTIONS (user 'city_gis', password '{_mixed(16)}');\n")
    assert "sql-options-password" in _rules(sql, "db/init/01_init.sql")
    assert outcomes(sql, "db/init/01_init.sql") in _FOUND
    assert not_shown("  OPTIONS (host 'cadastre.region.example.net', port '5432', dbname 'kataster');\n",
                     "db/init/01_init.sql")


def test_base64_of_a_test_keys_name_is_a_stand_in() -> None:
    encoded = base64.urlsafe_b64encode(b"unit-test-signing-key").decode().rstrip("=")
    assert not_shown(f'    monkeypatch.setattr(google, "SIGNING_SECRET", "{encoded}")\n',
                     "services/geocoder/tests/test_providers.py")


# --- trading bots (set 504) ------------------------------------------------------------------------------------------------

def test_a_paper_accounts_password_is_a_password_name() -> None:
    # (a name of three words or more ending in a word that is no credential reads as a message's id)
    assert outcomes("IbPassword_paper=tiger77\n", "brokers/ibkr/ibc/config.ini") in _FOUND
    assert outcomes(f"api_secret_testnet = '{_mixed(32)}'\n", "bots/config.py") in _FOUND


# --- sports and fitness APIs (set 505) -------------------------------------------------------------------------------------

def test_a_vendor_key_header_is_found() -> None:
    code = f'r = requests.get(url, headers={{"x-apisports-key": "{random_chars(_R, 32, "0123456789abcdef")}"}})\n'
    assert "api-key-header" in _rules(code, "football/standings.py")
    assert outcomes(code, "football/standings.py") in _FOUND
    curl = (f'curl -s -H "X-Authentication: {random_b64(_R, 33)}" '
            "https://identitysso.betfair.com/api/keepAlive\n")
    assert outcomes(curl, "scripts/keepalive.sh") in _FOUND


def test_a_password_after_an_email_address_in_a_call_is_found() -> None:
    code = f'api = Garmin("runner.jane@mail.example", "{_mixed(12)}")\n'
    assert _rules(code, "garmin/export.py") == ["email-login-call-password"]
    assert outcomes(code, "garmin/export.py") in _FOUND
    assert not_shown('send_mail("ops@company.com", "Weekly report ready")\n', "jobs/report.py")
    assert not_shown('api = Garmin(os.environ["GARMIN_EMAIL"], os.environ["GARMIN_PASSWORD"])\n', "garmin/export.py")


# --- streaming and broadcast (set 506) -------------------------------------------------------------------------------------

def test_a_twitch_token_given_to_a_static_auth_provider_is_found() -> None:
    code = f"const auth = new StaticAuthProvider(CLIENT_ID, '{random_chars(_R, 30, 'abcdefghijklmnopqrstuvwxyz0123456789')}');\n"
    assert _rules(code, "chatbot/src/bot.ts") == ["twitch-static-auth-provider-token"]
    assert outcomes(code, "chatbot/src/bot.ts") in _FOUND


def test_a_streaming_key_and_a_kiosk_exit_pin_are_found() -> None:
    key = "-".join(random_chars(_R, 4, "abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(5))
    assert outcomes(f'  "atem_streaming_key": "{key}",\n', "studio/companion.json") in _FOUND
    assert outcomes(f'    "exitPin": "{_digits(6)}",\n', "signage/player.json") in _FOUND


def test_the_password_of_a_public_key_is_not_public() -> None:
    assert outcomes(f"XMR_PUB_KEY_PASS={_mixed(14)}\n", "docker-compose.env") in _FOUND
    assert not_shown(f"PUBLIC_KEY_ID={_mixed(14)}\n", "docker-compose.env")


# --- IDE project files (set 507) -------------------------------------------------------------------------------------------

def test_a_jetbrains_docker_variable_in_sibling_options_is_found() -> None:
    xml = ("            <DockerEnvVarImpl>\n"
           '              <option name="name" value="JWT_SECRET" />\n'
           f'              <option name="value" value="{random_chars(_R, 64, "0123456789abcdef")}" />\n'
           "            </DockerEnvVarImpl>\n")
    assert outcomes(xml, ".idea/runConfigurations/Billing_API_Docker.xml") in _FOUND
    macro = xml.replace(xml.splitlines()[2], '              <option name="value" value="$JWT_SECRET$" />')
    assert not_shown(macro, ".idea/runConfigurations/Billing_API_Docker.xml")


def test_every_entry_of_a_long_sealed_secret_is_encrypted() -> None:
    entries = "".join(f"    KEY_{i}_SECRET: Ag{random_b64(_R, 300)}\n" for i in range(10))
    doc = ("apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: billing\nspec:\n"
           "  encryptedData:\n" + entries)
    statuses = outcomes(doc, "infra/k8s/billing/sealed-secret.yaml")
    assert statuses and set(statuses) == {"dismissed"}


# --- serverless databases (set 508) ----------------------------------------------------------------------------------------

def _b64_json(data: dict) -> str:
    return base64.b64encode(json.dumps(data, separators=(",", ":")).encode()).decode()


def test_a_momento_api_key_is_found_by_its_decoded_shape() -> None:
    jwt = hs256_jwt(_R, {"sub": "ops", "p": random_chars(_R, 24)})
    key = _b64_json({"endpoint": "cell-4-us-west-2-1.prod.a.momentohq.com", "api_key": jwt})
    assert _rules(f'  momento_api_key: "{key}"\n', "deploy/values.yaml") == ["momento-api-key"]
    # the same opening over JSON of another shape is not a Momento key
    other = _b64_json({"endpoint": "localhost", "note": random_chars(_R, 200)})
    assert "momento-api-key" not in _rules(f'  endpoint_blob: "{other}"\n', "deploy/values.yaml")


def test_a_go_kafka_clients_scram_password_is_found() -> None:
    code = ("dialer := &kafka.Dialer{SASLMechanism: scram.Mechanism(scram.SHA256,\n"
            f'\t"{_mixed(12)}", "{random_chars(_R, 64, "0123456789abcdef")}")}}\n')
    assert "kafka-go-scram-mechanism-password" in _rules(code, "upstash/kafka.go")
    assert not_shown("m, _ := scram.Mechanism(scram.SHA512, cfg.User, cfg.Password)\n", "upstash/kafka.go")


# --- 3D printing (set 509) -------------------------------------------------------------------------------------------------

def test_a_cloudflare_tunnel_token_is_found_by_its_decoded_shape() -> None:
    token = _b64_json({"a": random_chars(_R, 32, "0123456789abcdef"), "t": random_uuid(_R),
                       "s": random_b64(_R, 32)})
    line = f"sudo cloudflared service install {token}\n"
    assert _rules(line, "deploy/bootstrap_pi.sh") == ["cloudflare-tunnel-token"]
    assert outcomes(line, "deploy/bootstrap_pi.sh") == ["confirmed"]
    # {"a": … of another shape opens the same way
    assert "cloudflare-tunnel-token" not in _rules(
        f"blob={_b64_json({'a': 'abc', 'b': random_chars(_R, 120)})}\n", "deploy/bootstrap_pi.sh")


def test_a_printers_access_code_is_a_password() -> None:
    for line, path in ((f'access_code = "{_digits(8)}"\n', "bambu-tools/config.toml"),
                       (f'  bambu_access_code: "{_digits(8)}"\n', "homeassistant/secrets.yaml")):
        assert outcomes(line, path) in _FOUND, path
    assert not_shown('access_code = "<from printer screen: Settings > LAN only>"\n', "bambu-tools/config.toml")
    assert not_shown("access_code_length: 8\n", "bambu-tools/config.yaml")


def test_duet_gcode_passwords_are_found() -> None:
    config = (f'M551 P"{_mixed(12)}"          ; machine password\n'
              'M552 S1 P"WorkshopIoT"\n'
              f'M587 S"WorkshopIoT" P"{_mixed(16)}"\n')
    assert _rules(config, "duet-rrf/sys/config.g") == ["reprap-gcode-password"] * 2


def test_octoprints_api_key_after_its_sorted_siblings_is_found() -> None:
    config = f"api:\n  allowCrossOrigin: true\n  key: {random_chars(_R, 32, '0123456789ABCDEF')}\naccessControl:\n  salt: x\n"
    assert "yaml-nested-api-key" in _rules(config, ".octoprint/config.yaml")
    assert outcomes(config, ".octoprint/config.yaml") in _FOUND


def test_a_wifi_network_and_its_passphrase_in_prose_are_found() -> None:
    doc = f"Guest Wi-Fi for visitors: `MakerGuest` / `{_mixed(12)}`\n"
    assert "login-pair-in-prose" in _rules(doc, "README.md")


def test_stored_password_digests_of_a_users_file_are_no_secrets() -> None:
    users = (f"admin:\n  active: true\n  password: {random_chars(_R, 128, '0123456789abcdef')}\n"
             "  roles:\n  - user\n  - admin\n")
    assert not_shown(users, ".octoprint/users.yaml")
    # a test that compares a hash with a keyword argument's value names no credential
    test = (f'    assert OctoPrintClient.hash_password("{_mixed(8)}", salt="pepper") == '
            f'"{random_chars(_R, 128, "0123456789abcdef")}"\n')
    assert not_shown(test, "tests/test_octoprint_client.py")


# --- enterprise SaaS customization (set 510) -------------------------------------------------------------------------------

def test_a_data_loader_password_encrypted_with_its_key_file_is_no_secret() -> None:
    conf = ('<bean id="accountExtract" class="com.salesforce.dataloader.process.ProcessRunner">\n'
            '  <map>\n'
            '    <entry key="process.encryptionKeyFile" value="/opt/dataloader/key.txt"/>\n'
            f'    <entry key="sfdc.password" value="{random_chars(_R, 64, "0123456789abcdef")}"/>\n'
            '  </map>\n</bean>\n')
    assert not_shown(conf, "data-loader/process-conf.xml")
    # without the key file the same hex is shown
    plain = f'<entry key="sfdc.password" value="{random_chars(_R, 64, "0123456789abcdef")}"/>\n'
    assert outcomes(plain, "data-loader/process-conf.xml") in _FOUND


def test_a_value_that_opens_with_encrypt_is_no_consul_key() -> None:
    line = (f'<parameter name="mid.instance.password" secure="true" value="encrypt:{random_b64(_R, 32)}"/>\n')
    assert "consul-acl-token-or-gossip-key" not in _rules(line, "mid-server/agent/config.xml")
    assert "consul-acl-token-or-gossip-key" in _rules(f'encrypt = "{random_b64(_R, 32)}"\n', "consul/agent.hcl")


def test_a_hana_bindings_schema_is_no_secret() -> None:
    env = ('{\n  "hana": [{\n    "credentials": {\n'
           f'      "schema": "{random_chars(_R, 32, "0123456789ABCDEF")}",\n'
           '      "host": "hana.example.internal",\n'
           f'      "password": "{_mixed(20)}"\n'
           "    }\n  }]\n}\n")
    rules = _rules(env, "sap-cap/default-env.json")
    statuses = outcomes(env, "sap-cap/default-env.json")
    # only the password is shown
    assert [s for s in statuses if s != "dismissed"] in (["confirmed"], ["pending"]), rules


# --- probe 511 and sets 512-513 --------------------------------------------------------------------------------------------

def test_pins_on_an_hsm_tools_command_line_are_found() -> None:
    script = (f'softhsm2-util --init-token --slot "$SLOT" --label signing --so-pin {_digits(8)} --pin "$USER_PIN"\n'
              f"pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so --login --pin {_digits(6)} --list-objects\n")
    assert _rules(script, "infra/hsm/init-token.sh") == ["pkcs11-pin-flag"] * 2
    assert outcomes(script, "infra/hsm/init-token.sh") in (["confirmed"] * 2, ["confirmed", "pending"],
                                                          ["pending", "confirmed"], ["pending"] * 2)
    assert not_shown('pkcs11-tool --login --pin "$USER_PIN" --list-objects\n', "infra/hsm/init-token.sh")
    # a four-digit --pin is a default or a test's, a bare PIN of four digits too
    assert not_shown("const PIN = '1234';\n", "tests/giftcard.test.js")


def test_digits_in_a_password_slot_without_a_key_name_are_a_password() -> None:
    conn = f'    "Ledger": "Host=pg.internal;Database=ledger;Username=signing;Password={_digits(8)}"\n'
    assert outcomes(conn, "services/signing/appsettings.Production.json") in _FOUND
    assert outcomes(f"mysql -h db.internal -u ro -p{_digits(9)} -e 'select 1'\n", "scripts/backup.sh") in _FOUND
    assert outcomes(f'password_demo = "{_digits(8)}"\n', "bot/config/exchanges.toml") in _FOUND
    # a port in the same slot's neighbourhood stays a number
    assert not_shown("Host=pg.internal;Port=5432;Database=ledger\n", "services/signing/appsettings.json")


def test_a_weather_stations_upload_password_in_a_url_is_found() -> None:
    line = (f'curl -s "https://weatherstation.wunderground.com/weatherstation/updateweatherstation.php?ID=KNYBRONX12'
            f'&PASSWORD=river{_digits(4)}&dateutc=now&tempf=$TEMP"\n')  # a typed password: under url-query-secret's floor
    assert "url-query-password" in _rules(line, "scripts/wu_upload.sh")
    assert outcomes(line, "scripts/wu_upload.sh") in _FOUND
    assert not_shown('curl "https://api.example.com/reset?password=${NEW_PASSWORD}"\n', "scripts/reset.sh")


def test_kdb_and_polygon_credentials_are_found() -> None:
    q = f"h:hopen `:tp.markets.internal:5010:feed:{_mixed(14)}\n"
    assert _rules(q, "kdb/tp.q") == ["kdb-hopen-password"]
    ws = f'ws.send(json.dumps({{"action": "auth", "params": "{_mixed(32)}"}}))\n'
    assert _rules(ws, "polygon/ws_client.py") == ["websocket-auth-action-params"]
    assert outcomes(ws, "polygon/ws_client.py") in _FOUND


def test_a_template_value_that_describes_a_random_one_is_a_placeholder() -> None:
    for line in ('    "jwt_secret_key": "somethingrandom",\n', 'SECRET_KEY = "some-random-string"\n',
                 'SECRET_KEY = "a_long_random_secret"\n'):
        assert not_shown(line, "config/config.json"), line.split("=")[0]
    # a password that merely holds the word is a password
    assert outcomes(f'DB_PASSWORD = "Random{_digits(4)}!x"\n', "config/settings.py") in _FOUND


# --- fediverse and Matrix (set 516) ----------------------------------------------------------------------------------------

def test_a_mautrix_double_puppet_token_is_found() -> None:
    config = f"double_puppet:\n  secrets:\n    chat.example.org: as_token:{random_chars(_R, 64)}\n"
    assert _rules(config, "bridges/mautrix-telegram/config.yaml") == ["mautrix-double-puppet-as-token"]
    assert outcomes(config, "bridges/mautrix-telegram/config.yaml") in _FOUND
    assert not_shown("    chat.example.org: as_token:$DOUBLE_PUPPET_TOKEN\n", "bridges/mautrix-telegram/config.yaml")


def test_a_testrig_folder_is_test_code() -> None:
    from secretloop.loops.features import is_test_path
    assert is_test_path("gotosocial/testrig/config.go")
    assert not is_test_path("gotosocial/internal/config/config.go")


# --- probe 514 and sets 517-518 --------------------------------------------------------------------------------------------

def test_a_pin_or_access_code_with_an_environment_after_its_name_is_found() -> None:
    for line, path in ((f'bambu_access_code_prod: "{_digits(8)}"\n', "homeassistant/secrets.yaml"),
                       (f'front_door_pin_prod: "{_digits(5)}"\n', "homeassistant/secrets.yaml"),
                       (f'alarm_pin = "{_digits(6)}"\n', "alarm/config.ini"),
                       (f'door_access_code = "{_digits(4)}"\n', "door/app/settings.py")):
        assert outcomes(line, path) in _FOUND, path
    # mysql's -p with digits is a password whatever their randomness
    assert outcomes("mysql -h db.internal -u ro -p55221180 -e 'select 1'\n", "scripts/restore_db.sh") in _FOUND


def test_a_pin_flag_in_an_argument_list_is_found() -> None:
    code = f'subprocess.run(["pkcs11-tool", "--login", "--pin", "{_digits(8)}", "--list-objects"], check=True)\n'
    assert "pkcs11-tool" in code and "pkcs11-pin-flag" in _rules(code, "door/app/door_service.py")


def test_polygons_auth_message_with_unquoted_keys_is_found() -> None:
    js = f"socket.send(JSON.stringify({{ action: 'auth', params: '{_mixed(32)}' }}));\n"
    assert _rules(js, "marketdata/js/polygonStream.js") == ["websocket-auth-action-params"]


def test_redis_stacks_args_password_is_found() -> None:
    compose = f"    environment:\n      REDIS_ARGS: --requirepass {_mixed(16)} --save 60 1000\n"
    assert "redis-conf-password" in _rules(compose, "redis/docker-compose.yml")


def test_a_meilisearch_tenant_token_is_public() -> None:
    token = hs256_jwt(_R, {"searchRules": {"products": {"filter": "tenant = 7"}}, "apiKeyUid": random_uuid(_R),
                           "exp": 4102444800})
    assert not_shown(f"const client = new MeiliSearch({{ host: HOST, apiKey: '{token}' }});\n", "web/frontend.js")


def test_a_digest_in_a_kubernetes_secrets_data_is_no_secret() -> None:
    digest = base64.b64encode(random_chars(_R, 64, "0123456789abcdef").encode()).decode()
    secret = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: medusa\ndata:\n"
              f"  TLS_CA_FINGERPRINT: {digest}\n  DATABASE_PASSWORD: {random_b64(_R, 24)}\n")
    statuses = outcomes(secret, "deploy/k8s/medusa-secret.yaml")
    assert statuses[0] == "dismissed" and statuses[1] in ("confirmed", "pending")


# --- sets 520-521 ----------------------------------------------------------------------------------------------------------

def test_weblate_and_legacy_yandex_keys_are_found() -> None:
    ini = f"[keys]\nhttps://hosted.weblate.org/api/ = wlu_{random_chars(_R, 40)}\n"
    assert _rules(ini, "weblate/weblate.ini") == ["weblate-api-key"]
    php = (f"$key = 'trnsl.1.1.20190311T143826Z.{random_chars(_R, 16, '0123456789abcdef')}"
           f".{random_chars(_R, 40, '0123456789abcdef')}';\n")
    assert _rules(php, "translate.php") == ["yandex-translate-legacy-key"]
    assert outcomes(php, "translate.php") == ["confirmed"]


def test_a_totp_seed_under_a_longer_name_is_found() -> None:
    seed = base64.b32encode(_R.randbytes(20)).decode()
    assert "totp-seed-assignment" in _rules(f'TWO_FACTOR_TOTP_SEED = "{seed}"\n', "portal/settings/production.py")


# --- probe 519 -------------------------------------------------------------------------------------------------------------

def test_a_sequential_four_digit_pin_is_a_default_not_a_secret() -> None:
    assert not_shown('guest_door_pin: "1234"\n', "homeassistant/secrets.yaml")
    pin = next(p for p in (_digits(4) for _ in range(100)) if p not in "0123456789" and p not in "9876543210")
    assert outcomes(f'guest_door_pin: "{pin}"\n', "homeassistant/secrets.yaml") in _FOUND


def test_digits_as_a_urls_password_are_a_password() -> None:
    url = f"DATABASE_URL=postgresql://ledger:{_digits(8)}@db.internal:5432/ledger\n"
    assert outcomes(url, "homelab/.env") in _FOUND
    assert not_shown("DATABASE_URL=postgresql://db.internal:5432/ledger\n", "homelab/.env")


def test_redis_stack_servers_requirepass_is_found() -> None:
    compose = f"    command: redis-stack-server --requirepass {_mixed(16)} --port 6379\n"
    assert "redis-conf-password" in _rules(compose, "docker/docker-compose.override.yml")
