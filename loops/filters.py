"""False-positive filters: small named predicates, each for one thing it recognises.

A filter looks at a candidate value, its line and the name it is assigned to, and says
"this looks like X, which is not a secret". Filters only record what they see
(`Features.filter_hits`); the filter phase weighs the hits with the rule's confidence and
decides. Some filters only make sense for generic rules (a bare word under `password =`
may be a variable; under a provider's token format it cannot be): they are marked
`generic_only` and skipped for high-confidence rules.

Most filters are decisive: a hit dismisses the candidate. A few are signals
(`decisive=False`): evidence one way or the other that settles nothing alone (a bare word
in code may be a variable or a password; a value made of words is more often a name than
a key). The filter phase leaves those to the judge, which weighs them with the rest.

Being in a test or docs folder is not a filter by itself: it is a feature the judge weighs. A
few filters that read the surroundings combine it with the value's shape (a three-character
password, a value that spells "token", in a test or a doc comment).
Nothing here stores, logs or returns the value.
"""

from __future__ import annotations

import base64
import functools
import hmac
import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable
from urllib.parse import parse_qsl, unquote, urlsplit

from .languages import CONFIG_LANGUAGES
from .redact import char_classes
from .rules.catalogue import Rule, load_catalogue
from .rules.checksums import b64_decode

if TYPE_CHECKING:
    from .detect import Detector

# Longer values are key blocks or blobs: the shape filters below are meant for tokens.
_MAX_FILTERED_LENGTH = 4096


# c * log2(c) for the counts a short value has: the entropy below is log2(n) - sum(c log2 c) / n,
# summed by table lookups in C rather than a logarithm per character class in Python.
_C_LOG2_C = [0.0] + [c * math.log2(c) for c in range(1, 257)]


def shannon_entropy(s: str) -> float:
    """Shannon entropy of the characters of s, in bits per character (0.0 for "")."""
    if not s:
        return 0.0
    n = len(s)
    counts = Counter(s).values()
    total = sum(map(_C_LOG2_C.__getitem__, counts)) if n < len(_C_LOG2_C) else sum(c * math.log2(c) for c in counts)
    return max(0.0, math.log2(n) - total / n)


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

    @property
    def example_place(self) -> bool:
        """Where values are written for a test or a reader: tests, docs, comments, docstrings."""
        return self.in_test_path or self.in_docs_path or self.in_comment or self.in_doc


FILTERS: list[Filter] = []


def _filter(name: str, reason: str, generic_only: bool = False, decisive: bool = True,
            after_prefix: bool = False, surroundings: bool = False, formats: bool = False,
            prefix_required: bool = False) -> Callable[[Check], Check]:
    def register(check: Check) -> Check:
        FILTERS.append(Filter(name, reason, generic_only, check, decisive, after_prefix or prefix_required, surroundings,
                              formats, prefix_required))
        return check

    return register


# --- helpers -------------------------------------------------------------------------

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")

# Words in a key name that say the value is a credential.
_CREDENTIAL_WORDS = frozenset({
    "secret", "secrets", "password", "passwd", "pwd", "pass", "passphrase", "key", "keys", "token",
    "tokens", "auth", "credential", "credentials", "cred", "creds", "apikey", "private", "signature",
    "sig", "cookie", "session", "bearer", "jwt", "otp", "pin", "salt", "seed", "dsn",
    "identified",  # SQL: CREATE USER … IDENTIFIED BY '…' names the account's password
    "pw", "bindpw", "rootpw", "authtok",  # LDAP clients: bindpw, rootbindpw, SSSD's ldap_default_authtok
    "psk",  # a pre-shared key: WIFI_PSK, mosquitto's bridge_psk, wpa_psk
    "passwords", "passphrases",  # a list of them: Bitnami's KAFKA_CLIENT_PASSWORDS (a word; botpasswords is none)
})
_CREDENTIAL_PARTS = ("secret", "passw", "token", "apikey", "privatekey", "accesskey", "authkey", "credential")


_NON_ALNUM = re.compile(r"[^A-Za-z0-9]+")


def split_words(text: str | None) -> list[str]:
    """Lower-case words of a name or any text: `dbPassword_hash` -> ['db', 'password', 'hash']."""
    if not text:
        return []
    return [w.lower() for w in _NON_ALNUM.split(_CAMEL.sub("_", text)) if w]


@functools.lru_cache(maxsize=4096)
def _name_words(key_name: str) -> tuple[str, ...]:
    return tuple(split_words(key_name))


def key_words(key_name: str | None) -> list[str]:
    """Lower-case words of a key name: `dbPassword_hash` -> ['db', 'password', 'hash'].
    Remembered per name (a candidate's filters ask about its name twenty times; a file's names
    repeat). Only names are remembered: values and line text go through split_words, so no
    secret outlives the scan of its file in this memory."""
    if not key_name:
        return []
    return list(_name_words(key_name))


def names_credential(words: list[str]) -> bool:
    return any(w in _CREDENTIAL_WORDS or any(p in w for p in _CREDENTIAL_PARTS) for w in words)


def _context_words(value: str, line: str, key_name: str | None) -> list[str]:
    """The key name's words, or without one the words on the line before the value."""
    if key_name:
        return key_words(key_name)
    at = line.find(value) if value else -1
    return split_words(line[:at] if at >= 0 else "")


def _is_quoted(value: str, line: str) -> bool | None:
    """Whether the value sits between quotes on its line (at any of its occurrences);
    None when it is not on the line at all."""
    if not value:
        return None
    at = line.find(value)
    if at < 0:
        return None
    while at >= 0:
        before = line[at - 1] if at > 0 else ""
        end = at + len(value)
        after = line[end] if end < len(line) else ""
        if before and before in "'\"`" and after in (before, ""):
            return True
        at = line.find(value, at + 1)
    return False


# --- filters -------------------------------------------------------------------------

_PLACEHOLDER_VALUES = frozenset({
    "password", "passwd", "pwd", "pass", "secret", "token", "apikey", "api_key", "api-key", "key",
    "changeme", "changeit", "test", "test123", "testing", "testpass", "testpassword", "dummy",
    "example", "sample", "placeholder", "todo", "tbd", "fixme", "foo", "bar", "baz", "foobar",
    "xyz", "abc", "abc123", "secretkey", "secret_key",
    # words that say a test's value is meant to fail
    "wrong", "bad", "invalid", "incorrect", "bogus",
})
# Metasyntactic words: a value made only of them (bar:baz, foo-bar) stands for any value.
_METASYNTACTIC = frozenset({"foo", "bar", "baz", "qux", "quux", "corge", "grault", "garply", "waldo", "fred", "plugh",
                            "xyzzy", "thud", "foobar", "spam", "eggs", "ham", "blah"})
_ANGLE_PLACEHOLDER = re.compile(r"<[A-Za-z][A-Za-z0-9 _.\-]{0,48}>")
_BRACKET_PLACEHOLDER = re.compile(r"^\[[A-Za-z][A-Za-z _\-]{1,48}\]$")
_PLACEHOLDER_PHRASES = (
    re.compile(r"(?<![a-z])your[_ .\-]?[a-z]"),  # your_api_key, YOUR-TOKEN, yourkeyhere
    re.compile(r"[_ \-]here(?![a-z])"),  # insert_key_here
    re.compile(r"(?<![a-z])(?:change|replace|insert|fill|enter|put|paste)[_ \-]?"
               r"(?:me|it|this|in|your|with|the|here)(?![a-z])"),
    re.compile(r"(?<![a-z])(?:dummy|placeholder|notreal|not[_ \-]a[_ \-]real|not[_ \-]real|sample|example)"),
    re.compile(r"(?<![a-z])(?:fake|todo|tbd|fixme)(?![a-z])"),
)


# The stand-in person of forms and fixtures (John Doe): a value, not anyone's password.
_STAND_IN_PERSON = re.compile(r"(?:john|jane|joe|j)[._\-]?doe\d{0,4}")

_CAPS_NAME = re.compile(r"^[A-Z][A-Z_]{2,24}$")
# Longer capitals without an underscore are a base32 secret (a TOTP seed), not one word.
_MAX_CAPS_WORD = 15


# Up to this length a word in capitals only has to look like one (VALUE, NONE, KEY); a longer
# one has to read as English (PASSWORD, SECRETKEY, CHANGEME): a third of random 12-letter
# capitals pass the vowel test alone, one in eighty the English one.
_SHORT_CAPS_WORD = 6


def _caps_name(caps: str) -> bool:
    if "_" in caps or len(caps) <= _SHORT_CAPS_WORD:
        return wordlike(caps)
    return len(caps) <= _MAX_CAPS_WORD and english_like(caps)


_PLACEHOLDER_SEPARATORS = re.compile(r"[:._\- @/%+;,#&]")
_ONE_WORD_REPEATED = re.compile(r"([a-z]+)\1+")


