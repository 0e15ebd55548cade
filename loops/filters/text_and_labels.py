"""Text for people where a value would be: natural language beyond ASCII,
sentences, message-catalogue labels, a form's label for the field, capital words a tool writes as
a marker, an error code set for a form field, a table row of colon-separated names, and a word that
stands in the same column of the rows around it (a table's category).
"""

from __future__ import annotations

import re
import unicodedata

from .registry import Surroundings, _filter
from .word_shapes import _TYPED_WORD_PAIRS, _VOWELS, _bigram_score, _typed_word, english_like, wordlike


# Thai, Lao, Myanmar, Khmer, kana, CJK ideographs, Hangul and full-width forms: scripts whose sentences need no spaces
_UNSPACED_SCRIPT = re.compile("[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"
                              "\uf900-\ufaff\uff00-\uffef]")


@_filter("natural_language", "text in a natural language (letters beyond ASCII, as in a translation), not a key",
         generic_only=True)
def is_natural_language(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # One word of 6 or more characters with a digit in it is typed, not written: a password in the writer's own
    # script (7z -p'Москва2024!'); translated text has spaces between its words or no digits. (Not in the scripts
    # written without spaces: a Japanese sentence with "2FA" in it is one run of characters.)
    if (len(value) >= 6 and not any(c.isspace() for c in value) and any(c.isdigit() for c in value)
            and not _UNSPACED_SCRIPT.search(value)):
        return False
    # Generated keys are ASCII; a value with letters beyond ASCII is written for people to read.
    # A few letters do when most are beyond ASCII: a CJK or Hangul word cut off at a quote
    # inside its sentence ("프로젝트 '{0}'...").
    letters = [c for c in value if c.isalpha()]
    foreign = sum(not c.isascii() for c in letters)
    return (len(letters) >= 5 and foreign > 0) or (foreign >= 2 and foreign * 2 >= len(letters))


_PROSE_WORDS = frozenset({
    "the", "a", "an", "is", "are", "be", "must", "should", "please", "enter", "not", "invalid", "required",
    "for", "to", "of", "with", "your", "this", "cannot", "can't", "does", "match", "incorrect", "wrong",
})


@_filter("prose", "a sentence (a label, prompt or error message), not a credential", generic_only=True)
def is_prose(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = value.split()
    if len(words) < 2:
        return False
    alphabetic = [w for w in words if re.fullmatch(r"[A-Za-z']+[.,:!?]?", w)]
    return len(alphabetic) * 2 >= len(words) and any(w.lower().strip(".,:!?") in _PROSE_WORDS for w in words)


# A label or a sentence in any language: words (letters of any script, short numbers) and the
# punctuation of text. No symbol that keys and typed passwords are made of (#$%&*@=+_~^).
_CATALOGUE_TEXT = re.compile(r"^[^\W_][\w \-.,;:!?'’\"()«»„“”/]*$")
_TEXT_TOKENS = re.compile(r"[^\W_]+")
# A printf or format directive inside a translated text: %s, %(name)s, %1$s, {0}, {count}.
# MediaWiki's messages number their parameters ($1) and choose forms with magic words ({{PLURAL:$1|day|days}}).
_FORMAT_DIRECTIVE = re.compile(r"%(?:\([A-Za-z_]\w{0,30}\)|[0-9]\$)?[sdif]|\{[A-Za-z_0-9]\w{0,30}\}"
                               r"|(?<![^\s(«„“'\"])\$[0-9]{1,2}(?![\w$])|\{\{(?:PLURAL|GENDER|GRAMMAR):[^{}]{0,200}\}\}")
_LONGEST_CATALOGUE_TEXT = 300


def _reads_as_a_word(word: str) -> bool:
    # A word of another script reads as text; a Latin one must be shaped like a word (vowels in a
    # natural share, no long consonant run), which a run of random letters is not, or be short
    # capitals (an acronym: API, MQTT, SMTP).
    return not word.isascii() or len(word) <= 3 or (len(word) <= 5 and word.isupper()) or wordlike(word)


# A catalogue keyed by its source text (gettext-style JSON, i18next natural keys): "Invalid email or
# password.": "E-mail ou mot de passe non valide." The key is a sentence of three words or more.
# Read backwards from the value, at most a sentence's length: a minified line must not cost its length.
_KEY_BEFORE_VALUE = re.compile(r'"([^"\\]{8,300})"[ \t]*:[ \t]*"$')


def _keyed_by_a_sentence(value: str, line: str) -> bool:
    # (a translation may repeat its key's first words: look at each place the value starts, a few at most)
    at = line.find(value)
    for _ in range(4):
        if at < 0:
            return False
        if at >= 12 and line[at - 1] == '"':
            m = _KEY_BEFORE_VALUE.search(line, max(0, at - 320), at)
            if m is not None:
                return len(m.group(1).split()) >= 3
        at = line.find(value, at + 1)
    return False


_TRANSLATED_METAVAR = re.compile(r"^[A-Z][A-Z_-]{2,23}$")


@_filter("catalogue_text", "a label in a message catalogue (translations/fi.json: \"password\": \"Salasana\"): the text "
         "shown for the field in one language, not its value", generic_only=True, surroundings=True)
def is_catalogue_text(value: str, line: str, key_name: str | None, language: str | None,
                      around: Surroundings) -> bool:
    v = value.strip()
    if not v or len(v) > _LONGEST_CATALOGUE_TEXT or not (around.in_catalogue or _keyed_by_a_sentence(v, line)):
        return False
    if around.in_catalogue:
        # A letter with a mark set above or below it (Tyap's a̱, Hakka's e̍) is written by people: no key holds one.
        if _signwriting(v) or any(unicodedata.combining(c) for c in v):
            return True
        # A usage line's placeholder in capitals, translated (wget's nl.po: --http-passwd=WACHTWRD): a label
        if _TRANSLATED_METAVAR.match(v):
            return True
        v = _plain_catalogue_text(v)
        if not v:
            return False
    if "%" in v or "{" in v or "$" in v:
        # Where the program puts a value into the text (%s MOT DE PASSE, {count} Schlüssel): the rest is the label.
        v = _FORMAT_DIRECTIVE.sub(" ", v).strip()
        if not v:
            return False
    if _CATALOGUE_TEXT.match(v) is None:
        return False
    if "_" in v:
        # A page title written with underscores for spaces (MediaWiki's Muuda_parool) is text; any other name with
        # underscores (db_password) is an identifier.
        if not v[:1].isupper() or "__" in v or any(c.isdigit() for c in v):
            return False
        v = v.replace("_", " ")
    words = _TEXT_TOKENS.findall(v)
    # Digits only as a number of their own (Wi-Fi 6, 2 minutes), and only in a phrase of words.
    if any(any(c.isdigit() for c in w) and not (w.isdigit() and len(w) <= 4 and len(words) >= 3) for w in words):
        return False
    reads = sum(w.isdigit() or _reads_as_a_word(w) for w in words)
    # A sentence of a language whose words are spelled otherwise than English (Quechua, Lojban) has a few that
    # do not read as words by English letter pairs; a sentence it stays when most do.
    if reads == len(words) or (len(words) >= _SENTENCE_WORDS and reads * 4 >= len(words) * 3):
        return True
    # In a catalogue file the text is a translation: words apart by spaces (Uuzi peittosana, Zoiyi lambokon sirri)
    # are a label when half of them read as words; a password is one run, not a phrase.
    return around.in_catalogue and len(words) >= 2 and len(v.split()) >= 2 and reads * 2 >= len(words)


# Formal SignWriting (the ASCII form of Sutton SignWriting, American Sign Language's "translation" in MediaWiki's
# ase.json): each sign is a box (B, L, M or R with its size, 518x531) and symbols (S, five hex digits, a place).
_FSW_SIGN = re.compile(r"^(?:AS[0-9a-f]{5}(?:S[0-9a-f]{5})*)?[BLMR][0-9]{3}x[0-9]{3}(?:S[0-9a-f]{5}[0-9]{3}x[0-9]{3})*$"
                       r"|^S[0-9a-f]{5}[0-9]{3}x[0-9]{3}$")


def _signwriting(value: str) -> bool:
    signs = value.split()
    return bool(signs) and all(_FSW_SIGN.match(s.strip(".,:;!?")) for s in signs)


# MediaWiki's message markup: a link ([[Special:Preferences|…]]) or a template ({{Identical|Password}}).
_WIKI_MARKUP = re.compile(r"\[\[[^\[\]]{0,200}\]\]|\{\{[^{}]{0,200}\}\}")
# A page alias in a catalogue runs its words together in capitals (Quechua's YaykunaRimataHukchay).
_RUN_TOGETHER_WORDS = re.compile(r"^(?:[A-Z][a-z]{2,}){2,8}$")


def _plain_catalogue_text(value: str) -> str:
    """A translation as plain letters: compatibility forms folded (a full-width colon, as Chinese writes it), the
    combining marks that some orthographies write above or below a letter dropped (Hakka's me̍t, Tyap's a̱), wiki
    markup taken out, words run together in a page alias spaced, a sentence's opening mark (Lojban's ".i") cut."""
    v = unicodedata.normalize("NFKC", value)
    v = "".join(c for c in v if not unicodedata.combining(c))  # (NFKC composed the letters that have one form: é)
    v = "".join(c for c in v if unicodedata.category(c) != "Cf")  # direction marks: U+200E beside a word
    v = _WIKI_MARKUP.sub(" ", v).replace("\\n", " ").replace('\\"', '"').strip()
    if _RUN_TOGETHER_WORDS.match(v):
        v = " ".join(re.findall(r"[A-Z][a-z]+", v))
    return v.lstrip(".¿¡ ").strip()


_SENTENCE_WORDS = 4


# Capital words joined by punctuation, no digit: VALUE_SPECIFIED_IN_NO_LOG_PARAMETER, NO!$DATA!$.
_CAPITAL_WORDS = re.compile(r"^[A-Z]{2,}(?:[^A-Za-z0-9\s]{1,3}[A-Z]{2,})+[^A-Za-z0-9\s]{0,3}$")
_CAPITAL_WORD = re.compile(r"[A-Z]+")
_LONGEST_CAPITAL_MARKER = 64


def _spelled_word(word: str) -> bool:
    """A word as people spell it: a two-letter one with a vowel, a longer one mostly of common letter pairs."""
    if len(word) <= 2:
        return any(c in _VOWELS for c in word)
    score, pairs = _bigram_score(word)
    return wordlike(word) and score >= _TYPED_WORD_PAIRS * pairs


@_filter("capital_words_marker", "capital words joined by punctuation (VALUE_SPECIFIED_IN_NO_LOG_PARAMETER, "
         "NO!$DATA!$): a marker a tool writes where it hides or lacks the value", generic_only=True)
def is_capital_words_marker(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > _LONGEST_CAPITAL_MARKER or _CAPITAL_WORDS.match(v) is None:
        return False
    words = [w.lower() for w in _CAPITAL_WORD.findall(v)]
    return any(len(w) >= 4 for w in words) and all(_spelled_word(w) for w in words)


# An error code: lower-case words joined by underscores (invalid_auth, cannot_connect).
_ERROR_CODE = re.compile(r"^[a-z]+(?:_[a-z]+){1,5}$")
# The value set in a dict literal under a constant's name: {CONF_PASSWORD: "…"}, return {API_KEY: "…"}.
_CONSTANT_KEYED = re.compile(r"\{\s*[A-Z][A-Z0-9_]*\s*:\s*[\"']$")
_ERRORS_WORD = re.compile(r"\berrors?\b|_errors?\b", re.IGNORECASE)
_HANDLING_ERRORS = re.compile(r"errors?\b|\bexcept\b|\braise\b", re.IGNORECASE)


@_filter("error_code_for_field", "an error code set for a form field (errors[CONF_PASSWORD] = \"invalid_auth\"): "
         "which message to show under the field, not its value", generic_only=True, surroundings=True)
def is_error_code_for_field(value: str, line: str, key_name: str | None, language: str | None,
                            around: Surroundings) -> bool:
    v = value.strip()
    if _ERROR_CODE.match(v) is None or not all(len(w) <= 4 or _typed_word(w) for w in v.split("_")):
        return False
    at = line.find(v)
    head = line[:at] if at > 0 else ""
    if not head:
        return False
    if _ERRORS_WORD.search(head):
        return True  # errors[CONF_PASSWORD] = "…", self._errors[KEY] = "…", errors={KEY: "…"}
    # return {CONF_PASSWORD: "invalid_auth"}: the caller shows it as the form's errors.
    return _CONSTANT_KEYED.search(head) is not None and any(_HANDLING_ERRORS.search(x) for x in around.lines)


# A form's label for the field: capitalised words (ADLS, Gen2, Blob), joined by / or &, with an aside in
# brackets: "Blob Storage Key (optional)", "Batch Account Access Key".
_LABEL_WORD = re.compile(r"^(?:[A-Z][a-z]+|[A-Z]{2,6}|[A-Z][a-z]*[0-9]{1,2}|[A-Z][A-Z0-9]{1,5})$")
_LABEL_JOINERS = frozenset({"/", "&", "-", "of", "for", "or", "and", "the", "a", "an", "to", "in"})
_LABEL_NOUNS = frozenset({"key", "secret", "password", "passphrase", "token", "credential", "credentials"})
_LONGEST_LABEL = 80


@_filter("credential_field_label", "a form's label for the field (\"Blob Storage Key (optional)\", \"Batch Account "
         "Access Key\"): capitalised words that name the credential, not its value", generic_only=True, needs_in_value=" ")
def is_credential_field_label(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if " " not in v or len(v) > _LONGEST_LABEL or not v[:1].isupper():
        return False
    # An aside in brackets at the end is part of a label: (optional), (Active Directory).
    head, _, aside = v.partition("(")
    if aside and (not aside.endswith(")") or not all(w.isalpha() for w in aside[:-1].split())):
        return False
    words = head.split()
    named = [w for w in words if w.lower() not in _LABEL_JOINERS]
    if len(named) < 3 or named[-1].lower() not in _LABEL_NOUNS and not any(w.lower() in _LABEL_NOUNS for w in named):
        return False
    # Every word capitalised as a label is (a passphrase of words is written without credential nouns,
    # and a typed password has no spaces in it); the long ones spelled like words.
    return all(_LABEL_WORD.match(w) and (len(w) < 4 or not w.isalpha() or w.isupper() or _typed_word(w.lower()))
               for w in named)


# A row of a table whose fields are joined by colons (an IANA cipher-suite list: 002c:TLS_PSK_WITH_NULL_SHA:PSK:
# PSK:NULL::0:HMAC-SHA1:160:DEFAULT:0:rfc4785): names in capitals (3DES), short words or a list of them
# (rfc4279,rfc6347) and small numbers, five or more.
_RECORD_FIELD = re.compile(r"^(?:[0-9]?[A-Z][A-Z0-9_\-]{0,23}|[a-z]{1,12}[0-9]{0,6}(?:,[a-z]{1,12}[0-9]{0,6}){0,4}"
                           r"|[0-9a-f]{1,4}|[0-9]{1,6})$")
_MIN_RECORD_FIELDS = 5


@_filter("colon_separated_record", "a row of five or more short colon-separated fields that are names, words and "
         "numbers (PSK:DHE:AES:CCM:256:AEAD): a table's record, not a credential", generic_only=True, needs_in_value=":")
def is_colon_separated_record(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # A password with four colons in it would need every piece to be a capitalised name, a short
    # word or a number; generated ones are not made of such pieces.
    fields = [f for f in value.strip().split(":") if f]
    if len(fields) < _MIN_RECORD_FIELDS or not all(_RECORD_FIELD.match(f) for f in fields):
        return False
    return sum(1 for f in fields if f[0].isalpha() and len(f) >= 3) >= 2


# The word for "password" in other languages, as a login form's translations label the field (CKEditor's
# typePass: 'Wachtwoord', a catalogue's 'Mot de passe actuel :'): the English word is a placeholder already.
_PASSWORD_IN_LANGUAGES = frozenset({
    "passwort", "kennwort", "wachtwoord", "wagwoord", "mot de passe", "contraseña", "contrasena", "contrasenya",
    "contrasinal", "senha", "palavra-passe", "palavra passe", "parola", "parolă", "parool", "salasana",
    "salasõna", "lösenord", "losenord", "adgangskode", "kodeord", "passord", "passordet", "lykilorð",
    "hasło", "haslo", "heslo", "jelszó", "geslo", "lozinka", "šifra", "sifra", "slaptažodis", "parole",
    "pasahitza", "pasvorto", "cyfrinair", "focal faire", "senhal", "kata sandi", "kata kunci", "kata laluan",
    "mật khẩu", "şifre", "sifre", "пароль", "лозинка", "парола", "κωδικός", "κωδικός πρόσβασης",
    "סיסמה", "كلمة المرور", "كلمة السر", "密码", "密碼", "パスワード", "비밀번호", "รหัสผ่าน", "पासवर्ड",
})
_LONGEST_TRANSLATED_LABEL = 6  # words: "Confirmer le nouveau mot de passe"


@_filter("translated_password_label", "the word for \"password\" in another language, alone or in a form's label "
         "(typePass: 'Wachtwoord', 'Nouveau mot de passe :'): a translation of the field's name, not its value",
         generic_only=True)
def is_translated_password_label(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip().rstrip(":").strip().lower()
    words = v.split()
    if not words or len(words) > _LONGEST_TRANSLATED_LABEL or not all(w.replace("-", "").isalpha() for w in words):
        return False
    text = " ".join(words)
    if text in _PASSWORD_IN_LANGUAGES:
        return True
    # a label around it (new / current / confirm ... password), as labels are written: capitalised or with a colon
    if not value.rstrip().endswith(":") and not value.strip()[:1].isupper():
        return False
    return any(f" {w} " in f" {text} " for w in _PASSWORD_IN_LANGUAGES)


# A word of running text closed by the markup around it (password verification</td></tr>, pass phrase.</p>):
# the rule read a sentence of an HTML page as `password <value>`. The word ends a sentence (a full stop) or
# reads as English; a password written in a page's table stays a candidate.
_CLOSED_BY_MARKUP = re.compile(r"^([A-Za-z][A-Za-z\-]{1,40})([.,:;!?]?)((?:</[A-Za-z][\w\-]{0,20}>)+)$")


@_filter("prose_in_markup", "a word of a page's text followed by the tags that close it (verification</td></tr>, "
         "phrase.</p>): a sentence read as an assignment, not a value", generic_only=True)
def is_prose_in_markup(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    m = _CLOSED_BY_MARKUP.match(value.strip())
    return m is not None and (bool(m.group(2)) or english_like(m.group(1)))


# A line of an icon font's codepoints file (Material Icons' *.codepoints: `password f042`): a glyph's name and
# its code point in hex, which the rules read as `password <value>`.
_CODEPOINT_LINE = re.compile(r"^[a-z0-9_]{1,60}[ \t]+[0-9a-f]{4,6}[ \t]*$")


@_filter("icon_codepoint", "an icon font's code point (password f042 in a .codepoints file): a glyph's number, "
         "not a password", generic_only=True)
def is_icon_codepoint(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return 4 <= len(v) <= 6 and all(c in "0123456789abcdef" for c in v) and _CODEPOINT_LINE.match(line.strip()) is not None


# A parameter's description in a documentation comment (kernel-doc's ` * @vendor: EAP Vendor-Id (0 = IETF)`,
# Doxygen's `@param password the password (UTF-8)`): words about the parameter, not its value.
_PARAMETER_DOC = re.compile(r"^[ \t]*(?:/\*\*|\*|//[/!]?)[ \t]*[@\\](?:param(?:\[[a-z, ]+\])?[ \t]+)?[A-Za-z_][A-Za-z0-9_]*:?[ \t]+(.*)$")


@_filter("parameter_description", "words of a parameter's description in a documentation comment (* @password: "
         "0-to-256-unicode-char Password (IN; UTF-8)): what the parameter is, not a value", generic_only=True)
def is_parameter_description(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    m = _PARAMETER_DOC.match(line)
    if m is None or v not in m.group(1):
        return False
    # a phrase, its words apart or hyphenated (0-to-256-unicode-char): two words or more, one a word a person writes,
    # and more of the description after it
    words = re.findall(r"[A-Za-z]{2,}", v)
    rest = m.group(1).replace(v, " ", 1)
    return ((" " in v or ("-" in v and len(re.findall(r"[A-Za-z]{2,}", rest)) >= 1)) and len(words) >= 2
            and any(wordlike(w.lower()) for w in words))


# A whitespace-aligned table of names and their kinds (git's command-list.txt: git-credential-store  purehelpers;
# OpenSSL's util/other.syms: OSSL_PASSPHRASE_CALLBACK  datatype): a credential word in a row's name makes the
# row read as `password value`, but the same word stands in the same column of the rows around it, which a
# password never does.
_COLUMN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.\-]{1,40}")
_MIN_SAME_ROWS = 2


@_filter("table_category_column", "a word in the same column of the rows around it (git-credential-store  "
         "purehelpers, OSSL_PASSPHRASE_CALLBACK  datatype): a table's category, not a password",
         generic_only=True, surroundings=True)
def is_table_category_column(value: str, line: str, key_name: str | None, language: str | None,
                             around: Surroundings) -> bool:
    v = value.strip()
    if _COLUMN_WORD.fullmatch(v) is None or "=" in line or ":" in line:
        return False
    fields = line.split()
    if len(fields) < 2 or v not in fields[1:]:
        return False
    col = fields.index(v, 1)
    same = 0
    for other in around.lines:
        row = other.split()
        if len(row) > col and row[col] == v and row[0] != fields[0] and "=" not in other and ":" not in other:
            same += 1
    return same >= _MIN_SAME_ROWS


# The opening of an HTML element built in code ($actions['resetpassword'] = "<a class='resetpassword' href='" . …):
# markup for a link or a field, cut where the string closes.
_HTML_ELEMENT_START = re.compile(r"^<(?:a|span|div|input|label|button|p|li|td|strong|em|img|form|option|select)"
                                 r"(?:\s+[a-z][a-z0-9_:-]*(?:=|\s|$)|>|$)")


@_filter("html_element_start", "the start of an HTML element (<a class=…, <input name=…): markup written by code, "
         "not a credential", generic_only=True)
def is_html_element_start(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return _HTML_ELEMENT_START.match(value.strip()) is not None
