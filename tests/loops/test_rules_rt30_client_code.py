"""Front-end and client code, which a thirtieth red-team set planted: identifiers their providers publish by design
(Supabase anon keys, Firebase web config read from VITE_FIREBASE_* variables, Plaid link and public tokens, Algolia
search-only keys, Shopify storefront tokens) stay quiet, and the server secrets beside them are found: an admin key
in a bundle (adminKey:"…"), a DefinePlugin __ALGOLIA_ADMIN_KEY__, an Algolia client whose code writes to an index,
Vercel's protection bypass secret, an Ably API key, and any secret under a framework's exposure prefix
(NEXT_PUBLIC_ALGOLIA_ADMIN_KEY): the prefix says the build ships the value, not that it is public.
Values are random, made here; assertion messages name rules and paths, never values
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows only its message)."""

from __future__ import annotations

import base64
import json
import random
import string
import time
import uuid
from pathlib import Path

import pytest

from tests.loops.test_fp_corpus_classes import not_shown
from tests.support.cli_scan import require_planted_files_shown_and_not_carried, scan_tree
from tests.support.filter_checks import check_filter
from tests.support.rule_cases import require_case_found_and_shown, rule_hits
from tests.support.tokens import random_chars

from secretloop.loops.filters import Surroundings

_R = random.Random(3030)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"
_URLSAFE = _ALNUM + "-_"


def _s(n: int, alphabet: str = _ALNUM) -> str:
    return random_chars(_R, n, alphabet)


def _hex32() -> str:
    return _s(32, _HEX)


def _app_id() -> str:
    return _s(10, string.ascii_uppercase + string.digits)


def _ably() -> str:
    return f"{_s(6)}.{_s(6, _URLSAFE)}:{_s(43, _URLSAFE)}"


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _supabase_jwt(role: str) -> str:
    now = int(time.time())
    claims = {"iss": "supabase", "ref": _s(20, string.ascii_lowercase), "role": role, "iat": now, "exp": now + 10 ** 8}
    head = _b64url(b'{"alg":"HS256","typ":"JWT"}')
    body = _b64url(json.dumps(claims, separators=(",", ":")).encode())
    return f"{head}.{body}.{_b64url(bytes(_R.randrange(256) for _ in range(32)))}"


def _fill(template: str, value: str) -> str:
    return template.replace("{v}", value)


# (rule, path, text with {v}, value maker)
CASES = [
    ("admin-key-assignment", "dist/assets/index-8c1f2a9e.js",
     'var Sa={apiBase:"/api",adminKey:"{v}",algoliaAppId:"' + _app_id() + '"};\n', _hex32),
    ("admin-key-assignment", "config/search.yml", "typesense:\n  admin_key: \"{v}\"\n", lambda: _s(40, _URLSAFE)),
    ("js-define-stringify-secret", "vite.config.ts",
     "export default defineConfig({\n  define: {\n    __ALGOLIA_ADMIN_KEY__: JSON.stringify('{v}'),\n  },\n});\n", _hex32),
    ("algolia-write-client-key", "app/api/search/route.ts",
     "import algoliasearch from 'algoliasearch';\nconst client = algoliasearch('" + _app_id() + "', '{v}');\n"
     "export async function POST(req: Request) {\n  await client.initIndex('products').saveObjects(await req.json());\n}\n",
     _hex32),
    ("algolia-write-client-key", "scripts/reindex.py",
     "client = SearchClient.create(\"" + _app_id() + "\", \"{v}\")\nindex = client.init_index(\"docs\")\n"
     "index.replace_all_objects(records)\n", _hex32),
    ("vercel-protection-bypass-secret", "playwright.config.ts",
     "export default defineConfig({\n  use: { extraHTTPHeaders: { 'x-vercel-protection-bypass': '{v}' } },\n});\n",
     lambda: _s(32)),
    ("vercel-protection-bypass-secret", ".env.ci", "VERCEL_AUTOMATION_BYPASS_SECRET={v}\n", lambda: _s(32)),
    ("ably-api-key", "extension/popup.js", "const ABLY_KEY = '{v}';\n", _ably),
    ("ably-api-key", "src/realtime.ts", "export const realtime = new Ably.Realtime('{v}');\n", _ably),
    # a framework's exposure prefix no longer makes a secret's name say public
    ("algolia-admin-key", "next-app/.env.production", "NEXT_PUBLIC_ALGOLIA_ADMIN_KEY={v}\n", _hex32),
    ("supabase-service-role-key", "next-app/.env.production", "NEXT_PUBLIC_SUPABASE_KEY={v}\n",
     lambda: _supabase_jwt("service_role")),
]


