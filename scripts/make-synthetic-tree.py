#!/usr/bin/env python3
"""Build a deterministic synthetic iOS source tree for scale benchmarks.

    make-synthetic-tree.py N OUTDIR [--seed S]

N is the number of Swift files (suffixes k/m allowed: 1k, 10k, 100k).  File i
depends only on (seed, i), so the 1k tree is a prefix of the 10k tree, which is
a prefix of the 100k tree.  Sizes follow a log-normal fitted to three real app
code bases (real: median 2.4 KB, mean 5.2 KB, p90 11.5 KB, p99 40 KB; output at
10k: median 2.7 KB, mean 4.8 KB, p90 10 KB, p99 41 KB; cap 400 KB).
Content is ordinary app code (models, view models, SwiftUI views, services,
enums, extensions) with a small share of authentication code planted in:

  siwa-no-nonce    ASAuthorizationAppleIDProvider().createRequest(), no nonce,
                   delegate uses identityToken and never reads fullName
  siwa-raw-nonce   request.nonce = rawNonce (not hashed)
  siwa-good        hashed nonce, fullName read, getCredentialState checked
  google           GIDSignIn.sharedInstance.signIn + GoogleAuthProvider.credential
  facebook         LoginManager().logIn

One app target per 1000 files (at least one) gets Info.plist, an .entitlements
file (every other one with com.apple.developer.applesignin) and a
PrivacyInfo.xcprivacy.  OUTDIR/MANIFEST.json lists every planted item
(ground truth for a side-by-side run).  Only the Python standard library is used,
with its own PRNG so the output does not depend on the Python version.
"""
import argparse
import hashlib
import json
import math
import os
import sys

MASK = (1 << 64) - 1


class Rng:
    """splitmix64: small, fast, identical on every Python version."""

    def __init__(self, seed):
        self.s = seed & MASK

    def u64(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & MASK
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def random(self):
        return (self.u64() >> 11) / float(1 << 53)

    def below(self, n):
        return self.u64() % n

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def normal(self):
        # Box-Muller
        u1 = max(self.random(), 1e-12)
        u2 = self.random()
        return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)


NOUNS = ("order product store payment account setting profile episode podcast device sensor entity "
         "notification coupon customer refund shipment invoice tax review category variation inventory "
         "report widget server session token cache image media playlist queue download subscription "
         "area zone automation scene script camera location timeline message room member thread reaction "
         "filter search banner card section header footer badge avatar label button toggle").split()
VERBS = ("load fetch update refresh sync save delete apply render configure present dismiss validate "
         "observe track format parse encode decode merge compute schedule cancel retry handle select").split()
ADJ = ("main primary secondary pending active archived local remote cached default custom shared "
       "selected visible hidden recent featured").split()
TYPES = ("String", "Int", "Bool", "Double", "Date", "URL", "UUID", "[String]", "Int64", "Decimal",
         "String?", "Int?", "Date?", "[Int]", "Data")
IMPORTS = ("Foundation", "UIKit", "SwiftUI", "Combine", "CoreData", "os", "WebKit", "Network",
           "CoreLocation", "UserNotifications", "StoreKit", "AVFoundation")


def camel(words, upper):
    s = "".join(w[:1].upper() + w[1:] for w in words)
    return s if upper else s[:1].lower() + s[1:]


