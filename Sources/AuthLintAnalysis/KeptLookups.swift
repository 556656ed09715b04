import AuthLintModel
import AuthLintSyntax
import Foundation

/// What one run's index looked up by name (functions, types and calls by name, the files that
/// use a name), kept for the next runs of a process that lints the same scan again while the
/// text given for some files changes (the language server, between edits).
///
/// Each such answer is found in the files that use the name, and a file whose text changed can
/// change only the answers its own part of them makes. The functions and the types of a name
/// are those its scopes declare: only the names of the scopes it declares, before the change or
/// after it, are let go for them. The calls of a name are where its tokens are, which an edit
/// moves: all the names it uses, before or after, are let go for them. Whether the file uses a
/// name changes only for the names it uses before the change and not after, or after and not
/// before. The rest are taken as they are. They are taken only when the files, their paths and
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

    /// The text given for a file, and the names (``Names``) it holds.
    struct Given {
        var bytes: [UInt8]
        var names: Names
    }

    /// The names of a file's code whose answers its part of them depends on, by hash.
    /// A file that answers nothing has none.
    struct Names {
        /// Every token, and the name of every scope it declares: the calls of a name.
        var used = Set<UInt64>()
        /// The names the file is found to mention by (``CodeView/nameHashes``).
        var mentioned = Set<UInt64>()
        /// The names of the function and computed property scopes it declares.
        var functions = Set<UInt64>()
        /// The names of the type and extension scopes it declares.
        var types = Set<UInt64>()
    }

    /// The names whose answers a change of text can change, for each kind of answer.
    struct Changed {
        var calls = Set<UInt64>()
        var mentioning = Set<UInt64>()
        var functions = Set<UInt64>()
        var types = Set<UInt64>()

        mutating func add(_ before: Names, _ after: Names) {
            calls.formUnion(before.used)
            calls.formUnion(after.used)
            mentioning.formUnion(before.mentioned.symmetricDifference(after.mentioned))
            functions.formUnion(before.functions)
            functions.formUnion(after.functions)
            types.formUnion(before.types)
            types.formUnion(after.types)
        }
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
        var changed = Changed()
        var now: [String: Given] = [:]
        for (path, bytes) in given {
            let before = kept.given[path]!
            guard before.bytes != bytes, let file = project.file(atPath: path) else { continue }
            let names = Names(project.files[file])
            changed.add(before.names, names)
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
            let names = project.file(atPath: path).map { Names(project.files[$0]) } ?? Names()
            texts[path] = Given(bytes: bytes, names: names)
        }
        let kept = Kept(paths: project.paths.values, given: texts, lookups: project.lookups)
        lock.withLock {
            self.kept = kept
            self.seeded = [:]
        }
    }
}

extension KeptLookups.Names {
    init(_ code: CodeView) {
        used = Set(code.hashes)
        for scope in code.scopes {
            guard let name = scope.name else { continue }
            let hash = CodeView.hash(name)
            used.insert(hash)
            if scope.kind == .function { functions.insert(hash) }
            if scope.kind == .type { types.insert(hash) }
        }
        mentioned = Set(code.nameHashes)
    }
}
