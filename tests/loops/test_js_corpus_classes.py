"""False alarms found by scanning an npm install of popular JavaScript/TypeScript packages: one test
per class, on synthetic lines of that shape written here, and a realistic credential in the same
place that must still be shown. Every value is made up here (random characters or typed words)."""

from __future__ import annotations

import base64
import json
import random
import string
import uuid
from urllib.parse import quote

import pytest

from secretloop.loops.features import build_features, is_declaration_file, is_test_path
from secretloop.loops.filters import FILTERS_BY_NAME, Surroundings, run_filters, stand_in_text
from secretloop.loops.phases.filter import classify
from tests.loops.test_fp_corpus_classes import SCANNER, hidden, outcomes, require_shown
from tests.support.tokens import github_pat, high_entropy, random_password

_R = random.Random(20715)
_WORDS = ("Personal", "Access", "Token", "Installation", "Action", "Server", "Account", "Service", "Example", "Client")


def _lower(n: int) -> str:
    return "".join(_R.choice(string.ascii_lowercase) for _ in range(n))


def _caps_word() -> str:
    return _R.choice(_WORDS).upper() + _R.choice(_WORDS).upper()


def check(name: str, value: str, line: str, key: str | None = None, language: str | None = "javascript",
          around: Surroundings | None = None) -> bool:
    f = FILTERS_BY_NAME[name]
    if f.surroundings:
        return f.check(value, line, key, language, around or Surroundings())  # type: ignore[call-arg]
    return f.check(value, line, key, language)


# --- version ranges under a package's name ----------------------------------------------------------

def _range() -> str:
    a, b, c = _R.randrange(1, 20), _R.randrange(0, 900), _R.randrange(0, 40)
    return _R.choice([f"^{a}.{b}.{c}", f"~{a}.{b}", f">={a}.{b}.{c} <{a + 1}.0.0", f"^{a} || ^{a + 1}", f"{a}.x",
                      f"^{a}.{b}.{c}-beta.{c}"])


@pytest.mark.parametrize("path", ["package.json", "node_modules/.package-lock.json"])
def test_a_version_range_under_a_package_name_is_no_secret(path: str) -> None:
    text = ('{\n  "dependencies": {\n'
            f'    "@aws-sdk/credential-providers": "{_range()}",\n    "secret-handshake": "{_range()}"\n  }}\n}}\n')
    assert hidden(text, path)


def test_version_ranges_and_not_long_numbers() -> None:
    for _ in range(20):
        assert check("number_or_version", _range(), "", "credential-providers")
    digits = "".join(_R.choice(string.digits) for _ in range(20))
    assert not check("number_or_version", digits, "", "secret")
    assert not check("number_or_version", "^" + high_entropy(seed=1, length=12), "", "secret")


def test_a_credential_in_package_json_is_kept() -> None:
    require_shown(f'{{\n  "config": {{\n    "apiToken": "{high_entropy(seed=2, length=32)}"\n  }}\n}}\n', "package.json")


# --- string-literal types in TypeScript declaration files ---------------------------------------------

def test_literal_types_in_a_declaration_file() -> None:
    caps = _caps_word()
    text = (f"export interface Commands {{\n    cluster(subcommand: 'SYNCSLOTS', taskIdToken: '{caps}', taskId: string,"
            f" callback?: Callback<string>): Result<string>;\n    sync(...args: [syncToken: '{caps[:4]}']): void;\n}}\n")
    assert hidden(text, "ioredis/built/utils/Commander.d.ts")
    assert check("declared_literal_type", caps, f"  f(taskIdToken: '{caps}'): void;", "taskIdToken", "typescript",
                 Surroundings(declaration=True))
    assert is_declaration_file("a/b/index.d.ts") and is_declaration_file("x.d.mts") and not is_declaration_file("a.ts")


