"""Four rule fixes: mysql -p only where mysql is a command (not `php-mysql` in a package list),
ldapsearch -w ending at shell operators, every token line of a Consul `acl { tokens { … } }` block,
and Group Policy Preferences `cpassword` with its structure check (whole AES blocks after
re-padding). Values are random, made here; assertion messages name rules and paths, never values
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows only its message)."""

from __future__ import annotations

import base64
import random
import string
import uuid
from pathlib import Path

import pytest

from secretloop.loops.detect import Detector
from secretloop.loops.rules.catalogue import load_catalogue
from secretloop.loops.rules.checksums import gpp_cpassword
from tests.support.cli_scan import require_planted_files_shown_and_not_carried
from tests.support.tokens import random_chars

DETECTOR = Detector(load_catalogue())
_R = random.Random(2828)
_ALNUM = string.ascii_letters + string.digits
_CONS, _VOW = "bcdfghjklmnprstvwz", "aeiou"


def _human() -> str:
    word = "".join(_R.choice(_CONS) + _R.choice(_VOW) for _ in range(3))
    return word.capitalize() + random_chars(_R, 4, string.digits) + _R.choice("_!") + random_chars(_R, 2, string.ascii_lowercase)


def _uuid() -> str:
    return str(uuid.UUID(int=_R.getrandbits(128), version=4))


def _cpassword(nbytes: int) -> str:
    """What GPP writes: base64 of the ciphertext with the '=' padding removed."""
    return base64.b64encode(bytes(_R.randrange(256) for _ in range(nbytes))).decode().rstrip("=")


def _values(rule_id: str, text: str, path: str | None = None) -> list[str]:
    return [text[m.start : m.end] for m in DETECTOR.find(text, path) if m.rule_id == rule_id]


# --- 1. mysql -p needs mysql to be a command --------------------------------------------------

@pytest.mark.parametrize("template", [
    "mysql -h db -u root -p{v} app",
    "backup=$(mysqldump -uroot -p{v} --all-databases)",
    "cd /srv && /usr/bin/mysql -u app -p{v} app < seed.sql",
    "set -e; mysqladmin -u root -p'{v}' status | tee log",
    "out=`mysql -uapp -p{v} -e 'select 1'`",
    '    test: ["CMD", "mysqladmin", "ping", "-uroot", "-p{v}"]',
])
def test_mysql_commands_are_found(template: str) -> None:
    value = _human()
    text = template.format(v=value)
    assert value in _values("mysql-cli-password", text, "deploy/restore.sh"), f"mysql-cli-password: not found in {template.split()[0]}"


def test_mysql_long_password_option_is_still_found() -> None:
    value = _human()
    text = f"mysql --user=app --password={value} app"
    found = [text[m.start : m.end] for m in DETECTOR.find(text, "deploy/restore.sh")]
    assert value in found, "mysql --password= is not found by any rule"


@pytest.mark.parametrize("template", [
    "RUN apt-get install -y php-mysql libdbd-mysql-perl -p{v}",
    "Depends: libdbd-mysql-perl, default-mysql-client -p{v}",
    "Build-Depends: php8.2-mysql-p{v}",
    "sudo apt install python3-mysqldb-dev -p{v}",
])
def test_mysql_inside_package_names_is_no_command(template: str) -> None:
    text = template.format(v=_human())
    assert not _values("mysql-cli-password", text, "debian/control"), "mysql-cli-password took a package name"


# --- 2. ldapsearch -w ends at shell operators -------------------------------------------------

@pytest.mark.parametrize("tail", [" || exit 1", " && echo ok", "; echo done", ")", " | grep dn", "`", "&", "|wc -l"])
def test_ldap_bind_password_stops_at_shell_operators(tail: str) -> None:
    value = _human().replace("!", "_")
    text = f"res=$(ldapsearch -x -D cn=admin,dc=corp -w {value}{tail}"
    assert _values("ldap-bind-password", text, "bin/check.sh") == [value], "ldap-bind-password: value runs past the operator"


def test_ldap_bind_password_quoted_and_references() -> None:
    value = _human()
    assert _values("ldap-bind-password", f"ldapadd -x -D cn=admin,dc=corp -w '{value}' -f u.ldif", "a.sh") == [value], "quoted value"
    for ref in ('"$LDAP_PW"', "${LDAP_PW}", "-W"):
        assert not _values("ldap-bind-password", f"ldapadd -x -D cn=admin,dc=corp -w {ref} -f u.ldif", "a.sh"), "a reference taken"


# --- 3. every token of a Consul tokens block ---------------------------------------------------

_CONSUL_NAMES = ["initial_management", "master", "agent", "default", "agent_recovery", "replication"]


@pytest.mark.parametrize("count", [2, 3, 6])
def test_every_consul_token_line_is_found(count: int) -> None:
    tokens = [_uuid() for _ in range(count)]
    body = "".join(f'    {name} = "{tok}"\n' for name, tok in zip(_CONSUL_NAMES, tokens))
    text = f'datacenter = "dc1"\nacl {{\n  enabled = true\n  tokens {{\n{body}  }}\n}}\nencrypt = "{base64.b64encode(_R.randbytes(32)).decode()}"\n'
    found = _values("consul-acl-token-or-gossip-key", text, "consul.d/consul.hcl")
    assert all(t in found for t in tokens), f"consul: {sum(t in found for t in tokens)} of {count} tokens found"
    assert len(found) == count + 1, "consul: the gossip key is not found beside the tokens"


