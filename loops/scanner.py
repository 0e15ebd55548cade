"""Turns one file's text into candidates: the only place a raw value exists.

The value lives in a local variable while its features, fingerprint, preview and masked
context are computed; the Candidate that leaves this module carries none of it.
"""

from __future__ import annotations

import re

from .bundle_view import bundle_catalogue, is_bundle
from .detect import Detector, Match
from .dotfile_sources import target_path
from .features import build_features, shannon_entropy
from .lockfile_view import is_lockfile, url_credential_lines
from .commented_block_view import commented_blocks
from .concatenation_view import concatenated_views
from .continuation_view import joined_text
from .diff_view import diff_views
from .encoded_view import TOKEN_KIND, EncodedText, encoded_views
from .escaped_view import EscapedText, escaped_view
from .kv_export_view import KvValueText, kv_export_views
from .notebook_view import CellText, is_notebook, notebook_texts
from .office_text_view import office_text
from .source_map_view import LineIndex, OriginalSource, is_source_map, original_sources
from .filters import RuleFormats
from .redact import char_classes, fingerprint, masked, preview
from .rules.catalogue import Catalogue
from .state import Candidate, compact

# Context lines may hold a second secret that no rule matched: mask every word that could
# be one. A word is a run without spaces, quotes or brackets.
_WORD = re.compile(r"""[^\s'"`,;()\[\]{}<>]{8,}""")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")
_NO_DIGITS = str.maketrans("", "", "0123456789")


def _could_be_secret(word: str) -> bool:
    # Runs on every word of every context line: the cheap tests first, in C where possible.
    digits = len(word) - len(word.translate(_NO_DIGITS))
    if _IDENTIFIER.fullmatch(word):
        # code names are common and harmless; a password-like word has digits and mixed case
        return digits >= 2 and word.lower() != word and word.upper() != word or (len(word) >= 16 and digits >= 1 and shannon_entropy(word) >= 3.5)
    if "://" in word and "@" not in word:
        return False  # a URL without userinfo
    classes = len(char_classes(word).replace("-", ""))
    if classes >= 3 and shannon_entropy(word) >= 2.5:
        return True
    return len(word) >= 16 and digits >= 1 and shannon_entropy(word) >= 3.5


def _mask_noise(text: str) -> str:
    return _WORD.sub(lambda m: masked(m.group(0)) if _could_be_secret(m.group(0)) else m.group(0), text)


CONTEXT_CHARS = 400  # of each context line: a longer line (minified code) shows the part around its first match
# Where a long line's shown part may start or end: between words (_WORD), so no word is cut in two and
# a secret's end is never shown unmasked as a short word of its own.
_WORD_EDGE = re.compile(r"""[\s'"`,;()\[\]{}<>]""")


def _shown_part(line: str, cuts: list[tuple[int, int]]) -> tuple[int, int]:
    """(start, end) of the part of `line` a context line shows: from its start, or, when the first match
    (`cuts`, sorted spans) would not show whole from there, from a little before it; never ending inside a
    match or a word."""
    if len(line) <= CONTEXT_CHARS:
        return 0, len(line)
    lo = 0
    if cuts and cuts[0][1] > CONTEXT_CHARS - 20:  # the first match would not show whole from the start
        target = cuts[0][0] - CONTEXT_CHARS // 4
        before = line[max(0, target - CONTEXT_CHARS):target]
        edges = [m.end() for m in _WORD_EDGE.finditer(before)]
        lo = target - len(before) + edges[-1] if edges else 0  # just after a word's edge
    # masking shortens words, so read on well past the characters shown
    hi = max([lo + 8 * CONTEXT_CHARS, *(b for a, b in cuts if a < lo + 8 * CONTEXT_CHARS)])
    edge = _WORD_EDGE.search(line, hi) if hi < len(line) else None
    return lo, edge.start() if edge else len(line)


_FEW_MATCHES = 8  # up to this many matches, lines are located by counting (see scan_text)


def _overlaps(c: Candidate, span: tuple[int, int, int, int]) -> bool:
    """Whether the candidate's text and the span (start line, column, end line, column) share a character."""
    return (c.start_line, c.start_col) < (span[2], span[3]) and (span[0], span[1]) < (c.end_line, c.end_col)


