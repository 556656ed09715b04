import AuthLintModel
import AuthLintSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file could not be read; `kind` is the diagnostic kind to report.
public struct FileReadError: Error, Sendable, Hashable {
    /// The diagnostic kind to report.
    public var kind: Diagnostic.Kind
    /// What went wrong, for the user.
    public var message: String
    /// The 1-based line concerned, when there is one.
    public var line: Int?

    public init(kind: Diagnostic.Kind, message: String, line: Int? = nil) {
        self.kind = kind
        self.message = message
        self.line = line
    }

    /// The diagnostic to report for the file at `path` (relative to the root).
    public func diagnostic(path: String) -> Diagnostic {
        Diagnostic(path: path, kind: kind, message: message, line: line)
    }
}

/// The bytes of a source file, with where its UTF-8 first goes wrong if it does.
public struct SourceContents: Sendable {
    /// The whole file.
    public var bytes: [UInt8]
    /// Byte offset of the first ill-formed UTF-8 sequence, nil when the file is valid UTF-8.
    public var invalidUTF8Offset: Int?

    /// The 1-based line of the first ill-formed UTF-8 sequence.
    public var invalidUTF8Line: Int? {
        invalidUTF8Offset.map { FileReader.line(ofOffset: $0, in: bytes) }
    }
}

/// Reads files for the scanner and the engine, with the checks every read needs.
public enum FileReader {
    /// How many leading bytes are searched for a NUL byte to call a source file binary.
    public static let binaryProbeLength = 8 << 10

    /// The whole file, or why not: `.notFound`, `.unreadable` (including a folder, and a file that
    /// is not the one the scan found there when its `identity` is given), or `.tooLarge`.
    public static func readFile(atPath path: String, maxFileSize: Int = 8 << 20) -> Result<[UInt8], FileReadError> {
        readFile(atPath: path, maxFileSize: maxFileSize, identity: nil)
    }

