"""Lines whose text is escaped (JSON's `\\/`, JSON carried in a JSON string, `\\xNN` and `\\u00NN`, a percent-encoded
URL): read a second time unescaped, each finding placed where its escaped text stands. Values are drawn at run time;
failures name the file and the rules, never the value (PYTEST_DONT_REWRITE)."""

from __future__ import annotations

import random
import string

from secretloop.loops.escaped_view import escaped_view
from tests.loops.test_fp_corpus_classes import SCANNER, not_shown, outcomes
from tests.support.tokens import aws_access_key_id, github_pat, random_chars

_R = random.Random(4_270)
_ALNUM = string.ascii_letters + string.digits
_UPPER = string.ascii_uppercase + string.digits


def _found(text: str, path: str) -> list[tuple[str, int, int, int]]:
    return [(c.rule_id, c.start_line, c.start_col, c.end_col) for c in SCANNER.scan_text(text, 0, path)]


def _slack_path() -> str:
    return f"services/T{random_chars(_R, 8, _UPPER)}/B{random_chars(_R, 10, _UPPER)}/{random_chars(_R, 24, _ALNUM)}"


def test_a_webhook_with_json_escaped_slashes_is_found_where_it_is_written() -> None:
    url = "https:\\/\\/hooks.slack.com\\/" + _slack_path().replace("/", "\\/")
    text = '{\n  "channel": "#ops",\n  "webhook": "%s"\n}\n' % url
    found = _found(text, "exports/alerts.json")
    assert [f[:2] for f in found] == [("slack-webhook-url", 3)]
    line = text.split("\n")[2]
    assert line[found[0][2]:].startswith("https:") and found[0][3] <= len(line)
    assert outcomes(text, "exports/alerts.json") == ["confirmed"]


def test_a_percent_encoded_url_and_unicode_and_hex_escaped_prefixes_are_read() -> None:
    url = "https://hooks.slack.com/" + _slack_path()
    encoded = url.replace(":", "%3A").replace("/", "%2F")
    assert [f[:2] for f in _found(f"[alerts]\nurl = {encoded}\n", "deploy/config.ini")] == [("slack-webhook-url", 2)]
    token = github_pat(_R.randrange(10**6), prefix="ghs_")
    hexed = "".join(f"\\x{ord(c):02x}" for c in token[:4]) + token[4:]
    assert "confirmed" in outcomes(f'static const char *tok = "{hexed}";\n', "src/ci_env.c")
    unicode = "".join(f"\\u{ord(c):04x}" for c in token[:4]) + token[4:]
    assert "confirmed" in outcomes(f'String token = "{unicode}";\n', "src/main/java/Config.java")


def test_json_carried_in_a_json_string_is_read_as_name_and_value() -> None:
    secret = random_chars(_R, 40, _ALNUM + "+/")
    text = ('{"containerDefinitions": [{\n'
            f'  "environment": "[{{\\"name\\":\\"AWS_ACCESS_KEY_ID\\",\\"value\\":\\"{aws_access_key_id(_R.randrange(10**6))}\\"}},\n'
            f'   {{\\"name\\":\\"AWS_SECRET_ACCESS_KEY\\",\\"value\\":\\"{secret}\\"}}]"\n'
            '}]}\n')
    assert {line for _, line, _, _ in _found(text, "ecs/task-def.json")} == {2, 3}


def test_the_file_as_written_keeps_its_findings_and_placeholders_stay_quiet() -> None:
    # a line the file already finds is not reported twice; an escaped stand-in is a stand-in
    token = github_pat(_R.randrange(10**6))
    text = f'{{"token": "{token}", "docs": "https:\\/\\/example.com\\/guide"}}\n'
    assert [f[:2] for f in _found(text, "config/app.json")] == [("github-pat", 1)]
    assert not_shown('{"webhook": "https:\\/\\/hooks.slack.com\\/services\\/TXXXXXXXX\\/BXXXXXXXX\\/XXXXXXXXXXXXXXXXXXXXXXXX"}\n',
                     "config/app.json")
    assert not_shown('{"env": "[{\\"name\\":\\"DB_PASSWORD\\",\\"value\\":\\"${DB_PASSWORD}\\"}]"}\n', "ecs/task.json")


def test_only_escaped_lines_and_their_neighbours_are_read_again() -> None:
    lines = [f"line {i} = plain" for i in range(20)]
    lines[10] = 'url = "https:\\/\\/example.com\\/x"'
    view = escaped_view("\n".join(lines), "a.txt")
    assert view is not None
    kept = view.text.split("\n")
    assert len(kept) == 20 and kept[10] == 'url = "https://example.com/x"'
    assert kept[7] == lines[7] and kept[13] == lines[13] and kept[0] == "" and kept[19] == ""
    assert escaped_view("printf('%2d items', n)\nvalue = 'it\\'s'\n", "a.py") is None
    assert escaped_view("x" * 3000 + "\\/\n", "a.js") is None  # minified: the bundle rules read it as written


def test_the_unescaped_value_is_not_written_in_the_clear() -> None:
    token = github_pat(_R.randrange(10**6))
    escaped = "".join(f"\\u{ord(c):04x}" for c in token[:6]) + token[6:]
    for c in SCANNER.scan_text(f'{{"token": "{escaped}"}}\n', 0, "config/app.json"):
        dumped = c.model_dump_json()
        assert token not in dumped and token[4:20] not in dumped


def test_json_escaped_inside_a_js_string_is_read_too() -> None:
    url = "https:\\\\/\\\\/hooks.slack.com\\\\/" + _slack_path().replace("/", "\\\\/")
    text = f"const HOOK = JSON.parse('{{\"url\":\"{url}\"}}').url;\n"
    assert [f[:2] for f in _found(text, "src/notify.js")] == [("slack-webhook-url", 1)]
    assert escaped_view("const re = /^\\/api\\/v1\\//;\n", "src/routes.js") is None  # a regex's slashes: no URL
