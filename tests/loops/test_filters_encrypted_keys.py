"""A private key encrypted under a passphrase and kept with tests is a fixture for passphrase handling; the
same key outside tests, and an unencrypted key in tests, still reach a person. Keys are built here from
random bytes in each armour's structure (the OpenSSH header names its cipher; "none" when unencrypted)."""

from __future__ import annotations

import base64
import os
import textwrap

import pytest

from tests.loops.test_fp_corpus_classes import hidden, outcomes


def _openssh(cipher: bytes) -> str:
    magic = b"openssh-key-v1\x00"
    kdf = b"bcrypt" if cipher != b"none" else b"none"
    blob = (magic + len(cipher).to_bytes(4, "big") + cipher + len(kdf).to_bytes(4, "big") + kdf
            + os.urandom(300))
    body = "\n".join(textwrap.wrap(base64.b64encode(blob).decode(), 70))
    return f"-----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n-----END OPENSSH PRIVATE KEY-----\n"


def _legacy_pem(encrypted: bool) -> str:
    body = "\n".join(textwrap.wrap(base64.b64encode(os.urandom(120)).decode(), 64))
    headers = "Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC," + os.urandom(16).hex().upper() + "\n\n" if encrypted else ""
    return f"-----BEGIN EC PRIVATE KEY-----\n{headers}{body}\n-----END EC PRIVATE KEY-----\n"


@pytest.mark.parametrize("key", [_openssh(b"aes256-ctr"), _openssh(b"aes256-cbc"), _legacy_pem(True)])
def test_an_encrypted_key_in_tests_is_a_fixture(key: str) -> None:
    assert hidden(key, "test/fixtures/id_encrypted.key")


@pytest.mark.parametrize("key", [_openssh(b"aes256-ctr"), _legacy_pem(True)])
def test_an_encrypted_key_outside_tests_is_shown(key: str) -> None:
    assert outcomes(key, "deploy/keys/id_ed25519")[0] in ("confirmed", "pending")


@pytest.mark.parametrize("key", [_openssh(b"none"), _legacy_pem(False)])
def test_an_unencrypted_key_in_tests_is_shown(key: str) -> None:
    assert outcomes(key, "test/fixtures/id_plain.key")[0] in ("confirmed", "pending")
