"""Train the offline judge's logistic regression on the dev sets; report cross-validated numbers.

    python bench/accuracy/train_judge.py [--eval DIR] [--write] [--l2 1.0]

Rows are the candidates the filter phase leaves to the judge (bench/accuracy/judge_data.py),
labelled by whether their lines hit a true label. Cross-validation holds out whole groups:
each creddata repository in turn (leave-one-repository-out) and the gitleaks cases' rule
families in five folds, so the reported numbers come from code and rule families the model
did not see. The decision threshold is chosen on those held-out predictions. `--write`
refits on all rows and writes loops/judges/offline_model.py (plain data).

Needs numpy (training only; the judge itself is pure Python).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from judge_data import DEFAULT_EVAL, REPO, Row, collect  # noqa: E402

MODEL_PATH = REPO / "loops" / "judges" / "offline_model.py"
SETS = ("creddata", "gitleaks-cases")
# Signs fixed by what the features mean, whatever a small or skewed sample suggests: a
# credential-like name or a checksum that holds never makes a value less likely a secret; a
# value that reads as words or spells its own kind never makes it more likely.
NON_NEGATIVE = frozenset({"key_password", "key_credential", "checksum_ok", "known_prefix", "entropy", "len_ge20"})
NON_POSITIVE = frozenset({"sig_wordlike", "sig_english", "english_x_test", "wordlike_x_lower", "wordlike_x_password", "sig_names_credential", "sig_multiword", "key_fixture", "key_phrase",
                          "ctx_fixture_words", "entropy_gap", "sig_identifier", "sig_bare_word", "sig_same_as_user",
                          "sig_sequential", "len_lt6"})
UNSURE_BAND = 0.10  # width of the "unsure" band above the threshold (pending findings are reported)
# The dev sets label nearly every candidate line, so their best threshold is lower than real
# code tolerates: on django + typescript (bench/speed's corpus) 0.25 confirmed 194 findings
# where 0.40 with two more filters confirms 86, for 0.004 less creddata F1 (10 visible, 3 of them
# pending, once hash formats, literal unions, argument pairs and English words were recognised).
MIN_THRESHOLD = 0.40


def fit(x: np.ndarray, y: np.ndarray, l2: float, balance: float = 0.0, iterations: int = 30,
        names: list[str] | None = None) -> np.ndarray:
    """Ridge-penalised logistic regression by Newton's method (the bias is not penalised).

    `balance` in [0, 1] moves the class weights from none (0) towards equal totals (1): most
    rows that reach the judge are true, since the filters removed the obvious noise.
    """
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[0] = 0.0
    positives = max(1.0, y.sum())
    negatives = max(1.0, len(y) - y.sum())
    sample = np.where(y > 0.5, len(y) / (2 * positives), len(y) / (2 * negatives)) ** balance
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -40, 40)))
        grad = x.T @ (sample * (p - y)) + penalty * w
        hess = (x * (sample * p * (1 - p))[:, None]).T @ x + np.diag(penalty) + 1e-9 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if names:  # projected Newton: keep the signs the features' meaning fixes
            for i, name in enumerate(names):
                if name in NON_NEGATIVE and w[i] < 0 or name in NON_POSITIVE and w[i] > 0:
                    w[i] = 0.0
        if np.abs(step).max() < 1e-7:
            break
    return w


def fold_of(row: Row, dataset: str) -> str:
    if dataset == "creddata":
        return "creddata:" + row.group
    return "cases:" + str(int(hashlib.sha256(row.group.encode()).hexdigest(), 16) % 5)


def score_set(dataset: Path, rows: list[Row], reported: list[bool]) -> dict:
    sys.path.insert(0, str(dataset.parent.parent))
    import score  # the eval's own scorer: the numbers are the ones score.py prints

    spans = {(r.path, r.start_line, r.end_line) for r, rep in zip(rows, reported) if rep}
    return score.score(str(dataset), spans)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--eval", default=str(DEFAULT_EVAL), help="the eval folder (with dev/ and score.py)")
    ap.add_argument("--write", action="store_true", help="refit on all rows and write the model")
    ap.add_argument("--l2", type=float, default=3.0, help="ridge penalty")
    ap.add_argument("--balance", type=float, default=0.5, help="class weighting, 0 (none) to 1 (equal totals)")
    a = ap.parse_args()
    dev = Path(a.eval) / "dev"

    data: dict[str, list[Row]] = {}
    for name in SETS:
        data[name], _ = collect(dev / name)
    judged = [(name, r) for name in SETS for r in data[name] if r.stage == "judge"]
    names = ["bias"] + sorted({k for _, r in judged for k in r.features} - {"bias"})
    x = np.array([[r.features.get(k, 0.0) for k in names] for _, r in judged])
    y = np.array([float(r.truth) for _, r in judged])
    folds = np.array([fold_of(r, n) for n, r in judged])
    print(f"rows for the judge: {len(judged)} ({int(y.sum())} true), features: {len(names)}")

    held_out = np.zeros(len(judged))
    for fold in sorted(set(folds)):
        test = folds == fold
        w = fit(x[~test], y[~test], a.l2, a.balance, names=names)
        held_out[test] = 1.0 / (1.0 + np.exp(-np.clip(x[test] @ w, -40, 40)))

    index = {id(r): i for i, (_, r) in enumerate(judged)}
    best = None
    print("cross-validated (held-out groups), whole pipeline:")
    print(f"{'threshold':>9}  {'creddata P/R/F1':>22}  {'cases R/FAR':>14}")
    for threshold in np.arange(MIN_THRESHOLD, 0.91, 0.05):
        results = {}
        for name in SETS:
            reported = [r.status == "confirmed" if r.stage == "filter" else held_out[index[id(r)]] >= threshold
                        for r in data[name]]
            results[name] = score_set(dev / name, data[name], reported)
        c, g = results["creddata"], results["gitleaks-cases"]
        objective = c["f1"] + g["recall"] - 3 * max(0.0, g["false_alarm_rate"] - 0.08)
        print(f"{threshold:9.2f}  {c['precision']:.3f}/{c['recall']:.3f}/{c['f1']:.3f}  "
              f"{g['recall']:.3f}/{g['false_alarm_rate']:.3f}")
        if best is None or objective > best[0]:
            best = (objective, float(threshold), c, g)
    _, threshold, c, g = best
    print(f"chosen threshold {threshold:.2f}: creddata P {c['precision']} R {c['recall']} F1 {c['f1']} "
          f"(without UUID {c.get('recall_without_uuid')}); cases R {g['recall']} FAR {g['false_alarm_rate']}")

    w = fit(x, y, a.l2, a.balance, names=names)
    for k, v in sorted(zip(names, w), key=lambda kv: -abs(kv[1]))[:20]:
        print(f"  {k:28} {v:+.3f}")
    if a.write:
        lines = [
            '"""Weights of the offline judge\'s logistic regression: plain data, regenerated by',
            "bench/accuracy/train_judge.py (trained on the labelled dev sets only). Do not edit by hand.",
            "",
            f"Cross-validated (held-out repositories and rule families) at the chosen threshold:",
            f"creddata P {c['precision']} R {c['recall']} F1 {c['f1']}; gitleaks cases R {g['recall']} "
            f"FAR {g['false_alarm_rate']}.",
            '"""',
            "",
            "WEIGHTS: dict[str, float] = {",
            *[f"    {k!r}: {v:.6f}," for k, v in zip(names, w)],
            "}",
            f"SECRET_AT = {min(1.0, threshold + UNSURE_BAND):.2f}",
            f"NOT_SECRET_BELOW = {threshold:.2f}",
            "",
        ]
        MODEL_PATH.write_text("\n".join(lines), encoding="utf-8")
        print(f"wrote {MODEL_PATH.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
