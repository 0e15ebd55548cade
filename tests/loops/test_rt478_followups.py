"""Follow-ups of red-team sets 478 onwards: helpdesk and chat APIs, game servers, healthcare integration engines,
LLM operations, less common configuration languages. Values are drawn at run time; failures name the file and the
statuses, never the value (plain asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import json
import random
import string
import uuid

from tests.loops.test_fp_corpus_classes import SCANNER, not_shown, outcomes
from tests.support.tokens import random_chars

_R = random.Random(478)
_ALNUM = string.ascii_letters + string.digits
_B64URL = _ALNUM + "-_"
_HEX = "0123456789abcdef"
_FOUND = (["confirmed"], ["pending"])


def _rules(text: str, path: str) -> list[str]:
    return [c.rule_id for c in SCANNER.scan_text(text, 0, path)]


def _mixed(n: int) -> str:
    """A random value with an upper-case letter, a lower-case letter and a digit in it."""
    return "Q" + "q" + "7" + random_chars(_R, n - 3, _ALNUM)


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
