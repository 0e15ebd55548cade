"""A source map's sourcesContent: each original source read by every rule as the file it was, each finding
placed where its escaped text stands in the map. Values are drawn at run time; failures name the file and the
statuses, never the value."""

from __future__ import annotations

import json
import random
import string

from secretloop.loops.source_map_view import original_sources, source_path
from tests.loops.test_fp_corpus_classes import SCANNER, outcomes
from tests.support.tokens import aws_access_key_id, random_chars

_R = random.Random(8_282)
_ALNUM = string.ascii_letters + string.digits
_B64 = _ALNUM + "+/"


def _password() -> str:
    return random_chars(_R, 7, _ALNUM) + "#" + random_chars(_R, 7, _ALNUM)


def _map(sources: dict[str, str], **dump) -> str:
    mappings = ";".join(",".join(random_chars(_R, 5, _B64) for _ in range(8)) for _ in range(50))
    return json.dumps({"version": 3, "file": "main.4f2a.js", "sources": list(sources), "sourcesContent": list(sources.values()),
                       "names": [], "mappings": mappings}, **dump)


def test_source_names_read_as_workspace_paths() -> None:
    assert source_path("webpack://shop/./src/pay.ts") == "src/pay.ts"
    assert source_path("webpack:///src/app.vue?5a1b") == "src/app.vue"
    assert source_path("../../src/components/Login.tsx") == "src/components/Login.tsx"
    assert source_path("file:///home/dev/app/lib/db.js") == "home/dev/app/lib/db.js"


def test_every_rule_reads_a_maps_sources_and_each_finding_points_at_its_escaped_text() -> None:
    live, key_id, secret, password = "sk_live_" + random_chars(_R, 24, _ALNUM), aws_access_key_id(seed=8), random_chars(_R, 40, _B64), _password()
    source = (f'import Stripe from "stripe";\n// caf\u00e9 \u2014 "quoted"\tand tabbed\nconst stripe = new Stripe("{live}");\n'
              f'const s3 = new S3({{ accessKeyId: "{key_id}", secretAccessKey: "{secret}" }});\n'
              f'export const smtp = {{ host: "mail.acme.io", password: "{password}" }};\n')
    for dump in ({}, {"ensure_ascii": False}, {"indent": 2}):
        text = _map({"webpack://shop/./src/pay.ts": source}, **dump)
        found = SCANNER.scan_text(text, 0, "build/static/js/main.4f2a.js.map")
        lines = text.split("\n")
        spans = {lines[c.start_line - 1][c.start_col:c.end_col] for c in found if c.start_line == c.end_line}
        assert {live, secret, password} <= spans, (dump, sorted(c.rule_id for c in found))
        assert all(c.path == "build/static/js/main.4f2a.js.map" for c in found)
        # the context is the source's own lines, masked
        context = "\n".join(line for c in found for line in c.context)
        assert "new Stripe(" in context and live not in context and password not in context and secret not in context
    assert outcomes(_map({"webpack://shop/./src/pay.ts": source}), "build/static/js/main.4f2a.js.map").count("confirmed") >= 3


def test_dependencies_tests_and_mocks_in_a_map_are_not_read() -> None:
    password = _password()
    line = f'export const login = {{ user: "svc", password: "{password}" }};\n'
    assert outcomes(_map({"webpack://app/./src/auth.ts": line}), "dist/app.js.map") == ["confirmed"]
    for taken_along in ("webpack://app/./node_modules/some-sdk/dist/auth.js", "webpack://app/./src/__tests__/auth.test.ts",
                        "webpack://app/./src/__mocks__/auth.ts", "webpack://app/./src/setupTests.ts"):
        assert SCANNER.scan_text(_map({taken_along: line}), 0, "dist/app.js.map") == [], taken_along


def test_a_map_whose_sources_do_not_parse_is_read_as_a_bundle() -> None:
    live = "sk_live_" + random_chars(_R, 24, _ALNUM)
    broken = '{"version":3,"sources":["a.js"],"sourcesContent":[' + f'"const k = \\"{live}\\";", 42],"mappings":"AAAA"}}'
    assert original_sources(broken) is None
    assert [c.rule_id for c in SCANNER.scan_text(broken, 0, "dist/a.js.map")] == ["stripe-live-secret-key"]
    assert original_sources('{"version":3,"mappings":"AAAA"}') is None
    assert original_sources('{"version":3,"sourcesContent":[null, ""],"mappings":"AAAA"}') == []
