/* Benchmark: ir3 cat5 decode + print (Mesa text) throughput on one core
 * (with decode and print alone on the vectors), and assembler throughput.  Words: Mesa's 49 vectors, and random cat5 words.
 *   usage: bench_ir3 [MILLION_WORDS]   (default 20)
 * Prints one line per measurement: name, M instructions/s, ns/instruction. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tmu/ir3.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); /* CPU time: fair on a shared machine */
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The 49 vector words of tests/data/ir3-cat5-mesa.tsv with their GPU ids. */
static const struct {
    unsigned gpu;
    unsigned long long w;
} vecs[] = {
    {600, 0xa380110200000001ull}, {600, 0xa3c0110200000001ull}, {600, 0xa600110500000001ull},
    {600, 0xa620110500000001ull}, {600, 0xa2802f0000000001ull}, {600, 0xa0c89f04c4600005ull},
    {600, 0xa1c85f00c0200005ull}, {600, 0xa1000f0000000004ull}, {600, 0xa1000f0000000003ull},
    {600, 0xa0c00f0004400002ull}, {600, 0xa6c02f0000000000ull}, {600, 0xa3482f08c0000000ull},
    {500, 0xa2c0310200000000ull}, {600, 0xa0c81f00e0200005ull}, {600, 0xa0c81108e2000001ull},
    {600, 0xa048d107cc080a07ull}, {600, 0xa048d107e0080a07ull}, {600, 0xa1481606e4803035ull},
    {600, 0xa0c8970720a00005ull}, {600, 0xa1489f3425e06e07ull}, {700, 0xa0081f02e2040001ull},
    {700, 0xa0081f02e2000001ull}, {700, 0xa148310de028302cull}, {700, 0xa00c3101c2040001ull},
    {700, 0xa00c3101c2000001ull}, {700, 0xa02c3f06c2041003ull}, {700, 0xa02c3f05a1240601ull},
    {700, 0xa7581f00e0014001ull}, {700, 0xa75c1f00e0014001ull}, {700, 0xa7581f00a0014541ull},
    {700, 0xa7581f00e1414541ull}, {700, 0xa7581104e0014001ull}, {700, 0xa75c1104e0014001ull},
    {700, 0xa74c1f00c0214541ull}, {700, 0xa7481f00e0000141ull}, {600, 0xa7c0310200100003ull},
    {600, 0xb7e0310700000401ull}, {600, 0xb7e0310400180001ull}, {600, 0xa700000000000000ull},
    {600, 0xa0c07f040cc00005ull}, {600, 0xa0c01f040cc00005ull}, {600, 0xa0c01f040cc40005ull},
    {400, 0xa0c81f0200800001ull}, {600, 0xa0c81f070100000bull}, {400, 0xa0c81f0280800001ull},
    {600, 0xa0c81f078100000bull}, {600, 0xa1083f06c0240805ull}, {600, 0xa0481f0040000405ull},
    {600, 0xa0c81f0040000005ull},
};
#define NVEC (sizeof vecs / sizeof vecs[0])

int main(int argc, char **argv)
{
    long millions = argc > 1 ? atol(argv[1]) : 20;
    if (millions <= 0)
        millions = 20;
    long n = millions * 1000000L;
    char buf[256];
    size_t sum = 0;

    /* 1. decode + print, the vector words round-robin */
    double t0 = now();
    for (long i = 0; i < n; i++) {
        unsigned k = (unsigned)(i % (long)NVEC);
        tmu_ir3_instr in;
        tmu_ir3_decode(vecs[k].w, vecs[k].gpu, &in, NULL);
        sum += tmu_ir3_print(&in, TMU_IR3_PRINT_NOTES, buf, sizeof buf);
    }
    double t1 = now();
    printf("ir3_disasm_vectors  %.2f M instr/s  %.1f ns/instr\n", n / (t1 - t0) / 1e6, (t1 - t0) * 1e9 / n);

    /* 1b. the two halves of row 1 alone: decode, then print of pre-decoded words */
    t0 = now();
    for (long i = 0; i < n; i++) {
        unsigned k = (unsigned)(i % (long)NVEC);
        tmu_ir3_instr in;
        sum += (size_t)tmu_ir3_decode(vecs[k].w, vecs[k].gpu, &in, NULL);
        sum += in.num_notes;
    }
    t1 = now();
    printf("ir3_decode_vectors  %.2f M instr/s  %.1f ns/instr\n", n / (t1 - t0) / 1e6, (t1 - t0) * 1e9 / n);
    static tmu_ir3_instr dec[NVEC];
    for (unsigned k = 0; k < NVEC; k++)
        tmu_ir3_decode(vecs[k].w, vecs[k].gpu, &dec[k], NULL);
    t0 = now();
    for (long i = 0; i < n; i++)
        sum += tmu_ir3_print(&dec[i % (long)NVEC], TMU_IR3_PRINT_NOTES, buf, sizeof buf);
    t1 = now();
    printf("ir3_print_vectors   %.2f M instr/s  %.1f ns/instr\n", n / (t1 - t0) / 1e6, (t1 - t0) * 1e9 / n);

    /* 2. decode + print, random cat5 words (a pre-generated pool of 64 K) */
    enum { POOL = 65536 };
    static unsigned long long pool[POOL];
    unsigned long long s = 0x9e3779b97f4a7c15ull;
    for (unsigned i = 0; i < POOL; i++) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        pool[i] = (s & ~(7ull << 61)) | (5ull << 61);
    }
    t0 = now();
    for (long i = 0; i < n; i++) {
        tmu_ir3_instr in;
        tmu_ir3_decode(pool[i & (POOL - 1)], 600, &in, NULL);
        sum += tmu_ir3_print(&in, TMU_IR3_PRINT_NOTES, buf, sizeof buf);
    }
    t1 = now();
    printf("ir3_disasm_random   %.2f M instr/s  %.1f ns/instr\n", n / (t1 - t0) / 1e6, (t1 - t0) * 1e9 / n);

    /* 3. assemble the vector texts */
    static char texts[NVEC][200];
    for (unsigned k = 0; k < NVEC; k++)
        tmu_ir3_disasm(vecs[k].w, vecs[k].gpu, texts[k], sizeof texts[k]);
    long na = n / 4;
    t0 = now();
    for (long i = 0; i < na; i++) {
        unsigned k = (unsigned)(i % (long)NVEC);
        uint64_t w;
        tmu_ir3_assemble(texts[k], vecs[k].gpu, &w, NULL);
        sum += (size_t)(w & 1);
    }
    t1 = now();
    printf("ir3_asm_vectors     %.2f M instr/s  %.1f ns/instr\n", na / (t1 - t0) / 1e6, (t1 - t0) * 1e9 / na);
    fprintf(stderr, "(checksum %zu)\n", sum);
    return 0;
}
