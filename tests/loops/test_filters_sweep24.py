"""Follow-ups to a sweep of 80 Debian web applications and framework add-ons (sweep 24): a schema's
type name, PHP's complex interpolation, the name of a server variable or constant where a lookup key
is expected, a CSS attribute selector, a negated expression and a dunder name. Each class has a
synthetic line written here and, in the same place, a credential that must still be shown. Values are
random (seeded)."""

from __future__ import annotations

import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import hidden, hit, not_shown, require_shown
from tests.support.tokens import random_chars

_R = random.Random(24_0412)


def _typed_password() -> str:
    """A chosen password in the shape people type: a made-up word, a sign, digits."""
    word = random_chars(_R, 1, string.ascii_uppercase) + random_chars(_R, 8, string.ascii_lowercase)
    return f"{word}#{random_chars(_R, 4, string.digits)}"


# --- a type name in a configuration schema ----------------------------------------------------------

@pytest.mark.parametrize("kind", ["object", "array", "string", "integer", "boolean", "mixed"])
def test_a_schema_type_name_is_not_a_credential(kind: str) -> None:
    assert hit("schema_type_name", kind, f"\t\t\t'PasswordConfig' => '{kind}',", "PasswordConfig", "php")


def test_a_word_that_is_no_type_name_is_weighed_and_a_schema_table_is_hidden() -> None:
    assert not hit("schema_type_name", "Objects", "'PasswordConfig' => 'Objects',", "PasswordConfig", "php")
    assert not hit("schema_type_name", "objectx", "'PasswordConfig' => 'objectx',", "PasswordConfig", "php")
    table = "\t\t'types' => [\n\t\t\t'PasswordConfig' => 'object',\n\t\t\t'AuthManagerAutoConfig' => 'object',\n\t\t],\n"
    assert not_shown(table, "includes/config-schema.php")
    require_shown(f"\t\t\t'PasswordConfig' => '{_typed_password()}',\n", "includes/config-settings.php")


# --- PHP's complex interpolation --------------------------------------------------------------------

@pytest.mark.parametrize("value", [":B:{$row->user_id}:{$row->user_password}", "{$user}:{$pass}",
                                   "{$this->cfg['password']}", "x{$a->b->c}"])
def test_a_php_interpolated_string_is_a_template(value: str) -> None:
    assert hit("php_complex_interpolation", value, f'\t$row->user_password = "{value}";', "user_password", "php")


def test_an_interpolation_beside_a_literal_password_is_weighed() -> None:
    secret = _typed_password()
    value = "{$user}:" + secret
    assert not hit("php_complex_interpolation", value, f'$auth = "{value}";', "auth", "php")
    assert not hit("php_complex_interpolation", secret, f'$password = "{secret}";', "password", "php")
    assert hidden('\t\t\t$row->user_password = ":B:{$row->user_id}:{$row->user_password}";\n', "auth/Provider.php")
    require_shown(f'\t\t\t$row->user_password = "{secret}";\n', "auth/Provider.php")


# --- the name of a server variable or constant --------------------------------------------------------

@pytest.mark.parametrize("line,key,value", [
    ("    public function __construct(string $userKey = 'SSL_CLIENT_S_DN_Email', string $credentialsKey = "
     "'SSL_CLIENT_S_DN')", "credentialsKey", "SSL_CLIENT_S_DN"),
    ("\t\t'password'    => 'FTP_PASS',", "password", "FTP_PASS"),
    ("\t\t'private_key' => 'FTP_PRIKEY',", "private_key", "FTP_PRIKEY"),
    ("    api_token = 'DEPLOY_API_TOKEN'", "api_token", "DEPLOY_API_TOKEN"),
])
def test_a_constant_or_server_variable_name_is_not_a_credential(line: str, key: str, value: str) -> None:
    assert hit("constant_name_as_value", value, line, key, "php")


def test_an_upper_case_password_not_naming_anything_is_weighed() -> None:
    secret = random_chars(_R, 6, string.ascii_uppercase) + "_" + random_chars(_R, 5, string.digits + "QXZ")
    assert not hit("constant_name_as_value", secret, f"'password' => '{secret}',", "password", "php")
    assert not hit("constant_name_as_value", "FTPPASS", "'password' => 'FTPPASS',", "password", "php")
    assert hidden("\t$credentials = array(\n\t\t'private_key' => 'FTP_PRIKEY',\n\t);\n", "wp-admin/includes/file.php")
    require_shown(f"\t$credentials = array(\n\t\t'private_key' => '{_typed_password()}',\n\t);\n",
                  "wp-admin/includes/file.php")


# --- a CSS attribute selector -------------------------------------------------------------------------

@pytest.mark.parametrize("line,value", [
    ('.request-filesystem-credentials-dialog label[for="private_key"] {', "private_key"),
    ("document.querySelector(\"input[name='password']\")", "password"),
])
def test_an_attribute_selector_names_a_field(line: str, value: str) -> None:
    assert hit("attribute_selector_value", value, line, "private_key", "css")


def test_an_assigned_key_beside_brackets_is_weighed() -> None:
    secret = _typed_password()
    line = f'config["private_key"] = "{secret}"'
    assert not hit("attribute_selector_value", secret, line, "private_key", "python")
    assert not_shown('.dialog label[for="private_key"] {\n\tdisplay: block;\n}\n', "wp-admin/css/forms.css")
    require_shown(f'config["private_key"] = "{secret}"\n', "deploy/settings.py")


# --- a negated expression and a dunder name ---------------------------------------------------------

