"""Credentials that ship as a fallback for a missing environment variable, or on a command line
(deploy scripts, Dockerfiles, provisioning): each realistic shape is shown after the filters and
the offline judge, and the usual development defaults are not reported as confirmed. Values are
random (tests/support/tokens.py)."""

from __future__ import annotations

import pytest

from tests.loops.test_fp_corpus_classes import outcomes, require_shown
from tests.support.tokens import random_password

PW = random_password(seed=41, length=16)

LEAKS = [
    ("config/database.yml", "production:\n  password: <%= ENV['DB_PASSWORD'] || '{pw}' %>\n"),
    ("config/secrets.yml", "production:\n  secret_key_base: <%= ENV.fetch('SECRET_KEY_BASE') {{ '{pw}' }} %>\n"),
    ("app/db.rb", "password = ENV['DB_PASSWORD'] || '{pw}'\n"),
    ("src/config.js", "const dbPassword = process.env.DB_PASSWORD || '{pw}';\n"),
    ("src/config.ts", "export const apiSecret = process.env['API_SECRET'] ?? \"{pw}\";\n"),
    ("run.sh", 'DB_PASSWORD="${{DB_PASSWORD:-{pw}}}"\n'),
    ("docker-compose.yml", "services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: ${{POSTGRES_PASSWORD:-{pw}}}\n"),
    ("deploy.sh", "lftp -u deploy,{pw} ftp://files.example.com\n"),
    ("backup.sh", "smbclient //srv/share -U admin%{pw} -c 'ls'\n"),
    (".gitlab-ci.yml", "script:\n  - docker login -u ci -p {pw} registry.example.com\n"),
    ("Dockerfile", "RUN htpasswd -Bbn admin '{pw}' > /etc/nginx/htpasswd\n"),
    ("map.bat", "net use Z: \\\\fileserver\\builds {pw} /user:CORP\\ci\n"),
    ("sign.sh", "jarsigner -keystore release.jks -storepass {pw} app.apk release\n"),
    ("setup.sh", "rabbitmqctl add_user app {pw}\n"),
    ("init.sh", "mysqladmin -u root password '{pw}'\n"),
    ("dump.sh", "PGPASSWORD={pw} pg_dump -h db -U app app > app.sql\n"),
    ("ci.sh", "aws configure set aws_secret_access_key {pw}{pw}\n"),
    ("health.sh", "sqlcmd -S db01 -U sa -P {pw} -Q \"select 1\"\n"),
    ("ldap.sh", "ldapsearch -x -D 'cn=admin,dc=example,dc=com' -w {pw} -b dc=example,dc=com\n"),
    ("mongo.sh", "mongo admin -u root -p {pw} --eval 'db.stats()'\n"),
    ("fetch.sh", "wget --http-user=ci --http-password={pw} https://files.example.com/x\n"),
    ("login.sh", "az login -u ci@example.com -p {pw}\n"),
    ("psql.sh", "psql \"host=db user=app password={pw} dbname=app\"\n"),
    ("pgbouncer.ini", "[databases]\napp = host=db dbname=app user=app password={pw}\n"),
    ("conf/.pgpass", "db.example.com:5432:app:app:{pw}\n"),
    ("App.java", "ds.setPassword(\"{pw}\");\n"),
    ("seed.sql", "INSERT INTO users (email, password) VALUES ('admin@example.com', '{pw}');\n"),
    ("redis.conf", "requirepass {pw}\n"),
]


@pytest.mark.parametrize("path,template", LEAKS, ids=[p for p, _ in LEAKS])
def test_realistic_fallbacks_and_command_line_credentials_are_shown(path: str, template: str) -> None:
    require_shown(template.format(pw=PW), path)


DEV_DEFAULTS = [
    ("run.sh", 'JWT_SECRET="${JWT_SECRET:-changeme}"\n'),
    ("run.sh", "API_TOKEN=${API_TOKEN:-your-api-token-here}\n"),
    ("src/app.js", "const jwtSecret = process.env.JWT_SECRET || 'secret';\n"),
    ("src/app.js", "const k = process.env.STRIPE_SECRET_KEY || 'sk_test_placeholder';\n"),
    ("config/app.rb", "token = ENV.fetch('API_TOKEN') { 'dummy-token' }\n"),
    ("setup.sh", "rabbitmqctl add_user guest guest\n"),
    ("certs.sh", "keytool -list -keystore cacerts -storepass changeit\n"),
    ("run.sh", 'REDIS_PASSWORD="${REDIS_PASSWORD:?set it}"\n'),
    ("src/http.py", "    url_password=url_password, force_basic_auth=force_basic_auth,\n"),
    ("src/store.py", "    port=27017, tz_aware=True, user=None, password=None, bucket='fs',\n"),
    ("redis.conf", "# requirepass foobared\n"),
    ("App.java", "ds.setPassword(System.getenv(\"DB_PASSWORD\"));\n"),
    ("seed.sql", "INSERT INTO users (email, password) VALUES (?, ?);\n"),
]


@pytest.mark.parametrize("path,text", DEV_DEFAULTS)
def test_development_defaults_and_references_are_not_confirmed(path: str, text: str) -> None:
    assert "confirmed" not in outcomes(text, path)
