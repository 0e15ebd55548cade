"""Follow-ups of red-team sets 442 onwards: newer providers' formats, scrapers and bots, code written in other
languages than English. Values are drawn at run time; failures name the file and the statuses, never the value
(PYTEST_DONT_REWRITE: plain asserts, so a failure shows no argument)."""

from __future__ import annotations

import base64
import random
import string
import uuid

from tests.loops.test_fp_corpus_classes import SCANNER, not_shown, outcomes
from tests.support.tokens import google_api_key, random_chars

_R = random.Random(442)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_URL_SAFE = _ALNUM + "-_"
_FOUND = (["confirmed"], ["pending"])


def _rules(text: str, path: str) -> list[str]:
    return [c.rule_id for c in SCANNER.scan_text(text, 0, path)]


def _mixed(n: int) -> str:
    """A random value with an upper-case letter, a lower-case letter and a digit in it."""
    return "Q" + "q" + "7" + random_chars(_R, n - 3, _ALNUM)


# --- newer providers (set 442) ------------------------------------------------------------------------------------------

def test_a_modal_tokens_secret_is_found_and_its_id_beside_it_is_not() -> None:
    # (the id names the token; like an API key's id outside AWS, it is not reported on its own line)
    toml = (f'[default]\ntoken_id = "ak-{random_chars(_R, 22, _ALNUM)}"\n'
            f'token_secret = "as-{random_chars(_R, 22, _ALNUM)}"\nactive = true\n')
    assert "modal-token-secret" in _rules(toml, "home/.modal.toml")
    assert outcomes(toml, "home/.modal.toml") == ["dismissed", "confirmed"]
    # the id alone under a test's stand-in is no token
    assert not_shown('os.environ["MODAL_TOKEN_ID"] = "ak-test"\n', "tests/test_modal.py")


def test_an_unkey_root_key_is_found() -> None:
    code = f"const unkey = new Unkey({{ rootKey: '{'unkey_' + random_chars(_R, 24, _B58)}' }});\n"
    assert _rules(code, "src/lib/keys.ts") == ["unkey-root-key"]
    assert outcomes(code, "src/lib/keys.ts") == ["confirmed"]


# --- scrapers and bots (set 443) ----------------------------------------------------------------------------------------

def test_a_login_with_amazon_token_set_as_a_cookie_is_found() -> None:
    token = "Atza|IwEB" + random_chars(_R, 150, _URL_SAFE)
    code = f'driver.add_cookie({{"name": "at-main", "value": "{token}"}})\n'
    assert "amazon-lwa-token" in _rules(code, "scrapers/amazon_login.py")
    assert outcomes(code, "scrapers/amazon_login.py") == ["confirmed"]


def test_a_pdo_password_ending_in_a_star_is_found_and_a_masked_one_is_not() -> None:
    password = _mixed(10) + "*"
    code = f"$db = new PDO('mysql:host=10.0.3.14;dbname=prices', 'prices', '{password}');\n"
    assert outcomes(code, "legacy/scrape.php") in _FOUND
    assert not_shown("$db = new PDO('mysql:host=db;dbname=prices', 'prices', 'Co*******');\n", "legacy/scrape.php")


def test_passwords_typed_by_capybara_and_watir_are_found() -> None:
    password = _mixed(12)
    watir = f"browser.text_field(name: 'password').set '{password}'\n"
    capybara = f"fill_in 'Password', with: '{password}'\n"
    assert "e2e-test-password-input" in _rules(watir, "bots/instagram/login.rb")
    assert "e2e-test-password-input" in _rules(capybara, "bots/shop/login.rb")
    assert not_shown("browser.text_field(name: 'password').set ENV.fetch('IG_PASSWORD')\n", "bots/instagram/login.rb")


def test_a_base64_key_a_test_cites_as_a_known_answer_vector_is_dismissed_and_one_outside_tests_is_not() -> None:
    key = base64.b64encode(bytes(_R.getrandbits(8) for _ in range(64))).decode()
    code = (f'# Known-answer test vector: fixed key and nonce, expected signature computed once with openssl\n'
            f'VECTOR_SECRET = "{key}"\nVECTOR_NONCE = 1661942854324841\n')
    assert not_shown(code, "tests/test_sign.py")
    assert outcomes(code, "gridbot/signing.py") in _FOUND


