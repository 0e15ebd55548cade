"""False alarms found by scanning sdists of DevOps and auth libraries (config lookups, auth mechanism
names, OpenAPI type maps, URNs, requirement pins, package metadata): one test per class, on synthetic
lines of that shape written here, and a realistic credential in the same place that must still be
shown. Every value is made up here (random characters or typed words).
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import random
import string

import pytest

from secretloop.loops.features import is_docs_path
from secretloop.loops.filters import FILTERS_BY_NAME
from tests.loops.test_fp_corpus_classes import hidden, not_shown, outcomes, require_shown
from tests.support.tokens import high_entropy, random_password

_R = random.Random(30817)


def _lower(n: int) -> str:
    return "".join(_R.choice(string.ascii_lowercase) for _ in range(n))


def check(name: str, value: str, line: str, key: str | None, language: str | None = "python") -> bool:
    return FILTERS_BY_NAME[name].check(value, line, key, language)


# --- names that say how a client authenticates, not with what ----------------------------------------

@pytest.mark.parametrize("key", ["authMechanism", "authSource", "auth_database", "credential_strategy",
                                 "source_token_intent", "secret_id_accessor", "requested_token_use"])
def test_auth_mechanism_and_source_names_describe(key: str) -> None:
    value = _R.choice(["SCRAM-SHA-256", "MONGODB-X509", "admin", "config", "on_behalf_of"])
    assert check("describing_key_name", value, f'{key}="{value}"', key)
    assert not_shown(f'client = connect(host, {key}="{value}")\n', "app/db.py")


@pytest.mark.parametrize("key", ["patternApiKey", "prefixApiKey", "hintSecret"])
def test_a_describing_word_in_front_describes(key: str) -> None:
    value = _R.choice(["runIdPattern", "dagIdPrefixPattern"])
    assert check("describing_key_name", value, f'  {key}: "{value}",', key, "typescript")


def test_a_unit_after_a_describing_name_is_looked_past() -> None:
    assert check("describing_key_name", "x", "", "GCS_TOKEN_EXPIRES_AT_MS")
    assert check("describing_key_name", "x", "", "id_token_encrypted_response_enc")
    # A credential name followed by a unit is not made describing by it.
    assert not check("describing_key_name", "x", "", "SECRET_MS")


@pytest.mark.parametrize("key", ["authSource", "auth_mechanism", "secret_accessor"])
def test_a_real_credential_under_a_plain_name_next_to_these_stays_shown(key: str) -> None:
    pw = random_password(seed=_R.randrange(1 << 30))
    require_shown(f'client = connect(host, {key}="admin", password="{pw}")\n', "app/db.py")
    require_shown(f'API_SECRET = "{high_entropy(seed=_R.randrange(1 << 30), length=40)}"\n', "app/settings.py")


# --- a config lookup by section and option -------------------------------------------------------------

@pytest.mark.parametrize("callee", ["getint", "get", "getboolean", "has_option"])
def test_a_config_option_lookup_names_an_option(callee: str) -> None:
    option = f"jwt_{_lower(7)}"
    line = f'    leeway = conf.{callee}("api_auth", "{option}")'
    assert check("argument_pair", option, line, "api_auth")


def test_a_random_default_in_a_getter_stays_shown() -> None:
    value = high_entropy(seed=5, length=32)
    line = f'    key = conf.get("api_auth", "{value}")'
    assert not check("argument_pair", value, line, "api_auth")


# --- a type written as a string ------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["list[V1LocalObjectReference]", "Optional[str]", "dict(str, str)",
                                   "List[V1ObjectReference]", "Dict[str, List[str]]"])
def test_type_expressions_are_no_values(value: str) -> None:
    assert check("type_expression", value, f'    "image_pull_secrets": "{value}",', "image_pull_secrets")
    assert not_shown(f'openapi_types = {{\n    "secrets": "{value}",\n}}\n', "client/models/v1_account.py")


def test_a_random_value_in_brackets_is_no_type() -> None:
    assert not check("type_expression", f"[{high_entropy(seed=8, length=30)}]", "", "secret")
    assert not check("type_expression", high_entropy(seed=9, length=30), "", "secret")


# --- a value that says there is none -------------------------------------------------------------------

@pytest.mark.parametrize(("key", "value"), [("AUTH", "noauth"), ("password", "nopass"), ("auth", "no-auth")])
def test_a_negated_key_word_is_no_credential(key: str, value: str) -> None:
    assert check("negated_key_word", value, f"    {key}: {value}", key, "yaml")
    assert hidden(f"tasks:\n  - vars:\n      {key}: {value}\n", "ci/tasks.yml")


def test_a_password_starting_with_no_stays_shown() -> None:
    value = "no" + random_password(seed=12, length=14)
    assert not check("negated_key_word", value, "", "password")
    require_shown(f'password = "{value}"\n', "app/settings.py")


# --- URNs and requirement pins -------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
                                   "urn:ietf:params:oauth:token-type:access_token", "google-auth>=1.0.1",
                                   "requests[socks]~=2.31", "urllib3<3,>=1.21", "Flask-WTF<2", "requests===2.31.0"])
def test_urns_and_requirements_are_names(value: str) -> None:
    assert check("urn_or_requirement", value, "", "token")
    assert hidden(f'JWT_BEARER_TOKEN_TYPE = "{value}"\n', "pkg/client.py")


def test_a_random_value_with_a_comparison_stays_shown() -> None:
    value = high_entropy(seed=21, length=30) + ">=2"
    assert not check("urn_or_requirement", value, "", "token")
    assert not check("urn_or_requirement", "urn:" + high_entropy(seed=22, length=12) + ":x", "", "token")


@pytest.mark.parametrize("operator", ["!", "~", "="])
def test_a_password_with_one_symbol_before_digits_is_no_requirement(operator: str) -> None:
    # PEP 440 has no lone !, ~ or =: letters, one of those, digits is a typed password
    value = "Tq7yLmasWrv" + operator + "28"
    assert not check("urn_or_requirement", value, "", "password")
    require_shown(f'db_password = "{value}"\n', "app/settings.py")


# --- relative module paths -----------------------------------------------------------------------------

def test_a_relative_module_path_is_a_dotted_name() -> None:
    assert check("dotted_name", ".api.authorization_api", '"AuthorizationApi": ".api.authorization_api",', "AuthorizationApi")
    assert not check("dotted_name", "." + high_entropy(seed=3, length=20) + "9.x42", "", "token")


# --- package metadata is documentation -----------------------------------------------------------------

@pytest.mark.parametrize("path", ["pkg-1.0/PKG-INFO", "pkg.egg-info/PKG-INFO", "pkg-1.0.dist-info/METADATA"])
def test_package_metadata_is_docs(path: str) -> None:
    assert is_docs_path(path)


def test_a_realistic_key_in_package_metadata_stays_shown() -> None:
    value = high_entropy(seed=31, length=40)
    text = f'Usage\n-----\n\n    client = Client(api_secret="{value}")\n'
    statuses = outcomes(text, "pkg-1.0/PKG-INFO")
    if not statuses or "dismissed" in statuses:
        pytest.fail(f"a realistic key in PKG-INFO is not shown ({statuses})")


# --- a schema's or config template's example field ---------------------------------------------------

@pytest.mark.parametrize("path,template", [
    ("config_templates/config.yml", '    sensitive: true\n    example: "postgresql://postgres:{pw}@db/app"\n'),
    ("api/openapi.yaml", '        dsn:\n          type: string\n          example: "redis://default:{pw}@cache:6379/0"\n'),
    ("schema/conn.json", '{{"properties": {{"url": {{"type": "string", "examples": ["amqp://guest:{pw}@mq:5672/"]}}}}}}\n'),
])
def test_the_value_of_an_example_field_is_an_illustration(path: str, template: str) -> None:
    assert not_shown(template.format(pw=random_password(seed=_R.randrange(10**6))), path)


def test_a_credential_beside_an_example_field_is_still_shown() -> None:
    pw = random_password(seed=_R.randrange(10**6))
    require_shown(f'database:\n  example: "see the docs"\n  url: "postgresql://app:{pw}@db.internal/app"\n', "deploy/values.yml")
    require_shown(f'examples_dir: ./examples\npassword: "{pw}"\n', "deploy/settings.yml")


# --- a password that repeats the login assigned beside it ---------------------------------------------

def test_a_password_repeating_the_login_on_a_nearby_line_is_a_default_account() -> None:
    name = _R.choice(["service", "appadmin", "scheduler", "warehouse"])
    text = f'conn = Connection(\n    conn_id="ftp_default",\n    login="{name}",\n    password="{name}",\n)\n'
    from secretloop.loops.filters import Surroundings

    signal = FILTERS_BY_NAME["password_equals_user"].check
    assert signal(name, f'    password="{name}",', "password", "python", Surroundings((f'    login="{name}",',)))
    assert not signal(name, f'    password="{name}",', "password", "python", Surroundings(('    login="someone",',)))
    assert not_shown(text, "app/connections.py")
    assert not_shown(f"username: {name}\npassword: {name}\n", "docs/setup.yml")
    odd = _lower(9)  # not a word: the judge may still want a person, but never calls it a secret
    assert "confirmed" not in outcomes(f'Connection(\n    login="{odd}",\n    password="{odd}",\n)\n', "app/connections.py")


def test_a_password_beside_a_login_is_shown_when_it_is_its_own() -> None:
    name, pw = _lower(7), random_password(seed=_R.randrange(10**6))
    require_shown(f'conn = Connection(\n    login="{name}",\n    password="{pw}",\n)\n', "app/connections.py")
    require_shown(f'user = "{name}"\npassword = "{name}{pw}"\n', "app/settings.py")
