import Testing
@testable import MiniAppKit

private func parse(_ name: String) -> AlpineDirective? {
    AlpineDirective.parse(attributeName: name)
}

extension TemplateTests {
    @Suite struct AlpineDirectiveTests {
        @Test func eventShorthand() throws {
            let directive = try #require(parse("@keyup.enter.prevent"))
            #expect(directive.kind == .on)
            #expect(directive.kind.directiveName == "x-on")
            #expect(directive.isShorthand)
            #expect(directive.argument == "keyup")
            #expect(directive.argumentRange == 1..<6)
            #expect(directive.modifiers == [.init(name: "enter", range: 7..<12), .init(name: "prevent", range: 13..<20)])
            #expect(directive.hasModifier("prevent"))
        }

        @Test func longEventForm() throws {
            let directive = try #require(parse("x-on:click.prevent"))
            #expect(directive.kind == .on)
            #expect(!directive.isShorthand)
            #expect(directive.argument == "click")
            #expect(directive.argumentRange == 5..<10)
            #expect(directive.modifiers == [.init(name: "prevent", range: 11..<18)])
            // An argument may hold colons, as in Alpine.
            #expect(parse("@update:value.debounce.500ms")?.argument == "update:value")
            #expect(parse("@update:value.debounce.500ms")?.modifiers.map(\.name) == ["debounce", "500ms"])
        }

        @Test func bindings() throws {
            let shorthand = try #require(parse(":fooBar"))
            #expect(shorthand.kind == .bind)
            #expect(shorthand.isShorthand)
            #expect(shorthand.argument == "fooBar")
            #expect(shorthand.argumentRange == 1..<7)
            #expect(shorthand.modifiers.isEmpty)
            let long = try #require(parse("x-bind:class"))
            #expect(long.kind == .bind && long.argument == "class" && long.argumentRange == 7..<12)
            let object = try #require(parse("x-bind"))
            #expect(object.kind == .bind && object.argument == nil && object.argumentRange == nil)
        }

        @Test func everyKnownDirective() {
            let names: [(String, AlpineDirective.Kind)] = [
                ("x-text", .text), ("x-html", .html), ("x-show", .show), ("x-if", .if), ("x-for", .for),
                ("x-model", .model), ("x-modelable", .modelable), ("x-data", .data), ("x-init", .initialize),
                ("x-effect", .effect), ("x-ref", .ref), ("x-cloak", .cloak), ("x-ignore", .ignore),
                ("x-transition", .transition), ("x-id", .id), ("x-teleport", .teleport),
            ]
            for (name, kind) in names {
                let directive = parse(name)
                #expect(directive?.kind == kind, "\(name)")
                #expect(directive?.kind.directiveName == name)
                #expect(directive?.argument == nil)
                #expect(directive?.modifiers == [])
                #expect(directive?.isShorthand == false)
            }
        }

        @Test func modelModifiersAndCase() throws {
            let directive = try #require(parse("X-Model.lazy.number"))
            #expect(directive.kind == .model)
            #expect(directive.argument == nil)
            #expect(directive.modifiers == [.init(name: "lazy", range: 8..<12), .init(name: "number", range: 13..<19)])
        }

        @Test func transitionWithStageAndModifiers() throws {
            let directive = try #require(parse("x-transition:enter.duration.500ms"))
            #expect(directive.kind == .transition)
            #expect(directive.argument == "enter")
            #expect(directive.argumentRange == 13..<18)
            #expect(directive.modifiers.map(\.name) == ["duration", "500ms"])
            #expect(directive.modifiers.map(\.range) == [19..<27, 28..<33])
            #expect(parse("x-transition.opacity")?.modifiers.map(\.name) == ["opacity"])
        }

        @Test func unknownDirectivesAndOddModifiers() throws {
            let unknown = try #require(parse("x-foo:bar.baz"))
            #expect(unknown.kind == .unknown("x-foo"))
            #expect(unknown.kind.directiveName == "x-foo")
            #expect(unknown.argument == "bar")
            #expect(unknown.modifiers.map(\.name) == ["baz"])
            #expect(parse("X-Intersect")?.kind == .unknown("x-intersect"))
            #expect(
                parse("@click..stop.")?.modifiers == [
                    .init(name: "", range: 7..<7), .init(name: "stop", range: 8..<12), .init(name: "", range: 13..<13),
                ])
            let bare = try #require(parse("@"))
            #expect(bare.kind == .on && bare.argument == nil && bare.modifiers.isEmpty)
            #expect(parse("x-on.click")?.argument == nil)
            #expect(parse("x-on.click")?.modifiers.map(\.name) == ["click"])
        }

        @Test func nonDirectives() {
            for name in ["class", "id", "x", "x-", "xlink:href", "data-x-text", "#ref", "onclick", ""] {
                #expect(parse(name) == nil, "\(name)")
            }
        }

        @Test func attributesOfAnElementAsDirectives() {
            let template = TemplateParser.parse(
                SourceFile(
                    path: "p.html", text: #"<input x-model.number="store.n" @input.debounce="onInput" class="c">"#))
            let element = template.elements[0]
            let directives = template.attributes(of: element).compactMap { attribute in
                attribute.directive.map { (attribute: attribute, directive: $0) }
            }
            #expect(directives.map(\.attribute.name) == ["x-model.number", "@input.debounce"])
            #expect(directives.map(\.directive.kind) == [.model, .on])
            // A modifier's source range: the name's start plus the directive's offset.
            let event = directives[1]
            let modifier = event.directive.modifiers[0]
            let start = event.attribute.nameRange.lowerBound + modifier.range.lowerBound
            #expect(template.span(start..<(start + modifier.range.count)).start.column == 40)
        }
    }
}
