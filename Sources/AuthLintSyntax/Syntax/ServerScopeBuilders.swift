import AuthLintModel

/// The scopes of a Python file: a `def` opens a function and a `class` a type, each from the
/// `:` that ends its header to the first logical line indented no deeper than the line of the
/// `def` or `class` (a one-line `def f(): return x` ends with its line). Lines inside brackets
/// and strings continue the line they start on. Parameters are the names a `def` declares
/// (`self`, `*args` and `**kwargs` included), each passed by position.
struct PythonScopeBuilder {
    let file: SourceFile
    let tokens: [Token]
    let partner: [Int32]

    func build() -> (scopes: [Scope], scopeOfToken: [Int32]) {
        var scopes = [Scope.file(tokenCount: tokens.count)]
        var scopeOfToken = [Int32](repeating: 0, count: tokens.count)
        // Open blocks: the scope and the indentation of the line that declared it.
        var open: [(scope: Int32, indent: Int32)] = []
        // A `def` or `class` whose header has not reached its `:` yet.
        var header: (kind: Scope.Kind, start: Int, indent: Int32)?
        var depth = 0
        var lineIndent: Int32 = 1
        for index in tokens.indices {
            let token = tokens[index]
            if depth == 0, index == 0 || token.line > tokens[index - 1].line {
                lineIndent = token.column
                while let top = open.last, token.column <= top.indent {
                    scopes[Int(top.scope)].close = index
                    open.removeLast()
                }
                header = nil
            }
            scopeOfToken[index] = open.last?.scope ?? 0
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace, .stringOpen, .interpolationOpen:
                depth += 1
            case .rightParen, .rightBracket, .rightBrace, .stringClose, .interpolationClose:
                depth = max(0, depth - 1)
            case .keyword where depth == 0 && (file.token(token, is: "def") || file.token(token, is: "class")):
                header = (file.token(token, is: "def") ? .function : .type, index, lineIndent)
            case .colon where depth == 0:
                guard let declared = header else { break }
                header = nil
                let name = declared.start + 1 < index ? file.text(of: tokens[declared.start + 1]) : nil
                scopes.append(
                    Scope(
                        kind: declared.kind, name: name, parent: Int(open.last?.scope ?? 0), open: index,
                        close: tokens.count, headerStart: declared.start,
                        parameters: declared.kind == .function ? parameters(from: declared.start, to: index) : []))
                open.append((Int32(scopes.count - 1), declared.indent))
            default:
                break
            }
        }
        return (scopes, scopeOfToken)
    }

    /// The names declared between the parentheses of a `def` header.
    private func parameters(from start: Int, to colon: Int) -> [Scope.Parameter] {
        var j = start
        while j < colon, tokens[j].kind != .leftParen { j += 1 }
        guard j < colon, partner[j] > j else { return [] }
        return positionalParameters(tokens, partner, file, from: j + 1, to: Int(partner[j]))
    }
}

/// The scopes of a JavaScript or TypeScript file, from its braces: `function name(…) {` and a
/// method (`name(…) {`, `async name(…) {`, `get name() {`) open a function, `class`,
/// `interface` and `enum` a type, an arrow function's `=> {` and an anonymous `function (…) {`
/// a closure. Other braces (blocks, object literals) open no scope.
struct JavaScriptScopeBuilder {
    let file: SourceFile
    let tokens: [Token]
    let partner: [Int32]

    func build() -> (scopes: [Scope], scopeOfToken: [Int32]) {
        Scope.fromBraces(tokens, partner) { index, _ in classify(brace: index) }
    }

    private func isWord(_ index: Int, _ word: StaticString) -> Bool {
        index >= 0 && file.token(tokens[index], is: word)
    }

