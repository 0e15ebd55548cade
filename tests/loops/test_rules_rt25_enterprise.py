"""Enterprise, legacy and network estates, which a twenty-fifth red-team set planted: reversible
"encryptions" that are the password (Cisco type 7, WebSphere {xor}, FortiOS ENC, TIBCO #!),
network-gear secrets (HSRP/VRRP, ASA IKE keys, Junos set commands), mainframe (JCL JOB cards,
RACF commands and PassTicket keys, batch FTP input, COBOL literals), admin tools of app servers,
directories, SAP, Oracle and IBM MQ, WildFly clear-text credential references, WLST connect(),
web.xml params and base64-encoded PEM keys. Each is found by its rule and shown after the filters
and the offline judge; stand-ins, hashes, references and public halves in the same places are not
matched; and a scan's report never carries a value. Values are random, made here in each format;
assertion messages name rules and paths, never values (PYTEST_DONT_REWRITE: plain asserts, so a
failure shows only its message)."""

from __future__ import annotations

import base64
import random
import string

import pytest

from secretloop.loops.rules.checksums import cisco_type7, websphere_xor
from tests.support.cli_scan import require_planted_files_shown_and_not_carried
from tests.support.rule_cases import require_case_found_and_shown
from tests.support.rule_cases import rule_hits as _hits
from tests.support.tokens import random_chars

_R = random.Random(2525)
_ALNUM = string.ascii_letters + string.digits
_UPPER = string.ascii_uppercase + string.digits
_CONS, _VOW = "bcdfghjklmnprstvwz", "aeiou"
# Cisco's type 7 table: public for decades, it is what makes the encoding reversible.
_CISCO7 = b"dsfd;kfoA,.iyewrkldJKDHSUBsgvca69834ncxv9873254k;fg87"


def _s(n: int, alphabet: str = _ALNUM) -> str:
    return random_chars(_R, n, alphabet)


def _word(syllables: int) -> str:
    return "".join(_R.choice(_CONS) + _R.choice(_VOW) for _ in range(syllables))


def _human() -> str:
    """A password the way people pick one: a made-up word, digits, a separator, a syllable."""
    return _word(3).capitalize() + _s(4, string.digits) + _R.choice("_-!") + _word(1)


def _mainframe() -> str:
    """A RACF password: 8 characters, upper case, digits and a national character (# @ $)."""
    return (_s(1, string.ascii_uppercase) + _s(2, _UPPER) + _s(1, string.digits) + _s(1, "#@$")
            + _s(2, _UPPER) + _s(1, string.digits))


def _type7(plain: str) -> str:
    seed = _R.randrange(16)
    return f"{seed:02d}" + "".join(f"{ord(c) ^ _CISCO7[(seed + i) % len(_CISCO7)]:02X}" for i, c in enumerate(plain))


def _xor(plain: str) -> str:
    return base64.b64encode(bytes(b ^ 0x5F for b in plain.encode())).decode()


def _b64(n: int) -> str:
    return base64.b64encode(bytes(_R.randrange(256) for _ in range(n))).decode()


def _pem_b64(kind: str) -> str:
    body = base64.b64encode(bytes(_R.randrange(256) for _ in range(600))).decode()
    return base64.b64encode(f"-----BEGIN {kind}-----\n{body}\n-----END {kind}-----\n".encode()).decode()


