"""Row 5 with Python's unittest.mock behind a ctypes.CFUNCTYPE callback.

unittest.mock has no argument matchers for stubbing, so the eleven stubs are a side_effect
that tries (pattern, result) pairs newest first, with mock.ANY as the "any" matcher: the
idiom closest to row 5. The Mock records every call, as Impostor does.

usage: python_peer.py LOOP_LIBRARY samples sample_ns warmup_ns
"""
import ctypes
import sys
from unittest import mock


def main():
    library, samples, sample_ns, warmup_ns = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
    loop = ctypes.CDLL(library).peer_loop
    binary = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_int32, ctypes.c_int32)
    loop.argtypes = [binary, ctypes.c_uint64]
    loop.restype = ctypes.c_uint64

    # Oldest first; tried newest first, so add(3, 5) is answered by the oldest.
    stubs = [((mock.ANY, 5), 8)] + [((100 + k, mock.ANY), 0) for k in range(10)]

    def answer(a, b):
        for pattern, result in reversed(stubs):
            if pattern == (a, b):
                return result
        return 0

    add = mock.Mock(side_effect=answer)
    callback = binary(add)

    batch, spent, per_call = 16, 0.0, 1.0
    while True:
        elapsed = loop(callback, batch)
        if elapsed == 0:
            print("wrong result", file=sys.stderr)
            return 1
        spent += elapsed
        per_call = elapsed / batch
        if spent >= warmup_ns and elapsed >= sample_ns / 2:
            break
        if elapsed < sample_ns:
            batch *= 2
    calls = max(1, int(sample_ns / per_call))
    for _ in range(samples):
        add.reset_mock()  # keep call_args_list from growing without bound across samples
        elapsed = loop(callback, calls)
        if elapsed == 0:
            print("wrong result", file=sys.stderr)
            return 1
        print(f"sample {elapsed / calls:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
