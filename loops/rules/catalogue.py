"""The detection rules catalogue: rules.toml loaded into validated `Rule` models.

Rules are data (DESIGN.md §4): each carries its pattern, keywords for the
prefilter, a description and its own positive and negative examples. Loading
validates everything the detector relies on, so a broken rules file fails at
load time with a message naming the rule, never halfway through a scan.
Patterns are compiled with RE2: matching is linear in the input, so no rule can
hang a scan on adversarial text.
"""

from __future__ import annotations

import fnmatch
import functools
import hashlib
import os
import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Literal

import re2
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, ValidationInfo, field_validator, model_validator

from . import parsed_rules
from .checksums import CHECKSUMS
from .pattern_text import outside_classes

Category = Literal[
    "cloud", "vcs", "ci", "chat", "payment", "email", "ai", "private-key", "jwt", "password",
    "connection-string", "url-credentials", "generic", "saas", "database", "monitoring",
    "package-registry", "crypto",
]
Confidence = Literal["high", "medium", "low"]

# Categories whose rules recognise "something assigned to a secret-sounding name" rather
# than a provider's format: a provider rule on the same value is the better explanation.
NON_SPECIFIC_CATEGORIES: frozenset[str] = frozenset({"generic", "password", "url-credentials"})
CONFIDENCE_RANK: dict[str, int] = {"low": 0, "medium": 1, "high": 2}
SECRET_GROUP = "secret"
KEY_GROUP = "key"

_ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"


class CatalogueError(ValueError):
    """The rules file is missing, unreadable or invalid; the message names the rule."""


def re2_options() -> re2.Options:
    """Options every rule pattern is compiled with."""
    options = re2.Options()
    options.log_errors = False  # errors are raised as CatalogueError, not printed to stderr
    return options


# Validation context for rules that were validated and compiled before, unchanged since (the
# parsed-rules cache): their patterns compile on first use instead of all at load time.
COMPILED_BEFORE = "compiled_before"


_LEADING_FLAGS = re.compile(r"\(\?([a-z]+)\)")


def _starts_text_only(pattern: str) -> bool:
    """The pattern holds a ^ outside a character class, and no leading flags turn on multi-line mode."""
    flags = _LEADING_FLAGS.match(pattern)
    if flags is not None and "m" in flags.group(1):
        return False
    return any(c == "^" for _, c in outside_classes(pattern)[0])


def _compile_pattern(pattern: str) -> tuple[object, int, int | None]:
    """(regex, index of the secret group, index of the key group); ValueError says what is wrong."""
    try:
        regex = re2.compile(pattern, re2_options())
    except re2.error as err:
        detail = err.args[0].decode("utf-8", "replace") if err.args and isinstance(err.args[0], bytes) else str(err)
        raise ValueError(f"pattern does not compile under RE2: {detail}") from None
    groups = regex.groupindex
    if SECRET_GROUP not in groups:
        raise ValueError(f"pattern has no named group '{SECRET_GROUP}' (the secret value)")
    for name in (SECRET_GROUP, KEY_GROUP):
        # RE2 accepts a repeated group name and silently reports only the first one.
        if pattern.count(f"(?P<{name}>") > 1:
            raise ValueError(f"pattern names the group '{name}' more than once")
    return regex, groups[SECRET_GROUP], groups.get(KEY_GROUP)


def _path_ends_with(parts: list[str], end: list[str]) -> bool:
    if len(end) > len(parts):
        return False
    return all(fnmatch.fnmatchcase(p, e) for p, e in zip(parts[-len(end):], end))


