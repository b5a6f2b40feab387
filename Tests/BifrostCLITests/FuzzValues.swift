/// The values the CLI grammar fuzz puts into options and arguments: a plausible value half of
/// the time, so vectors get past the first check, and otherwise something hostile.
///
/// Never generated, because they would make the test itself unsafe rather than test the CLI:
/// a lone `-` (reads stdin, which can block on a terminal), an http(s) URL to anything but a
/// closed local port, NUL characters (a real argv cannot hold them), and device files that never
/// end (/dev/zero). Those exceptions are enforced again in `FuzzGrammar.sanitize`.
enum FuzzValues {
    static let twoTo256 = "115792089237316195423570985008687907853269984665640564039457584007913129639936"
    static let twoTo256Minus1 = "115792089237316195423570985008687907853269984665640564039457584007913129639935"
    static let twoTo256Plus1 = "115792089237316195423570985008687907853269984665640564039457584007913129639937"
    /// secp256k1's group order n: not a valid private key, and n-1 is the largest one.
    static let curveOrder = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"
    static let closedPort = "http://127.0.0.1:9"

    // Hardhat/Anvil development accounts: public, throwaway.
    static let devAddresses = ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                               "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"]
    static let devKeys = ["ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
                          "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
                          "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"]
    static let devPhrase = "test test test test test test test test test test test junk"

    /// Strings that are wrong for almost every option: empty, huge, odd-length hex, unicode lookalikes,
    /// control characters, line breaks of every kind, terminal escapes.
    static let hostile: [String] = [
        "", " ", "0x", "0X", "0x0", "0x00", "0xg", "0x-1", "-1", "-0", "+1", "1e400", "1E400", "-1e400", "1e-400", "NaN", "inf", "-inf",
        twoTo256, twoTo256Minus1, twoTo256Plus1, "0x1" + String(repeating: "0", count: 64), "0x" + String(repeating: "f", count: 64),
        "0x" + String(repeating: "f", count: 65), "0x" + String(repeating: "ab", count: 5000) + "a", String(repeating: "9", count: 4000),
        "0x" + String(repeating: "0", count: 3000) + "1", "00000000000000000000000000001", "1_000", "1,000", " 1", "1 ", "0b101", "0o7",
        "١٢٣", "１２３", "𝟙", "−1", "٫5", "½", "ether", "1ETHER", "1 ether", "1.ether", ".5ether", "1..5ether", "1.5.5ether",
        "-1ether", "-0.5gwei", "-1wei", "0.0000000000000000001ether", "1.5wei", twoTo256 + "ether", twoTo256Minus1 + "wei",
        "1e18", "0x1ether", "1ether1", "1gwei gwei",
        "é", "e\u{301}", "🦊", "👨‍👩‍👧‍👦", "\u{202E}lamron", "\u{FEFF}1", "1\u{200B}", "\u{FFFD}", "\u{10FFFF}", "Ω≈ç√∫",
        "a\nb", "a\r\nb", "a\rb", "\n", "\r\n", "line\u{2028}sep", "next\u{85}line", "\t", "\u{7}\u{8}\u{1B}[2J\u{1B}[31mred",
        "\u{1B}]0;title\u{7}", "\u{7F}", "\u{1}\u{2}\u{3}", "%s%s%n", "%@", "'\"`$(id)`", "; rm -rf /", "../../../../etc/passwd",
        "/", ".", "..", "~", "$HOME", "*", "?", "[", "{", "}", "[]", "{}", "()", "(", ")", ",", ",,", "null", "true", "false",
        String(repeating: "a", count: 70_000), String(repeating: "é", count: 20_000), String(repeating: "\n", count: 200),
        "--", "---", "--=", "-=", "--json=1", "--home=", "-h", "--help", "help", "--version", "-1", "-0x1", "-e",
    ]

    /// Integers: small ones, the uint256 edges, and numbers that are not integers at all.
    static let integers = ["0", "1", "2", "3", "7", "255", "256", "21000", "31337", "11155111", "0x0", "0x1", "0xff", "0x7a69",
                           "4294967295", "4294967296", "2147483647", "2147483648", "9223372036854775807", "9223372036854775808",
                           "18446744073709551615", "18446744073709551616", twoTo256Minus1, twoTo256, twoTo256Plus1,
                           "0x" + String(repeating: "f", count: 64), "0x1" + String(repeating: "0", count: 64), "-1", "1e400", "1.5", "007"]

    static let amounts = ["0", "1", "1wei", "1ether", "1.5ether", "0.1ether", "20gwei", "1gwei", "1kwei", "1mwei", "1szabo", "1finney",
                          "1eth", "100", "0.000000000000000001ether", twoTo256Minus1, twoTo256Minus1 + "wei", twoTo256, twoTo256 + "wei",
                          "115792089237316195423570985008687907853269984665640564039457ether", "-1ether", "-1", "1e400", "1e400ether",
                          "1.0000000000000000001ether", "0x10", "1.5gwei", "1.5", ".1ether", "ether", "1 ether"]

    static let addresses = devAddresses + ["0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", "0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266",
                                           "f39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267",
                                           "0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0x0000000000000000000000000000000000000000",
                                           "0x1d5E2cb8b3E2df2f1E6F8B34b1A8bC4A9f2bD5e1", "0x1234", "0x" + String(repeating: "0", count: 41),
                                           "0x" + String(repeating: "g", count: 40), "0x" + String(repeating: "00", count: 32)]

    static let hexes = ["0x", "0xdeadbeef", "deadbeef", "0xa9059cbb", "0x00", "0xabc", "0xzz", "0x" + String(repeating: "00", count: 32),
                        "0x" + String(repeating: "ff", count: 100_000), "0X0102", " 0x01 ", "0x01\n",
                        // A signed legacy transaction (EIP-155 example) and a bare EIP-1559 prefix.
                        "0xf86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a76400008025a028ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83",
                        "0x02", "0x02c0", "0x01f8", "0xc0", "0xf8ff", "0x" + String(repeating: "c1", count: 20_000)]

    static let hashes = ["0x" + String(repeating: "ab", count: 32), "0x" + String(repeating: "00", count: 32),
                         "0x" + String(repeating: "ab", count: 31), "0x" + String(repeating: "ab", count: 33),
                         String(repeating: "cd", count: 32), "0x" + String(repeating: "ab", count: 31) + "a"]

    static let names = ["alice", "bob", "owner0", "owner1", "dup", "n", "a", "A", "alice-2", "alice_2", "alice.2", "", " ", "a b",
                        "../evil", "a/b", "a\\b", ".", "..", ".hidden", "-dash", "con", "nul", "é", "🦊", "a\nb", "\u{1B}[31m",
                        String(repeating: "k", count: 255), String(repeating: "k", count: 256), String(repeating: "k", count: 10_000)]

    /// URLs that can never reach a real server: a closed local port, or not an http(s) URL at all.
    static let urls = [closedPort, "http://127.0.0.1:9/", "https://127.0.0.1:9/api/v3", "http://[::1]:9", "http://localhost:9",
                       "http://127.0.0.1:99999", "http://127.0.0.1:0", "http://", "http://:9", "https://", "ftp://127.0.0.1:9",
                       "file:///etc/passwd", "127.0.0.1:9", "not a url", "", "http://127.0.0.1:9/" + String(repeating: "p", count: 10_000),
                       "http://user:pass@127.0.0.1:9", "http://127.0.0.1:9/#frag?x=%zz", "javascript:alert(1)"]

    static let abiSignatures = ["transfer(address,uint256)", "balanceOf(address)(uint256)", "f()", "f(uint256[])", "f(uint8)", "f(int8)",
                                "f(bytes)", "f(string)", "f(bool)", "f(bytes32)", "f((uint256,address)[2])", "f(uint256[2][])",
                                "f(uint257)", "f(uint0)", "f(bytes33)", "f(int)", "f(uint)", "f(function)", "f(fixed128x18)",
                                "f(uint256[4294967296])", "f(uint256[99999999999999999999])", "f(uint256[0])", "f(uint256[-1])",
                                "f(", ")", "f)(", "f(,)", "(uint256)", "", "f(address,,)", "f(tuple)", "é(uint256)", "f(uint256)(",
                                "f(" + String(repeating: "(", count: 3000) + "uint256" + String(repeating: ")", count: 3000) + ")",
                                "f(uint256" + String(repeating: "[]", count: 3000) + ")",
                                "f(" + Array(repeating: "uint256", count: 2000).joined(separator: ",") + ")"]

    static let abiArguments = ["1", "0", "-1", "-129", "128", "255", "256", twoTo256, twoTo256Minus1, "1ether", "true", "false", "yes",
                               "0x", "0xdeadbeef", "[]", "[1,2]", "[1,[2]]", "[[1,2],[3]]", "(1,0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266)",
                               "(1,", "[", "]", "\"quoted\"", "hello", "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
                               "[" + Array(repeating: "1", count: 5000).joined(separator: ",") + "]",
                               String(repeating: "[", count: 3000) + String(repeating: "]", count: 3000)]

    static let coins = ["ethereum", "bitcoin", "bitcoin,ethereum", "", ",", " , ", "ETHEREUM", "../../etc", "a b", "é", "?x=1&y=2",
                        "#frag", "%2F", String(repeating: "c", count: 5000)]
}
