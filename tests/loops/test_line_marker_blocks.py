"""Perl POD and Erlang -ifdef(TEST) blocks are found from markers read once per file.

The reading must stay what it was when the markers were re-read up to each candidate: these tests
compare it, at every offset of many small random texts built from marker pieces, with that reading.
"""
import random

from secretloop.loops import features as F


def _pod_read_up_to(text: str, offset: int) -> bool:
    last = None
    for m in F._POD_DIRECTIVE.finditer(text, 0, offset):
        last = m.group(1)
    return last is not None and last != "cut"


def _erlang_read_up_to(text: str, offset: int) -> bool:
    inside = False
    for m in F._ERLANG_TEST_BLOCK.finditer(text, 0, offset):
        inside = m.group(0).startswith("-ifdef")
    return inside


POD_PIECES = ["\n=head1 X\n", "\n=cut\n", "\n=cutx", "\n=cut", "\n=pod\n", "my $x = 1;", "\n", "=item", "ab", "=c", "=", "u", "t"]
ERLANG_PIECES = ["\n-ifdef(TEST).\n", "\n-endif.\n", "-ifdef(EUNIT).", "\n", "x() -> ok.", "-endif", " ", "-endifx",
                 "-ifdef ( TEST\n)\n.", "-ifdef(TEST)", ".", "\n-endif"]


def _mismatches(pieces, reference, function, seed):
    rnd = random.Random(seed)
    bad = []
    for _ in range(800):
        text = "".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 14)))
        bad += [(text, off) for off in range(len(text) + 1) if reference(text, off) != function(text, off)]
    return bad


def test_pod_blocks_read_once_agree_with_reading_up_to_each_offset():
    assert _mismatches(POD_PIECES, _pod_read_up_to, F.in_perl_pod, 11) == []


def test_erlang_test_blocks_read_once_agree_with_reading_up_to_each_offset():
    assert _mismatches(ERLANG_PIECES, _erlang_read_up_to, F.in_erlang_test_block, 12) == []


def test_pod_and_erlang_blocks_in_plain_cases():
    perl = 'my $pw = "a";\n=head1 SYNOPSIS\n\n  $pw = "b";\n\n=cut\n$pw = "c";\n'
    assert [F.in_perl_pod(perl, perl.index(v)) for v in ('"a"', '"b"', '"c"')] == [False, True, False]
    erl = 'a() -> "x".\n-ifdef(TEST).\nt() -> "y".\n-endif.\nb() -> "z".\n'
    assert [F.in_erlang_test_block(erl, erl.index(v)) for v in ('"x"', '"y"', '"z"')] == [False, True, False]
