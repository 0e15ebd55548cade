"""The development wallets tools publish (Hardhat's and Anvil's default accounts, Ganache's deterministic
mode) are derived here from their documented phrases, and the filter must know exactly those; a key drawn
at random, or the next account after the published ones, stays a credential. Values are never printed.
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no drawn value.)"""

from __future__ import annotations

import hashlib
import random

import pytest

from secretloop.loops.filters.public_formats import _BIP39_TEST_VECTORS, _PUBLISHED_DEVELOPMENT_KEYS
from secretloop.loops.rules.checksums import bip39_mnemonic
from tests.loops.test_fp_corpus_classes import not_shown, require_shown
from tests.support.filter_checks import check_filter
from tests.support.hd_wallet import G, derive, master_of, on_curve, seed_of

HARDHAT = "test test test test test test test test test test test junk"
GANACHE = "myth like bonus scare over problem client lizard pioneer submit female collect"
DOCS_KEY = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"  # web3.js's and eth-account's documentation example
SUBSTRATE = "bottom drive obey lake curtain smoke basket hold race lonely fit walk"
TRUFFLE = "candy maple cake sugar pudding cream honey rich smooth crumble sweet treat"  # truffle develop's


def _key(phrase: str, index: int) -> str:
    return format(derive(seed_of(phrase), f"m/44'/60'/0'/0/{index}"), "064x")


def test_the_derivation_follows_bip32() -> None:
    # BIP-32 test vector 1: the master key of seed 000102…0f
    assert on_curve(G)
    key, chain = master_of(bytes(range(16)))
    assert format(key, "064x").startswith("e8f32e723decf405") and chain.hex().startswith("873dff81c02f5256")


def test_the_filter_knows_exactly_the_published_keys() -> None:
    expected = {hashlib.sha256(p.encode()).hexdigest() for p in (HARDHAT, GANACHE)}
    expected |= {hashlib.sha256(_key(HARDHAT, i).encode()).hexdigest() for i in range(20)}
    expected |= {hashlib.sha256(_key(GANACHE, i).encode()).hexdigest() for i in range(10)}
    expected |= {hashlib.sha256(v.encode()).hexdigest() for v in (DOCS_KEY, SUBSTRATE, TRUFFLE)}
    assert expected == set(_PUBLISHED_DEVELOPMENT_KEYS)


@pytest.mark.parametrize("index", [0, 7, 19])
def test_a_hardhat_account_is_a_published_key(index: int) -> None:
    key = "0x" + _key(HARDHAT, index)
    assert check_filter("published_development_key", key, f'accounts: ["{key}"],', None, "javascript")
    assert not_shown(f'module.exports = {{ networks: {{ localhost: {{ accounts: ["{key}"] }} }} }};\n', "hardhat.config.js")


def test_the_ganache_phrase_is_published() -> None:
    assert check_filter("published_development_key", GANACHE, f'const devMnemonic = "{GANACHE}";', "devMnemonic",
                        "javascript")


def test_other_keys_are_not_published() -> None:
    beyond = "0x" + _key(HARDHAT, 20)
    drawn = "0x" + format(random.Random(39_0003).getrandbits(256), "064x")
    for key in (beyond, drawn):
        assert not check_filter("published_development_key", key, f"PRIVATE_KEY={key}", "PRIVATE_KEY", "dotenv")
    require_shown(f"DEPLOYER_PRIVATE_KEY={drawn}\n", ".env")


def test_the_documentation_key_and_substrate_dev_phrase_are_published() -> None:
    assert check_filter("published_development_key", "0x" + DOCS_KEY, f'acct = Account.from_key("0x{DOCS_KEY}")', None,
                        "python")
    assert not_shown(f"const dev = keyring.addFromUri('{SUBSTRATE}');\n", "scripts/transfer.js")


# BIP-39's published test vectors (English, vectors.json) whose words look random; the filter keeps their digests.
BIP39_VECTORS = (
    "ozone drill grab fiber curtain grace pudding thank cruise elder eight picnic",
    "gravity machine north sort system female filter attitude volume fold club stay feature office ecology stable narrow fog",
    "hamster diagram private dutch cause delay private meat slide toddler razor book happy fancy gospel tennis maple "
    "dilemma loan word shrug inflict delay length",
    "scheme spot photo card baby mountain device kick cradle pact join borrow",
    "horn tenant knee talent sponsor spell gate clip pulse soap slush warm silver nephew swap uncle crack brave",
    "panda eyebrow bullet gorilla call smoke muffin taste mesh discover soft ostrich alcohol speed nation flash devote "
    "level hobby quick inner drive ghost inside",
    "cat swing flag economy stadium alone churn speed unique patch report train",
    "light rule cinnamon wrap drastic word pride squirrel upgrade then income fatal apart sustain crack supply proud access",
    "all hour make first leader extend hole alien behind guard gospel lava path output census museum junior mass reopen "
    "famous sing advance salt reform",
    "vessel ladder alter error federal sibling chat ability sun glass valve picture",
    "scissors invite lock maple supreme raw rapid void congress muscle digital elegant little brisk hair mango congress clump",
    "void come effort suffer camp survey warrior heavy shoot primary clutch crush open amazing screen patrol group space "
    "point ten exist slush involve unfold",
)


def test_the_filter_knows_exactly_bip39_s_random_looking_test_vectors() -> None:
    assert all(bip39_mnemonic(v) for v in BIP39_VECTORS)  # each is a valid phrase (a typo would fail its checksum)
    assert {hashlib.sha256(v.encode()).hexdigest() for v in BIP39_VECTORS} == set(_BIP39_TEST_VECTORS)
