"""Each false-positive filter on values it must recognise and values it must leave alone."""

from __future__ import annotations

import random
import string

import pytest

from secretloop.loops import filters
from secretloop.loops.filters import FILTER_REASONS, FILTERS, FILTERS_BY_NAME, Surroundings, _literal_start, key_words, run_filters
from tests.support.tokens import high_entropy, random_chars, random_password


def _random_token(seed: int, length: int = 32, alphabet: str = string.ascii_letters + string.digits) -> str:
    """A generated, random-looking value: what a real key looks like, without being one."""
    rng = random.Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(length))


RANDOM_TOKENS = [_random_token(seed) for seed in range(20)]
HEX_40 = _random_token(101, 40, "0123456789abcdef")
HEX_64 = _random_token(102, 64, "0123456789abcdef")


def check(name: str, value: str, line: str | None = None, key: str | None = None, language: str | None = None) -> bool:
    line = line if line is not None else f'{key or "value"} = "{value}"'
    return FILTERS_BY_NAME[name].check(value, line, key, language)


def test_every_filter_has_a_reason_and_a_unique_name() -> None:
    names = [f.name for f in FILTERS]
    assert len(names) == len(set(names))
    assert set(FILTER_REASONS) == set(names)
    assert all(reason.strip() for reason in FILTER_REASONS.values())


@pytest.mark.parametrize("token", RANDOM_TOKENS)
def test_random_tokens_hit_no_filter(token: str) -> None:
    assert run_filters(token, f'api_key = "{token}"', "api_key", language="python") == []


# --- placeholder ---------------------------------------------------------------------

@pytest.mark.parametrize("value", [
    "<your-key>", "<API_KEY>", "Bearer <token>", "postgres://app:<password>@db/app", "[YOUR KEY]",
    "your_api_key_here", "YOUR-TOKEN", "yourkeyhere", "insert_key_here", "changeme", "CHANGE_ME",
    "replace_with_real_secret", "REPLACE_ME", "TODO", "todo: fill in", "dummy", "dummy-secret-value",
    "example", "sample_token", "test123", "password", "Secret", "placeholder", "not-a-real-key", "fake",
])
def test_placeholder_positive(value: str) -> None:
    assert check("placeholder", value)


@pytest.mark.parametrize("value", [*RANDOM_TOKENS[:5], "hunter2", "Tr0ub4dor&3", "correct horse battery staple",
                                   "s3cr3t-pr0d-2024", "password123", "todolist9"])
def test_placeholder_negative(value: str) -> None:
    assert not check("placeholder", value)


# --- masked --------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["****", "sk-****abcd", "xxxxxxxxxxxx", "AKIAXXXXXXXXXXXXXXXX", "abc…xyz",
                                   "ghp_...", "[REDACTED]", "<redacted>", "•••••"])
def test_masked_positive(value: str) -> None:
    assert check("masked", value)


@pytest.mark.parametrize("value", [*RANDOM_TOKENS[:5], "a*b", "xx1xx", "pass.word"])
def test_masked_negative(value: str) -> None:
    assert not check("masked", value)


# --- repeated or sequential ---------------------------------------------------------

@pytest.mark.parametrize("value", ["aaaaaaaa", "0000", "12121212", "abcabcabcabc", "123456", "abcdefgh",
                                   "987654321", "qwerty", "asdfghjkl",
                                   string.ascii_uppercase + string.ascii_lowercase + string.digits + "+/"])
def test_repeated_or_sequential_positive(value: str) -> None:
    assert check("repeated_or_sequential", value)


@pytest.mark.parametrize("value", [*RANDOM_TOKENS[:5], "abc", "qwerty123x", "a1b2c3d4e5", "hunter2"])
def test_repeated_or_sequential_negative(value: str) -> None:
    assert not check("repeated_or_sequential", value)


# --- env reference -------------------------------------------------------------------

@pytest.mark.parametrize("value,line", [
    ("$DB_PASSWORD", "password: $DB_PASSWORD"),
    ("${DB_PASSWORD}", "password: ${DB_PASSWORD}"),
    ("${DB_PASSWORD:-}", "password=${DB_PASSWORD:-}"),
    ("postgres://app:${PGPASS}@db/app", 'url = "postgres://app:${PGPASS}@db/app"'),
    ("%API_TOKEN%", "set TOKEN=%API_TOKEN%"),
    ("$env:API_TOKEN", "$token = $env:API_TOKEN"),
    ("process.env.API_KEY", "const key = process.env.API_KEY"),
    ("os.environ['API_KEY']", "key = os.environ['API_KEY']"),
    ("os.getenv(", 'key = os.getenv("API_KEY")'),
    ("ENV['API_KEY']", "key = ENV['API_KEY']"),
    ("System.getenv(", 'String k = System.getenv("API_KEY");'),
    ("API_KEY", 'key = os.getenv("API_KEY")'),
    ("API_KEY", 'key = os.environ.get("API_KEY", "")'),
    ("DB_PASS", "password => env('DB_PASS'),"),
    ("API_KEY", 'const key = process.env["API_KEY"]'),
    ("STRIPE_KEY", "key = ENV.fetch('STRIPE_KEY')"),
])
def test_env_reference_positive(value: str, line: str) -> None:
    assert check("env_reference", value, line=line)


