import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// Whether live code can reach a place: code under `#if false` or an `if` whose condition is a
/// constant `false`, in a type nothing instantiates, or in a function nothing calls is there but
/// never runs.
///
/// The answer errs towards "reachable": only what the project itself shows to be dead counts.
/// A type is used when its name appears outside its own declarations (previews aside) or a
/// storyboard or xib names it; an `@objc` or `@IBAction` method when a `#selector`, a call or an
/// interface names it; a private function when its file uses its name; any other function when
/// the project uses its name, unless it may be called by the system (an override, or a member of
/// a type that conforms to a protocol or inherits from a class). A delegate method that takes the
/// answer to a sign-in request is reached only through the requests its type makes, when it makes
/// any.
package indirect enum Unreachable: Equatable, Sendable {
    /// Compiled out: `#if false`.
    case compiledOut
    /// Under an `if` whose condition is constant false (`if Flags.showsApple`, with `showsApple = false`).
    case constantFalse(String)
    /// In a type nothing uses.
    case unusedType(String)
    /// In a function nothing calls.
    case uncalledFunction(String)
    /// In the delegate method answering requests its type makes only where nothing reaches.
    case unansweredDelegate(Unreachable)

    /// In words, for a related place's message.
    package var reason: String {
        switch self {
        case .compiledOut: "compiled out by `#if false`"
        case .constantFalse(let condition): "under `if \(condition)`, which is always false"
        case .unusedType(let name): "`\(name)` is never used"
        case .uncalledFunction(let name): "nothing calls `\(name)`"
        case .unansweredDelegate(let request): "it answers only a request made where nothing reaches: \(request.reason)"
        }
    }
}

