"""Startup Fever on screen: the join-in lobby, the table and its animations, results.

Reading order: DESIGN.md (the map of the package and its seams), seats.py (who plays), setup.py
(the lobby's config), look.py (sprites, colours, markers and chips), model.py (what the
table shows: public only), table_view.py and panels.py (the table and company panels,
drawn from `maps/startupfever.tmx` through `game.startupfever.layout`), movers.py (things
that move), director.py (rules events -> animation steps), table_scene.py (the screen that ties
them together), decisions.py / curtain.py / beat.py (human decisions and hidden hands),
words.py / log_panel.py (the log), notice.py (banners and coach tips: where words go),
showdown.py (the year end), results.py; info.py says what the shared screens know of
the game (scenes/registry.py).
The scenes never decide a rule: they call the rules API and animate the events it returns.
"""
