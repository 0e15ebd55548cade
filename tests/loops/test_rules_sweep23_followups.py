"""Follow-ups of the false-alarm sweep over PyPI and npm SDK packages (sweep 23).

Names in code taken for values by the config-line and pair rules, Braintree's `<token>` ids
taken for credentials, and an API model's documentation strings in JSON. Values that could
look like secrets are drawn at run time; messages never print them.
"""

from __future__ import annotations

import json
import random
import string

import pytest

from secretloop.loops.detect import Detector
from secretloop.loops.features import build_features, in_json_doc_member
from secretloop.loops.rules.catalogue import load_catalogue

DETECTOR = Detector(load_catalogue())
_ALNUM = string.ascii_letters + string.digits
_R = random.Random(20261206)  # seeded: a run never fails by the draw alone


def _random(n: int) -> str:
    """A random value with an upper-case letter, a lower-case letter and a digit."""
    while True:
        v = "".join(_R.choice(_ALNUM) for _ in range(n))
        if any(c.isupper() for c in v) and any(c.islower() for c in v) and any(c.isdigit() for c in v):
            return v


def _matched(rule_id: str, text: str) -> bool:
    return bool(DETECTOR.run_rule(rule_id, text))


# 1. An unquoted word followed by a comma is a keyword argument or an object member; a `;` may
# end a cookie in a YAML list, so it stays.

@pytest.mark.parametrize("template", [
    "API_TOKEN={v}",
    "  client_secret: {v}",
    "export SERVICE_TOKEN={v}",
    "ENV API_TOKEN {v}",
    "          - app-auth.sid={v};",
    "Environment=\"GITLAB_TOKEN={v}\"",
])
def test_secret_config_line_still_takes_config_values(template: str) -> None:
    assert _matched("secret-in-config-line", template.format(v=_random(24))), template


@pytest.mark.parametrize("template", [
    "        credential={v},",
    "    authToken: {v},",
    '    "session_token": {v},',
])
def test_secret_config_line_skips_a_word_that_code_punctuation_ends(template: str) -> None:
    assert not _matched("secret-in-config-line", template.format(v=_random(24))), template


@pytest.mark.parametrize("template", [
    "DB_PASSWORD={v}",
    "  password: {v}",
    "\tpassword \"{v}\";",
    "ENV POSTGRES_PASSWORD {v}",
])
def test_password_config_line_still_takes_config_values(template: str) -> None:
    assert _matched("password-in-config-line", template.format(v=_random(14))), template


@pytest.mark.parametrize("template", [
    "        password={v},",
    "    dbPassword: {v},",
])
def test_password_config_line_skips_a_word_that_code_punctuation_ends(template: str) -> None:
    assert not _matched("password-in-config-line", template.format(v=_random(14))), template


# 2. credential-pair: a tuple of two attribute names.

def test_credential_pair_skips_a_pair_of_snake_case_names() -> None:
    assert not _matched("credential-pair", '    optional=("shared_secret", "protected_branch_ids")')
    assert not _matched("credential-pair", "attrs = ('api_token', 'merge_requests_events')")


@pytest.mark.parametrize("value", [
    lambda: _random(18),
    lambda: "".join(_R.choice(string.ascii_lowercase) for _ in range(6)) + "_" + str(_R.randrange(9000) + 1000),
    lambda: "".join(_R.choice(string.ascii_lowercase) for _ in range(12)),
])
def test_credential_pair_keeps_values(value) -> None:
    v = value()
    assert _matched("credential-pair", f'os.environ.setdefault("DB_PASSWORD", "{v}")')


# 3. A bare <token> holds record ids in API responses; a long random one is still taken.

def test_bare_token_element_with_a_short_id_is_no_finding() -> None:
    short = "".join(_R.choice(string.ascii_lowercase + string.digits) for _ in range(7))
    text = f"<credit-card><token>{short}</token><default>true</default></credit-card>"
    assert DETECTOR.find(text, "responses/payment_method.xml") == []


def test_credential_named_token_element_is_still_taken() -> None:
    for name in ("accessToken", "auth-token", "session_token"):
        assert _matched("password-xml-element", f"<{name}>{_random(16)}</{name}>"), name
    assert not _matched("password-xml-element", f"<token>{_random(32)}</token>")


def test_long_random_bare_token_is_taken_by_its_own_rule() -> None:
    assert _matched("token-xml-element", f"<login><token>{_random(40)}</token></login>")
    assert not _matched("token-xml-element", f"<token>{_random(12)}</token>")
    assert not _matched("token-xml-element", "<token>" + "ab" * 20 + "</token>")  # not random


# 4. A JSON member named "documentation" or "description" is text for people.

def _json_doc_features(line: str, value: str, path: str = "botocore/data/svc/2020-01-01/service-2.json"):
    text = '{\n  "shapes": {\n' + line + "\n  }\n}\n"
    start = text.index(value)
    return build_features(value, text, start, start + len(value), path, "low", key_name="password")


def test_value_in_a_documentation_member_is_in_doc() -> None:
    v = _random(14)
    line = '      "documentation":"<p>The new password, for example <code>password=' + v + '</code>.</p>",'
    f = _json_doc_features(line, v)
    assert f.in_comment
    assert v not in json.dumps(f.model_dump())


def test_value_in_a_description_member_is_in_doc() -> None:
    v = _random(14)
    line = '    "description": "Sets the \\"password\\" (say ' + v + ') of the user",'
    assert _json_doc_features(line, v).in_comment


def test_member_after_a_description_on_the_same_line_is_not_in_doc() -> None:
    v = _random(14)
    line = '    "description": "the account", "password": "' + v + '"'
    assert not _json_doc_features(line, v).in_comment


def test_documentation_member_outside_json_is_not_in_doc() -> None:
    v = _random(14)
    line = '      "documentation":"password=' + v + '",'
    assert not _json_doc_features(line, v, path="src/models.py").in_comment


@pytest.mark.parametrize("line,expected", [
    ('"documentation":"a b c', True),
    ('"description" : "escaped \\" quote, still inside', True),
    ('"description":{"type":"string", "x', False),  # an object, not a string
    ('"description":"closed", "x', False),
    ('"descriptions":"x', False),
    ('"title":"x', False),
])
def test_in_json_doc_member(line: str, expected: bool) -> None:
    assert in_json_doc_member(line, len(line)) is expected
