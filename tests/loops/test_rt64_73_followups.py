"""Follow-ups of red-team sets 64-73 and the look-alike probe 68: values their publishers print, hashes and
ciphertext in a credential's place, test profiles, and the lines the new rules must keep reading. Values are drawn
at run time; failures name the file and the statuses, never the value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import base64
import random
import string

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown
from tests.support.filter_checks import check_filter
from tests.support.tokens import random_chars

_R = random.Random(64_73)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def _draw(n: int, alphabet: str = _ALNUM) -> str:
    while True:  # a draw with a digit and both cases, as issued keys have
        v = random_chars(_R, n, alphabet)
        if alphabet != _ALNUM or (any(c.isdigit() for c in v) and any(c.islower() for c in v) and any(c.isupper() for c in v)):
            return v


def test_stripes_documented_test_key_is_not_a_leak_but_another_test_key_is() -> None:
    # the key of Stripe's API reference (a published value, like AWS's EXAMPLE keys)
    assert not_shown("curl https://api.stripe.com/v1/charges -u sk_test_4eC39HqLyjWDarjtT1zdp7dc:\n", "docs/api.md")
    require_shown(f"STRIPE_SECRET_KEY=sk_test_{_draw(24)}\n", "deploy/.env")


def test_a_stripe_publishable_key_is_for_the_page_and_a_secret_key_stays_shown() -> None:
    key = f"pk_live_{_draw(24)}"
    assert check_filter("public_by_format", key, f"const liveKey = '{key}';", "liveKey", "javascript")
    assert not_shown(f"const liveKey = '{key}';\n", "web/checkout.js")
    require_shown(f"const stripe = require('stripe')('sk_live_{_draw(24)}');\n", "server/pay.js")


def test_a_twilio_key_sid_in_camel_case_is_its_identifier() -> None:
    sid = "SK" + _draw(32, _HEX)
    assert not_shown(f"const apiKeySid = '{sid}';\n", "twilio/notify.js")
    assert not_shown(f'  "apiKeySid": "{sid}",\n', "config/default.json")


def test_mulesoft_secure_properties_are_ciphertext() -> None:
    blob = base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
    assert not_shown(f'db:\n  password: "![{blob}]"\n', "src/main/resources/config-prod.yaml")
    require_shown(f'db:\n  password: "{_draw(16)}"\n', "src/main/resources/config-prod.yaml")


def test_a_frameworks_test_profile_is_test_configuration() -> None:
    line = f"jwt.secret={_draw(40)}\n"
    assert "confirmed" not in outcomes(line, "src/main/resources/application-test.properties")
    assert "confirmed" in outcomes(line, "src/main/resources/application-prod.properties")


def test_a_signature_vector_table_in_a_test_is_published_data() -> None:
    rows = "".join(
        f'\t{{\n\t\tsecretKey: "{_draw(64, _HEX)}",\n\t\tpublicKey: "{_draw(64, _HEX)}",\n'
        f'\t\tmessage:   "{_draw(4, _HEX)}",\n\t\tsignature: "{_draw(128, _HEX)}",\n\t}},\n' for _ in range(2))
    text = f"package ed25519_test\n\nvar vectors = []struct{{ secretKey, publicKey, message, signature string }}{{\n{rows}}}\n"
    assert not_shown(text, "cryptolib/tests/test_ed25519_rfc8032.go"), outcomes(text, "tests/test_ed25519.go")


def test_a_salesforce_consumer_key_is_the_client_id_and_its_secret_is_not() -> None:
    key = "3MVG9" + _draw(80, _ALNUM + "._")
    assert not_shown(f"sf.consumerKey={key}\n", "salesforce/sfdx/config.properties")
    require_shown(f"sf.consumerSecret={_draw(64, '0123456789ABCDEF')}\n", "salesforce/sfdx/config.properties")


def test_base64_of_a_bcrypt_hash_is_a_stored_hash() -> None:
    bcrypt = "$2b$12$" + _draw(53, _ALNUM + "./")
    stored = base64.b64encode(bcrypt.encode()).decode()
    text = f'{{\n  "users": [\n    {{\n      "username": "admin",\n      "password": "{stored}"\n    }}\n  ]\n}}\n'
    assert not_shown(text, "homeassistant/.storage/auth_provider.homeassistant")
    assert check_filter("hash_or_digest", stored, f'      "password": "{stored}"', "password", "json")
    assert not check_filter("hash_or_digest", base64.b64encode(_draw(40).encode()).decode(), "x", "password", "json")


def test_a_telegram_api_hash_is_a_secret_after_its_api_id_and_a_spec_digest_is_not() -> None:
    require_shown(f"api_id = {_R.randrange(10**6, 10**8)}\napi_hash = '{_draw(32, _HEX)}'\n", "bot/config.py")
    assert not_shown(f"openapi:\n  file: spec/openapi.yaml\n  api_hash: {_draw(32, _HEX)}\n", "build/meta.yaml")


def test_a_sql_server_login_hash_is_a_hash() -> None:
    stored = "0x0200" + _draw(8 + 128, "0123456789ABCDEF")
    text = f"CREATE LOGIN [svc_legacy] WITH PASSWORD = {stored} HASHED, CHECK_POLICY = OFF;\n"
    assert not_shown(text, "infra/mssql/logins.sql"), outcomes(text, "infra/mssql/logins.sql")
    assert check_filter("hash_or_digest", stored, text, "password", "sql")


def test_a_scrubbed_value_is_a_placeholder() -> None:
    assert not_shown("UPDATE oauth_clients SET secret = 'scrubbed';\n", "scripts/scrub.sql")


def test_a_django_key_with_parentheses_unquoted_in_dotenv() -> None:
    alphabet = string.ascii_lowercase + string.digits + "!@#%^&*(-_=+)"
    while True:
        key = "".join(_R.choice(alphabet) for _ in range(50))
        if "(" in key and ")" in key and not key.startswith(("(", ")")):
            break
    require_shown(f"DEBUG=False\nSECRET_KEY={key}\n", "django-blog/.env")
    assert not_shown("SECRET_KEY=get_random_secret_key()\n", "django-blog/.env")


def test_a_key_files_path_is_no_key() -> None:
    assert not_shown('  "privatekey": "/Users/dev/.ssh/id_ed25519",\n', "shop-theme/.ftpconfig")


def test_a_mixpanel_secret_sent_as_basic_auth_user_is_no_project_token() -> None:
    secret = _draw(32, _HEX)
    require_shown(f'r = requests.get("https://data.mixpanel.com/api/2.0/export", auth=("{secret}", ""))\n',
                  "mixpanel/export.py")
    assert not_shown(f"mixpanel.init('{_draw(32, _HEX)}', {{ track_pageview: true }});\n", "web/analytics.js")


def test_cakephps_shipped_salt_is_a_published_default_and_another_is_not() -> None:
    shipped = "Configure::write('Security.salt', 'DYhG93b0qyJfIxfs2guVoUubWwvniR2G0FgaC9mi');\n"
    assert not_shown(shipped, "app/Config/core.php")
    require_shown(f"Configure::write('Security.salt', '{_draw(40)}');\n", "app/Config/core.php")
    # the salt rule reads Security.salt alone (a pepper is a secret's name everywhere, so not that one)
    assert not_shown(f"Configure::write('Recipe.garnish', '{_draw(20)}');\n", "app/Config/recipes.php")


def test_bytes_counting_by_any_one_step_are_a_test_pattern() -> None:
    stepped = "".join(f"{(i * 0x11) % 256:02x}" for i in range(16))
    assert check_filter("counting_bytes", stepped, f'aes_key = "{stepped}"', "aes_key", "python")
    assert not check_filter("counting_bytes", _draw(32, _HEX), "x", "aes_key", "python")


def test_an_input_compared_with_a_literal_password_is_shown() -> None:
    require_shown(f'if (txtPassword.Text == "{_draw(14)}") {{ Login(); }}\n', "WinApp/LoginForm.cs")


def test_a_marker_of_three_capitals_inside_a_random_password_is_chance() -> None:
    value = _draw(6) + "@ABC@" + _draw(6)
    assert not check_filter("templated", value, f'password = "{value}"', "password", "python")
    assert check_filter("templated", "db-@DB_PASS@", 'password = "db-@DB_PASS@"', "password", "python")


def test_a_certificate_pin_is_a_public_keys_digest() -> None:
    pin = "sha256/" + base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
    assert check_filter("hash_or_digest", pin, f'buildConfigField "String", "CERT_PIN_KEY", "\\"{pin}\\""', "CERT_PIN_KEY", None)


def test_two_three_letter_markers_make_a_template() -> None:
    assert check_filter("templated", "tok_@ENV@_@VER@", "api.token=tok_@ENV@_@VER@", "api.token", "properties")


def test_a_vb_if_comparing_the_typed_password_is_shown() -> None:
    require_shown(f'        If txtPassword.Text = "{_draw(14)}" Then\n', "WinApp/LoginForm.vb")


def test_fake_run_into_a_credentials_name_is_a_stand_in() -> None:
    assert check_filter("placeholder", "fakekey==", 'STORAGE_ACCOUNT_KEY = "fakekey=="', "STORAGE_ACCOUNT_KEY", "python")
    assert not check_filter("placeholder", "fakery7Qk2Lm", 'password = "fakery7Qk2Lm"', "password", "python")


def test_an_aws_secret_on_the_line_after_its_key_id_in_a_wrapped_call() -> None:
    key_id = "AKIA" + _draw(16, string.ascii_uppercase + string.digits)
    secret = _draw(40, _ALNUM + "/+")
    require_shown(f'\tcreds := credentials.NewStaticCredentialsProvider("{key_id}",\n\t\t"{secret}", "")\n',
                  "cloudsdk-go/examples/upload/main.go")
