"""The values of a block whose name says what they all are.

Code and configuration often keep one credential per environment or per provider under a
name that says what they are, and name each value only by where it is used:

    API_KEYS = {"prod": "…", "staging": "…"}           Python, Ruby, JS/TS, Go maps, PHP `=>`, Lua
    export enum Secrets { Prod = "…", Dev = "…" }       TypeScript; Swift `case prod = "…"`; Java `PROD("…")`
    var apiKey: String { switch self { case .prod: return "…" } }   Swift; Kotlin `when`, Java `switch`
    passwords:  /  [passwords]                          YAML mappings; INI and TOML sections
      admin: …      admin = …
    API_KEYS = [("prod", "…"), ("dev", "…")]             pairs: tuples, C#'s { "prod", "…" }, Go structs, Map entries
    site_tokens <- list(NF = "…", SC = "…")              R's named lists and vectors (list(…), c(…))

A line rule sees `"prod": "…"` and nothing to go by. This reader finds such blocks by their
header and hands each member's value over as a tables.Cell named by the block's name, so that
the block rules read them as the table rules read a column (Detector._run_table).

Only a name whose last word is a credential's (apiKeys, DB_PASSWORDS, Secrets, tokens) makes a
block: `tokenTypes`, `passwordRules` or `keyBindings` name something else. Only members one level
inside are read (through a `switch`/`when` wrapper): the `n` of a JWKS entry under `"keys"` is
part of a public key, not a key of the block. Lists under a plural name (SIGNING_KEYS = ["…", "…"], YAML
sequences) hand over their items. A member whose own name says it is something else (url, host,
user, id, region, header …) is not handed over: a block of credentials often holds its endpoint
too; nor is one that names a credential of its own (the line rules read it with its name), nor
the parts of an encrypted value's envelope (encrypted_data, iv, ciphertext).

Everything works on the UTF-8 bytes the detector scans, with byte offsets. The reader looks
only where a credential word ends a name, and every block is read once, forward.
"""

from __future__ import annotations

import re

import re2

from .cells import Cell
from .rules.catalogue import re2_options

BLOCK = b"block"  # the `table` of a block's cells (tables.column_name reads them as block/<name>)
# The words whose absence rules blocks out (they ride in the detector's keyword pass, as
# tables.LAYOUT_WORDS do): the last word of every name that makes a block holds one.
BLOCK_WORDS = ("key", "secret", "token", "passw", "pwd", "cred", "psk", "pepper", "registeredusers", "authusers", "auth_users")
MAX_BLOCK_CELLS = 2_000
_MAX_BLOCK_BYTES = 64 * 1024  # a block longer than this is data; its first part is still read

# The last word of a block's name, lower case, that says its members are credentials.
_CREDENTIAL_LAST_WORDS = frozenset({
    b"key", b"keys", b"apikey", b"apikeys", b"secret", b"secrets", b"token", b"tokens",
    b"password", b"passwords", b"passwd", b"passwds", b"pwd", b"pwds", b"credential", b"credentials",
    b"cred", b"creds", b"psk", b"psks", b"pepper", b"peppers",
})
# The words before "tokens" of a map of tracking ids (Adjust's event tokens, a tracker's or an ad placement's tokens).
_TRACKING_WORDS = frozenset({b"event", b"events", b"tracker", b"trackers", b"tracking", b"placement", b"placements",
                             b"adunit", b"conversion", b"conversions"})
