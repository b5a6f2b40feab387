"""End-to-end checks against a running devnet, as a client would see it: batches, legacy and
EIP-1559 transfers, receipts, geth-style errors and reverts, the deployed token, eth_call state
overrides, eth_simulateV1, and a 1-of-1 Safe created through the proxy factory and then used to
execute a Safe transaction.

It changes chain state only through dev accounts 8 and 9 (and the Safe it creates), so the
other dev accounts keep their genesis balance and nonce 0 for tests that count on them.

Usage: python -m devnet_lib.selftest --deployments .devnet/deployments.json"""

import argparse
import json
import secrets
import sys
import time

from eth_abi import decode, encode
from eth_account import Account
from eth_utils import keccak, to_checksum_address

from .rpc_client import RpcCallError, RpcClient

GWEI = 10**9
ZERO = "0x" + "00" * 20
failures = []


def check(name, ok, detail=""):
    print(("  ok   " if ok else "  FAIL ") + name + (f"  ({detail})" if detail else ""))
    if not ok:
        failures.append(name)


def selector(signature):
    return keccak(text=signature)[:4]


def calldata(signature, types=(), values=()):
    return "0x" + (selector(signature) + encode(list(types), list(values))).hex()


def eth_call(rpc, to, data, sender=None):
    request = {"to": to, "data": data}
    if sender:
        request["from"] = sender
    return bytes.fromhex(rpc.call("eth_call", request, "latest")[2:])


def expect_error(rpc, method, *params):
    try:
        rpc.call(method, *params)
    except RpcCallError as exc:
        return exc
    return None


def send(rpc, account, tx):
    """Sign with eth-account, send raw, return (hash, receipt)."""
    tx = dict(tx)
    tx.setdefault("nonce", int(rpc.call("eth_getTransactionCount", account.address, "latest"), 16))
    tx.setdefault("chainId", 31337)
    tx.setdefault("value", 0)
    raw = Account.sign_transaction(tx, account.key).raw_transaction
    tx_hash = rpc.call("eth_sendRawTransaction", "0x" + raw.hex())
    return tx_hash, rpc.call("eth_getTransactionReceipt", tx_hash)


def balance(rpc, address):
    return int(rpc.call("eth_getBalance", address, "latest"), 16)


def test_batch(rpc, deployments):
    print("batch")
    answers = rpc.batch(
        [
            ("eth_chainId", []),
            ("net_version", []),
            ("web3_clientVersion", []),
            ("eth_blockNumber", []),
            ("eth_nope", []),
            ("eth_getBalance", [deployments["accounts"][0]["address"], "latest"]),
        ]
    )
    check("six answers in order", len(answers) == 6)
    check("eth_chainId is 0x7a69 (31337)", answers[0].get("result") == "0x7a69", answers[0])
    check("net_version is '31337'", answers[1].get("result") == "31337")
    check("unknown method is -32601 inside the batch", answers[4].get("error", {}).get("code") == -32601)
    check("balance is a hex quantity", answers[5].get("result", "").startswith("0x"))
    raw = rpc.post([])
    check("empty batch is -32600", raw.get("error", {}).get("code") == -32600, raw)


