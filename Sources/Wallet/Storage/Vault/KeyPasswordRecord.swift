import GRDB

/// The `keyPassword` row: a key's `KeyPasswordForm`, once known. It goes with its account row.
struct KeyPasswordRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "keyPassword"

    var name: String
    /// NULL for `.asRead`, else the line ending that follows the password as read now.
    var ending: String?

    init(name: String, form: KeyPasswordForm) {
        self.name = name
        switch form {
        case .asRead: ending = nil
        case .withEnding(let text): ending = text
        }
    }

    var form: KeyPasswordForm { ending.map(KeyPasswordForm.withEnding) ?? .asRead }
}
