"""Provider formats in the catalogue, and the filters that read a value against its name.

`provider_names` / `provider_format` on a provider rule say "a credential under this name
has this one shape"; `provider_format_mismatch` dismisses a generic finding whose name names
such a provider and whose value can be none of its shapes. Values are synthetic; assertion
messages name cases, never values.
"""

from __future__ import annotations

import random
import string

import pytest

from secretloop.loops.detect import Detector
from secretloop.loops.filters import FILTERS_BY_NAME, RuleFormats, run_filters
from secretloop.loops.phases.filter import classify
from secretloop.loops.rules.catalogue import CatalogueError, load_catalogue, parse_catalogue
from secretloop.loops.scanner import Scanner

CATALOGUE = load_catalogue()
DETECTOR = Detector(CATALOGUE)
PROVIDER_RULES = [r for r in CATALOGUE.rules if r.provider_names is not None]
URLSAFE = string.ascii_letters + string.digits + "_-"


def _random(seed: int, length: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(length))


def _telegram(seed: int, bot_id_digits: int = 10, secret_length: int = 35) -> str:
    return _random(seed, bot_id_digits, string.digits) + ":AA" + _random(seed + 1, secret_length - 2, URLSAFE)


def mismatch(value: str, key: str) -> bool:
    return FILTERS_BY_NAME["provider_format_mismatch"].check(value, f'{key} = "{value}"', key, "python")


# --- the catalogue fields -------------------------------------------------------------

def test_some_provider_rules_declare_a_format() -> None:
    ids = {r.id for r in PROVIDER_RULES}
    assert {"telegram-bot-token", "cisco-meraki-api-key"} <= ids
    assert all(r.specific for r in PROVIDER_RULES)


@pytest.mark.parametrize("rule_id", [r.id for r in PROVIDER_RULES])
def test_a_rules_own_positives_have_its_provider_format(rule_id: str) -> None:
    # The format must never be narrower than what the rule itself reports.
    rule = CATALOGUE.get(rule_id)
    for i, example in enumerate(rule.positive):
        for m in DETECTOR.run_rule(rule_id, example):
            if not rule.provider_value(example[m.start:m.end]):
                pytest.fail(f"{rule_id}: positive example #{i} does not have the rule's provider_format")


def test_names_provider_reads_normalised_names() -> None:
    rule = CATALOGUE.get("telegram-bot-token")
    for name in ("telegram_bot_token", "telegram_token", "telegram_api_token", "my_telegram_bot_token", "tg_bot_token"):
        assert rule.names_provider(name), name
    for name in ("telegram_webhook_secret_token", "telegram_chat_id", "bot_token", "telegram_password"):
        assert not rule.names_provider(name), name


_RULE = '''
[[rules]]
id = "demo"
title = "Demo"
category = "{category}"
confidence = "medium"
keywords = ["demo"]
pattern = \'\'\'demo=(?P<secret>[a-f0-9]{{8}})\'\'\'
{extra}
description = "A demo rule for the catalogue loader's tests, long enough to pass."
positive = ["demo=0a1b2c3d"]
negative = ["demo=xyz"]
'''


def test_provider_fields_load_and_validate() -> None:
    ok = parse_catalogue(_RULE.format(category="saas", extra="provider_names = '(?:^|_)demo_key$'\nprovider_format = '[a-f0-9]{8}'"))
    rule = ok.get("demo")
    assert rule.names_provider("app_demo_key") and not rule.names_provider("demo_id")
    assert rule.provider_value("0a1b2c3d") and not rule.provider_value("0a1b2c3d9")
    with pytest.raises(CatalogueError, match="go together"):
        parse_catalogue(_RULE.format(category="saas", extra="provider_names = 'demo'"))
    with pytest.raises(CatalogueError, match="provider rule"):
        parse_catalogue(_RULE.format(category="generic", extra="provider_names = 'demo'\nprovider_format = 'x'\nmin_entropy = 1.0"))
    with pytest.raises(CatalogueError, match="RE2"):
        parse_catalogue(_RULE.format(category="saas", extra="provider_names = '(?=demo)'\nprovider_format = 'x'"))


# --- the filter -----------------------------------------------------------------------

CASES_MISMATCH = [
    ("telegram_api_token", _random(1, 4, string.digits) + ":AA" + _random(2, 33, URLSAFE)),  # bot id too short
    ("TELEGRAM_BOT_TOKEN", _telegram(3) + "-suffix"),  # too long
    ("telegramBotToken", _random(4, 24)),  # another shape entirely
    ("MERAKI_API_KEY", _random(5, 64, "0123456789abcdef")),
]
CASES_KEPT = [
    ("TELEGRAM_BOT_TOKEN", _telegram(6)),  # the format
    ("telegram_token", _random(7, 9, string.digits) + ":" + _random(8, 35, URLSAFE)),  # the format without AA
    ("telegram_webhook_secret", _random(9, 24)),  # another Telegram credential: user-chosen
    ("bot_token", _random(10, 24)),  # names no provider
    ("api_token", _random(11, 24)),
    ("MERAKI_API_KEY", _random(12, 40, "0123456789abcdef")),
    ("meraki_org_id", _random(13, 24)),
]


@pytest.mark.parametrize("case", range(len(CASES_MISMATCH)))
def test_a_value_that_cannot_be_the_named_providers_token_is_dismissed(case: int) -> None:
    key, value = CASES_MISMATCH[case]
    assert mismatch(value, key), f"case {case}"


