import AuthLintModel
import AuthLintSyntax

/// Why an old-style property list could not be parsed.
public struct PBXParseError: Error, Sendable, Hashable {
    /// What was expected or found.
    public var message: String
    /// 1-based line where parsing stopped.
    public var line: Int
}

/// A byte-based, single-pass parser for old-style (OpenStep) property lists, the format of
/// `project.pbxproj`: `{ key = value; }`, `( a, b, )`, quoted and bare strings, `<hex>` data,
/// `/* */` and `//` comments.
public enum PBXProjectParser {
    /// Nesting deeper than this is refused as malformed.
    public static let maximumDepth = 256

    /// Parses the whole text into one value.
    public static func parse(_ bytes: [UInt8]) -> Result<PBXNode, PBXParseError> {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            do {
                reader.skipTrivia()
                guard reader.index < buffer.count else {
                    throw PBXParseError(message: "empty project file", line: reader.line)
                }
                let value = try reader.parseValue(depth: 0)
                reader.skipTrivia()
                if reader.index < buffer.count {
                    throw PBXParseError(message: "unexpected text after the top-level value", line: reader.line)
                }
                return .success(value)
            } catch let error as PBXParseError {
                return .failure(error)
            } catch {
                return .failure(PBXParseError(message: "malformed project file", line: reader.line))
            }
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var line = 1

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        private func error(_ message: String) -> PBXParseError {
            PBXParseError(message: message, line: line)
        }

        mutating func skipTrivia() {
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x0A:
                    line += 1
                    index += 1
                case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                    index += 1
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                    index += 2
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                    index += 2
                    while index < bytes.count {
                        if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count,
                            bytes[index + 1] == UInt8(ascii: "/")
                        {
                            index += 2
                            break
                        }
                        if bytes[index] == 0x0A { line += 1 }
                        index += 1
                    }
                default:
                    return
                }
            }
        }

        mutating func parseValue(depth: Int) throws -> PBXNode {
            guard depth < PBXProjectParser.maximumDepth else { throw error("nested too deeply") }
            guard index < bytes.count else { throw error("unexpected end of file") }
            let start = line
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var entries: [String: PBXNode] = [:]
                while true {
                    skipTrivia()
                    guard index < bytes.count else { throw error("unterminated dictionary (opened on line \(start))") }
                    if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        return PBXNode(.dictionary(entries), line: start)
                    }
                    let key = try parseString()
                    skipTrivia()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                        throw error("expected '=' after key \"\(key.shortExcerpt)\"")
                    }
                    index += 1
                    skipTrivia()
                    let value = try parseValue(depth: depth + 1)
                    entries[key] = value
                    skipTrivia()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                        throw error("expected ';' after the value of \"\(key.shortExcerpt)\"")
                    }
                    index += 1
                }
            case UInt8(ascii: "("):
                index += 1
                var items: [PBXNode] = []
                while true {
                    skipTrivia()
                    guard index < bytes.count else { throw error("unterminated array (opened on line \(start))") }
                    if bytes[index] == UInt8(ascii: ")") {
                        index += 1
                        return PBXNode(.array(items), line: start)
                    }
                    items.append(try parseValue(depth: depth + 1))
                    skipTrivia()
                    guard index < bytes.count else { throw error("unterminated array (opened on line \(start))") }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                    } else if bytes[index] != UInt8(ascii: ")") {
                        throw error("expected ',' or ')' in array")
                    }
                }
            case UInt8(ascii: "<"):
                return PBXNode(.data(try parseData()), line: start)
            default:
                return PBXNode(.string(try parseString()), line: start)
            }
        }

        private mutating func parseData() throws -> [UInt8] {
            index += 1
            var data: [UInt8] = []
            var high: UInt8?
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: ">") {
                    guard high == nil else { throw error("odd number of hex digits in data") }
                    return data
                }
                if byte == 0x0A {
                    line += 1
                    continue
                }
                if byte == 0x20 || byte == 0x09 || byte == 0x0D { continue }
                guard let nibble = Self.hexValue(byte) else { throw error("invalid character in data") }
                if let first = high {
                    data.append(first << 4 | nibble)
                    high = nil
                } else {
                    high = nibble
                }
            }
            throw error("unterminated data")
        }

        static func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }

        static func isDelimiter(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C,
                UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"),
                UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "="), UInt8(ascii: "\""),
                UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"):
                return true
            default:
                return false
            }
        }

        mutating func parseString() throws -> String {
            guard index < bytes.count else { throw error("unexpected end of file") }
            let first = bytes[index]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                return try parseQuoted(quote: first)
            }
            let start = index
            while index < bytes.count, !Self.isDelimiter(bytes[index]) { index += 1 }
            guard index > start else {
                throw error("unexpected '\(String(decoding: [first], as: UTF8.self).shortExcerpt)'")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        private mutating func parseQuoted(quote: UInt8) throws -> String {
            let openLine = line
            index += 1
            let start = index
            // Fast path: no escapes.
            while index < bytes.count, bytes[index] != quote, bytes[index] != UInt8(ascii: "\\") {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
            guard index < bytes.count else { throw PBXParseError(message: "unterminated string", line: openLine) }
            if bytes[index] == quote {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            var output = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                if byte == quote {
                    index += 1
                    return String(decoding: output, as: UTF8.self)
                }
                if byte == 0x0A { line += 1 }
                guard byte == UInt8(ascii: "\\") else {
                    output.append(byte)
                    index += 1
                    continue
                }
                index += 1
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "a"): output.append(0x07)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "v"): output.append(0x0B)
                case UInt8(ascii: "U"), UInt8(ascii: "u"):
                    var scalar: UInt32 = 0
                    var digits = 0
                    while digits < 4, index < bytes.count, let nibble = Self.hexValue(bytes[index]) {
                        scalar = scalar << 4 | UInt32(nibble)
                        digits += 1
                        index += 1
                    }
                    let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    output.append(contentsOf: Array(String(character).utf8))
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = UInt32(escaped - UInt8(ascii: "0"))
                    var digits = 1
                    while digits < 3, index < bytes.count, bytes[index] >= UInt8(ascii: "0"),
                        bytes[index] <= UInt8(ascii: "7")
                    {
                        value = value << 3 | UInt32(bytes[index] - UInt8(ascii: "0"))
                        digits += 1
                        index += 1
                    }
                    let character = Unicode.Scalar(value) ?? "\u{FFFD}"
                    output.append(contentsOf: Array(String(character).utf8))
                default:
                    if escaped == 0x0A { line += 1 }
                    output.append(escaped)
                }
            }
            throw PBXParseError(message: "unterminated string", line: openLine)
        }
    }
}
