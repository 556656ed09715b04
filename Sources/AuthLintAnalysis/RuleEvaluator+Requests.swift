import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

extension RuleEvaluator {
    /// Where an Apple ID request is made: code that configures it, the request values to follow
    /// into the project functions they are handed to, and project functions named as the
    /// configuring code (`onRequest: configure`).
    struct RequestPlaces {
        var regions: [(file: FileID, range: Range<Int>)] = []
        var requests: [(file: FileID, range: Range<Int>, value: Binding)] = []
        var functions: [String] = []
    }

    /// The request a handler at `position` answers, when the code says which, as the providers'
    /// `flow:` describes it:
    /// - inside the completion closure of a button call (`SignInWithAppleButton(…) { request in … }
    ///   onCompletion: { … }`): that call's request closure, or the function it names;
    /// - inside a delegate method that takes the answer
    ///   (`authorizationController(controller:didCompleteWithAuthorization:)`): the requests the
    ///   delegate's type makes (`createRequest()` in the type or its extensions in the target).
    ///
    /// Nil when neither applies, or the delegate's type makes no request of its own (it is handed
    /// one made elsewhere).
    func requestPlaces(answeredAt position: Int, inFile fileIndex: FileID) -> RequestPlaces? {
        let code = project.files[fileIndex]
        guard position < code.count else { return nil }
        var current: Int? = code.declaringScope(of: position)
        while let index = current, index > 0 {
            let scope = code.scopes[index]
            if scope.kind == .closure, let places = completionCallPlaces(closure: scope, in: code, fileIndex: fileIndex)
            {
                return places
            }
            if scope.kind == .function, project.takesAnswer(scope, in: code) {
                return delegatePlaces(method: index, in: code, fileIndex: fileIndex)
            }
            current = scope.parent
        }
        return nil
    }

    /// Whether one of the search's patterns occurs where the request is made.
    func found(_ search: ScopedSearch, in places: RequestPlaces, _ match: Match) -> Bool {
        for region in places.regions where mayOccur(search, inFile: region.file) {
            if occurs(search, in: region.file, range: region.range, bound: match.bindings) { return true }
        }
        for request in places.requests {
            var visited = Set<ProjectIndex.ScopeRef>()
            if foundInCallees(
                search, name: RuleEvaluator.requestName, value: request.value, file: request.file,
                range: request.range, bound: match.bindings, depth: 0, visited: &visited)
            {
                return true
            }
        }
        for name in places.functions {
            for ref in project.functions(named: name) {
                let code = project.files[ref.file]
                guard code.scopes.indices.contains(ref.scope) else { continue }
                let scope = code.scopes[ref.scope]
                if occurs(search, in: ref.file, range: scope.headerStart..<scope.close, bound: match.bindings) {
                    return true
                }
            }
        }
        return false
    }

    /// The metavariable name a followed request is bound to in the functions it reaches.
    static let requestName = "REQUEST"

    // MARK: - A call with a completion closure

    /// When `closure` is the completion argument of a button call (`onCompletion:`): where that
    /// call's request is made.
    private func completionCallPlaces(closure: Scope, in code: CodeView, fileIndex: FileID) -> RequestPlaces? {
        let open = closure.open
        guard open >= 3, code.kind(open - 1) == .colon,
            let button = project.flow.buttons.first(where: { code.token(open - 2, isName: $0.completion) }),
            let callee = code.callee(beforeArgumentAt: open - 2)
        else { return nil }
        let call = callee..<open
        var places = RequestPlaces()
        // `onRequest: { request in … }` or `onRequest: configure`, within the parentheses.
        var i = call.lowerBound
        while i + 2 < call.upperBound {
            defer { i += 1 }
            guard code.token(i, isName: button.request), code.kind(i + 1) == .colon else { continue }
            if code.kind(i + 2) == .leftBrace {
                addClosure(opening: i + 2, in: code, fileIndex: fileIndex, to: &places)
            } else if let name = lastName(from: i + 2, in: code) {
                places.functions.append(name)
            }
            return places
        }
        // The first trailing closure: `Call(…) { request in … } onCompletion: { … }`.
        var k = callee + 1
        if k < open, code.kind(k) == .leftParen, code.partner[k] > k { k = Int(code.partner[k]) + 1 }
        if k < open, code.kind(k) == .leftBrace {
            addClosure(opening: k, in: code, fileIndex: fileIndex, to: &places)
            return places
        }
        return nil
    }

