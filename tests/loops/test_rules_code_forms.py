"""Assignments the operator-based rules do not read: a Lisp or CMake form that binds a name without an operator,
and a value a formatter moved to the line after its name (Prettier, google-java-format, a `\\` continuation).
Each is found by its rule and shown after the filters and the offline judge; references, empty values, words
and sentences in the same forms are not shown; a scan's report never carries a value. Values are random, made
here; assertion messages name rules and paths, never values (PYTEST_DONT_REWRITE)."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest

from tests.loops.test_fp_corpus_classes import shown
from tests.support.cli_scan import require_planted_files_shown_and_not_carried
from tests.support.rule_cases import require_case_found_and_shown, rule_hits
from tests.support.tokens import random_chars

_R = random.Random(3131)
_ALNUM = string.ascii_letters + string.digits
_CONS, _VOW = "bcdfghjklmnprstvwz", "aeiou"


def _token() -> str:
    return random_chars(_R, _R.randrange(20, 41), _ALNUM + "-_")


def _password() -> str:
    word = "".join(_R.choice(_CONS) + _R.choice(_VOW) for _ in range(3))
    return word.capitalize() + random_chars(_R, 4, string.digits) + _R.choice("_-!") + random_chars(_R, 2, string.ascii_lowercase)



LISP = "lisp-or-cmake-form-secret"
NEXT = "assignment-value-on-next-line"
# (rule, path, text with {v}, value maker)
CASES = [
    (LISP, "src/acme/config.clj", "(ns acme.config)\n\n(def api-key \"{v}\")\n", _token),
    (LISP, "src/acme/db.clj", "(defonce db-password \"{v}\")\n", _password),
    (LISP, "src/settings.lisp", "(defparameter *smtp-password* \"{v}\")\n", _password),
    (LISP, "lisp/init-mail.el", "(setq smtpmail-auth-token \"{v}\")\n", _token),
    (LISP, "app/secrets.rkt", "#lang racket\n(define api-token \"{v}\")\n", _token),
    (LISP, "CMakeLists.txt", "project(acme)\nset(UPLOAD_API_SECRET \"{v}\")\n", _token),
    (LISP, "cmake/upload.cmake", "set(ENV{CONAN_PASSWORD} \"{v}\")\n", _password),
    (NEXT, "web/src/api.ts", "export const apiToken =\n  \"{v}\";\n", _token),
    (NEXT, "app/src/main/java/acme/Db.java",
     "class Db {\n    private static final String PASSWORD =\n            \"{v}\";\n}\n", _password),
    (NEXT, "acme/local.py", "DB_PASSWORD = \\\n    \"{v}\"\n", _password),
    (NEXT, "config/settings.json", "{\n  \"db\": {\n    \"password\":\n      \"{v}\"\n  }\n}\n", _password),
    (NEXT, "web/src/client.js", "const client = new Client({\n  secretKey:\n    '{v}',\n});\n", _token),
]


@pytest.mark.parametrize("rule_id,path,template,make", CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_each_form_finds_its_value_and_the_pipeline_shows_it(rule_id, path, template, make) -> None:
    require_case_found_and_shown(rule_hits, rule_id, path, make, lambda value: template.replace("{v}", value))


# (rule, path, text): the same forms holding no secret; either the rule does not take them or they are not shown
NEGATIVES = [
    (LISP, "src/acme/config.clj", "(def api-key (System/getenv \"API_KEY\"))\n"),
    (LISP, "src/acme/config.clj", "(def token-header \"Authorization\")\n"),
    (LISP, "src/settings.lisp", "(defparameter *password* nil)\n"),
    (LISP, "CMakeLists.txt", "set(API_SECRET $ENV{API_SECRET})\n"),
    (LISP, "CMakeLists.txt", "set(TOKEN_FILE \"${CMAKE_BINARY_DIR}/token.txt\")\n"),
    (NEXT, "web/src/api.ts", "export const apiToken =\n  process.env.API_TOKEN;\n"),
    (NEXT, "acme/settings.py", "PASSWORD_HELP = (\n    \"Your password must contain at least eight characters \"\n"
                               "    \"and a digit.\"\n)\n"),
    (NEXT, "plugins/modules/nmcli.py", "SECRET_OPTIONS = (\n    '802-11-wireless-security.leap-password',\n"
                                         "    '802-11-wireless-security.psk',\n)\n"),
    (NEXT, "config/app.yml", "secret:\n  \"name\": \"value\"\n"),
    (NEXT, "web/src/api.ts", "const token =\n  \"${TOKEN}\";\n"),
    (NEXT, "web/src/i18n.ts", "const passwordLabel =\n  \"passwordResetLinkExpired\";\n"),
]


@pytest.mark.parametrize("rule_id,path,text", NEGATIVES, ids=[f"{n[0]}:{n[1]}:{i}" for i, n in enumerate(NEGATIVES)])
def test_references_and_words_in_those_forms_are_not_shown(rule_id: str, path: str, text: str) -> None:
    assert not (rule_hits(rule_id, text, path) and shown(text, path)), f"{rule_id}: shows a non-secret in {path}"


def test_a_value_on_the_next_statement_is_not_taken_for_the_name() -> None:
    # the name's line ends its own statement: the quoted text below belongs to something else
    text = "const apiToken = getToken();\nconst label =\n  \"Xk3mV9qL2wTz8RbN5yHc\";\n"
    assert not rule_hits(NEXT, text, "web/src/api.ts"), "took the next statement's literal"


def test_a_scan_shows_every_planted_value_and_never_carries_one(tmp_path: Path) -> None:
    files = {}
    for index, (rule_id, path, template, make) in enumerate(CASES):
        value = make()
        files[f"case{index:02d}/{path}"] = (template.replace("{v}", value), value)
    require_planted_files_shown_and_not_carried(tmp_path / "repo", tmp_path, files)
