"""A password compared with a literal by equals() is a hard-coded login (red-team set 42): shown in code, left to a
person in a test; comparisons with a field's name, another variable or an empty string are not read. Values are
drawn at run time; failures name the file and the statuses, never the value."""

from __future__ import annotations

import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import not_shown, outcomes

_R = random.Random(42_0001)


def _pw() -> str:
    return "".join(_R.choice(string.ascii_letters + string.digits) for _ in range(10)) + "7q"


@pytest.mark.parametrize("template", [
    '        return "superadmin".equals(user) && "{v}".equals(pwd);\n',
    '        if ("{v}".equals(request.getPassword())) {{\n',
    '        if (pwd.equals("{v}")) {{\n',
    '        if (password.equalsIgnoreCase("{v}")) return true;\n',
])
def test_a_hard_coded_login_check_is_shown(template: str) -> None:
    text = template.format(v=_pw())
    assert outcomes(text, "mall-admin/src/main/java/com/example/UserServiceImpl.java")[0] in ("confirmed", "pending")
    assert outcomes(text, "mall-admin/src/test/java/com/example/UserServiceTest.java") == ["pending"]


@pytest.mark.parametrize("line", [
    '        if ("password".equals(fieldName)) {\n',
    '        if (password.equals(confirmPassword)) {\n',
    '        return "".equals(password);\n',
])
def test_other_comparisons_are_not_read(line: str) -> None:
    assert not_shown(line, "src/main/java/com/example/Forms.java"), outcomes(line, "src/main/java/com/example/Forms.java")
