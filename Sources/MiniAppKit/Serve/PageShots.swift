import Foundation

/// `mactl pack --screenshots`: every page × locale × colour scheme, as `mactl serve` shows it,
/// photographed in headless Chromium at a phone's size, with a contact sheet to look through.
/// The app runs in the logic-layer host, started afresh for each page, so a picture shows the
/// page as a person reaching it first sees it: a tab page by its tab, any other page pushed
/// from the launch page with the query `.mactl.yml` gives it (`screenshots: queries:`), else
/// an empty one.
public enum PageShots {
    public struct Shot: Sendable, Equatable {
        public var page: String
        public var locale: String
        public var scheme: String
        /// The PNG's name in the screenshots folder.
        public var file: String
    }

    /// What was taken: the PNGs and `index.html` in `folder`.
    public struct Taken: Sendable {
        public var folder: URL
        public var shots: [Shot]
        public var appName: String
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// An iPhone 14's screen in CSS pixels, drawn at twice the density.
    public static let width = 390
    public static let height = 844
    public static let scale = 2.0
    public static let schemes = ["light", "dark"]
    public static let contactSheetName = "index.html"

    /// Where the pictures are: `index` of `total` is about to be taken.
    public struct Progress: Sendable, Equatable {
        public var index: Int
        public var total: Int
        public var page: String
        public var locale: String
        public var scheme: String
    }

    /// Photographs the project at `root` into `folder` (created; its old contents replaced).
    /// `alpine` is Alpine.js's standard build; `chromium` the browser to run. Each page opens
    /// with its query from `queries` (`Configuration.screenshotQueries`); a route there that is
    /// no page of the manifest fails before any picture, at its place in the file (its path
    /// after `pathPrefix`, as the lint shows paths). `progress` hears of each picture before it
    /// is taken.
    public static func take(
        root: URL, into folder: URL, alpine: [UInt8], chromium: String, queries: [ScreenshotQuery] = [], pathPrefix: String = "",
        progress: (@Sendable (Progress) -> Void)? = nil
    ) async throws(Failure) -> Taken {
        let session = PreviewSession(root: root, liveNetwork: false)
        if let failure = session.loadFailure { throw Failure(description: "cannot preview the project: \(failure)") }
        // Asked of the app at its launch page, where each picture starts.
        for query in queries {
            if let refusal = session.refusal(route: query.route, query: query.query) {
                let place = "\(pathPrefix)\(query.span.path):\(query.span.start.line):\(query.span.start.column)"
                throw Failure(description: "\(place): screenshots.queries: \(refusal)")
            }
        }
        let server = PreviewServer(session: session, alpine: alpine)
        do {
            try await server.start(port: 0, runsTimers: false)
        } catch {
            throw Failure(description: "cannot start the preview for the screenshots: \(error.description)")
        }
        // Chromium is driven with blocking calls: on a thread of their own, they leave the
        // concurrency pool, which may be one thread wide, to the server that answers Chromium.
        let taken: Result<Taken, Failure> = await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: Result { () throws(Failure) -> Taken in
                        try photograph(session, at: server.url, into: folder, chromium: chromium, queries: queries, progress: progress)
                    })
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        await server.stop()
        return try taken.get()
    }

    private static func photograph(
        _ session: PreviewSession, at url: String, into folder: URL, chromium: String, queries: [ScreenshotQuery],
        progress: (@Sendable (Progress) -> Void)?
    ) throws(Failure) -> Taken {
        let browser: HeadlessChromium
        do {
            browser = try HeadlessChromium(executable: chromium, width: width, height: height, scale: scale)
        } catch {
            throw Failure(description: "cannot start Chromium for the screenshots: \(error)")
        }
        defer { browser.quit() }
        do {
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot create the folder '\(folder.path)': \(FileProblem.reason(for: error, writing: true))")
        }
        let plan = session.screens()
        let names = fileNames(for: plan.pages)
        var shots: [Shot] = []
        var visit = 0
        let total = plan.locales.count * plan.pages.count * schemes.count
        for locale in plan.locales {
            for page in plan.pages {
                _ = session.restart(locale: locale)
                // The last one given wins, as a YAML mapping's repeated key would read.
                _ = session.call("open", [page, queries.last { $0.route == page }?.query ?? ""])
                for scheme in schemes {
                    visit += 1
                    progress?(Progress(index: visit, total: total, page: page, locale: locale, scheme: scheme))
                    let file = "\(names[page] ?? page).\(locale).\(scheme).png"
                    do {
                        try browser.emulateColorScheme(scheme)
                        // The visit number tells this load's shell from the one before.
                        try browser.open(url + "?shot=1&scheme=\(scheme)&visit=\(visit)")
                        try browser.waitUntil(
                            "location.search.endsWith('visit=\(visit)') && !!window.mactlShell && window.mactlShell.ready()", seconds: 15)
                        try browser.waitForFrames()
                        try FileProblem.writeWhole([UInt8](browser.screenshot()), to: folder.appendingPathComponent(file))
                    } catch {
                        throw Failure(description: "cannot photograph \(page) (\(locale), \(scheme)): \(error)")
                    }
                    shots.append(Shot(page: page, locale: locale, scheme: scheme, file: file))
                }
            }
        }
        let taken = Taken(folder: folder, shots: shots, appName: plan.appName)
        do throws(FileProblem.WriteFailure) {
            try FileProblem.writeWhole(Array(contactSheet(taken).utf8), to: folder.appendingPathComponent(contactSheetName))
        } catch {
            throw Failure(description: error.message)
        }
        return taken
    }

