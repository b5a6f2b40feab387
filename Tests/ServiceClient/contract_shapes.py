"""The shapes `bifrost serve`'s answers are held to, written here in our own words from reading
two public sources:

- OFFICIAL: the Safe Transaction Service v5.42.1, its DRF serializers as rendered by its camelCase
  renderer. DRF renders a serializer's fields in their declared order (a base class's first, a
  field declared again keeps its base's place), so each shape is an ordered list of
  (member, type). Types: "address" (EIP-55), "hash" (0x and 64 hex digits), "hex" (0x and hex
  digits), "int", "bool", "str", "numstr" (a decimal integer as a string), "date" (ISO 8601, UTC,
  "Z"), "object", "list", "any"; a trailing "?" allows null; ("list", X) is a list of X, where X
  is a type or a shape; ("object", SHAPE) and ("object?", SHAPE) a nested object. "logo" (a
  token's logoUri, a string) is checked apart, over every answer, so that one fault does not hide
  the rest of each shape.
- GATEWAY: the Safe Client Gateway's zod schemas for what it reads from a Transaction Service.
  Each is a dict member → rule; the gateway ignores members it does not name, and the order does
  not matter to it. Rules: "address" (any address viem's getAddress accepts), "hex", "hexbytes"
  (even length), "numstr" (a non-empty, non-hex string that Number() reads), "number",
  "coerced-number" (a number, or a string that Number() reads), "date" (a string Date() reads),
  "bool", "str", "url", "object"; a trailing "?" means the member may be missing or null (zod's
  nullish().default(null)); ("enum", values); ("list", RULE); a dict for a nested object;
  ("union", key, {value: dict}) for a union told apart by one member; "logo-str" and "logo-url",
  a token's logoUri, are checked apart as "logo" is.
"""

# ---------------------------------------------------------------- the official service (v5.42.1)

# The data decoder's answer and every dataDecoded (safe-eth-py's TxDecoder: method, then each
# parameter's name, type and value; valueDecoded only on a MultiSend's or execTransaction's
# bytes, so it is the one member that may be absent: OPTIONAL).
DATA_DECODED = [("method", "str"), ("parameters", ("list", [("name", "str"), ("type", "str"), ("value", "any"),
                                                           ("valueDecoded", "any")]))]
OPTIONAL = {"valueDecoded"}

# history/serializers.py, SafeInfoResponseSerializer
SAFE_INFO = [("address", "address"), ("nonce", "numstr"), ("threshold", "int"), ("owners", ("list", "address")),
             ("masterCopy", "address"), ("modules", ("list", "address")), ("fallbackHandler", "address"),
             ("guard", "address"), ("moduleGuard", "address"), ("version", "str?")]

# SafeMultisigConfirmationResponseSerializer (a model serializer over Meta.fields)
CONFIRMATION = [("owner", "address"), ("submissionDate", "date"), ("transactionHash", "hash?"), ("signature", "hex"),
                ("signatureType", "str")]

# tokens/serializers.py, TokenInfoResponseSerializer
TOKEN = [("type", "str"), ("address", "address"), ("name", "str"), ("symbol", "str"), ("decimals", "int?"),
         ("logoUri", "logo"), ("trusted", "bool")]

# TransferWithTokenInfoResponseSerializer over TransferResponseSerializer: `from` is taken out
# and put back last by get_fields.
TRANSFER = [("type", "str"), ("executionDate", "date"), ("blockNumber", "int"), ("transactionHash", "hash"),
            ("to", "address"), ("value", "numstr?"), ("tokenId", "numstr?"), ("tokenAddress", "address?"),
            ("transferId", "str"), ("tokenInfo", ("object?", TOKEN)), ("from", "address")]


