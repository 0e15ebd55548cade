"""False alarms found by scanning AI/LLM SDKs and frameworks (their clients, tests and docs): one test
per class, on synthetic lines of that shape written here, and a realistic credential in the same
place that must still be shown. Every value is made up here (random characters from
tests/support/tokens.py, or typed words)."""

from __future__ import annotations

import random
import string

import pytest

from secretloop.loops.features import in_rust_test_module
from secretloop.loops.filters import Surroundings
from tests.loops.test_filters_db_corpus import check
from tests.loops.test_fp_corpus_classes import hidden, not_shown, require_shown
from tests.support.tokens import high_entropy, random_password

_R = random.Random(58117)
IN_TEST = Surroundings(in_test_path=True)
IN_DOCS = Surroundings(in_docs_path=True)
IN_CODE = Surroundings()
IN_DECLARATION = Surroundings(declaration=True)


def _key(length: int = 40) -> str:
    return high_entropy(seed=_R.randrange(1 << 30), length=length)


def _lower(n: int) -> str:
    return "".join(_R.choice(string.ascii_lowercase + string.digits) for _ in range(n))


# --- an API key or a token typed as a few words in a test ---------------------------------------------

@pytest.mark.parametrize("key, value", [("api_key", "fixture"), ("OPENAI_API_KEY", "sk-test"),
                                        ("auth_token", "env-key"), ("refresh_token", "old-rt"),
                                        ("access_token", "sk-ant-oat01-x"), ("access_token", "hf_oauth_123"),
                                        ("LANGSMITH_API_KEY", "lsv2_gateway"), ("X-Api-Key", "sk-caller"),
                                        ("api_key", "legacy"), ("api_key", "keyword")])
def test_worded_keys_in_tests_are_stand_ins(key: str, value: str) -> None:
    assert check("worded_key_in_example", value, f'{key}="{value}"', key, around=IN_TEST)


@pytest.mark.parametrize("key, value", [
    ("secret", "nmxios"),  # a secret, like a password, is chosen by a person
    ("access_token", "dsu-faoahoak"),  # random letters, no word
    ("password", "sk-test"),
    ("api_key", "sk-" + "a8f3k2l9q7x1m4z0"),
    ("api_key", "zqx-vbtrkwp"),
])
def test_typed_looking_credentials_are_not_worded_keys(key: str, value: str) -> None:
    assert not check("worded_key_in_example", value, f'{key}="{value}"', key, around=IN_TEST)


@pytest.mark.parametrize("key, value", [("api_key", "ctx-key"), ("IDENTITY_TOKEN", "ext-jwt"), ("api_key", "sk-123"),
                                        ("refresh_token", "rt-NEW"), ("access_token", "abc-123")])
def test_short_or_self_naming_keys_in_docs_are_stand_ins(key: str, value: str) -> None:
    assert check("worded_key_in_example", value, f'{key}: "{value}"', key, around=IN_DOCS)
    assert not check("worded_key_in_example", value, f'{key}: "{value}"', key)  # in code: kept


def test_a_single_word_key_in_code_is_not_a_stand_in() -> None:
    # Outside tests and docs only a phrase of words counts (a sentinel such as "failed-to-connect-to-db").
    assert not check("worded_key_in_example", "fixture", 'api_key = "fixture"', "api_key")
    assert check("worded_key_in_example", "failed-to-connect-to-db", 'token="failed-to-connect-to-db",', "token")


def test_worded_keys_in_tests_are_hidden() -> None:
    assert hidden('    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")\n', "tests/test_client.py")
    assert hidden('    client = Client(api_key="fixture", base_url=base_url)\n', "tests/test_client.py")
    assert hidden('    payload = {"access_token": "hf_oauth_new", "expires_in": 60}\n', "tests/test_auth.py")


def test_a_real_key_in_a_test_stays_shown() -> None:
    require_shown(f'    client = Client(api_key="{_key()}")\n', "tests/test_client.py")
    require_shown(f'    monkeypatch.setenv("OPENAI_API_KEY", "sk-{_key(48)}")\n', "tests/test_client.py")
    require_shown(f'    store.put(name, username="ci", secret="{_lower(10)}")\n', "tests/test_store.py")


# --- Rust's unit tests live in the source file, after #[cfg(test)] ---------------------------------