    /// The scope a `{` opens, or nil for a block or an object literal.
    private func classify(brace: Int) -> (Scope.Kind, String?, Int, [Scope.Parameter])? {
        guard brace > 0 else { return nil }
        var j = brace - 1
        // `(a, b) => {`, `a => {`, `async (a): Promise<T> => {`
        if tokens[j].kind == .operator, isWord(j, "=>") {
            guard j > 0 else { return (.closure, nil, j, []) }
            if tokens[j - 1].kind == .rightParen, partner[j - 1] >= 0 {
                let open = Int(partner[j - 1])
                return (.closure, nil, open, positionalParameters(tokens, partner, file, from: open + 1, to: j - 1))
            }
            let parameter = Scope.Parameter(label: "_", name: file.text(of: tokens[j - 1]), type: nil, index: j - 1)
            return (.closure, nil, j - 1, tokens[j - 1].kind == .identifier ? [parameter] : [])
        }
        // A return type between `)` and `{`: `f(a: T): Promise<T> {`
        var steps = 0
        while j > 0, tokens[j].kind != .rightParen, steps < 32,
            [.identifier, .operator, .colon, .period, .leftBracket, .rightBracket, .comma].contains(tokens[j].kind)
                || isWord(j, "void") || isWord(j, "null"),
            !isWord(j, "=")
        {
            j -= 1
            steps += 1
        }
        if tokens[j].kind == .rightParen, partner[j] >= 0 {
            let open = Int(partner[j])
            let parameters = positionalParameters(tokens, partner, file, from: open + 1, to: j)
            let before = open - 1
            guard before >= 0 else { return nil }
            if tokens[before].kind == .keyword {
                // `function (…) {` is a closure; `if (…) {`, `for (…) {`, `catch (e) {` blocks.
                return isWord(before, "function") ? (.closure, nil, before, parameters) : nil
            }
            guard tokens[before].kind == .identifier, before == 0 || tokens[before - 1].kind != .period else {
                return nil
            }
            var headerStart = before
            if before > 0, isWord(before - 1, "function") { headerStart = before - 1 }
            return (.function, file.text(of: tokens[before]), headerStart, parameters)
        }
        // `class A extends B {`, `interface I {`, `enum E {`: the keyword on the same statement.
        j = brace - 1
        steps = 0
        while j >= 0, steps < 32, tokens[j].kind != .semicolon, tokens[j].kind != .leftBrace,
            tokens[j].kind != .rightBrace
        {
            if tokens[j].kind == .keyword {
                if isWord(j, "class") || isWord(j, "interface") || isWord(j, "enum") {
                    let name = j + 1 < brace && tokens[j + 1].kind == .identifier ? file.text(of: tokens[j + 1]) : nil
                    return (.type, name, j, [])
                }
                return nil
            }
            j -= 1
            steps += 1
        }
        return nil
    }
}

/// The names a Python `def` or a JavaScript function declares between `start` and `end` (its
/// parentheses): each name first in its parameter (after `*`, `**` or `...`), before a `:`, a
/// `=`, a `,` or the end. Each is passed by position: its call label is none.
func positionalParameters(_ tokens: [Token], _ partner: [Int32], _ file: SourceFile, from start: Int, to end: Int)
    -> [Scope.Parameter]
{
    var parameters: [Scope.Parameter] = []
    var j = start
    var expectingName = true
    while j < end {
        let token = tokens[j]
        switch token.kind {
        case .leftParen, .leftBracket, .leftBrace, .stringOpen:
            if partner[j] > j { j = Int(partner[j]) }
            expectingName = false
        case .comma:
            expectingName = true
        case .operator where expectingName:
            break  // `*args`, `**kwargs`, `...rest`
        case .identifier where expectingName:
            let next = j + 1 < end ? tokens[j + 1].kind : .rightParen
            if next == .comma || next == .colon || next == .rightParen || next == .operator {
                parameters.append(Scope.Parameter(label: "_", name: file.text(of: token), type: nil, index: j))
            }
            expectingName = false
        default:
            expectingName = false
        }
        j += 1
    }
    return parameters
}
