"""Follow-ups of red-team set 41 (logs, transcripts and captured output): a password after `with password` in
a log line, and logfmt fields that open a parenthesis, run past 128 characters or end at an escaped line
break. Values are drawn at run time; failures name the file and the statuses, never the value."""

from __future__ import annotations

import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown
from tests.support.rule_cases import rule_hits

_R = random.Random(41_0001)


def _alnum(n: int) -> str:
    return "".join(_R.choice(string.ascii_lowercase + string.digits) for _ in range(n - 2)) + "Q7"


def _hex(n: int) -> str:
    return "".join(_R.choice("0123456789abcdef") for _ in range(n))


@pytest.mark.parametrize("template", [
    "2024-11-21 10:00:00 INFO provision: created ftp user 'uploads' with password {v}\n",
    "2024-11-21 10:00:03 DEBUG ldap: bind cn=admin,dc=acme,dc=io with password '{v}'\n",
    "Log in to the kiosk using the password `{v}`.\n",
])
def test_a_password_after_with_password_is_shown(template: str) -> None:
    require_shown(template.format(v=_alnum(12) + "#"), "support/provision.log")


@pytest.mark.parametrize("line", [
    "Protect the archive with password protection enabled.\n",
    "mysql -u root with password $MYSQL_ROOT_PASSWORD\n",
    "log in with password <your-password>\n",
])
def test_with_password_without_a_value_is_quiet(line: str) -> None:
    assert not_shown(line, "docs/notes.md"), outcomes(line, "docs/notes.md")


def test_a_logfmt_field_opening_a_parenthesis_and_longer_than_128() -> None:
    value = _hex(128)
    line = f"E, [2024-11-21T10:06:00] ERROR -- : ArgumentError (secret_key_base={value} is not a valid key length)\n"
    assert any(value in h for h in rule_hits("logfmt-secret-pair", line, "log/production.log"))
    require_shown(line, "log/production.log")


def test_a_logfmt_field_ending_at_an_escaped_line_break() -> None:
    value = _alnum(24)
    line = f'[3.5, "o", "vault login -method=userpass username=ops password={value}\\r\\n"]\n'
    assert any(h == value for h in rule_hits("logfmt-secret-pair", line, "talks/demo.cast"))


@pytest.mark.parametrize("template", [
    "set-cookie: __Host-auth={v}; Path=/; Secure; HttpOnly\n",
    "< Set-Cookie: remember_user_token={v}; path=/; HttpOnly\n",
    "> Cookie: theme=dark; auth_token={v}\n",
])
def test_an_auth_cookie_in_a_captured_header_is_shown(template: str) -> None:
    require_shown(template.format(v=_alnum(32)), "captures/response-headers.txt")


def test_a_cleared_auth_cookie_is_quiet() -> None:
    line = "Set-Cookie: auth_token=deleted; expires=Thu, 01 Jan 1970 00:00:00 GMT\n"
    assert not_shown(line, "captures/response-headers.txt"), outcomes(line, "captures/response-headers.txt")


def test_a_password_literal_hashed_in_a_jinja_expression_is_shown() -> None:
    value = _alnum(12) + "#"
    text = ("- name: deploy user\n  ansible.builtin.user:\n    name: deploy\n"
            f"    password: \"{{{{ '{value}' | password_hash('sha512') }}}}\"\n")
    assert "confirmed" in outcomes(text, "roles/app/tasks/main.yml")
    vaulted = text.replace(f"'{value}'", "vault_deploy_password")
    assert not_shown(vaulted, "roles/app/tasks/main.yml")
