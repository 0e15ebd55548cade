"""Credentials in the languages and config formats of red-team set rt17: Elixir, Erlang, Clojure/EDN,
HOCON, Jsonnet, Gradle/Groovy, VB.NET, Objective-C, C/C++, Zig, CFEngine, Puppet, Haskell deployment files.

Each test builds a realistic snippet around a value made at run time (tests/support/tokens.py), checks the
rule finds it and the whole pipeline (filters + offline judge) shows it, and that a placeholder or an
environment lookup in the same place is not reported. Assertion messages never print the values
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows only its message).
"""

from __future__ import annotations

import base64
import random
import string

import pytest

from secretloop.loops.detect import Detector
from secretloop.loops.rules.catalogue import load_catalogue
from tests.loops.test_fp_corpus_classes import outcomes, require_shown
from tests.support.rule_cases import rule_hits as _hits
from tests.support.tokens import random_chars

DETECTOR = Detector(load_catalogue())
RNG = random.Random(1717)
HEX = "0123456789abcdef"


def _val(n: int = 16, alphabet: str = string.ascii_letters + string.digits) -> str:
    while True:
        v = random_chars(RNG, n, alphabet)
        if v[0].isalpha() and any(c.isdigit() for c in v) and any(c.isupper() for c in v) and any(c.islower() for c in v):
            return v


def _hex(n: int) -> str:
    while True:
        v = random_chars(RNG, n, HEX)
        if sum(c.isdigit() for c in v) > 2 and sum(c.isalpha() for c in v) > 2:
            return v


def _found(rule_id: str, text: str, value: str) -> bool:
    return any(value in h for h in _hits(rule_id, text))


def _not_reported(text: str, path: str) -> None:
    __tracebackhide__ = True
    statuses = outcomes(text, path)
    assert all(s == "dismissed" for s in statuses), f"{path}: placeholder reported ({statuses})"


# --- Erlang -----------------------------------------------------------------------------------------

def test_erlang_sys_config_token_tuple_and_map_binary() -> None:
    tok, key = _val(40), _hex(32)
    cfg = ("[{kernel, [{logger_level, info}]},\n"
           f" {{billing, [{{api_token, \"{tok}\"}},\n            {{region, \"eu\"}}]}}].\n")
    assert _found("erlang-config-password", cfg, tok), "the api_token tuple"
    require_shown(cfg, "config/sys.config")
    rebar = f"{{hex, [{{repos, [#{{name => <<\"hexpm:acme\">>,\n                  auth_key => <<\"{key}\">>}}]}}]}}.\n"
    assert _found("secret-assignment", rebar, key), "an Erlang map value written as a binary"
    require_shown(rebar, "rebar.config")
    _not_reported("[{billing, [{api_token, \"${API_TOKEN}\"}]}].\n", "config/sys.config.src")


# --- Clojure / EDN ----------------------------------------------------------------------------------

def test_edn_and_leiningen_keywords() -> None:
    pw, jwt = _val(14), _val(40)
    edn = (f"{{:db {{:dbtype \"postgresql\"\n      :user \"ledger\"\n      :password \"{pw}\"}}\n"
           f" :jwt-secret \"{jwt}\"}}\n")
    assert _found("clojure-keyword-secret", edn, pw) and _found("clojure-keyword-secret", edn, jwt), "both keywords"
    require_shown(edn, "resources/config.edn")
    repo_pw = _val(16)
    clj = ("(defproject acme/ledger \"0.4.1\"\n  :repositories [[\"releases\" {:url \"https://nexus.acmecorp.io/r\"\n"
           f"                              :username \"deployer\"\n                              :password \"{repo_pw}\"}}]])\n")
    require_shown(clj, "project.clj")
    neg = "{:db {:password #env DB_PASSWORD}\n :api-key #or [#env API_KEY \"\"]\n :token-url \"https://auth.acmecorp.io/token\"}\n"
    assert not _hits("clojure-keyword-secret", neg)


# --- HOCON, Jsonnet, VB.NET, Zig, C++: the widened key names, operators and annotations -----------------

