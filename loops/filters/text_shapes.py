"""Shapes of text that say nothing of meaning: Shannon entropy, a run of hex digits, a path
segment made of words rather than a random run, and whether a string looks random (16 or more
characters, high entropy, letters and digits). Helpers shared by the filters; no filter is
registered here.
"""

from __future__ import annotations

import math
import re
from collections import Counter

from .word_shapes import _LETTER_RUN, _typed_word


# c * log2(c) for the counts a short value has: the entropy below is log2(n) - sum(c log2 c) / n,
# summed by table lookups in C rather than a logarithm per character class in Python.
_C_LOG2_C = [0.0] + [c * math.log2(c) for c in range(1, 257)]


def shannon_entropy(s: str) -> float:
    """Shannon entropy of the characters of s, in bits per character (0.0 for "")."""
    if not s:
        return 0.0
    n = len(s)
    counts = Counter(s).values()
    total = sum(map(_C_LOG2_C.__getitem__, counts)) if n < len(_C_LOG2_C) else sum(c * math.log2(c) for c in counts)
    return max(0.0, math.log2(n) - total / n)


_HEX = re.compile(r"^[0-9a-fA-F]+$")


# A list of byte values as code writes a key (0x3c, 0x91, … or 60, 145, …, Java's (byte) 0x9c): eight or more.
_BYTE_LIST = re.compile(r"^(?:\(byte\)[ \t]*)?(?:0[xX][0-9a-fA-F]{1,2}|[0-9]{1,3})"
                        r"(?:[ \t]*,\s*(?:\(byte\)[ \t]*)?(?:0[xX][0-9a-fA-F]{1,2}|[0-9]{1,3})){7,}[ \t]*,?$")
_BYTE = re.compile(r"0[xX]([0-9a-fA-F]{1,2})|([0-9]{1,3})")


def byte_list_hex(value: str) -> str | None:
    """The bytes of a byte-list literal as lower-case hex (0x3C, 0x91 -> "3c91"), or None for any other value:
    what the list holds, to be measured as a key's hex is, not the commas and 0x between its bytes."""
    v = value.strip()
    if not v[:1].isdigit() and not v.startswith("("):
        return None
    if _BYTE_LIST.match(v) is None:
        return None
    out = []
    for hexa, dec in _BYTE.findall(v.replace("(byte)", "")):
        n = int(hexa, 16) if hexa else int(dec)
        if n > 255:
            return None
        out.append(f"{n:02x}")
    return "".join(out)


_FILE_EXTENSIONS = frozenset({
    "pem", "key", "crt", "cer", "der", "pub", "p12", "pfx", "p8", "jks", "keystore", "json", "yaml", "yml", "toml",
    "ini", "cfg", "conf", "env", "txt", "xml", "properties", "csv", "log", "db", "sqlite", "sh", "py", "js",
    "html", "htm", "jinja", "j2", "tmpl", "tpl", "mustache", "hbs", "erb",
    "inc", "php", "rb", "pl", "lua",  # source files a setting names: class_password-methods-md5.inc
})
# CamelCase: SecretKey.txt; a key algorithm's name in a key file's (~/.ssh/id_ed25519, secp256k1.pem)
_WORDY_PIECE = re.compile(r"^(?:[a-z]+|[A-Z]+|(?:[A-Z][a-z]+){1,4})[0-9]{0,4}$|^[0-9]+$"
                          r"|^(?i:ed25519|ed448|x25519|x448|secp256[kr]1|prime256v1|rsa[0-9]{4})$"
                          r"|^(?i:[a-z][0-9]{1,2}[a-z]{1,2})$")  # a numeronym: k8s, r10k, i18n, a11y


_SEGMENT_SEPARATORS = re.compile(r"[._\- ]+")


def _wordy_segment(segment: str) -> bool:
    """A path segment made of words (`db_password`, `Program Files`), not a random run (`K7MDENG`)."""
    pieces = [p for p in _SEGMENT_SEPARATORS.split(segment) if p]
    return bool(pieces) and all(len(p) <= 32 and _WORDY_PIECE.match(p) for p in pieces)


_A_DIGIT = re.compile(r"\d")
_A_LETTER = re.compile(r"[A-Za-z]")


def _looks_random(s: str) -> bool:
    return len(s) >= 16 and shannon_entropy(s) >= 3.5 and bool(_A_DIGIT.search(s)) and bool(_A_LETTER.search(s))


# A generator of printable secrets (WordPress's salts: wp_generate_password(64, true, true), Django's SECRET_KEY)
# draws from letters, digits and punctuation alike: in 40 or more such characters a brace pair, a percent sign or
# an angle bracket turns up by chance ({kp}, #{Yl}, <A>), and they mean nothing there.
_SHORTEST_PRINTABLE_RUN = 40
_FEWEST_PUNCTUATION_KINDS = 5
_PRINTABLE_RUN_ENTROPY = 4.3  # bits per character; 40 random printable characters reach 4.4 or more, words ~4
_MOST_WORDED_SHARE = 4  # words make up less than a quarter of the letters


def random_printable_run(value: str) -> bool:
    """40 or more characters without line breaks or tabs, of letters, digits and five or more kinds of punctuation,
    with the entropy of a random draw: a generated printable secret, in which template syntax is chance. WordPress
    draws the space too; text with spaces is words, which the entropy and the worded share below rule out."""
    v = value.strip()
    if len(v) < _SHORTEST_PRINTABLE_RUN or any(c.isspace() and c != " " for c in v) or not v.isascii():
        return False
    if len({c for c in v if not c.isalnum()}) < _FEWEST_PUNCTUATION_KINDS:
        return False
    if not (_A_DIGIT.search(v) and _A_LETTER.search(v)) or shannon_entropy(v) < _PRINTABLE_RUN_ENTROPY:
        return False
    # words set apart by the punctuation are text (a URL's format: https://{0}.blob.core.windows.net/{1}?sv=…);
    # a random draw's letters fall into runs of a few, seldom a word
    runs = _LETTER_RUN.findall(v)
    worded = sum(len(r) for r in runs if len(r) >= 4 and _typed_word(r.lower()))
    return worded * _MOST_WORDED_SHARE < sum(map(len, runs))
