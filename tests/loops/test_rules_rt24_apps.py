"""Mobile and desktop app release configs and app code calling SaaS, which a twenty-fourth red-team
set planted: release signing passwords (.NET MAUI project files, signtool, the Unity editor's
command line), Tauri/minisign updater keys, feature-flag and observability server keys with a
documented prefix (Statsig, Flagsmith, Axiom, Unleash), and keys handed to SDKs through builders,
credential classes, a URL-then-key call, Rust `String::from` fields, BuildKonfig and Unity's
serialised string lists. Each is found by its rule and (but for Flagsmith, below) shown after the
filters and the offline judge; references, placeholders and public halves in the same places are
not matched; and a scan's report never carries a value. Values are random, made here in each
credential's documented shape; assertion messages name rules and paths, never values
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows only its message)."""

from __future__ import annotations

import base64
import json
import random
import string
import uuid

import pytest

from tests.loops.test_fp_corpus_classes import not_shown
from tests.support.cli_scan import require_planted_files_shown_and_not_carried
from tests.support.rule_cases import require_case_found_and_shown
from tests.support.rule_cases import rule_hits as _hits
from tests.support.tokens import random_chars

_R = random.Random(2424)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"
_CONS, _VOW = "bcdfghjklmnprstvwz", "aeiou"


def _s(n: int, alphabet: str = _ALNUM) -> str:
    return random_chars(_R, n, alphabet)


def _word(syllables: int) -> str:
    return "".join(_R.choice(_CONS) + _R.choice(_VOW) for _ in range(syllables))


def _human() -> str:
    """A password the way people pick one: a made-up word, digits, a symbol."""
    return _word(3).capitalize() + _s(4, string.digits) + _R.choice("!#%&*?")


def _base62_with_digit(n: int) -> str:
    while True:
        v = _s(n)
        if any(c.isdigit() for c in v):
            return v


def _minisign_secret_line() -> str:
    """Line 2 of a minisign/rsign key file: 'Ed', scrypt ('Sc'), 'B2', then salt, key id and key (158 bytes)."""
    return base64.b64encode(b"EdScB2" + bytes(_R.randrange(256) for _ in range(152))).decode()


def _minisign_public_line() -> str:
    return base64.b64encode(b"Ed" + bytes(_R.randrange(256) for _ in range(40))).decode()


def _tauri_private_key() -> str:
    text = "untrusted comment: rsign encrypted secret key\n" + _minisign_secret_line() + "\n"
    return base64.b64encode(text.encode()).decode()


def _tauri_public_key() -> str:
    text = f"untrusted comment: minisign public key: {_s(16, '0123456789ABCDEF')}\n{_minisign_public_line()}\n"
    return base64.b64encode(text.encode()).decode()