# Names of a map from each user to a password (Orthanc's "RegisteredUsers": {"admin": "…"}, a basic-auth users map).
_PASSWORDS_BY_USER = ([b"registered", b"users"], [b"auth", b"users"])
# The words before "key" that make it a credential's name (apiKey, SECRET_KEYS, signing_key).
_KEY_QUALIFIERS = frozenset({
    b"api", b"secret", b"private", b"access", b"signing", b"sign", b"encryption", b"encrypt", b"auth", b"client",
    b"app", b"license", b"master", b"hmac", b"session", b"secure", b"service", b"consumer", b"shared", b"cipher",
    b"crypto", b"jwt", b"webhook", b"admin", b"write", b"server",
})
# Member names that say the value is something other than a credential.
_DIGEST_MEMBER = re.compile(rb"(?:hash|md5|sha(?:1|224|256|384|512)?|imphash|ssdeep|tlsh|checksum|digest)\d{0,3}")
_NOT_SECRET_MEMBERS = frozenset({
    b"id", b"ids", b"user", b"username", b"login", b"email", b"mail", b"name", b"url", b"uri", b"host",
    b"hostname", b"endpoint", b"domain", b"port", b"region", b"zone", b"header", b"type", b"kind", b"label",
    b"title", b"description", b"desc", b"path", b"file", b"filename", b"dir", b"prefix", b"suffix",
    b"version", b"scope", b"scopes", b"algorithm", b"alg", b"format", b"issuer", b"audience", b"expires",
    b"expiry", b"ttl", b"timeout", b"env", b"environment", b"mode", b"account", b"project", b"bucket",
    b"table", b"database", b"db", b"index", b"kid", b"fingerprint", b"thumbprint",
    b"site", b"tenant", b"org", b"owner", b"location", b"placeholder", b"hint", b"message", b"error",
    b"pattern", b"regex", b"length", b"size", b"icon", b"color", b"style", b"class", b"example",
    # a package lock's entry, a download's checksum
    b"resolved", b"integrity", b"checksum", b"hash", b"digest", b"sha", b"sha1", b"sha256", b"sha512", b"md5",
    b"etag", b"from", b"requires", b"license", b"arn",
    # a key management service's reference to a key, not the key (keyRing, keyName, provider)
    b"ring", b"provider", b"realm", b"regexp",
    # which client library a connection uses (SQLAlchemy's drivername: postgresql+psycopg2)
    b"driver", b"drivername", b"dialect",
    # one request's values beside a token: a nonce, an OAuth state, an IV (a Go LinkToken{…, Nonce: "…"} literal)
    b"nonce", b"state", b"iv",
    # a database's schema, as SAP HANA's HDI container bindings name theirs: 32 capital hex characters
    b"schema",
})

# Words in a member's name that make it name itself (its own credential, or a public one).
_SELF_NAMED = frozenset({
    b"key", b"keys", b"apikey", b"secret", b"secrets", b"token", b"tokens", b"password", b"passwd", b"pwd", b"pass",
    b"credential", b"credentials", b"cred", b"creds", b"psk", b"pepper", b"public", b"publishable", b"pub",
})
_PUBLIC_WORDS = frozenset({b"public", b"publishable", b"pub"})
# One lower-case word that ends in what names a thing other than a credential: SAP's service bindings
# (clientid, xsappname, identityzone, uaadomain), Cloud Foundry's (apiurl) write their names so.
# (an id only after what it identifies: "android" names where a key is used)
_RUN_TOGETHER_OTHER = re.compile(
    rb"(?:client|app|tenant|subaccount|account|user|identityzone|zone|project|org|instance|service|subscription|workspace"
    rb"|merchant|partner|customer)id|[a-z]{2,}(?:name|url|uri|domain|zone|host)")
_ENVELOPE_WORDS = frozenset({b"ciphertext", b"encrypted", b"cipher"})
# A scanner's own settings under its secret: section list what it must skip (paths, detectors, the digests of accepted
# matches), not credentials.
_EXEMPTION_WORDS = frozenset({b"ignore", b"ignored", b"ignores", b"allowlist", b"allowlisted", b"whitelist",
                              b"exclude", b"excluded", b"excludes", b"exclusions", b"skip", b"baseline"})

# Where a key management service keeps a key (projects/p/locations/l/keyRings/r/cryptoKeys/k): a
# path of named parts names the key's place, not the key.
_RESOURCE_PATH = re.compile(rb"(?:[a-z]+(?:[A-Z][a-z]+)*/[^/\s]+/){2,}[a-z]+(?:[A-Z][a-z]+)*(?:/[^/\s]+)?")

