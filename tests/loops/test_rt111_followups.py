"""Follow-ups of red-team sets 111-115 (notebooks, serverless, desktop apps, gitleaks-style cases, look-alikes) and
of the open list of earlier sets: shapes they showed missed or misread. Values are drawn at run time; failures name
the file and the statuses, never the value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import random
import string

from tests.loops.test_fp_corpus_classes import SCANNER, not_shown, outcomes, require_shown
from tests.support.tokens import random_chars

_R = random.Random(111)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def _pw() -> str:
    return random_chars(_R, 6, _ALNUM) + "$" + random_chars(_R, 5, _ALNUM) + "7q"


def _b64url(obj: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj).encode()).rstrip(b"=").decode()


def test_a_powershell_cmdlets_secret_parameter_is_found() -> None:
    secret = random_chars(_R, 40, _ALNUM)
    require_shown(f'Connect-PnPOnline -Url $site -ClientId $id -ClientSecret "{secret}"\n', "deploy/sp.ps1")
    assert not_shown("Connect-PnPOnline -Url $site -ClientId $id -ClientSecret $env:PNP_SECRET\n", "deploy/sp.ps1")


def test_a_supertest_auth_on_a_continuation_line_is_found() -> None:
    require_shown(f"await request(app)\n  .get('/admin')\n  .auth('admin', '{_pw()}')\n  .expect(200);\n",
                  "src/admin.ts")


def test_a_multi_line_getter_returning_a_literal_is_found() -> None:
    require_shown(f'public String getApiKey() {{\n    return "{random_chars(_R, 24, _ALNUM)}";\n}}\n',
                  "src/main/java/Config.java")
    require_shown(f'QString Settings::defaultPassword() const\n{{\n    return QStringLiteral("{_pw()}");\n}}\n',
                  "src/settings.cpp")


def test_every_line_of_a_chpasswd_list_is_found() -> None:
    text = f"#cloud-config\nchpasswd:\n  list: |\n    root:{_pw()}\n    ubuntu:{_pw()}\n  expire: false\n"
    statuses = outcomes(text, "cloud-init/user-data.yaml")
    assert len(statuses) == 2 and all(s in ("confirmed", "pending") for s in statuses), statuses


def test_a_token_split_after_its_prefix_is_found() -> None:
    require_shown(f'HF_TOKEN = "hf_" + "{random_chars(_R, 34, _ALNUM)}"\n', "notebooks/setup.py")


def test_ssis_and_dotnet_settings_passwords_are_found() -> None:
    require_shown('<Configuration ConfiguredType="Property" Path="\\Package.Connections[Src].Properties[Password]" '
                  f'ValueType="String">\n  <ConfiguredValue>{_pw()}</ConfiguredValue>\n</Configuration>\n',
                  "etl/Load.dtsConfig")
    require_shown(f'<setting name="SmtpPassword" serializeAs="String">\n    <value>{_pw()}</value>\n</setting>\n',
                  "App/app.config")
    require_shown(f'[global::System.Configuration.DefaultSettingValueAttribute("{_pw()}")]\n'
                  "public string SmtpPassword {\n", "App/Properties/Settings.Designer.cs")
    assert not_shown('<setting name="SmtpHost" serializeAs="String">\n    <value>smtp.example.com</value>\n</setting>\n',
                     "App/app.config")


def test_an_octopus_sensitive_variable_is_found() -> None:
    text = '{"Variables": [\n {\n  "Name": "DbPassword",\n  "Value": "%s",\n  "Type": "Sensitive"\n }]}\n' % _pw()
    require_shown(text, "octopus/variables.json")


def test_a_password_with_a_dollar_inside_is_found() -> None:
    require_shown(f'db_password = SecretValue.unsafe_plain_text("{_pw()}")\n', "cdk/stack.py")


def test_login_calls_named_for_a_password_are_found() -> None:
    require_shown(f"await pb.admins.authWithPassword('ops@example.org', '{_pw()}');\n", "scripts/bootstrap.ts")
    require_shown(f"await signInWithEmailAndPassword(auth, email, '{_pw()}');\n", "src/login.test.ts")


def test_provider_formats_and_paired_secrets_are_found() -> None:
    require_shown(f"client.setKey('standard_{random_chars(_R, 256, _HEX)}');\n", "server/appwrite.js")
    require_shown(f"[default]\nak = LTAI5t{random_chars(_R, 18, _ALNUM)}\nsk = {random_chars(_R, 30, _ALNUM)}\n",
                  "conf/aliyun.ini")
    require_shown(f"npx vsce publish -p {random_chars(_R, 52, string.ascii_lowercase + '234567')}\n", "scripts/release.sh")
    require_shown(f'curl -H "X-Auth-Email: ops@example.org" -H "X-Auth-Key: {random_chars(_R, 37, _HEX)}" "$API"\n',
                  "scripts/purge.sh")


def _hs256(claims: dict, secret: bytes) -> str:
    signed = f"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{_b64url(claims)}"
    mac = hmac.new(secret, signed.encode(), hashlib.sha256).digest()
    return f"{signed}.{base64.urlsafe_b64encode(mac).rstrip(b'=').decode()}"


def test_the_supabase_local_key_goes_to_a_person() -> None:
    demo = {"iss": "supabase-demo", "role": "service_role", "exp": 1983812996}
    local = _hs256(demo, b"super-secret-jwt-token-with-at-least-32-characters-long")
    assert outcomes(f"SUPABASE_SERVICE_ROLE_KEY={local}\n", ".env.local") == ["pending"]
    # the demo issuer signed with a secret of the project's own: a live key
    own = _hs256(demo, random_chars(_R, 40, _ALNUM).encode())
    assert outcomes(f"SUPABASE_SERVICE_ROLE_KEY={own}\n", "deploy/prod.env") == ["confirmed"]
    hosted = {"iss": "supabase", "ref": random_chars(_R, 20, string.ascii_lowercase), "role": "service_role"}
    require_shown(f"SUPABASE_SERVICE_ROLE_KEY={_hs256(hosted, random_chars(_R, 40, _ALNUM).encode())}\n", ".env.production")


def test_a_list_of_variable_names_is_no_value() -> None:
    text = '[build.environment]\n  SECRETS_SCAN_OMIT_KEYS = "NEXT_PUBLIC_SUPABASE_ANON_KEY,STRIPE_SECRET_KEY"\n'
    assert not_shown(text, "netlify.toml")


def test_a_value_below_its_name_closed_by_a_dict_is_found() -> None:
    require_shown(f'resp = requests.get(url, headers={{"x-api-key":\n    "{random_chars(_R, 36, _ALNUM)}"}},\n    timeout=5)\n',
                  "tools/call.py")


def test_a_definition_list_printed_one_element_per_line_is_read() -> None:
    text = f"<dl>\n  <dt>Signing secret</dt>\n  <dd>\n    {random_chars(_R, 32, _HEX)}\n  </dd>\n</dl>\n"
    require_shown(text, "admin/src/__snapshots__/Settings.test.tsx.snap")


def test_a_settings_default_and_a_wrapped_password_comparison_are_found() -> None:
    require_shown(f'    return s.value("relay/password", "{_pw()}").toString();\n', "src/settings.cpp")
    require_shown(f'if (new String(txtPassword.getPassword()).equals("{_pw()}")) {{\n', "src/ui/LoginDialog.java")
    assert not_shown('    return s.value("relay/password", "").toString();\n', "src/settings.cpp")


def test_a_variable_interpolated_into_a_literal_is_a_template_where_the_language_interpolates() -> None:
    assert not_shown('jwt.sign(payload, "jwt-$JWT_SUFFIX-$DEPLOY_ENV")\n', "scripts/gen_env.sh")
    assert not_shown('val spec = SecretKeySpec("key-$keyId-$region".toByteArray(), "AES")\n', "app/Crypto.kt")
    # a random password's $ is no variable, and JavaScript does not interpolate double quotes
    require_shown(f'PGPASSWORD="{random_chars(_R, 9, _ALNUM)}7$xQ" pg_dump -h db -U backup app > /tmp/app.sql\n',
                  "scripts/backup.sh")
    require_shown(f'const hmacKey = crypto.createHmac("sha256", "{random_chars(_R, 10, _ALNUM)}$K{random_chars(_R, 8, _ALNUM)}")\n',
                  "src/sign.js")


def test_keys_recognised_by_the_call_they_are_given_to() -> None:
    require_shown(f'var store = sessions.NewCookieStore([]byte("{random_chars(_R, 32, _ALNUM)}"))\n', "server/session.go")
    require_shown(f'co = cohere.Client("{random_chars(_R, 40, _ALNUM)}")\n', "notebooks/rerank.py")
    assert not_shown('var store = sessions.NewCookieStore([]byte(os.Getenv("SESSION_KEY")))\n', "server/session.go")


def test_basic_auth_guards_and_fabric_passwords_are_found() -> None:
    require_shown(f"app.use(basicAuth({{ users: {{ 'admin': '{_pw()}' }}, challenge: true }}))\n", "server/app.js")
    require_shown(f"  @auth.credentials == ['ops', '{_pw()}']\n", "app.rb")
    require_shown(f'env.passwords = {{"root@10.0.3.15:22": "{_pw()}"}}\n', "fabfile.py")
    require_shown(f'legacy = cx_Oracle.connect("reporting/{random_chars(_R, 12, _ALNUM)}@ora:1521/LEGACY")\n', "etl/report.py")
    require_shown(f'        .password("{{noop}}{random_chars(_R, 12, _ALNUM)}")\n', "src/main/java/SecurityConfig.java")


def test_debconf_answers_in_a_provisioning_script_are_read_but_not_hashed_ones() -> None:
    require_shown("  debconf-set-selections <<< 'mysql-server mysql-server/root_password password "
                  f"{random_chars(_R, 14, _ALNUM)}'\n", "Vagrantfile")
    assert not_shown("d-i grub-installer/password-crypted password grub.pbkdf2.sha512.10000."
                     f"{random_chars(_R, 64, _HEX).upper()}\n", "preseed.cfg")


def test_cloud_init_lists_are_read_from_their_opening_only() -> None:
    text = f"chpasswd:\n  list: |\n    root:RANDOM\n    ubuntu:{_pw()}\n  expire: false\n"
    assert outcomes(text, "user-data.yaml") in (["confirmed"], ["pending"])
    aliases = ("#cloud-config\nchpasswd:\n  list: |\n    root:RANDOM\nwrite_files:\n  - path: /etc/aliases\n"
               f"    content: |\n      postmaster:root\n      webmaster:{random_chars(_R, 12, _ALNUM)}\n")
    assert not_shown(aliases, "user-data.yaml")


def test_the_nearest_base62_value_after_an_alibaba_key_id_is_its_secret() -> None:
    key_id = "LTAI5t" + random_chars(_R, 18, _ALNUM)
    text = f"[default]\nak = {key_id}\nsk = {random_chars(_R, 30, _ALNUM)}\nlast_request = {random_chars(_R, 30, _HEX)}\n"
    found = [s for s in outcomes(text, "conf/ram.ini") if s != "dismissed"]
    assert len(found) == 2, found  # the id and its secret, not the request id


def test_an_expired_or_numbered_or_do_not_use_value_is_no_live_secret() -> None:
    assert not_shown(f"  apiKey: 'user:{_R.randrange(10**7, 10**8)}:{_R.randrange(100, 999)}',\n", "web-ext-config.cjs")
    assert not_shown("SECRET_KEY = 'insecure-dev-key-do-not-use'\n", "settings/dev.py")


def test_interpolation_is_read_where_it_happens_only() -> None:
    pw = random_chars(_R, 6, _ALNUM) + "-$word" + random_chars(_R, 5, _ALNUM)
    # a quoted heredoc, a PHP nowdoc and Groovy's single quotes take the value as written
    require_shown(f"cat <<'EOF' > /etc/app.ini\npassword = \"{pw}\"\nEOF\n", "provision/write_env.sh")
    require_shown(f"$ini = <<<'INI'\ndb_password = \"{pw}\"\nINI;\n", "install/config.php")
    require_shown(f"def creds = [password: '{pw}']\n", "Jenkinsfile")
    assert not_shown('export DB_PASSWORD="adm-$(openssl rand -hex 8)"\n', "provision/setup.sh")
    assert not_shown('val apiKey = "key$BUILD_NUMBER"\n', "app/build.gradle.kts")


def test_placeholders_said_in_words_but_not_keys_that_mention_them() -> None:
    assert not_shown('var store = sessions.NewCookieStore([]byte("your-32-byte-authentication-key"))\n', "main.go")
    require_shown(f'API_KEY = "{random_chars(_R, 20, _ALNUM)}7-do-not-use-elsewhere"\n', "settings.py")
    require_shown('ADMIN_PASSWORD = "welcome:2024:01"\n', "settings/prod.py")


def test_a_credential_class_first_argument_is_its_account() -> None:
    text = (f'var cred = new StorageSharedKeyCredential(\n    "contosoreports",\n    "{random_chars(_R, 86, _ALNUM)}==");\n')
    statuses = outcomes(text, "src/Storage.cs")
    assert statuses.count("dismissed") >= 1 and any(s != "dismissed" for s in statuses), statuses


def test_jvm_and_dotnet_shapes_from_set_121() -> None:
    # (a Kotlin string with a $ in it is a template: the pair takes none)
    require_shown(f'val form = mapOf("username" to "ops", "password" to "{random_chars(_R, 12, _ALNUM)}#7")\n',
                  "src/main/kotlin/Legacy.kt")
    require_shown(f'(def ^:private api-token "{random_chars(_R, 32, _ALNUM)}")\n', "src/svc/aws.clj")
    require_shown(f'ClientSecrets = {{ new Secret("{random_chars(_R, 32, _ALNUM)}".Sha256()) }},\n', "src/IdentityServer/Config.cs")
    basic = base64.b64encode(f"erp:{random_chars(_R, 12, _ALNUM)}".encode()).decode()
    require_shown(f'Http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Basic", "{basic}");\n',
                  "src/ErpClient.cs")
    require_shown(f'        <Global.System.Configuration.DefaultSettingValueAttribute("{_pw()}")>  _\n'
                  "        Public ReadOnly Property SmtpPassword() As String\n", "My Project/Settings.Designer.vb")
    assert not_shown('co = cohere.ClientV2("command-r-plus-08-2024")\n', "notebooks/chat.py")


def test_fixes_from_sets_123_to_126() -> None:
    # classes that take the secret first keep it; a format rule's token is never an account
    require_shown(f'var client = new TextAnalyticsClient(endpoint, new AzureKeyCredential(\n    "{random_chars(_R, 32, _HEX)}",\n    null));\n',
                  "src/Language.cs")
    # a comment that mentions a quoted heredoc opens none
    assert not_shown("# write it with <<'EOF' so nothing expands\nexport DB_PASSWORD=\"adm-$(openssl rand -hex 8)\"\n", "setup.sh")
    assert not_shown(f"[api.rate_limit]\nkey = {random_chars(_R, 28, _ALNUM)}\n", "config/app.toml")
    require_shown(f'curl --user "deploy:{random_chars(_R, 5, _ALNUM)}@{random_chars(_R, 7, _ALNUM)}" -T a.zip https://f.internal/up\n', "ci/upload.sh")
    require_shown(f"sonar.login={random_chars(_R, 40, _HEX)}\n", "sonar-project.properties")
    require_shown(f'<add value="{_pw()}" key="ClearTextPassword" />\n', "NuGet.Config")
    require_shown(f'ZAP = "https://hooks.zapier.com/hooks/catch/4815162/{random_chars(_R, 7, string.ascii_lowercase + "0123456789")}/"\n', "bot/notify.py")
    require_shown(f"B2_ACCOUNT_KEY=K005{random_chars(_R, 27, _ALNUM)}\n", ".env")
    require_shown('<stringProp name="Authorization.password">' + _pw() + "</stringProp>\n", "perf/load.jmx")
    basic = base64.b64encode(f"sk_live_{random_chars(_R, 24, _ALNUM)}:".encode()).decode()
    require_shown(f"Authorization: Basic {basic}\n", "api/stripe.http")


def test_fixes_from_sets_127_and_128() -> None:
    # a ledger's account key is an id; a MinIO-style default built from the service and an account word is a stand-in
    assert not_shown('ACCOUNT_KEY = "GL-4000-SALES"\nledger_account_key = "acct_10422"\n', "accounting/ledger.py")
    assert not_shown("services:\n  minio:\n    environment:\n      MINIO_ROOT_PASSWORD: minioadmin\n", "docker-compose.yml")
    assert not_shown('<stringProp name="Authorization.password">&lt;password&gt;</stringProp>\n', "perf/login.jmx")
    # an OpenVPN static key is reported from its BEGIN line, where PEM keys are
    body = "\n".join(random_chars(_R, 32, _HEX) for _ in range(16))
    text = f"<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n{body}\n-----END OpenVPN Static key V1-----\n</tls-auth>\n"
    found = [c for c in SCANNER.scan_text(text, 0, "client.ovpn") if c.rule_id == "openvpn-static-key"]
    assert [c.start_line for c in found] == [2]


def test_a_connection_uri_with_an_empty_host_holds_its_password() -> None:
    require_shown(f"AIRFLOW_CONN_SNOWFLAKE_DEFAULT: snowflake://LOADER:{random_chars(_R, 14, _ALNUM)}@/RAW?account=xy123\n",
                  "docker-compose.yaml")
