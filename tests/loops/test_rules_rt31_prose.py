"""Credentials in prose, which a thirty-first red-team set planted: tokens, keys and secrets handed over in a
sentence (`used backup token … for the night`, `the billing API key for the EU tenant is …`, `// temporary key,
remove before release: …`, `RADIUS shared secret for the lab: …`), passwords in German, French, Spanish, Portuguese
and Dutch sentences, login pairs in more phrasings (`the grafana login is `u` / `…``, `log in with u and …`,
`creds → u / …`, `u:…` after a creds label), an opening parenthesis and Javadoc's `{@code …}` around a value, table
columns of two words (`DB password`), label/value rows of HTML tables, openconnect's `--passwd-on-stdin`, a roff
`\\-\\-token` in a man page source and an Okta token after a parenthesis. Each is found by its rule and shown after
the filters and the offline judge; sentences about tokens, keys and passwords beside them are not matched, and the
filters that read commands, CSS selectors and names no longer take a URL's pieces for a sentence, a CDATA block
for a selector or a random token with an `_` for a snake_case name. A JWT whose claims name an example on a line
that says so is an example, and a Twilio key's SID called a sid is its identifier. A scan's report never carries a
value. Values are random, made here; assertion messages name rules and paths, never values (PYTEST_DONT_REWRITE:
plain asserts, so a failure shows only its message)."""

from __future__ import annotations

import base64
import json
import random
import string
from pathlib import Path

import pytest

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown
from tests.support.cli_scan import require_planted_files_shown_and_not_carried
from tests.support.filter_checks import IN_DOCS, check_filter
from tests.support.rule_cases import require_case_found_and_shown, rule_hits
from tests.support.tokens import random_chars

_R = random.Random(3131)
_ALNUM = string.ascii_letters + string.digits


def _s(n: int, alphabet: str = _ALNUM) -> str:
    return random_chars(_R, n, alphabet)


def _token() -> str:
    """A generated token: URL-safe, every class present, in random order."""
    while True:
        v = _s(32, _ALNUM + "_-")
        if any(c.isupper() for c in v) and any(c.islower() for c in v) and any(c.isdigit() for c in v) \
                and v[0].isalnum() and v[-1].isalnum():
            return v


def _password(marks: str = "!#%+_-") -> str:
    """A password a person might pick: letters of both cases with a digit or a mark after every two or three."""
    out = ""
    while len(out) < 14:
        out += _s(_R.choice((2, 3)), string.ascii_letters) + _R.choice(string.digits * 3 + marks)
    out = out[:13] + _R.choice(string.ascii_lowercase)
    if not any(c.isupper() for c in out) or not any(c.isdigit() for c in out):
        return _password(marks)
    return out


def _typed() -> str:
    """The same, with no mark a sentence could end on: for a value given with no markup right after the word."""
    return _password("_-")


def _chosen() -> str:
    """A password a person made up: syllables, a capital, a joiner and digits (Kavo-tenu42), or digits and capitals
    after syllables (lomi482KEDA). They read as words to a letter-pair test and hold no English word."""
    # four different syllables: a word that repeats one (kaka) is below the prose rules' entropy floor
    cons, vow = _R.sample("bcdfghjklmnprstvwz", 4), _R.sample("aeiou", 4)
    a, b, c, d = (x + y for x, y in zip(cons, vow))
    if _R.random() < 0.5:
        return (a + b).capitalize() + _R.choice("-_") + c + d + _s(2, string.digits)
    return a + b + _s(3, string.digits) + (c + d).upper()


def _okta() -> str:
    return "00" + _s(40, _ALNUM + "_-")


def _fill(template: str, value: str) -> str:
    return template.replace("{v}", value)


