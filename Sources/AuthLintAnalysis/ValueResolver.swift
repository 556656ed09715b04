import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// Follows what a metavariable matched back to where its value comes from: the expressions
/// assigned to a name in the same function, then in the type around it, then in the file; and,
/// when asked, into the bodies of the project's functions those expressions call.
struct ValueResolver {
    /// The run whose memo keeps what is followed (``ValueMemo``).
    let run: AnalysisRun
    var project: ProjectIndex { run.project }
    /// The steps its searches may take (see ``StepBudget``).
    var budget: StepBudget?

    /// A piece of code a value may come from.
    struct Site: Hashable {
        var file: FileID
        var range: Range<Int>
        /// The callee of the call a closure is passed to, standing for the closure's parameters:
        /// where they come from, though not which of the call's values each is.
        var callee = false
    }

    struct Result {
        var sites: [Site]
        /// A name was met that could not be followed (a parameter, or a value defined elsewhere).
        var unresolved: Bool
    }

    static let maxDepth = 4
    static let maxSites = 64
    /// The calls of a function whose arguments are followed back from one of its parameters.
    static let maxCallers = 16

    /// What to follow besides assignments to a name.
    struct Following: OptionSet {
        let rawValue: Int
        /// Names used inside a value (`URL(string: text)` follows `text`).
        static let names = Following(rawValue: 1)
        /// The bodies of the project's functions a value calls.
        static let calls = Following(rawValue: 2)
        /// For a closure's parameter, the callee of the call the closure is passed to: where the
        /// value comes from, though not which of the closure's values it is.
        static let closureCallees = Following(rawValue: 4)
        /// For a function's parameter, its declaration: where a delegate method says what it is
        /// handed. (What the project's own calls pass is followed the other way, from the call
        /// into the helper; see ``HelperIndex``.)
        static let parameters = Following(rawValue: 8)
        /// The values the project's functions a value calls give back.
        static let returns = Following(rawValue: 16)
        /// Only names that are part of the value itself, not arguments of a call that makes
        /// something else of them (`makeRequest(token)`); conversions (`String(data:encoding:)`)
        /// and literals around them keep them part of it.
        static let valueParts = Following(rawValue: 32)
        /// With `valueParts`: the range first followed is the call that uses a value (`print(x)`),
        /// whose own arguments are that value.
        static let usingCall = Following(rawValue: 64)
        /// For a function's parameter, also what the project's calls of the function give it: to
        /// tell that a value comes from nowhere else (a push token handed to the app's helper by
        /// the registration callback), never that it does (see ``HelperIndex`` for that).
        static let callers = Following(rawValue: 128)
        /// With `valueParts`, not past another field read off a name (``isAnotherField(_:_:)``):
        /// to tell that a value is a credential, not that it comes from push registration (a
        /// device token's hex string does).
        static let notOtherFields = Following(rawValue: 256)
        /// With `valueParts`, not past any field read off a name (``isFieldRead(_:_:)``): to tell
        /// that a value is all of what it comes from, not a part of it.
        static let noFields = Following(rawValue: 1024)
        /// What a collection is given entry by entry (`headers["Authorization"] = value`) is part of it.
        static let entries = Following(rawValue: 512)
        /// Everything that says where a value comes from.
        static let origins: Following = [.names, .closureCallees, .parameters, .returns, .valueParts, .entries]
        /// Everything a value may be made from: the names inside it, also as arguments of a call
        /// that makes something else of them (`SignUpBody(email: email)`), and a function's
        /// parameter also from what the project's calls of the function give it.
        static let derivations: Following = [.names, .closureCallees, .parameters, .callers, .returns, .entries]
    }

    /// Sites of the value bound at `range` in `file`, following assignments and, when `deep`,
    /// the names used inside values and the project's functions they call.
    func resolve(file: FileID, range: Range<Int>, deep: Bool) -> Result {
        resolve(file: file, range: range, following: deep ? [.names, .calls] : [])
    }

    /// The same for every question about the same code: worked out once per project.
    func resolve(file: FileID, range: Range<Int>, following: Following) -> Result {
        run.values.resolved.value(for: ResolvedValue(file: file, range: range, following: following.rawValue)) {
            findValues(file: file, range: range, following: following)
        }
    }

