#!/usr/bin/env python3
"""safe-eth-py's TransactionServiceApi (PyPI) against `bifrost serve` on the local chain: the
official client, built with base_url pointing at our server, proposes, lists, confirms and gets,
and the transaction it gets back executes on chain with the signatures the server kept. A
proposal signed by a non-owner is refused with a 4xx.

Usage: safe_eth_client_test.py SERVER_URL RPC_URL SAFE OWNER_KEY_0 OWNER_KEY_1 EXECUTOR_KEY STRANGER_KEY
(the Safe is 2-of-3 and holds some ether; the keys are throwaway dev keys). Prints each check;
exits 1 at the first failure.
"""
import sys

from eth_account import Account
from safe_eth.eth import EthereumClient, EthereumNetwork
from safe_eth.safe import Safe
from safe_eth.safe.api import SafeAPIException, TransactionServiceApi

checks = 0


def check(condition, what):
    global checks
    if not condition:
        print(f"FAIL: {what}", file=sys.stderr)
        sys.exit(1)
    checks += 1
    print(f"  ok: {what}")


def main(server, rpc, safe_address, key0, key1, executor_key, stranger_key):
    client = EthereumClient(rpc)
    api = TransactionServiceApi(EthereumNetwork(client.get_chain_id()), ethereum_client=client, base_url=server)
    safe = Safe(safe_address, client)
    owners = safe.retrieve_owners()
    recipient = Account.create().address

    safe_tx = safe.build_multisig_tx(recipient, 10**15, b"")
    safe_tx.sign(key0)
    check(api.post_transaction(safe_tx), "post_transaction with one owner's signature")
    check(api.post_transaction(safe_tx), "posting it again is accepted (idempotent)")

    listed = api.get_transactions(safe_address)
    hashes = [t["safe_tx_hash"] if isinstance(t, dict) and "safe_tx_hash" in t else t.get("safeTxHash") for t in listed]
    check("0x" + safe_tx.safe_tx_hash.hex().removeprefix("0x") in [h if h.startswith("0x") else "0x" + h for h in hashes],
          f"get_transactions lists it ({len(listed)} listed)")

    second = Account.from_key(key1)
    signature = second.unsafe_sign_hash(safe_tx.safe_tx_hash).signature
    check(api.post_signatures(safe_tx.safe_tx_hash, signature), "post_signatures adds the second owner's confirmation")

    got, executed = api.get_safe_transaction(safe_tx.safe_tx_hash)
    check(executed is None, "get_safe_transaction: not executed yet")
    check(got.safe_tx_hash == safe_tx.safe_tx_hash, "get_safe_transaction: the same safeTxHash")
    check(sorted(got.signers) == sorted([Account.from_key(key0).address, second.address]), f"both owners confirmed: {got.signers}")
    check(set(got.signers) <= set(owners), "every signer is an owner")

    tx_hash, _ = got.execute(executor_key)
    receipt = client.w3.eth.wait_for_transaction_receipt(tx_hash)
    check(receipt["status"] == 1 and client.get_balance(recipient) == 10**15, "the transaction it got back executes on chain and pays")

    forged = safe.build_multisig_tx(recipient, 1, b"", safe_nonce=safe.retrieve_nonce())
    forged.sign(stranger_key)
    try:
        api.post_transaction(forged)
        check(False, "a proposal signed by a non-owner is refused")
    except SafeAPIException as exc:
        check("422" in str(exc) or "owner" in str(exc), f"a proposal signed by a non-owner is refused: {str(exc)[:120]}")

    print(f"safe-eth-py client: {checks} checks passed")


if __name__ == "__main__":
    main(*sys.argv[1:8])
