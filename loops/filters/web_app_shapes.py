"""Shapes met in web applications and framework add-ons as Debian ships them (sweep 24): a schema's
type name, PHP's complex string interpolation, the name of a server variable or constant given where
a lookup key is expected, an attribute selector, a negated expression, a dunder name, a keyboard shortcut and the
development secret_key_base of Rails and Phoenix."""

from __future__ import annotations

import re

from .registry import Surroundings, _filter
from .word_shapes import name_of_words

# The type names a configuration schema or a PHP/JSON-schema type table writes as strings.
_SCHEMA_TYPES = frozenset({"object", "array", "mixed", "callable", "iterable", "float", "double", "number",
                           "integer", "int", "bool", "boolean", "string", "null", "list", "dict"})


@_filter("schema_type_name", "a type name in a schema table ('PasswordConfig' => 'object'): the setting's type, "
         "not its value", generic_only=True)
def is_schema_type_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return value in _SCHEMA_TYPES


# PHP's complex interpolation: {$var}, {$obj->field}, {$arr['k']}: filled in when the string is built.
_PHP_INTERPOLATION = re.compile(r"\{\$[A-Za-z_]\w*(?:->\w+|\[[^\]{}\n]{0,40}\])*\}")


@_filter("php_complex_interpolation", "a PHP string built from {$var} / {$obj->field} interpolations with a few "
         "separators between them: a template, not a value", needs_in_value="{")
