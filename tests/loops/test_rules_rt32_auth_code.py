"""Credentials in authentication code, which a thirty-second red-team set planted: a literal password handed to the
call that hashes it (bcrypt, Hash::make, GenerateFromPassword, a Spring encoder) or to the framework's create-user
call (Django create_superuser's third argument, ASP.NET Identity's CreateAsync), a cookie-signing secret given to
cookieParser or Koa's app.keys, and an OmniAuth provider written on one line after `do`. Also what the judge reads
beside a person-chosen password: a company's host name or e-mail domain that holds "example" or "demo" is where the
password is used, not a sign of a stand-in (the documentation domains example.com/.test still are); a name's last word
that says which environment or version (SMTP_PASSWORD_PROD) makes no message id; a TODO that a password's
capitals happen to spell is no placeholder; and an OAuth grant type (authorization_code) under a grant key is a
flow. Test dummies handed to the same calls in tests stay dismissed.
Values are random, made here; assertion messages name rules and paths, never values (PYTEST_DONT_REWRITE: plain
asserts, so a failure shows only its message)."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest

from secretloop.loops.judges.base import JudgeRequest
from secretloop.loops.features import shannon_entropy
from secretloop.loops.judges.offline import features_of
from tests.loops.test_fp_corpus_classes import CATALOGUE, SCANNER, hit, not_shown, outcomes
from tests.support.cli_scan import require_planted_files_shown_and_not_carried
from tests.support.rule_cases import require_case_found_and_shown, rule_hits
from tests.support.tokens import random_chars

_R = random.Random(3232)
_ALNUM = string.ascii_letters + string.digits
_CONS, _VOW = "bcdfghjklmnprstvwz", "aeiou"


def _s(n: int, alphabet: str = _ALNUM) -> str:
    return random_chars(_R, n, alphabet)


def _syllables(n: int) -> str:
    return "".join(_R.choice(_CONS) + _R.choice(_VOW) for _ in range(n))


# The three shapes of a password a person picks: Word1234!wo, Word-word12, word123WORD.
def _chosen_a() -> str:
    return _syllables(3).capitalize() + _s(4, string.digits) + _R.choice("_-!") + _syllables(1)


def _chosen_b() -> str:
    return _syllables(2).capitalize() + _R.choice("-_") + _syllables(2) + _s(2, string.digits)


def _chosen_c() -> str:
    return _syllables(2) + _s(3, string.digits) + _syllables(2).upper()


def _chosen() -> str:
    return _R.choice((_chosen_a, _chosen_b, _chosen_c))()


def _hex(n: int) -> str:
    return _s(n, "0123456789abcdef")


def _fill(template: str, value: str) -> str:
    return template.replace("{v}", value)


# (rule, path, text with {v}, value maker)
CASES = [
    ("password-literal-hashed", "src/seed/admin.js",
     "await Account.create({ login: 'root', password: await bcrypt.hash('{v}', 12), role: 'admin' });\n", _chosen),
    ("password-literal-hashed", "src/seed/admin.ts", "const digest = bcryptjs.hashSync(\"{v}\", 10);\n", _chosen),
    ("password-literal-hashed", "database/seeders/AdminSeeder.php",
     "<?php\nDB::table('users')->insert(['name' => 'root', 'password' => Hash::make('{v}')]);\n", _chosen),
    ("password-literal-hashed", "database/seeders/StaffSeeder.php",
     "<?php\n        'password' => bcrypt('{v}'),\n", _chosen),
    ("password-literal-hashed", "install/setup.php", "<?php\n$hash = password_hash('{v}', PASSWORD_DEFAULT);\n", _chosen),
    ("password-literal-hashed", "internal/bootstrap/admin.go",
     "func seed() {\n\thash, _ := bcrypt.GenerateFromPassword([]byte(\"{v}\"), bcrypt.DefaultCost)\n\t_ = hash\n}\n", _chosen),
    ("password-literal-hashed", "src/main/java/shop/WebSecurity.java",
     "class WebSecurity {\n    UserDetails ops = User.withUsername(\"ops\").password(encoder.encode(\"{v}\")).roles(\"OPS\").build();\n}\n",
     _chosen),
    ("password-literal-hashed", "src/main/java/shop/Bootstrap.java",
     "class Bootstrap {\n    void run() { root.setPasswordHash(passwordEncoder.encode(\"{v}\")); }\n}\n", _chosen),
    ("password-literal-hashed", "app/bootstrap.py", "ADMIN_HASH = generate_password_hash(\"{v}\")\n", _chosen),
    ("password-literal-hashed", "accounts/management/commands/seed.py", "hashed = make_password('{v}')\n", _chosen),
    ("password-literal-hashed", "db/seeds.rb", "root.encrypted_password = BCrypt::Password.create('{v}')\n", _chosen),
    ("user-creation-literal-password", "shop/management/commands/bootstrap.py",
     "class Command(BaseCommand):\n    def handle(self, *args, **options):\n"
     "        User.objects.create_superuser(\"root\", \"root@northwind.io\", \"{v}\")\n", _chosen),
    ("user-creation-literal-password", "shop/management/commands/staff.py",
     "        get_user_model().objects.create_user('ops', 'ops@northwind.io', '{v}')\n", _chosen),
    ("user-creation-literal-password", "Shop.Api/Program.cs",
     "var mgr = scope.ServiceProvider.GetRequiredService<UserManager<ShopUser>>();\n"
     "await mgr.CreateAsync(new ShopUser { UserName = \"root\" }, \"{v}\");\n", _chosen),
    ("user-creation-literal-password", "Shop.Api/Seed.cs", "await userManager.AddPasswordAsync(admin, \"{v}\");\n", _chosen),
    ("cookie-signing-secret-call", "server/app.js", "app.use(cookieParser('{v}'));\n", lambda: _hex(48)),
    ("cookie-signing-secret-call", "server/koa.js", "app.keys = ['{v}'];\n", lambda: _s(32)),
    ("omniauth-provider-secret", "config/initializers/omniauth.rb",
     "Rails.application.config.middleware.use OmniAuth::Builder do provider :gitlab, 'shop-app-7f', '{v}' end\n",
     lambda: _hex(40)),
    ("omniauth-provider-secret", "config/initializers/omniauth.rb",
     "Rails.application.config.middleware.use(OmniAuth::Builder) { provider :github, 'c0ffee1234abcd', '{v}' }\n",
     lambda: _hex(40)),
]


@pytest.mark.parametrize("rule_id,path,template,make", CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_each_rule_finds_its_value_and_the_pipeline_shows_it(rule_id, path, template, make) -> None:
    require_case_found_and_shown(rule_hits, rule_id, path, make, lambda value: _fill(template, value))


def test_every_new_rule_of_the_set_has_a_case() -> None:
    new = {"password-literal-hashed", "user-creation-literal-password", "cookie-signing-secret-call"}
    assert new <= {r for r, _, _, _ in CASES}, sorted(new - {r for r, _, _, _ in CASES})


# (rule, path, text): the code beside those values that holds no secret
NEGATIVES = [
    ("password-literal-hashed", "src/auth.js", "const hash = await bcrypt.hash(req.body.password, 12);\n"),
    ("password-literal-hashed", "src/auth.js", "const ok = await bcrypt.compare(password, user.hash);\n"),
    ("password-literal-hashed", "src/util.js", "const bytes = new TextEncoder().encode(\"payload\");\n"),
    ("password-literal-hashed", "app/Http/Controllers/RegisterController.php",
     "<?php\n$user->password = Hash::make($request->input('password'));\n"),
    ("password-literal-hashed", "internal/auth/hash.go", "\th, err := bcrypt.GenerateFromPassword([]byte(plain), 12)\n"),
    ("password-literal-hashed", "app/views.py", "if not check_password_hash(user.pw_hash, form.password.data):\n"),
    ("password-literal-hashed", "app/codec.py", "body = json_encoder.encode(\"content-type\")\n"),
    ("user-creation-literal-password", "app/views.py", "User.objects.create_user(username, email, password)\n"),
    ("user-creation-literal-password", "app/views.py",
     "User.objects.create_user('ops', 'ops@northwind.io', password=os.environ['OPS_PASSWORD'])\n"),
    ("user-creation-literal-password", "Api/Accounts.cs", "var result = await _userManager.CreateAsync(user, input.Password);\n"),
    ("user-creation-literal-password", "Api/Roles.cs", "await roleManager.CreateAsync(new IdentityRole(\"Administrator\"));\n"),
    ("user-creation-literal-password", "Api/Store.cs", "await container.CreateAsync(order, \"orders-archive\");\n"),
    ("cookie-signing-secret-call", "server/app.js", "app.use(cookieParser(process.env.COOKIE_SECRET));\n"),
    ("cookie-signing-secret-call", "server/koa.js", "app.keys = [process.env.KEY_CURRENT, process.env.KEY_PREVIOUS];\n"),
    ("omniauth-provider-secret", "config/initializers/omniauth.rb",
     "Rails.application.config.middleware.use OmniAuth::Builder do provider :github, ENV['GH_KEY'], ENV['GH_SECRET'] end\n"),
]


@pytest.mark.parametrize("rule_id,path,text", NEGATIVES, ids=[f"{n[0]}:{n[1]}:{i}" for i, n in enumerate(NEGATIVES)])
def test_variables_lookups_and_other_calls_are_not_matched(rule_id: str, path: str, text: str) -> None:
    assert not rule_hits(rule_id, text, path), f"{rule_id}: took a non-secret in {path}"


# Dummies that a test hands to the same calls: they feed the code under test and open nothing.
DUMMIES_IN_TESTS = [
    ("accounts/tests/test_signup.py", "        user = User.objects.create_user(\"bob\", \"bob@example.com\", \"password123\")\n"),
    ("internal/auth/hash_test.go", "\th, _ := bcrypt.GenerateFromPassword([]byte(\"hunter2\"), bcrypt.MinCost)\n"),
    ("test/auth.spec.js", "    const hash = await bcrypt.hash('P@ssw0rd!', 4);\n"),
    ("tests/Feature/LoginTest.php", "<?php\n        $user = User::factory()->create(['password' => Hash::make('Test@1234')]);\n"),
    ("database/factories/UserFactory.php", "<?php\n            'password' => bcrypt('password'),\n"),
]


@pytest.mark.parametrize("path,text", DUMMIES_IN_TESTS, ids=[d[0] for d in DUMMIES_IN_TESTS])
def test_a_tests_dummy_handed_to_a_hash_or_create_call_is_not_shown(path: str, text: str) -> None:
    assert not_shown(text, path), f"{path}: a test's dummy password is shown ({outcomes(text, path)})"


def _candidate_features(text: str, path: str) -> dict[str, float]:
    cands = SCANNER.scan_text(text, 0, path)
    assert cands, f"{path}: nothing found"
    c = cands[-1]
    return features_of(JudgeRequest.from_candidate(c, CATALOGUE.get(c.rule_id).description))


def _above_entropy_floor(make) -> str:
    # A draw with repeated letters can fall under the rules' entropy floor (3.0) and is then rightly not found at
    # all: this test is about how a found one is judged, so such draws are drawn again.
    value = make()
    while shannon_entropy(value) < 3.0:
        value = make()
    return value


# A password person-chosen, beside the address or host it is used with: a company's domain may hold any word.
HOSTED_PASSWORDS = [
    ("src/notify/transport.js", "const transport = nodemailer.createTransport({ auth: { user: 'alerts@mail.sample-foods.com', pass: '{v}' } });\n"),
    ("db/seeds.rb", "Staff.find_or_create_by!(email: 'root@demo-outfitters.net') { |s| s.password = '{v}' }\n"),
    ("internal/notify/mail.go",
     "func mailer() smtp.Auth {\n\treturn smtp.PlainAuth(\"\", \"noreply@example-labs.io\", \"{v}\", \"smtp.example-labs.io\")\n}\n"),
    ("app/src/main/java/shop/Sync.kt", "val syncUrl = \"https://demo.northwind-shop.com/api/sync?user=svc&password={v}\"\n"),
]


@pytest.mark.parametrize("path,template", HOSTED_PASSWORDS, ids=[h[0] for h in HOSTED_PASSWORDS])
def test_a_host_or_mail_domain_with_an_example_word_is_no_stand_in(path: str, template: str) -> None:
    # B and C shapes read as words: only the floor keeps them; enough draws that a coin toss would fail.
    for make in (_chosen_b, _chosen_c):
        for _ in range(6):
            text = _fill(template, _above_entropy_floor(make))
            assert _candidate_features(text, path)["ctx_fixture_words"] == 0.0, f"{path}: the host read as a fixture word"
            statuses = outcomes(text, path)
            assert statuses and all(s in ("confirmed", "pending") for s in statuses), f"{path}: not shown ({statuses})"


def test_documentation_domains_and_words_outside_addresses_still_count() -> None:
    value = _chosen_c()
    for path, text in (("src/mail.js", f"const auth = {{ user: 'ops@example.com', pass: '{value}' }};\n"),
                       ("src/mail.js", f"const auth = {{ user: 'mailer@shop.test', pass: '{value}' }};\n"),
                       ("app/mail.py", f"SMTP_PASSWORD = '{value}'  # the demo account\n"),
                       ("app/mail.py", f"MAIL = {{'user': 'ops@northwind.io', 'password': '{value}', 'kind': 'sample'}}\n")):
        assert _candidate_features(text, path)["ctx_fixture_words"] == 1.0, f"{path}: a documentation sign was dropped"


@pytest.mark.parametrize("name", ["SMTP_PASSWORD_PROD", "ADMIN_PASSWORD_DEFAULT", "JWT_SECRET_OLD", "DB_PASSWORD_V2",
                                  "LDAP_BIND_PASSWORD_STAGING"])
def test_a_qualifier_after_the_credential_word_is_no_message_id(name: str) -> None:
    for make in (_chosen_b, _chosen_c):
        for _ in range(4):
            text = f"{name} = \"{make()}\"\n"
            assert _candidate_features(text, "app/core/config.py")["key_phrase"] == 0.0, f"{name}: read as a message id"
            statuses = outcomes(text, "app/core/config.py")
            assert statuses and all(s in ("confirmed", "pending") for s in statuses), f"{name}: not shown ({statuses})"


@pytest.mark.parametrize("name", ["PASSWORDS_NOT_MATCHING", "PASSWORD_TOO_SHORT", "SECRET_KEY_REQUIRED_PROD"])
def test_a_message_id_stays_one(name: str) -> None:
    assert _candidate_features(f"{name} = \"{_chosen_b()}\"\n", "app/messages.py")["key_phrase"] == 1.0, name


def test_todo_spelled_by_a_passwords_capitals_is_no_placeholder() -> None:
    for _ in range(10):
        value = _syllables(2) + _s(3, string.digits) + "TODO"
        assert not hit("placeholder", value, f"SMTP_PASSWORD = \"{value}\"", "SMTP_PASSWORD"), "a chosen password dismissed"
        assert not hit("placeholder", "Fake" + _s(2, string.digits) + _syllables(2), "", "password"), "Fake12... dismissed"
    for value in ("TODO", "todo", "todo-pass", "FIXME123", "my_TODO_key", "fake_" + _syllables(2), "tbd"):
        assert hit("placeholder", value, f"password = '{value}'", "password"), f"{value} no longer a placeholder"


@pytest.mark.parametrize("line,key,value", [
    ("            authorization-grant-type: authorization_code", "authorization-grant-type", "authorization_code"),
    ("  grant_type: client_credentials", "grant_type", "client_credentials"),
    ("GRANT_TYPE = \"urn:ietf:params:oauth:grant-type:device_code\"", "GRANT_TYPE",
     "urn:ietf:params:oauth:grant-type:device_code"),
    ("const grantType = 'refresh_token';", "grantType", "refresh_token"),
])
def test_an_oauth_grant_type_is_a_flow_not_a_credential(line: str, key: str, value: str) -> None:
    assert hit("oauth_grant_type", value, line, key, "yaml"), f"{key}: grant type kept"


def test_a_random_value_under_a_grant_key_is_kept() -> None:
    value = _s(32)
    assert not hit("oauth_grant_type", value, f"grant_secret: {value}", "grant_secret", "yaml"), "random value dismissed"
    # and a grant type's name under a key that says nothing of grants is left to the rest
    assert not hit("oauth_grant_type", "client_credentials", "mode: client_credentials", "mode", "yaml"), "no grant key"


def test_a_scan_shows_every_planted_case_and_never_carries_one(tmp_path: Path) -> None:
    files = {}
    for index, (rule_id, path, template, make) in enumerate(CASES):
        value = make()
        files[f"case{index:02d}/{path}"] = (_fill(template, value), value)
    for index, (path, template) in enumerate(HOSTED_PASSWORDS):
        value = _chosen_c()
        files[f"hosted{index:02d}/{path}"] = (_fill(template, value), value)
    require_planted_files_shown_and_not_carried(tmp_path / "repo", tmp_path, files)
