"""The OpenAI judge against a real HTTP server on loopback, through the real `openai` client."""

from __future__ import annotations

import json

import jsonschema
import pytest

from secretloop.loops.judges.base import JudgeError, JudgeRequest
from secretloop.loops.judges.openai_judge import OpenAIJudge, reply_json_schema
from secretloop.loops.redact import char_classes, mask, preview
from secretloop.loops.settings import OpenAISettings
from secretloop.loops.state import Features
from tests.support import fake_openai_server as fake
from tests.support.fake_openai_server import FakeOpenAIServer, fake_openai, unused_port  # noqa: F401 (fixture)

# Made up for these tests: shaped like a key, valid nowhere.
PLANTED = "zq7Kp2Wm9Xv4Rt8Ly3Nb6Hc1Jd5Fg0Ts"
OTHER = "Qm4Vb8Zx2Lk7Tr9Wp3Hs6Nd1Fj5Gc0Ye"
KEY = "test-key-not-real-0001"
OUT_OF_RANGE = json.dumps(
    {"verdicts": [{"candidate_id": c, "verdict": "secret", "confidence": 1.5, "reason": "x", "note": None} for c in ("c1", "c2")]}
)


def request(cid: str, value: str = PLANTED, path: str = "app/settings.py", extra_context: int = 0) -> JudgeRequest:
    """A JudgeRequest built the way the scan phase builds one: context masked, value previewed."""
    line = f'SERVICE_TOKEN = "{value}"'
    start = line.index(value)
    context = [f"# filler {i}" for i in range(extra_context)] + ["import os", mask(line, start, start + len(value)), "DEBUG = False"]
    context += [f"# trailer {i}" for i in range(extra_context)]
    features = Features(
        length=len(value), entropy=4.87, char_classes=char_classes(value), key_name="SERVICE_TOKEN", language="python"
    )
    return JudgeRequest(
        candidate_id=cid,
        rule_id="generic-token",
        rule_description="A value assigned to a token-like name.",
        rule_confidence="low",
        path=path,
        language="python",
        preview=preview(value),
        features=features,
        context=context,
    )


def judge_for(server: FakeOpenAIServer, **overrides) -> OpenAIJudge:
    settings = OpenAISettings(model="fake-model", base_url=server.base_url, **overrides)
    lookup = {"id-1": PLANTED, "id-2": OTHER}.get
    return OpenAIJudge(settings, api_key=KEY, value_lookup=lookup if settings.send_values else None)


def assert_no_value_in(data: bytes, value: str) -> None:
    hidden = value[4:-3]  # the part a preview never shows
    for needle in (value, hidden, json.dumps(value)[1:-1]):
        assert needle.encode() not in data


# -- verdicts -------------------------------------------------------------------------------


async def test_verdicts_map_back_to_candidate_ids(fake_openai):
    fake_openai.default = fake.good(
        lambda c: "not_secret" if c["path"].startswith("tests/") else "secret",
        reason="provider-shaped token in config",
        note=lambda c: "odd file type" if c["path"].endswith(".bin") else None,
    )
    batch = [request("id-1"), request("id-2", OTHER, path="tests/fixture.py"), request("id-3", path="blob.bin")]
    verdicts, usage = await judge_for(fake_openai).judge(batch)

    by_id = {v.candidate_id: v for v in verdicts}
    assert set(by_id) == {"id-1", "id-2", "id-3"}
    assert by_id["id-1"].verdict == "secret"
    assert by_id["id-2"].verdict == "not_secret"
    assert by_id["id-1"].reason == "provider-shaped token in config"
    assert by_id["id-1"].note is None and by_id["id-3"].note == "odd file type"
    assert (usage.calls, usage.tokens) == (1, 120)
    assert len(fake_openai.chat_requests) == 1


async def test_request_carries_schema_settings_and_only_the_batch(fake_openai):
    judge = judge_for(fake_openai, temperature=0.3)
    await judge.judge([request("id-1")])

    sent = fake_openai.chat_requests[0]
    body = sent.json
    assert body["model"] == "fake-model"
    assert body["temperature"] == 0.3
    assert body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "triage_verdicts", "schema": reply_json_schema(), "strict": True},
    }
    assert [m["role"] for m in body["messages"]] == ["user"]
    assert sent.headers["authorization"] == f"Bearer {KEY}"
    [cand] = sent.candidates
    assert cand["rule"] == "generic-token" and cand["path"] == "app/settings.py" and cand["language"] == "python"
    assert cand["preview"] == preview(PLANTED)
    assert cand["features"]["length"] == len(PLANTED) and cand["features"]["key_name"] == "SERVICE_TOKEN"
    assert any("«" in line for line in cand["context"])
    assert "{{" not in sent.prompt_text
    assert judge.name == "openai:fake-model"


