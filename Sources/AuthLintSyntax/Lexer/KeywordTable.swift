import AuthLintModel

/// A small open-addressing hash table of reserved words, looked up straight from source bytes.
///
/// Each word carries a class byte that the lexers use for their own purposes (see
/// ``SwiftKeywordClass``). Words are at most 16 bytes long.
struct KeywordTable: @unchecked Sendable {
    private static let slotCount = 512
    /// Word bytes, back to back.
    private let storage: UnsafeMutablePointer<UInt8>
    /// Per slot: 0 when empty, else 1 + index into `entries`.
    private let slots: UnsafeMutablePointer<UInt16>
    private let entries: UnsafeMutablePointer<(offset: Int32, length: Int32, cls: UInt8)>

    init(_ words: [(String, UInt8)]) {
        let total = words.reduce(0) { $0 + $1.0.utf8.count }
        storage = .allocate(capacity: max(total, 1))
        slots = .allocate(capacity: KeywordTable.slotCount)
        slots.initialize(repeating: 0, count: KeywordTable.slotCount)
        entries = .allocate(capacity: max(words.count, 1))
        var offset = 0
        for (index, (word, cls)) in words.enumerated() {
            let bytes = Array(word.utf8)
            precondition(bytes.count <= 16 && !bytes.isEmpty, "keyword too long")
            for (k, b) in bytes.enumerated() { storage[offset + k] = b }
            (entries + index).initialize(to: (Int32(offset), Int32(bytes.count), cls))
            var slot = bytes.withUnsafeBufferPointer { KeywordTable.hash($0.baseAddress!, 0, bytes.count) }
            while slots[slot] != 0 { slot = (slot + 1) & (KeywordTable.slotCount - 1) }
            slots[slot] = UInt16(index + 1)
            offset += bytes.count
        }
    }

    @inline(__always)
    private static func hash(_ p: UnsafePointer<UInt8>, _ start: Int, _ length: Int) -> Int {
        var w = UInt64(truncatingIfNeeded: length)
        let limit = min(length, 8)
        var k = 0
        while k < limit {
            w = w &* 0x100 &+ UInt64(p[start + k])
            k += 1
        }
        w = w ^ (UInt64(p[start + length - 1]) << 56)
        return Int(truncatingIfNeeded: (w &* 0x9E37_79B9_7F4A_7C15) >> 55) & (slotCount - 1)
    }

    /// The class byte of the word `p[start..<start+length]`, or nil when it is not in the table.
    @inline(__always)
    func lookup(_ p: UnsafePointer<UInt8>, _ start: Int, _ length: Int) -> UInt8? {
        if length == 0 || length > 16 { return nil }
        var slot = KeywordTable.hash(p, start, length)
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            let e = entries[Int(entry) - 1]
            if Int(e.length) == length {
                var k = 0
                let base = storage + Int(e.offset)
                while k < length && base[k] == p[start + k] { k += 1 }
                if k == length { return e.cls }
            }
            slot = (slot + 1) & (KeywordTable.slotCount - 1)
        }
    }
}

/// How a Swift keyword bears on the bare-regex heuristic (see ``Lexer``).
enum SwiftKeywordClass {
    /// A keyword after which an expression may start (`return`, `case`, `in`, `if`, `=` ...).
    static let exprStart: UInt8 = 1
    /// A keyword that is itself a value (`self`, `nil`, `true` ...): `/` after it is division.
    static let value: UInt8 = 2
    /// `func` and `operator`: a `/` after them names an operator.
    static let declaresOperator: UInt8 = 3
    /// `try`: `try? /x/` and `try! /x/` hold a regex.
    static let `try`: UInt8 = 4

    static let table: KeywordTable = {
        let exprStartWords = [
            "func", "let", "var", "if", "else", "guard", "return", "class", "struct", "enum", "protocol",
            "extension", "import", "init", "deinit", "subscript", "typealias", "associatedtype",
            "precedencegroup", "static", "private", "fileprivate", "internal", "public", "open", "in",
            "inout", "for", "while", "repeat", "do", "catch", "throw", "throws", "rethrows", "switch", "case",
            "default", "break", "continue", "fallthrough", "defer", "where", "as", "is",
        ]
        var words: [(String, UInt8)] = exprStartWords.map { ($0, exprStart) }
        for word in ["super", "self", "Self", "nil", "true", "false", "Any", "_"] { words.append((word, value)) }
        for index in words.indices where words[index].0 == "func" { words[index].1 = declaresOperator }
        words.append(("operator", declaresOperator))
        words.append(("try", `try`))
        return KeywordTable(words)
    }()
}
