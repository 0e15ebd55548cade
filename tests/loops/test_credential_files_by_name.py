"""Credential files whose format only their name gives away (rules with `files`): each is shown
after the filters and the offline judge under its own name, the same text under another name is
not read by these rules, and their comments, placeholders and references are not shown. Values
are random, made here with a fixed seed."""

from __future__ import annotations

import random
import string
import uuid
from importlib import resources

import pytest

from secretloop.loops.rules.catalogue import load_catalogue
from tests.loops.test_fp_corpus_classes import SCANNER, outcomes, require_shown
from tests.support.tokens import random_chars, typed_password

_R = random.Random(2026)
_ALNUM = string.ascii_letters + string.digits
PW = typed_password(_R)
KEY = random_chars(_R, 24, _ALNUM)
HEX = random_chars(_R, 40, "0123456789abcdef")
COOKIE = random_chars(_R, 20, string.ascii_uppercase)
BIP39 = sorted((resources.files("secretloop.loops.rules") / "bip39_english.txt").read_text(encoding="ascii").split())

LEAKS = [
    ("etc/rsyncd.secrets", f"# user:password\nbackup:{PW}\n", "rsyncd-secrets-line"),
    ("etc/rsync.password", f"{PW}\n", "rsync-password-file"),
    ("deploy/ansible/.vault_pass", f"{PW}\n", "ansible-vault-password-file"),
    ("etc/exim4/passwd.client", f"### target.mail.server.example:login:password\n*.isp.net:relay:{PW}\n",
     "exim-passwd-client-line"),
    ("etc/davfs2/secrets", f"# mount point  user  password\nhttps://dav.example.org/dav alice {PW}\n",
     "davfs2-secrets-line"),
    ("home/bob/.davfs2/secrets", f'/mnt/dav "bob smith" "{PW}"\n', "davfs2-secrets-line"),
    ("etc/racoon/psk.txt", f"# IPv4/v6 addresses\n192.0.2.7\t{KEY}\n", "ipsec-psk-file-line"),
    ("etc/racoon/psk.txt", f"peer.example.net 0x{HEX}\n", "ipsec-psk-file-line"),
    ("etc/ntp.keys", f"# keyid type key\n1 M {KEY}\n", "ntp-keys-line"),
    ("etc/chrony/chrony.keys", f"7 SHA1 HEX:{HEX}\n", "ntp-keys-line"),
    ("etc/openvpn/client/auth.txt", f"vpnuser\n{PW}\n", "openvpn-auth-user-pass-file"),
    ("etc/ldap.secret", f"{PW}\n", "ldap-bind-secret-file"),
    ("home/dana/.fetchmailrc", f'poll mail.example.net protocol IMAP\n    user "dk" there with\n    password "{PW}" is "dana" here\n',
     "fetchmailrc-continued-password"),
    ("roles/postsrsd/files/postsrsd.secret", f"{KEY}\n", "single-secret-file"),
    # a template a configuration tool renders is read as the file it renders
    ("roles/exim/templates/passwd.client.j2", f"*.isp.net:relay:{PW}\n", "exim-passwd-client-line"),
    ("puppet/modules/davfs2/templates/secrets.erb", f"https://dav.example.org/dav alice {PW}\n", "davfs2-secrets-line"),
    ("var/lib/rabbitmq/.erlang.cookie", COOKIE, "erlang-cookie-file"),
    ("etc/hostapd/hostapd.wpa_psk", f"00:00:00:00:00:00 {PW}\n", "hostapd-wpa-psk-line"),
    ("home/alice/.vault-token", f"s.{KEY}", "vault-token-file"),
    ("home/alice/.znc/configs/znc.conf", f"<User alice>\n\t<Network libera>\n\t\tServer = irc.libera.chat +6697 {PW}\n",
     "znc-server-password"),
    ("etc/tacacs+/tac_plus.conf", f"key = {PW}\n", "tacacs-key-line"),
    ("home/alice/.config/rclone/rclone.conf", f"[b2]\ntype = b2\naccount = 0012ab34cd56\nkey = K005{KEY}\n",
     "rclone-remote-key"),
    ("home/alice/.config/configstore/snyk.json", '{\n  "api": "%s-%s-4%s-a%s-%s",\n  "org": "acme"\n}\n'
     % (HEX[:8], HEX[8:12], HEX[12:15], HEX[15:18], HEX[18:30]), "snyk-configstore-api-token"),
    # (symbols the line rules leave alone: '#' or '%' and a letter they now read themselves)
    ("deploy/.env", f"DB_PASSWORD=&{KEY}\n", "env-properties-symbol-first-secret"),
    ("src/main/resources/application.properties", f"api.secret=*{KEY}\n", "env-properties-symbol-first-secret"),
    # a Chef data bag of passwords names each by its account: "root", not "root_password"
    ("chef/data_bags/passwords/mysql.json", f'{{\n  "id": "mysql",\n  "root": "{PW}"\n}}\n', "chef-passwords-data-bag-item"),
    # Rails' master key (32 hex): it decrypts config/credentials.yml.enc beside it
    # a proxy seller's list: host:port:user:password, one proxy a line
    ("scraper/proxies.txt", f"203.0.113.7:8080:user{HEX[:5]}:{PW}\n", "proxy-list-credentials"),
    ("scraper/cookies.txt", f".shop.example.net\tTRUE\t/\tTRUE\t1749300000\tsessionid\t{KEY}{HEX[:8]}\n",
     "netscape-cookie-jar-session"),
    # a Symfony vault's private half: the key pair as a PHP string of escapes
    ("shop/config/secrets/prod/prod.decrypt.private.php",
     "<?php // prod.decrypt.private on Tue, 12 Mar 2024 10:15:02 +0000\n\nreturn \""
     + "".join(f"\\x{b:02x}" for b in bytes.fromhex(HEX * 2)[:64]) + "\";\n", "symfony-vault-decrypt-key"),
    ("shop/config/master.key", HEX[:32], "rails-master-key-file"),
    ("shop/config/credentials/production.key", HEX[8:40] + "\n", "rails-master-key-file"),
    ("compose-stack/db_password.txt", f"{PW}\n", "single-secret-file"),
    ("geth-node/password.txt", f"{PW}\n", "single-secret-file"),
    ("solana/id.json", "[" + ",".join(str(_R.randrange(256)) for _ in range(64)) + "]\n", "solana-keypair-file"),
    ("truffle-app/.secret", "0x" + random_chars(_R, 64, "0123456789abcdef") + "\n", "truffle-secret-file"),
    ("bundler/workdir/mnemonic.txt", " ".join(_R.choice(BIP39) for _ in range(12)) + "\n", "mnemonic-file"),
    ("zeppelin/conf/shiro.ini", "[users]\nadmin = " + random_chars(_R, 14) + ", admin\nanalyst = " + random_chars(_R, 14)
     + ", role1\n", "shiro-ini-user-password"),
    ("var/jenkins_home/secrets/initialAdminPassword", random_chars(_R, 32, "0123456789abcdef") + "\n", "jenkins-home-secret-file"),
    ("home/gpu/.vast_api_key", random_chars(_R, 64, "0123456789abcdef") + "\n", "vastai-api-key-file"),
    ("home/ci/.gem/credentials", "---\n:https://gems.internal.example/: " + random_chars(_R, 32, "0123456789abcdef") + "\n",
     "gem-credentials-host-key"),
    ("etc/nagios/resource.cfg", "$USER1$=/usr/local/nagios/libexec\n$USER3$=" + random_chars(_R, 14) + "\n",
     "nagios-resource-macro"),
    ("etc/turnserver.conf", "lt-cred-mech\nuser=webrtc:" + random_chars(_R, 14) + "\n", "coturn-static-user"),
    ("wowza/conf/publish.password", "# username password group\nencoder1 " + random_chars(_R, 14) + "\n",
     "wowza-password-file"),
    ("sonatype-work/nexus3/admin.password", str(uuid.UUID(int=_R.getrandbits(128), version=4)), "nexus-initial-admin-password"),
    ("etc/logdna.conf", "key = " + random_chars(_R, 32, "0123456789abcdef") + "\nlogdir = /var/log/app\n",
     "logdna-agent-conf-key"),
    ("ethereum/secrets/jwt.hex", "0x" + random_chars(_R, 64, "0123456789abcdef") + "\n", "engine-api-jwt-secret-file"),
    ("synapse/data/matrix.example.org.signing.key",
     "ed25519 a_" + random_chars(_R, 4) + " " + random_chars(_R, 43, string.ascii_letters + string.digits + "+/") + "\n",
     "matrix-server-signing-key"),
    ("home/researcher/.cdsapirc", "url: https://cds.climate.copernicus.eu/api\nkey: " + str(uuid.UUID(int=_R.getrandbits(128), version=4)) + "\n",
     "cdsapirc-key"),
    ("oxidized/router.db", "# host:model:username:password\nedge01.example.net:junos:backup:" + random_chars(_R, 14) + "\n",
     "oxidized-router-db"),
    ("mc-network/velocity/forwarding.secret", random_chars(_R, 12) + "\n", "velocity-forwarding-secret"),
    ("etl/informatica/params/wf_load_gl.par", "[FINANCE.WF:wf_load_gl]\n$Param_SrcUser=etl_gl\n$Param_SrcPassword="
     + random_chars(_R, 14) + "\n", "informatica-parameter-file-password"),
    ("bot/.sui/sui_config/sui.keystore",
     '[\n  "A' + random_chars(_R, 43, string.ascii_letters + string.digits + "+/") + '"\n]\n', "sui-keystore-entry"),
    # Zabbix reads a TLS pre-shared key from a file holding only hex digits (TLSPSKFile=)
    ("etc/zabbix/zabbix_agentd.psk", random_chars(_R, 64, "0123456789abcdef") + "\n", "tls-psk-hex-file"),
    ("etc/zabbix/keys/proxy-eu.psk", random_chars(_R, 32, "0123456789abcdef"), "tls-psk-hex-file"),
    # a Chainlink node's API login (`node start --api .api`): e-mail, then password
    ("chainlink-node/.api", "node-admin@oracle-ops.example\n" + random_chars(_R, 18) + "\n", "chainlink-api-credentials-file"),
    ("chainlink-node/.password", random_chars(_R, 20) + "\n", "single-secret-file"),
    # a one-line YAML mapping: in JavaScript the same text would name a variable
    (".github/workflows/deploy.yml", "steps:\n  - run: ./deploy.sh\n    env: { DEPLOY_TOKEN: " + random_chars(_R, 40) + " }\n",
     "yaml-flow-mapping-plain-secret"),
    # lighttpd's plain auth backend: user:password in clear, one a line
    ("etc/lighttpd/lighttpd.user", f"admin:{PW}\n", "lighttpd-plain-user-file"),
    # Mosquitto's psk_file: a client's identity and its TLS pre-shared key in hex
    ("etc/mosquitto/psk_file", f"edge01:{HEX[:32]}\n", "mosquitto-psk-file-line"),
    # redis-cli's history: every command typed at its prompt, AUTH with a Redis 6 ACL user too
    ("home/ops/.rediscli_history", f"PING\nAUTH default {PW}\nKEYS session:*\n", "redis-cli-history-auth"),
    # a CLI's key kept alone in a dot-file of the home folder (vast.ai's ~/.vast_api_key)
    ("home/ops/.vast_api_key", f"{HEX}\n", "single-secret-file"),
    # stunnel's PSKsecrets: an identity and its key (16 characters or more) a line
    ("etc/stunnel/psk.txt", f"redis-replica:{KEY}\n", "stunnel-psk-file-line"),
    # Chef's shared key for encrypted data bags: the whole file
    ("chef-repo/.chef/encrypted_data_bag_secret", random_chars(_R, 344, _ALNUM + "+/") + "\n",
     "chef-encrypted-data-bag-secret-file"),
    # Rundeck's rundeck.tokens.file: user, token, roles
    ("rundeck/server/config/tokens.properties", f"# user: token,roles\nci-bot: {KEY}, deploy\n", "rundeck-tokens-properties"),
    # Mastodon.py's log_in(to_file=…): the access token, then the instance
    ("bot/quotebot_usercred.secret", random_chars(_R, 43, _ALNUM + "_-") + "\nhttps://social.example\n",
     "mastodon-usercred-file"),
    # Mastodon.py's create_app(to_file=…): the client id, the client secret, the instance
    ("bot/bot_clientcred.secret", random_chars(_R, 43, _ALNUM + "_-") + "\n" + random_chars(_R, 43, _ALNUM + "_-")
     + "\nhttps://social.example\n", "mastodon-clientcred-file"),
    # Terraform state: a random_password's result among its attributes
    ("infra/envs/prod/terraform.tfstate", '{\n  "resources": [\n    {\n      "mode": "managed",\n'
     '      "type": "random_password",\n      "name": "db",\n      "instances": [\n        {\n          "attributes": {\n'
     f'            "id": "none",\n            "length": 24,\n            "result": "{KEY}",\n            "special": true\n'
     '          }\n        }\n      ]\n    }\n  ]\n}\n', "terraform-state-random-password"),
    # a message broker's JAAS properties login: user=password
    ("activemq/conf/users.properties", f"# user=password\nadmin={PW}\n", "broker-users-properties-password"),
    # an AutoHotkey hotstring that types a password
    ("tools/hotkeys.ahk", f"#SingleInstance Force\n::]pw::{PW}\n", "autohotkey-typed-password"),
    # an htpasswd line whose password was never hashed
    ("deploy/nginx/.htpasswd", f"grafana:$apr1$Zp8kQ2rV$8nWfL0qXc1vR4tY7uI9oP/\nadmin:{PW}\n", "htpasswd-plaintext-entry"),
    # varnishd -S: the whole file is the management secret
    ("edge-lb/varnish/secret", f"{uuid.UUID(int=_R.getrandbits(128), version=4)}\n", "varnish-secret-file"),
    # GRUB 2's clear-text password command, and SYSLINUX's menu password
    ("pxe/grub/grub.cfg", f"set superusers=\"ops\"\npassword ops {PW}\n", "grub-password-command"),
    ("tftpboot/pxelinux.cfg/default", f"LABEL rescue\n  MENU PASSWD {PW}\n", "syslinux-menu-password"),
    # subfinder's provider keys, the NASA ADS client's token file, dimcli's dsl.ini
    ("recon/.config/subfinder/provider-config.yaml", f"shodan:\n  - {random_chars(_R, 32)}\n", "subfinder-provider-key"),
    ("home/dev/.ads/dev_key", f"{random_chars(_R, 40)}\n", "nasa-ads-token-file"),
    ("home/dev/.dimensions/dsl.ini", f"[instance.live]\nurl=https://app.dimensions.ai\nkey={_R.getrandbits(128):032X}\n",
     "dimensions-dsl-ini-key"),
]


