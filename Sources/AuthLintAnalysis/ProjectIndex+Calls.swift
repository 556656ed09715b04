import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// A parameter of one of the project's functions: the function's scope and the parameter's
/// position in its list.
package struct ParameterRef: Hashable, Sendable {
    var function: ProjectIndex.ScopeRef
    var position: Int
}

/// A piece of code in one file of the project.
package struct CodeRange: Hashable, Sendable {
    package var file: FileID
    package var range: Range<Int>

    package init(file: FileID, range: Range<Int>) {
        self.file = file
        self.range = range
    }
}

/// One argument a call passes: the call (its name to its closing parenthesis) and the argument.
struct CallArgument: Hashable, Sendable {
    var file: FileID
    var call: Range<Int>
    var argument: Range<Int>
}

extension ProjectIndex {
    /// The files whose code may use the name (an identifier, keyword or attribute), in file
    /// order: those that do, and perhaps a few that use another name of the same key
    /// (``NameKey``), which their code tells apart. A name is looked up in the names of the
    /// files of its bucket (``NameBuckets``), made once, until such lookups have checked as many
    /// files as the project has names; then every name of the project is indexed once
    /// (``NameIndex``), so that questions about many names cost what the project's size does,
    /// not its size for each name.
    func files(mentioning name: String) -> [FileID] {
        let hash = CodeView.hash(name)
        let key = CodeView.key(hash)
        let buckets = self.buckets
        let index = nameIndex.index(cost: buckets.names) {
            var byName: [NameKey: [Int32]] = [:]
            for file in files.ids {
                for key in nameKeys(ofFile: file) { byName[key, default: []].append(Int32(file.index)) }
            }
            return byName
        }
        if let index { return (index[key] ?? []).map { FileID(Int($0)) } }
        // A name asked about again (a helper's name, for each of its callers) is not looked up again.
        return filesMentioning.value(for: hash) {
            let candidates = buckets.files(mayMention: key)
            nameIndex.didCheck(candidates.count)
            return candidates.filter {
                summaries[FileID($0)]?.mentions(hash) ?? files[FileID($0)].nameHashes.contains(hash)
            }.map { Int32($0) }
        }.map { FileID(Int($0)) }
    }

    /// The names' buckets (``NameBuckets``), made on first use. First used from inside a
    /// parallel map, they are made on one core: ``prepareNameLookups()`` makes them beforehand.
    private var buckets: NameBuckets {
        nameBuckets.value(for: 0) {
            NameBuckets(fileCount: files.count) { index, body in
                let file = FileID(index)
                if let summary = summaries[file] { return summary.forEachNameKey(body) }
                let keys = nameKeys(ofFile: file)
                keys.forEach(body)
                return keys.count
            }
        }
    }

    /// Makes what ``files(mentioning:)`` looks names up in, on all cores: to be called before a
    /// parallel map whose work looks names up.
    package func prepareNameLookups() {
        _ = buckets
    }

    /// `body` over the project's files in runs of 512, in parallel; the results in file order.
    private func inRunsOfFiles<T: Sendable>(_ body: @Sendable (Range<Int>) -> T) -> [T] {
        let run = 512
        return Array(stride(from: 0, to: files.count, by: run)).parallelMap { first in
            body(first..<min(first + run, files.count))
        }
    }

    /// A file's name keys: its summary's, or those of its code when it was given lexed.
    private func nameKeys(ofFile file: FileID) -> [NameKey] {
        summaries[file].map(\.nameKeys) ?? files[file].nameHashes.map(CodeView.key).sortedUnique()
    }

    /// The files that use each of a few names (by their hashes), found in one pass over the
    /// project's names, in parallel.
    package func postings(of hashes: some Sequence<UInt64>) -> NamePostings {
        let keys = hashes.map(CodeView.key).sortedUnique()
        let found = inRunsOfFiles { run in
            var lists = [[Int32]](repeating: [], count: keys.count)
            var query = NameQuery(keys: keys, vocabulary: .none)
            for index in run {
                let file = FileID(index)
                guard let summary = summaries[file] else {
                    for position in nameKeys(ofFile: file).positions(in: keys) { lists[position].append(Int32(index)) }
                    continue
                }
                // The summaries of a run share a vocabulary: the query is split for it once.
                if summary.vocabulary !== query.vocabulary {
                    query = NameQuery(keys: keys, vocabulary: summary.vocabulary)
                }
                let positions = summary.positions(of: query)
                for position in positions { lists[position].append(Int32(index)) }
            }
            return lists
        }
        return NamePostings(
            keys: keys, files: keys.indices.map { key in Array(found.map { $0[key] }.joined()) }, fileCount: files.count
        )
    }

    /// How many calls of one function are looked at: a helper called from everywhere says no
    /// more about one caller than a few of its calls do.
    static let maxCallsFollowed = 2048

