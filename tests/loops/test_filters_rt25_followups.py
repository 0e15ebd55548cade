"""Follow-ups to red-team set 25 (enterprise, legacy and network estates): an ntpd key file's line without the
HEX: tag, Tomcat's salted iterated digests, a password with a dot in a config file, and Windows answer files'
configuration passes and encoded empty passwords. Each class has a synthetic line written here and, in the same
place, a credential that must still be shown. Values are random."""

from __future__ import annotations

import base64
import random
import string

from tests.loops.test_fp_corpus_classes import hidden, require_shown
from tests.support.tokens import random_chars

_R = random.Random(25_1204)


def test_an_ntp_key_files_sha1_key_is_a_key() -> None:
    require_shown(f"2 SHA1 {_R.randbytes(20).hex()}\n", "etc/ntp.keys")


def test_tomcats_salted_iterated_digest_is_a_hash() -> None:
    digest = f"{_R.randbytes(16).hex()}$20000${_R.randbytes(32).hex()}"
    assert hidden(f'<user username="admin" password="{digest}" roles="manager-gui"/>\n', "conf/tomcat-users.xml")


def test_a_password_with_a_dot_in_a_properties_file_is_a_literal() -> None:
    password = random_chars(_R, 1, string.ascii_uppercase) + random_chars(_R, 6, string.ascii_lowercase) + "2024.ok"
    require_shown(f"db.user=app\ndb.password={password}\n", "conf/app.properties")


def test_a_dotted_name_in_code_is_still_a_reference() -> None:
    assert hidden("password = config.db_password2\n", "src/settings.py")


def _utf16(text: str) -> str:
    return base64.b64encode(text.encode("utf-16-le")).decode()


def test_an_answer_files_passes_and_encoded_empty_passwords_are_not_credentials() -> None:
    xml = ('<unattend>\n  <settings pass="oobeSystem">\n    <UserAccounts>\n      <AdministratorPassword>\n'
           f'          <Value>{_utf16("AdministratorPassword")}</Value>\n          <PlainText>false</PlainText>\n'
           '      </AdministratorPassword>\n    </UserAccounts>\n  </settings>\n</unattend>\n')
    assert hidden(xml, "windows/deploy/unattend.xml")


def test_an_answer_files_encoded_real_password_is_shown() -> None:
    password = random_chars(_R, 4, string.ascii_uppercase) + random_chars(_R, 10) + "!"
    xml = ('      <AdministratorPassword>\n'
           f'          <Value>{_utf16(password + "AdministratorPassword")}</Value>\n'
           '          <PlainText>false</PlainText>\n      </AdministratorPassword>\n')
    require_shown(xml, "windows/deploy/unattend.xml")


def test_a_jcl_job_cards_password_is_code_not_a_comment() -> None:
    # every JCL statement starts with //; only //* opens a comment
    from tests.loops.test_fp_corpus_classes import outcomes
    password = random_chars(_R, 8, string.ascii_uppercase + string.digits)
    jcl = ("//PAYRL01  JOB (ACCT01),'PAYROLL RUN',CLASS=A,MSGCLASS=X,\n"
           f"//             NOTIFY=&SYSUID,USER=PAYBATCH,PASSWORD={password}\n//STEP1    EXEC PGM=PAYCALC\n")
    assert outcomes(jcl, "mainframe/jcl/PAYROLL.jcl") == ["confirmed"]
