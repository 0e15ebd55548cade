"""The offline judge: deterministic, no network, decides from what a request carries.

It reads the evidence a person would weigh — how specific the rule is and whether the
format's checksum holds, whether the value is assigned to a credential-like name, how
random it looks, whether it reads as words, where it sits (tests, docs, comments) and
what its masked line says (a comparison, a fixture word, a quoted literal) — as a vector
of features (`features_of`), and scores it with a logistic regression whose weights are
plain data (`offline_model.py`, trained on the labelled dev sets by
bench/accuracy/train_judge.py). It answers `unsure` only in a narrow band around the
decision threshold, so that few findings wait for a person.

The judge never sees a value: a request holds a redacted preview, shape features and
masked context lines.
"""

from __future__ import annotations

import functools
import math
import re

from ..filters import WIFI_WORDS, key_words
from ..languages import CONFIG_LANGUAGES
from ..rules.catalogue import NON_SPECIFIC_CATEGORIES, load_catalogue
from . import offline_model
from .base import JudgeRequest, JudgeUsage, Verdict

# (SQL names an account's password `IDENTIFIED BY '…'`.)
_PASSWORD_WORDS = ("passw", "passwd", "pwd", "passphrase", "passcode", "identified")
_SECRET_WORDS = ("secret", "private", "credential", "signing", "signature", "encryption", "master", "salt")
_TOKEN_WORDS = ("token", "bearer", "jwt", "session", "cookie", "sid")
_APIKEY_WORDS = ("apikey", "accesskey", "authkey")
_FIXTURE_KEY_WORDS = frozenset({
    "test", "tests", "fake", "dummy", "mock", "example", "sample", "invalid", "wrong", "bad", "incorrect", "non",
    "not", "expired", "revoked", "bogus", "random", "other", "unknown", "missing",
})
_PROSE_LANGUAGES = frozenset({"markdown", "restructuredtext", "asciidoc", "html", "latex"})
_COMPONENT_FILES = (".vue", ".svelte")
_FIXTURE_WORDS = re.compile(r"(?i)(?<![a-z])(?:example|sample|fake|dummy|mock|stub|demo|placeholder|test|testing|foo|bar)(?![a-z])")
# Where a credential is used, written on its line: a URL, an e-mail address, a dotted host name. A word inside one
# (reset@example-shop.io, https://demo.acme.io, sample-co.net) names a company or a host, not a stand-in value.
_ADDRESS = re.compile(r"(?i)\b[a-z][a-z0-9+.-]*://[^\s\"'`<>()]*|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
                      r"|\b[\w-]+(?:\.[\w-]+)*\.(?:io|com|net|org|dev|app|co|ai|cloud|me|us|uk|de|eu|biz|info|internal|local"
                      r"|gov|edu|mil|ca|au|fr|nl|jp|br|ch|se|fi|dk|es|pl|nz|ie)\b")
# ... except the names reserved for documentation (RFC 2606): no account there opens anything real. (Ending the
# name: data.example.gov is a host under .gov.)
_RESERVED_EXAMPLE_HOST = re.compile(r"(?i)(?:^|[@./])(?:example\.(?:com|net|org)|[\w-]+\.(?:example|test|invalid))(?![\w-]|\.\w)")


def _fixture_words_on(around: str) -> bool:
    """Example or test words on the line, outside its addresses and host names (unless one is reserved for docs)."""
    if not _FIXTURE_WORDS.search(around):
        return False
    kept = _ADDRESS.sub(lambda m: m.group(0) if _RESERVED_EXAMPLE_HOST.search(m.group(0)) else " ", around)
    # a method called on an object named demo (Gradio's and Streamlit's app: demo.launch(auth=…)) names the app
    kept = _DEMO_APP_CALL.sub(" ", kept)
    return _FIXTURE_WORDS.search(kept) is not None


_DEMO_APP_CALL = re.compile(r"(?<![\w.])demo\.[a-z_]+\(")


# (`in ("a", "b")` tests membership in a set of names: a comparison too.)
_COMPARISON = re.compile(r"==|!=|\bassert|\bexpect|\bshould\b|\bequal|\bassertEquals?\b|\bEqual\(|\bin[ \t]*[(\[{][ \t]*[\"'`]")


def _rule_facts(rule_id: str) -> tuple[str, bool]:
    """(category, specific) of a rule of the packaged catalogue; generic for one it does not know."""
    rule = load_catalogue().get(rule_id)
    if rule is None:
        return "generic", False
    return rule.category, rule.specific


