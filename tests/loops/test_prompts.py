"""Prompt templates: namespaced placeholders, loud failures, the triage template's content."""

from __future__ import annotations

import re

import pytest

from secretloop.loops.prompts import PromptError, load_template, parse_template, render

TRIAGE_VALUES = {"value_policy": "The value is masked.", "count": "1", "candidates": '{"candidate_id":"c1"}'}


def test_triage_template_loads_with_its_placeholders():
    t = load_template("triage")
    assert t.placeholders == {"value_policy", "count", "candidates"}
    text = t.render(TRIAGE_VALUES)
    assert "{{" not in text and "}}" not in text
    assert '{"candidate_id":"c1"}' in text


def test_triage_template_states_role_constraints_and_output_format():
    text = load_template("triage").text
    assert "You are a security reviewer" in text
    assert "each candidate on its own" in text.lower()
    assert "Judge only what is shown" in text
    for verdict in ('"secret"', '"not_secret"', '"unsure"'):
        assert verdict in text
    assert '{"verdicts": [' in text
    # Nothing about the overall flow: the judge is not told about phases, retries or people.
    assert not re.search(r"\b(phases?|retry|retries|loop|earlier verdicts?)\b", text, re.IGNORECASE)


def test_unfilled_placeholder_fails():
    values = dict(TRIAGE_VALUES)
    del values["count"]
    with pytest.raises(PromptError, match=r"unfilled: sl\.count"):
        render("triage", values)


def test_unknown_value_fails():
    with pytest.raises(PromptError, match=r"unknown: sl\.history"):
        render("triage", TRIAGE_VALUES | {"history": "earlier verdicts"})


def test_non_string_value_fails():
    with pytest.raises(PromptError, match="not str"):
        render("triage", TRIAGE_VALUES | {"count": 1})


@pytest.mark.parametrize("bad", ["{{count}}", "{{ sl.count }}", "{{sl.Count}}", "{{sl.}}", "{{state.cursor}}"])
def test_malformed_placeholders_are_rejected(bad):
    with pytest.raises(PromptError, match="malformed placeholder"):
        parse_template("t", f"line one\nsay {bad} here")


def test_unclosed_placeholder_is_rejected():
    with pytest.raises(PromptError, match="unclosed"):
        parse_template("t", "start {{sl.count} end")


def test_values_are_inserted_literally_in_one_pass():
    t = parse_template("t", "a={{sl.a}} b={{sl.b}}")
    assert t.render({"a": "{{sl.b}}", "b": "x"}) == "a={{sl.b}} b=x"


def test_version_follows_the_text():
    assert parse_template("t", "x {{sl.a}}").version == parse_template("u", "x {{sl.a}}").version
    assert parse_template("t", "x {{sl.a}}").version != parse_template("t", "y {{sl.a}}").version


def test_missing_or_badly_named_template_fails():
    with pytest.raises(PromptError, match="no prompt template"):
        load_template("no_such_phase")
    with pytest.raises(PromptError, match="bad prompt name"):
        load_template("../settings")
