"""False alarms that third-party library code raises (docstrings, style tables, regex
sources, crypto self-tests, README badges): each filter or signal that settles one kind, on
synthetic lines of that shape, and a real-looking leak of the same shape that it must leave
alone. Every value here is made up (random characters from tests/support/tokens.py)."""

from __future__ import annotations

import asyncio
import random
import string

import pytest

from secretloop.loops.filters import FILTERS_BY_NAME, Surroundings, english_like, run_filters
from secretloop.loops.judges.base import JudgeRequest
from secretloop.loops.judges.offline import OfflineJudge, features_of, production_credential
from secretloop.loops.phases.filter import classify
from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.scanner import Scanner
from tests.support.tokens import high_entropy, random_password

CATALOGUE = load_catalogue()
SCANNER = Scanner(CATALOGUE)


def hit(name: str, value: str, line: str, key: str | None, language: str | None = "python") -> bool:
    return FILTERS_BY_NAME[name].check(value, line, key, language)


def statuses(text: str, path: str) -> list[tuple[str, str]]:
    """(rule, filter-phase status) of every candidate the scanner finds in text."""
    return [(c.rule_id, classify(c, None).status) for c in SCANNER.scan_text(text, 0, path)]


def verdicts(text: str, path: str) -> list[str]:
    out = []
    for c in SCANNER.scan_text(text, 0, path):
        if classify(c, None).status != "uncertain":
            out.append(classify(c, None).status)
            continue
        req = JudgeRequest.from_candidate(c, CATALOGUE.get(c.rule_id).description)
        out.append(asyncio.run(OfflineJudge().judge([req]))[0][0].verdict)
    return out


def hex_key(seed: int, length: int = 32) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice("0123456789abcdef") for _ in range(length))


# --- "pass X=..." in prose: the name assigned is the word before the operator -------------------

@pytest.mark.parametrize("line,key,value", [
    ("'it, pass features=\"xml\" into the constructor.'", "pass", "xml"),
    ('"in a future version. Pass engine=\'calamine\' (or set "', "Pass", "calamine"),
    ("    implementing a client, pass :data:`mod.CLIENT`. If", "pass", "mod.CLIENT"),
])
def test_a_verb_pass_before_another_name_is_not_a_password(line: str, key: str, value: str) -> None:
    assert hit("key_not_the_name_assigned", value, line, key)


@pytest.mark.parametrize("line,key", [
    ('var dbPassword string = "{v}"', "dbPassword"),  # Go: a type between the name and the value
    ('password: str = "{v}"', "password"),
    ("val password: String = \"{v}\"", "password"),
    ('db_password = "{v}"', "db_password"),
    ('{{"password": "{v}"}}', "password"),
    ("login(user, pass='{v}')", "pass"),
])
def test_typed_and_plain_assignments_keep_their_name(line: str, key: str) -> None:
    v = random_password(seed=11)
    assert not hit("key_not_the_name_assigned", v, line.format(v=v), key)


def test_a_typed_go_password_is_still_reported() -> None:
    v = random_password(seed=12, length=14)
    assert ("password-assignment", "uncertain") in statuses(f'var dbPassword string = "{v}"\n', "svc/db.go")


# --- PWD is the shell's working directory ------------------------------------------------------

@pytest.mark.parametrize("line,key,value", [
    ("env = update_environment(PWD='/tmp')", "PWD", "/tmp"),
    ('OLDPWD="/home/build/src"', "OLDPWD", "/home/build/src"),
])
def test_the_working_directory_variable_is_not_a_password(line: str, key: str, value: str) -> None:
    assert hit("working_directory_variable", value, line, key)


def test_a_password_under_pwd_is_kept() -> None:
    v = random_password(seed=13, length=12)
    assert not hit("working_directory_variable", v, f'PWD="{v}"', "PWD")
    assert not hit("working_directory_variable", "/tmp", 'DB_PWD="/tmp"', "DB_PWD")


# --- colours in style tables --------------------------------------------------------------------

@pytest.mark.parametrize("value", ["#976806", "#08547A", "#fff", "#0a0b", "#11223344"])
def test_colours_are_not_secrets(value: str) -> None:
    assert hit("color_value", value, f'    Token.Number: "{value}",', "Token.Number")
    assert ("secret-assignment", "uncertain") not in statuses(f'    Token.Number: "{value}",\n', "pkg/styles/x.py")


@pytest.mark.parametrize("value", ["#" + high_entropy(seed=14, length=6), "976806ab", "#" + hex_key(15, 16)])
def test_values_that_are_no_colour_are_kept(value: str) -> None:
    assert not hit("color_value", value, f'token = "{value}"', "token")


# --- regular-expression source ------------------------------------------------------------------

@pytest.mark.parametrize("value,line", [
    ("(?:secret[-_]?(?:access)?[-_]?key)", "password_keyword = r'(?:secret[-_]?(?:access)?[-_]?key)'"),
    ("\\s*((npm_.+)|([A-Fa-f0-9-]{36})).*", "re.compile(r'\\/\\/.+\\/:_authToken=\\s*((npm_.+)|([A-Fa-f0-9-]{36})).*'),"),
    ("[-!#$%&", "token = r\"[-!#$%&'*+.^_`|~0-9a-zA-Z]+\""),  # the value stops at a quote inside the pattern
    ("^[a-z0-9]{32}$", "TOKEN_RE = '^[a-z0-9]{32}$'"),
])
def test_regex_source_is_not_a_secret(value: str, line: str) -> None:
    assert hit("regex_source", value, line, "token")


