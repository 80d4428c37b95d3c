"""Stage rewrite: one attempt per module (`attempt`): site calls on their own text, libcst
(`transformer`) on the statement units that change as a whole, the runtime import and logger
(`header`, `anchors`), all spliced into the text (`splice`)."""
