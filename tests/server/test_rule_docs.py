"""docs/rules generation: one page per rule plus an index, examples never in the clear, --check."""

from __future__ import annotations

from pathlib import Path

from secretloop.loops.rules.catalogue import Rule
from secretloop.server.rule_docs import GENERATED_MARK, INDEX_NAME, main, render_rule, rule_doc_url, sync_docs
from tests.support.tokens import github_pat

TOKEN = github_pat(11)
NEAR_MISS = "ghp_" + "Q" * 30 + "zz9"


def rule(rule_id: str = "github-pat", category: str = "vcs") -> Rule:
    return Rule(
        id=rule_id,
        title="GitHub personal access token",
        category=category,
        confidence="high",
        keywords=["ghp_"],
        pattern=r"(?P<secret>ghp_[A-Za-z0-9]{36})",
        checksum=None,
        description="A classic GitHub token. Revoke it in the token settings.",
        positive=[f"token = '{TOKEN}'"],
        negative=["ghp_short", f"x = '{NEAR_MISS}'"],
    )


def test_a_page_describes_the_rule_and_never_shows_a_positive_example():
    page = render_rule(rule())
    assert page.startswith(GENERATED_MARK)
    assert "# GitHub personal access token" in page
    assert "A classic GitHub token" in page
    assert "ghp_[A-Za-z0-9]{36}" in page
    assert TOKEN not in page
    assert "ghp_short" in page  # short negatives stay readable
    assert NEAR_MISS not in page  # long near-misses are shown by shape only
    assert "secretloop:allow" in page


def test_a_file_rule_page_names_its_files():
    from secretloop.loops.rules.catalogue import load_catalogue

    page = render_rule(load_catalogue().get("davfs2-secrets-line"))
    assert "Runs only on files whose path ends in one of: `davfs2/secrets`" in page
    assert "Runs on every file" not in page


def test_sync_writes_pages_and_index_then_check_finds_nothing(tmp_path: Path):
    rules = [rule(), rule("other-token", "saas")]
    written = sync_docs(str(tmp_path), rules)
    assert sorted(written) == sorted(["github-pat.md", "other-token.md", INDEX_NAME])
    index = (tmp_path / INDEX_NAME).read_text()
    assert "[github-pat](github-pat.md)" in index and "## saas" in index and "## vcs" in index
    assert sync_docs(str(tmp_path), rules, check=True) == []


def test_pages_of_removed_rules_go_but_hand_written_files_stay(tmp_path: Path):
    sync_docs(str(tmp_path), [rule(), rule("other-token")])
    (tmp_path / "notes.md").write_text("hand written\n")
    assert "other-token.md" in sync_docs(str(tmp_path), [rule()], check=True)
    sync_docs(str(tmp_path), [rule()])
    assert not (tmp_path / "other-token.md").exists()
    assert (tmp_path / "notes.md").exists()


def test_links_point_at_the_rule_page():
    assert rule_doc_url("github-pat").endswith("/docs/rules/github-pat.md")


def test_command_line_writes_and_checks(tmp_path: Path, capsys):
    rules_file = tmp_path / "rules.toml"
    rules_file.write_text(
        "[[rules]]\n"
        'id = "github-pat"\ntitle = "GitHub personal access token"\ncategory = "vcs"\nconfidence = "high"\n'
        'keywords = ["ghp_"]\npattern = \'\'\'(?P<secret>ghp_[A-Za-z0-9]{36})\'\'\'\n'
        'description = "A classic GitHub token."\n'
        f'positive = ["token = \'{TOKEN}\'"]\nnegative = ["ghp_short"]\n'
    )
    out = tmp_path / "docs"
    assert main([str(out), "--catalogue", str(rules_file), "--check"]) == 1
    assert main([str(out), "--catalogue", str(rules_file)]) == 0
    assert main([str(out), "--catalogue", str(rules_file), "--check"]) == 0
    assert TOKEN not in (out / "github-pat.md").read_text()
    assert TOKEN not in capsys.readouterr().out


def test_a_broken_catalogue_is_a_clear_error(tmp_path: Path, capsys):
    bad = tmp_path / "rules.toml"
    bad.write_text("[[rules]]\nid = 'x'\n")
    assert main([str(tmp_path / "docs"), "--catalogue", str(bad)]) == 2
    assert "error:" in capsys.readouterr().err


REPO = Path(__file__).resolve().parents[2]


def test_the_repositorys_rule_pages_match_the_catalogue():
    from secretloop.loops.rules.catalogue import load_catalogue

    stale = sync_docs(str(REPO / "docs" / "rules"), list(load_catalogue().rules), check=True)
    assert stale == [], f"docs/rules is out of date ({stale[:5]}): run python -m secretloop.server.rule_docs docs/rules"


async def test_the_generated_pages_do_not_look_like_leaks_to_the_scanner(tmp_path: Path):
    from secretloop.loops.engine import Engine
    from secretloop.loops.rules.catalogue import load_catalogue
    from secretloop.loops.runs import new_run

    sync_docs(str(tmp_path / "rules"), list(load_catalogue().rules))
    final = await Engine(new_run([str(tmp_path / "rules")]), store=None).run()
    counts = final.counts()
    assert counts["confirmed"] + counts["pending"] + counts["uncertain"] == 0, [
        (c.path, c.rule_id, c.status) for c in final.candidates if c.status != "dismissed"
    ]


def test_a_keyword_with_a_line_break_stays_on_the_pages_line():
    # a keyword may hold a line break (an operator that ends a line); the page writes it as \n
    from secretloop.loops.rules.catalogue import load_catalogue

    page = render_rule(load_catalogue().get("svn-auth-cache-password"))
    line = next(l for l in page.splitlines() if l.startswith("- Runs only where"))
    assert "`k 8\\npassword\\n`" in line
