"""The table rules (table-password-column, table-secret-column) on whole files, through the scanner, the
filters and the offline judge: credentials in the rows of exports, dumps and wiki tables are shown, and
the columns that hold hashes, placeholders, counts or references are not. Values are made up here
(tests/support/tokens.py); failure messages name statuses, never values."""

from __future__ import annotations

import random
import string

import pytest

from secretloop.loops.detect import Detector
from secretloop.loops.rules.catalogue import load_catalogue
from tests.loops.test_fp_corpus_classes import outcomes
from tests.support.tokens import random_chars, random_password

DETECTOR = Detector(load_catalogue())
_R = random.Random(2026_12_03)
_CRYPT = "./" + string.ascii_letters + string.digits


def _pw() -> str:
    while True:
        v = random_password(seed=_R.randrange(1 << 30), length=_R.randrange(12, 20))
        if v[0].isalpha() and "," not in v and ";" not in v and "|" not in v and "'" not in v and '"' not in v:
            return v


def _key(n: int = 32) -> str:
    return random_chars(_R, n, string.ascii_letters + string.digits)


def _table_hits(text: str) -> list[str]:
    return [text[m.start : m.end] for m in DETECTOR.find(text) if m.rule_id.startswith("table-")]


def _shown(text: str, path: str) -> int:
    return sum(s != "dismissed" for s in outcomes(text, path))


def require_shown(text: str, path: str, n: int) -> None:
    __tracebackhide__ = True  # the arguments hold planted values
    statuses = outcomes(text, path)
    if sum(s != "dismissed" for s in statuses) != n:
        pytest.fail(f"{path}: expected {n} shown ({statuses})")


# -- found and shown ----------------------------------------------------------------------------

def test_a_users_export_shows_each_rows_password() -> None:
    a, b = _pw(), _pw()
    text = f"id,username,email,password,created\n1,jdoe,jdoe@acme.example,{a},2026-01-04\n2,mkim,mkim@acme.example,{b},2026-02-11\n"
    assert _table_hits(text) == [a, b], "both rows' passwords, nothing else"
    require_shown(text, "exports/users_export.csv", 2)


def test_a_semicolon_export_with_quoted_german_headers() -> None:
    a = _pw()
    text = f'"System";"Benutzer";"Passwort";"Notiz"\n"SAP PRD";"RFC_USER";"{a}";"rotiert Q3"\n'
    require_shown(text, "exports/service_creds.csv", 1)


def test_api_keys_and_secrets_in_a_partner_sheet() -> None:
    key, secret = _key(32), _key(48)
    text = f"partner,API Key,Client Secret,contact\nNorthwind,{key},{secret},it@northwind.example\n"
    assert sorted(_table_hits(text)) == sorted([key, secret]), "the two credential columns"
    require_shown(text, "exports/partner_keys.csv", 2)


def test_a_wide_export_row_is_not_read_as_prose() -> None:
    header = "id,first_name,last_name,email,phone,street,city,zip,country,department,title,manager,status,password,notes"
    row = f"7,Jane,Doe,jane@acme.example,+1 555 0100,1 Main St,Springfield,12345,US,Finance,Analyst,Bob Smith,active,{_pw()},moved from old system"
    require_shown(f"{header}\n{row}\n", "exports/hr_accounts.csv", 1)


def test_a_request_body_logged_into_a_csv_cell() -> None:
    text = ('timestamp,actor,action,detail\n'
            f'2026-12-02T10:00:00Z,svc-admin,user.create,"{{""username"":""temp"",""password"":""{_pw()}""}}"\n')
    require_shown(text, "logs/app/audit.csv", 1)


def test_a_wifi_sheet_in_tsv() -> None:
    text = f"site\tssid\tpsk\nBerlin HQ\tACME-Corp\t{_pw()}\n"
    require_shown(text, "exports/wifi.tsv", 1)


def test_a_markdown_table_of_accounts_in_a_wiki_page() -> None:
    text = f"# Test accounts\n\n| system | login | password |\n|---|---|---|\n| staging db | `app` | `{_pw()}` |\n"
    require_shown(text, "docs/wiki/accounts.md", 1)


