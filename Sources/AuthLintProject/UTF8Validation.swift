import AuthLintModel
import AuthLintSyntax

/// A fast check that bytes are well-formed UTF-8 (no overlong forms, no surrogates, nothing above
/// U+10FFFF), eight ASCII bytes at a time.
public enum UTF8Validation {
    /// The offset of the first byte that starts an ill-formed sequence, or nil when all is valid.
    public static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidOffset(in: $0) }
    }

    /// The offset of the first byte that starts an ill-formed sequence, or nil when all is valid.
    public static func firstInvalidOffset(in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        let count = buffer.count
        var i = 0
        while i < count {
            // ASCII fast path, eight bytes at a time.
            while i + 8 <= count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
            guard i < count else { return nil }
            let lead = base[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return i
            }
            guard i + length <= count else { return i }
            let second = base[i + 1]
            guard second >= low, second <= high else { return i }
            var k = 2
            while k < length {
                guard base[i + k] & 0xC0 == 0x80 else { return i }
                k += 1
            }
            i += length
        }
        return nil
    }

    /// Whether all bytes are well-formed UTF-8.
    public static func isValid(_ bytes: [UInt8]) -> Bool {
        firstInvalidOffset(in: bytes) == nil
    }
}
