"""Entropy, language ids, path kinds, comment detection and build_features."""

from __future__ import annotations

import math
import random
import string

import pytest

from secretloop.loops.features import (
    build_features,
    in_comment,
    is_docs_path,
    is_test_path,
    language_for,
    shannon_entropy,
)


def _random_token(seed: int, length: int = 36) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(length))


# --- entropy -------------------------------------------------------------------------

@pytest.mark.parametrize("s,expected", [
    ("", 0.0),
    ("aaaa", 0.0),
    ("ab", 1.0),
    ("abcd", 2.0),
    ("0123456789abcdef", 4.0),
    ("aab", -(2 / 3) * math.log2(2 / 3) - (1 / 3) * math.log2(1 / 3)),
])
def test_shannon_entropy_known_values(s: str, expected: float) -> None:
    assert shannon_entropy(s) == pytest.approx(expected)


def test_entropy_of_a_random_token_is_high() -> None:
    assert shannon_entropy(_random_token(1, 64)) > 4.5


# --- languages -----------------------------------------------------------------------

@pytest.mark.parametrize("path,language", [
    ("app/main.py", "python"),
    ("web/index.js", "javascript"),
    ("web/app.tsx", "typescript"),
    ("cmd/server/main.go", "go"),
    ("src/Main.java", "java"),
    ("lib/a.rb", "ruby"),
    ("index.php", "php"),
    ("Program.cs", "csharp"),
    ("deploy/values.yaml", "yaml"),
    ("ci.yml", "yaml"),
    ("package.json", "json"),
    ("pyproject.toml", "toml"),
    ("setup.cfg", "ini"),
    ("app.properties", "properties"),
    ("web.config", "xml"),
    ("scripts/run.sh", "shell"),
    ("Dockerfile", "dockerfile"),
    ("docker/Dockerfile.prod", "dockerfile"),
    ("api.dockerfile", "dockerfile"),
    (".env", "dotenv"),
    (".env.production", "dotenv"),
    ("config/prod.env", "dotenv"),
    ("README.md", "markdown"),
    ("notes.txt", "text"),
    ("LICENSE", "text"),
    ("config.yml.example", "yaml"),
    ("settings.py.bak", "python"),
    ("Dockerfile.template", "dockerfile"),
    ("Makefile", "makefile"),
    ("Jenkinsfile", "groovy"),
    (".npmrc", "ini"),
    ("C:\\repo\\app\\main.py", "python"),
    ("main.tf", "terraform"),
])
def test_language_for(path: str, language: str) -> None:
    assert language_for(path) == language


# --- path kinds ----------------------------------------------------------------------

@pytest.mark.parametrize("path", [
    "tests/test_app.py", "test/config.json", "src/__tests__/a.js", "spec/models/user_spec.rb",
    "pkg/fixtures/keys.pem", "internal/testdata/token.txt", "pkg/server_test.go", "test_api.py",
    "web/app.spec.ts", "web/app.test.jsx", "src/test/java/AppTest.java", "src/UserServiceTests.cs", "conftest.py", "Tests/A.cs",
    "rustls/test-ca/rsa/end.key", "newrelic/cross_agent_tests/sql.json", "pkg/integration-tests/app.yml",
    "acme/functional_tests.go", "app/unit_tests.py", "jwcrypto/tests-cookbook.py", "src/test-utils.js",
    "openpgp/keys_test_data.go", "openpgp/read_write_test_data.go", "vectors/test_vectors.json", "pkg/testdata.go",
    "crypto/ecdsa_test_keys.py", "auth/test-fixtures.yaml",
    "src/test/regress/sql/password.sql", "openssh/regress/keys/rsa", "cyrus/cunit/md5.testc", "tests/unittests/a.cpp",
    "pkg/testsuite/ldap.conf", "sasl/test-sasl.c", "krb5/lib/crypto/t_vectors.c", "poco/Net/StreamSocketTest.cpp",
    "src/myapp/auth_test.clj", "lua/plugin/auth_spec.lua", "Runtests.jl", "src/AuthSpec.hs", "src/setupTests.ts", "jest.setup.js",
    "config/test.exs",
])
def test_is_test_path_positive(path: str) -> None:
    assert is_test_path(path)


