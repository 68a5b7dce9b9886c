/// Parses a page template into a `PageTemplate`: libxml2 builds the element tree, and a small
/// start-tag scanner supplies what libxml2 does not keep (columns, attribute positions,
/// attribute names as written, and the `@event` / `#ref` attributes it drops).
///
/// Pairing the two: libxml2 is asked, for each element it creates, where its reader stands,
/// which for a start tag is that tag's `>`. The element is paired with the last scanned tag
/// that starts before that point, if that tag has the same name and is not already paired;
/// otherwise the element keeps libxml2's attributes and a position at that point and is marked
/// `hasSourceTag == false` (libxml2 implies a `<p>` around stray top-level text, for instance).
/// Scanned tags that no element claimed end up in `unmatchedStartTags`. Nothing is ever paired
/// by guesswork across a mismatch.
public enum TemplateParser {

    public static func parse(_ file: SourceFile) -> PageTemplate {
        let scan = StartTagScanner.scan(file.bytes)
        let tags = scan.startTags
        var issues: [TemplateIssue] = []

        var parserInput = file.bytes
        if let invalid = replaceInvalidUTF8(in: &parserInput) { issues.append(invalid) }
        hideAlpineShorthands(of: scan.attributes, in: &parserInput)

        // libxml2 takes the length as a C int; a page this size is a mistake, not a template.
        guard parserInput.count <= Int(Int32.max) else {
            issues.append(
                TemplateIssue(
                    kind: .markup(code: 0), message: "file is too large for the HTML parser", range: 0..<0))
            var template = PageTemplate(
                file: file, elements: [], attributes: scan.attributes, roots: [], issues: issues, unmatchedStartTags: tags)
            (template.startTags, template.endTags) = (tags, scan.endTags)
            return template
        }
        // libxml2 skips a UTF-8 byte order mark before it starts counting.
        let hasByteOrderMark = file.bytes.starts(with: [0xEF, 0xBB, 0xBF])
        var pairing = TagPairing(tags: tags, byteCount: file.bytes.count, offsetShift: hasByteOrderMark ? 3 : 0)
        var tree = LibXMLHTMLTree.parse(parserInput, errorLimit: Limits.templateIssues) { name, offset in
            pairing.tag(forElementNamed: name, at: offset)
        }
        if hasByteOrderMark {
            for index in tree.elements.indices where tree.elements[index].offset >= 0 { tree.elements[index].offset += 3 }
            for index in tree.errors.indices { tree.errors[index].offset += 3 }
        }
        var template = build(tree.elements, pairing: pairing, scan: scan, file: file)
        (template.startTags, template.endTags) = (tags, scan.endTags)
        issues += tree.errors.compactMap { issue(for: $0, scan: scan, bytes: file.bytes) }
        // In file order; issues at the same offset keep the order they were found in.
        template.issues = issues.enumerated()
            .sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
            .map(\.element)
        template.omittedIssueCount = tree.omittedErrorCount
        return template
    }

    // MARK: - Preparing libxml2's copy of the page

    /// libxml2 switches to Latin-1 for the rest of the page at the first invalid UTF-8 byte,
    /// and stops at a NUL; both would skew its positions and values. Replacing each such byte
    /// with `?` in its copy keeps every offset the same.
    private static func replaceInvalidUTF8(in bytes: inout [UInt8]) -> TemplateIssue? {
        let invalid = InvalidUTF8.scan(bytes) { bytes[$0] = UInt8(ascii: "?") }
        for position in bytes.indices where bytes[position] == 0 { bytes[position] = UInt8(ascii: "?") }
        return invalid.map {
            TemplateIssue(kind: .invalidUTF8(count: $0.count), message: "\($0.description); page templates must be UTF-8", range: $0.range)
        }
    }

    /// libxml2 cannot read an attribute name starting with `@` or `#`: it reports an error,
    /// skips to the next blank (possibly inside the quoted value) and drops the attribute.
    /// `.` is a name start it accepts and that no author writes, so it stands in for them.
    private static func hideAlpineShorthands(of attributes: [TemplateAttribute], in bytes: inout [UInt8]) {
        for attribute in attributes {
            let first = bytes[attribute.nameRange.lowerBound]
            if first == UInt8(ascii: "@") || first == UInt8(ascii: "#") {
                bytes[attribute.nameRange.lowerBound] = UInt8(ascii: ".")
            }
        }
    }

    // MARK: - Pairing libxml2's elements with scanned tags

