"""A password named in another language — senha, contraseña, mot de passe, wachtwoord, hasło, şifre, Kennwort,
salasana, пароль, 密码, パスワード, 비밀번호, … — is found and weighed as one named in English: the rules' password names take the words, and a
key name's words read them as `password` (filters and the judge see the English word). Values are random,
made here; assertion messages name words and paths, never values (PYTEST_DONT_REWRITE)."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest

from secretloop.loops.filters import key_words
from tests.loops.test_fp_corpus_classes import outcomes
from tests.support.cli_scan import require_planted_files_shown_and_not_carried
from tests.support.tokens import random_chars

_R = random.Random(4242)
NAMES = ["senha", "SENHA_BANCO", "dbSenha", "mot_de_passe", "motDePasse", "contrasena", "contraseña", "contrasenya",
         "wachtwoord", "haslo", "hasło", "sifre", "şifre", "parola", "passord", "salasana", "jelszo", "jelszó", "heslo",
         "geslo", "lozinka", "kennwort", "DB_KENNWORT", "losenord", "lösenord", "adgangskode"]


def _strong() -> str:
    # a letter or digit first: unquoted YAML reads a leading # as a comment and * as an alias
    return random_chars(_R, 1, string.ascii_letters + string.digits) + random_chars(_R, 17, string.ascii_letters + string.digits + "!#%*-_")


@pytest.mark.parametrize("name", NAMES)
def test_the_name_reads_as_password(name: str) -> None:
    assert "password" in key_words(name), name


def test_marks_come_off_any_letter_before_the_words_are_read() -> None:
    assert key_words("Paßwort") == ["passwort"]
    assert key_words("naïve_key") == ["naive", "key"]
    assert key_words("contraseñaDb") == ["password", "db"]
    assert key_words("ｐａｓｓｗｏｒｄ") == ["password"]  # full-width letters


def test_names_without_those_words_keep_their_words() -> None:
    assert key_words("passe_partout") == ["passe", "partout"]
    assert key_words("motDeLaFin") == ["mot", "de", "la", "fin"]
    assert key_words("kontoHeslo") == ["konto", "password"]


# Names that start or end with a marked letter (şifre, jelszó, hasło) are found by the rules for names in other
# scripts (password-named-in-other-scripts*), whose boundaries are Unicode classes: RE2's \b is ASCII.
FOUND = NAMES + ["mat_khau", "matKhau", "mật_khẩu", "şifresi", "veritabani_şifresi"]
# Names in other scripts, as code, configs and READMEs write them (CJK names join their words without separators).
OTHER_SCRIPTS = ["пароль", "ПАРОЛЬ", "db_пароль", "пароля", "парола", "лозинка", "密码", "数据库密码", "密碼", "口令",
                 "パスワード", "管理者パスワード", "비밀번호", "패스워드", "كلمة_المرور", "סיסמה", "पासवर्ड", "รหัสผ่าน"]


@pytest.mark.parametrize("name", FOUND + OTHER_SCRIPTS)
@pytest.mark.parametrize("path,template", [
    ("app/config.py", '{k} = "{v}"\n'),
    ("config/app.yml", "database:\n  {k}: {v}\n"),
    ("src/Db.java", 'private static final String {k} = "{v}";\n'),
    ("config/app.json", '{{\n  "{k}": "{v}"\n}}\n'),
    ("deploy/.env", "{k}={v}\n"),
])
def test_a_random_password_under_the_name_is_shown(name: str, path: str, template: str) -> None:
    statuses = outcomes(template.format(k=name, v=_strong()), path)
    assert statuses and all(s in ("confirmed", "pending") for s in statuses), f"{name} in {path}: {statuses}"


@pytest.mark.parametrize("name", OTHER_SCRIPTS)
def test_names_in_other_scripts_read_as_password(name: str) -> None:
    assert "password" in key_words(name), name


# Token, secret and key names in those scripts, with the English words they read as.
SECRET_NAMES = [("токен", "token"), ("API_КЛЮЧ", "key"), ("секретный_ключ", "secret"), ("令牌", "token"),
                ("访问密钥", "secret"), ("トークン", "token"), ("秘密鍵", "private"), ("토큰", "token"), ("비밀키", "secret")]


@pytest.mark.parametrize("name,word", SECRET_NAMES)
def test_token_and_key_names_in_other_scripts_read_as_english(name: str, word: str) -> None:
    assert word in key_words(name), name


@pytest.mark.parametrize("name", [name for name, _ in SECRET_NAMES])
@pytest.mark.parametrize("path,template", [
    ("app/config.py", '{k} = "{v}"\n'),
    ("config/app.yml", "service:\n  {k}: {v}\n"),
    ("config/app.json", '{{\n  "{k}": "{v}"\n}}\n'),
])
def test_a_random_token_under_such_a_name_is_shown(name: str, path: str, template: str) -> None:
    token = random_chars(_R, 32, string.ascii_letters + string.digits)
    statuses = outcomes(template.format(k=name, v=token), path)
    assert statuses and all(s in ("confirmed", "pending") for s in statuses), f"{name} in {path}: {statuses}"


@pytest.mark.parametrize("text", [
    'ключ = "user_profile_settings"\n',
    '"令牌": "请输入令牌"\n',
    'токен = os.environ["API_TOKEN"]\n',
    'トークン: ${API_TOKEN}\n',
])
def test_words_and_references_under_token_names_in_other_scripts_are_not_shown(text: str) -> None:
    assert not any(s in ("confirmed", "pending") for s in outcomes(text, "app/settings.py")), text.split("=")[0]


@pytest.mark.parametrize("name", ["пароль", "密码", "パスワード", "비밀번호"])
def test_a_default_password_in_a_readme_sentence_is_shown(name: str) -> None:
    # 默认密码：…，请登录后修改 ("the default password is …, change it after logging in"): full-width punctuation
    text = f"默认账号：admin，默认{name}：{_strong()}，请登录后修改。\n"
    assert any(s in ("confirmed", "pending") for s in outcomes(text, "README.md")), name


@pytest.mark.parametrize("text,path", [
    ('{\n  "password": "密码",\n  "密码": "Password",\n  "确认密码": "Confirm password"\n}\n', "i18n/zh-CN.json"),
    ('ru:\n  password: "Пароль"\n  пароль: "Password"\n', "config/locales/ru.yml"),
    ('"パスワード": "パスワードを入力してください"\n', "locales/ja.json"),
    ('msgid "Password"\nmsgstr "Jelszó megváltoztatása"\n', "locale/hu/LC_MESSAGES/django.po"),
    ('пароль = os.environ["DB_PASSWORD"]\n密码 = ""\n비밀번호 = "********"\n', "app/settings.py"),
    ('密码：请联系管理员获取\nпароль: ${DB_PASSWORD}\n', "README.md"),
    ('hasło = process.env.HASLO;\nconst matKhau = req.body.matKhau;\n', "src/config.js"),
])
def test_labels_references_and_stand_ins_in_other_scripts_are_not_shown(text: str, path: str) -> None:
    assert not any(s in ("confirmed", "pending") for s in outcomes(text, path)), path


@pytest.mark.parametrize("text", [
    'senha = os.environ["DB_SENHA"]\n',
    'kennwort = ""\n',
    'contrasena = "<tu-contraseña>"\n',
    'wachtwoord = "changeme"\n',
])
def test_references_and_stand_ins_under_those_names_are_not_shown(text: str) -> None:
    assert not any(s in ("confirmed", "pending") for s in outcomes(text, "app/config.py")), text.split("=")[0]


def test_a_scan_shows_them_and_never_carries_one(tmp_path: Path) -> None:
    files = {}
    for index, name in enumerate(FOUND + OTHER_SCRIPTS):
        value = _strong()
        files[f"svc{index:02d}/config.py"] = (f'{name} = "{value}"\n', value)
    require_planted_files_shown_and_not_carried(tmp_path / "repo", tmp_path, files)


def test_a_translated_placeholder_in_a_usage_line_is_a_label() -> None:
    # wget's nl.po translates the usage line's PASSWORD placeholder; the same capitals outside a catalogue stay weighed
    po = 'msgid "       --http-password=PASS    set HTTP password to PASS\\n"\nmsgstr "       --http-passwd=WACHTWRD   het WACHTWRD voor HTTP\\n"\n'
    assert outcomes(po, "po/nl.po") and all(s == "dismissed" for s in outcomes(po, "po/nl.po")), "po/nl.po"
    value = "".join(_R.choice(string.ascii_letters + string.digits) for _ in range(16))
    assert any(s in ("confirmed", "pending") for s in outcomes(f'msgstr "--http-passwd={value}"\n', "po/nl.po")), "a random value in a .po"


# Romanised and Latin-script credential words beyond "password": pinyin mima (密码) and miyao (密钥), Spanish secreto,
# Indonesian kata sandi, French jeton, Turkish gizli anahtar, German Schlüssel, Indonesian kunci; Spanish clave reads
# as key (it is also a code: ClaveRastreo), and an adjective after another word (modo_secreto) is no credential's name.
@pytest.mark.parametrize(("name", "english"), [
    ("mima", "password"), ("DB_MIMA", "password"), ("CLAVE_API", "key"), ("DB_KATA_SANDI", "password"),
    ("BAIDU_MIYAO", "secret"), ("secreto", "secret"), ("CLE_SECRETE", "secret"), ("jeton", "token"),
    ("IYZICO_GIZLI_ANAHTAR", "secret"), ("ApiSchluessel", "key"), ("kunciServer", "key"),
])
def test_romanised_credential_words_read_in_english(name: str, english: str) -> None:
    assert english in key_words(name), name


@pytest.mark.parametrize("name", ["autoclave", "compass", "cleanup", "geheimnisvoll", "sandi_morse", "ClaveRastreo"])
def test_words_that_only_contain_one_are_not_read_so(name: str) -> None:
    assert not {"password", "secret", "token"} & set(key_words(name)), name


@pytest.mark.parametrize(("path", "template"), [
    ("spider/settings.py", 'mima = "{v}"  # 数据库密码\n'),
    ("spider/settings.py", 'BAIDU_MIYAO = "{v}"\n'),
    ("reservas/config/default.js", "  secreto: '{v}',\n"),
    ("reservas/scripts/backup.sh", "CLAVE_API='{v}'\n"),
    ("facture/main.go", 'jeton := "{v}"\n'),
    ("kargo/ayarlar.py", 'IYZICO_GIZLI_ANAHTAR = "{v}"\n'),
    ("kasir/.env", "DB_KATA_SANDI={v}\n"),
    ("lager/appsettings.json", '{{\n  "Api": {{\n    "Schlüssel": "{v}"\n  }}\n}}\n'),
    ("mall/docs/deploy.md", "- corpsecret：{v}\n"),
])
def test_a_credential_named_in_those_words_is_shown(path: str, template: str) -> None:
    # a bare key's value is letters and digits (as key-assignment reads it)
    value = random_chars(_R, 24, string.ascii_letters + string.digits) if "Schlüssel" in template else _strong()
    statuses = outcomes(template.format(v=value), path)
    assert statuses and any(s in ("confirmed", "pending") for s in statuses), (path, statuses)


@pytest.mark.parametrize(("path", "line"), [
    ("app/config.py", 'modo_secreto = "Kq7vLm2xTz9wHp4R"\n'),
    ("app/config.py", 'ClaveRastreo = "Kq7vLm2xTz9wHp4R"\n'),
    ("app/config.py", 'sandi_morse = "Kq7vLm2xTz9wHp4R"\n'),
    ("app/config.py", 'chave_api_publica = "Kq7vLm2xTz9wHp4R"\n'),
])
def test_look_alike_names_in_other_languages_are_not_shown(path: str, line: str) -> None:
    assert all(s == "dismissed" for s in outcomes(line, path)), (line.split("=")[0], outcomes(line, path))
