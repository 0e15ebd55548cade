"""CI/CD pipelines and infrastructure as code, which a twenty-sixth red-team set planted: Jenkins credentials
built from literals in Groovy, secret parameters and inputs with a literal default (Tekton, Azure Pipelines
templates, GitHub Actions inputs), Vault legacy tokens on `vault login`, AppRole secret IDs next to their
role IDs, registry passwords on `kubectl create secret docker-registry`, and values typed into secret setters
(`pulumi config set --secret`, `drone secret add --data`, `glab variable set --value`), Jenkinsfile parameter
defaults, Pulumi's secret outputs made from literals, Terraform's plaintext_value of GitHub secrets, Vault
unseal key shares, chef-vault items written inline and Consul/Nomad ACL SecretIDs. Each is found by its
rule and shown after the filters and the offline judge; references, generated values, stdin and files in
the same places are not matched; and a scan's report never carries a value. Values are random, made here in
each format; assertion messages name rules and paths, never values (PYTEST_DONT_REWRITE: plain asserts, so a
failure shows only its message)."""

from __future__ import annotations

import base64
import random
import string
import uuid

import pytest

from tests.support.cli_scan import require_planted_files_shown_and_not_carried
from tests.support.rule_cases import require_case_found_and_shown
from tests.support.rule_cases import rule_hits as _hits
from tests.support.tokens import random_chars

_R = random.Random(2626)
_ALNUM = string.ascii_letters + string.digits


def _s(n: int, alphabet: str = _ALNUM) -> str:
    return random_chars(_R, n, alphabet)


def _key() -> str:
    """A generated password: mixed case and digits, as password managers and `openssl rand` make them."""
    while True:
        value = _s(18)
        if any(c.isdigit() for c in value) and any(c.isupper() for c in value) and any(c.islower() for c in value):
            return value


def _uuid() -> str:
    return str(uuid.UUID(int=_R.getrandbits(128), version=4))


def _share() -> str:
    """A Shamir share as vault operator init prints it: base64 of 33 bytes."""
    return base64.b64encode(bytes(_R.randrange(256) for _ in range(33))).decode()


def _legacy_vault() -> str:
    return "s." + _s(24)