class Gen:
    def __init__(self, rng):
        self.r = rng

    def tname(self):
        r = self.r
        return camel([r.choice(ADJ), r.choice(NOUNS), r.choice(("Model", "Item", "State", "Info", "Details", "Config"))], True)

    def vname(self):
        r = self.r
        return camel([r.choice(ADJ), r.choice(NOUNS)], False) if r.below(2) else camel([r.choice(NOUNS)], False) + str(r.below(9))

    def literal(self, t):
        r = self.r
        base = t.rstrip("?")
        if base == "String":
            return '"%s_%s"' % (r.choice(NOUNS), r.choice(ADJ))
        if base in ("Int", "Int64"):
            return str(r.below(1000))
        if base == "Bool":
            return r.choice(("true", "false"))
        if base in ("Double", "Decimal"):
            return "%d.%d" % (r.below(100), r.below(100))
        if base == "Date":
            return "Date()"
        if base == "URL":
            return 'URL(string: "https://example.com/%s")!' % r.choice(NOUNS)
        if base == "UUID":
            return "UUID()"
        if base == "Data":
            return "Data()"
        return "[]"

    def doc(self, ind):
        r = self.r
        n = 1 + r.below(3)
        return "".join("%s/// %s the %s %s when the %s changes.\n" % (ind, r.choice(VERBS).capitalize(), r.choice(ADJ), r.choice(NOUNS), r.choice(NOUNS)) for _ in range(n))

    def statement(self, ind, depth=0):
        r = self.r
        k = r.below(10)
        v, w = self.vname(), self.vname()
        if k == 0 and depth < 2:
            return ("%sguard let %s = %s else {\n%s    return\n%s}\n" % (ind, v, w, ind, ind))
        if k == 1 and depth < 2:
            body = "".join(self.statement(ind + "    ", depth + 1) for _ in range(1 + r.below(3)))
            return "%sif %s.isEmpty == false {\n%s%s}\n" % (ind, v, body, ind)
        if k == 2 and depth < 2:
            body = self.statement(ind + "    ", depth + 1)
            return "%sfor %s in %ss where %s.isValid {\n%s%s}\n" % (ind, v, w, v, body, ind)
        if k == 3:
            return '%slet %s = "\\(%s.%s) - \\(%s)"\n' % (ind, v, w, r.choice(NOUNS), r.choice(NOUNS))
        if k == 4:
            return "%s%s.%s%s(%s: %s, completion: { [weak self] result in\n%s    self?.%s(result)\n%s})\n" % (
                ind, w, r.choice(VERBS), camel([r.choice(NOUNS)], True), r.choice(NOUNS), v, ind, camel([r.choice(VERBS), r.choice(NOUNS)], False), ind)
        if k == 5:
            return "%slet %s = %ss.filter { $0.%s }.map { $0.%s }\n" % (ind, v, w, r.choice(("isActive", "isEnabled", "isVisible")), r.choice(NOUNS))
        if k == 6:
            return '%sLogger.%s.info("%s %s: \\(%s)")\n' % (ind, r.choice(NOUNS), r.choice(VERBS), r.choice(NOUNS), v)
        if k == 7 and depth < 2:
            return ("%sswitch %s {\n%scase .%s:\n%s    %s()\n%scase .%s(let %s):\n%s    %s(%s)\n%sdefault:\n%s    break\n%s}\n" % (
                ind, v, ind, r.choice(ADJ), ind, camel([r.choice(VERBS), r.choice(NOUNS)], False), ind, r.choice(NOUNS), w,
                ind, camel([r.choice(VERBS)], False), w, ind, ind, ind))
        if k == 8:
            return "%sself.%s = try await %s.%s(id: %s.id)\n" % (ind, v, w, camel([r.choice(VERBS), r.choice(NOUNS)], False), v)
        return "%svar %s: %s = %s\n" % (ind, v, r.choice(TYPES), self.literal(r.choice(TYPES)))

    def func(self, ind):
        r = self.r
        name = camel([r.choice(VERBS), r.choice(ADJ), r.choice(NOUNS)], False)
        params = ", ".join("%s: %s" % (self.vname(), r.choice(TYPES)) for _ in range(r.below(4)))
        ret = r.choice(("", "", " -> Bool", " async throws", " -> String", " async throws -> [%s]" % self.tname()))
        body = "".join(self.statement(ind + "    ") for _ in range(2 + r.below(8)))
        if "->" in ret:
            body += "%s    return %s\n" % (ind, "true" if "Bool" in ret else ('""' if "String" in ret else "[]"))
        return "%s%sfunc %s(%s)%s {\n%s%s}\n" % (self.doc(ind) if r.below(3) == 0 else "", ind + r.choice(("", "private ", "public ", "@MainActor ")), name, params, ret, body, ind)

    def props(self, ind, n):
        r = self.r
        return "".join("%s%s %s: %s%s\n" % (ind, r.choice(("let", "var", "private var", "public let", "@Published var")), self.vname(), r.choice(TYPES),
                                            (" = " + self.literal("Int")) if r.below(4) == 0 else "") for _ in range(n))

    def block(self):
        r = self.r
        k = r.below(6)
        name = self.tname()
        if k == 0:
            return "%sstruct %s: Codable, Equatable {\n%s}\n\n" % (self.doc(""), name, self.props("    ", 2 + r.below(10)))
        if k == 1:
            funcs = "\n".join(self.func("    ") for _ in range(1 + r.below(5)))
            return "final class %sViewModel: ObservableObject {\n%s\n%s}\n\n" % (name, self.props("    ", 2 + r.below(5)), funcs)
        if k == 2:
            cases = "".join("    case %s\n" % camel([r.choice(ADJ), r.choice(NOUNS)], False) for _ in range(2 + r.below(8)))
            return ("enum %sKind: String, CaseIterable {\n%s\n    var title: String {\n        switch self {\n        default:\n"
                    "            return NSLocalizedString(\"%s.title\", value: \"%s\", comment: \"%s\")\n        }\n    }\n}\n\n") % (
                        name, cases, name, r.choice(NOUNS).capitalize(), "Title shown for the %s %s" % (r.choice(ADJ), r.choice(NOUNS)))
        if k == 3:
            rows = "".join("            Text(\"%s\")\n                .font(.%s)\n" % (r.choice(NOUNS).capitalize(), r.choice(("body", "headline", "caption"))) for _ in range(1 + r.below(6)))
            return ("struct %sView: View {\n    @ObservedObject var viewModel: %sViewModel\n\n    var body: some View {\n        VStack(alignment: .leading, spacing: %d) {\n%s"
                    "        }\n        .padding()\n        .onAppear { viewModel.%s() }\n    }\n}\n\n") % (name, name, r.below(20), rows, camel([r.choice(VERBS), r.choice(NOUNS)], False))
        if k == 4:
            funcs = "\n".join(self.func("    ") for _ in range(1 + r.below(3)))
            return "extension %s {\n%s}\n\n" % (name, funcs)
        return "/*\n * %s %s service.\n * %s\n */\nprotocol %sService: AnyObject {\n    func %s(_ id: Int64) async throws -> %s\n}\n\n" % (
            r.choice(ADJ).capitalize(), r.choice(NOUNS), " ".join(r.choice(NOUNS) for _ in range(12)), name, camel([r.choice(VERBS), r.choice(NOUNS)], False), name)


