/// How the iOS tab icon rules word what they found: causes listed once each with a count,
/// the first at the finding's place and the others as notes, and the ink figure when the
/// phone's icon differs visibly.
extension IOSTabIcon {
    /// "; on the phone 35% of its ink differs from the SVG (20% lost, 15% added)", when above
    /// `visibleDifference`; empty otherwise.
    var inkClause: String {
        guard let ink, ink.differing > Self.visibleDifference else { return "" }
        return "; on the phone \(NumberText.percent(ink.differing)) of its ink differs from the SVG (\(NumberText.percent(ink.lost)) lost, \(NumberText.percent(ink.added)) added)"
    }

    /// The causes as one list, each phrase once with how many places have it.
    static func summary(of causes: [Cause]) -> String {
        var phrases: [String] = []
        var counts: [String: Int] = [:]
        for cause in causes {
            if counts[cause.phrase] == nil { phrases.append(cause.phrase) }
            counts[cause.phrase, default: 0] += 1
        }
        return phrases.map { phrase in counts[phrase]! > 1 ? "\(phrase) (\(counts[phrase]!) places)" : phrase }.joined(separator: "; ")
    }

    /// A finding at the first cause, with a note at each other place.
    static func finding(_ message: String, causes: [Cause], in icon: IconModel) -> Finding {
        let notes = causes.dropFirst().map { DiagnosticNote(message: $0.phrase, span: icon.span($0.range)) }
        return Finding(message, at: causes.first.map { icon.span($0.range) } ?? icon.rootSpan, notes: notes)
    }
}
