"""Devices, bots and web3, which a twenty-eighth red-team set planted: OpenWrt UCI keys, Tasmota console
commands, `mosquitto_passwd -b`, Zigbee2MQTT network keys, an MQTT client's connect(id, user, password),
Twitch chat `oauth:` tokens, Matrix (Synapse) syt_/syr_ tokens, Infura API keys, web3.py `Account.from_key`, unquoted `.env` mnemonics, and the
variants found beside them (WiFiMulti.addAP, tweepy OAuth1UserHandler, Tasmota's STA_PASS1, WEP keys,
`airflow variables set`).
Each is found by its rule and shown after the filters and the offline judge; references, public keys,
index numbers, counting sequences and placeholders beside them are not matched; a scan's report never
carries a value. Values are random, made here in each format; assertion messages name rules and paths,
never values (PYTEST_DONT_REWRITE: plain asserts, so a failure shows only its message)."""

from __future__ import annotations

import base64
import random
import string
import zlib
from pathlib import Path

import pytest

from secretloop.loops.rules.checksums import base62_encode, matrix_synapse_crc32, zigbee_network_key
from tests.support.cli_scan import require_planted_files_shown_and_not_carried
from tests.support.rule_cases import require_case_found_and_shown, rule_hits
from tests.support.tokens import random_chars

_R = random.Random(2828)
_ALNUM = string.ascii_letters + string.digits
_LOWER = string.ascii_lowercase + string.digits
_HEX = "0123456789abcdef"
_CONS, _VOW = "bcdfghjklmnprstvwz", "aeiou"
# Words of the BIP-39 list: a mnemonic is 12 or 24 of them
_WORDS = ("ability absorb access account across action actor adapt address admit adult advice afford again agent "
          "album alert alien alley almost alpha amateur anchor ancient animal ankle answer apple arctic arena "
          "armor arrow artist asset athlete auction august autumn avocado banana bridge castle dragon eagle forest "
          "guitar horse island jungle kitchen lemon mango noble ocean orange pizza planet river rocket spider "
          "sunset ticket tiger train umbrella useful village violin window winter wisdom zebra").split()


def _s(n: int, alphabet: str = _ALNUM) -> str:
    return random_chars(_R, n, alphabet)


def _human() -> str:
    word = "".join(_R.choice(_CONS) + _R.choice(_VOW) for _ in range(3))
    return word.capitalize() + _s(4, string.digits) + _R.choice("_-") + _s(2, string.ascii_lowercase)


def _wg_key() -> str:
    return base64.b64encode(_R.randbytes(32)).decode()


def _netkey(hexa: bool = False) -> str:
    while True:
        numbers = [_R.randrange(256) for _ in range(16)]
        if zigbee_network_key(", ".join(map(str, numbers))):
            return ", ".join(f"0x{n:02x}" if hexa else str(n) for n in numbers)


def _synapse(localpart: str, prefix: str = "syt") -> str:
    """Synapse's token: prefix, unpadded base64 localpart, 20 random letters, base62 CRC32 of all that."""
    local = base64.b64encode(localpart.encode()).decode().rstrip("=")
    base = f"{prefix}_{local}_{_s(20, string.ascii_letters)}"
    return f"{base}_{base62_encode(zlib.crc32(base.encode()), 6)}"


def _mnemonic(n: int) -> str:
    return " ".join(_R.choice(_WORDS) for _ in range(n))



def _fill(template: str, value: str) -> str:
    return template.replace("{v}", value)