# (rule, path, text with {v}, value maker)
CASES = [
    ("cisco-type7-password", "network/cisco/core-sw01.cfg",
     "hostname core-sw01\nusername backup privilege 1 password 7 {v}\n!\n", lambda: _type7(_human())),
    ("cisco-type7-password", "network/cisco/core-sw01.cfg",
     "line vty 0 4\n password 7 {v}\n transport input ssh\n", lambda: _type7(_human())),
    ("cisco-type7-password", "network/cisco/core-sw01.cfg",
     "ntp authentication-key 1 md5 {v} 7\nntp trusted-key 1\n", lambda: _type7(_human())),
    ("websphere-xor-password", "websphere/config/cells/cell01/security.xml",
     "<security:Security>\n  <authDataEntries xmi:id=\"JAASAuthData_1\" alias=\"cell01/db2\" userId=\"db2inst1\" "
     "password=\"{{xor}}{v}\" description=\"DB2\"/>\n</security:Security>\n", lambda: _xor(_human())),
    ("websphere-xor-password", "websphere/profiles/AppSrv01/properties/soap.client.props",
     "com.ibm.SOAP.loginUserid=wasadmin\ncom.ibm.SOAP.loginPassword={{xor}}{v}\n", lambda: _xor(_human())),
    ("fortios-enc-secret", "network/fortigate/fw01.conf",
     "config vpn ipsec phase1-interface\n    edit \"to-dc\"\n        set interface \"wan1\"\n        set psksecret ENC {v}\n    next\nend\n",
     lambda: "Q" + _b64(71)),
    ("junos-set-command-secret", "network/juniper/bootstrap-set.txt",
     "set security ike policy IKE-POL pre-shared-key ascii-text \"{v}\"\n", _human),
    ("network-device-shared-key", "network/cisco/edge-rtr02.cfg",
     "interface GigabitEthernet0/1\n standby 10 authentication md5 key-string {v}\n", lambda: _s(14)),
    ("network-device-shared-key", "network/cisco/asa-fw01.cfg",
     "tunnel-group 198.51.100.7 ipsec-attributes\n ikev1 pre-shared-key {v}\n", _human),
    ("network-device-shared-key", "network/cisco/asa-fw01.cfg",
     "aaa-server TACACS (inside) host 10.1.1.5\n key {v}\n", _human),
    ("mqsc-ldap-password", "messaging/ibm-mq/QM1.mqsc",
     "DEFINE AUTHINFO('LDAP.AUTH') AUTHTYPE(IDPWLDAP) CONNAME('ldap01(389)') +\n       LDAPPWD('{v}') REPLACE\n", _human),
    ("racf-command-password", "mainframe/racf/setup.clist",
     "ALTUSER BATCH01 PASSWORD({v}) NOEXPIRED\n", _mainframe),
    ("racf-command-password", "mainframe/racf/setup-ptkt.clist",
     "RDEFINE PTKTDATA IRRPTAUTH.CICSPROD.* SSIGNON(KEYMASKED({v})) UACC(NONE)\n", lambda: _s(16, "0123456789ABCDEF")),
    ("jcl-job-password", "mainframe/jcl/PAYROLL.jcl",
     "//PAYRL01  JOB (ACCT01),'PAYROLL RUN',CLASS=A,MSGCLASS=X,\n//             NOTIFY=&SYSUID,USER=PAYBATCH,PASSWORD={v}\n"
     "//STEP1    EXEC PGM=PAYCALC\n", _mainframe),
    ("ftp-batch-input-password", "mainframe/jcl/FTPXFER.jcl",
     "//FTPXFER  JOB (ACCT01),'FTP',CLASS=A\n//STEP1    EXEC PGM=FTP,PARM='(EXIT'\n//OUTPUT   DD SYSOUT=*\n//INPUT    DD *\n"
     "ftp.partner.example\nxferusr {v}\nPUT 'PROD.DAILY' daily.txt\nQUIT\n/*\n", _human),
    ("ftp-batch-input-password", "legacy/batch/ftp-upload.sh",
     "#!/bin/sh\nftp -n ftp.partner.example <<EOF\nuser xferusr {v}\nbinary\nput daily.txt\nbye\nEOF\n", _human),
    ("cobol-password-value-clause", "legacy/cobol/DBCONN.cbl",
     "       WORKING-STORAGE SECTION.\n       01  WS-DB-PASSWORD  PIC X(8) VALUE '{v}'.\n", _mainframe),
    ("enterprise-admin-cli-password", "erp/sap/hana/setup-userstore.sh",
     "#!/bin/sh\nhdbuserstore SET BACKUPKEY hana01:30013@SYSTEMDB BACKUP_OPERATOR {v}\n", _human),
    ("enterprise-admin-cli-password", "messaging/ace/setdbparms.sh",
     "mqsisetdbparms -w /home/aceuser/ace-server -n jdbc::ORDERSDB -u dbuser -p {v}\n", _human),
    ("enterprise-admin-cli-password", "db/oracle/scripts/wallet.sh",
     "mkstore -wrl /u01/app/oracle/wallet -createCredential PROD app_user {v}\n", _human),
    ("enterprise-admin-cli-password", "identity/kerberos/setup-kdc.sh",
     "kadmin.local -q \"addprinc -pw {v} admin/admin@CORP.EXAMPLE\"\n", _human),
    ("enterprise-admin-cli-second-password", "identity/freeipa/install-server.sh",
     "#!/bin/sh\nipa-server-install -U \\\n  -r CORP.EXAMPLE \\\n  -p {o} \\\n  -a {v} \\\n  --setup-dns\n", _human),
    ("wlst-connect-password", "weblogic/wlst/deploy.py", "connect('weblogic', '{v}', 't3://admin01:7001')\n", _human),
    ("clear-text-credential-reference", "wildfly/standalone/configuration/standalone.xml",
     "<datasource jndi-name=\"java:jboss/datasources/OrdersDS\" pool-name=\"OrdersDS\">\n  <security user-name=\"orders\">\n"
     "    <credential-reference clear-text=\"{v}\"/>\n  </security>\n</datasource>\n", _human),
    ("tibco-obfuscated-password", "messaging/tibco/bw/ProcessApp.substvar.properties",
     "tibco.clientVar.DB/User=bwapp\ntibco.clientVar.DB/Password=#!{v}\n", lambda: _b64(24)),
    ("xml-password-value-element", "webapp/WEB-INF/web.xml",
     "<web-app>\n  <context-param>\n    <param-name>smtp.password</param-name>\n    <param-value>{v}</param-value>\n"
     "  </context-param>\n</web-app>\n", _human),
    ("password-xml-element", "network/pfsense/config.xml",
     "<pfsense>\n  <authserver>\n    <name>corp-ldap</name>\n    <ldap_bindpw>{v}</ldap_bindpw>\n  </authserver>\n</pfsense>\n", _human),
    ("private-key-pem-base64", "network/pfsense/config.xml",
     "<pfsense>\n  <cert>\n    <descr>webConfigurator</descr>\n    <prv>{v}</prv>\n  </cert>\n</pfsense>\n",
     lambda: _pem_b64("PRIVATE KEY")),
    ("sql-user-password", "db/oracle/scripts/create_users.sql", "CREATE USER app_ro IDENTIFIED BY \"{v}\";\n", _human),
    ("ipsec-psk-secret", "network/vpn/strongswan/ipsec.secrets",
     "# ipsec.secrets\n%any 198.51.100.0/24 : PSK {v}\n", lambda: "0s" + _b64(32)),
    ("password-stdin-pipe", "identity/kerberos/etl-kinit.sh", "#!/bin/sh\necho '{v}' | kinit svc_etl@CORP.EXAMPLE\n", _human),
]


