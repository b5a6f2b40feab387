#!/usr/bin/env python3
"""safe-eth-py's TransactionServiceApi (PyPI) against `bifrost serve` on the local chain: the
official client, built with base_url pointing at our server, proposes, lists, confirms and gets,
and the transaction it gets back executes on chain with the signatures the server kept; the
server's follower then reports it executed. A proposal signed by a non-owner is refused with a
4xx, and so are one naming another owner as its sender and one with no signature, and a write
without the API key. Delegates are added, propose, are listed and removed,
a delegate deletes its own proposal, and the owner's Safes are listed.

Usage: safe_eth_client_test.py SERVER_URL RPC_URL SAFE OWNER_KEY_0 OWNER_KEY_1 EXECUTOR_KEY STRANGER_KEY API_KEY
(the Safe is 2-of-3 and holds some ether; the keys are throwaway dev keys). Prints each check;
exits 1 at the first failure.
"""
import sys
import time

from eth_account import Account
from safe_eth.eth import EthereumClient, EthereumNetwork
from safe_eth.safe import Safe
from safe_eth.safe.api import SafeAPIException, TransactionServiceApi

from client_checks import check, count, refused
from safe_eth.safe.api.transaction_service_api.transaction_service_messages import get_remove_transaction_message



def main(server, rpc, safe_address, key0, key1, executor_key, stranger_key, api_key):
    client = EthereumClient(rpc)
    network = EthereumNetwork(client.get_chain_id())
    api = TransactionServiceApi(network, ethereum_client=client, base_url=server, api_key=api_key)
    keyless = TransactionServiceApi(network, ethereum_client=client, base_url=server)
    safe = Safe(safe_address, client)
    owners = safe.retrieve_owners()
    recipient = Account.create().address

    safe_tx = safe.build_multisig_tx(recipient, 10**15, b"")
    safe_tx.sign(key0)
    refused(lambda: keyless.post_transaction(safe_tx), "a write without the API key is refused")
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
    seen = None
    for _ in range(100):
        _, seen = api.get_safe_transaction(safe_tx.safe_tx_hash)
        if seen is not None:
            break
        time.sleep(0.1)
    check(seen is not None and bytes(seen) == bytes(tx_hash), "the server's follower reports it executed, with its transaction hash")

    forged = safe.build_multisig_tx(recipient, 1, b"", safe_nonce=safe.retrieve_nonce())
    forged.sign(stranger_key)
    try:
        api.post_transaction(forged)
        check(False, "a proposal signed by a non-owner is refused")
    except SafeAPIException as exc:
        check("422" in str(exc) or "owner" in str(exc), f"a proposal signed by a non-owner is refused: {str(exc)[:120]}")

    # A sender must be who the signature says: safe-eth-py's own request with another owner named
    # as sender, or with no signature at all, is refused; named truthfully, the same is accepted.
    path = f"/api/v1/safes/{safe_address}/multisig-transactions/"
    spoofed = safe.build_multisig_tx(recipient, 2, b"", safe_nonce=safe.retrieve_nonce() + 3)
    spoofed.sign(key1)

    def proposal(sender, signature):
        return {"to": spoofed.to, "value": spoofed.value, "data": None, "operation": spoofed.operation, "gasToken": None,
                "safeTxGas": 0, "baseGas": 0, "gasPrice": 0, "refundReceiver": None, "nonce": spoofed.safe_nonce,
                "contractTransactionHash": "0x" + spoofed.safe_tx_hash.hex().removeprefix("0x"), "sender": sender,
                "signature": signature, "origin": "bifrost-test"}
    owner0 = Account.from_key(key0).address
    answer = api._post_request(path, proposal(owner0, "0x" + spoofed.signatures.hex().removeprefix("0x")))
    check(answer.status_code == 422 and "signature" in answer.text, f"a sender named for another owner's signature is refused: {answer.status_code}")
    answer = api._post_request(path, proposal(owner0, None))
    check(answer.status_code == 422 and "signature" in answer.text, f"an owner named as sender without a signature is refused: {answer.status_code}")
    refused(lambda: api.get_safe_transaction(spoofed.safe_tx_hash), "neither was stored")
    check(api.post_transaction(spoofed), "the same proposal from its true signer is accepted")

    owner = Account.from_key(key0)
    delegate = Account.create()
    delegate_hash = api.create_delegate_message_hash(delegate.address)
    stranger = Account.from_key(stranger_key)
    refused(lambda: api.add_delegate(delegate.address, stranger.address, "bot", stranger.unsafe_sign_hash(delegate_hash).signature, safe_address),
            "a non-owner cannot add a delegate")
    check(api.add_delegate(delegate.address, owner.address, "bot", owner.unsafe_sign_hash(delegate_hash).signature, safe_address),
          "add_delegate, signed by an owner")
    delegates = api.get_delegates(safe_address)
    check([(d["delegate"], d["delegator"], d["label"]) for d in delegates] == [(delegate.address, owner.address, "bot")],
          f"get_delegates lists it: {delegates}")

    by_delegate = safe.build_multisig_tx(recipient, 7, b"", safe_nonce=safe.retrieve_nonce())
    by_delegate.sign(delegate.key.hex())
    check(api.post_transaction(by_delegate), "the delegate proposes, signing as itself")
    proposed, _ = api.get_safe_transaction(by_delegate.safe_tx_hash)
    check(proposed.signers == [], "the delegate's signature confirms nothing")
    removal = Account.sign_typed_data(delegate.key, full_message=get_remove_transaction_message(
        safe_address, by_delegate.safe_tx_hash, network.value)).signature
    check(api.delete_transaction("0x" + by_delegate.safe_tx_hash.hex().removeprefix("0x"), "0x" + removal.hex().removeprefix("0x")),
          "delete_transaction by its proposer")
    refused(lambda: api.get_safe_transaction(by_delegate.safe_tx_hash), "the deleted transaction is gone")

    check(api.remove_delegate(delegate.address, owner.address, owner.unsafe_sign_hash(delegate_hash).signature, safe_address),
          "remove_delegate, signed by the owner")
    check(api.get_delegates(safe_address) == [], "no delegates left")
    check(safe_address in api.get_safes_for_owner(owner.address), "get_safes_for_owner lists the Safe")
    balances = api.get_balances(safe_address)
    ether = [b for b in balances if b["tokenAddress"] is None]
    check(len(ether) == 1 and int(ether[0]["balance"]) == client.w3.eth.get_balance(safe_address),
          "get_balances gives the Safe's ether as the chain holds it")

    print(f"safe-eth-py client: {count()} checks passed")


if __name__ == "__main__":
    main(*sys.argv[1:9])
