"""Follow-ups of red-team set 37 (databases, caches and queues): an ODBC password quoted in braces, a default
account whose password repeats a prefixed user name or a .pgpass user, Redis's requirepass and masterauth.
Values are drawn at run time; failures name the file and the statuses, never the value."""

from __future__ import annotations

import random

import pytest

from secretloop.loops.filters import Surroundings
from tests.loops.test_fp_corpus_classes import hit, outcomes
from tests.support.filter_checks import check_filter
from tests.support.tokens import random_chars

_R = random.Random(37_0001)


def _expect(ok: bool, what: str) -> None:
    __tracebackhide__ = True
    if not ok:
        pytest.fail(what)


def test_an_odbc_password_in_braces_is_quoting_not_a_template() -> None:
    value = "{" + random_chars(_R, 14) + ";" + random_chars(_R, 4) + "}"
    line = f"Driver={{ODBC Driver 18 for SQL Server}};Server=db.internal;Uid=app;Pwd={value};"
    _expect(not hit("templated", value, line, "Pwd", None), "expected: no templated for a braced ODBC value")
    # a format string's field in the same place is still a template
    _expect(hit("templated", "{0}", 'var cs = String.Format("Server=db;Uid=app;Password={0};", pw);', "Password",
                "csharp"), "expected: templated for {0}")
    _expect(hit("templated", "{db_password}", "Server=db;Uid=app;Pwd={db_password};", "Pwd", None),
            "expected: templated for {db_password}")


def test_a_default_account_whose_password_repeats_its_user() -> None:
    _expect(check_filter("password_equals_user", "postgres", "      POSTGRES_PASSWORD: postgres", "POSTGRES_PASSWORD",
                         "yaml", Surroundings(lines=("      POSTGRES_USER: postgres", "      POSTGRES_PASSWORD: postgres"))),
            "expected: password_equals_user with a prefixed user key")
    _expect(check_filter("password_equals_user", "postgres", "localhost:5432:*:postgres:postgres", None, "text"),
            "expected: password_equals_user on a .pgpass line")
    value = random_chars(_R, 16)
    _expect(not check_filter("password_equals_user", value, f"db.internal:5432:app:app:{value}", None, "text"),
            "expected: a .pgpass password apart from its user is no default")
    _expect(outcomes(f"db.internal:5432:app:app:{value}\n", ".pgpass") != ["dismissed"], "a real .pgpass line is shown")


@pytest.mark.parametrize("template, path", [
    ("redis_requirepass: {v}\n", "group_vars/cache.yml"),
    ("masterauth {v}\n", "conf/redis.conf"),
])
def test_redis_passwords_by_their_own_names(template: str, path: str) -> None:
    statuses = outcomes(template.format(v=random_chars(_R, 20)), path)
    _expect(bool(statuses) and all(s != "dismissed" for s in statuses), f"{path}: {statuses}")
