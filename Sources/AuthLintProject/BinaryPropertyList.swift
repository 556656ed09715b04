import AuthLintModel
import AuthLintSyntax
import Foundation

/// Reads a binary (`bplist00`) property list into a `PlistNode` tree, every object decoded from
/// the file's bytes with bounds checked. Objects may be shared, so a small file can describe a
/// tree exponentially larger than itself; a tree with more nodes than the file has bytes (which
/// a list written as a tree never needs) is refused as too complex instead of being expanded.
struct BinaryPropertyList {
    enum Failure: Error {
        case malformed(String)
        case tooComplex
    }

    private let bytes: [UInt8]
    private let offsets: [Int]
    private let referenceSize: Int
    private var budget: Int

    /// The tree, or why not.
    static func parse(_ bytes: [UInt8]) -> Result<PlistNode, Failure> {
        do {
            var reader = try BinaryPropertyList(bytes)
            return .success(try reader.node(reader.topObject, depth: 0))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(.malformed("malformed binary property list"))
        }
    }

    private let topObject: Int

    private init(_ bytes: [UInt8]) throws {
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist0".utf8)) else {
            throw Failure.malformed("truncated binary property list")
        }
        self.bytes = bytes
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = try Self.integer(bytes, at: trailer + 8, size: 8)
        let top = try Self.integer(bytes, at: trailer + 16, size: 8)
        let table = try Self.integer(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), count > 0, top < count,
            table >= 8, table < trailer, count <= (trailer - table) / offsetSize
        else { throw Failure.malformed("malformed binary property list trailer") }
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for index in 0..<count {
            let offset = try Self.integer(bytes, at: table + index * offsetSize, size: offsetSize)
            guard offset >= 8, offset < table else {
                throw Failure.malformed("binary property list object outside the object area")
            }
            offsets.append(offset)
        }
        self.offsets = offsets
        topObject = top
        budget = bytes.count + 16
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, checked against the end and
    /// against overflowing `Int`.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) throws -> Int {
        guard offset >= 0, size >= 1, size <= 8, offset <= bytes.count - size else {
            throw Failure.malformed("truncated binary property list")
        }
        var value: UInt64 = 0
        for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
        guard value <= UInt64(Int.max) else { throw Failure.malformed("binary property list number out of range") }
        return Int(value)
    }

    private func reference(at offset: Int) throws -> Int {
        let object = try Self.integer(bytes, at: offset, size: referenceSize)
        guard object < offsets.count else { throw Failure.malformed("binary property list reference out of range") }
        return object
    }

    /// An object's length: the marker's low nibble, or the integer object after it when 15.
    private func length(marker: UInt8, at offset: Int) throws -> (count: Int, start: Int) {
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F else { return (nibble, offset + 1) }
        guard offset + 1 < bytes.count, bytes[offset + 1] & 0xF0 == 0x10 else {
            throw Failure.malformed("malformed binary property list length")
        }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        guard size <= 8 else { throw Failure.malformed("binary property list length out of range") }
        return (try Self.integer(bytes, at: offset + 2, size: size), offset + 2 + size)
    }

    private func slice(_ start: Int, _ count: Int, width: Int = 1) throws -> ArraySlice<UInt8> {
        let (total, overflow) = count.multipliedReportingOverflow(by: width)
        guard !overflow, start >= 0, total >= 0, start <= bytes.count - total else {
            throw Failure.malformed("truncated binary property list")
        }
        return bytes[start..<start + total]
    }

    private mutating func node(_ object: Int, depth: Int) throws -> PlistNode {
        budget -= 1
        guard budget >= 0 else { throw Failure.tooComplex }
        guard depth < PlistTreeBuilder.maximumDepth else {
            throw Failure.malformed("binary property list is nested too deeply")
        }
        let offset = offsets[object]
        let marker = bytes[offset]
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return PlistNode(.bool(false))
            case 0x09: return PlistNode(.bool(true))
            default: throw Failure.malformed("binary property list holds an unsupported value")
            }
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            if size == 16 {
                // A 128-bit integer: its low 64 bits, as Foundation reads it.
                let low = try Self.integer(bytes, at: offset + 9, size: 8)
                return PlistNode(.integer(low))
            }
            guard size <= 8 else { throw Failure.malformed("binary property list integer size") }
            let raw = try slice(offset + 1, size).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            // 8-byte integers are signed; shorter ones are unsigned.
            return PlistNode(.integer(size == 8 ? Int(Int64(bitPattern: raw)) : Int(raw)))
        case 0x2:
            let size = 1 << Int(marker & 0x0F)
            let raw = try slice(offset + 1, size).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            switch size {
            case 4: return PlistNode(.real(Double(Float(bitPattern: UInt32(raw)))))
            case 8: return PlistNode(.real(Double(bitPattern: raw)))
            default: throw Failure.malformed("binary property list real size")
            }
        case 0x3:
            guard marker == 0x33 else { throw Failure.malformed("binary property list date") }
            let raw = try slice(offset + 1, 8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return PlistNode(.date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: raw))))
        case 0x4:
            let (count, start) = try length(marker: marker, at: offset)
            return PlistNode(.data(Data(try slice(start, count))))
        case 0x5:
            let (count, start) = try length(marker: marker, at: offset)
            return PlistNode(.string(String(decoding: try slice(start, count), as: UTF8.self)))
        case 0x6:
            let (count, start) = try length(marker: marker, at: offset)
            let units = try slice(start, count, width: 2)
            var utf16: [UInt16] = []
            utf16.reserveCapacity(count)
            var index = units.startIndex
            while index < units.endIndex {
                utf16.append(UInt16(units[index]) << 8 | UInt16(units[index + 1]))
                index += 2
            }
            return PlistNode(.string(String(decoding: utf16, as: UTF16.self)))
        case 0xA:
            let (count, start) = try length(marker: marker, at: offset)
            _ = try slice(start, count, width: referenceSize)
            var items: [PlistNode] = []
            for index in 0..<count {
                items.append(try node(try reference(at: start + index * referenceSize), depth: depth + 1))
            }
            return PlistNode(.array(items))
        case 0xD:
            let (count, start) = try length(marker: marker, at: offset)
            _ = try slice(start, count, width: 2 * referenceSize)
            var entries: [PlistEntry] = []
            for index in 0..<count {
                let key = try node(try reference(at: start + index * referenceSize), depth: depth + 1)
                guard case .string(let name) = key.value else {
                    throw Failure.malformed("binary property list key is not a string")
                }
                let value = try node(try reference(at: start + (count + index) * referenceSize), depth: depth + 1)
                entries.append(PlistEntry(key: name, value: value))
            }
            entries.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return PlistNode(.dictionary(entries))
        default:
            throw Failure.malformed("binary property list holds an unsupported value")
        }
    }
}
