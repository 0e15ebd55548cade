"""The cells of the tables in a text, each with the name of its column.

A table names its columns once, in a header, and its rows hold values far from those names:
a CSV export's `password` column, a SQL dump's `INSERT INTO users (…, password) VALUES (…)`.
A line rule sees `2,mkim,mkim@example.com,Xk…` and nothing to go by. These layouts name
their columns in a way that can be read without guessing:
- delimited text (comma, tab, semicolon or pipe) whose first line is a header of names and
  whose rows have as many fields as the header;
- Markdown and Org tables: a header row, then a rule row of dashes;
- HTML tables (wiki and Confluence exports): the first row names the columns;
- AsciiDoc tables (`|===` blocks) whose first line is a header row;
- Kubernetes Secret manifests: every entry of `data:` and `stringData:` (its table is K8S_SECRET,
  its column name kubernetes-secret/<entry>);
- SQL `INSERT INTO t (columns) VALUES (…), (…)` with a column list, and PostgreSQL's
  `COPY t (columns) FROM stdin;` blocks;
- blocks of code and configuration whose name says what their members are (loops/blocks.py:
  `API_KEYS = {"prod": "…"}`, `enum Secrets {…}`, `passwords:` mappings; its table is BLOCK, its
  column name block/<the block's name>).

Everything works on the UTF-8 bytes the detector scans, and offsets are byte offsets. Every
loop moves forward through the text, so the cost is linear in its size.
"""

from __future__ import annotations

import base64
import binascii
import re

from .blocks import BLOCK, BLOCK_WORDS, block_cells
from .cells import Cell


# A table of millions of cells is data, not configuration: past this many cells a text's
# tables are not read further (the first rows still are).
MAX_CELLS = 20_000
_FIRST_ROWS = 10  # most of a table's first lines are rows
_MAX_RECORD_LINES = 20  # lines one CSV record may span (quoted line breaks)

# A column name as headers write them: words, with spaces, dots, dashes or slashes between.
_NAME = re.compile(rb"[A-Za-z_\x80-\xff][A-Za-z0-9_ .\-/#()\x80-\xff]{0,63}")  # (Rotate (days), Size (MB))
_DELIMITERS = (b",", b"\t", b";", b"|")


# The words (lower case) whose absence rules a layout out. The detector finds them in the same
# pass as the rules' keywords and hands over those it saw, which spares a scan of the text per
# word (each costs as much as reading the text once).
LAYOUT_WORDS = ("|", "--", "-|", "|===", "<table", "insert", "copy", "secret", "data:", "kind", "examples:", "scenarios:",
                *BLOCK_WORDS)


def table_cells(data: bytes, lowered: bytes | None = None, words: frozenset[str] | None = None) -> list[Cell]:
    """Every cell of every table found in `data`, in text order within each layout.
    `lowered` is data.lower() where the caller has it (the detector's keyword pass does), and
    `words` the LAYOUT_WORDS that occur in it, where the caller knows them."""
    if lowered is None:
        lowered = data.lower()
    if words is None:
        words = frozenset(w for w in LAYOUT_WORDS if w.encode() in lowered)
    cells: list[Cell] = []
    if b"\n" in data:  # a header and at least one row
        _delimited(data, cells)
    if "|" in words and ("--" in words or "-|" in words):
        _markdown(data, cells)
    if "|===" in words:
        _asciidoc(data, cells)
    if "|" in words and ("examples:" in words or "scenarios:" in words):
        _gherkin(data, cells)
    if "secret" in words and "data:" in words and "kind" in words:
        _kubernetes_secrets(data, cells)
    if "<table" in words:
        _html(data, _found(lowered, b"<table"), cells)
    if "insert" in words:
        _sql_inserts(data, _found(lowered, b"insert"), cells)
    if "copy" in words:
        copies = [at for at in _found(lowered, b"copy") if at == 0 or data[at - 1] == 10]  # COPY starts its line
        _sql_copy(data, copies, cells)
    if not words.isdisjoint(BLOCK_WORDS):
        cells.extend(block_cells(data, lowered))
    if len(cells) > 1:  # a pipe table without outer pipes is read as delimited text too
        seen: set[int] = set()
        cells = [c for c in cells if c.start not in seen and not seen.add(c.start)]
    return cells[:MAX_CELLS]


def _found(lowered: bytes, word: bytes) -> list[int]:
    """Every offset of `word` in the lower-cased text."""
    found = []
    at = lowered.find(word)
    while at >= 0:
        found.append(at)
        at = lowered.find(word, at + 1)
    return found


