import AuthLintModel
import AuthLintSyntax

/// Reads a `Package.swift` lexically, without running it: `.package(url:…)` dependencies,
/// target declarations with their `path:` and `dependencies:`, `.product(name:package:)` uses, and
/// the products it vends (`.library`, `.executable`, `.iOSApplication`) with their targets.
enum PackageManifestParser {
    private static let targetKinds: Set<String> = [
        "target", "executableTarget", "testTarget", "macro", "plugin", "binaryTarget", "systemLibrary",
    ]
    private static let productKinds: Set<String> = ["library", "executable", "iOSApplication"]

    struct Token {
        enum Kind { case identifier, string, punctuation }
        var kind: Kind
        var text: String
        var line: Int
    }

    static func parse(_ bytes: [UInt8], path: String) -> (
        packages: [LinkedPackage], targets: [SwiftPackageTarget], products: [SwiftPackageProduct]
    ) {
        let tokens = tokenize(bytes)
        let folder = ProjectPath.directory(of: path)
        var packages: [LinkedPackage] = []
        var targets: [SwiftPackageTarget] = []
        var products: [SwiftPackageProduct] = []
        var index = 0
        while index + 2 < tokens.count {
            guard tokens[index].text == ".", tokens[index + 1].kind == .identifier, tokens[index + 2].text == "(" else {
                index += 1
                continue
            }
            let callee = tokens[index + 1].text
            let (arguments, close) = self.arguments(tokens, open: index + 2)
            if callee == "package" {
                if let package = dependency(tokens, arguments: arguments, line: tokens[index + 1].line, path: path) {
                    packages.append(package)
                }
            } else if targetKinds.contains(callee), let name = string(tokens, arguments["name"]) {
                var target = SwiftPackageTarget(
                    name: name, kind: callee, path: "", dependencies: [], manifest: path, line: tokens[index + 1].line)
                let defaultFolder = callee == "testTarget" ? "Tests" : callee == "plugin" ? "Plugins" : "Sources"
                target.path = ProjectPath.join(folder, string(tokens, arguments["path"]) ?? "\(defaultFolder)/\(name)")
                if let range = arguments["dependencies"] {
                    for (dependency, product) in dependencies(tokens, in: range) {
                        target.dependencies.append(dependency.name)
                        if let product {
                            packages.append(
                                LinkedPackage(
                                    name: dependency.name, manager: .swiftPackageManager, source: path,
                                    line: dependency.line, target: name, location: product))
                        }
                    }
                }
                targets.append(target)
            } else if productKinds.contains(callee), let name = string(tokens, arguments["name"]) {
                let members = arguments["targets"].map { dependencies(tokens, in: $0).map(\.name.name) } ?? []
                products.append(
                    SwiftPackageProduct(
                        name: name, kind: callee, targets: members, manifest: path, line: tokens[index + 1].line))
            } else {
                index += 3
                continue
            }
            index = close + 1
        }
        return (packages, targets, products)
    }

    /// A `.package(…)` dependency: named by `name:`, `id:`, or the URL's or path's last segment.
    private static func dependency(_ tokens: [Token], arguments: [String: Range<Int>], line: Int, path: String)
        -> LinkedPackage?
    {
        let location =
            string(tokens, arguments["url"]) ?? string(tokens, arguments["path"]) ?? string(tokens, arguments["id"])
        var name = string(tokens, arguments["name"])
        if name == nil,
            var last = location.map({ ProjectPath.lastComponent(of: $0.hasSuffix("/") ? String($0.dropLast()) : $0) })
        {
            if last.hasSuffix(".git") { last = String(last.dropLast(4)) }
            name = last
        }
        guard let name, !name.isEmpty else { return nil }
        var version =
            string(tokens, arguments["from"]) ?? string(tokens, arguments["exact"])
            ?? string(tokens, arguments["branch"]) ?? string(tokens, arguments["revision"])
        if version == nil, let unlabeled = arguments[""], tokens[unlabeled].contains(where: { $0.kind == .string }) {
            version = tokens[unlabeled].first { $0.kind == .string }?.text
        }
        return LinkedPackage(
            name: name, version: version, manager: .swiftPackageManager, source: path, line: line, location: location)
    }

    /// The entries of a `dependencies: [...]` argument: plain names, `.target(name:)`,
    /// `.byName(name:)` and `.product(name:package:)` (with the package, or the name when omitted).
    private static func dependencies(_ tokens: [Token], in range: Range<Int>) -> [(
        name: (name: String, line: Int), product: String?
    )] {
        var result: [(name: (name: String, line: Int), product: String?)] = []
        var index = range.lowerBound
        var depth = 0
        while index < range.upperBound {
            let token = tokens[index]
            if token.text == "[" || token.text == "(" {
                depth += 1
            } else if token.text == "]" || token.text == ")" {
                depth -= 1
            } else if token.kind == .string, depth == 1 {
                result.append(((token.text, token.line), nil))
            } else if token.text == ".", index + 2 < range.upperBound, tokens[index + 2].text == "(" {
                let callee = tokens[index + 1].text
                let (arguments, close) = self.arguments(tokens, open: index + 2)
                if let name = string(tokens, arguments["name"]) {
                    if callee == "product" {
                        result.append(((name, tokens[index + 1].line), string(tokens, arguments["package"]) ?? name))
                    } else if callee == "target" || callee == "byName" {
                        result.append(((name, tokens[index + 1].line), nil))
                    }
                }
                index = close + 1
                continue
            }
            index += 1
        }
        return result
    }

