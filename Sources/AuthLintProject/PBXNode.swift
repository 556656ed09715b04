import AuthLintModel
import AuthLintSyntax

/// A value of an old-style (OpenStep) property list such as `project.pbxproj`, with the 1-based
/// line it starts on.
public struct PBXNode: Sendable, Hashable {
    /// The value itself.
    public enum Value: Sendable, Hashable {
        case string(String)
        case array([PBXNode])
        case dictionary([String: PBXNode])
        /// `<0fbd7 77ac>` hex data.
        case data([UInt8])
    }

    /// The value itself.
    public var value: Value
    /// 1-based line on which the value starts.
    public var line: Int

    public init(_ value: Value, line: Int) {
        self.value = value
        self.line = line
    }

    /// The text of a string value.
    public var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The items of an array value.
    public var arrayValue: [PBXNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    /// The entries of a dictionary value.
    public var dictionaryValue: [String: PBXNode]? {
        if case .dictionary(let entries) = value { return entries }
        return nil
    }

    /// The value of `key` in a dictionary.
    public subscript(key: String) -> PBXNode? {
        if case .dictionary(let entries) = value { return entries[key] }
        return nil
    }

    /// The strings of an array (non-strings left out), or a lone string as one element.
    public var stringArrayValue: [String]? {
        switch value {
        case .string(let text): return [text]
        case .array(let items): return items.compactMap(\.stringValue)
        default: return nil
        }
    }

    /// A build-setting value as text: strings as they are, arrays joined with spaces.
    public var settingValue: String? {
        switch value {
        case .string(let text): return text
        case .array(let items): return items.compactMap(\.settingValue).joined(separator: " ")
        default: return nil
        }
    }
}