_HEX_DIGEST = re.compile(rb"[0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{64}|[0-9a-fA-F]{128}")
# A stored password hash in modular crypt format ($2b$…, $argon2id$…, $P$…, $6$…) or a
# framework's algorithm$…$… form (pbkdf2_sha256$…): its scheme is what comes before its salt.
_CRYPT_SCHEME = re.compile(rb"(\$[A-Za-z0-9-]{1,12}\$)[./A-Za-z0-9$=,+-]{8,}|([a-z0-9_]{2,24}\$)\d*\$?[./A-Za-z0-9+=]{4,}\$[./A-Za-z0-9+=]{16,}")


def _hash_shape(data: bytes, cell: Cell) -> bytes | None:
    """What kind of stored hash a cell holds (a digest's length, a crypt scheme), or None."""
    if _HEX_DIGEST.fullmatch(data, cell.start, cell.end) is not None:
        return b"hex%d" % (cell.end - cell.start)
    m = _CRYPT_SCHEME.fullmatch(data, cell.start, cell.end)
    return None if m is None else (m.group(1) or m.group(2))


def digest_columns(data: bytes, cells: list[Cell]) -> set[int]:
    """The columns (by the offset of their name) where stored hashes of one kind fill two rows
    or more and most of the rows: hex digests of one standard length (MD5, SHA-1, SHA-256,
    SHA-512), or crypt hashes of one scheme (bcrypt, argon2, phpass, pbkdf2), or of several
    schemes in two rows or more (with legacy digests among them). That is what an
    application's users table keeps instead of passwords (a `Guest` row or two may hold
    something else). One value alone says less: a password may be hex. Not reading such a
    column spares a dump of thousands of users the candidates the filters would dismiss."""
    shapes: dict[int, set[bytes]] = {}
    hashes: dict[int, int] = {}
    crypts: dict[int, int] = {}
    total: dict[int, int] = {}
    for c in cells:
        total[c.name_start] = total.get(c.name_start, 0) + 1
        shape = _hash_shape(data, c)
        if shape is not None:
            shapes.setdefault(c.name_start, set()).add(shape)
            hashes[c.name_start] = hashes.get(c.name_start, 0) + 1
            if not shape.startswith(b"hex"):
                crypts[c.name_start] = crypts.get(c.name_start, 0) + 1
    # (a users table carried across versions: WordPress's phpass beside bcrypt and a legacy MD5)
    return {name for name, n in hashes.items()
            if n >= 2 and n * 3 >= total[name] * 2 and (len(shapes[name]) == 1 or crypts.get(name, 0) >= 2)}


# A column with a generic name says what it holds through its table's name: api_keys.key,
# secrets.value, access_tokens.value.
_GENERIC_COLUMNS = frozenset({b"key", b"value", b"val", b"data"})


def column_name(data: bytes, cell: Cell) -> bytes:
    """The name a rule's column pattern reads: the header's, a space read as "_" ("API Key"
    is api_key), and a generic SQL column's prefixed with its table's (api_keys_key)."""
    name = data[cell.name_start : cell.name_end].replace(b" ", b"_")
    if cell.table == K8S_SECRET:
        # Whatever its name, a Secret's entry is secret: the "/" keeps the names of
        # credentials (password, api_key) from matching, so only a Secret rule reads it.
        return b"kubernetes-secret/" + name
    if cell.table == BLOCK:
        # a block's members are named only by where they are used: only the block rules read them
        return b"block/" + name
    if cell.table and name.lower() in _GENERIC_COLUMNS:
        return cell.table + b"_" + name
    return name


# -- delimited text ---------------------------------------------------------------------


def _lines(data: bytes, start: int):
    """(start, end) of each line from `start`, the end before its line break."""
    size = len(data)
    while start < size:
        end = data.find(b"\n", start)
        if end < 0:
            end = size
        yield start, end - 1 if end > start and data[end - 1] == 13 else end  # CRLF
        start = end + 1


_OPEN: list[tuple[int, int]] = []  # _split's answer for a quoted field still open at the end


def _split(data: bytes, start: int, end: int, delimiter: int) -> list[tuple[int, int]] | None:
    """The fields of one delimited record as (start, end), surrounding quotes and spaces excluded.

    A field is quoted if it starts with a double quote; a quote inside is written twice (RFC
    4180), and a line break inside belongs to the field. _OPEN where a quoted field is still
    open at `end` (the record goes on on the next line); None where the text is not a record.
    """
    fields = []
    i = start
    while True:
        while i < end and data[i] in (32, 9) and data[i] != delimiter:
            i += 1
        if i < end and data[i] == 34:  # a quoted field
            j = i + 1
            while True:
                j = data.find(b'"', j, end)
                if j < 0:
                    return _OPEN
                if j + 1 < end and data[j + 1] == 34:
                    j += 2
                    continue
                break
            fields.append((i + 1, j))
            k = j + 1
            while k < end and data[k] in (32, 9) and data[k] != delimiter:
                k += 1
            if k < end and data[k] != delimiter:
                return None  # text after a closing quote: not this layout
            i = k
        else:
            j = data.find(bytes((delimiter,)), i, end)
            stop = end if j < 0 else j
            k = stop
            while k > i and data[k - 1] in (32, 9):
                k -= 1
            fields.append((i, k))
            i = stop
        if i >= end:
            return fields
        i += 1  # past the delimiter
        if i == end:
            fields.append((end, end))
            return fields


