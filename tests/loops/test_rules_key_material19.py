"""Key material a red-team set found unreported: private JSON Web Keys, Spring Security `{noop}`
passwords and private keys stored as bare base64 DER (no PEM armour).

Values are built at run time (random bytes in the documented structures; no real key) and
assertion messages never print them (PYTEST_DONT_REWRITE: plain asserts).
"""

from __future__ import annotations

import base64
import json
import random

import pytest

from secretloop.loops.detect import Detector
from secretloop.loops.rules.catalogue import load_catalogue
from tests.loops.test_fp_corpus_classes import outcomes, require_shown
from tests.support.tokens import random_password

DETECTOR = Detector(load_catalogue())
# Seeded: the placeholder filter dismisses a long random value that happens to spell `todo`, `your_x`,
# `sample`, ... (about 1 in 100 random 2048-bit RSA keys; see the report), so a fixed draw keeps the test stable.
RNG = random.Random(1919)


def _values(text: str) -> list[tuple[str, str]]:
    return [(m.rule_id, text[m.start : m.end]) for m in DETECTOR.find(text)]


def _not_reported(text: str, path: str) -> None:
    __tracebackhide__ = True
    statuses = outcomes(text, path)
    assert all(s == "dismissed" for s in statuses), f"{path}: reported ({statuses})"


# --- JSON Web Keys ---------------------------------------------------------------------------------

def _b64u(n: int) -> str:
    return base64.urlsafe_b64encode(RNG.randbytes(n)).decode().rstrip("=")


def _ec_jwk() -> dict[str, str]:
    return {"kty": "EC", "crv": "P-256", "x": _b64u(32), "y": _b64u(32), "d": _b64u(32)}


def _rsa_jwk() -> dict[str, str]:
    jwk = {"kty": "RSA", "n": _b64u(256), "e": "AQAB", "d": _b64u(256)}
    jwk.update({k: _b64u(128) for k in ("p", "q", "dp", "dq", "qi")})
    return jwk


@pytest.mark.parametrize("indent", [None, 2])
@pytest.mark.parametrize("sort_keys", [False, True])
@pytest.mark.parametrize("make", [_ec_jwk, _rsa_jwk])
def test_private_jwk_reports_d(make, sort_keys: bool, indent: int | None) -> None:
    jwk = make()
    text = json.dumps({"keys": [jwk]}, sort_keys=sort_keys, indent=indent) + "\n"
    found = [v for r, v in _values(text) if r.startswith("jwk-private-key")]
    assert found == [jwk["d"]], "the d member, once"
    require_shown(text, "config/jwks.json")


def test_okp_and_oct_jwks() -> None:
    okp = {"crv": "Ed25519", "d": _b64u(32), "x": _b64u(32), "kty": "OKP"}
    oct_ = {"kty": "oct", "kid": "hmac-1", "alg": "HS256", "k": _b64u(32)}
    text = json.dumps({"keys": [okp, oct_]}, indent=2) + "\n"
    found = sorted(v for r, v in _values(text) if r.startswith("jwk-private-key"))
    assert found == sorted([okp["d"], oct_["k"]]), "OKP d and oct k"
    require_shown(text, "keys/signing.jwks")


def test_public_jwks_and_placeholders_are_not_reported() -> None:
    public = {"keys": [{k: v for k, v in _rsa_jwk().items() if k in ("kty", "n", "e")} | {"use": "sig", "kid": "a"},
                       {k: v for k, v in _ec_jwk().items() if k != "d"}]}
    text = json.dumps(public, indent=2) + "\n"
    assert not [r for r, _ in _values(text) if r.startswith("jwk-private-key")], "public JWKS"
    for d in ("", "<private-key-d>", "..."):
        jwk = _ec_jwk() | {"d": d}
        text = json.dumps(jwk, indent=2) + "\n"
        assert not [r for r, _ in _values(text) if r.startswith("jwk-private-key")], "empty or placeholder d"


def test_d_of_another_object_does_not_pair_with_kty() -> None:
    text = json.dumps([{"d": _b64u(32), "x": _b64u(32)}, {"kty": "EC", "crv": "P-256", "x": _b64u(32)}]) + "\n"
    assert not [r for r, _ in _values(text) if r.startswith("jwk-private-key")], "members of different objects"


# --- Spring Security {noop} --------------------------------------------------------------------------

def test_noop_password_in_properties_and_yaml() -> None:
    pw = random_password(seed=RNG.randrange(1 << 30), length=16)
    while not pw[0].isalnum():  # an unquoted value starting with & * % # is a YAML anchor, alias, reference or comment
        pw = random_password(seed=RNG.randrange(1 << 30), length=16)
    for text, path in [
        (f"server.port=8080\nspring.security.user.name=ops\nspring.security.user.password={{noop}}{pw}\n", "src/main/resources/application.properties"),
        (f"spring:\n  security:\n    user:\n      name: ops\n      password: \"{{noop}}{pw}\"\n", "src/main/resources/application.yml"),
        (f"ops.password={{noop}}{pw}\n", "config/users.properties"),
    ]:
        found = [v for r, v in _values(text) if r.startswith("password")]
        assert found == [pw], f"{path}: the value without the prefix"
        require_shown(text, path)


