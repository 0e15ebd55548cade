"""Saved credentials of developer-workstation and admin tools a twenty-first red-team set planted
(IDE run configurations, database GUIs, terminal session managers, API clients, CLI credential
stores, expect scripts): each realistic shape is shown after the filters and the offline judge, and
the safe forms of the same files (keychain-backed or encrypted entries, empty fields, references to
variables) are not reported as confirmed. Values are random, made here with a fixed seed in each
credential's documented shape."""

from __future__ import annotations

import base64
import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import outcomes, require_shown
from tests.support.tokens import random_chars, typed_password

_R = random.Random(2121)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def _s(n: int, alphabet: str = _ALNUM) -> str:
    return random_chars(_R, n, alphabet)


VALUES = dict(pw=typed_password(_R), key=_s(36), hex32=_s(32, _HEX), HEX36=_s(36, "0123456789ABCDEF"),
              hex96=_s(96, _HEX), b64=base64.b64encode(_s(18).encode()).decode())

LEAKS = [
    # IDE run configurations and database GUIs
    ("projects/api/.idea/workspace.xml",
     '<envs>\n        <env name="DB_PASSWORD" value="{pw}" />\n      </envs>\n'),
    ("projects/api/.idea/runConfigurations/Worker.xml", '      <env name="REDIS_PASSWORD" value="{pw}" />\n'),
    ("Users/jdoe/AppData/Roaming/MySQL/Workbench/connections.xml",
     '<value _ptr_="0x600002" type="dict" key="parameterValues">\n'
     '  <value type="string" key="password">{pw}</value>\n  <value type="string" key="sshPassword">{pw}</value>\n'),
    ("Users/jdoe/AppData/Roaming/HeidiSQL/portable_settings.txt",
     "Servers\\prod\\User<|||>1<|||>root\nServers\\prod\\Password<|||>1<|||>{HEX36}7\n"),
    ("backup/sqldeveloper/connections.xml",
     '<StringRefAddr addrType="password">\n            <Contents>{b64}</Contents>\n         </StringRefAddr>\n'),
    # terminal session managers
    ("exports/kitty/Sessions/router-core", "HostName\\10.1.0.1\\\nProxyUsername\\netops\\\nProxyPassword\\{pw}\\\n"),
    ("Users/jdoe/AppData/Roaming/VanDyke/Config/Sessions/core.ini",
     'S:"Username"=netops\nS:"Password V2"=02:{hex96}\n'),
    ("home/jdoe/.subversion/auth/svn.simple/" + "0" * 32,
     "K 8\npasstype\nV 6\nsimple\nK 8\npassword\nV 15\n{pw}\nK 8\nusername\nV 4\njdoe\nEND\n"),
    # API clients
    ("api/bruno/collection.bru", "auth:apikey {{\n  key: X-Api-Key\n  value: {key}\n  placement: header\n}}\n"),
    ("api/insomnia/partner.json",
     '{{"authentication": {{"type": "apikey", "disabled": false, "key": "X-API-Key", "value": "{key}", "addTo": "header"}}}}\n'),
    ("home/jdoe/.config/httpie/sessions/api.example.com/prod.json",
     '    "cookies": [\n        {{\n            "domain": "api.example.com",\n            "expires": null,\n'
     '            "name": "sessionid",\n            "path": "/",\n            "secure": true,\n'
     '            "value": "{key}"\n        }}\n    ],\n'),
    ("home/jdoe/.httpie/sessions/localhost_8000/dev.json",
     '"cookies": {{"sessionid": {{"expires": 1747000000, "path": "/", "secure": false, "value": "{key}"}}}}\n'),
    ("projects/api/requests/legacy.http", "GET https://cam01.example.net/snapshot\nAuthorization: Digest admin {pw}\n"),
    # CLI credential stores
    ("home/jdoe/.hex/hex.config", "{{'$read_key',<<\"{hex32}\">>}}.\n{{username,<<\"jdoe\">>}}.\n"),
    ("home/ci/.hex/hex.config", "{{username,<<\"ci\">>}}.\n{{key,<<\"{hex32}\">>}}.\n"),
    # expect scripts
    ("scripts/deploy.sh",
     '/usr/bin/expect <<EOF\nspawn scp dist.tgz deploy@web01:/tmp/\nexpect {{\n'
     '  "*yes/no*" {{ send "yes\\r"; exp_continue }}\n  "*assword:" {{ send "{pw}\\r" }}\n}}\nEOF\n'),
    ("scripts/su-root.exp", 'spawn su - root\nexpect "Password:"\nsend -- "{pw}\\n"\n'),
    ("scripts/oneliner.sh", "expect -c 'spawn ssh admin@10.0.0.7 uptime; expect \"assword:\"; send \"{pw}\\r\"; expect eof'\n"),
]


