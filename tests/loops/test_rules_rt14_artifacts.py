"""Rules for secrets leaked into text artifacts (logs, dumps, history, HTTP files), on whole files.

The rules' own examples are single lines (tests/loops/test_rules.py); here each rule meets the
multi-line surroundings it is written for, and the look-alikes around it. Values are synthetic
(tests/support/tokens.py) and assertion messages never print them.
"""

from __future__ import annotations

import random
import string

from tests.support.rule_cases import rule_hits as _hits
from tests.support.tokens import random_chars

RNG = random.Random(1414)


def _pw() -> str:
    while True:
        v = random_chars(RNG, 14, string.ascii_letters + string.digits + "-_")
        if any(c.isdigit() for c in v) and v[0].isalpha():
            return v


def test_sql_dump_rows_under_their_column_names() -> None:
    first, second = _pw(), _pw()
    dump = (
        "LOCK TABLES `users` WRITE;\n"
        f"INSERT INTO `users` (`id`, `login`, `password`, `email`) VALUES (1,'admin','{first}','a@acmecorp.io'),"
        f"(2,'js','{second}','js@acmecorp.io');\n"
    )
    ok = _hits("table-password-column", dump) == [first, second]
    assert ok, "each row's password column, and nothing else"


def test_sql_insert_column_shift_is_not_matched() -> None:
    # a row with fewer values than columns, and a NULL in the password position
    text = "INSERT INTO t (id, login, password) VALUES (1, 'admin');\nINSERT INTO t (a, password) VALUES ('x', NULL);\n"
    n = len(_hits("table-password-column", text))
    assert n == 0, "a missing or NULL value must not be taken"


def test_logfmt_field_in_a_log_but_not_keyword_arguments() -> None:
    pw = _pw()  # seeded: an unseeded password's symbols (&, *) end a logfmt value, one run in a few
    log = (
        "2026-12-02 07:00:12 mx1 mailer[881]: SMTP AUTH PLAIN user=alerts@acmecorp.io pass=" + pw + "\n"
        "conn = psycopg2.connect(host=host, user=user, password=password)\n"
        "client = Client(\n    token=token,\n    password=password\n)\n"
    )
    hits = _hits("logfmt-secret-pair", log)
    found = len(hits) == 1 and pw in hits[0]
    assert found, "the logged field is found, keyword arguments holding variables are not"


def test_ftp_pass_command_not_test_runner_output() -> None:
    pw = _pw()
    text = (
        "Status:\tConnecting to 10.0.4.2:21...\nCommand:\tUSER backup\nCommand:\tPASS " + pw + "\n"
        "PASS  src/login.test.js (5.1 s)\n--- PASS: TestLogin (0.00s)\nPASS\nok  \tacme/auth\t0.01s\n"
    )
    assert len(_hits("ftp-pass-command", text)) == 1


def test_rest_client_file() -> None:
    pw, tok = _pw(), random_chars(RNG, 40)
    text = (
        "@baseUrl = https://api.acmecorp.io\n@token = " + tok + "\n@other = {{$dotenv OTHER}}\n\n"
        "### jenkins\nGET https://jenkins.acmecorp.io/api/json\nAuthorization: Basic jenkins " + pw + "\n\n"
        "### templated\nGET {{baseUrl}}/x\nAuthorization: Basic {{user}} {{password}}\n"
    )
    assert len(_hits("secret-in-config-line", text)) == 1, "the @token file variable"
    assert len(_hits("http-file-basic-auth-pair", text)) == 1, "only the literal user/password pair"


def test_session_field_in_log_is_not_a_cookie() -> None:
    sid = random_chars(RNG, 32, "0123456789abcdef")
    log = f"2026-12-02 14:22:40 INFO login ok user=ops session={sid} ip=10.1.9.77\n"
    in_log = len(_hits("session-cookie", log))
    in_header = len(_hits("session-cookie", f"Cookie: theme=dark; session={random_chars(RNG, 32)}\n"))
    assert in_log == 0 and in_header == 1