_WORD_SPLIT = re.compile(rb"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])")
# One RE2 pass over the lower-cased text finds where a header may be (a third of the lines a
# search for the words alone would hand to the header patterns, at half its cost).
_CANDIDATE = re2.compile(
    rb"(?m)((?:key|secret|token|password|passwd|pwd|credential|cred|psk|pepper)s?|registeredusers|auth_?users)"
    rb"(?:[{\[]|[^a-z0-9_\n][^\n]*?(?:[{\[]|(?:dict|array|map|list|seq|set|mapof|hashmapof|mutablemapof|listof|setof"
    rb"|arrayof|map\.of|list\.of|set\.of|(?:<-|=)[ \t]*c)[ \t]*\()"  # a call's ( opens none (R's <- c(…))
    rb"|[ \t\"']*:?[ \t]*(?:#[^\n]*)?\r?$|[ \t\"']*\][ \t]*\r?$"
    rb"|\([^\n]*\)[ \t]*:[ \t]*(?:#[^\n]*)?\r?$|[ \t]*<[ \t]*[\w:.]+[ \t]*\r?$"  # class Secrets(str, Enum): / < Base
    rb"|[^a-z0-9_\n][^\n]*=[ \t]*new\b[^\n]*$"  # C#'s = new() with its { on the next line
    rb"|[ \t]*:[ \t]*string[ \t]*\r?$)",
    re2_options(),
)

# Header shapes; each names the block in group `name` and ends at its opening bracket `open`
# (bracket blocks), or at the end of the line (indented blocks and sections).
_MODIFIERS = (rb"(?:(?:export|public|private|protected|internal|static|final|const|let|var|val|readonly|local|our|"
              rb"my|lazy|override|open|fileprivate|default|declare|pub|mut)[ \t]+)*")
_OWNER = rb"(?:[\w$@]+(?:\.|->|::))*"  # self., this., config., $this->, Foo::
_BRACKET_HEADER = re.compile(
    rb"[ \t]*" + _MODIFIERS + rb"(?:(?:enum(?:[ \t]+class)?|class|object|struct|namespace|interface)[ \t]+"
    rb"|(?P<fn>func|function|fn|fun|def)[ \t]+)?"  # a function is read only through its switch
    rb"(?:(?:[A-Z]\w*(?:<[^>\n]{0,60}>)?|string|auto)(?:\[\])?[ \t]+)?" + _OWNER +  # a declared type: String, Map<…>
    rb"[$@:]?[\"']?(?P<name>[A-Za-z_][\w-]{0,63})[\"']?"
    rb"(?(fn)[ \t]*\([^)\n]{0,120}\)(?:[ \t]+[\w.*\[\]]{1,40}(?=[ \t]*\{))?)"  # its parameters, Go's result type
    rb"(?:[ \t]*(?::|->)[ \t]*[A-Za-z_&][\w<>\[\](), .?|&']{0,80}?)?"  # a type: `: Record<string, string>`, `-> String`, `: &[(&str, &str)]`
    rb"(?:[ \t]*(?:\r?\n[ \t]*)?get\(\))?"  # Kotlin's getter on the next line
    rb"[ \t]*(?:=>|:=|<-|=|:)?[ \t]*"  # (R assigns with <-)
    rb"(?:(?P<wrap>(?:switch|when|match)[ \t]*(?:\([^)\n]{0,80}\)|[\w.]{1,40})?[ \t]*"  # a switch over the environment
    rb"|[\w.]{1,40}[ \t]+match[ \t]*)"  # Scala's env match {
    rb"|(?:map\[[^\]\n]{1,40}\]|\[\])(?:struct[ \t]*\{[^{}]{0,400}\}|[\w.*\[\]]{1,40})[ \t]*"  # Go's map[string]string{, []string{, []struct{…}{
    rb"|new(?:[ \t]+[\w.<>, \[\]]{1,80}?)?[ \t]*(?:\(\))?[ \t]*"  # C#'s new Dictionary<…> {, new() {
    rb"|%)?"  # Elixir's %{
    rb"(?:\r?\n[ \t]*)?"  # C# and Java put the { on a line of its own
    # a [ right after a word, a bracket or a > belongs to a type or an index (string[] = [, x[0]); Rust's = &[ opens
    rb"(?:(?P<open>\{|(?<![\w\])>?&])\[|(?<==[ \t])&\[|(?<==)&\[)|(?:(?<![\w$])(?:dict|array|mapOf|hashMapOf|mutableMapOf|Map|List"
    rb"|Seq|Set|listOf|setOf|arrayOf|Map\.of|List\.of|Set\.of)|(?<![\w.$])(?:list|c))[ \t]*(?P<call>\())"  # not a call's own ( (R's list(…), c(…));
    # a whole word each: tokenMap( is a call, not a block named token
)
_CLASS_HEADER = re.compile(rb"[ \t]*(?:class|module)[ \t]+(?P<name>[A-Za-z_]\w{0,63})[^\n:{]*:?[ \t]*(?:#[^\n]*)?\r?$")
_YAML_HEADER = re.compile(rb"[ \t]*(?:-[ \t]+)?[\"']?(?P<name>[A-Za-z_][\w.-]{0,63})[\"']?[ \t]*:[ \t]*(?:#[^\n]*)?\r?$")
_SECTION_HEADER = re.compile(rb"[ \t]*\[[ \t]*(?:[\w-]+\.)*(?P<name>[A-Za-z_][\w-]{0,63})[ \t]*\][ \t]*(?:[#;][^\n]*)?\r?$")

