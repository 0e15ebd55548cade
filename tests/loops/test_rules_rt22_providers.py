"""Provider credentials with documented formats that a twenty-second red-team set planted outside a
secret-like name (bare CLI arguments, positional SDK calls, URLs, headers, kubeadm configs): each
provider rule finds its value in realistic lines of several languages and the pipeline shows it;
placeholders, public halves and look-alikes of the same providers are not matched or not reported;
and a scan's report never carries a value. Values are random, made here in each credential's
documented shape (with a valid bech32 checksum for Nostr keys)."""

from __future__ import annotations

import base64
import json
import random
import string
import uuid

import pytest

from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.rules.checksums import bech32
from tests.loops.test_fp_corpus_classes import outcomes, require_shown
from tests.support.cli_scan import scan_tree
from tests.support.rule_cases import rule_hits as _hits
from tests.support.tokens import random_chars

_R = random.Random(2222)
_ALNUM = string.ascii_letters + string.digits
_LOW = string.ascii_lowercase + string.digits
_UP = string.ascii_uppercase + string.digits
_BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _s(n: int, alphabet: str = _ALNUM) -> str:
    return random_chars(_R, n, alphabet)


def _uuid() -> str:
    return str(uuid.UUID(int=_R.getrandbits(128), version=4))


def _bech32_encode(hrp: str, data: bytes) -> str:
    """BIP-173 encoding, written here so the test does not lean on the checker it tests."""
    groups, acc, bits = [], 0, 0
    for byte in data:
        acc, bits = (acc << 8) | byte, bits + 8
        while bits >= 5:
            bits -= 5
            groups.append((acc >> bits) & 31)
    if bits:
        groups.append((acc << (5 - bits)) & 31)
    chk = 1
    for v in [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp] + groups + [0] * 6:
        top, chk = chk >> 25, (chk & 0x1FFFFFF) << 5 ^ v
        for i, g in enumerate((0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)):
            chk ^= g if (top >> i) & 1 else 0
    chk ^= 1
    return hrp + "1" + "".join(_BECH32[d] for d in groups + [(chk >> 5 * (5 - i)) & 31 for i in range(6)])


def _nsec() -> str:
    return _bech32_encode("nsec", bytes(_R.getrandbits(8) for _ in range(32)))


def _cask(signature: str) -> str:
    return _s(52) + "JQQJ99" + _s(1) + _R.choice("ABCDEFGHIJKL") + _s(16) + signature + _s(4)


_B64 = _ALNUM + "+/"


def _azure32(signature: str) -> str:
    return _s(33, _B64) + signature + _R.choice("ABCDEFGHIJKLMNOP") + _s(5, _B64) + "="


def _azure64(signature: str) -> str:
    return _s(76, _B64) + signature + _s(5, _B64) + _R.choice("AQgw") + "=="


MAKERS = {
    "openshift-oauth-access-token": lambda: "sha256~" + _s(43, _ALNUM + "-_"),
    "kubernetes-bootstrap-token": lambda: _s(6, _LOW) + "." + _s(16, _LOW),
    "nostr-private-key": _nsec,
    "octopus-deploy-api-key": lambda: "API-" + _s(26, _UP),
    "bitwarden-sm-access-token": lambda: f"0.{_uuid()}.{_s(30)}:{base64.b64encode(bytes(_R.getrandbits(8) for _ in range(16))).decode()}",
    "rancher-api-token": lambda: f"token-{_s(5, _LOW)}:{_s(54, 'bcdfghjklmnpqrstvwxz2456789')}",
    "maxmind-license-key": lambda: f"{_s(6)}_{_s(29)}_mmk",
    "azure-common-annotated-security-key": lambda: _cask(_R.choice(["ACOG", "AZDO", "APIM"])),
    "salesforce-access-token": lambda: "00D" + _s(12) + "!" + _s(96, _ALNUM + "."),
    "infracost-api-key": lambda: "ico-" + _s(32),
    "apify-api-token": lambda: "apify_api_" + _s(36),
    "paddle-api-key": lambda: f"pdl_{_R.choice(['live', 'sdbx'])}_apikey_{_s(26, '0123456789abcdefghjkmnpqrstvwxyz')}_{_s(27, _ALNUM + '_')}",
    "honeycomb-ingest-key": lambda: _R.choice(["hcaik_", "hcxik_"]) + _s(58, _LOW),
    "codecov-upload-token-flag": _uuid,
    "azure-identifiable-messaging-key": lambda: _azure32(_R.choice(["+ASb", "+AEh", "+ARm", "AzCa", "AIoT"])),
    "azure-identifiable-64byte-key": lambda: _azure64(_R.choice(["ACDb", "+ABa", "APIM", "+ASt"])),
}