# --- code written in other languages (set 444) --------------------------------------------------------------------------

def test_key_and_secret_names_in_polish_dutch_and_italian_are_read() -> None:
    value = random_chars(_R, 32, _HEX)
    assert outcomes(f'P24_KLUCZ_API = "{value}"\n', "kasse/zahlungen/przelewy24.py") in _FOUND
    assert outcomes(f"$config = ['segreto_firma' => '{_mixed(40)}'];\n", "php/fatturazione/config.php") in _FOUND
    assert outcomes(f"const config = {{ claveAdmin: '{value}' }};\n", "src/config/configuracion.ts") in _FOUND
    # a provider's own format under such a name is still its format (the name was read as a word inside another)
    mollie = "live_" + random_chars(_R, 30, _ALNUM)
    assert outcomes(f'MOLLIE_API_SLEUTEL = "{mollie}"\n', "kasse/zahlungen/mollie_client.py") == ["confirmed"]


def test_key_names_in_hangul_and_kanji_are_read() -> None:
    kotlin = f'object Kakao {{\n    const val REST_API_키 = "{random_chars(_R, 32, _HEX)}"\n}}\n'
    assert outcomes(kotlin, "src/main/kotlin/auth/KakaoProperties.kt") in _FOUND
    go = f'var セッション鍵 = []byte("{_mixed(32)}")\n'
    assert outcomes(go, "line-bot/main.go") in _FOUND


def test_a_pass_phrase_under_a_glued_password_name_is_kept() -> None:
    phrase = "_".join(random_chars(_R, 6, string.ascii_lowercase) for _ in range(4)) + "7"
    assert outcomes(f'export PGPASSWORD="{phrase}"\npg_dump -h db -U app app > dump.sql\n',
                    "ops/scripts/backup_bd.sh") in _FOUND


def test_a_password_in_the_writers_own_script_is_no_translation() -> None:
    password = "Москва" + str(_R.randint(1000, 9999)) + "Снег!"
    assert outcomes(f"7z a -p'{password}' -mhe=on backup.7z /srv/data\n", "ops/scripts/backup.sh") in _FOUND
    # a translation has spaces between its words
    assert not_shown('{"password": "Введите пароль ещё раз"}\n', "locales/ru.json")


def test_change_me_and_test_written_in_other_languages_are_stand_ins() -> None:
    assert not_shown("JWT_SECRETO=cambiame\n", ".env.example")
    assert not_shown("WACHTWOORD=wijzigen\n", "deploy/.env.dist")
    fixture = '{\n  "email": "ana@shop.test",\n  "contrasena": "Prueba' + str(_R.randint(100, 999)) + '!"\n}\n'
    assert not_shown(fixture, "test/fixtures/usuarios.json")


def test_a_basic_header_of_user_and_password_in_another_language_is_a_stand_in() -> None:
    header = base64.b64encode("usuario:contraseña".encode()).decode()
    assert not_shown(f"```\nAuthorization: Basic {header}\n```\n", "docs/integracion.md")
    real = base64.b64encode(f"integracao:{_mixed(14)}".encode()).decode()
    assert outcomes(f"```\nAuthorization: Basic {real}\n```\n", "docs/integracion.md") in _FOUND


def test_a_symfony_env_reference_with_an_empty_default_is_a_reference() -> None:
    assert not_shown("parameters:\n    mot_de_passe_par_defaut: '%env(default::MOT_DE_PASSE_DEFAUT)%'\n",
                     "config/services.yaml")


def test_a_secret_key_in_swedish_and_your_key_in_polish() -> None:
    assert outcomes(f'hemlig_nyckel = "{_mixed(32)}"\n', "services/se/klarna.py") in _FOUND
    assert not_shown("P24_KLUCZ_API=twoj_klucz_api\n", "backend/.env")


def test_a_symfony_default_parameter_with_dots_is_a_reference() -> None:
    assert not_shown("    api_key: '%env(default:app.p24.api_key_fallback:P24_API_KEY)%'\n", "config/services.yaml")


def test_basic_values_of_the_word_password_in_german_and_italian_are_stand_ins() -> None:
    for pair in ("benutzer:passwort", "utente:parola_d_ordine"):
        header = base64.b64encode(pair.encode()).decode()
        assert not_shown(f"```\nAuthorization: Basic {header}\n```\n", "docs/api.md")


