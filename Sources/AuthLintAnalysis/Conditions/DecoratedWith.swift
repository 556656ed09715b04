import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `decorated-with: [NAMES]`: the Python function it is in (the innermost `def`) carries a
/// decorator whose last name is one of these (`post` for `@app.post("/x")`, `@router.post(…)`
/// and `@post(…)`): a web framework's route, whose return value is the response. A function
/// nested inside a route is not the route.
struct DecoratedWith: EvaluatedValueTest {
    static let key = "decorated-with"
    let names: Set<String>

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        names = Set(try node.strings(Self.key))
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        let code = evaluator.project.files[fileIndex]
        guard code.file.language == .python, binding.range.lowerBound < code.count else { return false }
        var scope = Int(code.scopeOfToken[binding.range.lowerBound])
        while scope > 0, code.scopes[scope].kind != .function { scope = code.scopes[scope].parent ?? 0 }
        guard scope > 0 else { return false }
        return Self.decorators(of: code.scopes[scope].headerStart, in: code).contains { names.contains($0) }
    }

    /// The last names of the decorators on the lines right above the `def` at `header`
    /// (`async def` too), nearest first; each is an attribute token (`@app.post`), perhaps
    /// with arguments that span lines.
    static func decorators(of header: Int, in code: CodeView) -> [String] {
        var found: [String] = []
        var j = header - 1
        if j >= 0, code.token(j, is: "async"), code.tokens[j].line == code.tokens[header].line { j -= 1 }
        // Each step reads one decorator back: its arguments, if any, then its attribute token.
        while j >= 0 {
            if code.kind(j) == .rightParen {
                let open = Int(code.partner[j])
                guard open >= 1, open < j else { break }
                j = open - 1
            }
            guard j >= 0, code.kind(j) == .attribute else { break }
            // `@app.post` is one token: its last name follows the last `.`, or the `@`.
            let text = code.text(j)
            let last = text.lastIndex(of: ".").map(text.index(after:)) ?? text.index(after: text.startIndex)
            found.append(String(text[last...]))
            j -= 1
        }
        return found
    }
}
