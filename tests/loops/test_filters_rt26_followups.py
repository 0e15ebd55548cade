"""Follow-ups to red-team set 26 (CI/CD and infrastructure as code): what a Kubernetes Secret's
`data:` holds base64-encoded that is no credential (a stand-in, a password hash, a timestamp, an
LDAP DN), a BuildKit secret mount spec on a command line, and a Spinnaker secret-engine reference.
Each class has a synthetic case written here and, in the same place, a credential that must still
be shown. Values are random."""

from __future__ import annotations

import base64
import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import hidden, require_shown
from tests.support.tokens import random_chars

_R = random.Random(26_1204)
_BCRYPT = string.ascii_letters + string.digits + "./"


def _secret(entries: dict[str, str]) -> str:
    data = "".join(f"  {name}: {base64.b64encode(value.encode()).decode()}\n" for name, value in entries.items())
    return f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ntype: Opaque\ndata:\n{data}"


@pytest.mark.parametrize("name,value", [
    ("password", "changeme"),
    ("api-key", "REPLACE_ME"),
    ("admin.password", "$2a$10$" + random_chars(_R, 53, _BCRYPT)),  # Argo CD keeps a bcrypt hash
    ("admin.passwordMtime", "2024-03-07T11:42:05Z"),
    ("bind-dn", "cn=svc-ci,ou=services,dc=corp,dc=example"),
], ids=["changeme", "replace-me", "bcrypt", "timestamp", "ldap-dn"])
def test_a_secrets_encoded_stand_in_or_public_value_is_not_shown(name: str, value: str) -> None:
    assert hidden(_secret({name: value}), "k8s/base/app-secret.yaml")


def test_a_secrets_encoded_password_is_shown() -> None:
    password = random_chars(_R, 3, string.ascii_uppercase) + random_chars(_R, 12) + "#"
    require_shown(_secret({"password": password}), "k8s/base/app-secret.yaml")


def test_a_buildkit_secret_mount_names_a_file_not_a_secret() -> None:
    assert hidden("docker buildx build --secret id=npmrc,src=/home/ci/.npmrc -t acme/web .\n", "ci/build.sh")
    assert hidden("podman build --secret=id=netrc,src=.netrc,type=file .\n", "ci/build.sh")


def test_a_secret_flag_with_a_literal_is_shown() -> None:
    require_shown(f"vendorctl deploy --secret {random_chars(_R, 24)} --region eu\n", "ci/deploy.sh")
    # key=value pairs that hold a password are a credential, spec or not
    require_shown(f"mountctl --secret user=ci,password={random_chars(_R, 16)}\n", "ci/mount.sh")


def test_a_spinnaker_secret_engine_reference_is_not_a_secret() -> None:
    config = ("    github:\n      enabled: true\n"
              "      password: encrypted:gcs!b:acme-halyard!f:spinnaker-secrets.yml!k:github.password\n")
    assert hidden(config, "spinnaker/.hal/config")
    oauth = "        oauth2:\n          client:\n            clientSecret: encrypted:s3!r:us-west-2!b:acme-hal!f:oauth.txt\n"
    assert hidden(oauth, "spinnaker/.hal/config")
    require_shown(f"      password: {random_chars(_R, 20)}\n", "spinnaker/.hal/config")


def test_a_docker_config_that_names_an_example_registry_is_still_shown() -> None:
    # decoded, the document holds a placeholder-like URL beside a real auth: only a single value is a stand-in
    auth = base64.b64encode(f"ci:{random_chars(_R, 18)}".encode()).decode()
    config = '{"auths":{"https://registry.example/v1/":{"auth":"%s"}}}' % auth
    require_shown(_secret({".dockerconfigjson": config}), "k8s/base/registry.yaml")
