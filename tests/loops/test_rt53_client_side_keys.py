"""Follow-ups of red-team sets 53 (observability, analytics and feature flags) and 55 (a false-alarm probe): keys
their providers make to ship in pages and apps stay quiet, their server-side keys stay shown; Unleash tokens of the
length Unleash makes are found; values Google publishes in its tools and docs are no leak. Values are drawn at run
time (the published ones excepted, which are public); failures name the file and the statuses, never the value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown

_R = random.Random(53_0001)
_HEX = "0123456789abcdef"


def _chars(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(_R.choice(alphabet) for _ in range(n))


QUIET = [
    ("web/src/flags.ts", lambda: f"const gb = new GrowthBook({{ apiHost: 'https://cdn.growthbook.io', clientKey: "
     f"'sdk-{_chars(16)}' }});\n"),
    ("web/.env.production", lambda: f"NEXT_PUBLIC_SEGMENT_WRITE_KEY={_chars(32)}\n"),
    ("svc/app/settings.py", lambda: f'FLAGSMITH_CLIENT_ENV_KEY = "{_chars(22)}"\n'),
    ("config/services.php", lambda: f"<?php\nreturn [\n    'rollbar_client_token' => '{_chars(32, _HEX)}',\n];\n"),
    ("app/views/layouts/_rollbar.html.erb", lambda: f'<script>\nvar _rollbarConfig = {{\n    accessToken: '
     f'"{_chars(32, _HEX)}",\n    captureUncaught: true\n}};\n</script>\n'),
    ("web/src/search.ts", lambda: f"const APP_ID = '{_chars(10, string.ascii_uppercase + string.digits)}';\n"
     f"const SEARCH_ONLY_KEY = '{_chars(32, _HEX)}';\n"),
]


@pytest.mark.parametrize(("path", "make"), QUIET, ids=[f"{i}-{p}" for i, (p, _) in enumerate(QUIET)])
def test_keys_made_to_ship_in_pages_and_apps_are_quiet(path: str, make) -> None:
    text = make()
    assert not_shown(text, path), f"{path}: a client-side key is shown ({outcomes(text, path)})"


SHOWN = [
    ("api/.env", lambda: f"SEGMENT_WRITE_KEY={_chars(32)}\n"),  # a server source's write key
    ("svc/app/settings.py", lambda: f'FLAGSMITH_SERVER_KEY = "ser.{_chars(22)}"\n'),
    ("config/rollbar.php", lambda: f"<?php\nreturn [\n    'access_token' => '{_chars(32, _HEX)}',\n];\n"),
    ("web/src/search.ts", lambda: f"const ALGOLIA_ADMIN_KEY = '{_chars(32, _HEX)}';\n"),
    ("k8s/deploy.yaml", lambda: f'        - name: UNLEASH_API_TOKEN\n          value: "*:production.{_chars(56, _HEX)}"\n'),
]


@pytest.mark.parametrize(("path", "make"), SHOWN, ids=[f"{i}-{p}" for i, (p, _) in enumerate(SHOWN)])
def test_their_server_side_keys_stay_shown(path: str, make) -> None:
    require_shown(make(), path)


# Published by Google in its tools' source and its reCAPTCHA docs: public, the same everywhere.
PUBLISHED = [
    ("root/.config/gcloud/application_default_credentials.json", '{\n  "client_id": "764086051850-6qr4p6gpi6hn506pt8ejuq83di341hur'
     '.apps.googleusercontent.com",\n  "client_secret": "d-FL95Q19q7MQmFpd7hHD0Ty",\n  "type": "authorized_user"\n}\n'),
    ("dotfiles/dot_boto", "[OAuth2]\nclient_id = 909320924072.apps.googleusercontent.com\nclient_secret = p3RlpR10xMFh9ZXBS/ZNLYUu\n"),
    ("tools/auth.py", 'CLIENT_SECRET = "ZmssLNjJy2998hD4CTg2ejr2"\n'),
    ("config/settings.py", "RECAPTCHA_PRIVATE_KEY = '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe'\n"),
]


@pytest.mark.parametrize(("path", "text"), PUBLISHED, ids=[p for p, _ in PUBLISHED])
def test_values_google_publishes_are_no_leak(path: str, text: str) -> None:
    assert not_shown(text, path), f"{path}: a published value is shown ({outcomes(text, path)})"


def test_a_secret_of_the_same_shape_stays_shown() -> None:
    require_shown(f'CLIENT_SECRET = "{_chars(24)}"\n', "tools/auth.py")
    require_shown(f"RECAPTCHA_PRIVATE_KEY = '6Le{_chars(37)}'\n", "config/settings.py")


def test_a_client_token_beside_its_sdk_settings_is_quiet() -> None:
    text = (f'<plugin name="cordova-plugin-facebook-connect" spec="^3.2.0">\n    <variable name="APP_ID" value="{_chars(15, "0123456789")}" />\n'
            f'    <variable name="CLIENT_TOKEN" value="{_chars(32, _HEX)}" />\n</plugin>\n')
    assert not_shown(text, "config.xml"), f"config.xml: {outcomes(text, 'config.xml')}"
    # a Datadog API key pasted where the RUM client token goes is a leak
    require_shown(f'datadogRum.init({{ applicationId: "app", site: "datadoghq.eu" }});\nconst clientToken = "{_chars(32, _HEX)}";\n',
                  "web/src/analytics.ts")


def test_a_map_tile_templates_key_is_quiet_and_a_data_apis_key_is_not() -> None:
    key = _chars(32, _HEX)
    assert not_shown(f"export const tiles = 'https://tile.thunderforest.com/cycle/{{z}}/{{x}}/{{y}}.png?apikey={key}';\n",
                     "web/src/maps/style.ts")
    require_shown(f"const url = `https://api.example-geo.io/v1/route?from=${{a}}&to=${{b}}&apikey={key}`;\n",
                  "web/src/maps/route.ts")
