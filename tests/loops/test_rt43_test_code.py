"""Follow-ups of red-team set 43 (test code, fixtures and recordings): a password someone chose to be strong
(words joined by a symbol and digits) in a test is a person's to decide, not an example's stand-in; stand-ins
stay dismissed. Testcontainers' withPassword is read. Values are drawn at run time; failures name the file and
the statuses, never the value."""

from __future__ import annotations

import random

import pytest

from tests.loops.test_fp_corpus_classes import outcomes

_R = random.Random(43_0001)
_WORDS = ["harbor", "quartz", "tundra", "cobalt", "maple", "ember", "nimbus", "falcon", "juniper", "saffron"]


def _chosen() -> str:
    return _R.choice(_WORDS).capitalize() + _R.choice("!@#$%&*") + str(_R.randrange(10, 1000)) + _R.choice(_WORDS)


@pytest.mark.parametrize(("path", "template"), [
    ("javasvc/src/test/java/OrdersIT.java",
     '    static PostgreSQLContainer<?> db = new PostgreSQLContainer<>("postgres:16").withPassword("{v}");\n'),
    ("pyapp/tests/conftest.py", '    conn = connect(host="localhost", user="billing", password="{v}")\n'),
    ("phpapp/tests/Feature/LoginTest.php", "        $this->post('/login', ['email' => 'ops@northwind.dev', 'password' => '{v}']);\n"),
])
def test_a_chosen_password_in_a_test_is_a_persons_to_decide(path: str, template: str) -> None:
    statuses = outcomes(template.format(v=_chosen()), path)
    assert "pending" in statuses, statuses


@pytest.mark.parametrize("value", ["secret", "admin123", "hunter2", "password1!", "changeme"])
def test_stand_ins_in_a_test_stay_dismissed(value: str) -> None:
    statuses = outcomes(f'    conn = connect(host="localhost", user="billing", password="{value}")\n', "pyapp/tests/conftest.py")
    assert statuses and all(s == "dismissed" for s in statuses), (value, statuses)


def test_a_chosen_password_marked_as_an_example_stays_dismissed() -> None:
    statuses = outcomes(f'    conn = connect(user="billing", password="{_chosen()}")  # e.g. a sample account\n',
                        "pyapp/tests/conftest.py")
    assert statuses and all(s == "dismissed" for s in statuses), statuses


def _token(n: int = 32) -> str:
    import string as _s
    return "".join(_R.choice(_s.ascii_letters + _s.digits) for _ in range(n))


@pytest.mark.parametrize(("path", "template"), [
    ("pyapp/tests/cassettes/test_list_invoices.yaml", "    headers:\n      Set-Cookie:\n      - session={v}; Path=/; HttpOnly\n"),
    ("webapp/recordings/list/recording.har", '          {{"name": "cookie", "value": "sid={v}; theme=dark"}}\n'),
    ("spider/utils/feishu.py", 'WEBHOOK_URL = "https://open.feishu.cn/open-apis/bot/v2/hook/{u}"\n'),
])
def test_recorded_cookies_and_a_feishu_hook_are_shown(path: str, template: str) -> None:
    import uuid
    text = template.format(v=_token(), u=uuid.UUID(int=_R.getrandbits(128), version=4))
    statuses = outcomes(text, path)
    assert statuses and any(s in ("confirmed", "pending") for s in statuses), statuses
