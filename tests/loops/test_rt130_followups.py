"""Follow-ups of red-team sets 130-134 (student projects, encoded and escaped credentials, web3 repositories, recorded
HTTP traffic, gitleaks-style look-alikes): shapes they showed missed or misread. Values are drawn at run time;
failures name the file and the statuses, never the value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import base64
import json
import random
import string

from secretloop.loops.continuation_view import joined_text
from secretloop.loops.features import build_features
from tests.loops.test_fp_corpus_classes import SCANNER, hidden, not_shown, outcomes, require_shown
from tests.support.tokens import random_chars

_R = random.Random(130)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def _pw() -> str:
    return random_chars(_R, 6, _ALNUM) + "#" + random_chars(_R, 5, _ALNUM) + "4k"


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


# --- web3 repositories (set 132) -----------------------------------------------------------------------------------

def test_an_evm_key_on_a_command_line_is_found() -> None:
    key = "0x" + random_chars(_R, 64, _HEX)
    require_shown(f'cast send $TOKEN "mint()" --rpc-url https://rpc.sepolia.org --private-key {key}\n', "deploy.sh")
    require_shown(f"services:\n  ganache:\n    command:\n      - --wallet.accounts={key},1000000000000000000000\n",
                  "docker-compose.yml")
    assert not_shown('forge script Deploy --private-key "$PRIVATE_KEY" --broadcast\n', "deploy.sh")


def test_an_evm_key_under_a_role_name_is_found_but_not_a_libsodium_public_key() -> None:
    key = random_chars(_R, 64, _HEX)
    require_shown(f'{{\n  "relayerKey": "{key}"\n}}\n', "config/mainnet.json")
    require_shown(f"contract T is Test {{\n    uint256 constant ORACLE_SIGNER_PK = 0x{key};\n}}\n", "test/Amm.t.sol")
    require_shown(f"    return accounts.add(\"0x{key}\")\n", "scripts/helpful_scripts.py")
    assert not_shown(f'static const char *ed_pk = "{key}";\n', "tests/kex_vectors.c")


def test_rpc_provider_keys_in_urls_and_names_are_found() -> None:
    require_shown(f'{{"rpc": "wss://frosty-hill.bsc.quiknode.pro/{random_chars(_R, 40, _HEX)}/"}}\n', "config.json")
    require_shown(f"BSC_NODE=https://rpc.ankr.com/bsc/{random_chars(_R, 64, _HEX)}\n", ".env")
    require_shown(f"export WEB3_INFURA_PROJECT_ID={random_chars(_R, 32, _HEX)}\n", ".env")
    require_shown(f"ETH_URL=wss://eth-sepolia.g.alchemy.com/v2/{random_chars(_R, 32, _ALNUM)}\n", ".env")
    require_shown(f"NEXT_PUBLIC_ALCHEMY_ID={random_chars(_R, 32, _ALNUM)}\n", ".env.local")
    assert not_shown("RPC=https://rpc.ankr.com/eth\n", ".env")


def test_solana_keys_in_base58_and_under_any_json_name_are_found() -> None:
    secret = random_chars(_R, 88, _B58)
    require_shown(f"const payer = Keypair.fromSecretKey(bs58.decode('{secret}'))\n", "scripts/airdrop.ts")
    array = "[" + ",".join(str(_R.randrange(256)) for _ in range(64)) + "]\n"
    require_shown(array, "keys/deployer.json")
    assert not any(c.rule_id == "solana-keypair-file" for c in SCANNER.scan_text('{"bytes": ' + array + "}", 0,
                                                                               "keys/deployer.json"))


def test_a_polkadot_keyring_phrase_and_a_graph_deploy_key_are_found() -> None:
    words = " ".join(_R.choice(["orbit", "canvas", "ladder", "tundra", "pepper", "velvet", "quarry", "mosaic",
                                "ember", "falcon", "ripple", "glimpse"]) for _ in range(12))
    require_shown(f"const treasury = keyring.addFromUri('{words}');\n", "scripts/transfer.js")
    assert not_shown("const alice = keyring.addFromUri('//Alice');\n", "scripts/transfer.js")
    require_shown(f'{{"scripts": {{"auth": "graph auth --studio {random_chars(_R, 32, _HEX)}"}}}}\n', "package.json")


def test_a_chainlink_api_file_and_a_rocket_chat_webhook_are_found() -> None:
    require_shown(f"node-admin@oracle-ops.example\n{_pw()}\n", "chainlink-node/.api")
    url = f"https://chat.example.org/hooks/{random_chars(_R, 17, _ALNUM)}/{random_chars(_R, 48, _ALNUM)}"
    require_shown(f"curl -X POST -d '{{\"text\":\"deployed\"}}' {url}\n", "scripts/notify.sh")


# --- encoded, escaped and wrapped credentials (set 131) ------------------------------------------------------------

def test_a_properties_value_with_unicode_escapes_is_read_decoded_and_placed_on_its_line() -> None:
    password = _pw()
    escaped = "".join(f"\\u{ord(c):04x}" if i % 3 == 0 else c for i, c in enumerate(password))
    text = f"spring.datasource.url=jdbc\\:mysql\\://db\\:3306/app\nspring.datasource.password={escaped}\nserver.port=8080\n"
    view = joined_text(text, "src/main/resources/application.properties")
    assert view is not None and f"spring.datasource.password={password}\n" in view.text
    found = [(c.rule_id, c.start_line, c.start_col) for c in SCANNER.scan_text(text, 0, "src/main/resources/application.properties")]
    assert ("password-in-config-line", 2, len("spring.datasource.password=")) in found
    require_shown(text, "src/main/resources/application.properties")
    assert joined_text("a=1\nb=2\n", "app.properties") is None


def test_a_password_wrapped_in_an_encoding_call_is_found() -> None:
    require_shown(f'resource "x" "y" {{\n  db_password = base64encode("{_pw()}")\n}}\n', "terraform/main.tf")
    require_shown(f'    admin_password: SecretStr = SecretStr("{_pw()}")\n', "app/settings.py")


def test_a_hex_suffixed_define_is_found_and_a_public_key_array_is_not() -> None:
    require_shown(f'#define WIFI_PSK_HEX "{random_chars(_R, 24, _HEX)}"\n', "firmware/credentials.h")
    array = ", ".join(f"0x{_R.randrange(256):02x}" for _ in range(32))
    assert not_shown(f"static const uint8_t DEVICE_PUBKEY[] = {{ {array} }};\n", "firmware/credentials.h")


def test_settings_encoded_in_a_secret_hold_no_credential_unless_they_name_or_look_like_one() -> None:
    flags = _b64(json.dumps({"beta": True, "region": "eu-west-1", "timeout": 30}))
    assert hidden(f"apiVersion: v1\nkind: Secret\ndata:\n  FEATURE_FLAGS: {flags}\n", "deploy/k8s/secret.yaml")
    env = _b64(f"APP_ENV=prod\nDB_PASSWORD={_pw()}\n")
    require_shown(f"apiVersion: v1\nkind: Secret\ndata:\n  app.env: {env}\n", "deploy/k8s/secret.yaml")
    docker = _b64(json.dumps({"auths": {"registry.example.org": {"auth": _b64("ci:" + _pw())}}}))
    require_shown(f"apiVersion: v1\nkind: Secret\ndata:\n  .dockerconfigjson: {docker}\n", "deploy/k8s/pull.yaml")


def test_base64_of_a_stand_in_pair_is_not_shown() -> None:
    assert not_shown(f"BASIC_AUTH={_b64('user:password')}\n", ".env.example")


# --- recorded traffic and gitleaks-style look-alikes (sets 133, 134) ---------------------------------------------

def test_xml_elements_named_for_secret_and_hmac_keys_are_found() -> None:
    require_shown(f"<security>\n  <secretKey>{random_chars(_R, 24, _ALNUM)}</secretKey>\n</security>\n",
                  "src/main/resources/settings.xml")
    require_shown(f"<hmacKey>{random_chars(_R, 24, _ALNUM)}</hmacKey>\n", "src/main/resources/application.xml")


def test_a_key_fingerprint_is_not_a_key() -> None:
    fingerprint = "SHA256:" + random_chars(_R, 43, _ALNUM + "+/")
    assert not_shown(f'{{\n  "apiKeyFingerprint": "{fingerprint}"\n}}\n', "pacts/billing.json")


def test_a_placeholder_that_spells_its_size_and_kind_is_not_shown() -> None:
    assert not_shown("EMAIL_PASS=your-16-char-app-password\n", "server/.env.example")


# --- code commented out is code (set 130) ---------------------------------------------------------------------------

def _in_comment(text: str, path: str) -> bool:
    at = text.index("VALUE")
    return build_features("VALUE", text, at, at + 5, path, "low").in_comment


def test_code_commented_out_in_a_program_is_read_as_code_but_a_config_files_comments_are_comments() -> None:
    assert not _in_comment('//con = DriverManager.getConnection(url, "root", "VALUE");\n', "src/dao/ProductDAO.java")
    assert not _in_comment('# PASSWORD = "VALUE"  # old\n', "mail/send_mail.py")
    assert _in_comment("# the password is VALUE, e.g. for the demo\n", "mail/send_mail.py")
    assert _in_comment('  # password = "VALUE"\n', "telegraf/telegraf.conf")
    assert _in_comment('# PASSWORD = "VALUE"\n', "tests/test_mail.py")


def test_an_env_file_in_a_json_string_with_doubled_escapes_is_read() -> None:
    require_shown('{\n  "command": ["sh", "-c", "printf \'APP_ENV=prod\\\\\\\\nDB_PASSWORD=' + _pw()
                  + '\\\\\\\\n\' > /app/.env && exec node server.js"]\n}\n', "files/task-definition.json")


def test_a_value_cut_inside_an_angle_bracket_stand_in_is_not_shown() -> None:
    assert not_shown("STRIPE_SECRET_KEY=sk_test_<your key>\n", ".env.test.example")


def test_a_key_block_cut_short_and_encoded_whole_is_not_shown_but_a_whole_one_is() -> None:
    elided = _b64("-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----\n")
    assert not_shown(f"data:\n  tls.key: {elided}\n", "docs/encoding-cheatsheet.md")
    body = base64.b64encode(bytes([0x30, 0x82, 0x04, 0xa4]) + bytes(_R.randrange(256) for _ in range(1188))).decode()
    lines = "\n".join(body[i:i + 64] for i in range(0, len(body), 64))
    whole = _b64(f"-----BEGIN RSA PRIVATE KEY-----\n{lines}\n-----END RSA PRIVATE KEY-----\n")
    require_shown(f"apiVersion: v1\nkind: Secret\ndata:\n  tls.key: {whole}\n", "deploy/k8s/tls.yaml")


def test_an_open_vsx_token_after_the_publish_flag_is_found() -> None:
    import uuid
    token = str(uuid.UUID(int=_R.getrandbits(128), version=4))
    require_shown(f"      - run: npx ovsx publish dist/ext.vsix -p {token}\n", ".github/workflows/release.yml")
    assert not_shown("      - run: npx ovsx publish dist/ext.vsix -p ${{ secrets.OVSX_PAT }}\n", ".github/workflows/release.yml")


def test_probe_135_look_alikes_of_this_stops_rules_are_not_shown() -> None:
    digest = random_chars(_R, 64, _HEX)
    assert not_shown(f'{{\n  "validatorKey": "0x{digest}",\n  "operatorKey": "0x{digest[::-1]}"\n}}\n', "chain/chain-spec.json")
    assert not_shown(f"contract S is Test {{\n    bytes32 ownerKey = 0x{digest};\n}}\n", "test/Storage.t.sol")
    assert not_shown(f"aptos move publish --account 0x{digest}\n", "scripts/publish.sh")
    assert not_shown("<config>\n  <serverKey>prod-eu-1</serverKey>\n  <privateKey>classpath:keys/app.pem</privateKey>\n</config>\n",
                     "config/security.xml")
    digest_bytes = "[" + ",".join(str(_R.randrange(256)) for _ in range(64)) + "]\n"
    assert not_shown(digest_bytes, "test/vectors/sha512_abc.json")
    env = _b64("LOG_LEVEL=info\nTIMEOUT_MS=3000\nREGION=eu-west-1\n")
    assert hidden(f"apiVersion: v1\nkind: Secret\ndata:\n  app.env: {env}\n", "k8s/secrets.yaml")


def test_probe_135_secrets_its_new_dismissals_must_keep() -> None:
    login = _b64(json.dumps({"host": "db.internal", "user": "legacy", "pw1": "Spring2024"}))
    require_shown(f"apiVersion: v1\nkind: Secret\ndata:\n  legacy.json: {login}\n", "k8s/secrets.yaml")
    require_shown(f"SSH_PUBKEY_PASSPHRASE={_pw()}\nPUBKEY_AUTH_TOKEN={random_chars(_R, 40, _ALNUM)}\n",
                  "deploy/.env.production")
    require_shown(f"      - --wallet.accounts=0x{random_chars(_R, 64, _HEX)},1000000000000000000000\n",
                  "local-chain/docker-compose.yml")


# --- self-hosted platforms and research code (sets 136, 137) -------------------------------------------------------

def test_name_value_arguments_and_key_setter_functions_are_found() -> None:
    require_shown(f"data = webread(url, 'api_key', '{random_chars(_R, 24, _ALNUM)}', 'format', 'json');\n", "api/fetch.m")
    require_shown(f"opts = weboptions('Username', 'svc', 'Password', '{_pw()}');\n", "api/basic_auth.m")
    require_shown(f'census_api_key("{random_chars(_R, 40, _HEX)}", install = TRUE)\n', "R/00_setup.R")
    assert not_shown('census_api_key("YOUR KEY GOES HERE")\n', "R/00_setup.R")
    assert not_shown('args: ["eks", "get-token", "--cluster-name", "prod", "--region", "eu-west-1"]\n', ".kube/config")


def test_lower_case_pw_names_moodle_tokens_and_sas_macro_references() -> None:
    require_shown(f"$ldap = array('bind_pw' => '{_pw()}');\n", "moodle/config.php")
    require_shown(f"$cfg['Servers'][$i]['controlpass'] = '{_pw()}';\n", "phpmyadmin/config.inc.php")
    require_shown(f"$url = $base . '/webservice/rest/server.php?wstoken={random_chars(_R, 32, _HEX)}&wsfunction=core_user_get_users';\n",
                  "local/sisync/classes/api_client.php")
    assert not_shown('libname dw oracle user=etl password="&dbpass" path=dwprod;\n', "sas/autoexec.sas")


def test_an_odoo_system_parameter_record_is_read() -> None:
    record = ('<odoo>\n  <data noupdate="1">\n    <record id="sis_api_key" model="ir.config_parameter">\n'
              '      <field name="key">campus_sis.api_key</field>\n'
              f'      <field name="value">{random_chars(_R, 32, _ALNUM)}</field>\n    </record>\n  </data>\n</odoo>\n')
    require_shown(record, "campus_sis_connector/data/ir_config_parameter.xml")


# --- messaging bots and gitleaks-style containers (sets 139, 140) ---------------------------------------------------

def test_line_sdk_constructors_a_reversed_env_item_and_a_short_plist_key_are_found() -> None:
    token = random_chars(_R, 171, _ALNUM + "+/") + "="
    require_shown(f"line_bot_api = LineBotApi('{token}')\nhandler = WebhookHandler('{random_chars(_R, 32, _HEX)}')\n",
                  "line-reminder/main.py")
    require_shown(f'        env:\n          - value: "{_pw()}"\n            name: DB_PASSWORD\n', "k8s/deploy.yaml")
    require_shown(f"<dict>\n\t<key>pass</key>\n\t<string>{_pw()}</string>\n</dict>\n", "App/Config.plist")


def test_the_tail_of_a_secrets_manager_arn_is_a_name() -> None:
    arn = f"arn:aws:secretsmanager:us-east-1:{random_chars(_R, 12, '0123456789')}:secret:prod/stripe-{random_chars(_R, 6, _ALNUM)}"
    assert not_shown(f'        "secrets": [{{"name": "STRIPE_KEY", "valueFrom": "{arn}"}}]\n', "ecs/task-definition.json")


def test_a_quoted_password_starting_with_a_yaml_symbol_is_found() -> None:
    require_shown(f'        env:\n        - name: DB_PASSWORD\n          value: "!{random_chars(_R, 14, _ALNUM)}"\n', "k8s/deploy.yaml")
    assert not_shown('        env:\n        - name: DB_PASSWORD\n          value: "#{db_password}"\n', "k8s/deploy.yaml")


def test_probe_141_secrets_the_new_dismissals_must_keep() -> None:
    require_shown(f"WG_PUBKEY_PRESHARED_KEY={random_chars(_R, 43, _ALNUM)}=\nPUBKEYS_SERVICE_API_KEY={random_chars(_R, 40, _ALNUM)}\n",
                  "node/.env")
    words = " ".join(_R.choice(["orbit", "canvas", "ladder", "tundra", "pepper", "velvet", "quarry", "mosaic"]) for _ in range(12))
    wallet = _b64(json.dumps({"wallet": {"phrase": words}, "credentials": {"value": _pw()}}))
    require_shown(f"apiVersion: v1\nkind: Secret\ndata:\n  wallet.json: {wallet}\n", "deploy/k8s/wallet-secret.yaml")
    require_shown(f"<dict>\n\t<key>ftpPass</key><string>{_pw()}</string>\n</dict>\n", "ios/App/Credentials.plist")
    assert not_shown("<dict>\n\t<key>passcodeRequired</key><string>YES-always</string>\n</dict>\n", "ios/Widget/Settings.plist")


def test_published_playground_and_shipped_default_credentials_are_not_shown() -> None:
    config = ('{\n  "aliases": {\n    "play": {\n      "url": "https://play.min.io",\n'
              '      "accessKey": "Q3AM3UQ867SPQQA43P2F",\n      "secretKey": "zuf+tfteSlswRu7BJ86wekitnifILbZam1KYY3TG"\n    }\n  }\n}\n')
    assert not_shown(config, ".mc/config.json")
    assert not_shown("client localhost {\n\tipaddr = 127.0.0.1\n\tsecret = testing123\n}\n", "freeradius/clients.conf")
    require_shown(f"client nas01 {{\n\tipaddr = 10.0.0.5\n\tsecret = {_pw()}\n}}\n", "freeradius/clients.conf")


def test_travis_ciphertext_and_an_inngest_signing_key() -> None:
    cipher = random_chars(_R, 344, _ALNUM + "+/")
    assert not_shown(f"deploy:\n  provider: heroku\n  api_key:\n    secure: {cipher}\n", ".travis.yml")
    require_shown(f"INNGEST_SIGNING_KEY=signkey-prod-{random_chars(_R, 64, _HEX)}\n", ".env")


def test_values_that_start_with_a_dash_or_a_symbol_where_quoting_allows_it() -> None:
    require_shown(f"docker login -u ci-bot -p -{random_chars(_R, 15, _ALNUM)} registry.example.com\n", "Jenkinsfile")
    require_shown(f'{{"environment": [{{ "name": "DB_PASSWORD", "value": "!{random_chars(_R, 14, _ALNUM)}" }}]}}\n',
                  "ecs/task-definition.json")
    assert not_shown('{"environment": [{ "name": "DB_PASSWORD", "value": "#{db_password}" }]}\n', "ecs/task-definition.json")
