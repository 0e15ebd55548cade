"""A filter's gate (needs_key_name, needs_in_value, needs_in_line, needs_example_place) skips its
check before the call: it may only skip a call that would return False. Here every gated check is
called anyway where its gate is closed, on the candidates of every rule's examples, as found, with
the key name taken away and in an example place, and must not match."""

from __future__ import annotations

from dataclasses import replace

import pytest

import secretloop.loops.features as features
from secretloop.loops.filters import FILTERS, FILTERS_BY_NAME
from secretloop.loops.filters import run as run_module
from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.scanner import Scanner


def _closed(name: str, value: str, line: str, key_name: str | None, example_place: bool) -> bool:
    f = FILTERS_BY_NAME[name]
    return bool((f.needs_key_name and not key_name) or (f.needs_example_place and not example_place)
                or (f.needs_in_value and set(f.needs_in_value).isdisjoint(value))
                or (f.needs_in_line and not any(c in line for c in f.needs_in_line)))


def test_gates_are_declared_on_some_filters_and_read_what_they_say():
    gated = [f for f in FILTERS if f.needs_key_name or f.needs_in_value or f.needs_in_line or f.needs_example_place]
    assert len(gated) >= 50
    assert all(f.surroundings for f in gated if f.needs_example_place)


@pytest.fixture(scope="module")
def gate_breaches(monkeypatch_module):
    catalogue = load_catalogue()
    breaches: list[tuple[str, str]] = []
    closed_calls = 0
    original = run_module.run_filters

    def checking(value, line, key_name, *, generic=True, language=None, known_prefix=None, surroundings=None, formats=None):
        nonlocal closed_calls
        variants = [(key_name, surroundings), (None, surroundings)]
        if surroundings is not None:
            variants.append((key_name, replace(surroundings, in_comment=True)))
        prefixed = bool(known_prefix) and value.startswith(known_prefix or "")
        body = value[len(known_prefix or ""):] if prefixed else value
        for key, around in variants:
            example_place = around is not None and around.example_place
            # every filter that applies to the candidate's kind, gates aside
            for name, check, after_prefix, extra, _, _ in run_module._plan(generic, prefixed, around is not None, True, True):
                v = body if after_prefix else value
                if not _closed(name, v, line, key, example_place):
                    continue
                closed_calls += 1
                if extra is run_module._PLAIN:
                    hit = check(v, line, key, language)
                else:
                    hit = check(v, line, key, language, around if extra is run_module._AROUND else formats)
                if hit:
                    breaches.append((name, f"{line[:60]!r}"))
        return original(value, line, key_name, generic=generic, language=language, known_prefix=known_prefix,
                        surroundings=surroundings, formats=formats)

    monkeypatch_module.setattr(features, "run_filters", checking)
    scanner = Scanner(catalogue)
    for rule in catalogue.rules:
        for text in [*rule.positive, *rule.negative]:
            for path in ("config.py", "tests/fixtures/app.env", "docs/setup.md"):
                scanner.scan_text(text, 0, path)
    assert closed_calls > 10_000  # the gates were exercised
    return breaches


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


def test_a_closed_gate_only_skips_a_check_that_would_not_match(gate_breaches):
    assert gate_breaches == []
