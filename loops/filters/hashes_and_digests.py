"""Digests and fingerprints: hex or base64 hashes under a hash's name,
prefixed digests (sha256:…), subresource integrity, crypt-style password hashes (bcrypt, argon2,
htpasswd), OpenPGP key IDs, hex dumps of public bytes and file names with a content hash in them
(app.017ea86b.js).
"""

from __future__ import annotations

import hashlib
import re

from ..rules.checksums import b64_ascii
from .registry import Surroundings, _filter
from .text_shapes import _HEX
from .words import _context_words, key_words, names_credential, names_password, split_words


_HEX_DIGEST_LENGTHS = frozenset({32, 40, 56, 64, 96, 128})
_HASH_WORDS = ("md5", "hash", "checksum", "digest", "integrity", "crc")
# sha inside a word only as the algorithm (sha256, sha1sum, filesha): shared_secret, shadow and SharePoint are no hashes
_SHA_IN_WORD = re.compile(r"sha(?:[0-9]|sum|$)")
# "verifier": a check value kept to test a password against (WinSCP's MasterPasswordVerifier); "proof": an HMAC of a
# token made with the secret (Meta's appsecret_proof), sent beside the token instead of the secret
_HASH_WHOLE_WORDS = frozenset({"sum", "commit", "revision", "rev", "etag", "fingerprint", "oid", "verifier", "proof"})
_SRI = re.compile(r"^sha(?:1|256|384|512)-[A-Za-z0-9+/]{20,}={0,2}$")
# (hmac-sha256:… is Vault's audit log hashing a value it will not write down)
_PREFIXED_DIGEST = re.compile(r"^(?:hmac-)?(?:sha1|sha224|sha256|sha384|sha512|md5)[:=$][0-9a-fA-F]{32,128}$", re.IGNORECASE)
# A certificate pin (OkHttp's CertificatePinner, Android's network security config): the base64 SHA-256 of a public key
_CERTIFICATE_PIN = re.compile(r"^sha(?:1|256)/[A-Za-z0-9+/]{27,43}=?$")
# An OpenSSH key fingerprint as ssh-keygen -l prints it: SHA256: and unpadded base64 of 32 bytes, or MD5: and
# 16 hex pairs
_SSH_FINGERPRINT = re.compile(r"^SHA256:[A-Za-z0-9+/]{43}$|^MD5:(?:[0-9a-f]{2}:){15}[0-9a-f]{2}$")
_CRYPT_HASH = re.compile(r"^\$(?:2[abxy]?|5|6|argon2(?:id|i|d)|scrypt|pbkdf2[\w-]*)\$"
                         # MD5-crypt ($1$, Apache's $apr1$) in full: salt, then 22 characters of digest
                         r"|^\$(?:1|apr1)\$[./0-9A-Za-z]{1,8}\$[./0-9A-Za-z]{22,}$"
                         # phpass's portable hashes (WordPress, phpBB): $P$ or $H$, a cost letter, 8 salt, 22 digest
                         r"|^\$[PH]\$[./0-9A-Za-z]{31}$"
                         # yescrypt and libxcrypt's scrypt ($y$, $gy$, $7$), NetBSD's sha1-crypt, Sun's md5-crypt,
                         # the NT hash in modular form ($3$$), Cryptacular's pbkdf2 ($p5k2$), Drupal 7 ($S$)
                         r"|^\$(?:y|gy|7)\$[./0-9A-Za-z$]{20,}$"
                         r"|^\$sha1\$\d{1,10}\$[./0-9A-Za-z]{1,64}\$[./0-9A-Za-z]{20,}$"
                         r"|^\$md5(?:,rounds=\d{1,10})?\$[./0-9A-Za-z]{0,16}\$\$?[./0-9A-Za-z]{22}$"
                         r"|^\$3\$\$[0-9a-f]{32}$"
                         r"|^\$p5k2\$[0-9a-f]{0,8}\$[./0-9A-Za-z]{0,64}\$[./0-9A-Za-z=_-]{20,}$"
                         r"|^\$S\$[./0-9A-Za-z]{52}$"
                         # Cisco IOS type 8 (PBKDF2-SHA256) and type 9 (scrypt): $8$ / $9$, 14 salt, 43 digest (Junos'
                         # reversible $9$ strings have no second $ there)
                         r"|^\$[89]\$[./0-9A-Za-z]{14}\$[./0-9A-Za-z]{43}$"
                         # MySQL 4.1+'s PASSWORD(): * and SHA1(SHA1(password)) in upper-case hex
                         r"|^\*[0-9A-F]{40}$"
                         # SQL Server's stored login hashes (CREATE LOGIN … PASSWORD = 0x… HASHED): a version (0x0100
                         # SHA-1, 0x0200 SHA-512), a 4-byte salt, the digest
                         r"|^0x0[12]00[0-9A-Fa-f]{40,136}$")
