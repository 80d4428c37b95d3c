"""Stage 7, report: the run's tally and its table, Markdown and JSON (`tally`), progress lines
(`progress`)."""
