"""Follow-ups to a sweep of Debian source packages written in C, C++, Java, Kotlin, Scala and C# (servers,
TLS and crypto libraries, Java commons; 169 packages): known-answer test data (Mbed TLS's .data suites,
OpenSSL's evp test stanzas), TLS cipher suite names, tables of renamed constants and of JCA algorithms, a DLL's
export ordinals, make rules, automake's test driver, name/value attribute pairs and PostgreSQL's _null_. Each
class has a synthetic line written here and, beside it, a close case that must still be shown or not matched.
Values that look like secrets are made at run time.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import random

from secretloop.loops.filters import FILTERS_BY_NAME, Surroundings
from tests.loops.test_fp_corpus_classes import hidden, hit, not_shown, require_shown
from tests.support.tokens import high_entropy, random_password


def _hex(seed: int, n: int) -> str:
    r = random.Random(seed)
    return "".join(r.choice("0123456789abcdef") for _ in range(n))


def _check(name: str, value: str, line: str, key: str | None, language: str | None, around: Surroundings) -> bool:
    return FILTERS_BY_NAME[name].check(value, line, key, language, around)


# automake's test driver counts results with a command substitution in a Makefile recipe

def test_a_command_substitution_in_a_makefile_recipe() -> None:
    mk = ('check-TESTS:\n\tall=`  grep "^$$ws*:test-result:"  $$results | wc -l`; \\\n'
          '\tpass=`  grep "^$$ws*:test-result:$$ws*PASS"  $$results | wc -l`; \\\n')
    assert hidden(mk, "lib/Makefile.in")


def test_a_password_set_in_a_makefile_is_shown() -> None:
    require_shown(f"DB_PASSWORD = {random_password(seed=4001)}\n", "deploy/Makefile")


# PostgreSQL's catalog data files spell SQL NULL as _null_

def test_the_catalog_null_marker() -> None:
    assert hit("null_or_boolean", "_null_", "  rolpassword => '_null_', rolvaliduntil => '_null_' },", "rolpassword", "text")


def test_a_password_around_underscores_is_no_null() -> None:
    assert not hit("null_or_boolean", "_nullify_", "  rolpassword => '_nullify_' },", "rolpassword", "text")
    require_shown(f"  rolpassword => '{random_password(seed=4002)}', rolvaliduntil => '_null_' }},\n",
                  "src/include/catalog/roles.dat")


# Known-answer tests: OpenSSL's evp stanzas and Mbed TLS's data-driven suites

def test_an_evp_key_agreement_stanza_is_a_test_vector() -> None:
    stanza = ("Derive=ALICE_cf_brainpoolP256r1\nPeerKey=BOB_cf_brainpoolP256r1_PUB\n"
              f"SharedSecret={_hex(4003, 64)}\n\n")
    assert hidden(stanza, "test/recipes/30-test_evp_data/evppkey_brainpool.txt")


def test_a_shared_secret_without_its_stanza_is_kept() -> None:
    value = _hex(4004, 64)
    alone = Surroundings(lines=("# a key shared between the two hosts", "Result = OK"), in_test_path=True)
    assert not _check("crypto_test_vector", value, f"SharedSecret={value}", "SharedSecret", "text", alone)
    # the same stanza outside a test is no test vector
    stanza = Surroundings(lines=("Derive=ALICE_cf_brainpoolP256r1", "PeerKey=BOB_cf_brainpoolP256r1_PUB"))
    assert not _check("crypto_test_vector", value, f"SharedSecret={value}", "SharedSecret", "text", stanza)


def test_a_test_case_data_line() -> None:
    line = (f'auth_crypt_tv:MBEDTLS_CIPHER_AES_128_GCM:"{_hex(4005, 32)}":"{_hex(4006, 32)}":"":"":'
            f'"{_hex(4007, 32)}":"":"":0\n')
    data = "AES-GCM NIST Validation (AES-128,128,0,0,128) #0\ndepends_on:MBEDTLS_AES_C\n" + line
    assert hidden(data, "tests/suites/test_suite_cipher.gcm.data")


def test_a_test_case_line_needs_a_test_and_a_second_argument() -> None:
    key = _hex(4008, 32)
    line = f'auth_crypt_tv:MBEDTLS_CIPHER_AES_128_GCM:"{key}":"{_hex(4009, 32)}":0'
    assert not _check("test_case_arguments", key, line, "auth_crypt_tv", "text", Surroundings())
    alone = f'set_key:MBEDTLS_CIPHER_AES_128_GCM:"{key}":0'
    assert not _check("test_case_arguments", key, alone, "set_key", "text", Surroundings(in_test_path=True))


# A key's name on the line before its PEM block

def test_the_name_of_a_pem_block() -> None:
    around = Surroundings(lines=("# ECDH Alice with Bob peer", "", "-----BEGIN PRIVATE KEY-----", "MC4CAQAwBQYDK2VuBCIE"),
                          in_test_path=True)
    assert _check("key_block_name", "ALICE_cf_private", "PrivateKey=ALICE_cf_private", "PrivateKey", "text", around)


def test_a_random_value_beside_a_pem_block_is_kept() -> None:
    around = Surroundings(lines=("", "-----BEGIN PRIVATE KEY-----"), in_test_path=True)
    value = high_entropy(seed=4010, length=24)
    assert not _check("key_block_name", value, f"PrivateKey={value}", "PrivateKey", "text", around)
    # a name with no PEM block near is left to the rest
    assert not _check("key_block_name", "ALICE_cf_private", "PrivateKey=ALICE_cf_private", "PrivateKey", "text",
                      Surroundings(lines=("", "Result = OK")))


# TLS cipher suites, and tables of renamed constants

def test_cipher_suite_names() -> None:
    pod = " TLS_DHE_PSK_WITH_AES_128_CBC_SHA256            DHE-PSK-AES128-CBC-SHA256\n"
    assert hidden(pod, "doc/man1/openssl-ciphers.pod.in")
    assert hit("cipher_suite_name", "MBEDTLS_TLS_ECDHE_PSK_WITH_AES_128_CBC_SHA256",
               "TLS_ECDHE_PSK_WITH_AES_128_CBC_SHA256 MBEDTLS_TLS_ECDHE_PSK_WITH_AES_128_CBC_SHA256",
               "TLS_ECDHE_PSK_WITH_AES_128_CBC_SHA256", "text")
    # a list cut by the end of its string
    assert hit("cipher_suite_name", "AES256-CBC-SHA384:DHE-PSK-", '"DHE-PSK-AES256-CBC-SHA384:DHE-PSK-', "psk", "c")


def test_a_psk_that_is_not_a_cipher_suite_is_kept() -> None:
    value = f"PSK-{high_entropy(seed=4011, length=20)}-SHA256"
    assert not hit("cipher_suite_name", value, f"psk_key = {value}", "psk_key", "text")
    require_shown(f"TLS_PSK_WITH_AES_128_CBC_SHA256 {high_entropy(seed=4012, length=32)}\n", "conf/tls-psk.txt")


def test_a_table_of_renamed_constants() -> None:
    assert hit("renamed_constant", "MBEDTLS_ERR_PKCS12_PASSWORD_MISMATCH",
               "POLARSSL_ERR_PKCS12_PASSWORD_MISMATCH MBEDTLS_ERR_PKCS12_PASSWORD_MISMATCH",
               "POLARSSL_ERR_PKCS12_PASSWORD_MISMATCH", "text")


def test_an_upper_case_password_is_no_renamed_constant() -> None:
    assert not hit("renamed_constant", "WINTER_SUN_42_GO", "DB_PASSWORD = WINTER_SUN_42_GO", "DB_PASSWORD", "text")
    assert not hit("renamed_constant", "PROD_DB_PASSWORD_ALPHA", "DB_PASSWORD PROD_DB_PASSWORD_ALPHA", "DB_PASSWORD", "text")


# A Java security provider's algorithm table

def test_a_jca_algorithm_alias() -> None:
    java = ('        provider.addAlgorithm("Alg.Alias.SecretKeyFactory.PBEWITHSHAAND128BITAES-CBC-BC",'
            ' "PBEWITHSHA256AND128BITAES-CBC-BC");\n')
    assert hidden(java, "prov/src/main/java/org/example/provider/symmetric/AES.java")


def test_a_secret_put_in_a_map_is_shown() -> None:
    require_shown(f'        settings.put("client.secret", "{high_entropy(seed=4013, length=32)}");\n',
                  "src/main/java/org/example/Config.java")


# Module-definition exports and make rules

def test_export_ordinals() -> None:
    assert hidden("EXPORTS\n\tkrb5_change_password\t\t\t@99\n\tkrb5_set_password\t\t@230\n", "src/lib/krb5_32.def")


def test_a_password_after_an_at_sign_is_no_ordinal() -> None:
    value = "@" + random_password(seed=4014)
    assert not hit("export_ordinal", value, f"password {value}", "password", "text")
    assert not hit("export_ordinal", "@99", "password = @99", "password", "text")


def test_make_prerequisites() -> None:
    mk = "libcommon_a-get-passphrase.o: get-passphrase.c\n\t$(CC) -c -o $@ $<\n"
    assert hidden(mk, "common/Makefile.in")


def test_a_make_variable_is_no_prerequisite() -> None:
    assert not hit("make_prerequisite", "get-passphrase.c", "passphrase = get-passphrase.c", "passphrase", "makefile")
    assert not hit("make_prerequisite", "get-passphrase.c", "get-passphrase.o: get-passphrase.c", "passphrase", "yaml")


# An element's name and value attributes

def test_the_name_of_a_name_value_pair() -> None:
    assert hidden('      <property key="xc32-ld-extra-opts" value=""/>\n', "nbproject/configurations.xml")
    assert hidden('    <filter token="JDT_JAR" value="${jdt.jar}"/>\n', "build.xml")


def test_a_random_token_attribute_is_kept() -> None:
    value = high_entropy(seed=4015, length=32)
    assert not hit("name_of_a_value_attribute", value, f'<auth token="{value}" value="x"/>', "token", "xml")
    uuid = "-".join(_hex(4016, n) for n in (8, 4, 4, 4, 12))
    assert not hit("name_of_a_value_attribute", uuid, f'<auth token="{uuid}" value="x"/>', "token", "xml")


# A context attribute's name: dotted words with hyphens

def test_a_dotted_hyphenated_attribute_name() -> None:
    assert hidden('    public static final String AUTH_CACHE = "http.auth.auth-cache";\n',
                  "httpclient/src/main/java/org/example/ClientContext.java")


def test_two_dotted_words_are_not_enough() -> None:
    assert not hit("dotted_name", "correct.horse-battery", 'password = "correct.horse-battery"', "password", "java")


# Build variables, C statements and namespaced commands

def test_build_variables_hold_options_and_files() -> None:
    am = ("auth_LDFLAGS = -export-dynamic\npsk_file_SOURCES = psk-file.c\n"
          "basic_sspi_auth_CXXFLAGS = -DUNICODE,--enable-auto-import\n")
    assert hidden(am, "src/auth/Makefile.am")


def test_a_secret_under_a_build_variable_is_kept() -> None:
    value = high_entropy(seed=4017, length=24)
    assert not hit("build_variable", value, f"auth_LDFLAGS = {value}", "auth_LDFLAGS", "text")
    # a name that only ends in a build word's letters
    assert not hit("build_variable", "-secret", "api_secretflags = -secret", "api_secret", "text")


def test_unquoted_names_before_a_semicolon_in_c() -> None:
    c = ("\ttoken_ptr = GSS_C_NO_BUFFER;\n\tlisten_opts.auth = F_AUTH|F_AUTH_REQUIRE;\n"
         "\tlockdata.locktoken.ptr = lockdata.lockroot->ptr;\n")
    assert hidden(c, "src/gss-genr.c")
    assert hit("c_statement_value", "tls13KeyLogCb", "        Tls13SecretCb   tls13KeyLogCb;", "Tls13SecretCb", "c")


def test_a_quoted_or_random_value_in_c_is_kept() -> None:
    value = random_password(seed=4018)
    require_shown(f'\tconst char *secret = "{value}";\n', "src/client.c")
    word = high_entropy(seed=4019, length=14)
    # outside code, a bare word before a semicolon may be a configuration's value
    assert not hit("c_statement_value", word, f"secret = {word};", "secret", "text")
    assert not hit("c_statement_value", "my_secret_value", "secret = my_secret_value;", "secret", "text")


def test_a_subcommand_after_a_namespaced_command() -> None:
    tcl = "vc::fossil::import::cvs::pass define \\\n    CollRev {Collate revisions} ::vc::fossil::import::cvs::pass::collrev\n"
    assert hidden(tcl, "tools/cvs2fossil/lib/c2f_pcollrev.tcl")


def test_a_password_after_a_plain_command_is_kept() -> None:
    assert not hit("namespaced_command", "hunter", "pass hunter", "pass", "text")
    assert not hit("namespaced_command", "hunter", "mypass hunter # vc::x", "mypass", "text")


def test_a_qualified_name_read_from_its_first_segment() -> None:
    assert hit("path_segment", ":User::Pointer", "Auth::User::Pointer", "Auth", "cpp")
    # read from the middle of a longer name it is no segment of
    assert not hit("path_segment", ":User::Pointer", "myAuth::User::Pointer", "Auth", "cpp")


def test_sm4_suites() -> None:
    assert hit("cipher_suite_name", "ECDHE-PSK-SM4-CCM-SM3", " TLS_ECDHE_PSK_WITH_SM4_CCM_SM3   ECDHE-PSK-SM4-CCM-SM3",
               "TLS_ECDHE_PSK_WITH_SM4_CCM_SM3", "text")
    assert not hit("cipher_suite_name", "ECDHE-PSK-SM4", "psk = ECDHE-PSK-SM4", "psk", "text")


# Format strings, comparisons and parameter descriptions in C

def test_format_strings_in_c() -> None:
    log = '\t_gnutls_handshake_log("EXT[%p]: PSK KE mode %.2x received\\n", session, val);'
    sta = '\t\t       "id=%d len=%d) from STA: EAP Response-%s (%d)",'
    assert hit("c_format_string", "KE mode %.2x received", log, None, "c")
    assert hit("c_format_string", "Response-%s (%d)", sta, None, "c")
    # (ipsec-psk-secret no longer takes C strings at all: its selectors cannot hold quotes or parentheses)
    assert not_shown(f"{log}\n{sta}\n", "lib/ext/psk_ke_modes.c")


def test_a_psk_literal_without_conversions_is_kept() -> None:
    value = high_entropy(seed=4021, length=24)
    assert not hit("c_format_string", value, f'\tconst char *psk = "{value}";', "psk", "c")
    # a password may hold a percent sign before a letter: without words apart it is no message
    pw = high_entropy(seed=4024, length=8) + "%d" + high_entropy(seed=4025, length=8)
    assert not hit("c_format_string", pw, f'\tauth = smtp_auth("mail", "{pw}");', "auth", "go")
    # a conversion outside a C-family file is another language's business
    assert not hit("c_format_string", "EAP Response-%s", 'msg: "EAP Response-%s"', None, "yaml")


def test_an_equality_test_is_no_assignment() -> None:
    assert hidden("    if( eOnePass==ONEPASS_OFF ){\n", "src/delete.c")


def test_an_assignment_is_not_a_comparison() -> None:
    value = high_entropy(seed=4022, length=16)
    # a value that starts with "=" assigned with one, a comparison of something else beside it
    assert not hit("equality_comparison", "=" + value, f'pass = "={value}"; if (a == b)', "pass", "c")
    assert not hit("equality_comparison", "=" + value, f"other_pass = x; y ==pass; pass=={value}x", "pass", "c")


def test_a_parameter_description_in_a_doc_comment() -> None:
    c = (" * nt_password_hash - NtPasswordHash() - RFC 2759, Sect. 8.3\n"
         " * @password: 0-to-256-unicode-char Password (IN; UTF-8)\n * @password_len: Length of password\n")
    assert hidden(c, "src/crypto/ms_funcs.c")


def test_a_password_in_a_doc_comment_example_is_kept() -> None:
    value = random_password(seed=4023)
    assert not hit("parameter_description", value, f" * @password: {value}", "password", "c")
    assert not hit("parameter_description", "use this one", " * password: use this one", "password", "c")


def test_a_comparison_closed_by_its_parenthesis() -> None:
    assert hit("equality_comparison", "=NULL)", "+   if (deliver_password==NULL) {", "deliver_password", "text")


# A GUID under a name that says so first

def test_a_guid_named_first() -> None:
    guid = "-".join(_hex(4026, n).upper() for n in (8, 4, 4, 4, 12))
    assert hidden(f"<?define GuidKpasswd={guid} ?>\n", "packages/windows/installer/heimdal-command.wxs")


def test_a_uuid_under_a_password_name_is_kept() -> None:
    guid = "-".join(_hex(4027, n) for n in (8, 4, 4, 4, 12))
    assert not hit("uuid", guid, f"KpasswdGuidSecret={guid}", "KpasswdGuidSecret", "text")


# A switch named for a credential, and the branches of a conditional

def test_a_switch_under_a_credential_name() -> None:
    assert hidden("olcSmbK5PwdEnable: samba\n", "debian/tests/smbk5pwd.ldif")


def test_a_password_under_a_credential_name_is_kept() -> None:
    require_shown(f"olcSmbK5Pwd: {random_password(seed=4028)}\n", "debian/slapd.ldif")


def test_the_other_branch_of_a_conditional() -> None:
    assert hidden('        TEST_info("%s", (status == 0) ? "pass" : "fail");\n', "src/acvp_util.c")


def test_a_mapping_after_a_conditional_is_kept() -> None:
    value = random_password(seed=4029)
    assert not hit("ternary_branch", value, f'x = ok ? 1 : 0; cfg = {{"pass": "{value}"}}', "pass", "c")
    assert not hit("ternary_branch", value, f'flag ? "user" : "{value}"', "pass", "c")


# A command's keyword in a table of its arguments

def test_a_command_keyword_beside_its_argument() -> None:
    table = ('            {\n                "token": "WEIGHTS",\n                "name": "weight",\n'
             '                "type": "integer",\n                "optional": true\n            },\n')
    assert hidden(table, "src/commands/zinter.json")


def test_a_token_beside_an_unrelated_name_is_kept() -> None:
    value = high_entropy(seed=4030, length=12).upper()
    around = Surroundings(lines=('    "name": "weight",', '    "type": "integer",'))
    assert not _check("argument_keyword", value, f'    "token": "{value}",', "token", "json", around)
    around = Surroundings(lines=('    "name": "production",',))
    assert not _check("argument_keyword", "WEIGHTS", '    "token": "WEIGHTS",', "token", "json", around)


def test_a_generated_value_in_the_other_branch_is_kept() -> None:
    value = high_entropy(seed=4031, length=24)
    assert not hit("ternary_branch", value, f'secret = dev ? "pass" : "{value}";', "pass", "c")


# A table's category column

def test_a_word_in_the_same_column_of_the_rows_around_it_is_a_category() -> None:
    syms = ("OSSL_LIB_CTX                            datatype\nOSSL_PARAM                              datatype\n"
            "OSSL_PASSPHRASE_CALLBACK                datatype\nOSSL_PROVIDER                           datatype\n")
    assert hidden(syms, "util/other.syms")
    commands = ("git-count-objects                       ancillaryinterrogators\n"
                "git-credential                          purehelpers\ngit-credential-cache                    purehelpers\n"
                "git-credential-store                    purehelpers\n")
    assert hidden(commands, "command-list.txt")


def test_a_password_column_that_changes_row_to_row_is_kept() -> None:
    rows = "".join(f"svc{i}_password    {random_password(seed=4040 + i)}\n" for i in range(4))
    value = random_password(seed=4041)
    around = Surroundings(lines=tuple(rows.splitlines()))
    assert not _check("table_category_column", value, f"svc1_password    {value}", "svc1_password", "text", around)
    # the same word in another column of the rows around (a user name) is no category of this one
    around = Surroundings(lines=("alice    datatype    x", "bob    datatype    y"))
    assert not _check("table_category_column", "datatype", "db_password    other    datatype", "db_password", "text", around)
