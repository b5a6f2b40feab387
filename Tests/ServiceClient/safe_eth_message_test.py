#!/usr/bin/env python3
"""Safe messages (EIP-1271 off-chain signatures) with clients no one on the team wrote.

safe-eth-py computes a message's SafeMessage hash, and the Safe's own fallback handler agrees
on chain (getMessageHash). safe-eth-py's TransactionServiceApi, pointed at `bifrost serve`,
proposes a text and a typed-data message (post_message), lists and gets them (get_messages,
get_message) in the official service's JSON, and collects a second owner's signature
(post_message_signature); the prepared signature it then gets back is accepted by the Safe's
isValidSignature(digest, signature) through web3. Non-owners, signatures over another hash,
writes without the API key and unknown message hashes are refused with a 4xx.

Then each CLI_MESSAGE_JSON, the output of `bifrost safe message show HASH --json` for a message
the CLI proposed and two owners signed, is checked the same way: its digest is the message's own
EIP-191/EIP-712 hash (eth_account), its messageHash what the Safe computes, its finalSignature
is accepted by isValidSignature on chain, and a tampered copy is not.

Usage: safe_eth_message_test.py SERVER_URL RPC_URL SAFE OWNER_KEY_1 OWNER_KEY_2 OWNER_KEY_3 STRANGER_KEY API_KEY CLI_MESSAGE_JSON...
(the Safe is 2-of-3, owned by the three owner keys; the keys are throwaway dev keys). Prints
each check; exits 1 at the first failure.
"""
import json
import re
import sys
import uuid
from datetime import datetime

from eth_account import Account
from eth_account.messages import _hash_eip191_message, defunct_hash_message, encode_typed_data
from eth_utils import to_checksum_address
from safe_eth.eth import EthereumClient, EthereumNetwork
from safe_eth.eth.eip712 import eip712_encode_hash
from safe_eth.safe import Safe
from safe_eth.safe.api import SafeAPIException, TransactionServiceApi

from client_checks import check, count, refused
from web3.exceptions import Web3Exception

MAGIC = bytes.fromhex("1626ba7e")  # EIP-1271: bytes4(keccak256("isValidSignature(bytes32,bytes)"))

# The Safe forwards both to its CompatibilityFallbackHandler (1.3.0 and 1.4.1 alike).
# getMessageHash(message) = keccak256(0x19 0x01 domainSeparator keccak256(abi.encode(SAFE_MSG_TYPEHASH, keccak256(message)))).
# isValidSignature(_dataHash, sigs) asks the Safe's isValidSignature(abi.encode(_dataHash), sigs), which
# checks sigs over getMessageHash(abi.encode(_dataHash)): the app asks about the message's own hash (the
# digest), the owners sign getMessageHash of its 32 bytes.
HANDLER_ABI = [
    {"type": "function", "name": "getMessageHash", "stateMutability": "view",
     "inputs": [{"name": "message", "type": "bytes"}], "outputs": [{"name": "", "type": "bytes32"}]},
    {"type": "function", "name": "isValidSignature", "stateMutability": "view",
     "inputs": [{"name": "_dataHash", "type": "bytes32"}, {"name": "_signature", "type": "bytes"}],
     "outputs": [{"name": "", "type": "bytes4"}]},
]



def hex0x(data):
    return "0x" + bytes(data).hex()


def typed_data(chain_id, safe_address, note):
    """An eth_signTypedData_v4 message: nested structs, an array, a uint256 given as a decimal
    string (as wallets send values past 2^53), a non-ASCII string."""
    return {
        "types": {
            "EIP712Domain": [{"name": "name", "type": "string"}, {"name": "version", "type": "string"},
                             {"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"}],
            "Person": [{"name": "name", "type": "string"}, {"name": "wallet", "type": "address"}],
            "Mail": [{"name": "from", "type": "Person"}, {"name": "to", "type": "Person"},
                     {"name": "contents", "type": "string"}, {"name": "amount", "type": "uint256"},
                     {"name": "tags", "type": "string[]"}],
        },
        "primaryType": "Mail",
        "domain": {"name": "Bifrost message test", "version": "1", "chainId": chain_id, "verifyingContract": safe_address},
        "message": {
            "from": {"name": "Åsa", "wallet": "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"},
            "to": {"name": "Bob", "wallet": "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"},
            "contents": f"Grüße, Bob! {note}",
            "amount": "123456789012345678901234567890",
            "tags": ["bifrost", "eip712"],
        },
    }


