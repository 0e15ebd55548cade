"""Stand-ins that are encoded: an HTTP Basic value, a base64 pair or a SASL
PLAIN response that decodes to user:password placeholders, a base32 seed that decodes to typed
text, JWTs signed with a stand-in key or carrying stand-in claims, and a private key block cut
short (its DER says more bytes than the block holds).
"""

from __future__ import annotations

import base64
import functools
import hmac
import json
import re
from datetime import datetime, timedelta, timezone
from urllib.parse import unquote

from ..rules.checksums import b64_decode
from .expired_signatures import _ISO_TIME
from .hashes_and_digests import _CRYPT_HASH
from .key_names import _CREDENTIAL_ENDINGS
from .paths_urls_and_directory_names import is_ldap_dn_value
from .placeholders import _METASYNTACTIC, _PLACEHOLDER_VALUES, _stand_in_password, is_placeholder
from .registry import Surroundings, _filter
from .stand_ins_in_examples import _fixture_words_naming_credential, stand_in_text
from .text_shapes import _looks_random
from .word_shapes import english_like, wordlike
from .words import key_words, names_credential, split_words


def _decoded_text(value: str) -> str | None:
    """The UTF-8 text that base64 `value` decodes to ("" when it is not base64), or None when the bytes are not text."""
    raw = b64_decode(value)
    try:
        return raw.decode("utf-8") if raw is not None else ""
    except UnicodeDecodeError:
        return None


def _basic_credentials(value: str) -> tuple[str, str] | None:
    """(user, password) that a Basic value's base64 decodes to, or None."""
    text = _decoded_text(value)
    if text is None:
        return None
    user, sep, password = text.partition(":")
    # RFC 7617 sends the pair as typed, but clients percent-encode it first (RFC 6749 section 2.3.1)
    return (unquote(user), unquote(password)) if sep and text.isprintable() else None


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
    return bool(password) and _stand_in_password(user, password) and not _looks_random(user)  # (see _stand_in_pair)


_PEM_HEADER = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----")
_PEM_NOISE = re.compile(r"\\[nrt]|[\s\"',]")
_B64_RUN = re.compile(r"^[A-Za-z0-9+/]*")
_LONGEST_ELIDED_BODY = 160  # base64 characters: a line or two, shorter than any RSA key's body
_ELIDED_SHARE = 4  # the DER says at least four times the bytes that are there
_OPENSSH_MAGIC = b"openssh-key-v1\0"  # what an OpenSSH private key's body starts with


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


_ENCODED_PEM = "LS0tLS1CRUdJTi"  # base64 of "-----BEGIN"


def _pem_text(value: str) -> str:
    """A key block base64-encoded whole (a Secret's tls.key: LS0tLS1CRUdJTi…) decoded, so the checks below read its
    body; any other value as it is."""
    v = value.strip()
    if not v.startswith(_ENCODED_PEM):
        return value
    return _decoded_text(v) or value


@_filter("elided_key_block", "a private key block cut short (the DER inside says more bytes than the block holds: "
         "\"-----BEGIN RSA PRIVATE KEY-----MIIEpQ… -----END\"): an example of the format, no usable key")
def is_elided_key_block(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # Docs show a key's first line and an ellipsis; the ASN.1 header at the start of the body says
    # how long the whole key is, so a body far shorter than that cannot be the key.
    value = _pem_text(value)
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
    if data.startswith(_OPENSSH_MAGIC):
        return True  # an OpenSSH key (no DER) this short: the smallest, an Ed25519 one, runs to some 400 characters
    declared = _der_length(data)
    return declared is not None and declared > _ELIDED_SHARE * len(data)


# What cuts a key block short in docs and comments: an ellipsis (maybe after the comment's marker) where the next
# line of base64 would be.
_ELLIPSIS_NEXT = re.compile(r"[ \t]*(?:\\n|\r?\n)?[ \t]*(?:(?:#+|//+|--+|;+|\*|>+|'|%)[ \t]*)?(?:\.{3}|…|\[\.\.\.\]|<snip>)")


@_filter("key_block_cut_by_ellipsis", "a private key block whose base64 stops at an ellipsis (two lines, then \"...\"): "
         "a key shown cut short in docs or a comment, no usable key", surroundings=True, needs_in_line="-----BEGIN")
def is_key_block_cut_by_ellipsis(value: str, line: str, key_name: str | None, language: str | None,
                                 around: Surroundings) -> bool:
    # (a key the DER inside says is cut short is elided_key_block's; this one reads what follows where the rules
    # stopped: a body of made-up base64 says nothing of its length)
    if "-----END" in value or _PEM_HEADER.search(value) is None:
        return False
    tail = value.rstrip()[-24:]
    at = around.text.find(tail) if len(tail) == 24 else -1
    return at >= 0 and _ELLIPSIS_NEXT.match(around.text, at + len(tail)) is not None


# The smallest private key there is, an Ed25519 one in PKCS#8, is 64 base64 characters; fewer under a
# header means no key follows it (an error message naming the header, a format check).
_FEWEST_KEY_CHARACTERS = 40
_BASE64_CHARACTER = re.compile(r"[A-Za-z0-9+/]")


@_filter("key_header_without_key", "a private-key header with no key under it (\"expected '-----BEGIN PRIVATE "
         "KEY-----' and '-----END …'\"): a message or a format check that names the armour")
def is_key_header_without_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    value = _pem_text(value)
    m = _PEM_HEADER.search(value)
    if m is None:
        return False
    body = _PEM_NOISE.sub("", value[m.end():].split("-----END", 1)[0])
    return len(_BASE64_CHARACTER.findall(body)) < _FEWEST_KEY_CHARACTERS


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
         "example a test or the docs encoded by hand, not random key bytes", generic_only=True, surroundings=True, needs_example_place=True)
