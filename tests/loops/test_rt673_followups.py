"""Follow-ups of red-team sets 673 onwards: market-data and threat-intelligence clients, quoted review replies,
serverless configurations, configuration management. Values are drawn at run time; failures name the file and the
rule, never the value (PYTEST_DONT_REWRITE: plain asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_found as _found, rule_ids as _rules
from tests.support.tokens import random_uuid, typed_password

_R = random.Random(673)
_HEX = "0123456789abcdef"
_ALNUM = string.ascii_letters + string.digits


def _draw(n: int, alphabet: str = _ALNUM) -> str:
    return "".join(_R.choice(alphabet) for _ in range(n))


def _django_key() -> str:
    """get_random_secret_key()'s alphabet, drawn until the key holds a parenthesis and a hash (most do)."""
    alphabet = string.ascii_lowercase + string.digits + "!@#$%^&*(-_=+)"
    while True:
        key = "".join(_R.choice(alphabet) for _ in range(50))
        if ("(" in key or ")" in key) and "#" in key[1:] and key[0] not in "&*!%@":
            return key


# --- a Django key unquoted in a chart's values (left from an earlier stop) ---------------------------------------------

def test_a_django_key_unquoted_in_yaml_is_found() -> None:
    key = _django_key().replace("$", "k")
    _found(f"django:\n  secretKey: {key}\n  debug: false\n", "chart/values.yaml", "secret-key-yaml-line-with-parens")
    _found(f"django.secret-key=!{key}\n", "conf/app.properties", "secret-key-env-line-with-parens")
    _found(f"DJANGO_SECRET_KEY=!{key}\n", ".env.production", "secret-key-env-line-with-parens")


def test_a_call_or_an_alias_under_a_secret_key_is_no_key() -> None:
    assert not_shown("  secretKey: getSecret(ctx)\n", "chart/values.yaml")
    assert "secret-key-yaml-line-with-parens" not in _rules("secret_key: *django_secret(x)\n", "chart/values.yaml")


# --- market data, weather and sports APIs (set 673) --------------------------------------------------------------------

def test_a_databento_key_is_found_where_databento_is_named() -> None:
    _found(f'import databento as db\nclient = db.Historical("db-{_draw(29)}")\n', "ingest.py", "databento-api-key")
    assert "databento-api-key" not in _rules(f'HOST = "db-{_draw(29)}"\n', "hosts.py")


def test_a_key_given_as_a_bare_key_option_is_found() -> None:
    _found(f"    steps:\n      - run: python pull.py --key {_draw(40, _HEX)}\n", ".github/workflows/pull.yml",
           "cli-key-flag-value")
    for line in ("curl --cert c.pem --key client-key.pem https://api.example.com\n",
                 "aws s3api get-object --bucket logs --key 2024/01/app.log out.log\n",
                 "kubectl create secret tls web --cert tls.crt --key tls.key\n",
                 'cli --key "$API_KEY"\n'):
        assert "cli-key-flag-value" not in _rules(line, "scripts/run.sh"), line.split()[0]


def test_an_api_key_under_a_vendor_prefix_in_a_query_is_found() -> None:
    url = f"https://pro-api.coins.example.com/api/v3/ping?x_cg_pro_api_key=CG-{_draw(24)}\n"
    _found(f"    staging: {url}", "docs/ops.md", "url-query-secret")


def test_a_key_on_an_api_host_whose_api_label_is_not_first_is_found() -> None:
    line = f'healthcheck = "https://v3.football.api-sports.io/leagues?country=England&key={_draw(32, _HEX)}"\n'
    _found(line, "config.toml", "api-url-query-key")
    assert "api-url-query-key" not in _rules(f'u = "https://cdn.example.io/img?key={_draw(32, _HEX)}"\n', "a.py")


def test_a_basic_value_whose_user_is_the_key_is_found() -> None:
    # MySportsFeeds: the key as the user, the service's name as a fixed password
    pair = base64.b64encode(f"{random_uuid(_R)}:MYSPORTSFEEDS".encode()).decode()
    _found(f"headers = {{'Authorization': 'Basic {pair}'}}\n", "msf.py", "basic-auth-header")
    stand_in = base64.b64encode(b"user:password").decode()
    assert not_shown(f"headers = {{'Authorization': 'Basic {stand_in}'}}\n", "client.py")


