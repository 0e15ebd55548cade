"""Follow-ups of red-team sets 212 onwards (communication platforms, modern .NET, generated and vendored files) and of
shapes older sets left open (Okta's SSWS token alone, user:password@host without a scheme). Values are drawn at run
time; failures name the file and the statuses, never the value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import base64
import hashlib
import random
import string
import urllib.parse

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown
from tests.support.tokens import random_chars

_R = random.Random(212)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def _b64(n: int) -> str:
    return base64.b64encode(bytes(_R.randrange(256) for _ in range(n))).decode()


def _uuid() -> str:
    h = random_chars(_R, 32, _HEX)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


# --- shapes left open by older sets --------------------------------------------------------------------------------

def test_an_okta_token_after_its_ssws_scheme_is_found_on_a_line_of_its_own() -> None:
    token = "00" + random_chars(_R, 40, _ALNUM + "_-")
    assert outcomes(f"Use this token for the sync job:\nSSWS {token}\n", "notes/okta.md") == ["confirmed"]
    assert not_shown("Authorization: SSWS ${OKTA_API_TOKEN}\n", "okta.sh")


def test_user_and_password_before_a_host_without_a_scheme_are_found() -> None:
    require_shown(f"[network]\nproxy = svc_build:{random_chars(_R, 14, _ALNUM)}@proxy.corp.acme.net:3128\n", "build.conf")
    require_shown(f"DB_HOST=admin:{random_chars(_R, 16, _ALNUM)}@db.internal.acme.io:5432/app\n", "db.env")
    assert outcomes(".. _posting address: mailto:django-updates+subscribe@googlegroups.com\n", "docs/lists.txt") == []
    assert outcomes("remote = git@github.com:acme/infra.git\n", "repo.conf") == []


# --- communication platforms (set 212) -----------------------------------------------------------------------------

def test_slack_browser_session_tokens_are_found() -> None:
    digits = string.digits
    xoxc = f"xoxc-{random_chars(_R, 12, digits)}-{random_chars(_R, 13, digits)}-{random_chars(_R, 13, digits)}-{random_chars(_R, 64, _HEX)}"
    xoxd = "xoxd-" + urllib.parse.quote(_b64(120), safe="")
    assert outcomes(f"SLACK_XOXC={xoxc}\nSLACK_XOXD={xoxd}\n", "session.sh") == ["confirmed", "confirmed"]
    assert not_shown("SLACK_XOXC=xoxc-...\n", "session.sh")


def test_a_teams_webhook_on_the_older_outlook_host_is_found() -> None:
    url = (f"https://outlook.office.com/webhook/{_uuid()}@{_uuid()}/IncomingWebhook/{random_chars(_R, 32, _HEX)}/{_uuid()}")
    assert outcomes(f'TEAMS_URL = "{url}"\n', "notify.py") == ["confirmed"]


def test_a_plain_api_token_header_is_found() -> None:
    require_shown(f"curl -H 'Api-Token: {random_chars(_R, 40, _HEX)}' https://api-ABC.sendbird.com/v3/users\n", "sb.sh")


def test_a_twitter_access_token_is_found_in_a_file_that_names_twitter() -> None:
    token = f"{random_chars(_R, 19, string.digits)}-{random_chars(_R, 40, _ALNUM)}"
    require_shown(f'// twitter client\napi := anaconda.NewTwitterApiWithCredentials("{token}", sec, ck, cs)\n', "main.go")
    assert outcomes(f"# twitter\nbuild = '20240101-{random_chars(_R, 40, _HEX)}'\n", "ver.py") == []


def test_the_secret_given_by_position_to_pusher_or_stream_is_found() -> None:
    key, secret = random_chars(_R, 20, _HEX), random_chars(_R, 20, _HEX)
    require_shown(f"$pusher = new Pusher\\Pusher('{key}', '{secret}', '1834567', $options);\n", "app/Broadcast.php")
    lower = string.ascii_lowercase + string.digits
    require_shown(f"const c = StreamChat.getInstance('{random_chars(_R, 12, lower)}', '{random_chars(_R, 64, lower)}');\n",
                  "server/stream.js")


def test_an_hmac_proof_of_a_token_is_no_secret() -> None:
    proof = hashlib.sha256(random_chars(_R, 30, _ALNUM).encode()).hexdigest()
    assert not_shown(f"APPSECRET_PROOF={proof}\n", "fb.env")


# --- modern .NET (set 213) -----------------------------------------------------------------------------------------

def test_the_cosmos_emulators_key_on_localhost_is_published_but_a_cloud_accounts_is_not() -> None:
    key = _b64(64)
    assert not_shown(f'"Cosmos": "AccountEndpoint=https://localhost:8081/;AccountKey={key}"\n', "local.settings.json")
    require_shown(f'"Cosmos": "AccountEndpoint=https://acme-prod.documents.azure.com:443/;AccountKey={_b64(64)}"\n',
                  "appsettings.json")


def test_a_signalr_or_communication_services_connection_string_is_found() -> None:
    assert outcomes(f'"SignalR": "Endpoint=https://chat.service.signalr.net;AccessKey={_b64(32)};Version=1.0;"\n',
                    "appsettings.json") == ["confirmed"]
    assert outcomes(f"ACS=endpoint=https://acme.communication.azure.com/;accesskey={_b64(64)}\n", ".env") == ["confirmed"]
    assert outcomes('"SignalR": "Endpoint=https://chat.service.signalr.net;AuthType=azure.msi;Version=1.0;"\n',
                    "appsettings.json") == []


def test_dotnet_section_names_and_a_functions_key_are_read_as_secret_names() -> None:
    require_shown(f"JWT__KEY={_b64(32)}\n", ".env.production")
    require_shown(f'private const string FunctionKey = "{_b64(40)}";\n', "tests/HttpTriggerTests.cs")


# --- hosted databases (set 215), serverless apps (216), mail configuration (217) -------------------------------------

def test_an_astra_token_and_a_couchbase_password_given_by_position_are_found() -> None:
    astra = f"AstraCS:{random_chars(_R, 24, _ALNUM)}:{random_chars(_R, 64, _HEX)}"
    assert "confirmed" in outcomes(f'auth = PlainTextAuthProvider("token", "{astra}")\n', "astra.py")
    require_shown(f'auth = PasswordAuthenticator("app", "{random_chars(_R, 16, _ALNUM)}")\n', "couchbase.py")


def test_a_confluent_secret_stored_through_the_cli_is_found() -> None:
    key = random_chars(_R, 16, string.ascii_uppercase + string.digits)
    assert outcomes(f"confluent api-key store {key} {_b64(48)} --resource lkc-7x2pq9\n", "setup.sh") == ["confirmed"]


def test_a_token_body_of_a_repeated_lower_case_marker_is_made_up() -> None:
    assert not_shown(f'UPSTASH_REDIS_REST_TOKEN="AX{random_chars(_R, 8, _ALNUM)}{"example" * 5}"\n', "readonly.env")


def test_a_providers_prefix_before_stand_in_words_in_a_test_is_no_key() -> None:
    assert not_shown("process.env.SENDGRID_API_KEY = 'SG.test-key';\n", "test/email.test.js")


def test_gcloud_secret_mappings_name_secret_manager_entries() -> None:
    assert not_shown("      - --set-secrets=DB_PASSWORD=reports-db-password:latest,SENDGRID_API_KEY=sendgrid-key:3\n",
                     "cloudbuild.yaml")


def test_an_smtp_login_after_a_variable_naming_the_user_is_found() -> None:
    require_shown(f'    server.login(SENDER_EMAIL, "{random_chars(_R, 14, _ALNUM)}")\n', "scripts/send.py")
    assert outcomes('    server.login(SENDER_EMAIL, password)\n', "scripts/send.py") == []


def test_a_google_app_password_in_a_php_constant_is_found() -> None:
    app = " ".join(random_chars(_R, 4, string.ascii_lowercase) for _ in range(4))
    require_shown(f"define( 'WPMS_SMTP_PASS', '{app}' );\n", "wp-config.php")


def test_a_postmark_token_given_to_its_client_or_as_the_smtp_user_is_found() -> None:
    assert outcomes(f"const client = new postmark.ServerClient('{_uuid()}');\n", "providers/postmark.js") == ["confirmed"]
    assert outcomes(f"MAIL_HOST=smtp.postmarkapp.com\nMAIL_USERNAME={_uuid()}\n", ".env") == ["confirmed"]
    assert outcomes(f"[smtp]\nhost = smtp.postmarkapp.com:587\nuser = {_uuid()}\n", "grafana.ini") == ["confirmed"]


def test_a_rails_encrypted_message_is_ciphertext() -> None:
    message = f"{_b64(90)}--{_b64(12)}--{_b64(16)}"
    assert not_shown(f'  s.encrypted_password = "{message}"\n', "db/seeds.rb")


# --- the probe of these changes (218), desktop apps (219), the long tail of providers (220) --------------------------

def test_user_and_password_before_a_one_word_host_with_a_port_are_found_but_not_a_mail_address() -> None:
    require_shown(f"DATABASE_ADDR=app:{random_chars(_R, 12, _ALNUM)}@postgres:5432/app\n", ".env.production")
    assert not_shown("NOTIFY_URI=mailto:dmarc-reports+acme@mail.example.org\n", "config/contacts.env")
    assert outcomes(f"upstream = image:1.4.2@sha256:{random_chars(_R, 64, _HEX)}\n", "proxy.conf") == []


def test_real_time_sdk_arguments_one_per_line_and_a_couchbase_factory_are_found() -> None:
    require_shown(f"$pusher = new Pusher\\Pusher(\n    '{random_chars(_R, 20, _HEX)}',\n    '{random_chars(_R, 20, _HEX)}',\n"
                  "    '1834567'\n);\n", "scripts/replay.php")
    require_shown(f'var auth = PasswordAuthenticator.create("ingest", "{random_chars(_R, 16, _ALNUM)}");\n', "CouchClient.java")


def test_a_csharp_get_only_property_initializer_is_read_as_an_assignment() -> None:
    require_shown(f'    public string FunctionKey {{ get; }} = "{_b64(40)}";\n', "src/Settings.cs")


def test_a_meta_access_token_under_a_page_token_name_is_no_cursor() -> None:
    require_shown(f'PAGE_TOKEN = "EAA{random_chars(_R, 150, _ALNUM)}"\n', "notify/facebook.py")
    assert not_shown(f'page_token = "{random_chars(_R, 40, _ALNUM)}"\n', "api/list.py")


def test_a_secret_in_gcloud_env_vars_and_bundle_config_credentials_are_found() -> None:
    require_shown(f"gcloud run deploy api --set-env-vars=ENV=prod,DB_PASSWORD={random_chars(_R, 18, _ALNUM)}\n", "deploy.sh")
    assert not_shown("gcloud run deploy api --set-env-vars=ENV=prod,DB_PASSWORD=$DB_PASSWORD\n", "deploy.sh")
    require_shown(f"RUN bundle config gems.contribsys.com {random_chars(_R, 8, _HEX)}:{random_chars(_R, 8, _HEX)} && bundle install\n",
                  "Dockerfile")


def test_a_random_key_fixed_with_define_and_a_signtool_password_through_a_variable_are_found() -> None:
    require_shown(f'#define CRASH_UPLOAD_KEY "{random_chars(_R, 32, _HEX)}"\n', "src/config.h")
    assert outcomes('#define CACHE_KEY "com.acme.radar.settings.cache"\n', "src/config.h") == []
    require_shown(f"%SIGNTOOL% sign /f build\\codesign.pfx /p {random_chars(_R, 14, _ALNUM)} /td sha256 dist\\app.exe\n",
                  "build/sign.cmd")


def test_python_social_auths_key_is_the_apps_public_id() -> None:
    assert not_shown(f'SOCIAL_AUTH_FACEBOOK_KEY = "{random_chars(_R, 15, string.digits)}"\n', "settings.py")
    require_shown(f'SOCIAL_AUTH_FACEBOOK_SECRET = "{random_chars(_R, 32, _HEX)}"\n', "settings.py")


def test_a_long_oauth_access_token_under_a_secret_name_is_read() -> None:
    # LinkedIn's and Meta's user access tokens run to 300-500 characters
    require_shown(f"LINKEDIN_ACCESS_TOKEN=AQ{random_chars(_R, 380, _ALNUM + '_-')}\n", ".env")


# --- generic cases in less common languages and formats (set 223) ----------------------------------------------------

def test_org_mode_properties_and_asciidoc_attributes_are_read_as_settings() -> None:
    require_shown(f"* Deploy\n  :PROPERTIES:\n  :API_SECRET: {random_chars(_R, 32, _ALNUM)}\n  :END:\n", "ops.org")
    require_shown(f":client-secret: {random_chars(_R, 32, _ALNUM)}\n", "runbook.adoc")


def test_a_restructuredtext_substitution_holding_a_token_is_found() -> None:
    require_shown(f".. |api token| replace:: {random_chars(_R, 32, _ALNUM)}\n", "docs/runbook.rst")
    assert outcomes(".. |api token| replace:: ``<your token>``\n", "docs/runbook.rst") == []


def test_more_header_names_in_proxies_and_swift_are_read() -> None:
    require_shown(f"    proxy_set_header X-Access-Key {random_chars(_R, 32, _ALNUM)};\n", "nginx.conf")
    require_shown(f'request.setValue("{random_chars(_R, 24, _ALNUM)}", forHTTPHeaderField: "X-Passphrase")\n', "Client.swift")


def test_credentials_names_in_makefiles_and_erlang_terms_are_read() -> None:
    require_shown(f"CREDENTIALS := {random_chars(_R, 32, _ALNUM)}\n", "Makefile")
    require_shown(f'{{credentials, "{random_chars(_R, 32, _ALNUM)}"}},\n', "sys.config")


def test_crystal_specs_and_zig_tests_are_tests() -> None:
    assert not_shown('  password: "test1234"\n', "spec/auth_spec.cr")


# --- the second probe (221) and automation exports (222) -----------------------------------------------------------

def test_signtool_through_a_quoted_variable_and_confluent_flags_before_the_key_are_read() -> None:
    require_shown(f'"${{SIGNTOOL}}" sign /f build/codesign.pfx /p {random_chars(_R, 14, _ALNUM)} /fd sha256 dist/app.exe\n',
                  "build/sign-release.sh")
    key = random_chars(_R, 16, string.ascii_uppercase + string.digits)
    assert outcomes(f"confluent api-key store --resource lkc-7x2pq9 {key} {_b64(48)}\n", "setup.sh") == ["confirmed"]


def test_streams_php_client_takes_its_secret_second() -> None:
    lower = string.ascii_lowercase + string.digits
    require_shown(f"$client = new GetStream\\Stream\\Client('{random_chars(_R, 12, lower)}', '{random_chars(_R, 64, lower)}');\n",
                  "src/Feed.php")


def test_a_salesforce_cli_auth_url_is_found() -> None:
    token = "5Aep861" + random_chars(_R, 80, _ALNUM + ".")
    assert outcomes(f"SFDX_AUTH_URL=force://PlatformCLI::{token}@acme.my.salesforce.com\n", "ci.env") == ["confirmed"]


def test_awx_markers_and_workflow_parameters_are_no_passwords() -> None:
    assert not_shown('        "become_password": "$encrypted$",\n', "exports/job_templates.json")
    assert not_shown('  "authentication": { "type": "Basic", "username": "flow-bot", '
                     '"password": "@parameters(\'BudgetApiPassword\')" }\n', "definition.json")


def test_a_google_app_password_in_four_groups_is_one_password_not_a_phrase() -> None:
    app = " ".join(random_chars(_R, 4, "bcdfghjklmnpqrstvwxz") for _ in range(4))
    require_shown(f'    server.login(SENDER_EMAIL, "{app}")\n', "scripts/alerts.py")
    assert not_shown('    server.login(SENDER_EMAIL, "blue moon fish tree")\n', "scripts/alerts.py")


# --- credentials in URLs and connection strings (set 225) ----------------------------------------------------------

def test_a_sqlalchemy_dialect_with_an_underscored_driver_and_an_influx_query_pair_are_found() -> None:
    require_shown(f'URI = "oracle+cx_oracle://scott:{random_chars(_R, 14, _ALNUM)}@db.acme.internal:1521/ORCL"\n', "app.py")
    require_shown(f'DSN = "postgresql+psycopg_async://app:{random_chars(_R, 14, _ALNUM)}@db.acme.internal/app"\n', "db.py")
    require_shown(f"curl -G 'http://influx.acme.internal:8086/query?u=grafana&p={random_chars(_R, 16, _ALNUM)}'\n", "q.sh")
    assert outcomes("https://shop.example.com/list?u=42&p=2\n", "links.txt") == []


def test_a_local_default_account_and_an_anonymous_ftp_login_are_no_secrets() -> None:
    assert not_shown('DATABASE_URL = "mysql://root:root@localhost:3306/app"\n', "settings.py")
    assert not_shown("MIRROR=ftp://anonymous:anonymous@ftp.gnu.org/gnu/\n", "mirrors.txt")
    require_shown(f'DATABASE_URL = "mysql://root:{random_chars(_R, 14, _ALNUM)}@localhost:3306/app"\n', "settings.py")


def test_an_authorization_policy_names_how_not_what() -> None:
    assert not_shown("      authorization_policy: two_factor\n", "authelia/configuration.yml")


def test_a_random_default_of_a_validated_env_setting_is_found() -> None:
    require_shown(f'    ADMIN_API_TOKEN: z.string().default("{random_chars(_R, 48, _ALNUM)}"),\n', "src/env.ts")
    assert outcomes('    NODE_ENV: z.enum(["development", "production"]).default("development"),\n', "src/env.ts") == []


# --- secrets carried in URLs (set 229) ------------------------------------------------------------------------------

def test_a_mattermost_hook_is_known_by_its_ids_alphabet_without_the_products_name() -> None:
    hook = random_chars(_R, 26, "ybndrfg8ejkmcpqxot1uwisza345h769")
    require_shown(f"MM_URL=https://chat.ops.example.net/hooks/{hook}\n", "notify.sh")
    assert outcomes("ALERTS=https://chat.ops.example.net/hooks/abcdefghijklmnopqrstuvwxyz\n", "notify.sh") == []


def test_keys_in_intake_url_paths_and_a_short_zapier_hook_are_found() -> None:
    assert outcomes(f"curl https://http-intake.logs.datadoghq.com/v1/input/{random_chars(_R, 32, _HEX)}\n",
                    "ship.sh") == ["confirmed"]
    assert outcomes(f"PD=https://events.pagerduty.com/integration/{random_chars(_R, 32, _HEX)}/enqueue\n", ".env") == ["confirmed"]
    require_shown(f"ZAP=https://hooks.zapier.com/hooks/catch/{random_chars(_R, 7, string.digits)}/"
                  f"{random_chars(_R, 6, string.ascii_lowercase + string.digits)}/\n", ".env")


def test_a_maps_embed_key_in_a_page_is_left_to_a_person() -> None:
    key = "AIzaSy" + random_chars(_R, 33, _ALNUM + "_-")
    assert outcomes(f'<iframe src="https://www.google.com/maps/embed/v1/place?key={key}&q=Berlin"></iframe>\n',
                    "map.html") == ["pending"]


# --- the third probe (227) and legacy web applications (228) ---------------------------------------------------------

def test_header_passwords_with_symbols_swift_addvalue_and_a_spaced_app_password_in_java_are_found() -> None:
    require_shown(f"    proxy_set_header X-Upstream-Password {random_chars(_R, 10, _ALNUM)}!*^{random_chars(_R, 4, _ALNUM)};\n",
                  "conf.d/upstream.conf")
    require_shown(f'request.addValue("{random_chars(_R, 32, _ALNUM)}", forHTTPHeaderField: "X-Access-Key")\n', "Session.swift")
    app = " ".join(random_chars(_R, 4, "bcdfghjklmnpqrstvwxz") for _ in range(4))
    require_shown(f'        return new PasswordAuthentication("alerts@acme.io", "{app}".toCharArray());\n', "Mail.java")


def test_long_quoted_tokens_are_read_but_certificates_and_inlined_images_are_not_secrets() -> None:
    require_shown(f'  linkedin_access_token: "AQ{random_chars(_R, 350, _ALNUM + "_-")}"\n', "config/integrations.yml")
    cert = base64.b64encode(b"\x30\x82\x03\x21\x30\x82\x02\x09\xa0\x03\x02\x01\x02\x02\x09\x00"
                            + bytes(_R.randrange(256) for _ in range(780))).decode()
    assert not_shown(f'  client_secret_cert: "{cert}"\n', "config/integrations.yml")
    gif = "data:image/gif;base64," + _b64(300)
    assert not_shown(f'SECRET_SPINNER_GIF = "{gif}"\n', "src/publish.py")


def test_legacy_applications_stored_hashes_are_no_passwords() -> None:
    salt = random_chars(_R, 8, _HEX)
    md5 = hashlib.md5(random_chars(_R, 12, _ALNUM).encode()).hexdigest()
    assert not_shown(f"INSERT INTO user (user_name, user_password) VALUES ('Admin', ':B:{salt}:{md5}');\n", "users.sql")
    joomla = f"{hashlib.md5(random_chars(_R, 12, _ALNUM).encode()).hexdigest()}:{random_chars(_R, 32, _ALNUM)}"
    assert not_shown(f"INSERT INTO jos_users (username, password) VALUES ('admin', '{joomla}');\n", "restore_users.sql")
    assert not_shown(f"admin:devtools:{md5}\n", "apache/htdigest")


def test_a_password_senders_address_and_a_perl_site_config_password() -> None:
    assert not_shown('$wgPasswordSender = "wiki-noreply@acme.example.org";\n', "LocalSettings.php")
    require_shown(f"Set( $DatabasePassword, '{random_chars(_R, 14, _ALNUM)}' );\n", "rt/RT_SiteConfig.pm")


def test_a_pkcs12_bundle_in_base64_is_found_but_a_certificate_is_not() -> None:
    pfx = base64.b64encode(b"\x30\x82\x0a\x1b\x02\x01\x03\x30\x82\x09\xe1\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x07\x01"
                           + bytes(_R.randrange(256) for _ in range(600))).decode()
    require_shown(f"  clientCertP12: {pfx}\n", "charts/values.yaml")
    cert = base64.b64encode(b"\x30\x82\x03\x21\x30\x82\x02\x09\xa0\x03\x02\x01\x02\x02\x09\x00"
                            + bytes(_R.randrange(256) for _ in range(600))).decode()
    assert not_shown(f"  caBundle: {cert}\n", "charts/values.yaml")


def test_the_head_of_a_css_or_xpath_selector_is_no_password() -> None:
    assert not_shown("  PASSWORD_CONFIRM: \"input[name='dwfrm_profile_login_passwordconfirm']\",\n", "src/selectors.js")
    assert not_shown("  PASSWORD_XPATH: \"//input[@type='password' and @autocomplete='current-password']\",\n",
                     "src/selectors.js")


def test_session_cookies_in_cookie_jars_and_json_exports_are_found_but_not_csrf_or_analytics() -> None:
    jar = (f".instagram.com\tTRUE\t/\tTRUE\t1749300000\tcsrftoken\t{random_chars(_R, 32, _ALNUM)}\n"
           f".instagram.com\tTRUE\t/\tTRUE\t1749300000\tsessionid\t{random_chars(_R, 40, _ALNUM + '%')}\n"
           ".instagram.com\tTRUE\t/\tFALSE\t1749300000\t_ga\tGA1.2.1234567890.1700000000\n")
    assert outcomes(jar, "scraper/cookies.txt") == ["dismissed", "confirmed"]
    export = ('[\n  {\n    "domain": ".www.linkedin.com",\n    "httpOnly": true,\n    "name": "li_at",\n'
              f'    "path": "/",\n    "value": "AQEDA{random_chars(_R, 120, _ALNUM + "-_")}"\n  }}\n]\n')
    require_shown(export, "data/cookies.json")
