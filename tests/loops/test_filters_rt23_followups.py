"""Follow-ups to red-team set 23 and a sweep of 150 Debian Go/Ruby/Perl library packages: a query
parameter's start in a URL being built, generated Go enumerations, an encryption tag beside a
credential word, a password inside a connection string that no quote touches, and a random password
that happens to hold three letters of a credential word. Each class has a synthetic line written here
and, in the same place, a credential that must still be shown. Values are random (seeded)."""

from __future__ import annotations

import base64
import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import hidden, hit, not_shown, outcomes, require_shown
from tests.support.tokens import high_entropy, random_chars

_R = random.Random(23_2312)


def _typed_words_password() -> str:
    """A chosen password in the shape people type: a made-up word, an underscore, three digits."""
    word = random_chars(_R, 1, string.ascii_uppercase) + random_chars(_R, 7, string.ascii_lowercase)
    return f"{word}_{random_chars(_R, 3, string.digits)}"


# --- the start of a query parameter -----------------------------------------------------------------

@pytest.mark.parametrize("piece", ["&rscc=", "&rscd=", "?token=", "&sig=", ";jsessionid=", "&x-amz-security-token="])
def test_a_query_parameters_start_is_not_a_credential(piece: str) -> None:
    assert hit("query_parameter_start", piece, f'\t\tsasToken += "{piece}" + url.QueryEscape(v)', "sasToken", "go")


@pytest.mark.parametrize("value", ["rscc=", "&", "&sig=abc", "Xk9mQ2vLp7Zr==", "&&=", "?=", "&" + "a" * 50 + "="])
def test_a_value_after_the_parameter_or_a_padded_key_is_not_a_start(value: str) -> None:
    assert not hit("query_parameter_start", value, f'token = "{value}"', "token", "go")


def test_a_built_url_is_hidden_and_a_signature_assigned_whole_is_shown() -> None:
    code = "\n".join(['func sas(v string) string {', '\tsasToken := "?sv=" + v'] +
                     [f'\tsasToken += "&{p}=" + url.QueryEscape(v)' for p in ("rscc", "rscd", "rsce")] +
                     ['\treturn sasToken', '}'])
    assert hidden(code, "storage/sas_token.go")
    secret = high_entropy(seed=2301, length=40)
    require_shown(f'\tsasToken := "{secret}"\n', "storage/sas_token.go")


# --- generated Go enumerations ----------------------------------------------------------------------

@pytest.mark.parametrize("line,value", [
    ('\tSecretObjectTypeOpaque SecretObjectType = "Opaque"', "Opaque"),
    ('\tUpdate RegistrationTokenOperation = "Update"', "Update"),
    ('\tComputeTypeBasicComputeSecretsComputeTypeVirtualMachine ComputeTypeBasicComputeSecrets = "VirtualMachine"',
     "VirtualMachine"),
    ('\tOdataTypeMicrosoftMediaContentKeyPolicyTokenKey OdataTypeBasicTokenKey = "#Microsoft.Media.ContentKeyPolicyTokenKey"',
     "#Microsoft.Media.ContentKeyPolicyTokenKey"),
    ('\tInlinedValue SecretKind = "inlinedValue"', "inlinedValue"),
    ('\tSymmetricSecret SecretType = "symmetric"', "symmetric"),
])
def test_a_go_enum_member_named_for_its_value_is_not_a_credential(line: str, value: str) -> None:
    assert hit("go_enum_constant", value, line, "SecretType", "go")


def test_a_typed_go_constant_holding_a_password_is_still_weighed() -> None:
    secret = _typed_words_password()
    line = f'\tDefaultAdmin Password = "{secret}"'
    assert not hit("go_enum_constant", secret, line, "DefaultAdmin", "go")
    # a constant whose name only shares a short tail with the value is not named for it
    assert not hit("go_enum_constant", "Xq", '\tAdminXq Secret = "Xq"', "AdminXq", "go")
    assert hidden('const (\n\tSecretObjectTypeOpaque SecretObjectType = "Opaque"\n)\n', "sdk/enums.go")
    require_shown(f'const (\n\tDefaultAdminPassword Password = "{random_chars(_R, 14)}#{random_chars(_R, 2, string.digits)}"\n)\n',
                  "sdk/defaults.go")


# --- an encryption tag is public ----------------------------------------------------------------------

def test_an_aead_tag_beside_an_auth_word_is_not_a_credential() -> None:
    tag = base64.b64encode(_R.randbytes(16)).decode()
    assert hit("describing_key_name", tag, f'  "auth_tag": "{tag}",', "auth_tag")
    assert hidden(f'{{\n  "auth_tag": "{tag}"\n}}\n', "data_bags/apps/web.json")
    assert hit("describing_key_name", tag, f'  "token_tags": "{tag}",', "token_tags")
    assert not hit("describing_key_name", tag, f'  "auth_token": "{tag}",', "auth_token")


