"""Stage plan: each fixable site -> its kind's `SitePlan` (`codemods.fixes`), the names the new
code uses and the header to add (`plans`)."""
