import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// Where a value enters one of the app's own helpers: a parameter of a function, the new value
/// of a property (its `set` accessor or `willSet` observer), or the wrapped value of every
/// property a property wrapper is applied to.
package enum HelperEntry: Hashable, Sendable {
    case parameter(ParameterRef)
    /// The property declared at this scope (a `var` with a setter), in its file.
    case property(ProjectIndex.ScopeRef)
    /// A `@propertyWrapper` type, by name.
    case wrapper(String)
}

/// A rule's site inside a helper that is no finding by itself: the match, with the entries its
/// metavariable's value comes through.
package struct HelperSink: Sendable {
    var file: FileID
    var match: Match
    var entries: [HelperEntry]
    /// Whether the rule's conditions are known not to hold at the match. A sink in a file not
    /// reported is asked only when it matters (``RuleEvaluator/helperSites(of:_:reportedIn:)``).
    var confirmed = true
}

/// A call that hands a helper the value that reaches a rule's site inside it.
struct HelperCall: Sendable {
    var file: FileID
    /// What is reported: the call, or the assignment to a property.
    var call: Range<Int>
    /// What the helper is given.
    var argument: Range<Int>
    /// The site inside the (innermost) helper.
    var sink: HelperSink
    var entry: HelperEntry
    /// For a property wrapper: the arguments where it is applied to the property (`(key: "token")`).
    var declaration: CodeRange?
    /// What the calls between this one and the site filled the site's other placeholders with
    /// (`{KEY}` passed one helper further in).
    var inherited: [String: String] = [:]
}

extension RuleEvaluator {
    /// How many helpers deep a value is followed from the site.
    static let maxHelperDepth = 3

    /// The entries of the helper around `range` that its value comes in through: a parameter of
    /// the function around it, or `newValue` in a property's setter (or a property wrapper's
    /// `wrappedValue` setter). The value is followed through assignments and the names inside it
    /// (not arguments of calls that make something else of it, not what is read off it).
    /// With `throughMembers`, what is read off a parameter counts too (`key.rawValue` for a key's name).
    func helperEntries(
        reaching range: Range<Int>, inFile fileIndex: FileID, usingCall: Bool, throughMembers: Bool = false
    )
        -> [HelperEntry]
    {
        let code = project.files[fileIndex]
        guard mayEnterHelper(at: range.lowerBound, in: code) else { return [] }
        var following: ValueResolver.Following = [.names, .valueParts, .entries]
        if usingCall { following.insert(.usingCall) }
        let resolver = self.resolver
        var entries: [HelperEntry] = []
        for (order, site) in resolver.resolve(file: fileIndex, range: range, following: following).sites.enumerated()
        where site.file == fileIndex {
            for index in site.range where code.kind(index) == .identifier {
                if index + 1 < code.count, code.kind(index + 1) == .leftParen || code.kind(index + 1) == .colon,
                    !isClosureParameterCalled(index, in: code)
                {
                    continue
                }
                // What is read off a parameter (`user.loginType`) is not what the caller hands over,
                // unless it is the same value in another form.
                if !throughMembers, index + 3 < code.count,
                    code.kind(index + 1) == .period || code.token(index + 1, is: "?"),
                    let member = (index + 1...index + 3).first(where: { code.kind($0) == .identifier }),
                    !RuleEvaluator.sameValueMembers.contains(code.hashes[member]),
                    !RuleEvaluator.encodesText(code, member: member),
                    !RuleEvaluator.rendersElements(code, member: member)
                {
                    continue
                }
                if index > 0, code.kind(index - 1) == .period, !(index >= 2 && code.token(index - 2, is: "self")) {
                    continue
                }
                guard !ValueResolver.isReadOff(code, index..<(index + 1)),
                    resolver.isValuePart(code, index, of: site.range, outermostCall: order == 0 && usingCall)
                else { continue }
                if let entry = helperEntry(named: index, in: code, fileIndex), !entries.contains(entry) {
                    entries.append(entry)
                }
            }
        }
        return entries
    }

    /// Whether the name at `index` is a parameter of function type that is called without
    /// arguments (`message()`, of `_ message: @autoclosure () -> String`): its value is what the
    /// caller wrote for it.
    private func isClosureParameterCalled(_ index: Int, in code: CodeView) -> Bool {
        guard index + 2 < code.count, code.kind(index + 1) == .leftParen, code.kind(index + 2) == .rightParen,
            let (scope, position) = resolver.functionParameter(index, in: code)
        else { return false }
        return code.scopes[scope].parameters[position].isFunction
    }

