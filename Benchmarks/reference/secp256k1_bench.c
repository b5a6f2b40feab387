/*
 * The C side of Bifrost's benchmarks: the same work as Benchmarks/EthereumKitBenchmarks, done
 * with the C implementations we compare against.
 *
 *   sign+recover   raw libsecp256k1 (the system library, linked with -lsecp256k1): sign a 32-byte
 *                  digest recoverably, serialise it to r||s + recid, parse it back and recover the
 *                  public key; the same calls EthereumKit's PrivateKey.sign / PublicKey.recover make.
 *   keccak256 ...  C Keccak cores that ship inside PyPI wheels, loaded with dlopen so that no
 *                  Python runs in the timed loop: pycryptodome's `Crypto/Hash/_keccak*.so`
 *                  (keccak_init/absorb/digest, a plain C implementation) and safe-pysha3's
 *                  `_pysha3*.so` (the XKCP "opt64" Keccak, via its KeccakWidth1600_Sponge).
 *
 * Usage: secp256k1_bench [--pycryptodome KECCAK_SO] [--pysha3 PYSHA3_SO --libpython LIBPYTHON_SO]
 *                        (--time SECONDS | --count NAME N)
 * --time prints one JSON object: {"name": {"ops_per_s": ..., "ns_per_op": ..., ...}, ...};
 * --count runs one benchmark N times untimed, for instruction counts under valgrind.
 * (_pysha3 refers to a few CPython symbols, so libpython is loaded first, though never started.)
 *
 * This file is Bifrost's own code; nothing from the libraries above is copied into it.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <secp256k1.h>
#include <secp256k1_recovery.h>

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Keeps results alive so the compiler cannot drop the work. */
static volatile uint8_t sink;

/* Hardhat/Anvil's first default account; the Swift benchmark uses the same key. */
static const uint8_t key[32] = {
    0xac, 0x09, 0x74, 0xbe, 0xc3, 0x9a, 0x17, 0xe3, 0x6b, 0xa4, 0xa6, 0xb4, 0xd2, 0x38, 0xff, 0x94,
    0x4b, 0xac, 0xb4, 0x78, 0xcb, 0xed, 0x5e, 0xfc, 0xae, 0x78, 0x4d, 0x7e, 0xbf, 0x4f, 0x2f, 0xf8,
};

static int first_result = 1;


/*
 * Runs `batch(n)` (n operations) three times to warm up, then again and again until `budget`
 * seconds are spent, and reports the median and the fastest batch: the same statistics, over
 * batches of the same size, as the Swift side's (ordo-one/benchmark's p50 and p0 wall clock).
 */
typedef void (*batch_fn)(long n, void *ctx);

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void measure(const char *name, double budget, long n, batch_fn batch, void *ctx) {
    for (int w = 0; w < 3; w++) batch(n, ctx);
    size_t cap = 1024, count = 0;
    double *times = malloc(cap * sizeof *times), spent = 0;
    while (spent < budget || count < 5) {
        double t0 = now_s();
        batch(n, ctx);
        double dt = now_s() - t0;
        spent += dt;
        if (count == cap) times = realloc(times, (cap *= 2) * sizeof *times);
        times[count++] = dt;
    }
    qsort(times, count, sizeof *times, cmp_double);
    double median = count % 2 ? times[count / 2] : (times[count / 2 - 1] + times[count / 2]) / 2;
    printf("%s\n  \"%s\": {\"batch\": %ld, \"batches\": %zu, \"ops_per_s\": %.3f, \"ns_per_op\": %.3f, "
           "\"best_ops_per_s\": %.3f}",
           first_result ? "" : ",", name, n, count, (double)n / median, median * 1e9 / (double)n,
           (double)n / times[0]);
    first_result = 0;
    fflush(stdout);
    free(times);
}

/* ---- sign + recover with raw libsecp256k1 ---- */

static secp256k1_context *ctx;

/* Numbers the operations across batches, so that each signs a different digest. */
static uint64_t sign_counter;

