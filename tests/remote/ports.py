"""Ports of the loopback for the tests that need one known before a server listens on it
(`pinochle host`'s flags, a host in its own process resumed at the same port, a port
nobody listens on).

`free_port` binds a socket with SO_REUSEADDR to port 0 and keeps it, not listening, until
the test ends (`release_ports`, called by the package's conftest).  While it is held:

- the host's own server (asyncio binds with SO_REUSEADDR too) and `hosting.port_problem`
  may bind it, and the server may listen on it: Linux lets sockets that all set
  SO_REUSEADDR share a port while none of the others listens;
- no other socket is given it: neither a bind to port 0 (a test of the other xdist
  worker asking for a free port: the kernel takes a port shared only with that relaxation
  asked of it) nor a connection's own port (the kernel never picks a port some socket is
  bound to), so two ports handed out are never the same;
- a connection to it is refused (nothing listens), until the server does.

A port bound and let go at once was free only when it was looked at: under a full parallel
run another socket could take it before the server bound it.  Where the port need not be
known first, a test lets the server bind port 0 and asks it which it got
(`server.start_host` returns it)."""

from __future__ import annotations

import socket

_HELD: list[socket.socket] = []


def free_port() -> int:
    """A loopback port no other socket has, held until the test ends (see the module)."""
    s = socket.socket()
    _HELD.append(s)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", 0))
    return int(s.getsockname()[1])


def release_ports() -> None:
    """Let go of every port `free_port` handed out."""
    while _HELD:
        _HELD.pop().close()
