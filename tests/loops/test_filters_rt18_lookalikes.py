"""Filter fixes for the eighteenth red-team round (a precision set: values that look like secrets and are
not): values encrypted by a secrets tool, stored password hashes in PostgreSQL's and htpasswd's forms,
references into a secret manager, key-derivation test vectors, cache keys built from a digest, and
browser SDK keys their providers document as public. Each comes with a real credential in the same
place that stays shown. Every value is made up here (random bytes or tests/support/tokens.py)."""

from __future__ import annotations

import base64
import random
import string

import pytest

from tests.loops.test_filters_db_corpus import check
from tests.loops.test_fp_corpus_classes import hidden, outcomes
from tests.support.filter_checks import IN_TEST
from tests.support.tokens import high_entropy, random_chars, random_password

_R = random.Random(180318)
_HEX = "0123456789abcdef"
_CRYPT = "./" + string.ascii_letters + string.digits


def _b64(n: int) -> str:
    return base64.b64encode(bytes(_R.randrange(256) for _ in range(n))).decode()


def _hex(n: int) -> str:
    return random_chars(_R, n, _HEX)


def _pw() -> str:
    while True:
        v = random_password(seed=_R.randrange(1 << 30))
        if v[0].isalpha():
            return v


def require_only_the_credential_shown(text: str, path: str) -> None:
    """Fail (never naming the value) unless exactly one candidate is shown: the planted credential; the
    look-alikes beside it may be dismissed or not found at all."""
    __tracebackhide__ = True
    statuses = outcomes(text, path)
    if sum(s != "dismissed" for s in statuses) != 1:
        pytest.fail(f"{path}: expected the planted credential alone to be shown ({statuses})")


def _sops() -> str:
    return f"ENC[AES256_GCM,data:{_b64(18)},iv:{_b64(32)},tag:{_b64(16)},type:str]"


# --- values encrypted by a secrets tool ---------------------------------------------------------------------

def _envelopes() -> list[str]:
    return [
        _sops(),
        f"ENC({_b64(48)})",  # Jasypt
        f"EJ[1:{_b64(32)}:{_b64(24)}:{_b64(40)}]",  # ejson
        f"encrypted:{_b64(90)}",  # dotenvx
        f"vault:v1:{_b64(48)}",  # Vault transit
        f"ENC[PKCS7,{_b64(160)}]",  # hiera-eyaml
        f"{{cipher}}{_hex(96)}",  # Spring Cloud Config
        "{AQAAABAAAA" + _b64(40) + "}",  # Jenkins hudson.util.Secret
    ]


@pytest.mark.parametrize("value", _envelopes())
def test_encrypted_envelopes_are_dismissed(value: str) -> None:
    assert check("encrypted_value", value, f'  "db_password": "{value}",', "db_password", "json")


def test_encrypted_files_are_hidden() -> None:
    assert hidden(f'{{\n  "db_password": "{_sops()}",\n  "jwt_secret": "{_sops()}"\n}}\n', "secrets/prod/app.enc.json")
    assert hidden(f"[ldap]\nbind_password = \"ENC({_b64(48)})\"\n", "config/app.conf")
    assert hidden(f"CARD_SECRET=vault:v3:{_b64(56)}\n", "vault/transit.env")
    assert hidden(f'      password: "{{AQAAABAAAA{_b64(40)}}}"\n', "jenkins/casc/credentials.yaml")


def test_a_kms_ciphertext_under_an_encrypted_name_is_dismissed() -> None:
    value = "AQICAHh" + _b64(150)
    assert check("encrypted_value", value, f'    "DB_PASSWORD_ENCRYPTED": "{value}",', "DB_PASSWORD_ENCRYPTED", "json")
    assert check("encrypted_value", value, f"api_key_ciphertext: {value}", "api_key_ciphertext", "yaml")
    assert hidden(f"db_password_encrypted: {value}\napi_key_ciphertext: AQICAHh{_b64(140)}\n", "kms/encrypted-config.yaml")