SIWA_NO_NONCE = '''
final class AppleSignInCoordinator%(n)d: NSObject, ASAuthorizationControllerDelegate {
    func startSignIn() {
        let request = ASAuthorizationAppleIDProvider().createRequest()
        request.requestedScopes = [.fullName, .email]
        let controller = ASAuthorizationController(authorizationRequests: [request])
        controller.delegate = self
        controller.performRequests()
    }

    func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
        guard let credential = authorization.credential as? ASAuthorizationAppleIDCredential else { return }
        guard let tokenData = credential.identityToken, let token = String(data: tokenData, encoding: .utf8) else { return }
        AuthService.shared.login(appleToken: token, email: credential.email)
    }
}
'''

SIWA_RAW_NONCE = '''
final class AppleLogin%(n)d: NSObject, ASAuthorizationControllerDelegate {
    private var currentNonce: String?

    func makeRequest() -> ASAuthorizationAppleIDRequest {
        let nonce = UUID().uuidString
        currentNonce = nonce
        let request = ASAuthorizationAppleIDProvider().createRequest()
        request.requestedScopes = [.fullName, .email]
        request.nonce = nonce
        return request
    }

    func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
        guard let credential = authorization.credential as? ASAuthorizationAppleIDCredential,
              let tokenData = credential.identityToken else { return }
        let name = credential.fullName?.givenName
        AuthService.shared.login(appleToken: tokenData, nonce: currentNonce, name: name)
    }
}
'''