@_filter("placeholder", "a placeholder that stands for a value to fill in (<your-key>, changeme, dummy, TODO, VALUE)")
def is_placeholder(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    low = value.strip().lower()
    if low in _PLACEHOLDER_VALUES or _STAND_IN_PERSON.fullmatch(low):
        return True
    if "%" in low:
        low = unquote(low)  # a URL's user-info is percent-encoded: foo%40bar is foo@bar
    # Any punctuation between them (an escaping test's foo%bar, foo+bar): still only metasyntactic words.
    words = _PLACEHOLDER_SEPARATORS.split(low)
    if all(w.isalpha() and w.isascii() and w in _METASYNTACTIC for w in words):
        return True  # bar:baz, foo-bar, foo@bar, foo%25bar
    twice = _ONE_WORD_REPEATED.fullmatch(low)
    if twice and twice.group(1) in _METASYNTACTIC:
        return True  # blahblah, foofoo
    caps = value.strip()
    if _CAPS_NAME.match(caps) and _caps_name(caps):
        return True  # PASSWORD, VALUE, API_TOKEN: the name of what goes here
    if _ANGLE_PLACEHOLDER.search(value) or _BRACKET_PLACEHOLDER.match(value.strip()):
        return True
    if _encoded_blob(value):
        return False  # `todo` or `your` after a / or + of a long base64 key is chance, not a phrase
    return any(p.search(low) for p in _PLACEHOLDER_PHRASES)


_ENCODED_LINE = re.compile(r"[A-Za-z0-9+/=_-]+")
_MIN_ENCODED_BLOB = 64  # a 256-bit key in base64 is 44 characters; chance hits grow with the length


def _encoded_blob(value: str) -> bool:
    """Base64 (or base64url) of at least _MIN_ENCODED_BLOB random-looking characters, in one run or in the lines
    of a PEM body (armour lines aside; JSON's escaped \\n counts as a line break)."""
    lines = [ln.strip() for ln in value.replace("\\n", "\n").split("\n")]
    body = [ln for ln in lines if ln and not ln.startswith("-----")]
    if sum(map(len, body)) < _MIN_ENCODED_BLOB or not all(_ENCODED_LINE.fullmatch(ln) for ln in body):
        return False
    # random bytes in base64: both cases and digits (a spelled-out stand-in lacks some)
    return char_classes("".join(body)).startswith("Aa1")


_MASKED = (
    re.compile(r"\*{3,}"),
    re.compile(r"[xX]{5,}"),
    re.compile(r"•{3,}|·{3,}|#{5,}"),
    re.compile(r"…|\.\.\."),
    re.compile(r"(?<![a-z])(?:redacted|masked|hidden|obfuscated|removed)(?![a-z])", re.IGNORECASE),
)


# A form field's validation rules (Laravel's 'required|string|min:8', CodeIgniter's 'trim|required'):
# words joined by |, some with :arguments. One of them is always a rule every framework has.
_VALIDATOR_ITEM = re.compile(r"[a-z][a-z_]{1,24}(?::[^|\s]{0,40}|\[[^\]|\s]{0,40}\])?")
_VALIDATOR_WORDS = frozenset({"required", "nullable", "sometimes", "string", "min", "max", "confirmed", "trim",
                              "min_length", "max_length", "matches", "between", "size", "regex", "bail"})


@_filter("validation_rules", "a form field's validation rules (required|string|min:8), not its value")
def is_validation_rules(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    items = value.strip().split("|")
    if len(items) < 2 or not all(_VALIDATOR_ITEM.fullmatch(i) for i in items):
        return False
    heads = [i.split(":", 1)[0] for i in items]
    return any(h in _VALIDATOR_WORDS for h in heads) and all(wordlike(h) or h in _VALIDATOR_WORDS for h in heads)


@_filter("masked", "a masked or truncated value (****, xxxxx, …, [REDACTED]): the real one is not here")
def is_masked(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return any(p.search(value) for p in _MASKED)


_KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm", "1234567890")


@_filter("repeated_or_sequential", "a repeated or sequential run (aaaa, 121212, 123456, abcdef, an alphabet)")
def is_repeated_or_sequential(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    n = len(v)
    if n < 3:
        return False
    if len(set(v)) == 1:
        return True  # xxx, ****, 0000
    if n < 4:
        return False
    for period in (2, 3, 4):
        if n >= 2 * period + 2 and v == (v[:period] * (n // period + 1))[:n]:
            return True
    steps = [ord(b) - ord(a) for a, b in zip(v, v[1:])]
    if n >= 5 and (sum(s == 1 for s in steps) >= 0.8 * len(steps) or sum(s == -1 for s in steps) >= 0.8 * len(steps)):
        return True
    low = v.lower()
    return n >= 6 and any(low in row for row in _KEYBOARD_ROWS)


# A token body longer than this is a blob (a key block, a certificate): runs of "AAAA" there
# encode zero bytes, not a hand-typed placeholder.
_MAX_TYPED_BODY = 256


def _runs_of_three(alphabet: str) -> list[str]:
    return [alphabet[i : i + 3] for i in range(len(alphabet) - 2)]


# Whether a segment holds any of the patterns below at all, in one search: exactly the three
# kinds (one character 4+ times, an ascending or descending run of 3, a block of 2 to 4 repeated
# 3 times). A generated value has none, and is answered without walking it three times.
_ANY_TYPED_PATTERN = re.compile(
    r"(.)\1{3}|(.{2,4})\2\2|" + "|".join(
        run for alphabet in ("abcdefghijklmnopqrstuvwxyz", "0123456789")
        for run in _runs_of_three(alphabet) + _runs_of_three(alphabet[::-1])
    )
)


def _typed_positions(segment: str) -> set[int]:
    """Positions of `segment` (lower-cased letters and digits) that sit in a hand-typed pattern:
    a run of one character (4+), an ascending or descending run (3+: abc, 456, zyx), or a
    short block repeated (period 2 to 4, 3+ times: 123123123)."""
    if _ANY_TYPED_PATTERN.search(segment) is None:
        return set()
    n = len(segment)
    typed: set[int] = set()
    i = 0
    while i < n:  # runs of one character
        j = i
        while j + 1 < n and segment[j + 1] == segment[i]:
            j += 1
        if j - i + 1 >= 4:
            typed.update(range(i, j + 1))
        i = j + 1
    for step in (1, -1):  # alphabet and digit runs, within one class
        i = 0
        while i < n:
            j = i
            while (j + 1 < n and ord(segment[j + 1]) - ord(segment[j]) == step
                   and segment[j + 1].isdigit() == segment[j].isdigit()):
                j += 1
            if j - i + 1 >= 3:
                typed.update(range(i, j + 1))
            i = j + 1
    for period in (2, 3, 4):  # repeated blocks
        i = period
        while i < n:
            j = i
            while j < n and segment[j] == segment[j - period]:
                j += 1
            if j - (i - period) >= max(3 * period, 6):
                typed.update(range(i - period, j))
            i = j + 1
    return typed


_LOWER_ALNUM_RUNS = re.compile(r"[a-z0-9]+")


def _typed_shares(body: str) -> tuple[float, float]:
    """Share of the letters and digits of `body` that sit in hand-typed patterns (see
    _typed_positions), over the whole body and over its longest segment. Separators split
    the body and break every run; case is ignored."""
    segments = _LOWER_ALNUM_RUNS.findall(body.lower())
    total = sum(len(s) for s in segments)
    if not total:
        return 0.0, 0.0
    typed = [len(_typed_positions(s)) for s in segments]
    longest = max(range(len(segments)), key=lambda i: len(segments[i]))
    return sum(typed) / total, typed[longest] / len(segments[longest])


_ASCII_ALNUM = re.compile(r"[A-Za-z0-9]")


@_filter("typed_placeholder", "made by hand, not generated: runs like aaaaaa, 123123123, abc123 or klmnopq fill most of it"
         " (checked after a known prefix too)", after_prefix=True)
def is_typed_placeholder(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A generated key of 8+ characters almost never has half its characters in such runs;
    # a fixture written to look like a key (sk-ant-api03-abc123xyz-456def789…) does.
    v = value.strip()
    alnum = len(v) - len(_ASCII_ALNUM.sub("", v))  # ASCII letters and digits
    if alnum < 8 or len(v) > _MAX_TYPED_BODY:
        return False
    # Short random values fall into such runs by chance more often (a digit PIN: 1 in 80).
    floor = 0.5 if alnum >= 16 else 0.75
    whole, longest = _typed_shares(v)
    # The longest segment carries the secret in a segmented token (xoxa-2-<ids>-<secret>):
    # typed-looking ids beside a random secret part do not make a placeholder.
    return whole >= floor and longest >= floor


_ENV_VALUE = (
    re.compile(r"^\$[A-Za-z_][A-Za-z0-9_]*$"),  # $VAR
    re.compile(r"\$\{[A-Za-z_][^{}]{0,200}\}"),  # ${VAR}, ${VAR:-default}, inside a larger value too
    re.compile(r"^\$[A-Za-z_]\w*[/\\]"),  # $HOME/.config/x: a path under a variable
    re.compile(r"^\$\("),  # $(command): computed at run time
    re.compile(r"^%[A-Za-z_][A-Za-z0-9_]*%$"),  # %VAR% (Windows)
    re.compile(r"^\$env:[A-Za-z_]\w*$", re.IGNORECASE),  # PowerShell
    re.compile(r"\bprocess\.env\b|\bimport\.meta\.env\b|\bDeno\.env\.get\b"),
    re.compile(r"\bos\.environ\b|\bgetenv\s*\(|\bSystem\.getenv\b|\bEnvironment\.GetEnvironmentVariable\b"),
    re.compile(r"\bENV\s*\[|\bENV\.fetch\b|\benv\s*\(\s*['\"]"),
)
_ENV_ACCESSOR = r"(?:getenv|environ(?:\.get)?|GetEnvironmentVariable|env\.get|ENV(?:\.fetch)?|env)\s*[(\[]\s*['\"]"


@_filter("env_reference", "a reference to an environment variable ($VAR, ${VAR}, os.getenv(...)), not the value")
def is_env_reference(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if any(p.search(v) for p in _ENV_VALUE):
        return True
    yesod = _YESOD_ENV.match(v)
    if yesod:
        # Yesod settings: _env:PGPASS, or _env:PGPASS:default where the default is used when the
        # variable is unset: a default made of words is a development stand-in, a random one a password
        default = yesod.group(1) or ""
        return not default or wordlike(default)
    # The captured value is the variable's NAME inside an accessor on the line: os.getenv("DB_PASS").
    # Fixed patterns that capture the name: one compiled per value would be recompiled for every
    # candidate of a file with thousands (the re module caches only a few hundred patterns).
    if v in line and _IDENTIFIER.fullmatch(v):
        return any(m.group(1) == v for p in _ENV_NAME_ACCESSORS for m in p.finditer(line))
    return False


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_YESOD_ENV = re.compile(r"^_env:[A-Za-z_][A-Za-z0-9_]*(?::(.*))?$")


# An Erlang macro (?AMQP_PASS, ?config(db_pass)): expanded from a -define elsewhere, where the value is.
_ERLANG_MACRO = re.compile(r"^\?[A-Za-z_][A-Za-z0-9_@]*(?:\(.*\))?[}),;]*$")  # with what closes the term


@_filter("erlang_macro", "an Erlang macro (?AMQP_PASS): its -define holds the value, not this line", generic_only=True)
def is_erlang_macro(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return language == "erlang" and _ERLANG_MACRO.match(value.strip()) is not None
_ENV_NAME_ACCESSORS = (
    re.compile(_ENV_ACCESSOR + r"([A-Za-z_][A-Za-z0-9_]*)['\"]"),
    re.compile(r"process\.env\.([A-Za-z_][A-Za-z0-9_]*)\b"),
    re.compile(r"process\.env\[\s*['\"]([A-Za-z_][A-Za-z0-9_]*)['\"]"),
)


_TEMPLATES = (
    re.compile(r"\{\{[^{}]{0,200}\}\}"),  # {{ var }} (Jinja, Go, Handlebars, GitHub Actions ${{ }})
    re.compile(r"\{%[^%]{0,200}%\}"),  # {% tag %}
    re.compile(r"<%=?[^%]{0,200}%>"),  # <%= erb %>
    re.compile(r"#\{[^{}]{0,200}\}"),  # #{ruby} and Azure #{token}#
    re.compile(r"%\([A-Za-z_]\w*\)[sdr]"),  # %(name)s
    re.compile(r"\{\d{0,3}\}"),  # {0} / {}
    re.compile(r"\{[A-Za-z_][\w.]{0,60}(?:[:!][^{}]{0,20})?\}"),  # {name}, {name:>10}
    re.compile(r"\{[A-Za-z_][\w.]{0,60}[(\[][^{}]{0,80}\}"),  # f-string expressions: {make_token(seed=1)}, {values[0]}
    re.compile(r"\{[A-Za-z_][\w.]{0,60}[(\[][^{}]{0,80}$"),  # the same, cut at a quote: {planted["token"]}
    re.compile(r"^__[A-Z][A-Z0-9_]*__$|@[A-Z_][A-Z0-9_]*@"),  # __TOKEN__ / @VAR@ substitution markers
    re.compile(r"^\[%key:{1,2}[\w.\-]+(?:::[\w.\-]+)+%\]$"),  # [%key:common::config_flow::data::password%]: a catalogue entry's reference
    re.compile(r"^\{\$[A-Za-z_]\w{0,60}(?:\}|->|\[)"),  # PHP's interpolation in a string: {$pw}, {$this->values['pw']}
)
# A template opened in the value and closed after it on the line: the rule's match stopped at a quote
# inside the expression ("{{ lookup('env', 'X') }}" gives `{{ lookup(`).
_OPEN_TEMPLATES = (("{{", "}}"), ("{%", "%}"))


# A printf directive in a literal that the line formats with `%` or .format(): '__x__%s' % h.
_PRINTF = re.compile(r"(?<!%)%[sdrif]")


@_filter("templated", "a template expression filled in at render time ({{ var }}, <%= %>, %(name)s, {0}, '…%s' % x)")
def is_templated(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if any(p.search(value) for p in _TEMPLATES):
        return True
    for opener, closer in _OPEN_TEMPLATES:
        if opener in value and closer not in value[value.rfind(opener):]:
            at = line.find(value)
            if at >= 0 and closer in line[at + len(value):]:
                return True
    if not _PRINTF.search(value):
        return False
    at = line.find(value)
    after = line[at + len(value):] if at >= 0 else ""
    return re.match(r"""["'`]\s*(?:%\s*[\w(\[]|\.format\()""", after) is not None


def _jwt_io_payload() -> str:
    """The payload segment of the example token jwt.io shows by default."""
    claims = json.dumps({"sub": "1234567890", "name": "John Doe", "iat": 1516239022}, separators=(",", ":"))
    return base64.urlsafe_b64encode(claims.encode()).rstrip(b"=").decode()


# Keys that providers publish in their documentation as examples.
_DOCUMENTED_EXAMPLES = frozenset({
    "AKIAIOSFODNN7EXAMPLE",  # AWS access key id, AWS docs
    # the Azure storage emulator's (Azurite's) account key, the same in every install, Microsoft docs
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",  # AWS secret access key, AWS docs
})
# The example values of the OAuth standards, which libraries implementing them copy into their docstrings
# and tests (and into a longer value: access_token=2Yot…&state=xyz).
_STANDARDS_EXAMPLES = (
    "2YotnFZFEjr1zCsicMWpAA", "tGzv3JOkF0XG5Qx2TlKWIA", "SplxlOBeZQQYbYS6WxSbIA",  # RFC 6749 tokens, code
    "czZCaGRSa3F0MzpnWDFmQmF0M2JW",  # RFC 6749: the example client's Basic credentials
    "mF_9.B5f-4.1JqM", "h480djs93hd8",  # RFC 6749 / 6750: a bearer token, a MAC key id
    "45ghiukldjahdnhzdauz",  # RFC 7009: the token revoked
    "dpf43f3p2l4k3l03", "kd94hf93k423kf44", "hh5s93j4hdidpola", "hdhd0244k9j7ao03",  # RFC 5849: the
    "nnch734d00sl2jdk", "pfkkdhi9sl3r4s00", "9djdj82h48djs9d2", "kkk9d7dh3k39sjv7",  # client's keys, tokens
    "SlAV32hkKG", "8xLOxBtZp8",  # OpenID Connect Core: access and refresh token
)
_DOCUMENTED_FRAGMENTS = (_jwt_io_payload(), *_STANDARDS_EXAMPLES)


@_filter("documented_example_key", "a key providers publish in their docs as an example (AWS's ...EXAMPLE keys, jwt.io's "
         "token, the OAuth RFCs' example tokens)")
def is_documented_example_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return v in _DOCUMENTED_EXAMPLES or "EXAMPLE" in v or any(f in v for f in _DOCUMENTED_FRAGMENTS)


_IDENT = r"[A-Za-z_$][\w$]*"
_CALL = re.compile(rf"^{_IDENT}(?:(?:\.|->|::){_IDENT})*\s*\(")  # getPassword(, config.get(
_MEMBER = re.compile(rf"^(?:{_IDENT}|@{_IDENT})(?:(?:\.|->|::){_IDENT})+$")  # self.password, $this->pw
_SUBSCRIPT = re.compile(rf"^{_IDENT}(?:\.{_IDENT})*(?:\[\s*(?:['\"][\w.\-]+['\"]|:\w+|\w+)\s*\])+$")  # params[:pw]
_SIGIL_VAR = re.compile(r"^[@$][A-Za-z_]\w*$")  # @password (Ruby), $password (PHP, Perl, shell)
_BARE_WORD = re.compile(r"^[A-Za-z_]+$")  # a variable name: letters and underscores, no digits


@_filter("code_reference", "an expression or variable name (self.password, getPassword(), $pass), not a literal",
         generic_only=True)
def is_code_reference(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > 200 or _in_url_userinfo(v, line):
        return False
    if language == "sql" and _is_psql_variable(v, line):
        return True  # ALTER USER app PASSWORD :'new_password': psql interpolates a variable there
    if _is_quoted(v, line):
        return False  # "self.password" in quotes is a string literal, whatever it spells
    if _SIGIL_VAR.match(v):
        return True
    if language == "sql" and _SQL_SECRET_CLAUSE.search(line[:max(0, line.find(v))]):
        return False  # CREATE USER … IDENTIFIED BY Xk9mQ2vLp7_42: the bare word is the password
    if _in_code(v, line, language) and _is_quoted(v, line) is False and not _inside_literal_field(v, line, key_name):
        if _SNAKE_NAME.match(v):
            return True  # db_password, BCRYPT_HASH: unquoted in code, a name
        if _BARE_WORD.match(v) and (wordlike(v) or _ends_statement(v, line)):
            return True  # userPassword, `password = secret;`
    if _in_code(v, line, language) and v.startswith("!") and _MEMBER.match(v[1:]):
        v = v[1:]  # withCredentials: !this.anonymous: a negated expression
    if not (_CALL.match(v) or _MEMBER.match(v) or _SUBSCRIPT.match(v)):
        return False
    # Identifiers are words; a dotted run of long random segments is a token (a JWT), not a.b.c.
    return all(len(part) <= _MAX_IDENTIFIER for part in re.findall(r"[A-Za-z0-9_$]+", v))


def _is_psql_variable(value: str, line: str) -> bool:
    """The value is a psql variable interpolated into the statement (:name, :'name', :"name"), not a
    cast (::text) nor a URL's password (user:secret@host)."""
    # String search, not a pattern built from the value: re's cache would keep the value.
    if not _PSQL_NAME.match(value):
        return False
    at = line.find(value)
    while at >= 0:
        end = at + len(value)
        quote = line[at - 1] if at > 0 and line[at - 1] in "'\"" else ""
        colon = at - len(quote) - 1
        if colon >= 0 and line[colon] == ":" and (colon == 0 or not (line[colon - 1].isalnum() or line[colon - 1] in "_:")):
            rest = line[end:]
            if rest.startswith(quote):
                rest = rest[len(quote):]
                if not rest or not (rest[0].isalnum() or rest[0] in "_@:"):
                    return True
        at = line.find(value, at + 1)
    return False


_PSQL_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_MAX_IDENTIFIER = 40
# SQL clauses whose bare word is a password, not an identifier (Oracle, MySQL, Snowflake).
_SQL_SECRET_CLAUSE = re.compile(r"(?i)\b(?:identified\s+by|password\s*=?)\s*$")

# Go cannot hold these lines, so in a .go file they are config text inside a raw string
# (a test's server config): `users: [ {user: svc, password: x} ]`, a lone `pass: x`. Go
# writes a composite literal as `Type{Field: v}` or `{...},` inside a slice, never after
# `[`, `:` or `=` (an element of a slice literal ends with a comma), and a bare `key: value`
# line in Go is a label before a useless expression.
_GO_CONFIG_MAPPING = re.compile(r"(?:^|[\[:=])\s*\{[^{}]*$")
_GO_CONFIG_LINE = re.compile(r"^\s*[a-z_][a-z0-9_]*\s*:\s*$")


def _in_code(value: str, line: str, language: str | None) -> bool:
    """The value sits in program code (so an unquoted word is a name), not in config text."""
    if language is None or language in CONFIG_LANGUAGES:
        return False
    if language == "go":
        at = line.find(value)
        if at >= 0:
            before, after = line[:at], line[at + len(value):].strip()
            if (_GO_CONFIG_MAPPING.search(before) and not after.endswith(",")) or (_GO_CONFIG_LINE.match(before) and not after):
                return False
    return True


def _literal_start(line: str, at: int) -> int | None:
    """Where the string literal that position `at` of a code line sits in opens (its quote), or
    None when `at` is outside any literal. Backslash escapes are honoured."""
    quote, start, i = "", None, 0
    while i < at:
        c = line[i]
        if quote:
            if c == "\\":
                i += 1  # the escaped character
            elif c == quote:
                quote, start = "", None
        elif c in "'\"`":
            quote, start = c, i
        i += 1
    return start


def _inside_literal_field(value: str, line: str, key_name: str | None) -> bool:
    """The value is text inside a string literal, as a field of it: after its key in the same
    literal ("Server=db;Password=Xk9_q2;", @Value("${mail.password:Xk9_q2}")) or right after a
    field's '=' or ':' (a DSN's "shop:Xk9_q2@tcp(db)/shop", for a rule that takes no key name):
    a literal, whatever it spells."""
    at = line.find(value)
    if at <= 0:
        return False
    start = _literal_start(line, at)
    if start is None:
        return False
    if key_name and line.find(key_name, start, at) >= 0:
        return True
    return line[at - 1] in "=:"


def _ends_statement(value: str, line: str) -> bool:
    """The value is followed by `;` (the end of a statement in C-family code)."""
    at = line.find(value)
    return at >= 0 and line[at + len(value):].lstrip().startswith(";")
_SNAKE_NAME = re.compile(r"^_{0,2}[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+$")  # a private one too: _jwt_global_obj


def _in_url_userinfo(value: str, line: str) -> bool:
    """The value is the password of a URL's user-info (scheme://user:VALUE@host)."""
    at = line.find(":" + value + "@")
    return at >= 0 and "://" in line[:at]


@_filter("bare_word_in_code", "an unquoted word in code: a variable's name, or a literal in an embedded config",
         generic_only=True, decisive=False)
def is_bare_word_in_code(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A signal, not a verdict: `password: pwd` in a Go test's config string is a literal to
    # the program that parses it; `Password: userPassword` is a variable.
    v = value.strip()
    code = _in_code(v, line, language)
    return code and _is_quoted(v, line) is False and bool(_BARE_WORD.match(v)) and not _in_url_userinfo(v, line)


_HEX = re.compile(r"^[0-9a-fA-F]+$")
_HEX_DIGEST_LENGTHS = frozenset({32, 40, 56, 64, 96, 128})
_HASH_WORDS = ("sha", "md5", "hash", "checksum", "digest", "integrity", "crc")
# "verifier": a check value kept to test a password against (WinSCP's MasterPasswordVerifier)
_HASH_WHOLE_WORDS = frozenset({"sum", "commit", "revision", "rev", "etag", "fingerprint", "oid", "verifier"})
_SRI = re.compile(r"^sha(?:1|256|384|512)-[A-Za-z0-9+/]{20,}={0,2}$")
_PREFIXED_DIGEST = re.compile(r"^(?:sha1|sha224|sha256|sha384|sha512|md5)[:=$][0-9a-fA-F]{32,128}$", re.IGNORECASE)
_CRYPT_HASH = re.compile(r"^\$(?:2[abxy]?|5|6|argon2(?:id|i|d)|scrypt|pbkdf2[\w-]*)\$"
                         # MD5-crypt ($1$, Apache's $apr1$) in full: salt, then 22 characters of digest
                         r"|^\$(?:1|apr1)\$[./0-9A-Za-z]{1,8}\$[./0-9A-Za-z]{22,}$"
                         # phpass's portable hashes (WordPress, phpBB): $P$ or $H$, a cost letter, 8 salt, 22 digest
                         r"|^\$[PH]\$[./0-9A-Za-z]{31}$")
# A stored password hash in a framework's `algorithm$[iterations$]salt$hash` form (Django,
# Werkzeug), or only its algorithm prefix as code filters by it (`md5$`, `bcrypt$$`): a hash
# is what a system keeps instead of the password.
_HASHER_FORMAT = re.compile(
    r"^(?:unsalted_)?(?:pbkdf2(?:_sha(?:1|256|512))?|bcrypt(?:_sha256)?|argon2(?:id|i|d)?|scrypt|sha(?:1|256|512)|md5|crypt)"
    r"[$:][A-Za-z0-9+/=.,$_:-]*$"
)


# PostgreSQL's stored role passwords (pg_authid.rolpassword, what `CREATE ROLE … PASSWORD '…'` accepts
# pre-hashed): "md5" + MD5(password + user) in hex, or SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>.
_POSTGRES_HASH = re.compile(r"^md5[0-9a-f]{32}$|^SCRAM-SHA-(?:1|256)\$\d{1,7}:[A-Za-z0-9+/]{8,}={0,2}"
                            r"\$[A-Za-z0-9+/]{16,}={0,2}:[A-Za-z0-9+/]{16,}={0,2}$")
# Jupyter's hashed passwords (IPython's passwd()): algorithm:salt:hexdigest. An htpasswd line: user:<crypt hash>.
_SALTED_HEX_HASH = re.compile(r"^(?:sha1|sha256|sha512|md5):[0-9a-f]{8,64}:[0-9a-f]{32,128}$")
_HTPASSWD_ENTRY = re.compile(r"^[\w.@-]{1,64}:(\$.+)$")


@_filter("hash_or_digest", "a digest or hash (sha256:…, sha512-… integrity, hex under a sha/checksum name, bcrypt)")
def is_hash_or_digest(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    # Compose files and Makefiles write a literal $ as $$: admin:$$apr1$$…, $$2y$$05$$…
    return _is_hash_or_digest(v, line, key_name) or ("$$" in v and _is_hash_or_digest(v.replace("$$", "$"), line, key_name))


def _is_hash_or_digest(v: str, line: str, key_name: str | None) -> bool:
    if _SRI.match(v) or _PREFIXED_DIGEST.match(v) or _CRYPT_HASH.match(v) or _POSTGRES_HASH.match(v):
        return True
    entry = _HTPASSWD_ENTRY.match(v)
    if entry and _CRYPT_HASH.match(entry.group(1)):
        return True  # an htpasswd line (Traefik's basicauth.users, nginx auth files): user:<crypt hash>
    if _SALTED_HEX_HASH.match(v):
        return True  # Jupyter's hashed passwords (passwd()): algorithm:salt:hexdigest
    if _HASHER_FORMAT.match(v) and (v.count("$") >= 2 or v.endswith("$")):
        return True  # pbkdf2_sha256$600000$salt$hash, or a bare prefix: md5$, sha1$$
    if len(v) in _HEX_DIGEST_LENGTHS and _HEX.match(v):
        at = line.find(v)
        if at >= 4 and line[at - 4:at].upper() == "HEX:":
            return False  # chrony's and ntpd's key files: `1 SHA1 HEX:<key>` is a key written in hex, SHA1 its MAC
        words = _context_words(v, line, key_name)
        return any(w in _HASH_WHOLE_WORDS or any(h in w for h in _HASH_WORDS) for w in words)
    return False


# A value encrypted by a secrets tool, in the envelope its documentation defines: only the holder of
# the tool's key (KMS, age, PGP, the encryptor password kept elsewhere) can read it, and the file is
# meant to be committed. sops: ENC[AES256_GCM,data:…,iv:…,tag:…,type:str]; Jasypt (Spring):
# ENC(<base64>); Shopify's ejson: EJ[1:<pubkey>:<nonce>:<box>]; dotenvx: encrypted:<base64>;
# Vault's transit engine: vault:v<N>:<base64>; an inline Ansible Vault: $ANSIBLE_VAULT;1.1;AES256.
_B64 = r"[A-Za-z0-9+/]"
_ENCRYPTED_ENVELOPE = re.compile(
    rf"^ENC\[AES256_GCM,data:{_B64}*={{0,2}},iv:{_B64}{{16,}}={{0,2}},tag:{_B64}{{16,}}={{0,2}},type:[a-z]{{2,8}}\]$"
    rf"|^ENC\({_B64}{{16,}}={{0,2}}\)$"
    rf"|^EJ\[1:{_B64}{{16,}}={{0,2}}:{_B64}{{16,}}={{0,2}}:{_B64}{{16,}}={{0,2}}\]$"
    rf"|^encrypted:{_B64}{{24,}}={{0,2}}$"
    rf"|^vault:v\d{{1,4}}:{_B64}{{16,}}={{0,2}}$"
    r"|^\$ANSIBLE_VAULT;1\.[12];AES256(?:;[\w.-]+)?$"
    # hiera-eyaml (Puppet): ENC[PKCS7,<base64 CMS envelope>]; Spring Cloud Config: {cipher}<hex or base64>;
    # Maven's settings.xml password encryption and Jenkins' hudson.util.Secret: {<base64>} (Jenkins' payload
    # starts AQAAABAAAA: version 1, a 16-byte IV's length)
    rf"|^ENC\[PKCS7,{_B64}{{40,}}={{0,2}}\]$"
    rf"|^\{{cipher\}}(?:[0-9a-fA-F]{{32,}}|{_B64}{{32,}}={{0,2}})$"
    # an AWS KMS ciphertext blob as `aws kms encrypt` prints it and Terraform's aws_kms_secrets reads it:
    # the blob's header (version 1, a key ARN's length and type) makes it start AQECAH / AQICAH
    rf"|^AQ[EI]CAH[g-j]{_B64}{{100,}}={{0,2}}$"
)
# A name that says the value under it is already encrypted: DB_PASSWORD_ENCRYPTED, api_key_ciphertext,
# encrypted_secret (what AWS KMS or Cloud KMS `encrypt` printed, decrypted at boot). Not "encryption":
# an encryption_key is the key itself.
_ENCRYPTED_WORDS = frozenset({"encrypted", "ciphertext", "ciphertexts", "crypted"})
_BASE64_BLOB = re.compile(r"^[A-Za-z0-9+/]{40,}={0,2}$|^[A-Za-z0-9_-]{40,}$")


def _braced_base64(v: str) -> bool:
    """{<base64>} with both cases and a digit: Maven's and Jenkins' encrypted form (a word in braces is a placeholder)."""
    if len(v) < 24 or v[0] != "{" or v[-1] != "}":
        return False
    body = v[1:-1].rstrip("=")
    return (len(v) - 2 - len(body) <= 2 and len(body) >= 22 and _B64_BODY.match(body) is not None
            and char_classes(body).startswith("Aa1"))


_B64_BODY = re.compile(r"^[A-Za-z0-9+/]+$")


@_filter("encrypted_value", "a value encrypted by a secrets tool (sops ENC[AES256_GCM,…], Jasypt ENC(…), ejson EJ[1:…], "
         "Vault transit vault:v1:…, hiera-eyaml, Spring {cipher}, Maven/Jenkins {…}, a KMS ciphertext under an "
         "*_encrypted name): only its key can open it",
         generic_only=True)
def is_encrypted_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if _ENCRYPTED_ENVELOPE.match(v) or _braced_base64(v):
        return True
    return bool(_BASE64_BLOB.match(v)) and any(w in _ENCRYPTED_WORDS for w in key_words(key_name))


# An OpenPGP key ID or fingerprint (8, 16 or 40 hex digits, maybe 0x…) under git's `signingkey` or a name
# that says GPG/PGP (gpg_key_id, pgp_key): which public key signs, not key material (an OpenPGP private
# key is never written as a bare hex string).
_OPENPGP_KEY_ID = re.compile(r"^(?:0x)?(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{16}|[0-9A-Fa-f]{40})$")
_OPENPGP_WORDS = frozenset({"gpg", "pgp", "openpgp", "gnupg"})


@_filter("openpgp_key_id", "an OpenPGP key ID or fingerprint under git's signingkey or a gpg/pgp name: it says which "
         "public key signs, it is no secret", generic_only=True)
def is_openpgp_key_id(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if not key_name or not _OPENPGP_KEY_ID.match(value.strip()):
        return False
    return key_name.lower() in ("signingkey", "user.signingkey") or any(w in _OPENPGP_WORDS for w in key_words(key_name))


# Helm charts' convention for using a Secret made elsewhere: existingSecret (auth.existingSecret,
# existingPasswordSecret) holds the NAME of a Kubernetes Secret, a DNS-1123 name of words.
_DNS1123_NAME = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$")


@_filter("existing_secret_name", "the name of an existing Kubernetes Secret (Helm's existingSecret: my-db-credentials), "
         "not its contents", generic_only=True)
def is_existing_secret_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    if len(words) < 2 or words[0] != "existing" or not names_credential(words[1:]):
        return False
    v = value.strip()
    return len(v) <= 253 and bool(_DNS1123_NAME.match(v)) and all(_NAME_PIECE.match(p) for p in re.split(r"[-.]", v))


_NAME_PIECE = re.compile(r"^[a-z]+[0-9]{0,3}$|^[0-9]{1,4}$")  # words, maybe numbered (db-v2, redis-0): no random runs


# Where a config points at a secret kept in a secret manager instead of holding it: Azure App Service's
# Key Vault reference @Microsoft.KeyVault(SecretUri=…) or (VaultName=…;SecretName=…), a Key Vault
# secret's URI, Google Secret Manager's resource name projects/<project>/secrets/<name>[/versions/<v>].
_SECRET_REFERENCE = re.compile(
    r"^@Microsoft\.KeyVault\((?:SecretUri=https://[\w.-]+/secrets/[\w-]+(?:/[0-9a-f]{32})?/?"
    r"|VaultName=[\w-]+;\s*SecretName=[\w-]+(?:;\s*SecretVersion=[0-9a-f]{32})?)\)$"
    r"|^https://[\w-]+\.vault\.(?:azure\.net|azure\.cn|usgovcloudapi\.net)/secrets/[\w-]+(?:/[0-9a-f]{32})?/?$"
    r"|^projects/[\w.:-]+/secrets/[\w-]+(?:/versions/(?:\d+|latest))?$"
)


@_filter("secret_manager_reference", "a reference to a secret kept in a secret manager (@Microsoft.KeyVault(…), "
         "projects/…/secrets/…/versions/…): it names where the secret is, it is not the secret", generic_only=True)
def is_secret_manager_reference(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return bool(_SECRET_REFERENCE.match(value.strip()))


# A pattern where a value would be: a parser's regex writes what it captures ((.*), ([^;]+), (\\w+?)), which a
# rule reading `Pwd=…;` takes for the value. Made of regex syntax alone, with a quantifier in it.
_REGEX_ESCAPES = re.compile(r"\\[wdsWDSbBnrt]")
_REGEX_SYNTAX = re.compile(r"^[()\[\]^$.*+?|{}\\,;:\-]+$")
_LONGEST_CAPTURE = 40


@_filter("regex_capture", "a regular expression's capture where the value would be (PWD=(.*);): what a parser "
         "matches, not a credential")
def is_regex_capture(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > _LONGEST_CAPTURE or not any(q in v for q in "*+?"):
        return False
    return _REGEX_SYNTAX.match(_REGEX_ESCAPES.sub("", v)) is not None


_UUID = re.compile(r"^(?:urn:uuid:)?\{?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}?$")
_IDENTIFIER_WORDS = frozenset({"id", "ids", "uuid", "guid", "uid", "identifier", "ref", "reference"})


@_filter("uuid", "a UUID used as an identifier: under an id/uuid name or no credential name (UUIDs used AS keys are kept)",
         generic_only=True)
def is_uuid_identifier(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if not _UUID.match(value.strip()):
        return False
    words = _context_words(value.strip(), line, key_name)
    # The last word says what the value is: credentialsId, secret_uuid and tokenGuid name ids.
    return not names_credential(words) or (bool(words) and words[-1] in _IDENTIFIER_WORDS)


# The last word of a key that describes a credential instead of holding one: password_hint,
# token_url, secret_name, api_key_header, passwordLength, token_type, auth_method, ...
_DESCRIBING_WORDS = frozenset({
    "hint", "hints", "length", "len", "min", "max", "policy", "policies", "pattern", "regex", "regexp", "rule",
    "rules", "label", "title", "placeholder", "prompt", "message", "msg", "error", "errors", "err", "field",
    "fields", "input", "type", "types", "mode", "format", "url", "uri", "urls", "endpoint", "path", "file",
    "files", "dir", "directory", "name", "names", "header", "headers", "param", "parameter", "prefix", "suffix",
    "expiry", "expires", "expiration", "expire", "ttl", "timeout", "lifetime", "count", "size", "enabled",
    "disabled", "required", "strength", "validator", "validation", "icon", "button", "text", "description",
    "desc", "help", "tooltip", "method", "methods", "provider", "scope", "scopes", "version", "algorithm", "alg",
    "store", "storage", "manager", "service", "class", "handler", "helper", "factory", "generator", "builder",
    "parser", "validity", "location", "env", "var", "variable", "ref", "reference", "id", "ids", "arn",
    "tokenizer", "tokenize", "changed", "updated", "created", "at", "date", "time",
    # framework settings that name code or a template handling credentials: AUTH_USER_MODEL,
    # PASSWORD_HASHERS, password_reset_template, AUTHENTICATION_BACKENDS
    "model", "models", "backend", "backends", "hasher", "hashers", "template", "templates", "form", "forms",
    "view", "views", "widget", "middleware", "module", "serializer", "link", "links", "page", "email",
    # what kind of credential, and where it is sent: CustomerMasterKeySpec = "RSA_4096",
    # auth_protocol = "MIT-MAGIC-COOKIE-1", REFRESH_TOKEN_HOST = "www.example.com"
    "spec", "specs", "protocol", "host", "hostname", "domain", "port",
    # how or where a client authenticates, and handles that stand for a credential: authMechanism =
    # "SCRAM-SHA-256", authSource = "admin", credential_strategy = "config", secret_id_accessor
    "mechanism", "mechanisms", "source", "database", "intent", "strategy", "accessor", "use",
    "enc",  # JOSE: id_token_encrypted_response_enc = "A128CBC-HS256" names the content encryption
    # code and schemes that handle credentials, and where they are accepted: pwd_context =
    # CryptContext(…), PASSWORD_SCHEMES = ["auto"], password_util_cls, auth_hosts, tokenPostfix
    "context", "scheme", "schemes", "cls", "util", "utils", "function", "hosts", "postfix",
    # which key-management suite a network uses: auth_key_management = ["SUITE-B-192X"]
    "management",
    # a one-way hash of the credential, not the credential: RabbitMQ's password_hash, token_digest
    "hash", "hashed", "digest",
    # a command that prints the credential when run: RESTIC_PASSWORD_COMMAND, vault_token_cmd
    "command", "cmd",
    # who a pre-shared key belongs to: psk_identity, bridge_identity
    "identity",
})
# A unit after the name says what kind of number it holds: TOKEN_EXPIRES_AT_MS is TOKEN_EXPIRES_AT.
_UNIT_WORDS = frozenset({"ms", "sec", "secs", "seconds", "minutes", "mins", "hours", "days", "millis", "utc"})
# So does an encoding after it: psk_id_hex is the psk_id written in hex.
_ENCODING_WORDS = frozenset({"hex", "b64", "base64", "bytes", "str", "utf8"})


_LEADING_DESCRIBING_WORDS = frozenset({"pattern", "prefix", "suffix", "regex", "regexp", "hint", "label", "placeholder",
                                       "prompt", "tooltip", "hashed"})
# Where credentials are kept: keyVaultToStoreSecrets, bucket_for_secrets name the container.
_CONTAINER_WORDS = frozenset({"vault", "vaults", "bucket", "buckets", "keyring", "keychain", "keystore", "folder", "table"})
_PREPOSITIONS = frozenset({"to", "for", "of", "with", "from", "in", "into"})


@_filter("describing_key_name", "the name describes a credential (password_hint, token_url, secret_name), not holds one",
         generic_only=True)
def is_describing_key_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    if len(words) >= 3 and (words[-1] in _UNIT_WORDS or words[-1] in _ENCODING_WORDS):
        words = words[:-1]
    if len(words) >= 2 and words[-1] in _DESCRIBING_WORDS and names_credential(words[:-1]):
        return True
    # A describing word right in front says the same (patternApiKey, prefixApiKey: a label's message
    # id); with another word between, the first word is part of a name (LABEL_STUDIO_API_KEY).
    if 2 <= len(words) <= 3 and words[0] in _LEADING_DESCRIBING_WORDS and names_credential(words[1:]):
        return True
    # "from <credential>" with no credential before it: the value names the stored secret it comes
    # from (Drone's `from_secret: docker_password`, value_from_secret); token_from_vault holds one.
    if "from" in words:
        at = words.index("from")
        if names_credential(words[at + 1:]) and not names_credential(words[:at]):
            return True
    # "<head> to/for <…credential>": the head noun says what the value is (path_to_password,
    # keyVaultToStoreSecrets); a credential head (token_for_github) still holds one.
    at = next((i for i, w in enumerate(words) if w in _PREPOSITIONS), 0)
    return at > 0 and (words[at - 1] in _DESCRIBING_WORDS or words[at - 1] in _CONTAINER_WORDS) and names_credential(words[at + 1:])


# How a client authenticates, as configs name it: EAP inner methods (wpa_supplicant's phase2="auth=MSCHAPV2",
# NetworkManager's phase2-auth=mschapv2), SASL mechanisms, HTTP schemes, PAM/pg_hba methods.
_AUTH_METHODS = frozenset({
    "mschapv2", "mschap", "chap", "pap", "eap", "gtc", "md5", "otp", "tls", "ttls", "peap", "leap", "fast", "sim", "aka",
    "plain", "login", "cram-md5", "digest-md5", "scram-sha-1", "scram-sha-256", "scram-sha-512", "gssapi", "ntlm",
    "cram-sha1", "cram-sha256", "scram-sha-1-plus", "scram-sha-256-plus", "scram-sha-512-plus",  # SASL (IMAP AUTH=)
    "kerberos", "negotiate", "basic", "digest", "bearer", "oauth", "oauth2", "xoauth2", "oauthbearer", "external",
    "anonymous", "none", "sha", "sha1", "sha256", "sha512", "psk", "sae", "wpa-psk", "wpa-eap", "pam", "ldap",
    "radius", "local", "trust", "ident", "peer", "reject", "cert", "x509", "saml", "oidc", "jwt", "hmac",
})
# The names of a setting that picks a method: auth, authentication, phase2, eap, mech, sasl.
_AUTH_CHOOSING_WORDS = frozenset({"auth", "authentication", "phase2", "phase1", "eap", "mech", "sasl", "authtype",
                                  "authmethod"})


@_filter("auth_method_name", "the name of an authentication method (phase2-auth=mschapv2, auth: gssapi): which "
         "method a client uses, not a credential", generic_only=True)
def is_auth_method_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip().strip("\"'").lower()
    if v not in _AUTH_METHODS:
        return False
    words = key_words(key_name)
    return bool(words) and words[-1] in _AUTH_CHOOSING_WORDS


# SNMP's well-known default communities (RFC 1157's examples, every agent's factory setting): a person should
# change them, but they are public knowledge, not a leaked secret.
_DEFAULT_COMMUNITIES = frozenset({"public", "private"})


@_filter("default_snmp_community", "SNMP's default community name (rocommunity public): known to everyone, not a "
         "leaked secret", generic_only=True)
def is_default_snmp_community(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return value.strip().strip("\"'").lower() in _DEFAULT_COMMUNITIES and "community" in line.lower()


@_filter("anti_forgery_token", "an anti-forgery token (csrf_token, authenticity_token): per-form, issued to every visitor",
         generic_only=True)
def is_anti_forgery_token(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name) or split_words(line[: max(0, line.find(value))][-60:])
    return any(w.startswith(("csrf", "xsrf")) or "authenticity" in w or "antiforgery" in w for w in words)


_SEQUENTIAL_RUN = re.compile(r"0123456|1234567|2345678|3456789|abcdefg|bcdefgh|cdefghi|ghijklm|klmnopq|nopqrst|qrstuvw|tuvwxyz", re.IGNORECASE)


@_filter("sequential_run", "a long alphabet or digit run inside the value (1234567, abcdefg): typed by hand, not generated",
         generic_only=True, decisive=False)
def has_sequential_run(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return bool(_SEQUENTIAL_RUN.search(value))


@_filter("fragment", "a prefix or fragment of a format (ghp_, sk-live-, amzn.mws.) as documentation writes it",
         generic_only=True)
def is_fragment(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return len(v) < 20 and _FORMAT_PREFIX.match(v) is not None


# A format's prefix as documentation writes it: short single-case parts joined and ended by a separator
# (ghp_, sk-live-, amzn.mws., SG., ya29.). A typed password that happens to end in one (Xk9#mQ2v-) has
# mixed case or symbols.
_FORMAT_PREFIX = re.compile(r"^(?:[a-z0-9]{1,12}|[A-Z0-9]{1,12})(?:[-_.:](?:[a-z0-9]{1,12}|[A-Z0-9]{1,12}))*[-_.:]$")


_PROSE_LANGUAGES = frozenset({"markdown", "restructuredtext", "asciidoc"})
_WORD = re.compile(r"(?<![\w'])[A-Za-z][a-z]+(?![\w'])")
# Right before the value, a sentence names it as a password: "with password `…`", "the db password is `…`",
# "the password for `deploy` on the staging box is `…`",
# "Admin login: `admin` / `…`" (a user name and a slash after a login, account or credentials label).
_GIVEN_AS_THE_PASSWORD = re.compile(
    r"(?i)(?:\b(?:pass(?:word|wort|wd|phrase|code)|pwd|pw)s?(?:[ \t]+(?:for|of|on)[ \t][^\n]{1,60}?[ \t]+(?:is|was)|(?:[ \t]+(?:is|was))?)"
    r"|\b(?:log[io]n|credentials?|creds|account)\b[^:\n]{0,60}:[ \t]*\S{1,80}[ \t]+/)"
    r"[ \t]*(?:`{1,2}\+?|\*{1,2}|<(?:code|kbd|tt|b|strong)>|[\"'])?$")


@_filter("quoted_in_prose", "a short value quoted inside a sentence of documentation ('ghp_' followed by 36 characters)",
         generic_only=True, surroundings=True)
def is_quoted_in_prose(value: str, line: str, key_name: str | None, language: str | None, around: Surroundings) -> bool:
    if language not in _PROSE_LANGUAGES or len(value) >= 24 or around.in_code_block:
        return False  # a code block holds commands and configs as typed (curl -u, a DSN), not sentences
    at = line.find(value)
    if at >= 0 and _GIVEN_AS_THE_PASSWORD.search(line[:at]):
        return False  # the sentence hands the value over as a password, it describes no format
    rest = line[:at] + " " + line[at + len(value):] if at >= 0 else line
    return len(_WORD.findall(rest)) >= 8


# A key's word that holds a credential on its own or at its end (dbpassword, oauth, apikeys).
_CREDENTIAL_ENDINGS = ("password", "passwort", "passwd", "pwd", "pass", "passphrase", "passcode", "secret", "secrets", "token",
                       "tokens", "key", "keys", "credential", "credentials", "auth", "authorization", "bearer",
                       "apikey", "cred", "creds", "pin", "sid", "cookie", "session", "signature", "salt", "pw",
                       "authtok", "psk", "sessionid", "sessid")


@_filter("key_names_no_credential", "the name only contains a credential word inside another word (secretloop_bin, tokenizer)",
         generic_only=True)
def is_key_naming_no_credential(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    if not words:
        return False
    if len(words) >= 2 and words[-1] == "pat":
        return False  # a personal access token: GITHUB_PAT, AZURE_DEVOPS_EXT_PAT (alone, pat is a pattern)
    return not any(w in _CREDENTIAL_WORDS or w.endswith(_CREDENTIAL_ENDINGS) for w in map(_uncounted, words))


def _uncounted(word: str) -> str:
    """A credential word with a counter after it is still the word (bot_token2, password1,
    SECRET_2); Auth0 and OAuth2 are a provider and a protocol version, not counted auths."""
    stripped = word.rstrip("0123456789")
    return word if stripped.endswith("auth") else stripped


def _provider_name(key_name: str | None) -> str:
    """The name as lower-case words joined by "_", numbers dropped: TELEGRAM_BOT_TOKEN2 -> telegram_bot_token."""
    words = [w.rstrip("0123456789") for w in key_words(key_name)]
    return "_".join(w for w in words if w)


_NAMING_MEMORY = 4096  # names remembered per RuleFormats


class RuleFormats:
    """What the format filters read of the catalogue a scan runs with: the rules that declare a
    provider's fixed credential format, and the scan's detector (does any specific rule
    recognise a value on its own). Built once per Scanner, so a custom rules file takes part."""

    __slots__ = ("provider_rules", "detector", "_naming", "value_prefixes")

    def __init__(self, detector: "Detector"):
        self.detector = detector
        self.provider_rules: tuple[Rule, ...] = tuple(r for r in detector.catalogue.rules if r.provider_names is not None)
        self._naming: dict[str, tuple[Rule, ...]] = {}
        # The token prefixes the format rules look for (xoxp-, ghp_, sk-ant-api03-): a prefix
        # ends in - or _, where a keyword such as "cloudflare" names a setting instead.
        self.value_prefixes: tuple[str, ...] = tuple(sorted(
            {k for r in detector.catalogue.rules if r.specific for k in r.keywords if len(k) >= 3 and k[-1] in "-_"},
            key=len, reverse=True))

    def value_prefix(self, value: str) -> str | None:
        """The longest token prefix a value starts with, in the value's own case: what a
        generic match (token1: "xoxp-1234567890") has in front of the part made by hand."""
        lowered = value[:32].lower()
        if not lowered.startswith(self.value_prefixes):
            return None
        return next(value[: len(p)] for p in self.value_prefixes if lowered.startswith(p))

    def naming(self, name: str) -> tuple[Rule, ...]:
        """The provider rules whose provider `name` names. Remembered: a file's names repeat, and
        asking every provider rule costs tens of microseconds per candidate."""
        found = self._naming.get(name)
        if found is None:
            if len(self._naming) >= _NAMING_MEMORY:
                self._naming.clear()
            found = self._naming[name] = tuple(r for r in self.provider_rules if r.names_provider(name))
        return found

    def has_specific_format(self, value: str) -> bool:
        """A provider or format rule recognises the value on its own (a JWT, a key with a known prefix)."""
        catalogue = self.detector.catalogue
        return any(catalogue.get(m.rule_id).specific for m in self.detector.find(value))


@functools.lru_cache(maxsize=1)
def packaged_formats() -> RuleFormats:
    """The packaged catalogue's formats, for callers that scan with no catalogue of their own."""
    from .detect import Detector  # detect imports features, which imports this module

    return RuleFormats(Detector(load_catalogue()))


@_filter("provider_format_mismatch", "the name names a provider's credential that has one fixed, documented format"
         " (e.g. a Telegram bot token is always <bot id>:<35 characters>), and the value cannot be one", generic_only=True,
         formats=True)
def is_provider_format_mismatch(value: str, line: str, key_name: str | None, language: str | None,
                                formats: RuleFormats | None = None) -> bool:
    # Only where the name says which credential it holds and that credential never had another
    # shape: the rule's provider_names are written so (see rules.toml). A value of any other
    # known format (a JWT under telegram_token) is still a credential and is kept.
    name = _provider_name(key_name)
    if not name:
        return False
    formats = formats or packaged_formats()
    named = formats.naming(name)
    v = value.strip()
    if not named or not v or any(r.provider_value(v) for r in named):
        return False
    return not formats.has_specific_format(v)


# Words in a key name that say its value was made up for a test: invalidPassword, wrong_secret,
# fakeKey, MOCK_TOKEN, expiredJwt. A fixture that must fail is no credential.
_FIXTURE_NAME_WORDS = frozenset({
    "invalid", "wrong", "bad", "fake", "dummy", "mock", "mocked", "incorrect", "expired", "revoked", "bogus",
    "mismatched", "mismatching", "nonmatching", "unmatched", "forged", "tampered", "malformed",
})
# Two-word forms of the same: nonMatchingToken, not_valid_key.
_FIXTURE_NAME_PAIRS = frozenset({("non", "matching"), ("not", "matching"), ("non", "valid"), ("not", "valid")})


@_filter("fixture_key_name", "the name marks a test fixture (invalidPassword, wrongSecret, fakeKey, nonMatchingToken)",
         generic_only=True)
def is_fixture_key_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    if not names_credential(words):
        return False
    return any(w in _FIXTURE_NAME_WORDS for w in words) or any(pair in _FIXTURE_NAME_PAIRS for pair in zip(words, words[1:]))


# The first word of a key in a message catalogue: LABEL_PASSWORD, MSG_INVALID_TOKEN, TITLE_API_KEYS.
_UI_TEXT_WORDS = frozenset({
    "label", "lbl", "msg", "message", "messages", "title", "error", "errors", "err", "mandatory", "placeholder",
    "hint", "tooltip", "button", "btn", "caption", "heading", "prompt", "forgot", "show", "hide", "invalid",
    "i18n", "txt", "text", "desc", "description", "help", "notification", "warning", "info", "status",
})


@_filter("ui_text_key", "a message-catalogue entry (LABEL_PASSWORD, MSG_INVALID_TOKEN): text shown to a user",
         generic_only=True)
def is_ui_text_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A catalogue holds text for people; a random run of letters and digits is no such text
    # (message_bird_token = "<25 random characters>" names the MessageBird service).
    words = key_words(key_name)
    return len(words) >= 2 and words[0] in _UI_TEXT_WORDS and not _looks_random(value.strip())


@_filter("natural_language", "text in a natural language (letters beyond ASCII, as in a translation), not a key",
         generic_only=True)
def is_natural_language(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # Generated keys are ASCII; a value with letters beyond ASCII is written for people to read.
    # A few letters do when most are beyond ASCII: a CJK or Hangul word cut off at a quote
    # inside its sentence ("프로젝트 '{0}'...").
    letters = [c for c in value if c.isalpha()]
    foreign = sum(not c.isascii() for c in letters)
    return (len(letters) >= 5 and foreign > 0) or (foreign >= 2 and foreign * 2 >= len(letters))


_FILE_EXTENSIONS = frozenset({
    "pem", "key", "crt", "cer", "der", "pub", "p12", "pfx", "jks", "keystore", "json", "yaml", "yml", "toml",
    "ini", "cfg", "conf", "env", "txt", "xml", "properties", "csv", "log", "db", "sqlite", "sh", "py", "js",
    "html", "htm", "jinja", "j2", "tmpl", "tpl", "mustache", "hbs", "erb",
})
_WORDY_PIECE = re.compile(r"^(?:[a-z]+|[A-Z]+|[A-Z][a-z]+)[0-9]{0,4}$|^[0-9]+$")


_SEGMENT_SEPARATORS = re.compile(r"[._\- ]+")


def _wordy_segment(segment: str) -> bool:
    """A path segment made of words (`db_password`, `Program Files`), not a random run (`K7MDENG`)."""
    pieces = [p for p in _SEGMENT_SEPARATORS.split(segment) if p]
    return bool(pieces) and all(len(p) <= 32 and _WORDY_PIECE.match(p) for p in pieces)


_A_DIGIT = re.compile(r"\d")
_A_LETTER = re.compile(r"[A-Za-z]")


def _looks_random(s: str) -> bool:
    return len(s) >= 16 and shannon_entropy(s) >= 3.5 and bool(_A_DIGIT.search(s)) and bool(_A_LETTER.search(s))


def _url_without_credentials(v: str) -> bool:
    try:
        parts = urlsplit(v)
    except ValueError:
        return False
    if parts.password or not parts.netloc:
        return False
    for name, val in parse_qsl(parts.query, keep_blank_values=True):
        if names_credential(key_words(name)) or _looks_random(val):
            return False
    return not any(_looks_random(seg) for seg in parts.path.split("/"))


_ANCHORED_PATH = re.compile(r"^(?:/|\./|\.\./|~/|[A-Za-z]:[\\/]|\\\\)")
_PATH_SEPARATORS = re.compile(r"[\\/]+")
_DRIVE = re.compile(r"^[A-Za-z]:")


def _file_path(v: str) -> bool:
    if any(c in v for c in "'\"<>|*?\n") or " " in v.strip("/\\"):
        return False
    anchored = _ANCHORED_PATH.match(v) is not None
    segments = [s for s in _PATH_SEPARATORS.split(_DRIVE.sub("", v)) if s not in ("", ".", "..", "~")]
    if not segments or not all(_wordy_segment(s) for s in segments):
        return False
    last = segments[-1]
    has_extension = "." in last and last.rsplit(".", 1)[1].lower() in _FILE_EXTENSIONS
    return has_extension or (anchored and (len(segments) >= 2 or v.startswith(("./", "../", "~/"))))


_URL_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*://")


@_filter("file_path_or_url_without_credentials",
         "a file path or a URL with no password, token parameter or random path segment in it", generic_only=True)
def is_path_or_plain_url(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not v or len(v) > 500:
        return False
    if _URL_SCHEME.match(v):
        return _url_without_credentials(v)
    return _file_path(v)


@_filter("low_entropy", "too little randomness for a generated key (under 2.5 bits per character over 8+ characters,"
         " and a bit below what its length allows)", generic_only=True)
def is_low_entropy(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # n characters show at most log2(n) bits each, and a random short value often repeats a
    # few (8 random letters fall under 2.5 bits about one time in five): a short value must
    # sit a whole bit under its ceiling before its repeats say "typed", not "generated".
    v = value.strip()
    n = len(v)
    return n >= 8 and shannon_entropy(v) < min(2.5, math.log2(n) - 1.0)


# One comparator of a version range (npm, Cargo, Composer): an operator before a version, or a
# version with at least one dot (a bare number is left to the patterns below).
_VERSION_COMPARATOR = (r"(?:(?:[\^~]|[<>]=?|=)[ \t]*v?\d{1,9}(?:\.(?:\d{1,9}|[xX*])){0,2}"
                       r"|v?\d{1,9}(?:\.(?:\d{1,9}|[xX*])){1,2})(?:[-+][0-9A-Za-z.\-]{1,40})?")
_NUMBER_OR_VERSION = (
    re.compile(r"^-?\d{1,12}$"),  # ports, timeouts, ids
    # version ranges under a package's name: ^3.8.0, ~1.2, >=1.0.0 <2.0.0, ^1 || ^2, 1.x
    re.compile(rf"^{_VERSION_COMPARATOR}(?:(?:[ \t]*\|\|[ \t]*|[ \t]+-[ \t]+|[ \t]+){_VERSION_COMPARATOR}){{0,4}}$"),
    re.compile(r"^-?\d+\.\d+(?:[eE][-+]?\d+)?$"),  # decimals: weights, ratios
    re.compile(r"^v?\d+(?:\.\d+){1,3}(?:[-+][\w.]+)?$"),  # 1.2.3, v2.0.1-rc1, 10.0.0.1
    re.compile(r"^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$"),  # dates
    re.compile(r"^\d+(?:ms|s|m|h|d|w|kb|mb|gb|k|px|%)$", re.IGNORECASE),  # durations, sizes
    re.compile(r"^0[xX][0-9a-fA-F]{1,8}$"),  # hex constants: flags, enums (0x8802)
    # rate limits: 5/m, 20/m/ip, 20/m/ip,5/m/key (requests per period, per what)
    re.compile(r"^\d+/(?:s|sec|second|m|min|minute|h|hour|d|day)(?:/[a-z]+)?(?:,\s*\d+/(?:s|sec|second|m|min|minute|h|hour|d|day)(?:/[a-z]+)?)*$"),
)


@_filter("number_or_version", "a number, version, IP address, date or duration", generic_only=True)
def is_number_or_version(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return any(p.match(v) for p in _NUMBER_OR_VERSION)


# (Leading dots: a relative module path, `.api.authorization_api`.)
_DOTTED_NAME = re.compile(r"^\.{0,3}[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$")
_TRAILING_NUMBER = re.compile(r"\d{2,}$")
_SLUG = re.compile(r"^[a-z0-9]+(?:_[a-z0-9]+){3,}$")


@_filter("dotted_name", "a dotted module, class or setting name (auth.User, app_tests.CustomUser, hashers.MD5Hasher), "
         "not a literal secret", generic_only=True)
def is_dotted_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if not _DOTTED_NAME.match(value) or value.lower().endswith((".com", ".org", ".net", ".io")):
        return False
    if not any(c.isdigit() for c in value):
        return True
    # Digits inside identifiers made of words (MD5PasswordHasher, UserWithM2M) are names; a
    # word with a number appended (Summer.Time2024) is how people type passwords.
    segments = value.split(".")
    return wordlike(value) and not any(_TRAILING_NUMBER.search(s) for s in segments)


# A leading underscore marks a private or internal name (_auth_user_id, _session_cache).
_PRIVATE_NAME = re.compile(r"^_[a-z]+(?:_[a-z]+)+$")


@_filter("snake_case_slug", "a snake_case name of four or more words (0007_alter_user_email) or a private name"
         " (_auth_user_id), an identifier", generic_only=True)
def is_snake_case_slug(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if _PRIVATE_NAME.match(value):
        return wordlike(value)
    if not _SLUG.match(value):
        return False
    words = value.split("_")
    return sum(w.isalpha() for w in words) >= 3


_NON_SECRET_LITERALS = frozenset({
    "", "null", "nil", "none", "undefined", "true", "false", "yes", "no", "on", "off", "''", '""', "n/a",
    "na", "-", "~", "nan", "empty", "default", "required", "optional", "string", "str", "int",
})


@_filter("null_or_boolean", "an empty, null, boolean or type-name literal (None, null, false, '', string)")
def is_null_or_boolean(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return value.strip().lower() in _NON_SECRET_LITERALS


# A generic type written as a string (an OpenAPI model's type map, a quoted annotation):
# "list[V1LocalObjectReference]", "Optional[str]", "dict(str, str)".
_TYPE_EXPRESSION = re.compile(
    r"^(?:list|dict|set|tuple|frozenset|List|Dict|Set|Tuple|FrozenSet|Optional|Union|Sequence|Mapping|Iterable|Type)"
    r"[\[(][A-Za-z_][\w.]*(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*)*(?:[ \t]*[\[(][\w., \t]*[\])])?[\])]$")


@_filter("type_expression", "a type written as a string (list[V1Secret], Optional[str]): a declaration, not a value",
         generic_only=True)
def is_type_expression(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return bool(_TYPE_EXPRESSION.match(value.strip()))


# A uniform resource name: urn:ietf:params:oauth:grant-type:jwt-bearer names a kind of thing.
_URN = re.compile(r"^urn:[a-z0-9][a-z0-9\-]{1,31}(?::[A-Za-z0-9][\w.\-]*)+$")
# A package requirement: google-auth>=1.0.1, requests[socks]~=2.31, urllib3<3,>=1.21.
# Only the version operators PEP 440 has (==, !=, ~=, <=, >=, <, >, ===): a lone `!`, `~` or
# `=` between letters and digits is as likely a password (Tq7yLmas!28).
_REQUIREMENT = re.compile(r"^[A-Za-z0-9][\w.\-]*(?:\[[\w,\-]+\])?[ \t]*(?:(?:===|[=!~<>]=|[<>])[ \t]*\d[\w.*]*[ \t]*,?[ \t]*)+$")


@_filter("urn_or_requirement", "a uniform resource name (urn:ietf:params:…) or a package requirement (google-auth>=1.0)",
         generic_only=True)
def is_urn_or_requirement(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if _URN.match(v):
        return v.split(":")[1].isalpha()  # a named namespace (ietf, oasis, uuid), not random letters
    if not _REQUIREMENT.match(v):
        return False
    # A project's name reads as words, or as words and capital abbreviations (Flask-WTF, SQLAlchemy-Utils).
    name = re.split(r"[\[<>=!~ ]", v, maxsplit=1)[0]
    return wordlike(name) or all(wordlike(p) or re.fullmatch(r"[A-Z]{2,5}", p) for p in re.split(r"[-_.]", name))


@_filter("negated_key_word", "the value says there is none of what the name holds (AUTH: noauth, password: nopass)",
         generic_only=True)
def is_negated_key_word(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = _normalised(value)
    if not v.startswith("no") or len(v) > 16:
        return False
    rest = v[2:]
    return len(rest) >= 3 and any(w == rest or (len(rest) >= 4 and w.startswith(rest))
                                  for w in key_words(key_name) if w in _CREDENTIAL_WORDS)


_NOT_LOWER_ALNUM = re.compile(r"[^a-z0-9]")


def _normalised(s: str) -> str:
    return _NOT_LOWER_ALNUM.sub("", s.lower())


_JOINED_WORDS = re.compile(r"[A-Za-z]+(?:[_\-][A-Za-z]+)+|[a-z]+(?:[A-Z][a-z]+)+")


@_filter("same_as_key_name", "the value repeats the name it is assigned to (API_KEY = \"api-key\", o.Ws.Token = \"wstoken\")")
def is_same_as_key_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if not key_name:
        return False
    v = _normalised(value)
    if len(v) < 3:
        return False
    words = key_words(key_name)
    # The whole name, or its last words run together (cfg.Mqtt.Token = "mqtttoken").
    if v == _normalised(key_name) or any(v == "".join(words[i:]) for i in range(len(words) - 1)):
        return True
    # A constant naming a dict key or a marker, spelled without its last word (_MARKER_KEY = "_marker").
    if len(words) >= 3 and words[-1] == "key" and v == "".join(words[:-1]):
        return True
    # The name with a word before it, as an identifier (password: "cmd_password").
    value_words = split_words(value)
    identifier = _JOINED_WORDS.fullmatch(value.strip()) is not None
    if len(value_words) > len(words) and value_words[-len(words):] == words and identifier:
        return True
    # One word before the name's credential word (PASSPHRASE='current-passphrase', new_password):
    # which one is meant, not its value.
    return (identifier and len(value_words) == 2 and value_words[1] == words[-1] and words[-1] in _CREDENTIAL_WORDS
            and wordlike(value_words[0]))


@_filter("public_by_key_name", "the name says the value is public (public_key, publishable_key, site_key)",
         generic_only=True)
def is_public_by_key_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    if any(w in ("private", "secret", "priv") for w in words):
        return False
    if any(w in ("public", "publishable") for w in words) or "sitekey" in "".join(words):
        return True
    # "pub" is an abbreviation that also names key pairs' halves in token names: PubKeyToken.
    return "pub" in words and not (words[-1] in ("token", "password"))


_PROSE_WORDS = frozenset({
    "the", "a", "an", "is", "are", "be", "must", "should", "please", "enter", "not", "invalid", "required",
    "for", "to", "of", "with", "your", "this", "cannot", "can't", "does", "match", "incorrect", "wrong",
})


@_filter("prose", "a sentence (a label, prompt or error message), not a credential", generic_only=True)
def is_prose(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = value.split()
    if len(words) < 2:
        return False
    alphabetic = [w for w in words if re.fullmatch(r"[A-Za-z']+[.,:!?]?", w)]
    return len(alphabetic) * 2 >= len(words) and any(w.lower().strip(".,:!?") in _PROSE_WORDS for w in words)


_QUOTE = "\"'`"


@_filter("literal_type_union", "one of a union of string-literal types (type Mode = \"include\" | \"omit\"): a type, not a value",
         generic_only=True)
def is_literal_type_union(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # In TypeScript (and Flow) `|` between string literals only builds a type.
    if language not in ("typescript", "javascript") or not value:
        return False
    at = line.find(value)
    while at > 0:
        end = at + len(value)
        if line[at - 1] in _QUOTE and line[end:end + 1] == line[at - 1]:
            before, after = line[:at - 1].rstrip(), line[end + 1:].lstrip()
            if (before.endswith("|") and before[:-1].rstrip()[-1:] in _QUOTE) or (after.startswith("|") and after[1:].lstrip()[:1] in _QUOTE):
                return True
        at = line.find(value, at + 1)
    return False


# `callee("name", "value")` or a bare `("name", "value")` tuple.
_PAIR = re.compile(r"""(?:([A-Za-z_$][\w$]*)[ \t]*)?\([ \t]*["'`]([^"'`]{1,80})["'`][ \t]*,[ \t]*(?:[rbufRBUF]{1,2}|@|\$)?["'`]([^"'`]*)["'`][ \t]*\)""")
# A name alone that could be anything: `auth` is an app, a module or a scheme; `password` as a
# first argument is as often the password itself (verify("password", hash)) as its name.
_BARE_CREDENTIAL_WORDS = frozenset({
    "auth", "password", "passwd", "pwd", "pass", "passphrase", "secret", "token", "key", "credential", "credentials",
})
# Calls that take a name and its value: setters, getters with a default, header and env helpers.
_ACCESSOR = re.compile(r"(?i)^(?:set|get|put|add|append|insert|with|header|env|default|store|save|update|field|param|option)")
_SETTER = re.compile(r"(?i)^(?:set|put|add|append|insert|with|header)")
# A configuration lookup by section and option: conf.getint("api_auth", "jwt_expiration_time"),
# has_option("webserver", "secret_key"). The second argument names an option.
_OPTION_LOOKUP = re.compile(r"(?i)^(?:get(?:int|float|boolean|bool|list|str|section)?|has_option|remove_option)$")
_OPTION_NAME = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$")


@_filter("argument_pair", "two string arguments after a bare word (get_model(\"auth\", \"User\"), (\"auth\", \"0001_initial\"),"
         " verify(\"password\", \"encoded\")): not a name and its credential", generic_only=True)
def is_argument_pair(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if not key_name or "(" not in line:  # _PAIR needs a parenthesis and is slow on long lines without one
        return False
    for m in _PAIR.finditer(line):
        callee, key, val = m.group(1), m.group(2), m.group(3)
        if key != key_name or val.strip() != value.strip():
            continue
        if callee and _OPTION_LOOKUP.match(callee) and _OPTION_NAME.match(val) and sum(w.isalpha() for w in val.split("_")) >= 2:
            return True
        head, _, rest = key.partition(".")
        if head.lower() not in _BARE_CREDENTIAL_WORDS:
            return False
        if rest:
            return rest.replace("_", "").isalnum()  # auth.change_user: an app-qualified permission or model
        if head.lower() == "auth":
            return not (callee and _SETTER.match(callee))  # get_model("auth", "User"), ("auth", "0001_initial")
        return bool(callee) and not _ACCESSOR.match(callee)
    return False


# Type names a declaration writes between a name and its value (Go `var pw string = "…"`,
# `password: str = "…"`). Type expressions with punctuation ([]byte, *string, str | None)
# and capitalised names (SecretStr, String) are types too.
_TYPE_WORDS = frozenset({
    "string", "str", "bytes", "byte", "bytearray", "rune", "char", "int", "integer", "uint", "long", "bool", "boolean",
    "any", "object", "text", "varchar", "number", "unknown", "dynamic", "auto", "var", "val", "let", "const", "final",
    "static", "readonly", "public", "private", "protected", "internal", "mut", "secret", "interface", "value",
})
# A copula between the name and the value is how a sentence gives it ("the db password is …"):
# the name is still the one the value belongs to.
_COPULAS = frozenset({"is", "was", "are"})
# What may open the value after the operator: a string prefix, escapes and the quote.
_VALUE_OPENER = re.compile(r"""[ \t]*(?:\?\?=|\|\|=|:{1,3}=|\?=|\.=|\+=|=>|<-|===?|!==?|=|:)[ \t]*(?:\[[ \t]*)?(?:[rbufRBUF]{1,2}|@|\$)?\\{0,3}["'`]?$""")


@_filter("key_not_the_name_assigned", "another word stands between the credential word and the operator: "
         "`pass engine='x'` is the verb pass before an argument, not a password", generic_only=True)
def is_key_not_the_name_assigned(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A declaration may put a type there (Go `var password string = "…"`); any other plain
    # lower-case word is the name that is really assigned (prose: "pass features='xml' into …").
    if not key_name or not value:
        return False
    at = line.find(value)
    while at >= 0:
        k = line.rfind(key_name, 0, at)
        if k >= 0:
            between = _VALUE_OPENER.sub("", line[k + len(key_name):at])
            m = re.fullmatch(r"[ \t]*:?[ \t]*([a-z][a-z0-9_]*)[ \t]*:?", between)
            if m:
                word = m.group(1)
                return word not in _TYPE_WORDS and word not in _COPULAS and not names_credential(key_words(word))
            return False
        at = line.find(value, at + 1)
    return False


_PATH_VALUE = re.compile(r"^(?:/|~/|\.{1,2}/|[A-Za-z]:[\\/])")


@_filter("working_directory_variable", "PWD or OLDPWD set to a path: the shell's working directory, not a password",
         generic_only=True)
def is_working_directory_variable(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return (key_name or "").lower() in ("pwd", "oldpwd") and bool(_PATH_VALUE.match(value.strip()))


_COLOR = re.compile(r"^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")


@_filter("color_value", "a colour (#RGB, #RRGGBB, #RRGGBBAA), as style tables write them", generic_only=True)
def is_color_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return bool(_COLOR.match(value.strip()))


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
    if _regex_like(v):
        return True
    literal = _enclosing_literal(v, line)
    return literal is not None and literal != v and _regex_like(literal)


_URL = re.compile(r"""https?://[^\s"'<>()\[\]`]+""")


@_filter("badge_image_token", "a token in a badge or status image's URL (…/badge.svg?token=…, repo.svg?token=…): a "
         "read-only token published to every reader of the page", generic_only=True)
def is_badge_image_token(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # Codecov's graph token and Travis's status-image token exist to be embedded in READMEs
    # and only show a status image; they cannot read code or change anything.
    for m in _URL.finditer(line):
        url = m.group(0)
        if "=" + value not in url:
            continue
        try:
            path = urlsplit(url).path.lower()
        except ValueError:
            continue
        if path.endswith(".svg") or "badge" in path:
            return True
    return False


# Names that sit beside a key in a published test vector (NIST, RFC): the input, the output
# and the other parameters of one known-answer test.
_TEST_VECTOR_WORDS = frozenset({
    "iv", "nonce", "plaintext", "ciphertext", "cleartext", "pt", "ct", "tag", "aad", "adata", "mac", "digest",
    "expected", "counter", "ctr", "msg", "message", "tweak", "vector", "vectors", "output", "result",
    "in", "out", "input",  # Go's x/crypto writes a vector's message and result as in/out (poly1305, chacha20)
    # a key-derivation vector (RFC 6070 PBKDF2, RFC 5869 HKDF, Wycheproof): the password or IKM in hex
    # beside its salt, iteration count and derived key, and the test case's id
    "salt", "iterations", "rounds", "dk", "dklen", "ikm", "okm", "prk", "tcid",
})
_ASSIGNED_NAME = re.compile(r"""(?:^|[\s,{(\[])["']?([A-Za-z_][A-Za-z0-9_]*)["']?[ \t]*(?::|=(?!=))""")
_MIN_TEST_VECTOR_HEX = 16


@_filter("crypto_test_vector", "a hex key in a test among the other parts of a known-answer test (iv, plaintext, "
         "ciphertext, tag, expected): a published test vector", generic_only=True, surroundings=True)
def is_crypto_test_vector(value: str, line: str, key_name: str | None, language: str | None,
                          around: Surroundings) -> bool:
    # A test of a cipher or MAC checks it against the vectors its standard publishes: the key
    # there is public by design. Outside test code the same lines could be a real key and IV.
    v = value.strip()
    if not around.in_test_path or len(v) < _MIN_TEST_VECTOR_HEX or not _HEX.match(v):
        return False
    parts = set()
    for text in (line, *around.lines):
        for m in _ASSIGNED_NAME.finditer(text):
            parts.update(w for w in key_words(m.group(1)) if w in _TEST_VECTOR_WORDS)
    return len(parts) >= 2


# --- structure that says "not a credential" (seen on third-party libraries' code and docs) ------

# A token named for where a listing goes on or for one request's de-duplication is a cursor or an
# idempotency key that an API hands back: NextToken, continuation_token, pageToken, ChangeToken,
# ClientRequestToken, a paginator's input_token / output_token. It opens nothing.
_CURSOR_WORDS = frozenset({
    "next", "continuation", "continue", "page", "paging", "pagination", "cursor", "marker", "resume", "change",
    "idempotency", "idempotent", "input", "output", "sync",
})


@_filter("cursor_or_idempotency_token", "a pagination cursor or idempotency token (NextToken, pageToken, "
         "ClientRequestToken, ChangeToken): a value an API hands back to continue a listing, not a credential",
         generic_only=True)
def is_cursor_or_idempotency_token(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    if len(words) < 2 or words[-1] not in ("token", "tokens"):
        return False
    before = words[-2]
    return before in _CURSOR_WORDS or (before == "request" and len(words) >= 3 and words[-3] == "client")


_ARN = re.compile(r"^arn:aws[a-z\-]*:[a-z0-9\-]+:[a-z0-9\-]*:(?:\d{12})?:[^\s]+$")


@_filter("resource_name", "an Amazon Resource Name (arn:aws:…): it names a resource, it grants nothing", generic_only=True)
def is_resource_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return bool(_ARN.match(value.strip()))


# The word before a final "key" that makes the key a lookup key: the name under which something is
# kept in a session, a cache or a store (LOGIN_SESSION_KEY = "account_login").
_STORAGE_WORDS = frozenset({
    "session", "cache", "storage", "store", "context", "state", "registry", "lookup", "redis", "dict", "map",
    "index", "metadata", "meta", "queue", "local", "settings", "config", "attr", "attribute", "field", "column",
})
_IDENTIFIER_KEY_VALUE = re.compile(r"^[a-z][a-z0-9]*(?:[_.:\-][a-z0-9]+)*$")


@_filter("storage_key_name", "the name of a slot in a session, cache or store (LOGIN_SESSION_KEY = \"account_login\"):"
         " an identifier made of words, not a key", generic_only=True)
def is_storage_key_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    if len(words) < 2 or words[-1] != "key" or words[-2] not in _STORAGE_WORDS:
        return False
    v = value.strip()
    if not _IDENTIFIER_KEY_VALUE.match(v.lower() if v.isupper() else v):  # app_state, or in capitals: WP_DATA
        return False
    # A cache key is often a label and the digest of what it caches (deps-<sha1 of the lockfile>,
    # v3-node-<sha256>): the words, then one hex digest of a standard length.
    head, sep, last = v.rpartition("-")
    if words[-2] == "cache" and sep and len(last) in _HEX_DIGEST_LENGTHS and _HEX.match(last) and _IDENTIFIER_KEY_VALUE.match(head):
        return wordlike(head)
    return wordlike(v) or _short_parts_with_a_word(v)


def _short_parts_with_a_word(value: str) -> bool:
    """A slot name spelled in short parts, one of them a word: WP_DATA, app:v2:cart."""
    parts = [p for p in re.split(r"[_.:\-]", value) if p]
    return (len(parts) >= 2 and all(len(p) <= 10 and (p.isalpha() or p.isdigit()) for p in parts)
            and any(p.isalpha() and len(p) >= 4 and wordlike(p) for p in parts))


# The first word of an option or flag: withCredentials, useToken, isPassword, requireAuth.
_FLAG_WORDS = frozenset({
    "is", "has", "with", "use", "uses", "should", "can", "allow", "allows", "enable", "enabled", "require",
    "requires", "needs", "need", "show", "hide", "skip", "disable", "no", "include", "send", "omit",
})


@_filter("option_name", "a flag or option named for a credential (withCredentials = \"same-origin\", "
         "useToken = \"header\"): it says how credentials are handled, and its value is a word", generic_only=True)
def is_option_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name.rsplit(".", 1)[-1] if key_name else None)
    if len(words) < 2 or words[0] not in _FLAG_WORDS or not names_credential(words[1:]):
        return False
    v = value.strip()
    return bool(re.fullmatch(r"[A-Za-z]+(?:[\-_][A-Za-z]+)*", v)) and (wordlike(v) or english_like(v))


@_filter("type_annotation", "a type in a TypeScript declaration (apiKey: SensitiveString;): the value's type, "
         "not the value", generic_only=True)
def is_type_annotation(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # `name: Type;` or `name?: Type,` with an unquoted capitalised type, maybe generic or an array;
    # a generic's arguments may open on this line and close on a later one (`name: Plugin<{`).
    if language != "typescript" or not key_name:
        return False
    m = re.fullmatch(r"([A-Z][A-Za-z0-9_]*(?:\.[A-Z][A-Za-z0-9_]*)*)(<[^\s]*)?", value.strip())
    if not m:
        return False
    pattern = (r"(?:^|[\s{(,;])(?:readonly\s+)?['\"]?" + re.escape(key_name.rsplit(".", 1)[-1]) + r"['\"]?\??\s*:\s*"
               + re.escape(m.group(1)) + r"\s*(?:<[^>]*>\s*(?:\[\])?\s*(?:[;,|&)}=]|$)|<[^>]*$|(?:\[\])?\s*(?:[;,|&)}=]|$))")
    return re.search(pattern, line) is not None


@_filter("declared_literal_type", "a string-literal type in a TypeScript declaration file (syncToken: 'SYNC' in a "
         ".d.ts): a .d.ts holds types, never values", generic_only=True, surroundings=True)
def is_declared_literal_type(value: str, line: str, key_name: str | None, language: str | None,
                             around: Surroundings) -> bool:
    # In a declaration file `name: 'X'` (a member, a parameter, a tuple label) only says which
    # literal the type allows. Comments there hold examples, and `= "…"` initialises a const.
    if not around.declaration or around.in_comment or not value:
        return False
    at = line.find(value)
    while at > 0:
        quote = line[at - 1]
        closed = line[at + len(value):at + len(value) + 1] == quote
        if quote in _QUOTE and closed and line[:at - 1].rstrip().endswith(":"):
            return True
        at = line.find(value, at + 1)
    return False


_JS_TYPES = frozenset({"undefined", "object", "boolean", "number", "bigint", "string", "symbol", "function"})


@_filter("typeof_check", "a type test (typeof token === \"function\"): the value is the name of a type", generic_only=True)
def is_typeof_check(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return v in _JS_TYPES and re.search(r"\btypeof\b[^=!]*[=!]==?\s*['\"`]" + v + r"['\"`]", line) is not None


_TEXT_AFTER_LITERAL = re.compile(r"\s|[,;)\]}]\s")


@_filter("text_after_a_literal", "the text after a quoted string ('Password:', False) or before the next one "
         "(\"… password:\" -u root …): the match ran across a closing quote, it holds no value", generic_only=True)
def is_text_after_a_literal(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A value captured between quotes that begins with white space, or with a comma or a bracket and
    # white space, starts where a string closed: what follows is code or text, not a credential.
    return bool(_TEXT_AFTER_LITERAL.match(value)) and len(value.split()) >= 2


# A statement that assigns to a name and then opens a call or a literal: `x = {"pass": sshpass}`,
# `key = load(fd, password=passphrase)`. In such code an unquoted name inside is a variable.
_ASSIGNMENT_STATEMENT = re.compile(
    r"^\s*(?:(?:const|let|var|final|auto|val)\s+)?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\s*:\s*[\w.\[\], |]+)?\s*=\s*[^=]")
_LITERAL_NEEDS_QUOTES = frozenset({"python", "javascript", "typescript", "java", "kotlin", "csharp", "go", "rust",
                                   "swift", "scala", "dart", "c", "cpp", "objective-c"})


# An entry of a dict or object literal that spans lines: `'MISSING': GpgMissing,` (its value ends
# with a comma, as config text in a string rarely does).
_LITERAL_ENTRY = re.compile(r"""^\s*(?:["'][^"']+["']|[A-Za-z_$][\w$]*)\s*:\s*([A-Za-z_$][\w$.]*)\s*,\s*(?:#.*|//.*)?$""")


@_filter("name_in_a_statement", "an unquoted name inside a call or literal of an assignment statement "
         "(passwords = {\"conn\": sshpass}, key = load(password=passphrase)), or as an entry of a literal "
         "('MISSING': GpgMissingPassPhrase,): a variable, not a literal", generic_only=True, surroundings=True)
def is_name_in_a_statement(value: str, line: str, key_name: str | None, language: str | None,
                           around: Surroundings) -> bool:
    v = value.strip()
    if language not in _LITERAL_NEEDS_QUOTES or around.in_doc or not re.fullmatch(r"[A-Za-z_$][\w$]*", v):
        return False
    entry = _LITERAL_ENTRY.match(line)
    if entry and entry.group(1) == v:
        return True
    m = _ASSIGNMENT_STATEMENT.match(line)
    if not m:
        return False
    at = line.find(v, m.end() - 1)
    while at >= 0:
        before, after = line[:at], line[at + len(v):]
        opened = sum(before.count(c) for c in "([{") > sum(before.count(c) for c in ")]}")
        if (opened and not (before[-1:] in _QUOTE) and re.match(r"\s*[,)\]}]", after)
                and re.search(r"[:=]\s*$", before) and _literal_start(line, at) is None):  # not text in a string
            return True
        at = line.find(v, at + 1)
    return False


def _basic_credentials(value: str) -> tuple[str, str] | None:
    """(user, password) that a Basic value's base64 decodes to, or None."""
    raw = b64_decode(value)
    try:
        text = raw.decode("utf-8") if raw is not None else ""
    except UnicodeDecodeError:
        return None
    user, sep, password = text.partition(":")
    return (user, password) if sep and text.isprintable() else None


_BASIC_BEFORE = re.compile(r"(?i)\bbasic[ \t]+$")


@_filter("basic_auth_placeholder", "an HTTP Basic value that decodes to a stand-in (user:pass, username:password, "
         "test:test, example-user:example-password): a fixture, not an account", generic_only=True)
def is_basic_auth_placeholder(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    at = line.find(v)
    if at < 0 or not _BASIC_BEFORE.search(line[:at]):
        return False
    pair = _basic_credentials(v)
    if pair is None:
        return False
    user, password = pair
    return bool(password) and _stand_in_password(user, password)


def _stand_in_password(user: str, password: str) -> bool:
    """The password of a user:password pair stands in for one: it repeats the user, names what goes
    there (pass, password1, username) or is a placeholder, a run or a metasyntactic word."""
    core = re.sub(r"[0-9]+$", "", password.lower())
    return (password.lower() == user.lower() or core in _PLACEHOLDER_VALUES or core in ("username", "user", "admin")
            or is_placeholder(password, "", None, None) or is_repeated_or_sequential(password, "", None, None))


# --- structure that says "not a credential" (seen on third-party JavaScript packages) -----------

# Fewer characters than this (after percent-decoding) cannot be a credential worth a warning where
# values are written for a test or a reader: `pw`, `psw`, `/@`.
_SHORTEST_EXAMPLE_SECRET = 4


@_filter("short_value_in_example", "a value of three characters or fewer in a test, documentation or a comment "
         "(user:pw, mongodb://val:psw@…): a stand-in", generic_only=True, surroundings=True)
def is_short_value_in_example(value: str, line: str, key_name: str | None, language: str | None,
                              around: Surroundings) -> bool:
    v = value.strip()
    return around.example_place and 0 < len(unquote(v) if "%" in v else v) < _SHORTEST_EXAMPLE_SECRET


_USER_PASSWORD = re.compile(r"^([^\s:]{1,64}):(\S{0,128})$")


@_filter("user_password_placeholder", "a user:password pair whose password stands in for one (user:pass, "
         "admin:admin, user:pw, atpass:foo@bar): a fixture, not an account", generic_only=True, surroundings=True)
def is_user_password_placeholder(value: str, line: str, key_name: str | None, language: str | None,
                                 around: Surroundings) -> bool:
    # Under `auth`, `userinfo` or `credentials` a value `user:password` is both parts of a login.
    v = value.strip()
    m = _USER_PASSWORD.match(v)
    if not m or "://" in v:
        return False
    user, password = m.group(1), unquote(m.group(2))
    short = len(password) < _SHORTEST_EXAMPLE_SECRET and (around.example_place or not password)
    return short or _stand_in_password(unquote(user), password)


# Host names reserved for documentation and tests (RFC 2606, RFC 6761): nothing real answers there.
_RESERVED_HOST = re.compile(r"(?:^|\.)(?:example\.(?:com|net|org)|example|test|invalid)$")


def _url_host_after(value: str, line: str) -> str | None:
    """The host of the URL whose user-info password is `value` (scheme://user:VALUE@host), or None."""
    at = line.find(":" + value + "@")
    while at >= 0:
        if "://" in line[:at]:
            m = re.match(r"[^/:?#\s'\"`<>)\]]+", line[at + len(value) + 2:])
            return m.group(0).lower().rstrip(".") if m else None
        at = line.find(":" + value + "@", at + 1)
    return None


def _generated_looking(v: str) -> bool:
    """Long and mixed enough to have been generated: 12+ characters of three classes, or random."""
    classes = sum(bool(re.search(p, v)) for p in (r"[a-z]", r"[A-Z]", r"[0-9]", r"[^A-Za-z0-9]"))
    return (len(v) >= 12 and classes >= 3) or _looks_random(v)


@_filter("reserved_example_host", "a typed password in a URL to a host reserved for documentation (example.com, "
         "*.example, *.test, *.invalid): an example, nothing real answers there", generic_only=True)
def is_reserved_example_host(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A generated-looking password stays: a real one may have had only its host replaced.
    v = value.strip()
    host = _url_host_after(v, line) if v else None
    return host is not None and _RESERVED_HOST.search(host) is not None and not _generated_looking(unquote(v))


# The values the Fetch standard allows for a request's credentials mode (RequestInit.credentials).
_FETCH_CREDENTIALS_MODES = frozenset({"include", "same-origin", "omit"})


@_filter("request_credentials_mode", "a request's credentials mode (fetch's credentials: 'include' | "
         "'same-origin' | 'omit'): whether cookies are sent, not a credential", generic_only=True)
def is_request_credentials_mode(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    return bool(words) and words[-1] == "credentials" and value.strip().lower() in _FETCH_CREDENTIALS_MODES


# Words before a final "pass" that make it a verb: allPass, anyPass, shouldPass, canPass name
# predicates (does every check pass?), not a password.
_PREDICATE_WORDS = frozenset({
    "all", "any", "none", "every", "some", "each", "both", "either", "neither", "can", "could", "will", "would",
    "should", "must", "may", "might", "did", "does", "do", "to", "not", "fail", "and", "or",
})


@_filter("predicate_key_name", "a name where pass is a verb (allPass, anyPass, shouldPass) holding a name: a "
         "predicate or its alias, not a password", generic_only=True)
def is_predicate_key_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name.rsplit(".", 1)[-1] if key_name else None)
    if len(words) < 2 or words[-1] != "pass" or words[-2] not in _PREDICATE_WORDS:
        return False
    v = value.strip()
    return re.fullmatch(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*", v) is not None and not _looks_random(v)


# Names of character and byte encodings (Node's Buffer encodings, IANA charsets): a second
# argument that is one says how the first is written (writeString('…_password', 'latin1')).
_ENCODING_NAME = re.compile(
    r"^(?:utf-?(?:8|16|32)(?:[lb]e)?|ucs-?2|latin-?1|(?:us-)?ascii|binary|base64(?:url)?|hex|"
    r"iso[-_]?8859[-_]\d{1,2}|(?:cp|windows-?)125\d|cesu-?8|gb(?:k|2312|18030)|big5|shift[-_]?jis|euc-(?:jp|kr)|koi8-[ru])$",
    re.IGNORECASE)


@_filter("encoding_name", "the name of a character or byte encoding (latin1, utf8, base64): how a value is "
         "written, not a value", generic_only=True)
def is_encoding_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return _ENCODING_NAME.match(value.strip()) is not None


_LEAST_FILLER = 4


def _word_run(run: str) -> bool:
    """A run of four or more letters that reads as a word (Personal, Access, Token, Example)."""
    return len(run) >= 4 and (english_like(run) or wordlike(run))


@_filter("words_after_prefix", "a token format's prefix before words and typed filler (ghp_PersonalAccessToken"
         "000000…): an example written for the docs, not a generated token", prefix_required=True)
def is_words_after_prefix(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # Generated bodies are random: a few letters fall into word-shaped runs by chance, never
    # most of them together with typed digit runs (0000, 45678) as filler.
    v = value.strip()
    if not 16 <= len(v) <= 128 or not re.fullmatch(r"[A-Za-z0-9_\-]+", v):
        return False
    covered = sum(len(r) for r in _LETTER_RUN.findall(v) if _word_run(r.lower()))
    if covered * 2 < len(v):
        return False
    # Letters alone can read as words by chance (a lower-case body); typed digit filler cannot.
    filler = sum(len(_typed_positions(run)) for run in re.findall(r"[0-9]+", v))
    return filler >= _LEAST_FILLER and covered + filler >= 0.85 * len(v)


# Words that make a run of words a sentence rather than a passphrase of nouns.
_FUNCTION_WORDS = frozenset({
    "a", "an", "the", "is", "are", "be", "am", "was", "my", "your", "our", "this", "that", "here", "there", "of", "to",
    "for", "at", "in", "on", "it", "must", "should", "least", "some", "any", "goes", "very", "not",
})
_SPELLS_CREDENTIAL = re.compile(r"(?i)secret|token|passw|pswd|credential|api_?key")
_SHORT_IDENTIFIER = re.compile(r"^[a-z]{2,10}(?:[_\-](?:[a-z]{2,10}|[0-9]{1,4})){1,3}$")


_LONGEST_SENTENCE = 64
_QUERY_PARAMETER = re.compile(r"&|[A-Za-z_]=(?!=|$)")


def stand_in_text(value: str, identifiers: bool = True) -> bool:
    """The value was written to stand in for a credential: it spells one in one case (VERYLONGSECRET…,
    term-token-…, SomeKindOfPassword1), reads as a sentence (This-is-my-test-1!,
    MustBeAtLeast8Chars) or (`identifiers`) is a short identifier of words (tok_visa, sk_test_123)."""
    v = value.strip()
    # One case: in random base64 a credential word turns up, if ever, in mixed case. A value that
    # runs on into a query string (`…&oauth_token_secret=…`) spells the next parameter's name.
    spelled = _SPELLS_CREDENTIAL.findall(v)
    if not _QUERY_PARAMETER.search(v) and any(w.islower() or w.isupper() or w.istitle() for w in spelled):
        return True
    pieces = [p.lower() for p in _LETTER_RUN.findall(v)]
    if 3 <= len(pieces) and len(v) <= _LONGEST_SENTENCE and sum(len(p) for p in pieces) >= 0.6 * len(v):
        function = sum(p in _FUNCTION_WORDS for p in pieces)
        if function >= 2 and 3 * function >= len(pieces) and all(
                p in _FUNCTION_WORDS or len(p) < 3 or wordlike(p) or english_like(p) for p in pieces):
            return True
    if identifiers and len(v) <= 20 and _SHORT_IDENTIFIER.match(v):
        words = [w for w in re.split(r"[_\-]", v) if w.isalpha() and len(w) >= 3]
        return bool(words) and all(wordlike(w) or english_like(w) for w in words)
    return False


@_filter("stand_in_in_example", "in a test, documentation or a comment, a value that spells a credential word, "
         "reads as a sentence or is a short identifier of words (This-is-my-test-1!, tok_visa): a stand-in",
         generic_only=True, surroundings=True)
def is_stand_in_in_example(value: str, line: str, key_name: str | None, language: str | None,
                           around: Surroundings) -> bool:
    # Outside such places a person's password may read so ("ThisIsMyPassword!"): kept there. Tests
    # choose passwords like people do (pup_zaqnix, gri-1609): a short identifier counts only where
    # it is written for a reader.
    for_a_reader = around.in_docs_path or around.in_comment or around.in_doc
    return around.example_place and stand_in_text(value, identifiers=for_a_reader)


@_filter("client_token_uuid_in_example", "a UUID under a client token's name in a test, documentation or a "
         "comment (\"clientToken\": \"<uuid>\"): the idempotency token a client makes up for one request",
         generic_only=True, surroundings=True)
def is_client_token_uuid_in_example(value: str, line: str, key_name: str | None, language: str | None,
                                    around: Surroundings) -> bool:
    # APIs take a client-generated UUID as ClientToken to de-duplicate retries. Elsewhere a UUID
    # under that name may be a real token (Vault issued UUID client tokens before 1.10): kept.
    words = key_words(key_name)
    return around.example_place and words[-2:] == ["client", "token"] and _UUID.match(value.strip()) is not None


# A schema's or a config template's example field (OpenAPI `example:`, JSON Schema `examples`,
# `x-example`): what a value may look like, written for the reader of the schema.
_EXAMPLE_KEYS = frozenset({"example", "examples", "x-example", "x-examples", "sample", "sample_value"})
# A key on a config line: quoted ("examples": / 'example':) or bare with a space after the colon
# (YAML `example: …`), so that `amqp://` and `user:password` inside a value are no keys.
_LINE_KEY = re.compile(r"""(?:^|[\s{,\[])(?:"([\w-]+)"|'([\w-]+)'|([\w-]+))[ \t]*(?:(?<=["'])[ \t]*:|:(?=\s))""")


@_filter("schema_example_field", "the value of a schema's or config template's example field (OpenAPI example:, "
         "JSON Schema examples, x-example): an illustration of the format", generic_only=True)
def is_schema_example_field(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    at = line.find(v) if v and language in CONFIG_LANGUAGES else -1
    if at < 0:
        return False
    head = line[:at]
    low = head.lower()
    if "example" not in low and "sample" not in low:  # every example key holds one of them
        return False
    keys = [next(g for g in m.groups() if g) for m in _LINE_KEY.finditer(head)]
    return bool(keys) and keys[-1].lower() in _EXAMPLE_KEYS  # the nearest key before the value


_EXAMPLE_INTRODUCTION = re.compile(
    r"(?i)(?:\blooks?\s+(?:\w+\s+){0,2}like|\bfor\s+(?:example|instance)|\be\.g\.|\bsuch\s+as|\bexample\s*:"
    r"|\bsample\s*:|\bin\s+the\s+form(?:at)?\b|\bformat(?:ted)?\s*:)")


@_filter("introduced_as_example", "in a comment or documentation, the text before it introduces an example "
         "(\"a token looks something like\", \"for example\", \"e.g.\")", decisive=False, surroundings=True)
def is_introduced_as_example(value: str, line: str, key_name: str | None, language: str | None,
                             around: Surroundings) -> bool:
    # A signal: a high-confidence format with no checksum shown so goes to a person (phases/filter).
    if not (around.in_comment or around.in_doc or around.in_docs_path):
        return False
    at = line.find(value.strip()) if value.strip() else -1
    return at > 0 and _EXAMPLE_INTRODUCTION.search(line[max(0, at - 200):at]) is not None


# --- seen on database drivers, ORMs and web frameworks (their settings, tests and docs) -----------------

# Password-hashing schemes, SASL/GSS mechanisms and digests as settings name them: PASSWORD_HASH =
# "argon2", password_encryption = 'scram-sha-256', "django_pbkdf2_sha256", AUTH_…MD5: 'md5'.
_ALGORITHM_PIECE = re.compile(
    r"md[245]|sha(?:1|2|3|224|256|384|512)?|scram|bcrypt|scrypt|argon2(?:id|i|d)?|pbkdf2|hmac|crypt|sspi|ntlm"
    r"|kerberos(?:v5)?|gss(?:api)?|aes(?:128|192|256)?|des|3des|plaintext")
# Words that qualify a scheme's name (passlib: ldap_salted_sha1, django_bcrypt, hex_md5).
_ALGORITHM_QUALIFIERS = frozenset({"django", "ldap", "salted", "hex", "base64", "b64", "unix", "legacy", "plain",
                                   "aws4"})  # AWS Signature Version 4's algorithm: AWS4-HMAC-SHA256


_NAME_SEPARATORS = re.compile(r"[-_.]")


@_filter("algorithm_name", "the name of a password-hashing scheme or an authentication mechanism (argon2, "
         "scram-sha-256, django_pbkdf2_sha256, md5): which algorithm, not a credential", generic_only=True)
def is_algorithm_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    pieces = _NAME_SEPARATORS.split(value.strip().lower())
    if len(value) > 40 or not all(pieces):
        return False
    core = [p for p in pieces if _ALGORITHM_PIECE.fullmatch(p)]
    return bool(core) and all(p in core or p.isdigit() or p in _ALGORITHM_QUALIFIERS for p in pieces)


# An import string: an entry point or a setting naming code (mlflow.server.auth:create_app,
# pkg.auth.client:AuthClient). Lower-case module names, one colon, a callable's name of words.
_OBJECT_REFERENCE = re.compile(r"^[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+:([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)$")
# A module path this deep is a package's (pkg.loading.identity.v3), never a user's first.last.
_DEEP_MODULE_DOTS = 3


@_filter("object_reference", "an import string (package.module:callable), as entry points and settings name code",
         generic_only=True)
def is_object_reference(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    m = _OBJECT_REFERENCE.match(value.strip())
    if not m:
        return False
    # A callable is named in snake_case or CamelCase; a password after `first.last:` is not.
    attr = m.group(1).rsplit(".", 1)[-1]
    if "_" in attr.strip("_") or _CAMEL.search(attr) is not None:
        return wordlike(attr)
    # One capitalised word (a class: Password, Token) after a package's module path: a plugin's entry point.
    deep = value.strip().split(":", 1)[0].count(".") >= _DEEP_MODULE_DOTS
    return deep and attr[:1].isupper() and attr.isalpha() and wordlike(attr)


@_filter("string_annotation", "a type written as a string in a Python annotation (_ctx: \"CryptContext\" = …): "
         "a forward reference to a class, not a value", generic_only=True)
def is_string_annotation(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if language != "python" or not key_name or ":" not in line:
        return False
    # one fixed pattern that captures the name and the type (a pattern built per value would be
    # compiled again for each candidate of a file with thousands)
    name = key_name.rsplit(".", 1)[-1]
    # A parameter's annotation ends at `,` or `)` (def f(auth: "OneLogin_Saml2_Auth") -> …), on a
    # `def` line or a parameter's own line; elsewhere `{name: "…",` is a dict keyed by a variable.
    signature = _SIGNATURE_LINE.match(line) is not None
    return any(m.group(1) == name and m.group(3) == v and (m.group(4) not in (",", ")") or signature)
               for m in _STRING_ANNOTATION.finditer(line))


_STRING_ANNOTATION = re.compile(r"\b([A-Za-z_]\w*)[ \t]*:[ \t]*(['\"])([A-Za-z_][\w.]*(?:\[[\w., \[\]]*\])?)\2[ \t]*(=|$|#|,|\))")
_SIGNATURE_LINE = re.compile(r"^[ \t]*(?:(?:async[ \t]+)?def[ \t]|[A-Za-z_]\w*[ \t]*:[ \t]*(['\"])[^'\"]*\1[ \t]*,[ \t]*$)")


# "my" before words names the reader's own value: my_jwt, my-token, my_name_1, myapp_secret.
# A separator or a capital after "my" marks the word (mytoken, mymikwsc may be anything).
_POSSESSIVE = re.compile(r"^(?:my|My|MY)(?:[_\-]|(?=[A-Z]))([A-Za-z]+(?:[_\-]?[A-Za-z0-9]+)*)$")


@_filter("possessive_stand_in_in_example", "in a test, documentation or a comment, \"my\" before words "
         "(my_jwt, my-token, my_name_1): the writer's stand-in for a value of their own",
         generic_only=True, surroundings=True)
def is_possessive_stand_in_in_example(value: str, line: str, key_name: str | None, language: str | None,
                                      around: Surroundings) -> bool:
    m = _POSSESSIVE.match(value.strip())
    if not (around.example_place and m):
        return False
    # Words, a number only at a word's end (my_name_1), no run of random letters.
    pieces = re.split(r"[_\-]", m.group(1))
    if not all(re.fullmatch(r"[A-Za-z]*[0-9]{0,3}", p) for p in pieces):
        return False
    words = [w.lower() for p in pieces for w in _CAMEL.sub("_", p.rstrip("0123456789")).split("_") if w]
    return bool(words) and all(w in _CREDENTIAL_WORDS or english_like(w) or (len(w) <= 5 and wordlike(w)) for w in words)


# A credential word without its vowels: what is left of p@ssw%rd, pa;ss, p#ssword!, pwpw.
_CREDENTIAL_SKELETONS = frozenset({"psswrd", "psswd", "pss", "pwd", "pw", "scrt", "tkn"})


def _skeleton(value: str) -> str:
    """The consonants of a value read as leetspeak (percent-decoded; `%%` is an ini file's `%`)."""
    v = value.replace("%%", "%")
    plain = (unquote(v) if "%" in v else v).lower().translate(_LEET)
    return re.sub(r"[^a-z]|[aeiouy]", "", plain)


@_filter("spelled_credential_in_example", "in a test, documentation or a comment, a value whose letters spell a "
         "credential word around escapes and symbols (p%40ssw%25rd, pa;ss, p+ss+word, pwpw): a fixture for "
         "parsing or escaping", generic_only=True, surroundings=True)
def is_spelled_credential_in_example(value: str, line: str, key_name: str | None, language: str | None,
                                     around: Surroundings) -> bool:
    if not around.example_place or len(value) > 40:
        return False
    skel = _skeleton(value)
    unit = re.fullmatch(r"(.+?)\1+", skel)  # pwpw, passpass: one word typed twice
    for s in {skel, unit.group(1) if unit else skel}:
        s = s.removeprefix("m")  # mypass: the y is gone with the vowels
        if s in _CREDENTIAL_SKELETONS or s.removesuffix("s") in _CREDENTIAL_SKELETONS:
            return True
    return False


@_filter("storage_emulator_account", "the Azure storage emulator's account (devstoreaccount1, "
         "UseDevelopmentStorage=true), whose key Microsoft publishes: the same on every machine")
def is_storage_emulator_account(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    low = line.lower()  # the substring tests rule out almost every line before the regex runs
    if "devstoreaccount1" not in low and "usedevelopmentstorage=true" not in low:
        return False
    return _STORAGE_EMULATOR.search(line) is not None


_STORAGE_EMULATOR = re.compile(r"(?i)\bdevstoreaccount1\b|UseDevelopmentStorage=true")


# Web servers' directives that hand a request on (nginx proxy_pass, uwsgi_pass, fastcgi_pass): "pass"
# is the verb, the value an upstream's address.
_UPSTREAM_DIRECTIVE = re.compile(r"^(?:proxy|uwsgi|fastcgi|scgi|grpc|memcached)_pass$")


@_filter("upstream_directive", "a web server's directive that passes requests on (proxy_pass, uwsgi_pass): the "
         "value is an upstream's address", generic_only=True)
def is_upstream_directive(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return bool(key_name) and _UPSTREAM_DIRECTIVE.match(key_name.lower()) is not None


# Token classes of syntax highlighters and lexers (Monaco's defaultToken: "keyword", Pygments,
# highlight.js scopes): what kind of source text a token is.
_LEXER_TOKEN_TYPES = frozenset({
    "keyword", "keywords", "identifier", "string", "comment", "number", "operator", "operators", "delimiter",
    "punctuation", "regexp", "regex", "variable", "constant", "predefined", "attribute", "tag", "type",
    "invalid", "whitespace", "literal", "symbol", "annotation", "builtin",
})


@_filter("lexer_token_type", "a lexer's token class under a token name (defaultToken: \"keyword\"): what kind of "
         "source text it is, not a credential", generic_only=True)
def is_lexer_token_type(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    if "token" not in words:
        return False
    v = value.strip()
    if v in _LEXER_TOKEN_TYPES:
        return True
    # A TextMate scope name (Ace, Monaco, Sublime and VS Code grammars): dotted lower-case words from one of
    # the convention's root scopes down to the language (comment.line.number-sign.lsl, support.function.erlang).
    m = _TEXTMATE_SCOPE.match(v)
    return m is not None and m.group(1) in _TEXTMATE_ROOTS


# The root scopes of TextMate's naming convention, which Ace, Sublime Text and VS Code grammars share.
_TEXTMATE_ROOTS = frozenset({
    "comment", "constant", "entity", "invalid", "keyword", "markup", "meta", "storage", "string", "support", "variable",
    "punctuation", "text", "source", "paren", "lparen", "rparen", "identifier",
})
_TEXTMATE_SCOPE = re.compile(r"^([a-z]+)(?:\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*){1,8}$")


@_filter("url_parts_named", "a URL whose password is a word naming a part of a pattern (models://scope:prefix@host/…): "
         "a template, not an account", generic_only=True)
def is_url_parts_named(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    at = line.find(":" + v + "@") if v else -1
    if at < 0 or "://" not in line[:at] or v not in _DESCRIBING_WORDS or len(v) < 3:
        return False
    user = re.split(r"[/\s'\"`]", line[:at])[-1]
    return user.isalpha() and user.islower()


# --- seen on AI/LLM SDKs and frameworks (their clients, tests and docs) ----------------------------

# Words of a key name that say a person chose the value (a password, a PIN): people type words
# there, so words are no sign of a stand-in. Keys and tokens are generated, never typed.
_CHOSEN_WORDS = frozenset({"password", "passwd", "pwd", "pass", "passphrase", "passcode", "pin", "pw", "psw"})
# (a secret, like a password, may be chosen by a person: secret='nmxios' is kept)
_GENERATED_WORDS = frozenset({"key", "keys", "token", "tokens", "apikey", "auth", "credential", "credentials",
                              "bearer", "jwt", "session", "cookie"})
# Lower-case pieces joined by - or _ (sk-from-env, hf_oauth_123, sk-ant-oat01-x, fixture).
_WORDED_KEY = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+){0,5}$")
_KEY_PIECES = re.compile(r"[-_]")
_WORD_AND_NUMBER = re.compile(r"^([a-z]{3,})[0-9]{1,4}$")  # minio123, key1
_LONGEST_WORDED_KEY = 24
# API keys and tokens are generated with 16 characters or more; one of eight is typed.
_LONGEST_TYPED_KEY = 8


# Share of a word's letter pairs (frequent ones count whole, the next ones a fifth) that random
# lower-case letters reach rarely: fixture, legacy, keyword pass; faoahoak, nmxios do not.
_TYPED_WORD_PAIRS = 0.3


def _typed_word(run: str) -> bool:
    if len(run) < 3 or not wordlike(run):
        return False
    score, pairs = _bigram_score(run)
    return english_like(run) or score >= _TYPED_WORD_PAIRS * pairs


def _worded_piece(piece: str) -> tuple[bool, bool]:
    """(a piece a person typed, a word of three letters or more) for one piece of a worded key."""
    if piece.isdigit():
        return len(piece) <= 4, False
    if piece.isalpha():
        word = _typed_word(piece) or piece in _CREDENTIAL_WORDS  # ctx-key, ext-jwt: it spells its kind
        return word or len(piece) <= 3, word
    m = _WORD_AND_NUMBER.match(piece)
    if m and _typed_word(m.group(1)):
        return True, True
    return len(piece) <= 5, False  # a version or a kind tag of a format: oat01, lsv2, api03


def _names_generated_credential(key_name: str | None) -> bool:
    """The key name says an API key or a token (generated), not a password or a secret (chosen)."""
    words = set(key_words(key_name))
    if not words & _GENERATED_WORDS and not any(p in w for w in words for p in ("token", "apikey")):
        return False
    return not (words & _CHOSEN_WORDS or any("passw" in w or "secret" in w for w in words))


@_filter("worded_key_in_example", "an API key or token that is a few short lower-case words (fixture, sk-from-env, "
         "hf_oauth_123, old-rt) in a test, documentation or a comment, or a phrase of words anywhere "
         "(on_behalf_of, failed-to-connect-to-db): keys are generated, this one was typed",
         generic_only=True, surroundings=True)
def is_worded_key_in_example(value: str, line: str, key_name: str | None, language: str | None,
                             around: Surroundings) -> bool:
    # Passwords and secrets are kept: people choose those, and tests choose them like people do.
    # A generated key is long and random; a piece of it reads as a word only by chance, never all.
    v = value.strip()
    if len(v) > _LONGEST_WORDED_KEY or not _names_generated_credential(key_name):
        return False
    if around.example_place and len(v) <= _LONGEST_TYPED_KEY and _WORDED_KEY.match(v.lower()):
        return True  # sk-123, rt-NEW, abc-123: shorter than any generated key
    if not _WORDED_KEY.match(v):
        return False
    pieces = _KEY_PIECES.split(v)
    typed = [_worded_piece(p) for p in pieces]
    if not all(t for t, _ in typed):
        return False
    if around.example_place:
        return any(w for _, w in typed)
    # In code a sentinel or a mode's name: a phrase of three pieces or more, two of them English.
    return len(pieces) >= 3 and sum(english_like(p) for p in pieces) >= 2


# An HTTP header's name: X-prefixed (x-goog-api-key, X-Api-Key) or Title-Case words (Ocp-Apim-
# Subscription-Key), ending in a word that names what the header carries.
_HEADER_NAME = re.compile(r"^(?:[Xx]-[A-Za-z]+(?:-[A-Za-z]+)*|[A-Z][a-z]*(?:-[A-Z][A-Za-z]*)+)$")
_HEADER_LAST_WORDS = frozenset({"key", "token", "auth", "authorization", "secret", "signature", "apikey",
                                "credential", "credentials", "session", "cookie", "id"})
_AUTH_HEADERS = frozenset({"authorization", "proxy-authorization", "www-authenticate", "api-key", "x-api-key"})


@_filter("http_header_name", "the name of an HTTP header that carries a credential (Authorization, x-api-key, "
         "Ocp-Apim-Subscription-Key): where the key goes, not the key", generic_only=True)
def is_http_header_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if v.lower() in _AUTH_HEADERS:
        return True
    if len(v) > 48 or not _HEADER_NAME.match(v):
        return False
    return v.rsplit("-", 1)[-1].lower() in _HEADER_LAST_WORDS


# A language model's text tokens: special tokens (bos_token, eos_token, <|begin_of_text|>) and
# token counts (completion_tokens, max_tokens, TOKEN_COUNTING_BETA). "token" there is a piece
# of text, not a credential.
_TEXT_TOKEN_WORDS = frozenset({
    "bos", "eos", "pad", "unk", "sep", "cls", "mask", "special", "vocab", "completion", "completions", "prompt",
    "total", "max", "min", "num", "count", "counts", "counting", "reasoning", "thinking", "template", "stop",
})
# Under a plural name only, as a count (cache_read_tokens, output_tokens): a read_token is a credential.
_COUNTED_TOKEN_WORDS = frozenset({"input", "output", "cache", "cached", "read", "write", "creation", "audio",
                                  "image", "text", "generated"})
# A special token's markup: <|im_start|>, <s>, </s>, [CLS], <|begin_of_text|>.
_SPECIAL_TOKEN = re.compile(r"^<\|[\w.\-]{1,40}\|>$|^</?[a-z]{1,10}>$|^\[[A-Z]{2,10}\]$")


@_filter("text_token", "a language model's text token or a count of them (bos_token: \"<s>\", completion_tokens, "
         "TOKEN_COUNTING_BETA): \"token\" is a piece of text here, not a credential", generic_only=True)
def is_text_token(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if _SPECIAL_TOKEN.match(v):
        return True
    words = key_words(key_name)
    counted = "tokens" in words and any(w in _COUNTED_TOKEN_WORDS for w in words)
    if not counted and not (any(w in ("token", "tokens") for w in words) and any(w in _TEXT_TOKEN_WORDS for w in words)):
        return False
    if names_credential([w for w in words if w not in ("token", "tokens")]):
        return False  # max_token_secret, bos_token_api_key: a credential after all
    # a name's value (token-counting-2024-11-01, UInt32), not a random key under such a name
    return not _looks_random(v) or _WORDED_KEY.match(v) is not None


# "pass" as a verb: pass_through, passthrough, PASS_THROUGH_ENDPOINT name a kind of route.
@_filter("pass_through_name", "\"pass\" as a verb in the key name (pass_through, passthrough): a route's or a "
         "mode's name, not a password", generic_only=True)
def is_pass_through_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A key or a token named for such a route (PASSTHROUGH_API_KEY) is still a credential.
    words = key_words(key_name)
    verb = {"passthrough", "passthru"} & set(words) or any(
        a == "pass" and b in ("through", "thru") for a, b in zip(words, words[1:]))
    return bool(verb) and not names_credential([w for w in words if w not in ("pass", "passthrough", "passthru")])


# An unquoted name in a TypeScript declaration file (.d.ts): there every value is a type
# (secret_access_key: Config.SecretAccessKey;), a literal would stand in quotes.
_TYPE_NAME = re.compile(r"^[A-Za-z_$][\w$]*$")


@_filter("type_name_in_declaration", "an unquoted name in a TypeScript declaration file (.d.ts), outside its "
         "comments: a type (Config.SecretAccessKey), since a declaration holds no values", surroundings=True)
def is_type_name_in_declaration(value: str, line: str, key_name: str | None, language: str | None,
                                around: Surroundings) -> bool:
    v = value.strip()
    if not around.declaration or around.in_comment or not _TYPE_NAME.match(v):
        return False
    at = line.find(v)
    return at >= 0 and _is_quoted(v, line) is False


# A path's next segment after `::` (Rust's auth::AuthScheme, C++'s Flow::DefaultChain, PHP's
# Config::KEY): a rule that splits `name: value` at the first colon keeps the second one.
_PATH_SEGMENT = re.compile(r"^:[A-Za-z_][A-Za-z0-9_]*$")


@_filter("path_segment", "the next segment of a path (auth::AuthScheme, CredentialFlow::DefaultChain): a name "
         "in code, not a value", generic_only=True)
def is_path_segment(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not key_name or not _PATH_SEGMENT.match(v):
        return False
    name = key_name.rsplit(".", 1)[-1]
    at = line.find(name + ":" + v)
    # the name starts a word: `auth::X`, not `myauth::X` read from the middle
    return at >= 0 and (at == 0 or not (line[at - 1].isalnum() or line[at - 1] == "_"))


# A type in a typed language's annotation: a reference or a generic (Option<&str>, &str,
# Vec<u8>, HashMap<String, Value>), written where a parameter or a field names its type.
_NOT_NAME = re.compile(r"[^A-Za-z0-9_]+")
_TYPED_LANGUAGES = frozenset({"rust", "typescript", "java", "kotlin", "csharp", "swift", "scala", "cpp", "c"})
_REFERENCE_OR_GENERIC = re.compile(
    r"^&(?:'[a-z_]+[ \t]+)?(?:mut[ \t]+)?(?:dyn[ \t]+)?[A-Za-z_][\w:]*(?:<[\w&':, \t<>\[\]]*>)?$"
    r"|^[A-Za-z_][\w:]*<[\w&':, \t<>\[\]]*>$")


@_filter("type_in_annotation", "a type in a typed language's annotation (api_key: Option<&str>, password: &str): "
         "the parameter's type, not its value", generic_only=True)
def is_type_in_annotation(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if language not in _TYPED_LANGUAGES or not _REFERENCE_OR_GENERIC.match(v) or v.count("<") != v.count(">"):
        return False
    # every name inside reads as a word (str, u8, String, Value), as types do and random text does not
    pieces = [p for n in _NOT_NAME.split(v) if n for p in _CAMEL.sub("_", n).split("_") if p]
    return all(len(p) <= 3 or wordlike(p) for p in pieces)


# Three words or more in lower camelCase (dangerouslyAllowBrowser): a name in code.
_CAMEL_WORDS = re.compile(r"^[a-z]{2,}(?:[A-Z][a-z]{1,}){2,}$")


@_filter("camel_case_name_as_key", "an API key or token that is three words or more in camelCase "
         "(dangerouslyAllowBrowser): an option's or a variable's name, keys are generated", generic_only=True)
def is_camel_case_name_as_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > 48 or not _CAMEL_WORDS.match(v) or not _names_generated_credential(key_name):
        return False
    return all(_typed_word(w) or len(w) <= 3 and wordlike(w) for w in _CAMEL.sub("_", v).lower().split("_"))


# Text right before a value that names it as an example: "Example api_key='…'", "e.g. token: …".
_NAMED_EXAMPLE = re.compile(r"(?i)\b(?:example|e\.g\.|sample|for\s+instance)[:,]?[ \t]+[\w\-]{1,40}[ \t]*[=:][ \t]*[\"'`]?$")


@_filter("named_example_value", "the text before it shows it as an example (\"Example api_key='…'\", \"e.g. "
         "token: …\"), in help text or documentation: what a value looks like", generic_only=True)
def is_named_example_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    at = line.find(value.strip()) if value.strip() else -1
    return at > 0 and _NAMED_EXAMPLE.search(line[max(0, at - 80):at]) is not None


# A standard's name (RFC 8693's token exchange, "rfc7523"): which protocol, not a credential.
_RFC_NAME = re.compile(r"^(?:rfc|RFC)[-_ ]?[0-9]{3,5}$")


@_filter("standard_name", "the name of a standard (rfc8693): which protocol a setting follows", generic_only=True)
def is_standard_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return _RFC_NAME.match(value.strip()) is not None


# A constant whose value is its own name in other words (an error code, an enum member, a type tag):
# DEPENDENT_SDK_INIT = "auth/dependent-sdk-initialized", FLOW_PASSWORD_REQUIRED_V2 = "FlowPasswordRequiredResultV2".
_NAME_LIKE_VALUE = re.compile(r"^[A-Za-z][A-Za-z0-9]*(?:[-_/.:][A-Za-z][A-Za-z0-9]*)*$")  # one way to split: no backtracking
_VERSION_PIECE = re.compile(r"^v[0-9]{1,2}$")


def _same_word(a: str, b: str) -> bool:
    """One word, or one the short form of the other (init, initialized; cred, credential)."""
    return a == b or (min(len(a), len(b)) >= 3 and (a.startswith(b) or b.startswith(a)))


@_filter("value_spells_key_name", "the value spells the constant's own name in other words (an error code, "
         "an enum member, a type tag: AUTH_METHOD_REQUIRED = \"auth/method-required\"), which says what the "
         "constant is, not a secret", generic_only=True)
def is_value_spelling_key_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not key_name or len(v) < 8 or _NAME_LIKE_VALUE.match(v) is None:
        return False
    value_words = split_words(v)
    # Letter words only (a version such as v2 may close a name): digits are where typed passwords vary.
    if any(not (w.isalpha() or _VERSION_PIECE.match(w)) for w in value_words):
        return False
    words = [w for w in key_words(key_name) if len(w) >= 2]
    matched = [w for w in words if any(_same_word(w, u) for u in value_words)]
    spelled = [u for u in value_words if any(_same_word(w, u) for w in words)]
    # Three of the name's words at least, most of the name and most of the value: a sentence about the
    # constant, which a person choosing a password or a generator making a key does not write.
    return (len(matched) >= 3 and len(matched) >= 0.6 * len(words) and len(value_words) >= 3
            and len(spelled) >= 0.6 * len(value_words))


# Two sequences interleaved, as people type a fake id: 1a2b3c4d-5e6f-7a8b-…, a1b2c3d4e5f6.
_ID_SEPARATORS = re.compile(r"[-_.:]")


def _ascending(s: str) -> bool:
    steps = [ord(b) - ord(a) for a, b in zip(s, s[1:])]
    return bool(steps) and sum(st == 1 for st in steps) >= 0.75 * len(steps)


@_filter("interleaved_sequence", "two counting runs interleaved (1a2b3c4d-5e6f-…, a1b2c3d4…): an id typed by hand "
         "for a test, not a generated key")
def is_interleaved_sequence(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = _ID_SEPARATORS.sub("", value.strip()).lower()
    if len(v) < 12:
        return False
    evens, odds = v[0::2], v[1::2]
    # One run of digits and one of letters, each counting up; a wrap (9 to 0, f to a) is among the
    # quarter of steps _ascending lets break the run.
    kinds = (evens.isdigit() and odds.isalpha()) or (evens.isalpha() and odds.isdigit())
    return kinds and _ascending(evens) and _ascending(odds)


# --- signals (not decisive: the judge weighs them) ----------------------------------------

_VOWELS = frozenset("aeiouy")


_LETTER_RUN = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")  # a word in camelCase or CAPS
_VOWEL_RUNS = re.compile(r"[aeiouy]+")


def wordlike(value: str) -> bool:
    """The value reads as words (`userPassword`, `top_secret`, `mqtttoken`), not as random letters.

    Letters are split into runs (case changes, digits and symbols separate them); words have
    vowels in a natural share and no long consonant clusters. Generated keys and random
    passwords fail one or the other on most runs.
    """
    runs = [r.lower() for r in _LETTER_RUN.findall(value)]
    runs = [r for r in runs if len(r) >= 3]
    letters = sum(len(r) for r in runs)
    if not runs or letters < 0.6 * len(value.strip()):
        return False
    for run in runs:
        vowels = sum(c in _VOWELS for c in run)
        longest = max(len(x) for x in _VOWEL_RUNS.split(run)) if run else 0
        if not (0.15 <= vowels / len(run) <= 0.7) or longest >= 5:
            return False
    return True


@_filter("wordlike_value", "the value reads as words or a name, which keys and generated passwords rarely do",
         generic_only=True, decisive=False)
def is_wordlike_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return wordlike(value.strip())


# The most frequent letter pairs of English text. A typed word or phrase is mostly made of
# them (something, letmein, testclient); random letters hit them about one time in eight.
_COMMON_BIGRAMS = frozenset("""
th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha as ou io le ve co me de
hi ri ro ic ne ea ra ce li ch ll be ma si om ur ca el ta la ns di fo ho pe ec pr no ct us ac ot il tr ly
nc et ut ss so rs un lo wa ge ie wh ee wi em ad ol rt po we na ul ni ts mo ow pa im mi
""".split())


# The next most frequent pairs: common in words, but too many to count fully (random letters
# would hit both sets together too often): each counts a fifth of a frequent pair.
_NEXT_BIGRAMS = frozenset("""
ai sh ir su id os iv ia am fi ci vi pl ig tu ev ld ry mp fe bl ab gh ty op wo sa ay ex ke fr oo av ag if ap gr od
bo sp rd do uc bu ei ov by rm ep tt oc fa ef cu rn sc gi da yo cr cl du ga qu ue ff ba ey ls va um pp ua up lu go
ht ru ug ds lt pi rc rr eg au ck ew mu br bi pt ak pu ui rg ib tl ny ki rk ys ob mm fu
""".split())
_NEXT_BIGRAM_WEIGHT = 0.2
# Inflections that end many words with rarer pairs (blanks, locks, worked): a run is also
# judged without them, and the better reading counts.
_INFLECTION = re.compile(r"(?:s|es|ed|ing|ly)$")


def _bigram_score(run: str) -> tuple[float, int]:
    pairs = [run[i:i + 2] for i in range(len(run) - 1)]
    score = sum(1.0 if p in _COMMON_BIGRAMS else _NEXT_BIGRAM_WEIGHT if p in _NEXT_BIGRAMS else 0.0 for p in pairs)
    return score, len(pairs)


_ENDING_NUMBER = re.compile(r"[0-9]{1,4}[!?.]?$")


def english_like(value: str) -> bool:
    """The value's letters read as English words: 5+ letters, in word-shaped runs, at least
    half of their letter pairs among English's most frequent ones (the next most frequent
    count a quarter; a plural or past ending may be left out). A short number after the
    words is how people type passwords (admin123) and does not count."""
    v = _ENDING_NUMBER.sub("", value.strip())
    letters = sum(c.isalpha() for c in v)
    if letters < 5 or letters < 0.7 * len(v) or not v.isascii():
        return False
    runs = [r.lower() for r in _LETTER_RUN.findall(v)]
    if sum(len(r) for r in runs if len(r) >= 3) < 0.8 * letters:
        return False  # letters scattered between digits and case flips: generated
    total, pairs = 0.0, 0
    for run in runs:
        score, n = _bigram_score(run)
        stem = _INFLECTION.sub("", run)
        if len(stem) >= 3 and stem != run:
            stem_score, stem_n = _bigram_score(stem)
            if stem_n and stem_score * n > score * stem_n:
                score, n = stem_score, stem_n
        total, pairs = total + score, pairs + n
    return pairs > 0 and total * 2 >= pairs


@_filter("english_value", "the value reads as English (letmein, something, testclient): a word a person typed, "
         "which generated keys and passwords are not", generic_only=True, decisive=False)
def is_english_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return english_like(value)


@_filter("hex_value", "the value is a run of hexadecimal digits (a key, a digest or an id)",
         generic_only=True, decisive=False)
def is_hex_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return len(v) >= 16 and bool(_HEX.match(v)) and any(c.isalpha() for c in v) and any(c.isdigit() for c in v)


@_filter("uuid_value", "the value has the shape of a UUID", generic_only=True, decisive=False)
def is_uuid_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return bool(_UUID.match(value.strip()))


_LEET = str.maketrans("013457@$!", "oieastasi")
_CREDENTIAL_IN_VALUE = re.compile(r"secret|token|passw|passwd|pwd|apikey|api_key|credential|private")


@_filter("value_names_credential", "the value spells a credential word (secretToken, my_password, s3cr3t): a stand-in",
         generic_only=True, decisive=False)
def is_value_naming_credential(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > 64 or _looks_random(v) and len(v) >= 24:
        return False
    plain = v.lower().translate(_LEET)
    return bool(_CREDENTIAL_IN_VALUE.search(plain)) or plain in ("secret", "pass", "key", "auth")


_IDENTIFIER_SHAPES = re.compile(
    r"^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$"  # camelCase
    r"|^[A-Za-z][a-z0-9]*(?:_[A-Za-z0-9]+)+$"  # snake_case
    r"|^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$"  # SCREAMING_SNAKE
)


@_filter("identifier_in_code", "an unquoted camelCase or snake_case name in code: most likely a variable",
         generic_only=True, decisive=False)
def is_identifier_in_code(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    code = _in_code(v, line, language)
    return code and _is_quoted(v, line) is False and bool(_IDENTIFIER_SHAPES.match(v)) and not _in_url_userinfo(v, line)


@_filter("multiword_value", "several words separated by spaces: a phrase, a label or a passphrase",
         generic_only=True, decisive=False)
def is_multiword_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return len(value.split()) >= 2


# A user or login name assigned on the same or a nearby line: login="airflow", password="airflow".
_LOGIN_ASSIGNMENT = re.compile(r"""(?i)(?:^|[\s,{(\[])["']?(?:user(?:_?name)?|login|uid|account)["']?[ \t]*(?:=|:)[ \t]*["']?([^"'\s,;()]{3,64})""")


@_filter("password_equals_user", "the password repeats its user name, in a URL (guest:guest) or assigned beside it "
         "(login=\"app\", password=\"app\"): a test or default account", generic_only=True, decisive=False,
         surroundings=True)
def is_password_equal_to_user(value: str, line: str, key_name: str | None, language: str | None,
                              around: Surroundings = Surroundings()) -> bool:
    at = line.find(":" + value + "@")
    if at >= 0:
        start = max(line.rfind("/", 0, at), line.rfind(" ", 0, at), line.rfind("'", 0, at), line.rfind('"', 0, at))
        if line[start + 1 : at] == value:
            return True
    v = value.strip()
    words = key_words(key_name)
    if len(v) < 3 or not any(w == "pass" or w.startswith(("pass", "pwd")) for w in words):
        return False
    # only lines holding the value can assign it as the login (most of the dozen around do not)
    return any(m.group(1) == v for text in (line, *around.lines) if v in text for m in _LOGIN_ASSIGNMENT.finditer(text))


# --- message catalogues, error maps, option values and field names ------------------------------------

# A label or a sentence in any language: words (letters of any script, short numbers) and the
# punctuation of text. No symbol that keys and typed passwords are made of (#$%&*@=+_~^).
_CATALOGUE_TEXT = re.compile(r"^[^\W_][\w \-.,;:!?'’\"()«»„“”/]*$")
_TEXT_TOKENS = re.compile(r"[^\W_]+")
# A printf or format directive inside a translated text: %s, %(name)s, %1$s, {0}, {count}.
# MediaWiki's messages number their parameters ($1) and choose forms with magic words ({{PLURAL:$1|day|days}}).
_FORMAT_DIRECTIVE = re.compile(r"%(?:\([A-Za-z_]\w{0,30}\)|[0-9]\$)?[sdif]|\{[A-Za-z_0-9]\w{0,30}\}"
                               r"|(?<![^\s(«„“'\"])\$[0-9]{1,2}(?![\w$])|\{\{(?:PLURAL|GENDER|GRAMMAR):[^{}]{0,200}\}\}")
_LONGEST_CATALOGUE_TEXT = 300


def _reads_as_a_word(word: str) -> bool:
    # A word of another script reads as text; a Latin one must be shaped like a word (vowels in a
    # natural share, no long consonant run), which a run of random letters is not, or be short
    # capitals (an acronym: API, MQTT, SMTP).
    return not word.isascii() or len(word) <= 3 or (len(word) <= 5 and word.isupper()) or wordlike(word)


@_filter("catalogue_text", "a label in a message catalogue (translations/fi.json: \"password\": \"Salasana\"): the text "
         "shown for the field in one language, not its value", generic_only=True, surroundings=True)
def is_catalogue_text(value: str, line: str, key_name: str | None, language: str | None,
                      around: Surroundings) -> bool:
    v = value.strip()
    if not around.in_catalogue or not v or len(v) > _LONGEST_CATALOGUE_TEXT:
        return False
    if "%" in v or "{" in v or "$" in v:
        # Where the program puts a value into the text (%s MOT DE PASSE, {count} Schlüssel): the rest is the label.
        v = _FORMAT_DIRECTIVE.sub(" ", v).strip()
        if not v:
            return False
    if _CATALOGUE_TEXT.match(v) is None:
        return False
    if "_" in v:
        # A page title written with underscores for spaces (MediaWiki's Muuda_parool) is text; any other name with
        # underscores (db_password) is an identifier.
        if not v[:1].isupper() or "__" in v or any(c.isdigit() for c in v):
            return False
        v = v.replace("_", " ")
    words = _TEXT_TOKENS.findall(v)
    # Digits only as a number of their own (Wi-Fi 6, 2 minutes), and only in a phrase of words.
    if any(any(c.isdigit() for c in w) and not (w.isdigit() and len(w) <= 4 and len(words) >= 3) for w in words):
        return False
    reads = sum(w.isdigit() or _reads_as_a_word(w) for w in words)
    # A sentence of a language whose words are spelled otherwise than English (Quechua, Lojban) has a few that
    # do not read as words by English letter pairs; a sentence it stays when most do.
    return reads == len(words) or (len(words) >= _SENTENCE_WORDS and reads * 4 >= len(words) * 3)


_SENTENCE_WORDS = 4


# An e-mail address, or a pattern of them (*@mail.example.org, as mail filters' allow-lists write): lower-case,
# as addresses are written in lists, with a domain of labels ending in a top-level name of letters.
_EMAIL_ADDRESS = re.compile(r"^(?:\*|[a-z0-9_+\-]+(?:\.[a-z0-9_+\-]+){0,5})@(?:\*\.)?(?:[a-z0-9](?:[a-z0-9\-]{0,61}[a-z0-9])?\.){1,6}"
                            r"[a-z]{2,24}$")


@_filter("email_address_value", "an e-mail address or a pattern of them (def_welcomelist_auth *@example.org) under a "
         "key that does not name a password: whose mail is authenticated, not a credential", generic_only=True)
def is_email_address_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if "@" not in v or len(v) > 254 or _EMAIL_ADDRESS.match(v) is None:
        return False
    # A password typed like an address (p@ss.word) sits under a password's name: that one stays.
    return not any(w in _CHOSEN_WORDS or w.startswith(("pass", "pwd")) for w in key_words(key_name))


# A PKCS #11 URI (RFC 7512) names a token and an object on it by their labels (pkcs11:token=My%20Card;object=cert);
# its only secret attribute is pin-value (or a pin-source file).
_PKCS11_URI = re.compile(r"pkcs11:[^\s'\"<>]*$")
_PKCS11_LABELS = frozenset({"token", "object", "manufacturer", "model", "serial", "id", "type", "library-description",
                            "library-manufacturer", "library-version", "slot-description", "slot-manufacturer", "slot-id"})


@_filter("pkcs11_uri_label", "a label in a PKCS #11 URI (pkcs11:token=PIV_II;object=cert): the name of a smart "
         "card or of an object on it; the URI's secret is its pin-value", generic_only=True)
def is_pkcs11_uri_label(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    at = line.find(value) if value and "pkcs11:" in line else -1  # the filters run on every candidate: a substring first
    if at < 0:
        return False
    head = line[:at]
    if _PKCS11_URI.search(head) is None:
        return False
    attribute = _URI_ATTRIBUTE_BEFORE.search(head)
    return attribute is not None and attribute.group(1).lower() in _PKCS11_LABELS


_URI_ATTRIBUTE_BEFORE = re.compile(r"([A-Za-z\-]+)=$")


# An LDAP distinguished name (RFC 4514): attribute=value pairs joined by commas, under the usual naming attributes
# (cn=admin,dc=example,dc=org; uid=reader,ou=People,o=Acme). It names an entry: a bind's password is elsewhere.
_DN_PART = re.compile(r"(?i)^[ \t]*(?:cn|dc|ou|o|uid|c|l|st|street|mail|sn|krbprincipalname|olcdatabase)=[^,=+\\]{1,64}$")
_DN_NAMING = re.compile(r"(?i)^[ \t]*(?:dc|ou|o|c)=")


@_filter("ldap_dn_value", "an LDAP distinguished name (cn=reader,ou=People,dc=example,dc=org): the name of an "
         "entry (a bind DN, a search base), not its password", generic_only=True)
def is_ldap_dn_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip().strip("\"'")
    if len(v) > 512 or "=" not in v or "," not in v:
        return False
    parts = v.split(",")
    # At least two parts, each a naming attribute's pair, and one of them the tree's (dc=, ou=, o=, c=).
    return len(parts) >= 2 and all(_DN_PART.match(p) for p in parts) and any(_DN_NAMING.match(p) for p in parts)


# Shell's command substitution: NAME=`command args` runs the command and assigns what it prints. Shell allows no
# space around its `=`; Go's `token := \`…\`` and JavaScript's template literals (`key = \`…\``) are literals.
_BACKTICK_ASSIGNMENT = re.compile(r"(?:^|[\s;&|(])(?:(?:export|local|readonly|declare)[ \t]+)?[A-Za-z_][A-Za-z0-9_]*=$")
_COMMAND_WORD = re.compile(r"^[a-z][\w.\-]{0,40}(?:[ \t]|$)")


@_filter("shell_command_substitution", "a command in backticks assigned to a variable (esc_pass=`basename …`, "
         "MY_PWD=`pwd`): what the command prints at run time, not a literal", generic_only=True)
def is_shell_command_substitution(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if language not in ("shell", "text", None) or not value or _COMMAND_WORD.match(value) is None:
        return False
    at = line.find(value)
    while at >= 0:
        if at > 0 and line[at - 1] == "`" and _BACKTICK_ASSIGNMENT.search(line[:at - 1]) is not None:
            return True
        at = line.find(value, at + 1)
    return False


# Variables interpolated into a double-quoted string (shell, Perl, PHP): "$USER:$PSWD", "$CONFDIR/munin.pem".
# A variable's name as people write it: CAPS_WITH_UNDERSCORES, lower_case, or Package::Qualified::NAME (Perl).
# A hash's or an array's element too ("$Global{'bindpw'}", "$opts[1]"): any name, since the subscript follows it.
_INTERPOLATED_VARIABLE = re.compile(r"\$\{?(?:[A-Z_][A-Z0-9_]*|[a-z_][a-z0-9_]*|[A-Za-z_]\w*(?:::\w+)+)\}?(?![A-Za-z0-9])"
                                    r"|\$[A-Za-z_]\w*(?=[{\[])")
_INTERPOLATING_LANGUAGES = frozenset({"shell", "perl", "php", "text"})
_MOST_LITERAL_CHARACTERS = 3


@_filter("interpolated_variables", "a double-quoted string made of interpolated variables (\"$SST_USER:$SST_PSWD\", "
         "\"$CONFDIR/tls.pem\"): the variables hold the values, the string holds none", generic_only=True)
def is_interpolated_variables(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if language not in _INTERPOLATING_LANGUAGES or "$" not in v or len(v) > 200:
        return False
    at = line.find(v)
    if at > 0 and line[at - 1] == "'":
        return False  # single quotes interpolate nothing: '$ecr3t' is a literal
    if "$" not in v[:3]:
        return False  # the string opens with a variable (or a short option before one: -u$USER)
    rest = _INTERPOLATED_VARIABLE.sub(" ", v)
    if rest == v:
        return False
    literal = sum(c.isalnum() for c in rest)
    return literal <= _MOST_LITERAL_CHARACTERS or _file_path(rest.strip())


# A literal followed by `=>` is a key of the array or hash being written (['type' => API_STRING]), not a value.
_HASH_ARROW_AFTER = re.compile(r"^[\"']?[ \t]*=>")


@_filter("hash_key_literal", "a quoted key of a nested array or hash ('http_password' => ['type' => …]): the name of "
         "a field, not the value assigned", generic_only=True)
def is_hash_key_literal(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if not value or _is_quoted(value, line) is not True:
        return False
    at = line.find(value)
    while at >= 0:
        after = line[at + len(value):]
        if after[:1] in ("'", '"') and _HASH_ARROW_AFTER.match(after):
            return True
        at = line.find(value, at + 1)
    return False


# LDIF (RFC 2849): an entry is `attribute: value` lines under its `dn:`. A directory's sample data (the people
# of a demo company) puts its entries under a domain reserved for examples (RFC 2606: dc=example,dc=com,
# mail: someone@example.org) and gives each person a word for a password.
_LDIF_PASSWORD_LINE = re.compile(r"(?i)^[ \t]*userPassword(?:;[\w\-]+)*:[ \t]")
_LDIF_RESERVED_ENTRY = re.compile(
    r"(?i)^[ \t]*(?:dn:.*\bdc=(?:example|test|invalid)[ \t]*(?:,|$)|(?:dn|mail|e?mail[\w;-]*):.*"
    r"[@.=]example\.(?:com|net|org)\b|(?:dn|mail):.*@[\w.-]+\.(?:example|test|invalid)[ \t]*$)")
_LONGEST_SAMPLE_WORD = 24


@_filter("ldif_sample_person_password", "a word for a password in an LDIF entry of a directory's sample data, under "
         "a domain reserved for examples (dn: uid=jdoe,dc=example,dc=com ... userPassword: sprain)",
         generic_only=True, surroundings=True)
def is_ldif_sample_person_password(value: str, line: str, key_name: str | None, language: str | None,
                                   around: Surroundings) -> bool:
    v = value.strip()
    if not v or len(v) > _LONGEST_SAMPLE_WORD or not v.isascii() or not v.isalpha() or not wordlike(v):
        return False
    if _LDIF_PASSWORD_LINE.match(line) is None:
        return False
    return any(_LDIF_RESERVED_ENTRY.match(text) for text in around.lines)


# Capital words joined by punctuation, no digit: VALUE_SPECIFIED_IN_NO_LOG_PARAMETER, NO!$DATA!$.
_CAPITAL_WORDS = re.compile(r"^[A-Z]{2,}(?:[^A-Za-z0-9\s]{1,3}[A-Z]{2,})+[^A-Za-z0-9\s]{0,3}$")
_CAPITAL_WORD = re.compile(r"[A-Z]+")
_LONGEST_CAPITAL_MARKER = 64


def _spelled_word(word: str) -> bool:
    """A word as people spell it: a two-letter one with a vowel, a longer one mostly of common letter pairs."""
    if len(word) <= 2:
        return any(c in _VOWELS for c in word)
    score, pairs = _bigram_score(word)
    return wordlike(word) and score >= _TYPED_WORD_PAIRS * pairs


@_filter("capital_words_marker", "capital words joined by punctuation (VALUE_SPECIFIED_IN_NO_LOG_PARAMETER, "
         "NO!$DATA!$): a marker a tool writes where it hides or lacks the value", generic_only=True)
def is_capital_words_marker(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > _LONGEST_CAPITAL_MARKER or _CAPITAL_WORDS.match(v) is None:
        return False
    words = [w.lower() for w in _CAPITAL_WORD.findall(v)]
    return any(len(w) >= 4 for w in words) and all(_spelled_word(w) for w in words)


# An error code: lower-case words joined by underscores (invalid_auth, cannot_connect).
_ERROR_CODE = re.compile(r"^[a-z]+(?:_[a-z]+){1,5}$")
# The value set in a dict literal under a constant's name: {CONF_PASSWORD: "…"}, return {API_KEY: "…"}.
_CONSTANT_KEYED = re.compile(r"\{\s*[A-Z][A-Z0-9_]*\s*:\s*[\"']$")
_ERRORS_WORD = re.compile(r"\berrors?\b|_errors?\b", re.IGNORECASE)
_HANDLING_ERRORS = re.compile(r"errors?\b|\bexcept\b|\braise\b", re.IGNORECASE)


@_filter("error_code_for_field", "an error code set for a form field (errors[CONF_PASSWORD] = \"invalid_auth\"): "
         "which message to show under the field, not its value", generic_only=True, surroundings=True)
def is_error_code_for_field(value: str, line: str, key_name: str | None, language: str | None,
                            around: Surroundings) -> bool:
    v = value.strip()
    if _ERROR_CODE.match(v) is None or not all(len(w) <= 4 or _typed_word(w) for w in v.split("_")):
        return False
    at = line.find(v)
    head = line[:at] if at > 0 else ""
    if not head:
        return False
    if _ERRORS_WORD.search(head):
        return True  # errors[CONF_PASSWORD] = "…", self._errors[KEY] = "…", errors={KEY: "…"}
    # return {CONF_PASSWORD: "invalid_auth"}: the caller shows it as the form's errors.
    return _CONSTANT_KEYED.search(head) is not None and any(_HANDLING_ERRORS.search(x) for x in around.lines)


# When an option acts (on_create, when_changed, always): update_password = "on_create" says when the
# password is set, it is not one.
_WHEN_VALUE = re.compile(r"^(?:(?:on|when|if|upon|after|before)[_\-][a-z]+(?:[_\-][a-z]+)?|always|never)$")


@_filter("when_option_value", "when an option about a credential acts (update_password: on_create, always): "
         "a mode, not the credential", generic_only=True)
def is_when_option_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return len(key_words(key_name)) >= 2 and _WHEN_VALUE.match(value.strip()) is not None


@_filter("identifier_path", "an API key or token that is a path of words (dsmr/reading/power_l1, HIH3600/humidity): "
         "a topic, a route or a field's address, keys are generated", generic_only=True)
def is_identifier_path(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if "/" not in v or len(v) > 200 or not _names_generated_credential(key_name):
        return False
    segments = v.strip("/").split("/")
    if len(segments) < 2 or not all(s and _wordy_segment(s) for s in segments):
        return False
    words = [w.lower() for s in segments for w in re.split(r"[._\- ]+|[0-9]+", s) if w]
    return any(len(w) >= 4 and _typed_word(w) for w in words)


# camelCase with digits in it and short pieces: epv2Today, bdc1DischargePower, eBatChargeTotal. Each capital
# starts a word (no run of capitals: wFGEwgr… is typed at random, not named).
_CAMEL_FIELD = re.compile(r"^[a-z][a-z0-9]*(?:[A-Z][a-z][a-z0-9]*)+$")
_LONGEST_CAMEL_FIELD = 40
_TYPED_SHARE_OF_FIELD = 0.4


@_filter("camel_field_name_as_key", "an API key or token that is a camelCase field name (bdc1DischargePower, "
         "epv2Today): words a person named a field with, keys are generated", generic_only=True)
def is_camel_field_name_as_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > _LONGEST_CAMEL_FIELD or _CAMEL_FIELD.match(v) is None or not _names_generated_credential(key_name):
        return False
    pieces = [p.lower() for p in _LETTER_RUN.findall(v)]
    letters = sum(len(p) for p in pieces)
    typed = sum(len(p) for p in pieces if len(p) >= 4 and _typed_word(p))
    # The rest are abbreviations (e, bat, bdc, pv): short, and not much more than the words.
    return len(pieces) >= 2 and typed >= _TYPED_SHARE_OF_FIELD * letters and all(len(p) <= 4 or _typed_word(p) for p in pieces)


# A line of bytes in hex joined by colons, as `openssl x509 -text` prints a modulus or a signature.
_HEX_BYTES_LINE = re.compile(r"^[ \t]*(?:[0-9a-fA-F]{2}:){5,}[0-9a-fA-F]{0,2}[ \t]*$")
_HEX_BYTES_VALUE = re.compile(r"^(?:[0-9a-fA-F]{2}:?)+$")


@_filter("hex_byte_dump", "a line of a hex dump (b1:85:1d:0b:…, a certificate's modulus or signature as openssl "
         "prints it): public bytes, not a password", generic_only=True)
def is_hex_byte_dump(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return ":" in value and _HEX_BYTES_VALUE.match(value.strip()) is not None and _HEX_BYTES_LINE.match(line) is not None


# --- form labels, flag names, asset names, stand-ins and markers -------------------------------------

# A form's label for the field: capitalised words (ADLS, Gen2, Blob), joined by / or &, with an aside in
# brackets: "Blob Storage Key (optional)", "Batch Account Access Key".
_LABEL_WORD = re.compile(r"^(?:[A-Z][a-z]+|[A-Z]{2,6}|[A-Z][a-z]*[0-9]{1,2}|[A-Z][A-Z0-9]{1,5})$")
_LABEL_JOINERS = frozenset({"/", "&", "-", "of", "for", "or", "and", "the", "a", "an", "to", "in"})
_LABEL_NOUNS = frozenset({"key", "secret", "password", "passphrase", "token", "credential", "credentials"})
_LONGEST_LABEL = 80


@_filter("credential_field_label", "a form's label for the field (\"Blob Storage Key (optional)\", \"Batch Account "
         "Access Key\"): capitalised words that name the credential, not its value", generic_only=True)
def is_credential_field_label(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if " " not in v or len(v) > _LONGEST_LABEL or not v[:1].isupper():
        return False
    # An aside in brackets at the end is part of a label: (optional), (Active Directory).
    head, _, aside = v.partition("(")
    if aside and (not aside.endswith(")") or not all(w.isalpha() for w in aside[:-1].split())):
        return False
    words = head.split()
    named = [w for w in words if w.lower() not in _LABEL_JOINERS]
    if len(named) < 3 or named[-1].lower() not in _LABEL_NOUNS and not any(w.lower() in _LABEL_NOUNS for w in named):
        return False
    # Every word capitalised as a label is (a passphrase of words is written without credential nouns,
    # and a typed password has no spaces in it); the long ones spelled like words.
    return all(_LABEL_WORD.match(w) and (len(w) < 4 or not w.isalpha() or w.isupper() or _typed_word(w.lower()))
               for w in named)


# A name of four or more pieces joined by - or _ (ff_back_dev_3374_review_query_short): a feature
# flag's, a job's or an event's name, longer than worded_key_in_example looks at.
_WORD_SLUG = re.compile(r"^[A-Za-z0-9]+(?:[-_]{1,2}[A-Za-z0-9]+){3,11}$")
_SLUG_PIECES = re.compile(r"[-_]+")
_LONGEST_WORD_SLUG = 96
_LONGEST_SLUG_NUMBER = 8  # a ticket number or a date (160922, 20240131)


@_filter("word_slug_as_key", "an API key or token that is a long name of words joined by - or _ (fflag_feat_front_"
         "dev_2536_comment_notifications): a flag's or a job's name, keys are generated", generic_only=True)
def is_word_slug_as_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > _LONGEST_WORD_SLUG or ("-" not in v and "_" not in v) or not _names_generated_credential(key_name):
        return False
    if _WORD_SLUG.match(v) is None:
        return False
    pieces = [p.lower() for p in _SLUG_PIECES.split(v)]
    words = others = 0
    for p in pieces:
        if p.isdigit():
            if len(p) > _LONGEST_SLUG_NUMBER:
                return False
        elif not p.isalpha():
            return False  # a piece mixing letters and digits: a random run, or a version tag
        elif len(p) >= 4:
            if _typed_word(p) or p in _CREDENTIAL_WORDS:
                words += 1
            else:
                others += 1  # a word whose letter pairs are rare (prompts)
        # Short pieces are abbreviations (ff, dev, ui, dia); they do not count as words.
    # One odd word among four real ones; a random run would be more than one.
    return words >= 3 and others <= (1 if words >= 4 else 0)


# A file name with a content hash before its extension, as asset pipelines write it for caching
# (admin/js/unusable_password_field.017ea86b6ae4.js, main.3f2a9c1d.css).
_ASSET_EXTENSIONS = frozenset({"js", "mjs", "cjs", "css", "map", "html", "json", "txt", "png", "jpg", "jpeg", "gif", "svg",
                               "webp", "ico", "woff", "woff2", "ttf", "eot", "otf", "wasm", "md"})
_HASHED_ASSET = re.compile(r"^(?:[\w.@\-]+/)*[\w@\-]+(?:\.[\w\-]+)*\.[0-9a-f]{8,32}\.([A-Za-z0-9]{1,6})$")


@_filter("hashed_asset_name", "a file name with a content hash before its extension (field.017ea86b6ae4.js): a "
         "cache-busting asset name, often under a key that is the file's name", generic_only=True)
def is_hashed_asset_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if v.count(".") < 2 or len(v) > 300:
        return False
    m = _HASHED_ASSET.match(v)
    return m is not None and m.group(1).lower() in _ASSET_EXTENSIONS


# An attribute of a credential object compared with a word: credentials.environment === 'sandbox'.
_COMPARED_BEFORE = re.compile(r"[=!]==?\s*['\"`]$")


@_filter("credential_attribute_compared", "a credential object's plain attribute compared with a word "
         "(credentials.environment === 'sandbox'): which setting, not the credential", generic_only=True)
def is_credential_attribute_compared(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if not key_name or "." not in key_name:
        return False
    v = value.strip()
    if not v.isalpha() or len(v) > 24:
        return False
    attribute = key_name.rsplit(".", 1)[1]
    if not attribute or names_credential(key_words(attribute)) or any(p in attribute.lower() for p in _CREDENTIAL_PARTS):
        return False
    at = line.find(v)
    return at > 0 and _COMPARED_BEFORE.search(line[:at]) is not None and wordlike(v)


# A determiner and the credential's own noun: my-api-key, an-oidc-jwt, mypassphrase, old-key, new_token.
_DETERMINERS = ("my", "our", "an", "a", "the", "some", "old", "new", "other", "another", "their")
_STAND_IN_NOUNS = frozenset({"key", "apikey", "token", "secret", "password", "passwd", "passphrase", "pwd", "jwt",
                             "pass", "creds", "credential", "credentials"})
_STAND_IN_PIECE = re.compile(r"^[a-z][a-z0-9]{0,11}$")
_GLUED_STAND_IN = re.compile(r"^(my|our|the|some|old|new)(" + "|".join(sorted(_STAND_IN_NOUNS, key=len, reverse=True))
                             + r")$")


@_filter("determiner_stand_in", "a determiner and the credential's own noun (my-api-key, an-oidc-jwt, "
         "mypassphrase, old-key): a stand-in that says what it stands for", generic_only=True)
def is_determiner_stand_in(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    low = value.strip().lower()
    if len(low) > 32 or not low.startswith(_DETERMINERS):
        return False
    if _GLUED_STAND_IN.match(low):
        return True
    pieces = _KEY_PIECES.split(low) if " " not in low else low.split(" ")
    if not 2 <= len(pieces) <= 5 or pieces[0] not in _DETERMINERS or pieces[-1] not in _STAND_IN_NOUNS:
        return False
    # The pieces between are words or short tags (n8n, oidc, api): a random run there is a key.
    return all(_STAND_IN_PIECE.match(p) and (len(p) <= 4 or _typed_word(p)) for p in pieces[1:-1])


# "not needed", "no-check": a value that says there is no credential (a service without a password,
# the XSRF header's documented no-check).
_NEGATION_MARKER = re.compile(r"^(?:not|no|none)[-_ ]([a-z]{4,12})$")


@_filter("negation_marker", "a value that says no credential is used (not-needed, no-check, not_required): "
         "a marker, not a credential", generic_only=True)
def is_negation_marker(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    m = _NEGATION_MARKER.match(value.strip().lower())
    return m is not None and english_like(m.group(1))


# A Django migration's name in a dependency pair: ("auth", "0001_initial").
_MIGRATION_NAME = re.compile(r"^[0-9]{4}_[a-z][a-z0-9_]{0,80}$")
_MIGRATION_PAIR = re.compile(r"\(\s*['\"][A-Za-z_][\w.]*['\"]\s*,\s*['\"]$")


@_filter("migration_name", "a database migration's name in a dependency pair ((\"jwt_auth\", \"0001_initial\")): "
         "which migration runs first, not a credential", generic_only=True)
def is_migration_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if _MIGRATION_NAME.match(v) is None:
        return False
    at = line.find(v)
    return at > 0 and _MIGRATION_PAIR.search(line[:at]) is not None


# Metasyntactic words run together: foobarbaz, spameggs, barfoo.
def _metasyntactic_run(low: str) -> bool:
    reach = [True] + [False] * len(low)  # reach[i]: low[:i] splits into such words
    for i in range(len(low)):
        if reach[i]:
            for w in _METASYNTACTIC:
                if low.startswith(w, i):
                    reach[i + len(w)] = True
    return reach[-1]


@_filter("metasyntactic_run", "metasyntactic words run together (foobarbaz, spameggs): a stand-in", generic_only=True)
def is_metasyntactic_run(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    low = value.strip().lower()
    return 6 <= len(low) <= 32 and low.isalpha() and low.isascii() and _metasyntactic_run(low)


# A list of quoted names on one line: ['hostname', 'port', 'username', 'password', 'vhost'].
_QUOTED_ITEMS = re.compile(r"""\[\s*(?:(['"])[A-Za-z_][A-Za-z0-9_]{0,40}\1\s*,\s*)+(['"])[A-Za-z_][A-Za-z0-9_]{0,40}\2\s*,?\s*\]""")
_ITEM = re.compile(r"""['"]([A-Za-z_][A-Za-z0-9_]*)['"]""")


@_filter("field_name_list", "one of a list of field names that names a credential beside the others "
         "(['hostname', 'port', 'username', 'password']): which fields, not their values", generic_only=True)
def is_field_name_list(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if "[" not in line or not v.isidentifier():
        return False
    for m in _QUOTED_ITEMS.finditer(line):
        items = _ITEM.findall(m.group(0))
        if v not in items or len(items) < 3:
            continue
        # A credential's own name in the list beside names of other fields: a list of fields.
        named = [names_credential(key_words(i)) for i in items]
        if any(n for i, n in zip(items, named) if i != v) and not all(named):
            return True
    return False


# --- test vectors, shape ids, elided keys and encoded stand-ins (seen on security libraries' sdists) ---

_SHORTEST_COUNTING_HEX = 16  # eight bytes


@_filter("counting_bytes", "hex bytes that count up or down one by one (000102030405…, the key of a published "
         "known-answer test): a test pattern, not a generated key", generic_only=True)
def is_counting_bytes(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # Hash and cipher test vectors (BLAKE2's, HKDF's, many RFCs') take the key 00 01 02 … so anyone can
    # type it; a generated key counts by ones from one byte to the next once in 256 steps.
    v = value.strip()
    if len(v) < _SHORTEST_COUNTING_HEX or len(v) % 2 or not _HEX.match(v):
        return False
    data = bytes.fromhex(v)
    steps = {(b - a) % 256 for a, b in zip(data, data[1:])}
    return steps == {1} or steps == {255}


# A Smithy shape id: a dotted namespace, '#', a shape's name (aws.auth#sigv4, smithy.api#httpBearerAuth).
_SHAPE_ID = re.compile(r"^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+#[A-Za-z][A-Za-z0-9_]{1,63}$")
_PASSWORD_WORDS = frozenset({"password", "passwd", "pwd", "pass", "passphrase", "pw"})


@_filter("shape_id", "a Smithy shape id (aws.auth#sigv4, smithy.api#noAuth): the name of an auth scheme or a type "
         "in a service model, not a credential", generic_only=True)
def is_shape_id(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # Service models list the auth schemes an operation takes by their shape ids ("auth": ["aws.auth#sigv4"]).
    # A password could be typed with a dot and a '#': under a password's name the shape says nothing.
    if _SHAPE_ID.match(value.strip()) is None:
        return False
    return not any(w in _PASSWORD_WORDS for w in key_words(key_name))


_PEM_HEADER = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----")
_PEM_NOISE = re.compile(r"\\[nrt]|[\s\"',]")
_B64_RUN = re.compile(r"^[A-Za-z0-9+/]*")
_LONGEST_ELIDED_BODY = 160  # base64 characters: a line or two, shorter than any RSA key's body
_ELIDED_SHARE = 4  # the DER says at least four times the bytes that are there


def _der_length(data: bytes) -> int | None:
    """The length a DER SEQUENCE at the start of data says it has, header included; None if it is none."""
    if len(data) < 2 or data[0] != 0x30:
        return None
    first = data[1]
    if first < 0x80:
        return 2 + first
    n = first & 0x7F
    if not 1 <= n <= 3 or len(data) < 2 + n:
        return None
    return 2 + n + int.from_bytes(data[2:2 + n], "big")


@_filter("elided_key_block", "a private key block cut short (the DER inside says more bytes than the block holds: "
         "\"-----BEGIN RSA PRIVATE KEY-----MIIEpQ… -----END\"): an example of the format, no usable key")
def is_elided_key_block(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # Docs show a key's first line and an ellipsis; the ASN.1 header at the start of the body says
    # how long the whole key is, so a body far shorter than that cannot be the key.
    m = _PEM_HEADER.search(value)
    if m is None:
        return False
    body = value[m.end():].split("-----END", 1)[0]
    run = _B64_RUN.match(_PEM_NOISE.sub("", body)).group(0)  # type: ignore[union-attr]
    run = run[: len(run) // 4 * 4]
    if not 8 <= len(run) <= _LONGEST_ELIDED_BODY:
        return False  # a longer body is most of a key (or a fixture made to look like one): a person looks
    try:
        data = base64.b64decode(run)
    except ValueError:
        return False
    declared = _der_length(data)
    return declared is not None and declared > _ELIDED_SHARE * len(data)


_BASE32 = re.compile(r"^[A-Za-z2-7]{16,128}=*$")
_LONGEST_PRINTABLE = re.compile(rb"^[\x20-\x7e]*")
_SHORTEST_TEXT_SEED = 8  # decoded bytes


def _base32_text(v: str) -> str | None:
    """The printable text at the start of what a base32 value decodes to ('' if none); None if it is no base32."""
    if _BASE32.match(v) is None or len(v.rstrip("=")) % 8 in (1, 3, 6):
        return None
    body = v.rstrip("=").upper()
    try:
        data = base64.b32decode(body + "=" * (-len(body) % 8))
    except ValueError:
        return None
    text = _LONGEST_PRINTABLE.match(data).group(0).decode()  # type: ignore[union-attr]
    if len(text) == len(data) and len(data) >= _SHORTEST_TEXT_SEED:
        return text  # all of it printable: digits or a phrase
    return text if english_like(text) else ""  # a word, then bytes typed in hex (Hello! then de ad be ef)


@_filter("text_encoded_seed", "a base32 seed that decodes to typed text (12345678901234567890, \"Hello!…\"): an "
         "example a test or the docs encoded by hand, not random key bytes", generic_only=True, surroundings=True)
def is_text_encoded_seed(value: str, line: str, key_name: str | None, language: str | None,
                         around: Surroundings) -> bool:
    # TOTP and HOTP seeds are random bytes written in base32; the ones in RFC 4226's tests and in
    # tutorials are text run through base32, which random bytes decode to once in a million.
    # Only where values are written for a reader: a real seed made from a phrase is still a seed.
    if not around.example_place:
        return False
    text = _base32_text(value.strip())
    return text is not None and len(text) >= 5


_HOME_ROW = frozenset("asdfghjkl")
_FEWEST_MASH_LETTERS = 8
_MASH_SHARE = 0.85  # random letters fall on the home row about one time in three


@_filter("home_row_mash", "a token in a test or the docs typed on the keyboard's home row (sdfjkl2309sdf, "
         "asdfasdf98): a hand-made stand-in, where a generated token's letters spread over the alphabet",
         generic_only=True, surroundings=True)
def is_home_row_mash(value: str, line: str, key_name: str | None, language: str | None,
                     around: Surroundings) -> bool:
    # Only under a generated credential's name (a token, an API key): a password is chosen, and a
    # mash is how some people choose one.
    if not around.example_place:
        return False
    v = value.strip()
    if not v.isascii() or not v.isalnum() or v.lower() != v or _HEX.match(v):
        return False  # hex has only six letters, three of them on the home row
    letters = [c for c in v if c.isalpha()]
    if len(letters) < _FEWEST_MASH_LETTERS or sum(c in _HOME_ROW for c in letters) < _MASH_SHARE * len(letters):
        return False
    words = key_words(key_name)
    return _names_generated_credential(key_name) or ("token" in words and not any("passw" in w for w in words))


_JWT_SHAPE = re.compile(r"^eyJ[A-Za-z0-9_-]{4,2000}\.[A-Za-z0-9_-]{0,4000}\.[A-Za-z0-9_-]{16,200}$")
_HMAC_ALGS = {"HS256": "sha256", "HS384": "sha384", "HS512": "sha512"}
# What tutorials and tests sign their example tokens with: the placeholder words, and jwt.io's default.
_STAND_IN_SIGNING_KEYS = tuple(sorted(_PLACEHOLDER_VALUES | _METASYNTACTIC | {
    "", "your-256-bit-secret", "your-384-bit-secret", "your-512-bit-secret", "my-secret", "mysecret", "my_secret",
    "secret-key", "secret_key", "testkey", "test-key", "test_key",
}))


def _b64url(segment: str) -> bytes:
    return base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4))


@_filter("jwt_signed_with_stand_in", "a JWT in a test or the docs whose HMAC signature checks out under a stand-in "
         "key (secret, key, your-256-bit-secret): anyone can make it, an example of the format", surroundings=True)
def is_jwt_signed_with_stand_in(value: str, line: str, key_name: str | None, language: str | None,
                                around: Surroundings) -> bool:
    # The signature says which key made the token; when that key is a placeholder word, the token
    # authorises nothing a reader could not forge. In code it may be a live token of a badly set up
    # service, which a person should see (with the key that signed it).
    if not around.example_place:
        return False
    v = value.strip()
    if _JWT_SHAPE.match(v) is None:
        return False
    head, payload, signature = v.split(".")
    try:
        alg = json.loads(_b64url(head)).get("alg")
        mac = _b64url(signature)
    except (ValueError, AttributeError):
        return False
    digest = _HMAC_ALGS.get(alg) if isinstance(alg, str) else None
    if digest is None:
        return False
    signed = f"{head}.{payload}".encode()
    return any(hmac.compare_digest(hmac.new(k.encode(), signed, digest).digest(), mac) for k in _STAND_IN_SIGNING_KEYS)


_BASE64_VALUE = re.compile(r"^[A-Za-z0-9+/]{8,512}={0,2}$")


@_filter("encoded_stand_in_pair", "base64 in a test or the docs that decodes to a stand-in user:password "
         "(username:password, test:test, client-id:): a fixture's encoding, not an account", generic_only=True,
         surroundings=True)
def is_encoded_stand_in_pair(value: str, line: str, key_name: str | None, language: str | None,
                             around: Surroundings) -> bool:
    # basic_auth_placeholder reads the value after `Basic `; tests also keep the encoding in a constant
    # of its own (BASIC_AUTH_ENCODING = "…") to compare a request's header with.
    v = value.strip()
    if not around.example_place or _BASE64_VALUE.match(v) is None:
        return False
    pair = _basic_credentials(v)
    if pair is None or not pair[0]:
        return False
    user, password = pair
    if not password:
        return is_placeholder(user, "", None, None) or user.lower() in ("username", "user", "client_id", "client-id")
    return _stand_in_password(user, password)


# An ASN.1 object identifier: a first arc of 0, 1 or 2, then five or more numbers (a version has up to four).
_OBJECT_IDENTIFIER = re.compile(r"^[0-2](?:\.(?:0|[1-9][0-9]{0,9})){5,30}$")


@_filter("object_identifier", "an ASN.1 object identifier (1.2.840.113556.1.4.90, an LDAP attribute's or an "
         "algorithm's OID): the name of a field, not its value", generic_only=True)
def is_object_identifier(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # Directory tools map attribute names (unicodePwd, supplementalCredentials) to their OIDs; the
    # name says password, the value names the attribute.
    return _OBJECT_IDENTIFIER.match(value.strip()) is not None


# --- library source in Go, Rust, Ruby, PHP and Perl (Debian's golang-*-dev, librust-*-dev, ruby-*, php-*, lib*-perl) ---

# A row of a table whose fields are joined by colons (an IANA cipher-suite list: 002c:TLS_PSK_WITH_NULL_SHA:PSK:
# PSK:NULL::0:HMAC-SHA1:160:DEFAULT:0:rfc4785): names in capitals (3DES), short words or a list of them
# (rfc4279,rfc6347) and small numbers, five or more.
_RECORD_FIELD = re.compile(r"^(?:[0-9]?[A-Z][A-Z0-9_\-]{0,23}|[a-z]{1,12}[0-9]{0,6}(?:,[a-z]{1,12}[0-9]{0,6}){0,4}"
                           r"|[0-9a-f]{1,4}|[0-9]{1,6})$")
_MIN_RECORD_FIELDS = 5


@_filter("colon_separated_record", "a row of five or more short colon-separated fields that are names, words and "
         "numbers (PSK:DHE:AES:CCM:256:AEAD): a table's record, not a credential", generic_only=True)
def is_colon_separated_record(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A password with four colons in it would need every piece to be a capitalised name, a short
    # word or a number; generated ones are not made of such pieces.
    fields = [f for f in value.strip().split(":") if f]
    if len(fields) < _MIN_RECORD_FIELDS or not all(_RECORD_FIELD.match(f) for f in fields):
        return False
    return sum(1 for f in fields if f[0].isalpha() and len(f) >= 3) >= 2


# A JWT whose claims are stand-ins: {"foo": "bar"}, {"hello": "world"}, and RFC 7519's example claims set
# (section 3.1), which JOSE libraries test their parsers with. It names no subject, so whoever signed it, it
# authorises no one; a library's tests and docs make such tokens with their own test keys.
_TIME_CLAIMS = frozenset({"exp", "nbf", "iat"})
_STAND_IN_CLAIM_WORDS = _PLACEHOLDER_VALUES | _METASYNTACTIC | {"hello", "world", "issuer", "subject", "audience"}
_RFC7519_CLAIMS = {"iss": "joe", "exp": 1300819380, "http://example.com/is_root": True}
# any signature: an RSA or ECDSA one runs to hundreds of characters
_JWT_ANY_SIGNATURE = re.compile(r"^eyJ[A-Za-z0-9_-]{4,2000}\.[A-Za-z0-9_-]{0,4000}\.[A-Za-z0-9_-]{0,1400}$")


def _stand_in_claims(claims: object) -> bool:
    if not isinstance(claims, dict):
        return False
    if claims == _RFC7519_CLAIMS:
        return True
    named = {k: v for k, v in claims.items() if k not in _TIME_CLAIMS}
    if not named:
        return False  # only times: nothing says what the token is for
    for k, v in named.items():
        if k.lower() not in _STAND_IN_CLAIM_WORDS and k not in ("iss", "aud", "sub"):
            return False
        if not (isinstance(v, str) and v.lower() in _STAND_IN_CLAIM_WORDS):
            return False
    return True


@_filter("jwt_with_stand_in_claims", "a JWT in a test or the docs whose claims are stand-ins ({\"foo\": \"bar\"}, "
         "{\"hello\": \"world\"}, RFC 7519's example): it names no one, an example of the format", surroundings=True)
def is_jwt_with_stand_in_claims(value: str, line: str, key_name: str | None, language: str | None,
                                around: Surroundings) -> bool:
    # In code it may be a service's live token however odd its claims: a person sees it.
    if not around.example_place:
        return False
    return _stand_in_claims(_jwt_claims(value.strip()))


def _jwt_claims(value: str) -> object:
    """A JWT's decoded payload (None when the value is no JWT or its payload no JSON)."""
    if _JWT_ANY_SIGNATURE.match(value) is None:
        return None
    try:
        return json.loads(_b64url(value.split(".")[1]))
    except (ValueError, UnicodeDecodeError):
        return None


# A type's name opening a composite or struct literal: Go's `Claims = jwt.MapClaims{`, `Auth: authResponse{`,
# Rust's `key: Key {` (the rule reads the unquoted rest of the line as the value).
_COMPOSITE = re.compile(r"^&?[A-Za-z_][A-Za-z0-9_]*(?:(?:\.|::)[A-Za-z_][A-Za-z0-9_]*)*(?:<[\w, ]*>)?[ \t]?\{$")


@_filter("composite_literal", "a type's name opening a composite or struct literal (jwt.MapClaims{, authResponse{): "
         "code that builds a value, not a literal", generic_only=True)
def is_composite_literal(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not _COMPOSITE.match(v) or not _in_code(v, line, language) or _is_quoted(v, line) is not False:
        return False
    return all(len(p) <= _MAX_IDENTIFIER for p in re.findall(r"\w+", v))


# A Go struct field's or variable's built-in type: `PasswordOffset uint16`, `Password *string`, `Key []byte`.
_GO_BUILTIN_TYPES = frozenset({
    "bool", "string", "byte", "rune", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32",
    "uint64", "uintptr", "float32", "float64", "complex64", "complex128", "error", "any",
})
_GO_FIELD = re.compile(r"^\s*(?:var\s+)?[A-Za-z_]\w*\s+(?:\*|\[\d*\])*(\w+)\s*(?:`[^`]*`)?\s*(?://.*)?$")


@_filter("go_field_type", "a Go struct field's or variable's built-in type (PasswordOffset uint16, Password "
         "[]byte): the declaration names a type, not a value", generic_only=True)
def is_go_field_type(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip().lstrip("*[]")
    if language != "go" or v not in _GO_BUILTIN_TYPES:
        return False
    m = _GO_FIELD.match(line)
    return m is not None and m.group(1) == v


# A Go constant of a named type is a member of an enumeration, its value the kind's wire name:
# `SymmetricSecret SecretType = "symmetric"`, `TokenTypeBearer TokenType = "bearer"`. A constant of type
# string, or untyped, holds whatever it is given, and stays with the judge.
_GO_TYPED_CONST = re.compile(r'^\s*(?:const\s+)?[A-Za-z_]\w*\s+(?:[A-Za-z_]\w*\.)?([A-Za-z_]\w*)\s*=\s*"([^"\\]*)"'
                             r'\s*(?://.*)?$')
_LOWER_SLUG = re.compile(r"^[a-z][a-z0-9]*(?:[_\-.][a-z0-9]+)*$")


@_filter("go_enum_constant", "a Go constant of a named type whose value is a lower-case word (SymmetricSecret "
         "SecretType = \"symmetric\"): an enumeration member's wire name", generic_only=True)
def is_go_enum_constant(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if language != "go":
        return False
    v = value.strip()
    m = _GO_TYPED_CONST.match(line)
    if m is None or m.group(1) in _GO_BUILTIN_TYPES or m.group(2) != v:
        return False
    return _LOWER_SLUG.match(v) is not None and (wordlike(v) or english_like(v)) and not _looks_random(v)


# A Ruby symbol: `AUTH_METADATA_KEY = :authorization`, `auth: :token`. A symbol is a name, never a string's text.
_RUBY_SYMBOL = re.compile(r"^:[A-Za-z_][A-Za-z0-9_]*[?!]?$")


@_filter("ruby_symbol", "a Ruby symbol (:authorization, :api_token): a name in code, not a string", generic_only=True)
def is_ruby_symbol(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if language != "ruby" or not _RUBY_SYMBOL.match(v):
        return False
    at = line.find(v)
    return at >= 0 and (at == 0 or line[at - 1] != ":") and _literal_start(line, at) is None


# A constant named for a header holds the header's name: tokenRequestTTLHeader = "X-aws-ec2-metadata-token-ttl-seconds".
_HEADER_SPELLING = re.compile(r"^X-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+$|^[A-Z][a-z]+(?:-[A-Z][a-z]+)+$")


@_filter("header_name_constant", "a header's name under a key named for a header (tokenRequestTTLHeader = "
         "\"X-aws-ec2-metadata-token-ttl-seconds\"): which header, not what it carries", generic_only=True)
def is_header_name_constant(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    name = (key_name or "").rsplit(".", 1)[-1].lower().rstrip("s")
    if not name.endswith(("header", "_hdr")):
        return False
    v = value.strip()
    return len(v) <= 64 and _HEADER_SPELLING.match(v) is not None and not any(_looks_random(p) for p in v.split("-"))


# A package's or a class's qualified name (Perl's and Ruby's Net::Amazon::S3::Signature::V4, Rust's and C++'s
# paths): the class a setting selects, not a credential.
_QUALIFIED_NAME = re.compile(r"^[A-Z][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*){1,8}$")


@_filter("qualified_package_name", "a package's or a class's qualified name (Net::Amazon::S3::Signature::V4): "
         "a name in code, not a credential", generic_only=True)
def is_qualified_package_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > 120 or not _QUALIFIED_NAME.match(v):
        return False
    return not any(_looks_random(p) for p in v.split("::"))


# The path of a source file: an autoloader's class map ('phpseclib3\\crypt\\rsa\\privatekey' =>
# '/Crypt/RSA/PrivateKey.php'), a require's target. Segments are identifiers, the extension a language's.
_SOURCE_EXTENSIONS = frozenset({"php", "inc", "rb", "go", "rs", "pl", "pm", "py", "js", "mjs", "cjs", "ts", "java",
                                "kt", "scala", "cs", "c", "h", "cc", "cpp", "hpp", "swift", "lua", "tcl"})
_SOURCE_PATH = re.compile(r"^(?:\.{0,2}/)?(?:[A-Za-z_][A-Za-z0-9_\-]*/){1,12}[A-Za-z_][A-Za-z0-9_\-]*\.([a-z]{1,5})$")


@_filter("source_file_path", "the path of a source file (/Crypt/RSA/PrivateKey.php, lib/auth/token.rb): an "
         "autoloader's or a require's target, not a credential", generic_only=True)
def is_source_file_path(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    m = _SOURCE_PATH.match(v) if len(v) <= 200 else None
    if m is None or m.group(1) not in _SOURCE_EXTENSIONS:
        return False
    return not any(_looks_random(p) for p in re.split(r"[/.]", v) if p)


# PHP and Perl join strings with `.`: a short literal that a concatenation continues with a variable or a call
# is the fixed start of a name built at run time ('file://'.realpath($key), '_security_'.$firewallName).
_CONCATENATED = re.compile(r"""^['"]\s*\.\s*(?:\$|[A-Za-z_][A-Za-z0-9_]*\s*\()""")


@_filter("concatenated_prefix", "a short literal that a concatenation continues in PHP or Perl ('file://'.realpath("
         "$key), '_security_'.$firewall): the fixed start of a name built at run time", generic_only=True)
def is_concatenated_prefix(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if language not in ("php", "perl") or not v or len(v) > 32 or _looks_random(v):
        return False
    if _A_DIGIT.search(v) and not wordlike(v):
        return False  # 'Xk9#mQ2v'.$suffix: a typed password's first part is still one
    at = line.find(v)
    return at >= 0 and _CONCATENATED.match(line[at + len(v):]) is not None


# Go writes a time format as its reference time, Mon Jan 2 15:04:05 MST 2006 (package time's layouts):
# "20060102T150405Z" is how to print a timestamp, not a value.
_GO_LAYOUT_ELEMENT = re.compile(r"2006|January|Jan|Monday|Mon|MST|Z07:00|Z0700|-07:00|-0700|-07|15|01|02|03|04|05|06|_2"
                                r"|\.0+|\.9+|PM|pm|[-/:., TZ]")


@_filter("go_time_layout", "a Go time layout (\"20060102T150405Z\", \"2006-01-02 15:04:05\"): the reference time "
         "spelling a format, not a value", generic_only=True)
def is_go_time_layout(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return language == "go" and len(v) <= 48 and "2006" in v and _GO_LAYOUT_ELEMENT.sub("", v) == ""


# An SMTP, IMAP or XMPP client's SASL PLAIN response is base64 of authzid NUL user NUL password (RFC 4616).
# A protocol test writes one for a stand-in account (user "user", password "pass"): the encoding hides the words.
@_filter("sasl_plain_stand_in", "a SASL PLAIN response in a test or the docs (AUTH PLAIN AHVzZXIAcGFzcw==) that "
         "decodes to a stand-in account (user:pass, test:test): a fixture's encoding, not a login", surroundings=True)
def is_sasl_plain_stand_in(value: str, line: str, key_name: str | None, language: str | None,
                           around: Surroundings) -> bool:
    # In code or a log the same response may be a real login replayed: a person sees it.
    v = value.strip()
    if not around.example_place or _BASE64_VALUE.match(v) is None or "plain" not in line.lower():
        return False
    try:
        raw = base64.b64decode(v + "=" * (-len(v) % 4), validate=True).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return False
    parts = raw.split("\0")
    return len(parts) == 3 and bool(parts[1]) and _stand_in_password(parts[1], parts[2])


# --- values their provider documents as public ----------------------------------------------

# Mapbox's public tokens: "pk." and a base64url JSON payload (secret ones are "sk.", temporary "tk.").
_MAPBOX_PUBLIC = re.compile(r"^pk\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}$")
# RevenueCat's public SDK keys name their store (appl_, goog_, amzn_); its secret keys are sk_.
_REVENUECAT_PUBLIC = re.compile(r"^(?:appl|goog|amzn)_[A-Za-z0-9]{20,40}$")
# Browser SDK keys their providers document as safe to ship: Datadog's client tokens (RUM, browser
# logs) are "pub" + 32 hex (API keys are bare hex); PostHog's project API keys are phc_ (personal keys phx_).
_CLIENT_SDK_PUBLIC = re.compile(r"^pub[0-9a-f]{32}$|^phc_[A-Za-z0-9]{32,64}$")
_NAME_BEFORE = re.compile(r"[A-Za-z_][\w.-]*")  # a name-like token (the last one before a value names it)


def _jwt_role(value: str) -> object:
    """The `role` claim of a JWT's payload (None when it has none or is no JWT)."""
    claims = _jwt_claims(value)
    return claims.get("role") if isinstance(claims, dict) else None


@_filter("public_by_format", "a value its provider documents as public, made to ship in client apps: a Mapbox "
         "public token (pk.…), a Supabase/PostgREST anon key (a JWT whose role is anon, under an anon name), a "
         "RevenueCat public SDK key, a Datadog client token (pub…), a PostHog project key (phc_…)")
def is_public_by_format(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # The format itself says public, whatever rule took the value: Mapbox's and RevenueCat's prefixes, and
    # the role a PostgREST server gives an anon key's requests (the service_role key stays a secret).
    v = value.strip()
    if v.startswith("pk.eyJ"):
        return _MAPBOX_PUBLIC.match(v) is not None
    if v.startswith("eyJ"):
        # ... when its name agrees: an anon key filed under SERVICE_ROLE_KEY says two things, and a
        # person settles which (the local stack's documented default key is often filed so).
        if _jwt_role(v) != "anon":
            return False
        names = key_words(key_name)
        if not names:  # the JWT rule takes no name: the last one before the value on its line
            at = line.find(v)
            before = _NAME_BEFORE.findall(line[:at]) if at > 0 else []
            names = split_words(before[-1]) if before else []
        return any(w in ("anon", "anonymous", "public") for w in names)
    if _REVENUECAT_PUBLIC.match(v):
        return "revenuecat" in "".join(key_words(key_name))  # the prefixes alone are too common a shape
    return _CLIENT_SDK_PUBLIC.match(v) is not None


FILTER_REASONS: dict[str, str] = {f.name: f.reason for f in FILTERS}
DECISIVE_FILTERS: frozenset[str] = frozenset(f.name for f in FILTERS if f.decisive)
FILTERS_BY_NAME: dict[str, Filter] = {f.name: f for f in FILTERS}


def run_filters(
    value: str,
    line: str,
    key_name: str | None,
    *,
    generic: bool = True,
    language: str | None = None,
    known_prefix: str | None = None,
    surroundings: Surroundings | None = None,
    formats: RuleFormats | None = None,
) -> list[str]:
    """Names of the filters that match, in catalogue order.

    `generic=False` (a high-confidence rule: the format alone says secret) skips the
    filters that only make sense for generic matches. `language` (from language_for)
    lets code_reference tell a variable from an unquoted config value. `known_prefix`
    (the format's prefix the value starts with) is cut off for `after_prefix` filters.
    `surroundings` (the lines around, the path's kind) lets the filters that need them run.
    `formats` (the scan's rules, `RuleFormats`) stands for the packaged catalogue's when None.
    """
    if len(value) > _MAX_FILTERED_LENGTH:
        return []
    prefixed = bool(known_prefix) and value.startswith(known_prefix or "")
    body = value[len(known_prefix or ""):] if prefixed else value
    hits = []
    for name, check, after_prefix, extra in _plan(generic, prefixed, surroundings is not None):
        v = body if after_prefix else value
        if extra is _PLAIN:
            if check(v, line, key_name, language):
                hits.append(name)
        elif check(v, line, key_name, language, surroundings if extra is _AROUND else formats):  # type: ignore[call-arg]
            hits.append(name)
    return hits


# What a filter reads besides (value, line, key_name, language).
_PLAIN, _AROUND, _FORMATS = "plain", "surroundings", "formats"


@functools.lru_cache(maxsize=8)
def _plan(generic: bool, prefixed: bool, with_surroundings: bool) -> tuple[tuple[str, Check, bool, str], ...]:
    """The filters that apply to a candidate of this kind, in catalogue order, with what each
    reads: worked out once per kind instead of three tests per filter per candidate."""
    return tuple(
        (f.name, f.check, f.after_prefix, _AROUND if f.surroundings else _FORMATS if f.formats else _PLAIN)
        for f in FILTERS
        if (generic or not f.generic_only) and (prefixed or not f.prefix_required) and (with_surroundings or not f.surroundings)
    )
