"""False alarms found by scanning the configuration files, examples and documentation shipped in Debian packages
(a directory server's sample LDIF data, PHP applications' message files, MediaWiki's messages, an editor's
syntax grammars): one test per class, on synthetic lines of that shape written here, and a realistic credential
in the same place that must still be shown. Every value is made up here (random characters from
tests/support/tokens.py, or typed words)."""

from __future__ import annotations

import random

import pytest

from secretloop.loops.features import is_catalogue_path
from secretloop.loops.filters import Surroundings
from tests.loops.test_filters_db_corpus import check
from tests.loops.test_fp_corpus_classes import hidden, require_shown
from tests.support.tokens import high_entropy, random_password

_R = random.Random(20261203)
IN_CATALOGUE = Surroundings(in_catalogue=True)


def _key(length: int = 40) -> str:
    return high_entropy(seed=_R.randrange(1 << 30), length=length)


def _pw() -> str:
    # A short value ending in - _ . : reads as a format's prefix (the "fragment" filter): not what these tests are about.
    while True:
        pw = random_password(seed=_R.randrange(1 << 30))
        if pw[-1:] not in ("-", "_", ".", ":"):
            return pw


# --- a directory's sample people, under a domain reserved for examples ---------------------------------

def _ldif(password: str, domain: str = "dc=example,dc=com", mail: str = "example.com") -> str:
    return (f"dn: uid=jdoe, ou=People, {domain}\ncn: Jane Doe\nsn: Doe\nobjectclass: inetOrgPerson\n"
            f"uid: jdoe\nmail: jdoe@{mail}\ntelephonenumber: +1 408 555 0142\nuserpassword: {password}\n\n"
            f"dn: uid=rroe, ou=People, {domain}\ncn: Richard Roe\nuid: rroe\n")


@pytest.mark.parametrize("word", ["meadow", "lantern", "Harbour", "pinecone"])
def test_words_for_sample_people_in_ldif_are_hidden(word: str) -> None:
    assert hidden(_ldif(word), "share/dirsrv/data/Example.ldif")
    assert check("ldif_sample_person_password", word, f"userPassword: {word}", "userPassword", "text",
                 Surroundings(lines=("mail: jdoe@example.org",)))


def test_a_random_password_of_a_sample_person_stays_shown() -> None:
    require_shown(_ldif(_pw()), "share/dirsrv/data/Example.ldif")


def test_a_word_password_in_a_real_directory_is_not_dismissed_as_sample_data() -> None:
    # Without a reserved domain the entry may be a real person's: the sample-data filter stays out of it.
    assert not check("ldif_sample_person_password", "meadow", "userPassword: meadow", "userPassword", "text",
                     Surroundings(lines=("dn: uid=jdoe,ou=People,dc=acme,dc=co", "mail: jdoe@acme.co")))
    assert not check("ldif_sample_person_password", "meadow", "userPassword: meadow", "userPassword", "text",
                     Surroundings(lines=("dn: uid=jdoe,dc=examples,dc=com",)))


# --- PHP applications' message files: lang/<locale>/*.php, lang/<locale>.inc.php, localization/<locale>/*.inc --

@pytest.mark.parametrize("path", ["inc/lang/fi/lang.php", "lib/plugins/authldap/lang/nl/settings.php",
                                  "adminer/lang/fi.inc.php", "program/localization/fi_FI/labels.inc",
                                  "resources/lang/pt-BR/auth.php"])
def test_php_message_files_are_catalogues(path: str) -> None:
    assert is_catalogue_path(path)


@pytest.mark.parametrize("path", ["app/lang/config.php", "src/lang/Parser.php", "config/fi/database.php",
                                  "includes/db.inc", "lang/settings.inc.php"])
def test_other_php_files_are_not_catalogues(path: str) -> None:
    assert not is_catalogue_path(path)


def test_php_message_labels_are_hidden() -> None:
    text = ("<?php\n$lang['user_pass']             = 'Salasana';\n$lang['admin_password'] = "
            "'Yllä olevan käyttäjän salasana.';\n")
    assert hidden(text, "lib/plugins/usermanager/lang/fi/lang.php")
    assert hidden("<?php\n$lang = array(\n\t'Password' => 'Wachtwoord',\n);\n", "adminer/lang/nl.inc.php")


