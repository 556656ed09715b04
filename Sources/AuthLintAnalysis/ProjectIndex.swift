import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// All the code of a project, analysed, with the indexes rules need to look across files:
/// functions by name (to follow a value into the helper it is passed to) and project-wide facts.
///
/// When only some files are reported, the others may be given as summaries (``FileSummary``):
/// such a file is read and lexed only when a question reaches it that its summary cannot rule
/// out. What the index tells of a file's code (its scopes, its tokens) always comes from the
/// file as lexed, never from a summary, which only says where to look.
///
/// The index holds facts. What it looks up on first use (functions, types and calls by name, the
/// files that mention a name) it keeps, and an answer never changes once given. What an analysis
/// works out from the facts is the analysis's own, kept in the ``AnalysisRun`` made for the run.
public final class ProjectIndex: Sendable {
    /// Code of every Swift and Objective-C file, sorted by path.
    public let files: CodeViews
    /// Root-relative path of each file.
    public let paths: PerFile<String>
    /// Modules each file sees: those it imports, and those whose known SDK types it names. For
    /// a file summarised without lexing, those it may see (see `sees(anyOf:inFile:)`).
    private let importsOfFile: PerFile<Set<String>>
    /// Function (and computed property) scopes by name: (file index, scope index), in the files
    /// given lexed (see `functions(named:)` for the others).
    private let declaredFunctions: [String: [ScopeRef]]
    /// The files given as summaries made by the lexer that may declare each function name, by
    /// its key (``NameKey``), in order.
    private let summarisedDeclarers: FilesByKey
    /// The files that declare each helper entry (``FileSummary/entriesDeclared(_:)``), by the key
    /// of its name: those given lexed, and those given as summaries made by the lexer. Made on
    /// first use.
    private let entryDeclarers = Memo<Int, (lexed: [NameKey: [FileID]], summarised: FilesByKey)>()
    /// The files summarised without lexing, in order.
    package let unlexedFiles: [FileID]
    private let knownTypes: KnownTypes
    /// How the providers' sign-in looks in code (`flow:` of their files), for `scope: request`
    /// and `within: flow`.
    package let flow: SignInFlow
    /// The hashes of `flow.starts` and of `flow.requestMakers`.
    let flowStartHashes: [UInt64]
    let requestMakerHashes: [UInt64]
    /// The modules a file summarised without lexing sees, once it is lexed.
    private let exactImports = Memo<FileID, Set<String>>()
    /// The scopes of each name, those in the files summarised without lexing included, found on first use.
    private let functionsByName = Memo<String, [ScopeRef]>()
    /// The declarations of each type asked for in each target, kept once found.
    private let typeDeclarationsByName = Memo<TypeInTarget, [ScopeRef]>()
    /// Which files summarised without lexing may declare each name, indexed on first use.
    private let unlexedDeclarations = Memo<Int, UnlexedDeclarations>()

    /// The targets the files belong to, and each file's target.
    public let targets: BuildTargets
    /// Whether the targets were those kept from the last run (``KeptTargets``).
    let targetsTaken: Bool
    public let targetOfFile: PerFile<TargetID>
    /// The files no target lists that are test code by the test framework they import.
    package let testsByImport: [(file: FileID, module: String)]
    /// Entitlements and privacy manifests, and which apply to each file.
    package let resources: ProjectResources
    /// Per file, when it was given as a summary: what it holds, and the rules' words it was summarised for.
    let summaries: PerFile<FileSummary?>
    /// The lexed files whose words the prefilter read, which tell as a summary does what cannot
    /// match; empty when there are none (a large tree's run keeps no code).
    private let lexedWords: PerFile<LexedWords?>
    let words: WordIndex
    /// The files that use each name, built once enough names were asked about (see `files(mentioning:)`).
    let nameIndex = NameIndex()
    /// Which files may use each name, by its bucket, built on the first lookup before `nameIndex` is.
    let nameBuckets = Memo<Int, NameBuckets>()
    /// The files found to use each name looked up in every file or by its bucket, by the name's
    /// hash (no more, in all, than `nameIndex` would hold).
    let filesMentioning = Memo<UInt64, [Int32]>()
    /// Which files hold each of the rules' words, read off the summaries on first use.
    let wordFiles = Memo<Int, WordFiles>()
    /// Where each function name is called, found on first use.
    let callsByName = Memo<String, [(file: FileID, open: Int)]>()
    /// Where each type is declared, per target, indexed on first use.
    private let typeDeclarations = Memo<TargetID, TypeIndex>()

