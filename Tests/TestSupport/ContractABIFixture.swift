/// A contract ABI and a call whose bytes come from a reference encoder, shared by the ABI's unit
/// tests, the CLI's contract calls on the local chain and the dashboard's.
public enum ContractABIFixture {
    /// A solc-shaped ABI with a tuple input, an overload, a view function and an event.
    public static let abi = #"""
    [{"type":"function","name":"place","stateMutability":"nonpayable","inputs":[
        {"name":"order","type":"tuple","internalType":"struct Book.Order","components":[
          {"name":"price","type":"uint256"},{"name":"maker","type":"address"},{"name":"memo","type":"bytes"}]},
        {"name":"ids","type":"uint256[]"},{"name":"note","type":"string"}],"outputs":[]},
     {"type":"function","name":"stake","stateMutability":"nonpayable","inputs":[{"name":"amount","type":"uint256"}],"outputs":[]},
     {"type":"function","name":"stake","stateMutability":"payable","inputs":[{"name":"amount","type":"uint256"},{"name":"to","type":"address"}],"outputs":[]},
     {"type":"function","name":"balanceOf","stateMutability":"view","inputs":[{"name":"","type":"address"}],"outputs":[{"name":"","type":"uint256"}]},
     {"type":"event","name":"Placed","inputs":[{"name":"id","type":"uint256","indexed":true}],"anonymous":false}]
    """#

    /// eth_abi 5 (`encode(['(uint256,address,bytes)','uint256[]','string'], …)` after the selector of
    /// `place((uint256,address,bytes),uint256[],string)`), for ((1.5 ether, 0x7099…79C8, 0xc0ffee), [1,2,3], "for Q4").
    public static let placeCalldata = "0xd41fbfd700000000000000000000000000000000000000000000000000000000000000600000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000018000000000000000000000000000000000000000000000000014d1120d7b16000000000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c800000000000000000000000000000000000000000000000000000000000000600000000000000000000000000000000000000000000000000000000000000003c0ffee000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000030000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000030000000000000000000000000000000000000000000000000000000000000006666f722051340000000000000000000000000000000000000000000000000000"
}
