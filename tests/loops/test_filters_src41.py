"""Follow-ups to a sweep of Debian source packages written in PHP, Ruby, Perl, Erlang/Elixir and server-side
JavaScript (web frameworks, CMSs, OAuth and crypto libraries; 148 packages): MediaWiki's message catalogues in
many orthographies, a CPAN META.yml's module names, a table of component revisions, shell expansions that build a
password at run time, PHP's dot concatenation, a salt and a default that spell what they are, column and attribute
names, a delimited regex, anonymous FTP in a PHP class and the hunks of a patch to a test. Each class has a
synthetic line written here and, beside it, a close case that must still be shown or not matched. Values that look
like secrets are made at run time."""

from __future__ import annotations

import random

from secretloop.loops.features import build_features, is_catalogue_path
from secretloop.loops.filters import FILTERS_BY_NAME, Surroundings
from tests.loops.test_fp_corpus_classes import hidden, hit, not_shown, outcomes, require_shown
from tests.support.tokens import high_entropy, random_password


def _hex(seed: int, n: int) -> str:
    r = random.Random(seed)
    return "".join(r.choice("0123456789abcdef") for _ in range(n))


def _check(name: str, value: str, line: str, key: str | None, language: str | None, around: Surroundings) -> bool:
    return FILTERS_BY_NAME[name].check(value, line, key, language, around)


# MediaWiki's languages/i18n/<code>.json: labels for the password field in every language

_CATALOGUE = "languages/i18n/{}.json"


def test_labels_in_orthographies_beyond_english_letter_pairs() -> None:
    # combining marks (Tyap, Hakka), a full-width colon, Lojban's sentence mark, words English letter pairs
    # do not read, a documentation message with wiki links
    for code, label in (("kcg", "Ta\u0331 a\u0331lyoot-a\u0331tyunta\u0331m"), ("hak", "Me\u030dt-ma"),
                        ("za", "Mizmak\uff1a"), ("jbo", ".i ko ciska pa lerpoijaspu"),
                        ("bol", "Zoiyi lambokon sirri"), ("olo", "Uuzi peittosana:"),
                        ("qqq", "Used in [[Special:Preferences]], tab \\\"User profile\\\".")):
        text = '{\n\t"@metadata": {},\n\t"userlogin-yourpassword": "%s"\n}\n' % label
        assert hidden(text, _CATALOGUE.format(code)), code


def test_signwriting_is_a_translation() -> None:
    sign = "M518x531S33b00482x483S1f711482x509 M516x515S10018484x485"
    assert hidden('{\n\t"yourpassword": "%s"\n}\n' % sign, _CATALOGUE.format("ase"))
    assert not _check("catalogue_text", "M518x531Q", "", "yourpassword", "json", Surroundings(in_catalogue=True))


def test_a_page_alias_runs_its_words_together() -> None:
    line = "\t'ChangePassword' => [ 'YaykunaRimataKutichiy', 'YaykunaRimataHukchay' ],\n"
    assert hidden("<?php\n$specialPageAliases = [\n" + line + "];\n", "languages/messages/MessagesQu.php")


def test_a_locale_variant_names_a_catalogue() -> None:
    assert is_catalogue_path("languages/i18n/nl-informal.json")
    assert is_catalogue_path("languages/i18n/be-tarask.json")
    assert not is_catalogue_path("config/nl-informal.json")
    assert not is_catalogue_path("languages/i18n/credentials.json")


def test_a_password_in_a_catalogue_file_is_still_one_run() -> None:
    around = Surroundings(in_catalogue=True)
    value = random_password(seed=4101)
    assert not _check("catalogue_text", value, f'"password": "{value}"', "password", "json", around)
    # two random runs are no phrase either: half of the words must read
    pair = f"{high_entropy(seed=4102, length=10)} {high_entropy(seed=4103, length=10)}"
    assert not _check("catalogue_text", pair, f'"password": "{pair}"', "password", "json", around)