    /// Pairs libxml2's elements with scanned tags as the tree walk meets them, in document
    /// order, so that the walk copies libxml2's attributes only for an element left unpaired.
    struct TagPairing {
        let tags: [TemplateStartTag]
        let lowercasedTagNames: [String]
        let byteCount: Int
        let offsetShift: Int
        /// Tags before this one are paired or passed over.
        private(set) var nextTag = 0
        /// Tags passed over so far: libxml2 built no element for them.
        private(set) var unmatched: [TemplateStartTag] = []

        init(tags: [TemplateStartTag], byteCount: Int, offsetShift: Int) {
            self.tags = tags
            self.lowercasedTagNames = tags.map { $0.name.lowercased() }
            self.byteCount = byteCount
            self.offsetShift = offsetShift
        }

        /// The tag for an element libxml2 made at `offset` (as it counts; -1 when unknown).
        mutating func tag(forElementNamed name: String, at libxmlOffset: Int) -> Int? {
            guard libxmlOffset >= 0 else { return nil }
            let offset = max(0, min(libxmlOffset + offsetShift, byteCount))
            guard let tagIndex = TemplateParser.lastTag(startingBefore: offset, in: tags), tagIndex >= nextTag,
                lowercasedTagNames[tagIndex] == name
            else { return nil }
            unmatched += tags[nextTag..<tagIndex]
            nextTag = tagIndex + 1
            return tagIndex
        }
    }

    private static func build(
        _ parsed: [LibXMLHTMLTree.Element], pairing: TagPairing, scan: StartTagScanner.Scan, file: SourceFile
    ) -> PageTemplate {
        let tags = scan.startTags
        var elements: [TemplateElement] = []
        elements.reserveCapacity(parsed.count)
        // The scanned attributes keep their indices; an implied element's libxml2 attributes
        // are appended after them.
        var attributes = scan.attributes
        var roots: [Int] = []
        // The last child linked so far of each element, and the last top-level element.
        var lastChild = [Int?](repeating: nil, count: parsed.count)
        var lastRoot: Int?

        for (index, element) in parsed.enumerated() {
            if let tagIndex = element.tag {
                let tag = tags[tagIndex]
                elements.append(
                    TemplateElement(
                        name: element.name, nameRange: tag.nameRange, range: tag.range, attributeRange: tag.attributeRange,
                        isSelfClosing: tag.isSelfClosing, parent: element.parent, hasText: element.hasText))
            } else {
                let offset = max(0, min(element.offset, file.bytes.count))
                let point = offset..<offset
                let firstAttribute = attributes.count
                for attribute in element.attributes {
                    attributes.append(TemplateAttribute(name: attribute.name, nameRange: point, value: attribute.value, valueRange: nil))
                }
                elements.append(
                    TemplateElement(
                        name: element.name, nameRange: point, range: point, attributeRange: firstAttribute..<attributes.count,
                        parent: element.parent, hasText: element.hasText, hasSourceTag: false))
            }
            // libxml2 gives elements in document order, so each is the last child yet of its parent.
            if let parent = element.parent {
                if let previous = lastChild[parent] {
                    elements[previous].nextSibling = index
                } else {
                    elements[parent].firstChild = index
                }
                lastChild[parent] = index
            } else {
                if let previous = lastRoot { elements[previous].nextSibling = index }
                lastRoot = index
                roots.append(index)
            }
        }
        let unmatched = pairing.unmatched + tags[pairing.nextTag...]
        return PageTemplate(
            file: file, elements: elements, attributes: attributes, roots: roots, issues: [], unmatchedStartTags: unmatched)
    }

