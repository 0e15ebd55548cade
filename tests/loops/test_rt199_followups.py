"""Follow-ups of red-team sets 199 onwards (developer platforms and secret managers, Python applications, LLM and MCP
applications) and of older sets' misses (network devices, uncommon languages, Ruby applications): shapes they showed
missed or misread. Values are drawn at run time; failures name the file and the statuses, never the value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
from pathlib import Path

from secretloop.loops.rules.checksums import _bip39_index, bip39_mnemonic
from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown
from tests.support.tokens import random_chars

_R = random.Random(199)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"
_B32 = string.ascii_lowercase + "234567"


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _jwt(claims: dict) -> str:
    header = _b64url(json.dumps({"alg": "ES256", "typ": "JWT"}).encode())
    payload = _b64url(json.dumps(claims, separators=(",", ":")).encode())
    return f"{header}.{payload}.{_b64url(bytes(_R.randrange(256) for _ in range(64)))}"


# --- developer platforms (set 199) ---------------------------------------------------------------------------------

def test_a_jwt_whose_first_claim_starts_with_a_digit_is_found() -> None:
    token = _jwt({"1password.com/auuid": random_chars(_R, 26, string.ascii_uppercase + string.digits),
                  "1password.com/token": random_chars(_R, 32, _ALNUM + "_-"), "1password.com/fts": ["vaultaccess"],
                  "1password.com/vts": [{"u": random_chars(_R, 26, string.ascii_lowercase), "a": 48} for _ in range(4)],
                  "aud": ["com.1password.connect"], "sub": random_chars(_R, 26, string.ascii_uppercase),
                  "iat": 1733400000, "iss": "com.agilebits"})  # long enough that only the JWT rule reads it
    assert token.split(".")[1].startswith("eyI")
    require_shown(f"OP_CONNECT_TOKEN={token}\n", "connect.env")


def test_an_azure_devops_pat_under_a_bare_pat_name_is_found_but_not_a_pattern() -> None:
    require_shown(f'PAT = "{random_chars(_R, 52, _B32)}"\n', "az.py")
    assert not_shown('PAT = "^[a-z]+-[0-9]+$"\n', "lint/rules.py")


def test_a_clerk_publishable_key_is_public_but_a_stripe_style_body_is_not() -> None:
    host = f"clerk.{random_chars(_R, 6, string.ascii_lowercase)}.io$"
    clerk = "pk_live_" + base64.b64encode(host.encode()).decode().rstrip("=")
    assert not_shown(f"NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY={clerk}\n", ".env")
    assert outcomes(f"CLERK_SECRET_KEY=sk_live_{random_chars(_R, 40, _ALNUM)}\n", ".env") == ["confirmed"]


def test_a_supabase_anon_key_given_to_create_client_after_a_url_is_public() -> None:
    anon = _jwt({"iss": "supabase", "ref": random_chars(_R, 20, string.ascii_lowercase), "role": "anon"})
    text = f"export const supabase = createClient('https://{random_chars(_R, 20, string.ascii_lowercase)}.supabase.co', '{anon}')\n"
    assert not_shown(text, "src/lib/client.ts")


def test_a_google_oauth_client_id_is_public_whatever_its_name() -> None:
    client_id = f"{random_chars(_R, 12, string.digits)}-{random_chars(_R, 32, string.ascii_lowercase + string.digits)}.apps.googleusercontent.com"
    secret = "GOCSPX-" + random_chars(_R, 28, _ALNUM + "_-")
    text = f'SOCIAL_AUTH_GOOGLE_OAUTH2_KEY = "{client_id}"\nSOCIAL_AUTH_GOOGLE_OAUTH2_SECRET = "{secret}"\n'
    assert outcomes(text, "crm/settings/production.py") == ["dismissed", "confirmed"]


# --- LLM and MCP applications (set 201) ----------------------------------------------------------------------------

def test_a_key_sent_as_the_whole_authorization_header_is_found() -> None:
    key = random_chars(_R, 32, _HEX)
    require_shown(f'curl -s https://api.assemblyai.com/v2/transcript -H "authorization: {key}"\n', "scripts/smoke.sh")
    assert not_shown('curl -s https://api.assemblyai.com/v2/transcript -H "authorization: $ASSEMBLYAI_KEY"\n',
                     "scripts/smoke.sh")


def test_a_product_s_own_name_as_its_key_is_a_default() -> None:
    compose = ("services:\n  pipelines:\n    image: ghcr.io/open-webui/pipelines:main\n    environment:\n"
               '      PIPELINES_API_KEY: "0p3n-w3bu!"\n')
    assert not_shown(compose, "docker-compose.yaml")
    local = ('[\n  {\n    "model": "lmstudio-community/Qwen2.5-7B",\n    "base_url": "http://localhost:1234/v1",\n'
             '    "api_key": "lm-studio"\n  }\n]\n')
    assert not_shown(local, "OAI_CONFIG_LIST")
    chosen = random_chars(_R, 10, string.ascii_lowercase) + "-" + random_chars(_R, 8, string.ascii_lowercase)
    kept = compose.replace("0p3n-w3bu!", chosen)
    assert outcomes(kept, "docker-compose.yaml") != ["dismissed"]


def test_a_hex_digest_named_by_the_comment_after_it_is_not_shown() -> None:
    digest = random_chars(_R, 64, _HEX)
    assert not_shown(f'    assert info["token"] != "{digest}"  # sha256 of the stored key\n', "tests/test_proxy.py")
    assert not_shown(f'STORED_TOKEN = "{digest}"  # sha256 digest, not the token\n', "app/seed.py")


# --- older sets: network devices, uncommon languages, Ruby applications --------------------------------------------

_JUNOS = "QzF3n6/9CAtpu0OB1IREhcSyrleKvMW8LXx7N-dVbwsY2g4oaJZGUDjiHkq.mPf5T"


def test_a_junos_secret_in_set_form_without_quotes_is_found() -> None:
    secret = "$9$" + random_chars(_R, 22, _JUNOS)
    require_shown(f"set snmp v3 usm local-engine user nms authentication-sha authentication-key {secret}\n",
                  "configs/qfx-spine-01.set")
    require_shown(f'set system tacplus-server 10.10.5.21 secret "{secret}"\n', "configs/qfx-spine-01.set")


def test_a_wireguard_preshared_key_in_a_firewall_backup_is_found() -> None:
    psk = base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
    text = f"<wireguard>\n\t<peer>\n\t\t<presharedkey>{psk}</presharedkey>\n\t</peer>\n</wireguard>\n"
    require_shown(text, "fw01/config.xml")


def test_an_application_key_in_a_launchd_plist_is_found() -> None:
    key = "K004" + random_chars(_R, 27, _ALNUM)
    text = f"<dict>\n\t\t<key>B2_APPLICATION_KEY</key>\n\t\t<string>{key}</string>\n</dict>\n"
    require_shown(text, "LaunchAgents/com.acme.backup.plist")


def test_omniauth_arguments_over_lines_and_an_ocaml_secret_setter_are_found() -> None:
    secret = random_chars(_R, 50, _ALNUM)
    text = f"  provider :twitter, '{random_chars(_R, 25, _ALNUM)}',\n           '{secret}'\n"
    require_shown(text, "config/initializers/omniauth.rb")
    require_shown(f'  @@ Dream.set_secret "{random_chars(_R, 32, _ALNUM)}"\n', "bin/main.ml")


def test_active_record_encryption_keys_are_found() -> None:
    key = random_chars(_R, 32, _ALNUM)
    require_shown(f'Rails.application.config.active_record.encryption.deterministic_key = "{key}"\n',
                  "config/initializers/lockbox.rb")
    assert not_shown('config.active_record.encryption.primary_key = ENV.fetch("AR_PRIMARY_KEY")\n',
                     "config/initializers/lockbox.rb")


# --- database dumps and fixtures (set 202) -------------------------------------------------------------------------

def test_a_credential_in_a_php_serialized_option_is_found() -> None:
    password = random_chars(_R, 16, _ALNUM + "+/")
    row = (f"INSERT INTO `wp_options` VALUES (41,'wp_mail_smtp','a:1:{{s:4:\"smtp\";a:2:{{s:4:\"user\";s:17:\"orders@acme.example\";"
           f"s:4:\"pass\";s:16:\"{password}\";}}}}','yes');\n")
    require_shown(row, "backup/wp_2024-02-28.sql")


def test_a_serialized_array_of_session_verifiers_is_not_one_secret() -> None:
    rows = "".join(f"INSERT INTO `wp_usermeta` VALUES ({10 + i},{i},'session_tokens','a:1:{{s:64:\"{random_chars(_R, 64, _HEX)}\";"
                   f"a:2:{{s:10:\"expiration\";i:1703120058;s:2:\"ip\";s:11:\"203.0.113.5\";}}}}');\n" for i in range(2))
    assert not_shown(rows, "backup/wp_2024-02-28.sql")


def test_a_credential_under_a_namespaced_redis_key_is_found() -> None:
    require_shown(f'SET config:algolia:admin_key "{random_chars(_R, 32, _HEX)}"\n', "dumps/redis-prod.txt")
    require_shown(f"HSET tenant:42:smtp password {random_chars(_R, 16, _ALNUM)}\n", "dumps/redis-prod.txt")
    assert not_shown(f"SET ratelimit:api:{random_chars(_R, 8, _ALNUM)} 113 EX 60\n", "dumps/redis-prod.txt")


def test_a_piece_of_a_scram_verifier_is_not_a_password() -> None:
    salt, stored, server = (random_chars(_R, n, _ALNUM + "+/") for n in (24, 43, 43))
    line = f"ALTER ROLE billing_app WITH LOGIN PASSWORD 'SCRAM-SHA-256$4096:{salt}=${stored}=:{server}=';\n"
    assert not_shown(line, "backups/billing_2024_01_15.sql")


# --- Kubernetes (set 203) ------------------------------------------------------------------------------------------

def test_a_vault_injector_path_and_a_base64_stand_in_are_not_shown() -> None:
    annotations = ('      annotations:\n        vault.hashicorp.com/agent-inject: "true"\n'
                   '        vault.hashicorp.com/agent-inject-secret-db-creds: "database/creds/billing"\n')
    assert not_shown(annotations, "vault/deployment-annotations.yaml")
    encoded = base64.b64encode(b"ci-password").decode()
    secret = f"apiVersion: v1\nkind: Secret\ntype: Opaque\ndata:\n  password: {encoded}\n"
    assert not_shown(secret, "rendered/manifest-snapshot.yaml")
    real = base64.b64encode(random_chars(_R, 20, _ALNUM).encode()).decode()
    require_shown(secret.replace(encoded, real), "rendered/manifest-snapshot.yaml")


# --- cryptocurrency and trading (set 204) --------------------------------------------------------------------------

def _bip39_phrase(words: int) -> str:
    wordlist = sorted(_bip39_index(), key=_bip39_index().get)
    entropy = bytes(_R.randrange(256) for _ in range(words * 4 // 3))
    check_bits = len(entropy) // 4
    bits = (int.from_bytes(entropy, "big") << check_bits) | (hashlib.sha256(entropy).digest()[0] >> (8 - check_bits))
    total = len(entropy) * 8 + check_bits
    return " ".join(wordlist[(bits >> (total - 11 * (i + 1))) & 2047] for i in range(total // 11))


def test_a_recovery_phrase_with_a_valid_checksum_is_found_without_a_name() -> None:
    phrase = _bip39_phrase(24)
    require_shown(f'echo "{phrase}" | gaiad keys add relayer --recover --keyring-backend file\n', "scripts/setup_keys.sh")
    require_shown(f"created: 2023-11-02\n\nseed: {phrase}\n", "backups/cold_storage_2023.txt")
    broken = phrase.split()
    broken[-1] = next(w for w in ("abandon", "ability", "able", "about") if w != broken[-1]
                      and not bip39_mnemonic(" ".join(broken[:-1] + [w])))
    assert outcomes(f"seed: {' '.join(broken)}\n", "backups/cold_storage_2023.txt") == []


def test_bip39_test_vectors_and_a_framework_s_dev_phrase_are_not_shown() -> None:
    for phrase in ("abandon " * 11 + "about", "legal winner thank year wave sausage worth useful legal winner thank yellow",
                   "vessel ladder alter error federal sibling chat ability sun glass valve picture",
                   "candy maple cake sugar pudding cream honey rich smooth crumble sweet treat"):
        assert not_shown(f'    ("{phrase}", "c55257c360c07c72029aebc1b53c05ed"),\n', "tests/test_bip39.py")


def test_wallet_passphrases_cli_flags_and_urls_with_an_empty_user_are_found() -> None:
    require_shown(f'$CLI -rpcwallet="$WALLET" walletpassphrase "{random_chars(_R, 16, _ALNUM + "#")}" 60\n',
                  "scripts/backup_wallet.sh")
    key = random_chars(_R, 34, string.ascii_uppercase + string.digits)
    require_shown(f"\tforge verify-contract $(FACTORY) src/Pool.sol:Pool --chain sepolia --etherscan-api-key {key}\n", "Makefile")
    secret = random_chars(_R, 32, _HEX)
    require_shown(f"infura_url = https://:{secret}@mainnet.infura.io/v3/{random_chars(_R, 32, _HEX)}\n", "toolkit/settings.cfg")
    require_shown(f"REDIS_URL=redis://:{random_chars(_R, 20, _ALNUM)}@cache.internal:6379/0\n", "settings/production.env")


def test_the_shipped_word_list_is_bip39_s() -> None:
    # the SHA-256 BIP-39 publishes for its English list
    listed = (Path(bip39_mnemonic.__code__.co_filename).with_name("bip39_english.txt")).read_bytes()
    assert hashlib.sha256(listed).hexdigest() == "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda"
    assert len(_bip39_index()) == 2048


# --- a probe of this stop's changes (205), identity formats (206), game servers (207) ------------------------------

def test_a_credential_alone_on_the_line_after_its_introduction_is_found() -> None:
    require_shown(f"Webhook secret for the app:\n`{random_chars(_R, 32, _ALNUM)}`\n", "howto/github-app.md")
    require_shown(f"Attached the config, PSK inside. The PSK is\n    {random_chars(_R, 20, _ALNUM)}\n", "2022/ops-inbox.mbox")
    explained = f"Private API keys start with `key-` followed by 32 characters:\n\n    key-{random_chars(_R, 32, _ALNUM)}\n"
    assert outcomes(explained, "docs/mailgun.md") in ([], ["dismissed"])


def test_base64_secret_data_holding_a_word_among_random_letters_is_kept() -> None:
    value = "secretkey" + random_chars(_R, 16, string.ascii_letters)
    encoded = base64.b64encode(value.encode()).decode()
    require_shown(f"apiVersion: v1\nkind: Secret\ntype: Opaque\ndata:\n  JWT_SECRET: {encoded}\n", "apps/search/secret.yaml")


def test_redis_cli_hset_with_several_fields_and_curl_with_joined_flags_are_read() -> None:
    line = (f"redis-cli -h cache.internal -n 2 HSET svc:mailer host smtp.example.com user alerts "
            f"password {random_chars(_R, 16, _ALNUM)}\n")
    require_shown(line, "scripts/provision.sh")
    require_shown(f"curl -sH 'authorization: {random_chars(_R, 32, _HEX)}' https://api.assemblyai.com/v2/transcript/x\n",
                  "Makefile")


def test_a_netlify_token_given_to_its_js_client_is_found() -> None:
    require_shown(f"const client = new NetlifyAPI('{random_chars(_R, 43, _ALNUM + '_-')}')\n", "netlify.js")


def test_game_server_credentials_on_command_lines_and_a_roblox_cookie_are_found() -> None:
    require_shown(f"$STEAMCMD +login fragzone_bot {random_chars(_R, 12, _ALNUM)} +workshop_download_item 730 1 +quit\n",
                  "update.sh")
    assert not_shown("$STEAMCMD +force_install_dir /srv/cs +login anonymous +app_update 740 validate +quit\n", "update.sh")
    require_shown(f"mcrcon -H 10.0.4.12 -P 25575 -p '{random_chars(_R, 12, _ALNUM)}' \"say restart\"\n", "scripts/restart_all.sh")
    banner = "_|WARNING:-DO-NOT-SHARE-THIS.--Sharing-this-will-allow-someone-to-log-in-as-you-and-to-steal-your-ROBUX-and-items.|_"
    require_shown(f"ROBLOSECURITY={banner}{random_chars(_R, 200, '0123456789ABCDEF')}\n", ".env")


def _keytab(realm: bytes, principal: bytes) -> bytes:
    body = (b"\x00\x01" + len(realm).to_bytes(2, "big") + realm + len(principal).to_bytes(2, "big") + principal
            + (1).to_bytes(4, "big") + (1733400000).to_bytes(4, "big") + b"\x02" + (18).to_bytes(2, "big")
            + (32).to_bytes(2, "big") + bytes(_R.randrange(256) for _ in range(32)))
    return b"\x05\x02" + len(body).to_bytes(4, "big") + body


def test_a_base64_keytab_is_found_by_its_header() -> None:
    encoded = base64.b64encode(_keytab(b"CORP.EXAMPLE.COM", b"svc-etl")).decode()
    require_shown(f'KRB5_KEYTAB_B64="{encoded}"\n', ".env")
    require_shown(f"{encoded}\n", "svc-etl.keytab.b64")
    broken = base64.b64encode(b"\x05\x02" + bytes(40)).decode()
    assert outcomes(f"  krb5.keytab: {broken}\n", "spnego-secret.yaml") in ([], ["dismissed"])


def test_a_duo_secret_key_is_found_and_its_integration_key_is_not() -> None:
    ikey = "DI" + random_chars(_R, 18, string.ascii_uppercase + string.digits)
    skey = random_chars(_R, 40, _ALNUM)
    assert outcomes(f"[duo]\nikey = {ikey}\nskey = {skey}\nhost = api-0d1e2f3a.duosecurity.com\n",
                    "login_duo.conf") == ["confirmed"]
    assert not_shown(f"duo:\n  integration_key: {ikey}\n  api_host: api-0d1e2f3a.duosecurity.com\n", "authproxy.yml")


def test_an_empty_password_before_the_next_connection_field_is_no_value() -> None:
    assert not_shown('set mysql_connection_string "server=localhost;uid=root;password=;database=lsrp"\n',
                     "server.cfg.example")


# --- prose (208), JVM applications (209), unusual syntax (210) -----------------------------------------------------

def test_passwords_handed_over_on_the_next_line_are_found_but_not_wrapped_prose() -> None:
    require_shown(f"1) Jenkins: admin user is `ninja`, pw is\n   {random_chars(_R, 6, _ALNUM)}*{random_chars(_R, 6, _ALNUM)}\n",
                  "mail/2024-06-11-handover.eml")
    require_shown(f"Das Passwort lautet:\n    Falke-{random_chars(_R, 8, _ALNUM)}!\n", "lists/it-announce.mbox")
    require_shown(f"and the SMTP login is postmaster with password\n  {random_chars(_R, 14, _ALNUM)}\n", "archive/2024-05.mbox")
    assert not_shown("The default variant for the Argon2 password hasher is\nArgon2id.\n", "docs/topics/auth/passwords.txt")
    assert not_shown(f"Billing account (not a secret, just for finance):\n\n    {random_chars(_R, 12, string.digits)}-{random_chars(_R, 8, _ALNUM)}\n",
                     "threads/api-key-for-staging.eml")
    args = "      exec:\n        args:\n        - eks\n        - get-token\n        - --cluster-name\n        - eks-staging-01\n"
    assert not_shown(args, "kubeconfigs/eks-staging.kubeconfig")


def test_fortigate_secrets_and_a_wifi_qr_string_are_found() -> None:
    require_shown(f"4. `set psksecret {random_chars(_R, 18, _ALNUM)}`\n", "docs/vpn.md")
    assert not_shown("        set passwd $FGT_ADMIN_PASSWORD\n", "scripts/provision.sh")
    require_shown(f"    WIFI:T:WPA;S:acme-devices;P:{random_chars(_R, 16, _ALNUM)};;\n", "kb/wifi-and-guest-access.md")


def test_a_literal_converted_for_a_char_array_and_a_remember_me_key_are_found() -> None:
    require_shown(f'        .withPassword("{random_chars(_R, 14, _ALNUM)}".toCharArray())\n', "src/main/java/Config.java")
    require_shown(f'            .rememberMe(rm -> rm.key("{random_chars(_R, 24, _ALNUM)}"))\n',
                  "src/main/java/com/acme/SecurityConfig.java")


def test_jwt_io_s_example_with_its_name_edited_is_a_stand_in_in_tests() -> None:
    header = _b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    payload = _b64url(json.dumps({"sub": "1234567890", "name": "Test User", "iat": 1516239022}).encode())
    token = f"{header}.{payload}.{_b64url(bytes(_R.randrange(256) for _ in range(32)))}"
    assert not_shown(f'    const token = "{token}";\n', "src/__tests__/apiClient.test.js")
    live = f"{header}.{_b64url(json.dumps({'sub': random_chars(_R, 10, string.digits), 'iat': 1733400000}).encode())}.{_b64url(bytes(32))}"
    assert outcomes(f'    const token = "{live}";\n', "src/__tests__/apiClient.test.js") != ["dismissed"]


def test_a_yaml_anchor_before_a_quoted_password_and_a_systemd_credential_source() -> None:
    require_shown(f'  password: &db_password "{random_chars(_R, 16, _ALNUM)}"\n', "group_vars/all.yml")
    assert not_shown("LoadCredential=db-password:/etc/billing/credentials/db-password\n", "deploy/billing-worker.service")


def test_an_id_or_fingerprint_introduced_on_the_line_before_is_not_a_credential() -> None:
    assert not_shown(f"The signing key ID is\n    {random_chars(_R, 16, _HEX).upper()}\n", "docs/release-signing.md")
    fingerprint = "SHA256:" + random_chars(_R, 43, _ALNUM + "+/")
    assert not_shown(f"The bastion's host key fingerprint is:\n\n    {fingerprint}\n", "runbooks/bastion.md")
    require_shown(f"she mentioned the staging Redis password changed to\n@1w{random_chars(_R, 12, _ALNUM)}\n", "daily/2024-06-03.md")
