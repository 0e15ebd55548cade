"""The table reader (loops/tables.py): which cells it finds, under which column, at which byte offsets.

The values here are made-up words, not credentials: the reader knows nothing of secrets."""

from __future__ import annotations

from secretloop.loops.tables import MAX_CELLS, table_cells


def pairs(text: str) -> list[tuple[str, str]]:
    """(column name, cell) for every cell found, read back from the offsets."""
    data = text.encode("utf-8")
    return [(data[c.name_start : c.name_end].decode(), data[c.start : c.end].decode()) for c in table_cells(data)]


def column(text: str, name: str) -> list[str]:
    return [v for n, v in pairs(text) if n == name]


# -- delimited text ------------------------------------------------------------------------

def test_csv_header_names_each_rows_cells() -> None:
    text = "id,user,password\n1,ann,alpha\n2,bob,beta\n"
    assert column(text, "password") == ["alpha", "beta"]
    assert column(text, "user") == ["ann", "bob"]


def test_quoted_fields_with_delimiters_and_doubled_quotes() -> None:
    text = 'name,note,pw\n"Smith, J.","said ""hi""",gamma\n'
    assert column(text, "pw") == ["gamma"]
    assert column(text, "note") == ['said ""hi""']
    assert column(text, "name") == ["Smith, J."]


def test_semicolon_tab_and_pipe_delimiters_quoted_headers_crlf_and_bom() -> None:
    assert column('"system";"user";"passwort"\r\n"erp";"rfc";"delta"\r\n', "passwort") == ["delta"]
    assert column("\ufeffsite\tssid\tpsk\nHQ\tcorp\tepsilon\n", "psk") == ["epsilon"]
    assert column("host|user|secret\nh1|u1|zeta\n", "secret") == ["zeta"]


def test_json_with_doubled_quotes_in_a_csv_cell() -> None:
    text = 'timestamp,actor,detail\n2026-12-02,svc,"{""username"":""temp"",""password"":""alpha""}"\n'
    assert column(text, "password") == ["alpha"]
    assert column(text, "username") == ["temp"]


def test_an_excel_sep_line_and_leading_comments_come_before_the_header() -> None:
    assert column("sep=;\nuser;password\nann;alpha\n", "password") == ["alpha"]
    assert column("# exported 2026-12-01\n# by ops\nuser,password\nann,alpha\n", "password") == ["alpha"]


def test_api_key_header_with_spaces_and_empty_cells() -> None:
    text = "partner,API Key,contact\nN,,n@example.org\nS,eta,s@example.org\n"
    assert column(text, "API Key") == ["eta"]


def test_rows_of_another_width_are_skipped_and_records_may_span_lines() -> None:
    text = 'id,user,password\n1,ann,alpha\ntotal,2\n3,"multi\nline",theta\n4,dan,iota\n'
    assert column(text, "password") == ["alpha", "theta", "iota"]
    assert column(text, "user") == ["ann", "multi\nline", "dan"]
    unclosed = 'id,user,password\n1,ann,alpha\n2,"never closed,beta\n' + "x\n" * 21 + "3,cid,gamma\n4,dan,delta\n"
    assert column(unclosed, "password") == ["alpha", "gamma", "delta"]


def test_prose_and_code_whose_first_line_has_a_comma_are_not_tables() -> None:
    prose = "Passwords, keys and tokens\nare described below one by one\nand here, a comma\nthe end\nmore text\n"
    assert pairs(prose) == []
    code = "import os, sys\n\ndef main():\n    run(a, b)\n    return 0\n\nif __name__ == '__main__':\n    main()\n"
    assert pairs(code) == []
    sentence = "This module handles the secret, the token and the key\nfoo,bar\n"
    assert pairs(sentence) == []


def test_a_header_must_be_names() -> None:
    assert pairs("1,2,3\n4,5,6\n") == []
    assert pairs("user = x, password = y\na,b\n") == []


def test_offsets_are_bytes_after_non_ascii_text() -> None:
    text = "Straße,Passwort\nMünchen,kappa\n"
    assert pairs(text) == [("Straße", "München"), ("Passwort", "kappa")]


# -- Markdown and Org tables ----------------------------------------------------------------