def multisig(version):
    """SafeMultisigTransactionResponseSerializer on safe-eth-py's SafeMultisigTxSerializer: v1 has
    nonce, safeTxGas and baseGas as integers; v2 (…ResponseSerializerV2) declares them again as
    strings, in the same places."""
    counter = "int" if version == 1 else "numstr"
    return [("safe", "address"), ("to", "address"), ("value", "numstr"), ("data", "hex?"), ("operation", "int"),
            ("gasToken", "address?"), ("safeTxGas", counter), ("baseGas", counter), ("gasPrice", "numstr"),
            ("refundReceiver", "address?"), ("nonce", counter),
            ("executionDate", "date?"), ("submissionDate", "date"), ("modified", "date"), ("blockNumber", "int?"),
            ("transactionHash", "hash?"), ("safeTxHash", "hash"), ("proposer", "address"),
            ("proposedByDelegate", "address?"), ("executor", "address?"), ("isExecuted", "bool"),
            ("isSuccessful", "bool?"), ("ethGasPrice", "numstr?"), ("maxFeePerGas", "numstr?"),
            ("maxPriorityFeePerGas", "numstr?"), ("gasUsed", "int?"), ("fee", "numstr?"), ("origin", "str"),
            ("dataDecoded", ("object?", DATA_DECODED)), ("confirmationsRequired", "int"), ("confirmations", ("list", CONFIRMATION)),
            ("trusted", "bool"), ("signatures", "hex?")]


# SafeModuleTransactionResponseSerializer (Meta.fields order)
MODULE_TRANSACTION = [("created", "date"), ("executionDate", "date"), ("blockNumber", "int"), ("isSuccessful", "bool"),
                      ("transactionHash", "hash"), ("safe", "address"), ("module", "address"), ("to", "address"),
                      ("value", "numstr"), ("data", "hex?"), ("operation", "int"),
                      ("dataDecoded", ("object?", DATA_DECODED)), ("moduleTransactionId", "str")]

# The all-transactions items: each kind's serializer with `transfers` and `txType` after its own
# members (…WithTransfersResponseSerializer); the plain transaction's `from` goes last.
ALL_TX_MULTISIG = {v: multisig(v) + [("transfers", ("list", TRANSFER)), ("txType", "str")] for v in (1, 2)}
ALL_TX_MODULE = MODULE_TRANSACTION + [("transfers", ("list", TRANSFER)), ("txType", "str")]
# EthereumTxWithTransfersResponseSerializer
ALL_TX_ETHEREUM = [("executionDate", "date"), ("to", "address?"), ("data", "hex?"), ("txHash", "hash"),
                   ("blockNumber", "int?"), ("transfers", ("list", TRANSFER)), ("txType", "str"), ("from", "address")]

# SafeBalanceResponseSerializer with Erc20InfoSerializer
BALANCE = [("tokenAddress", "address?"),
           ("token", ("object?", [("name", "str"), ("symbol", "str"), ("decimals", "int"), ("logoUri", "logo")])),
           ("balance", "numstr")]

# MasterCopyResponseSerializer
SINGLETON = [("address", "address"), ("version", "str"), ("deployer", "str"), ("deployedBlockNumber", "int"),
             ("lastIndexedBlockNumber", "int?"), ("l2", "bool")]

# IndexingStatusSerializer
INDEXING = [("currentBlockNumber", "int"), ("currentBlockTimestamp", "date"), ("erc20BlockNumber", "int"),
            ("erc20BlockTimestamp", "date"), ("erc20Synced", "bool"), ("masterCopiesBlockNumber", "int"),
            ("masterCopiesBlockTimestamp", "date"), ("masterCopiesSynced", "bool"), ("synced", "bool")]

# SafeDeploymentSerializer over SafeDeploymentContractSerializer (about/deployments' items)
DEPLOYMENT = [("version", "str"), ("contracts", ("list", [("contractName", "str"), ("address", "address?")]))]

# history/views.py, AboutEthereumRPCView: a plain JSONRenderer, so snake_case.
ETHEREUM_RPC = [("version", "str"), ("block_number", "int"), ("chain_id", "int"), ("chain", "str"), ("syncing", "any")]

