"""Well-known values of settings: authentication methods and password-hashing
schemes (gssapi, argon2), SNMP's default community, numbers, versions, dates and colours, null,
booleans and type names, a request's credentials mode, encoding names, standards (rfc8693), when an
option acts (on_create) and Go time layouts.
"""

from __future__ import annotations

import re

from ..rules.checksums import b64_decode

from .registry import _filter
from .words import digits_held_as_secret, key_words


# How a client authenticates, as configs name it: EAP inner methods (wpa_supplicant's phase2="auth=MSCHAPV2",
# NetworkManager's phase2-auth=mschapv2), SASL mechanisms, HTTP schemes, PAM/pg_hba methods.
_AUTH_METHODS = frozenset({
    "mschapv2", "mschap", "chap", "pap", "eap", "gtc", "md5", "otp", "tls", "ttls", "peap", "leap", "fast", "sim", "aka",
    "plain", "login", "cram-md5", "digest-md5", "scram-sha-1", "scram-sha-256", "scram-sha-512", "gssapi", "ntlm",
    "cram-sha1", "cram-sha256", "scram-sha-1-plus", "scram-sha-256-plus", "scram-sha-512-plus",  # SASL (IMAP AUTH=)
    "kerberos", "negotiate", "basic", "digest", "bearer", "oauth", "oauth2", "xoauth2", "oauthbearer", "external",
    "anonymous", "none", "sha", "sha1", "sha256", "sha512", "psk", "sae", "wpa-psk", "wpa-eap", "pam", "ldap",
    "radius", "local", "trust", "ident", "peer", "reject", "cert", "x509", "saml", "oidc", "jwt", "hmac",
    # SSH's methods (RFC 4252, 4256, 4462) and MongoDB's mechanisms
    "publickey", "hostbased", "keyboard-interactive", "gssapi-with-mic", "gssapi-keyex",
    "mongodb-oidc", "mongodb-x509", "mongodb-aws", "mongodb-cr",
    "certificate", "certificates", "password", "pubkey",  # ocserv's auth = "certificate", a server's auth = "password"
    "container", "application",  # who signs on to a Java EE resource: Tomcat's <Resource auth="Container">
    "amqplain",  # RabbitMQ's own SASL mechanism
    "integration",  # Codemagic's `auth: integration`: sign with the team's App Store Connect integration
})
# The names of a setting that picks a method: auth, authentication, phase2, eap, mech, sasl.
_AUTH_CHOOSING_WORDS = frozenset({"auth", "authentication", "phase2", "phase1", "eap", "mech", "sasl", "authtype",
                                  "authmethod"})


_METHOD_OPTIONS = re.compile(r"\[[\w\-=,. ]{0,80}\]$")


@_filter("auth_method_name", "the name of an authentication method (phase2-auth=mschapv2, auth: gssapi): which "
         "method a client uses, not a credential", generic_only=True, needs_key_name=True)
def is_auth_method_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = _METHOD_OPTIONS.sub("", value.strip().strip("\"'").lower())  # ocserv's auth = "pam[gid-min=1000]"
    family, _, method = v.partition("-")
    # strongSwan names a method after its family: auth = eap-mschapv2, xauth-generic, eap-dynamic
    if v not in _AUTH_METHODS and not (family in ("eap", "xauth") and method in _AUTH_METHODS | {"generic", "dynamic"}):
        return False
    words = key_words(key_name)
    # ... or a constant per method (AUTH_AMQPLAIN = 'AMQPLAIN', SASL_PLAIN = "PLAIN")
    return bool(words) and (words[-1] in _AUTH_CHOOSING_WORDS or (len(words) == 2 and words[0] in _AUTH_CHOOSING_WORDS))


# OAuth 2.0's grant types (RFC 6749 section 4; device code RFC 8628, token exchange RFC 8693, the JWT and SAML bearer
# grants RFC 7523/7522): which flow a client runs, written under a grant key (grant_type, authorization-grant-type).
_OAUTH_GRANT_TYPES = frozenset({"authorization_code", "client_credentials", "refresh_token", "password", "implicit",
                                "device_code", "jwt_bearer", "jwt-bearer", "token_exchange", "saml2-bearer"})
_OAUTH_GRANT_URN = "urn:ietf:params:oauth:grant-type:"


@_filter("oauth_grant_type", "an OAuth grant type (authorization_code, client_credentials, refresh_token, "
         "urn:ietf:params:oauth:grant-type:…) under a grant key: which flow a client runs, not a credential",
         generic_only=True, needs_key_name=True)
