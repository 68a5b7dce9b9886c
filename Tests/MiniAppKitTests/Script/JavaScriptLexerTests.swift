import Testing

@testable import MiniAppKit

@Suite struct JavaScriptLexerTests {
    /// Tokens as "kind text", with strings and templates showing their decoded value.
    func tokens(_ source: String) -> [String] {
        JavaScriptLexer.lex(Array(source.utf8)).tokens.map(describe)
    }

    func describe(_ token: JavaScriptToken) -> String {
        switch token.kind {
        case .identifier: return "name \(token.text)"
        case .privateName: return "private \(token.text)"
        case .punctuator: return "punct \(token.text)"
        case .number: return "number \(token.text)"
        case .string: return "string \(token.text)"
        case .template(let part): return "template.\(part) \(token.text)"
        case .regularExpression: return "regex \(token.text)"
        case .invalid: return "invalid"
        }
    }

    @Test func tellsRegularExpressionsFromDivision() {
        #expect(
            tokens("a = b / c / d; e = /re[/]x\\//g.test(s); f = (x) / 2 / g[0] / 2; return /x/i")
                == [
                    "name a", "punct =", "name b", "punct /", "name c", "punct /", "name d", "punct ;",
                    "name e", "punct =", "regex /re[/]x\\//g", "punct .", "name test", "punct (", "name s", "punct )", "punct ;",
                    "name f", "punct =", "punct (", "name x", "punct )", "punct /", "number 2", "punct /", "name g", "punct [",
                    "number 0", "punct ]", "punct /", "number 2", "punct ;",
                    "name return", "regex /x/i",
                ])
        #expect(tokens("i++ / 2 /= 3") == ["name i", "punct ++", "punct /", "number 2", "punct /=", "number 3"])
        #expect(tokens("x = [/a/, /b/]") == ["name x", "punct =", "punct [", "regex /a/", "punct ,", "regex /b/", "punct ]"])
        #expect(tokens("}\n/x/.test(y)").prefix(2) == ["punct }", "regex /x/"])
    }

    @Test func followsNestedTemplateLiterals() {
        #expect(
            tokens("`a${ b ? `c${d}` : '}' }e${ {k: 1}.k }f`")
                == [
                    "template.head a", "name b", "punct ?", "template.head c", "name d", "template.tail ", "punct :",
                    "string }", "template.middle e", "punct {", "name k", "punct :", "number 1", "punct }", "punct .",
                    "name k", "template.tail f",
                ])
        #expect(tokens("`plain \\` ${'$'}{}`") == ["template.head plain ` ", "string $", "template.tail {}"])
        let lexed = JavaScriptLexer.lex(Array("x = `a${y}b`".utf8))
        #expect(lexed.tokens.map(\.range) == [0..<1, 2..<3, 4..<8, 8..<9, 9..<12])
    }

    @Test func keepsQuotesInCommentsOutOfTokens() {
        let source = "a // it's \"quoted\" `x\nb /* don't ` ' */ c /* 2\n */ d"
        let lexed = JavaScriptLexer.lex(Array(source.utf8))
        #expect(lexed.tokens.map(describe) == ["name a", "name b", "name c", "name d"])
        #expect(lexed.comments == [2..<21, 24..<39, 42..<50])
        #expect(lexed.tokens.map(\.followsLineBreak) == [false, true, false, true])
        #expect(lexed.issues.isEmpty)
    }

    @Test func decodesStringEscapes() {
        #expect(
            tokens(#"'it\'s \u0041\x42\u{1F600}\n' "a\\b\"" 'line\\#ncontinued' '\q\0'"#)
                == ["string it's AB😀\n", "string a\\b\"", "string linecontinued", "string q\0"])
        #expect(tokens(#"'\uD83D\uDE00' '\uD83D'"#) == ["string 😀", "string \u{FFFD}"])
    }

    @Test func readsNumbersAndPunctuators() {
        #expect(
            tokens("0x1F 1_000 .5 1e-3 10n 1..toString a?.b ?? c >>>= d?.5:e ...f => #g")
                == [
                    "number 0x1F", "number 1_000", "number .5", "number 1e-3", "number 10n", "number 1.", "punct .",
                    "name toString", "name a", "punct ?.", "name b", "punct ??", "name c", "punct >>>=", "name d", "punct ?",
                    "number .5", "punct :", "name e", "punct ...", "name f", "punct =>", "private #g",
                ])
    }

    @Test func readsNonASCIINamesAndSeparators() {
        let lexed = JavaScriptLexer.lex(Array("café\u{2028}naïve\u{00A0}x".utf8))
        #expect(lexed.tokens.map(describe) == ["name café", "name naïve", "name x"])
        #expect(lexed.tokens.map(\.followsLineBreak) == [false, true, false])
        #expect(lexed.tokens.map(\.range) == [0..<5, 8..<14, 16..<17])
    }

    @Test func reportsUnterminatedLiterals() {
        let string = JavaScriptLexer.lex(Array("'abc\nx".utf8))
        #expect(string.tokens.map(describe) == ["string abc", "name x"])
        #expect(string.issues == [JavaScriptLexerIssue(kind: .unterminatedString, message: "unterminated string literal", range: 0..<4)])

        let comment = JavaScriptLexer.lex(Array("a /* b".utf8))
        #expect(
            comment.issues == [JavaScriptLexerIssue(kind: .unterminatedBlockComment, message: "unterminated block comment", range: 2..<6)])

        let template = JavaScriptLexer.lex(Array("`abc${ x".utf8))
        #expect(template.tokens.map(describe) == ["template.head abc", "name x"])
        #expect(template.issues.map(\.kind) == [.unterminatedTemplate])
        #expect(template.issues.first?.range == 0..<8)

        let regex = JavaScriptLexer.lex(Array("x = /ab[/\ny".utf8))
        #expect(regex.tokens.map(describe) == ["name x", "punct =", "regex /ab[/", "name y"])
        #expect(regex.issues.map(\.kind) == [.unterminatedRegularExpression])
    }

    @Test func acceptsInvalidUTF8() {
        let lexed = JavaScriptLexer.lex([0x61, 0xFF, 0x62, 0x20, 0x27, 0xC3, 0x27, 0x20, 0xE2, 0x82])
        #expect(lexed.tokens.map(describe) == ["name a", "invalid", "name b", "string \u{FFFD}", "invalid", "invalid"])
        #expect(lexed.tokens.map(\.range) == [0..<1, 1..<2, 2..<3, 4..<7, 8..<9, 9..<10])
    }

    @Test func endsOnAnyBytes() {
        // A fixed pseudo-random sequence, so a failure reproduces.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let alphabet = Array("`'\"/\\*${}()[]<>.?=+-!#@ \n\rab1é".utf8) + [0xFF, 0xC3, 0xE2, 0x80, 0xA8, 0x00]
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<200 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            let lexed = JavaScriptLexer.lex(bytes)
            var end = 0
            for token in lexed.tokens {
                #expect(token.range.lowerBound >= end && token.range.upperBound <= bytes.count && !token.range.isEmpty)
                end = token.range.upperBound
            }
        }
    }
}
