import BigInt
import EthereumKit
import Foundation

/// An address book as Safe{Wallet} exports and imports it: `address,name,chainId`, a header
/// first. A row without a chain ID is for the chain the importer is on. Every error names its line.
public struct AddressBookSheet: Sendable, Equatable {
    /// One name for one address.
    public struct Row: Sendable, Equatable {
        public let address: Address
        public let name: String
        /// nil: the chain the book is imported on.
        public let chainID: BigUInt?

        /// A row naming `address` on `chainID`.
        public init(address: Address, name: String, chainID: BigUInt?) {
            self.address = address
            self.name = name
            self.chainID = chainID
        }
    }

    public let rows: [Row]

    /// The columns, in Safe{Wallet}'s order.
    public static let header = ["address", "name", "chainId"]
    /// Safe{Wallet} keeps names to 50 characters.
    public static let maxNameLength = 50

    /// Rows given directly, e.g. for writing.
    public init(rows: [Row]) { self.rows = rows }

    /// Reads `text`; the header may be left out, and its columns may come in any order.
    public init(csv text: String) throws(InputTextError) {
        var lines = CSVText.lines(text)
        guard let first = lines.first else { throw InputTextError("the address book holds no entry") }
        var columns = (address: 0, name: 1, chainId: 2)
        let header = first.cells.map { $0.lowercased() }
        if header.contains("address") {
            guard let a = header.firstIndex(of: "address"), let n = header.firstIndex(of: "name") else {
                throw InputTextError("line \(first.number): the header must name the columns address,name,chainId")
            }
            columns = (a, n, header.firstIndex(of: "chainid") ?? -1)
            lines.removeFirst()
        }
        var rows: [Row] = []
        for (number, cells) in lines {
            func cell(_ i: Int) -> String { i >= 0 && i < cells.count ? cells[i] : "" }
            do throws(InputTextError) {
                let address = try InputText.address(cell(columns.address))
                let name = try Self.name(cell(columns.name))
                let chain = cell(columns.chainId)
                rows.append(Row(address: address, name: name, chainID: chain.isEmpty ? nil : try InputText.uint256(chain)))
            } catch {
                throw InputTextError("line \(number): \(error.reason)")
            }
        }
        guard !rows.isEmpty else { throw InputTextError("the address book holds no entry") }
        self.rows = rows
    }

    /// A name as the book keeps it: trimmed, one line, 1 to 50 characters.
    public static func name(_ text: String) throws(InputTextError) -> String {
        let name = text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw InputTextError("a name is required") }
        // One line as every reader splits lines: no control, no line or paragraph separator.
        guard !name.unicodeScalars.contains(where: { [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory) }) else {
            throw InputTextError("a name is one line of text, without control characters")
        }
        guard name.count <= maxNameLength else { throw InputTextError("a name is at most \(maxNameLength) characters") }
        return name
    }

    /// The book as Safe{Wallet} writes it, header first.
    public var csv: String {
        CSVText.line(Self.header) + rows.map { CSVText.line([$0.address.checksummed, $0.name, $0.chainID.map { String($0) } ?? ""], exact: true) }.joined()
    }
}