# A member inside brackets: `"prod": "…"`, `prod = "…"`, `:prod => "…"`, `case .prod: return "…"`,
# `Env.PROD -> "…"`, `"prod" to "…"`, `public const string Prod = "…";`, `PROD("…")`.
# Values with spaces are members too (labels, messages): the tables' quorum counts them, and the
# block rules' patterns take none of them.
_QUOTED = rb"(?P<q>[\"'`])(?P<value>[^\"'`\\\r\n]{1,300})(?P=q)"
_TAIL = rb"[ \t]*(?:[;,]|\.freeze|//[^\n]*|#[^\n]*)?[ \t]*\r?$"
_MEMBER = re.compile(
    rb"[ \t]*(?:case[ \t]+)?(?:(?:public|private|protected|internal|static|readonly|const|final|let|var|val|"
    rb"string|String|str)[ \t]+)*\.?\[?[\"'`:]?(?P<key>[A-Za-z_$][\w$.-]{0,63}(?:::\w+)?"  # Env::Prod
    rb"|(?<=[\"'`])[\w.-]{1,63}:\d{1,5}(?=[\"'`])|(?<=[\"'`])\d{1,3}(?:\.\d{1,3}){3}(?=[\"'`]))"  # a quoted host:port or address
    rb"[\"'`]?\]?"
    rb"(?:[ \t]*:[ \t]*(?:str|String|string))?"
    rb"[ \t]*(?:=>|->|:=|=|:|[ \t]to)[ \t]*(?:return[ \t]+)?" + _QUOTED + _TAIL
)
# An item of a list under a plural credential's name: API_KEYS = ["…", "…"], a YAML sequence.
_ITEM = re.compile(rb"[ \t]*" + _QUOTED + rb"[ \t]*(?://[^\n]*|#[^\n]*)?\r?$")
_YAML_ITEM = re.compile(
    rb"[ \t]*-[ \t]+(?:" + _QUOTED + rb"|(?P<bare>[^\s\"'#{}\[\]*&!|>%][^\r\n]{0,299}?))(?:[ \t]+#[^\n]*)?[ \t]*\r?$"
)
# A member whose value is a block of its own, `staging: {` or `"staging": {` (the brace follows).
_CONTAINER_KEY = re.compile(rb"\s*[\"'`]?(?P<key>[A-Za-z_$][\w$.-]{0,63})[\"'`]?[ \t]*(?::|=>|=)[ \t]*")
# The same in YAML: `staging:` with its members on the lines under it.
_YAML_CONTAINER = re.compile(rb"[ \t]*[\"']?(?P<key>[A-Za-z_$][\w$.-]{0,63})[\"']?[ \t]*:[ \t]*(?:#[^\n]*)?\r?$")
_PAIR = re.compile(rb"\s*(?P<kq>[\"'`])(?P<key>[A-Za-z_$][\w$.-]{0,63})(?P=kq)[ \t]*,[ \t]*" + _QUOTED + rb"[ \t]*,?\s*")
_RETURNED = re.compile(rb"[ \t]*(?P<key>return)[ \t]+" + _QUOTED + _TAIL)
_ENUM_CONSTANT = re.compile(rb"[ \t]*(?P<key>[A-Z_][A-Z0-9_]*)[ \t]*\([ \t]*" + _QUOTED + rb"[ \t]*(?:,[^)\n]*)?\)" + _TAIL)


