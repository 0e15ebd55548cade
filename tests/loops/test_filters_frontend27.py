"""Follow-ups to a sweep of 40 front-end npm packages with their bundles (monaco-editor, echarts, ace,
mixpanel-browser, graphql-playground, …; 26,602 files): Monarch token classes, CSS colour functions,
PostCSS token kinds, GraphQL field types, and a zsh completion spec. Each class has a synthetic line
written here and, in the same place, a credential that must still be shown. Values are random (seeded).
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import pytest

from tests.loops.test_fp_corpus_classes import hidden, hit, not_shown, require_shown
from tests.support.tokens import high_entropy


@pytest.mark.parametrize("line", [
    '        "@keywords": { token: "keyword.$0" },',
    '    [/(\\@?)(@keywords)(?!\\w)/, [{ token: "keyword" }, { token: "keyword.$2" }]],',
    "           { token: ['other.typed-variable.julia', 'support.type.julia'],",
    '        currentToken = ["at-word", css.slice(pos, next + 1), pos, next];',
])
def test_syntax_token_classes_are_not_credentials(line: str) -> None:
    assert hidden(line + "\n", "dev/vs/apex.js")


def test_a_random_token_beside_a_lexer_is_still_shown() -> None:
    require_shown(f'const token = "{high_entropy(seed=2701, length=32)}";\n', "src/api.js")


def test_a_dotted_random_value_is_not_a_scope() -> None:
    value = "keyword." + high_entropy(seed=2702, length=24)
    assert not hit("lexer_token_type", value, f'token: "{value}"', "token", "javascript")


@pytest.mark.parametrize("value", ["rgba(255,231,130,0.4)", "hsl(210 40% 50% / .5)", "rgb(0, 0, 0)", "oklch(70% 0.1 250deg)"])
def test_css_colour_functions_are_colours(value: str) -> None:
    assert not_shown(f"tokens.darkColor.highlight = '{value}';\n", "lib/visual/tokens.js")
    assert hit("color_value", value, f"highlight = '{value}'", "highlight", "javascript")


def test_a_secret_that_opens_like_a_function_is_not_a_colour() -> None:
    value = "rgb(" + high_entropy(seed=2703, length=20) + ")"
    assert not hit("color_value", value, f"token = '{value}'", "token", "javascript")


def test_graphql_field_types_are_types() -> None:
    schema = "type User {\n  password: String!\n  secret: String!\n  tokens: [ID!]!\n}\n"
    assert hidden(schema, "build/hn-relay-full.graphql")


@pytest.mark.parametrize("value", ["String", "Welcome1!", "Secret!"])
def test_other_values_are_not_graphql_types(value: str) -> None:
    assert not hit("graphql_field_type", value, f"password: {value}", "password", "yaml")


def test_a_zsh_completion_spec_is_not_a_flag_value() -> None:
    assert not_shown("    '--token=[specify API token to use when authenticating]:token' \\\n", "src/etc/_cargo")
    require_shown(f"cargo publish --token={high_entropy(seed=2704, length=32)}\n", "ci/publish.sh")


@pytest.mark.parametrize("line", ['        { token: "keyword.tag-$1" }', '        "@tagwords": { token: "keyword.tag-$0" },',
                                  '        "$S2==interpolation": { token: "@brackets.interpolation", next: "@popall" }'])
def test_monarch_group_suffixes_and_bracket_references_are_token_classes(line: str) -> None:
    assert hidden(line + "\n", "esm/vs/languages/definitions/vb/vb.js")


def test_oauth_grant_type_names_are_names() -> None:
    text = ('    AUTHORIZATION_CODE_GRANT: "authorization_code",\n    CLIENT_CREDENTIALS_GRANT: "client_credentials",\n'
            '    REFRESH_TOKEN_GRANT: "refresh_token",\n')
    assert hidden(text, "lib/msal-browser.js")


def test_a_parser_comparing_its_token_with_a_keyword() -> None:
    # (from a sweep of 200 Debian ruby-* packages: pdf-reader's CMap parser, confirmed twice)
    assert hidden('        if token == "beginbfchar"\n        elsif token == "endbfrange"\n', "lib/pdf/reader/cmap.rb")
    require_shown(f'        if token == "{high_entropy(seed=2705, length=20)}"\n', "lib/auth/check.rb")