def typed_digest(data):
    """The EIP-712 digest, by two libraries that must agree."""
    ours = eip712_encode_hash(data)
    theirs = _hash_eip191_message(encode_typed_data(full_message=data))
    check(bytes(ours) == bytes(theirs), f"safe-eth-py and eth_account agree on the EIP-712 digest {hex0x(ours)[:18]}…")
    return bytes(ours)


def is_valid(handler, digest, signature):
    """What the Safe answers to isValidSignature(digest, signature): its bytes4, or the revert."""
    try:
        return bytes(handler.functions.isValidSignature(digest, signature).call())
    except (Web3Exception, ValueError) as exc:
        return f"reverts ({getattr(exc, 'message', None) or str(exc)[:60]})"


def tampered(signature):
    flipped = bytearray(signature)
    flipped[10] ^= 0x01  # inside the first signature's r
    return bytes(flipped)


def hash_checks(safe, handler, chain_id, safe_address):
    """(1) safe-eth-py's SafeMessage hash is the one the Safe computes on chain."""
    text = "Sign in to app.example\nnonce: 42 – ünïcode"
    digest = bytes(defunct_hash_message(text=text))
    message_hash = bytes(safe.get_message_hash(digest))
    check(bytes(handler.functions.getMessageHash(digest).call()) == message_hash,
          f"text: safe-eth-py's SafeMessage hash {hex0x(message_hash)[:18]}… is the Safe's getMessageHash(digest) on chain")
    check(bytes(handler.functions.getMessageHash(message_hash).call()) != message_hash, "getMessageHash of another input differs")
    data = typed_data(chain_id, safe_address, "hash check")
    digest = typed_digest(data)
    message_hash = bytes(safe.get_message_hash(digest))
    check(bytes(handler.functions.getMessageHash(digest).call()) == message_hash,
          f"typed data: safe-eth-py's SafeMessage hash {hex0x(message_hash)[:18]}… is the Safe's getMessageHash(digest) on chain")


def one_of(messages, message_hash):
    return [m for m in messages if m.get("messageHash") == hex0x(message_hash)]


def iso_time(value):
    try:
        return isinstance(value, str) and datetime.fromisoformat(value.replace("Z", "+00:00")) is not None
    except ValueError:
        return False


