"""Builds the speed corpus: real code nobody here wrote, fetched with the registries' own clients.

bench/corpus/ (gitignored) gets the django 5.2.8 sdist and the typescript 5.9.3 npm tarball,
unpacked side by side:

    bench/corpus/django-5.2.8/...
    bench/corpus/package/...        (npm tarballs unpack to "package/")

    python bench/speed/corpus.py [--corpus DIR]

Idempotent: a corpus whose marker file exists is left alone.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = BENCH / "corpus"
DJANGO = "django==5.2.8"
TYPESCRIPT = "typescript@5.9.3"
MARKER = ".corpus-complete"


def _run(cmd: list[str], cwd: Path) -> None:
    print("+", " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def _unpack(archive: Path, into: Path) -> None:
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")  # "data": no absolute paths, links out of the tree or devices


def build_corpus(corpus: Path = DEFAULT_CORPUS) -> Path:
    """The corpus folder, built if missing; raises CalledProcessError if a download fails."""
    if (corpus / MARKER).is_file():
        return corpus
    if corpus.exists():
        shutil.rmtree(corpus)  # half-built by an interrupted run
    corpus.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="secretloop-corpus-") as tmp:
        work = Path(tmp)
        _run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", "--dest", str(work), DJANGO], work)
        _run(["npm", "pack", TYPESCRIPT, "--silent"], work)
        archives = sorted(p for p in work.iterdir() if p.name.endswith((".tar.gz", ".tgz")))
        if len(archives) != 2:
            raise RuntimeError(f"expected two archives, found {[p.name for p in archives]}")
        for archive in archives:
            _unpack(archive, corpus)
    (corpus / MARKER).write_text(f"{DJANGO}\n{TYPESCRIPT}\n")
    return corpus


def describe(corpus: Path) -> str:
    files, size = 0, 0
    for dirpath, _dirs, names in os.walk(corpus):
        for name in names:
            files += 1
            size += os.path.getsize(os.path.join(dirpath, name))
    return f"{corpus}: {files} files, {size / 1e6:.1f} MB"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    args = ap.parse_args()
    print(describe(build_corpus(args.corpus)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
