import AuthLintModel
import AuthLintSyntax

/// A parsed `.xcconfig` build configuration file.
public struct XCConfig: Sendable, Hashable {
    /// One `KEY = value` or `KEY[sdk=iphoneos*] = value` line.
    public struct Setting: Sendable, Hashable {
        /// The setting's name (`CODE_SIGN_ENTITLEMENTS`).
        public var key: String
        /// The bracketed conditions as written without the brackets (`sdk=iphoneos*`), nil when unconditional.
        public var condition: String?
        /// The value as written, trimmed, `$(…)` unexpanded.
        public var value: String
        /// 1-based line.
        public var line: Int
    }

    /// One `#include "file"` or `#include? "file"` line.
    public struct Include: Sendable, Hashable {
        /// As written.
        public var path: String
        /// Relative to the project root; nil for paths that are not in the tree (`<DEVELOPER_DIR>/…`).
        public var resolvedPath: String?
        /// `#include?`: a missing file is no error.
        public var isOptional: Bool
        /// 1-based line.
        public var line: Int
    }

    /// Path relative to the project root.
    public var path: String
    /// Setting lines in file order.
    public var settings: [Setting]
    /// `#include` lines in file order.
    public var includes: [Include]

    public init(path: String, settings: [Setting] = [], includes: [Include] = []) {
        self.path = path
        self.settings = settings
        self.includes = includes
    }

    /// Parses the text of an xcconfig file at `path` (relative to the root). Lines that are not
    /// settings, includes or comments give `.malformedProject` diagnostics and are skipped.
    public static func parse(_ bytes: [UInt8], path: String) -> (config: XCConfig, diagnostics: [Diagnostic]) {
        var config = XCConfig(path: path)
        var diagnostics: [Diagnostic] = []
        let text = String(decoding: bytes, as: UTF8.self)
        let folder = ProjectPath.directory(of: path)
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if let comment = line.firstRange(of: "//") { line = line[..<comment.lowerBound] }
            line = line.trimmingSpaces()
            if line.isEmpty { continue }
            if line.hasPrefix("#include") {
                var rest = line.dropFirst("#include".count)
                let optional = rest.hasPrefix("?")
                if optional { rest = rest.dropFirst() }
                rest = rest.trimmingSpaces()
                guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else {
                    diagnostics.append(
                        Diagnostic(
                            path: path, kind: .malformedProject, message: "malformed #include in xcconfig",
                            line: lineNumber))
                    continue
                }
                let target = String(rest.dropFirst().dropLast())
                let resolved: String? = target.hasPrefix("<") ? nil : ProjectPath.join(folder, target)
                config.includes.append(
                    Include(path: target, resolvedPath: resolved, isOptional: optional, line: lineNumber))
                continue
            }
            guard let equals = Self.assignmentIndex(in: line) else {
                diagnostics.append(
                    Diagnostic(
                        path: path, kind: .malformedProject, message: "unrecognized line in xcconfig", line: lineNumber)
                )
                continue
            }
            var name = line[..<equals].trimmingSpaces()
            var value = line[line.index(after: equals)...].trimmingSpaces()
            if value.hasSuffix(";") { value = value.dropLast().trimmingSpaces() }
            var condition: String?
            if let bracket = name.firstIndex(of: "["), name.hasSuffix("]") {
                let inner = name[name.index(after: bracket)..<name.index(before: name.endIndex)]
                condition = String(inner.replacing("][", with: ","))
                name = name[..<bracket].trimmingSpaces()
            }
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                diagnostics.append(
                    Diagnostic(
                        path: path, kind: .malformedProject, message: "invalid setting name in xcconfig",
                        line: lineNumber))
                continue
            }
            config.settings.append(
                Setting(key: String(name), condition: condition, value: String(value), line: lineNumber))
        }
        return (config, diagnostics)
    }

    /// The `=` that ends a setting's name, past any `[condition=value]` brackets.
    private static func assignmentIndex(in line: Substring) -> Substring.Index? {
        var depth = 0
        for index in line.indices {
            switch line[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case "=" where depth == 0: return index
            default: continue
            }
        }
        return nil
    }

    /// This file's own settings (no includes): per key the last unconditional value, else the
    /// first conditional one; `$(inherited)` refers to the value set earlier in the file.
    public var ownSettings: [String: String] {
        resolvedSettings { _ in nil }
    }

    /// The settings with `#include`d files read first, in file order, by `lookup` (given a
    /// root-relative path). Per key the unconditional value wins, else the first conditional one.
    public func resolvedSettings(lookup: (String) -> XCConfig?) -> [String: String] {
        var visited: Set<String> = [path]
        var done: [String: [String: String]] = [:]
        return resolved(lookup: lookup, visited: &visited, done: &done)
    }

    /// `done`: each included file's resolved settings, so a file included many times (or on
    /// many paths of the include graph) is resolved once.
    private func resolved(
        lookup: (String) -> XCConfig?, visited: inout Set<String>, done: inout [String: [String: String]]
    ) -> [String: String] {
        var result: [String: String] = [:]
        var fallback: [String: String] = [:]
        var includeIndex = 0
        for setting in settings {
            while includeIndex < includes.count, includes[includeIndex].line < setting.line {
                merge(include: includes[includeIndex], into: &result, lookup: lookup, visited: &visited, done: &done)
                includeIndex += 1
            }
            if setting.condition == nil {
                result[setting.key] = BuildSettings.inheriting(setting.value, from: result[setting.key])
            } else if fallback[setting.key] == nil {
                fallback[setting.key] = BuildSettings.inheriting(setting.value, from: result[setting.key])
            }
        }
        while includeIndex < includes.count {
            merge(include: includes[includeIndex], into: &result, lookup: lookup, visited: &visited, done: &done)
            includeIndex += 1
        }
        for (key, value) in fallback where result[key] == nil { result[key] = value }
        return result
    }

    private func merge(
        include: Include, into result: inout [String: String], lookup: (String) -> XCConfig?,
        visited: inout Set<String>, done: inout [String: [String: String]]
    ) {
        guard let target = include.resolvedPath, !visited.contains(target) else { return }
        let settings: [String: String]
        if let known = done[target] {
            settings = known
        } else {
            guard let included = lookup(target) else { return }
            visited.insert(target)
            settings = included.resolved(lookup: lookup, visited: &visited, done: &done)
            visited.remove(target)
            done[target] = settings
        }
        for (key, value) in settings {
            result[key] = BuildSettings.inheriting(value, from: result[key])
        }
    }
}

extension Substring {
    package func trimmingSpaces() -> Substring {
        var start = startIndex
        var end = endIndex
        while start < end, self[start] == " " || self[start] == "\t" || self[start] == "\r" {
            start = index(after: start)
        }
        while end > start {
            let previous = index(before: end)
            guard self[previous] == " " || self[previous] == "\t" || self[previous] == "\r" else { break }
            end = previous
        }
        return self[start..<end]
    }
}