def test_a_real_secret_in_a_php_message_file_stays_shown() -> None:
    require_shown(f"<?php\n$lang['db_password'] = '{_pw()}';\n", "inc/lang/fi/lang.php")


# --- MediaWiki's messages: $1 parameters, {{PLURAL:…}}, sentences of languages spelled otherwise ----------

@pytest.mark.parametrize("value", ["Remember $1 login", "Password for $1 changed {{PLURAL:$2|once|$2 times}}",
                                   "Biarkan saya tetap masuk log"])
def test_mediawiki_messages_are_text(value: str) -> None:
    assert check("catalogue_text", value, f'    "userlogin-yourpassword": "{value}",', "userlogin-yourpassword", "json",
                 IN_CATALOGUE)


def test_a_sentence_with_a_few_unusual_words_is_text() -> None:
    value = "Ta hnyiat lyen nang zwuat ka"  # made up; words a language may spell otherwise than English
    assert check("catalogue_text", value, f'    "password-name-match": "{value}",', "password-name-match", "json",
                 IN_CATALOGUE)


@pytest.mark.parametrize("value", ["Kq$12mZp", "x$1 Qz", "$1"])
def test_dollar_signs_inside_values_are_no_parameters(value: str) -> None:
    assert not check("catalogue_text", value, f'    "password": "{value}",', "password", "json", IN_CATALOGUE)


def test_a_random_value_in_a_mediawiki_message_file_stays_shown() -> None:
    require_shown(f'{{\n  "wgDBpassword": "{_pw()}"\n}}\n', "languages/i18n/fi.json")
    require_shown(f'{{\n  "secret_key": "{_key()}"\n}}\n', "languages/i18n/fi.json")


# --- TextMate scope names under a grammar's token key ------------------------------------------------------

@pytest.mark.parametrize("value", ["comment.line.number-sign.lsl", "support.function.erlang",
                                   "string.quoted.double.elixir", "keyword.operator.haml", "meta.tag.h1.html"])
def test_textmate_scopes_are_token_classes(value: str) -> None:
    assert check("lexer_token_type", value, f'    token : "{value}",', "token", "javascript")
    assert hidden(f'var rules = {{\n    start: [ {{\n        token : "{value}",\n        regex : "#.*$"\n    }} ]\n}};\n',
                  "modules/ace/mode-lsl.js")


@pytest.mark.parametrize("value", ["a1b2.c3d4", "sessionKey.value", "Xk9.PqR"])
def test_other_dotted_values_are_no_scopes(value: str) -> None:
    assert not check("lexer_token_type", value, f'    token : "{value}",', "token", "javascript")


def test_a_real_token_in_a_grammar_file_stays_shown() -> None:
    require_shown(f'var config = {{\n    accessToken: "{_key()}",\n}};\n', "modules/ace/mode-lsl.js")


def test_mediawiki_message_files_are_catalogues() -> None:
    assert is_catalogue_path("languages/messages/MessagesFi.php")
    assert is_catalogue_path("languages/messages/MessagesZh_hant.php")
    assert not is_catalogue_path("src/MessagesController.php")
    assert not is_catalogue_path("languages/Messages.php")


def test_special_page_aliases_are_hidden() -> None:
    text = "<?php\n$specialPageAliases = [\n\t'ChangePassword' => [ 'Vaihda_salasana', 'Salasanan_vaihto' ],\n];\n"
    assert hidden(text.replace("_", " ").replace("$specialPageAliases", "$aliases"), "languages/messages/MessagesFi.php")


# --- an e-mail address (or a pattern of them) under an "auth" key ---------------------------------------------

@pytest.mark.parametrize("value", ["*@mail.example.org", "noreply@accounts.example.com", "billing@*.example.net"])
def test_email_addresses_are_no_credentials(value: str) -> None:
    assert check("email_address_value", value, f"def_welcomelist_auth {value}", "def_welcomelist_auth", "text")