def test_plain_credentials_beside_encrypted_ones_stay_shown() -> None:
    pw, key = _pw(), high_entropy(seed=_R.randrange(1 << 30), length=40)
    assert not check("encrypted_value", pw, f"password = {pw}", "password", "ini")
    assert not check("encrypted_value", key, f"encryption_key: {key}", "encryption_key", "yaml")  # the key itself
    assert not check("encrypted_value", f"ENC({pw})", f"password=ENC({pw})", "password", "properties")  # no base64
    require_only_the_credential_shown(f"[smtp]\npassword = ENC({_b64(48)})\n[ldap]\nbind_password = {pw}\n", "config/app.conf")
    require_only_the_credential_shown(f"CARD_TOKEN_CIPHERTEXT=vault:v1:{_b64(48)}\nVAULT_TOKEN=hvs.{high_entropy(seed=3, length=24)}\n",
                  "vault/transit.env")
    require_only_the_credential_shown(f"spring:\n  datasource:\n    password: '{{cipher}}{_hex(96)}'\n  mail:\n    password: {pw}\n",
                  "spring/config-server/application.yml")


# --- stored password hashes: PostgreSQL's forms, htpasswd entries, Compose's $$ ---------------------------

def test_postgres_stored_hashes_are_dismissed() -> None:
    md5 = "md5" + _hex(32)
    scram = f"SCRAM-SHA-256$4096:{_b64(16)}${_b64(32)}:{_b64(32)}"
    for value in (md5, scram):
        assert check("hash_or_digest", value, f'    password: "{value}"', "password", "yaml")
    assert hidden(f'roles:\n  - name: app\n    password: "{md5}"\n  - name: report\n    password: "{scram}"\n',
                  "postgres/roles.yaml")


def test_htpasswd_entries_with_compose_escaping_are_dismissed() -> None:
    apr1 = f"admin:$$apr1$${random_chars(_R, 8, _CRYPT)}$${random_chars(_R, 22, _CRYPT)}"
    bcrypt = f"ops:$$2y$$05$${random_chars(_R, 53, _CRYPT)}"
    for value in (apr1, bcrypt, bcrypt.replace("$$", "$")):
        assert check("hash_or_digest", value, f'      - "traefik.http.middlewares.a.basicauth.users={value}"', None, "yaml")
    assert hidden(f'services:\n  d:\n    labels:\n      - "traefik.http.middlewares.auth.basicauth.users={apr1}"\n',
                  "compose/traefik-labels.yml")


def test_plain_passwords_in_the_hash_places_stay_shown() -> None:
    pw = _pw()
    assert not check("hash_or_digest", f"admin:{pw}", f"users=admin:{pw}", None, "yaml")
    assert not check("hash_or_digest", "md5" + pw, f'password: "md5{pw}"', "password", "yaml")
    require_only_the_credential_shown(f'roles:\n  - name: app\n    password: "md5{_hex(32)}"\n  - name: report\n    password: "{pw}"\n',
                  "postgres/roles.yaml")


# --- references into a secret manager --------------------------------------------------------------------

@pytest.mark.parametrize("value", [
    "@Microsoft.KeyVault(SecretUri=https://kv-prod.vault.azure.net/secrets/db-password/" + "0" * 8 + _hex(24) + ")",
    "@Microsoft.KeyVault(VaultName=kv-prod;SecretName=dp-keyring)",
    "https://kv-prod.vault.azure.net/secrets/api-key/" + _hex(32),
    "projects/123456789012/secrets/db-password/versions/3",
    "projects/acme-prod/secrets/api-key",
])
def test_secret_manager_references_are_dismissed(value: str) -> None:
    assert check("secret_manager_reference", value, f'  "DbPassword": "{value}",', "DbPassword", "json")


def test_a_password_beside_a_key_vault_reference_stays_shown() -> None:
    pw = _pw()
    assert not check("secret_manager_reference", pw, f'  "DbPassword": "{pw}",', "DbPassword", "json")
    assert hidden('{\n  "DbPassword": "@Microsoft.KeyVault(SecretUri=https://kv-prod.vault.azure.net/secrets/db-password/'
                  + _hex(32) + ')"\n}\n', "azure/keyvault-refs.json")
    require_only_the_credential_shown(f'{{\n  "Jwt": {{"Key": "@Microsoft.KeyVault(VaultName=kv;SecretName=jwt)"}},\n  "DbPassword": "{pw}"\n}}\n',
                  "dotnet/appsettings.Production.json")