# CPAN's META.yml lists the modules a distribution provides: `  Authen::Passphrase::AcceptAll:`

def test_a_module_name_cut_at_its_first_colon() -> None:
    meta = ("provides:\n  Authen::Passphrase:\n    file: lib/Authen/Passphrase.pm\n"
            "  Authen::Passphrase::AcceptAll:\n    file: lib/Authen/Passphrase/AcceptAll.pm\n"
            "  Authen::Passphrase::BigCrypt:\n    file: lib/Authen/Passphrase/BigCrypt.pm\n")
    assert hidden(meta, "META.yml")


def test_a_value_after_a_colon_that_joins_no_name() -> None:
    value = ":" + high_entropy(seed=4104, length=20)
    assert not hit("qualified_package_name", value, f"passphrase: {value}", "passphrase", "yaml")


# RabbitMQ's git-revisions.txt: each dependency beside the commit it was built from

def test_a_table_of_component_revisions() -> None:
    sha = _hex(4105, 40)
    names = ("cowboy", "cowlib", "credentials_obfuscation", "cuttlefish", "eetcd", "gen_batch_server")
    text = "".join(f"{n} {sha} \n" for n in names)
    assert hidden(text, "git-revisions.txt")


def test_a_file_of_named_secrets_is_no_revision_table() -> None:
    names = ("github_token", "api_secret", "deploy_password", "session_secret", "cowlib")
    rows = [f"{n} {_hex(4106 + i, 40)}" for i, n in enumerate(names)]
    around = Surroundings(lines=tuple(rows[1:]))
    assert not _check("commit_id_table", rows[0].split()[1], rows[0], "github_token", "text", around)
    # a line alone is no table
    assert not _check("commit_id_table", _hex(4111, 40), f"cowlib {_hex(4111, 40)}", "cowlib", "text", Surroundings())


# Debian's setup-mysql makes a password of random characters in a loop

def test_a_password_built_of_shell_expansions() -> None:
    script = ('#!/bin/sh\nMATRIX="0123456789abcdefghijklmnopqrstuvwxyz"\nwhile [ "${n:=1}" -le "$LENGTH" ]\ndo\n'
              '    DB_PASSWORD="$DB_PASSWORD${MATRIX:$(($RANDOM%${#MATRIX})):1}"\n    let n+=1\ndone\n')
    assert hidden(script, "debian/setup-mysql")


def test_a_literal_beside_an_expansion_is_kept() -> None:
    value = random_password(seed=4112)
    assert not hit("shell_expansion_value", value + "${SUFFIX}", f'DB_PASSWORD="{value}${{SUFFIX}}"', "DB_PASSWORD", "shell")
    require_shown(f'#!/bin/sh\nDB_PASSWORD="{value}"\n', "deploy/setup.sh")


# PHP joins strings with a dot: the rule reads the code after the closing quote

def test_code_after_a_closing_quote_and_a_dot() -> None:
    for line in ("$b64 = '// APP_DECRYPTION_SECRET='.base64_encode($value).\"\\n\";",
                 "$headers[] = 'Proxy-Authorization: '.$options['auth'];",
                 "return '&oauth_token_secret='.Horde_Oauth_Utils::urlencodeRfc3986($this->secret);"):
        assert hidden(f"<?php\n{line}\n", "src/Secrets/Vault.php"), line


def test_a_literal_starting_with_a_dot_is_kept() -> None:
    value = "." + high_entropy(seed=4113, length=24)
    assert not hit("dot_concatenated_code", value, f"$secret = '{value}';", "secret", "php")
    # the same shape in Python is no concatenation
    assert not hit("dot_concatenated_code", ".encode(x)", "secret = 'a'.encode(x)", "secret", "python")


# phpseclib: var $password_default_salt = 'phpseclib/salt';

