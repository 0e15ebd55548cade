"""The offline judge: its feature vector, the shipped model, verdicts on clear cases, and the
filter phase's split between decisive filters and signals.

Planted values are synthetic (tests/support/tokens.py) and reach the judge only as redacted
previews, as in a run: the tests build candidates with the scanner, never by hand-writing values
into requests.
"""

from __future__ import annotations

import asyncio

import pytest

from secretloop.loops.filters import DECISIVE_FILTERS, FILTERS
from secretloop.loops.judges import offline_model
from secretloop.loops.judges.base import JudgeRequest
from secretloop.loops.judges.offline import OfflineJudge, explain, features_of, probability
from secretloop.loops.phases.filter import classify
from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.scanner import Scanner
from secretloop.loops.state import Candidate
from tests.support.tokens import github_pat, high_entropy

CATALOGUE = load_catalogue()
SCANNER = Scanner(CATALOGUE)


def candidates(text: str, path: str = "src/app.py") -> list[Candidate]:
    return SCANNER.scan_text(text, 0, path)


def request(text: str, path: str = "src/app.py") -> JudgeRequest:
    found = candidates(text, path)
    assert len(found) == 1, f"expected one candidate, got rules {[c.rule_id for c in found]}"
    c = found[0]
    return JudgeRequest.from_candidate(c, CATALOGUE.get(c.rule_id).description)


def verdict_of(req: JudgeRequest) -> str:
    verdicts, usage = asyncio.run(OfflineJudge().judge([req]))
    assert usage.calls == 0
    assert [v.candidate_id for v in verdicts] == [req.candidate_id]
    return verdicts[0].verdict


# --- the model is plain data and matches the features ------------------------------------------

def test_model_weights_name_only_known_features() -> None:
    req = request(f'api_key = "{high_entropy(seed=1, length=32)}"\n')
    names = set(features_of(req))
    assert set(offline_model.WEIGHTS) <= names, "weights for features the judge does not compute"
    assert "bias" in offline_model.WEIGHTS
    assert all(isinstance(v, float) for v in offline_model.WEIGHTS.values())
    assert 0.0 < offline_model.NOT_SECRET_BELOW <= offline_model.SECRET_AT <= 1.0


def test_features_are_finite_numbers() -> None:
    req = request(f'db_password = "{high_entropy(seed=2, length=14)}"\n', path="tests/test_db.py")
    feats = features_of(req)
    assert all(isinstance(v, float) and v == v and abs(v) < 100 for v in feats.values())
    assert feats["key_password"] == 1.0 and feats["test_path"] == 1.0 and feats["ctx_quoted"] == 1.0


def test_features_read_the_masked_line_not_the_value() -> None:
    value = high_entropy(seed=3, length=24)
    req = request(f'assert token == "{value}"  # example\n')
    assert value not in " ".join(req.context) and value not in req.preview
    feats = features_of(req)
    assert feats["ctx_comparison"] == 1.0 and feats["ctx_fixture_words"] == 1.0


# --- verdicts on clear cases ----------------------------------------------------------------------

def test_random_key_under_a_credential_name_is_a_secret() -> None:
    req = request(f'STRIPE_API_KEY = "{high_entropy(seed=4, length=40)}"\n', path="app/settings.py")
    assert verdict_of(req) == "secret"


def test_words_under_a_password_name_in_docs_are_not() -> None:
    req = request('db_password = "correct horse example"\n', path="docs/setup.md")
    assert verdict_of(req) == "not_secret"


def test_value_spelling_its_own_kind_is_not_a_secret() -> None:
    req = request('client_secret = "my_client_secret_here_please"\n', path="config/app.yml")
    assert probability(req) < offline_model.NOT_SECRET_BELOW


def test_failed_checksum_is_weighed_not_fatal() -> None:
    token = github_pat(seed=21)
    broken = token[:-1] + ("A" if token[-1] != "A" else "B")
    (good,) = candidates(f'GH_TOKEN = "{token}"\n')
    (bad,) = candidates(f'GH_TOKEN = "{broken}"\n')
    assert classify(good, None).status == "confirmed"  # structure settles it: no judge needed
    assert classify(bad, None).status == "uncertain"  # a known shape with a failed checksum: the judge decides
    req = JudgeRequest.from_candidate(bad, CATALOGUE.get(bad.rule_id).description)
    assert features_of(req)["checksum_failed"] == 1.0
    assert verdict_of(req) in ("secret", "not_secret", "unsure")


