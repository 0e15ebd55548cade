"""Follow-ups of red-team sets 89-92 (positional credentials, mobile apps, docs, Kubernetes): shapes they showed
missed or misread. Values are drawn at run time; failures name the file and the statuses, never the value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown
from tests.support.filter_checks import check_filter
from tests.support.tokens import random_chars

_R = random.Random(89)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def _pw() -> str:
    return random_chars(_R, 12, _ALNUM) + "7q"


def test_a_password_literal_after_a_user_variable_is_found() -> None:
    require_shown(f'<?php\n$link = mysqli_connect($host, $user, "{_pw()}", $db);\n', "includes/db.php")
    require_shown(f'val auth = Credentials.basic(MERCHANT_ID, "{_pw()}")\n', "app/src/main/java/Pay.kt")
    assert not_shown("<?php\n$link = mysqli_connect($host, $user, $pass, $db);\n", "includes/db.php")


def test_a_password_written_after_a_login_prompt_is_found() -> None:
    require_shown(f'tn = telnetlib.Telnet(host)\ntn.read_until(b"Password: ")\ntn.write(b"{_pw()}\\n")\n', "tools/reboot.py")
    require_shown(f"child.expect('password for deploy:')\nchild.sendline('{_pw()}')\n", "tools/sudo_run.py")
    assert not_shown("child.expect('password for deploy:')\nchild.sendline(os.environ['DEPLOY_PW'])\n", "tools/sudo_run.py")


def test_a_login_call_with_host_and_port_is_read_whatever_the_clients_name() -> None:
    require_shown(f"client = InfluxDBClient('influx.internal', 8086, 'telegraf', '{_pw()}', 'metrics')\n", "ingest/influx.py")
    require_shown(f'client.username_pw_set("sensor-01", "{_pw()}")\n', "firmware/mqtt_bridge.py")


def test_a_table_of_passwords_beside_rows_that_point_elsewhere_is_read() -> None:
    rows = "".join(f"| {name} | {_pw()} |\n" for name in ("ldap", "erp"))
    text = ("| system | password |\n|---|---|\n" + rows
            + "| wiki | see KeePass |\n| badge | ask reception |\n| vpn | n/a |\n| safe | **** |\n")
    require_shown(text, "wiki/Onboarding.md")


def test_a_column_named_rcon_holds_rcon_passwords() -> None:
    require_shown(f"| name | address | rcon |\n|---|---|---|\n| eu-1 | 51.89.12.3:25565 | `{_pw()}` |\n", "README.md")


def test_a_twilio_account_sid_is_its_identifier() -> None:
    sid = "AC" + random_chars(_R, 32, _HEX)
    assert not_shown(f'object Secrets {{\n    const val TWILIO_ACCOUNT_SID = "{sid}"\n}}\n', "shared/Secrets.kt")


def test_existing_secret_at_the_end_of_a_dotted_helm_path_names_a_secret() -> None:
    text = 'resource "helm_release" "kc" {\n  set {\n    name  = "externalDatabase.existingSecret"\n' \
           '    value = "keycloak-db"\n  }\n}\n'
    assert not_shown(text, "terraform/k8s/helm.tf")


def _docker_config(user: str, password: str) -> str:
    auth = base64.b64encode(f"{user}:{password}".encode()).decode()
    return base64.b64encode(json.dumps({"auths": {"ghcr.io": {"auth": auth}}}).encode()).decode()


def _regcred(data: str) -> str:
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: regcred\ntype: kubernetes.io/dockerconfigjson\n"
            f"data:\n  .dockerconfigjson: {data}\n")


def test_a_docker_config_example_of_stand_ins_is_not_a_leak_but_a_real_one_is() -> None:
    assert not_shown(_regcred(_docker_config("my-user", "my-token")), "docs/examples/regcred.yaml")
    require_shown(_regcred(_docker_config("ci-bot", "ghp_" + random_chars(_R, 36, _ALNUM))), "docs/examples/regcred.yaml")
    require_shown(_regcred(_docker_config("my-user", "my-token")), "deploy/regcred.yaml")


def test_kubeadm_certificate_key_is_found() -> None:
    require_shown(f"kubeadm join 10.0.0.10:6443 --control-plane --certificate-key {random_chars(_R, 64, _HEX)}\n",
                  "clusters/edge/join.sh")


def test_a_manifest_meta_data_element_over_several_lines_is_read() -> None:
    text = ('<application>\n    <meta-data\n        android:name="io.fabric.ApiKey"\n'
            f'        android:value="{random_chars(_R, 40, _HEX)}" />\n</application>\n')
    require_shown(text, "app/src/main/AndroidManifest.xml")


# --- set 93 (a probe of the changes above) and sets 95-96 ------------------------------------------------------

def test_a_variable_in_the_user_slot_must_name_a_user() -> None:
    # (host, port, options, path) and index patterns are no login
    assert not_shown('ws.connect(url, 443, opts, "/graphql")\n', "src/live.py")
    assert not_shown('const es = new ElasticClient(host, 9200, scheme, "logs-*");\n', "src/search.ts")
    require_shown(f'conn.connect("db.internal", 5432, DB_USER, "{_pw()}")\n', "src/db.py")


def test_a_passphrase_under_an_existing_secret_password_name_is_a_password() -> None:
    phrase = "-".join(random_chars(_R, 6, string.ascii_lowercase) for _ in range(3)) + "-" + random_chars(_R, 2, string.digits)
    require_shown(f"auth:\n  existingSecretRootPassword: {phrase}\n", "helm/values-prod.yaml")
    assert not_shown("auth:\n  existingSecretPasswordKey: mariadb-root-password\n", "helm/values-prod.yaml")


def test_a_column_of_numbers_and_settings_is_no_column_of_passwords() -> None:
    text = ("| setting | password |\n|---|---|\n| min length | 12 |\n| max age | 90d |\n| history | 5 |\n"
            "| lockout | see runbook |\n| storage | argon2id-v19 |\n")
    assert not_shown(text, "docs/security/form-rules.md")


def test_kubeadm_certificate_key_is_read_on_kubeadm_lines_only() -> None:
    assert not_shown(f"relsign verify --certificate-key {random_chars(_R, 64, _HEX)} app.tar.gz\n", "ci/release.sh")


def test_a_url_and_a_pair_in_brackets_needs_an_account() -> None:
    assert not_shown("Dashboards: https://grafana.internal/d/abc (dashboards / k8s-node-v2)\n", "docs/ops.md")
    require_shown(f"The router is at http://192.168.1.1 (admin / {_pw()}).\n", "docs/home.md")


def test_an_ssh_public_key_line_encoded_in_base64_is_public() -> None:
    blob = "AAAAC3NzaC1lZDI1NTE5AAAAI" + random_chars(_R, 43, _ALNUM)
    encoded = base64.b64encode(f"ssh-ed25519 {blob} deploy@ci".encode()).decode()
    assert not_shown(f"        - name: SSH_HOST_KEY\n          value: {encoded}\n", "k8s/apps/worker/cronjob.yaml")


def test_a_data_key_with_a_stage_suffix_is_a_data_key() -> None:
    assert not_shown(f'export const PARTITION_KEY_STAGING = "tenant{random_chars(_R, 6, string.digits)}Q3";\n', "src/env.ts")


def test_a_key_cited_as_a_test_vector_is_public_but_the_next_key_is_not() -> None:
    text = (f'/// RFC 7748 test vector (Alice\'s private key)\nconst ALICE_SK: &str = "{random_chars(_R, 64, _HEX)}";\n'
            f'/// public\nconst SERVER_PUBKEY: &str = "{random_chars(_R, 64, _HEX)}";\n'
            f'const PROD_SIGNING_SEED: &str = "{random_chars(_R, 64, _HEX)}";\n')
    statuses = [s for s in outcomes(text, "src/crypto.rs")]
    assert not_shown(text.split("\n")[0] + "\n" + text.split("\n")[1] + "\n", "src/crypto.rs")
    assert "confirmed" in statuses or "pending" in statuses, f"the production seed: {statuses}"
    # a section cited for a requirement is no vector
    require_shown(f'# RFC 7518 section 3.2: at least 256 bits\nJWT_SECRET = "{random_chars(_R, 64, _HEX)}"\n', "app/settings.py")


def test_hiera_eyaml_decrypted_values_and_yaml_gossip_keys_are_found() -> None:
    require_shown(f"profile::api::token: DEC::PKCS7[{_pw()}]!\n", "data/secure.eyaml")
    key = base64.b64encode(_R.randbytes(32)).decode()
    require_shown(f"consul:\n  config:\n    encrypt: {key}\n", "salt/pillar/consul.sls")


def test_an_image_builds_conventional_password_is_not_a_leak_but_a_chosen_one_is() -> None:
    assert not_shown("#cloud-config\nusers:\n  - name: ubuntu\n    password: ubuntu\n", "cloud-init/nocloud/user-data")
    assert not_shown('ssh_username = "packer"\nssh_password = "packer"\n', "packer/ubuntu/variables.pkrvars.hcl")
    require_shown(f'ssh_username = "packer"\nssh_password = "{_pw()}"\n', "packer/ubuntu/variables.pkrvars.hcl")
    # the same word elsewhere is not a build's convention: the filter leaves it to the others
    assert not check_filter("vagrant_box_password", "ubuntu", 'DB_PASSWORD = "ubuntu"', "DB_PASSWORD", "python")


# --- sets 97 (a second probe), 98 and 100 ----------------------------------------------------------------------

def test_a_comment_that_only_mentions_vectors_or_rfcs_does_not_hide_a_key() -> None:
    for comment in ("# vector DB key (test vector search is off in prod)", "# see RFC 6749 appendix for flows; this is our live client",
                    "# KATS team owns this", "# Test vectors live in testdata/, this is the deployed key"):
        require_shown(f'{comment}\nCLIENT_SECRET = "{random_chars(_R, 64, _HEX)}"\n', "app/settings.py")
    assert not_shown(f'# RFC 8032 test vector 1 (secret key)\nED25519_SK = "{random_chars(_R, 64, _HEX)}"\n', "crypto/selftest.py")


def test_charsets_and_collations_are_no_passwords() -> None:
    assert not_shown('$db = mysqli_connect($host, $username, "utf8mb4_unicode_ci");\n', "php/db.php")
    require_shown(f'$db = mysqli_connect($conf[\'host\'], $conf[\'user\'], "{_pw()}");\n', "php/db.php")


def test_kubeadm_must_run_the_option() -> None:
    assert not_shown(f"echo 'kubeadm docs' && relsign --certificate-key {random_chars(_R, 64, _HEX)}\n", "ops/cluster.sh")


def test_published_defaults_and_doc_examples_are_not_leaks() -> None:
    assert not_shown("app.use(session({ secret: 'keyboard cat', resave: false }))\n", "src/server.js")
    assert not_shown("grafana:\n  adminPassword: prom-operator\n", "charts/monitoring/values.yaml")
    assert not_shown("TELEGRAM_BOT_TOKEN=123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11\n", ".env.sample")


def test_a_meraki_key_handed_to_the_dashboard_client_and_an_etsy_keystring_are_found() -> None:
    require_shown(f'dashboard = meraki.DashboardAPI("{random_chars(_R, 40, _HEX)}")\n', "scripts/inventory.py")
    require_shown(f'ETSY_KEYSTRING = "{random_chars(_R, 24, string.ascii_lowercase + string.digits)}"\n', "shop/settings.py")


def test_a_header_cell_with_brackets_still_makes_a_table() -> None:
    rows = "".join(f"| {svc} | app | {_pw()} | {port} | 90 |\n" for svc, port in (("postgres", 5432), ("redis", 6379)))
    require_shown("| Service | User | Password | Port | Rotate (days) |\n|---|---|---|---|---|\n" + rows, "docs/ops/accounts.md")


def test_an_api_key_beside_a_comment_on_vectors_is_no_test_vector() -> None:
    require_shown(f"# Vector store (test vectors are embeddings of the QA corpus)\nWEAVIATE_API_KEY={random_chars(_R, 40, _ALNUM)}\n",
                  "services/search/.env.production")


def test_a_google_app_password_in_groups_is_found() -> None:
    groups = " ".join(random_chars(_R, 4, string.ascii_lowercase) for _ in range(4))
    require_shown(f"spring.mail.host=smtp.gmail.com\nspring.mail.password={groups}\n", "src/main/resources/application.properties")
    assert not_shown("spring.mail.password=xxxx xxxx xxxx xxxx\n", "src/main/resources/application.properties")


# --- probe set 101 -----------------------------------------------------------------------------------------

def test_a_keyboard_row_under_keystring_is_no_key() -> None:
    assert not_shown('QWERTY_KEYSTRING = "qwertyuiopasdfghjklzxcvbnm"\n', "keyboard/layouts.py")


def test_honest_vector_citations_dismiss_and_passing_mentions_do_not() -> None:
    for comment in ("# FIPS-197 appendix C.1 example vector", "# RFC 4231 test case 2", "# kat vectors from the spec",
                    "# production self-test: RFC 5869 test case 1"):
        assert not_shown(f'{comment}\nKEY = "{random_chars(_R, 64, _HEX)}"\n', "crypto/hkdf_selftest.py"), comment
    for comment in ("# TODO: add test vectors", "# test vector? no: this is the production key", "# KAT passes; our live key"):
        require_shown(f'{comment}\nSECRET_KEY = "{random_chars(_R, 64, _HEX)}"\n', "app/settings.py")


def test_a_build_word_near_an_applications_password_does_not_hide_it() -> None:
    require_shown("# images are built with packer, the app runs on them\nDB_PASSWORD: ubuntu\n", "app/docker-compose.yml")
    assert not_shown('variable "ssh_password" {\n  type    = string\n  default = "packer"\n}\n', "packer/variables.pkr.hcl")


def test_a_password_that_starts_like_a_charset_is_a_password() -> None:
    require_shown(f"DB_PASSWORD=utf8mb4_{random_chars(_R, 10, _ALNUM)}\n", "mysql/.env")


# --- probe set 103 -----------------------------------------------------------------------------------------

def test_sumo_logics_access_id_under_its_usual_names_is_found() -> None:
    for name in ("SUMO_ACCESS_ID", "sumo_access_id", "accessId"):
        require_shown(f"# sumo logic collector\n{name}=su{random_chars(_R, 12, _ALNUM)}\n", "collector/.env")


def test_a_vector_cited_above_a_blank_line_or_brace_and_more_citation_forms() -> None:
    for comment in ("// RFC 7539 section 2.4.2 example", "# NIST SP 800-38D test case 3", "# from gcmEncryptExtIV128.rsp",
                    "# RFC5869 A.1"):
        assert not_shown(f'{comment}\n\nKEY = "{random_chars(_R, 64, _HEX)}"\n', "cryptolib/src/vectors.py"), comment
    for comment in ("# KAT vectors were moved to tests/, this one encrypts backups", "# FIPS 140-2 validated module example",
                    "# unlike the RFC 7518 test vectors this key signs prod sessions", "# the production HMAC key"):
        require_shown(f'{comment}\nSECRET_KEY = "{random_chars(_R, 64, _HEX)}"\n', "app/settings.py")


def test_a_build_word_in_a_comment_is_no_build_setting() -> None:
    require_shown("# the packer communicator is ssh\nDB_PASSWORD: ubuntu\n", "app/config.yml")


# --- probe set 104 -----------------------------------------------------------------------------------------

def test_a_password_shaped_like_a_collation_with_a_random_part_is_a_password() -> None:
    require_shown(f"DB_PASSWORD=latin1_{random_chars(_R, 10, string.ascii_lowercase)}_ci\n", "config/.env")
    assert not_shown('$db = mysqli_connect($host, $username, "utf8mb4_unicode_520_ci");\n', "php/db.php")


def test_a_vector_table_opened_between_the_citation_and_the_key_still_cites_it() -> None:
    text = f'# from CAVP gcmEncryptExtIV256.rsp\nVECTORS = [\n    {{\n        "key": "{random_chars(_R, 64, _HEX)}",\n    }},\n]\n'
    assert not_shown(text, "crypto/aes_kat.py")


def test_supertests_auth_pair_is_found() -> None:
    require_shown(f"  await request(app).get('/admin').auth('admin', '{_pw()}').expect(200);\n", "test/admin.test.js")
    assert not_shown("  await request(app).get('/admin').auth(user, pass).expect(200);\n", "test/admin.test.js")


# --- probe set 106 -----------------------------------------------------------------------------------------

def test_auth_calls_of_routers_and_role_dsls_are_no_credentials() -> None:
    assert not_shown("router.route('/x').auth('jwt', 'HS256')\n", "gateway/src/routes.js")
    assert not_shown("policy.auth('group', 'ops_readers_2')\n", "gateway/src/routes.js")


def test_a_config_opened_under_an_unrelated_vector_comment_keeps_its_key() -> None:
    text = f'# see RFC 7519 test vectors for the JWT format\nJWT_SETTINGS = {{\n    "secret": "{random_chars(_R, 64, _HEX)}",\n}}\n'
    require_shown(text, "authsvc/settings.py")


# --- sets 107 (trading bots) and 108 (e-commerce and CMS) ------------------------------------------------------

def test_magento_cdata_credentials_and_encrypted_values() -> None:
    require_shown(f"<config>\n  <global>\n    <crypt>\n      <key><![CDATA[{random_chars(_R, 32, _HEX)}]]></key>\n"
                  f"    </crypt>\n    <password><![CDATA[{_pw()}]]></password>\n  </global>\n</config>\n", "app/etc/local.xml")
    blob = base64.b64encode(_R.randbytes(48)).decode()
    assert not_shown(f"    'payment/paypal/api_password' => '0:3:{blob}',\n", "app/etc/env.php")


def test_ghost_admin_defuse_and_coingecko_keys_are_found() -> None:
    require_shown(f"GHOST_ADMIN_API_KEY={random_chars(_R, 24, _HEX)}:{random_chars(_R, 64, _HEX)}\n", ".env")
    key = b"\xde\xf0\x00\x00" + _R.randbytes(32)
    require_shown(f"    'new_cookie_key' => '{(key + hashlib.sha256(key).digest()).hex()}',\n", "app/config/parameters.php")
    # the same shape with a checksum that does not hold is a checksum list's line or other hex
    assert not_shown(f"{(key + bytes(32)).hex()}  app/config/keys.bin\n", "SHA256SUMS")
    require_shown(f"COINGECKO_API_KEY=CG-{random_chars(_R, 24, _ALNUM)}\n", "bot/.env")


def test_exchanges_published_example_keys_are_not_leaks() -> None:
    assert not_shown("CMC_SANDBOX_KEY = 'b54bcf4d-1bca-4e8e-9a24-22ff2c3d462c'\n", "bot/fetch_cmc.py")
    assert not_shown("apiKey: vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A\n", "docs/exchanges.md")


# --- probe set 109 -----------------------------------------------------------------------------------------

def test_ghost_and_coingecko_shapes_need_their_names() -> None:
    record = f"{random_chars(_R, 24, _HEX)}:{random_chars(_R, 64, _HEX)}"
    assert not_shown(f"# ghost export\n{record}  posts/hello-world.md\n", "ghost/export/digests.txt")
    require_shown(f"const api = new GhostAdminAPI({{ url, key: '{record}', version: 'v5.0' }});\n", "scripts/publish.js")
    assert not_shown(f"sku: CG-{random_chars(_R, 24, _ALNUM)}\n", "catalog/products.yaml")
    require_shown(f'headers = {{"x-cg-pro-api-key": "CG-{random_chars(_R, 24, _ALNUM)}"}}\n', "bot/prices.py")
    assert not_shown("<key><![CDATA[NSCameraUsageDescription]]></key>\n", "ios/Info.plist")


# --- set 110 (enterprise applications) ---------------------------------------------------------------------

def test_dynamics_client_secret_teamcity_scrambled_and_dotnet_rsa_xml() -> None:
    # (AuthType=ClientSecret is a candidate of its own, dismissed: the name of a way to log in)
    statuses = outcomes('<add name="Crm" connectionString="AuthType=ClientSecret;url=https://acme.crm.dynamics.com;'
                        f'ClientId=3f9c2a7e-81d4-4b6a-9e05-c7d21f8a6b34;ClientSecret={_pw()}" />\n', "Web.config")
    assert "confirmed" in statuses
    assert not_shown(f'<param name="secure:password" value="zxx{random_chars(_R, 32, _HEX)}" />\n', ".teamcity/buildSettings.xml")
    b64 = string.ascii_letters + string.digits + "+/"
    require_shown(f"<RSAKeyValue><Modulus>{random_chars(_R, 172, b64)}</Modulus><Exponent>AQAB</Exponent>"
                  f"<D>{random_chars(_R, 172, b64)}</D></RSAKeyValue>\n", "App_Data/signing.xml")
