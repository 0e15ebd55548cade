"""Signals, not decisive (the judge weighs them): the value reads as words or as
English, is hex, has a UUID's shape, spells a credential word, is an identifier in code, is
several words, or repeats the user name beside it. Two more signals live with their concerns:
bare_word_in_code (code_structure) and sequential_run (typed_runs).
"""

from __future__ import annotations

import re

from .code_structure import _in_code, _in_comment_text, _in_url_userinfo, _is_quoted
from .identifiers import _UUID
from .registry import Surroundings, _filter
from .text_shapes import _HEX, _looks_random, byte_list_hex
from .word_shapes import _LEET, english_like, wordlike
from .words import key_words, names_password


# (after a token format's prefix, the body is read: whsec_ lends a random body enough letters to pass for words
# once in a hundred)
@_filter("wordlike_value", "the value reads as words or a name, which keys and generated passwords rarely do",
         generic_only=True, decisive=False, after_prefix=True)
def is_wordlike_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return wordlike(value.strip())


@_filter("english_value", "the value reads as English (letmein, something, testclient): a word a person typed, "
         "which generated keys and passwords are not", generic_only=True, decisive=False, after_prefix=True)
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


_CREDENTIAL_IN_VALUE = re.compile(r"secret|token|passw|passwd|pwd|apikey|api_key|credential|private")


@_filter("value_names_credential", "the value spells a credential word (secretToken, my_password, s3cr3t): a stand-in",
         generic_only=True, decisive=False)