# (rule id, path, a realistic line or file with {v} where the value goes): names that say nothing
# about a secret, positional arguments, headers and URLs, where only the value's shape tells.
FOUND = [
    ("openshift-oauth-access-token", "ops/login.sh", "oc login --token={v} --server=https://api.prod.ocp.example.com:6443\n"),
    ("openshift-oauth-access-token", "ops/health.sh", 'curl -sk -H "Authorization: Bearer {v}" https://api.ocp.example.com:6443/healthz\n'),
    ("openshift-oauth-access-token", "Makefile", "OC_ARGS := --server=https://api.lab.example.com:6443 --token {v}\n"),
    ("openshift-oauth-access-token", "tools/ocp.py", "client = DynamicClient(api_client(host=OCP_API, api_key={{'authorization': 'Bearer {v}'}}))\n"),
    ("kubernetes-bootstrap-token", "infra/join.sh", "kubeadm join 10.0.0.10:6443 --token {v} \\\n  --discovery-token-ca-cert-hash sha256:" + "ab" * 32 + "\n"),
    ("kubernetes-bootstrap-token", "infra/join.yml", "    - name: join\n      command: kubeadm join 10.0.0.10:6443 --token={v} --discovery-token-unsafe-skip-ca-verification\n"),
    ("kubernetes-bootstrap-token", "infra/kubeadm.yaml", "apiVersion: kubeadm.k8s.io/v1beta3\nkind: InitConfiguration\nbootstrapTokens:\n- token: {v}\n  ttl: 24h0m0s\n"),
    ("kubernetes-bootstrap-token", "infra/join-config.yaml", 'discovery:\n  bootstrapToken:\n    apiServerEndpoint: 10.0.0.10:6443\n  tlsBootstrapToken: "{v}"\n'),
    ("nostr-private-key", "bot/.env", "NOSTR_RELAYS=wss://relay.damus.io\nNOSTR_NSEC={v}\n"),
    ("nostr-private-key", "bot/publish.ts", "const {{ data: sk }} = nip19.decode('{v}')\n"),
    ("nostr-private-key", "bot/main.go", '\t_, sk, _ := nip19.Decode("{v}")\n'),
    ("nostr-private-key", "bot/bot.py", 'pk = PrivateKey.from_nsec("{v}")\n'),
    ("octopus-deploy-api-key", "deploy/push.sh", "octopus package upload --server https://deploy.example.com --api-key {v} --package web.1.2.0.zip\n"),
    ("octopus-deploy-api-key", "deploy/Client.cs", 'var endpoint = new OctopusServerEndpoint("https://deploy.example.com", "{v}");\n'),
    ("octopus-deploy-api-key", "deploy/upload.ps1", 'Invoke-RestMethod -Uri $url -Headers @{{ "X-Octopus-ApiKey" = "{v}" }}\n'),
    ("bitwarden-sm-access-token", ".github/workflows/deploy.yml", "      - uses: bitwarden/sm-action@v2\n        with:\n          access_token: {v}\n"),
    ("bitwarden-sm-access-token", "scripts/secrets.sh", 'bws secret list --access-token "{v}" --output env\n'),
    ("bitwarden-sm-access-token", "app/sm.py", "client.auth().login_access_token('{v}', state_path)\n"),
    ("rancher-api-token", "infra/rancher.sh", "rancher login https://rancher.example.com --token {v} --context c-m-8x2kq:p-7tq9z\n"),
    ("rancher-api-token", "infra/rancher.tf", 'provider "rancher2" {{\n  api_url   = "https://rancher.example.com"\n  token_key = "{v}"\n}}\n'),
    ("maxmind-license-key", "geo/download.py", "URL = ('https://download.maxmind.com/app/geoip_download?edition_id=GeoLite2-City'\n       '&license_key={v}&suffix=tar.gz')\n"),
    ("maxmind-license-key", "geo/geo.go", 'var client = geoip2.NewClient(918273, "{v}")\n'),
    ("maxmind-license-key", "geo/GeoIP.conf", "AccountID 918273\nLicenseKey {v}\nEditionIDs GeoLite2-City\n"),
    ("azure-common-annotated-security-key", "ml/Speech.java", 'SpeechConfig config = SpeechConfig.fromSubscription("{v}", "westeurope");\n'),
    ("azure-common-annotated-security-key", "ml/translate.sh", "curl -X POST \"$ENDPOINT/translate?api-version=3.0&to=de\" -H 'Ocp-Apim-Subscription-Key: {v}'\n"),
    ("azure-common-annotated-security-key", "ci/nuget.config", '<add key="ClearTextPassword" value="{v}" />\n'),
    ("salesforce-access-token", "crm/export.sh", 'curl -s "$INSTANCE/services/data/v59.0/query?q=SELECT+Id+FROM+Account" -H "Authorization: Bearer {v}"\n'),
    ("salesforce-access-token", "crm/sync.rb", "client = Restforce.new(oauth_token: '{v}', instance_url: 'https://acme.my.salesforce.com')\n"),
    ("infracost-api-key", "ci/cost.sh", "infracost configure set api_key {v}\ninfracost breakdown --path .\n"),
    ("infracost-api-key", ".github/workflows/infracost.yml", "      - uses: infracost/actions/setup@v3\n        with:\n          api-key: {v}\n"),
    ("apify-api-token", "scrapers/run.js", "const client = new ApifyClient({{ token: '{v}' }});\n"),
    ("apify-api-token", "scrapers/fetch.sh", 'curl "https://api.apify.com/v2/acts/apify~web-scraper/runs?token={v}" -X POST -d @input.json\n'),
    ("apify-api-token", "scrapers/run.py", "client = ApifyClient('{v}')\n"),
    ("paddle-api-key", "billing/paddle.ts", "export const paddle = new Paddle('{v}', {{ environment: Environment.production }})\n"),
    ("paddle-api-key", "billing/.env", "PADDLE_API_KEY={v}\n"),
    ("honeycomb-ingest-key", "otel/collector.yaml", "exporters:\n  otlp:\n    headers:\n      x-honeycomb-team: {v}\n"),
    ("honeycomb-ingest-key", "otel/run.sh", 'export OTEL_EXPORTER_OTLP_HEADERS="x-honeycomb-team={v}"\n'),
    ("codecov-upload-token-flag", "ci/coverage.sh", "./codecov -t {v} -f coverage.xml\n"),
    ("codecov-upload-token-flag", "ci/legacy.sh", "bash <(curl -s https://codecov.io/bash) -t {v} -F unit\n"),
    ("codecov-upload-token-flag", "Jenkinsfile", "sh 'codecovcli upload-process --token={v} --flag backend'\n"),
    ("azure-identifiable-messaging-key", "messaging/sb.js", "const cred = new AzureNamedKeyCredential('RootManageSharedAccessKey', '{v}');\n"),
    ("azure-identifiable-messaging-key", "cache/redis.py", "r = redis.Redis(host='acme.redis.cache.windows.net', port=6380, ssl=True, password='{v}')\n"),
    ("azure-identifiable-messaging-key", "iot/Device.cs", "var device = DeviceClient.Create(hub, new DeviceAuthenticationWithRegistrySymmetricKey(\"dev-01\", \"{v}\"));\n"),
    ("azure-identifiable-64byte-key", "data/Program.cs", "var client = new CosmosClient(\"https://acme-db.documents.azure.com:443/\", \"{v}\");\n"),
    ("azure-identifiable-64byte-key", "data/seed.py", "client = CosmosClient('https://acme-db.documents.azure.com:443/', credential='{v}')\n"),
    ("azure-identifiable-64byte-key", "apim/call.sh", "curl https://acme.azure-api.net/orders -H 'Ocp-Apim-Subscription-Key: {v}'\n"),
]


