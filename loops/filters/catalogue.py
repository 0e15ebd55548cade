"""The catalogue: every filter of the package, in the order they run.

Each concern module registers its filters in `FILTERS` as it is imported; this module imports them
all and puts `FILTERS` in the catalogue order below. The order is written out here, in one place,
because it is not the modules' order: the filters were added one by one as kinds of false
positives were met, so one concern's filters are spread through the order. The order is behaviour:
`run_filters` returns the names of the hits in it, and the first decisive hit gives a dismissed
finding its reason. A new filter takes its place in its module and here (the import says which
one is missing or unknown).
"""

from __future__ import annotations

from . import (  # noqa: F401  imported for what they register
    placeholders,
    typed_runs,
    encrypted_and_references,
    public_formats,
    code_structure,
    hashes_and_digests,
    regex_syntax,
    identifiers,
    key_names,
    setting_values,
    stand_ins_in_examples,
    formats,
    text_and_labels,
    paths_urls_and_directory_names,
    type_declarations,
    code_literals,
    encoded_stand_ins,
    signals,
    expired_signatures,
    web_app_shapes,
)
from .registry import FILTERS

ORDER: tuple[str, ...] = (
    "placeholder", "validation_rules", "masked", "repeated_or_sequential", "typed_placeholder", "env_reference", "template_expression", "protected_setting_ciphertext",
    "erlang_macro", "templated", "documented_example_key", "code_reference", "bare_word_in_code",
    "hash_or_digest", "hashed_password_column", "identityserver_stored_digest", "encrypted_value", "openpgp_key_id", "existing_secret_name", "secret_manager_reference",
    "regex_capture", "regex_fragment", "uuid", "digest_under_bare_key", "bare_key_of_a_mechanism", "pipeline_credentials_id", "payment_object_token", "priced_record_token", "oracle_cloud_ocid", "describing_key_name", "refused_password_list", "nginx_auth_basic_realm", "git_signing_key_id", "collection_or_module_as_name", "auth_method_name", "oauth_grant_type",
    "resource_type_as_key", "default_snmp_community", "twilio_key_sid_called_sid",
    "anti_forgery_token", "sequential_run", "fragment", "quoted_in_prose", "declared_sample_block", "key_names_no_credential", "label_denies_credential", "label_says_identifier",
    "provider_format_mismatch", "cut_google_api_key", "fixture_key_name", "fixture_named_token_in_test", "ui_text_key", "pipeline_pass_name", "natural_language",
    "file_path_or_url_without_credentials", "low_entropy", "number_or_version", "dotted_name",
    "snake_case_slug", "null_or_boolean", "type_expression", "urn_or_requirement", "negated_key_word",
    "same_as_key_name", "engine_default_password", "product_name_as_key", "marker_in_token", "public_by_key_name", "key_id_beside_its_secret", "kong_jwt_issuer_key", "signed_event_nonce", "prose", "literal_type_union", "argument_pair",
    "key_not_the_name_assigned", "section_reference", "working_directory_variable", "color_value", "regex_source",
    "badge_image_token", "crypto_test_vector", "cited_test_vector", "credential_class_first_argument", "cursor_or_idempotency_token", "push_device_token", "resource_name", "rclone_wrapped_remote",
    "storage_key_name", "option_name", "type_annotation", "declared_literal_type", "typeof_check",
    "text_after_a_literal", "name_in_a_statement", "basic_auth_placeholder", "short_value_in_example",
    "user_password_placeholder", "common_password_in_example", "reserved_example_host", "request_credentials_mode",
    "predicate_key_name",
    "encoding_name", "words_after_prefix", "words_and_counting_run", "stub_after_prefix", "stand_in_in_example", "client_token_uuid_in_example",
    "schema_example_field", "introduced_as_example", "algorithm_name", "object_reference", "numbered_id", "string_annotation",
    "possessive_stand_in_in_example", "spelled_credential_in_example", "storage_emulator_account", "der_certificate", "media_data_uri",
    "upstream_directive", "lexer_token_type", "url_parts_named", "worded_key_in_example", "http_header_name",
    "text_token", "pass_through_name", "type_name_in_declaration", "path_segment", "type_in_annotation",
    "camel_case_name_as_key", "named_example_value", "standard_name", "value_spells_key_name",
    "interleaved_sequence", "wordlike_value", "english_value", "hex_value", "uuid_value",
    "value_names_credential", "identifier_in_code", "multiword_value", "joined_words_value", "dotenv_phrase_word", "password_equals_user", "catalogue_text",
    "translated_password_label", "prose_in_markup", "icon_codepoint",
    "element_id_selector", "selector_head", "keyvalues_setting", "program_or_query_reference", "word_in_manual_page",
    "email_address_value", "address_after_uri_scheme", "local_default_account", "anonymous_ftp_password", "pkcs11_uri_label", "ldap_dn_value", "ldap_search_filter", "secret_mount_spec", "table_category_column", "shell_command_substitution",
    "interpolated_variables", "interpolated_template", "hash_key_literal", "ldif_sample_person_password", "capital_words_marker",
    "error_code_for_field", "when_option_value", "identifier_path", "camel_field_name_as_key", "hex_byte_dump",
    "credential_field_label", "word_slug_as_key", "hashed_asset_name", "credential_attribute_compared",
    "determiner_stand_in", "negation_marker", "migration_name", "metasyntactic_run", "field_name_list",
    "graphql_field_type", "number_before_closing_tags", "unattend_configuration_pass", "unattend_empty_password",
    "yubikey_otp",
    "counting_bytes", "shape_id", "elided_key_block", "key_block_cut_by_ellipsis",
    "key_header_without_key",
    "text_encoded_seed", "home_row_mash",
    "jwt_signed_with_stand_in", "test_token_signing_key", "jose_header_alone", "unsecured_jwt", "jwt_signature_wrong_length", "encoded_stand_in_pair", "base64_of_stand_in",
    "encoded_interface_text", "encrypted_key_in_test",
    "object_identifier", "colon_separated_record",
    "jwt_with_stand_in_claims", "composite_literal", "php_serialized_structure", "go_field_type", "go_enum_constant", "ruby_symbol",
    "header_name_constant", "qualified_package_name", "source_file_path", "concatenated_prefix",
    "go_time_layout", "sasl_plain_stand_in", "public_by_format", "pusher_key_in_pusher_block", "client_key_in_a_widget_config", "ghost_content_api_key", "app_center_app_secret", "shopify_app_api_key", "firebase_app_config_key", "supabase_local_key", "firebase_web_config_key", "browser_module_write_key", "analytics_cookie", "algolia_search_config_key", "algolia_lite_client_key", "supabase_client_anon_key",
    "firebase_download_token", "android_debug_keystore_password", "query_parameter_start", "expired_signature", "expired_jwt",
    "word_list_entry",
    "recorded_response_cookie", "class_name_table",
    "python_class_reference", "key_name_within_value", "digest_of_literal_beside", "attribute_map_entry",
    "security_scheme_names", "counted_digit_groups", "encoded_phrase_in_example", "fixture_word_in_value",
    "schema_type_name", "php_complex_interpolation", "constant_name_as_value", "constant_name_list", "attribute_selector_value",
    "negated_expression", "dunder_name", "keyboard_access_key", "key_chord", "starred_marker", "rails_local_secret_key_base", "phoenix_local_secret_key_base", "phrase_in_json_list",
    "test_case_arguments", "key_block_name", "cipher_suite_name", "renamed_constant", "jca_algorithm_registration",
    "export_ordinal", "make_prerequisite", "name_of_a_value_attribute", "build_variable", "c_statement_value",
    "namespaced_command", "c_format_string", "equality_comparison", "parameter_description", "ternary_branch",
    "argument_keyword",
    "commit_id_table", "shared_key_request_signature", "shell_expansion_value", "dot_concatenated_code", "worded_salt", "size_and_kind_spelled", "url_with_a_word_port", "debhelper_package_option", "rails_route_target", "cgi_header_variable", "compared_operand", "erlang_variable", "constant_name_columns", "html_element_start",
    "digest_by_declared_format", "ws_security_password_digest", "cipher_algorithm_name", "password_hasher_name", "model_attribute_cast", "sendgrid_template_id", "cloud_region_name", "ssh_key_algorithm_name",
    "maps_sdk_client_key", "listen_only_access_key", "digest_of_a_common_password",
    "public_key_der", "evm_address", "published_development_key", "sealed_secret_ciphertext", "encrypted_with_a_key_file",
    "vagrant_box_password", "typed_public_key", "model_weights_file",
    "public_key_encoding", "small_number_table", "published_cipher_example_key", "data_key_name", "published_client_secret", "client_sdk_token", "map_tile_url_key", "access_mode_value", "arduino_keyword_class", "generated_key_of_typed_text", "too_short_for_a_key",
    "edn_reader_tag", "zero_padded_hex", "validator_withdrawal_credentials", "scram_verifier_member", "devise_token_digest",
    "fixture_word_with_random_tail", "test_user_record_token", "cookie_key_derivation_salt", "documented_token_response", "session_name", "public_trade_offer_link", "expired_jwt_in_example",
)


def _put_in_order() -> None:
    registered = {f.name for f in FILTERS}
    missing, unknown = registered - set(ORDER), set(ORDER) - registered
    twice = (len(FILTERS) - len(registered)) + (len(ORDER) - len(set(ORDER)))
    if missing or unknown or twice:
        raise ImportError(f"filters catalogue out of step: not in ORDER {sorted(missing)}, not registered {sorted(unknown)}, "
                          f"names registered or placed twice {twice}")
    position = {name: i for i, name in enumerate(ORDER)}
    FILTERS.sort(key=lambda f: position[f.name])  # in place: every module holds this same list


_put_in_order()
