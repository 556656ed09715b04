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
    /// Modification and status-change times, in nanoseconds since 1970.
    var modified: Int64
    var changed: Int64

    var stamp: FileStamp { FileStamp(identity: identity, size: size, modified: modified, changed: changed) }

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
        #if canImport(Darwin)
            let modified = info.st_mtimespec, changed = info.st_ctimespec
        #else
            let modified = info.st_mtim, changed = info.st_ctim
        #endif
        self.modified = Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec)
        self.changed = Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec)
    }
}

/// What tells that a file is unchanged without reading it, as version control does: the same
/// file (device and inode), the same size, and the same modification and status-change times
/// (nanoseconds since 1970). Writing to a file sets its status-change time to the clock's, which
/// no one but the system can set back.
struct FileStamp: Hashable, Sendable {
    var identity: FileIdentity
    var size: Int
    var modified: Int64
    var changed: Int64

    /// Whether the file may still change within its clock's granularity without its stamp
    /// changing: touched at most `margin` nanoseconds before `now`.
    func isRecent(now: Int64, margin: Int64 = 2_000_000_000) -> Bool {
        max(modified, changed) > now - margin
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
