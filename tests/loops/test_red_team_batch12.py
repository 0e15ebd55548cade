"""Credentials in system and tool configuration files a twelfth red-team set planted (mail servers
and clients, network devices and daemons, backup and monitoring tools): each realistic shape is
shown after the filters and the offline judge, and the safe forms of the same formats (hashes,
references to external storage, empty values) are not reported as confirmed. Values are random,
made here with a fixed seed in each credential's documented shape."""

from __future__ import annotations

import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import outcomes, require_shown
from tests.support.tokens import random_chars, typed_password

_R = random.Random(1212)
_ALNUM = string.ascii_letters + string.digits


def _s(n: int, alphabet: str = _ALNUM) -> str:
    return random_chars(_R, n, alphabet)


def _password() -> str:
    return typed_password(_R)


VALUES = dict(pw=_password(), key=_s(32), hex32=_s(32, "0123456789abcdef"), hex64=_s(64, "0123456789abcdef"),
              HEX40=_s(40, "0123456789ABCDEF"), jun9="$9$" + _s(24, _ALNUM + "./-"), b2="K005" + _s(27))

LEAKS = [
    # mail
    ("etc/dovecot/users", "alice@example.org:{{PLAIN}}{pw}:1000:1000::/home/alice::\n"),
    ("etc/nginx/htpasswd", "alice:{{PLAIN}}{pw}\n"),
    ("etc/exim4/conf.d/main/00_local_macros", "hide mysql_servers = localhost/exim/exim/{pw}\n"),
    ("etc/mail/authinfo", 'AuthInfo:smtp.isp.net "U:root" "I:relay@isp.net" "P:{pw}" "M:PLAIN"\n'),
    ("etc/nullmailer/remotes", "smtp.isp.net smtp --port=587 --starttls --user=relay@isp.net --pass={pw}\n"),
    ("home/bob/.config/neomutt/neomuttrc",
     "account-hook imaps://bob@imap.mailbox.org 'set imap_user=bob imap_pass={pw}'\n"),
    # network devices and daemons
    ("etc/tacacs+/tac_plus.conf", 'user = netadmin {{\n    login = cleartext "{pw}"\n}}\n'),
    ("etc/frr/frr.conf", "router bgp 65001\n neighbor 192.0.2.1 remote-as 65002\n neighbor 192.0.2.1 password {pw}\n"),
    ("configs/cisco/core-sw1.cfg", "key chain OSPF\n key 1\n  key-string {key}\n"),
    ("configs/cisco/core-sw1.cfg", "tacacs-server host 10.0.0.20 key 0 {pw}\n"),
    ("configs/cisco/core-sw1.cfg", "crypto isakmp key {pw} address 0.0.0.0 0.0.0.0\n"),
    ("etc/snmp/snmpd.conf", "agentAddress udp:161\nrocommunity {key} 10.0.0.0/8\n"),
    ("configs/junos/edge.conf", '    radius-server {{\n        192.0.2.30 secret "{jun9}"; ## SECRET-DATA\n    }}\n'),
    ("configs/mikrotik/export.rsc", "/ppp secret\nadd name=vpnuser password={pw} profile=default-encryption service=l2tp\n"),
    ("etc/vpnc/default.conf", "IPSec gateway vpn.corp.net\nIPSec ID corp\nIPSec secret {pw}\nXauth username alice\n"),
    ("etc/vpnc/default.conf", "Xauth username alice\nXauth password {pw}\n"),
    ("etc/chrony/chrony.keys", "2 MD5 {key}\n"),
    ("etc/bird/bird.conf", 'protocol bgp upstream {{\n\tneighbor 192.0.2.1 as 65002;\n\tpassword "{pw}";\n}}\n'),
    ("etc/wpa_supplicant/wpa_supplicant.conf", 'network={{\n\tssid="Office"\n\tpsk={hex64}\n}}\n'),
    # backup, messaging, monitoring
    ("etc/b2/env", "B2_APPLICATION_KEY_ID=0012ab34cd560000000000001\nB2_APPLICATION_KEY={b2}\n"),
    ("etc/kamailio/kamctlrc", 'DBENGINE=MYSQL\nDBRWUSER="kamailio"\nDBRWPW="{pw}"\n'),
    ("opt/mattermost/config/config.json", '{{\n    "SqlSettings": {{\n        "AtRestEncryptKey": "{key}"\n    }}\n}}\n'),
    ("deploy/helm/values.yaml", "rabbitmq:\n  auth:\n    erlangCookie: {key}\n"),
    ("home/alice/.yarnrc.yml", 'npmRegistries:\n  "https://nexus.corp.net/repository/npm/":\n    npmAuthIdent: "ci:{pw}"\n'),
    ("etc/grafana/grafana.ini", '[database]\nuser = grafana\npassword = """{pw}"""\n'),
    ("etc/collectd/collectd.conf", '<Plugin mysql>\n  <Database db>\n    User "collectd"\n    Password "{pw}"\n  </Database>\n</Plugin>\n'),
    ("etc/redis/sentinel.conf", "sentinel monitor mymaster 10.0.0.5 6379 2\nsentinel auth-pass mymaster {pw}\n"),
    ("etc/monit/monitrc", "set httpd port 2812 and\n    allow admin:{pw}\n"),
    ("etc/alertmanager/alertmanager.yml", "receivers:\n  - name: ops\n    pagerduty_configs:\n      - routing_key: {hex32}\n"),
    ("ops/elastic-keystore.sh", 'echo "{pw}" | bin/elasticsearch-keystore add -x bootstrap.password\n'),
    # a second round: other spellings of the same formats
    ("etc/dovecot/conf.d/auth-static.conf.ext", "passdb {{\n  driver = static\n  args = password={{PLAIN}}{pw}\n}}\n"),
    ("configs/ios/r1.cfg", "snmp-server user opsmon ops-group v3 auth sha {pw} priv aes 128 {pw}\n"),
    ("etc/openldap/slapd.d/cn=config/olcDatabase={{1}}mdb.ldif", "dn: olcDatabase={{1}}mdb,cn=config\nolcRootPW: {pw}\n"),
    ("etc/snmp/snmpd.conf", "trapcommunity {key}\n"),
    ("etc/redis/sentinel.conf", "sentinel sentinel-pass {pw}\n"),
    ("etc/NetworkManager/system-connections/corp.nmconnection", "[vpn-secrets]\nIPSec secret={pw}\nXauth password={pw}\n"),
    ("deploy/wireguard/values.yaml", "peer:\n  pre_shared_key: {key}\n"),
]