# A member of an indented block or a section, quoted or bare to the end of the line, after the
# separator its format uses: YAML `prod: …`, a class body's `PROD = "…"`, a section's either.
# A class body is code: its values are quoted (`PROD = models.CharField()` is no value).
def _line_member(separator: bytes, bare: bool = True) -> re.Pattern[bytes]:
    # a bare value runs to the end of the line or to a comment after a space (`# …`, `; …`)
    value = _QUOTED + (rb"|(?P<bare>[^\s\"'#;{}\[\]*&!|>%][^\r\n]{0,299}?)" if bare else rb"|(?P<bare>(?!))")
    return re.compile(
        rb"[ \t]*(?:-[ \t]+)?[\"']?(?P<key>[A-Za-z_$][\w$.-]{0,63})[\"']?(?:[ \t]*:[ \t]*(?:str|String))?"
        rb"[ \t]*" + separator + rb"[ \t]*(?:" + value + rb")(?:[ \t]+[#;][^\n]*)?[ \t]*\r?$"
    )




_YAML_MEMBER = _line_member(rb":")
_CLASS_MEMBER = _line_member(rb"=", bare=False)
_SECTION_MEMBER = _line_member(rb"[:=]")
_WRAPPER = re.compile(rb"[ \t]*(?:switch|when|match)\b")

_OPEN_TO_CLOSE = {0x7B: 0x7D, 0x5B: 0x5D, 0x28: 0x29}


def _last_word(data: bytes, start: int, end: int) -> bytes:
    words = [w for w in _WORD_SPLIT.split(data[start:end]) if w]
    return words[-1].lower() if words else b""


def _names_credentials(data: bytes, start: int, end: int) -> bool:
    words = [w.lower() for w in _WORD_SPLIT.split(data[start:end]) if w]
    if words[-2:] in _PASSWORDS_BY_USER:
        return True
    if not words or words[-1] not in _CREDENTIAL_LAST_WORDS or not _PUBLIC_WORDS.isdisjoint(words):
        return False  # PUBLIC_KEYS, publishableKeys hold what may be published
    if words[-1] in (b"token", b"tokens") and not _TRACKING_WORDS.isdisjoint(words[:-1]):
        return False  # EVENT_TOKENS: an attribution SDK's ids of in-app events, sent from every install
    # "key" alone names too much (bindKey, ForeignKey, path-key): the word before says which
    return words[-1] not in (b"key", b"keys") or (len(words) > 1 and words[-2] in _KEY_QUALIFIERS)


def _member_is_other(data: bytes, start: int, end: int) -> bool:
    """Whether a member's own name says what it is: something other than a credential (url, region), or
    a credential of its own (stripePublishableKey, webhook_secret). The line rules read a member that
    names itself, with its name, so the block's name speaks only for members named by where they are used."""
    words = [w.lower() for w in _WORD_SPLIT.split(data[start:end]) if w]
    if words and _DIGEST_MEMBER.fullmatch(words[-1]):
        return True  # a YARA rule's meta: hash1 = "…" (a sample's digest), md5, sha256, imphash
    if len(words) == 1 and _RUN_TOGETHER_OTHER.fullmatch(words[0]):
        return True  # a name run together in lower case (clientid, xsappname, uaadomain, apiurl)
    if not _EXEMPTION_WORDS.isdisjoint(words):
        return True  # what a scanner is told to skip (ggshield's secret: ignored-matches: - match: <sha256>)
    return bool(words) and (words[-1] in _NOT_SECRET_MEMBERS or not _SELF_NAMED.isdisjoint(words))


def _envelope(data: bytes, members: list[tuple[int, int, Cell]]) -> bool:
    """Whether the block is an encrypted value's envelope (Chef's encrypted_data, iv and auth_tag; Pulumi's
    ciphertext): its members are the parts of one encrypted secret, not secrets."""
    return any(not _ENVELOPE_WORDS.isdisjoint(w.lower() for w in _WORD_SPLIT.split(data[s:e]) if w) for s, e, _ in members)


