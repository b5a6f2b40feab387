import ArgumentParser
import BigInt
import Foundation
import Services

/// `bifrost safe propose`.
struct SafeProposeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "propose",
        abstract: "Propose a Safe transaction; it is stored with its safeTxHash, waiting for owner signatures.",
        discussion: """
        Give exactly one of: --to with --value (and optional --data/--operation); --to with --sig or \
        --abi/--function and one --arg per input; --token with --to and --amount; --add-owner; --remove-owner; --swap-owner with --with; --change-threshold; --batch FILE; \
        --enable-module; --disable-module; --set-guard; --set-fallback-handler.
        The nonce defaults to the next one free after the Safe's nonce and the queue.
        --dry-run builds the transaction and shows its review, as `bifrost safe review` does (the decoded \
        calls, the Safe after it, the risks, the hashes), and stores nothing: not the transaction, not the Safe.
        The refund fields (--safe-tx-gas, --base-gas, --gas-price, --gas-token, --refund-receiver) default to \
        zero: the executor pays the gas and the Safe refunds nothing. A refund makes the Safe pay the executor, \
        or the refund receiver, for gas; `bifrost safe review` warns about it.

        A contract call names its function by signature or from an ABI file (solc's JSON array, or a
        Foundry/Hardhat artifact with one under "abi"); each --arg is one input, in order: integers in
        decimal, 0x hex or with a unit (1.5ether), addresses, true/false, bytes as hex, arrays as [a,b]
        and tuples as (a,b), nested freely. The review reads the call back with the same names.

        A batch file is a JSON array of calls, sent in one Safe transaction through MultiSend:
          [{"to": "0x…", "value": "1000000000000000", "data": "0x", "operation": "call"}, …]
        or a Safe{Wallet} Transaction Builder file (raw data or contractMethod with contractInputsValues),
        checked against its checksum and the Safe's chain; `bifrost safe export-batch` writes one.
        or, for plain transfers, one per line: ADDRESS AMOUNT (the dashboard's batch box takes both).
        A bare amount is wei everywhere on the command line; write a unit for more (0.1ether, 20gwei).

        A CSV file of transfers, as Safe's CSV Airdrop app reads it, becomes one MultiSend batch:
          token_type,token_address,receiver,amount      (token_type native or erc20)
          erc20,0x58c1…bf98,0x7099…79C8,12.5
        or the short form token,receiver,amount, an empty token meaning ETH. Amounts are in display
        units with each token's decimals; errors name the line; the totals must be in the Safe.

        Modules, the guard and the fallback handler: --disable-module finds the module before it in the
        Safe's linked list from the chain. Before proposing, a module to enable, a guard or a handler must
        hold code, and a guard must answer ERC-165 supportsInterface(0xe6d7a83a) as the Safe checks it;
        --set-guard 0x0 and --set-fallback-handler 0x0 remove them. A new module or guard is critical in
        the review: it can move the Safe's funds, or stop every transaction. `bifrost safe modules SAFE`
        lists the modules and what each executed.

        Examples:
          bifrost safe propose 0x1d5e…d5e1 --to 0x7099…79C8 --value 0.1ether
          bifrost safe propose 0x1d5e…d5e1 --token 0x58c1…bf98 --to 0x7099…79C8 --amount 25
          bifrost safe propose 0x1d5e…d5e1 --to 0x5FbD…0aa3 --sig 'stake(uint256 amount, address to)' --arg 1ether --arg 0x7099…79C8
          bifrost safe propose 0x1d5e…d5e1 --to 0x5FbD…0aa3 --abi Vault.json --function deposit --arg '[(1,0x7099…79C8)]'
          bifrost safe propose 0x1d5e…d5e1 --add-owner 0x90F7…b906 --threshold 2
          bifrost safe propose 0x1d5e…d5e1 --csv payroll.csv
          bifrost safe propose 0x1d5e…d5e1 --to 0x7099…79C8 --value 0.1ether --key bot --service-url URL   # as a proposer
          bifrost safe propose 0x1d5e…d5e1 --enable-module 0x9A67…4F21 --dry-run
          bifrost safe propose 0x1d5e…d5e1 --set-guard 0x0
        """
    )

    @Argument(help: "The Safe's address.")
    var safe: AddressValue
    @Option(help: "Recipient or contract to call.")
    var to: AddressValue?
    @Option(help: "Ether to send, e.g. 0.1ether or plain wei.")
    var value: AmountValue?
    @Option(help: "Calldata as hex.")
    var data: HexValue?
    @Option(help: ArgumentHelp("The function to call on --to, e.g. 'stake(uint256 amount, address to)'.", valueName: "signature"))
    var sig: String?
    @Option(help: ArgumentHelp("A JSON ABI file for --to; pick the function with --function.", valueName: "file"))
    var abi: String?
    @Option(help: ArgumentHelp("The function of --abi to call: a name, or a signature for an overloaded one.", valueName: "name"))
    var function: String?
    @Option(name: .customLong("arg"), help: ArgumentHelp("One input of the function, in order; repeat for each.", valueName: "value"))
    var args: [String] = []
    @Option(help: "call or delegatecall.")
    var operation = OperationValue(operation: .call)
    @Option(help: "Token contract for an ERC-20 transfer (with --to and --amount).")
    var token: AddressValue?
    @Option(help: "Token amount in display units, e.g. 12.5.")
    var amount: String?
    @Option(name: .customLong("add-owner"), help: "Owner to add.")
    var addOwner: AddressValue?
    @Option(name: .customLong("remove-owner"), help: "Owner to remove.")
    var removeOwner: AddressValue?
    @Option(name: .customLong("swap-owner"), help: "Owner to replace (with --with).")
    var swapOwner: AddressValue?
    @Option(name: .customLong("with"), help: "The new owner replacing --swap-owner.")
    var with: AddressValue?
    @Option(name: .customLong("change-threshold"), help: "New threshold.")
    var changeThreshold: QuantityValue?
    @Option(help: "New threshold with --add-owner or --remove-owner.")
    var threshold: QuantityValue?
    @Option(name: .customLong("enable-module"), help: "Module to enable: a contract that can then make the Safe call anything without the owners.")
    var enableModule: AddressValue?
    @Option(name: .customLong("disable-module"), help: "Enabled module to disable.")
    var disableModule: AddressValue?
    @Option(name: .customLong("set-guard"), help: "Transaction guard to set (it must support the guard interface); 0x0 removes the guard.")
    var setGuard: RemovableAddressValue?
    @Option(name: .customLong("set-fallback-handler"), help: "Fallback handler to set (a contract); 0x0 removes it.")
    var setFallbackHandler: RemovableAddressValue?
    @Option(help: ArgumentHelp("JSON file of calls to batch through MultiSend.", valueName: "file"))
    var batch: String?
    @Option(help: ArgumentHelp("CSV file of ETH and ERC-20 transfers to batch through MultiSend.", valueName: "file"))
    var csv: String?
    @Option(help: "Use this nonce instead of the next free one (e.g. to replace a queued transaction).")
    var nonce: QuantityValue?
    @Option(name: .customLong("safe-tx-gas"), help: "Gas for the Safe's inner call (default 0: all available).")
    var safeTxGas: QuantityValue?
    @Option(name: .customLong("base-gas"), help: "Gas the refund adds for the execution's own costs (default 0).")
    var baseGas: QuantityValue?
    @Option(name: .customLong("gas-price"), help: "Gas price the Safe refunds at, in wei of --gas-token (default 0: no refund).")
    var gasPrice: QuantityValue?
    @Option(name: .customLong("gas-token"), help: "Token the refund is paid in (default: ETH).")
    var gasToken: AddressValue?
    @Option(name: .customLong("refund-receiver"), help: "Who receives the refund (default: the executor).")
    var refundReceiver: AddressValue?
    @Flag(name: .customLong("dry-run"), help: "Show the review of the transaction and store nothing.")
    var dryRun = false
    @OptionGroup var toService: ServiceProposerOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        let kinds = [to != nil && token == nil, token != nil, addOwner != nil, removeOwner != nil, swapOwner != nil,
                     changeThreshold != nil, batch != nil, csv != nil, setupChange != nil].filter { $0 }.count
        guard kinds == 1, [enableModule, disableModule].compactMap({ $0 }).count + [setGuard, setFallbackHandler].compactMap({ $0 }).count <= 1 else {
            throw ValidationError("give exactly one of --to/--value, --token/--to/--amount, --add-owner, --remove-owner, --swap-owner/--with, --change-threshold, --batch, --csv, --enable-module, --disable-module, --set-guard, --set-fallback-handler")
        }
        if sig != nil || abi != nil {
            guard to != nil, token == nil else { throw ValidationError("--sig and --abi call the contract given with --to") }
            guard data == nil else { throw ValidationError("give --data or --sig/--abi, not both: the calldata is built from the function and --arg") }
            guard (sig == nil) != (abi == nil) else { throw ValidationError("give --sig or --abi, not both") }
            if abi != nil, function == nil { throw ValidationError("--abi needs --function NAME") }
        } else if function != nil || !args.isEmpty {
            throw ValidationError("--function and --arg go with --sig or --abi")
        }
        if token != nil { guard to != nil, amount != nil else { throw ValidationError("--token needs --to and --amount") } }
        if swapOwner != nil { guard with != nil else { throw ValidationError("--swap-owner needs --with NEW_OWNER") } }
        if threshold != nil, addOwner == nil, removeOwner == nil {
            throw ValidationError("--threshold goes with --add-owner or --remove-owner; use --change-threshold N on its own")
        }
    }

    func run() async throws {
        if dryRun { return try await review() }
        let entry = try await global.services().dispatcher.dispatch(ProposeSafeTransaction(
            safe: safe.address, intent: try intent(), nonce: nonce?.value, refund: refund, chain: global.chain))
        if let sent = try await toService.send(entry.safeTxHash, global) { return try toService.show(entry, sent, global) }
        if global.json {
            try global.output.emit(view: SafeProposalView(entry))
        } else {
            Console.current.out("Proposed: \(UntrustedText.visible(entry.summary))\nnonce:      \(entry.transaction.nonce)\nsafeTxHash: \(Hex.encode(entry.safeTxHash))")
            Console.current.err("Next: bifrost safe sign \(Hex.encode(entry.safeTxHash)) --key NAME")
        }
    }

    /// The draft and its review, stored nowhere.
    private func review() async throws {
        let services = try global.services()
        let dispatcher = services.dispatcher
        let draft = try await dispatcher.dispatch(DraftSafeTransaction(
            safe: safe.address, intent: try intent(), nonce: nonce?.value, refund: refund, chain: global.chain))
        let review = try await dispatcher.dispatch(ReviewSafeTransaction(draft: draft, chain: global.chain))
        let hashes = try SafeHashesView(draft.transaction)
        let names = await global.names(services, chainID: draft.transaction.chainID)
        if global.json {
            try global.output.emit(view: SafeDraftReviewView(review, draft: draft), names: names)
            return
        }
        SafeReviewCommand.show(review, of: draft.transaction, summary: draft.summary, standing: "draft, not stored", hashes: hashes,
                               console: Console.current.naming(names))
        Console.current.err("Nothing was stored. Propose it: the same command without --dry-run.")
    }

    private var refund: SafeTxRefund {
        SafeTxRefund(safeTxGas: safeTxGas?.value ?? 0, baseGas: baseGas?.value ?? 0, gasPrice: gasPrice?.value ?? 0,
                     gasToken: gasToken?.address ?? .zero, refundReceiver: refundReceiver?.address ?? .zero)
    }

    private func contractCall(to: Address) throws -> ContractCall {
        let option = sig != nil ? "--sig" : "--abi"
        do {
            let function: ContractFunction
            if let sig {
                function = try ContractFunction(signature: sig)
            } else {
                function = try ContractABI(json: String(decoding: try Input.file(abi ?? "", option: "--abi"), as: UTF8.self)).function(self.function ?? "")
            }
            return try ContractCall(to: to, value: value?.wei ?? 0, function: function, arguments: args)
        } catch let error as ContractABIError {
            switch error {
            case .argumentCount, .badArgument: throw InputError(option: "--arg", reason: error.description)
            case .noFunction, .ambiguous: throw InputError(option: "--function", reason: error.description)
            default: throw InputError(option: option, reason: error.description)
            }
        }
    }

    /// The setup change asked for, if one was.
    private var setupChange: SafeSetupChange? {
        if let enableModule { return .enableModule(enableModule.address) }
        if let disableModule { return .disableModule(disableModule.address) }
        if let setGuard { return .setGuard(setGuard.address) }
        return setFallbackHandler.map { .setFallbackHandler($0.address) }
    }

    private func intent() throws -> SafeIntent {
        let t = threshold?.value
        if let setupChange { return .setup(setupChange) }
        if let token, let to, let amount {
            return .tokenTransfer(token: token.address, to: to.address, amount: amount)
        }
        if let to, sig != nil || abi != nil {
            return .contractCall(try contractCall(to: to.address))
        }
        if let to {
            return .call(to: to.address, value: value?.wei ?? 0, data: data?.bytes ?? [], operation: operation.operation)
        }
        if let addOwner { return .addOwner(addOwner.address, threshold: t) }
        if let removeOwner { return .removeOwner(removeOwner.address, threshold: t) }
        if let swapOwner, let with { return .swapOwner(old: swapOwner.address, new: with.address) }
        if let changeThreshold { return .changeThreshold(changeThreshold.value) }
        if let csv {
            do { return .transfers(try TransferSheet(csv: String(decoding: try Input.file(csv, option: "--csv"), as: UTF8.self))) } catch let error as InputTextError {
                throw InputError(option: "--csv", reason: error.reason)
            }
        }
        let text = String(decoding: try Input.file(batch ?? "", option: "--batch"), as: UTF8.self)
        do { return SafeIntent(try BatchInput(text)) } catch { throw InputError(option: "--batch", reason: error.reason) }
    }
}
