"""SERVERMANIA on screen: new-game setup, the board scene and its animations, results.

Reading order: seats.py (who plays), look.py (sprites and colours), board_view.py and
camera.py (the map), pawns.py / die.py / cards.py / effects.py (things that move),
director.py (rules events -> animation steps), board_scene.py (the screen that ties them
together), roll_call.py (a person hits their own die), prompts.py (human decisions),
hud.py / log_panel.py (side panel), legend.py (what each square does), results.py.
The scenes never decide a rule: they call the rules API and animate the events it returns.
"""
