"""Where the companion server listens: the machine's LAN address and a port.

`lan_address` asks the operating system which local address would route to a private
network, by connecting a UDP socket (a UDP connect sends nothing) — no traffic leaves
the machine. `bind_socket` binds the wished port, falling back to any free one.
"""

from __future__ import annotations

import ipaddress
import socket

#: The port the game offers phones unless a setting or `--phones HOST:PORT` says otherwise.
DEFAULT_PORT = 8626
LOOPBACK = "127.0.0.1"


def lan_address() -> str:
    """This machine's address on its local network, or 127.0.0.1 when it has none.

    A UDP socket's connect() only picks a route and a source address; no packet is sent.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 9))
            address = probe.getsockname()[0]
    except OSError:
        return LOOPBACK
    try:
        if ipaddress.ip_address(address).is_unspecified:
            return LOOPBACK
    except ValueError:
        return LOOPBACK
    return address


def parse_host_port(text: str) -> tuple[str, int]:
    """'HOST:PORT' (as `--phones` takes it) -> (host, port); port 0 means any free port."""
    host, sep, port_text = text.strip().rpartition(":")
    if not sep or not host or not port_text.isdigit():
        raise ValueError(f"expected HOST:PORT, got {text!r}")
    port = int(port_text)
    if not 0 <= port <= 65535:
        raise ValueError(f"port out of range: {port}")
    return host.strip("[]"), port


def bind_socket(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port; a taken port falls back to a free one.

    Port 0 asks for any free port at once.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        return _listen(family, host, port)
    except OSError:
        if port == 0:
            raise
        return _listen(family, host, 0)


def _listen(family: int, host: str, port: int) -> socket.socket:
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock
