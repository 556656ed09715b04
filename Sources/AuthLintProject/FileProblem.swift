import AuthLintModel
import AuthLintSyntax
import Foundation

/// What went wrong with a file, in plain words: "permission denied", "is a folder", "no space
/// left on device", never a Foundation error domain and number.
public enum FileProblem {
    public static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return plain(Int32(underlying.code))
        }
        if nsError.domain == NSPOSIXErrorDomain { return plain(Int32(nsError.code)) }
        if nsError.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: nsError.code) {
            case .fileReadNoPermission, .fileWriteNoPermission: return plain(EACCES)
            case .fileReadNoSuchFile, .fileNoSuchFile: return plain(ENOENT)
            case .fileWriteOutOfSpace: return plain(ENOSPC)
            case .fileWriteVolumeReadOnly: return plain(EROFS)
            case .fileReadInapplicableStringEncoding, .fileReadCorruptFile: return "it is not UTF-8 text"
            case .fileWriteFileExists: return plain(EEXIST)
            default: break
            }
            return nsError.code >= 512 && nsError.code < 1024 ? "it cannot be written" : "it cannot be read"
        }
        return nsError.localizedDescription
    }

    private static func plain(_ code: Int32) -> String {
        if code == EISDIR { return "is a folder" }
        return SystemError(code: code).message.lowercased()
    }
}
