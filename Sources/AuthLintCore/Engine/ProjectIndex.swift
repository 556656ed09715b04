/// All the code of a project, analysed, with the indexes rules need to look across files:
/// functions by name (to follow a value into the helper it is passed to) and project-wide facts.
public final class ProjectIndex: Sendable {
    /// Code of every Swift and Objective-C file, sorted by path.
    public let files: [CodeView]
    /// Function (and computed property) scopes by name: (file index, scope index).
    public let functions: [String: [FunctionRef]]

    /// Units (targets) the files belong to, and each file's unit.
    public let units: [CodeUnit]
    public let unitOfFile: [Int]
    /// Entitlements and privacy manifests, and which apply to each file.
    let resources: ProjectResources

    public struct FunctionRef: Sendable, Hashable {
        public var file: Int
        public var scope: Int
    }

    /// Indexes `files` (sorted by path); `scanned` says which target each file belongs to, and
    /// folders with a configuration of their own (`configuredFolders`) count as projects.
    public init(files: [CodeView], scanned: ScannedProject? = nil, configuredFolders: Set<String> = []) {
        self.files = files
        (units, unitOfFile) = CodeUnitBuilder.build(files: files, scanned: scanned, configuredFolders: configuredFolders)
        resources = ProjectResources(files: files, scanned: scanned)
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

    /// The unit of the file at `index`.
    public func unit(ofFile index: Int) -> CodeUnit { units[unitOfFile[index]] }
}
