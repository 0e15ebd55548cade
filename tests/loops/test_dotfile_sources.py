"""A dotfiles manager's source files are read as the files they become (chezmoi's private_dot_npmrc is ~/.npmrc),
and reported under their own paths. Values are drawn at run time; failures never print them."""

from __future__ import annotations

import random
import string

import pytest

from secretloop.loops.dotfile_sources import target_name, target_path
from tests.loops.test_fp_corpus_classes import SCANNER, outcomes

_R = random.Random(54_0001)


@pytest.mark.parametrize(("source", "target"), [
    ("private_dot_npmrc", ".npmrc"),
    ("dot_netrc", ".netrc"),
    ("encrypted_private_dot_git-credentials", ".git-credentials"),
    ("executable_dot_envrc.tmpl", ".envrc"),
    ("dot_gitconfig.tmpl", ".gitconfig"),
    # not chezmoi's: an attribute-like prefix without dot_, a bare dot_
    ("private_key.pem", "private_key.pem"),
    ("dot_", "dot_"),
    ("dot_product.tmpl_notes", ".product.tmpl_notes"),
])
def test_target_name(source: str, target: str) -> None:
    assert target_name(source) == target


def test_target_path_reads_every_part() -> None:
    assert target_path("home/private_dot_config/gh/hosts.yml.tmpl") == "home/.config/gh/hosts.yml.tmpl"
    assert target_path("src/app/settings.py") == "src/app/settings.py"


def test_a_chezmoi_npmrc_is_read_as_an_npmrc_and_keeps_its_path() -> None:
    token = "npm_" + "".join(_R.choice(string.ascii_letters + string.digits) for _ in range(36))
    text = f"registry=https://registry.npmjs.org/\n//npm.pkg.github.com/:_authToken={token}\n"
    # as an .npmrc, a line starting // is a setting; as an unknown file it read as a comment (an example's place)
    assert outcomes(text, "dotfiles/private_dot_npmrc") == outcomes(text, "dotfiles/.npmrc") == ["confirmed"]
    assert {c.path for c in SCANNER.scan_text(text, 0, "dotfiles/private_dot_npmrc")} == {"dotfiles/private_dot_npmrc"}
