import Foundation

// Writes `ConditionKinds.builtIn`: the type of each condition file named on the command line,
// named after its file (`Conditions/EntitlementLacks.swift` holds `EntitlementLacks`).
// Usage: ListConditions OUTPUT FILE...

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: ListConditions OUTPUT FILE...\n".utf8))
    exit(2)
}

func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
    else { return false }
    return name.unicodeScalars.allSatisfy {
        $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0)
    }
}

var names: [String] = []
for path in arguments.dropFirst() {
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    guard isIdentifier(name) else {
        FileHandle.standardError.write(
            Data("error: \(path): a condition file is named after its type, an identifier\n".utf8))
        exit(1)
    }
    names.append(name)
}
names.sort()

var text = """
    // Made at build time from the files of AuthLintAnalysis/Conditions, one type each.
    import AuthLintRules

    extension ConditionKinds {
        /// Every condition and value test of `Conditions/`.
        package static let builtIn = ConditionKinds.evaluated([

    """
for name in names { text += "        \(name).self,\n" }
text += "    ])\n}\n"
do {
    try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("error: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
