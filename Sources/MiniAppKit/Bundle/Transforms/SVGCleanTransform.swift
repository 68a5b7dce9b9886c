import CLibXML2

/// Removes what vector editors leave in an SVG icon and no renderer reads: comments,
/// `<metadata>`, the XML declaration and DOCTYPE, editor-namespace elements and attributes
/// (Inkscape, Sodipodi, Adobe Illustrator, Sketch) with their namespace declarations, and
/// whitespace between elements where SVG gives it no meaning. `<title>` and `<desc>` stay:
/// assistive technologies read them.
///
/// The file is parsed like `SVGParser` parses it (no network, no DTD, no entity expansion),
/// and a file with an entity declaration is not touched at all. Any failure ships the file
/// as written.
enum SVGCleanTransform: FileTransform {
    static let name = "svg-clean"

    static let editorNamespaces = [
        "http://www.inkscape.org/namespaces/inkscape",
        "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
        "http://www.bohemiancoding.com/sketch/ns",
    ]
    /// Adobe Illustrator writes several, all under this address.
    static let editorNamespacePrefix = "http://ns.adobe.com/"
    /// Used by the RDF inside `<metadata>`; their declarations go once nothing uses them.
    static let metadataNamespaces: Set<String> = [
        "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
        "http://creativecommons.org/ns#",
        "http://web.resource.org/cc/",
        "http://purl.org/dc/elements/1.1/",
    ]
    /// SVG elements whose text children are never rendered, so whitespace between their
    /// children is only layout of the file. Text content elements (`text`, `tspan`, `a`,
    /// `title`, `desc`, `style`, ...) are not here: their whitespace can matter.
    static let elementsWithoutText: Set<String> = [
        "svg", "g", "defs", "symbol", "clipPath", "mask", "linearGradient", "radialGradient", "pattern", "marker",
        "filter", "switch", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "use", "image", "stop",
    ]

    private static let libraryInitialization: Void = xmlInitParser()

