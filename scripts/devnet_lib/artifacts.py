"""Finds the Safe 1.3.0, 1.4.1 and 1.5.0 contract artifacts (and, for --all-versions, 1.1.1, 1.0.0
and SafeToL2Migration) (ABI + creation bytecode) inside the installed
safe-eth-py package, and the ERC-20 test token it also ships.

We locate the package's files without importing it: importing safe_eth pulls in web3, which
we do not install (safe-eth-py is installed with --no-deps for its data files only)."""

import importlib.util
import json
from pathlib import Path

# Our name -> file under safe_eth/eth/contracts/abis/ (safe-eth-py 7.x layout).
SAFE_1_4_1 = {
    # safe-eth-py's Safe_V1_4_1.json is the SafeL2 build (contractName "SafeL2"): the singleton
    # variant that also emits events for every execution, which the Safe services index.
    "safeSingleton": "Safe_V1_4_1.json",
    "safeProxyFactory": "ProxyFactory_V1_4_1.json",
    "fallbackHandler": "CompatibilityFallbackHandler_V1_4_1.json",
    "multiSend": "MultiSend_V1_4_1.json",
    "multiSendCallOnly": "MultiSendCallOnly_V1_4_1.json",
}
# The other releases Bifrost supports, each as one set. safe-eth-py ships the L2 build of every
# singleton (GnosisSafeL2 1.3.0, SafeL2 1.5.0) and no MultiSend/MultiSendCallOnly 1.3.0: the
# 1.4.1 builds stand in for those (the same contracts, recompiled; the same calls and packing).
SIGN_MESSAGE_LIB = "SignMessageLib.json"
SAFE_SETS = {
    "1.3.0": {
        "safeSingleton": "GnosisSafe_V1_3_0.json",
        "safeProxyFactory": "ProxyFactory_V1_3_0.json",
        "fallbackHandler": "CompatibilityFallbackHandler_V1_3_0.json",
        "multiSend": "MultiSend_V1_4_1.json",
        "multiSendCallOnly": "MultiSendCallOnly_V1_4_1.json",
        "signMessageLib": SIGN_MESSAGE_LIB,
    },
    "1.5.0": {
        "safeSingleton": "Safe_V1_5_0.json",
        "safeProxyFactory": "ProxyFactory_V1_5_0.json",
        "fallbackHandler": "CompatibilityFallbackHandler_V1_5_0.json",
        "multiSend": "MultiSend_V1_5_0.json",
        "multiSendCallOnly": "MultiSendCallOnly_V1_5_0.json",
        "signMessageLib": SIGN_MESSAGE_LIB,
    },
}
# The older releases `scripts/devnet start --all-versions` adds, for reading, executing and
# upgrading old Safes. safe-eth-py ships their singletons and factories only (no 1.1.1
# DefaultCallbackHandler, no 1.1.1 MultiSend; 1.0.0 has no handler at all), so the sets name those two.
OLD_SAFE_SETS = {
    "1.1.1": {"safeSingleton": "GnosisSafe_V1_1_1.json", "safeProxyFactory": "ProxyFactory_V1_1_1.json"},
    "1.0.0": {"safeSingleton": "GnosisSafe_V1_0_0.json", "safeProxyFactory": "ProxyFactory_V1_0_0.json"},
}
# The official migration a Safe delegatecalls to move to its L2 singleton (1.1.1 -> 1.3.0/1.4.1 L2,
# 1.3.0 -> 1.3.0 L2, 1.4.1 -> 1.4.1 L2); recorded in the 1.4.1 set, the release it ships with.
SAFE_TO_L2_MIGRATION = "SafeToL2Migration.json"
# An OpenZeppelin ERC20 (solc 0.6.12) used by safe-eth-py's own tests; its constructor is
# (string name, string symbol, uint8 decimals, address account, uint256 amount).
TEST_TOKEN = "ERC20TestToken.json"


def abis_dir():
    spec = importlib.util.find_spec("safe_eth")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("safe-eth-py is not installed in this environment")
    path = Path(list(spec.submodule_search_locations)[0]) / "eth" / "contracts" / "abis"
    if not path.is_dir():
        raise SystemExit(f"safe-eth-py layout changed: {path} is missing")
    return path


def load(file_name):
    """(abi, creation bytecode bytes, contractName) of one artifact."""
    artifact = json.loads((abis_dir() / file_name).read_text())
    bytecode = artifact.get("bytecode")
    if isinstance(bytecode, dict):  # some toolchains nest it as {"object": ...}
        bytecode = bytecode.get("object")
    if not bytecode or bytecode in ("0x", ""):
        raise SystemExit(f"{file_name} carries no bytecode")
    code = bytes.fromhex(bytecode[2:] if bytecode.startswith("0x") else bytecode)
    return artifact["abi"], code, artifact.get("contractName")
