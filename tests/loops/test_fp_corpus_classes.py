"""False alarms found by scanning third-party packages (HTTP clients, web frameworks, an AWS SDK's
API examples, automation tools): one test per class, on synthetic lines of that shape written
here, and a realistic leak of the same shape that must still be shown. Every value is made up
(random characters from tests/support/tokens.py or typed here)."""

from __future__ import annotations

import asyncio
import base64

import pytest

from secretloop.loops.features import build_features, in_python_doc, is_docs_path, is_test_path, script_language
from secretloop.loops.filters import FILTERS_BY_NAME, Surroundings
from secretloop.loops.judges.base import JudgeRequest
from secretloop.loops.judges.offline import OfflineJudge
from secretloop.loops.phases.filter import classify
from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.scanner import Scanner
from tests.support.tokens import high_entropy, random_password

CATALOGUE = load_catalogue()
SCANNER = Scanner(CATALOGUE)
_SHOWN_AS = {"secret": "confirmed", "unsure": "pending", "not_secret": "dismissed"}


def hit(name: str, value: str, line: str, key: str | None, language: str | None = "python") -> bool:
    return FILTERS_BY_NAME[name].check(value, line, key, language)


def outcomes(text: str, path: str) -> list[str]:
    """The status each candidate found in text ends with: filter phase, then the offline judge."""
    out = []
    for c in SCANNER.scan_text(text, 0, path):
        first = classify(c, None)
        if first.status != "uncertain":
            out.append(first.status)
            continue
        req = JudgeRequest.from_candidate(c, CATALOGUE.get(c.rule_id).description)
        out.append(_SHOWN_AS[asyncio.run(OfflineJudge().judge([req]))[0][0].verdict])
    return out


def shown(text: str, path: str) -> bool:
    statuses = outcomes(text, path)
    return bool(statuses) and all(s in ("confirmed", "pending") for s in statuses)


def require_shown(text: str, path: str) -> None:
    """Fail (naming the file and the statuses, never the value) unless every candidate is shown."""
    __tracebackhide__ = True  # the arguments hold the planted value: keep this frame out of reports
    if not shown(text, path):
        pytest.fail(f"{path}: the planted credential is not shown ({outcomes(text, path)})")


def hidden(text: str, path: str) -> bool:
    statuses = outcomes(text, path)
    return bool(statuses) and all(s == "dismissed" for s in statuses)


def rule_ids(text: str, path: str) -> list[str]:
    """The rules whose candidates the scanner finds in text, in order."""
    return [c.rule_id for c in SCANNER.scan_text(text, 0, path)]


def require_found(text: str, path: str, rule: str | None = None) -> None:
    """Fail (naming the path, the rule and the statuses, never the value) unless a candidate of text is shown and,
    given a rule, that rule took one. No assert: pytest would print the arguments, planted values among them."""
    __tracebackhide__ = True
    if rule is not None and rule not in rule_ids(text, path):
        pytest.fail(f"{path}: {rule} took nothing")
    statuses = outcomes(text, path)
    if not any(o in ("confirmed", "pending") for o in statuses):
        pytest.fail(f"{path}: nothing shown ({statuses})")


def not_shown(text: str, path: str) -> bool:
    """No candidate of text is shown (none found, or every one dismissed): for lines a rule may
    no longer take at all, where a filter used to dismiss what it took."""
    return all(s == "dismissed" for s in outcomes(text, path))


# --- pagination cursors and idempotency tokens -----------------------------------------------------

@pytest.mark.parametrize("key", ["NextToken", "nextPageToken", "continuation_token", "ChangeToken",
                                 "ClientRequestToken", "input_token", "pagination_token", "cursorToken"])
def test_cursor_and_idempotency_tokens_are_not_credentials(key: str) -> None:
    value = high_entropy(seed=11, length=32)
    assert hit("cursor_or_idempotency_token", value, f'  "{key}": "{value}",', key)
    assert hidden(f'{{\n  "{key}": "{value}"\n}}\n', "api/list.examples.json")


@pytest.mark.parametrize("key", ["access_token", "refresh_token", "client_token", "RequestToken", "sessionToken"])
def test_other_tokens_are_kept(key: str) -> None:
    value = high_entropy(seed=12, length=32)
    assert not hit("cursor_or_idempotency_token", value, f'  "{key}": "{value}",', key)
    assert shown(f'{{\n  "{key}": "{value}"\n}}\n', "config/service.json")


# --- describing names: a key's spec, an auth protocol, a token host ---------------------------------

@pytest.mark.parametrize("key,value", [("CustomerMasterKeySpec", "RSA_4096"), ("auth_protocol", "MIT-MAGIC-COOKIE-1"),
                                       ("REFRESH_TOKEN_HOST", "oauth.example.net"), ("secret_port", "8443")])
def test_names_that_describe_a_credential(key: str, value: str) -> None:
    assert hit("describing_key_name", value, f'{key} = "{value}"', key)


