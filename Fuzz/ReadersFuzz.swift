// libFuzzer entry point for the readers of untrusted project files and for the pattern matcher;
// built by scripts/fuzz-readers.sh together with the lexer, syntax, project and matcher sources.
// AUTHLINT_FUZZ picks what the input goes to, and each traps when a guarantee breaks:
//   plist     the property-list reader, XML and binary (the input, and the input behind a
//             `bplist00` header): the same result twice; no more values than input bytes; lines
//             inside the file (none in binary lists).
//   pbxproj   the project parser and builder: base configurations are looked up only inside the
//             root; no setting grows past the expansion bound.
//   xcconfig  the xcconfig reader and resolver, with every include leading back to the file
//             itself: terminates, and no value grows past the bound by more than the input.
//   matcher   first line a pattern, the rest Swift: matches in order, apart, inside the file; each
//             the one a fresh search finds at its start; `contains` agrees with `matches`.
//   tuist     a Tuist Project.swift, read without running it: no more targets than calls, lines
//             inside the file, and every path it names that leaves the root is reported, never
//             given to a target.
//   glob      lines of globs, then after an empty line paths: the compiled set answers every
//             path as the globs one by one do.
//   diff      `git diff -U0` output, with a name for each `diff --git` line: read or refused the
//             same way twice; every file it credits is one of the names; no more changed lines
//             than the diff adds.

import Foundation

private let target = ProcessInfo.processInfo.environment["AUTHLINT_FUZZ"] ?? "plist"

@_cdecl("LLVMFuzzerTestOneInput")
public func readersFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes: [UInt8] = (data != nil && size > 0) ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    switch target {
    case "plist":
        checkPlist(bytes)
        if !bytes.starts(with: Array("bplist".utf8)) { checkPlist(Array("bplist00".utf8) + bytes) }
    case "pbxproj": checkProject(bytes)
    case "xcconfig": checkXCConfig(bytes)
    case "matcher": checkMatcher(bytes)
    case "tuist": checkTuist(bytes)
    case "diff": checkDiff(bytes)
    case "glob": checkGlobs(bytes)
    default: fatalError("AUTHLINT_FUZZ must be plist, pbxproj, xcconfig, matcher, tuist, diff or glob")
    }
    return 0
}

private func fail(_ message: String) -> Never {
    fatalError("\(target): \(message)")
}

// MARK: - Globs

private func checkGlobs(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let sections = text.components(separatedBy: "\n\n")
    let patterns = sections[0].split(separator: "\n").prefix(64).map(String.init)
    let paths = sections.dropFirst().joined(separator: "\n").split(separator: "\n").prefix(64).map(String.init)
    let set = GlobSet(patterns.map { ScopedGlob($0) })
    for path in paths {
        let one = patterns.map(GlobPattern.init)
        if set.matches(path) != one.contains(where: { $0.matches(path) }) {
            fail("the set and the globs disagree on a match")
        }
        if !path.isEmpty, set.excludes(path) != one.contains(where: { $0.matchesPathOrAncestor(path) }) {
            fail("the set and the globs disagree on an exclude")
        }
    }
}

// MARK: - Diffs

private func checkDiff(_ bytes: [UInt8]) {
    let diff = String(decoding: bytes, as: UTF8.self)
    let lines = diff.split(separator: "\n", omittingEmptySubsequences: false)
    let names = lines.filter { $0.hasPrefix("diff --git ") }.indices.map { "File\($0).swift" }
    let first = try? ChangedLines.parse(diff: diff, names: names, relative: { $0 })
    let second = try? ChangedLines.parse(diff: diff, names: names, relative: { $0 })
    if first != second { fail("two readings differ") }
    guard let changed = first else { return }
    if changed.files.keys.contains(where: { !names.contains($0) }) { fail("a file git did not name") }
    let added = lines.filter { $0.hasPrefix("+") }.count
    let credited = changed.files.values.compactMap { $0 }.joined().reduce(0) { $0 + $1.count }
    if credited > added { fail("\(credited) changed lines from \(added) added ones") }
}

// MARK: - Property lists

private func checkPlist(_ bytes: [UInt8]) {
    let first = PropertyListParser.parse(bytes, path: "Info.plist")
    let second = PropertyListParser.parse(bytes, path: "Info.plist")
    if "\(first.file.root as Any)" != "\(second.file.root as Any)" || first.diagnostics != second.diagnostics {
        fail("two readings differ")
    }
    guard let root = first.file.root else { return }
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    var count = 0
    var pending = [root]
    while let node = pending.popLast() {
        count += 1
        if count > bytes.count + 16 { fail("more values than input bytes") }
        switch first.file.format {
        case .binary where node.line != 0: fail("a binary value with a line")
        case .xml where node.line < 1 || node.line > lines: fail("line \(node.line) of a \(lines)-line file")
        default: break
        }
        switch node.value {
        case .array(let items): pending += items
        case .dictionary(let entries): pending += entries.map(\.value)
        default: break
        }
    }
}

