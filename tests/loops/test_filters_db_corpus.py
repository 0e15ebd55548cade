"""False alarms found by scanning database drivers, ORMs and web frameworks (their settings, tests
and docs): one test per class, on synthetic lines of that shape written here, and a realistic
credential in the same place that must still be shown. Every value is made up here (random
characters from tests/support/tokens.py, or typed words)."""

from __future__ import annotations

import random
import string

import pytest

from secretloop.loops.filters import Surroundings
from tests.loops.test_fp_corpus_classes import hidden, outcomes, require_shown
from tests.support.filter_checks import IN_CODE, IN_DOCS, IN_TEST, check_filter
from tests.support.tokens import high_entropy, random_password

_R = random.Random(40213)


def check(name: str, value: str, line: str, key: str | None, language: str | None = "python",
          around: Surroundings | None = None) -> bool:
    return check_filter(name, value, line, key, language, around)


def _pw() -> str:
    return random_password(seed=_R.randrange(1 << 30))


def _letters(n: int) -> str:
    return "".join(_R.choice(string.ascii_letters) for _ in range(n))


# --- the name of a hashing scheme or an authentication mechanism ------------------------------------

@pytest.mark.parametrize("value", ["argon2", "bcrypt", "scram-sha-256", "django_pbkdf2_sha256", "md5",
                                   "ldap_salted_sha1", "kerberosv5", "sha512", "plaintext"])
def test_algorithm_names_are_no_credentials(value: str) -> None:
    assert check("algorithm_name", value, f'PASSWORD_HASH = "{value}"', "PASSWORD_HASH")


def test_algorithm_names_in_settings_are_hidden() -> None:
    assert hidden('PASSWORD_HASH = "argon2"\n', "app/settings.py")
    assert hidden("    await con.execute(\"SET password_encryption = 'scram-sha-256';\")\n", "app/db.py")


@pytest.mark.parametrize("value", ["hunter-sha", "sha256-" + high_entropy(seed=1, length=20), "md5" + "Xq7vLp2",
                                   "bcrypt_" + "ktwzrq"])
def test_a_value_beyond_algorithm_words_is_no_algorithm(value: str) -> None:
    assert not check("algorithm_name", value, f'password = "{value}"', "password")


def test_a_real_value_beside_an_algorithm_setting_stays_shown() -> None:
    require_shown(f'    "PASSWORD_SALT": "{high_entropy(seed=_R.randrange(1 << 30), length=40)}",\n', "app/settings.py")
    require_shown(f'DB_PASSWORD = "{_pw()}"\n', "app/settings.py")


# --- an import string (entry points, settings naming code) --------------------------------------------

@pytest.mark.parametrize("value", ["pkg.server.auth:create_app", "pkg.auth.client:AuthServiceClient",
                                   "app.security.hooks:check_basic_auth"])
def test_import_strings_name_code(value: str) -> None:
    assert check("object_reference", value, f"basic-auth = {value}", "basic-auth", "text")


def test_import_strings_in_entry_points_and_settings_are_hidden() -> None:
    assert hidden("[pkg.app]\nbasic-auth = pkg.server.auth:create_app\n", "pkg.egg-info/entry_points.txt")
    assert hidden('basic-auth = "pkg.server.auth.client:AuthServiceClient"\n', "pyproject.toml")
    assert hidden('DEFAULT_AUTHORIZATION_FUNCTION = "pkg.server.auth:authenticate_request"\n', "pkg/auth/config.py")


@pytest.mark.parametrize("value", ["jane.doe:Secret", "svc.deploy:" + "Rt7kWq2PzLm", "svc.deploy:" + "qzkrtvwpnbxlmd"])
def test_a_dotted_user_and_a_password_is_no_import_string(value: str) -> None:
    assert not check("object_reference", value, f'auth = "{value}"', "auth", "toml")


# --- a type written as a string in a Python annotation ------------------------------------------------

def test_a_string_annotation_is_a_type() -> None:
    line = '_pwd_context: "CryptContext" = LocalProxy(lambda: _sec.pwd_context)'
    assert check("string_annotation", "CryptContext", line, "_pwd_context")
    assert check("string_annotation", "Optional[Token]", 'token: "Optional[Token]" = None', "token")
    assert hidden(line + "\n", "app/proxies.py")


def test_a_value_after_an_annotation_is_no_type() -> None:
    pw = _pw()
    assert not check("string_annotation", pw, f'password: str = "{pw}"', "password")
    assert not check("string_annotation", "Xk9Lw", 'password: "Xk9Lw" = x', "password", "typescript")
    require_shown(f'password: str = "{pw}"\n', "app/settings.py")


# --- the value an assertion in a test expects is kept: labelled sets count it as the credential it
# repeats (assert cfg["password"] == "…" is a finding of its own).

def test_the_expected_value_of_an_assertion_in_a_test_stays_shown() -> None:
    require_shown(f'def test_cfg():\n    assert cfg["password"] == "{_pw()}"\n', "tests/test_cfg.py")


