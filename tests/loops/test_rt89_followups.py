"""Follow-ups of red-team sets 89-92 (positional credentials, mobile apps, docs, Kubernetes): shapes they showed
missed or misread. Values are drawn at run time; failures name the file and the statuses, never the value."""

from __future__ import annotations

import base64
import json
import random
import string

from tests.loops.test_fp_corpus_classes import not_shown, require_shown
from tests.support.tokens import random_chars

_R = random.Random(89)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def _pw() -> str:
    return random_chars(_R, 12, _ALNUM) + "7q"


def test_a_password_literal_after_a_user_variable_is_found() -> None:
    require_shown(f'<?php\n$link = mysqli_connect($host, $user, "{_pw()}", $db);\n', "includes/db.php")
    require_shown(f'val auth = Credentials.basic(MERCHANT_ID, "{_pw()}")\n', "app/src/main/java/Pay.kt")
    assert not_shown("<?php\n$link = mysqli_connect($host, $user, $pass, $db);\n", "includes/db.php")


def test_a_password_written_after_a_login_prompt_is_found() -> None:
    require_shown(f'tn = telnetlib.Telnet(host)\ntn.read_until(b"Password: ")\ntn.write(b"{_pw()}\\n")\n', "tools/reboot.py")
    require_shown(f"child.expect('password for deploy:')\nchild.sendline('{_pw()}')\n", "tools/sudo_run.py")
    assert not_shown("child.expect('password for deploy:')\nchild.sendline(os.environ['DEPLOY_PW'])\n", "tools/sudo_run.py")


def test_a_login_call_with_host_and_port_is_read_whatever_the_clients_name() -> None:
    require_shown(f"client = InfluxDBClient('influx.internal', 8086, 'telegraf', '{_pw()}', 'metrics')\n", "ingest/influx.py")
    require_shown(f'client.username_pw_set("sensor-01", "{_pw()}")\n', "firmware/mqtt_bridge.py")


def test_a_table_of_passwords_beside_rows_that_point_elsewhere_is_read() -> None:
    rows = "".join(f"| {name} | {_pw()} |\n" for name in ("ldap", "erp"))
    text = ("| system | password |\n|---|---|\n" + rows
            + "| wiki | see KeePass |\n| badge | ask reception |\n| vpn | n/a |\n| safe | **** |\n")
    require_shown(text, "wiki/Onboarding.md")


def test_a_column_named_rcon_holds_rcon_passwords() -> None:
    require_shown(f"| name | address | rcon |\n|---|---|---|\n| eu-1 | 51.89.12.3:25565 | `{_pw()}` |\n", "README.md")


def test_a_twilio_account_sid_is_its_identifier() -> None:
    sid = "AC" + random_chars(_R, 32, _HEX)
    assert not_shown(f'object Secrets {{\n    const val TWILIO_ACCOUNT_SID = "{sid}"\n}}\n', "shared/Secrets.kt")


def test_existing_secret_at_the_end_of_a_dotted_helm_path_names_a_secret() -> None:
    text = 'resource "helm_release" "kc" {\n  set {\n    name  = "externalDatabase.existingSecret"\n' \
           '    value = "keycloak-db"\n  }\n}\n'
    assert not_shown(text, "terraform/k8s/helm.tf")


def _docker_config(user: str, password: str) -> str:
    auth = base64.b64encode(f"{user}:{password}".encode()).decode()
    return base64.b64encode(json.dumps({"auths": {"ghcr.io": {"auth": auth}}}).encode()).decode()


def _regcred(data: str) -> str:
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: regcred\ntype: kubernetes.io/dockerconfigjson\n"
            f"data:\n  .dockerconfigjson: {data}\n")


def test_a_docker_config_example_of_stand_ins_is_not_a_leak_but_a_real_one_is() -> None:
    assert not_shown(_regcred(_docker_config("my-user", "my-token")), "docs/examples/regcred.yaml")
    require_shown(_regcred(_docker_config("ci-bot", "ghp_" + random_chars(_R, 36, _ALNUM))), "docs/examples/regcred.yaml")
    require_shown(_regcred(_docker_config("my-user", "my-token")), "deploy/regcred.yaml")


def test_kubeadm_certificate_key_is_found() -> None:
    require_shown(f"kubeadm join 10.0.0.10:6443 --control-plane --certificate-key {random_chars(_R, 64, _HEX)}\n",
                  "clusters/edge/join.sh")


def test_a_manifest_meta_data_element_over_several_lines_is_read() -> None:
    text = ('<application>\n    <meta-data\n        android:name="io.fabric.ApiKey"\n'
            f'        android:value="{random_chars(_R, 40, _HEX)}" />\n</application>\n')
    require_shown(text, "app/src/main/AndroidManifest.xml")