# history/views.py, AboutView: a plain JSONRenderer too.
ABOUT = [("name", "str"), ("version", "str"), ("api_version", "str"), ("secure", "bool"), ("host", "str"),
         ("headers", "list"), ("settings", "object")]

# SafeDelegateResponseSerializer
DELEGATE = [("safe", "address?"), ("delegate", "address"), ("delegator", "address"), ("label", "str"),
            ("expiryDate", "date?")]

# safe_messages/serializers.py, SafeMessageResponseSerializer and …ConfirmationResponseSerializer
MESSAGE_CONFIRMATION = [("created", "date"), ("modified", "date"), ("owner", "address"), ("signature", "hex"),
                        ("signatureType", "str")]
MESSAGE = [("created", "date"), ("modified", "date"), ("safe", "address"), ("messageHash", "hash"),
           ("message", "any"), ("proposedBy", "address"), ("safeAppId", "int?"),
           ("confirmations", ("list", MESSAGE_CONFIRMATION)), ("preparedSignature", "hex?"), ("origin", "str")]

# OwnerResponseSerializer (v1) and SafeLastStatusSerializer (v2's items)
OWNER_SAFES_V1 = [("safes", ("list", "address"))]
SAFE_LAST_STATUS = [("address", "address"), ("owners", ("list", "address")), ("threshold", "int"), ("nonce", "int"),
                    ("masterCopy", "address"), ("fallbackHandler", "address"), ("guard", "address?"),
                    ("moduleGuard", "address?"), ("enabledModules", ("list", "address"))]

# SafeCreationInfoResponseSerializer
CREATION = [("created", "date"), ("creator", "address"), ("transactionHash", "hash"), ("factoryAddress", "address"),
            ("masterCopy", "address?"), ("setupData", "hex?"), ("saltNonce", "str?"), ("dataDecoded", ("object?", DATA_DECODED)),
            ("userOperation", "object?")]

# SafeExportTransactionSerializer: `_from` is renamed `from` and put last by to_representation.
EXPORT = [("safe", "address"), ("to", "address"), ("amount", "numstr"), ("assetType", "str"),
          ("assetAddress", "address?"), ("assetSymbol", "str?"), ("assetDecimals", "int?"),
          ("proposerAddress", "address?"), ("proposedAt", "date?"), ("executorAddress", "address?"),
          ("executedAt", "date?"), ("note", "str?"), ("transactionHash", "hash"), ("contractAddress", "address?"),
          ("nonce", "numstr?"), ("from", "address")]

# SafeCollectibleResponseSerializer (v2 collectibles' items)
COLLECTIBLE = [("address", "address"), ("tokenName", "str"), ("tokenSymbol", "str"), ("logoUri", "str"), ("id", "numstr"),
               ("uri", "str?"), ("name", "str?"), ("description", "str?"), ("imageUri", "str?"), ("metadata", "object?")]

# SafeMultisigTransactionEstimateResponseSerializer
ESTIMATION = [("safeTxGas", "numstr")]

# ModulesResponseSerializer
MODULE_SAFES = [("safes", ("list", "address"))]

# DRF's LimitOffsetPagination envelope; the multisig lists add countUniqueNonce after it.
def page(item):
    return [("count", "int"), ("next", "str?"), ("previous", "str?"), ("results", ("list", item))]


def multisig_page(version):
    return page(multisig(version)) + [("countUniqueNonce", "int")]


# Refusals: DRF's ValidationError bodies through the camelCase renderer.
NON_FIELD_ERRORS = [("nonFieldErrors", ("list", "str"))]
# CodeErrorResponse: the views' own refusals, as 422 code 1 for an address not in EIP-55 form.
CODE_ERROR = [("code", "int"), ("message", "str"), ("arguments", "list")]