def _fill(template: str, value: str) -> str:
    return template.format(v=value, o=_human())


@pytest.mark.parametrize("rule_id,path,template,make", CASES, ids=[f"{r}:{p}" for r, p, _, _ in CASES])
def test_each_rule_finds_its_value_and_the_pipeline_shows_it(rule_id, path, template, make) -> None:
    require_case_found_and_shown(_hits, rule_id, path, make, lambda value: _fill(template, value))


def test_every_new_rule_of_the_set_has_a_case() -> None:
    new = {"cisco-type7-password", "websphere-xor-password", "fortios-enc-secret", "junos-set-command-secret",
           "mqsc-ldap-password", "racf-command-password", "jcl-job-password", "ftp-batch-input-password",
           "cobol-password-value-clause", "enterprise-admin-cli-password", "enterprise-admin-cli-second-password",
           "wlst-connect-password", "clear-text-credential-reference", "tibco-obfuscated-password",
           "private-key-pem-base64"}
    assert new <= {r for r, _, _, _ in CASES}, sorted(new - {r for r, _, _, _ in CASES})


def test_reversible_encodings_decode_and_stand_ins_fail() -> None:
    for _ in range(20):
        assert cisco_type7(_type7(_human())), "a type 7 of a real password fails its check"
        assert websphere_xor(_xor(_human())), "an {xor} of a real password fails its check"
    for stand_in in ("cisco", "password", "changeme", "Cisco"):
        assert not cisco_type7(_type7(stand_in)), "a type 7 stand-in passes its check"
    for stand_in in ("WebAS", "changeit", "password"):
        assert not websphere_xor(_xor(stand_in)), "an {xor} default passes its check"
    assert not cisco_type7("99" + "41" * 6), "an offset beyond the table passes"
    assert not cisco_type7("05" + "ZZ" * 6), "non-hex passes"
    assert not websphere_xor("not base64!"), "non-base64 passes"


