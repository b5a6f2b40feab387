import BifrostCLI

await BifrostMain.run()
