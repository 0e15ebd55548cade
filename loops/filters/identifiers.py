"""Identifiers used as values: UUIDs under an id name, dotted module and class
names, snake_case slugs, import strings (package.module:callable), camelCase names and field
names, word slugs, values that spell the constant's own name, Smithy shape ids, ASN.1 object
identifiers, qualified package names (Net::Amazon::S3) and Oracle Cloud resource ids.
"""

from __future__ import annotations

import re

from .registry import Surroundings, _filter
from .text_shapes import _looks_random
from .word_shapes import _LETTER_RUN, _typed_word, english_like, wordlike
from .words import (
    _CAMEL,
    _CREDENTIAL_WORDS,
    _context_words,
    _names_generated_credential,
    approle_secret_id,
    key_words,
    names_credential,
    names_password,
    names_vault_secret_id,
    split_words,
    wireless_pass_phrase,
)


_UUID = re.compile(r"^(?:urn:uuid:)?\{?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}?$")
_IDENTIFIER_WORDS = frozenset({"id", "ids", "uuid", "guid", "uid", "identifier", "ref", "reference"})


# What a payment API's record "tokens" stand for: a card's, a transaction's number kept by the processor.
_TOKENISED_THINGS = frozenset({"card", "cards", "transaction", "payment", "order", "cart", "checkout", "invoice",
                               "program", "funding", "instrument", "pan", "product", "source"})


_BASIC_USER_OPTION_BEFORE = re.compile(r"(?:^|[ \t])(?:-u|--user)[ \t]*[=]?[\"']?$")
_BASIC_PASSWORD_OPTION_BEFORE = re.compile(r"(?:^|[ \t])(?:-u|--user)[ \t]*[=]?[\"']?[^\s:\"']+:$")
_AUTHORIZATION_SCHEME_BEFORE = re.compile(r"(?i)\bauthorization\b[\"']?[ \t]*(?:=>|[:=,])[ \t]*[\"']?(?:[A-Za-z][\w-]*[ \t]+)?$")


_SECURE_STRING = re.compile(r"""\b(?:type|string_type|Type)["']?[ \t]*[:=][ \t]*["']?SecureString\b|--type[ \t=]+["']?SecureString\b""")


_PARAMETER_NAME = re.compile(r"""\bname["']?[ \t]*[:=][ \t]*["']([^"'\s]+)["']|--name[ \t=]+["']?([^"'\s]+)""")


def _names_an_id_parameter(lines: tuple[str, ...]) -> bool:
    """The parameter's own name (its path's last part: /prod/redox_source_id) says it holds an id."""
    for text in lines:
        m = _PARAMETER_NAME.search(text)
        if m is not None:
            words = key_words((m.group(1) or m.group(2)).rstrip("/").rsplit("/", 1)[-1])
            return bool(words) and words[-1] in _IDENTIFIER_WORDS
    return False


@_filter("uuid", "a UUID used as an identifier: under an id/uuid name or no credential name (UUIDs used AS keys are kept)",
         generic_only=True, surroundings=True)
def is_uuid_identifier(value: str, line: str, key_name: str | None, language: str | None,
                       around: Surroundings = Surroundings()) -> bool:
    if not _UUID.match(value.strip()):
        return False
    at = line.find(value.strip())
    if at > 0 and _AUTHORIZATION_SCHEME_BEFORE.search(line, 0, at):
        return False  # sent as a credential: Authorization: Splunk <uuid>, GenieKey <uuid>, OAuth <uuid>, or alone
    end = at + len(value.strip())
    if at > 0 and line[at - 1] == ":" and line[end:end + 1] == "@" and "://" in line[:at]:
        return False  # a URL's password slot (https://heroku:<uuid>@git.heroku.com): no id goes there
    if at >= 3 and line[at - 3:at] == "://" and line[end:end + 2] == ":@":
        return False  # a URL's user with an empty password (https://<uuid>:@api.host): an API key sent as Basic's user
    if at > 0 and line[end:end + 1] == ":" and _BASIC_USER_OPTION_BEFORE.search(line, 0, at):
        return False  # curl -u <uuid>: — an API key sent as Basic auth's user (Companies House, Stripe's sk_ too)
    if at > 0 and line[at - 1] == ":" and _BASIC_PASSWORD_OPTION_BEFORE.search(line, 0, at):
        return False  # curl -u user:<uuid> — the password slot, where no id goes
    if any(_SECURE_STRING.search(text) for text in (line, *around.lines)) and not _names_an_id_parameter(
            (line, *around.lines)):
        return False  # the value of a parameter declared secret (SSM's SecureString): a UUID stored there is a key
    words = _context_words(value.strip(), line, key_name)
    if key_words(key_name or "")[:1] in (["guid"], ["uuid"]):
        return True  # the name says first what it holds: an installer's GuidKpasswd is the kpasswd component's GUID
    # (a collection of them says so after it: globalCredentialIdList)
    while len(words) > 1 and words[-1] in ("list", "lists", "array", "set", "items"):
        words = words[:-1]
    if names_vault_secret_id(words) or words[-1:] == ["pat"]:
        return False  # (a personal access token: SmartThings' are UUIDs, kept as ST_PAT)
    if approle_secret_id(words, (line, *around.lines)):
        return False
    # A bare `key` holding a UUID is a lookup key: a view's or an element's in an export, an idempotency key, a
    # feature-flag SDK's evaluation context ({ kind: 'user', key: '<uuid>' }), Split's traffic key. (A UUID that is
    # an API key comes under its vendor's or a credential's name, or in a header, kept above.)
    if key_words(key_name or "") == ["key"]:
        if _REQUEST_PARAMETERS.search(line):
            return False  # an API's key parameter: Open Charge Map's {"key": "<uuid>"} in a request's params, ?key=<uuid>
        if not _MAPPING_MEMBER_KEY.search(line):
            return False  # a call's or a setting's key (cdsapi.Client(url=…, key="<uuid>"), key = "<uuid>"): kept
        # (unless a block it sits in names credentials: an export's "api_keys": [{"label": …, "key": "<uuid>"}])
        return not any(names_credential(key_words(name)) for name in _enclosing_names(line, around))
    # The last word says what the value is: credentialsId, secret_uuid and tokenGuid name ids.
    if len(words) >= 2 and words[-1] == "token" and words[-2] in _TOKENISED_THINGS:
        return True  # card issuers and processors call their records' ids tokens (card_token, transactionToken)
    if len(words) >= 2 and words[-1] == "token" and words[-2] in ("uid", "uuid", "guid"):
        return True  # the word before says what the token is: a user's uid_token, a session's guid_token
    return not names_credential(words) or (bool(words) and words[-1] in _IDENTIFIER_WORDS)