static void sign_recover_batch(long n, void *unused) {
    (void)unused;
    uint8_t digest[32];
    memset(digest, 0x42, sizeof digest);
    for (long i = 0; i < n; i++) {
        uint64_t c = ++sign_counter;
        for (int k = 0; k < 8; k++) digest[k] = (uint8_t)(c >> (8 * k));
        secp256k1_ecdsa_recoverable_signature sig, parsed;
        uint8_t compact[64];
        int recid = 0;
        if (!secp256k1_ecdsa_sign_recoverable(ctx, &sig, digest, key, NULL, NULL)) abort();
        secp256k1_ecdsa_recoverable_signature_serialize_compact(ctx, compact, &recid, &sig);
        if (!secp256k1_ecdsa_recoverable_signature_parse_compact(ctx, &parsed, compact, recid)) abort();
        secp256k1_pubkey pub;
        if (!secp256k1_ecdsa_recover(ctx, &pub, &parsed, digest)) abort();
        sink ^= pub.data[0];
    }
}

/* ---- keccak-256 through pycryptodome's C core ---- */

typedef int (*pcd_init_fn)(void **state, size_t capacity_bytes, uint8_t rounds);
typedef int (*pcd_destroy_fn)(void *state);
typedef int (*pcd_absorb_fn)(void *state, const uint8_t *in, size_t len);
typedef int (*pcd_digest_fn)(void *state, uint8_t *digest, size_t len, uint8_t padding);

static pcd_init_fn pcd_init;
static pcd_destroy_fn pcd_destroy;
static pcd_absorb_fn pcd_absorb;
static pcd_digest_fn pcd_digest;

struct input {
    uint8_t *bytes;
    size_t len;
};

/* One hash = a fresh state, absorb, digest, free: what one Keccak256.hash(_:) call does. */
static void pcd_batch(long n, void *arg) {
    struct input *in = arg;
    uint8_t out[32];
    for (long i = 0; i < n; i++) {
        in->bytes[0] = (uint8_t)i;
        void *state = NULL;
        if (pcd_init(&state, 64, 24) != 0) abort();
        pcd_absorb(state, in->bytes, in->len);
        pcd_digest(state, out, 32, 0x01);
        pcd_destroy(state);
        sink ^= out[0];
    }
}

/* ---- keccak-256 through safe-pysha3's XKCP core ---- */

typedef int (*xkcp_sponge_fn)(unsigned int rate, unsigned int capacity, const unsigned char *input,
                              size_t input_len, unsigned char suffix, unsigned char *output,
                              size_t output_len);
static xkcp_sponge_fn xkcp_sponge;

static void xkcp_batch(long n, void *arg) {
    struct input *in = arg;
    uint8_t out[32];
    for (long i = 0; i < n; i++) {
        in->bytes[0] = (uint8_t)i;
        if (xkcp_sponge(1088, 512, in->bytes, in->len, 0x01, out, 32) != 0) abort();
        sink ^= out[0];
    }
}

static void *must_sym(void *lib, const char *name) {
    void *p = dlsym(lib, name);
    if (!p) {
        fprintf(stderr, "secp256k1_bench: %s\n", dlerror());
        exit(2);
    }
    return p;
}

/* Known-answer check: keccak256("") so a wrong symbol or padding cannot pass unnoticed. */
static const uint8_t keccak_empty[32] = {
    0xc5, 0xd2, 0x46, 0x01, 0x86, 0xf7, 0x23, 0x3c, 0x92, 0x7e, 0x7d, 0xb2, 0xdc, 0xc7, 0x03, 0xc0,
    0xe5, 0x00, 0xb6, 0x53, 0xca, 0x82, 0x27, 0x3b, 0x7b, 0xfa, 0xd8, 0x04, 0x5d, 0x85, 0xa4, 0x70,
};

static void *must_open(const char *path, int flags) {
    void *lib = dlopen(path, flags);
    if (!lib) {
        fprintf(stderr, "secp256k1_bench: %s\n", dlerror());
        exit(2);
    }
    return lib;
}

static void load_pycryptodome(const char *path) {
    void *lib = must_open(path, RTLD_NOW | RTLD_LOCAL);
    pcd_init = (pcd_init_fn)must_sym(lib, "keccak_init");
    pcd_destroy = (pcd_destroy_fn)must_sym(lib, "keccak_destroy");
    pcd_absorb = (pcd_absorb_fn)must_sym(lib, "keccak_absorb");
    pcd_digest = (pcd_digest_fn)must_sym(lib, "keccak_digest");
    void *state = NULL;
    uint8_t out[32];
    if (pcd_init(&state, 64, 24) != 0 || pcd_digest(state, out, 32, 0x01) != 0 ||
        memcmp(out, keccak_empty, 32) != 0) {
        fprintf(stderr, "secp256k1_bench: pycryptodome's keccak gave a wrong digest\n");
        exit(1);
    }
    pcd_destroy(state);
}

