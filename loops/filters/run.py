"""Running the catalogue: `run_filters` runs the filters that apply to a candidate (by rule
kind, known prefix and whether the surroundings are known) and returns the names that match, in
catalogue order; FILTER_REASONS, DECISIVE_FILTERS and FILTERS_BY_NAME index the catalogue.
"""

from __future__ import annotations

import functools

from .catalogue import FILTERS
from .formats import RuleFormats
from .registry import Check, Filter, Surroundings


# Longer values are key blocks or blobs: the shape filters are meant for tokens.
_MAX_FILTERED_LENGTH = 4096


FILTER_REASONS: dict[str, str] = {f.name: f.reason for f in FILTERS}
DECISIVE_FILTERS: frozenset[str] = frozenset(f.name for f in FILTERS if f.decisive)
FILTERS_BY_NAME: dict[str, Filter] = {f.name: f for f in FILTERS}


def run_filters(
    value: str,
    line: str,
    key_name: str | None,
    *,
    generic: bool = True,
    language: str | None = None,
    known_prefix: str | None = None,
    surroundings: Surroundings | None = None,
    formats: RuleFormats | None = None,
) -> list[str]:
    """Names of the filters that match, in catalogue order.

    `generic=False` (a high-confidence rule: the format alone says secret) skips the
    filters that only make sense for generic matches. `language` (from language_for)
    lets code_reference tell a variable from an unquoted config value. `known_prefix`
    (the format's prefix the value starts with) is cut off for `after_prefix` filters.
    `surroundings` (the lines around, the path's kind) lets the filters that need them run.
    `formats` (the scan's rules, `RuleFormats`) stands for the packaged catalogue's when None.
    """
    if len(value) > _MAX_FILTERED_LENGTH:
        return []
    prefixed = bool(known_prefix) and value.startswith(known_prefix or "")
    body = value[len(known_prefix or ""):] if prefixed else value
    hits = []
    for name, check, after_prefix, extra in _plan(generic, prefixed, surroundings is not None):
        v = body if after_prefix else value
        if extra is _PLAIN:
            if check(v, line, key_name, language):
                hits.append(name)
        elif check(v, line, key_name, language, surroundings if extra is _AROUND else formats):  # type: ignore[call-arg]
            hits.append(name)
    return hits


# What a filter reads besides (value, line, key_name, language).
_PLAIN, _AROUND, _FORMATS = "plain", "surroundings", "formats"


@functools.lru_cache(maxsize=8)
def _plan(generic: bool, prefixed: bool, with_surroundings: bool) -> tuple[tuple[str, Check, bool, str], ...]:
    """The filters that apply to a candidate of this kind, in catalogue order, with what each
    reads: worked out once per kind instead of three tests per filter per candidate."""
    return tuple(
        (f.name, f.check, f.after_prefix, _AROUND if f.surroundings else _FORMATS if f.formats else _PLAIN)
        for f in FILTERS
        if (generic or not f.generic_only) and (prefixed or not f.prefix_required) and (with_surroundings or not f.surroundings)
        and not (prefixed and f.unprefixed_only)
    )
