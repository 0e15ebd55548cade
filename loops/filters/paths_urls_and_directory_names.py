"""Paths, URLs and directory names used as values: a file
path or a URL with no credential in it, a URN or a package requirement, an Amazon Resource Name,
a path of words (a topic or a route), a source file's path, an e-mail address, an LDAP
distinguished name, a PKCS #11 URI's label and a URL whose password names a part of a pattern.
"""

from __future__ import annotations

import base64
import binascii
import re
from urllib.parse import parse_qsl, urlsplit

from .key_names import _DESCRIBING_WORDS
from .registry import Surroundings, _filter
from .text_shapes import _FILE_EXTENSIONS, _SEGMENT_SEPARATORS, _looks_random, _wordy_segment
from .word_shapes import _typed_word, wordlike
from .words import _CHOSEN_WORDS, _names_generated_credential, key_words, names_credential, names_password


def _url_without_credentials(v: str) -> bool:
    try:
        parts = urlsplit(v)
    except ValueError:
        return False
    if parts.password or not parts.netloc:
        return False
    for name, val in parse_qsl(parts.query, keep_blank_values=True):
        words = key_words(name)
        # (a parameter that describes one, token_access_type=offline, holds a word, not a credential)
        describes = bool(words) and words[-1] in _DESCRIBING_WORDS and wordlike(val)
        if (names_credential(words) and not describes) or _looks_random(val):
            return False
    # (a segment of words and versions joined by separators, saml-token-profile-1.1, is a page's name)
    return not any(_looks_random(seg) and not (_wordy_segment(seg) and _SEGMENT_SEPARATORS.search(seg))
                   for seg in parts.path.split("/"))


_ANCHORED_PATH = re.compile(r"^(?:/|\./|\.\./|~/|[A-Za-z]:[\\/]|\\\\)")
_PATH_SEPARATORS = re.compile(r"[\\/]+")
_DRIVE = re.compile(r"^[A-Za-z]:")


def _file_path(v: str) -> bool:
    if any(c in v for c in "'\"<>|*?\n") or " " in v.strip("/\\"):
        return False
    anchored = _ANCHORED_PATH.match(v) is not None
    segments = [s for s in _PATH_SEPARATORS.split(_DRIVE.sub("", v)) if s not in ("", ".", "..", "~")]
    if not segments or not all(_wordy_segment(s) for s in segments[:-1]):
        return False
    last = segments[-1]
    if not _wordy_segment(last) and _NAMED_WITH_AN_ID.match(last) is None:
        return False
    has_extension = "." in last and last.rsplit(".", 1)[1].lower() in _FILE_EXTENSIONS
    return has_extension or (anchored and (len(segments) >= 2 or v.startswith(("./", "../", "~/"))))


# A key file named by its id, as its issuer names the download: Apple's AuthKey_<key id>.p8, a service account's
# <words>-<id>.json; words, then one id in capitals and digits, then a key file's extension
_NAMED_WITH_AN_ID = re.compile(r"^(?:[A-Za-z]+[_-])+[A-Z0-9]{6,12}\.(?:p8|pem|key|p12|pfx|json|jks)$")
# Spring's resource prefixes (classpath:firebase-service-account.json, file:/etc/app/creds.json): a file, named
_RESOURCE_PREFIX = re.compile(r"^(?:classpath\*?|file):")

_URL_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*://")


@_filter("file_path_or_url_without_credentials",
         "a file path or a URL with no password, token parameter or random path segment in it", generic_only=True, needs_in_value="./\\")
