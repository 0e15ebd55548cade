"""Credentials in build, device, package-registry and provisioning files that a third red-team
set found missed: each realistic shape is shown after the filters and the offline judge, and the
safe forms next to them (references, prompts, empty values, near-misses in ordinary code) are not
reported as confirmed. Values are random (tests/support/tokens.py)."""

from __future__ import annotations

import pytest

from tests.loops.test_fp_corpus_classes import outcomes, require_shown
from tests.support.tokens import high_entropy, random_password

PW = random_password(seed=73, length=16)
KEY = high_entropy(seed=75, length=32)
HEX32 = "".join("0123456789abcdef"[ord(c) % 16] for c in KEY)

LEAKS = [
    ("app/build.gradle", "        release {{\n            storePassword '{pw}'\n            keyAlias 'upload'\n        }}\n"),
    ("app/build.gradle", '        release {{\n            keyPassword "{pw}"\n        }}\n'),
    ("ios/Info.plist", "<dict>\n\t<key>MapsAPIKey</key>\n\t<string>{key}</string>\n</dict>\n"),
    ("autounattend.xml", "<AdministratorPassword>\n  <Value>{pw}</Value>\n  <PlainText>true</PlainText>\n</AdministratorPassword>\n"),
    ("beans.xml", '<property name="password">\n    <value>{pw}</value>\n</property>\n'),
    ("mq.py", "credentials = pika.PlainCredentials('app', '{pw}')\n"),
    ("mail.go", 'auth := smtp.PlainAuth("", "alerts@example.com", "{pw}", "smtp.example.com")\n'),
    ("mail.rs", 'let creds = Credentials::new("alerts".to_owned(), "{pw}".to_owned());\n'),
    ("sys.config", '[{{app, [{{db, [{{user, "app"}}, {{password, "{pw}"}}]}}]}}].\n'),
    ("ci.sh", "poetry config http-basic.internal deploy {pw}\n"),
    ("Dockerfile", "RUN composer config --global http-basic.repo.example.com deploy '{pw}'\n"),
    ("ci.sh", "npm config set //npm.example.com/:_authToken {key}\n"),
    ("gem/credentials", "---\n:rubygems_api_key: {hex32}\n"),
    ("deploy.sh", "mvn deploy -DrepositoryId=internal -Drepo.password={pw}\n"),
    ("setenv.sh", 'export CATALINA_OPTS="-Djavax.net.ssl.keyStorePassword={pw}"\n'),
    ("inventory/hosts", "[web]\nweb1 ansible_host=10.0.0.11 ansible_user=deploy ansible_ssh_pass={pw}\n"),
    ("seed.sh", "vault kv put secret/app/db username=app password={pw}\n"),
    ("haproxy.cfg", "userlist stats_users\n    user admin insecure-password {pw}\n"),
    ("ci.ps1", "dotnet nuget add source https://nuget.example.com/v3/index.json -n internal -u ci -p {pw}\n"),
    ("wpa_supplicant.conf", 'network={{\n    ssid="Office"\n    psk="{pw}"\n}}\n'),
    ("decrypt.sh", "gpg --batch --yes --passphrase '{pw}' -d secrets.tar.gpg\n"),
    ("Mailer.php", "$t = (new Swift_SmtpTransport('smtp.example.com', 587))->setUsername('alerts')->setPassword('{pw}');\n"),
    ("db.js", "const sequelize = new Sequelize('shop', 'shop', '{pw}', {{ host: 'db', dialect: 'mysql' }});\n"),
    ("db.py", "conn = pymysql.connect('db', 'app', '{pw}', 'app')\n"),
    ("ftp.py", "ftp = ftplib.FTP('files.example.com', 'deploy', '{pw}')\n"),
    ("ldap.php", "$ok = ldap_bind($conn, 'cn=admin,dc=example,dc=com', '{pw}');\n"),
    ("ldap.py", "conn.simple_bind_s('cn=admin,dc=example,dc=com', '{pw}')\n"),
    ("ftp.php", "ftp_login($conn, 'deploy', '{pw}');\n"),
    ("smb.py", "conn = SMBConnection('svc', '{pw}', 'client', 'fileserver', domain='CORP')\n"),
    ("db.go", 'db, err := sql.Open("mysql", "app:{pw}@tcp(db:3306)/app?parseTime=true")\n'),
    ("mqtt.sh", "mosquitto_pub -h broker.example.com -u sensor -P {pw} -t site/temp -m 21\n"),
    ("ipmi.sh", "ipmitool -I lanplus -H 10.0.0.5 -U admin -P {pw} chassis power status\n"),
    ("influx.sh", "influx -host db -username admin -password {pw} -execute 'SHOW DATABASES'\n"),
    ("minio.sh", "mc alias set prod https://s3.example.com AKXQ4PLM2ZN8 {key}\n"),
    ("keys.sh", "ssh-keygen -t ed25519 -f deploy_key -N '{pw}'\n"),
    ("backup.sh", "zip -r -P {pw} backup.zip dump.sql\n"),
    ("backup.bat", "7z a -p{pw} -mhe=on backup.7z data\n"),
    ("login.exp", 'spawn ssh admin@10.0.0.5\nexpect "password:"\nsend "{pw}\\r"\ninteract\n'),
    ("edge1.cfg", "hostname edge1\nusername admin privilege 15 password 0 {pw}\n"),
]


