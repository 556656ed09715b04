import AuthLintModel
import AuthLintSyntax

/// Reads CocoaPods files: the `Podfile` (a Ruby DSL, read line by line: `pod` lines, `target` and
/// `abstract_target` blocks, and `def` blocks called from targets) and `Podfile.lock` (`PODS:`).
enum PodfileParser {
    private enum Block {
        case target(String)
        case definition(String)
        case other
    }

    private static let blockOpeners: Set<String> = [
        "if", "unless", "case", "begin", "while", "until", "for", "class", "module",
    ]

    static func parsePodfile(_ bytes: [UInt8], path: String) -> [LinkedPackage] {
        var packages: [LinkedPackage] = []
        var definitions: [String: [LinkedPackage]] = [:]
        var stack: [Block] = []
        var lineNumber = 0
        for rawLine in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = stripComment(rawLine).trimmingSpaces()
            guard !line.isEmpty else { continue }
            let word = line.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "!" || $0 == "?" }
            let rest = line.dropFirst(word.count).trimmingSpaces()
            let opensDo = opensBlock(line)
            switch word {
            case "end":
                if !stack.isEmpty { stack.removeLast() }
            case "target", "abstract_target":
                if opensDo { stack.append(firstArgument(rest).map { .target($0) } ?? .other) }
            case "def":
                let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                stack.append(.definition(String(name)))
            case "pod":
                guard let name = firstArgument(rest) else { continue }
                let arguments = stringArguments(rest)
                let version = arguments.dropFirst().first { requirement in
                    requirement.first.map { $0.isNumber || "~<>=".contains($0) } ?? false
                }
                let location = gitLocation(rest)
                var package = LinkedPackage(
                    name: name, version: version, manager: .cocoaPods, source: path,
                    line: lineNumber, target: currentTarget(stack), location: location)
                if let definition = currentDefinition(stack) {
                    package.target = nil
                    definitions[definition, default: []].append(package)
                } else {
                    packages.append(package)
                }
                if opensDo { stack.append(.other) }
            default:
                if let called = definitions[String(word)], rest.isEmpty || rest.hasPrefix("(") {
                    let target = currentTarget(stack)
                    if let definition = currentDefinition(stack) {
                        definitions[definition, default: []] += called
                    } else {
                        packages += called.map { package in
                            var copy = package
                            copy.target = target
                            return copy
                        }
                    }
                } else if blockOpeners.contains(String(word)) || opensDo {
                    stack.append(.other)
                }
            }
        }
        return packages
    }

    /// Whether the line ends by opening a `do` block (`… do` or `… do |x|`).
    private static func opensBlock(_ line: Substring) -> Bool {
        if line == "do" || line.hasSuffix(" do") || line.hasSuffix("\tdo") { return true }
        guard line.hasSuffix("|"), let range = line.firstRange(of: " do |") ?? line.firstRange(of: " do|") else {
            return false
        }
        return !line[range.upperBound...].dropLast().contains("|")
    }

    /// The innermost enclosing target.
    private static func currentTarget(_ stack: [Block]) -> String? {
        for block in stack.reversed() {
            if case .target(let name) = block { return name }
        }
        return nil
    }

    /// The innermost enclosing `def`, if the line is inside one.
    private static func currentDefinition(_ stack: [Block]) -> String? {
        for block in stack.reversed() {
            if case .definition(let name) = block { return name }
        }
        return nil
    }

    /// A line without its `#` comment (a `#` inside quotes does not start one).
    private static func stripComment(_ line: Substring) -> Substring {
        var quote: Character?
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#" {
                return line[..<index]
            }
        }
        return line
    }

    /// The string literals of an argument list, in order.
    private static func stringArguments(_ text: Substring) -> [String] {
        var result: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "'" || character == "\"" {
                let start = text.index(after: index)
                guard let close = text[start...].firstIndex(of: character) else { break }
                result.append(String(text[start..<close]))
                index = text.index(after: close)
            } else {
                index = text.index(after: index)
            }
        }
        return result
    }

    /// The first argument: a string literal or a `:symbol`.
    private static func firstArgument(_ text: Substring) -> String? {
        var rest = text
        if rest.hasPrefix("(") { rest = rest.dropFirst().trimmingSpaces() }
        if rest.hasPrefix(":") {
            let symbol = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return symbol.isEmpty ? nil : String(symbol)
        }
        guard let quote = rest.first, quote == "'" || quote == "\"" else { return nil }
        let body = rest.dropFirst()
        guard let close = body.firstIndex(of: quote) else { return nil }
        let name = String(body[..<close])
        return name.isEmpty ? nil : name
    }

    /// The URL of a `:git => '…'` or `git: '…'` option.
    private static func gitLocation(_ text: Substring) -> String? {
        for marker in [":git", "git:", ":path", "path:", ":podspec", "podspec:"] {
            guard let range = text.firstRange(of: marker) else { continue }
            if let value = stringArguments(text[range.upperBound...]).first { return value }
        }
        return nil
    }

    static func parseLockfile(_ bytes: [UInt8], path: String) -> [LinkedPackage] {
        var packages: [LinkedPackage] = []
        var inPods = false
        var lineNumber = 0
        for rawLine in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if !line.hasPrefix(" "), !line.isEmpty {
                inPods = line == "PODS:"
                continue
            }
            guard inPods, line.hasPrefix("  - ") else { continue }
            var entry = line.dropFirst(4).trimmingSpaces()
            if entry.hasSuffix(":") { entry = entry.dropLast() }
            if entry.count >= 2, entry.first == "\"" || entry.first == "'", entry.last == entry.first {
                entry = entry.dropFirst().dropLast()
            }
            var name = entry
            var version: String?
            if let open = entry.firstIndex(of: "("), entry.hasSuffix(")") {
                name = entry[..<open].trimmingSpaces()
                version = String(entry[entry.index(after: open)..<entry.index(before: entry.endIndex)])
            }
            guard !name.isEmpty else { continue }
            packages.append(
                LinkedPackage(name: String(name), version: version, manager: .cocoaPods, source: path, line: lineNumber)
            )
        }
        return packages
    }
}
