"""String literals arranged as code's data, not values: two string arguments
after a bare word (get_model("auth", "User")), the quoted key of a nested array or hash
('http_password' => [...]), a migration's name in a dependency pair, and one name in a list of
field names.
"""

from __future__ import annotations

import re

from .code_structure import _is_quoted
from .registry import Surroundings, _filter
from .text_shapes import _looks_random
from .word_shapes import wordlike
from .words import key_words, names_credential


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
         " verify(\"password\", \"encoded\")): not a name and its credential", generic_only=True, needs_key_name=True, needs_in_line="(")
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
            # auth.change_user: an app-qualified permission or model; but a setter's auth.secret or
            # database.password is a configuration key, and its value the credential (viper.SetDefault)
            if callee and _ACCESSOR.match(callee) and names_credential(key_words(rest)) and _looks_random(value):
                return False
            return rest.replace("_", "").isalnum()
        if head.lower() == "auth":
            return not (callee and _SETTER.match(callee))  # get_model("auth", "User"), ("auth", "0001_initial")
        return bool(callee) and not _ACCESSOR.match(callee)
    return False


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


# A list of quoted names on one line: ['hostname', 'port', 'username', 'password', 'vhost'].
_QUOTED_ITEMS = re.compile(r"""\[\s*(?:(['"])[A-Za-z_][A-Za-z0-9_]{0,40}\1\s*,\s*)+(['"])[A-Za-z_][A-Za-z0-9_]{0,40}\2\s*,?\s*\]""")
_ITEM = re.compile(r"""['"]([A-Za-z_][A-Za-z0-9_]*)['"]""")
# `name = (` or `[` and nothing but quoted names up to the bracket that closes it.
_FIELDS_ASSIGNED = re.compile(
    r"""\b([A-Za-z_][A-Za-z0-9_]*)[ \t]*[:=][ \t]*[\[(]((?:[ \t]*(['"])[A-Za-z_][A-Za-z0-9_]{0,40}\3[ \t]*,)+"""
    r"""[ \t]*(?:(['"])[A-Za-z_][A-Za-z0-9_]{0,40}\4[ \t]*,?)?)[ \t]*[\])]""")
# (required=(…), optional=(…): the fields an API client's create or update call takes, as python-gitlab lists them.)
_TOGETHER = re.compile(r"\b(?:unique|index)_together\b")
_FIELD_LIST_WORDS = frozenset({"fields", "columns", "display", "exclude", "ordering", "attrs", "attributes", "required",
                               "optional"})


@_filter("field_name_list", "one of a list of field names that names a credential beside the others "
         "(['hostname', 'port', 'username', 'password']): which fields, not their values", generic_only=True, needs_in_line="[(")
