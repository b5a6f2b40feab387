"""Deploys Safe 1.4.1 (the default, under "contracts"), the ERC-20 test token, and Safe 1.3.0
and 1.5.0 (under "safeVersions", with 1.4.1 again) to a running devnet over JSON-RPC, then
writes deployments.json. With --all-versions it then deploys Safe 1.1.1 and 1.0.0 and the official
SafeToL2Migration too, last, so every address above stays where it was. Goes through eth_sendRawTransaction like any wallet would, so a
successful start also proves the signing, fee and receipt paths of the server.

Usage: python -m devnet_lib.deploy --rpc-url URL --out DIR/deployments.json [--all-versions]"""

import argparse
import json
import os
import sys
import tempfile

from eth_abi import decode as abi_decode
from eth_abi import encode as abi_encode
from eth_account import Account
from eth_utils import keccak, to_checksum_address

from . import accounts, artifacts
from .chain import CHAIN_ID
from .rpc_client import RpcClient

SAFE_VERSION = "1.4.1"
TOKEN_NAME = "Bifrost Test Token"
TOKEN_SYMBOL = "BTT"
TOKEN_DECIMALS = 18
TOKEN_SUPPLY = 1_000_000_000 * 10**TOKEN_DECIMALS  # all of it to dev account 0
GAS_HEADROOM_PERCENT = 10  # the estimate is geth-tight; deployment should not be marginal


def create(client, signer, data):
    """Sign and send a type-2 contract creation, returning its receipt (mined on arrival)."""
    request = {"from": signer.address, "data": "0x" + data.hex()}
    gas = int(client.call("eth_estimateGas", request), 16)
    base_fee = int(client.call("eth_getBlockByNumber", "latest", False)["baseFeePerGas"], 16)
    tip = int(client.call("eth_maxPriorityFeePerGas"), 16)
    tx = {
        "type": 2,
        "chainId": CHAIN_ID,
        "nonce": int(client.call("eth_getTransactionCount", signer.address, "latest"), 16),
        "gas": gas * (100 + GAS_HEADROOM_PERCENT) // 100,
        "maxFeePerGas": 2 * base_fee + tip,
        "maxPriorityFeePerGas": tip,
        "value": 0,
        "data": data,
    }
    signed = Account.sign_transaction(tx, signer.key)
    tx_hash = client.call("eth_sendRawTransaction", "0x" + signed.raw_transaction.hex())
    receipt = client.call("eth_getTransactionReceipt", tx_hash)
    if receipt is None or receipt["status"] != "0x1":
        raise SystemExit(f"deployment transaction {tx_hash} failed: {receipt}")
    return receipt


def deploy(client, signer, creation_code, label):
    receipt = create(client, signer, creation_code)
    address = to_checksum_address(receipt["contractAddress"])
    if client.call("eth_getCode", address, "latest") in ("0x", None):
        raise SystemExit(f"{label}: no code at {address} after deployment")
    return address


def selector(signature):
    return keccak(text=signature)[:4]


def check_safe_version(client, singleton, expected):
    request = {"to": singleton, "data": "0x" + selector("VERSION()").hex()}
    out = bytes.fromhex(client.call("eth_call", request, "latest")[2:])
    version = abi_decode(["string"], out)[0]
    if version != expected:
        raise SystemExit(f"the Safe singleton reports VERSION() {version!r}, expected {expected}")


def deploy_old_versions(client, signer, versions):
    """Safe 1.1.1 and 1.0.0 (singleton and factory only: safe-eth-py ships no 1.1.1 handler or
    MultiSend, so a Safe made here has no handler and borrows a newer MultiSend), then
    SafeToL2Migration into the 1.4.1 set."""
    for version, files in artifacts.OLD_SAFE_SETS.items():
        versions[version] = {key: deploy(client, signer, artifacts.load(name)[1], f"{version} {key}") for key, name in files.items()}
        check_safe_version(client, versions[version]["safeSingleton"], version)
    versions["1.4.1"]["safeToL2Migration"] = deploy(client, signer, artifacts.load(artifacts.SAFE_TO_L2_MIGRATION)[1], "safeToL2Migration")


def deploy_all(client, all_versions=False):
    signer = accounts.deployer()
    contracts = {}
    for key, file_name in artifacts.SAFE_1_4_1.items():
        _, code, _ = artifacts.load(file_name)
        contracts[key] = deploy(client, signer, code, key)
    check_safe_version(client, contracts["safeSingleton"], SAFE_VERSION)

    _, token_code, _ = artifacts.load(artifacts.TEST_TOKEN)
    holder = accounts.dev_accounts()[0].address
    args = abi_encode(
        ["string", "string", "uint8", "address", "uint256"],
        [TOKEN_NAME, TOKEN_SYMBOL, TOKEN_DECIMALS, holder, TOKEN_SUPPLY],
    )
    contracts["testToken"] = deploy(client, signer, token_code + args, "testToken")
    contracts["safeVersion"] = SAFE_VERSION

    # After the token, so the default set's and the token's addresses stay where they were.
    versions = {SAFE_VERSION: {k: v for k, v in contracts.items() if k in artifacts.SAFE_1_4_1}}
    versions[SAFE_VERSION]["signMessageLib"] = deploy(client, signer, artifacts.load(artifacts.SIGN_MESSAGE_LIB)[1], "signMessageLib")
    for version, files in artifacts.SAFE_SETS.items():
        versions[version] = {key: deploy(client, signer, artifacts.load(name)[1], f"{version} {key}") for key, name in files.items()}
        check_safe_version(client, versions[version]["safeSingleton"], version)
    if all_versions:
        deploy_old_versions(client, signer, versions)
    return contracts, dict(sorted(versions.items()))


def write_json_atomically(path, obj):
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".deployments.", suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(obj, f, indent=2)
        f.write("\n")
    os.replace(tmp, path)  # readers never see a half-written file


def _alive(pid):
    if pid is None:
        return True
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A crashed child stays a zombie until its parent (the bash script) reaps it.
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[-1][:1] != "Z"
    except OSError:
        return True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rpc-url", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--wait", type=float, default=60.0, help="seconds to wait for the server")
    parser.add_argument("--all-versions", action="store_true", help="also deploy Safe 1.1.1, 1.0.0 and SafeToL2Migration")
    parser.add_argument("--server-pid", type=int, help="stop waiting if this process exits")
    args = parser.parse_args()

    client = RpcClient(args.rpc_url)
    if not client.wait_ready(args.wait, alive=lambda: _alive(args.server_pid)):
        raise SystemExit(f"devnet did not answer at {args.rpc_url} (server exited or {args.wait:.0f}s passed)")
    chain_id = int(client.call("eth_chainId"), 16)
    contracts, versions = deploy_all(client, args.all_versions)
    write_json_atomically(
        args.out,
        {
            "chainId": chain_id,
            "rpcUrl": args.rpc_url,
            "accounts": [
                {"address": a.address, "privateKey": "0x" + a.key.hex()} for a in accounts.dev_accounts()
            ],
            "deployer": accounts.deployer().address,
            "contracts": contracts,
            "safeVersions": versions,
        },
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