class Scanner:
    def __init__(self, catalogue: Catalogue, context_lines: int = 2, detector: Detector | None = None):
        self.catalogue = catalogue
        # a detector built before (over this very catalogue) keeps the rules it compiled
        self.detector = detector if detector is not None and detector.catalogue is catalogue else Detector(catalogue)
        # the filters that read rules (provider formats) read this catalogue's, custom rules included
        self.formats = RuleFormats(self.detector)
        self.context_lines = context_lines
        self._bundle_detector: Detector | None = None  # built on the first bundle (bundle_view)

    def _detector_for(self, text: str, kind_path: str) -> Detector:
        if not is_bundle(kind_path, text):
            return self.detector
        if self._bundle_detector is None:
            self._bundle_detector = Detector(bundle_catalogue(self.catalogue))
            self._bundle_detector.split = self.detector.split  # off in worker processes (parallel_scan)
        return self._bundle_detector

    def scan_text(self, text: str, root: int, path: str) -> list[Candidate]:
        # rules and features read a dotfiles manager's source file as the file it becomes; findings keep its path
        kind_path = target_path(path)
        if is_lockfile(kind_path):
            text = url_credential_lines(text)  # generated: only a registry URL's user and token is read there
        elif is_source_map(kind_path):
            sources = original_sources(text)  # a map's own sources are read as the files they were
            if sources is not None:
                return self._scan_sources(text, sources, root, path)
        elif is_notebook(kind_path):
            cells = notebook_texts(text, kind_path)
            if cells:
                return self._scan_views(text, cells, root, path, kind_path)
        else:
            diffs = diff_views(text, kind_path)
            if diffs is not None:
                # (a diff's hunks are read as the files they change; its own lines where they find nothing)
                found = self._scan_views(text, diffs, root, path, kind_path)
                return self._with_decoded_views(text, found, root, path, kind_path)
            joined = joined_text(text, kind_path)
            if joined is not None:
                found = self._scan_views(text, [joined], root, path, kind_path)
            else:
                chains = concatenated_views(text, kind_path)
                found = self._scan_chains(text, chains, root, path, kind_path) if chains else self._scan(text, root, path, kind_path)
            return self._with_decoded_views(text, found, root, path, kind_path)
        return self._scan(text, root, path, kind_path)

    def _with_decoded_views(self, text: str, found: list[Candidate], root: int, path: str,
                            kind_path: str) -> list[Candidate]:
        """The file's candidates, and on the lines where the file as written has none, those of the files its base64
        carries (encoded_view), of its escaped lines unescaped (escaped_view) and of key blocks in its comments
        (commented_block_view): a rule that reads the encoding itself (a Kubernetes Secret's data) knows its place.
        Where they do not overlap the file's own candidates, those of a key-value store export's values under their
        keys' names (kv_export_view) and of an office document's text (office_text_view)."""
        encoded = encoded_views(text, kind_path)
        # (a key-value export's value is read under its key's name: a token view of the same run would read it bare)
        values: list[KvValueText | CellText] = list(kv_export_views(text, kind_path))
        named = {v.raw_start for v in values}
        office = office_text(text, kind_path)
        if office is not None:
            values.append(office)  # (a document's text, like an export's values, may stand on one line with others)
        tokens = [v for v in encoded if v.path.endswith(TOKEN_KIND) and v.raw_start not in named]
        views: list[EncodedText | EscapedText | CellText] = [v for v in encoded if not v.path.endswith(TOKEN_KIND)]
        escaped = escaped_view(text, kind_path)
        if escaped is not None:
            views.append(escaped)
        views.extend(commented_blocks(text, kind_path))
        if not views and not tokens and not values:
            return found
        taken = {line for c in found for line in range(c.start_line, c.end_line + 1)}
        # (the lines kept as written around an escaped line find what the file does: taken already)
        added = self._scan_sources(text, views, root, path) if views else []
        # a token in base64 is a leak when a provider's format says so: what generic rules read in a word is noise
        added += [c for c in self._scan_sources(text, tokens, root, path) if self._provider_format(c)]
        found = found + [c for c in added if c.start_line not in taken]
        if not values:
            return found
        # an export's value is its own span: etcdctl writes a whole export on one line, where the file's other
        # candidates (its key, another value) stand beside it; so is a paragraph of an office document's text
        spans = [(c.start_line, c.start_col, c.end_line, c.end_col) for c in found]
        return found + [c for c in self._scan_sources(text, values, root, path)
                        if not any(_overlaps(c, span) for span in spans)]

    def _provider_format(self, candidate: Candidate) -> bool:
        # (a token whose checksum fails was made up: in base64 it is a fixture's, nobody's credential)
        rule = self.catalogue.get(candidate.rule_id)
        return rule.specific and rule.confidence == "high" and candidate.features.checksum_valid is not False

    def _scan_chains(self, text: str, chains: list[CellText], root: int, path: str, kind_path: str) -> list[Candidate]:
        """The file's candidates, and those its joined literals make: a view's finding that the file as written
        has too (on the lines around a chain) is taken from the file, whose surroundings are whole."""
        raw = self._scan(text, root, path, kind_path)
        known = {(c.rule_id, c.fingerprint, c.start_line, c.start_col) for c in raw}
        joined = [c for c in self._scan_sources(text, chains, root, path)
                  if (c.rule_id, c.fingerprint, c.start_line, c.start_col) not in known]
        covered = {line for c in joined for line in range(c.start_line, c.end_line + 1)}
        return joined + [c for c in raw if c.start_line not in covered]

    def _scan_views(self, text: str, views: list[CellText], root: int, path: str, kind_path: str) -> list[Candidate]:
        """The candidates of the views of a file (a notebook's cells unescaped, its continued lines joined), and of
        the file as written on the lines they leave."""
        found = self._scan_sources(text, views, root, path)
        covered = {line for c in found for line in range(c.start_line, c.end_line + 1)}
        raw = [c for c in self._scan(text, root, path, kind_path) if c.start_line not in covered]
        return found + raw

    def _scan_sources(self, text: str,
                      sources: list[OriginalSource] | list[CellText] | list[EncodedText | EscapedText | KvValueText | CellText],
                      root: int, path: str) -> list[Candidate]:
        """The candidates of each source a map carries (or view of a file), placed where its text stands in the file."""
        in_map = LineIndex(text)
        out: list[Candidate] = []
        seen: set[str] = set()
        for source in sources:
            # (an escaped view keeps only the lines around its own: what the file declares is in the file)
            found = self._scan(source.text, root, path, source.path,
                               whole=text if isinstance(source, EscapedText) else None)
            if not found:
                continue
            in_source = LineIndex(source.text)
            for c in found:
                sl, sc = in_map.locate(source.raw_offset(in_source.offset(c.start_line - 1, c.start_col)))
                el, ec = in_map.locate(source.raw_offset(in_source.offset(c.end_line - 1, c.end_col)))
                cid = f"{c.fingerprint[4:20]}:{root}:{path}:{sl + 1}:{sc}"
                if cid in seen:
                    continue
                seen.add(cid)
                out.append(compact(c.model_copy(update={"id": cid, "start_line": sl + 1, "start_col": sc,
                                                        "end_line": el + 1, "end_col": ec})))
        return out

    def _scan(self, text: str, root: int, path: str, kind_path: str, whole: str | None = None) -> list[Candidate]:
        """The candidates of `text`, reported at `path`; rules and features read it as `kind_path`."""
        # a minified bundle or source map is read by the rules whose format alone says "secret"
        matches = self._detector_for(text, kind_path).find(text, kind_path)
        if not matches:
            return []
        lines = text.split("\n")
        if len(matches) <= _FEW_MATCHES:
            # Most files with a match have one or two: counting newlines in C per offset is
            # cheaper than indexing every line start of the file in Python.
            def locate(offset: int) -> tuple[int, int]:
                return text.count("\n", 0, offset), offset - text.rfind("\n", 0, offset) - 1
        else:
            locate = LineIndex(text).locate

        # (start col, end col) of every match per line index, for masking context; by line, so a
        # file with thousands of matches does not look through all of them for each line
        spans: dict[int, list[tuple[int, int]]] = {}
        located = []
        for m in matches:
            sl, sc = locate(m.start)
            el, ec = locate(m.end)
            located.append((m, sl, sc, el, ec))
            for li in range(sl, el + 1):
                spans.setdefault(li, []).append((sc if li == sl else 0, ec if li == el else len(lines[li])))

        masked_cache: dict[int, str] = {}

        def masked_line(li: int) -> str:
            if li not in masked_cache:
                line = lines[li]
                cuts = sorted(spans.get(li, ()))
                lo, hi = _shown_part(line, cuts)
                out, pos = [], lo
                for a, b in cuts:
                    if a < pos or a >= hi:
                        continue
                    out.append(_mask_noise(line[pos:a]))
                    out.append(masked(line[a:b]))
                    pos = b
                out.append(_mask_noise(line[pos:hi]))
                shown = "".join(out)[:CONTEXT_CHARS]
                masked_cache[li] = "…" + shown if lo else shown
            return masked_cache[li]

        out: list[Candidate] = []
        seen: set[str] = set()
        memo: dict = {}  # per-line answers of build_features, for this text only
        for m, sl, sc, el, ec in located:
            rule = self.catalogue.get(m.rule_id)
            value = text[m.start : m.end]
            fp = fingerprint(rule.id, value)
            cid = f"{fp[4:20]}:{root}:{path}:{sl + 1}:{sc}"
            if cid in seen:
                continue
            seen.add(cid)
            feats = build_features(
                value=value,
                text=text,
                start=m.start,
                end=m.end,
                path=kind_path,
                rule_confidence=rule.confidence,
                known_prefix=rule.known_prefix(value),
                checksum_valid=m.checksum_valid,
                key_name=m.key_name,
                formats=self.formats,
                memo=memo,
                whole=whole,
            )
            lo = max(0, sl - self.context_lines)
            hi = min(len(lines) - 1, el + self.context_lines)
            out.append(compact(
                Candidate(
                    id=cid,
                    rule_id=rule.id,
                    rule_confidence=rule.confidence,
                    root=root,
                    path=path,
                    start_line=sl + 1,
                    start_col=sc,
                    end_line=el + 1,
                    end_col=ec,
                    preview=preview(value),
                    fingerprint=fp,
                    features=feats,
                    context=[masked_line(i) for i in range(lo, hi + 1)],
                )
            ))
            del value
        return out
