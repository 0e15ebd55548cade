"""One value of a table or block, with where its column's name is (loops/tables.py, loops/blocks.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Cell:
    """One value of a table: data[start:end], in the column named data[name_start:name_end]
    of the SQL table named `table` (lower case, without schema or quotes), or of a layout's own
    marker (tables.K8S_SECRET, blocks.BLOCK); b"" elsewhere."""

    name_start: int
    name_end: int
    start: int
    end: int
    table: bytes = b""
