#!/usr/bin/env python3
"""Builds a tree that a hostile pull request could commit, for scripts/test-hostile-tree.sh.

    scripts/make-hostile-tree.py DIR

DIR/outside/ holds secrets (a canary string) that authlint must never read or print;
DIR/project/ is the tree it lints (its root marked by .git): links out of the root, FIFOs, file
names that try to inject workflow commands, Markdown, HTML and terminal sequences, includes and
settings that point outside, and inputs that once made work grow faster than their size.
Everything is generated: nothing binary is kept in the repository. Deterministic.
"""
import os
import struct
import sys

CANARY = "AUTHLINT-CANARY-5b9e1c"


def write(path, text, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as handle:
        handle.write(text)


def shared_bplist(depth):
    """bplist00 whose arrays each hold the next one twice: 2**depth leaves in a few hundred bytes."""
    objects = [bytes([0xA2, i + 1, i + 1]) for i in range(depth)] + [bytes([0x51]) + b"x"]
    data = b"bplist00"
    offsets = []
    for obj in objects:
        offsets.append(len(data))
        data += obj
    table = len(data)
    for offset in offsets:
        data += struct.pack(">H", offset)
    data += b"\x00" * 6 + bytes([2, 1]) + struct.pack(">QQQ", len(objects), 0, table)
    return data


def main(base):
    outside = os.path.join(base, "outside")
    project = os.path.join(base, "project")
    write(f"{outside}/Secret.swift", f'let token = "{CANARY}"\nprint(token)\n')
    write(f"{outside}/secret.xcconfig", f"CODE_SIGN_ENTITLEMENTS = {CANARY}.entitlements\nSECRET = {CANARY}\n")
    write(f"{outside}/credentials", f"[default]\naws_secret_access_key = {CANARY}\n")
    write(f"{outside}/Nested/More.swift", f'let key = "{CANARY}"\n')
    write(f"{outside}/authlint.yml", f"{CANARY}: [\n")
    os.makedirs(f"{project}/.git", exist_ok=True)

    app = f"{project}/App"
    write(f"{app}/Login.swift", "import GoogleSignIn\n\nfunc login() {\n    GIDSignIn.sharedInstance.signIn(withPresenting: root) { _, _ in }\n}\n")
    # Links out of the root, a loop, and a link inside it.
    os.symlink(f"{outside}/Secret.swift", f"{app}/Linked.swift")
    os.symlink(f"{outside}/Nested", f"{app}/OutsideFolder")
    os.symlink("/usr", f"{project}/usr")
    os.symlink("/", f"{project}/everything")
    os.symlink("/proc", f"{project}/proc")
    os.symlink("..", f"{app}/Loop")
    os.symlink("Login.swift", f"{app}/SameLogin.swift")
    # FIFOs as a source, an include and a base configuration.
    os.mkfifo(f"{app}/Pipe.swift")
    os.mkfifo(f"{project}/Pipe.xcconfig")
    write(f"{project}/Configs/App.xcconfig",
          '#include "../../outside/secret.xcconfig"\n#include "/proc/self/environ"\n#include "../Pipe.xcconfig"\n'
          "CODE_SIGN_ENTITLEMENTS = $(SECRET)/App.entitlements\n"
          + "X = $(inherited)$(inherited)\n" * 200)
    # A doubled include graph: each file includes the next twice.
    for level in range(40):
        write(f"{project}/Configs/Chain{level}.xcconfig",
              f'#include "Chain{level + 1}.xcconfig"\n#include "Chain{level + 1}.xcconfig"\nK{level} = {level}\n')
    write(f"{project}/Configs/Chain40.xcconfig", "LAST = yes\n")
    # A project whose base configuration and settings point outside, and a doubling setting.
    write(f"{project}/App.xcodeproj/project.pbxproj", PBXPROJ.replace("@DOUBLE@", "$(A)" * 64))
    # A Trojan-Source identifier: the right-to-left override inside a name a message quotes.
    write(f"{project}/App/Trojan.swift", "import AuthenticationServices\n\nfunc go() {\n"
          "    let req\u202euest = ASAuthorizationAppleIDProvider().createRequest()\n"
          "    ASAuthorizationController(authorizationRequests: [req\u202euest]).performRequests()\n}\n")
    # A project whose setting is 1.3 MB of `$(` that never close: expanded in linear time.
    write(f"{project}/Slow.xcodeproj/project.pbxproj", PBXPROJ.replace("/etc/$(A).entitlements", "$(" * 650_000)
          .replace("../outside/secret.xcconfig", "Slow.xcconfig").replace("../outside/Info.plist", "Info.plist"))
    # A package target whose folder is outside.
    write(f"{project}/Package.swift", 'import PackageDescription\nlet package = Package(name: "App", targets: [\n'
          '    .target(name: "App", path: "App"),\n    .target(name: "Secrets", path: "../outside"),\n])\n')
    # Names that try to inject.
    for name in ["e\n::set-output name=x::pwned\n.swift", "clear\x1b[2J\x1b]0;title\x07.swift",
                 "forged\rApp/Login.swift:1:1: error: forged [missing-nonce].swift",
                 "blank\n\n<script>alert(1)</script>\n\n.swift", "img<img src=x onerror=alert(1)>`|`.swift",
                 "bidi\u202etfiws\u200f\u0085.swift"]:
        write(os.path.join(app, name), 'import Foundation\nlet token = UserDefaults.standard.string(forKey: "token")\nprint(token)\n')
    write(f"{app}/Raw.swift", "import Foundation\nlet `<img src=x onerror=alert(1)>` = UserDefaults.standard.string(forKey: \"token\")\n"
          "print(`<img src=x onerror=alert(1)>`)\n")
    # Inputs that once made work grow faster than their size.
    depth = 2000
    write(f"{app}/Nested.swift", "import Foundation\nfunc run(_ body: () -> Void) { body() }\nfunc show() {\n"
          "    var token = UserDefaults.standard.string(forKey: \"t\")\n"
          + "run {\nprint(token)\n" * depth + "}\n" * depth + "}\n")
    write(f"{app}/Prints.swift", "import Foundation\nfunc show() {\n    let token = UserDefaults.standard.string(forKey: \"t\")\n"
          + "    print(token)\n" * 20000 + "}\n")
    write(f"{project}/Data/Keys.plist", '<?xml version="1.0"?>\n<plist version="1.0"><dict>\n'
          + "".join(f"<key>k{i}</key><string>v</string>\n" for i in range(100000)) + "</dict></plist>\n")
    write(f"{project}/Data/Items.plist", '<?xml version="1.0"?>\n<plist version="1.0"><array>\n'
          + "<string>v</string>\n" * 300000 + "</array></plist>\n")
    write(f"{project}/Data/Shared.plist", shared_bplist(60), "wb")
    # Markup that stops FoundationXML's parser on Linux: a processing instruction without data, a
    # DTD declaration, an element name that is not UTF-8.
    write(f"{project}/Data/Instruction.plist", '<?xml version="1.0"?>\n<plist><?x?><string>v</string></plist>\n')
    write(f"{project}/Data/Notation.plist", '<!DOCTYPE plist [<!NOTATION n SYSTEM "x">]>\n<plist><string>v</string></plist>\n')
    write(f"{project}/Data/Names.plist", b'<plist><dict><key>k</key><string>v</string></dict><\xc2x/></plist>\n', "wb")
    write(f"{project}/.authlint.yml", "exclude:\n  - \"" + "**/*/" * 12 + "nothing\"\n")
    deep = "/".join(f"d{i}" for i in range(60))
    write(f"{project}/{deep}/Deep.swift", "let x = 1\n")

    # A second project whose configuration is a link to a secret outside.
    linked = os.path.join(base, "linked-config")
    os.makedirs(f"{linked}/.git", exist_ok=True)
    write(f"{linked}/A.swift", "let x = 1\n")
    os.symlink(f"{outside}/authlint.yml", f"{linked}/.authlint.yml")


PBXPROJ = """// !$*UTF8*$!
{
	archiveVersion = 1;
	objectVersion = 56;
	objects = {
		B1 /* secret.xcconfig */ = {isa = PBXFileReference; path = ../outside/secret.xcconfig; sourceTree = SOURCE_ROOT; };
		G1 = {isa = PBXGroup; children = (B1); sourceTree = "<group>"; };
		P1 = {isa = PBXProject; buildConfigurationList = L1; mainGroup = G1; targets = (T1); };
		L1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
		L2 = {isa = XCConfigurationList; buildConfigurations = (C2); };
		C1 = {isa = XCBuildConfiguration; baseConfigurationReference = B1; buildSettings = {A = "@DOUBLE@"; }; name = Debug; };
		C2 = {isa = XCBuildConfiguration; buildSettings = {CODE_SIGN_ENTITLEMENTS = "/etc/$(A).entitlements"; INFOPLIST_FILE = "../outside/Info.plist"; }; name = Debug; };
		T1 = {isa = PBXNativeTarget; buildConfigurationList = L2; name = App; productType = "com.apple.product-type.application"; };
	};
	rootObject = P1;
}
"""

if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make-hostile-tree.py DIR")
    main(sys.argv[1])