_RUST = """pub fn resolve(key: Option<&str>) -> Option<String> {{
    key.map(str::to_owned)
}}

#[cfg(test)]
mod tests {{
    use super::*;

    #[rstest]
    #[case::env(None, &[("VENDOR_API_KEY", "{value}")], "{value}")]
    fn resolves(#[case] param: Option<&str>) {{}}
}}
"""


def test_the_rust_test_module_starts_at_cfg_test() -> None:
    text = _RUST.format(value="sk-env")
    assert not in_rust_test_module(text, text.index("key.map"))
    assert in_rust_test_module(text, text.index("sk-env"))
    assert not in_rust_test_module("fn main() {}\n// #[cfg(test)] is mentioned here only\n", 30)


def test_stand_ins_in_a_rust_test_module_are_hidden() -> None:
    assert hidden(_RUST.format(value="sk-env"), "crates/llms/src/vendor/auth.rs")


def test_a_real_key_in_a_rust_test_module_stays_shown() -> None:
    require_shown(_RUST.format(value="sk-" + _key(48)), "crates/llms/src/vendor/auth.rs")


# --- an HTTP header's name where the key goes ---------------------------------------------------------

@pytest.mark.parametrize("value", ["x-goog-api-key", "Ocp-Apim-Subscription-Key", "Authorization", "X-Api-Key",
                                   "x-vendor-api-key", "api-key"])
def test_header_names_are_no_credentials(value: str) -> None:
    assert check("http_header_name", value, f'AUTH_HEADER = "{value}"', "AUTH_HEADER")


@pytest.mark.parametrize("value", ["x-" + "k7Qz9wLp", "correct-horse-battery", "Xq7v-Lp2k-Key9", _key(24)])
def test_other_values_are_no_header_names(value: str) -> None:
    assert not check("http_header_name", value, f'api_key = "{value}"', "api_key")


def test_header_names_in_code_are_hidden() -> None:
    assert hidden('google_ai_studio_authorization = "x-goog-api-key"\n', "pkg/auth/headers.py")
    assert hidden('openai_authorization = "Authorization"\n', "pkg/auth/headers.py")


def test_a_key_beside_header_names_stays_shown() -> None:
    require_shown(f'vendor_api_key = "{_key()}"\n', "pkg/auth/headers.py")


# --- a language model's text tokens and their counts ------------------------------------------------------

@pytest.mark.parametrize("key, value", [("bos_token", "<|begin_of_text|>"), ("eos_token", "</s>"),
                                        ("TOKEN_COUNTING_BETA", "token-counting-2025-01-01"),
                                        ("completion_tokens", "UInt32"), ("cache_read_tokens", "UInt64"),
                                        ("chat_template_tokens", "<|assistant|>")])
def test_text_tokens_are_no_credentials(key: str, value: str) -> None:
    assert check("text_token", value, f'{key} = "{value}"', key)


@pytest.mark.parametrize("key", ["read_token", "cache_token", "max_token_secret", "session_token"])
def test_credentials_named_near_token_words_are_kept(key: str) -> None:
    assert not check("text_token", _key(), f'{key} = "x"', key)


def test_text_tokens_are_hidden() -> None:
    assert hidden('    "bos_token": "<|begin_of_text|>",\n', "pkg/constants.py")
    assert not_shown("    completion_tokens     UInt32,\n", "migrations/0006_spend_logs.sql")


def test_a_token_beside_text_tokens_stays_shown() -> None:
    require_shown(f'    "hub_token": "{_key()}",\n', "pkg/constants.py")


# --- "pass" as a verb, a path's segment, a type, a standard's name -----------------------------------------

def test_pass_through_names_a_route() -> None:
    assert check("pass_through_name", "pass_through_endpoint", 'pass_through = "pass_through_endpoint"',
                 "pass_through")
    assert hidden('fields["pass_through"] = "listed"\n', "pkg/router.py")
    assert not check("pass_through_name", _key(), 'PASSTHROUGH_API_KEY = "x"', "PASSTHROUGH_API_KEY")
    require_shown(f'PASSTHROUGH_API_KEY = "{_key()}"\n', "pkg/router.py")