def test_hocon_crypter_and_signer_keys() -> None:
    a, b = _val(32), _val(32)
    conf = ('include "application.conf"\n'
            f'silhouette.authenticator.crypter.key = "{a}"\nsilhouette.authenticator.signer.key = "{b}"\n')
    assert _found("secret-assignment", conf, a) and _found("secret-assignment", conf, b), "both keys"
    require_shown(conf, "conf/prod.conf")
    _not_reported('silhouette.authenticator.crypter.key = ${?CRYPTER_KEY}\nsilhouette.authenticator.signer.key = "changeme"\n',
                  "conf/application.conf")


def test_cpp_hmac_key_and_brace_init() -> None:
    hmac, pw = _hex(64), _val(14)
    src = ("namespace {\n"
           f"constexpr auto kHmacKey = \"{hmac}\";\ninline const std::string kDbPassword{{\"{pw}\"}};\n}}\n")
    assert _found("secret-assignment", src, hmac), "the hmac key"
    assert _found("cpp-brace-init-secret", src, pw), "the brace-initialised password"
    require_shown(src, "src/secrets.cpp")
    neg = 'const std::string kPasswordHeader{"X-Password"};\nconst std::string kTokenEnv{std::getenv("TOKEN")};\n'
    assert not _hits("cpp-brace-init-secret", neg)


# --- one value in one snippet: the rule finds it, the pipeline shows it, the stand-in is not reported ---

_ALNUM_SLASH = string.ascii_letters + string.digits + "/+"
# (rule, the value's maker, snippet with {v}, path, a line the rule must not match, a snippet the
# pipeline must not report)
SNIPPETS = {
    "Erlang -define macro": (
        "erlang-define-secret", lambda: _val(14),
        '-module(mq_client).\n-define(AMQP_USER, <<"ingest">>).\n-define(AMQP_PASS, <<"{v}">>).\n', "src/mq_client.erl",
        '-define(AMQP_PASS, list_to_binary(os:getenv("AMQP_PASS"))).\n-define(PASSWORD_FIELD, <<"password">>).\n', None),
    "Erlang vm.args -setcookie": (
        "erlang-distribution-cookie-flag", lambda: "C" + _hex(19).upper(),
        "-name billing@10.0.3.12\n-setcookie {v}\n+K true\n", "rel/vm.args",
        "-name a@h\n-setcookie ${{RELEASE_COOKIE}}\n", None),
    "Elixir module attribute": (
        "elixir-module-attribute-secret", lambda: _hex(32),
        'defmodule Shop.Slack do\n  @webhook_secret "{v}"\n  def url, do: "https://hooks"\nend\n', "lib/shop/slack.ex",
        'defmodule Shop.Slack do\n  @webhook_secret System.get_env("SLACK_SECRET")\n  @token_header "x-slack-signature"\nend\n',
        None),
    "jsonnet hidden (::) field": (
        "secret-assignment", lambda: _val(24),
        "local base = import 'base.libsonnet';\nbase {{\n  slackWebhookToken:: '{v}',\n}}\n", "env/prod.jsonnet",
        "apiToken :: ByteString\n", "{{\n  slackWebhookToken:: std.extVar('SLACK_TOKEN'),\n}}\n"),
    "VB As String declaration": (
        "secret-assignment", lambda: _val(32),
        'Module Module1\n    Private Const ApiKey As String = "{v}"\nEnd Module\n', "Module1.vb",
        'Dim apiKey As String = Environment.GetEnvironmentVariable("API_KEY")\n', None),
    "Zig []const u8 declaration": (
        "password-assignment", lambda: _val(14),
        'const std = @import("std");\nconst db_password: []const u8 = "{v}";\n', "src/main.zig",
        None, 'const password = std.os.getenv("DB_PASSWORD") orelse "";\n'),
    "Objective-C ...SecretKey define": (
        "c-define-secret", lambda: _val(40, _ALNUM_SLASH),
        '#define kAPIBase @"https://api.acmecorp.io"\n#define kAWSSecretKey @"{v}"\n', "Classes/Config.h",
        '#define kSecretKeyHeader @"X-Secret"\n', None),
    "one-line Gradle credentials block": (
        "groovy-dsl-password", lambda: _val(14),
        "allprojects {{\n    repositories {{\n        maven {{\n            url \"https://nexus.acmecorp.io/r/\"\n"
        "            credentials {{ username 'jenkins'; password '{v}' }}\n        }}\n    }}\n}}\n", "init.d/repos.gradle",
        "credentials {{ username 'jenkins'; password \"$repoPassword\" }}\n", None),
    "CFEngine vars promise": (
        "cfengine-vars-secret", lambda: _val(14),
        'bundle agent app\n{{\n  vars:\n      "db_password" string => "{v}";\n}}\n', "promises.cf",
        '      "db_password" string => "$(sys.workdir)/secrets/db";\n', None),
    "Puppet Sensitive literal": (
        "sensitive-wrapper-literal", lambda: _val(14),
        "user {{ 'deploy':\n  ensure   => present,\n  password => Sensitive('{v}'),\n}}\n", "manifests/users.pp",
        "  password => Sensitive(lookup('profile::db::password')),\n", None),
    "PGPASS environment key": (
        "password-assignment", lambda: _val(14),
        'stanzas:\n  - type: webapp\n    env:\n      PGPASS: "{v}"\n', "config/keter.yaml",
        None, '    env:\n      PGPASS: "${{PGPASS}}"\n'),
}


