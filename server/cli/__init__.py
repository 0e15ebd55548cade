"""SecretLoop: finds hardcoded secrets and shows them where you work.

The package root holds only the command-line entry point; the audit loop lives in
`secretloop.loops` (folder `loops/`) and the language server in `secretloop.server`
(folder `server/`).
"""

__version__ = "0.1.0"
