"""What a scan reads of an office document kept as its unzipped XML: the text, one paragraph per line.

A `.docx`, `.pptx` or `.xlsx` is a zip of XML parts, and an OpenDocument file's text is `content.xml`; teams commit
them unzipped (to diff them, or a tool's template) and paste credentials into them as into any note. In the XML a
paragraph's text is cut into runs wherever its formatting or the spell checker's state changes
(`<w:r><w:t>pass</w:t></w:r><w:r><w:t>word: Xk9…</w:t></w:r>`), and a key block pasted into Word is one paragraph per
line with the tags between (`</w:t></w:r></w:p><w:p><w:r><w:t>`): no rule reads either as written. So such a part
is also read as its text: each paragraph (Word's `w:p`, DrawingML's `a:p`, OpenDocument's `text:p` and `text:h`, a
shared string's `si`) is one line, its text nodes joined as the reader sees them. A finding is reported where its
text stands in the XML, where the XML as written has none.
"""

from __future__ import annotations

import re

from .notebook_view import CellText, TextPiece

# The paragraph elements of WordprocessingML, DrawingML (slides, charts, shapes), OpenDocument and SpreadsheetML's
# shared strings; a part that has none is no office document.
_PARAGRAPH = re.compile(r"<(w:p|a:p|text:p|text:h|si)\b[^>]*>(.*?)</\1>", re.S)
_OFFICE_MARK = re.compile(r"<(?:w:t|a:t|text:p|text:h|si)\b")
_TEXT_NODE = re.compile(r">([^<]+)<")
_OFFICE_SUFFIXES = (".xml", ".fodt", ".fodp", ".fods")
TEXT_KIND = ".txt"  # the view is read as plain text (prose), under the part's own folders


def office_text(text: str, path: str) -> CellText | None:
    """The part's paragraphs as lines of text, mapped back to the XML; None for a file that is no office part."""
    if not path.lower().endswith(_OFFICE_SUFFIXES) or _OFFICE_MARK.search(text) is None:
        return None
    pieces: list[TextPiece] = []
    lines: list[str] = []
    at = 0
    for para in _PARAGRAPH.finditer(text):
        parts = []
        for node in _TEXT_NODE.finditer(text, para.start(2) - 1, para.end(2) + 1):
            chunk = node.group(1)
            if not chunk.strip() and not parts:
                continue  # the indentation between a paragraph's elements is no text
            pieces.append(TextPiece(at, node.start(1), (), ()))
            parts.append(chunk)
            at += len(chunk)
        if parts:
            lines.append("".join(parts))
            at += 1  # the line break between paragraphs, which the XML does not hold
    if not lines:
        return None
    return CellText(path + TEXT_KIND, "\n".join(lines) + "\n", tuple(pieces))
