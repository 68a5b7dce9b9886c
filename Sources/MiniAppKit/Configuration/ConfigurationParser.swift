import Yams

/// Reads `.mactl.yml` (libyaml through Yams) into a `Configuration`, reporting every problem
/// at its position instead of failing: a typo in the config must not stop the lint.
public enum ConfigurationParser {
    public static let fileName = ".mactl.yml"

    /// Top-level keys this version understands.
    public static let knownKeys = ["rules", "runtime", "i18n", "include", "exclude", "budgets", "overrides", "screenshots"]

    /// Keys of the `screenshots:` section.
    public static let knownScreenshotKeys = ["queries"]

    /// Keys of the `budgets:` section.
    public static let knownBudgetKeys = ["package", "image"]

    /// Keys of the `i18n:` section.
    public static let knownI18nKeys = ["keep_unused_keys", "default_locale"]

    /// Values a rule's severity may take. YAML 1.1 reads a bare `off` as the boolean false,
    /// so `false` means off too.
    static let severityValues = ["error", "warning", "note", "off"]

    public static func parse(_ file: SourceFile, knownRuleIDs: [String]) -> Configuration {
        var configuration = Configuration(file: file)
        let text = String(decoding: file.bytes, as: UTF8.self)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            configuration.issues.append(syntaxIssue(error, file: file))
            return configuration
        }
        guard let root else { return configuration }  // an empty file configures nothing
        guard let mapping = root.mapping else {
            configuration.issues.append(
                ConfigurationIssue(
                    kind: .invalidValue, message: "the configuration must be a mapping of settings, such as 'rules:'",
                    span: span(of: root, in: file)))
            return configuration
        }
        for (keyNode, valueNode) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "rules":
                parseRules(valueNode, into: &configuration, file: file, knownRuleIDs: knownRuleIDs)
            case "i18n":
                parseI18n(valueNode, into: &configuration, file: file)
            case "include", "exclude":
                if let sequence = valueNode.sequence, sequence.allSatisfy({ $0.scalar != nil }) {
                    let patterns = sequence.compactMap(\.string)
                    if key == "include" { configuration.includePatterns = patterns } else { configuration.excludePatterns = patterns }
                } else {
                    configuration.issues.append(
                        ConfigurationIssue(
                            kind: .invalidValue, message: "'\(key)' must be a list of globs such as 'assets/fonts/**'",
                            span: span(of: valueNode, in: file)))
                }
            case "runtime":
                parseRuntime(valueNode, into: &configuration, file: file)
            case "overrides":
                parseOverrides(valueNode, into: &configuration, file: file, knownRuleIDs: knownRuleIDs)
            case "budgets":
                parseBudgets(valueNode, into: &configuration, file: file)
            case "screenshots":
                parseScreenshots(valueNode, into: &configuration, file: file)
            default:
                configuration.issues.append(
                    unknownName(
                        kind: .unknownKey, noun: "setting", name: key, node: keyNode, candidates: knownKeys, file: file))
            }
        }
        return configuration
    }

    private static func parseOverrides(_ node: Node, into configuration: inout Configuration, file: SourceFile, knownRuleIDs: [String]) {
        guard let sequence = node.sequence else {
            configuration.issues.append(
                ConfigurationIssue(
                    kind: .invalidValue, message: "'overrides' must be a list of entries with 'paths' and 'rules'",
                    span: span(of: node, in: file)))
            return
        }
        for entry in sequence {
            guard let mapping = entry.mapping, let paths = mapping["paths"]?.sequence?.compactMap(\.string), !paths.isEmpty,
                let rules = mapping["rules"]
            else {
                configuration.issues.append(
                    ConfigurationIssue(
                        kind: .invalidValue, message: "an override needs 'paths' (a list of globs) and 'rules' (rule ids to severities)",
                        span: span(of: entry, in: file)))
                continue
            }
            for (keyNode, _) in mapping where keyNode.string != "paths" && keyNode.string != "rules" {
                configuration.issues.append(
                    unknownName(
                        kind: .unknownKey, noun: "setting", name: keyNode.string ?? "", node: keyNode, candidates: ["paths", "rules"],
                        file: file))
            }
            var scoped = Configuration(file: file)
            parseRules(rules, into: &scoped, file: file, knownRuleIDs: knownRuleIDs)
            configuration.issues += scoped.issues
            configuration.overrides.append(PathOverride(paths: paths, severities: scoped.severities))
        }
    }

    private static func parseRules(_ node: Node, into configuration: inout Configuration, file: SourceFile, knownRuleIDs: [String]) {
        if case .scalar(let scalar) = node, scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null" { return }
        guard let mapping = node.mapping else {
            configuration.issues.append(
                ConfigurationIssue(
                    kind: .invalidValue, message: "'rules' must be a mapping of rule ids to severities",
                    span: span(of: node, in: file)))
            return
        }
        let known = Set(knownRuleIDs)
        for (keyNode, valueNode) in mapping {
            let id = keyNode.string ?? ""
            guard known.contains(id) else {
                configuration.issues.append(
                    unknownName(
                        kind: .unknownRule, noun: "rule", name: id, node: keyNode, candidates: knownRuleIDs, file: file))
                continue
            }
            guard case .scalar(let scalar) = valueNode else {
                configuration.issues.append(
                    invalidSeverity(described: "a \(valueNode.mapping != nil ? "mapping" : "list")", node: valueNode, id: id, file: file))
                continue
            }
            switch scalar.string {
            case "error": configuration.severities[id] = .some(.error)
            case "warning": configuration.severities[id] = .some(.warning)
            case "note": configuration.severities[id] = .some(.note)
            case "off", "false": configuration.severities[id] = .some(nil)
            default:
                configuration.issues.append(invalidSeverity(described: "'\(scalar.string)'", node: valueNode, id: id, file: file))
            }
        }
    }

    private static func parseI18n(_ node: Node, into configuration: inout Configuration, file: SourceFile) {
        guard let mapping = node.mapping else {
            configuration.issues.append(
                ConfigurationIssue(
                    kind: .invalidValue, message: "'i18n' must be a mapping of settings, such as 'keep_unused_keys:'",
                    span: span(of: node, in: file)))
            return
        }
        for (keyNode, valueNode) in mapping {
            let key = keyNode.string ?? ""
            if key == "default_locale" {
                if let tag = valueNode.string, LanguageTag.isWellFormed(tag) {
                    configuration.defaultLocale = tag
                } else {
                    configuration.issues.append(
                        ConfigurationIssue(
                            kind: .invalidValue, message: "'default_locale' must be a BCP 47 language tag such as 'en' or 'zh-Hans'",
                            span: span(of: valueNode, in: file)))
                }
                continue
            }
            guard key == "keep_unused_keys" else {
                configuration.issues.append(
                    unknownName(
                        kind: .unknownKey, noun: "setting", name: key, node: keyNode, candidates: knownI18nKeys, file: file))
                continue
            }
            if let sequence = valueNode.sequence, sequence.allSatisfy({ $0.scalar != nil }) {
                configuration.keepUnusedKeys = .patterns(sequence.compactMap(\.string))
            } else if case .scalar(let scalar) = valueNode, ["true", "false", "yes", "no", "on", "off"].contains(scalar.string) {
                configuration.keepUnusedKeys = ["true", "yes", "on"].contains(scalar.string) ? .all : .none
            } else {
                configuration.issues.append(
                    ConfigurationIssue(
                        kind: .invalidValue,
                        message: "'keep_unused_keys' must be true, false or a list of keys and prefixes such as 'errors.*'",
                        span: span(of: valueNode, in: file)))
            }
        }
    }

    private static func parseBudgets(_ node: Node, into configuration: inout Configuration, file: SourceFile) {
        guard let mapping = node.mapping else {
            configuration.issues.append(
                ConfigurationIssue(
                    kind: .invalidValue, message: "'budgets' must be a mapping such as 'package: 2MB'", span: span(of: node, in: file)))
            return
        }
        for (keyNode, valueNode) in mapping {
            let key = keyNode.string ?? ""
            guard knownBudgetKeys.contains(key) else {
                configuration.issues.append(
                    unknownName(kind: .unknownKey, noun: "budget", name: key, node: keyNode, candidates: knownBudgetKeys, file: file))
                continue
            }
            guard let bytes = valueNode.string.flatMap(byteCount) else {
                configuration.issues.append(
                    ConfigurationIssue(
                        kind: .invalidValue, message: "budget '\(key)' must be a size such as '2MB', '200KB' or '150000'",
                        span: span(of: valueNode, in: file)))
                continue
            }
            if key == "package" { configuration.budgets.packageBytes = bytes } else { configuration.budgets.imageBytes = bytes }
        }
    }

    /// `screenshots: { queries: { pages/recipe/recipe: "id=3" } }`: a page's query as navigateTo
    /// passes it, so a page that shows something only for a query is not shot empty. Whether a
    /// route is a page is for the screenshots to say: the configuration does not read the manifest.
    private static func parseScreenshots(_ node: Node, into configuration: inout Configuration, file: SourceFile) {
        guard let mapping = node.mapping else {
            configuration.issues.append(
                ConfigurationIssue(
                    kind: .invalidValue, message: "'screenshots' must be a mapping such as 'queries: { pages/recipe/recipe: \"id=3\" }'",
                    span: span(of: node, in: file)))
            return
        }
        for (keyNode, valueNode) in mapping {
            let key = keyNode.string ?? ""
            guard knownScreenshotKeys.contains(key) else {
                configuration.issues.append(
                    unknownName(
                        kind: .unknownKey, noun: "screenshots setting", name: key, node: keyNode, candidates: knownScreenshotKeys,
                        file: file))
                continue
            }
            guard let queries = valueNode.mapping else {
                configuration.issues.append(
                    ConfigurationIssue(
                        kind: .invalidValue,
                        message: "'screenshots.queries' must map page routes to queries, such as 'pages/recipe/recipe: \"id=3\"'",
                        span: span(of: valueNode, in: file)))
                continue
            }
            for (routeNode, queryNode) in queries {
                guard case .scalar(let route) = routeNode, case .scalar(let query) = queryNode else {
                    configuration.issues.append(
                        ConfigurationIssue(
                            kind: .invalidValue,
                            message:
                                "each of 'screenshots.queries' must be a page route and a query string, such as 'pages/recipe/recipe: \"id=3\"'",
                            span: span(of: queryNode.scalar == nil ? queryNode : routeNode, in: file)))
                    continue
                }
                configuration.screenshotQueries.append(
                    ScreenshotQuery(route: route.string, query: query.string, span: span(of: routeNode, in: file)))
            }
        }
    }

    /// `2MB`, `200 KB`, `150000` → bytes (KB and MB are 1024-based, as platforms count).
    static func byteCount(_ text: String) -> Int? {
        let trimmed = text.trimmingWhitespace.uppercased()
        let units: [(String, Int)] = [("MB", 1024 * 1024), ("KB", 1024), ("B", 1)]
        for (suffix, multiplier) in units where trimmed.hasSuffix(suffix) {
            guard let number = Double(String(trimmed.dropLast(suffix.count)).trimmingWhitespace) else { return nil }
            // `Double` reads `1e300`, `inf` and `nan` too, and `Int(_:)` traps on a value it
            // cannot hold (the config fuzzer's crash); such a size is no budget, so refuse it.
            let bytes = number * Double(multiplier)
            return bytes >= 0 && bytes < 0x1p63 ? Int(bytes) : nil
        }
        return Int(trimmed).flatMap { $0 >= 0 ? $0 : nil }
    }

    /// `runtime: skip`: one of the known profiles' ids.
    private static func parseRuntime(_ node: Node, into configuration: inout Configuration, file: SourceFile) {
        let ids = RuntimeProfile.all.map(\.id)
        guard case .scalar(let scalar) = node else {
            configuration.issues.append(
                ConfigurationIssue(
                    kind: .invalidValue, message: "'runtime' must be one of \(ids.map { "'\($0)'" }.joined(separator: ", "))",
                    span: span(of: node, in: file)))
            return
        }
        if let profile = RuntimeProfile.named(scalar.string) {
            configuration.runtime = profile
        } else {
            var issue = unknownName(kind: .invalidValue, noun: "runtime", name: scalar.string, node: node, candidates: ids, file: file)
            if issue.fixIt == nil {
                let quoted = ids.map { "'\($0)'" }
                issue.message +=
                    "; expected " + (quoted.count > 1 ? quoted.dropLast().joined(separator: ", ") + " or " + quoted.last! : quoted.joined())
            }
            configuration.issues.append(issue)
        }
    }

    private static func invalidSeverity(described: String, node: Node, id: String, file: SourceFile) -> ConfigurationIssue {
        ConfigurationIssue(
            kind: .invalidValue,
            message: "invalid severity \(described) for rule '\(id)'; expected 'error', 'warning', 'note' or 'off'",
            span: span(of: node, in: file))
    }

    private static func unknownName(
        kind: ConfigurationIssue.Kind, noun: String, name: String, node: Node, candidates: [String], file: SourceFile
    ) -> ConfigurationIssue {
        let location = span(of: node, in: file)
        var message = "unknown \(noun) '\(name)'"
        var fixIt: FixIt?
        if let suggestion = NameSuggester.closest(to: name, in: candidates) {
            message += "; did you mean '\(suggestion)'?"
            let end = file.position(at: location.start.offset + name.utf8.count)
            fixIt = FixIt(
                message: "replace with '\(suggestion)'", span: SourceSpan(path: file.path, start: location.start, end: end),
                replacement: suggestion)
        }
        return ConfigurationIssue(kind: kind, message: message, span: location, fixIt: fixIt)
    }

    private static func syntaxIssue(_ error: Error, file: SourceFile) -> ConfigurationIssue {
        var message = "the file is not valid YAML"
        var mark: Mark?
        if let yamlError = error as? YamlError {
            switch yamlError {
            case .scanner(let context, let problem, let problemMark, _),
                .parser(let context, let problem, let problemMark, _),
                .composer(let context, let problem, let problemMark, _):
                message = "invalid YAML: \(problem)" + (context.map { " \($0.text)" } ?? "")
                mark = problemMark
            case .duplicatedKeysInMapping(let duplicates, let context):
                message = "duplicate key '\(duplicates.sorted().first ?? "")' in a mapping"
                mark = context.mark
            case .reader(let problem, let offset, _, _):
                message = "invalid YAML: \(problem)"
                if let offset { return ConfigurationIssue(kind: .syntax, message: message, span: file.span(offset..<offset)) }
            default:
                break
            }
        }
        let start = mark.map { Self.position(of: $0, in: file) } ?? file.position(at: 0)
        return ConfigurationIssue(kind: .syntax, message: message, span: SourceSpan(path: file.path, start: start, end: start))
    }

    static func span(of node: Node, in file: SourceFile) -> SourceSpan {
        let start = node.mark.map { position(of: $0, in: file) } ?? file.position(at: 0)
        // A plain scalar spans its text; other nodes are pointed at, not underlined.
        if case .scalar(let scalar) = node, scalar.style == .plain, !scalar.string.contains("\n") {
            return SourceSpan(path: file.path, start: start, end: file.position(at: start.offset + scalar.string.utf8.count))
        }
        return SourceSpan(path: file.path, start: start, end: start)
    }

    /// libyaml marks count lines and scalars from 1; turn one into a byte offset.
    static func position(of mark: Mark, in file: SourceFile) -> SourcePosition {
        guard mark.line >= 1, mark.line <= file.lineStarts.count else { return file.position(at: file.bytes.count) }
        var offset = file.lineStarts[mark.line - 1]
        var remaining = mark.column - 1
        while remaining > 0, offset < file.bytes.count, file.bytes[offset] != 0x0A {
            offset += 1
            while offset < file.bytes.count, file.bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            remaining -= 1
        }
        return file.position(at: offset)
    }
}
