"""False-positive filters: small named predicates, each for one thing it recognises.

A filter looks at a candidate value, its line and the name it is assigned to, and says
"this looks like X, which is not a secret". Filters only record what they see
(`Features.filter_hits`); the filter phase weighs the hits with the rule's confidence and
decides. Some filters only make sense for generic rules (a bare word under `password =`
may be a variable; under a provider's token format it cannot be): they are marked
`generic_only` and skipped for high-confidence rules.

Most filters are decisive: a hit dismisses the candidate. A few are signals
(`decisive=False`): evidence one way or the other that settles nothing alone (a bare word
in code may be a variable or a password; a value made of words is more often a name than
a key). The filter phase leaves those to the judge, which weighs them with the rest.

Being in a test or docs folder is not a filter by itself: it is a feature the judge weighs. A
few filters that read the surroundings combine it with the value's shape (a three-character
password, a value that spells "token", in a test or a doc comment).
Nothing here stores, logs or returns the value.

The package holds one module per concern, each named for what its filters recognise
(placeholders, typed_runs, hashes_and_digests, key_names, ...); `registry` defines a filter,
`catalogue` puts them all in the order they run and `run` runs them.
"""

from __future__ import annotations

from .formats import RuleFormats, packaged_formats
from .registry import FILTERS, Check, Filter, Surroundings
from .run import DECISIVE_FILTERS, FILTER_REASONS, FILTERS_BY_NAME, run_filters
from .stand_ins_in_examples import stand_in_text
from .text_shapes import byte_list_hex, shannon_entropy
from .word_shapes import english_like, wordlike
from .words import WIFI_WORDS, key_words, names_credential, split_words

# Two helpers the tests call by the names they had in the single filters.py
from .code_structure import _literal_start
from .public_formats import _JWT_IO_PAYLOADS

__all__ = [
    "Check",
    "DECISIVE_FILTERS",
    "FILTERS",
    "FILTERS_BY_NAME",
    "FILTER_REASONS",
    "Filter",
    "RuleFormats",
    "Surroundings",
    "WIFI_WORDS",
    "byte_list_hex",
    "english_like",
    "key_words",
    "names_credential",
    "packaged_formats",
    "run_filters",
    "shannon_entropy",
    "split_words",
    "stand_in_text",
    "wordlike",
    "_JWT_IO_PAYLOADS",
    "_literal_start",
]
