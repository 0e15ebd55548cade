"""The block reader (loops/blocks.py): which blocks it opens, under which name, and which members it hands over.

The values here are made-up words, not credentials: the reader knows nothing of secrets, only of layout."""

from __future__ import annotations

import pytest

from secretloop.loops.blocks import BLOCK, MAX_BLOCK_CELLS, block_cells
from secretloop.loops.tables import column_name, table_cells


def pairs(text: str) -> list[tuple[str, str]]:
    """(block name, member value) for every cell found, read back from the offsets."""
    data = text.encode("utf-8")
    return [(data[c.name_start : c.name_end].decode(), data[c.start : c.end].decode()) for c in block_cells(data)]


# -- bracket blocks -------------------------------------------------------------------------------

@pytest.mark.parametrize("text, name", [
    ('API_KEYS = {\n    "prod": "alpha",\n    "staging": "beta",\n}\n', "API_KEYS"),  # Python, Ruby
    ("const apiKeys = {\n  prod: 'alpha',\n  staging: 'beta',\n};\n", "apiKeys"),  # JS
    ('export const secrets: Record<string, string> = {\n  prod: "alpha",\n  dev: "beta",\n};\n', "secrets"),  # TS
    ('var apiTokens = map[string]string{\n\t"eu": "alpha",\n\t"us": "beta",\n}\n', "apiTokens"),  # Go
    ("$passwords = [\n    'admin' => 'alpha',\n    'ops' => 'beta',\n];\n", "passwords"),  # PHP
    ('local api_keys = {\n  prod = "alpha",\n  ["dev"] = "beta",\n}\n', "api_keys"),  # Lua
    ('@api_keys %{prod: "alpha", dev: "beta"}\n', "api_keys"),  # Elixir
    ('API_KEYS = dict(prod="alpha", dev="beta")\n', "API_KEYS"),  # Python keywords
    ('{"apiKeys": {"prod": "alpha", "dev": "beta"}}\n', "apiKeys"),  # JSON on one line
    ('API_KEYS = {\n  production: "alpha",\n  staging: "beta"\n}.freeze\n', "API_KEYS"),  # Ruby symbols
])
def test_a_map_named_for_credentials_hands_over_each_members_value(text: str, name: str) -> None:
    assert pairs(text) == [(name, "alpha"), (name, "beta")]


@pytest.mark.parametrize("text, name", [
    ('export enum Secrets {\n  Prod = "alpha",\n  Dev = "beta",\n}\n', "Secrets"),  # TypeScript
    ('enum ApiKeys: String {\n    case prod = "alpha"\n    case dev = "beta"\n}\n', "ApiKeys"),  # Swift
    ('enum Secrets {\n    PROD("alpha"),\n    DEV("beta", 2);\n}\n', "Secrets"),  # Java enum constants
    ('public static class Secrets {\n    public const string Prod = "alpha";\n    public const string Dev = "beta";\n}\n',
     "Secrets"),  # C#
    ('class Tokens:\n    PROD = "alpha"\n    DEV: str = "beta"\n\n\nother = "gamma"\n', "Tokens"),  # Python class body
])
def test_an_enum_or_a_class_of_constants_named_for_credentials(text: str, name: str) -> None:
    assert pairs(text) == [(name, "alpha"), (name, "beta")]


@pytest.mark.parametrize("text", [
    'var apiKey: String {\n    switch self {\n    case .prod: return "alpha"\n    case .staging, .dev: return "beta"\n    }\n}\n',
    'val apiKey: String\n    get() = when (env) {\n        Env.PROD -> "alpha"\n        Env.DEV -> "beta"\n    }\n',
    'val apiKey = when (BuildConfig.FLAVOR) {\n    "prod" -> "alpha"\n    else -> "beta"\n}\n',
    'String apiKey = switch (env) {\n    case PROD -> "alpha";\n    default -> "beta";\n};\n',
])
def test_a_value_switched_over_the_environment(text: str) -> None:
    assert pairs(text) == [("apiKey", "alpha"), ("apiKey", "beta")]