    private func findValues(file: FileID, range: Range<Int>, following: Following) -> Result {
        var result = Result(sites: [], unresolved: false)
        var seen = Set<Site>()
        // First in, first out: taken from `next` on, never removed (removing the first of an
        // array moves all the others, for each site taken).
        var queue: [(Site, Int)] = [(Site(file: file, range: range), 0)]
        var next = 0
        while next < queue.count, result.sites.count < ValueResolver.maxSites {
            let (site, depth) = queue[next]
            next += 1
            guard seen.insert(site).inserted else { continue }
            result.sites.append(site)
            // A callee stands for the values its call hands a closure: there is nothing inside to follow.
            guard depth < ValueResolver.maxDepth, !site.callee else { continue }
            let code = project.files[site.file]
            // `Keys.accessToken` stands for what the type declares it as, as a name for its assignments.
            if let values = staticMemberValues(code, site.range, file: site.file) {
                for value in values { queue.append((value, depth + 1)) }
            }
            if let name = plainName(code, site.range) {
                let assigned = assignments(to: name, in: code, near: site.range.lowerBound, ownDeclaration: true)
                if assigned.isEmpty, let value = defaultValue(ofParameter: name, in: code, file: site.file) {
                    // A parameter no call gives a value has its default.
                    queue.append((Site(file: site.file, range: value), depth + 1))
                } else if assigned.isEmpty {
                    result.unresolved = true
                    for source in sources(ofUnassigned: name, in: code, file: site.file, following) {
                        queue.append((source, depth + 1))
                    }
                }
                for value in assigned { queue.append((Site(file: site.file, range: value), depth + 1)) }
                // What a collection is given entry by entry (`headers["Authorization"] = value`) is part of it.
                if following.contains(.entries) {
                    for value in subscriptAssignments(to: name, in: code) {
                        queue.append((Site(file: site.file, range: value), depth + 1))
                    }
                }
            }
            // Names used inside the value (`URL(string: text)`, `sha256(nonce)`) are followed too.
            if following.contains(.names), plainName(code, site.range) == nil {
                for index in site.range where isFollowableName(code, index) {
                    if following.contains(.valueParts) {
                        guard !ValueResolver.isReadOff(code, index..<(index + 1)),
                            !(following.contains(.notOtherFields)
                                && ValueResolver.isAnotherField(code, index..<(index + 1))),
                            !(following.contains(.noFields) && ValueResolver.isFieldRead(code, index..<(index + 1))),
                            isValuePart(
                                code, index, of: site.range, outermostCall: depth == 0 && following.contains(.usingCall)
                            )
                        else { continue }
                    }
                    let assigned = assignments(to: index, in: code, near: index)
                    for value in assigned {
                        queue.append((Site(file: site.file, range: value), depth + 1))
                    }
                    // Without the value-parts limits, a collection inside the value
                    // (`JSONSerialization.data(withJSONObject: fields)`) holds its entries too.
                    if following.contains(.entries), !following.contains(.valueParts) {
                        for value in subscriptAssignments(to: index, in: code) {
                            queue.append((Site(file: site.file, range: value), depth + 1))
                        }
                    }
                    if assigned.isEmpty {
                        for source in sources(ofUnassigned: index, in: code, file: site.file, following) {
                            queue.append((source, depth + 1))
                        }
                    }
                }
            }
            if following.contains(.returns) {
                for callee in calledFunctions(code, site.range) {
                    for value in returnedValues(of: callee) {
                        queue.append((Site(file: value.file, range: value.range), depth + 1))
                    }
                }
            }
            if following.contains(.calls) {
                for callee in calledFunctions(code, site.range) {
                    let scopes = project.files[callee.file].scopes
                    guard scopes.indices.contains(callee.scope) else { continue }
                    let scope = scopes[callee.scope]
                    queue.append((Site(file: callee.file, range: scope.headerStart..<scope.close), depth + 1))
                }
            }
        }
        return result
    }

    /// For `Type.name` (a static member of one of the project's types): the values its
    /// declarations in the type give it (`static let accessToken = "access_token"`); nil when the
    /// range is no such member.
    func staticMemberValues(_ code: CodeView, _ range: Range<Int>, file: FileID) -> [Site]? {
        guard range.count == 3, code.kind(range.lowerBound) == .identifier, code.kind(range.lowerBound + 1) == .period,
            code.kind(range.lowerBound + 2) == .identifier
        else { return nil }
        guard code.isTypeName(range.lowerBound) else { return nil }
        let member = code.hashes[range.lowerBound + 2]
        let target = project.targetOfFile[file]
        // The same for every use of the member: worked out once.
        let values = run.values.staticMembers.value(
            for: StaticMember(target: target, type: code.hashes[range.lowerBound], member: member)
        ) {
            var values: [Site] = []
            for ref in project.declarations(ofType: code.text(range.lowerBound), inTarget: target) {
                let other = project.files[ref.file]
                let body = other.scopes[ref.scope].body
                for occurrence in other.occurrences[member] ?? [] where body.contains(Int(occurrence)) {
                    let at = Int(occurrence)
                    guard other.declaringScope(of: at) == ref.scope, let value = assignedValue(at: at, in: other),
                        value.declaration
                    else { continue }
                    values.append(Site(file: ref.file, range: value.range))
                }
            }
            return values
        }
        return values.isEmpty ? nil : values
    }

