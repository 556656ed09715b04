import AuthLintModel
import AuthLintSyntax
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses property lists into `PlistNode` trees: XML lists with the line of every key and value
/// and their comments, binary (`bplist00`) lists without lines.
public enum PropertyListParser {
    /// Parses a property list file's bytes. A file that cannot be parsed gives a `root` of nil and
    /// a `.malformedPlist` diagnostic; a DOCTYPE that declares entities is refused outright.
    public static func parse(_ bytes: [UInt8], path: String, kind: ProjectFileKind = .propertyList) -> (
        file: PropertyListFile, diagnostics: [Diagnostic]
    ) {
        if bytes.starts(with: Array("bplist".utf8)) {
            return parseBinary(bytes, path: path, kind: kind)
        }
        var file = PropertyListFile(path: path, kind: kind, format: .xml, root: nil)
        var notices: [Diagnostic] = []
        func failure(_ message: String, line: Int?) -> (file: PropertyListFile, diagnostics: [Diagnostic]) {
            (file, notices + [Diagnostic(path: path, kind: .malformedPlist, message: message, line: line)])
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return failure("empty property list", line: nil)
        }
        if bytes.contains(0) {
            // Encrypted (git-crypt, for one), UTF-16 or UTF-32, or not a property list at all.
            let hint = bytes.starts(with: Array("\u{0}GITCRYPT".utf8)) ? "encrypted with git-crypt" : "binary content"
            return (file, [Diagnostic(path: path, kind: .binaryFile, message: "not a property list (\(hint))")])
        }
        if let refusal = refusal(of: bytes) {
            return failure(refusal.message, line: refusal.line)
        }
        // FoundationXML stops the process on an element or attribute name that is not UTF-8, so
        // ill-formed sequences become U+FFFD before parsing; newlines, and so lines, are kept.
        var text = bytes
        if !declaresLatin1(bytes), let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
            text = Array(String(decoding: bytes, as: UTF8.self).utf8)
            notices.append(
                Diagnostic(
                    path: path, kind: .invalidUTF8,
                    message:
                        "property list is not valid UTF-8 (first ill-formed byte at offset \(offset)); read with replacement characters",
                    line: FileReader.line(ofOffset: offset, in: bytes)))
        }
        let builder = PlistTreeBuilder()
        let parser = XMLParser(data: Data(text))
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
        return (file, notices)
    }

    /// Parses a binary property list; nodes carry line 0.
    static func parseBinary(_ bytes: [UInt8], path: String, kind: ProjectFileKind) -> (
        file: PropertyListFile, diagnostics: [Diagnostic]
    ) {
        var file = PropertyListFile(path: path, kind: kind, format: .binary, root: nil)
        switch BinaryPropertyList.parse(bytes) {
        case .success(let root):
            file.root = root
            return (file, [])
        case .failure(.tooComplex):
            return (
                file,
                [
                    Diagnostic(
                        path: path, kind: .tooComplex,
                        message: "binary property list shares objects into a tree larger than the file; not read")
                ]
            )
        case .failure(.malformed(let message)):
            return (file, [Diagnostic(path: path, kind: .malformedPlist, message: message)])
        }
    }

    /// Markup that no property list holds and that FoundationXML cannot be trusted with, found
    /// wherever it stands (inside a comment too, since a parser recovering from a broken comment
    /// may not agree where it ends): entity declarations (expansion bombs), other DTD declarations
    /// and processing instructions besides the XML declaration (their callbacks stop the process
    /// on a missing identifier or data), and an encoding in which markup is not written byte for
    /// byte as in ASCII (EBCDIC, UTF-7 and the like would hide all of these from this scan).
    static func refusal(of bytes: [UInt8]) -> (message: String, line: Int)? {
        if bytes.starts(with: [0x4C, 0x6F, 0xA7, 0x94]) || !declaresASCIICompatibleEncoding(bytes) {
            return ("property list is in an encoding other than UTF-8, ASCII or ISO-8859-1; refused", 1)
        }
        let declarationStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let declarations: [(keyword: [UInt8], message: String)] = [
            (Array("<!ENTITY".utf8), "property list declares XML entities in its DOCTYPE; refused"),
            (Array("<!NOTATION".utf8), "property list declares notations in its DOCTYPE; refused"),
            (Array("<!ATTLIST".utf8), "property list declares attributes in its DOCTYPE; refused"),
            (Array("<!ELEMENT".utf8), "property list declares elements in its DOCTYPE; refused"),
        ]
        var line = 1
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                continue
            }
            guard byte == UInt8(ascii: "<"), index + 1 < bytes.count else { continue }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "?"), index != declarationStart || xmlDeclarationEnd(bytes) == nil {
                return ("property list holds a processing instruction; refused", line)
            }
            if next == UInt8(ascii: "!"),
                let declaration = declarations.first(where: { hasPrefix($0.keyword, in: bytes, at: index) })
            {
                return (declaration.message, line)
            }
        }
        return nil
    }

    /// The offset just past the `?>` of an XML declaration at the start (after a UTF-8 byte order
    /// mark), or nil when the bytes do not start with one.
    static func xmlDeclarationEnd(_ bytes: [UInt8]) -> Int? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard hasPrefix(Array("<?xml".utf8), in: bytes, at: start), start + 5 < bytes.count,
            [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start + 5])
        else { return nil }
        var index = start + 6
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "?"), bytes[index + 1] == UInt8(ascii: ">") { return index + 2 }
            if bytes[index] == UInt8(ascii: "<") { return nil }
            index += 1
        }
        return nil
    }

    /// The `encoding` named by the XML declaration, lowercased; nil without a declaration or name.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard let end = xmlDeclarationEnd(bytes) else { return nil }
        let declaration = String(decoding: bytes[..<end], as: UTF8.self)
        guard let key = declaration.range(of: "encoding") else { return nil }
        var rest = declaration[key.upperBound...].drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix(while: { $0 != quote })).lowercased()
    }

    /// Whether the declared encoding (UTF-8 when none is named) writes ASCII as ASCII and never
    /// uses an ASCII byte inside another character.
    static func declaresASCIICompatibleEncoding(_ bytes: [UInt8]) -> Bool {
        guard let encoding = declaredEncoding(bytes) else { return true }
        return ["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding) || latin1Names.contains(encoding)
    }

    static func declaresLatin1(_ bytes: [UInt8]) -> Bool {
        declaredEncoding(bytes).map(latin1Names.contains) ?? false
    }

    private static let latin1Names: Set<String> = ["iso-8859-1", "iso_8859-1", "latin1", "latin-1"]

    private static func hasPrefix(_ prefix: [UInt8], in bytes: [UInt8], at position: Int) -> Bool {
        position <= bytes.count && bytes[position...].starts(with: prefix)
    }
}
