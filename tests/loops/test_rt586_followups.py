"""Follow-ups of red-team sets 586 onwards: speech and CDP APIs, CI files, lockfiles, dapp repositories, package
registries' credential files, telematics, notification services, data apps, GPU clouds. Values are drawn at run time;
failures name the file and the statuses, never the value (PYTEST_DONT_REWRITE: plain asserts, so a failure shows no
argument)."""

from __future__ import annotations

import base64
import random
from importlib import resources

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_found as _found, rule_ids as _rules
from tests.support.tokens import random_chars, random_uuid, typed_password, varied_key

_R = random.Random(586)
_HEX = "0123456789abcdef"
_UPPER36 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
_BIP39 = sorted((resources.files("secretloop.loops.rules") / "bip39_english.txt").read_text(encoding="ascii").split())


def _mixed(n: int) -> str:
    return varied_key(_R, n)


def _hex(n: int) -> str:
    return random_chars(_R, n, _HEX)


# --- wallets in dapp repositories (set 589) --------------------------------------------------------------------------

def test_a_deployer_key_set_with_makes_conditional_assignment_is_found() -> None:
    _found(f"include .env\nDEPLOYER_PK ?= 0x{_hex(64)}\n\ndeploy:\n\tforge script script/Deploy.s.sol --broadcast\n",
           "foundry-lending/Makefile", "ethereum-private-key")


def test_a_hot_wallet_key_in_a_handover_note_is_found() -> None:
    _found(f"Treasury handover\nhot wallet pk: {_hex(64)}\n", "notes/handover.txt", "ethereum-private-key")


def test_rust_signers_built_from_a_literal_are_found() -> None:
    _found(f'    let wallet: LocalWallet = "{_hex(64)}".parse()?;\n', "keeper/src/main.rs", "evm-private-key-literal")
    _found(f'    let signer = "0x{_hex(64)}".parse::<PrivateKeySigner>()?;\n', "bot/src/main.rs",
           "evm-private-key-parsed-signer")


def test_an_address_parsed_in_rust_is_not_a_key() -> None:
    assert not_shown(f'    let to = "0x{_hex(40)}".parse::<Address>()?;\n', "bot/src/main.rs")


def test_a_solana_keypair_array_under_a_private_key_name_is_found() -> None:
    array = "[" + ",".join(str(_R.randrange(256)) for _ in range(64)) + "]"
    _found(f"SOLANA_RPC_URL=https://api.devnet.solana.com\nSOLANA_PRIVATE_KEY={array}\n", "mint/.env.local",
           "solana-keypair-array-setting")


def test_a_public_key_array_is_not_a_keypair() -> None:
    array = "[" + ", ".join(str(_R.randrange(256)) for _ in range(32)) + "]"
    assert not_shown(f'{{\n  "publicKey": {array}\n}}\n', "mint/wallet.json")


def _phrase(n: int = 12) -> str:
    return " ".join(_R.choice(_BIP39) for _ in range(n))


def test_a_phrase_file_named_for_it_is_found_even_without_a_valid_checksum() -> None:
    _found(_phrase(24) + "\n", "bundler/workdir/mnemonic.txt")


def test_a_file_of_other_words_under_that_name_is_not_a_phrase() -> None:
    assert not_shown("put your twelve recovery words in this file and never commit it ok\n", "bundler/mnemonic.txt")


def test_a_wallet_brands_seed_in_a_note_is_found() -> None:
    _found(f"metamask seed: {_phrase()}\nledger address: 0x{_hex(40)}\n", "notes/handover.txt", "wallet-mnemonic-phrase")


def test_a_blast_api_endpoint_carries_its_project_key() -> None:
    _found(f"STARKNET_RPC=https://starknet-mainnet.blastapi.io/{random_uuid(_R)}/rpc/v0_7\n", "game/.env",
           "blast-api-rpc-url-key")


# --- package registries (sets 588, 591, 601) -------------------------------------------------------------------------

def test_a_registry_token_given_as_the_user_name_is_found() -> None:
    token = _mixed(24)
    _found(f'RUN poetry config http-basic.fury {token} "" && poetry install\n', "Dockerfile",
           "http-basic-config-token-user")
    _found(f'[http-basic.fury]\nusername = "{token}"\npassword = ""\n', "home/.config/pypoetry/auth.toml",
           "poetry-auth-toml-token-user")


def test_a_plain_user_name_with_an_empty_password_is_not_a_token() -> None:
    assert not_shown('[http-basic.fury]\nusername = "deploy-bot"\npassword = ""\n', "home/.config/pypoetry/auth.toml")


