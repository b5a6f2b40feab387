#!/usr/bin/env python3
"""Runs safe-cli (PyPI) exactly as its `safe-cli SAFE RPC_URL` command does, commands on stdin,
with four stand-ins and nothing else changed:

1. The service's URL. safe-cli 1.9.0 has no option or variable for it: `SafeOperator.__init__`
   (safe_cli/operators/safe_operator.py, line 164) builds its client with
   `TransactionServiceApi.from_ethereum_client(self.ethereum_client)`, and safe-eth-py 7.17.0's
   `from_ethereum_client` (safe_eth/safe/api/base_api.py, line 69) passes no `base_url`, so the
   URL comes from the class's table (transaction_service_api.py, lines 28-76):
   `TRANSACTION_SERVICE_BASE_URL + "/" + NETWORK_SHORTNAME[network]`, the hosted service only, and
   a chain missing from the table (the local chain's 31337) has no tx-service mode at all ("Mode
   not supported on this network"). Here the table's base is `bifrost serve`'s URL and the local
   chain gets a short name, so safe-eth-py's own formula gives `{url}/devnet/api/v1/…`, as it
   gives `…/tx-service/sep/api/v1/…` for the hosted one (`bifrost serve` takes the prefix).
2. Etherscan's chain list, which safe-cli fetches at start-up with no timeout (offline it dies
   with a traceback): an empty list, what safe-eth-py returns when that request fails.
3. The latest Safe singleton, which `info` looks for at the canonical addresses (a local chain has
   none, and safe-cli raises "Network … is not supported"): the local chain's own.
4. The API key. safe-cli says at start-up that tx-service mode needs SAFE_TRANSACTION_SERVICE_API_KEY,
   but never sends it: the same `from_ethereum_client` call passes `api_key=None`, which overrides
   the constructor's default read from that variable (transaction_service_api.py, line 65), so
   every write goes out without `Authorization` (the hosted service and `bifrost serve
   --api-key-file` refuse it). Here `from_ethereum_client` is given the variable's key.

safe-cli asks "[y/N]" before each write and skips the question when PYTEST_CURRENT_TEST is set
(safe_cli/utils.py, yes_or_no_question); the caller sets it, since stdin carries the commands.

Usage: BIFROST_SERVE_URL=… SAFE_CLI_SINGLETON=0x… SAFE_TRANSACTION_SERVICE_API_KEY=… \
       safe_cli_session.py SAFE RPC_URL   < commands
"""
import os
import sys

from safe_eth.eth import EthereumNetwork
from safe_eth.eth.clients.etherscan_client_v2 import EtherscanClientV2
from safe_eth.safe.api import TransactionServiceApi

import safe_cli.operators.safe_operator as safe_operator
from safe_cli.main import main
from safe_cli.safe_addresses import _get_valid_contract

TransactionServiceApi.TRANSACTION_SERVICE_BASE_URL = os.environ["BIFROST_SERVE_URL"]
TransactionServiceApi.NETWORK_SHORTNAME[EthereumNetwork(int(os.environ.get("SAFE_CLI_CHAIN_ID", "31337")))] = "devnet"
from_ethereum_client = TransactionServiceApi.from_ethereum_client.__func__
TransactionServiceApi.from_ethereum_client = classmethod(
    lambda cls, client, api_key=None: from_ethereum_client(cls, client, api_key or os.environ.get("SAFE_TRANSACTION_SERVICE_API_KEY")))
EtherscanClientV2.get_supported_networks = classmethod(lambda cls: [])
singleton = os.environ["SAFE_CLI_SINGLETON"]
safe_operator.get_safe_l2_contract_address = lambda client: _get_valid_contract(client, [singleton])

if __name__ == "__main__":
    sys.argv[0] = "safe-cli"
    sys.exit(main())
