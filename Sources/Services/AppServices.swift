import Foundation

/// The composition root: the live services for one Bifrost home. Front ends build one and pass
/// the pieces down; nothing else constructs databases or vaults.
public struct AppServices: Sendable {
    public let home: BifrostHome
    public let keys: KeyStore

    /// Opens the database and vault under `home`. `lightKDF` makes new keystore files cheap to
    /// unlock and is only for tests and demos.
    public static func open(home: BifrostHome, lightKDF: Bool = false) throws -> AppServices {
        let database = try AppDatabase.open(home: home)
        let vault = KeyVault(home: home, scrypt: lightKDF ? .light : .standard)
        return AppServices(home: home, keys: KeyStore(database: database, vault: vault))
    }
}
