"""False alarms that real code without secrets raises (a web framework's tests and docs, a
compiler's type declarations and message catalogues): each filter or judge signal that settles
one kind, on synthetic lines of that shape, and the real-looking values it must leave alone."""

from __future__ import annotations

import pytest

from secretloop.loops.filters import FILTERS_BY_NAME, english_like, run_filters
from secretloop.loops.judges import offline_model
from secretloop.loops.judges.base import JudgeRequest
from secretloop.loops.judges.offline import features_of, probability
from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.scanner import Scanner
from tests.support.tokens import high_entropy

CATALOGUE = load_catalogue()
SCANNER = Scanner(CATALOGUE)


def hit(name: str, value: str, line: str, key: str | None, language: str | None = "python") -> bool:
    return FILTERS_BY_NAME[name].check(value, line, key, language)


# --- stored password hashes ---------------------------------------------------------------------

@pytest.mark.parametrize("value", [
    "md5$", "sha1$$", "bcrypt$$", "crypt$$", "unsalted_md5$",
    "pbkdf2_sha256$720000$" + high_entropy(seed=1, length=22) + "$" + high_entropy(seed=2, length=43) + "=",
    "argon2$argon2id$v=19$m=102400,t=2,p=8$" + high_entropy(seed=3, length=22),
])
def test_framework_password_hashes_are_digests(value: str) -> None:
    assert hit("hash_or_digest", value, f'password = "{value}"', "password")


@pytest.mark.parametrize("value", ["md5pass", "sha1-" + high_entropy(seed=4, length=12), "crypto$" + high_entropy(seed=5, length=12)])
def test_hash_format_needs_a_known_algorithm_and_its_separator(value: str) -> None:
    assert not hit("hash_or_digest", value, f'password = "{value}"', "password")


# --- dotted names with digits -------------------------------------------------------------------

@pytest.mark.parametrize("value", ["myapp.hashers.SHA1PasswordHasher", "shop_tests.CustomerWithM2M", "core.models.User2"])
def test_dotted_names_may_hold_digits_inside_words(value: str) -> None:
    assert "dotted_name" in run_filters(value, f'X = ["{value}"]', "PASSWORD_HASHERS", language="python")


@pytest.mark.parametrize("value", ["Winter.Night2023", "kQ9.xZ4", "a8F3.kLq92mZxR4"])
def test_dotted_name_leaves_typed_and_random_values(value: str) -> None:
    assert "dotted_name" not in run_filters(value, f'k = "{value}"', "password", language="python")


# --- names that describe code or a template, not a credential ---------------------------------

@pytest.mark.parametrize("key", ["AUTH_USER_MODEL", "PASSWORD_HASHERS", "password_reset_template", "token_backend",
                                 "password_reset_link"])
def test_settings_that_name_code_describe_a_credential(key: str) -> None:
    assert hit("describing_key_name", "anything", f'{key} = "anything"', key)


def test_a_template_path_is_a_file_path() -> None:
    v = "registration/password_reset_form.html"
    assert hit("file_path_or_url_without_credentials", v, f'template = "{v}"', "password_template")


@pytest.mark.parametrize("value,hits", [("_session_user_hash", True), ("_xq_zvk", False), ("_k9x_2mq", False)])
def test_private_snake_case_names(value: str, hits: bool) -> None:
    assert hit("snake_case_slug", value, f'SESSION_KEY = "{value}"', "SESSION_KEY") is hits


# --- string-literal union types -----------------------------------------------------------------

@pytest.mark.parametrize("value", ["allow", "deny", "same-site"])
def test_members_of_a_literal_union_type(value: str) -> None:
    line = 'type TokenPolicy = "allow" | "deny" | "same-site";'
    assert hit("literal_type_union", value, line, "TokenPolicy", "typescript")
    assert hit("literal_type_union", value, "  credentials?: 'allow' | 'deny' | 'same-site';", "credentials", "typescript")


def test_literal_union_needs_typescript_and_a_bar() -> None:
    assert not hit("literal_type_union", "allow", 'token = "allow" || "deny"', "token", "python")
    assert not hit("literal_type_union", "allow", 'const token = "allow";', "token", "typescript")


# --- two string arguments after a bare word -----------------------------------------------------