# --- patches, shell histories (sets 674, 677) --------------------------------------------------------------------------

def test_a_password_quoted_in_a_review_reply_is_found() -> None:
    text = f"Patch Set 3:\n\nLine 4:\n> ldap.bind.password={typed_password(_R)}\n\nPlease move this to the vault.\n"
    _found(text, "reviews/gerrit-review.txt", "password-in-config-line")
    _found(f"> > API_TOKEN={_draw(32)}\n", "mail/reply.txt", "secret-in-config-line")


def test_sealed_secrets_in_a_json_patch_are_not_shown() -> None:
    blob = "Ag" + base64.b64encode(bytes(_R.randrange(256) for _ in range(180))).decode().rstrip("=")
    line = f"""kubectl patch sealedsecret api-keys -p '{{"spec":{{"encryptedData":{{"token":"{blob}"}}}}}}'\n"""
    assert not_shown(line, "ops/.bash_history")
    # (an unsealed token in the same shape of command is still shown)
    assert outcomes(f"""kubectl patch secret api -p '{{"stringData":{{"token":"{_draw(40)}"}}}}'\n""", "ops/.bash_history")


# --- threat intelligence clients and bare key settings (set 679) -------------------------------------------------------

@pytest.mark.parametrize("line", [
    "ix = intelx('{k}')", "be = BinaryEdge('{k}')", "const ipdata = new IPData('{k}');", "api.set_global_api('{k}')",
])
def test_threat_intelligence_clients_given_a_key_by_position_are_found(line: str) -> None:
    _found(line.format(k=_draw(32, _HEX)) + "\n", "intel/client.py", "sdk-client-positional-api-key")


@pytest.mark.parametrize("text, path", [
    ("[securitytrails]\nkey = {k}\n", "recon.ini"),
    ("[domaintools]\nusername = acme_api\nkey = {k}\n", "dt.conf"),
    ("apikeys:\n  shodan:\n    key: {k}\n", "api-keys.yaml"),
])
def test_a_bare_key_under_a_section_or_parent_is_found(text: str, path: str) -> None:
    _found(text.format(k=_draw(32)), path, "bare-key-config-line")


def test_a_dotted_key_is_found() -> None:
    _found(f"fofa.email=ops@example.com\nfofa.key={_draw(32)}\n", "fofa.properties", "dotted-key-config-line")


@pytest.mark.parametrize("text", [
    "key = {k}\n",  # no section, parent or prefix: whose key is it?
    "steps:\n  - uses: actions/cache@v4\n    with:\n      key: ${{{{ runner.os }}}}-{k}\n",
    "tolerations:\n  - key: node-role.kubernetes.io/control-plane\n",
    "[cache]\nkey = user-profile-settings-cache\n",
])
def test_a_bare_key_without_an_owner_or_randomness_is_not_read(text: str) -> None:
    assert "bare-key-config-line" not in _rules(text.format(k=_draw(32)), "conf/app.yaml")


# --- serverless and configuration management (sets 680, 683) ----------------------------------------------------------

def test_an_api_gateway_key_value_in_serverless_yml_is_found() -> None:
    text = (f"provider:\n  name: aws\n  apiGateway:\n    apiKeys:\n      - name: partner\n        value: {_draw(28)}\n"
            "functions:\n  hello:\n    handler: handler.hello\n")
    _found(text, "serverless.yml", "serverless-api-gateway-key-value")
    assert not_shown("provider:\n  apiGateway:\n    apiKeys:\n      - name: partner\n        value: ${ssm:/api/key}\n",
                     "serverless.yml")


def test_a_vapid_private_key_under_a_private_name_is_found() -> None:
    key = base64.urlsafe_b64encode(bytes(_R.randrange(256) for _ in range(32))).decode().rstrip("=")
    public = "B" + base64.urlsafe_b64encode(bytes(_R.randrange(256) for _ in range(64))).decode().rstrip("=")
    text = f'const WEB_PUSH_PUBLIC = "{public}";\nconst WEB_PUSH_PRIVATE = "{key}";\n'
    _found(text, "supabase/functions/send-push/index.ts", "raw-private-key-assignment")


