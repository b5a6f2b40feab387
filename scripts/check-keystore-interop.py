#!/usr/bin/env python3
"""Checks that a keystore V3 file decrypts with Python eth-account (the reference implementation).

Usage: check-keystore-interop.py KEYSTORE_FILE PASSWORD_FILE [EXPECTED_ADDRESS]

Reads the keystore and the password (the password file's contents, one trailing newline removed),
decrypts with eth_account.Account.decrypt and prints the checksummed address of the key. Never
prints the key. With EXPECTED_ADDRESS, exits 1 unless the address matches (case-insensitive).
Exit status: 0 OK, 1 mismatch or decryption failure, 2 usage error.
Needs `pip install eth-account`.
"""
import json
import sys

from eth_account import Account


def normalised(address):
    address = address.strip().lower()
    return address[2:] if address.startswith("0x") else address


def main(argv):
    if len(argv) not in (3, 4):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(argv[1], "r", encoding="utf-8") as f:
        keystore = json.load(f)
    with open(argv[2], "r", encoding="utf-8") as f:
        password = f.read()
    if password.endswith("\n"):
        password = password[:-1]
    try:
        key = Account.decrypt(keystore, password)
    except Exception as error:  # eth-keyfile raises ValueError subclasses ("MAC mismatch")
        print(f"eth-account could not decrypt {argv[1]}: {error}", file=sys.stderr)
        return 1
    address = Account.from_key(key).address
    print(address)
    if len(argv) == 4 and normalised(address) != normalised(argv[3]):
        print(f"address mismatch: eth-account gives {address}, expected {argv[3]}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