@pytest.mark.parametrize("case", SNIPPETS, ids=list(SNIPPETS))
def test_one_value_in_a_snippet(case: str) -> None:
    rule, make, template, path, not_matched, not_shown = SNIPPETS[case]
    value = make()
    src = template.format(v=value)
    assert _found(rule, src, value), case
    require_shown(src, path)
    if not_matched is not None:
        assert not _hits(rule, not_matched.format()), case
    if not_shown is not None:
        _not_reported(not_shown.format(), path)


# --- Gradle / Groovy / .NET constructor calls -------------------------------------------------------

@pytest.mark.parametrize("template,path", [
    ('def sql = Sql.newInstance("jdbc:postgresql://db.acmecorp.io/deploy", "deploy", "{v}", "org.postgresql.Driver")\n',
     "src/Deploy.groovy"),
    ('        client.Credentials = New NetworkCredential("alerts@acmecorp.io", "{v}")\n', "Module1.vb"),
    ('var cred = new NetworkCredential("svc_backup", "{v}", "ACME");\n', "Backup.cs"),
])
def test_user_password_constructor_calls(template: str, path: str) -> None:
    pw = _val(14)
    src = template.replace("{v}", pw)
    assert any(pw in src[m.start : m.end] for m in DETECTOR.find(src)), path
    require_shown(src, path)
    neg = template.replace('"{v}"', "password")
    assert not [m for m in DETECTOR.find(neg) if m.rule_id == "credential-constructor-literal"], path


# --- CFEngine, Puppet, Haskell deployment --------------------------------------------------------------


def test_cloak_key_decoded_from_base64() -> None:
    key = base64.b64encode(RNG.randbytes(32)).decode()
    src = ("import Config\nconfig :shop, Shop.Vault,\n"
           f"  ciphers: [default: {{Cloak.Ciphers.AES.GCM, tag: \"AES.GCM.V1\", key: Base.decode64!(\"{key}\")}}]\n")
    assert _found("base64-decoded-key-literal", src, key), "the decoded key"
    require_shown(src, "config/releases.exs")
    neg = src.replace(f'"{key}"', 'System.fetch_env!("CLOAK_KEY")')
    assert not _hits("base64-decoded-key-literal", neg)


def test_haskellnet_smtp_login() -> None:
    pw = _val(14)
    src = ("module Mail where\nimport Network.HaskellNet.SMTP.SSL\n\nsend :: Mail -> IO ()\n"
           f"send = sendMailWithLoginSTARTTLS \"smtp.acmecorp.io\" \"alerts@acmecorp.io\" \"{pw}\"\n")
    assert _found("haskellnet-smtp-login-password", src, pw), "the positional password"
    require_shown(src, "src/Mail.hs")
    neg = "send cfg = sendMailWithLoginSTARTTLS (smtpHost cfg) (smtpUser cfg) (smtpPassword cfg)\n"
    assert not _hits("haskellnet-smtp-login-password", neg)
