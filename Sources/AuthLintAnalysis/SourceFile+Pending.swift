import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

extension SourceFile {
    /// A source file not yet lexed: its bytes when they are at hand, else where to read them.
    ///
    /// One is kept for every file of a large tree until the run ends, so the scan's record of
    /// the file is not copied into it: it holds the scan's list of files (shared, not copied)
    /// and the file's place there.
    package struct Pending: Sendable {
        /// The list the file is in, and its place there.
        private let list: List
        var bytes: [UInt8]?
        /// The file's suppression directives, when it was lexed as it was loaded. Nil when it was
        /// not: a file summarised from the cache is not reported, and one the prefilter summarised
        /// from its bytes holds no directive (it would have been lexed).
        package var directives: Directives?
        /// The size of the file's text: as read, when it was read (its step budget is the one
        /// it had then), else as scanned.
        package var size: Int
        private let place: Int32
        var language: SourceLanguage

        /// A list of files the scan found, shared by the files read from it, and the largest
        /// size a file is read at.
        package final class List: Sendable {
            let files: [ProjectFile]
            let maxFileSize: Int

            package init(_ files: [ProjectFile], maxFileSize: Int) {
                self.files = files
                self.maxFileSize = maxFileSize
            }
        }

        /// The file at `place` in `list`.
        package init(language: SourceLanguage, in list: List, at place: Int, bytes: [UInt8]?) {
            self.list = list
            self.place = Int32(place)
            self.language = language
            self.bytes = bytes
            size = bytes?.count ?? list.files[place].size
        }

        /// A file on its own, not in a scan's list.
        package init(language: SourceLanguage, file: ProjectFile, bytes: [UInt8]?, maxFileSize: Int) {
            self.init(language: language, in: List([file], maxFileSize: maxFileSize), at: 0, bytes: bytes)
        }

        /// The file as the scan found it: its path, where it is, and its size.
        var file: ProjectFile { list.files[Int(place)] }

        var path: String { list.files[Int(place)].path }

        /// The file's text: its bytes, or read again from the tree. A file that can no longer be
        /// read is empty: it is not reported, and what it held is no longer there.
        func sourceFile() -> SourceFile {
            SourceFile(
                path: path, language: language,
                bytes: bytes ?? FileReader.readSource(file, maxFileSize: list.maxFileSize).bytes ?? [])
        }
    }
}
