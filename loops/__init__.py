"""The audit loop: state, engine, phases, detection, judges, decisions and reports."""