@pytest.mark.parametrize("value,line", [
    (RANDOM_TOKENS[0], f'key = "{RANDOM_TOKENS[0]}"'),
    ("API_KEY", 'key = "API_KEY"'),  # a literal equal to a name: not an env lookup
    ("pa$$word", 'password = "pa$$word"'),
    ("ab$XYZ12", 'password = "ab$XYZ12"'),
    ("API_KEY", 'key = os.getenv("API_KEY_FILE")'),  # another variable whose name it starts
    ("DB_PASS", 'DB_PASS = os.getenv("DB_USER")'),  # the name is on the line, not in the lookup
    ("KEY", "const k = process.env.KEY_ID"),
])
def test_env_reference_negative(value: str, line: str) -> None:
    assert not check("env_reference", value, line=line)


# --- templated -----------------------------------------------------------------------

@pytest.mark.parametrize("value", [
    "{{ api_key }}", "${{ secrets.API_TOKEN }}", "{% secret %}", "<%= ENV['KEY'] %>", "#{api_token}",
    "%(password)s", "{0}", "Bearer {}", "{token}", "https://{user}:{password}@host", "__API_TOKEN__",
    "@DB_PASSWORD@",
])
def test_templated_positive(value: str) -> None:
    assert check("templated", value)


@pytest.mark.parametrize("value", [*RANDOM_TOKENS[:5], "pa{ss", "a}b{c", "@home", "__init"])
def test_templated_negative(value: str) -> None:
    assert not check("templated", value)


# --- documented example keys ---------------------------------------------------------

@pytest.mark.parametrize("value", [
    "AKIAIOSFODNN7EXAMPLE",
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "AKIAI44QH8DHBEXAMPLE",
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + filters._JWT_IO_PAYLOADS[0] + ".sig",
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + filters._JWT_IO_PAYLOADS[1] + ".sig",  # jwt.io's earlier default
    "QWxhZGRpbjpvcGVuIHNlc2FtZQ==",  # RFC 7617's Basic example (Aladdin)
])
def test_documented_example_key_positive(value: str) -> None:
    assert check("documented_example_key", value)


@pytest.mark.parametrize("value", [*RANDOM_TOKENS[:5], "AKIA" + _random_token(5, 16, string.ascii_uppercase + string.digits)])
def test_documented_example_key_negative(value: str) -> None:
    assert not check("documented_example_key", value)


# --- code reference ------------------------------------------------------------------

@pytest.mark.parametrize("value,line,language", [
    ("self.password", "password = self.password", "python"),
    ("config.get(", 'token = config.get("token")', "python"),
    ("getPassword()", "String password = getPassword();", "java"),
    ("$this->secret", "$key = $this->secret;", "php"),
    ("request.form['password']", "password = request.form['password']", "python"),
    ("params[:password]", "password = params[:password]", "ruby"),
    ("@password", "token = @password", "ruby"),
    ("$password", "$db_password = $password;", "php"),
    ("db_password", "password = db_password", "python"),
    ("userPassword", "const password = userPassword;", "javascript"),
])
def test_code_reference_positive(value: str, line: str, language: str) -> None:
    assert check("code_reference", value, line=line, language=language)


@pytest.mark.parametrize("value,line,language", [
    ("sunshine", 'password = "sunshine"', "python"),  # quoted: a literal
    ("password", 'db_password = "password"', "python"),  # quoted where it is the value, not in the key
    ("sunshine", "password: sunshine", "yaml"),  # unquoted config value: a literal
    ("sunshine", "DB_PASSWORD=sunshine", "dotenv"),
    ("sunshine", "password = sunshine", None),  # language unknown: a bare word is not enough
    ("self.password", 'x = "self.password"', "python"),
    ("hunter2", "password = hunter2", "python"),  # digits: not a variable name we dismiss
    (RANDOM_TOKENS[1], f"key = {RANDOM_TOKENS[1]}", "python"),
])
def test_code_reference_negative(value: str, line: str, language: str | None) -> None:
    assert not check("code_reference", value, line=line, language=language)


def _underscored_password() -> str:
    """A random password with one underscore: shaped like snake_case to a glance at its characters."""
    rng = random.Random(41)
    return random_chars(rng, 7) + "_" + random_chars(rng, 9)


@pytest.mark.parametrize("line,key,language", [
    ('options.UseSqlServer("Server=db;User Id=app;Password={v};")', "Password", "csharp"),
    ('db, err := sql.Open("postgres", "host=db user=store password={v} dbname=store")', "password", "go"),
    ('@Value("${{mail.password:{v}}}")', "mail.password", "java"),
    ("conn = psycopg2.connect('dbname=app user=app password={v}')", "password", "python"),
    # rules that take no key name: the field's '=' or ':' inside the literal says it
    ('db, err := sql.Open("mysql", "shop:{v}@tcp(db.acmecorp.io:3306)/shop")', None, "go"),
    ('using var conn = new SqlConnection("Server=db;User Id=orders;Password={v};Encrypt=True");', None, "csharp"),
])
def test_a_value_inside_the_literal_that_holds_its_key_is_no_code_reference(line: str, key: str | None, language: str) -> None:
    v = _underscored_password()
    assert not check("code_reference", v, line=line.format(v=v), key=key, language=language)


