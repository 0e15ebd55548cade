"""Follow-ups of red-team set 56 (network gear): SNMP communities as Junos, VyOS, FortiOS and pfSense write them, keys
in a RADIUS server block, '#' starting an ASA key, pfSense/OPNsense XML secrets, RANCID's .cloginrc, racadm, an
ipsec.secrets RSA passphrase; access modes are no secrets. Values are drawn at run time; failures never print them."""

from __future__ import annotations

import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown

_R = random.Random(56_0001)


def _pw(n: int = 12) -> str:
    return "".join(_R.choice(string.ascii_letters + string.digits) for _ in range(n))


SHOWN = [
    ("junos/mx-edge1.conf", lambda: f"snmp {{\n    community {_pw()} {{\n        clients {{\n            10.0.0.0/8;\n"
     f"        }}\n    }}\n}}\n"),
    ("vyos/config.boot", lambda: f"service {{\n    snmp {{\n        community {_pw()} {{\n            authorization ro\n"
     f"            network 10.0.0.0/8\n        }}\n    }}\n}}\n"),
    ("fortigate/fgt-hq.conf", lambda: f'config system snmp community\n    edit 1\n        set name "{_pw()}"\n    next\nend\n'),
    ("pfsense/config.xml", lambda: f"<snmpd>\n\t<rocommunity>{_pw()}</rocommunity>\n</snmpd>\n"),
    ("opnsense/config.xml", lambda: f"<phase1>\n  <psk>{_pw(20)}</psk>\n</phase1>\n"),
    ("cisco/access-sw07.cfg", lambda: f"radius server ISE01\n address ipv4 10.0.0.5 auth-port 1812\n key 6 {_pw(18)}\n"),
    ("cisco/fw-asa01.cfg", lambda: f"aaa-server ISE (inside) host 10.0.0.5\n key #{_pw(14)}\n"),
    ("junos/mx-edge1.conf", lambda: f'authentication-key-chains {{\n  key-chain BGP {{\n    key 1 {{\n'
     f'      secret "$9${_pw(24)}"; ## SECRET-DATA\n    }}\n  }}\n}}\n'),
    ("rancid/.cloginrc", lambda: f"add user core-rtr* rancid\nadd password core-rtr* {{{_pw()}}} {{{_pw()}}}\n"),
    ("ipmi/power.sh", lambda: f"racadm -r 10.60.0.14 -u root -p {_pw()} serveraction powercycle\n"),
    ("etc/ipsec.secrets", lambda: f': RSA sun.key "{_pw(10)}!"\n'),
]


@pytest.mark.parametrize(("path", "make"), SHOWN, ids=[f"{i}-{p}" for i, (p, _) in enumerate(SHOWN)])
def test_network_gear_secrets_are_shown(path: str, make) -> None:
    require_shown(make(), path)


QUIET = [
    ("junos/mx-edge1.conf", "snmp {\n    community public {\n        authorization read-only;\n    }\n}\n"),
    ("junos/mx-edge1.conf", "policy-options {\n    community TRANSIT members 65000:100;\n}\n"),
    ("fortigate/fgt-hq.conf", 'config system snmp sysinfo\n    set status enable\n    set name "fgt-hq"\nend\n'),
    ("rancid/.cloginrc", "add method * {ssh}\n"),
]


@pytest.mark.parametrize(("path", "text"), QUIET, ids=[f"{i}-{p}" for i, (p, _) in enumerate(QUIET)])
def test_network_config_lines_without_secrets_are_quiet(path: str, text: str) -> None:
    assert not_shown(text, path), f"{path}: {outcomes(text, path)}"