# (rule, path, text with {v}, value maker)
CASES = [
    ("statsig-server-secret-key", "src/flags/statsig.server.ts",
     "import Statsig from 'statsig-node';\nawait Statsig.initialize('{v}', {{ environment: {{ tier: 'production' }} }});\n",
     lambda: "secret-" + _s(43)),
    ("axiom-api-token", "server/src/main/kotlin/io/acme/obs/Telemetry.kt",
     "val axiom = AxiomClient(\n    token = \"{v}\",\n    orgId = \"acme\",\n)\n",
     lambda: "xaat-" + str(uuid.UUID(int=_R.getrandbits(128), version=4))),
    ("axiom-api-token", "tools/ingest/vector.toml",
     "[sinks.axiom]\ntype = \"axiom\"\ndataset = \"shop\"\ntoken = \"{v}\"\n",
     lambda: "xapt-" + str(uuid.UUID(int=_R.getrandbits(128), version=4))),
    ("unleash-api-token", "server/.env",
     "NODE_ENV=production\nUNLEASH_SERVER_API_TOKEN={v}\n", lambda: "*:production." + _s(64, _HEX)),
    ("minisign-secret-key", "desktop/keys/updater.key",
     "untrusted comment: rsign encrypted secret key\n{v}\n", _minisign_secret_line),
    ("tauri-signing-private-key", "desktop/.env.signing", "TAURI_SIGNING_PRIVATE_KEY={v}\n", _tauri_private_key),
    ("code-signing-tool-password", "desktop/build/sign-windows.ps1",
     "$ErrorActionPreference = 'Stop'\n& signtool.exe sign /f build\\certs\\acme.pfx /p \"{v}\" /fd sha256 "
     "/tr http://timestamp.digicert.com /td sha256 dist\\Acme-Setup.exe\n", _human),
    ("code-signing-tool-password", "ci/sign.sh",
     "osslsigncode sign -pkcs12 certs/acme.p12 -pass {v} -n Acme -in app.exe -out app-signed.exe\n", _human),
    ("username-then-password-dash-flag", "unity/ci/activate.sh",
     "#!/bin/bash\n/opt/unity/Editor/Unity -batchmode -nographics -quit -serial SC-AB12-CD34-EF56-GH78-IJ90 "
     "-username ci@acme.io -password '{v}' -logFile -\n", _human),
    ("api-key-credential-constructor", "dotnet/Shop.Api/VectorSearch.cs",
     "var es = new ElasticsearchClient(cloudId, new ApiKey(\"{v}\"));\n",
     lambda: base64.b64encode(f"{_s(20)}:{_s(22)}".encode()).decode()),
    ("api-key-credential-constructor", "server/src/main/kotlin/io/acme/vectors/VectorStore.kt",
     "val weaviate = WeaviateClient(Config(\"https\", \"acme.weaviate.network\"),\n    ApiKeyAuth(\"{v}\"))\n",
     lambda: _s(40)),
    ("api-key-credential-constructor", "server/src/main/kotlin/io/acme/Client.kt",
     "val http = HttpClient(CIO) {{\n    install(Auth) {{\n        bearer {{\n"
     "            loadTokens {{ BearerTokens(\"{v}\", \"\") }}\n        }}\n    }}\n}}\n", lambda: _s(40)),
    ("url-and-key-positional-call", "server/src/main/kotlin/io/acme/search/SearchClients.kt",
     "val meili = Client(Config(\"https://search.acme.io\", \"{v}\"))\n", lambda: _s(32)),
    ("rust-string-wrapped-secret", "backend-rs/src/config.rs",
     "pub fn default_config() -> Config {{\n    Config {{\n        search_api_key: String::from(\"{v}\"),\n"
     "        ..Default::default()\n    }}\n}}\n", lambda: _s(40)),
    ("msbuild-android-signing-password", "dotnet/Shop.Mobile/Shop.Mobile.csproj",
     "<Project Sdk=\"Microsoft.NET.Sdk\">\n  <PropertyGroup>\n    <AndroidSigningKeyAlias>release</AndroidSigningKeyAlias>\n"
     "    <AndroidSigningStorePass>{v}</AndroidSigningStorePass>\n  </PropertyGroup>\n</Project>\n", _human),
    ("yaml-list-item-secret", "unity/Assets/Resources/GameAnalytics/Settings.asset",
     "MonoBehaviour:\n  m_Name: Settings\n  gameKey:\n  - {g}\n  secretKey:\n  - {v}\n  Build:\n  - 1.0.0\n",
     lambda: _s(40, _HEX)),
    ("credential-setter-call", "server/src/main/kotlin/io/acme/sms/VonageSender.kt",
     "val vonage: VonageClient = VonageClient.builder()\n    .apiKey(\"{k}\")\n    .apiSecret(\"{v}\")\n    .build()\n",
     lambda: _base62_with_digit(16)),
    ("credential-setter-call", "server/src/main/kotlin/io/acme/payments/Checkout.kt",
     "val api = CheckoutSdk.builder()\n    .staticKeys()\n    .secretKey(\"{v}\")\n    .build()\n",
     lambda: "sk_" + _s(26, string.ascii_lowercase + string.digits)),
    ("credential-setter-call", "backend-rs/src/vectors.rs",
     "let qdrant = Qdrant::from_url(\"https://acme.cloud.qdrant.io:6334\")\n    .api_key(\"{v}\")\n    .build()?;\n",
     lambda: _s(40)),
    ("credential-setter-call", "scala-svc/src/main/scala/acme/Payments.scala",
     "object Payments {{\n  private val req = basicRequest.auth.bearer(\"{v}\").get(uri\"https://api.acme.io/v1/orders\")\n}}\n",
     lambda: _s(40)),
    ("gradle-buildconfig-secret", "shared/build.gradle.kts",
     "buildkonfig {{\n    defaultConfigs {{\n        buildConfigField(FieldSpec.Type.STRING, \"BACKEND_SECRET\", \"{v}\")\n    }}\n}}\n",
     lambda: _s(40)),
]


