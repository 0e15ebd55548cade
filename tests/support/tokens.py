"""Synthetic secrets made at test time: right shape, random, never real.

Tests plant these in tiny workspaces and then search every file the tool wrote for
them; nothing here is copied from any labelled set.
"""

from __future__ import annotations

import base64
import json
import random
import string
import zlib

_B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase


def _rng(seed: int | None) -> random.Random:
    return random.Random(seed)


def base62(n: int, width: int) -> str:
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = _B62[r] + out
    return out.rjust(width, "0")


def github_pat(seed: int | None = None, prefix: str = "ghp_") -> str:
    """A classic GitHub token: prefix + 30 base62 chars + 6-char base62 CRC32 of those 30."""
    r = _rng(seed)
    body = "".join(r.choice(string.ascii_letters + string.digits) for _ in range(30))
    return prefix + body + base62(zlib.crc32(body.encode()), 6)


def aws_access_key_id(seed: int | None = None) -> str:
    r = _rng(seed)
    return "AKIA" + "".join(r.choice(string.ascii_uppercase + "234567") for _ in range(16))


def random_password(seed: int | None = None, length: int = 18) -> str:
    r = _rng(seed)
    alphabet = string.ascii_letters + string.digits + "!#%&*+-_"
    while True:
        pw = "".join(r.choice(alphabet) for _ in range(length))
        if any(c.isdigit() for c in pw) and any(c.isupper() for c in pw) and any(c in "!#%&*+-_" for c in pw):
            return pw


def high_entropy(seed: int | None = None, length: int = 40) -> str:
    r = _rng(seed)
    return "".join(r.choice(string.ascii_letters + string.digits) for _ in range(length))


ALNUM = string.ascii_letters + string.digits


def random_chars(rng: random.Random, n: int, alphabet: str = ALNUM) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def varied_key(rng: random.Random, n: int) -> str:
    """Letters and digits as a provider draws them: redrawn until as varied as such keys are (a draw with few
    distinct characters falls under the rules' entropy floors, and a test must not depend on luck)."""
    while True:
        key = random_chars(rng, n, ALNUM)
        if len(set(key)) >= 0.7 * n and any(c.isdigit() for c in key) and any(c.isupper() for c in key):
            return key


def typed_password(rng: random.Random) -> str:
    """A hand-typed shape: twelve letters and digits, one symbol, two digits; no quote, '@', ':', '/'
    or shell metacharacter, so it fits any config syntax unquoted."""
    while True:
        v = random_chars(rng, 12) + rng.choice("!#*") + random_chars(rng, 2, string.digits)
        if any(c.isupper() for c in v) and any(c.islower() for c in v) and any(c.isdigit() for c in v[:12]):
            return v


def google_api_key(rng: random.Random) -> str:
    """A Google API key's shape: AIza, then 35 URL-safe characters (keys are issued as AIzaSy…)."""
    return "AIzaSy" + random_chars(rng, 33, ALNUM + "-_")


def random_b64(rng: random.Random, n: int) -> str:
    """n random bytes in standard base64 (a key's shape: 32 bytes are 44 characters)."""
    return base64.b64encode(bytes(rng.randrange(256) for _ in range(n))).decode()


def random_uuid(rng: random.Random) -> str:
    """Thirty-two random hex digits in a UUID's groups."""
    h = random_chars(rng, 32, "0123456789abcdef")
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def hs256_jwt(rng: random.Random, claims: dict) -> str:
    """A JWT with these claims and a random 32-byte signature where HS256's would be."""
    def seg(obj: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")
    signature = base64.urlsafe_b64encode(bytes(rng.randrange(256) for _ in range(32))).decode().rstrip("=")
    return f"{seg({'alg': 'HS256', 'typ': 'JWT'})}.{seg(claims)}.{signature}"