class Rule(BaseModel):
    """One detection rule, as written in rules.toml (see docs/CONTRACTS.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=_ID_PATTERN)
    title: str = Field(min_length=1)
    category: Category
    confidence: Confidence
    keywords: list[str]
    pattern: str = Field(min_length=1)
    min_entropy: float | None = Field(default=None, ge=0.0, le=8.0)
    max_length: int | None = Field(default=None, ge=1)  # longer values are not reported (generic rules)
    checksum: str | None = None
    # A failed checksum drops the match only where the checksum is the main evidence (a bare
    # base58 or base64 run). Where a prefix or fixed layout already says "token format", a
    # failure is reported as checksum_valid=False and weighed by the judge: values that were
    # masked, hand-edited or generated for tests keep the shape but not the checksum.
    checksum_required: bool = False
    description: str = Field(min_length=1)
    positive: list[str] = Field(min_length=1)
    negative: list[str] = Field(min_length=1)
    # Examples of the right shape whose checksum fails: the rule reports them with
    # checksum_valid=False (only for rules whose checksum is not required).
    checksum_fails: list[str] = Field(default_factory=list)
    # For a provider whose credential has one fixed, documented shape and never had another:
    # `provider_names` is searched in an assigned-to name written as lower-case words joined
    # by "_" (TELEGRAM_BOT_TOKEN, telegramBotToken -> telegram_bot_token); `provider_format` is
    # what a value under such a name must match whole to be that credential. A generic
    # finding under such a name whose value can be none of them is dismissed
    # (filters.provider_format_mismatch).
    provider_names: str | None = None
    provider_format: str | None = None
    # "table": the rule reads the cells of tables (loops/tables.py: CSV and TSV exports, Markdown
    # tables, SQL INSERT and COPY rows) instead of lines. `column` is what a column's name must
    # match whole; `pattern` is what a cell in such a column must match whole (its `secret`).
    layout: Literal["line", "table"] = "line"
    column: str | None = None
    # Credential files whose format only their name gives away (davfs2's `secrets`, exim's
    # `passwd.client`, racoon's `psk.txt`): the rule runs only on files whose path ends in one
    # of these, component by component, with fnmatch globs within a component
    # ("davfs2/secrets", "*.secrets"). Such a rule needs no keywords: its file name selects it.
    files: list[str] | None = None

    _regex: object = PrivateAttr(default=None)
    _provider_names: object = PrivateAttr(default=None)
    _provider_format: object = PrivateAttr(default=None)
    _column: object = PrivateAttr(default=None)
    _secret_index: int = PrivateAttr(default=0)
    _key_index: int | None = PrivateAttr(default=None)

    @field_validator("keywords")
    @classmethod
    def _keywords_lowercase(cls, keywords: list[str]) -> list[str]:
        for kw in keywords:
            if not kw:
                raise ValueError("keywords must be non-empty strings")
            # The prefilter lowers only ASCII letters (bytes.lower()): an upper-case ASCII letter in a keyword
            # would never match, while other letters match as written (list ПАРОЛЬ beside пароль).
            if kw.encode() != kw.encode().lower():
                raise ValueError(f"keyword {kw!r} must not hold upper-case ASCII letters (the prefilter runs on ASCII-lowercased text)")
        return keywords

    @field_validator("positive", "negative", "checksum_fails")
    @classmethod
    def _examples_non_empty(cls, examples: list[str]) -> list[str]:
        if any(not e for e in examples):
            raise ValueError("examples must be non-empty strings")
        return examples

    @field_validator("checksum")
    @classmethod
    def _checksum_known(cls, name: str | None) -> str | None:
        if name is not None and name not in CHECKSUMS:
            raise ValueError(f"unknown checksum {name!r} (known: {', '.join(sorted(CHECKSUMS))})")
        return name

    @model_validator(mode="after")
    def _required_needs_checksum(self) -> "Rule":
        if self.checksum_required and self.checksum is None:
            raise ValueError("checksum_required is set but the rule names no checksum")
        if self.checksum_fails and (self.checksum is None or self.checksum_required):
            raise ValueError("checksum_fails examples need a checksum that is not required")
        return self

    @model_validator(mode="after")
    def _compile_provider(self) -> "Rule":
        if (self.provider_names is None) != (self.provider_format is None):
            raise ValueError("provider_names and provider_format go together")
        if self.provider_names is None:
            return self
        if not self.specific:
            raise ValueError("provider_names and provider_format belong on a provider rule, not a generic one")
        for field in ("provider_names", "provider_format"):
            try:
                setattr(self, f"_{field}", re2.compile(getattr(self, field), re2_options()))
            except re2.error:
                raise ValueError(f"{field} does not compile under RE2") from None
        return self

    @model_validator(mode="after")
    def _compile_column(self) -> "Rule":
        if (self.layout == "table") != (self.column is not None):
            raise ValueError("a table rule needs a column pattern, and only a table rule has one")
        if self.column is not None:
            try:
                self._column = re2.compile(self.column, re2_options())
            except re2.error:
                raise ValueError("column does not compile under RE2") from None
        return self

    @field_validator("files")
    @classmethod
    def _files_are_path_ends(cls, files: list[str] | None) -> list[str] | None:
        if files is None:
            return None
        if not files:
            raise ValueError("files, when given, lists at least one path end")
        for f in files:
            if not f or f.startswith("/") or f.endswith("/") or "\\" in f or "//" in f:
                raise ValueError(f"files entry {f!r} must be a relative path end with / between components")
        if all(any(ch in f for ch in "*?[") for f in files):
            raise ValueError("files needs one entry without globs (its examples are tested under that name)")
        return files

    @model_validator(mode="after")
    def _compile(self, info: ValidationInfo) -> "Rule":
        if info.context and info.context.get(COMPILED_BEFORE):
            return self  # this very rule compiled when it was first parsed: now on first use (see regex)
        if _starts_text_only(self.pattern):
            raise ValueError("pattern uses ^ without the m flag: a rule searches the whole text, where ^ alone is only its "
                             "start, not a line's (write (?m) or (?im) at the start)")
        self._set_compiled(_compile_pattern(self.pattern))
        return self

    def _set_compiled(self, compiled: tuple[object, int, int | None]) -> None:
        regex, self._secret_index, self._key_index = compiled
        self._regex = regex  # last: another thread that sees the regex sees its groups too

    # -- derived facts -------------------------------------------------------------

    @property
    def specific(self) -> bool:
        """A provider/format rule, as opposed to a generic assignment, header or URL rule."""
        return self.category not in NON_SPECIFIC_CATEGORIES

    @property
    def confidence_rank(self) -> int:
        return CONFIDENCE_RANK[self.confidence]

    @property
    def regex(self):  # re2._Regexp; the module exposes no public type name
        if self._regex is None:
            try:
                self._set_compiled(_compile_pattern(self.pattern))
            except ValueError as err:  # only a damaged parsed-rules cache gets here (see _packaged_catalogue)
                raise CatalogueError(f"rule '{self.id}': {err}") from None
        return self._regex

    @property
    def secret_group(self) -> int:
        self.regex  # noqa: B018 (compiles on first use, which sets the groups)
        return self._secret_index

    @property
    def key_group(self) -> int | None:
        self.regex  # noqa: B018
        return self._key_index

    def names_provider(self, name_words: str) -> bool:
        """Whether an assigned-to name (lower-case words joined by "_") names this rule's provider."""
        return self._provider_names is not None and self._provider_names.search(name_words) is not None

    def names_column(self, name: bytes) -> bool:
        """Whether a table column named `name` (UTF-8) is one this table rule reads."""
        return self._column is not None and self._column.fullmatch(name) is not None

    def provider_value(self, value: str) -> bool:
        """Whether `value` has this rule's provider credential format (True where none is declared)."""
        return self._provider_format is None or self._provider_format.fullmatch(value) is not None

    def applies_to(self, path: str | None) -> bool:
        """Whether a rule with `files` runs on the file at `path` (relative or absolute, posix)."""
        if not self.files or not path:
            return False
        parts = path.split("/")
        return any(_path_ends_with(parts, f.split("/")) for f in self.files)

    @property
    def example_path(self) -> str | None:
        """A path the rule's examples are tested under: its first entry without globs."""
        return next((f for f in self.files if not any(ch in f for ch in "*?[")), None) if self.files else None

    def known_prefix(self, value: str) -> str | None:
        """The longest keyword the value starts with, in the value's own case (e.g. 'ghp_').

        Only specific rules have a meaningful prefix; generic keywords such as 'password'
        are key names, not parts of the value.
        """
        if not self.specific:
            return None
        lowered = value.lower()
        best = max((kw for kw in self.keywords if lowered.startswith(kw)), key=len, default=None)
        return value[: len(best)] if best else None