def test_transfers(rpc, sender, recipient):
    print("ETH transfers")
    for kind in ("legacy EIP-155", "EIP-1559 type 2"):
        value = 10**18
        before_from, before_to = balance(rpc, sender.address), balance(rpc, recipient)
        if kind.startswith("legacy"):
            tx = {"to": recipient, "value": value, "gas": 21000, "gasPrice": int(rpc.call("eth_gasPrice"), 16)}
        else:
            tx = {"type": 2, "to": recipient, "value": value, "gas": 21000,
                  "maxFeePerGas": 2 * GWEI, "maxPriorityFeePerGas": 1 * GWEI}
        tx_hash, receipt = send(rpc, sender, tx)
        check(f"{kind}: receipt status 0x1", receipt and receipt["status"] == "0x1", receipt and receipt["status"])
        cost = int(receipt["gasUsed"], 16) * int(receipt["effectiveGasPrice"], 16)
        check(f"{kind}: sender paid exactly value + gasUsed * effectiveGasPrice",
              before_from - balance(rpc, sender.address) == value + cost)
        check(f"{kind}: recipient got exactly value", balance(rpc, recipient) - before_to == value)
        fetched = rpc.call("eth_getTransactionByHash", tx_hash)
        check(f"{kind}: eth_getTransactionByHash has blockNumber and hash",
              fetched["hash"] == tx_hash and fetched["blockNumber"] == receipt["blockNumber"])
        if kind.startswith("legacy"):
            check("legacy: type 0x0, chainId 0x7a69, v = 35 + 2*31337 + parity",
                  fetched["type"] == "0x0" and fetched["chainId"] == "0x7a69"
                  and int(fetched["v"], 16) in (35 + 2 * 31337, 36 + 2 * 31337), fetched["v"])
        else:
            check("type 2: type 0x2 with maxFeePerGas 2 gwei",
                  fetched["type"] == "0x2" and int(fetched["maxFeePerGas"], 16) == 2 * GWEI)
    block = rpc.call("eth_getBlockByNumber", "latest", True)
    check("latest block carries the transaction and a baseFeePerGas",
          len(block["transactions"]) == 1 and "baseFeePerGas" in block)
    check("block numbers advance one per transaction",
          int(rpc.call("eth_blockNumber"), 16) == int(block["number"], 16))


def test_tx_errors(rpc, sender, recipient):
    print("transaction errors")
    nonce = int(rpc.call("eth_getTransactionCount", sender.address, "latest"), 16)
    base = {"to": recipient, "value": 1, "gas": 21000, "maxFeePerGas": 2 * GWEI,
            "maxPriorityFeePerGas": GWEI, "type": 2, "chainId": 31337}

    def raw(tx, key=sender.key):
        return "0x" + Account.sign_transaction(tx, key).raw_transaction.hex()

    cases = [
        ("nonce too low", dict(base, nonce=nonce - 1), sender.key),
        ("nonce too high", dict(base, nonce=nonce + 5), sender.key),
        ("invalid chain id", dict(base, nonce=nonce, chainId=1), sender.key),
        ("max fee per gas less than block base fee", dict(base, nonce=nonce, maxFeePerGas=1, maxPriorityFeePerGas=0), sender.key),
        ("intrinsic gas too low", dict(base, nonce=nonce, gas=20000), sender.key),
        ("insufficient funds", dict(base, nonce=0), "0x" + secrets.token_hex(32)),
    ]
    for expected, tx, key in cases:
        error = expect_error(rpc, "eth_sendRawTransaction", raw(tx, key))
        check(f"refused with -32000 '{expected}...'",
              error is not None and error.code == -32000 and error.message.startswith(expected),
              error and error.message)
    error = expect_error(rpc, "eth_sendRawTransaction", "0x1234")
    check("garbage raw transaction refused with -32000", error is not None and error.code == -32000)
    check("eth_getTransactionReceipt of an unknown hash is null",
          rpc.call("eth_getTransactionReceipt", "0x" + "ab" * 32) is None)
    check("a block past the head is null", rpc.call("eth_getBlockByNumber", "0xffffff", False) is None)
    error = expect_error(rpc, "eth_getBalance", "0x1234", "latest")
    check("bad address is -32602", error is not None and error.code == -32602, error and error.message)


def test_fees(rpc):
    print("fees")
    history = rpc.call("eth_feeHistory", "0x4", "latest", [25, 75])
    check("feeHistory: 4 blocks, 5 base fees, rewards per block",
          len(history["gasUsedRatio"]) == 4 and len(history["baseFeePerGas"]) == 5
          and len(history["reward"]) == 4 and len(history["reward"][0]) == 2)
    latest = int(rpc.call("eth_blockNumber"), 16)
    check("feeHistory: oldestBlock = latest - 3", int(history["oldestBlock"], 16) == latest - 3)
    next_base = int(history["baseFeePerGas"][-1], 16)
    check("next base fee is below 2 gwei (a 2 gwei maxFeePerGas is includable)", next_base < 2 * GWEI, next_base)
    price = int(rpc.call("eth_gasPrice"), 16)
    tip = int(rpc.call("eth_maxPriorityFeePerGas"), 16)
    check("gasPrice = next base fee + tip", price == next_base + tip, f"{price} vs {next_base}+{tip}")


def test_token(rpc, deployments):
    print("ERC-20 test token")
    token = deployments["contracts"]["testToken"]
    holder = deployments["accounts"][0]["address"]
    supply = decode(["uint256"], eth_call(rpc, token, calldata("totalSupply()")))[0]
    held = decode(["uint256"], eth_call(rpc, token, calldata("balanceOf(address)", ["address"], [holder])))[0]
    decimals = decode(["uint8"], eth_call(rpc, token, calldata("decimals()")))[0]
    symbol = decode(["string"], eth_call(rpc, token, calldata("symbol()")))[0]
    check("decimals() is 18", decimals == 18)
    check(f"balanceOf(account 0) is the whole supply ({held // 10**18} {symbol})", held == supply and supply > 0)
    transfer_topic = "0x" + keccak(text="Transfer(address,address,uint256)").hex()
    logs = rpc.call("eth_getLogs", {"fromBlock": "0x0", "toBlock": "latest", "address": token,
                                    "topics": [transfer_topic, None, "0x" + "00" * 12 + holder[2:].lower()]})
    check("eth_getLogs finds the mint Transfer to account 0", len(logs) >= 1 and logs[0]["removed"] is False)

    print("reverts")
    poor = deployments["accounts"][1]["address"]
    data = calldata("transfer(address,uint256)", ["address", "uint256"], [holder, 1])
    for method in ("eth_call", "eth_estimateGas"):
        error = expect_error(rpc, method, {"from": poor, "to": token, "data": data}, "latest")
        ok = (error is not None and error.code == 3 and error.data.startswith("0x08c379a0")
              and error.message.startswith("execution reverted: "))
        check(f"{method} revert: code 3, Error(string) bytes in data, reason in message", ok,
              error and f"{error.code} {error.message}")
    gas = int(rpc.call("eth_estimateGas", {"from": holder, "to": token, "data": data}), 16)
    check("eth_estimateGas of a token transfer is plausible", 25_000 < gas < 80_000, gas)


