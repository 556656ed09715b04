/// Turns a ``LintReport`` into the bytes of one output format.
public protocol Reporter: Sendable {
    func render(_ report: LintReport) -> String
}

/// Options that some formats honour.
public struct ReporterOptions: Sendable {
    /// Colour the text output (resolved from `--color`, the terminal and `NO_COLOR` by the caller).
    public var color: Bool
    /// Print the source line and a caret under each finding.
    public var excerpts: Bool
    /// Findings only: no summary.
    public var quiet: Bool
    /// Seconds the run took; shown only when set (stdout is a terminal).
    public var elapsed: Double?

    public init(color: Bool = false, excerpts: Bool = false, quiet: Bool = false, elapsed: Double? = nil) {
        self.color = color
        self.excerpts = excerpts
        self.quiet = quiet
        self.elapsed = elapsed
    }
}

/// Every output format. Adding one is adding a case and a reporter file; the switch below makes
/// the compiler point at the one place to wire it.
public enum OutputFormat: String, Sendable, CaseIterable, Codable {
    case text
    case json

    public func reporter(_ options: ReporterOptions = ReporterOptions()) -> any Reporter {
        switch self {
        case .text: TextReporter(options: options)
        case .json: JSONReporter()
        }
    }
}