# (rule, path, text with {v}, value maker)
CASES = [
    ("jenkins-credential-literal", "jenkins/init.groovy.d/10-security.groovy",
     "import com.cloudbees.plugins.credentials.*\n"
     "def c = new UsernamePasswordCredentialsImpl(CredentialsScope.GLOBAL, \"deploy\", \"Deploy user\", \"deploy\", \"{v}\")\n",
     _key),
    ("jenkins-credential-literal", "jenkins/init.groovy.d/20-tokens.groovy",
     "def s = new StringCredentialsImpl(CredentialsScope.GLOBAL, \"datadog\", \"Datadog\", Secret.fromString(\"{v}\"))\n",
     lambda: _s(32, "0123456789abcdef")),
    ("ci-parameter-secret-default", "tekton/tasks/push.yaml",
     "apiVersion: tekton.dev/v1\nkind: Task\nspec:\n  params:\n    - name: registry-password\n      type: string\n"
     "      default: \"{v}\"\n", _key),
    ("ci-parameter-secret-default", "azure/templates/migrate.yml",
     "parameters:\n  - name: sqlPassword\n    type: string\n    default: '{v}'\nsteps:\n  - script: echo\n", _key),
    ("ci-parameter-secret-default", ".github/actions/deploy/action.yml",
     "name: deploy\ninputs:\n  registry-password:\n    description: registry password\n    required: false\n"
     "    default: '{v}'\nruns:\n  using: composite\n", _key),
    ("vault-cli-login-token", "ops/vault/login.sh", "#!/bin/sh\nvault login {v}\n", _legacy_vault),
    ("vault-approle-secret-id", "ops/vault/approle.sh",
     "vault write auth/approle/login role_id={o} secret_id={v}\n", _uuid),
    ("vault-approle-secret-id", "ops/vault/login.json", "{{\"role_id\": \"{o}\", \"secret_id\": \"{v}\"}}\n", _uuid),
    ("vault-approle-secret-id", "infra/terraform/vault.tf",
     "resource \"vault_approle_auth_backend_login\" \"ci\" {{\n  role_id   = vault_approle_auth_backend_role.ci.role_id\n"
     "  secret_id = \"{v}\"\n}}\n", _uuid),
    ("kubectl-docker-registry-password", "deploy/pull-secret.sh",
     "kubectl create secret docker-registry regcred \\\n  --docker-server=registry.example.com \\\n"
     "  --docker-username=ci \\\n  --docker-password={v}\n", _key),
    ("cli-secret-set-value", "infra/pulumi/ci.sh", "pulumi config set dbPassword '{v}' --secret\n", _key),
    ("cli-secret-set-value", "infra/pulumi/ci.sh", "pulumi config set -s prod apiToken {v} --secret\n", _key),
    ("cli-secret-set-value", "ci/drone-secrets.sh",
     "drone secret add --repository acme/app --name docker_password --data {v}\n", _key),
    ("cli-secret-set-value", "ci/gitlab-vars.sh", "glab variable set DEPLOY_PASSWORD --value {v} --masked\n", _key),    ("jenkins-parameter-default-secret", "jenkins/pipelines/params.Jenkinsfile",
     "pipeline {{\n  agent any\n  parameters {{\n    password(name: 'DB_PASS', defaultValue: '{v}', description: 'DB')\n  }}\n}}\n", _key),
    ("jenkins-parameter-default-secret", "Jenkinsfile",
     "properties([parameters([string(name: 'API_TOKEN', description: 'deploy API', defaultValue: \"{v}\")])])\n",
     lambda: _s(32, "0123456789abcdef")),
    ("sensitive-wrapper-literal", "infra/pulumi/index.ts",
     "import * as pulumi from \"@pulumi/pulumi\";\nexport const apiKey = pulumi.secret(\"{v}\");\n", _key),
    ("sensitive-wrapper-literal", "infra/pulumi/__main__.py",
     "import pulumi\npulumi.export(\"token\", pulumi.Output.secret(\"{v}\"))\n", _key),    ("terraform-github-secret-plaintext", "infra/terraform/github.tf",
     # (secret_name, the secret's name, is left out: another rule takes it and the filters dismiss it)
     "resource \"github_actions_environment_secret\" \"npm\" {{\n  repository      = \"app\"\n  environment     = \"prod\"\n"
     "  plaintext_value = \"{v}\"\n}}\n", _key),
    ("vault-unseal-key", "ops/vault/init-output.txt",
     "Unseal Key 1: {v}\nUnseal Key 2: {o}\n\nInitial root token printed separately.\n", _share),
    ("vault-unseal-key", "ops/runbooks/unseal.sh", "#!/bin/sh\nvault operator unseal {v}\n", _share),
    ("knife-vault-json-secret", "chef/scripts/vault.sh",
     "knife vault create passwords mysql '{{\"root\": \"{v}\"}}' -A admin,ci -M client\n", _key),
    ("registry-login-password", "azure/pipelines/acr.yml", "steps:\n  - script: az acr login -n acmeprod -u acmeprod -p {v}\n", _key),
    # (an SSM SecureString's value: the type says secret, whatever the name)
    ("ssm-securestring-literal", "infra/terraform/ssm.tf",
     "resource \"aws_ssm_parameter\" \"db\" {{\n  name  = \"/prod/db/password\"\n  type  = \"SecureString\"\n"
     "  value = \"{v}\"\n}}\n", _key),
    ("cli-secret-set-value", "ops/consul/seed.sh", "consul kv put secret/db/password {v}\n", _key),    ("hashicorp-acl-secret-id", "ops/consul/acl-bootstrap.txt",
     "AccessorID:       {o}\nSecretID:         {v}\nDescription:      Bootstrap Token (Global Management)\nLocal:            false\n", _uuid),
    ("hashicorp-acl-secret-id", "ops/nomad/bootstrap.txt",
     "Accessor ID  = {o}\nSecret ID    = {v}\nName         = Bootstrap Token\nType         = management\n", _uuid),
]


def _fill(template: str, value: str) -> str:
    return template.format(v=value, o=_uuid())


@pytest.mark.parametrize("rule_id,path,template,make", CASES, ids=[f"{r}:{p}" for r, p, _, _ in CASES])
def test_each_rule_finds_its_value_and_the_pipeline_shows_it(rule_id, path, template, make) -> None:
    require_case_found_and_shown(_hits, rule_id, path, make, lambda value: _fill(template, value))