# Older web applications' own stored forms: MediaWiki's :A:<md5>, :B:<salt>:<md5> and
# :pbkdf2:<algo>:<iterations>:<length>:<salt>:<hash>; Joomla 1.x's <md5 hex>:<32-character salt>.
_LEGACY_APP_HASH = re.compile(r"^:A:[0-9a-f]{32}$|^:B:[0-9a-f]{1,16}:[0-9a-f]{32}$"
                              r"|^:pbkdf2:sha(?:1|256|384|512):\d{1,7}:\d{1,4}:[A-Za-z0-9+/]{8,}={0,2}:[A-Za-z0-9+/]{16,}={0,2}$")
# A record id, a bar and 40 lower-case hex: a SHA-1 beside its row's id. Laravel Sanctum's tokens have this layout but
# their 40 characters are Str::random's letters of both cases and digits, never hex alone.
_ID_BAR_SHA1 = re.compile(r"^[0-9]{1,10}\|[0-9a-f]{40}$")
# Magento 2's stored passwords: hash:salt:version, the version naming the algorithm (0 MD5, 1 SHA-256, or Argon2id13's
# 3_<salt length>_<ops limit>_<mem limit>[_<version>]), the salt 32 letters and digits (2 in hashes kept from Magento 1).
_MAGENTO2_HASH = re.compile(r"^(?:[0-9a-f]{32}|[0-9a-f]{64}):[A-Za-z0-9]{2,32}:\d(?:_\d{1,12}){0,4}$")
# (Joomla's under a password's name only: an API's id:secret pair can have the same shape)
_JOOMLA_SALTED_MD5 = re.compile(r"^[0-9a-f]{32}:[A-Za-z0-9]{16,32}$")
# An htdigest file's line (Apache's digest authentication): user:realm:MD5(user:realm:password).
_HTDIGEST_LINE = re.compile(r"^[\w.@-]{1,64}:[^:\s][^:]{0,63}:[0-9a-f]{32}\s*$")
# A stored password hash in a framework's `algorithm$[iterations$]salt$hash` form (Django,
# Werkzeug), or only its algorithm prefix as code filters by it (`md5$`, `bcrypt$$`): a hash
# is what a system keeps instead of the password.
_HASHER_FORMAT = re.compile(
    r"^(?:unsalted_)?(?:pbkdf2(?:_sha(?:1|256|512))?|bcrypt(?:_sha256)?|argon2(?:id|i|d)?|scrypt|sha(?:1|256|512)|md5|crypt)"
    r"[$:][A-Za-z0-9+/=.,$_:-]*$"
)


# A digest as colon-separated hex bytes (openssl x509 -fingerprint, ssh-keygen -E md5): 16, 20 or 32 of them.
_COLON_HEX_DIGEST = re.compile(r"^[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2})+$")
_COLON_HEX_PAIRS = frozenset({16, 20, 32})


# PostgreSQL's stored role passwords (pg_authid.rolpassword, what `CREATE ROLE … PASSWORD '…'` accepts
# pre-hashed): "md5" + MD5(password + user) in hex, or SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>.
_POSTGRES_HASH = re.compile(r"^md5(?:[0-9a-f]{32}|[0-9a-f]{64})$|^SCRAM-SHA-(?:1|256)\$\d{1,7}:[A-Za-z0-9+/]{8,}={0,2}"
                            r"\$[A-Za-z0-9+/]{16,}={0,2}:[A-Za-z0-9+/]{16,}={0,2}$")
