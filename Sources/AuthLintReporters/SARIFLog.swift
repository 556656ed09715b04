import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintRules

/// The part of SARIF 2.1.0 that authlint writes, as `Codable` values. Optional properties that are
/// nil are left out of the file.
enum SARIFLog {
    static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// The `partialFingerprints` key of ``Finding/fingerprint``; bump its version if the
    /// fingerprint's recipe changes, so code scanning does not match old alerts to new ones.
    static let fingerprintKey = "authlintFingerprint/v1"
    /// The base every artifact URI is relative to: the project root.
    static let sourceRoot = "%SRCROOT%"

    struct Log: Encodable {
        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }

        var schema = SARIFLog.schema
        var version = "2.1.0"
        var runs: [Run]
    }

    struct Run: Encodable {
        var tool: Tool
        var originalUriBaseIds: [String: ArtifactLocation]
        var columnKind = "utf16CodeUnits"
        var invocations: [Invocation]
        var results: [Result]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var informationUri: String
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var name: String
        var deprecatedIds: [String]?
        var shortDescription: Text?
        var fullDescription: Text?
        var help: Help?
        var helpUri: String?
        var defaultConfiguration: Configuration
        var properties: RuleProperties?
    }

    struct Text: Encodable {
        var text: String
    }

    struct Help: Encodable {
        var text: String
        var markdown: String
    }

    struct Configuration: Encodable {
        var level: String
    }

    struct RuleProperties: Encodable {
        enum CodingKeys: String, CodingKey {
            case tags, precision
            case securitySeverity = "security-severity"
        }

        var tags: [String]
        var precision: String
        var securitySeverity: String?
    }

    struct Invocation: Encodable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]
        var toolConfigurationNotifications: [Notification]
    }

    struct Notification: Encodable {
        var level: String
        var message: Text
        var locations: [Location]?
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var relatedLocations: [Location]?
        var partialFingerprints: [String: String]?
        /// Present for a finding an inline suppression silenced.
        var suppressions: [Suppression]?
    }

    struct Suppression: Encodable {
        var kind: String
        var justification: String?
    }

    struct Location: Encodable {
        var id: Int?
        var physicalLocation: PhysicalLocation
        var message: Text?
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
        var endLine: Int?
        var endColumn: Int?
    }
}

extension Severity {
    /// SARIF's `level`: `error`, `warning` or `note`, the same words as ours.
    var sarifLevel: String { rawValue }
}
