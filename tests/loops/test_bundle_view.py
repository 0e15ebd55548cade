"""Minified bundles and source maps: read by the rules whose format alone says "secret", by no other
(a map's own sources are read as the files they were: test_source_map_view).

Values are drawn at run time; failures name the file and the statuses, never the value."""

from __future__ import annotations

import json
import random
import string

from secretloop.loops.bundle_view import bundle_catalogue, is_bundle, reads_bundles
from secretloop.loops.scanner import CONTEXT_CHARS
from tests.loops.test_fp_corpus_classes import CATALOGUE, SCANNER, outcomes, require_shown
from tests.support.tokens import random_chars, random_password

_R = random.Random(8_101)
_ALNUM = string.ascii_letters + string.digits
_B64 = _ALNUM + "+/"
# a minifier's output: short names, dense punctuation, one line far over a thousand characters
_MINIFIED = "".join(f"function {c}(e,t){{return e+t*{i}}};var {c}{c}=[{i},{i + 1}];" for i, c in enumerate("abcdefghijklmnopqrstuvwxyz" * 6))


def _live_key() -> str:
    return "sk_live_" + random_chars(_R, 24, _ALNUM)


def test_bundles_are_told_by_name_or_by_their_first_lines() -> None:
    for name in ("dist/app.min.js", "static/js/main.4f2a91c3.js.map", "build/site.min.css", "out/index.mjs.map"):
        assert is_bundle(name, "x")
    assert is_bundle("dist/main.4f2a91c3.js", _MINIFIED + "\n")
    assert not is_bundle("src/main.js", "const a = 1;\n" * 300)
    # a long line of one string (a key pasted inline) is not minified code: every rule reads that file
    assert not is_bundle("src/firebase.js", 'const key = "' + random_chars(_R, 2000, _B64) + '";\n')
    assert not is_bundle("data/table.json", _MINIFIED)  # JSON is not written by a minifier


def test_only_format_rules_read_bundles() -> None:
    sub = bundle_catalogue(CATALOGUE)
    assert sub.rules and all(reads_bundles(r) and (r.specific or r.checksum_required) and r.category != "jwt" for r in sub.rules)
    ids = {r.id for r in sub.rules}
    assert {"stripe-live-secret-key", "private-key-rsa", "github-pat", "postgres-uri", "basic-auth-header"} <= ids
    assert not ids & {"secret-assignment", "password-assignment", "url-credentials", "jwt", "ado-connection-password"}
    assert len(ids) == sum(1 for r in CATALOGUE.rules if reads_bundles(r))


def test_a_server_key_inlined_into_a_bundle_is_shown_and_a_minifiers_password_field_is_not_read() -> None:
    key = _live_key()
    text = _MINIFIED + f'var s=require("stripe")("{key}");var u={{password:"{random_password(seed=_R.randrange(1 << 30))}"}};' + _MINIFIED + "\n"
    require_shown(text, "build/static/js/main.4f2a91c3.js")
    assert [c.rule_id for c in SCANNER.scan_text(text, 0, "build/static/js/main.4f2a91c3.js")] == ["stripe-live-secret-key"]
    # the same code unminified, in the source, is read by every rule
    assert len(outcomes(text.replace(";", ";\n"), "src/pay.js")) >= 2


def test_a_source_map_without_its_sources_is_read_by_the_bundle_rules_and_its_mappings_hold_nothing() -> None:
    mappings = ";".join(",".join(random_chars(_R, _R.choice((4, 5, 6)), _B64) for _ in range(12)) for _ in range(400))
    assert SCANNER.scan_text(json.dumps({"version": 3, "mappings": mappings}), 0, "dist/app.js.map") == []
    key = _live_key()
    text = json.dumps({"version": 3, "file": f"app.js?k={key}", "mappings": mappings})
    assert [c.rule_id for c in SCANNER.scan_text(text, 0, "dist/app.js.map")] == ["stripe-live-secret-key"]


def test_the_context_of_a_match_deep_in_a_long_line_shows_the_match_masked_and_never_the_value() -> None:
    key = _live_key()
    text = _MINIFIED * 3 + f'var s=require("stripe")("{key}");' + _MINIFIED + "\n"
    (found,) = SCANNER.scan_text(text, 0, "dist/main.js")
    assert found.start_col > 10 * CONTEXT_CHARS
    line = found.context[0]
    assert line.startswith("…") and "«" + found.preview + "»" in line and len(line) <= CONTEXT_CHARS + 1
    assert key not in line and key[8:20] not in line
    # a short line, and a long one whose match shows from its start, are shown from the start as before
    (early,) = SCANNER.scan_text(f'var s=require("stripe")("{key}");' + _MINIFIED + "\n", 0, "dist/main.js")
    assert early.context[0].startswith('var s=require("stripe")')


def test_a_bundlers_chunk_of_third_party_code_is_skipped_by_name(tmp_path) -> None:
    from secretloop.loops.discovery import discover
    from secretloop.loops.settings import Settings

    for name in ("chunk-vendors.aa95ee78.js", "vendors~main.js", "vendor.4f1c9e.js.map", "vendor.min.js", "app.8e1d.js",
                 "vendor-portal.js", "vendor-portal.4f1c9e.js", "vendors-dashboard.bundle.js"):
        (tmp_path / name).write_text("var a=1;\n")
    files, skipped = discover([str(tmp_path)], Settings())
    assert sorted(f.path for f in files) == ["app.8e1d.js", "vendor-portal.4f1c9e.js", "vendor-portal.js", "vendors-dashboard.bundle.js"]
    assert {s.reason for s in skipped} == {"dependencies bundle (a bundler's chunk of third-party code)"}
