"""Follow-ups of red-team sets 40 (infrastructure as code) and 41 (logs and captured output): a SealedSecret's
ciphertext, Vagrant's base-box password, an agent's socket path under an auth name. Values are drawn at run
time; failures name the file and the statuses, never the value."""

from __future__ import annotations

import base64
import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown
from tests.support.filter_checks import check_filter

_R = random.Random(40_0001)


def _alnum(n: int) -> str:
    return "".join(_R.choice(string.ascii_letters + string.digits) for _ in range(n))


def _sealed_entry() -> str:
    # a 2-byte length (512: a 4096-bit controller key), the encrypted session key, the AES-GCM ciphertext
    return base64.b64encode(b"\x02\x00" + bytes(_R.randrange(256) for _ in range(512 + 40))).decode()


def _sealed_manifest(entry: str) -> str:
    return ("apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: shop-db\n  namespace: shop\n"
            f"spec:\n  encryptedData:\n    password: {entry}\n  template:\n    metadata:\n      name: shop-db\n")


def test_a_sealed_secrets_entry_is_encrypted() -> None:
    entry = _sealed_entry()
    assert entry.startswith("Ag")
    assert not_shown(_sealed_manifest(entry), "k8s/sealed/shop-db-sealed.yaml")


def test_a_plain_password_beside_a_sealed_secret_is_shown() -> None:
    text = _sealed_manifest(_sealed_entry()) + f"---\nkind: ConfigMap\ndata:\n  password: {_alnum(14)}\n"
    statuses = outcomes(text, "k8s/sealed/mixed.yaml")
    assert "confirmed" in statuses or "pending" in statuses, statuses
    entry = _sealed_entry()
    assert not check_filter("sealed_secret_ciphertext", entry, f"  password: {entry}", "password", "yaml")


def test_vagrants_base_box_password() -> None:
    assert not_shown('Vagrant.configure("2") do |config|\n  config.ssh.password = "vagrant"\nend\n', "Vagrantfile")
    require_shown(f'Vagrant.configure("2") do |config|\n  config.ssh.password = "{_alnum(14)}"\nend\n', "Vagrantfile")
    assert not check_filter("vagrant_box_password", "vagrant", 'password = "vagrant"', "password", "python")


def test_an_agents_socket_path_is_no_secret() -> None:
    line = f"SSH_AUTH_SOCK=/tmp/ssh-{_alnum(12)}/agent.1963\n"
    assert not_shown(line, "support/ticket-4471/printenv.txt"), outcomes(line, "support/printenv.txt")


def test_a_checkpoint_shard_under_a_tensor_name_is_a_file() -> None:
    line = '    "model.embed_tokens.weight": "model-00001-of-00003.safetensors",\n'
    assert not_shown('{\n  "weight_map": {\n' + line + "  }\n}\n", "models/llama-ft/model.safetensors.index.json")
    assert check_filter("model_weights_file", "model-00001-of-00003.safetensors", line, "model.embed_tokens.weight", "json")
    value = _alnum(24)
    assert not check_filter("model_weights_file", value, f'"api_token": "{value}"', "api_token", "json")


@pytest.mark.parametrize("line", ["POSTGRES_PASSWORD=postgres\n", "_AIRFLOW_WWW_USER_PASSWORD=airflow\n", "MYSQL_PASSWORD=mysql\n"])
def test_a_services_name_as_its_password_is_a_stand_in(line: str) -> None:
    assert not_shown(line, "stack/.env"), outcomes(line, "stack/.env")


def test_a_password_after_the_services_name_is_shown() -> None:
    require_shown(f"POSTGRES_PASSWORD={_alnum(16)}\n", "stack/.env")


def test_a_dotted_password_inside_a_connection_string_literal_is_shown() -> None:
    value = _alnum(6) + "." + _alnum(5)
    require_shown(f'jdbc = "jdbc:sqlserver://db.internal:1433;user=etl;password={value};encrypt=true"\n',
                  "notebooks/ingest.py")