def is_value_naming_credential(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > 64 or len(v) >= 24 and _looks_random(v):  # the length first: it spares most values the entropy
        return False
    plain = v.lower().translate(_LEET)
    words = _CREDENTIAL_IN_VALUE.findall(plain)
    # Three letters turn up by chance in a random password (Xq7pwdK2…): alone, they spell nothing.
    if words and all(w == "pwd" for w in words) and _looks_random(v):
        return False
    return bool(words) or plain in ("secret", "pass", "key", "auth")


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
    # (a value typed into a comment's text, `# the staging password is Kavo_tenu42`, is no name the code uses)
    return (code and _is_quoted(v, line) is False and bool(_IDENTIFIER_SHAPES.match(v)) and not _in_url_userinfo(v, line)
            and not _inside_open_string(v, line) and not _in_comment_text(v, line))


def _inside_open_string(value: str, line: str) -> bool:
    """The value sits inside a string literal that opened earlier on the line ("svc:Word_482@tcp(…)"):
    part of a text, not a name, though no quote touches it."""
    at = line.find(value)
    return at > 0 and any(line.count(q, 0, at) % 2 == 1 for q in "\"'`")


@_filter("multiword_value", "several words separated by spaces: a phrase, a label or a passphrase",
         generic_only=True, decisive=False)
def is_multiword_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # (a Google app password is one generated password shown in four groups of four letters: no phrase; a key's bytes
    # listed 0x3c, 0x91, … are no words)
    return (len(value.split()) >= 2 and _GOOGLE_APP_PASSWORD.match(value.strip()) is None
            and byte_list_hex(value) is None)


_GOOGLE_APP_PASSWORD = re.compile(r"^[a-z]{4}(?: [a-z]{4}){3}$")


# Three or more lower-case words joined by hyphens, underscores or dots (pine-otter-table): a pass phrase as
# diceware and password managers make them (with a number at the end: orbit-lantern-cedar-42), or a slug; the judge
# weighs where it stands.
_JOINED_WORDS = re.compile(r"^[a-z]{3,12}(?:[-_.][a-z]{3,12}){2,7}(?:[-_.]?[0-9]{1,6})?$")
# ... or four or more by spaces, 20 characters or more (velvet falcon lantern thistle; a phrase of short words such as
# "blue moon fish tree" reads as one)
_SPACED_WORDS = re.compile(r"^[a-z]{3,12}(?: [a-z]{3,12}){3,7}$")


@_filter("joined_words_value", "three or more lower-case words joined by - _ or . (pine-otter-table, maybe a number "
         "after them), or four or more "
         "long ones by spaces: a pass phrase or a slug", generic_only=True, decisive=False)
def is_joined_words_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return _JOINED_WORDS.match(v) is not None or (len(v) >= 20 and _SPACED_WORDS.match(v) is not None)


# A dotenv line whose value is a phrase left unquoted (SESSION_SECRET=purple walrus): dotenv reads the whole phrase as
# the value, where a shell line would run the word after it as a command with the variable set.
_DOTENV_PHRASE = re.compile(r"^[ \t]*(?:export[ \t]+)?[A-Za-z_][\w.]*[ \t]*=[ \t]*([^\s\"'#][^\"'#\n]*?)[ \t]*$")


@_filter("dotenv_phrase_word", "in a dotenv file, the first word of an unquoted phrase of words (SESSION_SECRET=keyboard "
         "cat): the value is the phrase, a stand-in of words, not a variable set for a command", generic_only=True,
         needs_key_name=True)
def is_dotenv_phrase_word(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if language != "dotenv":
        return False
    m = _DOTENV_PHRASE.match(line)
    v = value.strip()
    if m is None or not m.group(1).startswith(v + " "):
        return False
    words = m.group(1).split()
    if not all(w.isalpha() and w.islower() for w in words):
        return False
    # two words (a docs default such as purple walrus), or a sentence that asks for a value (change this to something
    # random); four random words of a diceware pass phrase are a secret
    return (len(words) <= 2 and all(wordlike(w) for w in words)) or bool(_SENTENCE_WORDS & set(words))


_SENTENCE_WORDS = frozenset({"to", "this", "me", "the", "your", "a", "an", "with", "for", "in", "it", "is", "here",
                             "please", "change", "replace", "set", "generate", "something", "before"})


# A user or login name assigned on the same or a nearby line: login="airflow", password="airflow".
_SQL_USER_BEFORE_PASSWORD = re.compile(
    r"""(?i)\b(?:user|role|login)[ \t]+["'`]?([\w.\-]{2,64})["'`]?(?:@["'`]?[\w.%\-]+["'`]?)?[ \t]+"""
    r"""(?:with[ \t]+)?(?:(?:login|encrypted|unencrypted)[ \t]+)*(?:password|identified[ \t]+by)\b""")
# One name of a distinguished name (cn=admin, dc=symfony): read whole, then compared (a pattern built from
# each value would be compiled once per candidate).
_DN_NAME = re.compile(r"(?i)\b(?:cn|uid|dc|o|ou)=([\w.-]+)")
# (a prefix names whose user it is: POSTGRES_USER: postgres beside POSTGRES_PASSWORD: postgres)
# (or a dotted property's: quarkus.datasource.username=catalog, a %dev. profile's too)
_LOGIN_ASSIGNMENT = re.compile(r"""(?i)(?:^|[\s,{(\[])["']?(?:%?[a-z0-9]+[_.-])*(?:user(?:_?name)?|login|uid|account)["']?[ \t]*(?:=>?|:)[ \t]*["']?([^"'\s,;()]{3,64})""")
# A command line's user option (kickstart's `user --name=…`, `--user …`, `--login=…`), beside its --password.
_CLI_LOGIN_OPTION = re.compile(r"""(?:^|[ \t])--(?:name|user(?:name)?|login)(?:=|[ \t]+)["']?([^\s"']{3,64})""")
# A .pgpass line: host:port:database:user:password
_PGPASS_LINE = re.compile(r"^[ \t]*[^:\s#]*:[^:\s]*:[^:\s]*:([^:\s]+):(.+?)[ \t]*$")


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
    pgpass = _PGPASS_LINE.match(line) if line.count(":") == 4 else None
    if pgpass is not None and pgpass.group(2) == v and pgpass.group(1) == v:
        return True  # localhost:5432:*:postgres:postgres
    # LDAP: the password repeats a name of the bind DN (ldapwhoami -D cn=admin,dc=symfony,dc=com -w symfony, or
    # LDAP_ROOT: dc=symfony,dc=com beside LDAP_ADMIN_PASSWORD: symfony): a test directory's account
    holding = None  # the line and the lines around that hold the value, found once for both checks below
    if len(v) >= 3 and v.isalnum():
        low = v.lower()
        holding = [text for text in (line, *around.lines) if v in text]
        if any(m.group(1).lower() == low for text in holding if _may_hold(text, _DN_WORDS) for m in _DN_NAME.finditer(text)):
            return True
    # SQL: CREATE USER blog WITH PASSWORD 'blog', CREATE USER 'app'@'%' IDENTIFIED BY 'app'
    if _may_hold(line, _SQL_WORDS) and any(m.group(1) == v for m in _SQL_USER_BEFORE_PASSWORD.finditer(line)):
        return True
    words = key_words(key_name)
    if len(v) < 3 or not names_password(words):
        return False
    if "--" in line and any(m.group(1) == v for m in _CLI_LOGIN_OPTION.finditer(line)):
        return True  # a command's options: kickstart's user --name=vagrant --password=vagrant, mysql --user=root
    # only lines holding the value can assign it as the login (most of the dozen around do not)
    if holding is None:
        holding = [text for text in (line, *around.lines) if v in text]
    return any(m.group(1) == v for text in holding if _may_hold(text, _LOGIN_WORDS) and _may_assign_login(text, v)
               for m in _LOGIN_ASSIGNMENT.finditer(text))


# What a match of each pattern above must hold, for a cheap test before the regex scan: every group is a
# tuple of words, one of which a match holds in lower case. Only said of ASCII text: under (?i) Python's re
# also matches a few other letters to ASCII ones (the long s, the Kelvin sign, the dotless i), so other
# text is always scanned.
_DN_WORDS = (("cn=", "uid=", "dc=", "o=", "ou="),)
_SQL_WORDS = (("user ", "user\t", "role ", "role\t", "login ", "login\t"), ("password", "identified"))
_LOGIN_WORDS = (("user", "login", "uid", "account"), ("=", ":"))


_LOGIN_NAMES = ("user", "username", "user_name", "login", "uid", "account")  # _LOGIN_ASSIGNMENT's names
_LONGEST_LOGIN_NAME = max(map(len, _LOGIN_NAMES))


def _may_assign_login(text: str, value: str) -> bool:
    """False only where no match of _LOGIN_ASSIGNMENT can capture `value`: the capture starts where the value
    stands, after an optional quote, an `=`, `=>` or `:` with blanks around, another optional quote and a login name,
    read here backwards from each place the value stands. The regex scans a long line (a JSON list of users)
    for every value on it; this reads a few characters. ASCII text only, as _may_hold."""
    if not text.isascii():
        return True
    at = text.find(value)
    while at >= 0:
        j = at
        if j > 0 and text[j - 1] in "\"'":
            j -= 1
        while j > 0 and text[j - 1] in " \t":
            j -= 1
        if j > 1 and text[j - 2:j] == "=>":  # Perl's and Ruby's hashes, PHP's arrays
            j -= 1
        if j > 0 and text[j - 1] in "=:":
            j -= 1
            while j > 0 and text[j - 1] in " \t":
                j -= 1
            if j > 0 and text[j - 1] in "\"'":
                j -= 1
            if text[max(0, j - _LONGEST_LOGIN_NAME):j].lower().endswith(_LOGIN_NAMES):
                return True
        at = text.find(value, at + 1)
    return False


def _may_hold(text: str, groups: tuple[tuple[str, ...], ...]) -> bool:
    """False only where no match of the pattern is possible (ASCII text without one word of some group)."""
    if not text.isascii():
        return True
    low = text.lower()
    return all(any(w in low for w in words) for words in groups)
