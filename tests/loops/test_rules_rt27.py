"""Application frameworks and mobile apps, which a twenty-seventh red-team set planted: a key under a flat
ASP.NET Core configuration path ("Jwt:Key" in user secrets, Jwt__Key), Azure SDK credentials built from a
literal account key (StorageSharedKeyCredential, AzureNamedKeyCredential), a machineKey attribute on its own
line, Rust's unwrap_or(String::from("…")) fallback, OmniAuth provider secrets, Joken signer keys, Meilisearch
master/admin keys, Gemfury tokens in source URLs, Magento's crypt key, Rails' master.key, Craft CMS's
security key and Go JWTs signed with a literal key. Each is found by
its rule and shown after the filters and the offline judge; references, placeholders, public keys and ids in
the same places are not matched (an upper-case TWILIO_SID=AC… is no session cookie); and a scan's report
never carries a value. Values are random, made here in each format; assertion messages name rules and paths,
never values (PYTEST_DONT_REWRITE: plain asserts, so a failure shows only its message)."""

from __future__ import annotations

import base64
import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import not_shown
from tests.support.cli_scan import require_planted_files_shown_and_not_carried
from tests.support.rule_cases import require_case_found_and_shown
from tests.support.rule_cases import rule_hits as _hits
from tests.support.tokens import random_chars

_R = random.Random(2727)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"
_URLSAFE = _ALNUM + "-_"


def _s(n: int, alphabet: str = _ALNUM) -> str:
    return random_chars(_R, n, alphabet)


def _key() -> str:
    """A generated key: mixed case, digits and the marks password managers add."""
    while True:
        value = _s(36, _ALNUM + "%^*-_+=")
        if any(c.isdigit() for c in value) and any(c.isupper() for c in value) and any(c.islower() for c in value):
            return value


def _b64(n: int) -> str:
    return base64.b64encode(bytes(_R.randrange(256) for _ in range(n))).decode()


# (rule, path, text with {v}, value maker)
CASES = [
    ("aspnet-config-key-path", "src/Shop.Api/secrets.json",
     "{{\n  \"ConnectionStrings:Default\": \"Server=localhost;Database=shop;Trusted_Connection=True\",\n"
     "  \"Jwt:Key\": \"{v}\"\n}}\n", _key),
    ("aspnet-config-key-path", "deploy/docker-compose.yml",
     "services:\n  api:\n    image: shop-api:4.1\n    environment:\n      Jwt__Key: \"{v}\"\n", _key),
    ("azure-named-key-credential", "src/Shop.Infrastructure/Blobs.cs",
     "var account = \"shopstore\";\nvar cred = new StorageSharedKeyCredential(account, \"{v}\");\n", lambda: _b64(64)),
    ("azure-named-key-credential", "app/tables.py",
     "from azure.core.credentials import AzureNamedKeyCredential\n"
     "policy = \"RootManageSharedAccessKey\"\ncredential = AzureNamedKeyCredential(policy, \"{v}\")\n", lambda: _b64(32)),
    ("aspnet-machine-key", "src/Legacy.Web/Web.config",
     "<system.web>\n    <machineKey validationKey=\"AutoGenerate,IsolateApps\"\n"
     "                decryptionKey=\"{v}\"\n                decryption=\"AES\" />\n</system.web>\n",
     lambda: _s(64, "0123456789ABCDEF")),
    ("env-lookup-default-secret", "services/billing/src/settings.rs",
     "pub fn api_key() -> String {{\n    env::var(\"BILLING_API_KEY\").unwrap_or(String::from(\"{v}\"))\n}}\n",
     lambda: _s(40)),
    ("omniauth-provider-secret", "config/initializers/omniauth.rb",
     "Rails.application.config.middleware.use OmniAuth::Builder do\n"
     "  provider :github, '" + _s(20, _HEX) + "', '{v}', scope: 'user:email'\nend\n", lambda: _s(40, _HEX)),
    ("omniauth-provider-secret", "config/initializers/devise.rb",
     "Devise.setup do |config|\n  config.omniauth :github, \"" + _s(20, _HEX) + "\", \"{v}\", scope: \"user:email\"\nend\n",
     lambda: _s(40, _HEX)),
    ("joken-signer-key", "config/prod.exs",
     "import Config\n\nconfig :joken, default_signer: \"{v}\"\n", lambda: _b64(32)),
    ("joken-signer-key", "config/runtime.exs",
     "config :acme, :joken_signers, hs512: [signer_alg: \"HS512\", key_octet: \"{v}\"]\n", lambda: _s(48, _URLSAFE)),
    ("meilisearch-key-setting", ".env.production",
     "SCOUT_DRIVER=meilisearch\nMEILISEARCH_HOST=http://meilisearch:7700\nMEILISEARCH_KEY={v}\n", lambda: _s(43, _URLSAFE)),
    ("meilisearch-key-setting", "deploy/search.yml",
     "services:\n  meilisearch:\n    image: getmeili/meilisearch:v1.10\n    environment:\n      MEILI_MASTER_KEY: \"{v}\"\n",
     lambda: _s(32, _HEX)),
    ("gemfury-url-token", "Gemfile",
     "source \"https://rubygems.org\"\n\nsource \"https://{v}@gem.fury.io/acme/\" do\n  gem \"acme-ui\"\nend\n", lambda: _s(20)),
    ("gemfury-url-token", "requirements.txt",
     "--extra-index-url https://{v}:@pypi.fury.io/acme/\nacme-billing==2.1.0\n", lambda: _s(20)),
    ("magento-crypt-key", "app/etc/env.php",
     "<?php\nreturn [\n    'crypt' => [\n        'key' => '{v}'\n    ],\n    'db' => [\n        'table_prefix' => ''\n    ],\n];\n",
     lambda: _s(32, _HEX)),
    ("rails-master-key-file", "config/master.key", "{v}", lambda: _s(32, _HEX)),
    ("craft-security-key", "craft/.env",
     "CRAFT_APP_ID=CraftCMS--shop\nCRAFT_ENVIRONMENT=production\nCRAFT_SECURITY_KEY={v}\n", lambda: _s(32, _URLSAFE)),
    ("go-jwt-signedstring-literal", "internal/auth/token.go",
     "func Sign(c jwt.Claims) (string, error) {{\n\treturn jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString([]byte(\"{v}\"))\n}}\n",
     lambda: _s(40)),
]


