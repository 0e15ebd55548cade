"""Features of a candidate: its shape and context, which filters and judges decide from.

`build_features` sees the raw value as a local variable only; the Features it returns
hold measurements (length, entropy, character classes) and context (language, path
kind, comment, filter hits, inline allow marker), never the value.
"""

from __future__ import annotations

import bisect
import functools
import posixpath
import re

from .filters import RuleFormats, Surroundings, byte_list_hex, packaged_formats, run_filters, shannon_entropy
from .filters.code_structure import is_commented_out_code
from .languages import (
    BLOCK_COMMENT,
    CONFIG_LANGUAGES,
    EXTENSIONS,
    FILENAMES,
    HASH_NEEDS_SPACE,
    LINE_COMMENT,
    LINE_START_ONLY,
)
from .redact import char_classes
from .state import Features
from .suppressions import next_line_marker, suppression_marker

__all__ = [
    "block_comment_open_at",
    "build_features",
    "in_comment",
    "in_json_doc_member",
    "in_rust_test_module",
    "is_catalogue_path",
    "is_declaration_file",
    "is_docs_path",
    "is_test_path",
    "language_for",
    "shannon_entropy",  # defined in filters (which needs it); part of this module's API
]

# Suffixes that wrap a file of another type: config.yml.example is YAML.
_WRAPPER_SUFFIXES = frozenset({
    "example", "sample", "template", "tmpl", "tpl", "j2", "jinja", "jinja2", "dist", "default",
    "bak", "orig", "old", "local", "in",
})


def _name_of(path: str) -> str:
    return posixpath.basename(path.replace("\\", "/")).lower()


# Where Salesforce DX projects keep Apex classes (force-app/main/default/classes/). The Metadata API's older
# src/classes/ is also where VBA projects export their class modules (src/classes/clsConnection.cls), so it stays VB.
_SALESFORCE_CLASS = re.compile(r"(?:^|/)(?:force-app/|main/default/)(?:[^/]+/)*classes/[^/]+\.cls$")


def language_for(path: str) -> str:
    """Language id from the file name or extension; "text" when nothing is known."""
    name = _name_of(path)
    if name in FILENAMES:
        return FILENAMES[name]
    if name.startswith(".env.") or name.endswith(".env"):
        return "dotenv"  # .env.local, .env.production, prod.env
    if name.startswith(("dockerfile.", "containerfile.")) or name.endswith(".dockerfile"):
        return "dockerfile"
    if name.endswith(".cls") and _SALESFORCE_CLASS.search(path.replace("\\", "/")):
        return "java"  # an Apex class: Java's syntax; VBA's class modules are .cls too
    parts = name.lstrip(".").split(".")
    while len(parts) > 1:
        ext = parts[-1]
        if ext in EXTENSIONS:
            return EXTENSIONS[ext]
        if ext not in _WRAPPER_SUFFIXES:
            break
        parts.pop()
        if len(parts) == 1 and parts[0] in FILENAMES:
            return FILENAMES[parts[0]]
    return "text"


_TEST_DIRS = frozenset({
    "test", "tests", "__tests__", "spec", "specs", "fixture", "fixtures", "__fixtures__", "testdata",
    "test_data", "test-data", "testing", "__mocks__", "mocks", "__snapshots__", "e2e", "testfixtures", "testfiles",
    "testrig",  # a test harness's folder of its own (GoToSocial's testrig: a server with made-up keys and users)
    "t",  # Perl's convention, kept by some Python projects (celery's t/unit/)
    "bench", "benches", "benchmarks",  # benchmarks run on made-up inputs, as tests do (Rust's benches/)
    "molecule",  # Ansible roles' test scenarios (molecule/default/converge.yml)
    "fuzzers", "corpus", "corpora",  # a fuzzer's seed inputs: made-up or mutated data (fuzz/: _TEST_DIR_WORDS)
    # C projects' suites: autotest's testsuite/, regression tests (PostgreSQL's src/test/regress, OpenSSH's
    # regress/), unit-test folders named for the framework (cunit/, unittests/)
    "testsuite", "testsuites", "regress", "regression", "regressions", "unittest", "unittests", "cunit",
})
_TEST_FILE = re.compile(  # matched against the lower-cased name
    r"^test_.+\.py$|_test\.(?:py|go|rb|exs?|dart|cpp|cc|c|clj[sc]?)$|_tests\.(?:py|go|rb)$|^conftest\.py$"
    # Bazel's, CUE's, Jsonnet's, Nix's, Pkl's, Sentinel's, Zig's, Nim's, V's and Rust's test files (auth_test.bzl), and Pester's (Auth.Tests.ps1)
    r"|_test\.(?:bzl|cue|jsonnet|libsonnet|nix|pkl|sentinel|zig|nim|v|rs)$|\.tests\.ps1$"
    # a package's one test script, bare: test.js, tests.py (Django apps), spec.rb, test.mjs, Julia's runtests.jl, a Rust
    # module's tests.rs (`#[cfg(test)] mod tests;`);
    # Elixir's config/test.exs (Mix's test environment, as Rails' environments/test.rb)
    r"|^(?:tests?|specs?)\.(?:py|[cm]?[jt]sx?|rb|php|pl|lua|coffee|exs|rs)$|^runtests\.jl$"
    r"|^tests?-.+\.(?:py|[cm]?[jt]sx?|rb|php|go|c|cc|cpp)$"  # a test module named with a hyphen: tests-cookbook.py, test-utils.js, test-sasl.c
    r"|^t_.+\.c$"  # a C test program by the t_ convention (krb5's t_vectors.c, t_pkinit.c)
    r"|\.feature$"  # a Gherkin specification, run by Cucumber, Behave or SpecFlow as acceptance tests
    r"|[._\-](?:test|spec)\.[cm]?[jt]sx?$|_spec\.(?:rb|lua|cr)$"  # app.test.ts, url_test.js, parser-spec.js, busted's _spec.lua, Crystal's spec
    r"|^(?:setuptests|setup-?tests|jest[.-]setup|vitest[.-]setup|test-setup)\.[cm]?[jt]sx?$"  # a test runner's setup file
    r"|\.(?:test|spec)\.d\.[cm]?ts$|\.test-d\.tsx?$"  # a compiled test's declarations; tsd's type tests
    # data kept for tests in a file of its own, named so: keys_test_data.go, test_vectors.json, testdata.py
    r"|(?:^|[_\-.])test[_\-]?(?:data|vectors?|fixtures?|keys?)(?:[_\-.][^/]*)?\.[a-z0-9]+$"
    # a framework's configuration for its test runs: Spring's test profile, ASP.NET's Test environment, .env.test
    r"|^application-tests?\.(?:properties|ya?ml)$|^appsettings\.tests?\.json$|^\.env\.test(?:ing)?(?:\.local)?$"
    r"|^phpunit\.xml(?:\.dist)?$"  # PHPUnit's <php><env …/></php>: the variables its test runs see
    r"|^\.?kitchen(?:\.[\w-]+)?\.ya?ml$"  # Test Kitchen's suites (.kitchen.yml, kitchen.dokken.yml), as molecule/
    r"|^(?:test-values|values[-.]tests?)\.ya?ml$"  # a Helm chart's values for its test installs
)
# Helm's chart-testing (ct install) installs a chart once with each ci/*-values.yaml beside its Chart.yaml.
_CHART_TESTING_VALUES = re.compile(r"-values\.ya?ml$")
# JUnit-style class names, matched case-sensitively: AppTest.java, but not Contest.java.
_TEST_CLASS_FILE = re.compile(r"(?:^|[a-z0-9])(?:Tests?|Spec|IT)\.(?:java|kt|scala|groovy|cs|swift|php|cpp|cc|hs)$")


