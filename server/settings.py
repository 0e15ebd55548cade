"""Editor settings: camelCase keys from the client → the loop's Settings + server-only options.

Sources, later ones win leaf by leaf: `initializationOptions.settings`, then the
`secretloop` section of `workspace/configuration` (or the settings pushed with
`workspace/didChangeConfiguration` by clients that cannot be asked).

Parsing is lenient per leaf: a bad value or an unknown key becomes a human-readable
problem naming the editor's key (`openai.timeoutSeconds`, not `timeout_seconds`), and
that one leaf falls back to its default; every other setting is kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..loops.settings import Settings

SECTION = "secretloop"

Severity = Literal["error", "warning", "information", "hint"]


class ScanTriggers(BaseModel):
    model_config = ConfigDict(extra="forbid")

    on_open: bool = True
    on_save: bool = True
    on_change: bool = True
    change_delay_ms: int = Field(500, ge=0, le=60_000)


class SeverityOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    confirmed: Severity = "error"
    pending: Severity = "warning"


class ServerOptions(BaseModel):
    """What only the language server uses (the loop never sees these)."""

    model_config = ConfigDict(extra="forbid")

    scan: ScanTriggers = Field(default_factory=ScanTriggers)
    severity: SeverityOptions = Field(default_factory=SeverityOptions)
    workspace_scan_on_startup: bool = True


# editor key (dotted camelCase) -> path in the loop's Settings
LOOP_KEYS: dict[str, tuple[str, ...]] = {
    "judge": ("judge",),
    "openai.model": ("openai", "model"),
    "openai.baseUrl": ("openai", "base_url"),
    "openai.apiKeyEnv": ("openai", "api_key_env"),
    "openai.timeoutSeconds": ("openai", "timeout_seconds"),
    "openai.temperature": ("openai", "temperature"),
    "openai.batchSize": ("openai", "batch_size"),
    "openai.sendValues": ("openai", "send_values"),
    "openai.maxCalls": ("budget", "max_judge_calls"),
    "openai.maxTokens": ("budget", "max_tokens"),
    "exclude": ("exclude",),
    "maxFileSize": ("max_file_size",),
    "rulesFiles": ("rules_files",),
    "disabledRules": ("disabled_rules",),
}

# editor key -> path in ServerOptions
SERVER_KEYS: dict[str, tuple[str, ...]] = {
    "scan.onOpen": ("scan", "on_open"),
    "scan.onSave": ("scan", "on_save"),
    "scan.onChange": ("scan", "on_change"),
    "scan.changeDelayMs": ("scan", "change_delay_ms"),
    "severity.confirmed": ("severity", "confirmed"),
    "severity.pending": ("severity", "pending"),
    "workspaceScanOnStartup": ("workspace_scan_on_startup",),
}

# Read by the VS Code extension itself; accepted here so they are not reported as unknown.
CLIENT_ONLY_KEYS = frozenset({"path", "trace.server"})


@dataclass
class ServerConfig:
    loop: Settings = field(default_factory=Settings)
    options: ServerOptions = field(default_factory=ServerOptions)
    problems: list[str] = field(default_factory=list)


def flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    """{"scan": {"onOpen": true}, "openai.model": "x"} -> {"scan.onOpen": True, "openai.model": "x"}.

    Clients send either shape (VS Code nests, some Neovim configs use dotted keys).
    Lists and scalars are leaves.
    """
    out: dict[str, Any] = {}
    if not isinstance(data, dict):
        return out
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and not _is_leaf_key(name):  # an empty section adds nothing
            out.update(flatten(value, name + "."))
        else:
            out[name] = value
    return out


def _is_leaf_key(name: str) -> bool:
    return name in LOOP_KEYS or name in SERVER_KEYS or name in CLIENT_ONLY_KEYS


def merge_layers(*layers: dict[str, Any] | None) -> dict[str, Any]:
    """Flatten every layer and let later layers win key by key."""
    merged: dict[str, Any] = {}
    for layer in layers:
        merged.update(flatten(layer or {}))
    return merged


def _nest(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    out: dict[str, Any] = {path[-1]: value}
    for part in reversed(path[:-1]):
        out = {part: out}
    return out


def _deep_set(target: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    for part in path[:-1]:
        target = target.setdefault(part, {})
    target[path[-1]] = value


def _leaf_problem(model: type[BaseModel], path: tuple[str, ...], value: Any) -> str | None:
    """Validate one leaf on its own: the message of its first error, or None when valid."""
    try:
        model.model_validate(_nest(path, value))
    except ValidationError as err:
        return err.errors()[0]["msg"]
    return None


def parse_editor_settings(flat: dict[str, Any]) -> ServerConfig:
    """Turn flattened editor settings into a fully defaulted ServerConfig and its problems."""
    loop_data: dict[str, Any] = {}
    server_data: dict[str, Any] = {}
    problems: list[str] = []
    for key in sorted(flat):
        value = flat[key]
        if value is None:  # an unset value in the client's settings UI: keep the default
            continue
        if key in LOOP_KEYS:
            model, path, target = Settings, LOOP_KEYS[key], loop_data
        elif key in SERVER_KEYS:
            model, path, target = ServerOptions, SERVER_KEYS[key], server_data
        elif key in CLIENT_ONLY_KEYS or key.startswith("trace."):
            continue
        else:
            problems.append(f"unknown setting '{SECTION}.{key}'; ignored")
            continue
        problem = _leaf_problem(model, path, value)
        if problem is not None:
            problems.append(f"setting '{SECTION}.{key}': {problem}; using the default")
            continue
        _deep_set(target, path, value)
    return ServerConfig(
        loop=Settings.model_validate(loop_data),
        options=ServerOptions.model_validate(server_data),
        problems=problems,
    )


def settings_from_initialization_options(options: Any) -> dict[str, Any]:
    """initializationOptions is `{"settings": {...}}`; anything else there is not settings."""
    if isinstance(options, dict) and isinstance(options.get("settings"), dict):
        return options["settings"]
    return {}


def settings_from_pushed(settings: Any) -> dict[str, Any]:
    """didChangeConfiguration params.settings: `{"secretloop": {...}}` (or the section itself)."""
    if isinstance(settings, dict):
        inner = settings.get(SECTION)
        if isinstance(inner, dict):
            return inner
    return {}
