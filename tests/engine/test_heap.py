"""Freed pictures go back to the system: glibc's mmap threshold is fixed when the app
starts and the heap is trimmed at the dark moment between scenes (the demo soak:
resident memory crept up game after game while Python's objects stayed flat)."""

from __future__ import annotations

import ctypes

import pytest

from scenes.engine import heap
from scenes.engine.app import App
from scenes.engine.scene import Scene
from scenes.engine.stack import SceneStack


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


def _mmapped_blocks(libc: ctypes.CDLL) -> int:
    libc.mallinfo2.restype = _MallInfo2
    return libc.mallinfo2().hblks


def test_a_big_picture_freed_does_not_send_later_ones_into_the_heap():
    libc = heap._glibc()
    if libc is None or not hasattr(libc, "mallinfo2"):
        pytest.skip("glibc (2.33 or later) only: elsewhere tune() does nothing")
    libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    assert heap.tune()
    libc.free(libc.malloc(30 << 20))  # a big picture freed: glibc would raise its threshold
    libc.mallinfo2.restype = _MallInfo2
    size = libc.mallinfo2().fordblks + (1 << 20)  # more than any free hole can serve
    if size >= 30 << 20:
        pytest.skip("the heap holds too much free memory for this check")
    before = _mmapped_blocks(libc)
    block = libc.malloc(size)  # a picture made afterwards
    try:
        # it has pages of its own (given back when freed), not a new stretch of the heap
        assert _mmapped_blocks(libc) == before + 1
    finally:
        libc.free(block)


def test_the_app_tunes_the_heap_once_its_first_frame_is_up(monkeypatch):
    calls = []
    monkeypatch.setattr("scenes.engine.app.tune_heap", lambda: calls.append(1) or True)
    app = App(Scene(), headless=True, frames=3)
    assert calls == []  # start-up does not wait for ctypes
    app.run()
    assert calls == [1]


def test_the_heap_is_trimmed_once_at_the_dark_moment_between_scenes(monkeypatch):
    calls = []
    monkeypatch.setattr(heap, "release", lambda: calls.append(1) or True)
    stack = SceneStack()
    stack.push(Scene(), fade=False)
    stack.replace(Scene())
    stack.update(1 / 60)
    assert calls == []  # not while the screen darkens
    for _ in range(200):  # the rest of the fade out, the swap while dark, the fade in
        stack.update(1 / 60)
    assert calls == [1]


def test_release_hands_the_free_heap_back_where_glibc_is_the_allocator():
    assert heap.release() == (heap._glibc() is not None)
