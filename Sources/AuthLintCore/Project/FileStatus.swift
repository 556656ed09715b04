#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's identity on disk: two paths with the same identity are the same file or folder.
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
}

/// What `stat`/`lstat` tell about a path.
struct FileStatus: Sendable {
    enum FileType: Sendable { case regular, directory, symbolicLink, other }

    var type: FileType
    var identity: FileIdentity
    var size: Int

    /// `lstat`: the link itself when the path is a symbolic link.
    static func ofLink(atPath path: String) -> Result<FileStatus, SystemError> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(SystemError.current()) }
        return .success(FileStatus(info))
    }

    /// `stat`: follows symbolic links.
    static func of(path: String) -> Result<FileStatus, SystemError> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(SystemError.current()) }
        return .success(FileStatus(info))
    }

    private init(_ info: stat) {
        let mode = UInt32(info.st_mode) & 0o170000
        switch mode {
        case 0o100000: type = .regular
        case 0o040000: type = .directory
        case 0o120000: type = .symbolicLink
        default: type = .other
        }
        identity = FileIdentity(
            device: UInt64(truncatingIfNeeded: info.st_dev),
            inode: UInt64(truncatingIfNeeded: info.st_ino)
        )
        size = Int(truncatingIfNeeded: info.st_size)
    }
}

/// An `errno` value with its message.
struct SystemError: Error, Sendable {
    var code: Int32

    static func current() -> SystemError { SystemError(code: errno) }

    var isNotFound: Bool { code == ENOENT || code == ENOTDIR }
    var isLoop: Bool { code == ELOOP }

    var message: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
