import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `on-failure: true` / `on-failure: false`: it is / is not read in a branch that runs only when
/// the HTTP response it names failed (a name: that response; anything else, a log call: any
/// response the branch's condition tests), in Python or JavaScript: the body of
/// `if response.status_code != 200:`, `if not response.ok:`, `if (!response.ok) { … }`,
/// `if (response.status >= 400)`, or the `else` of `if response.ok:`. A failed answer is an error
/// message, not what the request asked for: Apple's token endpoint then answers
/// `{"error": "invalid_grant"}`, which holds no token.
///
/// Only the branch's own condition counts, with no `or` in it (`x or response.status_code != 200`
/// runs on success too); the `if` is looked for within ``reach`` tokens before the value, in the
/// function around it.
struct OnFailure: EvaluatedValueTest {
    static let key = "on-failure"
    /// How far back, in tokens, the branch's `if` is looked for: work stays linear in the file.
    static let reach = 4096
    let expected: Bool

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        expected = try node.bool(Self.key)
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        let code = evaluator.project.files[fileIndex]
        guard !binding.range.isEmpty, binding.range.upperBound <= code.count else { return !expected }
        let range = binding.range
        // A plain or dotted name is the response; anything else is judged by any response.
        let name =
            range.allSatisfy { code.kind($0) == .identifier || code.kind($0) == .period || code.kind($0) == .keyword }
            ? range : nil
        let failed: Bool
        switch code.file.language {
        case .python: failed = Self.inPythonFailureBranch(range, of: name, code)
        case .javaScript: failed = Self.inJavaScriptFailureBranch(range, of: name, code)
        default: failed = false
        }
        return failed == expected
    }

    // MARK: The branch's condition

    /// What a condition says of the response `name`: that it failed when the condition holds,
    /// that it succeeded, or neither.
    enum Verdict { case failure, success, unknown }

    /// The verdict of the condition at `range` on the response whose tokens are `name`'s, or on
    /// any response it tests when `name` is nil.
    static func verdict(of range: Range<Int>, on name: Range<Int>?, _ code: CodeView) -> Verdict {
        var tests: [Verdict] = []
        var joined = false
        var i = range.lowerBound
        while i < range.upperBound {
            if code.token(i, is: "or") || code.token(i, is: "||") { return .unknown }
            if code.token(i, is: "and") || code.token(i, is: "&&") { joined = true }
            if let after = end(of: name, at: i, code), after + 1 < range.upperBound, code.kind(after) == .period,
                testedMembers.contains(code.hashes[after + 1])
            {
                tests.append(test(member: after + 1, from: i, within: range, code))
                i = after + 2
                continue
            }
            i += 1
        }
        if tests.contains(.failure) { return .failure }
        if tests == [.success], !joined { return .success }
        return .unknown
    }

    /// The index after `name`'s tokens when they start at `i` (after any name, given none), else nil.
    private static func end(of name: Range<Int>?, at i: Int, _ code: CodeView) -> Int? {
        guard let name else { return code.kind(i) == .identifier ? i + 1 : nil }
        guard i + name.count <= code.count else { return nil }
        // `x.response.ok` is another value's response.
        if i > 0, code.kind(i - 1) == .period { return nil }
        for (offset, token) in name.enumerated() where code.hashes[i + offset] != code.hashes[token] { return nil }
        return i + name.count
    }

    /// The members of a response that tell whether it failed.
    static let testedMembers: Set<UInt64> = Set(["ok", "status_code", "status", "statusCode"].map(CodeView.hash))

    /// What `response.MEMBER …` tests, with `MEMBER` at `member`.
    private static func test(member: Int, from start: Int, within range: Range<Int>, _ code: CodeView) -> Verdict {
        let text = code.text(member)
        let negated = start > range.lowerBound && (code.token(start - 1, is: "not") || code.token(start - 1, is: "!"))
        if text == "ok" {
            return negated ? .failure : .success
        }
        guard !negated else { return .unknown }
        let op = member + 1
        guard op < range.upperBound else { return .unknown }
        if code.token(op, is: "not"), op + 1 < range.upperBound, code.token(op + 1, is: "in") {
            return .failure
        }
        if code.token(op, is: "in") { return .success }
        guard op + 1 < range.upperBound, code.kind(op + 1) == .integerLiteral, let number = Int(code.text(op + 1))
        else { return .unknown }
        let success = (200..<300).contains(number)
        switch code.text(op) {
        case "!=", "!==": return success ? .failure : .unknown
        case "==", "===": return success ? .success : (number >= 400 ? .failure : .unknown)
        case ">=": return number >= 300 ? .failure : .unknown
        case ">": return number >= 299 ? .failure : .unknown
        case "<": return (201...300).contains(number) ? .success : .unknown
        default: return .unknown
        }
    }

    // MARK: Python: blocks by indentation

    /// Whether the value at `range` is in the body of an `if`/`elif` whose condition says the
    /// response failed, or of the `else` of an `if` that says it succeeded.
    static func inPythonFailureBranch(_ range: Range<Int>, of name: Range<Int>?, _ code: CodeView) -> Bool {
        let limit = max(0, range.lowerBound - reach)
        var line = pythonLineStart(range.lowerBound, limit: limit, code)
        // `if response.status_code != 200: log(response.json())`, on one line.
        if let colon = headerColon(line, code), colon < range.lowerBound, code.token(line, is: "if") {
            if verdict(of: (line + 1)..<colon, on: name, code) == .failure { return true }
        }
        var indent = code.tokens[line].column
        var j = line - 1
        while j >= limit {
            line = pythonLineStart(j, limit: limit, code)
            j = line - 1
            guard code.tokens[line].column < indent else { continue }
            indent = code.tokens[line].column
            if code.token(line, is: "def") || code.token(line, is: "class")
                || code.token(line, is: "async") && line + 1 < code.count && code.token(line + 1, is: "def")
            {
                return false
            }
            if code.token(line, is: "if") || code.token(line, is: "elif"), let colon = headerColon(line, code) {
                if verdict(of: (line + 1)..<colon, on: name, code) == .failure { return true }
            } else if code.token(line, is: "else"), let opening = pythonIf(before: line, limit: limit, code),
                code.token(opening, is: "if"), let colon = headerColon(opening, code),
                verdict(of: (opening + 1)..<colon, on: name, code) == .success
            {
                return true
            }
            if indent <= 1 { return false }
        }
        return false
    }

    /// The first token of the logical line that holds `index`, not before `limit`: brackets,
    /// strings and a `\` at a line's end continue a line.
    static func pythonLineStart(_ index: Int, limit: Int, _ code: CodeView) -> Int {
        var start = index
        var j = index - 1
        while j >= limit {
            var first = j
            if code.partner[j] < j, code.partner[j] >= 0 { first = Int(code.partner[j]) }
            let encloses = code.partner[j] > index
            let continued = code.kind(j) == .backslash
            if !encloses, !continued, code.tokens[j].line < code.tokens[start].line { break }
            start = first
            j = first - 1
        }
        return start
    }

    /// The `:` that ends the header of the block statement starting at `line`, outside brackets.
    private static func headerColon(_ line: Int, _ code: CodeView) -> Int? {
        var i = line + 1
        let end = min(code.count, line + reach)
        while i < end, code.tokens[i].line == code.tokens[line].line || code.partner[i] < i {
            if code.kind(i) == .colon { return i }
            if code.partner[i] > i { i = Int(code.partner[i]) }
            i += 1
        }
        return nil
    }

    /// The `if` or `elif` at the same indentation that the `else` at `line` closes.
    private static func pythonIf(before line: Int, limit: Int, _ code: CodeView) -> Int? {
        let column = code.tokens[line].column
        var j = line - 1
        while j >= limit {
            let start = pythonLineStart(j, limit: limit, code)
            j = start - 1
            let at = code.tokens[start].column
            if at < column { return nil }
            if at == column {
                return code.token(start, is: "if") || code.token(start, is: "elif") ? start : nil
            }
        }
        return nil
    }

    // MARK: JavaScript: blocks by braces

    /// Whether the value at `range` is in the block (or the single statement) of an `if` whose
    /// condition says the response failed, or in the `else` block of an `if` that says it
    /// succeeded, within the function around it.
    static func inJavaScriptFailureBranch(_ range: Range<Int>, of name: Range<Int>?, _ code: CodeView) -> Bool {
        let limit = max(0, range.lowerBound - reach)
        var crossedStatement = false
        var j = range.lowerBound - 1
        while j >= limit {
            let partner = Int(code.partner[j])
            if partner < j, partner >= 0 {
                // A group before the value: an `if (…)` whose single statement holds the value.
                if code.kind(j) == .rightParen, !crossedStatement, partner >= 1, code.token(partner - 1, is: "if"),
                    verdict(of: (partner + 1)..<j, on: name, code) == .failure
                {
                    return true
                }
                if code.kind(j) == .rightBrace { crossedStatement = true }
                j = partner - 1
                continue
            }
            // A statement ended between the `if (…)` and the value: a `;`, or a `return` that a
            // line break ends (`if (!response.ok) return`, the value on the next line).
            if code.kind(j) == .semicolon
                || code.token(j, is: "return") && code.tokens[j + 1].line > code.tokens[j].line
            {
                crossedStatement = true
            }
            guard code.kind(j) == .leftBrace else {
                j -= 1
                continue
            }
            // A block around the value.
            let scope = Int(code.scopeOfToken[j + 1])
            if scope > 0, code.scopes[scope].open == j { return false }
            if let condition = ifCondition(beforeBlock: j, code), verdict(of: condition, on: name, code) == .failure {
                return true
            }
            // `} else {` after the block of an `if` (not of an `else if`) that says it succeeded.
            if j >= 2, code.token(j - 1, is: "else"), code.kind(j - 2) == .rightBrace,
                case let open = Int(code.partner[j - 2]), open >= 0, open < j - 2,
                let condition = ifCondition(beforeBlock: open, code),
                condition.lowerBound < 3 || !code.token(condition.lowerBound - 3, is: "else"),
                verdict(of: condition, on: name, code) == .success
            {
                return true
            }
            crossedStatement = true
            j -= 1
        }
        return false
    }

    /// The condition inside `if (…)` right before the `{` at `open`, else nil.
    private static func ifCondition(beforeBlock open: Int, _ code: CodeView) -> Range<Int>? {
        guard open >= 1, code.kind(open - 1) == .rightParen else { return nil }
        let paren = Int(code.partner[open - 1])
        guard paren >= 1, paren < open - 1, code.token(paren - 1, is: "if") else { return nil }
        return (paren + 1)..<(open - 1)
    }
}
