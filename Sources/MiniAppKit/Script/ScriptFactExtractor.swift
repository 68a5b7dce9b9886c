/// Walks a script's tokens once and collects `ScriptFacts`.
struct ScriptFactExtractor {
    private let stream: BracketedTokens
    private let reader: ScriptLiteralReader
    private let declaredNames: Set<String>

    init(tokens: [JavaScriptToken]) {
        stream = BracketedTokens(tokens: tokens)
        reader = ScriptLiteralReader(stream: stream)
        declaredNames = DeclaredNameCollector(stream: stream).collect()
    }

    private static let memberAccess: Set<String> = [".", "?."]
    private static let beforeObjectKey: Set<String> = ["{", ","]

    func extract() -> ScriptFacts {
        var facts = ScriptFacts()
        let receiversOfSetData = thisAliases().union(["this"])
        let aliases = hostAliases()
        for index in 0..<stream.count {
            guard let token = stream[index], token.kind == .identifier else { continue }
            // `obj.skip`, `obj.document`: a property, not the global.
            if stream.isPunctuator(index - 1, in: Self.memberAccess) { continue }
            let name = token.text
            if ScriptFacts.hostNamespaces.contains(name), !declaredNames.contains(name), let call = hostAPICall(at: index) {
                facts.hostAPICalls.append(call)
            } else if let alias = aliases[name], let call = hostAPICall(at: index, through: alias) {
                facts.hostAPICalls.append(call)
            } else if receiversOfSetData.contains(name), let call = setDataCall(at: index) {
                facts.setDataCalls.append(call)
            } else if ScriptFacts.browserOnlyGlobals.contains(name), !declaredNames.contains(name), isReference(at: index) {
                facts.browserGlobalUses.append(globalUse(at: index))
            } else if ScriptFacts.otherPlatformGlobals.contains(name), !declaredNames.contains(name), isReference(at: index) {
                facts.platformGlobalUses.append(globalUse(at: index))
            } else if let function = RegistrationFunction(rawValue: name), stream.isPunctuator(index + 1, "(") {
                facts.registrationCalls.append(RegistrationCallSite(function: function, range: token.range))
            }
        }
        return facts
    }

    private func globalUse(at index: Int) -> BrowserGlobalUse {
        let isTypeofGuard = stream[index - 1]?.isIdentifier("typeof") ?? false
        return BrowserGlobalUse(name: stream[index]?.text ?? "", range: stream[index]?.range ?? 0..<0, isTypeofGuard: isTypeofGuard)
    }

    /// A name bound to the host object or one of its members (`const nav = skip.nav;`): its
    /// namespace and path, so `nav.navigateTo(…)` is checked as `skip.nav.navigateTo(…)`.
    struct HostAlias {
        var namespace: String
        var path: [String]
    }

    /// `const|let|var name = skip.a.b` ending there (not `skip.a.b(…)` or `skip.a.b.c`),
    /// with the namespace itself not redeclared; a name bound twice is left alone.
    private func hostAliases() -> [String: HostAlias] {
        var aliases: [String: HostAlias] = [:]
        var ambiguous: Set<String> = []
        for index in 0..<stream.count {
            guard let keyword = stream[index], ["const", "let", "var"].contains(keyword.text), keyword.kind == .identifier,
                let name = stream[index + 1], name.kind == .identifier, stream.isPunctuator(index + 2, "="),
                let namespace = stream[index + 3], namespace.kind == .identifier,
                ScriptFacts.hostNamespaces.contains(namespace.text), !declaredNames.contains(namespace.text)
            else { continue }
            var path: [String] = []
            var last = index + 3
            while stream.isPunctuator(last + 1, "."), stream.isIdentifier(last + 2), let member = stream[last + 2] {
                path.append(member.text)
                last += 2
            }
            if stream.isPunctuator(last + 1, in: ["(", "[", "?.", "."]) { continue }
            if aliases[name.text] != nil { ambiguous.insert(name.text) }
            aliases[name.text] = HostAlias(namespace: namespace.text, path: path)
        }
        for name in ambiguous { aliases[name] = nil }
        return aliases
    }

    /// `skip.a.b(…)`, `miniapp.a?.b(…)`, `skip.log?.(…)` starting at the namespace, or the
    /// same through an alias (`nav.navigateTo(…)`), named by what the alias stands for.
    private func hostAPICall(at index: Int, through alias: HostAlias? = nil) -> HostAPICall? {
        var path: [String] = alias?.path ?? []
        var last = index
        while stream.isPunctuator(last + 1, in: Self.memberAccess), stream.isIdentifier(last + 2), let member = stream[last + 2] {
            path.append(member.text)
            last += 2
        }
        var open = last + 1
        if stream.isPunctuator(open, "?."), stream.isPunctuator(open + 1, "(") { open += 1 }
        guard !path.isEmpty, stream.isPunctuator(open, "("), let namespace = stream[index], let end = stream[last] else { return nil }
        return HostAPICall(
            namespace: alias?.namespace ?? namespace.text, path: path, range: namespace.range.lowerBound..<end.range.upperBound,
            arguments: reader.arguments(open: open))
    }

    /// `this.setData(…)` starting at the receiver.
    private func setDataCall(at index: Int) -> SetDataCall? {
        guard stream.isPunctuator(index + 1, in: Self.memberAccess), stream[index + 2]?.isIdentifier("setData") == true,
            stream.isPunctuator(index + 3, "("), let receiver = stream[index], let method = stream[index + 2]
        else { return nil }
        return SetDataCall(
            receiver: receiver.text, range: receiver.range.lowerBound..<method.range.upperBound,
            patch: reader.arguments(open: index + 3).first)
    }

    /// Whether the name at `index` (not after a `.`) refers to a variable: not an object key
    /// (`{ window: 1 }`) and not the name of a method being defined (`{ alert() {} }`).
    private func isReference(at index: Int) -> Bool {
        if stream.isPunctuator(index + 1, ":"), stream.isPunctuator(index - 1, in: Self.beforeObjectKey) { return false }
        if stream.isPunctuator(index + 1, "("), let close = stream.partner(of: index + 1), stream.isPunctuator(close + 1, "{") {
            return false
        }
        return true
    }

    /// Names assigned `this` (`const that = this;`), which handlers use to call `setData`
    /// from callbacks.
    private func thisAliases() -> Set<String> {
        var aliases: Set<String> = []
        for index in 0..<stream.count where stream[index]?.isIdentifier("this") == true && stream.isPunctuator(index - 1, "=") {
            guard let alias = stream[index - 2], alias.kind == .identifier,
                !stream.isPunctuator(index + 1, in: [".", "?.", "[", "("])
            else { continue }
            aliases.insert(alias.text)
        }
        return aliases
    }
}
