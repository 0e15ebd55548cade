"""BIP-39 seed and BIP-32 derivation over secp256k1, in plain Python, for tests only: the published
development wallets (Hardhat/Anvil, Ganache's deterministic mode) are derived from their documented
phrases here, so the digests the `published_development_key` filter keeps are checked, not trusted."""

from __future__ import annotations

import hashlib
import hmac

# secp256k1 (SEC 2): y^2 = x^3 + 7 over F_P, base point G of order N.
P = 2**256 - 2**32 - 977
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
G = (0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
     0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8)
HARDENED = 2**31


def on_curve(point: tuple[int, int]) -> bool:
    x, y = point
    return (y * y - x * x * x - 7) % P == 0


def _add(a: tuple[int, int] | None, b: tuple[int, int] | None) -> tuple[int, int] | None:
    if a is None:
        return b
    if b is None:
        return a
    if a[0] == b[0] and (a[1] + b[1]) % P == 0:
        return None
    if a == b:
        slope = 3 * a[0] * a[0] * pow(2 * a[1], -1, P) % P
    else:
        slope = (b[1] - a[1]) * pow(b[0] - a[0], -1, P) % P
    x = (slope * slope - a[0] - b[0]) % P
    return x, (slope * (a[0] - x) - a[1]) % P


def multiply(k: int, point: tuple[int, int] = G) -> tuple[int, int]:
    result = None
    addend: tuple[int, int] | None = point
    while k:
        if k & 1:
            result = _add(result, addend)
        addend = _add(addend, addend)
        k >>= 1
    assert result is not None
    return result


def _compressed(k: int) -> bytes:
    x, y = multiply(k)
    return bytes([2 + (y & 1)]) + x.to_bytes(32, "big")


def seed_of(phrase: str, passphrase: str = "") -> bytes:
    """BIP-39: PBKDF2-HMAC-SHA512 of the phrase, salted with "mnemonic" + passphrase, 2048 rounds."""
    return hashlib.pbkdf2_hmac("sha512", phrase.encode(), ("mnemonic" + passphrase).encode(), 2048)


def master_of(seed: bytes) -> tuple[int, bytes]:
    digest = hmac.new(b"Bitcoin seed", seed, hashlib.sha512).digest()
    return int.from_bytes(digest[:32], "big"), digest[32:]


def child_of(key: int, chain: bytes, index: int) -> tuple[int, bytes]:
    data = (b"\x00" + key.to_bytes(32, "big")) if index >= HARDENED else _compressed(key)
    digest = hmac.new(chain, data + index.to_bytes(4, "big"), hashlib.sha512).digest()
    return (int.from_bytes(digest[:32], "big") + key) % N, digest[32:]


def derive(seed: bytes, path: str) -> int:
    """The private key at a path such as m/44'/60'/0'/0/3."""
    key, chain = master_of(seed)
    for part in path.split("/")[1:]:
        index = int(part.rstrip("'")) + (HARDENED if part.endswith("'") else 0)
        key, chain = child_of(key, chain, index)
    return key
