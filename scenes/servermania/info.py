"""SERVERMANIA's screens as the shared screens know them (`scenes/registry.py`); imports
no screen itself."""

from scenes.registry import GameScreens, register

INFO = register(GameScreens(
    id="servermania",
    table="scenes.servermania.board_scene:BoardScene",
    seats="scenes.servermania.seats",
    new_game="scenes.servermania.setup:NewGameScene",
    lobby="scenes.servermania.setup:LOBBY",
    howto="scenes.servermania.howto:PAGES",
    bench=("scenes.tools.bench_servermania:measure",),
    people="scenes.servermania.people:ServermaniaPeople",
    art=("tiles/servermania_tiles.png",),
))
