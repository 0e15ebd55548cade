"""A placeholder word that random letters spell inside a token is chance, not a stand-in.

A random run of 20+ letters and digits holds `tbd` or `todo` in some case now and then (about one
provider token in a thousand, measured by redrawing the rules' examples); a person who writes a
stand-in sets it off with separators or writes it alone.
"""

from __future__ import annotations

import random
import string

import pytest

from secretloop.loops.filters.placeholders import is_placeholder

_ALNUM = string.ascii_letters + string.digits


# Seeded: about one random run in a few thousand reads as English by chance, and a test must not fail by chance.
_R = random.Random(20261206)


def _random(n: int) -> str:
    while True:
        v = "".join(_R.choice(_ALNUM) for _ in range(n))
        if any(c.isdigit() for c in v) and any(c.isupper() for c in v) and any(c.islower() for c in v):
            return v


@pytest.mark.parametrize("word", ["tbd", "TbD", "todo", "FAKE", "fixme", "Sample", "yourk"])
@pytest.mark.parametrize("prefix", ["", "glrt-", "sk_live_"])
def test_word_inside_a_random_run_is_chance(word: str, prefix: str) -> None:
    # digits on both sides: the word is flanked by the token's own characters
    value = prefix + _random(9) + "7" + word + "3" + _random(9)
    assert not is_placeholder(value, f"token = '{value}'", "token", None)


def test_the_phrase_itself_does_not_make_the_run_read_as_english() -> None:
    # drawn by an unseeded run of the test above: "yourk" made the whole run read as English by a hair
    value = "t72e2OFOM7yourk362UdeMQMH"
    assert not is_placeholder(value, f"token = '{value}'", "token", None)


@pytest.mark.parametrize("value", [
    "tbd", "TODO", "todo123", "fake-token", "ghp_TODO_replace_me_later",
    "sk_live_your_key_here", "my_FIXME_token_1234567890abcdef", "replace_me_with_real_key_0001",
])
def test_stand_ins_set_off_or_alone_stay_placeholders(value: str) -> None:
    assert is_placeholder(value, f"token = '{value}'", "token", None)


def test_a_short_run_is_not_random_enough_to_excuse_the_word() -> None:
    # "x1tbd2": six characters; a person's shorthand as likely as chance
    assert is_placeholder("x1tbd2", "password = 'x1tbd2'", "password", None)