def is_oauth_grant_type(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if "grant" not in key_words(key_name):
        return False
    v = value.strip().strip("\"'").lower()
    return v in _OAUTH_GRANT_TYPES or (v.startswith(_OAUTH_GRANT_URN) and v[len(_OAUTH_GRANT_URN):].replace("-", "_").isidentifier())


# An access mode (Junos' `authorization read-only;`, a share's `access: read-write`): what a credential or a
# community may do, not one.
_ACCESS_MODES = frozenset({"read-only", "read_only", "readonly", "read-write", "read_write", "readwrite", "write-only",
                           "write_only", "writeonly", "read-only-access", "full-access"})


@_filter("access_mode_value", "an access mode (read-only, read-write): what a credential may do, not one",
         generic_only=True)
def is_access_mode_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return value.strip().rstrip(";,").strip("\"'").lower() in _ACCESS_MODES


# An Arduino library's keywords.txt: a name, a tab and the class the IDE highlights it as (setPassword<TAB>KEYWORD2).
_ARDUINO_KEYWORD_CLASS = re.compile(r"^[ \t]*\w+\t+(?:KEYWORD[1-3]|LITERAL[12]|KEYWORD_TOKENTYPE)[ \t]*\r?$")


@_filter("arduino_keyword_class", "an Arduino library's keywords.txt line: a name and its highlighting class "
         "(KEYWORD2), not a value", generic_only=True, needs_in_line="\t")
def is_arduino_keyword_class(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return value.strip() in ("KEYWORD1", "KEYWORD2", "KEYWORD3", "LITERAL1", "LITERAL2", "KEYWORD_TOKENTYPE") and (
        _ARDUINO_KEYWORD_CLASS.match(line) is not None)


# SNMP's well-known default communities (RFC 1157's examples, every agent's factory setting): a person should
# change them, but they are public knowledge, not a leaked secret.
_DEFAULT_COMMUNITIES = frozenset({"public", "private"})


@_filter("default_snmp_community", "SNMP's default community name (rocommunity public): known to everyone, not a "
         "leaked secret", generic_only=True)
def is_default_snmp_community(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if value.strip().strip("\"'").lower() not in _DEFAULT_COMMUNITIES:
        return False
    # net-snmp's com2sec / com2sec6 map a community (the last field) to a security name: the same default
    # (FortiOS names the community on a `set name` line of its community table: the rule says so by the key's name)
    return "community" in line.lower() or "community" in (key_name or "").lower() or _COM2SEC.match(line) is not None


_COM2SEC = re.compile(r"^[ \t#]*com2sec6?[ \t]")


# One comparator of a version range (npm, Cargo, Composer): an operator before a version, or a
# version with at least one dot (a bare number is left to the patterns below).
_VERSION_COMPARATOR = (r"(?:(?:[\^~]|[<>]=?|=)[ \t]*v?\d{1,9}(?:\.(?:\d{1,9}|[xX*])){0,2}"
                       r"|v?\d{1,9}(?:\.(?:\d{1,9}|[xX*])){1,2})(?:[-+][0-9A-Za-z.\-]{1,40})?")
_NUMBER_OR_VERSION = (
    re.compile(r"^-?\d{1,12}$"),  # ports, timeouts, ids
    # version ranges under a package's name: ^3.8.0, ~1.2, >=1.0.0 <2.0.0, ^1 || ^2, 1.x
    re.compile(rf"^{_VERSION_COMPARATOR}(?:(?:[ \t]*\|\|[ \t]*|[ \t]+-[ \t]+|[ \t]+){_VERSION_COMPARATOR}){{0,4}}$"),
    re.compile(r"^-?\d+\.\d+(?:[eE][-+]?\d+)?$"),  # decimals: weights, ratios
    re.compile(r"^v?\d+(?:\.\d+){1,3}(?:[-+][\w.]+)?$"),  # 1.2.3, v2.0.1-rc1, 10.0.0.1
    re.compile(r"^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$"),  # dates
    re.compile(r"^\d{4}-\d{2}-\d{2}-(?:preview|privatepreview|beta|alpha)(?:\.?\d{1,2})?$"),  # Azure API versions
    re.compile(r"^\d+(?:ms|s|m|h|d|w|kb|mb|gb|k|px|%)$", re.IGNORECASE),  # durations, sizes
    # ISO 8601 durations, as Spring's Duration settings and XML schema take them: PT24H, P7D, PT1H30M, P1DT12H
    re.compile(r"^P(?=\d|T\d)(?:\d+[YMWD])*(?:T(?:\d+(?:\.\d+)?[HMS])+)?$"),
    re.compile(r"^0[xX][0-9a-fA-F]{1,8}$"),  # hex constants: flags, enums (0x8802)
    # rate limits: 5/m, 20/m/ip, 20/m/ip,5/m/key (requests per period, per what)
    re.compile(r"^\d+/(?:s|sec|second|m|min|minute|h|hour|d|day)(?:/[a-z]+)?(?:,\s*\d+/(?:s|sec|second|m|min|minute|h|hour|d|day)(?:/[a-z]+)?)*$"),
)


@_filter("number_or_version", "a number, version, IP address, date or duration", generic_only=True)
def is_number_or_version(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if digits_held_as_secret(v, line, key_name):
        return False
    return any(p.match(v) for p in _NUMBER_OR_VERSION)


_NON_SECRET_LITERALS = frozenset({
    "", "null", "nil", "none", "undefined", "true", "false", "yes", "no", "on", "off", "''", '""', "n/a",
    "na", "-", "~", "nan", "empty", "default", "required", "optional", "string", "str", "int",
    "boolean", "bool", "integer",  # a settings table's types: SmbSharePasswd => "boolean"
    "enabled", "disabled",  # a switch: MongoDB's security.authorization: enabled
})


@_filter("null_or_boolean", "an empty, null, boolean or type-name literal (None, null, false, '', string)")
def is_null_or_boolean(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip().lower()
    # PostgreSQL's catalog data files (pg_authid.dat) spell SQL NULL as _null_, a marker no word can be confused with
    return v in _NON_SECRET_LITERALS or v == "_null_"


_COLOR = re.compile(r"^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"
                    # CSS colour functions: rgba(255,231,130,0.4), hsl(210 40% 50% / .5)
                    r"|^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\([0-9.,%/ +\-deg]{3,60}\)$", re.IGNORECASE)


@_filter("color_value", "a colour (#RGB, #RRGGBB, #RRGGBBAA, rgba(…), hsl(…)), as style tables write them",
         generic_only=True)
def is_color_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return bool(_COLOR.match(value.strip()))


# The values the Fetch standard allows for a request's credentials mode (RequestInit.credentials).
_FETCH_CREDENTIALS_MODES = frozenset({"include", "same-origin", "omit"})


@_filter("request_credentials_mode", "a request's credentials mode (fetch's credentials: 'include' | "
         "'same-origin' | 'omit'): whether cookies are sent, not a credential", generic_only=True, needs_key_name=True)
def is_request_credentials_mode(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    return bool(words) and words[-1] == "credentials" and value.strip().lower() in _FETCH_CREDENTIALS_MODES


# Names of character and byte encodings (Node's Buffer encodings, IANA charsets): a second
# argument that is one says how the first is written (writeString('…_password', 'latin1')).
_ENCODING_NAME = re.compile(
    r"^(?:utf-?(?:8|16|32)(?:[lb]e)?|ucs-?2|latin-?1|(?:us-)?ascii|binary|base64(?:url)?|hex|"
    r"iso[-_]?8859[-_]\d{1,2}|(?:cp|windows-?)125\d|cesu-?8|gb(?:k|2312|18030)|big5|shift[-_]?jis|euc-(?:jp|kr)|koi8-[ru])$"
    # MySQL's character sets and collations (utf8mb4, utf8mb4_unicode_ci, latin1_swedish_ci, utf8mb4_0900_as_cs)
    # (the parts between are the languages and versions collations are named by: another part makes a password
    # that starts like one)
    r"|^(?:utf8(?:mb[34])?|latin[1-7]|ascii|ucs2|utf16(?:le)?|utf32|cp\d{3,4}|gbk|gb2312|gb18030|big5|sjis|euckr|eucjpms|ujis"
    r"|koi8[ru]|tis620|armscii8|geostd8|hebrew|greek|keybcs2|macce|macroman|dec8|hp8|swe7|binary)"
    r"(?:_(?:general|unicode|0900|520|400|mysql500|swedish|german[12]|spanish2?|danish|polish|czech|turkish|croatian"
    r"|estonian|icelandic|latvian|lithuanian|persian|romanian|slovak|slovenian|hungarian|vietnamese|roman|bulgarian"
    r"|ukrainian|myanmar|esperanto|sinhala|hebrew|greek|thai|mn|ja|zh|ru|de|pb|la|pinyin|stroke|bopomofo|nopad|ai|as|ks)){0,4}"
    r"_(?:ci|cs|bin)$|^(?:utf8mb[34])$",
    re.IGNORECASE)


@_filter("encoding_name", "the name of a character or byte encoding (latin1, utf8, base64): how a value is "
         "written, not a value", generic_only=True)
def is_encoding_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return _ENCODING_NAME.match(value.strip()) is not None


# Password-hashing schemes, SASL/GSS mechanisms and digests as settings name them: PASSWORD_HASH =
# "argon2", password_encryption = 'scram-sha-256', "django_pbkdf2_sha256", AUTH_…MD5: 'md5'.
_ALGORITHM_PIECE = re.compile(
    r"md[245]|sha(?:1|2|3|224|256|384|512)?|scram|bcrypt|scrypt|argon2(?:id|i|d)?|pbkdf2|hmac|crypt|sspi|ntlm"
    r"|kerberos(?:v5)?|gss(?:api)?|aes(?:128|192|256)?|des|3des|plaintext")
# Words that qualify a scheme's name (passlib: ldap_salted_sha1, django_bcrypt, hex_md5).
_ALGORITHM_QUALIFIERS = frozenset({"django", "ldap", "salted", "hex", "base64", "b64", "unix", "legacy", "plain",
                                   "aws4"})  # AWS Signature Version 4's algorithm: AWS4-HMAC-SHA256


_NAME_SEPARATORS = re.compile(r"[-_.]")


@_filter("algorithm_name", "the name of a password-hashing scheme or an authentication mechanism (argon2, "
         "scram-sha-256, django_pbkdf2_sha256, md5): which algorithm, not a credential", generic_only=True)
def is_algorithm_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    pieces = _NAME_SEPARATORS.split(value.strip().lower())
    if len(value) > 40 or not all(pieces):
        return False
    core = [p for p in pieces if _ALGORITHM_PIECE.fullmatch(p)]
    return bool(core) and all(p in core or p.isdigit() or p in _ALGORITHM_QUALIFIERS for p in pieces)


# A standard's name (RFC 8693's token exchange, "rfc7523"): which protocol, not a credential.
_RFC_NAME = re.compile(r"^(?:rfc|RFC)[-_ ]?[0-9]{3,5}$")


@_filter("standard_name", "the name of a standard (rfc8693): which protocol a setting follows", generic_only=True)
def is_standard_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return _RFC_NAME.match(value.strip()) is not None


# When an option acts (on_create, when_changed, always): update_password = "on_create" says when the
# password is set, it is not one.
_WHEN_VALUE = re.compile(r"^(?:(?:on|when|if|upon|after|before)[_\-][a-z]+(?:[_\-][a-z]+)?|always|never)$")


@_filter("when_option_value", "when an option about a credential acts (update_password: on_create, always): "
         "a mode, not the credential", generic_only=True, needs_key_name=True)
def is_when_option_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return len(key_words(key_name)) >= 2 and _WHEN_VALUE.match(value.strip()) is not None


# Go writes a time format as its reference time, Mon Jan 2 15:04:05 MST 2006 (package time's layouts):
# "20060102T150405Z" is how to print a timestamp, not a value.
_GO_LAYOUT_ELEMENT = re.compile(r"2006|January|Jan|Monday|Mon|MST|Z07:00|Z0700|-07:00|-0700|-07|15|01|02|03|04|05|06|_2"
                                r"|\.0+|\.9+|PM|pm|[-/:., TZ]")


@_filter("go_time_layout", "a Go time layout (\"20060102T150405Z\", \"2006-01-02 15:04:05\"): the reference time "
         "spelling a format, not a value", generic_only=True)
def is_go_time_layout(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return language == "go" and len(v) <= 48 and "2006" in v and _GO_LAYOUT_ELEMENT.sub("", v) == ""


# An OpenAPI-generated client's `auth_settings` list: the names of the spec's security schemes an operation
# accepts (auth_settings=['BasicAuthentication'], _auth_settings: List[str] = ["oauth2"]).
_AUTH_SETTINGS_LIST = re.compile(r"""auth_settings\b[^=\n]{0,20}=[ \t]*\[[ \t]*(?:["'][A-Za-z_][A-Za-z0-9_-]{0,40}["'][ \t]*,?[ \t]*)+\]""")


@_filter("security_scheme_names", "a generated API client's auth_settings list (auth_settings=['BasicAuthentication']): "
         "the names of the security schemes an operation accepts, not credentials", generic_only=True)
def is_security_scheme_names(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if "auth_settings" not in line:
        return False
    m = _AUTH_SETTINGS_LIST.search(line)
    v = value.strip()
    return m is not None and (f'"{v}"' in m.group(0) or f"'{v}'" in m.group(0)) and v.replace("_", "").replace("-", "").isalnum()


# A field's type in a GraphQL schema (type User { password: String! }): the built-in scalars, required (!)
# or in a list ([String!]!). Bare `String` is left to null_or_boolean's type names.
_GRAPHQL_TYPE = re.compile(r"^\[?(?:String|ID|Int|Float|Boolean)!?\]?!?$")


@_filter("graphql_field_type", "a field's type in a GraphQL schema (password: String!, tokens: [ID!]!): the "
         "kind of value the field holds", generic_only=True, needs_in_value="![")
def is_graphql_field_type(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return ("!" in v or "[" in v) and _GRAPHQL_TYPE.match(v) is not None


# A value in an HTML page's code block runs on into the closing tags (creationToken = 1644442601</code></pre>):
# what stands before them is the value.
_BEFORE_CLOSING_TAGS = re.compile(r"^([^<>\s]{1,64})(?:</[A-Za-z][\w:\-]*>)+$")


@_filter("number_before_closing_tags", "a number, version or literal followed by closing tags in a page's code block "
         "(creationToken = 1644442601</code></pre>)", generic_only=True, needs_in_value="<")
def is_number_before_closing_tags(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    m = _BEFORE_CLOSING_TAGS.match(value.strip())
    if m is None:
        return False
    core = m.group(1)
    return is_number_or_version(core, line, key_name, language) or is_null_or_boolean(core, line, key_name, language)


# Windows answer files (unattend.xml) run their settings in named configuration passes: <settings pass="oobeSystem">.
_UNATTEND_PASSES = frozenset({"windowspe", "offlineservicing", "generalize", "specialize", "auditsystem", "audituser",
                              "oobesystem"})


@_filter("unattend_configuration_pass", "a Windows answer file's configuration pass (<settings pass=\"oobeSystem\">): "
         "when the settings apply, not a password", generic_only=True)
def is_unattend_configuration_pass(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return value.strip().lower() in _UNATTEND_PASSES and "<settings" in line.lower()


# With <PlainText>false</PlainText> an answer file stores a password as base64 of UTF-16LE text: the password
# followed by the element's name ("Password", "AdministratorPassword"). Only the name there: an empty password.
_UNATTEND_SUFFIXES = ("Password", "AdministratorPassword")


@_filter("unattend_empty_password", "a Windows answer file's encoded password that decodes to the element's name "
         "alone (UABhAHMAcwB3AG8AcgBkAA== is \"Password\"): an empty password", generic_only=True)
def is_unattend_empty_password(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not 12 <= len(v) <= 64 or not v.startswith(("UABh", "QQBk")):
        return False
    raw = b64_decode(v)
    try:
        return raw is not None and raw.decode("utf-16-le") in _UNATTEND_SUFFIXES
    except UnicodeDecodeError:
        return False


# A YubiKey OTP: 32 to 48 characters of modhex (the 16 letters cbdefghijklnrtuv), a 12-character public id and a
# one-time part. Each is accepted once and useless after; tests replay recorded ones.
_YUBIKEY_OTP = re.compile(r"^[cbdefghijklnrtuv]{32,48}$")


@_filter("yubikey_otp", "a YubiKey one-time password (32-48 modhex letters: cjikftknbikt…): used once, worthless after",
         generic_only=True)
def is_yubikey_otp(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return _YUBIKEY_OTP.match(value.strip()) is not None


# debhelper selects the binary package a command acts on with -p<package> (dh_installdocs -proundcube-mysql): a
# rule for `mysql -p<password>` reads the -p of a package whose name holds "mysql".
_DEBHELPER_COMMAND = re.compile(r"^\s*(?:[-@+]\s*)?dh_[a-z0-9_]+\b")


@_filter("debhelper_package_option", "the -p option of a debhelper command (dh_installdocs -proundcube-mysql): the "
         "binary package it acts on, not a password", generic_only=True)
def is_debhelper_package_option(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    at = line.find("-p" + v)
    return (at > 0 and _DEBHELPER_COMMAND.match(line) is not None
            and re.fullmatch(r"[a-z0-9][a-z0-9+.\-]+", v) is not None)
