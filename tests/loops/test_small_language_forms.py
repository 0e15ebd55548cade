"""Language forms that name a value kept elsewhere (Yesod's _env:, Erlang macros), and Apple's
Pkl configuration files, which share the .pkl extension with Python pickles."""

from __future__ import annotations

from pathlib import Path

from secretloop.loops.discovery import content_skip_reason, discover
from secretloop.loops.settings import Settings
from tests.support.filter_checks import check_filter
from tests.support.tokens import random_password


def test_yesod_env_lookups_are_references():
    assert check_filter("env_reference", "_env:YESOD_PGPASS", 'password: "_env:YESOD_PGPASS"', "password", "yaml")
    assert check_filter("env_reference", "_env:YESOD_PGPASS:devpass", 'password: "_env:YESOD_PGPASS:devpass"', "password", "yaml")
    pw = random_password(seed=91, length=16)
    assert not check_filter("env_reference", pw, f'password: "{pw}"', "password", "yaml")
    # a random default is the password whenever the variable is unset
    assert not check_filter("env_reference", f"_env:YESOD_PGPASS:{pw}", f'password: "_env:YESOD_PGPASS:{pw}"', "password", "yaml")


def test_erlang_macros_are_names():
    assert check_filter("erlang_macro", "?AMQP_PASS", "    password = ?AMQP_PASS,", "password", "erlang")
    assert check_filter("erlang_macro", "?config(db_pass)", "Pass = ?config(db_pass),", "pass", "erlang")
    assert check_filter("erlang_macro", "?AMQP_PASS}", "    password = ?AMQP_PASS},", "password", "erlang")
    pw = random_password(seed=92, length=16)
    assert not check_filter("erlang_macro", pw, f'    password = "{pw}",', "password", "erlang")
    assert not check_filter("erlang_macro", "?AMQP_PASS", "password = ?AMQP_PASS", "password", "python")


def test_a_pkl_config_is_scanned_and_a_pickle_is_skipped_by_content(tmp_path: Path):
    (tmp_path / "app.pkl").write_text('amends "baseConfig.pkl"\ndb { password = "x" }\n')
    (tmp_path / "model.pkl").write_bytes(b"\x80\x04\x95\x10\x00\x00\x00\x00\x00\x00\x00}\x94.")
    files, skipped = discover([str(tmp_path)], Settings())
    assert {f.path for f in files} == {"app.pkl", "model.pkl"}  # listed by name; the read decides
    assert content_skip_reason((tmp_path / "model.pkl").read_bytes()) is not None
    assert content_skip_reason((tmp_path / "app.pkl").read_bytes()) is None


def test_a_placeholder_word_inside_a_long_base64_key_is_chance():
    import base64
    import random

    rng = random.Random(5)
    for word in ("/todo", "+your", "3sample", "/fake"):
        raw = base64.b64encode(bytes(rng.randrange(256) for _ in range(96))).decode()
        blob = raw[:40] + word + raw[40 + len(word):]
        assert not check_filter("placeholder", blob, f'"privateKey": "{blob}"', "privateKey", "json"), word
        pem = "-----BEGIN PRIVATE KEY-----\n" + blob[:64] + "\n" + blob[64:] + "\n-----END PRIVATE KEY-----"
        assert not check_filter("placeholder", pem, pem.splitlines()[1], None, "pem"), word
    for stand_in in ("YOUR-PRIVATE-KEY-GOES-HERE-REPLACE-WITH-THE-ONE-YOUR-OPENSSL-MADE-FOR-YOU",
                     "-----BEGIN PRIVATE KEY-----\nyour_private_key_here\n-----END PRIVATE KEY-----",
                     "your_base64_encoded_service_account_key_here"):
        assert check_filter("placeholder", stand_in, stand_in, "privateKey", "json"), stand_in
