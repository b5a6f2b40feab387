import BigInt
import Services
import Testing

@Suite("What each enabled module executed")
struct SafeModuleActivityTests {
    static let m1 = try! Address("0x1000000000000000000000000000000000000001")
    static let m2 = try! Address("0x2000000000000000000000000000000000000002")
    static let gone = try! Address("0x3000000000000000000000000000000000000003")

    static func item(_ kind: SafeActivityItem.Kind, block: BigUInt, success: Bool = true) -> SafeActivityItem {
        SafeActivityItem(kind: kind, summary: "s\(block)", success: success, transactionHash: [UInt8](repeating: UInt8(block), count: 32),
                         block: block, logIndex: 0, date: nil)
    }

    @Test("each enabled module, in list order, gets its own executions newest first; owners' executions, movements and disabled modules are left out")
    func grouped() {
        let activity = [
            Self.item(.module(Self.m2), block: 9), Self.item(.multisig(safeTxHash: [1], nonce: 3), block: 8),
            Self.item(.module(Self.m1), block: 7, success: false), Self.item(.module(Self.gone), block: 6),
            Self.item(.movement(.incoming, asset: "ETH", assetAddress: nil, amount: "1", counterparty: Self.m1), block: 5),
            Self.item(.module(Self.m1), block: 4),
        ]
        let listed = SafeModuleActivity.of([Self.m1, Self.m2], activity: activity)
        #expect(listed.map(\.module) == [Self.m1, Self.m2])
        #expect(listed[0].executions.map(\.block) == [7, 4] && listed[0].succeeded == 1)
        #expect(listed[1].executions.map(\.block) == [9] && listed[1].succeeded == 1)
        #expect(SafeModuleActivity.of([Self.m2], activity: []) == [SafeModuleActivity(module: Self.m2, executions: [])])
    }
}
