"""Follow-ups of this stop's red-team sets (79 on): values their publishers print and the shapes the sets
showed missed or misread. Values are drawn at run time; failures name the file and the statuses, never the value."""

from __future__ import annotations

import random
import string

from tests.loops.test_fp_corpus_classes import not_shown, require_shown
from tests.support.tokens import random_chars

_R = random.Random(79)
_ALNUM = string.ascii_letters + string.digits


def _nuget_config(password: str) -> str:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n  <packageSourceCredentials>\n    <Contoso>\n'
        '      <add key="Username" value="user@contoso.com" />\n'
        f'      <add key="ClearTextPassword" value="{password}" />\n'
        "    </Contoso>\n  </packageSourceCredentials>\n</configuration>\n"
    )


def test_the_nuget_docs_example_passwords_are_not_leaks_but_another_clear_text_password_is() -> None:
    # the nuget.config reference's example, copied from Microsoft's docs into many repositories
    for documented in ("33f!!lloppa", "hal+9ooo_da!sY"):
        assert not_shown(_nuget_config(documented), "NuGet.Config")
    require_shown(_nuget_config(random_chars(_R, 14, _ALNUM) + "!7"), "NuGet.Config")
