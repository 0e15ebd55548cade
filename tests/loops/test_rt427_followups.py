"""Follow-ups of red-team sets 427 onwards. Values are drawn at run time; failures name the file and the statuses,
never the value (PYTEST_DONT_REWRITE: plain asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import random
import secrets
import string

from tests.loops.test_fp_corpus_classes import SCANNER, not_shown, outcomes
from tests.support.tokens import github_pat, random_chars, varied_key

_R = random.Random(427)
_HEX = "0123456789abcdef"
_B32 = "abcdefghijklmnopqrstuvwxyz234567"


def _rule_lines(text: str, path: str) -> list[tuple[str, int, int]]:
    return [(c.rule_id, c.start_line, c.end_line) for c in SCANNER.scan_text(text, 0, path)]


# --- key material (set 428) ---------------------------------------------------------------------------------------------

def test_a_tor_onion_services_secret_key_in_base64_is_found_and_its_public_key_is_not() -> None:
    secret = base64.b64encode(b"== ed25519v1-secret: type0 ==\x00\x00\x00" + secrets.token_bytes(64)).decode()
    public = base64.b64encode(b"== ed25519v1-public: type0 ==\x00\x00\x00" + secrets.token_bytes(32)).decode()
    script = (f"HS=/var/lib/tor/portal\necho '{secret}' | base64 -d > \"$HS/hs_ed25519_secret_key\"\n"
              f"echo '{public}' | base64 -d > \"$HS/hs_ed25519_public_key\"\n")
    assert [r for r, _, _ in _rule_lines(script, "infra/tor/provision.sh")] == ["tor-onion-service-secret-key"]
    assert outcomes(script, "infra/tor/provision.sh") == ["confirmed"]


def test_a_tor_client_authorization_private_key_is_found_and_the_services_auth_file_is_not() -> None:
    onion = random_chars(_R, 56, _B32)
    key = random_chars(_R, 52, _B32.upper())
    assert outcomes(f"{onion}:descriptor:x25519:{key}\n", "tor/clients/ops.auth_private") == ["confirmed"]
    assert not_shown(f"descriptor:x25519:{key}\n", "tor/authorized_clients/ops.auth")


def test_tors_hashed_control_password_is_a_hash() -> None:
    hashed = "16:" + random_chars(_R, 58, "0123456789ABCDEF")
    assert not_shown(f"ControlPort 9051\nHashedControlPassword {hashed}\n", "infra/tor/torrc")


def test_a_putty_keys_private_lines_end_before_its_mac_line() -> None:
    private = base64.b64encode(secrets.token_bytes(36)).decode()
    ppk = ("PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: ci@build\nPublic-Lines: 2\n"
           f"{base64.b64encode(secrets.token_bytes(36)).decode()}\n{random_chars(_R, 4)}\nPrivate-Lines: 1\n{private}\n"
           f"Private-MAC: {random_chars(_R, 64, _HEX)}\n")
    assert _rule_lines(ppk, "keys/ci.ppk") == [("private-key-putty", 8, 8)]
    rsa = "\n".join(base64.b64encode(secrets.token_bytes(48)).decode() for _ in range(3)) + "\nAbCd"
    ppk = ppk.replace(f"Private-Lines: 1\n{private}\n", f"Private-Lines: 4\n{rsa}\n")
    assert _rule_lines(ppk, "keys/ci.ppk") == [("private-key-putty", 8, 11)]


def test_a_password_under_a_bare_pw_and_an_ed25519_seed_are_found() -> None:
    phrase = "-".join(random_chars(_R, 6, "abcdefghijklmnopqrstuvwxyz") for _ in range(4))
    assert outcomes(f'def sign(path):\n    pw = "{phrase}"\n    run(["minisign", "-S"], input=pw)\n',
                    "release/sign.py") in (["confirmed"], ["pending"])
    seed = random_chars(_R, 64, _HEX)
    assert "confirmed" in outcomes(f'const edSeedHex = "{seed}"\n', "internal/tokens/keys.go")
    assert not_shown('pw = getpass.getpass("Password: ")\n', "release/sign.py")


# --- logistics and legacy web (sets 427, 429) ---------------------------------------------------------------------------

def test_ups_access_license_number_is_a_credential() -> None:
    value = random_chars(_R, 16, "0123456789ABCDEF")
    assert "confirmed" in outcomes(f'const upsAccessLicense = "{value}"\n', "carriers/ups/tracking.go")
    assert "confirmed" in outcomes(f"UPS_ACCESS_LICENSE_NUMBER={value}\n", "deploy/.env.production")


def test_authorize_net_tran_key_in_a_php_array_and_a_vb_hmac_key_are_found() -> None:
    key = varied_key(_R, 16)
    assert outcomes(f"$config['authnet_tran_key'] = '{key}';\n", "www/includes/config.inc.php") == ["confirmed"]
    vb = (f'Dim hmac As New System.Security.Cryptography.HMACSHA256(System.Text.Encoding.UTF8.GetBytes('
          f'"{varied_key(_R, 32)}"))\n')
    assert outcomes(vb, "App_Code/Mailer.vb") != [] and "dismissed" not in outcomes(vb, "App_Code/Mailer.vb")


# --- testing and QA services, pasted credentials, the probe of this stop's changes (sets 430-432) ------------------------

def test_a_putty_key_indented_in_a_yaml_block_is_found_on_its_private_lines() -> None:
    body = [base64.b64encode(secrets.token_bytes(48)).decode() for _ in range(3)]
    block = ("ssh_keys:\n  legacy: |\n    PuTTY-User-Key-File-2: ssh-rsa\n    Encryption: none\n    Comment: sftp\n"
             f"    Public-Lines: 1\n    {base64.b64encode(secrets.token_bytes(48)).decode()}\n    Private-Lines: 3\n"
             + "".join(f"    {line}\n" for line in body) + f"    Private-MAC: {random_chars(_R, 40, _HEX)}\n")
    assert _rule_lines(block, "group_vars/sftp/vars.yml") == [("private-key-putty", 9, 11)]


def test_a_tor_clients_public_auth_descriptor_under_an_auth_name_is_public() -> None:
    key = random_chars(_R, 52, _B32.upper())
    assert not_shown(f'tor_authorized_clients:\n  - name: ops-laptop\n    auth: "descriptor:x25519:{key}"\n',
                     "group_vars/tor/vars.yml")


def test_a_segment_write_key_in_a_har_is_a_browsers_however_far_its_request_url_is() -> None:
    key = varied_key(_R, 32)
    har = ('{"log": {"entries": [{"request": {\n  "method": "POST",\n  "url": "https://api.segment.io/v1/t",\n'
           + '  "headers": [\n' + '    {"name": "Accept", "value": "*/*"},\n' * 6 + '  ],\n'
           f'  "postData": {{"text": "{{\\"event\\":\\"Checkout\\",\\"writeKey\\":\\"{key}\\"}}"}}\n}}}}]}}}}\n')
    assert not_shown(har, "fixtures/checkout.har")
    assert not not_shown(f"SEGMENT_WRITE_KEY={key}\n", "services/worker/.env")


def test_code_climate_reporter_id_statsig_console_key_and_an_unnamed_mailgun_key_are_found() -> None:
    assert outcomes(f"  variables:\n    CC_TEST_REPORTER_ID: {random_chars(_R, 64, _HEX)}\n", ".gitlab-ci.yml") \
        == ["confirmed"]
    assert outcomes(f"STATSIG_CONSOLE_KEY=console-{varied_key(_R, 43)}\n", "deploy/.env") == ["confirmed"]
    mailgun = f"{random_chars(_R, 32, _HEX)}-{random_chars(_R, 8, _HEX)}-{random_chars(_R, 8, _HEX)}"
    assert outcomes(f"Name,Service,Key\nMailgun API,Mailgun,{mailgun}\n", "notes/keys.csv") == ["confirmed"]
    assert not_shown(f"Name,Service,Key\nOrders,Shop,{mailgun}\n", "notes/keys.csv")


def test_an_sdk_key_of_localhost_is_the_offline_mode() -> None:
    assert not_shown("const factory = SplitFactory({\n  core: { authorizationKey: 'localhost', key: userId },\n});\n",
                     "src/flags.js")


def test_a_bare_pw_is_read_as_a_whole_setting_but_not_inside_minified_code() -> None:
    assert outcomes("smtp:\n  host: smtp.internal\n  user: signer\n  pw: copper61\n", "config/production.yml") \
        in (["confirmed"], ["pending"])
    minified = "var ow=b._bind_Slider_setLowerLimit_1=function(){return 1},pw=b._bind_Slider_setUpperLimit_1=function(){};\n"
    assert not_shown(minified, "libs/ammo.wasm.js")


# --- regional clouds, machine-written state, Rust/Swift/Kotlin/Dart/Zig (sets 433-435) -----------------------------------

def test_cloud_key_pairs_given_as_arguments_and_an_sts_token_are_found() -> None:
    tencent = f'credential := common.NewCredential(\n    "AKID{varied_key(_R, 32)}",\n    "{varied_key(_R, 32)}",\n)\n'
    assert "confirmed" in outcomes(tencent, "cmd/cvm/main.go")
    assert not_shown('cred := common.NewCredential(os.Getenv("TENCENTCLOUD_SECRET_ID"), os.Getenv("TENCENTCLOUD_SECRET_KEY"))\n',
                     "cmd/cvm/main.go")
    alnum = string.ascii_letters + string.digits + "_-"
    qiniu = f"from qiniu import Auth\nq = Auth('{random_chars(_R, 40, alnum)}', '{random_chars(_R, 40, alnum)}')\n"
    assert outcomes(qiniu, "upload.py") == ["confirmed"]
    sts = "CAIS" + random_chars(_R, 296, string.ascii_letters + string.digits + "+/")
    assert "confirmed" in outcomes(f'cred := StsTokenCredential{{\n    AccessKeyStsToken: "{sts}",\n}}\n', "sts.go")


def test_cloudformation_outputs_wecom_corpsecret_and_a_joined_bearer_are_found() -> None:
    secret = random_chars(_R, 52, string.ascii_lowercase + string.digits)
    outputs = ('"Outputs": [\n  {"OutputKey": "UserPoolClientId", "OutputValue": "kuhmiybe2ghxh5hs5jx1n0xer1"},\n'
               f'  {{"OutputKey": "UserPoolClientSecret", "OutputValue": "{secret}"}}\n]\n')
    assert [line for _, line, _ in _rule_lines(outputs, "cfn/describe-stacks.json")] == [3]
    wecom = f"requests.get('https://qyapi.weixin.qq.com/cgi-bin/gettoken?corpid=ww{random_chars(_R, 16, _HEX)}&corpsecret={varied_key(_R, 43)}')\n"
    assert "confirmed" in outcomes(wecom, "wecom.py") or "pending" in outcomes(wecom, "wecom.py")
    bearer = f'req.Header.Set("Authorization", "Bearer " + "{varied_key(_R, 40)}")\n'
    assert outcomes(bearer, "client/api.go") != [] and "dismissed" not in outcomes(bearer, "client/api.go")


# --- the probe of the second batch, data-heavy assets (sets 436, 438) ----------------------------------------------------

def test_a_provider_token_whose_checksum_fails_in_a_test_is_a_made_up_fixture() -> None:
    token = github_pat(_R.randrange(10**6))
    broken = token[:-1] + ("A" if token[-1] != "A" else "B")
    assert outcomes(f'BAD_GH = "{broken}"\n', "tests/fixtures/tokens.py") == ["dismissed"]
    assert outcomes(f'GH = "{token}"\n', "tests/fixtures/tokens.py") in (["confirmed"], ["pending"])  # a valid one


def test_code_climate_reporter_ids_in_ruby_and_on_the_reporters_command_line_are_found() -> None:
    rid = random_chars(_R, 64, _HEX)
    assert outcomes(f'ENV["CC_TEST_REPORTER_ID"] ||= "{rid}"\n', "tools/coverage/upload.rb") == ["confirmed"]
    assert outcomes(f"after_script:\n  - ./cc-test-reporter after-build -r {rid}\n", ".travis.yml") == ["confirmed"]


def test_the_order_of_token_sets_is_no_token() -> None:
    ids = ", ".join(f'"{random_chars(_R, 24, _HEX)}"' for _ in range(2))
    assert not_shown(f'{{\n  "tokenSetOrder": [{ids}]\n}}\n', "packages/design-tokens/tokens.json")


# --- the probe of the third batch, telephony, backend-as-a-service (sets 439-441) ---------------------------------------

def test_zig_key_arrays_typed_after_the_equals_sign_are_found() -> None:
    data = ", ".join(f"0x{_R.randrange(256):02x}" for _ in range(32))
    assert outcomes(f"const signing_key = [_]u8{{ {data} }};\n", "tools/zsign/src/main.zig") == ["confirmed"]
    assert outcomes(f"const signing_key = [32]u8{{ {data} }};\n", "tools/zsign/src/main.zig") == ["confirmed"]


def test_a_value_naming_a_section_of_its_own_file_is_a_reference() -> None:
    password = varied_key(_R, 14)
    pjsip = ("[2001]\ntype=endpoint\ncontext=agents\nauth=2001-auth\naors=2001\n\n"
             f"[2001-auth]\ntype=auth\nauth_type=userpass\nusername=2001\npassword={password}\n")
    assert outcomes(pjsip, "etc/asterisk/pjsip.conf") == ["dismissed", "confirmed"]
    assert outcomes(f"[trunk]\nauth={varied_key(_R, 14)}\n", "etc/asterisk/pjsip.conf") in (["confirmed"], ["pending"])


def test_parse_maintenance_keys_and_appwrite_openssl_keys_are_secret_names() -> None:
    assert outcomes(f"  maintenanceKey: '{varied_key(_R, 32)}',\n", "parse-server/index.js") == ["confirmed"]
    assert outcomes(f"_APP_OPENSSL_KEY_V1={varied_key(_R, 32)}\n", "appwrite/.env") == ["confirmed"]
