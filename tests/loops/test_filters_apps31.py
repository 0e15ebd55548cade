"""Follow-ups to a sweep of 12 Python applications as published on PyPI (matrix-synapse, apache-superset,
acryl-datahub, dagster, prefect, label-studio, dbt-core, meltano, great-expectations, apache-airflow, pretix,
mailman; 20,083 files): Django's unique_together field tuples, console-script entry points named for their
module, hashed stylesheet names in a static-files manifest, Amplitude's public API key, and a token's owner.
Each class has a synthetic line written here and, in the same place, a credential that must still be shown."""

from __future__ import annotations

import random

import pytest

from tests.loops.test_fp_corpus_classes import hidden, require_shown
from tests.support.tokens import high_entropy, random_chars

_R = random.Random(31_0412)


@pytest.mark.parametrize("line", ["                unique_together=set([('token', 'revoked')]),",
                                  "            'unique_together': {('secret', 'issuer')},",
                                  "        index_together = [('password', 'created')]"])
def test_django_meta_field_tuples_are_field_names(line: str) -> None:
    assert hidden(line + "\n", "pretix/api/migrations/0001_initial.py")


def test_console_scripts_named_for_their_module_are_entry_points() -> None:
    text = ("[console_scripts]\nexport_signing_key=synapse._scripts.export_signing_key:main\n"
            "hash_password=synapse._scripts.hash_password:main\n")
    assert hidden(text, "matrix_synapse.dist-info/entry_points.txt")


def test_a_secret_with_a_colon_in_an_ini_is_still_shown() -> None:
    require_shown(f"signing_key=synapse.{random_chars(_R, 10)}:{high_entropy(seed=3101, length=20)}\n", "conf/app.ini")


def test_a_hashed_stylesheet_name_is_an_asset() -> None:
    manifest = '{"paths": {"pretixcontrol/scss/auth.scss": "pretixcontrol/scss/auth.3f64b782cf3f.scss"}}\n'
    assert hidden(manifest, "pretix/static.dist/staticfiles.json")


def test_amplitudes_api_key_is_public_and_its_secret_key_shown() -> None:
    hexchars = "0123456789abcdef"
    assert hidden(f'AMPLITUDE_API_KEY = "{random_chars(_R, 32, hexchars)}"\n', "prefect/_internal/analytics/_config.py")
    require_shown(f'AMPLITUDE_SECRET_KEY = "{random_chars(_R, 32, hexchars)}"\n', "prefect/_internal/analytics/_config.py")


def test_a_tokens_owner_is_not_the_token() -> None:
    assert hidden("        'token_owner': 'subscription',\n", "mailman/database/alembic/versions/47294d3a604_pendable.py")
