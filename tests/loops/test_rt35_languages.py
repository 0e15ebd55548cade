"""Follow-ups of red-team set 35 (languages and ecosystems scanners see less often): macro names as the
assignment rules know them, a password inside an Elixir URL string, a Yesod default made of random letters,
an ASP.NET digest under passwordFormat="SHA1", and names set by a command word (Tcl, nginx, CMake, Lisp,
Racket). Each class has a synthetic case and, beside it, what must still be shown or hidden. Values are drawn
at run time; failures name the file and the statuses, never the value."""

from __future__ import annotations

import hashlib
import random

import pytest

from secretloop.loops.filters import Surroundings
from secretloop.loops.filters.word_shapes import english_like, wordlike
from tests.loops.test_fp_corpus_classes import hit, outcomes, require_shown
from tests.support.filter_checks import check_filter
from tests.support.tokens import random_chars

_R = random.Random(35_0001)


def _expect(ok: bool, what: str) -> None:
    __tracebackhide__ = True
    if not ok:
        pytest.fail(what)


def _shown(text: str, path: str) -> bool:
    return any(s != "dismissed" for s in outcomes(text, path))


def _password() -> str:
    return random_chars(_R, 10) + "#" + str(_R.randint(10, 99))


def test_macros_know_the_names_the_assignment_rules_know() -> None:
    _expect(_shown(f'-define(SIGNING_KEY, <<"{random_chars(_R, 32)}">>).\n', "src/relay_auth.erl"), "erlang -define")
    _expect(_shown(f'#define PARSE_CLIENT_KEY @"{random_chars(_R, 40)}"\n', "Constants.m"), "#define CLIENT_KEY")
    _expect(not _shown('#define API_KEY_HEADER "X-Api-Key"\n', "config.h"), "a header's name is no key")


def test_a_capitalised_password_inside_an_elixir_url_is_no_variable() -> None:
    password = "P" + random_chars(_R, 23)
    line = f'  url: System.get_env("REDIS_URL", "redis://:{password}@redis.internal:6379/0")'
    _expect(not hit("erlang_variable", password, line, None, "elixir"), "expected: no erlang_variable inside a string")
    # a bound variable where a value would be stays one
    _expect(hit("erlang_variable", "AuthState1", "  auth_state = AuthState1}}", "auth_state", "erlang"),
            "expected: erlang_variable for a bare variable")


def test_a_yesod_default_of_random_letters_is_a_password() -> None:
    # random lower-case letters often have a word's share of vowels: draw one that does (the old reading,
    # wordlike, took it for words) and check that its letter pairs are what now decides
    while True:
        default = "".join(_R.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6)) + "Q" + \
            "".join(_R.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(4)) + "_"
        if wordlike(default) and not english_like(default):
            break
    value = f"_env:YESOD_PGPASS:{default}"
    _expect(not check_filter("env_reference", value, f'  password: "{value}"', "password", "yaml"),
            "expected: a random default is no reference")
    _expect(check_filter("env_reference", "_env:YESOD_PGPASS:yesod", '  password: "_env:YESOD_PGPASS:yesod"',
                         "password", "yaml"), "expected: a worded default is a development stand-in")


def test_a_digest_where_the_configuration_declares_hashed_passwords() -> None:
    digest = hashlib.sha1(_password().encode()).hexdigest().upper()
    line = f'          <user name="admin" password="{digest}" />'
    around = Surroundings(lines=('      <forms loginUrl="login.aspx">', '        <credentials passwordFormat="SHA1">', line))
    _expect(check_filter("digest_by_declared_format", digest, line, "password", "xml", around),
            "expected: digest_by_declared_format")
    # the same hex without the declaration, and a clear password under it, stay
    _expect(not check_filter("digest_by_declared_format", digest, line, "password", "xml", Surroundings(lines=(line,))),
            "expected: no declaration, no dismissal")
    clear = _password()
    _expect(not check_filter("digest_by_declared_format", clear, line.replace(digest, clear), "password", "xml", around),
            "expected: a clear password is not a digest")


@pytest.mark.parametrize("template, path", [
    ('set ::config(db_pass) "{v}"\n', "netmon.tcl"),
    ('    set $jwt_secret "{v}";\n', "conf/nginx.conf"),
    ('set(API_KEY "{v}")\n', "CMakeLists.txt"),
    ('(defparameter *api-key* "{v}")\n', "src/config.lisp"),
    ('(define api-token "{v}")\n', "config.rkt"),
    ('  (db-connect #:user "backup"\n              #:password "{v}"))\n', "config.rkt"),
    ('set password "{v}"\nspawn ssh admin@host\n', "login.exp"),
])
def test_a_name_set_by_a_command_word(template: str, path: str) -> None:
    require_shown(template.format(v=random_chars(_R, 24)), path)


@pytest.mark.parametrize("template, path", [
    ('val creds = Credentials("ledger-sync", "{v}")\n', "app/services/PaymentClient.scala"),
    ('const MINIO = Credentials("gauge-uploader", "{v}")\n', "src/config.jl"),
    ('httr::GET(url, httr::authenticate("epidash", "{v}"))\n', "R/api.R"),
    ('(define backup-creds (credentials "backup" "{v}"))\n', "config.rkt"),
    ('  {{upstream_auth, {{basic, "relay", "{v}"}}}},\n', "config/sys.config"),
])
def test_a_user_and_password_given_by_position_to_a_credentials_call(template: str, path: str) -> None:
    require_shown(template.format(v=_password()), path)


def test_a_login_call_with_a_stand_in_or_a_variable_is_not_shown() -> None:
    _expect(not _shown('client.login("admin", "admin")\n', "tests/test_login.py"), "a stand-in pair")
    _expect(not _shown('Credentials("realm", passwordFromVault)\n', "build.sbt"), "a variable")
