import CLibXML2

/// What libxml2's HTML parser makes of a page: its elements in document order and the errors
/// it reported, before `TemplateParser` pairs the elements with scanned start tags.
///
/// This is the only file that talks to libxml2 for templates. It parses on a private parser
/// context whose SAX handler carries the error callback, so nothing is printed and nothing
/// global is touched: several pages can be parsed on several threads at once.
struct LibXMLHTMLTree {
    struct Element {
        var name: String
        /// Where libxml2's reader stood when it created the element: at the `>` (or `/>`)
        /// of its start tag, or, for an element it implied, at the text or tag that made it.
        var offset: Int
        var parent: Int?
        /// The scanned start tag the caller paired the element with, if any.
        var tag: Int?
        /// Lowercased names; `@` and `#` attributes are missing. Copied only for an element
        /// without a paired tag: a paired one takes the scanned attributes, as written.
        var attributes: [(name: String, value: String?)]
        var hasText: Bool
    }

    struct Error {
        var code: Int
        var message: String
        var firstName: String?
        var secondName: String?
        /// Where libxml2's reader stood when it reported the error.
        var offset: Int
    }

    var elements: [Element] = []
    var errors: [Error] = []
    /// Errors beyond `errorLimit`, counted but not kept.
    var omittedErrorCount = 0

    /// `xmlInitParser` builds shared tables; calling it once before any thread parses
    /// avoids racing on them. Swift runs a static initializer exactly once.
    private static let libraryInitialization: Void = xmlInitParser()

    /// `pair` is asked, for each element in document order, for the scanned start tag that
    /// stands for it, given its name and offset (as libxml2 counts, before any byte order mark).
    static func parse(_ bytes: [UInt8], errorLimit: Int, pair: (_ name: String, _ offset: Int) -> Int?) -> LibXMLHTMLTree {
        _ = libraryInitialization
        var tree = LibXMLHTMLTree()
        guard let context = htmlNewParserCtxt() else { return tree }
        defer { htmlFreeParserCtxt(context) }
        guard let sax = context.pointee.sax, let buildStartElement = sax.pointee.startElement else { return tree }

        let collector = ParseCallbacks(errorLimit: errorLimit, buildStartElement: buildStartElement)
        let unmanaged = Unmanaged.passRetained(collector)
        defer { unmanaged.release() }
        // The SAX callbacks receive the parser context (its userData); `_private` is ours.
        context.pointee._private = unmanaged.toOpaque()
        // libxml2 sends errors to `serror` only when the handler says it is a SAX2 one.
        sax.pointee.initialized = UInt32(XML_SAX2_MAGIC)
        sax.pointee.serror = { userData, error in
            guard let userData, let error else { return }
            ParseCallbacks.from(userData)?.record(
                error.pointee, context: userData.assumingMemoryBound(to: htmlParserCtxt.self))
        }
        sax.pointee.startElement = { userData, name, attributes in
            guard let userData, let callbacks = ParseCallbacks.from(userData) else { return }
            callbacks.startElement(userData, name, attributes)
        }

        let options =
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOIMPLIED.rawValue
            | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_IGNORE_ENC.rawValue
            | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                htmlCtxtReadMemory(context, characters.baseAddress, Int32(characters.count), nil, "UTF-8", Int32(options))
            }
        }
        tree.errors = collector.errors
        tree.omittedErrorCount = collector.omittedErrorCount
        if let document {
            tree.collectElements(of: document, pair: pair)
            xmlFreeDoc(document)
        }
        return tree
    }

    /// Walks the tree in document order without recursion, keeping the open ancestors on a stack.
    private mutating func collectElements(of document: htmlDocPtr, pair: (_ name: String, _ offset: Int) -> Int?) {
        var openElements: [Int] = []
        var current = document.pointee.children
        while let node = current {
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let index = elements.count
                let name = node.pointee.name.map { String(cString: $0) } ?? ""
                let offset = Int(bitPattern: node.pointee._private) - 1
                let tag = pair(name, offset)
                elements.append(
                    Element(
                        name: name, offset: offset, parent: openElements.last, tag: tag,
                        attributes: tag == nil ? Self.attributes(of: node) : [], hasText: false))
                if let firstChild = node.pointee.children {
                    openElements.append(index)
                    current = firstChild
                    continue
                }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let parent = openElements.last, !elements[parent].hasText, Self.hasNonWhitespace(node.pointee.content) {
                    elements[parent].hasText = true
                }
            default:
                break
            }
            // Next sibling, or the next sibling of the nearest open ancestor that has one.
            var finished: UnsafeMutablePointer<xmlNode>? = node
            current = nil
            while let done = finished {
                if let next = done.pointee.next {
                    current = next
                    break
                }
                guard !openElements.isEmpty else { break }
                openElements.removeLast()
                finished = done.pointee.parent
            }
        }
    }

    private static func attributes(of node: UnsafeMutablePointer<xmlNode>) -> [(name: String, value: String?)] {
        var result: [(name: String, value: String?)] = []
        var property = node.pointee.properties
        while let attribute = property {
            let name = attribute.pointee.name.map { String(cString: $0) } ?? ""
            var value: String?
            if let text = xmlNodeListGetString(node.pointee.doc, attribute.pointee.children, 1) {
                value = String(cString: text)
                mactl_xmlFree(text)
            } else if attribute.pointee.children != nil {
                value = ""
            }
            result.append((name, value))
            property = attribute.pointee.next
        }
        return result
    }

    private static func hasNonWhitespace(_ content: UnsafeMutablePointer<xmlChar>?) -> Bool {
        guard var byte = content else { return false }
        while byte.pointee != 0 {
            switch byte.pointee {
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D: byte += 1
            default: return true
            }
        }
        return false
    }
}