def test_consul_json_tokens_with_comments_are_found() -> None:
    tokens = [_uuid() for _ in range(3)]
    text = ('{\n  "acl": {\n    "tokens": {\n'
            f'      "initial_management": "{tokens[0]}",\n      // the agent\'s own token\n'
            f'      "agent": "{tokens[1]}",\n      "default": "{tokens[2]}"\n    }}\n  }}\n}}\n')
    found = _values("consul-acl-token-or-gossip-key", text, "consul.d/acl.json")
    assert all(t in found for t in tokens), "consul json: a token line is missed"


def test_uuids_outside_a_tokens_block_are_not_consul_tokens() -> None:
    text = f'service {{\n  name = "web"\n  id = "{_uuid()}"\n}}\nnode_name = "n1"\n'
    assert not _values("consul-acl-token-or-gossip-key", text, "consul.d/web.hcl"), "consul: a service id taken"
    text = f'tokens {{\n  agent = "consul-agent-01"\n}}\n'
    assert not _values("consul-acl-token-or-gossip-key", text, "consul.d/acl.hcl"), "consul: a name taken"


# --- 4. GPP cpassword ---------------------------------------------------------------------------

def test_gpp_cpassword_checker() -> None:
    for nbytes in (16, 32, 48, 64, 1024):
        assert gpp_cpassword(_cpassword(nbytes)), f"{nbytes} bytes of ciphertext fail the check"
        assert gpp_cpassword(base64.b64encode(_R.randbytes(nbytes)).decode()), "a padded value fails"
    for nbytes in (8, 15, 17, 20, 40, 1040):
        assert not gpp_cpassword(_cpassword(nbytes)), f"{nbytes} bytes (no whole AES blocks in range) pass"
    assert not gpp_cpassword(""), "empty passes"
    assert not gpp_cpassword("not base64 at all!!"), "non-base64 passes"
    assert not gpp_cpassword(_cpassword(32)[:-1]), "a truncated value (length 1 mod 4) passes"


_GPP_FILES = {
    "Groups.xml": '<Groups clsid="{{3125E937-EB16-4b4c-9934-544FC6D24D26}}"><User clsid="{{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}}" name="LocalAdmin" image="2"><Properties action="U" newName="" fullName="" description="" cpassword="{v}" changeLogon="0" noChange="1" neverExpires="1" acctDisabled="0" userName="LocalAdmin"/></User></Groups>\n',
    "Services.xml": '<NTServices clsid="{{2CFB484A-4E96-4b5d-A0B6-093D2F91E6AE}}"><NTService name="Backup" image="4"><Properties startupType="NOCHANGE" serviceName="BackupAgent" serviceAction="START" timeout="30" accountName="CORP\\svc-backup" cpassword="{v}"/></NTService></NTServices>\n',
    "ScheduledTasks.xml": '<ScheduledTasks clsid="{{CC63F200-7309-4ba0-B154-A71CD118DBCC}}"><Task name="cleanup" image="2"><Properties action="U" name="cleanup" runAs="CORP\\svc-task" cpassword="{v}" logonType="Password"/></Task></ScheduledTasks>\n',
    "DataSources.xml": '<DataSources clsid="{{380F820F-F21B-41ac-A3CC-24D4F80F067B}}"><DataSource name="Reports"><Properties action="U" userDSN="0" dsn="Reports" driver="SQL Server" username="rpt" cpassword="{v}"/></DataSource></DataSources>\n',
    "Drives.xml": '<Drives clsid="{{8FDDCC1A-0C3C-43cd-A6B4-71A6DF20DA8C}}"><Drive name="S:"><Properties action="U" thisDrive="NOCHANGE" path="\\\\fs01\\share" label="Share" persistent="1" userName="CORP\\mapper" cpassword="{v}" letter="S"/></Drive></Drives>\n',
    "Printers.xml": '<Printers clsid="{{1F577D12-3D1B-471e-A1B7-060317597B9C}}"><SharedPrinter name="hp"><Properties action="U" path="\\\\print01\\hp" username="CORP\\printer" cpassword="{v}"/></SharedPrinter></Printers>\n',
}


@pytest.mark.parametrize("name", sorted(_GPP_FILES))
def test_gpp_cpassword_is_found_in_each_preference_file(name: str) -> None:
    path = f"Policies/{{31B2F340-016D-11D2-945F-00C04FB984F9}}/Machine/Preferences/{name}"
    for nbytes in (16, 32, 64):
        value = _cpassword(nbytes)
        assert _values("gpp-cpassword", _GPP_FILES[name].format(v=value), path) == [value], f"gpp-cpassword: not found in {name}"


@pytest.mark.parametrize("value", ["", "{wrong}", "{notb64}"])
def test_gpp_cpassword_not_found_when_empty_or_malformed(value: str) -> None:
    v = value.format(wrong=_cpassword(20), notb64="xx" + "-_" * 12 + "yy")
    text = _GPP_FILES["Groups.xml"].format(v=v)
    assert not _values("gpp-cpassword", text, "Policies/Machine/Preferences/Groups/Groups.xml"), "gpp-cpassword: malformed value taken"


def test_gpp_cpassword_scan_shows_it_and_never_carries_it(tmp_path: Path) -> None:
    value = _cpassword(32)
    rel = "sysvol/corp.example/Policies/Machine/Preferences/Groups/Groups.xml"
    require_planted_files_shown_and_not_carried(tmp_path / "repo", tmp_path, {rel: (_GPP_FILES["Groups.xml"].format(v=value), value)})
