"""Document URIs ↔ (workspace root, relative posix path), the loop's way of naming a file."""

from __future__ import annotations

import os
from dataclasses import dataclass

from pygls.uris import from_fs_path, to_fs_path


@dataclass(frozen=True)
class Located:
    root: str  # absolute
    relpath: str  # posix, relative to root
    abs_path: str


def uri_to_path(uri: str) -> str | None:
    """The file system path of a `file:` URI; None for untitled buffers and other schemes."""
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    return os.path.abspath(path) if path else None


def path_to_uri(path: str) -> str:
    return from_fs_path(os.path.abspath(path)) or ("file://" + os.path.abspath(path))


def file_uri(root: str, relpath: str) -> str:
    return path_to_uri(os.path.join(root, *relpath.split("/")))


def locate(uri: str, roots: list[str]) -> Located | None:
    """The innermost workspace root holding the file, or its own folder if none does."""
    path = uri_to_path(uri)
    if path is None:
        return None
    best: str | None = None
    for root in roots:
        root = os.path.abspath(root)
        if path.startswith(root.rstrip(os.sep) + os.sep) and (best is None or len(root) > len(best)):
            best = root
    if best is None:
        best = os.path.dirname(path)
    rel = os.path.relpath(path, best).replace(os.sep, "/")
    return Located(root=best, relpath=rel, abs_path=path)


def document_key(uri: str) -> str:
    """How the diagnostics store names a document: its absolute path, or the URI if it has none."""
    return uri_to_path(uri) or uri