    /// Whether code at `position` is inside a function with parameters or a setter: anywhere
    /// else no value comes in through a helper, and nothing need be followed.
    private func mayEnterHelper(at position: Int, in code: CodeView) -> Bool {
        var scopeIndex: Int? = code.executableScope(of: code.declaringScope(of: position))
        while let index = scopeIndex, index > 0 {
            let scope = code.scopes[index]
            if scope.kind == .function, !scope.parameters.isEmpty || scope.name == "set" || scope.name == "willSet" {
                return true
            }
            scopeIndex = scope.parent
        }
        return false
    }

    /// The helper entry the name at `index` is, if any.
    private func helperEntry(named index: Int, in code: CodeView, _ fileIndex: FileID) -> HelperEntry? {
        if let (scope, position) = resolver.functionParameter(index, in: code) {
            guard code.declaresFunction(code.scopes[scope]) else { return nil }
            return .parameter(
                ParameterRef(function: ProjectIndex.ScopeRef(file: fileIndex, scope: scope), position: position))
        }
        guard code.token(index, is: "newValue") else { return nil }
        let accessorIndex = code.executableScope(of: code.declaringScope(of: index))
        let accessor = code.scopes[accessorIndex]
        guard accessor.kind == .function, accessor.name == "set" || accessor.name == "willSet",
            !code.declaresFunction(accessor), let propertyIndex = accessor.parent
        else { return nil }
        let property = code.scopes[propertyIndex]
        guard property.kind == .function, let name = property.name else { return nil }
        if name == "wrappedValue", let typeIndex = property.parent, code.scopes[typeIndex].kind == .type,
            let typeName = code.scopes[typeIndex].name,
            code.attributes(before: code.scopes[typeIndex].headerStart).contains("@propertyWrapper")
        {
            return .wrapper(typeName)
        }
        return .property(ProjectIndex.ScopeRef(file: fileIndex, scope: propertyIndex))
    }

    /// Members that give the value they are read off in another form.
    static let sameValueMembers: Set<UInt64> = Set(
        [
            "description", "debugDescription", "base64EncodedString", "utf8", "uppercased", "lowercased",
            "trimmingCharacters", "self",
        ]
        .map(CodeView.hash))

    /// Whether the member at `member` encodes the text it is read off: `value.data(using: .utf8)`,
    /// the same value as bytes.
    static func encodesText(_ code: CodeView, member: Int) -> Bool {
        member + 2 < code.count && code.token(member, is: "data") && code.kind(member + 1) == .leftParen
            && code.token(member + 2, is: "using")
    }

    /// Whether the member read off a collection at `member` gives its elements as text: `joined`,
    /// or a `map` whose closure makes each element whole into something (`items.map { "\($0)" }`,
    /// `.map { String(describing: $0) }`), not a part read off it (`.map { $0.count }`). A variadic
    /// helper that joins its values before logging them logs every one.
    static func rendersElements(_ code: CodeView, member: Int) -> Bool {
        if code.hashes[member] == joinedHash { return true }
        guard mapHashes.contains(code.hashes[member]) else { return false }
        var open = member + 1
        if open < code.count, code.kind(open) == .leftParen, code.partner[open] == Int32(open + 1) { open += 2 }
        guard open < code.count, code.kind(open) == .leftBrace else { return false }
        let close = Int(code.partner[open])
        guard close > open else { return false }
        // The element's name: `$0`, or the closure's one parameter (`{ item in … }`).
        var body = (open + 1)..<close
        var element = dollarZeroHash
        if open + 2 < close, code.kind(open + 1) == .identifier, code.token(open + 2, is: "in") {
            element = code.hashes[open + 1]
            body = (open + 3)..<close
        }
        return body.contains { at in
            code.hashes[at] == element && code.kind(at) == .identifier
                && !(at + 1 < close && (code.kind(at + 1) == .period || code.token(at + 1, is: "?")))
        }
    }

    private static let joinedHash = CodeView.hash("joined")
    private static let dollarZeroHash = CodeView.hash("$0")
    private static let mapHashes: Set<UInt64> = Set(["map", "compactMap"].map(CodeView.hash))

    // MARK: - Calls of helpers

