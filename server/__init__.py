"""The language server: maps loop events to LSP and LSP requests to loop calls."""