    /// A scope of a file: a function, a computed property, or a type or extension.
    public struct ScopeRef: Sendable, Hashable {
        public var file: FileID
        public var scope: Int
    }

    /// A source file as the index receives it: analysed, or summarised with its bytes.
    package enum Entry {
        /// A lexed file, with the rules' words found in its bytes when the prefilter read them.
        case code(CodeView, words: [UInt8]? = nil)
        case summary(FileSummary, SourceFile.Pending)

        /// The file's root-relative path.
        var path: String {
            switch self {
            case .code(let code, _): code.file.path
            case .summary(_, let pending): pending.path
            }
        }
    }

    /// How much source code kept in memory may come from, unless told (``LintOptions/residentSourceBytes``).
    package static let standardResidentSourceBytes = 32 << 20

    /// Indexes `files` (sorted by path); `scanned` says which target each file belongs to, and
    /// folders with a configuration of their own (`configuredFolders`) count as projects.
    public convenience init(files: [CodeView], scanned: ScannedProject? = nil, configuredFolders: Set<String> = []) {
        self.init(
            entries: files.map { Entry.code($0) }, words: WordIndex([]), scanned: scanned,
            configuredFolders: configuredFolders)
    }

    package init(
        entries: [Entry], words: WordIndex, scanned: ScannedProject?, configuredFolders: Set<String>,
        knownTypes: KnownTypes = KnownTypes(), flow: SignInFlow = SignInFlow(),
        residentBytes: Int = ProjectIndex.standardResidentSourceBytes, lexed: LexedCode? = nil,
        kept: KeptTargets? = nil
    ) {
        // The property lists that ship with each file are worked out meanwhile: they need only the paths.
        let paths = entries.map(\.path)
        let keptResources = kept?.resources(paths: paths)
        let resources =
            keptResources == nil ? BackgroundValue { ProjectResources(paths: paths, scanned: scanned) } : nil
        var described: [BuildTargetBuilder.File] = []
        var seen: [Set<String>] = []
        var functions: [String: [ScopeRef]] = [:]
        var summaries: [FileSummary?] = []
        var lexedWords: [LexedWords?] = []
        var unlexed: [FileID] = []
        // At their size: they are kept for the whole run.
        described.reserveCapacity(entries.count)
        seen.reserveCapacity(entries.count)
        summaries.reserveCapacity(entries.count)
        lexedWords.reserveCapacity(entries.count)
        // Most files import what others do: one set is kept for each set of modules.
        var sets = Set<Set<String>>()
        func shared(_ modules: Set<String>) -> Set<String> { sets.insert(modules).memberAfterInsert }
        // Summaries that spell their imports and modules alike share both without reading them.
        var modulesByText: [FileSummary.ModulesText: (imports: Set<String>, seen: Set<String>)] = [:]
        for (index, entry) in entries.enumerated() {
            let fileIndex = FileID(index)
            switch entry {
            case .code(let code, let words):
                described.append(
                    .init(path: code.file.path, imports: code.imports.subtracting(code.conditionalImports)))
                seen.append(shared(code.imports.union(knownTypes.modules(usedIn: code))))
                for function in FileSummary.functions(of: code) {
                    functions[function.name, default: []].append(
                        ScopeRef(file: fileIndex, scope: Int(function.scope)))
                }
                summaries.append(nil)
                lexedWords.append(words.map { LexedWords(words: $0, code: code) })
            case .summary(let summary, let pending):
                let text = summary.modulesText
                let modules =
                    text.flatMap { modulesByText[$0] }
                    ?? {
                        let imports = shared(Set(summary.imports))
                        // A summary made by the lexer knows the modules its known types show; one made
                        // from the bytes says which it may see, by the keys of its names.
                        let modules = (
                            imports,
                            shared(imports.union(summary.modules ?? Array(knownTypes.modules(usedIn: summary))))
                        )
                        if let text { modulesByText[text] = modules }
                        return modules
                    }()
                described.append(.init(path: pending.path, imports: modules.imports))
                seen.append(modules.seen)
                summaries.append(summary)
                lexedWords.append(nil)
                if summary.unlexed != nil { unlexed.append(fileIndex) }
            }
        }
        files = CodeViews(entries, residentBytes: residentBytes, earlierRuns: lexed)
        self.paths = PerFile(paths)
        importsOfFile = PerFile(seen)
        let summarised = PerFile(summaries)
        self.summaries = summarised
        self.words = words
        let earlier = kept?.targets(files: described, configuredFolders: configuredFolders)
        targetsTaken = earlier != nil
        if let earlier {
            (targets, targetOfFile, testsByImport) = earlier.targets
        } else {
            (targets, targetOfFile, testsByImport) = BuildTargetBuilder.build(
                files: described, scanned: scanned, configuredFolders: configuredFolders)
        }
        self.resources = keptResources ?? resources!.value
        kept?.keep(
            .init(
                files: described, configuredFolders: configuredFolders,
                targets: (targets, targetOfFile, testsByImport), resources: self.resources))
        declaredFunctions = functions
        summarisedDeclarers = FilesByKey(fileCount: summaries.count) { file, add in
            summarised[file]?.forEachFunctionKey(add)
        }
        unlexedFiles = unlexed
        self.lexedWords = lexedWords.contains { $0 != nil } ? PerFile(lexedWords) : PerFile()
        self.knownTypes = knownTypes
        self.flow = flow
        flowStartHashes = flow.starts.map(CodeView.hash)
        requestMakerHashes = flow.requestMakers.map(CodeView.hash)
    }