def block_cells(data: bytes, lowered: bytes | None = None) -> list[Cell]:
    """The values of every block whose name says they are credentials, each named by the block."""
    if lowered is None:
        lowered = data.lower()
    cells: list[Cell] = []
    tried: set[int] = set()  # line starts already tried as a header
    read_to = 0  # blocks are read once: a header inside a block already read is its member
    for at in sorted(_name_ends(data, lowered)):
        line_start = data.rfind(b"\n", 0, at) + 1
        if line_start in tried or line_start < read_to:
            continue
        tried.add(line_start)
        read_to = max(read_to, _read_block(data, line_start, at, cells))
        if len(cells) >= MAX_BLOCK_CELLS:
            break
    return cells[:MAX_BLOCK_CELLS]


def _name_ends(data: bytes, lowered: bytes):
    """Offsets just past a credential word that ends a name (`apiKey`, `DB_PASSWORDS`, `secrets`)
    on a line that may open a block: a bracket follows, or nothing but `:`, `]` or a type does."""
    for m in _CANDIDATE.finditer(lowered):
        yield m.end(1)


def _read_block(data: bytes, line_start: int, name_end: int, cells: list[Cell]) -> int:
    """Reads the block whose header is the line at line_start, if it is one whose name ends at
    name_end and says credentials. Returns where the block ends (line_start if none)."""
    line_end = data.find(b"\n", line_start)
    line_end = len(data) if line_end < 0 else line_end
    next_end = data.find(b"\n", line_end + 1) if line_end < len(data) else -1
    limit = len(data) if next_end < 0 else next_end
    if data.find(b"struct", line_start, line_end) >= 0:  # Go's []struct{…}{ declares its fields first
        limit = min(len(data), line_end + 600)
    members: list[tuple[int, int, Cell]] = []  # (start and end of the member's name, its value)
    end = line_start
    # the header starts its line, or follows an outer bracket on it: {"apiKeys": {"prod": "…"}}
    # (tried once where both are the same place)
    for start in dict.fromkeys((line_start, _token_start(data, line_start, name_end))):
        m = _BRACKET_HEADER.match(data, start, limit)
        if m is not None and m.end("name") == name_end and not _indexed(data, m) \
                and _names_credentials(data, *m.span("name")):
            end = _bracket_members(data, m, members)
            break
    else:
        for header, member in ((_YAML_HEADER, _YAML_MEMBER), (_CLASS_HEADER, _CLASS_MEMBER), (_SECTION_HEADER, None)):
            m = header.match(data, line_start, line_end)
            if m is not None and m.end("name") == name_end and _names_credentials(data, *m.span("name")):
                if member is None:
                    end = _section_members(data, m, line_end, members)
                else:
                    end = _indented_members(data, m, line_start, line_end, member, members)
                break
    if members and not _envelope(data, members):
        # an item (its name is empty) belongs to a plural: `token: ["keyword", "text"]` lists kinds of token
        plural = data[name_end - 1] in b"sS"
        cells.extend(cell for s, e, cell in members if (s < e or plural) and not _member_is_other(data, s, e)
                     and _RESOURCE_PATH.fullmatch(data, cell.start, cell.end) is None)
    return end


def _indexed(data: bytes, header: re.Match[bytes]) -> bool:
    """Whether the header's `[` indexes the name (credentials['X-Auth-Token']) instead of opening a list."""
    return data[header.end() - 1] == 0x5B and data.find(b"=", header.end("name"), header.end()) < 0 \
        and data.find(b":", header.end("name"), header.end()) < 0


def _token_start(data: bytes, line_start: int, name_end: int) -> int:
    """Where the name (with its quotes and owner) that ends at name_end starts on its line."""
    k = name_end - 1
    while k >= line_start and data[k] not in b"{[(,; \t=":
        k -= 1
    return k + 1