def _fill(template: str, value: str) -> str:
    return template.format(v=value, g=_s(32, _HEX), k=_s(8, _HEX))


@pytest.mark.parametrize("rule_id,path,template,make", CASES, ids=[f"{r}:{p}" for r, p, _, _ in CASES])
def test_each_rule_finds_its_value_and_the_pipeline_shows_it(rule_id, path, template, make) -> None:
    require_case_found_and_shown(_hits, rule_id, path, make, lambda value: _fill(template, value))


def test_every_new_rule_of_the_set_has_a_case() -> None:
    new = {"statsig-server-secret-key", "flagsmith-server-key", "axiom-api-token", "unleash-api-token",
           "minisign-secret-key", "tauri-signing-private-key", "code-signing-tool-password",
           "username-then-password-dash-flag", "api-key-credential-constructor", "url-and-key-positional-call",
           "rust-string-wrapped-secret", "msbuild-android-signing-password", "yaml-list-item-secret"}
    covered = {r for r, _, _, _ in CASES} | {"flagsmith-server-key"}  # see the Flagsmith test below
    assert new <= covered, sorted(new - covered)


def test_a_flagsmith_server_key_is_found_in_an_env_file_and_in_code() -> None:
    # Found by its rule; whether the pipeline shows it in a `.env` is the filters' call ('ser.' + a
    # random run reads like `obj.member` to the code-reference filter), so only the rule is tested here.
    for _ in range(3):
        value = "ser." + _base62_with_digit(22)
        for text in (f"FLAGSMITH_SERVER_KEY={value}\n", f"flagsmith = Flagsmith(environment_key=\"{value}\")\n"):
            assert value in "".join(_hits("flagsmith-server-key", text)), "flagsmith-server-key: not found"