SIWA_GOOD = '''
final class SignInWithAppleManager%(n)d: NSObject, ASAuthorizationControllerDelegate {
    private var currentNonce: String?

    func start() {
        let nonce = randomNonceString()
        currentNonce = nonce
        let request = ASAuthorizationAppleIDProvider().createRequest()
        request.requestedScopes = [.fullName, .email]
        request.nonce = sha256(nonce)
        ASAuthorizationController(authorizationRequests: [request]).performRequests()
    }

    func checkState(userID: String) {
        ASAuthorizationAppleIDProvider().getCredentialState(forUserID: userID) { state, _ in
            if state == .revoked { AuthService.shared.signOut() }
        }
    }

    func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
        guard let credential = authorization.credential as? ASAuthorizationAppleIDCredential,
              let tokenData = credential.identityToken else { return }
        let fullName = credential.fullName
        AuthService.shared.login(appleToken: tokenData, nonce: currentNonce, fullName: fullName)
    }

    private func randomNonceString(length: Int = 32) -> String {
        let charset = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVXYZabcdefghijklmnopqrstuvwxyz-._")
        return String((0..<length).map { _ in charset.randomElement()! })
    }

    private func sha256(_ input: String) -> String {
        SHA256.hash(data: Data(input.utf8)).compactMap { String(format: "%%02x", $0) }.joined()
    }
}
'''

GOOGLE = '''
final class GoogleLogin%(n)d {
    func signIn(presenting viewController: UIViewController) {
        GIDSignIn.sharedInstance.signIn(withPresenting: viewController) { result, error in
            guard let user = result?.user, let idToken = user.idToken?.tokenString else { return }
            let credential = GoogleAuthProvider.credential(withIDToken: idToken, accessToken: user.accessToken.tokenString)
            Auth.auth().signIn(with: credential) { _, _ in }
        }
    }
}
'''

FACEBOOK = '''
final class FacebookLogin%(n)d {
    func signIn(from viewController: UIViewController) {
        LoginManager().logIn(permissions: ["public_profile", "email"], from: viewController) { result, _ in
            AuthService.shared.login(facebookToken: result?.token?.tokenString)
        }
    }
}
'''

PLANTS = (  # (kind, one file in every K, template, extra imports)
    ("siwa-no-nonce", 997, SIWA_NO_NONCE, ("AuthenticationServices",)),
    ("siwa-raw-nonce", 1499, SIWA_RAW_NONCE, ("AuthenticationServices",)),
    ("siwa-good", 1999, SIWA_GOOD, ("AuthenticationServices", "CryptoKit")),
    ("google", 797, GOOGLE, ("GoogleSignIn", "FirebaseAuth")),
    ("facebook", 2999, FACEBOOK, ("FBSDKLoginKit",)),
)

INFO_PLIST = '''<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleDisplayName</key>
	<string>App %(k)d</string>
	<key>CFBundleIdentifier</key>
	<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
	<key>CFBundleShortVersionString</key>
	<string>1.%(k)d</string>
	<key>CFBundleURLTypes</key>
	<array>
		<dict>
			<key>CFBundleURLSchemes</key>
			<array>
				<string>com.googleusercontent.apps.%(k)d-example</string>
			</array>
		</dict>
	</array>
	<key>NSCameraUsageDescription</key>
	<string>Used to scan codes.</string>
	<key>UILaunchStoryboardName</key>
	<string>LaunchScreen</string>
</dict>
</plist>
'''

ENTITLEMENTS = '''<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
%(siwa)s	<key>com.apple.developer.associated-domains</key>
	<array>
		<string>applinks:example.com</string>
	</array>
	<key>keychain-access-groups</key>
	<array>
		<string>$(AppIdentifierPrefix)com.example.app%(k)d</string>
	</array>
</dict>
</plist>
'''
SIWA_ENT = '''	<key>com.apple.developer.applesignin</key>
	<array>
		<string>Default</string>
	</array>
'''

PRIVACY = '''<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>NSPrivacyTracking</key>
	<false/>
	<key>NSPrivacyCollectedDataTypes</key>
	<array/>
	<key>NSPrivacyAccessedAPITypes</key>
	<array>
		<dict>
			<key>NSPrivacyAccessedAPIType</key>
			<string>NSPrivacyAccessedAPICategoryUserDefaults</string>
			<key>NSPrivacyAccessedAPITypeReasons</key>
			<array>
				<string>CA92.1</string>
			</array>
		</dict>
	</array>
</dict>
</plist>
'''