# (rule, path, text with {v}, value maker)
CASES = [
    ("secret-in-prose", "docs/runbooks/pager.md", "- 02:40 switched the pager to backup token `{v}` for the night\n", _token),
    ("secret-in-prose", "notes/handover.txt", "The billing API key for the EU tenant is {v} until we rotate it.\n", _token),
    ("secret-in-prose", "src/app/client.go", "package app\n\n// temporary key, remove before release: {v}\n", _token),
    ("secret-in-prose", "docs/network.md", "RADIUS shared secret for the lab switches: {v}\n", _token),
    ("secret-in-prose", "docs/handbook/vpn.adoc", "Pre-shared key (site B): `{v}`\n", _token),
    ("secret-in-prose", "meetings/2025-01-09.md", "- ops keep using token {v} until the bot moves to the app\n", _token),
    ("secret-in-prose", "tickets/SUP-88.json", "{\"comment\": \"Webhook secret for the staging tenant: {v}\"}\n", _token),
    ("secret-in-prose", "docs/site/docs/sdk.mdx", "<TabItem value=\"old\">Old upload token: <code>{v}</code></TabItem>\n", _token),
    ("secret-in-prose", "tickets/INC0042.txt", "  The old password {v} was still set on the replica.\n", _typed),
    ("secret-in-prose", "tickets/OPS-7.json", "{\"body\": \"upload as sftp_in and password {v} from the bastion\"}\n", _typed),
    ("password-in-prose", "chat/teams/ops.txt", "[10:02] Jonas: Das Kennwort für den Build-Server lautet {v}\n", _password),
    ("password-in-prose", "chat/teams/ops.txt", "[10:04] Claire: le mot de passe du compte de test est {v}\n", _password),
    ("password-in-prose", "src/go/seed.go", "package seed\n\n// contraseña de la base local: {v}\n", _password),
    ("password-in-prose", "docs/pt/LEIAME.md", "A senha do usuário de testes é {v} por enquanto.\n", _password),
    ("password-in-prose", "docs/nl/README.md", "Het wachtwoord van de testomgeving is {v}\n", _password),
    ("password-in-prose", "docs/fr/README.md", "mdp du serveur de recette : {v}\n", _password),
    ("password-in-prose", "chat/irc/ops.log", "14:01 <mia> rotated it, new pass: {v}\n", _password),
    ("password-in-prose", "chat/mattermost/dev.log", "@kai: pwd = {v}\n", _password),
    ("password-in-prose", "wiki/notion/Setup.md", "- [ ] Replace the temporary VPN password (`{v}`) after the first login\n",
     _password),
    ("password-in-prose", "src/main/java/acme/Smtp.java",
     "/**\n * <p>Relay password (test): {@code {v}}\n */\nclass Smtp {}\n", _password),
    ("password-in-prose", "docs/runbooks/ldap.md", "Bind password for cn=sync,dc=corp: {v}\n", _password),
    ("password-in-prose", "docs/runbooks/wifi.md", "SSID `lab-5g`, WPA2 key: `{v}`\n", _password),
    ("login-pair-in-prose", "docs/runbooks/grafana.md", "The grafana login is `viewer` / `{v}` for now.\n", _password),
    ("login-pair-in-prose", "README.md", "To try the demo, log in with demo and {v}.\n", _password),
    ("login-pair-in-prose", "notes/oncall.org", "- redis creds → ops / {v}\n", _password),
    ("login-pair-in-prose", "tests/conftest.py", "# creds for the sandbox tenant: sandbox-admin:{v}\n", _password),
    ("login-pair-in-prose", "docs/de/README.md", "Zugangsdaten: `pruefer` / `{v}`\n", _password),
    ("login-pair-in-prose", "wiki/mediawiki/CI.txt", "* Nexus admin: '''admin''' / '''{v}'''\n", _password),
    ("html-table-credential-row", "wiki/confluence/Access.xhtml",
     "<table><tbody>\n<tr><td>Webhook secret</td><td>{v}</td></tr>\n</tbody></table>\n", _token),
    ("table-password-column", "docs/runbooks/db.md",
     "| host | user | DB password |\n|------|------|-------------|\n| db1 | app | `{v}` |\n", _password),
    ("password-stdin-pipe", "scripts/vpn.sh", "echo '{v}' | sudo openconnect --user=ci --passwd-on-stdin vpn.corp.example\n",
     _password),
    ("password-cli-flag", "man/syncctl.1", ".SH EXAMPLE\nsyncctl \\-\\-password {v} push\n", _password),
    ("okta-api-token", "docs/runbooks/sso.md", "Okta API token (CI only): {v}\n", _okta),
]


