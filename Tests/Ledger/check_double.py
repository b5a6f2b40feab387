#!/usr/bin/env python3
"""Checks the Ethereum-app test double (ethereum_app_double.py) against Ledger's own clients.

Ledger's clients drive the double over speculos's APDU port protocol: ledgereth through a small
dongle adapter that speaks that protocol over TCP, and ledger_app_clients.ethereum through
ragger's LedgerCommBackend (ledgercomm's TCP client, the one Ledger's app tests use against
speculos). Every signature is recovered and compared with eth-account's signature of the same
thing by the same key (both sign deterministically, RFC 6979, so they must be equal byte for
byte). Then each error switch is checked for its status word, and --log for what crossed.

Run with a Python that has ledgereth, ledger-app-clients-ethereum, ledgercomm and eth-account
(scripts/ledger-emulator-check makes one). Exits 1 on the first difference; prints a count.
"""
from __future__ import annotations

import logging
import os
import random
import socket
import subprocess
import sys
import tempfile
from contextlib import contextmanager

from eth_account import Account
from eth_account.messages import encode_defunct
from eth_utils import keccak, to_checksum_address
from ledgerblue.commException import CommException

HERE = os.path.dirname(os.path.abspath(__file__))
DOUBLE = os.path.join(HERE, "ethereum_app_double.py")
MNEMONIC = "test test test test test test test test test test test junk"
Account.enable_unaudited_hdwallet_features()
checks = 0


def check(condition: bool, what: str) -> None:
    global checks
    if not condition:
        print(f"check_double: FAILED: {what}", file=sys.stderr)
        sys.exit(1)
    checks += 1


def account(path: str):
    return Account.from_mnemonic(MNEMONIC, account_path=path)


@contextmanager
def doubles(*configs: tuple[str, ...]):
    """One double per tuple of switches, each on a free loopback port, started together (each
    takes a second or so to import eth-account); yields their ports in order."""
    procs = [subprocess.Popen([sys.executable, DOUBLE, "--port", "0", *switches],
                              stdout=subprocess.PIPE, text=True,
                              stderr=None if os.environ.get("LEDGER_DOUBLE_VERBOSE") else subprocess.DEVNULL)
             for switches in configs]
    try:
        ports = []
        for proc in procs:
            line = proc.stdout.readline().strip()
            if not line.startswith("listening on "):
                raise SystemExit(f"check_double: the double said {line!r}")
            ports.append(int(line.split()[-1]))
        yield ports
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(timeout=10)


@contextmanager
def double(*switches: str):
    """The double on a free loopback port, with switches; yields the port."""
    with doubles(switches) as ports:
        yield ports[0]


