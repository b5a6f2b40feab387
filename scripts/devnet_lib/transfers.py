"""eth_simulateV1's traceTransfers: every ETH value transfer (the call's own value and internal
CALLs and CREATEs with value) reported as an ERC-20 Transfer log from 0xEeee…EEeE (ERC-7528),
as geth does, so a wallet sees ETH and token movements in one list of logs.

We hook py-evm where it moves the value (apply_message) rather than walk the finished call
tree, so each Transfer sits in the log order exactly where the value moved: after the caller's
earlier logs, before the callee's own. A frame that fails takes its Transfer with it, because
py-evm drops a failed frame's logs (geth drops its transfers the same way)."""

from eth_utils import keccak

ETH_ADDRESS = bytes.fromhex("eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee")  # ERC-7528
TRANSFER_TOPIC = int.from_bytes(keccak(text="Transfer(address,address,uint256)"), "big")


def tracing_state_class(state_class):
    """A subclass of the VM's state class whose EVM adds a Transfer log per value transfer."""

    class TransferLoggingComputation(state_class.computation_class):
        @classmethod
        def apply_message(cls, state, message, transaction_context, parent_computation=None):
            # DELEGATECALL carries the caller's value without moving it; CALLCODE moves it to
            # the caller itself: geth reports neither, and neither moves ETH between accounts.
            moves = bool(message.should_transfer_value and message.value and message.sender != message.storage_address)
            # Take the log's place in the order now, when the value moves.
            counter = transaction_context.get_next_log_counter() if moves else None
            computation = super().apply_message(state, message, transaction_context, parent_computation)
            if moves:
                topics = (TRANSFER_TOPIC, int.from_bytes(message.sender, "big"), int.from_bytes(message.storage_address, "big"))
                # py-evm has no public way to add a log with an earlier counter.
                computation._log_entries.append((counter, ETH_ADDRESS, topics, message.value.to_bytes(32, "big")))
            return computation

    return type("TransferLogging" + state_class.__name__, (state_class,), {"computation_class": TransferLoggingComputation})
