"""SERVERMANIA on screen: new-game setup, the board scene and its animations, results.

Reading order: seats.py (who plays), board_view.py and camera.py (the map), pawns.py
(things that move; the die, cards and effects are the table's, `scenes.table`),
director.py (rules events -> animation steps), board_scene.py (the screen that ties them
together), prompts.py (human decisions), hud.py (side panel), legend.py (what each square
does), results.py.
The scenes never decide a rule: they call the rules API and animate the events it returns.
"""
