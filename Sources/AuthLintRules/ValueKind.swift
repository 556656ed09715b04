import AuthLintModel
import AuthLintSyntax

/// What kind of value an expression visibly is: a Boolean, a number, a date or a string literal. Such values are
/// read off something (a flag, a count, a time) and are never the thing itself: whether a token
/// is there is not the token. Or `nil`, which is nothing at all: clearing a stored value stores
/// no token.
public enum ValueKind: String, Sendable, Hashable, CaseIterable {
    case boolean, number, date
    case nothing = "nil"
    /// A string literal without interpolation: a key, a label, a marker the app ships, never a
    /// user's token.
    case literal

    /// The kind a declared type names (`Bool`, `Int?`, `TimeInterval`, `Date`), if one of these.
    package init?(typeName: String) {
        let bare = typeName.trimmingCharacters(in: ["?", "!"])
        switch bare {
        case "Bool", "ObjCBool":
            self = .boolean
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
            "Double", "Float", "CGFloat", "TimeInterval", "Decimal", "NSNumber":
            self = .number
        case "Date", "NSDate":
            self = .date
        default:
            return nil
        }
    }

    /// The kind of the expression in `range`, from what it visibly is: a literal, a comparison or
    /// logical operation, a conversion (`Int(…)`, `Date()`), or a chain that ends in what is read
    /// off a value (`.isEmpty`, `.count`, `.hasPrefix(…)`, `.contains(…)`, `.timeIntervalSince1970`).
    package static func of(_ code: CodeView, _ range: Range<Int>) -> ValueKind? {
        guard !range.isEmpty else { return nil }
        let first = range.lowerBound
        if range.count == 1 {
            if code.token(first, is: "true") || code.token(first, is: "false") { return .boolean }
            if code.token(first, is: "nil") { return .nothing }
            if code.kind(first) == .integerLiteral || code.kind(first) == .floatLiteral { return .number }
        }
        // An empty string is a placeholder until something is stored, not a constant.
        if code.kind(first) == .stringOpen, Int(code.partner[first]) == range.upperBound - 1,
            let text = code.stringValue(at: first), !text.isEmpty
        {
            return .literal
        }
        if code.kind(first) == .operator, code.token(first, is: "!") { return .boolean }
        if code.kind(first) == .operator, code.token(first, is: "-"), range.count == 2,
            code.kind(first + 1) == .integerLiteral || code.kind(first + 1) == .floatLiteral
        {
            return .number
        }
        // Operators at the expression's own depth.
        var index = first
        var lastMember: Int?
        while index < range.upperBound {
            let kind = code.kind(index)
            if kind == .operator {
                for word: StaticString in ["==", "!=", "<", ">", "<=", ">=", "===", "!==", "&&", "||"]
                where code.token(index, is: word) {
                    return .boolean
                }
            }
            if kind == .period, index + 1 < range.upperBound, code.kind(index + 1) == .identifier {
                lastMember = index + 1
            }
            if [.leftParen, .leftBracket, .leftBrace, .stringOpen].contains(kind), Int(code.partner[index]) > index {
                index = Int(code.partner[index]) + 1
                continue
            }
            index += 1
        }
        // `Date()`, `Date.now`, `Int(text)`, `Bool(flag)`.
        if code.kind(first) == .identifier, let kind = ValueKind(typeName: code.text(first)),
            first + 1 < range.upperBound, code.kind(first + 1) == .leftParen || code.kind(first + 1) == .period
        {
            if kind == .date || code.kind(first + 1) == .leftParen { return kind }
        }
        guard let member = lastMember else { return nil }
        // What the chain ends with must be the member itself, or a call of it.
        let after = member + 1
        let endsThere =
            after == range.upperBound
            || (code.kind(after) == .leftParen && Int(code.partner[after]) + 1 == range.upperBound)
        guard endsThere else { return nil }
        let name = code.text(member)
        if ["isEmpty", "hasPrefix", "hasSuffix", "contains", "starts", "allSatisfy", "elementsEqual"].contains(name) {
            return .boolean
        }
        if name.count > 2, name.hasPrefix("is"), name.dropFirst(2).first?.isUppercase == true { return .boolean }
        if name.count > 3, name.hasPrefix("has"), name.dropFirst(3).first?.isUppercase == true { return .boolean }
        if [
            "count", "hashValue", "timeIntervalSince1970", "timeIntervalSinceNow", "timeIntervalSinceReferenceDate",
            "utf8CString",
        ]
        .contains(name) {
            return name == "utf8CString" ? nil : .number
        }
        return nil
    }
}
