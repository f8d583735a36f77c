"""Who a client is when its requests or streams are counted: one address, or one IPv6 /64."""

from __future__ import annotations

import ipaddress


def counted_as(address: str) -> str:
    """The key a client is counted under: its address; an IPv6 client by its /64, which one home
    or phone holds (it may change the rest at will); an IPv4-mapped one as IPv4."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def forwarded_for(header: str, proxies: int, peer: str) -> str:
    """The address the outermost trusted proxy saw, as ProxyFix reads it: the `proxies`-th
    address from the right of X-Forwarded-For; the peer's own when no proxy is trusted."""
    if proxies < 1:
        return peer
    seen = [part.strip() for part in header.split(",") if part.strip()]
    return seen[-proxies] if len(seen) >= proxies else peer
