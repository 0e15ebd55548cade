"""Settings for the CLI: the config file, then flags on top. A bad value is a usage error."""

from __future__ import annotations

import argparse
import os
import tomllib

from pydantic import ValidationError

from secretloop.loops.rules.catalogue import CatalogueError, catalogue_for
from secretloop.loops.settings import Settings

from .cli import UsageError

_FLAG_TO_FIELD = {
    "judge": ("judge",),
    "model": ("openai", "model"),
    "base_url": ("openai", "base_url"),
    "api_key_env": ("openai", "api_key_env"),
    "timeout": ("openai", "timeout_seconds"),
    "temperature": ("openai", "temperature"),
    "batch_size": ("openai", "batch_size"),
    "send_values": ("openai", "send_values"),
    "max_calls": ("budget", "max_judge_calls"),
    "max_tokens": ("budget", "max_tokens"),
    "max_file_size": ("max_file_size",),
    "trace": ("trace",),
}


def _read_config(path: str) -> dict:
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        raise UsageError(f"config file {path} does not exist") from None
    except tomllib.TOMLDecodeError as err:
        raise UsageError(f"config file {path} is not valid TOML: {err}") from None
    except OSError as err:
        raise UsageError(f"cannot read config file {path}: {err.strerror}") from None
    return data


def default_config_path(roots: list[str]) -> str | None:
    """Where the first root keeps its settings (<root>/.secretloop/config.toml), present or not."""
    if not roots:
        return None
    first = roots[0] if os.path.isdir(roots[0]) else os.path.dirname(os.path.abspath(roots[0]))
    return os.path.join(first, ".secretloop", "config.toml")


def load_settings(args: argparse.Namespace, roots: list[str]) -> Settings:
    data: dict = {}
    source = "flags"
    config = getattr(args, "config", None)
    if not config:
        candidate = default_config_path(roots)
        if candidate and os.path.isfile(candidate):
            config = candidate
    if config:
        data = _read_config(config)
        source = config
    for flag, where in _FLAG_TO_FIELD.items():
        value = getattr(args, flag, None)
        if value is None:
            continue
        node = data
        for key in where[:-1]:
            node = node.setdefault(key, {})
        node[where[-1]] = value
    if getattr(args, "exclude", None):
        data["exclude"] = list(data.get("exclude", [])) + list(args.exclude)
    try:
        settings = Settings.model_validate(data)
    except ValidationError as err:
        lines = []
        for e in err.errors():
            where = ".".join(str(p) for p in e["loc"])
            lines.append(f"  {where}: {e['msg']}")
        raise UsageError(f"invalid settings (from {source}):\n" + "\n".join(lines) + "\nfix these values or remove them to use the defaults")
    if settings.rules_files or settings.disabled_rules:
        check_rules(settings, roots, source)
    return settings


def check_rules(settings: Settings, roots: list[str], source: str) -> None:
    """Own rules that cannot be used stop the CLI with the reason (the loop itself would fall
    back to the packaged rules, which a CI job should not do silently)."""
    try:
        catalogue_for(settings.rules_files, settings.disabled_rules, roots[0] if roots else ".")
    except CatalogueError as err:
        raise UsageError(f"rules settings (from {source}): {err}") from None