def _key_class(key_name: str | None) -> dict[str, float]:
    # the same names come back across a scan (password, secret, api_key): worked out once each;
    # features_of copies the answer into its own dict, so the cached one is never changed
    return _key_class_of(key_name)


@functools.lru_cache(maxsize=4096)
def _key_class_of(key_name: str | None) -> dict[str, float]:
    words = key_words(key_name)
    joined = "".join(words)
    has = lambda parts: float(any(p in joined for p in parts))  # noqa: E731
    # (a whole word "pw" too: REPORTING_DB_PW, but not the letters inside another word; and "psk", a Wi-Fi network's
    # pre-shared key, which is the passphrase people type: WIFI_PSK)
    password = float(any(w in ("pass", "pw", "psk") or any(p in w for p in _PASSWORD_WORDS) for w in words)
                     # a Wi-Fi network's key (WLAN_KEY, wifi_key, wpa_key) is its passphrase too, as is a
                     # pre-shared key (wpa2-pre-shared-key, IPsec's PreSharedKey): what people type on both ends
                     or (len(words) >= 2 and words[-1] == "key" and words[-2] in WIFI_WORDS)
                     or "presharedkey" in joined)
    apikey = has(_APIKEY_WORDS) or float("api" in words and "key" in words)
    credential = max(has(_SECRET_WORDS), has(_TOKEN_WORDS), apikey, float(any(w.startswith("auth") for w in words)))
    return {
        "key_none": float(not words),
        "key_password": password,
        "key_credential": credential,
        "key_only_key": float(bool(words) and words[-1] == "key" and not apikey and not has(_SECRET_WORDS)),
        "key_fixture": float(any(w in _FIXTURE_KEY_WORDS for w in words)),
        # A long name whose last word holds no credential: a message id (PASSWORDS_NOT_MATCHING).
        "key_phrase": float(_message_id(words)),
    }


_CREDENTIAL_PARTS = ("pass", "pwd", "secret", "token", "key", "auth", "cred")
# Last words that say which of several values a credential's name holds (where, which version, whose, which
# encoding), not what a message says: SMTP_PASSWORD_PROD, ADMIN_PASSWORD_DEFAULT, JWT_SECRET_OLD.
_QUALIFIER_WORDS = frozenset({
    "prod", "production", "staging", "stage", "dev", "development", "qa", "uat", "live", "sandbox", "local",
    "old", "new", "next", "prev", "previous", "current", "legacy", "default", "initial", "admin", "root", "primary",
    "secondary", "backup", "fallback", "readonly", "rw", "ro", "b64", "base64", "hex", "raw",
    # a broker's or an exchange's account kind: IbPassword_paper, api_secret_testnet
    "paper", "demo", "practice", "testnet", "mainnet",
})
_VERSION_WORD = re.compile(r"v?\d+")


def _message_id(words: list[str]) -> bool:
    """Three words or more, and the last one not a qualifier holds no credential word."""
    if len(words) < 3:
        return False
    last = len(words) - 1
    while last > 1 and (words[last] in _QUALIFIER_WORDS or _VERSION_WORD.fullmatch(words[last])):
        last -= 1
    return words[last] not in ("pw", "psk") and not any(p in words[last] for p in _CREDENTIAL_PARTS)


def _candidate_line(req: JudgeRequest) -> tuple[str, str]:
    """The masked line that holds this candidate, split around its preview: (before, after)."""
    marker = "«" + req.preview + "»"
    for line in req.context:
        at = line.find(marker)
        if at >= 0:
            return line[:at], line[at + len(marker):]
    return "", ""


