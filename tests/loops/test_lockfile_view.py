"""Lockfiles are read for URLs with credentials only: a private registry's user and token copied into a resolved
URL is shown; the digests, versions and public URLs around it are never read. Values are drawn at run time."""

from __future__ import annotations

import base64
import hashlib
import random
import string

from secretloop.loops.lockfile_view import is_lockfile, url_credential_lines
from tests.loops.test_fp_corpus_classes import SCANNER, outcomes, require_shown

_R = random.Random(55_0001)


def _token(n: int = 32) -> str:
    return "".join(_R.choice(string.ascii_letters + string.digits) for _ in range(n))


def _integrity() -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(_token().encode()).digest()).decode()


def _package_lock(resolved: str) -> str:
    return ('{\n  "name": "web",\n  "lockfileVersion": 3,\n  "packages": {\n'
            '    "node_modules/@babel/core": {\n      "version": "7.24.0",\n'
            '      "resolved": "https://registry.npmjs.org/@babel/core/-/core-7.24.0.tgz",\n'
            f'      "integrity": "{_integrity()}"\n    }},\n'
            '    "node_modules/@acme/ui": {\n      "version": "2.1.0",\n'
            f'      "resolved": "{resolved}",\n      "integrity": "{_integrity()}"\n    }}\n  }}\n}}\n')


def test_a_registry_token_in_a_resolved_url_is_shown() -> None:
    require_shown(_package_lock(f"https://ci:{_token()}@npm.acme.io/@acme/ui/-/ui-2.1.0.tgz"), "web/package-lock.json")
    require_shown(f"GEM\n  remote: https://deploy:{_token(24)}@gems.acme.io/\n  specs:\n    acme-core (1.4.0)\n",
                  "api/Gemfile.lock")


def test_digests_and_public_urls_are_not_read() -> None:
    assert outcomes(_package_lock("https://npm.acme.io/@acme/ui/-/ui-2.1.0.tgz"), "web/package-lock.json") == []
    go_sum = "".join(f"github.com/acme/m{i} v1.{i}.0 h1:{base64.b64encode(hashlib.sha256(_token().encode()).digest()).decode()}\n"
                     for i in range(20))
    assert outcomes(go_sum, "go.sum") == []


def test_the_view_keeps_line_numbers_and_blanks_the_rest() -> None:
    text = _package_lock(f"https://ci:{_token()}@npm.acme.io/x.tgz")
    view = url_credential_lines(text)
    assert view.count("\n") == text.count("\n")
    kept = [i for i, line in enumerate(view.split("\n")) if line]
    assert kept == [i for i, line in enumerate(text.split("\n")) if "ci:" in line]
    (candidate,) = SCANNER.scan_text(text, 0, "web/package-lock.json")
    assert candidate.start_line == kept[0] + 1
    assert is_lockfile("a/b/Cargo.lock") and is_lockfile("yarn.lock") and not is_lockfile("src/lock.py")


def test_a_token_in_a_resolved_urls_query_string_is_shown() -> None:
    # Composer once wrote GitHub's ?access_token= into dist URLs; the lines around it stay unread
    lock = ('{\n    "packages": [\n        {\n            "name": "acme/billing",\n            "dist": {\n'
            '                "type": "zip",\n'
            f'                "url": "https://api.github.com/repos/acme/billing/zipball/{hashlib.sha1(_token().encode()).hexdigest()}'
            f'?access_token={_token(40)}",\n'
            f'                "shasum": "{hashlib.sha1(_token().encode()).hexdigest()}"\n            }}\n        }}\n    ]\n}}\n')
    view = url_credential_lines(lock)
    assert [i for i, line in enumerate(view.split("\n")) if line] == [6]
    require_shown(lock, "shop/composer.lock")