def test_a_negated_name_is_code_and_a_quoted_one_is_weighed() -> None:
    line = '        return {command: "null", passEvent: !isHandled};'
    assert hit("negated_expression", "!isHandled", line, "passEvent", "javascript")
    assert hit("negated_expression", "!this.handled", "  passEvent: !this.handled,", "passEvent", "javascript")
    assert not hit("negated_expression", "!isHandled", 'passEvent: "!isHandled"', "passEvent", "javascript")
    assert not hit("negated_expression", "!Xk9#mQ2", "passEvent: !Xk9#mQ2", "passEvent", "javascript")
    assert not_shown(line + "\n", "ace/keybinding-vim.js")
    require_shown(f'        const opts = {{user: "admin", password: "{_typed_password()}"}};\n', "ace/keybinding-vim.js")


@pytest.mark.parametrize("value", ["__iterator__", "__proto__", "__define_getter__"])
def test_a_dunder_name_is_not_a_credential(value: str) -> None:
    assert hit("dunder_name", value, f'(state.tokens.next.value === "{value}" &&', "value", "javascript")


def test_a_password_between_underscores_is_weighed() -> None:
    secret = "__" + random_chars(_R, 9) + "__"
    assert not hit("dunder_name", secret, f'password = "{secret}"', "password", "python")
    assert not hit("dunder_name", "__Secret9__", 'password = "__Secret9__"', "password", "python")
    assert not hit("dunder_name", "__", 'password = "__"', "password", "python")


def test_a_helper_functions_name_is_not_a_credential() -> None:
    line = "\t\t\t$args['auth_callback'] = '__return_false';"
    assert hit("dunder_name", "__return_false", line, "auth_callback", "php")
    assert not hit("dunder_name", "__Return_false9", "$auth = '__Return_false9';", "auth", "php")
    assert not_shown(line + "\n", "wp-includes/meta.php")
    require_shown(f"\t\t\t$args['auth_secret'] = '{_typed_password()}';\n", "wp-includes/meta.php")


# --- a slot name with a short tag ---------------------------------------------------------------------

def test_a_private_slot_name_with_a_short_tag_is_a_storage_key() -> None:
    line = "    public function __construct(string $storageKey = '_sf2_meta', int $updateThreshold = 0)"
    assert hit("storage_key_name", "_sf2_meta", line, "storageKey", "php")
    secret = random_chars(_R, 3) + "_" + random_chars(_R, 12) + "_" + random_chars(_R, 14)
    assert not hit("storage_key_name", secret, f"$storageKey = '{secret}';", "storageKey", "php")
    assert hidden(line + "\n", "Session/Storage/MetadataBag.php")


# --- a keyboard access key, a starred marker, a phrase in a JSON list -------------------------------

@pytest.mark.parametrize("key,value", [("accessKey", "accesskey-save"), ("accessKeyModifiers", "alt-shift"),
                                       ("accesskey", "s")])
def test_an_html_access_key_is_a_shortcut(key: str, value: str) -> None:
    assert hit("keyboard_access_key", value, f"\t\t\t\t{key}: '{value}',", key, "javascript")


def test_a_cloud_access_key_is_still_shown() -> None:
    key_id = "AKIA" + random_chars(_R, 16, string.ascii_uppercase + "234567")
    secret = random_chars(_R, 40)
    assert not hit("keyboard_access_key", key_id, f"  accessKey: '{key_id}',", "accessKey", "javascript")
    assert not hit("keyboard_access_key", secret, f"  accessKeySecret: '{secret}',", "accessKeySecret", "javascript")
    assert not_shown("\t\t\t\taccessKey: 'accesskey-save',\n", "ve-mw/ui/actions/ve.ui.SaveAction.js")
    require_shown(f"\tconst client = new Client({{ accessKeySecret: '{secret}' }});\n", "ve-mw/ui/actions/upload.js")


def test_a_starred_marker_is_not_a_token() -> None:
    assert hit("starred_marker", "**unsaved**", "\t\t\t$this->token = '**unsaved**';", "token", "php")
    assert not hit("starred_marker", "**Xk9q2Lm**", "$this->token = '**Xk9q2Lm**';", "token", "php")
    assert not hit("starred_marker", "*unsaved**", "$this->token = '*unsaved**';", "token", "php")
    assert not_shown("\t\t\t$this->token = '**unsaved**';\n", "includes/user/BotPassword.php")
    require_shown(f"\t\t\t$this->token = '{random_chars(_R, 32)}';\n", "includes/user/BotPassword.php")


def test_a_keyword_phrase_in_a_package_manifest_is_not_a_setting() -> None:
    line = '    "secret-key cryptography",'
    assert hit("phrase_in_json_list", "cryptography", line, "secret-key", "json")
    assert not hit("phrase_in_json_list", "cryptography", line, "secret-key", "python")
    assert not hit("phrase_in_json_list", "Xk9", '    "secret-key Xk9#q",', "secret-key", "json")
    # twelve lower-case words alone in a list may be a wallet's seed phrase: not a keyword
    words = " ".join(random_chars(_R, 5, string.ascii_lowercase) for _ in range(12))
    assert not hit("phrase_in_json_list", words, f'    "{words}",', None, "json")
    assert not_shown('{\n  "keywords": [\n    "BLAKE2b",\n' + line + '\n    "AEAD"\n  ]\n}\n', "sodium_compat/composer.json")
    require_shown('{\n  "secret-key": "' + random_chars(_R, 12) + '#' + random_chars(_R, 4, string.digits) + '"\n}\n',
                  "sodium_compat/config.json")


def test_an_access_key_secret_in_words_is_weighed() -> None:
    assert not hit("keyboard_access_key", "blue-horse-staple", "  accessKeySecret: 'blue-horse-staple',",
                   "accessKeySecret", "javascript")
