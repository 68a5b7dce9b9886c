/// The bytes `mactl pack` ships for one file, and which size-reducing transform made them.
public struct TransformResult: Sendable, Hashable {
    public var bytes: [UInt8]
    /// The transform's name for the build report (`json-compact`, `html-minify`, `css-minify`,
    /// `svg-clean`); nil when the file ships exactly as written.
    public var transform: String?

    public init(bytes: [UInt8], transform: String?) {
        self.bytes = bytes
        self.transform = transform
    }
}
