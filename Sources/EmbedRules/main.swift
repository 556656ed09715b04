import Foundation

// Usage: EmbedRules OUTPUT RULES_DIR
// Writes a Swift file holding the path (relative to RULES_DIR's parent) and text of every
// `*.yaml` / `*.yml` file under RULES_DIR, in path order.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: EmbedRules OUTPUT RULES_DIR\n".utf8))
    exit(2)
}
let output = arguments[1]
let base = URL(fileURLWithPath: arguments[2]).standardizedFileURL.path
var ruleFiles: [String] = []
if let walker = FileManager.default.enumerator(atPath: base) {
    for case let relative as String in walker where relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") {
        ruleFiles.append(relative)
    }
}
ruleFiles.sort()

/// A raw-string delimiter long enough that nothing in `text` can close the literal early.
func delimiter(for text: String) -> String {
    var longest = 0
    var run = -1
    for scalar in text.unicodeScalars {
        if scalar == "\"" {
            run = 0
        } else if scalar == "#", run >= 0 {
            run += 1
            longest = max(longest, run)
        } else {
            run = -1
        }
    }
    return String(repeating: "#", count: longest + 1)
}

var source = "// Built from the rules/ folder by the RuleEmbedder plugin.\n\n"
source += "enum BuiltinRuleFiles {\n    static let files: [(path: String, text: String)] = [\n"
for relative in ruleFiles {
    let path = base + "/" + relative
    let text: String
    do {
        text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("error: \(path): \(error.localizedDescription)\n".utf8))
        exit(1)
    }
    let hashes = delimiter(for: text)
    source +=
        "        (\"rules/\(relative)\", \(hashes)\"\"\"\n\(text)\(text.hasSuffix("\n") ? "" : "\n")\"\"\"\(hashes)),\n"
}
source += "    ]\n}\n"
// An unchanged file is left alone, so that a build whose environment changed (which reruns this
// command) does not recompile the library.
if FileManager.default.contents(atPath: output) == Data(source.utf8) { exit(0) }
do {
    try source.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("error: cannot write \(output): \(error.localizedDescription)\n".utf8))
    exit(1)
}