def features_of(req: JudgeRequest) -> dict[str, float]:
    """The judge's feature vector for one request (names match offline_model.WEIGHTS)."""
    f = req.features
    if req.rule_category is not None and req.rule_specific is not None:
        category, specific = req.rule_category, req.rule_specific
    else:
        category, specific = _rule_facts(req.rule_id)
    before, after = _candidate_line(req)
    around = before + " " + after
    length = max(1, f.length)
    classes = f.char_classes.replace("-", "")
    ceiling = math.log2(min(length, 64)) if length > 1 else 1.0
    # A plain-text file in a documentation folder is written for people (Django and Python
    # write their reST docs as .txt): prose, not a dump of config or logs.
    docs_text = f.language == "text" and f.in_docs_path
    # A Vue or Svelte component is read as HTML (its template's comments are HTML's) but it is a program's
    # source: its <script> holds code and config, not text for a reader.
    prose = (f.language in _PROSE_LANGUAGES and not req.path.lower().endswith(_COMPONENT_FILES)) or docs_text
    out: dict[str, float] = {
        "bias": 1.0,
        "conf_high": float(req.rule_confidence == "high"),
        "conf_medium": float(req.rule_confidence == "medium"),
        "kind_provider": float(specific),
        "kind_password": float(category == "password"),
        "kind_url": float(category in ("url-credentials", "connection-string")),
        "kind_private_key": float(category == "private-key"),
        "checksum_ok": float(f.checksum_valid is True),
        "checksum_failed": float(f.checksum_valid is False),
        "known_prefix": float(bool(f.known_prefix)),
        **_key_class(f.key_name),
        "len_log": math.log2(length) / 7.0,
        "len_lt6": float(length < 6),
        "len_lt10": float(length < 10),
        "len_ge20": float(length >= 20),
        "len_ge40": float(length >= 40),
        "entropy": f.entropy / 5.0,
        "entropy_gap": max(0.0, ceiling - f.entropy) / 3.0,
        "classes": len(classes) / 4.0,
        "only_lower": float(classes == "a"),
        "only_upper": float(classes == "A"),
        "only_digits": float(classes == "1"),
        "has_symbol": float("+" in classes),
        "lang_config": float(f.language in CONFIG_LANGUAGES and f.language not in _PROSE_LANGUAGES and f.language != "text"),
        "lang_prose": float(prose),
        "lang_text": float(f.language == "text" and not docs_text),
        "test_path": float(f.in_test_path),
        "docs_path": float(f.in_docs_path),
        "comment": float(f.in_comment),
        "sig_bare_word": float("bare_word_in_code" in f.filter_hits),
        "sig_wordlike": float("wordlike_value" in f.filter_hits),
        "sig_english": float("english_value" in f.filter_hits),
        "sig_hex": float("hex_value" in f.filter_hits),
        "sig_uuid": float("uuid_value" in f.filter_hits),
        "sig_names_credential": float("value_names_credential" in f.filter_hits),
        "sig_identifier": float("identifier_in_code" in f.filter_hits),
        "sig_multiword": float("multiword_value" in f.filter_hits),
        "sig_joined_words": float("joined_words_value" in f.filter_hits),  # (no weight: production_credential reads it)
        "sig_same_as_user": float("password_equals_user" in f.filter_hits),
        "sig_sequential": float("sequential_run" in f.filter_hits),
        "ctx_quoted": float(bool(before) and before[-1:] in "\"'`"),
        "ctx_comparison": float(bool(_COMPARISON.search(around))),
        "ctx_fixture_words": float(_fixture_words_on(around)),
        "ctx_url": float("://" in around),
        "ctx_call": float("(" in before),
    }
    # Interactions the linear model cannot build itself.
    out["wordlike_x_password"] = out["sig_wordlike"] * out["key_password"]
    out["wordlike_x_lower"] = out["sig_wordlike"] * out["only_lower"]  # a plain lower-case word: "confirmed"
    out["english_x_test"] = out["sig_english"] * out["test_path"]  # a test's password: letmein
    out["provider_x_checksum_failed"] = out["kind_provider"] * out["checksum_failed"]
    out["checksum_failed_x_test"] = out["checksum_failed"] * out["test_path"]
    return out


def probability(req: JudgeRequest, feats: dict[str, float] | None = None) -> float:
    """P(secret) under the trained model (`feats`: features_of(req), when already computed)."""
    weights = offline_model.WEIGHTS
    # Most features are 0.0 and several weights are: their products are exactly 0.0, and adding
    # 0.0 leaves a float sum unchanged, so leaving them out gives the same z, in a third of the time.
    z = sum(weights.get(name, 0.0) * value for name, value in (feats or features_of(req)).items()
            if value and name in weights)
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


