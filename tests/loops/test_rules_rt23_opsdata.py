"""Credentials in ops data, recorded traffic and notebooks, which a twenty-third red-team set
planted outside source code: a password a person chose (word-ish, digits, a symbol) in a slot
that has no name (a positional argument, a URL's userinfo, a libpq conninfo) reaches a person;
hiera's namespaced keys and systemd's `Environment=` lines are read; Terraform state's generated
passwords, a Chef `passwords` data bag and a VCR/vcrpy cassette's header lists are found; a
Kubernetes Secret's user, host and plain URL entries are not reported while its credentials
are; and a scan's report never carries a value. Values are random, made here."""

from __future__ import annotations

import base64
import json
import random
import string
import uuid

import pytest

from secretloop.loops.judges.base import JudgeRequest
from secretloop.loops.judges.offline import features_of, production_credential
from tests.loops.test_fp_corpus_classes import CATALOGUE, SCANNER, outcomes, require_shown
from tests.support.cli_scan import require_planted_files_shown_and_not_carried
from tests.support.rule_cases import rule_hits as _hits
from tests.support.tokens import random_chars

_R = random.Random(2323)
_ALNUM = string.ascii_letters + string.digits
_CONS, _VOW = "bcdfghjklmnprstvwz", "aeiou"


def _s(n: int, alphabet: str = _ALNUM) -> str:
    return random_chars(_R, n, alphabet)


def _word(syllables: int) -> str:
    return "".join(_R.choice(_CONS) + _R.choice(_VOW) for _ in range(syllables))


def _human() -> str:
    """A password the way people pick one: a made-up word, digits, a symbol (Tavoma!keru47)."""
    shape = _R.randrange(3)
    sym = _R.choice("!#$%&*?")
    if shape == 0:
        return _word(3).capitalize() + _s(4, string.digits) + sym
    if shape == 1:
        return _word(2).capitalize() + sym + _word(2) + _s(2, string.digits)
    return _word(2) + _s(3, string.digits) + _word(2).upper() + sym


# -- a chosen password in a slot with no name ----------------------------------------------------

# (path, line with {v}): the rule's pattern alone says the value is a password.
UNNAMED_SLOTS = [
    ("dotnet/Mailer/SmtpSender.cs", '        Credentials = new NetworkCredential("svc_mail", "{v}"),\n'),
    ("php/includes/db.php", '<?php\n$link = mysqli_connect("db1.internal", "shop", "{v}", "shop");\n'),
    ("deploy/systemd/orders.service",
     '[Service]\nEnvironment="DATABASE_URL=postgres://orders:{v}@db1.internal:5432/orders"\n'),
    ("notebooks/etl.ipynb",
     '  "source": [\n   "conn = psycopg2.connect(\\"dbname=features user=ml password={v} host=warehouse.internal\\")\\n"\n  ]\n'),
]


@pytest.mark.parametrize("path,template", UNNAMED_SLOTS, ids=[p for p, _ in UNNAMED_SLOTS])
def test_a_chosen_password_in_an_unnamed_slot_reaches_a_person(path: str, template: str) -> None:
    for _ in range(4):  # several shapes of chosen password
        require_shown(template.format(v=_human()), path)


@pytest.mark.parametrize("path,template", UNNAMED_SLOTS, ids=[p for p, _ in UNNAMED_SLOTS])
def test_a_bare_word_in_the_same_slot_gets_no_floor(path: str, template: str) -> None:
    # one character class: a stand-in ("hunter", "warehouse"), not a password someone chose;
    # the model alone weighs it
    for word in ("hunter", "warehouse"):
        found = SCANNER.scan_text(template.format(v=word), 0, path)
        assert found, word
        for c in found:
            req = JudgeRequest.from_candidate(c, CATALOGUE.get(c.rule_id).description)
            assert not production_credential(features_of(req), c.features.key_name), (word, c.rule_id)
    # while a chosen one does get it
    c = SCANNER.scan_text(template.format(v=_human()), 0, path)[0]
    req = JudgeRequest.from_candidate(c, CATALOGUE.get(c.rule_id).description)
    assert production_credential(features_of(req), c.features.key_name)


def test_the_unnamed_slot_floor_stays_off_in_tests_and_for_token_formats() -> None:
    text = UNNAMED_SLOTS[1][1].format(v=_human())
    found = SCANNER.scan_text(text, 0, "tests/fixtures/db.php")
    assert found
    for c in found:
        req = JudgeRequest.from_candidate(c, CATALOGUE.get(c.rule_id).description)
        assert not production_credential(features_of(req), c.features.key_name)
    # a provider format's rule (not a URL's) never takes a chosen-looking value on trust
    feats = features_of(JudgeRequest.from_candidate(found[0], CATALOGUE.get(found[0].rule_id).description,
                                                   rule_category="cloud", rule_specific=True))
    feats["test_path"] = 0.0
    assert not production_credential(feats)


