"""The e2e tests' harness: the cached wheel environment, the child processes run on it (lowering,
export, application, peer tests), readers of their output, and the scripts that measure the tables
in the docs (run as files, e.g. `.venv/bin/python tests/e2e/harness/migration_table.py`).

This file imports nothing (the drivers also run inside the wheel's interpreter). The tests import
`harness.<module>`: pytest puts tests/e2e on `sys.path`; a script run as a file does the same.
"""
