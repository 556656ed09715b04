# Homebrew formula: `brew tap authlint/authlint https://github.com/authlint/authlint`, then
# `brew install authlint`. It builds the tagged release from source with the Swift toolchain
# (Xcode's on macOS); the release workflow checks that `tag:` is the release's.
class Authlint < Formula
  desc "Linter for App Store Guideline 4.8 and Sign in with Apple mistakes in iOS apps"
  homepage "https://github.com/authlint/authlint"
  url "https://github.com/authlint/authlint.git", tag: "v0.1.0"
  license "MIT"
  head "https://github.com/authlint/authlint.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  uses_from_macos "swift" => :build

  def install
    args = ["--disable-sandbox", "--configuration", "release"]
    system "swift", "build", *args, "--product", "authlint", *(OS.linux? ? ["--static-swift-stdlib"] : [])
    # `authlint mcp` runs authlint-mcp, the Model Context Protocol server, from authlint's folder.
    system "swift", "build", *args, "--product", "authlint-mcp"
    bin.install ".build/release/authlint", ".build/release/authlint-mcp"
  end

  test do
    assert_equal version.to_s, shell_output("#{bin}/authlint --version").strip
    (testpath/"App/Login.swift").write <<~SWIFT
      import AuthenticationServices

      final class LoginController {
          func signIn() {
              let request = ASAuthorizationAppleIDProvider().createRequest()
              request.requestedScopes = [.email]
              ASAuthorizationController(authorizationRequests: [request]).performRequests()
          }
      }
    SWIFT
    output = shell_output("#{bin}/authlint lint #{testpath} --format json", 1)
    assert_match "missing-nonce", output
  end
end
