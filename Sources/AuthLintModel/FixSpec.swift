/// A rule's mechanical fix, declared in its YAML (`fix:` of the rule, or of one pattern entry),
/// which `authlint lint --fix` applies and `--fix --diff` shows.
public enum FixSpec: Sendable, Hashable {
    /// `fix: add-lacking`: add what the rule's `entitlement-lacks` or `manifest-lacks`
    /// condition found missing, to the property list it reports in (the entitlements file,
    /// created with the target's `CODE_SIGN_ENTITLEMENTS` when the target has none; the privacy
    /// manifest's `NSPrivacyCollectedDataTypes`). A project generated from a Tuist or XcodeGen
    /// manifest gets the change to make in the manifest instead.
    case addLacking
    /// `fix: {delete: ", privacy: .public"}`: delete each run of these tokens within the site.
    case delete(String)
    /// `fix: {replace-in-strings: "%{public}", with: "%"}`: replace text inside the string
    /// literals of the site.
    case replaceInStrings(String, with: String)

    /// What the fix does, in words (`authlint rules ID`).
    public var summary: String {
        switch self {
        case .addLacking: "adds what is missing to the property list (entitlements file or privacy manifest)"
        case .delete(let text): "deletes `\(text.trimmingCharacters(in: .whitespaces))`"
        case .replaceInStrings(let text, let with): "replaces `\(text)` with `\(with)` in the message's strings"
        }
    }
}