def _is_test_dir(name: str) -> bool:
    # A folder named for tests among other words: integration-tests, cross_agent_tests, test-ca, fuzzing-corpus.
    if name in _API_CLIENT_DIRS:
        return False
    return name in _TEST_DIRS or any(w in _TEST_DIR_WORDS for w in _DIR_WORD_SEPARATORS.split(name))


_TEST_DIR_WORDS = frozenset({"test", "tests", "fuzz", "fuzzing"})  # fuzzing-corpus/, http-fuzz/
# An API client's saved requests and environments, not tests: Thunder Client (VS Code) writes its workspace data to
# thunder-tests/, and the requests there go to the team's real services with their real credentials.
_API_CLIENT_DIRS = frozenset({"thunder-tests"})


_DIR_WORD_SEPARATORS = re.compile(r"[-_.]")


# The test environment's own settings beside the others (Phoenix's config/test.exs, Rails' config/environments/test.rb
# and config/test.yml, Django's settings/test.py, Spring's application-test.yml): what the test suite runs with.
_CONFIG_DIRS = frozenset({"config", "configs", "conf", "settings", "environments"})
_TEST_ENVIRONMENT_CONFIG = re.compile(r"(?:test|testing|application-test)\.(?:ya?ml|exs|rb|py|json|toml|ini|properties|php)")


@functools.lru_cache(maxsize=4096)  # asked once per candidate; a file dense with them repeats its path
def is_test_path(path: str) -> bool:
    """True for test code and fixtures: tests/, fixtures/, __tests__/, *_test.go, test_*.py, *.spec.ts, ..."""
    parts = [p for p in path.replace("\\", "/").split("/") if p]
    if not parts:
        return False
    if any(_is_test_dir(p.lower()) for p in parts[:-1]):
        return True
    if len(parts) >= 2 and parts[-2].lower() == "ci" and _CHART_TESTING_VALUES.search(parts[-1].lower()):
        return True
    if len(parts) >= 2 and parts[-2].lower() in _CONFIG_DIRS and _TEST_ENVIRONMENT_CONFIG.match(parts[-1].lower()):
        return True
    return _TEST_FILE.search(parts[-1].lower()) is not None or _TEST_CLASS_FILE.search(parts[-1]) is not None


_DOCS_DIRS = frozenset({"docs", "doc", "documentation", "examples", "example", "samples", "sample", "tutorial", "tutorials",
                        "demo", "demos",
                        "cookbook"})  # recipes: the jose library's cookbook/ runs RFC 7520's examples
# ... and the words that say so at a folder name's end too (docker-examples); not demo: my-demo is usually the app
_DOCS_LAST_WORDS = _DOCS_DIRS - {"demo", "demos"}
# "sample" first names a thing a lab or a shop handles as often as an example (sample-tracker, sample_registry): only
# before what an example is made of (sample-app, sample_project, sample-code) does it say the folder holds examples.
_EXAMPLE_KINDS = frozenset({"app", "apps", "application", "applications", "project", "projects", "code", "usage",
                            "config", "configs", "configuration", "data", "files", "site", "plugin", "plugins", "server",
                            "client", "service", "services", "api", "bot", "scripts", "script", "env", "environment"})


def _sample_names_a_thing(words: list[str]) -> bool:
    return words[0] == "sample" and len(words) > 1 and words[1] not in _EXAMPLE_KINDS


_DOCS_EXTENSIONS = frozenset({"md", "markdown", "mdx", "rst", "adoc", "asciidoc",
                              "pod"})  # Perl's documentation (Net/LDAP/FAQ.pod)
_DOCS_NAMES = ("readme", "changelog", "contributing")
# A package's metadata file (an sdist's PKG-INFO, a wheel's METADATA): its body is the README.
_DOCS_FILES = frozenset({"pkg-info", "metadata",
                         # a release history under its other usual names (a CPAN distribution's Changes, GNU's NEWS)
                         "changes", "changes.txt", "news", "news.txt"})


_MAN_SECTION_DIR = re.compile(r"man[1-9nl][a-z]{0,4}")
_MAN_PAGE = re.compile(r"\.[1-9n][a-z]{0,4}$")


# A file that collects examples (s3-2006-03-01.examples.json, api.samples.yaml); a template to
# copy (.env.example, config.sample.yml) is not one: people fill real values into those.
_EXAMPLE_COLLECTIONS = frozenset({"examples", "samples"})


_JVM_SOURCE_ROOTS = frozenset({"java", "kotlin", "scala", "groovy"})


