/// Entry point placeholder replaced below.
public enum BifrostMain {
    public static func run() async {}
}
