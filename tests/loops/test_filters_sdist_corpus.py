"""False alarms found by scanning the source distributions of security, auth and infrastructure libraries
(their tests, fixtures and docs): one test per class, on synthetic lines of that shape written here, and a
realistic credential in the same place that must still be shown. Values are made here (random bytes from a
seeded generator, tests/support/tokens.py), or are the public examples of a standard."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import random

import pytest

from secretloop.loops.filters import Surroundings
from tests.loops.test_fp_corpus_classes import hidden, require_shown
from tests.support.filter_checks import IN_CODE, IN_DOCS, IN_TEST, check_filter
from tests.support.tokens import high_entropy

_R = random.Random(51307)


def check(name: str, value: str, line: str, key: str | None, language: str | None = "python",
          around: Surroundings | None = None) -> bool:
    return check_filter(name, value, line, key, language, around)


def _random_bytes(n: int) -> bytes:
    return bytes(_R.randrange(256) for _ in range(n))


# --- a known-answer test's key: bytes that count 00 01 02 … ------------------------------------------

@pytest.mark.parametrize("value", [bytes(range(64)).hex(), bytes(range(16)).hex().upper(),
                                   bytes(range(255, 223, -1)).hex(), bytes(range(250, 256)).hex() + bytes(range(10)).hex()])
def test_counting_bytes_are_a_test_pattern(value: str) -> None:
    assert check("counting_bytes", value, f'    "key": "{value}",', "key")


def test_a_known_answer_file_with_a_counting_key_is_hidden() -> None:
    key = bytes(range(64)).hex()
    assert hidden(f'[\n{{\n    "hash": "blake2b",\n    "in": "00",\n    "key": "{key}",\n    "out": "{_random_bytes(64).hex()}"\n}}\n]\n',
                  "tests/data/blake2-kat.json")


@pytest.mark.parametrize("value", ["0123456789abcdef0123", "00010203", "0001020304050607" + "08090a0b0c0d0e10"])
def test_a_short_or_broken_count_is_no_pattern(value: str) -> None:
    assert not check("counting_bytes", value, f'key = "{value}"', "key")


def test_a_random_hex_key_in_a_test_file_stays_shown() -> None:
    value = _random_bytes(32).hex()
    assert not check("counting_bytes", value, f'    "key": "{value}",', "key")
    require_shown(f'{{\n    "key": "{value}"\n}}\n', "tests/data/keys.json")


# --- a Smithy shape id naming an auth scheme ----------------------------------------------------------

@pytest.mark.parametrize("value", ["aws.auth#sigv4", "aws.auth#sigv4a", "smithy.api#noAuth", "smithy.api#httpBearerAuth"])
def test_shape_ids_name_auth_schemes(value: str) -> None:
    assert check("shape_id", value, f'    "auth":["{value}"]', "auth", "json")


def test_a_service_models_auth_list_is_hidden() -> None:
    assert hidden('{\n  "operations":{\n    "GetRoleCredentials":{\n      "name":"GetRoleCredentials",\n'
                  '      "auth":["smithy.api#noAuth"]\n    }\n  },\n  "auth":["aws.auth#sigv4"]\n}\n',
                  "pkg/data/sso/2019-06-10/service-2.json")


def test_a_password_with_a_hash_sign_is_no_shape_id() -> None:
    value = "corp.vault#" + high_entropy(seed=_R.randrange(1 << 30), length=12)
    assert not check("shape_id", value, f'password = "{value}"', "password")
    assert not check("shape_id", "Xk9w.Lq7#Zt", 'auth = "Xk9w.Lq7#Zt"', "auth")


def test_a_token_where_the_auth_scheme_would_be_stays_shown() -> None:
    value = high_entropy(seed=_R.randrange(1 << 30), length=40)
    assert not check("shape_id", value, f'  "auth": "{value}"', "auth", "json")
    require_shown(f'{{\n  "auth": "{value}"\n}}\n', "deploy/registry.json")


# --- a private key block cut short in the docs ----------------------------------------------------------

def _key_start(declared: int, present: int) -> str:
    """The base64 of a DER SEQUENCE that says `declared` bytes follow, with only `present` bytes after it."""
    return base64.b64encode(bytes([0x30, 0x82]) + declared.to_bytes(2, "big") + _random_bytes(present)).decode()


def test_a_key_block_cut_to_its_first_line_is_an_example() -> None:
    body = _key_start(1189, 44)
    value = "-----BEGIN RSA PRIVATE KEY-----" + body
    line = f"        :param private_key: The URL encoded key. For example, `{value}. -----END RSA PRIVATE KEY-----`"
    assert check("elided_key_block", value, line, "private_key")
    text = f'def create(private_key):\n    """\n{line}\n    """\n'
    assert hidden(text, "pkg/rest/credential.py")


def test_a_key_block_with_an_ellipsis_for_its_middle_is_an_example() -> None:
    text = ("    -----BEGIN PRIVATE KEY-----\n    " + _key_start(1213, 44) + "\n    ...\n    "
            + base64.b64encode(_random_bytes(48)).decode() + "\n    -----END PRIVATE KEY-----\n")
    assert hidden(text, "docs/installation.rst")


def test_a_whole_key_block_stays_shown() -> None:
    # a full key's body: every byte its header declares
    der = bytes([0x30, 0x82, 0x04, 0xA3]) + _random_bytes(0x4A3)
    b64 = base64.b64encode(der).decode()
    body = "\n".join(b64[i:i + 64] for i in range(0, len(b64), 64))
    block = f"-----BEGIN RSA PRIVATE KEY-----\n{body}\n-----END RSA PRIVATE KEY-----\n"
    assert not check("elided_key_block", block, "-----BEGIN RSA PRIVATE KEY-----", None, "pem")
    require_shown(block, "docs/server.key")
    require_shown(block, "deploy/server.key")


def test_a_short_complete_key_is_no_elided_block() -> None:
    # an Ed25519 key is 48 bytes in all: short, and whole
    der = bytes([0x30, 0x2E]) + _random_bytes(0x2E)
    value = "-----BEGIN PRIVATE KEY-----\n" + base64.b64encode(der).decode() + "\n-----END PRIVATE KEY-----"
    assert not check("elided_key_block", value, "-----BEGIN PRIVATE KEY-----", None, "pem")


# --- a TOTP seed that is text run through base32 ----------------------------------------------------------

def _b32(data: bytes) -> str:
    return base64.b32encode(data).decode().rstrip("=")


@pytest.mark.parametrize("value", [_b32(b"12345678901234567890"), _b32(b"Hello!" + _random_bytes(4)),
                                   _b32(b"1234567890").lower()])
def test_a_seed_that_decodes_to_text_is_an_example(value: str) -> None:
    assert check("text_encoded_seed", value, f'    totp = pyotp.TOTP("{value}")', None, "python", IN_TEST)
    assert check("text_encoded_seed", value, f"otpauth://totp/alice?secret={value}&issuer=Demo", "secret", "markdown",
                 IN_DOCS)


def test_text_seeds_in_tests_and_docs_are_hidden() -> None:
    seed = _b32(b"12345678901234567890")
    assert hidden(f'def test_totp():\n    totp = pyotp.TOTP("{seed}")\n', "tests/test_otp.py")
    assert hidden(f">>> totp.provisioning_uri()\n'otpauth://totp/Demo:alice?secret={seed}&issuer=Demo'\n", "README.rst")


def test_a_text_seed_in_code_is_still_a_seed() -> None:
    seed = _b32(b"12345678901234567890")
    assert not check("text_encoded_seed", seed, f'totp = pyotp.TOTP("{seed}")', None, "python", IN_CODE)


def test_a_random_seed_in_a_test_stays_shown() -> None:
    seed = _b32(_random_bytes(20))
    assert not check("text_encoded_seed", seed, f'    totp = pyotp.TOTP("{seed}")', None, "python", IN_TEST)
    require_shown(f'def test_totp():\n    totp = pyotp.TOTP("{seed}")\n', "tests/test_otp.py")


# --- the example values of the OAuth standards ------------------------------------------------------------

@pytest.mark.parametrize("value", ["2YotnFZFEjr1zCsicMWpAA", "tGzv3JOkF0XG5Qx2TlKWIA", "mF_9.B5f-4.1JqM",
                                   "kkk9d7dh3k39sjv7", "2YotnFZFEjr1zCsicMWpAA&"])
def test_the_oauth_rfcs_examples_are_documented(value: str) -> None:
    assert check("documented_example_key", value, f'    "access_token":"{value}",', "access_token")


def test_an_rfc_example_response_in_a_docstring_is_hidden() -> None:
    assert hidden('def parse(body):\n    """\n    {\n      "access_token":"2YotnFZFEjr1zCsicMWpAA",\n'
                  '      "token_type":"example",\n      "refresh_token":"tGzv3JOkF0XG5Qx2TlKWIA"\n    }\n    """\n',
                  "pkg/oauth2/parameters.py")


