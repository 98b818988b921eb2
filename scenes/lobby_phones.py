"""Phones joining from the lobby: the phone server, its QR code, and each phone's claim.

With the "Phones" setting on, a lobby opens a `LobbyPhones`:

    phones = LobbyPhones.open(app.settings, lobby)   # None when phones are off
    phones.update()          # once a frame: claims and "leave" answers in, offers out
    phones.handed_over()     # the game starts: {slot of each phone seat}, the hub is the game's
    phones.close()           # the lobby is left without a game: the server stops

The phone server (`game.companion.PhoneHub`, its own thread) offers what a phone may take:
a free seat, a computer's seat, a shared seat, or a seated person's seat (their hand moves
to the phone: their pad or keyboard is free again). A phone that claims one becomes a
seat of the lobby bound to the device `phone:<slot>`, with the name and colour it picked;
until the game starts its phone may start it (as START on the TV does) or leave the seat.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from game.companion import PhoneHub, SeatInfo
from game.companion.address import lan_address
from scenes.engine.palette import rgb_hex
from scenes.phone_qr import qr_for
from scenes.seating import PHONE_PREFIX, device_label

if TYPE_CHECKING:  # neither imports this module
    from scenes.engine.input import DeviceId
    from scenes.engine.scene import Host
    from scenes.engine.settings import Settings


class Lobby(Protocol):
    """What the phones column uses of its lobby (`scenes.lobby.LobbyScene`, which imports
    this module): its config, its seats (`LobbySeat`s) and the moves a pad makes there."""

    @property
    def app(self) -> Host: ...

    @property
    def config(self) -> Any: ...

    @property
    def joined(self) -> list[Any]:
        """The seats with a device, in join order."""
        ...

    @property
    def others(self) -> list[Any]:
        """The computer seats after them."""
        ...

    @property
    def cursors(self) -> dict[DeviceId, Any]: ...

    @property
    def flash(self) -> dict[int, float]: ...

    def seats(self) -> list[Any]: ...

    def can_start(self) -> bool: ...

    def start(self) -> None: ...

    def join(self, device: DeviceId, cursor: bool = True) -> bool: ...

    def leave(self, device: DeviceId) -> bool: ...

    def recolour(self, index: int) -> None: ...



def waiting(note: str = "") -> dict:
    """The question a seated phone sees until the game starts: start it, or leave."""
    prompt = note or "You're in! Start when everyone has a seat."
    return {"prompt": prompt, "kind": "choice", "window": False,
            "options": [{"id": "start", "label": "Start the game"},
                        {"id": "leave", "label": "Leave this seat"}]}



def is_phone(device: str | None) -> bool:
    return bool(device) and device.startswith(PHONE_PREFIX)


def slot_of(device: str) -> int:
    return int(device.removeprefix(PHONE_PREFIX))


class LobbyPhones:
    """The lobby's side of the phone server: offers, claims, the QR code and its link."""

    def __init__(self, hub: Any, lobby: Lobby) -> None:
        self.hub, self.lobby = hub, lobby
        self.offers: dict[int, Any] = {}  # offer id -> the seat (None: a new one)
        self.offered: tuple | None = None  # what the last offers were made from
        self.tickets = 1_000_000  # apart from the game's tickets (a late tap is stale)
        self.connected: set[int] = set()  # slots with a phone on now
        self.code = qr_for(hub.lobby_url(), 176)
        self.handed = False

    @classmethod
    def open(cls, settings: Settings, lobby: Lobby) -> LobbyPhones | str | None:
        """The phone server for this lobby; None when phones are off, a one-line reason
        when it cannot start (the lobby shows it and plays on without phones)."""
        if not settings.phones:
            return None
        host = settings.phones_host or lan_address()
        seats = [SeatInfo("Phone", "#808080") for _ in range(lobby.config.max_seats)]
        hub = PhoneHub(host, settings.phones_port, seats=seats)
        try:
            hub.start()
        except (OSError, RuntimeError) as exc:
            hub.stop()
            return (f"Phones are off: this computer cannot listen on {host}. "
                    f"Settings › Phones picks another address. ({exc.__class__.__name__})")
        return cls(hub, lobby)

    # -- once a frame --------------------------------------------------------------------------

    def update(self) -> None:
        if self.handed:  # the game has the server now
            return
        for event in self.hub.events():
            if event.get("kind") == "claim":
                self.claim(event["seat"], event["offer"], event["name"], event["colour"])
        for slot, _ticket, choice in self.hub.answers():
            if choice == "leave":
                self.leave(slot)
            elif choice == "start" and self.lobby.can_start():
                self.lobby.start()
                return
            elif choice == "start":
                lo = self.lobby.config.min_seats
                self.ask(slot, waiting(f"The game needs {lo} players or more: add a "
                                       "computer on the TV, or wait for a friend."))
        self.connected = self.hub.connected()
        self.offer()

    def ask(self, slot: int, question: dict) -> None:
        self.tickets += 1
        self.hub.ask(slot, self.tickets, question)

    def offer(self) -> None:
        """Tell the server what a phone may claim now (only when the seats changed)."""
        lobby = self.lobby
        seats = lobby.seats()
        key = (tuple(seats), len(lobby.joined))
        if key == self.offered:
            return
        self.offered = key
        self.offers, listed = {}, []
        human = {s.colour for s in seats if s.human}
        for n, seat in enumerate(seats):
            if is_phone(seat.device):
                continue
            if n < len(lobby.joined):
                label = f"Seat {n + 1} · {seat.name} ({device_label(seat.device)}): " \
                        "move to this phone"
            elif seat.human:
                label = f"Seat {n + 1} · {seat.name} (shared): take it"
            else:
                label = f"Seat {n + 1} · computer"
            self.offers[len(listed)] = seat
            colour = self._rgb(seat.colour)
            listed.append({"seat": len(listed), "label": label, "name": seat.name,
                           "colour": colour, "keep_name": seat.human})
        if len(seats) < lobby.config.max_seats:
            self.offers[len(listed)] = None
            listed.insert(0, {"seat": len(listed), "label": f"Seat {len(seats) + 1} · free",
                              "name": "", "colour": ""})
        free = [self._rgb(c) for c in lobby.config.colours if c not in human]
        self.hub.open_lobby(listed, free)

    def _rgb(self, colour: str) -> str:
        return rgb_hex(self.lobby.config.rgb(colour))

    def _colour_named(self, rgb: str) -> str | None:
        return next((c for c in self.lobby.config.colours if self._rgb(c) == rgb), None)

    # -- a phone claims a seat, or leaves one --------------------------------------------------

    def claim(self, slot: int, offer: int, name: str, rgb: str) -> None:
        """A phone took offer `offer` in slot `slot`: that seat becomes the phone's."""
        lobby = self.lobby
        device = f"{PHONE_PREFIX}{slot}"
        wanted = self.offers.get(offer)
        seats = lobby.seats()
        index = next((i for i, s in enumerate(seats) if s == wanted), None)
        if wanted is not None and index is None and not lobby.join(device, cursor=False):
            self.hub.release(slot)  # the seat changed meanwhile and the table is full
            return
        if wanted is None and not lobby.join(device, cursor=False):
            self.hub.release(slot)
            return
        if index is not None and index < len(lobby.joined):
            old = lobby.joined[index].device
            lobby.joined[index] = replace(lobby.joined[index], device=device)
            if old is not None:
                lobby.cursors.pop(old, None)  # that pad or keyboard is free to join again
        elif index is not None:
            seat = lobby.others.pop(index - len(lobby.joined))
            lobby.joined.append(replace(seat, human=True, level="normal", device=device))
        at = next(i for i, s in enumerate(lobby.joined) if s.device == device)
        self._dress(at, name, rgb)
        lobby.flash[at] = 0.0
        lobby.app.audio.play("confirm")
        self.hub.set_seat(slot, lobby.joined[at].name, self._rgb(lobby.joined[at].colour))
        self.hub.publish(slot, {"game": lobby.config.game, "status": "In the lobby",
                                "your_turn": False, "stats": [], "hand": [], "log": []})
        self.ask(slot, waiting())

    def _dress(self, at: int, name: str, rgb: str) -> None:
        """The phone's name and colour for its seat: a name taken by another seat gets a
        number; a colour a person has keeps the seat's own; a computer's moves on."""
        lobby = self.lobby
        seat = lobby.joined[at]
        others = [s for i, s in enumerate(lobby.seats()) if i != at]
        taken = {s.name for s in others}
        base, n = name, 2
        while name in taken:
            name = f"{base[:14]}{n}"
            n += 1
        colour = self._colour_named(rgb) or seat.colour
        holder = next((i for i, s in enumerate(lobby.seats()) if i != at
                       and s.colour == colour), None)
        if holder is not None and lobby.seats()[holder].human:
            colour = seat.colour
        token = seat.token
        if token == lobby.config.default_token(seat.colour):
            token = lobby.config.default_token(colour)
        lobby.joined[at] = replace(seat, name=name, colour=colour, token=token)
        if holder is not None and not lobby.seats()[holder].human:
            lobby.recolour(holder)

    def leave(self, slot: int) -> None:
        """The phone left its seat (from the phone): the seat goes, the link dies."""
        lobby = self.lobby
        device = f"{PHONE_PREFIX}{slot}"
        if lobby.leave(device):
            lobby.app.audio.play("back")
        self.hub.release(slot)

    # -- the game starts, or the lobby closes --------------------------------------------------

    def handed_over(self) -> dict[int, int]:
        """The game takes the server: {seat index: slot} of each phone seat, the lobby
        closed to phones. With no phone seated the server stops (an empty dict)."""
        slots = {i: slot_of(s.device) for i, s in enumerate(self.lobby.seats())
                 if is_phone(s.device)}
        if not slots:
            self.close()
            return {}
        self.hub.close_lobby()
        for i, slot in slots.items():
            seat = self.lobby.seats()[i]
            self.hub.set_seat(slot, seat.name, self._rgb(seat.colour))
            self.hub.withdraw(slot)
        self.handed = True
        return slots

    def close(self) -> None:
        """Stop the server (the lobby was left, or no phone is playing)."""
        if not self.handed:
            self.hub.stop()

    @property
    def local_only(self) -> bool:
        """The server listens on this computer alone (no network found, or the setting
        says so): no phone can reach it."""
        return self.hub.host.startswith("127.") or self.hub.host == "::1"

    @property
    def address(self) -> str:
        """The short link without "http://", as the TV writes it."""
        return self.hub.short_url().removeprefix("http://")