def test_safe(rpc, deployments, owner, payee):
    print("Safe 1.4.1")
    c = deployments["contracts"]
    version = decode(["string"], eth_call(rpc, c["safeSingleton"], calldata("VERSION()")))[0]
    check("singleton VERSION() is 1.4.1", version == "1.4.1", version)

    setup = calldata(
        "setup(address[],uint256,address,bytes,address,address,uint256,address)",
        ["address[]", "uint256", "address", "bytes", "address", "address", "uint256", "address"],
        [[owner.address], 1, ZERO, b"", c["fallbackHandler"], ZERO, 0, ZERO],
    )
    salt_nonce = int(time.time() * 1000)
    create = calldata("createProxyWithNonce(address,bytes,uint256)", ["address", "bytes", "uint256"],
                      [c["safeSingleton"], bytes.fromhex(setup[2:]), salt_nonce])
    # The address is predictable (CREATE2): what Bifrost's SafeKit will compute offline.
    proxy_code = decode(["bytes"], eth_call(rpc, c["safeProxyFactory"], calldata("proxyCreationCode()")))[0]
    salt = keccak(keccak(bytes.fromhex(setup[2:])) + salt_nonce.to_bytes(32, "big"))
    init_hash = keccak(proxy_code + encode(["address"], [c["safeSingleton"]]))
    predicted = to_checksum_address(keccak(b"\xff" + bytes.fromhex(c["safeProxyFactory"][2:]) + salt + init_hash)[12:])

    gas = int(rpc.call("eth_estimateGas", {"from": owner.address, "to": c["safeProxyFactory"], "data": create}), 16)
    _, receipt = send(rpc, owner, {"type": 2, "to": c["safeProxyFactory"], "data": create, "gas": gas,
                                   "maxFeePerGas": 2 * GWEI, "maxPriorityFeePerGas": GWEI})
    check("createProxyWithNonce succeeded with the estimated gas", receipt["status"] == "0x1", gas)
    creation_topic = "0x" + keccak(text="ProxyCreation(address,address)").hex()
    created = [log for log in receipt["logs"] if log["topics"][0] == creation_topic]
    safe = to_checksum_address("0x" + created[0]["topics"][1][-40:]) if created else None
    check("ProxyCreation event names the new Safe at the predicted CREATE2 address", safe == predicted, safe)

    owners = decode(["address[]"], eth_call(rpc, safe, calldata("getOwners()")))[0]
    threshold = decode(["uint256"], eth_call(rpc, safe, calldata("getThreshold()")))[0]
    check("getOwners() is [owner], getThreshold() is 1",
          [to_checksum_address(o) for o in owners] == [owner.address] and threshold == 1, owners)
    chain_id = decode(["uint256"], eth_call(rpc, safe, calldata("getChainId()")))[0]
    check("the EVM's CHAINID is 31337 (Safe getChainId())", chain_id == 31337, chain_id)
    singleton_slot = rpc.call("eth_getStorageAt", safe, "0x0", "latest")
    check("proxy storage slot 0 holds the singleton", singleton_slot[-40:] == c["safeSingleton"][2:].lower())

    # Fund the Safe, then execute a Safe transaction signed by its owner.
    send(rpc, owner, {"type": 2, "to": safe, "value": 10**18, "gas": 50_000,
                      "maxFeePerGas": 2 * GWEI, "maxPriorityFeePerGas": GWEI})
    nonce = decode(["uint256"], eth_call(rpc, safe, calldata("nonce()")))[0]
    fields = [payee, 10**17, b"", 0, 0, 0, 0, ZERO, ZERO]
    types = ["address", "uint256", "bytes", "uint8", "uint256", "uint256", "uint256", "address", "address"]
    on_chain_hash = eth_call(rpc, safe, calldata(
        "getTransactionHash(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,uint256)",
        types + ["uint256"], fields + [nonce]))
    domain = keccak(encode(["bytes32", "uint256", "address"], [
        keccak(text="EIP712Domain(uint256 chainId,address verifyingContract)"), 31337, safe]))
    safe_tx_type = keccak(text="SafeTx(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,"
                               "uint256 baseGas,uint256 gasPrice,address gasToken,address refundReceiver,uint256 nonce)")
    struct = keccak(encode(["bytes32", "address", "uint256", "bytes32", "uint8", "uint256", "uint256", "uint256",
                            "address", "address", "uint256"],
                           [safe_tx_type, payee, 10**17, keccak(b""), 0, 0, 0, 0, ZERO, ZERO, nonce]))
    local_hash = keccak(b"\x19\x01" + domain + struct)
    check("getTransactionHash matches the EIP-712 hash computed with chainId 31337", on_chain_hash == local_hash)

    signed = Account.unsafe_sign_hash(local_hash, owner.key)
    signature = signed.r.to_bytes(32, "big") + signed.s.to_bytes(32, "big") + bytes([signed.v])
    exec_data = calldata(
        "execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)",
        types + ["bytes"], fields + [signature])
    before = balance(rpc, payee)
    gas = int(rpc.call("eth_estimateGas", {"from": owner.address, "to": safe, "data": exec_data}), 16)
    _, receipt = send(rpc, owner, {"type": 2, "to": safe, "data": exec_data, "gas": gas,
                                   "maxFeePerGas": 2 * GWEI, "maxPriorityFeePerGas": GWEI})
    success_topic = "0x" + keccak(text="ExecutionSuccess(bytes32,uint256)").hex()
    check("execTransaction with the estimated gas emits ExecutionSuccess",
          receipt["status"] == "0x1" and any(l["topics"][0] == success_topic for l in receipt["logs"]), gas)
    check("the payee received 0.1 ETH from the Safe", balance(rpc, payee) - before == 10**17)
    nonce_after = decode(["uint256"], eth_call(rpc, safe, calldata("nonce()")))[0]
    check("Safe nonce advanced by one", nonce_after == nonce + 1)
    error = expect_error(rpc, "eth_call", {"from": owner.address, "to": safe, "data": exec_data}, "latest")
    check("replaying the executed Safe tx reverts with code 3 (GS026)",
          error is not None and error.code == 3 and "GS026" in error.message, error and error.message)