# Jupyter's hashed passwords (IPython's passwd()): algorithm:salt:hexdigest. An htpasswd line: user:<crypt hash>.
# Transmission hashes its rpc-password in settings.json on first start: '{', SHA-1 of password and salt in hex, then
# the 8-character salt. qBittorrent keeps WebUI\Password_PBKDF2 as @ByteArray(<salt in base64>:<PBKDF2 digest in base64>).
# Django marks a user without a usable password with '!' and 40 random letters and digits (set_unusable_password):
# a fixture's or a dump's password field, no password at all.
_DJANGO_UNUSABLE = re.compile(r"^![A-Za-z0-9]{40}$")
_TRANSMISSION_HASH = re.compile(r"^\{[0-9a-f]{40}[0-9A-Za-z./]{8}$")
# Tor's HashedControlPassword (tor --hash-password): "16:", an 8-byte salt, the iteration byte and a SHA-1, in hex
_TOR_CONTROL_HASH = re.compile(r"^16:[0-9A-Fa-f]{58}$")
# A scheme's version before a cipher's output (SecureCRT's "Password V2"=02:<hex>)
_VERSION_TAG_BEFORE = re.compile(r"^\d\d:$")
# GeoServer's user passwords as its digest encoder keeps them (users.xml): digest1:, then base64 of a salt and a
# salted, iterated SHA-256 (Jasypt's StrongPasswordEncryptor)
_GEOSERVER_DIGEST = re.compile(r"^digest1:[A-Za-z0-9+/]{40,}={0,2}$")
_QT_PBKDF2_HASH = re.compile(r"^@ByteArray\([A-Za-z0-9+/]{16,44}={0,2}:[A-Za-z0-9+/]{40,120}={0,2}\)$")
_SALTED_HEX_HASH = re.compile(r"^(?:sha1|sha256|sha512|md5):[0-9a-f]{8,64}:[0-9a-f]{32,128}$")
_HTPASSWD_ENTRY = re.compile(r"^[\w.@-]{1,64}:(\$.+)$")
_SALT_ITERATIONS_DIGEST = re.compile(r"^[0-9a-fA-F]{8,128}\$[0-9]{1,7}\$[0-9a-fA-F]{32,256}$")
# ... and in base64 with colons, as HiveMQ's file RBAC extension keeps a user's password: salt:iterations:digest
# (a digest of 20 bytes or more; a count of 2 to 7 digits)
_BASE64_SALT_ITERATIONS_DIGEST = re.compile(r"^[A-Za-z0-9+/]{11,88}={0,2}:[0-9]{2,7}:[A-Za-z0-9+/]{27,344}={0,2}$")
# An ntp.keys / chrony.keys line before its key: key id, then the MAC algorithm.
_NTP_KEY_LINE = re.compile(r"^[ \t]*[0-9]{1,5}[ \t]+(?:M|MD5|SHA|SHA1|SHA256|SHA384|SHA512|AES128CMAC|AES256CMAC)[ \t]+$",
                           re.IGNORECASE)


def _base64_of_crypt_hash(v: str) -> bool:
    """The value is base64 of a crypt-style hash ("$2b$12$…" encodes to "JDJiJDEy…")."""
    if len(v) < 40 or len(v) > 400:
        return False
    decoded = b64_ascii(v)
    return decoded is not None and _CRYPT_HASH.match(decoded) is not None


def _names_a_hash(word: str) -> bool:
    return word in _HASH_WHOLE_WORDS or any(h in word for h in _HASH_WORDS) or _SHA_IN_WORD.search(word) is not None


_CISCO_TYPE_7_BEFORE = re.compile(r"(?i)\b(?:md5|password|key|secret|key-string)[ \t]+7[ \t]+\"?$")