@pytest.mark.parametrize("rule_id,path,template,make", CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_each_server_secret_is_found_and_the_pipeline_shows_it(rule_id, path, template, make) -> None:
    require_case_found_and_shown(rule_hits, rule_id, path, make, lambda value: _fill(template, value))


# (rule, path, text): the public identifiers and references beside those secrets
NEGATIVES = [
    ("algolia-write-client-key", "src/Search.vue",
     "const searchClient = algoliasearch('" + _app_id() + "', '" + _hex32() + "');\n"
     "const { hits } = await searchClient.initIndex('products').search(query);\n"),
    ("algolia-write-client-key", "app/api/search/route.ts",
     "const client = algoliasearch(process.env.ALGOLIA_APP_ID!, process.env.ALGOLIA_ADMIN_KEY!);\n"
     "await client.initIndex('products').saveObjects(items);\n"),
    ("vercel-protection-bypass-secret", "playwright.config.ts",
     "    extraHTTPHeaders: { 'x-vercel-protection-bypass': process.env.VERCEL_AUTOMATION_BYPASS_SECRET! },\n"),
    ("ably-api-key", "src/realtime.ts", "export const realtime = new Ably.Realtime({ authUrl: '/api/ably-token' });\n"),
    ("admin-key-assignment", "src/config.ts", "  adminKey: process.env.ALGOLIA_ADMIN_KEY,\n"),
    ("admin-key-assignment", "src/keys.ts", "const adminKeyboardShortcut = \"ctrl+shift+alt+a+b+c+d+e\";\n"),
    ("js-define-stringify-secret", "vite.config.ts", "    __RECAPTCHA_SITE_KEY__: JSON.stringify(process.env.SITE_KEY),\n"),
]


@pytest.mark.parametrize("rule_id,path,text", NEGATIVES, ids=[f"{n[0]}:{n[1]}:{i}" for i, n in enumerate(NEGATIVES)])
def test_search_only_clients_references_and_names_are_not_matched(rule_id: str, path: str, text: str) -> None:
    assert not rule_hits(rule_id, text, path), f"{rule_id}: took a non-secret in {path}"


# --- what the filters say about public identifiers ------------------------------------------------------------

def test_an_anon_key_given_to_a_supabase_client_with_no_name_is_public() -> None:
    anon = _supabase_jwt("anon")
    call = Surroundings(lines=("export const supabase = createBrowserClient(", "  'https://x.supabase.co',", ");"))
    assert check_filter("supabase_client_anon_key", anon, f"  '{anon}',", None, "typescript", call), \
        "createBrowserClient's anon argument kept"
    assert check_filter("supabase_client_anon_key", anon, f"const supabase = createClient(url, '{anon}');", None, "typescript"), \
        "createClient's anon argument on one line kept"
    # a service_role key in the same place, an anon key under a name (public_by_format reads the name), or no client
    service = _supabase_jwt("service_role")
    assert not check_filter("supabase_client_anon_key", service, f"  '{service}',", None, "typescript", call), \
        "a service_role JWT given to a client dismissed"
    assert not check_filter("supabase_client_anon_key", anon, f"const supabaseKey = '{anon}';", "supabaseKey", "typescript",
                            call), "an anon JWT under a name dismissed by the call around it"
    assert not check_filter("supabase_client_anon_key", anon, f"  '{anon}',", None, "typescript",
                            Surroundings(lines=("const tokens = [",))), "an anon JWT in a list dismissed"


def test_plaid_link_and_public_tokens_are_client_tokens_and_access_tokens_are_not() -> None:
    for kind in ("link", "public"):
        value = f"{kind}-sandbox-{uuid.UUID(int=_R.getrandbits(128))}"
        assert check_filter("public_by_format", value, f"const linkToken = '{value}';", "linkToken", "typescript"), \
            f"a Plaid {kind} token kept"
    value = f"access-production-{uuid.UUID(int=_R.getrandbits(128))}"
    assert not check_filter("public_by_format", value, f"const token = '{value}';", "token", "typescript"), \
        "a Plaid access token dismissed"


def test_algolia_search_keys_and_shopify_storefront_tokens_are_public_and_their_admin_keys_are_not() -> None:
    key = _hex32()
    app = _app_id()
    public = [
        ("NUXT_PUBLIC_ALGOLIA_SEARCH_KEY", f"NUXT_PUBLIC_ALGOLIA_SEARCH_KEY={key}"),
        ("apiKey", f"      algolia: {{ applicationId: '{app}', apiKey: '{key}' }},"),
        ("NEXT_PUBLIC_SHOPIFY_STOREFRONT_ACCESS_TOKEN", f"NEXT_PUBLIC_SHOPIFY_STOREFRONT_ACCESS_TOKEN={key}"),
    ]
    for name, line in public:
        assert check_filter("public_by_format", key, line, name, None), f"{name}: kept"
    secret = [
        ("ALGOLIA_ADMIN_KEY", f"ALGOLIA_ADMIN_KEY={key}"),
        ("apiKey", f"  const opts = {{ apiKey: '{key}' }};"),  # no Algolia app id beside it: a key of anything
        ("SHOPIFY_STOREFRONT_PRIVATE_TOKEN", f"SHOPIFY_STOREFRONT_PRIVATE_TOKEN={key}"),
    ]
    for name, line in secret:
        assert not check_filter("public_by_format", key, line, name, None), f"{name}: dismissed"


def test_a_docsearch_key_written_over_several_lines_is_public_and_a_key_beside_no_algolia_app_is_not() -> None:
    key, app = _hex32(), _app_id()
    around = Surroundings(lines=("docsearch({", f"  appId: '{app}',", "  indexName: 'docs',", "});"))
    assert check_filter("algolia_search_config_key", key, f"  apiKey: '{key}',", "apiKey", "javascript", around), \
        "DocSearch's search key kept"
    assert not_shown(f"docsearch({{\n  appId: '{app}',\n  apiKey: '{key}',\n  indexName: 'docs',\n}});\n", "site/search.js"), \
        "DocSearch's search key shown"
    # the same lines with an admin name, or an app id but nothing of Algolia's, or Algolia but no app id
    assert not check_filter("algolia_search_config_key", key, f"  adminApiKey: '{key}',", "adminApiKey", "javascript", around), \
        "an admin key in a search config dismissed"
    plain = Surroundings(lines=("createClient({", f"  appId: '{app}',", "  region: 'eu',", "});"))
    assert not check_filter("algolia_search_config_key", key, f"  apiKey: '{key}',", "apiKey", "javascript", plain), \
        "an apiKey beside an app id of no Algolia config dismissed"
    no_app = Surroundings(lines=("docsearch({", "  appId: process.env.APP_ID,", "  indexName: 'docs',", "});"))
    assert not check_filter("algolia_search_config_key", key, f"  apiKey: '{key}',", "apiKey", "javascript", no_app), \
        "an apiKey with no literal app id dismissed"


def test_a_firebase_web_key_read_from_front_end_variables_is_public() -> None:
    key = "AIza" + _s(35, _URLSAFE)
    project = "acme-" + _s(5, string.ascii_lowercase)
    around = Surroundings(lines=(f"VITE_FIREBASE_AUTH_DOMAIN={project}.firebaseapp.com", f"VITE_FIREBASE_PROJECT_ID={project}",
                                 f"VITE_FIREBASE_APP_ID=1:{_s(12, string.digits)}:web:{_s(22, _HEX)}"))
    assert check_filter("firebase_app_config_key", key, f"VITE_FIREBASE_API_KEY={key}", "VITE_FIREBASE_API_KEY", None, around), \
        "a Firebase web key among VITE_FIREBASE_* kept"
    alone = Surroundings(lines=("VITE_API_URL=https://api.example.com", "VITE_SENTRY_ENV=production"))
    assert not check_filter("firebase_app_config_key", key, f"VITE_GOOGLE_KEY={key}", "VITE_GOOGLE_KEY", None, alone), \
        "a Google API key with no Firebase config around dismissed"


@pytest.mark.parametrize("name,public", [
    ("NEXT_PUBLIC_ALGOLIA_ADMIN_KEY", False), ("PUBLIC_API_TOKEN", False), ("EXPO_PUBLIC_SERVICE_TOKEN", False),
    ("process.env.NEXT_PUBLIC_API_TOKEN", False), ("import.meta.env.PUBLIC_UPLOAD_KEY", False),
    ("NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY", True), ("PUBLIC_KEY", True), ("PUBLIC_KEY_PEM", True),
    ("NEXT_PUBLIC_RECAPTCHA_SITE_KEY", True), ("VITE_PUBLIC_KEY", True),
])
def test_a_frameworks_exposure_prefix_does_not_make_a_name_say_public(name: str, public: bool) -> None:
    value = _s(32)
    assert check_filter("public_by_key_name", value, f"{name}={value}", name, None) is public, f"{name}: public should be {public}"


# --- a scan of client code: secrets shown, public identifiers quiet, nothing carried ---------------------------

def test_a_scan_shows_every_planted_secret_and_never_carries_one(tmp_path: Path) -> None:
    files = {}
    for index, (rule_id, path, template, make) in enumerate(CASES):
        value = make()
        files[f"case{index:02d}/{path}"] = (_fill(template, value), value)
    require_planted_files_shown_and_not_carried(tmp_path / "repo", tmp_path, files)


def test_public_identifiers_of_client_code_are_not_shown() -> None:
    anon = _supabase_jwt("anon")
    texts = [
        ("lib/supabase/client.ts", f"export const supabase = createBrowserClient(\n  'https://x.supabase.co',\n  '{anon}',\n);\n"),
        ("src/plaid.tsx", f"const linkToken = 'link-sandbox-{uuid.UUID(int=_R.getrandbits(128))}';\n"),
        ("nuxt.config.ts", f"export default defineNuxtConfig({{ runtimeConfig: {{ public: {{\n"
                           f"  algolia: {{ applicationId: '{_app_id()}', apiKey: '{_hex32()}' }},\n}} }} }});\n"),
        (".env.production", f"NEXT_PUBLIC_SHOPIFY_STOREFRONT_ACCESS_TOKEN={_hex32()}\n"),
    ]
    for path, text in texts:
        assert not_shown(text, path), f"{path}: a public identifier is shown"


def test_a_scan_of_public_identifiers_reports_none_and_carries_none(tmp_path: Path) -> None:
    project = "acme-" + _s(5, string.ascii_lowercase)
    values = {"key": "AIza" + _s(35, _URLSAFE), "anon": _supabase_jwt("anon"), "search": _hex32()}
    root = tmp_path / "repo"
    (root / "web").mkdir(parents=True)
    (root / "web" / ".env.production").write_text(
        f"VITE_FIREBASE_API_KEY={values['key']}\nVITE_FIREBASE_AUTH_DOMAIN={project}.firebaseapp.com\n"
        f"VITE_FIREBASE_PROJECT_ID={project}\nVITE_SUPABASE_ANON_KEY={values['anon']}\n"
        f"NUXT_PUBLIC_ALGOLIA_SEARCH_KEY={values['search']}\n", encoding="utf-8")
    scan = scan_tree(root, tmp_path)
    shown = [f for f in json.loads(scan.report)["findings"] if f["status"] in ("confirmed", "pending")]
    # the Firebase key is public by design (what keeps it safe is its restrictions, which the dismissal names)
    assert shown == [], f"public identifiers shown: {shown}"
    assert not any(scan.carries(v) for v in values.values()), "a public identifier's value carried by an output"
