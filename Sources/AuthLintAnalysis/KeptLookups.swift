import AuthLintModel
import AuthLintSyntax
import Foundation

/// What one run's index looked up by name (functions, types and calls by name, the files that
/// use a name), kept for the next runs of a process that lints the same scan again while the
/// text given for some files changes (the language server, between edits).
///
/// Each such answer is found in the files that use the name. A file whose text changed can only
/// change the answers for the names it uses, before the change or after it: those are let go,
/// and the rest are taken as they are. They are taken only when the files, their paths and
/// their targets are the same (``KeptTargets``); whoever scans again says so (``forget()``).
/// Safe to use from several threads.
package final class KeptLookups: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: Kept?

    struct Kept {
        var paths: [String]
        /// The text given for files, by root-relative path, with the names (``names(_:)``) each holds.
        var given: [String: (bytes: [UInt8], names: Set<UInt64>)]
        var lookups: ProjectIndex.Lookups
    }

    package init() {}

    /// Lets go of what was kept: the next run's scan is another.
    package func forget() {
        lock.withLock { kept = nil }
    }

    /// Gives `project` the answers kept from the last run that the text given since can have
    /// changed none of. `given`: the text given for files, by root-relative path. To be called
    /// before anything is looked up in `project`.
    package func seed(_ project: ProjectIndex, given: [String: [UInt8]]) {
        guard let kept = lock.withLock({ kept }), project.targetsTaken, Set(kept.given.keys) == Set(given.keys),
            kept.paths == project.paths.values
        else { return }
        var changed = Set<UInt64>()
        for (path, bytes) in given {
            let before = kept.given[path]!
            guard before.bytes != bytes, let file = project.file(atPath: path) else { continue }
            changed.formUnion(before.names)
            changed.formUnion(Self.names(project.files[file]))
        }
        project.seed(kept.lookups, leavingOut: changed)
    }

    /// Keeps what `project` looked up, at the end of its run.
    package func keep(_ project: ProjectIndex, given: [String: [UInt8]]) {
        var texts: [String: (bytes: [UInt8], names: Set<UInt64>)] = [:]
        // A file given that the index left out (generated code) answers nothing.
        for (path, bytes) in given {
            texts[path] = (bytes, project.file(atPath: path).map { Self.names(project.files[$0]) } ?? [])
        }
        let kept = Kept(paths: project.paths.values, given: texts, lookups: project.lookups)
        lock.withLock { self.kept = kept }
    }

    /// What a file's code can answer a lookup by name with: every token, and the name of every
    /// scope it declares, by hash.
    static func names(_ code: CodeView) -> Set<UInt64> {
        var names = Set(code.hashes)
        for scope in code.scopes { if let name = scope.name { names.insert(CodeView.hash(name)) } }
        return names
    }
}