def test_a_pg_dump_copy_block_and_a_multi_row_insert() -> None:
    a, b, c = _key(40), _pw(), _pw()
    dump = (
        "COPY public.service_accounts (id, name, secret, enabled) FROM stdin;\n"
        f"1\tnightly-etl\t{a}\tt\n"
        "2\tdisabled\t\\N\tf\n"
        "\\.\n\n"
        "INSERT INTO `users` (`id`, `login`, `email`, `password`) VALUES\n"
        f"  (1,'admin','admin@acme.example','{b}'),\n"
        f"  (2,'ops','ops@acme.example','{c}');\n"
    )
    assert _table_hits(dump) == [a, b, c], "the COPY row's secret and both inserted passwords"
    require_shown(dump, "db/dump.sql", 3)


def test_a_provider_token_in_a_table_keeps_its_provider_rule() -> None:
    token = "gho_" + _key(36)
    text = f"INSERT INTO integrations (id, provider, access_token) VALUES (3, 'github', '{token}');\n"
    rules = [m.rule_id for m in DETECTOR.find(text)]
    assert rules and not rules[0].startswith("table-"), "the provider rule explains the value better"


# -- found and dismissed, or not found -------------------------------------------------------------

def test_stored_password_hashes_in_a_password_column_are_dismissed() -> None:
    bcrypt = "$2b$12$" + random_chars(_R, 53, _CRYPT)
    argon = "$argon2id$v=19$m=65536,t=3,p=4$" + random_chars(_R, 22, _CRYPT) + "$" + random_chars(_R, 43, _CRYPT)
    phpass = "$P$B" + random_chars(_R, 30, _CRYPT)  # WordPress's and phpBB's portable hashes
    text = (
        "INSERT INTO users (id, email, password_hash) VALUES (1, 'a@acme.example', '" + bcrypt + "');\n"
        "INSERT INTO users (id, email, encrypted_password) VALUES (2, 'b@acme.example', '" + argon + "');\n"
        "INSERT INTO wp_users (ID, user_login, user_pass) VALUES (1, 'admin', '" + phpass + "');\n"
    )
    assert len(_table_hits(text)) == 3, "found, then dismissed as hashes"
    assert _shown(text, "db/seed.sql") == 0


def test_a_password_column_of_hex_digests_is_not_read_but_one_hex_password_is() -> None:
    rows = "".join(f"({i}, 'user{i}', '{random_chars(_R, 40, '0123456789abcdef')}'),\n" for i in range(3))
    text = "INSERT INTO users (id, username, password) VALUES\n(0, 'Guest', 'Guest'),\n" + rows.rstrip(",\n") + ";\n"
    assert _table_hits(text) == [], "SHA-1 digests fill the column: stored hashes"
    one = random_chars(_R, 40, "0123456789abcdef")
    assert _table_hits(f"user,password\nci,{one}\n") == [one]


def test_placeholders_references_and_empty_cells_are_not_shown() -> None:
    text = (
        "name,password,token\n"
        "alice,changeme,${ALICE_TOKEN}\n"
        "bob,<password>,\n"
        "carol,********,{{ vault_token }}\n"
    )
    assert _shown(text, "templates/accounts.csv") == 0


def test_a_language_data_file_with_a_token_column_is_quiet() -> None:
    rows = "".join(f"{w},{n}\n" for w, n in [("the", 50123), ("secretary", 311), ("tokenizer", 17), ("password", 9)])
    assert _shown("token,count\n" + rows, "data/word_counts.csv") == 0
    rows = "".join(f"{i},{w}\n" for i, w in enumerate(["Authorization", "PasswordReset", "TokenExpired"]))
    assert _shown("id,token_type\n" + rows, "data/token_types.csv") == 0


def test_a_column_of_words_is_not_read_for_its_odd_long_word() -> None:
    vocab = "token_id\ttoken\tfrequency\n1\t[CLS]\t0\n2\t##ing\t91231\n3\tunbelievable\t12\n4\tthe\t50211\n"
    assert _table_hits(vocab) == [], "most of the column has no credential's shape"
    keys = [_key(32) for _ in range(3)]
    sheet = "service,api_key\n" + "".join(f"s{i},{k}\n" for i, k in enumerate(keys)) + "legacy,none\n"
    assert _table_hits(sheet) == keys, "most of the column does: all of its keys are read"


def test_prose_with_a_comma_in_its_first_line_is_not_a_table() -> None:
    text = f"Passwords, keys and tokens are rotated quarterly.\nThe old one was {_pw()} and is gone.\nfoo,bar\n"
    assert _table_hits(text) == []


