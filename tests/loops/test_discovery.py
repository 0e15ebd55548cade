"""Workspace discovery on small trees, and reading files as text."""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

import pytest

from secretloop.loops.discovery import (
    DiscoveryError,
    Unreadable,
    decode_text,
    discover,
    invalid_patterns,
    read_text,
    read_text_and_hash,
    resolve_path,
)
from secretloop.loops.settings import Settings

MB = 1024 * 1024
PLANTED = "sl-planted-" + "q7Zr2Kx9Lw4Vb8Nt"  # a made-up value: must never show up in a reason


def write(root: Path, rel: str, content: str | bytes = "x = 1\n") -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def run(roots: list[Path] | Path, only: list[list[str]] | None = None, **settings) -> tuple[list[str], dict[str, str]]:
    roots = roots if isinstance(roots, list) else [roots]
    files, skipped = discover([str(r) for r in roots], Settings(**settings), only)
    return [f.path for f in files], {s.path: s.reason for s in skipped}


def read_skip(path: Path) -> str | None:
    """Why the scan's read of this file skips it (binary, undecodable), or None."""
    try:
        read_text_and_hash(str(path), MB, path.name)
    except Unreadable as err:
        return err.reason
    return None


# --- the walk ------------------------------------------------------------------------

def test_lists_files_sorted_with_posix_paths_sizes_and_root_index(tmp_path: Path) -> None:
    write(tmp_path, "b.py", "abc")
    write(tmp_path, "a/z.py")
    write(tmp_path, "a/b/c.txt", "hello")
    other = tmp_path / "second-root"
    write(other, "one.go", "package main\n")
    files, skipped = discover([str(tmp_path), str(other)], Settings(exclude=["/second-root/"]))
    assert [(f.root, f.path) for f in files] == [(0, "a/b/c.txt"), (0, "a/z.py"), (0, "b.py"), (1, "one.go")]
    assert {f.path: f.size for f in files}["b.py"] == 3
    assert all(f.sha256 == "" for f in files)  # discovery does not hash contents
    assert [s.path for s in skipped] == ["second-root"]


def test_gitignore_files_and_directories(tmp_path: Path) -> None:
    write(tmp_path, ".gitignore", "*.log\n!keep.log\nbuild/\n/local.cfg\n")
    write(tmp_path, "app.py")
    write(tmp_path, "debug.log")
    write(tmp_path, "keep.log")
    write(tmp_path, "build/out.js")
    write(tmp_path, "build/deep/more.js")
    write(tmp_path, "local.cfg")
    write(tmp_path, "sub/local.cfg")  # "/local.cfg" is anchored to the root
    paths, skipped = run(tmp_path)
    assert paths == [".gitignore", "app.py", "keep.log", "sub/local.cfg"]
    assert skipped == {"debug.log": "gitignored", "build": "gitignored directory", "local.cfg": "gitignored"}


def test_nested_gitignore_adds_rules_and_negates_parent_rules(tmp_path: Path) -> None:
    write(tmp_path, ".gitignore", "*.env\n")
    write(tmp_path, "root.env")
    write(tmp_path, "svc/.gitignore", "!app.env\n/secret.txt\n")
    write(tmp_path, "svc/app.env")
    write(tmp_path, "svc/other.env")
    write(tmp_path, "svc/secret.txt")
    write(tmp_path, "svc/deeper/secret.txt")  # anchored to svc/: not ignored below it
    write(tmp_path, "elsewhere/app.env")  # the negation only applies under svc/
    paths, skipped = run(tmp_path)
    assert paths == [".gitignore", "svc/.gitignore", "svc/app.env", "svc/deeper/secret.txt"]
    assert set(skipped) == {"root.env", "svc/other.env", "svc/secret.txt", "elsewhere/app.env"}