@_filter("hash_or_digest", "a digest or hash (sha256:…, sha512-… integrity, hex under a sha/checksum name, bcrypt)")
def is_hash_or_digest(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    at = line.find(v)
    if at > 0 and _CISCO_TYPE_7_BEFORE.search(line, 0, at):
        return False  # message-digest-key 1 md5 7 <hex>: the key in Cisco's reversible type 7, not an MD5 digest
    if at > 0 and line[at - 1:at] == ":" and _PASS_THE_HASH_BEFORE.search(line, 0, at):
        return False  # -hashes LM:NT, user:rid:LM:NT:::: an NT hash logs in by itself (pass the hash)
    if at >= 0 and _inside_a_hash(v, line, at):
        return True
    # Compose files and Makefiles write a literal $ as $$: admin:$$apr1$$…, $$2y$$05$$…
    return _is_hash_or_digest(v, line, key_name) or ("$$" in v and _is_hash_or_digest(v.replace("$$", "$"), line, key_name))


_TOKEN_EDGE = re.compile(r"""[\s"'`,;()]""")


def _inside_a_hash(value: str, line: str, at: int) -> bool:
    """The value is a piece of a longer hash on its line (a rule that splits at "/" or ":" took the tail of a
    SCRAM-SHA-256$iterations:salt$stored:server verifier)."""
    start, end = at, at + len(value)
    while start > 0 and not _TOKEN_EDGE.match(line[start - 1]):
        start -= 1
    while end < len(line) and not _TOKEN_EDGE.match(line[end]):
        end += 1
    whole = line[start:end]
    return whole != value and (_POSTGRES_HASH.match(whole) is not None or _CRYPT_HASH.match(whole) is not None)


# CurseForge's Core API keys have a bcrypt hash's shape ($2a$10$ + 53 characters): only the name tells them apart.
_CURSEFORGE_KEY_NAME = re.compile(r"(?i)curse_?forge|^cf_api_key$")


_HMAC_KEY_ARGUMENT_BEFORE = re.compile(r"""(?i)\bhmac[_.]?(?:md5|sha1|sha256|sha384|sha512)?[ \t]*\([ \t]*["']$""")


def _is_hash_or_digest(v: str, line: str, key_name: str | None) -> bool:
    if _CRYPT_HASH.match(v) and key_name and _CURSEFORGE_KEY_NAME.search(key_name):
        return False
    # ... or an API key's name, or CurseForge on the line: a stored hash goes under a hash's or password's name
    if v.startswith("$2a$10$") and (key_words(key_name)[-2:] == ["api", "key"] or "curseforge" in line.lower()):
        return False
    if (_SRI.match(v) or _PREFIXED_DIGEST.match(v) or _CERTIFICATE_PIN.match(v) or _CRYPT_HASH.match(v)
            or _POSTGRES_HASH.match(v) or _SSH_FINGERPRINT.match(v)):
        return True
    if v.startswith("JD") and _base64_of_crypt_hash(v):
        return True  # Home Assistant's auth provider keeps each user's bcrypt hash base64-encoded
    entry = _HTPASSWD_ENTRY.match(v)
    if entry and _CRYPT_HASH.match(entry.group(1)):
        return True  # an htpasswd line (Traefik's basicauth.users, nginx auth files): user:<crypt hash>
    if _SALTED_HEX_HASH.match(v):
        return True  # Jupyter's hashed passwords (passwd()): algorithm:salt:hexdigest
    if ":" in v and (_LEGACY_APP_HASH.match(v) or _MAGENTO2_HASH.match(v)
                     or (_JOOMLA_SALTED_MD5.match(v) and names_password(key_words(key_name))
                         and not v.lower().startswith(_EMPTY_LM_HASH + ":"))):  # an LM:NT pair, not md5:salt
        return True  # MediaWiki's user_password, Magento 2's hash:salt:version, Joomla 1.x's md5:salt
    if len(v) == 32 and _HTDIGEST_LINE.match(line) and line.rstrip().endswith(":" + v):
        return True  # an htdigest file's user:realm:MD5(user:realm:password)
    if (_TRANSMISSION_HASH.match(v) or _QT_PBKDF2_HASH.match(v) or _DJANGO_UNUSABLE.match(v)
            or _TOR_CONTROL_HASH.match(v) or _GEOSERVER_DIGEST.match(v)):
        # Transmission's salted rpc-password, qBittorrent's WebUI\Password_PBKDF2, Django's unusable mark, Tor's
        # hashed control password, GeoServer's digest1:
        return True
    if "|" in v and _ID_BAR_SHA1.match(v):
        return True  # <id>|<40 lower-case hex>: a row's id and a SHA-1 (Sanctum's tokens are 40 mixed-case letters)
    if _SALT_ITERATIONS_DIGEST.match(v) or (":" in v and _BASE64_SALT_ITERATIONS_DIGEST.match(v)):
        return True  # Tomcat's CredentialHandler: salt$iterations$digest in hex; HiveMQ's salt:iterations:digest
    if _HASHER_FORMAT.match(v) and (v.count("$") >= 2 or v.endswith("$")):
        return True  # pbkdf2_sha256$600000$salt$hash, or a bare prefix: md5$, sha1$$
    if _COLON_HEX_DIGEST.match(v) and (v.count(":") + 1) in _COLON_HEX_PAIRS:
        # a certificate's or SSH key's fingerprint written as colon-separated bytes (MD5, SHA-1, SHA-256)
        words = _context_words(v, line, key_name)
        return any(_names_a_hash(w) for w in words)
    if len(v) in _HEX_DIGEST_LENGTHS and _HEX.match(v):
        at = line.find(v)
        if at >= 4 and line[at - 4:at].upper() == "HEX:":
            return False  # chrony's and ntpd's key files: `1 SHA1 HEX:<key>` is a key written in hex, SHA1 its MAC
        if at > 0 and _NTP_KEY_LINE.match(line[:at]):
            return False  # ... and ntpd's without the HEX: tag: `2 SHA1 <key>`
        if at > 0 and _HMAC_KEY_ARGUMENT_BEFORE.search(line, 0, at):
            return False  # the key an HMAC is keyed with (vmod_digest's digest.hmac_sha256("<key>", …)), not its output
        words = _context_words(v, line, key_name)
        if len(v) == 32 and words[-2:] == ["api", "hash"]:
            return False  # Telegram's api_hash: an application's secret, named like a digest
        if (len(v) >= 96 and names_password(key_words(key_name))
                and not _VERSION_TAG_BEFORE.match(line[max(at - 3, 0):at])):
            # 96 or 128 hex is no password anyone types or generates: a SHA-384/512 of one (OctoPrint's users). After a
            # version tag it is a cipher's output (SecureCRT's "Password V2"=02:<hex>, under a key everyone knows).
            return True
        # PayU's md5_key, hmac_sha256_secret: a key for a hash, named after its algorithm (an etag_key or commit_key
        # names what the digest is of, and holds one)
        named = key_words(key_name)
        if len(named) >= 2 and named[-1] in ("key", "secret") and any(
                "md5" in w or _SHA_IN_WORD.search(w) for w in named[:-1]):
            return False
        if any(_names_a_hash(w) for w in words):
            return True
        # ... or the comment right after it says so: != "…"  # sha256 of the stored key
        after = _TRAILING_COMMENT.match(line, at + len(v)) if at >= 0 else None
        return after is not None and any(_names_a_hash(w) for w in split_words(after.group(1))[:4])
    if len(v) >= 44 and _BASE64_OF_HEX_DIGEST.match(v):
        # a Kubernetes Secret's data is base64: a digest under a digest's name is one there too (TLS_CA_FINGERPRINT)
        decoded = b64_ascii(v)
        return (decoded is not None and len(decoded) in _HEX_DIGEST_LENGTHS and _HEX.match(decoded) is not None
                and any(_names_a_hash(w) for w in _context_words(v, line, key_name)))
    return False


# base64 of 32 to 128 hex digits: "MD", "Y2", "NG"… open it (the encodings of "0"-"9" and "a"-"f" pairs)
_BASE64_OF_HEX_DIGEST = re.compile(r"^[MNOYZ][A-Za-z0-9+/]{42,171}={0,2}$")


# A row of an SQL dump: an INSERT, a VALUES tuple, or a tuple of its own line under one.
_SQL_ROW = re.compile(r"^[ \t]*(?:INSERT[ \t]|\(|VALUES\b)|\bVALUES[ \t]*\(", re.IGNORECASE)
# A salt kept as a column of its own: in a header line, an INSERT's column list, or a CREATE TABLE.
_SALT_COLUMN = re.compile(r"""(?i)(?:^|[\s,;(`"'|])(?:password_?)?salt(?:[\s,;)`"'|]|$)""")


@_filter("hashed_password_column", "hex of a digest's length in the password column of a table that keeps a salt "
         "beside it, of an SQL dump's row, or of a tomcat-users.xml user: what the application stored is the hash",
         needs_key_name=True, surroundings=True)
def is_hashed_password_column(value: str, line: str, key_name: str | None, language: str | None,
                              around: Surroundings = Surroundings()) -> bool:
    v = value.strip()
    if len(v) not in _HEX_DIGEST_LENGTHS or not _HEX.match(v) or not names_password(key_words(key_name)):
        return False
    if _SQL_ROW.search(line) and (language == "sql" or "VALUES" in line.upper()):
        return True  # INSERT INTO users (…, password) VALUES (…, '5f4d…'): an old application's md5(password)
    if "<user " in line and "roles=" in line:
        return True  # tomcat-users.xml under a digesting CredentialHandler: <user username=… password="<sha-256>" roles=…>
    if language not in ("sql", "text", None):
        return False  # a row of a table in code ("password", '<hex>') is a fixture's value, read by the rest
    # a CSV, TSV or bar-separated row (no assignment) under a header that keeps a salt column
    row = "=" not in line and sum(line.count(c) for c in ",\t;|") >= 2
    return row and any(_SALT_COLUMN.search(text) for text in around.lines)


# IdentityServer keeps a client's or an API's shared secret as the base64 of its SHA-256 (or SHA-512) and compares the
# presented secret's digest with it: `new Secret("<digest>")` without .Sha256(), or a SharedSecret row of its store.
_BASE64_SHA2 = re.compile(r"^(?:[A-Za-z0-9+/]{43}=|[A-Za-z0-9+/]{86}==)$")
_IDENTITYSERVER_SECRET_PLACE = re.compile(r"""\bnew[ \t]+Secret[ \t]*\([ \t]*@?["']|["']SharedSecret["']""")
_HASHED_HERE = re.compile(r"""["'][ \t]*\.[ \t]*Sha(?:256|512)[ \t]*\(""")


@_filter("identityserver_stored_digest", "the base64 SHA-256 or SHA-512 that IdentityServer stores for a client's or "
         "an API's secret (new Secret(\"…\") with no .Sha256(), a SharedSecret row): the digest, not the secret",
         needs_in_value="=")
def is_identityserver_stored_digest(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if _BASE64_SHA2.match(v) is None or _IDENTITYSERVER_SECRET_PLACE.search(line) is None:
        return False
    at = line.find(v)
    return at >= 0 and _HASHED_HERE.match(line, at + len(v)) is None


_TRAILING_COMMENT = re.compile(r"""["'`]?[ \t),;]*(?:#|//|--)[ \t]*([^\n]*)""")


# ASP.NET forms authentication keeps users' passwords as digests when <credentials> says so
# (passwordFormat="SHA1"), Tomcat's Realm when its digest attribute names the algorithm, and Guacamole's
# <authorize> when its encoding does: the hex under `password` is then what the server compares against, not the
# password.
_DIGEST_FORMAT = re.compile(r"""(?i)\bpassword_?format\s*=\s*["']?(?:sha1|sha256|sha384|sha512|md5)\b"""
                            # AKHQ's basic-auth users: password: <sha256 hex> beside passwordHash: SHA256
                            r"""|\bpassword_?hash(?:_?(?:algorithm|type|format))?["']?\s*[:=]\s*["']?(?:sha-?(?:1|256|384|512)|md5)\b"""
                            r"""|<Realm\b[^>]*\bdigest\s*=\s*["'](?:sha|sha-?1|sha-?256|sha-?512|md5)["']"""
                            # Guacamole's user-mapping.xml: <authorize … password="…" encoding="md5">
                            r"""|<authorize\b[^>]*\bencoding\s*=\s*["'](?:sha-?256|md5)["']""")


@_filter("digest_by_declared_format", "the hex digest of a password where the configuration around it declares "
         "that passwords are kept hashed (ASP.NET <credentials passwordFormat=\"SHA1\">, AKHQ's passwordHash: SHA256, a Tomcat Realm's digest, "
         "Guacamole's <authorize encoding=\"md5\">)",
         generic_only=True, surroundings=True)
def is_digest_by_declared_format(value: str, line: str, key_name: str | None, language: str | None,
                                 around: Surroundings) -> bool:
    v = value.strip()
    if len(v) not in _HEX_DIGEST_LENGTHS or _HEX.match(v) is None:
        return False
    # only a user's password is kept so: a <machineKey validationKey=…> beside <credentials> is a key
    words = key_words(key_name) if key_name else ["password"] if "password" in line.lower() else []
    if not {"password", "passwd", "pwd", "pass"} & set(words):
        return False
    return _DIGEST_FORMAT.search(line) is not None or any(_DIGEST_FORMAT.search(x) for x in around.lines)


# WS-Security's UsernameToken with Type="…#PasswordDigest" carries Base64(SHA-1(nonce + created + password)): 20
# bytes, good for that one message (the nonce and timestamp are checked), not the password.
# (the quotes escaped too: the request written inside a Java, C# or JavaScript string)
_PASSWORD_DIGEST_TYPE = re.compile(r"""Type[ \t]*=[ \t]*\\?["'][^"'\\]*#PasswordDigest\\?["']""")
_SHA1_BASE64 = re.compile(r"^[A-Za-z0-9+/]{27}=$")


@_filter("ws_security_password_digest", "a WS-Security UsernameToken's PasswordDigest (Base64 of a SHA-1 over a nonce, "
         "a timestamp and the password): it proves one message, it is not the password",
         generic_only=True, needs_in_line="PasswordDigest")
def is_ws_security_password_digest(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return _SHA1_BASE64.match(value.strip()) is not None and _PASSWORD_DIGEST_TYPE.search(line) is not None


# The digests of the passwords everyone knows (tutorials show "the SHA-256 of password is …"; test fixtures store
# the MD5 of test): computed once, compared in lower case.
_COMMON_PASSWORDS = ("password", "123456", "12345678", "123456789", "qwerty", "admin", "test", "secret", "letmein",
                     "changeme", "hello", "welcome", "root", "1234", "pass", "password1", "abc123", "iloveyou",
                     "monkey", "dragon", "foobar", "example")
# Windows' LM hash of an empty password: the LM half of every pwdump line for an account whose LM hash is disabled
_EMPTY_LM_HASH = "aad3b435b51404eeaad3b435b51404ee"
_COMMON_PASSWORD_DIGESTS = frozenset(
    hashlib.new(algorithm, word.encode()).hexdigest()
    for word in (*_COMMON_PASSWORDS, "") for algorithm in ("md5", "sha1", "sha256", "sha512")) | frozenset({
        # Windows' LM and NT hashes of an empty password, which a dump or a pass-the-hash example shows for every
        # account without one (the NT hash is MD4, which hashlib may lack)
        _EMPTY_LM_HASH, "31d6cfe0d16ae931b73c59d7e0c089c0"})


@_filter("digest_of_a_common_password", "the MD5, SHA-1 or SHA-256 digest of a password everyone knows (password, "
         "123456, test) or of an empty one (Windows' LM:NT pair for no password): what a tutorial or a fixture shows, "
         "not a secret", generic_only=True)
def is_digest_of_a_common_password(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    parts = value.strip().lower().split(":")
    return len(parts) <= 2 and all(len(p) in (32, 40, 64, 128) and p in _COMMON_PASSWORD_DIGESTS for p in parts)


# What comes before an NT hash in a dump line (user:rid:LM:) or on a pass-the-hash tool's command line (-hashes LM:,
# -H LM:): the hash after it logs in by itself, whatever the flag's name says about digests
_PASS_THE_HASH_BEFORE = re.compile(r"(?i)(?:-hashes[ \t]+[\"']?(?:[0-9a-f]{32})?|:\d{1,10}:[0-9a-f]{32}|[ \t]-H[ \t]+[\"']?[0-9a-f]{32}):$")


# An OpenPGP key ID or fingerprint (8, 16 or 40 hex digits, maybe 0x…) under git's `signingkey` or a name
# that says GPG/PGP (gpg_key_id, pgp_key): which public key signs, not key material (an OpenPGP private
# key is never written as a bare hex string).
_OPENPGP_KEY_ID = re.compile(r"^(?:0x)?(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{16}|[0-9A-Fa-f]{40})$")
_OPENPGP_WORDS = frozenset({"gpg", "pgp", "openpgp", "gnupg"})


@_filter("openpgp_key_id", "an OpenPGP key ID or fingerprint under git's signingkey or a gpg/pgp name: it says which "
         "public key signs, it is no secret", generic_only=True, needs_key_name=True)
def is_openpgp_key_id(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if not key_name or not _OPENPGP_KEY_ID.match(value.strip()):
        return False
    return key_name.lower() in ("signingkey", "user.signingkey") or any(w in _OPENPGP_WORDS for w in key_words(key_name))


# A line of bytes in hex joined by colons, as `openssl x509 -text` prints a modulus or a signature.
_HEX_BYTES_LINE = re.compile(r"^[ \t]*(?:[0-9a-fA-F]{2}:){5,}[0-9a-fA-F]{0,2}[ \t]*$")
_HEX_BYTES_VALUE = re.compile(r"^(?:[0-9a-fA-F]{2}:?)+$")


@_filter("hex_byte_dump", "a line of a hex dump (b1:85:1d:0b:…, a certificate's modulus or signature as openssl "
         "prints it): public bytes, not a password", generic_only=True, needs_in_value=":")
def is_hex_byte_dump(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return ":" in value and _HEX_BYTES_VALUE.match(value.strip()) is not None and _HEX_BYTES_LINE.match(line) is not None


# A file name with a content hash before its extension, as asset pipelines write it for caching
# (admin/js/unusable_password_field.017ea86b6ae4.js, main.3f2a9c1d.css).
_ASSET_EXTENSIONS = frozenset({"js", "mjs", "cjs", "css", "map", "html", "json", "txt", "png", "jpg", "jpeg", "gif", "svg",
                               "webp", "ico", "woff", "woff2", "ttf", "eot", "otf", "wasm", "md",
                               "scss", "sass", "less", "ts", "tsx", "jsx", "vue", "avif", "mp4", "webm"})
# (a root-relative path as a build manifest writes it, /static/js/…; webpack's .chunk/.bundle/.min after the hash)
_HASHED_ASSET = re.compile(r"^/?(?:[\w.@\-]+/)*[\w@\-]+(?:\.[\w\-]+)*\.[0-9a-f]{8,32}(?:\.(?:chunk|bundle|min))?"
                           r"\.([A-Za-z0-9]{1,6})$")


@_filter("hashed_asset_name", "a file name with a content hash before its extension (field.017ea86b6ae4.js): a "
         "cache-busting asset name, often under a key that is the file's name", generic_only=True, needs_in_value=".")
def is_hashed_asset_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if v.count(".") < 2 or len(v) > 300:
        return False
    m = _HASHED_ASSET.match(v)
    return m is not None and m.group(1).lower() in _ASSET_EXTENSIONS


# A quoted literal on the line: what a known-answer test hashes ("password", '5f4dcc3b…').
_QUOTED_LITERAL = re.compile(r"""(?<![\w])[bu]?(["'])([^"'\\\n]{1,64})\1""")
_DIGESTS_BY_LENGTH = {32: ("md5",), 40: ("sha1",), 56: ("sha224", "sha3_224"), 64: ("sha256", "sha3_256"),
                      96: ("sha384", "sha3_384"), 128: ("sha512", "sha3_512")}


@_filter("digest_of_literal_beside", "the hex digest of another literal on its line (a known-answer test's "
         "(\"password\", \"5f4dcc3b…\"): the hash of the word beside it, computed again here)")
def is_digest_of_literal_beside(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip().lower()
    algorithms = _DIGESTS_BY_LENGTH.get(len(v))
    if algorithms is None or not _HEX.match(v) or line.count('"') + line.count("'") < 4:
        return False
    for m in _QUOTED_LITERAL.finditer(line):
        text = m.group(2)
        if text.lower() == v:
            continue
        data = text.encode("utf-8", "replace")
        if any(hashlib.new(a, data).hexdigest() == v for a in algorithms):
            return True
    return False


# A table of component revisions (RabbitMQ's git-revisions.txt: `cowlib <sha1>`, one dependency a line): a commit id
# beside each name, the names of credentials among them only by chance (credentials_obfuscation is a library).
_REVISION_ROW = re.compile(r"^\s*[A-Za-z0-9][\w.@/+-]{0,80}\s+([0-9a-f]{40}|[0-9a-f]{64})(?:\s+\S.{0,80})?\s*$")
_REVISION_ROWS_AROUND = 3


@_filter("commit_id_table", "a commit id in a table of component revisions (cowlib <sha1>, one a line): which "
         "revision each part was built from, not a credential", generic_only=True, surroundings=True)
def is_commit_id_table(value: str, line: str, key_name: str | None, language: str | None,
                       around: Surroundings) -> bool:
    m = _REVISION_ROW.match(line)
    if m is None or m.group(1) != value.strip():
        return False
    rows = [r for r in around.lines if r != line and _REVISION_ROW.match(r)]
    # the other rows name other parts: a config of several secrets of one length is not a table of names
    names = {r.split()[0] for r in rows}
    if len(rows) < _REVISION_ROWS_AROUND or len(names) < len(rows):
        return False
    # most rows name parts, not credentials: a file of `github_token <hex>` lines is a file of secrets
    return sum(names_credential(key_words(n)) for n in names) * 2 < len(names)


# Azure Storage's Shared Key authorization (Authorization: SharedKey <account>:<signature>): the signature is an
# HMAC-SHA256 of one request (32 bytes, 44 base64 characters), made with the account key but not it. A recorded
# request carries one; the 88-character account key itself is read by the connection-string rules.
_SHARED_KEY_SIGNATURE = re.compile(r"\bSharedKey(?:Lite)?[ \t]+([\w-]{3,64}:[A-Za-z0-9+/]{43}=)")


@_filter("shared_key_request_signature", "an Azure Storage Shared Key signature (Authorization: SharedKey "
         "account:<HMAC of one request>): signed with the account key, not the key", generic_only=True,
         needs_in_line="SharedKey")
def is_shared_key_request_signature(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return any(m.group(1) == v or m.group(1).split(":", 1)[1] == v for m in _SHARED_KEY_SIGNATURE.finditer(line))


# Forty hex digits or more with a run of sixteen zeros: structured data padded to a word (an ABI-encoded address, a
# validator's withdrawal_credentials: a type byte, eleven zero bytes, the address). A generated key has such a run
# with odds of one in 2^64.
_ZERO_RUN = "0" * 16


def _hex_digits(value: str) -> str:
    """The value without a 0x in front, as hex is written in Solidity, JSON-RPC and deposit data."""
    v = value.strip()
    return v[2:] if v[:2] in ("0x", "0X") else v


@_filter("zero_padded_hex", "hex with a run of sixteen zeros or more (an ABI-encoded address, a padded id): "
         "structured data padded to a word, not a generated key", needs_in_value=_ZERO_RUN)
def is_zero_padded_hex(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = _hex_digits(value)
    return len(v) >= 40 and _ZERO_RUN in v and _HEX.match(v) is not None and v.strip("0") != ""


# An Ethereum validator's withdrawal credentials (deposit_data.json, the deposit contract's calls): a type byte and
# the hash of a BLS public key or an address, published on chain with every deposit
@_filter("validator_withdrawal_credentials", "an Ethereum validator's withdrawal_credentials (a type byte and a public "
         "key's hash or an address): published on chain with the deposit", needs_key_name=True)
def is_validator_withdrawal_credentials(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = _hex_digits(value)
    return key_words(key_name)[-2:] == ["withdrawal", "credentials"] and len(v) == 64 and _HEX.match(v) is not None


# A SCRAM verifier as MongoDB keeps it (system.users' credentials: {"SCRAM-SHA-256": {"iterationCount", "salt",
# "storedKey", "serverKey"}}) or PostgreSQL prints it: the salt and two keys derived from the password. They check a
# login and cannot make one; an export of them is a hash dump, not a password.
_SCRAM_MEMBER_BEFORE = re.compile(r"""["']?(?:salt|storedKey|serverKey|stored_key|server_key)["']?[ \t]*:[ \t]*["']$""")


@_filter("scram_verifier_member", "the salt or a derived key of a SCRAM verifier (MongoDB's credentials: "
         "iterationCount, salt, storedKey, serverKey): they check a password and cannot log in", surroundings=True)
def is_scram_verifier_member(value: str, line: str, key_name: str | None, language: str | None,
                             around: Surroundings) -> bool:
    # (one line of an export, or the verifier's object over lines)
    if not any("SCRAM-SHA-" in text or "iterationCount" in text for text in (line, *around.lines)):
        return False
    v = value.strip()
    at = line.find(v) if v else -1
    return at > 0 and _SCRAM_MEMBER_BEFORE.search(line[:at]) is not None


# Devise keeps a reset-password and an unlock token as an HMAC-SHA256 digest of what it mailed (64 hex); the mailed
# token itself is 20 url-safe characters. A digest in a dump's column cannot be used to reset anything.
_DEVISE_DIGESTED = (["reset", "password", "token"], ["unlock", "token"])
_HEX64 = re.compile(r"^[0-9a-f]{64}$")


@_filter("devise_token_digest", "a Devise reset-password or unlock token as its table keeps it (an HMAC-SHA256 digest "
         "in hex): the digest of a mailed token, which cannot be used", generic_only=True, needs_key_name=True)
def is_devise_token_digest(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    return any(words[-len(w):] == w for w in _DEVISE_DIGESTED) and _HEX64.match(value.strip()) is not None