# `key` as a member of a mapping (JSON, YAML, a JavaScript object): "key": …, key: …
_MAPPING_MEMBER_KEY = re.compile(r"""(?:^|[\s{,\[])["']?key["']?[ \t]*:(?!:)""")
# A request's parameters on the line: a query string's key=, or a mapping named params or query.
_REQUEST_PARAMETERS = re.compile(r"[?&]key=|\b(?:params|query|querystring|qs|search_?params)\b", re.I)
# A block's name on the line that opens it ("api_keys": [, credentials:, tokens = {).
_BLOCK_NAME = re.compile(r"""^[ \t]*(?:(?:export|const|let|var|val|private|public|readonly|static|final)[ \t]+)*-?[ \t]*"""
                         r"""["']?([\w.-]+)["']?[ \t]*[:=][ \t]*[\[{(]?[ \t]*$""")
_TABLE_HEADER = re.compile(r"^[ \t]*\[\[?[ \t]*(?:[\w-]+\.)*([\w-]+)[ \t]*\]\]?[ \t]*$")


def _enclosing_names(line: str, around: Surroundings) -> list[str]:
    """The names of the blocks a value's line sits in (`api_keys:`, `"signing": {`), nearest first, and the nearest
    table header above it (a flat TOML or INI file's table: [[api_keys]], [cache])."""
    names = [m.group(1) for m in (_BLOCK_NAME.search(text) for text in around.enclosing(line, _BLOCK_NAME.search)) if m]
    return names + [m.group(1) for m in map(_TABLE_HEADER.match, reversed(around.lines[:around.lines_before])) if m][:1]


# A digest or a PGP fingerprint under a bare `key` whose own prefix or block says what it keys: cache.key=<sha1> (a
# cache entry's name), signing: key: <40 hex> (a release's GPG key: a fingerprint is 40 hex; a signing key's secret is
# not, and signing_key or JWT_SIGNING_KEY name the secret itself, so only a bare key under such a block is read).
_DIGEST_HEX = re.compile(r"^(?:[0-9a-f]{40}|[0-9A-F]{40}|[0-9a-f]{64}|[0-9A-F]{64})$")
_DIGEST_KEY_OWNERS = frozenset({"cache", "caches", "checksum", "digest", "fingerprint", "hash"})
_FINGERPRINT_KEY_OWNERS = frozenset({"signing", "sign", "gpg", "pgp", "gnupg", "release"})


@_filter("digest_under_bare_key", "a digest or a PGP fingerprint under a bare `key` of a cache's or a signing "
         "block (cache.key=<sha1>, signing: key: <fingerprint>): what it names, not a credential",
         generic_only=True, surroundings=True, needs_key_name=True)
def is_digest_under_bare_key(value: str, line: str, key_name: str | None, language: str | None,
                             around: Surroundings) -> bool:
    v = value.strip()
    words = key_words(key_name)
    if words[-1:] != ["key"] or len(words) > 2 or _DIGEST_HEX.match(v) is None:
        return False
    owners = set(words[:-1])
    if len(words) == 1:
        owners.update(w for name in _enclosing_names(line, around) for w in key_words(name))
    return bool(owners & _DIGEST_KEY_OWNERS) or (len(v) == 40 and len(words) == 1 and bool(owners & _FINGERPRINT_KEY_OWNERS))


# A bare `key` of a mechanism's block names what the mechanism keys on, not a credential: [api.rate_limit] key = …,
# a cache's, a lock's, a shard's or a queue's key.
_MECHANISM_WORDS = frozenset({"rate", "limit", "ratelimit", "limiter", "throttle", "throttling", "cache", "caches", "lock",
                              "locks", "partition", "shard", "sort", "index", "idempotency", "dedup", "routing", "queue"})


@_filter("bare_key_of_a_mechanism", "a bare `key` in the block of a rate limit, a cache, a lock, a shard or a queue "
         "([api.rate_limit] key = …): what the mechanism keys on, not a credential", generic_only=True,
         surroundings=True, needs_key_name=True)
def is_bare_key_of_a_mechanism(value: str, line: str, key_name: str | None, language: str | None,
                               around: Surroundings) -> bool:
    if key_words(key_name) != ["key"]:
        return False
    return any(w in _MECHANISM_WORDS for name in _enclosing_names(line, around)[:2] for w in key_words(name))


# A Jenkins pipeline names the credentials a step uses by their id in Jenkins' store: withAWS(credentials: 'aws-ci'),
# git(url: …, credentialsId: 'deploy-key'). The id is a slug; the secret stays in Jenkins.
_NAMED_ARGUMENT_CREDENTIALS = re.compile(r"\(\s*(?:[\w]+\s*:\s*[^,()]+,\s*)*credentials(?:Id)?\s*:\s*['\"]")
_CREDENTIALS_ID_SLUG = re.compile(r"^[a-z0-9]+(?:[-_.][a-z0-9]+){0,6}$")


@_filter("pipeline_credentials_id", "the id of credentials kept in Jenkins, given to a pipeline step by name "
         "(withAWS(credentials: 'aws-ci'), credentialsId: 'deploy-key'): a reference, not the secret",
         generic_only=True, needs_key_name=True)