# -- namespaced keys and systemd Environment= ---------------------------------------------------

def test_hiera_namespaced_and_systemd_environment_secrets_are_read() -> None:
    key = _s(40)
    assert key in _hits("secret-in-config-line", f"profile::monitoring::datadog::api_key: {key}\n")[0]
    assert key in _hits("secret-in-config-line", f"Environment=ORDERS_API_TOKEN={key}\n")[0]
    require_shown(f"[Service]\nUser=orders\nEnvironment=ORDERS_API_TOKEN={key}\n", "deploy/orders.service")


@pytest.mark.parametrize("text", [
    "profile::app::secret_key_base: \"%{lookup('app_secret')}\"\n",
    "Environment=\"API_TOKEN=${TOKEN}\"\n",
    "EnvironmentFile=/etc/orders/token.env\n",
])
def test_hiera_lookups_and_systemd_references_are_not_matched(text: str) -> None:
    assert not _hits("secret-in-config-line", text)


# -- Terraform state ----------------------------------------------------------------------------

def _tfstate(result: str, before: str = "override_special") -> str:
    attrs = {"bcrypt_hash": "$2a$10$" + _s(53, _ALNUM + "./"), "id": "none", "keepers": None, "length": 24,
             "lower": True, "min_lower": 0, "min_numeric": 0, "min_special": 0, "min_upper": 0, "number": True,
             "numeric": True, before: "!#%*()-_=+[]{}:?", "result": result, "special": True, "upper": True}
    state = {"version": 4, "resources": [{"mode": "managed", "type": "random_password", "name": "db",
                                          "instances": [{"schema_version": 3, "attributes": dict(sorted(attrs.items()))}]}]}
    return json.dumps(state, indent=2) + "\n"


def test_a_generated_password_in_terraform_state_is_found_and_shown() -> None:
    value = _s(20, _ALNUM + "!#%*-_=+")
    text = _tfstate(value)
    assert any(value in h for h in _hits("terraform-random-password-result", text))
    require_shown(text, "infra/terraform.tfstate")
    compact = json.dumps(json.loads(text), separators=(",", ":"))  # terraform show -json
    assert any(value in h for h in _hits("terraform-random-password-result", compact))


def test_a_result_that_does_not_follow_override_special_is_not_read() -> None:
    assert not _hits("terraform-random-password-result", _tfstate(_s(20), before="other_attribute"))
    assert not _hits("terraform-random-password-result", _tfstate(""))


# -- Chef data bags -----------------------------------------------------------------------------

def test_a_passwords_data_bag_item_is_found_under_any_field_name() -> None:
    root, repl = _human(), _s(22)
    text = json.dumps({"id": "mysql", "root": root, "repl": repl}, indent=2) + "\n"
    path = "chef/data_bags/passwords/mysql.json"
    hits = _hits("chef-passwords-data-bag-item", text, path)
    assert len(hits) == 2 and root in hits[0] and repl in hits[1]
    require_shown(text, path)
    # the same item in another bag is left to the named-key rules
    assert not _hits("chef-passwords-data-bag-item", text, "chef/data_bags/users/mysql.json")


def test_an_encrypted_or_empty_passwords_item_is_not_matched() -> None:
    path = "chef/data_bags/passwords/mysql.json"
    enc = {"id": "mysql", "root": {"encrypted_data": base64.b64encode(bytes(_R.getrandbits(8) for _ in range(48))).decode() + "\n",
                                   "iv": base64.b64encode(bytes(12)).decode() + "\n", "version": 1, "cipher": "aes-256-cbc"}}
    for text in (json.dumps(enc, indent=2), json.dumps(enc), json.dumps({"id": "mysql"}, indent=2)):
        assert not _hits("chef-passwords-data-bag-item", text + "\n", path)


# -- Chef resource properties --------------------------------------------------------------------

def test_a_chef_resource_password_property_is_found_and_shown() -> None:
    pw = _human()
    text = f"mysql_service 'orders' do\n  port '3306'\n  initial_root_password '{pw}'\n  action [:create, :start]\nend\n"
    # (the config-line rule reads `name 'value'` with either quote too, and may take the span first)
    assert any(pw in h for h in _hits("groovy-dsl-password", text) + _hits("password-in-config-line", text))
    require_shown(text, "chef/cookbooks/orders/recipes/db.rb")