    /// The function and computed property scopes named `name`, in file and scope order. A file
    /// given as a summary is lexed when the summary says it may declare the name (or, summarised
    /// without lexing, when its bytes may).
    package func functions(named name: String) -> [ScopeRef] {
        let declared = declaredFunctions[name] ?? []
        let summarised = summarisedDeclarers[CodeView.key(name)]
        guard !unlexedFiles.isEmpty || !summarised.isEmpty else { return declared }
        return functionsByName.value(for: name) {
            let more = (summarised + unlexedDeclarers(of: name, \.functions)).flatMap { file in
                FileSummary.functions(of: files[file]).filter { $0.name == name }.map {
                    ScopeRef(file: file, scope: Int($0.scope))
                }
            }
            return more.isEmpty ? declared : (declared + more).sorted { ($0.file, $0.scope) < ($1.file, $1.scope) }
        }
    }

    /// The files that may declare a helper entry whose name (``FileSummary/entriesDeclared(_:)``)
    /// has one of the keys, when no file was summarised without lexing (``namesHanded(inSummaryOf:)``
    /// gives keys only then).
    func files(declaringEntriesWithKeys keys: some Sequence<NameKey>) -> Set<FileID> {
        let declarers = entryDeclarers.value(for: 0) {
            var lexed: [NameKey: [FileID]] = [:]
            for file in files.ids where summaries[file] == nil {
                for key in Set(FileSummary.entriesDeclared(files[file]).map(CodeView.key)) {
                    lexed[key, default: []].append(file)
                }
            }
            let summarised = FilesByKey(fileCount: summaries.count) { [summaries] file, add in
                _ = summaries[file]?.forEachEntryKey(add)
            }
            return (lexed, summarised)
        }
        var found = Set<FileID>()
        for key in keys {
            for file in declarers.lexed[key] ?? [] { found.insert(file) }
            declarers.summarised.forEachFile(holding: key) { found.insert($0) }
        }
        return found
    }

    /// The files that may declare the helper entry a name handed reaches (``FileSummary/namesHanded(_:)``):
    /// a function with parameters of the name called, a property with a setter of the name
    /// assigned (`token=`).
    func files(declaringEntry handed: String) -> [FileID] {
        guard unlexedFiles.isEmpty else {
            let name = handed.hasSuffix("=") ? String(handed.dropLast()) : handed
            return Set(functions(named: name).map(\.file)).filter {
                FileSummary.entriesDeclared(files[$0]).contains(handed)
            }.sorted()
        }
        return files(declaringEntriesWithKeys: [CodeView.key(handed)]).sorted()
    }

    /// The keys of the names the file hands values to (``FileSummary/namesHanded(_:)``), as
    /// the summary it was given as says; nil when it was lexed, or summarised without lexing.
    func namesHanded(inSummaryOf file: FileID) -> [NameKey]? {
        guard unlexedFiles.isEmpty else { return nil }
        return summaries[file]?.handedKeys
    }

