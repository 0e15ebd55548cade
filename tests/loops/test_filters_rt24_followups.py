"""Follow-ups to red-team set 24 (mobile and desktop app configs): keys their providers publish to ship in
apps — a Firebase app configuration's Google API key, the Android debug keystore's password, Statsig's
client key, Mixpanel's project token — and a provider token with a short dotted
prefix that read as a member expression. Each public key has, in the same place, a secret that must still
be shown. Values are random (seeded)."""

from __future__ import annotations

import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import hidden, not_shown, outcomes, require_shown
from tests.support.tokens import google_api_key, random_chars

_R = random.Random(24_0412)
_URLSAFE = string.ascii_letters + string.digits + "_-"



def _hex(n: int) -> str:
    return random_chars(_R, n, "0123456789abcdef")


# --- a Firebase app's configuration -----------------------------------------------------------------
# Firebase documents the key as safe to ship while it is restricted, which the file cannot show: a person
# checks it once (pending, with that advice), and the decision follows the key.

def _dismissed_as_public(text: str, path: str) -> bool:
    # a Firebase app's own key is public by design (dismissed; the reason says what keeps it safe)
    statuses = outcomes(text, path)
    return bool(statuses) and set(statuses) == {"dismissed"}


def test_a_web_firebase_config_key_is_public() -> None:
    text = (f'const firebaseConfig = {{\n  apiKey: "{google_api_key(_R)}",\n  authDomain: "shop.firebaseapp.com",\n'
            f'  projectId: "shop",\n  appId: "1:{random_chars(_R, 12, string.digits)}:web:{_hex(16)}",\n}};\n')
    assert _dismissed_as_public(text, "web/public/firebase-config.js")


def test_a_flutter_firebase_options_key_is_public() -> None:
    text = ("  static const FirebaseOptions android = FirebaseOptions(\n"
            f"    apiKey: '{google_api_key(_R)}',\n    appId: '1:611:android:{_hex(16)}',\n"
            "    messagingSenderId: '611',\n    projectId: 'shop',\n  );\n")
    assert _dismissed_as_public(text, "lib/firebase_options.dart")


def test_a_googleservice_info_plist_key_is_public() -> None:
    text = ("<dict>\n\t<key>API_KEY</key>\n\t<string>" + google_api_key(_R) + "</string>\n"
            "\t<key>GCM_SENDER_ID</key>\n\t<string>254581437918</string>\n"
            "\t<key>GOOGLE_APP_ID</key>\n\t<string>1:715:ios:510f</string>\n</dict>\n")
    assert _dismissed_as_public(text, "ios/Shop/GoogleService-Info.plist")


def test_a_google_key_on_a_server_is_shown() -> None:
    # one configuration word nearby is not a Firebase app's configuration
    require_shown(f'GEMINI_API_KEY = "{google_api_key(_R)}"\nPROJECT_ID = "shop"\n', "server/settings.py")


# --- the Android debug keystore ---------------------------------------------------------------------

def test_the_debug_keystores_password_is_public() -> None:
    text = ("    signingConfigs {\n        debug {\n            storeFile file('debug.keystore')\n"
            "            storePassword 'android'\n            keyAlias 'androiddebugkey'\n"
            "            keyPassword 'android'\n        }\n    }\n")
    assert hidden(text, "android/app/build.gradle")
    assert hidden('keystore/debug_password="android"\n', "godot/export_presets.cfg")


def test_a_release_keystores_password_is_shown() -> None:
    password = random_chars(_R, 4, string.ascii_uppercase) + random_chars(_R, 12)
    text = ("    signingConfigs {\n        release {\n            storeFile file('release.jks')\n"
            f"            storePassword '{password}'\n        }}\n    }}\n").replace("}}", "}")
    require_shown(text, "android/app/build.gradle")


# --- browser and client SDK keys --------------------------------------------------------------------

def test_new_relics_browser_key_is_shown() -> None:
    # It sits in every page's snippet, but it lets anyone send data into the account: a person decides.
    require_shown(f"window.NREUM.loader_config = {{ licenseKey: 'NRJS-{_hex(19)}', applicationID: '1' }};\n",
                  "src/observability/newrelic-browser.js")


def test_statsig_client_key_is_public_and_its_server_secret_shown() -> None:
    body = random_chars(_R, 43)
    assert hidden(f"export const clientKey = 'client-{body}';\n", "src/flags/statsig.ts")
    assert outcomes(f"await Statsig.initialize('secret-{random_chars(_R, 43)}');\n", "src/flags/statsig.server.ts") \
        in (["confirmed"], ["pending"])


def test_mixpanels_project_token_is_public_and_its_api_secret_shown() -> None:
    assert hidden(f'    Mixpanel.initialize(token: "{_hex(32)}", trackAutomaticEvents: false)\n',
                  "ios/Shop/Analytics/Mixpanel+Setup.swift")
    require_shown(f'    let exporter = MixpanelExport(apiSecret: "{_hex(32)}")\n', "ios/Shop/Analytics/Mixpanel+Setup.swift")


@pytest.mark.parametrize("line", ["const token = 'client-{v}';", "API_TOKEN = 'client-{v}'"])
def test_a_client_prefix_alone_is_not_public(line: str) -> None:
    require_shown(line.format(v=random_chars(_R, 43)) + "\n", "src/config.ts")


# --- a short dotted prefix before a random body ------------------------------------------------------

def test_a_flagsmith_server_key_is_not_a_member_expression() -> None:
    require_shown(f"FLAGSMITH_SERVER_KEY=ser.{random_chars(_R, 22)}\n", "server/.env")


def test_a_member_expression_with_a_long_camelcase_name_is_still_code() -> None:
    assert not_shown("const password = this.oauth2ClientCredentialsProvider;\n", "src/auth.js")