// MARK: - Xcode projects and xcconfig files

private func checkProject(_ bytes: [UInt8]) {
    let base = XCConfig.parse(
        Array("#include \"Base.xcconfig\"\nA = $(A)$(A)$(inherited)\n".utf8), path: "Base.xcconfig"
    ).config
    let parsed = XcodeProject.parse(
        bytes, path: "App.xcodeproj/project.pbxproj", rootPath: "/fuzz", files: ["App/A.swift"]
    ) { path in
        if !ProjectPath.isInside(path, folder: "") { fail("looked up \(path), outside the root") }
        return base
    }
    guard let project = parsed.project else { return }
    let bound = BuildSettings.maximumValueLength + bytes.count + 64
    let configurations = project.buildConfigurations + project.targets.flatMap(\.buildConfigurations)
    for configuration in configurations {
        for (key, value) in configuration.effectiveSettings where value.utf8.count > bound {
            fail("\(key) grew to \(value.utf8.count) bytes")
        }
    }
}

private func checkXCConfig(_ bytes: [UInt8]) {
    let config = XCConfig.parse(bytes, path: "Configs/A.xcconfig").config
    // Every include leads back to this file: cycles and a graph that doubles at each step.
    let settings = config.resolvedSettings { _ in config }
    let bound = BuildSettings.maximumValueLength + bytes.count
    for (key, value) in settings where value.utf8.count > bound {
        fail("\(key) grew to \(value.utf8.count) bytes")
    }
    for (_, value) in config.ownSettings {
        let expanded = BuildSettings.expand(value, variables: settings)
        if expanded.utf8.count > bound { fail("an expansion grew to \(expanded.utf8.count) bytes") }
    }
}

// MARK: - Pattern matcher

private func checkMatcher(_ bytes: [UInt8]) {
    guard let newline = bytes.firstIndex(of: 0x0A) else { return }
    guard let pattern = try? Pattern(String(decoding: bytes[..<newline], as: UTF8.self)) else { return }
    let code = CodeView(file: SourceFile(path: "F.swift", language: .swift, bytes: Array(bytes[(newline + 1)...])))
    let budget = StepBudget(limit: 200_000)
    let found = Matcher(code, budget: budget).matches(pattern)
    var end = 0
    for match in found {
        if match.range.lowerBound < end || match.range.upperBound > code.count {
            fail("match \(match.range) out of order or outside the file")
        }
        end = max(match.range.upperBound, match.range.lowerBound + 1)
        for (name, binding) in match.bindings
        where binding.range.lowerBound < 0 || binding.range.upperBound > code.count {
            fail("\(name) bound to \(binding.range) outside the file")
        }
        guard !budget.isSpent else { continue }
        let fresh = Matcher(code, budget: StepBudget(limit: 200_000)).match(
            pattern, at: match.range.lowerBound, limit: code.count)
        if fresh?.range != match.range {
            fail("a fresh search at \(match.range.lowerBound) finds \(fresh?.range as Any), not \(match.range)")
        }
    }
    let check = StepBudget(limit: 200_000)
    let contained = Matcher(code, budget: check).contains(pattern, in: 0..<code.count)
    if !budget.isSpent, !check.isSpent, contained != !found.isEmpty {
        fail("contains says \(contained), matches found \(found.count)")
    }
}

// MARK: - Tuist manifests

private func checkTuist(_ bytes: [UInt8]) {
    let code = CodeView(file: SourceFile(path: "App/Project.swift", language: .swift, bytes: bytes))
    let manifest = TuistManifest.parse(code, path: "App/Project.swift")
    // Lines end at LF, CR or CR LF, as Swift has it.
    var lines = 1
    for (offset, byte) in bytes.enumerated()
    where byte == 0x0A || (byte == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A)) {
        lines += 1
    }
    if manifest.targets.count > code.count { fail("\(manifest.targets.count) targets from \(code.count) tokens") }
    for target in manifest.targets where target.line < 1 || target.line > lines {
        fail("target line \(target.line) of a \(lines)-line file")
    }
    let built = manifest.build(files: ["App/Sources/A.swift", "App/App.entitlements", "App/Info.plist"])
    for target in built.project.targets {
        let paths =
            target.sourceFiles + target.synchronizedFolders + target.buildConfigurations.compactMap(\.entitlementsPath)
        for path in paths where !ProjectPath.isInside(path, folder: "") {
            fail("target \(target.name) was given \(path), outside the root")
        }
    }
}
