import AuthLintModel
import AuthLintSyntax
import Foundation

/// Reads `Package.resolved` in its version 1 (`object.pins[].package`), 2 and 3
/// (`pins[].identity`) layouts.
enum PackageResolvedParser {
    static func parse(_ bytes: [UInt8], path: String) -> ([LinkedPackage], [Diagnostic]) {
        func malformed(_ message: String) -> ([LinkedPackage], [Diagnostic]) {
            ([], [Diagnostic(path: path, kind: .malformedManifest, message: message)])
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)), let top = object as? [String: Any]
        else {
            return malformed("Package.resolved is not a JSON object")
        }
        let pins: [[String: Any]]
        if let list = top["pins"] as? [[String: Any]] {
            pins = list
        } else if let list = (top["object"] as? [String: Any])?["pins"] as? [[String: Any]] {
            pins = list
        } else {
            return malformed("Package.resolved has no pins")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        var packages: [LinkedPackage] = []
        for pin in pins {
            guard let name = (pin["identity"] as? String) ?? (pin["package"] as? String) else { continue }
            let location = (pin["location"] as? String) ?? (pin["repositoryURL"] as? String)
            let state = pin["state"] as? [String: Any]
            let version =
                (state?["version"] as? String) ?? (state?["branch"] as? String) ?? (state?["revision"] as? String)
            packages.append(
                LinkedPackage(
                    name: name, version: version, manager: .swiftPackageManager, source: path,
                    line: line(of: "\"\(name)\"", in: text), location: location))
        }
        return (packages, [])
    }

    /// The 1-based line of the first occurrence of `needle`, 0 when absent.
    private static func line(of needle: String, in text: String) -> Int {
        guard let range = text.range(of: needle) else { return 0 }
        return text[..<range.lowerBound].utf8.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}
