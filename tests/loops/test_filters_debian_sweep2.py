"""False alarms found by a second sweep of Debian packages' sample configs and documentation (a directory
server's generated LDIF people, web front-ends' PHP and JavaScript, translations of a login form, LDAP
search filters, net-snmp's com2sec lines, HTML manuals, roff pages): one test per class, on synthetic lines
of that shape written here, and a realistic credential in the same place that must still be shown. Every
value is made up here (random characters from tests/support/tokens.py, or typed words)."""

from __future__ import annotations

import random

import pytest

from secretloop.loops.filters import Surroundings
from tests.loops.test_filters_db_corpus import check
from tests.loops.test_fp_corpus_classes import SCANNER, hidden, outcomes, require_shown
from tests.support.tokens import random_password

_R = random.Random(20261204)


def _pw() -> str:
    # A value ending in - _ . : reads as a format's prefix (the "fragment" filter): not what these tests are about.
    while True:
        pw = random_password(seed=_R.randrange(1 << 30))
        if pw[-1:] not in ("-", "_", ".", ":"):
            return pw


def _around(*lines: str) -> Surroundings:
    return Surroundings(lines=lines)


# --- a directory's sample people: fictional 555 numbers, and test entries whose password is their name -----------

def _person(password: str, phone: str = "+1 408 555 4798", uid: str = "scarter", mail_user: str | None = None) -> str:
    return (f"dn: cn=Sam Carter, ou=Accounting, o=Acme Widgets, c=US\ncn: Sam Carter\nsn: Carter\n"
            f"objectclass: inetOrgPerson\nuid: {uid}\nmail: {mail_user or uid}@acmewidgets.co\n"
            f"telephonenumber: {phone}\nuserpassword: {password}\n\n")


@pytest.mark.parametrize("phone", ["+1 408 555 4798", "(212) 555-0142", "+1-650-555-1234", "415.555.0100"])
def test_a_word_beside_a_fictional_phone_number_is_sample_data(phone: str) -> None:
    assert check("ldif_sample_person_password", "sourdough", "userpassword: sourdough", "userpassword", "text",
                 _around(f"telephonenumber: {phone}"))
    assert hidden(_person("sourdough", phone), "share/dirsrv/data/Acme.ldif")


def test_a_word_beside_a_real_phone_number_is_not_sample_data() -> None:
    assert not check("ldif_sample_person_password", "sourdough", "userpassword: sourdough", "userpassword", "text",
                     _around("telephonenumber: +1 408 736 4798", "mail: scarter@acmewidgets.co"))


def test_a_random_password_beside_a_fictional_phone_number_stays_shown() -> None:
    pw = _pw()
    assert not check("ldif_sample_person_password", pw, f"userpassword: {pw}", "userpassword", "text",
                     _around("telephonenumber: +1 408 555 4798"))
    require_shown(_person(pw), "share/dirsrv/data/Acme.ldif")


@pytest.mark.parametrize("name_line", ["uid: user0", "mail: user0@acmewidgets.co", "dn: uid=user0, ou=People, o=Acme"])
def test_a_test_entry_whose_password_is_its_name_is_hidden(name_line: str) -> None:
    assert check("ldif_sample_person_password", "user0", "userPassword: user0", "userPassword", "text",
                 _around(name_line))
    assert hidden(_person("user0", phone="+1 415 788 4115", uid="user0"), "share/dirsrv/data/European.ldif")


def test_a_password_that_is_not_the_entry_name_stays_shown() -> None:
    assert not check("ldif_sample_person_password", "user07", "userPassword: user07", "userPassword", "text",
                     _around("uid: user0", "mail: user0@acmewidgets.co"))
    require_shown(_person(_pw(), phone="+1 415 788 4115", uid="user0"), "share/dirsrv/data/European.ldif")


# --- markers and template code where the value goes ---------------------------------------------------------------

@pytest.mark.parametrize("line,value", [
    ("$database_password = '_DBC_DBPASS_';", "_DBC_DBPASS_"),
    ('  Password = "XXX_MONFDPASSWORD_XXX"', "XXX_MONFDPASSWORD_XXX"),
    ("var changePassword='<?php print __esc('Change Password');?>';", "<?php print __esc("),
    ('  &Client-Secret = "%{ldap:ldap:///OU=Radius,DC=acme,DC=co?ou?sub?cn=%{Packet-Src-IP-Address}}"',
     "%{ldap:ldap:///OU=Radius,DC=acme,DC=co?ou?sub?cn="),
])
def test_install_markers_php_tags_and_expansions_are_templates(line: str, value: str) -> None:
    assert check("templated", value, line, "password", "php")