def _package_start(parts: list[str]) -> int:
    """Where a JVM source root's package folders start (after src/main/java, src/test/kotlin, app/src/main/java);
    the last part (the file) when there is none."""
    for i in range(1, len(parts) - 1):
        if parts[i] in _JVM_SOURCE_ROOTS and parts[i - 1] in ("main", "test", "src", "androidtest", "debug", "release"):
            return i + 1
    return len(parts) - 1


@functools.lru_cache(maxsize=4096)
def is_docs_path(path: str) -> bool:
    """True for documentation and examples: docs/, docs_src/, examples/, *.md, *.rst, *.adoc, README*,
    *.examples.json, examples-1.json."""
    parts = [p.lower() for p in path.replace("\\", "/").split("/") if p]
    if not parts:
        return False
    # A folder named for docs first (docs_src, examples-js, tutorial_app) holds docs too; not a JVM package's segment
    # under a source root (src/main/java/com/example/…: Spring Initializr's and Android Studio's default package).
    folders = parts[:_package_start(parts)]
    # ... or named for them last (docker-examples, terraform-aws-samples, api-docs)
    for folder in folders:
        words = re.split(r"[_\-.]", folder)
        if (words[0] in _DOCS_DIRS and not _sample_names_a_thing(words)) or words[-1] in _DOCS_LAST_WORDS:
            return True
    name = parts[-1]
    if "." in name and name.rsplit(".", 1)[1] in _DOCS_EXTENSIONS:
        return True
    # A manual page: man/man8/wg-quick.8, or a project's man/ipsec.secrets.5 (roff: text for people).
    if any(_MAN_SECTION_DIR.fullmatch(p) for p in parts[:-1]) or ("man" in parts[:-1] and _MAN_PAGE.search(name)):
        return True
    # ... or a GNU Info manual, where a system keeps them (usr/share/info/knot.info)
    if any(a == "share" and b == "info" for a, b in zip(parts, parts[1:-1])):
        return True
    pieces = name.split(".")
    if any(piece in _EXAMPLE_COLLECTIONS for piece in pieces[1:-1]):
        return True
    # a component's Storybook stories (LoginForm.stories.tsx, button.story.js): examples of it in use
    if len(pieces) > 2 and pieces[-2] in ("stories", "story"):
        return True
    # ... or whose own name says so (examples-1.json, samples_v2.yaml): plural, so not a template
    # (example.env, sample.conf), which is copied and filled in.
    if len(pieces) > 1 and re.split(r"[_\-]", pieces[0], maxsplit=1)[0] in _EXAMPLE_COLLECTIONS:
        return True
    return name.startswith(_DOCS_NAMES) or name in _DOCS_FILES


# A message catalogue keeps one file of text per language: translations/fi.json, locales/pt-BR.yml,
# i18n/de/messages.json, fr/LC_MESSAGES/messages.json; gettext's .po files are catalogues wherever they are.
_CATALOGUE_DIRS = frozenset({"translations", "translation", "locales", "locale", "i18n", "l10n", "lang", "langs",
                             "languages", "localization", "localisation"})
_CATALOGUE_EXTENSIONS = frozenset({"json", "yml", "yaml", "properties", "strings", "toml", "ini"})
# PHP applications keep their messages as arrays in one file per locale (Laravel's lang/de/auth.php, DokuWiki's
# lang/fi/lang.php, Roundcube's localization/fi_FI/labels.inc, Adminer's lang/fi.inc.php): catalogues too, under
# a translations folder and named for a locale like the others.
_PHP_CATALOGUE_EXTENSIONS = frozenset({"php", "inc"})
# gettext's catalogues, and Flutter's Application Resource Bundles (app_de.arb): message catalogues wherever they are
_GETTEXT_EXTENSIONS = frozenset({"po", "pot", "arb"})
# fi, pt-BR, zh-Hant, en_US, sr-Latn-RS, and a variant of five to eight letters (MediaWiki's nl-informal, be-tarask)
_LOCALE_NAME = re.compile(r"^[a-z]{2,3}(?:[-_][A-Za-z]{2,4}){0,2}(?:[-_][a-z]{5,8})?$")
# MediaWiki names its message files for the language code in the class's spelling: MessagesFi.php, MessagesZh_hant.php.
_MESSAGES_FILE = re.compile(r"^Messages[A-Z][a-z]{1,2}(?:_[a-z]{2,4}){0,2}$")


@functools.lru_cache(maxsize=4096)
def is_catalogue_path(path: str) -> bool:
    """True for a translation file: a file or folder named for a locale in a translations/locales/i18n folder
    (translations/fi.json, locales/de/common.json), or a gettext catalogue (.po)."""
    parts = [p for p in path.replace("\\", "/").split("/") if p]
    if not parts or "." not in parts[-1]:
        return False
    stem, ext = parts[-1].rsplit(".", 1)
    ext = ext.lower()
    if ext in _GETTEXT_EXTENSIONS:
        return True
    if ext in _PHP_CATALOGUE_EXTENSIONS:
        stem = stem.split(".", 1)[0]  # fi.inc.php
        if _MESSAGES_FILE.match(stem) and any(p.lower() in _CATALOGUE_DIRS for p in parts[:-1]):
            return True
    elif ext not in _CATALOGUE_EXTENSIONS:
        return False
    # gettext's layout, whatever the folder above it: <locale>/LC_MESSAGES/<domain>.json (a catalogue
    # compiled for a web front end: fr/LC_MESSAGES/messages.json).
    if len(parts) >= 3 and parts[-2] == "LC_MESSAGES" and _LOCALE_NAME.match(parts[-3]) is not None:
        return True
    if not any(p.lower() in _CATALOGUE_DIRS for p in parts[:-1]):
        return False
    return _LOCALE_NAME.match(stem) is not None or (len(parts) >= 2 and _LOCALE_NAME.match(parts[-2]) is not None)


def is_patch_file(path: str) -> bool:
    """A unified diff kept as a file (debian/patches/*.patch, fix.diff)."""
    return _name_of(path).endswith((".patch", ".diff"))


