/// How serious a finding is. Ordered: `note < warning < error`.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// The exit-code threshold: findings at or above it fail the run.
public enum FailureThreshold: String, Sendable, Hashable, Codable, CaseIterable {
    case error, warning, note, never

    /// Whether a finding of `severity` fails the run.
    public func fails(_ severity: Severity) -> Bool {
        switch self {
        case .never: false
        case .note: true
        case .warning: severity >= .warning
        case .error: severity >= .error
        }
    }
}