def test_a_gem_servers_key_under_its_url_is_found() -> None:
    _found(f"---\n:https://gems.acme.example/: {_hex(32)}\n", "home/ci/.gem/credentials", "gem-credentials-host-key")


def test_word_passwords_in_registry_slots_stay_passwords() -> None:
    # a password people chose from words is still theirs: .npmrc's _password (base64) and twine's -p
    word_pw = _R.choice(["Harbor", "Copper", "Lantern"]) + "." + random_chars(_R, 6, "abcdefghjkmnpqrstuvwxyz23456789")
    encoded = base64.b64encode(word_pw.encode()).decode()
    _found(f"registry=https://npm.acme.example/\n//npm.acme.example/:username=ci\n//npm.acme.example/:_password={encoded}\n",
           "web/.npmrc", "npmrc-password")


def test_an_anaconda_channel_token_in_a_conda_lock_is_found() -> None:
    lock = ("version: 1\npackage:\n- name: acme-core\n  version: 2.4.1\n"
            f"  url: https://conda.anaconda.org/t/ab-{random_uuid(_R)}/acme-private/noarch/acme-core-2.4.1-py_0.conda\n"
            f"  hash:\n    md5: {_hex(32)}\n")
    _found(lock, "env/conda-lock.yml", "anaconda-channel-token-url")


def test_cli_keys_and_passwords_on_command_lines_are_found() -> None:
    _found(f"  - run: cloudsmith push python acme/private dist/*.whl -k {_hex(40)}\n", ".github/workflows/publish.yml",
           "cloudsmith-cli-api-key-argument")
    _found(f"java -jar nexus-iq-cli.jar -i web -s https://iq.acme.example -a ci:{typed_password(_R)} target/web.war\n",
           "ci/iq-scan.sh", "nexus-iq-cli-authentication")
    pat = random_chars(_R, 52, "abcdefghijklmnopqrstuvwxyz234567")
    _found(f"echo {pat} | az devops login --organization https://dev.azure.com/acme\n", "ci/az.sh",
           "azure-devops-pat-login-pipe")