static void load_pysha3(const char *path, const char *libpython) {
    must_open(libpython, RTLD_NOW | RTLD_GLOBAL);
    void *lib = must_open(path, RTLD_NOW | RTLD_LOCAL);
    xkcp_sponge = (xkcp_sponge_fn)must_sym(lib, "_PySHA3_KeccakWidth1600_Sponge");
    uint8_t out[32];
    if (xkcp_sponge(1088, 512, (const unsigned char *)"", 0, 0x01, out, 32) != 0 ||
        memcmp(out, keccak_empty, 32) != 0) {
        fprintf(stderr, "secp256k1_bench: safe-pysha3's keccak gave a wrong digest\n");
        exit(1);
    }
}

static void usage(const char *argv0) {
    fprintf(stderr,
            "usage: %s [--pycryptodome KECCAK_SO] [--pysha3 PYSHA3_SO --libpython LIBPYTHON_SO]\n"
            "          (--time SECONDS | --count NAME N)\n"
            "  --time   times every benchmark whose library was given and prints JSON\n"
            "  --count  runs NAME (as printed by --time) N times untimed, for valgrind\n",
            argv0);
    exit(2);
}

int main(int argc, char **argv) {
    const char *pcd_path = NULL, *pysha3_path = NULL, *libpython = NULL, *count_name = NULL;
    double budget = -1;
    long count_n = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--pycryptodome") && i + 1 < argc) pcd_path = argv[++i];
        else if (!strcmp(argv[i], "--pysha3") && i + 1 < argc) pysha3_path = argv[++i];
        else if (!strcmp(argv[i], "--libpython") && i + 1 < argc) libpython = argv[++i];
        else if (!strcmp(argv[i], "--time") && i + 1 < argc) budget = atof(argv[++i]);
        else if (!strcmp(argv[i], "--count") && i + 2 < argc) {
            count_name = argv[++i];
            count_n = atol(argv[++i]);
        } else usage(argv[0]);
    }
    if ((budget <= 0) == (count_name == NULL)) usage(argv[0]);
    if (pysha3_path && !libpython) usage(argv[0]);

    size_t big = (size_t)1 << 20;
    struct input small = {malloc(32), 32}, large = {malloc(big), big};
    memset(small.bytes, 0x5a, 32);
    for (size_t i = 0; i < big; i++) large.bytes[i] = (uint8_t)(i * 31 + 7);

    /* The same set-up as EthereumKit's shared context: created once, randomised once. */
    ctx = secp256k1_context_create(SECP256K1_CONTEXT_SIGN | SECP256K1_CONTEXT_VERIFY);
    uint8_t seed[32];
    for (int i = 0; i < 32; i++) seed[i] = (uint8_t)(i * 7 + 1);
    if (!secp256k1_context_randomize(ctx, seed)) abort();
    if (pcd_path) load_pycryptodome(pcd_path);
    if (pysha3_path) load_pysha3(pysha3_path, libpython);

    struct {
        const char *name;
        int available;
        long batch;
        batch_fn fn;
        void *arg;
    } benches[] = {
        {"sign+recover", 1, 100, sign_recover_batch, NULL},
        {"keccak256 32B/pycryptodome-c", pcd_path != NULL, 1000, pcd_batch, &small},
        {"keccak256 1MiB/pycryptodome-c", pcd_path != NULL, 1, pcd_batch, &large},
        {"keccak256 32B/xkcp-c", pysha3_path != NULL, 1000, xkcp_batch, &small},
        {"keccak256 1MiB/xkcp-c", pysha3_path != NULL, 1, xkcp_batch, &large},
    };
    size_t nb = sizeof benches / sizeof benches[0];

    if (count_name) {
        for (size_t b = 0; b < nb; b++) {
            if (benches[b].available && !strcmp(benches[b].name, count_name)) {
                benches[b].fn(count_n, benches[b].arg);
                return 0;
            }
        }
        fprintf(stderr, "secp256k1_bench: no benchmark named '%s' (or its library was not given)\n", count_name);
        return 2;
    }

    printf("{");
    for (size_t b = 0; b < nb; b++)
        if (benches[b].available) measure(benches[b].name, budget, benches[b].batch, benches[b].fn, benches[b].arg);
    printf("\n}\n");
    secp256k1_context_destroy(ctx);
    free(small.bytes);
    free(large.bytes);
    return 0;
}
