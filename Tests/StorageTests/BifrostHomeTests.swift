import Foundation
import Storage
import Testing

@Suite("Bifrost home directory")
struct BifrostHomeTests {
    @Test("an explicit --home wins, then BIFROST_HOME, then XDG_DATA_HOME, then ~/.local/share")
    func resolutionOrder() {
        let env = ["BIFROST_HOME": "/env/home", "XDG_DATA_HOME": "/xdg", "HOME": "/users/me"]
        #expect(BifrostHome.resolve(explicit: "/explicit", environment: env).url.path == "/explicit")
        #expect(BifrostHome.resolve(explicit: nil, environment: env).url.path == "/env/home")
        #expect(BifrostHome.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/xdg"]).url.path == "/xdg/bifrost")
        #expect(BifrostHome.resolve(explicit: nil, environment: ["HOME": "/users/me"]).url.path == "/users/me/.local/share/bifrost")
        #expect(BifrostHome.resolve(explicit: "", environment: ["HOME": "/h"]).databaseURL.path == "/h/.local/share/bifrost/bifrost.sqlite")
    }
}