@pytest.mark.parametrize("line", [
    "  initial_root_password node['orders']['db']['root_password']\n",
    "  server_root_password \"#{node['mysql']['root_pw']}\"\n",
    "  password_file '/etc/mysql/root.pw'\n",
])
def test_chef_node_attributes_and_files_are_not_matched(line: str) -> None:
    assert not _hits("groovy-dsl-password", line)


# -- recorded traffic ---------------------------------------------------------------------------

@pytest.mark.parametrize("header", ["X-Api-Key", "Private-Token", "Ocp-Apim-Subscription-Key", "X-Amz-Security-Token"])
def test_a_cassette_header_list_value_is_found_and_shown(header: str) -> None:
    key = _s(36)
    text = (f"interactions:\n- request:\n    body: null\n    headers:\n      {header}:\n      - {key}\n"
            "      User-Agent:\n      - python-requests/2.31.0\n    method: GET\n")
    assert any(key in h for h in _hits("recorded-request-header-list-secret", text))
    require_shown(text, "tests/cassettes/test_invoices.yaml")


@pytest.mark.parametrize("header,value", [
    ("X-Api-Key", "<API_KEY>"), ("X-Api-Key", "${API_KEY}"), ("X-Request-Id", str(uuid.UUID(int=_R.getrandbits(128), version=4))),
    ("Sec-WebSocket-Key", base64.b64encode(bytes(range(16))).decode()), ("Idempotency-Key", _s(24)),
])
def test_filtered_and_public_cassette_headers_are_not_matched(header: str, value: str) -> None:
    text = f"    headers:\n      {header}:\n      - {value}\n"
    assert not _hits("recorded-request-header-list-secret", text)


# -- Kubernetes Secrets -------------------------------------------------------------------------

def _b64(s: str) -> str:
    return base64.b64encode(s.encode()).decode()


def test_a_secrets_user_host_and_plain_url_entries_are_not_reported_but_its_credentials_are() -> None:
    pw, hook = _human(), f"https://hooks.slack.com/services/T{_s(8, string.ascii_uppercase + string.digits)}/B{_s(8, string.ascii_uppercase + string.digits)}/{_s(24)}"
    url = f"postgres://orders:{_s(16)}@db1.internal:5432/orders"
    text = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: orders\ntype: Opaque\ndata:\n"
            f"  DB_HOST: {_b64('db1.internal.acme-corp.net')}\n  DB_USER: {_b64('orders-service')}\n"
            f"  API_ENDPOINT: {_b64('https://api.partner-hub.net/v2/orders')}\n  DB_PORT: {_b64('5432')}\n"
            f"  ADMIN_EMAIL: {_b64('ops-team@acme-corp.net')}\n"
            f"  DB_PASSWORD: {_b64(pw)}\n  DATABASE_URL: {_b64(url)}\n  SLACK_WEBHOOK_URL: {_b64(hook)}\n"
            "stringData:\n  SMTP_HOST: smtp.acme-corp.net\n")
    hits = _hits("kubernetes-secret-data", text)
    assert hits == [_b64(pw), _b64(url), _b64(hook)]


def test_a_tls_secrets_certificate_is_not_reported_but_its_key_is() -> None:
    pem = lambda kind, n: f"-----BEGIN {kind}-----\n" + "\n".join(_s(64, _ALNUM + "+/") for _ in range(n)) + f"\n-----END {kind}-----\n"
    crt, key = _b64(pem("CERTIFICATE", 4)), _b64(pem("PRIVATE KEY", 6))
    text = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: orders-tls\ntype: kubernetes.io/tls\ndata:\n"
            f"  tls.crt: {crt}\n  tls.key: {key}\n")
    assert _hits("kubernetes-secret-data", text) == [key]


# -- the report -------------------------------------------------------------------------------

def test_scan_report_shows_the_ops_data_cases_and_never_carries_a_value(tmp_path) -> None:
    """Through the CLI's own pipeline (discover, scan, filter, offline judge, report)."""
    root = tmp_path / "repo"
    key, pw, gen = _s(36), _human(), _s(20)
    files = {
        "chef/data_bags/passwords/mysql.json": (json.dumps({"id": "mysql", "root": pw}, indent=2) + "\n", pw),
        "tests/cassettes/test_geo.yaml": (f"interactions:\n- request:\n    headers:\n      X-Api-Key:\n      - {key}\n", key),
        "infra/terraform.tfstate": (_tfstate(gen), gen),
    }
    require_planted_files_shown_and_not_carried(root, tmp_path, files)
