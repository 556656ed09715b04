/// Build-setting arithmetic shared by Xcode projects and xcconfig files: layering with
/// `$(inherited)` and `$(VARIABLE)` expansion.
public enum BuildSettings {
    /// `value` with `$(inherited)` / `${inherited}` replaced by `inherited` (empty when nil).
    public static func inheriting(_ value: String, from inherited: String?) -> String {
        guard value.contains("inherited") else { return value }
        let base = inherited ?? ""
        let replaced = value.replacing("$(inherited)", with: base).replacing("${inherited}", with: base)
        return String(Substring(replaced).trimmingSpaces())
    }

    /// `top` laid over `base`, each `$(inherited)` in `top` standing for the value in `base`.
    public static func layer(_ top: [String: String], over base: [String: String]) -> [String: String] {
        var result = base
        for (key, value) in top { result[key] = inheriting(value, from: base[key]) }
        return result
    }

    /// Expands `$(NAME)`, `${NAME}` and `$(NAME:modifier)` (modifiers are ignored) from `variables`,
    /// recursively up to a fixed depth; unknown variables are left as written.
    public static func expand(_ value: String, variables: [String: String]) -> String {
        expand(value, variables: variables, depth: 0)
    }

    private static func expand(_ value: String, variables: [String: String], depth: Int) -> String {
        guard depth < 16, value.contains("$") else { return value }
        var output = ""
        var index = value.startIndex
        while index < value.endIndex {
            let character = value[index]
            let next = value.index(after: index)
            if character == "$", next < value.endIndex, value[next] == "(" || value[next] == "{" {
                let close: Character = value[next] == "(" ? ")" : "}"
                if let end = value[next...].firstIndex(of: close) {
                    let inner = value[value.index(after: next)..<end]
                    let name = inner.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
                    if let replacement = variables[name] {
                        output += expand(replacement, variables: variables, depth: depth + 1)
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
        return output
    }
}
