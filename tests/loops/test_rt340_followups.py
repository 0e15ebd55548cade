"""Follow-ups of red-team sets 340 onwards. Values are drawn at run time; failures name the file and the statuses,
never the value (PYTEST_DONT_REWRITE: plain asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import random
import string

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown
from tests.support.tokens import random_b64, random_chars, random_uuid, typed_password

_R = random.Random(340)
_ALNUM = string.ascii_letters + string.digits
_B32 = "abcdefghijklmnopqrstuvwxyz234567"


def _b64(n: int) -> str:
    return random_b64(_R, n)


def _word_and_digits() -> str:
    """A password as people make them: a word and two digits (willow89)."""
    return _R.choice(["willow", "harbor", "copper", "meadow", "falcon", "juniper"]) + str(_R.randrange(10, 100))


# --- CI/CD platforms (set 340) ---------------------------------------------------------------------------------------

def test_a_vault_unseal_key_in_a_variable_named_for_it_is_found() -> None:
    require_shown(f"node {{\n  def unseal = '{_b64(33)}'\n}}\n", "ci/pipeline.groovy")
    require_shown(f"VAULT_UNSEAL_KEY_1={_b64(32)}\n", "ops/vault.env")
    assert not_shown('def unseal = env.VAULT_UNSEAL_KEY\n', "ci/pipeline.groovy")


def test_a_heroku_key_given_to_a_client_library_is_found() -> None:
    require_shown(f'conn = heroku3.from_key("{random_uuid(_R)}")\n', "ops/heroku.py")
    assert not_shown('conn = heroku3.from_key(os.environ["HEROKU_API_KEY"])\n', "ops/heroku.py")


def test_a_word_and_digits_password_in_a_url_to_a_server_is_shown() -> None:
    require_shown(f"const db = 'postgresql://postgres.abcd:{_word_and_digits()}@aws-0-eu-central-1.pooler.supabase.com:6543/postgres';\n",
                  "server/admin.ts")
    require_shown(f"      - ConnectionStrings__RabbitMq=amqp://contoso:{_word_and_digits()}@rabbitmq:5672/\n",
                  "deploy/docker-compose.yml")
    # the same in a test or a document is a fixture's or an example's
    assert not_shown(f"DATABASE_URL = 'postgresql://app:{_word_and_digits()}@localhost:5432/app_test'\n", "tests/conftest.py")
    assert not_shown(f"Connect with `postgresql://app:{_word_and_digits()}@db.internal/app`.\n", "docs/setup.md")


# --- .NET applications (set 341) -------------------------------------------------------------------------------------

def test_dotnet_certificate_passwords_and_unencrypted_data_protection_keys_are_found() -> None:
    require_shown(f'var cert = new X509Certificate2("idsrv-signing.pfx", "{typed_password(_R)}");\n', "src/Hosting.cs")
    assert not_shown('var cert = new X509Certificate2("idsrv-signing.pfx", config["Signing:Password"]);\n', "src/Hosting.cs")
    ring = (f'<key id="6b2f1c">\n  <descriptor>\n    <masterKey p4:requiresEncryption="true" '
            f'xmlns:p4="http://schemas.asp.net/2015/03/dataProtection">\n'
            f'      <!-- Warning: the key below is in an unencrypted form. -->\n      <value>{_b64(64)}</value>\n'
            f'    </masterKey>\n  </descriptor>\n</key>\n')
    require_shown(ring, "keys/key-6b2f1c.xml")


def test_azure_admin_and_event_grid_keys_in_dotnet_settings_are_found() -> None:
    require_shown(f'<appSettings>\n  <add key="AzureSearchAdminKey" value="{random_chars(_R, 32, "0123456789ABCDEF")}" />\n'
                  '</appSettings>\n', "src/Web.config")
    require_shown(f'{{\n  "Values": {{\n    "EventGridTopicKey": "{_b64(32)}"\n  }}\n}}\n', "src/local.settings.json")


def test_a_token_encoded_with_an_empty_user_for_basic_auth_is_found() -> None:
    pat = random_chars(_R, 52, _B32)
    require_shown('$headers = @{ Authorization = "Basic " + [Convert]::ToBase64String('
                  f'[Text.Encoding]::ASCII.GetBytes(":{pat}")) }}\n', "scripts/deploy.ps1")


def test_identityserver_stored_digests_are_not_secrets_but_hashed_literals_are() -> None:
    digest = _b64(32)
    assert not_shown(f"INSERT INTO ClientSecrets (ClientId, Type, Value) VALUES\n  (1, 'SharedSecret', '{digest}');\n",
                     "Data/seed.sql")
    assert not_shown(f'ClientSecrets = {{ new Secret("{digest}") }},\n', "src/Config.cs")
    require_shown(f'ClientSecrets = {{ new Secret("{random_chars(_R, 40, _ALNUM)}".Sha256()) }},\n', "src/Config.cs")


def test_app_center_app_secrets_and_the_cosmos_emulator_key_are_not_shown() -> None:
    secrets = f"ios={random_uuid(_R)};android={random_uuid(_R)}"
    assert not_shown(f'public const string AppCenterSecret = "{secrets}";\n', "src/Mobile/Constants.cs")
    emulator = "C2y6yDjf5/R+ob0N8A7Cgv30VRDJIWEHLM+4QDU5DE2nQ9nDuVTqobD4b8mGGyPMbIZnqyMsEcaGQy67XIw/Jw=="
    assert not_shown(f"The Cosmos DB emulator uses its well-known key:\n`{emulator}`\n", "docs/SETUP.md")


# --- data engineering (set 342) --------------------------------------------------------------------------------------

def test_an_airflow_variable_default_is_found() -> None:
    require_shown(f'SF_TOKEN = Variable.get("salesforce_security_token", default_var="{random_chars(_R, 25, _ALNUM)}")\n',
                  "dags/ingest.py")
    assert not_shown('SF_TOKEN = Variable.get("salesforce_security_token", default_var="")\n', "dags/ingest.py")


# --- CredData-style mix (set 343), documentation (set 344), SaaS cases (set 345) ------------------------------------

def test_a_fernet_key_in_a_list_is_found() -> None:
    key = base64.urlsafe_b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
    require_shown(f'FERNET_KEYS = ["{key}"]\n', "app/settings/production.py")


def test_rails_development_and_test_secret_key_bases_are_not_shown_and_production_is() -> None:
    dev, test, prod = (random_chars(_R, 128, "0123456789abcdef") for _ in range(3))
    text = f"development:\n  secret_key_base: {dev}\n\ntest:\n  secret_key_base: {test}\n"
    assert not_shown(text, "config/secrets.yml")
    require_shown(f"production:\n  secret_key_base: {prod}\n", "config/secrets.yml")


def test_a_magento_2_password_hash_is_a_hash() -> None:
    hashed = f"{random_chars(_R, 64, '0123456789abcdef')}:{random_chars(_R, 32, _ALNUM)}:3_32_2_67108864"
    assert not_shown(f"UPDATE admin_user SET password='{hashed}' WHERE user_id = 1;\n", "sql/admin_user.sql")


def test_public_app_keys_of_shopify_and_trello_are_not_shown_but_their_secrets_are() -> None:
    api_key, secret = random_chars(_R, 32, "0123456789abcdef"), random_chars(_R, 32, "0123456789abcdef")
    text = f"ShopifyApp.configure do |config|\n  config.api_key = '{api_key}'\n  config.secret = 'shpss_{secret}'\nend\n"
    assert _statuses(text, "config/initializers/shopify_app.rb") == ["dismissed", "shown"]
    assert not_shown(f"TRELLO_KEY = '{random_chars(_R, 32, '0123456789abcdef')}'\n", "boards/trello.py")


def test_a_host_name_under_an_auth_server_name_is_no_secret() -> None:
    assert not_shown('{\n  "authServer": "account-d.docusign.com",\n  "oAuthServer": "login.example-idp.net"\n}\n',
                     "config/docusign.json")


def test_a_mailchimp_transactional_key_given_over_lines_is_found() -> None:
    require_shown(f"const mailchimp = require('@mailchimp/mailchimp_transactional')(\n  'md-{_mixed_b64url(22)}'\n);\n",
                  "src/mail.js")


def _mixed_b64url(n: int) -> str:
    while True:
        v = random_chars(_R, n, _ALNUM + "_-")
        if any(c.isupper() for c in v) and any(c.islower() for c in v) and any(c.isdigit() for c in v):
            return v


def _statuses(text: str, path: str) -> list[str]:
    """Per candidate in line order: "dismissed", or "shown" for pending and confirmed."""
    return ["dismissed" if s == "dismissed" else "shown" for s in outcomes(text, path)]


# --- Rails, Sinatra and Phoenix (set 346) ----------------------------------------------------------------------------

def test_a_password_compared_in_a_basic_auth_block_is_found() -> None:
    text = ("Sidekiq::Web.use Rack::Auth::Basic do |user, password|\n"
            "  ActiveSupport::SecurityUtils.secure_compare(::Digest::SHA256.hexdigest(password), "
            f"::Digest::SHA256.hexdigest('{_word_and_digits()}'))\nend\n")
    require_shown(text, "config/initializers/sidekiq.rb")
    assert not_shown("  Rack::Utils.secure_compare(expected, signature)\n", "app/services/webhook_verifier.rb")


def test_an_algolia_key_configured_in_server_code_is_the_admin_key() -> None:
    key = random_chars(_R, 32, "0123456789abcdef")
    require_shown(f"AlgoliaSearch.configuration = {{\n  application_id: 'TDW6W3PVW2',\n  api_key: '{key}'\n}}\n",
                  "config/initializers/algolia.rb")
    assert not_shown(f"docsearch({{\n  appId: 'TDW6W3PVW2',\n  apiKey: '{key}',\n  indexName: 'docs',\n}});\n",
                     "website/src/search.js")


def test_a_hex_organization_key_on_a_ci_line_is_found() -> None:
    require_shown(f"      - run: mix hex.organization auth acme --key {random_chars(_R, 32, '0123456789abcdef')}\n",
                  ".github/workflows/deploy.yml")
    assert not_shown("      - run: mix hex.organization auth acme --key ${{ secrets.HEX_ORG_KEY }}\n",
                     ".github/workflows/deploy.yml")


# --- probe of this stop's changes (set 348) --------------------------------------------------------------------------

def test_probe_348_shapes_of_the_changes_beyond_the_first_cases() -> None:
    # an Airflow default over lines, and a personal access token's name
    require_shown(f'HEROKU_KEY = Variable.get(\n    "heroku_api_key",\n    default_var="{random_chars(_R, 24, _ALNUM)}",\n)\n',
                  "dags/billing_sync.py")
    require_shown(f'ADO_PAT = Variable.get("azure_devops_pat", default_var="{random_chars(_R, 52, _B32)}")\n',
                  "dags/billing_sync.py")
    # a Fernet key list written one key a line
    key = base64.urlsafe_b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
    require_shown(f'FERNET_KEYS = [\n    "{key}",\n]\n', "airflow/webserver_config.py")
    # a UUID-form Heroku key given to the Ruby client is a key, not an id
    require_shown(f"  PlatformAPI.connect_oauth('{random_uuid(_R)}')\n", "lib/heroku_client.rb")
    # an Event Grid key in Web.config
    require_shown(f'<add key="EventGridTopicKey" value="{_b64(32)}" />\n', "legacy/Web.config")
    # a .p12 password given to Python's loader
    require_shown(f'    return pkcs12.load_key_and_certificates(fh.read(), b"{typed_password(_R)}")\n', "esign/client.py")


def test_probe_348_look_alikes_stay_quiet() -> None:
    example = base64.b64encode(b"example-share-not-a-real-key-000").decode()
    assert not_shown(f'Example share format: `recovery_key = "{example}"`.\n', "ops/vault/README.md")
    md5_era = f"{random_chars(_R, 32, '0123456789abcdef')}:{random_chars(_R, 2, _ALNUM)}:0"
    argon = f"{random_chars(_R, 64, '0123456789abcdef')}:{random_chars(_R, 32, _ALNUM)}:3_32_2_67108864_2"
    for hashed in (md5_era, argon):
        assert not_shown("INSERT INTO `admin_user` (`user_id`, `firstname`, `lastname`, `email`, `username`, `password`, "
                         f"`is_active`) VALUES\n(3, 'Old', 'User', 'old@example.com', 'legacy', '{hashed}', 0);\n",
                         "fixtures/admin_user.sql")


# --- operations scripts (set 349), the big clouds (set 350) -----------------------------------------------------------

def test_a_consul_gossip_key_in_hiera_and_an_approle_secret_id_are_found() -> None:
    require_shown(f"profile::consul::gossip_key: {_b64(32)}\n", "hieradata/common.yaml")
    require_shown(f'FALLBACK_ROLE_SECRET_ID = "{random_uuid(_R)}"  # approle secret_id\n', "scripts/rotate_keys.py")
    assert not_shown(f'FALLBACK_ROLE_ID = "{random_uuid(_R)}"\n', "scripts/rotate_keys.py")


def test_a_gcloud_secret_name_is_no_password() -> None:
    assert not_shown('vault operator unseal "$(gcloud secrets versions access latest --secret=vault-unseal-3)"\n',
                     "ops/unseal.sh")


def test_cloud_sdk_arguments_and_key_ends_are_read() -> None:
    b2_key = "K00" + random_chars(_R, 27, _ALNUM) + "/"
    require_shown(f"b2_api.authorize_account('production', '{random_chars(_R, 25, '0123456789abcdef')}', '{b2_key}')\n",
                  "ops/b2.py")
    aws_secret = random_chars(_R, 39, _ALNUM) + "+"
    require_shown(f"Aws.config.update(\n  credentials: Aws::Credentials.new(ENV['AWS_KEY_ID'], '{aws_secret}'),\n"
                  "  region: 'us-east-1')\n", "config/aws.rb")
    require_shown(f"cos = ibm_boto3.client('s3',\n    ibm_api_key_id='{random_chars(_R, 44, _ALNUM + '_-')}',\n)\n",
                  "storage/cos.py")


def test_an_oracle_cloud_resource_id_is_no_secret() -> None:
    ocid = "ocid1.vaultsecret.oc1.iad." + random_chars(_R, 60, "abcdefghijklmnopqrstuvwxyz0123456789")
    assert not_shown(f"VAULT_SECRET_OCID = '{ocid}'\n", "oci/vault.py")


def test_a_password_set_for_one_command_in_an_alias_or_after_and_is_found() -> None:
    require_shown(f"alias prodsql='PGPASSWORD={typed_password(_R)} psql -h pg-prod-01.corp.internal -U ops billing'\n",
                  "dotfiles/.bashrc")
    require_shown(f"cd /srv/backup && MYSQL_PWD={typed_password(_R)} mysqldump -u root app > dump.sql\n", "bin/backup.sh")
    assert not_shown('cd /srv/backup && MYSQL_PWD="$DB_PASSWORD" mysqldump -u root app > dump.sql\n', "bin/backup.sh")


def test_a_login_pair_handed_over_in_a_changelog_is_shown() -> None:
    require_shown(f"## 2.4.1\n\n- Staging login for QA restored (temporary account `qa-bot` / `{typed_password(_R)}` until "
                  "SSO lands)\n", "CHANGELOG.md")


# --- AI platforms (set 352), network equipment (set 353), older repositories (set 354) ------------------------------

def test_ai_sdk_keys_and_an_app_password_are_found() -> None:
    require_shown(f'import {{ createClient }} from "@deepgram/sdk";\nconst deepgram = createClient("{random_chars(_R, 40, "0123456789abcdef")}");\n',
                  "src/stt.ts")
    require_shown(f'from clarifai_grpc.grpc.api import service_pb2\nPAT = "{random_chars(_R, 32, "0123456789abcdef")}"\n',
                  "clarifai_demo.py")
    require_shown(f'import gradio as gr\ndemo.launch(auth=("admin", "{_word_and_digits()}!"), share=True)\n', "app.py")
    require_shown(f"LABEL_STUDIO_USERNAME=admin@corp.example\nLABEL_STUDIO_PASSWORD={typed_password(_R)}\n", "label-studio.env")
    # a message catalogue's entry stays text
    assert not_shown('{\n  "LABEL_TWO_FACTOR_AUTH_TOKEN": "2FA-token"\n}\n', "src/assets/i18n/en.json")


def test_network_device_ciphertexts_hashes_and_script_variables_are_not_shown() -> None:
    salt, digest = random_chars(_R, 14, _ALNUM + "./"), random_chars(_R, 43, _ALNUM + "./")
    assert not_shown(f'cisco_users:\n  - {{ name: breakglass, secret_type9: "$9${salt}${digest}" }}\n', "group_vars/ios.yml")
    pan = f"-AQ=={_b64(21)}{_b64(30)}"
    assert not_shown(f"<entry name=\"ldap\">\n  <bind-password>{pan}</bind-password>\n</entry>\n", "running-config.xml")
    assert not_shown('/system scheduler add name=backup on-event="/system backup save name=daily password=\\$backupPass"\n',
                     "configs/router.rsc")
    require_shown(f'carol : EAP "{random_chars(_R, 6, _ALNUM)}$Lq2v{random_chars(_R, 3, _ALNUM)}"\n', "ipsec.secrets")


def test_older_repository_shapes() -> None:
    require_shown(f"poll imap.gmail.com proto imap user 'tickets@corp.example' there with password '{typed_password(_R)}' "
                  "is tickets here ssl\n", "scripts/nightly_backup.sh")
    key = random_chars(_R, 64, "0123456789abcdef")
    require_shown(f'static const unsigned char upload_key[] =\n    "{key}";\n', "src/auth.c")
    # a row's id and a SHA-1 is no Sanctum token
    assert not_shown(f"# cache key: uid=42|{random_chars(_R, 40, '0123456789abcdef')}\n", "lib/Intranet/Config.pm")


# --- probe 355, Node backends and serverless (set 356) ---------------------------------------------------------------

def test_probe_355_shapes() -> None:
    secret = random_chars(_R, 39, _ALNUM) + "/"
    require_shown(f'        return AwsBasicCredentials.create(\n            System.getenv("ARCHIVER_KEY_ID"),\n            "{secret}");\n',
                  "src/main/java/S3Config.java")
    require_shown(f"printf '%s' '{typed_password(_R)}' | gcloud secrets versions add billing-db-password --data-file=-\n",
                  "scripts/rotate-secrets.sh")
    assert not_shown("printf '%s' \"$DB_PASSWORD\" | gcloud secrets versions add billing-db-password --data-file=-\n",
                     "scripts/rotate-secrets.sh")
    require_shown(f"ssh bastion 'MYSQL_PWD={typed_password(_R)} mysql -h crm-db -u ops -e \"show processlist\"'\n",
                  "scripts/ops.sh")
    require_shown(f"- Partner sandbox: basic auth `acme-partner:{typed_password(_R)}` until the SSO rollout.\n", "CHANGELOG.md")
    require_shown(f'demo.queue().launch(auth=[("alice", "{typed_password(_R)}"), ("bob", "{typed_password(_R)}")])\n',
                  "demo/app.py")
    require_shown(f"<?php\nreturn [\n    'LABEL_PRINTER_PASSWORD' => '{_mixed_b64url(10).replace('-', 'x').replace('_', 'y')}',\n];\n",
                  "config/kiosk.php")


def test_set_356_shapes() -> None:
    require_shown(f'[[headers]]\n  for = "/admin/*"\n  [headers.values]\n    Basic-Auth = "admin:{typed_password(_R)} ops:{typed_password(_R)}"\n',
                  "netlify.toml")
    # a Checkout Session's id is in the success URL; a Shopify token near a Datadog key does not make it Shopify's
    assert not_shown(f"// e.g. cs_live_{random_chars(_R, 58, _ALNUM)}\n", "src/payments/stripe.webhook.controller.ts")
    text = (f"custom:\n  shopify:\n    SHOPIFY_TOKEN: ${{ssm:/orders/shopify}}\n  datadog:\n"
            f"    apiKey: {random_chars(_R, 32, '0123456789abcdef')}\n")
    require_shown(text, "serverless/orders/serverless.yml")


# --- security tooling repositories (set 357) -------------------------------------------------------------------------

def test_a_whole_known_answer_vector_on_a_line_is_a_vector_outside_tests_too() -> None:
    hexes = [random_chars(_R, 64, "0123456789abcdef") for _ in range(4)]
    row = f'    {{"key": "{hexes[0]}", "iv": "{hexes[1][:24]}", "pt": "{hexes[2]}", "ct": "{hexes[3]}"}},\n'
    assert not_shown('{\n  "aes_gcm": [\n' + row + "  ]\n}\n", "labs/03-crypto/vectors.json")
    # a key with only its IV is no known answer
    require_shown(f'{{\n  "encryption": {{"key": "{hexes[0]}", "iv": "{hexes[1][:32]}"}}\n}}\n', "config/crypto.json")


# --- web infrastructure and marketing SaaS (set 358) -----------------------------------------------------------------

def test_convertkit_public_api_key_is_not_shown_and_its_secret_is() -> None:
    assert not_shown(f"<?php\nreturn [\n    'convertkit_api_key' => '{random_chars(_R, 22, _ALNUM)}',\n];\n", "config.php")
    require_shown(f'export CONVERTKIT_API_SECRET="{random_chars(_R, 43, _ALNUM)}"\n', "deploy.sh")


# --- Python web applications (set 359) -------------------------------------------------------------------------------

def _pass_phrase() -> str:
    return "-".join(_R.choice(["pine", "otter", "table", "pepper", "lantern", "river", "stone", "maple"]) for _ in range(3))


def test_a_pass_phrase_in_a_url_to_a_server_is_shown_and_in_docs_it_is_not() -> None:
    require_shown(f"      DATABASE_URL: postgresql://shop_app:{_pass_phrase()}@10.0.3.12:5432/shop_prod\n",
                  "deploy/docker-compose.prod.yml")
    require_shown(f'app.conf.result_backend = "redis://default:{_pass_phrase()}@10.0.3.20:6379/2"\n', "shop/celery.py")
    assert not_shown(f"Point it at `postgresql://app:{_pass_phrase()}@localhost/app`.\n", "docs/setup.md")


def test_a_firebase_key_in_a_front_end_build_variable_is_public() -> None:
    key = "AIzaSy" + random_chars(_R, 33, _ALNUM + "_-")
    assert outcomes(f"NEXT_PUBLIC_FIREBASE_API_KEY={key}\n", "apps/web/.env.production") == ["dismissed"]
    # a name that says Firebase's API key is that key wherever it is kept (set 370); a legacy Cloud Messaging
    # server key was a Google key too, and stays a secret
    assert outcomes(f"FIREBASE_API_KEY={key}\n", "services/api/.env") == ["dismissed"]
    assert outcomes(f'const FIREBASE_API_KEY: &str = "{key}";\n', "src/lib.rs") == ["dismissed"]
    assert outcomes(f"FIREBASE_SERVER_KEY={key}\n", "services/api/.env") == ["confirmed"]


# --- probe 361, monitoring configuration (set 362) -------------------------------------------------------------------

def test_other_providers_keys_beside_shopify_and_algolia_stay_shown() -> None:
    hexes = [random_chars(_R, 32, "0123456789abcdef") for _ in range(3)]
    text = (f"SHOPIFY_API_KEY={hexes[0]}\nSHOPIFY_API_SECRET=shpss_{hexes[1]}\nDATADOG_API_KEY={hexes[2]}\n"
            "ALGOLIA_APP_ID=6VRIM0B5XY\n")
    assert _statuses(text, "apps/shopify-app/.env") == ["dismissed", "shown", "shown"]


def test_probe_361_shapes() -> None:
    require_shown(f'    val creds = BasicAWSCredentials(System.getenv("ARCHIVE_KEY_ID"), "{random_chars(_R, 40, _ALNUM)}")\n',
                  "src/main/kotlin/ArchiveUploader.kt")
    require_shown(f"printf '%s' '{typed_password(_R)}' | docker secret create db_password -\n", "scripts/swarm.sh")
    require_shown(f"poll mail.corp.example proto imap\n  username 'ops' password '{typed_password(_R)}'\n", "ops/.fetchmailrc")


def test_a_pass_phrase_in_a_login_pair_and_pagerduty_incident_keys() -> None:
    phrase = "-".join(_R.sample(["river", "lantern", "copper", "summit", "harbor", "meadow", "falcon"], 4))
    require_shown(f'AM_AUTH = ("silencer", "{phrase}")\n', "scripts/silence_alerts.py")
    assert not_shown(f'{{"service_key": "$PD_KEY", "incident_key": "{random_chars(_R, 32, "0123456789abcdef")}"}}\n',
                     "exporters/pd/testdata/incidents.json")


# --- managed databases (set 364), dotfiles (set 365) -----------------------------------------------------------------

def test_base64_keys_with_slashes_in_connection_urls_are_found() -> None:
    key = random_chars(_R, 40, _ALNUM) + "/" + random_chars(_R, 45, _ALNUM) + "=="
    require_shown(f"COSMOS_MONGO_URI=mongodb://orders-prf8:{key}@orders.mongo.cosmos.azure.com:10255/?ssl=true\n",
                  "cosmos/mongo.env")
    require_shown(f"UPSTASH_REDIS_URL=rediss://default:{random_chars(_R, 30, _ALNUM)}/{random_chars(_R, 30, _ALNUM)}@pepper-55338.upstash.io:6379\n",
                  "upstash/redis.env")


def test_a_filezilla_pass_phrase_and_an_rclone_wrapped_remote() -> None:
    phrase = base64.b64encode("-".join(_R.sample(["quartz", "meadow", "lantern", "copper", "falcon"], 4)).encode()).decode()
    # (the password rules also read `<Pass encoding=` and leave it: the FileZilla rule's candidate is the one shown)
    statuses = _statuses(f'<Server>\n  <User>deploy</User>\n  <Pass encoding="base64">{phrase}</Pass>\n</Server>\n',
                         "windows/FileZilla/sitemanager.xml")
    assert "shown" in statuses
    assert not_shown("[secret]\ntype = crypt\nremote = b2:mk-backup/crypt\n", "rclone/.config/rclone/rclone.conf")


# --- the noise corpus (40 npm packages) -------------------------------------------------------------------------------

def test_a_renderers_pass_is_no_password() -> None:
    assert not_shown("if (painter.renderPass === 'offscreen') {\n  return;\n}\n", "src/render/draw_heatmap.js")
    assert not_shown('const shadowPass = "translucent";\n', "src/render/passes.ts")
    require_shown(f'const dbPass = "{typed_password(_R)}";\n', "src/db.ts")


# --- collaboration APIs (set 367), Android builds (set 368), probe 369 -----------------------------------------------

def test_last_round_shapes() -> None:
    require_shown(f'api = TodoistAPI("{random_chars(_R, 40, "0123456789abcdef")}")\n', "todo.py")
    require_shown(f'PRIMARY_KEY = "{random_chars(_R, 32, _ALNUM)}"\nSECONDARY_KEY = "{random_chars(_R, 32, _ALNUM)}"\n',
                  "box/webhook.py")
    assert not_shown('PRIMARY_KEY = "user_id"\n', "models/user.py")
    require_shown(f'openssl enc -d -aes-256-cbc -pbkdf2 -k "{typed_password(_R)}" -in ks.jks.enc -out ks.jks\n',
                  "scripts/decrypt-secrets.sh")
    assert not_shown("const depthPrePass = 'opaque';\nconst lightPass = 'deferred';\n", "src/renderer/frame-graph.ts")
    key = random_chars(_R, 32, "0123456789abcdef")
    assert not_shown(f"shopifyApp({{\n  api: {{\n    apiKey: '{key}',\n  }},\n}});\n", "web/index.js")
