import Testing
@testable import MiniAppKit

extension TemplateTests {
    @Suite struct AlpineForExpressionTests {
        @Test func itemInCollection() throws {
            let expression = try #require(AlpineForExpression.parse("item in store.items"))
            #expect(expression.item == "item")
            #expect(expression.itemRange == 0..<4)
            #expect(expression.index == nil)
            #expect(expression.indexRange == nil)
            #expect(expression.collection == "store.items")
            #expect(expression.collectionRange == 8..<19)
        }

        @Test func itemAndIndex() throws {
            let expression = try #require(AlpineForExpression.parse("  ( item ,index )  in   store.rows.filter(r => r.on) "))
            #expect(expression.item == "item")
            #expect(expression.itemRange == 4..<8)
            #expect(expression.index == "index")
            #expect(expression.indexRange == 10..<15)
            #expect(expression.collection == "store.rows.filter(r => r.on)")
            #expect(expression.collectionRange == 24..<52)
        }

        @Test func rangesAndOfAndPatterns() throws {
            let count = try #require(AlpineForExpression.parse("i in 10"))
            #expect(count.item == "i" && count.collection == "10" && count.collectionRange == 5..<7)
            let of = try #require(AlpineForExpression.parse("row of store.rows"))
            #expect(of.item == "row" && of.collection == "store.rows")
            let pattern = try #require(AlpineForExpression.parse("({ id, name }, i) in store.users"))
            #expect(pattern.item == "{ id, name }")
            #expect(pattern.itemRange == 1..<13)
            #expect(pattern.index == "i")
            // The first ` in ` splits, so an `in` inside the collection stays there.
            let nested = try #require(AlpineForExpression.parse("$item in store.list in x"))
            #expect(nested.item == "$item" && nested.collection == "store.list in x")
            #expect(AlpineForExpression.parse("\tindex\tin\tstore.items")?.collection == "store.items")
        }

        @Test func malformed() {
            for value in [
                "", "item", "item in", "item in   ", "in store.items", "items.in store", "(a, b, c) in list",
                "1st in list", "a.b in list", "(a, 2) in list", "item,index in", "item inside list", "{} in list",
            ] {
                #expect(AlpineForExpression.parse(value) == nil, "\(value)")
            }
        }
    }
}
