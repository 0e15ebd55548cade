"""Settings: one pydantic model with defaults, shared by the CLI and the language server.

Every field has a default, so a partial or empty configuration is a full one. Unknown
keys are rejected: a typo in a setting should be a clear message, not silently ignored.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

MB = 1024 * 1024


class Budget(BaseModel):
    model_config = ConfigDict(extra="forbid")

    max_rounds: int = Field(100_000, ge=1)
    max_judge_calls: int = Field(200, ge=0)  # model calls per run (offline judge calls are free)
    max_tokens: int = Field(200_000, ge=0)
    max_wall_seconds: float = Field(3600.0, gt=0)
    max_retries: int = Field(10, ge=0)  # one global retry counter for the run
    failure_threshold: int = Field(3, ge=1)  # consecutive failures that stop (or degrade) a phase


class OpenAISettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: str = "gpt-4o-mini"
    base_url: str | None = None  # None: the client's default (api.openai.com)
    api_key_env: str = "OPENAI_API_KEY"  # the NAME of the variable; the key itself is never stored
    timeout_seconds: float = Field(30.0, gt=0)
    temperature: float = Field(0.2, ge=0.0, le=2.0)
    batch_size: int = Field(8, ge=1, le=64)
    # Opt-in: send the raw value to the model. Off by default: only the redacted preview and
    # shape features go out (DESIGN.md §2).
    send_values: bool = False
    context_lines: int = Field(2, ge=0, le=10)


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    judge: Literal["offline", "openai", "scripted"] = "offline"
    openai: OpenAISettings = Field(default_factory=OpenAISettings)
    budget: Budget = Field(default_factory=Budget)

    # rules: your own rules files (the packaged rules.toml's format; paths relative to the first
    # root), added to the packaged rules, and packaged rule ids to switch off
    rules_files: list[str] = Field(default_factory=list)
    disabled_rules: list[str] = Field(default_factory=list)

    # discovery
    exclude: list[str] = Field(default_factory=list)  # gitignore-style patterns
    max_file_size: int = Field(2 * MB, ge=1)
    respect_gitignore: bool = True
    scan_batch_files: int = Field(64, ge=1)  # files per scan round

    @field_validator("exclude")
    @classmethod
    def _exclude_patterns_compile(cls, patterns: list[str]) -> list[str]:
        # said where the settings are read (CLI, editor), not as a failed run later
        from .discovery import invalid_patterns  # discovery imports this module

        bad = invalid_patterns(patterns)
        if bad:
            raise ValueError(f"not valid gitignore-style patterns: {', '.join(repr(p) for p in bad)}")
        return patterns

    # loop behaviour
    pause_on_notes: bool = False  # pause for a person when a step raises its hand (the server sets True)
    wait_for_review: bool = False  # stop as need_human at review (server) or report pending (CLI)
    trace: bool = False  # keep a state snapshot per round (trace lines are always written)
    context_lines: int = Field(2, ge=0, le=10)
    decisions_file: str = ".secretloop/decisions.jsonl"  # relative to each root
