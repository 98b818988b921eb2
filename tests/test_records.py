"""Records across evenings (game/records.py): per name and game, kept atomically, names
typed the same way share one, a bad file is set aside."""

from __future__ import annotations

from game.names import name_key
from game.records import Book


def test_records_count_games_wins_best_and_last_per_name_and_game(tmp_path):
    book = Book(tmp_path)
    assert book.add("startupfever", ["Ada", "Bo", "Cy"], [True, True, False], [10, 5, 20],
                    [2]) == ["Ada: first game", "Bo: first game"]
    book.add("startupfever", ["ada ", "Bo"], [True, True], [30, 1], [0])
    lines = Book(tmp_path).add("startupfever", ["ADA", "Bo"], [True, True], [12, 2], [0])
    assert lines == ["ADA: 2nd win in 3 games", "Bo: 0 wins in 3 games"]
    again = Book(tmp_path)
    ada = next(r for r in again.of("startupfever") if name_key(r.name) == "ada")
    assert (ada.games, ada.wins, ada.best) == (3, 2, 30) and ada.last
    assert [r.name for r in again.of("startupfever")] == ["ADA", "Bo"]  # most wins first
    assert again.of("servermania") == []  # per game
    assert not any(r.name == "Cy" for r in again.of("startupfever"))  # computers: none


def test_names_typed_the_same_way_compare_equal():
    assert name_key("Ada") == name_key(" ada ") == name_key("ＡＤＡ") == name_key("ADA")
    assert name_key("Ada Lovelace") == name_key("ada   lovelace")
    assert name_key("Ada") != name_key("Adam")


def test_a_bad_records_file_is_set_aside_and_records_start_afresh(tmp_path):
    (tmp_path / "records.json").write_text('{"format": "unicorn-arcade-records", '
                                          '"version": 1, "games": {"chess": []}}')
    book = Book(tmp_path)
    assert book.of("startupfever") == []
    assert book.problems and "moved aside" in book.problems[0]
    assert (tmp_path / "records.json.bad").exists()
    book.add("servermania", ["Ada", "Bo"], [True, True], [1, 2], [1])
    assert Book(tmp_path).of("servermania")


def test_clear_records_forgets_everything(tmp_path):
    book = Book(tmp_path)
    book.add("servermania", ["Ada", "Bo"], [True, True], [1, 2], [1])
    book.clear()
    assert Book(tmp_path).of("servermania") == [] and not (tmp_path / "records.json").exists()
