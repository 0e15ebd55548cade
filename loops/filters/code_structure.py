"""Code where a credential's name meets something other than a literal:
an expression or variable (self.password, getPassword()), an unquoted word in code, the operator
separated from the credential word, the text after a literal, a name inside a statement's call or
literal, a path segment (auth::AuthScheme), an attribute compared with a word, a composite
literal's type, a Ruby symbol, a literal that a concatenation continues. Also the helpers that
tell whether a value sits in code or inside a literal.
"""

from __future__ import annotations

import functools
import re

from ..languages import CONFIG_LANGUAGES
from .identifiers import _AUTHORIZATION_SCHEME_BEFORE
from .registry import Surroundings, _filter
from .text_shapes import _A_DIGIT, _looks_random, random_printable_run
from .word_shapes import wordlike
from .words import _CREDENTIAL_PARTS, key_words, names_credential, names_password


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


_IDENT = r"[A-Za-z_$][\w$]*"
# (`?.` is optional chaining in JS, TS, C# and Kotlin: provider.authorization?.url)
_CALL = re.compile(rf"^{_IDENT}(?:(?:\??\.|->|::){_IDENT})*\s*\(")  # getPassword(, config.get(
_MEMBER = re.compile(rf"^(?:{_IDENT}|@{_IDENT})(?:(?:\??\.|->|::){_IDENT})+$")  # self.password, $this->pw
_SUBSCRIPT = re.compile(rf"^{_IDENT}(?:\.{_IDENT})*(?:\[\s*(?:['\"][\w.\-]+['\"]|:\w+|\w+)\s*\])+$")  # params[:pw]
_SIGIL_VAR = re.compile(r"^[@$][A-Za-z_]\w*$")  # @password (Ruby), $password (PHP, Perl, shell)
_BARE_WORD = re.compile(r"^[A-Za-z_]+$")  # a variable name: letters and underscores, no digits


@_filter("code_reference", "an expression or variable name (self.password, getPassword(), $pass), not a literal",
         generic_only=True, unprefixed_only=True)  # ser.<random> is Flagsmith's format, not a member
