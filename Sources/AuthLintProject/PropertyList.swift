import AuthLintModel
import AuthLintSyntax
import Foundation

/// One value of a property list with the line it starts on (1-based; 0 when the list was binary and
/// so has no lines).
public struct PlistNode: Sendable, Hashable {
    /// A property list value; dictionaries keep their keys in file order.
    public enum Value: Sendable, Hashable {
        case dictionary([PlistEntry])
        case array([PlistNode])
        case string(String)
        case integer(Int)
        case real(Double)
        case bool(Bool)
        case date(Date)
        case data(Data)
    }

    /// The value itself.
    public var value: Value
    /// 1-based line of the value's opening element; 0 in binary lists.
    public var line: Int

    public init(_ value: Value, line: Int = 0) {
        self.value = value
        self.line = line
    }

    /// The value of `key` in a dictionary (the last one when a key is repeated, as Apple's
    /// tools read it); nil for a missing key or a node that is not a dictionary.
    public subscript(key: String) -> PlistNode? {
        entry(for: key)?.value
    }

    /// The entry of `key` in a dictionary, with the line of the key.
    public func entry(for key: String) -> PlistEntry? {
        guard case .dictionary(let entries) = value else { return nil }
        return entries.last { $0.key == key }
    }

    /// The line of `key` in a dictionary.
    public func line(ofKey key: String) -> Int? {
        entry(for: key)?.keyLine
    }

    /// The dictionary's entries in file order.
    public var dictionaryEntries: [PlistEntry]? {
        if case .dictionary(let entries) = value { return entries }
        return nil
    }

    /// The dictionary's keys in file order.
    public var keys: [String]? { dictionaryEntries?.map(\.key) }

    /// The items of an `<array>`.
    public var arrayValue: [PlistNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    /// The text of a `<string>`.
    public var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// A `<true/>`/`<false/>` value; also the strings `YES`/`NO`/`true`/`false` and integers 0/1,
    /// which Apple's tools read as booleans in Info.plist and entitlements.
    public var boolValue: Bool? {
        switch value {
        case .bool(let flag): return flag
        case .integer(let number): return number != 0
        case .string(let text):
            switch text.lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// The number of an `<integer>`.
    public var integerValue: Int? {
        if case .integer(let number) = value { return number }
        return nil
    }

    /// The number of a `<real>` or `<integer>`.
    public var realValue: Double? {
        switch value {
        case .real(let number): return number
        case .integer(let number): return Double(number)
        default: return nil
        }
    }

    /// The moment of a `<date>`.
    public var dateValue: Date? {
        if case .date(let date) = value { return date }
        return nil
    }

    /// The bytes of a `<data>`.
    public var dataValue: Data? {
        if case .data(let data) = value { return data }
        return nil
    }

    /// The strings of an array of strings (non-strings are left out), or a lone string as a
    /// one-element list; nil for anything else.
    public var stringArrayValue: [String]? {
        if let text = stringValue { return [text] }
        return arrayValue?.compactMap(\.stringValue)
    }

    /// The name of the value's type as written in XML (`dict`, `array`, `string`, ...).
    public var typeName: String {
        switch value {
        case .dictionary: return "dict"
        case .array: return "array"
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .bool(let flag): return flag ? "true" : "false"
        case .date: return "date"
        case .data: return "data"
        }
    }
}

/// A dictionary entry: a key with its line and its value.
public struct PlistEntry: Sendable, Hashable {
    /// The key's text.
    public var key: String
    /// 1-based line of the `<key>` element; 0 in binary lists.
    public var keyLine: Int
    /// The value that follows the key.
    public var value: PlistNode

    public init(key: String, keyLine: Int = 0, value: PlistNode) {
        self.key = key
        self.keyLine = keyLine
        self.value = value
    }
}

/// An XML comment in a property list, as `<!-- authlint:disable rule -->` suppressions are written.
public struct PlistComment: Sendable, Hashable {
    /// 1-based line on which the comment starts.
    public var line: Int
    /// The text between `<!--` and `-->`, untrimmed.
    public var text: String

    public init(line: Int, text: String) {
        self.line = line
        self.text = text
    }
}

/// A property list file read by the scanner: entitlements, Info.plist, privacy manifest or another plist.
public struct PropertyListFile: Sendable, Hashable {
    /// How the file was encoded.
    public enum Format: String, Sendable, Hashable, Codable {
        case xml
        case binary
    }

    /// Path relative to the project root, `/`-separated.
    public var path: String
    /// Entitlements, Info.plist, privacy manifest or another list.
    public var kind: ProjectFileKind
    /// XML or binary.
    public var format: Format
    /// The top-level value; nil when the file could not be parsed (a diagnostic says why).
    public var root: PlistNode?
    /// XML comments in file order (none for binary lists).
    public var comments: [PlistComment]

    public init(path: String, kind: ProjectFileKind, format: Format, root: PlistNode?, comments: [PlistComment] = []) {
        self.path = path
        self.kind = kind
        self.format = format
        self.root = root
        self.comments = comments
    }

    /// The value of a top-level key.
    public subscript(key: String) -> PlistNode? { root?[key] }
}