    /// The rule's sites at the calls that hand the helpers of `sinks` a value, following
    /// helpers of helpers up to ``maxHelperDepth``; only those in the reported files (every file
    /// when `reported` is nil). A helper whose site is a finding by itself, and a call that is
    /// one, is the place to fix: the calls of it are left out.
    ///
    /// With `reported`, a call is followed only from a file that the reported files reach in as
    /// many steps as are left (``HelperReach``): a chain from any other file ends before it comes
    /// to a reported file, and all it could find is left out.
    ///
    /// A sink not yet confirmed (``HelperSink/confirmed``) is asked whether the rule's conditions
    /// hold at it, which makes it a site by itself and no sink, only when that can change what
    /// is found: when a chain from it finds a site in a reported file, or when it took an entry
    /// or a call that another sink's chain came to later. The chains are followed again without
    /// those that are sites by themselves, until none is found; what is found is then what
    /// following them without any such sink finds.
    package func helperSites(of rule: RuleSpec, _ sinks: [HelperSink], reportedIn reported: HelperReach?) -> [Site] {
        var sinks = sinks
        while true {
            let (sites, deciding) = followHelpers(of: rule, sinks, reportedIn: reported)
            var byThemselves = Set<Int>()
            for index in deciding.sorted() where !sinks[index].confirmed {
                if isSiteByItself(rule, sinks[index]) {
                    byThemselves.insert(index)
                } else {
                    sinks[index].confirmed = true
                }
            }
            guard !byThemselves.isEmpty else { return sites }
            sinks = sinks.indices.filter { !byThemselves.contains($0) }.map { sinks[$0] }
        }
    }

    /// Whether the rule's conditions hold at a sink's match.
    private func isSiteByItself(_ rule: RuleSpec, _ sink: HelperSink) -> Bool {
        let budget = StepBudget(bytes: project.files.byteCount(sink.file), allowance: allowance)
        var relocation: Relocation?
        return spending(budget).holds(rule.match.conditions, sink.match, sink.file, &relocation)
    }

    /// The sites the chains of calls from `sinks` find (``helperSites(of:_:reportedIn:)``), and
    /// the sinks (by index) whose standing decides them: those whose chains found a site in a
    /// reported file, and those that took an entry or a call first that another's chain came to.
    private func followHelpers(of rule: RuleSpec, _ sinks: [HelperSink], reportedIn reported: HelperReach?) -> (
        sites: [Site], deciding: Set<Int>
    ) {
        var sites: [Site] = []
        var deciding = Set<Int>()
        // Who took each entry and each call first.
        var seenEntries: [HelperEntry: Int] = [:]
        var seenCalls: [CodeRange: Int] = [:]
        func first<Key: Hashable>(_ key: Key, _ seen: inout [Key: Int], by owner: Int) -> Bool {
            if let taken = seen[key] {
                if taken != owner { deciding.insert(taken) }
                return false
            }
            seen[key] = owner
            return true
        }
        var level: [(HelperEntry, Int, [String: String])] = sinks.indices.flatMap { index in
            sinks[index].entries.map { ($0, index, [:]) }
        }
        for depth in 0..<RuleEvaluator.maxHelperDepth {
            // The steps left after this one, from a caller to the reported file that calls it.
            let left = RuleEvaluator.maxHelperDepth - 1 - depth
            let within = reported.map { reach in { (file: FileID) in reach.reaches(file, within: left) } }
            var next: [(HelperEntry, Int, [String: String])] = []
            for (entry, owner, inherited) in level where first(entry, &seenEntries, by: owner) {
                let sink = sinks[owner]
                for (call, declaration) in callsHanding(entry, inFiles: within)
                where within?(call.file) ?? true
                    && first(CodeRange(file: call.file, range: call.argument), &seenCalls, by: owner)
                {
                    let budget = StepBudget(bytes: project.files.byteCount(call.file), allowance: allowance)
                    let bounded = spending(budget)
                    let isReported = reported?.files.contains(call.file) ?? true
                    // A call in a file not reported matters only as a step of a chain, and it is
                    // none when what it passes comes in through no entry of the helper around it:
                    // whether it is a site by itself is then not asked.
                    if !isReported {
                        let ahead = StepBudget(bytes: project.files.byteCount(call.file), allowance: allowance)
                        guard
                            !spending(ahead).helperEntries(reaching: call.argument, inFile: call.file, usingCall: false)
                                .isEmpty
                        else { continue }
                    }
                    let handed = HelperCall(
                        file: call.file, call: call.call, argument: call.argument, sink: sink, entry: entry,
                        declaration: declaration,
                        inherited: inherited)
                    let (site, texts) = bounded.site(of: rule, at: handed)
                    if let site {
                        if isReported {
                            sites.append(site)
                            deciding.insert(owner)
                        }
                        continue
                    }
                    // The caller is a helper too when what it passes is one of its own parameters;
                    // past the last step, nothing would follow it.
                    guard left > 0 else { continue }
                    for outer in bounded.helperEntries(reaching: call.argument, inFile: call.file, usingCall: false) {
                        next.append((outer, owner, texts))
                    }
                }
            }
            level = next
        }
        return (sites, deciding)
    }

