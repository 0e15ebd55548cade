"""What a scan reads of base64 that carries a whole file: the decoded text, as a file of its own.

CI variables, Helm values, scripts and env files keep a whole .env file, a service account's JSON or a private key
base64-encoded in one value (`ENV_FILE_B64: QVdTX1NFQ1JFVF9BQ0NFU1NfS0VZPS4uLgo=`, `GOOGLE_CREDENTIALS: ewogICJ0eXBl…`).
Encoded, every secret inside is one random-looking run that no rule can read; decoded, it is what the rules read every
day. A run is read only when it decodes to text a file would hold: UTF-8 with no control characters, and either lines
of their own or a JSON object (a single line is a Basic pair or a Kubernetes Secret's value, which their own rules
decode). Images, digests and keys decode to bytes and are left alone.

A finding in the decoded text is reported where its share of the run stands (base64 writes 4 characters per 3 bytes),
on the run's line, with the decoded text as its surroundings.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

import re2

# A base64 run of 48 characters (36 bytes) or more: found by RE2 in the file's UTF-8 (a pass over every file, several
# times faster than `re`), then told whole (_BEFORE, _AFTER: not the tail of a longer word, nor a segment of a dotted token, as
# a JWT's header is, which decodes to JSON of its own).
_RUN = re2.compile(rb"[A-Za-z0-9+/]{32,}={0,2}")
_FILE_RUN = 48  # shorter runs carry one token at most (see TOKEN_KIND)
_BEFORE = frozenset(b"_.-")  # (an `=` before it assigns it: APP_CONFIG_B64=…)
_AFTER = frozenset(b"=_.-")
_MAX_RUN = 256 * 1024  # a larger blob is data (an embedded archive), not a config
_PEEK = 1024  # characters decoded first: most runs are images or key bytes, told apart by their first bytes
_MAX_VIEWS = 16  # per file: a fixture file of encoded blobs is read for its first ones
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_SOURCE_MAP = re.compile(r'"version"\s*:\s*3\s*,')
# One printable word: a token obfuscated in base64 (`base64_decode("c2tfbGl2ZV…")`, `atob("Z2hwX…")`), read by the
# provider rules only (the scanner keeps their findings alone): a Basic pair or a random id decodes to a word too.
_TOKEN = re.compile(r"^[\x21-\x7e]{16,512}$")
TOKEN_KIND = ".token"
_ENV_LINE = re.compile(r"(?m)^[ \t]*(?:export[ \t]+)?[A-Za-z_][A-Za-z0-9_.]*[ \t]*=")


@dataclass(frozen=True)
class EncodedText:
    """The decoded text of the base64 run at file[raw_start:raw_end], read as the file `path` would be."""

    path: str
    text: str
    raw_start: int
    raw_end: int

    def raw_offset(self, offset: int) -> int:
        """Where the decoded character at `offset` is encoded in the file (4 characters per 3 bytes; ASCII text)."""
        return min(self.raw_end, self.raw_start + offset * 4 // 3)


def _decoded(run: str) -> str | None:
    """The text the run decodes to, or None when it is no text a file would hold."""
    try:
        head = base64.b64decode(run[:_PEEK - _PEEK % 4] if len(run) > _PEEK else run, validate=True)
        if _CONTROL.search(head.decode("utf-8", "ignore")) or not _readable(head):
            return None
        text = base64.b64decode(run, validate=True).decode("utf-8")
    except (binascii.Error, ValueError):  # (UnicodeDecodeError is a ValueError)
        return None
    if _CONTROL.search(text):
        return None
    return text


def _readable(head: bytes) -> bool:
    # the first bytes of a text: ASCII letters, digits, punctuation and spaces for the most part
    printable = sum(32 <= b < 127 or b in (9, 10, 13) for b in head)
    return printable >= 0.95 * len(head)


def _kind(text: str, run_length: int) -> str | None:
    """The extension the decoded text is read with, or None when it is no file (one line, not JSON) nor one token."""
    stripped = text.strip()
    if _TOKEN.match(stripped):
        return TOKEN_KIND
    if run_length < _FILE_RUN:
        return None
    if stripped.startswith("{") and stripped.endswith("}"):
        return ".json"
    if "\n" not in stripped:
        return None
    if stripped.startswith("-----BEGIN"):
        return ".pem"
    return ".env" if _ENV_LINE.search(stripped) else ".txt"


# The media types of a data: URI that carries a plain file: none (`data:;base64,`, as Ignition and Butane write a
# file's contents), plain text or a script. An image, a font or an inline source map is no file of its own.
_PLAIN_MEDIA = frozenset({b"", b"text/plain", b"text/x-shellscript", b"application/x-sh", b"application/x-yaml",
                          b"application/yaml", b"text/yaml"})


def _plain_text_resource(raw: bytes, start: int) -> bool:
    at = raw.rfind(b"data:", max(0, start - 80), start)
    return at >= 0 and raw[at + 5:start - 8].split(b";")[0].strip().lower() in _PLAIN_MEDIA


def encoded_views(text: str, path: str) -> list[EncodedText]:
    """The decoded text of each base64 run in `text` that carries a file, mapped back to the run."""
    if len(text) < 48:
        return []
    raw = text.encode("utf-8", "surrogatepass")
    views: list[EncodedText] = []
    for m in _RUN.finditer(raw):
        start, end = m.start(), m.end()
        if end - start > _MAX_RUN or (end - start) % 4 or (start > 0 and raw[start - 1] in _BEFORE) \
                or (end < len(raw) and raw[end] in _AFTER):
            continue
        if raw.endswith(b";base64,", 0, start) and not _plain_text_resource(raw, start):
            continue  # a data: URI's resource (an inline source map, an image, a font): the file it is embedded in
        decoded = _decoded(m.group(0).decode("ascii"))
        kind = _kind(decoded, end - start) if decoded else None
        if kind is None or (kind == ".json" and _SOURCE_MAP.search(decoded, 0, 200)):
            continue  # (a source map's sources are the code it maps, read as the file itself)
        if len(raw) != len(text):  # byte offsets to the text's (a file with non-ASCII characters before the run)
            start = len(raw[:start].decode("utf-8", "surrogatepass"))
            end = start + (m.end() - m.start())
        views.append(EncodedText(f"{path}.b64{kind}", decoded, start, end))  # type: ignore[arg-type]
        if len(views) >= _MAX_VIEWS:
            break
    return views