class Catalogue(BaseModel):
    """All rules, in file order, with lookup by id."""

    model_config = ConfigDict(frozen=True)

    rules: list[Rule]
    source: str = ""  # where it was loaded from (a path or "package")
    digest: str = ""  # sha256 of the rules file: changes when any rule changes (cache keys)

    _by_id: dict[str, Rule] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _index(self) -> "Catalogue":
        by_id: dict[str, Rule] = {}
        for rule in self.rules:
            if rule.id in by_id:
                raise ValueError(f"duplicate rule id '{rule.id}'")
            by_id[rule.id] = rule
        self._by_id = by_id
        return self

    def get(self, rule_id: str) -> Rule | None:
        return self._by_id.get(rule_id)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._by_id

    def __len__(self) -> int:
        return len(self.rules)

    def rows(self) -> list[tuple[str, str, str, str]]:
        """(id, category, confidence, title) per rule, for `secretloop rules`."""
        return [(r.id, r.category, r.confidence, r.title) for r in self.rules]

    def format_table(self) -> str:
        """The rows as aligned text columns: id  category  confidence  title."""
        rows = [("ID", "CATEGORY", "CONFIDENCE", "TITLE"), *self.rows()]
        widths = [max(len(row[i]) for row in rows) for i in range(3)]
        lines = ["  ".join([*(row[i].ljust(widths[i]) for i in range(3)), row[3]]) for row in rows]
        return "\n".join(lines) + "\n"