@pytest.mark.parametrize("path,template", LEAKS, ids=[f"{i}-{p}" for i, (p, _) in enumerate(LEAKS)])
def test_third_red_team_shapes_are_shown(path: str, template: str) -> None:
    require_shown(template.format(pw=PW, key=KEY, hex32=HEX32), path)


SAFE = [
    ("app/build.gradle", "            storePassword keystoreProperties['storePassword']\n"),
    ("ios/Info.plist", "\t<key>MapsAPIKey</key>\n\t<string>$(MAPS_API_KEY)</string>\n"),
    ("autounattend.xml", "<AdministratorPassword>\n  <Value></Value>\n</AdministratorPassword>\n"),
    ("mq.py", "credentials = pika.PlainCredentials('guest', os.environ['RABBIT_PASSWORD'])\n"),
    ("app.js", "const {password, ...rest} = user;\n"),
    ("ci.sh", 'poetry config http-basic.internal deploy "$REPO_PASSWORD"\n'),
    ("deploy.sh", "mvn deploy -Drepo.password=$REPO_PASSWORD\n"),
    ("inventory/hosts", 'web1 ansible_host=10.0.0.11 ansible_ssh_pass="{{ vault_ssh_pass }}"\n'),
    ("inventory/hosts", "# vyos01 ansible_connection=local ansible_user=admin ansible_ssh_pass=mypassword\n"),
    ("seed.sh", "vault kv put secret/app/db password=@db-password.txt\n"),
    ("seed.sh", "vault write auth/approle/role/ci token_ttl=1h token_max_ttl=24h\n"),
    ("test_hpke.py", "        HPKE.new(receiver_key=key.public_key(),\n                 psk=(b'id', b'c' * 32))\n"),
    ("decrypt.sh", "gpg --batch --passphrase-fd 0 -d secrets.tar.gpg\n"),
    ("keys.sh", "ssh-keygen -t ed25519 -f deploy_key -N ''\n"),
    ("backup.sh", "gzip -9 -c dump.sql > dump.sql.gz\n"),
    ("login.exp", 'expect "password:"\nsend "$env(SSH_PASSWORD)\\r"\n'),
    ("edge1.cfg", "enable secret 5 $1$mERr$hx5rVt7rPNoS4wqbXKX7m0\n"),
    ("db.go", 'dsn := fmt.Sprintf("%s:%s@tcp(%s)/%s", user, pass, host, name)\n'),
    ("ldap.py", "conn.simple_bind_s(bind_dn, bind_password)\n"),
]


@pytest.mark.parametrize("path,text", SAFE)
def test_references_prompts_and_near_misses_are_not_confirmed(path: str, text: str) -> None:
    assert "confirmed" not in outcomes(text, path)
