import AuthLintModel
import AuthLintSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's identity on disk: two paths with the same identity are the same file or folder.
package struct FileIdentity: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64

    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

/// What `stat`/`lstat` tell about a path.
package struct FileStatus: Sendable {
    package enum FileType: Sendable { case regular, directory, symbolicLink, other }

    package var type: FileType
    var identity: FileIdentity
    var size: Int
    /// Modification and status-change times, in nanoseconds since 1970.
    var modified: Int64
    var changed: Int64

    var stamp: FileStamp { FileStamp(identity: identity, size: size, modified: modified, changed: changed) }

    /// `lstat`: the link itself when the path is a symbolic link.
    package static func ofLink(atPath path: String) -> Result<FileStatus, SystemError> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(SystemError.current()) }
        return .success(FileStatus(info))
    }

    /// `stat`: follows symbolic links.
    package static func of(path: String) -> Result<FileStatus, SystemError> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(SystemError.current()) }
        return .success(FileStatus(info))
    }

    fileprivate init(_ info: stat) {
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
            let modified = info.st_mtimespec
            let changed = info.st_ctimespec
        #else
            let modified = info.st_mtim
            let changed = info.st_ctim
        #endif
        self.modified = Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec)
        self.changed = Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec)
    }
}

/// One entry of a folder, with what `lstat` tells of it.
struct FolderEntry: Sendable {
    /// The entry's name; invalid UTF-8 in it is replaced.
    var name: String
    var nameIsUTF8: Bool
    /// What the scan collects it as, by its name and its folder's; nil: nothing.
    var kind: ProjectFileKind?
    /// `lstat` of the entry, asked of the open folder.
    var status: Result<FileStatus, SystemError>

    /// The entries of a folder but `.` and `..`, in byte order of names, each with the kind
    /// `kind` gives its name. A regular file (as the listing tells) of no kind is left out
    /// unexamined: it costs no `stat`.
    static func list(_ path: String, kind: (String) -> ProjectFileKind?) -> Result<[FolderEntry], SystemError> {
        // The folder is opened once: its descriptor names the entries to `fstatat`, and the
        // listing (`fdopendir`, which closes it with the listing) reads it.
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.current()) }
        guard let folder = fdopendir(descriptor) else {
            let failure = SystemError.current()
            close(descriptor)
            return .failure(failure)
        }
        defer { closedir(folder) }
        var entries: [FolderEntry] = []
        while true {
            errno = 0
            guard let entry = readdir(folder) else {
                if errno != 0 { return .failure(.current()) }
                break
            }
            let type = entry.pointee.d_type
            let found = withUnsafeBytes(of: entry.pointee.d_name) { raw -> FolderEntry? in
                let bytes = UnsafeRawBufferPointer(rebasing: raw.prefix { $0 != 0 })
                if bytes.elementsEqual([0x2E]) || bytes.elementsEqual([0x2E, 0x2E]) { return nil }
                let valid = String(validating: bytes, as: UTF8.self)
                let name = valid ?? String(decoding: bytes, as: UTF8.self)
                let collected = kind(name)
                if type == UInt8(DT_REG), collected == nil { return nil }
                var info = stat()
                let status: Result<FileStatus, SystemError> =
                    fstatat(
                        descriptor, raw.baseAddress!.assumingMemoryBound(to: CChar.self), &info, AT_SYMLINK_NOFOLLOW)
                        == 0
                    ? .success(FileStatus(info)) : .failure(.current())
                return FolderEntry(name: name, nameIsUTF8: valid != nil, kind: collected, status: status)
            }
            if let found { entries.append(found) }
        }
        entries.sort { ProjectPath.precedes($0.name, $1.name) }
        return .success(entries)
    }
}

/// What tells that a file is unchanged without reading it, as version control does: the same
/// file (device and inode), the same size, and the same modification and status-change times
/// (nanoseconds since 1970). Writing to a file sets its status-change time to the clock's, which
/// no one but the system can set back.
package struct FileStamp: Hashable, Sendable {
    package var identity: FileIdentity
    package var size: Int
    package var modified: Int64
    package var changed: Int64

    package init(identity: FileIdentity, size: Int, modified: Int64, changed: Int64) {
        self.identity = identity
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// Whether the file may still change within its clock's granularity without its stamp
    /// changing: touched at most `margin` nanoseconds before `now`.
    package func isRecent(now: Int64, margin: Int64 = 2_000_000_000) -> Bool {
        max(modified, changed) > now - margin
    }
}

/// An `errno` value with its message.
package struct SystemError: Error, Sendable {
    var code: Int32

    static func current() -> SystemError { SystemError(code: errno) }

    var isNotFound: Bool { code == ENOENT || code == ENOTDIR }
    var isLoop: Bool { code == ELOOP }

    package var message: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