@pytest.mark.parametrize("case", range(len(CASES_KEPT)))
def test_a_value_of_the_format_or_an_unrelated_name_is_kept(case: int) -> None:
    key, value = CASES_KEPT[case]
    assert not mismatch(value, key), f"case {case}"


def test_another_known_format_under_the_name_is_kept() -> None:
    # A JWT under telegram_token cannot be a bot token, but it is still a credential.
    jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJib3QtNDIiLCJpYXQiOjE3MDAwMDAwMDB9." + _random(14, 43, URLSAFE)
    assert not mismatch(jwt, "telegram_token")


def test_the_filter_is_for_generic_findings_only() -> None:
    key, value = CASES_MISMATCH[0]
    line = f'{key} = "{value}"'
    assert "provider_format_mismatch" in run_filters(value, line, key, generic=True, language="python")
    assert "provider_format_mismatch" not in run_filters(value, line, key, generic=False, language="python")


def test_a_generic_finding_under_a_mismatched_name_is_dismissed_end_to_end() -> None:
    scanner = Scanner(CATALOGUE)
    key, value = CASES_MISMATCH[0]
    bad = scanner.scan_text(f'{key} = "{value}"\n', 0, "app/settings.py")
    assert bad and all(c.rule_id in ("secret-assignment", "secret-in-config-line") for c in bad)
    assert all(classify(c, None).status == "dismissed" for c in bad)
    good = scanner.scan_text(f'TELEGRAM_BOT_TOKEN = "{_telegram(15)}"\n', 0, "app/settings.py")
    assert [c.rule_id for c in good] == ["telegram-bot-token"]
    assert classify(good[0], None).status == "confirmed"


# --- low entropy and message-catalogue names --------------------------------------------

def check(name: str, value: str, key: str | None = None) -> bool:
    return FILTERS_BY_NAME[name].check(value, f'{key or "value"} = "{value}"', key, "python")


@pytest.mark.parametrize("value", ["aaaabbbb", "passpass", "testtest", "abcabcabcabc", "1111222233334444"])
def test_low_entropy_still_dismisses_typed_repeats(value: str) -> None:
    assert check("low_entropy", value)


def test_low_entropy_keeps_short_random_values_that_repeat_a_letter() -> None:
    # 8 random letters with one letter three times: under 2.5 bits, yet nothing typed about it.
    rng = random.Random(16)
    letters = rng.sample(string.ascii_lowercase, 6)
    value = "".join(letters[:1] * 3 + letters[1:])
    assert len(value) == 8 and not check("low_entropy", value)


def test_ui_text_key_leaves_random_values_alone() -> None:
    assert check("ui_text_key", "Invalid token", key="MSG_INVALID_TOKEN")
    assert not check("ui_text_key", _random(17, 25, string.ascii_lowercase + string.digits), key="message_bird_token")



# --- the scan's own catalogue (custom rules) ------------------------------------------

# A custom rules file: a generic assignment rule and a provider rule that declares its format.
_CUSTOM = '''
[[rules]]
id = "custom-key-assignment"
title = "Key assignment"
category = "generic"
confidence = "medium"
keywords = ["key"]
pattern = \'\'\'(?P<key>[A-Za-z_]*[Kk][Ee][Yy])[ \\t]*=[ \\t]*"(?P<secret>[A-Za-z0-9_]{8,64})"\'\'\'
description = "A value assigned to a name ending in key, for the provider-format tests."
positive = ['ACME_API_KEY = "q8Wz3LkP0vR7"']
negative = ['ACME_API_KEY = "short"']

[[rules]]
id = "acme-api-key"
title = "Acme API key"
category = "saas"
confidence = "high"
keywords = ["acme_"]
pattern = \'\'\'\\b(?P<secret>acme_[a-f0-9]{32})\\b\'\'\'
provider_names = \'\'\'(?:^|_)acme_api_key$\'\'\'
provider_format = \'\'\'acme_[a-f0-9]{32}\'\'\'
description = "An Acme API key: acme_ and 32 hex digits (a made-up provider for the tests)."
positive = ["acme_0123456789abcdef0123456789abcdef"]
negative = ["acme_0123456789abcdef"]
'''


def test_the_filter_reads_the_formats_of_the_catalogue_the_scan_runs_with() -> None:
    custom = parse_catalogue(_CUSTOM, source="custom.toml")
    formats = RuleFormats(Detector(custom))
    value, key = _random(20, 24), "ACME_API_KEY"
    line = f'{key} = "{value}"'
    check = FILTERS_BY_NAME["provider_format_mismatch"].check
    assert not check(value, line, key, "python")  # the packaged rules know no Acme
    assert check(value, line, key, "python", formats)  # the custom rule declares its one format
    assert "provider_format_mismatch" in run_filters(value, line, key, language="python", formats=formats)
    token = "acme_" + _random(21, 32, "0123456789abcdef")
    assert not check(token, f'{key} = "{token}"', key, "python", formats)


def test_a_scanner_over_custom_rules_applies_their_provider_formats() -> None:
    custom = parse_catalogue(_CUSTOM, source="custom.toml")
    text = f'ACME_API_KEY = "{_random(22, 24)}"\n'
    found = Scanner(custom).scan_text(text, 0, "app/settings.py")
    assert [c.rule_id for c in found] == ["custom-key-assignment"]
    assert "provider_format_mismatch" in found[0].features.filter_hits
    assert classify(found[0], None).status == "dismissed"
    # the same text under the packaged rules: no Acme format, no such hit
    assert all("provider_format_mismatch" not in c.features.filter_hits
               for c in Scanner(CATALOGUE).scan_text(text, 0, "app/settings.py"))
