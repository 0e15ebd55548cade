"""Regular expressions where a value would be: a capture group in the value's
place (PWD=(.*);) and regular-expression source that describes secrets ((?:…), [A-Fa-f0-9]{36}).
"""

from __future__ import annotations

import re

from ..rules.pattern_text import outside_classes
from .code_structure import _QUOTE
from .registry import _filter
from .text_shapes import random_printable_run


# A pattern where a value would be: a parser's regex writes what it captures ((.*), ([^;]+), (\\w+?)), which a
# rule reading `Pwd=…;` takes for the value. Made of regex syntax alone, with a quantifier in it.
_REGEX_ESCAPES = re.compile(r"\\[wdsWDSbBnrt]")
_REGEX_SYNTAX = re.compile(r"^[()\[\]^$.*+?|{}\\,;:\-]+$")
_LONGEST_CAPTURE = 40


@_filter("regex_capture", "a regular expression's capture where the value would be (PWD=(.*);): what a parser "
         "matches, not a credential", needs_in_value="*+?")
def is_regex_capture(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > _LONGEST_CAPTURE or not any(q in v for q in "*+?"):
        return False
    return _REGEX_SYNTAX.match(_REGEX_ESCAPES.sub("", v)) is not None


# A value that is nothing but a regular expression's brackets and operators: the start of a capture cut at the quote
# the pattern holds (cpassword="([^"]+)" read as cpassword="([^"), a negated class ([^-]).
_REGEX_FRAGMENT = re.compile(r"^[\[\]()^$.*+?{}|\\-]{2,12}$")


@_filter("regex_fragment", "the value is only a regular expression's brackets and operators (([^ , [^-]): a pattern "
         "cut at a quote, not a password", generic_only=True)
def is_regex_fragment(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return ("[" in v or "(" in v) and _REGEX_FRAGMENT.match(v) is not None


# Pieces of regular-expression syntax. Generated keys (base64, hex, URL-safe) never hold a
# backslash class, a group construct or a bracketed range; a typed password may hold one of
# them by chance, hardly two kinds.
_REGEX_GROUP = re.compile(r"\(\?(?:[:=!>|]|P?<[A-Za-z_]|[aiLmsux-]+[:)])")  # (?:  (?P<n>  (?=  (?i)
_REGEX_PIECES = (
    re.compile(r"\\[sSdDwWbB](?:[*+?{]|$|[^A-Za-z0-9])"),  # \s*  \d+  \w
    re.compile(r"\[\^?[^\]]*[A-Za-z0-9]-[A-Za-z0-9][^\]]*\](?:[*+?{]|$|[^A-Za-z0-9])"),  # [A-Fa-f0-9]{36}  [a-z]+
    re.compile(r"[)\]](?:[*+?]|\{\d+(?:,\d*)?\})"),  # )+  ]{2,5}
    re.compile(r"\.[*+]\??"),  # .*  .+?
    re.compile(r"\\[./\-()\[\]{}|?*+^$]"),  # escaped punctuation: \.  \/
    re.compile(r"\|\("),  # alternation of groups
)


def _regex_like(s: str) -> bool:
    if _REGEX_GROUP.search(s):
        return True
    return sum(bool(p.search(s)) for p in _REGEX_PIECES) >= 2


# A PCRE pattern between delimiters, anchored at both ends, with its flags: '/^ok$/i' (a preg_match the setting
# feeds). A password does not start with /^ and end with $/.
_ANCHORED_DELIMITED = re.compile(r"^([/#~])\^.{1,200}\$\1[imsxuUD]*$")


def _well_formed(pattern: str) -> bool:
    """Every group of the pattern closes and every character class ends (escapes and class contents aside):
    a regular expression compiles only so, a random draw of punctuation seldom is."""
    characters, open_class = outside_classes(pattern)
    depth = 0
    for _, c in characters:
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0 and not open_class


def _enclosing_literal(value: str, line: str) -> str | None:
    """The quoted literal on the line that holds the value (the value may stop at a quote inside it)."""
    at = line.find(value)
    if at < 0:
        return None
    q = max(line.rfind(quote, 0, at) for quote in _QUOTE)  # the last quote before the value
    if q < 0:
        return None
    end = line.find(line[q], at + len(value))
    return line[q + 1:end] if end > q else line[q + 1:]


@_filter("regex_source", "the value is regular-expression source ((?:…), \\s*, [A-Fa-f0-9]{36}): a pattern that "
         "describes secrets, not one", generic_only=True)
def is_regex_source(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if random_printable_run(v) and not _well_formed(v):
        return False  # a generated salt's `.*` and `[x-y]` are chance; a pattern's groups and classes close
    if _regex_like(v) or _ANCHORED_DELIMITED.match(v):
        return True
    literal = _enclosing_literal(v, line)
    if literal is not None and _SED_COMMAND.search(line) and _replacement_of_a_substitution(v, literal):
        return False  # sed's s/…/<replacement>/ takes the replacement as written: only the search part is a pattern
    return literal is not None and literal != v and _regex_like(literal)


_SED_COMMAND = re.compile(r"\bsed\b")


def _replacement_of_a_substitution(value: str, literal: str) -> bool:
    """The value ends the replacement of a sed substitution in `literal` (s<d>search<d>…value<d>flags)."""
    at = literal.find(value)
    if at < 0 or not literal.startswith("s") or len(literal) < 2:
        return False
    delimiter = literal[1]
    end = at + len(value)
    return (delimiter in "/|#@,:" and literal[end:end + 1] == delimiter
            and literal.count(delimiter, 2, at) >= 1)
