import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// Findings a team has accepted for now: `--write-baseline FILE` records them, `--baseline FILE`
/// reports only what is not in it. Entries are keyed by rule, root-relative path and the
/// finding's fingerprint (the normalised code of its line and its rank among identical lines),
/// so moving code, reformatting it or rewording a message keeps an entry, while a second
/// identical problem in the same file is new. The file is sorted JSON, kind to read in a diff.
public struct Baseline: Sendable, Codable, Equatable {
    public struct Entry: Sendable, Codable, Hashable, Comparable {
        public var rule: String
        public var path: String
        public var fingerprint: String
        /// For the reader only; matching ignores it.
        public var message: String

        package init(rule: String, path: String, fingerprint: String, message: String) {
            self.rule = rule
            self.path = path
            self.fingerprint = fingerprint
            self.message = message
        }

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.path, a.rule, a.fingerprint) < (b.path, b.rule, b.fingerprint)
        }

        var key: String { "\(rule)\u{0}\(path)\u{0}\(fingerprint)" }
    }

    public var version = 1
    public var findings: [Entry]

    public init(findings: [Finding]) {
        self.findings = findings.map {
            Entry(rule: $0.rule, path: $0.path, fingerprint: $0.fingerprint, message: $0.message)
        }.sorted()
    }

    /// Reads a baseline file; a missing or malformed one is an error with its path.
    public static func load(path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileError(path: path, line: 0, message: "baseline file does not exist")
        }
        return try decode(data, path: path)
    }

    /// Reads a baseline file from where the policy comes from (``PolicyFiles``): nil when there
    /// is none there; a malformed one is an error with its path.
    public static func load(path: String, files: PolicyFiles) throws -> Baseline? {
        let bytes: [UInt8]?
        do {
            bytes = try files.read(path, maximumSize: 256 << 20)
        } catch {
            throw FileError(path: path, line: 0, message: "cannot read the baseline: \(error.message)")
        }
        return try bytes.map { try decode(Data($0), path: path) }
    }

    /// A baseline from a file's bytes; a malformed one is an error with its path.
    public static func decode(_ data: Data, path: String) throws -> Baseline {
        do {
            return try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw FileError(path: path, line: 0, message: "not an authlint baseline: \(FileProblem.describe(error))")
        }
    }

    /// The file's text: pretty, sorted keys, one entry per finding.
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }

    /// Splits findings into new ones and those the baseline accepts; also gives the entries
    /// nothing matched any more (stale: fixed, or gone), in file order.
    public func apply(to findings: [Finding]) -> (new: [Finding], accepted: Int, stale: [Entry]) {
        var remaining = Set(self.findings.map(\.key))
        var new: [Finding] = []
        var accepted = 0
        for finding in findings {
            let key = "\(finding.rule)\u{0}\(finding.path)\u{0}\(finding.fingerprint)"
            if remaining.remove(key) != nil { accepted += 1 } else { new.append(finding) }
        }
        return (new, accepted, self.findings.filter { remaining.contains($0.key) })
    }
}