@pytest.mark.parametrize("rule_id,path,template,make", CASES, ids=[f"{r}:{p}" for r, p, _, _ in CASES])
def test_each_rule_finds_its_value_and_the_pipeline_shows_it(rule_id, path, template, make) -> None:
    require_case_found_and_shown(_hits, rule_id, path, make, lambda value: template.format(v=value))


def test_every_new_or_widened_rule_of_the_set_has_a_case() -> None:
    rules = {"aspnet-config-key-path", "azure-named-key-credential", "aspnet-machine-key", "env-lookup-default-secret",
             "omniauth-provider-secret", "joken-signer-key", "meilisearch-key-setting", "gemfury-url-token",
             "magento-crypt-key", "rails-master-key-file", "craft-security-key", "go-jwt-signedstring-literal"}
    assert rules <= {r for r, _, _, _ in CASES}, sorted(rules - {r for r, _, _, _ in CASES})


def test_both_machine_key_attributes_are_found_on_one_element() -> None:
    """validationKey and decryptionKey are two keys: each is its own finding, also on one line."""
    for _ in range(3):
        validation, decryption = _s(128, "0123456789ABCDEF"), _s(48, "0123456789ABCDEF")
        text = f"<machineKey validationKey=\"{validation}\" decryptionKey=\"{decryption}\" validation=\"HMACSHA256\" />\n"
        hits = _hits("aspnet-machine-key", text, "Web.config")
        assert any(validation in h for h in hits), "aspnet-machine-key: missed validationKey"
        assert any(decryption in h for h in hits), "aspnet-machine-key: missed decryptionKey beside validationKey"