def _rule_label(raw: object, index: int) -> str:
    rule_id = raw.get("id") if isinstance(raw, dict) else None
    return f"rule '{rule_id}' (#{index + 1})" if isinstance(rule_id, str) and rule_id else f"rule #{index + 1}"


def _describe(err: ValidationError) -> str:
    parts = []
    for e in err.errors():
        where = ".".join(str(p) for p in e["loc"])
        msg = e["msg"].removeprefix("Value error, ")
        parts.append(f"{where}: {msg}" if where else msg)
    return "; ".join(parts)


# `{{name}}` in a pattern stands for the regex fragment `name` from the top-level [fragments]
# table: the generic rules share their key-name and assignment-operator pieces, written once.
_FRAGMENT_REF = re.compile(r"\{\{([a-z][a-z0-9_]*)\}\}")


def _fragments(raw: object, source: str) -> dict[str, str]:
    if not isinstance(raw, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in raw.items()):
        raise CatalogueError(f"{source}: [fragments] must map names to regex strings")
    for name, fragment in raw.items():
        if _FRAGMENT_REF.search(fragment):
            raise CatalogueError(f"{source}: fragment '{name}' refers to another fragment (not supported)")
    return dict(raw)


# `"{{name}}"` as one of a rule's keywords stands for the list `name` of the [keyword_sets] table:
# the names a shared key fragment takes are gated by one list, not by a copy in every rule using it.
def _keyword_sets(raw: object, source: str) -> dict[str, list[str]]:
    if not isinstance(raw, dict) or not all(
            isinstance(k, str) and isinstance(v, list) and all(isinstance(w, str) for w in v) for k, v in raw.items()):
        raise CatalogueError(f"{source}: [keyword_sets] must map names to lists of keywords")
    return dict(raw)


