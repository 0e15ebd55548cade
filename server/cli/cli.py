"""The `secretloop` command line: scan, resume, rules, decisions, review, lsp.

Exit codes: 0 nothing to act on; 1 a finding is confirmed or waits for review
(`--fail-on confirmed`: confirmed only); 2 usage or configuration error; 3 the run did
not finish (failed, budget exhausted, cancelled) — its state is kept for `resume`.
"""

from __future__ import annotations

import argparse
import os
import sys

from secretloop import __version__
from secretloop.loops import gc_policy

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_UNFINISHED = 0, 1, 2, 3
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as a shell reports a process killed by it


class UsageError(Exception):
    """A usage or configuration problem: exit 2 with the message."""


def _add_settings_flags(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("settings (override the config file)")
    g.add_argument("--config", metavar="FILE", help="TOML settings file (default: <root>/.secretloop/config.toml if present)")
    g.add_argument("--judge", choices=["offline", "openai"], help="who decides uncertain candidates (default offline)")
    g.add_argument("--model", help="model name for --judge openai")
    g.add_argument("--base-url", help="OpenAI-compatible endpoint, e.g. http://localhost:11434/v1")
    g.add_argument("--api-key-env", metavar="NAME", help="environment variable holding the API key (default OPENAI_API_KEY)")
    g.add_argument("--timeout", type=float, metavar="SECONDS", help="model request timeout")
    g.add_argument("--max-calls", type=int, help="maximum model calls per run")
    g.add_argument("--max-tokens", type=int, help="maximum model tokens per run")
    g.add_argument("--temperature", type=float, help="model temperature (default 0.2)")
    g.add_argument("--batch-size", type=int, help="candidates per model request")
    g.add_argument("--send-values", action="store_true", default=None, help="send raw values to the model (off by default; see README)")
    g.add_argument("--exclude", action="append", metavar="PATTERN", help="gitignore-style pattern to skip (repeatable)")
    g.add_argument("--max-file-size", type=int, metavar="BYTES", help="skip files larger than this")
    g.add_argument("--state-dir", help="where run snapshots and traces go (default ~/.cache/secretloop/runs/<roots>)")
    g.add_argument("--trace", action="store_true", default=None, help="keep a state snapshot for every round")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="secretloop", description="Find hardcoded secrets; an audit loop with a CLI and a language server.")
    p.add_argument("--version", action="version", version=f"secretloop {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = sub.add_parser("scan", help="scan folders or files and report findings")
    s.add_argument("paths", nargs="*", default=["."], metavar="PATH")
    s.add_argument("--format", choices=["text", "json", "sarif"], default="text")
    s.add_argument("--output", "-o", metavar="FILE", help="write the report here (default: standard output)")
    s.add_argument("--staged", action="store_true", help="scan only what git has staged (for a pre-commit hook)")
    s.add_argument("--fail-on", choices=["pending", "confirmed"], default="pending", help="exit 1 on confirmed or pending findings (default), or on confirmed only")
    s.add_argument("--no-progress", action="store_true", help="no progress display even on a terminal")
    _add_settings_flags(s)

    r = sub.add_parser("resume", help="resume a run from its latest snapshot")
    r.add_argument("run", nargs="?", help="run id or run folder (default: the newest run)")
    r.add_argument("--state-dir", help="where runs are kept")
    r.add_argument("--fail-on", choices=["pending", "confirmed"], default="pending")
    r.add_argument("--no-progress", action="store_true")

    sub.add_parser("rules", help="list the detection rules, one line each")

    d = sub.add_parser("decisions", help="work with the decisions file")
    dsub = d.add_subparsers(dest="decisions_command", required=True, metavar="ACTION")
    dc = dsub.add_parser("check", help="list stale decisions (their value no longer occurs)")
    dc.add_argument("paths", nargs="*", default=["."], metavar="PATH")
    _add_settings_flags(dc)

    rv = sub.add_parser("review", help="decide pending findings one by one in the terminal")
    rv.add_argument("paths", nargs="*", default=["."], metavar="PATH")
    _add_settings_flags(rv)

    l = sub.add_parser("lsp", help="start the language server (stdio by default)")
    l.add_argument("--tcp", metavar="HOST:PORT", help="listen on TCP instead of stdio")
    l.add_argument("--stdio", action="store_true", help="use stdio (the default; accepted for editors that pass it)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "scan":
            from .unchanged import replay

            replayed = replay(args)  # nothing changed since the same scan: its report, in milliseconds
            if replayed is not None:
                return replayed
            from .scan_command import run_scan

            gc_policy.apply()
            return run_scan(args)
        if args.command == "resume":
            from .scan_command import run_resume

            gc_policy.apply()
            return run_resume(args)
        if args.command == "rules":
            from .rules_command import run_rules

            return run_rules()
        if args.command == "decisions":
            from .decisions_command import run_check

            return run_check(args)
        if args.command == "review":
            from .review_command import run_review

            return run_review(args)
        if args.command == "lsp":
            from secretloop.server.main import start

            start(args.tcp)
            return EXIT_OK
    except UsageError as err:
        print(f"secretloop: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("secretloop: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (`secretloop rules | head`): no traceback, and nothing more to
        # flush at exit. Not 0: a scan whose report was not read must not pass as clean.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    return EXIT_USAGE
