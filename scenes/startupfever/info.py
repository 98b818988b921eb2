"""Startup Fever's screens as the shared screens know them (`scenes/registry.py`); imports
no screen itself."""

from scenes.registry import GameScreens, register

DEMO_PACE = 3.0  # the demo's default pace (3x: a whole game in a few minutes; watch.py)

INFO = register(GameScreens(
    id="startupfever",
    table="scenes.startupfever.table_scene:TableScene",
    seats="scenes.startupfever.seats",
    new_game="scenes.startupfever.setup:NewGameScene",
    lobby="scenes.startupfever.setup:LOBBY",
    howto="scenes.startupfever.howto:PAGES",
    bench=("scenes.tools.bench_startupfever:measure",
           "scenes.tools.bench_startupfever:measure_scene"),
    people="scenes.startupfever.people:StartupFeverPeople",
    entries=(("Learn Startup Fever", "scenes.startupfever.guided:GuidedGame"),),
    demo_pace=DEMO_PACE,
))
