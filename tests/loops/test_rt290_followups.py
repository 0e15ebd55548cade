"""Follow-ups of red-team sets 290 onwards (marketing and CRM platforms, Windows desktop scripting and Office
automation, front ends dense with public keys). Values are drawn at run time; failures name the file and the
statuses, never the value (PYTEST_DONT_REWRITE: plain asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import json
import random
import string

from secretloop.loops.features import language_for
from secretloop.loops.filters.formats import packaged_formats
from tests.loops.test_fp_corpus_classes import SCANNER, not_shown, outcomes, require_shown
from tests.support.tokens import random_chars, random_uuid, typed_password

_R = random.Random(290)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"
_B64URL = _ALNUM + "-_"


def _b64url(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")


# --- marketing, CRM and customer-data platforms (set 290) ----------------------------------------------------------

def test_segments_public_api_token_is_a_secret_whatever_its_name_says() -> None:
    token = "sgp_" + random_chars(_R, 64, _ALNUM)
    require_shown(f"SEGMENT_PUBLIC_API_TOKEN={token}\n", ".env")
    require_shown(f"PUBLIC_API_TOKEN = '{random_chars(_R, 40, _ALNUM)}'\n", "scripts/backfill.py")
    # a name that says public about a key still does
    assert not_shown(f"STRIPE_PUBLIC_KEY = '{random_chars(_R, 32, _ALNUM)}'\n", "settings.py")


def test_keys_passed_by_position_to_crm_clients_are_found() -> None:
    require_shown(f"$cio = Customerio::APIClient.new('{random_chars(_R, 32, _HEX)}', region: Customerio::Regions::EU)\n",
                  "lib/cio_client.rb")
    require_shown(f"<?php\n$ac = new ActiveCampaign('https://acme.api-us1.com',\n    '{random_chars(_R, 72, _HEX)}');\n",
                  "ac.php")
    require_shown(f'resource "aws_ssm_parameter" "klaviyo" {{\n  value = "pk_{random_chars(_R, 34, _HEX)}"\n}}\n',
                  "terraform/klaviyo.tf")


def test_browser_tokens_of_checkout_and_storefront_sdks_are_not_shown() -> None:
    assert not_shown("import { initializePaddle } from '@paddle/paddle-js';\n"
                     f"initializePaddle({{ environment: 'production', token: 'live_{random_chars(_R, 27, _HEX)}' }});\n",
                     "src/paddle.js")
    head = _b64url({"alg": "RS256", "typ": "JWT"})
    storefront = f"{head}.{_b64url({'cid': 1, 'cors': ['https://shop.example'], 'eat': 1893456000})}." \
                 + random_chars(_R, 43, _B64URL)
    assert not_shown(f"const STOREFRONT_TOKEN = '{storefront}';\n", "storefront.js")
    # another JWT under the same name is still weighed as a secret
    admin = f"{head}.{_b64url({'sub': 'api', 'scope': 'admin', 'exp': 1893456000})}." + random_chars(_R, 43, _B64URL)
    require_shown(f"const API_TOKEN = '{admin}';\n", "server/api.js")


def test_paytabs_server_keys_are_found_and_client_keys_are_not() -> None:
    def key(first: str) -> str:
        return first + "-".join(random_chars(_R, n, string.ascii_uppercase + string.digits) for n in (9, 10, 10))
    require_shown(f"payment.paytabs.server.key={key('S')}\n", "application.properties")
    assert not_shown(f"paylib.inlineForm({{ key: '{key('C')}', form: myform }});\n", "paytabs.js")


# --- Windows desktop scripting and Office automation (set 291) -----------------------------------------------------

def test_office_and_windows_script_files_are_read_as_their_languages() -> None:
    assert language_for("src/classes/clsConnection.cls") == "vb"
    assert language_for("scripts/logon.vbs") == "vb"
    assert language_for("deploy.au3") == "autoit"
    assert language_for("hotkeys.ahk") == "autohotkey"
    assert language_for("src/Main.pas") == "pascal"
    assert language_for("setup/installer.nsi") == "nsis"
    # .pp is Puppet's manifest as much as Free Pascal's unit: its { opens a resource, not a comment
    assert language_for("manifests/init.pp") != "pascal"
    # (read as Pascal, the password sat inside a comment and went to a person instead)
    assert outcomes(f"class profile::db {{\n  mysql::db {{ 'app':\n    user     => 'app',\n"
                    f"    password => '{typed_password(_R)}',\n  }}\n}}\n", "site/profile/manifests/db.pp") == ["confirmed"]
    # a VBA property setter's parameter is a reference, not a password
    assert not_shown("Public Property Let Password(ByVal value As String)\n    mPassword = value\nEnd Property\n",
                     "src/classes/clsConnection.cls")


def test_passwords_in_installers_and_scheduled_tasks_are_found() -> None:
    require_shown(f'!define ZIP_PASSWORD "{typed_password(_R)}"\n', "setup/installer.nsi")
    require_shown(f"  nsExec::ExecToLog '\"$PLUGINSDIR\\7za.exe\" x \"$INSTDIR\\geo.7z\" -p{random_chars(_R, 12, _ALNUM)} "
                  "-o\"$INSTDIR\" -y'\n", "setup/installer.nsi")
    require_shown(f'"C:\\Program Files (x86)\\Inno Setup 6\\ISCC.exe" /DSignPassword={typed_password(_R)} app.iss\n',
                  "sign.cmd")
    require_shown(f"      <Arguments>-NoProfile -File C:\\jobs\\upload.ps1 -ApiKey {random_chars(_R, 32, _HEX)} "
                  "-Endpoint https://reports.example.net</Arguments>\n", "tasks/ReportUpload.xml")
    require_shown(f"      <Arguments>copy D:\\sql b2:offsite --b2-account {random_chars(_R, 25, _HEX)} "
                  f"--b2-key K00{random_chars(_R, 28, _ALNUM)} --transfers 4</Arguments>\n", "tasks/NightlyBackup.xml")
    assert not_shown('"C:\\Program Files (x86)\\Inno Setup 6\\ISCC.exe" /DSignPassword=%SIGN_PASSWORD% app.iss\n',
                     "sign.cmd")
    assert not_shown("!define PRODUCT_NAME \"Field App\"\n", "setup/installer.nsi")


def test_login_calls_of_windows_scripting_languages_are_found() -> None:
    require_shown(f'    RunAs("Administrator", $sHost, "{typed_password(_R)}", 0, "schtasks /run /s " & $sHost)\n',
                  "deploy.au3")
    require_shown(f'    http.SetCredentials "CORP\\svc_proxy", "{typed_password(_R)}", 1\n', "ThisOutlookSession.cls")
    require_shown(f"#SingleInstance Force\n::]pw::{typed_password(_R)}\n", "hotkeys.ahk")
    assert not_shown("    RunAs($sUser, $sHost, $sPassword, 0, \"notepad.exe\")\n", "deploy.au3")
    assert not_shown("    http.SetCredentials strUser, strPassword, 1\n", "ThisOutlookSession.cls")


# --- front ends and mobile clients dense with public keys (set 292) ------------------------------------------------

def test_a_vapid_private_key_given_to_web_push_is_found() -> None:
    public, private = random_chars(_R, 87, _B64URL), random_chars(_R, 43, _B64URL)
    require_shown(f'webpush.setVapidDetails(\n  "mailto:ops@example.org",\n  "{public}",\n  "{private}"\n);\n',
                  "server/send-push.js")


def test_client_side_keys_of_mobile_sdks_go_to_a_person_or_are_not_shown() -> None:
    assert not_shown(f'        buildConfigField("String", "LD_MOBILE_KEY", "\\"mob-{random_uuid(_R)}\\"")\n',
                     "app/build.gradle.kts")
    # the google-services plugin's string resources: a Firebase app's key, left to a person with advice
    google = "AIzaSy" + random_chars(_R, 33, _B64URL)
    text = ('<resources>\n    <string name="google_app_id" translatable="false">1:1234567890:android:'
            f'{random_chars(_R, 16, _HEX)}</string>\n'
            f'    <string name="google_api_key" translatable="false">{google}</string>\n</resources>\n')
    assert "confirmed" not in outcomes(text, "android/app/src/main/res/values/strings.xml")
    maps = "AIzaSy" + random_chars(_R, 33, _B64URL)
    assert "confirmed" not in outcomes(f'export const GOOGLE_MAPS_BROWSER_KEY = "{maps}";\n', "src/config.js")
    require_shown(f'GOOGLE_MAPS_SERVER_KEY = "{maps}"\n', "backend/geo.py")


# --- storage, CDN, media and transactional e-mail (set 294) --------------------------------------------------------

def test_media_and_mail_keys_passed_by_position_are_found() -> None:
    require_shown(f"const client = new SparkPost('{random_chars(_R, 40, _HEX)}');\n", "mailer.js")
    require_shown(f"m = Mandrill::API.new 'md-{random_chars(_R, 22, _ALNUM)}'\n", "mailer.rb")
    require_shown(f"const mj = require('node-mailjet').apiConnect('{random_chars(_R, 32, _HEX)}', "
                  f"'{random_chars(_R, 32, _HEX)}');\n", "mail.js")
    require_shown(f"$lib = new Vimeo($id, $secret, '{random_chars(_R, 32, _HEX)}');\n", "vimeo.php")
    require_shown(f'var account = new Account("brandassets", "{random_chars(_R, 15, string.digits)}", '
                  f'"{random_chars(_R, 27, _B64URL)}");\n', "Storage.cs")
    require_shown(f'var ik = new ImagekitClient(publicKey, "private_{random_chars(_R, 27, _ALNUM + "+/")}=", endpoint);\n',
                  "Startup.cs")
    require_shown(f'client := muxgo.NewAPIClient(muxgo.NewConfiguration(muxgo.WithBasicAuth("{random_uuid(_R)}", '
                  f'"{random_chars(_R, 75, _ALNUM + "+/")}")))\n', "mux.go")
    grant = "1" + random_chars(_R, 300, "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")
    require_shown(f"STORJ_ACCESS_GRANT={grant}\n", ".env")
    require_shown(f"access: {grant}\n", "uplink/config.yaml")


def test_upload_widgets_keys_are_not_shown() -> None:
    assert not_shown(f'cloudinary.createUploadWidget({{ cloudName: "brandco", apiKey: "{random_chars(_R, 15, string.digits)}", '
                     'uploadPreset: "unsigned_preset" });\n', "widget.js")
    assert not_shown(f"uppy.use(Transloadit, {{ params: {{ auth: {{ key: '{random_chars(_R, 32, _HEX)}' }}, "
                     f"template_id: '{random_chars(_R, 32, _HEX)}' }} }});\n", "uppy.js")


def test_a_name_prefix_is_not_read_as_a_token_prefix() -> None:
    # a rule's keyword that ends in _ is a token prefix (ghp_, sgp_; Notion's legacy tokens do open with secret_):
    # ImageKit's private_ and OVH's OVH_ are not, nor the other heads of names
    formats = packaged_formats()
    for head in ("private_", "public_", "access_", "api_", "auth_", "client_", "ovh_", "app_", "user_"):
        assert formats.value_prefix(head + "key") is None, head


# --- small little-known repositories (set 293) ---------------------------------------------------------------------

def test_a_password_compared_with_a_form_controls_text_is_found() -> None:
    # a word, a symbol and digits: typed passwords that read partly as words (the judge weighs them; the
    # comparison filter must not dismiss them as a kind the name is tested for)
    for word in ("Lantern", "Harbor", "Meadow", "Copper", "Willow", "Riverbend"):
        typed = word + _R.choice("#!*") + random_chars(_R, 4, string.digits)
        found = SCANNER.scan_text(f'            if (txtUser.Text == "suporte" && txtPassword.Text == "{typed}")\n', 0,
                                  "InventoryApp/LoginForm.cs")
        assert found and all("compared_operand" not in c.features.filter_hits for c in found), word
    # a parser's token compared with a kind is still a test of the name
    assert not_shown('    if (state.tokens.curr.value === "Object") {\n', "lib/parser.js")


# --- older sets' leftovers (sets 159-240) ---------------------------------------------------------------------------

def test_provider_keys_left_from_earlier_sets_are_found() -> None:
    banner = "_|WARNING:-DO-NOT-SHARE-THIS.--Sharing-this-will-allow-someone-to-log-into-your-Roblox-account.|_"
    require_shown(f"ROBLOSECURITY={banner}{random_chars(_R, 200, '0123456789ABCDEF')}\n", ".env")
    require_shown(f'client = SearchClient.create("{random_chars(_R, 10, string.ascii_uppercase + string.digits)}", '
                  f'"{random_chars(_R, 32, _HEX)}")\n', "indexer.py")
    require_shown(f'IFTTT_KEY = "{random_chars(_R, 22, _B64URL)}"\n', "bridge/notify.py")
    require_shown(f"$wgAkismetKey = '{random_chars(_R, 12, _HEX)}';\n", "LocalSettings.php")
    require_shown(f'    coinmarketcap: "{random_uuid(_R)}",\n', "hardhat.config.js")
    assert not_shown('client = SearchClient.create(os.environ["ALGOLIA_APP_ID"], os.environ["ALGOLIA_ADMIN_KEY"])\n',
                     "indexer.py")


# --- the probe of this stop's changes (set 295), HTTP clients (296), enterprise microservices (297) ----------------

def test_widget_options_over_lines_keep_their_public_keys_unshown() -> None:
    assert not_shown("export async function setupPaddle() {\n  const paddle = await initializePaddle({\n"
                     f"    environment: 'production',\n    token: 'live_{random_chars(_R, 27, _HEX)}',\n  }});\n}}\n",
                     "src/paddle.js")
    assert not_shown("const widget = cloudinary.createUploadWidget({\n  cloudName: 'media-prod',\n"
                     f"  apiKey: '{random_chars(_R, 15, string.digits)}',\n  uploadPreset: 'ugc_unsigned',\n}});\n",
                     "web/upload_widget.js")
    assert not_shown("const uppy = new Uppy().use(Transloadit, {\n  assemblyOptions: {\n    params: {\n"
                     f"      auth: {{ key: '{random_chars(_R, 32, _HEX)}' }},\n    }},\n  }},\n}});\n", "web/uppy.js")
    # a secret in the same options is still one
    require_shown("const transloadit = new Transloadit({\n  authKey: 'x',\n"
                  f"  authSecret: '{random_chars(_R, 40, _HEX)}',\n}});\n", "server/transloadit.js")


def test_ovh_application_key_is_the_id_half_of_its_secret() -> None:
    text = (f"OVH_ENDPOINT=ovh-eu\nOVH_AK={random_chars(_R, 16, _ALNUM)}\nOVH_AS={random_chars(_R, 32, _ALNUM)}\n"
            f"OVH_CK={random_chars(_R, 32, _ALNUM)}\n")
    statuses = outcomes(text, ".env")
    assert statuses.count("dismissed") == 1 and len(statuses) == 3, statuses


def test_arguments_over_lines_and_quoted_store_variables_are_read() -> None:
    require_shown(f'var lookup = NewLookup(\n\t"https://api.geo-lookup.example.net/v2",\n\t"{random_chars(_R, 40, _B64URL)}",\n)\n',
                  "internal/geo/geo.go")
    require_shown(f"const client = new Vimeo(\n  '{random_chars(_R, 40, _HEX)}',\n  '{random_chars(_R, 128, _ALNUM + '+/')}',\n"
                  f"  '{random_chars(_R, 32, _HEX)}'\n);\n", "src/vimeo_upload.js")
    require_shown(f"HDBUS=/usr/sap/hdbclient/hdbuserstore\n\"${{HDBUS}}\" SET MONITOR hana01:30013 MON_USER '{typed_password(_R)}'\n",
                  "scripts/setup_userstore.sh")
    require_shown(random_chars(_R, 43, _B64URL) + "\n" + random_chars(_R, 43, _B64URL) + "\nhttps://mastodon.social\n",
                  "masto-bot/bot_clientcred.secret")


def test_http_client_credentials_in_php_and_dotnet_are_found() -> None:
    word = _R.choice(["Tundra", "Harbor", "Quartz"])
    require_shown(f"$res = $client->request('GET', $url, ['auth' => ['ops', '{word}${random_chars(_R, 6, string.ascii_lowercase)}"
                  f"{random_chars(_R, 4, string.digits)}']]);\n", "call.php")
    require_shown(f'var raw = Encoding.UTF8.GetBytes("svc-export:{typed_password(_R)}");\n'
                  'client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Basic", Convert.ToBase64String(raw));\n',
                  "ApiClient.cs")
    # an unsecured JWT's header, built into a token at run time, holds no key
    assert not_shown("const token = 'eyJhbGciOiJub25lIn0.' + Buffer.from(JSON.stringify({ sub: 'test' }))"
                     ".toString('base64url') + '.';\n", "client.test.ts")


def test_a_key_written_into_a_secrets_url_is_found_and_an_authority_url_is_not() -> None:
    key = base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
    require_shown(f'          "secret_url": "base64key://{key}"\n', "krakend/krakend.json")
    assert not_shown(f"  Auth__Authority: https://login.microsoftonline.com/{random_uuid(_R)}/v2.0\n", "deploy/k8s/configmap.yaml")


# --- social and creator platforms (298), cloud automation scripts (299), a CredData-style mix (300) ----------------

def test_creator_platform_tokens_by_position_and_in_urls_are_found() -> None:
    require_shown(f"const client = patreon.patreon('{random_chars(_R, 43, _B64URL)}');\n", "patreon.js")
    require_shown(f"from patreon import API\napi = API('{random_chars(_R, 43, _B64URL)}')\n", "patreon.py")
    require_shown(f"client = pytumblr.TumblrRestClient(ck, cs, '{random_chars(_R, 50, _ALNUM)}', "
                  f"'{random_chars(_R, 50, _ALNUM)}')\n", "tumblr.py")
    require_shown(f'r = requests.get("https://disqus.com/api/3.0/threads/list.json?api_secret={random_chars(_R, 64, _ALNUM)}'
                  '&forum=blog")\n', "disqus.py")
    require_shown(f"[stream]\nkey=sk_us-west-2_{random_chars(_R, 12, _ALNUM)}_{random_chars(_R, 30, _ALNUM)}\n", "kick.ini")
    # a salt whose characters include the other quote and a parenthesis
    salt = "".join(_R.choice(_ALNUM + "!#$%&*+,-./:;<=>?@[]^_`{|}~\"()") for _ in range(64))
    require_shown(f"<?php\ndefine('AUTH_KEY',         '{salt}');\n", "wp-config.php")


def test_tokens_piped_into_cloud_clis_and_presigned_oci_urls_are_found() -> None:
    require_shown(f'echo "{random_chars(_R, 64, _ALNUM)}" | hcloud context create acme-ci\n', "hetzner/setup.sh")
    require_shown(f'PAR_URL = "https://objectstorage.eu-frankfurt-1.oraclecloud.com/p/{random_chars(_R, 64, _B64URL)}'
                  '/n/acmens/b/exports/o/"\n', "list_instances.py")
    assert not_shown('echo "$HCLOUD_TOKEN" | hcloud context create acme-ci\n', "hetzner/setup.sh")


def test_credentials_by_position_in_settings_constructors_are_found() -> None:
    require_shown(f'        return new SftpSettings("sftp.bank-partner.com", 22, "acme_orders", "{typed_password(_R)}");\n',
                  "config/PaymentClientConfig.java")
    require_shown(f'        return new PaymentClient("merchant-4471", "{random_chars(_R, 32, _ALNUM)}", PaymentClient.Env.LIVE);\n',
                  "config/PaymentClientConfig.java")
    assert not_shown('        return new SftpSettings("sftp.bank-partner.com", 22, "acme_orders", password);\n',
                     "config/PaymentClientConfig.java")


# --- the second probe (301), databases and brokers (302), localization and UI components (303) --------------------

def test_positional_credentials_over_lines_are_found() -> None:
    require_shown(f'SearchClient client = DefaultSearchClient.create(\n    "{random_chars(_R, 10, string.ascii_uppercase)}",\n'
                  f'    "{random_chars(_R, 32, _HEX)}"\n);\n', "AlgoliaConfig.java")
    require_shown(f'val ds = DbSettings(\n    "db.pay.internal",\n    5432,\n    "payments",\n    "{typed_password(_R)}"\n)\n',
                  "DbConfig.kt")
    require_shown(f"tl = Transloadit(\n    '{random_chars(_R, 32, _HEX)}',\n    '{random_chars(_R, 40, _HEX)}',\n)\n",
                  "server/transloadit.py")
    require_shown(f'client := influxdb2.NewClient("https://influx.internal:8086", "{random_chars(_R, 86, _ALNUM + "+/")}==")\n',
                  "config.go")
    # an SMTP helper's third argument is the HELO domain, not a user
    assert "host-port-user-password-arguments" not in {
        c.rule_id for c in SCANNER.scan_text("Net::SMTP.start('smtp.example.com', 587, 'example.com', 'alerts', pw, :login)\n",
                                             0, "mail.rb")}


def test_terraform_state_and_flow_style_cookies_are_found() -> None:
    state = ('{\n  "resources": [\n    {\n      "mode": "managed",\n      "type": "random_password",\n      "name": "redis",\n'
             '      "provider": "provider[\\"registry.terraform.io/hashicorp/random\\"]",\n      "instances": [\n        {\n'
             f'          "attributes": {{\n            "length": 24,\n            "result": "{typed_password(_R)}"\n'
             '          }\n        }\n      ]\n    }\n  ]\n}\n')
    require_shown(state, "envs/prod/terraform.tfstate")
    require_shown(f'        env:\n          - {{ name: RELEASE_COOKIE, value: "{random_chars(_R, 40, _ALNUM)}" }}\n', "k8s/worker.yaml")


def test_broker_and_database_credentials_are_found() -> None:
    pw = typed_password(_R)
    require_shown(f"kafka-configs.sh --bootstrap-server localhost:9092 --alter --add-config 'SCRAM-SHA-512=[password={pw}]' "
                  "--entity-type users --entity-name alice\n", "setup.sh")
    require_shown(f"zkCli.sh -server zk1:2181 addauth digest admin:{typed_password(_R)}\n", "zk-acl.sh")
    require_shown(f"etcdctl --user root:{typed_password(_R)} role list\n", "etcd.sh")
    require_shown(f"echo '{typed_password(_R)}' | saslpasswd2 -a memcached -c -p cacheuser\n", "setup.sh")
    require_shown(f"conn.execute(\"PRAGMA key = '{typed_password(_R)}'\")\n", "db.py")
    require_shown(f"ACTIVEMQ_BROKER_URL=failover:(ssl://b-1.mq.us-east-1.amazonaws.com:61617)?jms.userName=app"
                  f"&jms.password={random_chars(_R, 21, _B64URL)}\n", ".env")
    require_shown(f"admin={typed_password(_R)}\n", "conf/users.properties")
    require_shown(f"[admins]\nadmin = {typed_password(_R)}\n", "etc/local.ini")


def test_a_typed_password_ending_in_a_separator_is_no_format_prefix() -> None:
    pw = random_chars(_R, 4, string.ascii_uppercase) + "_" + random_chars(_R, 6, string.ascii_lowercase) \
        + random_chars(_R, 4, string.digits) + "."
    require_shown(f"COUCHDB_URL=https://admin:{pw}@couch.internal:6984\n", ".env")
    assert not_shown('const PREFIX = "sk-live-";\n', "src/tokens.js")


def test_refused_password_lists_shipped_defaults_and_signed_nats_configuration_are_not_shown() -> None:
    assert not_shown("export const COMMON_PASSWORDS: readonly string[] = [\n  '123456', 'password', 'qwerty', 'letmein',\n"
                     "  'dragon', 'trustno1', 'passw0rd', 'p@ssw0rd', 'superman', 'qazwsx',\n];\n", "src/dictionary.ts")
    assert not_shown("# SYSDBA default from the Firebird quick-start guide; dev VM only\nISC_PASSWORD=masterkey\n", "firebird.conf")
    head = _b64url({"typ": "JWT", "alg": "ed25519-nkey"})
    operator = _b64url({"jti": random_chars(_R, 52, string.ascii_uppercase), "iat": 1700000000,
                        "iss": "O" + random_chars(_R, 55, string.ascii_uppercase), "name": "acme",
                        "nats": {"type": "operator", "version": 2}})
    assert not_shown(f"operator: {head}.{operator}.{random_chars(_R, 86, _B64URL)}\n", "nats-server.conf")
    user = _b64url({"jti": random_chars(_R, 52, string.ascii_uppercase), "iat": 1700000000,
                    "iss": "A" + random_chars(_R, 55, string.ascii_uppercase), "name": "svc",
                    "nats": {"type": "user", "version": 2}})
    require_shown(f"user_jwt: {head}.{user}.{random_chars(_R, 86, _B64URL)}\n", "svc.conf")


# --- open data, health and education APIs (304), desktop and CLI tools (305) ---------------------------------------

def test_education_and_open_data_keys_by_position_are_found() -> None:
    require_shown(f'from KalturaClient import *\nks = client.session.start("{random_chars(_R, 32, _HEX)}", "admin@school.edu", '
                  "KalturaSessionType.ADMIN, 1234567)\n", "kaltura_session.py")
    require_shown(f'from census import Census\nc = Census("{random_chars(_R, 40, _HEX)}", year=2020)\n', "census_pull.py")
    require_shown(f"oauth = OAuth::Consumer.new(\n  '{random_chars(_R, 41, _HEX)}',\n  '{random_chars(_R, 32, _HEX)}',\n"
                  "  site: 'https://api.schoology.com')\n", "schoology.rb")
    require_shown(f"api:\n  registrationkey: {random_chars(_R, 32, _HEX)}\n", "settings.yaml")
    # a UUID as curl's Basic user is an API key, not an identifier
    require_shown(f"curl -u {random_uuid(_R)}: https://api.company-information.service.gov.uk/company/00000006\n", "ch_client.sh")


def test_installer_script_values_and_protocol_lines_are_read_as_literals() -> None:
    require_shown(f'SignTool=signtool sign /f "$qC:\\certs\\app.pfx$q" /p {random_chars(_R, 13, string.ascii_letters)} '
                  "/t http://timestamp.example.com $f\n", "installer/setup.iss")
    require_shown(f'    dprintf(sock, "PASS {typed_password(_R)}\\r\\n");\n', "src/irc.c")
    assert not_shown('    dprintf(sock, "PASS %s\\r\\n", pass);\n', "src/irc.c")


# --- the third probe (307), VPN and network management (308), .NET Framework and Java EE (309) ---------------------

def test_remote_access_keys_are_found() -> None:
    require_shown(f"NB_SETUP_KEY={random_uuid(_R).upper()}\n", "netbird.env")
    require_shown(f"netbird up --setup-key {random_uuid(_R).upper()} --management-url https://api.netbird.io\n", "setup.sh")
    require_shown(f"tailscale up --login-server=https://headscale.corp.lan --authkey {random_chars(_R, 48, _HEX)} "
                  "--accept-routes\n", "setup.sh")
    require_shown(f"curl -sk 'https://fw01.example.net/api/?type=op&cmd=<show><system><info></info></system></show>"
                  f"&key=LUFRPT{random_chars(_R, 120, _ALNUM + '+/')}=='\n", "setup.sh")
    require_shown(f"radius server ISE-1\n address ipv4 10.1.2.3 auth-port 1812 acct-port 1813\n key {typed_password(_R)}\n",
                  "router.cfg")
    require_shown(f"m.rossi\n{typed_password(_R)}\n", "auth.txt")


def test_protocol_lines_with_a_percent_in_the_password_are_found() -> None:
    require_shown(f'    sock.sendall(b"PASS {random_chars(_R, 6, _ALNUM)}%{random_chars(_R, 6, _ALNUM)}\\r\\n")\n', "ftp_sync.py")
    assert not_shown('    fmt.Fprintf(conn, "a1 LOGIN %s %s\\r\\n", user, pass)\n', "imap.go")


def test_java_ee_descriptors_and_build_files_are_read() -> None:
    require_shown('    <signjar jar="dist/app.jar" alias="codesign" keystore="${keystore.file}"\n'
                  f'             storepass="{typed_password(_R)}" keypass="{typed_password(_R)}"/>\n', "build.xml")
    require_shown(f'    <Environment name="app/encryptionKey" type="java.lang.String" '
                  f'value="{base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()}" override="false"/>\n',
                  "conf/context.xml")
    require_shown(f"        <entry><key>ftp.password</key><value>{typed_password(_R)}</value></entry>\n", "quartz_jobs.xml")
    require_shown(f"        <sonar.login>{random_chars(_R, 40, _HEX)}</sonar.login>\n", "settings.xml")
    assert not_shown('    <signjar jar="dist/app.jar" alias="codesign" storepass="${keystore.pass}"/>\n', "build.xml")


# --- unusual syntaxes (311), a CredData-style mix of 2016-2022 (312) -----------------------------------------------

def test_secrets_in_ada_cobol_and_toml_multiline_strings_are_found() -> None:
    require_shown(f'package Credentials is\n   Db_Password : constant String := "{typed_password(_R)}";\nend Credentials;\n',
                  "src/credentials.ads")
    require_shown(f'       01 WS-API-TOKEN  PIC X(40) VALUE "{random_chars(_R, 32, _HEX)}".\n', "src/DBCONN.cbl")
    require_shown(f'[service]\nendpoint = "https://api.internal"\napi_key = """\n{random_chars(_R, 64, _HEX)}\n"""\n', "config.toml")
    assert not_shown('package config\nDB_PASSWORD :: "set-me"\n', "config.odin")


def test_a_quoted_password_is_no_type_and_a_product_name_is_no_label() -> None:
    require_shown(f'const char* kDbPassword = "&{random_chars(_R, 13, _ALNUM)}";\n', "src/db.cpp")
    require_shown(f"LABEL_STUDIO_TOKEN={random_chars(_R, 40, _HEX)}\n", ".env")
    assert not_shown('    password: &str,\n', "src/config.rs")


# --- game platforms (313), developers writing in other languages (314) ---------------------------------------------

def test_game_platform_keys_are_found() -> None:
    require_shown(f'publisher_key: "{random_chars(_R, 32, "0123456789ABCDEF")}"\n', "steam/config.yml")
    bcrypt_shaped = "$2a$10$" + random_chars(_R, 53, _ALNUM + "./")
    require_shown(f"[api]\napiKey = '{bcrypt_shaped}'\n", "config/settings.toml")
    # the same shape under a hash's name is a hash
    assert not_shown(f"password_hash: '{bcrypt_shaped}'\n", "fixtures/users.yml")


def test_your_password_in_other_languages_is_a_placeholder() -> None:
    for stand_in in ("sua_senha", "tu_contraseña", "twoje_haslo", "senin_sifren", "votre_mot_de_passe"):
        assert not_shown(f"DB_PASSWORD={stand_in}\n", ".env"), stand_in
    require_shown(f"DB_PASSWORD=Sua{random_chars(_R, 8, _ALNUM)}!{random_chars(_R, 3, string.digits)}\n", ".env")