@pytest.mark.parametrize("line,key,language", [
    ('conn_str = "Server=db;Password=" + db_password_value', "Password", "python"),  # after the literal
    ('log.info("password set"); password = db_password_value', "password", "java"),  # key outside the literal
])
def test_a_name_outside_the_literal_is_still_a_code_reference(line: str, key: str, language: str) -> None:
    assert check("code_reference", "db_password_value", line=line, key=key, language=language)


def test_a_field_of_a_configuration_string_is_no_name_in_a_statement() -> None:
    v = "Xk9m" + random_chars(random.Random(12), 10)
    line = f'var redis = ConnectionMultiplexer.Connect("cache.acmecorp.io:6379,password={v},ssl=True");'
    check_around = FILTERS_BY_NAME["name_in_a_statement"].check
    assert not check_around(v, line, "password", "csharp", Surroundings())
    assert check_around("passphrase", "key = load(password=passphrase)", "password", "python", Surroundings())


def test_literal_start_honours_escapes_and_quote_kinds() -> None:
    line = 'x = "a\\"b" + \'it"s\' + y'
    assert _literal_start(line, line.index("b")) == 4
    assert _literal_start(line, line.index("it")) == line.index("'")
    assert _literal_start(line, line.index("y")) is None


# --- hash or digest ------------------------------------------------------------------

@pytest.mark.parametrize("value,key,line", [
    (HEX_64, "sha256", None),
    (HEX_40, "commit", None),
    (HEX_40[:32], "md5sum", None),
    (HEX_64, "fileChecksum", None),
    (HEX_64, None, f'"integrity_hash": "{HEX_64}"'),
    ("sha512-" + _random_token(7, 86, string.ascii_letters + string.digits + "+/") + "==", "integrity", None),
    ("sha256:" + HEX_64, "image", None),
    ("$2b$12$" + _random_token(8, 53, string.ascii_letters + string.digits + "./"), "password_hash", None),
])
def test_hash_or_digest_positive(value: str, key: str | None, line: str | None) -> None:
    assert check("hash_or_digest", value, key=key, line=line)


@pytest.mark.parametrize("value,key", [
    (HEX_64, "api_secret"),  # hex under a credential name: a key
    (HEX_40, None),
    (HEX_40[:33], "sha"),  # not a digest length
    (RANDOM_TOKENS[2], "checksum"),  # not hex
])
def test_hash_or_digest_negative(value: str, key: str | None) -> None:
    assert not check("hash_or_digest", value, key=key)


# --- uuid ----------------------------------------------------------------------------

UUID = "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b"


@pytest.mark.parametrize("key,line", [("tenant_id", None), ("requestUuid", None), ("guid", None),
                                      (None, f'"{UUID}"'), ("name", None),
                                      # the last word says what it is: the id of a key, not the key
                                      ("api_key_id", None), ("credentialsId", None), ("secret_uuid", None)])
def test_uuid_positive(key: str | None, line: str | None) -> None:
    assert check("uuid", UUID, key=key, line=line)


@pytest.mark.parametrize("key,value", [("heroku_api_key", UUID), ("client_secret", UUID), ("authToken", UUID),
                                       ("tenant_id", RANDOM_TOKENS[3])])
def test_uuid_negative(key: str, value: str) -> None:
    assert not check("uuid", value, key=key)


# --- file path or url without credentials --------------------------------------------

@pytest.mark.parametrize("value", [
    "/run/secrets/db_password", "./certs/server.key", "../config/secrets.yml", "~/.aws/credentials",
    "C:\\Users\\app\\secret.txt", "config/credentials.json", "server.pem",
    "https://example.org/oauth/token", "https://api.service.io/v1/login?redirect=home",
])
def test_path_or_url_positive(value: str) -> None:
    assert check("file_path_or_url_without_credentials", value)


@pytest.mark.parametrize("value", [
    "postgres://app:" + RANDOM_TOKENS[4][:12] + "@db:5432/app",
    "https://api.service.io/v1?access_token=" + RANDOM_TOKENS[5],
    "https://hooks.service.io/services/" + RANDOM_TOKENS[6],
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "/" + RANDOM_TOKENS[7][:10] + "/" + RANDOM_TOKENS[7][10:],
    "john.doe",
    RANDOM_TOKENS[8],
])
def test_path_or_url_negative(value: str) -> None:
    assert not check("file_path_or_url_without_credentials", value)


# --- low entropy, numbers, literals, key names, prose --------------------------------

@pytest.mark.parametrize("value", ["aaaabbbb", "1111222233334444", "abababababab"])
def test_low_entropy_positive(value: str) -> None:
    assert check("low_entropy", value)


@pytest.mark.parametrize("value", ["short", *RANDOM_TOKENS[:3], "Summer2024!"])
def test_low_entropy_negative(value: str) -> None:
    assert not check("low_entropy", value)


