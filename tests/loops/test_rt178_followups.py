"""Follow-ups of red-team sets 178-198 (modern AI and developer-platform tokens, infrastructure as code, notebooks and
data science, CI/CD pipelines, chat bots, PHP frameworks, Go/Rust/Elixir/Scala services, uncommon configuration
languages and shells, two probes of these changes, payment providers, HTTP recordings, Windows administration, chat
and wiki exports, cloud providers, Ruby applications, security-tool repositories, a probe of the whole scanner,
network device configurations, SaaS providers): shapes they showed missed or misread. Values are drawn at run time;
failures name the file and the statuses, never the value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import base64
import json
import random
import string
import uuid
from datetime import datetime, timedelta, timezone

from secretloop.loops.features import is_test_path
from tests.loops.test_fp_corpus_classes import SCANNER, not_shown, outcomes, require_shown
from tests.support.tokens import github_pat, random_chars

_R = random.Random(178)
_ALNUM = string.ascii_letters + string.digits
_LOWER_DIGITS = string.ascii_lowercase + string.digits
_HEX = "0123456789abcdef"


# --- deploy keys and hooks (set 178) -------------------------------------------------------------------------------

def test_a_convex_deploy_key_is_found() -> None:
    key = f"prod:quiet-heron-{random_chars(_R, 3, string.digits)}|ey{random_chars(_R, 96, _ALNUM + '_-')}"
    require_shown(f"CONVEX_DEPLOY_KEY={key}\n", ".env")
    require_shown(f"CONVEX_DEPLOY_KEY='{key}' npx convex deploy\n", "scripts/deploy.sh")
    assert not_shown("CONVEX_DEPLOY_KEY=prod:quiet-heron-123|<your-deploy-key>\n", ".env")


def test_deploy_and_build_hook_urls_are_found() -> None:
    render = f"https://api.render.com/deploy/srv-{random_chars(_R, 20, _LOWER_DIGITS)}?key={random_chars(_R, 11, _ALNUM + '_-')}"
    netlify = f"https://api.netlify.com/build_hooks/{random_chars(_R, 24, _HEX)}"
    vercel = f"https://api.vercel.com/v1/integrations/deploy/prj_{random_chars(_R, 28, _ALNUM)}/{random_chars(_R, 10, _ALNUM)}"
    require_shown(f"curl -X POST {render}\n", "scripts/redeploy.sh")
    require_shown(f"      - run: curl -X POST -d {{}} {netlify}\n", ".github/workflows/docs.yml")
    require_shown(f"VERCEL_DEPLOY_HOOK={vercel}\n", ".env.production")
    assert not_shown('curl -X POST "https://api.render.com/deploy/srv-abc123def456ghi789jk?key=$RENDER_KEY"\n',
                     "scripts/redeploy.sh")


def test_client_side_public_keys_and_app_client_ids_are_not_shown() -> None:
    liveblocks = "pk_prod_" + random_chars(_R, 64, _ALNUM + "_-")
    assert not_shown(f'<LiveblocksProvider publicApiKey="{liveblocks}">\n', "src/app/provider.tsx")
    client_id = "Iv1." + random_chars(_R, 16, _HEX)
    secret = random_chars(_R, 40, _HEX)
    text = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: argocd-secret\ntype: Opaque\nstringData:\n"
            f"  dex.github.clientID: {client_id}\n  dex.github.clientSecret: {secret}\n")
    # (the id is dismissed, or not taken at all: an entry under an id's name is no credential)
    assert [s for s in outcomes(text, "apps/argocd/argocd-secret.yaml") if s != "dismissed"] in (["confirmed"], ["pending"])


# --- infrastructure as code (set 179) ------------------------------------------------------------------------------

def test_a_noecho_parameter_s_default_is_found_whatever_its_name() -> None:
    pw = random_chars(_R, 8, _ALNUM) + "-" + random_chars(_R, 6, _ALNUM)
    text = (f"Parameters:\n  DBPasswordLegacy:\n    Type: String\n    NoEcho: true\n    Default: {pw}\n"
            "  Environment:\n    Type: String\n    Default: production\n")
    require_shown(text, "templates/rds.yaml")


def test_a_value_quoted_after_a_yaml_tag_is_read() -> None:
    require_shown(f"postgres_replication_password: !unsafe '{random_chars(_R, 22, _ALNUM)}'\n", "host_vars/db01.yml")
    require_shown(f'slack_api_token: !unsafe "{random_chars(_R, 32, _ALNUM)}"\n', "group_vars/all.yml")
    assert not_shown("postgres_replication_password: !vault |\n", "host_vars/db01.yml")


# --- notebooks and data science (set 180) --------------------------------------------------------------------------

def test_a_cloud_storage_hmac_access_id_is_found() -> None:
    access_id = "GOOG1E" + random_chars(_R, 55, string.ascii_uppercase + string.digits)
    require_shown(f"    hmac_key_access_id: {access_id}\n", "destinations/bigquery/configuration.yaml")


def _presigned(signed: datetime, lifetime: int) -> tuple[str, str, str]:
    key_id = "ASIA" + random_chars(_R, 16, string.ascii_uppercase + string.digits)
    signature = random_chars(_R, 64, _HEX)
    url = (f"https://bucket.s3.amazonaws.com/exports/part-0.parquet?X-Amz-Algorithm=AWS4-HMAC-SHA256"
           f"&X-Amz-Credential={key_id}%2F{signed:%Y%m%d}%2Fus-east-1%2Fs3%2Faws4_request"
           f"&X-Amz-Date={signed:%Y%m%dT%H%M%SZ}&X-Amz-Expires={lifetime}&X-Amz-SignedHeaders=host"
           f"&X-Amz-Signature={signature}")
    return url, key_id, signature


def test_an_expired_presigned_url_goes_to_a_person_and_a_live_one_is_confirmed() -> None:
    old, _, _ = _presigned(datetime(2024, 3, 1, 12, 0, tzinfo=timezone.utc), 900)
    statuses = outcomes(f'presigned = "{old}"\n', "notebooks/explore.py")
    assert statuses and set(statuses) == {"pending"}
    live, _, _ = _presigned(datetime.now(timezone.utc) - timedelta(minutes=1), 604800)
    assert "confirmed" in outcomes(f'presigned = "{live}"\n', "notebooks/explore.py")


# --- CI/CD pipelines (set 181) -------------------------------------------------------------------------------------

def test_a_token_for_an_empty_user_in_curl_is_found() -> None:
    pat = random_chars(_R, 52, "abcdefghijklmnopqrstuvwxyz234567")
    require_shown(f"      curl -u :{pat} https://dev.azure.com/acme/_apis/build/builds?api-version=7.1\n",
                  "templates/deploy.yml")
    assert not_shown("      curl -u :$(System.AccessToken) https://dev.azure.com/acme/_apis/projects\n",
                     "templates/deploy.yml")


def test_a_travis_slack_room_token_is_found() -> None:
    text = (f"notifications:\n  email: false\n  slack:\n    rooms:\n      - secure: {random_chars(_R, 40, _ALNUM)}=\n"
            f"      - acme-oss:{random_chars(_R, 24, _ALNUM)}#ci\n")
    assert "confirmed" in outcomes(text, ".travis.yml") or "pending" in outcomes(text, ".travis.yml")


def test_an_anon_key_named_in_prose_is_public() -> None:
    def b64(obj: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")

    claims = {"iss": "supabase", "ref": random_chars(_R, 20, string.ascii_lowercase), "role": "anon", "iat": 1700000000}
    jwt = f"{b64({'alg': 'HS256', 'typ': 'JWT'})}.{b64(claims)}.{random_chars(_R, 43, _ALNUM + '_-')}"
    assert not_shown(f"Supabase anon key (public, safe in the browser): `{jwt}`\n", "docs/ci.md")
    service = f"{b64({'alg': 'HS256', 'typ': 'JWT'})}.{b64({**claims, 'role': 'service_role'})}.{random_chars(_R, 43, _ALNUM)}"
    require_shown(f"Supabase service key (never ship it; unlike the anon key): `{service}`\n", "docs/ci.md")


# --- chat bots (set 182) -------------------------------------------------------------------------------------------

def test_a_token_sent_with_the_oauth_scheme_is_found_but_not_oauth_1_parameters() -> None:
    require_shown(f"GET https://id.twitch.tv/oauth2/validate\nAuthorization: OAuth {random_chars(_R, 30, _LOWER_DIGITS)}\n",
                  "scripts/get_token.http")
    signed = (f'Authorization: OAuth oauth_consumer_key="{random_chars(_R, 22, _ALNUM)}", '
              f'oauth_nonce="{random_chars(_R, 42, _ALNUM)}", oauth_signature_method="HMAC-SHA1"\n')
    assert "authorization-oauth-scheme-token" not in {c.rule_id for c in SCANNER.scan_text(signed, 0, "docs/oauth1.md")}


def test_a_secret_s_settings_beside_its_credentials_are_not_shown() -> None:
    channel = base64.b64encode(("C0" + random_chars(_R, 9, string.ascii_uppercase + string.digits)).encode()).decode()
    token = base64.b64encode(("xoxb-" + random_chars(_R, 12, string.digits) + "-" + random_chars(_R, 24, _ALNUM)).encode()).decode()
    text = (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: standup\ntype: Opaque\ndata:\n"
            f"  SLACK_BOT_TOKEN: {token}\n  STANDUP_CHANNEL: {channel}\n  LOG_LEVEL: SU5GTw==\n")
    statuses = outcomes(text, "k8s/secret.yaml")
    assert statuses.count("dismissed") == len(statuses) - 1 and len(statuses) >= 1  # the token alone is shown


def test_a_value_that_says_it_is_for_tests_only_and_a_reply_token_are_not_shown() -> None:
    assert not_shown('SECRET = "s3cr3t-for-tests-only"\n', "tests/test_eventsub.py")
    assert not_shown(f'      "replyToken": "{random_chars(_R, 32, _HEX)}",\n', "test/fixtures/line_webhook.json")


# --- PHP frameworks (set 183) --------------------------------------------------------------------------------------

def test_a_symfony_vault_decryption_key_is_found_by_its_file() -> None:
    body = "".join(f"\\x{_R.randrange(256):02x}" for _ in range(64))
    text = f'<?php // prod.decrypt.private on Tue, 12 Mar 2024 10:15:02 +0000\n\nreturn "{body}";\n'
    require_shown(text, "config/secrets/prod/prod.decrypt.private.php")
    assert outcomes(text, "config/secrets/prod/notes.php") == []  # the file's name says what it is


def test_a_vendor_live_token_given_bare_to_a_client_is_found_but_not_a_public_branch_key() -> None:
    require_shown(f"        $client = new Client('kst_live_{random_chars(_R, 40, _ALNUM)}');\n", "src/Billing.php")
    assert not_shown(f'    <string name="branch_key">key_live_{random_chars(_R, 32, _ALNUM)}</string>\n',
                     "app/src/main/res/values/strings.xml")


def test_a_wordpress_application_password_is_read_whole() -> None:
    groups = " ".join(random_chars(_R, 4, _ALNUM) for _ in range(6))
    require_shown(f'curl --user "editor:{groups}" https://staging.example.org/wp-json/wp/v2/posts\n', "docs/SECURITY.md")


# --- Go, Rust, Elixir and Scala services (set 184) -----------------------------------------------------------------

def test_a_password_with_a_raw_at_sign_in_a_url_is_read_to_the_last_one() -> None:
    pw = random_chars(_R, 5, _ALNUM) + "@" + random_chars(_R, 8, _ALNUM)
    assert outcomes(f"DATABASE_URL=postgres://orders:{pw}@db.internal:5432/orders\n", ".env") == ["confirmed"]
    found = SCANNER.scan_text(f"REDIS_URL=redis://:{pw}@cache:6379/0\n", 0, ".env")
    assert [c.end_col - c.start_col for c in found] == [len(pw)]


def test_a_scala_config_fallback_and_a_release_cookie_are_found() -> None:
    require_shown(f'  private val secretKey = config.getOptional[String]("aws.secret-key").getOrElse("'
                  f'{random_chars(_R, 40, _ALNUM + "/+")}")\n', "app/services/S3ImageStore.scala")
    require_shown(f'export RELEASE_COOKIE="{random_chars(_R, 32, _ALNUM)}"\n', "rel/env.sh.eex")
    assert not_shown('export RELEASE_COOKIE="${RELEASE_COOKIE:-}"\n', "rel/env.sh.eex")


# --- uncommon configuration languages and shells (set 186) ---------------------------------------------------------

def test_fish_set_with_flags_is_an_assignment() -> None:
    require_shown(f"set -gx PGPASSWORD {random_chars(_R, 16, _ALNUM)}\n", ".config/fish/conf.d/secrets.fish")


def test_a_nushell_interpolation_and_a_git_signing_key_id_are_not_shown() -> None:
    assert not_shown('let-env DATABASE_URL = $"postgres://app:($env.DB_PASS)@db:5432/app"\n', "env.nu")
    assert not_shown(f'    signing.key = "{random_chars(_R, 40, "0123456789ABCDEF")}";\n', "home/alice.nix")
    require_shown(f'JWT_SIGNING_KEY = "{random_chars(_R, 40, _HEX)}"\n', "app/settings.py")


def test_bazel_and_pester_test_files_are_tests() -> None:
    assert is_test_path("libs/auth/auth_test.bzl") and is_test_path("mod/Auth.Tests.ps1")
    assert not is_test_path("libs/auth/auth.bzl")


# --- the probe of these changes (set 187) --------------------------------------------------------------------------

def test_a_macro_s_literals_continued_over_a_backslash_are_read_joined() -> None:
    key = random_chars(_R, 36, _ALNUM)
    text = f'#include <stdio.h>\n\n#define TELEMETRY_KEY "{key[:18]}" \\\n                      "{key[18:]}"\n'
    require_shown(text, "src/config.c")
    assert not_shown('#define PREFS_KEY "com.acme.app.preferences.v2"\n', "src/config.c")


def test_a_noecho_default_is_a_secret_whatever_the_name_but_not_an_ssm_path() -> None:
    head = "Parameters:\n  ExporterSetting:\n    Type: String\n    NoEcho: true\n    Default: "
    require_shown(head + random_chars(_R, 32, _ALNUM) + "\n", "templates/rds.yaml")
    assert not_shown(head + "changeme\n", "templates/rds.yaml")
    assert not_shown("Parameters:\n  AdminPasswordPath:\n    Type: AWS::SSM::Parameter::Value<String>\n"
                     "    NoEcho: true\n    Default: /ledger/prod/db/admin-password\n", "templates/rds.yaml")


def test_release_cookie_names_and_forms() -> None:
    require_shown(f"ENV RELEASE_COOKIE {random_chars(_R, 32, _ALNUM)}\n", "relay/Dockerfile")
    require_shown(f'export RELEASE_COOKIE_LEGACY="{random_chars(_R, 32, _ALNUM)}"\n', "rel/env.sh.eex")


def test_a_live_token_s_body_must_look_random_and_a_git_signing_key_id_is_an_id() -> None:
    assert not_shown('TOPIC = "orders_live_paymentreconciliationeventsstream"\n', "ledger/topics.py")
    require_shown(f'XENDIT = "acme_production_{random_chars(_R, 40, _ALNUM)}"\n', "ledger/vendors.py")
    assert not_shown(f"  GIT_SIGNING_KEY: {random_chars(_R, 40, '0123456789ABCDEF')}\n", "apps/bots/configmap.yaml")


def test_a_fresh_google_signed_url_is_found() -> None:
    now = datetime.now(timezone.utc)
    url = ("https://storage.googleapis.com/acme/q3.csv?X-Goog-Algorithm=GOOG4-RSA-SHA256"
           f"&X-Goog-Credential=exporter%40acme.iam.gserviceaccount.com%2F{now:%Y%m%d}%2Fauto%2Fstorage%2Fgoog4_request"
           f"&X-Goog-Date={now:%Y%m%dT%H%M%SZ}&X-Goog-Expires=3600&X-Goog-SignedHeaders=host"
           f"&X-Goog-Signature={random_chars(_R, 512, _HEX)}")
    assert "confirmed" in outcomes(f'curl -o q3.csv "{url}"\n', "scripts/fetch.sh")


def test_a_quoted_value_after_fish_set_is_read() -> None:
    require_shown(f"set -gx PGPASSWORD '{random_chars(_R, 18, _ALNUM)}'\n", ".config/fish/conf.d/env.fish")


# --- payment providers (set 188) -----------------------------------------------------------------------------------

def test_payment_provider_keys_are_found() -> None:
    digits = string.digits
    require_shown(f'client := xendit.NewClient("xnd_production_{random_chars(_R, 50, _ALNUM)}")\n', "pay/xendit.go")
    mp = (f"APP_USR-{random_chars(_R, 16, digits)}-{random_chars(_R, 6, digits)}-{random_chars(_R, 32, _HEX)}"
          f"-{random_chars(_R, 9, digits)}")
    require_shown(f'sdk = mercadopago.SDK("{mp}")\n', "pay/mp.py")
    require_shown(f"const cko = new Checkout('sk_{random_chars(_R, 26, 'abcdefghijklmnopqrstuvwxyz234567')}');\n", "pay/cko.ts")
    require_shown(f"  <transactionKey>{random_chars(_R, 16, _ALNUM)}</transactionKey>\n", "pay/authnet.xml")
    require_shown(f'chargebee.configure("live_{random_chars(_R, 34, _ALNUM)}", "acme")\n', "pay/chargebee.py")


def test_payment_pages_client_keys_are_not_shown() -> None:
    assert not_shown(f"Klarna.Payments.init({{ client_token: 'klarna_live_client_{random_chars(_R, 40, _ALNUM)}' }});\n",
                     "web/klarna.js")
    assert not_shown(f"Paddle.Initialize({{ token: 'live_{random_chars(_R, 27, _LOWER_DIGITS)}' }});\n", "web/paddle.js")
    assert not_shown(f'<button class="AcceptUI" data-apiLoginID="{random_chars(_R, 10, _ALNUM)}" '
                     f'data-clientKey="{random_chars(_R, 64, _ALNUM)}">Pay</button>\n', "web/pay.html")


# --- HTTP recordings (set 189) -------------------------------------------------------------------------------------

def test_a_database_s_own_name_as_its_password_is_a_local_default() -> None:
    assert not_shown("    environment:\n      ORDERS_DATABASE_PASSWORD: postgres\n", "docker-compose.yml")
    assert not_shown('    user = "auth"\n    password = "postgres"\n    password = ${?DB_PASSWORD}\n',
                     "src/main/resources/application.conf")
    require_shown(f"    environment:\n      ORDERS_DATABASE_PASSWORD: {random_chars(_R, 16, _ALNUM)}\n", "docker-compose.yml")


# --- Windows administration (set 190) ------------------------------------------------------------------------------

def test_a_keepass_export_and_an_installer_property_are_found() -> None:
    pw = random_chars(_R, 10, _ALNUM) + "*" + random_chars(_R, 5, _ALNUM)
    require_shown(f'        <String><Key>Password</Key><Value ProtectInMemory="True">{pw}</Value></String>\n',
                  "exports/keepass-2023.xml")
    require_shown(f"  silentArgs    = '/S /ENROLLTOKEN={random_chars(_R, 32, _ALNUM)} /SERVER=https://mdm.example.org'\n",
                  "tools/chocolateyinstall.ps1")
    assert not_shown('msiexec /i agent.msi /qn ENROLLTOKEN=%ENROLL_TOKEN%\n', "install.cmd")


def test_a_quoted_7z_path_and_regex_fragments() -> None:
    require_shown(f'"C:\\Program Files\\7-Zip\\7z.exe" a -p{random_chars(_R, 12, _ALNUM)} -mhe=on D:\\backup.7z D:\\dumps\n',
                  "scripts/Invoke-Backup.bat")
    assert not_shown("$pattern = 'cpassword=\"([^\"]+)\"'\n", "scripts/Find-GppPasswords.ps1")


def test_filezilla_s_base64_anonymous_password_is_the_login_s_name() -> None:
    text = ("      <User>anonymous</User>\n      <Pass encoding=\"base64\">"
            + base64.b64encode(b"anonymous").decode() + "</Pass>\n")
    assert not_shown(text, "filezilla/sitemanager.xml")
    real = base64.b64encode(random_chars(_R, 14, _ALNUM).encode()).decode()
    assert "confirmed" in outcomes(f'      <User>deploy</User>\n      <Pass encoding="base64">{real}</Pass>\n',
                                   "filezilla/sitemanager.xml")


# --- chat and wiki exports (set 191) -------------------------------------------------------------------------------

def test_a_key_in_a_wiki_table_row_is_found_and_a_dedup_key_in_prose_is_not() -> None:
    require_shown(f"| Algolia admin key | {random_chars(_R, 32, _ALNUM)} | @bo |\n", "notion/Integrations.md")
    assert not_shown(f"Incident #4234 triggered: disk usage > 90% on db-7 (dedup key {random_chars(_R, 32, _HEX)})\n",
                     "alerts/2023-03-14.md")
    assert not_shown(f"| Segment write key (public, browser) | {random_chars(_R, 32, _ALNUM)} | @eli |\n",
                     "notion/Integrations.md")


# --- cloud providers (set 192) -------------------------------------------------------------------------------------

def test_cloud_keys_given_to_sdks_and_clis_are_found() -> None:
    b2_id, b2_key = "005" + random_chars(_R, 22, _HEX), "K005" + random_chars(_R, 27, _ALNUM)
    require_shown(f'b2_api.authorize_account("production", "{b2_id}", "{b2_key}")\n', "sync/b2sync.py")
    require_shown(f"b2 account authorize {b2_id} {b2_key}\n", "scripts/b2.sh")
    ak, sk = random_chars(_R, 20, string.ascii_uppercase + string.digits), random_chars(_R, 40, _ALNUM)
    require_shown(f'credentials = BasicCredentials("{ak}", "{sk}", project_id)\n', "obs.py")
    require_shown(f'  "PrimaryKey": "{random_chars(_R, 86, _ALNUM + "+/")}==",\n', "cosmos.json")
    oci = random_chars(_R, 43, _ALNUM + "+/") + "="
    require_shown(f"aws --endpoint-url https://ns.compat.objectstorage.eu-frankfurt-1.oraclecloud.com configure set "
                  f"aws_secret_access_key {oci}\n", "scripts/oci.sh")


def test_a_minio_default_login_given_to_mc_is_not_shown() -> None:
    assert not_shown("mc alias set local http://localhost:9000 minioadmin minioadmin\n", "case.txt")
    require_shown(f"mc alias set prod https://s3.example.org ops {random_chars(_R, 24, _ALNUM)}\n", "scripts/prod.sh")


# --- the second probe (set 193) ------------------------------------------------------------------------------------

def test_a_transaction_key_given_to_a_setter_and_a_32_byte_azure_key_are_found() -> None:
    require_shown(f'merchantAuth.setTransactionKey("{random_chars(_R, 16, _ALNUM)}");\n', "src/AuthorizeNetService.java")
    require_shown(f'  "primaryKey": "{random_chars(_R, 43, _ALNUM + "+/")}=",\n', "azure/iothub-device.json")


def test_template_expressions_are_not_values() -> None:
    assert not_shown("      Password: !Ref BrokerPass\n", "templates/queue.yaml")
    assert not_shown('''  "primaryReadonlyMasterKey": "[listKeys(variables('acct'), '2023-04-15').primaryReadonlyMasterKey]",\n''',
                     "azure/cosmos-keys.json")


# --- Ruby applications (set 194) -----------------------------------------------------------------------------------

def test_a_literal_fallback_after_a_rails_credentials_lookup_is_found() -> None:
    require_shown(f'Lockbox.master_key = Rails.application.credentials.lockbox_master_key || "{random_chars(_R, 64, _HEX)}"\n',
                  "config/initializers/lockbox.rb")
    assert not_shown('  config.region = Rails.application.credentials.aws_region || "eu-west-1"\n', "config/initializers/aws.rb")


# --- security-tool repositories (set 195) --------------------------------------------------------------------------

def test_tokens_marked_as_made_up_are_not_shown() -> None:
    upper = string.ascii_uppercase + string.digits
    assert not_shown(f'AWS_KEY = "AKIAFAKE{random_chars(_R, 12, upper)}"\n', "docs/formats.md")
    assert not_shown(f"slack = 'xoxb-000000000000-0000000000000-{random_chars(_R, 24, _ALNUM)}'\n", "src/scanner/formats.py")
    assert not_shown(f'FAKE_GITHUB_TOKEN = "ghp_{random_chars(_R, 36, _ALNUM)}"  # fake\n', "tests/fixtures/tokens.py")
    # (a valid one: a token whose checksum fails in a test is made up, see test_rt427_followups)
    require_shown(f'GITHUB_TOKEN = "{github_pat(_R.randrange(10**6))}"\n', "tests/fixtures/tokens.py")
    require_shown(f'AWS_KEY = "AKIA{random_chars(_R, 16, upper)}"\n', "src/settings.py")


def test_a_yara_rule_s_sample_hashes_are_not_credentials() -> None:
    text = ("rule Stealer_Generic_Creds\n{\n    meta:\n        author = \"intel\"\n"
            f'        hash1 = "{random_chars(_R, 64, _HEX)}"\n        sha256 = "{random_chars(_R, 64, _HEX)}"\n'
            "    strings:\n        $a = \"password\" ascii\n    condition:\n        $a\n}\n")
    assert not_shown(text, "rules/malware/stealer_generic.yar")


# --- a probe of the whole scanner (set 196) ------------------------------------------------------------------------

def test_python_literals_continued_with_a_backslash_are_joined() -> None:
    key = "sk_live_" + random_chars(_R, 24, _ALNUM)
    found = SCANNER.scan_text(f'STRIPE_SECRET_KEY = "{key[:18]}" \\\n    "{key[18:]}"\n', 0, "billing/settings.py")
    assert [(c.rule_id, c.start_line, c.end_line) for c in found] == [("stripe-live-secret-key", 1, 2)]


def test_powershell_s_network_credential_constructor_is_read() -> None:
    require_shown(f'$cred = [System.Net.NetworkCredential]::new("svc-agent", "{random_chars(_R, 14, _ALNUM)}")\n',
                  "scripts/Set-ServiceCreds.ps1")


# --- SaaS providers (set 198) --------------------------------------------------------------------------------------

def test_vendor_authorization_schemes_and_uuid_tokens_in_them_are_found() -> None:
    require_shown(f'curl -H "Authorization: Splunk {uuid.UUID(int=_R.getrandbits(128), version=4)}" https://hec:8088/services/collector\n',
                  "send_event.sh")
    require_shown(f'curl -H "Authorization: GenieKey {uuid.UUID(int=_R.getrandbits(128), version=4)}" https://api.opsgenie.com/v2/alerts\n',
                  "og.sh")
    assert not_shown(f'  "request_id": "{uuid.UUID(int=_R.getrandbits(128), version=4)}",\n', "logs/event.json")


def test_an_api_key_as_curl_s_user_with_the_password_x_is_found() -> None:
    require_shown(f"curl -v -u {random_chars(_R, 20, _ALNUM)}:X https://acme.freshdesk.com/api/v2/tickets\n", "fd.sh")
    assert not_shown("curl -v -u $FRESHDESK_API_KEY:X https://acme.freshdesk.com/api/v2/tickets\n", "fd.sh")


# --- network device configurations (set 197) -----------------------------------------------------------------------

def _cisco_type_7(plain: str) -> str:
    """Cisco's type 7 encoding (a public XOR key and a two-digit offset), computed here from its documented form."""
    key = b"dsfd;kfoA,.iyewrkldJKDHSUBsgvca69834ncxv9873254k;fg87"
    offset = _R.randrange(16)
    return f"{offset:02d}" + "".join(f"{ord(ch) ^ key[(offset + i) % len(key)]:02X}" for i, ch in enumerate(plain))


def test_a_type_7_ospf_key_is_no_md5_digest_and_wpa_psks_are_read() -> None:
    text = f"interface Gi0/1\n ip ospf message-digest-key 1 md5 7 {_cisco_type_7(random_chars(_R, 12, _ALNUM))}\n"
    require_shown(text, "core/rtr-core-01.cfg")
    require_shown(f" wpa-psk ascii 0 {random_chars(_R, 14, _ALNUM)}\n", "branch/rtr-br-12.cfg")
