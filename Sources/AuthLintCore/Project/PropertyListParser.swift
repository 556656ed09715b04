import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Parses property lists into `PlistNode` trees: XML lists with the line of every key and value
/// and their comments, binary (`bplist00`) lists without lines.
public enum PropertyListParser {
    /// Parses a property list file's bytes. A file that cannot be parsed gives a `root` of nil and
    /// a `.malformedPlist` diagnostic; a DOCTYPE that declares entities is refused outright.
    public static func parse(_ bytes: [UInt8], path: String, kind: ProjectFileKind = .propertyList) -> (file: PropertyListFile, diagnostics: [Diagnostic]) {
        if bytes.starts(with: Array("bplist".utf8)) {
            return parseBinary(bytes, path: path, kind: kind)
        }
        var file = PropertyListFile(path: path, kind: kind, format: .xml, root: nil)
        func failure(_ message: String, line: Int?) -> (file: PropertyListFile, diagnostics: [Diagnostic]) {
            (file, [Diagnostic(path: path, kind: .malformedPlist, message: message, line: line)])
        }
        if let line = entityDeclarationLine(in: bytes) {
            return failure("property list declares XML entities in its DOCTYPE; refused", line: line)
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return failure("empty property list", line: nil)
        }
        if bytes.prefix(FileReader.binaryProbeLength).contains(0) {
            // Encrypted (git-crypt, for one) or otherwise not a property list at all.
            let hint = bytes.starts(with: Array("\u{0}GITCRYPT".utf8)) ? "encrypted with git-crypt" : "binary content"
            return (file, [Diagnostic(path: path, kind: .binaryFile, message: "not a property list (\(hint))")])
        }
        let builder = PlistTreeBuilder()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        builder.parser = parser
        let succeeded = parser.parse()
        builder.parser = nil
        file.comments = builder.comments
        if let error = builder.error {
            return failure(error.message, line: error.line)
        }
        if !succeeded {
            return failure("malformed XML", line: parser.lineNumber > 0 ? parser.lineNumber : nil)
        }
        guard let root = builder.root else {
            return failure("property list has no value", line: nil)
        }
        file.root = root
        return (file, [])
    }

    /// Parses a binary property list; nodes carry line 0.
    static func parseBinary(_ bytes: [UInt8], path: String, kind: ProjectFileKind) -> (file: PropertyListFile, diagnostics: [Diagnostic]) {
        var file = PropertyListFile(path: path, kind: kind, format: .binary, root: nil)
        switch BinaryPropertyList.parse(bytes) {
        case .success(let root):
            file.root = root
            return (file, [])
        case .failure(.tooComplex):
            return (file, [Diagnostic(path: path, kind: .tooComplex,
                                      message: "binary property list shares objects into a tree larger than the file; not read")])
        case .failure(.malformed(let message)):
            return (file, [Diagnostic(path: path, kind: .malformedPlist, message: message)])
        }
    }

    /// The line of an `<!ENTITY` declaration outside comments, if any (UTF-16 text is searched
    /// with its NUL bytes dropped).
    static func entityDeclarationLine(in bytes: [UInt8]) -> Int? {
        var text = bytes
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            text = bytes.filter { $0 != 0 }
        }
        let entity = Array("<!ENTITY".utf8)
        let commentOpen = Array("<!--".utf8)
        let commentClose = Array("-->".utf8)
        var line = 1
        var index = 0
        func hasPrefix(_ prefix: [UInt8], at position: Int) -> Bool {
            guard position + prefix.count <= text.count else { return false }
            for k in 0..<prefix.count where text[position + k] != prefix[k] { return false }
            return true
        }
        while index < text.count {
            let byte = text[index]
            if byte == 0x0A {
                line += 1
            } else if byte == UInt8(ascii: "<") {
                if hasPrefix(commentOpen, at: index) {
                    index += commentOpen.count
                    while index < text.count, !hasPrefix(commentClose, at: index) {
                        if text[index] == 0x0A { line += 1 }
                        index += 1
                    }
                    index += commentClose.count
                    continue
                }
                if hasPrefix(entity, at: index) { return line }
            }
            index += 1
        }
        return nil
    }
}
