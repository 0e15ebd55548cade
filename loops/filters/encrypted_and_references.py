"""Values that point at a secret kept elsewhere, or hold it
encrypted: environment variables ($VAR, os.getenv(...)), Erlang macros, template expressions
({{ var }}), command substitutions and interpolated variables in shell, secrets-tool envelopes
(sops, Jasypt, ejson, Vault transit), the name of an existing Kubernetes Secret and references
into a secret manager (Key Vault, Secret Manager).
"""

from __future__ import annotations

import re

from ..redact import char_classes
from ..rules.checksums import b64_decode, json_object
from .paths_urls_and_directory_names import _file_path
from .registry import Surroundings, _filter
from .text_shapes import random_printable_run
from .word_shapes import english_like, name_of_words
from .words import key_words, names_credential, names_password


_ENV_VALUE = (
    re.compile(r"^\$[A-Za-z_][A-Za-z0-9_]*$"),  # $VAR
    re.compile(r"\$\{[A-Za-z_][^{}]{0,200}\}"),  # ${VAR}, ${VAR:-default}, inside a larger value too
    re.compile(r"^\$[A-Za-z_]\w*[/\\]"),  # $HOME/.config/x: a path under a variable
    re.compile(r"^\$\("),  # $(command): computed at run time
    re.compile(r"^%[A-Za-z_][A-Za-z0-9_]*%$"),  # %VAR% (Windows)
    re.compile(r"^\$[A-Za-z_][\w.]*\$(?::\$[A-Za-z_][\w.]*\$)?$"),  # $USER3$, $http_user$:$http_pass$: Nagios/Icinga macros
    re.compile(r"^\$env:[A-Za-z_]\w*$", re.IGNORECASE),  # PowerShell
    re.compile(r"^\(\$(?:env\.)?[A-Za-z_][\w.]*\)$"),  # nushell's interpolation in $"…": ($env.DB_PASS), ($password)
    re.compile(r"\bprocess\.env\b|\bimport\.meta\.env\b|\bDeno\.env\.get\b"),
    re.compile(r"\bos\.environ\b|\bgetenv\s*\(|\bSystem\.getenv\b|\bEnvironment\.GetEnvironmentVariable\b"),
    re.compile(r"\bENV\s*\[|\bENV\.fetch\b|\benv\s*\(\s*['\"]"),
    # Symfony's environment variable processors: %env(JWT_PASSPHRASE)%, %env(resolve:DATABASE_URL)%
    # (and a default parameter's name, often dotted: %env(default:app.api_key_fallback:API_KEY)%, or none: default::)
    re.compile(r"%env\((?:[A-Za-z0-9_.]*:)*[A-Za-z_][A-Za-z0-9_]*\)%"),
    re.compile(r"^env\([A-Z_][A-Z0-9_]*\)$"),  # the Supabase CLI's config.toml: secret = "env(SUPABASE_AUTH_…)"
    re.compile(r"^@\{[A-Za-z_][\w-]*:[\w.\-/]+\}$"),  # Telegraf's secret stores: password = "@{vault:db_password}"
)
_FIRST_WORDED_ENV_VALUE = 6  # from here on the patterns spell words (process.env, os.environ): no chance hit
_ENV_ACCESSOR = r"(?:getenv|environ(?:\.get)?|GetEnvironmentVariable|env\.get|ENV(?:\.fetch)?|env)\s*[(\[]\s*['\"]"


# A CloudFormation intrinsic function in YAML's short form before the value (Password: !Ref BrokerPass, !Sub
# '{{resolve:…}}', !GetAtt Db.Password), or an ARM template expression as the whole value ([listKeys(…).primaryKey],
# [parameters('adminPassword')]): what the template resolves at deploy time, not a literal.
_CFN_INTRINSIC = re.compile(r"!(?:Ref|Sub|GetAtt|ImportValue|FindInMap|Join|Select|If|Base64|GetAZs|Split)[ \t]+[\"']?$")
_ARM_EXPRESSION = re.compile(r"\[[a-zA-Z]+\(.*\)(?:\.[A-Za-z]\w*|\[\d+\])*\][\"']")


@_filter("template_expression", "a CloudFormation intrinsic (!Ref BrokerPass, !GetAtt) or an ARM template expression "
         "([listKeys(…).primaryKey]): resolved when the template deploys, not a value", needs_in_line="![")