/// The reachability analysis of one run: it judges each place against the project's index and
/// keeps what it worked out (per file, per scope, per target) for the rest of the run.
package final class Reachability: Sendable {
    let project: ProjectIndex
    /// Per file, the code `#if false` compiles out.
    private let compiledOut = Memo<FileID, [Range<Int>]>()
    /// Per function or type scope, why nothing reaches it (nil: something may).
    private let unreachableScopes = Memo<ProjectIndex.ScopeRef, Unreachable?>()
    /// Per target, the names declared `let name = false` and never set otherwise.
    private let constantFalse = Memo<TargetID, Set<String>>()

    package init(_ project: ProjectIndex) {
        self.project = project
    }

    /// Why the code at `position` of `file` never runs, or nil when it may.
    package func unreachable(file: FileID, at position: Int) -> Unreachable? {
        let code = project.files[file]
        guard position < code.count else { return nil }
        if compiledOutRanges(file).contains(where: { $0.contains(position) }) { return .compiledOut }
        guard project.language(ofFile: file) == .swift else { return nil }
        if let condition = constantFalseCondition(around: position, in: code, file: file) {
            return .constantFalse(condition)
        }
        // The functions around the place, innermost first, then the types.
        var scopeIndex: Int? = code.executableScope(of: code.declaringScope(of: position))
        while let index = scopeIndex, index > 0 {
            let scope = code.scopes[index]
            if scope.kind == .function || scope.kind == .type {
                // Each scope is judged once per run, whatever the places in it asked about.
                let judged = unreachableScopes.value(for: ProjectIndex.ScopeRef(file: file, scope: index)) {
                    scope.kind == .function
                        ? uncalledFunction(scope, index, code, file).map(Unreachable.uncalledFunction)
                            ?? unansweredDelegate(scope, index, code, file)
                        : unusedType(scope, index, code, file).map(Unreachable.unusedType)
                }
                if let judged { return judged }
            }
            scopeIndex = scope.parent
        }
        return nil
    }

    // MARK: - Compiled out

    /// The token ranges of a file inside `#if false` / `#if 0` (up to its `#else`, `#elseif` or `#endif`).
    func compiledOutRanges(_ file: FileID) -> [Range<Int>] {
        compiledOut.value(for: file) {
            let code = project.files[file]
            var ranges: [Range<Int>] = []
            // Per open `#if`: where its dead branch started, if it is dead.
            var stack: [Int?] = []
            for i in 0..<code.count where code.kind(i) == .poundKeyword {
                if code.token(i, is: "#if") {
                    let dead =
                        i + 1 < code.count && (code.token(i + 1, is: "false") || code.token(i + 1, is: "0"))
                        && (i + 2 >= code.count || code.tokens[i + 2].line != code.tokens[i + 1].line)
                    stack.append(dead ? i + 2 : nil)
                } else if code.token(i, is: "#else") || code.token(i, is: "#elseif") || code.token(i, is: "#endif") {
                    guard let last = stack.last else { continue }
                    if let start = last { ranges.append(start..<i) }
                    if code.token(i, is: "#endif") { stack.removeLast() } else { stack[stack.count - 1] = nil }
                }
            }
            if let start = stack.compactMap({ $0 }).first { ranges.append(start..<code.count) }
            return ranges
        }
    }

    // MARK: - Constant conditions

    /// The condition of an `if` around `position` that is constant false, as written.
    private func constantFalseCondition(around position: Int, in code: CodeView, file: FileID) -> String? {
        var j = position - 1
        var steps = 0
        while j >= 0, steps < 100_000 {
            steps += 1
            let partner = Int(code.partner[j])
            if partner >= 0, partner < j {
                j = partner - 1
                continue
            }
            if code.kind(j) == .leftBrace, partner > position, let condition = ifCondition(endingBefore: j, in: code) {
                for part in conjuncts(condition, in: code) where isConstantFalse(part, in: code, file: file) {
                    return part.map { code.text($0) }.joined()
                }
            }
            j -= 1
        }
        return nil
    }

    /// The condition tokens of `if … {` when the brace at `brace` opens an `if` body.
    private func ifCondition(endingBefore brace: Int, in code: CodeView) -> Range<Int>? {
        var j = brace - 1
        while j >= 0, brace - j < 64 {
            if code.kind(j) == .keyword, code.token(j, is: "if") { return j + 1 < brace ? (j + 1)..<brace : nil }
            if code.kind(j) == .leftBrace || code.kind(j) == .rightBrace || code.kind(j) == .semicolon { return nil }
            if code.kind(j) == .keyword,
                code.token(j, is: "guard") || code.token(j, is: "while") || code.token(j, is: "else")
            {
                return nil
            }
            let partner = Int(code.partner[j])
            j = partner >= 0 && partner < j ? partner - 1 : j - 1
        }
        return nil
    }

    /// The parts of a condition that must all hold: split at top-level `,` and `&&`.
    private func conjuncts(_ condition: Range<Int>, in code: CodeView) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = condition.lowerBound
        var j = start
        while j < condition.upperBound {
            if code.kind(j) == .comma || (code.kind(j) == .operator && code.token(j, is: "&&")) {
                if j > start { parts.append(start..<j) }
                start = j + 1
            }
            let partner = Int(code.partner[j])
            j = partner > j ? partner + 1 : j + 1
        }
        if start < condition.upperBound { parts.append(start..<condition.upperBound) }
        return parts
    }

    /// `false`, or a name (`flag`, `Self.flag`, `Flags.flag`, `self.flag`) the project declares
    /// with `let` and the literal `false`, and assigns nowhere else.
    private func isConstantFalse(_ part: Range<Int>, in code: CodeView, file: FileID) -> Bool {
        if part.count == 1, code.token(part.lowerBound, is: "false") { return true }
        // A plain name, or a chain of names ending in it.
        var j = part.lowerBound
        while j < part.upperBound {
            guard code.kind(j) == .identifier || code.kind(j) == .keyword else { return false }
            if j + 1 == part.upperBound { break }
            guard code.kind(j + 1) == .period else { return false }
            j += 2
        }
        let name = code.text(part.upperBound - 1)
        return constantFalseNames(target: project.targetOfFile[file]).contains(name)
    }

    /// Names the target declares `let name = false` (or `let name: Bool = false`), `static` or not,
    /// and never declares or assigns otherwise.
    private func constantFalseNames(target: TargetID) -> Set<String> {
        constantFalse.value(for: target) {
            var falseNames = Set<String>()
            var otherwise = Set<String>()
            for file in project.targets[target].files
            where project.language(ofFile: file) == .swift && project.mayMention("false", inFile: file) {
                let code = project.files[file]
                for occurrence in code.occurrences[CodeView.hash("false")] ?? [] {
                    let at = Int(occurrence)
                    guard at >= 3, code.token(at - 1, is: "=") else { continue }
                    var name = at - 2
                    if name >= 2, code.token(name, is: "Bool"), code.kind(name - 1) == .colon { name -= 2 }
                    guard code.kind(name) == .identifier, name >= 1 else { continue }
                    if code.token(name - 1, is: "let") {
                        falseNames.insert(code.text(name))
                    } else {
                        otherwise.insert(code.text(name))
                    }
                }
            }
            guard !falseNames.isEmpty else { return [] }
            // Declared or assigned any other way anywhere in the target: not a constant.
            for file in project.targets[target].files where project.language(ofFile: file) == .swift {
                let code = project.files[file]
                for name in falseNames where !otherwise.contains(name) {
                    for occurrence in code.occurrences[CodeView.hash(name)] ?? [] {
                        let at = Int(occurrence)
                        guard at + 2 < code.count else { continue }
                        let assigned =
                            code.kind(at + 1) == .operator && code.token(at + 1, is: "=")
                            && !code.token(at + 2, is: "false")
                        let declared =
                            at >= 1 && (code.token(at - 1, is: "var") || code.token(at - 1, is: "let"))
                            && !(code.kind(at + 1) == .operator && code.token(at + 2, is: "false"))
                            && !(code.kind(at + 1) == .colon && at + 4 < code.count && code.token(at + 4, is: "false"))
                        if assigned || declared || (at >= 1 && code.token(at - 1, is: "var")) { otherwise.insert(name) }
                    }
                }
            }
            return falseNames.subtracting(otherwise)
        }
    }

    // MARK: - Unused types and uncalled functions

    /// The type's name when nothing outside its own declarations uses it.
    private func unusedType(_ scope: Scope, _ index: Int, _ code: CodeView, _ file: FileID) -> String? {
        guard let name = scope.name, !code.token(scope.headerStart, is: "extension"),
            !code.token(scope.headerStart, is: "protocol")
        else {
            return nil
        }
        if project.resources.interfaceNames.contains(name) { return nil }
        // The app's entry points, and what the system makes from the Info.plist or a delegate adaptor.
        if code.attributes(before: scope.headerStart).contains(where: {
            ["@main", "@UIApplicationMain", "@NSApplicationMain"].contains($0)
        }) {
            return nil
        }
        if code.inheritedNames(of: scope).contains(where: {
            ["UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate", "App", "PreviewProvider"].contains($0)
        }) {
            return nil
        }
        return isUsed(name, outside: (file, index)) ? nil : name
    }

    /// The function's name when it is an `@objc` or `@IBAction` method, a private function, or a
    /// function the system cannot call, and nothing uses its name.
    private func uncalledFunction(_ scope: Scope, _ index: Int, _ code: CodeView, _ file: FileID) -> String? {
        guard let name = scope.name, code.declaresFunction(scope) else { return nil }
        let modifiers = code.attributes(before: scope.headerStart)
        if modifiers.contains("override") || modifiers.contains("dynamic") { return nil }
        let exposed =
            modifiers.contains("@objc") || modifiers.contains("@IBAction") || modifiers.contains("@objcMembers")
        if exposed {
            if project.resources.interfaceNames.contains(name) { return nil }
            return isUsed(name, outside: (file, index), declarationOnly: true) ? nil : name
        }
        if modifiers.contains("private") || modifiers.contains("fileprivate") {
            return isUsed(name, outside: (file, index), declarationOnly: true, inFile: file) ? nil : name
        }
        // A member of a type that conforms or inherits may be a protocol requirement or an
        // override the system calls by name.
        if let parent = scope.parent, code.scopes[parent].kind == .type {
            let type = code.scopes[parent]
            if !code.inheritedNames(of: type).isEmpty
                || code.attributes(before: type.headerStart).contains("@objcMembers")
            {
                return nil
            }
            if let typeName = type.name,
                project.declarations(ofType: typeName, inTarget: project.targetOfFile[file]).contains(where: { ref in
                    let other = project.files[ref.file]
                    return !other.inheritedNames(of: other.scopes[ref.scope]).isEmpty
                })
            {
                return nil
            }
        } else if let parent = scope.parent, code.scopes[parent].kind != .file {
            return nil
        }
        return isUsed(name, outside: (file, index), declarationOnly: true) ? nil : name
    }

    /// For a delegate method that takes the answer to a sign-in request (`flow:`'s delegates), why
    /// nothing reaches it when every request its type makes (in all its declarations in the
    /// target) is out of reach; nil when one may be reached, or when the type makes none: it
    /// answers requests made elsewhere.
    private func unansweredDelegate(_ scope: Scope, _ index: Int, _ code: CodeView, _ file: FileID) -> Unreachable? {
        guard project.takesAnswer(scope, in: code), let typeName = project.typeName(around: index, in: code) else {
            return nil
        }
        var first: Unreachable?
        for declaration in project.declarations(ofType: typeName, inTarget: project.targetOfFile[file]) {
            let other = project.files[declaration.file]
            let range = other.scopes[declaration.scope].headerStart..<other.scopes[declaration.scope].close
            let occurrences = project.requestMakerHashes.flatMap { other.occurrences[$0] ?? [] }.sorted()
            for occurrence in occurrences where range.contains(Int(occurrence)) {
                let position = Int(occurrence)
                // A request made inside an answer is judged with that answer, never from it.
                var enclosing: Int? = other.declaringScope(of: position)
                var insideAnswer = false
                while let inner = enclosing, inner > 0, !insideAnswer {
                    insideAnswer =
                        other.scopes[inner].kind == .function && project.takesAnswer(other.scopes[inner], in: other)
                    enclosing = other.scopes[inner].parent
                }
                if insideAnswer { continue }
                guard let why = unreachable(file: declaration.file, at: position) else { return nil }
                first = first ?? why
            }
        }
        return first.map(Unreachable.unansweredDelegate)
    }

    /// Whether `name` is used in the project's code anywhere but in the declaration at `scope`
    /// (its body too, unless `declarationOnly`), previews aside; or only in `inFile`.
    private func isUsed(
        _ name: String, outside scope: (file: FileID, index: Int), declarationOnly: Bool = false, inFile: FileID? = nil
    ) -> Bool {
        let hash = CodeView.hash(name)
        let candidates = inFile.map { [$0] } ?? project.files(mentioning: name)
        for file in candidates where project.mayMention(name, inFile: file) {
            let code = project.files[file]
            for occurrence in code.occurrences[hash] ?? [] {
                let at = Int(occurrence)
                if file == scope.file {
                    let own = code.scopes[scope.index]
                    if declarationOnly {
                        // The name in the function's own header is its declaration.
                        if at >= own.headerStart && at < max(own.headerStart, own.open) { continue }
                    } else if at >= own.headerStart && at <= own.close {
                        continue
                    }
                }
                // Declaring or extending a type of that name is not using it.
                if at >= 1,
                    ["class", "struct", "enum", "actor", "extension", "protocol", "func"].contains(where: {
                        code.token(at - 1, is: $0)
                    })
                {
                    continue
                }
                if isInPreview(at, code) { continue }
                return true
            }
        }
        return false
    }

    /// Whether the code at `position` is in a SwiftUI preview: a `#Preview` block or a type that
    /// conforms to `PreviewProvider`.
    private func isInPreview(_ position: Int, _ code: CodeView) -> Bool {
        var scopeIndex: Int? = Int(code.scopeOfToken[position])
        while let index = scopeIndex, index > 0 {
            let scope = code.scopes[index]
            if scope.kind == .type, code.inheritedNames(of: scope).contains("PreviewProvider") { return true }
            if scope.kind == .closure, scope.open > 0 {
                var j = scope.open - 1
                if code.kind(j) == .rightParen, code.partner[j] >= 0 { j = Int(code.partner[j]) - 1 }
                if j >= 0, code.kind(j) == .poundKeyword, code.token(j, is: "#Preview") { return true }
            }
            scopeIndex = scope.parent
        }
        return false
    }
}
