"""A QR code for a join URL as plain data: rows of booleans (True = a dark module).

Made with segno, on this machine (no network service); the lobby scene draws the rows
with pygame, one square per module, and keeps the quiet zone light.
"""

from __future__ import annotations

import segno

#: The light margin around the symbol that readers need, in modules (ISO/IEC 18004).
QUIET_ZONE = 4


def qr_matrix(text: str, border: int = QUIET_ZONE) -> list[list[bool]]:
    """The QR code of text (error correction M or better), with a light border."""
    code = segno.make_qr(text, error="m", boost_error=True)
    return [[bool(module) for module in row] for row in code.matrix_iter(border=border)]


def qr_version(text: str) -> int:
    """The QR version (1-40) that `qr_matrix` uses for text: size = 17 + 4 * version."""
    return int(segno.make_qr(text, error="m", boost_error=True).version)