def test_values_in_declaration_files_and_literal_types_elsewhere_are_kept() -> None:
    value = high_entropy(seed=3, length=32)
    # a const's initialiser and a doc comment's example are values; a .ts file's object holds values
    require_shown(f'export declare const API_TOKEN = "{value}";\n', "lib/config.d.ts")
    require_shown(f"/**\n * @example\n *   client({{ apiToken: '{value}' }})\n */\nexport declare function client(o: object): void;\n",
                  "lib/client.d.ts")
    require_shown(f"const opts = {{ taskIdToken: '{value}' }};\n", "src/cluster.ts")
    assert not check("declared_literal_type", value, f"  /* apiToken: '{value}' */", "apiToken", "typescript",
                     Surroundings(declaration=True, in_comment=True))


# --- a package's one test script, named bare ----------------------------------------------------------

@pytest.mark.parametrize("path", ["url/test.js", "pkg/tests.js", "pkg/spec.js", "pkg/test.ts", "pkg/test.mjs",
                                  "pkg/tests.py", "dist/test/query.test.d.ts", "pkg/index.test-d.ts",
                                  "pkg/url_test.js", "pkg/parser-spec.js"])
def test_bare_test_script_names(path: str) -> None:
    assert is_test_path(path)


@pytest.mark.parametrize("path", ["@types/node/test.d.ts", "pkg/browser-test-runner.js", "pkg/contest.js",
                                  "pkg/latest.js", "pkg/testing.js"])
def test_names_that_are_no_test_script(path: str) -> None:
    assert not is_test_path(path)


def test_user_password_stand_ins_in_a_test_script() -> None:
    user = _lower(6)
    text = (f"var tests = {{\n  'auth': 'user:pw',\n  'auth2': 'USER:PW',\n  'auth': '{user}:pass',\n"
            f"  'auth': '{user}:foo@bar',\n  'auth': '{user}/@:/@',\n}};\n")
    statuses = outcomes(text, "url/test.js")
    assert statuses and all(s == "dismissed" for s in statuses), statuses
    assert check("user_password_placeholder", f"{user}:pw", f"'auth': '{user}:pw'", "auth",
                 around=Surroundings(in_test_path=True))
    # outside a test, a short password is not called a stand-in (but `pass` is)
    assert not check("user_password_placeholder", f"{user}:pw", f"'auth': '{user}:pw'", "auth")
    assert check("user_password_placeholder", f"{user}:password", f"'auth': '{user}:password'", "auth")


def test_a_realistic_login_in_a_test_script_is_kept() -> None:
    require_shown(f"var opts = {{\n  'auth': 'deploy:{random_password(seed=4, length=16)}',\n}};\n", "url/test.js")
    require_shown(f"var secret = '{high_entropy(seed=5, length=24)}'\n", "stubs/test.js")
    assert not check("user_password_placeholder", f"deploy:{random_password(seed=4)}", "", "auth")


def test_an_english_word_as_a_tests_secret() -> None:
    assert hidden("var secret = 'brownies'\nstub(secret)\n", "stubs/test.js")


# --- URL credentials: percent-encoded stand-ins, reserved hosts, comment examples ------------------------

def test_url_fixtures_in_a_test_script() -> None:
    user = _lower(6)
    text = (f"  'http://{user}:foo%40bar@127.0.0.1:8080/path' : {{\n"
            f"  'http://{user}%2F%40:%2F%40@foo/' : {{\n"
            f"  'http://{_lower(4)}:{_lower(4)}@www.example.com',\n")
    statuses = outcomes(text, "url/test.js")
    assert statuses and all(s == "dismissed" for s in statuses), statuses


def test_reserved_example_hosts() -> None:
    pw = _lower(5)
    for host in ("example.com", "api.example.org", "db.example", "svc.test", "x.invalid"):
        assert check("reserved_example_host", pw, f"'https://me:{pw}@{host}/'")
    assert not check("reserved_example_host", pw, f"'https://me:{pw}@example.company.io/'")
    assert not check("reserved_example_host", pw, f"'https://me:{pw}@localhost/'")


