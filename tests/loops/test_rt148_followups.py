"""Follow-ups of red-team sets 148-152 (a CredData-style mix, gitleaks-style provider cases, embedded/IoT and game
repositories, data engineering, legacy Java and .NET): shapes they showed missed or misread. Values are drawn at
run time; failures name the file and the statuses, never the value."""

from __future__ import annotations

import random
import string

from tests.loops.test_fp_corpus_classes import not_shown, require_shown
from tests.support.tokens import random_chars

_R = random.Random(148)
_ALNUM = string.ascii_letters + string.digits
_UPPER_DIGITS = string.ascii_uppercase + string.digits
_PRINTABLE = _ALNUM + "#>!{=~"
_HEX = "0123456789abcdef"


# --- embedded, IoT and game repositories (set 150) -----------------------------------------------------------------

def test_read_and_write_channel_keys_in_a_define_are_found() -> None:
    require_shown(f'#define THINGSPEAK_WRITE_KEY "{random_chars(_R, 16, _UPPER_DIGITS)}"\n', "include/secrets.h")
    require_shown(f'#define THINGSPEAK_READ_KEY "{random_chars(_R, 16, _UPPER_DIGITS)}"\n', "include/secrets.h")
    assert not_shown('#define READ_KEY_PIN "A0"\n', "include/pins.h")


def test_tuya_local_keys_are_found() -> None:
    require_shown(f'devices:\n  - host: 192.168.1.40\n    local_key: "{random_chars(_R, 16, _PRINTABLE)}"\n',
                  "config/localtuya.yaml")
    device_id = "bf" + random_chars(_R, 20, string.ascii_lowercase + string.digits)
    require_shown(f'[\n  {{\n    "name": "Desk lamp",\n    "id": "{device_id}",\n'
                  f'    "key": "{random_chars(_R, 16, _PRINTABLE)}",\n    "version": "3.4"\n  }}\n]\n', "tools/devices.json")
    assert not_shown('devices:\n  - local_key: !secret lamp_local_key\n', "config/localtuya.yaml")


def test_a_random_home_assistant_webhook_id_is_found_but_not_a_readable_one() -> None:
    require_shown("automation:\n  - trigger:\n      - platform: webhook\n"
                  f"        webhook_id: doorbell-{random_chars(_R, 40, _ALNUM + '-_')}\n", "automations.yaml")
    assert not_shown("automation:\n  - trigger:\n      - platform: webhook\n        webhook_id: doorbell_pressed\n",
                     "automations.yaml")


def test_a_key_field_set_from_a_literal_s_bytes_is_found() -> None:
    require_shown("public static class SaveEncryption\n{\n"
                  f'    private static readonly byte[] Key = Encoding.UTF8.GetBytes("{random_chars(_R, 32, _ALNUM)}");\n'
                  "}\n", "Assets/Scripts/Save/SaveEncryption.cs")
    require_shown(f'    static final byte[] HMAC_SECRET = "{random_chars(_R, 24, _ALNUM)}".getBytes(UTF_8);\n',
                  "src/main/java/app/Tokens.java")
    assert not_shown('    var payload = Encoding.UTF8.GetBytes("hello world, this is the body");\n', "Client.cs")


def test_the_standards_aes_example_keys_in_hex_are_not_shown() -> None:
    # FIPS 197 / SP 800-38A print these keys for every implementation's known-answer tests
    for key in ("2b7e151628aed2a6abf7158809cf4f3c", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
                "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"):
        assert not_shown(f'static const char* APP_KEY = "{key}";\n', "lib/crypto/aes_check.cpp")
    require_shown(f'static const char* APP_KEY = "{random_chars(_R, 32, _HEX)}";\n', "src/lorawan_keys.cpp")