@pytest.mark.parametrize("text, name", [
    ('class Secrets(str, Enum):\n    PROD = "alpha"\n    DEV = "beta"\n', "Secrets"),  # Python, with bases
    ('class ApiKeys < Base\n  PROD = "alpha"\n  DEV = "beta"\nend\n', "ApiKeys"),  # Ruby, with a superclass
    ('public static class Secrets\n{\n    public const string Prod = "alpha";\n    public const string Dev = "beta";\n}\n',
     "Secrets"),  # C#, the brace on its own line
    ('static readonly Dictionary<string, string> ApiKeys = new()\n{\n    ["prod"] = "alpha",\n    ["dev"] = "beta",\n};\n',
     "ApiKeys"),
    ('export const apiTokens: string[] = [\n  "alpha",\n  "beta",\n];\n', "apiTokens"),  # the type's [] is no block
    ('val apiKeys = Map(\n  "prod" -> "alpha",\n  "dev" -> "beta"\n)\n', "apiKeys"),  # Scala
])
def test_headers_with_bases_braces_on_their_own_line_types_and_constructors(text: str, name: str) -> None:
    assert pairs(text) == [(name, "alpha"), (name, "beta")]


@pytest.mark.parametrize("text", [
    'var apiKey: String {\n    switch self {\n    case .prod:\n        return "alpha"\n    case .dev:\n        return "beta"\n    }\n}\n',
    'func apiKey(for env: Env) -> String {\n    switch env {\n    case .prod: return "alpha"\n    default: return "beta"\n    }\n}\n',
    'function apiKey(env) {\n  switch (env) {\n    case "prod":\n      return "alpha";\n    default:\n      return "beta";\n  }\n}\n',
    'func apiKey(env string) string {\n\tswitch env {\n\tcase "prod":\n\t\treturn "alpha"\n\tdefault:\n\t\treturn "beta"\n\t}\n}\n',
    'def apiKey(env: String): String = env match {\n  case "prod" => "alpha"\n  case _ => "beta"\n}\n',
    "fn apiKey(env: &str) -> &'static str {\n    match env {\n        \"prod\" => \"alpha\",\n        _ => \"beta\",\n    }\n}\n",
])
def test_a_switch_whose_cases_return_on_the_next_line_or_inside_a_function(text: str) -> None:
    assert pairs(text) == [("apiKey", "alpha"), ("apiKey", "beta")]


def test_a_functions_own_statements_are_not_members() -> None:
    assert pairs('function apiKey(env) {\n  const url = "alpha";\n  const prod = "beta";\n  return fetch(url);\n}\n') == []


def test_a_key_management_services_path_names_a_place_not_a_key() -> None:
    text = 'ENCRYPTION_KEYS = {\n  "prod": "projects/acme/locations/global/keyRings/app/cryptoKeys/prod",\n  "dev": "alpha",\n}\n'
    assert pairs(text) == [("ENCRYPTION_KEYS", "alpha")]


@pytest.mark.parametrize("text, name", [
    ('API_KEYS = ["alpha", "beta"]\n', "API_KEYS"),
    ('SIGNING_KEYS = [\n    "alpha",  # rotated in May\n    "beta",\n]\n', "SIGNING_KEYS"),
    ('var apiTokens = []string{"alpha", "beta"}\n', "apiTokens"),  # Go
    ('static final String[] API_KEYS = {"alpha", "beta"};\n', "API_KEYS"),  # Java
    ("api_tokens:\n  - alpha\n  - 'beta'\nnext: gamma\n", "api_tokens"),  # YAML, indented
    ("api_tokens:\n- alpha\n- beta\nnext:\n- gamma\n", "api_tokens"),  # YAML, at the key's indentation
])
def test_a_list_under_a_credentials_name_hands_over_each_item(text: str, name: str) -> None:
    assert pairs(text) == [(name, "alpha"), (name, "beta")]


def test_a_sequence_of_mappings_is_read_by_its_members_not_as_items() -> None:
    assert pairs("api_tokens:\n  - prod: alpha\n    url: gamma\n  - dev: beta\n") == [("api_tokens", "alpha"), ("api_tokens", "beta")]


