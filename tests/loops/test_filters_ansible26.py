"""Follow-ups to a sweep of the Ansible community package (ansible 9.13.0: ~100 collections, 44,796 files):
a module's RETURN documentation, a fixture word with digits as a test's password, molecule scenarios as
tests, a file path with a CamelCase name, Azure API versions, interface strings stored base64-encoded and
OpenSSL's salted ciphertext. Each class has a synthetic line written here and, in the same place, a
credential that must still be shown. Values are random (seeded)."""

from __future__ import annotations

import base64
import os
import random
import string

import pytest

from secretloop.loops.features import is_test_path
from tests.loops.test_fp_corpus_classes import hidden, hit, outcomes, require_shown
from tests.support.tokens import high_entropy, random_chars

_R = random.Random(26_0412)


def _password() -> str:
    return random_chars(_R, 6, string.ascii_uppercase) + random_chars(_R, 10) + "!"


# --- an Ansible module's RETURN block ---------------------------------------------------------------

_MODULE = '''DOCUMENTATION = r"""
module: expressroute
"""

RETURN = r"""
state:
    description: The circuit.
    sample: {
            "authorization_key": "PLANTED",
        }
"""


def main():
    client = Client(authorization_key="PLANTED")
'''


def test_a_modules_return_block_is_documentation_and_its_code_is_not() -> None:
    # a sample in the docs goes to a person at most; the same value in code is confirmed
    value = high_entropy(seed=2601, length=32)
    statuses = outcomes(_MODULE.replace("PLANTED", value), "plugins/modules/azure_rm_expressroute.py")
    assert statuses == ["pending", "confirmed"], statuses


def test_a_return_variable_in_code_is_not_documentation() -> None:
    from secretloop.loops.features import in_python_doc
    text = 'return_token = """' + "x" * 10 + '"""\nRETURN = """\nsample: 1\n"""\n'
    assert not in_python_doc(text, text.index("x"))
    assert in_python_doc(text, text.index("sample"))


# --- a fixture word with digits in a test -----------------------------------------------------------

@pytest.mark.parametrize("value", ["Test1234", "Test@123", "test_pw_1234", "Demo2024!", "!test123@"])
def test_a_fixture_word_with_digits_is_a_tests_stand_in(value: str) -> None:
    assert hidden(f'        "conn_password": "{value}",\n', "tests/unit/plugins/modules/test_sap_snote.py")


def test_the_same_value_in_code_and_a_random_one_in_a_test_are_shown() -> None:
    require_shown('    conn_password = "Test1234"\n', "plugins/module_utils/sap.py")
    require_shown(f'        "conn_password": "Test{_password()}",\n', "tests/unit/test_sap.py")


@pytest.mark.parametrize("path", ["roles/mongodb_auth/molecule/default/converge.yml",
                                  "extensions/molecule/default/prepare.yml"])
def test_molecule_scenarios_are_tests(path: str) -> None:
    assert is_test_path(path)


# --- a path, an API version ------------------------------------------------------------------------

def test_a_key_files_path_with_a_camelcase_name_is_not_the_key() -> None:
    assert hidden("api_private_key=~/Downloads/SecretKey.txt\n", "playbooks/example_inventory")


def test_a_random_file_name_is_still_weighed() -> None:
    name = high_entropy(seed=2602, length=28)
    assert not hit("file_path_or_url_without_credentials", f"~/keys/{name}", f"api_key=~/keys/{name}", "api_key", "ini")


@pytest.mark.parametrize("value", ["2020-04-01-preview", "2019-06-01-privatepreview", "2023-10-01-beta"])
def test_an_azure_api_version_is_not_a_secret(value: str) -> None:
    assert hidden(f"    'AuthorizationManagementClient': '{value}',\n", "plugins/module_utils/azure_rm_common.py")


# --- interface strings stored base64-encoded ---------------------------------------------------------

def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


@pytest.mark.parametrize("key,text", [
    ("ui_changepwd_content_label", "Change Password"),
    ("ui_changepwd_instruction_message", "You are required to change your password now. Please enter a new one."),
    ("ui_login_password_label", "Password:"),
])
def test_base64_interface_text_is_not_a_credential(key: str, text: str) -> None:
    yaml = f"  portalCustomizations:\n    - key: {key}\n      value: {_b64(text)}\n"
    assert hidden(yaml, "playbooks/sponsor_portal.yml")


def test_base64_of_random_bytes_under_a_label_name_is_not_text() -> None:
    value = base64.b64encode(os.urandom(24)).decode()
    assert not hit("encoded_interface_text", value, f"value: {value}", "ui_password_label", "yaml")


def test_base64_of_words_under_a_password_name_is_not_interface_text() -> None:
    value = _b64("correct horse battery staple")
    assert not hit("encoded_interface_text", value, f"password: {value}", "password", "yaml")


# --- OpenSSL's salted ciphertext -------------------------------------------------------------------

def test_openssl_salted_ciphertext_is_encrypted() -> None:
    blob = base64.b64encode(b"Salted__" + os.urandom(8) + os.urandom(32)).decode()
    assert hidden(f'pwd: "{blob}"\n', "roles/sonic_ldap/defaults/main.yml")


def test_a_short_salted_prefix_is_not_ciphertext() -> None:
    blob = base64.b64encode(b"Salted__" + os.urandom(8)).decode()  # a salt and no cipher block
    assert not hit("encrypted_value", blob, f'pwd: "{blob}"', "pwd", "yaml")


# --- a switch, an encoded stand-in ----------------------------------------------------------------

@pytest.mark.parametrize("value", ["enabled", "disabled"])
def test_a_switch_under_a_credential_name_is_not_a_secret(value: str) -> None:
    assert hidden(f"authorization: {value}\n", "roles/mongodb_config/defaults/main.yml")


def test_base64_of_a_stand_in_in_the_docs_is_hidden_and_of_a_random_password_shown() -> None:
    assert hidden(f"    ms_Mcs_AdmPwd: {_b64('Password123!')}\n", "docs/guide_ldap_inventory.rst")
    require_shown(f"    ms_Mcs_AdmPwd: {_b64(_password())}\n", "docs/guide_ldap_inventory.rst")
