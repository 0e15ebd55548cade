"""Words of names and values: a key name split into its words (camelCase, snake_case,
dotted), the words that say a name holds a credential, and the words of a name that say a person
chose the value (a password) or a program generated it (a key, a token). Helpers shared by the
filters; no filter is registered here.
"""

from __future__ import annotations

import functools
import re
import unicodedata


# camelCase, and an acronym run into the next word (mixpanelAPISecret, DBPassword, AWSSecretAccessKey): two capitals
# or more, then a capitalised word. (One capital before, as OAuth's, is the word's own.)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z]{2})(?=[A-Z][a-z])")

# Words in a key name that say the value is a credential.
_CREDENTIAL_WORDS = frozenset({
    "secret", "secrets", "password", "passwd", "pwd", "pass", "passphrase", "key", "keys", "token",
    "tokens", "auth", "credential", "credentials", "cred", "creds", "apikey", "private", "signature",
    "sig", "cookie", "session", "bearer", "jwt", "otp", "pin", "salt", "seed", "dsn",
    "identified",  # SQL: CREATE USER … IDENTIFIED BY '…' names the account's password
    "pw", "bindpw", "rootpw", "authtok",  # LDAP clients: bindpw, rootbindpw, SSSD's ldap_default_authtok
    "psk",  # a pre-shared key: WIFI_PSK, mosquitto's bridge_psk, wpa_psk
    "pmk", "lmk",  # master keys: WPA's pairwise master key, ESP-NOW's primary and local master keys
    "passwords", "passphrases",  # a list of them: Bitnami's KAFKA_CLIENT_PASSWORDS (a word; botpasswords is none)
    "pepper",  # a secret mixed into every password hash (Devise's config.pepper, PASSWORD_PEPPER), kept apart from the salts
    "community",  # an SNMP community string: the password of SNMP v1/v2c
    "pswd", "psw",  # password shortened as COBOL and old configs write it (WS-FTP-PSWD)
})
_CREDENTIAL_PARTS = ("secret", "passw", "token", "apikey", "privatekey", "accesskey", "authkey", "credential")


_NON_ALNUM = re.compile(r"[^A-Za-z0-9]+")


def split_words(text: str | None) -> list[str]:
    """Lower-case words of a name or any text: `dbPassword_hash` -> ['db', 'password', 'hash']."""
    if not text:
        return []
    return [w.lower() for w in _NON_ALNUM.split(_CAMEL.sub("_", text)) if w]


# "Password" in the languages people name variables in (senha, contraseña, mot de passe, wachtwoord, hasło, şifre,
# Kennwort, salasana, ...): a name in one of them says what the English word says. Letters with marks are read
# without them first, as names are often written (contrasena, haslo, sifre).
_PASSWORD_IN_OTHER_LANGUAGES = frozenset({
    "senha", "senhas", "contrasena", "contrasenas", "contrasenya", "motdepasse", "wachtwoord", "wagwoord", "haslo",
    "hasla", "sifre", "sifresi", "parola", "passord", "salasana", "jelszo", "jelszava", "heslo", "geslo", "lozinka",
    "kennwort", "losenord", "adgangskode", "matkhau",
    "mdp",  # French notes shorten mot de passe to mdp
    "mima",  # pinyin of 密码
    "parol",  # пароль in Latin letters
    "ciec",  # Mexico's SAT portal password (Clave de Identificación Electrónica Confidencial)
})
# Secret, token and key in those languages, as the English words: miyao (pinyin of 密钥), secreto, segredo, secrète,
# jeton, gizli, rahasia, geheim; Schlüssel, anahtar, kunci, chave, clave, clé (a key: Spanish clave is also a code,
# as in ClaveRastreo, so it reads as key, not password). Indonesian sandi is a password only after kata.
_SECRET_IN_OTHER_LANGUAGES = {
    "miyao": ("secret", "key"), "secreto": ("secret",), "secreta": ("secret",), "secrete": ("secret",),
    "segredo": ("secret",), "jeton": ("token",), "jetons": ("token",), "gizli": ("secret",), "rahasia": ("secret",),
    "geheim": ("secret",), "schluessel": ("key",), "schlussel": ("key",), "anahtar": ("key",), "anahtari": ("key",),
    "kunci": ("key",), "chave": ("key",), "cle": ("key",), "clave": ("key",), "llave": ("key",),
    # Polish, Dutch, Italian, Swedish and Norwegian keys (klucz, sleutel, chiave, nyckel, nøkkel) and secrets
    # (Italian segreto, Polish tajny, Swedish hemlig, Norwegian hemmelig)
    "klucz": ("key",), "sleutel": ("key",), "chiave": ("key",), "nyckel": ("key",), "nokkel": ("key",),
    "segreto": ("secret",), "segreta": ("secret",), "segreti": ("secret",), "segrete": ("secret",),
    "tajny": ("secret",), "hemlig": ("secret",), "hemmelig": ("secret",),
}
# letters whose stroke or shape is no combining mark, so normalisation leaves them be
_LETTERS_WITHOUT_DECOMPOSITION = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss", "ı": "i"})