def _bracket_members(data: bytes, header: re.Match[bytes], cells: list[tuple[int, int, Cell]]) -> int:
    """Members one level inside the header's bracket (or inside a switch/when right there)."""
    name_start, name_end = header.span("name")
    stop = min(len(data), header.end() + _MAX_BLOCK_BYTES)
    # Open brackets: (closing byte, whether its members are read, whether it only groups, where it
    # opens, whether it opens a member: nothing before it in the member, as a pair's ("prod", "…")).
    # Parentheses inside a member only group: the member is read whole (PROD("…", 2)).
    stack: list[tuple[int, bool, bool, int, bool]] = [(_OPEN_TO_CLOSE[data[header.end() - 1]],
                                                       header.group("fn") is None or header.group("wrap") is not None,
                                                       False, header.end() - 1, False)]
    segment = i = header.end()
    while i < stop and stack:
        c = data[i]
        if c in (0x22, 0x27, 0x60):  # a string: skipped whole if it closes on this line
            close = _string_end(data, i, stop)
            i = close if close > 0 else i + 1
            continue
        if c == 0x2F and data[i + 1 : i + 2] == b"/":  # a // comment: to the end of the line
            eol = data.find(b"\n", i)
            i = stop if eol < 0 else eol
            continue
        closing, reads, groups, _, _ = stack[-1]
        if c == 0x28 or (c in _OPEN_TO_CLOSE and groups) or (c == 0x5B and data[i + 1 : i + 2] in (b'"', b"'")):
            # parentheses, and a bracketed key (Lua's ["dev"] = …), group
            stack.append((_OPEN_TO_CLOSE[c], False, True, i, not groups and not data[segment:i].strip()))
        elif c in _OPEN_TO_CLOSE:
            blank = not data[segment:i].strip()  # the bracket opens a member of its own
            # a level's members are read only through a switch/when at the block's first level, or one
            # level down under a member named by where it is used (credentials → staging → {api: "…"}),
            # or in the list a call takes its pairs in (new Map([["prod", "…"]]))
            deeper = len(stack) == 1 and (_WRAPPER.match(data, segment, i) is not None
                                          or reads and c == 0x7B and _named_container(data, segment, i)
                                          or reads and c == 0x5B and header.group("call") is not None and blank)
            _member(data, segment, i, reads, name_start, name_end, cells)
            segment = i + 1
            stack.append((_OPEN_TO_CLOSE[c], deeper, False, i, reads and blank))
        elif c == closing:
            if not groups:
                _member(data, segment, i, reads, name_start, name_end, cells)
                segment = i + 1
            opened, pair = stack.pop()[3:]
            if pair and stack and stack[-1][1]:
                _pair(data, opened + 1, i, name_start, name_end, cells)
        elif c in (0x2C, 0x3B, 0x0A) and not groups:  # , ; or a line break ends a member
            _member(data, segment, i, reads, name_start, name_end, cells)
            segment = i + 1
        i += 1
    return i


def _pair(data: bytes, start: int, end: int, name_start: int, name_end: int, cells: list[tuple[int, int, Cell]]) -> None:
    """A member written as a pair of a name and a value: C#'s { "prod", "…" }, a tuple ("prod", "…"),
    Go's {"prod", "…"} in a slice of structs, a Map's ["prod", "…"]. The first string names it."""
    m = _PAIR.fullmatch(data, start, end)
    if m is not None:
        cells.append((*m.span("key"), Cell(name_start, name_end, *m.span("value"), BLOCK)))


def _named_container(data: bytes, start: int, end: int) -> bool:
    m = _CONTAINER_KEY.match(data, start, end)
    return m is not None and m.end() == end and not _member_is_other(data, *m.span("key"))


def _string_end(data: bytes, at: int, stop: int) -> int:
    """Just past the quote that closes the string opened at `at` on the same line, or -1."""
    quote = data[at]
    i = at + 1
    while i < stop:
        c = data[i]
        if c == 0x5C:
            i += 2
            continue
        if c == quote:
            return i + 1
        if c == 0x0A:
            return -1
        i += 1
    return -1


