/// The version reported by `mactl --version`, SARIF and build reports.
public enum MactlVersion {
    public static let current = "0.1.0"
}
