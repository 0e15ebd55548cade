"""Follow-ups of red-team sets 39 (key pairs, signing keys, web3) and 41 (logs and captured output): key
material that only its format gives away (signify and PASERK keys, an IPFS swarm key, Solana keypair bytes,
Truffle's .secret file, recovery phrases given to wallet calls), and secrets that logs print (a Redis AUTH
in MONITOR output, a GitHub Actions ::add-mask:: value). Values are drawn at run time; failures name the file
and the statuses, never the value."""

from __future__ import annotations

import base64
import random
import string
import struct

import pytest

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown

_R = random.Random(39_0002)
_WORDS = ("cable orbit lunar maple frost pilot ember cedar river quartz velvet harbor amber sketch noble tunnel "
          "grape violin canyon pepper signal wander").split()


def _bytes(n: int) -> bytes:
    return bytes(_R.randrange(256) for _ in range(n))


def _alnum(n: int) -> str:
    return "".join(_R.choice(string.ascii_letters + string.digits) for _ in range(n))


def _phrase(n: int = 12) -> str:
    return " ".join(_R.choice(_WORDS) for _ in range(n))


def _array() -> str:
    return "[" + ",".join(str(b) for b in _bytes(64)) + "]"


def _signify() -> str:
    return base64.b64encode(b"EdBK" + struct.pack(">I", 42) + _bytes(16 + 8 + 8 + 64)).decode()


def _paserk(kind: str) -> str:
    return f"k4.{kind}." + base64.urlsafe_b64encode(_bytes(32)).decode().rstrip("=")


CASES = [
    ("release/keys/release.sec", lambda: f"untrusted comment: signify secret key\n{_signify()}\n"),
    ("paseto-svc/.env", lambda: f"PASETO_LOCAL_KEY={_paserk('local')}\n"),
    ("ipfs-node/swarm.key", lambda: "/key/swarm/psk/1.0.0/\n/base16/\n" + _bytes(32).hex() + "\n"),
    ("solana/id.json", _array),
    ("solana/target/deploy/escrow-keypair.json", lambda: "[\n  " + _array()[1:-1].replace(",", ",\n  ") + "\n]\n"),
    ("solana/tests/escrow.ts", lambda: f"const payer = Keypair.fromSecretKey(Uint8Array.from({_array()}));\n"),
    ("truffle-app/.secret", lambda: _phrase(12) + "\n"),
    ("dapp/scripts/relayer.ts", lambda: f'const signer = Wallet.fromPhrase("{_phrase(12)}");\n'),
    ("bot/arb.py", lambda: f'backup = Account.from_mnemonic("{_phrase(12)}")\n'),
    ("cosmos-node/config/priv_validator_key.json", lambda: (
        '{\n  "pub_key": {\n    "type": "tendermint/PubKeyEd25519",\n    "value": "'
        + base64.b64encode(_bytes(32)).decode() + '"\n  },\n  "priv_key": {\n    "type": "tendermint/PrivKeyEd25519",\n'
        '    "value": "' + base64.b64encode(_bytes(64)).decode() + '"\n  }\n}\n')),
    ("ipfs-node/config", lambda: '{"Identity": {\n    "PrivKey": "' + base64.b64encode(bytes([8, 1, 0x12, 0x40]) + _bytes(64)).decode()
     + '"\n}}\n'),
    ("bot/.sui/sui_config/sui.keystore", lambda: '[\n  "' + base64.b64encode(b"\x00" + _bytes(32)).decode() + '"\n]\n'),
    ("captures/redis-monitor.txt", lambda: f'1732200000.123456 [0 10.0.0.5:51234] "AUTH" "{_alnum(14)}"\n'),
    ("captures/redis-monitor.txt", lambda: f'1732200000.123456 [0 10.0.0.6:40100] "AUTH" "worker" "{_alnum(14)}"\n'),
    ("ci/raw-log.txt", lambda: f"2024-11-21T10:00:00.0000000Z ::add-mask::{_alnum(24)}\n"),
]


@pytest.mark.parametrize(("path", "make"), CASES, ids=[f"{i}-{p}" for i, (p, _) in enumerate(CASES)])
def test_key_material_and_logged_secrets_are_shown(path: str, make) -> None:
    require_shown(make(), path)


QUIET = [
    ("paseto-svc/.env", lambda: f"PASETO_PUBLIC_KEY={_paserk('public')}\n"),
    ("solana/id.json", lambda: "[" + ",".join(["0"] * 64) + "]\n"),
    ("solana/src/lib.ts", lambda: "const kp = Keypair.fromSecretKey(secretKey);\n"),
    ("ci/workflow.sh", lambda: 'echo "::add-mask::$TOKEN"\n'),
    ("captures/redis-monitor.txt", lambda: '1732200000.123456 [0 10.0.0.5:51234] "GET" "session:42"\n'),
    ("truffle-app/.secret", lambda: "# put your mnemonic here\n"),
    ("cosmos-node/config/genesis.json", lambda: '{"consensus_pubkey": {"@type": "/cosmos.crypto.ed25519.PubKey", "key": "'
     + base64.b64encode(_bytes(32)).decode() + '"}}\n'),
]


@pytest.mark.parametrize(("path", "make"), QUIET, ids=[f"{i}-{p}" for i, (p, _) in enumerate(QUIET)])
def test_public_halves_references_and_placeholders_are_not_shown(path: str, make) -> None:
    text = make()
    assert not_shown(text, path), outcomes(text, path)