def is_template_expression(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    at = line.find(v)
    if v.startswith("[") and at > 0 and _ARM_EXPRESSION.match(line, at):  # (the value may stop at its first space)
        return True
    return at > 0 and _CFN_INTRINSIC.search(line[:at]) is not None


@_filter("env_reference", "a reference to an environment variable ($VAR, ${VAR}, os.getenv(...)), not the value")
def is_env_reference(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if v.startswith("\\$"):
        v = v[1:]  # an escaped sigil defers the lookup (RouterOS's on-event="… password=\$backupPass"): still a variable
    # Every pattern of _ENV_VALUE and _YESOD_ENV holds one of these (a $ or % sigil, or env / ENV / Env as the
    # patterns spell it, or a SAS macro variable's &): most values hold none and skip the eight searches.
    if not any(mark in v for mark in _ENV_MARKS):
        return _env_name_in_accessor(v, line)
    if v.startswith(_DOLLAR_PREFIXED_KEYS):
        return False  # a key format that starts with a dollar ($aact_…/…: no variable, no path under one)
    shell = _SHELL_DEFAULT.match(v)
    if shell:
        # ${DB_PASS:-default}: the shell (or compose) uses the default whenever the variable is unset, as Yesod's
        # _env:PGPASS:default below
        return _stand_in_default(shell.group(1))
    for i, p in enumerate(_ENV_VALUE):
        m = p.search(v)
        # (in a generated salt `${_V|*…}` or a leading `$(` is chance: there the variable must have a name of words)
        if m is not None and (i >= _FIRST_WORDED_ENV_VALUE or not random_printable_run(v) or _names_a_value(m.group(0))):
            return True
    if language == "sas" and _SAS_MACRO_VARIABLE.match(v):
        return True  # password="&dbpass": a macro variable, resolved when the program runs
    yesod = _YESOD_ENV.match(v)
    if yesod:
        # Yesod settings: _env:PGPASS, or _env:PGPASS:default where the default is used when the variable is unset
        return _stand_in_default(yesod.group(1) or "")
    return _env_name_in_accessor(v, line)


def _stand_in_default(default: str) -> bool:
    """A variable's default that is no credential: none, or words (a development stand-in), where a random one is the
    password. English letter pairs, not the vowel share alone (random lower-case letters often pass that); a default
    of four letters or fewer is a name too short to be a password (_env:PGPASS:blog)."""
    return not default or english_like(default) or (default.isalpha() and len(default) <= 4)


_ENV_MARKS = ("$", "%", "&", "env", "ENV", "Env")
_DOLLAR_PREFIXED_KEYS = ("$aact_",)  # Asaas's API keys
# A whole value that is one variable with a literal default: ${NAME:-default}, ${NAME-default}, ${NAME:=default}
_SHELL_DEFAULT = re.compile(r"^\$\{[A-Za-z_]\w*:?[-=]([^${}\s]*)\}$")


def _env_name_in_accessor(v: str, line: str) -> bool:
    # .NET's [Environment]::GetEnvironmentVariable("DB_PASSWORD", "Machine"): the second argument says which scope
    # to read, not a value
    if v in ("Machine", "User", "Process") and "EnvironmentVariable" in line:
        return True
    # The captured value is the variable's NAME inside an accessor on the line: os.getenv("DB_PASS").
    # Fixed patterns that capture the name: one compiled per value would be recompiled for every
    # candidate of a file with thousands (the re module caches only a few hundred patterns).
    if v in line and _IDENTIFIER.fullmatch(v):
        return any(m.group(1) == v for p in _ENV_NAME_ACCESSORS for m in p.finditer(line))
    return False


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SAS_MACRO_VARIABLE = re.compile(r"^&{1,2}[A-Za-z_]\w*\.?$")
_YESOD_ENV = re.compile(r"^_env:[A-Za-z_][A-Za-z0-9_]*(?::(.*))?$")


# An Erlang macro (?AMQP_PASS, ?config(db_pass)): expanded from a -define elsewhere, where the value is.
_ERLANG_MACRO = re.compile(r"^\?[A-Za-z_][A-Za-z0-9_@]*(?:\(.*\))?[}),;]*$")  # with what closes the term


@_filter("erlang_macro", "an Erlang macro (?AMQP_PASS): its -define holds the value, not this line", generic_only=True)
def is_erlang_macro(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return language == "erlang" and _ERLANG_MACRO.match(value.strip()) is not None


_ENV_NAME_ACCESSORS = (
    re.compile(_ENV_ACCESSOR + r"([A-Za-z_][A-Za-z0-9_]*)['\"]"),
    re.compile(r"process\.env\.([A-Za-z_][A-Za-z0-9_]*)\b"),
    re.compile(r"process\.env\[\s*['\"]([A-Za-z_][A-Za-z0-9_]*)['\"]"),
)


_TEMPLATES = (
    re.compile(r"\{\{[^{}]{0,200}\}\}"),  # {{ var }} (Jinja, Go, Handlebars, GitHub Actions ${{ }})
    re.compile(r"\{%[^%]{0,200}%\}"),  # {% tag %}
    re.compile(r"<%=?[^%]{0,200}%>"),  # <%= erb %>
    re.compile(r"#\{[^{}]{0,200}\}"),  # #{ruby} and Azure #{token}#
    re.compile(r"%\([A-Za-z_]\w*\)[sdr]"),  # %(name)s
    re.compile(r"\{\d{0,3}\}"),  # {0} / {}
    re.compile(r"\{[A-Za-z_][\w.]{0,60}(?:[:!][^{}]{0,20})?\}"),  # {name}, {name:>10}
    re.compile(r"\{[A-Za-z_][\w.]{0,60}[(\[][^{}]{0,80}\}"),  # f-string expressions: {make_token(seed=1)}, {values[0]}
    re.compile(r"\{[A-Za-z_][\w.]{0,60}[(\[][^{}]{0,80}$"),  # the same, cut at a quote: {planted["token"]}
    # __TOKEN__ / @VAR@ substitution markers (a name of three or more alone or twice, of four or more once inside a
    # value: @K@ and @ABC@ fall in random passwords by chance, two such markers do not)
    re.compile(r"^__[A-Z][A-Z0-9_]*__$|^@[A-Z_][A-Z0-9_]{2,}@$|@[A-Z_][A-Z0-9_]{3,}@|@[A-Z_][A-Z0-9_]{2,}@[^@]*@[A-Z_][A-Z0-9_]{2,}@"),
    re.compile(r"^\[%key:{1,2}[\w.\-]+(?:::[\w.\-]+)+%\]$"),  # [%key:common::config_flow::data::password%]: a catalogue entry's reference
    re.compile(r"^\{\$[A-Za-z_]\w{0,60}(?:\}|->|\[)"),  # PHP's interpolation in a string: {$pw}, {$this->values['pw']}
    re.compile(r"^<\?(?:php\b|=)"),  # PHP opened inside a value: '<?php print __esc(...) ?>', '<?= $pw ?>'
    # a marker a package's install script replaces with the value: dbconfig-common's _DBC_DBPASS_,
    # XXX_DIRPASSWORD_XXX (the capitals between name what goes there)
    re.compile(r"^(?:_|XXX_?)[A-Z][A-Z0-9]{2,}(?:_[A-Z0-9]+)*(?:_|_?XXX)$"),
    # an expansion that FreeRADIUS's unlang, Logstash and syslog-ng fill in: %{User-Password}, %{ldap:ldap:///…}
    re.compile(r"^%\{[A-Za-z][\w.\-]{0,60}(?:\}|:)"),
    # Phinx's (and other PHP tools') %%NAME%%, replaced from the environment when the config loads: %%PHINX_DBPASS%%
    re.compile(r"%%[A-Z][A-Z0-9_]{1,60}%%"),
)
# Substitutions of one language, read only in its files: SQL*Plus's variables (&&app_pwd., &pwd, &1), asked for
# or passed when a script runs (a single & before mixed case is a password's first character), and ColdFusion's
# #expression#, evaluated on the page (#application.dsPassword#).
_LANGUAGE_TEMPLATES = {
    "sql": re.compile(r"^&&(?:[A-Za-z_]\w{0,60}|\d{1,2})\.?$|^&(?:[a-z_][a-z0-9_]{2,60}|\d{1,2})\.?$"),
    "coldfusion": re.compile(r"^#[A-Za-z_]\w{0,60}(?:\.[A-Za-z_]\w{0,60})+#$"),
}
# A template opened in the value and closed after it on the line: the rule's match stopped at a quote
# inside the expression ("{{ lookup('env', 'X') }}" gives `{{ lookup(`).
_OPEN_TEMPLATES = (("{{", "}}"), ("{%", "%}"))


# A printf directive in a literal that the line formats with `%` or .format(): '__x__%s' % h.
_PRINTF = re.compile(r"(?<!%)%[sdrif]")
# One or more printf conversions and nothing else (%02.2hhX, %08lx%08lx, %@:%@).
_PRINTF_SPECS_ONLY = re.compile(r"^(?:%[-+ #0]*\d*(?:\.\d+)?(?:hh|h|ll|l|q|L|z|j|t)?[diouxXeEfFgGaAcsp@][:\-/ ]?){1,8}$")


# Lower-case words and printf conversions between separators, one conversion at least after a separator: a cache or
# store key's template (pwreset:%s, otp/%s/%d, user_%d_token).
_KEY_TEMPLATE = re.compile(
    r"^[a-z][a-z0-9]*(?:[:._/-](?:[a-z][a-z0-9]*|%[sdv]))*[:._/-]%[sdv](?:[:._/-](?:[a-z][a-z0-9]*|%[sdv]))*$")


# What opens a template expression, before the name it fills in: {{ .Values.pw }}, #{token}, ${DB_PASS}, %(pw)s.
_TEMPLATE_OPENER = re.compile(r"^(?:\{\{-?|\{%-?|<%[=-]?|#\{|%\(|\{\$?|\$\{|%\{|%%|@|__)\s*")
_TEMPLATE_NAME = re.compile(r"[.$@]?([A-Za-z_][\w.\-]*)")


def _names_a_value(expression: str) -> bool:
    """The template expression names what it fills in with words ({db_password}, #{ENV}, %(token)s, @DB_PASS@)."""
    m = _TEMPLATE_NAME.match(_TEMPLATE_OPENER.sub("", expression, count=1))
    return m is not None and name_of_words(m.group(1))


def _has_template(value: str) -> bool:
    """A template pattern matches the value. In a random printable run (a generated salt) braces, percent signs and
    at signs fall together by chance ({kp}, {}, #{Yl}, @S@): there only an expression that names its value counts."""
    printable_run = None
    for p in _TEMPLATES:
        if p.search(value) is None:
            continue
        if printable_run is None:
            printable_run = random_printable_run(value)
        if not printable_run or any(_names_a_value(m.group(0)) or (m.start() == 0 and _SCHEME_TAG.match(m.group(0)))
                                    for m in p.finditer(value)):
            return True
    return False


# A scheme's tag in braces that opens the value, in one case: Spring Security's {bcrypt}, {noop}, {pbkdf2}, LDAP's
# {SSHA}. Not chance: a random draw opens with a brace, three letters of one case and a brace once in millions.
_SCHEME_TAG = re.compile(r"\{(?:[a-z][a-z0-9]{2,15}|[A-Z][A-Z0-9]{2,15})\}$")


# SAS's PROC PWENCODE output ({SAS002}<hex>): a reversible encoding SAS takes in the password's place, not a tag
_SAS_ENCODED = re.compile(r"\{(?i:sas)00[1-5]\}[A-Za-z0-9+/=]{8,}$")


@_filter("templated", "a template expression filled in at render time ({{ var }}, <%= %>, %(name)s, {0}, '…%s' % x)")
def is_templated(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if _odbc_braced_value(value, line) or _SAS_ENCODED.match(value.strip()):
        return False
    if _has_template(value):
        return True
    if _lookup_argument(value, line):
        return True
    own = _LANGUAGE_TEMPLATES.get(language or "")
    if own is not None and own.match(value.strip()):
        return True
    for opener, closer in _OPEN_TEMPLATES:
        if opener in value and closer not in value[value.rfind(opener):]:
            at = line.find(value)
            if at >= 0 and closer in line[at + len(value):]:
                if random_printable_run(value) and not _names_a_value(value[value.rfind(opener):]):
                    continue  # a chance {{ in a generated salt, and }} further on the line
                return True
    if _PRINTF_SPECS_ONLY.match(value.strip()):
        return True  # nothing but conversion specs: a format (appendFormat:@"%02.2hhX"), whatever formats it
    if not _PRINTF.search(value):
        return False
    if _KEY_TEMPLATE.match(value.strip()):
        return True  # a store's key the code fills in: pwreset:%s, session:%s:%d (a typed password is no such run)
    at = line.find(value)
    after = line[at + len(value):] if at >= 0 else ""
    return re.match(r"""["'`]\s*(?:%\s*[\w(\[]|\.format\()""", after) is not None


# A path argument of a lookup plugin inside a Jinja expression ({{ lookup('hashi_vault', 'secret=kv/data/app:pw') }},
# query('aws_secret', …)): where Ansible fetches the value at run time. (A token or a URL's password handed to the
# lookup, or a literal elsewhere in an expression, {{ 'S3cret!' | password_hash }}, is still a literal.)
_LOOKUP_CALL = re.compile(r"\b(?:lookup|query)[ \t]*\(")


def _lookup_argument(value: str, line: str) -> bool:
    # a path in the store (kv/data/app:pw), not a token or a URL's password handed to the lookup
    if "/" not in value or "@" in value or "{{" not in line:
        return False
    at = line.find(value)
    if at <= 0:
        return False
    opened = line.rfind("{{", 0, at)
    return (opened >= 0 and "}}" not in line[opened:at] and "}}" in line[at + len(value):]
            and _LOOKUP_CALL.search(line, opened, at) is not None)


# ODBC and ADO connection strings quote a value that holds ; or = in braces (Driver={ODBC Driver 18};Pwd={a;b}): a
# brace pair right after Pwd= or Password= that wraps the whole value is quoting, not a {name} placeholder.
_ODBC_PASSWORD_KEY = re.compile(r"(?i)(?:^|[;\s\"'])(?:pwd|password)[ \t]*=[ \t]*$")


def _odbc_braced_value(value: str, line: str) -> bool:
    v = value.strip()
    if not (v.startswith("{") and v.endswith("}")) or ";" not in line:
        return False
    at = line.find(v)
    # a placeholder's field stays one (String.Format("…;Password={0};"), "Pwd={db_password}")
    return at > 0 and _ODBC_PASSWORD_KEY.search(line[:at]) is not None and _FORMAT_FIELD.fullmatch(v[1:-1]) is None


_FORMAT_FIELD = re.compile(r"[A-Za-z_][A-Za-z_.]*|\d{1,2}|")


# A conversion of C's printf family, with its flags, width, precision and length: %s, %.*s, %-8lu, %p.
_C_CONVERSION = re.compile(r"(?<!%)%[-+ #0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|z|j|t|L|q)?[diouxXcspfeEgG]")
_C_FORMAT_LANGUAGES = frozenset({"c", "cpp", "objc", "java", "csharp", "go", "kotlin", "scala"})


@_filter("c_format_string", "text of a format string in C-family code that formats arguments (\"EAP %s (%d)\", "
         "\"PSK %.*s\"): a log message or a template, the values come from the arguments", generic_only=True)
def is_c_format_string(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if language not in _C_FORMAT_LANGUAGES or _C_CONVERSION.search(value) is None:
        return False
    # a message: words apart, the conversions among them; a password may hold % and a letter (ab%d+X) but no space,
    # and its letters are no words
    text = _C_CONVERSION.sub(" ", value)
    words = re.findall(r"[A-Za-z]{2,}", text)
    if " " not in value.strip() or not words or sum(map(len, words)) < 0.5 * len(text.replace(" ", "")):
        return False
    at = line.find(value)
    # inside a double-quoted literal (a format passed to printf, a logger, snprintf; maybe continued from the line
    # before): a literal of its own would be assigned, a conversion inside it fills in an argument
    return at > 0 and '"' in line[:at]


# A value encrypted by a secrets tool, in the envelope its documentation defines: only the holder of
# the tool's key (KMS, age, PGP, the encryptor password kept elsewhere) can read it, and the file is
# meant to be committed. sops: ENC[AES256_GCM,data:…,iv:…,tag:…,type:str]; Jasypt (Spring):
# ENC(<base64>); Shopify's ejson: EJ[1:<pubkey>:<nonce>:<box>]; dotenvx: encrypted:<base64>;
# Vault's transit engine: vault:v<N>:<base64>; an inline Ansible Vault: $ANSIBLE_VAULT;1.1;AES256.
_B64 = r"[A-Za-z0-9+/]"
_ENCRYPTED_ENVELOPE = re.compile(
    rf"^ENC\[AES256_GCM,data:{_B64}*={{0,2}},iv:{_B64}{{16,}}={{0,2}},tag:{_B64}{{16,}}={{0,2}},type:[a-z]{{2,8}}\]$"
    rf"|^ENC\({_B64}{{16,}}={{0,2}}\)$"
    rf"|^EJ\[1:{_B64}{{16,}}={{0,2}}:{_B64}{{16,}}={{0,2}}:{_B64}{{16,}}={{0,2}}\]$"
    # DigitalOcean App Platform's app spec: a SECRET env value once the platform encrypted it, EV[1:<nonce>:<box>]
    rf"|^EV\[1:{_B64}{{16,}}={{0,2}}:{_B64}{{16,}}={{0,2}}\]$"
    rf"|^encrypted:{_B64}{{24,}}={{0,2}}$"
    # Robot Framework's CryptoLibrary: crypt:<base64> (a sealed box to the project's key pair, 80+ characters)
    rf"|^crypt:{_B64}{{64,}}={{0,2}}$"
    rf"|^vault:v\d{{1,4}}:{_B64}{{16,}}={{0,2}}$"
    # GeoServer's encrypted passwords (a store's passwd, a user's in users.xml): crypt1: (weak PBE) or crypt2: (strong
    # PBE, under the keystore in its data directory), then the base64 ciphertext
    rf"|^crypt[12]:{_B64}{{16,}}={{0,2}}$"
    # Teams Toolkit's .env.*.user files: a SECRET_ variable's value encrypted with the machine's key, crypto_<base64>
    rf"|^crypto_{_B64}{{40,}}={{0,2}}$"
    r"|^\$ANSIBLE_VAULT;1\.[12];AES256(?:;[\w.-]+)?$"
    # hiera-eyaml (Puppet): ENC[PKCS7,<base64 CMS envelope>]; Spring Cloud Config: {cipher}<hex or base64>;
    # Maven's settings.xml password encryption and Jenkins' hudson.util.Secret: {<base64>} (Jenkins' payload
    # starts AQAAABAAAA: version 1, a 16-byte IV's length)
    rf"|^ENC\[PKCS7,{_B64}{{40,}}={{0,2}}\]$"
    rf"|^\{{cipher\}}(?:[0-9a-fA-F]{{32,}}|{_B64}{{32,}}={{0,2}})$"
    # PAN-OS keeps a configuration secret encrypted with the firewall's master key: -AQ==, the base64 SHA-1 of the
    # clear value and the base64 ciphertext
    rf"|^-AQ=={_B64}{{16,}}={{0,2}}(?:{_B64}{{8,}}={{0,2}})?$"
    # an AWS KMS ciphertext blob as `aws kms encrypt` prints it and Terraform's aws_kms_secrets reads it:
    # the blob's header (version 1, a key ARN's length and type) makes it start AQECAH / AQICAH
    rf"|^AQ[EI]CAH[g-j]{_B64}{{100,}}={{0,2}}$"
    # `openssl enc -salt -base64` and CryptoJS.AES.encrypt: "Salted__", an 8-byte salt, then whole cipher blocks
    rf"|^U2FsdGVkX1{_B64}{{33,}}={{0,2}}$"
    # IIS configuration encryption of a single attribute: [enc:IISWASOnlyCngProvider:<base64>:enc]
    rf"|^\[enc:[A-Za-z0-9]+:{_B64}{{16,}}={{0,2}}:enc\]$"
    # MuleSoft's Secure Configuration Properties: ![<base64 ciphertext>], decrypted with a key given at run time
    rf"|^!\[{_B64}{{16,}}={{0,2}}\]$"
    # Bamboo Specs' encrypted values (`bamboo.encrypt` / the Specs encryption page): BAMSCRT@0@0@<base64>
    rf"|^BAMSCRT@\d@\d@{_B64}{{16,}}={{0,2}}$"
    # TeamCity's scrambled passwords in its settings XML (buildSettings.xml, project-config.xml): zxx + hex
    r"|^zxx[0-9a-f]{16,}$"
    # Apache NiFi's sensitive properties in a flow (flow.json.gz, a registry's export): enc{<hex of IV and ciphertext>}
    r"|^enc\{[0-9A-Fa-f]{32,}\}$"
    # Talend's encrypted context values and job parameters: enc:<key name>.v<N>:<base64>
    rf"|^enc:[A-Za-z0-9_.-]+\.v\d{{1,3}}:{_B64}{{16,}}={{0,2}}$"
    # Magento 2's encrypted config values (core_config_data, env.php): <key version>:<cipher version>:<base64>
    rf"|^\d{{1,2}}:[23]:{_B64}{{24,}}={{0,2}}$"
    # Bitwarden's encrypted strings (an encrypted export, a vault's sync JSON): 2.<IV, 16 bytes>|<ciphertext>|<MAC,
    # 32 bytes>, AES-CBC under the account's or the export's key
    rf"|^2\.[A-Za-z0-9+/]{{22}}==\|{_B64}{{4,}}={{0,2}}\|[A-Za-z0-9+/]{{43}}=$"
    # PingFederate's and PingAccess's obfuscated passwords (obfuscate.sh): OBF:AES:<base64>:<40 hex>, encrypted
    # under the server's own key file; or OBF:JWE:<compact JWE>. (Jetty's OBF:<digits and letters> is only a
    # reversible scramble and stays shown.)
    rf"|^OBF:AES:{_B64}{{16,}}={{0,2}}:[0-9a-fA-F]{{40}}$"
    r"|^OBF:JWE:eyJ[A-Za-z0-9_-]{16,}(?:\.[A-Za-z0-9_-]*){4}$"
)
# A name that says the value under it is already encrypted: DB_PASSWORD_ENCRYPTED, api_key_ciphertext,
# encrypted_secret (what AWS KMS or Cloud KMS `encrypt` printed, decrypted at boot). Not "encryption":
# an encryption_key is the key itself.
_ENCRYPTED_WORDS = frozenset({"encrypted", "ciphertext", "ciphertexts", "crypted"})
_BASE64_BLOB = re.compile(r"^[A-Za-z0-9+/]{40,}={0,2}$|^[A-Za-z0-9_-]{40,}$")
_TRAVIS_SECURE = re.compile(r"""^[ \t]*(?:-[ \t]+)?secure[ \t]*:[ \t]*["']?[A-Za-z0-9+/]{40,}={0,2}["']?[ \t]*$""")


# Windows DPAPI's blob (CryptProtectData, .NET's ProtectedData, PowerShell's ConvertFrom-SecureString, NuGet's
# encrypted <add key="Password">): version 1 and the DPAPI provider's GUID df9d8cd0-1501-11d1-8c7a-00c04fc297eb open
# every blob. Only the Windows account (or machine) that protected it can open it.
_DPAPI_HEADER = bytes.fromhex("01000000d08c9ddf0115d1118c7a00c04fc297eb")
_DPAPI_BASE64 = re.compile(r"^AQAAANCMnd8BFdERjHoAwE[A-Za-z0-9+/]{40,}={0,2}$")
_DPAPI_HEX = re.compile(r"^01000000d08c9ddf0115d1118c7a00c04fc297eb(?:[0-9a-f]{2}){20,}$", re.IGNORECASE)


def _dpapi_blob(v: str) -> bool:
    """Base64 or hex that decodes to bytes opening with DPAPI's header (the text's start alone is not enough:
    the decoded header is checked)."""
    if _DPAPI_HEX.match(v):
        return bytes.fromhex(v).startswith(_DPAPI_HEADER)
    if not _DPAPI_BASE64.match(v):
        return False
    raw = b64_decode(v)
    return raw is not None and raw.startswith(_DPAPI_HEADER)


# PowerShell's ConvertFrom-SecureString -Key/-SecureKey output (AES under a key the script holds elsewhere): a fixed
# 32-hex marker, then base64 of UTF-16 text "2|<IV in base64>|<ciphertext in hex>" (so "MgB8" first). Only the key
# opens it; the key itself is what to look for.
_SECURESTRING_KEYED = re.compile(r"^76492d1116743f0423413b16050a5345(MgB8[A-Za-z0-9+/]{40,}={0,2})$")


def _securestring_with_key(v: str) -> bool:
    m = _SECURESTRING_KEYED.match(v)
    if m is None:
        return False
    raw = b64_decode(m.group(1))
    return raw is not None and raw[:3] == b"2\x00|"


# A Fernet token (Python cryptography's Fernet, Airflow's encrypted Variables and Connections, Django's
# encrypted fields): base64url of version 0x80, an 8-byte timestamp, a 16-byte IV, AES-CBC blocks and a
# 32-byte HMAC: a timestamp's high bytes are zero, so it opens with "gAAAAA" (by chance, once in 6.9e10). Only the
# Fernet key opens it.
_FERNET_TOKEN = re.compile(r"^gAAAAA[A-Za-z0-9_-]{94,}={0,2}$")


def _fernet_token(v: str) -> bool:
    if _FERNET_TOKEN.match(v) is None:
        return False
    raw = b64_decode(v, urlsafe=True)
    return raw is not None and raw[0] == 0x80 and len(raw) >= 73


# An OpenPGP message in base64 without its armour (Renovate's encrypted npmToken, git-crypt's and sops' PGP parts):
# it opens with a public-key encrypted session key packet, tag 1 in the new format (0xC1, "wcF…") or the old
# (0x84/0x85, "hI…"/"hQ…"). Only the recipient's private key opens it.
_OPENPGP_BASE64 = re.compile(r"^[wh][A-Za-z0-9+/]{100,}={0,2}$")
# where the packet's body starts after its tag and length, in the old format (a one-, two- or four-octet length)
_OLD_PKESK_BODY_AT = {0x84: 2, 0x85: 3, 0x86: 5}
_PKESK_ALGORITHMS = frozenset({1, 2, 16, 18, 22, 25})  # RSA, ElGamal, ECDH, X25519


def _openpgp_message(v: str) -> bool:
    """The packet's structure checked: version 3, an 8-byte key id, a public-key algorithm (random bytes pass all
    three about once in ten million)."""
    if _OPENPGP_BASE64.match(v) is None:
        return False
    raw = b64_decode(v) or b""
    at = _pkesk_body_at(raw)
    return at is not None and len(raw) > at + 9 and raw[at] == 3 and raw[at + 9] in _PKESK_ALGORITHMS


def _pkesk_body_at(raw: bytes) -> int | None:
    if len(raw) < 2:
        return None
    if raw[0] != 0xC1:
        return _OLD_PKESK_BODY_AT.get(raw[0])
    first = raw[1]  # the new format's length: one octet below 192, two up to 223, five after 255
    return 2 if first < 192 else 3 if first < 224 else 6 if first == 255 else None


def _braced_base64(v: str) -> bool:
    """{<base64>} with both cases and a digit: Maven's and Jenkins' encrypted form (a word in braces is a placeholder)."""
    if len(v) < 24 or v[0] != "{" or v[-1] != "}":
        return False
    body = v[1:-1].rstrip("=")
    return (len(v) - 2 - len(body) <= 2 and len(body) >= 22 and _B64_BODY.match(body) is not None
            and char_classes(body).startswith("Aa1"))


_B64_BODY = re.compile(r"^[A-Za-z0-9+/]+$")


@_filter("encrypted_value", "a value encrypted by a secrets tool (sops ENC[AES256_GCM,…], Jasypt ENC(…), ejson EJ[1:…], "
         "Vault transit vault:v1:…, NiFi enc{…}, Talend enc:<key>.v1:…, Robot Framework CryptoLibrary crypt:…, GeoServer crypt1:…, hiera-eyaml, Spring {cipher}, Maven/Jenkins {…}, OpenSSL's Salted__, a Windows "
         "DPAPI blob (NuGet's encrypted Password, ConvertFrom-SecureString) or a SecureString under a key (-Key's 76492d… form), a Fernet token (Airflow's encrypted Variables), an OpenPGP message (Renovate's encrypted), Rails' MessageEncryptor data--iv--tag, Laravel's Crypt payload, an element marked encrypted=\"true\", PAN-OS's -AQ==…, a KMS "
         "ciphertext under an *_encrypted name): only its key can open it",
         generic_only=True)
def is_encrypted_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if _ENCRYPTED_ENVELOPE.match(v) or _braced_base64(v) or _dpapi_blob(v) or _securestring_with_key(v) or _fernet_token(v) \
            or _openpgp_message(v):
        return True
    if "--" in v and _RAILS_ENCRYPTED_MESSAGE.match(v):
        return True
    if v.startswith("eyJpdiI6") and _laravel_payload(v):
        return True
    if "ncrypted=" in line and _ENCRYPTED_ELEMENT.search(line[:max(0, line.find(v))]):
        return True
    if not _BASE64_BLOB.match(v):
        return False
    # Travis CI's `travis encrypt` output: the value under `secure:` is ciphertext for the repository's key
    return any(w in _ENCRYPTED_WORDS for w in key_words(key_name)) or _TRAVIS_SECURE.match(line) is not None


# An element whose tag says its text is encrypted (GoAnywhere's <password encrypted="true">, other exports'
# encrypted='yes'), the value its text.
_ENCRYPTED_ELEMENT = re.compile(r"""<[\w:.-]+[^<>]*\b[Ee]ncrypted=["'](?:true|yes|1)["'][^<>]*>$""")


# Laravel's Encrypter (Crypt::encrypt, encrypted casts, encrypted .env files): base64 of the JSON
# {"iv": …, "value": …, "mac": …, "tag": …}, whose value is the ciphertext ("eyJpdiI6" is `{"iv":` in base64).
def _laravel_payload(v: str) -> bool:
    data = json_object(b64_decode(v))
    return data is not None and isinstance(data.get("iv"), str) and isinstance(data.get("value"), str) and (
        isinstance(data.get("mac"), str) or isinstance(data.get("tag"), str))


# Rails' ActiveSupport::MessageEncryptor (encrypts, attr_encrypted, credentials' values): base64 ciphertext, "--", the
# IV and "--" the auth tag, both in base64 (12 and 16 bytes with AES-256-GCM; 16 and 16 as some writers pad them).
_RAILS_ENCRYPTED_MESSAGE = re.compile(r"^[A-Za-z0-9+/]{4,}={0,2}--[A-Za-z0-9+/]{16,22}={0,2}--[A-Za-z0-9+/]{22}==$")


# Bitnami sealed-secrets: each entry of a SealedSecret's encryptedData is base64 of a 2-byte length, the session
# key encrypted to the controller's RSA key and the AES-GCM ciphertext, so it opens with "Ag" (a 4096-bit key's
# 512 bytes) or "AQ" (2048-bit) and runs to hundreds of characters. Only the controller in the cluster decrypts it.
_SEALED_ENTRY = re.compile(r"^A[gQ][A-Za-z0-9+/]{98,}={0,2}$")


@_filter("sealed_secret_ciphertext", "an entry of a SealedSecret's encryptedData (sealed-secrets): encrypted to the "
         "cluster's controller, which alone can open it", generic_only=True, surroundings=True, needs_in_value="A")
def is_sealed_secret_ciphertext(value: str, line: str, key_name: str | None, language: str | None,
                                around: Surroundings) -> bool:
    if _SEALED_ENTRY.match(value.strip()) is None:
        return False
    if "sealed" in key_words(key_name):
        return True  # a chart's value that a SealedSecret template takes (sealedToken, sealed_password)
    # (a SealedSecret of many entries puts its header further away than the lines read around a value; a JSON
    # patch or manifest quotes the field's name, `kubectl patch sealedsecret …` names the kind in lower case)
    return any("encryptedData" in other or "kind: SealedSecret" in other for other in around.lines) or (
        "kind: SealedSecret" in around.text) or "sealedsecret" in line.lower()


# Salesforce Data Loader's process-conf.xml keeps sfdc.password as the hex that `encrypt.sh -e` prints (AES, whole
# 16-byte blocks), and names the key file it was encrypted with in the same file (process.encryptionKeyFile); other
# tools that encrypt a config value with a key file say so the same way.
_KEY_FILE_SETTING = re.compile(r"(?i)encryption[._-]?key[._-]?file")
_HEX_BLOCKS = re.compile(r"^(?:[0-9a-f]{32}){2,}$|^(?:[0-9A-F]{32}){2,}$")


@_filter("encrypted_with_a_key_file", "hex of whole cipher blocks under a password's name in a file that names the "
         "key file it is encrypted with (Salesforce Data Loader's process.encryptionKeyFile)", generic_only=True,
         surroundings=True, needs_key_name=True)
def is_encrypted_with_a_key_file(value: str, line: str, key_name: str | None, language: str | None,
                                 around: Surroundings) -> bool:
    return (_HEX_BLOCKS.match(value.strip()) is not None and names_password(key_words(key_name))
            and _KEY_FILE_SETTING.search(around.text) is not None)


# Helm charts' convention for using a Secret made elsewhere: existingSecret (auth.existingSecret,
# existingPasswordSecret) holds the NAME of a Kubernetes Secret, a DNS-1123 name of words.
_DNS1123_NAME = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$")


@_filter("existing_secret_name", "the name of an existing Kubernetes Secret (Helm's existingSecret: my-db-credentials, "
         "a chart's {secret: gitlab-postgres, key: password} reference), not its contents", generic_only=True,
         needs_key_name=True, surroundings=True)
def is_existing_secret_name(value: str, line: str, key_name: str | None, language: str | None,
                            around: Surroundings = Surroundings()) -> bool:
    # the last part of a dotted Helm path counts (externalDatabase.existingSecret, --set auth.existingSecret)
    words = key_words(key_name)
    v = value.strip()
    if _names_secret_object_in_yaml(words, v, language):
        return True
    if words == ["secret"] and language == "yaml" and "-" in v and _object_name_of_words(v) and any(
            _SIBLING_KEY_LINE.match(other) for other in around.lines):
        return True  # GitLab's and others' charts: password: {secret: <Secret's name>, key: <key in it>}
    if words[-1:] == ["secrets"] and language == "yaml" and line.lstrip().startswith("-") and "-" in v \
            and _object_name_of_words(v):
        return True  # an item of a list of Secrets' names (Dagster's env_secrets:, a pod spec's secrets:)
    if words == ["secret", "key"] and line.lstrip().startswith("- secretKey:") and _object_name_of_words(v):
        return True  # an ExternalSecret's spec.data item: the key the Secret it makes will hold (- secretKey: username)
    if words in (["secret"], ["secret", "id"], ["secret", "name"]) and language in ("terraform", "hcl") \
            and _object_name_of_words(v) and any(_SECRET_STORE_BLOCK.match(opener)
                                                 for opener in around.enclosing(line, _HCL_BLOCK_OPENER.match)):
        return True  # a secret store's data source or resource names the secret it reads (secret = "ledger-api-key")
    at = words.index("existing") if "existing" in words else -1
    if at < 0 or at == len(words) - 1 or not names_credential(words[at + 1:]):
        return False
    if words[-1] not in _NAMES_A_SECRET_OBJECT:
        return False  # existingSecretRootPassword: a password after all, whatever the chart calls it
    return _object_name_of_words(v)


# A Terraform block that reads or makes a secret in a store: Google's Secret Manager, AWS Secrets Manager, Azure Key
# Vault, Vault's KV; its `secret`/`secret_id`/`name` is which one, the value is in the store.
_HCL_BLOCK_OPENER = re.compile(r'[ \t]*(?:data|resource)[ \t]+"')
_SECRET_STORE_BLOCK = re.compile(r'[ \t]*(?:data|resource)[ \t]+"(?:google_secret_manager_\w+|aws_secretsmanager_\w+|'
                                 r'azurerm_key_vault_secret|vault_(?:kv_secret\w*|generic_secret))"')


def _object_name_of_words(v: str) -> bool:
    """A Kubernetes object's name (DNS-1123, 253 characters at most) made of words, maybe numbered: no random runs."""
    return len(v) <= 253 and bool(_DNS1123_NAME.match(v)) and all(_NAME_PIECE.match(p) for p in re.split(r"[-.]", v))


# Helm values that name the Secret holding a key or password (git-sync's sshKeySecret: airflow-git-ssh,
# passwordSecret, tlsSecret): "<credential kind> Secret" in a YAML name, and a hyphenated name of words as the value.
# (tokenSecret is OAuth 1.0's token secret, a credential: token is not among the kinds.)
_SECRET_OBJECT_KINDS = frozenset({"key", "password", "credentials", "tls", "cert", "certificate", "auth", "license"})
# the line beside a Secret's name in a chart's reference: which key of that Secret to read
_SIBLING_KEY_LINE = re.compile(r"^[ \t]*-?[ \t]*key[ \t]*:[ \t]*[\w.-]+[ \t]*$")


def _names_secret_object_in_yaml(words: list[str], v: str, language: str | None) -> bool:
    if language != "yaml" or len(words) < 2 or words[-1] != "secret" or words[-2] not in _SECRET_OBJECT_KINDS:
        return False
    return "-" in v and _object_name_of_words(v)


# what the name ends in when it holds a Secret's name or a key inside it (existingSecret, existingPasswordSecret,
# existingSecretName, existingSecretPasswordKey, existingSecretKeyRef)
_NAMES_A_SECRET_OBJECT = frozenset({"secret", "secrets", "name", "ref", "key"})
_NAME_PIECE = re.compile(r"^[a-z]+[0-9]{0,3}$|^[0-9]{1,4}$")  # words, maybe numbered (db-v2, redis-0): no random runs


# Where a config points at a secret kept in a secret manager instead of holding it: Azure App Service's
# Key Vault reference @Microsoft.KeyVault(SecretUri=…) or (VaultName=…;SecretName=…), a Key Vault
# secret's URI, Google Secret Manager's resource name projects/<project>/secrets/<name>[/versions/<v>].
_SECRET_REFERENCE = re.compile(
    r"^@Microsoft\.KeyVault\((?:SecretUri=https://[\w.-]+/secrets/[\w-]+(?:/[0-9a-f]{32})?/?"
    r"|VaultName=[\w-]+;\s*SecretName=[\w-]+(?:;\s*SecretVersion=[0-9a-f]{32})?)\)$"
    r"|^https://[\w-]+\.vault\.(?:azure\.net|azure\.cn|usgovcloudapi\.net)/secrets/[\w-]+(?:/[0-9a-f]{32})?/?$"
    r"|^projects/[\w.:-]+/secrets/[\w-]+(?:/versions/(?:\d+|latest))?$"
    # Spinnaker's secret engines (Halyard, Kork): encrypted:<engine>!<k>:<v>!… names a bucket, file and key
    r"|^encrypted(?:File)?:[a-z][a-z0-9-]{1,30}(?:![a-z]:[^!\s]{1,200}){1,8}$"
    # TeamCity's versioned settings: a secure value kept on the server, named by a token credentialsJSON:<uuid>
    r"|^%?credentialsJSON:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}%?$"
    # wpa_supplicant's external password storage, psk=ext:<name> (NixOS's pskRaw = "ext:…" with its secretsFile)
    r"|^ext:[A-Za-z_][\w-]{0,63}$"
    # a Vault path and the key in it, as config templating tools write it: vault:kv/app#password, helm-secrets'
    # and vals' ref+vault://kv/app#/password, argocd-vault-plugin's <path:kv/data/app#password>
    r"|^vault:[\w./-]{1,200}#[\w./-]{1,100}$|^ref\+vault://[\w./-]{1,200}#/?[\w./-]{1,100}$|^<path:[\w./-]{1,200}#[\w.-]{1,100}>$"
)
# Logic Apps', Power Automate's and Data Factory's expressions: the platform puts the named parameter's value in (a rule
# may take only "@parameters(" of it, the quote ending its run)
_WORKFLOW_EXPRESSION = re.compile(r"@\{?(?:parameters|appsetting|variables)\((?:'[\w.-]{1,100}'|\\?\"[\w.-]{1,100}\\?\")\)\}?"
                                  r"|@\{?pipeline\(\)\.(?:parameters|globalParameters)\.\w{1,100}\}?")


@_filter("secret_manager_reference", "a reference to a secret kept in a secret manager (@Microsoft.KeyVault(…), "
         "projects/…/secrets/…/versions/…, a Logic Apps @parameters('…'), Spinnaker's encrypted:s3!b:…!f:…, TeamCity's credentialsJSON:<uuid>, wpa_supplicant's psk=ext:<name>, a Vault path and key (vault:kv/app#password, ref+vault://…#/key, <path:…#key>), Home Assistant's !secret name, a Vault Agent injector's secret path, systemd's LoadCredential=id:/path, gcloud's --set-secrets=ENV=name:latest and `gcloud secrets … --secret=name`, Airbyte's airbyte_workspace_<uuid>_secret_<uuid>_v1): it names where the secret is, it is not the secret", generic_only=True)
def is_secret_manager_reference(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if (key_name or "").lower().startswith(("loadcredential", "importcredential")) and _SYSTEMD_CREDENTIAL_SOURCE.match(v):
        return True  # systemd's LoadCredential=id:/path: where the unit reads the credential from
    if "agent-inject-secret-" in line and _VAULT_PATH.match(v) and _VAULT_INJECT_ANNOTATION.search(line):
        return True  # the Vault Agent injector's annotation names the path it reads the secret from
    if v.startswith("@") and (at := line.find(v)) >= 0 and _WORKFLOW_EXPRESSION.match(line, at):
        return True  # @parameters('BudgetApiPassword'): which parameter the workflow reads
    if ":" in v and "=" in v and _GCLOUD_SECRET_MAPPING.match(v):
        return True  # gcloud run/functions deploy --set-secrets=ENV=secret-name:latest,…: which Secret Manager entry
    if "gcloud" in line and _GCLOUD_SECRET_NAME_FLAG.search(line) and line.find(f"--secret={v}") >= 0:
        return True  # gcloud secrets versions access latest --secret=NAME: which Secret Manager entry to read
    if "-" in v and _name_around_ids(v):
        return True  # Airbyte's airbyte_workspace_<uuid>_secret_<uuid>_v1: a secret store's key, built of words and ids
    return bool(_SECRET_REFERENCE.match(v)) or ("!secret" in line and _yaml_secret_name(v, line))


# gcloud's secrets commands take the secret's name as --secret=NAME (versions access, versions add, add-iam-policy-binding)
_GCLOUD_SECRET_NAME_FLAG = re.compile(r"\bgcloud[ \t]+(?:beta[ \t]+)?secrets[ \t]+[\w -]{0,60}--secret=")


_LOWER_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_ID_NAME_PIECE = re.compile(r"^[a-z]+[0-9]{0,3}$")


def _name_around_ids(v: str) -> bool:
    """A key of lower-case words around UUIDs (airbyte_workspace_<uuid>_secret_<uuid>_v1): the ids say which record,
    the words what it is; two or more words of four letters or more, nothing random besides the UUIDs."""
    if not 40 <= len(v) <= 300 or not v.islower():
        return False
    if _LOWER_UUID.fullmatch(v[-36:]):
        return False  # words, then the UUID: a provider's token in its own shape (persona_production_<uuid>)
    rest, ids = _LOWER_UUID.subn("_", v)
    pieces = [p for p in re.split(r"[_.-]+", rest) if p]
    if not ids or not pieces or not all(_ID_NAME_PIECE.match(p) for p in pieces):
        return False
    words = [p for p in pieces if len(p) >= 4]
    return len(words) >= 2 and name_of_words("_".join(words))


# gcloud's --set-secrets / --update-secrets list: ENV_VAR=secret-name:version (or /mount/path=…), comma-separated
_GCLOUD_SECRET_MAPPING = re.compile(r"^(?:(?:[A-Za-z_]\w*|(?:/[\w.-]+)+)=[A-Za-z][\w-]*:(?:latest|\d{1,6})(?:,|$))+$")
_SYSTEMD_CREDENTIAL_SOURCE = re.compile(r"^[\w.@-]+:(?:/[\w.@-]+)+/?$|^[\w.@*-]+$")
_VAULT_INJECT_ANNOTATION = re.compile(r"vault\.hashicorp\.com/agent-inject-secret-[\w.-]+[\"']?[ \t]*:")
_VAULT_PATH = re.compile(r"^[\w.-]+(?:/[\w.-]+)+$")


# Home Assistant's and ESPHome's `authorization: !secret nodered_bearer`: the name of an entry in secrets.yaml
_YAML_SECRET_TAG = re.compile(r":[ \t]*!secret[ \t]+")


def _yaml_secret_name(v: str, line: str) -> bool:
    """The value is the unquoted tag and the name, or the name right after it ("!secretMaple1234" in quotes is a
    string)."""
    return any(line.startswith(v, m.end()) or line.startswith(v, m.start() + m.group(0).index("!"))
               for m in _YAML_SECRET_TAG.finditer(line))


# Shell's command substitution: NAME=`command args` runs the command and assigns what it prints. Shell allows no
# space around its `=`; Go's `token := \`…\`` and JavaScript's template literals (`key = \`…\``) are literals.
_BACKTICK_ASSIGNMENT = re.compile(r"(?:^|[\s;&|(])(?:(?:export|local|readonly|declare)[ \t]+)?[A-Za-z_][A-Za-z0-9_]*=$")
# Where backticks run a command though the `=` has spaces: mutt's `set imap_pass = \`gpg -dq …\``, and Perl's
# and Ruby's `$pass = \`cat …\`` (in Go and JavaScript backticks quote a literal).
_MUTT_SET_ASSIGNMENT = re.compile(r"^[ \t]*set[ \t]+[a-z_]+[ \t]*=[ \t]*$")
_SPACED_ASSIGNMENT = re.compile(r"(?:^|[\s;(])[$@]?[A-Za-z_][A-Za-z0-9_]*[ \t]*=[ \t]*$")
_BACKTICK_COMMAND_LANGUAGES = frozenset({"perl", "ruby"})
_COMMAND_WORD = re.compile(r"^[a-z][\w.\-]{0,40}(?:[ \t]|$)")


@_filter("shell_command_substitution", "a command in backticks assigned to a variable (esc_pass=`basename …`, "
         "MY_PWD=`pwd`, mutt's set imap_pass = `gpg -dq …`, Perl's $pw = `cat …`): what the command prints at run time, not a literal", generic_only=True)
def is_shell_command_substitution(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    # (a Makefile's recipe is shell: automake's test driver counts results with pass=`  grep … | wc -l`; the
    # rule takes the spaces after the backtick with the command)
    if language not in ("shell", "makefile", "text", None, *_BACKTICK_COMMAND_LANGUAGES) or not value \
            or _COMMAND_WORD.match(value.lstrip()) is None:
        return False
    assignment = _SPACED_ASSIGNMENT if language in _BACKTICK_COMMAND_LANGUAGES else _BACKTICK_ASSIGNMENT
    at = line.find(value)
    while at >= 0:
        if at > 0 and line[at - 1] == "`" and (assignment.search(line[:at - 1]) is not None
                                              or _MUTT_SET_ASSIGNMENT.match(line[:at - 1]) is not None):
            return True
        at = line.find(value, at + 1)
    return False


# Variables interpolated into a double-quoted string (shell, Perl, PHP): "$USER:$PSWD", "$CONFDIR/munin.pem".
# A variable's name as people write it: CAPS_WITH_UNDERSCORES, lower_case, or Package::Qualified::NAME (Perl).
# A hash's or an array's element too ("$Global{'bindpw'}", "$opts[1]"): any name, since the subscript follows it.
_INTERPOLATED_VARIABLE = re.compile(r"\$\{?(?:[A-Z_][A-Z0-9_]*|[a-z_][a-z0-9_]*|[A-Za-z_]\w*(?:::\w+)+)\}?(?![A-Za-z0-9])"
                                    r"|\$[A-Za-z_]\w*(?=[{\[])")
_INTERPOLATING_LANGUAGES = frozenset({"shell", "perl", "php", "text"})
_MOST_LITERAL_CHARACTERS = 3


@_filter("interpolated_variables", "a double-quoted string made of interpolated variables (\"$SST_USER:$SST_PSWD\", "
         "\"$CONFDIR/tls.pem\"): the variables hold the values, the string holds none", generic_only=True)
def is_interpolated_variables(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    if language not in _INTERPOLATING_LANGUAGES or "$" not in v or len(v) > 200:
        return False
    at = line.find(v)
    if at > 0 and line[at - 1] == "'":
        return False  # single quotes interpolate nothing: '$ecr3t' is a literal
    if "$" not in v[:3]:
        return False  # the string opens with a variable (or a short option before one: -u$USER)
    rest = _INTERPOLATED_VARIABLE.sub(" ", v)
    if rest == v:
        return False
    literal = sum(c.isalnum() for c in rest)
    return literal <= _MOST_LITERAL_CHARACTERS or _file_path(rest.strip())


# A variable interpolated into a literal where the language interpolates double-quoted strings (shell and heredocs,
# Perl, PHP, Kotlin, Groovy, Dart, PowerShell): "jwt-$JWT_SUFFIX", "key-$keyId-$region", "m-$(hostname)". Part of the value is
# computed when the code runs, so the literal is a template, not the credential. Single quotes interpolate nothing
# in shell, Perl and PHP ('Pa$sw0rd' is a literal), nor does Python or JavaScript.
# A command's output or an expression ($(openssl rand -hex 8), ${env.X}) anywhere; a variable named as code names
# things (CAPS_SNAKE, camelCase, snake_case, Dart's _private) at the start, after a separator, or after a letter when
# its name is CAPS or camelCase ("key$BUILD_NUMBER", "sk$tenantId"). A random password's "…3$xQ7…" is no variable.
_INTERPOLATION = re.compile(r"\$\([^()\n]{1,80}\)|\$\{[^{}\n]{1,80}\}"
                            r"|(?:^|(?<=[-_./:@= ]))\$(?:[A-Z][A-Z0-9_]*[A-Z0-9](?![a-z])|_?[a-z]+(?:[A-Z][a-z]+)*(?![A-Za-z0-9])"
                            r"|_?[a-z]+(?:_[a-z0-9]+)+(?![A-Za-z0-9]))"
                            r"|(?<=[A-Za-z])\$(?:[A-Z]{2,}(?:_[A-Z0-9]+)+|[a-z]{2,}(?:[A-Z][a-z]+)+)(?![A-Za-z0-9])")
_TEMPLATE_LANGUAGES = frozenset({"shell", "bash", "dockerfile", "makefile", "perl", "php", "kotlin", "groovy", "dart",
                                 "powershell"})  # PowerShell's "…" and @"…"@ expand $var and $(…)
# Where single quotes take a string as written (Groovy's 'x' is a plain String, its "x" a GString)
_SINGLE_QUOTE_LITERAL = frozenset({"shell", "bash", "dockerfile", "makefile", "perl", "php", "groovy", "powershell"})


@_filter("interpolated_template", "a double-quoted value with a variable interpolated into it (\"jwt-$JWT_SUFFIX\", "
         "Kotlin's \"key-$keyId\", \"m-$(hostname)\") where the language interpolates: computed when the code runs",
         generic_only=True, needs_in_value="$", surroundings=True)
def is_interpolated_template(value: str, line: str, key_name: str | None, language: str | None,
                             around: Surroundings) -> bool:
    v = value.strip()
    if language not in _TEMPLATE_LANGUAGES or _INTERPOLATION.search(v) is None or len(v) > 400:
        return False
    if around.in_literal_heredoc:
        return False  # <<'EOF' or PHP's nowdoc: taken as written
    at = line.find(v)
    quote = line[at - 1] if at > 0 else ""
    if quote == "'" and language in _SINGLE_QUOTE_LITERAL:
        return False
    return not (language == "dart" and quote in ("'", '"') and at > 1 and line[at - 2] == "r")  # Dart's raw r'…'


# A shell value built of expansions alone (Debian's setup-mysql: DB_PASSWORD="$DB_PASSWORD${MATRIX:$((RANDOM%${#MATRIX})):1}"):
# the password is made at run time from variables and arithmetic; no character of it is written here.
# Innermost first: a name ($RANDOM, ${#CHARS}), then the arithmetic or the expansion that held it.
_SHELL_EXPANSION = re.compile(r"\$\{[^{}$()]*\}|\$\(\([^()$]*\)\)|\$[A-Za-z_][A-Za-z0-9_]*|\$[0-9#?$!@*]")
_SHELL_LANGUAGES = frozenset({"shell", "bash", "dockerfile", "makefile"})


@_filter("shell_expansion_value", "a shell value made of expansions alone ($PW${CHARS:$((RANDOM%${#CHARS})):1}): "
         "computed when the script runs, no literal", generic_only=True, needs_in_value="$")
def is_shell_expansion_value(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip().strip("\"'")
    if language not in _SHELL_LANGUAGES or not v.startswith("$") or len(v) > 400:
        return False
    rest, expansions = v, 0
    for _ in range(8):  # a few levels of nesting at most
        rest, n = _SHELL_EXPANSION.subn("", rest)
        expansions += n
        if not n:
            break
    return rest == "" and expansions >= 2


# An EDN reader tag where a value would be (Aero's #include, #env, #ref, #join, #profile; Integrant's #ig/ref; Duct's
# #duct/env): the configuration reads the value from a file, the environment or another key when it loads.
_EDN_READER_TAG = re.compile(r"^#(?:include|env|envf|ref|join|profile|or|long|double|keyword|boolean|user|hostname|"
                             r"merge|read-edn|rel-path|ig/ref|ig/refset|integrant/ref|duct/env|dyn/env)$")


@_filter("edn_reader_tag", "an EDN reader tag in a value's place (Aero's #include, #env, #ref): the value is read "
         "from elsewhere when the configuration loads", generic_only=True, needs_in_value="#")
def is_edn_reader_tag(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    return language == "clojure" and _EDN_READER_TAG.match(value.strip()) is not None


# Duo Authentication Proxy (and other Windows services) keep a setting encrypted with DPAPI under the setting's name and
# _protected (service_account_password_protected, skey_protected): base64 of the machine's ciphertext, which only that
# machine's account can decrypt.
_DPAPI_CIPHERTEXT = re.compile(r"^[A-Za-z0-9+/]{40,}={0,2}$")


@_filter("protected_setting_ciphertext", "a setting kept encrypted under its name and _protected (Duo Authentication "
         "Proxy's service_account_password_protected): DPAPI ciphertext only that machine decrypts", generic_only=True,
         needs_key_name=True)
def is_protected_setting_ciphertext(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    words = key_words(key_name)
    return len(words) >= 2 and words[-1] == "protected" and _DPAPI_CIPHERTEXT.match(value.strip()) is not None