def test_reasons_are_words_and_never_the_value() -> None:
    value = high_entropy(seed=5, length=32)
    req = request(f'secret_token = "{value}"\n')
    verdicts, _ = asyncio.run(OfflineJudge().judge([req]))
    reason = verdicts[0].reason
    assert value not in reason and value[:8] not in reason
    assert "P(secret)=" in reason
    assert all(isinstance(r, str) and r for r in explain(req, secret=True))


def test_a_batch_gets_one_verdict_per_request_in_any_order() -> None:
    reqs = [request(f'api_token_{i} = "{high_entropy(seed=10 + i, length=30)}"\n') for i in range(4)]
    verdicts, _ = asyncio.run(OfflineJudge().judge(reqs))
    assert sorted(v.candidate_id for v in verdicts) == sorted(r.candidate_id for r in reqs)
    assert all(0.0 <= v.confidence <= 1.0 for v in verdicts)


# --- filter phase: decisive filters dismiss, signals go to the judge ----------------------------

def test_signal_filters_are_not_decisive() -> None:
    signals = {f.name for f in FILTERS if not f.decisive}
    assert {"wordlike_value", "bare_word_in_code", "uuid_value", "hex_value"} <= signals
    assert not signals & DECISIVE_FILTERS
    assert {"placeholder", "templated", "code_reference", "uuid"} <= DECISIVE_FILTERS


def test_classify_leaves_signal_hits_to_the_judge() -> None:
    (c,) = candidates('password = "sunshine"\n', path="app/config.py")
    assert "wordlike_value" in c.features.filter_hits
    assert classify(c, None).status == "uncertain"


def test_classify_dismisses_on_a_decisive_filter() -> None:
    (c,) = candidates("password = \"{make_password(seed=1)}\"\n", path="tests/test_x.py")
    change = classify(c, None)
    assert change.status == "dismissed" and change.decided_by == "filter"


@pytest.mark.parametrize("text,path", [
    ("token = f\"prefix-{make_token(seed=3)}\"\n", "tests/test_tokens.py"),  # an f-string expression
    ("password = userPassword;\n", "src/login.js"),  # a variable
    ("LABEL_PASSWORD = \"Passwort eingeben\"\n", "i18n/de.py"),  # a message-catalogue entry
    ("secret_name = \"prod-db-credentials\"\n", "deploy/vault.py"),  # names a secret, holds none
])
def test_general_false_alarms_are_dismissed_before_the_judge(text: str, path: str) -> None:
    for c in candidates(text, path):
        assert classify(c, None).status == "dismissed", c.rule_id


# --- human-chosen passwords in production code are never dismissed by the model ----------------

# Word-made passwords as people choose them (built here, not taken from any data set).
_HUMAN_PASSWORDS = ["".join(parts) for parts in (
    ("sunshine", "2024"), ("correct", "horse", "battery"), ("Monkey", "!", "Business", "7"), ("spring", "time", "99"),
)]


@pytest.mark.parametrize("value", _HUMAN_PASSWORDS)
@pytest.mark.parametrize("text,path", [
    ('db_password = "{v}"\n', "app/settings.py"),
    ('DATABASES = {{"default": {{"PASSWORD": "{v}"}}}}\n', "project/settings.py"),
    ("database:\n  password: {v}\n", "deploy/config.yaml"),
    ("DB_PASSWORD={v}\n", ".env"),
    # provider rules that name a slot, not a token format: what a person typed there
    ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n  password: {v}\n", "k8s/db-secret.yaml"),
    ("kubectl create secret docker-registry regcred --docker-username=ci --docker-password={v}\n", "deploy/registry.sh"),
])
def test_a_word_made_password_in_production_config_waits_for_a_person_at_least(value, text, path) -> None:
    req = request(text.format(v=value), path=path)
    assert verdict_of(req) in ("secret", "unsure")