@pytest.mark.parametrize("seed", range(30))
def test_generated_keys_and_passwords_are_no_regex(seed: int) -> None:
    for v in (high_entropy(seed=seed, length=40), random_password(seed=seed), hex_key(seed, 64)):
        assert not hit("regex_source", v, f'secret = "{v}"', "secret")


def test_a_real_npm_token_is_still_reported() -> None:
    token = "npm_" + high_entropy(seed=16, length=36)
    found = statuses(f"//registry.npmjs.org/:_authToken={token}\n", ".npmrc")
    assert found and all(status != "dismissed" for _, status in found)


# --- tokens of README badges --------------------------------------------------------------------

def test_a_badge_image_token_is_public() -> None:
    t = high_entropy(seed=17, length=10)
    line = f".. |Coverage| image:: https://codecov.io/gh/org/repo/branch/main/graph/badge.svg?token={t}"
    assert hit("badge_image_token", t, line, "token", "restructuredtext")
    line2 = f"[![Build](https://ci.example.com/org/repo.svg?token={t}&branch=main)](https://ci.example.com/org/repo)"
    assert hit("badge_image_token", t, line2, "token", "markdown")


def test_a_token_in_an_api_url_is_kept() -> None:
    t = high_entropy(seed=18, length=24)
    line = f'requests.get("https://api.example.com/v1/items?token={t}&limit=10")'
    assert not hit("badge_image_token", t, line, "token")
    assert any(status != "dismissed" for _, status in statuses(line + "\n", "app/client.py"))


# --- published crypto test vectors --------------------------------------------------------------

def _vector(key: str) -> str:
    return (
        "    def test_aes_128(self):\n"
        f"        key =           '{key}'\n"
        f"        iv =            '{hex_key(21)}'\n"
        f"        plaintext =     '{hex_key(22, 64)}'\n"
        f"        ciphertext =    '{hex_key(23, 64)}'\n"
        "        cipher = AES.new(unhexlify(key), AES.MODE_CBC, unhexlify(iv))\n"
    )


def test_a_hex_key_among_test_vector_parts_in_a_test_is_dismissed() -> None:
    found = statuses(_vector(hex_key(20)), "lib/SelfTest/Cipher/test_CBC.py")
    assert ("key-assignment", "dismissed") in found
    assert all(status == "dismissed" for rule, status in found if rule == "key-assignment")


def test_the_same_lines_outside_tests_are_kept() -> None:
    found = statuses(_vector(hex_key(20)), "app/crypto/settings.py")
    assert ("key-assignment", "uncertain") in found


def test_a_lone_hex_key_in_a_test_is_not_a_test_vector() -> None:
    key = hex_key(24)
    around = Surroundings(lines=("    def test_login(self):", "        client = make_client(url)"), in_test_path=True)
    assert not FILTERS_BY_NAME["crypto_test_vector"].check(key, f"        key = '{key}'", "key", "python", around)
    hits = run_filters(key, f"        key = '{key}'", "key", language="python", surroundings=around)
    assert "crypto_test_vector" not in hits


# --- ordinary words -----------------------------------------------------------------------------

@pytest.mark.parametrize("word", ["blanks", "features", "letters", "horses", "engine", "settings", "worked"])
def test_ordinary_words_read_as_english(word: str) -> None:
    assert english_like(word)


def test_random_lower_case_letters_rarely_read_as_english() -> None:
    rng = random.Random(5)
    values = ["".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(6, 12))) for _ in range(2000)]
    assert sum(english_like(v) for v in values) < 0.06 * len(values)


def test_a_word_under_a_token_name_in_code_is_dismissed() -> None:
    # A parser's token, not a credential: no floor for names that only say token.
    # (eight letters or more: a shorter value under a token's name is no key at all, too_short_for_a_key)
    assert verdicts('            token = "linebreaks"\n', "pkg/worksheet.py") == ["not_secret"]
    assert verdicts('    token_variants = ["+x1-not-inline", "+x1-inline"]\n', "pkg/lexers/fiction.py")[0] == "not_secret"


@pytest.mark.parametrize("text", ['db_password = "sunshine2024"\n', 'SECRET_KEY = "springtime99"\n'])
def test_word_made_passwords_and_secrets_in_production_code_still_reach_a_person(text: str) -> None:
    assert verdicts(text, "app/settings.py")[0] in ("secret", "unsure")


def test_a_membership_test_of_names_is_a_comparison() -> None:
    found = SCANNER.scan_text('    if key not in ("authorization", "headers"):\n', 0, "pkg/runner.py")
    assert found
    for c in found:
        req = JudgeRequest.from_candidate(c, CATALOGUE.get(c.rule_id).description)
        assert features_of(req)["ctx_comparison"] == 1.0
        assert not production_credential(features_of(req), c.features.key_name)
