/* ir3 cat5: Mesa's disassembler vectors, both ways, plus hand-worked
 * annotation and raw cases derived from Mesa's isaspec rules.
 *   test_ir3_vectors [FILE...]
 * Each FILE (default: tests/data/ir3-cat5-mesa.tsv, Mesa's 49 vectors) has rows
 * "gpu_id<TAB>HI_LO<TAB>Mesa's text"; every row is checked both ways. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tmu/ir3.h"
#include "test_data.h"

static uint64_t hilo(const char *hex)
{
    unsigned hi = 0, lo = 0;
    if (sscanf(hex, "%8x_%8x", &hi, &lo) != 2)
        fail_msg("bad hex '%s'", hex);
    return ((uint64_t)hi << 32) | lo;
}

#define MAX_ROWS 4096

struct vec {
    unsigned gpu;
    uint64_t word;
    char text[200];
};

static const char *const *arg_files;
static int n_arg_files;

/* How many vector files there are; load(which, ...) reads file `which` (0 .. n_files() - 1). */
static int n_files(void) { return n_arg_files ? n_arg_files : 1; }

static int load(int which, struct vec *v, int max, const char **name)
{
    static char path[512];
    FILE *f;
    if (n_arg_files) {
        snprintf(path, sizeof path, "%s", arg_files[which]);
        f = fopen(path, "r");
    } else {
        f = tmu_test_data_open("ir3-cat5-mesa.tsv", path, sizeof path);
    }
    *name = path;
    if (!f)
        fail_msg("cannot open %s", path);
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || !strncmp(line, "gpu_id", 6))
            continue;
        line[strcspn(line, "\r\n")] = 0;
        char *g = strtok(line, "\t"), *h = strtok(NULL, "\t"), *e = strtok(NULL, "\t");
        if (!g || !h || !e)
            continue;
        if (n >= max)
            fail_msg("%s: more than %d rows", path, max);
        v[n].gpu = (unsigned)atoi(g);
        v[n].word = hilo(h);
        snprintf(v[n].text, sizeof v[n].text, "%s", e);
        n++;
    }
    fclose(f);
    return n;
}

static void test_disasm_vectors(void **state)
{
    (void)state;
    static struct vec v[MAX_ROWS];
    for (int k = 0; k < n_files(); k++) {
        const char *name;
        int n = load(k, v, MAX_ROWS, &name);
        if (!n_arg_files)
            assert_int_equal(n, 49);
        assert_true(n > 0);
        int ok = 0;
        for (int i = 0; i < n; i++) {
            char buf[256];
            tmu_status st = tmu_ir3_disasm(v[i].word, v[i].gpu, buf, sizeof buf);
            if (st == TMU_OK && !strcmp(buf, v[i].text))
                ok++;
            else
                print_error("%s row %d: got '%s' want '%s'\n", name, i + 1, buf, v[i].text);
        }
        print_message("disasm: %d/%d vectors of %s identical to Mesa\n", ok, n, name);
        assert_int_equal(ok, n);
    }
}

static void test_asm_vectors(void **state)
{
    (void)state;
    static struct vec v[MAX_ROWS];
    for (int k = 0; k < n_files(); k++) {
        const char *name;
        int n = load(k, v, MAX_ROWS, &name);
        int ok = 0;
        for (int i = 0; i < n; i++) {
            uint64_t w = 0;
            tmu_diag d;
            tmu_diag_clear(&d);
            tmu_status st = tmu_ir3_assemble(v[i].text, v[i].gpu, &w, &d);
            if (st == TMU_OK && w == v[i].word)
                ok++;
            else
                print_error("%s row %d '%s': status %d word %016llx want %016llx (%s)\n", name, i + 1, v[i].text, st,
                            (unsigned long long)w, (unsigned long long)v[i].word, d.message);
        }
        print_message("asm: %d/%d vectors of %s give Mesa's bits\n", ok, n, name);
        assert_int_equal(ok, n);
    }
}

static void expect(unsigned gpu, const char *hex, const char *want)
{
    char buf[512];
    tmu_ir3_disasm(hilo(hex), gpu, buf, sizeof buf);
    if (strcmp(buf, want))
        fail_msg("%s on %u:\n got  '%s'\n want '%s'", hex, gpu, buf, want);
}

/* Words no definition matches print as Mesa's no-match callback does:
 * "raw 0x" + low dword + high dword, %X, no padding. */
static void test_raw(void **state)
{
    (void)state;
    expect(600, "ffffffff_ffffffff", "raw 0xFFFFFFFFFFFFFFFF");
    /* OPC 30 is unassigned: hi = 101 00000 11110 ... = 0xa7800000 */
    expect(600, "a7800000_00000001", "raw 0x1A7800000");
    /* brcst.active needs a6xx: on a5xx the vector word matches nothing */
    expect(500, "a7c03102_00100003", "raw 0x100003A7C03102");
    /* img_bindless with bit 53 set (P must be 0) */
    expect(700, "a7681f00_e0014001", "raw 0xE0014001A7681F00");
    tmu_ir3_instr in;
    assert_int_equal(tmu_ir3_decode(hilo("a7800000_00000001"), 600, &in, NULL), TMU_ERR_DECODE);
    assert_int_equal(in.op, TMU_IR3_OP_NONE);
}

