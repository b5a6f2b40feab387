/// BIP39 recovery phrases. (Filled in by the keys work: generation, validation and seeds.)
public enum BIP39 {}
