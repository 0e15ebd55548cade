"""Follow-ups of this stop's look-alike probe and red-team set 36 (mobile, desktop and game apps): an algorithm's
name where a key's name stands (aesKey = "aes-256-gcm"), a cloud region's name as a value (credentials("default",
"us-east-1")), and client SDK keys their providers publish (Intercom's ios_sdk-, Bugsnag's notifier key). The
filters dismiss names of things and published keys, never a drawn value."""

from __future__ import annotations

import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import outcomes
from tests.support.filter_checks import check_filter


@pytest.mark.parametrize("value", [
    "aes-256-gcm", "aes-256-gcm-siv", "AES/GCM/NoPadding", "AES/CBC/PKCS5Padding", "chacha20-poly1305",
    "xchacha20poly1305", "des-ede3-cbc", "A256GCM", "HmacSHA256", "aes256", "blake2b", "sha-256",
])
def test_an_algorithms_name_is_no_key(value: str) -> None:
    assert check_filter("cipher_algorithm_name", value, f'aesKey = "{value}"', "aesKey", "python"), value


@pytest.mark.parametrize("value", ["us-east-1", "eu-central-2", "us-gov-west-1", "ap-southeast-3", "europe-west4",
                                   "us-central1", "westeurope", "eastus2"])
def test_a_regions_name_is_no_credential(value: str) -> None:
    assert check_filter("cloud_region_name", value, f'credentials("default", "{value}")', None, "r"), value


def test_drawn_values_are_neither() -> None:
    rng = random.Random(36_0002)
    for _ in range(3000):
        value = "".join(rng.choice(string.ascii_letters + string.digits + "-") for _ in range(rng.randint(8, 24)))
        assert not check_filter("cipher_algorithm_name", value, f'aesKey = "{value}"', "aesKey", "python"), \
            "a drawn value taken for an algorithm's name"
        assert not check_filter("cloud_region_name", value, f'region = "{value}"', "region", "python"), \
            "a drawn value taken for a region"


def test_in_the_pipeline() -> None:
    assert all(s == "dismissed" for s in outcomes('aesKey = "aes-256-gcm-siv"\n', "crypto.py"))
    assert all(s == "dismissed" for s in outcomes('httr::GET(url, credentials("default", "us-east-1"))\n', "R/aws.R"))


def test_client_sdk_keys_their_providers_publish() -> None:
    rng = random.Random(36_0004)
    hex40 = "".join(rng.choice("0123456789abcdef") for _ in range(40))
    hex32 = hex40[:32]
    assert check_filter("public_by_format", f"ios_sdk-{hex40}", f'[Intercom setApiKey:@"ios_sdk-{hex40}" forAppId:@"x"]',
                        None, "objective-c")
    assert check_filter("public_by_format", hex32, f'const string BugsnagApiKey = "{hex32}";', "BugsnagApiKey", "csharp")
    # a Bugsnag auth token (its Data Access API) is a secret, and so is a bare hex key under no provider's name
    assert not check_filter("public_by_format", hex32, f'BUGSNAG_AUTH_TOKEN = "{hex32}"', "BUGSNAG_AUTH_TOKEN", "python")
    assert not check_filter("public_by_format", hex32, f'API_KEY = "{hex32}"', "API_KEY", "python")
