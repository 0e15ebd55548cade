"""Follow-ups of red-team sets 647 onwards, and of misses left from earlier stops: key blocks pasted into comments.
Values are drawn at run time; failures name the file and the statuses, never the value (PYTEST_DONT_REWRITE: plain
asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import random

import pytest

from secretloop.loops.commented_block_view import commented_blocks
from secretloop.loops.office_text_view import office_text
from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_found as _found, rule_ids as _rules
from tests.support.tokens import random_uuid, typed_password

_R = random.Random(647)


# --- key blocks in comments (left from earlier stops: "commented PEM blocks") ----------------------------------------

def _pem(label: str = "RSA PRIVATE KEY", size: int = 1190) -> list[str]:
    body = base64.b64encode(bytes([0x30, 0x82, 0x04, 0xA2]) + bytes(_R.randrange(256) for _ in range(size))).decode()
    return [f"-----BEGIN {label}-----", *(body[i:i + 64] for i in range(0, len(body), 64)), f"-----END {label}-----"]


@pytest.mark.parametrize("path, before, marker, after", [
    ("deploy/rotate.py", "import os\n# the old deploy key, kept for reference:\n", "# ", 'KEY_PATH = "/etc/deploy.pem"\n'),
    ("src/sign.c", "/*\n", " * ", " */\nint sign(void);\n"),
    ("db/seed.sql", "-- service key\n", "-- ", "INSERT INTO t VALUES (1);\n"),
    ("conf/app.ini", "[keys]\n", "; ", "path = /etc/app.pem\n"),
    ("docs/handover.md", "The key Sam asked for:\n\n", "> ", "\nThanks!\n"),
    ("src/Sign.bas", "Attribute VB_Name = \"Sign\"\n", "' ", "Public Sub Go()\nEnd Sub\n"),
])
def test_a_private_key_pasted_into_comments_is_shown(path: str, before: str, marker: str, after: str) -> None:
    block = "".join(f"{marker}{line}\n" for line in _pem())
    text = before + block + after
    assert "private-key-rsa" in _rules(text, path), path
    statuses = outcomes(text, path)
    assert any(s in ("confirmed", "pending") for s in statuses), (path, statuses)


def test_a_commented_key_is_reported_on_its_own_lines() -> None:
    lines = _pem("PRIVATE KEY")
    text = "#!/bin/sh\n# deploy key:\n" + "".join(f"#   {line}\n" for line in lines) + "scp app host:\n"
    views = commented_blocks(text, "deploy.sh")
    assert len(views) == 1 and "#" not in views[0].text.split("\n", 1)[1]
    from tests.loops.test_fp_corpus_classes import SCANNER
    found = [c for c in SCANNER.scan_text(text, 0, "deploy.sh") if c.rule_id == "private-key-pkcs8"]
    assert [(c.start_line, c.end_line) for c in found] == [(3, 2 + len(lines))]


def test_public_blocks_and_cut_short_keys_in_comments_are_not_shown() -> None:
    public = "".join(f"# {line}\n" for line in _pem("PUBLIC KEY", 260))
    assert not_shown("import jwt\n" + public + "VERIFY = True\n", "auth/verify.py")
    elided = "# -----BEGIN RSA PRIVATE KEY-----\n# MIIEpAIBAAKCAQEA\n# ...\n# -----END RSA PRIVATE KEY-----\n"
    assert not_shown("# example of the format:\n" + elided, "docs/keys.py")


def test_a_block_not_commented_is_left_to_the_file_as_written() -> None:
    text = "\n".join(_pem()) + "\n"
    assert commented_blocks(text, "server.key") == []
    # base64 lines may start with a slash: an uncommented body is never cut
    assert commented_blocks("x = 1\n", "a.py") == []


# --- office documents kept as their unzipped XML (set 595 of an earlier stop) -----------------------------------------

_W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def _docx(paragraphs: list[list[str]]) -> str:
    """word/document.xml as Word writes it: one line, each paragraph's text cut into runs."""
    body = "".join('<w:p w:rsidR="00A1B2C3"><w:pPr><w:pStyle w:val="Normal"/></w:pPr>'
                   + "".join(f'<w:r><w:rPr><w:lang w:val="en-GB"/></w:rPr><w:t xml:space="preserve">{run}</w:t></w:r>'
                             for run in runs) + "</w:p>" for runs in paragraphs)
    return f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<w:document {_W}><w:body>{body}</w:body></w:document>'


