"""Credentials in language idioms, which a twenty-ninth red-team set planted: command-line option defaults
(argparse, click, commander, Go flag/cobra, clap), declared field defaults (pydantic Field, typer Option), Go
struct-tag defaults, NATS client options, a Swift switch over environments, picocli and MicroProfile annotations'
defaultValue, yargs defaults, and environment lookups with a literal fallback written as `configuration["X"] ?? "…"`,
`os.getenv("X") or "…"`, `os.getenv("X", default="…")`, `import.meta.env.X ?? "…"`, Dart `String.fromEnvironment`,
Go `cmp.Or(os.Getenv(…), "…")`, plus a C# auto-property's initializer and viper.SetDefault("auth.secret", "…").
Each is found by its rule and shown after the filters and the offline judge; help texts, empty defaults,
environment reads, hosts and names beside them are not matched, and a colon-separated fingerprint is a digest.
A scan's report never carries a value. Values are random, made here; assertion messages name rules and
paths, never values (PYTEST_DONT_REWRITE: plain asserts, so a failure shows only its message)."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest

from tests.support.cli_scan import require_planted_files_shown_and_not_carried
from tests.support.filter_checks import check_filter
from tests.support.rule_cases import require_case_found_and_shown, rule_hits
from tests.support.tokens import random_chars

_R = random.Random(2929)
_ALNUM = string.ascii_letters + string.digits
_CONS, _VOW = "bcdfghjklmnprstvwz", "aeiou"


def _s(n: int, alphabet: str = _ALNUM) -> str:
    return random_chars(_R, n, alphabet)


def _strong() -> str:
    return _s(8, string.ascii_uppercase) + _s(8, string.digits) + _s(12, string.ascii_lowercase)


def _human() -> str:
    word = "".join(_R.choice(_CONS) + _R.choice(_VOW) for _ in range(3))
    return word.capitalize() + _s(4, string.digits) + _R.choice("_-") + _s(2, string.ascii_lowercase)



def _fill(template: str, value: str) -> str:
    return template.replace("{v}", value)


# (rule, path, text with {v}, value maker)
CASES = [
    ("cli-option-default-secret", "tools/migrate.py",
     "parser.add_argument('--password', default='{v}', help='database password')\n", _human),
    ("cli-option-default-secret", "tools/migrate.py",
     "parser.add_argument(\"--api-token\", dest=\"api_token\", default=\"{v}\")\n", _strong),
    ("cli-option-default-secret", "tools/cli.py",
     "@click.command()\n@click.option('--password', '-p', default='{v}', show_default=False)\ndef main(password):\n    pass\n",
     _human),
    ("commander-option-default-secret", "bin/cli.js",
     "program\n  .option(\"-p, --password <password>\", \"database password\", \"{v}\")\n  .parse(process.argv);\n", _human),
    ("commander-option-default-secret", "bin/cli.js", "program.option('--api-key <key>', 'API key', '{v}');\n", _strong),
    ("go-flag-default-secret", "cmd/gateway/main.go",
     "func main() {\n\tpassword := flag.String(\"password\", \"{v}\", \"database password\")\n\tflag.Parse()\n}\n", _human),
    ("go-flag-default-secret", "cmd/root.go",
     "func init() {\n\trootCmd.PersistentFlags().StringVarP(&apiToken, \"token\", \"t\", \"{v}\", \"API token\")\n}\n", _strong),
    ("clap-default-secret", "src/cli.rs",
     "#[derive(Parser)]\nstruct Args {\n    #[arg(long, env = \"API_TOKEN\", default_value = \"{v}\")]\n    api_token: String,\n}\n",
     _strong),
    ("clap-default-secret", "src/cli.rs",
     "struct Args {\n    #[arg(long, default_value = \"{v}\")]\n    /// database password\n    pub password: String,\n}\n", _human),
    ("field-default-secret", "app/models.py",
     "class ApiSettings(BaseModel):\n    webhook_secret: SecretStr = Field(default=\"{v}\")\n", _strong),
    ("field-default-secret", "app/cli.py",
     "def main(\n    password: str = typer.Option(\"{v}\", \"--password\"),\n):\n    ...\n", _human),
    ("go-struct-tag-default-secret", "internal/config/spec.go",
     "type Spec struct {\n\tDBPassword string `env:\"DB_PASSWORD\" envDefault:\"{v}\"`\n}\n", _human),
    ("go-struct-tag-default-secret", "internal/config/spec.go",
     "type Spec struct {\n\tJWTSecret string `envconfig:\"JWT_SECRET\" default:\"{v}\"`\n}\n", _strong),
    ("go-client-option-secret", "notify/nats.go",
     "func connect() (*nats.Conn, error) {\n\treturn nats.Connect(nats.DefaultURL, nats.Token(\"{v}\"))\n}\n", _strong),
    ("go-userinfo-password", "notify/nats.go",
     "nc, err := nats.Connect(\"nats://nats:4222\", nats.UserInfo(\"notify\", \"{v}\"))\n", _human),
    ("swift-switch-secret", "Sources/Env.swift",
     "enum Environment {\n    case prod, dev\n\n    var apiKey: String {\n        switch self {\n        case .dev: return \"\"\n"
     "        case .prod: return \"{v}\"\n        }\n    }\n}\n", lambda: _s(40)),
    ("env-lookup-default-secret", "Api/Program.cs",
     "var configuration = builder.Configuration;\nvar jwtKey = configuration[\"Jwt:Key\"] ?? \"{v}\";\n", _strong),
    ("env-lookup-default-secret", "worker/conf.py", "BROKER_PASSWORD = os.getenv(\"BROKER_PASSWORD\") or \"{v}\"\n", _human),
    ("env-lookup-default-secret", "worker/conf.py", "PRIVATE_TOKEN: str = os.getenv(\"PRIVATE_TOKEN\", default=\"{v}\")\n", _strong),
    ("env-lookup-default-secret", "lib/env.dart",
     "const dbPassword = String.fromEnvironment('DB_PASSWORD', defaultValue: '{v}');\n", _human),
    ("env-lookup-default-secret", "internal/config/fallback.go",
     "var signingKey = cmp.Or(os.Getenv(\"SIGNING_KEY\"), \"{v}\")\n", _strong),
    ("env-lookup-default-secret", "src/config.rs",
     "    db_password: env::var(\"DB_PASSWORD\").unwrap_or_else(|_| \"{v}\".to_string()),\n", _human),
    ("commander-option-default-secret", "bin/yargs.js",
     "const argv = require('yargs')\n  .option(\"password\", { alias: \"p\", default: \"{v}\" })\n  .argv;\n", _human),
    ("java-annotation-default-secret", "src/main/java/acme/Cli.java",
     "class Cli {\n    @Option(names = {\"-p\", \"--password\"}, defaultValue = \"{v}\", description = \"database password\")\n"
     "    String password;\n}\n", _human),
    ("java-annotation-default-secret", "src/main/java/acme/Payments.java",
     "class Payments {\n    @ConfigProperty(name = \"payments.secret\", defaultValue = \"{v}\")\n    String secret;\n}\n", _strong),
    ("js-env-default-secret", "src/env.ts", "export const API_SECRET = import.meta.env.VITE_API_SECRET ?? '{v}';\n", _strong),
    ("secret-assignment", "Worker/Settings.cs",
     "public class Settings\n{\n    public string ApiKey { get; set; } = \"{v}\";\n}\n", _strong),
    ("credential-pair", "internal/config/viper.go",
     "func defaults() {\n\tviper.SetDefault(\"auth.secret\", \"{v}\")\n}\n", _strong),
]


@pytest.mark.parametrize("rule_id,path,template,make", CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_each_rule_finds_its_value_and_the_pipeline_shows_it(rule_id, path, template, make) -> None:
    require_case_found_and_shown(rule_hits, rule_id, path, make, lambda value: _fill(template, value))


def test_every_new_rule_of_the_set_has_a_case() -> None:
    new = {"cli-option-default-secret", "commander-option-default-secret", "go-flag-default-secret", "clap-default-secret",
           "field-default-secret", "go-struct-tag-default-secret", "go-client-option-secret", "swift-switch-secret",
           "java-annotation-default-secret"}
    assert new <= {r for r, _, _, _ in CASES}, sorted(new - {r for r, _, _, _ in CASES})


# (rule, path, text): the places beside those values that hold no secret
NEGATIVES = [
    ("cli-option-default-secret", "tools/migrate.py", "parser.add_argument('--db-password', default='', help='the password to use')\n"),
    ("cli-option-default-secret", "tools/migrate.py", "parser.add_argument('--secret', default=None, help='the secret to use')\n"),
    ("cli-option-default-secret", "tools/migrate.py",
     "parser.add_argument('--token', default=os.environ.get('TOKEN'), help='API token (default: $TOKEN)')\n"),
    ("cli-option-default-secret", "train.py", "parser.add_argument('--tokenizer_name', default='bert-base-uncased')\n"),
    ("cli-option-default-secret", "tools/cli.py", "@click.option(\"--api-key\", envvar=\"ACME_API_KEY\", help=\"the API key to use\")\n"),
    ("cli-option-default-secret", "tools/cli.py", "@click.option(\"--host\", default=\"127.0.0.1\")\n"),
    ("commander-option-default-secret", "bin/cli.js", "program.option('--token <token>', 'the token to use');\n"),
    ("commander-option-default-secret", "bin/cli.js", "program.option('--secret <secret>', 'shared secret', '');\n"),
    ("go-flag-default-secret", "main.go", "\tapiKey := flag.String(\"api-key\", \"\", \"the API key to use\")\n"),
    ("go-flag-default-secret", "main.go", "\tuser := flag.String(\"user\", \"gateway\", \"database user\")\n"),
    ("clap-default-secret", "src/cli.rs", "    #[arg(long, default_value = \"\")]\n    secret: String,\n"),
    ("clap-default-secret", "src/cli.rs", "    #[arg(long, default_value = \"127.0.0.1\")]\n    host: String,\n"),
    ("field-default-secret", "app/models.py", "    token: str = Field(default=\"\", description=\"the token to use\")\n"),
    ("field-default-secret", "app/models.py", "    secret: str = Field(default=..., env=\"APP_SECRET\")\n"),
    ("field-default-secret", "app/cli.py", "    user: str = typer.Option(\"worker\", \"--user\"),\n"),
    ("go-struct-tag-default-secret", "spec.go", "\tAPIKey string `env:\"API_KEY\" envDefault:\"\"`\n"),
    ("go-struct-tag-default-secret", "spec.go", "\tToken string `env:\"TOKEN,required\"`\n"),
    ("go-struct-tag-default-secret", "spec.go", "\tDBHost string `env:\"DB_HOST\" envDefault:\"localhost\"`\n"),
    ("go-client-option-secret", "nats.go",
     "\treturn nats.Connect(nats.DefaultURL, nats.Token(os.Getenv(\"NATS_TOKEN\")), nats.UserInfo(\"notify\", pw))\n"),
    ("swift-switch-secret", "Env.swift",
     "    var baseURL: String {\n        switch self {\n        case .prod: return \"https://api.acme.example\"\n        }\n    }\n"),
    ("env-lookup-default-secret", "Program.cs", "var host = configuration[\"Db:Host\"] ?? \"localhost\";\n"),
    ("env-lookup-default-secret", "Program.cs",
     "var token = configuration[\"Token\"] ?? throw new InvalidOperationException(\"Token is missing\");\n"),
    ("env-lookup-default-secret", "conf.py", "SENTRY_DSN = os.getenv(\"SENTRY_DSN\") or None\n"),
    ("env-lookup-default-secret", "env.dart", "const apiUrl = String.fromEnvironment('API_URL', defaultValue: 'http://localhost:8080');\n"),
    ("env-lookup-default-secret", "fallback.go", "var apiKey = cmp.Or(os.Getenv(\"API_KEY\"), os.Getenv(\"LEGACY_API_KEY\"))\n"),
    ("commander-option-default-secret", "yargs.js", "  .option('api-key', { type: 'string', describe: 'the API key to use' })\n"),
    ("commander-option-default-secret", "yargs.js", "  .option('host', { default: 'localhost' })\n"),
    ("java-annotation-default-secret", "Cli.java", "    @Option(names = \"--api-key\", description = \"the API key to use\")\n"),
    ("java-annotation-default-secret", "Cli.java", "    @ConfigProperty(name = \"payments.url\", defaultValue = \"http://localhost:9000\")\n"),
    ("js-env-default-secret", "env.ts", "export const API_URL = import.meta.env.VITE_API_URL ?? 'http://localhost:8080';\n"),
]


@pytest.mark.parametrize("rule_id,path,text", NEGATIVES, ids=[f"{n[0]}:{n[1]}:{i}" for i, n in enumerate(NEGATIVES)])
def test_help_texts_empty_defaults_and_lookups_are_not_matched(rule_id: str, path: str, text: str) -> None:
    assert not rule_hits(rule_id, text, path), f"{rule_id}: took a non-secret in {path}"


def test_a_setter_of_a_credential_key_is_not_an_argument_pair() -> None:
    value = _strong()
    line = f"\tviper.SetDefault(\"auth.secret\", \"{value}\")"
    assert not check_filter("argument_pair", value, line, "auth.secret", "go"), "viper.SetDefault(auth.secret) dismissed"
    # an app-qualified permission after a bare `auth` is still a name, not a credential
    assert check_filter("argument_pair", "change_user", "has_perm(\"auth.change_user\", \"change_user\")", "auth.change_user",
                        "python"), "auth.change_user kept"


def test_a_colon_separated_fingerprint_is_a_digest() -> None:
    for pairs in (16, 20, 32):
        value = ":".join(_s(2, "0123456789abcdef") for _ in range(pairs))
        assert check_filter("hash_or_digest", value, f'TOKEN_FINGERPRINT = "{value}"', "TOKEN_FINGERPRINT", "python"), \
            f"a {pairs}-byte fingerprint kept"
    # the same bytes under a key's name, or in a length no digest has, are not taken for one
    value = ":".join(_s(2, "0123456789abcdef") for _ in range(16))
    assert not check_filter("hash_or_digest", value, f'API_KEY = "{value}"', "API_KEY", "python"), "a key named as a key dismissed"
    value = ":".join(_s(2, "0123456789abcdef") for _ in range(12))
    assert not check_filter("hash_or_digest", value, f'TOKEN_FINGERPRINT = "{value}"', "TOKEN_FINGERPRINT", "python"), \
        "12 bytes dismissed as a digest"


def test_a_scan_shows_every_planted_idiom_and_never_carries_one(tmp_path: Path) -> None:
    files = {}
    for index, (rule_id, path, template, make) in enumerate(CASES):
        value = make()
        files[f"case{index:02d}/{path}"] = (_fill(template, value), value)
    require_planted_files_shown_and_not_carried(tmp_path / "repo", tmp_path, files)
