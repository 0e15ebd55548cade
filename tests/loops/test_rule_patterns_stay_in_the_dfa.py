"""Every rule's pattern runs in RE2's DFA over ordinary text. A pattern whose bounded repetitions multiply
(`[^\\n]{0,200}?` before a group, `{0,60}?` after it) can exhaust the DFA's memory; RE2 then falls back to
its NFA for every file the rule's keywords select, silently (the detector compiles with log_errors off),
and a cold scan took twice its CPU. Here each pattern is compiled with RE2's logging on and run over the
rules' own examples, and the log must not say the DFA ran out of memory."""

from __future__ import annotations

import re2

from secretloop.loops.rules.catalogue import load_catalogue


def test_no_rule_pattern_exhausts_the_dfa(capfd) -> None:
    catalogue = load_catalogue()
    rules = list(catalogue.rules)
    # the examples of every rule, one after another: text dense with the shapes the keywords select
    text = "\n".join(e for r in rules for e in (*r.positive, *r.negative)).encode() * 3
    heavy = []
    for rule in rules:
        regex = re2.compile(rule.pattern)  # default options: errors are logged to stderr
        for _ in regex.finditer(text):
            pass
        if "DFA out of memory" in capfd.readouterr().err:
            heavy.append(rule.id)
    assert not heavy, f"patterns that exhaust RE2's DFA: {heavy}"