def is_field_name_list(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not v.isidentifier() or ("[" not in line and "(" not in line):
        return False
    # Django's Meta.unique_together / index_together: tuples of field names (('token', 'revoked'),)
    if _TOGETHER.search(line) and ("'" + v + "'" in line or '"' + v + '"' in line):
        return True
    # A list or tuple assigned to a name that says it lists fields (Django admin's readonly_fields,
    # list_display, a serializer's fields, exclude): every item names a field, two are enough.
    for m in _FIELDS_ASSIGNED.finditer(line):
        words = key_words(m.group(1))
        if words and words[-1] in _FIELD_LIST_WORDS and v in _ITEM.findall(m.group(2)):
            return True
    if "[" not in line:
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


# A CSS id selector of words (jQuery's $('#snmp_priv_passphrase'), document.querySelector('#new-password')): which
# form field a script reads, not what is typed into it.
_ID_SELECTOR = re.compile(r"^#[a-z][a-z0-9]*(?:[_\-][a-z0-9]+)*$")
_SELECTOR_LANGUAGES = frozenset({"javascript", "typescript", "html", "php", "vue", "svelte", "jsx", "tsx"})


@_filter("element_id_selector", "a CSS id selector of a form field (#snmp_priv_passphrase, #new-password) in a "
         "script: the field's name, not its value", generic_only=True)
def is_element_id_selector(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if language not in _SELECTOR_LANGUAGES or _ID_SELECTOR.match(v) is None:
        return False
    # every piece a word of the field's name (a short password after a # has digits or capitals mixed in)
    return all(p.isalpha() or p.isdigit() and len(p) <= 2 for p in re.split(r"[_\-]", v[1:]))


# The head of a CSS attribute selector or an XPath step, cut at the quote inside it by a rule that stops at any quote
# (PASSWORD: "input[name='login_password']" reads as input[name=, "//input[@type='password']" as //input[@type=).
_SELECTOR_HEAD = re.compile(r"^(?://?|\.//)?[a-z][a-z0-9-]*(?:[#.][\w-]+)*\[@?[a-z][\w:-]*[~|^$*]?=$")


@_filter("selector_head", "the head of a CSS attribute selector or an XPath step (input[name=, //input[@type=): "
         "which form field, not its value", generic_only=True, needs_in_value="[")
def is_selector_head(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    at = line.find(v)
    return _SELECTOR_HEAD.match(v) is not None and at >= 0 and line.startswith(("'", '"'), at + len(v))


# A serializer's attribute map entry (AutoRest/msrest: {"key": "CustomerProvidedKeySha256", "type": "str"}): the
# wire name of a field and its type, beside each other in one dict.
_WORD_RUN = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")  # words in camelCase or capitals
# One piece of a wire name: words in camelCase, short acronyms (MD5, SHA) and numbers closing a word.
_WIRE_NAME_PIECE = re.compile(r"^(?:[a-z]+|[A-Z][a-z]+|[A-Z]{2,4})[0-9]{0,4}(?:(?:[A-Z][a-z]+|[A-Z]{2,4}(?![a-z]))[0-9]{0,4})*$")
_ATTRIBUTE_MAP_ENTRY = re.compile(r"""["']key["'][ \t]*:[ \t]*["']([A-Za-z_][A-Za-z0-9_.\\]*)["'][ \t]*,[ \t]*["']type["'][ \t]*:""")


@_filter("attribute_map_entry", "a field's wire name in a serializer's attribute map ({\"key\": \"CustomerProvidedKey\", "
         "\"type\": \"str\"}): which field, not its value", generic_only=True, needs_key_name=True)
def is_attribute_map_entry(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if "type" not in line or (key_name or "").lower() != "key":
        return False
    m = _ATTRIBUTE_MAP_ENTRY.search(line)
    v = value.strip()
    if m is None or m.group(1) != v:
        return False
    # The wire name reads as words (CustomerProvidedKeySha256, properties.lastModified); a base32 or random key
    # in a {"key": …, "type": "totp"} record does not.
    pieces = re.split(r"[.\\-]", v)
    if not all(_WIRE_NAME_PIECE.match(p) for p in pieces):
        return False
    runs = [w for p in pieces for w in _WORD_RUN.findall(p)]
    words = [w for w in runs if len(w) >= 3 and not w.isupper() and wordlike(w)]
    return bool(words) and sum(map(len, words)) >= 0.65 * sum(map(len, runs))


# An element that holds one setting as a pair of attributes (<property key="…" value="…"/>, Ant's
# <filter token="…" value="…"/>): the first names the setting, value= holds it.
_SETTING_NAME = re.compile(r"^[A-Za-z$@][A-Za-z0-9_.${}@-]*$")
_NAME_ATTRIBUTE = re.compile(r"""<[A-Za-z][\w:.-]*\s(?:[^<>]*?\s)?(?:key|token|name)\s*=\s*(["'])([^"'<>]*)\1[^<>]*?\svalue\s*=""")


@_filter("name_of_a_value_attribute", "the name in an element's name and value pair (<property key=\"xc32-ld-extra\" "
         "value=\"\"/>, <filter token=\"JDT_JAR\" value=\"…\"/>): which setting, its value is the other attribute",
         generic_only=True)
def is_name_of_a_value_attribute(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    # a setting's name is words and separators; a random run under token= would be a token however it is placed
    if not v or "value" not in line or _SETTING_NAME.match(v) is None:
        return False
    pieces = [p for p in re.split(r"[-_.${}@]", v) if p]
    if len(pieces) < 2 and _looks_random(v):
        return False
    if not all(len(p) <= 16 and re.search(r"[A-Za-z]{2}", p) for p in pieces):
        return False  # a UUID or a hex or random run between hyphens is no setting's name
    return any(m.group(2) == v for m in _NAME_ATTRIBUTE.finditer(line))


# A command's keyword in a table of its arguments (Redis's commands/*.json: "token": "WEIGHTS" beside
# "name": "weight"): the word a client types before the argument, named again beside it.
_KEYWORD = re.compile(r"^[A-Z][A-Z_-]{1,30}$")
_ARGUMENT_NAME = re.compile(r"""["']?name["']?\s*[:=]\s*["']([A-Za-z_][\w-]{2,40})["']""")


@_filter("argument_keyword", "a command's keyword beside the argument it introduces (\"token\": \"WEIGHTS\", "
         "\"name\": \"weight\"): a word of the command's syntax", generic_only=True, surroundings=True)
def is_argument_keyword(value: str, line: str, key_name: str | None, language: str | None,
                        around: Surroundings) -> bool:
    v = value.strip()
    if _KEYWORD.match(v) is None:
        return False
    word = v.lower().replace("-", "_")
    for text in around.lines:
        for m in _ARGUMENT_NAME.finditer(text):
            name = m.group(1).lower().replace("-", "_")
            if name.startswith(word) or word.startswith(name):
                return True
    return False
