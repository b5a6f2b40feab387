import BifrostCLI
import Foundation

exit(await BifrostMain.run())
