"""Follow-ups to a sweep of 24 npm devops CLIs and SDKs (aws-cdk-lib, firebase-tools, netlify-cli, wrangler,
vercel, heroku, snyk, @pulumi/pulumi, n8n-workflow, …; 17,593 files): a table keyed by CloudFormation
resource types, and a parser's error tuple naming an unexpected token. Each class has a synthetic line
written here and, in the same place, a credential that must still be shown."""

from __future__ import annotations

from tests.loops.test_fp_corpus_classes import hidden, require_shown
from tests.support.tokens import high_entropy


def test_a_table_keyed_by_resource_types_is_not_credentials() -> None:
    text = ('  "AWS::Location::APIKey": "aws-cdk-lib/aws-location.CfnAPIKey",\n'
            '  "AWS::EC2::IpamExternalResourceVerificationToken": "aws-cdk-lib/aws-ec2.CfnIpamExternalResourceVerificationToken",\n')
    assert hidden(text, "package/cloudformation-include/cfn-types-2-classes.json")


def test_an_api_key_under_its_plain_name_is_shown() -> None:
    require_shown(f'  "APIKey": "{high_entropy(seed=3001, length=28)}",\n', "config/keys.json")


def test_an_unexpected_token_in_a_parsers_error_is_not_a_credential() -> None:
    assert hidden('      {:error, {:unexpected_token, "face0ff"}}\n', "lib/json/decoder.ex")
