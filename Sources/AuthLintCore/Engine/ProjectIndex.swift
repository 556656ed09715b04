/// All the code of a project, analysed, with the indexes rules need to look across files:
/// functions by name (to follow a value into the helper it is passed to) and project-wide facts.
public final class ProjectIndex: Sendable {
    /// Code of every Swift and Objective-C file, sorted by path.
    public let files: [CodeView]
    /// Function (and computed property) scopes by name: (file index, scope index).
    public let functions: [String: [FunctionRef]]

    public struct FunctionRef: Sendable, Hashable {
        public var file: Int
        public var scope: Int
    }

    public init(files: [CodeView]) {
        self.files = files
        var functions: [String: [FunctionRef]] = [:]
        for (fileIndex, code) in files.enumerated() {
            for (scopeIndex, scope) in code.scopes.enumerated() where scope.kind == .function {
                guard let name = scope.name else { continue }
                functions[name, default: []].append(FunctionRef(file: fileIndex, scope: scopeIndex))
            }
        }
        self.functions = functions
    }

    /// Index of the file at `path`.
    public func fileIndex(_ path: String) -> Int? {
        var low = 0
        var high = files.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let other = files[mid].file.path
            if other == path { return mid }
            if other.utf8.lexicographicallyPrecedes(path.utf8) { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }

    /// Whether some file that passes the search's filters matches one of its patterns.
    public func has(_ search: ProjectSearch) -> Bool {
        firstMatch(search) != nil
    }

    /// The first (path, position order) place a search matches.
    public func firstMatch(_ search: ProjectSearch) -> (file: Int, match: Match)? {
        for (index, code) in files.enumerated() where search.language.accepts(code.file.language) {
            if !search.imports.isEmpty, code.imports.isDisjoint(with: search.imports) { continue }
            let matcher = Matcher(code)
            var best: Match?
            for pattern in search.patterns {
                if let match = matcher.matches(pattern).first, best == nil || match.range.lowerBound < best!.range.lowerBound {
                    best = match
                }
            }
            if let best { return (index, best) }
        }
        return nil
    }
}