def test_another_token_in_the_same_response_stays_shown() -> None:
    value = high_entropy(seed=_R.randrange(1 << 30), length=22)
    assert not check("documented_example_key", value, f'    "access_token":"{value}",', "access_token")
    require_shown(f'TOKEN_RESPONSE = {{\n    "access_token": "{value}",\n    "token_type": "bearer",\n}}\n',
                  "pkg/oauth2/fixtures.py")


# --- a token typed on the keyboard's home row ------------------------------------------------------------

@pytest.mark.parametrize("value", ["sdfjkl2309sdfkjh", "asdfasdf98asdf", "kjhsdfg23kjhsd", "lkjhgfdsasdf"])
def test_a_home_row_mash_under_a_token_name_in_a_test_is_typed(value: str) -> None:
    line = f"        'oauth_token': '{value}',"
    assert check("home_row_mash", value, line, "oauth_token", "python", IN_TEST)
    assert check("home_row_mash", value, f'    "access_token": "{value}",', "access_token", "markdown", IN_DOCS)


def test_a_home_row_mash_in_a_test_is_hidden() -> None:
    assert hidden('def test_fetch():\n    token = {\n        "access_token": "sdfjkl2309sdfkjh",\n    }\n',
                  "tests/test_session.py")


def test_a_home_row_mash_is_typed_only_in_examples_and_only_for_tokens() -> None:
    value = "sdfjkl2309sdfkjh"
    assert not check("home_row_mash", value, f'ACCESS_TOKEN = "{value}"', "ACCESS_TOKEN", "python", IN_CODE)
    # a password is chosen, and a mash is a password some people choose
    assert not check("home_row_mash", value, f'    password = "{value}"', "password", "python", IN_TEST)