@pytest.mark.parametrize("value", ["3600", "8080", "1.2.3", "v2.0.1-rc1", "10.0.0.1", "2024-01-31", "2024-01-31T10:00:00Z",
                                   "30s", "512MB"])
def test_number_or_version_positive(value: str) -> None:
    assert check("number_or_version", value)


@pytest.mark.parametrize("value", ["1234567890123456", "12ab34", RANDOM_TOKENS[0], "v2-" + RANDOM_TOKENS[1]])
def test_number_or_version_negative(value: str) -> None:
    assert not check("number_or_version", value)


@pytest.mark.parametrize("value", ["", "None", "null", "nil", "undefined", "true", "False", "''", "~", "string"])
def test_null_or_boolean_positive(value: str) -> None:
    assert check("null_or_boolean", value)


@pytest.mark.parametrize("value", ["nonempty", RANDOM_TOKENS[0], "truest"])
def test_null_or_boolean_negative(value: str) -> None:
    assert not check("null_or_boolean", value)


@pytest.mark.parametrize("value,key", [("api-key", "API_KEY"), ("SECRET_TOKEN", "secretToken"), ("db_password", "DB_PASSWORD")])
def test_same_as_key_name_positive(value: str, key: str) -> None:
    assert check("same_as_key_name", value, key=key)


@pytest.mark.parametrize("value,key", [(RANDOM_TOKENS[0], "API_KEY"), ("api-key", None), ("ab", "AB")])
def test_same_as_key_name_negative(value: str, key: str | None) -> None:
    assert not check("same_as_key_name", value, key=key)


@pytest.mark.parametrize("key", ["public_key", "stripePublishableKey", "recaptcha_site_key", "PUB_KEY"])
def test_public_by_key_name_positive(key: str) -> None:
    assert check("public_by_key_name", RANDOM_TOKENS[0], key=key)


@pytest.mark.parametrize("key", ["private_key", "secret_key", "public_secret", None, "publisher_token"])
def test_public_by_key_name_negative(key: str | None) -> None:
    assert not check("public_by_key_name", RANDOM_TOKENS[0], key=key)


@pytest.mark.parametrize("value", ["Enter your password", "Password must be at least 8 characters.",
                                   "Invalid token", "The API key is not valid"])
def test_prose_positive(value: str) -> None:
    assert check("prose", value)


@pytest.mark.parametrize("value", ["correct horse battery staple", RANDOM_TOKENS[0], "hunter2", "a1 b2 c3 d4"])
def test_prose_negative(value: str) -> None:
    assert not check("prose", value)


# --- run_filters ---------------------------------------------------------------------

def test_run_filters_skips_generic_only_filters_for_high_confidence_rules() -> None:
    line = "password = db_password"
    assert "code_reference" in run_filters("db_password", line, "password", language="python")
    assert "code_reference" not in run_filters("db_password", line, "password", generic=False, language="python")


def test_run_filters_keeps_universal_filters_for_high_confidence_rules() -> None:
    hits = run_filters("AKIAIOSFODNN7EXAMPLE", 'aws_access_key_id = "AKIAIOSFODNN7EXAMPLE"', "aws_access_key_id",
                       generic=False)
    assert "documented_example_key" in hits


def test_run_filters_returns_names_in_catalogue_order() -> None:
    hits = run_filters("xxxxxxxx", 'token = "xxxxxxxx"', "token")
    order = [f.name for f in FILTERS]
    assert hits == sorted(hits, key=order.index)
    assert {"masked", "repeated_or_sequential", "low_entropy"} <= set(hits)


def test_run_filters_ignores_very_long_values() -> None:
    assert run_filters("x" * 5000, "", None) == []


def test_key_words_splits_snake_kebab_and_camel_case() -> None:
    assert key_words("dbPassword_hash-v2") == ["db", "password", "hash", "v2"]
    assert key_words(None) == []


# --- filters that read the key's words -------------------------------------------------

@pytest.mark.parametrize("key", ["password_hint", "token_url", "secret_name", "apiKeyHeader", "passwordLength",
                                 "token_type", "SECRET_FILE", "auth_method", "keyVaultToStoreSecrets",
                                 "bucket_for_secrets", "pathToPassword", "url_for_token"])
def test_describing_key_name_positive(key: str) -> None:
    assert check("describing_key_name", "anything-at-all", key=key)


@pytest.mark.parametrize("key", ["password", "db_password", "client_secret", "hint", "user_name", "passwordRepeat",
                                 "tokenForGithub", "password_for_admin", "key_to_sign", "vault_token",
                                 "secret_for_vault", "path_to_nothing"])
def test_describing_key_name_negative(key: str) -> None:
    assert not check("describing_key_name", "anything-at-all", key=key)


@pytest.mark.parametrize("key", ["LABEL_PASSWORD", "MSG_INVALID_TOKEN", "title_api_keys", "errorPassword"])
def test_ui_text_key_positive(key: str) -> None:
    assert check("ui_text_key", "Enter it", key=key)


@pytest.mark.parametrize("key", ["password", "new_password", "confirm_password", "label"])
def test_ui_text_key_negative(key: str) -> None:
    assert not check("ui_text_key", "x", key=key)