def _header_names(data: bytes, fields: list[tuple[int, int]]) -> bool:
    # names of up to four words: a header, not a sentence
    return all(_NAME.fullmatch(data, s, e) is not None and data.count(b" ", s, e) <= 3 for s, e in fields)


def _delimited(data: bytes, cells: list[Cell]) -> None:
    """A header line of names at the top of the text, then the rows under it."""
    lines = _lines(data, 3 if data.startswith(b"\xef\xbb\xbf") else 0)
    header = None
    for start, end in lines:
        # Excel's `sep=;` line names the delimiter; `#` lines are comments some exports begin with
        if start < end and data[start] != 35 and not data.startswith(b"sep=", start):
            header = (start, end)
            break
    if header is None:
        return
    line = data[header[0] : header[1]]
    counts = [(line.count(d), d) for d in _DELIMITERS]
    count, delimiter = max(counts)
    if count == 0:
        return
    names = _split(data, *header, delimiter[0])
    if not names or len(names) < 2 or not _header_names(data, names):
        return
    found: list[Cell] = []
    rows = lines_seen = 0
    for start, end in lines:
        if start == end:
            continue
        if _RULE_ROW.match(data, start, end + 1):
            continue  # the rule row of a Markdown table without outer pipes
        lines_seen += 1
        if lines_seen == _FIRST_ROWS and rows * 2 < lines_seen:
            return  # not a table: its first lines are not rows
        fields = _split(data, start, end, delimiter[0])
        for _ in range(_MAX_RECORD_LINES):
            if fields is not _OPEN:
                break
            more = next(lines, None)  # a quoted field with a line break: the record goes on
            if more is None:
                break
            end = more[1]
            fields = _split(data, start, end, delimiter[0])
        if not fields or len(fields) != len(names):
            continue  # a note, a total row, a broken record: not a row of this table
        rows += 1
        _add_row(found, names, fields)
        for fs, fe in fields:
            if data.find(b'""', fs, fe) >= 0:
                _escaped_json(data, fs, fe, found)
        if len(found) >= MAX_CELLS:
            break
    # Prose whose first line has a comma is not a table: most lines of a table are its rows.
    if rows * 2 >= lines_seen:
        cells.extend(found)


# A JSON object in a CSV cell, its quotes doubled (RFC 4180): "{""user"":""x"",""password"":""…""}".
# Audit logs and exports write request bodies this way; each member is a cell under its own name.
_ESCAPED_JSON_MEMBER = re.compile(rb'""([A-Za-z_][\w.-]{0,63})""[ \t]*:[ \t]*""([^"\\\r\n]{1,300})""')


def _escaped_json(data: bytes, start: int, end: int, cells: list[Cell]) -> None:
    for m in _ESCAPED_JSON_MEMBER.finditer(data, start, end):
        cells.append(Cell(m.start(1), m.end(1), m.start(2), m.end(2)))


def _add_row(cells: list[Cell], names: list[tuple[int, int]], fields: list[tuple[int, int]], table: bytes = b"") -> None:
    for (ns, ne), (s, e) in zip(names, fields):
        if e > s:
            cells.append(Cell(ns, ne, s, e, table))


def _trim(data: bytes, start: int, end: int, spaces: bytes) -> tuple[int, int]:
    """data[start:end] without the `spaces` bytes at either end."""
    while start < end and data[start] in spaces:
        start += 1
    while end > start and data[end - 1] in spaces:
        end -= 1
    return start, end


def _cell_text(data: bytes, start: int, end: int, spaces: bytes) -> tuple[int, int]:
    """A pipe table's cell without its spaces and the backticks of `code` around it."""
    start, end = _trim(data, start, end, spaces)
    if end - start >= 2 and data[start] == 96 and data[end - 1] == 96:
        return start + 1, end - 1
    return start, end


# -- Markdown and Org tables --------------------------------------------------------------

