"""Types where a value would be: a type written as a string
(Optional[str]), a union of string-literal types, TypeScript annotations and declaration files
(.d.ts), a typeof test, Python string annotations, typed languages' parameter types
(Option<&str>), Go field types and Go constants of a named type.
"""

from __future__ import annotations

import re

from .code_structure import _QUOTE, _is_quoted
from .registry import Surroundings, _filter
from .text_shapes import _looks_random
from .word_shapes import english_like, wordlike
from .words import _CAMEL


# A generic type written as a string (an OpenAPI model's type map, a quoted annotation):
# "list[V1LocalObjectReference]", "Optional[str]", "dict(str, str)".
_TYPE_EXPRESSION = re.compile(
    r"^(?:list|dict|set|tuple|frozenset|List|Dict|Set|Tuple|FrozenSet|Optional|Union|Sequence|Mapping|Iterable|Type)"
    r"[\[(][A-Za-z_][\w.]*(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*)*(?:[ \t]*[\[(][\w., \t]*[\])])?[\])]$")


@_filter("type_expression", "a type written as a string (list[V1Secret], Optional[str]): a declaration, not a value",
         generic_only=True)
def is_type_expression(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return bool(_TYPE_EXPRESSION.match(value.strip()))


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


@_filter("type_annotation", "a type in a TypeScript declaration (apiKey: SensitiveString;): the value's type, "
         "not the value", generic_only=True, needs_key_name=True)
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


@_filter("string_annotation", "a type written as a string in a Python annotation (_ctx: \"CryptContext\" = …): "
         "a forward reference to a class, not a value", generic_only=True, needs_key_name=True, needs_in_line=":")
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
    at = line.find(v)
    if at > 0 and line[at - 1] in "\"'`":
        return False  # a quoted literal is a value, whatever it opens with (a C++ password "&Kx9…")
    # every name inside reads as a word (str, u8, String, Value), as types do and random text does not
    pieces = [p for n in _NOT_NAME.split(v) if n for p in _CAMEL.sub("_", n).split("_") if p]
    return all(len(p) <= 3 or wordlike(p) for p in pieces)


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
_GO_TYPED_CONST = re.compile(r'^\s*(?:const\s+)?(?!(?:const|var)\s)([A-Za-z_]\w*)\s+(?:[A-Za-z_]\w*\.)?([A-Za-z_]\w*)\s*=\s*"([^"\\]*)"'
                             r'\s*(?://.*)?$')
_LOWER_SLUG = re.compile(r"^[a-z][a-z0-9]*(?:[_\-.][a-z0-9]+)*$")
_NOT_LETTER_OR_DIGIT = re.compile(r"[^a-z0-9]")


@_filter("go_enum_constant", "a Go constant of a named type whose value is a lower-case word (SymmetricSecret "
         "SecretType = \"symmetric\") or the end of the constant's own name (SecretObjectTypeOpaque "
         "SecretObjectType = \"Opaque\"): an enumeration member's wire name", generic_only=True)
def is_go_enum_constant(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if language != "go":
        return False
    v = value.strip()
    m = _GO_TYPED_CONST.match(line)
    if m is None or m.group(2) in _GO_BUILTIN_TYPES or m.group(3) != v:
        return False
    if _LOWER_SLUG.match(v) is not None and (wordlike(v) or english_like(v)) and not _looks_random(v):
        return True
    # Generated SDKs name each member for its value (ContentKeyPolicyTokenKey … = "#Microsoft.Media.
    # ContentKeyPolicyTokenKey"): the value's letters close the constant's name.
    letters = _NOT_LETTER_OR_DIGIT.sub("", v.lower())
    return len(letters) >= 3 and m.group(1).lower().endswith(letters)