def test_git_info_exclude_and_ignore_files_above_the_root(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    write(repo, ".git/info/exclude", "*.private\n")
    write(repo, ".gitignore", "generated/\n")
    root = repo / "services"
    write(root, "api.py")
    write(root, "notes.private")
    write(root, "generated/client.py")
    paths, skipped = run(root)
    assert paths == ["api.py"]
    assert skipped == {"notes.private": "gitignored", "generated": "gitignored directory"}


def test_invalid_gitignore_lines_are_dropped_like_git_does(tmp_path: Path) -> None:
    write(tmp_path, ".gitignore", "!\n[z-a]\n*.log\n")
    write(tmp_path, "debug.log")
    write(tmp_path, "a.py")
    assert run(tmp_path) == ([".gitignore", "a.py"], {"debug.log": "gitignored"})


def test_invalid_exclude_pattern_is_a_clear_error(tmp_path: Path) -> None:
    write(tmp_path, "a.py")
    # Settings refuses such patterns (test_engine.py); discovery still says so for settings that
    # were not validated (model_copy, model_construct)
    unchecked = Settings().model_copy(update={"exclude": ["*.snap", "[z-a]"]})
    with pytest.raises(DiscoveryError, match=r"settings.exclude has invalid patterns: '\[z-a\]'"):
        discover([str(tmp_path)], unchecked)
    assert invalid_patterns(["ok/", "!", "[z-a]"]) == ["!", "[z-a]"]


def test_gitignore_can_be_turned_off(tmp_path: Path) -> None:
    write(tmp_path, ".gitignore", "*.log\n")
    write(tmp_path, "debug.log")
    paths, skipped = run(tmp_path, respect_gitignore=False)
    assert paths == [".gitignore", "debug.log"]
    assert skipped == {}


def test_settings_exclude_is_gitignore_style_and_applies_without_gitignore(tmp_path: Path) -> None:
    write(tmp_path, "src/app.py")
    write(tmp_path, "src/app.snap")
    write(tmp_path, "generated/api.py")
    paths, skipped = run(tmp_path, exclude=["*.snap", "generated/"], respect_gitignore=False)
    assert paths == ["src/app.py"]
    assert skipped == {"src/app.snap": "excluded (settings.exclude)", "generated": "excluded directory (settings.exclude)"}


def test_vcs_dependency_cache_and_own_directories_are_skipped_once_each(tmp_path: Path) -> None:
    write(tmp_path, "vendor/autoload.php")  # Composer's install tree
    for d in (".git", ".hg", "node_modules/pkg", "web/node_modules", "vendor", ".venv/lib", "__pycache__", ".tox",
              ".mypy_cache", ".secretloop"):
        write(tmp_path, f"{d}/file.txt")
        write(tmp_path, f"{d}/more.txt")
    write(tmp_path, "web/app.js")
    paths, skipped = run(tmp_path)
    assert paths == ["web/app.js"]
    assert skipped == {
        ".git": "version control directory",
        ".hg": "version control directory",
        "node_modules": "dependencies directory",
        "web/node_modules": "dependencies directory",
        "vendor": "dependencies directory",
        ".venv": "dependencies directory",
        "__pycache__": "cache directory",
        ".tox": "cache directory",
        ".mypy_cache": "cache directory",
        ".secretloop": "secretloop's own directory",
    }


@pytest.mark.parametrize("mark", ["autoload.php", "composer/installed.json", "modules.txt", "bundle/ruby/3.2.0/x.rb",
                                  "github.com/pkg/errors/errors.go"])
def test_a_vendor_directory_is_skipped_by_its_package_managers_mark(tmp_path: Path, mark: str) -> None:
    write(tmp_path, f"app/vendor/{mark}")
    write(tmp_path, "app/vendor/lib/config.php")
    write(tmp_path, "app/main.go")
    paths, skipped = run(tmp_path)
    assert paths == ["app/main.go"] and skipped == {"app/vendor": "dependencies directory"}


def test_a_vendor_directory_without_a_mark_is_committed_code_and_scanned(tmp_path: Path) -> None:
    # a demo app kept under vendor/ with its .env, Terraform modules with their examples
    write(tmp_path, "cms/vendor/acme/demo-app/.env", "DB_PASSWORD=x\n")
    write(tmp_path, "infra/modules/vendor/monitors/main.tf")
    paths, skipped = run(tmp_path)
    assert paths == ["cms/vendor/acme/demo-app/.env", "infra/modules/vendor/monitors/main.tf"] and skipped == {}


def test_named_paths_inside_a_vendor_directory_follow_its_mark(tmp_path: Path) -> None:
    write(tmp_path, "go/vendor/modules.txt")
    write(tmp_path, "go/vendor/golang.org/x/net/http.go")
    write(tmp_path, "php/vendor/acme/demo/.env")
    paths, skipped = run(tmp_path, only=[["go/vendor/golang.org/x/net/http.go", "php/vendor/acme/demo/.env", "go/vendor"]])
    assert paths == ["php/vendor/acme/demo/.env"]
    assert skipped == {
        "go/vendor/golang.org/x/net/http.go": "inside a dependencies directory (vendor)",
        "go/vendor": "dependencies directory",
    }


def test_git_file_of_a_worktree_is_skipped(tmp_path: Path) -> None:
    write(tmp_path, ".git", "gitdir: /elsewhere/.git/worktrees/x\n")
    write(tmp_path, "a.py")
    paths, skipped = run(tmp_path)
    assert paths == ["a.py"] and skipped == {".git": "version control directory"}


def test_each_file_skip_reason(tmp_path: Path) -> None:
    write(tmp_path, "package-lock.json", "{}")
    write(tmp_path, "poetry.lock", "")
    write(tmp_path, "go.sum", "")
    write(tmp_path, "bun.lockb", b"#!/usr/bin/env bun\nbun-lockfile-format-v0\n")
    write(tmp_path, "dist/app.min.js", "var a=1;")
    write(tmp_path, "dist/bundle.js", "var a=" + "f(b,{c:1});" * 200 + "\n")
    write(tmp_path, "dist/bundle.js.map", "{}")
    write(tmp_path, "src/normal.js", "const a = 1;\n" * 500)
    write(tmp_path, "img/logo.png", b"\x89PNG\r\n")
    write(tmp_path, "data.bin", b"abc\x00def")
    write(tmp_path, "certs/client.p12", b"\x30\x82")
    write(tmp_path, "big.txt", b"a" * (MB + 10))
    write(tmp_path, "empty.py", "")
    paths, skipped = run(tmp_path, max_file_size=MB)
    # discovery decides by name and size and never opens a file; the scan's read checks contents
    # a minified bundle or source map is scanned by the rules whose format says "secret" (see test_bundle_view)
    assert paths == ["data.bin", "dist/app.min.js", "dist/bundle.js", "dist/bundle.js.map", "empty.py", "go.sum",
                     "package-lock.json", "poetry.lock", "src/normal.js"]
    assert skipped["bun.lockb"] == "lockfile (binary)"
    # lockfiles are scanned (for URLs with credentials only: see test_lockfile_view)
    assert "package-lock.json" not in skipped and "poetry.lock" not in skipped and "go.sum" not in skipped
    assert skipped["img/logo.png"] == "binary (.png)"
    assert skipped["certs/client.p12"].startswith("binary key store (.p12)")
    assert skipped["big.txt"] == "too large (1.0 MB > 1.0 MB)"
    assert read_skip(tmp_path / "dist/bundle.js") is None  # minified: read, by the bundle rules
    assert read_skip(tmp_path / "data.bin") == "binary (NUL byte)"
    assert read_skip(tmp_path / "src/normal.js") is None and read_skip(tmp_path / "empty.py") is None


def test_a_db_file_is_read_when_it_is_text(tmp_path: Path) -> None:
    # Oxidized's router.db is a text list of logins; SQLite's files are binary by their first bytes
    write(tmp_path, "oxidized/router.db", "core1.example.net:ios:backup:pw\n")
    write(tmp_path, "app.db", b"SQLite format 3\x00" + b"\x00" * 84)
    paths, skipped = run(tmp_path)
    assert paths == ["app.db", "oxidized/router.db"] and not skipped
    assert read_skip(tmp_path / "oxidized/router.db") is None
    assert read_skip(tmp_path / "app.db") == "binary (NUL byte)"


def test_size_limit_message_uses_readable_units(tmp_path: Path) -> None:
    write(tmp_path, "big.txt", b"a" * (3 * MB + MB // 5))
    _, skipped = run(tmp_path, max_file_size=2 * MB)
    assert skipped == {"big.txt": "too large (3.2 MB > 2.0 MB)"}


def test_utf16_file_with_nul_bytes_is_not_binary(tmp_path: Path) -> None:
    f = write(tmp_path, "win.ini", "password=abc\r\n".encode("utf-16"))
    paths, _ = run(tmp_path)
    assert paths == ["win.ini"] and read_skip(f) is None


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks")
def test_symlinks_are_not_followed(tmp_path: Path) -> None:
    write(tmp_path, "real/a.py")
    os.symlink(tmp_path, tmp_path / "real" / "loop")  # a loop back to the root
    os.symlink(tmp_path / "real" / "a.py", tmp_path / "link.py")
    paths, skipped = run(tmp_path)
    assert paths == ["real/a.py"]
    assert skipped == {"real/loop": "symlink (not followed)", "link.py": "symlink (not followed)"}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_fifo_is_skipped_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    paths, skipped = run(tmp_path)
    assert paths == [] and skipped == {"pipe": "not a regular file"}
    with pytest.raises(Unreadable, match="not a regular file"):
        read_text(str(tmp_path / "pipe"), MB)


def _make_bytes_name(folder: Path, raw: bytes, content: bytes = b"x = 1\n") -> None:
    """A file whose name is not UTF-8 (Linux allows any bytes; some file systems refuse)."""
    try:
        with open(os.path.join(os.fsencode(folder), raw), "wb") as f:
            f.write(content)
    except OSError:
        pytest.skip("this file system refuses names that are not UTF-8")


def test_a_name_that_is_not_utf8_is_skipped_with_a_printable_reason(tmp_path: Path) -> None:
    write(tmp_path, "ok.py")
    _make_bytes_name(tmp_path, b"bad\xffname.py")
    (tmp_path / "sub").mkdir()
    _make_bytes_name(tmp_path / "sub", b"caf\xe9")  # Latin-1, not UTF-8
    paths, skipped = run(tmp_path)
    assert paths == ["ok.py"]
    assert skipped == {
        "bad\\xffname.py": "file name is not valid UTF-8 (not scanned: rename it)",
        "sub/caf\\xe9": "file name is not valid UTF-8 (not scanned: rename it)",
    }
    for reason_path in skipped:
        reason_path.encode("utf-8")  # what goes into JSON must encode


def test_a_folder_that_is_not_utf8_is_skipped_whole(tmp_path: Path) -> None:
    bad = os.path.join(os.fsencode(tmp_path), b"d\xfe")
    try:
        os.mkdir(bad)
    except OSError:
        pytest.skip("this file system refuses names that are not UTF-8")
    _make_bytes_name(Path(os.fsdecode(bad)), b"inner.py")
    write(tmp_path, "d-ok/a.py")
    paths, skipped = run(tmp_path)
    assert paths == ["d-ok/a.py"]
    assert skipped == {"d\\xfe": "folder name is not valid UTF-8 (not scanned: rename it)"}


def test_a_named_path_that_is_not_utf8_is_skipped(tmp_path: Path) -> None:
    _make_bytes_name(tmp_path, b"staged\xff.py")
    write(tmp_path, "a.py")
    paths, skipped = run(tmp_path, only=[["a.py", os.fsdecode(b"staged\xff.py")]])
    assert paths == ["a.py"]
    assert skipped == {"staged\\xff.py": "file name is not valid UTF-8 (not scanned: rename it)"}


def test_a_root_that_is_not_utf8_is_refused_with_a_printable_message(tmp_path: Path) -> None:
    with pytest.raises(DiscoveryError, match=r"not valid UTF-8.*root\\xff"):
        discover([str(tmp_path) + os.fsdecode(b"/root\xff")], Settings())


def _chmod_denies(path: Path) -> bool:
    return not os.access(path, os.R_OK)


def test_unreadable_file_and_directory(tmp_path: Path) -> None:
    secret_file = write(tmp_path, "secret.py", f'key = "{PLANTED}"\n')
    locked_dir = tmp_path / "locked"
    write(locked_dir, "inner.py")
    secret_file.chmod(0)
    locked_dir.chmod(0)
    try:
        if not _chmod_denies(secret_file):
            pytest.skip("running as a user that chmod 000 does not stop (root)")
        paths, skipped = run(tmp_path)
        assert paths == ["secret.py"]  # listed by name; the scan's read says why it cannot be scanned
        assert skipped == {"locked": "unreadable: permission denied"}
        with pytest.raises(Unreadable) as err:
            read_text(str(secret_file), MB)
        assert err.value.reason == "unreadable: permission denied"
    finally:
        secret_file.chmod(0o644)
        locked_dir.chmod(0o755)


def test_permission_denied_is_a_skip_even_as_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # chmod 000 does not stop root: simulate the operating system's refusal instead.
    denied_file = write(tmp_path, "secret.py")
    denied_dir = tmp_path / "locked"
    write(denied_dir, "inner.py")
    write(tmp_path, "ok.py")
    real_open, real_scandir = os.open, os.scandir

    def fake_open(path, *args, **kwargs):
        if os.fspath(path) == str(denied_file):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    def fake_scandir(path):
        if os.fspath(path) == str(denied_dir):
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(os, "open", fake_open)
    monkeypatch.setattr(os, "scandir", fake_scandir)
    paths, skipped = run(tmp_path)
    assert paths == ["ok.py", "secret.py"]  # listed by name; the scan's read says why it cannot be scanned
    assert skipped == {"locked": "unreadable: permission denied"}
    with pytest.raises(Unreadable, match="^unreadable: permission denied$"):
        read_text(str(denied_file), MB)


# --- only_paths ----------------------------------------------------------------------

def test_only_paths_scans_named_files_even_if_gitignored(tmp_path: Path) -> None:
    write(tmp_path, ".gitignore", "*.env\n")
    write(tmp_path, "prod.env", "TOKEN=abc\n")
    write(tmp_path, "a.py")
    write(tmp_path, "b.py")
    write(tmp_path, "bun.lockb", "")
    write(tmp_path, "logo.png", b"\x89PNG")
    paths, skipped = run(tmp_path, only=[["prod.env", "./a.py", "a.py", "bun.lockb", "logo.png", "gone.py", "../x.py"]])
    assert paths == ["a.py", "prod.env"]
    assert skipped == {
        "bun.lockb": "lockfile (binary)",
        "logo.png": "binary (.png)",
        "gone.py": "unreadable: not found",
        "../x.py": "outside the root",
    }


def test_only_paths_keeps_settings_exclude_and_skipped_directories(tmp_path: Path) -> None:
    write(tmp_path, "gen/api.py")
    write(tmp_path, "node_modules/pkg/index.js")
    paths, skipped = run(tmp_path, only=[["gen/api.py", "node_modules/pkg/index.js"]], exclude=["gen/"])
    assert paths == []
    assert skipped["gen/api.py"] == "excluded (settings.exclude)"
    assert skipped["node_modules/pkg/index.js"].startswith("inside a dependencies directory")


def test_only_paths_directory_is_walked_with_its_ignore_rules(tmp_path: Path) -> None:
    write(tmp_path, ".gitignore", "*.log\n")
    write(tmp_path, "pkg/a.py")
    write(tmp_path, "pkg/sub/b.py")
    write(tmp_path, "pkg/debug.log")
    write(tmp_path, "other.py")
    paths, skipped = run(tmp_path, only=[["pkg"]])
    assert paths == ["pkg/a.py", "pkg/sub/b.py"]
    assert skipped == {"pkg/debug.log": "gitignored"}


def test_only_paths_empty_list_means_nothing_and_length_must_match(tmp_path: Path) -> None:
    write(tmp_path, "a.py")
    assert run(tmp_path, only=[[]]) == ([], {})
    with pytest.raises(DiscoveryError, match="one per root"):
        run(tmp_path, only=[[], []])


# --- roots ---------------------------------------------------------------------------

def test_single_file_root(tmp_path: Path) -> None:
    f = write(tmp_path, "config.yaml", "key: value\n")
    files, skipped = discover([str(f)], Settings())
    assert [(x.root, x.path, x.size) for x in files] == [(0, "config.yaml", 11)]
    assert resolve_path(str(f), files[0].path) == str(f)
    assert resolve_path(str(tmp_path), "a/b.py") == os.path.join(str(tmp_path), "a", "b.py")
    assert run(f, only=[["other.yaml"]]) == ([], {})
    assert run(f, only=[["config.yaml"]])[0] == ["config.yaml"]


def test_single_file_root_still_gets_file_skips(tmp_path: Path) -> None:
    f = write(tmp_path, "bun.lockb", "")
    assert run(f) == ([], {"bun.lockb": "lockfile (binary)"})


def test_missing_root_raises_a_clear_error(tmp_path: Path) -> None:
    missing = tmp_path / "nope"
    with pytest.raises(DiscoveryError, match="does not exist") as err:
        discover([str(missing)], Settings())
    assert str(missing) in str(err.value)


# --- reading -------------------------------------------------------------------------

def test_read_text_and_hash_utf8(tmp_path: Path) -> None:
    data = "naïve = 'ü'\r\nx = 1\n".encode("utf-8")
    f = write(tmp_path, "a.py", data)
    text, digest = read_text_and_hash(str(f), MB)
    assert text == "naïve = 'ü'\r\nx = 1\n"  # line endings kept: offsets match the file
    assert digest == hashlib.sha256(data).hexdigest()
    assert read_text(str(f), MB) == text


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_byte_order_marks_select_the_encoding(tmp_path: Path, encoding: str) -> None:
    content = "password = 'é€'\n"
    data = content.encode(encoding)
    if encoding in ("utf-16-le", "utf-16-be"):  # these codecs write no BOM: add the right one
        data = ("\ufeff" + content).encode(encoding)
    f = write(tmp_path, "win.txt", data)
    assert read_text(str(f), MB) == content


def test_latin1_text_is_decoded(tmp_path: Path) -> None:
    f = write(tmp_path, "legacy.properties", "name=Jos\xe9\npassword=caf\xe9\n".encode("latin-1"))
    assert read_text(str(f), MB) == "name=José\npassword=café\n"


def test_undecodable_bytes_raise(tmp_path: Path) -> None:
    f = write(tmp_path, "blob.dat", bytes(range(0x80, 0x100)) * 8)
    with pytest.raises(Unreadable, match="undecodable"):
        read_text(str(f), MB)


def test_invalid_utf16_after_bom_raises(tmp_path: Path) -> None:
    f = write(tmp_path, "bad.txt", b"\xff\xfe" + b"\x00\xd8")  # a lone surrogate
    with pytest.raises(Unreadable, match="undecodable"):
        read_text(str(f), MB)


def test_binary_file_raises(tmp_path: Path) -> None:
    f = write(tmp_path, "x.txt", PLANTED.encode() + b"\x00\x01")
    with pytest.raises(Unreadable) as err:
        read_text(str(f), MB)
    assert err.value.reason == "binary (NUL byte)"
    assert PLANTED not in str(err.value)


def test_huge_file_raises_without_reading_it(tmp_path: Path) -> None:
    f = write(tmp_path, "huge.txt", (PLANTED + "\n").encode() * (MB // 10))
    with pytest.raises(Unreadable) as err:
        read_text(str(f), MB)
    assert err.value.reason.startswith("too large (")
    assert PLANTED not in str(err.value)


def test_missing_file_and_directory_raise(tmp_path: Path) -> None:
    with pytest.raises(Unreadable, match="not found"):
        read_text(str(tmp_path / "nope.py"), MB)
    with pytest.raises(Unreadable, match="is a directory"):
        read_text(str(tmp_path), MB)


def test_decode_text_nul_deep_in_a_file_is_not_binary() -> None:
    # Like git, only the first 8 KB decide: a stray NUL far in does not hide the file.
    assert decode_text(b"a" * 9000 + b"\x00").startswith("aaa")


@pytest.mark.skipif(sys.platform == "win32", reason="posix paths")
def test_skip_reasons_never_name_contents(tmp_path: Path) -> None:
    write(tmp_path, "a.bin", PLANTED.encode() + b"\x00")
    write(tmp_path, "b.dat", b"\xff\xfe" + PLANTED.encode("utf-16-le")[:-1])  # a UTF-16 byte order mark, then an odd byte
    reasons = [read_skip(tmp_path / "a.bin"), read_skip(tmp_path / "b.dat")]
    assert all(reasons) and all(PLANTED not in reason for reason in reasons)


def test_a_root_that_its_repository_ignores_is_still_scanned(tmp_path):
    # `secretloop scan build/` inside a repository that ignores build/: the person asked for it.
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / ".gitignore").write_text("build/\n*.log\n")
    (repo / "build" / "gen").mkdir(parents=True)
    (repo / "build" / "gen" / "a.py").write_text("x = 1\n")
    (repo / "build" / "gen" / "b.log").write_text("x\n")
    (repo / "build" / ".gitignore").write_text("skip.py\n")
    (repo / "build" / "skip.py").write_text("x = 2\n")
    files, _ = discover([str(repo / "build")], Settings())
    assert [f.path for f in files if f.path != ".gitignore"] == ["gen/a.py", "gen/b.log"]
    # from the repository top the folder stays ignored
    files, _ = discover([str(repo)], Settings())
    assert all(not f.path.startswith("build/") for f in files)


def test_what_the_content_cache_knows_decides_without_a_read(tmp_path, monkeypatch):
    # Discovery never opens a file. A file whose content the last scan skipped (binary, minified)
    # and that is unchanged (same size and mtime) is skipped again for the same reason; one the
    # cache holds, or knows nothing of, is listed for the scan.
    (tmp_path / "data.txt").write_bytes(b"looks like text\x00 but has a NUL")
    (tmp_path / "plain.txt").write_text("hello\n")
    (tmp_path / "new.txt").write_text("hello again\n")
    asked: dict[str, tuple[int, int]] = {}
    answers = {"data.txt": "binary (NUL byte)", "plain.txt": True}

    def known(root: int, path: str, size: int, mtime_ns: int) -> bool | str:
        asked[path] = (size, mtime_ns)
        return answers.get(path, False)

    def no_open(*args, **kwargs):
        raise AssertionError("discovery opened a file")

    monkeypatch.setattr(os, "open", no_open)
    files, skipped = discover([str(tmp_path)], Settings(), None, known)
    monkeypatch.undo()
    assert [f.path for f in files] == ["new.txt", "plain.txt"]
    assert [(s.path, s.reason) for s in skipped] == [("data.txt", "binary (NUL byte)")]
    st = os.stat(tmp_path / "data.txt")
    assert asked["data.txt"] == (st.st_size, st.st_mtime_ns)


def test_an_ignore_file_of_only_comments_costs_nothing(tmp_path, monkeypatch):
    # `git init` writes an info/exclude of comment lines alone: it must not become a layer that
    # every path of the workspace is checked against.
    from secretloop.loops import discovery

    (tmp_path / ".git" / "info").mkdir(parents=True)
    (tmp_path / ".git" / "info" / "exclude").write_text("# git ls-files --others --exclude-from=.git/info/exclude\n# *~\n\n")
    write(tmp_path, ".gitignore", "# nothing ignored yet\n")
    write(tmp_path, "src/a.py")
    write(tmp_path, "src/b.py")
    assert discovery._layers_above(str(tmp_path)) == ()
    checked: list[str] = []
    real = discovery._ignored
    monkeypatch.setattr(discovery, "_ignored", lambda layers, rel, is_dir: checked.append(rel) or real(layers, rel, is_dir))
    paths, _ = run(tmp_path)
    assert paths == [".gitignore", "src/a.py", "src/b.py"] and checked == []
    write(tmp_path, ".gitignore", "# comment\n*.log\n")  # a real pattern: checked as before
    write(tmp_path, "src/c.log", "x\n")
    paths, skipped = run(tmp_path)
    assert "src/c.log" not in paths and skipped["src/c.log"] == "gitignored" and checked