# Readable reasons: the strongest pieces of evidence for the verdict, in words.
_REASONS: dict[str, str] = {
    "checksum_ok": "the format's checksum holds",
    "checksum_failed": "the format's checksum does not hold",
    "known_prefix": "a known token prefix",
    "key_password": "assigned to a password-like name",
    "key_credential": "assigned to a secret-, token- or key-like name",
    "key_none": "no credential-like name",
    "sig_wordlike": "reads as words",
    "sig_english": "reads as English",
    "sig_bare_word": "an unquoted word in code (likely a variable)",
    "sig_uuid": "shaped like a UUID",
    "sig_hex": "a hexadecimal run",
    "sig_names_credential": "the value spells a credential word (a stand-in)",
    "sig_identifier": "an unquoted variable-like name in code",
    "sig_multiword": "several words",
    "sig_same_as_user": "the password repeats the user name",
    "key_phrase": "the name reads as a message id",
    "key_fixture": "the name says test, fake or invalid",
    "sig_sequential": "a typed run (1234567, abcdefg) inside it",
    "test_path": "in a test or fixture path",
    "docs_path": "in documentation or examples",
    "comment": "in a comment",
    "ctx_fixture_words": "example/test words on its line",
    "ctx_comparison": "compared or asserted in code",
    "entropy": "random-looking",
    "entropy_gap": "less random than its length allows",
    "len_lt6": "very short",
    "len_ge20": "long",
}


def explain(req: JudgeRequest, secret: bool, feats: dict[str, float] | None = None) -> list[str]:
    """Up to three readable pieces of evidence that pushed towards the verdict."""
    weights = offline_model.WEIGHTS
    feats = feats or features_of(req)
    # only the features that have a reason, looked up by name (the sort below orders them by
    # (contribution, name) whatever order they come in)
    contributions = [(weights.get(name, 0.0) * feats[name], name) for name in _REASONS if feats.get(name)]
    # a push too small to matter is no evidence worth naming (a random 40-character key falls a few tenths of a bit
    # short of its length's ceiling, which is no sign of a stand-in)
    toward = sorted((c for c in contributions if (c[0] > 0) == secret and abs(c[0]) >= _LEAST_NAMED_PUSH), reverse=secret)
    return [_REASONS[name] for _, name in toward[:3]]


_LEAST_NAMED_PUSH = 0.1


# Evidence that a value was put there for a test, a document or a comparison, or is a name
# rather than a literal: with none of it, a credential-named literal is treated as real.
_STAND_IN_EVIDENCE = (
    "test_path", "docs_path", "comment", "lang_prose", "key_fixture", "key_phrase", "ctx_fixture_words",
    "ctx_comparison", "sig_bare_word", "sig_identifier", "sig_names_credential", "sig_same_as_user", "len_lt6",
)


# API keys a provider issues: random by construction, never a word a person picked.
_ISSUED_KEY_WORDS = ("apikey", "accesskey")


def _issued_only(key_name: str | None) -> bool:
    """The name says token (session, cookie, jwt, bearer) or API key, and nothing a person chooses:
    no password, secret or auth word, and no bare key (an encryption key may be a phrase)."""
    words = key_words(key_name)
    joined = "".join(words)
    if any(w == "pass" or any(p in w for p in _PASSWORD_WORDS) for w in words):
        return False
    if any(p in joined for p in _SECRET_WORDS) or any(w.startswith(("auth", "cred")) for w in words):
        return False
    if any(p in joined for p in _ISSUED_KEY_WORDS):
        return True
    if "authkey" in joined or any(w.startswith("key") for w in words):
        return False
    return any(p in joined for p in _TOKEN_WORDS)