    /// Calls that give the same value in another form: Swift's (an address as a `URL`, or as
    /// Vapor's `URI`, too), and a server's text of it (Python's `str(x)` and `json.dumps(x)`,
    /// JavaScript's `JSON.stringify(x)`).
    static let conversions: Set<UInt64> = Set(
        [
            "String", "Substring", "NSString", "Data", "NSData", "Optional", "URL", "NSURL", "URI", "str", "dumps",
            "stringify",
        ].map(CodeView.hash))

    /// Whether the code at `index` is part of the value `range` holds: not inside the arguments of
    /// a call that makes something else of it (`makeRequest(token: x)`), though it may be inside a
    /// conversion (`String(data: x, encoding: .utf8)`), a literal, an interpolation or a closure.
    /// With `outermostCall`, the call the whole range is (`print(x)`, the place a value is used)
    /// does not count.
    func isValuePart(_ code: CodeView, _ index: Int, of range: Range<Int>, outermostCall: Bool) -> Bool {
        var j = index - 1
        while j >= range.lowerBound {
            let partner = Int(code.partner[j])
            if partner >= 0, partner < j {
                j = partner - 1
                continue
            }
            if code.kind(j) == .leftParen, partner > index, j > range.lowerBound {
                let before = j - 1
                switch code.kind(before) {
                case .identifier, .keyword:
                    // A declaration's parameter list (`func f(… data: Data)`) says what a parameter is.
                    if before > 0, code.token(before - 1, is: "func") { break }
                    let whole =
                        outermostCall && partner == range.upperBound - 1
                        && code.calleeChain(endingAt: before).lowerBound == range.lowerBound
                    if !whole, !ValueResolver.conversions.contains(code.hashes[before]),
                        !ValueResolver.isEnvironmentDefault(code, index, in: j)
                    {
                        return false
                    }
                case .rightParen, .rightBracket, .operator:
                    if !(outermostCall && partner == range.upperBound - 1) { return false }
                default:
                    break
                }
            }
            j -= 1
        }
        return true
    }

    /// Whether `index` is in the default of a Python environment read whose arguments open at
    /// `open`: `os.getenv("K", DEFAULT)`, `os.environ.get("K", DEFAULT)`. The value is the default
    /// wherever the variable is not set.
    static func isEnvironmentDefault(_ code: CodeView, _ index: Int, in open: Int) -> Bool {
        guard code.file.language == .python, open >= 1 else { return false }
        let callee = open - 1
        let isRead =
            code.token(callee, is: "getenv")
            || (code.token(callee, is: "get") && callee >= 2 && code.kind(callee - 1) == .period
                && code.token(callee - 2, is: "environ"))
        guard isRead else { return false }
        // After the first comma between the parentheses, outside nested brackets.
        var i = open + 1
        while i < index {
            if code.kind(i) == .comma { return true }
            if code.partner[i] > i { i = Int(code.partner[i]) }
            i += 1
        }
        return false
    }

    /// What is read off a value rather than the value itself: its size, whether it is there,
    /// a comparison, a few characters.
    static let readOffMembers: Set<UInt64> = Set(
        [
            "count", "isEmpty", "hashValue", "hash", "prefix", "suffix", "hasPrefix", "hasSuffix", "starts", "contains",
            "debugDescription",
            // JavaScript's and Python's: a length, a few characters, a test.
            "length", "slice", "substring", "substr", "startsWith", "endsWith", "includes", "startswith", "endswith",
        ]
        .map(CodeView.hash))

    /// The index after the expression ending before `end` and the `?` and `!` that unwrap it.
    private static func afterUnwrapping(_ code: CodeView, _ end: Int) -> Int {
        var j = end
        while j < code.count, code.kind(j) == .operator, code.token(j, is: "?") || code.token(j, is: "!"),
            code.tokens[j].start == code.tokens[j - 1].end
        {
            j += 1
        }
        return j
    }

