"""Credentials in shapes a fourth red-team set planted (other languages' login calls, Redis AUTH,
SSH and SMTP positional logins, IaC defaults, name/value lists, package-manager and mail configs,
VPN and FTP client files): each realistic shape is shown after the filters and the offline judge,
and the safe forms next to them (references, prompts, doc comments, empty values) are not
reported as confirmed. Values are random, made here in each credential's documented shape."""

from __future__ import annotations

import base64
import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import outcomes, require_shown
from tests.support.tokens import random_chars, typed_password

_R = random.Random(8408)
_ALNUM = string.ascii_letters + string.digits


def _s(n: int, alphabet: str = _ALNUM) -> str:
    return random_chars(_R, n, alphabet)


def _password() -> str:
    return typed_password(_R)


PW = _password()
KEY = _s(40)
HEX32 = _s(32, "0123456789abcdef")
HEX40 = _s(40, "0123456789abcdef")
SID = "AC" + _s(32, "0123456789abcdef")
B64_32 = base64.b64encode(bytes(_R.randrange(256) for _ in range(32))).decode()
AUTH_B64 = base64.b64encode(f"ci:{PW}".encode()).decode()
PW_B64 = base64.b64encode(PW.encode()).decode()
FUNC_KEY = _s(54, _ALNUM + "_-") + "=="
APP_PW = _s(16, string.ascii_lowercase)
OVPN = "\n".join(_s(32, "0123456789abcdef") for _ in range(16))
VALUES = dict(pw=PW, key=KEY, hex32=HEX32, hex40=HEX40, sid=SID, b64_32=B64_32, auth_b64=AUTH_B64,
              pw_b64=PW_B64, func_key=FUNC_KEY, app_pw=APP_PW, ovpn=OVPN)

