/// The languages whose source authlint tokenizes.
public enum SourceLanguage: String, Sendable, Hashable, Codable {
    case swift
    case objectiveC = "objc"

    public init?(pathExtension: String) {
        switch pathExtension {
        case "swift": self = .swift
        case "m", "mm", "h": self = .objectiveC
        default: return nil
        }
    }
}
