import CLibXML2

/// Parses an SVG file with libxml2 as XML with the network, DTD loading and entity
/// substitution all off, so nothing outside the file is ever read and no entity expands.
public enum SVGParser {
    private static let libraryInitialization: Void = xmlInitParser()

    public static func parse(_ file: SourceFile) -> SVGDocument {
        var document = SVGDocument(file: file, elements: [], issue: nil, textLength: 0)
        if case .issue(let issue) = withTree(of: file, { parsed in collect(parsed, into: &document) }) {
            document.issue = issue
        }
        return document
    }

    /// Whether the file reads without an issue and its root element is `<svg>`: what `parse`
    /// would say of its `issue` and `root`, without building the model of every element.
    static func readsAsSVG(_ file: SourceFile) -> Bool {
        switch withTree(of: file, { parsed in xmlDocGetRootElement(parsed)?.pointee.name.map { String(cString: $0) } == "svg" }) {
        case .read(let isSVG): isSVG ?? false
        case .issue: false
        }
    }

    /// What `withTree` gave: `body`'s value (nil when libxml2 could not start a parse), or the
    /// issue that stops a read.
    private enum Reading<Value> {
        case read(Value?)
        case issue(SVGDocument.Issue)
    }

    /// Parses the file and gives libxml2's tree to `body`, freed when `body` returns.
    private static func withTree<Value>(of file: SourceFile, _ body: (xmlDocPtr) -> Value) -> Reading<Value> {
        _ = libraryInitialization
        guard !file.bytes.isEmpty, file.bytes.count <= Int(Int32.max) else {
            return .issue(.syntax(message: "the file is empty", range: 0..<0))
        }
        // Entity declarations are refused before libxml2 sees them, so no entity is ever
        // parsed, let alone expanded or fetched.
        if let doctype = firstOffset(of: "<!DOCTYPE", in: file.bytes), firstOffset(of: "<!ENTITY", in: file.bytes, from: doctype) != nil {
            return .issue(.entityDeclarations(range: doctype..<(doctype + 9)))
        }
        guard let context = xmlNewParserCtxt() else { return .read(nil) }
        defer { xmlFreeParserCtxt(context) }
        let collector = ErrorCollector()
        let unmanaged = Unmanaged.passRetained(collector)
        defer { unmanaged.release() }
        context.pointee._private = unmanaged.toOpaque()
        if let sax = context.pointee.sax {
            sax.pointee.initialized = UInt32(XML_SAX2_MAGIC)
            sax.pointee.serror = { userData, error in
                guard let userData, let error else { return }
                let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
                guard let state = context.pointee._private else { return }
                Unmanaged<ErrorCollector>.fromOpaque(state).takeUnretainedValue().record(error.pointee)
            }
        }
        // No XML_PARSE_NOENT (entities stay unexpanded), no DTDLOAD, no DTDATTR; NONET in case.
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        let parsed = file.bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                xmlCtxtReadMemory(context, characters.baseAddress, Int32(characters.count), nil, nil, Int32(options))
            }
        }
        guard let parsed else {
            let first = collector.first
            var range = offset(line: first?.line ?? 1, column: first?.column ?? 1, in: file)
            // libxml2 reports where it stopped, just after the offending tag; point at the tag.
            if range > 0, file.bytes[range - 1] == UInt8(ascii: ">"),
                let open = file.bytes[..<range].lastIndex(of: UInt8(ascii: "<"))
            {
                range = open
            }
            return .issue(.syntax(message: first?.message ?? "the file is not well-formed XML", range: range..<range))
        }
        defer { xmlFreeDoc(parsed) }
        if let dtd = parsed.pointee.intSubset, dtd.pointee.entities != nil || dtd.pointee.pentities != nil {
            let start = firstOffset(of: "<!DOCTYPE", in: file.bytes) ?? 0
            return .issue(.entityDeclarations(range: start..<(start + 9)))
        }
        return .read(body(parsed))
    }

    /// Walks the tree without recursion, so a deep file cannot exhaust the stack. Elements come
    /// in document order, as their start tags do: the template's tag scanner (which skips
    /// comments, CDATA and declarations as XML does) gives each one's attributes as written,
    /// which libxml2 does not keep and the iOS tab icon reader depends on.
    private static func collect(_ parsed: xmlDocPtr, into document: inout SVGDocument) {
        let bytes = document.file.bytes
        let scan = StartTagScanner.scan(bytes)
        let tags = scan.startTags
        var nextTag = 0
        var stack: [(node: xmlNodePtr, depth: Int)] = []
        var child = parsed.pointee.children
        while let node = child { stack.append((node, 0)); child = node.pointee.next }
        stack.reverse()
        var searchFrom = 0
        while let (node, depth) = stack.popLast() {
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let name = node.pointee.name.map { String(cString: $0) } ?? ""
                let prefix = node.pointee.ns?.pointee.prefix.map { String(cString: $0) + ":" } ?? ""
                var tag: TemplateStartTag?
                if let index = tags[nextTag...].firstIndex(where: { $0.name == prefix + name }) {
                    tag = tags[index]
                    nextTag = index + 1
                }
                let start =
                    tag?.range.lowerBound ?? firstOffset(of: "<" + prefix + name, in: document.file.bytes, from: searchFrom) ?? searchFrom
                searchFrom = start + 1
                let tagEnd = firstOffset(of: ">", in: document.file.bytes, from: start) ?? document.file.bytes.count
                var attributes: [SVGDocument.Attribute] = []
                var attribute = node.pointee.properties
                while let current = attribute {
                    let attributeName =
                        (current.pointee.ns?.pointee.prefix.map { String(cString: $0) + ":" } ?? "")
                        + (current.pointee.name.map { String(cString: $0) } ?? "")
                    var value = ""
                    if let text = xmlNodeListGetString(parsed, current.pointee.children, 1) {
                        value = String(cString: text)
                        mactl_xmlFree(text)
                    }
                    if let tag, let written = scan.attributes(of: tag).first(where: { $0.name == attributeName }),
                        let valueRange = written.valueRange,
                        valueRange.lowerBound > written.nameRange.upperBound
                    {
                        let quote = bytes[valueRange.lowerBound - 1]
                        let between = bytes[written.nameRange.upperBound..<(valueRange.lowerBound - 1)]
                        attributes.append(
                            .init(
                                name: attributeName, value: value, range: written.nameRange,
                                written: .init(
                                    valueRange: valueRange, quote: quote, precedingByte: bytes[written.nameRange.lowerBound - 1],
                                    spacedEquals: between.contains { $0 != UInt8(ascii: "=") })))
                    } else {
                        let position = firstOffset(of: attributeName, in: document.file.bytes, from: start, before: tagEnd) ?? start
                        attributes.append(.init(name: attributeName, value: value, range: position..<(position + attributeName.utf8.count)))
                    }
                    attribute = current.pointee.next
                }
                document.elements.append(
                    .init(
                        name: name, namespace: node.pointee.ns?.pointee.href.map { String(cString: $0) },
                        range: start..<(start + 1 + prefix.utf8.count + name.utf8.count), attributes: attributes, depth: depth,
                        startTag: tag.map { ($0.range, $0.isSelfClosing) }))
                var children: [(xmlNodePtr, Int)] = []
                var next = node.pointee.children
                while let current = next { children.append((current, depth + 1)); next = current.pointee.next }
                stack.append(contentsOf: children.reversed())
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content { document.textLength += Int(xmlStrlen(content)) }
            default:
                break
            }
        }
    }

    static func firstOffset(of needle: String, in bytes: [UInt8], from start: Int = 0, before end: Int? = nil) -> Int? {
        let pattern = Array(needle.utf8)
        let limit = min(end ?? bytes.count, bytes.count) - pattern.count
        guard !pattern.isEmpty, start <= limit else { return nil }
        var index = start
        while index <= limit {
            if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// The byte offset of a libxml2 line and column (columns count bytes there).
    static func offset(line: Int, column: Int, in file: SourceFile) -> Int {
        guard line >= 1, line <= file.lineStarts.count else { return file.bytes.count }
        return min(file.lineStarts[line - 1] + max(0, column - 1), file.bytes.count)
    }

    private final class ErrorCollector {
        var first: (message: String, line: Int, column: Int)?

        func record(_ error: xmlError) {
            guard first == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let raw = error.message.map { String(cString: $0) } ?? "the file is not well-formed XML"
            // Some messages run over two lines ("...indicate encoding !\nBytes: 0xFF 0xFE");
            // a diagnostic is one line, so the second becomes a parenthesis.
            let lines = raw.split(whereSeparator: \.isNewline).map { $0.split(separator: " ").joined(separator: " ") }
            var message = lines.first ?? ""
            while let last = message.last, last.isWhitespace || last == "." || last == "!" { message.removeLast() }
            if lines.count > 1 { message += " (" + lines.dropFirst().joined(separator: "; ").lowercased() + ")" }
            if let firstCharacter = message.first { message = firstCharacter.lowercased() + message.dropFirst() }
            first = (message, Int(error.line), Int(error.int2))
        }
    }
}
