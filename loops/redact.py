"""Redaction and fingerprints: the only forms in which a secret value leaves memory.

DESIGN.md §2: everything written or sent carries a redacted preview and a keyed
fingerprint, never the value. Both functions here are the single place that turns a
raw value into something that may be stored.
"""

from __future__ import annotations

import hashlib
import hmac
import re

# A fixed application key. Fingerprints must agree across machines (the decisions file is
# committed and read by the editor, the hook and CI), so the key cannot be per machine.
# An HMAC rather than a bare hash keeps fingerprints from being looked up in tables
# built for plain SHA-256 of common passwords.
DEFAULT_FINGERPRINT_KEY = b"secretloop/fingerprint/v1"
FINGERPRINT_PREFIX = "sl1:"


def fingerprint(rule_id: str, value: str, key: bytes = DEFAULT_FINGERPRINT_KEY) -> str:
    """Keyed hash of rule + value: stable across moves, changes when the value changes."""
    mac = hmac.new(key, digestmod=hashlib.sha256)
    mac.update(rule_id.encode("utf-8"))
    mac.update(b"\x00")
    mac.update(value.encode("utf-8", "surrogatepass"))
    return FINGERPRINT_PREFIX + mac.hexdigest()[:32]


# For ASCII, str.isupper/islower/isdigit/isalnum are exactly these classes; one search in C
# each is 5x faster than a generator over the characters (this runs several times per candidate).
_ASCII_UPPER = re.compile("[A-Z]").search
_ASCII_LOWER = re.compile("[a-z]").search
_ASCII_DIGIT = re.compile("[0-9]").search
_ASCII_OTHER = re.compile("[^A-Za-z0-9]").search


def char_classes(value: str) -> str:
    """Short character-class signature, e.g. 'a1' for lowercase+digits, 'Aa1+' with symbols."""
    if value.isascii():
        return ("A" if _ASCII_UPPER(value) else "") + ("a" if _ASCII_LOWER(value) else "") + (
            "1" if _ASCII_DIGIT(value) else "") + ("+" if _ASCII_OTHER(value) else "") or "-"
    sig = ""
    if any(c.isupper() for c in value):
        sig += "A"
    if any(c.islower() for c in value):
        sig += "a"
    if any(c.isdigit() for c in value):
        sig += "1"
    if any(not c.isalnum() for c in value):
        sig += "+"
    return sig or "-"


def preview(value: str) -> str:
    """Redacted preview: a known-prefix-sized head, the last few characters, the length.

    Short values show nothing of themselves: a 6-character password would be half
    disclosed by any head and tail. Long values show at most 4 leading and 3 trailing
    characters, and never more than a quarter of the value in total.
    """
    n = len(value)
    if n < 12:
        return f"****({n} chars, {char_classes(value)})"
    shown = max(2, min(7, n // 4))
    head = min(4, shown - min(3, shown // 2))
    tail = min(3, shown - head)
    return f"{value[:head]}****…****{value[n - tail:] if tail else ''}({n} chars, {char_classes(value)})"


def masked(value: str) -> str:
    """How a value appears inside masked text: its preview between guillemets."""
    return "«" + preview(value) + "»"


def mask(text: str, start: int, end: int) -> str:
    """Replace text[start:end] by its masked form (how masked context lines show a value)."""
    return text[:start] + masked(text[start:end]) + text[end:]
