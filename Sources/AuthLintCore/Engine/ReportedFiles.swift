import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

/// The files a run reports on when only part of the root is (files named, as pre-commit does),
/// and which files each rule must still run on for those reports to be whole.
///
/// A finding lands in its site's file or, for a rule that relocates it, in an entitlements file,
/// privacy manifest or Info.plist of the site's target. So a rule need run on a file only when
/// the file is reported, or when one of the property lists its findings could move to is. A rule
/// that follows values into the app's own helpers, and whose findings may land elsewhere, runs
/// everywhere: a site in another file can make one at a call in a reported file. A rule reported
/// once per target keeps only the first site of each target (``lastReached(inTarget:relocating:)``).
struct ReportedFiles: Sendable {
    /// Per source file: whether it is reported (asked for every rule and file, so not hashed).
    private let isReported: PerFile<Bool>
    /// Indices of the reported source files.
    var files: Set<FileID> { Set(isReported.ids.filter { isReported[$0] }) }
    /// Per source file: whether a property list its findings could move to is reported.
    private let placesReported: PerFile<Bool>
    private let targets: BuildTargets
    /// Per source file: whether its target holds a reported file or property list.
    private let targetReported: PerFile<Bool>

    init(project: ProjectIndex, paths: Set<String>) {
        let isReported = PerFile(project.paths.ids.map { paths.contains(project.paths[$0]) })
        self.isReported = isReported
        let resources = project.resources
        placesReported = PerFile(
            project.paths.ids.map { file in
                guard !paths.isEmpty, file.index < resources.entitlementsOfFile.count else { return false }
                return resources.entitlementsOfFile[file].contains(where: paths.contains)
                    || resources.manifestsOfFile[file].contains(where: paths.contains)
                    || resources.infoPlistsOfFile[file].contains { $0.path.map(paths.contains) ?? false }
            })
        targets = project.targets
        var reportedTargets = Set<TargetID>()
        for file in project.paths.ids where isReported[file] || placesReported[file] {
            reportedTargets.insert(project.targetOfFile[file])
        }
        targetReported = PerFile(project.paths.ids.map { reportedTargets.contains(project.targetOfFile[$0]) })
    }

    /// Where a rule's findings may land, as far as choosing the files it runs on goes.
    enum Reach {
        /// In the file of their site.
        case ownFile
        /// In the file of their site or a property list of its target.
        case ownFileOrTargetPlaces
        /// In any file of their site's target: sites are listed with the finding of another of
        /// the target's sites.
        case ownTarget
        /// Anywhere: the rule runs on every file.
        case anywhere

        init(_ rule: MatchSpec) {
            // A site followed into helpers, or reported where a user's action leads to it, may be
            // reported from any file; one listed with another site's finding, from its target's.
            if rule.throughHelpers != nil || rule.throughCallers != nil, !rule.reportsInItsOwnFile {
                self = .anywhere
            } else if rule.others != nil, !rule.reportsInItsOwnFile {
                self = .ownTarget
            } else {
                self = rule.relocates ? .ownFileOrTargetPlaces : .ownFile
            }
        }
    }

    /// Whether a rule that reaches this far must run on the file at `index`.
    func reaches(_ reach: Reach, _ index: FileID) -> Bool {
        switch reach {
        case .ownFile: isReported[index]
        case .ownFileOrTargetPlaces: isReported[index] || placesReported[index]
        case .ownTarget: targetReported[index]
        case .anywhere: true
        }
    }

    /// For a rule reported once per target, the last file of a target it must run on; nil when
    /// none. The first site of the target is the one reported: it matters only when it is in a
    /// reported file (no later file can then hold it) or, for a rule that relocates, when it may
    /// move to a reported property list.
    func lastReached(inTarget target: TargetID, relocating: Bool) -> FileID? {
        targets[target].files.last { isReported[$0] || relocating && placesReported[$0] }
    }
}
