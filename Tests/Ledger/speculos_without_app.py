#!/usr/bin/env python3
"""Speculos (the Ledger emulator, PyPI) as far as it goes without the Ethereum app's ELF.

No Ledger app binary can be had here. What can be checked: that the emulator's ARM side runs
(speculos's launcher under qemu-arm-static), and what speculos does when the app it is told to
run is missing. Speculos 0.27.1 reads the app ELF (model, API level, symbols) before it starts
qemu or binds its APDU port, and no model boots a dashboard on its own, so without an app it
refuses to start, naming the missing file, and its APDU port never answers. Should a later
speculos start without an app, this check talks to the port instead and requires that the open
app is not reported as "Ethereum".

Speculos binds its APDU port on every interface: this check runs only in a network namespace
that has loopback alone (scripts/ledger-emulator-check starts it with `unshare -n`), and
refuses otherwise.

Usage: speculos_without_app.py SPECULOS_EXECUTABLE PORT
Prints one line per finding; exits 1 when a check fails.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

MISSING_APP = "/nonexistent/app-ethereum/bin/app.elf"


def fail(text: str) -> None:
    print(f"speculos: FAILED: {text}", file=sys.stderr)
    sys.exit(1)


def port_answers(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
        return True
    except OSError:
        return False


def exchange(port: int, apdu: bytes) -> tuple[bytes, int]:
    """One APDU over speculos's APDU port protocol."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(len(apdu).to_bytes(4, "big") + apdu)
        raw = b""
        while len(raw) < 4 or len(raw) < 4 + int.from_bytes(raw[:4], "big") + 2:
            part = sock.recv(4096)
            if not part:
                raise OSError("the emulator closed the connection")
            raw += part
    length = int.from_bytes(raw[:4], "big")
    return raw[4 : 4 + length], int.from_bytes(raw[4 + length : 6 + length], "big")


def main() -> None:
    speculos, port = sys.argv[1], int(sys.argv[2])
    # /proc/net/dev lists the interfaces of this process's own network namespace (/sys/class/net
    # would show those of the namespace that mounted /sys).
    with open("/proc/net/dev") as f:
        interfaces = sorted(line.split(":")[0].strip() for line in f.readlines()[2:])
    if interfaces != ["lo"]:
        fail(f"not in a network namespace with loopback alone (interfaces: {', '.join(interfaces)}); "
             "speculos listens on every interface, so it is not started")

    launcher = os.path.join(os.path.dirname(os.path.dirname(speculos)), "lib")
    launcher = next(os.path.join(root, "launcher") for root, _, files in os.walk(launcher)
                    if root.endswith(os.path.join("speculos", "resources")) and "launcher" in files)
    usage = subprocess.run(["qemu-arm-static", launcher], capture_output=True, text=True, timeout=30)
    text = usage.stdout + usage.stderr
    if "Usage:" not in text or "<app.elf>" not in text:
        fail(f"speculos's ARM launcher does not run under qemu-arm-static: {text.strip()[:300]}")
    print("speculos: its ARM launcher runs under qemu-arm-static and asks for <app.elf>")

    started = time.monotonic()
    proc = subprocess.Popen([speculos, MISSING_APP, "--model", "nanosp", "--display", "headless",
                             "--apdu-port", str(port), "--api-port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        while proc.poll() is None and time.monotonic() - started < 30:
            if port_answers(port):
                data, sw = exchange(port, bytes.fromhex("b001000000"))
                name = data[2 : 2 + data[1]].decode(errors="replace") if sw == 0x9000 and len(data) > 2 else None
                if name == "Ethereum":
                    fail("speculos reports the Ethereum app open, but no app was given")
                print(f"speculos: started without an app; its APDU port answers B0 01 with status {sw:04x}"
                      f"{' and app ' + repr(name) if name else ''}: the Ethereum app is missing")
                return
            time.sleep(0.2)
        if proc.poll() is None:
            fail("speculos neither answered on its APDU port nor exited within 30 s")
        output = proc.stdout.read()
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=10)
    last = [line for line in output.strip().splitlines() if line.strip()][-1:] or [""]
    if proc.returncode == 0:
        fail(f"speculos exited 0 without an app: {last[0]}")
    if MISSING_APP not in output or "No such file or directory" not in output:
        fail(f"speculos failed without naming the missing app: {last[0]}")
    if port_answers(port):
        fail(f"something answers on port {port} although speculos did not start")
    print(f"speculos: refuses to start without an app ELF (exit {proc.returncode}, "
          f"{time.monotonic() - started:.1f} s): {last[0].strip()}")
    print(f"speculos: its APDU port {port} never opened")


if __name__ == "__main__":
    main()