@pytest.mark.parametrize("value", ["noreply@accounts.mailer.net", "billing-notices@shop.vendor.co.uk"])
def test_email_address_lists_are_hidden(value: str) -> None:
    assert hidden(f"def_welcomelist_auth {value}\n", "share/spamassassin/60_welcomelist_auth.cf")


@pytest.mark.parametrize("value,key", [("p@ss.word", "password"), ("Xk9@Qz.io", "secret"), ("user@host", "auth")])
def test_address_shaped_passwords_are_kept(value: str, key: str) -> None:
    assert not check("email_address_value", value, f"{key} = {value}", key, "text")


def test_a_real_secret_under_an_auth_key_stays_shown() -> None:
    require_shown(f"smtp_auth_secret = {_key()}\n", "etc/mail/relay.conf")


# --- a negated expression in code -------------------------------------------------------------------------

def test_negated_member_expressions_are_code() -> None:
    assert check("code_reference", "!this.anonymous", "    withCredentials: !this.anonymous,", "withCredentials",
                 "javascript")
    assert not check("code_reference", "!Xk9.Pq7z", "token = !Xk9.Pq7z", "token", "text")


# --- a PKCS #11 URI's labels --------------------------------------------------------------------------------

@pytest.mark.parametrize("label", ["PIV_II%20%28PIV%20Card%20Holder%20pin%29;object=SIGN%20cert",
                                   "My%20Smart%20Card", "SoftHSM%20Token;id=%01"])
def test_pkcs11_token_labels_are_no_credentials(label: str) -> None:
    line = f"openconnect -c 'pkcs11:model=PKCS%2315%20emulated;manufacturer=piv_II;token={label}'"
    assert check("pkcs11_uri_label", label, line, "token", "text")
    assert hidden(line + "\n", "share/doc/openconnect/html/pkcs11.html")


def test_a_pin_value_and_a_web_token_stay_shown() -> None:
    pin = _pw()
    assert not check("pkcs11_uri_label", pin, f"pkcs11:token=Card;pin-value={pin}", "pin-value", "text")
    require_shown(f"curl 'https://api.example.net/v1/items?token={_key(32)}'\n", "deploy/fetch.sh")


# --- an LDAP distinguished name under an auth key ------------------------------------------------------------

@pytest.mark.parametrize("value", ["cn=reader,ou=People,dc=example,dc=org", "uid=binder,ou=Services,o=Acme",
                                   "dc=mail,dc=internal"])
def test_ldap_dns_are_names(value: str) -> None:
    assert check("ldap_dn_value", value, f"auth_bind_userdn = {value}", "auth_bind_userdn", "text")
    assert hidden(f"auth_bind_userdn = {value}\n", "etc/dovecot/dovecot-ldap.conf.ext")


@pytest.mark.parametrize("value", ["Xk9=ab,Qz", "cn=Xk9mQ2vL", "o=3fa9c01b7e2d"])
def test_other_values_with_equals_signs_are_no_dns(value: str) -> None:
    assert not check("ldap_dn_value", value, f"auth_secret = {value}", "auth_secret", "text")


def test_a_bind_password_next_to_a_dn_stays_shown() -> None:
    require_shown(f"auth_bind_userdn = cn=reader,dc=corp,dc=lan\nauth_bind_password = {_pw()}\n"
                  .split("\n", 1)[1], "etc/dovecot/dovecot-ldap.conf.ext")


# --- PHP's interpolation inside a generated file's text ----------------------------------------------------

@pytest.mark.parametrize("value", ["{$this->values[", "{$dbPassword}", "{$conf['secret_key']}"])
def test_php_interpolations_are_templates(value: str) -> None:
    assert check("templated", value, f'\\$wgDBpassword = \\"{value}\\";', "wgDBpassword", "php")


def test_generated_settings_lines_are_hidden() -> None:
    text = '<?php\n$s = "\n\\$wgDBpassword = \\"{$this->values[\'wgDBpassword\']}\\";\n";\n'
    assert hidden(text, "includes/installer/SettingsGenerator.php")


