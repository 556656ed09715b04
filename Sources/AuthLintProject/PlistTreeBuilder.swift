import AuthLintModel
import AuthLintSyntax
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The `XMLParser` delegate that turns a property list's XML into `PlistNode`s, noting the line of
/// every element and every comment. Used by one parse on one thread, then dropped.
final class PlistTreeBuilder: NSObject, XMLParserDelegate {
    static let maximumDepth = 512

    /// An open `<dict>` or `<array>`. A class, so that adding a child appends in place: a value
    /// on the stack would be copied whole for every child, which is quadratic.
    private final class Frame {
        let isDictionary: Bool
        let line: Int
        var entries: [PlistEntry] = []
        var items: [PlistNode] = []
        var pendingKey: (key: String, line: Int)?

        init(isDictionary: Bool, line: Int) {
            self.isDictionary = isDictionary
            self.line = line
        }
    }

    private static let leafElements: Set<String> = ["key", "string", "integer", "real", "date", "data"]

    weak var parser: XMLParser?
    private(set) var root: PlistNode?
    private(set) var comments: [PlistComment] = []
    private(set) var error: (message: String, line: Int?)?
    private var stack: [Frame] = []
    private var leaf: (name: String, line: Int)?
    private var text = ""
    private var closedEmptyElement: (name: String, line: Int)?
    private var sawPlistElement = false

    private var line: Int { parser?.lineNumber ?? 0 }

    private func fail(_ message: String, line: Int? = nil) {
        guard error == nil else { return }
        error = (message, line ?? self.line)
        parser?.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        guard error == nil else { return }
        if let leaf {
            return fail("unexpected <\(name)> inside <\(leaf.name)>")
        }
        switch name {
        case "plist":
            if sawPlistElement || !stack.isEmpty || root != nil { return fail("unexpected nested <plist>") }
            sawPlistElement = true
        case "dict":
            guard stack.count < Self.maximumDepth else { return fail("property list is nested too deeply") }
            stack.append(Frame(isDictionary: true, line: line))
        case "array":
            guard stack.count < Self.maximumDepth else { return fail("property list is nested too deeply") }
            stack.append(Frame(isDictionary: false, line: line))
        case "true", "false":
            closedEmptyElement = (name, line)
        default:
            guard Self.leafElements.contains(name) else { return fail("unknown element <\(name)>") }
            leaf = (name, line)
            text = ""
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard error == nil else { return }
        switch name {
        case "plist":
            return
        case "true", "false":
            let start = closedEmptyElement?.line ?? line
            closedEmptyElement = nil
            emit(PlistNode(.bool(name == "true"), line: start))
        case "dict":
            guard let frame = stack.popLast(), frame.isDictionary else { return fail("mismatched </dict>") }
            if let pendingKey = frame.pendingKey {
                return fail("key \"\(pendingKey.key.shortExcerpt)\" has no value", line: pendingKey.line)
            }
            emit(PlistNode(.dictionary(frame.entries), line: frame.line))
        case "array":
            guard let frame = stack.popLast(), !frame.isDictionary else { return fail("mismatched </array>") }
            emit(PlistNode(.array(frame.items), line: frame.line))
        default:
            guard let open = leaf, open.name == name else { return fail("mismatched </\(name)>") }
            leaf = nil
            finishLeaf(name: name, line: open.line)
        }
    }

    private func finishLeaf(name: String, line: Int) {
        let content = text
        text = ""
        switch name {
        case "key":
            guard let frame = stack.last, frame.isDictionary else { return fail("<key> outside a <dict>", line: line) }
            if let pendingKey = frame.pendingKey {
                return fail("key \"\(pendingKey.key.shortExcerpt)\" has no value", line: pendingKey.line)
            }
            frame.pendingKey = (content, line)
        case "string":
            emit(PlistNode(.string(content), line: line))
        case "integer":
            guard let number = Self.integer(content) else {
                return fail("invalid <integer> \"\(content.shortExcerpt)\"", line: line)
            }
            emit(PlistNode(.integer(number), line: line))
        case "real":
            guard let number = Self.real(content) else {
                return fail("invalid <real> \"\(content.shortExcerpt)\"", line: line)
            }
            emit(PlistNode(.real(number), line: line))
        case "date":
            guard let date = Self.date(content) else {
                return fail("invalid <date> \"\(content.shortExcerpt)\"", line: line)
            }
            emit(PlistNode(.date(date), line: line))
        default:
            let compact = content.filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: compact) else { return fail("invalid base64 in <data>", line: line) }
            emit(PlistNode(.data(data), line: line))
        }
    }

    private func emit(_ node: PlistNode) {
        guard let top = stack.last else {
            if root != nil { return fail("more than one top-level value", line: node.line) }
            root = node
            return
        }
        if top.isDictionary {
            guard let pendingKey = top.pendingKey else {
                return fail("<\(node.typeName)> in a <dict> without a <key>", line: node.line)
            }
            top.entries.append(PlistEntry(key: pendingKey.key, keyLine: pendingKey.line, value: node))
            top.pendingKey = nil
        } else {
            top.items.append(node)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard error == nil else { return }
        if leaf != nil {
            text += string
        } else if string.contains(where: { !$0.isWhitespace }) {
            fail("unexpected text \"\(string.trimmingCharacters(in: .whitespacesAndNewlines).prefix(40))\"")
        }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        guard error == nil else { return }
        guard leaf != nil else { return fail("unexpected CDATA") }
        text += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        // The parser reports the line where the comment ends.
        let newlines = comment.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        comments.append(PlistComment(line: max(1, line - newlines), text: comment))
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        fail("property list declares XML entities; refused")
    }

    func parser(
        _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?
    ) {
        fail("property list declares XML entities; refused")
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard error == nil else { return }
        error = ("malformed XML (\(Self.describe(parseError)))", line)
    }

    private static func describe(_ error: Error) -> String {
        let code = (error as NSError).code
        return "XML parser error \(code)"
    }

    static func integer(_ text: String) -> Int? {
        var body = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        var negative = false
        if body.hasPrefix("-") {
            negative = true
            body = body.dropFirst()
        } else if body.hasPrefix("+") {
            body = body.dropFirst()
        }
        let magnitude: UInt64?
        if body.hasPrefix("0x") || body.hasPrefix("0X") {
            magnitude = UInt64(body.dropFirst(2), radix: 16)
        } else {
            magnitude = UInt64(body, radix: 10)
        }
        guard let magnitude else { return nil }
        if negative { return magnitude <= UInt64(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil }
        return Int(truncatingIfNeeded: magnitude)
    }

    static func real(_ text: String) -> Double? {
        let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch body.lowercased() {
        case "nan": return .nan
        case "inf", "infinity", "+inf", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: return Double(body)
        }
    }

    /// `yyyy-MM-ddTHH:mm:ssZ`, as property lists write dates (always UTC).
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - 48
                guard digit >= 0, digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        // Days from 1970-01-01 in the proleptic Gregorian calendar.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