@pytest.mark.parametrize("value", ["请输入您的密码", "Пароль", "पासवर्ड", "Zwöifaktorouthentisierigs-Tökën"])
def test_natural_language_positive(value: str) -> None:
    assert check("natural_language", value)


@pytest.mark.parametrize("value", [*RANDOM_TOKENS[:3], "Tr0ub4dor&3", "é9"])
def test_natural_language_negative(value: str) -> None:
    assert not check("natural_language", value)


@pytest.mark.parametrize("key", ["csrf_token", "authenticity_token", "XSRF-TOKEN", "csrfmiddlewaretoken"])
def test_anti_forgery_token(key: str) -> None:
    assert check("anti_forgery_token", RANDOM_TOKENS[4], key=key)
    assert not check("anti_forgery_token", RANDOM_TOKENS[4], key="access_token")


@pytest.mark.parametrize("value", ["ghp_", "sk-live-", "amzn.mws.", "glpat-"])
def test_fragment_positive(value: str) -> None:
    assert check("fragment", value)


@pytest.mark.parametrize("value", [RANDOM_TOKENS[5], "hunter2", RANDOM_TOKENS[6][:24] + "-"])
def test_fragment_negative(value: str) -> None:
    assert not check("fragment", value)


def test_same_as_key_name_reads_the_last_words_run_together() -> None:
    assert check("same_as_key_name", "websockettoken", key="o.Websocket.Token")
    assert check("same_as_key_name", "mqtt-token", key="cfg.MQTT.Token")
    assert not check("same_as_key_name", RANDOM_TOKENS[7], key="o.Websocket.Token")


def test_code_reference_in_url_userinfo_is_a_literal() -> None:
    line = 'nc := connect(fmt.Sprintf("nats://svc:qzkvbt@%s:%d", host, port))'
    assert not check("code_reference", "qzkvbt", line=line, language="go")
    assert not check("bare_word_in_code", "qzkvbt", line=line, language="go")


def test_code_reference_keeps_dotted_tokens() -> None:
    # Three long base64url segments are a JWT, not a.b.c member access.
    value = ".".join(_random_token(s, 40, string.ascii_letters + string.digits + "_-") for s in (1, 2, 3))
    assert not check("code_reference", value, line=f"auth = Bearer {value}", language="python")


def test_templated_recognises_fstring_expressions() -> None:
    assert check("templated", "{make_token(seed=1)}")
    assert check("templated", "prefix-{values[0]}")
    assert check("templated", "{uuid.uuid4().hex}")
    assert not check("templated", RANDOM_TOKENS[8])


def test_placeholder_recognises_an_upper_case_name() -> None:
    assert check("placeholder", "VALUE") and check("placeholder", "API_TOKEN")
    assert not check("placeholder", "QZKVBTRX")  # no vowels to speak of: not a word


# --- signals: recorded for the judge, never decisive --------------------------------------

@pytest.mark.parametrize("value", ["userPassword", "top_secret", "sunshine", "websockettoken", "correct horse"])
def test_wordlike_positive(value: str) -> None:
    assert filters.wordlike(value)


@pytest.mark.parametrize("value", [*RANDOM_TOKENS[:5], "qzkvbtrx", "psygkfnk", "x7", HEX_40])
def test_wordlike_negative(value: str) -> None:
    assert not filters.wordlike(value)


def test_signal_filters() -> None:
    assert check("hex_value", HEX_40) and not check("hex_value", RANDOM_TOKENS[0])
    assert check("uuid_value", UUID) and not check("uuid_value", HEX_40)
    assert check("value_names_credential", "s3cr3t") and check("value_names_credential", "my_api_token")
    assert not check("value_names_credential", RANDOM_TOKENS[1])
    assert check("multiword_value", "omq amqltyp") and not check("multiword_value", "one")
    assert check("joined_words_value", "pine-otter-table") and not check("joined_words_value", "pine-otter")
    assert not check("joined_words_value", "Pine-Otter-Table9")
    assert check("sequential_run", "xoxp-1234567890") and not check("sequential_run", RANDOM_TOKENS[2])
    assert check("password_equals_user", "guest", line="amqp://guest:guest@localhost:5672/")
    assert not check("password_equals_user", "qzkvbt", line="amqp://guest:qzkvbt@localhost:5672/")
    assert check("identifier_in_code", "tmpTokenValue", line="token: tmpTokenValue,", language="typescript")
    assert not check("identifier_in_code", "tmpTokenValue", line="token: tmpTokenValue", language="yaml")


def test_signals_are_not_decisive_and_decisive_filters_are_listed() -> None:
    signals = {f.name for f in FILTERS if not f.decisive}
    assert signals == {"bare_word_in_code", "wordlike_value", "hex_value", "uuid_value", "value_names_credential",
                       "identifier_in_code", "multiword_value", "joined_words_value", "password_equals_user", "sequential_run", "english_value",
                       "introduced_as_example", "maps_sdk_client_key", "listen_only_access_key",
                       "supabase_local_key", "expired_signature", "expired_jwt"}
    assert filters.DECISIVE_FILTERS == {f.name for f in FILTERS} - signals