# (rule, path, text with {v}, value maker)
CASES = [
    ("openwrt-uci-secret", "openwrt/etc/config/wireless",
     "config wifi-iface 'default_radio0'\n\toption device 'radio0'\n\toption ssid 'HomeLab'\n\toption encryption 'psk2'\n"
     "\toption key '{v}'\n", _human),
    ("openwrt-uci-secret", "openwrt/etc/config/wireless",
     "config wifi-iface 'corp'\n\toption encryption 'wpa2'\n\toption auth_server '10.0.0.2'\n\toption auth_secret '{v}'\n",
     lambda: _s(20)),
    ("openwrt-uci-secret", "openwrt/etc/config/network",
     "config interface 'wg0'\n\toption proto 'wireguard'\n\toption private_key '{v}'\n\tlist addresses '10.9.0.2/24'\n", _wg_key),
    ("openwrt-uci-secret", "openwrt/etc/config/network",
     "config interface 'wan'\n\toption proto 'pppoe'\n\toption username 'isp-user'\n\toption password {v}\n", _human),
    ("openwrt-uci-secret", "notes/uci-show.txt",
     "wireless.default_radio0.ssid='HomeLab'\nwireless.default_radio0.encryption='psk2'\nwireless.default_radio0.key='{v}'\n", _human),
    ("tasmota-command-password", "tasmota/backlog.txt",
     "Backlog SSID1 HomeLab; Password1 {v}; Hostname plug-07\n", _human),
    ("tasmota-command-password", "tasmota/backlog.txt",
     "Backlog MqttHost 192.168.1.10; MqttUser tasmota; MqttPassword {v}; Topic plug07\n", _human),
    ("tasmota-command-password", "tasmota/console.txt", "WebPassword {v}\n", _human),
    ("device-cli-password", "mosquitto/setup.sh",
     "#!/bin/sh\nmosquitto_passwd -b /mosquitto/config/passwd sensor {v}\n", _human),
    ("device-cli-password", "mosquitto/setup.sh",
     "mosquitto_passwd -c -b /mosquitto/config/passwd homeassistant {v}\n", _human),
    ("zigbee-network-key", "zigbee2mqtt/data/configuration.yaml",
     "advanced:\n  pan_id: 6754\n  network_key: [{v}]\n", _netkey),
    ("zigbee-network-key", "zigbee2mqtt/data/configuration.json",
     "{\"advanced\": {\"network_key\": [{v}]}}\n", lambda: _netkey(hexa=True)),
    ("positional-login-call-password", "firmware/door-sensor/door-sensor.ino",
     "void reconnect() {\n  if (mqtt.connect(DEVICE_ID, \"door\", \"{v}\")) {\n    mqtt.subscribe(\"door/cmd\");\n  }\n}\n", _human),
    ("positional-login-call-password", "firmware/weather/src/main.cpp",
     "  client.connect(clientId.c_str(), \"weather\", \"{v}\");\n", _human),
    ("positional-login-call-password", "firmware/multi/multi.ino",
     "WiFiMulti wifiMulti;\nvoid setup() {\n  wifiMulti.addAP(\"HomeLab\", \"{v}\");\n}\n", _human),
    ("positional-login-call-password", "bots/twitter/post.py",
     "auth = tweepy.OAuth1UserHandler(\"" + _s(25) + "\", \"{v}\")\n", lambda: _s(50)),
    ("c-define-secret", "tasmota/user_config_override.h",
     "#undef  STA_SSID1\n#define STA_SSID1 \"HomeLab\"\n#undef  STA_PASS1\n#define STA_PASS1 \"{v}\"\n", _human),
    ("wifi-passphrase", "raspberrypi/wpa_supplicant.conf",
     "network={\n\tssid=\"Legacy\"\n\tkey_mgmt=NONE\n\twep_key0=\"{v}\"\n}\n", lambda: _s(13)),
    ("cli-secret-set-value", "airflow/scripts/bootstrap.sh",
     "#!/bin/bash\nairflow variables set partner_api_key {v}\n", lambda: _s(32)),
    ("matrix-synapse-access-token", "bots/maubot/config.yaml",
     "homeserver: https://matrix.example.org\nuser_id: \"@maubot:example.org\"\naccess_token: {v}\n", lambda: _synapse("maubot")),
    ("matrix-synapse-access-token", "ops/matrix-sync.sh",
     "curl -s -H \"Authorization: Bearer {v}\" https://matrix.example.org/_matrix/client/v3/sync\n", lambda: _synapse("ops.bot")),
    ("matrix-synapse-access-token", "client/session.json",
     "{\"refresh_token\": \"{v}\", \"device_id\": \"ABCDEFGHIJ\"}\n", lambda: _synapse("alice", "syr")),
    ("twitch-irc-oauth-token", "bots/twitch/bot.py",
     "def login(sock):\n    sock.send(\"PASS oauth:{v}\\r\\n\".encode())\n    sock.send(\"NICK acmebot\\r\\n\".encode())\n",
     lambda: _s(30, _LOWER)),
    ("twitch-irc-oauth-token", "bots/twitch/index.js",
     "const client = new tmi.Client({\n  identity: { username: 'acmebot', password: 'oauth:{v}' },\n  channels: ['acme'],\n});\n",
     lambda: _s(30, _LOWER)),
    ("infura-api-key", "contracts/foundry.toml",
     "[rpc_endpoints]\nmainnet = \"https://mainnet.infura.io/v3/{v}\"\n", lambda: _s(32, _HEX)),
    ("infura-api-key", "contracts/truffle-config.js", "const infuraKey = \"{v}\";\n", lambda: _s(32, _HEX)),
    ("infura-api-key", "contracts/.env", "INFURA_PROJECT_ID={v}\nCHAIN_ID=11155111\n", lambda: _s(32, _HEX)),
    ("infura-api-key", "app/src/provider.ts",
     "const ws = new WebSocketProvider('wss://polygon-mainnet.infura.io/ws/v3/{v}');\n", lambda: _s(32, _HEX)),
    ("evm-private-key-literal", "scripts/deploy.py",
     "from eth_account import Account\nacct = Account.from_key(\"{v}\")\n", lambda: "0x" + _s(64, _HEX)),
    ("evm-private-key-literal", "scripts/sign.py",
     "signer = w3.eth.account.from_key(\"{v}\")\n", lambda: "0x" + _s(64, _HEX)),
    ("wallet-mnemonic-phrase", "contracts/.env", "PRIVATE_KEY=\nMNEMONIC={v}\n", lambda: _mnemonic(12)),
    ("wallet-mnemonic-phrase", "wallet/.env", "export SEED_PHRASE={v}  # deployer\n", lambda: _mnemonic(24)),
]


