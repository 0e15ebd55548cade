"""Follow-ups of red-team sets 340 onwards. Values are drawn at run time; failures name the file and the statuses,
never the value (PYTEST_DONT_REWRITE: plain asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import random
import string

from tests.loops.test_fp_corpus_classes import not_shown, require_shown
from tests.support.tokens import random_chars, random_uuid, typed_password

_R = random.Random(340)
_ALNUM = string.ascii_letters + string.digits
_B32 = "abcdefghijklmnopqrstuvwxyz234567"


def _b64(n: int) -> str:
    return base64.b64encode(bytes(_R.randrange(256) for _ in range(n))).decode()


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
