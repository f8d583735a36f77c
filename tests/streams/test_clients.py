"""Who a client is, counted alike by the app's rate limits and the stream tier."""

from __future__ import annotations

import pytest

from scorekeeper.streams.clients import counted_as, forwarded_for


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),  # the same phone, renumbered
        ("2001:db8:1:3::1", "2001:db8:1:3::/64"),  # its neighbour is another client
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("unknown", "unknown"),
    ],
)
def test_a_client_is_its_address_or_its_ipv6_64(address: str, key: str) -> None:
    assert counted_as(address) == key


@pytest.mark.parametrize(
    ("header", "proxies", "seen"),
    [
        ("", 1, "10.0.0.9"),  # no proxy said anything: the peer
        ("198.51.100.1", 0, "10.0.0.9"),  # no proxy trusted: a client's own header is ignored
        ("198.51.100.1", 1, "198.51.100.1"),
        ("6.6.6.6, 198.51.100.1", 1, "198.51.100.1"),  # what the client wrote is not believed
        ("6.6.6.6, 198.51.100.1, 10.1.1.1", 2, "198.51.100.1"),  # a balancer in front of nginx
        ("198.51.100.1", 2, "10.0.0.9"),  # fewer than trusted: as ProxyFix, the peer
    ],
)
def test_the_address_the_outermost_trusted_proxy_saw(header: str, proxies: int, seen: str) -> None:
    assert forwarded_for(header, proxies, "10.0.0.9") == seen
