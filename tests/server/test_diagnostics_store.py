"""The store's guard: an older scan's result never replaces a newer one; decisions apply by fingerprint."""

from __future__ import annotations

from secretloop.server.diagnostics_store import DiagnosticsStore, Ticks
from tests.server.helpers import make_candidate
from tests.support.tokens import github_pat, random_password

KEY, URI, ROOT = "/ws/app/config.py", "file:///ws/app/config.py", "/ws"


def test_ticks_rise():
    t = Ticks()
    assert [t.next(), t.next(), t.next()] == [1, 2, 3]


def test_old_workspace_result_never_overwrites_a_newer_document_result():
    store = DiagnosticsStore()
    ticks = Ticks()
    workspace_tick = ticks.next()  # the workspace run started first...
    document_tick = ticks.next()  # ...then the person edited and a document scan started
    doc = [make_candidate(github_pat(1))]
    assert store.offer(KEY, URI, ROOT, doc, "document", document_tick, version=4) is not None
    stale = [make_candidate(github_pat(2))]
    assert store.offer(KEY, URI, ROOT, stale, "workspace", workspace_tick) is None
    entry = store.get(KEY)
    assert entry is not None and entry.origin == "document" and entry.findings == doc and entry.version == 4


def test_a_newer_workspace_run_replaces_an_older_document_result():
    store = DiagnosticsStore()
    store.offer(KEY, URI, ROOT, [make_candidate(github_pat(1))], "document", 1)
    assert store.offer(KEY, URI, ROOT, [], "workspace", 2) is not None
    assert store.get(KEY).findings == []


def test_a_slow_older_document_scan_is_dropped():
    store = DiagnosticsStore()
    store.offer(KEY, URI, ROOT, [], "document", 7, version=9)
    assert store.offer(KEY, URI, ROOT, [make_candidate(github_pat(3))], "document", 6, version=8) is None
    assert store.get(KEY).version == 9


def test_drop_respects_newer_results():
    store = DiagnosticsStore()
    store.offer(KEY, URI, ROOT, [], "document", 5)
    assert store.drop(KEY, 4) is None and store.get(KEY) is not None
    assert store.drop(KEY, 5) is not None and store.get(KEY) is None


def test_a_decision_applies_wherever_the_same_value_is_shown_except_under_an_allow_comment():
    value = random_password(4)
    here = make_candidate(value, rule_id="generic-password", status="pending", path="a.py")
    there = make_candidate(value, rule_id="generic-password", status="uncertain", path="b.py")
    allowed = make_candidate(value, rule_id="generic-password", status="dismissed", decided_by="suppression", path="c.py")
    other = make_candidate(random_password(5), rule_id="generic-password", status="pending", path="a.py", line=9)
    store = DiagnosticsStore()
    store.offer("/ws/a.py", "file:///ws/a.py", ROOT, [here, other], "workspace", 1)
    store.offer("/ws/b.py", "file:///ws/b.py", ROOT, [there], "workspace", 1)
    store.offer("/ws/c.py", "file:///ws/c.py", ROOT, [allowed], "workspace", 1)
    changed = store.apply_decision(here.fingerprint, "confirmed", "confirmed in the editor: a secret")
    assert sorted(e.key for e in changed) == ["/ws/a.py", "/ws/b.py", "/ws/c.py"]
    a = {c.id: c for c in store.get("/ws/a.py").findings}
    assert a[here.id].status == "confirmed" and a[here.id].decided_by == "human"
    assert a[other.id].status == "pending"
    assert store.get("/ws/b.py").findings[0].status == "confirmed"
    assert store.get("/ws/c.py").findings[0].status == "dismissed"
