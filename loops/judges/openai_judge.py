"""A judge backed by any OpenAI-compatible chat completions endpoint (DESIGN.md §1.7, §1.8, §2).

Works with OpenAI and with local servers that speak the same API (Ollama, vLLM,
llama.cpp's server): point `base_url` at them. One request per batch; the reply is
constrained by `response_format` = `json_schema` (strict), built from the pydantic reply
model below. There is one path only, no json_object fallback: the servers named above
all accept json_schema, and a second path would be a second prompt to keep correct.

What is sent, per candidate: rule id, description and confidence, file path, language,
masked context lines, the redacted preview and shape features. Never an earlier verdict
(JudgeRequest has no field for one), and never the value, unless `send_values` is on.

WARNING, send_values: with it on, each candidate's raw value is sent to the endpoint
(`value_lookup(candidate_id)` supplies it). Turn it on only for a server you trust with
your secrets, e.g. a model running on your own machine.

This judge does not retry: the client has max_retries=0, and every failure is raised as a
JudgeError whose `kind`/`retryable` let the loop's one global retry counter decide.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any, Callable
from urllib.parse import urlsplit, urlunsplit

import openai
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..prompts import PromptError, load_template
from ..redact import preview
from ..settings import OpenAISettings
from .base import JudgeError, JudgeRequest, JudgeUsage, Verdict, VerdictKind

PROMPT_NAME = "triage"
SCHEMA_NAME = "triage_verdicts"
MAX_CONTEXT_LINE = 400  # characters per context line: a minified file must not fill the prompt
MAX_TEXT = 500  # Verdict.reason / Verdict.note limit
MAX_SERVER_MESSAGE = 200  # characters of a server's error message kept in a JudgeError

VALUE_MASKED = (
    "The value is masked: you see its redacted preview (at most a few leading and trailing "
    "characters, its length and character classes) and shape features. Do not guess the value."
)
VALUE_SENT = (
    'A candidate\'s field "value" holds its raw value (a candidate without one is masked: judge it '
    "from its preview and shape features). Never repeat a value."
)

ValueLookup = Callable[[str], "str | None"]


class ReplyVerdict(BaseModel):
    """One entry of the model's reply."""

    model_config = ConfigDict(extra="forbid")

    candidate_id: str
    verdict: VerdictKind
    confidence: float = Field(ge=0.0, le=1.0)
    reason: str = Field(min_length=1)
    note: str | None = None


class TriageReply(BaseModel):
    model_config = ConfigDict(extra="forbid")

    verdicts: list[ReplyVerdict]


_DROPPED_KEYWORDS = ("title", "description", "default", "minLength")