# The IDs the official gives (history/helpers.py): a token transfer "e" + the transaction hash's
# 64 hex digits + the log index; an ether transfer or a module transaction "i" + the hash + the
# trace address (empty at the top, else indices joined by commas).
TOKEN_TRANSFER_ID = r"^e[0-9a-f]{64}[0-9]+$"
TRACE_ID = r"^i[0-9a-f]{64}([0-9]+(,[0-9]+)*)?$"

# ---------------------------------------------------------------- the Safe Client Gateway

def g_page(item):
    """buildPageSchema"""
    return {"count": "number?", "next": "str?", "previous": "str?", "results": ("list", item)}


G_SIGNATURE_TYPES = ("enum", ("CONTRACT_SIGNATURE", "APPROVED_HASH", "EOA", "ETH_SIGN"))

# safe/…/schemas/safe.schema.ts, SafeSchema (v1 safes/{address})
G_SAFE = {"address": "address", "nonce": "coerced-number", "threshold": "number", "owners": ("list", "address"),
          "masterCopy": "address", "fallbackHandler": "address", "guard": "address",
          "modules": ("list?", "address"), "version": "str?"}

# SafeSchemaV2 (v2 owners/{owner}/safes items)
G_SAFE_V2 = {"address": "address", "nonce": "coerced-number", "threshold": "number", "owners": ("list", "address"),
             "masterCopy": "address", "fallbackHandler": "address", "guard": "address?", "moduleGuard": "address?",
             "enabledModules": ("list", "address")}

# safe-list.schema.ts
G_SAFE_LIST = {"safes": ("list", "address")}

# multisig-transaction.entity.ts, ConfirmationSchema and MultisigTransactionSchema (over
# transaction-base.schema.ts)
G_CONFIRMATION = {"owner": "address", "submissionDate": "date", "transactionHash": "hex?",
                  "signatureType": G_SIGNATURE_TYPES, "signature": "hexbytes?"}
G_OPERATION = ("enum", (0, 1))
G_MULTISIG = {"to": "address", "value": "numstr", "data": "hex?", "operation": G_OPERATION, "safe": "address",
              "gasToken": "address?", "safeTxGas": "coerced-number?", "baseGas": "coerced-number?",
              "gasPrice": "numstr?", "proposer": "address?", "proposedByDelegate": "address?",
              "refundReceiver": "address?", "nonce": "coerced-number", "executionDate": "date?",
              "submissionDate": "date", "modified": "date?", "blockNumber": "number?", "transactionHash": "hex?",
              "safeTxHash": "hex", "executor": "address?", "isExecuted": "bool", "isSuccessful": "bool?",
              "ethGasPrice": "numstr?", "gasUsed": "number?", "fee": "numstr?", "payment": "numstr?", "origin": "str?",
              "confirmationsRequired": "number", "confirmations": ("list?", G_CONFIRMATION), "signatures": "hex?",
              "trusted": "bool"}

# module-transaction.entity.ts
G_MODULE_TRANSACTION = {"to": "address", "value": "numstr?", "data": "hex?", "operation": G_OPERATION,
                        "safe": "address", "created": "date", "executionDate": "date", "blockNumber": "number",
                        "isSuccessful": "bool", "transactionHash": "hex", "module": "address",
                        "moduleTransactionId": "str"}

# transfer-base.schema.ts and the three transfer schemas, told apart by `type` (transfer.entity.ts)
G_TRANSFER_BASE = {"executionDate": "date", "blockNumber": "number", "transactionHash": "hex", "to": "address",
                   "from": "address", "transferId": "str"}
G_TRANSFER = ("union", "type", {
    "ETHER_TRANSFER": {**G_TRANSFER_BASE, "value": "str"},
    "ERC20_TRANSFER": {**G_TRANSFER_BASE, "value": "str", "tokenAddress": "address"},
    "ERC721_TRANSFER": {**G_TRANSFER_BASE, "tokenId": "str", "tokenAddress": "address"},
})

# ethereum-transaction.entity.ts
G_ETHEREUM_TRANSACTION = {"executionDate": "date", "data": "hex?", "txHash": "hex", "blockNumber": "number",
                          "transfers": ("list?", G_TRANSFER), "from": "address"}