def test_a_salt_spelled_in_words() -> None:
    assert hit("worded_salt", "phpseclib/salt", "var $password_default_salt = 'phpseclib/salt';",
               "password_default_salt", "php")
    assert hidden("<?php\nclass Base {\n    var $password_default_salt = 'phpseclib/salt';\n}\n", "Crypt/Base.php")


def test_a_random_salt_or_a_worded_password_is_no_worded_salt() -> None:
    salt = high_entropy(seed=4114, length=32).lower()
    assert not hit("worded_salt", salt, f"define('AUTH_SALT', '{salt}');", "AUTH_SALT", "php")
    assert not hit("worded_salt", "phpseclib", "var $password = 'phpseclib';", "password", "php")


# Roundcube's default des_key: rcmail-!24ByteDESkey*Str

def test_a_default_that_spells_its_length_and_kind() -> None:
    assert hit("size_and_kind_spelled", "rcmail-!24ByteDESkey*Str", "$config['des_key'] = 'rcmail-!24ByteDESkey*Str';",
               None, "php")
    assert hit("size_and_kind_spelled", "change-me-32-char-secret", "SECRET = 'change-me-32-char-secret'", "SECRET", "python")


def test_a_random_key_spells_no_size() -> None:
    value = random_password(seed=4115, length=24)
    assert not hit("size_and_kind_spelled", value, f"$config['des_key'] = '{value}';", None, "php")
    assert not hit("size_and_kind_spelled", "24 bytes", "key_length = '24 bytes'", "key_length", "python")
    require_shown(f"<?php\n$config['des_key'] = '{value}';\n", "config/config.inc.php")


# A column's or an attribute's name: Horde's 'pass_col' => 'user_pass', Kolab's ATTRIBUTE_PASSWORD

def test_the_name_of_a_column_or_an_attribute() -> None:
    assert hit("describing_key_name", "user_pass", "'pass_col' => 'user_pass',", "pass_col", "php")
    assert hit("describing_key_name", "kolabPop3AccountPassword", "const ATTRIBUTE_PASSWORD = 'kolabPop3AccountPassword';",
               "ATTRIBUTE_PASSWORD", "php")


def test_a_password_beside_a_column_setting_is_kept() -> None:
    value = random_password(seed=4116)
    # the column's name is dismissed, the password beside it is not
    assert outcomes(f"<?php\n$conf = ['pass_col' => 'user_pass', 'password' => '{value}'];\n",
                    "config/backends.php") == ["dismissed", "confirmed"]


# A storage slot's name that ends with a slash: a prefix for the keys under it

def test_a_storage_prefix() -> None:
    assert hit("storage_key_name", "imp_compose/", "const STORAGE_KEY = 'imp_compose/';", "STORAGE_KEY", "php")
    value = high_entropy(seed=4117, length=24) + "/"
    assert not hit("storage_key_name", value, f"const STORAGE_KEY = '{value}';", "STORAGE_KEY", "php")


# Roundcube's password plugin checks an HTTP answer with a preg_match pattern

def test_an_anchored_pattern_between_delimiters() -> None:
    assert hidden("<?php\n$config['password_httpapi_expect'] = '/^ok$/i';\n", "plugins/password/config.inc.php.dist")
    assert hit("regex_source", "#^OK$#", "$expect_password = '#^OK$#';", "expect_password", "php")


def test_a_password_with_a_slash_is_no_pattern() -> None:
    value = "/^" + random_password(seed=4118, length=12)
    assert not hit("regex_source", value, f"$password = '{value}';", "password", "php")
    require_shown(f"<?php\n$password = '{value}';\n", "config/ftp.php")


# WordPress's class-ftp.php: an anonymous login's address, set on private members

def test_anonymous_ftp_on_a_private_member() -> None:
    text = '<?php\n\t\t$this->_login="anonymous";\n\t\t$this->_password="anon@ftp.com";\n'
    assert hidden(text, "wp-admin/includes/class-ftp.php")


