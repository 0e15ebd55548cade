"""Follow-ups to a sweep of 330 Debian Rust crates (librust-*-dev): a private-key header named in an
error message, a JWT's header segment kept alone, JWTs whose signature cannot be their algorithm's,
percent-encoded stand-ins in an HTTP Basic value, the examples of RFC 7617 and of jwt.io's earlier
default token, Rust `#[test]` functions outside a test module, and benchmarks as test code. Each class
has a synthetic line written here and, in the same place, a credential that must still be shown.
Values are random (seeded)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import random
import string

import pytest

from secretloop.loops.features import in_rust_test_module, is_test_path
from tests.loops.test_fp_corpus_classes import hidden, hit, outcomes, require_shown
from tests.support.tokens import high_entropy, random_chars

_R = random.Random(25_0412)


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _jwt(alg: str = "HS256", signature: str | None = None, claims: dict | None = None) -> str:
    """A token signed with a random key (or carrying the given signature text)."""
    head = _b64url(json.dumps({"alg": alg, "typ": "JWT"}).encode())
    body = _b64url(json.dumps(claims or {"sub": random_chars(_R, 12), "exp": 4102444800}).encode())
    if signature is None:
        key = random_chars(_R, 32).encode()
        signature = _b64url(hmac.new(key, f"{head}.{body}".encode(), hashlib.sha256).digest())
    return f"{head}.{body}.{signature}"


# --- a private-key header with no key under it ------------------------------------------------------

def test_an_error_message_naming_the_armour_is_not_a_key() -> None:
    pad = " " * 42  # aligned under the call's first argument, as rustfmt leaves it
    text = ("        return Err(io::Error::new(io::ErrorKind::InvalidData,\n"
            f"{pad}\"expected '-----BEGIN PRIVATE KEY-----'\\\n"
            f"{pad}and '-----END PRIVATE KEY-----' PEM guards\"));\n")
    assert hidden(text, "src/crypt_prov.rs")


def test_a_key_under_the_header_is_still_shown() -> None:
    body = "\n".join(high_entropy(seed=2501 + i, length=64) for i in range(6))
    require_shown(f"-----BEGIN PRIVATE KEY-----\n{body}\n-----END PRIVATE KEY-----\n", "deploy/server.key")


@pytest.mark.parametrize("value", [
    "-----BEGIN PRIVATE KEY-----'\\\n            and '-----END PRIVATE KEY-----",
    "-----BEGIN RSA PRIVATE KEY-----\n\n-----END RSA PRIVATE KEY-----",
])
def test_the_filter_takes_headers_without_a_body(value: str) -> None:
    assert hit("key_header_without_key", value, value.splitlines()[0], None, "rust")


def test_the_filter_leaves_a_body_alone() -> None:
    value = "-----BEGIN EC PRIVATE KEY-----\n" + high_entropy(seed=2502, length=64) + "\n-----END EC PRIVATE KEY-----"
    assert not hit("key_header_without_key", value, "-----BEGIN EC PRIVATE KEY-----", None, None)


# --- a JOSE header on its own -----------------------------------------------------------------------

@pytest.mark.parametrize("header", [{"alg": "HS256", "typ": "JWT"}, {"typ": "JWT", "alg": "RS512", "kid": "k1"},
                                    {"alg": "ES256"}])
def test_a_jose_header_alone_is_not_a_secret(header: dict) -> None:
    value = _b64url(json.dumps(header, separators=(",", ":")).encode())
    assert hit("jose_header_alone", value, f'let token = "{value}";', "token", "rust")
    assert hidden(f'    let token = "{value}";\n', "src/lib.rs")


def test_a_segment_with_claims_or_other_fields_is_not_a_header() -> None:
    claims = _b64url(json.dumps({"sub": random_chars(_R, 10), "alg": "HS256"}).encode())
    assert not hit("jose_header_alone", claims, f'token = "{claims}"', "token", "python")
    assert not hit("jose_header_alone", "eyJ" + random_chars(_R, 30), 'token = "x"', "token", "python")


# --- a JWT whose signature cannot be its algorithm's ------------------------------------------------

@pytest.mark.parametrize("alg,signature", [("HS256", "S"), ("HS256", "wrong"), ("HS512", "c2ln"),
                                           ("ES256", random_chars(_R, 43, string.ascii_letters + string.digits))])
def test_a_token_made_to_be_refused_in_a_test_is_hidden(alg: str, signature: str) -> None:
    assert hidden(f'    let token = "{_jwt(alg, signature)}";\n', "tests/hmac.rs")


def test_a_well_formed_token_in_a_test_is_still_shown() -> None:
    require_shown(f'    let token = "{_jwt()}";\n', "tests/hmac.rs")


def test_a_short_signature_in_code_is_still_shown() -> None:
    # outside tests and docs, a token cut short may be a live one wrapped onto the next line
    require_shown(f'    let token = "{_jwt(signature="wrong")}";\n', "src/client.rs")


# --- HTTP Basic and the documented examples ---------------------------------------------------------

def test_a_percent_encoded_stand_in_pair_is_hidden() -> None:
    pair = base64.b64encode(b"aaa%2F%3B%26:bbb%2F%3B%26").decode()
    assert hidden(f'        (AUTHORIZATION, "Basic {pair}"),\n', "src/tests.rs")


def test_a_percent_encoded_real_password_is_shown() -> None:
    password = random_chars(_R, 14) + "%2F" + random_chars(_R, 4)
    pair = base64.b64encode(f"svc-backup:{password}".encode()).decode()
    require_shown(f'        (AUTHORIZATION, "Basic {pair}"),\n', "src/client.rs")


def test_rfc_7617s_example_is_hidden() -> None:
    pair = base64.b64encode(b"Aladdin:open sesame").decode()
    assert hidden(f'    list.append("Authorization: Basic {pair}").unwrap();\n', "README.md")


def test_jwt_ios_earlier_default_token_is_hidden_even_in_code() -> None:
    token = _jwt(claims={"sub": "1234567890", "name": "John Doe", "admin": True})
    # the claims segment must be the one jwt.io showed, with no spaces
    head, _, sig = token.split(".")
    body = _b64url(json.dumps({"sub": "1234567890", "name": "John Doe", "admin": True}, separators=(",", ":")).encode())
    assert hidden(f'    let token = "{head}.{body}.{sig}";\n', "benches/jwt.rs")
    assert hidden(f'    let token = "{head}.{body}.{sig}";\n', "src/auth.rs")


# --- Rust test functions and benchmarks -------------------------------------------------------------

_RUST = """impl Parser {
    fn parse(&self) {}
}

