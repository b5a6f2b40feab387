#!/usr/bin/env python3
"""A test double of a Ledger device running the Ethereum app, reached over speculos's APDU port.

This is a double of the DEVICE, not of Bifrost: Bifrost's TCP transport and its Ethereum-app
APDUs talk to it exactly as they would talk to speculos running the real app, so the integration
tests and the browser stories can sign with "a Ledger" on the local chain. What it answers is
checked against Ledger's own client libraries (ledgereth, ledger_app_clients.ethereum over
ledgercomm's TCP client) by Tests/Ledger/check_double.py, which recovers every signature and
compares it with eth-account's signature of the same thing.

The wire (speculos/mcu/apdu.py): the client sends a 4-byte big-endian length and the APDU; the
device answers a 4-byte big-endian length of the response DATA (the status word not counted),
the data, then the 2-byte status word.

The Ethereum app's APDUs (app-ethereum's doc/ethapp.adoc), each with the BIP32 path in the data
(one byte of depth, then 4-byte big-endian indices):
  B0 01 00 00  the open app's name and version (format 1, name, version, flags)
  E0 06 00 00  app configuration: flags (0x01 = blind signing on), major, minor, patch
  E0 02 P1 P2  address: P1=1 shows it on the device (logged here), P2=1 adds the chain code;
               answers 65, the uncompressed public key, 40, the EIP-55 address in ASCII
  E0 04 P1 00  sign a transaction, chunked (P1=00 first, 80 more) until the RLP is complete;
               signs keccak of the payload (type byte included for typed transactions); v is
               the y parity for typed ones, and for legacy ones chainId*2+35+parity truncated to
               one byte, as the app returns it (27+parity without an EIP-155 chain ID)
  E0 08 P1 00  personal message (EIP-191), chunked: 4-byte big-endian length, then the message
  E0 0C 00 00  EIP-712 by domain hash and message hash (32 bytes each)
Signatures answer v (1 byte), r (32), s (32). Keys come from the standard test mnemonic
("test test ... junk", the devnet's own throwaway keys) at the path the APDU names.

Switches make each typed error visible: --reject (0x6985 on every signing and on-device address
display), --blind-signing-off (0x6A80 on E0 0C and on a transaction with data), --locked (0x5515
on everything), --app NAME (another app is open: B0 01 answers NAME; E0 commands answer 0x6D00
on the dashboard, "BOLOS", and 0x6E00, class not supported, in any other app), --log FILE (every
APDU received, hex, one a line).

Usage: ethereum_app_double.py [--port N (0 = any; default 0)] [switches]
Prints "listening on PORT" as its first line. Listens on 127.0.0.1 only. Needs eth-account
(.venv-devnet has it).
"""
from __future__ import annotations

import argparse
import signal
import socket
import socketserver
import sys
import threading

from eth_account import Account
from eth_account.hdaccount import key_from_seed, seed_from_mnemonic
from eth_keys import keys
from eth_utils import keccak, to_checksum_address

TEST_MNEMONIC = "test test test test test test test test test test test junk"

SW_OK = 0x9000
SW_REJECTED = 0x6985
SW_INVALID_DATA = 0x6A80
SW_LOCKED = 0x5515
SW_WRONG_LENGTH = 0x6700
SW_WRONG_P1P2 = 0x6B00
SW_INS_NOT_SUPPORTED = 0x6D00
SW_CLA_NOT_SUPPORTED = 0x6E00

HARDENED = 0x80000000


class DeviceError(Exception):
    """A status word other than 0x9000."""

    def __init__(self, sw: int, why: str):
        super().__init__(why)
        self.sw = sw


def parse_path(data: bytes) -> tuple[str, bytes]:
    """The BIP32 path at the start of data, as "m/44'/60'/0'/0/0", and the bytes after it."""
    if not data:
        raise DeviceError(SW_INVALID_DATA, "no path")
    depth = data[0]
    if depth < 1 or depth > 10 or len(data) < 1 + 4 * depth:
        raise DeviceError(SW_INVALID_DATA, f"bad path depth {depth}")
    parts = ["m"]
    for i in range(depth):
        index = int.from_bytes(data[1 + 4 * i : 5 + 4 * i], "big")
        parts.append(f"{index - HARDENED}'" if index & HARDENED else str(index))
    return "/".join(parts), data[1 + 4 * depth :]