def test_a_key_named_with_its_kind_first_is_kept() -> None:
    value = high_entropy(seed=13, length=40)
    assert not hit("describing_key_name", value, f'spec_secret = "{value}"', "spec_secret")


# --- ARNs --------------------------------------------------------------------------------------------

def test_an_arn_names_a_resource() -> None:
    arn = "arn:aws:lambda:eu-west-1:210987654321:function:Rotate"
    assert hit("resource_name", arn, f'"PreTokenGeneration": "{arn}"', "PreTokenGeneration")
    assert hidden(f'hooks = {{"PreTokenGeneration": "{arn}"}}\n', "app/hooks.py")


def test_a_secret_that_mentions_arn_is_kept() -> None:
    value = "arn" + high_entropy(seed=14, length=30)
    assert not hit("resource_name", value, f'token = "{value}"', "token")


# --- session and cache slot names --------------------------------------------------------------------

@pytest.mark.parametrize("key,value", [("LOGIN_SESSION_KEY", "account_login"), ("TOKEN_CACHE_KEY", "oauth_tokens"),
                                       ("nonceSessionKey", "provider_nonce")])
def test_session_slot_names(key: str, value: str) -> None:
    assert hit("storage_key_name", value, f'{key} = "{value}"', key)
    assert hidden(f'{key} = "{value}"\n', "app/flows.py")


def test_a_random_session_key_is_kept() -> None:
    value = high_entropy(seed=15, length=32)
    assert not hit("storage_key_name", value, f'SESSION_KEY = "{value}"', "SESSION_KEY")
    assert not hit("storage_key_name", "account_login", 'SIGNING_KEY = "account_login"', "SIGNING_KEY")
    assert shown(f'SESSION_SECRET_KEY = "{value}"\n', "app/settings.py")


# --- flags and options named for a credential --------------------------------------------------------

def test_an_option_named_for_credentials_holds_a_word() -> None:
    assert hit("option_name", "same-origin", "withCredentials = 'same-origin',", "withCredentials", "javascript")
    assert hit("option_name", "header", 'useToken: "header"', "useToken", "typescript")


def test_an_option_name_with_a_random_value_is_kept() -> None:
    value = random_password(seed=16, length=20)
    assert not hit("option_name", value, f"withCredentials = '{value}',", "withCredentials", "javascript")
    assert not hit("option_name", "sunshine", 'remember_token = "sunshine"', "remember_token")


# --- TypeScript declarations and type tests ----------------------------------------------------------

@pytest.mark.parametrize("line,key,value", [("  apiKey: SensitiveString2048;", "apiKey", "SensitiveString2048"),
                                            ("  readonly AdminPassword?: XmlStringMaxLen256;", "AdminPassword", "XmlStringMaxLen256"),
                                            ("  clientSecret: Secret<string>;", "clientSecret", "Secret")])
def test_a_declared_type_is_not_a_value(line: str, key: str, value: str) -> None:
    assert hit("type_annotation", value, line, key, "typescript")


def test_a_capitalised_literal_in_typescript_is_kept() -> None:
    value = "Xk" + high_entropy(seed=17, length=22)
    assert not hit("type_annotation", value, f'  apiKey: "{value}",', "apiKey", "typescript")
    assert shown(f'export const config = {{\n  apiKey: "{value}",\n}};\n', "src/config.ts")


def test_typeof_tests_name_a_type() -> None:
    line = 'if (typeof authToken === "object") {'
    assert hit("typeof_check", "object", line, "authToken", "javascript")
    assert not hit("typeof_check", "object", 'authToken = "object";', "authToken", "javascript")


# --- text that runs across a closing quote -----------------------------------------------------------

@pytest.mark.parametrize("line,key,value", [
    ("prompt = [('Password:', False)]", "Password", ", False)]"),
    ('cmd = "sudo -p \\"[sudo] password:\\" -u root /bin/sh -c \'echo ok\'"', "password", " -u root /bin/sh -c "),
])
def test_the_text_after_a_closing_quote_is_no_value(line: str, key: str, value: str) -> None:
    assert hit("text_after_a_literal", value, line, key)


def test_a_passphrase_of_words_is_kept() -> None:
    assert not hit("text_after_a_literal", "correct horse battery", 'passphrase = "correct horse battery"', "passphrase")


# --- names, not literals, in code --------------------------------------------------------------------

@pytest.mark.parametrize("line,value", [
    ("passwords = {'conn_pass': sshpass, 'become_pass': becomepass}", "sshpass"),
    ("key = key_class.from_private_key(fd, password=passphrase)", "passphrase"),
    ("    'MISSING_PASSPHRASE': GpgMissingPassPhrase,", "GpgMissingPassPhrase"),
])
def test_unquoted_names_in_statements_are_variables(line: str, value: str) -> None:
    assert FILTERS_BY_NAME["name_in_a_statement"].check(value, line, "password", "python", Surroundings())


