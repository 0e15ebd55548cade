"""Filter fixes for what a sweep of 39 security and auth libraries' sdists (authlib, msal, paramiko,
pymongo, django-allauth, python-gitlab, asyncssh, …) and red-team set 22 confirmed wrongly: a format's
prefix before a stub or before words, field-name tuples, expires_in, SSH and MongoDB method names, a
specification's URL under a token's name, and client tokens made to ship in apps. Next to each, a real
credential in the same place stays shown. Every value is made up here (random characters or words)."""

from __future__ import annotations

import random
import string

import pytest

from tests.loops.test_filters_db_corpus import check
from tests.loops.test_fp_corpus_classes import hidden, not_shown, require_shown
from tests.support.tokens import high_entropy, random_password

_R = random.Random(20261203)


def _key(length: int = 32) -> str:
    return high_entropy(seed=_R.randrange(1 << 30), length=length)


def _lower_alnum(n: int) -> str:
    return "".join(_R.choice(string.ascii_lowercase + string.digits) for _ in range(n))


# --- a token format's prefix before a stub: the reader's token goes there ----------------------------------

@pytest.mark.parametrize("body", ["xxx", "XXXX", "x", "1234", "xxxxxxxxxx"])
def test_a_stub_after_a_prefix_is_a_stand_in(body: str) -> None:
    assert check("stub_after_prefix", body, f"STRIPE_SECRET_KEY=sk_live_{body}", "STRIPE_SECRET_KEY", "dotenv")


@pytest.mark.parametrize("line", ["STRIPE_SECRET_KEY=sk_live_xxx", "API_SECRET=sk_live_XXXX"])
def test_stub_values_in_config_are_hidden(line: str) -> None:
    assert hidden(line + "\n", "shop/.env")


def test_a_generated_body_after_a_prefix_is_no_stub() -> None:
    body = _key(24)
    assert not check("stub_after_prefix", body, f"API_SECRET=sk_live_{body}", "API_SECRET", "dotenv")
    require_shown(f"API_SECRET=sk_live_{body}\n", "shop/.env")


# --- words spelled apart after a prefix: glpat-python-gitlab-token_ ------------------------------------------

@pytest.mark.parametrize("body", ["python-gitlab-token_", "my-personal-access-token", "example_deploy_token_value"])
def test_words_apart_after_a_prefix_are_an_example(body: str) -> None:
    assert check("words_after_prefix", body, f"token.set_token('glpat-{body}')", None, "ruby")


def test_a_documented_word_token_is_hidden_and_a_generated_one_shown() -> None:
    assert hidden("token = user.personal_access_tokens.create!\ntoken.set_token('glpat-python-gitlab-token_')\n",
                  "scripts/set_token.rb")
    body = _key(20)
    assert not check("words_after_prefix", body, f"token.set_token('glpat-{body}')", None, "ruby")
    require_shown(f"token.set_token('glpat-{body}')\n", "scripts/set_token.rb")


# --- expires_in: a preposition after a describing word -------------------------------------------------------

@pytest.mark.parametrize("key", ["id_token_expires_in", "access_token_expires_at", "refresh_token_expires_after"])
def test_an_expiry_with_a_preposition_describes_the_token(key: str) -> None:
    assert check("describing_key_name", "expires", f'("{key}", "expires"),', key)


def test_a_field_mapping_is_hidden_and_a_token_pair_shown() -> None:
    assert hidden('EXTRA_DATA = [\n    ("id_token_expires_in", "expires"),\n]\n', "social/backends/b2c.py")
    require_shown(f'headers = [("x-auth-token", "{_key(24)}")]\n', "client/session.py")


# --- a tuple of field names assigned to a name that lists fields ---------------------------------------------

@pytest.mark.parametrize("line", ['    readonly_fields = ("secret", "created_at")',
                                  '    list_display = ["name", "secret", "client_type"]',
                                  "    exclude = ('token', 'last_used')"])
def test_field_lists_are_names_of_fields(line: str) -> None:
    value = line.rsplit('"' if '"' in line else "'", 2)[-2]
    assert check("field_name_list", value, line, None)


def test_field_tuples_are_hidden_and_a_credential_pair_shown() -> None:
    assert not_shown('class ClientAdmin(admin.ModelAdmin):\n    readonly_fields = ("secret", "created_at")\n', "idp/admin.py")
    pw = random_password(seed=_R.randrange(1 << 30))
    require_shown(f'os.environ.setdefault("DB_PASSWORD", "{pw}")\n', "app/settings.py")


# --- SSH methods and MongoDB mechanisms are names of methods ---------------------------------------------------

@pytest.mark.parametrize("key,value", [("preferred_auth", "gssapi-keyex"), ("preferred_auth", "keyboard-interactive"),
                                       ("auth_mech", "MONGODB-OIDC"), ("authMech", "MONGODB-X509")])
def test_method_names_are_not_credentials(key: str, value: str) -> None:
    assert check("auth_method_name", value, f'{key}="{value}"', key)


def test_method_names_in_code_are_hidden() -> None:
    assert hidden("conn = connect(host, username='ckey', preferred_auth='gssapi-keyex')\n", "client/connect.py")
    assert hidden('if auth_mech != "MONGODB-OIDC":\n    pass\n', "client/auth.py")


