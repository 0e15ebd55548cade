"""Prompt templates: one short file per phase that uses a model (DESIGN.md §1.7).

Templates live in loops/prompts/<name>.txt. A placeholder is written `{{sl.name}}`: the
`sl.` namespace keeps placeholders from ever colliding with state field names or with
braces in the data a prompt carries. Building a prompt fails loudly (PromptError) when a
placeholder is left unfilled, an unknown value is supplied, or a template holds a
malformed placeholder: a prompt with a hole in it is never sent.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Mapping

NAMESPACE = "sl."
# Anything that looks like a placeholder; checked against the strict form below so a typo
# such as `{{ sl.count }}` or `{{count}}` is an error, not literal text sent to a model.
_ANY_PLACEHOLDER = re.compile(r"\{\{(.*?)\}\}", re.DOTALL)
_NAME = re.compile(r"[a-z][a-z0-9_]*")
_TEMPLATE_NAME = re.compile(r"[a-z][a-z0-9_]*")


class PromptError(Exception):
    """A template cannot be loaded or rendered as written."""


@dataclass(frozen=True)
class Template:
    name: str
    text: str
    placeholders: frozenset[str]  # names without the namespace, e.g. {"candidates"}
    version: str  # short hash of the text: a changed prompt invalidates cached verdicts

    def render(self, values: Mapping[str, str]) -> str:
        """Fill every placeholder from `values` (keys without `sl.`), in one pass."""
        supplied = set(values)
        missing = sorted(self.placeholders - supplied)
        unknown = sorted(supplied - self.placeholders)
        if missing or unknown:
            parts = []
            if missing:
                parts.append("unfilled: " + ", ".join(NAMESPACE + n for n in missing))
            if unknown:
                parts.append("unknown: " + ", ".join(NAMESPACE + n for n in unknown))
            raise PromptError(f"prompt '{self.name}': " + "; ".join(parts))
        for key, value in values.items():
            if not isinstance(value, str):
                raise PromptError(f"prompt '{self.name}': value for {NAMESPACE}{key} is {type(value).__name__}, not str")
        # One pass: a value that itself contains `{{sl.x}}` is inserted literally, never expanded.
        return _ANY_PLACEHOLDER.sub(lambda m: values[m.group(1)[len(NAMESPACE):]], self.text)


def parse_template(name: str, text: str) -> Template:
    """Check every `{{...}}` in `text` is a well-formed namespaced placeholder."""
    names: set[str] = set()
    for m in _ANY_PLACEHOLDER.finditer(text):
        inner = m.group(1)
        if not inner.startswith(NAMESPACE) or not _NAME.fullmatch(inner[len(NAMESPACE):]):
            line = text.count("\n", 0, m.start()) + 1
            raise PromptError(
                f"prompt '{name}' line {line}: malformed placeholder {{{{{inner}}}}}; "
                f"write {{{{{NAMESPACE}name}}}} with a lowercase name"
            )
        names.add(inner[len(NAMESPACE):])
    # A stray `{{` without its `}}` is a broken placeholder too.
    if "{{" in _ANY_PLACEHOLDER.sub("", text):
        raise PromptError(f"prompt '{name}': unclosed '{{{{'")
    version = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    return Template(name=name, text=text, placeholders=frozenset(names), version=version)


@lru_cache(maxsize=None)
def load_template(name: str) -> Template:
    """Load loops/prompts/<name>.txt (shipped as package data)."""
    if not _TEMPLATE_NAME.fullmatch(name):
        raise PromptError(f"bad prompt name {name!r}")
    resource = resources.files(__package__).joinpath("prompts", f"{name}.txt")
    try:
        text = resource.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PromptError(f"no prompt template '{name}' (expected loops/prompts/{name}.txt)") from None
    return parse_template(name, text)


def render(name: str, values: Mapping[str, str]) -> str:
    return load_template(name).render(values)
