"""A keyboard shortcut under a name that starts like a credential's (`secret: 'Alt+Shift+K'` in a keymap,
`secret_panel = "ctrl+shift+s"` under [keybindings]) is dismissed by the key_chord filter, which red-team set 33
found missing; a random value, or one that only starts with a modifier's letters, is not."""

from __future__ import annotations

import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import outcomes
from tests.support.filter_checks import check_filter
from tests.support.tokens import random_chars


@pytest.mark.parametrize("chord", ["Alt+Shift+K", "ctrl+shift+s", "Ctrl-Alt-Delete", "Cmd+Option+F12", "CmdOrCtrl+Shift+/",
                                   "Meta+Enter", "ctrl + alt + t"])
def test_a_key_chord_is_dismissed(chord: str) -> None:
    assert check_filter("key_chord", chord, f'  secret: "{chord}",', "secret", "typescript"), chord


def test_values_that_are_no_chord_are_kept() -> None:
    rng = random.Random(33)
    for _ in range(200):
        value = random_chars(rng, 20, string.ascii_letters + string.digits + "+-")
        assert not check_filter("key_chord", value, f'secret = "{value}"', "secret", "python"), "a random value taken for a chord"
    for value in ("Alt+", "Shift+Kx9Lm2Qw7", "altpassword1", "ctrl+shift+s+extra+keys+here"):
        assert not check_filter("key_chord", value, f'secret = "{value}"', "secret", "python"), value


def test_a_keymap_setting_is_not_shown_through_the_pipeline() -> None:
    text = "[keybindings]\nsecret_panel = \"ctrl+shift+s\"\ntoggle = \"ctrl+t\"\n"
    assert all(s == "dismissed" for s in outcomes(text, "config/prod.toml")), outcomes(text, "config/prod.toml")