@pytest.mark.parametrize("path,template", LEAKS, ids=[f"{i}-{p}" for i, (p, _) in enumerate(LEAKS)])
def test_twelfth_red_team_shapes_are_shown(path: str, template: str) -> None:
    require_shown(template.format(**VALUES), path)


SAFE = [
    ("etc/dovecot/users", "alice@example.org:{SHA512-CRYPT}$6$rounds=5000$abcdefgh$QWERTYUIOPASDFGHJKLZXCVBNMqwerty:1000:1000::/home/alice::\n"),
    ("etc/dovecot/users", "bob@example.org:{PLAIN-MD5}1a1dc91c907325c69271ddf0c944bc72:1001:1001::/home/bob::\n"),
    ("etc/nginx/htpasswd", "bob:$apr1$abcdefgh$ABCDEFGHIJKLMNOPQRSTUV\n"),
    ("configs/cisco/sw2.cfg", "username admin privilege 15 secret 9 $9$nhEmQVczB7dqsO$X.HsgL6x1il0RxkOSSvyQYwucySCt7qFm4v7pqCxkKM\n"),
    ("configs/junos/edge.conf", '        encrypted-password "$6$abcdefgh$QWERTYUIOPASDFGHJKLZXCVBNMqwerty";\n'),
    ("etc/wpa_supplicant/wpa_supplicant.conf", 'network={\n\tssid="HomeNet"\n\tpsk=ext:psk_homenet\n}\n'),
    ("home/alice/.muttrc", 'set imap_pass = "`pass show mail/example`"\nset smtp_pass = $my_pass\n'),
    ("home/alice/.yarnrc.yml", 'npmAuthIdent: "${NPM_AUTH_IDENT}"\n'),
    ("etc/collectd/collectd.conf", '    Password "${COLLECTD_PW}"\n'),
    ("etc/redis/sentinel.conf", "sentinel auth-pass mymaster ${REDIS_PASSWORD}\n"),
    ("etc/monit/monitrc", "set httpd port 2812 and\n    allow localhost\n    allow @monit\n"),
    ("etc/alertmanager/alertmanager.yml", "routes:\n  - routing_key: orders.created.eu\n"),
    ("etc/exim4/conf.d/main/00_local_macros", "hide mysql_servers = localhost/exim/exim/\n"),
    ("etc/snmp/snmpd.conf", "rocommunity $SNMP_COMMUNITY 10.0.0.0/8\n"),
]


@pytest.mark.parametrize("path,text", SAFE, ids=[f"{i}-{p}" for i, (p, _) in enumerate(SAFE)])
def test_hashes_references_and_empty_values_are_not_confirmed(path: str, text: str) -> None:
    if "confirmed" in outcomes(text, path):
        pytest.fail(f"{path}: a safe near-miss is confirmed")