    static func transform(_ file: SourceFile) -> [UInt8]? {
        _ = libraryInitialization
        guard !file.bytes.isEmpty, file.bytes.count <= Int(Int32.max),
            SVGParser.firstOffset(of: "<!ENTITY", in: file.bytes) == nil
        else { return nil }
        guard let context = xmlNewParserCtxt() else { return nil }
        defer { xmlFreeParserCtxt(context) }
        // A structured error handler that drops every message: nothing in the library prints.
        if let sax = context.pointee.sax {
            sax.pointee.initialized = UInt32(XML_SAX2_MAGIC)
            sax.pointee.serror = { _, _ in }
        }
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        let parsed = file.bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                xmlCtxtReadMemory(context, characters.baseAddress, Int32(characters.count), nil, nil, Int32(options))
            }
        }
        guard let document = parsed else { return nil }
        defer { xmlFreeDoc(document) }
        guard isCleanable(document) else { return nil }

        removeDoctype(of: document)
        removeUnrenderedNodes(of: document)
        removeUnusedNamespaceDeclarations(of: document)
        guard let output = serialize(document) else { return nil }
        // The result must still be an SVG that mactl's own parser reads without an issue.
        guard SVGParser.readsAsSVG(SourceFile(path: file.path, bytes: output)) else { return nil }
        return output
    }

    /// An SVG root, text in UTF-8 (the output has no declaration to name another encoding),
    /// and a DOCTYPE with no declarations in it, whose removal cannot change a default.
    private static func isCleanable(_ document: xmlDocPtr) -> Bool {
        guard let root = xmlDocGetRootElement(document), name(of: root) == "svg",
            namespace(of: root) == SVGDocument.namespace
        else { return false }
        if let encoding = document.pointee.encoding.map({ String(cString: $0).lowercased() }),
            !["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding)
        {
            return false
        }
        if let doctype = document.pointee.intSubset, doctype.pointee.children != nil { return false }
        return true
    }

    private static func removeDoctype(of document: xmlDocPtr) {
        guard let doctype = document.pointee.intSubset else { return }
        let node = UnsafeMutableRawPointer(doctype).assumingMemoryBound(to: xmlNode.self)
        xmlUnlinkNode(node)
        xmlFreeDtd(doctype)
    }

    /// Walks the tree without recursion; nodes are removed after the walk, never during it.
    private static func removeUnrenderedNodes(of document: xmlDocPtr) {
        var doomedNodes: [xmlNodePtr] = []
        var doomedAttributes: [xmlAttrPtr] = []
        var stack: [xmlNodePtr] = []
        var child = document.pointee.children
        while let node = child {
            stack.append(node)
            child = node.pointee.next
        }
        while let node = stack.popLast() {
            switch node.pointee.type {
            case XML_COMMENT_NODE:
                doomedNodes.append(node)
            case XML_TEXT_NODE:
                if let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE,
                    namespace(of: parent) == SVGDocument.namespace, elementsWithoutText.contains(name(of: parent)),
                    xmlIsBlankNode(node) != 0
                {
                    doomedNodes.append(node)
                }
            case XML_ELEMENT_NODE:
                let elementNamespace = namespace(of: node)
                if isEditorNamespace(elementNamespace)
                    || (elementNamespace == SVGDocument.namespace && name(of: node) == "metadata")
                {
                    doomedNodes.append(node)
                    continue
                }
                var attribute = node.pointee.properties
                while let current = attribute {
                    if isEditorNamespace(current.pointee.ns?.pointee.href.map { String(cString: $0) }) {
                        doomedAttributes.append(current)
                    }
                    attribute = current.pointee.next
                }
                var next = node.pointee.children
                while let current = next {
                    stack.append(current)
                    next = current.pointee.next
                }
            default:
                break
            }
        }
        for attribute in doomedAttributes { xmlRemoveProp(attribute) }
        for node in doomedNodes {
            xmlUnlinkNode(node)
            xmlFreeNode(node)
        }
    }

    /// Drops editor and metadata namespace declarations that no element or attribute left
    /// in the document uses.
    private static func removeUnusedNamespaceDeclarations(of document: xmlDocPtr) {
        var elements: [xmlNodePtr] = []
        var used: Set<UnsafeMutablePointer<xmlNs>> = []
        var stack: [xmlNodePtr] = []
        if let root = xmlDocGetRootElement(document) { stack.append(root) }
        while let node = stack.popLast() {
            guard node.pointee.type == XML_ELEMENT_NODE else { continue }
            elements.append(node)
            if let namespace = node.pointee.ns { used.insert(namespace) }
            var attribute = node.pointee.properties
            while let current = attribute {
                if let namespace = current.pointee.ns { used.insert(namespace) }
                attribute = current.pointee.next
            }
            var child = node.pointee.children
            while let current = child {
                stack.append(current)
                child = current.pointee.next
            }
        }
        for element in elements {
            var previous: UnsafeMutablePointer<xmlNs>?
            var declaration = element.pointee.nsDef
            while let current = declaration {
                let next = current.pointee.next
                let address = current.pointee.href.map { String(cString: $0) }
                let removable = isEditorNamespace(address) || address.map(metadataNamespaces.contains) == true
                if removable, !used.contains(current) {
                    if let previous { previous.pointee.next = next } else { element.pointee.nsDef = next }
                    current.pointee.next = nil
                    xmlFreeNs(current)
                } else {
                    previous = current
                }
                declaration = next
            }
        }
    }

    /// The document as UTF-8 without the XML declaration libxml2 always writes.
    private static func serialize(_ document: xmlDocPtr) -> [UInt8]? {
        var text: UnsafeMutablePointer<xmlChar>?
        var length: Int32 = 0
        xmlDocDumpMemoryEnc(document, &text, &length, "UTF-8")
        guard let text, length > 0 else { return nil }
        defer { mactl_xmlFree(text) }
        var bytes = Array(UnsafeBufferPointer(start: text, count: Int(length)))
        if bytes.starts(with: Array("<?xml ".utf8)), let end = SVGParser.firstOffset(of: "?>", in: bytes) {
            var declarationEnd = end + 2
            if declarationEnd < bytes.count, bytes[declarationEnd] == UInt8(ascii: "\n") { declarationEnd += 1 }
            bytes.removeSubrange(0..<declarationEnd)
        }
        return bytes
    }

    private static func isEditorNamespace(_ address: String?) -> Bool {
        guard let address else { return false }
        return editorNamespaces.contains(address) || address.hasPrefix(editorNamespacePrefix)
    }

    private static func name(of node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    private static func namespace(of node: xmlNodePtr) -> String? {
        node.pointee.ns?.pointee.href.map { String(cString: $0) }
    }
}
