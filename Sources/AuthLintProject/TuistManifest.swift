import AuthLintModel
import AuthLintSyntax

/// Reads a Tuist `Project.swift` without running it: the `Target(…)` / `.target(…)` calls it
/// holds, with their `name:`, `product:`, `sources:`, `entitlements:` and `infoPlist:` arguments
/// where they are written as literals. A value a helper computes is left unknown.
enum TuistManifest {
    /// Whether Swift source is a Tuist manifest: it imports `ProjectDescription`.
    static func isManifest(_ code: CodeView) -> Bool {
        code.imports.contains("ProjectDescription")
    }

    static func parse(_ code: CodeView, path: String) -> ManifestProject {
        var project = ManifestProject(path: path, name: ProjectPath.lastComponent(of: ProjectPath.directory(of: path)))
        var index = 0
        while index + 1 < code.count {
            defer { index += 1 }
            guard code.kind(index + 1) == .leftParen, isTargetCall(code, index) else { continue }
            let arguments = self.arguments(code, open: index + 1)
            guard arguments["product"] != nil || arguments["sources"] != nil || arguments["bundleId"] != nil else {
                continue
            }
            let line = Int(code.tokens[index].line)
            var target = ManifestProject.Target(name: "", line: line)
            if let name = arguments["name"], let value = code.stringValue(at: name.lowerBound), name.count == 3 {
                target.name = value
            } else {
                target.name = "target at line \(line)"
            }
            if let product = arguments["product"], product.count == 2, code.kind(product.lowerBound) == .period {
                target.productType = ManifestProject.productType(code.text(product.lowerBound + 1))
            }
            if let sources = arguments["sources"] {
                target.sources = self.sources(code, sources)
            }
            if let entitlements = arguments["entitlements"] {
                target.entitlements = self.entitlements(code, entitlements)
            }
            if let info = arguments["infoPlist"] {
                if let located = filePath(code, info) {
                    target.infoPlist = located
                } else {
                    target.infoPlistKeys = infoPlistKeys(code, info)
                }
            }
            if let dependencies = arguments["dependencies"] {
                target.dependencies = self.dependencies(code, dependencies)
            }
            project.targets.append(target)
        }
        return project
    }

    /// `Target(`, `Target.target(`, or `.target(` at `index` (the name before the parenthesis).
    private static func isTargetCall(_ code: CodeView, _ index: Int) -> Bool {
        if code.token(index, is: "Target") { return index == 0 || code.kind(index - 1) != .period }
        return code.token(index, is: "target") && index > 0 && code.kind(index - 1) == .period
    }

    /// The top-level labelled arguments of the call whose `(` is at `open`: label → token range of the value.
    static func arguments(_ code: CodeView, open: Int) -> [String: Range<Int>] {
        let close = Int(code.partner[open])
        guard close > open else { return [:] }
        var arguments: [String: Range<Int>] = [:]
        for element in elements(code, (open + 1)..<close) where element.count > 1 {
            let start = element.lowerBound
            if code.kind(start) == .identifier || code.kind(start) == .keyword, code.kind(start + 1) == .colon {
                arguments[code.text(start)] = (start + 2)..<element.upperBound
            }
        }
        return arguments
    }

    /// The non-empty comma-separated elements of `range`, brackets and strings kept whole.
    private static func elements(_ code: CodeView, _ range: Range<Int>) -> [Range<Int>] {
        var elements: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index <= range.upperBound {
            if index == range.upperBound || code.kind(index) == .comma {
                if start < index { elements.append(start..<index) }
                start = index + 1
                index += 1
                continue
            }
            if [.leftParen, .leftBracket, .leftBrace, .stringOpen].contains(code.kind(index)),
                Int(code.partner[index]) > index
            {
                index = Int(code.partner[index]) + 1
                continue
            }
            index += 1
        }
        return elements
    }

