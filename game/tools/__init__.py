"""Headless tools beside the game, run by `main.py` commands: `stress` (random legal games,
every invariant checked), `build_engine` (compiles the Startup Fever rules with mypyc).
Nothing in the rules imports them."""
