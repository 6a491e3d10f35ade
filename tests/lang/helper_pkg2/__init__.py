"""Helper package without relative imports in __init__ (not a test)."""
INIT = "init ran"
