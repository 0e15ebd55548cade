"""Creates the language server and starts it on stdio or TCP (`secretloop lsp [--tcp HOST:PORT]`)."""

from __future__ import annotations

import logging
import sys

from pygls.lsp.server import LanguageServer

from secretloop.loops import gc_policy

from .client import EditorClient
from .register import register
from .session import Session

SERVER_NAME = "secretloop"


def _version() -> str:
    from secretloop import __version__

    return __version__


class SecretLoopServer(LanguageServer):
    """pygls' server plus the session that holds this connection's state."""

    def __init__(self) -> None:
        super().__init__(SERVER_NAME, _version())
        self.session = Session(EditorClient(self))
        register(self, self.session)


def create_server() -> SecretLoopServer:
    return SecretLoopServer()


def parse_tcp(address: str) -> tuple[str, int]:
    """'HOST:PORT' (or ':PORT' for loopback) → (host, port); ValueError with a clear message."""
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--tcp expects HOST:PORT with a port from 1 to 65535, got {address!r}")
    return host.strip("[]") or "127.0.0.1", int(port)


def start(tcp: str | None = None) -> None:
    """Run the server until the client disconnects: stdio by default, TCP when `tcp` is 'HOST:PORT'."""
    # stdout carries JSON-RPC: logs must go to stderr only.
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="secretloop-lsp %(levelname)s %(name)s: %(message)s")
    server = create_server()
    gc_policy.apply()
    if tcp:
        try:
            host, port = parse_tcp(tcp)
        except ValueError as err:
            raise SystemExit(f"secretloop lsp: {err}") from None
        server.start_tcp(host, port)
    else:
        server.start_io()


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(prog="python -m secretloop.server.main", description="SecretLoop language server")
    parser.add_argument("--tcp", metavar="HOST:PORT", help="listen on TCP instead of stdio")
    start(parser.parse_args().tcp)