def test_every_new_rule_of_the_set_has_a_case() -> None:
    new = {"jenkins-credential-literal", "ci-parameter-secret-default", "vault-cli-login-token",
           "vault-approle-secret-id", "kubectl-docker-registry-password", "terraform-github-secret-plaintext",
           "vault-unseal-key", "knife-vault-json-secret", "hashicorp-acl-secret-id"}
    assert new <= {r for r, _, _, _ in CASES}, sorted(new - {r for r, _, _, _ in CASES})


# (rule, text): references, generated values, stdin, files and flags in the same places
NOT_MATCHED = [
    ("jenkins-credential-literal", "def slack = Secret.fromString(System.getenv(\"SLACK_TOKEN\"))\n"),
    ("jenkins-credential-literal", "sh \"echo ${Secret.fromString(params.TOKEN).getPlainText()}\"\n"),
    # Jenkins' own encrypted form, sealed with the controller's key (fromString decrypts it there)
    ("jenkins-credential-literal", "Secret.fromString(\"{AQAAABAAAAAQ" + _share() + "}\")\n"),
    ("jenkins-credential-literal",
     "withCredentials([usernamePassword(credentialsId: 'nexus', usernameVariable: 'U', passwordVariable: 'P')]) {\n"),
    ("ci-parameter-secret-default", "inputs:\n  token:\n    description: GitHub token\n    default: ${{ github.token }}\n"),
    ("ci-parameter-secret-default", "parameters:\n  - name: sqlPassword\n    type: string\n    default: $(SQL_PASSWORD)\n"),
    ("ci-parameter-secret-default", "  params:\n    - name: skip-password-check\n      type: string\n      default: \"false\"\n"),
    ("ci-parameter-secret-default", "  params:\n    - name: image-digest\n      default: \"sha256:" + _s(64, "0123456789abcdef") + "\"\n"),
    ("ci-parameter-secret-default", "  params:\n    - name: registry-password\n      type: string\n"
                                    "    - name: replicas\n      default: \"3\"\n"),
    ("ci-parameter-secret-default", "  params:\n    - name: api-token\n      default: \"{{ .Values.apiToken }}\"\n"),
    # settings about a secret, named after it: a lifetime, a version, a path, a length, a header
    ("ci-parameter-secret-default", "inputs:\n  token-ttl:\n    description: lifetime\n    default: 768h\n"),
    ("ci-parameter-secret-default", "inputs:\n  token-version:\n    required: false\n    default: 'v1.4.2'\n"),
    ("ci-parameter-secret-default", "  params:\n    - name: secret-path\n      type: string\n      default: kv/data/ci/deploy-2\n"),
    ("ci-parameter-secret-default", "  params:\n    - name: password-length\n      type: string\n      default: \"32\"\n"),
    ("ci-parameter-secret-default", "parameters:\n  - name: keyVaultSecretName\n    type: string\n    default: 'db-password-v2'\n"),
    ("vault-cli-login-token", "vault login -method=oidc role=ops\n"),
    ("vault-cli-login-token", "vault login \"$VAULT_TOKEN\"\n"),
    ("vault-approle-secret-id", "role_id_file_path   = \"/etc/vault/role-id\"\nsecret_id_file_path = \"/etc/vault/secret-id\"\n"),
    ("vault-approle-secret-id", "vault write auth/approle/login role_id=$ROLE_ID secret_id=$SECRET_ID\n"),
    ("vault-approle-secret-id", "resource \"aws_secretsmanager_secret_version\" \"x\" {\n  secret_id = \"" + _uuid() + "\"\n}\n"),
    ("kubectl-docker-registry-password",
     "kubectl create secret docker-registry regcred --docker-username=ci --docker-password=\"$REGISTRY_TOKEN\"\n"),
    ("kubectl-docker-registry-password", "kubectl create secret generic tls --from-file=tls.key\n"),
    ("cli-secret-set-value", "pulumi config set --secret dbPassword < ./password.txt\n"),
    ("cli-secret-set-value", "pulumi config set aws:region eu-west-1\n"),
    ("cli-secret-set-value", "pulumi config set --secret apiToken\n"),
    ("cli-secret-set-value", "drone secret add --repository acme/app --name ssh_key --data @/home/ci/.ssh/id_ed25519\n"),
    ("cli-secret-set-value", "glab variable set DEPLOY_TOKEN --value \"$DEPLOY_TOKEN\"\n"),    ("jenkins-parameter-default-secret", "    string(name: 'BRANCH', defaultValue: 'main')\n"),
    ("jenkins-parameter-default-secret", "    password(name: 'SIGNING_KEY', defaultValue: '', description: 'leave empty')\n"),
    ("jenkins-parameter-default-secret", "    string(name: 'API_TOKEN', defaultValue: \"${env.API_TOKEN}\")\n"),
    ("sensitive-wrapper-literal", "const dbPassword = pulumi.secret(cfg.require(\"dbPassword\"));\n"),
    ("sensitive-wrapper-literal", "ctx.Export(\"pw\", pulumi.ToSecret(password.Result))\n"),    ("terraform-github-secret-plaintext", "  plaintext_value = var.npm_token\n"),
    ("terraform-github-secret-plaintext", "  encrypted_value = \"" + _share() + "\"\n"),
    ("vault-unseal-key", "vault operator unseal\n"),
    ("vault-unseal-key", "Unseal Key 1: <key share>\n"),
    ("knife-vault-json-secret", "knife vault create passwords mysql -J ./mysql.json -A admin\n"),
    ("knife-vault-json-secret", "knife vault create passwords mysql '{\"root\": \"$MYSQL_ROOT\"}'\n"),
    ("registry-login-password", "az acr login -n acmeprod\n"),
    ("registry-login-password", "2026-11-30T10:01:02Z ##[group]Run docker login -u acmebot -p *** docker.io\n"),
    ("hcl-name-value-block-secret", "resource \"aws_ssm_parameter\" \"db\" {\n  name  = \"/prod/db/password\"\n"
                                    "  type  = \"SecureString\"\n  value = random_password.db.result\n}\n"),
    ("cli-secret-set-value", "consul kv put secret/db/password @password.txt\n"),
    ("cli-secret-set-value", "consul kv put config/keycloak/url https://sso.example.com\n"),
    ("hashicorp-acl-secret-id", "SecretID:         " + _uuid() + "\n"),
    ("hashicorp-acl-secret-id", "AccessorID:       " + _uuid() + "\nSecretID:         <hidden>\n"),
]