# --- key-derivation test vectors -----------------------------------------------------------------------------

def test_kdf_vectors_in_tests_are_dismissed() -> None:
    pw_hex = _hex(24)
    line = f'    {{"tcId": 2, "password": "{pw_hex}", "salt": "{_hex(32)}", "iterations": 1000, "dk": "{_hex(64)}"}},'
    assert check("crypto_test_vector", pw_hex, line, "password", "json", IN_TEST)


def test_a_hex_password_outside_a_vector_stays_shown() -> None:
    pw_hex = _hex(24)
    assert not check("crypto_test_vector", pw_hex, f'    "password": "{pw_hex}",', "password", "json", IN_TEST)
    line = f'    {{"password": "{pw_hex}", "salt": "{_hex(32)}", "iterations": 1000, "dk": "{_hex(64)}"}},'
    assert not check("crypto_test_vector", pw_hex, line, "password", "json")  # outside tests


# --- a cache key built from a digest ---------------------------------------------------------------------------

def test_cache_keys_ending_in_a_digest_are_dismissed() -> None:
    value = "secrets-" + _hex(40)
    assert check("storage_key_name", value, f'  secret_cache_key: "{value}"', "secret_cache_key", "yaml")
    assert check("storage_key_name", "linux-deps-" + _hex(64), "CACHE_KEY=linux-deps-x", "CACHE_KEY", "dotenv")


def test_random_values_under_cache_or_session_names_stay_shown() -> None:
    key = high_entropy(seed=_R.randrange(1 << 30), length=32)
    assert not check("storage_key_name", key, f"cache_key: {key}", "cache_key", "yaml")
    assert not check("storage_key_name", "flask-" + _hex(32), "SESSION_KEY=flask-x", "SESSION_KEY", "dotenv")


# --- browser SDK keys documented as public -----------------------------------------------------------------

def test_public_browser_sdk_keys_are_dismissed() -> None:
    dd = "pub" + _hex(32)
    ph = "phc_" + high_entropy(seed=_R.randrange(1 << 30), length=43)
    assert check("public_by_format", dd, f'datadogRum.init({{ clientToken: "{dd}" }});', "clientToken", "typescript")
    assert check("public_by_format", ph, f'posthog.init("{ph}");', None, "typescript")
    assert hidden(f'datadogRum.init({{ applicationId: "app", clientToken: "{dd}", site: "datadoghq.eu" }});\n',
                  "web/src/analytics.ts")


def test_secret_keys_in_the_sdk_places_stay_shown() -> None:
    api_key = _hex(32)
    assert not check("public_by_format", api_key, f'clientToken: "{api_key}"', "clientToken", "typescript")
    phx = "phx_" + high_entropy(seed=_R.randrange(1 << 30), length=43)
    assert not check("public_by_format", phx, f'POSTHOG_PERSONAL_API_KEY="{phx}"', "POSTHOG_PERSONAL_API_KEY", "dotenv")
    require_only_the_credential_shown(f'const dd = {{ clientToken: "pub{_hex(32)}" }};\nconst DD_API_KEY = "{api_key}";\n',
                  "web/src/analytics.ts")


# --- Maven's encrypted passwords, Jupyter's hashed ones -----------------------------------------------------

def test_maven_encrypted_passwords_are_dismissed() -> None:
    value = "{" + _b64(32) + "}"
    assert check("encrypted_value", value, f"      <password>{value}</password>", "password", "xml")
    assert hidden(f"<settings><servers><server>\n  <id>nexus</id>\n  <password>{value}</password>\n</server></servers></settings>\n",
                  "maven/settings.xml")


