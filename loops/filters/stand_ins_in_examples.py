"""Stand-ins in tests, documentation and comments (read with the
`Surroundings`): a short value quoted in prose, very short values, user:password pairs and URLs to
reserved example hosts, values that spell a credential word or are introduced as an example,
"my" before words, UUIDs under a client token's name, schema example fields, a few short words as
a key, known-answer test vectors and LDIF sample data.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from ..languages import CONFIG_LANGUAGES
from .identifiers import _UUID
from .placeholders import _stand_in_password
from .registry import Surroundings, _filter
from .text_shapes import _HEX, _looks_random, random_printable_run
from .word_shapes import _KEY_PIECES, _LEET, _LETTER_RUN, _WORDED_KEY, _typed_word, english_like, wordlike
from .words import _CAMEL, _CREDENTIAL_WORDS, _names_generated_credential, key_words, wireless_pass_phrase


_PROSE_LANGUAGES = frozenset({"markdown", "restructuredtext", "asciidoc"})
_WORD = re.compile(r"(?<![\w'])[A-Za-z][a-z]+(?![\w'])")
_NOT_PROSE_TOKEN = re.compile(r"[/@=]|\w\.\w|^-")  # a URL, a path, user@host, a dotted host name, an option
# Right before the value, a sentence names it as a password: "with password `…`", "the db password is `…`",
# "the password for `deploy` on the staging box is `…`",
# "Admin login: `admin` / `…`" (a user name and a slash after a login, account, credentials or admin label, a colon
# or not: "temporary account `qa` / `…`", "break-glass admin: `admin` / `…`"), "Staging basic auth: `user:…`" (the
# pair in one span after such a label, a colon or not).
_GIVEN_AS_THE_PASSWORD = re.compile(
    r"(?i)(?:\b(?:pass(?:word|wort|wd|phrase|code)|pwd|pw)s?(?:[ \t]+(?:for|of|on)[ \t][^\n]{1,60}?[ \t]+(?:is|was)|(?:[ \t]+(?:is|was))?)"
    r"(?:[ \t]*\([^)\n]{1,30}\))?[ \t]*:?"
    r"|\b(?:log[io]n|credentials?|creds|account|basic[ -]?auth|admin)\b[^:\n]{0,60}(?::|[ \t]is\b)?[ \t]*\S{1,80}[ \t]+/"
    r"|\b(?:log[io]n|credentials?|creds|account|basic[ -]?auth)\b[^\n]{0,60}?:?[ \t]*(?:`{1,2}|\*{1,2}|<(?:code|kbd|tt)>|[\"'])?"
    r"[\w.@+-]{1,64}:"
    r"|\blog(?:[ -]?in)[ \t]+(?:with|as)[ \t]+\S{1,64}[ \t]+(?:and|/))"
    r"[ \t]*\(?(?:`{1,2}\+?|\*{1,2}|<(?:code|kbd|tt|b|strong)>|[\"'])?$")


@_filter("quoted_in_prose", "a short value quoted inside a sentence of documentation ('ghp_' followed by 36 characters)",
         generic_only=True, surroundings=True)
def is_quoted_in_prose(value: str, line: str, key_name: str | None, language: str | None, around: Surroundings) -> bool:
    if language not in _PROSE_LANGUAGES or len(value) >= 24 or around.in_code_block:
        return False  # a code block holds commands and configs as typed (curl -u, a DSN), not sentences
    at = line.find(value)
    if at >= 0 and _GIVEN_AS_THE_PASSWORD.search(line[:at]):
        return False  # the sentence hands the value over as a password, it describes no format
    rest = line[:at] + " " + line[at + len(value):] if at >= 0 else line
    # words of the sentence only: the pieces of a URL, a path, an address or a host name
    # (`https://jenkins.corp/job/nightly/build`, `@db1.example.net/app`) make a command no sentence
    prose = " ".join(t for t in rest.split() if not _NOT_PROSE_TOKEN.search(t))
    return len(_WORD.findall(prose)) >= 8


# The sentence right before a code block that says its values are not real ("Example (these are sample values, not real
# credentials):", "Use fake credentials like these"): the writer's own word on what the block holds. A bare "Example:"
# is no such word (real values are pasted after it too).
_DECLARED_SAMPLE = re.compile(
    r"(?i)\b(?:sample|example|dummy|fake|placeholder|made[- ]up|fictitious|illustrative)[ \t]+"
    r"(?:values?|credentials?|keys?|tokens?|secrets?|passwords?|data)\b"
    r"|\bnot[ \t]+(?:a[ \t]+)?(?:real|actual|live|valid|working)\b")
_FENCE_LINE = re.compile(r"^[ \t]*(?:```|~~~)")


@_filter("declared_sample_block", "a value in a documentation code block that the sentence just before it calls a "
         "sample (\"these are sample values, not real credentials\")", surroundings=True)
def is_declared_sample_block(value: str, line: str, key_name: str | None, language: str | None,
                             around: Surroundings) -> bool:
    if not around.in_code_block or not (around.in_docs_path or language in _PROSE_LANGUAGES):
        return False
    before = around.lines[:around.lines_before]
    fence = next((i for i in range(len(before) - 1, -1, -1) if _FENCE_LINE.match(before[i])), None)
    if fence is None:
        return False  # the block opens further up than the lines read around the value
    sentence = next((text for text in reversed(before[:fence]) if text.strip()), "")
    return _DECLARED_SAMPLE.search(sentence) is not None


# Names that sit beside a key in a published test vector (NIST, RFC): the input, the output
# and the other parameters of one known-answer test.
_TEST_VECTOR_WORDS = frozenset({
    "iv", "nonce", "plaintext", "ciphertext", "cleartext", "pt", "ct", "tag", "aad", "adata", "mac", "digest",
    "expected", "counter", "ctr", "msg", "message", "tweak", "vector", "vectors", "output", "result",
    "in", "out", "input",  # Go's x/crypto writes a vector's message and result as in/out (poly1305, chacha20)
    # a key-derivation vector (RFC 6070 PBKDF2, RFC 5869 HKDF, Wycheproof): the password or IKM in hex
    # beside its salt, iteration count and derived key, and the test case's id
    "salt", "iterations", "rounds", "dk", "dklen", "ikm", "okm", "prk", "tcid",
    # a key-agreement vector as OpenSSL's evp tests write it: Derive=<own key>, PeerKey=<peer's>, SharedSecret=<hex>
    "derive", "peer",
    # a signature vector (RFC 8032 Ed25519, FIPS 186 ECDSA, Wycheproof): the message and the signature it must give
    "signature", "sig",
})
# (a properties file's dotted name is one name: aes256.gcm.vector0.iv=)
_ASSIGNED_NAME = re.compile(r"""(?:^|[\s,{(\[])["']?([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)["']?[ \t]*(?::|=(?!=))""")
_MIN_TEST_VECTOR_HEX = 16


@_filter("crypto_test_vector", "a hex key in a test among the other parts of a known-answer test (iv, plaintext, "
         "ciphertext, tag, expected): a published test vector", generic_only=True, surroundings=True)
def is_crypto_test_vector(value: str, line: str, key_name: str | None, language: str | None,
                          around: Surroundings) -> bool:
    # A test of a cipher or MAC checks it against the vectors its standard publishes: the key
    # there is public by design. Outside test code the same lines could be a real key and IV.
    v = value.strip()
    if len(v) < _MIN_TEST_VECTOR_HEX or not _HEX.match(v):
        return False
    on_line = _assigned_words(line)
    # Outside tests, a key beside its known answer on one line (key, iv, plaintext and ciphertext: a course lab's
    # vectors.json): no program keeps a real key next to a plaintext and what it encrypts to.
    if not around.in_test_path and not (on_line & _VECTOR_INPUT_WORDS and on_line & _VECTOR_OUTPUT_WORDS):
        return False
    words = key_words(key_name)
    if words[-1:] == ["token"] and not _TEST_VECTOR_WORDS & set(words):
        return False  # a provider's auth token (TWILIO_AUTH_TOKEN) is no part of a cipher's vector
    parts = on_line.union(*(_assigned_words(text) for text in around.lines))
    return len(parts & _TEST_VECTOR_WORDS) >= 2


_VECTOR_INPUT_WORDS = frozenset({"pt", "plaintext", "cleartext", "msg", "message", "input"})
_VECTOR_OUTPUT_WORDS = frozenset({"ct", "ciphertext", "tag", "mac", "expected", "output", "digest"})


def _assigned_words(text: str) -> set[str]:
    """The words of every name assigned on `text` (`"iv": …, pt = …`), and each name whole in lower case
    (Wycheproof's tcId is split into tc and id, but is one word of the vocabulary)."""
    # (a numbered part is its word: aes256.gcm.vector0.key holds the vector)
    return {w for m in _ASSIGNED_NAME.finditer(text)
            for w in (*key_words(m.group(1)), *(k.rstrip("0123456789") for k in key_words(m.group(1))), m.group(1).lower())}


# Where a key is cited from a standard's published vectors (RFC 8032's examples, "test vector", a KAT,
# Wycheproof, NIST CAVP): the comment on its line or the nearest one above says so (blank lines and a table's
# lone brace between do not count), in any file (crypto code keeps its self-test keys beside the implementation,
# not only under tests/). Further away, the comment is another line's.
_CITED_VECTOR = re.compile(
    r"(?i:\btest[ _-]?vectors?\b(?![ \t]*(?:search|db|database|store|index))|\bknown[ _-]answer[ _-](?:tests?|vectors?)\b|\bwycheproof\b)"
    r"|\bKATs?\b|(?i:\bkat[ _-]vectors?\b)|\bCAVP\b|\.rsp\b"
    # FIPS 197, NIST SP 800-38D (FIPS 140 validates modules and prints no vectors)
    r"|(?i:\b(?:FIPS[ _-]?(?!140)|NIST[ _-]?(?:SP[ _-]?)?|SP[ _-]?)\d[\d.-]{2,}[A-Z]?\b[^\n]{0,40}?\b(?:appendix|examples?|test[ _-]?(?:case|vector)s?)\b)"
    r"|(?i:\bRFC[ _-]?\d{3,5}\b[^\n]{0,20}?\btest[ _-]?case[ _-]?\d+\b)"
    # an RFC's own vectors, cited by place (a section cited for a requirement, "RFC 7518 section 3.2: at least
    # 256 bits", or an RFC referred to for its flows is no vector)
    r"|(?i:\bRFC[ _-]?\d{3,5}\b[^\n]{0,40}?(?:\btest[ _-]?vectors?\b|\bappendix[ \t]+[A-Z](?:\.\d+)+|\bexample[ \t]+(?:key|vector)s?\b"
    r"|\bsection[ \t]+\d+(?:\.\d+)+[ \t]+examples?\b))"
    r"|\bRFC[ _-]?\d{3,5}[ ,]+(?:appendix[ \t]+)?[A-F]\.\d+\b")
# ... unless the comment says this key is in use after all ("KAT vectors moved to tests/, this one encrypts
# backups", "unlike the RFC's vectors this key signs prod sessions"): words about the key, not about the tests
_IN_USE = re.compile(r"(?i)\bthis[ \t]+(?:one|key|secret)[ \t]+(?:is|signs|encrypts|protects|goes|runs)\b|\bunlike\b"
                     r"|\b(?:real|actual|prod(?:uction)?|live|deployed|staging|customer'?s?)(?:[ \t]+[\w-]+)?[ \t]+(?:key|secret)\b"
                     r"|\bthis[ \t]+is[ \t]+the[ \t]+(?:real|actual|prod(?:uction)?|staging|deployed|live)\b|\bour\b|\btodo\b|\bfixme\b")
# Standards print their vectors' keys in hex; a provider's API key beside such a comment is no vector.
_KEY_HEX = re.compile(r"^(?:0x)?[0-9a-fA-F]{32,}$")
_KEY_BASE64 = re.compile(r"^[A-Za-z0-9+/]{32,}={0,2}$")
# a blank line, a table entry's lone brace, the line that opens a table of vectors (VECTORS = [, cases := []struct{):
# another opener (JWT_SETTINGS = {, module.exports = {) ends the walk, its comment is the config's
_NOT_A_COMMENT = re.compile(r"^[ \t]*[{(\[]?[ \t]*$|^[^#/\n]*\b(?i:(?:test_?)?(?:vectors?|cases|tests|kats?|fixtures))\b[^#/\n]*[{(\[][ \t]*$")


@_filter("cited_test_vector", "a hex key (in a test, also base64) the comment beside it cites from a standard's published "
         "vectors (an RFC's examples or appendix, a test vector, a KAT, Wycheproof): public by design", generic_only=True,
         surroundings=True)
def is_cited_test_vector(value: str, line: str, key_name: str | None, language: str | None,
                         around: Surroundings) -> bool:
    v = value.strip()
    # (in a test a vector's key may be base64, as an exchange's signing example prints its secret)
    if not (_KEY_HEX.match(v) or (around.in_test_path and _KEY_BASE64.match(v))):
        return False
    above = ""
    for text in reversed(around.lines[:around.lines_before]):
        if not _NOT_A_COMMENT.match(text):
            above = text
            break
    cited = [text for text in (line, above) if _CITED_VECTOR.search(text)]
    return bool(cited) and not any(_IN_USE.search(text) for text in cited)


# A test case as a data-driven suite writes it, one per line: the test function's name, then its arguments
# separated by colons, hex strings quoted (Mbed TLS's tests/suites/*.data:
# auth_crypt_tv:MBEDTLS_CIPHER_AES_128_GCM:"<key>":"<iv>":"":"<tag>":0).
_TEST_CASE_LINE = re.compile(r"^[ \t]*[a-z][a-z0-9_]*:[^ \t=]")
_QUOTED_HEX_ARGUMENT = re.compile(r'(?:(?<=:)|^)"([0-9a-fA-F]*)"(?=:|[ \t]*$)')


@_filter("test_case_arguments", "a hex argument of a test case written as a data line (test_function:ARG:\"<hex>\":\"<hex>\":0"
         " in a suite's .data file): the inputs and expected outputs of a published test vector", generic_only=True,
         surroundings=True)
def is_test_case_arguments(value: str, line: str, key_name: str | None, language: str | None,
                           around: Surroundings) -> bool:
    v = value.strip()
    if not around.in_test_path or len(v) < _MIN_TEST_VECTOR_HEX or not _HEX.match(v) or not _TEST_CASE_LINE.match(line):
        return False
    hex_arguments = _QUOTED_HEX_ARGUMENT.findall(line)
    # the value is one argument, and another quoted hex argument (or an empty one) stands beside it
    return v in hex_arguments and len(hex_arguments) >= 2


# Fewer characters than this (after percent-decoding) cannot be a credential worth a warning where
# values are written for a test or a reader: `pw`, `psw`, `/@`.
_SHORTEST_EXAMPLE_SECRET = 4


@_filter("short_value_in_example", "a value of three characters or fewer in a test, documentation or a comment "
         "(user:pw, mongodb://val:psw@…): a stand-in", generic_only=True, surroundings=True, needs_example_place=True)
def is_short_value_in_example(value: str, line: str, key_name: str | None, language: str | None,
                              around: Surroundings) -> bool:
    v = value.strip()
    return around.example_place and 0 < len(unquote(v) if "%" in v else v) < _SHORTEST_EXAMPLE_SECRET


_USER_PASSWORD = re.compile(r"^([^\s:]{1,64}):(\S{0,128})$")
_USER_NAME = re.compile(r"[\w.@+\-\\%$]{1,64}")  # a login: letters, digits, ., @, +, -, a domain's \, %-escapes, $VAR


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
    if (random_printable_run(v) or (not password and not around.example_place)) and _USER_NAME.fullmatch(user) is None:
        # one colon in a generated salt (…{x!:), or ending a passphrase in code: no user name before it, no pair (a
        # test's list of odd inputs, "&#2336:", stays a stand-in)
        return False
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
         "reads as a sentence, is a short identifier of words or a fixture word with digits (This-is-my-test-1!, "
         "tok_visa, Test1234): a stand-in",
         generic_only=True, surroundings=True, needs_example_place=True,
         after_prefix=True)  # a provider's own prefix (Notion's secret_…) spells no stand-in
def is_stand_in_in_example(value: str, line: str, key_name: str | None, language: str | None,
                           around: Surroundings) -> bool:
    # Outside such places a person's password may read so ("ThisIsMyPassword!"): kept there. Tests
    # choose passwords like people do (pup_zaqnix, gri-1609): a short identifier counts only where
    # it is written for a reader.
    for_a_reader = around.in_docs_path or around.in_comment or around.in_doc
    v = value.strip()
    return around.example_place and (stand_in_text(v, identifiers=for_a_reader)
                                     or _FIXTURE_WORD_VALUE.match(v) is not None or _fixture_words_naming_credential(v))


_FIXTURE_MARKERS = frozenset({"test", "testing", "fake", "dummy", "mock", "sample", "example", "demo"})
_CREDENTIAL_NOUNS = frozenset({"key", "token", "secret", "password", "pass", "pwd", "apikey", "credential", "creds"})


def _fixture_words_naming_credential(v: str) -> bool:
    """Words that say both "test" and what they stand for (test-google-key, fake_token_2, dummy-api-secret)."""
    if len(v) > 40 or not re.fullmatch(r"[a-z0-9]+(?:[-_][a-z0-9]+){1,5}", v):
        return False
    words = re.split(r"[-_]", v)
    return bool(_FIXTURE_MARKERS.intersection(words)) and bool(_CREDENTIAL_NOUNS.intersection(words))


# A fixture word with only digits and symbols around it (Test1234, Test@123, demo_pw_2024!): what a test
# types for a password it does not care about.
# (also "test" in the languages tests are written in: prueba, teste, testowe, deneme, essai, prova, тест, 测试, テスト, 테스트)
_FIXTURE_MARKERS_IN_OTHER_LANGUAGES = frozenset({"prueba", "pruebas", "teste", "testowe", "testowy", "deneme", "essai",
                                                 "prova", "тест", "测试", "テスト", "테스트"})
_FIXTURE_WORD_VALUE = re.compile(
    rf"(?i)^[\W_]{{0,2}}(?:{'|'.join(sorted(_FIXTURE_MARKERS | _FIXTURE_MARKERS_IN_OTHER_LANGUAGES | {'tester'}, key=len, reverse=True))})"
    r"[\W_]*(?:pw|pwd|pass)?[\W_]*\d{0,8}[\W_]*$")


@_filter("client_token_uuid_in_example", "a UUID under a client token's name in a test, documentation or a "
         "comment (\"clientToken\": \"<uuid>\"): the idempotency token a client makes up for one request",
         generic_only=True, surroundings=True, needs_example_place=True)
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
         "JSON Schema examples, x-example), or of a field inside one: an illustration of the format", generic_only=True,
         surroundings=True)
def is_schema_example_field(value: str, line: str, key_name: str | None, language: str | None,
                            around: Surroundings = Surroundings()) -> bool:
    v = value.strip()
    at = line.find(v) if v and language in CONFIG_LANGUAGES else -1
    if at < 0:
        return False
    head = line[:at]
    low = head.lower()
    if "example" not in low and "sample" not in low:  # every example key holds one of them
        return language == "yaml" and _under_example_mapping(line, around)
    keys = [next(g for g in m.groups() if g) for m in _LINE_KEY.finditer(head)]
    return bool(keys) and keys[-1].lower() in _EXAMPLE_KEYS  # the nearest key before the value


def _under_example_mapping(line: str, around: Surroundings) -> bool:
    """A YAML line inside an OpenAPI example: mapping (example: / email: … / password: …): its parents, the lines
    above indented less, in the few lines read around it, reach an example key before the top level (enclosing
    yields nothing after a line at the top level)."""
    for above in around.enclosing(line, _not_a_comment_line):
        m = _YAML_PARENT_KEY.match(above.lstrip())
        if m is None:
            return False
        if m.group(1).lower() in _EXAMPLE_KEYS:
            return True
    return False


def _not_a_comment_line(text: str) -> bool:
    return not text.lstrip().startswith("#")


_YAML_PARENT_KEY = re.compile(r"""(?:- )?["']?([\w-]+)["']?[ \t]*:[ \t]*(?:#.*)?$""")


_EXAMPLE_INTRODUCTION = re.compile(
    r"(?i)(?:\blooks?\s+(?:\w+\s+){0,2}like|\bfor\s+(?:example|instance)|\be\.g\.|\bsuch\s+as|\bexample\s*:"
    r"|\bsample\s*:|\bin\s+the\s+form(?:at)?\b|\bformat(?:ted)?\s*:)")


_LINE_OPENING = re.compile(r"""[ \t]*(?:\*|//|#|--|;)?[ \t]*["'`(]?""")
_INTRODUCTION_AT_END = re.compile(r"(?i)(?:\be\.g\.|\bfor\s+(?:example|instance)|\bsuch\s+as|\blooks?\s+like|\bexample)[,:]?[ \t]*$")


@_filter("introduced_as_example", "in a comment or documentation, the text before it introduces an example "
         "(\"a token looks something like\", \"for example\", \"e.g.\")", decisive=False, surroundings=True)
def is_introduced_as_example(value: str, line: str, key_name: str | None, language: str | None,
                             around: Surroundings) -> bool:
    # A signal: a high-confidence format with no checksum shown so goes to a person (phases/filter).
    at = line.find(value.strip()) if value.strip() else -1
    if not (around.in_comment or around.in_doc or around.in_docs_path or _in_documentation_member(line, at)):
        return False
    if at > 0 and _EXAMPLE_INTRODUCTION.search(line[max(0, at - 200):at]) is not None:
        return True
    # ... or the sentence began on the line before: "… from your app, e.g.\n * "AIza…", used to …"
    return at >= 0 and _LINE_OPENING.fullmatch(line[:at]) is not None and any(
        _INTRODUCTION_AT_END.search(text) for text in around.lines)


# An API model's documentation member ("documentation":"<p>…", "description": "…"): text for people in a data file.
_DOCUMENTATION_MEMBER = re.compile(r""""(?:documentation|description)"[ \t]*:[ \t]*"(?:[^"\\]|\\.)*$""")


def _in_documentation_member(line: str, at: int) -> bool:
    """Whether position `at` of `line` lies inside the string of a JSON documentation or description member."""
    if at <= 0 or ('"documentation"' not in line and '"description"' not in line):
        return False
    return _DOCUMENTATION_MEMBER.search(line[:at]) is not None


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
         "parsing or escaping", generic_only=True, surroundings=True, needs_example_place=True)
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


_WORD_AND_NUMBER = re.compile(r"^([a-z]{3,})[0-9]{1,4}$")  # minio123, key1
_LONGEST_WORDED_KEY = 24
# API keys and tokens are generated with 16 characters or more; one of eight is typed.
_LONGEST_TYPED_KEY = 8


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


@_filter("worded_key_in_example", "an API key or token that is a few short lower-case words (fixture, sk-from-env, "
         "hf_oauth_123, old-rt) in a test, documentation or a comment, or a phrase of words anywhere "
         "(on_behalf_of, failed-to-connect-to-db): keys are generated, this one was typed",
         generic_only=True, surroundings=True, needs_key_name=True)
def is_worded_key_in_example(value: str, line: str, key_name: str | None, language: str | None,
                             around: Surroundings) -> bool:
    # Passwords and secrets are kept: people choose those, and tests choose them like people do.
    # A generated key is long and random; a piece of it reads as a word only by chance, never all.
    v = value.strip()
    if len(v) > _LONGEST_WORDED_KEY or not _names_generated_credential(key_name):
        return False
    if wireless_pass_phrase(key_name, around.lines):
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


# Text right before a value that names it as an example: "Example api_key='…'", "e.g. token: …".
_NAMED_EXAMPLE = re.compile(r"(?i)\b(?:example|e\.g\.|sample|for\s+instance)[:,]?[ \t]+[\w\-]{1,40}[ \t]*[=:][ \t]*[\"'`]?$")


@_filter("named_example_value", "the text before it shows it as an example (\"Example api_key='…'\", \"e.g. "
         "token: …\"), in help text or documentation: what a value looks like", generic_only=True)
def is_named_example_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    at = line.find(value.strip()) if value.strip() else -1
    return at > 0 and _NAMED_EXAMPLE.search(line[max(0, at - 80):at]) is not None


# LDIF (RFC 2849): an entry is `attribute: value` lines under its `dn:`. A directory's sample data (the people
# of a demo company) puts its entries under a domain reserved for examples (RFC 2606: dc=example,dc=com,
# mail: someone@example.org) and gives each person a word for a password.
_LDIF_PASSWORD_LINE = re.compile(r"(?i)^[ \t]*userPassword(?:;[\w\-]+)*:[ \t]")
_LDIF_RESERVED_ENTRY = re.compile(
    r"(?i)^[ \t]*(?:dn:.*\bdc=(?:example|test|invalid)[ \t]*(?:,|$)|(?:dn|mail|e?mail[\w;-]*):.*"
    r"[@.=]example\.(?:com|net|org)\b|(?:dn|mail):.*@[\w.-]+\.(?:example|test|invalid)[ \t]*$)")
_LONGEST_SAMPLE_WORD = 24
# A telephone number in the 555 exchange (+1 408 555 4798, (212) 555-0142): the North American numbers that
# films, books and sample data use because none of them reaches anyone; a real directory holds real numbers.
_LDIF_FICTIONAL_PHONE = re.compile(r"(?i)^[ \t]*(?:telephoneNumber|facsimileTelephoneNumber|homePhone|mobile|pager)"
                                   r":[ \t]*(?:\+?1[ .-]?)?\(?[2-9]\d\d\)?[ .-]?555[ .-]?\d{4}[ \t]*$")
# The entry's own name, where a generated test entry repeats it as the password (uid: user0 ... userPassword:
# user0): the uid, the first RDN of its dn, or the local part of its mail.
_LDIF_ENTRY_NAME = re.compile(r"(?i)^[ \t]*(?:uid:[ \t]*([^\s,]+)[ \t]*$|dn:[ \t]*(?:uid|cn)=([^,]+),"
                              r"|mail:[ \t]*([^@\s]+)@)")


@_filter("ldif_sample_person_password", "a word for a password in an LDIF entry of a directory's sample data, under "
         "a domain reserved for examples or beside a fictional 555 telephone number (dn: uid=jdoe,dc=example,dc=com ... "
         "userPassword: sprain), or a test entry's password that repeats its own name (uid: user0 ... userPassword: user0)",
         generic_only=True, surroundings=True)
def is_ldif_sample_person_password(value: str, line: str, key_name: str | None, language: str | None,
                                   around: Surroundings) -> bool:
    v = value.strip()
    if not v or len(v) > _LONGEST_SAMPLE_WORD or not v.isascii() or _LDIF_PASSWORD_LINE.match(line) is None:
        return False
    if any(_ldif_entry_name(text) == v.lower() for text in around.lines):
        return True  # a test entry whose password repeats its own name
    if not v.isalpha() or not wordlike(v):
        return False
    return any(_LDIF_RESERVED_ENTRY.match(text) or _LDIF_FICTIONAL_PHONE.match(text) for text in around.lines)


def _ldif_entry_name(text: str) -> str | None:
    m = _LDIF_ENTRY_NAME.match(text)
    return next((g.strip().lower() for g in m.groups() if g), None) if m else None


# A manual page's roff source (man/man5/upsd.users.5): request lines (.TP, .nf, .RS 4, .Bd -literal) around the
# value say the text is a manual, whose examples use a short word for a password (password = duh, passwd jid).
_ROFF_REQUEST = re.compile(r"^\.(?:[A-Za-z][A-Za-z0-9]{0,3}|\\\"|\\})(?:[ \t]|$)")
_LONGEST_MANUAL_WORD = 12
_FEWEST_ROFF_REQUESTS = 2


@_filter("word_in_manual_page", "a short word for a password in a manual page's example (roff requests such as "
         ".TP and .nf around it): the manual's stand-in, not someone's password", generic_only=True, surroundings=True)
def is_word_in_manual_page(value: str, line: str, key_name: str | None, language: str | None,
                           around: Surroundings) -> bool:
    v = value.strip()
    if not v or len(v) > _LONGEST_MANUAL_WORD or not v.isascii() or not v.isalpha() or not v.islower():
        return False
    if not (len(v) <= 4 or wordlike(v)):
        return False
    return sum(_ROFF_REQUEST.match(text) is not None for text in around.lines) >= _FEWEST_ROFF_REQUESTS


# A Set-Cookie header of a recorded response (a VCR/Betamax cassette's `set-cookie: JSESSIONID=…; Path=/`):
# the session a server handed out while the test was recorded, long expired; a request's Cookie header is kept.
_SET_COOKIE = re.compile(r"(?i)\bset-cookie\b[\"']?[ \t]*[:=,\[]")


@_filter("recorded_response_cookie", "a session cookie a server set in a response recorded for a test (a cassette's "
         "set-cookie: JSESSIONID=…): the recording's own session, expired since", generic_only=True, surroundings=True)
def is_recorded_response_cookie(value: str, line: str, key_name: str | None, language: str | None,
                                around: Surroundings) -> bool:
    if not around.in_test_path or "ookie" not in line:  # Set-Cookie, set-cookie
        return False
    at = line.find(value)
    m = _SET_COOKIE.search(line, 0, at) if at > 0 else None
    # the header's name before the value, and no request header (Cookie:) between them
    return m is not None and "cookie:" not in line[m.end():at].lower()


# A default that spells what belongs in its place: its length and its kind (Roundcube's des_key default
# rcmail-!24ByteDESkey*Str, a 32-char-secret-key): the text of a stand-in, written to be replaced.
_SIZE_AND_KIND = re.compile(r"(?i)[0-9]{1,4}[-_ ]?(?:bytes?|chars?|characters?|bits?|digits?)(?:[-_ ]?[A-Za-z]{1,8}?){0,2}?"
                            r"[-_ ]?(?:key|secret|salt|str|string|pass(?:word|phrase)?|token|random)")


@_filter("size_and_kind_spelled", "a value that spells its own length and kind (24ByteDESkey, 32-char-secret): "
         "a default written to be replaced", generic_only=True)
def is_size_and_kind_spelled(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return len(v) <= 64 and _SIZE_AND_KIND.search(v) is not None


# The words sample and default passwords are made of (Welcome1!, Winter2025!, Admin@123, Qwerty123, Summer2024):
# the most common choices in leaked-password lists, and the ones documentation and comments write as an example.
_COMMON_PASSWORD_WORDS = frozenset({
    "welcome", "hello", "admin", "administrator", "letmein", "qwerty", "qwertz", "azerty", "asdf", "dragon", "monkey",
    "sunshine", "football", "baseball", "iloveyou", "princess", "master", "login", "guest", "changeme", "default",
    "secret", "password", "passw0rd", "pass", "test", "demo", "user", "root", "trustno", "shadow", "superman",
    "batman", "starwars", "pokemon", "abc", "abcd", "foobar", "company", "spring", "summer", "autumn", "fall",
    "winter", "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "monday", "friday", "sample", "example", "temp", "temporary", "system", "manager",
})
_WORD_NUMBER_MARK = re.compile(r"^([A-Za-z]+)[@#$!._-]?([0-9]{1,4})?[!@#$%*?.]{0,2}$")


@_filter("common_password_in_example", "a common sample password (Welcome1!, Winter2025!, Admin@123) in a test, the "
         "docs or a comment: a word people write in examples, with a number and a mark", generic_only=True,
         surroundings=True, needs_example_place=True)
def is_common_password_in_example(value: str, line: str, key_name: str | None, language: str | None,
                                  around: Surroundings) -> bool:
    # In code or config the same value is a weak password someone set: a person sees it.
    if not around.example_place:
        return False
    m = _WORD_NUMBER_MARK.match(value.strip())
    return m is not None and m.group(1).lower() in _COMMON_PASSWORD_WORDS


# A fixture word, one to three words of what it stands for, then a short random tail that keeps each test's value
# apart (test-refresh-4992032477a9fe02, mock_access_token_1e7e02a7). No provider's token begins with such words; a
# provider's test-mode prefix (sk_test_) does not begin with the fixture word.
_FIXTURE_WORD_TAIL = re.compile(r"^(?:test|fake|mock|dummy|stub|sample)[-_](?:[a-z]{3,12}[-_]){1,3}[0-9a-f]{4,24}$")


@_filter("fixture_word_with_random_tail", "in a test, a value that is a fixture word, the words of what it stands for "
         "and a short random tail (test-refresh-4992032477a9fe02): a fixture made unique per test",
         generic_only=True, surroundings=True, needs_example_place=True, needs_in_value="-_")
def is_fixture_word_with_random_tail(value: str, line: str, key_name: str | None, language: str | None,
                                     around: Surroundings) -> bool:
    if not around.in_test_path:
        return False
    m = _FIXTURE_WORD_TAIL.match(value.strip())
    return m is not None and all(wordlike(w) or english_like(w) for w in re.split(r"[-_]", value.strip())[1:-1])


# The columns an authentication library keeps per user for one-time and session tokens (Devise, Authlogic,
# devise-two-factor): in a test they belong to a fixture's or a factory's user.
_USER_RECORD_TOKENS = (["confirmation", "token"], ["unlock", "token"], ["reset", "password", "token"],
                       ["remember", "token"], ["invitation", "token"], ["perishable", "token"],
                       ["persistence", "token"], ["single", "access", "token"], ["otp", "secret"])


@_filter("test_user_record_token", "in a test, a user record's one-time or session token column (confirmation_token, "
         "unlock_token, otp_secret): a fixture's user, not an account", generic_only=True, surroundings=True,
         needs_example_place=True, needs_key_name=True)
def is_test_user_record_token(value: str, line: str, key_name: str | None, language: str | None,
                              around: Surroundings) -> bool:
    if not around.in_test_path:
        return False
    if any(_COOKIE_ATTRIBUTE.search(text) for text in around.lines):
        return False  # a cookie a browser kept (Playwright's storageState, a cookie export): a session that logs in
    words = key_words(key_name)
    return any(words[-len(c):] == c for c in _USER_RECORD_TOKENS)


_COOKIE_ATTRIBUTE = re.compile(r"""["'](?:httpOnly|sameSite|secure)["'][ \t]*:""")


_TOKEN_RESPONSE_MEMBERS = (["access", "token"], ["refresh", "token"], ["id", "token"])
_TOKEN_TYPE_MEMBER = re.compile(r"""["']?token_type["']?[ \t]*[:=]""")


@_filter("documented_token_response", "in the docs, a token of an OAuth token response shown whole (beside its "
         "token_type): a page's sample of the exchange, not a token someone holds", generic_only=True,
         surroundings=True, needs_example_place=True, needs_key_name=True)
def is_documented_token_response(value: str, line: str, key_name: str | None, language: str | None,
                                 around: Surroundings) -> bool:
    # RFC 6749's response ({"access_token": …, "token_type": "Bearer", "expires_in": …}) is what guides show;
    # a token leaked into the docs comes in a command or an export instead, with no token_type beside it.
    if not (around.in_docs_path or around.in_doc):
        return False
    words = key_words(key_name)
    return words in _TOKEN_RESPONSE_MEMBERS and any(_TOKEN_TYPE_MEMBER.search(l) for l in around.lines)
