import Foundation
import XCTest

@testable import AuthLintAnalysis
@testable import AuthLintCore
@testable import AuthLintIndex
@testable import AuthLintModel
@testable import AuthLintProject
@testable import AuthLintReporters
@testable import AuthLintRules
@testable import AuthLintSyntax

final class PropertyListTests: XCTestCase {
    static let entitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>aps-environment</key>
        \t<string>development</string>
        \t<!-- authlint:disable siwa-entitlement-missing -->
        \t<key>com.apple.developer.applesignin</key>
        \t<array>
        \t\t<string>Default</string>
        \t</array>
        \t<key>com.apple.developer.associated-domains</key>
        \t<array>
        \t\t<string>applinks:example.com</string>
        \t\t<string>webcredentials:example.com</string>
        \t</array>
        \t<!--
        \t  multi-line comment
        \t-->
        \t<key>com.apple.security.application-groups</key>
        \t<array/>
        \t<key>keychain-access-groups</key>
        \t<array>
        \t\t<string>$(AppIdentifierPrefix)com.example.app</string>
        \t</array>
        \t<key>com.apple.developer.icloud-container-environment</key><string>Production &amp; more</string>
        </dict>
        </plist>
        """

    private func parse(_ text: String, kind: ProjectFileKind = .propertyList) -> (
        file: PropertyListFile, diagnostics: [Diagnostic]
    ) {
        PropertyListParser.parse(Array(text.utf8), path: "App/App.entitlements", kind: kind)
    }

    func testEntitlementsKeepKeysValuesLinesAndComments() throws {
        let (file, diagnostics) = parse(Self.entitlements, kind: .entitlements)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(file.format, .xml)
        let root = try XCTUnwrap(file.root)
        XCTAssertEqual(root.line, 4)
        XCTAssertEqual(
            root.keys,
            [
                "aps-environment", "com.apple.developer.applesignin", "com.apple.developer.associated-domains",
                "com.apple.security.application-groups", "keychain-access-groups",
                "com.apple.developer.icloud-container-environment",
            ])
        XCTAssertEqual(root["aps-environment"]?.stringValue, "development")
        XCTAssertEqual(root.line(ofKey: "aps-environment"), 5)
        XCTAssertEqual(root["aps-environment"]?.line, 6)
        let signIn = try XCTUnwrap(root.entry(for: "com.apple.developer.applesignin"))
        XCTAssertEqual(signIn.keyLine, 8)
        XCTAssertEqual(signIn.value.line, 9)
        XCTAssertEqual(signIn.value.arrayValue?.first?.line, 10)
        XCTAssertEqual(signIn.value.stringArrayValue, ["Default"])
        XCTAssertEqual(
            file["com.apple.developer.associated-domains"]?.stringArrayValue,
            ["applinks:example.com", "webcredentials:example.com"])
        XCTAssertEqual(root["com.apple.developer.associated-domains"]?.arrayValue?.map(\.line), [14, 15])
        XCTAssertEqual(root["com.apple.security.application-groups"]?.arrayValue, [])
        XCTAssertEqual(root.line(ofKey: "keychain-access-groups"), 22)
        XCTAssertEqual(
            root["keychain-access-groups"]?.arrayValue?.first?.stringValue, "$(AppIdentifierPrefix)com.example.app")
        XCTAssertEqual(root["com.apple.developer.icloud-container-environment"]?.stringValue, "Production & more")
        XCTAssertEqual(root.line(ofKey: "com.apple.developer.icloud-container-environment"), 26)
        XCTAssertNil(root["missing"])
        XCTAssertEqual(file.comments.map(\.line), [7, 17])
        XCTAssertEqual(
            file.comments.first?.text.trimmingCharacters(in: .whitespaces), "authlint:disable siwa-entitlement-missing")
        XCTAssertTrue(file.comments.last?.text.contains("multi-line comment") ?? false)
    }

    func testInfoPlistURLTypesAndScalarTypes() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>CFBundleIdentifier</key>
                <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
                <key>CFBundleURLTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeRole</key>
                        <string>Editor</string>
                        <key>CFBundleURLSchemes</key>
                        <array>
                            <string>com.googleusercontent.apps.1234-abcd</string>
                            <string>fb123456</string>
                        </array>
                    </dict>
                </array>
                <key>LSRequiresIPhoneOS</key>
                <true/>
                <key>UIFileSharingEnabled</key><false/>
                <key>Build</key><integer>42</integer>
                <key>Negative</key><integer>-7</integer>
                <key>Ratio</key><real>1.5</real>
                <key>Released</key><date>2024-02-29T12:30:00Z</date>
                <key>Blob</key><data>
                    aGVsbG8=
                </data>
                <key>NSFaceIDUsageDescription</key><string>  spaces kept  </string>
                <key>Empty</key><string/>
            </dict>
            </plist>
            """
        let (file, diagnostics) = parse(text, kind: .infoPlist)
        XCTAssertEqual(diagnostics, [])
        let root = try XCTUnwrap(file.root)
        let urlType = try XCTUnwrap(root["CFBundleURLTypes"]?.arrayValue?.first)
        XCTAssertEqual(urlType.line, 8)
        XCTAssertEqual(
            urlType["CFBundleURLSchemes"]?.stringArrayValue, ["com.googleusercontent.apps.1234-abcd", "fb123456"])
        XCTAssertEqual(urlType["CFBundleURLSchemes"]?.arrayValue?.map(\.line), [13, 14])
        XCTAssertEqual(root["LSRequiresIPhoneOS"]?.boolValue, true)
        XCTAssertEqual(root["LSRequiresIPhoneOS"]?.line, 19)
        XCTAssertEqual(root["UIFileSharingEnabled"]?.value, .bool(false))
        XCTAssertEqual(root["Build"]?.value, .integer(42))
        XCTAssertEqual(root["Negative"]?.integerValue, -7)
        XCTAssertEqual(root["Ratio"]?.realValue, 1.5)
        XCTAssertEqual(root["Released"]?.dateValue, Date(timeIntervalSince1970: 1_709_209_800))
        XCTAssertEqual(root["Blob"]?.dataValue, Data("hello".utf8))
        XCTAssertEqual(root["NSFaceIDUsageDescription"]?.stringValue, "  spaces kept  ")
        XCTAssertEqual(root["Empty"]?.stringValue, "")
        XCTAssertNil(root["CFBundleURLTypes"]?.stringValue)
    }

    func testBinaryPlistParsesWithoutLines() throws {
        let object: [String: Any] = [
            "com.apple.developer.applesignin": ["Default"],
            "flag": true, "off": false, "count": 3, "ratio": 0.25, "name": "App",
            "nested": ["inner": [1, 2]],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        XCTAssertTrue(data.starts(with: Array("bplist00".utf8)))
        let (file, diagnostics) = PropertyListParser.parse(Array(data), path: "App.entitlements", kind: .entitlements)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(file.format, .binary)
        let root = try XCTUnwrap(file.root)
        XCTAssertEqual(
            root.keys, ["com.apple.developer.applesignin", "count", "flag", "name", "nested", "off", "ratio"], "sorted")
        XCTAssertEqual(root["com.apple.developer.applesignin"]?.stringArrayValue, ["Default"])
        XCTAssertEqual(root["flag"]?.value, .bool(true))
        XCTAssertEqual(root["off"]?.value, .bool(false))
        XCTAssertEqual(root["count"]?.value, .integer(3))
        XCTAssertEqual(root["ratio"]?.value, .real(0.25))
        XCTAssertEqual(root["name"]?.stringValue, "App")
        XCTAssertEqual(root["nested"]?["inner"]?.arrayValue?.map(\.value), [.integer(1), .integer(2)])
        XCTAssertEqual(root.line, 0)
        XCTAssertEqual(root.line(ofKey: "flag"), 0)

        let truncated = PropertyListParser.parse(Array(data.prefix(20)), path: "x.plist")
        XCTAssertNil(truncated.file.root)
        XCTAssertEqual(truncated.diagnostics.map(\.kind), [.malformedPlist])
    }

    func testEncryptedOrBinaryNonPlistsAreSkippedAsSuch() {
        let encrypted = PropertyListParser.parse(
            [0] + Array("GITCRYPT".utf8) + [0, 0x64, 0x27, 0xE1], path: "Auth.plist")
        XCTAssertNil(encrypted.file.root)
        XCTAssertEqual(encrypted.diagnostics.map(\.kind), [.binaryFile])
        XCTAssertEqual(encrypted.diagnostics.first?.message, "not a property list (encrypted with git-crypt)")
        let other = PropertyListParser.parse([0x89, 0x50, 0x4E, 0x47, 0, 0, 0], path: "Logo.plist")
        XCTAssertEqual(other.diagnostics.first?.message, "not a property list (binary content)")
    }

    func testMalformedPlistsGiveDiagnosticsWithLines() {
        let cases: [(String, Int?)] = [
            ("<plist>\n<dict>\n<key>a</key>\n<string>x</dict>\n</plist>", 4),
            ("<plist>\n<dict>\n<key>a</key>\n<key>b</key>\n<string>x</string></dict></plist>", 3),
            ("<plist>\n<dict>\n<string>orphan</string>\n</dict></plist>", 3),
            ("<plist><dict><key>n</key>\n<integer>12x</integer></dict></plist>", 2),
            ("<plist>\n<array><unknown/></array></plist>", 2),
            ("<plist><dict/><dict/></plist>", 1),
            ("<plist><dict>text</dict></plist>", 1),
            ("   \n", nil),
            ("<plist></plist>", nil),
        ]
        for (text, line) in cases {
            let (file, diagnostics) = PropertyListParser.parse(Array(text.utf8), path: "Bad.plist")
            XCTAssertNil(file.root, text)
            XCTAssertEqual(diagnostics.map(\.kind), [.malformedPlist], text)
            XCTAssertEqual(diagnostics.first?.line, line, text)
            XCTAssertEqual(diagnostics.first?.path, "Bad.plist")
        }
    }

    func testIllFormedUTF8IsReadWithReplacementCharactersEvenInNames() {
        // Element and attribute names that are not UTF-8 stop FoundationXML's parser outright.
        let element =
            Array("<plist>\n<dict><key>a</key><string>x</string></dict>\n<".utf8) + [0xC2] + Array("x/>\n</plist>".utf8)
        let elementParse = PropertyListParser.parse(element, path: "Info.plist", kind: .infoPlist)
        XCTAssertNil(elementParse.file.root)
        XCTAssertEqual(elementParse.diagnostics.map(\.kind), [.invalidUTF8, .malformedPlist])
        XCTAssertEqual(elementParse.diagnostics.first?.line, 3)
        let attribute =
            Array("<plist><dict a".utf8) + [0xFF] + Array("=\"1\"><key>k</key><string>v".utf8) + [0xE9]
            + Array("</string></dict></plist>".utf8)
        let attributeParse = PropertyListParser.parse(attribute, path: "Info.plist", kind: .infoPlist)
        XCTAssertEqual(attributeParse.file.root?["k"]?.stringValue, "v\u{FFFD}")
        XCTAssertEqual(attributeParse.diagnostics.map(\.kind), [.invalidUTF8])
        XCTAssertEqual(attributeParse.diagnostics.first?.line, 1)
    }

    func testEntityDeclarationsAreRefused() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [
              <!ENTITY lol "lol">
              <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
              <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
            ]>
            <plist><dict><key>a</key><string>&lol3;</string></dict></plist>
            """
        let (file, diagnostics) = PropertyListParser.parse(Array(laughs.utf8), path: "Info.plist", kind: .infoPlist)
        XCTAssertNil(file.root)
        XCTAssertEqual(diagnostics.map(\.kind), [.malformedPlist])
        XCTAssertEqual(diagnostics.first?.line, 3)
        XCTAssertTrue(diagnostics.first?.message.contains("entities") ?? false)
        let external =
            "<!DOCTYPE plist [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<plist><string>&x;</string></plist>"
        XCTAssertEqual(
            PropertyListParser.parse(Array(external.utf8), path: "x.plist").diagnostics.map(\.kind), [.malformedPlist])
        // Refused inside a comment too: whether a broken comment hides it is the XML parser's call.
        let commented = "<!-- <!ENTITY in-a-comment> -->\n<plist><string>ok</string></plist>"
        XCTAssertEqual(
            PropertyListParser.parse(Array(commented.utf8), path: "x.plist").diagnostics.map(\.kind), [.malformedPlist])
    }

    func testMarkupThatStopsTheXMLParserIsRefusedWhereverItStands() {
        // Each of these stops FoundationXML's parser on Linux when it reaches the delegate, or
        // hides such markup from a byte scan.
        let cases: [(String, Int, String)] = [
            ("<?xml version=\"1.0\"?>\n<plist>\n<?x?><string>a</string></plist>", 3, "processing instruction"),
            ("<plist><string>a<?target data?></string></plist>", 1, "processing instruction"),
            ("<?xmlx?><plist><string>a</string></plist>", 1, "processing instruction"),
            ("\n<?xml version=\"1.0\"?><plist><string>a</string></plist>", 2, "processing instruction"),
            ("<plist><!--\n<?x?> --><string>a</string></plist>", 2, "processing instruction"),
            ("<plist><string><![CDATA[<?y?>]]></string></plist>", 1, "processing instruction"),
            ("<!DOCTYPE plist [\n<!NOTATION n SYSTEM \"x\">\n]>\n<plist><string>a</string></plist>", 2, "notations"),
            (
                "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ATTLIST plist a CDATA #IMPLIED>]>\n<plist/>", 2,
                "attributes"
            ),
            ("<!DOCTYPE plist [<!ELEMENT plist ANY>]><plist/>", 1, "elements"),
            ("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n+ADw-?x?+AD4-<plist/>", 1, "encoding"),
            ("<?xml version='1.0' encoding = 'ebcdic-cp-us' ?><plist/>", 1, "encoding"),
        ]
        for (text, line, words) in cases {
            let (file, diagnostics) = PropertyListParser.parse(Array(text.utf8), path: "Info.plist", kind: .infoPlist)
            XCTAssertNil(file.root, text)
            XCTAssertEqual(diagnostics.map(\.kind), [.malformedPlist], text)
            XCTAssertEqual(diagnostics.first?.line, line, text)
            XCTAssertTrue(diagnostics.first?.message.contains(words) ?? false, text)
        }
        let ebcdic: [UInt8] = [0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x40, 0x6F, 0x6E]
        XCTAssertEqual(PropertyListParser.parse(ebcdic, path: "Info.plist").diagnostics.map(\.kind), [.malformedPlist])
        let utf16 = Array("<plist><string>a</string></plist>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        XCTAssertEqual(
            PropertyListParser.parse([0xFF, 0xFE] + utf16, path: "Info.plist").diagnostics.map(\.kind), [.binaryFile])

        let allowed = [
            "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist><string>a</string></plist>",
            "<plist><!-- [ < --><string><![CDATA[a]]></string></plist>",
            "<!DOCTYPE plist [ ]><plist><string>a</string></plist>",
        ]
        for text in allowed {
            let (file, diagnostics) = PropertyListParser.parse(Array(text.utf8), path: "Info.plist", kind: .infoPlist)
            XCTAssertEqual(diagnostics, [], text)
            XCTAssertEqual(file.root?.stringValue, "a", text)
        }
        let latin1 =
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>caf".utf8) + [0xE9]
            + Array("</string></plist>".utf8)
        let latin1Parse = PropertyListParser.parse(latin1, path: "Info.plist")
        XCTAssertEqual(latin1Parse.diagnostics, [])
        XCTAssertEqual(latin1Parse.file.root?.stringValue, "café")
    }

    func testScannerSortsPlistsAndGoesOnAfterAMalformedOne() throws {
        let tree = try ScanFixture()
        try tree.write("App/App.entitlements", Self.entitlements)
        try tree.write("App/Broken.plist", "<plist><dict><key>x</key></plist>")
        try tree.write("App/Info.plist", "<plist><dict><key>CFBundleName</key><string>App</string></dict></plist>")
        try tree.write("App/PrivacyInfo.xcprivacy", "<plist><dict><key>NSPrivacyTracking</key><false/></dict></plist>")
        let binary = try PropertyListSerialization.data(fromPropertyList: ["API_KEY": "k"], format: .binary, options: 0)
        try tree.write("App/GoogleService-Info.plist", bytes: Array(binary))
        let project = tree.scan()
        XCTAssertEqual(
            project.entitlements.first?.root?["com.apple.developer.applesignin"]?.stringArrayValue, ["Default"])
        XCTAssertEqual(project.entitlements.first?.comments.count, 2)
        XCTAssertEqual(project.infoPlists.first?["CFBundleName"]?.stringValue, "App")
        XCTAssertEqual(project.privacyManifests.first?["NSPrivacyTracking"]?.boolValue, false)
        XCTAssertEqual(project.otherPlists.map(\.path), ["App/Broken.plist", "App/GoogleService-Info.plist"])
        XCTAssertEqual(project.otherPlists.last?.format, .binary)
        XCTAssertEqual(project.propertyList(atPath: "App/GoogleService-Info.plist")?["API_KEY"]?.stringValue, "k")
        XCTAssertEqual(project.diagnostics.map(\.path), ["App/Broken.plist"])
        XCTAssertEqual(project.diagnostics.map(\.kind), [.malformedPlist])
    }
}
