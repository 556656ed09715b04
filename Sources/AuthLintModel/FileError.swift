/// A problem in a rule or configuration file, with the line it is on.
public struct FileError: Error, CustomStringConvertible, Sendable {
    public var path: String
    /// The line the problem is on; 0 when it is about the whole file.
    public var line: Int
    public var message: String

    public init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "\(path):\(line): \(message)" : "\(path): \(message)" }
}