def test_a_key_block_pasted_into_word_is_found() -> None:
    lines = _pem()
    text = _docx([["Handover notes"], ["The signing key:"], *([line] for line in lines), ["Rotate after use."]])
    assert "private-key-rsa" in _rules(text, "docs/handover/word/document.xml")


def test_a_password_cut_into_runs_is_read_as_the_reader_sees_it() -> None:
    password = typed_password(_R)
    half = len(password) // 2
    text = _docx([["Staging database"], ["Pass", "word: ", password[:half], password[half:]], ["Ask Ops for access."]])
    _found(text, "docs/runbook/word/document.xml")


def test_slides_text_is_read_too() -> None:
    token = "ghp_" + "".join(_R.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") for _ in range(36))
    slide = ('<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody>'
             f'<a:p><a:r><a:t>CI token: {token[:10]}</a:t></a:r><a:r><a:rPr b="1"/><a:t>{token[10:]}</a:t></a:r></a:p>'
             '</p:txBody></p:sp></p:spTree></p:cSld></p:sld>')
    assert outcomes(slide, "deck/ppt/slides/slide3.xml"), "nothing found in the slide"


def test_xml_that_is_no_office_part_has_no_text_view() -> None:
    assert office_text('<resources><string name="app_name">Shop</string></resources>\n', "res/values/strings.xml") is None
    assert office_text(_docx([["a"]]), "notes/document.txt") is None
    view = office_text(_docx([["Hello, ", "world"], ["Bye"]]), "word/document.xml")
    assert view is not None and view.text == "Hello, world\nBye\n"


# --- payments of Latin America (set 647) -------------------------------------------------------------------------------

_HEX = "0123456789abcdef"
_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _draw(n: int, alphabet: str = _ALNUM) -> str:
    return "".join(_R.choice(alphabet) for _ in range(n))


def test_an_asaas_key_is_no_variable_for_its_dollar() -> None:
    key = "$aact_prod_" + base64.b64encode(bytes(_R.randrange(256) for _ in range(90))).decode().rstrip("=")
    _found(f"const ASAAS_API_KEY = '{key}';\n", "src/asaas.ts", "asaas-api-key")
    _found(f"    environment:\n      ASAAS_TOKEN: ${key}\n", "docker-compose.yml", "asaas-api-key")


def test_wompi_private_keys_and_secrets_are_found_and_its_public_key_is_not() -> None:
    _found(f"const WOMPI_PRV = 'prv_test_{_draw(32)}';\n", "src/wompi.js", "wompi-private-key")
    _found(f"WOMPI_INTEGRITY=prod_integrity_{_draw(32)}\n", ".env", "wompi-private-key")
    assert "wompi-private-key" not in _rules(f"WOMPI_PUB=pub_prod_{_draw(32)}\n", ".env")


def test_a_mercado_pago_test_token_is_found_like_a_production_one() -> None:
    digits = "0123456789"
    token = f"TEST-{_draw(16, digits)}-{_draw(6, digits)}-{_draw(32, _HEX)}-{_draw(9, digits)}"
    _found(f'MercadoPagoConfig.AccessToken = "{token}";\n', "Payments/MpClient.cs", "mercadopago-test-access-token")


def test_an_openpay_private_key_given_to_its_client_is_found() -> None:
    _found(f'var api = new OpenpayAPI("sk_{_draw(32, _HEX)}", "m{_draw(19, "abcdefghijklmnopqrstuvwxyz0123456789")}");\n',
           "Billing/Cobro.cs", "openpay-private-key")


def test_an_ebanx_integration_key_in_a_php_array_is_found() -> None:
    _found(f"return [\n    'integrationKey' => 'live_ik_{_draw(30)}',\n    'testMode' => false,\n];\n", "config/ebanx.php")


def test_public_client_keys_of_kakao_and_pagarme_are_not_shown() -> None:
    assert not_shown(f"const NATIVE_APP_KEY = '{_draw(32, _HEX)}';\n", "src/kakao.js")
    assert not_shown(f"const pagarme = {{ encryption_key: 'ek_live_{_draw(30)}' }};\n", "src/checkout.js")


# --- secrets managers and creator platforms (sets 648, 649) ------------------------------------------------------------

def test_a_random_default_of_a_shell_variable_is_kept_and_a_worded_one_is_not() -> None:
    key = _draw(64, _HEX)
    _found(f'export DOTENV_PRIVATE_KEY_PRODUCTION="${{DOTENV_PRIVATE_KEY_PRODUCTION:-{key}}}"\n', "docker-entrypoint.sh")
    assert not_shown('export DB_PASSWORD="${DB_PASSWORD:-postgres}"\n', "docker-entrypoint.sh")
    assert not_shown('export API_TOKEN="${API_TOKEN}"\n', "docker-entrypoint.sh")


def test_dotenv_vault_and_dotenvx_keys_are_found_by_their_format() -> None:
    _found(f"DOTENV_ME=me_{_draw(64, _HEX)}\n", ".env.me", "dotenv-vault-key")
    _found(f"DOTENV_PRIVATE_KEY_CI={_draw(64, _HEX)}\n", ".env.keys", "dotenv-vault-key")


def test_an_approle_secret_id_under_camel_case_names_is_found() -> None:
    text = f'const roleID = "{random_uuid(_R)}"\nconst secretID = "{random_uuid(_R)}"\n'
    _found(text, "scripts/read_secret.go", "vault-approle-secret-id")


def test_a_secret_typed_into_akeyless_or_infisical_is_found() -> None:
    _found(f"akeyless create-secret --name /prod/db --value '{typed_password(_R)}'\n", "ops/seed.sh", "cli-secret-set-value")
    _found(f"infisical secrets set STRIPE_KEY={_draw(28)} --env=prod\n", "ops/seed.sh", "cli-secret-set-value")


def test_keeper_commander_clone_code_and_ghost_admin_key_in_a_header_are_found() -> None:
    code = base64.urlsafe_b64encode(bytes(_R.randrange(256) for _ in range(64))).decode().rstrip("=")
    _found(f'{{\n  "user": "ops@example.com",\n  "clone_code": "{code}"\n}}\n', "keeper/commander.json",
           "keeper-commander-clone-code")
    header = f"curl -H \"Authorization: Ghost {_draw(24, _HEX)}:{_draw(64, _HEX)}\" https://blog.example.com/ghost/api/admin/\n"
    _found(header, "scripts/export.sh", "ghost-admin-api-key")


def test_a_secret_word_fallback_is_found() -> None:
    _found(f"  secretword: process.env.THRIVECART_SECRET_WORD || '{_draw(16, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}',\n",
           "src/config.js", "js-env-default-secret")


# --- Terraform of SaaS providers and monorepo env files (sets 650, 651) ------------------------------------------------

def test_a_recovery_answer_is_a_password() -> None:
    _found(f'resource "okta_user" "svc" {{\n  login = "svc@example.com"\n  recovery_answer = "{_draw(12, "abcdefghijklmnopqrstuvwxyz")}"\n}}\n',
           "okta/users.tf", "security-answer-assignment")
    assert not_shown('  recovery_answer = var.recovery_answer\n', "okta/users.tf")


def test_a_cloudflare_worker_secret_binding_and_a_go_client_token_are_found() -> None:
    tf = (f'resource "cloudflare_workers_script" "edge" {{\n  name = "edge"\n  secret_text_binding {{\n'
          f'    name = "UPSTREAM_TOKEN"\n    text = "{_draw(40)}"\n  }}\n}}\n')
    _found(tf, "infra/workers.tf", "hcl-name-value-block-secret")
    _found(f'\tapi, err := cloudflare.NewWithAPIToken("{_draw(40)}")\n', "tools/seed/main.go", "cloudflare-go-client-token")


def test_a_redis_password_in_an_exec_form_healthcheck_is_found() -> None:
    text = f'    healthcheck:\n      test: ["CMD", "redis-cli", "-a", "{typed_password(_R)}", "ping"]\n'
    _found(text, "deploy/docker-compose.prod.yml", "redis-cli-password")


def test_a_security_answer_label_in_a_message_catalogue_is_no_answer() -> None:
    assert not_shown('{\n  "SECURITY_QUESTION": "Pertanyaan keamanan",\n  "SECURITY_ANSWER": "Jawaban",\n}\n', "src/assets/i18n/id.json")


# --- deploy platforms, AI media APIs, JVM services, vertical SaaS and the probe of this stop (sets 653-657) ----------

def test_a_secret_given_to_koyeb_and_an_app_spec_secret_after_its_type_are_found() -> None:
    _found(f"\tkoyeb secret create SMTP_PASSWORD --value '{typed_password(_R)}'\n", "Makefile", "cli-secret-set-value")
    spec = f"envs:\n  - key: SESSION_SECRET\n    type: SECRET\n    scope: RUN_TIME\n    value: {_draw(40)}\n"
    _found(spec, ".do/app.yaml", "yaml-name-value-secret")


def test_an_app_platform_value_once_encrypted_is_not_shown() -> None:
    b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    spec = f"envs:\n  - key: SESSION_SECRET\n    type: SECRET\n    value: EV[1:{_draw(32, b64)}:{_draw(60, b64)}]\n"
    assert not_shown(spec, ".do/app.yaml")


def test_a_secret_in_a_multi_line_map_of_is_found() -> None:
    text = (f'Map<String, String> body = Map.of(\n    "clientId", "{_draw(32)}",\n    "clientSecret", "{_draw(48)}",\n'
            f'    "userAccessType", "TOAST_MACHINE_CLIENT");\n')
    _found(text, "src/main/java/ToastAuth.java", "name-value-argument-secret")


def test_a_dev_profile_password_that_repeats_the_user_name_is_not_shown() -> None:
    text = ("quarkus.datasource.db-kind=postgresql\nquarkus.datasource.username=catalog\n"
            "%dev.quarkus.datasource.jdbc.url=jdbc:postgresql://localhost:5432/catalog\n%dev.quarkus.datasource.password=catalog\n")
    assert not_shown(text, "src/main/resources/application.properties")


def test_a_secret_word_in_a_php_array_is_found() -> None:
    _found(f"return [\n    'sid' => '250{_draw(6, '0123456789')}',\n    'secretword' => '{typed_password(_R)}',\n];\n",
           "config/twocheckout.php")


def test_an_approle_secret_id_given_to_the_go_sdk_is_found() -> None:
    _found(f'\tsecretID := &approle.SecretID{{FromString: "{random_uuid(_R)}"}}\n', "auth/login.go", "vault-approle-secret-id")


def test_public_keys_of_wompi_openpay_and_ghost_content_are_not_shown() -> None:
    assert not_shown(f"WOMPI_PUBLIC_KEY = 'pub_prod_{_draw(32)}'\n", "payments/views.py")
    assert not_shown(f"OpenPay.setApiKey('pk_{_draw(32, _HEX)}');\n", "public/pay.js")
    assert not_shown(f'curl "https://blog.example.com/ghost/api/content/posts/?key={_draw(26, _HEX)}"\n', "publish.sh")
    assert not_shown(f'GHOST_CONTENT_KEY = "{_draw(26, _HEX)}"\n', "ghost_client.py")


@pytest.mark.parametrize("marker, path", [("-- ", "db/seed.sql"), ("> ", "RUNBOOK.md"), ("// ", "src/keys.js"), ("", "docs/keys.txt")])
def test_a_key_block_cut_short_by_an_ellipsis_is_not_shown(marker: str, path: str) -> None:
    # (a body of made-up base64: no DER header says how long the key would be, as elided_key_block reads it)
    body = base64.b64encode(bytes(_R.randrange(256) for _ in range(96))).decode()
    lines = ["-----BEGIN EC PRIVATE KEY-----", body[:64], body[64:], "...", "-----END EC PRIVATE KEY-----"]
    text = "Example of the format:\n" + "".join(f"{marker}{line}\n" for line in lines)
    assert not_shown(text, path), path
    whole = "Example of the format:\n" + "".join(f"{marker}{line}\n" for line in _pem("EC PRIVATE KEY", 300))
    assert not not_shown(whole, path), path


def test_a_key_in_a_bare_x_key_header_is_found() -> None:
    text = f'curl -X POST https://api.example.ai/v1/generate -H "x-key: {_draw(8, _HEX)}-{_draw(4, _HEX)}-{_draw(4, _HEX)}-{_draw(12, _HEX)}"\n'
    _found(text, "scripts/flux.sh", "api-key-header")


def test_a_docusign_integration_key_is_its_client_id() -> None:
    assert not_shown(f'{{\n  "integrationKey": "{random_uuid(_R)}",\n  "userId": "{random_uuid(_R)}"\n}}\n', "config/docusign.json")


def test_a_stand_in_that_starts_with_test_still_reads_as_words() -> None:
    # (TEST- begins Mercado Pago's test tokens: as a format's prefix it would hide that test-api-key is words)
    assert not_shown("export BYBIT_API_KEY_BACKUP='test-api-key'\n", "deploy.sh")


# --- warehouses, CredData-style projects, secrets by reference (sets 658-662) -----------------------------------------

def test_a_secret_in_sql_create_secret_is_found() -> None:
    _found(f"CREATE SECRET kafka_password AS '{typed_password(_R)}';\n", "materialize/sources.sql", "sql-create-secret")
    duck = (f"CREATE PERSISTENT SECRET lake (\n    TYPE s3,\n    KEY_ID 'AKIA{_draw(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}',\n"
            f"    SECRET '{_draw(40)}',\n    REGION 'eu-west-1'\n);\n")
    assert "sql-create-secret" in _rules(duck, "notebooks/load.sql")
    assert not_shown("CREATE SECRET lake (TYPE s3, PROVIDER credential_chain);\n", "notebooks/load.sql")


def test_a_sauce_labs_key_and_a_rust_builder_password_are_found() -> None:
    _found(f"exports.config = {{\n  sauceUser: 'ci-bot',\n  sauceKey: '{random_uuid(_R)}',\n}};\n", "protractor.conf.js",
           "saucelabs-access-key")
    _found(f'    let client = Client::default()\n        .with_user("etl")\n        .with_password("{typed_password(_R)}");\n',
           "src/client.rs", "credential-setter-call")


def test_a_secret_managers_data_source_names_its_secret() -> None:
    text = 'data "google_secret_manager_secret_version" "api" {\n  secret  = "ledger-api-key"\n  version = "latest"\n}\n'
    assert not_shown(text, "infra/main.tf")


def test_an_unquoted_phrase_in_a_dotenv_file_is_no_command() -> None:
    assert not_shown("NODE_ENV=test\nSESSION_SECRET=purple walrus\n", ".env.test")
    # a shell script's line runs the command with the variable set: the value is a credential
    _found(f"DB_PASSWORD={typed_password(_R)} ./migrate.sh up\n", "scripts/deploy.sh", "env-prefix-secret")


@pytest.mark.parametrize("line, path", [
    ('    public static final String PASSWORD_RESET_KEY = "pwreset:%s";\n', "src/main/java/CacheKeys.java"),
    ('const passwordResetKey = "pwreset:%s:%d"\n', "cache/keys.go"),
])
def test_a_store_key_template_under_a_password_name_is_no_password(line: str, path: str) -> None:
    assert not_shown(line, path)



def test_an_approle_pair_left_in_comments_is_found() -> None:
    text = f'path "database/creds/warehouse" {{\n  capabilities = ["read"]\n}}\n# role_id = {random_uuid(_R)}\n# secret_id = {random_uuid(_R)}\n'
    _found(text, "infra/vault.hcl", "vault-approle-secret-id")


# --- identity APIs, store publishing, monitoring agents and the second probe (sets 663-667) ----------------------------

def test_a_keycloak_import_users_password_without_temporary_is_found() -> None:
    text = (f'{{\n  "realm": "acme",\n  "users": [{{"username": "svc-sync", "credentials": [{{"type": "password",\n'
            f'    "value": "{typed_password(_R)}"}}]}}]\n}}\n')
    _found(text, "keycloak/realm-export.json", "keycloak-user-credential-value")


def test_passwords_in_monitoring_agents_command_lines_are_found() -> None:
    _found(f"UserParameter=mysql.ping,mysqladmin -umonitor -p'{typed_password(_R)}' ping | grep -c alive\n",
           "zabbix_agentd.d/mysql.conf", "mysql-cli-password")
    _found(f"command[check_db]=/usr/lib/nagios/plugins/check_mysql -H db1 -u nagios -p {typed_password(_R)}\n",
           "nrpe.cfg", "nagios-command-line-password-flag")


def test_telegraf_secret_store_references_and_steam_keyvalues_are_not_shown() -> None:
    assert not_shown('[[inputs.mysql]]\n  password = "@{vault:db_password}"\n', "telegraf.conf")
    vdf = '"InstallConfigStore"\n{\n\t"Software"\n\t{\n\t\t"SteamID"\t\t"7656119' + _draw(10, "0123456789") + '"\n\t}\n}\n'
    assert not_shown(vdf, "steam_deploy/config.vdf")


def test_a_token_gid_and_an_auth_state_are_no_credentials() -> None:
    assert not_shown(f'{{"token_gid": "{_draw(16, _HEX)}", "steamid": 765611980{_draw(8, "0123456789")}}}\n', "ci/bot.maFile")
    assert not_shown('authState = pending\n', "conf/app.conf")


def test_an_opsgenie_integration_key_stays_shown_and_a_base64_decoded_secret_is_found() -> None:
    _found(f"OPSGENIE_INTEGRATION_KEY={random_uuid(_R)}\n", ".env")
    raw = base64.b64encode(typed_password(_R).encode()).decode()
    _found(f"CREATE SECRET kafka_password AS decode('{raw}', 'base64');\n", "materialize/secrets.sql", "sql-create-secret")


def test_name_value_pairs_split_over_lines_are_found() -> None:
    _found(f'p.put("mail.smtp.password",\n      "{typed_password(_R)}");\n', "src/Mailer.java")
    _found(f'val headers = ImmutableMap.of(\n    "X-Auth-Token",\n    "{_draw(40)}")\n', "src/Client.kt")


def test_a_diceware_phrase_in_a_dotenv_file_stays_shown_and_an_instruction_does_not() -> None:
    _found("GPG_PASSPHRASE=lantern orbit cedar thistle\n", ".env")
    assert not_shown("JWT_SECRET=change this to something random\n", ".env")


def test_a_quarkus_profile_secret_is_found() -> None:
    _found(f"%prod.quarkus.oidc.credentials.secret={_draw(32)}\n", "src/main/resources/application.properties")


# --- HR platforms, PHP projects, C and C++, Helm charts, shipping APIs (sets 668-672) ---------------------------------

def test_an_api_key_as_a_urls_user_with_a_dummy_password_is_found() -> None:
    _found(f'curl -s "https://{_draw(40, _HEX)}:x@api.bamboohr.com/api/gateway.php/acme/v1/meta/fields"\n', "sync.sh",
           "url-token-as-user")


def test_a_dotted_password_with_a_year_and_letters_is_kept() -> None:
    _found(f"        'password' => Hash::make('Summer.Breeze20{_draw(2, '0123456789')}{_draw(2, 'abcdefghijklmnopqrstuvwxyz')}'),\n",
           "database/seeders/UserSeeder.php")


def test_a_company_named_pass_constant_is_no_render_pass() -> None:
    _found(f"CANADA_POST_PASS = '{typed_password(_R)}'\n", "lib/canadapost.rb")


def test_an_eloquent_hashed_cast_is_no_password() -> None:
    assert not_shown("class User extends Model\n{\n    protected $casts = ['password' => 'hashed', 'email_verified_at' => "
                     "'datetime'];\n}\n", "app/Models/User.php")


def test_an_aes_key_constant_is_found() -> None:
    key = base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
    _found(f'static const char* SaveAesKeyB64 = "{key}";\n', "src/save/crypto.cpp", "aes-key-assignment")