    /// Where the project hands `entry` a value: calls of the function with an argument for the
    /// parameter; assignments to the property; assignments to each property the wrapper wraps.
    /// With `wanted`, the calls of a function in other files may be left out unread.
    private func callsHanding(_ entry: HelperEntry, inFiles wanted: ((FileID) -> Bool)?) -> [(
        call: CallArgument, declaration: CodeRange?
    )] {
        switch entry {
        case .parameter(let parameter):
            return project.arguments(givenTo: parameter, inFiles: wanted).map { ($0, nil) }
        case .property(let ref):
            let code = project.files[ref.file]
            let scope = code.scopes[ref.scope]
            guard let name = scope.name, let typeIndex = scope.parent, code.scopes[typeIndex].kind == .type,
                let typeName = code.scopes[typeIndex].name
            else { return [] }
            return assignments(toProperty: name, ofType: typeName, target: project.targetOfFile[ref.file]).map {
                ($0, nil)
            }
        case .wrapper(let typeName):
            var found: [(CallArgument, CodeRange?)] = []
            for property in wrappedProperties(typeName) {
                found += assignments(
                    toProperty: property.name, ofType: property.owner, target: project.targetOfFile[property.file]
                )
                .map { ($0, property.arguments) }
            }
            return found
        }
    }

    /// The properties declared `@Wrapper var name` (or `@Wrapper(…) static var name`) in the
    /// project: their file, name, the type that declares them and the wrapper's arguments.
    private func wrappedProperties(_ wrapper: String) -> [(
        file: FileID, name: String, owner: String, arguments: CodeRange?
    )] {
        let attribute = CodeView.hash("@" + wrapper)
        var found: [(file: FileID, name: String, owner: String, arguments: CodeRange?)] = []
        for file in project.files(mentioning: "@" + wrapper) where project.language(ofFile: file) == .swift {
            let code = project.files[file]
            for occurrence in code.occurrences[attribute] ?? [] {
                let i = Int(occurrence)
                var j = i + 1
                // `@Stored<String>(key: …)`: the generic arguments first.
                if j < code.count, code.kind(j) == .operator, code.token(j, is: "<") {
                    var depth = 0
                    while j < code.count, j - i < 32 {
                        if code.token(j, is: "<") { depth += 1 } else if code.token(j, is: ">") { depth -= 1 }
                        j += 1
                        if depth == 0 { break }
                    }
                }
                var arguments: CodeRange?
                if j < code.count, code.kind(j) == .leftParen, code.partner[j] > j {
                    arguments = CodeRange(file: file, range: j..<(Int(code.partner[j]) + 1))
                    j = Int(code.partner[j]) + 1
                }
                // Modifiers and other attributes up to `var name`.
                var steps = 0
                while j < code.count, steps < 12, !code.token(j, is: "var") {
                    if code.kind(j) == .leftParen, code.partner[j] > j { j = Int(code.partner[j]) }
                    j += 1
                    steps += 1
                }
                guard j + 1 < code.count, code.token(j, is: "var"), code.kind(j + 1) == .identifier else { continue }
                let typeIndex = code.scopes[Int(code.scopeOfToken[j])]
                guard typeIndex.kind == .type, let owner = typeIndex.name else { continue }
                found.append((file, code.text(j + 1), owner, arguments))
            }
        }
        return found
    }

