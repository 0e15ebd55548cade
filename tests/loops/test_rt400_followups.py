"""Follow-ups of red-team sets 400 onwards. Values are drawn at run time; failures name the file and the statuses,
never the value (PYTEST_DONT_REWRITE: plain asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import random
import string

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown
from tests.support.tokens import hs256_jwt, random_chars, random_uuid, varied_key

_R = random.Random(400)
_HEX = "0123456789abcdef"


def _alnum_key(n: int) -> str:
    return varied_key(_R, n)


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _signed_jwt(key: str | bytes, claims: dict) -> str:
    """An HS256 JWT whose signature checks out under `key` (text, or a JWK's raw key bytes)."""
    signed = f"{_b64url(json.dumps({'alg': 'HS256', 'typ': 'JWT'}).encode())}.{_b64url(json.dumps(claims).encode())}"
    raw = key.encode() if isinstance(key, str) else key
    return f"{signed}.{_b64url(hmac.new(raw, signed.encode(), hashlib.sha256).digest())}"


# --- auth and JWT libraries' tests (set 402) ---------------------------------------------------------------------------

def test_a_jwt_in_a_test_signed_with_a_key_its_file_declares_is_that_tests_fixture() -> None:
    key = _alnum_key(24)
    token = _signed_jwt(key, {"sub": "user-1", "iat": 1700000000})
    test = f'import jwt\n\nSIGNING_KEY = "{key}"\n\n\n\ndef test_roundtrip():\n' + "    pass\n" * 8 + \
        f'    assert jwt.encode({{"sub": "user-1"}}, SIGNING_KEY) == "{token}"\n'
    statuses = outcomes(test, "tests/test_tokens.py")
    assert statuses[-1] == "dismissed", statuses  # the key's own line is judged on its own
    # outside a test or the docs the token is shown: a live service's token beside the key that made it
    require_shown(f'SIGNING_KEY = "{key}"\nSERVICE_TOKEN = "{token}"\n', "app/settings.py")
    # a test token the file's strings do not sign stays for a person
    other = hs256_jwt(_R, {"sub": "svc", "iat": 1700000000})
    assert outcomes(f'KEY = "{key}"\nTOKEN = "{other}"\n', "tests/test_tokens.py")[-1] != "dismissed"


def test_a_basic_header_of_a_fixture_pair_named_test_secret_is_a_stand_in() -> None:
    header = base64.b64encode(b"test-client:test-secret").decode()
    assert not_shown(f'    assert req.headers["Authorization"] == "Basic {header}"\n', "tests/test_oauth_client.py")
    chosen = base64.b64encode(f"test-client:{_alnum_key(16)}".encode()).decode()
    assert outcomes(f'AUTH = "Basic {chosen}"\n', "src/client.py") in (["confirmed"], ["pending"])


def test_basic_credentials_concatenated_after_the_scheme_are_found() -> None:
    encoded = base64.b64encode(f"shop-app:{_alnum_key(18)}".encode()).decode()
    require_shown(f"const auth = 'Basic ' + '{encoded}';\n", "src/klarna.ts")
    require_shown(f'$headers[] = "Authorization: Basic " . "{encoded}";\n', "lib/Client.php")


# --- payments and fintech (set 400) ------------------------------------------------------------------------------------

def test_a_uuid_in_the_password_slot_of_curl_user_is_a_credential() -> None:
    require_shown(f'curl -u "{random_uuid(_R)}:{random_uuid(_R)}" https://sandbox-api.acme-cards.io/v3/users\n',
                  "scripts/list_users.sh")


def test_a_card_or_transaction_token_that_is_a_uuid_is_a_record_id() -> None:
    assert not_shown(f"const cardToken = '{random_uuid(_R)}';\n", "src/cards.ts")
    assert not_shown(f'transaction_token = "{random_uuid(_R)}"\n', "app/refunds.py")
    require_shown(f"const accessToken = '{random_uuid(_R)}';\n", "src/cards.ts")


def test_a_chosen_password_with_symbols_under_a_hash_name_is_no_digest() -> None:
    # Flutterwave's SECRET_HASH is a password the merchant types into the dashboard
    assert outcomes("FLW_SECRET_HASH = 'Kq7-rT2w!mz9'\n", "app/payments.py") in (["confirmed"], ["pending"])
    assert not_shown(f"PASSWORD_HASH = '{random_chars(_R, 64, _HEX)}'\n", "app/payments.py")


def test_signature_and_webhook_key_names_are_secret_names() -> None:
    require_shown(f"CKO_WEBHOOK_SIGNATURE_KEY={random_uuid(_R)}\n", "deploy/.env")
    require_shown(f'ACME_WEBHOOK_KEY = "{_alnum_key(32)}"\n', "config/settings.py")


def test_a_braintree_private_key_given_by_position_is_found() -> None:
    merchant, public = random_chars(_R, 16, "abcdefghijklmnopqrstuvwxyz0123456789"), random_chars(_R, 16, "abcdefghijklmnopqrstuvwxyz0123456789")
    require_shown(f'BraintreeGateway gateway = new BraintreeGateway(Environment.PRODUCTION,\n    "{merchant}",\n'
                  f'    "{public}",\n    "{random_chars(_R, 32, _HEX)}");\n', "src/main/java/Gateway.java")


def test_dotnet_app_settings_name_transaction_and_signature_keys() -> None:
    require_shown(f'  <add key="AuthNetTransactionKey" value="{_alnum_key(16)}" />\n', "Web.config")
    require_shown(f'  <add key="AuthNetSignatureKey" value="{random_chars(_R, 128, "0123456789ABCDEF")}" />\n', "Web.config")


def test_a_payment_hsm_key_component_is_found_and_its_check_value_is_not() -> None:
    require_shown(f"zmk_component_1 = {random_chars(_R, 32, '0123456789ABCDEF')}\n", "pci/hsm.conf")
    assert not_shown("zmk_kcv = 855DA9\n", "pci/hsm.conf")


# --- home lab (set 401) ------------------------------------------------------------------------------------------------

def test_a_backup_encryption_pass_phrase_of_words_is_kept() -> None:
    require_shown('      BACKUP_ENCRYPTION_KEY: "purple-velvet-pickle-maple"\n', "stacks/vaultwarden/docker-compose.yml")
    # a feature flag's slug under an API key's name is still a name
    assert not_shown('FEATURE_API_KEY = "fflag_feat_front_dev_comment_notifications"\n', "config/flags.py")


def test_a_camera_stream_urls_spelled_out_user_and_password_are_found() -> None:
    require_shown("    garage: ffmpeg:http://192.168.30.14/flv?port=1935&app=bcs&user=admin&password=fern27#video=copy\n",
                  "frigate/config.yml")


def test_a_crowdsec_bouncer_key_is_found() -> None:
    require_shown(f"      BOUNCER_KEY_TRAEFIK: {random_chars(_R, 32, _HEX)}\n", "stacks/proxy/docker-compose.yml")
    assert not_shown("      BOUNCER_KEY_TRAEFIK: ${TRAEFIK_BOUNCER_KEY}\n", "stacks/proxy/docker-compose.yml")


def test_a_fixture_word_with_a_random_tail_in_a_test_is_a_fixture() -> None:
    tail = random_chars(_R, 16, _HEX)
    assert not_shown(f'                "refresh_token": "test-refresh-{tail}",\n', "tests/conftest.py")
    assert not_shown(f"const refreshToken = 'test_refresh_{tail[:8]}';\n", "test/fixtures/auth_fixture.dart")
    # a provider's test-mode key does not begin with the fixture word
    assert outcomes(f'STRIPE_KEY = "sk_test_{_alnum_key(24)}"\n', "tests/conftest.py") in (["confirmed"], ["pending"])


def test_a_user_records_token_columns_in_a_test_fixture_belong_to_a_fixture_user() -> None:
    fixture = (f'admin:\n  email: admin@example.com\n  confirmation_token: "{random_uuid(_R)}"\n'
               f'  unlock_token: "{random_chars(_R, 20, _HEX)}"\n  otp_secret: "{random_chars(_R, 32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")}"\n')
    assert not_shown(fixture, "spec/fixtures/users.yml")
    require_shown(f'API_TOKEN = "{_alnum_key(32)}"\n', "spec/fixtures/clients.rb")


def test_a_phoenix_signing_salt_is_no_secret_and_its_secret_key_base_is() -> None:
    assert not_shown(f'config :ledger, :session_signing_salt, "{_alnum_key(8)}"\n', "config/config.exs")
    require_shown(f'config :ledger, :secret_key_base, "{_alnum_key(64)}"\n', "config/config.exs")


# --- HR, payroll and ERP SaaS (set 404) --------------------------------------------------------------------------------

def test_a_credentials_blocks_run_together_id_and_name_members_are_not_secrets() -> None:
    binding = ('{\n  "VCAP_SERVICES": { "xsuaa": [ { "credentials": {\n'
               f'    "clientid": "sb-payroll-app!t{_R.randrange(10000, 99999)}",\n'
               f'    "xsappname": "payroll-app!t{_R.randrange(10000, 99999)}",\n'
               f'    "clientsecret": "{random_uuid(_R)}${_alnum_key(40)}"\n  }} }} ] }}\n}}\n')
    assert outcomes(binding, "default-env.json") == ["confirmed"]  # the client secret alone


def test_an_api_key_as_basic_auths_user_through_node_buffer_is_found() -> None:
    require_shown(f"const auth = 'Basic ' + Buffer.from('{random_chars(_R, 40, _HEX)}:x').toString('base64');\n",
                  "src/auth.ts")


def test_odoo_and_ws_security_login_calls_with_literal_passwords_are_found() -> None:
    require_shown(f"uid = common.authenticate('acme_prod', 'api@acme.example', '{random_chars(_R, 40, _HEX)}', {{}})\n",
                  "scripts/sync.py")
    require_shown(f"wsse = UsernameToken('ISU_HCM@acme', '{_alnum_key(12)}')\n", "integrations/workday.py")
    assert not_shown("wsse = UsernameToken(username, password)\n", "integrations/workday.py")


# --- probe of this round's changes (set 405) ---------------------------------------------------------------------------

def test_a_vue_components_script_is_code_not_prose() -> None:
    component = ("<template>\n  <video :src=\"streamUrl\" autoplay muted />\n</template>\n<script>\nexport default {\n"
                 "  data() {\n    return {\n      streamUrl: 'http://cam-gw.internal/mjpeg?res=720&user=ops&password=harbor10',\n"
                 "    };\n  },\n};\n</script>\n")
    require_shown(component, "web/src/components/LiveFeed.vue")


def test_a_key_that_signs_a_jwt_of_the_same_test_file_is_that_tests_key() -> None:
    key = random_chars(_R, 32, _HEX)
    token = _signed_jwt(key, {"sub": "user-7", "iat": 1700000000})
    test = f"const SECRET = '{key}';\nconst EXPECTED = '{token}';\n"
    assert not_shown(test, "test/session.test.ts")
    # in the application the key that signs a token is shown (so is the token)
    require_shown(f"const SECRET = '{key}';\nconst SERVICE_TOKEN = '{token}';\n", "src/session.ts")


def test_a_basic_value_concatenated_on_the_next_line_is_found() -> None:
    encoded = base64.b64encode(f"acquirer:{_alnum_key(18)}".encode()).decode()
    require_shown(f"const auth = 'Basic ' +\n    '{encoded}';\n", "src/acquirer.js")


# --- browser extensions and desktop apps (set 407) ---------------------------------------------------------------------

def test_an_apple_app_specific_password_is_found_even_in_the_docs() -> None:
    password = "-".join(random_chars(_R, 4, string.ascii_lowercase) for _ in range(4))
    require_shown(f"APPLE_ID_PASSWORD={password}\n", "electron-builder.env")
    require_shown(f"3. The old notarisation password was shared in Slack: `APPLE_ID_PASSWORD={password}`\n",
                  "docs/release.md")
    assert not_shown("APPLE_ID_PASSWORD=abcd-efgh-ijkl-mnop\n", "electron-builder.env")


def test_a_sqlcipher_raw_key_in_a_constant_is_found_and_a_sql_blob_is_not() -> None:
    key = random_chars(_R, 64, _HEX)
    require_shown(f"const DB_KEY = \"x'{key}'\";\n", "src/main/index.ts")
    assert not_shown(f"INSERT INTO blobs VALUES (X'{key}');\n", "db/seed.sql")


def test_a_securestring_made_with_force_before_as_plain_text_is_found() -> None:
    require_shown(f"$pfx = ConvertTo-SecureString -String '{_alnum_key(14)}' -Force -AsPlainText\n", "install.ps1")


def test_a_jws_test_vectors_base64url_key_is_that_vectors_key() -> None:
    raw = bytes(_R.randrange(256) for _ in range(32))
    k, jws = _b64url(raw), _signed_jwt(raw, {"iss": "joe", "exp": 1300819380})
    vectors = f'module.exports.jws = [\n  {{\n    "key": "{k}",\n    "jws": "{jws}"\n  }},\n];\n'
    assert not_shown(vectors, "test/vectors.js")


def test_a_documented_token_response_is_a_sample_and_a_token_in_a_command_is_not() -> None:
    doc = (f'Response::\n\n    {{\n      "access_token":"{_alnum_key(20)}",\n      "refresh_token":"{_alnum_key(24)}",\n'
           '      "token_type":"Bearer"\n    }\n')
    assert not_shown(doc, "docs/oauth.rst")
    assert outcomes(f'    curl -H "Authorization: Bearer {_alnum_key(40)}" https://api.acme.example/v1/me\n',
                    "docs/oauth.rst") in (["confirmed"], ["pending"])


# --- streaming and gaming platforms, configuration templates (sets 408, 409) --------------------------------------------

def test_a_jwt_in_a_test_fixture_signed_with_a_named_test_key_is_a_stand_in() -> None:
    token = _signed_jwt("test-secret", {"sub": "test-user", "exp": 1600000000})
    assert not_shown(f'{{\n  "expired": "{token}"\n}}\n', "services/api/tests/fixtures/tokens.json")


def test_a_jwt_after_a_percent_encoded_separator_is_found() -> None:
    token = _signed_jwt(_alnum_key(32), {"sub": "76561198012345678", "aud": ["web"]})
    require_shown(f"Cookie: steamLoginSecure=76561198012345678%7C%7C{token}\n", "scripts/market.sh")


def test_a_steam_guard_shared_secret_and_an_obs_websocket_password_are_found() -> None:
    shared = base64.b64encode(bytes(_R.randrange(256) for _ in range(20))).decode()
    require_shown(f"  twoFactorCode: SteamTotp.generateAuthCode('{shared}') }});\n", "bot/index.js")
    require_shown(f'ws = obsws("localhost", 4455, "{_alnum_key(12)}")\n', "tools/scene_switcher.py")


# --- backup and storage tooling (set 410) ------------------------------------------------------------------------------

def test_minio_client_commands_with_a_percent_led_secret_or_a_new_users_secret_are_found() -> None:
    require_shown(f"      mc alias set local https://minio:9000 backupadmin '%F{_alnum_key(15)}' &&\n", "minio/docker-compose.yml")
    require_shown(f"      mc admin user add local velero {_alnum_key(24)} &&\n", "minio/docker-compose.yml")
    assert not_shown("mc alias set prod https://s3.example.com admin %MINIO_ROOT_PASSWORD%\n", "minio/setup.cmd")


def test_a_pgbackrest_azure_shared_key_is_found() -> None:
    key = base64.b64encode(bytes(_R.randrange(256) for _ in range(64))).decode()
    require_shown(f"[global]\nrepo2-type=azure\nrepo2-azure-key={key}\n", "pgbackrest/pgbackrest.conf")


def test_a_value_read_from_a_file_with_at_is_a_path() -> None:
    assert not_shown('  Password = "@/etc/bacula/clients/laptop.pw"\n', "bacula/bacula-dir.conf")


def test_a_session_parameter_naming_the_session_is_no_session_id() -> None:
    assert not_shown('curl -sk "$DSM/auth.cgi?api=SYNO.API.Auth&method=logout&session=HyperBackup&_sid=$SID"\n',
                     "synology/notify.sh")
    require_shown(f'curl -sk "https://shop.example.io/cart?session={random_chars(_R, 32, _HEX)}"\n', "scripts/cart.sh")


# --- probe 411, edge services (412), JVM and .NET repositories (413) ----------------------------------------------------

def test_an_apple_app_specific_password_named_in_prose_is_found() -> None:
    password = "-".join(random_chars(_R, 4, string.ascii_lowercase) for _ in range(4))
    require_shown(f"- Notarization password: {password} (app-specific, for the CI Apple ID)\n", "docs/release/macos.md")


def test_a_jwk_k_that_signs_the_jws_beside_it_in_a_test_is_that_vectors_key() -> None:
    raw = bytes(_R.randrange(256) for _ in range(32))
    k, jws = _b64url(raw), _signed_jwt(raw, {"iss": "joe"})
    vector = f'{{\n  "jwk": {{"kty": "oct", "k": "{k}"}},\n  "jws": "{jws}"\n}}\n'
    assert not_shown(vector, "services/auth/tests/fixtures/jws_vectors.json")


def test_rails_cookie_salts_are_no_secrets_and_a_plain_cookie_salt_is() -> None:
    assert not_shown(f'Rails.application.config.action_dispatch.encrypted_cookie_salt = "{random_chars(_R, 32, _HEX)}"\n',
                     "config/initializers/cookies.rb")
    # a CMS's cookie_salt is the key its cookies are signed with
    require_shown(f"$config['cookie_salt'] = '{_alnum_key(32)}';\n", "application/config/config.php")


def test_a_steam_trade_offer_links_token_is_public() -> None:
    assert not_shown(f'  "tradeUrl": "https://steamcommunity.com/tradeoffer/new/?partner=1234567&token={_alnum_key(8)}",\n',
                     "bots/steam-trader/config.json")


def test_secret_options_given_with_a_space_and_custom_token_headers_are_found() -> None:
    require_shown(f'zitadel start-from-init --masterkey "{_alnum_key(32)}" --tlsMode disabled\n', "scripts/steps.sh")
    require_shown(f"headscale nodes register --user ops --preauthkey {random_chars(_R, 48, _HEX)}\n", "scripts/preauth.sh")
    require_shown(f'deck gateway sync kong.yaml --headers "Kong-Admin-Token:{_alnum_key(32)}"\n', "scripts/deck.sh")


def test_a_zerotier_identity_with_its_private_key_is_found_and_the_public_one_is_not() -> None:
    address, public, private = random_chars(_R, 10, _HEX), random_chars(_R, 128, _HEX), random_chars(_R, 128, _HEX)
    require_shown(f"{address}:0:{public}:{private}\n", "zerotier/identity.secret")
    assert not_shown(f"{address}:0:{public}\n", "zerotier/identity.public")


def test_a_password_given_to_a_command_inside_a_groovy_string_is_a_literal() -> None:
    require_shown("                sh 'docker login -u shopdeploy -p Copper_Lake93 registry.shop.io'\n", "Jenkinsfile")


def test_a_google_app_password_in_four_groups_is_found() -> None:
    password = " ".join(random_chars(_R, 4, string.ascii_lowercase) for _ in range(4))
    require_shown(f'    password: "{password}"\n', "src/main/resources/application-production.yml")
    assert not_shown('    password: "xxxx xxxx xxxx xxxx"\n', "src/main/resources/application-production.yml")


# --- workflow platforms, microservices, research repositories (sets 414-416) --------------------------------------------

def test_an_expired_jwt_in_a_test_is_a_fixture_and_in_config_it_is_shown() -> None:
    token = hs256_jwt(_R, {"sub": "svc-search", "exp": 1500000000})
    assert not_shown(f'# a token that expired long ago\nEXPIRED = "{token}"\n', "services/search/tests/conftest.py")
    assert outcomes(f"SEARCH_TOKEN={token}\n", "deploy/search.env") in (["confirmed"], ["pending"])


def test_a_fixture_word_in_the_owners_name_does_not_make_the_password_a_fixture() -> None:
    require_shown("c.DummyAuthenticator.password = 'lantern-orbit-pebble-canyon'\n", "deploy/jupyterhub/jupyterhub_config.py")
    assert not_shown(f"config.fakePassword = '{_alnum_key(12)}'\n", "src/settings.js")


def test_a_csrf_signing_secret_is_no_anti_forgery_token() -> None:
    require_shown(f"  csrf_secret: {_alnum_key(32)}\n", "config.yaml")
    assert not_shown(f'<input type="hidden" name="csrf_token" value="{_alnum_key(32)}">\n', "templates/form.html")


def test_deploy_and_activation_key_names_are_secret_names() -> None:
    require_shown(f'  "deployKey": "{_alnum_key(32)}",\n', ".zapierrc")
    require_shown(f"LICENSE_ACTIVATION_KEY={_alnum_key(32)}\n", "n8n.env")


def test_a_literal_wrapped_in_a_secret_type_is_found() -> None:
    require_shown(f'Secret(value="{_alnum_key(32)}").save("github-token", overwrite=True)\n', "flows/setup.py")
    assert not_shown('    api_key: SecretStr = SecretStr(os.environ["API_KEY"])\n', "app/settings.py")


def test_a_lone_capital_marker_inside_a_private_keys_body_is_chance() -> None:
    body = base64.b64encode(bytes(_R.randrange(256) for _ in range(1190))).decode()
    body = body[:400] + "xFAKE1" + body[406:]  # as random base64 spells it about once in 10^4 keys
    lines = "\n".join(body[i:i + 64] for i in range(0, len(body), 64))
    require_shown(f"const signer = `-----BEGIN PRIVATE KEY-----\n{lines}\n-----END PRIVATE KEY-----`;\n", "src/jwks_signer.ts")


# --- developer machines and CI runners (set 418) -----------------------------------------------------------------------

def test_a_client_variable_holding_its_engines_default_password_is_a_default() -> None:
    assert not_shown('ENV["PGPASSWORD"] ||= "postgres"\n', "bin/setup")


def test_a_mysqldump_password_between_escaped_quotes_is_found() -> None:
    require_shown(f"    run('mysqldump -uportal -p\\'{_alnum_key(12)}\\' portal | gzip > /backups/portal.sql.gz');\n",
                  "deploy.php")


# --- probe 419, agent configs (420), containers (421) ------------------------------------------------------------------

def test_a_fixture_word_in_a_provider_tokens_owner_does_not_make_it_a_fixture() -> None:
    from tests.support.tokens import github_pat
    require_shown(f'FakeGitHub.token = "{github_pat(_R.randrange(10**6))}"\n', "tests/test_sync.py")
    assert not_shown(f'FAKE_GITHUB_TOKEN = "{github_pat(_R.randrange(10**6))}"\n', "tests/test_sync.py")


def test_an_aws_key_id_whose_body_opens_with_test_is_a_fixture() -> None:
    assert not_shown(f'const keyID = "AKIATEST{random_chars(_R, 12, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")}"\n', "internal/aws/sign_test.go")


def test_the_test_environments_own_config_is_a_test_place() -> None:
    assert not_shown("admin_password: test1234\n", "services/billing/config/test.yml")
    assert outcomes(f"admin_password: {_alnum_key(14)}\n", "services/billing/config/production.yml") in (["confirmed"], ["pending"])


def test_a_pass_phrase_in_a_password_flag_is_kept() -> None:
    require_shown('    command: ["redis-server", "--requirepass", "copper-falcon-river-tiger"]\n', "docker-compose.yml")


def test_a_pgbackrest_azure_key_as_a_command_line_option_is_found() -> None:
    key = base64.b64encode(bytes(_R.randrange(256) for _ in range(64))).decode()
    require_shown(f'pgbackrest --stanza=main "--repo1-azure-key={key}" backup\n', "scripts/backup.sh")


def test_a_nix_binary_cache_secret_key_is_found_and_its_public_key_is_not() -> None:
    secret = base64.b64encode(bytes(_R.randrange(256) for _ in range(64))).decode()
    public = base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
    require_shown(f"# secret-key-files contents: acme-cache-1:{secret}\n", "nix/flake.nix")
    assert not_shown(f'  trusted-public-keys = [ "acme-cache-1:{public}" ];\n', "nix/flake.nix")


def test_a_session_id_parameter_and_an_admin_pair_constant_are_found() -> None:
    require_shown(f'DOWNLOAD = f"{{NAS}}/webapi/entry.cgi?api=SYNO.FileStation.Download&path=/backup&_sid={_alnum_key(28)}"\n',
                  "scripts/ops_tools.py")
    require_shown(f'FALLBACK_ADMIN = ("admin", "{_alnum_key(10)}!")  # TODO remove before open-sourcing\n',
                  "scripts/rotate_registry_creds.py")
    assert not_shown('ADMIN_ROUTES = ("admin", "dashboard")\n', "app/routes.py")


# --- mobile SDK keys (423), CLI tools' credential stores (424) ----------------------------------------------------------

def test_adjust_app_tokens_and_appsflyer_dev_keys_ship_in_the_app() -> None:
    assert not_shown(f'    static let adjustAppToken = "{random_chars(_R, 12, "abcdefghijklmnopqrstuvwxyz0123456789")}"\n',
                     "ios/App/Sources/AnalyticsService.swift")
    assert not_shown(f'    static let appsFlyerDevKey = "{_alnum_key(22)}"\n', "ios/App/Sources/AnalyticsService.swift")
    require_shown(f'ADJUST_API_TOKEN = "{_alnum_key(32)}"\n', "services/attribution/settings.py")


def test_the_null_guid_auth_of_an_azure_registry_is_no_login() -> None:
    auth = base64.b64encode(b"00000000-0000-0000-0000-000000000000:").decode()
    assert not_shown(f'{{\n  "auths": {{\n    "acme.azurecr.io": {{\n      "auth": "{auth}",\n'
                     f'      "identitytoken": "x"\n    }}\n  }}\n}}\n', "home/.docker/config.json")
    real = base64.b64encode(f"ci-bot:{_alnum_key(20)}".encode()).decode()
    require_shown(f'{{\n  "auths": {{\n    "acme.azurecr.io": {{\n      "auth": "{real}"\n    }}\n  }}\n}}\n',
                  "home/.docker/config.json")
