"""``python -m et_log_runtime``: list the components, manage the opt-in startup hook.

et-log only: not vendored into ExecuTorch (nothing ``__init__`` exports imports it).
"""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    prog = f"python -m {__package__ or 'et_log_runtime'}"
    parser = argparse.ArgumentParser(prog=prog, description=__doc__)
    parser.add_argument(
        "command",
        choices=["names", "install-startup-hook", "uninstall-startup-hook"],
        help="names: list TORCH_LOGS names; *-startup-hook: for TORCH_DEVICE_BACKEND_AUTOLOAD=0 "
        "or torch < 2.13 (see docs/runtime.md)",
    )
    args = parser.parse_args(argv)
    if args.command == "names":
        from .names import ARTIFACTS, COMPONENTS

        for name, qnames in COMPONENTS.items():
            sys.stdout.write(f"{name:12} {', '.join(qnames)}\n")
        for name, (component, description) in ARTIFACTS.items():
            sys.stdout.write(f"{name:12} artifact of {component}: {description}\n")
        return 0
    from . import startup

    if args.command == "install-startup-hook":
        sys.stdout.write(f"installed {startup.install()}\n")
    else:
        path = startup.uninstall()
        sys.stdout.write(f"removed {path}\n" if path else "no startup hook installed\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