def test_a_generated_token_in_a_test_stays_shown() -> None:
    for seed in range(5):
        value = high_entropy(seed=_R.randrange(1 << 30), length=24).lower()
        assert not check("home_row_mash", value, f'    "access_token": "{value}",', "access_token", "python", IN_TEST)
    value = _random_bytes(20).hex()  # hex letters are half on the home row: never a mash
    assert not check("home_row_mash", "fadd" + value, f'    "access_token": "fadd{value}",', "access_token", "python", IN_TEST)
    require_shown(f'def test_fetch():\n    token = {{\n        "access_token": "{high_entropy(seed=_R.randrange(1 << 30), length=32)}",\n    }}\n',
                  "tests/test_session.py")


# --- a plugin's entry point: a class named by one word after a package's module path ---------------------

@pytest.mark.parametrize("value", ["pkgauth1.loading._plugins.identity.v3:Password",
                                   "pkgauth1.extras._saml2.v3:Password", "pkg.plugins.identity.generic:Token"])
def test_an_entry_point_naming_a_class_is_code(value: str) -> None:
    assert check("object_reference", value, f"v3password = {value}", "v3password", "text")
    assert hidden(f'[pkgauth1.plugin]\nv3password = "{value}"\n', "pyproject.toml")


@pytest.mark.parametrize("value", ["jane.doe:Secret", "svc.deploy:Password", "svc.deploy.prod.eu:" + "Xq7vLp2k"])
def test_a_user_and_a_password_is_no_entry_point(value: str) -> None:
    assert not check("object_reference", value, f'auth = "{value}"', "auth", "toml")


def test_a_password_after_a_dotted_user_stays_shown() -> None:
    value = "svc.deploy.prod.eu:" + high_entropy(seed=_R.randrange(1 << 30), length=14)
    require_shown(f'auth = "{value}"\n', "deploy/settings.toml")


# --- a JWT signed with a stand-in key ----------------------------------------------------------------------

