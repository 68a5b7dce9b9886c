extension IconModel {
    /// A fix found in the icon, as a diagnostic's fix-it.
    func fixIt(_ fix: IOSTabIcon.Fix) -> FixIt {
        FixIt(message: fix.message, span: span(fix.range), replacement: fix.replacement)
    }
}

/// How the iOS tab icon rules word what they found: causes listed once each with a count,
/// the first at the finding's place and the others as notes, and the ink figure when the
/// phone's icon differs visibly.
extension IOSTabIcon {
    /// "; on the phone 35% of the icon's ink differs (20% of the SVG's is missing, 15% of the
    /// phone's is extra)", when above `visibleDifference`; empty otherwise.
    var inkClause: String {
        guard let ink, ink.differing > Self.visibleDifference else { return "" }
        return "; on the phone \(Self.inkFigures(ink))"
    }

    /// An error when the phone's icon is not the one drawn (`unrecognizableDifference`), else
    /// the rule's own severity.
    var severity: Severity? {
        guard let ink, ink.differing >= Self.unrecognizableDifference else { return nil }
        return .error
    }

    static func inkFigures(_ ink: InkComparison) -> String {
        "\(NumberText.percent(ink.differing)) of the icon's ink differs (\(NumberText.percent(ink.lost)) of the SVG's is missing, \(NumberText.percent(ink.added)) of the phone's is extra)"
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

    /// A finding at the first cause, with a note at each other place and the first cause's fix.
    static func finding(_ message: String, causes: [Cause], in icon: IconModel) -> Finding {
        let notes = causes.dropFirst().map { DiagnosticNote(message: $0.phrase, span: icon.span($0.range)) }
        let fixIt = causes.lazy.compactMap(\.fix).first.map(icon.fixIt)
        return Finding(
            message, at: causes.first.map { icon.span($0.range) } ?? icon.rootSpan, notes: notes, fixIt: fixIt,
            defaultSeverity: icon.onIOS?.severity)
    }

    /// Causes grouped by site (one path's arcs, one shape), in the order of their first place.
    static func bySite(_ causes: [Cause]) -> [[Cause]] {
        var groups: [[Cause]] = []
        var index: [Int: Int] = [:]
        for cause in causes {
            if let position = index[cause.site] {
                groups[position].append(cause)
            } else {
                index[cause.site] = groups.count
                groups.append([cause])
            }
        }
        return groups
    }
}