    /// Whether the expression at `range` is only compared, measured or tested where it stands.
    static func isReadOff(_ code: CodeView, _ range: Range<Int>) -> Bool {
        let j = afterUnwrapping(code, range.upperBound)
        guard j < code.count else { return false }
        // Compared, on either side.
        if code.kind(j) == .operator, code.token(j, is: "==") || code.token(j, is: "!=") { return true }
        if range.lowerBound > 0, code.kind(range.lowerBound - 1) == .operator,
            code.token(range.lowerBound - 1, is: "==") || code.token(range.lowerBound - 1, is: "!=")
        {
            return true
        }
        if code.file.language == .python {
            // Its length, `len(token)`, and a slice of it, `token[:8]`.
            let start = range.lowerBound
            if start >= 2, code.kind(start - 1) == .leftParen, code.token(start - 2, is: "len"),
                code.kind(j) == .rightParen
            {
                return true
            }
            if code.kind(j) == .leftBracket, isSlice(code, open: j) { return true }
        }
        return code.kind(j) == .period && j + 1 < code.count && readOffMembers.contains(code.hashes[j + 1])
    }

    /// Whether the Python subscript opening at `open` is a slice: a `:` directly inside it.
    private static func isSlice(_ code: CodeView, open: Int) -> Bool {
        let close = Int(code.partner[open])
        guard close > open else { return false }
        var i = open + 1
        while i < close {
            if code.kind(i) == .colon { return true }
            if code.partner[i] > i { i = Int(code.partner[i]) }
            i += 1
        }
        return false
    }

    /// Words in the name of a member that carries a credential on (`session.accessToken`,
    /// `user.idToken`, `result.credential`), and members that are the value in another form.
    private static let credentialMemberWords = [
        "token", "code", "jwt", "secret", "credential", "password", "session", "auth",
    ]
    private static let sameValueMembers: Set<UInt64> = Set(
        [
            "description", "string", "stringValue", "value", "rawValue", "data", "utf8", "utf8String", "bytes",
            "absoluteString", "uuidString", "jsonString",
        ]
        .map(CodeView.hash))

    /// Whether the expression at `range` stands for another value read off it: a property whose
    /// name says no credential (`session.user`, `response.headers`, `response.data.expires_in`; in
    /// a server, a key: `tokens["sub"]`, `tokens.get("token_type")`, or the keys: `tokens.keys()`),
    /// rather than the value itself, a call that remakes it (`token.base64EncodedString()`,
    /// `code.flatMap { … }`), or a credential it holds.
    /// Where a value comes from stops there: another field of a sign-in's answer is not its token.
    static func isAnotherField(_ code: CodeView, _ range: Range<Int>) -> Bool {
        var j = afterUnwrapping(code, range.upperBound)
        // A server's dictionary read by its key: `tokens["sub"]`, and in Python `tokens.get("sub")`.
        // A key names a credential by what it ends with: `id_token`, `refresh_token`, not `token_type`.
        if code.file.language == .python || code.file.language == .javaScript, let key = fieldKey(code, after: j) {
            let words = key.lowercased().filter { $0 != "_" && $0 != "-" }
            return !credentialMemberWords.contains { words.hasSuffix($0) }
        }
        if isKeysCall(code, at: j) { return true }
        // `response.data.expires_in`: the value in another form, then another field of it.
        while j + 2 < code.count, code.kind(j) == .period, code.kind(j + 1) == .identifier,
            code.kind(j + 2) == .period, sameValueMembers.contains(code.hashes[j + 1])
        {
            j += 2
        }
        guard j + 1 < code.count, code.kind(j) == .period, code.kind(j + 1) == .identifier,
            j + 2 >= code.count || code.kind(j + 2) != .leftParen && code.kind(j + 2) != .leftBrace,
            !sameValueMembers.contains(code.hashes[j + 1])
        else { return false }
        let member = code.text(j + 1).lowercased()
        return !credentialMemberWords.contains { member.contains($0) }
    }

    /// Whether the expression at `range` has a field read off it: a property (`tokens.id_token`,
    /// not `response.data`, the value in another form), a key (`tokens["id_token"]`, Python's
    /// `tokens.get("id_token")`) or a Python dictionary's `keys()`.
    static func isFieldRead(_ code: CodeView, _ range: Range<Int>) -> Bool {
        let j = afterUnwrapping(code, range.upperBound)
        guard j + 1 < code.count else { return false }
        if code.file.language == .python || code.file.language == .javaScript, fieldKey(code, after: j) != nil {
            return true
        }
        if isKeysCall(code, at: j) { return true }
        guard code.kind(j) == .period, code.kind(j + 1) == .identifier else { return false }
        return (j + 2 >= code.count || code.kind(j + 2) != .leftParen) && !sameValueMembers.contains(code.hashes[j + 1])
    }

