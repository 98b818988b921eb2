"""The join URL's QR code as rows of booleans, made by segno."""

from __future__ import annotations

import segno

from game.companion.qr import QUIET_ZONE, qr_matrix, qr_version

URL = "http://192.168.1.20:8626/s/" + "Jx3_kQ9-" * 4


def _finder_at(m: list[list[bool]], top: int, left: int) -> bool:
    """The 7x7 finder pattern: a dark ring, a light ring, a dark 3x3 centre."""
    for y in range(7):
        for x in range(7):
            ring = max(abs(y - 3), abs(x - 3))
            if m[top + y][left + x] != (ring != 2):
                return False
    return True


def test_the_matrix_is_a_qr_symbol_of_the_reported_version():
    m = qr_matrix(URL, border=0)
    version = qr_version(URL)
    assert 1 <= version <= 40
    size = 17 + 4 * version
    assert len(m) == size and all(len(row) == size for row in m)
    assert all(isinstance(v, bool) for row in m for v in row)
    assert _finder_at(m, 0, 0) and _finder_at(m, 0, size - 7) and _finder_at(m, size - 7, 0)
    assert not _finder_at(m, size - 7, size - 7)


def test_it_is_segnos_code_for_the_url_with_a_light_quiet_zone():
    m = qr_matrix(URL)
    code = segno.make_qr(URL, error="m", boost_error=True)
    expected = [[bool(v) for v in row] for row in code.matrix_iter(border=QUIET_ZONE)]
    assert m == expected
    assert code.error in ("M", "Q", "H")
    size = len(m)
    assert not any(m[y][x] for y in range(size) for x in range(size)
                   if min(x, y, size - 1 - x, size - 1 - y) < QUIET_ZONE)


def test_a_longer_url_needs_a_bigger_symbol_and_the_same_url_the_same_one():
    assert qr_matrix(URL) == qr_matrix(URL)
    assert qr_matrix(URL) != qr_matrix(URL + "x")
    assert qr_version(URL + "/" + "y" * 200) > qr_version(URL)