def test_the_same_words_in_a_docstring_or_config_are_left_to_the_judge() -> None:
    line = "    'db_pass': hunter2x,"
    assert not FILTERS_BY_NAME["name_in_a_statement"].check("hunter2x", line, "db_pass", "python", Surroundings(in_doc=True))
    assert not FILTERS_BY_NAME["name_in_a_statement"].check("hunter2x", "password: hunter2x,", "password", "yaml", Surroundings())


# --- rate limits and formatted literals --------------------------------------------------------------

@pytest.mark.parametrize("value", ["5/m/user", "20/m/ip,5/m/key", "1/h", "100/day"])
def test_rate_limits_are_numbers(value: str) -> None:
    assert hit("number_or_version", value, f'"reset_password": "{value}",', "reset_password")


def test_a_printf_literal_that_is_formatted_is_a_template() -> None:
    line = "self._omit_token = '__omit_marker__%s' % sha1(seed).hexdigest()"
    assert hit("templated", "__omit_marker__%s", line, "self._omit_token")
    value = "Zq%s" + high_entropy(seed=18, length=16)
    assert not hit("templated", value, f"api_token = '{value}'", "api_token")


# --- HTTP Basic values that decode to stand-ins -------------------------------------------------------

def _basic(user: str, password: str) -> str:
    return base64.b64encode(f"{user}:{password}".encode()).decode()


@pytest.mark.parametrize("user,password", [("user", "pass"), ("username", "password"), ("test", "test"),
                                           ("example-user", "example-password"), ("user", "password123")])
def test_basic_values_of_stand_in_accounts(user: str, password: str) -> None:
    value = _basic(user, password)
    line = f'assert headers["Authorization"] == "Basic {value}"'
    assert hit("basic_auth_placeholder", value, line, None)
    assert hidden(line + "\n", "tests/test_auth.py")


def test_a_basic_value_of_a_real_account_is_shown() -> None:
    value = _basic("deploy", random_password(seed=19, length=16))
    line = f'headers = {{"Authorization": "Basic {value}"}}'
    assert not hit("basic_auth_placeholder", value, line, None)
    assert shown(line + "\n", "scripts/deploy.py")
    assert shown(line + "\n", "tests/test_deploy.py")


# --- where a value sits: tests, docs, docstrings, scripts --------------------------------------------

@pytest.mark.parametrize("path", ["myapp/tests.py", "docs_src/security/app.py", "apis/s3.examples.json"])
def test_more_places_for_tests_and_docs(path: str) -> None:
    assert is_test_path(path) or is_docs_path(path)


@pytest.mark.parametrize("path", ["config.example.json", ".env.example", "src/contest.py", "documents_api/app.py"])
def test_templates_to_copy_are_not_docs(path: str) -> None:
    assert not is_docs_path(path) and not is_test_path(path)


def test_python_docstrings_and_example_strings_are_docs() -> None:
    text = ('def f():\n    """Call it.\n\n    token="abc"\n    """\n\nEXAMPLES = r\'\'\'\n- password: x\n\'\'\'\n'
            'CONFIG = """\npassword: y\n"""\nrun(\n    """\npassword: z\n""")\n')
    assert in_python_doc(text, text.index('token="abc"'))
    assert in_python_doc(text, text.index("password: x"))
    assert not in_python_doc(text, text.index("password: y"))  # a config template, not docs
    assert not in_python_doc(text, text.index("password: z"))  # an argument


def test_a_script_without_an_extension_is_read_in_its_language() -> None:
    assert script_language("#!/usr/bin/env python3\nimport os\n") == "python"
    assert script_language("#!/bin/bash\nset -e\n") == "shell"
    text = "#!/usr/bin/env python3\npasswords = {'conn_pass': sshpass}\n"
    value_at = text.index("sshpass")
    features = build_features("sshpass", text, value_at, value_at + 7, "bin/tool", "low", key_name="conn_pass")
    assert features.language == "python" and "name_in_a_statement" in features.filter_hits


# --- fixtures and examples are shown for a person to decide, not as errors ----------------------------

def test_a_random_value_in_a_test_or_doc_is_pending_not_confirmed() -> None:
    value = high_entropy(seed=20, length=40)
    line = f'SECRET_KEY = "{value}"\n'
    assert outcomes(line, "tests/test_config.py") == ["pending"]
    assert outcomes(line, "docs/config.rst") == ["pending"]
    assert outcomes(f'def f():\n    """Example::\n\n        {line}    """\n', "app/settings.py") == ["pending"]


def test_the_same_value_in_application_code_is_confirmed() -> None:
    value = high_entropy(seed=20, length=40)
    assert outcomes(f'SECRET_KEY = "{value}"\n', "app/settings.py") == ["confirmed"]


def test_a_provider_key_in_a_test_stays_confirmed() -> None:
    from tests.support.tokens import github_pat

    assert outcomes(f'TOKEN = "{github_pat(seed=21)}"\n', "tests/test_client.py") == ["confirmed"]
