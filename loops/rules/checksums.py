"""Structure checks for token formats that carry one.

A rule names its validator in the rules file (`checksum = "github_crc32"`); the
detector drops a regex match whose value fails it. Each validator is
`name(value: str) -> bool`, pure, never raises, and looks only at the value.
The checks implement documented formats (facts), so a near-miss of the right
shape but the wrong checksum is not reported as a secret.
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import json
import re
import zlib
from pathlib import Path
from typing import Callable

BASE62_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
BECH32_ALPHABET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

_BASE62_INDEX = {c: i for i, c in enumerate(BASE62_ALPHABET)}
_BASE58_INDEX = {c: i for i, c in enumerate(BASE58_ALPHABET)}
_BECH32_INDEX = {c: i for i, c in enumerate(BECH32_ALPHABET)}


def base62_encode(number: int, width: int) -> str:
    """Big-endian base62 (0-9A-Za-z), left-padded with '0' to `width` characters."""
    digits = ""
    while number:
        number, rest = divmod(number, 62)
        digits = BASE62_ALPHABET[rest] + digits
    return digits.rjust(width, "0")


def github_crc32(value: str) -> bool:
    """GitHub-style token (ghp_, gho_, ghu_, ghs_, ghr_, npm_): prefix, '_', 30 random
    base62 characters, then the CRC32 of those 30 characters as 6 base62 characters.

    Format per GitHub's "Behind GitHub's new authentication token formats" (2021) and
    npm's adoption of the same format.
    """
    _, sep, body = value.partition("_")
    if not sep or len(body) != 36 or any(c not in _BASE62_INDEX for c in body):
        return False
    random_part, check = body[:30], body[30:]
    return base62_encode(zlib.crc32(random_part.encode("ascii")), 6) == check


def b64_decode(part: str, urlsafe: bool = False) -> bytes | None:
    """Decode base64 with or without padding; None when it is not base64."""
    padded = part + "=" * (-len(part) % 4)
    try:
        if urlsafe:
            return base64.urlsafe_b64decode(padded.encode("ascii"))
        return base64.b64decode(padded.encode("ascii"), validate=True)
    except (binascii.Error, ValueError, UnicodeEncodeError):
        return None


def b64_ascii(part: str) -> str | None:
    """Base64 with its padding as written (no more added), decoded to ASCII text; None when it is not both."""
    raw = b64_decode(part) if len(part) % 4 == 0 else None
    try:
        return raw.decode("ascii") if raw is not None else None
    except UnicodeDecodeError:
        return None


def json_object(raw: bytes | None) -> dict | None:
    """The JSON object a decoded part holds (a JWT's header, an encrypted payload's envelope); None otherwise."""
    if raw is None:
        return None
    try:
        decoded = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return decoded if isinstance(decoded, dict) else None


def jwt_structure(value: str) -> bool:
    """A signed JWT (RFC 7519, JWS compact form): three base64url parts; the header
    decodes to a JSON object with a string "alg" other than "none", the payload to a
    JSON object, and the signature is present and decodes."""
    parts = value.split(".")
    if len(parts) != 3 or not all(parts):
        return False
    header = json_object(b64_decode(parts[0], urlsafe=True))
    if header is None or not isinstance(header.get("alg"), str) or header["alg"].lower() == "none":
        return False
    if json_object(b64_decode(parts[1], urlsafe=True)) is None:
        return False
    return b64_decode(parts[2], urlsafe=True) is not None


def jwt_base64(value: str) -> bool:
    """A JWT base64-encoded once more (as in Kubernetes Secret data): decodes to a JWT
    that passes `jwt_structure`."""
    raw = b64_decode(value.rstrip("="), urlsafe="-" in value or "_" in value)
    if raw is None:
        return False
    try:
        text = raw.decode("ascii").strip()
    except UnicodeDecodeError:
        return False
    return jwt_structure(text)


def _bech32_polymod(values: list[int]) -> int:
    generators = (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)
    checksum = 1
    for v in values:
        top = checksum >> 25
        checksum = (checksum & 0x1FFFFFF) << 5 ^ v
        for i, g in enumerate(generators):
            if (top >> i) & 1:
                checksum ^= g
    return checksum


def _bech32_hrp_expand(hrp: str) -> list[int]:
    return [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]


def bech32(value: str) -> bool:
    """Bech32 checksum (BIP-173), as used by age keys (AGE-SECRET-KEY-1...).

    The string is all upper- or all lower-case; the data part follows the last '1'
    and ends in a 6-character checksum over the human-readable part and the data.
    """
    if value != value.lower() and value != value.upper():
        return False
    lowered = value.lower()
    sep = lowered.rfind("1")
    if sep < 1 or len(lowered) - sep - 1 < 6:
        return False
    hrp, data = lowered[:sep], lowered[sep + 1 :]
    if any(ord(c) < 33 or ord(c) > 126 for c in hrp) or any(c not in _BECH32_INDEX for c in data):
        return False
    return _bech32_polymod(_bech32_hrp_expand(hrp) + [_BECH32_INDEX[c] for c in data]) == 1


def base58check(value: str) -> bool:
    """Base58Check (Bitcoin): base58 payload whose last 4 bytes are the first 4 bytes
    of SHA-256(SHA-256(rest)). Used by WIF private keys and BIP-32 extended keys."""
    if not value or any(c not in _BASE58_INDEX for c in value):
        return False
    number = 0
    for c in value:
        number = number * 58 + _BASE58_INDEX[c]
    leading_zeros = len(value) - len(value.lstrip("1"))
    raw = b"\x00" * leading_zeros + (number.to_bytes((number.bit_length() + 7) // 8, "big") if number else b"")
    if len(raw) < 5:
        return False
    payload, check = raw[:-4], raw[-4:]
    return hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4] == check


# BIP-39's English word list, as the standard publishes it (bip-0039/english.txt, SHA-256 2f5eed53…dbda): 2048
# words, the index of each is 11 bits of the phrase.
@functools.lru_cache(maxsize=1)
def _bip39_index() -> dict[str, int]:
    words = Path(__file__).with_name("bip39_english.txt").read_text(encoding="ascii").split()
    return {w: i for i, w in enumerate(words)}


def bip39_mnemonic(value: str) -> bool:
    """A BIP-39 mnemonic: 12, 15, 18, 21 or 24 words of the English list whose last bits
    (one per 32 bits of entropy) are the first bits of SHA-256 of the entropy."""
    words = value.split()
    if len(words) not in (12, 15, 18, 21, 24):
        return False
    index = _bip39_index()
    if any(w not in index for w in words):
        return False
    bits = 0
    for w in words:
        bits = (bits << 11) | index[w]
    checksum_bits = len(words) // 3
    entropy = (bits >> checksum_bits).to_bytes(len(words) * 11 // 33 * 4, "big")
    return hashlib.sha256(entropy).digest()[0] >> (8 - checksum_bits) == bits & ((1 << checksum_bits) - 1)


def bip39_words(value: str) -> bool:
    """12, 15, 18, 21 or 24 words, every one of BIP-39's English list: a recovery phrase typed or edited by hand,
    whose checksum bits need not hold (used where a file's or setting's name already says phrase)."""
    words = value.split()
    index = _bip39_index()
    return len(words) in (12, 15, 18, 21, 24) and all(w in index for w in words)


def kerberos_keytab(value: str) -> bool:
    """A Kerberos keytab file (MIT format 0x0502) in base64: the version bytes, then an
    entry whose principal starts with a realm of printable characters."""
    raw = b64_decode(value.rstrip("="), urlsafe=False)
    if raw is None or len(raw) < 24 or raw[:2] != b"\x05\x02":
        return False
    size = int.from_bytes(raw[2:6], "big", signed=True)
    components = int.from_bytes(raw[6:8], "big")
    realm_length = int.from_bytes(raw[8:10], "big")
    realm = raw[10:10 + realm_length]
    return (0 < size <= len(raw) - 6 and 1 <= components <= 8 and 1 <= realm_length <= 255
            and len(realm) == realm_length and all(33 <= b <= 126 for b in realm))


def discord_bot_token(value: str) -> bool:
    """Discord bot token: three dot-separated parts; the first is the bot's user id
    (a 17-20 digit snowflake) in base64."""
    first = value.split(".", 1)[0]
    raw = b64_decode(first, urlsafe=True)
    if raw is None:
        return False
    return raw.isdigit() and 17 <= len(raw) <= 20


# An API key sent as the user with no password, as Stripe, Mailchimp, Harvest and Freshdesk document it: a token's
# prefix, or a long run of letters and digits (a person's user name has neither).
_UUID_TEXT = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
_KEY_AS_USER = re.compile(r"^(?:[a-z]{2,8}_(?:live|test)_[A-Za-z0-9]{16,}|[A-Za-z0-9_-]{24,}|[0-9a-f]{32}-us\d{1,2})$")


def basic_auth_credentials(value: str) -> bool:
    """HTTP Basic credentials (RFC 7617): base64 of 'user-id:password', printable text
    with a non-empty password, or an API key as the user and no password, or a key alone."""
    raw = b64_decode(value, urlsafe=False)
    if raw is None:
        return False
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    user, sep, password = text.partition(":")
    if not sep:
        # some APIs take the key itself as the whole credential (OneSignal's legacy REST key is
        # base64 of a UUID's text): a key's shape, not a word or a sentence
        return text.isprintable() and (_UUID_TEXT.match(text) is not None
                                       or (_KEY_AS_USER.match(text) is not None and any(c.isdigit() for c in text)))
    if not (text.isprintable() and len(user) <= 256):
        return False
    # (a key as the user has digits, and more than one: Azure's registries write the null GUID, 0000…:, beside an
    # identity token, in the auth a docker login leaves)
    return bool(password) or (_KEY_AS_USER.match(user) is not None and len(set(user) - set("-_.")) > 2
                              and any(c.isdigit() for c in user))


# Reversible "encryptions" of network and app-server configs: the value is the password itself,
# decodable by anyone. The check decodes it and fails a value that is not that encoding, or whose
# plaintext is empty, unprintable or a stand-in (a vendor's sample or default, a lab word).
_STAND_INS = frozenset({
    "cisco", "password", "passw0rd", "changeme", "changeit", "secret", "admin", "test", "testing",
    "example", "default", "public", "private", "letmein", "webas", "sample", "dummy", "none",
})


def _real_plaintext(text: str) -> bool:
    return 3 <= len(text) <= 128 and text.isprintable() and text.strip().lower() not in _STAND_INS


# Cisco IOS "type 7": a two-digit decimal offset into a fixed, widely published 53-character
# table, then one hex byte per character (the character XOR the table's byte at offset + index).
_CISCO7_TABLE = b"dsfd;kfoA,.iyewrkldJKDHSUBsgvca69834ncxv9873254k;fg87"


def cisco_type7(value: str) -> bool:
    """Cisco type 7 password: decodes to a real (printable, not stand-in) plaintext."""
    if len(value) < 8 or len(value) % 2 or not value[:2].isdigit():
        return False
    seed = int(value[:2])
    if seed > 15:
        return False
    try:
        raw = bytes.fromhex(value[2:])
    except ValueError:
        return False
    chars = [b ^ _CISCO7_TABLE[(seed + i) % len(_CISCO7_TABLE)] for i, b in enumerate(raw)]
    return all(32 <= c < 127 for c in chars) and _real_plaintext(bytes(chars).decode("ascii"))


def websphere_xor(value: str) -> bool:
    """WebSphere {xor} password (the part after '{xor}'): base64 of the UTF-8 bytes each XORed
    with '_' (0x5F); decodes to a real plaintext."""
    raw = b64_decode(value)
    if not raw:
        return False
    try:
        text = bytes(b ^ 0x5F for b in raw).decode("utf-8")
    except UnicodeDecodeError:
        return False
    return _real_plaintext(text)


def gpp_cpassword(value: str) -> bool:
    """Group Policy Preferences cpassword: base64 with its '=' padding stripped (GPP writes it
    so; re-padded here) of an AES-256-CBC ciphertext, so a whole number of 16-byte blocks,
    16 to 1024 bytes (MS-GPPREF 2.2.1.1.4 "Password Encryption")."""
    if not value or len(value) > 1368:
        return False
    raw = b64_decode(value.rstrip("="))
    return raw is not None and 16 <= len(raw) <= 1024 and len(raw) % 16 == 0


def zigbee_network_key(value: str) -> bool:
    """A Zigbee network key written as 16 numbers (decimal or 0x hex): every one a byte, and not a
    counting sequence such as the fixed default Zigbee2MQTT shipped before 1.33.0 (1, 3, 5, … 13),
    where most steps between neighbours are one and the same."""
    try:
        parts = value.replace(" ", "").replace("\t", "").split(",")
        numbers = [int(part[2:], 16) if part[:2].lower() == "0x" else int(part, 10) for part in parts]
    except ValueError:
        return False
    if len(numbers) != 16 or any(not 0 <= n <= 255 for n in numbers):
        return False
    steps = [b - a for a, b in zip(numbers, numbers[1:])]
    return max(steps.count(step) for step in set(steps)) <= 8 and len(set(numbers)) >= 6


def matrix_synapse_crc32(value: str) -> bool:
    """Synapse access (syt_) or refresh (syr_) token: prefix, the unpadded base64 of the user's
    localpart, 20 random letters, then '_' and the CRC32 of everything before it as 6 base62
    characters (synapse/handlers/auth.py generate_access_token)."""
    base, sep, check = value.rpartition("_")
    if not sep or len(check) != 6 or not base.isascii():
        return False
    return base62_encode(zlib.crc32(base.encode("ascii")), 6) == check


def defuse_key_checksum(value: str) -> bool:
    """defuse/php-encryption's ASCII-safe key (Key::saveToAsciiSafeString): the hex of the version header
    DE F0 00 00, the 32-byte key and the SHA-256 of header and key (Encoding::saveBytesToChecksummedAsciiSafeString)."""
    try:
        raw = bytes.fromhex(value)
    except ValueError:
        return False
    return len(raw) == 68 and raw[:4] == b"\xde\xf0\x00\x00" and hashlib.sha256(raw[:36]).digest() == raw[36:]


_HEX32 = re.compile(r"[0-9a-f]{32}")
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def cloudflare_tunnel_token(value: str) -> bool:
    """A Cloudflare Tunnel token (what `cloudflared service install` and `tunnel run --token` take): base64 of the JSON
    {"a": <account tag, 32 hex>, "t": <tunnel id, a UUID>, "s": <the tunnel secret, base64>}."""
    data = json_object(b64_decode(value))
    return (data is not None and isinstance(data.get("a"), str) and _HEX32.fullmatch(data["a"]) is not None
            and isinstance(data.get("t"), str) and _UUID.fullmatch(data["t"]) is not None
            and isinstance(data.get("s"), str) and b64_decode(data["s"]) is not None)


def momento_api_key(value: str) -> bool:
    """A Momento API key (v1): base64 of the JSON {"endpoint": <the cell's host>, "api_key": <a JWT>}."""
    data = json_object(b64_decode(value, urlsafe="-" in value or "_" in value))
    return (data is not None and isinstance(data.get("endpoint"), str) and "." in data["endpoint"]
            and isinstance(data.get("api_key"), str) and data["api_key"].count(".") == 2)


CHECKSUMS: dict[str, Callable[[str], bool]] = {
    "github_crc32": github_crc32,
    "jwt_structure": jwt_structure,
    "jwt_base64": jwt_base64,
    "bech32": bech32,
    "base58check": base58check,
    "bip39_mnemonic": bip39_mnemonic,
    "bip39_words": bip39_words,
    "kerberos_keytab": kerberos_keytab,
    "discord_bot_token": discord_bot_token,
    "basic_auth_credentials": basic_auth_credentials,
    "cisco_type7": cisco_type7,
    "websphere_xor": websphere_xor,
    "gpp_cpassword": gpp_cpassword,
    "zigbee_network_key": zigbee_network_key,
    "matrix_synapse_crc32": matrix_synapse_crc32,
    "defuse_key_checksum": defuse_key_checksum,
    "cloudflare_tunnel_token": cloudflare_tunnel_token,
    "momento_api_key": momento_api_key,
}


def get_checksum(name: str) -> Callable[[str], bool]:
    """The validator called `name`; KeyError when there is none."""
    return CHECKSUMS[name]
