"""filter: candidates → confirmed / dismissed (with reason) / uncertain.

Deterministic layers only, cheapest first: inline suppressions, a person's earlier
decision (decisions file, keyed by fingerprint), the named filters that matched at
scan time (the decisive ones: signal filters are left to the judge), and structure (a
high-confidence rule whose checksum holds or that has none; a private key in a test, docs or a
comment, or a format without a checksum that a comment introduces as an example, goes to a
person instead). What none of them settles is `uncertain` and goes to the
judge — a known format with a failed checksum among them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..filters import DECISIVE_FILTERS, FILTER_REASONS
from ..state import Candidate
from .base import RoundResult, StatusChange

# fingerprint -> ("confirmed" | "dismissed", reason) from the decisions file
DecisionLookup = Callable[[int, str], tuple[str, str] | None]


@dataclass(frozen=True)
class FilterTools:
    batch: list[Candidate]
    remaining: int  # candidates still unfiltered, this batch included
    decision_for: DecisionLookup  # (root index, fingerprint) -> decision
    key_material: frozenset[str] = frozenset()  # ids of the rules that find private keys


# Signals after which a person decides, whichever rule found the value and however sure it is, told what to check.
_TO_A_PERSON = {
    # Refused by the service now, so no hurry; but it was signed with the account key, and CredData-style
    # reviews count it: a person removes it and checks where the key that signed it lives.
    "expired_signature": "a signed URL past its expiry (an Azure shared access signature's se=, an AWS or Google "
                         "presigned URL's date and expires): the service refuses it; remove it and check that the "
                         "key that signed it is not exposed",
    # A token past its exp: refused wherever exp is checked (most libraries do by default), but it was signed by a
    # live key, and a service that skips the check still takes it.
    "expired_jwt": "a JWT past its exp claim by more than a month: services that check exp refuse it; remove it and "
                   "check that the key that signed it is not exposed",
    # The same key on every machine that runs `supabase start`: harmless there, unless a deployed project signs
    # with the local secret.
    "supabase_local_key": "the Supabase CLI's local development key (issuer supabase-demo), the same on every "
                          "machine: check that no deployed project uses the local JWT secret",
}


def classify(c: Candidate, decision: tuple[str, str] | None, key_material: frozenset[str] = frozenset()) -> StatusChange:
    f = c.features
    if f.suppressed_by:
        return StatusChange(candidate_id=c.id, status="dismissed", reason=f"inline allow comment ({f.suppressed_by})", decided_by="suppression")
    if decision is not None:
        status, why = decision
        return StatusChange(candidate_id=c.id, status=status, reason=why or f"{status} in the decisions file", decided_by="decisions_file")
    decisive = [name for name in f.filter_hits if name in DECISIVE_FILTERS]
    if decisive:
        name = decisive[0]
        return StatusChange(candidate_id=c.id, status="dismissed", reason=FILTER_REASONS.get(name, name), decided_by="filter")
    for signal, advice in _TO_A_PERSON.items():
        if signal in f.filter_hits:
            return StatusChange(candidate_id=c.id, status="pending", decided_by="rule", reason=advice)
    if c.rule_confidence == "high" and f.checksum_valid is not False:
        if c.rule_id in key_material and (f.in_test_path or f.in_docs_path or f.in_comment):
            # Test suites and docs are full of key pairs made for them (TLS fixtures, signing
            # examples): real key material all the same, so a person looks, once (the
            # decision follows the key's fingerprint).
            return StatusChange(candidate_id=c.id, status="pending", decided_by="rule",
                                reason="a private key in a test, docs or a comment: usually an example made for it; a person decides")
        if f.checksum_valid is None and "introduced_as_example" in f.filter_hits:
            # Documentation shows a format by example ("a token looks something like: …"); with
            # no checksum to tell a real one from a made-up one, a person looks.
            return StatusChange(candidate_id=c.id, status="pending", decided_by="rule",
                                reason="a known token format shown as an example in a comment or docs; a person decides")
        if "maps_sdk_client_key" in f.filter_hits:
            # The Maps and Places SDKs take their key in the app itself: it ships to every device, and its
            # restrictions are what protect it (and the bill), which a person checks.
            return StatusChange(candidate_id=c.id, status="pending", decided_by="rule",
                                reason="a Google Maps SDK key that ships in the app: check that it is restricted to the "
                                       "app (package and certificate, bundle id or referrers) and to the Maps APIs")
        if "listen_only_access_key" in f.filter_hits:
            return StatusChange(candidate_id=c.id, status="pending", decided_by="rule",
                                reason="the key of a listen-only access policy, made for client apps: check that the "
                                       "policy can only listen, and that no full-access key ships beside it")
        why = "known token format with a valid checksum" if f.checksum_valid else "known token format"
        return StatusChange(candidate_id=c.id, status="confirmed", reason=why, decided_by="rule")
    return StatusChange(candidate_id=c.id, status="uncertain", reason="needs a judgement", decided_by="filter")


class FilterPhase:
    name = "filter"

    async def round(self, tools: FilterTools) -> RoundResult:
        changes = [classify(c, tools.decision_for(c.root, c.fingerprint), tools.key_material) for c in tools.batch]
        counts: dict[str, int] = {}
        for ch in changes:
            counts[ch.status] = counts.get(ch.status, 0) + 1
        return RoundResult(
            action="filter_batch",
            args={"candidates": len(tools.batch)},
            summary=", ".join(f"{v} {k}" for k, v in sorted(counts.items())) or "nothing to filter",
            changes=changes,
            complete=len(tools.batch) >= tools.remaining,
        )