    /// The files summarised without lexing whose bytes may declare `name` (as a function or
    /// as a type, as `kind` says), in order. A name no word can spell may be declared anywhere.
    private func unlexedDeclarers(of name: String, _ kind: KeyPath<UnlexedDeclarations, UnlexedDeclarations.Names>)
        -> [FileID]
    {
        let index = unlexedDeclarations.value(for: 0) {
            UnlexedDeclarations(unlexedFiles.map { (file: $0, names: summaries[$0]!.unlexed!) })
        }
        guard let first = name.utf8.first,
            first == 0x5F || first == 0x60 || first == 0x24 || first >= 0x80
                || (first | 0x20 >= 0x61 && first | 0x20 <= 0x7A)
        else { return unlexedFiles }
        let names = index[keyPath: kind]
        return ((names.byHash[CodeView.hash(name)] ?? []) + names.anywhere).sorted()
    }

    /// The file at `path`.
    public func file(atPath path: String) -> FileID? { paths.values.index(ofSortedPath: path).map(FileID.init) }

    /// The target of the file at `index`.
    public func target(ofFile index: FileID) -> BuildTarget { targets[targetOfFile[index]] }

    /// The language of the file at `index`, without lexing it.
    func language(ofFile index: FileID) -> SourceLanguage { files.language(index) }

    /// Whether the file at `index` sees one of `modules` (imports it, or names a known type of
    /// it). A file summarised without lexing is lexed only when its bytes say it may.
    func sees(anyOf modules: [String], inFile index: FileID) -> Bool {
        guard !importsOfFile[index].isDisjoint(with: modules) else { return false }
        guard summaries[index]?.unlexed != nil else { return true }
        let exact = exactImports.value(for: index) {
            let code = files[index]
            return code.imports.union(knownTypes.modules(usedIn: code))
        }
        return !exact.isDisjoint(with: modules)
    }

    /// Whether `pattern` may match in the file: false only when the file's summary shows that
    /// a name the pattern needs is missing (the matcher would find nothing there either).
    func mayMatch(_ pattern: Pattern, inFile index: FileID) -> Bool {
        guard let summary = summaries[index] else { return true }
        return summary.mentionsAll(pattern.requiredNames) && summary.mayMatch(pattern, words.patterns)
    }

    /// Whether the file may use `name` (an identifier or keyword): false only when its summary
    /// shows it does not.
    func mayMention(_ name: String, inFile index: FileID) -> Bool {
        guard let summary = summaries[index] else { return true }
        return summary.mentionsAll([CodeView.hash(name)])
    }

    /// The declarations of a type and its extensions (`class Name`, `extension Name`) in a target's
    /// files, as (file, scope) pairs in file order. The target's analysed files are indexed once;
    /// a file given as a summary is read only when it names the type.
    func declarations(ofType name: String, inTarget target: TargetID) -> [ScopeRef] {
        typeDeclarationsByName.value(for: TypeInTarget(name: name, target: target)) {
            findDeclarations(ofType: name, inTarget: target)
        }
    }

    private func findDeclarations(ofType name: String, inTarget target: TargetID) -> [ScopeRef] {
        let index = typeDeclarations.value(for: target) {
            var index = TypeIndex()
            for file in targets[target].files {
                guard let summary = summaries[file] else {
                    for (typeName, ref) in typeScopes(inFile: file) { index.byName[typeName, default: []].append(ref) }
                    continue
                }
                if summary.unlexed == nil { index.hasSummarised = true }
            }
            return index
        }
        var found = index.byName[name] ?? []
        // A file that declares the type uses its name: the files that use it are found by the
        // project's names, and asked whether they declare it.
        if index.hasSummarised {
            let key = CodeView.key(name)
            for file in files(mentioning: name) where targetOfFile[file] == target {
                guard let summary = summaries[file], summary.unlexed == nil, summary.mayDeclareType(key) else {
                    continue
                }
                found += typeScopes(inFile: file).filter { $0.name == name }.map(\.ref)
            }
        }
        for file in unlexedFiles.isEmpty ? [] : unlexedDeclarers(of: name, \.types) where targetOfFile[file] == target {
            found += typeScopes(inFile: file).filter { $0.name == name }.map(\.ref)
        }
        return found.sorted { ($0.file, $0.scope) < ($1.file, $1.scope) }
    }

    /// The type and extension scopes of a file, with the names they declare or extend.
    private func typeScopes(inFile file: FileID) -> [(name: String, ref: ScopeRef)] {
        let code = files[file]
        return code.scopes.indices.compactMap { scope in
            guard code.scopes[scope].kind == .type, let name = code.scopes[scope].name else { return nil }
            return (name, ScopeRef(file: file, scope: scope))
        }
    }