# --- industrial automation (set 447) ------------------------------------------------------------------------------------

def test_hivemqs_stored_salt_iterations_digest_is_a_hash_and_a_plain_password_beside_it_is_not() -> None:
    salt = base64.b64encode(bytes(_R.getrandbits(8) for _ in range(16))).decode()
    digest = base64.b64encode(bytes(_R.getrandbits(8) for _ in range(64))).decode()
    xml = ("<file-rbac>\n  <users>\n    <user>\n      <name>scada</name>\n"
           f"      <password>{salt}:100:{digest}</password>\n    </user>\n  </users>\n</file-rbac>\n")
    assert not_shown(xml, "hivemq/extensions/hivemq-file-rbac-extension/credentials.xml")
    plain = xml.replace(f"{salt}:100:{digest}", _mixed(14))
    assert outcomes(plain, "hivemq/extensions/hivemq-file-rbac-extension/credentials.xml") in _FOUND


def test_a_chosen_password_handed_to_a_snake_case_setter_is_found() -> None:
    # eleven characters of a chosen password have less entropy than a key's: the setter's name says enough
    code = 'client = Client(url=ENDPOINT)\nclient.set_user("opcua-reader")\nclient.set_password("Turbine4242")\n'
    assert outcomes(code, "opcua/client/read_tags.py") in _FOUND


# --- mainframe (set 446) ------------------------------------------------------------------------------------------------

def test_the_jcl_job_cards_own_password_is_found_not_only_a_later_one() -> None:
    password = "Q" + random_chars(_R, 6, string.ascii_uppercase + string.digits)
    jcl = ("//PAYFTP01 JOB (ACCT),'FTP',CLASS=A,MSGCLASS=X,\n"
           f"//             USER=PAYBATCH,PASSWORD={password}\n"
           "//* 2019: USER=PAYBATCH,PASSWORD=OLD4PW\n//STEP1    EXEC PGM=IEFBR14\n")
    found = [(c.rule_id, c.start_line) for c in SCANNER.scan_text(jcl, 0, "jcl/PAYROLL/PAYFTP01.jcl")]
    assert ("jcl-job-password", 2) in found


def test_cobol_data_items_named_pass_or_hmac_key_are_read_and_bypass_is_not() -> None:
    cobol = (f"       01  WS-FTP-PASS     PIC X(16) VALUE '{_mixed(12)}'.\n"
             f"       01  WS-HMAC-KEY     PIC X(64) VALUE '{random_chars(_R, 64, '0123456789ABCDEF')}'.\n"
             "       01  WS-BYPASS-FLAG  PIC X(3)  VALUE 'YES'.\n")
    assert [c.start_line for c in SCANNER.scan_text(cobol, 0, "cobol/src/ACCTUPD.cbl")
            if c.rule_id == "cobol-password-value-clause"] == [1, 2]


def test_quoted_password_operands_of_racf_mq_and_cics_are_found_and_data_area_names_are_not() -> None:
    password = "K7#" + random_chars(_R, 9, _ALNUM)
    for line, path in ((f"RACDCERT ID(PAYBATCH) ADD('PAY.P12') WITHLABEL('PAY') PASSWORD('{password}') TRUST\n",
                        "rexx/RACFBULK.rex"),
                       (f"DEFINE CHANNEL(TO.QM2P) CHLTYPE(SDR) TRPTYPE(LU62) PASSWORD('{password}')\n", "mq/qm1p.mqsc"),
                       (f"BINDPASSWORD({random_chars(_R, 16, '0123456789ABCDEF')})\n", "cics/csd/PAYCSD.txt")):
        assert outcomes(line, path) in _FOUND
    assert not_shown("           EXEC CICS VERIFY PASSWORD(WS-PASSWORD) USERID(WS-USERID) END-EXEC\n",
                     "cobol/src/CICSLOGN.cbl")


def test_a_password_name_glued_to_an_environments_short_name_is_read() -> None:
    assert outcomes(f"drpass = '{_mixed(10)}'\n", "rexx/FTPPUSH.rex") in _FOUND
    assert not_shown("bypass = 'true'\ncompass = 'north'\n", "rexx/FTPPUSH.rex")