@pytest.mark.parametrize("path,text,rule_id", LEAKS, ids=[f"{i}-{p}" for i, (p, _, _) in enumerate(LEAKS)])
def test_a_credential_file_known_by_name_is_shown(path: str, text: str, rule_id: str) -> None:
    assert rule_id in {c.rule_id for c in SCANNER.scan_text(text, 0, path)}, path
    require_shown(text, path)


@pytest.mark.parametrize("path,text,rule_id", LEAKS, ids=[f"{i}-{p}" for i, (p, _, _) in enumerate(LEAKS)])
def test_the_same_text_under_another_name_is_not_read_by_the_file_rule(path: str, text: str, rule_id: str) -> None:
    elsewhere = path.rsplit("/", 1)[0] + "/notes.txt"
    assert rule_id not in {c.rule_id for c in SCANNER.scan_text(text, 0, elsewhere)}, path


SAFE = [
    ("etc/rsyncd.secrets", "# backup:password\n"),
    ("etc/rsync.password", "changeme\n"),
    ("deploy/ansible/.vault_pass", "#!/usr/bin/env python3\nimport os\nprint(os.environ['VAULT_PASS'])\n"),
    ("etc/exim4/passwd.client", "### target.mail.server.example:login:password\n"),
    ("etc/davfs2/secrets", "# /media/webdav  webdav-username  password\n# proxy.example.com  proxyuser  proxypassword\n"),
    ("etc/racoon/psk.txt", "# 10.160.94.3 mekmitasdigoat\n"),
    ("etc/openvpn/auth.txt", "vpnuser\n"),
    ("etc/ldap.secret", "${LDAP_BIND_PW}\n"),
    ("etc/hostapd/hostapd.wpa_psk", "# 00:00:00:00:00:00 secret passphrase\n"),
    ("etc/tacacs+/tac_plus.conf", "key = <shared secret>\n"),
    ("deploy/.env", "DB_PASSWORD=************\nTHEME_SECRET_COLOR=#ffaa00\nSMTP_PASS=%SMTP_PASS%\n"),
    ("chef/data_bags/passwords/mysql.json", '{\n  "id": "mysql",\n  "root": "changeme",\n  "repl": "<replication password>"\n}\n'),
    ("shop/config/master.key", "# the key is in the team vault: set RAILS_MASTER_KEY\n"),
    ("etc/zabbix/zabbix_agentd.psk", "<output of: openssl rand -hex 32>\n"),
    (".github/workflows/deploy.yml", "    env: { DEPLOY_TOKEN: ${{ secrets.DEPLOY_TOKEN }}, PASSWORD: changeme }\n"),
    ("home/ops/.rediscli_history", "AUTH <password>\nAUTH $REDIS_PASSWORD\n"),
    ("etc/stunnel/psk.txt", "# identity:key\nclient1:<generate with openssl rand -base64 24>\n"),
    ("rundeck/server/config/tokens.properties", "# user: token,roles\nadmin: ${ADMIN_TOKEN}, admin\n"),
    ("bot/quotebot_usercred.secret", "https://social.example\n"),
    ("tools/hotkeys.ahk", "::]sig::Kind regards\nSendRaw %password%\n"),
    ("artemis/etc/artemis-users.properties", "# user=password\nadmin=ENC(1024:5A4F3E2D1C0B9A8F:6B5A4F3E2D1C0B9A8F7E6D5C4B3A2F1E)\n"),
    ("infra/terraform.tfstate", '      "type": "random_string",\n      "instances": [\n        {\n'
     '          "attributes": {\n            "result": "k3x9q2",\n'),
    ("edge-lb/varnish/secret", "# created by the package's postinst\n"),
    ("deploy/nginx/.htpasswd", "# user:password\nadmin:$2y$05$Zp8kQ2rVm1N4bX7cT0qWeO5uY8iR3tG6hJ9kL2zX4cV7bN1mQ3wE\n"),
]


@pytest.mark.parametrize("path,text", SAFE, ids=[f"{i}-{p}" for i, (p, _) in enumerate(SAFE)])
def test_comments_placeholders_and_references_in_those_files_are_not_shown(path: str, text: str) -> None:
    statuses = outcomes(text, path)
    assert all(s == "dismissed" for s in statuses), (path, statuses)


def test_every_file_rule_has_a_case_here() -> None:
    covered = {rule_id for _, _, rule_id in LEAKS}
    assert {r.id for r in load_catalogue().rules if r.files} <= covered