class TcpDongle:
    """ledgerblue's Dongle interface over speculos's APDU port protocol, for ledgereth."""

    def __init__(self, port: int):
        self.sock = socket.create_connection(("127.0.0.1", port))

    def _recv(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            part = self.sock.recv(n - len(data))
            if not part:
                raise CommException("disconnected", 0x6F00)
            data += part
        return data

    def exchange_sw(self, apdu: bytes) -> tuple[bytes, int]:
        self.sock.sendall(len(apdu).to_bytes(4, "big") + bytes(apdu))
        length = int.from_bytes(self._recv(4), "big")
        data = self._recv(length)
        return data, int.from_bytes(self._recv(2), "big")

    def exchange(self, apdu: bytes, timeout: int = 20000) -> bytearray:
        data, sw = self.exchange_sw(apdu)
        if sw != 0x9000:
            raise CommException(f"Invalid status {sw:04x}", sw, data)
        return bytearray(data)

    def close(self) -> None:
        self.sock.close()


def random_path(rng: random.Random, ethereum_only: bool = False) -> str:
    """Mostly the paths wallets use, and (unless ethereum_only, as ledgereth accepts no other)
    some of other depths, 1 to 10, with mixed hardening."""
    kind = rng.random() * (0.7 if ethereum_only else 1)
    if kind < 0.5:
        return f"m/44'/60'/0'/0/{rng.randrange(0, 20)}"
    if kind < 0.7:
        return f"m/44'/60'/{rng.randrange(0, 5)}'/0/0"  # Ledger Live's layout
    depth = rng.randrange(1, 11)
    parts = [f"{rng.randrange(0, 2**31)}{rng.choice(['', chr(39)])}" for _ in range(depth)]
    return "m/" + "/".join(parts)


def check_wire(port: int) -> None:
    """The answer's length counts the data only; the status word follows, as speculos sends it."""
    sock = socket.create_connection(("127.0.0.1", port))
    apdu = bytes.fromhex("e006000000")
    sock.sendall(len(apdu).to_bytes(4, "big") + apdu)
    sock.settimeout(5)
    raw = b""
    while len(raw) < 4 + 4 + 2:
        raw += sock.recv(64)
    sock.close()
    check(raw[:4] == (4).to_bytes(4, "big"), f"wire: length prefix {raw[:4].hex()} counts the data only")
    check(raw[8:] == b"\x90\x00", f"wire: status word after the data, got {raw.hex()}")


def check_ledgereth(port: int, rng: random.Random, rounds: int) -> None:
    from ledgereth import accounts, comms, messages, transactions
    from ledgereth.objects import SignedType2Transaction

    dongle = TcpDongle(port)
    config = comms.dongle_send(dongle, "GET_CONFIGURATION")
    check(comms.is_usable_version(config), f"ledgereth: usable version {config.hex()}")
    for _ in range(rounds):
        path = random_path(rng, ethereum_only=True)
        acct = account(path)
        got = accounts.get_account_by_path(path.removeprefix("m/"), dongle=dongle)
        check(got.address == acct.address, f"ledgereth address at {path}: {got.address} != {acct.address}")

        size = rng.choice([0, 1, 31, 250, 251, 255, 600, 1024, 1500])
        message = bytes(rng.randrange(256) for _ in range(size))
        signed = messages.sign_message(message, sender_path=path.removeprefix("m/"), dongle=dongle)
        ref = acct.sign_message(encode_defunct(primitive=message))
        check((signed.v, signed.r, signed.s) == (ref.v, ref.r, ref.s),
              f"ledgereth personal message of {size} bytes at {path}")

        domain, msg_hash = os.urandom(32), os.urandom(32)
        signed = messages.sign_typed_data_draft(domain, msg_hash, sender_path=path.removeprefix("m/"),
                                                dongle=dongle)
        ref = acct.unsafe_sign_hash(keccak(b"\x19\x01" + domain + msg_hash))
        check((signed.v, signed.r, signed.s) == (ref.v, ref.r, ref.s), f"ledgereth EIP-712 hashes at {path}")

        chain_id = rng.choice([1, 5, 100, 31337, 11155111])
        data = bytes(rng.randrange(256) for _ in range(rng.choice([0, 4, 68, 700])))
        to = to_checksum_address(os.urandom(20))
        if rng.random() < 0.5:
            tx = transactions.create_transaction(
                destination=to, amount=rng.randrange(10**18), gas=rng.randrange(21000, 10**6),
                gas_price=rng.randrange(1, 10**11), data=data, nonce=rng.randrange(1000),
                chain_id=chain_id, sender_path=path.removeprefix("m/"), dongle=dongle)
            ref = acct.sign_transaction({"to": to, "value": tx.amount, "gas": tx.gas_limit,
                                         "gasPrice": tx.gas_price, "data": data, "nonce": tx.nonce,
                                         "chainId": chain_id})
            kind = "legacy"
        else:
            tx = transactions.create_transaction(
                destination=to, amount=rng.randrange(10**18), gas=rng.randrange(21000, 10**6),
                max_priority_fee_per_gas=rng.randrange(1, 10**9), max_fee_per_gas=rng.randrange(10**9, 10**11),
                data=data, nonce=rng.randrange(1000), chain_id=chain_id,
                sender_path=path.removeprefix("m/"), dongle=dongle)
            check(isinstance(tx, SignedType2Transaction), "ledgereth made an EIP-1559 transaction")
            ref = acct.sign_transaction({"to": to, "value": tx.amount, "gas": tx.gas_limit,
                                         "maxPriorityFeePerGas": tx.max_priority_fee_per_gas,
                                         "maxFeePerGas": tx.max_fee_per_gas, "data": data,
                                         "nonce": tx.nonce, "chainId": chain_id, "type": 2})
            kind = "EIP-1559"
        check(bytes.fromhex(tx.raw_transaction().removeprefix("0x")) == bytes(ref.raw_transaction),
              f"ledgereth {kind} transaction on chain {chain_id} with {len(data)} bytes of data at {path}")
    dongle.close()


def check_app_client(port: int, rng: random.Random, rounds: int) -> None:
    from ledger_app_clients.ethereum.client import EthAppClient
    from ledger_app_clients.ethereum.response_parser import pk_addr, signature
    from ledgered.devices import Devices, DeviceType
    from ragger.backend import LedgerCommBackend
    from ragger.utils.misc import get_current_app_name_and_version

    logging.disable(logging.INFO)  # ragger logs every APDU at INFO
    with LedgerCommBackend(Devices.get_by_type(DeviceType.NANOSP), interface="tcp", port=port) as backend:
        name, version = get_current_app_name_and_version(backend)
        check(name == "Ethereum" and version.count(".") == 2, f"app name and version: {name} {version}")
        client = EthAppClient(backend)
        for _ in range(rounds):
            path = random_path(rng)
            acct = account(path)
            with client.get_public_addr(display=rng.random() < 0.2, chaincode=rng.random() < 0.5,
                                        bip32_path=path):
                pass
            pk, addr, _ = pk_addr(client.response().data, has_chaincode=len(client.response().data) > 107)
            check(addr == bytes.fromhex(acct.address[2:]), f"app client address at {path}")
            check(keccak(pk[1:])[-20:] == addr, f"app client public key matches the address at {path}")

            message = bytes(rng.randrange(256) for _ in range(rng.choice([0, 5, 300, 1024, 2000])))
            with client.personal_sign(path, message):
                pass
            v, r, s = signature(client.response().data)
            ref = acct.sign_message(encode_defunct(primitive=message))
            check((v, r, s) == (ref.v, ref.r, ref.s), f"app client personal message of {len(message)} bytes")

            domain, msg_hash = os.urandom(32), os.urandom(32)
            with client.eip712_sign_legacy(path, domain, msg_hash):
                pass
            v, r, s = signature(client.response().data)
            ref = acct.unsafe_sign_hash(keccak(b"\x19\x01" + domain + msg_hash))
            check((v, r, s) == (ref.v, ref.r, ref.s), "app client EIP-712 hashes")

            chain_id = rng.choice([1, 137, 31337, 11155111])
            params = {"nonce": rng.randrange(100), "gas": 100000, "to": to_checksum_address(os.urandom(20)),
                      "value": rng.randrange(10**18), "chainId": chain_id,
                      "data": bytes(rng.randrange(256) for _ in range(rng.choice([0, 36, 900])))}
            if rng.random() < 0.5:
                params["gasPrice"] = rng.randrange(1, 10**11)
            else:
                params.update(maxFeePerGas=10**10, maxPriorityFeePerGas=10**9)
            with client.sign(path, params):
                pass
            v, r, s = signature(client.response().data)
            ref = acct.sign_transaction(params)
            if "gasPrice" in params:
                check(v == ref.v % 256,
                      f"app client legacy v on chain {chain_id}: one byte, truncated")
            else:
                check(v == ref.v, "app client EIP-1559 y parity")
            check((r, s) == (ref.r, ref.s), f"app client transaction on chain {chain_id}")


def expect_sw(port: int, apdu_hex: str, sw: int, what: str) -> None:
    dongle = TcpDongle(port)
    _, got = dongle.exchange_sw(bytes.fromhex(apdu_hex))
    dongle.close()
    check(got == sw, f"{what}: status {got:04x}, expected {sw:04x}")


def check_switches() -> None:
    path = "058000002c8000003c800000000000000000000000"  # m/44'/60'/0'/0/0
    hashes = "11" * 32 + "22" * 32
    eip712 = f"e00c0000{(21 + 64):02x}{path}{hashes}"
    message = f"e0080000{(21 + 4 + 2):02x}{path}000000026869"
    def legacy(data: str) -> str:  # nonce, gas price, gas, to, value, data, chain 31337, 0, 0
        body = "01" + "01" + "825208" + "94" + "33" * 20 + "01" + data + "827a69" + "80" + "80"
        return f"{0xC0 + len(body) // 2:02x}{body}"
    plain_tx, data_tx = legacy("80"), legacy("82abcd")
    sign_plain = f"e0040000{(21 + len(plain_tx) // 2):02x}{path}{plain_tx}"
    sign_data = f"e0040000{(21 + len(data_tx) // 2):02x}{path}{data_tx}"
    address = f"e0020000{21:02x}{path}"
    show_address = f"e0020100{21:02x}{path}"
    with tempfile.TemporaryDirectory() as tmp, \
            doubles((), ("--reject",), ("--blind-signing-off",), ("--locked",), ("--app", "Bitcoin"),
                    ("--app", "BOLOS"), ("--log", os.path.join(tmp, "apdus.log"))) as ports:
        check_each_switch(ports, os.path.join(tmp, "apdus.log"), eip712, message, sign_plain, sign_data,
                          address, show_address)


def check_each_switch(ports: list[int], log: str, eip712: str, message: str, sign_plain: str,
                      sign_data: str, address: str, show_address: str) -> None:
    plain, reject, blind_off, locked, bitcoin, dashboard, logged = ports
    for apdu in (eip712, message, sign_plain, sign_data, address):
        expect_sw(plain, apdu, 0x9000, f"plain double: {apdu[:8]}")

    for apdu in (eip712, message, sign_plain, sign_data, show_address):
        expect_sw(reject, apdu, 0x6985, f"--reject: {apdu[:8]}")
    expect_sw(reject, address, 0x9000, "--reject: an address without display is not asked")

    expect_sw(blind_off, eip712, 0x6A80, "--blind-signing-off: EIP-712 hashes")
    expect_sw(blind_off, sign_data, 0x6A80, "--blind-signing-off: a transaction with data")
    expect_sw(blind_off, sign_plain, 0x9000, "--blind-signing-off: a plain transfer")
    expect_sw(blind_off, message, 0x9000, "--blind-signing-off: a personal message")
    dongle = TcpDongle(blind_off)
    check(dongle.exchange(bytes.fromhex("e006000000"))[0] & 1 == 0, "--blind-signing-off: config flag")
    dongle.close()

    for apdu in ("b001000000", eip712, message, address, "e006000000"):
        expect_sw(locked, apdu, 0x5515, f"--locked: {apdu[:8]}")

    dongle = TcpDongle(bitcoin)
    answer = dongle.exchange(bytes.fromhex("b001000000"))
    dongle.close()
    check(answer[2:2 + answer[1]] == b"Bitcoin", f"--app Bitcoin: B0 01 names it ({answer.hex()})")
    for apdu in (eip712, address):
        expect_sw(bitcoin, apdu, 0x6E00, f"--app Bitcoin: {apdu[:8]}")

    expect_sw(dashboard, address, 0x6D00, "--app BOLOS (dashboard): E0 02")

    expect_sw(logged, address, 0x9000, "--log: an address")
    expect_sw(logged, eip712, 0x9000, "--log: EIP-712 hashes")
    with open(log) as f:
        check(f.read().split() == [address, eip712], "--log: the APDUs, hex, one a line")


def main() -> None:
    rounds = int(os.environ.get("LEDGER_DOUBLE_ROUNDS", "25"))
    seed = int(os.environ.get("LEDGER_DOUBLE_SEED", "43"))
    rng = random.Random(seed)
    with double() as port:
        check_wire(port)
        check_ledgereth(port, rng, rounds)
        after_ledgereth = checks
        check_app_client(port, rng, rounds)
        after_client = checks
    check_switches()
    print(f"check_double: seed {seed}, {rounds} rounds: {after_ledgereth} checks with ledgereth, "
          f"{after_client - after_ledgereth} with ledger_app_clients.ethereum, "
          f"{checks - after_client} of the error switches; all passed")


if __name__ == "__main__":
    main()
