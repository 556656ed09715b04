import ArgumentParser
import AuthLintModel
import AuthLintProject
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input read whole, for `lint --stdin-filename`: the text of the file at `path`.
struct StandardInput {
    /// The path it stands for, as given.
    var path: String
    var bytes: [UInt8]

    /// Reads standard input to its end, refusing more than `limit` bytes (the size a file may have)
    /// and a path that names a folder.
    static func read(as path: String, limit: Int) throws -> StandardInput {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            printError("error: --stdin-filename \(path.terminalSafe()) is a folder; name the file standard input holds")
            throw ExitCode(2)
        }
        switch FileReader.readAll(STDIN_FILENO, size: 0, limit: limit) {
        case .success(let bytes) where bytes.count <= limit:
            return StandardInput(path: path, bytes: bytes)
        case .success:
            printError("error: standard input is larger than the \(limit)-byte limit a file may have")
            throw ExitCode(2)
        case .failure(let error):
            printError("error: cannot read standard input: \(error.message.terminalSafe())")
            throw ExitCode(2)
        }
    }
}