# -- the rules file: a table rule's fields ----------------------------------------------------------

_TABLE_RULE = """
[fragments]
pw = '''(?:pass(?:word)?|pwd)'''

[[rules]]
id = "my-table-rule"
title = "Passwords in tables"
category = "password"
confidence = "low"
keywords = ["pass"]
pattern = '''(?P<secret>[^\\s]{6,})'''
description = "A test rule."
positive = ["user,password\\nann,Xq7-pLm2\\n"]
negative = ["user,password\\nann,x\\n"]
"""


def _load(tmp_path, text: str):
    from secretloop.loops.rules.catalogue import load_catalogue as load

    path = tmp_path / "rules.toml"
    path.write_text(text, encoding="utf-8")
    return load(str(path))


def test_a_table_rule_reads_columns_its_column_pattern_names(tmp_path) -> None:
    catalogue = _load(tmp_path, _TABLE_RULE + "layout = \"table\"\ncolumn = '''(?i){{pw}}'''\n")
    rule = catalogue.get("my-table-rule")
    assert rule.layout == "table" and rule.names_column(b"Password") and not rule.names_column(b"passwords_hint")
    detector = Detector(catalogue)
    assert [m.key_name for m in detector.run_rule("my-table-rule", rule.positive[0])] == ["password"]
    assert detector.run_rule("my-table-rule", rule.negative[0]) == []
    assert detector.run_rule("my-table-rule", "password = Xq7-pLm2\n") == [], "a line is not a table"


@pytest.mark.parametrize("extra,message", [
    ('layout = "table"\n', "column"),
    ("column = '''password'''\n", "column"),
    ('layout = "table"\ncolumn = \'\'\'(?<=x)password\'\'\'\n', "column does not compile"),
])
def test_a_table_rule_without_a_column_or_a_line_rule_with_one_is_rejected(tmp_path, extra: str, message: str) -> None:
    from secretloop.loops.rules.catalogue import CatalogueError

    with pytest.raises(CatalogueError, match=message):
        _load(tmp_path, _TABLE_RULE + extra)


# -- Kubernetes Secrets ---------------------------------------------------------------------------

def test_every_entry_of_a_secret_manifest_is_shown_in_any_key_order() -> None:
    import base64

    def b64(s: str) -> str:
        return base64.b64encode(s.encode()).decode()

    pw = _pw()
    url = f"postgres://app:{_pw()}@db:5432/app"
    manifest = (f"apiVersion: v1\ndata:\n  DB_PASSWORD: {b64(pw)}\n  DATABASE_URL: {b64(url)}\n"
                "kind: Secret\nmetadata:\n  name: app\ntype: Opaque\n")
    assert [m.rule_id for m in DETECTOR.find(manifest)] == ["kubernetes-secret-data"] * 2
    require_shown(manifest, "deploy/k8s/secret.yaml", 2)


def test_the_password_rules_leave_a_secrets_entries_to_the_secret_rule() -> None:
    text = "kind: Secret\nstringData:\n  api_key: aGVsbG8=\n  note: YWRtaW4=\n"
    rules = [m.rule_id for m in DETECTOR.find(text) if m.rule_id.startswith(("table-", "kubernetes-"))]
    assert rules == [], "too little entropy for the Secret rule, and no table rule reads a Secret's entries"


def test_a_secrets_url_with_a_user_and_no_password_is_not_read() -> None:
    # postgres://shop@db/shop takes its password from elsewhere; with a password it stays a credential
    import base64

    def b64(s: str) -> str:
        return base64.b64encode(s.encode()).decode()

    bare = "postgres://shop@db.internal:5432/shop"
    manifest = f"apiVersion: v1\ndata:\n  url: {b64(bare)}\nkind: Secret\nmetadata:\n  name: app\n"
    assert [m.rule_id for m in DETECTOR.find(manifest)] == []
    with_password = f"postgres://shop:{_pw()}@db.internal:5432/shop"
    manifest = f"apiVersion: v1\ndata:\n  url: {b64(with_password)}\nkind: Secret\nmetadata:\n  name: app\n"
    assert [m.rule_id for m in DETECTOR.find(manifest)] == ["kubernetes-secret-data"]