# --- a password inside a string that opened earlier on the line ---------------------------------------

@pytest.mark.parametrize("path,template,language", [
    ("app/ledger.php", 'curl_setopt($ch, CURLOPT_USERPWD, "ledger-svc:{pw}");', "php"),
    ("app/orders.go", 'db, err := sql.Open("mysql", "orders:{pw}@tcp(db1.internal:3306)/orders")', "go"),
])
def test_a_chosen_password_inside_a_connection_string_reaches_a_person(path: str, template: str, language: str) -> None:
    pw = _typed_words_password()
    line = template.format(pw=pw)
    assert not hit("identifier_in_code", pw, line, None, language)
    require_shown(line + "\n", path)


def test_an_unquoted_name_in_code_is_still_an_identifier() -> None:
    assert hit("identifier_in_code", "db_password", "conn = connect(host, user, db_password)", "password")
    assert hit("identifier_in_code", "userPassword", 'login("admin", userPassword)', "password", "javascript")


# --- a random password that holds "pwd" by chance ----------------------------------------------------

def test_three_letters_in_a_random_password_spell_nothing() -> None:
    while True:
        value = random_chars(_R, 6) + "pwd" + random_chars(_R, 4, string.digits) + random_chars(_R, 4)
        if any(c.isupper() for c in value):
            break
    assert not hit("value_names_credential", value, f'r = redis.Redis("cache", 6379, 0, "{value}")', None)
    assert hit("value_names_credential", "my_pwd_here", 'password = "my_pwd_here"', "password")
    assert hit("value_names_credential", "mysecretpassword", 'password = "mysecretpassword"', "password")


# --- an Azure shared access signature past its signed expiry --------------------------------------------

def _sas(expiry: str, extra: str = "") -> tuple[str, str]:
    sig = base64.b64encode(_R.randbytes(32)).decode().replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    return sig, f"sv=2018-11-09&sr=c&st=2019-03-27&se={expiry}&sp=rwl{extra}&spr=https&sig={sig}"


@pytest.mark.parametrize("expiry", ["2019-09-21", "2019-09-21T09%3A21Z", "2018-01-09T22:32:27Z", "2020-03-20T04:00:00.0000000Z"])
def test_an_expired_shared_access_signature_goes_to_a_person(expiry: str) -> None:
    # Pending, not dismissed: the status must not change with the day of the scan, and the signature shows the account key was at hand.
    sig, query = _sas(expiry)
    assert hit("expired_signature", sig, f'\t\t"?{query}",', None, "go")
    assert outcomes(f'url = "https://acct.blob.core.windows.net/c?{query}"\n', "app/storage.py") == ["pending"]


@pytest.mark.parametrize("expiry", ["2999-01-01", "2999-01-01T00:00:00Z", "not-a-date", "2019-13-45"])
def test_a_live_or_unreadable_expiry_is_still_shown(expiry: str) -> None:
    sig, query = _sas(expiry)
    assert not hit("expired_signature", sig, f'"?{query}"', None, "go")
    require_shown(f'url = "https://acct.blob.core.windows.net/c?{query}"\n', "app/storage.py")


def test_a_stored_policy_or_another_urls_expiry_does_not_count() -> None:
    sig, query = _sas("2019-09-21", extra="&si=readers")
    assert not hit("expired_signature", sig, f'"?{query}"', None, "go")
    live_sig, live = _sas("2999-01-01")
    _, old = _sas("2019-09-21")
    line = f'a = "?{old}"; b = "?{live}"'
    assert not hit("expired_signature", live_sig, line, None, "go")


# --- a catalogue keyed by its source text -----------------------------------------------------------------

@pytest.mark.parametrize("line,value", [
    ('  "Invalid email or password.": "E-mail ou mot de passe non valide.",', "E-mail ou mot de passe non valide."),
    ('  "Enter your new password": "Geben Sie Ihr neues Passwort ein",', "Geben Sie Ihr neues Passwort ein"),
    ('"Your password was changed.":"Su contraseña fue cambiada."', "Su contraseña fue cambiada."),
    # the text left untranslated: the value starts the same way the key does
    ('  "Change the password of the admin.": "Change the password of the admin.",', "Change the password of the admin."),
])
def test_a_translation_keyed_by_a_sentence_is_text(line: str, value: str) -> None:
    from tests.support.filter_checks import IN_CODE
    from secretloop.loops.filters import FILTERS_BY_NAME
    assert FILTERS_BY_NAME["catalogue_text"].check(value, line, "password", "json", IN_CODE)
    # (a value the rules do not take at all is fine too: nothing is shown either way)
    assert all(s == "dismissed" for s in outcomes("{\n" + line.rstrip(",") + "\n}\n", "web/src/assets/messages.json"))


