"""Follow-ups to a sweep of 34 Debian documentation packages (django, postgresql, apache2, git, flask,
sqlalchemy, cryptography, docker, postfix, openstack clients, …; 8,717 files): an SQL account whose
password repeats its name, and a number that runs on into an HTML code block's closing tags. Each class
has a synthetic line written here and, in the same place, a credential that must still be shown."""

from __future__ import annotations

import pytest

from tests.loops.test_fp_corpus_classes import hidden, outcomes
from tests.support.tokens import high_entropy


@pytest.mark.parametrize("line", ["--   CREATE USER blog WITH PASSWORD 'blog';",
                                  "CREATE ROLE reporter WITH LOGIN PASSWORD 'reporter';"])
def test_an_sql_account_whose_password_repeats_its_name_in_docs_is_an_example(line: str) -> None:
    assert hidden(line + "\n", "examples/blog/schema.sql")


def test_an_sql_accounts_random_password_in_docs_goes_to_a_person() -> None:
    assert outcomes(f"CREATE ROLE miriam WITH LOGIN PASSWORD '{high_entropy(seed=2901, length=14)}';\n",
                    "docs/sql-createrole.sql") == ["pending"]


def test_a_number_before_closing_tags_is_a_number() -> None:
    page = '<pre><code>[bundle "daily"]\n    creationToken = 1644442601</code></pre>\n'
    assert hidden(page, "doc/git-doc/technical/bundle-uri.html")


def test_a_random_token_before_closing_tags_is_weighed() -> None:
    page = f"<pre><code>[auth]\n    token = {high_entropy(seed=2902, length=24)}</code></pre>\n"
    assert outcomes(page, "doc/setup.html") == ["pending"]


def test_an_anonymous_ftp_logins_email_password_is_a_courtesy() -> None:
    # (from a sweep of 250 Debian python3-* packages: biomaj3's global.properties)
    assert hidden("port=21\nusername=anonymous\npassword=anonymous@nowhere.com\n", "etc/python3-biomaj3/global.properties")


def test_an_email_shaped_password_of_a_named_account_goes_to_a_person() -> None:
    assert outcomes("username=backup\npassword=ops@acme-corp.net\n", "etc/backup.properties") == ["pending"]
