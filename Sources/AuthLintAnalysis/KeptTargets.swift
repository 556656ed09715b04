import AuthLintModel
import AuthLintProject
import Foundation

/// The targets and resources of one run, kept for the next runs of a process that lints the
/// same scan again (the language server, between edits; ``LexedCode`` keeps the code): they
/// follow from the scan, the files' paths and the modules each imports. A run of the same scan
/// takes the resources when the paths are the same, and the targets when the imports and the
/// folders with a configuration of their own are too; an edit that adds an import (of a test
/// framework: the file is then test code) makes them again. Whoever scans again says so
/// (``forget()``). Safe to use from several threads.
package final class KeptTargets: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: Kept?

    struct Kept {
        var files: [BuildTargetBuilder.File]
        var configuredFolders: Set<String>
        var targets:
            (targets: BuildTargets, targetOfFile: PerFile<TargetID>, testsByImport: [(file: FileID, module: String)])
        var resources: ProjectResources
    }

    package init() {}

    /// Lets go of what was kept: the next run's scan is another.
    package func forget() {
        lock.withLock { kept = nil }
    }

    /// The resources kept for files at these paths.
    func resources(paths: [String]) -> ProjectResources? {
        lock.withLock { kept }.flatMap { kept in
            kept.files.elementsEqual(paths) { $0.path == $1 } ? kept.resources : nil
        }
    }

    /// The targets kept for these files and configured folders.
    func targets(files: [BuildTargetBuilder.File], configuredFolders: Set<String>) -> Kept? {
        lock.withLock { kept }.flatMap { kept in
            kept.configuredFolders == configuredFolders && kept.files == files ? kept : nil
        }
    }

    func keep(_ kept: Kept) {
        lock.withLock { self.kept = kept }
    }
}
