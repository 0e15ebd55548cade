"""The rules catalogue: every rule's own examples are its test, and a broken file fails loudly.

Example values are synthetic. Assertion messages name rules and example indices, never
example text: a failing run must not print secret-shaped strings.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
import zlib
from pathlib import Path

import pytest

from secretloop.loops.detect import Detector
from secretloop.loops.rules import checksums
from secretloop.loops.rules.catalogue import (
    NON_SPECIFIC_CATEGORIES,
    Catalogue,
    CatalogueError,
    Rule,
    load_catalogue,
)

CATALOGUE = load_catalogue()
DETECTOR = Detector(CATALOGUE)

EXAMPLES = [
    pytest.param(rule.id, kind, i, id=f"{rule.id}-{kind}-{i}")
    for rule in CATALOGUE.rules
    for kind in ("positive", "negative", "checksum_fails")
    for i in range(len(getattr(rule, kind)))
]


@pytest.mark.parametrize("rule_id,kind,index", EXAMPLES)
def test_rule_examples(rule_id: str, kind: str, index: int) -> None:
    rule = CATALOGUE.get(rule_id)
    example = getattr(rule, kind)[index]
    matches = DETECTOR.run_rule(rule_id, example)
    if kind == "negative":
        assert not matches, f"{rule_id}: negative example #{index} matched"
        return
    if kind == "checksum_fails":
        assert matches, f"{rule_id}: checksum_fails example #{index} produced no match"
        assert all(m.checksum_valid is False for m in matches), f"{rule_id}: checksum_fails example #{index} passed"
        return
    assert matches, f"{rule_id}: positive example #{index} produced no match"
    if rule.checksum:
        assert all(m.checksum_valid for m in matches), f"{rule_id}: positive example #{index} fails its checksum"
    for m in matches:
        inside = 0 <= m.start < m.end <= len(example)
        assert inside, f"{rule_id}: positive example #{index}: span outside the example"
        assert m.rule_id == rule_id
    # The keyword prefilter (a file rule: its file's name) must let the rule run where its own example occurs.
    selected = rule in DETECTOR.rules_for(example, rule.example_path)
    assert selected, f"{rule_id}: keywords do not select positive example #{index}"


def test_catalogue_size_and_coverage() -> None:
    assert len(CATALOGUE) >= 200
    categories = {r.category for r in CATALOGUE.rules}
    for expected in ("cloud", "vcs", "ci", "chat", "payment", "email", "ai", "private-key", "jwt", "password",
                     "connection-string", "url-credentials", "generic", "saas", "monitoring", "package-registry", "crypto"):
        assert expected in categories, f"no rule of category {expected}"


def test_ids_are_unique_and_lookup_works() -> None:
    ids = [r.id for r in CATALOGUE.rules]
    assert len(ids) == len(set(ids))
    assert CATALOGUE.get("github-pat") is not None and CATALOGUE.get("github-pat").id == "github-pat"
    assert CATALOGUE.get("no-such-rule") is None
    assert "github-pat" in CATALOGUE and "no-such-rule" not in CATALOGUE


def test_generic_rules_are_never_high_confidence() -> None:
    for rule in CATALOGUE.rules:
        if rule.category in NON_SPECIFIC_CATEGORIES:
            assert rule.confidence != "high", f"{rule.id}: a generic rule cannot be high confidence"
            assert not rule.specific
            bounded = rule.min_entropy is not None or rule.max_length is not None or rule.checksum is not None
            assert bounded, f"{rule.id}: a generic rule needs an entropy floor, a length ceiling or a checksum"
        else:
            assert rule.specific


def test_every_rule_has_examples_and_description() -> None:
    for rule in CATALOGUE.rules:
        assert rule.positive and rule.negative, rule.id
        assert len(rule.description) > 40, f"{rule.id}: description too short to say what it is and how to revoke it"


def test_keywords_are_lowercase_and_known_checksums() -> None:
    for rule in CATALOGUE.rules:
        # the prefilter lowers ASCII letters only: other letters are listed in each case they are written in
        assert all(k and k.encode() == k.encode().lower() for k in rule.keywords), rule.id
        if rule.checksum:
            assert rule.checksum in checksums.CHECKSUMS, rule.id


def test_packaged_catalogue_is_cached_and_has_a_digest() -> None:
    assert load_catalogue() is CATALOGUE
    assert len(CATALOGUE.digest) == 64


def test_rows_and_table_for_the_rules_command() -> None:
    rows = CATALOGUE.rows()
    assert len(rows) == len(CATALOGUE)
    assert ("github-pat", "vcs", "high", CATALOGUE.get("github-pat").title) in rows
    table = CATALOGUE.format_table().splitlines()
    assert table[0].split()[:3] == ["ID", "CATEGORY", "CONFIDENCE"]
    line = next(line for line in table if line.startswith("github-pat "))
    assert line.split()[1:3] == ["vcs", "high"]


def test_known_prefix() -> None:
    rule = CATALOGUE.get("github-pat")
    assert rule.known_prefix("ghp_" + "a" * 36) == "ghp_"
    assert CATALOGUE.get("aws-access-key-id").known_prefix("ASIA" + "B" * 16) == "ASIA"
    assert CATALOGUE.get("password-assignment").known_prefix("password123") is None


# --- broken rules files -------------------------------------------------------------------------

GOOD_RULE = '''
[[rules]]
id = "{id}"
title = "Example token"
category = "saas"
confidence = "high"
keywords = {keywords}
pattern = \'\'\'{pattern}\'\'\'
description = "A made-up token format used to test the loader."
positive = ["tok_0123456789abcdef"]
negative = ["tok_short"]
{extra}
'''


def rule_text(id: str = "example-token", pattern: str = r"\b(?P<secret>tok_[0-9a-f]{16})\b",
              keywords: str = '["tok_"]', extra: str = "") -> str:
    return GOOD_RULE.format(id=id, pattern=pattern, keywords=keywords, extra=extra)


def load_text(tmp_path: Path, text: str) -> Catalogue:
    path = tmp_path / "rules.toml"
    path.write_text(text, encoding="utf-8")
    return load_catalogue(str(path))


def test_a_good_file_loads(tmp_path: Path) -> None:
    cat = load_text(tmp_path, rule_text() + rule_text(id="other-token"))
    assert [r.id for r in cat.rules] == ["example-token", "other-token"]
    assert cat.source.endswith("rules.toml")


def test_duplicate_id_names_the_rule(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"rule 'example-token' \(#2\).*duplicate"):
        load_text(tmp_path, rule_text() + rule_text())


def test_bad_regex_names_the_rule(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"rule 'bad-regex'.*does not compile"):
        load_text(tmp_path, rule_text() + rule_text(id="bad-regex", pattern=r"(?P<secret>tok_[0-9a-f"))


def test_lookaround_is_rejected_because_re2_lacks_it(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"rule 'lookahead'.*does not compile"):
        load_text(tmp_path, rule_text(id="lookahead", pattern=r"(?P<secret>tok_(?=[0-9a-f]{16}))"))


def test_missing_secret_group_names_the_rule(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"rule 'no-group'.*named group 'secret'"):
        load_text(tmp_path, rule_text(id="no-group", pattern=r"\btok_[0-9a-f]{16}\b"))


def test_repeated_secret_group_names_the_rule(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"rule 'two-groups'.*more than once"):
        load_text(tmp_path, rule_text(id="two-groups", pattern=r"(?P<secret>tok_[0-9a-f]{16})|(?P<secret>tik_[0-9a-f]{16})"))


def test_line_anchor_without_multiline_flag_names_the_rule(tmp_path: Path) -> None:
    # rules search the whole text: a bare ^ would only ever match its first line
    with pytest.raises(CatalogueError, match=r"rule 'caret'.*\^ without the m flag"):
        load_text(tmp_path, rule_text(id="caret", pattern=r"(?i)(?:^|[ \t])--token=(?P<secret>tok_[0-9a-f]{16})"))
    load_text(tmp_path, rule_text(id="caret", pattern=r"(?im)(?:^|[ \t])(?P<secret>tok_[^^\s][0-9a-f]{15})"))


def test_every_packaged_line_anchor_matches_after_the_first_line() -> None:
    # the flag is there: a value on a later line is found as on the first one
    detector = Detector(load_catalogue())
    first = detector.find("--password=Kq8#vTz2Lm4x\n")
    later = detector.find("#!/bin/sh\nmysqldump \\\n--password=Kq8#vTz2Lm4x\n")
    assert [m.rule_id for m in first] == [m.rule_id for m in later] and first


def test_uppercase_keyword_names_the_rule(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"rule 'upper'.*upper-case ASCII"):
        load_text(tmp_path, rule_text(id="upper", keywords='["TOK_"]'))


def test_a_keyword_in_another_script_selects_its_rule_as_written(tmp_path: Path) -> None:
    # the prefilter lowers ASCII only (bytes.lower()): ПАРОЛЬ must be listed beside пароль to be found
    text = GOOD_RULE.format(id="cyr", keywords='["пароль"]', pattern="(?i)пароль=(?P<secret>[a-z0-9]{8})", extra="")
    rules = load_text(tmp_path, text.replace('["tok_0123456789abcdef"]', '["пароль=abcd1234"]'))
    detector = Detector(rules)
    assert [m.rule_id for m in detector.find("пароль=abcd1234\n")] == ["cyr"]
    assert detector.find("ПАРОЛЬ=abcd1234\n") == []


def test_empty_keyword_is_rejected(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"rule 'empty-kw'.*non-empty"):
        load_text(tmp_path, rule_text(id="empty-kw", keywords='[""]'))


def test_checksum_flags_need_a_checksum(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"rule 'req'.*names no checksum"):
        load_text(tmp_path, rule_text(id="req", extra="checksum_required = true"))
    with pytest.raises(CatalogueError, match=r"rule 'fails'.*not required"):
        load_text(tmp_path, rule_text(id="fails", extra='checksum_fails = ["tok_0123456789abcdef"]'))


def test_unknown_checksum_names_the_rule(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"rule 'bad-check'.*unknown checksum"):
        load_text(tmp_path, rule_text(id="bad-check", extra='checksum = "luhn_mod_97"'))


def test_missing_examples_are_rejected(tmp_path: Path) -> None:
    text = rule_text(id="no-examples").replace('negative = ["tok_short"]', "negative = []")
    with pytest.raises(CatalogueError, match=r"rule 'no-examples'.*negative"):
        load_text(tmp_path, text)


def test_unknown_field_and_category_are_rejected(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"rule 'typo'.*severity"):
        load_text(tmp_path, rule_text(id="typo", extra='severity = "high"'))
    with pytest.raises(CatalogueError, match=r"rule 'cat'.*category"):
        load_text(tmp_path, rule_text(id="cat").replace('category = "saas"', 'category = "weather"'))


def test_rule_without_id_is_named_by_position(tmp_path: Path) -> None:
    text = rule_text() + rule_text(id="x").replace('id = "x"\n', "")
    with pytest.raises(CatalogueError, match=r"rule #2"):
        load_text(tmp_path, text)


def test_invalid_toml_and_empty_files(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match="not valid TOML"):
        load_text(tmp_path, "[[rules]\nid = 1")
    with pytest.raises(CatalogueError, match=r"no \[\[rules\]\]"):
        load_text(tmp_path, "# nothing here\n")
    with pytest.raises(CatalogueError, match="cannot read"):
        load_catalogue(str(tmp_path / "missing.toml"))


def test_error_messages_do_not_echo_example_values(tmp_path: Path) -> None:
    planted = "tok_" + "".join(random.Random(3).choice("0123456789abcdef") for _ in range(16))
    text = rule_text(id="leaky", pattern=r"(?P<secret>tok_").replace("tok_0123456789abcdef", planted)
    with pytest.raises(CatalogueError) as err:
        load_text(tmp_path, text)
    assert planted not in str(err.value)


def test_rule_model_exposes_compiled_pattern() -> None:
    rule = Rule.model_validate({
        "id": "x-token", "title": "X", "category": "generic", "confidence": "low", "keywords": ["x_"],
        "pattern": r"(?P<key>\w+)=(?P<secret>x_\w+)", "description": "d", "positive": ["k=x_1"], "negative": ["k=y"],
    })
    assert rule.secret_group == 2 and rule.key_group == 1
    assert rule.regex.search(b"k=x_1") is not None
    assert not rule.specific and rule.confidence_rank == 0


# --- checksum validators -------------------------------------------------------------------------

_B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase


def _base62(n: int) -> str:
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = _B62[r] + out
    return out.rjust(6, "0")


def _gh_token(prefix: str, seed: int) -> str:
    body = "".join(random.Random(seed).choice(string.ascii_letters + string.digits) for _ in range(30))
    return prefix + body + _base62(zlib.crc32(body.encode()))


def test_github_crc32() -> None:
    for prefix in ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "npm_"):
        token = _gh_token(prefix, 7)
        assert checksums.github_crc32(token), prefix
        flipped = token[:-1] + ("A" if token[-1] != "A" else "B")
        assert not checksums.github_crc32(flipped), prefix
    assert not checksums.github_crc32("ghp_" + "a" * 35)
    assert not checksums.github_crc32("no underscore at all")
    assert not checksums.github_crc32("ghp_" + "é" * 36)


def _b64url(obj: object) -> str:
    raw = obj if isinstance(obj, bytes) else json.dumps(obj).encode()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def test_jwt_structure() -> None:
    sig = _b64url(bytes(range(32)))
    assert checksums.jwt_structure(f"{_b64url({'alg': 'HS256', 'typ': 'JWT'})}.{_b64url({'sub': '1'})}.{sig}")
    assert not checksums.jwt_structure(f"{_b64url({'typ': 'JWT'})}.{_b64url({'sub': '1'})}.{sig}")  # no alg
    assert not checksums.jwt_structure(f"{_b64url({'alg': 'none'})}.{_b64url({'sub': '1'})}.{sig}")  # unsigned
    assert not checksums.jwt_structure(f"{_b64url({'alg': 'HS256'})}.{_b64url([1, 2])}.{sig}")  # payload not an object
    assert not checksums.jwt_structure(f"{_b64url({'alg': 'HS256'})}.{_b64url({'sub': '1'})}.")  # no signature
    assert not checksums.jwt_structure(f"{_b64url(b'not json')}.{_b64url({'sub': '1'})}.{sig}")
    assert not checksums.jwt_structure("a.b")


def test_jwt_base64() -> None:
    jwt = f"{_b64url({'alg': 'RS256'})}.{_b64url({'sub': 'svc'})}.{_b64url(bytes(range(64)))}"
    assert checksums.jwt_base64(base64.b64encode(jwt.encode()).decode())
    assert checksums.jwt_base64(base64.urlsafe_b64encode(jwt.encode()).decode().rstrip("="))
    not_jwt = f"{_b64url({'typ': 'JWT'})}.{_b64url({'sub': 'svc'})}.{_b64url(bytes(range(64)))}"
    assert not checksums.jwt_base64(base64.b64encode(not_jwt.encode()).decode())
    assert not checksums.jwt_base64(base64.b64encode(bytes(range(200, 255))).decode())


def test_bech32_with_bip173_vectors() -> None:
    # Valid and invalid strings from the BIP-173 specification's test vectors.
    assert checksums.bech32("A12UEL5L")
    assert checksums.bech32("a12uel5l")
    assert checksums.bech32("abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw")
    assert not checksums.bech32("A12UEL5l")  # mixed case
    assert not checksums.bech32("a12uel5m")  # bad checksum
    assert not checksums.bech32("1pzry9x8gf2tvdw0s3jn54khce6mua7l")  # empty human-readable part


_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def _b58check(payload: bytes) -> str:
    raw = payload + hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    n, out = int.from_bytes(raw, "big"), ""
    while n:
        n, r = divmod(n, 58)
        out = _B58[r] + out
    return "1" * (len(raw) - len(raw.lstrip(b"\0"))) + out


def test_base58check() -> None:
    key = _b58check(b"\x80" + bytes(random.Random(1).getrandbits(8) for _ in range(32)) + b"\x01")
    assert checksums.base58check(key)
    assert checksums.base58check(_b58check(b"\x00\x00" + b"abc"))  # leading zero bytes
    assert not checksums.base58check(key[:-1] + ("2" if key[-1] != "2" else "3"))
    assert not checksums.base58check("0OIl")  # not base58
    assert not checksums.base58check("")


def test_discord_bot_token() -> None:
    first = base64.b64encode(b"123456789012345678").decode().rstrip("=")
    assert checksums.discord_bot_token(f"{first}.AbCdEf.{'x' * 27}")
    not_digits = base64.b64encode(b"abcdefghijklmnopqr").decode().rstrip("=")
    assert not checksums.discord_bot_token(f"{not_digits}.AbCdEf.{'x' * 27}")
    assert not checksums.discord_bot_token("!!!.AbCdEf.xx")


def test_basic_auth_credentials() -> None:
    assert checksums.basic_auth_credentials(base64.b64encode(b"user:pass").decode())
    assert not checksums.basic_auth_credentials(base64.b64encode(b"username").decode())  # no colon
    assert not checksums.basic_auth_credentials(base64.b64encode(b"user:").decode())  # empty password
    assert not checksums.basic_auth_credentials(base64.b64encode(bytes(range(200, 230))).decode())  # binary
    assert not checksums.basic_auth_credentials("not*base64")


def test_checksum_registry() -> None:
    assert checksums.get_checksum("github_crc32") is checksums.github_crc32
    with pytest.raises(KeyError):
        checksums.get_checksum("missing")


# --- fragments ------------------------------------------------------------------------------------

FRAGMENTS = '''
[fragments]
hexrun = \'\'\'[0-9a-f]{16}\'\'\'
'''


def test_fragments_expand_into_patterns(tmp_path: Path) -> None:
    cat = load_text(tmp_path, FRAGMENTS + rule_text(pattern=r"\b(?P<secret>tok_{{hexrun}})\b"))
    rule = cat.get("example-token")
    assert "{{" not in rule.pattern and "[0-9a-f]{16}" in rule.pattern
    assert Detector(cat).run_rule("example-token", "x = tok_0123456789abcdef")


def test_unknown_fragment_names_the_rule(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"rule 'example-token'.*unknown fragment 'nothere'"):
        load_text(tmp_path, FRAGMENTS + rule_text(pattern=r"(?P<secret>tok_{{nothere}})"))


KEYWORD_SETS = '''
[keyword_sets]
toks = ["tok_", "tok-"]
'''


def test_keyword_sets_expand_into_keywords(tmp_path: Path) -> None:
    cat = load_text(tmp_path, KEYWORD_SETS + rule_text(keywords='["{{toks}}", "extra", "tok-"]'))
    assert cat.get("example-token").keywords == ["tok_", "tok-", "extra"]


def test_unknown_keyword_set_names_the_rule(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"rule 'example-token'.*unknown keyword set 'nothere'"):
        load_text(tmp_path, KEYWORD_SETS + rule_text(keywords='["{{nothere}}"]'))
    with pytest.raises(CatalogueError, match="must map names to lists of keywords"):
        load_text(tmp_path, "[keyword_sets]\nx = 'tok_'\n" + rule_text())


def test_fragments_must_be_strings_without_references(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match="must map names to regex strings"):
        load_text(tmp_path, "[fragments]\nx = 3\n" + rule_text())
    with pytest.raises(CatalogueError, match="refers to another fragment"):
        load_text(tmp_path, "[fragments]\na = '''{{b}}'''\nb = '''x'''\n" + rule_text())


def test_packaged_generic_rules_share_fragments() -> None:
    # password-assignment and secret-assignment are written with {{op}}: both accept the same operators.
    for op in ("=", ":=", "::=", "?=", ".=", "=>", ":"):
        assert DETECTOR.run_rule("password-assignment", f'db_password {op} "Zq8vLm2xK"'), op
        assert DETECTOR.run_rule("secret-assignment", f'api_token {op} "Zq8vLm2xKp4"'), op


FILE_RULES = [r for r in CATALOGUE.rules if r.files]


@pytest.mark.parametrize("rule", FILE_RULES, ids=lambda r: r.id)
def test_a_file_rule_runs_on_its_files_only(rule: Rule) -> None:
    example = rule.positive[0]
    path = rule.example_path
    assert rule.id in {m.rule_id for m in DETECTOR.find(example, f"srv/etc/{path}")}, rule.id
    assert rule.id not in {m.rule_id for m in DETECTOR.find(example)}, rule.id  # no path, no file rule
    assert rule.id not in {m.rule_id for m in DETECTOR.find(example, f"old_{path}.md")}, rule.id
    assert rule.id not in {m.rule_id for m in DETECTOR.find(example, f"{path}/notes.txt")}, rule.id


def test_file_rule_paths_match_by_component() -> None:
    rule = CATALOGUE.get("davfs2-secrets-line")
    assert rule.applies_to("etc/davfs2/secrets") and rule.applies_to("home/bob/.davfs2/secrets")
    assert rule.applies_to("davfs2/secrets") and not rule.applies_to("secrets")
    assert not rule.applies_to("etc/mydavfs2/secrets") and not rule.applies_to("etc/davfs2/secrets.bak")
    wpa = CATALOGUE.get("hostapd-wpa-psk-line")
    assert wpa.applies_to("etc/hostapd/office.wpa_psk") and not wpa.applies_to("etc/hostapd/wpa_psk.conf")


@pytest.mark.parametrize("files,message", [
    ([], "at least one"), (["/etc/x"], "relative"), (["etc/"], "relative"), (["*.secrets"], "without globs"),
])
def test_broken_files_entries_are_refused(files: list[str], message: str) -> None:
    raw = CATALOGUE.get("rsyncd-secrets-line").model_dump(mode="json") | {"files": files}
    with pytest.raises(ValueError, match=message):
        Rule.model_validate(raw)
