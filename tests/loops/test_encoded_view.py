"""Base64 that carries a whole file (an env file, a service account's JSON): read decoded, each finding placed on the
run's line, the encoded run's own rules left where they read it. Values are drawn at run time; failures name the file
and the statuses, never the value (PYTEST_DONT_REWRITE)."""

from __future__ import annotations

import base64
import json
import random
import string

from secretloop.loops.encoded_view import TOKEN_KIND, encoded_views
from tests.loops.test_fp_corpus_classes import SCANNER, not_shown, outcomes
from tests.support.tokens import github_pat, random_chars

_R = random.Random(4_220)
_ALNUM = string.ascii_letters + string.digits


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def _found(text: str, path: str) -> list[tuple[str, int]]:
    return [(c.rule_id, c.start_line) for c in SCANNER.scan_text(text, 0, path)]


def test_an_env_file_carried_in_base64_is_read_decoded_on_the_runs_line() -> None:
    env = f"GITHUB_TOKEN={github_pat(_R.randrange(10**6))}\nLOG_LEVEL=info\n"
    text = f"app:\n  replicas: 2\n  config_b64: {_b64(env)}\n"
    assert _found(text, "deploy/values.yaml") == [("github-pat", 3)]
    assert outcomes(text, "deploy/values.yaml") == ["confirmed"]


def test_a_service_account_json_carried_in_base64_is_read() -> None:
    body = base64.b64encode(bytes(_R.randrange(256) for _ in range(600))).decode()
    key = "-----BEGIN PRIVATE KEY-----\\n" + "\\n".join(body[i:i + 64] for i in range(0, len(body), 64)) + "\\n-----END PRIVATE KEY-----\\n"
    account = ('{\n  "type": "service_account",\n  "project_id": "acme-prod",\n'
               f'  "private_key_id": "{random_chars(_R, 40, "0123456789abcdef")}",\n  "private_key": "{key}",\n'
               '  "client_email": "ci@acme-prod.iam.gserviceaccount.com"\n}\n')
    text = f'GOOGLE_CREDENTIALS_B64="{_b64(account)}"\n'
    assert "confirmed" in outcomes(text, "ci/deploy.env")


def test_a_runs_own_rule_keeps_its_place_and_single_lines_and_bytes_are_not_decoded() -> None:
    # a Kubernetes Secret's data entry is its rule's to read; a one-line value (a Basic pair) and key bytes are no file
    password = random_chars(_R, 20, _ALNUM)
    secret = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ntype: Opaque\ndata:\n"
              f"  DATABASE_URL: {_b64(f'postgres://app:{password}@db.internal:5432/app?sslmode=require')}\n")
    assert [rule for rule, _ in _found(secret, "k8s/secret.yaml")] == ["kubernetes-secret-data"]
    pair = f"pair: {_b64('ci-bot:' + password + '-and-some-more-text')}\n"
    assert [v.path for v in encoded_views(pair, "x.yaml")] == ["x.yaml.b64" + TOKEN_KIND]  # one word: a token's view
    assert _found(pair, "x.yaml") == []  # ... where only a provider's format is read
    blob = base64.b64encode(bytes(_R.randrange(256) for _ in range(96))).decode()
    assert encoded_views(f"key: {blob}\n", "x.yaml") == []


def test_a_jwts_header_is_no_file_and_placeholders_inside_stay_quiet() -> None:
    header = base64.urlsafe_b64encode(json.dumps({"alg": "RS256", "typ": "JWT", "kid": random_chars(_R, 40, _ALNUM)}).encode()).decode().rstrip("=")
    assert encoded_views(f"token: {header}.eyJzdWIiOiJ4In0.c2lnbmF0dXJl\n", "x.yaml") == []
    env = "DB_PASSWORD=changeme\nAPI_KEY=${API_KEY}\nLOG_LEVEL=debug\n"
    assert not_shown(f"config_b64: {_b64(env)}\n", "deploy/values.yaml")


def test_the_decoded_value_is_not_written_in_the_clear() -> None:
    token = github_pat(_R.randrange(10**6))
    text = f"config_b64: {_b64(f'GITHUB_TOKEN={token}' + chr(10) + 'LOG_LEVEL=info' + chr(10))}\n"
    for c in SCANNER.scan_text(text, 0, "deploy/values.yaml"):
        dumped = c.model_dump_json()
        assert token not in dumped and token[4:20] not in dumped


def test_a_run_assigned_with_an_equals_sign_is_read() -> None:
    config = '{\n  "github": "%s",\n  "region": "eu-west-1"\n}\n' % github_pat(_R.randrange(10**6))
    assert _found(f"APP_CONFIG_B64={_b64(config)}\n", "services/web/.env.production") == [("github-pat", 1)]


def test_an_inline_source_map_is_not_decoded() -> None:
    source = json.dumps("const config = {\n  password: \"%s\",\n};\n" % random_chars(_R, 16, _ALNUM))[1:-1]
    smap = '{"version":3,"file":"app.js","sources":["app.ts"],"sourcesContent":["%s"],"mappings":"AAAA"}' % source
    assert encoded_views(f"//# sourceMappingURL=data:application/json;base64,{_b64(smap)}\n", "dist/app.mjs") == []
    assert encoded_views(f"const map = '{_b64(smap)}';\n", "dist/app.mjs") == []


def test_a_provider_token_obfuscated_in_base64_is_found_and_a_generic_word_is_not() -> None:
    token = github_pat(_R.randrange(10**6))
    php = f'<?php\n$client = new Client(base64_decode("{_b64(token)}"));\n'
    assert _found(php, "src/Client.php") == [("github-pat", 2)]
    assert outcomes(php, "src/Client.php") == ["confirmed"]
    # a random secret without a provider's format, and an id, decode to words no generic rule reads
    assert _found(f'const k = atob("{_b64("api_key=" + random_chars(_R, 32, _ALNUM))}");\n', "web/src/k.js") == []
    assert _found(f'id: {_b64("order-" + random_chars(_R, 24, _ALNUM))}\n', "data/orders.yaml") == []


def test_a_token_in_base64_whose_checksum_fails_is_a_made_up_one() -> None:
    token = github_pat(_R.randrange(10**6))
    broken = token[:-1] + ("A" if token[-1] != "A" else "B")  # the CRC32 suffix no longer matches
    assert _found(f'const t = atob("{_b64(broken)}");\n', "src/githubClient.js") == []
