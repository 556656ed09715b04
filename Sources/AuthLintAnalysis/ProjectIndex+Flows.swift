import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// The sign-in flow around a place: the code that starts it (a Sign in with Apple button's call
/// with its closures, or the type that makes the request and takes the delegate's answer), the
/// code that leads from there to the place, and the app's functions that code calls.
///
/// A finding's related places are looked for here (`within: flow`), so that a finding about one
/// sign-in never points into another sign-in of the same target: an onboarding flow that sets
/// its nonce and an account-linking flow that forgets it are two flows, though one target.
extension ProjectIndex {
    /// How much code one flow takes in: a flow is a screen's worth of code and a few helpers,
    /// and a place reached by every part of the app says nothing of any one flow.
    static let maxFlowRegions = 64
    static let maxFlowCallDepth = 3
    static let maxFlowCallers = 8

    /// The code of the flows that reach `position` of `file`, nearest first: where the place is
    /// (its button call, or its type with the type's extensions), the starts of the flows whose
    /// calls lead there when that code starts none, then the functions they call, breadth first.
    package func flowRegions(around position: Int, inFile file: FileID) -> [CodeRange] {
        var regions = FlowRegions(limit: ProjectIndex.maxFlowRegions)
        let own = flowSeed(around: position, inFile: file)
        regions.add(own)
        if !own.contains(where: startsFlow) {
            for start in flowStarts(leadingTo: position, inFile: file) { regions.add(start) }
        }
        // The types the flow's controllers report to (`controller.delegate = viewController`).
        let starts = regions.all
        for region in starts {
            for type in delegateTypes(in: region, declaredIn: starts) {
                regions.add(declarations(ofType: type, inTarget: targetOfFile[file]).map(declarationRange))
            }
        }
        // Forward: the app's functions the flow calls, a few calls deep.
        var frontier = regions.all
        for _ in 0..<ProjectIndex.maxFlowCallDepth where !frontier.isEmpty && !regions.isFull {
            var next: [CodeRange] = []
            for region in frontier {
                for callee in functionsCalled(in: region) {
                    if regions.add([callee]) { next.append(callee) }
                }
            }
            frontier = next
        }
        return regions.all
    }

    /// The code a place belongs to: the button call (`SignInWithAppleButton(…)`) whose closure holds it,
    /// or every declaration of its type in its target, or its top-level function, or its file.
    private func flowSeed(around position: Int, inFile file: FileID) -> [CodeRange] {
        let code = files[file]
        guard position < code.count else { return [] }
        var scopeIndex: Int? = code.declaringScope(of: position)
        while let index = scopeIndex, index > 0 {
            let scope = code.scopes[index]
            if scope.kind == .closure, let callee = code.callee(ofClosureOpeningAt: scope.open),
                isButton(callee, in: code)
            {
                return [CodeRange(file: file, range: callee..<code.callEnd(name: callee))]
            }
            if scope.kind == .type, let name = scope.name {
                let declarations = declarations(ofType: name, inTarget: targetOfFile[file])
                if !declarations.isEmpty { return declarations.map(declarationRange) }
            }
            if scope.parent == 0, scope.kind == .function {
                return [declarationRange(ScopeRef(file: file, scope: index))]
            }
            scopeIndex = scope.parent
        }
        if isButton(position, in: code) {
            return [CodeRange(file: file, range: position..<code.callEnd(name: position))]
        }
        return [CodeRange(file: file, range: 0..<code.count)]
    }

    /// Whether the token at `index` names one of the flow's buttons.
    private func isButton(_ index: Int, in code: CodeView) -> Bool {
        flow.buttons.contains { code.token(index, isName: $0.call) }
    }

    /// The starts of the flows whose calls reach the function around `position`: its callers'
    /// code, and theirs, up to a few calls back, until code that starts a flow is found.
    private func flowStarts(leadingTo position: Int, inFile file: FileID) -> [[CodeRange]] {
        var found: [[CodeRange]] = []
        var seen: Set<ScopeRef> = []
        var places = [(file: file, position: position)]
        for _ in 0..<ProjectIndex.maxFlowCallDepth where !places.isEmpty && found.isEmpty {
            var callers: [(file: FileID, position: Int)] = []
            for place in places {
                guard let function = enclosingNamedFunction(place.position, inFile: place.file),
                    seen.insert(function).inserted
                else { continue }
                let code = files[function.file]
                let scope = code.scopes[function.scope]
                guard let name = scope.name else { continue }
                for call in calls(named: name)
                where targetOfFile[call.file] == targetOfFile[file] && callers.count < ProjectIndex.maxFlowCallers {
                    let other = files[call.file]
                    guard ProjectIndex.call(of: other, openingAt: call.open, fits: scope.parameters),
                        !(call.file == function.file && (scope.headerStart...scope.close).contains(call.open))
                    else { continue }
                    callers.append((call.file, call.open - 1))
                }
            }
            for caller in callers {
                let seed = flowSeed(around: caller.position, inFile: caller.file)
                if seed.contains(where: startsFlow) { found.append(seed) }
            }
            places = callers
        }
        return found
    }

