import Foundation
import CLibRSVG

/// Renders an SVG with librsvg into a cairo image and measures what came out. The only file
/// that talks to librsvg and cairo.
///
/// Rendering happens from memory with no base URL, so librsvg reads no file and opens no
/// connection (only `data:` URIs load). It cannot be cancelled, so callers bound the input
/// first (`IconAnalysis.renderBudget`).
public enum IconRenderer {
    public struct Measurement: Sendable, Equatable {
        /// Pixels with visible ink inside the size × size canvas.
        public var inkInside: Int
        /// Pixels with visible ink outside it (librsvg does not clip the root to its viewport).
        public var inkOutside: Int
        /// The alpha-weighted mean colour of the ink inside, 0...1 per channel.
        public var meanColor: (red: Double, green: Double, blue: Double)
        /// A digest of the canvas pixels, to tell two renderings apart within one run.
        public var pixelDigest: Int
        /// Ink pixels whose colour stands out from a light tab bar, and from a dark one.
        public var visibleOnLight: Int
        public var visibleOnDark: Int
        /// The alpha of each pixel inside the canvas, row by row: the shape a template image
        /// (a tab bar icon, tinted whole) shows whatever the colours.
        public var alpha: [UInt8]

        public static func == (lhs: Measurement, rhs: Measurement) -> Bool {
            lhs.inkInside == rhs.inkInside && lhs.inkOutside == rhs.inkOutside && lhs.pixelDigest == rhs.pixelDigest
        }
    }

    /// iOS's default tab bar backgrounds: #f9f9f9 in light mode, #1c1c1e in dark mode.
    static let lightTabBarLuminance = relativeLuminance(red: 0xF9 / 255, green: 0xF9 / 255, blue: 0xF9 / 255)
    static let darkTabBarLuminance = relativeLuminance(red: 0x1C / 255, green: 0x1C / 255, blue: 0x1E / 255)
    /// Below this contrast ratio a colour is hard to tell from the bar behind it.
    static let minimumContrast = 1.5

