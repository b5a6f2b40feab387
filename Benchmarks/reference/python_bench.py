"""The Python side of Bifrost's benchmarks: the same work as Benchmarks/EthereumKitBenchmarks,
timed from Python, as a Python wallet does it.

    keccak256 32B / 1MiB   pycryptodome's keccak (a C core), safe-pysha3's keccak_256 (XKCP, C),
                           eth-hash (what eth-account itself calls; pycryptodome backend) and,
                           for scale only, hashlib.sha3_256 (OpenSSL; same permutation, other
                           padding, so not Keccak-256).
    sign+recover           eth-account: Account.unsafe_sign_hash then Account._recover_hash (the
                           recovery it uses for recover_message). eth-account's keys come from
                           eth-keys, which uses coincurve (libsecp256k1 in C) when it is installed
                           and a pure-Python backend otherwise; both are timed.

Usage: python_bench.py SECONDS [--backend native|coincurve]
Prints one JSON object, {"name": {"ops_per_s": ..., "ns_per_op": ..., ...}, ...}, in the format of
secp256k1_bench.c. Each figure comes from batches of the same size as the Swift side's (but for
the pure-Python sign+recover, whose batches are smaller).
"""

import hashlib
import itertools
import json
import os
import subprocess
import sys
import time

KEY = bytes.fromhex("ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7ebf4f2ff8")
ONE_MIB = 1 << 20


def measure(budget, batch, fn):
    """Median and fastest rates of `fn(i)` over batches of `batch` calls."""
    for _ in range(3):
        for i in range(batch):
            fn(i)
    times, spent = [], 0.0
    while spent < budget or len(times) < 5:
        t0 = time.perf_counter()
        for i in range(batch):
            fn(i)
        dt = time.perf_counter() - t0
        spent += dt
        times.append(dt)
    times.sort()
    n = len(times)
    median = times[n // 2] if n % 2 else (times[n // 2 - 1] + times[n // 2]) / 2
    return {"batch": batch, "batches": n, "ops_per_s": batch / median, "ns_per_op": median * 1e9 / batch,
            "best_ops_per_s": batch / times[0]}


def keccak_benchmarks(budget, out):
    from Crypto.Hash import keccak as pcd_keccak
    import sha3 as pysha3
    from eth_hash.auto import keccak as eth_hash_keccak

    empty = "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"
    assert pcd_keccak.new(digest_bits=256).hexdigest() == empty
    assert pysha3.keccak_256(b"").hexdigest() == empty
    assert eth_hash_keccak(b"").hex() == empty

    small = bytearray(b"\x5a" * 32)
    large = bytearray((i * 31 + 7) & 0xFF for i in range(ONE_MIB))

    def variants(buf):
        def pcd(i):
            buf[0] = i & 0xFF
            return pcd_keccak.new(digest_bits=256, data=buf).digest()

        def sha3mod(i):
            buf[0] = i & 0xFF
            return pysha3.keccak_256(buf).digest()

        def eth_hash(i):
            buf[0] = i & 0xFF
            return eth_hash_keccak(buf)

        def openssl(i):
            buf[0] = i & 0xFF
            return hashlib.sha3_256(buf).digest()

        return [("pycryptodome-py", pcd), ("pysha3-py", sha3mod), ("eth-hash-py", eth_hash),
                ("openssl-sha3-py", openssl)]

    for label, buf, batch in (("32B", small, 1000), ("1MiB", large, 1)):
        for name, fn in variants(buf):
            out[f"keccak256 {label}/{name}"] = measure(budget, batch, fn)


def sign_recover_benchmark(budget, backend, out):
    # eth-keys picks its backend when first used, from this variable or by probing for coincurve.
    os.environ["ECC_BACKEND_CLASS"] = {
        "native": "eth_keys.backends.NativeECCBackend",
        "coincurve": "eth_keys.backends.CoinCurveECCBackend",
    }[backend]
    from eth_account import Account
    from eth_keys.backends import get_backend

    assert type(get_backend()).__name__.lower().startswith(backend[:4]), get_backend()
    address = Account.from_key(KEY).address
    digest = bytearray(b"\x42" * 32)

    counter = itertools.count(1)

    def sign_recover(_):
        digest[0:8] = next(counter).to_bytes(8, "little")
        h = bytes(digest)
        signed = Account.unsafe_sign_hash(h, KEY)
        recovered = Account._recover_hash(h, signature=signed.signature)
        return recovered

    assert sign_recover(7) == address
    # 100 per batch as on the Swift and C side; 5 for the pure-Python backend, ~100x slower.
    batch = 100 if backend == "coincurve" else 5
    out[f"sign+recover/eth-account-{backend}"] = measure(budget, batch, sign_recover)


def main():
    budget = float(sys.argv[1])
    if "--backend" in sys.argv:
        out = {}
        sign_recover_benchmark(budget, sys.argv[sys.argv.index("--backend") + 1], out)
        print(json.dumps(out))
        return
    out = {}
    keccak_benchmarks(budget, out)
    # Each backend in a fresh interpreter, since eth-keys fixes its backend once per process.
    for backend in ("coincurve", "native"):
        res = subprocess.run([sys.executable, __file__, str(budget), "--backend", backend],
                             check=True, capture_output=True, text=True)
        out.update(json.loads(res.stdout))
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
