"""Language ids for file paths, and each language's comment markers.

Data, not logic: features.py looks paths up here. A language id is a short lowercase
name ("python", "dotenv", "text"); a path nothing here knows is "text".
"""

from __future__ import annotations

# Exact file names (compared in lower case) that say more than their extension.
FILENAMES: dict[str, str] = {
    "dockerfile": "dockerfile",
    "containerfile": "dockerfile",
    "makefile": "makefile",
    "gnumakefile": "makefile",
    "jenkinsfile": "groovy",
    "gemfile": "ruby",
    "rakefile": "ruby",
    "podfile": "ruby",
    "vagrantfile": "ruby",
    "fastfile": "ruby",
    "brewfile": "ruby",
    "procfile": "yaml",
    ".env": "dotenv",
    ".envrc": "shell",
    ".bashrc": "shell",
    ".bash_profile": "shell",
    ".zshrc": "shell",
    ".zshenv": "shell",
    ".profile": "shell",
    ".npmrc": "ini",
    ".yarnrc": "ini",
    ".pypirc": "ini",
    ".gitconfig": "ini",
    ".editorconfig": "ini",
    ".netrc": "netrc",
    "_netrc": "netrc",
    ".htpasswd": "htpasswd",
    # the SQL a person typed into psql, mysql or sqlite3, as their histories keep it
    ".psql_history": "sql",
    ".psqlrc": "sql",
    ".mysql_history": "sql",
    ".sqlite_history": "sql",
    "pipfile": "toml",
    "cmakelists.txt": "cmake",
    "build.gradle": "groovy",
    "settings.gradle": "groovy",
}

# Extensions (lower case, without the dot).
EXTENSIONS: dict[str, str] = {
    "py": "python", "pyi": "python", "pyw": "python", "ipynb": "json",
    "js": "javascript", "mjs": "javascript", "cjs": "javascript", "jsx": "javascript",
    "gs": "javascript",  # Google Apps Script, as clasp pulls a project's files
    "ts": "typescript", "mts": "typescript", "cts": "typescript", "tsx": "typescript",
    "go": "go",
    "java": "java",
    "apex": "java", "trigger": "java",  # Salesforce Apex: Java's syntax (// comments, '…' strings)
    "kt": "kotlin", "kts": "kotlin",
    "scala": "scala", "sc": "scala",
    "groovy": "groovy", "gradle": "groovy",
    "rb": "ruby", "erb": "ruby", "rake": "ruby", "gemspec": "ruby",
    "php": "php", "phtml": "php",
    "cs": "csharp", "csx": "csharp",
    "fs": "fsharp", "fsx": "fsharp",
    "vb": "vb", "bas": "vb", "vbs": "vb", "vba": "vb", "cls": "vb", "frm": "vb",  # VBA modules as Office exports them
    "au3": "autoit", "ahk": "autohotkey", "ah2": "autohotkey",
    "pas": "pascal", "dpr": "pascal", "lpr": "pascal", "dfm": "pascal",  # (.pp is Puppet's as much as Free Pascal's)
    "nsi": "nsis", "nsh": "nsis", "iss": "inno",
    "c": "c", "h": "c",
    "cc": "cpp", "cpp": "cpp", "cxx": "cpp", "hpp": "cpp", "hh": "cpp", "hxx": "cpp", "ino": "cpp",  # Arduino sketches
    "m": "objective-c", "mm": "objective-c",
    "swift": "swift",
    "rs": "rust",
    "dart": "dart",
    "lua": "lua",
    "pl": "perl", "pm": "perl",
    "r": "r",
    "jl": "julia",
    "ex": "elixir", "exs": "elixir",
    "erl": "erlang", "hrl": "erlang",
    "hs": "haskell",
    "clj": "clojure", "cljs": "clojure", "edn": "clojure",
    "sql": "sql", "pks": "sql", "pkb": "sql", "pls": "sql", "pck": "sql", "plsql": "sql",  # Oracle package specs, bodies
    "sas": "sas",  # SAS programs: &name is a macro variable
    "cfm": "coldfusion", "cfc": "coldfusion", "cfml": "coldfusion",
    "sh": "shell", "bash": "shell", "zsh": "shell", "ksh": "shell", "fish": "shell",
    "ps1": "powershell", "psm1": "powershell", "psd1": "powershell",
    "bat": "batch", "cmd": "batch",
    "jcl": "jcl",  # z/OS job control: every statement starts with //, a comment with //*
    "tf": "terraform", "tfvars": "terraform", "hcl": "terraform",
    "yaml": "yaml", "yml": "yaml",
    "json": "json", "jsonc": "jsonc", "json5": "jsonc",
    "toml": "toml",
    "ini": "ini", "cfg": "ini", "conf": "ini", "cnf": "ini",
    "properties": "properties",
    "env": "dotenv",
    "xml": "xml", "config": "xml", "csproj": "xml", "plist": "xml", "mobileconfig": "xml", "xsd": "xml", "svg": "xml",
    "xaml": "xml",  # WPF and UiPath workflows
    "bprelease": "xml", "bpprocess": "xml", "bpobject": "xml",  # Blue Prism's exported releases and processes
    "html": "html", "htm": "html", "vue": "html", "svelte": "html",
    "css": "css", "scss": "css", "sass": "css", "less": "css",
    "md": "markdown", "markdown": "markdown", "mdx": "markdown",
    "rst": "restructuredtext",
    "adoc": "asciidoc", "asciidoc": "asciidoc",
    "tex": "latex",
    "dockerfile": "dockerfile",
    "mk": "makefile",
    "pem": "pem", "key": "pem", "crt": "pem", "cer": "pem", "pub": "pem",
    "txt": "text", "log": "text",
}

