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
    # (a value that is the prefix alone, a password "postgres" where postgres:// is a format's prefix, has no body)
    prefixed = bool(known_prefix) and value.startswith(known_prefix or "") and len(value) > len(known_prefix or "")
    body = value[len(known_prefix or ""):] if prefixed else value
    example_place = surroundings is not None and surroundings.example_place
    hits = []
    for name, check, after_prefix, extra, value_chars, line_chars in _plan(
            generic, prefixed, surroundings is not None, bool(key_name), example_place):
        v = body if after_prefix else value
        # the check's own code returns False without one of these characters (its needs_in_value, needs_in_line)
        if value_chars is not None and value_chars.isdisjoint(v):
            continue
        if line_chars is not None and not _holds_one(line, line_chars):
            continue
        if extra is _PLAIN:
            if check(v, line, key_name, language):
                hits.append(name)
        elif check(v, line, key_name, language, surroundings if extra is _AROUND else formats):  # type: ignore[call-arg]
            hits.append(name)
    return hits


# What a filter reads besides (value, line, key_name, language).
_PLAIN, _AROUND, _FORMATS = "plain", "surroundings", "formats"


def _holds_one(line: str, chars: tuple[str, ...]) -> bool:
    for c in chars:
        if c in line:
            return True
    return False


@functools.lru_cache(maxsize=64)
def _plan(generic: bool, prefixed: bool, with_surroundings: bool, with_key_name: bool, example_place: bool
          ) -> tuple[tuple[str, Check, bool, str, frozenset[str] | None, tuple[str, ...] | None], ...]:
    """The filters that apply to a candidate of this kind, in catalogue order, with what each reads and
    the characters its gate asks of the value and the line: worked out once per kind of candidate. A
    filter that needs a key name or an example place (needs_key_name, needs_example_place) is left out
    of the plans for candidates without: its check would return False."""
    return tuple(
        (f.name, f.check, f.after_prefix, _AROUND if f.surroundings else _FORMATS if f.formats else _PLAIN,
         frozenset(f.needs_in_value) if f.needs_in_value else None, tuple(f.needs_in_line) if f.needs_in_line else None)
        for f in FILTERS
        if (generic or not f.generic_only) and (prefixed or not f.prefix_required) and (with_surroundings or not f.surroundings)
        and not (prefixed and f.unprefixed_only)
        and (with_key_name or not f.needs_key_name) and (example_place or not f.needs_example_place)
    )
