#!/usr/bin/env python3
"""The eth-account side of Benchmarks/keys: mnemonic → seed → 100 addresses, both through the public
API (Account.from_mnemonic per account, which re-derives the seed each time) and through the
internal hdaccount helpers (seed once, then each path), and decrypting the same keystore file.

Usage: keys_bench.py KEYSTORE_FILE   (password "bench"); prints one JSON object.
"""
import json
import statistics
import sys
import time

from eth_account import Account
from eth_account.hdaccount import key_from_seed, seed_from_mnemonic

PHRASE = "test test test test test test test test test test test junk"


def median(runs, body):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        body()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def addresses():
    seed = seed_from_mnemonic(PHRASE, "")
    for i in range(100):
        Account.from_key(key_from_seed(seed, f"m/44'/60'/0'/0/{i}")).address


def addresses_public_api():
    Account.enable_unaudited_hdwallet_features()
    for i in range(100):
        Account.from_mnemonic(PHRASE, account_path=f"m/44'/60'/0'/0/{i}").address


with open(sys.argv[1]) as f:
    keystore = json.load(f)
print(json.dumps({
    "addresses100_s": median(3, addresses),
    "addresses100_public_api_s": median(3, addresses_public_api),
    "keystore_decrypt_s": median(3, lambda: Account.decrypt(keystore, "bench")),
}))
