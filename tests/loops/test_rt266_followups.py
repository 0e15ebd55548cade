"""Follow-ups of red-team sets 266 onwards (security tooling and threat-intel APIs, Go and Rust services,
infrastructure as code). Values are drawn at run time; failures name the file and the statuses, never the value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import base64
import random
import string

from secretloop.loops.features import is_test_path
from secretloop.loops.filters import shannon_entropy
from tests.loops.test_fp_corpus_classes import SCANNER, not_shown, outcomes, require_shown
from tests.support.tokens import random_chars, random_uuid, typed_password

_R = random.Random(266)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


# --- security tooling, threat intel, SIEM and SOAR (set 266) --------------------------------------------------------

def test_security_vendor_keys_by_position_header_and_webhook_are_found() -> None:
    access, secret = random_chars(_R, 64, _HEX), random_chars(_R, 64, _HEX)
    require_shown(f"curl -H \"X-ApiKeys: accessKey={access};secretKey={secret}\" https://cloud.tenable.com/scans\n", "tio.sh")
    require_shown(f"tio = TenableIO('{access}', '{secret}')\n", "tio.py")
    require_shown(f"otx = OTXv2(\"{random_chars(_R, 64, _HEX)}\")\n", "otx_pull.py")
    require_shown(f"sumo = SumoLogic('su{random_chars(_R, 12, _ALNUM)}', '{random_chars(_R, 64, _ALNUM)}', "
                  "'https://api.us2.sumologic.com/api')\n", "sumo.py")
    require_shown(f"webhook_url = https://acme-soc.tines.com/webhook/{random_chars(_R, 32, _HEX)}/"
                  f"{random_chars(_R, 32, _HEX)}\n", "siem.conf")
    assert not_shown("curl -H \"X-ApiKeys: accessKey=$TIO_ACCESS_KEY;secretKey=$TIO_SECRET_KEY\" https://cloud.tenable.com\n",
                     "tio.sh")


def test_a_log_analytics_workspace_key_is_a_secret_and_its_id_is_not() -> None:
    key = base64.b64encode(bytes(_R.randrange(256) for _ in range(64))).decode()
    require_shown(f'{{\n  "workspaceId": "{random_chars(_R, 8, _HEX)}-1a2b-4c3d-9e8f-{random_chars(_R, 12, _HEX)}",\n'
                  f'  "workspaceKey": "{key}"\n}}\n', "integration.json")


def test_a_key_in_an_api_requests_query_is_found_and_googles_are_left_to_their_rule() -> None:
    require_shown(f'curl "https://api.weatherapi.com/v1/forecast.json?key={random_chars(_R, 32, _HEX)}&q=Oslo"\n',
                  "forecast.sh")
    # a web page's Maps script: the Google key rules decide (a browser key), not the bare key= rule
    google = "AIza" + random_chars(_R, 35, _ALNUM)
    found = SCANNER.scan_text(f'<script src="https://maps.googleapis.com/maps/api/js?key={google}&callback=init"></script>\n',
                              0, "theme.liquid")
    assert "api-url-query-key" not in {c.rule_id for c in found}
    assert not_shown("https://docs.google.com/spreadsheet/ccc?key=0Ah4bXcZ2kLm9xQv7WnT3rY8pS&usp=sharing\n", "README.md")
    assert not_shown("curl \"https://api.weatherapi.com/v1/forecast.json?key=${WEATHER_KEY}&q=Oslo\"\n", "forecast.sh")


# --- Go and Rust services (set 267) ---------------------------------------------------------------------------------

def test_go_plainauth_and_rust_build_script_secrets_are_found() -> None:
    require_shown(f'\tauth := smtp.PlainAuth("", from, "{typed_password(_R)}", "smtp.mailgun.org")\n', "mail/smtp.go")
    require_shown(f'    println!("cargo:rustc-env=TELEMETRY_INGEST_KEY=ing_{random_chars(_R, 32, _ALNUM)}");\n', "build.rs")
    assert not_shown('\tauth := smtp.PlainAuth("", from, os.Getenv("SMTP_PASSWORD"), host)\n', "mail/smtp.go")
    assert not_shown('    println!("cargo:rustc-env=GIT_HASH={}", hash);\n', "build.rs")


def test_a_secrets_connection_url_is_read_by_the_connection_strings_rule() -> None:
    # the Secret's cell is the whole URL; the connection string's rule reads its password alone, so the cell yields
    text = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\nstringData:\n"
            f'  DATABASE_URL: "postgres://inventory:{random_chars(_R, 14, _ALNUM)}-{_R.randrange(1000, 9999)}'
            '@db.internal:5432/inventory"\n')
    found = SCANNER.scan_text(text, 0, "deploy/secret.yaml")
    assert [c.rule_id for c in found] == ["postgres-uri"]
    require_shown(text, "deploy/secret.yaml")


# --- infrastructure as code (set 268) -------------------------------------------------------------------------------

def test_a_value_in_angle_brackets_that_says_which_store_holds_it_is_a_stand_in() -> None:
    assert outcomes('vpn_psk = "<from-vault:kv/network/vpn#psk>"\n', "envs/staging/terraform.tfvars") in ([], ["dismissed"])
    assert not_shown('db_password = "<ssm:/prod/db/password>"\n', "terraform.tfvars")
    require_shown(f'vpn_psk = "{typed_password(_R)}"\n', "envs/staging/terraform.tfvars")


# --- functional languages (set 270) ---------------------------------------------------------------------------------

def test_lisp_pairs_clojure_properties_and_elixir_config_triples_are_found() -> None:
    require_shown(f'#hash((db-host . "db.internal")\n      (db-password . "{typed_password(_R)}"))\n', "config.rktd")
    require_shown(f'(System/setProperty "aws.secretKey" "{random_chars(_R, 40, _ALNUM)}")\n', "dev/user.clj")
    require_shown(f'config :shop, :hex_organization_key, "{random_chars(_R, 32, _HEX)}"\n', "config/staging.exs")
    require_shown(f'    environment:\n      RELEASE_COOKIE: "{random_chars(_R, 20, string.ascii_uppercase)}"\n',
                  "docker-compose.yml")
    assert not_shown('  (db-password . ,(getenv "DB_PASSWORD"))\n', "config.rktd")
    assert not_shown('config :shop, :hex_organization_key, System.fetch_env!("HEX_ORG_KEY")\n', "config/prod.exs")


def test_a_nix_switch_and_a_yesod_default_of_one_short_word_are_no_credentials() -> None:
    assert not_shown('      basicAuth = true;\n      basicAuthUser = "grafana";\n', "modules/grafana.nix")
    assert not_shown('  password: "_env:YESOD_PGPASS:blog"\n', "config/settings.yml")
    # a random default is the password the app falls back to
    require_shown(f'  password: "_env:YESOD_PGPASS:{random_chars(_R, 16, _ALNUM)}"\n', "config/settings.yml")


# --- media and content APIs (set 271) -------------------------------------------------------------------------------

def test_riot_imgur_pixabay_and_genius_keys_are_found() -> None:
    require_shown(f"watcher = LolWatcher('RGAPI-{random_uuid(_R)}')\n", "riot.py")
    require_shown(f"client = ImgurClient('{random_chars(_R, 15, _HEX)}', '{random_chars(_R, 40, _HEX)}')\n", "imgur.py")
    require_shown(f"PIXABAY_KEY = '{_R.randrange(10**7, 10**8)}-{random_chars(_R, 25, _HEX)}'\n", "pixabay.py")
    require_shown(f"genius = lyricsgenius.Genius('{random_chars(_R, 64, _ALNUM + '_-')}')\n", "genius.py")
    assert not_shown("client = ImgurClient(client_id, client_secret)\n", "imgur.py")


def test_a_token_finished_by_an_angle_bracket_stand_in_is_a_template() -> None:
    header = base64.urlsafe_b64encode(b'{"alg":"HS256"}').decode().rstrip("=")
    payload = base64.urlsafe_b64encode(b'{"sub":"1234"}').decode().rstrip("=")
    assert not_shown(f"Authorization: Bearer {header}.{payload}.<signature>\n", "docs/fitbit.md")
    # the same header and payload with a signature is a token
    require_shown(f"Authorization: Bearer {header}.{payload}.{random_chars(_R, 43, _ALNUM)}\n", "scripts/call.sh")


# --- the probe of this stop's first changes (set 272), forms and support SaaS (set 273), PHP and Ruby apps (set 274) --

def test_plainauth_with_a_call_and_a_raw_string_and_a_build_scripts_format_argument() -> None:
    require_shown(f"\ta := smtp.PlainAuth(identity(), user, `{typed_password(_R)}`, host)\n", "mail.go")
    require_shown(f'    println!("cargo:rustc-env=SENTRY_AUTH_TOKEN={{}}", "{random_chars(_R, 40, _ALNUM)}");\n', "build.rs")
    require_shown(f'#define WPA_KEY "{typed_password(_R)}"\n', "firmware/secrets.h")
    assert not_shown('#define WPA_KEY_LEN 63\n', "firmware/secrets.h")


def test_a_uuid_sent_as_a_bearer_token_is_a_token() -> None:
    # a UUID's hex and hyphens measure about 3.3-3.6 bits a character: the floor must let the lower ones in
    uuid = next(u for u in (random_uuid(_R) for _ in range(1000)) if shannon_entropy(u) < 3.45)
    require_shown(f'curl -H "Authorization: Bearer {uuid}" https://api.acme.io/v1/me\n', "call.sh")


def test_ruby_fetch_fallbacks_and_envoyer_hooks_are_found() -> None:
    require_shown(f'  setting :isbndb_key, default: ENV.fetch("ISBNDB_KEY", "{random_chars(_R, 32, _HEX)}")\n',
                  "config/settings.rb")
    require_shown(f"curl -s https://envoyer.io/deploy/{random_chars(_R, 40, _ALNUM)}\n", "forge-deploy.sh")
    assert not_shown('  setting :isbndb_key, default: ENV.fetch("ISBNDB_KEY", nil)\n', "config/settings.rb")


def test_phpunits_environment_is_a_test_place_and_an_edited_jwt_io_example_is_a_stand_in() -> None:
    assert is_test_path("phpunit.xml") and is_test_path("app/phpunit.xml.dist")
    assert not is_test_path("config/app.xml")
    header = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    payload = base64.urlsafe_b64encode(b'{"sub":"1","name":"Test User","iat":1516239022}').decode().rstrip("=")
    token = f"{header}.{payload}.{random_chars(_R, 43, _ALNUM)}"
    assert not_shown(f"        $token = '{token}';\n", "tests/Feature/AuthTest.php")
    # in the app's own code the same token is shown: a person sees it
    require_shown(f"        $token = '{token}';\n", "app/Http/Client.php")


# --- Windows administration (set 276), IoT and smart-home platforms (set 277) --------------------------------------

def test_powershell_expands_double_quoted_strings_and_takes_single_quoted_ones_as_written() -> None:
    assert not_shown('$rdp = @"\nfull address:s:$Computer\npassword 51:b:$blob\n"@\n', "tools/New-RdpFile.ps1")
    assert not_shown('$cred = "svc-deploy:$password"\n', "deploy.ps1")
    # '…' and @'…'@ are literals: a dollar sign there is a character of the password
    require_shown(f"$password = 'Vq{random_chars(_R, 10, _ALNUM)}$sw0rd'\n", "deploy.ps1")
    require_shown(f"$body = @'\nDomainAdminPassword=Vq{random_chars(_R, 10, _ALNUM)}$sw0rd\n'@\n", "deploy.ps1")


def test_device_tokens_given_to_iot_sdks_and_modems_are_found() -> None:
    require_shown(f'  Blynk.begin("{random_chars(_R, 32, _ALNUM)}", ssid, pass);\n', "sketch.ino")
    require_shown(f'  ArduinoCloud.setSecretDeviceKey("{random_chars(_R, 20, string.ascii_uppercase + string.digits)}");\n',
                  "thingProperties.h")
    lower = string.ascii_lowercase + string.digits
    require_shown(f'openapi = TuyaOpenAPI("https://openapi.tuyaeu.com", "{random_chars(_R, 20, lower)}", '
                  f'"{random_chars(_R, 32, lower)}")\n', "tuya_cloud.py")
    require_shown(f"balena.auth.login_with_token('{random_chars(_R, 32, _ALNUM)}')\n", "fleet.py")
    require_shown(f"echo 'AT+APPKEY={random_chars(_R, 32, _HEX.upper())}' > /dev/ttyUSB0\n", "at_join.sh")
    require_shown(f"uart:~$ settings set golioth/psk {random_chars(_R, 24, _ALNUM)}\n", "provision.sh")
    assert not_shown("echo 'AT+APPEUI=70B3D57ED0012345' > /dev/ttyUSB0\n", "at_join.sh")
    assert not_shown("settings set golioth/psk-id dev-01@acme-fleet\n", "provision.sh")


# --- DNS providers and ACME clients (set 279), data engineering (set 280) ------------------------------------------

def test_acme_sh_keys_porkbun_pairs_and_cpanel_tokens_are_found() -> None:
    require_shown(f"export GD_Key=\"{random_chars(_R, 34, _ALNUM)}\"\n", "account.conf")
    require_shown(f"dns_porkbun_key = pk1_{random_chars(_R, 64, _HEX)}\n", "porkbun.ini")
    require_shown(f"PORKBUN_SECRET_API_KEY=\"sk1_{random_chars(_R, 64, _HEX)}\"\n", "lego.env")
    upper = string.ascii_uppercase + string.digits
    require_shown(f'curl -H "Authorization: whm root:{random_chars(_R, 32, upper)}" https://host.example.net:2087/json-api/\n',
                  "renew.sh")
    assert not_shown('curl -H "Authorization: cpanel $CPANEL_USER:$CPANEL_TOKEN" https://host:2083/execute/\n', "renew.sh")


def test_a_password_in_quotes_after_a_commands_user_option_is_found() -> None:
    require_shown(f"snowsql -a acme-eu -u etl_loader -p '{typed_password(_R)}' -f load.sql\n", "load.sh")
    require_shown(f'sqlcmd -S db01 -U sa -P "{typed_password(_R)}" -i seed.sql\n', "seed.bat")
    assert not_shown("psql -h db -U app -p 5432 app\n", "load.sh")
    assert not_shown('sqlcmd -S db01 -U sa -P "$SA_PASSWORD" -i seed.sql\n', "seed.bat")


def test_a_secret_stores_key_built_of_words_and_uuids_is_a_reference() -> None:
    key = f"airbyte_workspace_{random_uuid(_R)}_secret_{random_uuid(_R)}_v1"
    assert not_shown(f'  "client_secret": "{key}",\n', "exports/connection_export.json")
    # a token with a UUID inside a random run is not one
    require_shown(f'  "client_secret": "cs_{random_chars(_R, 24, _ALNUM)}_{random_uuid(_R)}",\n', "exports/connection.json")


def test_a_pre_shared_key_is_a_typed_passphrase() -> None:
    require_shown("/interface wireless security-profiles\nadd authentication-types=wpa2-psk mode=dynamic-keys "
                  f"name=corp-psk wpa2-pre-shared-key=RavenWalnut*{_R.randrange(1000, 9999)}\n", "exports/ccr-hq-01.rsc")


# --- the second probe (set 278), native mobile apps (set 281), less common configuration formats (set 282),
# --- regional payment gateways (set 283) -----------------------------------------------------------------------------

def test_powershell_single_quoted_passwords_keep_their_dollar_signs() -> None:
    password = f"Vq{random_chars(_R, 8, _ALNUM)}$b{_R.randrange(1000, 9999)}"
    require_shown(f"$sec = ConvertTo-SecureString '{password}' -AsPlainText -Force\n", "Provision-ServiceAccount.ps1")
    require_shown(f"$sec = ConvertTo-SecureString -AsPlainText -Force '{password}'\n", "Provision-ServiceAccount.ps1")
    assert not_shown('$pw = ConvertTo-SecureString "svc-$env:COMPUTERNAME-$suffix" -AsPlainText -Force\n', "Provision.ps1")


def test_more_shapes_of_this_stops_rules() -> None:
    require_shown(f'    println!("cargo::rustc-env=RELEASE_SIGNING_KEY={random_chars(_R, 40, _ALNUM)}");\n', "build.rs")
    require_shown(f'\ta := smtp.PlainAuth(identity(cfg), user, "{typed_password(_R)}", host)\n', "mail.go")
    require_shown(f'    (.setProperty props "mail.smtp.password" "{typed_password(_R)}")\n', "src/mail.clj")
    require_shown(f'    setting :isbndb_api_key, default: "{random_chars(_R, 32, _ALNUM)}"\n', "config/settings.rb")
    require_shown(f'  <Setting value="{typed_password(_R)}" name="Database password" />\n', "legacy/plugin-settings.xml")
    header = base64.urlsafe_b64encode(b'{"alg":"HS256"}').decode().rstrip("=")
    payload = base64.urlsafe_b64encode(b'{"sub":"42"}').decode().rstrip("=")
    assert not_shown(f"<pre>Authorization: Bearer {header}.{payload}.&lt;signature&gt;</pre>\n", "docs/api.html")


def test_build_scripts_keystores_and_keychain_passwords_are_found() -> None:
    blob = base64.b64encode(bytes([0x30, 0x82, 0x0A, 0x1C]) + bytes(_R.randrange(256) for _ in range(240))).decode()
    require_shown(f'echo "{blob}" | base64 -d > app/release.jks\n', ".github/scripts/sign.sh")
    require_shown(f"security unlock-keychain -p '{typed_password(_R)}' build.keychain\n", "fastlane/ci.sh")
    assert not_shown('echo "$RELEASE_KEYSTORE_B64" | base64 -d > app/release.jks\n', ".github/scripts/sign.sh")
    assert not_shown('security import dist.p12 -k build.keychain -P "$P12_PASSWORD" -T /usr/bin/codesign\n', "ci.sh")


def test_envoy_inline_secrets_and_payment_gateways_salt_and_working_keys_are_found() -> None:
    require_shown(f'  generic_secret:\n    secret:\n      inline_string: "{random_chars(_R, 32, _ALNUM)}"\n', "envoy.yaml")
    assert not_shown('  direct_response:\n    body:\n      inline_string: "service unavailable, try again later"\n',
                     "envoy.yaml")
    require_shown(f'PHONEPE_SALT_KEY = "{random_chars(_R, 32, _HEX)}"\n', "payments/phonepe.py")
    require_shown(f"$workingKey = '{random_chars(_R, 32, _HEX.upper())}';\n", "ccavenue/request.php")


# --- chat bots (set 284), security research (set 285), configuration management (set 286), LLM tooling (set 287) ----

def test_telegram_api_hashes_and_session_strings_in_more_places() -> None:
    require_shown(f"API_HASH={random_chars(_R, 32, _HEX)}\nBOT_TOKEN=${{BOT_TOKEN}}\n", "tg-userbot/.env")
    require_shown(f'API_HASH = os.getenv("API_HASH", "{random_chars(_R, 32, _HEX)}")\n', "tg-userbot/config.py")
    session = "1" + base64.urlsafe_b64encode(bytes(_R.randrange(256) for _ in range(263))).decode()
    require_shown(f"session = '{session}'\nclient = TelegramClient(StringSession(session), api_id, api_hash)\n",
                  "forwarder.py")
    assert not_shown("file_hash = 'd41d8cd98f00b204e9800998ecf8427e'\n", "forwarder.py")


def test_the_empty_passwords_hashes_are_no_secret() -> None:
    assert not_shown("set SMBPass aad3b435b51404eeaad3b435b51404ee:31d6cfe0d16ae931b73c59d7e0c089c0\n", "msf/smb_spray.rc")
    require_shown(f"set SMBPass aad3b435b51404eeaad3b435b51404ee:{random_chars(_R, 32, _HEX)}\n", "msf/smb_spray.rc")


def test_fuzz_corpora_and_test_kitchen_are_tests_places_and_numeronyms_are_words() -> None:
    assert is_test_path("fuzzing-corpus/http-auth/seeds.txt") and is_test_path("fuzz/corpus/jwt/seed-1")
    assert is_test_path(".kitchen.yml") and is_test_path("kitchen.dokken.yml")
    assert not is_test_path("src/corpus.py") and not is_test_path("kitchenware/app.yml")
    assert not_shown("r10k_deploy_key: '/root/.ssh/r10k_deploy'\n", "hieradata/common.yaml")


def test_fal_and_turbopuffer_keys_are_found() -> None:
    require_shown(f"FAL_KEY={random_uuid(_R)}:{random_chars(_R, 32, _HEX)}\n", ".env")
    require_shown(f'const tpufKey = "tpuf_{random_chars(_R, 32, _ALNUM)}";\n', "client.ts")


# --- a CredData-style mix (set 289) ---------------------------------------------------------------------------------

def test_a_pusher_key_in_a_block_named_for_pusher_is_public_and_its_secret_is_not() -> None:
    key, secret = random_chars(_R, 20, _HEX), random_chars(_R, 20, _HEX)
    text = (f'{{\n  "pusher": {{\n    "appId": "1234567",\n    "key": "{key}",\n    "secret": "{secret}",\n'
            '    "cluster": "eu"\n  }\n}\n')
    lines = [c.start_line for c in SCANNER.scan_text(text, 0, "config/default.json")]
    by_line = dict(zip(lines, outcomes(text, "config/default.json")))
    assert by_line.get(4) == "dismissed" and by_line.get(5) in ("confirmed", "pending"), by_line
    # the same key in a block named for something else is weighed as a key
    require_shown(f'{{\n  "billing": {{\n    "key": "{random_chars(_R, 32, _ALNUM)}"\n  }}\n}}\n', "config/default.json")


def test_a_generated_value_in_a_code_variable_named_for_a_key_is_found() -> None:
    require_shown(f'var telemetryKey = "{random_chars(_R, 32, _ALNUM)}"\n', "internal/api/client.go")
    require_shown(f"const assemblyAiKey = '{random_chars(_R, 32, _ALNUM)}';\n", "src/transcribe.ts")
    assert not_shown('var sortKey = "created_at"\n', "internal/api/client.go")
    assert not_shown("const cacheKey = `user-${id}`;\n", "src/cache.ts")


# --- the third probe (set 288) --------------------------------------------------------------------------------------

def test_envoy_inline_bytes_and_a_webauthn_passkey_id() -> None:
    secret = base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
    require_shown(f"      generic_secret:\n        secret:\n          inline_bytes: \"{secret}\"\n", "envoy/bootstrap.yaml")
    # a WebAuthn passkey's credential id is public: no rule reads `passkey` as a secret's name
    credential_id = base64.urlsafe_b64encode(bytes(_R.randrange(256) for _ in range(32))).decode().rstrip("=")
    assert not_shown(f'const passkeyCredentialId = "{credential_id}";\n', "src/auth/passkeys.ts")