def test_an_address_as_a_named_users_password_is_kept() -> None:
    around = Surroundings(lines=('\t\t$this->_login="deploy";',))
    assert not _check("anonymous_ftp_password", "ops@corp.example.com", '$this->_password="ops@corp.example.com";',
                      "_password", "php", around)


# Debian's patches: a hunk of a patch to a test is test code

_PATCH = ("Description: fix a test\n--- a/{0}\n+++ b/{0}\n@@ -10,7 +10,7 @@\n"
          "-      {{ oauth_consumer_key: '{1}',\n+      {{ oauth_consumer_key: '{1}', \n")


def _features_at(text: str, value: str, path: str):
    start = text.index(value)
    return build_features(value, text, start, start + len(value), path, "low", key_name="oauth_consumer_key")


def test_a_hunk_of_a_patch_to_a_test_is_in_a_test() -> None:
    value = high_entropy(seed=4119, length=20)
    text = _PATCH.format("tests/test-oauth.js", value)
    assert _features_at(text, value, "debian/patches/fix-test.patch").in_test_path
    assert "confirmed" not in outcomes(text, "debian/patches/fix-test.patch")


def test_a_hunk_of_a_patch_to_code_is_not_in_a_test() -> None:
    value = high_entropy(seed=4120, length=20)
    text = _PATCH.format("lib/oauth.js", value)
    assert not _features_at(text, value, "debian/patches/fix-lib.patch").in_test_path
    # the same text under another name is no patch
    assert not _features_at(text, value, "debian/notes.txt").in_test_path


def test_a_commented_line_in_a_hunk_is_a_comment() -> None:
    value = high_entropy(seed=4121, length=20)
    text = f"--- a/src/Crypt.php\n+++ b/src/Crypt.php\n@@ -1,3 +1,3 @@\n+ *    //$key->setPassword('{value}');\n"
    start = text.index(value)
    assert build_features(value, text, start, start + len(value), "debian/patches/x.patch", "low").in_comment
    code = f"--- a/src/Crypt.php\n+++ b/src/Crypt.php\n@@ -1,3 +1,3 @@\n+$key->setPassword('{value}');\n"
    start = code.index(value)
    assert not build_features(value, code, start, start + len(value), "debian/patches/x.patch", "low").in_comment


# Elixir documents a module in an @moduledoc heredoc, with iex> examples that print tokens

def test_an_elixir_moduledoc_is_documentation() -> None:
    token = high_entropy(seed=4122, length=36)
    text = f'defmodule JOSE.JWT do\n  @moduledoc ~S"""\n  ## Examples\n\n      iex> sign(jwk)\n      "{token}"\n  """\nend\n'
    start = text.index(token)
    assert build_features(token, text, start, start + len(token), "lib/jose/jwt.ex", "low").in_comment


def test_an_elixir_string_after_the_doc_is_code() -> None:
    token = high_entropy(seed=4123, length=36)
    text = f'defmodule A do\n  @moduledoc """\n  Text.\n  """\n  @key """\n  {token}\n  """\nend\n'
    start = text.index(token)
    assert not build_features(token, text, start, start + len(token), "lib/a.ex", "low").in_comment


# Erlang keeps EUnit tests in the module between -ifdef(TEST). and -endif.

def test_an_erlang_test_block_is_test_code() -> None:
    value = high_entropy(seed=4124, length=16)
    text = f'-module(c).\nf() -> ok.\n-ifdef(TEST).\nparse_test() ->\n    parse("amqp://u:{value}@h:5672").\n-endif.\n'
    start = text.index(value)
    assert build_features(value, text, start, start + len(value), "src/c.erl", "low").in_test_path
    after = text + f'g() -> "{value}".\n'
    start = after.rindex(value)
    assert not build_features(value, after, start, start + len(value), "src/c.erl", "low").in_test_path


# A recipe book and a release history are documentation

