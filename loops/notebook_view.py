"""What a scan reads of a Jupyter notebook: each cell's code and each output's text, unescaped.

A notebook (`.ipynb`) is JSON: a cell's code is a list of JSON strings, one per line of code, with every
quote escaped (`"api_key = \\"…\\"\\n",`). Rules written for code read `api_key = "…"`, not its escaped
form, so each cell is read as the file it would be (`analysis.ipynb` cell in Python reads as
`analysis.py`, a Markdown cell as `.md`) and each output's printed text as text; what is found is reported
in the notebook at the line and column where its escaped text stands. The scanner also reads the raw
JSON (metadata, widget state, shapes no cell holds) and keeps what the cells do not already report.
"""

from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass, field

from .source_map_view import _escapes, _strings, raw_offset_in_string

_NOTEBOOK_SUFFIX = ".ipynb"
# Where a cell's or output's text starts: "source", stream "text", and the text/plain or text/markdown of a result.
_TEXT_FIELD = re.compile(r'"(source|text|text/plain|text/markdown)"\s*:\s*(\[|")')
_CELL_TYPE = re.compile(r'"cell_type"\s*:\s*"(\w+)"')
# The kernel's language, as metadata.kernelspec.language or metadata.language_info.name give it.
_LANGUAGE = re.compile(r'"(?:language|name)"\s*:\s*"([A-Za-z+#]+)"')
_LANGUAGE_INFO = re.compile(r'"(?:kernelspec|language_info)"\s*:\s*\{')
_EXTENSIONS = {"python": ".py", "python3": ".py", "r": ".r", "ir": ".r", "julia": ".jl", "scala": ".scala",
               "javascript": ".js", "typescript": ".ts", "java": ".java", "kotlin": ".kt", "c++": ".cpp",
               "csharp": ".cs", "c#": ".cs", "go": ".go", "rust": ".rs", "bash": ".sh", "sql": ".sql", "ruby": ".rb"}
_MAX_NOTEBOOK = 8 * 1024 * 1024  # a larger one is mostly outputs (images): read as JSON only


def is_notebook(path: str) -> bool:
    return path.lower().endswith(_NOTEBOOK_SUFFIX)


@dataclass(frozen=True)
class TextPiece:
    """One stretch of a view's text taken from the file (a cell's JSON string, a continued line): where it starts
    in the view's text and in the file, and the escapes in it (see source_map_view.raw_offset_in_string)."""

    start: int
    raw_start: int
    escaped_at: tuple[int, ...]
    raw_escapes: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class CellText:
    """A cell's code or an output's text (the JSON strings joined), read as the file `path` would be."""

    path: str
    text: str
    pieces: tuple[TextPiece, ...]
    _starts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_starts", tuple(p.start for p in self.pieces))  # read twice per finding

    def raw_offset(self, offset: int) -> int:
        """The file's offset of this text's character at `offset` (escapes and the strings' quotes make them differ)."""
        piece = self.pieces[max(0, bisect.bisect_right(self._starts, offset) - 1)]
        return raw_offset_in_string(piece.raw_start, piece.escaped_at, piece.raw_escapes, offset - piece.start)


def _kernel_extension(text: str) -> str:
    for block in _LANGUAGE_INFO.finditer(text):
        m = _LANGUAGE.search(text, block.end(), block.end() + 400)
        if m is not None:
            return _EXTENSIONS.get(m.group(1).lower(), ".py")
    return ".py"


def _string_items(text: str, field: re.Match) -> list[tuple[str | None, int, int]]:
    if field.group(2) == "[":
        return _strings(text, field.end())
    value, end = json.decoder.scanstring(text, field.end())  # nbformat also allows one string
    return [(value, field.end(), end - 1)]


def notebook_texts(text: str, path: str) -> list[CellText] | None:
    """The cells' code and outputs' text of the notebook `text` at `path`, or None when it does not read as a
    notebook (then the raw JSON alone is read)."""
    if len(text) > _MAX_NOTEBOOK or '"cells"' not in text:
        return None
    stem = path[: -len(_NOTEBOOK_SUFFIX)]
    code_ext = _kernel_extension(text)
    out: list[CellText] = []
    try:
        for n, field in enumerate(_TEXT_FIELD.finditer(text)):
            items = _string_items(text, field)
            pieces, parts, at = [], [], 0
            for value, start, end in items:
                if not value:
                    continue
                pieces.append(TextPiece(at, start, *_escapes(text, start, end)))
                parts.append(value)
                at += len(value)
            if not parts:
                continue
            if field.group(1) == "source":
                kinds = list(_CELL_TYPE.finditer(text, max(0, field.start() - 2000), field.start()))
                kind = kinds[-1].group(1) if kinds else "code"
                ext = ".md" if kind == "markdown" else ".txt" if kind == "raw" else code_ext
            else:
                ext = ".md" if field.group(1) == "text/markdown" else ".txt"  # what a cell printed
            out.append(CellText(f"{stem}.cell{n}{ext}" if ext != code_ext else f"{stem}{ext}", "".join(parts),
                                tuple(pieces)))
    except ValueError:  # json's scanstring raises JSONDecodeError, a ValueError
        return None
    return out