def test_markers_are_hidden_and_a_password_in_their_place_is_shown() -> None:
    assert hidden("<?php\n$database_password = '_DBC_DBPASS_';\n", "conf_templates/debian.php.dist")
    assert hidden('Director {\n  Name = mon\n  Password = "XXX_MONFDPASSWORD_XXX"\n}\n', "defconfig/bacula-fd.conf")
    pw = _pw()
    assert not check("templated", pw, f"$database_password = '{pw}';", "database_password", "php")
    require_shown(f"<?php\n$database_password = '{pw}';\n", "include/config.php")
    require_shown(f'Director {{\n  Name = mon\n  Password = "{pw}"\n}}\n', "etc/bacula/bacula-fd.conf")


@pytest.mark.parametrize("value", ["_Xk9mQ2vLp_", "XXX_", "_db_pass_", "_A_"])
def test_other_shapes_between_underscores_are_no_install_marker(value: str) -> None:
    assert not check("templated", value, f"password = '{value}'", "password", "php")


# --- the word for "password" in another language: a login form's translations ------------------------------------

@pytest.mark.parametrize("line,value", [
    ("\ttypePass: 'Wachtwoord',", "Wachtwoord"),
    ("\ttypePass: 'Mot de passe',", "Mot de passe"),
    ("$labels['newpasswd']  = 'Uusi salasana:';", "Uusi salasana:"),
    ("$labels['confpasswd']  = 'Confirmer le nouveau mot de passe :';", "Confirmer le nouveau mot de passe :"),
    ("\ttypePass: 'Kata Laluan',", "Kata Laluan"),
    ('  "password": "Пароль",', "Пароль"),
])
def test_translations_of_password_are_labels(line: str, value: str) -> None:
    assert check("translated_password_label", value, line, "typePass", "javascript")


def test_a_translation_table_is_hidden_and_a_password_in_it_shown() -> None:
    assert hidden("CKEDITOR.plugins.setLang( 'forms', 'nl', {\n\ttypePass: 'Wachtwoord',\n} );\n", "forms/lang/nl.js")
    pw = _pw()
    assert not check("translated_password_label", pw, f"\ttypePass: '{pw}',", "typePass", "javascript")
    require_shown(f"const login = {{\n\tuser: 'svc-backup',\n\tpass: '{pw}',\n}};\n", "src/login.js")


@pytest.mark.parametrize("value", ["salasana2024", "my passord here", "wachtwoord!"])
def test_a_translated_word_with_more_in_it_is_no_label(value: str) -> None:
    assert not check("translated_password_label", value, f"pass: '{value}',", "pass", "javascript")


# --- an LDAP search filter under a password setting's name ---------------------------------------------------------

@pytest.mark.parametrize("value", ["(uid=%login)", "(uid=$)", "(&(objectClass=posixAccount)(uid=%u))", "(mail=*)",
                                   "(|(uid=%{User-Name})(mail={0}))"])
def test_ldap_search_filters_are_no_password(value: str) -> None:
    assert check("ldap_search_filter", value, f"$config['password_ldap_search_filter'] = '{value}';",
                 "password_ldap_search_filter", "php")


def test_a_search_filter_is_hidden_and_a_bind_password_shown() -> None:
    assert hidden('auth.backend.ldap.filter = "(uid=$)"\n', "conf-available/05-auth.conf")
    pw = _pw()
    assert not check("ldap_search_filter", f"({pw})", f"ldap_bindpw = '({pw})'", "ldap_bindpw", "php")
    assert not check("ldap_search_filter", "(cn=admin)", "bindpw = '(cn=admin)'", "bindpw", "php")
    require_shown(f"$config['password_ldap_adminPW'] = '{pw}';\n", "plugins/password/config.inc.php")


# --- settings' well-known values: SNMP's default community in com2sec, a type's name, a method ------------------

def test_com2sec_with_the_default_community_is_hidden() -> None:
    assert check("default_snmp_community", "public", "com2sec sec1 10.0.0.0/8 public", None, "text")
    assert hidden("#       sec.name  source          community\ncom2sec sec1      10.0.0.0/8      public\n",
                  "etc/snmp/snmpd.conf")


def test_com2sec_with_a_chosen_community_is_shown() -> None:
    community = _pw()
    assert not check("default_snmp_community", community, f"com2sec sec1 10.0.0.0/8 {community}", None, "text")
    require_shown(f"#       sec.name  source          community\ncom2sec sec1      10.0.0.0/8      {community}\n",
                  "etc/snmp/snmpd.conf")