def test_a_cookbook_and_a_changes_file_are_docs() -> None:
    from secretloop.loops.features import is_docs_path
    assert is_docs_path("jose-4.11.4/cookbook/jwe.mjs")
    assert is_docs_path("libwww-perl-6.68/Changes")
    assert not is_docs_path("lib/changes_feed.py")


# libwww-perl's Changes: http_proxy="http://proxyuser:proxypass@proxyhost:port"

def test_a_url_with_the_word_port_is_a_pattern() -> None:
    line = 'http_proxy="http://proxyuser:proxypass@proxyhost:port" Patch by someone'
    assert hit("url_with_a_word_port", "proxypass", line, None, "text")
    assert hidden(line + "\n", "lib/LWP/notes.txt")


def test_a_url_with_a_number_for_its_port_is_kept() -> None:
    value = random_password(seed=4125, length=14)
    line = f'http_proxy="http://proxyuser:{value}@proxy.corp.example.com:3128"'
    assert not hit("url_with_a_word_port", value, line, None, "text")
    require_shown(line + "\n", "deploy/env.sh")


# debhelper's -p<package>: dh_installdocs -proundcube-mysql

def test_a_debhelper_package_option() -> None:
    # the filter reads -p<package> as debhelper's option; since mysql-cli-password wants a command boundary
    # before mysql, the rule no longer takes the line at all: neither path may show it
    assert hit("debhelper_package_option", "roundcube-mysql", "\tdh_installdocs -proundcube-mysql -proundcube-pgsql", None, "text")
    rules = "override_dh_installdocs:\n\tdh_installdocs -proundcube-mysql -proundcube-pgsql\n"
    assert not_shown(rules, "debian/rules")


def test_a_mysql_password_in_debian_rules_is_kept() -> None:
    value = random_password(seed=4126, length=14)
    assert not hit("debhelper_package_option", value, f"\tmysql -uroot -p{value} < schema.sql", None, "text")
    require_shown(f"override_dh_auto_test:\n\tmysql -uroot -p{value} < schema.sql\n", "debian/rules")


# MediaWiki's ApiLogin: $authRes = 'Failed' holds the outcome

def test_an_authentication_result() -> None:
    assert hit("describing_key_name", "Aborted", "$authRes = 'Aborted';", "authRes", "php")
    assert not hit("describing_key_name", random_password(seed=4127), "$authKey = 'x';", "authKey", "php")


# Rails routes and Rack's names for request headers

def test_a_rails_route_target() -> None:
    routes = 'Rails.application.routes.draw do\n  put  "/disk/:encoded_token" => "active_storage/disk#update", as: :update_disk\nend\n'
    assert hidden(routes, "config/routes.rb")


def test_a_token_with_a_hash_sign_is_no_route() -> None:
    value = random_password(seed=4128, length=10) + "#" + random_password(seed=4129, length=8)
    assert not hit("rails_route_target", value, f'token = "{value}"', "token", "ruby")
    assert not hit("rails_route_target", "disk#update", "token = 'disk#update'", "token", "python")


def test_a_header_name_in_a_rack_environment() -> None:
    line = "AUTHORIZATION_KEYS = ['HTTP_AUTHORIZATION', 'X-HTTP_AUTHORIZATION', 'X_HTTP_AUTHORIZATION']"
    assert hidden(f"class Request\n  {line}\nend\n", "lib/rack/auth/abstract/request.rb")
    secret = "HTTP_" + high_entropy(seed=4130, length=20)
    assert not hit("cgi_header_variable", secret, f"token = '{secret}'", "token", "ruby")


# A CI job's directory: LDAP_ROOT: dc=symfony,dc=com beside LDAP_ADMIN_PASSWORD: symfony

