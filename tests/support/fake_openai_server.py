"""A real OpenAI-compatible HTTP server on loopback, for tests driven by the real `openai` client.

Serves POST /v1/chat/completions (and GET /v1/models) from a ThreadingHTTPServer on
127.0.0.1 with an ephemeral port. What it answers is scripted per request:

    server.script(rate_limited(), good())   # the next two requests, in order
    server.default = server_error()          # every request after the script runs out

A behaviour is a callable `(RecordedRequest) -> Reply`. The ones provided cover the cases a
judge must handle: good verdicts (built from the candidate ids in the request), garbage
content, valid JSON off the schema, missing / invented / duplicated ids, a delay, and HTTP
errors (429, 500, 401, 403, 404 unknown model, 400). Every request's raw body is recorded
(`server.requests[i].body`, bytes) so a test can assert what left the process.

Candidates are read from the prompt the way the triage template renders them: each line
of a message that is a JSON object with a "candidate_id" key is one candidate.

Use as a fixture (`fake_openai`), or as a context manager: `with FakeOpenAIServer() as s:`.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Iterator

import pytest


@dataclass
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]  # names lowercased
    body: bytes  # exactly what the server received

    @property
    def json(self) -> Any:
        return json.loads(self.body) if self.body else None

    @property
    def prompt_text(self) -> str:
        """All message contents of a chat request, joined."""
        data = self.json or {}
        parts: list[str] = []
        for message in data.get("messages", []):
            content = message.get("content")
            if isinstance(content, str):
                parts.append(content)
            elif isinstance(content, list):
                parts.extend(p.get("text", "") for p in content if isinstance(p, dict))
        return "\n".join(parts)

    @property
    def candidates(self) -> list[dict[str, Any]]:
        """The candidates in the prompt: the JSON-object lines carrying a candidate_id."""
        out = []
        for line in self.prompt_text.splitlines():
            line = line.strip()
            if not line.startswith("{"):
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(item, dict) and "candidate_id" in item:
                out.append(item)
        return out

    @property
    def candidate_ids(self) -> list[str]:
        return [c["candidate_id"] for c in self.candidates]


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    content_type: str = "application/json"
    delay: float = 0.0  # seconds to wait before answering
    headers: dict[str, str] = field(default_factory=dict)


Behaviour = Callable[[RecordedRequest], Reply]
VerdictFor = Callable[[dict[str, Any]], str]  # candidate (as sent) -> "secret" | "not_secret" | "unsure"


# -- replies ------------------------------------------------------------------------------


def completion(content: str | None, *, model: str = "fake-model", usage: dict[str, int] | None = None,
               finish_reason: str = "stop") -> Reply:
    """A 200 chat completion whose message content is `content`."""
    payload: dict[str, Any] = {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": finish_reason,
                "logprobs": None,
            }
        ],
    }
    if usage is not None:
        payload["usage"] = usage
    return Reply(body=json.dumps(payload).encode())


def error_reply(status: int, message: str, *, type_: str = "invalid_request_error", code: str | None = None) -> Reply:
    body = {"error": {"message": message, "type": type_, "param": None, "code": code}}
    return Reply(status=status, body=json.dumps(body).encode())


# -- behaviours ---------------------------------------------------------------------------


def good(
    verdict: str | VerdictFor = "not_secret",
    *,
    confidence: float = 0.9,
    reason: str = "scripted verdict",
    note: str | Callable[[dict[str, Any]], str | None] | None = None,
    prompt_tokens: int = 100,
    completion_tokens: int = 20,
    usage: bool = True,
) -> Behaviour:
    """One verdict per candidate id in the request; `verdict`/`note` may depend on the candidate."""

    def behave(req: RecordedRequest) -> Reply:
        verdicts = []
        for cand in req.candidates:
            verdicts.append(
                {
                    "candidate_id": cand["candidate_id"],
                    "verdict": verdict(cand) if callable(verdict) else verdict,
                    "confidence": confidence,
                    "reason": reason,
                    "note": note(cand) if callable(note) else note,
                }
            )
        tokens = {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens}
        return completion(json.dumps({"verdicts": verdicts}), usage=tokens if usage else None)

    return behave


def content(text: str | None) -> Behaviour:
    """A 200 completion with exactly this message content."""
    return lambda req: completion(text)


def garbage() -> Behaviour:
    """A 200 completion whose content is not JSON."""
    return content('Sure! Here are the verdicts: {"verdicts": [')


def off_schema() -> Behaviour:
    """Valid JSON that does not match the reply schema."""
    return lambda req: completion(json.dumps({"verdicts": [{"candidate_id": i, "verdict": "maybe"} for i in req.candidate_ids]}))


def missing_id() -> Behaviour:
    """Good verdicts except that the last candidate is left out."""
    def behave(req: RecordedRequest) -> Reply:
        data = json.loads(json.loads(good()(req).body)["choices"][0]["message"]["content"])
        data["verdicts"] = data["verdicts"][:-1]
        return completion(json.dumps(data))
    return behave


def invented_id() -> Behaviour:
    """Good verdicts plus one for a candidate that was never sent."""
    def behave(req: RecordedRequest) -> Reply:
        data = json.loads(json.loads(good()(req).body)["choices"][0]["message"]["content"])
        data["verdicts"].append(dict(data["verdicts"][0], candidate_id="c999"))
        return completion(json.dumps(data))
    return behave


def duplicated_id() -> Behaviour:
    """Good verdicts with the first one repeated."""
    def behave(req: RecordedRequest) -> Reply:
        data = json.loads(json.loads(good()(req).body)["choices"][0]["message"]["content"])
        data["verdicts"].append(dict(data["verdicts"][0]))
        return completion(json.dumps(data))
    return behave


def slow(seconds: float, then: Behaviour | None = None) -> Behaviour:
    """Wait `seconds` before answering (with `then`, good() by default)."""
    inner = then or good()

    def behave(req: RecordedRequest) -> Reply:
        reply = inner(req)
        reply.delay = seconds
        return reply

    return behave


def status(code: int, message: str = "scripted error", *, code_name: str | None = None) -> Behaviour:
    return lambda req: error_reply(code, message, code=code_name)


def rate_limited() -> Behaviour:
    return status(429, "Rate limit reached", code_name="rate_limit_exceeded")


def server_error() -> Behaviour:
    return status(500, "The server had an error while processing your request")


def unauthorized() -> Behaviour:
    return status(401, "Incorrect API key provided", code_name="invalid_api_key")


def forbidden() -> Behaviour:
    return status(403, "You are not allowed to use this model")


def bad_request() -> Behaviour:
    return status(400, "Invalid parameter: response_format")


def model_not_found() -> Behaviour:
    def behave(req: RecordedRequest) -> Reply:
        model = (req.json or {}).get("model", "")
        return error_reply(404, f"The model '{model}' does not exist", code="model_not_found")
    return behave


def raw(status_code: int, body: bytes, content_type: str = "text/plain") -> Behaviour:
    """Any status and body, e.g. an HTML error page from a proxy."""
    return lambda req: Reply(status=status_code, body=body, content_type=content_type)


# -- the server ---------------------------------------------------------------------------


class FakeOpenAIServer:
    def __init__(self, default: Behaviour | None = None):
        self.default: Behaviour = default or good()
        self.requests: list[RecordedRequest] = []
        self._queue: deque[Behaviour] = deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # scripting

    def script(self, *behaviours: Behaviour) -> None:
        """Queue behaviours for the next requests, one each, before the default applies again."""
        with self._lock:
            self._queue.extend(behaviours)

    @property
    def chat_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    @property
    def bodies(self) -> bytes:
        """Every recorded body, concatenated: for "this must not appear anywhere" checks."""
        return b"\n".join(r.body for r in self.requests)

    def _next(self, req: RecordedRequest) -> Reply:
        with self._lock:
            self.requests.append(req)
            behaviour = self._queue.popleft() if self._queue else self.default
        return behaviour(req)

    # lifecycle

    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return self._httpd.server_address[1]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> "FakeOpenAIServer":
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # quiet test output
                pass

            def _record(self) -> RecordedRequest:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                return RecordedRequest(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body)

            def _send(self, reply: Reply) -> None:
                if reply.delay and server._stopping.wait(reply.delay):
                    return  # shutting down: drop the reply
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", reply.content_type)
                    self.send_header("Content-Length", str(len(reply.body)))
                    for k, v in reply.headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(reply.body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (e.g. it timed out): expected in timeout tests

            def do_POST(self) -> None:
                req = self._record()
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    with server._lock:
                        server.requests.append(req)
                    self._send(error_reply(404, f"no route {self.path}"))
                    return
                self._send(server._next(req))

            def do_GET(self) -> None:
                req = self._record()
                with server._lock:
                    server.requests.append(req)
                if self.path.rstrip("/").endswith("/models"):
                    body = {"object": "list", "data": [{"id": "fake-model", "object": "model", "created": 0, "owned_by": "test"}]}
                    self._send(Reply(body=json.dumps(body).encode()))
                else:
                    self._send(error_reply(404, f"no route {self.path}"))

        class Server(ThreadingHTTPServer):
            daemon_threads = True
            block_on_close = False

            def handle_error(self, request: Any, client_address: Any) -> None:
                pass  # a client that hung up mid-reply is not a test failure

        self._httpd = Server(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="fake-openai", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # wakes handlers sleeping in a delay
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._httpd = None
        self._thread = None

    def __enter__(self) -> "FakeOpenAIServer":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAIServer]:
    """A started fake server; stopped after the test."""
    with FakeOpenAIServer() as server:
        yield server


def unused_port() -> int:
    """A loopback port with nothing listening (for "connection refused")."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