def api_checks(server, client, safe, handler, safe_address, keys, stranger_key, api_key):
    network = EthereumNetwork(client.get_chain_id())
    api = TransactionServiceApi(network, ethereum_client=client, base_url=server, api_key=api_key)
    keyless = TransactionServiceApi(network, ethereum_client=client, base_url=server)
    owner1, owner2, owner3 = (Account.from_key(k) for k in keys)
    stranger = Account.from_key(stranger_key)

    # (2) owner 1 proposes a fresh text message.
    text = f"Bifrost message test {uuid.uuid4().hex}\nSign in to app.example – ünïcode ✓"
    digest = bytes(defunct_hash_message(text=text))
    message_hash = bytes(safe.get_message_hash(digest))
    signature1 = owner1.unsafe_sign_hash(message_hash).signature
    refused(lambda: keyless.post_message(safe_address, text, signature1), "post_message without the API key is refused")
    check(api.post_message(safe_address, text, signature1), "post_message: owner 1 proposes a text message, signed")
    try:
        api.post_message(safe_address, text, signature1)
        again = "accepted"
    except SafeAPIException as exc:
        again = f"refused: {str(exc)[:80]}"
    listed = api.get_messages(safe_address)
    check(len(one_of(listed, message_hash)) == 1, f"posting it again makes no duplicate ({again})")

    # (3) the official service's JSON.
    message = one_of(listed, message_hash)[0]
    check(re.fullmatch(r"0x[0-9a-f]{64}", message["messageHash"]) is not None, f"messageHash is 0x lowercase hex: {message['messageHash'][:18]}…")
    check(message.get("message") == text, "message is the text back, unchanged")
    check(message.get("safe") == safe_address, f"safe is the Safe's checksummed address: {message.get('safe')}")
    check(message.get("proposedBy") == owner1.address, f"proposedBy is owner 1: {message.get('proposedBy')}")
    check(message.get("safeAppId") == 0, f"safeAppId is what safe-eth-py sent (0): {message.get('safeAppId')!r}")
    check(iso_time(message.get("created")) and iso_time(message.get("modified")),
          f"created and modified are ISO 8601 times: {message.get('created')}, {message.get('modified')}")
    confirmations = message.get("confirmations")
    check(isinstance(confirmations, list) and len(confirmations) == 1, "one confirmation")
    first = confirmations[0]
    check((first.get("owner"), first.get("signature"), first.get("signatureType")) == (owner1.address, hex0x(signature1), "EOA"),
          "the confirmation is owner 1's signature, of type EOA")
    check(iso_time(first.get("created")) and iso_time(first.get("modified")), "the confirmation has created and modified times")
    check("preparedSignature" in message and message["preparedSignature"] is None,
          f"preparedSignature is null below the threshold: {message.get('preparedSignature')!r}")

    # (5) refusals.
    stranger_text = f"stranger's message {uuid.uuid4().hex}"
    stranger_hash = safe.get_message_hash(defunct_hash_message(text=stranger_text))
    refused(lambda: api.post_message(safe_address, stranger_text, stranger.unsafe_sign_hash(stranger_hash).signature),
            "a new message signed by a non-owner is refused")
    refused(lambda: api.post_message(safe_address, stranger_text, owner3.unsafe_sign_hash(message_hash).signature),
            "a new message with an owner's signature over another message is refused")
    refused(lambda: api.get_message(stranger_hash), "neither was stored")
    refused(lambda: api.post_message_signature(message_hash, stranger.unsafe_sign_hash(message_hash).signature),
            "a non-owner's signature on the message is refused")
    refused(lambda: api.post_message_signature(message_hash, owner3.unsafe_sign_hash(bytes(32 * [7])).signature),
            "owner 3's signature over a different hash is refused")
    refused(lambda: api.post_message_signature(message_hash, owner3.unsafe_sign_hash(digest).signature),
            "owner 3's signature over the digest instead of the SafeMessage hash is refused")
    refused(lambda: keyless.post_message_signature(message_hash, owner3.unsafe_sign_hash(message_hash).signature),
            "post_message_signature without the API key is refused")
    check(len(api.get_message(message_hash)["confirmations"]) == 1, "still one confirmation")
    unknown = bytes.fromhex(uuid.uuid4().hex * 2)
    refused(lambda: api.post_message_signature(unknown, owner2.unsafe_sign_hash(unknown).signature), "a signature for an unknown message hash is refused")
    answer = api._post_request(f"/api/v1/messages/{hex0x(unknown)}/signatures/", {"signature": hex0x(owner2.unsafe_sign_hash(unknown).signature)})
    check(answer.status_code == 404, f"…with 404: {answer.status_code} {answer.text[:80]}")
    answer = api._get_request(f"/api/v1/messages/{hex0x(unknown)}/")
    check(answer.status_code == 404, f"get_message of an unknown hash answers 404: {answer.status_code}")

    # (4) owner 2 confirms; the prepared signature signs for the Safe on chain.
    signature2 = owner2.unsafe_sign_hash(message_hash).signature
    check(api.post_message_signature(message_hash, signature2), "post_message_signature: owner 2 confirms")
    try:
        api.post_message_signature(message_hash, signature2)
        again = "accepted"
    except SafeAPIException as exc:
        again = f"refused: {str(exc)[:80]}"
    got = api.get_message(message_hash)
    check(got.get("messageHash") == hex0x(message_hash) and got.get("message") == text, "get_message: the same message")
    owners = sorted([(owner1.address, signature1), (owner2.address, signature2)], key=lambda pair: pair[0].lower())
    check(sorted((c["owner"], c["signature"]) for c in got["confirmations"]) == sorted((o, hex0x(s)) for o, s in owners),
          f"two confirmations, owners 1 and 2 (a repeated signature is {again})")
    prepared = got.get("preparedSignature")
    check(prepared == hex0x(b"".join(s for _, s in owners)),
          f"preparedSignature is both signatures in ascending owner order ({owners[0][0][:6]}… first)")
    check(is_valid(handler, digest, bytes.fromhex(prepared[2:])) == MAGIC,
          "the Safe's isValidSignature(EIP-191 digest, preparedSignature) answers 0x1626ba7e on chain")
    check(is_valid(handler, message_hash, bytes.fromhex(prepared[2:])) != MAGIC,
          "…and not for the SafeMessage hash in place of the digest")
    check(is_valid(handler, digest, tampered(bytes.fromhex(prepared[2:]))) != MAGIC, "…nor with one byte of it flipped")

    # (6) a typed-data message: the same dict comes back, and it signs for the Safe too.
    data = typed_data(client.get_chain_id(), safe_address, uuid.uuid4().hex)
    typed = typed_digest(data)
    typed_hash = bytes(safe.get_message_hash(typed))
    signature3 = owner3.unsafe_sign_hash(typed_hash).signature
    check(api.post_message(safe_address, data, signature3, safe_app_id=None), "post_message: owner 3 proposes an EIP-712 typed-data message")
    got = api.get_message(typed_hash)
    check(got.get("messageHash") == hex0x(typed_hash), "get_message finds it under safe-eth-py's SafeMessage hash")
    check(got.get("message") == data, "message is the same dict back")
    check(got.get("safeAppId") is None and got.get("proposedBy") == owner3.address, "safeAppId null, proposedBy owner 3")
    check(len(one_of(api.get_messages(safe_address), typed_hash)) == 1, "get_messages lists it")
    check(api.post_message_signature(typed_hash, owner1.unsafe_sign_hash(typed_hash).signature), "owner 1 confirms it")
    prepared = api.get_message(typed_hash).get("preparedSignature")
    check(prepared is not None and is_valid(handler, typed, bytes.fromhex(prepared[2:])) == MAGIC,
          "the Safe's isValidSignature(EIP-712 digest, preparedSignature) answers 0x1626ba7e on chain")


