"""Credentials passed in code to SDK clients, constructors and login calls, on whole snippets.

The rules' own examples are single lines (tests/loops/test_rules.py); here the widened rules meet
the multi-line code they are written for and the same calls fed from variables or the
environment. Values are synthetic (tests/support/tokens.py) and assertion messages never print them.
"""

from __future__ import annotations

import base64
import random
import string

from secretloop.loops.detect import Detector
from secretloop.loops.rules.catalogue import load_catalogue
from tests.support.rule_cases import rule_hits as _hits
from tests.support.tokens import aws_access_key_id, random_chars

DETECTOR = Detector(load_catalogue())
RNG = random.Random(1616)


def _val(n: int = 16, alphabet: str = string.ascii_letters + string.digits) -> str:
    while True:
        v = random_chars(RNG, n, alphabet)
        if any(c.isdigit() for c in v) and any(c.isupper() for c in v) and any(c.islower() for c in v):
            return v


def test_azure_key_credentials_literal_but_not_variables() -> None:
    key = base64.b64encode(RNG.randbytes(64)).decode()
    secret = _val(34)
    code = (
        'var credential = new StorageSharedKeyCredential("acmestorage", "%s");\n'
        "var fromEnv = new StorageSharedKeyCredential(accountName, Environment.GetEnvironmentVariable(\"STORAGE_KEY\"));\n"
        'var app = new ClientSecretCredential("tenant-id", "client-id", "%s");\n'
        "var app2 = new ClientSecretCredential(tenantId, clientId, clientSecret);\n"
    ) % (key, secret)
    hits = _hits("credential-constructor-literal", code)
    assert len(hits) == 2 and key in hits[0] and secret in hits[1], "only the two literal credentials"


def test_twilio_token_after_sid_variable() -> None:
    token = random_chars(RNG, 32, "0123456789abcdef")
    code = (
        "from twilio.rest import Client\n"
        'account_sid = os.environ["TWILIO_ACCOUNT_SID"]\n'
        'client = Client(account_sid, "%s")\n'
        "client2 = Client(account_sid, auth_token)\n"
    ) % token
    hits = _hits("twilio-credentials-pair", code)
    assert len(hits) == 1 and token in hits[0], "only the literal auth token"


def test_aws_key_pair_arguments() -> None:
    key_id, secret = aws_access_key_id(), _val(40, string.ascii_letters + string.digits + "/+")
    code = (
        'BasicAWSCredentials creds = new BasicAWSCredentials("%s", "%s");\n'
        'BasicAWSCredentials other = new BasicAWSCredentials("%s", props.getSecretKey());\n'
    ) % (key_id, secret, key_id)
    hits = _hits("aws-access-key-pair-arguments", code)
    assert len(hits) == 1 and secret in hits[0], "only the literal secret"


def test_stackexchange_redis_configuration_string() -> None:
    pw = _val(14)
    code = (
        'var redis = ConnectionMultiplexer.Connect("cache.acmecorp.io:6380,password=%s,ssl=True");\n'
        'var local = ConnectionMultiplexer.Connect($"{host}:6379,password={password}");\n'
        'var fromCfg = ConnectionMultiplexer.Connect(configuration.GetConnectionString("Redis"));\n'
    ) % pw
    hits = _hits("redis-configuration-string-password", code)
    assert len(hits) == 1 and pw in hits[0], "only the literal configuration string"


def test_doobie_sttp_hackney_and_commons_email() -> None:
    pws = [_val(12) for _ in range(4)]
    code = (
        'val xa = Transactor.fromDriverManager[IO]("org.postgresql.Driver", "jdbc:postgresql://db/app", "app", "%s")\n'
        'val req = basicRequest.auth.basic("svc", "%s").get(uri"https://api.acmecorp.io")\n'
        'HTTPoison.get(url, [], hackney: [basic_auth: {"svc", "%s"}])\n'
        'email.setAuthenticator(new DefaultAuthenticator("alerts@acmecorp.io", "%s"));\n'
        'val xb = Transactor.fromDriverManager[IO]("org.postgresql.Driver", url, user, pass)\n'
        "val req2 = basicRequest.auth.basic(user, pass)\n"
    ) % tuple(pws)
    found = [m for m in DETECTOR.find(code)
             if m.rule_id in ("positional-login-call-password", "credential-constructor-literal", "jdbc-url-user-password-args")]
    lines = sorted({code.count("\n", 0, m.start) for m in found})
    assert lines == [0, 1, 2, 3], "the four literal passwords and not the variables"


def test_login_with_arguments_on_their_own_lines() -> None:
    pw = _val(14)
    code = (
        'server = smtplib.SMTP_SSL("smtp.acmecorp.io", 465)\n'
        "server.login(\n"
        '    "alerts@acmecorp.io",\n'
        '    "%s",\n'
        ")\n"
        "other.login(\n"
        '    "alerts@acmecorp.io",\n'
        '    os.environ["SMTP_PASSWORD"],\n'
        ")\n"
    ) % pw
    hits = _hits("basic-auth-literal-pair", code)
    assert len(hits) == 1 and pw in hits[0], "only the literal password"


def test_spring_directory_entry_ssh2_and_rust_jwt() -> None:
    pws = [_val(12) for _ in range(3)]
    key = _val(32)
    code = (
        'RestTemplate rest = new RestTemplateBuilder().basicAuthentication("svc", "%s").build();\n'
        'var entry = new DirectoryEntry("LDAP://dc01.acmecorp.io", "ACME\\\\svc-ad", "%s");\n'
        'sess.userauth_password("deploy", "%s")?;\n'
        'let enc = EncodingKey::from_secret("%s".as_ref());\n'
        "RestTemplate r2 = builder.basicAuthentication(props.getUser(), props.getPassword()).build();\n"
        'var e2 = new DirectoryEntry("LDAP://dc01.acmecorp.io", user, password);\n'
        "sess.userauth_password(&user, &password)?;\n"
        "let dec = DecodingKey::from_secret(secret.as_ref());\n"
    ) % (pws[0], pws[1], pws[2], key)
    found = [m for m in DETECTOR.find(code) if m.rule_id in (
        "credential-constructor-literal", "positional-login-call-password", "hmac-signing-key-literal")]
    lines = sorted({code.count("\n", 0, m.start) for m in found})
    assert lines == [0, 1, 2, 3], "the four literals and none of the variables"
