import EthereumKit
import SafeKit
import Testing

/// The owners a `SafeSetup` or `AddedOwner` log names, in each Safe release's layout.
struct SafeOwnerEventsTests {
    static let a = try! Address("0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf")
    static let b = try! Address("0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF")

    static func word(_ hex: String) -> [UInt8] { [UInt8](repeating: 0, count: 32 - (hex.count / 2)) + (try! Hex.decode(hex)) }
    static func word(_ address: Address) -> [UInt8] { [UInt8](repeating: 0, count: 12) + address.bytes }

    @Test("SafeSetup names every first owner, from the data after the indexed initiator")
    func setup() {
        // owners (at offset 0x80), threshold 2, initializer zero, fallback handler, then the array.
        let data = Self.word("80") + Self.word("02") + Self.word("00") + Self.word(Self.b) + Self.word("02") + Self.word(Self.a) + Self.word(Self.b)
        let topics = [SafeKit.SafeCreationCall.safeSetup, Self.word(Self.a)]
        #expect(SafeOwnerEvents.owners(topics: topics, data: data) == [Self.a, Self.b])
        #expect(SafeOwnerEvents.owners(topics: topics, data: Array(data.dropLast(32))).isEmpty, "an array cut short names no one")
    }

    @Test("AddedOwner names its owner whether indexed (1.4.1 on) or in the data (1.3.0)")
    func added() {
        #expect(SafeOwnerEvents.owners(topics: [SafeOwnerEvents.addedOwner, Self.word(Self.a)], data: []) == [Self.a])
        #expect(SafeOwnerEvents.owners(topics: [SafeOwnerEvents.addedOwner], data: Self.word(Self.b)) == [Self.b])
        #expect(SafeOwnerEvents.owners(topics: [SafeOwnerEvents.addedOwner], data: [0xff] + Self.word(Self.b).dropFirst()).isEmpty,
                "a word with high bits set is no address")
        #expect(SafeOwnerEvents.owners(topics: [SafeEvents.executionSuccess], data: Self.word(Self.b)).isEmpty, "other events name no owner")
        #expect(SafeOwnerEvents.addedOwner == (try! Hex.decode("9465fa0c962cc76958e6373a993326400c1c94f8be2fe3a952adfa7f60b2ea26")))
    }
}
