"""Length-prefixed frames between the grader and its warm worker: a JSON header plus raw bytes.

The bytes are opaque to the worker (inputs going down, results coming up); the grader alone
decodes them, with `wire.loads`, which never runs code.
"""

from __future__ import annotations

import json
import os
import struct
from typing import IO, Any

_HEAD = struct.Struct("!II")  # header length, body length
MAX_FRAME = 256 * 1024 * 1024


def write_frame(stream: IO[bytes], header: dict[str, Any], body: bytes = b"") -> None:
    h = json.dumps(header).encode()
    stream.write(_HEAD.pack(len(h), len(body)) + h + body)
    stream.flush()


def _read_exact(fd: int, n: int) -> bytes:
    chunks, left = [], n
    while left:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            raise EOFError("peer closed the pipe")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_frame(fd: int) -> tuple[dict[str, Any], bytes]:
    hlen, blen = _HEAD.unpack(_read_exact(fd, _HEAD.size))
    if hlen > MAX_FRAME or blen > MAX_FRAME:
        raise EOFError("frame too large")
    header = json.loads(_read_exact(fd, hlen))
    return header, _read_exact(fd, blen)
