"""A Markdown code block (fenced or indented) holds commands and configs as typed, not sentences: a short
credential in a `curl -u` line there is not "quoted in prose"."""

from __future__ import annotations

import pytest

from secretloop.loops.features import in_markdown_code
from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.scanner import Scanner
from tests.support.tokens import random_password

DOC = """# Deploying

Log in to the registry with the password you were given, for example `{pw}`, then push the image.

```bash
curl -u deploy:{pw} -H "Accept: application/json" https://registry.internal.example.net/v2/_catalog
```

~~~
psql "host=db.internal port=5432 user=app password={pw} dbname=app"
~~~

Or, from a shell:

    mysql --host=db.internal.example.net --user=app --password={pw} --database=app --ssl-mode=REQUIRED
"""


@pytest.mark.parametrize("text, inside", [
    ("```\na\n```\nb\n", {"a": True, "b": False}),
    ("~~~sh\na\n~~~\nb\n", {"a": True, "b": False}),
    ("````\n```\na\n````\nb\n", {"a": True, "b": False}),  # a shorter fence inside does not close
    ("~~~\n```\na\n```\nb\n~~~\nc\n", {"a": True, "b": True, "c": False}),  # nor the other character
    ("```\n``` not a closer\na\n```\nb\n", {"a": True, "b": False}),  # a closer has nothing after it
    ("    ```\na\n", {"a": False}),  # indented four spaces: an indented code line, not a fence
    ("para\n\n    a\n\n    b\nc\n", {"a": True, "b": True, "c": False}),  # an indented block, blank lines inside
    ("para\n    a\n", {"a": False}),  # without a blank line before: the paragraph goes on
    ("- item\n\n    a\n\nb\n\n    c\n", {"a": False, "c": True}),  # inside a list: the item's text
    ("x\n```python\na\n", {"x": False, "a": True}),  # an unclosed fence runs to the end
    ("no fences at all\na\n", {"a": False}),
])
def test_fence_spans(text, inside):
    starts, pos = {}, 0
    for line in text.split("\n"):
        starts.setdefault(line.strip(), pos + len(line) - len(line.lstrip()))
        pos += len(line) + 1
    for word, expected in inside.items():
        assert in_markdown_code(text, starts[word]) is expected, word


def _hits(path: str, text: str, pw: str) -> dict[int, list[str]]:
    found = Scanner(load_catalogue()).scan_text(text, 0, path)
    lines = {i + 1: line for i, line in enumerate(text.split("\n"))}
    return {c.start_line: c.features.filter_hits for c in found if pw[:4] in c.preview or pw in lines[c.start_line]}


def test_a_credential_in_a_fenced_command_is_not_prose():
    pw = random_password(seed=41, length=12)
    text = DOC.format(pw=pw)
    hits = _hits("docs/deploy.md", text, pw)
    curl_line = text.split("\n").index(next(l for l in text.split("\n") if l.startswith("curl"))) + 1
    psql_line = curl_line + 4
    assert curl_line in hits and "quoted_in_prose" not in hits[curl_line]
    assert psql_line in hits and "quoted_in_prose" not in hits[psql_line]
    mysql_line = len(text.split("\n")) - 1
    assert mysql_line in hits and "quoted_in_prose" not in hits[mysql_line]


def test_the_same_value_in_a_sentence_is_still_prose():
    pw = random_password(seed=41, length=12)
    text = f"Set `password = \"{pw}\"` in the file before you start the server for the first time.\n"
    found = Scanner(load_catalogue()).scan_text(text, 0, "docs/deploy.md")
    assert found and all("quoted_in_prose" in c.features.filter_hits for c in found)


def test_restructured_text_is_unchanged():
    # reST literal blocks are not fences: documented examples there stay dismissed as before
    pw = random_password(seed=41, length=12)
    text = f"Run::\n\n    curl -u deploy:{pw} https://registry.internal.example.net/v2/_catalog with your own user and password\n"
    found = Scanner(load_catalogue()).scan_text(text, 0, "docs/deploy.rst")
    assert found and all("quoted_in_prose" in c.features.filter_hits for c in found)