@pytest.mark.parametrize("text", [
    '{"credentials": {\n  "staging": {"api": "alpha", "url": "gamma"},\n  "prod": {\n    "api": "beta",\n    "deep": {"x": "delta"}\n  }\n}}\n',
    "credentials:\n  staging:\n    api: alpha\n    url: gamma\n  prod:\n    api: beta\n    deep:\n      x: delta\n",
    'const credentials = {\n  staging: { api: "alpha" },\n  prod: { api: "beta" },\n  endpoint: { api: "gamma" },\n};\n',
])
def test_one_more_level_under_a_member_named_by_where_it_is_used(text: str) -> None:
    # credentials → staging → api: the environment holds the values; a third level and an endpoint do not
    assert pairs(text) == [("credentials", "alpha"), ("credentials", "beta")]


def test_objects_in_a_list_are_not_members_and_the_block_ends_at_its_bracket() -> None:
    # a JWKS entry's `n` is part of a public key, not a key of the "keys" block
    assert pairs('{"keys": [{"kty": "RSA", "n": "alpha", "e": "AQAB"}]}\n') == []
    text = 'SECRET_KEYS = {\n  "prod": "alpha",\n  "nested": {"x": "gamma"},\n  "dev": "beta",\n}\nafter = "delta"\n'
    # a member named by where it is used holds its values one level down (see below)
    assert pairs(text) == [("SECRET_KEYS", "alpha"), ("SECRET_KEYS", "gamma"), ("SECRET_KEYS", "beta")]


@pytest.mark.parametrize("text, name", [
    ('var apiKeys = new Dictionary<string, string>\n{\n    { "prod", "alpha" },\n    { "dev", "beta" },\n};\n', "apiKeys"),  # C#
    ('pub const API_KEYS: &[(&str, &str)] = &[\n    ("prod", "alpha"),\n    ("dev", "beta"),\n];\n', "API_KEYS"),  # Rust
    ('var apiTokens = []struct {\n\tenv   string\n\ttoken string\n}{\n\t{"prod", "alpha"},\n\t{"dev", "beta"},\n}\n',
     "apiTokens"),  # Go, a slice of anonymous structs
    ('API_KEYS = [("prod", "alpha"), ("dev", "beta")]\n', "API_KEYS"),  # Python tuples
    ('const apiKeys = new Map([\n  ["prod", "alpha"],\n  ["dev", "beta"],\n]);\n', "apiKeys"),  # JS Map
    ('local api_keys = {\n  {"prod", "alpha"},\n  {"dev", "beta"},\n}\n', "api_keys"),  # Lua
])
def test_members_written_as_pairs_of_a_name_and_a_value(text: str, name: str) -> None:
    assert pairs(text) == [(name, "alpha"), (name, "beta")]


def test_a_pair_is_a_member_only_alone_and_inside_a_block_that_is_read() -> None:
    # a call's arguments, a group of three, a pair one level too deep: no member
    assert pairs('API_KEYS = [\n    make("prod", "alpha"),\n    ("dev", "x", "beta"),\n]\n') == []
    assert pairs('API_KEYS = {\n  "prod": [("a", "alpha")],\n}\n') == []
    # a pair whose name says it is something else (an endpoint) is not handed over
    assert pairs('API_KEYS = [("url", "alpha"), ("dev", "beta")]\n') == [("API_KEYS", "beta")]


def test_strings_and_comments_do_not_open_or_close_the_block() -> None:
    text = 'API_KEYS = {\n  // "x": "not a member" }\n  "prod": "al}pha",\n  "dev": "be{ta", # ok\n}\n'
    assert pairs(text) == [("API_KEYS", "al}pha"), ("API_KEYS", "be{ta")]


# -- indented blocks and sections -------------------------------------------------------------------

def test_a_yaml_mapping_and_the_level_under_its_members() -> None:
    text = "signing_keys:\n  current: alpha  # rotated in May\n  old:\n    nested: gamma\n  previous: 'beta'\nnext: delta\n"
    assert pairs(text) == [("signing_keys", "alpha"), ("signing_keys", "gamma"), ("signing_keys", "beta")]


