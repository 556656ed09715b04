import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

extension FileSummary {
    /// The names a file hands values to: a name called with arguments (`save(token)`; `reset()`
    /// hands nothing) as it is, a name assigned to (`token = …`) with `=` after it (`token=`).
    /// Any assignment may go through a property wrapper, whose `wrappedValue=` counts as handed.
    /// A call reaches only a function with parameters, an assignment only a property with a
    /// setter: the entries a file declares are named alike (``entriesDeclared(_:)``).
    package static func namesHanded(_ code: CodeView) -> Set<String> {
        var names = Set<String>()
        let assigns = forEachNameHanded(code) { index, assigned in
            names.insert(assigned ? code.text(index) + "=" : code.text(index))
        }
        if assigns { names.insert("wrappedValue=") }
        return names
    }

    /// The hashes (``CodeView/hash(_:)``) of ``namesHanded(_:)``, some more than once: the
    /// code's own hash of each token, unless its bytes are not all ASCII (then of its text, which
    /// may differ from its bytes when they are not UTF-8).
    static func hashesOfNamesHanded(_ code: CodeView) -> [UInt64] {
        var hashes: [UInt64] = []
        let assigns = code.file.bytes.withUnsafeBufferPointer { bytes in
            forEachNameHanded(code) { index, assigned in
                let token = code.tokens[index]
                let ascii = bytes[Int(token.start)..<Int(token.end)].allSatisfy { $0 < 0x80 }
                let hash = ascii ? code.hashes[index] : CodeView.hash(code.text(index))
                hashes.append(assigned ? CodeView.hash("=", after: hash) : hash)
            }
        }
        if assigns { hashes.append(wrappedValueAssigned) }
        return hashes
    }

    /// The helper entries the code declares, by the names calls and assignments reach them with
    /// (``namesHanded(_:)``): each function with parameters by its name, each property with a
    /// `set` or `willSet` accessor (whose `newValue` comes in) by its name and `=`.
    package static func entriesDeclared(_ code: CodeView) -> Set<String> {
        var entries = Set<String>()
        for scope in code.scopes where scope.kind == .function {
            guard let name = scope.name else { continue }
            if code.declaresFunction(scope) {
                if !scope.parameters.isEmpty { entries.insert(name) }
            } else if name == "set" || name == "willSet", let parent = scope.parent,
                code.scopes[parent].kind == .function, let property = code.scopes[parent].name
            {
                entries.insert(property + "=")
            }
        }
        return entries
    }

    private static let wrappedValueAssigned = CodeView.hash("wrappedValue=")

    /// Calls `body` with the code index of each name called with arguments or assigned to, in
    /// order, and whether it is assigned to; whether any is assigned to.
    private static func forEachNameHanded(_ code: CodeView, _ body: (Int, Bool) -> Void) -> Bool {
        var assigns = false
        for i in 0..<max(0, code.count - 1) where code.kind(i) == .identifier {
            if code.kind(i + 1) == .leftParen {
                if i + 2 < code.count, code.kind(i + 2) == .rightParen { continue }
                body(i, false)
            } else if code.kind(i + 1) == .operator, code.token(i + 1, is: "=") {
                body(i, true)
                assigns = true
            }
        }
        return assigns
    }
}