def _jwt(key: bytes, alg: str = "HS256") -> str:
    def enc(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    head = enc(json.dumps({"alg": alg, "typ": "JWT"}).encode())
    body = enc(json.dumps({"sub": high_entropy(seed=_R.randrange(1 << 30), length=12), "iat": 1700000000}).encode())
    digest = {"HS256": hashlib.sha256, "HS512": hashlib.sha512}[alg]
    return f"{head}.{body}.{enc(hmac.new(key, f'{head}.{body}'.encode(), digest).digest())}"


@pytest.mark.parametrize("key, alg", [(b"secret", "HS256"), (b"your-256-bit-secret", "HS256"), (b"key", "HS512")])
def test_a_jwt_signed_with_a_stand_in_key_is_an_example(key: bytes, alg: str) -> None:
    token = _jwt(key, alg)
    assert check("jwt_signed_with_stand_in", token, f'    token = "{token}"', "token", "python", IN_TEST)
    assert hidden(f'def test_decode():\n    token = "{token}"\n', "tests/test_jwt.py")
    assert hidden(f">>> jwt.encode({{'some': 'payload'}}, 'secret')\n'{token}'\n", "README.rst")


def test_a_jwt_signed_with_a_stand_in_key_in_code_is_still_shown() -> None:
    token = _jwt(b"secret")
    assert not check("jwt_signed_with_stand_in", token, f'TOKEN = "{token}"', "TOKEN", "python", IN_CODE)


def test_a_jwt_signed_with_a_real_key_in_a_test_stays_shown() -> None:
    token = _jwt(high_entropy(seed=_R.randrange(1 << 30), length=32).encode())
    assert not check("jwt_signed_with_stand_in", token, f'    token = "{token}"', "token", "python", IN_TEST)
    require_shown(f'def test_decode():\n    token = "{token}"\n', "tests/test_jwt.py")


# --- base64 of a stand-in user:password kept in a constant -------------------------------------------------

def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


@pytest.mark.parametrize("pair", ["username:password", "test:test", "client_id:secret", "username:"])
def test_the_encoding_of_a_stand_in_pair_in_a_test_is_a_fixture(pair: str) -> None:
    value = _b64(pair)
    assert check("encoded_stand_in_pair", value, f'BASIC_AUTH_ENCODING = "{value}"', "BASIC_AUTH_ENCODING", "python",
                 IN_TEST)


def test_a_stand_in_pairs_encoding_in_a_test_is_hidden() -> None:
    assert hidden(f'CLIENT_ID = "username"\nBASIC_AUTH_ENCODING = "{_b64("username:password")}"\n',
                  "tests/oauth2/test_sts.py")


def test_the_encoding_of_a_real_pair_stays_shown() -> None:
    value = _b64("deploy:" + high_entropy(seed=_R.randrange(1 << 30), length=20))
    assert not check("encoded_stand_in_pair", value, f'BASIC_AUTH_ENCODING = "{value}"', "BASIC_AUTH_ENCODING", "python",
                     IN_TEST)
    require_shown(f'BASIC_AUTH_ENCODING = "{value}"\n', "tests/oauth2/test_sts.py")
    stand_in = _b64("username:password")
    assert not check("encoded_stand_in_pair", stand_in, f'AUTH = "{stand_in}"', "AUTH", "python", IN_CODE)


# --- an object identifier under an attribute's name ----------------------------------------------------------

@pytest.mark.parametrize("value", ["1.2.840.113556.1.4.90", "1.2.840.113549.1.1.11", "2.5.4.35", "1.3.6.1.4.1.1466.115"])
def test_object_identifiers_name_attributes(value: str) -> None:
    if value.count(".") < 5:
        assert not check("object_identifier", value, f"'userPassword': '{value}',", "userPassword")
        return
    assert check("object_identifier", value, f"        'unicodePwd': '{value}',", "unicodePwd")


def test_an_attribute_map_of_oids_is_hidden() -> None:
    assert hidden("NAME_TO_OID = {\n    'unicodePwd': '1.2.840.113556.1.4.90',\n}\n", "pkg/examples/dump.py")


def test_a_numeric_password_stays_shown() -> None:
    value = "".join(str(_R.randrange(10)) for _ in range(6)) + "." + "".join(str(_R.randrange(10)) for _ in range(9))
    assert not check("object_identifier", value, f"'unicodePwd': '{value}',", "unicodePwd")
    pw = "3." + ".".join(str(_R.randrange(100, 999)) for _ in range(6))  # a first arc above 2 is no OID
    assert not check("object_identifier", pw, f"'password': '{pw}',", "password")
    require_shown(f"ADMIN = {{\n    'unicodePwd': '{high_entropy(seed=_R.randrange(1 << 30), length=16)}',\n}}\n",
                  "pkg/examples/dump.py")