def test_encoded_spring_passwords_are_not_reported() -> None:
    salt = base64.b64encode(RNG.randbytes(16)).decode().rstrip("=").replace("+", ".")[:22]
    body = base64.b64encode(RNG.randbytes(23)).decode().rstrip("=").replace("+", ".")[:31]
    bcrypt = f"$2a$10${salt}{body}"
    pbkdf2 = RNG.randbytes(40).hex()
    for line in (f"spring.security.user.password={{bcrypt}}{bcrypt}", f"spring.security.user.password={{pbkdf2}}{pbkdf2}",
                 f"  password: \"{{bcrypt}}{bcrypt}\"", "spring.security.user.password={noop}${ADMIN_PASSWORD}"):
        _not_reported(line + "\n", "src/main/resources/application.properties")


# --- bare base64 DER private keys ---------------------------------------------------------------------

def _len(n: int) -> bytes:
    return bytes([n]) if n < 0x80 else (b"\x81" + bytes([n]) if n < 0x100 else b"\x82" + n.to_bytes(2, "big"))


def _tlv(tag: int, body: bytes) -> bytes:
    return bytes([tag]) + _len(len(body)) + body


def _int(n: int) -> bytes:
    return _tlv(0x02, b"\x00" + bytes([0x80 | RNG.getrandbits(7)]) + RNG.randbytes(n - 1))


RSA_ALG = bytes.fromhex("300d06092a864886f70d0101010500")
EC_ALG_P256 = bytes.fromhex("301306072a8648ce3d020106082a8648ce3d030107")


def _pkcs1(bits: int) -> bytes:
    n = bits // 8
    return _tlv(0x30, b"\x02\x01\x00" + _int(n) + _tlv(0x02, b"\x01\x00\x01") + _int(n) + b"".join(_int(n // 2) for _ in range(5)))


def _pkcs8_rsa(bits: int) -> bytes:
    return _tlv(0x30, b"\x02\x01\x00" + RSA_ALG + _tlv(0x04, _pkcs1(bits)))


def _sec1_p256() -> bytes:
    return _tlv(0x30, b"\x02\x01\x01" + _tlv(0x04, RNG.randbytes(32)) + _tlv(0xA0, bytes.fromhex("06082a8648ce3d030107"))
                + _tlv(0xA1, _tlv(0x03, b"\x00\x04" + RNG.randbytes(64))))


def _pkcs8_p256() -> bytes:
    inner = _tlv(0x30, b"\x02\x01\x01" + _tlv(0x04, RNG.randbytes(32)) + _tlv(0xA1, _tlv(0x03, b"\x00\x04" + RNG.randbytes(64))))
    return _tlv(0x30, b"\x02\x01\x00" + EC_ALG_P256 + _tlv(0x04, inner))


def _pkcs8_ed25519() -> bytes:
    return _tlv(0x30, b"\x02\x01\x00" + _tlv(0x30, bytes.fromhex("06032b6570")) + _tlv(0x04, _tlv(0x04, RNG.randbytes(32))))


def _b64(der: bytes) -> str:
    return base64.b64encode(der).decode()


@pytest.mark.parametrize("make", [lambda: _pkcs8_rsa(2048), lambda: _pkcs8_rsa(4096), lambda: _pkcs1(2048), lambda: _pkcs1(1024),
                                  _sec1_p256, _pkcs8_p256, _pkcs8_ed25519],
                         ids=["pkcs8-rsa2048", "pkcs8-rsa4096", "pkcs1-rsa2048", "pkcs1-rsa1024", "sec1-p256", "pkcs8-p256", "pkcs8-ed25519"])
def test_bare_der_private_key_is_reported(make) -> None:
    key = _b64(make())
    for text, path in [
        (f'{{\n  "sp": {{\n    "entityId": "https://sp.acmecorp.io/metadata",\n    "privateKey": "{key}"\n  }}\n}}\n', "saml/settings.json"),
        (f"saml.sp.entityid=https://sp.acmecorp.io\nsaml.sp.privatekey={key}\n", "src/main/resources/saml.properties"),
    ]:
        found = [v for r, v in _values(text) if r == "private-key-der-base64"]
        assert found == [key], f"{path}: the whole base64 key"
        require_shown(text, path)


def test_public_keys_and_certificates_are_not_matched() -> None:
    spki = _b64(_tlv(0x30, RSA_ALG + _tlv(0x03, b"\x00" + _tlv(0x30, _int(256) + _tlv(0x02, b"\x01\x00\x01")))))
    spki_ec = _b64(_tlv(0x30, EC_ALG_P256 + _tlv(0x03, b"\x00\x04" + RNG.randbytes(64))))
    tbs = _tlv(0x30, bytes.fromhex("a003020102") + _tlv(0x02, RNG.randbytes(16)) + RNG.randbytes(600))
    cert = _b64(_tlv(0x30, tbs + RNG.randbytes(300)))
    text = (f'{{"publicKey": "{spki}", "ecPublicKey": "{spki_ec}",\n'
            f' "x509cert": "{cert}"}}\n<ds:X509Certificate>{cert}</ds:X509Certificate>\n')
    assert not [r for r, _ in _values(text) if r == "private-key-der-base64"], "public keys and certificates"


def test_pem_block_is_left_to_the_pem_rule() -> None:
    body = _b64(_pkcs8_rsa(2048))
    lines = "\n".join(body[i : i + 64] for i in range(0, len(body), 64))
    text = f"-----BEGIN PRIVATE KEY-----\n{lines}\n-----END PRIVATE KEY-----\n"
    rules = [r for r, _ in _values(text)]
    assert rules == ["private-key-pkcs8"], f"one PEM finding ({rules})"