def _without_marks(name: str) -> str:
    """The name with its letters' marks taken off (ñ -> n, ş -> s, ó -> o, ł -> l): as names are often written."""
    decomposed = unicodedata.normalize("NFKD", name.translate(_LETTERS_WITHOUT_DECOMPOSITION))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# "Password" in scripts other than Latin (rules password-named-in-other-scripts*): their letters are no words to
# split_words, so each name becomes the English word first; CJK names come without separators (数据库密码).
_PASSWORD_IN_OTHER_SCRIPTS = re.compile(
    r"пароль|пароля|паролі|парол[аи]|лозинк[аеуи]|密[码碼]|口令|パスワード|비밀번호|패스워드|암호|كلمة[ _]?(?:المرور|السر)"
    r"|סיסמ[הא]|पासवर्ड|รหัสผ่าน|رمز[ _]?(?:عبور|ورود)|mật[ _]?khẩu",
    re.IGNORECASE)


# Token, secret and key names in those scripts (rule secret-named-in-other-scripts), as the English words.
_SECRET_IN_OTHER_SCRIPTS = [
    (re.compile(r"токен[аы]?|令牌|トークン|토큰", re.IGNORECASE), "_token_"),
    (re.compile(r"api[ _]?ключ|ключ[ _]?api", re.IGNORECASE), "_api_key_"),
    (re.compile(r"секрет(?:н[ыо][йе])?[ _]?ключ|密[钥鑰]|秘[钥鑰]|비밀[ _]?키", re.IGNORECASE), "_secret_key_"),
    (re.compile(r"秘密鍵|秘密キー", re.IGNORECASE), "_private_key_"),
    (re.compile(r"api[ _]?키", re.IGNORECASE), "_api_key_"),
    (re.compile(r"액세스[ _]?키", re.IGNORECASE), "_access_key_"),
    (re.compile(r"секрет(?:н[ыо][йе])?|シークレット|시크릿", re.IGNORECASE), "_secret_"),
    (re.compile(r"ключ|鍵", re.IGNORECASE), "_key_"),
]


def _in_latin_words(key_name: str) -> str:
    """The credential words of a name in another script written as English words (数据库密码 -> 数据库_password_)."""
    key_name = _PASSWORD_IN_OTHER_SCRIPTS.sub("_password_", key_name)
    for pattern, english in _SECRET_IN_OTHER_SCRIPTS:
        key_name = pattern.sub(english, key_name)
    return key_name


@functools.lru_cache(maxsize=4096)
def _name_words(key_name: str) -> tuple[str, ...]:
    if not key_name.isascii():  # names first: normalisation takes kana and hangul apart
        key_name = _without_marks(_in_latin_words(key_name))
    words = split_words(key_name)
    if any(w in _PASSWORD_IN_OTHER_LANGUAGES or w in _SECRET_IN_OTHER_LANGUAGES or w in ("passe", "khau", "sandi") for w in words):
        words = _in_english(words)
    return tuple(words)


