"""Asking one filter about one synthetic line, as the corpus-class tests do."""

from __future__ import annotations

from secretloop.loops.filters import FILTERS_BY_NAME, Surroundings

IN_TEST = Surroundings(in_test_path=True)
IN_DOCS = Surroundings(in_docs_path=True)
IN_CODE = Surroundings()


def check_filter(name: str, value: str, line: str, key: str | None, language: str | None,
                 around: Surroundings | None = None) -> bool:
    """Whether filter `name` dismisses `value` on `line` (under `key`, in `language`); the ones that
    read surroundings get `around`, by default a line of plain code."""
    f = FILTERS_BY_NAME[name]
    if f.surroundings:
        return f.check(value, line, key, language, around or IN_CODE)  # type: ignore[call-arg]
    return f.check(value, line, key, language)