# The header naming the file a hunk changes: `+++ b/tests/test-oauth.js` (a date may follow after a tab).
_PATCHED_FILE = re.compile(r"\+\+\+ (?:[ab]/)?([^\t\n ]+)")


def patched_file(text: str, line_start: int) -> str | None:
    """The file that the hunk holding the line at line_start changes, from the nearest `+++` header above it."""
    at = text.rfind("\n+++ ", 0, line_start)
    if at < 0:
        at = 0 if text.startswith("+++ ") else -1
        if at < 0:
            return None
    else:
        at += 1
    m = _PATCHED_FILE.match(text, at)
    return m.group(1) if m and m.group(1) != "/dev/null" else None


def is_declaration_file(path: str) -> bool:
    """A TypeScript declaration file (index.d.ts, api.d.mts): it declares types and holds no values."""
    return _name_of(path).endswith((".d.ts", ".d.mts", ".d.cts"))


# Where a web front end's modules live: a folder named for the browser side, and a file of a language browsers run.
# Not when a folder on the way says server side (web/server/, frontend/api/): code there runs on the server.
_FRONT_END_DIRS = frozenset({"frontend", "front-end", "front_end", "web", "webapp", "web-app", "www", "client",
                             "storefront", "browser", "spa", "public", "static"})
_SERVER_SIDE_DIRS = frozenset({"server", "backend", "api", "functions", "lambda", "lambdas", "serverless", "worker",
                               "workers", "cmd", "internal", "routes", "middleware"})
_BROWSER_EXTENSIONS = (".js", ".jsx", ".ts", ".tsx", ".mjs", ".vue", ".svelte", ".astro", ".html")


@functools.lru_cache(maxsize=4096)
def is_front_end_path(path: str) -> bool:
    """True for a browser module: web/src/firebase.ts, frontend/storefront/src/config/analytics.js."""
    parts = [p.lower() for p in path.replace("\\", "/").split("/") if p]
    if parts and parts[-1].endswith(".har"):
        return True  # a browser's recorded traffic (DevTools' HAR export): what its pages sent
    if len(parts) < 2 or not parts[-1].endswith(_BROWSER_EXTENSIONS) or is_declaration_file(parts[-1]):
        return False
    folders = set(parts[:-1])
    return bool(folders & _FRONT_END_DIRS) and not folders & _SERVER_SIDE_DIRS


_UNC_PATH = re.compile(r"//[A-Za-z0-9][\w.-]*/\S")


def in_comment(line: str, col: int, language: str, open_block: bool = False) -> bool:
    """Cheap test: does column `col` of `line` sit inside a comment of `language`?

    True after a line-comment marker that is not inside a string, inside a block comment
    opened earlier on the line, or on a block-comment continuation line (` * ...`).
    `open_block`: the line starts inside a block comment opened on an earlier line
    (`block_comment_open_at`); it ends at the closer.
    """
    head = line[:col]
    stripped = head.lstrip()
    block = BLOCK_COMMENT.get(language)
    if block and block[0] == "/*" and (stripped == "*" or stripped.startswith(("* ", "*\t"))):
        return True
    if language not in LINE_COMMENT and language not in BLOCK_COMMENT:
        # Unknown or comment-less formats: only a whole line starting like a comment counts (not a UNC path or a
        # CIFS share, //nas/backup in fstab: // and a host name right after it)
        return language not in ("json",) and (stripped.startswith("#") or (
            stripped.startswith("//") and _UNC_PATH.match(stripped) is None))
    markers = LINE_COMMENT.get(language, ())
    if language in LINE_START_ONLY:
        return stripped.startswith(markers)
    return _scan_for_comment(head, markers, block, language in HASH_NEEDS_SPACE, open_block) in ("line", "block")


def _scan_for_comment(head: str, markers: tuple[str, ...], block: tuple[str, str] | None, hash_needs_space: bool,
                      in_block: bool = False) -> str:
    """Where the end of `head` is: "code", "string", "line" (after a line-comment marker) or
    "block" (in a block comment; `in_block`: one is open where head starts)."""
    quote: str | None = None
    i, n = 0, len(head)
    while i < n:
        ch = head[i]
        if in_block:
            if block and head.startswith(block[1], i):
                in_block = False
                i += len(block[1])
            else:
                i += 1
            continue
        if quote:
            if ch == "\\":
                i += 2
                continue
            if ch == quote:
                quote = None
            i += 1
            continue
        if block and head.startswith(block[0], i):
            in_block = True
            i += len(block[0])
            continue
        for marker in markers:
            if head.startswith(marker, i):
                if marker == "#" and hash_needs_space and i > 0 and not head[i - 1].isspace():
                    continue
                return "line"
        if ch in "\"'`":
            quote = ch
        i += 1
    return "block" if in_block else "string" if quote else "code"


# How far back from a value's line block_comment_open_at looks for an opener: doc blocks and
# licence headers are far shorter, and a file with thousands of candidates stays linear.
_BLOCK_LOOKBACK = 32 * 1024
# Openers it may set aside as not code's ("src/**/*.js", `// see /*`) before giving up.
_BLOCK_OPENER_TRIES = 4
# An opener further into its line than this is on a generated or minified line.
_LONGEST_OPENER_HEAD = 2048


def block_comment_open_at(text: str, line_start: int, language: str) -> bool:
    """Whether a block comment (`/* …`, `<!-- …`) opened on an earlier line is still open where
    the line at `line_start` begins.

    Looks back for the nearest opener; a closer after it closes it (comments hold no strings,
    so any closer counts). An opener inside a string or a line comment on its own line is no
    opener (that line is read from its start, assumed to be code). Markup has no strings
    outside its tags, where an apostrophe is prose: there every opener counts. Multi-line
    strings (template literals, raw strings) holding an opener are not recognised.
    """
    block = BLOCK_COMMENT.get(language)
    if block is None or line_start <= 0:
        return False
    opener, closer = block
    lo = max(0, line_start - _BLOCK_LOOKBACK)
    markup = opener == "<!--"
    markers = LINE_COMMENT.get(language, ())
    at = line_start
    for _ in range(_BLOCK_OPENER_TRIES):
        at = text.rfind(opener, lo, at)
        if at < 0 or text.find(closer, at + len(opener), line_start) >= 0:
            return False
        if markup:
            return True
        newline = text.rfind("\n", max(0, at - _LONGEST_OPENER_HEAD), at)
        if newline < 0 and at > _LONGEST_OPENER_HEAD:
            return False  # a generated or minified line: its strings are not worth reading
        own_line = newline + 1
        # read through the opener itself: `//****` is a line comment, not an opener after a slash
        if _scan_for_comment(text[own_line:at + len(opener)], markers, block, language in HASH_NEEDS_SPACE) == "block":
            return True
    return False