def _expand(raw: object, fragments: dict[str, str]) -> object:
    """The raw rule with fragment references in its pattern (and column) replaced; KeyError names an unknown one."""
    if not isinstance(raw, dict):
        return raw
    expanded = {field: _FRAGMENT_REF.sub(lambda m: fragments[m.group(1)], raw[field])
                for field in ("pattern", "column") if isinstance(raw.get(field), str) and "{{" in raw[field]}
    return {**raw, **expanded} if expanded else raw


def _expand_keyword_sets(raw: object, sets: dict[str, list[str]]) -> object:
    """The raw rule with keyword-set references among its keywords replaced; KeyError names an unknown one."""
    keywords = raw.get("keywords") if isinstance(raw, dict) else None
    if not isinstance(keywords, list) or not any(isinstance(kw, str) and "{{" in kw for kw in keywords):
        return raw
    out: list[object] = []
    for kw in keywords:
        ref = _FRAGMENT_REF.fullmatch(kw) if isinstance(kw, str) else None
        out.extend(sets[ref.group(1)] if ref else [kw])
    return {**raw, "keywords": list(dict.fromkeys(out))}


def parse_catalogue(text: str, source: str = "<string>") -> Catalogue:
    """Parse and validate rules.toml content; CatalogueError names the first broken rule."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise CatalogueError(f"{source}: not valid TOML: {err}") from None
    raw_rules = data.get("rules")
    if not isinstance(raw_rules, list) or not raw_rules:
        raise CatalogueError(f"{source}: no [[rules]] entries")
    unknown = sorted(set(data) - {"rules", "fragments", "keyword_sets"})
    if unknown:
        raise CatalogueError(f"{source}: unknown top-level keys: {', '.join(unknown)}")
    fragments = _fragments(data.get("fragments", {}), source)
    keyword_sets = _keyword_sets(data.get("keyword_sets", {}), source)
    rules: list[Rule] = []
    seen: dict[str, int] = {}
    for index, raw in enumerate(raw_rules):
        label = _rule_label(raw, index)
        try:
            raw = _expand(raw, fragments)
        except KeyError as err:
            raise CatalogueError(f"{source}: {label}: pattern uses an unknown fragment {err.args[0]!r}") from None
        try:
            raw = _expand_keyword_sets(raw, keyword_sets)
        except KeyError as err:
            raise CatalogueError(f"{source}: {label}: keywords use an unknown keyword set {err.args[0]!r}") from None
        try:
            rule = Rule.model_validate(raw)
        except ValidationError as err:
            raise CatalogueError(f"{source}: {label}: {_describe(err)}") from None
        if rule.id in seen:
            raise CatalogueError(f"{source}: {label}: duplicate rule id (first defined as rule #{seen[rule.id] + 1})")
        seen[rule.id] = index
        rules.append(rule)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return catalogue_of(rules, source, digest)


def catalogue_of(rules: list[Rule], source: str, digest: str) -> Catalogue:
    # Validating the Catalogue runs each Rule's after-validators again: the context says the
    # rules were validated and compiled just before, so they are not compiled a second time.
    return Catalogue.model_validate({"rules": rules, "source": source, "digest": digest}, context={COMPILED_BEFORE: True})


PACKAGED_SOURCE = "package:rules.toml"


@functools.lru_cache(maxsize=1)
def _packaged_catalogue() -> Catalogue:
    """Parsed and validated in full the first time a rules version is seen; after that from the
    parsed-rules cache (tomllib and compiling every pattern cost each CLI start ~75 ms), still
    validated by the model, with patterns compiled as rules first run."""
    resource = resources.files("secretloop.loops.rules").joinpath("rules.toml")
    try:
        text = resource.read_text(encoding="utf-8")
    except OSError as err:
        raise CatalogueError(f"packaged rules.toml is unreadable: {err}") from None
    key = parsed_rules.cache_key(text, Path(__file__).read_bytes())
    raw = parsed_rules.load(key)
    if raw is not None:
        try:
            rules = [Rule.model_validate(r, context={COMPILED_BEFORE: True}) for r in raw]
            return catalogue_of(rules, PACKAGED_SOURCE, hashlib.sha256(text.encode("utf-8")).hexdigest())
        except (ValidationError, TypeError) as err:
            parsed_rules.discard(key, f"does not validate ({type(err).__name__})")
    catalogue = parse_catalogue(text, source=PACKAGED_SOURCE)
    parsed_rules.store(key, [r.model_dump(mode="json") for r in catalogue.rules])
    return catalogue


def load_catalogue(path: str | None = None) -> Catalogue:
    """The packaged catalogue (parsed once, cached) or the rules file at `path` (parsed each call)."""
    if path is None:
        return _packaged_catalogue()
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise CatalogueError(f"{path}: cannot read rules file: {err}") from None
    return parse_catalogue(text, source=str(path))


def catalogue_for(rules_files: list[str] = (), disabled_rules: list[str] = (), base: str = ".") -> Catalogue:
    """The packaged rules plus the rules of `rules_files` (relative paths from `base`, the first
    workspace root; a file root stands for its folder), minus `disabled_rules`. A file that
    cannot be read or does not validate, an added rule whose id is taken, or a disabled id no
    rule has raises CatalogueError naming it. Built once per set of files (as they are on disk)
    and ids: a long-lived host asks on every document scan."""
    packaged = load_catalogue()
    if not rules_files and not disabled_rules:
        return packaged
    files = []
    for path in rules_file_paths(rules_files, base):
        try:
            st = os.stat(path)
        except OSError as err:
            raise CatalogueError(f"rules file {path}: {err.strerror}") from None
        files.append((path, st.st_mtime_ns, st.st_size))
    composed = _composed(packaged.digest, tuple(files), tuple(sorted(set(disabled_rules))))
    if isinstance(composed, CatalogueError):
        raise composed
    return composed


def rules_file_paths(rules_files: list[str], base: str) -> list[str]:
    """Where the settings' own rules files are: relative to `base` (a file stands for its folder)."""
    if os.path.isfile(base):
        base = os.path.dirname(os.path.abspath(base))
    return [os.path.normpath(os.path.join(base, os.path.expanduser(name))) for name in rules_files]