def test_a_literal_next_to_interpolation_syntax_stays_shown() -> None:
    require_shown(f"<?php\n$wgDBpassword = '{_pw()}';\n", "LocalSettings.php")


# --- shell: a command substitution, variables interpolated into a string ----------------------------------

@pytest.mark.parametrize("line,value", [('esc_pass=`basename "$rootpass"`', 'basename "$rootpass"'),
                                        ("MY_PWD=`pwd -P`", "pwd -P")])
def test_command_substitutions_are_no_literals(line: str, value: str) -> None:
    assert check("shell_command_substitution", value, line, line.split("=", 1)[0], "shell")
    assert hidden(f"#!/bin/sh\n{line}\n", "usr/bin/secure-installation")


def test_backticks_in_a_comment_are_no_substitution() -> None:
    pw = "xQ7rTb2LmZ9k"
    assert not check("shell_command_substitution", pw, f"# the key file needs this password: `{pw}'", "password",
                     "shell")


def test_a_literal_password_in_a_shell_script_stays_shown() -> None:
    require_shown(f"#!/bin/sh\nDB_PASSWORD='{_pw()}'\n", "usr/bin/backup-db")


@pytest.mark.parametrize("value,language", [("$SST_OPT_USER:$SST_OPT_PSWD", "shell"), ("-u$SST_OPT_USER", "shell"),
                                            ("$Munin::Common::Defaults::MUNIN_CONFDIR/munin.pem", "perl"),
                                            ("${db_user}@${db_host}", "shell")])
def test_interpolated_variables_hold_no_value(value: str, language: str) -> None:
    assert check("interpolated_variables", value, f'SST_AUTH="{value}"', "SST_AUTH", language)


@pytest.mark.parametrize("value,line", [("Xk9$mQ2zP", 'p="Xk9$mQ2zP"'), ("ab$mQ2zPx7", 'p="ab$mQ2zPx7"'),
                                        ("$ecr3tValue", "p='$ecr3tValue'")])
def test_dollar_signs_in_literals_are_kept(value: str, line: str) -> None:
    assert not check("interpolated_variables", value, line, "p", "php")


def test_interpolated_auth_strings_are_hidden_and_a_literal_is_shown() -> None:
    assert hidden('#!/bin/sh\nWSREP_SST_OPT_AUTH="$WSREP_SST_OPT_USER:$WSREP_SST_OPT_PSWD"\n', "usr/bin/wsrep_sst_common")
    require_shown(f'#!/bin/sh\nWSREP_SST_OPT_AUTH="root:{_pw()}"\n', "usr/bin/wsrep_sst_common")


# --- a quoted key of a nested array ---------------------------------------------------------------------------

def test_nested_array_keys_are_no_values() -> None:
    line = "\t\t'http_password' =>\t\t['type' => API_STRING_UTF8, 'length' => 255],"
    assert check("hash_key_literal", "type", line, "http_password", "php")
    assert hidden(f"<?php\n$rules = [\n{line}\n];\n", "include/classes/api/services/CHttpTest.php")


def test_a_value_in_a_nested_array_stays_shown() -> None:
    pw = _pw()
    assert not check("hash_key_literal", pw, f"'http_password' => ['{pw}'],", "http_password", "php")
    require_shown(f"<?php\n$conf = [\n\t'http_password' => '{pw}',\n];\n", "config/http.php")


# --- page titles with underscores for spaces in a message file --------------------------------------------------

@pytest.mark.parametrize("value", ["Muuda_parool", "Alusta_salasana", "Resetovat_heslo"])
def test_page_titles_in_catalogues_are_text(value: str) -> None:
    assert check("catalogue_text", value, f"\t'ChangePassword' => [ '{value}' ],", "ChangePassword", "php", IN_CATALOGUE)


@pytest.mark.parametrize("value", ["db_password", "Admin_2024_pw", "Xkqz_Wrtplm"])
def test_identifiers_with_underscores_are_no_titles(value: str) -> None:
    assert not check("catalogue_text", value, f"\t'password' => '{value}',", "password", "php", IN_CATALOGUE)
