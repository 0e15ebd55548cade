"""A Firebase app's Google API key (firebaseConfig, an authDomain on firebaseapp.com, initializeApp,
google-services.json) ships to every browser and device by design, as Firebase documents: dismissed, with a reason
that says what keeps it safe (its restrictions), not shown as a leak. The same key shape elsewhere, or named for a
server beside such a configuration, stays confirmed. Values are random, made here; messages never carry one."""

from __future__ import annotations

import random

from secretloop.loops.phases.filter import classify
from tests.loops.test_fp_corpus_classes import SCANNER
from tests.support.tokens import google_api_key

_R = random.Random(3233)


def _statuses(text: str, path: str) -> list[tuple[str, str]]:
    out = []
    for c in SCANNER.scan_text(text, 0, path):
        if c.rule_id == "gcp-api-key":
            ch = classify(c, None)
            out.append((ch.status, ch.reason))
    return out


def test_a_firebase_web_config_key_is_public_by_design() -> None:
    for template in ('const firebaseConfig = {{\n  apiKey: "{v}",\n}};\n',
                     'export const app = initializeApp({{ apiKey: "{v}" }});\n',
                     'const cfg = {{\n  authDomain: "shop-7f2.firebaseapp.com",\n  apiKey: "{v}",\n}};\n'):
        got = _statuses(template.format(v=google_api_key(_R)), "web/src/firebase.ts")
        assert [s for s, _ in got] == ["dismissed"], f"a Firebase web key: {[s for s, _ in got]}"
        assert "restriction" in got[0][1], "the reason does not say what keeps the key safe"


def test_a_google_key_elsewhere_stays_confirmed() -> None:
    got = _statuses(f'const MAPS_KEY = "{google_api_key(_R)}";\nfetch(url);\n', "server/geo.js")
    assert [s for s, _ in got] == ["confirmed"], f"a server-side Google key: {[s for s, _ in got]}"


def test_a_firebase_app_config_key_is_public_by_design() -> None:
    # google-services.json, GoogleService-Info.plist and a .env of the config's fields: the key ships in the app
    for path, template in (
            ("android/app/google-services.json",
             '{{\n  "project_info": {{\n    "project_number": "48213",\n    "project_id": "shop-7f2"\n  }},\n'
             '  "client": [{{\n    "client_info": {{"mobilesdk_app_id": "1:48213:android:9f"}},\n'
             '    "api_key": [{{"current_key": "{v}"}}]\n  }}]\n}}\n'),
            ("ios/GoogleService-Info.plist",
             "<dict>\n\t<key>API_KEY</key>\n\t<string>{v}</string>\n\t<key>GCM_SENDER_ID</key>\n"
             "\t<string>48213</string>\n\t<key>PROJECT_ID</key>\n\t<string>shop-7f2</string>\n</dict>\n"),
            ("web/.env", "VITE_FIREBASE_API_KEY={v}\nVITE_FIREBASE_PROJECT_ID=shop-7f2\nVITE_FIREBASE_APP_ID=1:48213:web:9f\n")):
        got = _statuses(template.format(v=google_api_key(_R)), path)
        assert [s for s, _ in got] == ["dismissed"], f"a Firebase app key in {path}: {[s for s, _ in got]}"


def test_a_google_key_named_for_a_server_beside_a_firebase_config_stays_confirmed() -> None:
    for name in ("MAPS_SERVER_KEY", "GEOCODING_BACKEND_KEY", "claveServidor"):
        web = (f'const firebaseConfig = {{\n  apiKey: "{google_api_key(_R)}",\n  authDomain: "shop-7f2.firebaseapp.com",\n}};\n'
               f'export const {name} = "{google_api_key(_R)}";\n')
        got = [s for s, _ in _statuses(web, "web/src/firebase.ts")]
        assert got == ["dismissed", "confirmed"], f"{name} beside a Firebase config: {got}"
    env = (f"NEXT_PUBLIC_FIREBASE_API_KEY={google_api_key(_R)}\nNEXT_PUBLIC_FIREBASE_PROJECT_ID=shop-7f2\n"
           f"NEXT_PUBLIC_FIREBASE_APP_ID=1:48213:web:9f\nGOOGLE_MAPS_SERVER_KEY={google_api_key(_R)}\n")
    assert [s for s, _ in _statuses(env, "apps/web/.env.local")] == ["dismissed", "confirmed"]