@pytest.mark.parametrize("value, hit", [
    ("auth_tests.CustomUser", True),
    ("myapp.models.User", True),
    ("Summer.Time2024", False),  # digits: could be a typed password
    ("example.com", False),  # a host, left to other filters
    ("kX9.pQ2", False),
])
def test_dotted_name(value, hit):
    assert ("dotted_name" in run_filters(value, f'k = "{value}"', "password")) is hit


@pytest.mark.parametrize("value, hit", [
    ("0007_alter_user_email_max_length", True),
    ("add_error_messages_to_form", True),
    ("my_secret_pass", False),  # three words: a passphrase-like stand-in stays with the judge
    ("x9_kd_ap_2q_7z", False),  # not words
])
def test_snake_case_slug(value, hit):
    assert ("snake_case_slug" in run_filters(value, f'k = "{value}"', "password")) is hit


def test_hex_constants_are_numbers():
    assert "number_or_version" in run_filters("0x8802", "PASS_DEPTH_FAIL: 0x8802;", "PASS_DEPTH_FAIL")
    assert "number_or_version" not in run_filters("0x8802aa77c1d0e5f3b2", "k = 0x8802aa77c1d0e5f3b2", "secret")


# --- typed_placeholder: hand-typed runs, also behind a known prefix ---------------------

@pytest.mark.parametrize("value", [
    "zzzzzzzzzzzzzzzz",  # one character
    "0000000077777777",
    "987987987987987987",  # a short block repeated
    "ababababababab12",
    "BcDeFG789",  # ascending runs, case ignored
    "321cba654fed",  # descending runs
    "hijk-678-mnopq-2345-rstuvw",  # runs across segments
    "lmnopqrstuvw56789xy",
    "7777777eEEEEE3333333DdddDBbbbbbbbbbbbbbb",  # hex-shaped, typed
])
def test_typed_placeholder_positive(value: str) -> None:
    assert check("typed_placeholder", value)


@pytest.mark.parametrize("value", [
    *RANDOM_TOKENS, HEX_40, HEX_64,
    "Tr0ub4dor&3", "password123", "s3cr3t-pr0d-2024",
    "abc12",  # too short to say
    "2-733333333-944444444-f7c2e98a1d04b6a35e",  # typed ids beside a random secret part
])
def test_typed_placeholder_negative(value: str) -> None:
    assert not check("typed_placeholder", value)


@pytest.mark.parametrize("alphabet", [string.ascii_letters + string.digits, "0123456789abcdef", string.digits,
                                      string.ascii_uppercase + "234567"])
@pytest.mark.parametrize("length", [8, 12, 20, 40])
def test_typed_placeholder_spares_generated_values(alphabet: str, length: int) -> None:
    values = [_random_token(1000 + seed, length, alphabet) for seed in range(200)]
    # Random values fall into typed runs by chance; at these lengths that is rare.
    assert sum(check("typed_placeholder", v) for v in values) <= 2


def test_typed_placeholder_ignores_blobs() -> None:
    # Runs of "A" in base64 encode zero bytes: a key block is no placeholder.
    assert not check("typed_placeholder", "MIIBCgKCAQEA" + "A" * 40 + RANDOM_TOKENS[0] * 8)


def test_typed_placeholder_checks_the_part_after_a_known_prefix() -> None:
    body = "abc789-lmnop-234-qrstu-5678-zzzzzz"
    token = "sk-ant-api03-" + body
    hits = run_filters(token, f'key = "{token}"', "key", generic=False, known_prefix="sk-ant-api03-")
    assert "typed_placeholder" in hits
    real = "ghp_" + RANDOM_TOKENS[1][:36]
    assert run_filters(real, f'token = "{real}"', "token", generic=False, known_prefix="ghp_") == []


def test_typed_placeholder_is_decisive_and_universal() -> None:
    f = FILTERS_BY_NAME["typed_placeholder"]
    assert f.decisive and not f.generic_only and f.after_prefix


# --- fixture_key_name ---------------------------------------------------------------------

@pytest.mark.parametrize("key", [
    "nonMatchingToken", "invalidPassword", "wrong_secret", "badToken", "FAKE_API_KEY", "dummyAuthToken",
    "mock_client_secret", "incorrectPassword", "expiredJwtToken", "revoked-token", "notMatchingSecret",
])
def test_fixture_key_name_positive(key: str) -> None:
    assert check("fixture_key_name", RANDOM_TOKENS[2], key=key)


@pytest.mark.parametrize("key", [
    "api_token", "non_prod_password", "badge_token", "mockingbird", "invalid_count", "client_secret", None,
])
def test_fixture_key_name_negative(key: str | None) -> None:
    assert not check("fixture_key_name", RANDOM_TOKENS[3], key=key)


def test_placeholder_leaves_a_long_upper_case_base32_secret() -> None:
    assert check("placeholder", "ACCESS_TOKEN_VALUE")
    assert not check("placeholder", "KRUGOZANFOSAYJAOREXGALKE")  # a TOTP seed without digits


# --- config text inside Go source: not code --------------------------------------------

