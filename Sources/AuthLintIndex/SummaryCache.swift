import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls, by names the cache's own methods do not hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// File summaries kept between runs, outside the scanned tree: one file per project root in the
/// cache folder, keyed by each source file's content (the SHA-256 of its bytes, and its
/// language). A cache made by another version of authlint, for rules with other words, or for
/// another root is not trusted; a damaged one is ignored. Beside them, the stamp of each file
/// (``FileStamp``) when its content was last read, so that a file whose stamp has not changed
/// is neither read nor hashed again.
///
/// The folder is the user's own (``Folder``): created 0700, refused when another user owns it or
/// others may write in it. Each cache file ends with an HMAC-SHA256 of the rest under a random
/// key kept in the folder (0600), checked before anything in the file is used, so an entry
/// written by anyone without the key (with whatever checksum) is ignored. Files are written
/// through a temporary file created afresh (`O_EXCL`, `O_NOFOLLOW`) under a random name and
/// renamed over the entry, so a link planted in the folder is never written through.
package struct SummaryCache: Sendable {
    package struct Key: Hashable, Sendable {
        /// SHA-256 of the file's bytes, in four words (kept inline: a key is hashed and
        /// compared for every file of a run).
        private var words: (first: UInt64, second: UInt64, third: UInt64, fourth: UInt64)
        var language: UInt8

        package init(bytes: [UInt8], language: SourceLanguage) {
            self.init(digest: SHA256.hash(data: bytes).withUnsafeBytes { Array($0) }, language: Key.byte(of: language))
        }

        /// The language's byte in a key (kept as it is for the languages a cache already holds).
        private static func byte(of language: SourceLanguage) -> UInt8 {
            switch language {
            case .swift: 0
            case .objectiveC: 1
            case .python: 2
            case .javaScript: 3
            }
        }

        /// `digest` holds 32 bytes.
        init(digest: some Collection<UInt8>, language: UInt8) {
            precondition(digest.count == SummaryCache.digestSize)
            var words: (first: UInt64, second: UInt64, third: UInt64, fourth: UInt64) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &words) { raw in
                for (offset, byte) in digest.enumerated() { raw[offset] = byte }
            }
            self.words = words
            self.language = language
        }

        /// SHA-256 of the file's bytes.
        var digest: [UInt8] {
            withUnsafeBytes(of: words) { Array($0) }
        }

        package static func == (a: Key, b: Key) -> Bool {
            a.words == b.words && a.language == b.language
        }

        /// The digest's first word is as evenly spread as the whole (keys are still compared whole).
        package func hash(into hasher: inout Hasher) {
            hasher.combine(words.first)
            hasher.combine(language)
        }

        /// In the order of their digests' bytes (each word read big-endian is that order).
        static func precedes(_ a: Key, _ b: Key) -> Bool {
            func order(_ key: Key) -> (UInt64, UInt64, UInt64, UInt64) {
                (
                    UInt64(bigEndian: key.words.first), UInt64(bigEndian: key.words.second),
                    UInt64(bigEndian: key.words.third),
                    UInt64(bigEndian: key.words.fourth)
                )
            }
            return order(a) < order(b)
        }
    }

    package var entries: [Key: FileSummary] = [:]
    /// What the numbers in the summaries' names stand for (``NameVocabulary``): the cache is
    /// written with it, and a run that reads the cache makes its new summaries with it too.
    package var vocabulary = NameVocabulary.none
    /// By path: the file's stamp when it was read, and its content's key then.
    package var stamps: [String: Stamped] = [:]
    /// What the cache read was made for; nil for one made afresh, or none read.
    private(set) var madeFor: MadeFor?

    /// The rules' words a cache's summaries were made for: their fingerprint, and how many
    /// patterns a summary's pattern bits cover.
    struct MadeFor: Hashable, Sendable {
        var fingerprint: UInt64
        var patterns: Int

        init(fingerprint: UInt64, patterns: Int) {
            self.fingerprint = fingerprint
            self.patterns = patterns
        }

        init(_ words: WordIndex) {
            self.init(fingerprint: words.fingerprint, patterns: words.patterns.patterns.count)
        }
    }

    package struct Stamped: Hashable, Sendable {
        package var stamp: FileStamp
        package var key: Key

        package init(stamp: FileStamp, key: Key) {
            self.stamp = stamp
            self.key = key
        }
    }

    static let magic: [UInt8] = Array("authlint-summaries\n".utf8)
    /// Bump when what a summary holds changes (the lexer, the scope builder or the summary
    /// itself) without a new version number, so older caches are not trusted.
    static let format: UInt32 = 12
    static let macSize = 32
    /// More words or patterns than any set of rules has: a cache that claims more is not read.
    static let maxWordsOrPatterns = 1 << 20
    static let digestSize = 32

    /// The cache folder, checked, and its key.
    package struct Folder: Sendable {
        package let path: String
        let key: SymmetricKey

        /// Creates the folder (0700) when it is missing, and its key (32 random bytes, 0600)
        /// when it has none. Throws, with a reason for a warning, when the folder is not a
        /// folder, is a link, is owned by another user or is writable by others, or when the key
        /// file is not a regular file of its owner's with 0600 permissions and 32 bytes.
        init(path: String) throws {
            self.path = path
            let parent = (path as NSString).deletingLastPathComponent
            if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent) {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            }
            if mkdir(path, 0o700) != 0, errno != EEXIST {
                throw Problem("cannot create the folder: \(String(cString: strerror(errno)))")
            }
            var status = stat()
            guard lstat(path, &status) == 0 else { throw Problem(String(cString: strerror(errno))) }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw Problem(status.st_mode & S_IFMT == S_IFLNK ? "it is a symbolic link" : "it is not a folder")
            }
            guard status.st_uid == geteuid() else { throw Problem("it belongs to another user") }
            guard status.st_mode & 0o022 == 0 else {
                throw Problem("others may write in it (mode \(String(status.st_mode & 0o777, radix: 8)))")
            }
            key = try Self.key(in: path)
        }

        static func key(in folder: String) throws -> SymmetricKey {
            let path = (folder as NSString).appendingPathComponent("key")
            if let key = try readKey(path) { return key }
            // A new key is written whole to a file of its own, then linked into place: a run that
            // reads it meanwhile sees no key or the whole key, and of two runs the first wins.
            let fresh = SymmetricKey(size: .bits256)
            let temporary = try FreshFile.create(in: folder, fresh.withUnsafeBytes { Array($0) })
            defer { unlink(temporary) }
            if link(temporary, path) != 0, errno != EEXIST {
                throw Problem("cannot write its key: \(String(cString: strerror(errno)))")
            }
            guard let key = try readKey(path) else { throw Problem("cannot read its key") }
            return key
        }

        /// The key at `path`, nil when there is none.
        private static func readKey(_ path: String) throws -> SymmetricKey? {
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
            if descriptor < 0 {
                if errno == ENOENT { return nil }
                throw Problem(
                    "cannot read its key: \(errno == ELOOP ? "it is a symbolic link" : String(cString: strerror(errno)))"
                )
            }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                throw Problem("its key is not a regular file")
            }
            guard status.st_uid == geteuid(), status.st_mode & 0o077 == 0 else {
                throw Problem(
                    "its key may be read or written by others (mode \(String(status.st_mode & 0o777, radix: 8)))")
            }
            var bytes = [UInt8](repeating: 0, count: 33)
            let count = systemRead(descriptor, &bytes, bytes.count)
            guard count == 32 else { throw Problem("its key is damaged") }
            return SymmetricKey(data: bytes.prefix(32))
        }
    }

    /// Why the cache folder is not used.
    package struct Problem: Error, CustomStringConvertible, LocalizedError {
        package var description: String
        init(_ description: String) { self.description = description }
        package var errorDescription: String? { description }
    }

    /// The cache file of a project root inside `folder`.
    static func path(folder: String, root: String) -> String {
        (folder as NSString).appendingPathComponent("summaries-\(String(CodeView.hash(root), radix: 16)).bin")
    }

    package init() {}

    /// The cache of `root` in `folder`, or an empty one when it is missing, damaged, not
    /// authenticated by the folder's key, or made for other rules or another root.
    init(folder: Folder, root: String, words: WordIndex) {
        self.init(folder: folder, root: root)
        self = fitting(words)
    }

    /// The cache, if it was made for `words`; else an empty one.
    package func fitting(_ words: WordIndex) -> SummaryCache {
        madeFor == MadeFor(words) ? self : SummaryCache()
    }

    /// The cache of `root` in `folder`, whatever rules it was made for (``madeFor``), or an
    /// empty one when it is missing, damaged, not authenticated by the folder's key, or made for
    /// another root.
    init(folder: Folder, root: String) {
        guard let data = Self.contents(of: Self.path(folder: folder.path, root: root)), data.count > Self.macSize else {
            return
        }
        // The last 32 bytes are the HMAC of the rest: nothing is read from a file without it.
        let end = data.count - Self.macSize
        guard HMAC<SHA256>.isValidAuthenticationCode(data[end...], authenticating: data[..<end], using: folder.key)
        else { return }
        var reader = Reader(bytes: data, end: end)
        guard reader.take(Self.magic.count) == Self.magic, reader.u32() == Self.format,
            reader.string() == AuthLint.version,
            reader.string() == root, let fingerprint = reader.u64(), let count = reader.count(),
            let wordCount = reader.number(atMost: Self.maxWordsOrPatterns),
            let patternCount = reader.number(atMost: Self.maxWordsOrPatterns), let vocabularyCount = reader.count(),
            vocabularyCount <= NameVocabulary.maxCount
        else { return }
        var vocabularyKeys: [NameKey] = []
        vocabularyKeys.reserveCapacity(vocabularyCount)
        for _ in 0..<vocabularyCount {
            guard let key = reader.u32() else { return }
            vocabularyKeys.append(key)
        }
        guard let vocabulary = NameVocabulary(keys: vocabularyKeys) else { return }
        let patternBytes = (patternCount + 7) / 8
        var entries: [Key: FileSummary] = [:]
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard let key = reader.key(), let length = reader.count(), let packed = reader.take(length),
                let summary = FileSummary(
                    packed: packed, wordCount: wordCount, patternBytes: patternBytes, vocabulary: vocabulary)
            else { return }
            entries[key] = summary
        }
        guard let stampCount = reader.count() else { return }
        var stamps: [String: Stamped] = [:]
        // At its size, as far as the bytes left can hold stamps (each takes at least 81).
        stamps.reserveCapacity(min(stampCount, reader.left / 81))
        for _ in 0..<stampCount {
            guard let path = reader.string(), let device = reader.u64(), let inode = reader.u64(),
                let size = reader.u64(),
                let modified = reader.u64(), let changed = reader.u64(), let key = reader.key()
            else { return }
            let stamp = FileStamp(
                identity: FileIdentity(device: device, inode: inode), size: Int(truncatingIfNeeded: size),
                modified: Int64(bitPattern: modified), changed: Int64(bitPattern: changed))
            stamps[path] = Stamped(stamp: stamp, key: key)
        }
        guard reader.atEnd else { return }
        self.entries = entries
        self.vocabulary = vocabulary
        self.stamps = stamps
        madeFor = MadeFor(fingerprint: fingerprint, patterns: patternCount)
    }

    /// The cache folder at `folderPath` (or why it cannot be used) and the cache of `root` in it,
    /// whatever rules it was made for.
    package static func opened(folderPath: String, root: String) -> (
        folder: Result<Folder, Problem>, cache: SummaryCache
    ) {
        do {
            let folder = try Folder(path: folderPath)
            return (.success(folder), SummaryCache(folder: folder, root: root))
        } catch {
            return (.failure(Problem(FileProblem.describe(error))), SummaryCache())
        }
    }

    /// ``opened(folderPath:root:)`` on another thread while the tree is scanned: a run that names
    /// files needs the cache only once the scan is done.
    package struct Prefetch: Sendable {
        package let folderPath: String
        package let root: String
        private let read: BackgroundValue<(folder: Result<Folder, Problem>, cache: SummaryCache)>

        package init(folderPath: String, root: String) {
            self.folderPath = folderPath
            self.root = root
            read = BackgroundValue { SummaryCache.opened(folderPath: folderPath, root: root) }
        }

        /// The folder (or why it cannot be used) and the cache read from it, once read.
        package func value() -> (folder: Result<Folder, Problem>, cache: SummaryCache) {
            read.value
        }
    }

    /// Writes the cache of `root` into `folder` (through a new temporary file renamed over it,
    /// so a reader never sees half of it).
    package func write(folder: Folder, root: String, words: WordIndex) throws {
        var out = Writer()
        out.bytes += Self.magic
        out.u32(Self.format)
        out.string(AuthLint.version)
        out.string(root)
        out.u64(words.fingerprint)
        out.u64(UInt64(entries.count))
        out.u64(UInt64(words.words.count))
        out.u64(UInt64(words.patterns.patterns.count))
        out.u64(UInt64(vocabulary.keys.count))
        for key in vocabulary.keys { out.u32(key) }
        for (key, summary) in entries.sorted(by: { Key.precedes($0.key, $1.key) }) {
            out.bytes += key.digest
            out.bytes.append(key.language)
            // Made for `words`: one byte per word, and a bit per pattern when the summary knows them.
            let packed = summary.written(with: vocabulary).packed
            out.u64(UInt64(packed.count))
            out.bytes += packed
        }
        out.u64(UInt64(stamps.count))
        for (path, stamped) in stamps.sorted(by: { $0.key < $1.key }) {
            out.string(path)
            out.u64(stamped.stamp.identity.device)
            out.u64(stamped.stamp.identity.inode)
            out.u64(UInt64(truncatingIfNeeded: stamped.stamp.size))
            out.u64(UInt64(bitPattern: stamped.stamp.modified))
            out.u64(UInt64(bitPattern: stamped.stamp.changed))
            out.bytes += stamped.key.digest
            out.bytes.append(stamped.key.language)
        }
        out.bytes += Array(HMAC<SHA256>.authenticationCode(for: out.bytes, using: folder.key))
        let temporary = try FreshFile.create(in: folder.path, out.bytes)
        if rename(temporary, Self.path(folder: folder.path, root: root)) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Problem(reason)
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

    /// The whole of a regular file of the folder, not followed through a link; nil when it is
    /// missing or cannot be read.
    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size >= 0 else {
            return nil
        }
        // Read to the end, whatever size fstat said: the file may have been rewritten since.
        return try? FileReader.readAll(descriptor, size: Int(status.st_size), limit: .max).get()
    }

    private struct Reader {
        let bytes: [UInt8]
        /// Where the part read ends (the seal follows).
        let end: Int
        var offset = 0

        var atEnd: Bool { offset == end }
        /// How many bytes are left to read.
        var left: Int { end - offset }

        mutating func take(_ count: Int) -> [UInt8]? {
            guard count >= 0, count <= end - offset else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<(offset + count)])
        }

        /// A content key: the digest's 32 bytes and the language's one.
        mutating func key() -> Key? {
            guard SummaryCache.digestSize + 1 <= end - offset else { return nil }
            defer { offset += SummaryCache.digestSize + 1 }
            return Key(
                digest: bytes[offset..<(offset + SummaryCache.digestSize)],
                language: bytes[offset + SummaryCache.digestSize])
        }

        mutating func integer<T: FixedWidthInteger & UnsignedInteger>(_: T.Type) -> T? {
            let size = MemoryLayout<T>.size
            guard size <= end - offset else { return nil }
            let value = bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
            offset += size
            return value
        }

        mutating func u32() -> UInt32? { integer(UInt32.self) }
        mutating func u64() -> UInt64? { integer(UInt64.self) }

        /// A count no larger than the bytes left could hold.
        mutating func count() -> Int? {
            guard let value = u64(), value <= UInt64(end - offset) else { return nil }
            return Int(value)
        }

        /// A number that counts no bytes of the file (how many words or patterns each summary
        /// was made for), at most `limit`.
        mutating func number(atMost limit: Int) -> Int? {
            guard let value = u64(), value <= UInt64(limit) else { return nil }
            return Int(value)
        }

        mutating func string() -> String? {
            guard let length = count(), let utf8 = take(length) else { return nil }
            return String(decoding: utf8, as: UTF8.self)
        }
    }
}
