import Foundation
import XCTest

/// `authlint` run as a server the tests drive over its standard input and output (`lsp`,
/// `mcp`), in a temporary folder holding an empty repository, `app/`. The server is stopped, and
/// the folder removed, when the test ends; one that stops answering is stopped after two
/// minutes, so that the test fails instead of hanging.
final class ServerProcess {
    /// The temporary folder; the repository is `app/` in it.
    let workspace: String
    private var process: Process?
    /// Where the test writes the server's input, and reads its output.
    private(set) var input: Int32 = -1
    private(set) var output: Int32 = -1

    init(named name: String) throws {
        workspace =
            FileManager.default.temporaryDirectory.appendingPathComponent("authlint-\(name)-\(UUID().uuidString)")
            .resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: workspace + "/app/.git", withIntermediateDirectories: true)
    }

    /// Starts `authlint ARGUMENTS` in `folder` (relative to the workspace).
    func start(_ arguments: [String], in folder: String = "") throws {
        let process = Process()
        process.executableURL = try CLITests.requireExecutable()
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: workspace + "/" + folder)
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        input = stdin.fileHandleForWriting.fileDescriptor
        output = stdout.fileHandleForReading.fileDescriptor
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { [weak process] in process?.terminate() }
    }

    /// Waits for the server to exit, and returns its status.
    func waitForExit() -> Int32? {
        process?.waitUntilExit()
        return process?.terminationStatus
    }

    /// Stops the server and removes the workspace.
    func stop() {
        process?.terminate()
        process?.waitUntilExit()
        try? FileManager.default.removeItem(atPath: workspace)
    }
}
