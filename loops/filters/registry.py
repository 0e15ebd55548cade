"""What a filter is and how one joins the catalogue: `Filter`, the `Surroundings` a few
filters read, and the `_filter` decorator that registers a check in `FILTERS`. It recognises
nothing itself; the modules named for what they recognise register their filters here, and
`catalogue` puts them in the order they run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator


Check = Callable[[str, str, str | None, str | None], bool]


@dataclass(frozen=True)
class Filter:
    name: str
    reason: str
    generic_only: bool
    check: Check  # (value, line, key_name, language) -> matched
    decisive: bool = True  # a hit dismisses; False: a signal the judge weighs
    # The check sees the value without the rule's known prefix (`ghp_`, `sk-ant-api03-`):
    # the prefix is fixed by the format and says nothing about whether the rest is real.
    after_prefix: bool = False
    # The check also reads the lines around the value (`Surroundings`, as a fifth argument):
    # run only when the caller passes them.
    surroundings: bool = False
    # The check reads the rules the scan runs with (`RuleFormats`, as a fifth argument; the
    # packaged catalogue's when the caller passes none).
    formats: bool = False
    # Run only on a value that starts with its rule's known prefix (the check sees the rest).
    prefix_required: bool = False
    # Run only on a value that does not start with its rule's known prefix: one that does has the
    # format's shape, whatever else it resembles (Flagsmith's ser.<random> reads as obj.member).
    unprefixed_only: bool = False
    # Gates: what the check's own code needs before it can match, tested in run_filters before
    # the call (a gate skips only calls that would return False). Each is declared beside the
    # filter and must follow from its code.
    needs_key_name: bool = False  # returns False without a key name (None or "")
    needs_in_value: str = ""  # returns False when the value it sees holds none of these characters
    needs_in_line: str = ""  # returns False when the line holds none of these characters
    needs_example_place: bool = False  # returns False unless Surroundings.example_place (with surroundings=True)


@dataclass(frozen=True)
class Surroundings:
    """What a few filters read beyond the value's line: the lines around it and the path's kind."""
    lines: tuple[str, ...] = ()  # a few lines before and after the value's line
    in_test_path: bool = False
    in_doc: bool = False  # inside a docstring or a documenting string (text for people, not code)
    in_docs_path: bool = False  # documentation or examples: README, docs/, *.md, *.examples.json
    in_comment: bool = False  # in a comment (a docstring counts)
    declaration: bool = False  # a TypeScript declaration file (.d.ts): it holds types, never values
    in_catalogue: bool = False  # a message catalogue: one file of text per language (translations/fi.json)
    in_code_block: bool = False  # inside a Markdown code block (fenced or indented): a command or config as typed, not prose
    lines_before: int = 0  # how many of `lines` come before the value's line (the rest come after)
    in_literal_heredoc: bool = False  # inside a heredoc whose delimiter is quoted (<<'EOF', PHP's <<<'EOT'): nothing is interpolated
    in_front_end_path: bool = False  # a browser module (web/src/analytics.ts): what it holds ships to every visitor
    file_name: str = ""  # the file's name in lower case (google-services.json)
    text: str = ""  # the whole file, for what the file itself declares (the key a test signs its tokens with)

    @property
    def example_place(self) -> bool:
        """Where values are written for a test or a reader: tests, docs, comments, docstrings."""
        return self.in_test_path or self.in_docs_path or self.in_comment or self.in_doc

    def enclosing(self, line: str, opens: Callable[[str], object]) -> Iterator[str]:
        """The lines above `line` that open a block it sits in, nearest first: each indented less than the last one
        found (from the value's own line), and taken by `opens` (a sibling block's opener is indented as deep)."""
        indent = len(line) - len(line.lstrip())
        for text in reversed(self.lines[:self.lines_before]):
            depth = len(text) - len(text.lstrip())
            if text.strip() and depth < indent and opens(text):
                yield text
                indent = depth


FILTERS: list[Filter] = []


def _filter(name: str, reason: str, generic_only: bool = False, decisive: bool = True,
            after_prefix: bool = False, surroundings: bool = False, formats: bool = False,
            prefix_required: bool = False, unprefixed_only: bool = False, needs_key_name: bool = False,
            needs_in_value: str = "", needs_in_line: str = "", needs_example_place: bool = False) -> Callable[[Check], Check]:
    if needs_example_place and not surroundings:
        raise ValueError(f"filter {name}: needs_example_place reads the surroundings (surroundings=True)")

    def register(check: Check) -> Check:
        FILTERS.append(Filter(name, reason, generic_only, check, decisive, after_prefix or prefix_required, surroundings,
                              formats, prefix_required, unprefixed_only, needs_key_name, needs_in_value, needs_in_line,
                              needs_example_place))
        return check

    return register