    /// Assignments `name = value` to a property of `typeName`: inside the type's declarations
    /// (`name = …`, `self.name = …`), or anywhere through the type itself (`Type.name = …`,
    /// `Type.shared.name = …`).
    private func assignments(toProperty name: String, ofType typeName: String, target: TargetID) -> [CallArgument] {
        let hash = CodeView.hash(name)
        let typeHash = CodeView.hash(typeName)
        var found: [CallArgument] = []
        let own = project.declarations(ofType: typeName, inTarget: target)
        for file in project.files(mentioning: name) where project.language(ofFile: file) == .swift {
            let code = project.files[file]
            let matcher = Matcher(code)
            for occurrence in code.occurrences[hash] ?? [] {
                let at = Int(occurrence)
                guard at + 2 < code.count, code.kind(at + 1) == .operator, code.token(at + 1, is: "="),
                    !(at > 0 && (code.token(at - 1, is: "var") || code.token(at - 1, is: "let")))
                else { continue }
                let viaType: Bool
                if at >= 2, code.kind(at - 1) == .period {
                    let chain = code.calleeChain(endingAt: at)
                    viaType = code.hashes[chain.lowerBound] == typeHash
                    if !viaType, !(code.token(at - 2, is: "self") && at - 2 == chain.lowerBound) { continue }
                } else {
                    viaType = false
                }
                if !viaType {
                    let scope = code.declaringScope(of: at)
                    let inside = own.contains { $0.file == file && isInside(scope, $0.scope, code) }
                    guard inside else { continue }
                }
                guard let end = matcher.expressionEnds(from: at + 2, limit: code.count).last else { continue }
                let start = at >= 2 && code.kind(at - 1) == .period ? code.calleeChain(endingAt: at).lowerBound : at
                found.append(CallArgument(file: file, call: start..<end, argument: (at + 2)..<end))
                if found.count == ProjectIndex.maxCallsFollowed { return found }
            }
        }
        return found
    }

    /// Whether scope `inner` is `outer` or nested in it.
    private func isInside(_ inner: Int, _ outer: Int, _ code: CodeView) -> Bool {
        var index: Int? = inner
        while let current = index {
            if current == outer { return true }
            index = code.scopes[current].parent
        }
        return false
    }

    /// When `binding` (at a property wrapper's site) is one of the wrapper's properties, the
    /// argument of that label where the wrapper is applied (`key` in `@Stored(key: "token")`).
    private func wrapperArgument(_ binding: Binding, _ sink: HelperSink, _ declaration: CodeRange) -> String? {
        let sinkCode = project.files[sink.file]
        guard let name = resolver.plainName(sinkCode, binding.range) else { return nil }
        let code = project.files[declaration.file]
        let label = sinkCode.text(name)
        guard
            let argument = ProjectIndex.arguments(of: code, callOpeningAt: declaration.range.lowerBound)
                .first(where: { $0.label == label && !$0.value.isEmpty })
        else { return nil }
        return Self.snippet(Binding(range: argument.value, hashes: []), code)
    }

    // MARK: - Sites at the calls

    /// The rule's site at a call that hands a helper what reaches its site, when every condition
    /// of the rule is met: the metavariable bound to the argument, other metavariables that are
    /// parameters of the same function bound to the call's arguments for them.
    /// Also the text each of the site's other placeholders has at this call, for the calls of the
    /// helper the call is in.
    private func site(of rule: RuleSpec, at call: HelperCall) -> (site: Site?, texts: [String: String]) {
        guard let through = rule.match.throughHelpers else { return (nil, [:]) }
        let code = project.files[call.file]
        var bindings: [String: Binding] = [:]
        bindings[through.metavariable] = Binding(range: call.argument, hashes: Array(code.hashes[call.argument]))
        var texts: [String: String] = [:]
        var elsewhere: [String: String] = [:]
        for (name, binding) in call.sink.match.bindings where name != through.metavariable {
            if case .parameter(let parameter) = call.entry, let other = boundArgument(binding, call, parameter) {
                bindings[name] = Binding(range: other, hashes: Array(code.hashes[other]))
                texts[name] = Self.snippet(bindings[name]!, code)
            } else if let declaration = call.declaration, let text = wrapperArgument(binding, call.sink, declaration) {
                elsewhere[name] = text
            } else {
                elsewhere[name] = call.inherited[name] ?? Self.snippet(binding, project.files[call.sink.file])
            }
        }
        texts.merge(elsewhere) { own, _ in own }
        // The whole match, for a rule whose helpers are handed it, is what the call hands over.
        let match = Match(
            range: through.metavariable == Pattern.wholeMatch ? call.argument : call.call, bindings: bindings)
        var relocation: Relocation?
        guard holds(rule.match.conditions, match, call.file, &relocation) else { return (nil, texts) }
        var site = Site(file: call.file, range: call.call, bindings: bindings, relocation: relocation)
        site.through = CodeRange(file: call.sink.file, range: call.sink.match.range)
        site.boundElsewhere = elsewhere
        return (site, texts)
    }

