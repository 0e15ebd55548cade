"""Language server latency through a real JSON-RPC client (pygls' LanguageClient over stdio).

1. didSave → matching publishDiagnostics on a 1,000-line file: median and p95 over N saves.
   Each save moves the planted token to another line, so the publication that answers a
   save is recognised by its range (a stale publication does not count).
2. Time to the first diagnostic, and to the run's end, on a 1,000-file workspace.

    python bench/lsp_latency.py [--saves 60] [--files 1000] [--lines 1000]

Prints numbers; asserts nothing. Secrets are synthetic (tests/support/tokens.py) and every
state file goes to a temporary folder.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.support.tokens import github_pat  # noqa: E402

SERVER = [str(Path(sys.executable).with_name("secretloop")), "lsp"]  # the installed entry point
TIMEOUT = 300.0


class Client:
    """A pygls client that records publications and run states with arrival times."""

    def __init__(self) -> None:
        self.lsp = LanguageClient("secretloop-bench", "1")
        self.published: list[tuple[float, str, list[types.Diagnostic]]] = []
        self.run_states: list[tuple[float, dict[str, Any]]] = []
        self.changed = asyncio.Event()

        @self.lsp.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def publish(params: types.PublishDiagnosticsParams) -> None:
            self.published.append((time.perf_counter(), params.uri, list(params.diagnostics)))
            self.changed.set()

        @self.lsp.feature("secretloop/runState")
        def run_state(params: Any) -> None:
            payload = dict(params) if isinstance(params, dict) else dict(params._asdict())
            self.run_states.append((time.perf_counter(), payload))
            self.changed.set()

        @self.lsp.feature(types.WINDOW_WORK_DONE_PROGRESS_CREATE)
        def create_progress(params: types.WorkDoneProgressCreateParams) -> None:
            return None

        @self.lsp.feature(types.PROGRESS)
        def progress(params: types.ProgressParams) -> None:
            return None

        @self.lsp.feature(types.WINDOW_SHOW_MESSAGE)
        def show_message(params: types.ShowMessageParams) -> None:
            return None

    async def start(self, workspace: Path, state_dir: Path, settings: dict[str, Any]) -> float:
        env = dict(os.environ, SECRETLOOP_STATE_DIR=str(state_dir))
        await self.lsp.start_io(*SERVER, env=env)
        uri = from_fs_path(str(workspace))
        await self.lsp.initialize_async(
            types.InitializeParams(
                capabilities=types.ClientCapabilities(
                    window=types.WindowClientCapabilities(work_done_progress=True),
                    text_document=types.TextDocumentClientCapabilities(
                        synchronization=types.TextDocumentSyncClientCapabilities(did_save=True),
                        publish_diagnostics=types.PublishDiagnosticsClientCapabilities(data_support=True),
                    ),
                ),
                root_uri=uri,
                workspace_folders=[types.WorkspaceFolder(uri=uri, name=workspace.name)],
                initialization_options={"settings": settings},
            )
        )
        started = time.perf_counter()
        self.lsp.initialized(types.InitializedParams())
        return started

    async def wait(self, predicate: Any, what: str) -> Any:
        deadline = time.monotonic() + TIMEOUT
        while True:
            found = predicate()
            if found:
                return found
            if time.monotonic() > deadline:
                raise TimeoutError(f"no {what} within {TIMEOUT:.0f} s")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), 1.0)
            except asyncio.TimeoutError:
                pass

    def finished(self) -> tuple[float, dict[str, Any]] | None:
        return next(((t, s) for t, s in self.run_states if s["status"] in ("done", "need_human", "failed")), None)

    async def stop(self) -> None:
        await self.lsp.shutdown_async(None)
        self.lsp.exit(None)
        await self.lsp.stop()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def file_text(lines: int, token_line: int, token: str) -> str:
    out = []
    for i in range(lines):
        if i == token_line:
            out.append(f'GITHUB_TOKEN = "{token}"')
        else:
            out.append(f"value_{i} = compute({i}, name='row {i}')  # ordinary code line")
    return "\n".join(out) + "\n"


async def bench_saves(tmp: Path, saves: int, lines: int) -> list[float]:
    ws = tmp / "save-ws"
    ws.mkdir()
    target = ws / "big.py"
    token = github_pat(9001)
    target.write_text(file_text(lines, 0, token))
    client = Client()
    await client.start(ws, tmp / "save-state", {"scan": {"onChange": False, "onOpen": True, "onSave": True}})
    await client.wait(client.finished, "end of the workspace run")
    uri = from_fs_path(str(target))
    client.lsp.text_document_did_open(
        types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1, text=target.read_text()))
    )
    await client.wait(lambda: any(u == uri for _, u, _ in client.published), "first publication")
    latencies = []
    for n in range(saves):
        line = 1 + (n * 17) % (lines - 2)
        text = file_text(lines, line, token)
        client.lsp.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=n + 2),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
        seen = len(client.published)
        t0 = time.perf_counter()
        client.lsp.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))

        def answered() -> float | None:
            for t, u, diags in client.published[seen:]:
                if u == uri and diags and diags[0].range.start.line == line:
                    return t
            return None

        latencies.append(await client.wait(answered, f"publication for save {n}") - t0)
    await client.stop()
    return latencies


async def bench_first_diagnostic(tmp: Path, files: int) -> dict[str, float]:
    ws = tmp / "big-ws"
    for i in range(files):
        path = ws / f"pkg{i % 40:02d}" / f"mod_{i:04d}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        body = f"def f_{i}(x):\n    return x * {i}\n"
        if i % 25 == 0:
            body += f'TOKEN_{i} = "{github_pat(5000 + i)}"\n'
        path.write_text(body)
    client = Client()
    t0 = await client.start(ws, tmp / "big-state", {})
    first = await client.wait(lambda: next((t for t, _, d in client.published if d), None), "first diagnostic")
    end, state = await client.wait(client.finished, "end of the run")
    await client.stop()
    return {"first": first - t0, "end": end - t0, "files": state["filesTotal"], "findings": state["findings"]}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=60)
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--files", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="secretloop-bench-") as tmpdir:
        tmp = Path(tmpdir)
        lat = await bench_saves(tmp, args.saves, args.lines)
        print(f"didSave -> publishDiagnostics, {args.lines}-line file, {len(lat)} saves:")
        print(f"  median {statistics.median(lat) * 1000:.1f} ms   p95 {percentile(lat, 95) * 1000:.1f} ms   max {max(lat) * 1000:.1f} ms")
        ws = await bench_first_diagnostic(tmp, args.files)
        print(f"workspace of {ws['files']:.0f} files ({ws['findings']:.0f} findings), from 'initialized':")
        print(f"  first diagnostic {ws['first'] * 1000:.0f} ms   run finished {ws['end'] * 1000:.0f} ms")


if __name__ == "__main__":
    asyncio.run(main())
