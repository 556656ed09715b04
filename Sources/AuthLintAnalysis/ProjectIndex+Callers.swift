import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintSyntax
import Foundation

/// Where a user's action leads to a place: the calls back from the place to the code a button or
/// an alert runs, for a finding that belongs where the user acts (an account deletion) rather
/// than deep in the app's network layer.
extension ProjectIndex {
    /// The calls that lead to `position` of `file`, nearest first: the call of the function
    /// around the place (or, for a place in an enum's `case .name:` arm, a use of `.name`), then
    /// the call of the function around that call, and so on, three calls back at most. It stops
    /// at a call made in a closure (a button's or an alert's action) and at a function nothing in
    /// the target calls (an `@IBAction`, a method the system calls). Each step takes the first
    /// call in path order. Empty when nothing in the target calls the place's code.
    package func callsLeading(to position: Int, inFile file: FileID) -> [CodeRange] {
        let target = targetOfFile[file]
        var chain: [CodeRange] = []
        var place = (file: file, position: position)
        var seen: Set<ScopeRef> = []
        for _ in 0..<ProjectIndex.maxFlowCallDepth {
            guard let call = caller(of: place.position, inFile: place.file, target: target, seen: &seen) else { break }
            chain.append(call)
            place = (call.file, call.range.lowerBound)
            let code = files[call.file]
            let around = code.executableScope(of: code.declaringScope(of: call.range.lowerBound))
            if around > 0, code.scopes[around].kind == .closure { break }
        }
        return chain
    }

    /// The first call in the target of the code around a place: of its named function, or of
    /// the enum case whose arm holds it.
    private func caller(of position: Int, inFile file: FileID, target: TargetID, seen: inout Set<ScopeRef>)
        -> CodeRange?
    {
        if let function = enclosingNamedFunction(position, inFile: file) {
            guard seen.insert(function).inserted else { return nil }
            let code = files[function.file]
            let scope = code.scopes[function.scope]
            // An initializer, or an override its superclass calls for every subclass, runs where
            // its type is made.
            if scope.name == "init" || code.attributes(before: scope.headerStart).contains("override") {
                return construction(ofTypeAround: function, target: target)
            }
            if let name = scope.name {
                let owner = typeName(around: function.scope, in: code)
                for call in calls(named: name) where targetOfFile[call.file] == target {
                    let other = files[call.file]
                    guard ProjectIndex.call(of: other, openingAt: call.open, fits: scope.parameters),
                        !(call.file == function.file && (scope.headerStart...scope.close).contains(call.open)),
                        callsOwnMethod(other, callee: call.open - 1) ? typeName(around: call, in: other) == owner : true
                    else { continue }
                    return CodeRange(file: call.file, range: (call.open - 1)..<call.open)
                }
                if let call = trailingClosureCall(of: name, outside: function, target: target) { return call }
            }
        }
        // A computed property's arm (`var path: String { switch self { case .delete: … } }`).
        return enumCaseUse(around: position, inFile: file, target: target)
    }

    /// Whether the call at `callee` calls a method of the code's own type: a bare call, or one
    /// on `self` (`self?.deleteAccount(…)` in a controller is not the repository's `deleteAccount`).
    private func callsOwnMethod(_ code: CodeView, callee: Int) -> Bool {
        guard callee > 0, code.kind(callee - 1) == .period else { return true }
        var receiver = callee - 2
        if receiver >= 0, code.token(receiver, is: "?") || code.token(receiver, is: "!") { receiver -= 1 }
        return receiver >= 0 && code.token(receiver, is: "self")
    }

    /// The name of the type around a scope (its declaration or an extension of it); nil at the
    /// top level.
    func typeName(around scopeIndex: Int, in code: CodeView) -> String? {
        var current: Int? = scopeIndex
        while let index = current, index > 0 {
            if code.scopes[index].kind == .type { return code.scopes[index].name }
            current = code.scopes[index].parent
        }
        return nil
    }

    private func typeName(around call: (file: FileID, open: Int), in code: CodeView) -> String? {
        typeName(around: code.declaringScope(of: call.open), in: code)
    }

