import CZlib
import EthereumKit
import Foundation

/// Loads the official test vectors that the test targets carry as resources.
public enum Vectors {
    /// The bytes of `name` from `bundle`'s `Vectors` folder, gunzipped when the name ends in `.gz`.
    public static func data(_ name: String, in bundle: Bundle) throws -> [UInt8] {
        guard let url = bundle.url(forResource: name, withExtension: nil, subdirectory: "Vectors") else {
            throw VectorError.missing(name)
        }
        let raw = [UInt8](try Data(contentsOf: url))
        return name.hasSuffix(".gz") ? try gunzip(raw) : raw
    }

    /// The vector file parsed with Bifrost's own exact JSON parser (numbers stay exact).
    public static func json(_ name: String, in bundle: Bundle) throws -> JSONValue {
        try JSONParser.parse(try data(name, in: bundle))
    }

    /// Inflates a gzip stream with zlib.
    public static func gunzip(_ input: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw VectorError.gzip
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var input = input
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { inBuf in
            stream.next_in = inBuf.baseAddress
            stream.avail_in = uInt(inBuf.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { outBuf in
                    stream.next_out = outBuf.baseAddress
                    stream.avail_out = uInt(outBuf.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    output.append(contentsOf: outBuf[0..<(outBuf.count - Int(stream.avail_out))])
                }
            } while status == Z_OK
        }
        guard status == Z_STREAM_END else { throw VectorError.gzip }
        return output
    }
}

/// Why a vector file could not be read.
public enum VectorError: Error {
    case missing(String)
    case gzip
    case malformed(String)
}

extension JSONValue {
    /// Member access that fails the test with a useful message instead of returning nil.
    public func require(_ key: String) throws -> JSONValue {
        guard let v = self[key] else { throw VectorError.malformed("missing '\(key)'") }
        return v
    }
}