    /// The arguments the project's Swift code passes to a function's parameter, in file order:
    /// `save(token: x)` gives `x` for `func save(token: String)`; `log(x)` gives `x` for the first
    /// unlabelled parameter of `func log(_ message: String)`. Calls are found by the function's
    /// name and the argument's label; initialisers and subscripts are not followed.
    /// With `wanted`, only the calls in the files it accepts: the others are not read.
    func arguments(givenTo parameter: ParameterRef, inFiles wanted: ((FileID) -> Bool)? = nil) -> [CallArgument] {
        let code = files[parameter.function.file]
        let scope = code.scopes[parameter.function.scope]
        guard let name = scope.name, name != "init", name != "subscript",
            scope.parameters.indices.contains(parameter.position)
        else {
            return []
        }
        var found: [CallArgument] = []
        let calls = calls(named: name)
        // The calls followed are the first that fit, in file order: those of the files left out
        // can take the place of none of the others only when all are followed.
        let wanted = calls.count <= ProjectIndex.maxCallsFollowed ? wanted : nil
        for call in calls where wanted?(call.file) ?? true {
            let other = files[call.file]
            guard ProjectIndex.call(of: other, openingAt: call.open, fits: scope.parameters),
                let argument = ProjectIndex.argument(
                    of: other, callOpeningAt: call.open, for: scope.parameters, position: parameter.position)
            else { continue }
            let start = other.calleeChain(endingAt: call.open - 1).lowerBound
            found.append(
                CallArgument(file: call.file, call: start..<(Int(other.partner[call.open]) + 1), argument: argument))
            if found.count == ProjectIndex.maxCallsFollowed { break }
        }
        return found
    }

    /// Where a call names a function `name(`: the file and the `(`, in file order. Kept once per
    /// name, so that every function of that name reads the same list.
    func calls(named name: String) -> [(file: FileID, open: Int)] {
        callsByName.value(for: name) {
            let hash = CodeView.hash(name)
            var found: [(file: FileID, open: Int)] = []
            for file in files(mentioning: name) where language(ofFile: file) == .swift {
                let code = files[file]
                for occurrence in code.occurrences[hash] ?? [] {
                    let at = Int(occurrence)
                    guard at + 1 < code.count, code.kind(at + 1) == .leftParen,
                        at == 0 || !code.token(at - 1, is: "func")
                    else { continue }
                    found.append((file, at + 1))
                }
            }
            return found
        }
    }

    /// The arguments of the call whose `(` is at `open`, in order: each one's label (nil when it
    /// has none) and its value.
    static func arguments(of code: CodeView, callOpeningAt open: Int) -> [(label: String?, value: Range<Int>)] {
        let close = Int(code.partner[open])
        guard close > open else { return [] }
        var found: [(label: String?, value: Range<Int>)] = []
        var start = open + 1
        while start < close {
            var end = start
            while end < close, code.kind(end) != .comma {
                let partner = Int(code.partner[end])
                end = partner > end ? partner + 1 : end + 1
            }
            let labelled =
                start + 1 < end && (code.kind(start) == .identifier || code.kind(start) == .keyword)
                && code.kind(start + 1) == .colon
            found.append(labelled ? (code.text(start), (start + 2)..<end) : (nil, start..<end))
            start = end + 1
        }
        return found
    }

    /// Whether the labels of the call whose `(` is at `open` fit a function declared with
    /// `parameters`, in order: a call of another function of the same name (`AF.request(url, …)`
    /// for the app's `request(url:…)`) does not.
    static func call(of code: CodeView, openingAt open: Int, fits parameters: [Scope.Parameter]) -> Bool {
        guard code.partner[open] > open else { return false }
        var next = 0
        for argument in arguments(of: code, callOpeningAt: open) {
            // Parameters with default values may be left out; a variadic one takes several.
            var matched = false
            while next < parameters.count {
                let declared = parameters[next]
                if declared.callLabel == argument.label {
                    matched = true
                    if !declared.isVariadic { next += 1 }
                    break
                }
                guard declared.hasDefault || declared.isVariadic else { return false }
                next += 1
            }
            if !matched { return false }
        }
        // What is left must have defaults, or be closures the call may pass after its parentheses.
        return parameters[min(next, parameters.count)...].allSatisfy {
            $0.hasDefault || $0.isVariadic || $0.isFunction
        }
    }

    /// The argument the call whose `(` is at `open` passes for `parameters[position]`: the one
    /// with its label, or, for a parameter written without one, the unlabelled argument in the
    /// same place among the unlabelled ones. A variadic parameter's arguments are all those
    /// up to the next labelled one, from the first's start to the last's end.
    static func argument(of code: CodeView, callOpeningAt open: Int, for parameters: [Scope.Parameter], position: Int)
        -> Range<Int>?
    {
        let given = arguments(of: code, callOpeningAt: open).filter { !$0.value.isEmpty }
        let first: Int?
        if let label = parameters[position].callLabel {
            first = given.firstIndex { $0.label == label }
        } else {
            let place = parameters[..<position].filter { $0.callLabel == nil }.count
            first = given.indices.filter { given[$0].label == nil }.dropFirst(place).first
        }
        guard let first else { return nil }
        var last = first
        if parameters[position].isVariadic {
            while last + 1 < given.count, given[last + 1].label == nil { last += 1 }
        }
        return given[first].value.lowerBound..<given[last].value.upperBound
    }
}
