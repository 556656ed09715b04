import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

/// Where things are in the text of an XML property list, so that an edit can keep its
/// formatting and comments. Only tags are read (comments, processing instructions, the DOCTYPE
/// and CDATA sections are stepped over); one pass over the bytes.
struct PlistText {
    let bytes: [UInt8]

    /// An element: its whole extent, and what lies between its tags (empty for `<x/>`).
    struct Element {
        var name: String
        var start: Int
        var end: Int
        var contentStart: Int
        var contentEnd: Int
        var selfClosing: Bool
        /// Direct children, in order (kept for the root dictionary and its values).
        var children: [Element] = []
    }

    /// The root dictionary and its entries: each key's text and the element of its value.
    struct Root {
        var dict: Element
        var entries: [(key: String, keyElement: Element, value: Element)]
    }

    /// The root `<dict>` of the list (inside `<plist>`), nil when there is none or the tags do
    /// not nest.
    func root() -> Root? {
        var stack: [Element] = []
        var root: Element?
        var i = 0
        let count = bytes.count
        func starts(_ text: String, at index: Int) -> Bool {
            let utf8 = Array(text.utf8)
            return index + utf8.count <= count && bytes[index..<(index + utf8.count)].elementsEqual(utf8)
        }
        func skip(past terminator: String, from index: Int) -> Int {
            let utf8 = Array(terminator.utf8)
            var j = index
            while j + utf8.count <= count {
                if bytes[j] == utf8[0], bytes[j..<(j + utf8.count)].elementsEqual(utf8) { return j + utf8.count }
                j += 1
            }
            return count
        }
        // An element is kept in its parent's children only down to the root dictionary's values.
        func close(_ element: Element) {
            if stack.isEmpty {
                return
            } else if stack.count == 1, element.name == "dict", root == nil {
                root = element
            } else if stack.count <= 3 {
                stack[stack.count - 1].children.append(element)
            }
        }
        while i < count {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if starts("<!--", at: i) {
                i = skip(past: "-->", from: i + 4)
                continue
            }
            if starts("<![CDATA[", at: i) {
                i = skip(past: "]]>", from: i + 9)
                continue
            }
            if starts("<?", at: i) {
                i = skip(past: "?>", from: i + 2)
                continue
            }
            if starts("<!", at: i) {
                i = skip(past: ">", from: i + 2)
                continue
            }
            let tagEnd = skip(past: ">", from: i + 1)
            guard tagEnd <= count, bytes[tagEnd - 1] == UInt8(ascii: ">") else { return nil }
            let closing = i + 1 < count && bytes[i + 1] == UInt8(ascii: "/")
            let selfClosing = tagEnd >= 2 && bytes[tagEnd - 2] == UInt8(ascii: "/")
            var nameEnd = i + (closing ? 2 : 1)
            let nameStart = nameEnd
            while nameEnd < tagEnd,
                ![UInt8(ascii: " "), UInt8(ascii: "/"), UInt8(ascii: ">"), 0x09, 0x0A, 0x0D].contains(bytes[nameEnd])
            {
                nameEnd += 1
            }
            let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
            if closing {
                guard var element = stack.popLast(), element.name == name else { return nil }
                element.contentEnd = i
                element.end = tagEnd
                close(element)
            } else {
                let element = Element(
                    name: name, start: i, end: tagEnd, contentStart: tagEnd, contentEnd: tagEnd,
                    selfClosing: selfClosing)
                if selfClosing { close(element) } else { stack.append(element) }
            }
            i = tagEnd
        }
        guard let dict = root else { return nil }
        var entries: [(String, Element, Element)] = []
        var index = 0
        while index + 1 < dict.children.count {
            let key = dict.children[index]
            guard key.name == "key" else {
                index += 1
                continue
            }
            let text = String(decoding: bytes[key.contentStart..<key.contentEnd], as: UTF8.self)
            entries.append((PlistText.unescape(text), key, dict.children[index + 1]))
            index += 2
        }
        return Root(dict: dict, entries: entries)
    }

    /// The text of an element's content.
    func text(_ element: Element) -> String {
        PlistText.unescape(String(decoding: bytes[element.contentStart..<element.contentEnd], as: UTF8.self))
    }

    /// The whitespace that starts the line `offset` is on.
    func indentation(ofLineAt offset: Int) -> String {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The line break the file uses.
    var newline: String {
        guard let lf = bytes.firstIndex(of: 0x0A) else { return "\n" }
        return lf > 0 && bytes[lf - 1] == 0x0D ? "\r\n" : "\n"
    }

    /// One level of indentation: what the root dictionary's first entry adds to the dictionary's
    /// own line, else a tab.
    func indentUnit(_ root: Root) -> String {
        guard let first = root.entries.first else { return "\t" }
        let outer = indentation(ofLineAt: root.dict.start)
        let inner = indentation(ofLineAt: first.keyElement.start)
        return inner.count > outer.count && inner.hasPrefix(outer) ? String(inner.dropFirst(outer.count)) : "\t"
    }

    /// An edit that adds `lines` (each indented by leading tabs, one per level) as the last
    /// children of `element`, one level deeper than its line, keeping what is there. A
    /// self-closing element is opened.
    func appending(_ lines: [String], to element: Element, unit: String, path: String) -> Fix.Edit {
        let outer = indentation(ofLineAt: element.start)
        let inner = outer + unit
        let newline = newline
        let rendered = lines.map { line -> String in
            let tabs = line.prefix { $0 == "\t" }.count
            return inner + String(repeating: unit, count: tabs) + line.dropFirst(tabs)
        }
        if element.selfClosing {
            let replacement =
                "<\(element.name)>" + newline + rendered.joined(separator: newline) + newline + outer
                + "</\(element.name)>"
            return Fix.Edit(
                path: path, range: element.start..<element.end, expected: Array(bytes[element.start..<element.end]),
                replacement: replacement)
        }
        // After the last thing inside, before the white space that leads to the closing tag.
        var at = element.contentEnd
        while at > element.contentStart, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at - 1]) { at -= 1 }
        var replacement = newline + rendered.joined(separator: newline)
        if at == element.contentEnd { replacement += newline + outer }
        return Fix.Edit.insertion(path: path, at: at, in: bytes, replacement: replacement)
    }

    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
