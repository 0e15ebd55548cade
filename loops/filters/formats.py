"""The rules' formats as the filters see them (`RuleFormats`): which provider a key
name names and the one documented format that provider's credential has, so that a value under
such a name in another shape is not that credential (provider_format_mismatch).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..rules.catalogue import Rule, load_catalogue
from .registry import _filter
from .words import key_words

if TYPE_CHECKING:
    from ..detect import Detector


def _provider_name(key_name: str | None) -> str:
    """The name as lower-case words joined by "_", numbers dropped: TELEGRAM_BOT_TOKEN2 -> telegram_bot_token."""
    words = [w.rstrip("0123456789") for w in key_words(key_name)]
    return "_".join(w for w in words if w)


_NAMING_MEMORY = 4096  # names remembered per RuleFormats


# Words that begin stand-ins as often as a format's tokens (Mercado Pago's TEST-…, but test-api-key): cut off as a
# prefix, the words after them would no longer read as the stand-in they are.
_STAND_IN_WORDS = frozenset({"test", "demo", "sample", "example", "dummy", "fake"})


def _is_token_prefix(keyword: str) -> bool:
    if len(keyword) < 3 or keyword[:-1] in _STAND_IN_WORDS:
        return False
    if keyword[-1] in "-_":
        return True
    head = keyword[:-1]
    return keyword[-1] == "." and head.isascii() and head.replace(".", "").isalnum() and (
        len(head) <= 4 or "." in head or any(c.isdigit() for c in head))


class RuleFormats:
    """What the format filters read of the catalogue a scan runs with: the rules that declare a
    provider's fixed credential format, and the scan's detector (does any specific rule
    recognise a value on its own). Built once per Scanner, so a custom rules file takes part."""

    __slots__ = ("provider_rules", "detector", "_naming", "value_prefixes")

    def __init__(self, detector: "Detector"):
        self.detector = detector
        self.provider_rules: tuple[Rule, ...] = tuple(r for r in detector.catalogue.rules if r.provider_names is not None)
        self._naming: dict[str, tuple[Rule, ...]] = {}
        # The token prefixes the format rules look for (xoxp-, ghp_, sk-ant-api03-, SendGrid's SG., Vault's hvs.): a
        # prefix ends in - or _, or in a dot after a short or numbered part, where a keyword such as "cloudflare" (or
        # "local.", "graph.") names a setting instead.
        self.value_prefixes: tuple[str, ...] = tuple(sorted(
            {k for r in detector.catalogue.rules if r.specific for k in r.keywords if _is_token_prefix(k)},
            key=len, reverse=True))

    def value_prefix(self, value: str) -> str | None:
        """The longest token prefix a value starts with, in the value's own case: what a
        generic match (token1: "xoxp-1234567890") has in front of the part made by hand."""
        lowered = value[:32].lower()
        if not lowered.startswith(self.value_prefixes):
            return None
        return next(value[: len(p)] for p in self.value_prefixes if lowered.startswith(p))

    def naming(self, name: str) -> tuple[Rule, ...]:
        """The provider rules whose provider `name` names. Remembered: a file's names repeat, and
        asking every provider rule costs tens of microseconds per candidate."""
        found = self._naming.get(name)
        if found is None:
            if len(self._naming) >= _NAMING_MEMORY:
                self._naming.clear()
            found = self._naming[name] = tuple(r for r in self.provider_rules if r.names_provider(name))
        return found

    def has_specific_format(self, value: str) -> bool:
        """A provider or format rule recognises the value on its own (a JWT, a key with a known prefix)."""
        catalogue = self.detector.catalogue
        return any(catalogue.get(m.rule_id).specific for m in self.detector.find(value))


@functools.lru_cache(maxsize=1)
def packaged_formats() -> RuleFormats:
    """The packaged catalogue's formats, for callers that scan with no catalogue of their own."""
    from ..detect import Detector  # detect imports features, which imports this module

    return RuleFormats(Detector(load_catalogue()))


@_filter("provider_format_mismatch", "the name names a provider's credential that has one fixed, documented format"
         " (e.g. a Telegram bot token is always <bot id>:<35 characters>), and the value cannot be one", generic_only=True,
         formats=True, needs_key_name=True)
def is_provider_format_mismatch(value: str, line: str, key_name: str | None, language: str | None,
                                formats: RuleFormats | None = None) -> bool:
    # Only where the name says which credential it holds and that credential never had another
    # shape: the rule's provider_names are written so (see rules.toml). A value of any other
    # known format (a JWT under telegram_token) is still a credential and is kept.
    name = _provider_name(key_name)
    if not name:
        return False
    formats = formats or packaged_formats()
    named = formats.naming(name)
    v = value.strip()
    if not named or not v or any(r.provider_value(v) for r in named):
        return False
    return not formats.has_specific_format(v)


# A Google API key is always AIza and 35 more characters: a shorter value under a key's name was cut short for a slide,
# a doc or a log (AIzaSyLe4EUg-f…), and calls nothing.
_GOOGLE_KEY_PREFIX = "AIza"
_GOOGLE_KEY_LENGTH = 39


@_filter("cut_google_api_key", "a Google API key cut short (AIza and fewer than 35 characters): every real one is 39 "
         "characters long", generic_only=True, needs_in_value="A")
def is_cut_google_api_key(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    v = value.strip()
    return v.startswith(_GOOGLE_KEY_PREFIX) and 8 <= len(v) < _GOOGLE_KEY_LENGTH and v.isascii()
