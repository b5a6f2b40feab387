import Foundation
import Services
import Testing

/// The one rule every secret file, variable and prompt is read by (`SecretText`).
@Suite("SecretText: how a secret reads")
struct SecretTextTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("a file of one secret: exactly one final \\n or \\r\\n is dropped, nothing else is trimmed")
    func single() throws {
        let read: [(String, String)] = [
            ("Quill-62\n", "Quill-62"), ("Quill-62\r\n", "Quill-62"), ("Quill-62", "Quill-62"),
            (" Quill-62 \t\n", " Quill-62 \t"), ("Quill-\u{FEFF}62\r\n", "Quill-\u{FEFF}62"), ("\n", ""), ("", ""),
            ("Qüill-62 ✓\r\n", "Qüill-62 ✓"),
        ]
        for (file, secret) in read {
            #expect(try SecretText.single(Self.bytes(file)) == secret, "\(Array(file.utf8))")
        }
    }

    @Test("what is left must be one line: a second line, a blank one, or a lone \\r is refused")
    func notOneLine() {
        for file in ["Quill-62\n\n", "Quill-62\r\n\r\n", "Quill-62\nmore\n", "\nQuill-62", "Quill-62\n\r\n"] {
            #expect(throws: SecretTextError.severalLines, "\(Array(file.utf8))") { try SecretText.single(Self.bytes(file)) }
        }
        for file in ["Quill-62\r", "Quill-62\r\r\n", "Qu\rill-62\n"] {
            #expect(throws: SecretTextError.carriageReturn, "\(Array(file.utf8))") { try SecretText.single(Self.bytes(file)) }
        }
    }

    @Test("bytes that are not UTF-8 are refused with the offset of the first bad one, never decoded with a substitute")
    func notUTF8() {
        let cases: [([UInt8], Int)] = [
            ([0xfe, 0xfd] + Self.bytes("Lupin-40\n"), 0),
            (Self.bytes("Lupin") + [0xc3, 0x28] + Self.bytes("-40"), 5),
            (Self.bytes("Lupin-4") + [0xe2, 0x82], 7),
            ([0xed, 0xa0, 0x80] + Self.bytes("x"), 0),  // an encoded surrogate
        ]
        for (bytes, offset) in cases {
            #expect(throws: SecretTextError.notUTF8(offset: offset), "\(bytes)") { try SecretText.single(bytes) }
        }
        #expect(throws: SecretTextError.notUTF8(offset: 0)) { try SecretText.utf8([0xff]) }
        #expect(SecretTextError.notUTF8(offset: 3).description.contains("byte 4"))
    }

    @Test("a variable reads like a file, and the \\r that $(cat FILE) leaves of a CRLF file is dropped too")
    func variable() throws {
        for (value, secret) in [("Quill-62\r", "Quill-62"), ("Quill-62\r\n", "Quill-62"), ("Quill-62\n", "Quill-62"), ("Quill-62", "Quill-62")] {
            #expect(try SecretText.variable(Self.bytes(value)) == secret)
        }
        #expect(throws: SecretTextError.severalLines) { try SecretText.variable(Self.bytes("Quill\n62")) }
        #expect(throws: SecretTextError.carriageReturn) { try SecretText.variable(Self.bytes("Quill-62\r\r")) }
        setenv("BIFROST_TEST_SECRET_TEXT", "Quill-62\r", 1)
        defer { unsetenv("BIFROST_TEST_SECRET_TEXT") }
        #expect(try SecretText.environment("BIFROST_TEST_SECRET_TEXT") == "Quill-62")
        #expect(try SecretText.environment("BIFROST_TEST_SECRET_TEXT_UNSET") == nil)
    }

    @Test("a file of several secrets splits at \\n, each line without one final \\r")
    func lines() {
        #expect(SecretText.lines("a b\r\nc\r\n") == ["a b", "c", ""])
        #expect(SecretText.lines("a\nb") == ["a", "b"])
        #expect(SecretText.lines("a\r\r\n") == ["a\r", ""], "one \\r only")
    }

    @Test("a leading byte order mark (Notepad's UTF-8 with BOM) is refused in a file, a variable, what was typed and a file of several secrets")
    func byteOrderMark() throws {
        for file in ["\u{FEFF}Marten-85\r\n", "\u{FEFF}Marten-85\n", "\u{FEFF}Marten-85", "\u{FEFF}"] {
            #expect(throws: SecretTextError.byteOrderMark, "\(Array(file.utf8))") { try SecretText.single(Self.bytes(file)) }
        }
        #expect(throws: SecretTextError.byteOrderMark) { try SecretText.variable(Self.bytes("\u{FEFF}Marten-85\r")) }
        #expect(throws: SecretTextError.byteOrderMark) { try SecretText.reading(Self.bytes("\u{FEFF}Marten-85"), from: .typed) }
        #expect(throws: SecretTextError.byteOrderMark) { try SecretText.several(Self.bytes("\u{FEFF}marten-key-2468\r\nother-key-1357\r\n")) }
        #expect(try SecretText.several(Self.bytes("marten-key-2468\r\n")) == "marten-key-2468\r\n")
        let reason = SecretTextError.byteOrderMark.description
        #expect(reason.contains("byte order mark") && reason.contains("without the mark"), "\(reason)")
    }

    @Test("a reading says what it dropped: \\r\\n or \\n of a file, and also a lone \\r of a variable; nothing of what was typed")
    func droppedEndings() throws {
        let cases: [(String, SecretReading.Source, LegacyLineEnding?)] = [
            ("Marten-85\r\n", .file, .crlf), ("Marten-85\n", .file, .lf), ("Marten-85", .file, nil),
            ("Marten-85\r", .variable, .cr), ("Marten-85\r\n", .variable, .crlf), ("Marten-85\n", .variable, .lf), ("Marten-85", .variable, nil),
            ("Marten-85", .typed, nil),
        ]
        for (bytes, source, dropped) in cases {
            #expect(try SecretText.reading(Self.bytes(bytes), from: source) == SecretReading(text: "Marten-85", source: source, droppedEnding: dropped),
                    "\(Array(bytes.utf8)) from \(source)")
        }
        #expect(throws: SecretTextError.severalLines) { try SecretText.reading(Self.bytes("Marten-85\n"), from: .typed) }
        #expect(!"\(try SecretText.reading(Self.bytes("Marten-85\r\n"), from: .file))".contains("Marten"), "a reading never prints its secret")
    }

    @Test("a file is read through FileAccess; a missing one is refused as unreadable")
    func file() throws {
        let files = FileAccess.mock(["pw": Self.bytes("Quill-62\r\n")])
        #expect(try SecretText.file("pw", files: files) == "Quill-62")
        #expect(throws: SecretTextError.unreadable(FileAccessError(path: "none", reason: "no such file"))) {
            try SecretText.file("none", files: files)
        }
    }
}