def _in_english(words: list[str]) -> list[str]:
    out: list[str] = []
    for w in words:
        if w == "passe" and out[-2:] == ["mot", "de"]:  # mot_de_passe, motDePasse
            out[-2:] = ["password"]
        elif w == "khau" and out[-1:] == ["mat"]:  # Vietnamese mat_khau, matKhau (mật khẩu)
            out[-1:] = ["password"]
        elif w == "sandi" and out[-1:] == ["kata"]:  # Indonesian kata_sandi, kataSandi
            out[-1:] = ["password"]
        elif w in _SECRET_IN_OTHER_LANGUAGES:
            out.extend(_SECRET_IN_OTHER_LANGUAGES[w])
        else:
            out.append("password" if w in _PASSWORD_IN_OTHER_LANGUAGES else w)
    return out


def key_words(key_name: str | None) -> list[str]:
    """Lower-case words of a key name: `dbPassword_hash` -> ['db', 'password', 'hash'].
    Remembered per name (a candidate's filters ask about its name twenty times; a file's names
    repeat). Only names are remembered: values and line text go through split_words, so no
    secret outlives the scan of its file in this memory."""
    if not key_name:
        return []
    return list(_name_words(key_name))


# Whether a word holds one of _CREDENTIAL_PARTS, in one search (a generator per word was most of the cost)
_HOLDS_CREDENTIAL_PART = re.compile("|".join(map(re.escape, _CREDENTIAL_PARTS)))


# Vault AppRole's secret_id is the login credential itself, a UUID (VAULT_SECRET_ID, approle_secret_id), though
# "id" after "secret" names an identifier everywhere else.
_VAULT_WORDS = frozenset({"vault", "approle", "role"})  # (role_secret_id: an AppRole's pair)


def names_vault_secret_id(words: list[str]) -> bool:
    return words[-2:] == ["secret", "id"] and bool(_VAULT_WORDS & set(words[:-2]))


# Vault AppRole's login names its two halves role_id and secret_id; the secret_id (a UUID) is the password half.
_APPROLE = re.compile(r"(?i)approle|\brole_id\b|\bsecret_id_accessor\b")


def approle_secret_id(words: list[str], texts: tuple[str, ...]) -> bool:
    """A bare secret_id beside AppRole's other names (its login call, role_id, the secret_id's accessor)."""
    return words == ["secret", "id"] and any(_APPROLE.search(text) for text in texts)


def names_credential(words: list[str]) -> bool:
    for w in words:
        if w in _CREDENTIAL_WORDS or _HOLDS_CREDENTIAL_PART.search(w):
            return True
    return False


def names_password(words: list[str]) -> bool:
    """A word of the name is a password's (password, passwd, pass, pwd, passphrase, dbpass …), also glued to what
    it is for (pgpassword, mysqlpwd). (key_words has put names in other languages into English: senha -> password.)"""
    return any(w.startswith(("pass", "pwd")) or "passw" in w or w.endswith("pwd") for w in words)


def _context_words(value: str, line: str, key_name: str | None) -> list[str]:
    """The key name's words, or without one the words on the line before the value."""
    if key_name:
        return key_words(key_name)
    at = line.find(value) if value else -1
    return split_words(line[:at] if at >= 0 else "")


# Words of a key name that say a person chose the value (a password, a PIN): people type words
# there, so words are no sign of a stand-in. Keys and tokens are generated, never typed.
# (and a Wi-Fi network's key: wlan_key, WIFI_KEY, wpa_key, psk hold the passphrase people type)
WIFI_WORDS = frozenset({"wifi", "wlan", "wpa", "wpa2", "wireless", "wep"})
# OpenWrt's wireless settings beside a bare `option key`: the interface's encryption, its SSID, its section.
_WIRELESS_SETTING = re.compile(r"\boption[ \t]+(?:encryption|ssid)\b|\bconfig[ \t]+wifi-iface\b")