@pytest.mark.parametrize("line,value", [
    ("\tusers: [ {user: svc, password: kq7vzt} ]", "kq7vzt"),
    ("\t\tusers = [{user: app, pass: kq7vzt}]", "kq7vzt"),
    ("\t{username: leaf, password: kq7vzt}", "kq7vzt"),
    ("    pass: kq7vzt", "kq7vzt"),
])
def test_go_lines_that_go_cannot_hold_are_config_text(line: str, value: str) -> None:
    # A test's server config in a raw string: the unquoted word is the password itself.
    assert not check("code_reference", value, line=line, key="password", language="go")
    assert not check("bare_word_in_code", value, line=line, key="password", language="go")


@pytest.mark.parametrize("line,value", [
    ("\tc := &client{user: u, password: secretword}", "secretword"),
    ("\t\t{user: u, password: secretword},", "secretword"),
    ("\t\tpassword: secretword,", "secretword"),
])
def test_go_code_keeps_unquoted_words_as_names(line: str, value: str) -> None:
    assert check("code_reference", value, line=line, key="password", language="go")


def test_a_bare_password_after_identified_by_is_no_code_reference() -> None:
    # SQL counts as code, where a bare snake_case word is a name; not after IDENTIFIED BY
    value = "Xk9mQ2vLp7_42"
    assert not check("code_reference", value, line=f"CREATE USER app IDENTIFIED BY {value};", language="sql")
    assert not check("code_reference", value, line=f"ALTER USER app PASSWORD = {value}", language="sql")
    assert check("code_reference", "user_name", line="SELECT user_name FROM accounts;", language="sql")


# --- names and values read as what they are (red-team set 14, Debian configs) ---------------

@pytest.mark.parametrize("key", ["AZURE_DEVOPS_EXT_PAT", "GITHUB_PAT", "sessionid", "PHPSESSID", "app.sessid"])
def test_a_personal_access_token_or_session_id_name_names_a_credential(key: str) -> None:
    assert not check("key_names_no_credential", high_entropy(seed=5, length=32), key=key)


@pytest.mark.parametrize("key", ["pat", "compat_mode", "spatial_index"])
def test_pat_alone_or_inside_a_word_names_no_credential(key: str) -> None:
    assert check("key_names_no_credential", high_entropy(seed=5, length=32), key=key)


@pytest.mark.parametrize("key", ["bot_token2", "access_token1", "password2", "SECRET_3", "apiKey2", "refresh_token_01"])
def test_a_counter_after_a_credential_word_still_names_a_credential(key: str) -> None:
    assert not check("key_names_no_credential", high_entropy(seed=5, length=32), key=key)


@pytest.mark.parametrize("key", ["tokenizer2", "sha256", "s3", "passage1", "AUTH0_CLIENT_ID",
                                 "social_core.backends.auth0.Auth0OAuth2", "GOOGLE_OAUTH2_CLIENT_ID"])
def test_a_counter_does_not_turn_another_word_into_a_credential_word(key: str) -> None:
    assert check("key_names_no_credential", high_entropy(seed=5, length=32), key=key)


def test_a_generic_match_is_checked_after_the_token_prefix_it_starts_with() -> None:
    from secretloop.loops.features import build_features
    from secretloop.loops.filters import packaged_formats

    assert packaged_formats().value_prefix("xoxp-1234567890") == "xoxp-"
    assert packaged_formats().value_prefix("GHP_abc") == "GHP_"  # in the value's own case
    assert packaged_formats().value_prefix("cloudflare-1234567890") is None  # a setting's name, not a prefix
    for value, made_up in [("xoxp-1234567890", True), ("sk_test_abcdefgh12345678", True),
                           ("xoxp-" + RANDOM_TOKENS[3][:20], False)]:
        text = f'{{"token1": "{value}"}}\n'
        start = text.index(value)
        feats = build_features(value, text, start, start + len(value), "a.json", "low", key_name="token1")
        assert ("typed_placeholder" in feats.filter_hits) is made_up, value
        assert feats.known_prefix is None  # the judge's feature stays the rule's own prefix


@pytest.mark.parametrize("line", [
    "ALTER USER reporting WITH PASSWORD :'new_pw';",
    'CREATE ROLE app LOGIN PASSWORD :"app_password";',
    "\\set pw 'x'\nALTER USER app PASSWORD :new_pw;",
])
def test_a_psql_variable_is_a_code_reference(line: str) -> None:
    value = "new_pw" if "new_pw" in line else "app_password"
    assert check("code_reference", value, line=line.splitlines()[-1], key="password", language="sql")


@pytest.mark.parametrize("line", [
    "ALTER USER reporting WITH PASSWORD '{v}';",  # a literal
    "SELECT dblink_connect('postgresql://app:{v}@db/app');",  # a URL's password, not a variable
    "SELECT '{v}'::text AS password;",  # a cast
])
def test_a_password_literal_in_sql_is_no_psql_variable(line: str) -> None:
    v = "Xk9m" + random_chars(random.Random(7), 12)
    assert not check("code_reference", v, line=line.format(v=v), key="password", language="sql")


