"""False alarms found by scanning library source in Go, Rust, Ruby, PHP and Perl as Debian ships it
(golang-*-dev, librust-*-dev, ruby-*, php-*, lib*-perl: auth, JOSE, OAuth, TLS, SSH, cloud and database
clients): one test per class, on synthetic lines of that shape written here, and a realistic credential in
the same place that must still be shown. Values are made here (tests/support/tokens.py, a seeded generator),
or are the public examples of a standard."""

from __future__ import annotations

import base64
import json
import random

import pytest

from secretloop.loops.features import build_features, is_docs_path
from secretloop.loops.filters import Surroundings
from tests.loops.test_fp_corpus_classes import hidden, require_shown
from tests.support.filter_checks import IN_CODE, IN_TEST, check_filter
from tests.support.tokens import high_entropy, random_chars, random_password

_R = random.Random(90817)


def check(name: str, value: str, line: str, key: str | None, language: str | None = "go",
          around: Surroundings | None = None) -> bool:
    return check_filter(name, value, line, key, language, around)


def _hex(n: int) -> str:
    return bytes(_R.randrange(256) for _ in range(n)).hex()


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _jwt(claims: dict, alg: str = "RS256", signature_bytes: int = 256) -> str:
    head = _b64url(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")).encode())
    body = _b64url(json.dumps(claims, separators=(",", ":")).encode())
    return f"{head}.{body}.{_b64url(bytes(_R.randrange(256) for _ in range(signature_bytes)))}"


# --- a table of cipher suites: colon-separated names and numbers ---------------------------------------

_SUITES = ("002c:TLS_PSK_WITH_NULL_SHA:PSK:PSK:NULL::0:HMAC-SHA1:160:DEFAULT:0:rfc4785:0:0300:ffff\n"
           "00ae:TLS_PSK_WITH_AES_128_CBC_SHA256:PSK:PSK:AES:CBC:128:HMAC-SHA256:256:SHA256:256:rfc5487:0:0303:ffff\n"
           "ccab:TLS_PSK_WITH_CHACHA20_POLY1305_SHA256:PSK:PSK:CHACHA20:POLY1305:256:AEAD:256:SHA256:256:rfc7905:0:0303:ffff\n"
           "008b:TLS_PSK_WITH_3DES_EDE_CBC_SHA:PSK:PSK:3DES:CBC:168:HMAC-SHA1:160:DEFAULT:0:rfc4279,rfc6347:0:0300:ffff\n")


def test_a_cipher_suite_table_is_hidden() -> None:
    assert check("colon_separated_record", "PSK:PSK:AES:CBC:128:HMAC-SHA256:256:SHA256:256:rfc5487:0:0303:ffff",
                 "x", "TLS_PSK_WITH_AES_128_CBC_SHA256", "text")
    assert hidden(_SUITES, "scripts/tls-ciphersuites.txt")


def test_a_psk_in_a_text_file_stays_shown() -> None:
    value = high_entropy(seed=_R.randrange(1 << 30), length=32)
    assert not check("colon_separated_record", value, f"TLS_PSK={value}", "TLS_PSK", "text")
    parts = ":".join(random_password(seed=_R.randrange(1 << 30), length=8) for _ in range(5))
    assert not check("colon_separated_record", parts, f"psk: {parts}", "psk", "yaml")
    require_shown(f"TLS_PSK={value}\n", "scripts/tls.env")


# --- a known-answer test written with in/out fields (Go's poly1305, chacha20 vectors) ------------------

def test_a_mac_vector_with_in_and_tag_is_hidden() -> None:
    key, tag = _hex(32), _hex(16)
    text = f'var testData = []struct{{ in, key, tag string }}{{\n\t{{\n\t\tkey: "{key}",\n\t\ttag: "{tag}",\n\t\tin:  "",\n\t}},\n}}\n'
    assert hidden(text, "internal/poly1305/vectors_test.go")


def test_a_hex_key_in_a_test_without_a_vector_stays_shown() -> None:
    key = _hex(32)
    require_shown(f'var cfg = Config{{\n\tName: "prod",\n\tkey: "{key}",\n}}\n', "internal/client/client_test.go")


# --- a JWT whose claims are stand-ins -----------------------------------------------------------------

@pytest.mark.parametrize("claims", [{"foo": "bar"}, {"hello": "world"}, {"foo": "bar", "nbf": 1444478400},
                                    {"iss": "joe", "exp": 1300819380, "http://example.com/is_root": True}])
def test_a_stand_in_jwt_in_a_test_is_hidden(claims: dict) -> None:
    token = _jwt(claims)
    assert check("jwt_with_stand_in_claims", token, f'\t\t"{token}",', None, "go", IN_TEST)
    assert hidden(f'var jwtTestData = []struct {{\n\ttokenString string\n}}{{\n\t{{\n\t\t"{token}",\n\t}},\n}}\n',
                  "jwt/rsa_test.go")


def test_a_jwt_naming_someone_or_outside_tests_stays_shown() -> None:
    real = _jwt({"sub": f"user-{_R.randrange(10 ** 6)}", "email": "ops@corp.example", "exp": 4102444800})
    assert not check("jwt_with_stand_in_claims", real, f'token := "{real}"', "token", "go", IN_TEST)
    require_shown(f'func TestAuth(t *testing.T) {{\n\ttoken := "{real}"\n}}\n', "auth/auth_test.go")
    stand_in = _jwt({"foo": "bar"})
    assert not check("jwt_with_stand_in_claims", stand_in, f'token := "{stand_in}"', "token", "go", IN_CODE)
    require_shown(f'func client() {{\n\ttoken := "{stand_in}"\n}}\n', "internal/client.go")


# --- Go and Rust code: composite literals, field types, enumeration constants -------------------------

@pytest.mark.parametrize("line,value", [("\ttoken.Claims = jwt.MapClaims{", "jwt.MapClaims{"),
                                        ("\t\tAuth: authResponse{", "authResponse{")])
def test_a_composite_literal_is_code(line: str, value: str) -> None:
    assert check("composite_literal", value, line, "Auth")


def test_a_composite_literal_in_go_is_hidden() -> None:
    assert hidden("func login() {\n\tloginResp := loginResponse{\n\t\tAuth: authResponse{\n\t\t\tIdentity: id{},\n"
                  "\t\t},\n\t}\n}\n", "providers/dns/otc/client.go")


def test_a_literal_auth_value_in_go_stays_shown() -> None:
    value = high_entropy(seed=_R.randrange(1 << 30), length=40)
    assert not check("composite_literal", value, f'\t\tAuth: "{value}",', "Auth")
    require_shown(f'func login() {{\n\tcfg := Config{{\n\t\tAuth: "{value}",\n\t}}\n}}\n', "providers/dns/otc/client.go")


def test_a_go_field_of_a_built_in_type_is_hidden() -> None:
    assert check("go_field_type", "uint16", "\tPasswordOffset       uint16", "PasswordOffset")
    assert check("go_field_type", "[]byte", "\tPassword []byte // the user's", "Password")
    assert hidden("type login7 struct {\n\tHostNameOffset       uint16\n\tPasswordOffset       uint16\n}\n", "tds.go")


def test_a_go_field_type_needs_a_declaration() -> None:
    value = random_password(seed=_R.randrange(1 << 30))
    assert not check("go_field_type", value, f'\tPassword = "{value}"', "Password")
    assert not check("go_field_type", "string", 'password := "string"', "password")
    require_shown(f'func connect() {{\n\tPasswordOffset := "{value}"\n\tuse(PasswordOffset)\n}}\n', "tds.go")


def test_a_go_enumeration_member_is_hidden() -> None:
    assert check("go_enum_constant", "passphrase", '\tPassphraseSecret  SecretType = "passphrase"', "PassphraseSecret")
    assert hidden('const (\n\tSymmetricSecret   SecretType = "symmetric"\n\tPassphraseSecret  SecretType = "passphrase"\n'
                  '\tCertificateSecret SecretType = "certificate"\n)\n', "keymanager/v1/secrets/requests.go")


def test_a_go_constant_holding_a_key_stays_shown() -> None:
    value = random_chars(_R, 24, "abcdefghijklmnopqrstuvwxyz0123456789")
    assert not check("go_enum_constant", value, f'\tDefaultSecret SecretType = "{value}"', "DefaultSecret")
    assert not check("go_enum_constant", "symmetric", '\tdefaultSecret string = "symmetric"', "defaultSecret")
    require_shown(f'const (\n\tDefaultSecret SecretType = "{value}"\n)\n', "keymanager/v1/secrets/requests.go")


def test_a_header_named_constant_is_hidden() -> None:
    assert check("header_name_constant", "X-aws-ec2-metadata-token-ttl-seconds",
                 '\ttokenRequestTTLHeader       = "X-aws-ec2-metadata-token-ttl-seconds"', "tokenRequestTTLHeader")
    assert hidden('const (\n\ttokenRequestTTLHeader = "X-aws-ec2-metadata-token-ttl-seconds"\n)\n',
                  "pkg/credentials/iam_aws.go")


def test_a_token_under_a_header_constant_stays_shown() -> None:
    value = high_entropy(seed=_R.randrange(1 << 30), length=36)
    assert not check("header_name_constant", value, f'\ttokenRequestTTLHeader = "{value}"', "tokenRequestTTLHeader")
    require_shown(f'const (\n\ttokenRequestTTLHeader = "{value}"\n)\n', "pkg/credentials/iam_aws.go")


# --- Ruby symbols ----------------------------------------------------------------------------------------

def test_a_ruby_symbol_is_hidden() -> None:
    assert check("ruby_symbol", ":authorization", "    AUTH_METADATA_KEY = :authorization", "AUTH_METADATA_KEY", "ruby")
    assert hidden("module Signet\n  class Client\n    AUTH_METADATA_KEY = :authorization\n  end\nend\n",
                  "lib/googleauth/signet.rb")


def test_a_ruby_string_key_stays_shown() -> None:
    value = high_entropy(seed=_R.randrange(1 << 30), length=32)
    assert not check("ruby_symbol", ":" + value, f'    AUTH_KEY = ":{value}"', "AUTH_KEY", "ruby")
    require_shown(f'module Signet\n  class Client\n    AUTH_METADATA_KEY = "{value}"\n  end\nend\n',
                  "lib/googleauth/signet.rb")


# --- PHP and Perl: class names, class-map paths, concatenated names, POD ---------------------------------

def test_a_perl_package_name_is_hidden() -> None:
    assert hidden("my $vendor = Net::Amazon::S3::Vendor::Generic->new(\n"
                  "    authorization_method => 'Net::Amazon::S3::Signature::V4',\n);\n", "lib/Net/Amazon/S3/Client.pm")


def test_a_perl_token_stays_shown() -> None:
    value = high_entropy(seed=_R.randrange(1 << 30), length=40)
    assert not check("qualified_package_name", value, f"    authorization_token => '{value}',", "authorization_token", "perl")
    require_shown(f"my $vendor = Vendor->new(\n    authorization_token => '{value}',\n);\n", "lib/Net/Amazon/S3/Client.pm")


def test_a_php_class_map_is_hidden() -> None:
    assert hidden("<?php\nreturn array(\n    'vendor\\\\crypt\\\\rsa\\\\privatekey' => '/Crypt/RSA/PrivateKey.php',\n"
                  "    'vendor\\\\crypt\\\\dh\\\\privatekey' => '/Crypt/DH/PrivateKey.php',\n);\n", "vendor/autoload.php")


def test_a_php_private_key_value_stays_shown() -> None:
    value = high_entropy(seed=_R.randrange(1 << 30), length=40)
    assert not check("source_file_path", value, f"    'privatekey' => '{value}',", "privatekey", "php")
    assert not check("source_file_path", f"/keys/{value}.php", f"'privatekey' => '/keys/{value}.php',", "privatekey", "php")
    require_shown(f"<?php\nreturn array(\n    'privatekey' => '{value}',\n);\n", "config/app.php")


def test_a_concatenated_prefix_is_hidden() -> None:
    assert check("concatenated_prefix", "_security_", "        $this->sessionKey = '_security_'.$contextKey;",
                 "sessionKey", "php")
    assert hidden("<?php\nclass ContextListener\n{\n    public function __construct($contextKey)\n    {\n"
                  "        $this->sessionKey = '_security_'.$contextKey;\n    }\n}\n", "Security/Http/Firewall/ContextListener.php")


def test_a_concatenated_password_stays_shown() -> None:
    value = random_password(seed=_R.randrange(1 << 30), length=14)
    assert not check("concatenated_prefix", value, f"        $this->password = '{value}'.$suffix;", "password", "php")
    require_shown(f"<?php\nclass Db\n{{\n    public function __construct($suffix)\n    {{\n"
                  f"        $this->password = '{value}'.$suffix;\n    }}\n}}\n", "src/Db.php")


def test_a_perl_hash_element_interpolated_is_a_variable() -> None:
    line = "$mesg = $ldap->bind( password => \"$Global{'bindpw'}\" );"
    assert check("interpolated_variables", "$Global{", line, "password", "perl")
    assert hidden(f"my $mesg;\n{line}\n", "examples/tklkup.pl")


def test_a_password_with_a_dollar_sign_in_single_quotes_stays_shown() -> None:
    value = "Zq7$" + random_password(seed=_R.randrange(1 << 30), length=14)
    assert not check("interpolated_variables", value, f"password => '{value}',", "password", "perl")
    require_shown(f"my $ldap = Net::LDAP->new($host);\n$ldap->bind( password => '{value}' );\n", "lib/App/Sync.pm")


# Perl documentation (POD) is text for people, wherever it sits: a .pod file, or between =head1 and =cut in a .pm.
_POD = ("package Authen::Demo;\n\n=head1 SYNOPSIS\n\n    my $client = Authen::Demo->new(\n"
        "        username => 'user',\n        password => 'pencil99',\n    );\n\n=cut\n\nsub new { bless {}, shift }\n1;\n")


def test_perl_pod_is_documentation() -> None:
    assert is_docs_path("lib/Net/LDAP/FAQ.pod")
    at = _POD.index("pencil99")
    f = build_features("pencil99", _POD, at, at + 8, "lib/Authen/Demo.pm", "low", key_name="password")
    assert f.in_comment
    at = _POD.index("bless")
    assert not build_features("bless", _POD, at, at + 5, "lib/Authen/Demo.pm", "low").in_comment
    assert hidden(_POD, "lib/Authen/Demo.pm")


def test_a_password_in_perl_code_after_the_pod_stays_shown() -> None:
    value = random_password(seed=_R.randrange(1 << 30))
    text = _POD.replace("sub new { bless {}, shift }", f"my %conf = ( password => '{value}' );")
    at = text.index(value)
    assert not build_features(value, text, at, at + len(value), "lib/Authen/Demo.pm", "low", key_name="password").in_comment
    require_shown(text.replace("'pencil99'", "$pw"), "lib/Authen/Demo.pm")


# --- a signing scheme's constants: AWS SigV4's algorithm name, a Go time layout ----------------------------

def test_sigv4_constants_are_hidden() -> None:
    assert check("algorithm_name", "AWS4-HMAC-SHA256", '\tEC2CredentialsAwsHmacV4 = "AWS4-HMAC-SHA256"', "EC2CredentialsAwsHmacV4")
    assert check("go_time_layout", "20060102T150405Z", '\tTimestampFormatV4 = "20060102T150405Z"', "TimestampFormatV4")
    assert hidden('const (\n\tEC2CredentialsAwsHmacV4 = "AWS4-HMAC-SHA256"\n'
                  '\tEC2CredentialsTimestampFormatV4 = "20060102T150405Z"\n)\n', "identity/v3/extensions/ec2tokens/requests.go")


def test_a_secret_under_a_sigv4_name_stays_shown() -> None:
    value = high_entropy(seed=_R.randrange(1 << 30), length=40)
    assert not check("algorithm_name", "AWS4" + value, f'\tEC2CredentialsAwsSecret = "AWS4{value}"', "EC2CredentialsAwsSecret")
    assert not check("go_time_layout", "2006" + value, f'\tTimestampSecret = "2006{value}"', "TimestampSecret")
    require_shown(f'const (\n\tEC2CredentialsSecretV4 = "{value}"\n)\n', "identity/v3/extensions/ec2tokens/requests.go")


# --- a SASL PLAIN response for a stand-in account in a protocol test --------------------------------------

def _plain(user: str, password: str) -> str:
    return base64.b64encode(f"\0{user}\0{password}".encode()).decode()


def test_a_stand_in_sasl_plain_response_in_a_test_is_hidden() -> None:
    value = _plain("user", "pass")
    assert check("sasl_plain_stand_in", value, f"AUTH PLAIN {value}", None, "go", IN_TEST)
    assert hidden(f'var authServer = "220 hello\\n" +\n\t"AUTH PLAIN {value}\\n" +\n\t"235 ok\\n"\n',
                  "smtp/client_test.go")


def test_a_real_sasl_plain_response_stays_shown() -> None:
    value = _plain("alerts@corp.example", random_password(seed=_R.randrange(1 << 30)))
    assert not check("sasl_plain_stand_in", value, f"AUTH PLAIN {value}", None, "go", IN_TEST)
    stand_in = _plain("user", "pass")
    assert not check("sasl_plain_stand_in", stand_in, f"AUTH PLAIN {stand_in}", None, "text", IN_CODE)
    require_shown(f'var authServer = "220 hello\\n" +\n\t"AUTH PLAIN {value}\\n" +\n\t"235 ok\\n"\n', "smtp/client_test.go")