def wireless_pass_phrase(key_name: str | None, texts: tuple[str, ...]) -> bool:
    """A bare `key` among a wireless interface's settings: the Wi-Fi pass phrase, which a person chose."""
    return key_words(key_name) == ["key"] and any(_WIRELESS_SETTING.search(text) for text in texts)

_CHOSEN_WORDS = frozenset({"password", "passwd", "pwd", "pass", "passphrase", "passcode", "pin", "pw", "psw",
                           "psk", "encryption"}) | WIFI_WORDS
# (a secret, like a password, may be chosen by a person: secret='nmxios' is kept; so is a backup tool's
# encryption key, which restic, borg and Vaultwarden's backups take as a pass phrase)
_GENERATED_WORDS = frozenset({"key", "keys", "token", "tokens", "apikey", "auth", "credential", "credentials",
                              "bearer", "jwt", "session", "cookie"})


def _names_generated_credential(key_name: str | None) -> bool:
    """The key name says an API key or a token (generated), not a password or a secret (chosen)."""
    words = set(key_words(key_name))
    if not words & _GENERATED_WORDS and not any(p in w for w in words for p in ("token", "apikey")):
        return False
    return not (words & _CHOSEN_WORDS or any("passw" in w or "secret" in w for w in words))


# The last word of a name that holds a password or a PIN: digits there are what people choose (a portal's six-digit
# password, a smart card's user PIN), not a port or a count (password_length, pin_retries end in other words)
_PASSWORD_LAST_WORDS = frozenset({"password", "passwd", "pwd", "pass", "passcode", "passphrase", "pw"})


# Words after the name that say which account or environment (password_demo, user_pin_prod)
_ACCOUNT_QUALIFIERS = frozenset({"demo", "paper", "live", "test", "testnet", "prod", "production", "dev", "staging",
                                 "sandbox", "old", "new", "default"})


def without_account_qualifiers(words: list[str]) -> list[str]:
    """The name's words without the account or environment words after them (password_demo -> password)."""
    while len(words) > 1 and words[-1] in _ACCOUNT_QUALIFIERS:
        words = words[:-1]
    return words


def names_numeric_secret(key_name: str | None, digits: int) -> bool:
    """The name holds a secret that may be all digits: a password's (six digits or more), a PIN's or an access
    code's."""
    words = without_account_qualifiers(key_words(key_name))
    if not words:
        return False
    if words[-1] == "pin":
        # user_pin, so_pin, SoftwarePin; a bare PIN of six digits or more (--pin on a PKCS#11 tool's command line). A
        # board's LED_PIN = 13, a test's PIN = '1234' are no such secrets.
        return digits >= 4 if len(words) >= 2 else digits >= 6
    if words[-2:] == ["access", "code"]:
        return digits >= 4  # a printer's or a door's access code
    return digits >= 6 and (words[-1] in _PASSWORD_LAST_WORDS or words[-1].endswith(("password", "passwd")))


# A password's slot right before the value where the rule names no key: a connection string's Password=, mysql's -p,
# a URL's user-info (postgresql://user:<password>@host)
_PASSWORD_JUST_BEFORE = re.compile(r"(?i)(?:\bpass(?:word|wd)?|\bpwd)[ \t]*[=:][ \t]*[\"']?$|(?:^|[ \t])-p$"
                                   r"|[a-z][a-z0-9+.-]*://[^:/@\s]+:$")


def digits_held_as_secret(value: str, line: str, key_name: str | None) -> bool:
    """All digits, under a name that holds such a secret or (where the rule names no key) in a password's slot."""
    v = value.strip()
    if not v.isdigit():
        return False
    if names_numeric_secret(key_name, len(v)):
        return True
    return key_name is None and len(v) >= 6 and _PASSWORD_JUST_BEFORE.search(line[:max(line.find(v), 0)]) is not None
