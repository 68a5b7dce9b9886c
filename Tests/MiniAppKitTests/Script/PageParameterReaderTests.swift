import Testing

@testable import MiniAppKit

@Suite struct PageParameterReaderTests {
    func reads(_ source: String, of methods: Set<String>) -> [String] {
        let file = SourceFile(path: "pages/home/home.js", text: source)
        return PageParameterReader(tokens: JavaScriptLexer.lex(file).tokens).reads(ofMethods: methods).map { read in
            let position = file.position(at: read.range.lowerBound)
            let text = String(decoding: file.bytes[read.range], as: UTF8.self)
            var flags = read.rest.isEmpty ? "" : " +" + read.rest.joined(separator: ".")
            if read.isCalled { flags += " called" }
            if read.isDereferenced { flags += " dereferenced" }
            return "\(read.method) \(position.line):\(position.column) \(text)\(flags)"
        }
    }

    @Test func readsTheFirstParameterOfTheNamedMethodsOnly() {
        let source = """
            Page({
              onLoad(options) { skip.log(options.id, options['query']); },
              onTap(e) { this.setData({ id: e.currentTarget.dataset.id, at: e?.timeStamp }); e.preventDefault(); },
              onInput: function ({ target, detail: value }) {},
              onPick: async (event, more) => { skip.log(event.detail.id, more.x); },
              onKey: e => e.key,
              other(e) { skip.log(e.target); },
            });
            """
        #expect(reads(source, of: ["onLoad"]) == ["onLoad 2:30 options.id", "onLoad 2:42 options['query']"])
        #expect(
            reads(source, of: ["onTap", "onInput", "onPick", "onKey"]) == [
                "onTap 3:33 e.currentTarget +dataset.id dereferenced",
                "onTap 3:65 e?.timeStamp",
                "onTap 3:82 e.preventDefault called",
                "onInput 4:24 target",
                "onInput 4:32 detail",
                "onPick 5:45 event.detail +id dereferenced",
                "onKey 6:15 e.key",
            ])
    }

    @Test func readsNothingWithoutAPageObjectOrAParameter() {
        #expect(reads("onTap(e) { e.target; }", of: ["onTap"]) == [])
        #expect(reads("Page({ onTap() { e.target; } });", of: ["onTap"]) == [])
        #expect(reads("Page(options);", of: ["onTap"]) == [])
        #expect(reads("x.Page({ onTap(e) { e.target; } });", of: ["onTap"]) == [])
    }

    func valueUses(_ source: String, of methods: Set<String>) -> [String] {
        let file = SourceFile(path: "pages/home/home.js", text: source)
        return PageParameterReader(tokens: JavaScriptLexer.lex(file).tokens).valueUses(ofMethods: methods).map { use in
            let position = file.position(at: use.range.lowerBound)
            return "\(use.method) \(position.line):\(position.column) \(use.use)"
        }
    }

    @Test func findsTheEventUsedAsAValueButNotPassedOnOrRebound() {
        let source = """
            Page({
              onOpen(id) { return list[id] + `${id}` + Number(id) + (id === 3); },
              onKeep(e) { helper(e); if (e == null) return; skip.log(e.detail + 1, !e); },
              onReset(e) { e = e || {}; return 'x' + e; },
              onMap(e) { return [1].map((e) => e + 1); },
              onPick(e) { this.setData({ picked: e, list: [e], other: f(e) }); },
            });
            """
        #expect(
            valueUses(source, of: ["onOpen", "onKeep", "onReset", "onMap", "onPick"]) == [
                "onOpen 2:28 used as a key", "onOpen 2:37 put into a template string", "onOpen 2:51 converted with 'Number'",
                "onOpen 2:58 compared",
                "onPick 6:38 stored with 'setData'",
            ])
    }
}
