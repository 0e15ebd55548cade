"""The offline judge: deterministic, no network, decides from a candidate's features.

It scores the evidence a person would weigh — how specific the rule is, whether the
value is assigned to a credential-like name, how random it looks, and where it sits
(tests, docs, comments) — and answers `unsure` only in a narrow middle band, so that
few findings wait for a person.
"""

from __future__ import annotations

import re

from .base import JudgeRequest, JudgeUsage, Verdict

_CREDENTIAL_NAME = re.compile(r"(?i)(pass(word|wd|phrase)?|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|auth|credential|cred|client[_-]?secret|signing|bearer|session)")
_BASE = {"high": 0.85, "medium": 0.55, "low": 0.35}

SECRET_AT = 0.6
NOT_SECRET_BELOW = 0.4


def score(req: JudgeRequest) -> tuple[float, list[str]]:
    f = req.features
    s = _BASE[req.rule_confidence]
    why: list[str] = [f"{req.rule_confidence}-confidence rule"]
    if f.checksum_valid is False:
        return 0.05, ["checksum does not match the token format"]
    if f.checksum_valid:
        s += 0.2
        why.append("checksum valid")
    if f.known_prefix:
        s += 0.1
        why.append(f"known prefix {f.known_prefix}")
    if f.key_name and _CREDENTIAL_NAME.search(f.key_name):
        s += 0.15
        why.append("assigned to a credential-like name")
    if f.length >= 16:
        if f.entropy >= 4.0:
            s += 0.15
            why.append(f"high entropy ({f.entropy:.1f} bits/char)")
        elif f.entropy < 3.0:
            s -= 0.2
            why.append(f"low entropy ({f.entropy:.1f} bits/char)")
    elif f.length < 6:
        s -= 0.2
        why.append("very short value")
    if len(f.char_classes.replace("-", "")) >= 3:
        s += 0.05
    if f.in_test_path:
        s -= 0.15
        why.append("in a test or fixture path")
    if f.in_docs_path:
        s -= 0.15
        why.append("in documentation or examples")
    if f.in_comment:
        s -= 0.1
        why.append("in a comment")
    return max(0.0, min(1.0, s)), why


class OfflineJudge:
    name = "offline"

    async def judge(self, batch: list[JudgeRequest]) -> tuple[list[Verdict], JudgeUsage]:
        out = []
        for req in batch:
            s, why = score(req)
            if s >= SECRET_AT:
                verdict, conf = "secret", s
            elif s < NOT_SECRET_BELOW:
                verdict, conf = "not_secret", 1.0 - s
            else:
                verdict, conf = "unsure", 0.5
            out.append(Verdict(candidate_id=req.candidate_id, verdict=verdict, confidence=round(conf, 3), reason="; ".join(why)[:500]))
        return out, JudgeUsage()
