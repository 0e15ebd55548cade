"""Placeholders and stand-ins that a person wrote where a value goes: <your-key>,
changeme, masked or redacted values, validation rules in the value's place, a value that repeats
or negates its own name, metasyntactic words (foobarbaz), a determiner and the credential's noun
(my-api-key), a format's prefix followed by words, and a format's bare prefix as documentation
writes it.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from ..redact import char_classes
from ..rules.checksums import github_crc32
from .registry import Surroundings, _filter
from .text_shapes import random_printable_run
from .typed_runs import _typed_positions, is_repeated_or_sequential
from .word_shapes import _KEY_PIECES, _LEET, _LETTER_RUN, _typed_word, english_like, name_of_words, wordlike
from .words import (_CREDENTIAL_WORDS, _PASSWORD_IN_OTHER_LANGUAGES, _names_generated_credential, _without_marks, key_words,
                    names_password, split_words)


_PLACEHOLDER_VALUES = frozenset({
    "password", "passwd", "pwd", "pass", "passphrase", "secret", "token", "apikey", "api_key", "api-key", "key",
    "changeme", "changeit", "test", "test123", "testing", "testpass", "testpassword", "dummy",
    "example", "sample", "placeholder", "todo", "tbd", "fixme", "foo", "bar", "baz", "foobar",
    "xyz", "abc", "abc123", "secretkey", "secret_key",
    # words that say a test's value is meant to fail
    "wrong", "bad", "invalid", "incorrect", "bogus",
    "nopass",  # Redis ACL: the user needs no password
    # defaults written into every install's config template, known to all (Icecast's icecast.xml, Lavalink's
    # application.yml): a weak setting to change, not a leaked secret
    "hackme", "youshallnotpass",
    # an instruction to whoever deploys it, as changeme is
    "setme", "set-me", "set_me", "change-me", "change_me", "replaceme", "replace-me", "replace_me", "fillme", "fill-me",
    # a default that says it is none (dbt's env_var('DBT_PASSWORD', 'not-used'))
    "not-used", "not_used", "notused", "unused",
    # a host where a key goes: Split's SDK runs offline with authorizationKey 'localhost'
    "localhost",
    # the word Apache Ranger leaves in a config after moving the password into its encrypted credential store
    "crypted", "_crypted",
    # an environment's name where an example file puts a value per environment (WEBHOOK_SECRET=development)
    "development", "staging", "production",
    # a retired value's state written in its place (NPM_TOKEN_PREVIOUS=revoked, OTX_API_KEY_OLD=REVOKED)
    "revoked", "rotated", "expired", "deleted", "disabled", "deactivated",
})
# Metasyntactic words: a value made only of them (bar:baz, foo-bar) stands for any value.
_METASYNTACTIC = frozenset({"foo", "bar", "baz", "qux", "quux", "corge", "grault", "garply", "waldo", "fred", "plugh",
                            "xyzzy", "thud", "foobar", "spam", "eggs", "ham", "blah", "fizz", "buzz", "fizzbuzz",
                            # the British and Perl stand-ins
                            "wibble", "wobble", "flob", "flobble"})
# fake, todo, tbd, fixme: short enough to fall by chance into a password of syllables, digits and capitals
# (kemo123TODO), so in a value that mixes all three a marker must be set off (see _chance_marker).
# The marker run into the credential it stands for is one too (fakekey==, fakesecret, fake_token).
_SHORT_MARKERS = re.compile(r"(?<![a-z])(?:fake|todo|tbd|fixme)(?:key|secret|token|pass(?:word)?|pwd)?(?![a-z])")
_ANGLE_PLACEHOLDER = re.compile(r"<[A-Za-z][A-Za-z0-9 _.\-]{0,48}>")
_BRACKET_PLACEHOLDER = re.compile(r"^\[[A-Za-z][A-Za-z _\-]{1,48}\]$")
# A whole value in angle brackets of three words or more, spaces between: an instruction for whoever fills it in
_ANGLE_INSTRUCTION = re.compile(r"^<[A-Za-z][A-Za-z]*(?:[ \t]+[^\s<]+){2,15}>$")
# The whole value in angle brackets, a store's name and a colon before a path to where the real one is kept
# (<from-vault:kv/network/vpn#psk>, <ssm:/prod/db/password>): a note of where to look, in words
_ANGLE_REFERENCE = re.compile(r"^<[A-Za-z][\w-]{1,24}:[\w./#:@-]{1,120}>$")
# A template's marker: a name in capitals between the same two symbols (#RADIUS_KEY#, *ENCRYPTED*, @DB_PASS@ is templated's)
# (a name of words, with an underscore or letters alone: #WINTER2019# is a password people write)
_SYMBOL_WRAPPED_NAME = re.compile(r"^([#*%])(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{3,48})\1$")
_PLACEHOLDER_PHRASES = (
    re.compile(r"(?<![a-z])your[_ .\-]?[a-z]"),  # your_api_key, YOUR-TOKEN, yourkeyhere
    re.compile(r"(?<![a-z])your[_ .\-][0-9]{1,4}[_ .\-][a-z]"),  # your-16-char-app-password, YOUR_32_BYTE_KEY
    re.compile(r"(?<![a-z])your[_ .\-][0-9]{1,6}[a-z]{2,}[_ .\-]"),  # your-360dialog-api-key: a brand that starts with digits
    # my-token, my_api_key, mysecret: "my" and the credential's own name, nothing else
    re.compile(r"^my[_ .\-]?(?:(?:api|access|app|auth|client|secret|private)[_ .\-]?)?"
               r"(?:key|secret|token|pass|password|pwd|user|username|login)$"),
    # "your password" in other languages: sua_senha, tu_contraseña, votre_mot_de_passe, twoje_haslo, senin_sifren
    # (an adjective may stand between: din_hemmelige_nokkel, tu_nueva_contraseña)
    re.compile(r"(?<![a-z])(?:sua|seu|tua|teu|tu|su|votre|ton|ta|ihr|dein|deine|twoj|twoje|senin|anda|tuo|tuoi|jouw|din|ditt"
               r"|dine|dit)[_ .\-](?:[a-zà-ÿ]{3,12}[_ .\-])?"
               r"(?:senha|contrase(?:n|ñ)a|clave|chave|token|password|passwort|kennwort|mot[_ .\-]?de[_ .\-]?passe"
               r"|has(?:l|ł)o|(?:s|ş)ifren?|parola|passord|losenord|lösenord|adgangskode|wachtwoord|kata[_ .\-]?sandi|sandi"
               r"|api[_ .\-]?key|cl(?:e|é)"
               r"|klucz|sleutel|chiave|nyckel|n(?:o|ø)kkel|schl(?:ue|ü|u)ssel|anahtar(?:in)?)(?![a-z])"),
    re.compile(r"[_ \-]here(?![a-z])"),  # insert_key_here
    # run together or spelled apart: replacewithyours, replace_with_your_key, fill-with-real-value
    re.compile(r"(?<![a-z])(?:replace|fill|change|swap)[_ \-]?(?:it[_ \-]?|this[_ \-]?|me[_ \-]?)?with[_ \-]?"
               r"(?:your|yours|real|actual|the|a[_ \-]?real)"),
    re.compile(r"(?<![a-z])(?:change|replace|insert|fill|enter|put|paste)[_ \-]?"
               r"(?:me|it|this|in|your|with|the|here)(?![a-z])"),
    re.compile(r"(?<![a-z])(?:dummy|placeholder|notreal|not[_ \-]a[_ \-]real|not[_ \-]real|sample|example)"),
    # "change me" and "example" in other languages: cambiame, mude-me, aendern, wijzigen, zmien, cambiami, degistir
    re.compile(r"(?<![a-z])(?:c[aá]mbia(?:me|lo|r)|cambiami|mud(?:ar|e[_ \-]?me)|altere[_ \-]?me|trocar|a(?:e|ä)ndern"
               r"|aendere[_ \-]?mich|wijzig(?:en|[_ \-]?mij)|changez[_ \-]?moi|[aà][_ \-]changer|zmie[nń](?:[_ \-]?mnie)?"
               r"|de(?:g|ğ)i(?:s|ş)tir|izmeni(?:t|te)|ejemplo|exemplo|beispiel|voorbeeld|przyk(?:l|ł)ad|esempio|exemple"
               r"|(?:o|ö)rnek)(?![a-z])|поменяй|измени|пример|修改|示例|変更|サンプル|변경|예시"),
    _SHORT_MARKERS,
    re.compile(r"(?<![a-z])leave[_ \-](?:it[_ \-])?(?:blank|empty|unset)(?![a-z])"),  # a form's hint: Leave blank (optional)
    # a template's note to whoever deploys it: Strapi's APP_KEYS="toBeModified1,toBeModified2", to-be-replaced
    # (the whole value, item by item: toBeModified#8o7wzSVOM8 is the note with a password typed after it)
    re.compile(r"^(?:(?:[a-z]+[_ \-])*to[_ \-]?be[_ \-]?(?:modified|changed|replaced|filled|set|defined|generated|updated)"
               r"(?:[_ \-]?\d{1,3})?(?:,[ ]*|$))+$"),
    # a value that says it must not be used for real: dev-key-do-not-use, not-for-production, local-only-secret-1234
    # (only a value of words and short numbers: a random key with a -do-not-use-elsewhere tail is a key)
    # (s3cr3t-for-tests-only: a word may be spelled with digits, up to a dozen characters; or what it is for, at its
    # end: s3cr3t-for-unit-tests, key_for_testing)
    re.compile(r"^(?:(?:[a-z]{2,}|\d{1,4}|(?=[a-z]*\d)[a-z\d]{2,12})[_ .\-])*(?:do[_ \-]?not[_ \-]?use"
               r"|not[_ \-]for[_ \-](?:prod|production|real[_ \-]use)"
               r"|(?:dev|local|tests?|testing|unit[_ \-]tests?)[_ \-]only"
               r"|for[_ \-](?:(?:unit|integration|e2e)[_ \-])?(?:tests?|testing)$)(?:[_ .\-](?:[a-z]{2,}|\d{1,4}))*$"),
    # a description of the value's size in its place: your-32-byte-authentication-key, a-64-char-random-string
    re.compile(r"(?<![a-z0-9])\d{1,3}[_ \-]?(?:byte|bit|char|character)s?[_ \-](?:[a-z]{2,}[_ \-])*(?:key|secret|string|token|value)s?$"),
    # how to make one, in lower case and separators only: generate-with-openssl-rand-hex-32, create_a_random_string
    # (a passphrase of capitals and symbols, Create-A-Storm#7, is a chosen password)
    re.compile(r"^[a-z0-9_ .\-]*(?<![a-z])(?:generate|create)[_ \-](?:with|using|via|one|a|an|me|it|new|random|your|strong"
               r"|secure)(?![a-z])[a-z0-9_ .\-]*$"),
    # where the real value comes from, in its place: set-via-env, load-from-vault, injected-at-runtime, from_ci_secrets
    re.compile(r"^(?:[a-z]+[_ \-]){0,2}(?:(?:set|loaded|load|injected|inject|provided|supplied|read|pulled|fetched|comes?)"
               r"[_ \-])?(?:via|from|by|at|in)[_ \-](?:the[_ \-])?(?:[a-z]+[_ \-]){0,2}"
               r"(?:env|environment|vault|secrets?|ci|runtime|kms|ssm|keyvault|keychain|pipeline|deploy|deployment)$"),
)

# A word every match of one of _PLACEHOLDER_PHRASES holds (keep the two together): a value without one
# matches none of them.
_PHRASE_WORD = re.compile(r"my|your|here|change|replace|insert|fill|enter|put|paste|dummy|placeholder|not|only|tobe|to[_ -]be|sample|example"
                          r"|for|fake|todo|tbd|fixme|leave|generate|create|byte|bit|char|via|from|by|at|in"
                          r"|sua|seu|tua|teu|tu|su|votre|ton|ta|ihr|dein|twoj|senin|anda|tuo|jouw|din|ditt|dine|dit"
                          r"|mbia|mud|altere|trocar|ndern|aendere|wijzig|changez|changer|zmie|tir|izmeni|ejemplo|exemplo"
                          r"|beispiel|voorbeeld|przyk|esempio|exemple|rnek|поменяй|измени|пример|修改|示例|変更|サンプル|변경|예시")

# A marker word spelled in its own case as one of a token body's CamelCase words (AAExampleToken…,
# sk_live_SampleKey…): a person's phrase. (Between digits, 7Sample3, it is read as the letters of a random run.)
_CAMEL_MARKER = re.compile(r"(?<![a-z0-9])(?:Example|Sample|Dummy|Fake|Placeholder|Redacted|DoNotUse|NotReal)(?=[A-Z_.:-]|$)")

# The stand-in person of forms and fixtures (John Doe): a value, not anyone's password.
_STAND_IN_PERSON = re.compile(r"(?:john|jane|joe|j)[._\-]?doe\d{0,4}")

# What a sign-like placeholder names: the thing to put there, or whose it is
_SIGN_NOUNS = frozenset({"KEY", "TOKEN", "SECRET", "PASSWORD", "YOUR", "HERE", "VALUE", "ID",
                         "VAULT", "KEYVAULT", "SSM", "ENV"})  # ... or where it is kept (SET-IN-KEYVAULT)
_CAPS_NAME = re.compile(r"^[A-Z][A-Z_]{2,24}$|^[A-Z]+(?:-[A-Z]+){2,5}$")  # API_TOKEN, SIGN-UP-FOR-KEY
# Longer capitals without an underscore are a base32 secret (a TOTP seed), not one word.
_MAX_CAPS_WORD = 15


# Up to this length a word in capitals only has to look like one (VALUE, NONE, KEY); a longer
# one has to read as English (PASSWORD, SECRETKEY, CHANGEME): a third of random 12-letter
# capitals pass the vowel test alone, one in eighty the English one.
_SHORT_CAPS_WORD = 6


def _caps_name(caps: str) -> bool:
    if "-" in caps:  # each piece a word, as a sign's text (short ones, UP or TO, between them), naming what goes
        parts = caps.split("-")  # there (SIGN-UP-FOR-KEY): COBALT-WILLOW-EMBER is a passphrase
        return (all(len(p) <= 2 or wordlike(p) for p in parts) and sum(len(p) >= 3 for p in parts) >= 2
                and bool(_SIGN_NOUNS & set(parts)))
    if "_" in caps or len(caps) <= _SHORT_CAPS_WORD:
        return wordlike(caps)
    return len(caps) <= _MAX_CAPS_WORD and english_like(caps)


# An instruction written in CamelCase words only, as templates name the value to change (ChangeMeToSomethingRandom,
# ReplaceThisWithALongSecret, PutALongRandomStringHere, ReplaceWithAKeyOf32Chars): words and short numbers only, so
# a password such as ChangeMe7#q is none.
_CAMEL_INSTRUCTION = re.compile(r"^(?:(?:Change|Replace|Set|Fill|Put|Insert|Enter|Paste|Add|Use)(?:Me|This|It|In|Your|A|An|The|With)"
                                r"(?:[A-Z][a-z]*|\d{1,3}(?=[A-Z]|$))+|(?:[A-Z][a-z]+){2,}Here)$")
_PLACEHOLDER_SEPARATORS = re.compile(r"[:._\- @/%+;,#&]")
# The words a template uses to describe the random value that belongs there (freqtrade's "somethingrandom"), written
# apart or run together; with "random" among them (a person's password of words has other words)
_RANDOM_DESCRIPTION = re.compile(
    r"(?:something|some|random|a|an|long|very|string|secure|strong|unique|secret|key|value|text|chars|characters|"
    r"here|any|of|with|and|token|password|generated)+")
_ONE_WORD_REPEATED = re.compile(r"([a-z]+)\1+")


@_filter("placeholder", "a placeholder that stands for a value to fill in (<your-key>, changeme, dummy, TODO, VALUE, "
         "#RADIUS_KEY#)")
def is_placeholder(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    low = value.strip().lower()
    if low in _PLACEHOLDER_VALUES or _STAND_IN_PERSON.fullmatch(low):
        return True
    if "%" in low:
        low = unquote(low)  # a URL's user-info is percent-encoded: foo%40bar is foo@bar
    # Any punctuation between them (an escaping test's foo%bar, foo+bar): still only metasyntactic words.
    words = _PLACEHOLDER_SEPARATORS.split(low)
    if all(w.isalpha() and w.isascii() and w in _METASYNTACTIC for w in words):
        return True  # bar:baz, foo-bar, foo@bar, foo%25bar
    twice = _ONE_WORD_REPEATED.fullmatch(low)
    if twice and twice.group(1) in _METASYNTACTIC:
        return True  # blahblah, foofoo
    if "random" in low and all(_RANDOM_DESCRIPTION.fullmatch(w) for w in words if w):
        return True  # somethingrandom, some-random-string, a_long_random_secret: what to put here, in words
    caps = value.strip()
    if _CAPS_NAME.match(caps) and _caps_name(caps):
        return True  # PASSWORD, VALUE, API_TOKEN: the name of what goes here
    if _BRACKET_PLACEHOLDER.match(value.strip()) or _angle_placeholder(value) or _SYMBOL_WRAPPED_NAME.match(value.strip()):
        return True
    if "<" in value and _cut_angle_placeholder(value, line):
        return True
    if _finished_by_angle_placeholder(value, line):
        return True
    if _encoded_blob(value):
        return False  # `todo` or `your` after a / or + of a long base64 key is chance, not a phrase
    if _CAMEL_MARKER.search(value):
        return True  # 123456789:AAExampleTokenDoNotUse_…: a marker word written in a token's body
    if _CAMEL_INSTRUCTION.match(value.strip()):
        return True  # ChangeMeToSomethingRandom: the instruction in words run together
    if not _PHRASE_WORD.search(low):
        return False  # no phrase below can match: one scan instead of six
    stripped = value.strip()
    if len(low) != len(stripped):
        return any(p.search(low) for p in _PLACEHOLDER_PHRASES)
    return any(not _chance_in_random_run(stripped, m.start(), m.end())
               and not (p is _SHORT_MARKERS and _chance_marker(stripped, m.start(), m.end()))
               for p in _PLACEHOLDER_PHRASES for m in p.finditer(low))


def _chance_marker(value: str, start: int, end: int) -> bool:
    """A short marker (TODO, fake) run into the letters or digits beside it, in a value that mixes capitals,
    lower-case letters and digits (kemo123TODO, Fake7aQ): a chosen password's syllables, not a note. A person's
    marker stands alone (TODO), keeps one case (todo-pass, FIXME123) or is set off by separators (my_TODO_key)."""
    if not (any(c.isupper() for c in value) and any(c.islower() for c in value) and any(c.isdigit() for c in value)):
        return False
    return (start > 0 and value[start - 1].isalnum()) or (end < len(value) and value[end].isalnum())


def _cut_angle_placeholder(value: str, line: str) -> bool:
    """A value a rule cut at the space inside an angle-bracketed stand-in (sk_test_<your key>: the value read is
    sk_test_<your): the bracket it opens closes on the line, around words."""
    at = line.find(value)
    opens = value.rfind("<")
    if at < 0 or ">" in value[opens:]:
        return False
    m = _ANGLE_PLACEHOLDER.match(line, at + opens)
    return m is not None and m.end() > at + len(value)


def _finished_by_angle_placeholder(value: str, line: str) -> bool:
    """A value a rule read up to the angle-bracketed stand-in that finishes it (eyJ….eyJ….<signature>,
    sk_live_<key>): its last part is still to be filled in, so the whole is a template."""
    if not value or value[-1] not in "._-:/":
        return False
    at = line.find(value)
    if at < 0:
        return False
    m = _ANGLE_PLACEHOLDER.match(line, at + len(value))
    if m is not None:
        return name_of_words(m.group(0)[1:-1])
    m = _ESCAPED_ANGLE_PLACEHOLDER.match(line, at + len(value))
    return m is not None and name_of_words(m.group("name"))


# the same stand-in escaped for HTML or XML (eyJ….eyJ….&lt;signature&gt; in a page or a Javadoc)
_ESCAPED_ANGLE_PLACEHOLDER = re.compile(r"&lt;(?P<name>[A-Za-z][A-Za-z0-9 _.\-]{0,48})&gt;")


def _angle_placeholder(value: str) -> bool:
    """<your-key>, <TOKEN> in the value. In a random printable run (a generated salt) an angle bracket pair falls
    around a few letters by chance (<A>, <x0ui>): there the brackets must hold words."""
    m = _ANGLE_PLACEHOLDER.search(value)
    if m is None:
        if _ANGLE_INSTRUCTION.match(value.strip()):
            return True  # <from printer screen: Settings > LAN only>: where to find the value, in words
        reference = _ANGLE_REFERENCE.match(value.strip())
        return reference is not None and name_of_words(reference.group(0)[1:-1])
    return not random_printable_run(value) or any(name_of_words(m.group(0)[1:-1]) for m in _ANGLE_PLACEHOLDER.finditer(value))


_ALNUM_RUN = re.compile(r"[A-Za-z0-9]+")
# A random run of letters and digits this long holds a given three-letter word in some case now and
# then (tbd in ...k3TbD9x...: about one token in a thousand); a person's stand-in is set off by
# separators or ends the value.
_MIN_RANDOM_RUN = 20


def _chance_in_random_run(value: str, start: int, end: int) -> bool:
    """The phrase at value[start:end] sits inside a long run of letters and digits, with letters or
    digits on both sides: the letters of a random token, not words a person wrote."""
    if start == 0 or end >= len(value) or not (value[start - 1].isalnum() and value[end].isalnum()):
        return False
    for run in _ALNUM_RUN.finditer(value):
        if run.start() <= start and end <= run.end():
            text = run.group()
            classes = char_classes(text)
            # the letters around the phrase decide: the phrase's own letters would make any run read a little English
            around = text[:start - run.start()] + " " + text[end - run.start():]
            return len(text) >= _MIN_RANDOM_RUN and "1" in classes and classes != "1" and not english_like(around)
    return False


_ENCODED_LINE = re.compile(r"[A-Za-z0-9+/=_-]+")
_MIN_ENCODED_BLOB = 64  # a 256-bit key in base64 is 44 characters; chance hits grow with the length


def _encoded_blob(value: str) -> bool:
    """Base64 (or base64url) of at least _MIN_ENCODED_BLOB random-looking characters, in one run or in the lines
    of a PEM body (armour lines aside; JSON's escaped \\n counts as a line break)."""
    lines = [ln.strip() for ln in value.replace("\\n", "\n").split("\n")]
    body = [ln for ln in lines if ln and not ln.startswith("-----")]
    if sum(map(len, body)) < _MIN_ENCODED_BLOB or not all(_ENCODED_LINE.fullmatch(ln) for ln in body):
        return False
    # random bytes in base64: both cases and digits (a spelled-out stand-in lacks some)
    return char_classes("".join(body)).startswith("Aa1")


_MASKED = (
    re.compile(r"\*{3,}"),
    # what Terraform prints in a plan or state output for a value it hides or does not know yet
    re.compile(r"^\((?:sensitive(?: value)?|known after apply)\)$|^<sensitive>$"),
    re.compile(r"^\*{2}[A-Za-z][A-Za-z0-9_]*\*{2}$"),  # Metabase's **MetabasePass**: the name of what it hides, framed
    re.compile(r"[xX]{5,}"),
    re.compile(r"•{3,}|·{3,}|#{5,}"),
    re.compile(r"…|\.\.\."),
    re.compile(r"(?<![a-z])(?:redacted|masked|hidden|obfuscated|removed|scrubbed|anonymi[sz]ed|saniti[sz]ed)(?![a-z])", re.IGNORECASE),
    re.compile(r"\*SENSITIVE\*DATA\*DELETED\*"),  # Windows Setup's scrub of passwords in the answer files it keeps
    re.compile(r"^\$encrypted\$$"),  # AWX and Ansible Tower export every secret field as the marker $encrypted$
)


# A form field's validation rules (Laravel's 'required|string|min:8', CodeIgniter's 'trim|required'):
# words joined by |, some with :arguments. One of them is always a rule every framework has.
_VALIDATOR_ITEM = re.compile(r"[a-z][a-z_]{1,24}(?::[^|\s]{0,40}|\[[^\]|\s]{0,40}\])?")
_VALIDATOR_WORDS = frozenset({"required", "nullable", "sometimes", "string", "min", "max", "confirmed", "trim",
                              "min_length", "max_length", "matches", "between", "size", "regex", "bail"})


@_filter("validation_rules", "a form field's validation rules (required|string|min:8), not its value", needs_in_value="|")
def is_validation_rules(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    items = value.strip().split("|")
    if len(items) < 2 or not all(_VALIDATOR_ITEM.fullmatch(i) for i in items):
        return False
    heads = [i.split(":", 1)[0] for i in items]
    return any(h in _VALIDATOR_WORDS for h in heads) and all(wordlike(h) or h in _VALIDATOR_WORDS for h in heads)


@_filter("masked", "a masked or truncated value (****, xxxxx, …, [REDACTED]): the real one is not here")
def is_masked(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if any(p.search(value) for p in _MASKED):
        return True
    # cut short where the line goes on: pypi-AgEIcHlwaS5vcmc… or ghp_abc... as documentation elides a token
    at = line.find(value)
    return at >= 0 and line.startswith(("...", "…"), at + len(value))


@_filter("fragment", "a prefix or fragment of a format (ghp_, sk-live-, amzn.mws.) as documentation writes it",
         generic_only=True)
def is_fragment(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) >= 20 or _FORMAT_PREFIX.match(v) is None:
        return False
    # under a password's name (or PowerShell's plain text made secure), letters and a run of digits (summit1234_,
    # lantern42.) are typed: a format's prefix is a few letters
    if _DIGIT_RUN.search(v) and (names_password(key_words(key_name)) or "-AsPlainText" in line):
        return False
    at = line.find(v)
    # a URL's password ends at its @: rtsp://cam:n7kq2vx8wt4m_@10.0.0.9 is typed, no format's prefix
    return not (at >= 0 and line.startswith("@", at + len(v)) and line.rfind("://", 0, at) >= 0)


# A format's prefix as documentation writes it: short parts of one case throughout, joined and ended by a
# separator (ghp_, sk-live-, amzn.mws., SG., ya29.). A typed password that happens to end in one (Xk9#mQ2v-,
# ZDUQ_wgpk4688.) has mixed case or symbols.
_FORMAT_PREFIX = re.compile(r"^(?:[a-z0-9]{1,12}(?:[-_.:][a-z0-9]{1,12})*|[A-Z0-9]{1,12}(?:[-_.:][A-Z0-9]{1,12})*)[-_.:]$")
# Letters, then two digits or more: how a person types a password, not how a format's prefix is spelled
_DIGIT_RUN = re.compile(r"[a-zA-Z]\d{2,}")


@_filter("negated_key_word", "the value says there is none of what the name holds (AUTH: noauth, password: nopass)",
         generic_only=True)
def is_negated_key_word(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = _normalised(value)
    if not v.startswith("no") or len(v) > 16:
        return False
    rest = v[2:]
    return len(rest) >= 3 and any(w == rest or (len(rest) >= 4 and w.startswith(rest))
                                  for w in key_words(key_name) if w in _CREDENTIAL_WORDS)


_NOT_LOWER_ALNUM = re.compile(r"[^a-z0-9]")


def _normalised(s: str) -> str:
    return _NOT_LOWER_ALNUM.sub("", s.lower())


_MEMBER_SEPARATORS = re.compile(r"\.|->|::")
_JOINED_WORDS = re.compile(r"[A-Za-z]+(?:[_\-][A-Za-z]+)+|[a-z]+(?:[A-Z][a-z]+)+")


_ACCOUNT_WORDS = ("admin", "root", "user", "pass", "password")
# The short forms of "password" a name uses for the word a value spells out
_SPELLED_OUT = {"pass": "password", "pwd": "password", "pw": "password", "passwd": "password"}


# A database or broker's own name as its password: the default its image or its docs set up (POSTGRES_PASSWORD
# defaults to nothing, so compose files write "postgres"; RabbitMQ's guest, MinIO's minioadmin, Neo4j's neo4j).
# Anyone guesses it; it marks a local stack, not a chosen password.
_ENGINE_DEFAULT_PASSWORDS = frozenset({
    "postgres", "postgresql", "mysql", "mariadb", "mongo", "mongodb", "redis", "rabbitmq", "guest", "neo4j",
    "cassandra", "elastic", "elasticsearch", "couchdb", "clickhouse", "minioadmin", "keycloak", "influxdb",
    "masterkey",  # Firebird's SYSDBA password as every install ships it
    "manager",  # ActiveMQ's admin and system users (and Oracle's old SYSTEM/manager)
})


# A marker written in capitals into a provider's token by whoever made it up: AKIAFAKE…, AIzaSyFAKE…, …FAKEFAKE (in lower
# case a word of five letters or more, or a short one repeated: …example…, …fakefake), or an
# id part of one repeated digit (xoxb-000000000000-…). In a random body the marker stands after a capital by chance;
# a person's stands alone (after the prefix, a lower-case letter or a digit).
_CAPITAL_MARKER = re.compile(r"(?<![A-Z])(?:FAKE|DUMMY|EXAMPLE|SAMPLE)(?![a-z])|(?:FAKE|TEST|DUMMY){2}"
                             r"|(?:example|sample|dummy|placeholder){2}")  # …exampleexample: lower case, repeated
# One lower-case word of five letters or more: in a random body about once in 10^8 tokens ("fake" and "test" are short
# enough to turn up, and made-up-looking live keys hold them). Not in a URL (a host may be uniexample.webhook.office.com),
# and not in a token whose checksum holds: whoever computed GitHub's CRC made a token GitHub would accept.
_LOWER_MARKER = re.compile(r"example|sample|dummy|placeholder")
_REPEATED_DIGIT_PART = re.compile(r"(?:^|-)(\d)\1{7,}(?:-|$)")
_MARKER_FIRST = re.compile(r"(?:TEST|FAKE|DUMMY)(?![a-z])")
_DOUBLED_MARKER = re.compile(r"(?:FAKE|TEST|DUMMY){2}|(?:example|sample|dummy|placeholder){2}")
_LONGEST_MARKED_TOKEN = 256


@_filter("marker_in_token", "a token made up for a test or a document: a marker in capitals in its body (AKIAFAKE…, "
         "AIzaSyFAKE…, …FAKEFAKE, …exampleexample) or an id part of one repeated digit (xoxb-000000000000-…)", after_prefix=True)
def is_marker_in_token(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if len(v) > _LONGEST_MARKED_TOKEN:
        # key material: in 1.6 kB of random base64 a lone FAKE turns up about once in 10^4 keys; a doubled one never
        return _DOUBLED_MARKER.search(v) is not None
    if _CAPITAL_MARKER.search(v) is not None or _REPEATED_DIGIT_PART.search(v) is not None:
        return True
    if _MARKER_FIRST.match(v):
        return True  # the body (after a format's prefix, when it has one) opens with the marker: AKIATEST…, ghp_TEST…
    # (this filter may see the body alone, with the provider's prefix cut off)
    return _LOWER_MARKER.search(v) is not None and "/" not in v and not (github_crc32(v) or github_crc32("_" + v))


@_filter("engine_default_password", "a database's or broker's own name as the password (postgres, mysql, guest, "
         "minioadmin): the default of its image or docs, a local stack's", generic_only=True)
def is_engine_default_password(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if v.lower() not in _ENGINE_DEFAULT_PASSWORDS:
        return False
    if not key_name:  # a command's user and password, both the default (mc alias set local … minioadmin minioadmin)
        return line.count(v) >= 2
    words = key_words(key_name)
    # (PGPASSWORD, MYSQL_PWD: a client's variable names its password in one word)
    return bool(words) and (words[-1] in _CREDENTIAL_WORDS or words[-1].endswith(("password", "passwd", "pwd")))


# A product's own name as the key that configures it, spelled plainly or in leetspeak: the default key a vendor's image
# documents (a pipelines server's 0p3n-w3bu!), the stand-in a local model server takes (api_key "lm-studio" beside an
# lmstudio-community model). The name is in an image, a model id or a FROM line beside it; anyone reading it guesses it.
_PRODUCT_REFERENCE = re.compile(r"(?i)(?:\bimage|\bmodel|^[ \t]*FROM)\b[\"']?[ \t]*[:=]?[ \t]*[\"']?([\w.-]+(?:[/:@][\w.-]+)+)")
_PLAIN_WORDS = re.compile(r"^[a-z]+(?:[-_.][a-z]+){0,3}$")


@_filter("product_name_as_key", "the value spells the product it configures, as named by the image or model beside it "
         "(open-webui's 0p3n-w3bu!, lm-studio beside an lmstudio-community model): the vendor's default or a local "
         "server's stand-in, guessed by anyone", generic_only=True, surroundings=True)
def is_product_name_as_key(value: str, line: str, key_name: str | None, language: str | None,
                           around: Surroundings) -> bool:
    v = value.strip()
    if not 5 <= len(v) <= 32:
        return False
    plain = v.lower().translate(_LEET)
    if not _PLAIN_WORDS.match(plain):
        return False
    name = re.sub(r"[^a-z]", "", plain)
    if len(name) < 6:
        return False
    for text in (line, *around.lines):
        for m in _PRODUCT_REFERENCE.finditer(text):
            if name in re.sub(r"[^a-z]", "", m.group(1).lower()):
                return True
    return False


@_filter("same_as_key_name", "the value repeats the name it is assigned to (API_KEY = \"api-key\", o.Ws.Token = \"wstoken\", "
         "encryption_key: \"defaultencryptionkey\", "
         "POSTGRES_PASSWORD=postgres, "
         "ctxCredentials = \"github.com/x/y/ctxCredentials\")", needs_key_name=True)
def is_same_as_key_name(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if not key_name:
        return False
    v = _normalised(value)
    if len(v) < 3:
        return False
    words = key_words(key_name)
    # The whole name, or its last words run together (cfg.Mqtt.Token = "mqtttoken"); or either after "default", as a
    # server's shipped settings spell theirs (Nakama's encryption_key: "defaultencryptionkey")
    names = {_normalised(key_name), *("".join(words[i:]) for i in range(len(words) - 1))}
    if v in names or (v.startswith("default") and v[len("default"):] in names | {"".join(words)}):
        return True
    # The service the name is for, as its password: POSTGRES_PASSWORD=postgres, _AIRFLOW_WWW_USER_PASSWORD=airflow,
    # MYSQL_PASSWORD: mysql. A compose file's or a local setup's stand-in, not a chosen password.
    raw_value = value.strip()
    if (len(words) >= 2 and words[-1] in _CREDENTIAL_WORDS and raw_value.isalpha() and len(raw_value) >= 4
            and raw_value.lower() in words[:-1]):
        return True
    # The service and an account word run together: MINIO_ROOT_PASSWORD=minioadmin, RABBIT_PASSWORD=rabbituser.
    if len(words) >= 2 and words[-1] in _CREDENTIAL_WORDS and raw_value.isalpha() and len(raw_value) >= 7:
        low = raw_value.lower()
        if any(low in (w + a, a + w) for w in words[:-1] if len(w) >= 3 for a in _ACCOUNT_WORDS):
            return True
    # A field set from the variable of its name (c.measurementprotocolsecret = measurementprotocolsecret).
    member = _MEMBER_SEPARATORS.split(key_name)[-1]
    if len(member) >= 8 and v == _normalised(member):
        return True
    # The name under a namespace: a Go context key ("github.com/x/gokrb5/v8/ctxCredentials"), a package prefix.
    raw, name = value.strip(), key_name.strip()
    if len(name) >= 6 and raw.endswith(name) and raw != name:
        head = raw[: -len(name)]
        if head.endswith(("/", ".")) or re.fullmatch(r"[a-z][a-z0-9]{1,15}", head):
            return True
    # A constant naming a dict key or a marker, spelled without its last word (_MARKER_KEY = "_marker").
    if len(words) >= 3 and words[-1] == "key" and v == "".join(words[:-1]):
        return True
    # The name with a word before it, as an identifier (password: "cmd_password").
    value_words = split_words(value)
    identifier = _JOINED_WORDS.fullmatch(value.strip()) is not None
    if len(value_words) > len(words) and value_words[-len(words):] == words and identifier:
        return True
    # ... or the name's last two words, the credential spelled out (OPTION_SMTP_PASS = 'mailbridge_smtp_password'):
    # an option's or a field's name
    tail = [_SPELLED_OUT.get(w, w) for w in words[-2:]]
    if (identifier and len(words) >= 2 and len(value_words) >= 3 and tail[-1] in _CREDENTIAL_WORDS
            and [_SPELLED_OUT.get(w, w) for w in value_words[-2:]] == tail):
        return True
    # One word before the name's credential word (PASSPHRASE='current-passphrase', new_password):
    # which one is meant, not its value.
    return (identifier and len(value_words) == 2 and value_words[1] == words[-1] and words[-1] in _CREDENTIAL_WORDS
            and wordlike(value_words[0]))


# What a fixture's password is made of when it is named, not chosen: test-secret, fake_password, mock-token.
_FIXTURE_WORDS = frozenset({"test", "fake", "dummy", "mock", "sample", "example", "stub"})
_NAMED_CREDENTIAL_WORDS = frozenset({"secret", "password", "passwd", "pass", "pw", "pwd", "token", "key", "client"})


def _fixture_words_only(password: str) -> bool:
    """A fixture word joined to a credential word and nothing else (test-secret, fake_password)."""
    pieces = [p for p in re.split(r"[-_.]", password) if p]
    return (len(pieces) >= 2 and any(p in _FIXTURE_WORDS for p in pieces)
            and all(p in _FIXTURE_WORDS or p in _NAMED_CREDENTIAL_WORDS for p in pieces))


_PASSWORD_WORDS_IN_OTHER_LANGUAGES = _PASSWORD_IN_OTHER_LANGUAGES | {"passwort", "paroladordine"}


# The name of the field a secret goes in, written where the secret would be (client_id:client_secret, key:apiSecret):
# a template of the pair, as docs write one before it is encoded.
_CREDENTIAL_FIELD_NAME = re.compile(
    r"(?i)(?:client|app|api|consumer|access|secret)?[_-]?(?:secret|key|token)(?:[_-]?key)?")


def _stand_in_password(user: str, password: str) -> bool:
    """The password of a user:password pair stands in for one: it repeats the user, names what goes
    there (pass, password1, username) or is a placeholder, a run or a metasyntactic word."""
    core = re.sub(r"[0-9]+$", "", password.lower())
    # a test of escaping wraps the stand-in in the characters it escapes (bbb/;& for bbb)
    letters = re.sub(r"[^A-Za-z0-9]", "", password)
    return (password.lower() == user.lower() or core in _PLACEHOLDER_VALUES or core in ("username", "user", "admin")
            # the word password in another language (usuario:contraseña, benutzer:passwort, utente:parola_d_ordine)
            or re.sub(r"[\W_]", "", _without_marks(password.lower())) in _PASSWORD_WORDS_IN_OTHER_LANGUAGES
            or _fixture_words_only(core) or _CREDENTIAL_FIELD_NAME.fullmatch(password) is not None
            or is_placeholder(password, "", None, None) or is_repeated_or_sequential(password, "", None, None)
            or (letters != password and len(letters) >= 3 and is_repeated_or_sequential(letters, "", None, None)))


_LEAST_FILLER = 4


def _word_run(run: str) -> bool:
    """A run of four or more letters that reads as a word (Personal, Access, Token, Example)."""
    return len(run) >= 4 and (english_like(run) or wordlike(run))


@_filter("words_after_prefix", "a token format's prefix before words and typed filler (ghp_PersonalAccessToken"
         "000000…): an example written for the docs, not a generated token", prefix_required=True)
def is_words_after_prefix(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # Generated bodies are random: a few letters fall into word-shaped runs by chance, never
    # most of them together with typed digit runs (0000, 45678) as filler.
    v = value.strip()
    if not 16 <= len(v) <= 128 or not re.fullmatch(r"[A-Za-z0-9_\-]+", v):
        return False
    covered = sum(len(r) for r in _LETTER_RUN.findall(v) if _word_run(r.lower()))
    if covered * 2 < len(v):
        return False
    # Letters alone can read as words by chance (a lower-case body); typed digit filler cannot.
    filler = sum(len(_typed_positions(run)) for run in re.findall(r"[0-9]+", v))
    if filler >= _LEAST_FILLER and covered + filler >= 0.85 * len(v):
        return True
    # ... nor can three or more words spelled apart by the separators people type between them
    # (glpat-python-gitlab-token_): a generated body never splits into words alone.
    # (short ones, my- or an-, are read as words too)
    pieces = [p for p in re.split(r"[-_]+", v) if p]
    words = [p for p in pieces if len(p) >= 4]
    return (len(pieces) >= 3 and len(words) >= 2 and all(p.isalpha() for p in pieces)
            and all(_word_run(p.lower()) for p in words))


# Pieces a person types between separators: words, and digits counting up or down (1234567890).
_SEPARATED_PIECES = re.compile(r"^[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)+$")


@_filter("words_and_counting_run", "words and a run of digits counted out, spelled apart (key-1234567890-file-config): "
         "a stand-in written for a test or the docs", generic_only=True, surroundings=True, needs_in_value="-_.")
def is_words_and_counting_run(value: str, line: str, key_name: str | None, language: str | None,
                              around: Surroundings) -> bool:
    # Where values are written for a test or a reader, or under a name that says API key or token
    # (generated, never counted out by hand); a weak password of the same shape (Welcome-123456)
    # in a deployed config is someone's real password.
    v = value.strip()
    if not 10 <= len(v) <= 64 or _SEPARATED_PIECES.match(v) is None:
        return False
    if not (around.example_place or _names_generated_credential(key_name)):
        return False
    pieces = re.split(r"[-_.]", v)
    runs = [p for p in pieces if p.isdigit()]
    words = [p for p in pieces if p.isalpha()]
    if not runs or len(runs) + len(words) != len(pieces) or not any(_word_run(w.lower()) for w in words):
        return False
    counted = all(len(r) >= 6 and len(_typed_positions(r)) >= len(r) - 1 for r in runs)
    return counted and all(len(w) <= 3 or _word_run(w.lower()) for w in words)


@_filter("stub_after_prefix", "a token format's prefix before a stub (sk_live_xxx, ghp_XXXX, xoxb-123): the shape "
         "documentation writes for \"your token goes here\", too short to be the token", prefix_required=True)
def is_stub_after_prefix(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # Every format a prefix stands for has a body of 16 characters or more; a body of a few
    # characters, or of one character repeated, is where a reader puts theirs.
    v = value.strip()
    return 0 < len(v) <= 4 or (len(v) < 16 and len(set(v.lower())) == 1)


# A determiner and the credential's own noun: my-api-key, an-oidc-jwt, mypassphrase, old-key, new_token.
_DETERMINERS = ("my", "our", "an", "a", "the", "some", "old", "new", "other", "another", "their")
_STAND_IN_NOUNS = frozenset({"key", "apikey", "token", "secret", "password", "passwd", "passphrase", "pwd", "jwt",
                             "pass", "creds", "credential", "credentials"})
_STAND_IN_PIECE = re.compile(r"^[a-z][a-z0-9]{0,11}$")
_GLUED_STAND_IN = re.compile(r"^(my|our|the|some|old|new)(" + "|".join(sorted(_STAND_IN_NOUNS, key=len, reverse=True))
                             + r")$")


@_filter("determiner_stand_in", "a determiner and the credential's own noun (my-api-key, an-oidc-jwt, "
         "mypassphrase, old-key): a stand-in that says what it stands for", generic_only=True)
def is_determiner_stand_in(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    low = value.strip().lower()
    if len(low) > 32 or not low.startswith(_DETERMINERS):
        return False
    if _GLUED_STAND_IN.match(low):
        return True
    pieces = _KEY_PIECES.split(low) if " " not in low else low.split(" ")
    if not 2 <= len(pieces) <= 5 or pieces[0] not in _DETERMINERS or pieces[-1] not in _STAND_IN_NOUNS:
        return False
    # The pieces between are words or short tags (n8n, oidc, api): a random run there is a key.
    return all(_STAND_IN_PIECE.match(p) and (len(p) <= 4 or _typed_word(p)) for p in pieces[1:-1])


# "not needed", "no-check": a value that says there is no credential (a service without a password,
# the XSRF header's documented no-check).
_NEGATION_MARKER = re.compile(r"^(?:not|no|none)[-_ ]([a-z]{4,12})$")


@_filter("negation_marker", "a value that says no credential is used (not-needed, no-check, not_required): "
         "a marker, not a credential", generic_only=True)
def is_negation_marker(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    m = _NEGATION_MARKER.match(value.strip().lower())
    return m is not None and english_like(m.group(1))


# Metasyntactic words run together: foobarbaz, spameggs, barfoo.
def _metasyntactic_run(low: str) -> bool:
    reach = [True] + [False] * len(low)  # reach[i]: low[:i] splits into such words
    for i in range(len(low)):
        if reach[i]:
            for w in _METASYNTACTIC:
                if low.startswith(w, i):
                    reach[i + len(w)] = True
    return reach[-1]


@_filter("metasyntactic_run", "metasyntactic words run together (foobarbaz, spameggs): a stand-in", generic_only=True)
def is_metasyntactic_run(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    low = value.strip().lower()
    return 6 <= len(low) <= 32 and low.isalpha() and low.isascii() and _metasyntactic_run(low)