@pytest.mark.parametrize("text,path", [
    ('db_password = "{v}"\n', "tests/test_settings.py"),  # a test's password
    ('PASSWORD = "{v}"\n', "docs/examples/settings.py"),  # documentation
    ('assert form.password == "{v}"\n', "app/forms.py"),  # a comparison
])
def test_the_floor_does_not_apply_to_tests_docs_or_comparisons(text, path) -> None:
    from secretloop.loops.judges.offline import production_credential

    found = candidates(text.format(v=_HUMAN_PASSWORDS[1]), path)
    assert found, "the scanner should still report it as a candidate"
    for c in found:
        req = JudgeRequest.from_candidate(c, CATALOGUE.get(c.rule_id).description)
        assert not production_credential(features_of(req))


# --- database passwords in SQL setup scripts --------------------------------------------------

def test_a_database_password_in_an_init_script_is_confirmed_and_a_placeholder_is_not() -> None:
    real = high_entropy(seed=7, length=14)
    req = request(f"CREATE USER 'app'@'%' IDENTIFIED BY '{real}';\n", path="docker/initdb/01-users.sql")
    assert req.rule_id == "sql-user-password"
    assert verdict_of(req) == "secret"
    for stand_in in ("changeme", "password"):
        found = candidates(f"ALTER ROLE app WITH LOGIN PASSWORD '{stand_in}';\n", path="db/roles.sql")
        assert found and all(c.status == "candidate" for c in found)
        assert all(classify(c, None).status == "dismissed" for c in found), stand_in


def test_a_custom_rule_is_weighed_by_the_kind_its_catalogue_gives_it() -> None:
    """A rule the packaged catalogue does not know is weighed as generic, unless the request
    carries its category and specificity (as the engine sends them from the scan's rules)."""
    packaged = request(f'GITHUB_TOKEN = "{github_pat(seed=41)}"\n')
    rule = CATALOGUE.get(packaged.rule_id)
    assert rule.specific
    renamed = packaged.model_copy(update={"rule_id": "acme-own-token"})
    described = renamed.model_copy(update={"rule_category": rule.category, "rule_specific": rule.specific})
    assert features_of(described) == features_of(packaged)
    assert features_of(renamed) != features_of(packaged)  # unknown and undescribed: generic


# --- words written as a stand-in where examples live --------------------------------------------

@pytest.mark.parametrize("text,path", [
    ("model = Model(password='CorrectHorseExample')\n", "docs/usage.md"),
    ('client.login(password="MySecretPassword")\n', "tests/test_client.py"),
    ("# e.g. api_secret = 'SuperSecretValue'\n", "app/settings.py"),
])
def test_english_words_in_tests_docs_and_comments_are_an_examples_stand_in(text, path) -> None:
    req = request(text, path=path)
    assert verdict_of(req) == "not_secret"


@pytest.mark.parametrize("text,path", [
    ('client.login(password="{v}")\n', "tests/test_client.py"),  # a generated fixture: a person decides
    ("DB_PASSWORD=PurpleMonkeyDishwasher\n", "deploy/.env"),  # words in production config: a person decides
])
def test_random_values_there_and_words_elsewhere_are_still_shown(text, path) -> None:
    req = request(text.format(v=high_entropy(seed=8, length=20)), path=path)
    assert verdict_of(req) in ("secret", "unsure")


def test_a_random_keys_small_shortfall_in_entropy_is_not_named_as_evidence() -> None:
    # a random 40-character key usually falls a few tenths of a bit short of log2(40): no sign of a stand-in
    weight = offline_model.WEIGHTS["entropy_gap"]
    for seed in range(7, 40):
        value = high_entropy(seed=seed, length=40)
        req = request(f'TEST_API_TOKEN = "{value}"\n', "tests/test_client.py")
        feats = features_of(req)
        if 0 < abs(weight * feats["entropy_gap"]) < 0.1:
            break
    else:
        pytest.fail("no draw with a small shortfall")
    for secret in (True, False):
        assert "less random than its length allows" not in explain(req, secret, feats)
