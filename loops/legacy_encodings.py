"""Text in the legacy encodings that code written in China, Taiwan, Japan and Korea still uses
(GBK/GB18030, Big5, Shift_JIS/cp932, EUC-JP, EUC-KR/cp949), and a last try for any text the
Latin-1 reading rejects (KOI8-R with many Cyrillic letters). Charset detection is its own craft:
charset-normalizer, the library made for it, guesses; the checks here decide whether to believe it.
Only files that are not UTF-8 come here, so the library is imported on the first of them.
"""

from __future__ import annotations

_EAST_ASIAN = ["gb18030", "big5", "cp950", "cp932", "euc_jp", "cp949", "euc_kr"]
# Below this many East Asian characters a guess is not believed: one © in a Latin-1 file is a
# valid cp932 half-width katakana, and short texts decode in several encodings at once.
_MIN_EAST_ASIAN_CHARS = 4
_MIN_EAST_ASIAN_SHARE = 0.8
# East Asian words are runs of characters (数据库, パスワード); a Latin-1 letter misread in a double-byte
# encoding pairs with the ASCII letter after it into one lone character inside a word (r<é+v>ision).
_MIN_SHARE_IN_RUNS = 0.6


def _east_asian(c: str) -> bool:
    # CJK punctuation, kana, ideographs, hangul, full-width forms; not the half-width katakana
    # (U+FF61-FF9F) that misread Latin-1 bytes become
    o = ord(c)
    return (0x3000 <= o <= 0x30FF or 0x3400 <= o <= 0x9FFF or 0xAC00 <= o <= 0xD7AF or 0xF900 <= o <= 0xFAFF
            or 0xFF01 <= o <= 0xFF5E or 0x20000 <= o <= 0x2FFFF)


def decode_east_asian(data: bytes) -> str | None:
    """The text when it reads as one of the East Asian encodings and what it holds beyond ASCII is
    mostly East Asian script; None otherwise."""
    from charset_normalizer import from_bytes

    best = from_bytes(data, cp_isolation=_EAST_ASIAN).best()
    if best is None:
        return None
    text = str(best)
    beyond_ascii = east = in_runs = run = 0
    for c in text:
        if ord(c) <= 0x7F:
            in_runs += run if run >= 2 else 0
            run = 0
            continue
        beyond_ascii += 1
        if _east_asian(c):
            east += 1
            run += 1
        else:
            in_runs += run if run >= 2 else 0
            run = 0
    in_runs += run if run >= 2 else 0
    if east < _MIN_EAST_ASIAN_CHARS or east < _MIN_EAST_ASIAN_SHARE * beyond_ascii or in_runs < _MIN_SHARE_IN_RUNS * east:
        return None
    return text


def decode_any(data: bytes) -> str | None:
    """The text in whatever encoding the detector finds most coherent, or None: for bytes that
    are neither UTF-8 nor believable as Latin-1, where the alternative is not scanning at all."""
    from charset_normalizer import from_bytes

    best = from_bytes(data).best()
    return None if best is None else str(best)