    /// The first member call of a function written with a trailing closure only
    /// (`ApiServerHandler.shared.deleteAccount { success, error in … }`), outside the function.
    private func trailingClosureCall(of name: String, outside function: ScopeRef, target: TargetID) -> CodeRange? {
        let scope = files[function.file].scopes[function.scope]
        let hash = CodeView.hash(name)
        for file in files(mentioning: name) where targetOfFile[file] == target && language(ofFile: file) == .swift {
            let code = files[file]
            for occurrence in code.occurrences[hash] ?? [] {
                let at = Int(occurrence)
                guard at > 0, at + 1 < code.count, code.kind(at - 1) == .period, code.kind(at + 1) == .leftBrace,
                    !(file == function.file && (scope.headerStart...scope.close).contains(at))
                else { continue }
                return CodeRange(file: file, range: at..<(at + 1))
            }
        }
        return nil
    }

    /// The first place in the target that makes the type around a function (`DeleteAccountTask()`),
    /// outside the type's own declarations.
    private func construction(ofTypeAround function: ScopeRef, target: TargetID) -> CodeRange? {
        guard let typeName = typeName(around: function.scope, in: files[function.file]) else { return nil }
        let declarations = declarations(ofType: typeName, inTarget: target).map(declarationRange)
        for call in calls(named: typeName) where targetOfFile[call.file] == target {
            guard !declarations.contains(where: { $0.file == call.file && $0.range.contains(call.open) }) else {
                continue
            }
            return CodeRange(file: call.file, range: (call.open - 1)..<call.open)
        }
        return nil
    }

    /// For a place in an enum's `case .name:` arm (`case .delete: return "/v1/user/delete"`), the
    /// first use of `.name` or `Type.name` outside the type's declarations, in a file of the target
    /// that names the type.
    private func enumCaseUse(around position: Int, inFile file: FileID, target: TargetID) -> CodeRange? {
        let code = files[file]
        guard let caseName = armCase(before: position, in: code),
            let typeName = typeName(around: code.declaringScope(of: position), in: code)
        else { return nil }
        let refs = declarations(ofType: typeName, inTarget: target)
        // Only an enum's cases: the arms of a switch in another type's method are no endpoint.
        let isEnum = refs.contains { ref in
            let declaring = files[ref.file]
            let scope = declaring.scopes[ref.scope]
            return (scope.headerStart..<scope.open).contains { declaring.token($0, is: "enum") }
        }
        guard isEnum else { return nil }
        let declarations = refs.map(declarationRange)
        let hash = code.hashes[caseName]
        let naming = Set(files(mentioning: typeName))
        for other in files(mentioning: code.text(caseName))
        where naming.contains(other) && targetOfFile[other] == target && language(ofFile: other) == .swift {
            let otherCode = files[other]
            for occurrence in otherCode.occurrences[hash] ?? [] {
                let at = Int(occurrence)
                guard at >= 2, otherCode.kind(at - 1) == .period,
                    !declarations.contains(where: { $0.file == other && $0.range.contains(at) })
                else { continue }
                // `.name` on its own (not a member of another value), or `Type.name`.
                let before = at - 2
                let implicit =
                    !(otherCode.kind(before) == .identifier || otherCode.kind(before) == .rightParen
                    || otherCode.kind(before) == .rightBracket || otherCode.token(before, is: "?")
                    || otherCode.token(before, is: "!") || otherCode.token(before, is: "case")
                    || otherCode.token(before, is: "self"))
                guard implicit || otherCode.token(before, isName: typeName) else { continue }
                return CodeRange(file: other, range: (at - 1)..<(at + 1))
            }
        }
        return nil
    }

    /// The name of the case whose arm holds `position`: back from it, within its statements, to
    /// `case .name`; nil when the place is in no such arm.
    private func armCase(before position: Int, in code: CodeView) -> Int? {
        var index = position - 1
        var steps = 0
        while index >= 0, steps < 64 {
            steps += 1
            let kind = code.kind(index)
            if kind == .leftBrace || kind == .rightBrace { return nil }
            if code.token(index, is: "case"), index + 2 < position, code.kind(index + 1) == .period,
                code.kind(index + 2) == .identifier
            {
                return index + 2
            }
            index -= 1
        }
        return nil
    }
}
