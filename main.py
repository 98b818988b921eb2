"""Unicorn Arcade: command-line entry point.

`python main.py` starts the game window; the subcommands run headless tools
(`python main.py --help`). The command line itself is `scenes/tools/cli.py`: this script
stays small because Python compiles it afresh at every start.
"""

from __future__ import annotations

import gc
import sys

from scenes.tools.cli import build_parser, main, quick_args, run_main

__all__ = ["build_parser", "main", "quick_args", "run_main"]

if __name__ == "__main__":
    # Start-up makes many objects and frees few: collecting meanwhile only costs time.
    # The window resumes collections once its first frame is up; other commands at once.
    gc.disable()
    sys.exit(run_main(collector_paused=True))
