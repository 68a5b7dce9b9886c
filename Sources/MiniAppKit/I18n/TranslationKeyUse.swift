/// A place that asks for a translation: `$t('key', {...})` in a template,
/// `skip.i18n.t('key', {...})` in a script, a tab's `text`, a navigation bar title.
public struct TranslationKeyUse: Sendable {
    public enum Arguments: Sendable {
        /// No second argument: no placeholder gets a value.
        case none
        /// An object literal: the names it passes, with their ranges.
        case names([(name: String, span: SourceSpan)])
        /// Built at run time: which placeholders it fills is unknown.
        case dynamic
        /// A string, number or boolean written as it is (`$t('hello', store.name)` is dynamic,
        /// `$t('hello', 'Ada')` is this): the runtime fills placeholders only from an object,
        /// so it fills none. `kind` says what was passed ("a string").
        case notAnObject(kind: String)
    }

    public var key: String
    public var span: SourceSpan
    public var arguments: Arguments
    /// A tab text or a title: translated when it is a key, shown as written otherwise.
    public var isLabel: Bool
}

/// All translation lookups of a project, and whether some key is only known at run time
/// (`$t(store.key)`), which makes "unused key" unknowable.
public struct TranslationKeyUses: Sendable {
    public var uses: [TranslationKeyUse] = []
    public var hasDynamicKeys = false
    /// `skip.i18n.plural(n, {...})` maps: each key with its range, in the script.
    public var pluralMaps: [(members: [(name: String, span: SourceSpan)], span: SourceSpan)] = []

    /// A label (tab text, title) is a key when the default locale defines it, or when it looks
    /// like one: a dotted identifier with no spaces (`tab.home`), which no one shows as text.
    public static func looksLikeKey(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.first, first.isLetter || first == "_" else { return false }
                return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
            }
    }

    static func collect(from model: ProjectModel) -> TranslationKeyUses {
        var result = TranslationKeyUses()
        for page in model.pages {
            guard let template = page.template else { continue }
            for use in page.directives {
                for node in use.nodes {
                    guard case .call(let callee, let arguments) = node.kind, case .identifier("$t") = callee.kind else { continue }
                    guard let first = arguments.first, case .string(let key) = first.kind else {
                        result.hasDynamicKeys = true
                        continue
                    }
                    var passed = TranslationKeyUse.Arguments.none
                    if arguments.count > 1 {
                        switch arguments[1].kind {
                        case .object(let properties) where properties.allSatisfy({ if case .name = $0.key { true } else { false } }):
                            passed = .names(
                                properties.compactMap { property -> (name: String, span: SourceSpan)? in
                                    guard case .name(let name) = property.key else { return nil }
                                    return (name, template.span(use.fileRange(property.keyRange)))
                                })
                        case .string: passed = .notAnObject(kind: "a string")
                        case .number: passed = .notAnObject(kind: "a number")
                        case .boolean: passed = .notAnObject(kind: "a boolean")
                        default: passed = .dynamic
                        }
                    }
                    result.uses.append(
                        TranslationKeyUse(key: key, span: template.span(use.fileRange(first.range)), arguments: passed, isLabel: false))
                }
            }
        }
        for script in model.scripts {
            for call in script.facts.hostAPICalls {
                switch call.member {
                case "i18n.t":
                    guard let first = call.argument(0), case .string(let key) = first.value else {
                        if call.argument(0) != nil { result.hasDynamicKeys = true }
                        continue
                    }
                    var passed = TranslationKeyUse.Arguments.none
                    if let second = call.argument(1) {
                        if case .object(let object) = second.value, !object.hasSpread, object.members.allSatisfy({ $0.name != nil }) {
                            passed = .names(
                                object.members.compactMap { member -> (name: String, span: SourceSpan)? in
                                    member.name.map { ($0, script.span(member.keyRange)) }
                                })
                        } else if case .string = second.value {
                            passed = .notAnObject(kind: "a string")
                        } else {
                            passed = .dynamic
                        }
                    }
                    result.uses.append(TranslationKeyUse(key: key, span: script.span(first.range), arguments: passed, isLabel: false))
                case "nav.setNavigationBarTitle":
                    guard let first = call.argument(0), case .object(let object) = first.value, let title = object.member(named: "title"),
                        case .string(let text) = title.value
                    else { continue }
                    result.uses.append(TranslationKeyUse(key: text, span: script.span(title.valueRange), arguments: .none, isLabel: true))
                case "i18n.plural":
                    guard let map = call.argument(1), case .object(let object) = map.value, !object.hasSpread else { continue }
                    result.pluralMaps.append(
                        (
                            object.members.compactMap { member -> (name: String, span: SourceSpan)? in
                                member.name.map { ($0, script.span(member.keyRange)) }
                            },
                            script.span(map.range)
                        ))
                default:
                    continue
                }
            }
        }
        if let manifest = model.manifest {
            for (_, tab) in model.tabNodes {
                if let node = tab["text"], let text = node.stringValue, let span = model.manifestSpan(node.range) {
                    result.uses.append(TranslationKeyUse(key: text, span: span, arguments: .none, isLabel: true))
                }
            }
            if let node = manifest["window"]?["navigation_bar_title_text"], let text = node.stringValue,
                let span = model.manifestSpan(node.range)
            {
                result.uses.append(TranslationKeyUse(key: text, span: span, arguments: .none, isLabel: true))
            }
        }
        return result
    }
}
