"""Keys of smaller providers under an upper-case `<NAME>_KEY` constant or environment variable (OWM_KEY,
PARTNER_KEY), found by `named-key-constant` and `env-lookup-default-secret`; and the look-alikes under
such names that must stay quiet (an Idempotency-Key, a VAPID public key, a GPG fingerprint, a lookup key).
Values are drawn at run time; failures name the file and the statuses, never the value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import base64
import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown
from tests.support.filter_checks import check_filter

_R = random.Random(39_0001)


def _alnum(n: int) -> str:
    return "".join(_R.choice(string.ascii_letters + string.digits) for _ in range(n))


def _hex(n: int) -> str:
    return "".join(_R.choice("0123456789abcdef") for _ in range(n))


@pytest.mark.parametrize(("path", "template"), [
    (".env", "OWM_KEY={v}\n"),
    ("deploy/.env.production", "export WEATHERSTACK_KEY={v}\n"),
    ("test/load/k6-orders.js", 'const PARTNER_KEY = "{v}";\n'),
    ("scripts/backend.gd", 'const NAKAMA_HTTP_KEY := "{v}"\n'),
    ("src/cloud.rs", 'const R2_KEY: &str = "{v}";\n'),
    ("lib/config.dart", "static const weatherKey = String.fromEnvironment('OWM_KEY', defaultValue: '{v}');\n"),
])
@pytest.mark.parametrize("shape", ["hex", "alnum"])
def test_a_random_key_under_a_provider_key_name_is_shown(path: str, template: str, shape: str) -> None:
    value = _hex(32) if shape == "hex" else _alnum(28)
    require_shown(template.format(v=value), path)


@pytest.mark.parametrize(("path", "line"), [
    ("app/consts.py", 'CACHE_KEY = "user_profile_settings"\n'),
    ("app/consts.py", 'SORT_KEY = "created_at"\n'),
    ("app/consts.py", 'OWM_KEY = os.environ["OWM_KEY"]\n'),
    (".env", "OWM_KEY=${OWM_KEY}\n"),
    ("app/store.ts", 'const REDUX_PERSIST_KEY = "root-v2";\n'),
])
def test_lookup_keys_and_references_are_not_shown(path: str, line: str) -> None:
    assert not_shown(line, path), outcomes(line, path)


@pytest.mark.parametrize("name", ["IDEMPOTENCY_KEY", "DEDUP_KEY", "idempotencyKey"])
def test_a_key_made_up_for_one_request_is_no_credential(name: str) -> None:
    value = _hex(32)
    assert check_filter("cursor_or_idempotency_token", value, f"{name}={value}", name, "dotenv")
    assert not_shown(f"{name}={value}\n", ".env")


@pytest.mark.parametrize("name", ["API_KEY", "ROUTING_KEY", "partnerKey"])
def test_other_keys_are_not_one_request_keys(name: str) -> None:
    value = _hex(32)
    assert not check_filter("cursor_or_idempotency_token", value, f"{name}={value}", name, "dotenv")


def _vapid_public() -> str:
    return base64.urlsafe_b64encode(b"\x04" + bytes(_R.randrange(256) for _ in range(64))).decode().rstrip("=")


def _vapid_private() -> str:
    return base64.urlsafe_b64encode(bytes(_R.randrange(256) for _ in range(32))).decode().rstrip("=")


def test_a_vapid_public_key_is_public() -> None:
    value = _vapid_public()
    assert check_filter("public_by_key_name", value, f"VAPID_KEY={value}", "VAPID_KEY", "dotenv")
    assert not_shown(f"VAPID_KEY={value}\n", ".env")


@pytest.mark.parametrize("name", ["VAPID_KEY", "VAPID_PRIVATE_KEY"])
def test_a_vapid_private_key_is_not_public(name: str) -> None:
    value = _vapid_private()
    assert not check_filter("public_by_key_name", value, f"{name}={value}", name, "dotenv")


def test_a_gpg_fingerprint_in_a_dockerfile_is_not_shown() -> None:
    line = f"ENV GPG_KEY={_hex(40).upper()}\n"
    assert not_shown(line, "Dockerfile"), outcomes(line, "Dockerfile")


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def _spki(oid: bytes, key: bytes) -> bytes:
    algorithm = b"\x30" + bytes([len(oid) + 2]) + b"\x06" + bytes([len(oid)]) + oid
    bits = b"\x03" + bytes([len(key) + 1]) + b"\x00" + key
    body = algorithm + bits
    return b"\x30" + bytes([len(body)]) + body


def _pkcs8(oid: bytes, key: bytes) -> bytes:
    algorithm = b"\x30" + bytes([len(oid) + 2]) + b"\x06" + bytes([len(oid)]) + oid
    inner = b"\x04" + bytes([len(key)]) + key
    body = b"\x02\x01\x00" + algorithm + b"\x04" + bytes([len(inner)]) + inner
    return b"\x30" + bytes([len(body)]) + body


_ED25519 = b"\x2b\x65\x70"


def test_base64_of_a_public_keys_der_is_public() -> None:
    value = _b64(_spki(_ED25519, bytes(_R.randrange(256) for _ in range(32))))
    assert check_filter("public_key_der", value, f'const LICENSE_CHECK_KEY = "{value}";', "LICENSE_CHECK_KEY", "javascript")
    assert not_shown(f'const LICENSE_CHECK_KEY = "{value}";\n', "src/keys.js")


def test_base64_of_a_private_keys_der_is_not_public() -> None:
    value = _b64(_pkcs8(_ED25519, bytes(_R.randrange(256) for _ in range(32))))
    assert not check_filter("public_key_der", value, f'LICENSE_SIGN_KEY = "{value}"', "LICENSE_SIGN_KEY", "python")
    assert not check_filter("public_key_der", _alnum(48), f'X_KEY = "{_alnum(48)}"', "X_KEY", "python")


def test_a_verify_key_is_public_and_a_signing_key_is_not() -> None:
    value = _hex(64)
    assert check_filter("public_by_key_name", value, f"DISCORD_VERIFY_KEY={value}", "DISCORD_VERIFY_KEY", "dotenv")
    assert not check_filter("public_by_key_name", value, f"SIGNING_KEY={value}", "SIGNING_KEY", "dotenv")


def test_an_evm_address_is_no_private_key() -> None:
    address, key = "0x" + _hex(40), "0x" + _hex(64)
    assert check_filter("evm_address", address, f"TOKEN_ADDRESS={address}", "TOKEN_ADDRESS", "dotenv")
    assert not_shown(f"TOKEN_ADDRESS={address}\n", ".env")
    assert not check_filter("evm_address", key, f"DEPLOYER_KEY={key}", "DEPLOYER_KEY", "dotenv")


@pytest.mark.parametrize(("path", "template"), [
    ("salt/pillar/app.sls", "alerts:\n  pagerduty_key: {v}\n"),
    ("group_vars/all.yml", "stream_key: \"{v}\"\n"),
])
def test_a_random_key_on_a_config_line_under_a_vendor_key_name_is_shown(path: str, template: str) -> None:
    require_shown(template.format(v=_hex(32)), path)


@pytest.mark.parametrize("path", ["compose-stack/secrets/grafana_admin.txt", "geth-node/password.txt",
                                  "deploy/db_password.txt", "ci/api-token.txt"])
def test_a_file_holding_one_credential_is_shown(path: str) -> None:
    require_shown(_alnum(10) + "#" + _alnum(6) + "\n", path)


@pytest.mark.parametrize(("path", "text"), [
    ("compose-stack/secrets/README.txt", "Put one value per file here.\nSee docker-compose.yml.\n"),
    ("geth-node/password.txt", "changeme\n"),
    ("notes/password.md", "Tq4wZ8nV2xLk#7\n"),
])
def test_files_that_hold_no_credential_alone_are_quiet(path: str, text: str) -> None:
    assert not_shown(text, path), outcomes(text, path)


@pytest.mark.parametrize(("name", "value"), [
    ("TOSS_CLIENT_KEY", "test_ck_" + "".join(random.Random(7).choice(string.ascii_letters + string.digits) for _ in range(24))),
    ("MIDTRANS_CLIENT_KEY", "SB-Mid-client-" + "".join(random.Random(8).choice(string.ascii_letters) for _ in range(16))),
    ("DINGTALK_APP_KEY", "ding" + "".join(random.Random(9).choice(string.ascii_lowercase + string.digits) for _ in range(16))),
])
def test_payment_and_login_client_keys_are_public(name: str, value: str) -> None:
    assert check_filter("public_by_format", value, f"{name}={value}", name, "dotenv")
    secret = value.replace("_ck_", "_sk_").replace("Mid-client-", "Mid-server-").replace("ding", "dsec")
    assert not check_filter("public_by_format", secret, f"{name}={secret}", name, "dotenv")


def test_a_javascript_key_is_public_and_a_rest_key_is_not() -> None:
    value = _hex(32)
    assert check_filter("public_by_key_name", value, f"KAKAO_JS_KEY={value}", "KAKAO_JS_KEY", "dotenv")
    assert not check_filter("public_by_key_name", value, f"KAKAO_REST_KEY={value}", "KAKAO_REST_KEY", "dotenv")


def test_public_key_bodies_and_published_seeds_under_key_names_are_not_shown() -> None:
    ssh_body = "AAAAC3NzaC1lZDI1NTE5AAAAI" + "".join(random.Random(11).choice(string.ascii_letters + string.digits) for _ in range(43))
    minisign = "RW" + "".join(random.Random(12).choice(string.ascii_letters + string.digits) for _ in range(54))
    for name, value in (("SSH_HOST_KEY", ssh_body), ("MINISIGN_KEY", minisign), ("TOTP_TEST_KEY", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")):
        line = f'{name} = "{value}"\n'
        assert not_shown(line, "py/crypto/public_ids.py"), (name, outcomes(line, "py/crypto/public_ids.py"))


def test_a_signify_secret_key_is_not_taken_for_a_public_one() -> None:
    import struct
    secret = base64.b64encode(b"EdBK" + struct.pack(">I", 42) + bytes(_R.randrange(256) for _ in range(96))).decode()
    assert not check_filter("public_key_encoding", secret, f'SIGNIFY_KEY = "{secret}"', "SIGNIFY_KEY", "python")
