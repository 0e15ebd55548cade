"""False alarms found by scanning cloud provider SDKs (AWS, Azure, Google Cloud, Firebase: their clients,
tests and docs): one test per class, on synthetic lines of that shape written here, and a realistic
credential in the same place that must still be shown. Every value is made up here (random characters
from tests/support/tokens.py, or typed words)."""

from __future__ import annotations

import random

import pytest

from tests.loops.test_filters_db_corpus import check
from tests.loops.test_fp_corpus_classes import hidden, require_shown
from tests.support.tokens import high_entropy

_R = random.Random(40417)


def _key(length: int = 40) -> str:
    return high_entropy(seed=_R.randrange(1 << 30), length=length)


# --- a constant whose value spells its own name: an error code, an enum member, a type tag -----------

@pytest.mark.parametrize("key, value", [
    ("WIDGET_INIT_BEFORE_AUTH", "auth/widget-initialized-before-auth"),
    ("STEP_PASSWORD_NEEDED_V3", "StepPasswordNeededResultV3"),
    ("TOKEN_KIND_SVC_META", "token-kind/meta"),
    ("SECRET_ROTATION_FAILED", "secret_rotation_failed_error"),
])
def test_a_value_spelling_its_constant_is_a_name(key: str, value: str) -> None:
    assert check("value_spells_key_name", value, f'    {key} = "{value}",', key, language="javascript")


@pytest.mark.parametrize("key, value", [
    ("ADMIN_DB_PASSWORD", "AdminPassword2024"),  # digits: where a typed password varies
    ("ADMIN_DB_PASSWORD", "admin-rocket-falcon"),  # words the name does not say
    ("DB_PASSWORD", "db-password-prod"),  # a name of two words: too little to tell
    ("SERVICE_AUTH_TOKEN", "x" + _key(30)),
])
def test_a_password_is_not_its_constant_spelled(key: str, value: str) -> None:
    assert not check("value_spells_key_name", value, f'{key} = "{value}"', key)


def test_error_codes_and_type_tags_are_hidden() -> None:
    assert hidden('    WIDGET_INIT_BEFORE_AUTH = "widget-initialized-before-auth",\n', "src/core/errors.ts")
    assert hidden('const STEP_PASSWORD_NEEDED_V3 = "StepPasswordNeededResultV3";\n', "dist/result.js")


def test_a_real_secret_in_a_constant_stays_shown() -> None:
    require_shown(f'WIDGET_INIT_AUTH_SECRET = "{_key()}"\n', "src/core/config.py")


# --- an id typed by hand as two interleaved counting runs ---------------------------------------------

@pytest.mark.parametrize("value", ["1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d", "a1b2c3d4e5f6a7b8", "1a2b3c4d5e6f7g8h9i"])
def test_interleaved_counting_runs_are_typed(value: str) -> None:
    assert check("interleaved_sequence", value, f'update_token = "{value}"', "update_token")


@pytest.mark.parametrize("value", ["1a2b3c", "9f3a1c7e-4b2d-4e8a-b6c1-0d5f2e7a9b34", _key(32), "a1a1a1a1a1a1a1a1"])
def test_random_or_short_ids_are_not_interleaved_runs(value: str) -> None:
    assert not check("interleaved_sequence", value, f'update_token = "{value}"', "update_token")


def test_an_interleaved_update_token_is_hidden() -> None:
    assert hidden('        self.update_token = "1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d"\n', "pkg/firewall/models.py")


def test_a_random_update_token_stays_shown() -> None:
    require_shown(f'        self.update_token = "{_key()}"\n', "pkg/firewall/models.py")
