"""The offline judge's shortcuts give exactly what the plain computation gives: its score sums
only the non-zero terms, its key-name features are cached, and its reasons are looked up by name."""

from __future__ import annotations

import math

from secretloop.loops.judges import offline_model
from secretloop.loops.judges.base import JudgeRequest
from secretloop.loops.judges.offline import _REASONS, explain, features_of, probability
from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.scanner import Scanner
from tests.support.tokens import github_pat, high_entropy, random_password

CATALOGUE = load_catalogue()
SCANNER = Scanner(CATALOGUE)


def _requests() -> list[JudgeRequest]:
    text = "".join([
        f'password = "{random_password(seed=3)}"\n',
        f'api_key = "{high_entropy(seed=4, length=32)}"\n',
        f'GITHUB_TOKEN={github_pat(seed=5)}\n',
        f'# example: secret = "{high_entropy(seed=6, length=24)}"\n',
        f'db_url = "postgres://admin:{random_password(seed=7)}@db.internal/app"\n',
        'password = "changeme"\n',
    ])
    found = SCANNER.scan_text(text, 0, "src/settings.py") + SCANNER.scan_text(text, 0, "tests/test_settings.py")
    assert len(found) >= 8, [c.rule_id for c in found]
    return [JudgeRequest.from_candidate(c, CATALOGUE.get(c.rule_id).description) for c in found]


def _plain_probability(feats: dict[str, float]) -> float:
    """The score as the model defines it: every feature's term, in the features' order."""
    z = sum(offline_model.WEIGHTS.get(name, 0.0) * value for name, value in feats.items())
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


def _plain_explain(feats: dict[str, float], secret: bool) -> list[str]:
    weights = offline_model.WEIGHTS
    contributions = [(weights.get(n, 0.0) * v, n) for n, v in feats.items() if n in _REASONS and v]
    # pushes under a tenth are too small to name
    toward = sorted((c for c in contributions if (c[0] > 0) == secret and abs(c[0]) >= 0.1), reverse=secret)
    return [_REASONS[n] for _, n in toward[:3]]


def test_score_and_reasons_equal_the_plain_computation_bit_for_bit() -> None:
    reqs = _requests()
    probabilities = set()
    for req in reqs:
        feats = features_of(req)
        p = probability(req, feats)
        assert p == _plain_probability(feats)  # ==, not approx: verdicts and reports must not move
        probabilities.add(p)
        for secret in (True, False):
            assert explain(req, secret, feats) == _plain_explain(feats, secret)
    assert len(probabilities) >= 4  # the requests differ, so the check covers more than one case


def test_cached_key_features_are_not_shared_between_requests() -> None:
    req = _requests()[0]
    first = features_of(req)
    first["key_password"] = 42.0  # a caller may change its own vector
    assert features_of(req)["key_password"] != 42.0
