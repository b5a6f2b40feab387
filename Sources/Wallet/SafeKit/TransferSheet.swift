import EthereumKit
import Foundation

/// A spreadsheet of transfers, as Safe's CSV Airdrop app reads it
/// (`token_type,token_address,receiver,amount[,id]`, `token_type` `native` or `erc20`) or in the
/// short form `token,receiver,amount` (an empty token is ETH). Amounts stay text in display units
/// until the token's decimals are known. Every error names its line.
public struct TransferSheet: Sendable, Equatable {
    /// One row: a transfer of `amount` (display units) of `token` (nil: ETH) to `receiver`.
    public struct Row: Sendable, Equatable {
        public let line: Int
        public let token: Address?
        public let receiver: Address
        public let amount: String

        /// A row read from `line`.
        public init(line: Int, token: Address?, receiver: Address, amount: String) {
            self.line = line
            self.token = token
            self.receiver = receiver
            self.amount = amount
        }
    }

    public let rows: [Row]

    /// The most rows one sheet takes: 500 transfers already fill most of a block.
    public static let maxRows = 1000

    /// Reads `text`; a header row is optional and names the form, otherwise the column count does.
    public init(csv text: String) throws(InputTextError) {
        var lines = CSVText.lines(text)
        guard let first = lines.first else { throw InputTextError("the sheet holds no transfer") }
        var long: Bool
        if first.cells.contains(where: { $0.lowercased() == "receiver" }) {
            let header = first.cells.map { $0.lowercased() }
            if header.starts(with: ["token_type", "token_address", "receiver", "amount"]) {
                long = true
            } else if header == ["token", "receiver", "amount"] {
                long = false
            } else {
                throw InputTextError("line \(first.number): the header must be token_type,token_address,receiver,amount[,id] or token,receiver,amount")
            }
            lines.removeFirst()
        } else {
            long = first.cells.count >= 4
        }
        var rows: [Row] = []
        for (number, cells) in lines {
            do throws(InputTextError) {
                rows.append(try long ? Self.longRow(cells, line: number) : Self.shortRow(cells, line: number))
            } catch {
                throw InputTextError("line \(number): \(error.reason)")
            }
        }
        guard !rows.isEmpty else { throw InputTextError("the sheet holds no transfer") }
        guard rows.count <= Self.maxRows else { throw InputTextError("\(rows.count) transfers: at most \(Self.maxRows) go in one sheet") }
        self.rows = rows
    }

    private static func longRow(_ cells: [String], line: Int) throws(InputTextError) -> Row {
        guard cells.count == 4 || cells.count == 5 else { throw InputTextError("\(cells.count) columns where token_type,token_address,receiver,amount[,id] are 4 or 5") }
        let token: Address?
        switch cells[0].lowercased() {
        case "native", "":
            token = nil
        case "erc20":
            token = try InputText.address(cells[1])
        case "nft", "erc721", "erc1155":
            throw InputTextError("\(cells[0]) transfers are not supported; only native and erc20")
        default:
            throw InputTextError("token_type '\(cells[0])' is not native or erc20")
        }
        if cells.count == 5, !cells[4].isEmpty { throw InputTextError("an id is for NFTs, which are not supported") }
        return Row(line: line, token: token, receiver: try InputText.address(cells[2]), amount: try amount(cells[3]))
    }

    private static func shortRow(_ cells: [String], line: Int) throws(InputTextError) -> Row {
        guard cells.count == 3 else { throw InputTextError("\(cells.count) columns where token,receiver,amount are 3") }
        let token = cells[0].isEmpty || cells[0].lowercased() == "eth" ? nil : try InputText.address(cells[0])
        return Row(line: line, token: token, receiver: try InputText.address(cells[1]), amount: try amount(cells[2]))
    }

    private static func amount(_ text: String) throws(InputTextError) -> String {
        guard !text.isEmpty else { throw InputTextError("the amount is empty") }
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), text.filter({ $0 == "." }).count <= 1 else {
            throw InputTextError("'\(text)' is not an amount in display units, such as 12.5")
        }
        return text
    }
}