LEAKS = [
    # languages the earlier sets did not use
    ("app/build.gradle.kts", '        buildConfigField("String", "MAPS_API_KEY", "\\"{key}\\"")\n'),
    ("ApiClient.swift", 'request.setValue("Bearer {key}", forHTTPHeaderField: "Authorization")\n'),
    ("build.sbt", 'credentials += Credentials("Sonatype Nexus Repository Manager", "nexus.example.com", "deploy", "{pw}")\n'),
    ("conf/application.conf", 'slick.dbs.default.db {{\n  user = "shop"\n  password = "{pw}"\n  password = ${{?DB_PASSWORD}}\n}}\n'),
    ("lib/env.dart", "class Env {{\n  static const String paymentsSecret = '{key}';\n}}\n"),
    ("config/runtime.exs", 'config :shop, Shop.Repo,\n  password: System.get_env("DB_PASSWORD") || "{pw}",\n'),
    ("cache.lua", 'local ok, err = red:connect("cache.internal", 6379)\nlocal res, err = red:auth("{pw}")\n'),
    ("config.lua", 'return {{\n  db = {{ host = "db", user = "app", password = "{pw}" }},\n}}\n'),
    ("setup.R", 'Sys.setenv(DB_PASSWORD = "{pw}")\n'),
    ("setup.jl", 'ENV["DATABASE_PASSWORD"] = "{pw}"\n'),
    ("api.ps1", '$headers = @{{ Authorization = "Bearer {key}" }}\n'),
    ("machine-env.ps1", '[Environment]::SetEnvironmentVariable("SQL_PASSWORD", "{pw}", "Machine")\n'),
    ("pipe.ps1", '$sec = "{pw}" | ConvertTo-SecureString -AsPlainText -Force\n'),
    ("db.pl", 'my $dbh = DBI->connect("dbi:Pg:dbname=app;host=db", "app", "{pw}", {{ RaiseError => 1 }});\n'),
    ("fetch.pl", '$ua->credentials("api.example.com:443", "Restricted", "svc", "{pw}");\n'),
    ("mail.rb", "Net::SMTP.start('smtp.example.com', 587, 'example.com', 'alerts', '{pw}', :login) do |smtp|\nend\n"),
    ("cache.php", "$redis = new Redis();\n$redis->connect('cache.internal', 6379);\n$redis->auth('{pw}');\n"),
    # the two shapes earlier sets missed: Redis AUTH through Jedis, paramiko's positional connect
    ("Cache.java", 'Jedis jedis = new Jedis("cache", 6379);\njedis.auth("{pw}");\n'),
    ("RedisPool.java", 'JedisPool pool = new JedisPool(new JedisPoolConfig(), "cache.internal", 6379, 2000, "{pw}");\n'),
    ("remote.py", 'client = paramiko.SSHClient()\nclient.connect(host, 22, "deploy", "{pw}")\n'),
    ("ssh.py", "ssh.connect('10.0.0.5', 22, 'root', '{pw}')\n"),
    # infrastructure as code and CI
    ("variables.tf", 'variable "db_password" {{\n  type      = string\n  default   = "{pw}"\n  sensitive = true\n}}\n'),
    ("kustomization.yaml", "secretGenerator:\n- name: db-credentials\n  literals:\n  - password={pw}\n"),
    ("install.sh", "helm upgrade --install db bitnami/postgresql --set auth.postgresPassword={pw} --wait\n"),
    ("deployment.yaml", '        env:\n        - name: DB_PASSWORD\n          value: "{pw}"\n'),
    ("azure-pipelines.yml", "variables:\n- name: sqlAdminPassword\n  value: '{pw}'\n"),
    ("task-definition.json", '{{"environment": [{{"name": "DB_PASSWORD", "value": "{pw}"}}]}}\n'),
    (".github/workflows/publish.yml", '      - run: echo "{pw}" | docker login ghcr.io -u bot --password-stdin\n'),
    ("Jenkinsfile", "pipeline {{\n  environment {{\n    NEXUS_PASSWORD = '{pw}'\n  }}\n}}\n"),
    ("Pulumi.prod.yaml", "config:\n  aws:region: eu-west-1\n  shop:dbPassword: {pw}\n"),
    ("crontab", '*/5 * * * * curl -fsS -H "X-Auth-Token: {key}" https://status.example.com/ping\n'),
    ("docker-compose.yml", "  cache:\n    image: redis:7\n    command: redis-server --requirepass {pw} --appendonly yes\n"),
    ("app.service", '[Service]\nEnvironment="DB_PASSWORD={pw}"\n'),
    ("worker.conf", '[program:worker]\nenvironment=API_KEY="{key}",LOG_LEVEL="info"\n'),
    ("run.bat", '@echo off\nset "DB_PASSWORD={pw}"\n'),
    ("setx.bat", 'setx API_TOKEN "{key}" /M\n'),
    # package managers
    (".npmrc", "//npm.example.com/:_auth={auth_b64}\nalways-auth=true\n"),
    (".yarnrc.yml", 'npmScopes:\n  acme:\n    npmAuthToken: "{key}"\n'),
    ("pip.conf", "[global]\nindex-url = https://deploy:{pw}@pypi.example.com/simple\n"),
    ("auth.json", '{{\n    "bearer": {{\n        "repo.example.com": "{key}"\n    }}\n}}\n'),
    # JVM configuration and connection strings
    ("hibernate.cfg.xml", '    <property name="hibernate.connection.password">{pw}</property>\n'),
    ("log4j2.xml", '  <SMTP name="Mail" smtpHost="smtp.example.com" smtpUsername="alerts" smtpPassword="{pw}"/>\n'),
    ("application.properties", "spring.security.oauth2.client.registration.github.client-secret={hex40}\n"),
    ("oracle.properties", "db.url=jdbc:oracle:thin:app/{pw}@//db.example.com:1521/ORCL\n"),
    ("report.sh", "sqlplus -s report/{pw}@orcl @daily.sql\n"),
    ("mongo.py", 'client = MongoClient("mongodb://app:{pw}@mongo1:27017,mongo2:27017/?replicaSet=rs0")\n'),
    ("mssql.py", 'engine = create_engine("mssql+pyodbc://sa:{pw}@sqlserver/app?driver=ODBC+Driver+18+for+SQL+Server")\n'),
    ("tasks.py", "app = Celery('tasks', broker='amqps://worker:{pw}@rabbit.example.com/prod')\n"),
    # cloud, API clients, notebooks
    ("ingest.js", 'const url = "https://shop-func.azurewebsites.net/api/Ingest?code={func_key}";\n'),
    ("prod.postman_environment.json", '{{\n  "values": [\n    {{\n      "key": "apiKey",\n      "value": "{key}",\n'
                                      '      "type": "secret",\n      "enabled": true\n    }}\n  ]\n}}\n'),
    ("insomnia.json", '{{"headers": [{{"name": "Accept", "value": "application/json"}}, {{"name": "X-Api-Key", "value": "{key}"}}]}}\n'),
    ("items.http", "@apiKey = {key}\n\nGET https://api.example.com/v1/items\nX-API-Key: {{{{apiKey}}}}\n"),
    ("train.ipynb", '{{"cells": [{{"cell_type": "code", "source": ["%env WANDB_API_KEY={hex40}\\n", "import wandb\\n"]}}]}}\n'),
    ("sms.js", "const client = require('twilio')('{sid}', '{hex32}');\n"),
    # YAML anchors, mail, VPN and FTP clients
    ("config/database.yml", "default: &default\n  adapter: postgresql\n  password: &db_password {pw}\n"),
    (".msmtprc", "account default\nhost smtp.example.com\nuser alerts@example.com\npassword {pw}\n"),
    (".muttrc", 'set smtp_pass = "{pw}"\n'),
    ("postfix/sasl_passwd", "[smtp.gmail.com]:587 alerts@example.com:{app_pw}\n"),
    (".fetchmailrc", 'poll imap.example.com protocol IMAP user "me@example.com" password "{pw}" ssl\n'),
    ("wg0.conf", "[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = {b64_32}\n"),
    ("client.ovpn", "<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n{ovpn}\n-----END OpenVPN Static key V1-----\n</tls-auth>\n"),
    ("recentservers.xml", "    <Server>\n      <User>deploy</User>\n      <Pass>{pw}</Pass>\n    </Server>\n"),
]


