"""Follow-ups to a sweep of 40 React Native packages with their Android (Java/Kotlin), iOS (Objective-C/Swift)
and TypeScript sources (16,974 files): a printf format made only of conversions, and a key shown as an example
in a doc comment whose sentence introduced it on the line before. Values are random."""

from __future__ import annotations

import random
import string

from tests.loops.test_fp_corpus_classes import hidden, outcomes
from tests.support.tokens import google_api_key, random_chars

_R = random.Random(37_1204)



def test_a_format_made_only_of_conversions_is_a_template() -> None:
    assert hidden('        [token appendFormat:@"%02.2hhX", data[i]];\n', "ios/RNFBMessaging/RNFBMessagingSerializer.m")


def test_a_key_introduced_as_an_example_on_the_line_before_goes_to_a_person() -> None:
    doc = ("    /**\n     * An API key used for authenticating requests from your app, e.g.\n"
           f'     * "{google_api_key(_R)}", used to identify your app to Google servers.\n     */\n    apiKey?: string;\n')
    assert outcomes(doc, "lib/types/app.ts") == ["pending"]


def test_the_same_key_in_code_is_confirmed() -> None:
    code = f'    // the key for prod\n    const apiKey = "{google_api_key(_R)}";\n'
    assert outcomes(code, "src/firebase.ts") == ["confirmed"]


def test_a_constant_per_authentication_mechanism_names_it() -> None:
    # (from a sweep of 150 Debian php-* packages: php-amqplib's AMQPConnectionConfig, confirmed)
    assert hidden("    public const AUTH_AMQPPLAIN = 'AMQPLAIN';\n", "PhpAmqpLib/Connection/AMQPConnectionConfig.php")
    assert outcomes(f"    public const AUTH_TOKEN = '{random_chars(_R, 20)}';\n", "src/Config.php") == ["confirmed"]


def test_a_yubikey_one_time_password_is_used_once() -> None:
    # (from a sweep of 17 Django add-ons on PyPI: django-two-factor-auth's YubiKey tests)
    modhex = "cbdefghijklnrtuv"
    assert hidden(f"        token = '{random_chars(_R, 44, modhex)}'\n", "tests/test_yubikey.py")
    assert outcomes(f"        token = '{random_chars(_R, 44, string.ascii_lowercase + string.digits)}'\n",
                    "src/auth.py") == ["confirmed"]