def test_state_override(rpc, deployments):
    print("eth_call state overrides")
    token = deployments["contracts"]["testToken"]
    nobody = "0x" + "ab" * 20
    # Code that returns its own balance and storage slot 7: SELFBALANCE, PUSH1 7 SLOAD, stored and returned.
    probe = "0x47600052600754602052604060" + "00f3"
    overrides = {nobody: {"code": probe, "balance": "0x2a", "stateDiff": {"0x7": "0x" + "00" * 31 + "09"}}}
    out = bytes.fromhex(rpc.call("eth_call", {"to": nobody, "data": "0x"}, "latest", overrides)[2:])
    check("code, balance and stateDiff are used by the call", out == (42).to_bytes(32, "big") + (9).to_bytes(32, "big"), out.hex())
    check("the chain keeps none of it", rpc.call("eth_getCode", nobody, "latest") == "0x" and balance(rpc, nobody) == 0)
    supply_slot = {token: {"state": {}}}
    supply = decode(["uint256"], bytes.fromhex(rpc.call("eth_call", {"to": token, "data": calldata("totalSupply()")}, "latest",
                                                         supply_slot)[2:]))[0]
    check("state replaces the whole storage", supply == 0)
    error = expect_error(rpc, "eth_call", {"to": token, "data": "0x"}, "latest", {token: {"state": {}, "stateDiff": {}}})
    check("state and stateDiff together are refused", error is not None and error.code == -32602 and "both" in error.message,
          error and error.message)


