"""Leftovers of red-team sets 41-50 taken up later: lines the sets' first fixes did not reach. Values are drawn at
run time; failures name the file and the statuses, never the value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import random
import string

from tests.loops.test_filters_db_corpus import check
from tests.loops.test_fp_corpus_classes import not_shown, require_shown

_R = random.Random(52_0001)


def _chars(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(_R.choice(alphabet) for _ in range(n))


# --- backticks run a command in mutt's `set`, Perl and Ruby, though the `=` has spaces ------------------------

def test_mutt_password_command_is_not_a_literal() -> None:
    assert not_shown("set imap_pass = `gpg -dq ~/.mutt/pass.gpg`\nset smtp_pass = `pass show mail/smtp`\n", "dotfiles/.muttrc")
    assert check("shell_command_substitution", "cat /etc/app/db.pw", "my $db_pass = `cat /etc/app/db.pw`;",
                 "db_pass", "perl")


def test_backtick_literals_with_spaced_assignment_stay_literals() -> None:
    token = _chars(32)
    # JavaScript's template literal: a value, not a command
    assert not check("shell_command_substitution", token.lower(), f"const apiToken = `{token.lower()}`;", "apiToken",
                     "javascript")
    require_shown(f"set imap_pass = \"{_chars(6)}#{_chars(8)}\"\n", "dotfiles/.muttrc")


# --- saved HTML error pages: quotes written as entities, settings in a two-cell table ------------------------------

def _password() -> str:
    return _chars(5) + _R.choice("#!*$") + _chars(7)


def test_html_escaped_pairs_and_setting_rows_are_shown() -> None:
    pw, key = _password(), _chars(40)
    require_shown("<pre>{&#x27;default&#x27;: {&#x27;ENGINE&#x27;: &#x27;django.db.backends.mysql&#x27;, "
                  f"&#x27;PASSWORD&#x27;: &#x27;{pw}&#x27;}}}}</pre>\n", "incident/debug-500.html")
    require_shown(f"<div id=\"app\" data-config=\"{{&quot;apiKey&quot;:&quot;{key}&quot;}}\"></div>\n",
                  "web/templates/index.html")
    require_shown(f"<tr><td>DJANGO_SECRET</td><td class=\"code\"><pre>&#x27;{key}&#x27;</pre></td></tr>\n",
                  "incident/debug-500.html")


def test_masked_and_filtered_escaped_values_stay_quiet() -> None:
    assert not_shown("<tr><td>SECRET_KEY</td><td class=\"code\"><pre>&#x27;********************&#x27;</pre></td></tr>\n"
                     "<pre>{&quot;user&quot;=&gt;{&quot;password&quot;=&gt;&quot;[FILTERED]&quot;}}</pre>\n"
                     "<pre>{&#x27;HOST&#x27;: &#x27;db.internal.example&#x27;, &#x27;TOKEN_TTL&#x27;: &#x27;3600&#x27;}</pre>\n",
                     "incident/debug-500.html")


# --- stand-ins a person writes: how to make one, a prefix and a count; a build manifest's hashed names ---------------

def test_instructions_and_counted_stand_ins_are_quiet() -> None:
    assert not_shown('cookie_secret = "generate-with-openssl-rand-hex-32"\n', ".streamlit/secrets.toml.example")
    assert not_shown("SECRET_KEY=create_a_random_string\n", ".env.example")
    assert not_shown('    environment:\n      LITELLM_MASTER_KEY: "sk-1234"\n', "litellm/docker-compose.yml")
    assert not_shown(f'  "password-strength.js": "/static/js/password-strength.{_chars(8, "0123456789abcdef")}.chunk.js",\n',
                     "web/build/asset-manifest.json")


def test_weak_real_passwords_and_real_keys_beside_them_stay_shown() -> None:
    # a password may be a name and a count: a weak real one, not a key's stand-in
    require_shown('    environment:\n      DB_PASSWORD: "admin1234"\n', "deploy/docker-compose.yml")
    require_shown(f'    environment:\n      LITELLM_MASTER_KEY: "sk-{_chars(22)}"\n', "litellm/docker-compose.yml")
    require_shown(f'cookie_secret = "{_chars(32)}"\n', ".streamlit/secrets.toml")


# --- a Laravel app key wherever it is written; Honeycomb's key header -----------------------------------------------

def _laravel_key() -> str:
    import base64
    return "base64:" + base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()


def test_laravel_app_key_hard_coded_in_config_is_shown() -> None:
    require_shown(f"<?php\nreturn [\n    'cipher' => 'AES-256-CBC',\n    'key' => '{_laravel_key()}',\n];\n", "config/app.php")


def test_honeycomb_team_header_is_a_key() -> None:
    require_shown(f"exporters:\n  otlphttp:\n    headers:\n      x-honeycomb-team: {_chars(22)}\n", "otel/collector.yaml")


def test_maven_master_password_is_shown_though_it_is_braced() -> None:
    # encrypted with a passphrase fixed in Maven's code: braces do not protect it as they protect a sops value
    import base64
    master = base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
    require_shown(f"<settingsSecurity>\n  <master>{{{master}}}</master>\n</settingsSecurity>\n", ".m2/settings-security.xml")


def test_a_shared_secret_in_hex_is_no_hash() -> None:
    # "sha" inside shared, shadow, SharePoint is not the algorithm
    secret = _chars(32, "0123456789abcdef")
    assert not check("hash_or_digest", secret, f"shared_secret = {secret}", "shared_secret", "ini")
    assert check("hash_or_digest", secret, f"sha1sum = {secret}", "sha1sum", "ini")
    assert check("hash_or_digest", secret, f"file_sha = {secret}", "file_sha", "ini")
    require_shown(f"[lastfm]\napi_key = {_chars(32, '0123456789abcdef')}\nshared_secret = {secret}\n", "scrobbler/scrobbler.ini")


# --- regional providers (set 57) ----------------------------------------------------------------------------------

def test_regional_checkout_keys_are_public_and_their_secrets_shown() -> None:
    hexes = "0123456789abcdef"
    assert not_shown(f"const paystack = PaystackPop.setup({{ key: 'pk_live_{_chars(40, hexes)}', email, amount }});\n",
                     "resources/js/checkout.js")
    assert not_shown(f'var options = {{ "key": "rzp_live_{_chars(14)}", "amount": "50000" }};\n', "public/pay.html")
    require_shown(f"PAYSTACK_SECRET_KEY=sk_live_{_chars(40, hexes)}\n", ".env")


def test_an_access_key_id_with_a_random_value_is_shown_and_a_key_id_label_is_not() -> None:
    require_shown(f"BCE_ACCESS_KEY_ID = '{_chars(32, '0123456789abcdef')}'\n", "portal/settings.py")
    assert not_shown("BCE_ACCESS_KEY_ID = 'access-key-id-of-the-ocr-app'\n", "portal/settings.py")


def test_a_go_dsn_password_may_hold_an_at_sign() -> None:
    require_shown(f'dsn = "sync:{_chars(6)}@@{_chars(5)}@tcp(10.0.3.17:3306)/sync?parseTime=true"\n', "config.toml")


def test_merchant_key_names_a_credential() -> None:
    require_shown(f"PAYTM_MERCHANT_KEY={_chars(16)}\n", ".env")


def test_an_aws_entity_id_under_a_key_id_name_is_no_key() -> None:
    assert not_shown(f"[profile ci]\naws_access_key_id = AROA{_chars(16, string.ascii_uppercase + string.digits)}\n", ".aws/config")


# --- streaming and media servers (set 58) -------------------------------------------------------------------------

def test_stream_keys_and_media_server_passwords_are_shown() -> None:
    lower = string.ascii_lowercase + string.digits
    yt = "-".join(_chars(4, lower) for _ in range(5))
    require_shown(f"            push rtmp://a.rtmp.youtube.com/live2/{yt};\n", "nginx/nginx.conf")
    require_shown(f"TWITCH_STREAM_KEY=live_{_R.randrange(10**8, 10**9)}_{_chars(30)}\n", ".env")
    require_shown(f'ffmpeg -re -i in.mp4 -f mpegts "srt://ingest.tv.example:9000?streamid=live&passphrase={_chars(16)}"\n',
                  "scripts/go-live.sh")
    require_shown(f"lt-cred-mech\nuser=webrtc:{_chars(14)}\n", "coturn/turnserver.conf")
    require_shown(f"encoder1 {_chars(14)}\n", "wowza/conf/publish.password")
    require_shown(f'APP_CERTIFICATE = "{_chars(32, "0123456789abcdef")}"\n', "server/token_server.py")


def test_stored_hashes_and_documented_defaults_of_media_servers_are_quiet() -> None:
    hexes = "0123456789abcdef"
    assert not_shown(f'    "rpc-password": "{{{_chars(40, hexes)}{_chars(8)}",\n', "transmission/settings.json")
    assert not_shown(f'WebUI\\Password_PBKDF2="@ByteArray({_chars(22)}==:{_chars(86)}==)"\n', "qbittorrent/qBittorrent.conf")
    assert not_shown("<authentication>\n    <source-password>hackme</source-password>\n</authentication>\n", "icecast.xml.dist")


def test_a_key_shorter_than_any_generated_one_is_an_id() -> None:
    assert not_shown(f"    $this->merchant_key = '{_chars(6)}';\n", "includes/class-wc-gateway-payu.php")
    short = _chars(6, string.ascii_letters)  # (mixed characters under a plain key's name may be a real short token)
    assert check("too_short_for_a_key", short, f"api_key = '{short}'", "api_key", "python")
    # a short password or a pair's user under auth is no key
    assert not check("too_short_for_a_key", short, f"password = '{short}'", "password", "python")
    assert not check("too_short_for_a_key", short, f"'auth' => ['{short}', 'x']", "auth", "php")