# (rule, text): references, placeholders, public halves and look-alikes in the same places
NOT_MATCHED = [
    ("statsig-server-secret-key", "export const clientKey = 'client-" + _s(43) + "';\n"),
    ("statsig-server-secret-key", "STATSIG_SERVER_SECRET=secret-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"),
    ("flagsmith-server-key", "val json = ser.writeValueAsString(payload)\n"),
    ("flagsmith-server-key", "FLAGSMITH_ENVIRONMENT_KEY=" + _s(22) + "\n"),
    ("axiom-api-token", "AXIOM_TOKEN=xaat-00000000-0000-0000-0000-000000000000\n"),
    ("unleash-api-token", "UNLEASH_SERVER_API_TOKEN=*:production.<token>\n"),
    ("minisign-secret-key", f"untrusted comment: minisign public key: 0123456789ABCDEF\n{_minisign_public_line()}\n"),
    ("tauri-signing-private-key", json.dumps({"plugins": {"updater": {"pubkey": _tauri_public_key()}}}, indent=2) + "\n"),
    ("code-signing-tool-password", "& signtool.exe sign /f build\\certs\\acme.pfx /p $env:PFX_PASSWORD /fd sha256 dist\\Acme.exe\n"),
    ("code-signing-tool-password", "signtool sign /f cert.pfx /p %PFX_PASSWORD% app.exe\n"),
    ("code-signing-tool-password", "& signtool.exe sign /sha1 " + _s(40, "0123456789ABCDEF") + " /fd sha256 dist\\Acme.exe\n"),
    ("username-then-password-dash-flag",
     "/opt/unity/Editor/Unity -batchmode -quit -username \"$UNITY_EMAIL\" -password \"$UNITY_PASSWORD\" -returnlicense\n"),
    ("api-key-credential-constructor",
     "var client = new AzureOpenAIClient(new Uri(endpoint), new AzureKeyCredential(Environment.GetEnvironmentVariable(\"AOAI_KEY\")));\n"),
    ("api-key-credential-constructor", "val http2 = HttpClient(CIO) { install(Auth) { bearer { loadTokens { BearerTokens(store.access, store.refresh) } } } }\n"),
    ("api-key-credential-constructor", "new ApiKey(\"apiKey\", \"Authorization\", \"header\")\n"),
    ("url-and-key-positional-call", "val meili = Client(Config(\"https://search.acme.io\", System.getenv(\"MEILI_KEY\")))\n"),
    ("url-and-key-positional-call",
     "await Supabase.initialize(url: 'https://x.supabase.co', anonKey: 'k');\nfinal c = SupabaseClient('https://"
     + _s(20, string.ascii_lowercase) + ".supabase.co', 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + _s(60) + "." + _s(43) + "');\n"),
    ("rust-string-wrapped-secret", "        search_api_key: String::from(std::env::var(\"KEY\")?),\n"),
    ("rust-string-wrapped-secret", "    let cfg = Config { api_key: String::from(\"dummy\"), ..Default::default() };\n"),
    ("msbuild-android-signing-password", "    <AndroidSigningStorePass>env:ANDROID_STORE_PASS</AndroidSigningStorePass>\n"),
    ("msbuild-android-signing-password", "    <AndroidSigningKeyPass>file:/run/secrets/keypass</AndroidSigningKeyPass>\n"),
    ("msbuild-android-signing-password", "    <AndroidSigningKeyPass>$(KeyPass)</AndroidSigningKeyPass>\n"),
    ("yaml-list-item-secret", "spec:\n  imagePullSecrets:\n  - name: regcred\n"),
    ("yaml-list-item-secret", "tokens:\n  - ${API_TOKEN}\n"),
    ("credential-setter-call", "let qdrant_env = Qdrant::from_url(&url).api_key(std::env::var(\"QDRANT_API_KEY\")).build()?;\n"),
    ("credential-setter-call", "  private val req2 = basicRequest.header(\"Authorization\", s\"Bearer $token\")\n"),
    ("gradle-buildconfig-secret",
     "        buildConfigField(FieldSpec.Type.STRING, \"MAPS_KEY\", gradleLocalProperties(rootDir).getProperty(\"MAPS_KEY\"))\n"),
]


@pytest.mark.parametrize("rule_id,text", NOT_MATCHED, ids=[f"{r}-{i}" for i, (r, _) in enumerate(NOT_MATCHED)])
def test_references_placeholders_and_public_halves_are_not_matched(rule_id: str, text: str) -> None:
    assert not _hits(rule_id, text), f"{rule_id}: matched a look-alike"


def test_a_tauri_config_with_its_updater_public_key_is_not_shown() -> None:
    conf = json.dumps({"productName": "Acme", "identifier": "io.acme.desktop",
                       "plugins": {"updater": {"pubkey": _tauri_public_key(),
                                               "endpoints": ["https://releases.acme.io/{{target}}/{{current_version}}"]}}},
                      indent=2) + "\n"
    assert not_shown(conf, "desktop/src-tauri/tauri.conf.json"), "the updater's public key is shown"
    assert not_shown(f"untrusted comment: minisign public key: {_s(16, '0123456789ABCDEF')}\n{_minisign_public_line()}\n",
                     "desktop/keys/updater.key.pub"), "a minisign public key file is shown"


def test_scan_report_shows_the_app_cases_and_never_carries_a_value(tmp_path) -> None:
    """Through the CLI's own pipeline (discover, scan, filter, offline judge, report)."""
    root = tmp_path / "repo"
    tauri, pfx, store = _tauri_private_key(), _human(), _human()
    statsig, key = "secret-" + _s(43), _s(40)
    files = {
        "desktop/.env.signing": (f"TAURI_SIGNING_PRIVATE_KEY={tauri}\n", tauri),
        "desktop/build/sign.ps1": (f"& signtool.exe sign /f acme.pfx /p \"{pfx}\" /fd sha256 dist\\Acme.exe\n", pfx),
        "mobile/Shop.Mobile.csproj": (f"<Project>\n  <PropertyGroup>\n    <AndroidSigningStorePass>{store}</AndroidSigningStorePass>\n"
                                      "  </PropertyGroup>\n</Project>\n", store),
        "web/src/flags.ts": (f"await Statsig.initialize('{statsig}');\n", statsig),
        "server/Vectors.kt": (f"val weaviate = WeaviateClient(cfg, ApiKeyAuth(\"{key}\"))\n", key),
    }
    require_planted_files_shown_and_not_carried(root, tmp_path, files)
