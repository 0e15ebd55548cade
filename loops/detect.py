"""The detector: runs the catalogue's rules over one text and returns secret spans.

One RE2 set search over the lowercased text finds every rule keyword at once and
selects the rules worth running; one search per small group of rules (the alternation of
their patterns) drops the groups that match nothing; each remaining rule's RE2 pattern then
scans the whole text (never line by line). A match survives only if its value passes the
rule's entropy floor and length ceiling, and its checksum where the rule requires one
(elsewhere a failed checksum is kept as `checksum_valid=False` for the judge to weigh).
Where matches of different rules overlap, the most specific explanation wins (a provider
rule over a generic one, then higher confidence, then a checksum that holds). A Match holds
offsets, never the value.
"""

from __future__ import annotations

import bisect
import fnmatch
import re
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Callable, Iterator

import re2

from .features import shannon_entropy
from .rules.catalogue import KEY_GROUP, SECRET_GROUP, Catalogue, Rule, re2_options
from .rules.checksums import get_checksum
from .rules.pattern_text import outside_classes
from .tables import K8S_SECRET, LAYOUT_WORDS, Cell, column_name, digest_columns, k8s_entry_is_public, table_cells

# RE2 skips ahead with memchr to a pattern's literal prefix, but a leading \b hides the
# prefix (a rule like `\b(?P<secret>ghp_...)` scans 20x slower than `(?P<secret>ghp_...)`).
# The detector compiles such patterns without the leading \b and checks the boundary itself.