def test_a_generated_password_at_an_example_host_is_kept() -> None:
    pw = random_password(seed=6, length=16) + "7"
    assert not check("reserved_example_host", pw, f"'https://me:{pw}@www.example.com/'")
    require_shown(f"const url = 'https://me:{pw}@www.example.com/api'\n", "url/test.js")


def test_a_three_character_password_in_a_doc_comment() -> None:
    text = ("/**\n * Example:\n *     mongoose.createConnection('mongodb://val:psw@127.0.0.1:27017/mydb').user; // \"val\"\n"
            " */\n")
    assert hidden(text, "mongoose/lib/connection.js")


def test_a_realistic_password_in_a_doc_comment_is_kept() -> None:
    pw = random_password(seed=7, length=14).replace("@", "x").replace("/", "y")
    require_shown(f"/**\n *     connect('mongodb://svc:{pw}@db.internal:27017/app')\n */\n", "lib/connection.js")


# --- a SAS token shown as an example in a doc comment ----------------------------------------------------

def _sas() -> str:
    sig = quote(base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode(), safe="")
    return f"sp=r&st=2031-01-02T03:04:05Z&se=2031-01-02T09:04:05Z&spr=https&sv=2021-06-08&sr=c&sig={sig}"


def test_a_sas_token_introduced_as_an_example_waits_for_a_person() -> None:
    sas = _sas()
    text = (f"  /**\n   * Specifies a SAS token. A token looks something like this:  {sas} \n   */\n"
            "  Token: AzureBlobSasToken;\n")
    sas_findings = [c for c in SCANNER.scan_text(text, 0, "clients/datasync.d.ts") if c.rule_id == "azure-sas-token"]
    assert len(sas_findings) == 1 and classify(sas_findings[0], None).status == "pending"
    assert "confirmed" not in outcomes(text, "clients/datasync.d.ts")


def test_a_sas_token_in_code_is_confirmed() -> None:
    sas = _sas()
    assert outcomes(f'const url = "https://acct.blob.core.windows.net/c?{sas}";\n', "src/upload.js") == ["confirmed"]
    # a comment without an example's wording: still confirmed
    assert outcomes(f"// the upload URL: https://acct.blob.core.windows.net/c?{sas}\n", "src/upload.js") == ["confirmed"]


# --- fetch's credentials mode ------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["include", "same-origin", "omit"])
def test_fetch_credentials_mode(mode: str) -> None:
    text = f"const res = await fetch(url, {{\n    method: 'POST',\n    credentials: '{mode}'\n}});\n"
    assert all(s == "dismissed" for s in outcomes(text, "dist/index.esm.js"))  # 'omit' is too short for a rule
    assert check("request_credentials_mode", mode, f"credentials: '{mode}'", "credentials")


def test_a_credentials_value_that_is_no_mode_is_kept() -> None:
    require_shown(f"const client = connect({{\n    credentials: '{high_entropy(seed=8, length=32)}'\n}});\n", "src/client.js")


# --- README example tokens: a format's prefix before words and zeros ----------------------------------------

def _wordy_body(length: int = 36) -> str:
    body = "".join(_R.sample(_WORDS, 3))
    digits = "".join(str(i) for i in range(_R.randrange(0, 3), 10))[: max(0, length - len(body) - 8)]
    return (body + digits).ljust(length, "0")[:length]


@pytest.mark.parametrize("prefix", ["ghp_", "ghs_", "ghu_"])
def test_words_and_zeros_after_a_token_prefix(prefix: str) -> None:
    token = prefix + _wordy_body()
    text = f'const auth = createTokenAuth("{token}");\n//   token: \'{token}\',\n'
    statuses = outcomes(text, "@octokit/auth-token/README.md")
    assert statuses and all(s == "dismissed" for s in statuses), statuses