def is_path_or_plain_url(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if not v or len(v) > 500:
        return False
    if _URL_SCHEME.match(v):
        return _url_without_credentials(v)
    if v[:1] == "@" and _ANCHORED_PATH.match(v[1:]):
        return _file_path(v[1:])  # a file read in the value's place (Bacula's "@/etc/bacula/x.pw", curl -d @./body)
    resource = _RESOURCE_PREFIX.match(v)
    if resource is not None:
        return _file_path(v[resource.end():])
    m = _NAMED_OPTION_PATH.match(v)
    if m is not None:
        return _file_path(m.group(1))  # an option's file in a list of them: Slurm's AuthAltParameters=jwt_key=/var/…
    return _file_path(v)


_NAMED_OPTION_PATH = re.compile(r"^[A-Za-z_][\w.-]{0,40}=(/[^,=\s]+)(?:,[A-Za-z_][\w.-]{0,40}(?:=[^,=\s]*)?)*$")


# A program that prints the secret, or a named query that looks it up, in the setting's place: Apache's
# SSLPassPhraseDialog exec:/usr/share/apache2/ask-for-passphrase, ProFTPD's SQLPasswordPBKDF2 sql:/get-user-salt.
_PROGRAM_OR_QUERY = re.compile(r"^(?:exec|pipe|program|cmd|sql):(/[\w./\-]{1,200})$", re.IGNORECASE)
_NAMED_QUERY = re.compile(r"^/[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)*$")


@_filter("program_or_query_reference", "a program that prints the secret or a named query that looks it up "
         "(exec:/usr/libexec/ask-pass, sql:/get-user-salt): where the value comes from, not the value",
         generic_only=True)
def is_program_or_query_reference(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    m = _PROGRAM_OR_QUERY.match(value.strip())
    if m is None:
        return False
    rest = m.group(1)
    return _file_path(rest) or (_NAMED_QUERY.match(rest) is not None and all(_wordy_segment(p) for p in rest[1:].split("-")))


# A uniform resource name: urn:ietf:params:oauth:grant-type:jwt-bearer names a kind of thing.
_URN = re.compile(r"^urn:[a-z0-9][a-z0-9\-]{1,31}(?::[A-Za-z0-9][\w.\-]*)+$")
# A package requirement: google-auth>=1.0.1, requests[socks]~=2.31, urllib3<3,>=1.21.
# Only the version operators PEP 440 has (==, !=, ~=, <=, >=, <, >, ===): a lone `!`, `~` or
# `=` between letters and digits is as likely a password (Tq7yLmas!28).
_REQUIREMENT = re.compile(r"^[A-Za-z0-9][\w.\-]*(?:\[[\w,\-]+\])?[ \t]*(?:(?:===|[=!~<>]=|[<>])[ \t]*\d[\w.*]*[ \t]*,?[ \t]*)+$")


@_filter("urn_or_requirement", "a uniform resource name (urn:ietf:params:…) or a package requirement (google-auth>=1.0)",
         generic_only=True, needs_in_value=":=<>")
def is_urn_or_requirement(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if _URN.match(v):
        return v.split(":")[1].isalpha()  # a named namespace (ietf, oasis, uuid), not random letters
    if not _REQUIREMENT.match(v):
        return False
    # A project's name reads as words, or as words and capital abbreviations (Flask-WTF, SQLAlchemy-Utils).
    name = re.split(r"[\[<>=!~ ]", v, maxsplit=1)[0]
    return wordlike(name) or all(wordlike(p) or re.fullmatch(r"[A-Z]{2,5}", p) for p in re.split(r"[-_.]", name))


_ARN = re.compile(r"^arn:aws[a-z\-]*:[a-z0-9\-]+:[a-z0-9\-]*:(?:\d{12})?:[^\s]+$")


# rclone's wrapping remotes (crypt, alias, union, chunker) name the remote they wrap: remote = b2:bucket/path
_RCLONE_REMOTE = re.compile(r"^[A-Za-z0-9_-]{1,64}:[\w./-]*$")


@_filter("rclone_wrapped_remote", "the remote an rclone crypt, alias or union remote wraps (remote = b2:bucket/path): "
         "a remote's name and a path", generic_only=True, needs_in_value=":")
def is_rclone_wrapped_remote(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # (the line's own member: a rule reading a section of secrets names the value after the section, [secret])
    return _RCLONE_REMOTE_MEMBER.match(line) is not None and _RCLONE_REMOTE.match(value.strip()) is not None


_RCLONE_REMOTE_MEMBER = re.compile(r"^[ \t]*(?:remote|upstreams)[ \t]*=")


@_filter("resource_name", "an Amazon Resource Name (arn:aws:…): it names a resource, it grants nothing", generic_only=True)
def is_resource_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if _ARN.match(v):
        return True
    # The tail of an ARN a rule read after the ARN's own word (arn:aws:secretsmanager:…:secret:prod/stripe-AbC123):
    # the whole token around the value is the name.
    at = line.find(v) if v and "arn:" in line else -1
    if at < 0:
        return False
    start = max(line.rfind(c, 0, at) for c in " \t\"'`=,([{") + 1
    end = min((i for i in (line.find(c, at + len(v)) for c in " \t\"'`,)]}") if i >= 0), default=len(line))
    return bool(_ARN.match(line[start:end]))


@_filter("url_parts_named", "a URL whose password is a word naming a part of a pattern (models://scope:prefix@host/…): "
         "a template, not an account", generic_only=True)
def is_url_parts_named(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    at = line.find(":" + v + "@") if v else -1
    if at < 0 or "://" not in line[:at] or v not in _DESCRIBING_WORDS or len(v) < 3:
        return False
    user = re.split(r"[/\s'\"`]", line[:at])[-1]
    return user.isalpha() and user.islower()


# An e-mail address, or a pattern of them (*@mail.example.org, as mail filters' allow-lists write): lower-case,
# as addresses are written in lists, with a domain of labels ending in a top-level name of letters.
_EMAIL_ADDRESS = re.compile(r"^(?:\*|[a-z0-9_+\-]+(?:\.[a-z0-9_+\-]+){0,5})@(?:\*\.)?(?:[a-z0-9](?:[a-z0-9\-]{0,61}[a-z0-9])?\.){1,6}"
                            r"[a-z]{2,24}$")


@_filter("email_address_value", "an e-mail address or a pattern of them (def_welcomelist_auth *@example.org) under a "
         "key that does not name a password: whose mail is authenticated, not a credential", generic_only=True)
def is_email_address_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if "@" not in v or len(v) > 254 or _EMAIL_ADDRESS.match(v) is None:
        return False
    # A password typed like an address (p@ss.word) sits under a password's name: that one stays, unless the name
    # ends in what an address is (MediaWiki's $wgPasswordSender: who sends the password-reset mail).
    words = key_words(key_name)
    if words and words[-1] in _ADDRESS_ROLE_WORDS:
        return True
    return not (any(w in _CHOSEN_WORDS for w in words) or names_password(words))


_ADDRESS_ROLE_WORDS = frozenset({"sender", "from", "address", "email", "mail", "contact", "recipient", "to", "replyto"})


# Opaque URIs whose scheme is followed by an address, not by //: mailto:, sip:, xmpp:, tel: (RFC 6068, 3261, 5122).
_OPAQUE_SCHEME_BEFORE = re.compile(r"(?i)(?:^|[^\w+.-])(?:mailto|sips?|xmpp|tel|callto|im|pres):$")


@_filter("address_after_uri_scheme", "the local part of an address after mailto:, sip: or xmpp: (mailto:team+subscribe@"
         "lists.example.org): read as user:password@host, it is a mail or chat address", generic_only=True,
         needs_in_line="@")
def is_address_after_uri_scheme(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    at = line.find(value)
    if at <= 0 or not line.startswith("@", at + len(value)):
        return False
    return _OPAQUE_SCHEME_BEFORE.search(line, max(0, at - 12), at) is not None


# A PKCS #11 URI (RFC 7512) names a token and an object on it by their labels (pkcs11:token=My%20Card;object=cert);
# its only secret attribute is pin-value (or a pin-source file).
_PKCS11_URI = re.compile(r"pkcs11:[^\s'\"<>]*$")
_PKCS11_LABELS = frozenset({"token", "object", "manufacturer", "model", "serial", "id", "type", "library-description",
                            "library-manufacturer", "library-version", "slot-description", "slot-manufacturer", "slot-id"})


@_filter("pkcs11_uri_label", "a label in a PKCS #11 URI (pkcs11:token=PIV_II;object=cert): the name of a smart "
         "card or of an object on it; the URI's secret is its pin-value", generic_only=True)
def is_pkcs11_uri_label(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    at = line.find(value) if value and "pkcs11:" in line else -1  # the filters run on every candidate: a substring first
    if at < 0:
        return False
    head = line[:at]
    if _PKCS11_URI.search(head) is None:
        return False
    attribute = _URI_ATTRIBUTE_BEFORE.search(head)
    return attribute is not None and attribute.group(1).lower() in _PKCS11_LABELS


_URI_ATTRIBUTE_BEFORE = re.compile(r"([A-Za-z\-]+)=$")


# An LDAP distinguished name (RFC 4514): attribute=value pairs joined by commas, under the usual naming attributes
# (cn=admin,dc=example,dc=org; uid=reader,ou=People,o=Acme). It names an entry: a bind's password is elsewhere.
_DN_PART = re.compile(r"(?i)^[ \t]*(?:cn|dc|ou|o|uid|c|l|st|street|mail|sn|krbprincipalname|olcdatabase)=[^,=+\\]{1,64}$")
_DN_NAMING = re.compile(r"(?i)^[ \t]*(?:dc|ou|o|c)=")


@_filter("ldap_dn_value", "an LDAP distinguished name (cn=reader,ou=People,dc=example,dc=org): the name of an "
         "entry (a bind DN, a search base), not its password", generic_only=True)
def is_ldap_dn_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip().strip("\"'")
    if len(v) > 512 or "=" not in v or "," not in v:
        return False
    parts = v.split(",")
    # At least two parts, each a naming attribute's pair, and one of them the tree's (dc=, ou=, o=, c=).
    return len(parts) >= 2 and all(_DN_PART.match(p) for p in parts) and any(_DN_NAMING.match(p) for p in parts)


# A secret mount's options on a build command line (docker build --secret id=npmrc,src=$HOME/.npmrc, podman's
# --secret=id=netrc,src=.netrc,type=file, BuildKit's RUN --mount=type=secret,id=aws): they name the secret and the
# file or variable it is read from at build time, which keeps it out of the image.
_MOUNT_OPTION = re.compile(r"^(?:id|src|source|type|target|dst|destination|env|required|mode|uid|gid)(?:=[^,=\s]*)?$")


@_filter("secret_mount_spec", "a secret mount's options (id=npmrc,src=~/.npmrc): they name the file or variable "
         "the secret is read from, not the secret", generic_only=True)
def is_secret_mount_spec(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    parts = value.strip().strip("\"'").split(",")
    return len(parts) >= 2 and any(p.startswith("id=") for p in parts) and all(_MOUNT_OPTION.match(p) for p in parts)


# An LDAP search filter (RFC 4515): (uid=%u), (&(objectClass=posixAccount)(uid=$)), (mail=*): which entries a
# lookup selects, with the user's name substituted in. Each item is an attribute's name, a comparison and a
# value that is a substitution (%u, %login, $, ?, {0}, %{User-Name}), a wildcard or a short word.
_LDAP_FILTER_ITEM = re.compile(r"\((?:[A-Za-z][\w.;\-]{0,40}(?::[\w.:]{1,40})?[~<>]?=(?:\*|[%$?][\w{}\-]{0,30}|"
                               r"\{\d{0,2}\}|%\{[\w:\-]{1,40}\}|[A-Za-z][\w\- ]{0,30}\*?)|[&|!])")
_LDAP_FILTER_SHAPE = re.compile(r"^\([&|!]?[\s\S]*\)$")


@_filter("ldap_search_filter", "an LDAP search filter ((uid=%u), (&(objectClass=person)(mail=$))): which entries a "
         "lookup selects, not a password", generic_only=True)
def is_ldap_search_filter(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip().strip("\"'")
    if len(v) > 400 or not _LDAP_FILTER_SHAPE.match(v) or v.count("(") != v.count(")"):
        return False
    items = v.split("(")[1:]
    # every opening bracket starts an item (or an operator), and one item substitutes the user or matches any
    return (all(_LDAP_FILTER_ITEM.match("(" + i) for i in items)
            and re.search(r"=(?:\*|[%$?]|\{)", v) is not None)


@_filter("identifier_path", "an API key or token that is a path of words (dsmr/reading/power_l1, HIH3600/humidity): "
         "a topic, a route or a field's address, keys are generated", generic_only=True, needs_key_name=True, needs_in_value="/")
def is_identifier_path(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if "/" not in v or len(v) > 200 or not _names_generated_credential(key_name):
        return False
    segments = v.strip("/").split("/")
    if len(segments) < 2 or not all(s and _wordy_segment(s) for s in segments):
        return False
    words = [w.lower() for s in segments for w in re.split(r"[._\- ]+|[0-9]+", s) if w]
    return any(len(w) >= 4 and _typed_word(w) for w in words)


# The path of a source file: an autoloader's class map ('phpseclib3\\crypt\\rsa\\privatekey' =>
# '/Crypt/RSA/PrivateKey.php'), a require's target. Segments are identifiers, the extension a language's.
_SOURCE_EXTENSIONS = frozenset({"php", "inc", "rb", "go", "rs", "pl", "pm", "py", "js", "mjs", "cjs", "ts", "java",
                                "kt", "scala", "cs", "c", "h", "cc", "cpp", "hpp", "swift", "lua", "tcl"})
_SOURCE_PATH = re.compile(r"^(?:\.{0,2}/)?(?:[A-Za-z_][A-Za-z0-9_\-]*/){1,12}[A-Za-z_][A-Za-z0-9_\-]*\.([a-z]{1,5})$")


@_filter("source_file_path", "the path of a source file (/Crypt/RSA/PrivateKey.php, lib/auth/token.rb): an "
         "autoloader's or a require's target, not a credential", generic_only=True)
def is_source_file_path(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    m = _SOURCE_PATH.match(v) if len(v) <= 200 else None
    if m is None or m.group(1) not in _SOURCE_EXTENSIONS:
        return False
    return not any(_looks_random(p) for p in re.split(r"[/.]", v) if p)


# `&sig=`, `?token=`: a query parameter's name and its equals sign, the fixed part of a URL
# being built (sasToken += "&rscc=" + url.QueryEscape(…)); the value comes after, at run time.
_QUERY_PARAMETER_START = re.compile(r"^[?&;][A-Za-z_][\w.\-\[\]]{0,40}=$")


@_filter("query_parameter_start", "the start of a query parameter (&sig=, ?token=): a URL being built, the value is "
         "added at run time", generic_only=True)
def is_query_parameter_start(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return value[:1] in "?&;" and _QUERY_PARAMETER_START.match(value.strip()) is not None


# Anonymous FTP (RFC 1635): the user "anonymous" (or "ftp") logs in with an e-mail address as the password, by
# convention. Said so beside it, the address is that courtesy, not a secret.
# (a private member counts: PHP's $this->_login="anonymous")
# (.netrc and .authinfo separate a word from its value by a space: login anonymous)
_ANONYMOUS_LOGIN = re.compile(r"""(?i)(?<![A-Za-z0-9])(?:user(?:_?name)?|login)["']?[ \t]*[:=][ \t]*["']?(?:anonymous|ftp)\b|\banonymous:"""
                              r"|(?<![\w-])login[ \t]+(?:anonymous|ftp)\b")
# the address with its host left out (anonymous@, guest@), as ftp clients have long sent it
_ADDRESS_WITHOUT_HOST = re.compile(r"^[\w.+-]{1,32}@$")


@_filter("anonymous_ftp_password", "an e-mail address as the password of an anonymous FTP login (username=anonymous, "
         "password=guest@example.org): the convention of RFC 1635, not a secret", generic_only=True, surroundings=True)
def is_anonymous_ftp_password(value: str, line: str, key_name: str | None, language: str | None,
                              around: Surroundings) -> bool:
    v = value.strip()
    if 'encoding="base64"' in line:  # FileZilla's <Pass encoding="base64">: read what it stores
        try:
            v = base64.b64decode(v, validate=True).decode("utf-8").strip()
        except (binascii.Error, UnicodeDecodeError, ValueError):
            return False
        if v.lower() in ("anonymous", "ftp", "guest"):  # the login's name again, as some clients store it
            return _anonymous_login_near(line, around)
    if v.lower() in ("anonymous", "ftp") and _ANONYMOUS_USERINFO.search(line):
        return True  # ftp://anonymous:anonymous@ftp.gnu.org/: the login's name again as its password
    if "@" not in v or (_EMAIL_ADDRESS.match(v) is None and _ADDRESS_WITHOUT_HOST.match(v) is None):
        return False
    return _anonymous_login_near(line, around)


_ANONYMOUS_USERINFO = re.compile(r"(?i)://(?:anonymous|ftp):(?:anonymous|ftp)@")


# user:user@ a host on this machine or a compose service's one-word name (root:root@localhost, postgres:postgres@db):
# a local stack's default account, not a password someone chose
_SAME_USER_ON_LOCAL_HOST = re.compile(r"(?i)(?:^|[/\s\"'=])([\w.-]{2,32}):\1@(?:localhost|127\.0\.0\.1|\[::1\]|[a-z][a-z0-9-]{0,30})"
                                      r"(?::\d{2,5})?(?:[/\"'\s?]|$)")


@_filter("local_default_account", "a URL's password that repeats its user on a local or one-word host "
         "(root:root@localhost, postgres:postgres@db): a development stack's default account", generic_only=True,
         needs_in_line="@")
def is_local_default_account(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return any(m.group(1) == v for m in _SAME_USER_ON_LOCAL_HOST.finditer(line))


def _anonymous_login_near(line: str, around: Surroundings) -> bool:
    return any(_ANONYMOUS_LOGIN.search(text) or "<User>anonymous<" in text for text in (line, *around.lines))


# A URL written as a pattern of its parts: http://proxyuser:proxypass@proxyhost:port. A real address has a number
# for its port; the word says every part of it is a name to fill in.
_WORD_PORT = re.compile(r"@[A-Za-z0-9_.\-]+:(?:port|PORT|Port|port_?num(?:ber)?)(?![\w.])")


@_filter("url_with_a_word_port", "a URL whose port is the word port (user:pass@host:port): a pattern of its parts, "
         "not an account", generic_only=True)
def is_url_with_a_word_port(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    at = line.find(":" + v + "@") if v else -1
    if at < 0 or "://" not in line[max(0, at - 200):at]:
        return False
    return _WORD_PORT.match(line, at + len(v) + 1) is not None


# A model's weights file: a shard of a checkpoint (model-00001-of-00003.safetensors, as every sharded Hugging Face
# checkpoint's index maps tensor names such as model.embed_tokens.weight to them) or a single weights file.
_MODEL_FILE = re.compile(r"^(?:[\w.\-]+/)*[\w.\-]+\.(?:safetensors|gguf|ggml|onnx|ckpt|pth|pt|h5|keras|tflite|pkl|joblib|msgpack)$"
                         r"|^[\w.\-]+-\d{5}-of-\d{5}(?:\.[a-z]{2,12})?$")


@_filter("model_weights_file", "the name of a model's weights file or a checkpoint shard (model-00001-of-00003."
         "safetensors): what a tensor or a model is loaded from, not a credential", generic_only=True, needs_in_value=".-")
def is_model_weights_file(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return len(v) <= 200 and _MODEL_FILE.match(v) is not None and not _looks_random(v.rsplit("/", 1)[-1].split(".")[0])


# A Steam trade offer link: the token lets anyone send the account a trade offer, which its owner accepts or not;
# Steam asks users to post the link where traders will see it.
_TRADE_OFFER_LINK = re.compile(r"steamcommunity\.com/tradeoffer/new/?\?partner=\d+&(?:amp;)?token=$")


@_filter("public_trade_offer_link", "the token of a Steam trade offer link (tradeoffer/new/?partner=…&token=…): "
         "published by its owner so that others can offer trades, it grants nothing", needs_in_line="/")
def is_public_trade_offer_link(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    at = line.find(value.strip())
    return at > 0 and _TRADE_OFFER_LINK.search(line, 0, at) is not None


# A line of a Valve KeyValues file (Steam's config.vdf, an app build script, an .acf manifest): "name" "value", as
# PgBouncer's userlist writes a user and a password.
_KEYVALUES_SUFFIXES = (".vdf", ".acf")
_KEYVALUES_LINE = re.compile(r'^[ \t]*"([\w.@-]{1,64})"[ \t]+"')


@_filter("keyvalues_setting", "a setting of a Valve KeyValues file (.vdf, .acf: \"SteamID\" \"7656…\", \"ContentRoot\" "
         "\"..\\\\content\"): a name and its value, not a PgBouncer user and password", surroundings=True,
         needs_in_line='"')
def is_keyvalues_setting(value: str, line: str, key_name: str | None, language: str | None,
                         around: Surroundings) -> bool:
    if not around.file_name.endswith(_KEYVALUES_SUFFIXES):
        return False
    m = _KEYVALUES_LINE.match(line)
    return m is not None and not names_credential(key_words(m.group(1)))
