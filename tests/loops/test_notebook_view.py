"""A Jupyter notebook: each cell's code and each output's text read unescaped, as the file it would be, each
finding placed where its escaped text stands in the notebook. Values are drawn at run time; failures name the
file and the statuses, never the value."""

from __future__ import annotations

import json
import random
import string

from secretloop.loops.notebook_view import notebook_texts
from tests.loops.test_fp_corpus_classes import SCANNER
from tests.support.tokens import random_chars

_R = random.Random(1_111)
_ALNUM = string.ascii_letters + string.digits
_PATH = "notebooks/explore.ipynb"


def _password() -> str:
    return random_chars(_R, 7, _ALNUM) + "#" + random_chars(_R, 7, _ALNUM)


def _cell(source: str, outputs: list | None = None, kind: str = "code") -> dict:
    cell = {"cell_type": kind, "metadata": {}, "source": source.splitlines(keepends=True)}
    if kind == "code":
        cell.update(execution_count=1, outputs=outputs or [])
    return cell


def _notebook(*cells: dict, language: str = "python") -> str:
    meta = {"kernelspec": {"display_name": language, "language": language, "name": language},
            "language_info": {"name": language}}
    return json.dumps({"cells": list(cells), "metadata": meta, "nbformat": 4, "nbformat_minor": 5},
                      indent=1, sort_keys=True) + "\n"


def _spans(text: str) -> dict[str, str]:
    lines = text.split("\n")
    return {lines[c.start_line - 1][c.start_col:c.end_col]: c.rule_id
            for c in SCANNER.scan_text(text, 0, _PATH) if c.start_line == c.end_line}


def test_a_setter_call_in_a_cell_is_read_unescaped_and_placed_on_its_escaped_text() -> None:
    key = random_chars(_R, 32, _ALNUM)
    text = _notebook(_cell(f'import entrez\nentrez.set_api_key("{key}")\nprint("ok")\n'))
    assert text.count('\\"') >= 2  # the cell's quotes are escaped in the notebook
    assert _spans(text).get(key) == "snake-case-setter-call"


def test_a_value_printed_by_a_cell_is_found_in_its_output() -> None:
    password = _password()
    out = [{"name": "stdout", "output_type": "stream", "text": ["connecting\n", f"DB_PASSWORD={password}\n"]}]
    text = _notebook(_cell("import os\nprint(dict(os.environ))\n", outputs=out))
    assert password in _spans(text)


def test_one_value_in_a_cell_is_reported_once() -> None:
    password = _password()
    text = _notebook(_cell(f'conn = connect(host="db", password="{password}")\n'))
    found = [c for c in SCANNER.scan_text(text, 0, _PATH)]
    assert len({c.start_line for c in found}) == 1 and len(found) == 1, sorted(c.rule_id for c in found)


def test_cells_read_as_the_kernels_language_and_markdown_as_markdown() -> None:
    text = _notebook(_cell("# Setup\n", kind="markdown"), _cell('x <- 1\n'), language="R")
    paths = [cell.path for cell in notebook_texts(text, _PATH)]
    assert paths[0].endswith(".md") and paths[1] == "notebooks/explore.r"


def test_a_notebook_that_does_not_parse_is_read_as_json() -> None:
    password = _password()
    broken = '{"cells": [{"cell_type": "code", "source": ["db_password = \\"' + password + '\\"\n'
    assert notebook_texts(broken, _PATH) is None
    SCANNER.scan_text(broken, 0, _PATH)  # read raw, without an error
