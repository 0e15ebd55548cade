"""Follow-ups of red-team set 44 (legacy PHP, Ruby, Perl and classic web apps): Sinatra's set :session_secret,
classic ASP's Application("…") =, Perl's $smtp->auth(user, password), a web.xml parameter named for a key,
and Symfony's %env()% references. Values are drawn at run time; failures name the file and the statuses, never
the value."""

from __future__ import annotations

import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import not_shown, outcomes, require_shown

_R = random.Random(44_0001)


def _alnum(n: int) -> str:
    return "".join(_R.choice(string.ascii_letters + string.digits) for _ in range(n - 2)) + "7q"


@pytest.mark.parametrize(("path", "template"), [
    ("sinatra-app/app.rb", "set :session_secret, '{v}'\n"),
    ("shop/config/deploy.rb", "set :repo_password, -> {{ \"{v}\" }}\n"),
    ("asp-portal/global.asa", 'Application("PayPalAPIPassword") = "{v}"\n'),
    ("perl-guestbook/cgi-bin/mailer.pl", "$smtp->auth('guestbook@example.org', '{v}');\n"),
    ("jsp-library/WEB-INF/web.xml",
     "<init-param>\n  <param-name>isbnApiKey</param-name>\n  <param-value>{v}</param-value>\n</init-param>\n"),
])
def test_legacy_forms_are_shown(path: str, template: str) -> None:
    require_shown(template.format(v=_alnum(24)), path)


@pytest.mark.parametrize(("path", "text"), [
    ("sinatra-app/app.rb", "set :session_secret, ENV.fetch('SESSION_SECRET')\n"),
    ("sinatra-app/app.rb", "set :environment, :production\n"),
    ("asp-portal/login.asp", 'Session("user") = "bob"\n'),
    ("symfony-api/config/packages/lexik_jwt_authentication.yaml", "    pass_phrase: '%env(JWT_PASSPHRASE)%'\n"),
    ("jsp-library/WEB-INF/web.xml", "<init-param>\n  <param-name>tokenCacheSize</param-name>\n  <param-value>100</param-value>\n</init-param>\n"),
])
def test_references_and_settings_are_not_shown(path: str, text: str) -> None:
    assert not_shown(text, path), outcomes(text, path)