# The rule row under a table's header: |---|:--:|, | --- | --- |, |----+----| (Org). With pipes
# around them GitHub takes cells of one or two dashes too (|--|--|, |-|-|); without a leading pipe
# three dashes are asked for, so that `-- a | b` in a comment is not read as one.
_RULE_ROW = re.compile(
    rb"[ \t]*(?:\|[ \t]*:?-+:?[ \t]*(?:[|+][ \t]*:?-+:?[ \t]*)+\|?"
    rb"|:?-{3,}:?[ \t]*(?:[|+][ \t]*:?-{3,}:?[ \t]*)+\|?)[ \t]*\r?$"
)


def _pipe_fields(data: bytes, start: int, end: int) -> list[tuple[int, int]]:
    """The cells of one pipe-table line, without the outer pipes, spaces and `code` quotes."""
    while start < end and data[start] in (32, 9):
        start += 1
    while end > start and data[end - 1] in (32, 9, 13):
        end -= 1
    if start < end and data[start] == 124:
        start += 1
    if end > start and data[end - 1] == 124 and data[end - 2] != 92:
        end -= 1
    fields = []
    i = start
    while i <= end:
        j = data.find(b"|", i, end)
        while j > 0 and data[j - 1] == 92:  # \| is a pipe inside a cell
            j = data.find(b"|", j + 1, end)
        stop = end if j < 0 else j
        fields.append(_cell_text(data, i, stop, b" \t"))
        i = stop + 1
    return fields


def _rule_rows(data: bytes):
    """The rule rows of pipe tables: the lines with `--` or `-|` that _RULE_ROW matches whole
    (found from those marks, so that each line is tried once, not each position)."""
    at = 0
    dashes, cell_end = data.find(b"--"), data.find(b"-|")
    while True:
        # each mark is searched again only once passed: a search from every line would be quadratic
        if 0 <= dashes < at:
            dashes = data.find(b"--", at)
        if 0 <= cell_end < at:
            cell_end = data.find(b"-|", at)
        at = min(dashes, cell_end) if dashes >= 0 and cell_end >= 0 else max(dashes, cell_end)
        if at < 0:
            return
        start = data.rfind(b"\n", 0, at) + 1
        end = data.find(b"\n", at)
        end = len(data) if end < 0 else end
        m = _RULE_ROW.match(data, start, end)
        if m is not None:
            yield m
        at = end + 1


def _markdown(data: bytes, cells: list[Cell]) -> None:
    for rule in _rule_rows(data):
        head_end = rule.start() - 1
        if head_end <= 0:
            continue
        head_start = data.rfind(b"\n", 0, head_end) + 1
        if b"|" not in data[head_start:head_end]:
            continue
        names = _pipe_fields(data, head_start, head_end)
        if len(names) < 2 or not _header_names(data, names):
            continue
        for start, end in _lines(data, rule.end() + 1):
            if b"|" not in data[start:end]:
                break  # the table ends at the first line that is not a row
            fields = _pipe_fields(data, start, end)
            if len(fields) == len(names):
                _add_row(cells, names, fields)
            if len(cells) >= MAX_CELLS:
                return


# -- Gherkin Examples tables ----------------------------------------------------------------------

# A Scenario Outline's Examples (or Scenarios) table: its first pipe row names the columns, with no rule row
# under it, and each later row fills the steps' <placeholders> (| username | password |).
_GHERKIN_EXAMPLES = re.compile(rb"^[ \t]*(?:Examples|Scenarios)[ \t]*:[^\n]*$", re.M)


def _pipe_row(data: bytes, start: int, end: int) -> bool:
    return data[start:end].strip().startswith(b"|")


def _gherkin(data: bytes, cells: list[Cell]) -> None:
    for heading in _GHERKIN_EXAMPLES.finditer(data):
        names: list[tuple[int, int]] = []
        for start, end in _lines(data, heading.end() + 1):
            line = data[start:end].strip()
            if not line or line.startswith(b"#") or (not names and line.startswith(b"@")):
                continue  # blank lines, comments and a tag line between the heading and its table
            if not _pipe_row(data, start, end):
                break  # the table ends at the first line that is not a row
            fields = _pipe_fields(data, start, end)
            if not names:
                if len(fields) < 2 or not _header_names(data, fields):
                    break
                names = fields
            elif len(fields) == len(names):
                _add_row(cells, names, fields)
            if len(cells) >= MAX_CELLS:
                return


# -- AsciiDoc tables ----------------------------------------------------------------------------

# A cell's specifier before its pipe: span (2+), duplication (3*), alignment (.^, <, >), style (a, m, s…)
_ADOC_SPEC = re.compile(rb"(?:\d+\+|\d+\*)?(?:\.?[<^>])*[adehlmsv]?$")


