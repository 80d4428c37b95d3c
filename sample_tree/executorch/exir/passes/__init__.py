# Sample package: ExecuTorch-shaped, synthetic.