@pytest.mark.parametrize("path,template", LEAKS, ids=[f"{i}-{p.rsplit('/', 1)[-1]}" for i, (p, _) in enumerate(LEAKS)])
def test_twenty_first_red_team_shapes_are_shown(path: str, template: str) -> None:
    require_shown(template.format(**VALUES), path)


SAFE = [
    ("projects/api/.idea/workspace.xml",
     '<envs>\n  <env name="DB_PASSWORD" value="" />\n  <env name="API_TOKEN" value="$API_TOKEN$" />\n</envs>\n'),
    ("Users/jdoe/AppData/Roaming/MySQL/Workbench/connections.xml",
     '<value type="string" key="password"></value>\n<value type="string" key="userName">app</value>\n'),
    ("Users/jdoe/AppData/Roaming/HeidiSQL/portable_settings.txt",
     "Servers\\prod\\Password<|||>1<|||>\nServers\\prod\\LoginPrompt<|||>3<|||>1\n"),
    ("exports/putty-sessions.reg", '"ProxyUsername"=""\n"ProxyPassword"=""\n'),
    ("Users/jdoe/AppData/Roaming/VanDyke/Config/Sessions/core.ini", 'S:"Password V2"=\nD:"Save Password"=00000000\n'),
    ("home/jdoe/.subversion/auth/svn.simple/" + "0" * 32,
     "K 8\npasstype\nV 13\ngnome-keyring\nK 8\nusername\nV 4\njdoe\nEND\n"),
    ("home/jdoe/.local/share/remmina/rdp_dc01.remmina", "[remmina]\nserver=10.0.0.10\npassword=.\n"),
    ("api/bruno/collection.bru", "auth:apikey {\n  key: X-Api-Key\n  value: {{apiKey}}\n  placement: header\n}\n"),
    ("api/insomnia/partner.json",
     '{"authentication": {"type": "apikey", "key": "X-API-Key", "value": "{{ _.api_key }}", "addTo": "header"}}\n'),
    ("home/jdoe/.config/httpie/sessions/api.example.com/prod.json",
     '{"auth": {"password": null, "type": null, "username": null}, "cookies": []}\n'),
    ("home/jdoe/.config/configstore/snyk.json", '{\n  "org": "acme",\n  "disable-analytics": "1"\n}\n'),
    ("home/jdoe/.hex/hex.config", "{'$repos',#{}}.\n{api_url,<<\"https://hex.pm/api\">>}.\n"),
    ("home/jdoe/.cargo/credentials.toml", '[registry]\ncredential-provider = ["cargo:libsecret"]\n'),
    ("projects/lib/project.clj", ':deploy-repositories [["releases" {:url "https://nexus.example/" :username :env/nexus_user :password :env/nexus_password}]]\n'),
    ("scripts/ssh-login.exp", 'expect "password:"\nsend "$password\\r"\nexpect "password for admin:"\nsend "$env(SUDO_PASS)\\r"\n'),
    ("scripts/deploy.sh", 'expect {\n  "*assword:" { send "$env(DEPLOY_PASS)\\r" }\n}\n'),
    ("projects/wp-theme/sftp-config.json", '{\n    "host": "example.com",\n    "user": "username",\n    //"password": "password",\n}\n'),
]


@pytest.mark.parametrize("path,text", SAFE, ids=[f"{i}-{p.rsplit('/', 1)[-1]}" for i, (p, _) in enumerate(SAFE)])
def test_keychain_backed_empty_and_referenced_entries_are_not_confirmed(path: str, text: str) -> None:
    if "confirmed" in outcomes(text, path):
        pytest.fail(f"{path}: a safe near-miss is confirmed")
