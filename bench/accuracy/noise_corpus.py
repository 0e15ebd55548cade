"""Build the noise corpus: the npm packages listed in noise_packages.txt, at those exact versions,
unpacked one folder each under bench/noise-corpus/ (gitignored), so that noise.py's counts can be
compared from one stop to the next on the same code.

    python bench/accuracy/noise_corpus.py [--into DIR]
    python bench/accuracy/noise.py bench/noise-corpus
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
LIST = HERE / "noise_packages.txt"
DEFAULT_INTO = HERE.parent / "noise-corpus"


def packages() -> list[str]:
    return [line.strip() for line in LIST.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def folder_name(spec: str) -> str:
    """lodash@4.17.21 -> lodash-4.17.21; @aws-sdk/client-s3@3.600.0 -> aws-sdk__client-s3-3.600.0"""
    name, _, version = spec.rpartition("@")
    return f"{name.lstrip('@').replace('/', '__')}-{version}"


def build(into: Path) -> Path:
    into.mkdir(parents=True, exist_ok=True)
    for spec in packages():
        target = into / folder_name(spec)
        if target.exists():
            continue
        with tempfile.TemporaryDirectory() as tmp:
            proc = subprocess.run(["npm", "pack", spec, "--silent"], cwd=tmp, capture_output=True, text=True)
            tarballs = list(Path(tmp).glob("*.tgz"))
            if proc.returncode != 0 or not tarballs:
                print(f"cannot pack {spec}: {proc.stderr.strip()[-200:]}", file=sys.stderr)
                continue
            with tarfile.open(tarballs[0]) as tar:
                tar.extractall(target, filter="data")
        print(f"packed {spec}", flush=True)
    size = sum(p.stat().st_size for p in into.rglob("*") if p.is_file())
    print(f"{into}: {sum(1 for _ in into.iterdir())} packages, {size / 1e6:.0f} MB")
    return into


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--into", type=Path, default=DEFAULT_INTO)
    build(ap.parse_args().into)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