def _adoc_cells(data: bytes, start: int, end: int) -> list[tuple[int, int]]:
    """The cells that begin on one line of an AsciiDoc table: each from a `|` to the next."""
    cells = []
    at = data.find(b"|", start, end)
    while at >= 0:
        nxt = data.find(b"|", at + 1, end)
        s, e = at + 1, end if nxt < 0 else nxt
        if nxt >= 0:  # a specifier written just before the next pipe belongs to the next cell
            spec = _ADOC_SPEC.search(data, max(s, e - 12), e)  # a specifier is a few characters
            if spec is not None and spec.start() > s and data[spec.start() - 1] in b" \t":
                e = spec.start()
        cells.append(_cell_text(data, s, e, b" \t\r"))
        at = nxt
    return cells


def _asciidoc(data: bytes, cells: list[Cell]) -> None:
    """`|===` … `|===` blocks: the first line of cells is the header when a blank line follows
    it or the block says so (options="header"); the cells after it fill rows in order."""
    at = 0
    while len(cells) < MAX_CELLS:
        open_ = data.find(b"|===", at)
        if open_ < 0:
            return
        close = data.find(b"\n|===", open_ + 4)
        end = len(data) if close < 0 else close
        at = end + 5
        names: list[tuple[int, int]] | None = None
        pending: list[tuple[int, int]] = []
        lines = _lines(data, data.find(b"\n", open_) + 1 if data.find(b"\n", open_) >= 0 else end)
        for start, stop in lines:
            if start >= end:
                break
            stop = min(stop, end)
            if not data.startswith(b"|", start) and names is None:
                if start == stop:
                    continue
                break  # a block that does not open with a row of cells
            found = _adoc_cells(data, start, stop)
            if names is None:
                if len(found) < 2 or not _header_names(data, found):
                    break
                names = found
                continue
            pending.extend(found)
            width = len(names)
            full = len(pending) - len(pending) % width
            for i in range(0, full, width):
                _add_row(cells, names, pending[i : i + width])
            del pending[:full]
            if len(cells) >= MAX_CELLS:
                return


# -- Kubernetes Secrets ----------------------------------------------------------------------

K8S_SECRET = b"k8s_secret"  # the `table` of a Kubernetes Secret's entries
_YAML_DOCUMENT = re.compile(rb"^---[^\n]*$", re.M)
_KIND_SECRET = re.compile(rb"^[ \t]*kind:[ \t]*[\"']?secret[\"']?[ \t]*(?:#[^\n]*)?\r?$", re.M | re.I)
_DATA_KEY = re.compile(rb"^([ \t]*)(?:data|stringData):[ \t]*(?:#[^\n]*)?\r?$", re.M)
_ENTRY = re.compile(rb"([ \t]+)[\"']?([\w.-]{1,253})[\"']?:[ \t]*(.*?)[ \t]*\r?$")
_BLOCK_SCALAR = re.compile(rb"[|>][-+]?[0-9]?")


def _kubernetes_secrets(data: bytes, cells: list[Cell]) -> None:
    """The entries of `data:` and `stringData:` in each YAML document whose kind is Secret,
    in any order of its keys: every value of a Secret is the secret's (base64 under data)."""
    starts = [0] + [m.end() for m in _YAML_DOCUMENT.finditer(data)]
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(data)
        if _KIND_SECRET.search(data, start, end) is None:
            continue
        for block in _DATA_KEY.finditer(data, start, end):
            _secret_entries(data, block.end() + 1, end, len(block.group(1)), cells)


def _secret_entries(data: bytes, at: int, end: int, indent: int, cells: list[Cell]) -> None:
    lines = _lines(data, at)
    for start, stop in lines:
        if start >= end or len(cells) >= MAX_CELLS:
            return
        text = data[start:stop]
        if not text.strip() or text.lstrip().startswith(b"#"):
            continue
        m = _ENTRY.fullmatch(data, start, stop)
        if m is None or len(m.group(1)) <= indent:
            return  # the mapping under data: ends
        vs, ve = m.span(3)
        if ve > vs and data[vs] in b"\"'":  # a quoted value, maybe a comment after it
            close = data.find(data[vs : vs + 1], vs + 1, ve)
            if close > vs + 1:
                cells.append(Cell(m.start(2), m.end(2), vs + 1, close, K8S_SECRET))
            continue
        comment = data.find(b" #", vs, ve)
        if comment >= 0:  # a comment after a plain value
            ve = comment
            while ve > vs and data[ve - 1] in b" \t":
                ve -= 1
        if _BLOCK_SCALAR.fullmatch(data, vs, ve):
            more = next(lines, None)  # a block scalar (|, >): its first line holds the value
            if more is None:
                return
            vs, ve = more
            while vs < ve and data[vs] in b" \t":
                vs += 1
        if ve > vs:
            cells.append(Cell(m.start(2), m.end(2), vs, ve, K8S_SECRET))


