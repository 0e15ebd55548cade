"""Rules for secrets in mobile, frontend, desktop and game projects, on whole files.

The rules' own examples are single lines (tests/loops/test_rules.py); here each rule meets the
multi-line file it is written for and the look-alikes next to it (UI labels, references,
public-by-design keys). Values are synthetic (tests/support/tokens.py) and assertion messages
never print them.
"""

from __future__ import annotations

import base64
import random
import string

from tests.support.rule_cases import rule_hits as _hits
from tests.support.tokens import random_chars

RNG = random.Random(1515)


def _val(n: int = 32) -> str:
    while True:
        v = random_chars(RNG, n, string.ascii_letters + string.digits)
        if any(c.isdigit() for c in v) and any(c.isupper() for c in v):
            return v


def _supabase_jwt(role: str, pad: str) -> str:
    def enc(b: bytes) -> str:
        return base64.urlsafe_b64encode(b).decode().rstrip("=")

    body = '{"iss":"supabase","p":"%s","ref":"%s","role":"%s","iat":1760000000}' % (
        pad, random_chars(RNG, 20, string.ascii_lowercase), role)
    return enc(b'{"alg":"HS256","typ":"JWT"}') + "." + enc(body.encode()) + "." + enc(RNG.randbytes(32))


def test_android_strings_xml_secret_but_not_labels() -> None:
    secret = _val(40)
    xml = (
        '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
        '    <string name="app_name">Acme Orders</string>\n'
        f'    <string name="server_api_secret">{secret}</string>\n'
        '    <string name="password">Passwort</string>\n'
        '    <string name="password_hint">Enter your password</string>\n'
        '    <string name="forgot_password_url">https://www.acmecorp.io/forgot-password</string>\n'
        '    <string name="client_secret">@string/placeholder_secret</string>\n'
        '</resources>\n'
    )
    hits = _hits("android-string-resource-secret", xml)
    assert len(hits) == 1 and secret in hits[0], "only the server_api_secret entry"


def test_manifest_meta_data_literal_but_not_placeholder() -> None:
    secret = _val(40)
    xml = (
        '<application android:label="@string/app_name">\n'
        f'    <meta-data android:name="io.acmecorp.API_SECRET" android:value="{secret}"/>\n'
        '    <meta-data android:name="io.acmecorp.CLIENT_SECRET" android:value="${clientSecret}"/>\n'
        '    <meta-data android:name="com.facebook.sdk.ClientToken" android:value="@string/facebook_client_token"/>\n'
        '</application>\n'
    )
    hits = _hits("xml-meta-data-secret-value", xml)
    assert len(hits) == 1 and secret in hits[0], "only the literal meta-data value"


def test_dart_define_in_launch_json_and_script() -> None:
    a, b = _val(40), _val(40)
    launch = (
        '{\n  "configurations": [\n    {\n      "type": "dart",\n'
        f'      "args": ["--dart-define=API_SECRET={a}", "--dart-define=ENV=prod", "--dart-define=CLIENT_SECRET=${{env:CLIENT_SECRET}}"]\n'
        '    }\n  ]\n}\n'
    )
    script = f"flutter build appbundle \\\n  --dart-define=API_URL=https://api.acmecorp.io \\\n  --dart-define=API_SECRET={b}\n"
    ok = [h for h in _hits("dart-define-secret", launch) if a in h] and len(_hits("dart-define-secret", launch)) == 1
    assert ok, "the literal define, not ENV nor the ${env:} reference"
    assert len(_hits("dart-define-secret", script)) == 1, "the continued script line"


def test_define_plugin_literal_but_not_env_reference() -> None:
    a = _val(40)
    cfg = (
        "new webpack.DefinePlugin({\n"
        "  'process.env.API_URL': JSON.stringify('https://api.acmecorp.io'),\n"
        f"  'process.env.API_SECRET': JSON.stringify('{a}'),\n"
        "  'process.env.CLIENT_SECRET': JSON.stringify(process.env.CLIENT_SECRET),\n"
        "});\n"
    )
    hits = _hits("js-define-stringify-secret", cfg)
    assert len(hits) == 1 and a in hits[0], "only the inlined literal"


def test_supabase_service_role_but_not_anon_at_every_alignment() -> None:
    for pad in ("", "x", "xy"):
        sr, anon = _supabase_jwt("service_role", pad), _supabase_jwt("anon", pad)
        env = f"NEXT_PUBLIC_SUPABASE_ANON_KEY={anon}\nSUPABASE_SERVICE_ROLE_KEY={sr}\n"
        hits = _hits("supabase-service-role-key", env)
        assert hits == [sr], "the service_role key only (base64 alignment %d)" % len(pad)


def test_sentry_dsn_public_key_only_is_not_matched() -> None:
    pub, sec = random_chars(RNG, 32, "0123456789abcdef"), random_chars(RNG, 32, "0123456789abcdef")
    text = (
        f"Sentry.init({{ dsn: 'https://{pub}@o123456.ingest.sentry.io/7654321' }});\n"
        f"SENTRY_DSN=https://{pub}:{sec}@sentry.acmecorp.io/12\n"
    )
    hits = _hits("sentry-dsn", text)
    assert len(hits) == 1 and sec in hits[0], "only the legacy DSN with its secret key"