    /// Every string literal of a `sources:` value as a folder or glob, but those given to `excluding:`.
    private static func sources(_ code: CodeView, _ range: Range<Int>) -> [ManifestProject.Source] {
        var sources: [ManifestProject.Source] = []
        var index = range.lowerBound
        while index < range.upperBound {
            if code.token(index, is: "excluding"), index + 2 < range.upperBound, code.kind(index + 1) == .colon {
                let value = valueEnd(code, from: index + 2, limit: range.upperBound)
                let excluded = strings(code, (index + 2)..<value).map(\.path)
                if !sources.isEmpty { sources[sources.count - 1].excludes += excluded }
                index = value
                continue
            }
            if code.kind(index) == .stringOpen {
                if let value = code.stringValue(at: index) {
                    sources.append(ManifestProject.Source(path: .init(path: value, line: Int(code.tokens[index].line))))
                }
                index = max(Int(code.partner[index]), index) + 1
                continue
            }
            index += 1
        }
        return sources
    }

    /// Targets named in a `dependencies:` value: `.target(name: "X")` and `.project(target: "X", path: …)`.
    private static func dependencies(_ code: CodeView, _ range: Range<Int>) -> [String] {
        var names: [String] = []
        for index in range
        where index > 0 && index + 1 < range.upperBound && code.kind(index - 1) == .period
            && code.kind(index + 1) == .leftParen
            && (code.token(index, is: "target") || code.token(index, is: "project"))
        {
            let arguments = self.arguments(code, open: index + 1)
            if let value = arguments[code.token(index, is: "target") ? "name" : "target"], value.count == 3,
                let name = code.stringValue(at: value.lowerBound)
            {
                names.append(name)
            }
        }
        return names
    }

    /// The end of the argument value starting at `start`: the next `,` or `)` at its own depth.
    private static func valueEnd(_ code: CodeView, from start: Int, limit: Int) -> Int {
        var index = start
        while index < limit {
            let kind = code.kind(index)
            if kind == .comma || kind == .rightParen || kind == .rightBracket { return index }
            if [.leftParen, .leftBracket, .leftBrace, .stringOpen].contains(kind), Int(code.partner[index]) > index {
                index = Int(code.partner[index]) + 1
                continue
            }
            index += 1
        }
        return limit
    }

    private static func strings(_ code: CodeView, _ range: Range<Int>) -> [ManifestProject.Located] {
        range.compactMap { index in
            guard code.kind(index) == .stringOpen, let value = code.stringValue(at: index) else { return nil }
            return ManifestProject.Located(path: value, line: Int(code.tokens[index].line))
        }
    }

    /// A path written `"x"`, `.file(path: "x")`, `.relativeToManifest("x")`, `.path("x")` or
    /// `.file(path: .relativeToManifest("x"))`; nil for anything else (`.extendingDefault(…)`).
    private static func filePath(_ code: CodeView, _ range: Range<Int>) -> ManifestProject.Located? {
        guard !range.isEmpty else { return nil }
        if code.kind(range.lowerBound) == .stringOpen, Int(code.partner[range.lowerBound]) == range.upperBound - 1 {
            return strings(code, range).first
        }
        guard code.kind(range.lowerBound) == .period, range.count >= 4 else { return nil }
        let helper = code.text(range.lowerBound + 1)
        guard ["file", "relativeToManifest", "path", "relativeToCurrentFile"].contains(helper) else { return nil }
        let found = strings(code, range)
        return found.count == 1 ? found[0] : nil
    }

    /// The keys of an Info.plist the manifest generates: `.default` (none of its own),
    /// `.extendingDefault(with: […])` or `.dictionary(…)` written as literals.
    private static func infoPlistKeys(_ code: CodeView, _ range: Range<Int>) -> [String]? {
        guard range.count >= 2, code.kind(range.lowerBound) == .period else { return nil }
        let name = code.text(range.lowerBound + 1)
        if name == "default", range.count == 2 { return [] }
        guard ["extendingDefault", "dictionary"].contains(name), range.count >= 3,
            code.kind(range.lowerBound + 2) == .leftParen
        else { return nil }
        let open = range.lowerBound + 2
        let close = Int(code.partner[open])
        guard close > open else { return nil }
        var inner = (open + 1)..<close
        // `with:` of `.extendingDefault(with:)`.
        if inner.count > 2, code.kind(inner.lowerBound + 1) == .colon {
            inner = (inner.lowerBound + 2)..<inner.upperBound
        }
        // The dictionary's keys, whatever their values are written as.
        guard inner.count >= 2, code.kind(inner.lowerBound) == .leftBracket,
            Int(code.partner[inner.lowerBound]) == inner.upperBound - 1
        else { return nil }
        var keys: [String] = []
        for element in elements(code, (inner.lowerBound + 1)..<(inner.upperBound - 1)) {
            guard code.kind(element.lowerBound) == .stringOpen, let key = code.stringValue(at: element.lowerBound)
            else { return nil }
            keys.append(key)
        }
        return keys
    }