def test_markdown_table_with_code_cells_and_escaped_pipes() -> None:
    text = (
        "# Accounts\n\nSome text.\n\n"
        "| service | login | password |\n"
        "|:--------|-------|---------:|\n"
        "| db | `admin` | `lambda` |\n"
        "| a \\| b | ops | mu |\n"
        "\nAfter the table | not a row\n| x | y | nu |\n"
    )
    assert column(text, "password") == ["lambda", "mu"]
    assert column(text, "login") == ["admin", "ops"]


def test_org_table_and_a_table_without_outer_pipes() -> None:
    org = "* Creds\n| host | pw |\n|------+------|\n| a | xi |\n"
    assert column(org, "pw") == ["xi"]
    bare = "host | token\n--- | ---\nh1 | omicron\n"
    assert column(bare, "token") == ["omicron"]


def test_a_yaml_document_separator_is_not_a_rule_row() -> None:
    assert pairs("a: | b\n---\nc: d\n") == []


def test_short_rule_rows_between_pipes_as_github_takes_them() -> None:
    for rule in ("|--|--|", "|-|-|", "| :-- | --: |", "|:--|--:|"):
        text = f"| host | SASL password |\n{rule}\n| h1 | phi |\n"
        assert column(text, "SASL password") == ["phi"], rule


def test_dashes_that_are_not_a_rule_row_start_no_table() -> None:
    # SQL comments and CLI flags between pipe-separated text; a rule row needs only dashes in its cells
    assert pairs("| x | y |\n-- a | b\n| p | q |\n") == []
    assert pairs("| x | y |\n|--flag|--x|\n| p | q |\n") == []


# -- SQL --------------------------------------------------------------------------------------

def test_insert_rows_over_several_lines_with_escapes_calls_and_nulls() -> None:
    text = (
        "INSERT INTO `users` (`id`, `login`, `password`, `email`) VALUES\n"
        "  (1, 'ann', 'pi''s', 'a@example.org'),\n"
        "  (2, 'bob', 'rho\\'x', now()),\n"
        "  (3, md5('c, d'), NULL, E'sigma');\n"
        "insert into t (a, b) values ('tau', 'upsilon');\n"
    )
    assert column(text, "password") == ["pi''s", "rho\\'x"]
    assert column(text, "email") == ["a@example.org", "sigma"]
    assert column(text, "b") == ["upsilon"]


def test_insert_without_a_column_list_or_with_placeholders_names_nothing() -> None:
    text = "INSERT INTO users VALUES (1, 'phi');\ncur.execute(\"INSERT INTO users (name, password) VALUES (%s, %s)\", row)\n"
    assert pairs(text) == []


def test_a_tuple_of_another_width_is_skipped_and_the_statement_ends_at_a_semicolon() -> None:
    text = "INSERT INTO t (a, password) VALUES ('x', 'chi'), ('only');\nSELECT ('psi');\n"
    assert column(text, "password") == ["chi"]


def test_copy_rows_until_the_end_marker() -> None:
    text = (
        "COPY public.service_accounts (id, name, secret, enabled) FROM stdin;\n"
        "1\tetl\tomega\tt\n"
        "2\tbackup\t\\N\tf\n"
        "\\.\n"
        "3\tafter\tnot-a-row\tt\n"
    )
    assert column(text, "secret") == ["omega"]


# -- bounds -----------------------------------------------------------------------------------

def test_a_huge_table_stops_at_the_cell_limit() -> None:
    rows = "".join(f"{i},v{i}\n" for i in range(MAX_CELLS))
    assert len(table_cells(("id,pw\n" + rows).encode())) == MAX_CELLS


def test_malformed_sql_and_tables_do_not_raise() -> None:
    for text in ["INSERT INTO t (a) VALUES ('unclosed", "INSERT INTO t (a) VALUES (f(", "INSERT INTO t (", "|---|---|\n",
                 "a,b\n\"x", "COPY t (a) FROM stdin;\n", "insert " * 1000, "| a | b |\n|---|---|" * 500]:
        table_cells(text.encode())


