"""Filters around names seen in the eleventh red-team set: LDAP bind passwords are credentials,
Drone's `from_secret:` names a stored secret. Values are made here, at random."""

from __future__ import annotations

import pytest

from secretloop.loops.filters import FILTERS_BY_NAME, run_filters
from tests.support.tokens import high_entropy


def _password(seed: int = 11) -> str:
    # fixed seeds: a random draw can read as words now and then, and other filters weigh that
    return high_entropy(seed=seed, length=18)


def check(name: str, value: str, line: str, key: str | None, language: str = "yaml") -> bool:
    return FILTERS_BY_NAME[name].check(value, line, key, language)


@pytest.mark.parametrize("key", ["ldap_default_authtok", "bindpw", "rootbindpw", "rootpw", "pw"])
def test_ldap_bind_password_names_are_credential_names(key):
    value = _password()
    assert not check("key_names_no_credential", value, f"{key} = {value}", key, "ini")
    assert run_filters(value, f"{key} = {value}", key, language="ini") == []


@pytest.mark.parametrize("key, value", [("from_secret", "docker_username"), ("from_secret", "registry_token"),
                                        ("valueFromSecret", "db-creds")])
def test_a_from_secret_name_is_where_the_value_comes_from(key, value):
    assert check("describing_key_name", value, f"  {key}: {value}", key)


@pytest.mark.parametrize("key", ["token_from_vault", "password_from_env_default"])
def test_a_credential_named_before_from_still_holds_one(key):
    value = _password()
    assert not check("describing_key_name", value, f"{key}: {value}", key)
