"""Follow-ups of the look-alike probe of this stop's changes (set 59) and of set 60 (CredData-style repositories): the
new format rules keep to their context, and the new filters no longer hide what they were not meant to. Values are
drawn at run time; failures name the file and the statuses, never the value (PYTEST_DONT_REWRITE: plain asserts)."""

from __future__ import annotations

import base64
import random
import string

import pytest

from tests.loops.test_filters_db_corpus import check
from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown
from tests.support.rule_cases import rule_hits

_R = random.Random(59_0001)
_HEX = "0123456789abcdef"


def _chars(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(_R.choice(alphabet) for _ in range(n))


def _b64_32() -> str:
    return base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()


QUIET = [
    ("web/src/app.module.css", lambda: f".sk-{_chars(32, _HEX)} {{ display: flex; }}\n"),
    ("src/crypto/zk.py", lambda: f'vk_gamma = "{_chars(85, _HEX)}"\n'),
    ("dist/manifest.json", lambda: f'  "digest": "base64:{_b64_32()}",\n'),
    ("infra/rtmp.conf", lambda: "    push rtmp://media.acme.local/live/warehouse01_dock3_1080p;\n"),
    ("fortigate/fgt.conf", lambda: 'config system snmp community\n    edit 1\n        set name "public"\n    next\nend\n'),
    ("users/fixtures/users.json", lambda: f'    "password": "!{_chars(40)}",\n'),
]


@pytest.mark.parametrize(("path", "make"), QUIET, ids=[f"{i}-{p}" for i, (p, _) in enumerate(QUIET)])
def test_lookalikes_of_the_new_rules_are_quiet(path: str, make) -> None:
    text = make()
    assert not_shown(text, path), f"{path}: {outcomes(text, path)}"


SHOWN = [
    # a secret token pasted into a tile URL
    ("web/src/map.ts", lambda: f"const tiles = 'https://api.mapbox.com/styles/v1/acme/x/tiles/{{z}}/{{x}}/{{y}}?access_token="
     f"sk.eyJ1Ijoi{_chars(40)}.{_chars(22)}';\n"),
    # a server token a line below the browser's
    ("config/rollbar.rb", lambda: f"# post_client_item token is in the layout\nRollbar.configure do |config|\n"
     f"  config.access_token = '{_chars(32, _HEX)}'\nend\n"),
    ("ops/.env", lambda: f"ADMIN_TOKEN={_chars(3)}#{_chars(3)}\n"),
    ("ops/.env", lambda: f"VAULT_PASSPHRASE=Create-A-Storm#{_R.randrange(10, 99)}\n"),
    ("shop/.env", lambda: f"DB_PASSWORD=!{_chars(2, string.ascii_lowercase)}{_R.randrange(1, 9)}{_chars(9)}\n"),
    ("config/app.php", lambda: f"    'key' => env('APP_KEY', 'base64:{_b64_32()}'),\n"),
    ("bot/config.py", lambda: f'VK_GROUP_TOKEN = "{_chars(85, _HEX)}"\n'),
]


@pytest.mark.parametrize(("path", "make"), SHOWN, ids=[f"{i}-{p}" for i, (p, _) in enumerate(SHOWN)])
def test_secrets_beside_the_new_filters_stay_shown(path: str, make) -> None:
    require_shown(make(), path)


def test_a_negated_name_in_code_is_still_code() -> None:
    assert check("negated_expression", "!isHandled", "passEvent: !isHandled,", "passEvent", "javascript")
    assert not check("negated_expression", "!hKqLmZxW", "DB_PASSWORD=!hKqLmZxW", "DB_PASSWORD", "dotenv")


def test_upstream_and_downstream_keys_are_no_stream_keys() -> None:
    for name in ("upstream_key", "DOWNSTREAM_KEY"):
        assert rule_hits("stream-key-assignment", f'{name} = "{_chars(24)}"\n', "config/settings.py") == []
    assert rule_hits("stream-key-assignment", f'STREAM_KEY = "{_chars(24)}"\n', "config/settings.py")


# --- the second look-alike probe (set 62) ---------------------------------------------------------------------------

QUIET_62 = [
    ("app/cache.py", lambda: f'CACHE_KEY = "sk-{_chars(32, _HEX)}"\n'),
    ("config/services.php", lambda: f"    ['key' => 'thumb', 'digest' => 'base64:{_b64_32()}'],\n"),
    ("netops/templates/switch.cfg.j2", lambda: "radius server ISE01\n key 7 #RADIUS_KEY#\n"),
    ("stream/nvr-cameras.conf", lambda: f"    push rtmp://192.168.1.20/cams/{_chars(28, _HEX)};\n"),
    ("pipelines/kinesis.yml", lambda: "kinesis_stream_key: clickstream-prod-events\n"),
]


@pytest.mark.parametrize(("path", "make"), QUIET_62, ids=[f"{i}-{p}" for i, (p, _) in enumerate(QUIET_62)])
def test_second_probe_lookalikes_are_quiet(path: str, make) -> None:
    text = make()
    assert not_shown(text, path), f"{path}: {outcomes(text, path)}"


def test_a_short_token_of_all_three_classes_is_shown_and_an_account_key_is_not() -> None:
    mixed = _chars(2, string.ascii_uppercase) + _chars(3, string.ascii_lowercase) + _chars(2, string.digits)
    require_shown(f"ADMIN_TOKEN={mixed}\n", "web/.env.production")
    require_shown(f"ENCRYPTION_KEY={_chars(4, string.ascii_uppercase)}{_chars(3, string.digits)}\n", "web/.env.production")
    assert check("too_short_for_a_key", mixed, f"$this->merchant_key = '{mixed}';", "merchant_key", "php")
    require_shown(f"PAYU_MERCHANT_SALT={_chars(32)}\n", "shop/.env")


# --- the third look-alike probe (set 63) ----------------------------------------------------------------------------

QUIET_63 = [
    ("etc/nagios/resource.cfg", lambda: "$USER1$=/usr/lib/nagios/plugins\n$USER2$=$USER1$/contrib\n$USER7$=~/.ssh/id_ed25519\n"),
    ("app/i18n.py", lambda: 'MENU_AUTH = ("Login", "Anmelden")\n'),
    ("media/recorder.conf", lambda: "    record_path rtmp://media.local/record/2024-0315-1030-hall;\n"),
    ("deploy/.env", lambda: "STREAM_KEY=tenant_id_v2\n"),
]


@pytest.mark.parametrize(("path", "make"), QUIET_63, ids=[f"{i}-{p}" for i, (p, _) in enumerate(QUIET_63)])
def test_third_probe_lookalikes_are_quiet(path: str, make) -> None:
    text = make()
    assert not_shown(text, path), f"{path}: {outcomes(text, path)}"


def test_a_password_between_symbols_is_no_template_marker() -> None:
    require_shown(f"password=#{_chars(6, string.ascii_uppercase)}{_R.randrange(2000, 2030)}#\n", "etc/app/app.conf")
    assert not_shown("radius server ISE01\n key 7 #RADIUS_KEY#\n", "templates/switch.cfg")
