import Foundation
import Security

/// Profile details and the Apple user identifier, kept in the Keychain.
final class ProfileStore {
    private let service = "club.harbor.profile"

    func save(email: String, for userID: String) {
        write(Data(email.utf8), account: "email.\(userID)")
    }

    func rememberAppleUser(_ userID: String) {
        write(Data(userID.utf8), account: "apple.user")
    }

    var appleUserID: String? {
        read(account: "apple.user").flatMap { String(data: $0, encoding: .utf8) }
    }

    func forgetAppleUser() {
        SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: service, kSecAttrAccount: "apple.user"] as CFDictionary)
    }

    private func write(_ data: Data, account: String) {
        let query = [kSecClass: kSecClassGenericPassword, kSecAttrService: service, kSecAttrAccount: account] as CFDictionary
        SecItemDelete(query)
        var item = [kSecClass: kSecClassGenericPassword, kSecAttrService: service, kSecAttrAccount: account] as [CFString: Any]
        item[kSecValueData] = data
        SecItemAdd(item as CFDictionary, nil)
    }

    private func read(account: String) -> Data? {
        let query = [
            kSecClass: kSecClassGenericPassword, kSecAttrService: service, kSecAttrAccount: account,
            kSecReturnData: true, kSecMatchLimit: kSecMatchLimitOne,
        ] as CFDictionary
        var result: AnyObject?
        return SecItemCopyMatching(query, &result) == errSecSuccess ? result as? Data : nil
    }
}
