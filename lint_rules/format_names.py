"""The lint's output formats by name, read by the CLI's parser without importing their writers
(`lint_rules.formats`, whose imports the start-up of a pre-commit call does not need)."""

FORMATS = ("text", "json", "github", "sarif", "lintrunner")