@pytest.mark.parametrize("rule_id,path,template", FOUND, ids=[f"{i}-{r}" for i, (r, _, _) in enumerate(FOUND)])
def test_provider_rule_finds_its_value_and_the_pipeline_shows_it(rule_id: str, path: str, template: str) -> None:
    value = MAKERS[rule_id]()
    text = template.format(v=value)
    assert any(value in h for h in _hits(rule_id, text)), f"{rule_id}: not found in {path}"
    require_shown(text, path)


def test_every_rule_of_the_block_has_found_cases() -> None:
    assert set(MAKERS) == {r for r, _, _ in FOUND}
    catalogue = load_catalogue()
    for rule_id in MAKERS:
        assert catalogue.get(rule_id) is not None, rule_id


# (rule id, text the rule must not match): documentation placeholders, truncated examples, public halves.
QUIET = [
    ("openshift-oauth-access-token", "oc login --token=<token> --server=<api-url>\n"),
    ("openshift-oauth-access-token", "oc login --token=sha256~" + "X" * 43 + " --server=https://api.example.com:6443\n"),
    ("openshift-oauth-access-token", "TOKEN=sha256~abc123\n"),
    ("kubernetes-bootstrap-token", "kubeadm join 192.168.0.1:6443 --token <token> --discovery-token-ca-cert-hash sha256:<hash>\n"),
    ("kubernetes-bootstrap-token", "  token-id: \"" + "k3x9q2" + "\"\n"),
    ("kubernetes-bootstrap-token", "version: app.bundle.min.js\n"),
    ("nostr-private-key", "NOSTR_PUBKEY=" + _bech32_encode("npub", bytes(range(32))) + "\n"),
    ("nostr-private-key", "Set NOSTR_NSEC to your key (nsec1...).\n"),
    ("octopus-deploy-api-key", "X-Octopus-ApiKey: API-YOURAPIKEYHERE\n"),
    ("octopus-deploy-api-key", "X-Octopus-ApiKey: API-" + "X" * 26 + "\n"),
    ("octopus-deploy-api-key", "X-Octopus-ApiKey: API-" + "A" * 31 + "\n"),
    ("bitwarden-sm-access-token", 'export BWS_ACCESS_TOKEN="0.your-access-token..."\n'),
    ("bitwarden-sm-access-token", "secretspec get DATABASE_URL --provider bws://" + str(uuid.UUID(int=7, version=4)) + "\n"),
    ("rancher-api-token", 'default = "token-xxxxx:' + "x" * 54 + '"\n'),
    ("rancher-api-token", "accessKey: token-abcde\n"),
    ("maxmind-license-key", "LicenseKey YOUR_LICENSE_KEY_HERE\n"),
    ("maxmind-license-key", "e.g. `abc123_" + "X" * 29 + "_mmk`\n"),
    ("azure-common-annotated-security-key", 'AZURE_OPENAI_API_KEY="' + "x" * 84 + '"\n'),
    ("azure-common-annotated-security-key", "key = \"" + random_chars(random.Random(5), 84) + "\"\n"),
    ("salesforce-access-token", "Paste the session id (`00DXXXXXXXXXXXX!AQXXXXXXXX...`) into SF_SESSION.\n"),
    ("salesforce-access-token", "OrgId = '00D5e000000ABCDEAA'\n"),
    ("infracost-api-key", 'api_key      = "ico-xxxxx"\n'),
    ("infracost-api-key", "ico-" + "a" * 32 + "\n"),
    ("apify-api-token", "APIFY_TOKEN=apify_api_...\n"),
    ("paddle-api-key", "PADDLE_API_KEY=pdl_live_apikey_...\n"),
    ("paddle-api-key", "PADDLE_CLIENT_TOKEN=live_" + "0123456789abcdef" + "0123456789a" + "\n"),
    ("honeycomb-ingest-key", "HONEYCOMB_API_KEY=hcaik_YOUR_KEY\n"),
    ("codecov-upload-token-flag", "./codecov -t ${CODECOV_TOKEN} -f coverage.xml\n"),
    ("azure-identifiable-messaging-key", "Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=<key>\n"),
    ("azure-identifiable-messaging-key", "key = '" + random_chars(random.Random(6), 43) + "='\n"),
    ("azure-identifiable-64byte-key", "COSMOS_KEY=<primary-key>\n"),
    ("azure-identifiable-64byte-key", "AccountKey=" + random_chars(random.Random(7), 86) + "==\n"),
    ("codecov-upload-token-flag", "      - uses: codecov/codecov-action@v4\n        with:\n          token: ${{ secrets.CODECOV_TOKEN }}\n"),
]