# A Secret carries what a client needs beside its credential: the user, the host, the database.
# Decoded, such an entry is a name or an address, not a secret. Where an entry's name ends in
# one of these words, a value with no "@" or "=" (no userinfo, no signed query) is one of them.
_K8S_ACCOUNT_WORDS = frozenset({b"user", b"username", b"usr", b"login", b"email", b"owner"})
_K8S_PLACE_WORDS = frozenset({
    b"host", b"hostname", b"port", b"database", b"db", b"dbname", b"namespace", b"region", b"bucket", b"server",
    b"endpoint", b"address", b"addr", b"url", b"uri", b"domain", b"zone", b"cluster", b"schema", b"scheme",
    b"sslmode", b"dialect", b"driver",
    # settings that ride along in the same Secret: a chat channel's id (Slack's C09…), a log level, a mode
    b"channel", b"level", b"env", b"environment", b"mode", b"timezone", b"locale", b"language", b"format",
})
_NAME_WORD = re.compile(rb"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
_B64 = re.compile(rb"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")
# A URL with no password in it: no userinfo, or a user name alone (postgres://shop@db/shop takes its password from
# elsewhere).
_URL_NO_PASSWORD = re.compile(rb"[a-z][a-z0-9+.-]*://(?:[^/?#@:\s]+@)?[^/?#@\s]+(?:[/?#][^\s=@]*)?", re.I)
_PUBLIC_PEM = re.compile(r"-----BEGIN (?:CERTIFICATE|TRUSTED CERTIFICATE|X509 CRL|PUBLIC KEY)-----")
# A long run of letters and digits is a key or a token, in a URL's path too (a webhook's).
_RANDOM_RUN = re.compile(rb"[A-Za-z0-9_]{16,}")
_A_DIGIT, _A_LETTER = re.compile(rb"[0-9]"), re.compile(rb"[A-Za-z]")


def _random_run(text: bytes) -> bool:
    return any(_A_DIGIT.search(run) and _A_LETTER.search(run) for run in _RANDOM_RUN.findall(text))


def k8s_entry_is_public(data: bytes, cell: Cell) -> bool:
    """A Secret's entry that decodes to (or, under stringData, is) no credential: a certificate,
    a URL with no userinfo (or a user name alone), query value or token in its path, a boolean, or a user, a host or a
    database under a name that says so. A value that is not base64 of printable text is read as written."""
    raw = data[cell.start : cell.end].strip()
    text = raw
    if len(raw) >= 4 and _B64.fullmatch(raw):
        try:
            decoded = base64.b64decode(raw, validate=True).decode("utf-8").strip()
        except (binascii.Error, UnicodeDecodeError):
            decoded = ""
        if _PUBLIC_PEM.match(decoded) and "PRIVATE KEY" not in decoded:
            return True  # a TLS Secret's tls.crt, a token Secret's ca.crt: certificates are public
        if decoded and decoded.isprintable():
            text = decoded.encode()
    if not text:
        return False
    if _names_an_id(data, cell):
        return True  # LINE_USER_ID, SLACK_CHANNEL_ID: which user or channel, however random its id looks
    if _random_run(text):
        return False
    if text.lower() in (b"true", b"false") or _URL_NO_PASSWORD.fullmatch(text):
        return True
    word = _last_word(data, cell)
    if any(c in text for c in b"@= \t"):
        # an account's e-mail address: user@domain, nothing more
        return word in _K8S_ACCOUNT_WORDS and text.count(b"@") == 1 and not text.startswith(b"@") and not any(c in text for c in b"/:= \t")
    return word in _K8S_ACCOUNT_WORDS or word in _K8S_PLACE_WORDS


_ID_WORDS = (b"id", b"ids", b"uuid", b"guid", b"sid")
# Parts of a name's words that make an id a credential's (Vault's SECRET_ID, a KEY_ID beside its key's secret half)
_CREDENTIAL_PARTS = (b"secret", b"token", b"key", b"pass", b"pwd", b"auth", b"cred", b"sig")


def _names_an_id(data: bytes, cell: Cell) -> bool:
    words = [w.lower() for w in _NAME_WORD.findall(data[cell.name_start : cell.name_end])]
    return bool(words) and words[-1] in _ID_WORDS and not any(p in w for w in words for p in _CREDENTIAL_PARTS)


def _last_word(data: bytes, cell: Cell) -> bytes:
    words = _NAME_WORD.findall(data[cell.name_start : cell.name_end])
    return words[-1].lower() if words else b""


# -- HTML tables ------------------------------------------------------------------------------

_HTML_ROW = re.compile(rb"<tr\b[^>]{0,500}>", re.I)
_HTML_CELL_TAG = re.compile(rb"<(/?)t[hd]\b[^>]{0,500}>", re.I)
# One inline element around a cell's text: <code>…</code>, <span class="…">…</span>, <p>…</p>
_HTML_WRAPPED = re.compile(rb"[ \t\r\n]*<(code|kbd|tt|span|p|b|strong|em|div)\b[^>]{0,200}>(.*)</\1[ \t]*>[ \t\r\n]*", re.I | re.S)
_MAX_HTML_TABLE = 1 << 20  # bytes of one table read


def _html_text(data: bytes, start: int, end: int) -> tuple[int, int] | None:
    """A cell's text without the spaces and the one inline element around it; None where the
    cell holds more markup than that."""
    for _ in range(3):  # <td><p><code>…</code></p></td>
        m = _HTML_WRAPPED.fullmatch(data, start, end)
        if m is None:
            break
        start, end = m.span(2)
    start, end = _trim(data, start, end, b" \t\r\n")
    return None if data.find(b"<", start, end) >= 0 else (start, end)


def _html_cells(data: bytes, start: int, end: int) -> list[tuple[int, int] | None]:
    """The cells of one row: each from its <td>/<th> to its close tag, or to the next cell
    (HTML lets a cell go unclosed); one pass over the row's cell tags."""
    spans = []
    opened = -1
    for m in _HTML_CELL_TAG.finditer(data, start, end):
        if m.group(1):  # </td>
            if opened >= 0:
                spans.append(_html_text(data, opened, m.start()))
            opened = -1
        else:
            if opened >= 0:
                spans.append(_html_text(data, opened, m.start()))
            opened = m.end()
    if opened >= 0:
        spans.append(_html_text(data, opened, end))
    return spans


def _html(data: bytes, starts: list[int], cells: list[Cell]) -> None:
    read_to = 0
    for at in starts:
        if at < read_to:
            continue  # a table inside the table read before
        close = _find_any(data, (b"</table", b"</TABLE", b"</Table"), at)
        end = min(len(data) if close < 0 else close, at + _MAX_HTML_TABLE)
        read_to = end
        names: list[tuple[int, int]] | None = None
        rows = [m.span() for m in _HTML_ROW.finditer(data, at, end)]
        for i, (_, row_start) in enumerate(rows):
            row_end = rows[i + 1][0] if i + 1 < len(rows) else end
            spans = _html_cells(data, row_start, row_end)
            if names is None:
                if len(spans) < 2 or any(s is None for s in spans) or not _header_names(data, spans):
                    break  # the first row does not name the columns
                names = spans
                continue
            if len(spans) == len(names):
                _add_row(cells, names, [s if s is not None else (0, 0) for s in spans])
            if len(cells) >= MAX_CELLS:
                return


def _find_any(data: bytes, words: tuple[bytes, ...], start: int) -> int:
    found = [at for at in (data.find(w, start) for w in words) if at >= 0]
    return min(found) if found else -1


# -- SQL ----------------------------------------------------------------------------------

# INSERT [IGNORE] INTO table (columns) VALUES — the column list is what names the values.
_INSERT = re.compile(rb"\binsert[ \t\r\n]+(?:ignore[ \t\r\n]+)?into[ \t\r\n]+([\w.\"`\[\]]{1,200})[ \t\r\n]*\(([^()]{1,4000})\)[ \t\r\n]*values[ \t\r\n]*", re.I)
_COPY = re.compile(rb"copy[ \t]+([\w.\"]{1,200})[ \t]*\(([^()\n]{1,4000})\)[ \t]+from[ \t]+stdin[^\n]*\n", re.I)
_BARE = re.compile(rb"[^\s,()'\"]+")


def _table_name(data: bytes, start: int, end: int) -> bytes:
    """`public.api_keys`, `"api_keys"`, [dbo].[ApiKeys] -> api_keys, apikeys."""
    return data[start:end].rsplit(b".", 1)[-1].strip(b"\"`[]").lower()


def _column_list(data: bytes, start: int, end: int) -> list[tuple[int, int]] | None:
    """The names of a parenthesised column list, without quotes (`id`, "id", [id])."""
    names = []
    i = start
    while i <= end:
        j = data.find(b",", i, end)
        stop = end if j < 0 else j
        s, e = i, stop
        while s < e and data[s] in b" \t\r\n`\"[":
            s += 1
        while e > s and data[e - 1] in b" \t\r\n`\"]":
            e -= 1
        if _NAME.fullmatch(data, s, e) is None:
            return None
        names.append((s, e))
        i = stop + 1
    return names


# The rest of an SQL string from just after its opening quote, up to and with its closing quote:
# a quote inside is doubled (standard SQL) or escaped with a backslash (MySQL).
_SQL_STRING = {q: re.compile(rb"(?:[^%c\\]|%c%c|\\.)*%c" % (q, q, q, q), re.S) for q in (39, 34)}
_MAX_CALL = 4096  # bytes of a function call's arguments skipped inside a VALUES tuple


def _sql_string(data: bytes, i: int, quote: int) -> int:
    """The offset of the quote that closes the string opened at data[i]; -1 if none."""
    m = _SQL_STRING[quote].match(data, i + 1)
    return -1 if m is None else m.end() - 1


def _sql_tuple(data: bytes, i: int) -> tuple[list[tuple[int, int] | None] | None, int]:
    """The values of the tuple opened at data[i] == '(' (each string's span, None for another
    kind of value) and the offset after its ')'; where the text is not a tuple, None and the
    offset it was read up to (a string that never closes reads to the end of the text)."""
    size = len(data)
    values: list[tuple[int, int] | None] = []
    i += 1
    while i < size:
        while i < size and data[i] in b" \t\r\n":
            i += 1
        if i >= size:
            return None, i
        c = data[i]
        if c in (39, 34) or (c in b"EeNn" and i + 1 < size and data[i + 1] == 39):  # 'text', E'text', N'text'
            if c not in (39, 34):
                i += 1
                c = 39
            close = _sql_string(data, i, c)
            if close < 0:
                return None, size
            values.append((i + 1, close))
            i = close + 1
        else:
            m = _BARE.match(data, i)
            if m is None:
                return None, i
            i = m.end()
            if i < size and data[i] == 40:  # a call: now(), md5('…'): skip its arguments
                depth, limit = 0, min(size, i + _MAX_CALL)
                while i < limit:
                    if data[i] == 40:
                        depth += 1
                    elif data[i] == 41:
                        depth -= 1
                        if depth == 0:
                            i += 1
                            break
                    elif data[i] in (39, 34):
                        close = _sql_string(data, i, data[i])
                        if close < 0:
                            return None, size
                        i = close
                    i += 1
                if depth:
                    return None, i
            values.append(None)
        while i < size and data[i] in b" \t\r\n":
            i += 1
        if i >= size:
            return None, i
        if data[i] == 44:
            i += 1
            continue
        if data[i] == 41:
            return values, i + 1
        return None, i
    return None, i


def _statement_columns(data: bytes, m: re.Match[bytes] | None) -> tuple[list[tuple[int, int]] | None, bytes]:
    """The column names and the table name of an INSERT or COPY head (group 1 the table, 2 the columns)."""
    if m is None:
        return None, b""
    return _column_list(data, *m.span(2)), _table_name(data, *m.span(1))


def _sql_inserts(data: bytes, starts: list[int], cells: list[Cell]) -> None:
    pos = 0
    for at in starts:
        if at < pos:
            continue  # inside the statement read before
        if len(cells) >= MAX_CELLS:
            return
        m = _INSERT.match(data, at)
        pos = at + 6
        names, table = _statement_columns(data, m)
        if not names:
            continue
        i = m.end()
        while i < len(data) and data[i] == 40:
            values, i = _sql_tuple(data, i)
            if values is None:
                break  # heads of statements inside what was read are not read again
            if len(values) == len(names):
                for (ns, ne), span in zip(names, values):
                    if span is not None and span[1] > span[0]:
                        cells.append(Cell(ns, ne, *span, table))
            while i < len(data) and data[i] in b" \t\r\n":
                i += 1
            if i < len(data) and data[i] == 44:  # , (next tuple)
                i += 1
                while i < len(data) and data[i] in b" \t\r\n":
                    i += 1
                continue
            break
        pos = max(pos, i)


def _sql_copy(data: bytes, starts: list[int], cells: list[Cell]) -> None:
    for at in starts:
        m = _COPY.match(data, at)
        names, table = _statement_columns(data, m)
        if not names:
            continue
        for start, end in _lines(data, m.end()):
            if data[start:end] == b"\\.":
                break  # the end of the rows
            fields = []
            i = start
            while True:
                j = data.find(b"\t", i, end)
                fields.append((i, end if j < 0 else j))
                if j < 0:
                    break
                i = j + 1
            if len(fields) == len(names):
                _add_row(cells, names, [(s, e) if data[s:e] != b"\\N" else (s, s) for s, e in fields], table)
            if len(cells) >= MAX_CELLS:
                return
