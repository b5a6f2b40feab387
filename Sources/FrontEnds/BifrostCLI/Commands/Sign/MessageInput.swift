import Services

/// The bytes of a message given as text, or as hex with `--hex`.
enum MessageInput {
    static func bytes(_ message: String, isHex: Bool, option: String) throws -> [UInt8] {
        isHex ? try Input.hex(message, option: option) : Array(message.utf8)
    }

    /// The JSON of a typed-data file, read through the live file system.
    static func typedData(file: String, option: String) throws -> [UInt8] {
        try Input.file(file, option: option)
    }
}
