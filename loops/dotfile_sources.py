"""The file a dotfiles manager's source file becomes: chezmoi keeps ~/.npmrc as `private_dot_npmrc`, ~/.ssh/config
as `private_dot_ssh/config` and ~/.config/gh/hosts.yml as `dot_config/gh/hosts.yml.tmpl` (attributes as
prefixes, `dot_` for the leading dot, `.tmpl` for a template). Dotfiles repositories are where such files are
published; a scan reads each as the file it becomes (its format, its rules), and reports it under its own path.
"""

from __future__ import annotations

# chezmoi's source-state attributes, in the order it writes them; any number may precede `dot_`
_ATTRIBUTES = ("create_", "modify_", "remove_", "run_", "once_", "onchange_", "before_", "after_", "encrypted_",
               "private_", "readonly_", "empty_", "executable_", "symlink_", "exact_", "literal_")
_DOT = "dot_"
_TEMPLATE = ".tmpl"


def target_name(part: str) -> str:
    """`private_dot_npmrc` -> `.npmrc`; a name that does not become a dotfile is returned as it is
    (private_key.pem stays: only attributes followed by `dot_` are read as chezmoi's)."""
    name = part
    stripped = True
    while stripped:
        stripped = False
        for attribute in _ATTRIBUTES:
            if name.startswith(attribute):
                name, stripped = name[len(attribute):], True
                break
    if not name.startswith(_DOT) or len(name) == len(_DOT):
        return part
    name = "." + name[len(_DOT):]
    return name[:-len(_TEMPLATE)] if name.endswith(_TEMPLATE) and len(name) > len(_TEMPLATE) + 1 else name


def target_path(path: str) -> str:
    """The path with each chezmoi-named part read as the file or folder it becomes."""
    if _DOT not in path:
        return path  # nearly every path: no part can be chezmoi's
    return "/".join(target_name(part) for part in path.split("/"))
