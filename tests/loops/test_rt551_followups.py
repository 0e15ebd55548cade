"""Follow-ups of red-team sets 551 onwards: diffs and patches, OS installation, password-manager exports, video and
email-verification APIs, reverse proxies, desktop apps, release tooling. Values are drawn at run time; failures name
the file and the statuses, never the value (PYTEST_DONT_REWRITE: plain asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import random

from secretloop.loops.diff_view import diff_views
from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_found as _found, rule_ids as _rules
from tests.support.tokens import random_chars, random_uuid, varied_key

_R = random.Random(551)
_HEX = "0123456789abcdef"
_LOWER36 = "abcdefghijklmnopqrstuvwxyz0123456789"
_FOUND = (["confirmed"], ["pending"])


def _mixed(n: int) -> str:
    return varied_key(_R, n)


def _hex(n: int) -> str:
    return random_chars(_R, n, _HEX)


# --- unified diffs (set 553) -----------------------------------------------------------------------------------------

def _pem_body() -> list[str]:
    body = base64.b64encode(bytes(_R.randrange(256) for _ in range(1190))).decode()
    return [body[i:i + 64] for i in range(0, len(body), 64)]


def test_a_key_file_deleted_by_a_patch_is_found() -> None:
    lines = ["-----BEGIN RSA PRIVATE KEY-----", *_pem_body(), "-----END RSA PRIVATE KEY-----"]
    patch = ("From 4d81417e Mon Sep 17 00:00:00 2001\nSubject: [PATCH] auth: drop the checked-in signing key\n\n"
             "diff --git a/keys/jwt.pem b/keys/jwt.pem\ndeleted file mode 100644\n--- a/keys/jwt.pem\n+++ /dev/null\n"
             f"@@ -1,{len(lines)} +0,0 @@\n" + "".join(f"-{line}\n" for line in lines) + "-- \n2.43.0\n")
    assert "private-key-rsa" in _rules(patch, "patches/0003-drop-key.patch")


def test_config_lines_on_either_side_of_a_hunk_are_found() -> None:
    old, new = _mixed(20), _mixed(48)
    patch = ("--- a/src/main/resources/application-prod.properties\n+++ b/src/main/resources/application-prod.properties\n"
             "@@ -3,3 +3,4 @@ spring.application.name=reporting\n spring.datasource.username=reporting\n"
             f"-spring.datasource.password={old}\n+spring.datasource.password=${{DB_PASSWORD}}\n+jwt.secret={new}\n")
    found = {line for line, _ in _lines_found(patch, "patches/0004-managed-kafka.patch")}
    assert found == {5, 7}, sorted(found)


def _lines_found(text: str, path: str) -> list[tuple[int, str]]:
    from tests.loops.test_fp_corpus_classes import SCANNER, classify
    return [(c.start_line, classify(c, None).status) for c in SCANNER.scan_text(text, 0, path)
            if classify(c, None).status != "dismissed"]


def test_a_hunk_is_read_in_the_language_of_the_file_it_changes() -> None:
    # a Segment write key added to a browser module's Firebase config: public there, in a .diff as in the module
    patch = ("--- a/web/src/firebase.ts\n+++ b/web/src/firebase.ts\n@@ -1,3 +1,4 @@\n export const firebaseConfig = {\n"
             f'   apiKey: "AIza{random_chars(_R, 35, _LOWER36 + "ABCDEFGHIJKLMNOPQRSTUVWXYZ_-")}",\n'
             '   authDomain: "acme.firebaseapp.com",\n'
             f'+export const SEGMENT_WRITE_KEY = "{random_chars(_R, 32, _LOWER36 + "ABCDEFGHIJKLMNOPQRSTUVWXYZ")}";\n')
    assert not_shown(patch, "web/patches/firebase-config.diff")


def test_a_hand_edited_hunk_goes_on_while_its_lines_carry_a_marker() -> None:
    patch = ("--- a/.env\n+++ b/.env\n@@ -1,1 +1,1 @@\n-A=1\n+A=2\n+B=3\n+C=4\n\nnot a hunk line\n")
    views = diff_views(patch, "x.diff")
    assert views is not None and [v.text for v in views] == ["A=1", "A=2\nB=3\nC=4"]


def test_text_that_only_looks_like_a_hunk_is_no_diff() -> None:
    assert diff_views("- item one\n- item two\n+ added\n", "notes.md") is None
    assert diff_views("---\ntitle: x\n---\n@@ nothing\n", "post.md") is None


# --- OS installation and image building (set 555) -----------------------------------------------------------------------

def test_installation_passwords_are_found() -> None:
    _found(f"d-i passwd/root-password password %{_mixed(14)}\n", "http/preseed.cfg", "debian-preseed-password")
    _found(f"sed -i 's/^# requirepass .*/requirepass {_mixed(24)}/' /etc/redis/redis.conf\n", "ks.cfg",
           "sed-substitution-credential")
    _found(f"  MENU PASSWD {_mixed(10)}\n", "tftpboot/pxelinux.cfg/default", "syslinux-menu-password")
    _found(f"set superusers=\"operator\"\npassword operator {_mixed(12)}\n", "grub/grub.cfg", "grub-password-command")


def test_installation_look_alikes_are_not_shown() -> None:
    assert not_shown("d-i passwd/root-password password %ROOT_PASSWORD%\n", "http/preseed.cfg")
    assert not_shown("sed -i 's/^#\\?PasswordAuthentication .*/PasswordAuthentication no/' /etc/ssh/sshd_config\n",
                     "scripts/harden.sh")
    assert not_shown(f"MENU MASTER PASSWD $1${_mixed(8)}${_mixed(22)}\n", "tftpboot/pxelinux.cfg/default")
    assert not_shown(f"password_pbkdf2 root grub.pbkdf2.sha512.10000.{_hex(128).upper()}.{_hex(128).upper()}\n",
                     "grub/grub.cfg")
    # a kickstart's build user whose password repeats its name
    assert outcomes("user --name=vagrant --password=vagrant --plaintext\n", "http/rocky8/ks.cfg") != ["confirmed"]


def test_a_plain_text_data_uri_is_read_and_an_image_is_not() -> None:
    token = "glpat-" + random_chars(_R, 20, _LOWER36 + "ABCDEFGHIJKLMNOPQRSTUVWXYZ_-")
    conf = base64.b64encode(f"[Service]\nEnvironment=REG_TOKEN={token}\n".encode()).decode()
    ign = f'{{"path": "/etc/systemd/system/runner.service.d/10-env.conf", "contents": {{"source": "data:;base64,{conf}"}}}}\n'
    _found(ign, "coreos/worker.ign", "gitlab-pat")
    assert not_shown(ign.replace("data:;base64,", "data:image/png;base64,"), "coreos/worker.ign")


# --- password-manager exports (set 556) ------------------------------------------------------------------------------------

def test_password_manager_exports_and_commands_are_found() -> None:
    dump = ('keychain: "/Users/jdoe/Library/Keychains/login.keychain-db"\nclass: "inet"\nattributes:\n'
            '    "acct"<blob>="jdoe"\n    "srvr"<blob>="git.corp.internal"\n    "ptcl"<uint32>="htps"\ndata:\n'
            f'"{_mixed(20)}"\n')
    _found(dump, "exports/keychain-dump.txt", "macos-keychain-dump-password")
    _found(f"echo '{_mixed(18)}' | keepassxc-cli export --format xml ~/vaults/team.kdbx > team.xml\n", "scripts/export.sh",
           "password-stdin-pipe")
    _found(f"bw login ops@corp.net '{_mixed(14)}' --raw > /tmp/bw_session\n", "scripts/export.sh",
           "bitwarden-cli-password-argument")
    field = f'"fields": [\n  {{ "name": "recovery code", "value": "{_mixed(19)}", "type": 1, "linkedId": null }}\n]\n'
    _found(field, "exports/bitwarden.json", "bitwarden-hidden-field")


def test_password_manager_look_alikes_are_not_shown() -> None:
    assert not_shown("bw unlock --passwordenv BW_PASSWORD --raw\n", "scripts/export.sh")
    assert not_shown('"fields": [\n  { "name": "department", "value": "Finance Operations", "type": 0 }\n]\n',
                     "exports/bitwarden.json")
    assert not_shown('    "acct"<blob>="jdoe"\ndata:\n<NULL>\n', "exports/keychain-dump.txt")


# --- video, enrichment and release APIs (sets 551, 554, 557, 560, 562) -------------------------------------------------------

def test_vendor_keys_of_the_sets_are_found() -> None:
    ks = base64.b64encode(f"v2|{_R.randint(1000000, 9999999)}|".encode() + bytes(_R.randrange(256) for _ in range(90))).decode()
    _found(f'<script>var ks = "{ks}";</script>\n', "player.html", "kaltura-session")
    _found(f'rc := lksdk.NewRoomServiceClient(host, "API{_mixed(12)}", "{_mixed(43)}")\n', "main.go",
           "livekit-api-secret-argument")
    _found(f"APOLLO_KEY=service:orders-graph:{_mixed(22)}\n", ".env.production", "apollo-graphos-api-key")
    _found(f"const clearbit = require('clearbit')('sk_{_hex(32)}');\n", "enrich.js", "clearbit-secret-key")
    _found(f"client = kickbox.Client('live_{_hex(64)}')\n", "verify.py", "kickbox-api-key")
    _found(f"NEVERBOUNCE_API_KEY=secret_{_hex(32)}\n", ".env", "neverbounce-api-key")
    _found(f'v := paddle.NewWebhookVerifier("pdl_ntfset_{random_chars(_R, 26, _LOWER36)}_{_mixed(32)}")\n', "hooks.go",
           "paddle-notification-secret")
    _found(f"    tcp-check send AUTH\\ {_mixed(20)}\\r\\n\n", "haproxy/haproxy.cfg", "haproxy-tcp-check-auth")
    _found(f'    if (digest.hmac_sha256("{_hex(64)}", req.url) != req.http.X-Sig) {{\n', "varnish/default.vcl",
           "varnish-hmac-key")
    _found(f'map $http_x_partner_key $partner {{\n    default "";\n    "{_hex(40)}"  "dhl";\n}}\n',
           "nginx/conf.d/partners.conf", "nginx-map-credential-key")
    _found(f'url = f"https://api.crunchbase.com/api/v4/entities/organizations/x?user_key={_hex(32)}"\n', "cb.py")
    _found(f'resource "aws_ssm_parameter" "k" {{\n  name  = "/app/key"\n  type  = "SecureString"\n'
           f'  value = "{random_uuid(_R)}"\n}}\n', "main.tf")
    _found(f'var furyPushToken = "{_mixed(20)}"\n', "internal/publish/github.go")


def test_vendor_look_alikes_are_not_shown() -> None:
    assert not_shown(f"BC_POLICY_KEY=BCpk{random_chars(_R, 120, _LOWER36 + 'ABCDEFGHIJKLMNOPQRSTUVWXYZ-_')}\n",
                     "brightcove.env")
    session = "1_MX4" + random_chars(_R, 70, _LOWER36 + "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert not_shown(f"OPENTOK_SESSION_ID={session}\n", "opentok.env")
    assert not_shown(f"const cb = Chargebee.init({{ site: 'acme', publishableKey: 'live_{_mixed(30)}' }});\n",
                     "web/portal.js")
    assert not_shown(f'{{"signature": {{"timestamp": "1700000000",\n  "token": "{_hex(50)}",\n'
                     f'  "signature": "{_hex(64)}"}}}}\n', "fixtures/webhook_event.json")
    assert not_shown(f"consumers:\n- username: app\n  jwt_secrets:\n  - key: \"{_hex(32)}\"\n    algorithm: HS256\n",
                     "kong/kong.yml")
    assert not_shown('curl "https://api.zerobounce.net/v2/validate?api_key=replacewithyours&email=a@b.c"\n', "docs.sh")
    assert not_shown(f'APNS_PUSH_TOKEN = "{_hex(64)}"\n', "notify/config.py")
    lite = ('import algoliasearch from "algoliasearch/lite";\n'
            f'export const searchClient = algoliasearch("{random_chars(_R, 10, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}", '
            f'"{_hex(32)}");\n')
    assert not_shown(lite, "web/src/search.ts")


def test_the_real_secrets_beside_the_dismissed_values_stay_shown() -> None:
    kong = f"  jwt_secrets:\n  - key: \"{_hex(32)}\"\n    algorithm: HS256\n    secret: \"{_mixed(40)}\"\n"
    assert [line for line, _ in _lines_found(kong, "kong/kong.yml")] == [4]
    admin = ('import algoliasearch from "algoliasearch";\nconst admin = algoliasearch("ABCDE12345", '
             f'"{_hex(32)}");\nawait admin.initIndex("products").clearObjects();\n')
    _found(admin, "scripts/reindex.ts", "algolia-write-client-key")


def test_code_after_a_rust_test_module_is_not_test_code() -> None:
    key = _hex(64)
    code = ("#[cfg(test)]\nmod tests {\n    #[test]\n    fn roundtrip() { assert!(true); }\n}\n\n"
            f'/// SQLCipher key for the local cache.\nconst CACHE_DB_KEY: &str = "{key}";\n')
    assert outcomes(code, "src-tauri/src/lib.rs") == ["confirmed"]


def test_a_segment_key_in_an_electron_module_is_public() -> None:
    code = ("import { app } from 'electron';\nimport Analytics from 'analytics-node';\n"
            f"const SEGMENT_WRITE_KEY = '{random_chars(_R, 32, _LOWER36 + 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')}';\n")
    assert not_shown(code, "src/main/bootstrap.ts")


# --- insurance, security vendors, serverless, histories (sets 564-568) and the probe (set 563) -------------------------------

def test_keys_of_the_later_sets_are_found() -> None:
    _found(f'  <add key="EpicAuthenticationKey" value="{random_uuid(_R).upper()}" />\n', "App.config",
           "dotnet-config-secret")
    _found(f"- cmd: set -gx DD_API_KEY {_hex(32)}\n", ".local/share/fish/fish_history", "fish-set-quoted-secret")
    _found(f"jwt.verify(t, '{_mixed(40)}')\n", ".node_repl_history", "hmac-signing-key-literal")
    _found(f"db.getSiblingDB('admin').auth('root', '{_mixed(20)}')\n", "mongosh_repl_history", "mongo-shell-user-password")
    _found(f"shodan init {_mixed(32)}\n", "bootstrap.sh", "shodan-cli-init-key")
    _found(f"  command: /opt/nessus_agent/sbin/nessuscli agent link --key={_hex(64)} --cloud\n", "agent.yml",
           "nessus-agent-linking-key")
    _found(f"shodan:\n  - {_mixed(32)}\n", "subfinder/provider-config.yaml", "subfinder-provider-key")
    _found(f'parameter_overrides = "Stage=\\"prod\\" DbPasswordParam=\\"{_mixed(14)}\\""\n', "samconfig.toml")
    _found(f"sed -i -e 's@^\\(\\s*\\)db_password\\s*=.*@\\1db_password = {_mixed(18)}@' /opt/app/app.ini\n", "provision.sh",
           "sed-substitution-credential")
    _found(f"map $arg_api_key $legacy {{\n    default \"\";\n    {_hex(32)} legacy-reports;\n}}\n", "nginx/conf.d/gw.conf",
           "nginx-map-credential-key")
    _found(f"const opentok = new OpenTok('{_R.randint(10**7, 10**8 - 1)}', '{_hex(40)}');\n", "src/token.ts",
           "opentok-api-secret-argument")
    _found(f"aws ssm put-parameter --name /prod/webhooks/hmac --type SecureString --value {random_uuid(_R)} --overwrite\n",
           "provision.sh")


def test_look_alikes_of_the_later_sets_are_not_shown() -> None:
    assert not_shown(f'{{\n  "paymentToken": "tok_test_{_mixed(14)}"\n}}\n', "fixtures.json")
    assert not_shown(f"[ad_client]\nservice_account_password_protected={random_chars(_R, 120, _LOWER36 + 'ABCDEFGHIJKLMNOPQRSTUVWXYZ+/')}\n",
                     "authproxy.cfg")
    encoded = base64.b64encode(b"${DB_PASSWORD}").decode()
    assert not_shown(f"apiVersion: v1\nkind: Secret\ndata:\n  password: {encoded}\n", "k8s/secret.yaml")
    assert not_shown(f"    environment:\n      LIVEKIT_API_KEY: API{_mixed(12)}\n", "docker-compose.yml")
    assert not_shown('PASSWORD_PARAM = "password"\n', "app/forms.py")
    assert not_shown(f'resource "aws_ssm_parameter" "p" {{\n  name  = "/prod/redox_source_id"\n  type  = "SecureString"\n'
                     f'  value = "{random_uuid(_R)}"\n}}\n', "main.tf")


# --- crypto payments, cluster bootstrap, decompiled apps, connectors, calendars (sets 569-573) --------------------------------

def test_keys_of_sets_569_to_573_are_found() -> None:
    _found(f"CIRCLE_API_KEY=TEST_API_KEY:{_hex(32)}:{_hex(32)}\n", ".env", "circle-api-key")
    _found(f"macaroon_hex = 0201036c6e6402f801{_hex(300)}\n", "lnd.conf", "lnd-macaroon")
    _found(f"const legacy = 'ckey_{random_chars(_R, 27, _LOWER36)}';\n", "goldrush.ts", "covalent-legacy-api-key")
    _found(f"npx thirdweb deploy -k {random_chars(_R, 86, _LOWER36 + 'ABCDEFGHIJKLMNOPQRSTUVWXYZ_-')}\n", "deploy.sh",
           "thirdweb-cli-secret-key")
    _found(f"const rpc = 'https://virtual.mainnet.rpc.tenderly.co/{random_uuid(_R)}';\n", "fork.ts", "tenderly-virtual-rpc-url")
    _found(f"kind: InitConfiguration\ncertificateKey: {_hex(64)}\n", "kubeadm/kubeadm-config.yaml",
           "kubeadm-certificate-key-config")
    join = (f"kubeadm join \"$API\" --token {random_chars(_R, 6, _LOWER36)}.{random_chars(_R, 16, _LOWER36)} "
            f"--discovery-token-ca-cert-hash sha256:{_hex(64)} --control-plane --certificate-key {_hex(64)}\n")
    assert [r for r in _rules(join, "join.sh") if r == "kubeadm-certificate-key"], "join.sh"
    assert "kubeadm-certificate-key" in {r for r, s in zip(_rules(join, "join.sh"), outcomes(join, "join.sh"))
                                         if s != "dismissed"}, "join.sh"
    _found(f'--from-literal=keys="3+ rfc4106(gcm(aes)) {_hex(40)} 128"\n', "join-worker.sh", "linux-ipsec-aead-key")
    _found(f'  "clientState": "{_mixed(22)}",\n', "subscription.json", "msgraph-subscription-client-state")
    _found(f"ICS=https://calendar.google.com/calendar/ical/ops%40corp.net/private-{_hex(32)}/basic.ics\n", "feeds.yml",
           "google-calendar-private-ical-url")
    _found(f'service.Credentials = new WebCredentials("svc-ews", "{_mixed(14)}", "CORP");\n', "Ews.java",
           "db-connect-literal-password")
    _found(f'.field public static final API_SECRET:Ljava/lang/String; = "{_mixed(32)}"\n', "smali/com/app/BuildConfig.smali",
           "secret-assignment")


def test_look_alikes_of_sets_569_to_573_are_not_shown() -> None:
    assert not_shown('password.fetch = ["command", "pass", "caldav/home"]\n', "vdirsyncer/config")
    assert not_shown('apksigner sign --ks ~/.android/debug.keystore --ks-pass pass:android --out debug.apk app.apk\n',
                     "scripts/extract.sh")
    assert not_shown(f"ICS=https://calendar.google.com/calendar/ical/{_hex(26)}%40group.calendar.google.com/public/basic.ics\n",
                     "feeds.yml")
    assert not_shown("CIRCLE_API_KEY=TEST_API_KEY:<id>:<secret>\n", ".env.example")


# --- maps APIs, IoT provisioning, front-end analytics, database operators (sets 575-578) ---------------------------------------

def test_keys_of_sets_575_to_578_are_found() -> None:
    _found(f'bing_maps_key = "{_mixed(64)}"\n', "settings_bing.py", "secret-assignment")
    _found(f'  <add key="BingMapsKey" value="{_mixed(64)}" />\n', "web.config", "dotnet-config-secret")
    group_key = base64.b64encode(bytes(_R.randrange(256) for _ in range(64))).decode()
    _found(f"DPS_GROUP_KEY={group_key}\n", ".env.staging")
    rows = "".join(f"gw-{i:04d},{base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()},plant-{i}\n"
                   for i in range(3))
    assert "table-secret-column" in _rules("registration_id,symmetric_key,site\n" + rows, "inventory/factory-keys.csv")
    _found(f'pgbouncer_userlist: |\n  "billing" "{_mixed(12)}"\n', "group_vars/db/main.yml", "pgbouncer-userlist-password")
    _found(f'ZeroBounce::Instance()->initialize("{_hex(32)}");\n', "validate.php", "sdk-client-positional-api-key")


def test_look_alikes_of_sets_575_to_578_are_not_shown() -> None:
    assert not_shown("  passwordFieldBorder: '1px solid #d0d5dd',\n  secretBannerBg: 'var(--color-warning-50)',\n",
                     "apps/web/src/lib/constants.ts")
    assert not_shown(f'PARTITION_KEY = "{_mixed(21)}"\n', "app/models.py")
    event = ('{\n    "type": "track",\n    "messageId": "ajs-next-' + _hex(32) + '",\n'
             f'    "writeKey": "{_mixed(32)}",\n    "event": "Signed Up"\n}}\n')
    assert not_shown(event, "tests/fixtures/segment_events.json")


def test_the_second_probe_s_misses_are_found() -> None:
    # (set 574) a typed password ending in a dot, a *_param value with a symbol, a sed back-reference, an inline list
    _found(f"set -gx PGPASSWORD lantern{_R.randint(10, 99)}.\n", "dotfiles/config.fish")
    _found(f'admin_password_param = "maple{_R.randint(10, 99)}#"\n', "infra/prod.tfvars")
    _found(f'sed -i "s,\\(api_key\\s*=\\s*\\).*,\\1{_hex(32)}," /etc/agent/agent.ini\n', "scripts/provision.sh",
           "sed-substitution-captured-key")
    _found(f"securitytrails: [{_mixed(32)}]\n", "recon/provider-config.yaml", "subfinder-provider-key")
    assert not_shown('sed -i "s,\\(api_key\\s*=\\s*\\).*,\\1${AGENT_API_KEY}," /etc/agent/agent.ini\n', "provision.sh")


# --- travel APIs, RPA, Windows deployment, scholarly APIs (sets 579-582) ----------------------------------------------------

def test_keys_of_sets_579_to_582_are_found() -> None:
    _found(f"client = OAuth2::Client.new(\n  '{_mixed(16)}',\n  '{_mixed(48)}',\n  site: 'https://identity.hotel.io')\n",
           "apaleo_client.rb", "client-positional-key-secret-pair")
    _found(f'      "installArgs": "NESSUS_SERVER=cloud.tenable.com:443 NESSUS_KEY={_hex(64)} /qn",\n', "apps/catalogue.json",
           "installer-property-secret")
    _found(f"  <MacKey>{base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()}</MacKey>\n",
           "Metadata/Detection.xml", "password-xml-element")
    _found(f"SET SapPassword TO $'''{_mixed(12)}'''\n", "desktop/ExtractSap.robin", "power-automate-desktop-set-secret")
    _found(f'  {{"schemaname": "cr3f1_SupplierApiKey", "type": "String", "value": "{_mixed(32)}"}},\n',
           "power-automate/environment-variables.json", "json-name-value-secret")
    _found(f"curl -L -H 'Wiley-TDM-Client-Token: {random_uuid(_R)}' https://api.wiley.com/onlinelibrary/tdm/v1/articles/x\n",
           "tdm.sh", "curl-header-secret-name")
    _found(f"zot = zotero.Zotero('{_R.randint(10**6, 10**7)}', 'user', '{_mixed(24)}')\n", "zotero.py",
           "pyzotero-api-key-argument")


def test_look_alikes_of_sets_579_to_582_are_not_shown() -> None:
    assert not_shown(f'booking_token = "{random_chars(_R, 180, _LOWER36 + "ABCDEFGHIJKLMNOPQRSTUVWXYZ-_")}"\n', "tequila.py")
    counting = base64.b64encode(bytes(range(32))).decode()
    assert not_shown(f'KEY = "{counting}"\n', "tools/tests/test_upload.py")
    hotjar = base64.urlsafe_b64encode(('{"id": "%s", "existing": true}' % _hex(16)).encode()).decode().rstrip("=")
    cookies = ('{\n  "cookies": [\n    {\n      "name": "_hjSessionUser_3412",\n'
               f'      "value": "{hotjar}",\n'
               '      "domain": ".corp.com", "path": "/"\n    }\n  ]\n}\n')
    assert not_shown(cookies, "e2e/.auth/admin.json")
    assert not_shown(f'MAPS_KEY = "AIzaSy{_mixed(20)}"\n# truncated for the slide deck\n', "slides/key_short.py")


def test_marketplace_and_mobile_money_follow_ups() -> None:
    # (sets 584, 585) a Chapa secret key; a pk_live_ key and c.shopify_api_key are public
    _found(f'chapaKey := "CHASECK-{_mixed(32)}"\n', "chapa.go", "chapa-secret-key")
    assert not_shown(f"const YOCO_PUBLIC = 'pk_live_{_hex(20)}';\n", "web/src/yoco.ts")
    assert not_shown(f"ShopifyApp.configure do |c|\n  c.shopify_api_key = '{_hex(32)}'\nend\n", "config/initializers/shopify.rb")


def test_the_third_probe_s_misses_are_found() -> None:
    # (set 583) a session cookie in a saved browser state under e2e/, a winget Custom: switch, a Power Platform
    # definition typed by a numeric code, a PAD maps key
    state = ('{\n  "cookies": [\n    {\n      "name": "remember_token",\n'
             f'      "value": "{_mixed(48)}",\n      "domain": "app.corp.io", "path": "/", "httpOnly": true,\n'
             '      "secure": true, "sameSite": "Lax"\n    }\n  ]\n}\n')
    _found(state, "web/e2e/.auth/storageState.json", "cookie-export-session-value")
    _found(f"    Custom: AGENT_KEY={_hex(40)} /qn\n", "winget/agent.yaml", "installer-property-secret")
    _found(f'  {{"schemaname": "corp_HelpdeskApiKey", "type": "100000000", "value": "{_mixed(32)}"}}\n',
           "environmentvariabledefinition.json", "json-name-value-secret")
    _found(f"SET azureMapsKey TO $'''{_mixed(43)}'''\n", "Flows/SyncTickets.txt", "power-automate-desktop-set-secret")