async def test_no_earlier_verdict_reaches_a_later_request(fake_openai):
    judge = judge_for(fake_openai)
    fake_openai.script(fake.good("secret", reason="FIRST-ROUND-REASON"))
    await judge.judge([request("id-1")])
    await judge.judge([request("id-2", OTHER)])

    second = fake_openai.chat_requests[1].body
    assert b"FIRST-ROUND-REASON" not in second
    assert [c["candidate_id"] for c in fake_openai.chat_requests[1].candidates] == ["c1"]


async def test_empty_batch_makes_no_call(fake_openai):
    verdicts, usage = await judge_for(fake_openai).judge([])
    assert verdicts == [] and usage.calls == 0
    assert fake_openai.requests == []


async def test_tokens_are_estimated_when_the_server_reports_none(fake_openai):
    fake_openai.default = fake.good(usage=False)
    _, usage = await judge_for(fake_openai).judge([request("id-1")])
    assert usage.calls == 1 and usage.tokens > 100  # the prompt alone is well over 400 characters


async def test_context_is_trimmed_to_the_setting_and_long_lines_clipped(fake_openai):
    req = request("id-1", extra_context=6)
    long_line = "x = '" + "a" * 5000 + "'"
    req = req.model_copy(update={"context": req.context[:3] + [long_line] + req.context[3:]})
    await judge_for(fake_openai, context_lines=1).judge([req])
    [cand] = fake_openai.chat_requests[0].candidates
    assert len(cand["context"]) == 3
    assert sum("«" in line for line in cand["context"]) == 1
    assert all(len(line) <= 402 for line in cand["context"])


# -- secrets stay home ------------------------------------------------------------------------


async def test_no_planted_value_leaves_by_default(fake_openai):
    batch = [request("id-1"), request("id-2", OTHER)]
    for req in batch:
        assert PLANTED not in req.preview and PLANTED[4:-3] not in req.preview
        assert OTHER not in req.preview and OTHER[4:-3] not in req.preview
    await judge_for(fake_openai).judge(batch)

    assert fake_openai.bodies  # something was sent
    assert_no_value_in(fake_openai.bodies, PLANTED)
    assert_no_value_in(fake_openai.bodies, OTHER)
    assert "The value is masked" in fake_openai.chat_requests[0].prompt_text


async def test_values_are_sent_only_when_opted_in(fake_openai):
    await judge_for(fake_openai, send_values=True).judge([request("id-1"), request("id-2", OTHER)])
    assert PLANTED.encode() in fake_openai.bodies and OTHER.encode() in fake_openai.bodies
    values = {c["candidate_id"]: c["value"] for c in fake_openai.chat_requests[0].candidates}
    assert values == {"c1": PLANTED, "c2": OTHER}


async def test_a_reply_echoing_a_sent_value_is_scrubbed(fake_openai):
    fake_openai.default = fake.good("secret", reason=f"the token {PLANTED} looks live", note=f"see {PLANTED}")
    verdicts, _ = await judge_for(fake_openai, send_values=True).judge([request("id-1")])
    assert PLANTED not in verdicts[0].reason and PLANTED not in (verdicts[0].note or "")
    assert preview(PLANTED) in verdicts[0].reason


def test_send_values_requires_a_value_lookup():
    with pytest.raises(ValueError):
        OpenAIJudge(OpenAISettings(send_values=True), api_key=KEY)


def test_prompt_version_depends_on_what_is_sent():
    plain = OpenAIJudge(OpenAISettings(), api_key=KEY)
    with_values = OpenAIJudge(OpenAISettings(send_values=True), api_key=KEY, value_lookup=lambda cid: None)
    assert plain.prompt_version == OpenAIJudge(OpenAISettings(model="other"), api_key=KEY).prompt_version
    assert plain.prompt_version != with_values.prompt_version


# -- failures ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "behaviour, kind, retryable",
    [
        (fake.garbage(), "invalid_reply", True),
        (fake.off_schema(), "invalid_reply", True),
        (fake.missing_id(), "invalid_reply", True),
        (fake.invented_id(), "invalid_reply", True),
        (fake.duplicated_id(), "invalid_reply", True),
        (fake.content(None), "invalid_reply", True),
        (fake.content(OUT_OF_RANGE), "invalid_reply", True),
        (fake.raw(200, b'{"choices": [', "application/json"), "invalid_reply", True),
        (fake.raw(200, b"plain text", "text/plain"), "invalid_reply", True),
        (fake.rate_limited(), "rate_limit", True),
        (fake.server_error(), "server_error", True),
        (fake.raw(502, b"<html>Bad Gateway</html>", "text/html"), "server_error", True),
        (fake.unauthorized(), "auth", False),
        (fake.forbidden(), "forbidden", False),
        (fake.model_not_found(), "unknown_model", False),
        (fake.bad_request(), "bad_request", False),
    ],
)
async def test_each_failure_maps_to_its_kind(fake_openai, behaviour, kind, retryable):
    fake_openai.default = behaviour
    with pytest.raises(JudgeError) as info:
        await judge_for(fake_openai).judge([request("id-1"), request("id-2", OTHER)])
    assert (info.value.kind, info.value.retryable) == (kind, retryable)
    assert len(fake_openai.chat_requests) == 1  # the judge never retries on its own
    assert KEY not in str(info.value) and PLANTED not in str(info.value)