def test_ini_and_toml_sections_up_to_the_next_section() -> None:
    text = "[passwords]\nadmin = al#pha\nops: \"beta\" ; the ops account\n\n[server]\nport = gamma\n"
    assert pairs(text) == [("passwords", "al#pha"), ("passwords", "beta")]
    assert pairs('[tool.secrets]\nprod = "alpha"\n') == [("secrets", "alpha")]


def test_yaml_aliases_tags_and_block_scalars_are_no_values() -> None:
    assert pairs("api_tokens:\n  prod: *prod_token\n  dev: !vault |\n    abc\n  ci: >\n    x\n") == []


# -- what is not a block, or not its member --------------------------------------------------------

@pytest.mark.parametrize("text", [
    'tokenTypes = {\n  "access": "alpha",\n}\n',  # the last word says types
    'passwordRules = {\n  minLength: "alpha",\n}\n',
    'keyBindings = {\n  save: "alpha",\n}\n',
    'bindKey = {\n  win: "alpha",\n}\n',  # "key" needs a word that makes it a credential's
    'KEYS = {\n  "up": "alpha",\n}\n',
    'class ForeignKey(Field):\n    description = "alpha"\n',
    'def create_token(user, secret="alpha"):\n    pass\n',  # a call's or a definition's parentheses
    'setToken("alpha")\n',
    'tokenMap(prod="alpha", dev="beta")\n',  # a call whose name ends in Map/List is no Map(…) under "token"
    'secretList(prod="alpha", dev="beta")\n',
    "endpoint = credentials['alpha'] || credentials[\"beta\"]\n",  # an index, not a list
    'PUBLIC_KEYS = ["alpha", "beta"]\n',  # what may be published
    '{ token : ["alpha", "beta"], regex : "x" }\n',  # a list under a singular name lists kinds of token
    'publishableKeys = {\n  prod: "alpha",\n}\n',
    'API_KEYS = {\n    "prod": os.environ["API_KEY_PROD"],\n    "dev": get("x") + "alpha",\n}\n',  # no literal
    '"oathauth-secret": "A label with {{braces}} and \'quotes\'",\n',
])
def test_names_and_shapes_that_make_no_block(text: str) -> None:
    assert pairs(text) == []


def test_a_member_named_for_something_else_is_not_handed_over() -> None:
    text = ('credentials = {\n  "url": "alpha",\n  "client_id": "beta",\n  "region": "gamma",\n'
            '  "integrity": "delta",\n  "prod": "epsilon",\n}\n')
    assert pairs(text) == [("credentials", "epsilon")]


def test_a_member_that_names_itself_is_left_to_the_line_rules() -> None:
    # its own name (a key of its own, a public one) says more than the block's
    text = 'enum Secrets {\n    static let stripePublishableKey = "alpha"\n    static let webhookSecret = "beta"\n' \
           '    static let prod = "gamma"\n}\n'
    assert pairs(text) == [("Secrets", "gamma")]


def test_an_encrypted_values_envelope_is_not_a_block_of_secrets() -> None:
    chef = '"api_key": {\n  "encrypted_data": "alpha",\n  "iv": "beta",\n  "auth_tag": "gamma",\n  "version": 3\n}\n'
    pulumi = '"password": {\n  "sig": "alpha",\n  "ciphertext": "v1:beta"\n}\n'
    assert pairs(chef) == [] and pairs(pulumi) == []


def test_class_bodies_take_quoted_values_only() -> None:
    assert pairs("class ApiKeys(models.Model):\n    key = models.CharField(max_length=40)\n") == []


# -- how the table rules read them ------------------------------------------------------------------

def test_block_cells_reach_the_table_reader_under_their_own_column_names() -> None:
    data = b'API_KEYS = {\n    "prod": "alpha",\n}\n'
    cells = [c for c in table_cells(data) if c.table == BLOCK]
    assert [column_name(data, c) for c in cells] == [b"block/API_KEYS"]


def test_a_huge_block_is_read_up_to_the_limit() -> None:
    rows = "".join(f'  "e{i}": "v{i}",\n' for i in range(MAX_BLOCK_CELLS + 500))
    assert len(pairs("api_tokens = {\n" + rows + "}\n")) <= MAX_BLOCK_CELLS