def is_text_encoded_seed(value: str, line: str, key_name: str | None, language: str | None,
                         around: Surroundings) -> bool:
    # TOTP and HOTP seeds are random bytes written in base32; the ones in RFC 4226's tests and in
    # tutorials are text run through base32, which random bytes decode to once in a million.
    # Only where values are written for a reader: a real seed made from a phrase is still a seed.
    if not around.example_place:
        return False
    text = _base32_text(value.strip())
    return text is not None and len(text) >= 5


_JWT_SHAPE = re.compile(r"^eyJ[A-Za-z0-9_-]{4,2000}\.[A-Za-z0-9_-]{0,4000}\.[A-Za-z0-9_-]{16,200}$")
_HMAC_ALGS = {"HS256": "sha256", "HS384": "sha384", "HS512": "sha512"}
# What tutorials and tests sign their example tokens with: the placeholder words, and jwt.io's default.
_JWT_IO_SIGNING_KEYS = ("your-256-bit-secret", "your-384-bit-secret", "your-512-bit-secret")
# ... and what tests name their keys: a fixture word and a key word (test-secret, dev_jwt_secret, fakekey)
_SIGNING_KEY_NAMES = tuple(f"{a}{sep}{b}" for a in ("test", "dev", "fake", "dummy", "mock", "sample", "example", "my")
                           for b in ("secret", "key", "jwt-secret", "jwt_secret", "signing-key", "signing_key")
                           for sep in ("", "-", "_"))
_STAND_IN_SIGNING_KEYS = tuple(sorted(_PLACEHOLDER_VALUES | _METASYNTACTIC | set(_JWT_IO_SIGNING_KEYS) | set(_SIGNING_KEY_NAMES) | {
    "", "secret-key", "secret_key",
}))


def _b64url(segment: str) -> bytes:
    return base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4))


def _jwt_alg(head: str) -> str | None:
    """The algorithm a JWT's header segment names (None when it is no JSON object or names none)."""
    try:
        alg = json.loads(_b64url(head)).get("alg")
    except (ValueError, UnicodeDecodeError, AttributeError):
        return None
    return alg if isinstance(alg, str) else None


@_filter("jwt_signed_with_stand_in", "a JWT in a test or the docs whose HMAC signature checks out under a stand-in "
         "key (secret, key) or under a string its own file declares, or anywhere under jwt.io's default "
         "(your-256-bit-secret): anyone can make it, an example",
         surroundings=True)
def is_jwt_signed_with_stand_in(value: str, line: str, key_name: str | None, language: str | None,
                                around: Surroundings) -> bool:
    # The signature says which key made the token; when that key is a placeholder word, the token
    # authorises nothing a reader could not forge. In code it may be a live token of a badly set up
    # service, which a person should see (with the key that signed it) -- unless the key is jwt.io's
    # default, which only a token copied from jwt.io's page carries (netlify-cli's emulated identity).
    v = value.strip()
    if _JWT_SHAPE.match(v) is None:
        return False
    head, payload, signature = v.split(".")
    try:
        mac = _b64url(signature)
    except ValueError:
        return False
    alg = _jwt_alg(head)
    digest = _HMAC_ALGS.get(alg) if alg else None
    if digest is None:
        return False
    signed = f"{head}.{payload}".encode()
    keys = _STAND_IN_SIGNING_KEYS if around.example_place else _JWT_IO_SIGNING_KEYS
    if any(hmac.compare_digest(hmac.new(k.encode(), signed, digest).digest(), mac) for k in keys):
        return True
    # A test declares the key it signs its expected tokens with (SECRET = "…", []byte("…")): a token
    # that checks out under a string of its own file is that test's fixture. The key, if it is one
    # worth keeping, is judged on its own line.
    return around.example_place and any(
        hmac.compare_digest(hmac.new(k, signed, digest).digest(), mac) for k in _file_keys(around.text))


# An HMAC-signed JWT anywhere in a file (the filters below read a test file's own tokens).
_JWT_IN_TEXT = re.compile(r"eyJ[A-Za-z0-9_-]{4,2000}\.eyJ[A-Za-z0-9_-]{0,4000}\.[A-Za-z0-9_-]{16,200}")


