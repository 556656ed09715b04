import AuthLintSyntax
import XCTest

final class ServerImportTests: XCTestCase {
    private func imports(_ text: String, _ language: SourceLanguage) -> [String] {
        CodeView(file: SourceFile(path: "f", language: language, text: text)).imports.sorted()
    }

    func testPythonImportsNameModulesAndTheirPackages() {
        XCTAssertEqual(
            imports(
                """
                import jwt, requests as http
                from jose import jwt as jose_jwt
                from firebase_admin.auth import verify_id_token
                from . import models
                from ..core import settings
                x = "import os"  # import sys
                """, .python),
            ["firebase_admin", "firebase_admin.auth", "jose", "jwt", "requests"])
    }

    func testJavaScriptImportsAndRequires() {
        XCTAssertEqual(
            imports(
                """
                import jwt from 'jsonwebtoken'
                import * as jose from "jose"
                import { getAuth } from 'firebase-admin/auth'
                import './polyfill'
                const appleSignin = require('apple-signin-auth')
                export { verify } from "./verify"
                export default { from: "not-a-module" }
                const url = import.meta.url; const s = "import x from 'y'"
                """, .javaScript),
            [
                "./polyfill", "./verify", "apple-signin-auth", "firebase-admin", "firebase-admin/auth", "jose",
                "jsonwebtoken",
            ])
    }
}