def cli_checks(path, safe, handler, client, safe_address, owners):
    """(7) the final signature that `bifrost safe message show --json` prints works on chain."""
    shown = json.load(open(path))
    kind = shown.get("kind")
    if kind == "text":
        digest = bytes(defunct_hash_message(text=shown["message"]))
    else:  # the typed data as the CLI was given it: JSON text
        message = shown["message"]
        digest = typed_digest(json.loads(message) if isinstance(message, str) else message)
    check(shown.get("digest") == hex0x(digest), f"CLI {kind}: digest is eth_account's hash of the message")
    message_hash = bytes(handler.functions.getMessageHash(digest).call())
    check(shown.get("messageHash") == hex0x(message_hash) == hex0x(safe.get_message_hash(digest)),
          "CLI: messageHash is the Safe's getMessageHash(digest), and safe-eth-py's")
    check(shown.get("safe") == safe_address, "CLI: the same Safe")
    signers = []
    for entry in shown.get("signatures", []):
        signer = Account._recover_hash(message_hash, signature=bytes.fromhex(entry["signature"][2:]))
        check(signer == entry["owner"] and signer in owners, f"CLI: {signer[:10]}…'s signature recovers to that owner over messageHash")
        signers.append((signer, bytes.fromhex(entry["signature"][2:])))
    check(len(signers) >= 2, f"CLI: {len(signers)} owners signed")
    final = bytes.fromhex(shown["finalSignature"][2:])
    check(final == b"".join(s for _, s in sorted(signers, key=lambda pair: pair[0].lower())),
          "CLI: finalSignature is the signatures in ascending owner order")
    check(is_valid(handler, digest, final) == MAGIC, "CLI: the Safe's isValidSignature(digest, finalSignature) answers 0x1626ba7e on chain")
    answer = is_valid(handler, digest, tampered(final))
    check(answer != MAGIC, f"CLI: with one byte flipped it does not: {answer if isinstance(answer, str) else hex0x(answer)}")
    answer = is_valid(handler, bytes(32 * [1]), final)
    check(answer != MAGIC, f"CLI: nor for another digest: {answer if isinstance(answer, str) else hex0x(answer)}")


def main(server, rpc, safe_address, key1, key2, key3, stranger_key, api_key, *cli_messages):
    client = EthereumClient(rpc)
    safe = Safe(safe_address, client)
    handler = client.w3.eth.contract(address=to_checksum_address(safe_address), abi=HANDLER_ABI)
    owners = safe.retrieve_owners()
    check(sorted(owners) == sorted(Account.from_key(k).address for k in (key1, key2, key3)) and safe.retrieve_threshold() == 2,
          "the Safe is 2-of-3, owned by the three owner keys")

    hash_checks(safe, handler, client.get_chain_id(), safe_address)
    api_checks(server, client, safe, handler, safe_address, (key1, key2, key3), stranger_key, api_key)
    for path in cli_messages:
        cli_checks(path, safe, handler, client, safe_address, owners)
    check(len(cli_messages) > 0, f"{len(cli_messages)} CLI messages checked")

    print(f"safe-eth-py messages: {count()} checks passed")


if __name__ == "__main__":
    if len(sys.argv) < 10:
        sys.exit(__doc__)
    main(*sys.argv[1:])