    private static func entitlements(_ code: CodeView, _ range: Range<Int>) -> ManifestProject.Entitlements {
        if let path = filePath(code, range) { return .file(path) }
        if range.count >= 3, code.kind(range.lowerBound) == .period, code.token(range.lowerBound + 1, is: "dictionary"),
            code.kind(range.lowerBound + 2) == .leftParen
        {
            let open = range.lowerBound + 2
            let close = Int(code.partner[open])
            if close > open, let value = plistValue(code, (open + 1)..<close) { return .inline(value) }
        }
        return .unknown
    }

    /// A Tuist `Plist.Value` written as literals: `[key: value]`, `[values]`, `.dictionary(…)`,
    /// `.array(…)`, `.string("…")`, `.boolean(…)`, `.integer(…)`, a string, `true`, a number.
    static func plistValue(_ code: CodeView, _ range: Range<Int>) -> PlistNode? {
        guard !range.isEmpty else { return nil }
        let first = range.lowerBound
        let line = Int(code.tokens[first].line)
        let kind = code.kind(first)
        if kind == .stringOpen, Int(code.partner[first]) == range.upperBound - 1 {
            return code.stringValue(at: first).map { PlistNode(.string($0), line: line) }
        }
        if range.count == 1 {
            if code.token(first, is: "true") { return PlistNode(.bool(true), line: line) }
            if code.token(first, is: "false") { return PlistNode(.bool(false), line: line) }
            if kind == .integerLiteral, let value = Int(code.text(first)) {
                return PlistNode(.integer(value), line: line)
            }
            return nil
        }
        if kind == .period, range.count >= 4, code.kind(first + 2) == .leftParen,
            Int(code.partner[first + 2]) == range.upperBound - 1
        {
            let inner = (first + 3)..<(range.upperBound - 1)
            switch code.text(first + 1) {
            case "dictionary", "array", "string", "boolean", "integer", "real":
                return plistValue(code, inner)
            default:
                return nil
            }
        }
        guard kind == .leftBracket, Int(code.partner[first]) == range.upperBound - 1 else { return nil }
        // The bracket's elements; a `key: value` element makes a dictionary.
        let close = range.upperBound - 1
        let elements = self.elements(code, (first + 1)..<close)
        if elements.isEmpty {
            return PlistNode(
                close > first + 1 && code.kind(first + 1) == .colon ? .dictionary([]) : .array([]), line: line)
        }
        let isDictionary = elements.allSatisfy { element in
            code.kind(element.lowerBound) == .stringOpen
                && Int(code.partner[element.lowerBound]) + 1 < element.upperBound
                && code.kind(Int(code.partner[element.lowerBound]) + 1) == .colon
        }
        if isDictionary {
            var entries: [PlistEntry] = []
            for element in elements {
                let keyClose = Int(code.partner[element.lowerBound])
                guard let key = code.stringValue(at: element.lowerBound),
                    let value = plistValue(code, (keyClose + 2)..<element.upperBound)
                else { return nil }
                entries.append(PlistEntry(key: key, keyLine: Int(code.tokens[element.lowerBound].line), value: value))
            }
            return PlistNode(.dictionary(entries), line: line)
        }
        var items: [PlistNode] = []
        for element in elements {
            guard let value = plistValue(code, element) else { return nil }
            items.append(value)
        }
        return PlistNode(.array(items), line: line)
    }
}