    /// The labelled arguments of the call whose `(` is at `open` (unlabelled ones under `""`,
    /// the first one kept), and the index of its `)`.
    private static func arguments(_ tokens: [Token], open: Int) -> ([String: Range<Int>], Int) {
        var result: [String: Range<Int>] = [:]
        var depth = 0
        var start = open + 1
        var index = open
        func finish(_ end: Int) {
            guard start < end else { return }
            if end - start >= 2, tokens[start].kind == .identifier, tokens[start + 1].text == ":" {
                if result[tokens[start].text] == nil { result[tokens[start].text] = (start + 2)..<end }
            } else if result[""] == nil {
                result[""] = start..<end
            }
        }
        while index < tokens.count {
            let text = tokens[index].text
            if tokens[index].kind == .punctuation {
                if text == "(" || text == "[" || text == "{" {
                    depth += 1
                } else if text == ")" || text == "]" || text == "}" {
                    depth -= 1
                    if depth == 0 {
                        finish(index)
                        return (result, index)
                    }
                } else if text == ",", depth == 1 {
                    finish(index)
                    start = index + 1
                }
            }
            index += 1
        }
        finish(tokens.count)
        return (result, tokens.count - 1)
    }

    /// The argument's value when it is a single string literal.
    private static func string(_ tokens: [Token], _ range: Range<Int>?) -> String? {
        guard let range, range.count == 1, tokens[range.lowerBound].kind == .string else { return nil }
        return tokens[range.lowerBound].text
    }

    /// Identifiers, string literals (interpolations kept as written) and one-character punctuation;
    /// comments and whitespace are dropped.
    static func tokenize(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        var line = 1
        let count = bytes.count
        func isIdentifier(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte >= 0x80 || (byte >= 0x30 && byte <= 0x39)
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                index += 1
                continue
            }
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < count, bytes[index] != 0x0A { index += 1 }
                continue
            }
            if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
                var depth = 0
                while index < count {
                    if bytes[index] == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
                        depth += 1
                        index += 2
                        continue
                    }
                    if bytes[index] == UInt8(ascii: "*"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                        depth -= 1
                        index += 2
                        if depth == 0 { break }
                        continue
                    }
                    if bytes[index] == 0x0A { line += 1 }
                    index += 1
                }
                continue
            }
            if byte == UInt8(ascii: "\"")
                || (byte == UInt8(ascii: "#") && index + 1 < count
                    && (bytes[index + 1] == UInt8(ascii: "\"") || bytes[index + 1] == UInt8(ascii: "#")))
            {
                let startLine = line
                var hashes = 0
                while index < count, bytes[index] == UInt8(ascii: "#") {
                    hashes += 1
                    index += 1
                }
                let multiline =
                    index + 2 < count && bytes[index + 1] == UInt8(ascii: "\"")
                    && bytes[index + 2] == UInt8(ascii: "\"")
                let quotes = multiline ? 3 : 1
                index += quotes
                var content: [UInt8] = []
                while index < count {
                    let current = bytes[index]
                    if current == UInt8(ascii: "\\"), hashes == 0, index + 1 < count {
                        content.append(current)
                        content.append(bytes[index + 1])
                        index += 2
                        continue
                    }
                    if current == UInt8(ascii: "\"") {
                        var closes = index + quotes + hashes <= count
                        var k = 0
                        while closes, k < quotes {
                            closes = bytes[index + k] == UInt8(ascii: "\"")
                            k += 1
                        }
                        k = 0
                        while closes, k < hashes {
                            closes = bytes[index + quotes + k] == UInt8(ascii: "#")
                            k += 1
                        }
                        if closes {
                            index += quotes + hashes
                            break
                        }
                    }
                    if current == 0x0A {
                        line += 1
                        if !multiline { break }
                    }
                    content.append(current)
                    index += 1
                }
                tokens.append(Token(kind: .string, text: String(decoding: content, as: UTF8.self), line: startLine))
                continue
            }
            if isIdentifier(byte) {
                let start = index
                while index < count, isIdentifier(bytes[index]) { index += 1 }
                tokens.append(
                    Token(kind: .identifier, text: String(decoding: bytes[start..<index], as: UTF8.self), line: line))
                continue
            }
            tokens.append(Token(kind: .punctuation, text: String(UnicodeScalar(byte)), line: line))
            index += 1
        }
        return tokens
    }
}