def production_credential(feats: dict[str, float], key_name: str | None = None, classes: str = "", length: int = 0) -> bool:
    """A literal assigned to a password-, secret- or token-like name in code or config, with no
    sign of a test, a document, a comparison or a stand-in. People choose such passwords from
    words ("sunshine2024"), so reading as words is no reason to dismiss one there; the model,
    trained on labelled sets whose real values were replaced by random ones, would.
    Tokens and API keys are issued by the system they open, never chosen by a person: under a name
    that only says token or API key (`token = "blanks"` in a parser, `api_key="managed"` as a mode), a
    value that reads as words is neither.
    `classes` and `length` (the value's character classes and length) let a URL's or a password slot's
    value made of a word and digits, or of joined words, count as one a person chose."""
    named = feats["key_password"] or feats["key_credential"]
    if _issued_only(key_name) and (feats["sig_english"] or feats["sig_wordlike"] or feats["sig_multiword"]):
        return False
    if any(feats[name] for name in _STAND_IN_EVIDENCE):
        return False
    # A URL's or a connection string's password (postgres://user:…@, libpq `password=…`) is a
    # slot a person fills; the provider exclusion is for token formats (a known prefix), which
    # nobody chooses. A provider rule that only names a slot (a value in a Kubernetes Secret, a
    # registry login's password) holds whatever a person typed there.
    if feats["kind_provider"] and feats["known_prefix"] and not feats["kind_url"]:
        return False
    if named:
        return True
    # No name, but the rule's pattern pins a password position (NetworkCredential's second
    # argument, mysqli_connect's third, a URL's userinfo, a file of passwords): the slot says
    # password. Only a value shaped like a chosen one (three character classes: Word!word12)
    # gets the floor; a bare word there ("secret", "admin") stays the model's to dismiss. A URL's password is also
    # kept as a word with digits (harbor42, outside tests and docs, as above): the URL names a server to log in
    # to, where a name alone (`token = "blanks"`) may name anything.
    if (feats["kind_url"] or feats["kind_password"]) and feats["classes"] >= 0.5 and length >= 7 and "1" in classes \
            and not feats["sig_sequential"]:
        return True
    # ... and a pass phrase of joined words there (pine-otter-table), as password managers make them; in a slot a
    # password rule pins (redis-server --requirepass …, curl -u user:…) too
    if (feats["kind_url"] or feats["kind_password"]) and feats["sig_joined_words"] and length >= 12:
        return True
    # ... or run together (cactusvioletkettle, CrystalWalnutTigerAnchor): three short words at least, letters only. A
    # placeholder spelled that way (yourpasswordhere) is the filters' to dismiss before the judge sees it.
    if feats["kind_url"] and length >= 14 and classes in ("a", "Aa") and (feats["sig_english"] or feats["sig_wordlike"]) \
            and not feats["sig_sequential"]:
        return True
    return bool(feats["kind_password"] or feats["kind_url"]) and feats["classes"] >= 0.75


# Where a value is written for a test or for a reader: a fixture or an example, which a person
# should look at rather than be told it is a leak: found there, a value is "unsure" at most.
_FIXTURE_PLACES = ("test_path", "docs_path", "comment", "lang_prose")


def fixture_or_example(feats: dict[str, float]) -> bool:
    """A value the judge weighs (no high-confidence format vouches for it) in a test, in
    documentation or in a comment: a JWT or a database URL there is a test's or a page's too."""
    return any(feats[name] for name in _FIXTURE_PLACES)


# What marks a value on its line as an example: a person writes it where they show a format, not where they hand
# a password over (`the password is … until Friday`, `pw: …`, `IDENTIFIED BY '…'`).
_EXAMPLE_CUE = re.compile(r"(?i)(?<![a-z])(?:e\.g\.|eg|example|examples|for instance|such as|sample|placeholder|dummy"
                          r"|fake|mock|stub|looks like|like this|foo|bar)(?![a-z])")


def handed_over_password(req: JudgeRequest, feats: dict[str, float]) -> bool:
    """A password a line hands over in documentation, a note or a comment: the rule or the name says password,
    the value mixes capitals, lower-case letters and digits over 8 characters or more (or is a pass phrase of joined
    words with a number, 14 characters or more), and nothing marks it as an
    example: no example word on the line, no stand-in (it spells no credential word, repeats no user name, holds no
    typed run), no comparison, no test code. People choose such passwords from syllables and digits, so reading as
    words does not make one an example's stand-in."""
    if feats["test_path"] and not feats["comment"]:
        return False  # test code's literals are its fixtures; a note in a test's comment hands one over as any note
    # capitals, lower-case letters and digits (Kavo-tenu42, lomi482KEDA), as password rules ask for: a word and a number
    # (pencil99, admin123) is a stand-in's shape, and a name with a version (python3.11) no password
    if _unmarked_password(req, feats, _HANDED_OVER_EXCLUSIONS, "Aa1", 8):
        return True
    # ... or a pass phrase of words joined by a separator with digits (orbit-lantern-42), as password managers make them
    return bool(feats["sig_joined_words"]) and _unmarked_password(req, feats, _MADE_UP_MARKS, "a1", 14)


# What marks a password as made up: a fixture's name, a comparison, a credential word spelled, the user repeated, a
# typed run, a bare word or a variable in code.
_MADE_UP_MARKS = ("key_fixture", "ctx_comparison", "sig_names_credential", "sig_same_as_user", "sig_sequential",
                  "sig_bare_word", "sig_identifier")
_HANDED_OVER_EXCLUSIONS = (*_MADE_UP_MARKS, "sig_multiword")


