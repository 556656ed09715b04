import AuthLintModel
import AuthLintRules
import AuthLintSyntax

/// `declared-in: project` / `declared-in: elsewhere`: the type of its value is declared in the
/// app's own code (a `class`, `struct`, `enum`, `actor` or `protocol` of any target; an
/// `extension` does not count), or it is not (the SDK's, or a dependency's).
///
/// The type is its declared type (`let log: Logger`, a parameter, `as? Logger`); else the type
/// that makes its value (`Logger(…)`, `Log.shared`, followed through assignments); else the name
/// itself when it is a type's (`Logger.info(…)`). A type qualified by a module the file imports
/// (`os.Logger`) is that module's, unless a target of the project has the module's name. When
/// nothing tells the type, neither holds: the test decides by declaration, never by a name
/// alone. So `logger.info(token)` with the app's own `final class Logger`, which writes to a
/// file, is told apart from Apple's redacting `os.Logger`.
struct DeclaredIn: EvaluatedValueTest {
    static let key = "declared-in"

    enum Place: String, CaseIterable {
        case project, elsewhere
    }

    let place: Place

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        place = try node.enumValue(Place.self, Self.key)
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        guard let written = typeName(of: binding, fileIndex, evaluator) else { return false }
        let project = evaluator.project
        let parts = written.split(separator: ".").map(String.init)
        if parts.count > 1, !project.targets.contains(where: { $0.name == parts[0] }),
            project.sees(anyOf: [parts[0]], inFile: fileIndex)
        {
            return place == .elsewhere
        }
        let name = parts.last ?? written
        // The site's own target first: most types are declared beside their use.
        let own = project.targetOfFile[fileIndex]
        let targets = [own] + project.targets.ids.filter { $0 != own }
        let declared = targets.contains { target in
            project.declarations(ofType: name, inTarget: target).contains { ref in
                let code = project.files[ref.file]
                let scope = code.scopes[ref.scope]
                return !(scope.headerStart..<max(scope.headerStart, scope.open)).contains {
                    code.token($0, is: "extension")
                }
            }
        }
        return declared == (place == .project)
    }

    /// The type of the value, as written (`Logger`, `os.Logger`), without optionals or generic
    /// arguments; nil when the code does not tell.
    private func typeName(of binding: Binding, _ fileIndex: FileID, _ evaluator: RuleEvaluator) -> String? {
        let code = evaluator.project.files[fileIndex]
        if let declared = evaluator.resolver.declaredType(of: binding, in: code) {
            return Self.bare(declared)
        }
        let values = evaluator.resolver.resolve(file: fileIndex, range: binding.range, deep: false)
        for site in values.sites {
            if let name = Self.leadingType(evaluator.project.files[site.file], site.range) { return name }
        }
        return Self.leadingType(code, binding.range)
    }

    /// `Logger` of `Logger?`, `Logger!` or `Box<Logger>`'s `Box`.
    private static func bare(_ type: String) -> String? {
        let name = type.prefix { $0 != "<" && $0 != "?" && $0 != "!" }
        return name.isEmpty || name.first == "[" || name.first == "(" ? nil : String(name)
    }

    /// The type a value starts with: `Logger` in `Logger(…)`, `Logger.shared` or `Logger.info`,
    /// `os.Logger` in `os.Logger(…)`; a type is told by its name (``CodeView/isTypeName(_:)``).
    private static func leadingType(_ code: CodeView, _ range: Range<Int>) -> String? {
        var index = range.lowerBound
        var parts: [String] = []
        while index < range.upperBound, code.kind(index) == .identifier {
            let text = code.text(index)
            let capital = CodeView.isTypeName(text.utf8)
            // A module before the type (`os.Logger`) is lower case; a member after it ends it.
            guard capital || (parts.isEmpty && index + 2 < range.upperBound && code.kind(index + 1) == .period)
            else { break }
            parts.append(text)
            if capital { return parts.joined(separator: ".") }
            index += 2
        }
        return nil
    }
}