    /// Whether `.keys()` of a Python dictionary is read off a value at `j`: the names of its
    /// entries, without their values.
    private static func isKeysCall(_ code: CodeView, at j: Int) -> Bool {
        code.file.language == .python && j + 3 < code.count && code.kind(j) == .period
            && code.token(j + 1, is: "keys") && code.kind(j + 2) == .leftParen && code.partner[j + 2] == Int32(j + 3)
    }

    /// The key of `["key"]`, or of Python's `.get("key" …)`, read off a value at `j`.
    private static func fieldKey(_ code: CodeView, after j: Int) -> String? {
        guard j + 1 < code.count else { return nil }
        if code.kind(j) == .leftBracket, code.kind(j + 1) == .stringOpen {
            let close = Int(code.partner[j + 1])
            guard close + 1 < code.count, code.kind(close + 1) == .rightBracket else { return nil }
            return code.stringValue(at: j + 1)
        }
        if code.file.language == .python, j + 3 < code.count, code.kind(j) == .period, code.token(j + 1, is: "get"),
            code.kind(j + 2) == .leftParen, code.kind(j + 3) == .stringOpen
        {
            return code.stringValue(at: j + 3)
        }
        return nil
    }

    /// A variable's name inside an expression: not a call, a member, an argument label or a type
    /// (``CodeView/isTypeName(_:)``).
    private func isFollowableName(_ code: CodeView, _ index: Int) -> Bool {
        guard code.kind(index) == .identifier else { return false }
        if index + 1 < code.count, code.kind(index + 1) == .leftParen || code.kind(index + 1) == .colon { return false }
        if index > 0, code.kind(index - 1) == .period { return false }
        return !code.isTypeName(index)
    }

    /// `name` or `self.name`, unwrapped with `!` or `?` or not: the name, else nil.
    func plainName(_ code: CodeView, _ range: Range<Int>) -> Int? {
        // `name!` and `name?` (before a member) unwrap the name's value: they are the name.
        if range.count >= 2, code.kind(range.upperBound - 1) == .operator,
            code.token(range.upperBound - 1, is: "!") || code.token(range.upperBound - 1, is: "?")
        {
            return plainName(code, range.lowerBound..<(range.upperBound - 1))
        }
        if range.count == 1, code.kind(range.lowerBound) == .identifier { return range.lowerBound }
        if range.count == 3, code.token(range.lowerBound, is: "self"), code.kind(range.lowerBound + 1) == .period,
            code.kind(range.lowerBound + 2) == .identifier
        {
            return range.lowerBound + 2
        }
        return nil
    }

    /// Values assigned to the name at `nameIndex`: in its function first, then its type, then the
    /// file. A declaration counts only in the scope that owns it (a local of another method is
    /// another variable); a plain assignment (`name = …`, `self.name = …`) counts anywhere in the
    /// scope searched.
    /// With `ownDeclaration`, a name that is itself declared at `position` (`var hasToken = false`)
    /// stands for the value it is declared with.
    func assignments(to nameIndex: Int, in code: CodeView, near position: Int, ownDeclaration: Bool = false) -> [Range<
        Int
    >] {
        let hash = code.hashes[nameIndex]
        // Only the places that give the name a value, in order, found once per file and name:
        // each scope searched looks at those inside it, never at every use of the name.
        let sites = run.values.assignmentSites.value(for: NameInFile(path: code.file.path, hash: hash)) {
            (code.occurrences[hash] ?? []).compactMap { occurrence -> AssignmentSite? in
                let at = Int(occurrence)
                return assignedValue(at: at, in: code).map {
                    AssignmentSite(at: at, value: $0.range, declaration: $0.declaration)
                }
            }
        }
        // A bare name that is a parameter around it is not the property `self.name` assigns.
        let bare = !(position >= 2 && code.kind(position - 1) == .period && code.token(position - 2, is: "self"))
        let isParameter = bare && isParameterName(hash, around: position, in: code)
        var scopeIndex: Int? = code.executableScope(of: code.declaringScope(of: position))
        while let index = scopeIndex {
            let scope = code.scopes[index]
            if scope.kind == .function || scope.kind == .closure,
                scope.parameters.contains(where: { code.hashes[$0.index] == hash && $0.name != "$0" })
            {
                return []
            }
            let range = index == 0 ? 0..<code.count : scope.headerStart..<min(scope.close + 1, code.count)
            var values: [Range<Int>] = []
            var next = sites.lowerBound { $0.at < range.lowerBound }
            while next < sites.count, sites[next].at < range.upperBound {
                let site = sites[next]
                next += 1
                // A name is not its own value; a declaration's name, asked about, stands for what it is given.
                guard site.at != position || (ownDeclaration && site.declaration) else { continue }
                if isParameter, site.at >= 2, code.kind(site.at - 1) == .period, code.token(site.at - 2, is: "self") {
                    continue
                }
                if site.declaration {
                    let owner = code.declaringScope(of: site.at)
                    let executable = scope.kind == .function || scope.kind == .closure
                    guard executable ? code.executableScope(of: owner) == index : owner == index else { continue }
                }
                values.append(site.value)
            }
            if !values.isEmpty { return values }
            scopeIndex = scope.parent
        }
        return []
    }

