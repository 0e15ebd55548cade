"""Data-engineering, ML and notebook files (red-team round rt20), whole files through the scanner, the
filters and the offline judge: account keys in Spark and Azure ML configs, beeline's -p, Kaggle keys,
StackExchange.Redis connection strings and base64-encoded service account keys are shown; the same files
with references, placeholders and checksums are not. Values are made up at test time; failure messages
name statuses, never values."""

from __future__ import annotations

import base64
import json
import random
import string

import pytest

from tests.loops.test_fp_corpus_classes import outcomes
from tests.support.tokens import random_chars, random_password

_R = random.Random()


def _pw() -> str:
    while True:
        v = random_password(seed=_R.randrange(1 << 30), length=_R.randrange(12, 20))
        if v[0].isalpha() and not set(v) & set(",;|'\"$%<>{}`\\ "):
            return v


def _hex(n: int) -> str:
    return random_chars(_R, n, "0123456789abcdef")


def _b64(nbytes: int) -> str:
    return base64.b64encode(bytes(_R.randrange(256) for _ in range(nbytes))).decode()


def _sa_key_b64(indent: int | None) -> str:
    key = {"type": "service_account", "project_id": "acme-ml", "private_key_id": _hex(40),
           "private_key": "-----BEGIN PRIVATE KEY-----\n" + "\n".join(_b64(48) for _ in range(24))
           + "\n-----END PRIVATE KEY-----\n",
           "client_email": "trainer@acme-ml.iam.gserviceaccount.com", "client_id": "1" + random_chars(_R, 20, string.digits)}
    return base64.b64encode(json.dumps(key, indent=indent).encode()).decode()


def require_shown(text: str, path: str, n: int) -> None:
    __tracebackhide__ = True  # the arguments hold planted values
    statuses = outcomes(text, path)
    if sum(s != "dismissed" for s in statuses) < n:
        pytest.fail(f"{path}: expected {n} shown ({statuses})")


def require_hidden(text: str, path: str) -> None:
    __tracebackhide__ = True
    statuses = outcomes(text, path)
    if any(s != "dismissed" for s in statuses):
        pytest.fail(f"{path}: expected nothing shown ({statuses})")


# -- shown ----------------------------------------------------------------------------------------

def test_spark_defaults_azure_account_key_separated_by_spaces() -> None:
    text = ("spark.master                     yarn\nspark.eventLog.enabled           true\n"
            f"spark.hadoop.fs.azure.account.key.acmedata.blob.core.windows.net  {_b64(64)}\n")
    require_shown(text, "spark/conf/spark-defaults.conf", 1)


def test_azure_ml_datastore_account_key() -> None:
    text = ("$schema: https://azuremlschemas.azureedge.net/latest/azureBlob.schema.json\nname: training_data\n"
            "type: azure_blob\naccount_name: acmemldata\ncontainer_name: datasets\ncredentials:\n"
            f"  account_key: {_b64(64)}\n")
    require_shown(text, "ml/datastore.yml", 1)


def test_beeline_password_in_a_load_script() -> None:
    text = ("#!/bin/sh\nset -e\n"
            f"beeline -u jdbc:hive2://hive.internal:10000/default -n etl -p {_pw()} -f load.hql\n")
    require_shown(text, "etl/load.sh", 1)


def test_kaggle_key_in_a_notebook_cell() -> None:
    cell = {"cell_type": "code", "execution_count": 2, "id": "k1", "metadata": {}, "outputs": [],
            "source": ["import os\n", "os.environ['KAGGLE_USERNAME'] = 'jdoe'\n", f"os.environ['KAGGLE_KEY'] = '{_hex(32)}'"]}
    text = json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1)
    require_shown(text, "notebooks/download.ipynb", 1)


def test_feast_redis_connection_string_password() -> None:
    text = ("project: fraud\nregistry: s3://acme-feast/registry.db\nprovider: aws\nonline_store:\n  type: redis\n"
            f"  connection_string: \"redis.internal:6379,password={_pw()}\"\n")
    require_shown(text, "feature_repo/feature_store.yaml", 1)


@pytest.mark.parametrize("indent", [None, 2])
def test_base64_service_account_key_in_a_loader(indent: int | None) -> None:
    text = f"import base64, json\nfrom google.oauth2 import service_account\nGOOGLE_CREDENTIALS_B64 = \"{_sa_key_b64(indent)}\"\n"
    require_shown(text, "bq/load.py", 1)


def test_jupyterhub_cookie_secret_from_a_hex_literal() -> None:
    text = ("c = get_config()\nc.JupyterHub.authenticator_class = 'github'\n"
            f"c.JupyterHub.cookie_secret = bytes.fromhex('{_hex(64)}')\n")
    require_shown(text, "jupyterhub/jupyterhub_config.py", 1)