def rlp_item_end(data: bytes, offset: int) -> int | None:
    """Where the RLP item starting at offset ends, or None when data does not reach its header."""
    if offset >= len(data):
        return None
    b = data[offset]
    if b < 0x80:
        return offset + 1
    if b < 0xB8:
        return offset + 1 + (b - 0x80)
    if b < 0xC0:
        n = b - 0xB7
        if offset + 1 + n > len(data):
            return None
        return offset + 1 + n + int.from_bytes(data[offset + 1 : offset + 1 + n], "big")
    if b < 0xF8:
        return offset + 1 + (b - 0xC0)
    n = b - 0xF7
    if offset + 1 + n > len(data):
        return None
    return offset + 1 + n + int.from_bytes(data[offset + 1 : offset + 1 + n], "big")


def rlp_list_items(data: bytes) -> list[bytes]:
    """The payloads of the items of the RLP list that is all of data (one level deep)."""
    b = data[0]
    start = 1 + (b - 0xF7 if b >= 0xF8 else 0)
    items, offset = [], start
    while offset < len(data):
        end = rlp_item_end(data, offset)
        if end is None or end > len(data):
            raise DeviceError(SW_INVALID_DATA, "bad RLP")
        h = data[offset]
        if h < 0x80:
            items.append(data[offset:end])
        elif h < 0xB8:
            items.append(data[offset + 1 : end])
        elif h < 0xC0:
            items.append(data[offset + 1 + (h - 0xB7) : end])
        else:
            items.append(data[offset:end])  # a nested list, kept whole
        offset = end
    return items