@pytest.mark.parametrize("path,template", LEAKS, ids=[f"{i}-{p}" for i, (p, _) in enumerate(LEAKS)])
def test_fourth_red_team_shapes_are_shown(path: str, template: str) -> None:
    require_shown(template.format(**VALUES), path)


def test_filezilla_base64_password_is_shown() -> None:
    # `Pass encoding="base64"` also reads to the generic rule as key `Pass` = "base64", which is
    # dismissed; the stored password itself must be shown.
    text = f'      <User>deploy</User>\n      <Pass encoding="base64">{PW_B64}</Pass>\n'
    statuses = outcomes(text, "sitemanager.xml")
    if not {"confirmed", "pending"} & set(statuses):
        pytest.fail(f"sitemanager.xml: the stored password is not shown ({statuses})")


SAFE = [
    ("app/build.gradle.kts", '        buildConfigField("String", "MAPS_API_KEY", "\\"${mapsApiKey}\\"")\n'),
    ("build.sbt", 'credentials += Credentials(Path.userHome / ".sbt" / ".credentials")\n'),
    ("config/runtime.exs", '  password: System.get_env("DB_PASSWORD") || raise("DB_PASSWORD is missing"),\n'),
    ("Cache.java", "jedis.auth(password);\n"),
    ("RedisPool.java", "JedisPool pool = new JedisPool(config, host, port, timeout, password);\n"),
    ("cache.php", "$redis->auth(getenv('REDIS_PASSWORD'));\n"),
    ("remote.py", "client.connect(host, 22, username, password)\n"),
    ("net.py", "sock.connect(('10.0.0.5', 80))\n"),
    ("pipe.ps1", "$sec = $env:SVC_PASSWORD | ConvertTo-SecureString -AsPlainText -Force\n"),
    ("kv.ps1", '$v = Get-AzKeyVaultSecret -VaultName "kv-prod" -Name "sql-admin" -AsPlainText\n'),
    ("variables.tf", 'variable "db_password" {\n  type      = string\n  sensitive = true\n}\n'),
    ("variables.tf", 'variable "db_password" {\n  default = ""\n}\n'),
    ("deployment.yaml", "        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: db\n              key: password\n"),
    ("deployment.yaml", "        - name: DB_PASSWORD\n          value: $(POSTGRES_PASSWORD)\n"),
    ("ecs.tf", "  environment = [{ name = \"DB_PASSWORD\", value = var.db_password }]\n"),
    ("prod.postman_environment.json", '{"key": "apiKey", "value": "{{apiKey}}", "type": "secret", "enabled": true}\n'),
    ("publish.yml", '      - run: echo "$CR_PAT" | docker login ghcr.io -u bot --password-stdin\n'),
    ("publish.yml", "      - run: echo ${{ secrets.GITHUB_TOKEN }} | docker login ghcr.io -u bot --password-stdin\n"),
    ("setx.bat", 'setx API_TOKEN "%API_TOKEN%" /M\n'),
    (".npmrc", "//npm.example.com/:_auth=${NPM_AUTH}\n"),
    ("hibernate.cfg.xml", '    <property name="hibernate.connection.password">${DB_PASSWORD}</property>\n'),
    ("Privilege.cs", '        /// <param name="token">The process token that holds the privilege</param>\n'),
    ("oracle.sh", "sqlplus / as sysdba\n"),
    ("oracle.sh", "sqlplus -s report/$ORACLE_PASSWORD@orcl @daily.sql\n"),
    ("ingest.js", "const url = `https://shop-func.azurewebsites.net/api/Ingest?code=${process.env.FUNC_KEY}`;\n"),
    ("train.ipynb", '{"cells": [{"source": ["%env WANDB_API_KEY=$WANDB_KEY\\n"]}]}\n'),
    ("config/database.yml", "production:\n  <<: *default\n  password: *db_password\n"),
    ("postfix/main.cf", "relayhost = [smtp.gmail.com]:587\nsmtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd\n"),
    (".fetchmailrc", 'poll imap.example.com protocol IMAP user "me@example.com" ssl\n'),
    ("client.ovpn", "remote vpn.example.com 1194\ntls-auth ta.key 1\n"),
    ("sitemanager.xml", '      <Pass encoding="crypt" pubkey="Q1JZUFRPLUtFWQ==">ZW5jcnlwdGVk</Pass>\n'),
]


@pytest.mark.parametrize("path,text", SAFE, ids=[f"{i}-{p}" for i, (p, _) in enumerate(SAFE)])
def test_references_prompts_and_near_misses_are_not_confirmed(path: str, text: str) -> None:
    if "confirmed" in outcomes(text, path):
        pytest.fail(f"{path}: a safe near-miss is confirmed")