def test_random_token_bodies_are_not_words() -> None:
    f = FILTERS_BY_NAME["words_after_prefix"]
    r = random.Random(9)
    for _ in range(2000):
        body = "".join(r.choice(string.ascii_letters + string.digits) for _ in range(36))
        assert not f.check(body, "", None, None)
    # the filter runs only after a known prefix: a typed password is not judged by it
    assert "words_after_prefix" not in run_filters("Personal" + "Access0000000000", 'pw = "…"', "pw")


def test_a_real_token_in_a_readme_is_kept() -> None:
    require_shown(f'const auth = createTokenAuth("{github_pat(seed=10)}");\n', "@octokit/auth-token/README.md")
    assert outcomes(f'const auth = createTokenAuth("{github_pat(seed=10)}");\n', "README.md") == ["confirmed"]


# --- stand-ins in an API's examples file ------------------------------------------------------------------

def _b64_json() -> str:
    claims = json.dumps({"kid": f"key-{_R.randrange(10**9)}", "alg": "HS384"}, separators=(",", ":"))
    return base64.urlsafe_b64encode(claims.encode()).rstrip(b"=").decode()


def test_stand_ins_in_an_examples_file() -> None:
    lines = [
        f'"TemporaryPassword": "This-is-my-{_R.choice(["test", "temp", "first"])}-{_R.randrange(10, 99)}!"',
        f'"LocalConsolePassword": "PassWordMustBeAtLeast{_R.randrange(6, 12)}Chars."',
        f'"Password": "SomeKindOfPassword{_R.randrange(100, 999)}!@#"',
        f'"clientSecret": "VERYLONGSECRET{_b64_json()}"',
        f'"termToken": "term-token-{high_entropy(seed=11, length=24)}"',
        f'"clientToken": "{uuid.UUID(int=_R.getrandbits(128), version=4)}"',
    ]
    for line in lines:
        assert hidden("{\n  " + line + "\n}\n", "apis/service-2020-01-01.examples.json"), line


def test_random_credentials_in_an_examples_file_are_kept() -> None:
    lines = [
        f'"ClientSecret": "{"".join(_R.choice(string.ascii_lowercase + string.digits) for _ in range(52))}"',
        f'"NewPassword": "{random_password(seed=12, length=14)}"',
        f'"SharedSecret": "{base64.b64encode(bytes(_R.randrange(256) for _ in range(48))).decode()}"',
    ]
    for line in lines:
        require_shown("{\n  " + line + "\n}\n", "apis/service-2020-01-01.examples.json")


def test_a_uuid_client_token_outside_examples_is_kept() -> None:
    value = str(uuid.UUID(int=_R.getrandbits(128), version=4))
    assert not check("client_token_uuid_in_example", value, "", "client_token", "python", Surroundings())
    assert check("client_token_uuid_in_example", value, "", "clientToken", "json", Surroundings(in_docs_path=True))


def test_stand_in_text() -> None:
    assert stand_in_text("This-is-my-test-42!") and stand_in_text("tok_visa") and stand_in_text("sk_test_123")
    assert stand_in_text("VERYLONGSECRET" + _b64_json())
    assert not stand_in_text("tok_visa", identifiers=False)
    assert not stand_in_text("correct-horse-battery-staple")
    # a value run on into a query string spells the next parameter's name, not its own
    assert not stand_in_text(f"{high_entropy(seed=21, length=16)}&oauth_token_secret={high_entropy(seed=22, length=16)}")
    r = random.Random(13)
    for _ in range(2000):  # a credential word in mixed case inside base64 is chance, not a stand-in
        v = base64.b64encode(bytes(r.randrange(256) for _ in range(r.choice([24, 48, 96])))).decode()
        assert not stand_in_text(v) or any(w in v for w in ("secret", "token", "SECRET", "TOKEN", "Secret", "Token"))
        assert not stand_in_text(high_entropy(seed=r.randrange(10**6), length=20))


