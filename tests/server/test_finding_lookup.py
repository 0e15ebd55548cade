"""Finding a finding: by fingerprint (data), or by range + code when the client sends no data (Neovim 0.7)."""

from __future__ import annotations

from lsprotocol import types

from secretloop.server.diagnostics_store import FileFindings
from secretloop.server.finding_lookup import find_finding, findings_in_range, fingerprint_from_data
from tests.server.helpers import make_candidate
from tests.support.tokens import github_pat, random_password


def rng(line: int, a: int, b: int) -> types.Range:
    return types.Range(start=types.Position(line=line, character=a), end=types.Position(line=line, character=b))


def diag(r: types.Range, code: str) -> types.Diagnostic:
    return types.Diagnostic(range=r, message="m", code=code, source="secretloop")


def entry_with_two() -> tuple[FileFindings, object, object]:
    token = make_candidate(github_pat(1), line=3, col=8)
    password = make_candidate(random_password(2), rule_id="generic-password", line=3, col=60, status="pending")
    entry = FileFindings(key="/w/a.py", uri="file:///w/a.py", root="/w", findings=[token, password], origin="workspace", tick=1)
    entry.shown = [(token, diag(rng(2, 8, 48), "github-pat")), (password, diag(rng(2, 60, 78), "generic-password"))]
    return entry, token, password


def test_by_fingerprint():
    entry, token, password = entry_with_two()
    assert find_finding(entry, fingerprint=password.fingerprint) is password
    assert find_finding(entry, fingerprint=fingerprint_from_data({"fingerprint": token.fingerprint})) is token


def test_by_range_and_code_without_data():
    entry, token, password = entry_with_two()
    assert find_finding(entry, rng=rng(2, 60, 78), code="generic-password") is password
    assert find_finding(entry, rng=rng(2, 8, 48), code="github-pat") is token
    assert find_finding(entry, rng=rng(2, 8, 48), code="generic-password") is None


def test_a_cursor_inside_a_finding_is_enough():
    entry, token, _ = entry_with_two()
    assert find_finding(entry, rng=rng(2, 20, 20), code=None) is token
    assert [c for c, _ in findings_in_range(entry, rng(2, 65, 65))][0].rule_id == "generic-password"
    assert findings_in_range(entry, rng(7, 0, 0)) == []


def test_unknown_things_find_nothing():
    entry, _, _ = entry_with_two()
    assert find_finding(entry, fingerprint="sl1:" + "0" * 32) is None
    assert find_finding(None, fingerprint="x") is None
    assert fingerprint_from_data(None) is None and fingerprint_from_data({"fingerprint": 3}) is None
