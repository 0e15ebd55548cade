"""Values their provider documents as public, made to ship inside client apps (red-team set 15):
dismissed by their format, while the secret of the same provider, in the same place, stays shown.
Every value is made here from a seeded generator."""

from __future__ import annotations

import base64
import json
import random
import string

import pytest

from secretloop.loops.filters import FILTERS_BY_NAME
from tests.loops.test_fp_corpus_classes import hidden, require_shown
from tests.support.tokens import random_chars

_R = random.Random(91021)
_URLSAFE = string.ascii_letters + string.digits + "-_"


def _b64(data: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(data, separators=(",", ":")).encode()).decode().rstrip("=")


def jwt(claims: dict) -> str:
    return f"{_b64({'alg': 'HS256', 'typ': 'JWT'})}.{_b64(claims)}.{random_chars(_R, 43, _URLSAFE)}"


def supabase_key(role: str) -> str:
    return jwt({"iss": "supabase", "ref": random_chars(_R, 20, string.ascii_lowercase), "role": role,
                "iat": 1700000000, "exp": 2015576000})


def mapbox(kind: str) -> str:
    return f"{kind}.{_b64({'u': 'acme-maps', 'a': random_chars(_R, 12)})}.{random_chars(_R, 22, _URLSAFE)}"


def check(value: str, key: str | None = None) -> bool:
    return FILTERS_BY_NAME["public_by_format"].check(value, f'{key or "value"} = "{value}"', key, "javascript")


def test_a_supabase_anon_key_is_public() -> None:
    value = supabase_key("anon")
    assert check(value, "SUPABASE_ANON_KEY")
    assert hidden(f"VITE_SUPABASE_URL=https://acme.supabase.co\nVITE_SUPABASE_ANON_KEY={value}\n", "web/.env.production")


def test_an_anon_key_filed_under_a_service_name_is_left_to_a_person() -> None:
    assert not check(supabase_key("anon"), "SUPABASE_SERVICE_ROLE_KEY")
    assert not check(supabase_key("anon"), "supabaseSecretKey")
    # a neutral name: the key's own claims (issued by Supabase, role anon) say which key it is
    assert check(supabase_key("anon"), "supabaseKey")


@pytest.mark.parametrize("role", ["service_role", "authenticated"])
def test_a_supabase_key_of_another_role_stays_shown(role: str) -> None:
    value = supabase_key(role)
    assert not check(value, "SUPABASE_KEY")
    require_shown(f"SUPABASE_URL=https://acme.supabase.co\nSUPABASE_KEY={value}\n", "server/.env")


def test_a_mapbox_public_token_is_public_and_a_secret_one_is_not() -> None:
    public, secret = mapbox("pk"), mapbox("sk")
    assert check(public, "accessToken")
    assert hidden(f"mapboxgl.accessToken = '{public}';\n", "src/map.js")
    assert not check(secret, "MAPBOX_TOKEN")
    require_shown(f"MAPBOX_DOWNLOADS_TOKEN={secret}\n", "android/gradle.properties")


def test_a_revenuecat_public_sdk_key_is_public_only_under_its_name() -> None:
    value = "appl_" + random_chars(_R, 27)
    assert check(value, "revenueCatApiKey")
    assert not check(value, "apiKey")  # the prefix alone is too common a shape
    assert not check("sk_" + random_chars(_R, 32), "REVENUECAT_SECRET_KEY")


@pytest.mark.parametrize("value", ["pk.eyJ", "eyJhbGciOiJIUzI1NiJ9", "eyJ0eXAiOiJKV1QifQ.e30.abc"])
def test_broken_or_short_shapes_are_not_judged_public(value: str) -> None:
    assert not check(value, "token")
