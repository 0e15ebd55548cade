"""What a scan reads of a generated bundle: minified JavaScript or CSS, and a source map's generated part.

A bundle is build output, dense with short names, data tables and library code, and no person
reads it line by line: generic rules (a name assigned a value, a password in a URL) would flag
a minifier's `a="…"` all over it. One leak is written into bundles all the same: a server-side
key inlined by the build (`process.env.STRIPE_SECRET_KEY` replaced by its value), which a committed
`dist/` or `.next/` publishes to every visitor. So a bundle is read by the rules whose format alone
says "secret" (provider and key-material rules: `sk_live_…`, `AKIA…`, `ghp_…`, PEM private keys, a
database URL with its password; Basic credentials that decode to user:password), and by no other.
A source map's `sourcesContent` is hand-written code and is read by every rule (source_map_view); a
map without it is read here. A bundler's chunk of third-party code is not read at all (discovery).
"""

from __future__ import annotations

import posixpath
import re

from .rules.catalogue import Catalogue, Rule, catalogue_of

# A source map's name (source_map_view reads its sources; a map without them is read here).
MAP_SUFFIXES = (".js.map", ".mjs.map", ".cjs.map", ".css.map", ".ts.map")
# File names that say "built by a minifier" or "a source map", whatever the content.
_BUNDLE_SUFFIXES = (".min.js", ".min.mjs", ".min.cjs", ".min.css", *MAP_SUFFIXES)
# Extensions whose files a minifier writes: a file of these is a bundle when its first lines read as one.
MINIFIABLE_EXTENSIONS: frozenset[str] = frozenset({"js", "mjs", "cjs", "css"})

SNIFF_CHARS = 4096
MINIFIED_LINE_LENGTH = 1000
# Minified code is dense with code punctuation (often one mark in ten characters). A long line with
# fewer than one in a hundred is one long string: a key pasted inline (a service account's PEM
# with \n escapes, a token), a data table. Such a file is read like any other, since that is where keys hide.
_CODE_MARKS = ";{}(),="
_MINIFIED_MARKS_PER_CHAR = 0.01


# A bundler's chunk of third-party code, by the names webpack, Vue CLI and Vite give it: vendor.4f1c9e.js,
# chunk-vendors.aa95ee78.js, vendors~main.js, vendors-node_modules_react-dom_index_js.js, vendor.min.js (and their
# maps); not an app's own bundle named for vendors (vendor-portal.4f1c.js, vendors-dashboard.bundle.js). It is
# node_modules compiled: discovery skips it as it skips node_modules.
_VENDOR_BUNDLE = re.compile(
    r"^(?:chunk-)?vendors?[.~](?:[0-9a-f]{4,}|bundle|min|chunk)(?:\.[\w.-]*)?\.(?:[mc]?js|css)(?:\.map)?$"
    r"|^vendors?~[\w.~-]+\.[mc]?js(?:\.map)?$|^chunk-vendors(?:[.~-][\w.~-]*)?\.(?:[mc]?js|css)(?:\.map)?$"
    r"|^(?:vendors-)?node_modules_[\w.-]+\.[mc]?js(?:\.map)?$"
)


def is_vendor_bundle(name: str) -> bool:
    """`name` (a file's, any case) is a bundler's chunk of third-party code."""
    return _VENDOR_BUNDLE.match(name.lower()) is not None


def looks_minified(head: str) -> bool:
    """A line of `head` (a file's first characters) is long and dense with code punctuation."""
    return any(
        len(line) > MINIFIED_LINE_LENGTH and sum(line.count(c) for c in _CODE_MARKS) >= _MINIFIED_MARKS_PER_CHAR * len(line)
        for line in head[:SNIFF_CHARS].split("\n")
    )


def is_bundle(path: str, text: str) -> bool:
    """The file at `path` (posix, any case) holding `text` is a minified bundle or a source map."""
    name = posixpath.basename(path).lower()
    if name.endswith(_BUNDLE_SUFFIXES):
        return True
    head, dot, ext = name.rpartition(".")
    return bool(dot and head) and ext in MINIFIABLE_EXTENSIONS and looks_minified(text)


def reads_bundles(rule: Rule) -> bool:
    """A rule whose match is a secret by its format alone, wherever it is written: a provider's or a key
    material's format, or a value whose checksum must hold (base64 that decodes to user:password). Not a
    JWT: in a bundle that is what the browser is handed (an anonymous key, a sample token)."""
    if rule.category == "jwt":
        return False
    if rule.category == "connection-string" and "://" not in rule.pattern:
        return False  # Password=… of an ADO or JDBC string is a name and a value: minified code is full of those
    return rule.specific or rule.checksum_required


def bundle_catalogue(catalogue: Catalogue) -> Catalogue:
    """The rules of `catalogue` that read bundles, as a catalogue of their own (same source and digest)."""
    return catalogue_of([r for r in catalogue.rules if reads_bundles(r)], catalogue.source, catalogue.digest)
