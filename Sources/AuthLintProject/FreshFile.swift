import AuthLintModel
import AuthLintSyntax
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// Files written whole and put in place in one step: a new file under a random name in the
/// same folder, created exclusively and never through a link, then renamed over the old one (or
/// linked in, when nothing may be there yet).
package enum FreshFile {
    struct Problem: Error, CustomStringConvertible, LocalizedError {
        var description: String
        init(_ description: String) { self.description = description }
        var errorDescription: String? { description }
    }

    /// Writes `bytes` to a file created afresh in `folder` under a random name (`O_CREAT|O_EXCL|
    /// O_NOFOLLOW`, `mode`), and returns its path: nothing already there, a link included, is
    /// written through.
    package static func create(in folder: String, _ bytes: [UInt8], mode: mode_t = 0o600) throws -> String {
        let path = (folder as NSString).appendingPathComponent(".tmp-\(UUID().uuidString)")
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { throw Problem("cannot create a file in it: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        // The mode asked for, whatever the umask.
        fchmod(descriptor, mode)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                unlink(path)
                throw Problem("cannot write in it: \(reason)")
            }
            written += count
        }
        return path
    }

    /// Replaces the file at `path` with `bytes`, keeping its mode.
    package static func replace(_ path: String, with bytes: [UInt8]) throws {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw Problem("is not a regular file")
        }
        let temporary = try create(in: ProjectPath.directory(of: path), bytes, mode: info.st_mode & 0o7777)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Problem("cannot replace it: \(reason)")
        }
    }

    /// Creates the file at `path` with `bytes` (mode 0644); fails when something is there.
    package static func add(_ path: String, _ bytes: [UInt8]) throws {
        let temporary = try create(in: ProjectPath.directory(of: path), bytes, mode: 0o644)
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else { throw Problem("cannot create it: \(String(cString: strerror(errno)))") }
    }
}
