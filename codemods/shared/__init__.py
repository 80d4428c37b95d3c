"""The bottom layer every stage may use: the module's lines and the statement ranges libcst
sees (`units`), black-clean layout (`layout`). It imports nothing of the codemod."""