def is_code_reference(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > 200 or _in_url_userinfo(v, line) or random_printable_run(v):
        return False  # (a generated key's punctuation, Django's `k9(v$(q…`, calls and sigils nothing)
    if language == "sql" and _is_psql_variable(v, line):
        return True  # ALTER USER app PASSWORD :'new_password': psql interpolates a variable there
    if _is_quoted(v, line):
        return False  # "self.password" in quotes is a string literal, whatever it spells
    if _SIGIL_VAR.match(v):
        return True
    if language == "sql" and _SQL_SECRET_CLAUSE.search(line[:max(0, line.find(v))]):
        return False  # CREATE USER … IDENTIFIED BY Xk9mQ2vLp7_42: the bare word is the password
    if _in_code(v, line, language) and _is_quoted(v, line) is False and not _inside_literal_field(v, line, key_name):
        # db_password, BCRYPT_HASH: unquoted in code, a name; not a token after `Bearer ` or typed into a comment's text
        if _snake_name(v) and not _after_bearer(v, line) and not _in_comment_text(v, line):
            return True
        if _BARE_WORD.match(v) and (wordlike(v) or _ends_statement(v, line)):
            return True  # userPassword, `password = secret;`
        name = v.rstrip("})],;")
        if name != v and (_SNAKE_NAME.match(name) or (_BARE_WORD.match(name) and wordlike(name))):
            return True  # `'allowCredentials': creds}`: a name, then the bracket that closes the literal around it
    if _in_code(v, line, language) and v.startswith("!") and _MEMBER.match(v[1:]):
        v = v[1:]  # withCredentials: !this.anonymous: a negated expression
    if not (_CALL.match(v) or _MEMBER.match(v) or _SUBSCRIPT.match(v)):
        return False
    if _inside_literal_field(v, line, key_name):
        return False  # "jdbc:…;password=Xk9q.t2;…", "curl -u etl:Xk9q.t2 …": a field of a string literal, not obj.member
    at = line.find(v)
    if at > 0 and _AUTHORIZATION_SCHEME_BEFORE.search(line, 0, at):
        return False  # "Authorization": "Api-Key TIfxZGDL.sRqre…": a scheme's credential, as after Bearer
    # A config file holds literals: Summer2024.ok there is a password typed with a dot, not obj.member.
    if language in CONFIG_LANGUAGES and _MEMBER.match(v) and _A_DIGIT.search(v):
        return False
    # A .env file is no program: under a password's name, words joined by dots are a pass phrase (will.orbit.cable).
    if language == "dotenv" and _MEMBER.match(v) and names_password(key_words(key_name)):
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
    # (or an option's argument in a command the literal holds: sh 'docker login -u ci -p Xk9_q2 registry')
    return line[at - 1] in "=:" or _OPTION_BEFORE.search(line, start, at) is not None


_OPTION_BEFORE = re.compile(r"[ \t]-{1,2}[A-Za-z][\w-]*[ \t]+$")


def _ends_statement(value: str, line: str) -> bool:
    """The value is followed by `;` (the end of a statement in C-family code)."""
    at = line.find(value)
    return at >= 0 and line[at + len(value):].lstrip().startswith(";")


_SNAKE_NAME = re.compile(r"^_{0,2}[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+$")  # a private one too: _jwt_global_obj
# One part of a snake_case name is a word: lower or upper case letters, or camelCase humps (acronyms too), and at
# most a short number after them (db_password, BCRYPT_HASH, userPassword_v2). A random URL-safe token that happens to
# hold an `_` has parts that mix cases and digits all through (one in five 40-character tokens holds one).
_NAME_PART = re.compile(r"^(?:[a-z]+|[A-Z]+|(?:[A-Z]{0,4}[a-z]+)+[A-Z]{0,4})[0-9]{0,3}$|^v?[0-9]{1,3}$")
_BEARER_BEFORE = re.compile(r"(?i)\bbearer[ \t]+$")
_COMMENT_START = re.compile(r"^[ \t]*(?://+|#+|\*|/\*+|--|<!--|;+|%+|\brem\b)[ \t]*", re.IGNORECASE)
_CODE_SIGN = re.compile(r"[;{}()]")


def _snake_name(value: str) -> bool:
    """A snake_case name whose parts are words (db_password, BCRYPT_HASH), not a token that holds an `_`."""
    return bool(_SNAKE_NAME.match(value)) and all(_NAME_PART.match(p) for p in value.strip("_").split("_") if p)


def _after_bearer(value: str, line: str) -> bool:
    at = line.find(value)
    return at > 0 and bool(_BEARER_BEFORE.search(line[:at]))


def _in_comment_text(value: str, line: str) -> bool:
    """The value sits in the text of a comment (`// FIXME hard-coded for the demo, password=…`): words for a
    reader, where a bare token is typed in, not a name used by code. A commented-out statement
    (`# password = old_password;`) still reads as code."""
    m = _COMMENT_START.match(line)
    if not m:
        return False
    text = line[m.end():]
    return not _CODE_SIGN.search(text) and len(re.findall(r"[A-Za-z]{2,}[ \t]", text)) >= 3


_CONNINFO_BEFORE = re.compile(r"(?:\bhost(?:addr)?|\bdbname|\buser)=\S+[ \t]+(?:\S+=\S*[ \t]+)*$")


def _in_url_userinfo(value: str, line: str) -> bool:
    """The value is the password of a URL's user-info (scheme://user:VALUE@host), or its user part
    (scheme://VALUE@host, scheme://VALUE:@host, scheme://VALUE:password@host): Gemfury and others take a
    token as the user. Part of a URL literal either way, not an expression."""
    at = line.find(":" + value + "@")
    if at >= 0 and ("://" in line[:at] or line.startswith(("tcp(", "unix("), at + len(value) + 2)):
        return True  # (Go's MySQL DSN has no scheme: user:password@tcp(host:3306)/db)
    # a libpq conninfo string's password (`host=… user=… password=…`): a key=value list inside one literal
    at = line.find("password=" + value)
    if at >= 0 and _CONNINFO_BEFORE.search(line[:at]):
        return True
    at = line.find("://" + value)
    while at >= 0:
        rest = line[at + 3 + len(value):]
        if rest.startswith("@") or _PASSWORD_AND_AT.match(rest):
            return True
        at = line.find("://" + value, at + 1)
    return False


_PASSWORD_AND_AT = re.compile(r":[^\s/?#@'\"`<>]*@")


@_filter("bare_word_in_code", "an unquoted word in code: a variable's name, or a literal in an embedded config",
         generic_only=True, decisive=False)
def is_bare_word_in_code(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A signal, not a verdict: `password: pwd` in a Go test's config string is a literal to
    # the program that parses it; `Password: userPassword` is a variable.
    v = value.strip()
    code = _in_code(v, line, language)
    return code and _is_quoted(v, line) is False and bool(_BARE_WORD.match(v)) and not _in_url_userinfo(v, line)


_QUOTE = "\"'`"


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
# (and the prose rules' other languages: das Kennwort lautet …, le mot de passe est …)
_COPULAS = frozenset({"is", "was", "are", "ist", "war", "lautet", "est", "es", "era"})
# What may open the value after the operator: a string prefix, escapes and the quote.
_VALUE_OPENER = re.compile(r"""[ \t]*(?:\?\?=|\|\|=|:{1,3}=|\?=|\.=|\+=|=>|<-|===?|!==?|=|:)[ \t]*(?:\[[ \t]*)?(?:[rbufRBUF]{1,2}|@|\$)?\\{0,3}["'`]?$""")


# name: user:password, the user written against the password with a colon (mitmproxy's proxyauth, curl's -u)
_USER_BEFORE_PASSWORD = re.compile(r"[ \t]*(?:=|:|=>)[ \t]*[\w.@+-]+:")


@_filter("key_not_the_name_assigned", "another word stands between the credential word and the operator "
         "(`pass engine='x'` is the verb pass before an argument, not a password), or the word is itself a keyword "
         "argument's value (`salt=\"pepper\") == …` compares a call's result)",
         generic_only=True, needs_key_name=True)
def is_key_not_the_name_assigned(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A declaration may put a type there (Go `var password string = "…"`); any other plain
    # lower-case word is the name that is really assigned (prose: "pass features='xml' into …").
    if not key_name or not value:
        return False
    at = line.find(value)
    while at >= 0:
        k = line.rfind(key_name, 0, at)
        quote = line[k - 1] if k >= 2 else ""
        if quote in ("\"", "'") and line[k - 2] == "=" and line.startswith(quote + ")", k + len(key_name)):
            return True  # salt="pepper") == "…": the word is a keyword argument's value, a call's result is compared
        if k >= 0:
            if _USER_BEFORE_PASSWORD.fullmatch(line[k + len(key_name):at]):
                return False  # proxyauth: egress:<password>: the word is the user the password goes with
            between = _VALUE_OPENER.sub("", line[k + len(key_name):at])
            m = re.fullmatch(r"[ \t]*:?[ \t]*([a-z][a-z0-9_]*)[ \t]*:?", between)
            if m:
                word = m.group(1)
                return word not in _TYPE_WORDS and word not in _COPULAS and not names_credential(key_words(word))
            return False
        at = line.find(value, at + 1)
    return False


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


# A path's next segment after `::` (Rust's auth::AuthScheme, C++'s Flow::DefaultChain, PHP's
# Config::KEY): a rule that splits `name: value` at the first colon keeps the second one.
# (and the segments after it: Auth::User::Pointer, read from Auth)
_PATH_SEGMENT = re.compile(r"^:[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*){0,8}$")


@_filter("path_segment", "the next segment of a path (auth::AuthScheme, CredentialFlow::DefaultChain): a name "
         "in code, not a value", generic_only=True, needs_key_name=True)
def is_path_segment(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not key_name or not _PATH_SEGMENT.match(v):
        return False
    name = key_name.rsplit(".", 1)[-1]
    at = line.find(name + ":" + v)
    # the name starts a word: `auth::X`, not `myauth::X` read from the middle
    return at >= 0 and (at == 0 or not (line[at - 1].isalnum() or line[at - 1] == "_"))


# An attribute of a credential object compared with a word: credentials.environment === 'sandbox'.
_COMPARED_QUOTE_BEFORE = re.compile(r"[=!]==?\s*['\"`]$")


@_filter("credential_attribute_compared", "a credential object's plain attribute compared with a word "
         "(credentials.environment === 'sandbox'): which setting, not the credential", generic_only=True, needs_key_name=True)
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
    return at > 0 and _COMPARED_QUOTE_BEFORE.search(line[:at]) is not None and wordlike(v)


# A type's name opening a composite or struct literal: Go's `Claims = jwt.MapClaims{`, `Auth: authResponse{`,
# Rust's `key: Key {` (the rule reads the unquoted rest of the line as the value).
_COMPOSITE = re.compile(r"^&?[A-Za-z_][A-Za-z0-9_]*(?:(?:\.|::)[A-Za-z_][A-Za-z0-9_]*)*(?:<[\w, ]*>)?[ \t]?\{$")


@_filter("composite_literal", "a type's name opening a composite or struct literal (jwt.MapClaims{, authResponse{): "
         "code that builds a value, not a literal", generic_only=True, needs_in_value="{")
def is_composite_literal(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not _COMPOSITE.match(v) or not _in_code(v, line, language) or _is_quoted(v, line) is not False:
        return False
    return all(len(p) <= _MAX_IDENTIFIER for p in re.findall(r"\w+", v))


# A PHP-serialized array or object taken whole as one value (a wp_usermeta session_tokens row: the array's keys are
# SHA-256 verifiers of the session tokens). What it holds is read string by string (php-serialized-secret-pair).
_PHP_SERIALIZED = re.compile(r'^(?:a:\d{1,6}:\{|O:\d{1,4}:\\?")')


@_filter("php_serialized_structure", "a PHP-serialized array or object (a:1:{s:64:\"…\";…}) taken whole: a structure "
         "whose strings are read one by one, not one secret", generic_only=True, needs_in_value=":")
def is_php_serialized_structure(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return _PHP_SERIALIZED.match(v) is not None and v.count(";") >= 2


# A Ruby symbol: `AUTH_METADATA_KEY = :authorization`, `auth: :token`. A symbol is a name, never a string's text.
_RUBY_SYMBOL = re.compile(r"^:[A-Za-z_][A-Za-z0-9_]*[?!]?$")


@_filter("ruby_symbol", "a Ruby symbol (:authorization, :api_token): a name in code, not a string", generic_only=True)
def is_ruby_symbol(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if language != "ruby" or not _RUBY_SYMBOL.match(v):
        return False
    at = line.find(v)
    return at >= 0 and (at == 0 or line[at - 1] != ":") and _literal_start(line, at) is None


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


# A list of bare words, Perl's qw(...) and Ruby's %w[...]: `password  simple` inside one is two
# words of the list (a table of names), not a name given a value.
_WORD_LIST_OPENER = re.compile(r"(?:\bqw[ \t]*|%[wWiI])([(\[{</])")
_WORD_LIST_CLOSER = {"(": ")", "[": "]", "{": "}", "<": ">", "/": "/"}
_BARE_WORDS_LINE = re.compile(r"^[ \t]*[A-Za-z_][\w.\-]*(?:[ \t]+[A-Za-z_][\w.\-]*)+[ \t]*$")


@_filter("word_list_entry", "a word of a word list in code (Perl's qw(password simple), Ruby's %w[…]): a table "
         "of names, not an assignment", generic_only=True, surroundings=True)
def is_word_list_entry(value: str, line: str, key_name: str | None, language: str | None,
                       around: Surroundings) -> bool:
    if language not in ("perl", "ruby") or _BARE_WORDS_LINE.match(line) is None:
        return False
    for text in (line, *around.lines):
        m = _WORD_LIST_OPENER.search(text)
        if m is not None and _WORD_LIST_CLOSER[m.group(1)] not in text[m.end():]:
            return True
    return False


# A module-definition file's export (krb5_32.def, zlibvc.def): a function's name, then its ordinal
# (@99, maybe NONAME, PRIVATE or DATA after it), the number the DLL exports it under.
_EXPORT_LINE = re.compile(r"^[ \t]*[A-Za-z_][A-Za-z0-9_@]*[ \t]+@[0-9]{1,5}(?:[ \t]+(?:NONAME|PRIVATE|DATA))*[ \t]*(?:;.*)?$")


@_filter("export_ordinal", "the ordinal of a function a DLL exports (krb5_change_password @99 in a .def file): a "
         "number in a table, not a password", generic_only=True, needs_in_value="@")
def is_export_ordinal(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return v[:1] == "@" and v[1:].isdigit() and _EXPORT_LINE.match(line) is not None


# A make rule's target and its prerequisites (libpassword_la-crypt-blowfish.lo: crypt-blowfish.c): files
# that a build makes and reads, named for what they hold.
_MAKE_RULE = re.compile(r"^[ \t]*([A-Za-z0-9_.$()/@-]+)[ \t]*::?(?![=])[ \t]*(.*)$")
_BUILD_FILE = re.compile(r"^[A-Za-z0-9_.$()/@+-]+\.(?:c|cc|cpp|cxx|h|hh|hpp|o|lo|obj|a|la|so|y|l|S|s|in|am|def|rc)$")


@_filter("make_prerequisite", "a prerequisite of a make rule named for what it builds (get-passphrase.o: "
         "get-passphrase.c): a file name, not a password", generic_only=True)
def is_make_prerequisite(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    # (Automake's Makefile.am has no language of its own: it is read as text, and the rule's shape decides)
    if language not in ("makefile", "text") or _BUILD_FILE.match(v) is None:
        return False
    m = _MAKE_RULE.match(line)
    if m is None or v not in m.group(2).split():
        return False
    return language == "makefile" or _BUILD_FILE.match(m.group(1)) is not None or m.group(1).replace("_", "").isalnum()


# A build variable whose suffix says what it holds (Automake's prog_LDFLAGS, prog_SOURCES, lib_LIBADD; make's
# CFLAGS): compiler and linker options or the files a program is built from.
_BUILD_VARIABLE_WORDS = frozenset({"flags", "cflags", "cxxflags", "cppflags", "ldflags", "ltflags", "libadd", "ldadd",
                                   "sources", "headers", "dependencies", "libs"})
_BUILD_OPTION = re.compile(r"^-{1,2}[A-Za-z][A-Za-z0-9_=.,+/:-]*$")


@_filter("build_variable", "the options or files of a build variable (auth_LDFLAGS = -export-dynamic, psk_SOURCES = "
         "psk-file.c): how a program is built, not a credential", generic_only=True, needs_key_name=True)
def is_build_variable(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name or "")
    if not words or words[-1] not in _BUILD_VARIABLE_WORDS:
        return False
    items = value.split()
    if not items:
        return False
    if words[-1] in ("sources", "headers", "dependencies"):
        return all(_BUILD_FILE.match(i) for i in items)
    return all(_BUILD_OPTION.match(i) or _BUILD_FILE.match(i) or i.startswith("$(") for i in items)


# The right side of a C statement, unquoted before its semicolon (token_ptr = GSS_C_NO_BUFFER;, opts.auth =
# F_AUTH|F_AUTH_REQUIRE;, ctx->secret = conn->read_secret;): names in code, a literal would be quoted.
_C_FAMILY = frozenset({"c", "cpp", "java", "csharp", "objc", "kotlin", "scala", "go", "rust", "swift", "javascript",
                       "typescript", "php"})
_C_EXPRESSION = re.compile(r"^&?[A-Za-z_][A-Za-z0-9_]*(?:(?:->|\.|::|[ \t]*[|&][ \t]*)[A-Za-z_][A-Za-z0-9_]*)*"
                           r"(?:[ \t]*[+-][ \t]*[0-9]{1,3})?$")
_C_STATEMENT_END = re.compile(r"^[ \t]*;[ \t]*(?:(?://|/\*).*)?\\?$")
_C_CONSTANTS = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?:[ \t]*[|&][ \t]*[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)*$")


@_filter("c_statement_value", "a C statement's right side before its semicolon (token_ptr = GSS_C_NO_BUFFER;, "
         "ctx->secret = conn->read_secret;): a name or constant in code, not a literal", generic_only=True, needs_key_name=True)
def is_c_statement_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    core = value.strip()
    if not key_name or not core or _C_EXPRESSION.match(core) is None:
        return False
    at = line.find(core)
    while at >= 0 and not _C_STATEMENT_END.match(line[at + len(core):]):
        at = line.find(core, at + 1)
    if at < 0:
        return False
    before = line[:at].rstrip()
    if language in _C_FAMILY and before.split()[-1:] == [key_name] and core.isidentifier():
        return True  # a declaration: the key is the type, the value the variable's name (Tls13SecretCb tls13KeyLogCb;)
    if before[-1:] != "=":
        return False
    if _C_CONSTANTS.match(core) or "->" in core:
        return True  # constants or a member through a pointer: code, even in a patch or a grammar file
    if language not in _C_FAMILY:
        return False
    # names joined as code joins them (sslctx_key, conn.secret)
    return any(sep in core for sep in ("_", ".", "::", "|", "&"))


# A command in a namespace and its first word (Tcl's vc::fossil::import::cvs::pass define …; C++'s ns::pass ...):
# the key is the command's last segment, the value a subcommand.
_NAMESPACED = re.compile(r"(?:^|[\s\[])(?:[A-Za-z_][A-Za-z0-9_]*::)+([A-Za-z_][A-Za-z0-9_]*)[ \t]+([a-z][a-z_]{1,15})\b")


@_filter("namespaced_command", "a subcommand after a command in a namespace (vc::fossil::import::cvs::pass define): "
         "a word of code, not a password", generic_only=True, needs_key_name=True, needs_in_line=":")
def is_namespaced_command(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not key_name or not v.isalpha() or not v.islower() or "::" not in line:
        return False
    return any(m.group(1) == key_name and m.group(2) == v for m in _NAMESPACED.finditer(line))


# `name == VALUE` read as `name = "=VALUE"`: a comparison in code (if( eOnePass==ONEPASS_OFF )), nothing assigned.
_EQUALITY = re.compile(r"([A-Za-z_][A-Za-z0-9_.>-]*)[ \t]*==[ \t]*([A-Za-z_][A-Za-z0-9_]*)")


@_filter("equality_comparison", "a comparison taken for an assignment (if( eOnePass==ONEPASS_OFF )): the name is "
         "tested against a constant, no value is given", generic_only=True, needs_key_name=True, needs_in_value="=")
def is_equality_comparison(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not key_name or not v.startswith("=") or "==" not in line:
        return False
    core = v[1:].strip().rstrip(");{ \t")  # the rule's match may run on to the condition's closing parenthesis
    return any(m.group(1).endswith(key_name) and m.group(2) == core for m in _EQUALITY.finditer(line))


# The branches of a conditional expression, read as a mapping: (status == 0) ? "pass" : "fail" is no
# "pass": "fail". The key is the literal after `?`, the value the other branch.
_TERNARY = re.compile(r"""\?[ \t]*(["'])([^"'\n]{1,40})\1[ \t]*:[ \t]*(["'])([^"'\n]*)\3""")


@_filter("ternary_branch", "the other branch of a conditional expression (ok ? \"pass\" : \"fail\"): two words a "
         "program chooses between, not a name and its value", generic_only=True, needs_key_name=True, needs_in_line="?")
def is_ternary_branch(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    # (a generated run in the other branch may be a real secret chosen in production: dev ? "pass" : "<key>")
    if not key_name or "?" not in line or _looks_random(v):
        return False
    return any(m.group(2) == key_name and m.group(4).strip() == v for m in _TERNARY.finditer(line))



# PHP and Perl join strings with a dot: 'Authorization: Bearer '.$token, '--password='.escapeshellarg($pw). A rule
# that reads from the opening quote to the next one takes the code after the closing quote for the value.
_CONCATENATED_CODE = re.compile(r"^\.\s*(?:\$[A-Za-z_]|[A-Za-z_][A-Za-z0-9_]*\s*(?:\(|::)|[A-Za-z_][A-Za-z0-9_\\\\]*::)")
_DOT_CONCATENATING = frozenset({"php", "perl"})


@_filter("dot_concatenated_code", "code joined to a closing string with a dot ('Bearer '.$token, "
         "'--password='.escapeshellarg($pw)): a variable or a call in PHP or Perl, not a literal", generic_only=True)
def is_dot_concatenated_code(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if language not in _DOT_CONCATENATING:
        return False
    at = line.find(value)
    if at <= 0 or line[at - 1] not in "'\"":
        return False
    if _CONCATENATED_CODE.match(value) is not None:
        return True
    # the value stops at the class's name: '&oauth_token_secret='.Horde_Oauth_Utils::urlencodeRfc3986(…)
    return _CONCATENATED_NAME.match(value) is not None and line.startswith(("::", "("), at + len(value))


_CONCATENATED_NAME = re.compile(r"^\.\s*[A-Za-z_][A-Za-z0-9_\\\\]*$")


# An operand of a strict or loose comparison: isObject = state.tokens.curr.value === "Object". A rule that reads
# `name = value` takes the comparison for an assignment; the name is tested against the literal, it is given nothing.
_COMPARED_BEFORE = re.compile(r"(?:===?|!==?)[ \t]*[\"'`]?$")
# What a UI control or a wrapper holds its content in: the name before it says what the content is.
_CONTROL_PROPERTIES = frozenset({"text", "value", "val", "content", "data", "string", "caption"})


@_filter("compared_operand", "a literal compared with a name (x.value === \"Object\", token !== 'none'): a test of "
         "the name, not a value given to it", generic_only=True, needs_key_name=True, needs_in_line="=")
def is_compared_operand(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    # a random literal compared with a token is the expected secret itself (token == "<the key>"): only a word is
    # a kind, a type or a keyword the name is tested for
    if not v or not key_name or "=" not in line or len(v) > 40 or _looks_random(v) or not wordlike(v):
        return False
    # a credential compared with a word is a password checked in code (password === "letmein"): that one stays;
    # a member of a parser's token (state.tokens.curr.value) is not a credential
    # (a form control's property names nothing: txtPassword.Text == "…" tests the password box)
    parts = [p for p in re.split(r"[.\[\]>-]+", key_name.strip(".[]")) if p]
    while len(parts) > 1 and parts[-1].lower() in _CONTROL_PROPERTIES:
        parts.pop()
    if parts and names_credential(key_words(parts[-1])):
        return False
    at = line.find(v)
    while at > 0:
        before = line[:at]
        if _COMPARED_BEFORE.search(before) and before.rstrip(" \t\"'`=!").endswith(key_name):
            return True
        at = line.find(v, at + 1)
    return False


# An Erlang variable where a value would be (a record's field set from one: auth_state = AuthState1}}): variables
# start with a capital or an underscore; the literal, if any, was bound elsewhere.
_ERLANG_VARIABLE = re.compile(r"^[A-Z_][A-Za-z0-9_@]*[}\]),;.]*$")


@_filter("erlang_variable", "an Erlang variable where a value would be (auth_state = AuthState1): bound elsewhere, "
         "not a literal", generic_only=True)
def is_erlang_variable(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if language not in ("erlang", "elixir") or _ERLANG_VARIABLE.match(v) is None or not any(c.islower() for c in v):
        return False
    # unquoted: a string or binary literal ("Passw0rd", <<"Passw0rd">>) holds a value, whatever its case,
    # and so does any place inside one (the password of "redis://:Passw0rd@host")
    at = line.find(v)
    return at >= 0 and line[at - 1:at] not in ("\"", "'") and line.count('"', 0, at) % 2 == 0


# Code commented out rather than deleted (`//con = getConnection(url, "root", "…");`, `# PASSWORD = "…"  # old`): an
# assignment, or a call with a literal, right after the comment marker. Its values were in use once; prose around a
# value (`# e.g. the password Welcome1!`, `# default password = …`) does not start that way, and a block comment's
# lines (` * client({ apiToken: … })` under @example) are documentation.
_COMMENTED_OUT_CODE = re.compile(
    r"""^[ \t]*(?://+|#+|--|;+)[ \t]*(?:[A-Za-z_$][\w.$\[\]'"]*[ \t]*(?::=|=(?!=))[ \t]*\S"""
    r"""|(?:[A-Za-z_$][\w.$]*[ \t]*=[ \t]*)?(?:new[ \t]+)?[A-Za-z_$][\w.$]*[ \t]*\([^()]*["'][^()]*\)[ \t]*;?[ \t]*$)""")


def is_commented_out_code(line: str) -> bool:
    """The line is a statement behind a comment marker: an assignment, or a call given a literal."""
    return _COMMENTED_OUT_CODE.match(line) is not None



# A section header of an INI-like file ([2001-auth], Asterisk's templates [name](template)), named by its own keys.
_SECTION_HEADER = re.compile(r"(?m)^[ \t]*\[([^\]\n]{1,128})\](?:\([^)\n]*\))?[ \t]*(?:[;#][^\n]*)?\r?$")


@functools.lru_cache(maxsize=8)
def _file_sections(text: str) -> frozenset[str]:
    """The section names of a file (read once per file, whatever its candidates: a dense one has thousands)."""
    return frozenset(m.group(1) for m in _SECTION_HEADER.finditer(text))


@_filter("section_reference", "the value names a [section] of the same file (pjsip.conf's auth=2001-auth, "
         "outbound_auth=carrier-a-auth): which block holds the credential, not the credential", generic_only=True,
         surroundings=True)
def is_section_reference(value: str, line: str, key_name: str | None, language: str | None,
                         around: Surroundings) -> bool:
    # Asterisk's endpoints name their auth section, as other sectioned configs name a profile or a template
    v = value.strip()
    return bool(v) and bool(around.text) and v in _file_sections(around.text)