def test_a_pagerduty_key_named_for_pagerduty_and_a_new_relic_license_in_a_block_are_found() -> None:
    _found(f"profile::alerting::pagerduty_key: {_draw(32, _HEX)}\n", "data/role/monitoring.yaml",
           "pagerduty-integration-key")
    env = f'{{\n  "override_attributes": {{\n    "newrelic": {{\n      "license": "{_draw(40, _HEX)}"\n    }}\n  }}\n}}\n'
    _found(env, "environments/production.json", "newrelic-legacy-license-key")


# --- Elixir and Erlang, Go builds, push setups, KYC and climate APIs (sets 685-690) ------------------------------------

def test_the_secret_key_base_phoenix_generates_for_dev_and_test_is_not_shown() -> None:
    config = f'config :blog, BlogWeb.Endpoint,\n  http: [port: 4000],\n  secret_key_base: "{_draw(64)}",\n  debug_errors: true\n'
    assert not_shown(config, "config/dev.exs")
    assert not_shown(config, "config/test.exs")
    _found(config, "config/prod.exs")


def test_an_erlang_cookie_given_to_iex_and_hex_keys_in_a_map_are_found() -> None:
    _found(f"iex --name ops@10.0.1.5 --cookie {_draw(20, string.ascii_uppercase)} --remsh acme@10.0.1.12\n",
           "docs/ops-runbook.md", "erlang-distribution-cookie-flag")
    assert "erlang-distribution-cookie-flag" not in _rules(f"curl --cookie session={_draw(24)} https://example.com\n",
                                                           "scripts/get.sh")
    hex_config = (f'#{{<<"hexpm">> =>\n      #{{username => <<"acme-bot">>,\n        write_key => <<"{_draw(32, _HEX)}">>,\n'
                  f'        read_key => <<"{_draw(32, _HEX)}">>}}}}.\n')
    _found(hex_config, "ci/hex.config", "hex-config-api-key")


def test_a_password_hashed_by_comeonin_at_seed_time_is_found() -> None:
    text = f'Repo.insert!(%User{{\n  email: "ops@example.com",\n  hashed_password: Bcrypt.hash_pwd_salt("{typed_password(_R)}")\n}})\n'
    _found(text, "priv/repo/seeds.exs", "password-literal-hashed")


def test_a_secret_stamped_in_by_go_ldflags_is_found_and_a_reference_is_not() -> None:
    _found(f'build:\n\tgo build -ldflags "-s -w -X github.com/acme/bot/internal/config.licenseKey={_draw(24)}" ./cmd/bot\n',
           "Makefile", "go-ldflags-secret")
    assert "go-ldflags-secret" not in _rules('build:\n\tgo build -ldflags "-X main.apiToken=$(API_TOKEN)" ./cmd/bot\n',
                                             "Makefile")


def test_a_key_in_a_url_path_after_apikey_is_found() -> None:
    url = f"AWIN_FEED_URL=https://productdata.awin.com/datafeed/download/apikey/{_draw(32, _HEX)}/language/en/format/csv/\n"
    _found(url, "feeds.env", "url-path-api-key")


def test_key_files_named_by_their_id_and_spring_resources_are_paths() -> None:
    assert not_shown('    "APNS_AUTH_KEY_PATH": os.path.join(BASE_DIR, "secrets", "AuthKey_8AYRI9NHUX.p8"),\n',
                     "project/settings/push.py")
    assert not_shown("firebase:\n  credentials: classpath:firebase-service-account.json\n",
                     "src/main/resources/application.yml")


def test_a_token_header_and_a_vendor_api_key_scheme_are_found() -> None:
    _found(f"curl -H 'token: {_draw(32)}' 'https://www.ncei.noaa.gov/cdo-web/api/v2/data?datasetid=GHCND'\n",
           "noaa/cdo.sh", "curl-header-secret-name")
    _found(f"  headers: {{ Authorization: 'SocureApiKey {random_uuid(_R)}' }},\n", "src/socure.ts",
           "authorization-header-token")


def test_a_secret_set_on_a_continued_line_before_a_command_is_found() -> None:
    text = f"```bash\nSLACK_SIGNING_SECRET={_draw(32, _HEX)} \\\n  node dist/index.js\n```\n"
    _found(text, "tools/standup-bot/README.md", "secret-in-config-line")


# --- the first two probes (691, 692) -----------------------------------------------------------------------------------

def test_a_bare_key_option_in_an_exec_form_array_is_found() -> None:
    _found(f'    command: ["--listen", ":9100", "--key", "{_draw(32)}"]\n', "docker-compose.yml", "cli-key-flag-value")