@pytest.mark.parametrize("line,value,key", [
    ('    ("auth", "0003_add_index"),', "0003_add_index", "auth"),
    ('Group = registry.get_model("auth", "Group")', "Group", "auth"),
    ('assert user.has_perm("auth.view_group", "record")', "record", "auth.view_group"),
    ('hasher.check("password", "stored")', "stored", "password"),
])
def test_argument_pairs_are_not_name_and_credential(line: str, value: str, key: str) -> None:
    assert hit("argument_pair", value, line, key)


@pytest.mark.parametrize("line,value,key", [
    ('os.environ.setdefault("password", "Kq8vLm2x")', "Kq8vLm2x", "password"),
    ('config.get("password", "Kq8vLm2x")', "Kq8vLm2x", "password"),
    ('form = [("user", "ci"), ("password", "Kq8vLm2x")]', "Kq8vLm2x", "password"),
    ('System.setProperty("DEPLOY_TOKEN", "Zx81kQm2vLp93Rt4bN")', "Zx81kQm2vLp93Rt4bN", "DEPLOY_TOKEN"),
    ('headers.put("auth", "Kq8vLm2xZx81kQm2")', "Kq8vLm2xZx81kQm2", "auth"),
])
def test_argument_pair_keeps_setters_lists_and_named_credentials(line: str, value: str, key: str) -> None:
    assert not hit("argument_pair", value, line, key)


# --- prose and placeholders ---------------------------------------------------------------------

@pytest.mark.parametrize("value", ["설정 ", "模組", "完了しました"])
def test_short_runs_of_non_latin_letters_are_natural_language(value: str) -> None:
    assert hit("natural_language", value, f'"x": "{value}"', "x")


@pytest.mark.parametrize("value", ["bar:baz", "foo-bar", "spam", "invalid", "wrong"])
def test_metasyntactic_and_failing_values_are_placeholders(value: str) -> None:
    assert hit("placeholder", value, f'password = "{value}"', "password")


@pytest.mark.parametrize("value,key", [("cmd_password", "password"), ("adminToken", "token")])
def test_a_value_that_is_its_name_with_a_word_before_it(value: str, key: str) -> None:
    assert hit("same_as_key_name", value, f'{key} = "{value}"', key)


def test_same_as_key_name_leaves_other_values() -> None:
    assert not hit("same_as_key_name", "Kq8vLm2x_password", 'password = "Kq8vLm2x_password"', "password")


# --- English words: a judge signal --------------------------------------------------------------

@pytest.mark.parametrize("value", ["something", "letmein", "testclient", "shouldnotchange", "admin123", "PartyTime"])
def test_english_words_read_as_english(value: str) -> None:
    assert english_like(value)


@pytest.mark.parametrize("value", ["kdxqvwzb", "Tr0ub4dor&3", high_entropy(seed=6, length=24), "abc", "日本語です"])
def test_random_letters_do_not(value: str) -> None:
    assert not english_like(value)


def test_english_is_a_signal_the_judge_weighs() -> None:
    assert not FILTERS_BY_NAME["english_value"].decisive
    assert offline_model.WEIGHTS.get("sig_english", 0.0) <= 0.0


# --- the judge reads plain text under docs/ as prose --------------------------------------------

def _request(text: str, path: str) -> JudgeRequest:
    (c,) = SCANNER.scan_text(text, 0, path)
    return JudgeRequest.from_candidate(c, CATALOGUE.get(c.rule_id).description)


def test_plain_text_in_docs_is_prose() -> None:
    docs = features_of(_request('    "PASSWORD": "Kq8vLm2x",\n', "docs/topics/databases.txt"))
    assert docs["lang_prose"] == 1.0 and docs["lang_text"] == 0.0
    plain = features_of(_request('    "PASSWORD": "Kq8vLm2x",\n', "notes/databases.txt"))
    assert plain["lang_text"] == 1.0 and plain["lang_prose"] == 0.0


def test_a_test_login_with_an_english_password_is_not_reported() -> None:
    req = _request('        self.client.login(username="reader", password="shouldnotchange")\n', "tests/test_login.py")
    assert probability(req) < offline_model.NOT_SECRET_BELOW


def test_a_random_test_password_still_is() -> None:
    req = _request(f'        self.client.login(username="reader", password="{high_entropy(seed=7, length=16)}")\n',
                   "tests/test_login.py")
    assert probability(req) >= offline_model.SECRET_AT
