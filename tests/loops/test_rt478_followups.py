"""Follow-ups of red-team sets 478 onwards: helpdesk and chat APIs, game servers, healthcare integration engines,
LLM operations, less common configuration languages. Values are drawn at run time; failures name the file and the
statuses, never the value (PYTEST_DONT_REWRITE: plain asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import json
import random
import uuid

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, rule_ids as _rules
from tests.support.tokens import ALNUM as _ALNUM, random_chars, varied_key

_R = random.Random(478)
_B64URL = _ALNUM + "-_"
_HEX = "0123456789abcdef"
_FOUND = (["confirmed"], ["pending"])


def _mixed(n: int) -> str:
    return varied_key(_R, n)


def _uuid() -> str:
    return str(uuid.UUID(int=_R.getrandbits(128), version=4))


# --- helpdesk and chat (set 478) ---------------------------------------------------------------------------------------

def test_a_livechat_token_under_a_bare_pat_is_found() -> None:
    code = f'ACCOUNT_ID = "{_uuid()}"\nPAT = "dal:{random_chars(_R, 27, _B64URL)}"\n'
    assert "livechat-access-token" in _rules(code, "support/livechat.py")
    assert outcomes(code, "support/livechat.py")[-1:] == ["confirmed"]
    # in lower case alone, pat names a pattern
    assert not_shown(f'pat = "{_mixed(20)}"\n', "src/matcher.py")


def test_a_crisp_plugin_token_key_is_found() -> None:
    code = (f"client.authenticateTier('plugin', '{_uuid()}', '{random_chars(_R, 64, _HEX)}');\n")
    assert _rules(code, "src/crisp.js") == ["crisp-plugin-token-key"]
    assert outcomes(code, "src/crisp.js") == ["confirmed"]


def test_a_chat_widgets_embed_token_is_public() -> None:
    assert not_shown(f"CHATWOOT_WEBSITE_TOKEN={random_chars(_R, 24, _ALNUM)}\n", "deploy/chatwoot.env")
    assert not_shown(f"<script>window.chatwootSDK.run({{ websiteToken: '{random_chars(_R, 24, _ALNUM)}', "
                     "baseUrl: 'https://app.chatwoot.com' })</script>\n", "web/index.html")
    assert not_shown(f"window.fcWidget.init({{ token: '{_uuid()}', host: 'https://wchat.freshchat.com' }});\n",
                     "web/widget.js")
    # the API token beside it is a secret
    assert outcomes(f"CHATWOOT_API_ACCESS_TOKEN={_mixed(24)}\n", "deploy/chatwoot.env") == ["confirmed"]


# --- game servers (set 479) ---------------------------------------------------------------------------------------------

def test_a_laravel_encrypted_value_is_no_secret() -> None:
    def b64(raw: bytes) -> str:
        return base64.b64encode(raw).decode()
    payload = {"iv": b64(_R.randbytes(16)), "value": b64(_R.randbytes(48)),
               "mac": random_chars(_R, 64, _HEX), "tag": ""}
    encrypted = b64(json.dumps(payload, separators=(",", ":")).encode())
    assert not_shown(f"                'totp_secret' => '{encrypted}',\n", "database/seeders/StaffSeeder.php")


def test_a_several_word_json_name_is_read_whole() -> None:
    config = ('{\n  "Discord Application Public Key": "' + random_chars(_R, 64, _HEX) + '",\n'
              '  "Enable Discord Link": true\n}\n')
    assert not_shown(config, "oxide/config/DiscordCore.json")
    secret = '{\n  "Discord Application Secret Key": "' + _mixed(32) + '"\n}\n'
    assert outcomes(secret, "oxide/config/DiscordCore.json") in _FOUND


def test_passwords_keyed_by_host_and_port_in_a_go_map_are_found() -> None:
    code = ("var nodePasswords = map[string]string{\n"
            f'\t"10.30.1.6:27015": "{_mixed(16)}",\n'
            f'\t"rcon.example.net:25575": "{_mixed(16)}",\n'
            "}\n")
    assert outcomes(code, "tools/rcon.go") in (["confirmed"] * 2, ["confirmed", "pending"], ["pending"] * 2)


# --- healthcare integration (set 480) -----------------------------------------------------------------------------------

def test_a_keystores_storepass_and_keypass_are_passwords() -> None:
    props = f"keystore.path = keystore.jks\nkeystore.storepass = {_mixed(12)}\nkeystore.keypass = {_mixed(12)}\n"
    assert outcomes(props, "mirth/conf/mirth.properties") == ["confirmed", "confirmed"]


def test_an_unquoted_key_sized_cipher_key_is_found() -> None:
    key = base64.b64encode(_R.randbytes(32)).decode()
    assert _rules(f"  encryption:\n    aes-key: {key}\n", "src/main/resources/application.yml") == \
        ["cipher-key-config-line"]
    assert outcomes(f"  encryption:\n    aes-key: {key}\n", "src/main/resources/application.yml") == ["confirmed"]
    # a count, not a key
    assert _rules("    aes-key-rotation-days: 90\n", "src/main/resources/application.yml") == []


def test_the_password_of_an_orthanc_peer_is_found() -> None:
    config = ('  "DicomWeb": {\n    "Servers": {\n'
              f'      "pacs": [ "https://pacs.hospital.local/dicomweb/", "orthanc_dw", "{_mixed(14)}" ]\n'
              "    }\n  },\n")
    assert _rules(config, "orthanc/orthanc.json") == ["url-user-password-array"]
    assert outcomes(config, "orthanc/orthanc.json") in _FOUND


# --- configuration languages (set 482) ----------------------------------------------------------------------------------

def test_a_password_wrapped_in_jsonnets_base64_is_found() -> None:
    code = f"  smtp: k.core.v1.secret.new('smtp', {{\n    password: std.base64('{_mixed(18)}'),\n  }}),\n"
    assert outcomes(code, "environments/prod/main.jsonnet") == ["confirmed"]


def test_a_maps_key_beside_a_firebase_block_is_not_the_firebase_key() -> None:
    key = "AIzaSy" + random_chars(_R, 33, _B64URL)
    hocon = ("gateway.upstreams {\n  maps {\n"
             f'    api-key = "{key}"\n'
             "  }\n  firebase {\n"
             f'    apiKey = "AIzaSy{random_chars(_R, 33, _B64URL)}"\n'
             '    appId = "1:124630164699:web:97b4dc955942c9a8"\n'
             '    projectId = "gateway-prod"\n'
             '    authDomain = "gateway-prod.firebaseapp.com"\n  }\n}\n')
    assert outcomes(hocon, "src/main/resources/application.conf")[:1] in _FOUND
    assert set(outcomes(hocon, "src/main/resources/application.conf")[1:]) == {"dismissed"}


def test_a_wpa_supplicant_external_password_reference_is_no_secret() -> None:
    assert not_shown('  networking.wireless.networks."Guest".pskRaw = "ext:guest_psk";\n', "hosts/atlas/configuration.nix")
    raw = random_chars(_R, 64, _HEX)
    assert outcomes(f'  networking.wireless.networks."Office".pskRaw = "{raw}";\n',
                    "hosts/atlas/configuration.nix") in _FOUND


def test_a_test_vectors_key_in_a_bazel_test_target_is_no_secret() -> None:
    build = ('go_test(\n    name = "crypto_test",\n    env = {\n'
             f'        "TEST_VECTOR_KEY": "{random_chars(_R, 64, _HEX)}",\n'
             f'        "TEST_VECTOR_NONCE": "{random_chars(_R, 24, _HEX)}",\n'
             "    },\n)\n")
    assert not_shown(build, "build/BUILD.bazel")


# --- property, legal-tech and robotics APIs (sets 484, 485) --------------------------------------------------------------

def test_legacy_zillow_ids_and_lob_keys_given_to_its_client_are_found() -> None:
    zwsid = f"X1-ZW{random_chars(_R, 14, _HEX + 'ghjkmnpqrstvwxyz')}_{random_chars(_R, 5, _HEX)}"
    assert outcomes(f"ZILLOW_ZWSID = '{zwsid}'\n", "config/settings.rb") == ["confirmed"]
    lob = f"const lob = require('lob')('live_{random_chars(_R, 32, _HEX)}');\n"
    assert _rules(lob, "src/lob.js") == ["lob-api-key-in-client-call"]
    assert outcomes(lob, "src/lob.js") == ["confirmed"]
    assert _rules(f"const files = glob('live_{random_chars(_R, 32, _HEX)}');\n", "src/build.js") == []


def test_a_camel_case_token_in_a_url_query_is_found() -> None:
    url = f"$url = 'https://api.rentcafe.com/rentcafeapi.aspx?requestType=units&apiToken={_uuid()}&propertyCode=p01';\n"
    assert outcomes(url, "src/sync.php") in _FOUND


def test_a_browser_token_is_public_and_the_server_token_beside_it_is_not() -> None:
    env = (f"BRIDGE_SERVER_TOKEN={random_chars(_R, 32, _HEX)}\nBRIDGE_BROWSER_TOKEN={random_chars(_R, 32, _HEX)}\n")
    assert outcomes(env, "deploy/.env") == ["confirmed", "dismissed"]


def test_a_ros_launch_arguments_password_default_is_found() -> None:
    code = ("def generate_launch_description():\n    return LaunchDescription([\n"
            f"        DeclareLaunchArgument('mqtt_password', default_value='{_mixed(12)}'),\n"
            "        DeclareLaunchArgument('mqtt_topic', default_value='fleet/telemetry'),\n    ])\n")
    assert _rules(code, "launch/fleet_bridge.launch.py") == ["ros-parameter-default-secret"]
    assert outcomes(code, "launch/fleet_bridge.launch.py") == ["confirmed"]


# --- B2B integration (set 486) -------------------------------------------------------------------------------------------

def test_a_password_in_xml_escaped_inside_xml_is_found() -> None:
    password = _mixed(12)
    binding = ("        <TransportTypeData>&lt;CustomProps&gt;&lt;UserName vt=\"8\"&gt;acme&lt;/UserName&gt;"
               f"&lt;Password vt=\"8\"&gt;{password}&lt;/Password&gt;&lt;/CustomProps&gt;</TransportTypeData>\n")
    assert outcomes(binding, "Bindings/EDI.BindingInfo.xml") in _FOUND


def test_a_password_in_camels_raw_is_found() -> None:
    code = ('    private static final String URI = "sftp://acme@sftp.partner.net:22/outbound"\n'
            f'        + "?password=RAW({_mixed(10)}*x)&knownHostsFile=/etc/edi/known_hosts";\n')
    assert outcomes(code, "src/main/java/PartnerRoute.java") in _FOUND


def test_vault_references_and_an_element_marked_encrypted_are_no_secrets() -> None:
    for ref in ("vault:kv/b2b/lowes#password", "ref+vault://secret/b2b/lowes#/password", "<path:kv/data/b2b#password>"):
        assert not_shown(f"    password: {ref}\n", "sftp/partners.yaml")
    xml = f'    <password encrypted="true">{random_chars(_R, 96, "0123456789ABCDEF")}</password>\n'
    assert not_shown(xml, "goanywhere/resources/sftp_servers.xml")
    assert outcomes(f"    <password>{_mixed(14)}</password>\n", "goanywhere/resources/sftp_servers.xml") in _FOUND


# --- probe 487, Unix automation, security SaaS, lab software, game backends (sets 487-492) -----------------------------

def test_orthancs_registered_users_passwords_are_found() -> None:
    config = ('{\n  "AuthenticationEnabled" : true,\n  "RegisteredUsers" : {\n'
              f'    "admin" : "{_mixed(12)}",\n    "viewer" : "{_mixed(12)}"\n  }},\n}}\n')
    assert outcomes(config, "pacs/orthanc/orthanc.json") in (["confirmed"] * 2, ["confirmed", "pending"],
                                                              ["pending", "confirmed"], ["pending"] * 2)


def test_a_quoted_name_of_several_words_before_an_unquoted_value_is_read() -> None:
    config = f'providers:\n  slack:\n    "Slack Signing Secret": {random_chars(_R, 32, _HEX)}\n'
    assert outcomes(config, "infra/integrations/providers.yml") in _FOUND


def test_makefile_assignment_operators_are_read() -> None:
    assert outcomes(f"OSO_AUTH ?= {_mixed(40)}\n", "Makefile") in _FOUND
    assert outcomes(f"DB_PASSWORD := {_mixed(14)}\n", "Makefile") in _FOUND


def test_a_bazel_test_targets_env_is_test_code_and_a_binarys_is_not() -> None:
    build = ('go_test(\n    name = "crypto_test",\n    env = {\n'
             f'        "TEST_AES_KEY": "{random_chars(_R, 64, _HEX)}",\n    }},\n)\n\n'
             'go_binary(\n    name = "vault-lite",\n    env = {\n'
             f'        "VAULT_LITE_MASTER_KEY": "{random_chars(_R, 64, _HEX)}",\n    }},\n)\n')
    assert outcomes(build, "services/vault-lite/BUILD.bazel") == ["pending", "confirmed"]


def test_a_cisco_enable_secret_in_an_expect_script_is_no_option() -> None:
    assert outcomes("set enable_secret {orbit-pepper-rocket-falcon}\n", "expect/switch_login.exp") in _FOUND


def test_snmp_and_ldap_check_passwords_in_nagios_commands_are_found() -> None:
    snmp = (f"    command_line    $USER1$/check_snmp -H $HOSTADDRESS$ -P 3 -L authPriv -U nagiosv3 -a SHA "
            f"-A '{_mixed(10)}' -x AES -X '{_mixed(10)}' -o .1.3.6.1.4.1.2021.10.1.3.1\n")
    assert _rules(snmp, "nagios/etc/objects/commands.cfg") == ["nagios-command-line-password-flag"]
    ldap = f"    command_line    $USER1$/check_ldap -H $HOSTADDRESS$ -D cn=nagios,dc=acme,dc=net -P '{_mixed(9)}' -S\n"
    assert outcomes(ldap, "nagios/etc/objects/commands.cfg") in _FOUND


def test_a_perl_cipher_constructors_key_is_found() -> None:
    perl = f"my $cipher = Crypt::CBC->new(-key => '{_mixed(32)}', -cipher => 'Blowfish');\n"
    assert outcomes(perl, "cgi-bin/admin/useradmin.cgi") == ["confirmed"]


def test_security_saas_keys_of_their_own_formats_are_found() -> None:
    crockford = "0123456789abcdefghjkmnpqrstvwxyz"
    cases = {
        f"ARCJET_KEY=ajkey_01{random_chars(_R, 24, crockford)}\n": "arcjet-site-key",
        f"CORBADO_API_SECRET=corbado1_{random_chars(_R, 30, _ALNUM)}\n": "corbado-api-secret",
        f"PERMIT_API_KEY=permit_key_{random_chars(_R, 80, _ALNUM)}\n": "permit-io-api-key",
        ("PHASE_SERVICE_TOKEN=pss_service:v1:"
         + ":".join(random_chars(_R, 64, _HEX) for _ in range(4)) + "\n"): "phase-service-token",
    }
    for env, rule in cases.items():
        assert rule in _rules(env, "deploy/.env")
        assert outcomes(env, "deploy/.env") == ["confirmed"]


def test_a_folder_named_for_lab_samples_is_no_docs_folder() -> None:
    from secretloop.loops.features import is_docs_path
    assert not is_docs_path("services/sample-tracker/src/main/resources/application.yml")
    assert not is_docs_path("sample_registry/db.py")
    assert is_docs_path("sample-app/config.py")
    assert is_docs_path("samples/basic/main.go")


def test_sim_authentication_keys_are_found_in_card_tables_and_pysims_command_line() -> None:
    ki, opc = random_chars(_R, 32, "0123456789ABCDEF"), random_chars(_R, 32, "0123456789ABCDEF")
    csv = f"ICCID,IMSI,KI,OPC\n8944401549016397603,234102269699694,{ki},{opc}\n"
    assert outcomes(csv, "provisioning/sim_batch_0042.csv") in (["confirmed"] * 2, ["pending"] * 2,
                                                                 ["confirmed", "pending"], ["pending", "confirmed"])
    sql = (f"INSERT INTO auc (imsi, ki, opc, amf, sqn) VALUES\n  ('001019108748277', '{ki.lower()}', "
           f"'{opc.lower()}', '8000', 1);\n")
    assert "table-sim-authentication-key-column" in _rules(sql, "hss/db_init.sql")
    cli = f"pySim-prog.py -p0 -t sysmoISIM-SJA2 -i 001018840578468 -k {ki} -o {opc}\n"
    assert _rules(cli, "scripts/pysim_write.sh") == ["pysim-sim-key-flag"]
    assert not _rules("ICCID,IMSI,MSISDN\n8944401549016397603,234102269699694,447700900123\n", "sims.csv")


def test_game_backend_settings_are_read() -> None:
    # Nakama's shipped defaults spell their own names; its database address has no scheme
    assert not_shown('session:\n  encryption_key: "defaultencryptionkey"\n  refresh_encryption_key: '
                     '"defaultrefreshencryptionkey"\n', "server/nakama/local.yml")
    compose = f"        exec /nakama/nakama --database.address nakama:{_mixed(10)}@postgres:5432/nakama\n"
    assert outcomes(compose, "server/nakama/docker-compose.yml") in _FOUND
    serial = "-".join([random_chars(_R, 2, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789")]
                      + [random_chars(_R, 4, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(5)])
    assert outcomes(f"          UNITY_SERIAL: {serial}\n", ".github/workflows/build.yml") in _FOUND
    key = random_chars(_R, 86, _B64URL)
    assert outcomes(f'APPLOVIN_REPORT_KEY = "{key}"\n', "scripts/reporting/ad_revenue.py") in _FOUND


# --- civic data, remote access, design documents (sets 493-495) ----------------------------------------------------------

def test_a_europeana_wskey_is_a_key_name() -> None:
    assert outcomes(f'EUROPEANA_WSKEY = "{_mixed(16)}"\n', "clients/europeana/client.py") in _FOUND
    assert outcomes(f"const wskey = '{_mixed(16)}';\n", "clients/europeana/api.js") in _FOUND


def test_a_password_beside_a_government_host_is_no_example() -> None:
    code = f'client = Socrata("data.example.gov", app_token=None, username="ops@city.gov", password="Harbor{random_chars(_R, 4, "0123456789")}!")\n'
    assert outcomes(code, "etl/socrata_sync.py") in _FOUND


def test_guacamole_connection_passwords_are_found_and_an_md5_login_is_a_digest() -> None:
    mapping = ('<user-mapping>\n'
               f'  <authorize username="helpdesk" password="{random_chars(_R, 32, _HEX)}" encoding="md5">\n'
               '    <connection name="jump-01 (RDP)">\n      <protocol>rdp</protocol>\n'
               f'      <param name="password">{_mixed(12)}</param>\n'
               '    </connection>\n  </authorize>\n</user-mapping>\n')
    assert outcomes(mapping, "remote-desktop/guacamole/user-mapping.xml") in (["dismissed", "confirmed"],
                                                                                ["dismissed", "pending"])
    doc = '    /// <param name="password">The password to log in with.</param>\n'
    assert _rules(doc, "src/Client.cs") == [] or not_shown(doc, "src/Client.cs")


def test_an_openssh_key_cut_short_in_a_runbook_is_an_example() -> None:
    body = base64.b64encode(b"openssh-key-v1\0" + _R.randbytes(38)).decode()
    doc = f"    -----BEGIN OPENSSH PRIVATE KEY-----\n    {body}\n    ...\n    -----END OPENSSH PRIVATE KEY-----\n"
    assert not_shown(doc, "docs/runbooks/rotate-ssh-deploy-keys.md")


def test_vault_token_accessors_listed_in_a_postmortem_are_no_tokens() -> None:
    doc = ("Token accessors affected (accessors cannot be used to read secrets):\n\n"
           f"- `{_mixed(24)}`\n")
    assert not_shown(doc, "docs/postmortems/vault-token-in-logs.md")


def test_applovins_sdk_key_is_public_beside_the_widened_key_constant_rule() -> None:
    assert not_shown(f'APPLOVIN_SDK_KEY = "{random_chars(_R, 86, _B64URL)}"\n', "services/attribution/postbacks.py")


# --- probe 496, lending APIs (sets 496, 497) ----------------------------------------------------------------------------

def test_a_camel_raw_value_is_read_to_its_closing_bracket() -> None:
    code = ('    private static final String URI = "sftp://edi@sftp.partner.net:22/outbound"\n'
            f'        + "?password=RAW({_mixed(8)}#&)&knownHostsFile=/etc/edi/known_hosts";\n')
    assert _rules(code, "src/main/java/PartnerRoute.java") == ["camel-raw-query-secret"]
    assert outcomes(code, "src/main/java/PartnerRoute.java") in _FOUND
    assert not_shown('        + "?password=RAW({{sftp.password}})&knownHostsFile=/etc/edi/known_hosts";\n',
                     "src/main/java/PartnerRoute.java")


def test_a_basic_auth_users_map_holds_passwords() -> None:
    config = f"basic_auth_users:\n  alice: {_mixed(14)}\n  bob: {_mixed(14)}\n"
    assert outcomes(config, "deploy/traefik/dynamic.yml") == ["confirmed", "confirmed"]


def test_a_nonce_beside_a_token_in_a_struct_literal_is_no_secret() -> None:
    code = f'var lt = LinkToken{{\n\tNonce: "{random_chars(_R, 32, _HEX)}",\n\tTTL: 600,\n}}\n'
    assert not_shown(code, "pinwheel/pinwheel.go")


# --- developer tools, functional services, front-ends (sets 499-501) ---------------------------------------------------

def test_a_vercel_blob_token_and_an_erlang_signing_key_are_found() -> None:
    blob = f"BLOB_READ_WRITE_TOKEN=vercel_blob_rw_{random_chars(_R, 16, _ALNUM)}_{random_chars(_R, 30, _ALNUM)}\n"
    assert outcomes(blob, "web/.env.production") == ["confirmed"]
    erlang = f'[{{ledger, [\n   {{jwt_signing_key, <<"{base64.b64encode(_R.randbytes(32)).decode()}">>}}\n]}}].\n'
    assert outcomes(erlang, "config/sys.config") in _FOUND


def test_supabase_env_references_phoenix_token_salts_and_a_firebase_web_app_id_are_no_secrets() -> None:
    assert not_shown('[auth.external.github]\nsecret = "env(SUPABASE_AUTH_GITHUB_SECRET)"\n', "supabase/config.toml")
    assert not_shown(f'  @token_salt "{_mixed(8)}"\n', "lib/payments/accounts/user.ex")
    web = (f'export const app = {{ apiKey: "AIzaSy{random_chars(_R, 33, _B64URL)}", '
           'appId: "1:493712245517:web:4f1c9a7e2b8d4e6f" };\n')
    assert not_shown(web, "src/firebase.ts")