    /// When what `binding` (at the helper's site) holds comes from another parameter of the
    /// helper `parameter` is one of (`key.rawValue` from `forKey key:`), the argument the call
    /// passes for it.
    private func boundArgument(_ binding: Binding, _ call: HelperCall, _ parameter: ParameterRef) -> Range<Int>? {
        let sinkCode = project.files[call.sink.file]
        let entries = helperEntries(
            reaching: binding.range, inFile: call.sink.file, usingCall: false, throughMembers: true)
        guard
            let position = entries.lazy.compactMap({ entry -> Int? in
                guard case .parameter(let other) = entry, other.function == parameter.function else { return nil }
                return other.position
            }).first
        else { return nil }
        let code = project.files[call.file]
        let close = call.call.upperBound - 1
        guard code.kind(close) == .rightParen, code.partner[close] >= 0 else { return nil }
        let declared = sinkCode.scopes[parameter.function.scope].parameters
        return ProjectIndex.argument(
            of: code, callOpeningAt: Int(code.partner[close]), for: declared, position: position)
    }

    // MARK: - Helpers outside the files reported

    /// When only some files are reported, the helpers their calls reach may lie in files that are
    /// not: the sinks of `rules` in the files that declare a function the reported files call (or
    /// a property they assign, or a property wrapper), and in the files that declare what those
    /// call in turn, a few levels deep (``HelperReach``).
    package func helperSinks(_ rules: [(index: Int, rule: RuleSpec)], reachedFrom reach: HelperReach) -> [(
        Int, HelperSink
    )] {
        reach.levels.dropFirst().flatMap { level in
            level.parallelMap { file -> [(Int, HelperSink)] in
                let budget = StepBudget(bytes: project.files.byteCount(file), allowance: allowance)
                let bounded = spending(budget)
                return rules.flatMap { rule in
                    bounded.scan(rule.rule, inFile: file, sinksOnly: true).sinks.map { (rule.index, $0) }
                }
            }.joined()
        }
    }

    /// The files the reported files reach through the app's helpers, step by step: a step goes
    /// from a file to those that declare a function with parameters it calls with arguments, or
    /// a property with a setter it assigns (``FileSummary/namesHanded(_:)``), by name; an
    /// assignment may also reach any property wrapper's `wrappedValue`. Each step of a chain of
    /// helpers (``helperSites(of:_:reportedIn:)``) is such a step, so a file the reported files
    /// do not reach within a chain's steps holds no part of one that ends in them.
    package func helperReach(from reported: Set<FileID>) -> HelperReach {
        var scanned = reported
        var levels = [reported.sorted()]
        for _ in 0..<RuleEvaluator.maxHelperDepth {
            var handed = Set<String>()
            var handedKeys = Set<NameKey>()
            for file in levels[levels.count - 1] where project.language(ofFile: file) == .swift {
                // A summary made when the file was lexed knows the names' keys; the file is not lexed again for them.
                if let keys = project.namesHanded(inSummaryOf: file) {
                    handedKeys.formUnion(keys)
                } else {
                    handed.formUnion(FileSummary.namesHanded(project.files[file]))
                }
            }
            var next = project.files(declaringEntriesWithKeys: handedKeys)
            for name in handed { next.formUnion(project.files(declaringEntry: name)) }
            next.subtract(scanned)
            guard !next.isEmpty else { break }
            levels.append(next.sorted())
            scanned.formUnion(next)
        }
        return HelperReach(levels: levels)
    }
}

/// The files that the reported files reach in a few steps through the app's helpers
/// (``RuleEvaluator/helperReach(from:)``).
package struct HelperReach: Sendable {
    /// `levels[k]`: the files k steps from the reported files and no fewer, in order;
    /// `levels[0]` is the reported files.
    package let levels: [[FileID]]
    /// `within[k]`: the files k or fewer steps from the reported files.
    private let within: [Set<FileID>]

    init(levels: [[FileID]]) {
        self.levels = levels
        var within: [Set<FileID>] = []
        for level in levels { within.append((within.last ?? []).union(level)) }
        self.within = within
    }

    /// The reported files.
    package var files: Set<FileID> { within[0] }

    /// Whether `file` is `steps` or fewer steps from the reported files.
    package func reaches(_ file: FileID, within steps: Int) -> Bool {
        within[min(steps, within.count - 1)].contains(file)
    }
}
