"""Follow-ups of red-team sets 111-115 (notebooks, serverless, desktop apps, gitleaks-style cases, look-alikes) and
of the open list of earlier sets: shapes they showed missed or misread. Values are drawn at run time; failures name
the file and the statuses, never the value."""

from __future__ import annotations

import base64
import json
import random
import string

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown
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


def test_the_supabase_local_key_goes_to_a_person() -> None:
    sig = random_chars(_R, 43, _ALNUM)
    local = f"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{_b64url({'iss': 'supabase-demo', 'role': 'service_role'})}.{sig}"
    assert outcomes(f"SUPABASE_SERVICE_ROLE_KEY={local}\n", ".env.local") == ["pending"]
    hosted = _b64url({"iss": "supabase", "ref": random_chars(_R, 20, string.ascii_lowercase), "role": "service_role"})
    require_shown(f"SUPABASE_SERVICE_ROLE_KEY=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{hosted}.{sig}\n", ".env.production")


def test_a_list_of_variable_names_is_no_value() -> None:
    text = '[build.environment]\n  SECRETS_SCAN_OMIT_KEYS = "NEXT_PUBLIC_SUPABASE_ANON_KEY,STRIPE_SECRET_KEY"\n'
    assert not_shown(text, "netlify.toml")


def test_a_value_below_its_name_closed_by_a_dict_is_found() -> None:
    require_shown(f'resp = requests.get(url, headers={{"x-api-key":\n    "{random_chars(_R, 36, _ALNUM)}"}},\n    timeout=5)\n',
                  "tools/call.py")


def test_a_lower_snake_name_ending_in_sk_is_a_key() -> None:
    require_shown(f'huaweicloud_sdk_SK ?= "{random_chars(_R, 40, _ALNUM)}"\n', "Makefile")


def test_a_definition_list_printed_one_element_per_line_is_read() -> None:
    text = f"<dl>\n  <dt>Signing secret</dt>\n  <dd>\n    {random_chars(_R, 32, _HEX)}\n  </dd>\n</dl>\n"
    require_shown(text, "admin/src/__snapshots__/Settings.test.tsx.snap")


def test_a_settings_default_and_a_wrapped_password_comparison_are_found() -> None:
    require_shown(f'    return s.value("relay/password", "{_pw()}").toString();\n', "src/settings.cpp")
    require_shown(f'if (new String(txtPassword.getPassword()).equals("{_pw()}")) {{\n', "src/ui/LoginDialog.java")
    assert not_shown('    return s.value("relay/password", "").toString();\n', "src/settings.cpp")
