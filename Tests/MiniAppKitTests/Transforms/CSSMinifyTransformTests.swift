import Testing
@testable import MiniAppKit

private func minified(_ text: String) -> String? {
    CSSMinifier.minify(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
}

/// The tokens that carry meaning, as (kind, text) pairs: equal lists mean the same style sheet
/// once whitespace that separates nothing is set aside.
private func significantTokens(_ text: String) -> [String] {
    CSSTokenizer.significantTokens(of: Array(text.utf8)).map { "\($0.kind) \(String(decoding: $0.text, as: UTF8.self))" }
}

private let trickyStyleSheet = #"""
    /*! Theme v1 | MIT licence */
    @charset "utf-8";
    @import url(  "fonts.css"  )  screen ;
    @import url(data:text/css;base64,YT1i)   print;

    /* layout */
    :root {
      --gap:  4px   8px ;
      --empty: ;
      --brand :  #0a66ff;
    }
    ul   li  >  a:hover ,  .x   :first-child ,
    .card  .title::before {
      content : " /* not a comment */ " ;
      content: ' ' ;
      background : url( 'a b.png' ) no-repeat , url(icons/a\ b.png) ,url(  icons/c.png  );
      width: calc( 100%  -  ( 2 * var( --gap ) ) ) ;
      margin: 0   -1px  +2px  auto;
      color: red   !important;
      font: 12px/1.5  "Helvetica Neue" , sans-serif;
    }
    @media (min-width: 10px)   and   (max-width: 20px) {
      .a  { transition : opacity  .2s  ease-in-out , transform 1e3ms; }
    }
    @supports  not  (display :grid) { .b{ float :left } }
    .icon-\31  { color: blue }
    .a { &:hover { color : red } div:hover { color: blue } }
    .c/* joined */d { x: y/* end */; }
    input[ type = "text" ] { border: 1px  solid  #ccc }
    """#

extension TransformTests {
    @Suite struct CSSMinifyTransformTests {
        @Test func dropsWhitespaceAroundPunctuation() {
            #expect(minified("a  b  {  color :  red ;  }  ") == "a b{color:red;}")
            #expect(minified("a , b > c {\n  margin: 0 auto;\n  padding: 1px 2px\n}\n") == "a,b>c{margin:0 auto;padding:1px 2px}")
            #expect(minified("a { b: rgb( 1 , 2 , 3 ) }") == "a{b:rgb(1,2,3)}")
        }

        @Test func keepsSpacesThatSeparate() {
            // Descendant combinators and a pseudo-class on any descendant.
            #expect(minified("ul  li  a  :hover  { }") == "ul li a :hover{}")
            #expect(minified(".a  .b  #c  [d] { }") == ".a .b #c [d]{}")
            // Values made of several names and numbers, and signs.
            #expect(
                minified("a { margin: 0  -1px  +2px  auto; color: red  !important }") == "a{margin:0 -1px +2px auto;color:red !important}")
            // `+` and `-` in calc() need their spaces; the parentheses' edges do not.
            #expect(minified("a { width: calc( 100%  -  ( 2px  +  1em ) ) }") == "a{width:calc(100% - (2px + 1em))}")
            // `and (` is not `and(`, a function.
            #expect(
                minified("@media (min-width: 10px)  and  (max-width: 20px) { a { b: c } }")
                    == "@media (min-width: 10px) and (max-width: 20px){a{b:c}}")
        }

        @Test func keepsStringsAndURLsAsWritten() {
            #expect(minified("a { content : \" \" }") == "a{content:\" \"}")
            #expect(minified("a { content: \"/* not a comment */\" }") == "a{content:\"/* not a comment */\"}")
            #expect(minified("a { content: 'it\\'s  \"q\"' }") == "a{content:'it\\'s  \"q\"'}")
            #expect(minified("a { b: url( \"a b.png\" ) }") == "a{b:url(\"a b.png\")}")
            #expect(minified("a { b: url(  a\\ b.png  ) }") == "a{b:url(  a\\ b.png  )}")
            #expect(minified("a { b: url(data:image/svg+xml;utf8,<svg/>) }") == "a{b:url(data:image/svg+xml;utf8,<svg/>)}")
        }

        @Test func removesCommentsButNotLicences() {
            #expect(minified("/* a */ a { /* b */ color: red; /* c */ }") == "a{color:red;}")
            #expect(minified("/*! MIT */\na { }") == "/*! MIT */ a{}")
            // A comment between two names keeps them apart; an empty one does the same.
            #expect(minified("a/* x */b { c: d/* e */; }") == "a/**/b{c:d;}")
        }

        @Test func leavesCustomPropertyValuesAlone() {
            #expect(minified(":root {  --gap:  4px   8px ;  --empty: ; color :  red }") == ":root{--gap: 4px 8px ;--empty: ;color:red}")
        }

        @Test func keepsNestedRulesApartFromDeclarations() {
            #expect(minified(".a { color : red; b:hover { x: y } &:focus { x: y } }") == ".a{color:red;b:hover{x:y}&:focus{x:y}}")
            // A nested selector's descendant combinator is not a declaration's colon.
            #expect(minified(".a { b :hover { x : y } }") == ".a{b :hover{x:y}}")
        }

        @Test func keepsTheSpaceThatEndsAnEscape() {
            // The space after `\31` belongs to the escape; the one after it separates nothing.
            #expect(minified(".icon-\\31  { }") == ".icon-\\31 {}")
        }

        @Test func leavesBrokenStyleSheetsAsWritten() {
            for source in ["a { content: \"unterminated\n }  ", "a { b: url(a b.png)  }  ", "a { b: url(a\"b)  }  "] {
                #expect(minified(source) == nil)
                #expect(transformed(source, path: "a.css").transform == nil)
            }
        }

        @Test func trickyStyleSheetKeepsItsTokens() throws {
            let output = try #require(minified(trickyStyleSheet))
            #expect(significantTokens(output) == significantTokens(trickyStyleSheet))
            #expect(output.utf8.count < trickyStyleSheet.utf8.count)
            #expect(output.hasPrefix("/*! Theme v1 | MIT licence */ @charset \"utf-8\";@import url(\"fonts.css\") screen;"))
            #expect(output.contains("ul li>a:hover,.x :first-child,.card .title::before{"))
            #expect(output.contains("width:calc(100% - (2 * var(--gap)));"))
            #expect(output.contains("content:\" /* not a comment */ \";content:' ';"))
            #expect(output.contains("url(icons/a\\ b.png),url(  icons/c.png  );"))
            #expect(
                output.contains("@media (min-width: 10px) and (max-width: 20px){.a{transition:opacity .2s ease-in-out,transform 1e3ms;}}"))
            #expect(output.contains("@supports not (display :grid){.b{float:left}}"))
            #expect(output.contains("input[ type = \"text\" ]{border:1px solid #ccc}"))
            #expect(!output.contains("layout"))
            #expect(minified(output) == output, "minifying twice changes nothing more")
            let result = transformed(trickyStyleSheet, path: "app.css")
            #expect(result.transform == "css-minify")
            #expect(String(decoding: result.bytes, as: UTF8.self) == output)
        }

        @Test func realisticStyleSheetsKeepTheirTokens() throws {
            for path in realisticFiles where path.hasSuffix(".css") {
                let file = try loadFixture(path, root: fixtureRoot)
                let output = try #require(CSSMinifier.minify(file.bytes), "\(path)")
                #expect(significantTokens(String(decoding: output, as: UTF8.self)) == significantTokens(file.text), "\(path)")
                #expect(output.count < file.bytes.count)
            }
        }

        /// Style sheet fragments glued at random: the minifier must keep every token.
        @Test func generatedStyleSheetsKeepTheirTokens() throws {
            let pieces = [
                "a", " ", "\n", "{", "}", ":", ";", ",", ">", "+", "-", "(", ")", "calc(", "url(", "url( \"x y\" )",
                "\"s\"", "'t'", "/* c */", "/*! l */", "1px", ".5", "--x", "@media", "and", "#id", ".c", "[", "]", "=",
                "!important", "\\31 ", "*", "~", "e3", "%", "/", "<!--", "-->", "é",
            ]
            for sheet in generatedTexts(from: pieces, count: 3000, length: 30, seed: 7) {
                guard let output = CSSMinifier.minify(Array(sheet.utf8)) else { continue }
                #expect(significantTokens(String(decoding: output, as: UTF8.self)) == significantTokens(sheet), "\(sheet)")
            }
        }

        @Test func tokenizesLikeCSSSyntax() {
            let kinds = CSSTokenizer.tokenize(Array("a:hover{w:-1.5e3px 50% #f00 @x url(b) url( 'c') -->".utf8)).map(\.kind)
            #expect(
                kinds == [
                    .ident, .colon, .ident, .openBrace, .ident, .colon, .dimension, .whitespace, .percentage, .whitespace,
                    .hash, .whitespace, .atKeyword, .whitespace, .url, .whitespace, .function, .whitespace, .string,
                    .closeParenthesis, .whitespace, .commentDelimiterClose,
                ])
            // The tokens cover the input end to end.
            let bytes = Array(trickyStyleSheet.utf8)
            let tokens = CSSTokenizer.tokenize(bytes)
            #expect(tokens.first?.range.lowerBound == 0)
            #expect(tokens.last?.range.upperBound == bytes.count)
            #expect(zip(tokens, tokens.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound })
        }
    }
}