def test_pulumi_secret_flag_before_the_name_is_read_as_a_flag() -> None:
    """`--secret` there is a switch, so the value is the argument after the name (another rule may still take
    the name as the flag's value; that candidate is the filters' to dismiss)."""
    for _ in range(3):
        value = _key()
        assert value in _hits("cli-secret-set-value", f"pulumi config set --secret dbPassword '{value}'\n"), \
            "cli-secret-set-value: missed the value after --secret NAME"
        assert not _hits("cli-secret-set-value", f"pulumi config set --secret {value}\n"), \
            "cli-secret-set-value: took the name after --secret as its value"


@pytest.mark.parametrize("rule_id,text", NOT_MATCHED, ids=[f"{r}-{i}" for i, (r, _) in enumerate(NOT_MATCHED)])
def test_references_and_generated_values_are_not_matched(rule_id: str, text: str) -> None:
    assert not _hits(rule_id, text), f"{rule_id}: matched a look-alike"


def test_scan_report_shows_the_pipeline_cases_and_never_carries_a_value(tmp_path) -> None:
    """Through the CLI's own pipeline (discover, scan, filter, offline judge, report)."""
    root = tmp_path / "repo"
    groovy, param, legacy, secret_id, pulumi, share = _key(), _key(), _legacy_vault(), _uuid(), _key(), _share()
    files = {
        "jenkins/init.groovy.d/security.groovy": (
            f"def c = new UsernamePasswordCredentialsImpl(CredentialsScope.GLOBAL, \"d\", \"Deploy\", \"deploy\", \"{groovy}\")\n", groovy),
        "tekton/push.yaml": (
            f"kind: Task\nspec:\n  params:\n    - name: registry-password\n      type: string\n      default: \"{param}\"\n", param),
        "ops/login.sh": (f"#!/bin/sh\nvault login {legacy}\n", legacy),
        "ops/approle.sh": (f"vault write auth/approle/login role_id={_uuid()} secret_id={secret_id}\n", secret_id),
        "infra/ci.sh": (f"pulumi config set --stack prod dbPassword '{pulumi}' --secret\n", pulumi),
        "ops/init.txt": (f"Unseal Key 1: {share}\n", share),
    }
    require_planted_files_shown_and_not_carried(root, tmp_path, files)
