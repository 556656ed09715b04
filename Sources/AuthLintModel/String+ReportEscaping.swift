/// The escaping each output format needs for text that comes from the code it reports on.
extension String {
    /// The text with each scalar `replacement` gives a text for replaced by it. The text between
    /// two replacements is copied in one piece (as scalars: a replacement may fall inside a
    /// character), and text that needs none is given back as it is: a whole report is escaped.
    func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var out: String?
        var copied = startIndex
        for index in unicodeScalars.indices {
            guard let replaced = replacement(unicodeScalars[index]) else { continue }
            if out == nil {
                out = ""
                out?.reserveCapacity(utf8.count + 64)
            }
            out?.append(contentsOf: Substring(unicodeScalars[copied..<index]))
            out?.append(replaced)
            copied = unicodeScalars.index(after: index)
        }
        guard var out else { return self }
        out.append(contentsOf: Substring(unicodeScalars[copied...]))
        return out
    }

    /// Text that is safe inside HTML or XML elements and quoted attribute values (reports, and
    /// what `--fix` writes into property lists).
    package var htmlEscaped: String {
        replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: nil
            }
        }
    }

    /// HTML text as the report shows it: what ``reportSafe(keeping:)`` escapes shown as a visible
    /// escape (`\u{202E}`), as an editor shows it, tabs and line feeds kept; then escaped as
    /// ``htmlEscaped``. Safe in elements and in quoted attribute values.
    package var htmlShown: String {
        reportSafe(keeping: ["\t", "\n"]).htmlEscaped
    }

    /// Multi-line text for a terminal: what ``terminalSafe(keeping:)`` escapes, but tabs and line
    /// feeds. Every command that prints text from the tree or its configuration (`config`, `rules`,
    /// what `--fix` did) prints it through this.
    public var terminalShown: String {
        terminalSafe(keeping: ["\t", "\n"])
    }

    /// An encoded JSON document whose characters that could act on a terminal or reorder a line
    /// (DEL, C1 controls, bidirectional controls and marks, U+FFFE, U+FFFF) are `\uXXXX` escapes.
    /// JSON has them only inside strings, where the escape stands for the same character, so the
    /// document means what it meant; `JSONEncoder` already escapes the C0 controls.
    public var jsonControlsEscaped: String {
        replacingScalars { scalar in
            guard scalar.value >= 0x7F, scalar.needsReportEscape else { return nil }
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    /// Text that cannot act on a terminal or start a line of its own: C0 and C1 control
    /// characters, DEL and the bidirectional overrides shown as escapes (`\e`, `\n`, `\r`, `\0`,
    /// `\a`, `\t`, `\u{9B}`), but for those in `kept` (tabs in source excerpts).
    public func terminalSafe(keeping kept: Set<Unicode.Scalar> = []) -> String {
        replacingScalars { $0.needsTerminalEscape && !kept.contains($0) ? $0.visibleEscape : nil }
    }

    /// Text from the tree as the GitLab, JUnit and Checkstyle reports show it: what
    /// ``terminalSafe(keeping:)`` escapes, and also the non-characters U+FFFE and U+FFFF, which
    /// XML 1.0 forbids; but for those in `kept`.
    /// No control character XML 1.0 forbids is left, and no bidirectional control can reorder
    /// how a line shows in a CI dashboard.
    package func reportSafe(keeping kept: Set<Unicode.Scalar> = []) -> String {
        replacingScalars { $0.needsReportEscape && !kept.contains($0) ? $0.visibleEscape : nil }
    }

    /// XML character data (an element's text): ``reportSafe(keeping:)`` keeping tabs and line
    /// feeds, then `&<>"'` as entities. A carriage return is shown escaped, as an XML parser
    /// would turn it into a line feed.
    package var xmlText: String {
        reportSafe(keeping: ["\t", "\n"]).htmlEscaped
    }

    /// A double-quoted XML attribute value: as ``xmlText``, with tabs and line feeds as character
    /// references, which attribute-value normalisation keeps (a raw one becomes a space).
    package var xmlAttribute: String {
        xmlText.replacingScalars { $0 == "\t" ? "&#9;" : $0 == "\n" ? "&#10;" : nil }
    }

    /// A value from a file as a message may quote it: at most 40 characters, control characters
    /// escaped, so that no message carries a file's content.
    package var shortExcerpt: String {
        (count > 40 ? String(prefix(40)) + "…" : self).terminalSafe()
    }

    /// Markdown code span holding `self` as written: control characters shown escaped (so no line
    /// break can end the paragraph it is in), the fence one
    /// backtick longer than the longest run inside, and padded when the text starts or ends with
    /// a backtick. In a table cell (`inTable`) `|` is escaped too, as it splits a cell even there.
    package func markdownCode(inTable: Bool = false) -> String {
        var text = terminalSafe()
        if inTable { text = text.replacingOccurrences(of: "|", with: "\\|") }
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = text.hasPrefix("`") || text.hasSuffix("`") || text.isEmpty ? " " + text + " " : text
        return fence + padded + fence
    }

    /// A `/`-separated path as a relative URI reference: every byte but unreserved characters
    /// and `/` percent-encoded (`My App/Login.swift` → `My%20App/Login.swift`).
    package var uriPathEncoded: String {
        var out = ""
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// Markdown text that renders as written: code spans (`` `x` ``) are kept, and outside them
    /// the characters that Markdown or HTML would interpret are escaped. Line breaks become spaces.
    package var markdownEscaped: String {
        var out = ""
        var inCode = false
        // Line breaks become spaces; other control characters are shown escaped, as everywhere.
        let characters = Array(String(map { $0.isNewline ? " " : $0 }).terminalSafe())
        // A backtick without a partner is literal text, not the start of a code span.
        let lastBacktick = characters.lastIndex(of: "`")
        let balanced = characters.filter { $0 == "`" }.count.isMultiple(of: 2)
        for (index, character) in characters.enumerated() {
            if character == "`" && (balanced || index != lastBacktick) {
                inCode.toggle()
                out.append(character)
            } else if inCode {
                out.append(character)
            } else if "\\`*_[]<>|~#".contains(character) {
                out += "\\" + String(character)
            } else if character == "&", index + 1 < characters.count,
                characters[index + 1].isLetter || characters[index + 1] == "#"
            {
                out += "&amp;"
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// The first sentence: up to the first `.`, `!` or `?` outside code spans that ends the text
    /// or is followed by a space and a capital letter.
    package var firstSentence: String {
        let text = trimmed
        let characters = Array(text)
        var inCode = false
        for index in characters.indices {
            let character = characters[index]
            if character == "`" { inCode.toggle() }
            guard !inCode, ".!?".contains(character) else { continue }
            let next = index + 1
            if next == characters.count { break }
            if characters[next] == " ", next + 1 < characters.count, characters[next + 1].isUppercase {
                return String(characters[...index])
            }
        }
        return text
    }

    /// Words of a kebab-case id joined in PascalCase (`missing-nonce` → `MissingNonce`).
    package var pascalCased: String {
        split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " || $0 == "." })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    /// An `http` or `https` URL with every character that could end a Markdown link or an HTML
    /// attribute percent-encoded; nil for any other scheme (`javascript:`, `data:`, …).
    package var safeWebURL: String? {
        let lower = lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        var out = ""
        for byte in utf8 {
            switch byte {
            case 0...0x20, 0x7F...0xFF, UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"),
                UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"), UInt8(ascii: "\\"), UInt8(ascii: "|"),
                UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "^"):
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            default:
                out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out
    }

    private func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension Unicode.Scalar {
    /// C0 and C1 control characters, DEL, the bidirectional embedding, override and isolate
    /// characters, and the left-to-right and right-to-left marks: all that can act on a terminal
    /// or reorder how a line shows.
    var needsTerminalEscape: Bool {
        switch value {
        case 0..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// What ``needsTerminalEscape`` covers, and the non-characters U+FFFE and U+FFFF, which
    /// XML 1.0 does not allow.
    var needsReportEscape: Bool {
        switch value {
        case 0xFFFE, 0xFFFF: true
        default: needsTerminalEscape
        }
    }

    /// The character shown as an escape: `\e`, `\n`, `\0`, … for the common control characters,
    /// `\u{…}` (hexadecimal) for the others.
    var visibleEscape: String {
        switch self {
        case "\0": "\\0"
        case "\u{07}": "\\a"
        case "\u{08}": "\\b"
        case "\t": "\\t"
        case "\n": "\\n"
        case "\u{0B}": "\\v"
        case "\u{0C}": "\\f"
        case "\r": "\\r"
        case "\u{1B}": "\\e"
        default: "\\u{" + String(value, radix: 16, uppercase: true) + "}"
        }
    }
}

extension String {
    /// Without leading and trailing white space and line breaks.
    package var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
