import CLibXML2

/// Removes what editors leave in SVG files and renderers ignore: comments, `<metadata>`,
/// Inkscape, Sodipodi, Illustrator and Sketch elements and attributes, and the XML
/// declaration. The drawing itself is untouched; the tests render before and after.
enum SVGCleaner {
    static let editorNamespaces: [String] = [
        "http://www.inkscape.org/namespaces/inkscape",
        "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
        "http://ns.adobe.com/",
        "http://www.bohemiancoding.com/sketch/ns",
    ]

    static func apply(to file: SourceFile) -> [UInt8]? {
        // Parsed only when SVGParser would accept it: no entity declarations, well-formed.
        let safety = SVGParser.parse(file)
        guard safety.issue == nil, safety.root?.namespace == SVGDocument.namespace else { return nil }
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        let parsed = file.bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { xmlReadMemory($0.baseAddress, Int32($0.count), nil, nil, Int32(options)) }
        }
        guard let document = parsed, let root = xmlDocGetRootElement(document) else { return nil }
        defer { xmlFreeDoc(document) }
        clean(root)
        guard let buffer = xmlBufferCreate() else { return nil }
        defer { xmlBufferFree(buffer) }
        guard xmlNodeDump(buffer, document, root, 0, 0) >= 0, let content = xmlBufferContent(buffer) else { return nil }
        return Array(String(cString: content).utf8) + [0x0A]
    }

    /// Walks the tree twice with an explicit stack: first removing editor elements, attributes
    /// and comments, then the editor namespace declarations, which must outlive every node
    /// that points at them.
    private static func clean(_ root: xmlNodePtr) {
        forEachElement(root) { node in
            removeEditorAttributes(of: node)
            var child = node.pointee.children
            while let current = child {
                child = current.pointee.next
                if shouldRemove(current) {
                    xmlUnlinkNode(current)
                    xmlFreeNode(current)
                }
            }
        }
        forEachElement(root, removeEditorNamespaceDeclarations)
    }

    private static func forEachElement(_ root: xmlNodePtr, _ body: (xmlNodePtr) -> Void) {
        var stack: [xmlNodePtr] = [root]
        while let node = stack.popLast() {
            body(node)
            var child = node.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE { stack.append(current) }
                child = current.pointee.next
            }
        }
    }

    private static func shouldRemove(_ node: xmlNodePtr) -> Bool {
        switch node.pointee.type {
        case XML_COMMENT_NODE:
            return true
        case XML_ELEMENT_NODE:
            let name = node.pointee.name.map { String(cString: $0) } ?? ""
            return name == "metadata" || isEditorNamespace(node.pointee.ns)
        default:
            return false
        }
    }

    private static func removeEditorAttributes(of node: xmlNodePtr) {
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            if isEditorNamespace(current.pointee.ns) { xmlRemoveProp(current) }
        }
    }

    /// Drops `xmlns:inkscape="..."` and the like once nothing uses them.
    private static func removeEditorNamespaceDeclarations(of node: xmlNodePtr) {
        var previous: xmlNsPtr?
        var namespace = node.pointee.nsDef
        while let current = namespace {
            namespace = current.pointee.next
            if isEditorNamespace(current) {
                if let previous { previous.pointee.next = current.pointee.next } else { node.pointee.nsDef = current.pointee.next }
                current.pointee.next = nil
                xmlFreeNs(current)
            } else {
                previous = current
            }
        }
    }

    private static func isEditorNamespace(_ namespace: xmlNsPtr?) -> Bool {
        guard let href = namespace?.pointee.href.map({ String(cString: $0) }) else { return false }
        return editorNamespaces.contains { href.hasPrefix($0) }
    }
}