    /// Binary search: the last tag whose `<` is before `offset`.
    private static func lastTag(startingBefore offset: Int, in tags: [TemplateStartTag]) -> Int? {
        var low = 0
        var high = tags.count
        while low < high {
            let middle = (low + high) / 2
            if tags[middle].range.lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }

    // MARK: - libxml2's errors as issues

    /// XML_HTML_UNKNOWN_TAG.
    private static let unknownTagCode = 801
    /// Code 76 (XML_ERR_TAG_NAME_MISMATCH) covers end tags that close nothing open.
    private static let endTagMismatchCode = 76
    private static let redefinedAttributeCode = 42
    private static let attributeNameCode = 68
    private static let internalErrorCode = 1

    /// libxml2 errors that hold against HTML 4 but not against the HTML 5 a WebView reads.
    /// They are dropped as they arrive, so they never use up `Limits.templateIssues`.
    static func isHTML4Only(_ error: LibXMLHTMLTree.Error) -> Bool {
        // libxml2 knows HTML 4's elements only: `<template>`, `<section>`, `<nav>` are "invalid".
        if error.code == unknownTagCode { return true }
        // HTML 4 asked scripts to escape `</`; HTML 5 ends a script only at `</script`.
        if error.code == endTagMismatchCode, error.message.hasPrefix("Element "), error.message.contains("embeds close tag") {
            return true
        }
        // HTML 5 keeps an `&` that starts no known reference as text, so `a && b` in an
        // Alpine expression is fine; libxml2 reports "no name" or "expecting ';'".
        return error.message.hasPrefix("htmlParseEntityRef:")
    }

    private static func issue(for error: LibXMLHTMLTree.Error, scan: StartTagScanner.Scan, bytes: [UInt8]) -> TemplateIssue? {
        let tags = scan.startTags
        let offset = max(0, min(error.offset, bytes.count))
        var names = [error.firstName, error.secondName].compactMap { $0 }
        var range = offset..<offset

        switch error.code {
        case internalErrorCode where error.message.hasPrefix("Excessive depth"):
            if let tagIndex = lastTag(startingBefore: offset, in: tags) { range = tags[tagIndex].range }
            return TemplateIssue(
                kind: .nestingTooDeep,
                message: "elements nest more than \(Limits.htmlNesting) levels deep; the HTML parser stopped here",
                range: range)
        case _ where error.message.hasPrefix("htmlParseCharRef:"):
            // Reported after the reference; point at its `&#`.
            if let ampersand = bytes[max(0, offset - 32)..<offset].lastIndex(of: UInt8(ascii: "&")) {
                range = ampersand..<offset
            }
        case endTagMismatchCode:
            // libxml2 reports it after reading the end tag; point at the tag itself.
            if let endTag = endTag(before: offset, named: names, in: bytes) { range = endTag }
        case redefinedAttributeCode, attributeNameCode:
            if let tagIndex = lastTag(startingBefore: offset, in: tags),
                let attribute = attribute(at: offset, named: error.firstName, in: scan.attributes(of: tags[tagIndex]))
            {
                range = attribute.nameRange
                var message: String
                if let firstName = error.firstName {
                    // Show `@click`, not the `.click` libxml2 was given.
                    names = names.map { $0 == firstName ? attribute.name : $0 }
                    message = LibXMLErrorWording.clean(error.message.replacingFirst(firstName, with: attribute.name), names: names)
                } else {
                    // "error parsing attribute name" says nothing of which one.
                    message = LibXMLErrorWording.clean(error.message, names: names) + " '\(attribute.name)'"
                }
                return TemplateIssue(kind: .markup(code: error.code), message: message, range: range)
            }
        default:
            break
        }
        return TemplateIssue(
            kind: .markup(code: error.code), message: LibXMLErrorWording.clean(error.message, names: names), range: range)
    }

    /// The `</name ...>` that ends just before `offset`, looking back a little way only.
    private static func endTag(before offset: Int, named names: [String], in bytes: [UInt8]) -> Range<Int>? {
        let floor = max(0, offset - 1024)
        var position = offset - 1
        while position > floor {
            if bytes[position - 1] == UInt8(ascii: "<"), bytes[position] == UInt8(ascii: "/") {
                let nameStart = position + 1
                var nameEnd = nameStart
                while nameEnd < offset, !StartTagScanner.isWhitespace(bytes[nameEnd]),
                    bytes[nameEnd] != UInt8(ascii: ">"), bytes[nameEnd] != UInt8(ascii: "/")
                {
                    nameEnd += 1
                }
                let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self).lowercased()
                return names.contains(name) ? (position - 1)..<offset : nil
            }
            position -= 1
        }
        return nil
    }

    /// For an attribute error: the attribute libxml2 means. With a name (redefined), the
    /// last one of that name before `offset`; without (unreadable name), the one at `offset`.
    private static func attribute(at offset: Int, named name: String?, in attributes: ArraySlice<TemplateAttribute>) -> TemplateAttribute? {
        guard let name else {
            return attributes.first { $0.nameRange.lowerBound == offset }
        }
        return attributes.last { attribute in
            guard attribute.nameRange.lowerBound < offset else { return false }
            var written = attribute.name.lowercased()
            if written.hasPrefix("@") || written.hasPrefix("#") { written = "." + written.dropFirst() }
            return written == name
        }
    }
}

private extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, let found = firstRange(of: target) else { return self }
        return replacingCharacters(in: found, with: replacement)
    }
}