# --- a specification's URL under a token's name ----------------------------------------------------------------

def test_a_url_of_words_and_versions_is_no_credential() -> None:
    url = "http://docs.oasis-open.org/wss/oasis-wss-saml-token-profile-1.1#SAMLV1.1"
    assert check("file_path_or_url_without_credentials", url, f'WSS_SAML_TOKEN_PROFILE_V1_1 = "{url}"',
                 "WSS_SAML_TOKEN_PROFILE_V1_1")
    assert hidden(f'WSS_SAML_TOKEN_PROFILE_V1_1 = "{url}"\n', "msal/wstrust_response.py")


def test_a_url_with_a_random_segment_is_not_cleared() -> None:
    url = f"https://hooks.example.net/services/{_key(24)}"
    assert not check("file_path_or_url_without_credentials", url, f'WEBHOOK_SECRET = "{url}"', "WEBHOOK_SECRET")


# --- client tokens made to ship in apps, and Mixpanel's project token ------------------------------------------

def test_public_client_tokens_are_hidden() -> None:
    assert hidden(f"export const clientToken = 'live_{_lower_alnum(27)}'\n", "billing/paddle.ts")
    assert hidden(f'FACEBOOK_CLIENT_TOKEN = "{_lower_alnum(32)}"\n', "app/settings.py")
    assert hidden(f"MIXPANEL_PROJECT_TOKEN = '{_key(32)}'\n", "analytics/settings.py")


def test_secrets_beside_them_stay_shown() -> None:
    require_shown(f"MIXPANEL_API_SECRET = '{_key(32)}'\n", "analytics/settings.py")
    require_shown(f'{{\n  "client_token": "{_key(32)}"\n}}\n', "config/vault-login.json")
    require_shown(f"PADDLE_API_KEY = '{_key(40)}'\n", "billing/settings.py")


# --- modular-crypt hashes passlib knows, and MySQL's PASSWORD() ------------------------------------------------

def _crypt64(n: int) -> str:
    return "".join(_R.choice("./" + string.digits + string.ascii_letters) for _ in range(n))


@pytest.mark.parametrize("make", [
    lambda: f"$sha1${_R.randrange(1000, 99999)}${_crypt64(8)}${_crypt64(28)}",  # NetBSD sha1-crypt
    lambda: f"$md5${_crypt64(8)}${_crypt64(22)}",  # Sun md5-crypt
    lambda: f"$3$${_R.getrandbits(128):032x}",  # the NT hash in modular form
    lambda: f"$p5k2$1$${_crypt64(27)}=",  # Cryptacular's pbkdf2
    lambda: f"$y$j9T${_crypt64(22)}${_crypt64(43)}",  # yescrypt
    lambda: f"$S${_crypt64(52)}",  # Drupal 7
    lambda: "*" + f"{_R.getrandbits(160):040X}",  # MySQL 4.1+
])
def test_modular_crypt_hashes_are_hashes(make) -> None:
    value = make()
    assert check("hash_or_digest", value, f'("password", "{value}"),', "password")
    assert hidden(f'MYSQL_ROOT_PASSWORD_HASH = "{value}"\nDB_PASSWORD = "{value}"\n', "deploy/db.py")


@pytest.mark.parametrize("value", ["$ecret-Xk9mQ2vLp7", "*Xk9mQ2vLp7Tz8", "$3$Xk9mQ2vLp7"])
def test_passwords_with_a_dollar_or_a_star_are_not_hashes(value: str) -> None:
    assert not check("hash_or_digest", value, f'DB_PASSWORD = "{value}"', "DB_PASSWORD")


# --- a name, then the bracket that closes the literal around it ------------------------------------------------

def test_a_variable_before_a_closing_bracket_is_code() -> None:
    line = "                   'allowCredentials': creds}"
    assert check("code_reference", "creds}", line, "allowCredentials")
    assert hidden("options = {'challenge': challenge, 'rpId': application,\n" + line + "\n", "asyncssh/sk.py")


def test_a_random_value_before_a_closing_bracket_is_not() -> None:
    value = _key(20)
    assert not check("code_reference", value + "}", f"    'api_secret': {value}}}", "api_secret")


# --- from a sweep of 50 npm packages (next-auth, ssh2, node-forge, …) -------------------------------------------

def test_optional_chaining_is_a_member_expression() -> None:
    line = "    authorization_endpoint: provider.authorization?.url,"
    assert check("code_reference", "provider.authorization?.url", line, "authorization_endpoint", "typescript")
    assert not_shown("const issuer = {\n" + line + "\n}\n", "src/core/lib/oauth/client.ts")


def test_a_url_whose_parameters_describe_a_token_is_no_credential() -> None:
    url = "https://www.idp-cloud.net/oauth2/authorize?token_access_type=offline&scope=account_info.read"
    assert check("file_path_or_url_without_credentials", url, f'authorization: "{url}",', "authorization", "javascript")
    assert hidden(f'  authorization: "{url}",\n', "providers/idp.js")


def test_a_url_with_a_token_parameter_stays_shown() -> None:
    url = f"https://api.idp-cloud.net/v1/items?access_token={_key(32)}"
    assert not check("file_path_or_url_without_credentials", url, f'authorization: "{url}",', "authorization",
                     "javascript")
    require_shown(f'  authorization: "{url}",\n', "providers/idp.js")
