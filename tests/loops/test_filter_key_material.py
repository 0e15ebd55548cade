"""Private keys in test and docs files go to a person; elsewhere a known format is confirmed."""

from __future__ import annotations

import asyncio
from pathlib import Path

from secretloop.loops.bundle_view import is_bundle
from secretloop.loops.engine import Engine
from secretloop.loops.runs import RunStore, new_run
from secretloop.loops.settings import Settings
from tests.support.tokens import base62, github_pat

# A private key block in the shape the rules check (header, base64 body, footer); random body.
def pem_key(seed: int) -> str:
    body = [base62(10**60 + seed * 7919 + i, 64) for i in range(12)]
    return "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join("MIIEow" + b[6:] if i == 0 else b for i, b in enumerate(body)) + "\n-----END RSA PRIVATE KEY-----\n"


def scan(root: Path, tmp: Path):
    state = new_run([str(root)], Settings())
    return asyncio.run(Engine(state, store=RunStore(tmp / "state")).run())


def statuses(state) -> dict[str, tuple[str, str]]:
    return {c.path: (c.status, c.rule_id) for c in state.candidates}


def test_a_private_key_in_tests_or_docs_waits_for_a_person(tmp_path):
    root = tmp_path / "ws"
    for rel in ("tests/fixtures/server.key", "docs/signing.md", "deploy/server.key", "demos/user_rsa_key"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(pem_key(len(rel)))
    commented = "".join(f"// {line}\n" for line in pem_key(99).splitlines())
    (root / "src" / "client.ts").parent.mkdir(parents=True)
    (root / "src" / "client.ts").write_text(f"/**\n * Example:\n{commented} */\nexport {{}};\n")
    (root / "tests" / "test_api.py").write_text(f'TOKEN = "{github_pat(seed=8)}"\n')
    found = statuses(scan(root, tmp_path))
    assert found["deploy/server.key"][0] == "confirmed"
    assert found["tests/fixtures/server.key"][0] == "pending" and found["docs/signing.md"][0] == "pending"
    assert found["demos/user_rsa_key"][0] == "pending"
    assert found["src/client.ts"] == ("pending", "private-key-rsa")  # an example written in a comment
    assert all(rule.startswith("private-key") for path, (_, rule) in found.items() if path.endswith((".key", ".md", "_key")))
    # a token with a valid checksum stays confirmed in a test: recorded real tokens happen there
    assert found["tests/test_api.py"] == ("confirmed", "github-pat")


def test_a_key_pasted_inline_on_one_long_line_of_js_is_read_by_every_rule_not_as_a_bundle(tmp_path):
    # A service account's key in JS code: its PEM on one line with \n escapes (~900 bytes here,
    # longer for a real RSA key). A long line of one string is not minified code.
    root = tmp_path / "ws"
    root.mkdir()
    inline = pem_key(3).replace("\n", "\\n") * 2  # two keys' length: well over the 1,000-byte line limit
    (root / "firebase.js").write_text(f'admin.initializeApp({{\n  credential: admin.credential.cert({{\n'
                                      f'    privateKey: "{inline}",\n  }}),\n}});\n')
    final = scan(root, tmp_path)
    assert not is_bundle("firebase.js", (root / "firebase.js").read_text())
    assert found_in(final, "firebase.js")


def found_in(state, path: str) -> bool:
    return any(c.path == path and c.status in ("confirmed", "pending") and "private-key" in c.rule_id for c in state.candidates)
