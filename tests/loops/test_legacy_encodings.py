"""Files in the legacy encodings of East Asian code bases (GBK, Big5, Shift_JIS, EUC-JP, EUC-KR) are read as
what they are, not skipped as undecodable nor read as Latin-1 noise, so their credentials are found; files in
Latin-1 keep the Latin-1 reading; random bytes stay unreadable. Values are random, made here; assertion
messages name encodings and paths, never values (PYTEST_DONT_REWRITE)."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest

from secretloop.loops.discovery import Unreadable, read_text
from secretloop.loops.legacy_encodings import decode_east_asian
from tests.support.cli_scan import scan_tree
from tests.support.tokens import random_chars

_R = random.Random(8181)
MB = 1 << 20

# (encoding, a comment in the language the encoding serves, the password name in that language)
COMMENTS = [
    ("gbk", "数据库配置文件，请勿提交到公共仓库。这里保存了生产环境的连接信息。", "密码"),
    ("gb18030", "修改密码后需要重启服务，并通知运维同事更新监控系统。", "数据库密码"),
    ("big5", "資料庫設定檔，請勿上傳到公開的儲存庫。這是正式環境的連線資訊。", "密碼"),
    ("shift_jis", "データベースの設定ファイルです。本番環境の接続情報が含まれています。", "パスワード"),
    ("euc_jp", "本番環境の設定です。パスワードは共有しないでください。", "パスワード"),
    ("euc_kr", "데이터베이스 설정 파일입니다. 운영 환경의 접속 정보가 들어 있습니다.", "비밀번호"),
    ("cp949", "운영 서버 설정입니다. 비밀번호를 변경하면 서비스를 다시 시작하세요.", "비밀번호"),
]


def _password() -> str:
    return random_chars(_R, 1, string.ascii_letters) + random_chars(_R, 15, string.ascii_letters + string.digits + "#%_")


def _config(comment: str, name: str) -> tuple[str, str, str]:
    english, native = _password(), _password()
    text = f"# {comment}\n" * 4 + f'DB_PASSWORD = "{english}"\n' + f"# {comment}\n" + f'{name} = "{native}"\n'
    return text, english, native


@pytest.mark.parametrize("encoding,comment,name", COMMENTS)
def test_the_file_reads_as_written(tmp_path: Path, encoding: str, comment: str, name: str) -> None:
    text, _, _ = _config(comment, name)
    path = tmp_path / "settings.py"
    path.write_bytes(text.encode(encoding))
    assert read_text(str(path), MB) == text, encoding


def test_a_scan_finds_both_passwords_in_every_encoding_and_carries_neither(tmp_path: Path) -> None:
    root, planted = tmp_path / "repo", {}
    for index, (encoding, comment, name) in enumerate(COMMENTS):
        text, english, native = _config(comment, name)
        rel = f"svc{index}_{encoding}/settings.py"
        (root / rel).parent.mkdir(parents=True)
        (root / rel).write_bytes(text.encode(encoding))
        planted[rel] = (english, native)
    scan = scan_tree(root, tmp_path)
    report = json.loads(scan.report)
    assert not report["skipped"], [s["path"] for s in report["skipped"]]
    shown = {(f["path"], f["line"]) for f in report["findings"] if f["status"] in ("confirmed", "pending")}
    for rel in planted:
        assert {(rel, 5), (rel, 7)} <= shown, rel
    leaked = [rel for rel, values in planted.items() if any(scan.carries(v) for v in values)]
    assert not leaked, leaked


@pytest.mark.parametrize("text", [
    "name=José\npassword=café\n",
    "/* ©2005 Gregory */\nvar x = 1;\n",  # a lone © is a valid cp932 half-width katakana: not believed
    "Index: app/issues_controller.rb\n--- app/issues_controller.rb\t(révision 1483)\n+++ (révision 1484)\n" * 3,
    "Größe Übung für Bücher; Straße. Crème brûlée à la française, señor.\n" * 5,
])
def test_latin1_text_keeps_its_latin1_reading(tmp_path: Path, text: str) -> None:
    path = tmp_path / "legacy.txt"
    path.write_bytes(text.encode("latin-1"))
    assert decode_east_asian(text.encode("latin-1")) is None
    assert read_text(str(path), MB) == text


@pytest.mark.parametrize("encoding", ["koi8_r", "cp1251", "cp866"])
def test_cyrillic_text_beyond_the_latin1_guess_is_read_not_skipped(tmp_path: Path, encoding: str) -> None:
    # with more than 30% bytes >= 0x80 such a file used to be reported as undecodable and never scanned
    text = "# Настройки подключения к базе данных для рабочего окружения сервиса заказов\n" * 6 + 'password = "x"\n'
    path = tmp_path / "settings.conf"
    path.write_bytes(text.encode(encoding))
    assert read_text(str(path), MB) == text, encoding


def test_random_bytes_stay_unreadable(tmp_path: Path) -> None:
    rng = random.Random(5)
    for index in range(20):
        data = bytes(rng.randrange(0x80, 0x100) if rng.random() < 0.6 else rng.randrange(0x20, 0x7F) for _ in range(4000))
        path = tmp_path / f"blob{index}.dat"
        path.write_bytes(data)
        with pytest.raises(Unreadable, match="undecodable"):
            read_text(str(path), MB)