# --- "my" before words in a test or documentation -------------------------------------------------------

@pytest.mark.parametrize("value", ["my_jwt", "my-token", "my_name_1", "mySecretValue"])
def test_my_before_words_is_a_stand_in_in_examples(value: str) -> None:
    assert check("possessive_stand_in_in_example", value, f'token = "{value}"', "token", "python", IN_TEST)
    assert not check("possessive_stand_in_in_example", value, f'token = "{value}"', "token", "python", IN_CODE)


def test_my_before_words_in_a_test_is_hidden() -> None:
    assert hidden('    c1 = eng.execution_options(logging_token="my_name_1")\n', "test/engine/test_logging.py")


@pytest.mark.parametrize("value", ["mytoken", "myrtle_grove", "mykwzsqt"])
def test_my_run_into_a_word_is_no_possessive(value: str) -> None:
    assert not check("possessive_stand_in_in_example", value, f'password = "{value}"', "password", "python", IN_TEST)


def test_my_before_random_characters_stays_shown() -> None:
    value = "my_" + high_entropy(seed=_R.randrange(1 << 30), length=14)
    assert not check("possessive_stand_in_in_example", value, f'API_TOKEN = "{value}"', "API_TOKEN", "python", IN_TEST)
    require_shown(f'API_TOKEN = "{value}"\n', "tests/test_client.py")


# --- a credential word spelled around escapes and symbols in a test or documentation -----------------

@pytest.mark.parametrize("value", ["p%40ssw%25rd", "P%%40ssw%%25rd", "pa;ss", "p,a;ss", "pwpw", "p%23ssword!",
                                   "p+ss+word", "/mypass/+ word=$+", "s3cr3t!", "%61pass"])
def test_a_spelled_credential_word_is_a_fixture_in_examples(value: str) -> None:
    line = f"url = 'redis://user:{value}@localhost:6379/0'"
    assert check("spelled_credential_in_example", value, line, None, "python", IN_TEST)
    assert check("spelled_credential_in_example", value, line, None, "restructuredtext", IN_DOCS)
    assert not check("spelled_credential_in_example", value, line, None, "python", IN_CODE)


def test_a_spelled_credential_word_in_a_test_url_is_hidden() -> None:
    assert hidden("    url = 'postgresql://scott:P%40ssw%25rd@localhost:5432/testdb'\n", "tests/test_url.py")


@pytest.mark.parametrize("value", ["kx%40jj5%2Fg", "apples%40oranges"])
def test_other_typed_passwords_are_no_spelled_credential(value: str) -> None:
    assert not check("spelled_credential_in_example", value, "", None, "python", IN_TEST)


def test_a_random_password_in_a_test_url_stays_shown() -> None:
    pw = _pw()
    assert not check("spelled_credential_in_example", pw, "", None, "python", IN_TEST)
    require_shown(f'def test_db():\n    url = "postgres://app:{pw}@db.internal:5432/app"\n', "tests/test_db.py")


# --- the Azure storage emulator's published account ------------------------------------------------------

def _b64(n: int) -> str:
    r = random.Random(n)
    return "".join(r.choice(string.ascii_letters + string.digits + "+/") for _ in range(86)) + "=="


def test_the_storage_emulators_account_is_published() -> None:
    key = _b64(5)
    assert hidden(f"CREDS = 'azurestoragequeues://{key}@http://localhost:10001/devstoreaccount1'\n", "tests/test_queue.py")
    assert check("storage_emulator_account", key, f"conn = 'UseDevelopmentStorage=true;AccountKey={key}'", None)


def test_another_storage_account_stays_shown() -> None:
    key = _b64(6)
    assert hidden(f'STORAGE_SECRET = "{key}"  # account devstoreaccount1\n', "app/settings.py")
    assert not check("storage_emulator_account", key, f"CREDS = 'azurestoragequeues://{key}@https://prodqueues/'", None)
    require_shown(f'STORAGE_SECRET = "{key}"  # account prodqueues1\n', "app/settings.py")


# --- a web server's directive that passes requests on ---------------------------------------------------

@pytest.mark.parametrize("key", ["proxy_pass", "uwsgi_pass", "fastcgi_pass", "grpc_pass"])
def test_upstream_directives_name_an_address(key: str) -> None:
    assert check("upstream_directive", "unix:/tmp/app.sock", f"    {key} unix:/tmp/app.sock;", key, "text")


def test_an_upstream_directive_is_hidden_and_a_password_directive_shown() -> None:
    assert hidden("    uwsgi_pass unix:/tmp/app.sock;\n", "deploy/nginx.conf")
    assert not check("upstream_directive", "x", "db_pass x;", "db_pass", "text")
    require_shown(f"    db_pass {_pw()};\n", "deploy/app.conf")


# --- a lexer's token class under a token name -------------------------------------------------------------

