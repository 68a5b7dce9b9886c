import Testing

@testable import MiniAppKit

/// Which handler names the view's script can write unquoted as keys (`name: function…`).
@Suite struct HandlerNameKeyTests {
    @Test func identifiersAndReservedWordsAreKeys() {
        for name in ["onTap", "$reset", "_private", "delete", "new", "class", "café", "onTap2", "ĉu", "a\u{200C}b"] {
            #expect(ScriptHandlerNameNotIdentifier.isUnquotedKey(name), "\(name)")
        }
    }

    @Test func numericLiteralsAreKeys() {
        for name in ["1", "0", "1.5", ".5", "5.", "1e3", "1e+21", "1E-7", "0x1F", "0o17", "0b101", "1_000", "10n", "017", "08"] {
            #expect(ScriptHandlerNameNotIdentifier.isUnquotedKey(name), "\(name)")
        }
    }

    @Test func otherNamesAreNot() {
        for name in ["", "item-tap", "on tap", "2d", "1.2.3", "1e", "0x", "1__0", "_1-", "a.b", "on:tap", "1.5n", "it's", "😀"] {
            #expect(!ScriptHandlerNameNotIdentifier.isUnquotedKey(name), "\(name)")
        }
    }

    @Test func theSuggestionIsACamelCasedIdentifier() {
        #expect(ScriptHandlerNameNotIdentifier.identifier(from: "item-tap") == "itemTap")
        #expect(ScriptHandlerNameNotIdentifier.identifier(from: "2d view") == "on2dView")
        #expect(ScriptHandlerNameNotIdentifier.identifier(from: "on:select-all") == "onSelectAll")
        #expect(ScriptHandlerNameNotIdentifier.identifier(from: "--") == "onTap")
    }
}
