"""Report renderers (text, JSON, SARIF) over a run state built by hand.

The SARIF output is validated against the OASIS SARIF 2.1.0 schema kept in
tests/fixtures. Every test that renders also checks that none of the synthetic values
behind the findings appears in the output.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

import jsonschema
import pytest

import secretloop
from secretloop.loops.redact import fingerprint, preview
from secretloop.loops.reports import RULE_DOCS_BASE, render, rule_help_uri
from secretloop.loops.reports import json_report, sarif, text
from secretloop.loops.state import (
    Candidate,
    Failure,
    Features,
    FileEntry,
    JudgeOpinion,
    Note,
    RunState,
    SkippedFile,
    Task,
)
from tests.support.tokens import github_pat, high_entropy, random_password

SCHEMA_PATH = Path(__file__).resolve().parents[1] / "fixtures" / "sarif-schema-2.1.0.json"


@dataclass(frozen=True)
class FakeRule:
    id: str
    title: str
    category: str
    confidence: str
    description: str


class FakeCatalogue:
    """The catalogue interface reports use: get(rule_id) -> rule, KeyError when unknown."""

    def __init__(self, *rules: FakeRule):
        self._rules = {r.id: r for r in rules}

    def get(self, rule_id: str) -> FakeRule:
        return self._rules[rule_id]


CATALOGUE = FakeCatalogue(
    FakeRule("github-pat", "GitHub personal access token", "vcs", "high", "A classic GitHub token; revoke it in settings."),
    FakeRule("generic-password", "Password assigned in code", "password", "low", "A password literal."),
    FakeRule("generic-high-entropy", "High-entropy string", "generic", "low", "A random-looking literal."),
)


@dataclass
class Planted:
    state: RunState
    values: list[str]


def _candidate(value: str, rule_id: str, root: int, path: str, line: int, col: int, **kw) -> Candidate:
    fp = fingerprint(rule_id, value)
    end_line = kw.pop("end_line", line)
    end_col = kw.pop("end_col", col + len(value))
    return Candidate(
        id=f"{fp}@{root}:{path}:{line}:{col}",
        rule_id=rule_id,
        rule_confidence=kw.pop("rule_confidence", "high" if rule_id == "github-pat" else "low"),
        root=root,
        path=path,
        start_line=line,
        start_col=col,
        end_line=end_line,
        end_col=end_col,
        preview=preview(value),
        fingerprint=fp,
        features=Features(length=len(value), entropy=4.1, char_classes="Aa1"),
        **kw,
    )


@pytest.fixture
def planted(tmp_path: Path) -> Planted:
    root_a = tmp_path / "repo a"  # a space: URIs must be encoded
    root_b = tmp_path / "b"
    root_a.mkdir()
    root_b.mkdir()
    v = [github_pat(1), random_password(2), high_entropy(3), random_password(4), github_pat(5), random_password(6), random_password(7)]
    cands = [
        _candidate(v[0], "github-pat", 0, "src/app.py", 3, 9, status="confirmed", reason="structure and checksum", decided_by="rule"),
        _candidate(
            v[1], "generic-password", 0, "config/dev settings.env", 5, 14, end_line=6, end_col=4,
            status="pending", reason="the judge could not settle it", decided_by="judge",
            opinion=JudgeOpinion(judge="openai:gpt-4o-mini", verdict="unsure", confidence=0.5, reason="could be a sample"),
        ),
        _candidate(v[2], "generic-high-entropy", 0, "src/util.py", 8, 0, status="dismissed", reason="placeholder text", decided_by="filter"),
        _candidate(
            v[3], "generic-password", 1, "tests/fixture.py", 2, 11, status="dismissed", reason="a test fixture value",
            decided_by="judge", opinion=JudgeOpinion(judge="openai:gpt-4o-mini", verdict="not_secret", confidence=0.9, reason="test data"),
        ),
        _candidate(v[4], "github-pat", 1, "deploy/ci.yml", 7, 12, status="dismissed", reason="revoked token kept for docs", decided_by="decisions_file"),
        _candidate(v[5], "generic-password", 0, "src/db.py", 1, 20, status="dismissed", reason="inline allow comment (secretloop:allow)", decided_by="suppression"),
        _candidate(v[6], "generic-password", 1, "main.go", 4, 2, status="dismissed", reason="not a secret, says Ana", decided_by="human"),
    ]
    state = RunState(task=Task(roots=[str(root_a), str(root_b)]), status="need_human", status_reason="1 finding waits for a person")
    state.files = [FileEntry(root=c.root, path=c.path, size=100) for c in cands] + [FileEntry(root=0, path="logo.png", size=9000)]
    state.processed = [True] * len(state.files)
    state.skipped = [SkippedFile(root=0, path="logo.png", reason="binary")]
    state.candidates = cands
    state.history.files_scanned = len(cands)
    state.history.files_skipped = 1
    return Planted(state=state, values=v)


def _assert_no_values(output: str, values: list[str]) -> None:
    leaked = [i for i, value in enumerate(values) if value in output]
    assert not leaked, f"values #{leaked} appear in the output"  # indices only, never the values


@pytest.fixture(scope="module")
def schema() -> dict:
    doc = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert doc["title"] == "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"
    assert doc["id"].endswith("/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
    return doc


def _schema_errors(schema: dict, doc: dict) -> list[str]:
    """Errors under the schema's own draft (draft-04) and under Draft-07: both must accept."""
    out = []
    for cls in (jsonschema.validators.validator_for(schema), jsonschema.Draft7Validator):
        cls.check_schema(schema)
        validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
        out += [f"{cls.__name__}: {'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(doc)]
    return out


# ---- SARIF -------------------------------------------------------------------------------


def test_sarif_is_valid_against_the_official_schema(planted: Planted, schema: dict) -> None:
    out = render("sarif", planted.state, CATALOGUE)
    _assert_no_values(out, planted.values)
    doc = json.loads(out)
    assert _schema_errors(schema, doc) == []
    assert doc["version"] == "2.1.0"
    assert doc["$schema"] == sarif.SARIF_SCHEMA_URI
    assert len(doc["runs"]) == 1


def test_the_schema_check_rejects_a_broken_log(planted: Planted, schema: dict) -> None:
    # The validation above must be able to fail: a column of 0 and a result without a
    # message are both outside SARIF 2.1.0.
    doc = sarif.document(planted.state, CATALOGUE)
    broken = copy.deepcopy(doc)
    broken["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startColumn"] = 0
    del broken["runs"][0]["results"][1]["message"]
    errors = _schema_errors(schema, broken)
    assert any("startColumn" in e for e in errors)
    assert any("message" in e for e in errors)


def test_sarif_driver_and_rules(planted: Planted) -> None:
    run = sarif.document(planted.state, CATALOGUE)["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "secretloop"
    assert driver["version"] == secretloop.__version__
    assert driver["informationUri"].startswith("https://")
    # Only rules with emitted results; the filter-dismissed high-entropy one has none.
    ids = [r["id"] for r in driver["rules"]]
    assert ids == ["generic-password", "github-pat"]
    pat = driver["rules"][1]
    assert pat["shortDescription"]["text"] == "GitHub personal access token"
    assert pat["fullDescription"]["text"].startswith("A classic GitHub token")
    assert pat["helpUri"] == RULE_DOCS_BASE + "github-pat.md" == rule_help_uri("github-pat")
    assert pat["properties"]["tags"] == ["vcs"]
    assert pat["name"] == "GithubPat"
    for res in run["results"]:
        assert driver["rules"][res["ruleIndex"]]["id"] == res["ruleId"]


def test_sarif_levels_regions_and_fingerprints(planted: Planted) -> None:
    results = {r["partialFingerprints"]["secretloop/v1"]: r for r in sarif.document(planted.state, CATALOGUE)["runs"][0]["results"]}
    by_fp = {c.fingerprint: c for c in planted.state.candidates}

    confirmed = results[planted.state.candidates[0].fingerprint]
    assert confirmed["level"] == "error"
    region = confirmed["locations"][0]["physicalLocation"]["region"]
    # 0-based start_col 9 -> SARIF column 10; end column is the one just past the value.
    assert region == {"startLine": 3, "startColumn": 10, "endLine": 3, "endColumn": 10 + len(planted.values[0])}
    assert "structure and checksum" in confirmed["message"]["text"]
    assert by_fp[planted.state.candidates[0].fingerprint].preview in confirmed["message"]["text"]
    assert "suppressions" not in confirmed

    pending = results[planted.state.candidates[1].fingerprint]
    assert pending["level"] == "warning"
    assert pending["locations"][0]["physicalLocation"]["region"] == {"startLine": 5, "startColumn": 15, "endLine": 6, "endColumn": 5}
    assert all(r["level"] != "note" for r in results.values())


def test_sarif_locations_use_root_base_ids(planted: Planted) -> None:
    run = sarif.document(planted.state, CATALOGUE)["runs"][0]
    roots = planted.state.task.roots
    assert run["originalUriBaseIds"] == {
        "ROOT0": {"uri": Path(roots[0]).as_uri() + "/"},
        "ROOT1": {"uri": Path(roots[1]).as_uri() + "/"},
    }
    assert run["originalUriBaseIds"]["ROOT0"]["uri"].startswith("file:///")
    assert "%20" in run["originalUriBaseIds"]["ROOT0"]["uri"]
    seen = set()
    for res in run["results"]:
        loc = res["locations"][0]["physicalLocation"]["artifactLocation"]
        cand = next(c for c in planted.state.candidates if c.fingerprint == res["partialFingerprints"]["secretloop/v1"])
        assert loc["uriBaseId"] == f"ROOT{cand.root}"
        assert not loc["uri"].startswith("/") and unquote(loc["uri"]) == cand.path
        seen.add(loc["uriBaseId"])
    assert seen == {"ROOT0", "ROOT1"}  # several roots, each resolved through its own base
    spaced = next(r for r in run["results"] if r["ruleId"] == "generic-password" and r["level"] == "warning")
    # written as the name is (score.py and other readers compare paths without decoding them)
    assert spaced["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "config/dev settings.env"


def test_sarif_suppressions_and_omitted_filter_dismissals(planted: Planted) -> None:
    results = sarif.document(planted.state, CATALOGUE)["runs"][0]["results"]
    fps = {r["partialFingerprints"]["secretloop/v1"]: r for r in results}
    c = planted.state.candidates
    assert c[2].fingerprint not in fps  # dismissed by a deterministic filter: noise, not emitted
    assert len(results) == len(c) - 1

    expected = {3: "external", 4: "external", 5: "inSource", 6: "external"}  # judge, decisions file, comment, person
    for i, kind in expected.items():
        sup = fps[c[i].fingerprint]["suppressions"]
        assert [s["kind"] for s in sup] == [kind]
        assert sup[0]["justification"] == c[i].reason
        assert sup[0]["status"] == "accepted"
    assert fps[c[3].fingerprint]["suppressions"][0]["properties"]["judge"] == "openai:gpt-4o-mini"


def test_sarif_invocation_reports_failures(planted: Planted, schema: dict) -> None:
    st = planted.state
    st.status = "budget_exhausted"
    st.status_reason = "judge call budget spent"
    st.failures.entries.append(
        Failure(phase="triage", step="openai", kind="rate_limit", retryable=True, message="429 from the model server", round=4)
    )
    st.failures.entries.append(Failure(phase="triage", step="openai", kind="auth", retryable=False, message="bad credentials"))
    st.notes.append(Note(phase="scan", source="scanner", text="unexpected file type", path="data/blob.xyz"))
    doc = sarif.document(st, CATALOGUE)
    inv = doc["runs"][0]["invocations"][0]
    assert inv["executionSuccessful"] is False
    notes = inv["toolExecutionNotifications"]
    assert [n["level"] for n in notes] == ["warning", "error", "note"]
    assert "rate_limit" in notes[0]["message"]["text"] and "429" in notes[0]["message"]["text"]
    assert "budget" in inv["exitCodeDescription"]
    assert _schema_errors(schema, doc) == []


def test_sarif_successful_run_and_unknown_rule(planted: Planted, schema: dict) -> None:
    st = planted.state
    st.status = "done"
    st.status_reason = ""
    st.candidates.append(_candidate(high_entropy(9), "rule-from-an-older-version", 0, "x.txt", 1, 0, status="confirmed", decided_by="judge"))
    doc = sarif.document(st, CATALOGUE)
    run = doc["runs"][0]
    assert run["invocations"][0]["executionSuccessful"] is True
    assert run["invocations"][0]["toolExecutionNotifications"] == []
    unknown = next(r for r in run["tool"]["driver"]["rules"] if r["id"] == "rule-from-an-older-version")
    assert unknown["shortDescription"]["text"] == "rule-from-an-older-version"
    assert _schema_errors(schema, doc) == []


class NoneCatalogue(FakeCatalogue):
    """Like the real catalogue: get() returns None for an id it does not know."""

    def get(self, rule_id: str) -> FakeRule | None:
        return self._rules.get(rule_id)


@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_every_format_renders_without_a_catalogue_entry(planted: Planted, fmt: str) -> None:
    for catalogue in (NoneCatalogue(), FakeCatalogue(), None):
        out = render(fmt, planted.state, catalogue)
        _assert_no_values(out, planted.values)
        assert "generic-password" in out


def test_sarif_with_no_findings_is_valid(tmp_path: Path, schema: dict) -> None:
    st = RunState(task=Task(roots=[str(tmp_path)]), status="done")
    doc = sarif.document(st, CATALOGUE)
    assert doc["runs"][0]["results"] == []
    assert doc["runs"][0]["tool"]["driver"]["rules"] == []
    assert _schema_errors(schema, doc) == []


# ---- JSON --------------------------------------------------------------------------------


def test_json_report_structure(planted: Planted) -> None:
    out = render("json", planted.state, CATALOGUE)
    _assert_no_values(out, planted.values)
    doc = json.loads(out)
    assert set(doc) >= {"version", "run", "findings", "skipped", "notes", "failures"}
    run = doc["run"]
    assert run["id"] == planted.state.task.run_id
    assert run["status"] == "need_human" and run["reason"] == "1 finding waits for a person"
    assert run["roots"] == planted.state.task.roots
    assert run["counts"] == {"candidate": 0, "confirmed": 1, "dismissed": 5, "uncertain": 0, "pending": 1}
    assert (run["files_total"], run["files_scanned"], run["files_skipped"]) == (8, 7, 1)
    assert doc["skipped"] == [{"root": 0, "path": "logo.png", "reason": "binary", "phase": "discover"}]
    # Every finding, dismissed ones too (consumers filter), in a stable order.
    assert len(doc["findings"]) == len(planted.state.candidates)
    assert [f["status"] for f in doc["findings"]].count("dismissed") == 5


def test_json_report_keeps_one_finding_per_line_and_compact_form_is_the_same_document(planted: Planted) -> None:
    out = render("json", planted.state, CATALOGUE)
    doc = json.loads(out)
    lines = out.splitlines()
    for f in doc["findings"]:  # each finding is one readable, diffable line
        assert sum(1 for line in lines if f'"id": {json.dumps(f["id"])}' in line) == 1
    assert len(lines) < len(doc["findings"]) + len(doc["skipped"]) + 30
    compact = render("json", planted.state, CATALOGUE, indent=None)
    assert len(compact.splitlines()) == 1
    assert json.loads(compact) == doc


def test_json_finding_fields(planted: Planted) -> None:
    doc = json_report.document(planted.state, CATALOGUE)
    by_fp = {f["fingerprint"]: f for f in doc["findings"]}
    c = planted.state.candidates
    pat = by_fp[c[0].fingerprint]
    assert pat["path"] == "src/app.py"
    assert pat["root"] == planted.state.task.roots[0]
    assert (pat["line"], pat["end_line"], pat["column"], pat["end_column"]) == (3, 3, 10, 10 + len(planted.values[0]))
    assert pat["rule_id"] == "github-pat" and pat["rule_title"] == "GitHub personal access token"
    assert (pat["status"], pat["reason"], pat["decided_by"]) == ("confirmed", "structure and checksum", "rule")
    assert pat["preview"] == c[0].preview
    assert pat["confidence"]["rule"] == "high"
    assert "opinion" not in pat

    judged = by_fp[c[3].fingerprint]
    assert judged["root"] == planted.state.task.roots[1]
    assert judged["opinion"]["by"] == "openai:gpt-4o-mini"
    assert judged["opinion"]["verdict"] == "not_secret"
    assert by_fp[c[2].fingerprint]["decided_by"] == "filter"  # filter dismissals stay in JSON


def test_json_failures_and_notes(planted: Planted) -> None:
    st = planted.state
    st.failures.entries.append(Failure(phase="scan", step="read", kind="unreadable", retryable=False, message="permission denied"))
    st.notes.append(Note(phase="filter", source="filters", text="odd encoding", path="a.txt"))
    doc = json_report.document(st, CATALOGUE)
    assert doc["failures"][0]["kind"] == "unreadable"
    assert doc["notes"][0]["text"] == "odd encoding"


# ---- text --------------------------------------------------------------------------------


def test_text_report_groups_and_summary(planted: Planted) -> None:
    st = planted.state
    st.task.roots = st.task.roots[:1]  # one root: paths are shown relative to it
    for c in st.candidates:
        c.root = 0
    out = text.render(st, CATALOGUE)
    _assert_no_values(out, planted.values)
    lines = out.splitlines()
    assert "\033[" not in out
    confirmed = f"  src/app.py:3:10  CONFIRMED  github-pat  {st.candidates[0].preview}  (structure and checksum)"
    pending = f"  config/dev settings.env:5:15  PENDING  generic-password  {st.candidates[1].preview}  (the judge could not settle it)"
    assert confirmed in lines and pending in lines
    assert lines.index(confirmed) < lines.index(pending)
    assert any(l.startswith("5 dismissed as not secrets (") for l in lines)
    # Dismissed candidates are counted, not listed.
    for c in st.candidates[2:]:
        assert c.preview not in out
    summary = lines[-1]
    for part in ("1 confirmed", "1 waiting for review", "5 dismissed", "7 of 9 files scanned", "1 skipped", "run need_human"):
        assert part in summary


def test_text_colour_only_when_asked(planted: Planted) -> None:
    assert "\033[" not in text.render(planted.state, CATALOGUE, color=False)
    coloured = render("text", planted.state, CATALOGUE, color=True)
    assert "\033[1;31mCONFIRMED\033[0m" in coloured


def test_text_several_roots_show_full_paths(planted: Planted) -> None:
    out = text.render(planted.state, CATALOGUE)
    root_a = planted.state.task.roots[0]
    assert f"{root_a}/src/app.py:3:10  CONFIRMED" in out


def test_text_empty_run_and_failures(tmp_path: Path) -> None:
    st = RunState(task=Task(roots=[str(tmp_path)]), status="failed", status_reason="too many failures")
    st.failures.entries.append(Failure(phase="scan", step="read", kind="io", retryable=True, message="disk went away"))
    out = text.render(st, None)
    assert "No secrets found." in out
    assert "scan/read: io (retryable): disk went away" in out
    assert out.splitlines()[-1].endswith("run failed (too many failures)")


def test_unknown_format_is_a_clear_error(planted: Planted) -> None:
    with pytest.raises(ValueError, match="unknown report format 'xml'"):
        render("xml", planted.state, CATALOGUE)


def test_text_summary_adds_up_when_the_scan_skips_a_listed_file(planted: Planted) -> None:
    # A cold scan lists a binary file and its scan skips it; a rescan's discovery skips it
    # unlisted. "N of M scanned, K skipped" must add up either way.
    from secretloop.loops.state import SkippedFile

    st = planted.state.model_copy(deep=True)
    st.skipped = [SkippedFile(root=0, path="blob.bin", reason="binary (NUL byte)", phase="scan"),
                  SkippedFile(root=0, path="big.log", reason="too large", phase="discover")]
    st.history.files_skipped = 2
    scanned = st.history.files_scanned
    summary = text.render(st, CATALOGUE, color=False).splitlines()[-1]
    assert f"{scanned} of {len(st.files) + 1} files scanned, 2 skipped" in summary