def test_columns_of_hex_digests_of_one_length() -> None:
    from secretloop.loops.tables import digest_columns

    md5 = "9e107d9d372bb6826bd81d3542a419d6"
    sha1 = "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12"
    text = (f"id,pw,mixed,few,guest\n1,{md5},{md5},{sha1},Guest\n2,{md5},{sha1},x,{md5}\n3,{md5},{md5},y,{md5}\n"
            f"4,{md5},{md5},z,{md5}\n")
    data = text.encode()
    found = digest_columns(data, table_cells(data))
    assert found == {text.index("pw"), text.index("guest")}, "digests of one length in most rows (not mixed lengths, not a few)"
    one_row = f"id,pw\n1,{md5}\n".encode()
    assert digest_columns(one_row, table_cells(one_row)) == set(), "one value alone may be a hex password"


def test_adversarial_tables_complete() -> None:
    # Shapes that would make a reader restart a scan at every statement or row (quadratic): unclosed
    # strings and calls after many INSERT heads, a huge column list, rows of unclosed quotes. The
    # bound is a watchdog for a hang (each completes in well under a second), not a measurement.
    import threading

    texts = [
        "insert into t (a) values ('\\\\'" * 50_000,
        "INSERT INTO t (a) VALUES (f(" * 50_000,
        "INSERT INTO t (a) VALUES ('x'), " * 50_000,
        "insert into t (" + "a," * 500_000,
        "id,pw\n" + '"' * 1_000_000,
        "id,pw\n" + '1,"x\n' * 200_000,
        "| a | b |\n" + "|---|---|\n" * 100_000,
        "| a | b |\n|---|---|\n" + "| x | y |\n" * 100_000,
        "COPY t (a) FROM stdin;\n" * 100_000,
        "<table>" * 100_000,
        "|===" * 100_000,
        "|===\n|a |b\n" + "|x" * 500_000,
        "|===\n" * 100_000,
        "<table><tr><th>a</th><th>b</th></tr><tr>" + "<td>" * 300_000,
        "<table><tr><th>a</th><th>b</th></tr>" + "<tr><td>x<td>" + "<code>" * 100_000,
    ]
    done: list[int] = []
    worker = threading.Thread(target=lambda: [done.append(len(table_cells(t.encode()))) for t in texts], daemon=True)
    worker.start()
    worker.join(120)
    assert len(done) == len(texts), "the table reader did not finish within the watchdog"


# -- HTML tables ------------------------------------------------------------------------------

def test_an_html_table_from_a_wiki_export() -> None:
    text = (
        "<h2>Accounts</h2>\n<table class=\"confluenceTable\"><tbody>\n"
        "<tr><th class=\"confluenceTh\">System</th><th>Login</th><th><p>Password</p></th></tr>\n"
        "<tr><td>db</td><td><code>admin</code></td><td><p><code> alpha </code></p></td></tr>\n"
        "<TR><TD>ldap</TD><TD>svc</TD><TD>beta</TD></TR>\n"
        "<tr><td>x</td><td>y</td><td><a href=\"/wiki/x\">gamma</a> and more</td></tr>\n"
        "<tr><td colspan=\"3\">delta</td></tr>\n"
        "</tbody></table>\n<p>After</p>\n"
    )
    assert column(text, "Password") == ["alpha", "beta"], "plain and wrapped cells; not markup-heavy or short rows"
    assert column(text, "Login") == ["admin", "svc", "y"]


def test_an_html_table_whose_first_row_is_data_names_nothing() -> None:
    assert pairs("<table><tr><td>alpha beta gamma delta epsilon</td><td>1</td></tr><tr><td>a</td><td>b</td></tr></table>") == []
    assert pairs("<table><tr><td><b>x</b><i>y</i></td><td>pw</td></tr><tr><td>a</td><td>b</td></tr></table>") == []


# -- AsciiDoc tables ---------------------------------------------------------------------------

def test_asciidoc_tables_one_cell_per_line_or_one_row_per_line() -> None:
    per_line = "== Accounts\n\n[cols=\"1,1,2\"]\n|===\n|System |User |Password\n\n|Kibana\n|elastic\n|`alpha`\n\n|Grafana\n|admin\n|beta\n|===\n\nAfter.\n"
    assert column(per_line, "Password") == ["alpha", "beta"]
    per_row = "|===\n|host |token\n\n|h1 |gamma\n|h2 a|delta\n|===\n"
    assert column(per_row, "token") == ["gamma", "delta"]


