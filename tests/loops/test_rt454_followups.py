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


# --- languages and places (sets 455, 456) -----------------------------------------------------------------------------

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


# --- API client collections (set 455) ---------------------------------------------------------------------------------

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


# --- office and business automation (set 456) -------------------------------------------------------------------------

def test_a_salesforce_custom_metadata_secret_and_a_servicenow_string_property_are_found() -> None:
    secret = _mixed(32)
    metadata = ('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<CustomMetadata xmlns="http://soap.sforce.com/2006/04/metadata">\n'
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


# --- device clouds (set 454) ------------------------------------------------------------------------------------------

def test_a_lorawan_app_key_written_as_bytes_is_confirmed() -> None:
    key = ", ".join(f"0x{_R.getrandbits(8):02X}" for _ in range(16))
    code = f"static const u1_t PROGMEM APPKEY[16] = {{ {key} }};\n"
    assert outcomes(code, "firmware/lmic_config.h") == ["confirmed"]
    zeros = ", ".join(["0x00"] * 16)
    assert not_shown(f"static const u1_t PROGMEM APPKEY[16] = {{ {zeros} }};\n", "firmware/lmic_config.h")


def test_a_uuid_under_a_personal_access_tokens_name_is_kept() -> None:
    pat, location = (uuid.UUID(int=_R.getrandbits(128), version=4) for _ in range(2))
    env = f"ST_PAT={pat}\nST_LOCATION={location}\n"
    assert outcomes(env, "smartthings/docker.env") == ["confirmed"]


# --- retail platforms (set 457) ---------------------------------------------------------------------------------------

def test_a_checkout_com_classic_secret_key_is_found_and_its_public_key_is_not() -> None:
    key_uuid = uuid.UUID(int=_R.getrandbits(128), version=4)
    code = f"const cko = new Checkout('sk_{key_uuid}');\n"
    assert _rules(code, "src/payments/checkoutcom.ts") == ["checkout-com-classic-secret-key"]
    assert outcomes(code, "src/payments/checkoutcom.ts") == ["confirmed"]
    assert not_shown(f"const publicKey = 'pk_{key_uuid}'; // checkout frames\n", "src/payments/checkoutcom.ts")


# --- education technology and secret-scanning artefacts (sets 458, 459) -----------------------------------------------

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


# --- media and research tooling (sets 460, 461) -----------------------------------------------------------------------

def test_a_key_passed_alone_to_an_api_clients_constructor_is_found() -> None:
    key = _mixed(48)
    assert _rules(f'client = PexelsAPI("{key}")\n', "media/pexels.py") == ["api-client-constructor-key"]
    assert outcomes(f'client = AuthenticatedApiClient("{key}")\n', "media/apivideo.py") == ["confirmed"]
    # a base URL, a bucket's name or a variable is no key
    assert not_shown("const client = new ApiClient('https://api.example.com/v2');\n", "src/api.ts")
    assert not_shown('client = StorageClient("my-project-backups")\n', "jobs/backup.py")
    assert not_shown('client = PexelsAPI(os.environ["PEXELS_API_KEY"])\n', "media/pexels.py")


def test_a_wordpress_application_password_given_as_a_pair_is_found() -> None:
    password = " ".join(random_chars(_R, 4, _ALNUM) for _ in range(6))
    code = f'auth = ("editor", "{password}")\nrequests.post(f"{{SITE}}/wp-json/wp/v2/posts", auth=auth, json=post)\n'
    assert "wordpress-application-password" in _rules(code, "publish/publish.py")


def test_a_key_named_with_its_encoding_and_a_camel_case_routing_key_are_found() -> None:
    munge = base64.b64encode(bytes(_R.getrandbits(8) for _ in range(128))).decode()
    assert outcomes(f'munge_key_b64: "{munge}"\n', "ansible/group_vars/cluster/vars.yml") == ["confirmed"]
    go = f'const pagerdutyRoutingKey = "{random_chars(_R, 32, _HEX)}"\n'
    assert _rules(go, "pipeline/notify.go") == ["pagerduty-integration-key"]


def test_a_key_files_path_given_as_an_option_is_no_key() -> None:
    conf = "AuthAltTypes=auth/jwt\nAuthAltParameters=jwt_key=/var/spool/slurm/statesave/jwt_hs256.key\n"
    assert not_shown(conf, "cluster/slurm/slurm.conf")


# --- network automation and the probe of this stop (sets 462, 464) ----------------------------------------------------

def test_network_shared_keys_under_their_protocols_names_are_found() -> None:
    yaml = (f'tacacs_key: "{_mixed(20)}!"\nradius_server_secret: "{_mixed(18)}"\n'
            f'snmp_ro_community: {random_chars(_R, 14, "abcdefghijkmnopqrstuvwxyz0123456789")}\n'
            f'gateway_sic_key: {_mixed(12)}*\n')
    assert outcomes(yaml, "ansible/group_vars/ios/vars.yml") == ["confirmed"] * 4
    assert not_shown('radius_key: "{{ vault_radius_key }}"\nsnmp_ro_community_acl: MGMT-ONLY\n',
                     "ansible/group_vars/ios/vars.yml")


def test_an_ntp_key_and_an_ios_keyrings_pre_shared_key_are_read_as_the_key() -> None:
    psk = _mixed(16)
    cfg = (f"ntp authentication-key 42 md5 {_mixed(12)}\nntp trusted-key 42\n"
           f"crypto keyring PARTNERS\n pre-shared-key address 203.0.113.9 key {psk}\n")
    found = SCANNER.scan_text(cfg, 0, "configs/backups/core-rtr-01.cfg")
    assert [(c.start_line, c.rule_id) for c in found] == [(1, "network-device-shared-key"),
                                                          (4, "network-device-shared-key")]
    # the keyring's key is what is taken, not the word after pre-shared-key
    assert found[1].end_col == len(cfg.splitlines()[3])


def test_moodles_alternate_salts_are_found() -> None:
    code = f"<?php\n$CFG->passwordsaltalt1 = '{_mixed(30)}';\n"
    assert outcomes(code, "lms/moodle/config.php") == ["confirmed"]


def test_a_workflow_variables_default_is_read_with_its_name_in_either_order() -> None:
    token = random_chars(_R, 32, _HEX)
    xaml = ('<Activity>\n  <x:Members>\n'
            f'    <x:Property Name="in_ApiSecret" Type="InArgument(x:String)" Default="{_mixed(28)}" />\n'
            '  </x:Members>\n  <Sequence.Variables>\n'
            f'    <Variable x:TypeArguments="x:String" Default="{token}" Name="OrchestratorApiToken" />\n'
            '    <Variable x:TypeArguments="x:String" Default="[Config(&quot;PasswordAsset&quot;).ToString]" '
            'Name="PasswordAssetName" />\n')
    assert outcomes(xaml, "uipath/InvoiceBot/Main.xaml") == ["confirmed", "confirmed", "dismissed"]


# --- identity plumbing, firmware builds, API specifications (sets 465-467) --------------------------------------------

def test_an_approle_secret_id_is_kept_beside_its_role_and_an_unrelated_secret_id_is_not() -> None:
    secret_id = uuid.UUID(int=_R.getrandbits(128), version=4)
    code = f"client.auth.approle.login(role_id=ROLE_ID, secret_id='{secret_id}')\n"
    assert outcomes(code, "deploy/approle.py") in _FOUND
    json_text = (f'{{"data": {{"secret_id_accessor": "{uuid.UUID(int=_R.getrandbits(128), version=4)}",\n'
                 f'  "secret_id": "{secret_id}",\n  "secret_id_ttl": 600}}}}\n')
    assert outcomes(json_text, "vault/secret-id.json") == ["dismissed", "confirmed"]
    # AWS Secrets Manager's SecretId names a secret
    assert not_shown(f'resp = sm.get_secret_value(secret_id="{secret_id}")\n', "app/secrets.py")


def test_an_acme_eab_hmac_key_is_found_and_an_expected_hmac_digest_is_not() -> None:
    hmac_key = base64.urlsafe_b64encode(bytes(_R.getrandbits(8) for _ in range(32))).decode().rstrip("=")
    env = f"EAB_KID={random_chars(_R, 22, _ALNUM)}\nEAB_HMAC={hmac_key}\n"
    assert outcomes(env, "pki/gts.env")[-1:] == ["confirmed"]
    assert outcomes(f'acme {{ eab_hmac = "{hmac_key}" }}\n', "spire/oidc.conf") == ["confirmed"]
    digest = random_chars(_R, 64, _HEX)
    assert not_shown(f'EXPECTED_HMAC = "{digest}"  # over the fixture\n', "factory/tests/test_provision.py")


def test_vault_init_json_unseal_keys_are_found() -> None:
    b64 = base64.b64encode(bytes(_R.getrandbits(8) for _ in range(33))).decode()
    text = (f'{{"unseal_keys_b64": ["{b64}"],\n "unseal_keys_hex": ["{random_chars(_R, 66, _HEX)}"],\n'
            ' "unseal_shares": 1, "unseal_threshold": 1}\n')
    assert _rules(text, "ops/vault/init.json") == ["vault-unseal-key-assignment"] * 2


def test_a_password_reset_templates_id_and_an_openapi_example_password_are_not_credentials() -> None:
    toml = f'[templates]\npassword_reset = "{uuid.UUID(int=_R.getrandbits(128), version=4)}"\n'
    assert not_shown(toml, "services/notifications/config/mail.toml")
    spec = ("paths:\n  /users:\n    post:\n      requestBody:\n        content:\n          application/json:\n"
            "            example:\n              email: jane@example.com\n"
            "              password: correct-horse-battery-staple\n")
    assert not_shown(spec, "api/openapi/users.v1.yaml")
    # a real config's nested password stays a password
    assert outcomes(f"database:\n  primary:\n    password: {_mixed(16)}\n", "deploy/values.yaml") in _FOUND


def test_a_secret_that_says_it_is_for_tests_is_a_stand_in() -> None:
    assert not_shown('api = Client(client_secret="s3cr3t-for-unit-tests")\n', "clients/python/test/test_auth_api.py")
    assert not_shown('KEY = "signing_key_for_testing"\n', "app/config.py")


def test_openwrts_wireless_pass_phrase_of_words_is_kept() -> None:
    uci = ("config wifi-iface 'default_radio0'\n\toption ssid 'Acme-Office'\n\toption encryption 'sae-mixed'\n"
           "\toption key 'quartz-canyon-maple-31'\n")
    assert outcomes(uci, "files/etc/config/wireless") in _FOUND


def test_firmware_build_credentials_are_found() -> None:
    password = _mixed(11) + "_"
    assert outcomes(f'printf "{password}\\n{password}\\n" | passwd root >/dev/null\n',
                    "files/etc/uci-defaults/99-setup") in _FOUND
    assert not_shown('printf "$ROOT_PW\\n$ROOT_PW\\n" | passwd root\n', "files/etc/uci-defaults/99-setup")
    recipe = f'SRC_URI += "https://repo.example.net/fw/npu.bin;user=yocto;pswd={_mixed(14)};name=npu"\n'
    assert _rules(recipe, "meta-acme/recipes-bsp/npu/npu_3.2.bb") == ["bitbake-src-uri-password"]
    assert outcomes(f"bootdelay=3\nbootstopkey={_mixed(10)}_\n", "recipes-bsp/u-boot/files/uboot-env.txt") in _FOUND


def test_an_snmp_communitys_access_list_is_not_the_community() -> None:
    assert not_shown("snmp_community_acl: MGMT-ONLY\n", "ansible/group_vars/ios/vars.yml")


# --- marketing APIs and Windows line-of-business software (sets 469, 470) ---------------------------------------------

def test_ssis_variables_parameters_and_variable_configurations_are_read() -> None:
    secret = _mixed(40)
    dtsx = ('    <DTS:Variable\n      DTS:Namespace="User"\n      DTS:ObjectName="BankApiKey">\n'
            f'      <DTS:VariableValue DTS:DataType="8">{secret}</DTS:VariableValue>\n')
    params = ('  <SSIS:Parameter SSIS:Name="BankApiClientSecret">\n    <SSIS:Properties>\n'
              f'    <SSIS:Property SSIS:Name="ID">{uuid.UUID(int=_R.getrandbits(128), version=4)}</SSIS:Property>\n'
              '    <SSIS:Property SSIS:Name="Sensitive">0</SSIS:Property>\n'
              f'    <SSIS:Property SSIS:Name="Value">{secret}</SSIS:Property>\n')
    config = ('<Configuration ConfiguredType="Property" Path="\\Package.Variables[User::BankApiKey].Properties[Value]" '
              f'ValueType="String">\n  <ConfiguredValue>{secret}</ConfiguredValue>\n</Configuration>\n')
    for text, path in ((dtsx, "etl/NightlyLoad.dtsx"), (params, "etl/Project.params"),
                       (config, "etl/Config/NightlyLoad.Production.dtsConfig")):
        assert _rules(text, path) == ["ssis-variable-or-parameter-secret"]
        assert outcomes(text, path) == ["confirmed"]
    assert not_shown(dtsx.replace("BankApiKey", "SftpHost").replace(secret, "sftp.example.net"), "etl/NightlyLoad.dtsx")


def test_windows_deployment_passwords_are_found() -> None:
    password = _mixed(12) + "#"
    sqlpackage = (f"sqlpackage /Action:Publish /SourceFile:Billing.dacpac /TargetServerName:sql01 /TargetUser:deploy "
                  f"/TargetPassword:{password}\n")
    assert _rules(sqlpackage, "azure-pipelines.yml") == ["sqlpackage-target-password"]
    assert not_shown("sqlpackage /Action:Publish /TargetPassword:$(SqlPassword)\n", "azure-pipelines.yml")
    crystal = f'report.SetDatabaseLogon("rpt_reader", "{password}", "sql-rpt01", "Reporting");\n'
    assert _rules(crystal, "reports/ReportLoader.cs") == ["db-connect-literal-password"]
    odbc = (f'odbcconf /a {{CONFIGSYSDSN "ODBC Driver 17 for SQL Server" '
            f'"DSN=ERP|SERVER=sql01|UID=orders|PWD={password}"}}\n')
    assert _rules(odbc, "deploy/setup-dsn.bat") == ["ado-connection-password"]
    wix = (f'<Property Id="BILLINGAPIKEY" Value="{_mixed(43)}" Hidden="yes" />\n'
           '<Property Id="SQLSERVER" Value="sql-billing01" />\n')
    assert outcomes(wix, "installer/Product.wxs") == ["confirmed"]


def test_a_customer_io_track_client_made_in_go_is_found() -> None:
    code = (f'client := customerio.NewTrackClient("{random_chars(_R, 20, _HEX)}", "{random_chars(_R, 20, _HEX)}", '
            "customerio.WithRegion(customerio.RegionEU))\n")
    assert _rules(code, "cio/cio.go") == ["customerio-track-client-pair"]


# --- the second probe (set 468) ---------------------------------------------------------------------------------------

def test_six_groups_of_four_digits_are_no_wordpress_application_password() -> None:
    sku = " ".join(random_chars(_R, 4, "0123456789") for _ in range(6))
    assert not_shown(f'item = ("sku", "{sku}")  # POST /wp-json/wc/v3/products\n', "tools/shop/sync.py")


def test_a_word_slug_given_to_a_client_is_no_key() -> None:
    assert not_shown('client = SearchIndexClient("acme-notify-templates-prod-index")\n', "services/search.py")


def test_a_key_files_path_among_other_options_is_no_key() -> None:
    conf = "AuthAltParameters=jwt_key=/var/spool/slurm/statesave/jwt_hs256.key,disable_token_creation=yes\n"
    assert not_shown(conf, "cluster/slurm/slurm.conf")
    # (a bare flag among the options too)
    assert not_shown(conf.replace("disable_token_creation=yes", "disable_token_creation"), "cluster/slurm/slurm.conf")


def test_a_pretty_printed_vault_init_output_is_read() -> None:
    b64 = base64.b64encode(bytes(_R.getrandbits(8) for _ in range(33))).decode()
    text = f'{{\n  "unseal_keys_b64": [\n    "{b64}",\n    "{base64.b64encode(bytes(33)).decode()}"\n  ],\n'
    assert _rules(text, "infra/vault/init/vault-init.json") == ["vault-unseal-key-assignment"]


# --- identity verification APIs (set 472) -----------------------------------------------------------------------------

def test_a_providers_token_of_words_and_a_uuid_is_no_secret_store_key() -> None:
    token = f"persona_production_{uuid.UUID(int=_R.getrandbits(128), version=4)}"
    assert outcomes(f"PERSONA_API_KEY: {token}\n", "deploy/docker-compose.yml") == ["confirmed"]
    # a secret store's key holds words after its ids (Airbyte's airbyte_workspace_<uuid>_secret_<uuid>_v1)
    ref = (f"airbyte_workspace_{uuid.UUID(int=_R.getrandbits(128), version=4)}_secret_"
           f"{uuid.UUID(int=_R.getrandbits(128), version=4)}_v1")
    assert not_shown(f'  "client_secret": "{ref}",\n', "airbyte/source_config.json")


def test_a_stytch_public_token_given_to_its_ui_client_is_public() -> None:
    code = f"const stytch = new StytchUIClient('public-token-live-{uuid.UUID(int=_R.getrandbits(128), version=4)}');\n"
    assert not_shown(code, "web/src/stytch.ts")
