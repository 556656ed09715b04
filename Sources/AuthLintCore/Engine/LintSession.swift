import AuthLintAnalysis
import AuthLintModel
import AuthLintProject
import Foundation

/// What a process that lints one tree again and again with one catalog (the language server,
/// after each edit) keeps from a run to the next, so that a run does not redo what the edits
/// since the last one leave as it was: the code lexed on use (``LexedCode``), and the scan while
/// the tree on disk stays as it was, what the load made of the files the edits leave as they were
/// (``KeptLoad``), the targets and resources worked out from that scan (``KeptTargets``), and
/// what the index looked up by name that the edits leave as it was (``KeptLookups``). A run with
/// a session finds what a run without one does.
///
/// The session cannot see the disk change: its owner says so (``treeChanged()``) when a file is
/// saved, created, deleted or changed there, as an editor's file watchers tell.
public final class LintSession: @unchecked Sendable {
    let lexed: LexedCode
    let targets = KeptTargets()
    let lookups = KeptLookups()
    let loads = KeptLoad()
    private let lock = NSLock()
    private var kept: (key: ScanKey, result: ScanResult)?

    /// A session that keeps code whose source comes to at most `residentSourceBytes`.
    public init(residentSourceBytes: Int = LintOptions.standardResidentSourceBytes) {
        lexed = LexedCode(capacity: residentSourceBytes)
    }

    /// Whether the next run may take the last run's load: the scan is kept, and so is a load.
    var mayTakeLoad: Bool {
        lock.withLock { kept != nil } && !loads.isEmpty
    }

    /// Says that files may have changed on disk: the next run scans the tree again.
    public func treeChanged() {
        lock.withLock { kept = nil }
    }

    /// Stage 1 for a run of the session: the last run's scan with the text given for its source
    /// files replaced, when everything else the scan reads is as it was; else a scan, kept.
    func scan(_ options: LintOptions) throws -> ScanResult {
        let key = ScanKey(options)
        if let key, let kept = lock.withLock({ kept }), kept.key.scansAlike(key),
            let project = kept.result.project.replacingSourceText(key.sourceTextChanged(since: kept.key))
        {
            var result = kept.result
            result.project = project
            lock.withLock { self.kept = (key, result) }
            return result
        }
        let result = try Linter.scan(options)
        // The targets of another scan are not this one's, nor what was looked up in its files.
        targets.forget()
        lookups.forget()
        loads.forget()
        lock.withLock { kept = key.map { ($0, result) } }
        return result
    }

    /// What a scan reads besides the tree on disk. The text given for a source file is apart:
    /// the scan only lists such a file, and a changed text is put in its record.
    struct ScanKey {
        /// The options without the text given.
        var scan: ScanOptions
        var currentDirectory: String
        var configurationPath: String?
        /// The text given for source files, and for any other file (which the scan reads), by
        /// absolute path.
        var sourceText: [String: [UInt8]] = [:]
        var otherText: [String: [UInt8]] = [:]

        /// Nil for a run whose scan is not kept: one in pull-request mode, which reads a revision.
        init?(_ options: LintOptions) {
            guard options.policy.revisionName == nil else { return nil }
            scan = options.scan
            scan.buffers = [:]
            currentDirectory = options.currentDirectory
            configurationPath = options.configurationPath
            for (path, bytes) in ProjectScanner.givenText(options.scan, currentDirectory: options.currentDirectory) {
                let kind = ProjectFileKind.classify(fileName: ProjectPath.lastComponent(of: path), parentName: "")
                if kind?.isSource == true { sourceText[path] = bytes } else { otherText[path] = bytes }
            }
        }

        func scansAlike(_ other: ScanKey) -> Bool {
            (scan, currentDirectory, configurationPath, otherText, Set(sourceText.keys)) == (
                other.scan, other.currentDirectory, other.configurationPath, other.otherText, Set(other.sourceText.keys)
            )
        }

        func sourceTextChanged(since other: ScanKey) -> [String: [UInt8]] {
            sourceText.filter { other.sourceText[$0.key] != $0.value }
        }
    }
}