# Python's strings, comments and triple-quoted strings, in the order they open.
_PY_TOKENS = re.compile(
    r"""(?P<comment>#[^\n]*)"""
    r"""|(?P<triple>[rRbBuUfF]{0,2}(?:\"\"\"|\'\'\'))"""
    r"""|(?P<string>[rRbBuUfF]{0,2}(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'))"""
)
# A string assigned to a name that says it documents: EXAMPLES = r'''…, DOCUMENTATION = """…, USAGE = …
_DOC_NAME = re.compile(r"^\s*[A-Za-z_]*(?:EXAMPLES?|DOCUMENTATION|DOCS?|USAGE|HELP)[A-Za-z_]*\s*=\s*$", re.IGNORECASE)
# Ansible modules document their return values, with sample outputs, in a RETURN string beside
# DOCUMENTATION and EXAMPLES (spelled exactly so: a return_token variable is code)
_RETURN_DOC_NAME = re.compile(r"^RETURN\s*=\s*$")
_OPEN_EXPRESSION = ("(", "[", "{", ",", "=", "+", "\\", "%")


# Python source with a line longer than this is generated or minified, or made to stall a
# scanner (the string pattern below tries every quote of a line): no docstring analysis.
_LONGEST_PYTHON_LINE = 4096


def _last_code_before(text: str, offset: int) -> str:
    """The text before `offset` up to its last non-blank character, read backwards in chunks
    (copying the whole prefix per docstring made a many-docstring file quadratic)."""
    k = offset
    while k > 0:
        chunk = text[max(0, k - 256):k].rstrip()
        if chunk:
            return chunk
        k -= 256
    return ""


@functools.lru_cache(maxsize=8)
def _python_doc_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Spans of the docstrings in Python source, and of strings assigned to a documenting name
    (EXAMPLES, DOCUMENTATION): text written for people, where example values live."""
    if max(map(len, text.split("\n")), default=0) > _LONGEST_PYTHON_LINE:
        return ()
    spans = []
    pos = 0
    while True:
        m = _PY_TOKENS.search(text, pos)
        if m is None:
            break
        if m.lastgroup != "triple":
            pos = m.end()
            continue
        delim = m.group("triple")[-3:]
        end = m.end()
        while True:
            end = text.find(delim, end)
            if end < 0 or text[end - 1] != "\\":
                break
            end += 1
        end = len(text) if end < 0 else end + 3
        line_start = text.rfind("\n", 0, m.start()) + 1
        head = text[line_start:m.start()]
        if not head.strip():
            if not _last_code_before(text, line_start).endswith(_OPEN_EXPRESSION):
                spans.append((m.start(), end))  # a string standing as a statement: a docstring
        elif _DOC_NAME.match(head) or _RETURN_DOC_NAME.match(head):
            spans.append((m.start(), end))
        pos = end
    return tuple(spans)


# Rust keeps unit tests in the source file, in a module behind `#[cfg(test)]` (by convention the
# file's last item): values past its opening are test fixtures, as in a tests/ folder.
_RUST_TEST_MODULE = re.compile(
    r"^[ \t]*#\[cfg\(test\)\][ \t]*\r?\n"  # the attribute on its own line
    r"(?:[ \t]*#\[[^\n]*\n)*"  # more attributes (#[allow(…)])
    r"[ \t]*(?:pub(?:\([\w:]+\))?[ \t]+)?mod[ \t]+\w+[ \t]*\{", re.MULTILINE)


@functools.lru_cache(maxsize=8)
def _rust_test_modules(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of each `#[cfg(test)] mod … { … }` in Rust source: to its closing brace (braces in strings rarely
    unbalance), or to the file's end when it never closes."""
    if "#[cfg(test)]" not in text:
        return ()
    spans = []
    for m in _RUST_TEST_MODULE.finditer(text):
        if spans and m.start() < spans[-1][1]:
            continue  # (a test module inside one)
        spans.append((m.start(), _block_end(text, m.end(), len(text)) or len(text)))
    return tuple(spans)


_BRACE = re.compile(r"[{}]")


def _block_end(text: str, after_open: int, limit: int) -> int | None:
    """Where the block whose `{` ends just before `after_open` closes (the offset after its `}`), or None when it
    does not close before `limit` (braces in strings rarely unbalance)."""
    depth = 1
    for brace in _BRACE.finditer(text, after_open, limit):
        depth += 1 if brace.group() == "{" else -1
        if depth == 0:
            return brace.end()
    return None


# A test function may also stand alone among the code (`#[test] fn parser_test() { … }`, `#[tokio::test]`).
_RUST_TEST_FN = re.compile(
    r"^[ \t]*#\[(?:\w+::)?test(?:_case\b[^\n]*)?\][ \t]*\r?\n"
    r"(?:[ \t]*#\[[^\n]*\n)*"  # more attributes (#[should_panic], #[ignore])
    r"[ \t]*(?:pub(?:\([\w:]+\))?[ \t]+)?(?:async[ \t]+)?fn[ \t]+\w+[^{;]*\{", re.MULTILINE)
_RUST_TEST_FN_REACH = 20_000  # characters back to look for the attribute: longer test functions are rare


def _in_rust_test_fn(text: str, offset: int) -> bool:
    start = max(0, offset - _RUST_TEST_FN_REACH)
    if text.find("test", start, offset) < 0:
        return False
    # Functions do not nest: only the nearest test function before the offset can hold it.
    last = None
    for last in _RUST_TEST_FN.finditer(text, start, offset):
        pass
    if last is None:
        return False
    # still inside the function when its braces have not closed before the offset
    return _block_end(text, last.end(), offset) is None