def reply_json_schema() -> dict[str, Any]:
    """The reply schema in the strict form structured-output servers accept.

    Strict mode wants every object closed and every property required (optional ones are
    nullable instead). Refs are inlined and titles, descriptions and defaults dropped, which
    keeps it portable to the grammar converters local servers use.
    """
    raw = TriageReply.model_json_schema()
    defs = raw.pop("$defs", {})

    def strict(node: Any) -> Any:
        if isinstance(node, list):
            return [strict(n) for n in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            return strict(defs[node["$ref"].rsplit("/", 1)[-1]])
        out = {k: strict(v) for k, v in node.items() if k not in _DROPPED_KEYWORDS}
        if "properties" in node:  # property names are data, not keywords: keep them all
            out["properties"] = {name: strict(sub) for name, sub in node["properties"].items()}
        if out.get("type") == "object":
            out["additionalProperties"] = False
            out["required"] = list(out.get("properties", {}))
        return out

    return strict(raw)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _clip_context_line(line: str) -> str:
    """Keep a long line's part around the masked value marker."""
    if len(line) <= MAX_CONTEXT_LINE:
        return line
    at = max(line.find("«"), 0)
    start = max(0, min(at - MAX_CONTEXT_LINE // 4, len(line) - MAX_CONTEXT_LINE))
    return ("…" if start else "") + line[start : start + MAX_CONTEXT_LINE] + "…"


def _trim_context(lines: list[str], keep: int) -> list[str]:
    """At most `keep` lines either side of the line holding the value (a «…» marker nearest the middle)."""
    if len(lines) <= 2 * keep + 1:
        return lines
    middle = len(lines) // 2
    marked = [i for i, line in enumerate(lines) if "«" in line]
    centre = min(marked, key=lambda i: abs(i - middle)) if marked else middle
    return lines[max(0, centre - keep) : centre + keep + 1]


def _safe_url(url: str | None) -> str:
    """A base URL for messages: user info (which may hold a key) removed."""
    if not url:
        return "the default OpenAI endpoint"
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host += f":{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


class OpenAIJudge:
    """Judge = one chat completion per batch through `openai.AsyncOpenAI`."""

    def __init__(
        self,
        settings: OpenAISettings,
        *,
        api_key: str | None = None,
        value_lookup: ValueLookup | None = None,
    ):
        if settings.send_values and value_lookup is None:
            raise ValueError("send_values is on but no value_lookup was given")
        self.settings = settings
        self.name = f"openai:{settings.model}"
        self._api_key = api_key
        self._value_lookup = value_lookup if settings.send_values else None
        self._template = load_template(PROMPT_NAME)
        self._schema = reply_json_schema()
        # What the verdict depends on besides the candidate: the prompt, the reply schema and
        # whether values were sent. A change to any of them invalidates cached verdicts.
        basis = json.dumps([self._template.version, self._schema, settings.send_values], sort_keys=True)
        self.prompt_version = hashlib.sha256(basis.encode("utf-8")).hexdigest()[:12]

    # -- request ---------------------------------------------------------------------------

    def _resolve_api_key(self) -> str:
        if self._api_key:
            return self._api_key
        key = os.environ.get(self.settings.api_key_env)
        if not key:
            raise JudgeError(
                "config",
                f"no API key: environment variable {self.settings.api_key_env} is not set "
                "(for a local server that needs no key, set it to any value)",
                retryable=False,
            )
        return key

    def build_prompt(self, batch: list[JudgeRequest]) -> tuple[str, dict[str, str], list[str]]:
        """Render the prompt for a batch.

        Returns the prompt, the map from the short ids shown to the model back to candidate
        ids (short ids are cheaper and harder to garble than fingerprints), and the raw values
        sent (empty unless send_values), so a reply echoing one can be scrubbed.
        """
        ids: dict[str, str] = {}
        sent: list[str] = []
        lines: list[str] = []
        for n, req in enumerate(batch, start=1):
            short = f"c{n}"
            ids[short] = req.candidate_id
            item: dict[str, Any] = {
                "candidate_id": short,
                "rule": req.rule_id,
                "rule_description": req.rule_description,
                "rule_confidence": req.rule_confidence,
                "path": req.path,
                "language": req.language,
                "preview": req.preview,
                "features": req.features.model_dump(exclude={"language"})
                | {"entropy": round(req.features.entropy, 2)},
                "context": [_clip_context_line(x) for x in _trim_context(req.context, self.settings.context_lines)],
            }
            if self._value_lookup is not None:
                value = self._value_lookup(req.candidate_id)
                if value:
                    item["value"] = value
                    sent.append(value)
            lines.append(json.dumps(item, ensure_ascii=False, separators=(",", ":")))
        try:
            prompt = self._template.render(
                {
                    "value_policy": VALUE_SENT if sent else VALUE_MASKED,
                    "count": str(len(batch)),
                    "candidates": "\n".join(lines),
                }
            )
        except PromptError as err:
            raise JudgeError("config", str(err), retryable=False) from err
        return prompt, ids, sent

    # -- the call ---------------------------------------------------------------------------

    async def judge(self, batch: list[JudgeRequest]) -> tuple[list[Verdict], JudgeUsage]:
        if not batch:
            return [], JudgeUsage()
        if len({r.candidate_id for r in batch}) != len(batch):
            raise ValueError("a batch must not hold the same candidate twice")
        api_key = self._resolve_api_key()
        prompt, ids, sent = self.build_prompt(batch)
        scrub = _Scrubber(sent + [api_key])
        try:
            async with openai.AsyncOpenAI(
                api_key=api_key,
                base_url=self.settings.base_url,
                timeout=self.settings.timeout_seconds,
                max_retries=0,
            ) as client:
                response = await client.chat.completions.create(
                    model=self.settings.model,
                    messages=[{"role": "user", "content": prompt}],
                    temperature=self.settings.temperature,
                    response_format={
                        "type": "json_schema",
                        "json_schema": {"name": SCHEMA_NAME, "schema": self._schema, "strict": True},
                    },
                )
        except openai.OpenAIError as err:
            raise self._map_error(err, scrub) from None
        except ValueError as err:  # the client could not decode the HTTP body (e.g. truncated JSON)
            error = JudgeError("invalid_reply", f"{self.name}: the response body is not JSON ({type(err).__name__})", True)
            error.usage = JudgeUsage(calls=1, tokens=_tokens(None, prompt, ""))
            raise error from None
        except Exception as err:  # anything else from the client: a failed call, never a crash of the loop
            detail = scrub(_clip(str(err), MAX_SERVER_MESSAGE))
            raise JudgeError("client_error", f"{self.name}: {type(err).__name__}: {detail}", False) from None
        content = _reply_content(response)
        usage = JudgeUsage(calls=1, tokens=_tokens(response, prompt, content or ""))
        verdicts = self._parse_reply(content, ids, scrub, usage)
        return verdicts, usage

    # -- the reply --------------------------------------------------------------------------

    def _parse_reply(
        self, content: str | None, ids: dict[str, str], scrub: "_Scrubber", usage: JudgeUsage
    ) -> list[Verdict]:
        def invalid(why: str) -> JudgeError:
            err = JudgeError("invalid_reply", f"{self.name}: {why}", retryable=True)
            err.usage = usage  # the call happened and cost tokens even though the round failed
            return err

        if content is None:
            raise invalid("the reply has no message content")
        try:
            data = json.loads(content)
        except json.JSONDecodeError as e:
            raise invalid(f"the reply is not valid JSON ({e.msg} at char {e.pos})") from None
        try:
            reply = TriageReply.model_validate(data)
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "(reply)"
            raise invalid(f"the reply does not match the schema ({e.error_count()} errors; first at {where}: {first['msg']})") from None
        seen = [v.candidate_id for v in reply.verdicts]
        invented = sorted(set(seen) - set(ids))
        missing = sorted(set(ids) - set(seen))
        duplicated = sorted({i for i in seen if seen.count(i) > 1})
        if invented or missing or duplicated:
            problems = [
                f"{label}: {', '.join(found)}"
                for label, found in (("missing", missing), ("unknown", invented), ("duplicated", duplicated))
                if found
            ]
            raise invalid("the reply's candidate ids do not match the request (" + "; ".join(problems) + ")")
        return [
            Verdict(
                candidate_id=ids[v.candidate_id],
                verdict=v.verdict,
                confidence=v.confidence,
                reason=_clip(scrub(v.reason.strip()), MAX_TEXT),
                note=_clip(scrub(v.note.strip()), MAX_TEXT) if v.note and v.note.strip() else None,
            )
            for v in reply.verdicts
        ]

    def _map_error(self, err: openai.OpenAIError, scrub: "_Scrubber") -> JudgeError:
        where = _safe_url(self.settings.base_url)
        detail = scrub(_clip(str(getattr(err, "message", "") or err), MAX_SERVER_MESSAGE))
        if isinstance(err, openai.APITimeoutError):
            return JudgeError("timeout", f"no reply from {where} within {self.settings.timeout_seconds:g} s", True)
        if isinstance(err, openai.APIConnectionError):
            return JudgeError("connection", f"cannot connect to {where}: {detail}", True)
        if isinstance(err, openai.APIResponseValidationError):
            return JudgeError("invalid_reply", f"{where} sent a response the client cannot read: {detail}", True)
        if isinstance(err, openai.APIStatusError):
            status = err.status_code
            said = f"{where} answered HTTP {status}: {detail}"
            if status == 429:
                return JudgeError("rate_limit", said, True)
            if status == 408 or status >= 500:
                return JudgeError("server_error" if status != 408 else "timeout", said, True)
            if status == 401:
                return JudgeError("auth", f"{said} (check the key in {self.settings.api_key_env})", False)
            if status == 403:
                return JudgeError("forbidden", said, False)
            if status == 404:
                return JudgeError("unknown_model", f"model '{self.settings.model}' or its endpoint not found: {said}", False)
            return JudgeError("bad_request", said, False)
        return JudgeError("client_error", f"{type(err).__name__}: {detail}", False)


class _Scrubber:
    """Replaces any value that was sent (or the API key) by its redacted preview."""

    def __init__(self, values: list[str]):
        # Longest first, so a value containing another is replaced whole.
        self._values = sorted({v for v in values if len(v) >= 4}, key=len, reverse=True)

    def __call__(self, text: str) -> str:
        for v in self._values:
            if v in text:
                text = text.replace(v, preview(v))
        return text


def _reply_content(response: Any) -> str | None:
    """The first choice's message text; None when the server sent something else."""
    choices = getattr(response, "choices", None)
    if not choices:
        return None
    message = getattr(choices[0], "message", None)
    content = getattr(message, "content", None)
    return content if isinstance(content, str) else None


def _tokens(response: Any, prompt: str, content: str) -> int:
    """Tokens the server reports; an estimate (4 characters a token) when it reports none,
    so the token budget still bites on servers that omit usage."""
    usage = getattr(response, "usage", None)
    total = getattr(usage, "total_tokens", None)
    if isinstance(total, int) and total > 0:
        return total
    return (len(prompt) + len(content)) // 4 + 1