    /// Whether the function is a delegate method that takes the answer to a sign-in request
    /// (`flow:`'s delegates: `authorizationController(controller:didCompleteWithAuthorization:)`).
    func takesAnswer(_ scope: Scope, in code: CodeView) -> Bool {
        guard let name = scope.name else { return false }
        return flow.delegates.contains { delegate in
            delegate.method == name
                && (scope.headerStart..<scope.open).contains { code.token($0, isName: delegate.label) }
        }
    }

    /// The innermost function around a place that has a name (not a closure).
    func enclosingNamedFunction(_ position: Int, inFile file: FileID) -> ScopeRef? {
        let code = files[file]
        var scopeIndex: Int? = code.declaringScope(of: position)
        while let index = scopeIndex, index > 0 {
            let scope = code.scopes[index]
            if scope.kind == .function, scope.name != nil { return ScopeRef(file: file, scope: index) }
            if scope.kind == .type { return nil }
            scopeIndex = scope.parent
        }
        return nil
    }

    /// The types of the app's own that the code makes a delegate (`x.delegate = value`): the
    /// value's type as declared in the code (`weak var viewController: LoginViewController?`,
    /// `let coordinator = Coordinator()`), or the type the value makes (`Coordinator()`).
    private func delegateTypes(in region: CodeRange, declaredIn declaring: [CodeRange]) -> [String] {
        let code = files[region.file]
        var found: [String] = []
        for occurrence in code.occurrences[CodeView.hash("delegate")] ?? [] {
            let at = Int(occurrence)
            guard region.range.contains(at), at > 0, code.kind(at - 1) == .period, at + 2 < region.range.upperBound,
                code.kind(at + 1) == .operator, code.token(at + 1, is: "=")
            else { continue }
            var value = at + 2
            if code.token(value, is: "self"), value + 2 < region.range.upperBound, code.kind(value + 1) == .period {
                value += 2
            }
            guard code.kind(value) == .identifier else { continue }
            let name = code.text(value)
            if value + 1 < code.count, code.kind(value + 1) == .leftParen {
                found.append(name)
            } else if let type = declaring.lazy.compactMap({ self.declaredType(of: name, in: $0) }).first {
                found.append(type)
            }
        }
        return found.sortedUnique()
    }

    /// The type a name is declared with in the code: `var name: Type`, `let name = Type(…)`.
    private func declaredType(of name: String, in region: CodeRange) -> String? {
        let code = files[region.file]
        for occurrence in code.occurrences[CodeView.hash(name)] ?? [] {
            let at = Int(occurrence)
            guard region.range.contains(at), at > 0, code.token(at - 1, is: "let") || code.token(at - 1, is: "var"),
                at + 2 < code.count
            else { continue }
            if code.kind(at + 1) == .colon, code.kind(at + 2) == .identifier { return code.text(at + 2) }
            if code.kind(at + 1) == .operator, code.token(at + 1, is: "="), code.kind(at + 2) == .identifier,
                at + 3 < code.count, code.kind(at + 3) == .leftParen
            {
                return code.text(at + 2)
            }
        }
        return nil
    }

    /// Whether the code holds a name that starts a flow.
    private func startsFlow(_ region: CodeRange) -> Bool {
        let code = files[region.file]
        return flowStartHashes.contains { hash in
            code.occurrences[hash]?.contains { region.range.contains(Int($0)) } ?? false
        }
    }

    /// The target's functions that the code calls by name with labels that fit: for a call on
    /// `self` or on nothing, the caller's own type's function when it declares one.
    private func functionsCalled(in region: CodeRange) -> [CodeRange] {
        let code = files[region.file]
        let target = targetOfFile[region.file]
        var found: [CodeRange] = []
        for i in region.range
        where code.kind(i) == .identifier && i + 1 < region.range.upperBound && code.kind(i + 1) == .leftParen {
            guard i == 0 || !code.token(i - 1, is: "func") else { continue }
            let candidates = functions(named: code.text(i)).filter { function in
                targetOfFile[function.file] == target
                    && ProjectIndex.call(
                        of: code, openingAt: i + 1, fits: files[function.file].scopes[function.scope].parameters)
            }
            guard !candidates.isEmpty else {
                // A closure the type was given (`let onCompletion: (Result<…>) -> Void`): the
                // closures its makers pass for it.
                found += closuresGiven(forProperty: i, of: code, inFile: region.file)
                continue
            }
            let onSelf = i < 2 || code.kind(i - 1) != .period || code.token(i - 2, is: "self")
            let own =
                onSelf
                ? candidates.filter {
                    region.file == $0.file && region.range.contains(files[$0.file].scopes[$0.scope].headerStart)
                } : []
            found += (own.isEmpty ? candidates : own).map(declarationRange)
            if found.count >= ProjectIndex.maxFlowRegions { break }
        }
        return found
    }

