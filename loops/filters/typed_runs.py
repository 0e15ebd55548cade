"""Values typed by hand rather than generated: repeated and sequential runs (aaaa,
123456, abcdef), runs that fill most of a value (abc123abc123), long alphabet runs inside it,
interleaved counting runs (1a2b3c4d), bytes that count up one by one, home-row mashes in tests
and docs, and too little randomness for a generated key.
"""

from __future__ import annotations

import math
import operator
import re

from ..rules.checksums import b64_decode
from .registry import Surroundings, _filter
from .text_shapes import _HEX, shannon_entropy
from .words import _names_generated_credential, digits_held_as_secret, key_words


_KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm", "1234567890")


# A key's stand-in: a short prefix and a counting run (LiteLLM's documented master key sk-1234, key-12345). Generated
# keys never count; a password may (admin1234 is a weak real one), so only under a key's or a token's name.
# (sk-1234, sk_test_12345: a provider's prefix and the digits counted out)
_PREFIXED_COUNT = re.compile(r"^[A-Za-z]{1,5}([-_][A-Za-z]{2,8})?[-_]?1234(?:5(?:6(?:7(?:8(?:90?)?)?)?)?)?$")


@_filter("repeated_or_sequential", "a repeated or sequential run (aaaa, 121212, 123456, abcdef, an alphabet; sk-1234 "
         "under a key's name)")
