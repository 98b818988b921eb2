"""What both games' tables share, so neither game's screens import the other's.

Reading order: look.py (sprites, player colours and shapes), seats.py (the names),
screen.py (`GameScreen`: seats, pause, leaving, a person's die press, the thought bubble,
the shared prompt bars), driver.py (the turn driver: whose move, who answers, how long
the table waits) with sources.py (where a seat's decisions come from: a local device, the
computer, a script), pace.py (hold to play fast, click to skip), director.py (the
step queue each game's director fills from its events), die.py / cards.py / effects.py /
roll_call.py (things that move: a die, a card flip, particles and flying labels, a person's
own roll), log_panel.py (the log), results.py (the results screen and its chart).
"""
