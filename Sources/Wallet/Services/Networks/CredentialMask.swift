/// How a URL that may carry credentials is shown, in every front end.
public enum CredentialMask {
    /// `text` with the password of its user info masked (`http://user:***@host/…`), so an RPC URL
    /// can be shown on a page or a terminal without giving away its credentials.
    public static func url(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return text }
        return String(text[..<schemeEnd.upperBound]) + authority[..<colon] + ":***" + text[at...]
    }
}