    /// WCAG relative luminance of an sRGB colour, channels 0...1.
    static func relativeLuminance(red: Double, green: Double, blue: Double) -> Double {
        func linear(_ channel: Double) -> Double {
            let value = min(1, max(0, channel))
            return value <= 0.03928 ? value / 12.92 : _pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    static func contrast(_ first: Double, _ second: Double) -> Double {
        (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    private static func _pow(_ base: Double, _ exponent: Double) -> Double { Foundation.pow(base, exponent) }

    /// An alpha at or above this counts as ink: anti-aliasing fringes alone do not.
    static let inkAlphaThreshold: UInt8 = 32

    /// Renders at `size` pixels with `currentColor` set to `color` (a CSS colour); `nil` when
    /// librsvg refuses the file.
    public static func measure(_ bytes: [UInt8], size: Int, currentColor color: String) -> Measurement? {
        var error: UnsafeMutablePointer<GError>?
        let handle = bytes.withUnsafeBufferPointer { buffer in
            rsvg_handle_new_from_data(buffer.baseAddress, buffer.count, &error)
        }
        if let error { g_error_free(error) }
        guard let handle else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        let stylesheet = Array("svg { color: \(color); }".utf8)
        var styleError: UnsafeMutablePointer<GError>?
        _ = stylesheet.withUnsafeBufferPointer { rsvg_handle_set_stylesheet(handle, $0.baseAddress, $0.count, &styleError) }
        if let styleError { g_error_free(styleError) }

        // A canvas three times the size with the icon's viewport in the middle: ink in the
        // border is ink outside the icon's own canvas.
        let canvas = Int32(size * 3)
        guard let surface = cairo_image_surface_create(Int32(MACTL_CAIRO_FORMAT_ARGB32), canvas, canvas) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return nil }
        var viewport = RsvgRectangle(x: Double(size), y: Double(size), width: Double(size), height: Double(size))
        var renderError: UnsafeMutablePointer<GError>?
        let rendered = rsvg_handle_render_document(handle, context, &viewport, &renderError)
        if let renderError { g_error_free(renderError) }
        cairo_destroy(context)
        guard rendered != 0 else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))

        var measurement = Measurement(
            inkInside: 0, inkOutside: 0, meanColor: (0, 0, 0), pixelDigest: 0, visibleOnLight: 0, visibleOnDark: 0,
            alpha: [UInt8](repeating: 0, count: size * size))
        var red = 0.0, green = 0.0, blue = 0.0, alphaSum = 0.0
        var digest = Hasher()
        for y in 0..<Int(canvas) {
            let row = data + y * stride
            for x in 0..<Int(canvas) {
                // ARGB32 is native-endian: on little-endian machines the bytes are B, G, R, A.
                let pixel = row + x * 4
                let alpha = pixel[3]
                let inside = x >= size && x < 2 * size && y >= size && y < 2 * size
                if inside {
                    digest.combine(pixel[0]); digest.combine(pixel[1]); digest.combine(pixel[2]); digest.combine(alpha)
                    measurement.alpha[(y - size) * size + (x - size)] = alpha
                }
                guard alpha >= inkAlphaThreshold else { continue }
                if inside {
                    measurement.inkInside += 1
                    // Premultiplied: the colour channels already carry the alpha.
                    blue += Double(pixel[0]) / 255
                    green += Double(pixel[1]) / 255
                    red += Double(pixel[2]) / 255
                    alphaSum += Double(alpha) / 255
                    let opacity = Double(alpha) / 255
                    let luminance = relativeLuminance(
                        red: Double(pixel[2]) / 255 / opacity, green: Double(pixel[1]) / 255 / opacity,
                        blue: Double(pixel[0]) / 255 / opacity)
                    if contrast(luminance, lightTabBarLuminance) >= minimumContrast { measurement.visibleOnLight += 1 }
                    if contrast(luminance, darkTabBarLuminance) >= minimumContrast { measurement.visibleOnDark += 1 }
                } else {
                    measurement.inkOutside += 1
                }
            }
        }
        if alphaSum > 0 { measurement.meanColor = (red / alphaSum, green / alphaSum, blue / alphaSum) }
        measurement.pixelDigest = digest.finalize()
        return measurement
    }

    /// A PNG of an alpha mask: black ink on white, as a reviewer looks at a tab icon's shape.
    /// Deterministic: cairo writes the same bytes for the same pixels.
    public static func png(alpha: [UInt8], size: Int) -> [UInt8] {
        png(alpha: alpha, size: size, transparent: false)
    }

    /// With an `ink` colour, that colour on nothing: the mask tinted as iOS tints a tab bar's
    /// template images (mactl serve's tab bar).
    public static func png(alpha: [UInt8], size: Int, ink: (red: UInt8, green: UInt8, blue: UInt8)) -> [UInt8] {
        png(alpha: alpha, size: size, transparent: true, ink: ink)
    }

    private static func png(
        alpha: [UInt8], size: Int, transparent: Bool, ink colour: (red: UInt8, green: UInt8, blue: UInt8) = (0, 0, 0)
    ) -> [UInt8] {
        guard size > 0, alpha.count == size * size,
            let surface = cairo_image_surface_create(Int32(MACTL_CAIRO_FORMAT_ARGB32), Int32(size), Int32(size))
        else { return [] }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<size {
            for x in 0..<size {
                let ink = alpha[y * size + x]
                let pixel = data + y * stride + x * 4
                // Premultiplied ARGB (bytes B, G, R, A): the colour at alpha `ink`, or black's
                // shade over white.
                if transparent {
                    func premultiplied(_ channel: UInt8) -> UInt8 { UInt8((Int(channel) * Int(ink) + 127) / 255) }
                    pixel[0] = premultiplied(colour.blue); pixel[1] = premultiplied(colour.green); pixel[2] = premultiplied(colour.red);
                    pixel[3] = ink
                } else {
                    let shade = 255 - ink
                    pixel[0] = shade; pixel[1] = shade; pixel[2] = shade; pixel[3] = 255
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return Int32(MACTL_CAIRO_STATUS_WRITE_ERROR) }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(
                    contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return Int32(MACTL_CAIRO_STATUS_SUCCESS)
            }, Unmanaged.passUnretained(sink).toOpaque())
        return status == Int32(MACTL_CAIRO_STATUS_SUCCESS) ? sink.bytes : []
    }
}