def test_an_unquoted_totp_seed_in_yaml_is_found() -> None:
    seed = random_chars(_R, 32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    _found(f"      env:\n        GEM_HOST_OTP_SEED: {seed}\n", ".github/workflows/release.yml", "totp-seed-assignment")


# --- provider formats and call shapes --------------------------------------------------------------------------------

def test_new_provider_formats_are_found() -> None:
    _found(f'curl -H "Authorization: Bearer secret-token:{_mixed(28)}" https://app.getcensus.com/api/v1/syncs\n',
           "census/sync.sh", "census-api-token")
    _found(f'cartesiaKey := "sk_car_{_mixed(22)}"\n', "tts/cartesia.go", "cartesia-api-key")
    _found(f"AMPLITUDE_DEPLOYMENT_KEY=server-{_mixed(32)}\n", "flags/.env", "amplitude-experiment-server-key")
    _found(f"const pinata = new pinataSDK('{_hex(20)}', '{_hex(64)}');\n", "nft/upload.mjs", "pinata-sdk-secret-argument")
    _found(f"opsgenie_key: {random_uuid(_R)}\n", "elastalert/rules/disk.yaml", "opsgenie-api-key-setting")
    _found(f"curl -u ops@acme.example/token:{_mixed(40)} https://acme.zendesk.com/api/v2/tickets.json\n",
           "support/export.sh", "zendesk-email-token-credential")
    _found(f"flespi:\n  token: FlespiToken {_mixed(64)}\n", "gateway/flespi.yaml", "flespi-token")
    _found(f"const onfleet = new Onfleet('{_mixed(32)}');\n", "dispatch/onfleet.js", "onfleet-client-api-key")
    _found(f"    // old token, revoked? samsara_api_{_mixed(30)}\n", "fleet/SamsaraService.java", "samsara-api-token")


def test_a_token_as_a_urls_user_with_an_empty_password_is_found() -> None:
    _found(f'curl -s "https://{_mixed(32)}:@api.bitsighttech.com/ratings/v1/companies"\n', "bitsight/pull.sh",
           "url-token-as-user")


def test_a_webhook_urls_random_last_segment_is_found_and_a_route_is_not() -> None:
    _found(f"RESEMBLE_WEBHOOK_URL=https://api.voice.example/hooks/resemble/{_mixed(40)}\n", "voice/resemble.env",
           "webhook-url-path-secret")
    assert not_shown("WEBHOOK_URL=https://app.example.com/webhooks/stripe\n", "app/.env")


def test_dash_auth_pairs_and_heidisql_command_lines_are_found() -> None:
    _found(f"VALID_USERNAME_PASSWORD_PAIRS = {{\n    'analyst': '{typed_password(_R)}',\n}}\n", "dash/app.py",
           "dash-auth-password-pairs")
    _found(f"%HEIDI% -n=0 -h=report-db.fin.local -u=report_ro -p={typed_password(_R)} -P=3306 -d=Reporting\n",
           "tools/open-reporting-db.bat", "heidisql-cli-password")
    _found(f'"C:\\Office16\\OffSign.exe" /f codesign.pfx /p {typed_password(_R)} /t http://timestamp.example "%1"\n',
           "vba/sign.cmd", "windows-password-switch")


def test_a_vast_ai_key_file_is_found() -> None:
    _found(_hex(64) + "\n", "home/gpu/.vast_api_key", "vastai-api-key-file")


# --- public halves and the secrets beside them ----------------------------------------------------------------------

def test_a_pusher_key_in_laravel_echos_options_is_public() -> None:
    text = ("import Echo from 'laravel-echo';\nwindow.Echo = new Echo({\n  broadcaster: 'pusher',\n"
            f"  key: '{_hex(20)}',\n  cluster: 'us2',\n}});\n")
    assert not_shown(text, "resources/js/echo.js")


def test_a_datadog_app_key_beside_the_browser_client_token_is_found() -> None:
    text = (f'DD_API_KEY = "{_hex(32)}"\nDD_APP_KEY = "{_hex(40)}"\n'
            f'DD_CLIENT_TOKEN = "pub{_hex(32)}"  # browser RUM\n')
    assert _rules(text, "ship/ship_logs.py").count("datadog-app-key") == 1
    assert outcomes(text, "ship/ship_logs.py")[1] in ("confirmed", "pending")


def test_courier_auth_tokens_are_secrets_and_stripe_publishable_keys_are_not() -> None:
    _found(f'COURIER_AUTH_TOKEN = "pk_test_{random_chars(_R, 28, _UPPER36)}"\n', "notify/app.py")
    assert not_shown(f'STRIPE_PUBLISHABLE_KEY = "pk_test_{_mixed(40)}"\n', "shop/settings.py")


def test_an_amplitude_client_deployment_key_is_public() -> None:
    assert not_shown(f"// deployment key for experiment: client-{_mixed(32)}\n", "web/init.js")


# --- process managers, card issuing, config stores (sets 605-607) ----------------------------------------------------

def _jwt() -> str:
    head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    claims = base64.urlsafe_b64encode(f'{{"sub":"sync-{_R.randrange(10**6)}","scope":"sync"}}'.encode()).decode()
    return f"{head}.{claims.rstrip('=')}.{random_chars(_R, 43, _HEX + 'ABCDEFGHIJKLMNOPQRSTUVWXYZ_-')}"


def test_a_signed_jwt_under_a_sync_token_name_is_no_cursor() -> None:
    plist = (f"<plist><dict>\n  <key>EnvironmentVariables</key>\n  <dict>\n    <key>ACME_SYNC_TOKEN</key>\n"
             f"    <string>{_jwt()}</string>\n  </dict>\n</dict></plist>\n")
    _found(plist, "launchd/com.acme.sync.plist")


def test_card_issuers_product_and_funding_source_tokens_are_ids() -> None:
    text = (f"marqeta:\n  card_product_token: {random_uuid(_R)}\n  funding_source_token: {random_uuid(_R)}\n")
    assert not_shown(text, "issuing/application.yml")


def test_transaction_keys_are_secrets() -> None:
    _found(f"GALILEO_API_LOGIN=acme-prod\nGALILEO_API_TRANS_KEY={_mixed(10)}\n", "galileo/galileo.env")
    _found(f"    'apiTransKey': '{_mixed(10)}',\n", "galileo/galileo.py")


def test_etcdctls_user_variable_and_nssms_object_name_carry_passwords() -> None:
    _found(f'export ETCDCTL_USER="root:{typed_password(_R)}"\netcdctl snapshot save /backup/etcd.db\n', "ops/backup.sh",
           "etcdctl-user-password")
    _found(f"nssm set AcmeAgent ObjectName 'ACME\\svc-agent' {typed_password(_R)}\n", "win/install-service.ps1",
           "nssm-service-account-password")


def test_a_ci_cache_blocks_key_digest_is_no_credential() -> None:
    assert not_shown(f'build:\n  script: make\n  cache: {{key: "{_hex(40)}"}}\n', "ci/.gitlab-ci.yml")


# --- loyalty, mobile releases, knowledge bases, data platforms, Ansible (sets 608-613) ------------------------------

def test_talon_ones_key_schemes_carry_keys() -> None:
    _found(f'curl -H "Authorization: ManagementKey-v1 {_mixed(40)}" https://acme.europe-west1.talon.one/v1/applications\n',
           "loyalty/talon.sh", "authorization-header-token")


def test_newer_key_formats_and_client_calls_are_found() -> None:
    _found(f"APP_SEARCH_API_KEY=private-{random_chars(_R, 24, 'abcdefghijklmnopqrstuvwxyz0123456789')}\n",
           "search/.env", "elastic-app-search-private-key")
    _found(f"GITBOOK_TOKEN=gb_api_{_mixed(40)}\n", "docs/.env", "gitbook-api-token")
    _found(f"flutter build apk --dart-define=ONESIGNAL_REST_KEY=os_v2_app_{random_chars(_R, 86, 'abcdefghijklmnopqrstuvwxyz234567')}\n",
           "ci/build.sh", "onesignal-rest-api-key-v2")
    _found(f"COVEO_API_KEY=xx{random_uuid(_R)}\n", "search/coveo.env", "coveo-api-key")
    app_id = random_chars(_R, 10, _UPPER36)
    _found(f"client = Algolia::Search::Client.create('{app_id}', '{_hex(32)}') # reindex\n", "scripts/reindex.rb",
           "algolia-server-client-key")


def test_data_platform_passwords_are_found() -> None:
    _found(f'beeline -u "jdbc:hive2://hs2.acme.internal:10001/default;ssl=true;trustStorePassword={typed_password(_R)}"\n',
           "hive/nightly.sh", "jdbc-password-param")
    _found(f"hadoop credential create hive.keystore.password -value {typed_password(_R)} -provider jceks://file/x.jceks\n",
           "hadoop/setup-credentials.sh", "hadoop-credential-create-value")
    _found(f"http-server.https.enabled=true\nhttp-server.https.keystore.key={typed_password(_R)}\n", "trino/etc/config.properties",
           "trino-keystore-key")
    _found(f"[users]\nanalyst = {typed_password(_R)}, role1\n", "zeppelin/conf/shiro.ini", "shiro-ini-user-password")


def test_rangers_crypted_marker_and_uid_tokens_are_no_secrets() -> None:
    assert not_shown("<property><name>ranger.ldap.ad.bind.password</name><value>crypted</value></property>\n",
                     "ranger/conf/ranger-admin-site.xml")
    assert not_shown(f"users:\n  - name: alice\n    uid_token: {random_uuid(_R)}\n", "group_vars/all.yml")


def test_team_pats_are_credential_names() -> None:
    _found(f"SO_TEAMS_PAT={_mixed(40)}\n", "kb/.env")


# --- probe 614 and sets 615-618 --------------------------------------------------------------------------------------

def test_a_web_push_public_key_is_public_whatever_its_name() -> None:
    point = base64.urlsafe_b64encode(bytes([4]) + bytes(_R.randrange(256) for _ in range(64))).decode().rstrip("=")
    assert not_shown(f'const pushKey = "{point}";\n', "web/push.js")


def test_vast_ai_commands_carry_keys() -> None:
    _found(f"RUN vastai set api-key {_hex(64)}\n", "gpu/Dockerfile", "vastai-api-key-command")


def test_a_quoted_password_after_a_login_commands_p_is_found_and_a_port_is_not() -> None:
    _found(f"st2 auth st2admin -p '{typed_password(_R)}'\n", "stackstorm/scripts/login.sh", "cli-login-quoted-password-flag")
    assert not_shown("st2 auth st2admin -p 8443\n", "stackstorm/scripts/login.sh")


def test_a_shiro_password_may_hold_a_hash_sign() -> None:
    _found(f"[users]\nanalyst = {_mixed(6)}#{_mixed(6)}, role1\n", "zeppelin/conf/shiro.ini", "shiro-ini-user-password")


def test_a_charts_secret_reference_is_a_name() -> None:
    text = "psql:\n  password:\n    secret: gitlab-postgres\n    key: psql-password\n"
    assert not_shown(text, "gitlab/values.yaml")


def test_storage_credentials_on_command_lines_and_ibm_key_ids_are_found() -> None:
    _found(f"rclone copy dist r2:assets --s3-access-key-id {_hex(32)} --s3-secret-access-key {_mixed(40)}\n",
           ".github/workflows/deploy.yml", "password-cli-flag")
    _found(f"mount -t cifs //nas.acme.internal/backup /mnt/sb -o user=u560975,pass={typed_password(_R)}\n", "ops/mount.sh",
           "mount-option-password")
    _found(f"COS_API_KEY_ID={_mixed(44)}\nCOS_ENDPOINT=https://s3.eu-de.cloud-object-storage.appdomain.cloud\n", "cos/cos.env")


# --- sets 619-623 ----------------------------------------------------------------------------------------------------

def test_jenkins_home_files_genie_keys_and_dvc_remotes_carry_secrets() -> None:
    _found(_hex(32) + "\n", "var/jenkins_home/secrets/initialAdminPassword", "jenkins-home-secret-file")
    _found(f"customHeaders: [[name: 'Authorization', value: 'GenieKey {random_uuid(_R)}']]\n", "ci/Jenkinsfile.release",
           "opsgenie-geniekey-header")
    _found(f"      run: dvc remote modify origin password {_hex(40)}\n", ".github/workflows/dvc.yml", "dvc-remote-modify-secret")


def test_a_password_handed_over_in_a_comment_goes_to_a_person_whatever_its_score() -> None:
    text = ("<context>\n    <message>\n        <source>Upload</source>\n"
            f"        <comment>Assets mirror: ftp://qtbuild:{_R.choice(['Harbour', 'Cobbler'])}${_R.randrange(1000, 9999)}"
            f"{_R.choice(['lanternfly', 'velveteens'])}@ftp.{random_chars(_R, 6, 'abcdefghijklmnopqrstuvwxyz')}.de/translations"
            "</comment>\n    </message>\n</context>\n")
    assert "dismissed" not in outcomes(text, "translations/app_de.ts")


def test_a_uuid_sent_as_the_whole_authorization_header_and_an_auth_key_query_are_keys() -> None:
    _found(f'curl -s -H "Authorization: {random_uuid(_R)}" https://api.sportsdata.example/v3/nfl/scores\n', "scripts/pull.sh")
    _found(f'curl -s "https://api.performfeeds.com/soccerdata/sports?_authKey={_mixed(24)}"\n', "scripts/smoke.sh",
           "url-query-secret")


# --- probe 624 and sets 625-628 --------------------------------------------------------------------------------------

def test_a_joined_words_pass_phrase_handed_over_in_a_comment_goes_to_a_person() -> None:
    words = "-".join(_R.sample(["orbit", "lantern", "cedar", "falcon", "harbor", "velvet", "quartz"], 3))
    text = f"// TODO remove: temp sandbox creds qa-runner / password: {words}-{_R.randrange(10, 99)}\nexport const api = 1;\n"
    assert outcomes(text, "src/api/client.ts")[0] in ("pending", "confirmed")


def test_mail_tokens_in_their_schemes_and_split_calls_are_found() -> None:
    _found(f'  token: "Zoho-enczapikey {base64.b64encode(bytes(_R.randrange(256) for _ in range(60))).decode()}"\n',
           "config/mail.yaml", "zeptomail-send-mail-token")
    _found(f'var client = postmark.NewClient(\n\t"{random_uuid(_R)}",\n\t"{random_uuid(_R)}",\n)\n', "cmd/notify/main.go",
           "postmark-client-or-smtp-token")
    _found(f'certutil -f -p "{typed_password(_R)}" -importpfx My .\\codesign.pfx\n', "tools/Import-SigningCert.ps1",
           "windows-password-switch")


def test_terraforms_sensitive_marker_and_a_keyed_securestring_are_no_passwords() -> None:
    assert not_shown('      "password": "(sensitive value)",\n', "tfc/plan.json")
    blob = base64.b64encode(("2|" + base64.b64encode(bytes(16)).decode() + "|" + _hex(96)).encode("utf-16-le")).decode()
    assert not_shown(f"$encPass = '76492d1116743f0423413b16050a5345{blob}'\n", "ops/Protect-Config.ps1")


def test_an_environments_name_as_a_value_is_a_stand_in() -> None:
    assert not_shown("WEBHOOK_SECRET=development\nAPP_ENV=development\n", "starter/.env.example")