def _member(data: bytes, start: int, end: int, reads: bool, name_start: int, name_end: int, cells: list[tuple[int, int, Cell]]) -> None:
    if not reads or end - start < 3:
        return
    m = _MEMBER.match(data, start, end) or _ENUM_CONSTANT.match(data, start, end)
    if m is not None and m.end() == end:
        cells.append((*m.span("key"), Cell(name_start, name_end, *m.span("value"), BLOCK)))
        return
    m = _RETURNED.match(data, start, end)
    if m is not None and m.end() == end:  # `case .prod:` then `return "…"` on its own line: named by `return`
        cells.append((*m.span("key"), Cell(name_start, name_end, *m.span("value"), BLOCK)))
        return
    m = _ITEM.match(data, start, end)
    if m is not None and m.end() == end:  # an item names nothing: (start, start) is its empty name
        cells.append((start, start, Cell(name_start, name_end, *m.span("value"), BLOCK)))


def _indent(data: bytes, start: int, end: int) -> int:
    i = start
    while i < end and data[i] in (0x20, 0x09):
        i += 1
    return i - start


def _indented_members(data: bytes, header: re.Match[bytes], line_start: int, line_end: int,
                      member: re.Pattern[bytes], cells: list[tuple[int, int, Cell]]) -> int:
    """The members of a YAML mapping or a class body: the lines indented one level under the header."""
    own = _indent(data, line_start, line_end)
    name_start, name_end = header.span("name")
    level = None
    # YAML: a member named by where it is used may hold the values one level down (staging: → api: …)
    sub_level: int | None = None
    sub_reads = False
    at = line_end + 1
    stop = min(len(data), at + _MAX_BLOCK_BYTES)
    while at < stop:
        end = data.find(b"\n", at)
        end = len(data) if end < 0 else end
        depth = _indent(data, at, end)
        text_at = at + depth
        if text_at >= end or data[text_at] in (0x23, 0x0D):  # blank or comment lines go on
            at = end + 1
            continue
        # YAML may write a key's sequence at the key's own indentation (`keys:` then `- …`)
        item = member is _YAML_MEMBER and data.startswith(b"- ", text_at)
        if depth < own or (depth == own and not (item and level in (None, own))):
            break
        if level is None:
            level = depth
        if depth == level:
            m = member.match(data, at, end)
            if m is not None:
                _line_cell(m, name_start, name_end, cells)
            elif item:
                _item_cell(_YAML_ITEM.match(data, at, end), name_start, name_end, cells)
            container = _YAML_CONTAINER.match(data, at, end) if member is _YAML_MEMBER else None
            sub_reads = container is not None and not _member_is_other(data, *container.span("key"))
            sub_level = None
        elif sub_reads and depth > level:
            if sub_level is None:
                sub_level = depth
            if depth == sub_level:
                _line_cell(member.match(data, at, end), name_start, name_end, cells)
        at = end + 1
    return at


def _item_cell(m: re.Match[bytes] | None, name_start: int, name_end: int, cells: list[tuple[int, int, Cell]]) -> None:
    if m is None or (m.group("bare") and b": " in m.group("bare")):
        return  # a mapping inside the sequence is no value
    span = m.span("value") if m.group("q") else m.span("bare")
    cells.append((m.start(), m.start(), Cell(name_start, name_end, *span, BLOCK)))


def _section_members(data: bytes, header: re.Match[bytes], line_end: int, cells: list[tuple[int, int, Cell]]) -> int:
    """The `key = value` lines of an INI or TOML section, up to the next section."""
    name_start, name_end = header.span("name")
    at = line_end + 1
    stop = min(len(data), at + _MAX_BLOCK_BYTES)
    while at < stop:
        end = data.find(b"\n", at)
        end = len(data) if end < 0 else end
        text_at = at + _indent(data, at, end)
        if text_at < end and data[text_at] == 0x5B:  # the next section
            break
        _line_cell(_SECTION_MEMBER.match(data, at, end), name_start, name_end, cells)
        at = end + 1
    return at


def _line_cell(m: re.Match[bytes] | None, name_start: int, name_end: int, cells: list[tuple[int, int, Cell]]) -> None:
    if m is not None:
        span = m.span("value") if m.group("q") else m.span("bare")
        cells.append((*m.span("key"), Cell(name_start, name_end, *span, BLOCK)))
