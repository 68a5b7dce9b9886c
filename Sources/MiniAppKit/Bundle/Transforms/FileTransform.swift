/// One safe, size-reducing rewrite of one kind of file.
///
/// A transform returns nil whenever it is not certain the result means the same as the input
/// (a parse issue, an unexpected construct, a failed self-check); the file then ships as written.
protocol FileTransform {
    /// The name the build report shows.
    static var name: String { get }
    /// Called only with valid UTF-8.
    static func transform(_ file: SourceFile) -> [UInt8]?
}
