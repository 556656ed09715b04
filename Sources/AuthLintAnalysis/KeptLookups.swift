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
    /// The names of the text given to the run under way, worked out when it was seeded.
    private var seeded: [String: Given] = [:]

    struct Kept {
        var paths: [String]
        /// The text given for files, by root-relative path, with the names each holds.
        var given: [String: Given]
        var lookups: ProjectIndex.Lookups
    }

    /// The text given for a file, and the names (``names(_:)``) it holds.
    struct Given {
        var bytes: [UInt8]
        var names: Set<UInt64>
    }

    package init() {}

    /// Lets go of what was kept: the next run's scan is another.
    package func forget() {
        lock.withLock {
            kept = nil
            seeded = [:]
        }
    }

    /// Gives `project` the answers kept from the last run that the text given since can have
    /// changed none of. `given`: the text given for files, by root-relative path. To be called
    /// before anything is looked up in `project`.
    package func seed(_ project: ProjectIndex, given: [String: [UInt8]]) {
        guard let kept = lock.withLock({ kept }), project.targetsTaken, Set(kept.given.keys) == Set(given.keys),
            kept.paths == project.paths.values
        else { return }
        var changed = Set<UInt64>()
        var now: [String: Given] = [:]
        for (path, bytes) in given {
            let before = kept.given[path]!
            guard before.bytes != bytes, let file = project.file(atPath: path) else { continue }
            let names = Self.names(project.files[file])
            changed.formUnion(before.names)
            changed.formUnion(names)
            now[path] = Given(bytes: bytes, names: names)
        }
        lock.withLock { seeded = now }
        project.seed(kept.lookups, leavingOut: changed)
    }

    /// Keeps what `project` looked up, at the end of its run. The names of a text are worked
    /// out once: those of a text kept or seeded as it is are taken.
    package func keep(_ project: ProjectIndex, given: [String: [UInt8]]) {
        let (earlier, seeded) = lock.withLock { (self.kept?.given ?? [:], self.seeded) }
        var texts: [String: Given] = [:]
        for (path, bytes) in given {
            if let known = [earlier[path], seeded[path]].first(where: { $0?.bytes == bytes }) ?? nil {
                texts[path] = known
                continue
            }
            // A file given that the index left out (generated code) answers nothing.
            let names = project.file(atPath: path).map { Self.names(project.files[$0]) } ?? []
            texts[path] = Given(bytes: bytes, names: names)
        }
        let kept = Kept(paths: project.paths.values, given: texts, lookups: project.lookups)
        lock.withLock {
            self.kept = kept
            self.seeded = [:]
        }
    }

    /// What a file's code can answer a lookup by name with: every token, and the name of every
    /// scope it declares, by hash.
    static func names(_ code: CodeView) -> Set<UInt64> {
        var names = Set(code.hashes)
        for scope in code.scopes { if let name = scope.name { names.insert(CodeView.hash(name)) } }
        return names
    }
}