    /// Whether the clause (a pattern, or words) may match in the file, by its summary.
    package func mayMatch(_ clause: PatternClause, inFile index: FileID) -> Bool {
        if let summary = summaries[index] { return summary.mayMatch(clause, words) }
        return lexedWords.isEmpty ? true : lexedWords[index]?.mayMatch(clause, words) ?? true
    }

    /// The positions of the sieve's clauses (of `among`, when given) that may match in the file,
    /// by its summary or the words the prefilter found in it: all of them where neither is known,
    /// none where the rule's conditions cannot hold.
    package func clauses(mayMatch sieve: ClauseSieve, inFile index: FileID, among: [Int]? = nil) -> [Int] {
        if let summary = summaries[index] { return sieve.clauses(mayMatchIn: summary, among: among) }
        if !lexedWords.isEmpty, let lexed = lexedWords[index] { return sieve.clauses(mayMatchIn: lexed, among: among) }
        return among ?? Array(0..<sieve.count)
    }

    /// The files, in order, where some clause of the sieve may match (see ``clauses(mayMatch:inFile:among:)``).
    func files(mayMatchAnyOf sieve: ClauseSieve) -> [Int] {
        if let tests = sieve.wordTests {
            let table = wordFiles.valueOnce(for: 0) {
                WordFiles(fileCount: files.count, wordCount: words.wordCount) { index in
                    let file = FileID(index)
                    if let summary = summaries[file] { return summary.wordBits }
                    return lexedWords.isEmpty ? nil : lexedWords[file]?.wordBits
                }
            }
            return table.files(containingAnyOf: tests)
        }
        return files.ids.filter { file in
            if let summary = summaries[file] { return sieve.anyClause(mayMatchIn: summary) }
            if !lexedWords.isEmpty, let lexed = lexedWords[file] { return sieve.anyClause(mayMatchIn: lexed) }
            return sieve.count > 0
        }.map(\.index)
    }
}

extension ProjectIndex {
    /// What the index looked up by name, each answer found in the files that use the name
    /// (``KeptLookups``).
    struct Lookups {
        var functions: [String: [ScopeRef]]
        var types: [TypeInTarget: [ScopeRef]]
        var calls: [String: [(file: FileID, open: Int)]]
        var mentioning: [UInt64: [Int32]]
    }

    /// What was looked up by name so far.
    var lookups: Lookups {
        Lookups(
            functions: functionsByName.contents, types: typeDeclarationsByName.contents, calls: callsByName.contents,
            mentioning: filesMentioning.contents)
    }

    /// Takes answers looked up in another index of the same files, in the same targets, except
    /// those for the names whose hashes `changed` holds for each kind: the files that differ can
    /// change those.
    func seed(_ lookups: Lookups, leavingOut changed: KeptLookups.Changed) {
        functionsByName.seed(lookups.functions.filter { !changed.functions.contains(CodeView.hash($0.key)) })
        typeDeclarationsByName.seed(lookups.types.filter { !changed.types.contains(CodeView.hash($0.key.name)) })
        callsByName.seed(lookups.calls.filter { !changed.calls.contains(CodeView.hash($0.key)) })
        filesMentioning.seed(lookups.mentioning.filter { !changed.mentioning.contains($0.key) })
    }
}

/// The type declarations of a target.
struct TypeIndex {
    /// Declarations in the target's analysed files, by type name.
    var byName: [String: [ProjectIndex.ScopeRef]] = [:]
    /// Whether some of the target's files are given as summaries made by the lexer.
    var hasSummarised = false
}

/// A type's name in one target.
struct TypeInTarget: Hashable {
    var name: String
    var target: TargetID
}

/// Which files summarised without lexing may declare each name, as a function and as a type.
struct UnlexedDeclarations {
    struct Names {
        var byHash: [UInt64: [FileID]] = [:]
        /// Files that may declare any name.
        var anywhere: [FileID] = []

        /// The file declares names with these hashes (nil: any name).
        mutating func add(_ file: FileID, _ hashes: [UInt64]?) {
            guard let hashes else { return anywhere.append(file) }
            for hash in hashes { byHash[hash, default: []].append(file) }
        }
    }

    var functions = Names()
    var types = Names()

    init(_ files: [(file: FileID, names: FileSummary.Unlexed)]) {
        for (file, names) in files {
            functions.add(file, names.functions)
            types.add(file, names.types)
        }
    }
}