def in_rust_test_module(text: str, offset: int) -> bool:
    """The offset sits in a Rust source file's `#[cfg(test)]` test module, or in a `#[test]` function."""
    return any(start < offset < end for start, end in _rust_test_modules(text)) or _in_rust_test_fn(text, offset)


# A Bazel BUILD file declares its targets as top-level calls: the env and args of a test rule's (go_test(, cc_test(,
# py_test(, sh_test() are the test's, wherever the BUILD file is; a go_binary('s are the program's.
_BAZEL_BUILD_FILES = frozenset({"build", "build.bazel"})
_TOP_LEVEL_STATEMENT = re.compile(r"^([A-Za-z_]\w*)[ \t]*([(=])", re.MULTILINE)
_BAZEL_LOOKBACK = 20_000  # characters: a target longer than this is data


def in_bazel_test_target(path: str, text: str, offset: int) -> bool:
    """True when offset falls inside a test rule's target of a Bazel BUILD file."""
    if path.replace("\\", "/").rsplit("/", 1)[-1].lower() not in _BAZEL_BUILD_FILES:
        return False
    last = None
    for last in _TOP_LEVEL_STATEMENT.finditer(text, max(0, offset - _BAZEL_LOOKBACK), offset):
        pass
    return last is not None and last.group(2) == "(" and last.group(1).endswith("_test")


# Perl keeps its documentation (POD) in the code: a line that starts with a directive (=head1, =pod, =item,
# =over) opens it and `=cut` ends it. Text inside is for people, like a Python docstring (perlpod).
_POD_DIRECTIVE = re.compile(r"^=([A-Za-z][A-Za-z0-9]*)", re.MULTILINE)


def in_perl_pod(text: str, offset: int) -> bool:
    """True when offset falls inside a POD block of Perl source."""
    starts, ends, names = _marker_matches(_POD_DIRECTIVE, text)
    i = bisect.bisect_right(ends, offset)  # directives that end at or before the offset
    if i < len(starts) and starts[i] < offset:
        # the offset splits a directive's name: read it as far as the offset, as the rule always has
        last = None
        for m in _POD_DIRECTIVE.finditer(text, 0, offset):
            last = m.group(1)
        return last is not None and last != "cut"
    return i > 0 and names[i - 1] != "cut"


@functools.lru_cache(maxsize=16)
def _marker_matches(pattern: re.Pattern[str], text: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]]:
    """Where a line marker (POD directive, Erlang -ifdef/-endif) matches, found once per file: a file dense with
    candidates asks for every one of them. Matches do not overlap, so their ends rise in order."""
    found = list(pattern.finditer(text))
    return (tuple(m.start() for m in found), tuple(m.end() for m in found),
            tuple(m.group(m.lastindex or 0) for m in found))


# Elixir writes its documentation as heredocs after an attribute (@moduledoc """, @doc ~S"""): text for people, with
# iex> examples in it, like a Python docstring.
_ELIXIR_HEREDOC = re.compile(r'"""|\'\'\'')
_ELIXIR_DOC_OPENER = re.compile(r"@(?:moduledoc|doc|typedoc)\s+(?:~[sS])?$")


def in_elixir_doc(text: str, offset: int) -> bool:
    """True when offset falls inside an @moduledoc, @doc or @typedoc heredoc of Elixir source."""
    return any(a <= offset < b for a, b in _elixir_doc_spans(text))


@functools.lru_cache(maxsize=8)
def _elixir_doc_spans(text: str) -> tuple[tuple[int, int], ...]:
    delimiters = list(_ELIXIR_HEREDOC.finditer(text))
    spans = []
    # heredocs do not nest: they open and close in turn
    for opener, closer in zip(delimiters[::2], delimiters[1::2] + [None]):
        line_start = text.rfind("\n", 0, opener.start()) + 1
        if _ELIXIR_DOC_OPENER.search(text, line_start, opener.start()) is not None:
            spans.append((opener.end(), closer.end() if closer else len(text) + 1))
    return tuple(spans)


# Erlang keeps EUnit tests in the module, between `-ifdef(TEST).` and `-endif.`: test code, like Rust's cfg(test).
_ERLANG_TEST_BLOCK = re.compile(r"^-ifdef\s*\(\s*(?:TEST|EUNIT)\s*\)\s*\.|^-endif\b", re.MULTILINE)


def in_erlang_test_block(text: str, offset: int) -> bool:
    """True when offset falls between `-ifdef(TEST).` and the next `-endif.` of Erlang source."""
    starts, ends, names = _marker_matches(_ERLANG_TEST_BLOCK, text)
    i = bisect.bisect_right(ends, offset)  # markers that end at or before the offset
    line_start = text.rfind("\n", 0, offset) + 1
    # the offset splits a marker, or sits right after `-endif` glued to a word (read up to the offset, that
    # counts as an -endif): read the markers as far as the offset, as the rule always has
    if (i < len(starts) and starts[i] < offset) or (offset - line_start == 6 and text.startswith("-endif", line_start)):
        inside = False
        for m in _ERLANG_TEST_BLOCK.finditer(text, 0, offset):
            inside = m.group(0).startswith("-ifdef")
        return inside
    return i > 0 and names[i - 1].startswith("-ifdef")


# Markdown code blocks (CommonMark): a fence is a line of three or more backticks or tildes,
# indented at most three spaces, closed by a line of at least as many of the same character; an
# indented block is a run of lines indented four spaces (or a tab) after a blank line, outside a list.
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
_LIST_ITEM = re.compile(r" {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")


def in_markdown_code(text: str, offset: int) -> bool:
    """The offset sits in a Markdown code block: a command or config shown as typed, not a sentence."""
    if "```" not in text and "~~~" not in text and "\n    " not in text and "\n\t" not in text:
        return False
    return any(a <= offset < b for a, b in _code_spans(text))