# (rule, text): stand-ins, hashes, references and public halves in the same places
NOT_MATCHED = [
    ("cisco-type7-password", f"username cisco password 7 {_type7('cisco')}\n"),
    ("cisco-type7-password", f"enable password 7 {_type7('password')}\n"),
    ("network-device-cleartext-password", f"username backup privilege 1 password 7 {_type7(_human())}\n"),
    ("cisco-type7-password", "    enable password 7 <type-7-string>\n"),
    ("websphere-xor-password", f"com.ibm.ssl.trustStorePassword={{xor}}{_xor('WebAS')}\n"),
    ("fortios-enc-secret", "        set password ENC SH2" + _s(60, "0123456789abcdef") + "\n"),
    ("fortios-enc-secret", "        set password ENC AK1" + _s(40) + "\n"),
    ("junos-set-command-secret", "set system login user ops authentication encrypted-password \"$6$" + _s(16) + "$" + _s(86) + "\"\n"),
    ("network-device-shared-key", " ikev2 local-authentication pre-shared-key *****\n"),
    ("network-device-shared-key", " standby 10 authentication md5 key-chain HSRP-KEYS\n"),
    ("realm-properties-password", "user: MD5:" + _s(32, "0123456789abcdef") + ", admin\n"),
    ("realm-properties-password", "ops: CRYPT:" + _s(13) + ", admin\n"),
    ("racf-command-password", "PERMIT IRRPTAUTH.CICSPROD.* CLASS(PTKTDATA) ID(CICSUSR) ACCESS(UPDATE)\n"),
    ("jcl-job-password", "// PASSWORD=" + _human() + " is read from the environment\n"),
    ("ftp-batch-input-password", "ftp -n host <<EOF\nuser xferusr $FTP_PASSWORD\nbinary\nEOF\n"),
    ("enterprise-admin-cli-password", "mqsisetdbparms -w /srv/ace -n jdbc::RPT -u rpt -p \"$RPT_PASSWORD\"\n"),
    ("enterprise-admin-cli-password", "runmqakm -cert -list -db key.kdb -stashed\n"),
    ("enterprise-admin-cli-password", "smbpasswd -a jdoe\n"),
    ("wlst-connect-password", "connect(userConfigFile='/u01/keys/uc.secure', userKeyFile='/u01/keys/uk.secure', url='t3://a:7001')\n"),
    ("clear-text-credential-reference", "<credential-reference store=\"credstore\" alias=\"billing-db\"/>\n"),
    ("tibco-obfuscated-password", "#!/bin/sh\npassword=$(cat /run/secrets/pw)\n"),
    ("private-key-pem-base64", "    <crt>" + _pem_b64("CERTIFICATE") + "</crt>\n"),
    ("xml-password-value-element", "<param-name>smtp.password</param-name>\n<param-value>${SMTP_PASSWORD}</param-value>\n"),
]


@pytest.mark.parametrize("rule_id,text", NOT_MATCHED, ids=[f"{r}-{i}" for i, (r, _) in enumerate(NOT_MATCHED)])
def test_stand_ins_hashes_and_references_are_not_matched(rule_id: str, text: str) -> None:
    assert not _hits(rule_id, text), f"{rule_id}: matched a look-alike"


def test_scan_report_shows_the_estate_cases_and_never_carries_a_value(tmp_path) -> None:
    """Through the CLI's own pipeline (discover, scan, filter, offline judge, report)."""
    root = tmp_path / "repo"
    t7, xor, racf, hana, psk = _type7(_human()), _xor(_human()), _mainframe(), _human(), _human()
    files = {
        "net/core.cfg": (f"hostname core\nusername backup privilege 1 password 7 {t7}\n", t7),
        "was/soap.client.props": (f"com.ibm.SOAP.loginPassword={{xor}}{xor}\n", xor),
        "mf/PAYROLL.jcl": (f"//PAYRL01  JOB (A1),'PAY',CLASS=A,USER=PAYBATCH,PASSWORD={racf}\n//S1 EXEC PGM=PAY\n", racf),
        "sap/userstore.sh": (f"hdbuserstore SET BKP hana01:30013@SYSTEMDB BACKUP_OPERATOR {hana}\n", hana),
        "net/asa.cfg": (f"tunnel-group 198.51.100.7 ipsec-attributes\n ikev1 pre-shared-key {psk}\n", psk),
    }
    require_planted_files_shown_and_not_carried(root, tmp_path, files)