# (rule, path, text): references, placeholders, public keys and ids in the same places
NOT_MATCHED = [
    ("aspnet-config-key-path", "secrets.json", "{\n  \"Jwt:Key\": \"${JWT_KEY}\"\n}\n"),
    ("aspnet-config-key-path", "secrets.json", "{\n  \"Jwt:Key\": \"\"\n}\n"),
    ("aspnet-config-key-path", "appsettings.json", "{\n  \"Redis:PrimaryKey\": \"" + _s(32, _HEX) + "\"\n}\n"),
    ("aspnet-config-key-path", "appsettings.json", "{\n  \"Jwt:KeyId\": \"" + _s(32, _HEX) + "\"\n}\n"),
    ("azure-named-key-credential", "Blobs.cs",
     "var cred = new StorageSharedKeyCredential(account, Environment.GetEnvironmentVariable(\"STORAGE_KEY\"));\n"),
    ("azure-named-key-credential", "blobs.ts", "const cred = new StorageSharedKeyCredential(account, accountKey);\n"),
    # both arguments literal: credential-constructor-literal's
    ("azure-named-key-credential", "Blobs.cs", "var cred = new StorageSharedKeyCredential(\"shop\", \"" + _b64(64) + "\");\n"),
    ("aspnet-machine-key", "Web.Release.config",
     "<machineKey validationKey=\"#{MachineValidationKey}#\" decryptionKey=\"$(MachineDecryptionKey)\" />\n"),
    ("env-lookup-default-secret", "settings.rs", "let key = env::var(\"API_KEY\").unwrap_or(String::from(\"\"));\n"),
    ("env-lookup-default-secret", "settings.rs", "let mode = env::var(\"APP_MODE\").unwrap_or(String::from(\"production\"));\n"),
    ("omniauth-provider-secret", "omniauth.rb",
     "  provider :google_oauth2, ENV['GOOGLE_CLIENT_ID'], ENV['GOOGLE_CLIENT_SECRET']\n"),
    ("omniauth-provider-secret", "omniauth.rb",
     "  provider :github, Rails.application.credentials.github[:id], Rails.application.credentials.github[:secret]\n"),
    ("joken-signer-key", "prod.exs", "config :joken, default_signer: System.fetch_env!(\"JOKEN_SECRET\")\n"),
    ("joken-signer-key", "prod.exs",
     "config :joken, rs256: [signer_alg: \"RS256\", key_pem: File.read!(\"priv/keys/rs256.pem\")]\n"),
    ("meilisearch-key-setting", ".env", "MEILISEARCH_KEY=${MEILI_MASTER_KEY}\n"),
    # a search-only key is made for browsers
    ("meilisearch-key-setting", ".env", "MEILISEARCH_SEARCH_KEY=" + _s(64, _HEX) + "\n"),
    ("gemfury-url-token", "Gemfile", "source \"https://gem.fury.io/acme/\" do\n"),
    ("gemfury-url-token", "requirements.txt", "--extra-index-url https://${FURY_TOKEN}:@pypi.fury.io/acme/\n"),
    ("magento-crypt-key", "env.php", "    'crypt' => [\n        'key' => getenv('MAGENTO_CRYPT_KEY')\n    ],\n"),
    # another section's 'key' (a cache id prefix) is no encryption key
    ("magento-crypt-key", "env.php", "    'cache' => [\n        'key' => '" + _s(32, _HEX) + "'\n    ],\n"),
    ("rails-master-key-file", "config/master.key", "<%= ENV['RAILS_MASTER_KEY'] %>\n"),
    # the same 32 hex under another name: not Rails' key file
    ("rails-master-key-file", "config/cache.key", _s(32, _HEX)),
    ("craft-security-key", "craft/.env", "CRAFT_SECURITY_KEY=\nSECURITY_KEY=$CRAFT_SECURITY_KEY\n"),
    ("craft-security-key", "config/general.php", "    'securityKey' => App::env('CRAFT_SECURITY_KEY'),\n"),
    ("go-jwt-signedstring-literal", "token.go", "tokenString, err := token.SignedString([]byte(os.Getenv(\"JWT_SECRET\")))\n"),
    ("go-jwt-signedstring-literal", "token.go", "tokenString, err := token.SignedString(privateKey)\n"),
    # an upper-case NAME_SID= is an environment variable holding an account id, not a session cookie
    ("session-cookie", ".env", "TWILIO_SID=AC" + _s(32, _HEX) + "\nTWILIO_ACCOUNT_SID=AC" + _s(32, _HEX) + "\n"),
]


@pytest.mark.parametrize("rule_id,path,text", NOT_MATCHED, ids=[f"{r}-{i}" for i, (r, _, _) in enumerate(NOT_MATCHED)])
def test_references_and_look_alikes_are_not_matched(rule_id: str, path: str, text: str) -> None:
    assert not _hits(rule_id, text, path), f"{rule_id}: matched a look-alike in {path}"


def test_a_lower_case_session_cookie_is_still_a_session_cookie() -> None:
    for _ in range(3):
        value = "s%3A" + _s(32, _URLSAFE) + "." + _s(27)
        assert any(value in h for h in _hits("session-cookie", f"curl -b 'connect.sid={value}' https://api.acme-shop.io/me\n")), \
            "session-cookie: missed connect.sid"


def test_account_sids_in_an_env_file_are_not_shown() -> None:
    """What no longer matches session-cookie is not shown by another rule either."""
    text = f"TWILIO_SID=AC{_s(32, _HEX)}\n"
    assert not_shown(text, "laravel/.env"), "laravel/.env: a Twilio account SID is shown"


def test_scan_report_shows_the_framework_cases_and_never_carries_a_value(tmp_path) -> None:
    """Through the CLI's own pipeline (discover, scan, filter, offline judge, report)."""
    root = tmp_path / "repo"
    jwt, storage, omni, meili, fury, crypt, master = _key(), _b64(64), _s(40, _HEX), _s(43, _URLSAFE), _s(20), _s(32, _HEX), _s(32, _HEX)
    files = {
        "src/Shop.Api/secrets.json": (f"{{\n  \"Jwt:Key\": \"{jwt}\"\n}}\n", jwt),
        "src/Shop.Infrastructure/Blobs.cs": (f"var cred = new StorageSharedKeyCredential(account, \"{storage}\");\n", storage),
        "config/initializers/omniauth.rb": (
            f"Rails.application.config.middleware.use OmniAuth::Builder do\n  provider :github, '{_s(20, _HEX)}', '{omni}'\nend\n", omni),
        "laravel/.env": (f"SCOUT_DRIVER=meilisearch\nMEILISEARCH_KEY={meili}\n", meili),
        "Gemfile": (f"source \"https://{fury}@gem.fury.io/acme/\" do\n  gem \"acme-ui\"\nend\n", fury),
        "app/etc/env.php": (f"<?php\nreturn [\n    'crypt' => [\n        'key' => '{crypt}'\n    ],\n];\n", crypt),
        "config/master.key": (master, master),
    }
    require_planted_files_shown_and_not_carried(root, tmp_path, files)
