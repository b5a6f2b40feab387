#!/usr/bin/env python3
"""Runs safe-cli (the PyPI package, from Benchmarks/.venv-safecli) against a local chain with its
two outside dependencies stood in for, and nothing else changed:

1. Etherscan's chain list. At start-up safe-cli's `info` asks whether the chain has an Etherscan
   (EtherscanClientV2.is_supported_network), which GETs https://api.etherscan.io/v2/chainlist,
   with no timeout, on every start. Offline that raises and safe-cli exits with a traceback before
   its prompt. Here the list is empty, which is what safe-eth-py itself returns when that request
   answers with an error status.
2. The latest Safe singleton. `info` ends by checking whether the Safe runs the latest singleton,
   probing the canonical Safe deployment addresses with eth_getCode; on a chain without them it
   raises "Network ... is not supported", again before the prompt. Here the candidate list is the
   devnet's own singleton (SAFECLI_L2_SINGLETON): still one eth_getCode, as on a public chain where
   the first candidate is found.

Usage: SAFECLI_L2_SINGLETON=0x... safecli_offline.py [safe-cli arguments]   (commands on stdin)
"""
import os
import sys

from safe_eth.eth.clients.etherscan_client_v2 import EtherscanClientV2

import safe_cli.operators.safe_operator as safe_operator
from safe_cli.main import main
from safe_cli.safe_addresses import _get_valid_contract

SINGLETON = os.environ["SAFECLI_L2_SINGLETON"]
EtherscanClientV2.get_supported_networks = classmethod(lambda cls: [])
safe_operator.get_safe_l2_contract_address = lambda client: _get_valid_contract(client, [SINGLETON])

if __name__ == "__main__":
    sys.argv[0] = "safe-cli"
    sys.exit(main())