def test_a_lexer_token_class_is_no_token() -> None:
    line = 'var s={defaultToken:"keyword",ignoreCase:!0,tokenPostfix:".sh"}'
    assert check("lexer_token_type", "keyword", line, "defaultToken", "javascript")
    assert hidden(line + "\n", "static/js/lang.chunk.js")


def test_a_random_default_token_stays_shown() -> None:
    value = high_entropy(seed=_R.randrange(1 << 30), length=32)
    assert not check("lexer_token_type", value, f'defaultToken: "{value}"', "defaultToken", "javascript")
    assert not check("lexer_token_type", "keyword", 'password: "keyword"', "password", "javascript")


# --- names that describe what handles a credential ---------------------------------------------------------

@pytest.mark.parametrize("key", ["pwd_context", "DEPRECATED_PASSWORD_SCHEMES", "password_util_cls", "auth_hosts",
                                 "tokenPostfix", "AUTH_SCHEME"])
def test_names_of_what_handles_a_credential_describe(key: str) -> None:
    assert check("describing_key_name", "auto", f'{key} = "auto"', key)


def test_a_credential_name_without_such_a_word_stays_shown() -> None:
    require_shown(f'pwd = "{_pw()}"\n', "app/settings.py")
    assert not check("describing_key_name", "x", "", "auth_host_password")


# --- a requirement whose name reads as words in parts, and a metasyntactic word typed twice ----------------

def test_a_requirement_with_an_abbreviation_in_its_name() -> None:
    assert check("urn_or_requirement", "Flask-WTF<2", 'auth = ["Flask-WTF<2"]', "auth", "toml")
    assert hidden('auth = ["Flask-WTF<2"]\n', "pyproject.toml")
    assert not check("urn_or_requirement", "Xk9QzTRB<2", 'auth = ["Xk9QzTRB<2"]', "auth", "toml")
    # A prefixed token with = inside is no requirement: its parts after the word are random.
    token = "pfx_pw_" + high_entropy(seed=8, length=14).lower() + "=3c=5" + high_entropy(seed=9, length=20).lower()
    assert not check("urn_or_requirement", token, f'token = "{token}"', "token")


@pytest.mark.parametrize("value", ["blahblah", "foofoo", "barbarbar"])
def test_a_metasyntactic_word_typed_twice_is_a_placeholder(value: str) -> None:
    assert check("placeholder", value, f'passcode="{value}"', "passcode")


def test_a_word_typed_twice_that_is_not_metasyntactic_stays() -> None:
    assert not check("placeholder", "kwrtkwrt", 'passcode="kwrtkwrt"', "passcode")
    assert outcomes(f'    data = dict(identity="a@b.c", passcode="{_pw()}"),\n', "tests/test_x.py") != ["dismissed"]


# --- a word before the name's credential word -------------------------------------------------------------

@pytest.mark.parametrize(("key", "value"), [("KEK_PASSPHRASE", "current-passphrase"), ("password", "new_password"),
                                            ("API_SECRET", "old-secret")])
def test_a_word_before_the_names_credential_word_says_which(key: str, value: str) -> None:
    assert check("same_as_key_name", value, f"{key}='{value}'", key)


def test_a_random_word_before_the_credential_word_stays() -> None:
    assert not check("same_as_key_name", "xkqzvtr-passphrase", "KEK_PASSPHRASE='xkqzvtr-passphrase'", "KEK_PASSPHRASE")
    assert not check("same_as_key_name", "current-secret", "KEK_PASSPHRASE='current-secret'", "KEK_PASSPHRASE")
    require_shown(f"  export KEK_PASSPHRASE='{_pw()}'\n", "deploy/setup.sh")


# --- a URL pattern whose password names a part ------------------------------------------------------------

def test_a_url_pattern_naming_its_parts() -> None:
    line = "    \"'models://scope:prefix@registry/model-name/stage-or-version' is deprecated\""
    assert check("url_parts_named", "prefix", line, None)
    assert hidden(line + "\n", "pkg/utils/registry.py")


def test_a_url_with_a_real_password_stays_shown() -> None:
    pw = _pw()
    assert not check("url_parts_named", pw, f"'models://scope:{pw}@registry/m'", None)
    require_shown(f"    url = 'https://deploy:{pw}@registry.internal/models'\n", "pkg/utils/registry.py")


@pytest.mark.parametrize("value", ["foo%25bar", "foo+bar", "spam;eggs"])
def test_metasyntactic_words_around_any_punctuation_are_a_placeholder(value: str) -> None:
    assert check("placeholder", value, f"db_url = 'mysql://user:{value}@127.0.0.1:3306/db'", None)


def test_a_word_beside_a_metasyntactic_one_stays() -> None:
    assert not check("placeholder", "foo%25kwrtz", "", None)
    require_shown(f"    db_url = 'mysql://user:foo%25{_letters(6)}{_pw()}@db.internal:3306/db'\n", "tests/test_db.py")