def test_a_type_table_and_an_auth_method_are_hidden() -> None:
    assert check("null_or_boolean", "boolean", 'SmbSharePasswd => "boolean",', "SmbSharePasswd", "perl")
    assert check("auth_method_name", "certificate", 'auth = "certificate"', "auth", "text")
    assert hidden('    SmbSharePasswd            => "boolean",\n', "BackupPC/Config/Meta.pm")
    assert hidden('auth = "certificate"\n', "etc/ocserv/ocserv.conf")
    pw = _pw()
    require_shown(f'    SmbSharePasswd            => "{pw}",\n', "etc/BackupPC/config.pl")


@pytest.mark.parametrize("key,value", [("password_driver", "sql"), ("passwordColumn", "authentication_string"),
                                       ("password_ldap_search_filter", "objectClass")])
def test_a_driver_column_or_filter_describes_the_password(key: str, value: str) -> None:
    assert check("describing_key_name", value, f"$config['{key}'] = '{value}';", key, "php")


def test_a_password_setting_beside_them_is_shown() -> None:
    assert hidden("<?php\n$config['password_driver'] = 'sql';\n", "plugins/password/config.inc.php")
    require_shown(f"<?php\n$config['password_db_pass'] = '{_pw()}';\n", "plugins/password/config.inc.php")


# --- a word of a page's text, closed by its markup -------------------------------------------------------------------

@pytest.mark.parametrize("value", ["verification</td></tr>", "phrase.</p>", "option.</p>", "program.</li>"])
def test_a_word_closed_by_markup_is_text(value: str) -> None:
    assert check("prose_in_markup", value, f"password {value}", "password", "html")


def test_text_in_a_manual_table_is_hidden_and_a_password_in_a_page_is_shown() -> None:
    assert hidden("<tr><td>Anonymous access with\npassword verification</td></tr>\n", "manual/mod/quickreference.html")
    pw = _pw().replace("<", "").replace("/", "")
    assert not check("prose_in_markup", f"{pw}</td>", f"password: {pw}</td>", "password", "html")
    require_shown(f"<table>\n<tr><td>\npassword: {pw}</td></tr>\n</table>\n", "status/index.html")


# --- a roff page's request line is no chap-secrets line ----------------------------------------------------------------

def test_roff_requests_are_no_chap_secrets_line() -> None:
    text = 'chapter two\n.el .IP "\\f(CWcollectd\\-write_queue/queue_length\\fR" 4\n'
    assert not [c for c in SCANNER.scan_text(text, 0, "man/man5/collectd.conf.5") if c.rule_id == "ppp-chap-secrets-line"]


def test_a_chap_secrets_line_is_still_found() -> None:
    text = f'# Secrets for authentication using CHAP\n# client\tserver\tsecret\tIP addresses\nbranch01\t*\t"{_pw()}"\t*\n'
    assert "ppp-chap-secrets-line" in {c.rule_id for c in SCANNER.scan_text(text, 0, "etc/ppp/chap-secrets")}
    assert outcomes(text, "etc/ppp/chap-secrets")


# --- a program or a named query where the secret comes from ------------------------------------------------------------

@pytest.mark.parametrize("value", ["exec:/usr/share/apache2/ask-for-passphrase", "sql:/get-user-salt",
                                   "exec:/usr/local/bin/print-pass.sh"])
def test_a_program_or_query_is_where_the_secret_comes_from(value: str) -> None:
    assert check("program_or_query_reference", value, f"SSLPassPhraseDialog  {value}", "SSLPassPhraseDialog", "ini")


def test_a_pass_phrase_program_is_hidden_and_a_literal_shown() -> None:
    assert hidden("SSLPassPhraseDialog  exec:/usr/share/apache2/ask-for-passphrase\n", "mods-available/ssl.conf")
    pw = _pw()
    assert not check("program_or_query_reference", f"exec:{pw}", f"password = exec:{pw}", "password", "ini")
    require_shown(f"SSLPassPhraseDialog  {pw}\n", "mods-available/ssl.conf")


# --- a form field's id selector in a script ----------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["#snmp_priv_passphrase", "#new-password", "#confirm_password_2"])
def test_an_id_selector_names_the_field(value: str) -> None:
    assert check("element_id_selector", value, f"var pass = '{value}';", "pass", "javascript")


