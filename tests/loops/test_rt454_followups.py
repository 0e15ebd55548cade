"""Follow-ups of red-team sets 454 onwards: device clouds, API client collections, office and business automation
(Salesforce, ServiceNow, UiPath, Blue Prism), retail platforms, education technology, secret-scanning artefacts.
Values are drawn at run time; failures name the file and the statuses, never the value (PYTEST_DONT_REWRITE: plain
asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import json
import random
import string
import uuid

from secretloop.loops.features import is_test_path, language_for
from tests.loops.test_fp_corpus_classes import SCANNER, not_shown, outcomes
from tests.support.tokens import random_chars

_R = random.Random(454)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"
_FOUND = (["confirmed"], ["pending"])


def _rules(text: str, path: str) -> list[str]:
    return [c.rule_id for c in SCANNER.scan_text(text, 0, path)]


def _mixed(n: int) -> str:
    """A random value with an upper-case letter, a lower-case letter and a digit in it."""
    return "Q" + "q" + "7" + random_chars(_R, n - 3, _ALNUM)


def _b64url(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


# --- languages and places (sets 455, 456) -------------------------------------------------------------------------------

def test_apps_script_apex_and_workflow_files_are_read_in_their_languages() -> None:
    assert language_for("gas-tools/src/Config.gs") == "javascript"
    assert language_for("scripts/apex/reset.apex") == "java"
    assert language_for("force-app/main/default/triggers/Lead.trigger") == "java"
    # an Apex class where sfdx keeps them is Java-like (// comments, '…' strings); a VBA class module stays VB
    assert language_for("force-app/main/default/classes/ErpCallout.cls") == "java"
    assert language_for("vba/clsInvoice.cls") == "vb"
    assert language_for("InvoiceBot/Main.xaml") == "xml"
    assert language_for("blueprism/InvoiceBot.bprelease") == "xml"


def test_an_apex_string_literal_in_a_class_is_not_read_as_a_vb_comment() -> None:
    key = _mixed(32)
    code = f"public class ErpCallout {{\n    private static final String API_KEY = '{key}';\n}}\n"
    assert outcomes(code, "force-app/main/default/classes/ErpCallout.cls") == ["confirmed"]


def test_thunder_clients_workspace_folder_is_not_a_test_folder() -> None:
    assert not is_test_path("api-collections/thunder-tests/thunderEnvironment.json")
    assert is_test_path("api-collections/integration-tests/env.json")


# --- API client collections (set 455) -----------------------------------------------------------------------------------

def test_every_secret_of_a_postman_auth_helper_is_found_not_only_the_first() -> None:
    secret = _mixed(40)
    consumer_secret, token_secret, hawk_key = _mixed(50), _mixed(45), random_chars(_R, 64, _HEX)
    collection = (
        '{"item": [\n'
        '  {"request": {"auth": {"type": "awsv4", "awsv4": [\n'
        '    {"key": "region", "value": "eu-central-1", "type": "string"},\n'
        f'    {{"key": "secretKey", "value": "{secret}", "type": "string"}},\n'
        '    {"key": "sessionToken", "value": "", "type": "string"}\n'
        '  ]}}},\n'
        '  {"request": {"auth": {"type": "oauth1", "oauth1": [\n'
        f'    {{"key": "consumerKey", "value": "{random_chars(_R, 25, _ALNUM)}", "type": "string"}},\n'
        f'    {{"key": "consumerSecret", "value": "{consumer_secret}", "type": "string"}},\n'
        f'    {{"key": "tokenSecret", "value": "{token_secret}", "type": "string"}},\n'
        '    {"key": "signatureMethod", "value": "HMAC-SHA1", "type": "string"}\n'
        '  ]}}},\n'
        '  {"request": {"auth": {"type": "hawk", "hawk": [\n'
        '    {"key": "authId", "value": "ledger-reader", "type": "string"},\n'
        f'    {{"key": "authKey", "value": "{hawk_key}", "type": "string"}}\n'
        '  ]}}}\n'
        ']}\n')
    path = "api-collections/postman/Partners.postman_collection.json"
    found = [(c.start_line, c.rule_id) for c in SCANNER.scan_text(collection, 0, path)]
    # (the first credential of a helper is postman-auth-parameter-secret's, the others this rule's)
    assert [line for line, _ in found] == [4, 9, 10, 15]
    assert [rule for _, rule in found].count("postman-auth-helper-entry-secret") == 3
    assert outcomes(collection, path) == ["confirmed"] * 4
    assert not_shown(collection.replace(secret, "{{aws_secret_key}}").replace(consumer_secret, "{{cs}}")
                     .replace(token_secret, "{{ts}}").replace(hawk_key, "{{hawk}}"), path)


# --- office and business automation (set 456) --------------------------------------------------------------------------

def test_a_salesforce_custom_metadata_secret_and_a_servicenow_string_property_are_found() -> None:
    secret = _mixed(32)
    metadata = ('<?xml version="1.0" encoding="UTF-8"?>\n<CustomMetadata xmlns="http://soap.sforce.com/2006/04/metadata">\n'
                '    <values>\n        <field>Client_Secret__c</field>\n'
                f'        <value xsi:type="xsd:string">{secret}</value>\n    </values>\n</CustomMetadata>\n')
    path = "force-app/main/default/customMetadata/Integration_Setting.Marketo.md-meta.xml"
    assert "xml-name-element-then-value-secret" in _rules(metadata, path)
    assert outcomes(metadata, path) == ["confirmed"]
    app_key = random_chars(_R, 40, _HEX)
    prop = ('<record_update table="sys_properties">\n    <sys_properties action="INSERT_OR_UPDATE">\n'
            '        <name>x_acme_itsm.datadog.app_key</name>\n        <type>string</type>\n'
            f'        <value>{app_key}</value>\n')
    assert outcomes(prop, "update_sets/sys_properties_datadog.xml") == ["confirmed"]
    # password and password2 properties are stored hashed and encrypted: what the export holds is no clear value
    encrypted = prop.replace("<type>string</type>", "<type>password2</type>").replace(
        app_key, base64.b64encode(bytes(_R.getrandbits(8) for _ in range(32))).decode())
    assert not_shown(encrypted, "update_sets/sys_properties_datadog.xml")


def test_a_blue_prism_data_items_initial_value_is_found_and_an_empty_one_is_not() -> None:
    key = _mixed(32)
    release = ('<bpr:contents>\n  <process name="Invoice Intake">\n'
               '    <stage stageid="9c1e" name="API Key" type="Data">\n      <datatype>password</datatype>\n'
               f'      <initialvalue>{key}</initialvalue>\n    </stage>\n')
    assert "blue-prism-data-item-secret" in _rules(release, "blueprism/InvoiceBot.bprelease")
    assert outcomes(release, "blueprism/InvoiceBot.bprelease") == ["confirmed"]
    assert not_shown(release.replace(f"<initialvalue>{key}</initialvalue>", "<initialvalue />"),
                     "blueprism/InvoiceBot.bprelease")


def test_a_password_set_for_a_user_by_apex_or_a_servicenow_script_is_found() -> None:
    password = "e!5" + _mixed(12)
    apex = f"System.setPassword('00557{random_chars(_R, 10, _ALNUM)}', '{password}');\n"
    snow = ("var gr = new GlideRecord('sys_user');\n"
            f"gr.user_password.setDisplayValue('{password}');\n")
    assert outcomes(apex, "scripts/apex/anon_reset.apex") in _FOUND
    assert outcomes(snow, "scripts/background/fix_users.js") in _FOUND
    assert not_shown("System.setPassword(u.Id, newPassword);\n", "scripts/apex/anon_reset.apex")
    assert not_shown("gr.user_password.setDisplayValue(gs.getProperty('glide.default_password'));\n",
                     "scripts/background/fix_users.js")


def test_a_password_made_a_secure_string_through_a_qualified_network_credential_is_found() -> None:
    password = _mixed(11) + "!"
    xaml = ('<Assign.Value><InArgument x:TypeArguments="s:Security.SecureString">'
            f'[new System.Net.NetworkCredential("", "{password}").SecurePassword]</InArgument></Assign.Value>\n')
    assert "db-connect-literal-password" in _rules(xaml, "uipath/InvoiceBot/Main.xaml")


def test_a_message_dicts_state_text_is_not_a_credential() -> None:
    code = ("const MESSAGES = {\n  'auth.token.expired': 'Expired',\n  'auth.password.mismatch': 'Mismatch',\n};\n")
    assert not_shown(code, "gas-tools/src/Messages.gs")


def test_a_break_glass_admin_pair_in_a_runbook_is_shown() -> None:
    doc = f"## Accounts\n\n- break-glass Orchestrator admin: `admin` / `{_mixed(13)}@` (change after the incident)\n"
    assert outcomes(doc, "docs/RUNBOOK.md") in _FOUND


def test_a_tokens_header_and_claims_without_its_signature_are_dismissed_unless_sent() -> None:
    head = _b64url({"alg": "HS256"})
    unsigned = f"{head}.{_b64url({})}."
    apex = f"    String token = '{unsigned}' + 'dummy';\n"
    assert not_shown(apex, "force-app/main/default/classes/ErpCalloutTest.cls")
    # sent as a credential, a server that skips the check takes it: a person sees it
    sent = f"req.setHeader('Authorization', 'Bearer {head}.{_b64url({'sub': 'u1', 'iat': 1700000000})}.');\n"
    assert outcomes(sent, "src/client.ts") in _FOUND


# --- device clouds (set 454) --------------------------------------------------------------------------------------------

def test_a_lorawan_app_key_written_as_bytes_is_confirmed() -> None:
    key = ", ".join(f"0x{_R.getrandbits(8):02X}" for _ in range(16))
    code = f"static const u1_t PROGMEM APPKEY[16] = {{ {key} }};\n"
    assert outcomes(code, "firmware/lmic_config.h") == ["confirmed"]
    zeros = ", ".join(["0x00"] * 16)
    assert not_shown(f"static const u1_t PROGMEM APPKEY[16] = {{ {zeros} }};\n", "firmware/lmic_config.h")


def test_a_uuid_under_a_personal_access_tokens_name_is_kept() -> None:
    env = f"ST_PAT={uuid.UUID(int=_R.getrandbits(128), version=4)}\nST_LOCATION={uuid.UUID(int=_R.getrandbits(128), version=4)}\n"
    assert outcomes(env, "smartthings/docker.env") == ["confirmed"]


# --- retail platforms (set 457) -----------------------------------------------------------------------------------------

def test_a_checkout_com_classic_secret_key_is_found_and_its_public_key_is_not() -> None:
    key_uuid = uuid.UUID(int=_R.getrandbits(128), version=4)
    code = f"const cko = new Checkout('sk_{key_uuid}');\n"
    assert _rules(code, "src/payments/checkoutcom.ts") == ["checkout-com-classic-secret-key"]
    assert outcomes(code, "src/payments/checkoutcom.ts") == ["confirmed"]
    assert not_shown(f"const publicKey = 'pk_{key_uuid}'; // checkout frames\n", "src/payments/checkoutcom.ts")


# --- education technology and secret-scanning artefacts (sets 458, 459) -------------------------------------------------

def test_moodles_password_salt_is_found() -> None:
    code = f"<?php\n$CFG->dbpass = getenv('DB_PASS');\n$CFG->passwordsaltmain = '{random_chars(_R, 32, _HEX)}';\n"
    assert outcomes(code, "moodle/config.php") == ["confirmed"]


def test_a_dotted_pass_phrase_in_a_dotenv_file_is_not_a_member_expression() -> None:
    env = "REDIS_HOST=cache.internal\nREDIS_PASSWORD=willow.orbit.cable.lantern\n"
    assert outcomes(env, "scanner-runner/.env") in _FOUND
    assert not_shown("password = self.config.redis.password\n", "app/settings.py")


def test_a_scanners_ignored_match_digests_are_not_secrets() -> None:
    lines = "".join(f"    - match: {random_chars(_R, 64, _HEX)}\n      name: accepted finding {i}\n" for i in range(3))
    config = ("version: 2\n\nsecret:\n  show-secrets: false\n  ignored-paths:\n    - 'tests/fixtures/**'\n"
              f"  ignored-matches:\n{lines}")
    assert not_shown(config, ".gitguardian.yaml")
    # a secrets block's own entries are still read
    block = f"secrets:\n  prod: {_mixed(32)}\n  staging: {_mixed(32)}\n"
    assert outcomes(block, "deploy/values.yaml") in (["confirmed", "confirmed"], ["pending", "pending"])