async def test_invalid_reply_still_reports_the_call_it_cost(fake_openai):
    fake_openai.default = fake.garbage()
    with pytest.raises(JudgeError) as info:
        await judge_for(fake_openai).judge([request("id-1")])
    assert info.value.usage.calls == 1 and info.value.usage.tokens > 0


async def test_429_then_success(fake_openai):
    judge = judge_for(fake_openai)
    fake_openai.script(fake.rate_limited(), fake.good("secret"))
    with pytest.raises(JudgeError) as info:
        await judge.judge([request("id-1")])
    assert info.value.kind == "rate_limit" and info.value.retryable
    verdicts, _ = await judge.judge([request("id-1")])
    assert [v.verdict for v in verdicts] == ["secret"]
    assert len(fake_openai.chat_requests) == 2


async def test_500_every_time_fails_every_call(fake_openai):
    judge = judge_for(fake_openai)
    fake_openai.default = fake.server_error()
    for _ in range(3):
        with pytest.raises(JudgeError) as info:
            await judge.judge([request("id-1")])
        assert info.value.kind == "server_error" and info.value.retryable
    assert len(fake_openai.chat_requests) == 3


async def test_a_reply_slower_than_the_timeout(fake_openai):
    fake_openai.default = fake.slow(5.0)
    with pytest.raises(JudgeError) as info:
        await judge_for(fake_openai, timeout_seconds=0.5).judge([request("id-1")])
    assert info.value.kind == "timeout" and info.value.retryable
    assert len(fake_openai.chat_requests) == 1


async def test_connection_refused():
    settings = OpenAISettings(model="fake-model", base_url=f"http://127.0.0.1:{unused_port()}/v1", timeout_seconds=5)
    with pytest.raises(JudgeError) as info:
        await OpenAIJudge(settings, api_key=KEY).judge([request("id-1")])
    assert info.value.kind == "connection" and info.value.retryable


async def test_missing_api_key_names_the_variable(fake_openai, monkeypatch):
    monkeypatch.delenv("SECRETLOOP_TEST_KEY", raising=False)
    settings = OpenAISettings(model="fake-model", base_url=fake_openai.base_url, api_key_env="SECRETLOOP_TEST_KEY")
    with pytest.raises(JudgeError) as info:
        await OpenAIJudge(settings).judge([request("id-1")])
    assert (info.value.kind, info.value.retryable) == ("config", False)
    assert "SECRETLOOP_TEST_KEY" in str(info.value)
    assert fake_openai.requests == []


async def test_api_key_is_read_from_the_named_variable(fake_openai, monkeypatch):
    monkeypatch.setenv("SECRETLOOP_TEST_KEY", KEY)
    fake_openai.default = fake.unauthorized()
    settings = OpenAISettings(model="fake-model", base_url=fake_openai.base_url, api_key_env="SECRETLOOP_TEST_KEY")
    with pytest.raises(JudgeError) as info:
        await OpenAIJudge(settings).judge([request("id-1")])
    assert fake_openai.chat_requests[0].headers["authorization"] == f"Bearer {KEY}"
    assert "SECRETLOOP_TEST_KEY" in str(info.value) and KEY not in str(info.value)


# -- the schema -------------------------------------------------------------------------------


def test_reply_schema_is_strict_and_accepts_exactly_the_reply_shape():
    schema = reply_json_schema()
    item = schema["properties"]["verdicts"]["items"]
    assert schema["additionalProperties"] is False and item["additionalProperties"] is False
    assert set(item["required"]) == {"candidate_id", "verdict", "confidence", "reason", "note"}
    good = {"verdicts": [{"candidate_id": "c1", "verdict": "unsure", "confidence": 0.5, "reason": "r", "note": None}]}
    jsonschema.validate(good, schema)
    for bad in (
        {"verdicts": [dict(good["verdicts"][0], verdict="maybe")]},
        {"verdicts": [dict(good["verdicts"][0], extra=1)]},
        {"verdicts": [{k: v for k, v in good["verdicts"][0].items() if k != "note"}]},
        {"verdicts": [dict(good["verdicts"][0], confidence=2)]},
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema)