def test_an_id_selector_is_hidden_and_a_hash_led_password_shown() -> None:
    assert hidden("var pass = '#snmp_priv_passphrase';\n$(pass).val('');\n", "include/layout.js")
    assert not check("element_id_selector", "#k9x2mq7", "var pass = '#k9x2mq7';", "pass", "javascript")
    assert not check("element_id_selector", "#snmp_priv_passphrase", "pass = '#snmp_priv_passphrase'", "pass", "python")
    require_shown(f"var pass = '#{_pw()}';\n", "include/layout.js")


# --- an icon font's code points ------------------------------------------------------------------------------------------

def test_an_icon_code_point_is_hidden_and_a_password_line_shown() -> None:
    assert check("icon_codepoint", "f042", "password f042", "password", "text")
    assert hidden("pan_tool e925\npassword f042\npayment e8a1\n", "font/MaterialIcons-Regular.codepoints")
    assert not check("icon_codepoint", "f042", "password = f042", "password", "text")
    require_shown(f"password {_pw()}\n", "etc/app/credentials")


# --- the noun itself, a source file, a storage slot, an auth kind ------------------------------------------------------

def test_the_word_passphrase_is_a_placeholder() -> None:
    assert check("placeholder", "passphrase", "\\CURLOPT_KEYPASSWD => 'passphrase',", "CURLOPT_KEYPASSWD", "php")
    require_shown(f"    \\CURLOPT_KEYPASSWD => '{_pw()}',\n", "src/Client.php")


def test_an_include_file_is_a_path() -> None:
    value = "include/password-methods/class_password-methods-md5.inc"
    assert check("file_path_or_url_without_credentials", value, f'"passwordMethodMd5" => "{value}",', "passwordMethodMd5", "php")
    assert hidden(f'$class_mapping = array(\n  "passwordMethodMd5" => "{value}",\n);\n', "include/class_location.inc")


@pytest.mark.parametrize("key,value", [("SESSION_KEY_TASKS", "import_tasks"), ("SESSION_KEY", "__upload_status")])
def test_session_slots_are_names(key: str, value: str) -> None:
    assert check("storage_key_name", value, f"const {key} = '{value}';", key, "php")


def test_a_session_slot_is_hidden_and_a_session_secret_shown() -> None:
    assert hidden("<?php\n$SESSION_KEY = '__upload_status';\n", "classes/Import/Ajax.php")
    require_shown(f"<?php\n$SESSION_SECRET = '{_pw()}';\n", "classes/Import/Ajax.php")


@pytest.mark.parametrize("line,value", [('<Resource name="UserDatabase" auth="Container"', "Container"),
                                        ('#auth = "pam[gid-min=1000]"', "pam[gid-min=1000]")])
def test_who_authenticates_is_a_method(line: str, value: str) -> None:
    assert check("auth_method_name", value, line, "auth", "xml")


def test_an_auth_value_that_is_no_method_is_shown() -> None:
    pw = _pw()
    assert not check("auth_method_name", f"pam[{pw}]x", f'auth = "pam[{pw}]x"', "auth", "ini")
    require_shown(f'auth = "{pw}"\n', "etc/app/app.conf")


# --- a short word for a password in a manual page's roff source ---------------------------------------------------------

def _manual(password: str) -> str:
    return (".SH EXAMPLE\n.PP\nAn administrator with full access:\n.sp\n.if n \\{\\\n.RS 4\n.\\}\n.nf\n[admin]\n"
            f"        password = {password}\n        actions = SET\n.fi\n.if n \\{{\\\n.RE\n.\\}}\n")


@pytest.mark.parametrize("word", ["duh", "abcd", "mypass", "jid"])
def test_a_word_in_a_manual_page_example_is_hidden(word: str) -> None:
    assert check("word_in_manual_page", word, f"        password = {word}", "password", "text",
                 _around(".RS 4", ".nf", "[admin]", "        actions = SET", ".fi"))
    assert hidden(_manual(word), "man/man5/upsd.users.5")


def test_a_random_password_in_a_manual_page_and_a_word_in_a_config_stay_shown() -> None:
    pw = _pw()
    assert not check("word_in_manual_page", pw, f"        password = {pw}", "password", "text", _around(".RS 4", ".nf"))
    require_shown(_manual(pw), "man/man5/upsd.users.5")
    # without roff requests around it the word is a config's password: this filter stays out of it
    assert not check("word_in_manual_page", "mypass", "password = mypass", "password", "text",
                     _around("[admin]", "actions = SET", "# .nf is not a request here"))
