"""The QR code drawn with pygame: one whole-pixel square per module."""

from __future__ import annotations

from game.companion.qr import qr_matrix
from scenes.engine.palette import INK, WHITE
from scenes.phone_qr import qr_for, qr_surface

URL = "http://192.168.1.20:8626/lobby/" + "Jx3_kQ9-" * 4


def test_every_module_is_a_square_of_ink_or_white():
    matrix = qr_matrix(URL)
    surface = qr_surface(matrix, 5)
    assert surface.get_size() == (len(matrix) * 5, len(matrix) * 5)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            for dx, dy in ((0, 0), (4, 4), (2, 3)):
                colour = tuple(surface.get_at((x * 5 + dx, y * 5 + dy)))[:3]
                assert colour == (INK if dark else WHITE)


def test_qr_for_fits_the_space_given():
    side = len(qr_matrix(URL))
    for max_side in (side, 300, 641):
        surface = qr_for(URL, max_side)
        assert surface.get_width() <= max_side
        assert surface.get_width() == side * (max_side // side)


def _decode(surface) -> list[str]:
    """What a QR reader (zxing-cpp) reads from the drawn surface."""
    import pygame
    import zxingcpp

    width, height = surface.get_size()
    grey = pygame.image.tobytes(surface, "RGB")[::3]  # the red channel: ink or white
    return [code.text for code in zxingcpp.read_barcodes(memoryview(grey).cast("B",
                                                                                (height, width)))]


def test_a_reader_reads_the_hubs_join_and_lobby_urls_back():
    from .helpers import running_hub

    with running_hub() as hub:
        urls = [hub.join_url(0), hub.join_url(2), hub.lobby_url()]
    for url in urls:
        for max_side in (len(qr_matrix(url)) * 2, 300):
            assert _decode(qr_for(url, max_side)) == [url]
