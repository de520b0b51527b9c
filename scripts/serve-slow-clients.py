#!/usr/bin/env python3
"""Slow clients against a running `shelf serve`, as docs/safety.md reports them.

Usage: scripts/serve-slow-clients.py [SHELF] [DESCRIPTORS] [SLOW]

Starts SHELF (default .build/debug/shelf) serve on a copy of example-library under
`ulimit -n DESCRIPTORS` (default 64), opens SLOW (default 200) connections from 127.0.0.2-11
that send half a request head and stop, then times a normal request from 127.0.0.1, how long a
half-sent header is kept, and how long a POST declaring 1 GiB waits for its answer. Loopback only.
"""
import os, shutil, signal, socket, subprocess, sys, tempfile, time

shelf = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/shelf")
descriptors = int(sys.argv[2]) if len(sys.argv) > 2 else 64
count = int(sys.argv[3]) if len(sys.argv) > 3 else 200
HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"


def connect(port, source="127.0.0.1"):
    s = socket.socket()
    s.bind((source, 0))
    s.settimeout(5)
    s.connect(("127.0.0.1", port))
    return s


def wait_answer(s, limit):
    """Seconds until the server answers or closes, or None after `limit`; and the first line."""
    start = time.monotonic()
    s.settimeout(limit)
    try:
        data = s.recv(200)
        return time.monotonic() - start, data.split(b"\r\n")[0].decode() or "closed"
    except socket.timeout:
        return None, f"no answer in {limit} s"
    except OSError as error:
        return time.monotonic() - start, f"closed ({error.strerror})"


folder = tempfile.mkdtemp()
library = os.path.join(folder, "library")
shutil.copytree("example-library", library)
server = subprocess.Popen(["/bin/sh", "-c", f'ulimit -n {descriptors} && exec "$0" "$@"', shelf, "serve",
                           "--library", library, "--port", "0"], stdout=subprocess.PIPE, start_new_session=True)
line = server.stdout.readline().decode()
port = int(line.split(":")[-1].split("/")[0])
print(f"server: {line.strip()} (ulimit -n {descriptors})")
try:
    slow, refused = [], 0
    for index in range(count):
        try:
            s = connect(port, f"127.0.0.{2 + index % 10}")
            s.sendall(HEAD)
            slow.append(s)
        except OSError:
            refused += 1
    print(f"{len(slow)} slow connections opened, {refused} not")
    try:
        normal = connect(port)
        normal.sendall(HEAD + b"\r\n")
        seconds, first = wait_answer(normal, 30)
    except OSError as error:
        seconds, first = None, f"not connected ({error})"
    print(f"normal request: {first} after {seconds:.3f} s" if seconds is not None else f"normal request: {first}")
    for s in slow:
        s.close()
    half = connect(port)
    half.sendall(HEAD)
    seconds, first = wait_answer(half, 130)
    print(f"half-sent header: {first} after {seconds:.1f} s" if seconds is not None else "half-sent header: still open after 130 s")
    big = connect(port)
    big.sendall(b"POST /add/scan HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\n"
                b"Content-Length: 1073741824\r\n\r\n")
    seconds, first = wait_answer(big, 30)
    print(f"1 GiB declared, no body sent: {first} after {seconds:.3f} s" if seconds is not None else "1 GiB declared: no answer in 30 s")
    print(f"server still running: {server.poll() is None}")
finally:
    os.killpg(server.pid, signal.SIGKILL)
    server.wait()
    shutil.rmtree(folder)