def test_a_cobol_items_name_reaches_the_filters() -> None:
    # a label or an id of a key describes the key; the rule now hands the data name to the name filters
    cobol = ("       01  WS-HMAC-KEY-LABEL  PIC X(32) VALUE 'PAY.HMAC.PROD.2024'.\n"
             f"       01  WS-SIGNING-KEY-ID  PIC X(36) VALUE '{uuid.UUID(int=_R.getrandbits(128), version=4)}'.\n")
    assert not_shown(cobol, "cobol/src/PAYAUTH.cbl")


def test_a_literal_fallback_after_a_parameter_is_found() -> None:
    code = (f"class Client:\n    def __init__(self, host, login_key=None):\n"
            f"        self.login_key = login_key or '{_mixed(24)}'\n")
    assert outcomes(code, "hostops/clients.py") in _FOUND
    assert not_shown("        self.login_key = login_key or 'changeme'\n", "hostops/clients.py")


def test_norwegian_key_names_are_read() -> None:
    assert outcomes(f'api_nokkel = "{_mixed(32)}"\n', "tjenester/config.py") in _FOUND
    assert outcomes(f'hemmelig_nøkkel: "{_mixed(32)}"\n', "tjenester/config.yml") in _FOUND


def test_a_cobol_password_shortened_to_pswd_is_kept_and_your_key_with_an_adjective_is_a_placeholder() -> None:
    assert outcomes(f"           05  WS-ISSUER-PSWD        PIC X(16) VALUE '{_mixed(16)}'.\n",
                    "cobol/PAYAUTH.cbl") in _FOUND
    assert not_shown('[vipps.test]\nhemmelig_nokkel = "din_hemmelige_nokkel"\n', "config/app.no.toml")


# --- probe of the Firebase change, modern repositories (sets 451, 452) ----------------------------------------------------


def test_only_the_firebase_configurations_own_key_is_public() -> None:
    web = (f'const firebaseConfig = {{\n  apiKey: "{google_api_key(_R)}",\n  authDomain: "fjord.firebaseapp.com",\n'
           f'  projectId: "fjord",\n  appId: "1:48213:web:9f",\n}};\nexport const GEMINI_API_KEY = "{google_api_key(_R)}";\n')
    statuses = outcomes(web, "web/src/lib/firebase.ts")  # (the appId's candidate is dismissed too)
    assert statuses[0] == "dismissed" and statuses[-1] == "confirmed" and statuses.count("confirmed") == 1
    env = (f"VITE_FIREBASE_API_KEY={google_api_key(_R)}\nVITE_FIREBASE_PROJECT_ID=fjord\nVITE_FIREBASE_APP_ID=1:48213:web:9f\n"
           f"TRANSLATE_KEY={google_api_key(_R)}\n")
    assert outcomes(env, "web/.env.production") == ["dismissed", "confirmed"]
    # firebase-admin's initializeApp runs on a server: a Google key beside it is the backend's
    functions = ("import * as admin from 'firebase-admin';\nadmin.initializeApp();\n"
                 f"const key = '{google_api_key(_R)}';\n")
    assert outcomes(functions, "functions/src/index.ts") in _FOUND


def test_your_new_password_in_norwegian_is_a_placeholder() -> None:
    assert not_shown("passord=ditt_nye_passord\n", "i18n/defaults.properties")


def test_keys_decoded_in_place_by_rusts_hex_and_base64_crates_are_found() -> None:
    code = f'fn main() {{\n    let signing_key = hex::decode("{random_chars(_R, 64, _HEX)}").unwrap();\n}}\n'
    assert outcomes(code, "services/ingest/src/main.rs") in _FOUND


def test_a_vapid_private_key_under_its_own_name_is_found() -> None:
    assert outcomes(f"const PUSH_VAPID_PRIVATE = '{random_chars(_R, 43, _URL_SAFE)}'\n", "routes/api/alerts.ts") in _FOUND


def test_a_key_cited_as_a_known_answer_vector_is_dismissed() -> None:
    code = ("#[cfg(test)]\nmod tests {\n    // known-answer vector from the spec\n"
            f'    const KAT_KEY: &str = "{random_chars(_R, 64, _HEX)}";\n}}\n')
    assert not_shown(code, "src-tauri/src/sync.rs")


def test_a_fallback_in_a_template_literal_is_found() -> None:
    assert outcomes(f"const token = opts.token || `{_mixed(24)}`;\n", "clients/node/index.js") in _FOUND