# Markers that start a comment running to the end of the line.
LINE_COMMENT: dict[str, tuple[str, ...]] = {
    "python": ("#",), "ruby": ("#",), "perl": ("#",), "r": ("#",), "julia": ("#",),
    "elixir": ("#",), "shell": ("#",), "powershell": ("#",), "makefile": ("#",),
    "dockerfile": ("#",), "yaml": ("#",), "toml": ("#",), "dotenv": ("#",),
    "cmake": ("#",), "netrc": ("#",), "htpasswd": ("#",),
    "ini": ("#", ";"), "properties": ("#", "!"),
    "terraform": ("#", "//"), "php": ("//", "#"),
    "javascript": ("//",), "typescript": ("//",), "go": ("//",), "java": ("//",),
    "kotlin": ("//",), "scala": ("//",), "groovy": ("//",), "csharp": ("//",),
    "fsharp": ("//",), "c": ("//",), "cpp": ("//",), "objective-c": ("//",),
    "swift": ("//",), "rust": ("//",), "dart": ("//",), "jsonc": ("//",), "css": ("//",),
    "sql": ("--",), "lua": ("--",), "haskell": ("--",),
    "erlang": ("%",), "latex": ("%",),
    "clojure": (";",),
    "vb": ("'",),
    "autoit": (";",), "autohotkey": (";",), "nsis": (";", "#"), "inno": (";",), "pascal": ("//",),
    "batch": ("REM ", "rem ", "::"),
    "jcl": ("//*",),
}

# Block comment openers and closers, for a match after an unclosed opener on its line.
BLOCK_COMMENT: dict[str, tuple[str, str]] = {
    **{lang: ("/*", "*/") for lang in (
        "javascript", "typescript", "go", "java", "kotlin", "scala", "groovy", "csharp",
        "c", "cpp", "objective-c", "swift", "rust", "dart", "php", "css", "jsonc", "sql", "sas",
        "terraform",
    )},
    **{lang: ("<!--", "-->") for lang in ("xml", "html", "markdown")},
    "lua": ("--[[", "]]"),
    "haskell": ("{-", "-}"),
    "powershell": ("<#", "#>"),
    "pascal": ("{", "}"),
    "nsis": ("/*", "*/"),
}

# Languages where "#" starts a comment only at the start of a line or after whitespace
# (`a#b` is a value in YAML, shell and .env files).
HASH_NEEDS_SPACE: frozenset[str] = frozenset({"yaml", "shell", "dotenv", "netrc", "powershell"})

# Languages whose comments are whole lines: `password=abc;def` in an INI file is a value.
LINE_START_ONLY: frozenset[str] = frozenset({"ini", "properties", "dockerfile", "htpasswd", "batch", "jcl", "inno"})

# Config languages: an unquoted value there is a literal, not a reference to a variable.
CONFIG_LANGUAGES: frozenset[str] = frozenset(
    {"yaml", "json", "jsonc", "toml", "ini", "properties", "dotenv", "xml", "netrc", "htpasswd",
     "text", "markdown", "restructuredtext", "asciidoc", "html", "pem", "makefile", "dockerfile",
     "shell", "batch", "powershell", "cmake", "css", "jcl",
     "inno"}  # Inno Setup's sections are INI-like: an unquoted value is a literal (its [Code] is Pascal)
)
