"""Follow-ups of red-team set 38 (documentation and examples): a provider's prefix that spells a credential word,
base64 of a fixture word, the digest of a password everyone knows, a token cut short with an ellipsis. Values
are drawn at run time; failures name the file and the statuses, never the value."""

from __future__ import annotations

import base64
import hashlib
import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import outcomes
from tests.support.filter_checks import check_filter

_R = random.Random(38_0001)


def _alnum(n: int) -> str:
    return "".join(_R.choice(string.ascii_letters + string.digits) for _ in range(n))


def _expect(ok: bool, what: str) -> None:
    __tracebackhide__ = True
    if not ok:
        pytest.fail(what)


def test_a_providers_prefix_spells_no_stand_in() -> None:
    text = f"| Notion | wiki-sync | `secret_{_alnum(43)}` |\n"
    statuses = outcomes(text, "docs/howto/service-accounts.md")
    _expect(bool(statuses) and all(s != "dismissed" for s in statuses), f"docs table: {statuses}")


@pytest.mark.parametrize("word", ["test", "secret", "changeme", "admin"])
def test_base64_of_a_fixture_word(word: str) -> None:
    value = base64.b64encode(word.encode()).decode()
    _expect(check_filter("base64_of_stand_in", value, f"  password: {value}", "password", "yaml"),
            f"expected: base64 of {word!r} is a stand-in")


def test_base64_of_a_password_is_not_a_fixture_word() -> None:
    value = base64.b64encode(_alnum(14).encode()).decode()
    _expect(not check_filter("base64_of_stand_in", value, f"  password: {value}", "password", "yaml"), "a real one")


@pytest.mark.parametrize("algorithm", ["md5", "sha1", "sha256"])
def test_the_digest_of_a_password_everyone_knows(algorithm: str) -> None:
    digest = hashlib.new(algorithm, b"password").hexdigest()
    _expect(check_filter("digest_of_a_common_password", digest, f"SHA of `password`: `{digest}`", None, "markdown"),
            "expected: digest_of_a_common_password")
    other = hashlib.new(algorithm, _alnum(12).encode()).hexdigest()
    _expect(not check_filter("digest_of_a_common_password", other, f'password = "{other}"', "password", "python"),
            "a digest of a drawn value")


def test_a_token_cut_short_with_an_ellipsis() -> None:
    value = "ghp_" + _alnum(36)
    _expect(check_filter("masked", value, f"export GITHUB_TOKEN={value}...", "GITHUB_TOKEN", "shell"),
            "expected: masked for a value the line cuts short")
    _expect(not check_filter("masked", value, f"export GITHUB_TOKEN={value}", "GITHUB_TOKEN", "shell"),
            "a whole value is not masked")


def test_a_table_row_names_the_password_after_other_cells() -> None:
    from tests.loops.test_fp_corpus_classes import SCANNER
    value = _alnum(10) + "#" + _alnum(3)
    text = f"| Where | Kind | Value |\n|---|---|---|\n| helm values | Grafana admin password | `{value}` |\n"
    rules = [c.rule_id for c in SCANNER.scan_text(text, 0, "wiki/incidents/leak.md")]
    _expect(rules == ["markdown-table-credential-row"], f"rules: {rules}")
    option = "| Option | Description | Default |\n|---|---|---|\n| `db.password` | the database password | `none` |\n"
    _expect(not SCANNER.scan_text(option, 0, "docs/options.md"), "an option table is not read")
