"""Follow-ups of this stop's red-team sets (79 on): values their publishers print and the shapes the sets
showed missed or misread. Values are drawn at run time; failures name the file and the statuses, never the value.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import base64
import random
import string

from tests.loops.test_fp_corpus_classes import not_shown, require_shown
from tests.support.tokens import random_chars

_R = random.Random(79)
_ALNUM = string.ascii_letters + string.digits


def _nuget_config(password: str) -> str:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n  <packageSourceCredentials>\n    <Contoso>\n'
        '      <add key="Username" value="user@contoso.com" />\n'
        f'      <add key="ClearTextPassword" value="{password}" />\n'
        "    </Contoso>\n  </packageSourceCredentials>\n</configuration>\n"
    )


def test_the_nuget_docs_example_passwords_are_not_leaks_but_another_clear_text_password_is() -> None:
    # the nuget.config reference's example, copied from Microsoft's docs into many repositories
    for documented in ("33f!!lloppa", "hal+9ooo_da!sY"):
        assert not_shown(_nuget_config(documented), "NuGet.Config")
    require_shown(_nuget_config(random_chars(_R, 14, _ALNUM) + "!7"), "NuGet.Config")


def test_a_perl_hash_whose_password_repeats_its_user_is_a_default_account() -> None:
    assert not_shown("our %DB = ( dsn => 'dbi:Pg:dbname=inv', user => 'inventaire', password => 'inventaire' );\n",
                     "lib/Inventaire/Config.pm")
    require_shown(f"our %DB = ( dsn => 'dbi:Pg:dbname=inv', user => 'inventaire', password => '{random_chars(_R, 14, _ALNUM)}' );\n",
                  "lib/Inventaire/Config.pm")


def test_stripes_docs_key_is_published_under_any_mode_prefix_a_copy_gave_it() -> None:
    # READMEs turn the API reference's test key into a "live" one to show the shape
    assert not_shown("Live keys look like `sk_live_4eC39HqLyjWDarjtT1zdp7dc`.\n", "docs/API.md")
    assert not_shown("STRIPE_KEY=rk_live_4eC39HqLyjWDarjtT1zdp7dc\n", "config/.env")
    require_shown(f"STRIPE_KEY=sk_live_{random_chars(_R, 24, _ALNUM)}\n", "config/.env")


def test_ci_servers_encrypted_values_and_secure_value_tokens_are_not_the_secret() -> None:
    blob = random_chars(_R, 44, _ALNUM + "+/")
    assert not_shown(f"variables:\n  deploy.password: BAMSCRT@0@0@{blob}==\n", "bamboo-specs/bamboo.yml")
    uuid = "-".join(random_chars(_R, n, "0123456789abcdef") for n in (8, 4, 4, 4, 12))
    assert not_shown(f'    password("env.DEPLOY_PASSWORD", "credentialsJSON:{uuid}")\n', ".teamcity/settings.kts")
    require_shown(f"variables:\n  deploy.password: {random_chars(_R, 16, _ALNUM)}\n", "bamboo-specs/bamboo.yml")


def test_basic_credentials_encoded_under_a_basic_auth_name_are_found() -> None:
    encoded = base64.b64encode(f"ci-bot:ghp_{random_chars(_R, 36, _ALNUM)}".encode()).decode()
    require_shown(f'git_url("https://github.com/acme/certs")\ngit_basic_authorization("{encoded}")\n', "fastlane/Matchfile")
    assert not_shown('git_basic_authorization(Base64.strict_encode64("#{ENV[\'MATCH_USER\']}:#{ENV[\'MATCH_TOKEN\']}"))\n',
                     "fastlane/Matchfile")


def test_game_server_launch_lines_carry_their_passwords() -> None:
    pw = random_chars(_R, 12, _ALNUM)
    require_shown(f'./valheim_server.x86_64 -name "Vikings" -port 2456 -password "{pw}" -crossplay\n', "valheim/start_server.sh")
    require_shown(f'RustDedicated.exe -batchmode +rcon.password "{pw}" +rcon.web 1\n', "rust-server/start.bat")
    require_shown(f'./ShooterGameServer "TheIsland?listen?ServerAdminPassword={pw}?Port=7777" -server -log\n', "ark/start.sh")
    assert not_shown('./valheim_server.x86_64 -name "Vikings" -password "$SERVER_PASS" -crossplay\n', "valheim/start_server.sh")


def test_a_quoted_value_after_a_space_under_a_secret_name_is_read() -> None:
    # Source and FiveM server.cfg: `set name "value"`, as password-in-config-line already read it
    require_shown(f'set steam_webApiKey "{random_chars(_R, 32, "0123456789ABCDEF")}"\n', "fivem/server.cfg")


def test_a_curseforge_key_has_a_bcrypt_hashs_shape_and_only_its_name_says_which() -> None:
    body = random_chars(_R, 53, _ALNUM + "./")
    require_shown(f"CF_API_KEY=$2a$10${body}\n", "mc-network/.env")
    assert not_shown(f"ADMIN_PASSWORD_HASH=$2a$10${body}\n", "mc-network/.env")


def test_nginx_auth_basic_names_a_realm() -> None:
    assert not_shown('location / {\n    auth_basic "Restricted";\n    auth_basic_user_file /etc/nginx/.htpasswd;\n}\n',
                     "nginx/conf.d/octoprint.conf")
    require_shown(f'AUTH_BASIC = "{random_chars(_R, 16, _ALNUM)}"\n', "app/settings.py")


def test_a_getter_that_returns_a_literal_credential_is_found_and_one_that_reads_config_is_not() -> None:
    secret = random_chars(_R, 14, _ALNUM) + "#" + random_chars(_R, 4, _ALNUM)
    require_shown(f'+ (NSString *)pushCertPassword {{ return @"{secret}"; }}\n', "Classes/AppConfig.m")
    require_shown(f'    override fun getApiKey(): String = "{secret}"\n', "app/src/main/java/acme/Keys.kt")
    require_shown(f'    def get_password(self):\n        return "{secret}"\n', "shop/settings_provider.py")
    assert not_shown("    public String getPassword() { return this.password; }\n", "src/main/java/acme/Db.java")
    assert not_shown('    def get_password(self):\n        return os.environ["DB_PASSWORD"]\n', "shop/settings_provider.py")


def test_launch_option_look_alikes_are_not_read_as_passwords() -> None:
    # set 84 (a look-alike probe): diff lines, prose, a file the password is read from, web query strings, cmd variables
    for text, path in (("-password managers such as KeePass keep entries encrypted\n", "patches/0001-docs.patch"),
                       ("openssl pkcs12 -in bundle.p12 -nokeys -password file:/run/secrets/p12pass\n", "scripts/make_p12.sh"),
                       ("https://shop.example.com/login?AdminPassword=required&next=/admin\n", "docs/links.txt"),
                       ("ShooterGameServer.exe TheIsland?listen?ServerAdminPassword=!ADMIN_PW!?Port=7777\n", "ark/start.cmd"),
                       ('location / {\n    auth_pam "Restricted";\n    auth_ldap "Forbidden";\n}\n', "nginx/conf.d/intra.conf")):
        assert not_shown(text, path), path


def test_oracle_and_informatica_scripts_carry_passwords_and_their_substitutions_do_not() -> None:
    # set 85 (enterprise back office)
    pw = random_chars(_R, 14, _ALNUM)
    require_shown(f"  c_wallet_pwd CONSTANT VARCHAR2(30) := '{pw}';\n", "oracle/plsql/pkg_ext_api.pkb")
    require_shown(f"sqlldr userid=loader/{pw}@ORDERS_PRD control=orders.ctl\n", "oracle/scripts/nightly_extract.sh")
    require_shown(f"[FIN.WF:wf_load_gl]\n$Param_SrcPassword={pw}\n", "etl/params/wf_load_gl.par")
    require_shown(f"pmcmd startworkflow -sv IS_FIN -d Dom -u Administrator -p {pw} -f FIN wf_load_gl\n", "etl/start_wf.sh")
    assert not_shown('CREATE USER app_batch IDENTIFIED BY "&&app_batch_pw" DEFAULT TABLESPACE users;\n', "db/create_users.sql")
    assert not_shown('<cfldap action="query" server="ldap.corp" username="cn=reader" password="#application.ldapPwd#">\n',
                     "portal/api/payments.cfm")
    # a password whose first character is & is not a substitution variable
    require_shown(f"            'password' => '&{pw}',\n", "config/database.php")


def test_name_value_xml_elements_of_integration_tools_carry_passwords() -> None:
    pw = random_chars(_R, 14, _ALNUM)
    require_shown(f'<partner name="acme">\n  <attribute name="http_auth_password" value="{pw}"/>\n</partner>\n', "edi/as2/partners.xml")
    require_shown(f'<elementParameter field="PASSWORD" name="PASS" value="&quot;{pw}&quot;"/>\n', "etl/talend/Load_0.1.item")
    assert not_shown('<elementParameter field="PASSWORD" name="PASS" value="context.db_password"/>\n', "etl/talend/Load_0.1.item")


def test_substitutions_are_read_only_in_their_own_languages_files() -> None:
    # set 86: &name is SQL*Plus's only in SQL; #a.b# is ColdFusion's only in .cfm/.cfc
    pw = random_chars(_R, 9, "abcdefghijklmnopqrstuvwxyz")
    require_shown(f"DB_PASSWORD=&{pw}\n", "deploy/.env")
    assert not_shown(f"CONNECT app_owner/&{pw}@ORCL\n", "db/install.sql")
    require_shown(f"  c_wallet_pwd CONSTANT VARCHAR2(30) := '&{random_chars(_R, 14, _ALNUM)}';\n", "oracle/pkg_ext_api.pkb")
    assert not_shown("  c_wallet_pwd CONSTANT VARCHAR2(30) := '&&wallet_pwd';\n", "oracle/pkg_ext_api.pkb")


def test_an_apps_own_bundle_named_for_vendors_is_read() -> None:
    from secretloop.loops.bundle_view import is_vendor_bundle

    assert is_vendor_bundle("chunk-vendors.aa95ee78.js") and is_vendor_bundle("vendor.4f1c9e.js")
    assert not any(is_vendor_bundle(n) for n in ("vendor-portal.4f1c9e.js", "vendors-dashboard.bundle.js", "app.vendor.min.js"))


def test_names_that_only_contain_pass_are_not_informatica_passwords() -> None:
    assert not_shown("[FIN.WF:wf_load_gl]\n$$CompassRegion=EMEA\n$$BypassCache=Y3sPlease\n", "etl/params/wf_load_gl.par")


def test_sets_87_and_88_shapes() -> None:
    pw = random_chars(_R, 14, _ALNUM)
    require_shown(f"$_DVWA[ 'db_password' ] = '{pw}';\n", "labs/dvwa/config/config.inc.php")  # a space before ]
    require_shown(f"use exploit/windows/smb/psexec\nset SMBPass {pw}\n", "metasploit/resource/smb_psexec.rc")
    require_shown(f'  "db_path": "gophish:{pw}@(db.internal:3306)/gophish?charset=utf8",\n', "gophish/config.json")
    require_shown(f'<datadogAppKey>\n  {random_chars(_R, 40, "0123456789abcdef")}\n</datadogAppKey>\n', "config/monitoring.xml")
    # a Facebook Page's token is the page's credential, not a pagination cursor
    require_shown(f'facebookPageToken = "EAAM{random_chars(_R, 150, _ALNUM)}"\n', "bot/config.py")
    assert not_shown(f'next_page_token = "{random_chars(_R, 40, _ALNUM)}"\n', "bot/config.py")


def test_pentest_tools_take_passwords_on_their_command_lines() -> None:
    pw = random_chars(_R, 13, _ALNUM)
    require_shown(f"python3 secretsdump.py CORP.LOCAL/svc_backup:{pw}@10.10.20.5\n", "tools/dump.sh")
    require_shown(f"hydra -l admin -p {pw} ssh://10.0.0.12 -t 4\n", "recon/notes.sh")
    assert not_shown("hydra -l admin -P /usr/share/wordlists/rockyou.txt ssh://10.0.0.12\n", "recon/notes.sh")
