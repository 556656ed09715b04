/// Facts about the tool itself.
public enum AuthLint {
    public static let name = "authlint"
    public static let version = "0.1.0"
    public static let informationURI = "https://github.com/authlint/authlint"
}