@pytest.mark.parametrize("rule_id,path,template,make", CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_each_rule_finds_its_value_and_the_pipeline_shows_it(rule_id, path, template, make) -> None:
    require_case_found_and_shown(rule_hits, rule_id, path, make, lambda value: _fill(template, value))


def test_every_new_rule_of_the_set_has_a_case() -> None:
    new = {"openwrt-uci-secret", "tasmota-command-password", "zigbee-network-key", "twitch-irc-oauth-token", "infura-api-key",
           "matrix-synapse-access-token"}
    assert new <= {r for r, _, _, _ in CASES}, sorted(new - {r for r, _, _, _ in CASES})


# (rule, path, text): the places beside those values that hold no secret
NEGATIVES = [
    ("openwrt-uci-secret", "openwrt/etc/config/wireless", "\toption key '1'\n\toption encryption 'wep-open'\n"),
    ("openwrt-uci-secret", "openwrt/etc/config/network", f"config wireguard_wg0\n\toption public_key '{_wg_key()}'\n"),
    ("openwrt-uci-secret", "app/application.properties", f"spring.datasource.password={_human()}\n"),
    ("openwrt-uci-secret", "openwrt/etc/config/wireless", "\toption key '$WIFI_KEY'\n"),
    ("tasmota-command-password", "tasmota/backlog.txt", "Backlog MqttHost 192.168.1.10; MqttPort 1883; TelePeriod 60\n"),
    ("tasmota-command-password", "tasmota/console.txt", "Password1 1\nMqttPassword\n"),
    ("tasmota-command-password", "docs/tasmota.md", "The console command Password1 sets the first network's passphrase.\n"),
    ("device-cli-password", "mosquitto/setup.sh", "mosquitto_passwd -c /mosquitto/config/passwd admin\n"),
    ("device-cli-password", "mosquitto/setup.sh", "mosquitto_passwd -b passwd sensor \"$MQTT_PASSWORD\"\n"),
    ("zigbee-network-key", "zigbee2mqtt/configuration.yaml", "advanced:\n  network_key: GENERATE\n"),
    ("zigbee-network-key", "zigbee2mqtt/configuration.yaml", "advanced:\n  ext_pan_id: [221, 221, 221, 221, 221, 221, 221, 221]\n"),
    ("zigbee-network-key", "zigbee2mqtt/configuration.yaml",
     "advanced:\n  network_key: [" + ", ".join(str(n) for n in range(16)) + "]\n"),
    ("zigbee-network-key", "zigbee2mqtt/configuration.yaml",
     "advanced:\n  network_key: [" + ", ".join(str(_R.randrange(256)) for _ in range(15)) + ", 300]\n"),
    ("positional-login-call-password", "firmware/door-sensor/door-sensor.ino", "  mqtt.connect(DEVICE_ID, MQTT_USER, MQTT_PASS);\n"),
    ("positional-login-call-password", "firmware/multi/multi.ino", "  wifiMulti.addAP(WIFI_SSID, WIFI_PASS);\n"),
    ("c-define-secret", "tasmota/user_config_override.h", "#define STA_PASS1 \"\"\n"),
    ("cli-secret-set-value", "airflow/scripts/bootstrap.sh", "airflow variables set partner_api_url https://api.partner.example\n"),
    ("matrix-synapse-access-token", "docs/maubot.md", "access_token: syt_YOUR_ACCESS_TOKEN\n"),
    ("twitch-irc-oauth-token", "docs/twitch.md", "< PASS oauth:your_oauth_token\n< NICK your_username\n"),
    ("twitch-irc-oauth-token", "bots/twitch/index.js", "password: 'oauth:' + process.env.TWITCH_TOKEN,\n"),
    ("infura-api-key", "contracts/truffle-config.js",
     "provider: () => new HDWalletProvider(mnemonic, `https://sepolia.infura.io/v3/${infuraKey}`),\n"),
    ("infura-api-key", "docs/rpc.md", "https://mainnet.infura.io/v3/YOUR-API-KEY\n"),
    ("evm-private-key-literal", "scripts/deploy.py", "acct = Account.from_key(os.environ[\"PRIVATE_KEY\"])\n"),
    ("wallet-mnemonic-phrase", "contracts/.env", "MNEMONIC=$DEPLOYER_MNEMONIC\n"),
    ("wallet-mnemonic-phrase", "contracts/.env.example", "MNEMONIC=\n"),
]


@pytest.mark.parametrize("rule_id,path,text", NEGATIVES, ids=[f"{n[0]}:{n[1]}" for n in NEGATIVES])
def test_stand_ins_and_public_values_are_not_matched(rule_id: str, path: str, text: str) -> None:
    assert not rule_hits(rule_id, text, path), f"{rule_id}: took a non-secret in {path}"


def test_zigbee_network_key_check() -> None:
    for _ in range(20):
        assert zigbee_network_key(_netkey()), "a random 16-byte key fails its check"
    odd_then_even = [1, 3, 5, 7, 9, 11, 13, 15, 0, 2, 4, 6, 8, 10, 12, 13]  # the pre-1.33.0 default's shape
    assert not zigbee_network_key(", ".join(map(str, odd_then_even))), "a counting sequence passes"
    assert not zigbee_network_key(", ".join(["7"] * 16)), "one repeated byte passes"
    assert not zigbee_network_key(", ".join(map(str, range(15)))), "15 numbers pass"
    assert not zigbee_network_key("0x1g, " + _netkey().split(", ", 1)[1]), "a non-number passes"


def test_synapse_token_check() -> None:
    for _ in range(20):
        assert matrix_synapse_crc32(_synapse("bot" + _s(3, string.ascii_lowercase))), "a Synapse token fails its check"
    token = _synapse("maubot")
    flipped = token[:-1] + ("A" if token[-1] != "A" else "B")
    assert not matrix_synapse_crc32(flipped), "a wrong CRC passes"
    assert not matrix_synapse_crc32(token[:-7]), "a token without its CRC passes"


def test_a_scan_shows_every_planted_device_secret_and_never_carries_one(tmp_path: Path) -> None:
    files = {}
    for index, (rule_id, path, template, make) in enumerate(CASES):
        value = make()
        files[f"case{index:02d}/{path}"] = (_fill(template, value), value)
    require_planted_files_shown_and_not_carried(tmp_path / "repo", tmp_path, files)
