"""What a scan reads of a key-value store's export: each base64 value decoded, under the last segment of its key.

`consul kv export` writes `[{"key": "billing/db/password", "flags": 0, "value": "<base64>"}]`, and etcd's
`etcdctl get --prefix -w json` writes `{"kvs": [{"key": "<base64 path>", …, "value": "<base64>"}]}`. Every value is
base64 and its name is the key beside it: encoded, a password is a short random run that no rule reads (too short
for encoded_view, which looks for whole files), decoded and set under its name (`password="…"`) it is what the rules
read in every .env file. A value that does not decode to one line of text (a config file, bytes) is left to
encoded_view.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

# One export entry: its key, then its value within the same object (Consul writes key, flags, value; etcd writes
# key, create_revision, mod_revision, version, value).
_ENTRY = re.compile(r'"key"[ \t]*:[ \t]*"(?P<key>[^"\n]{1,512})"[^{}]{0,300}?"value"[ \t]*:[ \t]*"(?P<value>[A-Za-z0-9+/]{4,4096}={0,2})"')
_ETCD = re.compile(r'"kvs"[ \t]*:[ \t]*\[')
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_NAME = re.compile(r"[^A-Za-z0-9_.-]")
_MAX_VALUE = 512  # decoded characters: a longer value is a file of its own (encoded_view reads it)


@dataclass(frozen=True)
class KvValueText:
    """`<name>="<decoded value>"` for the base64 value at file[raw_start:raw_end], read as the .env file `path`."""

    path: str
    text: str
    raw_start: int
    raw_end: int
    prefix: int  # characters before the decoded value: its name, '=' and the quote

    def raw_offset(self, offset: int) -> int:
        """Where the decoded character at `offset` is encoded in the file (4 characters per 3 bytes)."""
        return min(self.raw_end, self.raw_start + max(0, offset - self.prefix) * 4 // 3)


def _text(encoded: str) -> str | None:
    """The one line of text `encoded` decodes to, or None."""
    if len(encoded) % 4:
        return None
    try:
        text = base64.b64decode(encoded, validate=True).decode("utf-8")
    except (binascii.Error, ValueError):  # (UnicodeDecodeError is a ValueError)
        return None
    if not text.strip() or len(text) > _MAX_VALUE or _CONTROL.search(text):
        return None
    return text


def kv_export_views(text: str, path: str) -> list[KvValueText]:
    """Each value of a Consul or etcd export that decodes to one line of text, under its key's last segment."""
    if not path.lower().endswith(".json") or '"value"' not in text or '"key"' not in text:
        return []
    etcd = _ETCD.search(text) is not None
    views: list[KvValueText] = []
    for m in _ENTRY.finditer(text):
        key = m.group("key")
        if etcd:
            key = _text(key) or ""  # etcd encodes the key too
        name = _NAME.sub("_", key.rstrip("/").rsplit("/", 1)[-1])
        value = _text(m.group("value"))
        if not name.strip("_.-") or value is None:
            continue
        quote = '"' if '"' not in value else "'" if "'" not in value else None
        if quote is None:
            continue
        head = f"{name}={quote}"
        views.append(KvValueText(f"{path}.kv.env", f"{head}{value}{quote}\n", m.start("value"), m.end("value"),
                                 len(head)))
    return views
