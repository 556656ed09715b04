import Combine
import Foundation
import LocalAuthentication
import Security

/// Locks Harbor behind Face ID. The refresh token sits in a Keychain item that only a Face ID
/// match opens: reading it is the unlock, so there is no Boolean to flip.
@MainActor
final class AppLock: ObservableObject {
    @Published private(set) var refreshToken: String?
    private let account = "refreshToken"

    func store(refreshToken: String) {
        guard let access = SecAccessControlCreateWithFlags(
            nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil
        ) else { return }
        let item: [CFString: Any] = [
            kSecClass: kSecClassGenericPassword,
            kSecAttrAccount: account,
            kSecAttrAccessControl: access,
            kSecValueData: Data(refreshToken.utf8),
        ]
        SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrAccount: account] as CFDictionary)
        SecItemAdd(item as CFDictionary, nil)
    }

    func unlock() {
        let context = LAContext()
        context.localizedReason = "Unlock Harbor"
        let query: [CFString: Any] = [
            kSecClass: kSecClassGenericPassword,
            kSecAttrAccount: account,
            kSecReturnData: true,
            kSecUseAuthenticationContext: context,
        ]
        var result: AnyObject?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess, let data = result as? Data else { return }
        refreshToken = String(data: data, encoding: .utf8)
    }
}
