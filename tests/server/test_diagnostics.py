"""Candidate → Diagnostic: severity by status, source/code/link/data, and no value in the message."""

from __future__ import annotations

from lsprotocol import types

from secretloop.loops.state import JudgeOpinion
from secretloop.server.diagnostics import DiagnosticStyle, is_visible, message_for, to_diagnostic
from secretloop.server.rule_docs import rule_doc_url
from secretloop.server.settings import SeverityOptions
from tests.server.helpers import make_candidate
from tests.support.tokens import github_pat, random_password

RANGE = types.Range(start=types.Position(line=2, character=8), end=types.Position(line=2, character=48))
STYLE = DiagnosticStyle(severity=SeverityOptions())


def title(rule_id: str) -> str:
    return {"github-pat": "GitHub personal access token"}.get(rule_id, rule_id)


def test_confirmed_is_an_error_with_source_code_link_and_fingerprint():
    value = github_pat(1)
    c = make_candidate(value)
    d = to_diagnostic(c, RANGE, STYLE, title)
    assert d.severity == types.DiagnosticSeverity.Error
    assert d.source == "secretloop"
    assert d.code == "github-pat"
    assert d.code_description is not None and d.code_description.href == rule_doc_url("github-pat")
    assert d.code_description.href.endswith("/docs/rules/github-pat.md")
    assert d.data == {"fingerprint": c.fingerprint}
    assert d.range == RANGE
    assert "GitHub personal access token" in d.message and c.preview in d.message
    assert "known token format" in d.message
    assert value not in d.message


def test_pending_and_uncertain_are_warnings_dismissed_is_hidden():
    for status in ("pending", "uncertain"):
        c = make_candidate(random_password(2), rule_id="generic-password", status=status, reason="needs a judgement")
        assert is_visible(c)
        assert to_diagnostic(c, RANGE, STYLE, title).severity == types.DiagnosticSeverity.Warning
    assert not is_visible(make_candidate(random_password(3), status="dismissed"))
    assert not is_visible(make_candidate(random_password(4), status="candidate"))


def test_severities_follow_the_settings():
    style = DiagnosticStyle(severity=SeverityOptions(confirmed="warning", pending="information"))
    assert to_diagnostic(make_candidate(github_pat(5)), RANGE, style, title).severity == types.DiagnosticSeverity.Warning
    pending = make_candidate(random_password(6), status="pending")
    assert to_diagnostic(pending, RANGE, style, title).severity == types.DiagnosticSeverity.Information


def test_without_data_support_the_fingerprint_is_left_out():
    d = to_diagnostic(make_candidate(github_pat(7)), RANGE, DiagnosticStyle(severity=SeverityOptions(), data_support=False), title)
    assert d.data is None


def test_a_models_reason_is_labelled_as_the_models_and_shown_once():
    opinion = JudgeOpinion(judge="openai:gpt-4o-mini", verdict="unsure", confidence=0.5, reason="looks like a sample value")
    c = make_candidate(
        random_password(8), rule_id="generic-password", status="pending",
        reason="openai:gpt-4o-mini: looks like a sample value", decided_by="judge", opinion=opinion,
    )
    msg = message_for(c, "Password")
    assert "Model's opinion (openai:gpt-4o-mini, not verified): unsure, looks like a sample value" in msg
    assert msg.count("looks like a sample value") == 1
    assert msg.startswith("Possible secret, waiting for your review: Password")


def test_an_offline_judges_reason_is_plain():
    opinion = JudgeOpinion(judge="offline", verdict="secret", confidence=0.8, reason="high entropy")
    c = make_candidate(random_password(9), status="confirmed", reason="offline: high entropy", decided_by="judge", opinion=opinion)
    msg = message_for(c, "Password")
    assert "Reason: offline: high entropy" in msg and "Model" not in msg


def test_a_person_confirming_after_a_model_keeps_both_labelled():
    opinion = JudgeOpinion(judge="openai:m", verdict="unsure", confidence=0.5, reason="cannot tell")
    c = make_candidate(random_password(10), status="confirmed", reason="confirmed in the editor: a secret", decided_by="human", opinion=opinion)
    msg = message_for(c, "Password")
    assert "Reason: confirmed in the editor: a secret" in msg
    assert "Model's opinion (openai:m, not verified)" in msg