    /// The entries given to the name at `nameIndex` (`name[key] = value`, key and value) in the
    /// function around it.
    func subscriptAssignments(to nameIndex: Int, in code: CodeView) -> [Range<Int>] {
        let scope = code.executableScope(of: code.declaringScope(of: nameIndex))
        guard scope > 0 else { return [] }
        let range = code.scopes[scope].body
        var values: [Range<Int>] = []
        for occurrence in code.occurrences[code.hashes[nameIndex]] ?? [] {
            let at = Int(occurrence)
            guard range.contains(at), at + 1 < code.count, code.kind(at + 1) == .leftBracket,
                !(at > 0 && code.kind(at - 1) == .period)
            else {
                continue
            }
            var close = Int(code.partner[at + 1])
            // An entry of an entry: `servers[index][key] = token`.
            while close > at, close + 1 < code.count, code.kind(close + 1) == .leftBracket,
                Int(code.partner[close + 1]) > close + 1
            {
                close = Int(code.partner[close + 1])
            }
            guard close > at, close + 2 < code.count, code.kind(close + 1) == .operator, code.token(close + 1, is: "="),
                let end = Matcher(code).expressionEnds(from: close + 2, limit: code.count).last
            else { continue }
            // The key with the value: `["Authorization"] = "Bearer \(token)"` says what the entry is.
            values.append((at + 1)..<end)
        }
        return values
    }

    /// Where a name that no assignment gives a value gets one: a closure's parameter from the
    /// call the closure is passed to; a function's parameter from the function's declaration.
    private func sources(ofUnassigned name: Int, in code: CodeView, file: FileID, _ following: Following) -> [Site] {
        var found: [Site] = []
        if following.contains(.closureCallees), let source = closureCallee(givingParameter: name, in: code) {
            found.append(Site(file: file, range: source, callee: true))
        }
        if following.contains(.parameters), let (scopeIndex, position) = functionParameter(name, in: code) {
            let scope = code.scopes[scopeIndex]
            found.append(Site(file: file, range: scope.headerStart..<max(scope.headerStart, scope.open)))
            if following.contains(.callers) {
                let parameter = ParameterRef(
                    function: ProjectIndex.ScopeRef(file: file, scope: scopeIndex), position: position)
                for argument in project.arguments(givenTo: parameter).prefix(ValueResolver.maxCallers) {
                    found.append(Site(file: argument.file, range: argument.argument))
                }
            }
        }
        return found
    }

    /// The nearest function or closure around `position` that declares a parameter with this
    /// name (not the shorthand `$0`), and the parameter's place in its list.
    func declaringParameter(_ hash: UInt64, around position: Int, in code: CodeView) -> (scope: Int, position: Int)? {
        var scopeIndex: Int? = code.executableScope(of: code.declaringScope(of: position))
        while let index = scopeIndex, index > 0 {
            let scope = code.scopes[index]
            if let place = scope.parameters.firstIndex(where: { code.hashes[$0.index] == hash && $0.name != "$0" }) {
                return (index, place)
            }
            scopeIndex = scope.parent
        }
        return nil
    }

    /// Whether a function or closure around `position` declares a parameter with this name.
    func isParameterName(_ hash: UInt64, around position: Int, in code: CodeView) -> Bool {
        declaringParameter(hash, around: position, in: code) != nil
    }

    /// When the name at `nameIndex` is a parameter of the function around it (not of a closure
    /// inside), that function's scope and the parameter's position.
    func functionParameter(_ nameIndex: Int, in code: CodeView) -> (scope: Int, position: Int)? {
        guard let found = declaringParameter(code.hashes[nameIndex], around: nameIndex, in: code),
            code.scopes[found.scope].kind == .function
        else { return nil }
        return found
    }