#[test]
fn skesk_parser_test() {
    let tests = [
        Test {
            password: "PLANTED".into(),
        },
    ];
    if tests.is_empty() { return; }
}

fn connect() -> Config {
    Config { password: "PLANTED" }
}
"""


def test_a_rust_test_function_is_test_code_and_the_next_function_is_not() -> None:
    inside = _RUST.index("PLANTED")
    after = _RUST.index("PLANTED", inside + 1)
    assert in_rust_test_module(_RUST, inside)
    assert not in_rust_test_module(_RUST, after)
    assert not in_rust_test_module(_RUST, _RUST.index("fn parse"))


@pytest.mark.parametrize("attribute", ["#[tokio::test]", "#[async_std::test]", "#[test]\n#[should_panic]"])
def test_other_test_attributes_open_test_code(attribute: str) -> None:
    text = f"{attribute}\nasync fn works() {{\n    let x = \"v\";\n}}\n"
    assert in_rust_test_module(text, text.index('"v"'))


def test_a_password_in_code_after_a_test_function_is_still_shown() -> None:
    password = random_chars(_R, 6, string.ascii_uppercase) + random_chars(_R, 8)
    require_shown(_RUST.replace("PLANTED", password), "src/config.rs")
    assert outcomes(_RUST.replace("PLANTED", password), "src/config.rs")[1] in ("confirmed", "pending")


@pytest.mark.parametrize("path", ["benches/versus_cargon.rs", "crates/x/benchmarks/parse.py", "bench/run.go"])
def test_benchmarks_are_test_code(path: str) -> None:
    assert is_test_path(path)


def test_a_command_line_as_a_benchmarks_password_is_hidden() -> None:
    assert hidden('const PASSWORD: &\'static [u8] = b"cargo bench --feature=simd";\n', "benches/versus_cargon.rs")