def test_a_path_segment_is_a_name() -> None:
    assert check("path_segment", ":AuthScheme", "    auth::AuthScheme,", "auth", "rust")
    assert not_shown("use crate::{\n    auth::AuthScheme,\n};\n", "crates/llms/src/chat.rs")
    assert not check("path_segment", ":" + _key(20), 'token: :' + "x", "token", "yaml")


@pytest.mark.parametrize("value", ["Option<&str>", "&str", "Vec<u8>", "HashMap<String, Value>", "&'static str"])
def test_types_in_annotations(value: str) -> None:
    assert check("type_in_annotation", value, f"    api_key: {value},", "api_key", "rust")


def test_types_in_annotations_are_hidden_and_values_kept() -> None:
    assert not_shown("fn build(\n    api_key: Option<&str>,\n) -> Request {\n", "crates/llms/src/chat.rs")
    assert not check("type_in_annotation", "Xq7<" + _key(12) + ">", "    api_key: x,", "api_key", "rust")
    require_shown(f'    let api_key: &str = "{_key()}";\n', "crates/llms/src/chat.rs")


def test_a_standard_names_a_protocol() -> None:
    assert check("standard_name", "rfc8693", 'token_exchange_profile: str = "rfc8693"', "token_exchange_profile")
    assert not check("standard_name", "rfc" + _key(12), 'token = "x"', "token")


# --- names in code and declarations -------------------------------------------------------------------------

def test_camel_case_names_are_no_keys() -> None:
    line = 'throw new Error("set the option, e.g. new Client({ apiKey, dangerouslyAllowBrowser: true })");'
    assert check("camel_case_name_as_key", "dangerouslyAllowBrowser", line, "apiKey", "typescript")
    assert not check("camel_case_name_as_key", "xqTrwPlkZvbn", line, "apiKey", "typescript")
    assert not check("camel_case_name_as_key", "correctHorseBattery", 'password = "correctHorseBattery"',
                     "password")


def test_a_type_name_in_a_declaration_file() -> None:
    line = "    secret_access_key: VendorSandboxMountStaticAuthConfigs.SecretAccessKey;"
    value = "VendorSandboxMountStaticAuthConfigs12345"[:40]
    assert check("type_name_in_declaration", value, line.replace("VendorSandboxMountStaticAuthConfigs", value),
                 "secret_access_key", "typescript", IN_DECLARATION)
    # quoted, in a comment or outside a declaration file: kept
    assert not check("type_name_in_declaration", value, f'    secret_access_key: "{value}";', "secret_access_key",
                     "typescript", IN_DECLARATION)
    assert not check("type_name_in_declaration", value, line, "secret_access_key", "typescript",
                     Surroundings(declaration=True, in_comment=True))
    assert not check("type_name_in_declaration", value, line, "secret_access_key", "typescript", IN_CODE)


def test_string_annotations_of_parameters() -> None:
    assert hidden('def _replay(auth: "OneLogin_Saml2_Auth") -> int:\n', "pkg/sso/saml.py")
    assert hidden('async def f(\n    auth: "OneLogin_Saml2_Auth",\n) -> None:\n', "pkg/sso/saml.py")
    # a dict keyed by a variable holds values
    require_shown(f'headers = {{auth: "{_key()}", "x": 1}}\n', "pkg/sso/saml.py")


def test_a_value_named_as_an_example() -> None:
    hexkey = "".join(_R.choice("0123456789abcdef") for _ in range(64))
    line = f'    description="Hashed keys are stored. Example api_key=\'{hexkey}\'",'
    assert check("named_example_value", hexkey, line, "api_key")
    assert hidden(line + "\n", "pkg/proxy/endpoints.py")
    require_shown(f"    api_key='{hexkey}'\n", "pkg/proxy/endpoints.py")


def test_a_constant_naming_a_key_without_its_last_word() -> None:
    assert check("same_as_key_name", "_provider_marker", '_PROVIDER_MARKER_KEY: Final = "_provider_marker"',
                 "_PROVIDER_MARKER_KEY")
    assert hidden('_SESSION_TOKEN_FIELD_KEY: Final = "_session_token_field"\n', "pkg/rewriter.py")
    require_shown(f'PROVIDER_SIGNING_KEY = "{random_password(seed=_R.randrange(1 << 30), length=24)}"\n',
                  "pkg/rewriter.py")
