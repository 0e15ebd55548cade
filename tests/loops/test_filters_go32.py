"""Follow-ups to a second sweep of Debian Go libraries (200 golang-*-dev packages not swept before; 7,808
files): a field set from the variable of its name in generated API clients, a name under a namespace (a Go
context key, a package prefix), and testfiles/ folders. Each class has a synthetic line written here and, in
the same place, a credential that must still be shown."""

from __future__ import annotations

from secretloop.loops.features import is_test_path
from tests.loops.test_fp_corpus_classes import hidden, require_shown
from tests.support.tokens import high_entropy


def test_a_field_set_from_the_variable_of_its_name() -> None:
    code = ("func (r *Service) Create(measurementprotocolsecret *X) *Call {\n\tc := &Call{s: r.s}\n"
            "\tc.measurementprotocolsecret = measurementprotocolsecret\n\treturn c\n}\n")
    assert hidden(code, "api/analyticsadmin/v1alpha/analyticsadmin-gen.go")


def test_names_under_a_namespace_are_names() -> None:
    code = ('\tctxCredentials = "github.com/jcmturner/gokrb5/v8/ctxCredentials"\n'
            '\tAttributeKeyADCredentials = "gokrb5AttributeKeyADCredentials"\n')
    assert hidden(code, "spnego/http.go")


def test_a_random_value_ending_in_its_name_is_still_shown() -> None:
    require_shown(f'\tapiToken = "{high_entropy(seed=3201, length=16)}apiToken"\n', "client/config.go")


def test_testfiles_folders_are_tests() -> None:
    assert is_test_path("dockerfile/parser/testfiles/cpuguy83-nagios/Dockerfile")


def test_a_list_of_credential_ids_holds_identifiers() -> None:
    # (from the Ansible sweep, once a rule for YAML list items came in)
    yaml = '    globalCredentialIdList:\n      - "90acbab8-03d5-4726-9c19-e1e51a40b3cd"\n'
    assert hidden(yaml, "cisco/dnac/playbooks/discovery.yml")