@pytest.mark.parametrize("path", ["src/app.py", "contest.py", "testament.py", "latest/config.json", "attestation.go", "testing.md",
                                  "src/protest/main.py", "src/Contest.java", "", "contest-data/config.json",
                                  "latest-build/a.py", "attest-ca/key.pem",
                                  "src/contests.py", "latest_data.go", "contest-vectors.json", "attestdata.py", "pkg/testament_keys.go",
                                  "src/regressor.py", "lib/t_config.h", "src/Contest.cpp", "src/latest-sasl.c",
                                  "config/prod.exs", "src/auth.clj", "src/Inspect.hs", "lua/spec_helper_config.lua",
                                  "docs/report.txt", "src/main.jl", "deploy/templates/hosts.t", "src/setup.ts"])
def test_is_test_path_negative(path: str) -> None:
    assert not is_test_path(path)


@pytest.mark.parametrize("path", ["docs/setup.py", "doc/config.yaml", "examples/client.js", "README.md",
                                  "guide.rst", "manual.adoc", "README", "readme.txt", "sub/CHANGELOG.md",
                                  "data/ec2/2016-11-15/examples-1.json", "api/samples_v2.yaml", "s3.examples.json",
                                  "usr/share/man/man8/wg-quick.8", "wireguard-tools/man/man5/ipsec.secrets.5",
                                  "strongswan/man/ipsec.secrets.5", "usr/share/man/man1/openssl-passwd.1ssl",
                                  "usr/share/info/knot.info", "mc-docker-examples/docker-compose.yml",
                                  "terraform-aws-samples/main.tf", "project/api-docs/auth.yaml"])
def test_is_docs_path_positive(path: str) -> None:
    assert is_docs_path(path)


@pytest.mark.parametrize("path", ["src/app.py", "docker/compose.yml", "md/app.py", "installer.py", "",
                                  "manager/config.5", "src/man/app.py", "human/settings.1", "mandrill/keys.env",
                                  "app/info/settings.py", "share/info",
                                  "example.env", "sample.conf", "config.sample.yml", "src/examplesmith.py", "examples",
                                  "spring-demo/src/application.yml", "app/simple/config.yml"])
def test_is_docs_path_negative(path: str) -> None:
    assert not is_docs_path(path)


# --- comments ------------------------------------------------------------------------

def _at(line: str, needle: str = "VALUE") -> int:
    return line.index(needle)


@pytest.mark.parametrize("line,language", [
    ("x = 1  # token VALUE", "python"),
    ("# VALUE", "python"),
    ("  // key: VALUE", "javascript"),
    ("const a = 1; // VALUE", "typescript"),
    ("/* secret VALUE */", "java"),
    (" * @param key VALUE", "java"),
    ("key: a # VALUE", "yaml"),
    ("; VALUE", "ini"),
    ("! VALUE", "properties"),
    ("-- VALUE", "sql"),
    ("<!-- VALUE -->", "xml"),
    ("# note VALUE", "text"),
    ("REM VALUE", "batch"),
])
def test_in_comment_positive(line: str, language: str) -> None:
    assert in_comment(line, _at(line), language)


@pytest.mark.parametrize("line,language", [
    ('key = "VALUE"', "python"),
    ('url = "http://host/#VALUE"', "python"),
    ('const url = "https://VALUE";', "javascript"),
    ("key: a#VALUE", "yaml"),
    ("password=abc;VALUE", "ini"),
    ("TOKEN=abc#VALUE", "dotenv"),
    ("/* done */ key = VALUE", "c"),
    ('"key": "VALUE"', "json"),
    ("*ptr = VALUE;", "c"),
    ("key VALUE", "text"),
    ("VALUE # trailing", "python"),
])
def test_in_comment_negative(line: str, language: str) -> None:
    assert not in_comment(line, _at(line), language)


# --- build_features ------------------------------------------------------------------