    /// When the name at `nameIndex` is a parameter of the function around it that declares a
    /// default value (`length: Int = 32`) and no call in the project gives it another, the default.
    func defaultValue(ofParameter nameIndex: Int, in code: CodeView, file: FileID) -> Range<Int>? {
        guard let (scopeIndex, position) = functionParameter(nameIndex, in: code) else { return nil }
        let parameter = code.scopes[scopeIndex].parameters[position]
        guard parameter.hasDefault,
            project.arguments(
                givenTo: ParameterRef(
                    function: ProjectIndex.ScopeRef(file: file, scope: scopeIndex), position: position)
            ).isEmpty
        else { return nil }
        // From the `=` after the name and type to the `,` or `)` that ends the parameter.
        var at = parameter.index + 1
        var start: Int?
        while at < code.count {
            if code.kind(at) == .comma || code.kind(at) == .rightParen { break }
            if start == nil, code.kind(at) == .operator, code.token(at, is: "=") { start = at + 1 }
            let partner = Int(code.partner[at])
            at = partner > at ? partner + 1 : at + 1
        }
        guard let start, start < at else { return nil }
        return start..<at
    }

    /// When the name at `nameIndex` is a parameter of the closure around it, the callee of the
    /// call that closure is passed to: the closure's parameters get their values from that call
    /// (`Messaging.messaging().token { token, _ in … }`).
    func closureCallee(givingParameter nameIndex: Int, in code: CodeView) -> Range<Int>? {
        guard let found = declaringParameter(code.hashes[nameIndex], around: nameIndex, in: code) else { return nil }
        let scope = code.scopes[found.scope]
        guard scope.kind == .closure, let callee = code.callee(ofClosureOpeningAt: scope.open) else { return nil }
        return code.calleeChain(endingAt: callee)
    }

    /// The value given to the name at `at`: `let/var name [: Type] = value` (a declaration) or
    /// `name = value` / `self.name = value` (an assignment); nil when the name is only read there.
    /// In JavaScript, a name a declaration destructures (`const { uid, email: address } = req.body`)
    /// is given the whole value it is taken from.
    func assignedValue(at: Int, in code: CodeView) -> (range: Range<Int>, declaration: Bool)? {
        if code.file.language == .javaScript, let value = destructuredValue(at: at, in: code) {
            return (value, true)
        }
        var equals = at + 1
        var declaration = false
        let language = code.file.language
        if at > 0,
            code.token(at - 1, is: "let") || code.token(at - 1, is: "var")
                || (language == .javaScript && code.token(at - 1, is: "const"))
        {
            declaration = true
            // Skip the type annotation, which stays on the line (or continues after `,`, `<`, `(`).
            if equals < code.count, code.kind(equals) == .colon {
                equals += 1
                while equals < code.count, !(code.kind(equals) == .operator && code.token(equals, is: "=")) {
                    let kind = code.kind(equals)
                    if kind == .leftBrace || kind == .rightBrace || kind == .semicolon || kind == .comma { return nil }
                    if code.tokens[equals].line != code.tokens[equals - 1].line, kind != .period, kind != .operator {
                        return nil
                    }
                    if code.partner[equals] > equals, kind != .leftBrace { equals = Int(code.partner[equals]) }
                    equals += 1
                }
            }
        } else if at > 0 {
            let previous = code.kind(at - 1)
            // A member of something else, a label or a type is not this variable.
            if previous == .period, !(at >= 2 && code.token(at - 2, is: "self")) { return nil }
            if code.token(at - 1, is: "->") || code.token(at - 1, is: "as") { return nil }
            // A label or a type annotation is on the name's line; a Swift `case …:` ends the line
            // before the statement. In Python a colon before a name and its `=` only ends a
            // block's header (`def f(token):`, `else:`), on that line or the one before.
            if previous == .colon, language != .python, code.tokens[at - 1].line == code.tokens[at].line {
                return nil
            }
            // A Python keyword argument (`jwt.decode(token, key=secret)`) is no assignment.
            if language == .python, isInsideBrackets(at, in: code) { return nil }
        }
        guard equals < code.count, code.kind(equals) == .operator, code.token(equals, is: "="), equals + 1 < code.count
        else { return nil }
        guard let end = Matcher(code).expressionEnds(from: equals + 1, limit: code.count).last else { return nil }
        return ((equals + 1)..<end, declaration)
    }