/// State the C callbacks reach through the parser context's `_private` pointer.
private final class ParseCallbacks {
    let errorLimit: Int
    let buildStartElement: startElementSAXFunc
    var errors: [LibXMLHTMLTree.Error] = []
    var omittedErrorCount = 0

    init(errorLimit: Int, buildStartElement: @escaping startElementSAXFunc) {
        self.errorLimit = errorLimit
        self.buildStartElement = buildStartElement
    }

    static func from(_ userData: UnsafeMutableRawPointer) -> ParseCallbacks? {
        let context = userData.assumingMemoryBound(to: htmlParserCtxt.self)
        guard let state = context.pointee._private else { return nil }
        return Unmanaged<ParseCallbacks>.fromOpaque(state).takeUnretainedValue()
    }

    func record(_ error: xmlError, context: UnsafeMutablePointer<htmlParserCtxt>?) {
        let recorded = LibXMLHTMLTree.Error(
            code: Int(error.code),
            message: error.message.map { String(cString: $0) } ?? "",
            firstName: error.str1.map { String(cString: $0) },
            secondName: error.str2.map { String(cString: $0) },
            offset: context.map(Self.readerOffset) ?? 0)
        guard !TemplateParser.isHTML4Only(recorded) else { return }
        guard errors.count < errorLimit else {
            omittedErrorCount += 1
            return
        }
        errors.append(recorded)
    }

    /// The byte offset of libxml2's reader in the document. The memory input is read as
    /// UTF-8 without conversion, so this is an offset into the bytes handed to the parser
    /// (`consumed` counts what libxml2 has already dropped from the front of its buffer).
    static func readerOffset(_ context: UnsafeMutablePointer<htmlParserCtxt>) -> Int {
        guard let input = context.pointee.input, let current = input.pointee.cur, let base = input.pointee.base else { return 0 }
        return Int(input.pointee.consumed) + (current - base)
    }

    /// libxml2's SAX2 builder, asked for an element while no element is open, hangs it under
    /// the document's first child; with HTML_PARSE_NOIMPLIED that is the first top-level
    /// element, so a fragment's second top-level element became a child of its first.
    /// Moving the new element to the end of the top-level list restores the source's shape.
    func startElement(
        _ userData: UnsafeMutableRawPointer, _ name: UnsafePointer<xmlChar>?,
        _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        let context = userData.assumingMemoryBound(to: htmlParserCtxt.self)
        let openElement = context.pointee.node
        let offset = Self.readerOffset(context)
        buildStartElement(userData, name, attributes)
        // No new node when libxml2 refused it (too deep).
        guard let element = context.pointee.node, element != openElement else { return }
        // Kept on the node itself (libxml2 leaves `_private` to applications), plus one so
        // that zero still means "not recorded".
        element.pointee._private = UnsafeMutableRawPointer(bitPattern: offset + 1)
        guard openElement == nil, let parent = element.pointee.parent,
            parent.pointee.type == XML_ELEMENT_NODE, let firstTopLevel = context.pointee.myDoc?.pointee.children
        else { return }
        xmlUnlinkNode(element)
        xmlAddSibling(firstTopLevel, element)
    }
}