def is_pipeline_credentials_id(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return (key_words(key_name) in (["credentials"], ["credentials", "id"]) and len(v) <= 48
            and _CREDENTIALS_ID_SLUG.match(v) is not None and not _looks_random(v)
            and _NAMED_ARGUMENT_CREDENTIALS.search(line) is not None)


# A payment processor's one-time object: a card token (tok_…, Stripe's and Checkout.com's), a payment method
# (pm_…), a source (src_…), a bank account token (btok_…): it stands for a card or an account at the processor,
# and only the merchant's secret key can charge it.
_PAYMENT_OBJECT = re.compile(r"^(?:tok|btok|pm|src|card|ba)_(?:test_|live_)?[A-Za-z0-9]{10,40}$")


@_filter("payment_object_token", "a payment processor's one-time object (tok_…, pm_…, src_…) under a payment's or "
         "card's token name: it stands for a card at the processor, not a credential", generic_only=True,
         needs_key_name=True)
def is_payment_object_token(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    return (_PAYMENT_OBJECT.match(value.strip()) is not None and words[-1:] in (["token"], ["id"])
            and bool(_TOKENISED_THINGS & set(words[:-1])))


# A travel or commerce API's reference to a priced record: Kiwi's booking_token, an offer's or a fare's token, a
# quote's. It names what a search returned (and expires with it); the API key is what opens the API.
_PRICED_RECORD_THINGS = frozenset({"booking", "offer", "fare", "quote", "itinerary"})


@_filter("priced_record_token", "the token of a booking, offer, fare or quote a search returned (booking_token): a "
         "reference to a priced record, not a credential", generic_only=True, needs_key_name=True)
def is_priced_record_token(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    return len(words) >= 2 and words[-1] == "token" and words[-2] in _PRICED_RECORD_THINGS


# An Oracle Cloud resource id: ocid1.<resource type>.<realm>.[region][.future use].<unique id> (a tenancy's and a
# compartment's have no region: ocid1.tenancy.oc1..aaaa…). It names the resource; reading it needs a signed request.
_OCID = re.compile(r"^ocid1\.[a-z0-9]+\.oc[0-9]+\.[a-z0-9-]*(?:\.[a-z0-9-]*)?\.[a-z0-9]{20,}$")


@_filter("oracle_cloud_ocid", "an Oracle Cloud resource id (ocid1.<type>.<realm>.<region>.<unique id>): it names a "
         "resource (a vault secret, a tenancy), it is not a credential", needs_in_value=".")
def is_oracle_cloud_ocid(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return v.startswith("ocid1.") and _OCID.match(v) is not None


# (Leading dots: a relative module path, `.api.authorization_api`.)
_DOTTED_NAME = re.compile(r"^\.{0,3}[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$")
_TRAILING_NUMBER = re.compile(r"\d{2,}[A-Za-z]{0,3}$")  # (and a few letters after it: Breeze2024xy)
# Lower-case words, dotted, hyphens inside a segment, at least three segments: a context attribute's name as
# Java libraries spell their constants (HttpClient's AUTH_CACHE = "http.auth.auth-cache").
_DOTTED_HYPHENATED_NAME = re.compile(r"^[a-z]{2,}(?:-[a-z]{2,})*(?:\.[a-z]{2,}(?:-[a-z]{2,})*){2,}$")
_SLUG = re.compile(r"^[a-z0-9]+(?:_[a-z0-9]+){3,}$")


# The roots of .NET's and Java's namespaces: a dotted name of three or more parts under one is a type's or a package's.
_NAMESPACE_ROOTS = frozenset({"Microsoft", "System", "Windows", "Azure", "Amazon", "Google", "Newtonsoft", "NUnit",
                              "Xunit", "com", "org", "java", "javax", "android", "androidx", "kotlin", "kotlinx"})


# A relative import of one module (".types", "..core"), as a package's lazy-import table maps names to modules.
_RELATIVE_MODULE = re.compile(r"^\.{1,3}[a-z_][a-z0-9_]*$")


@_filter("dotted_name", "a dotted module, class or setting name (auth.User, app_tests.CustomUser, hashers.MD5Hasher, "
         "a relative module .types), not a literal secret", generic_only=True, needs_in_value=".")
def is_dotted_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if value[:1] == "." and _RELATIVE_MODULE.match(value):
        core = value.lstrip(".").replace("_", "")
        # the module's name reads as words, or is its class's name run together (HTTPBearerConfigParam:
        # ".httpbearerconfig")
        return wordlike(core) or (len(core) >= 6 and core in (key_name or "").lower().replace("_", ""))
    if _passphrase_slot(value, line, key_name):
        return False
    if _DOTTED_HYPHENATED_NAME.match(value):
        return True  # an attribute's or a property's name (http.auth.auth-cache): three or more dotted segments of words
    if not _DOTTED_NAME.match(value) or value.lower().endswith((".com", ".org", ".net", ".io")):
        return False
    segments = value.split(".")
    if len(segments) >= 3 and segments[0] in _NAMESPACE_ROOTS and all(len(s) >= 2 for s in segments):
        return True  # a type's full name under a vendor's or a platform's namespace (Microsoft.AspNetCore.…Decryptor)
    if not any(c.isdigit() for c in value):
        # names read as words (auth.User) or are short (cfg.db); random letter runs around a dot
        # (xQzvP.kLmWt) are how a generated password looks
        return wordlike(value) or all(len(s) <= 4 or wordlike(s) for s in segments)
    # Digits inside identifiers made of words (MD5PasswordHasher, UserWithM2M) are names; a
    # word with a number appended (Summer.Time2024) is how people type passwords.
    return wordlike(value) and not any(_TRAILING_NUMBER.search(s) for s in segments)


# A leading underscore marks a private or internal name (_auth_user_id, _session_cache).
_PRIVATE_NAME = re.compile(r"^_[a-z]+(?:_[a-z]+)+$")


@_filter("snake_case_slug", "a snake_case name of four or more words (0007_alter_user_email) or a private name"
         " (_auth_user_id), an identifier", generic_only=True)
def is_snake_case_slug(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if _PRIVATE_NAME.match(value):
        return wordlike(value)
    if not _SLUG.match(value) or _passphrase_slot(value, line, key_name):
        return False
    words = value.split("_")
    if any(len(w) >= 16 and not w.isalpha() for w in words):
        return False  # a random run among the words (Radar's prj_live_sk_<40 hex>): a key's prefix, then the key
    return sum(w.isalpha() for w in words) >= 3


# Lower-case words joined by a dot or an underscore (correct.horse.battery.staple, plum_otter_violet_kite3): how passphrase
# generators write them. Under a name whose last word is a password's, or in a URL's password slot, that is what
# it is; a module path or a slug goes under other names (PASSWORD_HASHERS ends in hashers, a migration in a list).
_LOWER_WORD_RUN = re.compile(r"^[a-z]{2,}(?:[._][a-z]{2,})+\d{0,4}$")


# Words code names things with, and passphrase word lists leave out: add_error_messages_to_form is a function's name.
_CODE_WORDS = frozenset({
    "add", "get", "set", "to", "from", "by", "of", "for", "in", "on", "is", "has", "id", "ids", "user", "users", "email",
    "error", "errors", "message", "messages", "form", "field", "fields", "create", "update", "delete", "alter",
    "remove", "list", "name", "test", "tests", "init", "config", "settings", "auth", "model", "models", "view",
    "views", "app", "apps", "admin", "api", "db", "table", "column", "index", "key", "value", "data", "type",
    "contrib", "backends", "hashers", "utils", "core", "handler", "default", "password", "reset", "change",
})


def _passphrase_slot(value: str, line: str, key_name: str | None) -> bool:
    v = value.strip()
    if _LOWER_WORD_RUN.match(v) is None or _CODE_WORDS.intersection(re.split(r"[._]", v)):
        return False
    if f":{v}@" in line and "://" in line:
        return True
    words = key_words(key_name or "")
    return bool(words) and names_password(words[-1:])


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
    module = value.strip().split(":", 1)[0]
    deep = module.count(".") >= _DEEP_MODULE_DOTS
    if deep and attr[:1].isupper() and attr.isalpha() and wordlike(attr):
        return True
    # A console script named for its module (export_signing_key=synapse._scripts.export_signing_key:main).
    return bool(key_name) and module.rsplit(".", 1)[-1] == key_name and attr.isalpha() and attr.islower()


# A word and two or more numbers joined by colons: an id made of a kind and numbers (addons.mozilla.org's JWT issuer
# user:12345:678, a record's type:id:version). A secret is drawn at random, not counted.
_NUMBERED_ID = re.compile(r"^[a-z]{2,16}(?::\d{1,12}){2,4}$")
_CHOSEN_SECRET_WORDS = frozenset({"password", "passwd", "pass", "pwd", "passphrase", "auth", "pin", "secret"})


@_filter("numbered_id", "a word and numbers joined by colons (user:12345:678, as addons.mozilla.org's API key names "
         "its JWT issuer): an account's id, its secret is separate", generic_only=True, needs_in_value=":")
def is_numbered_id(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if _NUMBERED_ID.match(value.strip()) is None:
        return False
    # a password people choose may read welcome:2024:01, and Redis AUTH takes user:password
    return not _CHOSEN_SECRET_WORDS.intersection(key_words(key_name or ""))


# Three words or more in lower camelCase (dangerouslyAllowBrowser): a name in code.
_CAMEL_WORDS = re.compile(r"^[a-z]{2,}(?:[A-Z][a-z]{1,}){2,}$")


@_filter("camel_case_name_as_key", "an API key or token that is three words or more in camelCase "
         "(dangerouslyAllowBrowser): an option's or a variable's name, keys are generated", generic_only=True, needs_key_name=True)
def is_camel_case_name_as_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > 48 or not _CAMEL_WORDS.match(v) or not _names_generated_credential(key_name):
        return False
    return all(_typed_word(w) or len(w) <= 3 and wordlike(w) for w in _CAMEL.sub("_", v).lower().split("_"))


# A constant whose value is its own name in other words (an error code, an enum member, a type tag):
# DEPENDENT_SDK_INIT = "auth/dependent-sdk-initialized", FLOW_PASSWORD_REQUIRED_V2 = "FlowPasswordRequiredResultV2".
_NAME_LIKE_VALUE = re.compile(r"^[A-Za-z][A-Za-z0-9]*(?:[-_/.:][A-Za-z][A-Za-z0-9]*)*$")  # one way to split: no backtracking
_VERSION_PIECE = re.compile(r"^v[0-9]{1,2}$")


def _same_word(a: str, b: str) -> bool:
    """One word, or one the short form of the other (init, initialized; cred, credential)."""
    return a == b or (min(len(a), len(b)) >= 3 and (a.startswith(b) or b.startswith(a)))


@_filter("value_spells_key_name", "the value spells the constant's own name in other words (an error code, "
         "an enum member, a type tag: AUTH_METHOD_REQUIRED = \"auth/method-required\"), which says what the "
         "constant is, not a secret", generic_only=True, needs_key_name=True)
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


# camelCase with digits in it and short pieces: epv2Today, bdc1DischargePower, eBatChargeTotal. Each capital
# starts a word (no run of capitals: wFGEwgr… is typed at random, not named).
_CAMEL_FIELD = re.compile(r"^[a-z][a-z0-9]*(?:[A-Z][a-z][a-z0-9]*)+$")
_LONGEST_CAMEL_FIELD = 40
_TYPED_SHARE_OF_FIELD = 0.4


@_filter("camel_field_name_as_key", "an API key or token that is a camelCase field name (bdc1DischargePower, "
         "epv2Today): words a person named a field with, keys are generated", generic_only=True, needs_key_name=True)
def is_camel_field_name_as_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > _LONGEST_CAMEL_FIELD or _CAMEL_FIELD.match(v) is None or not _names_generated_credential(key_name):
        return False
    pieces = [p.lower() for p in _LETTER_RUN.findall(v)]
    letters = sum(len(p) for p in pieces)
    typed = sum(len(p) for p in pieces if len(p) >= 4 and _typed_word(p))
    # The rest are abbreviations (e, bat, bdc, pv): short, and not much more than the words, nor more of them than
    # one beside each word (a random key's letters fall into many short runs: mbamUtvesnsUcCxl93b4).
    words = sum(1 for p in pieces if len(p) >= 4 and _typed_word(p))
    return (len(pieces) >= 2 and typed >= _TYPED_SHARE_OF_FIELD * letters and all(len(p) <= 4 or _typed_word(p) for p in pieces)
            and len(pieces) - words <= words + 1)


# A name of four or more pieces joined by - or _ (ff_back_dev_3374_review_query_short): a feature
# flag's, a job's or an event's name, longer than worded_key_in_example looks at.
_WORD_SLUG = re.compile(r"^[A-Za-z0-9]+(?:[-_]{1,2}[A-Za-z0-9]+){3,11}$")
_SLUG_PIECES = re.compile(r"[-_]+")
_LONGEST_WORD_SLUG = 96
_LONGEST_SLUG_NUMBER = 8  # a ticket number or a date (160922, 20240131)


# The second string of a pair opened on the line (("user", "…"), ["user", "…"]): a login pair's password.
_PAIR_SECOND_ITEM = re.compile(r"""[(\[][ \t]*["'][^"'\n]{1,64}["'][ \t]*,[ \t]*["']$""")


@_filter("word_slug_as_key", "an API key or token that is a long name of words joined by - or _ (fflag_feat_front_"
         "dev_2536_comment_notifications): a flag's or a job's name, keys are generated", generic_only=True,
         needs_key_name=True, needs_in_value="-_", surroundings=True)
def is_word_slug_as_key(value: str, line: str, key_name: str | None, language: str | None,
                        around: Surroundings = Surroundings()) -> bool:
    v = value.strip()
    if len(v) > _LONGEST_WORD_SLUG or ("-" not in v and "_" not in v) or not _names_generated_credential(key_name):
        return False
    if wireless_pass_phrase(key_name, around.lines):
        return False
    if _WORD_SLUG.match(v) is None:
        return False
    at = line.find(v)
    if at > 0 and _PAIR_SECOND_ITEM.search(line, 0, at):
        return False  # ("user", "pine-otter-table-lamp"): the second of a login pair is a password, a pass phrase
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


# An ASN.1 object identifier: a first arc of 0, 1 or 2, then five or more numbers (a version has up to four).
_OBJECT_IDENTIFIER = re.compile(r"^[0-2](?:\.(?:0|[1-9][0-9]{0,9})){5,30}$")


@_filter("object_identifier", "an ASN.1 object identifier (1.2.840.113556.1.4.90, an LDAP attribute's or an "
         "algorithm's OID): the name of a field, not its value", generic_only=True)
def is_object_identifier(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # Directory tools map attribute names (unicodePwd, supplementalCredentials) to their OIDs; the
    # name says password, the value names the attribute.
    return _OBJECT_IDENTIFIER.match(value.strip()) is not None


# A package's or a class's qualified name (Perl's and Ruby's Net::Amazon::S3::Signature::V4, Rust's and C++'s
# paths): the class a setting selects, not a credential.
_QUALIFIED_NAME = re.compile(r"^[A-Z][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*){1,8}$")


@_filter("qualified_package_name", "a package's or a class's qualified name (Net::Amazon::S3::Signature::V4): "
         "a name in code, not a credential", generic_only=True)
def is_qualified_package_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if v.startswith(":") and key_name:
        # A rule that splits `name: value` at the first colon cut the name in two: the key is its head and the
        # value its tail (a CPAN META.yml's `provides:` entry, Authen::Passphrase::AcceptAll:).
        v = key_name + "::" + v.strip(":")
        if v not in line:
            return False
    if len(v) > 120 or not _QUALIFIED_NAME.match(v):
        return False
    return not any(_looks_random(p) for p in v.split("::"))


# A class name: capitalised words run together, maybe a number at the end (AuthenticatorKeyYubikey, Sha256Hasher).
_CLASS_NAME = re.compile(r"^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*){1,8}$")
_LONG_CLASS_NAME = re.compile(r"^(?:[A-Z][a-z]+[0-9]{0,4}){2,16}$")  # digits only closing a word: Sha256Hasher
_QUOTED_CLASS_NAME = re.compile(r"""["']([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*){1,8})["']""")
_HUMPS = re.compile(r"[A-Z][a-z0-9]*")


def _humps(name: str) -> list[str]:
    return _HUMPS.findall(name)


@_filter("class_name_table", "a class name among a table of class names (\"password\": \"AuthenticatorMethodSimple\", "
         "\"BASIC_AUTH\": \"BasicAuthApplication\"): generated code mapping a type tag to the class that reads it",
         generic_only=True, surroundings=True)
def is_class_name_table(value: str, line: str, key_name: str | None, language: str | None,
                        around: Surroundings) -> bool:
    v = value.strip()
    if not v[:1].isupper() or len(v) > 64 or _CLASS_NAME.match(v) is None:
        return False
    humps = _humps(v)
    # Class names share their family's first or last word (AuthenticatorKey…, …Application): two more such
    # quoted names around it make a table. A password of capitalised words does not come with relatives.
    relatives = 0
    for near in around.lines:
        if '"' not in near and "'" not in near:
            continue
        for other in _QUOTED_CLASS_NAME.findall(near):
            if other == v:
                continue
            h = _humps(other)
            if h[0] == humps[0] or h[-1] == humps[-1]:
                relatives += 1
                break
        if relatives >= 2:
            return True
    return False


# A Python statement that names a class, unquoted: an alias (Alias = Target) or a field's annotation (credentials:
# TargetType), with nothing after the name but a default or a comment. Python has no bare words: unquoted, the
# value is a name the code refers to.
_PYTHON_NAME_STATEMENT = re.compile(r"^[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*[:=][ \t]*([A-Za-z_][A-Za-z0-9_.]*)[ \t]*(?:=[^=].*)?(?:#.*)?$")


@_filter("python_class_reference", "an unquoted class name in a Python assignment or annotation (Alias = "
         "ConnectionHttpsUrl255, credentials: ClientAuthCredentials): a name, Python has no bare strings",
         generic_only=True, surroundings=True)
def is_python_class_reference(value: str, line: str, key_name: str | None, language: str | None,
                              around: Surroundings) -> bool:
    v = value.strip()
    if language != "python" or around.in_doc or around.in_comment or not v[:1].isupper():
        return False
    m = _PYTHON_NAME_STATEMENT.match(line)
    if m is None or m.group(1) != v:
        return False
    # A class's name: capitalised words (a number may close one, Http and Tls are words too); random text
    # has short humps (XkQwEr) that read as no words.
    name = v.rsplit(".", 1)[-1]
    if _LONG_CLASS_NAME.match(name) is None:
        return False
    humps = [h.rstrip("0123456789") for h in _humps(name)]
    worded = [h for h in humps if len(h) >= 3 and wordlike(h)]
    return len(worded) >= 2 and sum(map(len, worded)) >= 0.6 * sum(map(len, humps))


_FIELD_WORDS = frozenset({"id", "ids", "name", "field", "header", "param"})


def _run_at(words: list[str], within: list[str]) -> int:
    """Where `words` appear one after another in `within` (-1: they do not)."""
    n = len(words)
    return next((i for i in range(len(within) - n + 1) if within[i:i + n] == words), -1)


def _run_inside(words: list[str], within: list[str]) -> bool:
    return _run_at(words, within) >= 0


@_filter("key_name_within_value", "the value is an identifier holding the constant's whole name (ACCESS_KEY = "
         "\"AWSAccessKeyId\", AUTH_KEY = \"xet-auth\" for a link's key): the name of a field, not its value",
         generic_only=True, needs_key_name=True)
def is_key_name_within_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not key_name or len(v) > 48 or not v.replace("-", "").replace("_", "").isalpha():
        return False
    words = key_words(key_name)
    # CamelCase split with acronyms kept whole (AWSAccessKeyId: aws access key id)
    value_words = [w.lower() for w in _LETTER_RUN.findall(v)]
    if len(words) < 2 or len(value_words) < 2 or any(len(w) > 12 for w in value_words):
        return False
    # The name's words in order inside a CamelCase value, with a provider's acronym or a field word around them
    # (AWSAccessKeyId); other words around them (MySecretKey, SuperSecretKey) are how people make up passwords.
    at = _run_at(words, value_words) if len(words) < len(value_words) <= len(words) + 2 else -1
    if at >= 0:
        extra = value_words[:at] + value_words[at + len(words):]
        return all(w in _FIELD_WORDS or (len(w) >= 2 and w.upper() in v) for w in extra)
    # A lower-case slug of the name's own words in order, the name saying it holds a key or name (XET_AUTH_KEY =
    # "xet-auth"): a dict key or a link's relation, spelled by the constant that holds it.
    return (v.islower() and words[-1] in ("key", "name", "header", "field", "param", "rel") and len(value_words) < len(words)
            and _run_inside(value_words, words) and all(wordlike(w) or len(w) <= 4 for w in value_words))


# A name on a line of its own before the PEM block it labels: OpenSSL's evp test files write
# PrivateKey=ALICE_cf_private, then the key. The key is found by its own rule; the name only says which one.
_LABEL_LINE = re.compile(r"^[ \t]*[A-Za-z]+[ \t]*[=:][ \t]*([A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)*)[ \t]*$")
_LABEL_PIECE = re.compile(r"[A-Za-z]{3,}")


@_filter("key_block_name", "the name given to the PEM block beside it (PrivateKey=ALICE_cf_private, then -----BEGIN "
         "PRIVATE KEY-----): which key a test uses, the key is the block", generic_only=True, surroundings=True, needs_key_name=True)
def is_key_block_name(value: str, line: str, key_name: str | None, language: str | None, around: Surroundings) -> bool:
    v = value.strip()
    m = _LABEL_LINE.match(line)
    if not key_name or key_words(key_name)[-1:] != ["key"] or m is None or m.group(1) != v:
        return False
    # a name is made of pieces, one a word of three letters or more (ALICE, private, Bob); a run of random
    # characters is one piece with no separator
    pieces = re.split(r"[_.-]", v)
    if len(pieces) < 2 or not any(_LABEL_PIECE.fullmatch(p) and wordlike(p.lower()) for p in pieces):
        return False
    return any(other.lstrip().startswith("-----BEGIN ") for other in around.lines)


# The parts TLS cipher suites are named from: key exchange, authentication, cipher, mode and MAC, as IANA
# (TLS_DHE_PSK_WITH_AES_128_CBC_SHA256) and OpenSSL (DHE-PSK-AES128-CBC-SHA256) spell them.
_CIPHER_SUITE_PARTS = frozenset({
    "tls", "ssl", "with", "psk", "dhe", "ecdhe", "edh", "eecdh", "rsa", "dh", "ecdh", "ecdsa", "dss", "anon", "adh", "aecdh",
    "srp", "krb5", "export", "export1024", "aes", "aes128", "aes256", "cbc", "gcm", "ccm", "ccm8", "8", "128", "256", "40",
    "56", "sha", "sha1", "sha256", "sha384", "md5", "null", "camellia", "camellia128", "camellia256", "aria", "aria128",
    "aria256", "chacha20", "poly1305", "3des", "des", "des40", "ede", "rc4", "rc2", "idea", "seed", "old", "gost",
    "gost89", "gost94", "kx", "cbc3", "rsapsk", "ecdhepsk", "dhepsk", "sm4", "sm3",
})
_CIPHER_SUITE_CORE = frozenset({"aes", "aes128", "aes256", "camellia", "camellia128", "camellia256", "aria", "aria128",
                                "aria256", "chacha20", "3des", "des", "rc4", "null", "idea", "seed", "cbc3", "gost89", "sm4"})
_CIPHER_SUITE = re.compile(r"^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+){2,}$")


def _cipher_suite(name: str) -> bool:
    pieces = re.split(r"[-_]", name)
    if pieces[0].lower() not in _CIPHER_SUITE_PARTS and pieces[0].isalpha() and pieces[0].isupper():
        pieces = pieces[1:]  # a library's prefix on its constant (MBEDTLS_TLS_DHE_PSK_WITH_…)
    parts = [p.lower() for p in pieces]
    return (len(parts) >= 3 and all(p in _CIPHER_SUITE_PARTS for p in parts)
            and any(p in _CIPHER_SUITE_CORE for p in parts) and any(p.startswith(("sha", "md5", "gcm", "ccm", "poly", "sm3"))
                                                                     for p in parts))


@_filter("cipher_suite_name", "a TLS cipher suite's name or a list of them (TLS_DHE_PSK_WITH_AES_128_CBC_SHA256, "
         "DHE-PSK-AES128-CBC-SHA256): PSK names the key exchange, no key is in it", generic_only=True, needs_in_value="-_:")
def is_cipher_suite_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip().strip(":")
    names = v.split(":")
    if all(_CIPHER_SUITE.match(n) and _cipher_suite(n) for n in names):
        return True
    # a piece of a list that a line break or a string's end cut into (…CBC-SHA256:ECDHE-PSK-, NULL-SHA-E): every
    # part a cipher suite's, the last one maybe cut short
    if ":" not in v or not re.fullmatch(r"[A-Za-z0-9:_-]+", v):
        return False
    parts = [p.lower() for p in re.split(r"[-_:]", v) if p]
    whole, last = parts[:-1], parts[-1] if parts else ""
    return (len(whole) >= 3 and all(p in _CIPHER_SUITE_PARTS for p in whole)
            and any(p in _CIPHER_SUITE_CORE for p in whole)
            and (last in _CIPHER_SUITE_PARTS or any(w.startswith(last) for w in _CIPHER_SUITE_PARTS)))


_UPPER_SNAKE = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+){2,}$")


@_filter("renamed_constant", "an UPPER_SNAKE constant given as another one's new name (POLARSSL_ERR_X MBEDTLS_ERR_X in "
         "a table of renames): the name of a constant", generic_only=True, needs_key_name=True)
def is_renamed_constant(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not key_name or _UPPER_SNAKE.match(v) is None or _UPPER_SNAKE.match(key_name) is None or v == key_name:
        return False
    old, new = key_name.split("_"), v.split("_")
    # the name's words, in order, end the new name or follow its prefix (a library's or a module's)
    tail = old[1:] if len(old) > 2 else old
    return new[-len(tail):] == tail or old == new[-len(old):]


# A JCA provider's table of algorithms: addAlgorithm("Alg.Alias.SecretKeyFactory.PBE", "PKCS12PBE-…"),
# put("Cipher.AES", "org.bouncycastle.…"): names of algorithms and the classes that implement them.
_JCA_REGISTRATION = re.compile(r"""(?:addAlgorithm|\bput)\s*\(\s*"(?:Alg\.Alias\.)?[A-Z][A-Za-z0-9]*\.[^"]+"\s*,\s*"([^"]+)"\s*[,)]""")
_ALGORITHM_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9]*(?:[-./_$][A-Za-z0-9]+)*$")


@_filter("jca_algorithm_registration", "an algorithm's name or class in a Java security provider's table "
         "(addAlgorithm(\"Alg.Alias.SecretKeyFactory.PBE\", \"PKCS12PBE-…\")): which algorithm, no key",
         generic_only=True)
def is_jca_algorithm_registration(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if _ALGORITHM_NAME.match(v) is None or ("Alg." not in line and "addAlgorithm" not in line):
        return False
    return any(m.group(1) == v for m in _JCA_REGISTRATION.finditer(line))



# Twilio's API key has two halves: its SID (SK and 32 hex digits), which names the key in the console and in
# logs, and its secret, another value; an account is named the same way by its Account SID (AC and 32 hex
# digits) beside its auth token. A sentence or a name that calls the SK or AC value a sid gives the identifier.
_TWILIO_KEY_SID = re.compile(r"^(?:SK|AC)[0-9a-fA-F]{32}$")
_CALLED_A_SID = re.compile(r"(?:(?i:\bsid|_sid)|[a-z0-9]S(?:id|ID))\b[\"'`]?[ \t]*(?:[:=][ \t]*)?[\"'`]?$")  # (apiKeySid too)


@_filter("twilio_key_sid_called_sid", "a Twilio SID (an API key's SK or an account's AC, and 32 hex digits) called a "
         "sid: the key's or account's identifier, not its secret")
def is_twilio_key_sid_called_sid(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not _TWILIO_KEY_SID.match(v):
        return False
    at = line.find(v)
    return at > 0 and _CALLED_A_SID.search(line[:at]) is not None


# What a cipher, a mode, a padding or a MAC is called (aes-256-gcm, AES/GCM/NoPadding, chacha20-poly1305,
# des-ede3-cbc, A256GCM, HmacSHA256): the algorithm a key is for, written where the key's name is, not the key.
_ALGORITHM_PARTS = frozenset({
    "aes", "des", "des3", "3des", "ede", "ede3", "tripledes", "triple", "chacha", "chacha20", "xchacha20", "poly1305",
    "salsa20", "xsalsa20", "salsa", "xsalsa", "xchacha", "rc4", "arc4", "blowfish", "bf", "camellia", "sm4", "twofish", "cast5", "idea", "aria",
    "gcm", "cbc", "ctr", "ecb", "cfb", "cfb8", "ofb", "ccm", "siv", "xts", "ocb", "kw", "kwp", "wrap",
    "nopadding", "pkcs5padding", "pkcs7padding", "pkcs5", "pkcs7", "padding", "iso10126padding",
    "hmac", "cmac", "gmac", "sha", "sha1", "sha2", "sha224", "sha256", "sha384", "sha512", "md5", "blake2b", "blake2s",
    "a", "hs", "128", "192", "256", "384", "512", "1", "2", "3",
    # the pieces the splitter leaves of chacha20, poly1305, NoPadding, PKCS5Padding, cfb8, blake2b
    "chacha", "poly", "20", "1305", "no", "pkcs", "5", "7", "8", "blake", "b", "s",
})
_ALGORITHM_NAMES = frozenset({"aes", "des", "des3", "3des", "tripledes", "chacha20", "xchacha20", "salsa20", "xsalsa20",
                              "rc4", "arc4", "blowfish", "camellia", "sm4", "twofish", "cast5", "idea", "aria", "hmac",
                              "cmac", "gcm", "cbc", "ctr", "siv", "chacha", "poly", "blake", "sha", "md5"})
_ALGORITHM_SPLIT = re.compile(r"[^A-Za-z0-9]+|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])|(?<=[a-z])(?=[A-Z])")


@_filter("cipher_algorithm_name", "the name of a cipher, mode or MAC (aes-256-gcm, AES/GCM/NoPadding, "
         "chacha20-poly1305, HmacSHA256): which algorithm a key is for, not a key", generic_only=True)
def is_cipher_algorithm_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not 3 <= len(v) <= 40:
        return False
    parts = [p.lower() for p in _ALGORITHM_SPLIT.split(v) if p]
    return bool(parts) and all(p in _ALGORITHM_PARTS for p in parts) and any(p in _ALGORITHM_NAMES for p in parts)


# A SendGrid dynamic template's id (d- and 32 hex): which e-mail template a send uses, named for the e-mail
# (passwordReset: "d-…"), not a credential.
_SENDGRID_TEMPLATE_ID = re.compile(r"^d-[0-9a-f]{32}$")


@_filter("sendgrid_template_id", "a SendGrid dynamic template's id (d- and 32 hex digits, under the e-mail's name: "
         "passwordReset): which template a message uses, not a credential", generic_only=True)
def is_sendgrid_template_id(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return _SENDGRID_TEMPLATE_ID.match(value.strip()) is not None


# The password hashers frameworks let a config pick by name (Symfony's password_hashers: {App\Entity\User: 'auto'},
# Django's PASSWORD_HASHERS, Spring's {bcrypt}, Passlib's schemes): under a hasher's or algorithm's name, or under a
# class name, the value says how passwords are stored, not a password.
_PASSWORD_HASHER_NAMES = frozenset({"auto", "bcrypt", "argon2", "argon2i", "argon2id", "sodium", "native", "plaintext",
                                    "pbkdf2", "scrypt", "yescrypt", "sha512_crypt", "sha256_crypt", "md5_crypt"})
_HASHER_NAME_WORDS = frozenset({"hasher", "hashers", "encoder", "encoders", "algorithm", "algo", "scheme", "schemes",
                                "hash", "hashing"})


@_filter("password_hasher_name", "the name of a password hasher (auto, bcrypt, argon2id, sodium) under a hasher's, an "
         "algorithm's or a class's name: how passwords are stored, not a password", generic_only=True)
def is_password_hasher_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if value.strip().lower() not in _PASSWORD_HASHER_NAMES:
        return False
    name = key_name or ""
    # (a PHP class's name reaches here without its namespace: the line still has it, App\Entity\User)
    return ("\\" in name or (bool(name) and f"\\{name}" in line)
            or bool(_HASHER_NAME_WORDS & set(key_words(name))))


# A cloud region's name (AWS us-east-1, eu-central-2, us-gov-west-1; GCP us-central1, europe-west4; Azure
# westeurope, eastus2): where a service runs, never a credential.
_REGION = re.compile(
    r"^(?:(?:us|eu|ap|sa|ca|me|af|il|mx|cn|us-gov|eusc)-(?:north|south|east|west|central|northeast|southeast|northwest|"
    r"southwest)-\d{1,2}"
    r"|(?:us|europe|asia|australia|northamerica|southamerica|me|africa)-(?:north|south|east|west|central|northeast|"
    r"southeast|northwest|southwest)\d{1,2}"
    r"|(?:east|west|central|north|south|northcentral|southcentral|westcentral)(?:us|europe|asia)\d?)$")


# An SSH key's algorithm as key files and authorized_keys lines name it (a PuTTY key file's first line,
# PuTTY-User-Key-File-3: ssh-ed25519, under a name that reads as a user's key).
_SSH_KEY_ALGORITHM = re.compile(r"^(?:ssh-(?:rsa|dss|ed25519|ed448)|ecdsa-sha2-nistp(?:256|384|521)"
                                r"|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)$")


@_filter("ssh_key_algorithm_name", "the name of an SSH key's algorithm (ssh-ed25519, ecdsa-sha2-nistp256): what kind "
         "of key follows, not the key", generic_only=True)
def is_ssh_key_algorithm_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return _SSH_KEY_ALGORITHM.match(value.strip()) is not None


@_filter("cloud_region_name", "the name of a cloud region (us-east-1, europe-west4, westeurope): where a service runs, "
         "not a credential", generic_only=True)
def is_cloud_region_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return _REGION.match(value.strip()) is not None


_CAMEL_PIECES = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


@_filter("session_name", "a session parameter holding a name of words (session=FileStation, session=HyperBackup): "
         "which session an API call belongs to, not its random id", generic_only=True, needs_key_name=True)
def is_session_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # Synology's and other appliances' APIs name the session a client opens; the id that authenticates it
    # (_sid=, a cookie) is random, and is what a replayed URL would need.
    v = value.strip()
    if key_words(key_name) != ["session"] or not v.isalpha() or len(v) > 32:
        return False
    words = _CAMEL_PIECES.findall(v)
    return "".join(words) == v and all(len(w) <= 3 or wordlike(w) or english_like(w) for w in words)


# Eloquent's attribute casts: protected $casts = ['password' => 'hashed'] (Laravel 10+) or casts() returning them: how
# the model stores the attribute, not its value.
_CAST_TYPES = frozenset({"hashed", "encrypted"})
_CASTS = re.compile(r"\$casts\b|\bfunction[ \t]+casts[ \t]*\(")


@_filter("model_attribute_cast", "a model's attribute cast ('password' => 'hashed' in Eloquent's $casts): how the "
         "attribute is stored, not a password", generic_only=True, surroundings=True)
def is_model_attribute_cast(value: str, line: str, key_name: str | None, language: str | None,
                            around: Surroundings) -> bool:
    if value.strip() not in _CAST_TYPES or language != "php":
        return False
    return any(_CASTS.search(text) for text in (line, *around.lines[:around.lines_before]))