@functools.lru_cache(maxsize=8)
def _file_hmac_jwts(text: str) -> tuple[tuple[bytes, bytes, str], ...]:
    """(signed part, signature, digest name) of each distinct HS256/384/512 JWT in a file."""
    out: dict[tuple[bytes, bytes, str], None] = {}
    for m in _JWT_IN_TEXT.finditer(text):
        head, payload, signature = m.group(0).split(".")
        digest = _HMAC_ALGS.get(_jwt_alg(head) or "")
        if digest is None:
            continue
        try:
            out.setdefault((f"{head}.{payload}".encode(), _b64url(signature), digest), None)
        except ValueError:
            continue
        if len(out) >= 256:
            break
    return tuple(out)


@_filter("test_token_signing_key", "in a test or the docs, the key a JWT of the same file is signed with: the "
         "test's own signing key, made for the tokens it asserts", surroundings=True,
         needs_example_place=True)  # (a JWK's "k" is a format of its own: this runs on format rules too)
def is_test_token_signing_key(value: str, line: str, key_name: str | None, language: str | None,
                              around: Surroundings) -> bool:
    # The tokens are dismissed by jwt_signed_with_stand_in; the key they were made with is the same fixture.
    v = value.strip()
    if not around.example_place or not 4 <= len(v) <= 128 or "eyJ" not in around.text:
        return False
    keys = _key_bytes(v)
    return any(hmac.compare_digest(hmac.new(key, signed, digest).digest(), mac)
               for signed, mac, digest in _file_hmac_jwts(around.text) for key in keys)


_BASE64URL_KEY = re.compile(r"^[A-Za-z0-9_-]{22,128}$")


def _key_bytes(text: str) -> tuple[bytes, ...]:
    """The bytes a string may key an HMAC with: its own, and a JWK's "k" decoded from base64url (JWS test vectors)."""
    if _BASE64URL_KEY.match(text):
        try:
            return text.encode(), _b64url(text)
        except ValueError:
            pass
    return (text.encode(),)


# A quoted string short enough to be a signing key, on one line.
_QUOTED_STRING = re.compile(r"""(["'`])([^"'`\\\n]{1,128})\1""")
_MOST_FILE_STRINGS = 4096  # a generated fixture of thousands of strings is tried no further


@functools.lru_cache(maxsize=8)
def _file_keys(text: str) -> tuple[bytes, ...]:
    """The keys the distinct quoted strings of a file may be, in order (asked once per file, whatever its tokens)."""
    seen: dict[str, None] = {}
    for m in _QUOTED_STRING.finditer(text):
        seen.setdefault(m.group(2), None)
        if len(seen) >= _MOST_FILE_STRINGS:
            break
    return tuple(key for string in seen for key in _key_bytes(string))


_BASE64_VALUE = re.compile(r"^[A-Za-z0-9+/]{8,4096}={0,2}$")


def _docker_config_pairs(text: str) -> list[tuple[str, str]]:
    """(user, password) of each registry in a Docker config's JSON ({"auths": {host: {"auth": base64 of
    user:password} or {"username", "password"}}}); [] when the text is no such config."""
    if not text.lstrip().startswith("{") or '"auths"' not in text:
        return []
    try:
        auths = json.loads(text).get("auths")
    except (ValueError, AttributeError):
        return []
    pairs = []
    for entry in auths.values() if isinstance(auths, dict) else ():
        if not isinstance(entry, dict):
            return []
        if isinstance(entry.get("auth"), str):
            pair = _basic_credentials(entry["auth"])
            if pair is None:
                return []
            pairs.append(pair)
        elif isinstance(entry.get("username"), str) and isinstance(entry.get("password"), str):
            pairs.append((entry["username"], entry["password"]))
        else:
            return []
    return pairs


@_filter("encoded_stand_in_pair", "base64 in a test or the docs that decodes to a stand-in user:password "
         "(username:password, test:test, client-id:): a fixture's encoding, not an account", generic_only=True,
         surroundings=True, needs_example_place=True)
def is_encoded_stand_in_pair(value: str, line: str, key_name: str | None, language: str | None,
                             around: Surroundings) -> bool:
    # basic_auth_placeholder reads the value after `Basic `; tests also keep the encoding in a constant
    # of its own (BASIC_AUTH_ENCODING = "…") to compare a request's header with.
    v = value.strip()
    if not around.example_place or _BASE64_VALUE.match(v) is None:
        return False
    # a .dockerconfigjson example: every registry's auth a stand-in pair
    pairs = _docker_config_pairs(_decoded_text(v) or "")
    if pairs:
        return all(u and p and _stand_in_password(u, p) for u, p in pairs)
    pair = _basic_credentials(v)
    if pair is None or not pair[0]:
        return False
    user, password = pair
    if not password:
        return is_placeholder(user, "", None, None) or user.lower() in ("username", "user", "client_id", "client-id")
    return _stand_in_password(user, password)


# Kubernetes keeps a Secret's data: base64-encoded, and charts and CI files keep values encoded the same way
# (b64enc). Encoded, a stand-in or a value that is no credential reads as random; decoded it is what the filters
# dismiss as written: a placeholder (changeme, REPLACE_ME), a password hash (Argo CD keeps the admin's as
# bcrypt), a timestamp (admin.passwordMtime) or an LDAP DN (the bind DN beside its password).
_SHORT_BASE64 = re.compile(r"^[A-Za-z0-9+/]{4}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)$")
_PADDED_BASE64 = re.compile(r"^(?:[A-Za-z0-9+/]{4}){2,128}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$")