@pytest.mark.parametrize("rule_id,text", QUIET, ids=[f"{i}-{r}" for i, (r, _) in enumerate(QUIET)])
def test_placeholders_and_public_halves_are_not_matched(rule_id: str, text: str) -> None:
    assert not _hits(rule_id, text), f"{rule_id}: matched a placeholder or public value"


def test_a_nostr_key_with_a_broken_checksum_is_still_shown() -> None:
    # A key copied with a character changed, or rewritten for a test or a data set (each letter by another
    # letter, which may be one bech32 leaves out), fails the checksum; the nsec1 prefix alone says what it is.
    value = _nsec()
    broken = value[:-1] + _BECH32[(_BECH32.index(value[-1]) + 1) % 32]
    rewritten = value[:10] + "b" + value[11:]  # b is no bech32 character
    assert bech32(value) and not bech32(broken) and not bech32(rewritten)
    for key in (value, broken, rewritten):
        assert _hits("nostr-private-key", f"NOSTR_NSEC={key}\n")
        require_shown(f"NOSTR_NSEC={key}\n", "bot/.env")


def test_a_nostr_key_placeholder_is_not_shown() -> None:
    statuses = outcomes("Example: `nsec1" + "x" * 58 + "`\n", "README.md")
    assert all(s == "dismissed" for s in statuses), statuses


