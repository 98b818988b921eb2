"""The User Track (RULES.md F5)."""

from game.startupfever import usertrack as ut


def test_F5_log_scale_five_fields_per_factor_of_ten():
    assert [ut.users(f) for f in range(7)] == [0, 10, 16, 25, 40, 63, 100]
    assert ut.users(16) == 10_000 and ut.users(36) == 100_000_000
    assert ut.users(46) == 10_000_000_000 and ut.LAST_FIELD == 46


def test_F5_launch_line_and_100M_mark():
    assert ut.LAUNCH_FIELD == 16 and ut.label(16) == "10K"
    assert ut.MARK_100M == 36 and ut.label(36) == "100M"
    assert ut.label(0) == "X" and ut.label(28) == "2.5M" and ut.label(46) == "10B"


def test_F5_base_revenue_bands():
    bands = {0: 1, 10: 1, 11: 2, 20: 2, 21: 3, 25: 3, 26: 4, 31: 5, 36: 6, 41: 7, 45: 7, 46: 8}
    for field, revenue in bands.items():
        assert ut.base_revenue(field) == revenue, field


def test_F5_victory_points():
    assert [ut.victory_points(f) for f in (0, 15, 16, 36, 46)] == [0, 0, 1, 21, 31]


def test_F8_markers_clamp():
    assert ut.clamp(-3) == 0 and ut.clamp(50) == 46 and ut.clamp(20) == 20


def test_table_rows_for_every_field():
    assert len(ut.TABLE) == 47 and ut.TABLE[16] == (16, "10K", 2, 1)