class EthereumAppDouble:
    """The device's state: one APDU at a time, as on a real device."""

    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.lock = threading.Lock()
        self.seed = seed_from_mnemonic(TEST_MNEMONIC, "")
        self.keys: dict[str, keys.PrivateKey] = {}
        self.pending: tuple[int, bytes] | None = None  # (INS, bytes so far) of a chunked command
        major, minor, patch = (int(x) for x in args.version.split("."))
        self.version_bytes = bytes([major, minor, patch])

    def key(self, path: str) -> keys.PrivateKey:
        if path not in self.keys:
            self.keys[path] = keys.PrivateKey(key_from_seed(self.seed, path))
        return self.keys[path]

    def say(self, text: str) -> None:
        print(f"device: {text}", file=sys.stderr, flush=True)

    def exchange(self, apdu: bytes) -> tuple[bytes, int]:
        with self.lock:
            if self.args.log:
                with open(self.args.log, "a") as f:
                    f.write(apdu.hex() + "\n")
            try:
                return self.handle(apdu), SW_OK
            except DeviceError as err:
                if err.sw not in (SW_OK,):
                    self.say(f"answers {err.sw:04x}: {err}")
                return b"", err.sw

    def handle(self, apdu: bytes) -> bytes:
        if self.args.locked:
            raise DeviceError(SW_LOCKED, "the device is locked")
        if len(apdu) < 4:
            raise DeviceError(SW_WRONG_LENGTH, "short APDU")
        cla, ins, p1, p2 = apdu[0], apdu[1], apdu[2], apdu[3]
        data = b""
        if len(apdu) > 4:
            if 5 + apdu[4] != len(apdu):
                raise DeviceError(SW_WRONG_LENGTH, "Lc does not match the data")
            data = apdu[5:]
        if cla == 0xB0 and ins == 0x01:
            return self.app_and_version()
        if self.args.app != "Ethereum":
            if self.args.app == "BOLOS":
                raise DeviceError(SW_INS_NOT_SUPPORTED, "no app is open (dashboard)")
            raise DeviceError(SW_CLA_NOT_SUPPORTED, f"the {self.args.app} app is open")
        if cla != 0xE0:
            raise DeviceError(SW_CLA_NOT_SUPPORTED, f"class {cla:02x}")
        if ins != 0x04 and ins != 0x08:
            self.pending = None
        if ins == 0x06:
            flags = 0x00 if self.args.blind_signing_off else 0x01
            return bytes([flags]) + self.version_bytes
        if ins == 0x02:
            return self.get_address(p1, p2, data)
        if ins in (0x04, 0x08):
            return self.chunked(ins, p1, p2, data)
        if ins == 0x0C:
            return self.sign_eip712(p1, p2, data)
        raise DeviceError(SW_INS_NOT_SUPPORTED, f"instruction {ins:02x}")

    def app_and_version(self) -> bytes:
        name = self.args.app.encode()
        version = (self.args.version if self.args.app == "Ethereum" else "1.0.0").encode()
        out = bytes([1, len(name)]) + name + bytes([len(version)]) + version
        if self.args.app != "BOLOS":
            out += bytes([1, 0x00])  # flags, as apps (not the dashboard) send them
        return out

    def get_address(self, p1: int, p2: int, data: bytes) -> bytes:
        if p1 > 1 or p2 > 1:
            raise DeviceError(SW_WRONG_P1P2, "P1/P2")
        path, rest = parse_path(data)
        if rest and len(rest) != 8:
            raise DeviceError(SW_INVALID_DATA, "a chain ID is 8 bytes")
        key = self.key(path)
        address = to_checksum_address(key.public_key.to_canonical_address())
        if p1 == 1:
            self.say(f"would show address {address} for {path} and wait for approval")
            if self.args.reject:
                raise DeviceError(SW_REJECTED, "the user rejected the address")
        pub = b"\x04" + key.public_key.to_bytes()
        out = bytes([len(pub)]) + pub + bytes([40]) + address[2:].encode()
        if p2 == 1:
            out += keccak(b"chain code " + path.encode())  # stands in for the BIP32 chain code
        return out

    def chunked(self, ins: int, p1: int, p2: int, data: bytes) -> bytes:
        if p1 == 0x00:
            self.pending = (ins, data)
        elif p1 == 0x80:
            if self.pending is None or self.pending[0] != ins:
                raise DeviceError(SW_INVALID_DATA, "a following chunk without a first")
            self.pending = (ins, self.pending[1] + data)
        else:
            self.pending = None
            raise DeviceError(SW_WRONG_P1P2, "P1")
        if p2 != 0x00:
            self.pending = None
            raise DeviceError(SW_WRONG_P1P2, "P2")
        collected = self.pending[1]
        try:
            path, body = parse_path(collected)
            done = self.transaction_complete(body) if ins == 0x04 else self.message_complete(body)
        except DeviceError:
            self.pending = None
            raise
        if not done:
            return b""
        self.pending = None
        if ins == 0x04:
            return self.sign_transaction(path, body)
        return self.sign_personal(path, body)

    @staticmethod
    def transaction_complete(body: bytes) -> bool:
        offset = 1 if body and body[0] in (0x01, 0x02) else 0
        if len(body) <= offset:
            return False
        if body[offset] < 0xC0:
            raise DeviceError(SW_INVALID_DATA, "a transaction is an RLP list")
        end = rlp_item_end(body, offset)
        if end is None or len(body) < end:
            return False
        if len(body) > end:
            raise DeviceError(SW_INVALID_DATA, "bytes after the transaction")
        return True

    @staticmethod
    def message_complete(body: bytes) -> bool:
        if len(body) < 4:
            return False
        length = int.from_bytes(body[:4], "big")
        if len(body) - 4 > length:
            raise DeviceError(SW_INVALID_DATA, "more message than announced")
        return len(body) - 4 == length

    def sign(self, path: str, digest: bytes) -> tuple[int, bytes]:
        """The y parity and r||s of the key at path over digest."""
        signature = self.key(path).sign_msg_hash(digest)
        return signature.v, signature.r.to_bytes(32, "big") + signature.s.to_bytes(32, "big")

    def sign_transaction(self, path: str, body: bytes) -> bytes:
        typed = body[0] in (0x01, 0x02)
        fields = rlp_list_items(body[1:] if typed else body)
        data_index = 7 if typed and body[0] == 0x02 else (6 if typed else 5)
        if len(fields) <= data_index:
            raise DeviceError(SW_INVALID_DATA, "too few transaction fields")
        has_data = len(fields[data_index]) > 0
        self.say(f"would show a {'type ' + str(body[0]) if typed else 'legacy'} transaction "
                 f"for {path}{' with data' if has_data else ''} and wait for approval")
        if has_data and self.args.blind_signing_off:
            raise DeviceError(SW_INVALID_DATA, "blind signing is off and the transaction has data")
        if self.args.reject:
            raise DeviceError(SW_REJECTED, "the user rejected the transaction")
        parity, rs = self.sign(path, keccak(body))
        if typed:
            v = parity
        elif len(fields) >= 9:
            chain_id = int.from_bytes(fields[6], "big")
            v = (chain_id * 2 + 35 + parity) & 0xFF  # one byte, as the app returns it
        else:
            v = 27 + parity
        return bytes([v]) + rs

    def sign_personal(self, path: str, body: bytes) -> bytes:
        message = body[4:]
        self.say(f"would show a message of {len(message)} bytes for {path} and wait for approval")
        if self.args.reject:
            raise DeviceError(SW_REJECTED, "the user rejected the message")
        digest = keccak(b"\x19Ethereum Signed Message:\n" + str(len(message)).encode() + message)
        parity, rs = self.sign(path, digest)
        return bytes([27 + parity]) + rs

    def sign_eip712(self, p1: int, p2: int, data: bytes) -> bytes:
        if p1 != 0x00 or p2 != 0x00:
            raise DeviceError(SW_WRONG_P1P2, "only the hashed (v0) EIP-712 mode")
        path, rest = parse_path(data)
        if len(rest) != 64:
            raise DeviceError(SW_INVALID_DATA, "a domain hash and a message hash, 32 bytes each")
        domain, message = rest[:32], rest[32:]
        self.say(f"would show domain hash 0x{domain.hex()} and message hash 0x{message.hex()} "
                 f"for {path} and wait for approval")
        if self.args.blind_signing_off:
            raise DeviceError(SW_INVALID_DATA, "blind signing is off")
        if self.args.reject:
            raise DeviceError(SW_REJECTED, "the user rejected the message")
        parity, rs = self.sign(path, keccak(b"\x19\x01" + domain + message))
        return bytes([27 + parity]) + rs


