extension ProjectModel {
    /// Every evaluated script, `app.js` first, then the pages' in manifest order.
    var scripts: [ScriptModel] {
        (appScript.map { [$0] } ?? []) + pages.compactMap(\.script)
    }
}

extension ScriptModel {
    func span(_ range: Range<Int>) -> SourceSpan { file.span(range) }
}
