import Foundation

/// File summaries kept between runs, outside the scanned tree: one file per project root in the
/// cache folder, keyed by each source file's content (a 64-bit hash of its bytes, its length and
/// its language). A cache made by another version of authlint, or for rules with other words,
/// is not trusted; a damaged one is ignored. Only what the current run saw is written back, so
/// the file never grows past the project.
struct SummaryCache: Sendable {
    struct Key: Hashable, Sendable {
        var hash: UInt64
        var length: UInt64
        var language: UInt8

        init(bytes: [UInt8], language: SourceLanguage) {
            hash = bytes.withUnsafeBytes(Self.contentHash)
            length = UInt64(bytes.count)
            self.language = language == .swift ? 0 : 1
        }

        /// A 64-bit hash of the bytes, eight at a time (multiply and shift), for telling
        /// contents apart, not for security.
        static func contentHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
            func mix(_ word: UInt64) {
                hash = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
                hash ^= hash >> 29
            }
            var offset = 0
            while offset + 8 <= bytes.count {
                mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << UInt64(8 * (index - offset)) }
            mix(tail)
            return hash
        }

        init(hash: UInt64, length: UInt64, language: UInt8) {
            self.hash = hash
            self.length = length
            self.language = language
        }
    }

    var entries: [Key: FileSummary] = [:]

    static let magic: [UInt8] = Array("authlint-summaries\n".utf8)
    /// Bump when what a summary holds changes (the lexer, the scope builder or the summary
    /// itself) without a new version number, so older caches are not trusted.
    static let format: UInt32 = 1

    /// The cache file of a project root inside `folder`.
    static func path(folder: String, root: String) -> String {
        (folder as NSString).appendingPathComponent("summaries-\(String(CodeView.hash(root), radix: 16)).bin")
    }

    init() {}

    /// The cache at `path`, or an empty one when it is missing, damaged or made for other rules.
    init(path: String, words: WordIndex) {
        guard let data = FileManager.default.contents(atPath: path), data.count > 8 else { return }
        // The last 8 bytes are a checksum of the rest: a file cut short or damaged is not read.
        let body = [UInt8](data.dropLast(8))
        var tail = Reader(bytes: [UInt8](data.suffix(8)))
        guard tail.u64() == body.withUnsafeBufferPointer({ CodeView.hash($0, 0, $0.count) }) else { return }
        var reader = Reader(bytes: body)
        guard reader.take(Self.magic.count) == Self.magic, reader.u32() == Self.format, reader.string() == AuthLint.version,
            reader.u64() == words.fingerprint, let count = reader.count(), let wordCount = reader.count()
        else { return }
        var entries: [Key: FileSummary] = [:]
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard let hash = reader.u64(), let length = reader.u64(), let language = reader.take(1)?.first,
                let importCount = reader.count(), let imports = reader.strings(importCount),
                let nameCount = reader.count(), let names = reader.u64s(nameCount),
                let functionCount = reader.count(), let functions = reader.functions(functionCount),
                let words = reader.take(wordCount)
            else { return }
            guard zip(names, names.dropFirst()).allSatisfy({ $0 < $1 }) else { return }
            entries[Key(hash: hash, length: length, language: language)] = FileSummary(
                imports: imports, names: names, functions: functions, words: words)
        }
        guard reader.atEnd else { return }
        self.entries = entries
    }

    /// Writes the cache to `path` (through a temporary file, so a reader never sees half of it).
    func write(to path: String, words: WordIndex) throws {
        var out = Writer()
        out.bytes += Self.magic
        out.u32(Self.format)
        out.string(AuthLint.version)
        out.u64(words.fingerprint)
        out.u64(UInt64(entries.count))
        out.u64(UInt64(words.words.count))
        for (key, summary) in entries.sorted(by: { ($0.key.hash, $0.key.length) < ($1.key.hash, $1.key.length) }) {
            out.u64(key.hash)
            out.u64(key.length)
            out.bytes.append(key.language)
            out.u64(UInt64(summary.imports.count))
            for name in summary.imports { out.string(name) }
            out.u64(UInt64(summary.names.count))
            for hash in summary.names { out.u64(hash) }
            out.u64(UInt64(summary.functions.count))
            for function in summary.functions {
                out.string(function.name)
                out.u32(UInt32(bitPattern: function.scope))
            }
            out.bytes += summary.words  // one byte per word of `words`: summaries are made for them
        }
        out.u64(out.bytes.withUnsafeBufferPointer { CodeView.hash($0, 0, $0.count) })
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
        try Data(out.bytes).write(to: URL(fileURLWithPath: temporary))
        if rename(temporary, path) != 0 {
            try? FileManager.default.removeItem(atPath: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    private struct Writer {
        var bytes: [UInt8] = []

        /// Little-endian, whatever the machine.
        mutating func integer<T: FixedWidthInteger & UnsignedInteger>(_ value: T) {
            for byte in 0..<MemoryLayout<T>.size { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * byte))) }
        }

        mutating func u32(_ value: UInt32) { integer(value) }
        mutating func u64(_ value: UInt64) { integer(value) }

        mutating func string(_ text: String) {
            u64(UInt64(text.utf8.count))
            bytes += text.utf8
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var atEnd: Bool { offset == bytes.count }

        mutating func take(_ count: Int) -> [UInt8]? {
            guard count >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<(offset + count)])
        }

        mutating func integer<T: FixedWidthInteger & UnsignedInteger>(_: T.Type) -> T? {
            let size = MemoryLayout<T>.size
            guard size <= bytes.count - offset else { return nil }
            var value: T = 0
            for byte in 0..<size { value |= T(bytes[offset + byte]) << (8 * byte) }
            offset += size
            return value
        }

        mutating func u32() -> UInt32? { integer(UInt32.self) }
        mutating func u64() -> UInt64? { integer(UInt64.self) }

        /// A count no larger than the bytes left could hold.
        mutating func count() -> Int? {
            guard let value = u64(), value <= UInt64(bytes.count - offset) else { return nil }
            return Int(value)
        }

        mutating func string() -> String? {
            guard let length = count(), let utf8 = take(length) else { return nil }
            return String(decoding: utf8, as: UTF8.self)
        }

        mutating func strings(_ count: Int) -> [String]? {
            var out: [String] = []
            for _ in 0..<count {
                guard let text = string() else { return nil }
                out.append(text)
            }
            return out
        }

        mutating func u64s(_ count: Int) -> [UInt64]? {
            guard count <= (bytes.count - offset) / 8 else { return nil }
            var out: [UInt64] = []
            out.reserveCapacity(count)
            for _ in 0..<count { out.append(u64()!) }
            return out
        }

        mutating func functions(_ count: Int) -> [FileSummary.Function]? {
            var out: [FileSummary.Function] = []
            for _ in 0..<count {
                guard let name = string(), let scope = u32() else { return nil }
                out.append(FileSummary.Function(name: name, scope: Int32(bitPattern: scope)))
            }
            return out
        }
    }
}