@functools.lru_cache(maxsize=8)
def _code_spans(text: str) -> tuple[tuple[int, int], ...]:
    spans: list[tuple[int, int]] = []
    fence: str | None = None  # the open fence's marks
    fence_start = 0
    blank_before = True
    indented = in_list = False
    pos = 0
    for line in text.split("\n"):
        end = pos + len(line)
        m = _FENCE.match(line)
        if fence is not None:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not line[m.end():].strip():
                spans.append((fence_start, pos))  # a closing fence has nothing after it
                fence = None
        elif m:
            fence, fence_start = m.group(1), end + 1
            indented = False
        elif line.strip() and line.startswith(("    ", "\t")) and (blank_before or indented) and not in_list:
            if not indented:
                spans.append((pos, end))
            else:
                spans[-1] = (spans[-1][0], end)
            indented = True
        elif line.strip():
            indented = False
            if not line.startswith((" ", "\t")):
                in_list = bool(_LIST_ITEM.match(line))
            elif _LIST_ITEM.match(line):
                in_list = True
        blank_before = not line.strip()
        pos = end + 1
    if fence is not None:
        spans.append((fence_start, len(text)))  # an unclosed fence runs to the end (CommonMark)
    return tuple(spans)


def in_python_doc(text: str, offset: int) -> bool:
    """The offset sits in a docstring or a documenting string (EXAMPLES = r'''…) of Python source."""
    return any(a <= offset < b for a, b in _python_doc_spans(text))


# An API model's JSON (botocore's service-2.json, OpenAPI, JSON Schema) documents each shape in a
# string member named "documentation" or "description": text for people, like a docstring.
_JSON_DOC_MEMBERS = ('"documentation"', '"description"')
_JSON_MEMBER_OPEN = re.compile(r'\s*:\s*"')
_JSON_STRING_BODY = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*')
# How far back on a line the member's name is looked for: a documentation string is rarely
# longer, and a minified one-line file must not cost its length per candidate.
_JSON_DOC_REACH = 65536


def in_json_doc_member(line: str, col: int) -> bool:
    """Column `col` of a JSON line sits inside the string value of a "documentation" or
    "description" member."""
    lo = max(0, col - _JSON_DOC_REACH)
    at = max(line.rfind(name, lo, col) for name in _JSON_DOC_MEMBERS)
    if at < 0:
        return False
    name_end = line.index('"', at + 1) + 1
    opener = _JSON_MEMBER_OPEN.match(line, name_end, col)
    if opener is None:
        return False
    # inside the string: no unescaped quote closes it before the column
    return _JSON_STRING_BODY.fullmatch(line, opener.end(), col) is not None


def _line_bounds(text: str, offset: int) -> tuple[int, int]:
    """Start and end offsets of the line holding `offset` (end excludes the newline)."""
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    return start, (len(text) if end < 0 else end)


def _line(text: str, start: int, end: int) -> str:
    return text[start:end].rstrip("\r")


# What the filters read of a value's line: this much on each side of it. Their patterns are
# Python regular expressions, some of which take time quadratic in a line's length; a
# candidate on a 1 MB line of base64 (a data URI, a bundled blob) took minutes. A name, an
# operator, a call or a comparison around a value is never further away than this.
FILTER_WINDOW = 512


def _near(line: str, col: int, length: int, window: int = FILTER_WINDOW) -> str:
    if len(line) <= 2 * window + length:
        return line
    return line[max(0, col - window): col + length + window]


def suppression_at(text: str, start: int, end: int, memo: dict[tuple[int, int], str | None] | None = None) -> str | None:
    """The allow marker covering the span: on its first or last line, or a nextline pragma above it.
    `memo` (one per text) answers again for spans on the same lines: reading a long line for its
    markers costs time in its length, and a one-line JSON file can hold thousands of candidates."""
    first_start, first_end = _line_bounds(text, start)
    if memo is None:
        return _suppression_at(text, start, end, first_start, first_end)
    key = (first_start, end if end > first_end else first_end)
    if key not in memo:
        memo[key] = _suppression_at(text, start, end, first_start, first_end)
    return memo[key]


def _suppression_at(text: str, start: int, end: int, first_start: int, first_end: int) -> str | None:
    marker = suppression_marker(_line(text, first_start, first_end))
    if marker:
        return marker
    if end > first_end:  # a multi-line value (a key block): its last line may carry the marker
        last_start, last_end = _line_bounds(text, max(end - 1, start))
        marker = suppression_marker(_line(text, last_start, last_end))
        if marker:
            return marker
    if first_start > 0:
        prev_start, prev_end = _line_bounds(text, first_start - 1)
        return next_line_marker(_line(text, prev_start, prev_end))
    return None


# Lines before and after a value that the filters reading surroundings see (a test vector's
# iv and ciphertext sit within a few lines of its key).
_SURROUNDING_LINES = 6


def _surrounding_lines(text: str, line_start: int, line_end: int, n: int = _SURROUNDING_LINES) -> tuple[tuple[str, ...], int]:
    """Up to n lines before and n after the line [line_start, line_end) of text, and how many are before."""
    lo = line_start
    for _ in range(n):
        if lo <= 0:
            break
        lo = text.rfind("\n", 0, lo - 1) + 1
    hi = line_end
    for _ in range(n):
        if hi >= len(text):
            break
        nxt = text.find("\n", hi + 1)
        hi = len(text) if nxt < 0 else nxt
    before = text[lo:line_start].split("\n")[:-1] if line_start > lo else []
    after = text[line_end + 1:hi].split("\n") if hi > line_end else []
    return tuple(x[:400] for x in before + after), len(before)


# A heredoc's opening where a command writes it (not in a comment): shell's <<EOF, <<-'EOF', <<"EOF" and PHP's
# <<<EOT, <<<'EOT' (a nowdoc), Perl's <<'END'. A single-quoted delimiter means the body is taken as written, and
# in shell a double-quoted one too (Perl's and PHP's "END" interpolate).
_HEREDOC_OPENER = re.compile(r"""(?m)^(?![ \t]*(?:#|//))[^\n]*?<<<?-?[ \t]*(["']?)([A-Za-z_][A-Za-z0-9_]*)\1""")
_HEREDOC_LOOKBACK = 20_000  # characters: a heredoc longer than this is a file of its own
_SHELL_LIKE = frozenset({"shell", "bash", "dockerfile", "makefile"})