def _features(text: str, value: str, path: str = "app/config.py", rule_confidence: str = "low", key_name: str | None = "api_key"):
    start = text.index(value)
    return build_features(value, text, start, start + len(value), path, rule_confidence, key_name=key_name)


def test_build_features_measures_the_value_without_keeping_it() -> None:
    token = _random_token(3)
    text = f'import os\napi_key = "{token}"\n'
    f = _features(text, token)
    assert f.length == len(token)
    assert f.entropy == pytest.approx(shannon_entropy(token), abs=1e-3)
    assert f.char_classes == "Aa1"
    assert f.language == "python"
    assert f.key_name == "api_key"
    assert not f.in_test_path and not f.in_docs_path and not f.in_comment
    assert f.filter_hits == [] and f.suppressed_by is None
    assert token not in f.model_dump_json()


def test_build_features_passes_known_prefix_and_checksum_through() -> None:
    token = _random_token(4)
    text = f'TOKEN = "{token}"'
    start = text.index(token)
    f = build_features(token, text, start, start + len(token), "src/app.ts", "high",
                       known_prefix=token[:4], checksum_valid=True, key_name="TOKEN")
    assert f.known_prefix == token[:4] and f.checksum_valid is True and f.language == "typescript"


def test_build_features_reports_path_kind_comment_and_filters() -> None:
    text = "# api_key = your_api_key_here\n"
    f = _features(text, "your_api_key_here", path="tests/fixtures/settings.py")
    assert f.in_test_path and f.in_comment
    assert "placeholder" in f.filter_hits
    assert _features("key: x", "x", path="docs/guide.md").in_docs_path


def test_build_features_skips_generic_only_filters_for_high_confidence() -> None:
    text = "password = db_password\n"
    assert "code_reference" in _features(text, "db_password", rule_confidence="low").filter_hits
    assert "code_reference" not in _features(text, "db_password", rule_confidence="high").filter_hits


@pytest.mark.parametrize("text,marker", [
    ('api_key = "VALUE"  # gitleaks:allow\n', "gitleaks:allow"),
    ('x = 1\n# pragma: allowlist nextline secret\napi_key = "VALUE"\n', "pragma: allowlist nextline secret"),
    ('api_key = "VALUE"  # secretloop:allow\r\nnext = 1\r\n', "secretloop:allow"),
    ('key = """VALUE\nVALUE2"""  # secretloop:allow\n', "secretloop:allow"),  # marker on the span's last line
    ('api_key = "VALUE"\n', None),
    ('# secretloop:allow\napi_key = "VALUE"\n', None),  # only the nextline pragma reaches down
])
def test_build_features_suppression(text: str, marker: str | None) -> None:
    if "VALUE2" in text:
        start = text.index("VALUE")
        end = text.index("VALUE2") + len("VALUE2")
        f = build_features(text[start:end], text, start, end, "a.py", "low", key_name="key")
    else:
        f = _features(text, "VALUE")
    assert f.suppressed_by == marker


def test_build_features_value_on_first_and_last_line_of_file() -> None:
    assert _features("VALUE", "VALUE", key_name=None).length == 5
    assert _features("a = 1\nVALUE", "VALUE", key_name=None).suppressed_by is None


def test_build_features_checks_a_token_body_after_its_known_prefix() -> None:
    # The fixed prefix is the format's, so only the rest can say "typed by hand".
    typed = "sgp_" + "3333333eEEEEE9999999" + "a" * 20
    text = f"SRC_ACCESS_TOKEN={typed}\n"
    start = text.index(typed)
    f = build_features(typed, text, start, start + len(typed), "app/.env", "high", known_prefix="sgp_")
    assert "typed_placeholder" in f.filter_hits
    rng = random.Random(7)
    real = "sgp_" + "".join(rng.choice("0123456789abcdef") for _ in range(40))
    text = f"SRC_ACCESS_TOKEN={real}\n"
    start = text.index(real)
    f = build_features(real, text, start, start + len(real), "app/.env", "high", known_prefix="sgp_")
    assert f.filter_hits == []