def test_an_asciidoc_block_without_a_header_of_names_is_not_read() -> None:
    assert pairs("|===\n|This is a long sentence in a cell |and another one that says more than a name\n|x |y\n|===\n") == []


def test_a_generic_sql_column_is_named_with_its_table() -> None:
    from secretloop.loops.tables import column_name

    text = ("INSERT INTO public.api_keys (id, key, name) VALUES (1, 'kappa', 'ci');\n"
            "COPY \"secrets\" (name, value) FROM stdin;\ndb\tlambda\n\\.\n"
            "INSERT INTO settings (key, value) VALUES ('theme', 'dark');\nsite,key\nx,mu\n")
    data = text.encode()
    names = [(column_name(data, c).decode(), data[c.start:c.end].decode()) for c in table_cells(data)]
    assert ("api_keys_key", "kappa") in names and ("secrets_value", "lambda") in names
    assert ("settings_value", "dark") in names and ("name", "ci") in names


# -- Kubernetes Secrets --------------------------------------------------------------------------

def test_every_entry_of_a_kubernetes_secret_in_any_key_order() -> None:
    from secretloop.loops.tables import K8S_SECRET

    text = (
        "apiVersion: v1\ndata:\n  # abbreviated\n  password: YWxwaGE=\n  DATABASE_URL: 'YmV0YQ=='  # quoted\n"
        "  .dockercfg: >\n    Z2FtbWE=\n  empty: \"\"\nkind: Secret\nmetadata:\n  name: db\n"
        "---\nkind: ConfigMap\ndata:\n  url: ZGVsdGE=\n"
        "---\n kind: secret\n stringData:\n \tuser: epsilon # plain\n"
    )
    data = text.encode()
    got = [(data[c.name_start:c.name_end].decode(), data[c.start:c.end].decode()) for c in table_cells(data) if c.table == K8S_SECRET]
    assert got == [("password", "YWxwaGE="), ("DATABASE_URL", "YmV0YQ=="), (".dockercfg", "Z2FtbWE="), ("user", "epsilon")]


def test_an_external_or_sealed_secret_is_not_a_secret_manifest() -> None:
    for kind in ("ExternalSecret", "SealedSecret", "SecretStore"):
        assert pairs(f"kind: {kind}\nspec:\n  data:\n    password: YWxwaGE=\n") == []


def test_columns_of_crypt_hashes() -> None:
    from secretloop.loops.tables import digest_columns

    salt = "abcdefghijklmnopqrstuv"
    bcrypt = [f"$2b$12${salt}{i:031d}" for i in range(3)]
    phpass = [f"$P$B{salt}{i:09d}" for i in range(3)]
    django = [f"pbkdf2_sha256$600000${salt}${i:044d}" for i in range(3)]
    text = "id,bc,wp,dj,mixed,word\n" + "".join(
        f"{i},{bcrypt[i]},{phpass[i]},{django[i]},{bcrypt[i] if i else phpass[i]},pass$word{i}\n" for i in range(3))
    data = text.encode()
    found = digest_columns(data, table_cells(data))
    # crypt hashes of two schemes in a column are a users table carried across versions: hashes too; words are read
    assert found == {text.index(n) for n in ("bc", "wp", "dj", "mixed")}, "crypt schemes, one or several; words are read"


def test_the_layout_words_a_caller_hands_over_decide_as_the_text_would() -> None:
    from secretloop.loops.tables import LAYOUT_WORDS

    text = ("| user | password |\n|---|---|\n| a | alpha |\n\nINSERT INTO t (pw) VALUES ('beta');\n"
            "<table><tr><th>x</th><th>pw</th></tr><tr><td>1</td><td>gamma</td></tr></table>\n")
    data = text.encode()
    everything = table_cells(data, data.lower(), frozenset(LAYOUT_WORDS))
    assert table_cells(data) == everything and len(everything) == 5
    assert table_cells(data, data.lower(), frozenset()) == [], "no layout word seen, no layout read (the text has no header line)"
