"""The bottom layer every stage may use: the module's lines and the statement ranges libcst
sees (`units`), black-clean layout (`layout`), the one way to say "review this, because ..."
(`review`). It imports nothing of the codemod."""
