"""Follow-ups of red-team set 34 (HTTP tooling and API-client files): what HAR, Hoppscotch and cookie APIs
write beside a credential, the Postman-Token header, a cookie's session id, Faraday's
authorization middleware. Each class has a synthetic case and, beside it, what must still be shown or
hidden. Values are drawn at run time; failures name the file and the statuses, never the value."""

from __future__ import annotations

import json
import random
import uuid

import pytest

from tests.loops.test_fp_corpus_classes import hit, not_shown, outcomes, require_shown
from tests.support.tokens import random_chars

_R = random.Random(34_0001)


def _expect(ok: bool, what: str) -> None:
    __tracebackhide__ = True
    if not ok:
        pytest.fail(what)


def _token(n: int = 32) -> str:
    return random_chars(_R, n)


# --- the members that follow a name/value object's value ---------------------------------------------

def test_a_har_cookie_with_its_attributes_is_read() -> None:
    cookie = {"name": "sessionid", "value": _token(32).lower(), "path": "/", "domain": "shop.test",
              "httpOnly": True, "secure": True}
    require_shown(json.dumps({"log": {"entries": [{"request": {"cookies": [cookie]}}]}}, indent=2), "capture.har")


def test_an_api_key_auth_sent_where_hoppscotch_says() -> None:
    text = ('{\n  "auth": {\n    "authType": "api-key",\n    "authActive": true,\n    "key": "X-Api-Key",\n'
            f'    "value": "{_token(32)}",\n    "addTo": "Headers"\n  }}\n}}\n')
    # the header's name, X-Api-Key, is a candidate of its own and dismissed; the value is shown
    _expect(any(s != "dismissed" for s in outcomes(text, "hoppscotch-collections.json")), "expected: the key is shown")


def test_a_reference_under_the_same_attributes_is_still_no_credential() -> None:
    text = '{"key": "apiKey", "value": "{{apiKey}}", "addTo": "Headers"}\n'
    _expect(not_shown(text, "hoppscotch-collections.json"), "expected: a {{variable}} is not shown")


# --- per-request values and a cookie's session id -----------------------------------------------------

def test_the_postman_token_header_is_a_per_request_nonce() -> None:
    value = str(uuid.UUID(int=_R.getrandbits(128), version=4))
    _expect(hit("cursor_or_idempotency_token", value, f'"key": "Postman-Token", "value": "{value}"', "Postman-Token",
                "json"), "expected: hit cursor_or_idempotency_token")
    text = f'{{"key": "Postman-Token", "value": "{value}", "type": "text", "disabled": true}}\n'
    _expect(not_shown(text, "payments.postman_collection.json"), "expected: Postman-Token is not shown")
    # a token under a name of its own stays
    require_shown(f'{{"key": "X-Auth-Token", "value": "{_token(40)}", "type": "text"}}\n', "a.postman_collection.json")


def test_a_cookies_session_id_is_the_session_itself() -> None:
    value = _token(24).lower()
    line = f"Cookie: ASP.NET_SessionId={value}; theme=dark"
    _expect(not hit("describing_key_name", value, line, "ASP.NET_SessionId", None),
            "expected: no describing_key_name for a cookie's session id")
    require_shown(f"curl -H '{line}' https://shop.test/cart\n", "scripts/cart.sh")
    require_shown(f'$s.Cookies.Add((New-Object System.Net.Cookie("ASP.NET_SessionId", "{value}", "/", "shop.test")))\n',
                  "snippets/invoke-webrequest.ps1")
    # a session id assigned in code, and other describing names, are still described
    _expect(hit("describing_key_name", value, f'session_id = "{value}"', "session_id", "python"),
            "expected: describing_key_name for session_id in code")
    _expect(hit("describing_key_name", value, f"token_id={value}", "token_id", None),
            "expected: describing_key_name for token_id")


# --- Faraday's authorization middleware --------------------------------------------------------------

def test_a_bearer_token_given_to_faraday() -> None:
    text = ("conn = Faraday.new(url: 'https://api.acme.test') do |f|\n"
            f"  f.request :authorization, 'Bearer', '{_token(40)}'\n"
            "  f.adapter Faraday.default_adapter\nend\n")
    require_shown(text, "lib/acme/client.rb")
    _expect(not_shown("  f.request :authorization, 'Bearer', 'your-token-goes-here-please'\n", "lib/acme/client.rb"),
            "expected: a placeholder is not shown")
