"""char_classes: the fast ASCII path gives the same signature as str's own classes."""

import random

import pytest

from secretloop.loops.redact import char_classes


def _by_str_methods(value: str) -> str:
    sig = "".join(flag for flag, test in (("A", str.isupper), ("a", str.islower), ("1", str.isdigit))
                  if any(test(c) for c in value))
    if any(not c.isalnum() for c in value):
        sig += "+"
    return sig or "-"


@pytest.mark.parametrize("value, expected", [
    ("", "-"), ("abc", "a"), ("ABC", "A"), ("123", "1"), ("a-b", "a+"), ("Ab1!", "Aa1+"),
    ("Ünïcødé٣", "Aa1"), ("日本", "-"),  # CJK letters: no case, no digit, yet alphanumeric
])
def test_signatures(value, expected):
    assert char_classes(value) == expected


def test_matches_str_methods_on_mixed_text():
    rng = random.Random(7)
    alphabet = "".join(map(chr, range(32, 127))) + "éßÄ٣ǅ日\t"
    for _ in range(5000):
        value = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 24)))
        assert char_classes(value) == _by_str_methods(value)
