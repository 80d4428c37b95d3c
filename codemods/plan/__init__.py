"""Stage 3, plan: each fixable site -> its kind's `SitePlan` (`codemods.fixes`), and the names the
new code uses (`plans`, `names`)."""