    /// For a call of a closure the type around it keeps as a property (`onCompletion(result)`
    /// with `let onCompletion: (Result<ASAuthorization, Error>) -> Void`), the closures the
    /// target's code passes for it where it makes the type (`AppleButton(onCompletion: { … })`).
    private func closuresGiven(forProperty name: Int, of code: CodeView, inFile file: FileID) -> [CodeRange] {
        guard name == 0 || code.kind(name - 1) != .period || (name >= 2 && code.token(name - 2, is: "self")) else {
            return []
        }
        var scopeIndex: Int? = code.declaringScope(of: name)
        while let index = scopeIndex, index > 0, code.scopes[index].kind != .type {
            scopeIndex = code.scopes[index].parent
        }
        guard let typeScope = scopeIndex, typeScope > 0, let typeName = code.scopes[typeScope].name else { return [] }
        let label = code.text(name)
        let declarations = declarations(ofType: typeName, inTarget: targetOfFile[file]).map(declarationRange)
        guard declarations.contains(where: { declaresClosure(named: label, in: $0) }) else { return [] }
        var found: [CodeRange] = []
        for call in calls(named: typeName)
        where targetOfFile[call.file] == targetOfFile[file] && found.count < ProjectIndex.maxFlowCallers {
            let other = files[call.file]
            for argument in ProjectIndex.arguments(of: other, callOpeningAt: call.open) where argument.label == label {
                let open = argument.value.lowerBound
                if open < other.count, other.kind(open) == .leftBrace, Int(other.partner[open]) > open {
                    found.append(CodeRange(file: call.file, range: open..<(Int(other.partner[open]) + 1)))
                }
            }
        }
        return found
    }

    /// Whether the code declares a property `name` of a function type (`let name: (T) -> Void`).
    private func declaresClosure(named name: String, in region: CodeRange) -> Bool {
        let code = files[region.file]
        return (code.occurrences[CodeView.hash(name)] ?? []).contains { occurrence in
            let at = Int(occurrence)
            guard region.range.contains(at), at > 0, code.token(at - 1, is: "let") || code.token(at - 1, is: "var"),
                at + 1 < code.count, code.kind(at + 1) == .colon
            else { return false }
            // The type runs to the end of the line; a function type holds `->`.
            var j = at + 2
            while j < region.range.upperBound, code.tokens[j].line == code.tokens[at].line {
                if code.kind(j) == .operator, code.token(j, is: "->") { return true }
                j += 1
            }
            return false
        }
    }

    /// A function's or type's code, from its declaration to its closing brace.
    func declarationRange(_ declaration: ScopeRef) -> CodeRange {
        let code = files[declaration.file]
        let scope = code.scopes[declaration.scope]
        return CodeRange(file: declaration.file, range: scope.headerStart..<min(code.count, scope.close + 1))
    }
}

/// The regions of a flow, in the order they were added, each once: a region inside one already
/// there adds nothing.
private struct FlowRegions {
    private(set) var all: [CodeRange] = []
    let limit: Int

    init(limit: Int) { self.limit = limit }

    var isFull: Bool { all.count >= limit }

    /// Adds the regions not yet covered; whether any was added.
    @discardableResult
    mutating func add(_ regions: [CodeRange]) -> Bool {
        var added = false
        for region in regions
        where !isFull && !all.contains(where: { $0.file == region.file && $0.range.encloses(region.range) }) {
            all.append(region)
            added = true
        }
        return added
    }
}

extension Range where Bound == Int {
    /// Whether `other` lies wholly inside this range.
    func encloses(_ other: Range<Int>) -> Bool {
        other.lowerBound >= lowerBound && other.upperBound <= upperBound
    }
}

extension CodeView {
    /// Where a call that names `name` ends: after its parentheses and its trailing closures
    /// (`Button(…) { } onCompletion: { }`).
    func callEnd(name: Int) -> Int {
        var end = name + 1
        if end < count, kind(end) == .leftParen, Int(partner[end]) > end { end = Int(partner[end]) + 1 }
        while end < count {
            if kind(end) == .leftBrace, Int(partner[end]) > end {
                end = Int(partner[end]) + 1
            } else if end + 2 < count, kind(end) == .identifier, kind(end + 1) == .colon, kind(end + 2) == .leftBrace,
                Int(partner[end + 2]) > end + 2
            {
                end = Int(partner[end + 2]) + 1
            } else {
                break
            }
        }
        return end
    }
}