def test_nifi_sensitive_props_key() -> None:
    key = random_chars(_R, 24, string.ascii_letters + string.digits)
    text = (f"nifi.sensitive.props.key={key}\nnifi.sensitive.props.key.protected=\n"
            "nifi.sensitive.props.algorithm=NIFI_PBKDF2_AES_GCM_256\n")
    require_shown(text, "nifi/conf/nifi.properties", 1)


def test_zeppelin_interpreter_password_property() -> None:
    text = json.dumps({"interpreterSettings": {"jdbc": {"name": "jdbc", "properties": {
        "default.user": {"name": "default.user", "value": "zeppelin", "type": "string"},
        "default.password": {"name": "default.password", "value": _pw(), "type": "password"}}}}}, indent=2)
    require_shown(text, "zeppelin/conf/interpreter.json", 1)


def test_duckdb_create_secret_for_s3() -> None:
    secret = random_chars(_R, 30, string.ascii_letters + string.digits) + "/" + random_chars(_R, 9)
    text = ("INSTALL httpfs;\nLOAD httpfs;\nCREATE SECRET lake (\n    TYPE S3,\n    KEY_ID 'lake-reader',\n"
            f"    SECRET '{secret}',\n    REGION 'eu-west-1'\n);\nSELECT count(*) FROM 's3://acme/events/*.parquet';\n")
    require_shown(text, "sql/load.sql", 1)


# -- not shown ------------------------------------------------------------------------------------

def test_spark_defaults_template_references() -> None:
    require_hidden("spark.hadoop.fs.azure.account.key.acmedata.blob.core.windows.net  ${AZURE_STORAGE_KEY}\n"
                   "spark.hadoop.fs.s3a.secret.key  {{ s3_secret_key }}\n", "spark/spark-defaults.conf")


def test_beeline_with_a_password_file_or_variable() -> None:
    require_hidden("beeline -u jdbc:hive2://hive:10000 -n etl -w /etc/hive/pw.txt -f a.hql\n"
                   "beeline -u jdbc:hive2://hive:10000 -n etl -p \"$HIVE_PASSWORD\" -f b.hql\n", "etl/load.sh")


def test_kaggle_json_example_and_dvc_checksums() -> None:
    require_hidden('{"username":"your-username","key":"your-api-key"}\n', "kaggle.json.example")
    require_hidden(f"outs:\n- md5: {_hex(32)}\n  size: 14445097\n  hash: md5\n  path: train.csv\n", "data/train.csv.dvc")


def test_redis_connection_string_without_a_literal_password() -> None:
    require_hidden("online_store:\n  type: redis\n  connection_string: \"redis.internal:6379,password=${REDIS_PASSWORD}\"\n"
                   "  other: \"redis.internal:6379,ssl=true\"\n", "feature_store.yaml")


def test_short_base64_service_account_stub_and_notebook_image() -> None:
    stub = base64.b64encode(b'{"type": "service_account"}').decode()
    require_hidden(f"FIXTURE = \"{stub}\"\n", "tests/fixtures.py")
    out = {"data": {"image/png": _b64(900), "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
           "metadata": {}, "output_type": "display_data"}
    cell = {"cell_type": "code", "execution_count": 3, "id": "p1", "metadata": {}, "outputs": [out], "source": ["plt.plot(x, y)"]}
    require_hidden(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1), "plots.ipynb")


def test_cookie_secret_from_the_environment_and_an_empty_nifi_key() -> None:
    require_hidden("c.JupyterHub.cookie_secret = bytes.fromhex(os.environ['JPY_COOKIE_SECRET'])\n", "jupyterhub_config.py")
    require_hidden("nifi.sensitive.props.key=\nnifi.sensitive.props.key.protected=\n", "nifi/conf/nifi.properties")


def test_tokenizer_config_special_tokens() -> None:
    text = json.dumps({"bos_token": "<s>", "eos_token": "</s>", "pad_token": "<unk>", "mask_token": "[MASK]",
                       "additional_special_tokens": ["<|im_start|>", "<|im_end|>"], "token": None,
                       "tokenizer_class": "LlamaTokenizer"}, indent=2)
    require_hidden(text, "models/llama/tokenizer_config.json")


def test_zeppelin_empty_password_and_duckdb_credential_chain() -> None:
    text = json.dumps({"properties": {"default.password": {"name": "default.password", "value": "", "type": "password"},
                                      "default.url": {"name": "default.url", "value": "jdbc:postgresql://localhost:5432/", "type": "url"}}}, indent=2)
    require_hidden(text, "zeppelin/conf/interpreter.json")
    require_hidden("CREATE SECRET lake (TYPE S3, PROVIDER credential_chain);\n"
                   "CREATE SECRET (TYPE GCS, KEY_ID getenv('GCS_KEY_ID'), SECRET getenv('GCS_SECRET'));\n", "sql/secrets.sql")