def test_a_password_under_a_sentence_or_a_short_key_is_still_shown() -> None:
    from tests.support.filter_checks import IN_CODE
    from secretloop.loops.filters import FILTERS_BY_NAME
    check = FILTERS_BY_NAME["catalogue_text"].check
    secret = _typed_words_password() + "#" + random_chars(_R, 4)
    assert not check(secret, f'  "Enter the admin password": "{secret}",', "password", "json", IN_CODE)
    # two words are a name, not a sentence: "db password": "Mot de passe" outside a catalogue is not decided here
    assert not check("Mot de passe", '  "db password": "Mot de passe",', "password", "json", IN_CODE)
    require_shown(f'{{\n  "Enter the admin password": "{secret}"\n}}\n', "config/settings.json")


# --- words and a counted-out run of digits ------------------------------------------------------------

@pytest.mark.parametrize("value", ["key-1234567890-file-config", "test_token_987654321", "api-key-123456-demo",
                                   "sandbox.9876543210.token"])
def test_words_and_a_counting_run_are_a_stand_in(value: str) -> None:
    from tests.support.filter_checks import IN_CODE, IN_TEST
    from secretloop.loops.filters import FILTERS_BY_NAME
    check = FILTERS_BY_NAME["words_and_counting_run"].check
    assert check(value, f'app.config["MAILGUN_API_KEY"] = "{value}"', "MAILGUN_API_KEY", "python", IN_TEST)
    assert check(value, f'MAILGUN_API_KEY = "{value}"', "MAILGUN_API_KEY", "python", IN_CODE)  # a generated kind
    assert hidden(f'app.config["MAILGUN_API_KEY"] = "{value}"\n', "tests/util/test_config.py")


def test_a_chosen_password_of_that_shape_or_random_digits_are_still_weighed() -> None:
    from tests.support.filter_checks import IN_CODE, IN_TEST
    from secretloop.loops.filters import FILTERS_BY_NAME
    check = FILTERS_BY_NAME["words_and_counting_run"].check
    # a weak password in a deployed config is a real one
    assert not check("Welcome-123456", 'DB_PASSWORD = "Welcome-123456"', "DB_PASSWORD", "python", IN_CODE)
    # digits that do not count (a generated or chosen number), or a random piece beside the words
    digits = "".join(_R.choice("0123456789") for _ in range(10))
    while "123" in digits or "987" in digits:
        digits = "".join(_R.choice("0123456789") for _ in range(10))
    for value in (f"key-{digits}-file-config", f"key-1234567890-{random_chars(_R, 12)}"):
        assert not check(value, f'API_KEY = "{value}"', "API_KEY", "python", IN_TEST)
    require_shown(f'MAILGUN_API_KEY = "key-{random_chars(_R, 32, "0123456789abcdef")}"\n', "app/settings.py")


# --- a word list in Perl or Ruby code ------------------------------------------------------------------

@pytest.mark.parametrize("path,text", [
    ("lib/Net/LDAP.pm", "my %ptype = qw(\n  password        simple\n  krb41password   krbv41\n  sasl            sasl\n);\n"),
    ("lib/auth.pl", "my %kinds = qw[\n    password    plain4\n    token       bearer\n];\n"),
    ("lib/auth_kinds.rb", "KINDS = Hash[*%w(\n  password  plain4\n  token     bearer\n)]\n"),
])
def test_a_word_list_in_code_is_a_table_of_names(path: str, text: str) -> None:
    assert not_shown(text, path)
    assert any(s == "dismissed" for s in outcomes(text, path))


def test_a_password_beside_a_closed_word_list_or_in_config_is_still_weighed() -> None:
    from tests.support.filter_checks import IN_CODE
    from secretloop.loops.filters import FILTERS_BY_NAME, Surroundings
    check = FILTERS_BY_NAME["word_list_entry"].check
    pw = random_chars(_R, 10, string.ascii_lowercase + string.digits)
    closed = Surroundings(lines=("my @kinds = qw(plain bearer);",))
    assert not check(pw, f"  password  {pw}", "password", "perl", closed)
    assert not check(pw, f"  password  {pw}", "password", "text", Surroundings(lines=("qw(",)))  # a config file
    assert not check(pw, f'  password => "{pw}",', "password", "perl", Surroundings(lines=("qw(",)))
    assert not check(pw, f"  password  {pw}", "password", "perl", IN_CODE)
    require_shown(f'my %conf = (\n  password => "{random_chars(_R, 12)}#{random_chars(_R, 2, string.digits)}",\n);\n', "lib/App/Config.pm")