@_filter("base64_of_stand_in", "base64 that decodes to a stand-in or to no credential (changeme, REPLACE_ME, a "
         "bcrypt hash, a timestamp, an LDAP DN, an SSH public key line, a store's key path, a host name, text with an example word, a "
         "hyphenated name under no credential's name), as a Kubernetes Secret's data: keeps them", generic_only=True)
def is_base64_of_stand_in(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if _SHORT_BASE64.match(v) is not None:  # dGVzdA== (a Secret's example data): too short for the shape below
        return (_decoded_text(v) or "").strip().lower() in _ENCODED_FIXTURE_WORDS
    if _PADDED_BASE64.match(v) is None:
        return False
    text = (_decoded_text(v) or "").strip()
    if len(text) < 3 or not all(part.isprintable() for part in text.splitlines()):
        return False  # random bytes, or a key: what base64 of a secret decodes to
    # (only a single value is read as a placeholder: a document, a docker config's JSON, holds a
    # registry's example URL beside a real auth)
    single = _SINGLE_VALUE.fullmatch(text) is not None and (is_placeholder(text, text, key_name, language)
                                                              or text.lower() in _ENCODED_FIXTURE_WORDS
                                                              or (_WORDS_ONLY.fullmatch(text) is not None  # ci-password
                                                                  and stand_in_text(text, identifiers=False))
                                                              or bool(_ENCODED_EXAMPLE_WORDS & set(split_words(text)))
                                                              # unit-test-signing-key: a fixture's key, encoded
                                                              or _fixture_words_naming_credential(text)
                                                              or (_NAME_WORDS.fullmatch(text) is not None
                                                                  and not names_credential(key_words(key_name))
                                                                  and _PASSWORD_ON_LINE.search(line) is None))
    return (single or _CRYPT_HASH.match(text) is not None or _ISO_TIME.match(text) is not None
            or _VARIABLE.fullmatch(text) is not None  # ${DB_PASSWORD} encoded before the variable was filled in
            or _SSH_PUBLIC_KEY_LINE.match(text) is not None
            or _STORE_KEY_PATH.fullmatch(text) is not None
            or is_ldap_dn_value(text, text, key_name, language)
            or _stand_in_pair(text) or _settings_without_credential(text) or _url_with_stand_in_pair(text)
            or (_HOST_LIST.fullmatch(text) is not None and not names_credential(key_words(key_name))
                and _PASSWORD_ON_LINE.search(line) is None))


# A key-value store's path, which etcd's JSON export writes in base64 as each entry's "key" (/billing/db/password):
# the name of a value, not the value.
_STORE_KEY_PATH = re.compile(r"/[a-z0-9_.-]+(?:/[a-z0-9_.-]+)+/?")


# Hosts and addresses (a Secret's BOOTSTRAP_SERVERS: base64 of "pkc-4nym6.us-east-1.aws.confluent.cloud:9092", an
# encoded endpoint's origin): no user-info, no path, no query, so nothing secret rides along (a webhook's path is its
# secret). Under a credential's name, or on a line that names a password (.npmrc's `//host/:_password=`, whose
# key the rule does not capture), the value is read as the credential it is named for: Word.x7Kq is a password.
_HOST = r"(?:[a-z][a-z0-9+.-]*://)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?::\d{1,5})?/?"
_HOST_LIST = re.compile(rf"{_HOST}(?:[ \t]*,[ \t]*{_HOST})*")


# What a made-up value spells out as a word of its own once decoded (ThisIsAnExampleSecretKey, sample_token_1): the
# page or template it came from says what it is.
_ENCODED_EXAMPLE_WORDS = frozenset({"example", "sample", "dummy", "placeholder"})
# A name of lower-case words joined by a hyphen (order-service, cn-hangzhou): what a Secret keeps beside its
# credentials (an app's name, a region); under a credential's name it is read as the credential.
_NAME_WORDS = re.compile(r"[a-z]+(?:-[a-z0-9]+)+")
# ... but not in a password's element or attribute (FileZilla's <Pass encoding="base64">): there it is a pass phrase.
_PASSWORD_ON_LINE = re.compile(r"(?i)<pass(?:word)?\b|(?:\b|_)pass(?:word)?[\"']?[ \t]*[=:]")


# Words in one case each, a separator between (ci-password, Test Secret): not a password that holds a word among
# random letters (secretkeyQwErTy…)
_WORDS_ONLY = re.compile(r"(?:[a-z]+|[A-Z][a-z]*|[A-Z]+)(?:[-_. ](?:[a-z]+|[A-Z][a-z]*|[A-Z]+)){0,3}")


def _stand_in_pair(text: str) -> bool:
    """A `user:password` pair of stand-ins (user:password, admin:changeme), as a Basic value's would be. Some APIs
    take the key as the user and a fixed word as the password (MySportsFeeds, Freshdesk's X): a random user is the
    credential there, whatever the password says."""
    user, sep, password = text.partition(":")
    if sep and _PAIR_USER.fullmatch(user) is not None and _VARIABLE.fullmatch(password) is not None:
        return True  # user:${REGISTRY_PASSWORD}: a template encoded before its variable was filled in
    if sep and not password and len(set(user) - set("-_.")) <= 1:
        return True  # 00000000-0000-0000-0000-000000000000: (Azure's registries, beside an identity token): no login
    return (bool(sep) and _PAIR_USER.fullmatch(user) is not None and _PAIR_PASSWORD.fullmatch(password) is not None
            and _stand_in_password(user, password) and not _looks_random(user))


# A connection URL whose user-info is a stand-in pair (postgresql://user:password@localhost/app): a template's.
_URL_USERINFO = re.compile(r"^[a-z][a-z0-9+.-]*://([^:@/\s]+:[^@/\s]+)@")


def _url_with_stand_in_pair(text: str) -> bool:
    m = _URL_USERINFO.match(text)
    return m is not None and _stand_in_pair(unquote(m.group(1)))


_PAIR_USER = re.compile(r"[\w.@+-]{1,64}")
_VARIABLE = re.compile(r"\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\{\{[ \t]*[\w.]+[ \t]*\}\}")
_PAIR_PASSWORD = re.compile(r"[^\s\"'{}\[\]]{1,128}")


_DOTENV_LINE = re.compile(r"^[ \t]*(?:export[ \t]+)?([A-Za-z_][\w.-]*)[ \t]*=[ \t]*(.*)$")


def _settings_without_credential(text: str) -> bool:
    """Settings encoded whole (a Secret's FEATURE_FLAGS: base64 of {"beta": true}, of an .env of timeouts): no name
    among them says credential and no value among them is random. An encoded .env or service account with a
    password or a key in it keeps its finding."""
    pairs: list[tuple[str, str]] = []
    if text.startswith("{"):
        try:
            doc = json.loads(text)
        except ValueError:
            return False
        if not isinstance(doc, dict) or not _flat_pairs(doc, pairs):
            return False
    else:
        for line in text.splitlines():
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            m = _DOTENV_LINE.match(line)
            if m is None:
                return False  # not settings: prose, a certificate, a script
            pairs.append((m.group(1), m.group(2).strip().strip("\"'")))
        if len(pairs) < 2:
            return False  # one NAME=value is read as the value it holds
    return bool(pairs) and not any(_credential_setting(k) or _looks_random(v) or _chosen_password(v) for k, v in pairs)


def _chosen_password(value: str) -> bool:
    """Eight characters or more with capitals, lower-case letters and digits (a symbol or not): a password a person
    chose, whatever the name it is kept under. (Settings' values mix two kinds at most: eu-west-1, 3600s, v2.1.)"""
    return (len(value) >= 8 and " " not in value and any(c.isupper() for c in value)
            and any(c.islower() for c in value) and any(c.isdigit() for c in value))


# Names a setting's credential goes under beyond the credential words and the endings key names are read by (a
# Docker config's "auths", a wallet's "phrase", a connection's "dsn" and "url"), in settings encoded whole.
_SETTING_CREDENTIAL_ENDINGS = (*_CREDENTIAL_ENDINGS, "auths", "cert", "dsn", "url", "uri", "login", "code",
                               "phrase", "mnemonic", "seed", "words")


def _credential_setting(name: str) -> bool:
    words = [w.rstrip("0123456789") for w in key_words(name)]  # pw1, secret2: still the word
    return names_credential(words) or any(w.endswith(_SETTING_CREDENTIAL_ENDINGS) for w in words)


def _flat_pairs(doc: dict, out: list[tuple[str, str]], depth: int = 0, parent: str = "") -> bool:
    """Every (dotted name, scalar as text) of a JSON object, nested objects and lists included (credentials.value
    keeps the credentials it is under); False when too deep."""
    if depth > 4:
        return False
    for k, v in doc.items():
        name = f"{parent}.{k}" if parent else str(k)
        items = v if isinstance(v, list) else [v]
        for item in items:
            if isinstance(item, dict):
                if not _flat_pairs(item, out, depth + 1, name):
                    return False
            else:
                out.append((name, "" if item is None else str(item)))
    return True


# an authorized_keys or known_hosts line, encoded to fit an environment variable: the public half
_SSH_PUBLIC_KEY_LINE = re.compile(r"^(?:[\w.-]+ )?(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d{3}|sk-ssh-ed25519@openssh\.com"
                                  r"|sk-ecdsa-sha2-nistp256@openssh\.com) AAAA[A-Za-z0-9+/]{20,}={0,2}(?: [^\n]*)?$")
_SINGLE_VALUE = re.compile(r"[^\s{}\[\]\"']{3,64}")
# What examples encode to show the format (a Kubernetes Secret's data: password: dGVzdA==): a word of a fixture,
# not a password anyone uses.
_ENCODED_FIXTURE_WORDS = frozenset({"test", "testing", "secret", "password", "passwd", "admin", "changeme", "example",
                                    "sample", "dummy", "foo", "bar", "foobar", "demo", "user", "pass", "root"})


# A JOSE header alone ({"alg":"HS256","typ":"JWT"}): tests and docs keep the first segment of a token to build
# or compare tokens with. It says how a token is signed, never with what; there is nothing secret in it.
_JOSE_HEADER_FIELDS = frozenset({"alg", "typ", "cty", "kid", "enc", "zip", "crit", "jku", "jwk", "x5u", "x5t",
                                 "x5t#S256", "b64"})
_JOSE_SEGMENT = re.compile(r"^eyJ[A-Za-z0-9_-]{8,400}={0,2}$")


# Azure's storage and Service Bus/Event Hubs/IoT Hub keys are 32 or 64 random bytes in base64; bytes that are all
# typed text (ZmFrZWtleWZha2Vr… is fakekeyfakek…) were written by hand for a test or an emulator's docs. Random bytes
# are all printable one time in 10^14.
# The names of keys a service or tool generates as random bytes written in base64: Azure's account and access keys,
# an Event Grid topic's key, a Vault unseal or recovery share.
_GENERATED_KEY_BEFORE = re.compile(r"(?i)(?:SharedAccessKey|AccountKey|primaryKey|secondaryKey"
                                   r"|[\w.-]*?(?:unseal|recovery[_.-]?key|event[_.-]?grid[\w.-]*?key|topic[_.-]?key)[\w.-]*)"
                                   r"[\"']?[ \t]*[=:][ \t]*[\"']?$")


@_filter("generated_key_of_typed_text", "a generated key (Azure's, an Event Grid topic's, a Vault share) whose bytes "
         "are typed text (base64 of fakekeyfakekey…, example-share-…): written by hand for a test or a page, not a key "
         "anything generated")
def is_generated_key_of_typed_text(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) not in (44, 88):
        return False
    at = line.find(v)
    if at <= 0 or not _GENERATED_KEY_BEFORE.search(line, 0, at):
        return False
    raw = b64_decode(v)
    return raw is not None and len(raw) in (32, 33, 64) and all(32 <= b < 127 for b in raw)


@_filter("jose_header_alone", "a JWT's header segment on its own (eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 is "
         "{\"alg\":\"HS256\",\"typ\":\"JWT\"}): it names the algorithm, not a key or a claim", generic_only=True)
def is_jose_header_alone(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip().removesuffix(".")  # ('eyJhbGciOiJub25lIn0.' + payload: the header with its separator)
    if _JOSE_SEGMENT.match(v) is None:
        return False
    try:
        header = json.loads(_b64url(v.rstrip("=")))
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(header, dict) and "alg" in header and set(header) <= _JOSE_HEADER_FIELDS


# An unsecured JWT (RFC 7519 section 6: alg "none", an empty signature): claims anyone can write, signed by no
# key. Snapshot tests and mocks hold them. Sent in a request's header it is what that server accepts as a
# credential (a flaw of the server's, and a working login to it): a person sees that.
_UNSECURED_JWT = re.compile(r"^eyJ[A-Za-z0-9_-]{4,2000}\.[A-Za-z0-9_-]{2,4000}\.$")
_SENT_AS_CREDENTIAL = re.compile(r"(?i)authori[sz]ation|bearer|headers?\b|(?:^|\s)-H\b|\bx-[\w-]*(?:key|token|auth)|api[-_]?key|cookie")


@_filter("unsecured_jwt", "an unsecured JWT (alg \"none\", no signature) that no request sends, or a token's header "
         "and claims without the signature its algorithm needs: claims anyone can write, signed by no key",
         generic_only=True, needs_in_value="eyJ")
def is_unsecured_jwt(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if _UNSECURED_JWT.match(v) is None or _SENT_AS_CREDENTIAL.search(line):
        return False
    # (alg "none", or a header that names a signing algorithm with nothing after the last dot: a token's first two
    # parts, 'eyJhbGciOiJIUzI1NiJ9.e30.' + 'sig' in a test, that every server checking the algorithm refuses)
    return _jwt_alg(v.split(".")[0]) is not None


# The signature of an HMAC, ECDSA or EdDSA token has one length for its algorithm (RFC 7518 section 3, RFC 8037).
# A test of a JWT library cuts it short or writes a word there to see the token refused: such a token can
# never be accepted by anyone.
_SHORTEST_RSA_SIGNATURE = 128
_SIGNATURE_BYTES = {"HS256": 32, "HS384": 48, "HS512": 64, "ES256": 64, "ES384": 96, "ES512": 132, "EdDSA": 64,
                    "ES256K": 64}


@_filter("jwt_signature_wrong_length", "a JWT in a test or the docs whose signature cannot be its algorithm's "
         "(HS256 signs with 32 bytes, RS256 with 128 or more; \"….wrong\", \"….sig\"): a token made to be refused",
         surroundings=True, needs_example_place=True)
def is_jwt_signature_wrong_length(value: str, line: str, key_name: str | None, language: str | None,
                                  around: Surroundings) -> bool:
    # In code or a log a token cut short may be the start of a live one wrapped onto the next line: a person sees it.
    v = value.strip()
    if not around.example_place or _JWT_ANY_SIGNATURE.match(v) is None:
        return False
    head, _, signature = v.split(".")
    alg = _jwt_alg(head)
    if not alg or not signature:
        return False  # an unsigned token (alg none) is weighed elsewhere
    want = _SIGNATURE_BYTES.get(alg)
    rsa = alg[:2] in ("RS", "PS") and alg[2:] in ("256", "384", "512")
    if want is None and not rsa:
        return False
    if len(signature) % 4 == 1:
        return True  # no base64 text has this length
    try:
        got = len(_b64url(signature))
    except ValueError:
        return True
    # an RSA signature is as long as the key's modulus: 128 bytes for the smallest key anyone still signs with
    return got < _SHORTEST_RSA_SIGNATURE if rsa else got != want


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
         "{\"hello\": \"world\"}, RFC 7519's example, jwt.io's example with its name edited), or that name an example on a line that says so: it names no "
         "one, an example of the format", surroundings=True, needs_example_place=True)
def is_jwt_with_stand_in_claims(value: str, line: str, key_name: str | None, language: str | None,
                                around: Surroundings) -> bool:
    # In code it may be a service's live token however odd its claims: a person sees it.
    if not around.example_place:
        return False
    claims = _jwt_claims(value.strip())
    if _stand_in_claims(claims) or _edited_jwt_io_claims(claims):
        return True
    # "an example token: …" whose claims name an example (sub "demo-user", name "Sample Account") or
    # were issued at the epoch: the line and the token both say it stands for one
    return _EXAMPLE_CUE.search(line) is not None and _example_named_claims(claims)


def _edited_jwt_io_claims(claims: object) -> bool:
    """jwt.io's example payload with its name or claims edited: its subject 1234567890, or its issue time 1516239022
    (2018-01-18 01:30:22 UTC, which no token issued since carries) with no expiry."""
    return isinstance(claims, dict) and (claims.get("sub") == "1234567890" or "exp" not in claims) \
        and claims.get("iat") == 1516239022


_EXAMPLE_CUE = re.compile(r"(?i)\b(?:example|e\.g\.|for instance|sample|looks like|such as)\b")
_EXAMPLE_CLAIM_WORDS = frozenset({"example", "sample", "demo", "test", "dummy", "fake", "placeholder"})


def _example_named_claims(claims: object) -> bool:
    if not isinstance(claims, dict):
        return False
    if claims.get("iat") == 0 and "exp" not in claims:
        return True
    return any(isinstance(v, str) and _EXAMPLE_CLAIM_WORDS.intersection(re.findall(r"[a-z]+", v.lower()))
               for k, v in claims.items() if k not in _TIME_CLAIMS)


def _jwt_claims(value: str) -> object:
    """A JWT's decoded payload (None when the value is no JWT or its payload no JSON)."""
    if _JWT_ANY_SIGNATURE.match(value) is None:
        return None
    try:
        return json.loads(_b64url(value.split(".")[1]))
    except (ValueError, UnicodeDecodeError):
        return None


# A JWT states its own end (RFC 7519's exp, seconds since 1970), as a signed URL does (expired_signatures). Long past,
# every service that checks it refuses the token; a person sees it, told why it matters less. (A token without exp,
# or one a month or less past it, is left to the judge: clocks and caches differ, refresh flows reuse them.)
_EXPIRED_FOR = timedelta(days=30)


def jwt_expiry(value: str) -> datetime | None:
    """The exp claim of the JWT `value`, in UTC; None when it is no JWT or names no readable exp."""
    claims = _jwt_claims(value.strip())
    exp = claims.get("exp") if isinstance(claims, dict) else None
    if isinstance(exp, bool) or not isinstance(exp, (int, float)):
        return None
    try:
        return datetime.fromtimestamp(exp, timezone.utc)
    except (ValueError, OverflowError, OSError):
        return None


@_filter("expired_jwt", "a JWT past its exp claim by more than a month: services that check it refuse it, so it "
         "grants nothing", needs_in_value="e", decisive=False)
def is_expired_jwt(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    expiry = jwt_expiry(value)
    return expiry is not None and expiry + _EXPIRED_FOR < datetime.now(timezone.utc)


@_filter("expired_jwt_in_example", "a JWT in a test, the docs or a comment that expired more than a month ago: a "
         "fixture or an example, and no service that checks exp accepts it", needs_in_value="e", surroundings=True,
         needs_example_place=True)
def is_expired_jwt_in_example(value: str, line: str, key_name: str | None, language: str | None,
                              around: Surroundings) -> bool:
    # In code or config an expired token is still shown (expired_jwt is a signal there): a service that does not
    # check exp, or a long-lived key beside it, is what a person should see.
    return around.example_place and is_expired_jwt(value, line, key_name, language)


# An SMTP, IMAP or XMPP client's SASL PLAIN response is base64 of authzid NUL user NUL password (RFC 4616).
# A protocol test writes one for a stand-in account (user "user", password "pass"): the encoding hides the words.
@_filter("sasl_plain_stand_in", "a SASL PLAIN response in a test or the docs (AUTH PLAIN AHVzZXIAcGFzcw==) that "
         "decodes to a stand-in account (user:pass, test:test): a fixture's encoding, not a login", surroundings=True, needs_example_place=True)
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


# Base64 of a phrase (YSBzZWNyZXQ= is "a secret", bXkgdG9rZW4= "my token"): a test's or a doc's stand-in, encoded
# because the field holds base64. Random key bytes never decode to words and spaces.
_PHRASE = re.compile(r"^[A-Za-z]{1,20}(?: [A-Za-z]{1,20}){1,7}[.!]?$")


@_filter("encoded_phrase_in_example", "base64 in a test or the docs that decodes to a phrase of words (YSBzZWNyZXQ= is "
         "\"a secret\") or a stand-in (\"Password123!\"): a stand-in encoded for a field that holds base64",
         generic_only=True, surroundings=True, needs_example_place=True)
def is_encoded_phrase_in_example(value: str, line: str, key_name: str | None, language: str | None,
                                 around: Surroundings) -> bool:
    v = value.strip()
    if not around.example_place or len(v) > 88 or _BASE64_VALUE.match(v) is None:
        return False
    raw = b64_decode(v)
    if not raw or len(raw) < 5:
        return False
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        return False
    if " " not in text:
        if ":" in text:  # a Basic pair: its password is what stands in or not (Zendesk's user@x/token:<random>)
            return _stand_in_pair(text)
        # one word: a stand-in that spells what it stands for (UGFzc3dvcmQxMjMh is "Password123!")
        return text.isprintable() and stand_in_text(text, identifiers=False)
    # words a person wrote: each reads as English (or is a short word: a, my, not, real)
    return _PHRASE.match(text) is not None and all(english_like(w) or len(w) <= 2 or (len(w) <= 4 and wordlike(w))
                                                   for w in text.rstrip(".!").split(" "))


# Some products store their interface's strings base64-encoded (Cisco ISE portal customisations:
# `key: ui_changepwd_content_label` / `value: Q2hhbmdlIFBhc3N3b3Jk`, "Change Password"). Under a name for
# text shown to people, base64 that decodes to words is that text.
_INTERFACE_TEXT_WORDS = frozenset({"label", "message", "msg", "error", "text", "title", "content", "hint", "prompt",
                                   "caption", "button", "placeholder", "tooltip", "description", "heading",
                                   "instruction", "instructions", "ui", "banner", "notice"})
_TEXT_WORD = re.compile(r"[A-Za-z]+")


@_filter("encoded_interface_text", "base64 under a name for text shown to people (ui_changepwd_content_label) "
         "that decodes to words (\"Change Password\"): an interface string, not a credential", generic_only=True, needs_key_name=True)
def is_encoded_interface_text(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if _BASE64_VALUE.match(v) is None or not _INTERFACE_TEXT_WORDS.intersection(key_words(key_name)):
        return False
    raw = b64_decode(v)
    try:
        text = raw.decode("utf-8") if raw else ""
    except UnicodeDecodeError:
        return False
    words = _TEXT_WORD.findall(text)
    if not words or not text.isprintable() or sum(map(len, words)) < 0.6 * len(text):
        return False
    # most words read as words (random bytes never decode to printable text with spaces anyway)
    read = sum(len(w) <= 3 or english_like(w.lower()) or wordlike(w.lower()) for w in words)
    return 5 * read >= 4 * len(words)


# A private key encrypted under a passphrase, kept with a test: what a test of passphrase handling loads. Without
# the passphrase (reported on its own where it is written) the key opens nothing. Unencrypted keys are weighed
# wherever they are. The armour says which: PKCS#8's ENCRYPTED PRIVATE KEY, the legacy PEM's Proc-Type header,
# and in an OpenSSH key the cipher named after "openssh-key-v1" ("none" when unencrypted).
_OPENSSH_BODY = re.compile(r"-----BEGIN OPENSSH PRIVATE KEY-----[\s\\\"',]*((?:b3BlbnNzaC1rZXktdjE)[A-Za-z0-9+/=\s\\\"',]{20,})")


def _encrypted_key(value: str) -> bool:
    if "BEGIN ENCRYPTED PRIVATE KEY" in value or "Proc-Type: 4,ENCRYPTED" in value:
        return True
    m = _OPENSSH_BODY.search(value)
    if m is None:
        return False
    head = re.sub(r"\\[nrt]|[\s\"',\\]", "", m.group(1))[:64]
    try:
        data = base64.b64decode(head[: len(head) // 4 * 4])
    except ValueError:
        return False
    magic = b"openssh-key-v1\x00"
    if not data.startswith(magic) or len(data) < len(magic) + 4:
        return False
    size = int.from_bytes(data[len(magic):len(magic) + 4], "big")
    cipher = data[len(magic) + 4:len(magic) + 4 + size]
    return len(cipher) == size and cipher != b"none"


@_filter("encrypted_key_in_test", "a private key encrypted under a passphrase, kept with tests (OpenSSH aes256-ctr, "
         "Proc-Type: 4,ENCRYPTED, ENCRYPTED PRIVATE KEY): a fixture for passphrase handling, useless without it",
         surroundings=True)
def is_encrypted_key_in_test(value: str, line: str, key_name: str | None, language: str | None,
                             around: Surroundings) -> bool:
    # Elsewhere an encrypted key may still be someone's, its passphrase guessable: a person sees it.
    return around.in_test_path and "PRIVATE KEY" in value and _encrypted_key(value)
