"""Random credentials must not be read as code by the shape filters that look for code.

Found by planting random values of several shapes in common assignment templates: a Go `const
name = "…"` (untyped) was read as an enumeration member, and a URL's password that starts with `!`
as a negated expression.
"""

from __future__ import annotations

import random
import string

from secretloop.loops.filters.type_declarations import is_go_enum_constant
from secretloop.loops.filters.web_app_shapes import is_negated_expression


# Seeded, so that a run never fails by the draw alone.
_R = random.Random(20261206)


def _random(n: int, alphabet: str = string.ascii_lowercase + string.digits) -> str:
    return "".join(_R.choice(alphabet) for _ in range(n))


def test_an_untyped_go_constant_is_not_an_enumeration_member() -> None:
    for _ in range(50):
        value = _random(4, string.ascii_lowercase) + _random(8)
        assert not is_go_enum_constant(value, f'const apiKey = "{value}"', "apiKey", "go")
    # a typed password made of a word and digits: the constant has no named type to be a member of
    assert not is_go_enum_constant("sunshine2024", 'const dbPassword = "sunshine2024"', "dbPassword", "go")


def test_a_typed_go_constant_still_is() -> None:
    assert is_go_enum_constant("symmetric", 'const SymmetricSecret SecretType = "symmetric"', "SymmetricSecret", "go")
    assert is_go_enum_constant("bearer", '\tTokenTypeBearer TokenType = "bearer"', "TokenTypeBearer", "go")


def test_a_password_in_url_userinfo_that_starts_with_a_bang_is_not_code() -> None:
    value = "!" + _random(1, string.ascii_letters) + _random(14, string.ascii_letters + string.digits)
    assert not is_negated_expression(value, f"postgres://app:{value}@db.internal:5432/app", "password", None)


def test_a_negated_name_in_code_still_is() -> None:
    assert is_negated_expression("!isHandled", "passEvent: !isHandled,", "passEvent", None)
