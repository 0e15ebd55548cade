"""What a scan reads of a lockfile: the lines holding a URL with credentials, nothing else.

Lockfiles are generated (hashes, versions, resolved URLs) and full of digests that look like keys,
so no rule reads them as a whole. One leak is written into them all the same: a private registry's
URL with its user and token (`"resolved": "https://ci:<token>@npm.acme.io/…"`, Bundler's
`remote: https://deploy:<token>@gems.acme.io/`, a dist URL's `?access_token=`), copied from the install that resolved it. The view
keeps those lines where they are (same line numbers and columns) and blanks the rest.
"""

from __future__ import annotations

import posixpath
import re

# Generated dependency locks, by file name (lower case). bun.lockb is binary and skipped by discovery.
LOCKFILES: frozenset[str] = frozenset({
    "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "deno.lock",
    "poetry.lock", "pipfile.lock", "uv.lock", "pdm.lock", "conda-lock.yml", "cargo.lock", "go.sum",
    "composer.lock", "gemfile.lock", "podfile.lock", "mix.lock", "pubspec.lock", "flake.lock",
    "packages.lock.json", "paket.lock", "gradle.lockfile", "package.resolved", "cartfile.resolved",
    "shard.lock", "project.assets.json",
})

# user-info before the host: no '/' between '://' and '@' (an npm scope, /@babel/core, has one); or a credential in the
# query string (Composer once wrote GitHub's ?access_token= into a dist URL; a registry's ?token=); or anaconda.org's
# token path (conda-lock keeps `https://conda.anaconda.org/t/<token>/<channel>/…` for a private channel's packages)
_URL_WITH_CREDENTIALS = re.compile(r"://[^\s/@'\"<>]+@"
                                r"|://[^\s'\"<>]*[?&](?:access_token|private_token|auth_token|token|api_key|apikey|key)="
                                r"|://(?:[\w-]+\.)*anaconda\.(?:org|cloud|com)/t/[A-Za-z0-9]")


def is_lockfile(path: str) -> bool:
    return posixpath.basename(path.replace("\\", "/")).lower() in LOCKFILES


def url_credential_lines(text: str) -> str:
    """`text` with every line that holds no URL with credentials (user-info or a query token) made empty."""
    if "://" not in text or _URL_WITH_CREDENTIALS.search(text) is None:
        return "\n" * text.count("\n")  # nearly every lockfile: nothing to read
    return "\n".join(line if ("@" in line or "=" in line or "/t/" in line) and _URL_WITH_CREDENTIALS.search(line) else ""
                     for line in text.split("\n"))
