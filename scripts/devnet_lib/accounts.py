"""Deterministic dev accounts: the Hardhat/Anvil test mnemonic, so every tool that knows those
well-known keys (and every developer) recognises the funded addresses."""

from eth_account import Account

MNEMONIC = "test test test test test test test test test test test junk"
# Accounts are m/44'/60'/0'/0/i, the path Hardhat and Anvil use.
HD_BASE_PATH = "m/44'/60'/0'/0"
DEV_ACCOUNT_COUNT = 10
# Contracts are deployed from the next key on the same path, so the ten dev accounts start
# with nonce 0 and exactly their genesis balance: tests can reason about them from scratch.
DEPLOYER_INDEX = DEV_ACCOUNT_COUNT
GENESIS_BALANCE_WEI = 10_000 * 10**18

# eth-account guards its BIP32/BIP39 code behind this flag because it is not audited; these keys
# are public test keys with no value, so that is acceptable here.
Account.enable_unaudited_hdwallet_features()


def derive(index):
    """The eth-account LocalAccount at m/44'/60'/0'/0/index of the test mnemonic."""
    return Account.from_mnemonic(MNEMONIC, account_path=f"{HD_BASE_PATH}/{index}")


def dev_accounts():
    return [derive(i) for i in range(DEV_ACCOUNT_COUNT)]


def deployer():
    return derive(DEPLOYER_INDEX)


def funded_accounts():
    """Everything that gets a genesis balance: the dev accounts, then the deployer."""
    return dev_accounts() + [deployer()]
