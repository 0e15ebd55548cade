"""The offline pipeline in-process over a labelled set: what the judge is asked, and the truth.

Shared by train_judge.py (which fits the judge on these rows) and run.py's by-stage
numbers. Every file of a set is scanned as the CLI would (discover → scan → filter); each
candidate becomes a row with its stage decision, the judge's feature vector when it
reaches the judge, and whether its lines hit a true label. Rows hold no values.
"""

from __future__ import annotations

import json
import os
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from secretloop.loops.discovery import Unreadable, discover, read_text  # noqa: E402
from secretloop.loops.judges.base import JudgeRequest  # noqa: E402
from secretloop.loops.judges.offline import features_of  # noqa: E402
from secretloop.loops.phases.filter import classify  # noqa: E402
from secretloop.loops.rules.catalogue import load_catalogue  # noqa: E402
from secretloop.loops.scanner import Scanner  # noqa: E402
from secretloop.loops.settings import Settings  # noqa: E402

DEFAULT_EVAL = REPO.parent / "shared" / "eval"


@dataclass
class Row:
    path: str
    start_line: int
    end_line: int
    rule_id: str
    stage: str  # "filter" (settled before the judge: confirmed or dismissed) or "judge"
    status: str  # the filter phase's status: confirmed, dismissed or uncertain
    group: str  # cross-validation group: the repository (creddata) or the rule family (cases)
    features: dict[str, float] = field(default_factory=dict)
    request: JudgeRequest | None = None
    truth: bool = False  # the lines hit a true label


def load_labels(dataset: Path) -> list[dict]:
    return [json.loads(line) for line in open(dataset / "labels.jsonl", encoding="utf-8")]


def _groups(labels: list[dict]) -> dict[str, str]:
    """Top folder of a path -> group: creddata's repository, or the case's rule family."""
    out: dict[str, str] = {}
    for lab in labels:
        top = lab["path"].split("/", 1)[0]
        out.setdefault(top, lab.get("repo") or lab.get("category", "").split("-")[0])
    return out


def collect(dataset: Path) -> tuple[list[Row], list[dict]]:
    """Rows for every candidate the scanner finds in dataset/files, and the labels."""
    labels = load_labels(dataset)
    by_path: dict[str, list[dict]] = defaultdict(list)
    for lab in labels:
        by_path[lab["path"]].append(lab)
    groups = _groups(labels)
    root = dataset / "files"
    catalogue = load_catalogue()
    scanner = Scanner(catalogue)
    entries, _skipped = discover([str(root)], Settings())
    rows: list[Row] = []
    for entry in entries:
        try:
            text = read_text(os.path.join(root, entry.path), Settings().max_file_size)
        except Unreadable:
            continue
        for c in scanner.scan_text(text, 0, entry.path):
            change = classify(c, None)
            truth = any(lab["label"] and lab["line_start"] <= c.end_line and c.start_line <= lab["line_end"]
                        for lab in by_path.get(entry.path, ()))
            row = Row(path=entry.path, start_line=c.start_line, end_line=c.end_line, rule_id=c.rule_id,
                      stage="judge" if change.status == "uncertain" else "filter", status=change.status,
                      group=groups.get(entry.path.split("/", 1)[0], "?"), truth=truth)
            if row.stage == "judge":
                row.request = JudgeRequest.from_candidate(c, catalogue.get(c.rule_id).description)
                row.features = features_of(row.request)
            rows.append(row)
    return rows, labels
