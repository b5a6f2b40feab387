#include <secp256k1.h>
#include <secp256k1_recovery.h>

/* A context able to sign and verify; the flags are macros Swift cannot import on every version. */
static inline secp256k1_context *bifrost_secp256k1_context_create(void) {
    return secp256k1_context_create(SECP256K1_CONTEXT_SIGN | SECP256K1_CONTEXT_VERIFY);
}

static inline unsigned int bifrost_secp256k1_ec_uncompressed(void) {
    return SECP256K1_EC_UNCOMPRESSED;
}

static inline unsigned int bifrost_secp256k1_ec_compressed(void) {
    return SECP256K1_EC_COMPRESSED;
}
