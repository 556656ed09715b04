import AuthLintModel
import AuthLintSyntax

/// Build-setting arithmetic shared by Xcode projects and xcconfig files: layering with
/// `$(inherited)` and `$(VARIABLE)` expansion.
public enum BuildSettings {
    /// No value grows past this many bytes: `X = $(inherited)$(inherited)` on every level, or
    /// `A = $(A)$(A)`, would double it each time. A value cut at the bound is reported
    /// (``reachesBound(_:)``) as `too-complex`.
    public static let maximumValueLength = 64 << 10

    /// `value` with `$(inherited)` / `${inherited}` replaced by `inherited` (empty when nil), cut
    /// at ``maximumValueLength``.
    public static func inheriting(_ value: String, from inherited: String?) -> String {
        guard value.contains("inherited") else { return value }
        let base = inherited ?? ""
        let text = Array(value.utf8)
        let space: Set<UInt8> = [0x20, 0x09, 0x0D]
        var start = 0
        var end = text.count
        while start < end, space.contains(text[start]) { start += 1 }
        while end > start, space.contains(text[end - 1]) { end -= 1 }
        // A value at the bound that starts with itself stays the same value: no copy.
        if base.utf8.count >= maximumValueLength, isInherited(text, at: start) { return base }
        // Bytes, stopping at the bound: a copy no larger than the bound, whatever the doubling.
        var out: [UInt8] = []
        var index = start
        while index < end, out.count < maximumValueLength {
            if isInherited(text, at: index) {
                out += base.utf8.prefix(maximumValueLength - out.count)
                index += "$(inherited)".utf8.count
            } else {
                out.append(text[index])
                index += 1
            }
        }
        while let last = out.last, space.contains(last) { out.removeLast() }
        while let first = out.first, space.contains(first) { out.removeFirst() }
        return String(decoding: out, as: UTF8.self)
    }

    /// `$(inherited)` or `${inherited}` at `index`.
    private static func isInherited(_ text: [UInt8], at index: Int) -> Bool {
        let name = Array("inherited".utf8)
        guard index + 12 <= text.count, text[index] == UInt8(ascii: "$") else { return false }
        let open = text[index + 1]
        let close = text[index + 11]
        guard
            (open == UInt8(ascii: "(") && close == UInt8(ascii: ")"))
                || (open == UInt8(ascii: "{") && close == UInt8(ascii: "}"))
        else {
            return false
        }
        return text[(index + 2)..<(index + 11)].elementsEqual(name)
    }

    /// Whether any of `settings` was cut at ``maximumValueLength``.
    public static func reachesBound(_ settings: [String: String]) -> Bool {
        settings.values.contains { $0.utf8.count >= maximumValueLength }
    }

    static func bounded(_ value: String) -> String {
        guard value.utf8.count > maximumValueLength else { return value }
        return String(decoding: value.utf8.prefix(maximumValueLength), as: UTF8.self)
    }

    /// `top` laid over `base`, each `$(inherited)` in `top` standing for the value in `base`.
    public static func layer(_ top: [String: String], over base: [String: String]) -> [String: String] {
        var result = base
        for (key, value) in top { result[key] = inheriting(value, from: base[key]) }
        return result
    }

    /// Expands `$(NAME)`, `${NAME}` and `$(NAME:modifier)` (modifiers are ignored) from `variables`,
    /// recursively up to a fixed depth; unknown variables, and a variable met again inside its own
    /// expansion, are left as written. Each variable is expanded once, and the result is cut at
    /// ``maximumValueLength``.
    public static func expand(_ value: String, variables: [String: String]) -> String {
        var expander = Expander(variables: variables)
        return expander.expand(value, depth: 0)
    }

    private struct Expander {
        let variables: [String: String]
        var expanded: [String: String] = [:]
        var open: Set<String> = []

        init(variables: [String: String]) {
            self.variables = variables
        }

        mutating func expand(_ value: String, depth: Int) -> String {
            guard depth < 16, value.contains("$") else { return value }
            var output = ""
            var index = value.startIndex
            // Where a search for `)` or `}` last came up empty: no later `$(` or `${` can be
            // closed either, so none searches again (each value is read once, not once per `$(`).
            var unclosedParenthesis = value.endIndex
            var unclosedBrace = value.endIndex
            while index < value.endIndex, output.utf8.count <= BuildSettings.maximumValueLength {
                let character = value[index]
                let next = value.index(after: index)
                if character == "$", next < value.endIndex, value[next] == "(" || value[next] == "{" {
                    let parenthesis = value[next] == "("
                    let close: Character = parenthesis ? ")" : "}"
                    let unclosed = parenthesis ? unclosedParenthesis : unclosedBrace
                    let end = next >= unclosed ? nil : value[next...].firstIndex(of: close)
                    if end == nil {
                        if parenthesis {
                            unclosedParenthesis = min(unclosedParenthesis, next)
                        } else {
                            unclosedBrace = min(unclosedBrace, next)
                        }
                    }
                    if let end {
                        let inner = value[value.index(after: next)..<end]
                        let name = inner.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
                        if let replacement = variable(name, depth: depth) {
                            output += replacement
                        } else {
                            output += value[index...end]
                        }
                        index = value.index(after: end)
                        continue
                    }
                }
                output.append(character)
                index = next
            }
            return BuildSettings.bounded(output)
        }

        private mutating func variable(_ name: String, depth: Int) -> String? {
            if let done = expanded[name] { return done }
            guard let raw = variables[name], !open.contains(name) else { return nil }
            open.insert(name)
            let result = expand(raw, depth: depth + 1)
            open.remove(name)
            expanded[name] = result
            return result
        }
    }
}