def is_php_complex_interpolation(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if "{$" not in value or len(value) > 200:
        return False
    rest = _PHP_INTERPOLATION.sub("", value)
    if rest == value:
        return False
    # What the interpolations leave is the literal text: a couple of separators or a short tag.
    return sum(ch.isalnum() for ch in rest) <= 4


_UPPER_SNAKE = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
# The last word of a constant or server variable that names a credential (FTP_PASS, SSL_CLIENT_S_DN).
_NAMING_TAILS = frozenset({"PASS", "PASSWORD", "PASSWD", "PWD", "USER", "USERNAME", "KEY", "PUBKEY", "PRIKEY",
                           "SECRET", "TOKEN", "DN", "HOST", "EMAIL", "NAME"})


# A .NET configuration path: PascalCase sections joined by : (or __ in environment variables), under a name that
# says it is a key, name, path or section to look up.
_CONFIGURATION_PATH = re.compile(r"^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*(?:(?::|__)[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*)+$")
_LOOKUP_NAME = re.compile(r"(?:Key|Name|Path|Section|_KEY|_NAME|_PATH|_SECTION)$")


def _sections_read_as_words(path: str) -> bool:
    """A configuration path's longer sections are names made of words (Payments, WebhookSigningKey); a key id
    and a secret joined by a colon (a management key's `K2Xx…:K2Gz…`) have mixed-case runs that only look like
    PascalCase."""
    return all(name_of_words(section) for section in re.split(r":|__", path) if len(section) >= 8)


@_filter("constant_name_as_value", "an UPPER_SNAKE name given where a lookup key is expected ($credentialsKey = "
         "'SSL_CLIENT_S_DN', or a configuration path 'Payments:ApiKey') or ending in a credential word "
         "('password' => 'FTP_PASS'): the name of a server "
         "variable or constant, not its value", generic_only=True, needs_in_value="_:")
def is_constant_name_as_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if _CONFIGURATION_PATH.match(value) and _LOOKUP_NAME.search(key_name or "") and _sections_read_as_words(value):
        return True  # SecretConfigKey = "Ledger:WebhookSigningKey": where .NET's IConfiguration finds the value
    if "_" not in value or len(value) > 48 or not _UPPER_SNAKE.match(value):
        return False
    if key_name and len(key_name) > 3 and key_name.endswith("Key"):
        return True  # a camelCase ...Key parameter names where to look the value up
    return value.rsplit("_", 1)[1] in _NAMING_TAILS


# Names of environment variables or constants listed in a setting (Netlify's SECRETS_SCAN_OMIT_KEYS, a required_env
# list): every item is an UPPER_SNAKE name, and a list of names holds no value.
_UPPER_SNAKE_LIST = re.compile(r"^[A-Z][A-Z0-9]*_[A-Z0-9_]*(?:[ \t]*[,;][ \t]*[A-Z][A-Z0-9]*_[A-Z0-9_]*)+,?$")


@_filter("constant_name_list", "a comma-separated list of UPPER_SNAKE names (SECRETS_SCAN_OMIT_KEYS = "
         "\"STRIPE_SECRET_KEY,AWS_ACCESS_KEY_ID\"): the names of variables, not a value", generic_only=True,
         needs_in_value=",")
def is_constant_name_list(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return len(value) <= 400 and _UPPER_SNAKE_LIST.match(value.strip()) is not None


@_filter("attribute_selector_value", "the value of a CSS attribute selector (label[for=\"private_key\"], "
         "input[name='password']): the name of a form field", generic_only=True, needs_in_line="[")
def is_attribute_selector_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if "[" not in line or "=" not in line or len(value) > 64:
        return False
    return any(m.group(2) == value for m in _ATTRIBUTE_SELECTOR.finditer(line))


# A selector's `[` follows an element, a class, `*` or another `]`, or opens the selector (`querySelector('[name="pw"]')`),
# and the attribute's name comes right after it: `input[name='password']`, `*[data-key="…"]`. Not `<![CDATA[export DB_PASS='…']]>`: a shell word and a space
# come first there, and `<![CDATA` is no element.
_ATTRIBUTE_SELECTOR = re.compile(
    r"""(?:(?<![!\w\[])[A-Za-z][\w-]*|[*\]]|^|(?<=[\s'"`(,]))\[[ \t]*[\w:-]+[~|^$*]?=(["'])(.*?)\1[ \t]*\]""")


# Files of settings, where nothing is evaluated: an unquoted `DB_PASSWORD=!h8…` there is a value.
_DATA_LANGUAGES = frozenset({"dotenv", "properties", "ini", "yaml", "toml", "dockerfile", "xml", "json", "netrc"})
_NEGATED_NAME = re.compile(r"^!{1,2}[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?$")


@_filter("negated_expression", "a negated name (passEvent: !isHandled): an expression evaluated in code",
         generic_only=True, needs_in_value="!")
def is_negated_expression(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if not value.startswith("!") or not _NEGATED_NAME.match(value) or language in _DATA_LANGUAGES:
        return False
    # a negated name reads as a name: words or camelCase (!isHandled, !this.ready), not a run of random letters
    # and digits (a generated password that starts with '!')
    if not name_of_words(value.lstrip("!").split(".")[-1].rstrip("()")):
        return False
    at = line.find(value)
    # Quoted, "!abc" could be a typed password; unquoted it is code, unless it is a URL's
    # user-info (postgres://app:!abc@db), which no language evaluates.
    return at > 0 and line[at - 1] not in "\"'`" and not line.startswith("@", at + len(value))


_DUNDER = re.compile(r"^__[a-z][a-z0-9_]*[a-z0-9]__$"
                     r"|^__[a-z]+(?:_[a-z]+)+$")  # a helper's name: __return_false, __return_empty_array


@_filter("dunder_name", "a double-underscore name (__iterator__, __proto__, __return_false): a reserved member "
         "or a helper function's name",
         generic_only=True, needs_in_value="_")
def is_dunder_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return value.startswith("__") and bool(_DUNDER.match(value))


_HYPHENED_WORDS = re.compile(r"^[a-z]+(?:-[a-z]+)*$")


@_filter("keyboard_access_key", "an HTML accesskey setting (accessKey: 'accesskey-save', accessKeyModifiers = "
         "'alt-shift'): a keyboard shortcut or its message key, lower-case words", generic_only=True, needs_key_name=True)
def is_keyboard_access_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A cloud access key is never lower-case letters and hyphens: those are a shortcut's words.
    lowered = (key_name or "").lower()
    if not lowered.startswith("accesskey") or "secret" in lowered or len(value) > 40:
        return False
    return bool(_HYPHENED_WORDS.match(value))


# A key chord as editors and desktop apps write it: modifier names joined by + or -, then one key.
_KEY_CHORD = re.compile(
    r"(?i)(?:(?:ctrl|control|alt|altgr|option|opt|shift|cmd|command|meta|super|win|mod|hyper|cmdorctrl|"
    r"commandorcontrol)[ \t]*[+-][ \t]*){1,4}"
    r"(?:[a-z0-9`\[\]\\;',./=-]|f\d{1,2}|enter|return|esc|escape|tab|space|up|down|left|right|home|end|pageup|"
    r"pagedown|page_up|page_down|delete|del|backspace|insert|plus|minus|comma|period|slash|backslash|backquote)"
)


@_filter("key_chord", "a keyboard shortcut (Alt+Shift+K, ctrl-shift-s): modifier names and one key, which a "
         "keymap or an editor setting holds, never a credential", generic_only=True)
def is_key_chord(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return len(value) <= 40 and _KEY_CHORD.fullmatch(value.strip()) is not None


_STARRED_WORD = re.compile(r"^(\*{1,2})[a-z]+(?:[ _-][a-z]+)*\1$")


@_filter("starred_marker", "a lower-case word between asterisks (**unsaved**): a marker a program sets, "
         "not a value", generic_only=True, needs_in_value="*")
def is_starred_marker(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return value.startswith("*") and value.endswith("*") and len(value) <= 40 and bool(_STARRED_WORD.match(value))


_LIST_PHRASE = re.compile(r'^\s*"[a-z0-9][a-z0-9 .+\-]*"\s*,?\s*$')


@_filter("phrase_in_json_list", "a phrase alone in a JSON list (\"secret-key cryptography\" in a package's "
         "keywords): words of a description, no key and no value", generic_only=True)
def is_phrase_in_json_list(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if language != "json" or ":" in line or " " not in line.strip() or len(line) > 120:
        return False
    if line.count(" ", line.find('"')) > 4:
        return False  # a keyword is a few words; twelve or more lower-case words may be a wallet's seed phrase
    return bool(_LIST_PHRASE.match(line)) and value in line


# A Rails route's target: "controller#action" (put "/disk/:encoded_token" => "active_storage/disk#update"). The path
# segment before it names a parameter the route takes, and the value names the code that handles it.
_ROUTE_TARGET = re.compile(r"^[a-z][a-z0-9_]*(?:/[a-z][a-z0-9_]*){0,4}#[a-z_][a-z0-9_]*[!?]?$")


@_filter("rails_route_target", "a Rails route's target (\"active_storage/disk#update\"): the controller and action "
         "that handle a path, not a credential", generic_only=True)
def is_rails_route_target(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return language == "ruby" and _ROUTE_TARGET.match(value.strip()) is not None


# CGI and Rack name a request header in the environment with HTTP_ before it (HTTP_AUTHORIZATION,
# X-HTTP_AUTHORIZATION): the name of where a credential arrives, not the credential.
_CGI_HEADER_NAME = re.compile(r"^(?:X[-_])?HTTP_[A-Z][A-Z0-9_]{1,60}$")


@_filter("cgi_header_variable", "a request header's name in a CGI or Rack environment (HTTP_AUTHORIZATION): where a "
         "credential arrives, not one", generic_only=True)
def is_cgi_header_variable(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return _CGI_HEADER_NAME.match(value.strip()) is not None


# Two columns of constant names (Net::SSLeay's POD lists its exported constants: F_CLIENT_MASTER_KEY
# OP_SSLEAY_080_CLIENT_DH_BUG): a name beside a name, no value between them.
_CONSTANT_COLUMNS = re.compile(r"^\s*([A-Z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)\s+([A-Z][A-Z0-9]*(?:_[A-Z0-9]+){2,})\s*$")


@_filter("constant_name_columns", "a constant's name in a table of constant names (F_CLIENT_MASTER_KEY  "
         "OP_NO_TICKET): names side by side, not a setting and its value", generic_only=True)
def is_constant_name_columns(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    m = _CONSTANT_COLUMNS.match(line)
    if m is None or m.group(2) != value.strip():
        return False
    # each part a short word or number, as names are spelled (a key in capitals is one long run)
    return all(len(p) <= 12 for p in value.split("_"))


# Rails 4.1 to 5.1 wrote config/secrets.yml with a random secret_key_base under `development:` and `test:`, meant to be
# committed for those environments (production's is read from the environment, or is a different value).
_RAILS_LOCAL_ENVIRONMENT = re.compile(r"^(?:development|test):[ \t]*(?:#.*)?$")


@_filter("rails_local_secret_key_base", "the secret_key_base of Rails' development or test environment in "
         "secrets.yml, which `rails new` generates to be committed: production's is kept elsewhere",
         generic_only=True, surroundings=True, needs_key_name=True)
def is_rails_local_secret_key_base(value: str, line: str, key_name: str | None, language: str | None,
                                   around: Surroundings) -> bool:
    if (key_name or "").lower() != "secret_key_base" or not line[:1].isspace():
        return False
    for text in reversed(around.lines[:around.lines_before]):
        if text.strip() and not text[:1].isspace():  # the section this entry is indented under
            return _RAILS_LOCAL_ENVIRONMENT.match(text.rstrip()) is not None
    return False


# `mix phx.new` writes a random secret_key_base into config/dev.exs and config/test.exs for the project's own machines,
# to be committed; production's is read from the environment in runtime.exs (or prod.secret.exs, kept out of git).
_PHOENIX_LOCAL_CONFIGS = frozenset({"dev.exs", "test.exs"})


@_filter("phoenix_local_secret_key_base", "the secret_key_base `mix phx.new` generates into config/dev.exs and "
         "config/test.exs, committed by design: production's is read from the environment",
         generic_only=True, surroundings=True, needs_key_name=True)
def is_phoenix_local_secret_key_base(value: str, line: str, key_name: str | None, language: str | None,
                                     around: Surroundings) -> bool:
    return (key_name or "").lower() == "secret_key_base" and around.file_name in _PHOENIX_LOCAL_CONFIGS