@pytest.mark.parametrize("rule_id,path,template,make", CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_each_rule_finds_its_value_and_the_pipeline_shows_it(rule_id, path, template, make) -> None:
    require_case_found_and_shown(rule_hits, rule_id, path, make, lambda value: _fill(template, value))


def test_every_new_rule_of_the_set_has_a_case() -> None:
    new = {"secret-in-prose", "html-table-credential-row"}
    assert new <= {r for r, _, _, _ in CASES}, sorted(new - {r for r, _, _, _ in CASES})


# (rule, path, text): sentences about credentials beside those values, and code that names them
NEGATIVES = [
    ("secret-in-prose", "docs/limits.md", "The token bucket refills 100 tokens per second, burst 400.\n"),
    ("secret-in-prose", "docs/api.md", "Keys begin with `acme_` and 40 characters follow.\n"),
    ("secret-in-prose", "docs/api.md", "Rotate the API key every 90 days; see the key rotation runbook.\n"),
    ("secret-in-prose", "docs/network.md", "Set the shared secret in `/etc/raddb/clients.conf` on each AP.\n"),
    ("secret-in-prose", "docs/vpn.md", "Pre-shared key: see the `site-b-psk` entry in the vault\n"),
    ("secret-in-prose", "docs/sso.md", "Okta API token: generate it in the admin console under Security > API\n"),
    ("secret-in-prose", "lib/crypto.php", " * @param string $key X25519SecretKey2 the recipient's key\n"),
    ("secret-in-prose", "lib/box.php", " * Return a secure random key for use with the ChaCha20-Poly1305 construction\n"),
    ("secret-in-prose", "src/sign.ts", "export function sign(key: Uint8ArrayLike2, data: Buffer): string {\n"),
    ("secret-in-prose", "src/env.ts", "const token = Buffer.from(raw2Token, 'base64');\n"),
    ("secret-in-prose", "docs/sdk.md", "// key for the demo map: pk.eyJ1IjoiYWNtZSIsImEiOiJjbGRlbW8ifQ.abc (public by design)\n"),
    ("secret-in-prose", "conf/collectd.conf", "#\t\tPassword \"Xw3vTq8LzR2m\"\n"),
    ("password-in-prose", "chat/teams/ops.txt", "Das Passwort steht im Tresor unter 'build-srv'.\n"),
    ("password-in-prose", "chat/teams/ops.txt", "Le mot de passe doit contenir au moins 12 caractères.\n"),
    ("password-in-prose", "chat/teams/ops.txt", "La contraseña está en el gestor del equipo.\n"),
    ("password-in-prose", "docs/usage.md", "You can pass `--retries=3` to the client.\n"),
    ("login-pair-in-prose", "docs/usage.md", "Log in with your SSO account and your usual password.\n"),
    ("login-pair-in-prose", "docs/usage.md", "The login page is served from /account/login2fa on the portal.\n"),
    ("html-table-credential-row", "wiki/Access.xhtml", "<tr><td>API key (dev)</td><td>&lt;api-key&gt;</td></tr>\n"),
    ("html-table-credential-row", "wiki/Access.xhtml", "<tr><td>Password policy</td><td>90 days, no reuse2</td></tr>\n"),
    ("table-password-column", "docs/db.md", "| host | Password policy |\n|------|----------|\n| db1 | 90 days |\n"),
    ("password-stdin-pipe", "scripts/vpn.sh", "echo \"$VPN_PASSWORD\" | sudo openconnect --user=ci --passwd-on-stdin vpn\n"),
]


@pytest.mark.parametrize("rule_id,path,text", NEGATIVES, ids=[f"{n[0]}:{n[1]}:{i}" for i, n in enumerate(NEGATIVES)])
def test_sentences_about_credentials_and_code_are_not_matched(rule_id: str, path: str, text: str) -> None:
    assert not rule_hits(rule_id, text, path), f"{rule_id}: took a non-secret in {path}"


def test_a_command_typed_into_markdown_is_no_sentence() -> None:
    # the pieces of a URL and a host name are no words of a sentence: a short password in `curl -u` stays
    value = _password()[:12]
    line = f"curl -u release-bot:{value} https://jenkins.corp.example/job/nightly/buildWithParameters"
    assert not check_filter("quoted_in_prose", value, line, None, "markdown", IN_DOCS), "curl -u in prose dismissed"
    line = f'psql "postgresql://report:{value}@db-ro.corp.example:5432/warehouse?sslmode=require"'
    assert not check_filter("quoted_in_prose", value, line, None, "markdown", IN_DOCS), "a URL's password dismissed"
    # a format described in a sentence is still one
    assert check_filter("quoted_in_prose", "ghp_", "Tokens look like `ghp_` followed by 36 characters of the token body.",
                        None, "markdown", IN_DOCS), "a described format kept"


def test_a_cdata_block_is_no_attribute_selector() -> None:
    value = _password()
    line = f"<ac:plain-text-body><![CDATA[export MYSQL_PWD='{value}' && mysql -h db1]]></ac:plain-text-body>"
    assert not check_filter("attribute_selector_value", value, line, "MYSQL_PWD", "xml"), "CDATA shell line dismissed"
    assert check_filter("attribute_selector_value", "password", "input[name='password'] { color: red; }", "name", "css"), \
        "a CSS selector kept"
    assert check_filter("attribute_selector_value", "private_key", 'label[for="private_key"]', "for", "css"), \
        "a label selector kept"
    assert check_filter("attribute_selector_value", "password", "document.querySelector('[name=\"password\"]')", "name",
                        "javascript"), "a selector that opens with [ kept"


def test_a_random_token_with_an_underscore_is_no_snake_case_name() -> None:
    tokens = 0
    for _ in range(200):
        v = _s(40, _ALNUM + "_-")
        if "_" not in v or "-" in v or not v[0].isalpha() or v.endswith("_"):
            continue
        tokens += 1
        line = f"// TODO remove: Authorization: Bearer {v}"
        assert not check_filter("code_reference", v, line, "Authorization", "javascript"), "a bearer token called a name"
        assert not check_filter("code_reference", v, f"    headers = auth({v})", "auth", "python"), \
            "a random token called a snake_case name"
    assert tokens >= 5, "too few tokens with an underscore drawn"
    # names stay names
    for name in ("db_password", "BCRYPT_HASH", "userPassword_v2", "_jwt_global_obj"):
        assert check_filter("code_reference", name, f"    conn = connect(password={name})", "password", "python"), name


def test_a_password_typed_into_a_comment_is_no_name() -> None:
    value = "Tomato_" + _s(6, string.ascii_lowercase) + _s(2, string.digits)
    line = f"    // FIXME hard-coded for the demo, password={value}"
    assert not check_filter("code_reference", value, line, "password", "java"), "a password in a comment's text dismissed"
    # a commented-out statement still reads as code
    assert check_filter("code_reference", "old_password", "    # password = old_password;", "password", "python"), \
        "a commented-out statement's name kept"


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _jwt(claims: dict) -> str:
    head = _b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    body = _b64url(json.dumps(claims).encode())
    return f"{head}.{body}.{_b64url(bytes(_R.getrandbits(8) for _ in range(32)))}"


def test_a_jwt_that_names_an_example_on_a_line_that_says_so_is_an_example() -> None:
    token = _jwt({"sub": "demo-user", "name": "Sample Account", "iat": 0})
    line = f"Here is an example token for the sandbox: {token}"
    assert not_shown(line + "\n", "docs/runbooks/auth.md"), "an example JWT shown in docs"
    # the same claims without a word for an example on the line, or a token with real-looking claims, are kept
    assert check_filter("jwt_with_stand_in_claims", token, line, None, "markdown", IN_DOCS), "the example JWT kept"
    assert not check_filter("jwt_with_stand_in_claims", token, f"Service token: {token}", None, "markdown", IN_DOCS), \
        "no cue on the line, dismissed"
    real = _jwt({"sub": str(_R.randrange(10**9)), "iat": 1700000000 + _R.randrange(10**7), "exp": 1900000000})
    assert not check_filter("jwt_with_stand_in_claims", real, f"Here is an example token: {real}", None, "markdown",
                            IN_DOCS), "a JWT with a subject and an expiry dismissed"


def test_a_twilio_key_sid_called_a_sid_is_its_identifier() -> None:
    sid = "SK" + _s(32, "0123456789abcdef")
    line = f'{{"text": "new api key for sms, sid {sid}, the secret went to 1Password"}}'
    assert check_filter("twilio_key_sid_called_sid", sid, line, None, "json"), "the SID called a sid kept"
    statuses = outcomes(line + "\n", "chat/slack-export/sms/2025-01-02.json")
    assert statuses and "confirmed" not in statuses, "an SID confirmed as a secret"
    assert not check_filter("twilio_key_sid_called_sid", sid, f"TWILIO_API_KEY={sid}", "TWILIO_API_KEY", "dotenv"), \
        "an SK value under a key's name dismissed"


# (path, text with {v}): a made-up password handed over in a note, a runbook or a comment, nothing marking an example
HANDED_OVER = [
    ("docs/runbooks/failover.md", "If the vault is down, the break-glass password is `{v}` (rotate it after use).\n"),
    ("notes/oncall.org", "- SMTP relay password: ={v}=\n"),
    ("docs/runbooks/queue.md", "Management UI: user `ops`, pass `{v}`\n"),
    ("scripts/backup.sh", "#!/bin/sh\n# restic repository password: {v}\nrestic backup /srv\n"),
    ("src/app/mailer.py", "def send():\n    # temporary: the relay password is {v}\n    pass\n"),
    ("docs/handbook/wifi.md", "SSID `office-5g`, WPA2 key: `{v}`\n"),
    ("tests/integration/conftest.py", "# creds of the shared sandbox tenant: sandbox-ops:{v}\nimport pytest\n"),
]


@pytest.mark.parametrize("path,template", HANDED_OVER, ids=[p for p, _ in HANDED_OVER])
def test_a_made_up_password_handed_over_reaches_a_person(path: str, template: str) -> None:
    for _ in range(4):
        require_shown(_fill(template, _chosen()), path)


def test_an_example_cue_or_a_sample_password_keeps_it_quiet() -> None:
    for _ in range(4):
        assert not_shown(f"Pick a strong password, e.g. `{_chosen()}`, and store it in the vault.\n", "docs/security.md"), \
            "a password shown as an example reached a person"
    for sample in ("Winter2025!", "Welcome1!", "Admin@123", "Qwerty123"):
        assert check_filter("common_password_in_example", sample, f"The admin password is `{sample}` until Friday.",
                            "password", "markdown", IN_DOCS), "a sample password in the docs kept"
    # in code or config the same value is a weak password someone set
    assert not check_filter("common_password_in_example", "Welcome1!", 'DB_PASSWORD = "Welcome1!"', "DB_PASSWORD", "python"), \
        "a weak password in code dismissed"


def test_a_value_in_a_comment_s_text_is_no_variable() -> None:
    value = _chosen()
    assert not check_filter("identifier_in_code", value, f"    # temporary: the relay password is {value}", "password",
                            "python"), "a password in a comment's text taken for a name"
    assert check_filter("identifier_in_code", "relay_password", "    conn.login(user, relay_password)", None, "python"), \
        "a name in code no longer a name"


def test_a_scan_shows_every_planted_prose_credential_and_never_carries_one(tmp_path: Path) -> None:
    files = {}
    for index, (rule_id, path, template, make) in enumerate(CASES):
        value = make()
        files[f"case{index:02d}/{path}"] = (_fill(template, value), value)
    require_planted_files_shown_and_not_carried(tmp_path / "repo", tmp_path, files)
