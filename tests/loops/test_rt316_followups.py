"""Follow-ups of red-team sets 316 onwards and of shapes read at the start of that stop. Values are drawn at run
time; failures name the file and the statuses, never the value (PYTEST_DONT_REWRITE: plain asserts, so a failure
shows no argument)."""

from __future__ import annotations

import random
import string

from tests.loops.test_fp_corpus_classes import not_shown, require_shown
from tests.support.tokens import random_chars, typed_password

_R = random.Random(316)
_ALNUM = string.ascii_letters + string.digits


def _mixed(n: int) -> str:
    while True:
        value = random_chars(_R, n, _ALNUM)
        if any(c.isupper() for c in value) and any(c.islower() for c in value) and any(c.isdigit() for c in value):
            return value


def test_sk_keys_of_openai_compatible_services_are_found_under_any_key_name() -> None:
    require_shown(f'OPENAI_KEY = "sk-{_mixed(48)}"\n', "bot/config.py")
    require_shown(f"client = OpenAI(api_key='sk-{_mixed(48)}', base_url='https://api.moonshot.cn/v1')\n", "chat.py")
    require_shown(f"LLM_TOKEN: sk-{_mixed(40)}\n", "deploy/values.yaml")
    assert not_shown(f'OPENAI_KEY = "sk-{"x" * 48}"\n', "bot/config.py")
    # a sort key of a single-table design is no API key
    assert not_shown(f'item = {{"PK": "tenant#42", "SK": "sk-{_mixed(40)}"}}\n', "repo/items.py")


def test_a_password_after_is_and_a_colon_in_a_note_is_found() -> None:
    require_shown(f"# Staging\n\nThe admin password is: {typed_password(_R)}\n", "docs/NOTES.md")
    assert not_shown("# Staging\n\nThe admin password is: stored in the team vault\n", "docs/NOTES.md")


def test_an_unhashed_htpasswd_line_is_found_and_hashes_are_not() -> None:
    require_shown(f"grafana:$apr1$Zp8kQ2rV$8nWfL0qXc1vR4tY7uI9oP/\nadmin:{typed_password(_R)}\n", "nginx/.htpasswd")
    assert not_shown("admin:$2y$05$Zp8kQ2rVm1N4bX7cT0qWeO5uY8iR3tG6hJ9kL2zX4cV7bN1mQ3wE\nops:rT4QbZ1mkX9sA\n",
                     "nginx/.htpasswd")
