import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import XCTest

final class ObjCLexerTests: XCTestCase {
    func testImportAndInterface() {
        let lexed = LexTest.objc(
            """
            #import <AuthenticationServices/AuthenticationServices.h>
            #import "Local.h"
            @interface LoginVC : UIViewController <ASAuthorizationControllerDelegate>
            @property (nonatomic, strong) NSString *name;
            @end
            """)
        XCTAssertEqual(
            lexed.code,
            [
                "poundKeyword #import", "operator <", "identifier AuthenticationServices", "operator /",
                "identifier AuthenticationServices", "period .", "identifier h", "operator >",
                "poundKeyword #import", "stringOpen \"", "stringSegment Local.h", "stringClose \"",
                "attribute @interface", "identifier LoginVC", "colon :", "identifier UIViewController", "operator <",
                "identifier ASAuthorizationControllerDelegate", "operator >",
                "attribute @property", "leftParen (", "identifier nonatomic", "comma ,", "identifier strong",
                "rightParen )", "identifier NSString", "operator *", "identifier name", "semicolon ;",
                "attribute @end",
            ])
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    func testObjCStringLiteralIncludesAtInOpeningDelimiter() {
        let lexed = LexTest.objc(#"NSString *s = @"a \"b\" \\"; id x = @[@1, @{@"k": @(2)}];"#)
        XCTAssertEqual(
            lexed.code,
            [
                "identifier NSString", "operator *", "identifier s", "operator =", "stringOpen @\"",
                #"stringSegment a \"b\" \\"#, "stringClose \"", "semicolon ;",
                "identifier id", "identifier x", "operator =", "at @", "leftBracket [", "at @", "integerLiteral 1",
                "comma ,", "at @", "leftBrace {", "stringOpen @\"", "stringSegment k", "stringClose \"", "colon :",
                "at @",
                "leftParen (", "integerLiteral 2", "rightParen )", "rightBrace }", "rightBracket ]", "semicolon ;",
            ])
    }

    func testErrorAndWarningMessagesAreProse() {
        let lexed = LexTest.objc(
            """
            #if !__has_feature(objc_arc)
            #error SDWebImage doesn't support Deployment Target version < 5.0
            #endif
            #warning   it's "half" done
            int x;
            """)
        XCTAssertEqual(
            lexed.code,
            [
                "poundKeyword #if", "operator !", "identifier __has_feature", "leftParen (", "identifier objc_arc",
                "rightParen )",
                "poundKeyword #error", "poundKeyword #endif", "poundKeyword #warning", "keyword int", "identifier x",
                "semicolon ;",
            ])
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    func testAPragmaMarkTitleIsProse() {
        let lexed = LexTest.objc(
            """
            #pragma mark - Theme's colours
            #pragma mark Don't
            #pragma clang diagnostic ignored "-Wdeprecated"
            #pragma marker 'x'
            int x;
            """)
        XCTAssertEqual(
            lexed.code,
            [
                "poundKeyword #pragma", "identifier mark", "poundKeyword #pragma", "identifier mark",
                "poundKeyword #pragma", "identifier clang", "identifier diagnostic", "identifier ignored",
                "stringOpen \"", "stringSegment -Wdeprecated", "stringClose \"",
                "poundKeyword #pragma", "identifier marker", "stringOpen '", "stringSegment x", "stringClose '",
                "keyword int", "identifier x", "semicolon ;",
            ])
        XCTAssertTrue(lexed.diagnostics.isEmpty, "\(lexed.diagnostics)")
    }

    func testCharacterLiterals() {
        let lexed = LexTest.objc(#"char c = 'a', q = '\'', n = '\n';"#)
        XCTAssertEqual(
            lexed.codeTokens.filter(\.kind.isStringPart).map(lexed.text),
            [
                "'", "a", "'", "'", #"\'"#, "'", "'", #"\n"#, "'",
            ])
    }

    func testSelectorsAndMessageSends() {
        let lexed = LexTest.objc("[self performSelector:@selector(signIn:) withObject:nil];")
        XCTAssertEqual(
            lexed.code,
            [
                "leftBracket [", "identifier self", "identifier performSelector", "colon :", "attribute @selector",
                "leftParen (", "identifier signIn", "colon :", "rightParen )", "identifier withObject", "colon :",
                "identifier nil", "rightBracket ]", "semicolon ;",
            ])
    }

    func testCKeywordsAndIdentifiers() {
        let lexed = LexTest.objc("static const int x = sizeof(struct foo); if (YES) return self; $dollar")
        XCTAssertEqual(
            lexed.codeTokens.filter { $0.kind == .keyword }.map(lexed.text),
            ["static", "const", "int", "sizeof", "struct", "if", "return"])
        XCTAssertTrue(lexed.code.contains("identifier $dollar"))
        XCTAssertTrue(lexed.code.contains("identifier YES"))
    }

    func testCommentsDoNotNest() {
        let lexed = LexTest.objc("a /* x /* y */ b */ c // d\n/// doc\n/** doc */ e")
        XCTAssertEqual(
            lexed.code,
            [
                "identifier a", "identifier b", "operator *", "operator /", "identifier c",
                "identifier e",
            ])
        XCTAssertEqual(
            lexed.tokens.filter(\.kind.isComment).map(\.kind),
            [.blockComment, .lineComment, .docLineComment, .docBlockComment])
    }

    func testOperatorsLongestMatch() {
        let lexed = LexTest.objc("a<<=b->c++ != d && e ... f ?: g -=1 x>>y")
        XCTAssertEqual(
            lexed.codeTokens.filter { $0.kind == .operator }.map(lexed.text),
            ["<<=", "->", "++", "!=", "&&", "...", "?", "-=", ">>"])
    }

    func testNumbers() {
        let lexed = LexTest.objc("0 42u 10UL 0x1F 1.5 1.5e-3f .5 1e10 0x1p4 017")
        XCTAssertEqual(
            lexed.code,
            [
                "integerLiteral 0", "integerLiteral 42u", "integerLiteral 10UL", "integerLiteral 0x1F",
                "floatLiteral 1.5",
                "floatLiteral 1.5e-3f", "floatLiteral .5", "floatLiteral 1e10", "floatLiteral 0x1p4",
                "integerLiteral 017",
            ])
    }

    func testMultilineMacroWithContinuation() {
        let lexed = LexTest.objc("#define M(x) \\\n  do { x; } while (0)\nint y;")
        XCTAssertEqual(
            lexed.code.prefix(6),
            [
                "poundKeyword #define", "identifier M", "leftParen (", "identifier x",
                "rightParen )", "backslash \\",
            ])
        XCTAssertEqual(lexed.positioned.last, "3:6 semicolon ;")
    }

    func testStringLineContinuationAndUnterminated() {
        let continued = LexTest.objc("\"a\\\nb\" x")
        XCTAssertEqual(continued.code, ["stringOpen \"", "stringSegment a\\\nb", "stringClose \"", "identifier x"])
        XCTAssertTrue(continued.diagnostics.isEmpty)

        let open = LexTest.objc("NSString *s = @\"abc\nint y;")
        XCTAssertEqual(open.code.suffix(3), ["keyword int", "identifier y", "semicolon ;"])
        XCTAssertEqual(open.diagnosticKinds, [.unterminatedString])
        XCTAssertEqual(open.diagnostics.first?.location, SourceLocation(line: 1, column: 15))
    }

    func testUnterminatedCommentAndMalformedBytes() {
        let lexed = LexTest.objc([0x61, 0x00, 0xFF, 0x20, 0x60, 0x2F, 0x2A, 0x20, 0x78])
        XCTAssertEqual(
            lexed.tokens.map(\.kind), [.identifier, .unknown, .unknown, .whitespace, .unknown, .blockComment])
        XCTAssertEqual(
            Set(lexed.diagnosticKinds), [.nulByte, .invalidUTF8, .unexpectedCharacter, .unterminatedComment])
        LexTest.assertWellFormed(lexed)
    }

    func testPositionsWithCRLFAndUnicode() {
        let lexed = LexTest.objc("// é\r\nNSString *s = @\"😀\"; int z;\rint w;")
        XCTAssertEqual(
            lexed.positioned,
            [
                "2:1 identifier NSString", "2:10 operator *", "2:11 identifier s", "2:13 operator =",
                "2:15 stringOpen @\"",
                "2:17 stringSegment 😀", "2:19 stringClose \"", "2:20 semicolon ;", "2:22 keyword int",
                "2:26 identifier z",
                "2:27 semicolon ;", "3:1 keyword int", "3:5 identifier w", "3:6 semicolon ;",
            ])
        XCTAssertTrue(lexed.codeTokens.allSatisfy { $0.interpolationDepth == 0 })
    }

    func testSourceFileUsesObjCLexerForObjectiveC() {
        let file = SourceFile(path: "a.m", language: .objectiveC, text: "@interface A @end")
        XCTAssertEqual(file.tokens.map(\.kind), [.attribute, .whitespace, .identifier, .whitespace, .attribute])
    }
}