def test_short_identifiers_in_a_test_stay_with_the_judge() -> None:
    # tests choose passwords like people do: a short identifier of words there is not dismissed as a stand-in
    around = Surroundings(in_test_path=True)
    assert not check("stand_in_in_example", "blue_sky", "password = 'blue_sky'", "password", "python", around)
    assert check("stand_in_in_example", "blue_sky", "password = 'blue_sky'", "password", "python",
                 Surroundings(in_docs_path=True))


# --- codecov badge tokens ------------------------------------------------------------------------------------

def test_a_badge_token_in_a_readme() -> None:
    token = high_entropy(seed=14, length=10)
    text = (f"[![codecov](https://codecov.io/gh/acme/lib/graph/badge.svg?token={token})](https://codecov.io/gh/acme/lib)\n")
    assert hidden(text, "lib/README.md")


def test_a_query_token_in_a_readme_link_is_kept() -> None:
    token = high_entropy(seed=15, length=32)
    require_shown(f"[the API](https://api.acme.io/v1/items?token={token})\n", "lib/README.md")


# --- names where pass is a verb --------------------------------------------------------------------------------

def test_predicate_aliases() -> None:
    text = "exports.aliasToReal = {\n  'allPass': 'overEvery',\n  'anyPass': 'overSome',\n  'shouldPass': 'check.ok',\n};\n"
    assert hidden(text, "lodash/fp/_mapping.js")


def test_a_password_under_pass_is_kept() -> None:
    value = random_password(seed=16, length=14)
    require_shown(f"const cfg = {{\n  'adminPass': '{value}',\n}};\n", "src/config.js")
    assert not check("predicate_key_name", high_entropy(seed=17, length=24), "", "allPass")


# --- encodings and generic types beside a password's name ----------------------------------------------------

def test_an_encoding_beside_an_auth_plugin_name() -> None:
    for enc in ("latin1", "utf8", "ascii", "base64"):
        assert hidden(f"packet.writeString('mysql_native_password', '{enc}');\n", "lib/packets/handshake.js"), enc


def test_a_password_pair_is_kept() -> None:
    require_shown(f"conn.set('db_password', '{random_password(seed=18, length=14)}');\n", "lib/setup.js")


def test_a_generic_type_opened_on_its_line() -> None:
    text = "export const authPlugins: {\n  mysql_native_password: AuthPluginDefinition<{\n    password?: string;\n  }>;\n};\n"
    assert hidden(text, "typings/mysql/lib/Auth.d.ts")
    require_shown(f"const plugins = {{\n  mysql_password: \"{high_entropy(seed=19, length=24)}\",\n}};\n", "src/auth.ts")


# --- short identifiers of words in docs and doc comments -------------------------------------------------------

def test_word_identifiers_in_a_changelog_and_a_doc_comment() -> None:
    assert hidden("* Fix: `stripe.customers.create({apiKey: 'sk_test_123'})` now works\n", "stripe/CHANGELOG.md")
    text = ("  /**\n   * you can alternatively provide a Stripe token (e.g., for Apple Pay) into the card hash with"
            ' format `card: {token: "tok_visa"}`.\n   */\n')
    assert hidden(text, "stripe/types/PaymentMethods.d.ts")


def test_a_realistic_key_in_a_changelog_is_kept() -> None:
    require_shown(f"* Fix: `client.create({{apiKey: '{high_entropy(seed=20, length=32)}'}})`\n", "lib/CHANGELOG.md")


def test_surroundings_reach_the_filters() -> None:
    # build_features passes the comment, docs-path and declaration facts to the filters that read them
    text = "/** e.g. {token: \"tok_visa\"} */\n"
    start = text.index("tok_visa")
    f = build_features("tok_visa", text, start, start + 8, "lib/api.d.ts", "low", key_name="token")
    assert "stand_in_in_example" in f.filter_hits and f.in_comment
