"""A cache of rendered pictures bounded by count and by bytes (the text cache of `draw`)."""

from __future__ import annotations

from collections import OrderedDict, namedtuple
from collections.abc import Callable

import pygame

CacheInfo = namedtuple("CacheInfo", "hits misses maxsize currsize")  # as lru_cache's


class SurfaceCache:
    """An LRU cache of rendered pictures bounded by count *and* bytes (w x h x depth).

    A count alone let the text cache grow by 25 MB once every screen had been visited
    at every text size (1,024 labels, some of them large and outlined: the random
    input run); the byte bound keeps the recently drawn ones and lets the rest go. Same
    interface as `functools.lru_cache`: call it, `cache_info()`, `cache_clear()`.
    """

    def __init__(self, make: Callable[..., pygame.Surface], maxsize: int,
                 max_bytes: int) -> None:
        self.make, self.maxsize, self.max_bytes = make, maxsize, max_bytes
        self._items: OrderedDict[tuple, tuple[pygame.Surface, int]] = OrderedDict()
        self.bytes = self.hits = self.misses = 0

    def __call__(self, *key: object) -> pygame.Surface:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
            self.hits += 1
            return found[0]
        self.misses += 1
        surface = self.make(*key)
        size = surface.get_width() * surface.get_height() * surface.get_bytesize()
        self._items[key] = (surface, size)
        self.bytes += size
        while len(self._items) > 1 and (len(self._items) > self.maxsize
                                        or self.bytes > self.max_bytes):
            _, (_, dropped) = self._items.popitem(last=False)
            self.bytes -= dropped
        return surface

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self.hits, self.misses, self.maxsize, len(self._items))

    def cache_clear(self) -> None:
        self._items.clear()
        self.bytes = self.hits = self.misses = 0