# PowerShell's here-strings open at a line's end: @' … '@ takes its body as written, @" … "@ expands it.
_PS_HERE_STRING_OPENER = re.compile(r"""(?m)@(["'])[ \t]*\r?$""")
_PS_LITERAL_HERE_STRING_CLOSER = re.compile(r"(?m)^'@")


def in_literal_heredoc(text: str, line_start: int, language: str | None = None) -> bool:
    """Whether the line at line_start is inside a heredoc or nowdoc that takes its body as written: its opener is
    the nearest above, its delimiter is quoted, and its closing line comes after this one."""
    lo = max(0, line_start - _HEREDOC_LOOKBACK)
    if language == "powershell":
        opener = None
        for opener in _PS_HERE_STRING_OPENER.finditer(text, lo, line_start):
            pass
        if opener is None or opener.group(1) != "'":
            return False
        closing = _PS_LITERAL_HERE_STRING_CLOSER.search(text, opener.end())
        return closing is not None and closing.start() >= line_start
    last = None
    for last in _HEREDOC_OPENER.finditer(text, lo, line_start):
        pass
    if last is None or not last.group(1) or (last.group(1) == '"' and language not in _SHELL_LIKE):
        return False
    ends = re.compile(rf"(?m)^[ \t]*{re.escape(last.group(2))}[ \t]*;?[ \t]*\r?$")
    body_start = text.find("\n", last.end()) + 1
    closing = ends.search(text, body_start)
    return closing is not None and closing.start() >= line_start


# The interpreter a script without an extension names on its first line (#!/usr/bin/env python3).
_INTERPRETERS = {"python": "python", "node": "javascript", "nodejs": "javascript", "ruby": "ruby",
                 "bash": "shell", "sh": "shell", "zsh": "shell", "dash": "shell", "ksh": "shell", "perl": "perl"}


def script_language(text: str) -> str | None:
    """The language a script's #! line names, or None."""
    if not text.startswith("#!"):
        return None
    words = text[2:200].split("\n", 1)[0].split()
    if words and words[0].endswith("/env"):
        words = [w for w in words[1:] if not w.startswith("-")]  # env -S python3 -u
    m = re.match(r"[a-z]+", words[0].rsplit("/", 1)[-1]) if words else None
    return _INTERPRETERS.get(m.group(0)) if m else None


def build_features(
    value: str,
    text: str,
    start: int,
    end: int,
    path: str,
    rule_confidence: str,
    known_prefix: str | None = None,
    checksum_valid: bool | None = None,
    key_name: str | None = None,
    formats: RuleFormats | None = None,
    memo: dict | None = None,
    whole: str | None = None,
) -> Features:
    """Features of the value text[start:end] found in the file at `path` (relative, posix).
    `formats`: the rules the scan runs with, for the filters that read them (None: the packaged ones).
    `memo`: a dict the caller keeps for one text, to answer per-line questions once per line.
    `whole`: the file, when `text` is a view of part of it (escaped_view), for the filters that read the whole file."""
    line_start, line_end = _line_bounds(text, start)
    line = _line(text, line_start, line_end)
    language = language_for(path)
    if language == "text" and text.startswith("#!"):
        language = script_language(text) or language
    in_test = (is_test_path(path) or (language == "rust" and in_rust_test_module(text, start))
               or (language == "erlang" and in_erlang_test_block(text, start)) or in_bazel_test_target(path, text, start))
    patched = patched_file(text, line_start) if is_patch_file(path) else None
    if patched and not in_test:
        in_test = is_test_path(patched)  # a hunk of a patch to a test (debian/patches/fix-test.patch on tests/x.js)
    in_docs = is_docs_path(path)
    in_doc = ((language == "python" and in_python_doc(text, start)) or (language == "perl" and in_perl_pod(text, start))
              or (language in ("json", "jsonc") and in_json_doc_member(line, start - line_start))
              or (language == "elixir" and in_elixir_doc(text, start)))
    declaration = language == "typescript" and is_declaration_file(path)
    catalogue = is_catalogue_path(path)
    around, before = _surrounding_lines(text, line_start, line_end)
    col = start - line_start
    commented = in_doc or in_comment(line, col, language)
    if not commented and patched and col >= 1 and line[:1] in " +-":
        # a hunk's line is the patched file's line behind one column of diff marker: read it in that file's language
        commented = in_comment(line[1:], col - 1, language_for(patched))
    if not commented and language in BLOCK_COMMENT and block_comment_open_at(text, line_start, language):
        commented = in_comment(line, col, language, open_block=True)  # unless it closes before the value
    if (commented and not (in_doc or in_test or in_docs) and language not in CONFIG_LANGUAGES
            and is_commented_out_code(line)):
        # code commented out in a program's source (a previous password left behind) is not a note for a reader:
        # its values were in use, and are judged as the code's are. (A config file's commented lines are its
        # documented defaults: telegraf.conf's `# password = "metricsmetrics…"`.)
        commented = False
    # A key written as a list of bytes is measured by its bytes: the commas and 0x between them are no part of it.
    measured = byte_list_hex(value) or value
    return Features(
        length=len(measured),
        entropy=round(shannon_entropy(measured), 3),
        char_classes=char_classes(measured),
        known_prefix=known_prefix,
        checksum_valid=checksum_valid,
        key_name=key_name,
        language=language,
        in_test_path=in_test,
        in_docs_path=in_docs,
        in_comment=commented,
        filter_hits=run_filters(value, _near(line, col, end - start), key_name,
                                generic=rule_confidence != "high", language=language,
                                known_prefix=known_prefix or (formats or packaged_formats()).value_prefix(value),
                                formats=formats,
                                surroundings=Surroundings(around, in_test, in_doc, in_docs, commented, declaration, catalogue,
                                                          language == "markdown" and in_markdown_code(text, start),
                                                          before, "$" in value and in_literal_heredoc(text, line_start, language),
                                                          is_front_end_path(path), _name_of(path),
                                                          text if whole is None else whole)),
        suppressed_by=suppression_at(text, start, end, memo),
    )
