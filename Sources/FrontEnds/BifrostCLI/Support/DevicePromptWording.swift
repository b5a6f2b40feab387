import Services

/// The command line's words for what a hardware wallet is about to be asked (`DevicePrompt`), on
/// standard error before the device is asked, so that the person compares the device's screen
/// with these lines (and with a second tool) before confirming.
enum DevicePromptWording {
    /// Prompts worded here and written to the console of the moment.
    static var console: DevicePrompts {
        // One call a line: the console shows a line feed inside a line as visible text.
        DevicePrompts { prompt in for line in text(for: prompt).split(separator: "\n") { Console.current.err(String(line)) } }
    }

    static func text(for prompt: DevicePrompt) -> String {
        switch prompt {
        case .address(let address, let path):
            return "Compare on your Ledger: it shows the address at \(path), which must be \(address.checksummed). Confirm it there if it matches."
        case .typedData(let hashes, let key):
            return """
            Confirm on your Ledger (key '\(UntrustedText.visible(key))'). It shows these two hashes; compare them before you approve:
              domain hash   \(Hex.encode(hashes.domainHash))
              message hash  \(Hex.encode(hashes.messageHash))
              signed hash   \(Hex.encode(hashes.digest))
            """
        case .message(let bytes, let key):
            let shown = String(validating: bytes, as: UTF8.self).map { "\"\(UntrustedText.visible($0))\"" } ?? Hex.encode(bytes)
            return "Confirm on your Ledger (key '\(UntrustedText.visible(key))'): it shows the message \(shown), EIP-191 hash \(Hex.encode(PersonalMessage.hash(bytes)))."
        case .transaction(let tx, let key):
            let to = tx.to?.checksummed ?? "a new contract"
            let data = tx.data.isEmpty ? "" : ", \(tx.data.count) bytes of data"
            return "Confirm on your Ledger (key '\(UntrustedText.visible(key))'): it shows the transaction to \(to), "
                + "\(EtherAmount(wei: tx.value).descriptionAsEther)\(data), on chain \(tx.chainID.map(String.init) ?? "none"), nonce \(tx.nonce)."
        }
    }
}
