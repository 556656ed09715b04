import AuthLintModel
import AuthLintSyntax

/// Reads `Cartfile` and `Cartfile.resolved` lines: `github "owner/repo" ~> 1.0`,
/// `git "https://host/repo.git" "branch"`, `binary "https://host/spec.json"`.
enum CartfileParser {
    static func parse(_ bytes: [UInt8], path: String) -> [LinkedPackage] {
        var packages: [LinkedPackage] = []
        var lineNumber = 0
        for rawLine in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine.trimmingSpaces()
            if let hash = line.firstIndex(of: "#") { line = line[..<hash].trimmingSpaces() }
            guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else { continue }
            let origin = line[..<space]
            guard origin == "github" || origin == "git" || origin == "binary" else { continue }
            let rest = line[space...].trimmingSpaces()
            guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else { continue }
            let location = String(rest[rest.index(after: rest.startIndex)..<close])
            var version = String(rest[rest.index(after: close)...].trimmingSpaces())
            if version.count >= 2, version.hasPrefix("\""), version.hasSuffix("\"") {
                version = String(version.dropFirst().dropLast())
            }
            var name = ProjectPath.lastComponent(of: location.hasSuffix("/") ? String(location.dropLast()) : location)
            for suffix in [".git", ".json"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
            guard !name.isEmpty else { continue }
            packages.append(
                LinkedPackage(
                    name: name, version: version.isEmpty ? nil : version, manager: .carthage,
                    source: path, line: lineNumber, location: location))
        }
        return packages
    }
}