def test_raw_private_keys_unquoted_in_yaml_and_under_priv_key_names_are_found() -> None:
    key = base64.urlsafe_b64encode(bytes(_R.randrange(256) for _ in range(32))).decode().rstrip("=")
    _found(f"tunnel:\n  x25519_private: {key}\n", "tunnel.yaml", "raw-private-key-assignment")
    _found(f'\tprivKey := "{key}"  // x25519\n', "cmd/tunnel/main.go", "raw-private-key-assignment")
    assert not_shown(f'PUBLIC_SIGNING_KEY = "{key}"\n', "signing.py")


def test_ldflags_with_a_variable_import_path_and_cookies_set_in_code_are_found() -> None:
    _found(f'\tgo build -ldflags "-X $(PKG)/internal/config.signingKey={_draw(24)}" ./cmd/app\n', "Makefile",
           "go-ldflags-secret")
    cookie = _draw(20, string.ascii_uppercase)
    _found(f"start(_, _) ->\n    true = erlang:set_cookie(node(), '{cookie}'),\n    ok.\n", "src/app.erl",
           "erlang-distribution-cookie-flag")
    _found(f'    Node.set_cookie(:"{cookie}")\n', "lib/app/cluster.ex", "erlang-distribution-cookie-flag")


def test_a_bare_key_under_a_parent_with_siblings_and_a_dotted_key_are_found() -> None:
    _found(f"sources:\n  intelx:\n    url: https://2.intelx.io\n    key: {_draw(32)}\n", "sources.yaml",
           "bare-key-config-line")
    _found(f"osint.shodan.key = {_draw(32)}\n", "osint.properties", "dotted-key-config-line")


def test_digests_and_fingerprints_under_a_bare_key_are_not_shown_but_signing_keys_are() -> None:
    assert not_shown(f"cache.key={_draw(40, _HEX)}\n", "osint.properties")
    assert not_shown(f"signing:\n  key: {_draw(40, _HEX.upper())}\n  passphrase_env: GPG_PASS\n", "release.yml")
    _found(f"JWT_SIGNING_KEY={_draw(64, _HEX)}\n", ".env")


def test_a_code_block_the_docs_call_sample_values_is_not_shown() -> None:
    block = f"```bash\nexport ACME_API_TOKEN={_draw(40)}\n```\n"
    sample = "# acme connector\n\nExample (these are sample values, not real credentials):\n\n" + block
    assert not_shown(sample, "acme-docs/README.md")
    # "Example:" alone says nothing about the values
    assert outcomes("# acme connector\n\nExample:\n\n" + block, "acme-docs/README.md")


def test_a_help_article_slug_after_access_key_is_no_key() -> None:
    assert "url-path-api-key" not in _rules("see https://help.example.com/articles/access_key/how-to-rotate-your-access-key\n",
                                            "docs/faq.md")


# --- package manager credentials and the Microsoft stack (sets 694, 696) -----------------------------------------------

def test_a_retired_value_written_as_its_state_is_not_shown() -> None:
    assert not_shown("NPM_TOKEN_PREVIOUS=revoked\n", ".env.release")
    assert not_shown("OTX_API_KEY_OLD=REVOKED\n", "misp-modules.env")


def test_a_gem_host_stored_under_a_short_name_is_found() -> None:
    _found(f"---\n:gemfury: <see the vault>\n:internal: {_draw(32, _HEX)}\n", "ops/.gem/credentials",
           "gem-credentials-host-key")


def test_dotnet_user_secrets_set_with_a_value_is_found() -> None:
    _found(f"dotnet user-secrets set \"Smtp:Password\" '{typed_password(_R)}'\n", "tools/set-user-secrets.ps1",
           "cli-secret-set-value")
    assert "cli-secret-set-value" not in _rules('dotnet user-secrets set "Smtp:User" "noreply@example.com"\n',
                                                "tools/set-user-secrets.ps1")


def test_azure_functions_stored_keys_are_found_and_encrypted_ones_are_not() -> None:
    key = base64.urlsafe_b64encode(bytes(_R.randrange(256) for _ in range(40))).decode()
    text = (f'{{\n  "functionKeys": [\n    {{ "name": "default", "value": "{key}", "encrypted": false }}\n  ],\n'
            f'  "systemKeys": [\n    {{ "name": "durabletask_extension", "value": "CfDJ8{_draw(60)}", "encrypted": true }}\n  ]\n}}\n')
    statuses = outcomes(text, "secrets/host.json")
    assert "azure-functions-stored-key" in _rules(text, "secrets/host.json") and len(statuses) == 1, statuses