    /// Short, distinct names: `pages/home/home` → `home`, `pages/shop/list` → `shop-list`.
    static func fileNames(for pages: [String]) -> [String: String] {
        var names: [String: String] = [:]
        for page in pages {
            var parts = page.split(separator: "/").map(String.init)
            if parts.first == "pages", parts.count > 1 { parts.removeFirst() }
            if parts.count > 1, parts[parts.count - 1] == parts[parts.count - 2] { parts.removeLast() }
            names[page] = parts.joined(separator: "-")
        }
        // Two pages with one short name keep their whole routes.
        let counts = Dictionary(grouping: names.values, by: { $0 }).mapValues(\.count)
        for (page, name) in names where counts[name, default: 0] > 1 {
            names[page] = page.replacingOccurrences(of: "/", with: "-")
        }
        return names
    }

    /// A page of the pictures: one row per page, one column per locale and scheme.
    public static func contactSheet(_ taken: Taken) -> String {
        let columns = taken.shots.reduce(into: [String]()) { columns, shot in
            let column = shot.locale + " · " + shot.scheme
            if !columns.contains(column) { columns.append(column) }
        }
        let pages = taken.shots.reduce(into: [String]()) { pages, shot in if !pages.contains(shot.page) { pages.append(shot.page) } }
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(XMLText.escaped(taken.appName)): screenshots</title>
            <style>
              body { font: 14px system-ui, sans-serif; margin: 24px; }
              table { border-collapse: collapse; }
              th, td { padding: 8px; vertical-align: top; text-align: left; }
              th { font-weight: 600; white-space: nowrap; }
              img { width: \(width / 2)px; border: 1px solid #ccc; border-radius: 8px; }
            </style>
            </head>
            <body>
            <h1>\(XMLText.escaped(taken.appName))</h1>
            <p>Each page as mactl serve shows it at \(width)×\(height), in each locale and colour scheme.</p>
            <table>
            <tr><th>page</th>
            """
        html += columns.map { "<th>\(XMLText.escaped($0))</th>" }.joined() + "</tr>\n"
        for page in pages {
            html += "<tr><th>\(XMLText.escaped(page))</th>"
            for column in columns {
                let shot = taken.shots.first { $0.page == page && $0.locale + " · " + $0.scheme == column }
                html +=
                    shot.map {
                        "<td><a href=\"\(XMLText.escaped($0.file))\"><img src=\"\(XMLText.escaped($0.file))\" alt=\"\(XMLText.escaped(page)), \(XMLText.escaped(column))\"></a></td>"
                    } ?? "<td></td>"
            }
            html += "</tr>\n"
        }
        return html + "</table>\n</body>\n</html>\n"
    }

    /// The report's `screenshots` section: where they are and which is which.
    public static func reportValue(_ taken: Taken, folder: String) -> ReportValue {
        .map([
            ("folder", .string(folder)),
            ("contact_sheet", .string(folder + "/" + contactSheetName)),
            ("viewport", .string("\(width)x\(height)@\(Int(scale))x")),
            (
                "shots",
                .list(
                    taken.shots.map { shot in
                        .map([
                            ("page", .string(shot.page)), ("locale", .string(shot.locale)), ("scheme", .string(shot.scheme)),
                            ("file", .string(shot.file)),
                        ])
                    })
            ),
        ])
    }
}
