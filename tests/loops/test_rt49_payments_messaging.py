"""Follow-ups of red-team sets 49 (payment gateways) and 50 (email, SMS and push): Midtrans server keys, WeChat Pay's
APIv3 and merchant keys, a Telegram token in a Bot API URL's path; and the client-side values that stay quiet (Adyen
client keys, Braintree tokenization keys, Stripe intents' client secrets, Expo push tokens). Values are drawn at run
time; failures name the file and the statuses, never the value."""

from __future__ import annotations

import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown

_R = random.Random(49_0001)


def _chars(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(_R.choice(alphabet) for _ in range(n))


SHOWN = [
    ("shop/.env", lambda: f"MIDTRANS_SERVER_KEY=Mid-server-{_chars(24)}\n"),
    ("pay/config/wechat.yml", lambda: f"wechat:\n  api-v3-key: {_chars(32)}\n"),
    ("pay/config/wechat.php", lambda: f"    'mch_key' => '{_chars(32)}',\n"),
    ("ops/notify.sh", lambda: f"curl -s https://api.telegram.org/bot{_R.randrange(10**9, 10**10)}:AA{_chars(33)}/sendMessage\n"),
]


@pytest.mark.parametrize(("path", "make"), SHOWN, ids=[f"{i}-{p}" for i, (p, _) in enumerate(SHOWN)])
def test_payment_and_messaging_secrets_are_shown(path: str, make) -> None:
    require_shown(make(), path)


QUIET = [
    ("web/.env", lambda: f"ADYEN_CLIENT_KEY=live_{_chars(32, string.ascii_uppercase + string.digits)}\n"),
    ("web/src/checkout.js", lambda: f"const tokenizationKey = 'sandbox_{_chars(8, string.ascii_lowercase + string.digits)}_"
     f"{_chars(16, string.ascii_lowercase + string.digits)}';\n"),
    ("web/src/checkout.js", lambda: f"const clientSecret = 'seti_{_chars(24)}_secret_{_chars(24)}';\n"),
    ("app/push.ts", lambda: f"const pushToken = 'ExponentPushToken[{_chars(22)}]';\n"),
]


@pytest.mark.parametrize(("path", "make"), QUIET, ids=[f"{i}-{p}" for i, (p, _) in enumerate(QUIET)])
def test_values_made_for_the_browser_or_a_device_are_quiet(path: str, make) -> None:
    text = make()
    assert not_shown(text, path), outcomes(text, path)