    static func readFile(atPath path: String, maxFileSize: Int, identity: FileIdentity?) -> Result<
        [UInt8], FileReadError
    > {
        // Non-blocking, so that opening a FIFO cannot wait for a writer; only a regular file is read.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return .failure(error(SystemError.current())) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(error(SystemError.current())) }
        // A path the scan found a file at (inside the root, through links that stay inside) that
        // now opens another file (replaced since, by a link that leads elsewhere perhaps) is not read.
        if let identity,
            identity
                != FileIdentity(
                    device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
        {
            return .failure(
                FileReadError(
                    kind: .unreadable, message: "replaced by another file since the tree was scanned; not read"))
        }
        switch UInt32(info.st_mode) & 0o170000 {
        case 0o100000: break
        case 0o040000: return .failure(FileReadError(kind: .unreadable, message: "is a directory"))
        default: return .failure(notRegular)
        }
        let size = Int(truncatingIfNeeded: info.st_size)
        if size > maxFileSize {
            return .failure(tooLarge(size: size, limit: maxFileSize))
        }
        let bytes: [UInt8]
        switch readAll(descriptor, size: size, limit: maxFileSize) {
        case .success(let read): bytes = read
        case .failure(let failure): return .failure(error(failure))
        }
        if bytes.count > maxFileSize {
            return .failure(tooLarge(size: bytes.count, limit: maxFileSize))
        }
        return .success(bytes)
    }

    /// Everything `descriptor` reads to its end: the `size` bytes fstat said, read into an array
    /// of that size (not filled with zeros first), then, if it may have more (a file that grew,
    /// a pipe, /proc), on in chunks of their own so that the bytes of a file that ends where
    /// fstat said take no more than its size. Stops once past `limit` bytes.
    package static func readAll(_ descriptor: Int32, size: Int, limit: Int) -> Result<[UInt8], SystemError> {
        var failure: SystemError?
        var bytes = [UInt8](unsafeUninitializedCapacity: max(size, 0)) { buffer, initialized in
            var filled = 0
            while filled < buffer.count {
                let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = SystemError.current()
                    break
                }
                if count == 0 { break }
                filled += count
            }
            initialized = filled
        }
        if let failure { return .failure(failure) }
        guard bytes.count == max(size, 0) else { return .success(bytes) }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { buffer in read(descriptor, buffer.baseAddress!, buffer.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError.current())
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return .success(bytes)
    }

    /// A file the scan found, read only if its path still opens that file; a file whose content
    /// is given, that content.
    package static func readFile(_ file: ProjectFile, maxFileSize: Int = 8 << 20) -> Result<[UInt8], FileReadError> {
        guard let buffer = file.buffer else {
            return readFile(atPath: file.absolutePath, maxFileSize: maxFileSize, identity: file.stamp?.identity)
        }
        return buffer.count > maxFileSize
            ? .failure(tooLarge(size: buffer.count, limit: maxFileSize)) : .success(buffer)
    }

    /// A source file's bytes: refused when binary (a NUL byte in its first 8 KiB) besides the
    /// failures of `readFile`. Ill-formed UTF-8 is not a failure; it is noted in the result.
    public static func readSource(atPath path: String, maxFileSize: Int = 8 << 20) -> Result<
        SourceContents, FileReadError
    > {
        readSource(atPath: path, maxFileSize: maxFileSize, identity: nil)
    }

    static func readSource(atPath path: String, maxFileSize: Int, identity: FileIdentity?) -> Result<
        SourceContents, FileReadError
    > {
        readFile(atPath: path, maxFileSize: maxFileSize, identity: identity).flatMap(source)
    }

    /// A file's bytes as source: refused when binary, with where its UTF-8 first goes wrong.
    private static func source(_ bytes: [UInt8]) -> Result<SourceContents, FileReadError> {
        if let offset = firstNUL(in: bytes, limit: binaryProbeLength) {
            return .failure(
                FileReadError(
                    kind: .binaryFile,
                    message: "binary file (NUL byte at offset \(offset))",
                    line: line(ofOffset: offset, in: bytes)
                ))
        }
        return .success(SourceContents(bytes: bytes, invalidUTF8Offset: UTF8Validation.firstInvalidOffset(in: bytes)))
    }

    /// Reads a scanned source file: its bytes (nil when it must be skipped) and the diagnostics to
    /// report (`.binaryFile`, `.unreadable`, `.tooLarge`, `.notFound`, or a non-fatal `.invalidUTF8`).
    public static func readSource(_ file: ProjectFile, maxFileSize: Int = 8 << 20) -> (
        bytes: [UInt8]?, diagnostics: [Diagnostic]
    ) {
        switch readFile(file, maxFileSize: maxFileSize).flatMap(source) {
        case .failure(let failure):
            return (nil, [failure.diagnostic(path: file.path)])
        case .success(let contents):
            guard let offset = contents.invalidUTF8Offset else { return (contents.bytes, []) }
            let (line, column) = position(ofOffset: offset, in: contents.bytes)
            let diagnostic = Diagnostic(
                path: file.path, kind: .invalidUTF8,
                message:
                    "file is not valid UTF-8 (first ill-formed byte at offset \(offset)); read with replacement characters",
                line: line, column: column
            )
            return (contents.bytes, [diagnostic])
        }
    }

    /// The 1-based line holding the byte at `offset`.
    public static func line(ofOffset offset: Int, in bytes: [UInt8]) -> Int {
        position(ofOffset: offset, in: bytes).line
    }

    /// The 1-based line and 1-based byte column of the byte at `offset`.
    static func position(ofOffset offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        var index = 0
        while index < end {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return (line, end - lineStart + 1)
    }

    static func firstNUL(in bytes: [UInt8], limit: Int) -> Int? {
        bytes.prefix(limit).firstIndex(of: 0)
    }

    /// A FIFO, device or socket: never opened for reading, since reading one can block forever.
    static let notRegular = FileReadError(
        kind: .notRegularFile, message: "not a regular file (a FIFO, device or socket); not read")

    static func tooLarge(size: Int, limit: Int) -> FileReadError {
        FileReadError(kind: .tooLarge, message: "file is \(size) bytes, larger than the \(limit)-byte limit; skipped")
    }

    static func error(_ error: SystemError) -> FileReadError {
        if error.isNotFound { return FileReadError(kind: .notFound, message: "no such file") }
        if error.isLoop { return FileReadError(kind: .symlinkLoop, message: "symbolic link loop: \(error.message)") }
        return FileReadError(kind: .unreadable, message: "cannot read: \(error.message)")
    }
}