def test_a_management_certificate_in_publishsettings_is_found() -> None:
    bundle = "MII" + base64.b64encode(bytes(_R.randrange(256) for _ in range(600))).decode()[3:]
    text = (f'<PublishData>\n  <PublishProfile SchemaVersion="2.0" PublishMethod="AzureServiceManagementAPI">\n'
            f'    <Subscription Id="{random_uuid(_R)}" Name="Contoso" ManagementCertificate="{bundle}" />\n'
            "  </PublishProfile>\n</PublishData>\n")
    _found(text, "deploy/Contoso-credentials.publishsettings", "azure-publishsettings-management-certificate")


def test_a_type_name_and_a_certificate_thumbprint_are_not_secrets() -> None:
    assert not_shown('    <encryptedSecret decryptorType="Microsoft.AspNetCore.DataProtection.XmlEncryption.DpapiNGXmlDecryptor">\n',
                     "keys/key-encrypted.xml")
    text = f'{{\n  "SigningCredential": {{\n    "Thumbprint": "{_draw(40, _HEX.upper())}",\n    "StoreLocation": "CurrentUser"\n  }}\n}}\n'
    assert not_shown(text, "src/Identity/appsettings.json")


def test_a_secret_sent_as_the_password_of_an_empty_user_is_found() -> None:
    _found(f'\treq.SetBasicAuth("", "{_draw(32)}")\n', "internal/castle/castle.go")


def test_numbered_test_vectors_in_a_properties_file_are_not_shown() -> None:
    lines = "".join(f"aes256.gcm.vector{i}.key={_draw(64, _HEX)}\naes256.gcm.vector{i}.iv={_draw(24, _HEX)}\n" for i in range(3))
    assert not_shown("# known-answer vectors for FieldEncryptor\n" + lines, "src/test/resources/crypto/vectors.properties")


# --- the third probe and sets 697-699 ----------------------------------------------------------------------------------

def test_a_bare_key_beside_its_secret_stays_shown() -> None:
    # the key half of a key/secret pair (an exchange's key, Exoscale's, Pusher's) is kept, as for api_key names
    text = f'  exchange:\n    name: binance\n    key: {_draw(64)}\n    secret: {_draw(64)}\n'
    shown = [r for r, s in zip(_rules(text, "config.yml"), outcomes(text, "config.yml")) if s != "dismissed"]
    assert len(shown) == 2, shown


def test_a_jenkins_credentials_id_is_a_reference() -> None:
    assert not_shown("def call(Closure body) {\n    withAWS(credentials: 'aws-ci', region: 'eu-west-1') {\n", "vars/awsCli.groovy")
    assert not_shown("git(url: 'git@example.com:acme/app.git', credentialsId: 'deploy-key')\n", "Jenkinsfile")


def test_an_empty_user_in_a_requests_auth_tuple_and_a_functions_key_over_lines_are_found() -> None:
    _found(f'r = requests.get(url, auth=("", "{_draw(52, string.ascii_lowercase + string.digits)}"))\n', "tools/ado.py",
           "basic-auth-literal-pair")
    key = base64.urlsafe_b64encode(bytes(_R.randrange(256) for _ in range(40))).decode()
    text = f'{{\n  "masterKey": {{\n    "name": "master",\n    "value": "{key}",\n    "encrypted": false\n  }}\n}}\n'
    _found(text, "secrets/host.json", "azure-functions-stored-key")


def test_a_digest_under_a_bare_key_of_a_toml_cache_table_is_not_shown() -> None:
    assert not_shown(f"[cache]\nkey = {_draw(40, _HEX)}\n", "tool.toml")


def test_a_noop_password_given_by_position_is_found() -> None:
    _found(f'        users.save(new User("reporting", "{{noop}}{typed_password(_R)}"));\n',
           "src/main/java/com/sba/DataInitializer.java", "password-noop-literal")
    assert not_shown('        users.save(new User("ops", "{noop}" + System.getenv("OPS_PASSWORD")));\n',
                     "src/main/java/com/sba/DataInitializer.java")