    /// The value a JavaScript declaration destructures the name at `at` from: `uid` and `address`
    /// in `const { uid, email: address = "" } = req.body` are taken from `req.body`. The key of a
    /// renamed entry (`email`) is no name of its own; nested patterns are not followed.
    private func destructuredValue(at: Int, in code: CodeView) -> Range<Int>? {
        guard at > 0, at + 1 < code.count else { return nil }
        let before = code.kind(at - 1)
        guard before == .leftBrace || before == .comma || before == .colon else { return nil }
        let after = code.kind(at + 1)
        guard after == .comma || after == .rightBrace || (after == .operator && code.token(at + 1, is: "=")) else {
            return nil
        }
        // Back to the `{` that opens the pattern, over the entries before the name.
        var open = at - 1
        var steps = 0
        while open > 0, code.kind(open) != .leftBrace {
            let kind = code.kind(open)
            if kind == .rightBrace || kind == .rightParen || kind == .rightBracket || kind == .stringClose {
                let partner = Int(code.partner[open])
                guard partner >= 0, partner < open else { return nil }
                open = partner
            } else if kind == .semicolon || kind == .leftParen || kind == .leftBracket {
                return nil
            }
            open -= 1
            steps += 1
            if steps > 256 { return nil }
        }
        guard open > 0, code.kind(open) == .leftBrace,
            code.token(open - 1, is: "const") || code.token(open - 1, is: "let") || code.token(open - 1, is: "var")
        else { return nil }
        let close = Int(code.partner[open])
        guard close > at, close + 2 < code.count, code.kind(close + 1) == .operator, code.token(close + 1, is: "="),
            let end = Matcher(code).expressionEnds(from: close + 2, limit: code.count).last
        else { return nil }
        return (close + 2)..<end
    }

    /// Whether the name at `at`, which an argument's `(` or `,` comes before, is inside an open
    /// bracket: a keyword argument, not the start of a statement (`x, y = pair`). Found by going
    /// back over whole bracketed groups, 256 steps at most; past that it is taken to be inside.
    private func isInsideBrackets(_ at: Int, in code: CodeView) -> Bool {
        let previous = code.kind(at - 1)
        guard previous == .leftParen || previous == .comma else { return false }
        var j = at - 1
        for _ in 0..<256 {
            guard j >= 0 else { return false }
            // A line that ends with neither a `,` nor an opening bracket, before one that does
            // not start with a `,`, ends a statement: the name starts the next one.
            let kind = code.kind(j)
            if j + 1 < at, code.tokens[j].line < code.tokens[j + 1].line, kind != .comma, kind != .leftParen,
                kind != .leftBracket, kind != .leftBrace, code.kind(j + 1) != .comma
            {
                return false
            }
            switch kind {
            case .leftParen, .leftBracket, .leftBrace:
                return true
            case .rightParen, .rightBracket, .rightBrace:
                let partner = Int(code.partner[j])
                guard partner >= 0, partner < j else { return true }
                j = partner - 1
            default:
                j -= 1
            }
        }
        return true
    }

    /// Project functions called (or computed properties read) inside `range`.
    func calledFunctions(_ code: CodeView, _ range: Range<Int>) -> [ProjectIndex.ScopeRef] {
        var found: [ProjectIndex.ScopeRef] = []
        for i in range where code.kind(i) == .identifier {
            let called = i + 1 < code.count && code.kind(i + 1) == .leftParen
            let member = i > 0 && code.kind(i - 1) == .period
            guard called || member, !(i > 0 && code.token(i - 1, is: "func")) else { continue }
            found += project.functions(named: code.text(i))
        }
        return found
    }

    /// Whether a name or string text in any site contains one of `words` (case-insensitive).
    func mentions(_ sites: [Site], _ words: [String]) -> Bool {
        let needles = words.map(CodeView.normalisedWord)
        for site in sites {
            let code = project.files[site.file]
            for i in site.range where code.kind(i) == .identifier || code.kind(i) == .stringSegment {
                if needles.contains(where: { code.tokenContains(i, $0) }) { return true }
            }
        }
        return false
    }

    /// Whether a match of one of `patterns` lies inside any site.
    func contains(_ sites: [Site], _ patterns: [Pattern]) -> Bool {
        sites.contains { site in
            let matcher = Matcher(project.files[site.file], budget: budget)
            return patterns.contains { matcher.contains($0, in: site.range) }
        }
    }
}

/// A place that gives a name a value: `let/var name = value` (a declaration) or `name = value`.
struct AssignmentSite: Sendable {
    var at: Int
    var value: Range<Int>
    var declaration: Bool
}
