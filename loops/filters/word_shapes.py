"""Whether a value reads as words: vowel runs and letter runs (`wordlike`), English
letter pairs (`english_like`), a piece typed by hand, a key made of a few short words, and the
digits people write for letters (s3cr3t). Helpers shared by the filters; no filter is registered
here.
"""

from __future__ import annotations

import re


# Lower-case pieces joined by - or _ (sk-from-env, hf_oauth_123, sk-ant-oat01-x, fixture).
_WORDED_KEY = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+){0,5}$")
_KEY_PIECES = re.compile(r"[-_]")


# Share of a word's letter pairs (frequent ones count whole, the next ones a fifth) that random
# lower-case letters reach rarely: fixture, legacy, keyword pass; faoahoak, nmxios do not.
_TYPED_WORD_PAIRS = 0.3


def _typed_word(run: str) -> bool:
    if len(run) < 3 or not wordlike(run):
        return False
    score, pairs = _bigram_score(run)
    return english_like(run) or score >= _TYPED_WORD_PAIRS * pairs


_VOWELS = frozenset("aeiouy")


_LETTER_RUN = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")  # a word in camelCase or CAPS
_VOWEL_RUNS = re.compile(r"[aeiouy]+")


def wordlike(value: str) -> bool:
    """The value reads as words (`userPassword`, `top_secret`, `mqtttoken`), not as random letters.

    Letters are split into runs (case changes, digits and symbols separate them); words have
    vowels in a natural share and no long consonant clusters. Generated keys and random
    passwords fail one or the other on most runs.
    """
    runs = [r.lower() for r in _LETTER_RUN.findall(value)]
    runs = [r for r in runs if len(r) >= 3]
    letters = sum(len(r) for r in runs)
    if not runs or letters < 0.6 * len(value.strip()):
        return False
    for run in runs:
        vowels = sum(c in _VOWELS for c in run)
        longest = max(len(x) for x in _VOWEL_RUNS.split(run)) if run else 0
        if not (0.15 <= vowels / len(run) <= 0.7) or longest >= 5:
            return False
    v = value.strip()
    if len(v) >= _LONG_MIXED and any(c.isupper() for c in v) and any(c.islower() for c in v) and any(c.isdigit() for c in v):
        # a long run of capitals, lower-case letters and digits passes the vowel test by chance about once in a
        # hundred (a webhook secret's body); a phrase of words joined so (userPasswordToken2024) is English too
        return _bigram_share(runs)
    return True


# From this length a value of all three classes is read as words only if its letters also pair as English's do
_LONG_MIXED = 20


def _bigram_share(runs: list[str]) -> bool:
    total, pairs = 0.0, 0
    for run in runs:
        score, n = _bigram_score(run)
        total, pairs = total + score, pairs + n
    return pairs > 0 and total * 2 >= pairs


# The most frequent letter pairs of English text. A typed word or phrase is mostly made of
# them (something, letmein, testclient); random letters hit them about one time in eight.
_COMMON_BIGRAMS = frozenset("""
th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha as ou io le ve co me de
hi ri ro ic ne ea ra ce li ch ll be ma si om ur ca el ta la ns di fo ho pe ec pr no ct us ac ot il tr ly
nc et ut ss so rs un lo wa ge ie wh ee wi em ad ol rt po we na ul ni ts mo ow pa im mi
""".split())


# The next most frequent pairs: common in words, but too many to count fully (random letters
# would hit both sets together too often): each counts a fifth of a frequent pair.
_NEXT_BIGRAMS = frozenset("""
ai sh ir su id os iv ia am fi ci vi pl ig tu ev ld ry mp fe bl ab gh ty op wo sa ay ex ke fr oo av ag if ap gr od
bo sp rd do uc bu ei ov by rm ep tt oc fa ef cu rn sc gi da yo cr cl du ga qu ue ff ba ey ls va um pp ua up lu go
ht ru ug ds lt pi rc rr eg au ck ew mu br bi pt ak pu ui rg ib tl ny ki rk ys ob mm fu
""".split())
_NEXT_BIGRAM_WEIGHT = 0.2
# Inflections that end many words with rarer pairs (blanks, locks, worked): a run is also
# judged without them, and the better reading counts.
_INFLECTION = re.compile(r"(?:s|es|ed|ing|ly)$")


def _bigram_score(run: str) -> tuple[float, int]:
    pairs = [run[i:i + 2] for i in range(len(run) - 1)]
    score = sum(1.0 if p in _COMMON_BIGRAMS else _NEXT_BIGRAM_WEIGHT if p in _NEXT_BIGRAMS else 0.0 for p in pairs)
    return score, len(pairs)


_ENDING_NUMBER = re.compile(r"[0-9]{1,4}[!?.]?$")


def english_like(value: str) -> bool:
    """The value's letters read as English words: 5+ letters, in word-shaped runs, at least
    half of their letter pairs among English's most frequent ones (the next most frequent
    count a quarter; a plural or past ending may be left out). A short number after the
    words is how people type passwords (admin123) and does not count."""
    v = _ENDING_NUMBER.sub("", value.strip())
    letters = sum(c.isalpha() for c in v)
    if letters < 5 or letters < 0.7 * len(v) or not v.isascii():
        return False
    runs = [r.lower() for r in _LETTER_RUN.findall(v)]
    if sum(len(r) for r in runs if len(r) >= 3) < 0.8 * letters:
        return False  # letters scattered between digits and case flips: generated
    total, pairs = 0.0, 0
    for run in runs:
        score, n = _bigram_score(run)
        stem = _INFLECTION.sub("", run)
        if len(stem) >= 3 and stem != run:
            stem_score, stem_n = _bigram_score(stem)
            if stem_n and stem_score * n > score * stem_n:
                score, n = stem_score, stem_n
        total, pairs = total + score, pairs + n
    return pairs > 0 and total * 2 >= pairs


_LEET = str.maketrans("013457@$!", "oieastasi")



_NAME_PIECES = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
# Short words of names that the letter-pair test cannot tell from chance.
_NAME_WORDS = frozenset({"key", "api", "your", "my", "db", "app", "env", "id", "url", "uri", "host", "user", "name", "pw",
                         "pwd", "pass", "auth", "jwt", "ldap", "smtp", "sql", "aws", "gcp", "var", "val", "arg", "cfg"})


def name_of_words(text: str) -> bool:
    """The text names something in words (db_password, DB_PASS, userToken, your-api-key): a piece of four or more
    letters that reads as typed, or a short word of names (key, env, db), and words make at least half the letters
    of the pieces of three or more. A name a person wrote, not letters
    that a random draw put between a brace and a bracket (kp, hoDLd, KoPEWbCM)."""
    pieces = [p.lower() for p in _NAME_PIECES.findall(text)]
    longer = [p for p in pieces if len(p) >= 3]
    words = [p for p in longer if p in _NAME_WORDS or (len(p) >= 4 and _typed_word(p))]
    return bool(words) and 2 * sum(map(len, words)) >= sum(map(len, longer))
