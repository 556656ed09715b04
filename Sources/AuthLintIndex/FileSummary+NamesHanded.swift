import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

extension FileSummary {
    /// The names a file calls with arguments (`save(token)`; `reset()` hands nothing) or assigns
    /// to (`token =`); any assignment may go through a property wrapper, whose `wrappedValue`
    /// counts as handed.
    package static func namesHanded(_ code: CodeView) -> Set<String> {
        var names = Set<String>()
        if forEachNameHanded(code, { names.insert(code.text($0)) }) { names.insert("wrappedValue") }
        return names
    }

    /// The hashes (``CodeView/hash(_:)``) of ``namesHanded(_:)``, some more than once: the
    /// code's own hash of each token, unless its bytes are not all ASCII (then of its text, which
    /// may differ from its bytes when they are not UTF-8).
    static func hashesOfNamesHanded(_ code: CodeView) -> [UInt64] {
        var hashes: [UInt64] = []
        let assigns = code.file.bytes.withUnsafeBufferPointer { bytes in
            forEachNameHanded(code) { index in
                let token = code.tokens[index]
                let ascii = bytes[Int(token.start)..<Int(token.end)].allSatisfy { $0 < 0x80 }
                hashes.append(ascii ? code.hashes[index] : CodeView.hash(code.text(index)))
            }
        }
        if assigns { hashes.append(wrappedValueHash) }
        return hashes
    }

    private static let wrappedValueHash = CodeView.hash("wrappedValue")

    /// Calls `body` with the code index of each name called with arguments or assigned to, in
    /// order; whether any is assigned to.
    private static func forEachNameHanded(_ code: CodeView, _ body: (Int) -> Void) -> Bool {
        var assigns = false
        for i in 0..<max(0, code.count - 1) where code.kind(i) == .identifier {
            if code.kind(i + 1) == .leftParen {
                if i + 2 < code.count, code.kind(i + 2) == .rightParen { continue }
                body(i)
            } else if code.kind(i + 1) == .operator, code.token(i + 1, is: "=") {
                body(i)
                assigns = true
            }
        }
        return assigns
    }
}