/* Don't-care and asserted bits are annotated like Mesa (show_errors). */
static void test_annotations(void **state)
{
    (void)state;
    /* bit 17 set in the 'sam' vector a0c01f04_0cc00005 */
    expect(600, "a0c01f04_0cc20005",
           "sam (f32)(xyzw)r1.x, r0.z, s#6, t#6\t; dontcare bits in sam: 0000000000020000");
    /* getinfo shows no sampler: SAMP = 3 (bits 21..24) is unexpected */
    expect(600, "a3402f08_00600000",
           "getinfo (u16)(xyzw)hr2.x, t#0\t; WARNING: unexpected bits[0:3] in #cat5-samp: 0000000000000003 vs "
           "0000000000000000");
    /* normal layout: BASE_HI (19..20) and BASE_LO (47) must be 0 */
    expect(600, "a0c09f04_0cc80005",
           "sam (f32)(xyzw)r1.x, r0.z, s#6, t#6\t; WARNING: unexpected bits[19:20] in #instruction-cat5-tex-base: "
           "0000000000000001 vs 0000000000000000, WARNING: unexpected bits[47:47] in #instruction-cat5: "
           "0000000000000001 vs 0000000000000000");
    /* getbuf shows no sources: SRC1 = 1 and SRC2 = 2 are reported in display order */
    expect(500, "a2c03102_00000402",
           "getbuf (u32)(x)r0.z, t#0\t; WARNING: unexpected bits[0:7] in #cat5-src1: 0000000000000001 vs "
           "0000000000000000, WARNING: unexpected bits[0:7] in #cat5-src2: 0000000000000002 vs 0000000000000000");
    /* tcinv: everything below the opcode is don't care */
    expect(600, "a7000000_00000001", "tcinv\t; dontcare bits in tcinv: 0000000000000001");
    expect(600, "b7000000_00000000", "(sy)tcinv");
    /* dsx shows neither s# nor t#; a6xx sam with a1.x and bindless s2en */
    expect(600, "a3801102_01e00001",
           "dsx (f32)(x)r0.z, r0.x\t; WARNING: unexpected bits[0:3] in #cat5-samp: 000000000000000f vs "
           "0000000000000000");
    /* at most four notes: dontcare + 19:20 + 47 + src1 + src2 -> four shown */
    expect(600, "a6c09102_001afffe",
           "rgetinfo (f32)(x)r0.z\t; dontcare bits in rgetinfo: 0000000000020000, WARNING: unexpected bits[19:20] "
           "in #instruction-cat5-tex-base: 0000000000000003 vs 0000000000000000, WARNING: unexpected bits[47:47] in "
           "#instruction-cat5: 0000000000000001 vs 0000000000000000, WARNING: unexpected bits[0:7] in #cat5-src1: "
           "00000000000000ff vs 0000000000000000");
}

/* Hand-built words for forms the vectors do not cover. */
static void test_more_forms(void **state)
{
    (void)state;
    /* sam.3d.a.o.p.s with (jp), half sources: OPC 3, bits 48..53 = 1,1,1,0,1,1 */
    expect(400, "a8f71f04_0cc00404", "(jp)sam.3d.a.o.p.s (f32)(xyzw)r1.x, hr0.z, hr0.z, s#6, t#6");
    /* isam normal layout: bit 18 = 1 (no .1d), imm offset 0 prints nothing */
    expect(600, "a0001f04_0cc40005", "isam (f32)(xyzw)r1.x, r0.z, s#6, t#6");
    expect(600, "a0001f04_0cc00005", "isam.1d (f32)(xyzw)r1.x, r0.z, s#6, t#6");
    /* mode 7 on a5xx: 4-bit samp + 4-bit tex, then a1.x */
    expect(500, "a0c81f00_e0200005", "sam.base0 (f32)(xyzw)r0.x, r0.z, s#1, t#0, a1.x");
    /* same word on a7xx: all 8 bits are the texture */
    expect(700, "a0c81f00_e0200005", "sam.base0 (f32)(xyzw)r0.x, r0.z, t#1, a1.x");
    /* brcst.active.w16 (bits 19..20 = 3), type 7 prints no type */
    expect(600, "a7c07102_00180003", "brcst.active.w16 (x)r0.z, r0.y");
    /* quad_shuffle.horiz with O (bit 52) shows SRC2 */
    expect(600, "a7f03104_00080401", "quad_shuffle.horiz (u32)(x)r1.x, r0.x, r0.z");
    /* registers 61/62 are a0/p0 */
    expect(600, "a38011fa_000001e9", "dsx (f32)(x)p0.z, a0.x");
}

int main(int argc, char **argv)
{
    arg_files = (const char *const *)argv + 1;
    n_arg_files = argc - 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_disasm_vectors), cmocka_unit_test(test_asm_vectors), cmocka_unit_test(test_raw),
        cmocka_unit_test(test_annotations),    cmocka_unit_test(test_more_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
