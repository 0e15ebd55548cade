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


def _hs256(key: bytes, claims: dict) -> str:
    import base64
    import hashlib
    import hmac
    import json
    seg = lambda d: base64.urlsafe_b64encode(json.dumps(d).encode()).rstrip(b"=").decode()  # noqa: E731
    signing_input = f'{seg({"alg": "HS256", "typ": "JWT"})}.{seg(claims)}'
    mac = base64.urlsafe_b64encode(hmac.new(key, signing_input.encode(), hashlib.sha256).digest()).rstrip(b"=").decode()
    return f"{signing_input}.{mac}"


def test_a_jwt_signed_with_jwt_ios_default_key_is_an_example_even_in_code() -> None:
    token = _hs256(b"your-256-bit-secret", {"source": "dev", "testData": high_entropy(seed=3002, length=12)})
    assert hidden(f"  token: '{token}',\n", "dist/lib/functions/server.js")


def test_a_jwt_signed_with_a_placeholder_word_in_code_is_still_shown() -> None:
    # "secret" may be the real key of a badly set up service: only jwt.io's own default says copied
    token = _hs256(b"secret", {"sub": high_entropy(seed=3003, length=12)})
    require_shown(f"  token: '{token}',\n", "dist/lib/functions/server.js")


def test_a_firebase_storage_download_urls_token_is_a_share_link() -> None:
    url = ("https://firebasestorage.googleapis.com/v0/b/movies-app.appspot.com/o/movie%2Fposter.jpeg"
           "?alt=media&token=4142e2a1-bf43-43b5-b7cf-6616be3fd4e3")
    assert hidden(f'  "poster": "{url}",\n', "templates/movies/data.json")
    require_shown(f'  "api": "https://api.example.com/v1/items?alt=media&token={high_entropy(seed=3004, length=24)}",\n',
                  "templates/movies/data.json")
