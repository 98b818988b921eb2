"""Where the server listens: HOST:PORT parsing, the LAN address, the port fallback."""

from __future__ import annotations

import ipaddress
import socket

import pytest

from game.companion.address import bind_socket, lan_address, parse_host_port


def test_parse_host_port():
    assert parse_host_port("127.0.0.1:0") == ("127.0.0.1", 0)
    assert parse_host_port("192.168.1.5:8626") == ("192.168.1.5", 8626)
    assert parse_host_port("[::1]:9000") == ("::1", 9000)
    for bad in ("", "127.0.0.1", ":80", "host:", "host:x", "host:70000", "host:-1"):
        with pytest.raises(ValueError):
            parse_host_port(bad)


def test_lan_address_is_an_ipv4_address_of_this_machine():
    address = ipaddress.ip_address(lan_address())
    assert address.version == 4 and not address.is_unspecified


def test_a_taken_port_falls_back_to_a_free_one_and_port_0_means_any():
    first = bind_socket("127.0.0.1", 0)
    try:
        port = first.getsockname()[1]
        assert port > 0
        second = bind_socket("127.0.0.1", port)
        try:
            assert second.getsockname()[1] not in (0, port)
        finally:
            second.close()
    finally:
        first.close()


def test_a_free_fixed_port_is_used_as_asked():
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    sock = bind_socket("127.0.0.1", port)
    try:
        assert sock.getsockname()[1] == port
    finally:
        sock.close()


def test_a_hub_listens_on_the_lan_address_and_the_fixed_port_by_default():
    from game.companion import PhoneHub, SeatInfo
    from game.companion.address import DEFAULT_PORT

    hub = PhoneHub(seats=[SeatInfo("Ada", "#e05a47")])  # not started: no traffic at all
    assert (hub.host, hub.port) == (lan_address(), DEFAULT_PORT)
