"""Command-line front ends (depend on the core; the core never imports them)."""
