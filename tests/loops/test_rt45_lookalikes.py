"""Look-alikes of this stop's widened rules (red-team set 45): lookup keys with a hex tail, prefixed ids and paths
under *_KEY names, public key encodings, a table of small numbers in a keypair-named file, a secrets/ file that
holds a user name, 'with pwd', adjectives and codes named in other languages; and a JVM package named example is
no documentation folder. Failures name the file and the statuses, never a value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import random
import string

import pytest

from secretloop.loops.discovery import _skip_by_name
from secretloop.loops.features import is_docs_path
from tests.loops.test_fp_corpus_classes import not_shown, outcomes

_R = random.Random(45_0001)


def _hex(n: int) -> str:
    return "".join(_R.choice("0123456789abcdef") for _ in range(n))


def _b58(n: int) -> str:
    return "".join(_R.choice("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz") for _ in range(n))


def _bech32(n: int) -> str:
    return "".join(_R.choice("qpzry9x8gf2tvdw0s3jn54khce6mua7l") for _ in range(n))


QUIET = [
    ("turbo.yml", f"TURBO_CACHE_KEY: turbo-v2-{_hex(16)}\n"),
    ("app/catalogue.py", f'CATALOGUE_CACHE_KEY = "cat_v3_{_hex(12)}"\n'),
    ("infra/vars.yml", f"kms_key: mrk-{_hex(32)}\n"),
    ("infra/vars.yml", f"s3_key: uploads/2024/{_hex(16)}.png\n"),
    ("wallet/keys.py", f'WATCH_ONLY_KEY = "xpub{_b58(107)}"\n'),
    ("nostr/config.py", f'RELAY_OWNER_KEY = "npub1{_bech32(58)}"\n'),
    ("backup/recipients.py", f'BACKUP_RECIPIENT_KEY = "age1{_bech32(58)}"\n'),
    ("media/zigzag_keypair.json", "[" + ",".join(str(i) for i in _R.sample(range(64), 64)) + "]\n"),
    ("stack/secrets/db_user.txt", "shop_app_reader_2024\n"),
    ("docs/notes.txt", "Run the migration with pwd workspace7 as the current directory.\n"),
    ("es/tienda/catalogo.py", f'ClaveRastreo = "{_hex(20).upper()}"\n'),
    ("es/tienda/ui.py", f'modo_secreto = "{_hex(16)}"\n'),
    ("redis/monitor.log", '1710148400.000001 [0 10.0.4.8:40000] "AUTH" "default" "nopass"\n'),
]


@pytest.mark.parametrize(("path", "text"), QUIET, ids=[f"{i}-{p}" for i, (p, _) in enumerate(QUIET)])
def test_look_alikes_of_this_stops_rules_are_not_shown(path: str, text: str) -> None:
    assert not_shown(text, path), outcomes(text, path)


@pytest.mark.parametrize("path", ["src/main/java/com/example/shop/Keys.java", "app/src/main/kotlin/org/example/App.kt",
                                  "src/test/java/com/example/ApiTest.java"])
def test_a_jvm_package_named_example_is_no_docs_folder(path: str) -> None:
    assert not is_docs_path(path)


def test_docs_and_examples_folders_still_are() -> None:
    assert is_docs_path("examples/src/main/java/Demo.java") and is_docs_path("example/app.py")


def test_the_sui_keystore_is_read_and_other_key_stores_are_not() -> None:
    assert _skip_by_name("sui.keystore") is None
    assert _skip_by_name("release.keystore") is not None and _skip_by_name("cert.p12") is not None


def _alnum(n: int) -> str:
    return "".join(_R.choice(string.ascii_letters + string.digits) for _ in range(n))


@pytest.mark.parametrize("name", ["PARTITION_KEY", "SORT_KEY", "PRIMARY_KEY", "I18N_KEY", "SHARD_KEY"])
def test_a_key_of_data_is_no_credential(name: str) -> None:
    line = f'export const {name} = "{_alnum(22)}";\n'
    assert not_shown(line, "src/config/keys.ts"), outcomes(line, "src/config/keys.ts")


@pytest.mark.parametrize("name", ["PAGERDUTY_ROUTING_KEY", "WEBHOOK_HASH_KEY", "PARTNER_KEY"])
def test_credential_keys_beside_them_are_kept(name: str) -> None:
    line = f'export const {name} = "{_alnum(22)}7";\n'
    statuses = outcomes(line, "src/config/keys.ts")
    assert statuses and any(s in ("confirmed", "pending") for s in statuses), (name, statuses)


def test_a_french_api_token_and_a_js_xhr_login_are_shown() -> None:
    from tests.loops.test_fp_corpus_classes import require_shown
    require_shown(f"jeton_api = '{_alnum(24)}7'\n", "fr/jeu/config.py")
    require_shown(f'xhr.open("GET", url, true, "svc_reports", "{_alnum(12)}7");\n', "web/reports.js")


def _bytes_list(values) -> str:
    return ", ".join(f"0x{v:02x}" for v in values)


@pytest.mark.parametrize(("path", "template"), [
    ("firmware/src/crypto.c", "static const uint8_t MASTER_KEY[16] = {{{v}}};\n"),
    ("src/util/lut.go", "var hmacKey = []byte{{{v}}}\n"),
    ("src/crypto/keys.py", "AES_KEY = bytes([{v}])\n"),
    ("src/main.rs", "const SECRET_KEY: [u8; 32] = [{v}];\n"),
    ("src/keys.rs", "static PSK: &[u8] = &[{v}];\n"),
    ("app/src/main/kotlin/Keys.kt", "    private val aesKey = byteArrayOf({v})\n"),
    ("ios/Config.swift", "let hmacKey: [UInt8] = [{v}]\n"),
    ("config/keys.json", '  "signing_key": [{v}],\n'),
])
def test_a_key_written_as_bytes_is_shown(path: str, template: str) -> None:
    from tests.loops.test_fp_corpus_classes import require_shown
    values = [_R.randrange(256) for _ in range(32 if "32" in template or "Key" in template else 16)]
    require_shown(template.format(v=_bytes_list(values)), path)


@pytest.mark.parametrize("values", [
    list(range(16)),
    [0x63, 0x7C, 0x77, 0x7B, 0xF2, 0x6B, 0x6F, 0xC5, 0x30, 0x01, 0x67, 0x2B, 0xFE, 0xD7, 0xAB, 0x76],  # AES S-box
    [i * 3 % 64 for i in range(16)],
])
def test_tables_named_key_are_not_shown(values) -> None:
    line = f"static const uint8_t SBOX_KEY[16] = {{{_bytes_list(values)}}};\n"
    assert not_shown(line, "src/crypto/tables.c"), outcomes(line, "src/crypto/tables.c")


def test_an_iv_written_as_bytes_is_not_read() -> None:
    line = f"static const uint8_t aes_iv[16] = {{{_bytes_list(_R.randrange(256) for _ in range(16))}}};\n"
    assert not_shown(line, "firmware/src/crypto.c"), outcomes(line, "firmware/src/crypto.c")


@pytest.mark.parametrize(("name", "values"), [
    ("PNG_KEY", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 0]),
    ("GAMMA_KEY", [0, 0, 1, 1, 2, 3, 5, 7, 10, 14, 19, 25, 33, 43, 56, 72, 91, 114, 141, 173]),
    ("CRC_KEY", [0x40 + (i * 37) % 64 for i in range(16)]),
    ("AES_TEST_KEY", [0x2B, 0x7E, 0x15, 0x16, 0x28, 0xAE, 0xD2, 0xA6, 0xAB, 0xF7, 0x15, 0x88, 0x09, 0xCF, 0x4F, 0x3C]),
    ("NONCE_KEY", [_R.randrange(256) for _ in range(16)]),
])
def test_byte_tables_under_key_names_are_not_shown(name: str, values) -> None:
    line = f"static const uint8_t {name}[{len(values)}] = {{{_bytes_list(values)}}};\n"
    assert not_shown(line, "src/crypto/tables.c"), (name, outcomes(line, "src/crypto/tables.c"))


def test_an_adyen_shaped_value_is_public_only_under_a_client_name() -> None:
    from tests.loops.test_fp_corpus_classes import require_shown
    value = "live_" + "".join(_R.choice(string.ascii_uppercase + string.digits) for _ in range(32))
    assert not_shown(f"ADYEN_CLIENT_KEY={value}\n", "web/.env")
    require_shown(f'const ADYEN_API_KEY = "{value}";\n', "payments/checkout.js")


def test_a_key_stores_alias_is_no_credential() -> None:
    assert not_shown("SIGNING_KEY_ALIAS=upload\n", "android/gradle.properties")