def test_kubeadm_documentation_example_token_is_not_reported() -> None:
    # the token of kubeadm's own docs (abcdef.0123456789abcdef) is a sequential run, not a credential
    statuses = outcomes("kubeadm join 192.168.0.1:6443 --token abcdef.0123456789abcdef\n", "docs/kubeadm.md")
    assert statuses and all(s == "dismissed" for s in statuses), statuses


def test_scan_report_shows_each_provider_and_never_carries_a_value(tmp_path) -> None:
    """Through the CLI's own pipeline (discover, scan, filter, offline judge, report)."""
    root = tmp_path / "repo"
    planted: dict[str, tuple[str, str]] = {}
    for i, (rule_id, path, template) in enumerate(FOUND):
        value = MAKERS[rule_id]()
        target = root / f"case{i:02d}" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(template.format(v=value), encoding="utf-8")
        planted[f"case{i:02d}/{path}"] = (rule_id, value)
    scan = scan_tree(root, tmp_path)
    leaked = [p for p, (_, v) in planted.items() if scan.carries(v)]
    assert not leaked, f"values carried by the report, the output or the state: {leaked}"
    shown = {(f["path"], f["rule_id"]) for f in json.loads(scan.report)["findings"] if f["status"] in ("confirmed", "pending")}
    missing = [p for p, (rule_id, _) in planted.items() if (p, rule_id) not in shown]
    assert not missing, f"planted credentials not shown by their rule: {missing}"