def test_a_plain_maven_password_stays_shown() -> None:
    pw = _pw()
    assert not check("encrypted_value", pw, f"<password>{pw}</password>", "password", "xml")
    assert not check("encrypted_value", "{" + pw + "}", f"<password>{{{pw}}}</password>", "password", "xml")
    require_only_the_credential_shown(
        f"<servers>\n<server>\n  <password>{{{_b64(32)}}}</password>\n</server>\n<server>\n  <password>{pw}</password>\n"
        "</server>\n</servers>\n", "maven/settings.xml")


def test_jupyter_hashed_passwords_are_dismissed() -> None:
    value = f"sha1:{_hex(12)}:{_hex(40)}"
    assert check("hash_or_digest", value, f"c.NotebookApp.password = u'{value}'", "c.NotebookApp.password", "python")
    assert hidden(f"c = get_config()\nc.NotebookApp.password = u'{value}'\n", "jupyter/jupyter_server_config.py")


def test_a_jupyter_token_beside_the_hash_stays_shown() -> None:
    token = _hex(48)
    assert not check("hash_or_digest", token, f'c.ServerApp.token = "{token}"', "c.ServerApp.token", "python")
    require_only_the_credential_shown(f"c.NotebookApp.password = u'sha1:{_hex(12)}:{_hex(40)}'\nc.ServerApp.token = \"{token}\"\n",
                                      "jupyter/jupyter_server_config.py")


# --- OpenPGP key IDs under git's signingkey or a gpg name ---------------------------------------------------

@pytest.mark.parametrize("key,value", [
    ("signingkey", random_chars(_R, 16, "0123456789ABCDEF")),
    ("signingkey", random_chars(_R, 40, "0123456789ABCDEF")),
    ("GPG_KEY_ID", "0x" + random_chars(_R, 16, "0123456789ABCDEF")),
    ("pgp_fingerprint", random_chars(_R, 40, "0123456789abcdef")),
])
def test_openpgp_key_ids_are_dismissed(key: str, value: str) -> None:
    assert check("openpgp_key_id", value, f"    {key} = {value}", key, "ini")


def test_signing_secrets_stay_shown() -> None:
    hmac_key = _hex(40)
    assert not check("openpgp_key_id", hmac_key, f"SIGNING_KEY={hmac_key}", "SIGNING_KEY", "dotenv")  # an HMAC key
    assert not check("openpgp_key_id", hmac_key, f"webhook_secret: {hmac_key}", "webhook_secret", "yaml")
    assert hidden(f"[user]\n    email = ops@acmecorp.io\n    signingkey = {random_chars(_R, 16, '0123456789ABCDEF')}\n",
                  "git/.gitconfig")
    gpg_pass = _pw()
    assert not check("openpgp_key_id", gpg_pass, f"GPG_PASSPHRASE={gpg_pass}", "GPG_PASSPHRASE", "dotenv")


# --- Helm's existingSecret names ---------------------------------------------------------------------------

@pytest.mark.parametrize("key,value", [("existingSecret", "webhook-tls"), ("existing_secret", "postgresql-credentials"),
                                       ("existingPasswordSecret", "redis-auth-v2")])
def test_existing_secret_names_are_dismissed(key: str, value: str) -> None:
    assert check("existing_secret_name", value, f"  {key}: {value}", key, "yaml")


def test_a_password_under_an_existing_name_stays_shown() -> None:
    for value in (_pw(), random_chars(_R, 16, "abcdefghijklmnopqrstuvwxyz0123456789")):
        assert not check("existing_secret_name", value, f"  existingSecret: {value}", "existingSecret", "yaml")
    assert not check("existing_secret_name", "webhook-tls", "  secret: webhook-tls", "secret", "yaml")


def test_a_kms_ciphertext_blob_is_dismissed_by_its_header() -> None:
    value = "AQECAHg" + _b64(150)
    assert check("encrypted_value", value, f'    payload = "{value}"', "payload", "terraform")
    assert check("encrypted_value", value, f'DB_PASSWORD="{value}"', "DB_PASSWORD", "dotenv")
    other = _b64(150)  # random base64 of the same length: no KMS header
    assert not check("encrypted_value", other, f'DB_PASSWORD="{other}"', "DB_PASSWORD", "dotenv")