_LEADING_BOUNDARY = "\\b"
_WORD_BYTES = frozenset(b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")

# From this many filled cells on, a table column is read only where most of them have the
# rule's shape (Detector._run_table).
_TABLE_QUORUM = 3
# A cell that says where a value is instead of holding one ("n/a", "see KeePass", "ask IT", "-",
# "****") does not count towards the quorum: a few real passwords beside such rows are still a
# column of passwords. Labels ("Create one") and numbers ("12", "90d") still count.
_MASK_BYTES = frozenset(b"*x\xe2\x80\xa2-_.?")
# (a cell that is one word of _POINTER_WORDS, none or tbd, is left out by its first word)
_NOT_A_VALUE = frozenset({b"n/a", b"na", b"tba", b"null", b"nil", b"\xe2\x80\x94"})
_POINTER_WORDS = frozenset({b"see", b"ask", b"in", b"from", b"via", b"stored", b"contact", b"same", b"none",
                            b"unknown", b"tbd", b"request", b"managed", b"provided", b"set"})


def _holds_a_value(data: bytes, cell: Cell) -> bool:
    text = data[cell.start:cell.end].strip()
    if not text or not set(text) - _MASK_BYTES or text.lower() in _NOT_A_VALUE:
        return False
    return text.split(None, 1)[0].lower() not in _POINTER_WORDS


# When a match's trailing context (what follows the secret) is this long, the next search
# starts after the whole match instead of right after the secret: restarting inside a long
# tail could rescan it once per match.
_MAX_TAIL_RESCAN = 256

_HEX = re.compile(r"[0-9a-fA-F]{16,}")
# A random run of hex holds at most 4 bits a character and a 32-character one about 3.7 in
# Shannon's measure (a fifth of them fall under 3.5); the floors up to 3.5 were set for the
# 60-odd characters of alphanumeric tokens. Floors above 3.5 are there to keep hex out.
_HEX_FLOOR = 3.0


_GROUP_REGEX_MEMORY = 32 << 20


def entropy_floor(floor: float, value: str) -> float:
    """The rule's entropy floor for this value: a run of hex is held to what hex can reach."""
    if _HEX_FLOOR < floor <= 3.5 and _HEX.fullmatch(value) is not None:
        return _HEX_FLOOR
    return floor


# RE2 releases the GIL while it searches, so on a large text a second thread taking every other
# group of the selected rules (its group check, then its rules) overlaps with the caller's half on
# a second core: an editor's scan of a long file answers sooner when a core is free, and costs
# nothing more when both are busy. Below these sizes the hand-off costs more than it saves. Scan
# worker processes, which already keep every core busy, turn this off (`split = False`).
_SPLIT_MIN_BYTES = 16 * 1024
_SPLIT_MIN_GROUPS = 4
_helper: ThreadPoolExecutor | None = None
_helper_lock = threading.Lock()


def _helper_thread() -> ThreadPoolExecutor:
    global _helper
    with _helper_lock:
        if _helper is None:
            _helper = ThreadPoolExecutor(max_workers=1, thread_name_prefix="secretloop-rules")
        return _helper


# Rules are checked in small groups first: one RE2 search of the alternation of a group's
# patterns says whether any of them matches anywhere in the text (RE2 matches an alternation
# exactly where one of its branches matches), so a group that does not match costs one pass
# instead of one per rule. On code full of `password`/`token`/`key` most keyword-selected
# rules match nothing. Four is measured: the alternation of four patterns searches about as
# fast as one pattern; larger groups grow DFAs that search slower (on 256 KB of random base64,
# 4 ms for all groups of four, 60 ms for groups of twelve). A regular (non-Set) search stays
# linear: its DFA falls back to the NFA.
GROUP_SIZE = 4
# A scan worker runs the low-confidence rules (the broad generic ones: `password = …`, `key: …`)
# without a group check: their keywords occur in most code, so the check rarely skips anything,
# and the alternation of four of them grows a lazy DFA of megabytes that a worker keeps for the
# whole scan. Measured on the speed corpus, per worker: pairs 8 MB less at the same CPU, one by
# one 3 MB less again for 3-6% more CPU, which keeps the whole tree of a cold scan near 145 MB.
# The editor's detector keeps groups of four: on keyword-dense text they answer a fifth sooner.
WORKER_GENERIC_GROUP_SIZE = 1


# Overlap resolution: a checksum that holds is the best evidence, a failed one the weakest.
_CHECKSUM_RANK = {True: 2, None: 1, False: 0}


@dataclass(frozen=True, slots=True)
class Match:
    """A secret value found by a rule: text[start:end] (str offsets) is the value."""

    rule_id: str
    start: int
    end: int
    key_name: str | None = None  # the name the value is assigned to, for assignment-style rules
    checksum_valid: bool | None = None  # the rule's checksum held (True) or failed (False); None: no checksum


@dataclass(frozen=True, slots=True)
class _Compiled:
    """A rule prepared for scanning: its validators and rank (its regex: see _Matcher)."""

    index: int  # position in the catalogue: the final tie-breaker
    rule: Rule
    checksum: Callable[[str], bool] | None
    checksum_required: bool  # a failed checksum drops the match (else it is reported as failed)
    priority: tuple[int, int]  # (specific, confidence rank)


@dataclass(frozen=True, slots=True)
class _Matcher:
    """A rule's compiled regex and group indices, built the first time the rule runs: most
    scans (a pre-commit hook's few files, a rescan answered from the cache) run few rules
    or none, and compiling all of them cost every start-up tens of milliseconds."""

    regex: object
    leading_boundary: bool  # the pattern began with \b, checked by the detector (see above)
    secret_group: int
    key_group: int | None


def _matcher_for(rule: Rule) -> _Matcher:
    rest = rule.pattern[len(_LEADING_BOUNDARY) :]
    if rule.pattern.startswith(_LEADING_BOUNDARY) and not _has_top_level_alternation(rest):
        try:
            regex = re2.compile(rest, re2_options())
        except re2.error:
            pass  # keep the pattern as written
        else:
            # the same groups as the rule's own pattern, which need not be compiled as well
            groups = regex.groupindex
            return _Matcher(regex, True, groups[SECRET_GROUP], groups.get(KEY_GROUP))
    return _Matcher(rule.regex, False, rule.secret_group, rule.key_group)


@dataclass(frozen=True, slots=True)
class _RawMatch:
    compiled: _Compiled
    start: int  # byte offsets into the UTF-8 text
    end: int
    key_start: int
    key_end: int
    checksum_valid: bool | None


class Detector:
    """Finds secret spans in text with the rules of one catalogue."""

    def __init__(self, catalogue: Catalogue):
        self.catalogue = catalogue
        self._compiled: list[_Compiled] = [self._prepare(i, r) for i, r in enumerate(catalogue.rules)]
        self._by_id = {c.rule.id: c for c in self._compiled}
        # Rules for credential files known by name run where the path says so, never by keyword.
        self._by_path = tuple(c for c in self._compiled if c.rule.files)
        self._path_gate = _last_part_gate(c.rule for c in self._by_path)
        by_text = [c for c in self._compiled if not c.rule.files]
        self._always = frozenset(c.index for c in by_text if not c.rule.keywords)
        self._with_keywords = len(by_text) - len(self._always)
        # the table reader's layout words ride along in the keyword set (see tables.LAYOUT_WORDS)
        layout_words = LAYOUT_WORDS if any(c.rule.layout == "table" for c in self._compiled) else ()
        self._keywords, self._keyword_rules, self._layout_word = self._build_keyword_set(by_text, layout_words)
        self._groups, self._group_of = self._build_groups(self._compiled)
        self._group_regex: list[object] = [None] * len(self._groups)  # compiled on first use; False: unusable
        self.grouped = True  # check rules in groups before running them one by one (see GROUP_SIZE)
        # Filled as rules first run. Threads may race to fill a slot: both build the same thing.
        self._matchers: list[_Matcher | None] = [None] * len(self._compiled)
        # How often each rule's pattern ran (the prefilter's effect, for tests and benchmarks).
        self.rule_runs: Counter[str] = Counter()
        self.split = True  # may run half of a large text's rules on a second thread (see above)
        self._table_cache: tuple[bytes, list[Cell]] | None = None  # the last text's table cells (see _cells)
        # the last text, lower-cased by the keyword pass, and the layout words it saw
        self._lowered: tuple[bytes, bytes, frozenset[str]] | None = None

    @staticmethod
    def _prepare(index: int, rule: Rule) -> _Compiled:
        return _Compiled(
            index=index,
            rule=rule,
            checksum=get_checksum(rule.checksum) if rule.checksum else None,
            checksum_required=rule.checksum_required,
            priority=(int(rule.specific), rule.confidence_rank),
        )

    @staticmethod
    def _build_keyword_set(compiled: list[_Compiled], extra: tuple[str, ...] = ()) -> tuple["re2.Set | None", list[tuple[int, ...]], dict[int, str]]:
        """One RE2 set of every keyword: a single C-level pass over a file says which keywords
        occur (Aho-Corasick's per-occurrence Python callbacks cost 10x more on dense files).
        `extra` words select no rule; the third value maps their entries in the set to them."""
        owners: dict[str, set[int]] = {word: set() for word in extra}
        for c in compiled:
            for kw in c.rule.keywords:
                owners.setdefault(kw, set()).add(c.index)
        if not owners:
            return None, [], {}
        keys = sorted(owners)
        kset = re2.Set.SearchSet(re2_options())
        for kw in keys:
            kset.Add(re2.escape(kw))
        kset.Compile()
        return kset, [tuple(sorted(owners[k])) for k in keys], {i: k for i, k in enumerate(keys) if k in extra}

    def group_for_workers(self) -> None:
        """Regroup for a scan worker: the low-confidence rules in groups of WORKER_GENERIC_GROUP_SIZE."""
        self._groups, self._group_of = self._build_groups(self._compiled, WORKER_GENERIC_GROUP_SIZE)
        self._group_regex = [None] * len(self._groups)

    @staticmethod
    def _build_groups(compiled: list[_Compiled], generic_size: int = GROUP_SIZE) -> tuple[list[tuple[int, ...]], list[int]]:
        """A fixed partition of the rules into groups of GROUP_SIZE, rules with like keywords
        together (they tend to be selected together); with a smaller `generic_size`, the
        low-confidence rules are grouped apart, in groups of that size."""
        order = sorted(compiled, key=lambda c: (tuple(sorted(c.rule.keywords)) or ("~",), c.index))
        # A table rule's pattern is a cell's shape, which matches almost anywhere: in a group's
        # alternation it would make every check pass. Each is a group of its own (never checked).
        # So is a rule for files known by name: it runs on its files alone, selected by path.
        tables = [c for c in order if c.rule.layout == "table" or c.rule.files]
        order = [c for c in order if c.rule.layout != "table" and not c.rule.files]
        parts = [(order, GROUP_SIZE)]
        if generic_size != GROUP_SIZE:
            parts = [([c for c in order if c.rule.confidence != "low"], GROUP_SIZE),
                     ([c for c in order if c.rule.confidence == "low"], generic_size)]
        parts.append((tables, 1))
        groups = [tuple(c.index for c in part[i : i + size]) for part, size in parts for i in range(0, len(part), size)]
        group_of = [0] * len(compiled)
        for g, members in enumerate(groups):
            for i in members:
                group_of[i] = g
        return groups, group_of

    def _group_search(self, group: int) -> object:
        regex = self._group_regex[group]
        if regex is None:
            branches = "|".join(f"(?:{self._compiled[i].rule.pattern})" for i in self._groups[group])
            options = re2_options()
            options.never_capture = True  # the rules' group names repeat across branches
            # An alternation of several generic rules (their key-name fragments are large) outgrows RE2's default
            # 8 MB for its automaton, and RE2 then falls back to a matcher hundreds of times slower (a 1,000-line
            # file: 47 ms instead of 0.1 ms). The memory is only taken as the automaton grows.
            options.max_mem = _GROUP_REGEX_MEMORY
            try:
                regex = re2.compile(branches, options)
            except re2.error:
                regex = False  # e.g. over RE2's program size: its rules run one by one
            self._group_regex[group] = regex
        return regex

    def _by_group(self, selected: list[_Compiled]) -> list[tuple[int, list[_Compiled]]]:
        """The selected rules by their group (each rule alone when groups are off)."""
        if not self.grouped:
            return [(-1, [c]) for c in selected]
        by_group: dict[int, list[_Compiled]] = {}
        for c in selected:
            by_group.setdefault(self._group_of[c.index], []).append(c)
        return list(by_group.items())

    def _check_and_run(self, groups: list[tuple[int, list[_Compiled]]], data: bytes) -> list[_RawMatch]:
        """Each group's alternation first (a group with two or more selected rules), then the rules
        of those that match, each from the group's first match: the alternation matches at the
        leftmost place any of its branches does, so no rule of the group matches before it (RE2
        still reads the bytes before a start offset for ^ and \b)."""
        raw: list[_RawMatch] = []
        for group, members in groups:
            first = 0
            if len(members) >= 2:
                regex = self._group_search(group)
                if regex is not False:
                    m = regex.search(data)  # type: ignore[union-attr]
                    if m is None:
                        continue
                    first = m.start()
            for compiled in members:
                raw.extend(self._run(compiled, data, first))
        return raw

    # -- prefilter -------------------------------------------------------------------

    def _selected(self, data: bytes, path: str | None = None) -> list[_Compiled]:
        chosen = set(self._always)
        if path and self._by_path:
            path = untemplated(path)
            if self._path_gate.match(path.rpartition("/")[2]):
                chosen.update(c.index for c in self._by_path if c.rule.applies_to(path))
        if self._keywords is not None and self._with_keywords:
            # Keywords are ASCII: lowercasing the UTF-8 bytes (ASCII letters only) finds the same
            # keywords as str.lower(), several times faster.
            lowered = data.lower()
            matched = self._keywords.Match(lowered) or ()
            for i in matched:
                chosen.update(self._keyword_rules[i])
            # the table reader reads the lowered text and the layout words this pass saw
            words = frozenset(self._layout_word[i] for i in matched if i in self._layout_word)
            self._lowered = (data, lowered, words)
        return [self._compiled[i] for i in sorted(chosen)]

    def rules_for(self, text: str, path: str | None = None) -> list[Rule]:
        """The rules the keyword prefilter (and the file's path) selects for this text (those that would run)."""
        selected = self._selected(_utf8(text), path)
        self._lowered = None
        return [c.rule for c in selected]

    # -- matching --------------------------------------------------------------------

    def find(self, text: str, path: str | None = None) -> list[Match]:
        """Every secret span in `text`, overlaps resolved, sorted by start offset. `path` (the
        file's, posix) lets the rules for credential files known by name run on theirs."""
        data = _utf8(text)
        try:
            groups = self._by_group(self._selected(data, path))
            if not groups:
                return []
            if self.split and len(groups) >= _SPLIT_MIN_GROUPS and len(data) >= _SPLIT_MIN_BYTES:
                # The table rules read one parse of the text's cells: made here, before the halves, or
                # each half that holds a table rule would make its own (Python code, one at a time).
                if any(c.rule.layout == "table" for _, members in groups for c in members):
                    self._cells(data)
                # every other group, so that each half holds groups from all over the catalogue; the
                # halves' matches are resolved together, in an order that does not depend on theirs
                theirs = _helper_thread().submit(self._check_and_run, groups[1::2], data)
                raw = self._check_and_run(groups[0::2], data)
                raw.extend(theirs.result())
            else:
                raw = self._check_and_run(groups, data)
        finally:
            self._table_cache = self._lowered = None  # not kept alive past their text
        return self._to_matches(self._resolve(raw), text, data)

    def run_rule(self, rule_id: str, text: str) -> list[Match]:
        """One rule alone over `text` (no prefilter, no overlap resolution): for tests and tools."""
        compiled = self._by_id[rule_id]
        data = _utf8(text)
        raw = list(self._run(compiled, data))
        self._table_cache = None
        return self._to_matches(raw, text, data)

    def compile_all(self) -> None:
        """Build every rule's matcher now (a process that forks scanners shares them)."""
        for compiled in self._compiled:
            self._matcher(compiled)
        for group in range(len(self._groups)):
            self._group_search(group)

    def _matcher(self, compiled: _Compiled) -> _Matcher:
        matcher = self._matchers[compiled.index]
        if matcher is None:
            matcher = self._matchers[compiled.index] = _matcher_for(compiled.rule)
        return matcher

    def _run(self, compiled: _Compiled, data: bytes, start_at: int = 0) -> Iterator[_RawMatch]:
        if compiled.rule.layout == "table":
            yield from self._run_table(compiled, data)
            return
        matcher = self._matcher(compiled)
        regex, group, key_group, leading_boundary = matcher.regex, matcher.secret_group, matcher.key_group, matcher.leading_boundary
        rule = compiled.rule
        self.rule_runs[rule.id] += 1
        pos, size = start_at, len(data)
        while pos <= size:
            m = regex.search(data, pos)
            if m is None:
                return
            if leading_boundary and not _word_boundary(data, m.start()):
                pos = m.start() + 1
                continue
            start, end = m.span(group)
            # Restart right after the secret, not after the whole match: the trailing
            # delimiter a pattern consumed may be the leading delimiter of the next value.
            pos = max(end, m.start() + 1)
            if m.end() - end > _MAX_TAIL_RESCAN:
                pos = max(pos, m.end())
            if start < 0 or end <= start:
                continue
            value = data[start:end].decode("utf-8")
            if rule.max_length is not None and len(value) > rule.max_length:
                continue
            checksum_valid = None
            if compiled.checksum is not None:
                checksum_valid = compiled.checksum(value)
                if not checksum_valid and compiled.checksum_required:
                    continue
            if rule.min_entropy is not None and shannon_entropy(value) < entropy_floor(rule.min_entropy, value):
                continue
            key_start, key_end = m.span(key_group) if key_group is not None else (-1, -1)
            yield _RawMatch(compiled, start, end, key_start, key_end, checksum_valid)

    def _cells(self, data: bytes) -> list[Cell]:
        # The table rules of one text read the same cells: parsed once per text. Two threads
        # may both parse one text; the result is the same.
        cached = self._table_cache
        if cached is not None and cached[0] is data:
            return cached[1]
        lowered = self._lowered
        if lowered is not None and lowered[0] is data:
            cells = table_cells(data, lowered[1], lowered[2])
        else:
            cells = table_cells(data)
        self._table_cache = (data, cells)
        return cells

    def _run_table(self, compiled: _Compiled, data: bytes) -> Iterator[_RawMatch]:
        """The cells of tables in columns the rule names, whole values of its pattern."""
        rule = compiled.rule
        self.rule_runs[rule.id] += 1
        named: dict[bytes, bool] = {}  # by column name: whether the rule reads it
        cells = self._cells(data)
        # a password column of digests holds stored hashes, not passwords (tables.digest_columns)
        skip = digest_columns(data, cells) if rule.category == "password" else ()
        found: list[tuple[int, _RawMatch]] = []  # (column, match)
        filled: Counter[int] = Counter()  # non-empty cells per column the rule reads
        for cell in cells:
            if cell.name_start in skip:
                continue
            name = column_name(data, cell)
            if name not in named:
                named[name] = rule.names_column(name)
            if not named[name]:
                continue
            if _holds_a_value(data, cell):
                filled[cell.name_start] += 1
            match = self._table_value(compiled, data, cell)
            if match is not None:
                found.append((cell.name_start, match))
        # A column where most values have no credential's shape is not a column of credentials:
        # a vocabulary's `token` column, a form's `password` column of labels. Its odd random
        # word is not read either.
        shaped = Counter(column for column, _ in found)
        for column, match in found:
            if filled[column] < _TABLE_QUORUM or shaped[column] * 2 > filled[column]:
                yield match

    @staticmethod
    def _table_value(compiled: _Compiled, data: bytes, cell: Cell) -> _RawMatch | None:
        rule = compiled.rule
        m = rule.regex.fullmatch(data, cell.start, cell.end)
        if m is None:
            return None
        start, end = m.span(rule.secret_group)
        if end <= start:
            return None
        value = data[start:end].decode("utf-8", "replace")
        if rule.max_length is not None and len(value) > rule.max_length:
            return None
        if rule.min_entropy is not None and shannon_entropy(value) < entropy_floor(rule.min_entropy, value):
            return None
        if cell.table == K8S_SECRET:
            # An entry's name (ca.crt, .dockercfg, extra) says nothing of whether it is secret:
            # being in a Secret does. The finding has no name, as a bare value has none. Only a
            # value that decodes to a user, a host or a plain URL beside the credential is left.
            if k8s_entry_is_public(data, cell):
                return None
            return _RawMatch(compiled, start, end, -1, -1, None)
        return _RawMatch(compiled, start, end, cell.name_start, cell.name_end, None)

    @staticmethod
    def _resolve(raw: list[_RawMatch]) -> list[_RawMatch]:
        """Keep, among overlapping matches, the most specific; disjoint ones all stay.

        Priority: provider rule over generic, then confidence, then a checksum that holds
        over no checksum over a failed one, then the longer value, then catalogue order
        (deterministic).
        """
        if len(raw) < 2:
            return raw
        yields = _cells_around_a_format(raw)
        ranked = sorted(raw, key=lambda r: (id(r) in yields, *(-p for p in r.compiled.priority),
                                            -_CHECKSUM_RANK[r.checksum_valid], -(r.end - r.start), r.compiled.index,
                                            r.start))
        starts: list[int] = []  # kept spans never overlap, so sorting by start sorts by end too
        kept: list[_RawMatch] = []
        for candidate in ranked:
            i = bisect.bisect_right(starts, candidate.start)
            if i > 0 and kept[i - 1].end > candidate.start:
                _lend_key(kept, i - 1, candidate)
                continue
            if i < len(kept) and kept[i].start < candidate.end:
                _lend_key(kept, i, candidate)
                continue
            starts.insert(i, candidate.start)
            kept.insert(i, candidate)
        return kept

    @staticmethod
    def _to_matches(raw: list[_RawMatch], text: str, data: bytes) -> list[Match]:
        if not raw:
            return []
        offsets = {o for r in raw for o in (r.start, r.end, r.key_start, r.key_end) if o >= 0}
        to_char = {o: o for o in offsets} if len(data) == len(text) else _byte_to_char(data, offsets)
        out = []
        for r in sorted(raw, key=lambda r: (r.start, r.compiled.index)):
            key_name = None
            if r.key_start >= 0:
                key_name = _whole_quoted_name(text, to_char[r.key_start], to_char[r.key_end])
            out.append(Match(r.compiled.rule.id, to_char[r.start], to_char[r.end], key_name, r.checksum_valid))
        return out


# A quoted name of several words ("Discord Application Public Key": …), of which a rule's name pattern
# took the last word or two: the words before say what the value is as much as the last one.
_QUOTED_NAME_HEAD = re.compile(r"[\w()-]+(?: [\w()-]+){0,11} $")


def _whole_quoted_name(text: str, start: int, end: int) -> str | None:
    name = text[start:end]
    quote = text[end:end + 1]
    if quote in ("\"", "'") and start > 0 and text[start - 1] == " ":
        line_start = text.rfind("\n", 0, start) + 1
        opened = text.rfind(quote, line_start, start)
        if opened >= 0 and _QUOTED_NAME_HEAD.fullmatch(text, opened + 1, start):
            name = text[opened + 1:end]
    return name.strip("\"'` \t") or None


def _cells_around_a_format(raw: list[_RawMatch]) -> set[int]:
    """The whole-cell matches of table rules (a Secret's stringData value, a password column's cell) that hold a
    format rule's match inside them: `DATABASE_URL: postgres://app:…@db/app` is read by the connection string's
    rule, whose span is the password alone, so the cell yields to it (and lends it its column's name)."""
    cells = [r for r in raw if r.compiled.rule.layout == "table"]
    if not cells:
        return set()
    inner = [r for r in raw if r.compiled.rule.layout != "table" and r.compiled.rule.specific]
    return {id(c) for c in cells
            if any(c.start <= i.start and i.end <= c.end and i.end - i.start < c.end - c.start for i in inner)}


# What a configuration management tool adds to the name of a file it renders (Ansible's and Salt's
# passwd.client.j2, Chef's secrets.erb, Go's and Helm's .tmpl/.tpl): the rendered file is the one named.
# The folder the tool keeps templates in (a role's or a module's templates/) is not where the file goes.
_TEMPLATE_SUFFIX = re.compile(r"(?:/templates)?(/[^/]*[^/.])\.(?:j2|jinja2?|tmpl|tpl|erb)$")


def untemplated(path: str) -> str:
    """The path of the file a template renders (puppet/modules/davfs2/templates/secrets.erb -> …/davfs2/secrets)."""
    return _TEMPLATE_SUFFIX.sub(r"\1", "/" + path)[1:]  # (a leading / lets a bare name match too)


def _last_part_gate(rules) -> re.Pattern:
    """One regex that matches a file name (a path's last part) whenever some rule's `files` entry
    could match the path: `Rule.applies_to` needs the entry's last part to match the name
    (fnmatch), so a name none of them matches skips the per-rule checks. Most files are such:
    on the speed corpus the checks (73 globs per file) were a quarter of the detector's time."""
    lasts = sorted({entry.rsplit("/", 1)[-1] for rule in rules for entry in rule.files})
    # fnmatch.translate ends each with \Z: the alternation matches a whole name, as fnmatchcase does
    return re.compile("|".join(f"(?:{fnmatch.translate(last)})" for last in lasts) or "(?!)")


def _has_top_level_alternation(pattern: str) -> bool:
    """Whether `pattern` has a '|' outside every group and class (then a leading \\b would
    bind to the first alternative only, and cannot be checked for the whole match)."""
    depth = 0
    for _, ch in outside_classes(pattern)[0]:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            return True
    return False


def _word_boundary(data: bytes, i: int) -> bool:
    """RE2's \\b at byte offset i: exactly one side is an ASCII word character."""
    before = i > 0 and data[i - 1] in _WORD_BYTES
    after = i < len(data) and data[i] in _WORD_BYTES
    return before != after


def _utf8(text: str) -> bytes:
    """The text as UTF-8 for RE2. A lone surrogate (from a file decoded with surrogateescape)
    becomes '?': one character for one byte, so str offsets still map one-to-one."""
    return text.encode("utf-8", "replace")


def _lend_key(kept: list[_RawMatch], i: int, loser: _RawMatch) -> None:
    """A provider rule that wins over an assignment rule on the very same value keeps the
    name the value was assigned to (`password = "ghp_…"` is a GitHub token named password)."""
    winner = kept[i]
    if winner.key_start < 0 and loser.key_start >= 0 and (winner.start, winner.end) == (loser.start, loser.end):
        kept[i] = replace(winner, key_start=loser.key_start, key_end=loser.key_end)


def _byte_to_char(data: bytes, offsets: set[int]) -> dict[int, int]:
    """Map UTF-8 byte offsets (RE2 works on bytes) to str offsets in one forward walk.

    RE2 offsets fall on character boundaries, so each slice between two of them decodes.
    """
    mapping: dict[int, int] = {}
    prev_byte, prev_char = 0, 0
    for offset in sorted(offsets):
        prev_char += len(data[prev_byte:offset].decode("utf-8"))
        prev_byte = offset
        mapping[offset] = prev_char
    return mapping