    /// The closure opening at `brace` configures the request it is given (its first parameter).
    private func addClosure(opening brace: Int, in code: CodeView, fileIndex: FileID, to places: inout RequestPlaces) {
        guard let index = code.scopeIndex(openingAt: brace) else { return }
        let scope = code.scopes[index]
        places.regions.append((fileIndex, scope.headerStart..<scope.close))
        if let parameter = scope.parameters.first, parameter.index >= 0, parameter.index < code.count {
            let value = Binding(
                range: parameter.index..<(parameter.index + 1), hashes: [code.hashes[parameter.index]],
                declaringScope: index)
            places.requests.append((fileIndex, scope.body, value))
        }
    }

    /// The last name of an argument written as a reference (`configure`, `model.configure`,
    /// `self.configure(_:)`): the function it names.
    private func lastName(from start: Int, in code: CodeView) -> String? {
        var i = start
        var name: String?
        while i < code.count, code.kind(i) == .identifier || code.kind(i) == .keyword || code.kind(i) == .period {
            if code.kind(i) == .identifier { name = code.text(i) }
            i += 1
        }
        return name
    }

    // MARK: - A delegate

    /// Where the type of a delegate method that takes the answer makes its requests (with the
    /// flow's request makers, `createRequest()`), in every declaration of the type (and its
    /// extensions) in the target; nil when it makes none.
    private func delegatePlaces(method: Int, in code: CodeView, fileIndex: FileID) -> RequestPlaces? {
        var current = code.scopes[method].parent
        while let index = current, code.scopes[index].kind != .type { current = code.scopes[index].parent }
        guard let typeScope = current, typeScope > 0, let typeName = code.scopes[typeScope].name else { return nil }
        var places = RequestPlaces()
        var makesRequests = false
        for declaration in project.declarations(ofType: typeName, inTarget: project.targetOfFile[fileIndex]) {
            let other = declaration.file
            let otherCode = project.files[other]
            let scope = otherCode.scopes[declaration.scope]
            let range = scope.headerStart..<scope.close
            places.regions.append((other, range))
            let occurrences = project.requestMakerHashes.flatMap { otherCode.occurrences[$0] ?? [] }.sorted()
            for occurrence in occurrences where range.contains(Int(occurrence)) {
                let creation = Int(occurrence)
                makesRequests = true
                if let value = declaredValue(around: creation, in: otherCode) {
                    let body = otherCode.scopes[otherCode.executableScope(of: otherCode.declaringScope(of: creation))]
                    places.requests.append((other, body.headerStart..<body.close, value))
                }
            }
        }
        return makesRequests ? places : nil
    }

    /// The name a `let name = provider.createRequest()` statement declares.
    private func declaredValue(around creation: Int, in code: CodeView) -> Binding? {
        var j = creation - 1
        var steps = 0
        while j >= 0, steps < 64 {
            steps += 1
            switch code.kind(j) {
            case .period, .identifier:
                j -= 1
            case .rightParen:
                let open = Int(code.partner[j])
                guard open >= 0, open < j else { return nil }
                j = open - 1
            case .operator where code.token(j, is: "="):
                guard j >= 2, code.kind(j - 1) == .identifier,
                    code.token(j - 2, is: "let") || code.token(j - 2, is: "var")
                else { return nil }
                return Binding(range: (j - 1)..<j, hashes: [code.hashes[j - 1]])
            default:
                return nil
            }
        }
        return nil
    }
}