def test_simulate(rpc, deployments):
    print("eth_simulateV1")
    token = deployments["contracts"]["testToken"]
    holder = deployments["accounts"][0]["address"]
    poor = deployments["accounts"][1]["address"]
    recipient = "0x" + "cd" * 20
    transfer_topic = "0x" + keccak(text="Transfer(address,address,uint256)").hex()

    def pad(address):
        return "0x" + "00" * 12 + address[2:].lower()

    def transfer(sender, amount, to=recipient):
        return {"from": sender, "to": token,
                "data": calldata("transfer(address,uint256)", ["address", "uint256"], [to, amount])}

    def token_balance(address):
        return decode(["uint256"], eth_call(rpc, token, calldata("balanceOf(address)", ["address"], [address])))[0]

    def simulate(block_state_calls, **options):
        return rpc.call("eth_simulateV1", {"blockStateCalls": block_state_calls, **options}, "latest")

    head = int(rpc.call("eth_blockNumber"), 16)
    held = token_balance(holder)
    [block] = simulate([{"calls": [transfer(holder, 5 * 10**18)]}])
    [call] = block["calls"]
    logs = call["logs"]
    check("a token transfer: status 0x1 and exactly one log, from the token",
          call["status"] == "0x1" and len(logs) == 1 and logs[0]["address"] == token.lower(), call["status"])
    check("the log is Transfer(holder, recipient) with the amount as data",
          logs and logs[0]["topics"] == [transfer_topic, pad(holder), pad(recipient)]
          and int(logs[0]["data"], 16) == 5 * 10**18)
    check("the simulated block is the next one, and the log names it",
          int(block["number"], 16) == head + 1 and logs and logs[0]["blockNumber"] == block["number"]
          and logs[0]["blockHash"] == block["hash"] and len(block["hash"]) == 66)
    check("the chain is unchanged (block number, both token balances)",
          int(rpc.call("eth_blockNumber"), 16) == head and token_balance(holder) == held and token_balance(recipient) == 0)

    balance_of = {"to": token, "data": calldata("balanceOf(address)", ["address"], [recipient])}
    first, second = simulate([{"calls": [transfer(holder, 7), balance_of]}, {"calls": [transfer(recipient, 3, to=holder), balance_of]}])
    check("a call sees the previous call's changes (balanceOf after transfer is 7)",
          int(first["calls"][1]["returnData"], 16) == 7, first["calls"][1]["returnData"])
    check("the next block state call sees them too (the recipient sends 3 of its 7, 4 left)",
          second["calls"][0]["status"] == "0x1" and int(second["calls"][1]["returnData"], 16) == 4
          and int(second["number"], 16) == int(first["number"], 16) + 1)

    [block] = simulate([{"calls": [transfer(poor, 1), transfer(holder, 1)]}])
    failed, after = block["calls"]
    error = failed.get("error") or {}
    check("a reverting call: status 0x0, no logs, error code 3 with the Error(string) bytes and reason",
          failed["status"] == "0x0" and failed["logs"] == [] and error.get("code") == 3
          and error.get("data", "").startswith("0x08c379a0") and error.get("message", "").startswith("execution reverted: "),
          error.get("message"))
    check("the call after it still runs (status 0x1, one log, logIndex 0x0)",
          after["status"] == "0x1" and len(after["logs"]) == 1 and after["logs"][0]["logIndex"] == "0x0")

    nobody, eth = "0x" + "ab" * 20, "0x" + "ee" * 20
    [block] = simulate([{"stateOverrides": {nobody: {"balance": hex(10**18)}},
                         "calls": [{"from": nobody, "to": recipient, "value": hex(10**17)}]}], traceTransfers=True)
    logs = block["calls"][0]["logs"]
    check("stateOverrides fund a sender; traceTransfers logs its ETH transfer as a Transfer from 0xEeee…",
          block["calls"][0]["status"] == "0x1" and len(logs) == 1 and logs[0]["address"] == eth
          and logs[0]["topics"] == [transfer_topic, pad(nobody), pad(recipient)] and int(logs[0]["data"], 16) == 10**17,
          f"{len(logs)} log(s)")
    check("the chain keeps none of it (both ETH balances 0)", balance(rpc, nobody) == 0 and balance(rpc, recipient) == 0)

    # A contract that logs, sends 1 wei, logs, sends 2 wei to one that logs and reverts, logs.
    outer, payee, reverter = "0x" + "c1" * 20, "0x" + "c2" * 20, "0x" + "c3" * 20
    log0, revert_code = "60006000a0", "60006000fd"

    def send_wei(to, wei):  # CALL(gas, to, wei, 0, 0, 0, 0), result dropped
        return "6000" * 4 + f"60{wei:02x}73{to[2:]}5af150"

    def log1(topic):
        return f"60{topic:02x}60006000a1"

    code = "0x" + log0 + send_wei(payee, 1) + log1(1) + send_wei(reverter, 2) + log1(2) + "00"
    [block] = simulate([{"stateOverrides": {outer: {"code": code, "balance": "0x64"}, reverter: {"code": "0x" + log0 + revert_code}},
                         "calls": [{"from": holder, "to": outer, "value": "0x7"}]}], traceTransfers=True)
    seen = [(log["address"], log["topics"][1:] if log["address"] == eth else log["topics"]) for log in block["calls"][0]["logs"]]
    expected = [(eth, [pad(holder), pad(outer)]), (outer, []), (eth, [pad(outer), pad(payee)]),
                (outer, ["0x" + "00" * 31 + "01"]), (outer, ["0x" + "00" * 31 + "02"])]
    check("internal value transfers are logged in execution order; a reverted frame's logs and transfer are not",
          seen == expected, f"{len(seen)} logs" if seen == expected else seen)

    for name, params in (
        ("blockStateCalls not an array", [{"blockStateCalls": {}}, "latest"]),
        ("validation: true", [{"blockStateCalls": [{"calls": []}], "validation": True}, "latest"]),
        ("a bad call address", [{"blockStateCalls": [{"calls": [{"to": "0x12"}]}]}, "latest"]),
    ):
        error = expect_error(rpc, "eth_simulateV1", *params)
        check(f"{name} is -32602", error is not None and error.code == -32602, error and error.message)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deployments", required=True)
    args = parser.parse_args()
    with open(args.deployments) as f:
        deployments = json.load(f)
    rpc = RpcClient(deployments["rpcUrl"])
    sender = Account.from_key(deployments["accounts"][8]["privateKey"])
    other = deployments["accounts"][9]["address"]
    started = time.monotonic()
    owner = Account.from_key(deployments["accounts"][9]["privateKey"])
    for test in (
        lambda: test_batch(rpc, deployments),
        lambda: test_transfers(rpc, sender, other),
        lambda: test_tx_errors(rpc, sender, other),
        lambda: test_fees(rpc),
        lambda: test_token(rpc, deployments),
        lambda: test_state_override(rpc, deployments),
        lambda: test_simulate(rpc, deployments),
        lambda: test_safe(rpc, deployments, owner, sender.address),
    ):
        try:
            test()
        except Exception as exc:  # an unexpected error answer fails the group, not the run
            check("no unexpected error", False, f"{type(exc).__name__}: {exc}")
    elapsed = time.monotonic() - started
    if failures:
        print(f"selftest: {len(failures)} check(s) failed in {elapsed:.1f}s")
        return 1
    print(f"selftest: all checks passed in {elapsed:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