MEDIAN, SIGMA, CAP, FLOOR = 2000.0, 1.245, 400_000, 120  # fitted so the OUTPUT matches the real corpora


def file_path(i):
    return "Modules/Module%03d/Sources/Feature%02d/%s%d.swift" % (i // 2000, (i // 40) % 50, camel([NOUNS[i % len(NOUNS)], VERBS[(i // 7) % len(VERBS)]], True), i)


def make_file(seed, i):
    r = Rng((seed * 0x100000001B3) ^ (i * 0x9E3779B97F4A7C15))
    target = int(min(CAP, max(FLOOR, MEDIAN * math.exp(SIGMA * r.normal()))))
    g = Gen(r)
    plants = [(kind, tpl, imps) for kind, every, tpl, imps in PLANTS if i % every == every // 2]
    imports = ["Foundation"] + [IMPORTS[1 + r.below(len(IMPORTS) - 1)] for _ in range(r.below(3))]
    for _, _, imps in plants:
        imports.extend(imps)
    seen = []
    for m in imports:
        if m not in seen:
            seen.append(m)
    parts = ["//\n//  %s\n//  Synthetic benchmark file %d.\n//\n\n" % (os.path.basename(file_path(i)), i)]
    parts.extend("import %s\n" % m for m in seen)
    parts.append("\n")
    size = sum(len(p) for p in parts)
    for _, tpl, _ in plants:
        t = tpl % {"n": i}
        parts.append(t)
        size += len(t)
    while size < target:
        b = g.block()
        if size + len(b) - target > target - size and len(parts) > 3 + len(seen):
            break  # stop at whichever side of the target is closer
        parts.append(b)
        size += len(b)
    return "".join(parts), [k for k, _, _ in plants]


def parse_n(s):
    s = s.strip().lower()
    mult = {"k": 1000, "m": 1000_000}.get(s[-1:], 1)
    return int(s[:-1] if mult > 1 else s) * mult


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("n", type=parse_n)
    ap.add_argument("outdir")
    ap.add_argument("--seed", type=int, default=4_8)
    a = ap.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    manifest = {"seed": a.seed, "files": a.n, "planted": {}, "targets": []}
    total = lines = 0
    digest = hashlib.sha256()
    made_dirs = set()
    for i in range(a.n):
        text, kinds = make_file(a.seed, i)
        rel = file_path(i)
        d = os.path.dirname(rel)
        if d not in made_dirs:
            os.makedirs(os.path.join(a.outdir, d), exist_ok=True)
            made_dirs.add(d)
        data = text.encode()
        with open(os.path.join(a.outdir, rel), "wb") as f:
            f.write(data)
        digest.update(rel.encode() + b"\0" + data)
        total += len(data)
        lines += text.count("\n")
        for k in kinds:
            manifest["planted"].setdefault(k, []).append(rel)
    for k in range(max(1, a.n // 1000)):
        app = "Apps/App%d" % k
        os.makedirs(os.path.join(a.outdir, app), exist_ok=True)
        files = {
            "Info.plist": INFO_PLIST % {"k": k},
            "App%d.entitlements" % k: ENTITLEMENTS % {"k": k, "siwa": SIWA_ENT if k % 2 == 0 else ""},
            "PrivacyInfo.xcprivacy": PRIVACY,
        }
        for name, body in files.items():
            with open(os.path.join(a.outdir, app, name), "w") as f:
                f.write(body)
            digest.update((app + "/" + name).encode() + b"\0" + body.encode())
        manifest["targets"].append({"dir": app, "applesignin_entitlement": k % 2 == 0})
    manifest["swift_bytes"] = total
    manifest["swift_lines"] = lines
    manifest["sha256"] = digest.hexdigest()
    with open(os.path.join(a.outdir, "MANIFEST.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
    counts = {k: len(v) for k, v in sorted(manifest["planted"].items())}
    print("%s: %d swift files, %d lines, %.1f MiB, %d app targets, planted %s, sha256 %s" % (
        a.outdir, a.n, lines, total / 1048576.0, len(manifest["targets"]), counts, manifest["sha256"][:16]))


if __name__ == "__main__":
    sys.exit(main())