def test_a_password_repeating_a_name_of_the_bind_dn() -> None:
    around = Surroundings(lines=("LDAP_ADMIN_USERNAME: admin", "LDAP_ROOT: dc=symfony,dc=com"))
    assert _check("password_equals_user", "symfony", "LDAP_ADMIN_PASSWORD: symfony", "LDAP_ADMIN_PASSWORD", "yaml", around)
    line = "ldapwhoami -H ldap://ldap:3389 -D cn=admin,dc=symfony,dc=com -w symfony"
    assert _check("password_equals_user", "symfony", line, None, "shell", Surroundings())


def test_a_password_that_only_contains_a_dn_name_is_kept() -> None:
    value = "symfony" + random_password(seed=4131, length=10)
    around = Surroundings(lines=("LDAP_ROOT: dc=symfony,dc=com",))
    assert not _check("password_equals_user", value, f"LDAP_ADMIN_PASSWORD: {value}", "LDAP_ADMIN_PASSWORD", "yaml", around)
    assert not _check("password_equals_user", "symfony", "LDAP_ADMIN_PASSWORD: symfony", "LDAP_ADMIN_PASSWORD", "yaml",
                      Surroundings(lines=("LDAP_ROOT: dc=symfony-corp,dc=com",)))


# A literal compared with a name, an Erlang variable, a table of constant names

def test_a_literal_compared_with_a_name() -> None:
    line = '        isObject = state.tokens.curr.value === "Object";'
    assert hit("compared_operand", "Object", line, "state.tokens.curr.value", "javascript")
    assert hidden("function f(state) {\n" + line + "\n}\n", "modules/ace/worker-javascript.js")


def test_a_token_assigned_beside_a_comparison_is_kept() -> None:
    value = high_entropy(seed=4132, length=24)
    line = f'const token = "{value}"; if (x === "Object") {{}}'
    assert not hit("compared_operand", value, line, "token", "javascript")
    # a word a password is compared with is a password checked in code
    assert not hit("compared_operand", "letmein", 'if (user.password === "letmein") {', "user.password", "javascript")
    # a random literal a token is compared with is the expected secret itself
    assert not hit("compared_operand", value, f'if (req.token === "{value}") {{', "req.token", "javascript")


def test_an_erlang_variable_in_a_record() -> None:
    assert hit("erlang_variable", "AuthState1}}", "                                    auth_state = AuthState1}};",
               "auth_state", "erlang")
    # a quoted literal of the same case is a value
    value = "Pw" + high_entropy(seed=4133, length=12)  # shaped like a variable, but between quotes
    assert not hit("erlang_variable", value, f'{{password, "{value}"}},', "password", "erlang")
    assert not hit("erlang_variable", "AuthState1", "auth_state = AuthState1", "auth_state", "python")


def test_two_columns_of_constant_names() -> None:
    assert hit("constant_name_columns", "OP_SSLEAY_080_CLIENT_DH_BUG",
               "    F_CLIENT_MASTER_KEY                     OP_SSLEAY_080_CLIENT_DH_BUG", "F_CLIENT_MASTER_KEY", "perl")
    key = high_entropy(seed=4134, length=32).upper()
    parts = f"{key[:16]}_{key[16:]}_X"
    assert not hit("constant_name_columns", parts, f"API_SECRET_KEY   {parts}", "API_SECRET_KEY", "text")


# WordPress builds a link in code: $actions['resetpassword'] = "<a class='resetpassword' href='" . …

def test_the_start_of_an_html_element() -> None:
    line = "\t\t$actions['resetpassword'] = \"<a class='resetpassword' href='\" . wp_nonce_url( $url ) . \"'>\";"
    assert hit("html_element_start", "<a class=", line, "resetpassword", "php")
    assert hidden(f"<?php\n{line}\n", "wp-admin/includes/class-wp-users-list-table.php")


def test_a_password_starting_with_a_bracket_is_kept() -> None:
    value = "<" + high_entropy(seed=4135, length=14)
    assert not hit("html_element_start", value, f"$password = '{value}';", "password", "php")
    assert not hit("html_element_start", "<alpha7>", "$password = '<alpha7>';", "password", "php")