def _unmarked_password(req: JudgeRequest, feats: dict[str, float], marks: tuple[str, ...], classes: str,
                       shortest: int) -> bool:
    """A password (by its rule, its name or its slot in a URL or a connection string, not a provider's token format)
    with none of `marks`, all of `classes`, `shortest` characters or more, and no example word on its line."""
    if (not (feats["kind_password"] or feats["key_password"] or feats["kind_url"])
            or (feats["kind_provider"] and feats["known_prefix"])):
        return False
    if any(feats[name] for name in marks):
        return False
    if req.features.length < shortest or not all(c in req.features.char_classes for c in classes):
        return False
    before, after = _candidate_line(req)
    return _EXAMPLE_CUE.search(before + " " + after) is None


def chosen_strong_password(req: JudgeRequest, feats: dict[str, float]) -> bool:
    """A password someone chose to be strong, written in test code: words joined by a symbol and digits (Harbor@20cobalt,
    Quartz&47maple), a capital among them, ten characters or more, under a password name or in a password slot, and nothing marks it as
    made up (no credential word, user name, typed run, comparison, fixture name or example word). Reading as words
    is how people make passwords; the floor for words in tests is for stand-ins (secret, admin, hunter), which
    carry no symbol and digits."""
    if not feats["test_path"] or feats["docs_path"] or feats["comment"]:
        return False  # test code; in documentation and comments handed_over_password decides
    # a capital too: python3.11, v2.3.1-rc! are versions, not chosen passwords
    return _unmarked_password(req, feats, _MADE_UP_MARKS, "Aa1+", 10)


class OfflineJudge:
    name = "offline"

    async def judge(self, batch: list[JudgeRequest]) -> tuple[list[Verdict], JudgeUsage]:
        out = []
        for req in batch:
            feats = features_of(req)  # once per request: scoring, the floor and the reasons read it
            p = probability(req, feats)
            floor = ""
            if feats["checksum_failed"] and feats["test_path"]:
                # a token format whose checksum fails, in a test: a fixture made to look like one (or to fail)
                verdict, conf = "not_secret", 0.9
                floor = "; its checksum fails, in a test: a made-up fixture"
            elif fixture_or_example(feats) and handed_over_password(req, feats):
                # (whatever the score: words read as an example's stand-in would otherwise dismiss it below)
                verdict, conf = "unsure", 0.5
                floor = "; a password handed over in a note or a comment, nothing marks an example: a person decides"
            elif fixture_or_example(feats) and feats["sig_english"] and not feats["kind_provider"]:
                verdict, conf = "not_secret", max(p, 1.0 - p)
                floor = "; words in a test, documentation or a comment: an example's stand-in"
                if chosen_strong_password(req, feats):
                    verdict, conf = "unsure", 0.5
                    floor = "; words, a symbol and digits in a test: a chosen password, not a stand-in; a person decides"
            elif fixture_or_example(feats) and feats["sig_same_as_user"] and (not feats["kind_provider"] or feats["kind_url"]):
                verdict, conf = "not_secret", max(p, 1.0 - p)
                floor = "; in a test, documentation or a comment, the password repeats the user: a fixture's account"
            elif p >= offline_model.SECRET_AT and fixture_or_example(feats):
                verdict, conf = "unsure", 0.5
                floor = "; in a test, documentation or a comment: a fixture or an example, a person decides"
            elif p >= offline_model.SECRET_AT:
                verdict, conf = "secret", p
            elif p < offline_model.NOT_SECRET_BELOW:
                verdict, conf = "not_secret", 1.0 - p
                if production_credential(feats, req.features.key_name, req.features.char_classes, req.features.length):
                    verdict, conf = "unsure", 0.5
                    floor = "; a credential-named literal or a URL's password outside tests and docs: a person decides"
                elif fixture_or_example(feats) and chosen_strong_password(req, feats):
                    verdict, conf = "unsure", 0.5  # a URL's or a connection string's password, as under a password name
                    floor = "; words, a symbol and digits in a test: a chosen password, not a stand-in; a person decides"
            else:
                verdict, conf = "unsure", 0.5
            why = explain(req, secret=verdict == "secret", feats=feats)
            reason = f"{req.rule_confidence}-confidence rule; P(secret)={p:.2f}" + (f"; {'; '.join(why)}" if why else "") + floor
            out.append(Verdict(candidate_id=req.candidate_id, verdict=verdict, confidence=round(conf, 3), reason=reason[:500]))
        return out, JudgeUsage()