def is_repeated_or_sequential(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    n = len(v)
    if n < 3:
        return False
    if len(set(v)) == 1:
        return True  # xxx, ****, 0000
    if n < 4:
        return False
    for period in (2, 3, 4):
        if n >= 2 * period + 2 and v == (v[:period] * (n // period + 1))[:n]:
            return True
    if n >= 5 or (n == 4 and v.isdigit()):  # (a four-digit PIN of 1234 or 9876 is the default everyone tries)
        # steps between neighbours, counted in C (a generator per value was a third of this filter's time)
        codes = list(map(ord, v))
        steps = list(map(operator.sub, codes[1:], codes))
        if steps.count(1) >= 0.8 * len(steps) or steps.count(-1) >= 0.8 * len(steps):
            return True
    low = v.lower()
    if n >= 6 and any(low in row for row in _KEYBOARD_ROWS):
        return True
    m = _PREFIXED_COUNT.match(v)
    # (a two-part prefix, sk_test_, is a provider's key format under any name: nobody chooses sk_test_12345)
    return m is not None and (m.group(1) is not None or _names_generated_credential(key_name))


# A token body longer than this is a blob (a key block, a certificate): runs of "AAAA" there
# encode zero bytes, not a hand-typed placeholder.
_MAX_TYPED_BODY = 256


def _runs_of_three(alphabet: str) -> list[str]:
    return [alphabet[i : i + 3] for i in range(len(alphabet) - 2)]


# Whether a segment holds any of the patterns below at all, in one search: exactly the three
# kinds (one character 4+ times, an ascending or descending run of 3, a block of 2 to 4 repeated
# 3 times). A generated value has none, and is answered without walking it three times.
_ANY_TYPED_PATTERN = re.compile(
    r"(.)\1{3}|(.{2,4})\2\2|" + "|".join(
        run for alphabet in ("abcdefghijklmnopqrstuvwxyz", "0123456789")
        for run in _runs_of_three(alphabet) + _runs_of_three(alphabet[::-1])
    )
)


def _typed_positions(segment: str) -> set[int]:
    """Positions of `segment` (lower-cased letters and digits) that sit in a hand-typed pattern:
    a run of one character (4+), an ascending or descending run (3+: abc, 456, zyx), or a
    short block repeated (period 2 to 4, 3+ times: 123123123)."""
    if _ANY_TYPED_PATTERN.search(segment) is None:
        return set()
    n = len(segment)
    typed: set[int] = set()
    i = 0
    while i < n:  # runs of one character
        j = i
        while j + 1 < n and segment[j + 1] == segment[i]:
            j += 1
        if j - i + 1 >= 4:
            typed.update(range(i, j + 1))
        i = j + 1
    for step in (1, -1):  # alphabet and digit runs, within one class
        i = 0
        while i < n:
            j = i
            while (j + 1 < n and ord(segment[j + 1]) - ord(segment[j]) == step
                   and segment[j + 1].isdigit() == segment[j].isdigit()):
                j += 1
            if j - i + 1 >= 3:
                typed.update(range(i, j + 1))
            i = j + 1
    for period in (2, 3, 4):  # repeated blocks
        i = period
        while i < n:
            j = i
            while j < n and segment[j] == segment[j - period]:
                j += 1
            if j - (i - period) >= max(3 * period, 6):
                typed.update(range(i - period, j))
            i = j + 1
    return typed


_LOWER_ALNUM_RUNS = re.compile(r"[a-z0-9]+")


def _typed_shares(body: str) -> tuple[float, float]:
    """Share of the letters and digits of `body` that sit in hand-typed patterns (see
    _typed_positions), over the whole body and over its longest segment. Separators split
    the body and break every run; case is ignored."""
    segments = _LOWER_ALNUM_RUNS.findall(body.lower())
    total = sum(len(s) for s in segments)
    if not total:
        return 0.0, 0.0
    typed = [len(_typed_positions(s)) for s in segments]
    longest = max(range(len(segments)), key=lambda i: len(segments[i]))
    return sum(typed) / total, typed[longest] / len(segments[longest])


_ASCII_ALNUM = re.compile(r"[A-Za-z0-9]")
_SHORTEST_TYPED = 6


@_filter("typed_placeholder", "made by hand, not generated: runs like aaaaaa, 123123123, abc123 or klmnopq fill most of it"
         " (checked after a known prefix too)", after_prefix=True)
def is_typed_placeholder(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A generated key of 8+ characters almost never has half its characters in such runs;
    # a fixture written to look like a key (sk-ant-api03-abc123xyz-456def789…) does.
    v = value.strip()
    alnum = len(v) - len(_ASCII_ALNUM.sub("", v))  # ASCII letters and digits
    if alnum < _SHORTEST_TYPED or len(v) > _MAX_TYPED_BODY:
        return False
    # Short random values fall into such runs by chance more often (a digit PIN: 1 in 80); six or seven
    # characters count only when one is left over at most (abc123z, a stand-in token in a webhook sample).
    floor = 0.5 if alnum >= 16 else 0.75 if alnum >= 8 else 0.85
    whole, longest = _typed_shares(v)
    # The longest segment carries the secret in a segmented token (xoxa-2-<ids>-<secret>):
    # typed-looking ids beside a random secret part do not make a placeholder.
    return whole >= floor and longest >= floor


_SEQUENTIAL_RUN = re.compile(r"0123456|1234567|2345678|3456789|abcdefg|bcdefgh|cdefghi|ghijklm|klmnopq|nopqrst|qrstuvw|tuvwxyz", re.IGNORECASE)


@_filter("sequential_run", "a long alphabet or digit run inside the value (1234567, abcdefg): typed by hand, not generated",
         generic_only=True, decisive=False)
def has_sequential_run(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return bool(_SEQUENTIAL_RUN.search(value))


@_filter("low_entropy", "too little randomness for a generated key (under 2.5 bits per character over 8+ characters,"
         " and a bit below what its length allows)", generic_only=True)
def is_low_entropy(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # n characters show at most log2(n) bits each, and a random short value often repeats a
    # few (8 random letters fall under 2.5 bits about one time in five): a short value must
    # sit a whole bit under its ceiling before its repeats say "typed", not "generated".
    v = value.strip()
    n = len(v)
    if digits_held_as_secret(v, line, key_name):
        return False  # a PIN's or an access code's digits repeat by chance: ten of them make no generated key
    return n >= 8 and shannon_entropy(v) < min(2.5, math.log2(n) - 1.0)


# A generated key or token is never this short: API keys and tokens run from 16 characters up. Six or seven characters
# under a key's name is an id of the account (PayU's merchant key, a Pusher cluster, a region) or a stand-in.
_SHORTEST_GENERATED = 8
_ACCOUNT_WORDS = frozenset({"merchant", "app", "client", "account", "site", "project", "store", "partner", "public"})


@_filter("too_short_for_a_key", "shorter than any generated key or token (under 8 characters, under a key's or a "
         "token's name): an account's id or a stand-in", generic_only=True, needs_key_name=True)
def is_too_short_for_a_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    # (letters and digits only: a short value with symbols is typed, a person's password or PIN under a token's name)
    if len(v) >= _SHORTEST_GENERATED or not v.isalnum() or not _names_generated_credential(key_name):
        return False
    # a key's or a token's name, not auth or credentials (a pair's short user name, a Basic password)
    words = key_words(key_name)
    if words[-1:] not in (["key"], ["apikey"], ["token"]):
        return False
    # an account's key (merchant_key, app_key: an id the provider assigns) at any shape; otherwise only a value of one
    # kind of character (a number, a word): a short ADMIN_TOKEN or ENCRYPTION_KEY of mixed characters may be a real one
    return bool(_ACCOUNT_WORDS & set(words)) or v.isdigit() or v.isalpha()


# Two sequences interleaved, as people type a fake id: 1a2b3c4d-5e6f-7a8b-…, a1b2c3d4e5f6.
_ID_SEPARATORS = re.compile(r"[-_.:]")


def _ascending(s: str) -> bool:
    steps = [ord(b) - ord(a) for a, b in zip(s, s[1:])]
    return bool(steps) and sum(st == 1 for st in steps) >= 0.75 * len(steps)


@_filter("interleaved_sequence", "two counting runs interleaved (1a2b3c4d-5e6f-…, a1b2c3d4…): an id typed by hand "
         "for a test, not a generated key")
def is_interleaved_sequence(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = _ID_SEPARATORS.sub("", value.strip()).lower()
    if len(v) < 12:
        return False
    evens, odds = v[0::2], v[1::2]
    # One run of digits and one of letters, each counting up; a wrap (9 to 0, f to a) is among the
    # quarter of steps _ascending lets break the run.
    kinds = (evens.isdigit() and odds.isalpha()) or (evens.isalpha() and odds.isdigit())
    return kinds and _ascending(evens) and _ascending(odds)


_SHORTEST_COUNTING_HEX = 16  # eight bytes


_PADDED_B64 = re.compile(r"^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$")


@_filter("counting_bytes", "hex (or base64) bytes that count up or down by one step (000102030405…, 00112233…, the key of a published "
         "known-answer test): a test pattern, not a generated key", generic_only=True)
def is_counting_bytes(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # Hash and cipher test vectors (BLAKE2's, HKDF's, many RFCs') take the key 00 01 02 … so anyone can
    # type it; a generated key counts by ones from one byte to the next once in 256 steps.
    v = value.strip()
    if len(v) < _SHORTEST_COUNTING_HEX:
        return False
    if len(v) % 2 == 0 and _HEX.match(v):
        data = bytes.fromhex(v)
    else:
        decoded = b64_decode(v) if _PADDED_B64.match(v) else None  # the same bytes in base64 (AAECAwQF…)
        if decoded is None or len(decoded) * 2 < _SHORTEST_COUNTING_HEX:
            return False
        data = decoded
    steps = {(b - a) % 256 for a, b in zip(data, data[1:])}
    # (or by any one step: 00112233…EEFF, the other key every tutorial types)
    return len(steps) == 1 and steps != {0}


_HOME_ROW = frozenset("asdfghjkl")
_FEWEST_MASH_LETTERS = 8
_MASH_SHARE = 0.85  # random letters fall on the home row about one time in three


@_filter("home_row_mash", "a token in a test or the docs typed on the keyboard's home row (sdfjkl2309sdf, "
         "asdfasdf98): a hand-made stand-in, where a generated token's letters spread over the alphabet",
         generic_only=True, surroundings=True, needs_example_place=True)
def is_home_row_mash(value: str, line: str, key_name: str | None, language: str | None,
                     around: Surroundings) -> bool:
    # Only under a generated credential's name (a token, an API key): a password is chosen, and a
    # mash is how some people choose one.
    if not around.example_place:
        return False
    v = value.strip()
    if not v.isascii() or not v.isalnum() or v.lower() != v or _HEX.match(v):
        return False  # hex has only six letters, three of them on the home row
    letters = [c for c in v if c.isalpha()]
    if len(letters) < _FEWEST_MASH_LETTERS or sum(c in _HOME_ROW for c in letters) < _MASH_SHARE * len(letters):
        return False
    words = key_words(key_name)
    return _names_generated_credential(key_name) or ("token" in words and not any("passw" in w for w in words))


# Digits in groups (1234-5678-91000, 1234 5678 9012): a card-, account- or token-number stand-in counted out
# from 1. Eight counted digits in a row at the start do not come out of a generator (one time in 10^8).
_DIGIT_GROUPS = re.compile(r"^[0-9]{2,8}(?:[- .][0-9]{1,8}){1,5}$")


@_filter("counted_digit_groups", "digits in groups that count up from 1 (1234-5678-91000): a number typed as a "
         "stand-in, not one issued")
def is_counted_digit_groups(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not v.startswith("12") or _DIGIT_GROUPS.match(v) is None:
        return False
    return v.replace("-", "").replace(" ", "").replace(".", "").startswith("12345678")