# transaction-type.schema.ts: the all-transactions items, told apart by txType
G_ALL_TX = ("union", "txType", {
    "ETHEREUM_TRANSACTION": G_ETHEREUM_TRANSACTION,
    "MODULE_TRANSACTION": G_MODULE_TRANSACTION,
    "MULTISIG_TRANSACTION": G_MULTISIG,
})

# balance.entity.ts: the native line (tokenAddress and token null) or a token's
G_BALANCE = ("union", "tokenAddress", {
    None: {"tokenAddress": "null", "token": "null", "balance": "str"},
    "*": {"tokenAddress": "address", "balance": "str",
          "token": {"name": "str", "symbol": "str", "decimals": "number", "logoUri": "logo-str"}},
})

# token.entity.ts (the gateway reads `type` first, then the members of that kind)
G_TOKEN = ("union", "type", {
    kind: {"address": "address", "name": "str", "symbol": "str", "logoUri": "logo-url", "trusted": "bool",
           "decimals": "number" if kind == "NATIVE_TOKEN" else "any"}
    for kind in ("NATIVE_TOKEN", "ERC20", "ERC721")})

# singleton.schema.ts
G_SINGLETON = {"address": "address", "version": "str", "deployer": "str", "deployedBlockNumber": "number",
               "lastIndexedBlockNumber": "number", "l2": "bool"}

# indexing-status.entity.ts
G_INDEXING = {"currentBlockNumber": "number", "currentBlockTimestamp": "date", "erc20BlockNumber": "number",
              "erc20BlockTimestamp": "date", "erc20Synced": "bool", "masterCopiesBlockNumber": "number",
              "masterCopiesBlockTimestamp": "date", "masterCopiesSynced": "bool", "synced": "bool"}

# delegate.schema.ts
G_DELEGATE = {"safe": "address?", "delegate": "address", "delegator": "address", "label": "str"}

# message.entity.ts and message-confirmation.entity.ts
G_MESSAGE = {"created": "date", "modified": "date", "safe": "address", "messageHash": "hex", "message": "str-or-object",
             "proposedBy": "address", "safeAppId": "number?", "preparedSignature": "hex?", "origin": "str?",
             "confirmations": ("list", {"created": "date", "modified": "date", "owner": "address",
                                        "signature": "hexbytes", "signatureType": G_SIGNATURE_TYPES})}

# creation-transaction.schema.ts
G_CREATION = {"created": "date", "creator": "address", "transactionHash": "hex", "factoryAddress": "address",
              "masterCopy": "address?", "setupData": "hex?", "saltNonce": "str?"}

# collectibles/…/collectible.schema.ts
G_COLLECTIBLE = {"address": "address", "tokenName": "str", "tokenSymbol": "str", "logoUri": "str", "id": "str", "uri": "str?",
                 "name": "str?", "description": "str?", "imageUri": "str?", "metadata": "object?"}

# data-decoder/domain/v1/entities/schemas/data-decoded.schema.ts
G_DATA_DECODED = {"method": "str", "parameters": ("list?", {"name": "str", "type": "str", "value": "present"})}

# estimation.schema.ts
G_ESTIMATION = {"safeTxGas": "str"}

# csv-export/v1/entities/transaction-export.entity.ts
G_EXPORT = {"safe": "address", "from": "address", "to": "address", "amount": "numstr", "assetType": "str",
            "assetAddress": "address?", "assetSymbol": "str?", "assetDecimals": "number?",
            "proposerAddress": "address?", "proposedAt": "date?", "executorAddress": "address?", "executedAt": "date?",
            "note": "str?", "transactionHash": "hex", "contractAddress": "address?", "nonce": "str?"}

# The gateway reads a refusal's message from nonFieldErrors (transaction-api.service.ts, ERROR_ARRAY_PATH).
G_NON_FIELD_ERRORS = {"nonFieldErrors": ("list", "str")}
