/// How each element of an icon is painted, from its presentation attributes and `style`
/// attribute and those it inherits: enough to tell which elements a renderer draws and how,
/// so what the iOS tab icon reader drops or fills can be named. Style sheets (`<style>`) are
/// not applied; where they change the picture, the ink comparison still shows it.
struct SVGPaint {
    struct Style {
        /// The inherited values: `fill`, `stroke`, `fill-rule` and `visibility` as written,
        /// lowercased.
        var fill: String
        var stroke: String
        var fillRule: String
        var visibility: String
        /// Has a fill that shows (not `none`, `transparent` or zero opacity).
        var fills: Bool
        /// Has a stroke that shows.
        var strokes: Bool
        /// Why it is not drawn at all, in a phrase ("inside <defs>", "display: none"), when
        /// it is not.
        var hiddenBecause: String?
        /// Its own or an ancestor's `transform` that moves or scales it, nearest first.
        var transforms: [SVGDocument.Attribute]
        /// The inherited stroke geometry and dashing (`stroke-width`, `stroke-linecap`, …,
        /// `marker-*`) as written, lowercased, by name: only those set here or on an ancestor.
        var strokeProperties: [String: String] = [:]

        var hidden: Bool { hiddenBecause != nil }
        var evenOdd: Bool { fillRule == "evenodd" }
        var isPainted: Bool { !hidden && (fills || strokes) }
    }

    /// Elements whose content is never drawn where it stands (it is referenced, or is not graphics).
    static let definitionContainers: Set<String> = [
        "defs", "clipPath", "mask", "symbol", "marker", "pattern", "linearGradient", "radialGradient", "filter",
        "title", "desc", "metadata", "style", "script",
    ]

    /// Inherited properties that shape a stroke, kept so it can be outlined (`StrokeOutliner`).
    static let strokeProperties = [
        "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset",
        "stroke-opacity", "fill-opacity", "marker-start", "marker-mid", "marker-end", "marker", "paint-order",
    ]

    /// `styles[i]` is the style of `document.elements[i]`.
    let styles: [Style]

    init(_ document: SVGDocument) {
        var styles: [Style] = []
        var openAncestors: [Int] = []
        for (index, element) in document.elements.enumerated() {
            while openAncestors.count > element.depth { openAncestors.removeLast() }
            let parent = openAncestors.last.map { styles[$0] }
            let properties = Self.properties(of: element)
            let fill = properties["fill"] ?? parent?.fill ?? "black"
            let stroke = properties["stroke"] ?? parent?.stroke ?? "none"
            let fillOpacity = properties["fill-opacity"].flatMap(Double.init) ?? 1
            let strokeOpacity = properties["stroke-opacity"].flatMap(Double.init) ?? 1
            let strokeWidth = properties["stroke-width"].flatMap { Double($0.filter { $0.isNumber || $0 == "." || $0 == "-" }) }
            let visibility = properties["visibility"] ?? parent?.visibility ?? "visible"
            var hiddenBecause = parent?.hiddenBecause
            if let container = openAncestors.last.map({ document.elements[$0].name }), Self.definitionContainers.contains(container) {
                // Named after the nearest: a path in a <clipPath> in <defs> is "inside <clipPath>".
                hiddenBecause = "inside <\(container)>"
            } else if Self.definitionContainers.contains(element.name) {
                hiddenBecause = hiddenBecause ?? "a <\(element.name)>"
            }
            if hiddenBecause == nil {
                if properties["display"] == "none" {
                    hiddenBecause = "display: none"
                } else if properties["opacity"].flatMap(Double.init) == 0 {
                    hiddenBecause = "opacity 0"
                } else if visibility == "hidden" || visibility == "collapse" {
                    hiddenBecause = "visibility: hidden"
                }
            }
            var transforms = parent?.transforms ?? []
            if let transform = element.attribute("transform"), !Self.isIdentity(transform.value) {
                transforms.insert(transform, at: 0)
            }
            var strokeProperties = parent?.strokeProperties ?? [:]
            for name in Self.strokeProperties { if let value = properties[name] { strokeProperties[name] = value } }
            styles.append(
                Style(
                    fill: fill, stroke: stroke, fillRule: properties["fill-rule"] ?? parent?.fillRule ?? "nonzero", visibility: visibility,
                    fills: !Self.isNone(fill) && fillOpacity > 0,
                    strokes: !Self.isNone(stroke) && strokeOpacity > 0 && (strokeWidth ?? 1) > 0,
                    hiddenBecause: hiddenBecause, transforms: transforms, strokeProperties: strokeProperties))
            openAncestors.append(index)
        }
        self.styles = styles
    }

    static func isNone(_ paint: String) -> Bool { paint == "none" || paint == "transparent" }

    /// Presentation attributes, overridden by the `style` attribute's declarations; names and
    /// values trimmed and lowercased (`!important` dropped).
    static func properties(of element: SVGDocument.Element) -> [String: String] {
        var properties: [String: String] = [:]
        for attribute in element.attributes where attribute.name != "style" {
            properties[attribute.name] = attribute.value.trimmingWhitespace.lowercased()
        }
        if let style = element.attribute("style")?.value {
            for declaration in style.split(separator: ";") {
                guard let colon = declaration.firstIndex(of: ":") else { continue }
                let name = String(declaration[..<colon]).trimmingWhitespace.lowercased()
                var value = String(declaration[declaration.index(after: colon)...]).lowercased()
                if let important = value.range(of: "!important") { value.removeSubrange(important) }
                properties[name] = value.trimmingWhitespace
            }
        }
        return properties
    }

    /// `translate(0)`, `scale(1)`, `rotate(0)`, `matrix(1 0 0 1 0 0)` and empty: no effect.
    static func isIdentity(_ transform: String) -> Bool {
        var rest = Substring(transform)
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            let name = rest[..<open].trimmingCharacters(in: " \t\n\r,")
            let numbers = rest[rest.index(after: open)..<close]
                .split(whereSeparator: { " \t\n\r,".contains($0) }).compactMap { Double($0) }
            let identity: Bool
            switch name {
            case "translate", "rotate", "skewX", "skewY": identity = numbers.allSatisfy { $0 == 0 }
            case "scale": identity = numbers.allSatisfy { $0 == 1 }
            case "matrix": identity = numbers == [1, 0, 0, 1, 0, 0]
            default: identity = false
            }
            guard identity else { return false }
            rest = rest[rest.index(after: close)...]
        }
        return rest.allSatisfy { " \t\n\r,".contains($0) }
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var text = self
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
