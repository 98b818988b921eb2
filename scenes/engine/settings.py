"""Player preferences (volume, animation speed, fullscreen), saved as JSON per user.

The file lives in the platform's config folder (platformdirs). A missing or corrupt file
gives the defaults and a message on stderr, never a crash. Headless runs and tests keep
settings in memory (`path=None`) so they neither read nor overwrite a player's choices.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import platformdirs

ANIM_SPEEDS = (0.75, 1.0, 1.5, 2.0)  # slow, normal, fast, very fast


def default_path() -> Path:
    return Path(platformdirs.user_config_dir("unicorn-arcade", appauthor=False)) / "settings.json"


@dataclass
class Settings:
    volume: float = 0.8  # 0..1, sound effects
    anim_speed: float = 1.0  # multiplies animation and fade speeds
    fullscreen: bool = False
    path: Path | None = None  # where to save; None keeps them in memory

    @classmethod
    def load(cls, path: Path | None) -> Settings:
        """Settings from `path`; defaults for anything missing, wrong or unreadable."""
        settings = cls(path=path)
        if path is None or not path.exists():
            return settings
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except (OSError, ValueError) as exc:
            print(f"settings: ignoring unreadable {path} ({exc}); using defaults",
                  file=sys.stderr)
            return settings
        if isinstance(data.get("volume"), int | float):
            settings.volume = max(0.0, min(1.0, float(data["volume"])))
        if data.get("anim_speed") in ANIM_SPEEDS:
            settings.anim_speed = float(data["anim_speed"])
        if isinstance(data.get("fullscreen"), bool):
            settings.fullscreen = data["fullscreen"]
        return settings

    def save(self) -> None:
        """Write to `path` (no-op in memory); a read-only disk only costs a message."""
        if self.path is None:
            return
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "path"}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(data, indent=2), encoding="utf-8")
        except OSError as exc:
            print(f"settings: could not save {self.path} ({exc})", file=sys.stderr)

    def as_dict(self) -> dict[str, object]:
        return {k: v for k, v in asdict(self).items() if k != "path"}
