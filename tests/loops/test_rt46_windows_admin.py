"""Follow-ups of red-team set 46 (Windows administration artefacts): feed API keys on nuget/choco command lines,
-Name/-Value registry writes, passwords passed by position to WSH login calls, clear Wi-Fi profiles, task sequence
variables, ConvertTo-SecureString with its switches first, and the look-alikes that stay quiet (IIS-encrypted
attributes, Windows Setup's scrub marker, an environment variable's scope). Values are drawn at run time; failures
name the file and the statuses, never the value."""

from __future__ import annotations

import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown

_R = random.Random(46_0001)


def _pw(n: int = 14) -> str:
    return "".join(_R.choice(string.ascii_letters + string.digits) for _ in range(n - 3)) + "#7q"


def _hex(n: int) -> str:
    return "".join(_R.choice("0123456789abcdef") for _ in range(n))


SHOWN = [
    ("ops/Publish-Modules.ps1", lambda: f"nuget push .\\out\\*.nupkg -ApiKey {_hex(32)} -Source https://nexus.contoso.local/nuget/\n"),
    ("packaging/build.ps1", lambda: f'choco source add -n internal -s https://nexus.contoso.local/choco/ -u choco_ro -p "{_pw()}"\n'),
    ("ops/Register-Agent.ps1", lambda: f'Set-ItemProperty -Path $RegKey -Name "ApiKey" -Value "{_pw(24)}"\n'),
    ("wsh/logon.vbs", lambda: f'objNetwork.MapNetworkDrive "L:", "\\\\fs02\\labels", False, "fs02\\labeler", "{_pw()}"\n'),
    ("wsh/create-users.vbs", lambda: 'Set o = dso.OpenDSObject("LDAP://dc01/CN=Users,DC=contoso,DC=local", "CONTOSO\\bind", '
     f'"{_pw()}", 1)\n'),
    ("wifi/ContosoCorp.xml", lambda: f"<sharedKey><keyType>passPhrase</keyType><protected>false</protected><keyMaterial>{_pw()}</keyMaterial></sharedKey>\n"),
    ("sccm/ts-win11.xml", lambda: f'<variable name="OSDJoinPassword" property="JoinPassword">{_pw()}</variable>\n'),
    ("ops/New-LabUsers.ps1", lambda: f'New-LocalUser -Name lab01 -Password (ConvertTo-SecureString -AsPlainText "{_pw()}" -Force)\n'),
]


@pytest.mark.parametrize(("path", "make"), SHOWN, ids=[f"{i}-{p}" for i, (p, _) in enumerate(SHOWN)])
def test_windows_admin_credentials_are_shown(path: str, make) -> None:
    require_shown(make(), path)


QUIET = [
    ("iis/applicationHost.config", '<add name="AppPool" password="[enc:IISWASOnlyCngProvider:'
     + "aGVsbG8gd29ybGQgdGhpcyBpcyBhIHRlc3Qgb2YgYW4gZW5jcnlwdGVk" + ':enc]" />\n'),
    ("panther/unattend.xml", "<Password>\n  <Value>*SENSITIVE*DATA*DELETED*</Value>\n  <PlainText>true</PlainText>\n</Password>\n"),
    ("ops/deploy.ps1", '$pw = [Environment]::GetEnvironmentVariable("DB_PASSWORD", "Machine")\n'),
    ("ops/Register-Agent.ps1", 'Set-ItemProperty -Path $RegKey -Name "ApiKey" -Value $env:AGENT_KEY\n'),
    ("wifi/Corp.xml", "<protected>true</protected><keyMaterial>01000000D08C9DDF0115D1118C7A00C04FC297EB01000000</keyMaterial>\n"),
]


@pytest.mark.parametrize(("path", "text"), QUIET, ids=[f"{i}-{p}" for i, (p, _) in enumerate(QUIET)])
def test_encrypted_scrubbed_and_referenced_values_are_quiet(path: str, text: str) -> None:
    assert not_shown(text, path), outcomes(text, path)