@functools.lru_cache(maxsize=8)
def _composed(packaged_digest: str, files: tuple[tuple[str, int, int], ...], disabled: tuple[str, ...]) -> Catalogue | CatalogueError:
    # Keyed by the files' (path, mtime, size): an edited rules file is read again. A failure is
    # remembered too, so an editor does not parse a broken file again on every keystroke.
    try:
        return _compose(load_catalogue(), files, disabled)
    except CatalogueError as err:
        return err


def _compose(packaged: Catalogue, files: tuple[tuple[str, int, int], ...], disabled: tuple[str, ...]) -> Catalogue:
    rules = list(packaged.rules)
    taken = {r.id: packaged.source for r in rules}
    digest = hashlib.sha256(packaged.digest.encode())
    for path, _, _ in files:
        extra = load_catalogue(path)
        for rule in extra.rules:
            if rule.id in taken:
                raise CatalogueError(f"{path}: rule {rule.id!r} has the id of a rule in {taken[rule.id]}; give it an id of its own"
                                     " (to replace a packaged rule, list its id in disabled_rules and add yours under a new id)")
            taken[rule.id] = path
            rules.append(rule)
        digest.update(f"\n{path}\n{extra.digest}".encode())
    unknown = [i for i in disabled if i not in taken]
    if unknown:
        raise CatalogueError(f"disabled_rules names no rule: {', '.join(unknown)} (`secretloop rules` lists them)")
    rules = [r for r in rules if r.id not in disabled]
    if not rules:
        raise CatalogueError("disabled_rules switches off every rule: nothing would be scanned")
    digest.update(("\ndisabled:" + ",".join(disabled)).encode())
    sources = [packaged.source, *(path for path, _, _ in files)]
    return catalogue_of(rules, " + ".join(sources), digest.hexdigest())
