"""Follow-ups to a sweep of 31 AI/LLM SDKs and Airflow providers (langchain-community, litellm, dspy, crewai,
mlflow, apache-airflow-providers-*, …; 22,130 files): a word under an API key's name is a mode, not a key;
test-<provider>-key in tests; a URL whose password repeats its user in tests; a lazy-import table's module
named after its class; names that say who holds or how one authenticates. Each class has a synthetic line
written here and, in the same place, a credential that must still be shown. Values are random (seeded)."""

from __future__ import annotations

import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import hidden, hit, outcomes, require_shown
from tests.support.tokens import high_entropy, random_chars

_R = random.Random(28_0412)


# --- API keys are issued, never words ---------------------------------------------------------------

@pytest.mark.parametrize("line", [
    '        self.dialect = OpenAIChatLM(api_key="conversion-only", transport=None)',
    '_DEFAULT_API_KEY = "lemonade"',
    '    api_key: str = "managed",',
    'UNATTRIBUTED_API_KEY: Final = "unattributed"',
])
def test_a_word_under_an_api_keys_name_is_not_a_key(line: str) -> None:
    assert hidden(line + "\n", "litellm/llms/lemonade/chat/transformation.py")


@pytest.mark.parametrize("line", [
    '    api_secret: str = "{v}",',  # a secret may be a phrase a person chose
    'db_password = "{v}"',
])
def test_a_word_under_a_secrets_or_passwords_name_goes_to_a_person(line: str) -> None:
    assert outcomes(line.format(v="sunshine") + "\n", "app/settings.py") == ["pending"]


def test_a_random_api_key_is_still_shown() -> None:
    require_shown(f'    api_key: str = "{high_entropy(seed=2801, length=32)}",\n', "app/client.py")


# --- test-<provider>-key in tests -------------------------------------------------------------------

@pytest.mark.parametrize("value", ["test-google-key", "test-openai-key", "fake_token_2", "dummy-api-secret"])
def test_fixture_words_naming_a_credential_in_tests_are_stand_ins(value: str) -> None:
    assert hidden(f'    with patch.dict(os.environ, {{"GOOGLE_API_KEY": "{value}"}}):\n', "tests/llms/test_google.py")


def test_words_without_a_fixture_marker_are_not_taken() -> None:
    from secretloop.loops.filters.stand_ins_in_examples import _fixture_words_naming_credential
    assert not _fixture_words_naming_credential("google-cloud-key")
    assert not _fixture_words_naming_credential("test-google-project")
    assert _fixture_words_naming_credential("test-google-key")


# --- a URL whose password repeats its user ----------------------------------------------------------

def test_a_url_whose_password_repeats_the_user_in_a_test_is_a_fixture() -> None:
    assert hidden('    "SecretString": "postgresql://airflow:airflow@host:5432/airflow",\n',
                  "tests/unit/amazon/aws/secrets/test_secrets_manager.py")


def test_a_random_password_in_a_tests_url_goes_to_a_person() -> None:
    password = random_chars(_R, 4, string.ascii_uppercase) + random_chars(_R, 12)
    assert outcomes(f'    "SecretString": "postgresql://airflow:{password}@host:5432/airflow",\n',
                    "tests/unit/test_secrets_manager.py") == ["pending"]


# --- names ------------------------------------------------------------------------------------------

def test_a_lazy_import_tables_module_named_after_its_class() -> None:
    assert hidden('    "HTTPBearerUpdateConfigParam": ".httpbearerupdateconfig",\n',
                  "google/genai/_gaos/types/credentials/__init__.py")
    assert not hit("dotted_name", ".xk9mqvlpzr", '"HTTPBearerUpdateConfigParam": ".xk9mqvlpzr"',
                   "HTTPBearerUpdateConfigParam", "python")


@pytest.mark.parametrize("key", ["auth_modes", "DB_PASSWORD_USER", "api_key_users"])
def test_names_that_say_how_or_who(key: str) -> None:
    assert hit("describing_key_name", "admin", f'{key} = "admin"', key, "python")


# --- a pair filed under a module path or a collection; an RSA signature too short ------------------

@pytest.mark.parametrize("line", ['    "logout": _command_in(".commands.auth", "logout"),',
                                  '    op.drop_column("secrets", "workspace")'])
def test_a_word_under_a_module_path_or_collection_is_a_name(line: str) -> None:
    assert hidden(line + "\n", "litellm/proxy/client/cli/main.py")


def test_a_word_password_in_a_pair_still_goes_to_a_person() -> None:
    assert outcomes('    os.environ.setdefault("DB_PASSWORD", "sunshine")\n', "app/settings.py") == ["pending"]


def _rs256(signature: str) -> str:
    import base64
    import json
    seg = lambda d: base64.urlsafe_b64encode(json.dumps(d).encode()).rstrip(b"=").decode()  # noqa: E731
    return f'{seg({"alg": "RS256"})}.{seg({"sub": random_chars(_R, 8)})}.{signature}'


@pytest.mark.parametrize("signature", ["sig", "signaturetailhere", random_chars(_R, 43)])
def test_an_rs256_token_with_a_short_signature_in_a_test_is_hidden(signature: str) -> None:
    assert hidden(f'    access_token="{_rs256(signature)}",\n', "tests/cli/test_logout.py")


def test_an_rs256_token_with_a_full_signature_in_a_test_goes_to_a_person() -> None:
    signature = random_chars(_R, 342, string.ascii_letters + string.digits + "-_")
    assert outcomes(f'    access_token="{_rs256(signature)}",\n', "tests/cli/test_logout.py") == ["pending"]


def test_a_forms_hint_to_leave_the_field_blank_is_a_placeholder() -> None:
    assert hidden('    "placeholders": {"password": "Leave blank (optional)"},\n', "airflow/providers/google/ads/hooks/ads.py")
    assert hit("placeholder", "leave-empty", 'password = "leave-empty"', "password", "python")