def recv_exactly(sock: socket.socket, size: int) -> bytes | None:
    data = b""
    while len(data) < size:
        part = sock.recv(size - len(data))
        if not part:
            return None
        data += part
    return data


def serve(args: argparse.Namespace) -> None:
    device = EthereumAppDouble(args)

    class Handler(socketserver.BaseRequestHandler):
        def handle(self) -> None:
            sock: socket.socket = self.request
            while True:
                header = recv_exactly(sock, 4)
                if header is None:
                    return
                apdu = recv_exactly(sock, int.from_bytes(header, "big"))
                if apdu is None:
                    return
                data, sw = device.exchange(apdu)
                # Length of the data only; the status word follows it (speculos's ApduClient).
                sock.sendall(len(data).to_bytes(4, "big") + data + sw.to_bytes(2, "big"))

    class Server(socketserver.ThreadingTCPServer):
        allow_reuse_address = True
        daemon_threads = True

    with Server(("127.0.0.1", args.port), Handler) as server:
        print(f"listening on {server.server_address[1]}", flush=True)
        signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
        server.serve_forever()


def main() -> None:
    parser = argparse.ArgumentParser(description="A test double of a Ledger running the Ethereum app "
                                     "(speculos's APDU port protocol, 127.0.0.1 only).")
    parser.add_argument("--port", type=int, default=0, help="TCP port; 0 picks one (default)")
    parser.add_argument("--reject", action="store_true", help="the user rejects: 0x6985 on every signing")
    parser.add_argument("--blind-signing-off", action="store_true",
                        help="0x6A80 on EIP-712 by hashes and on a transaction with data")
    parser.add_argument("--locked", action="store_true", help="0x5515 on every APDU")
    parser.add_argument("--app", default="Ethereum",
                        help='the open app (default Ethereum; "BOLOS" is the dashboard)')
    parser.add_argument("--version", default="1.16.0", help="the Ethereum app's version (default 1.16.0)")
    parser.add_argument("--log", help="append every APDU received to this file, hex, one a line")
    args = parser.parse_args()
    Account.enable_unaudited_hdwallet_features()
    try:
        serve(args)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