@pytest.mark.parametrize("value", ["CRAM-SHA1", "CRAM-SHA256", "SCRAM-SHA-256-PLUS"])
def test_sasl_mechanisms_after_auth_are_method_names(value: str) -> None:
    line = f'IMAP_CAPABILITY="IMAP4rev1 UIDPLUS AUTH={value} IDLE"'
    assert check("auth_method_name", value, line=line, key="AUTH")


def test_a_random_value_after_auth_is_no_method_name() -> None:
    value = random_password(seed=9)
    assert not check("auth_method_name", value, line=f"level=info AUTH={value} user=app", key="AUTH")


def test_a_psql_variable_in_a_psql_history_is_a_name_but_a_literal_is_not() -> None:
    from secretloop.loops.features import language_for

    assert language_for("home/erin/.psql_history") == "sql" and language_for(".mysql_history") == "sql"
    pw = random_password(seed=77)
    assert check("code_reference", "newpw", "ALTER USER reporting WITH PASSWORD :'newpw';", language="sql")
    assert not check("code_reference", pw, f"ALTER USER reporting WITH PASSWORD '{pw}';", language="sql")


def test_random_capitals_are_not_a_placeholder_but_names_in_capitals_are() -> None:
    rng = random.Random(1212)
    values = ["".join(rng.choice(string.ascii_uppercase) for _ in range(rng.randrange(8, 16))) for _ in range(300)]
    taken = sum(check("placeholder", v, f'password: "{v}"', "password") for v in values)
    assert taken <= 9, f"{taken} of 300 random capital passwords read as placeholders"
    for name in ("PASSWORD", "SECRETKEY", "CHANGEME", "VALUE", "API_TOKEN", "TOKEN", "MY_SECRET_KEY", "REPLACE_ME"):
        assert check("placeholder", name, f'password: "{name}"', "password"), name


def test_the_storage_emulators_published_key_is_a_documented_example() -> None:
    emulator = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
    assert check("documented_example_key", emulator, f'AZURE_STORAGE_KEY = "{emulator}"', "AZURE_STORAGE_KEY")
    other = _random_token(91, 86) + "=="
    assert not check("documented_example_key", other, f'AZURE_STORAGE_KEY = "{other}"', "AZURE_STORAGE_KEY")


def test_a_describing_word_right_before_the_credential_but_not_a_product_name() -> None:
    value = _random_token(92, 40)
    for key in ("patternApiKey", "labelApiKey", "hint_password"):
        assert check("describing_key_name", value, f'{key} = "{value}"', key), key
    for key in ("LABEL_STUDIO_API_KEY", "PROMPT_LAYER_API_KEY"):
        assert not check("describing_key_name", value, f'{key}={value}', key), key


def test_a_list_of_passwords_names_a_credential_but_a_feature_name_does_not() -> None:
    pw = random_password(seed=93)
    assert not check("key_names_no_credential", pw, f"KAFKA_CLIENT_PASSWORDS: {pw}", "KAFKA_CLIENT_PASSWORDS")
    assert check("key_names_no_credential", pw, f'"botpasswords-label-appid": "{pw}"', "botpasswords-label-appid")


# --- validation rules and stand-in people (sdist and Debian sweeps) ---------------------------

@pytest.mark.parametrize("value", ["required|string", "required|min:8|confirmed", "trim|required|min_length[8]",
                                   "nullable|string|max:255", "required|min:8|regex:/[a-z]/|confirmed"])
def test_validation_rules_positive(value: str) -> None:
    assert check("validation_rules", value, key="password")


@pytest.mark.parametrize("value", ["Xq7|vB2k|pL9z", "required", "horse|battery", "kT9#mQ2|required!", "a|b"])
def test_validation_rules_negative(value: str) -> None:
    assert not check("validation_rules", value, key="password")


@pytest.mark.parametrize("value", ["johndoe", "JaneDoe", "j.doe", "john_doe42"])
def test_the_stand_in_person_is_a_placeholder(value: str) -> None:
    assert check("placeholder", value, key="password1")


@pytest.mark.parametrize("value", ["johndoe7Xq2", "doeling", "jdoeskin"])
def test_a_name_inside_a_longer_value_is_not_the_stand_in(value: str) -> None:
    assert not check("placeholder", value, key="password1")


def test_a_hex_digest_under_a_verifier_name_is_a_check_value_not_a_password() -> None:
    assert check("hash_or_digest", HEX_64.upper(), key="MasterPasswordVerifier")
    assert not check("hash_or_digest", HEX_64.upper(), key="MasterPassword")


@pytest.mark.parametrize("value", ["WP_DATA", "app:v2:cart", "todo-list"])
def test_a_storage_slot_spelled_in_short_parts_is_a_name(value: str) -> None:
    assert check("storage_key_name", value, key="DEFAULT_STORAGE_KEY", language="javascript")


def test_a_storage_account_key_is_not_a_slot_name() -> None:
    assert not check("storage_key_name", high_entropy(seed=9, length=86) + "==", key="storageKey")
    assert not check("storage_key_name", "Xk9_mQ2v_Lp7w_Tz4n", key="STORAGE_KEY")
