"""Keys made to ship in client apps go to a person with advice, pending, not confirmed (red-team set 36): a Google
Maps or Places SDK key in an app's own files, and the key of an Azure listen-only access policy; a key named
for a server, and a full-access policy's key, stay confirmed. Values are drawn at run time; failures name the
file and the statuses, never the value."""

from __future__ import annotations

import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import outcomes

_R = random.Random(36_0003)


def _key() -> str:
    return "AIzaSy" + "".join(_R.choice(string.ascii_letters + string.digits + "_-") for _ in range(33))


@pytest.mark.parametrize("template, path", [
    ("MAPS_API_KEY={k}\n", "android/local.properties"),
    ('    <string name="google_maps_key" templateMergeStrategy="preserve" translatable="false">{k}</string>\n',
     "app/src/main/res/values/strings.xml"),
    ('[assembly: MetaData("com.google.android.geo.API_KEY", Value = "{k}")]\n', "Platforms/Android/MainApplication.cs"),
    ('    GMSServices.provideAPIKey("{k}")\n', "ios/Runner/AppDelegate.swift"),
    ('{{\n  "ios": {{\n    "config": {{\n      "googleMapsApiKey": "{k}"\n    }}\n  }}\n}}\n', "app.json"),
    ('  <preference name="GOOGLE_MAPS_ANDROID_API_KEY" value="{k}" />\n', "config.xml"),
])
def test_a_maps_sdk_key_is_pending_with_advice(template: str, path: str) -> None:
    statuses = outcomes(template.format(k=_key()), path)
    assert statuses == ["pending"], f"{path}: {statuses}"


def test_a_key_named_for_a_server_or_no_maps_stays_confirmed() -> None:
    assert outcomes(f"GOOGLE_PLACES_SERVER_KEY={_key()}\n", ".env") == ["confirmed"]
    assert outcomes(f'GEMINI_API_KEY = "{_key()}"\n', "app/llm.py") == ["confirmed"]
    # server code calls the Maps web services with a maps-named key: no client by name alone
    assert outcomes(f'MAPS_API_KEY = "{_key()}"\nrequests.get(GEOCODE_URL, params={{"key": MAPS_API_KEY}})\n',
                    "services/geo.py") == ["confirmed"]


def test_a_listen_only_azure_access_key_is_pending_and_a_full_one_confirmed() -> None:
    key = "".join(_R.choice(string.ascii_letters + string.digits + "+/") for _ in range(43)) + "="
    conn = "Endpoint=sb://clinic.servicebus.windows.net/;SharedAccessKeyName={p};SharedAccessKey={k}"
    listen = f'const string Listen = "{conn.format(p="DefaultListenSharedAccessSignature", k=key)}";\n'
    full = f'const string Full = "{conn.format(p="DefaultFullSharedAccessSignature", k=key)}";\n'
    assert outcomes(listen, "Services/PushService.cs") == ["pending"]
    assert outcomes(full, "Services/PushService.cs") == ["confirmed"]
