/* The worked examples E1-E20 of reference/load-planning.md §5 in ACO-compatible mode
 * (each with the example's numbers), the exact mode on the same inputs (verified by
 * the independent checker), every documented difference from ACO, and the errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "loadplan/checker.h"

static tmu_lp_plan P;

static tmu_lp_request vec(uint32_t n, uint32_t size, uint32_t mul, uint32_t off, uint32_t c)
{
    tmu_lp_request r;
    tmu_lp_request_init(&r);
    r.num_components = n;
    r.component_size = size;
    r.align_mul = mul;
    r.align_offset = off;
    r.const_offset = c;
    return r;
}

/* Plans in ACO mode, and checks that the exact mode of the same request passes the checker. */
static const tmu_lp_plan *aco(const tmu_lp_request *r, tmu_lp_class cls, tmu_lp_gen gen)
{
    tmu_diag d;
    tmu_lp_plan exact;
    lpc_result res;
    assert_int_equal(tmu_lp_plan_load(r, cls, gen, TMU_LP_EXACT, &exact, &d), TMU_OK);
    if (!lpc_check(r, cls, gen, &exact, true, &res))
        fail_msg("exact plan fails the checker: %s", res.why);
    tmu_status s = tmu_lp_plan_load(r, cls, gen, TMU_LP_ACO, &P, &d);
    if (s != TMU_OK)
        fail_msg("ACO mode refused: %s", d.message);
    return &P;
}

static void load_is(const tmu_lp_plan *p, unsigned i, const char *op, unsigned bytes, unsigned imm)
{
    assert_true(i < p->num_loads);
    assert_string_equal(p->loads[i].op, op);
    assert_int_equal(p->loads[i].bytes, bytes);
    assert_int_equal(p->loads[i].imm, imm);
}

static void fix_is(const tmu_lp_plan *p, unsigned i, tmu_lp_fixup_op op, unsigned src, uint32_t operand,
                   const char *insn)
{
    assert_true(i < p->num_fixups);
    assert_int_equal(p->fixups[i].op, op);
    assert_int_equal(p->fixups[i].src, src);
    assert_int_equal(p->fixups[i].operand, operand);
    assert_string_equal(p->fixups[i].insn, insn);
}

static void test_e1(void **st)
{
    (void)st;
    tmu_lp_request r = vec(4, 4, 16, 0, 0);
    const tmu_lp_plan *p = aco(&r, TMU_LP_LDS, TMU_LP_GFX10);
    assert_int_equal(p->num_loads, 1);
    assert_int_equal(p->num_fixups, 0);
    load_is(p, 0, "ds_read_b128", 16, 0);
}

static void test_e2(void **st)
{
    (void)st;
    tmu_lp_request r = vec(4, 4, 8, 0, 8);
    const tmu_lp_plan *p = aco(&r, TMU_LP_LDS, TMU_LP_GFX9);
    assert_int_equal(p->num_loads, 1);
    load_is(p, 0, "ds_read2_b64", 16, 8);
    assert_int_equal(p->loads[0].encoded_offset, 1);
    assert_int_equal(p->loads[0].encoded_offset1, 2);
}

static void test_e3(void **st)
{
    (void)st;
    tmu_lp_request r = vec(3, 4, 4, 0, 0);
    const tmu_lp_plan *p = aco(&r, TMU_LP_LDS, TMU_LP_GFX9);
    assert_int_equal(p->num_loads, 2);
    load_is(p, 0, "ds_read2_b32", 8, 0);
    assert_int_equal(p->loads[0].encoded_offset, 0);
    assert_int_equal(p->loads[0].encoded_offset1, 1);
    load_is(p, 1, "ds_read_b32", 4, 8);
    assert_int_equal(p->loads[1].align, 4);
    /* recombined v2 + v1 -> 3 dwords */
    assert_int_equal(p->num_components, 3);
    assert_int_equal(p->components[1].src[0].load, 0);
    assert_int_equal(p->components[1].src[0].byte, 4);
    assert_int_equal(p->components[2].src[0].load, 1);
    assert_int_equal(p->components[2].src[0].byte, 0);
    /* E3b: align 16 -> ds_read_b96 */
    r = vec(3, 4, 16, 0, 0);
    p = aco(&r, TMU_LP_LDS, TMU_LP_GFX9);
    assert_int_equal(p->num_loads, 1);
    load_is(p, 0, "ds_read_b96", 12, 0);
}

static void test_e4(void **st)
{
    (void)st;
    tmu_lp_request r = vec(2, 2, 4, 2, 0);
    const tmu_lp_plan *p = aco(&r, TMU_LP_LDS, TMU_LP_GFX9);
    assert_int_equal(p->num_loads, 2);
    load_is(p, 0, "ds_read_u16_d16", 2, 0);
    assert_int_equal(p->loads[0].align, 2);
    load_is(p, 1, "ds_read_u16_d16", 2, 2);
    assert_int_equal(p->loads[1].align, 4);
}

static void test_e5(void **st)
{
    (void)st;
    tmu_lp_request r = vec(4, 4, 8, 0, 2040);
    const tmu_lp_plan *p = aco(&r, TMU_LP_LDS, TMU_LP_GFX9);
    assert_int_equal(p->num_fixups, 1);
    fix_is(p, 0, TMU_LP_FIX_ADD, 0, 2040, "v_add_u32");
    assert_int_equal(p->num_loads, 1);
    load_is(p, 0, "ds_read2_b64", 16, 0);
    assert_int_equal(p->loads[0].addr, 1);
    assert_int_equal(p->loads[0].encoded_offset, 0);
    assert_int_equal(p->loads[0].encoded_offset1, 1);
}

static void test_e6(void **st)
{
    (void)st;
    tmu_lp_request r = vec(4, 4, 4, 0, 1020);
    const tmu_lp_plan *p = aco(&r, TMU_LP_LDS, TMU_LP_GFX9);
    assert_int_equal(p->num_fixups, 1); /* CSE merges the two v_add 1020 */
    fix_is(p, 0, TMU_LP_FIX_ADD, 0, 1020, "v_add_u32");
    assert_int_equal(p->num_loads, 2);
    load_is(p, 0, "ds_read2_b32", 8, 0);
    assert_int_equal(p->loads[0].encoded_offset1, 1);
    load_is(p, 1, "ds_read2_b32", 8, 8);
    assert_int_equal(p->loads[1].encoded_offset, 2);
    assert_int_equal(p->loads[1].encoded_offset1, 3);
    assert_int_equal(p->loads[1].addr, 1);
}

static void test_e7(void **st)
{
    (void)st;
    tmu_lp_request r = vec(4, 4, 4, 0, 0);
    const tmu_lp_plan *p = aco(&r, TMU_LP_LDS, TMU_LP_GFX6);
    assert_int_equal(p->num_loads, 4);
    for (unsigned i = 0; i < 4; i++)
        load_is(p, i, "ds_read_b32", 4, 4 * i);
}

static void test_e8(void **st)
{
    (void)st;
    tmu_lp_request r = vec(3, 4, 16, 0, 0);
    r.offset_kind = TMU_LP_OFFSET_SGPR;
    const tmu_lp_plan *p = aco(&r, TMU_LP_SMEM, TMU_LP_GFX9);
    assert_int_equal(p->num_loads, 1);
    load_is(p, 0, "s_buffer_load_dwordx4", 16, 0);
    assert_int_equal(p->loads[0].useful, 12); /* trimmed to 3 */
    assert_true(p->sgpr_result);
}

static void test_e9(void **st)
{
    (void)st;
    tmu_lp_request r = vec(3, 4, 4, 0, 0);
    r.offset_kind = TMU_LP_OFFSET_SGPR64;
    r.smem_address = true;
    const tmu_lp_plan *p = aco(&r, TMU_LP_SMEM, TMU_LP_GFX9);
    assert_int_equal(p->num_loads, 2);
    load_is(p, 0, "s_load_dwordx2", 8, 0);
    load_is(p, 1, "s_load_dword", 4, 8);
    r.align_mul = 16;
    p = aco(&r, TMU_LP_SMEM, TMU_LP_GFX9);
    assert_int_equal(p->num_loads, 1);
    load_is(p, 0, "s_load_dwordx4", 16, 0);
}

static void test_e10(void **st)
{
    (void)st;
    tmu_lp_request r = vec(8, 4, 4, 0, 1100);
    r.offset_kind = TMU_LP_OFFSET_SGPR;
    const tmu_lp_plan *p = aco(&r, TMU_LP_SMEM, TMU_LP_GFX9);
    assert_int_equal(p->num_fixups, 2);
    fix_is(p, 0, TMU_LP_FIX_ADD, 0, 1024, "s_add_i32");
    fix_is(p, 1, TMU_LP_FIX_ADD, 1, 76, "s_add_u32");
    assert_int_equal(p->num_loads, 1);
    load_is(p, 0, "s_buffer_load_dwordx8", 32, 0);
    assert_int_equal(p->loads[0].addr, 2);
}

static void test_e11(void **st)
{
    (void)st;
    tmu_lp_request r = vec(1, 1, 4, 1, 0);
    r.offset_kind = TMU_LP_OFFSET_SGPR;
    const tmu_lp_plan *p = aco(&r, TMU_LP_SMEM, TMU_LP_GFX9);
    assert_int_equal(p->num_fixups, 1);
    fix_is(p, 0, TMU_LP_FIX_AND, 0, 0xfffffffcu, "s_and_b32");
    assert_int_equal(p->num_loads, 1);
    load_is(p, 0, "s_buffer_load_dword", 4, 0);
    assert_int_equal(p->loads[0].shift_kind, TMU_LP_SHIFT_CONST);
    assert_int_equal(p->loads[0].shift, 1);
    assert_string_equal(p->loads[0].shift_insn, "s_lshr_b32");
}

static void test_e12(void **st)
{
    (void)st;
    tmu_lp_request r = vec(4, 4, 4, 0, 5000);
    const tmu_lp_plan *p = aco(&r, TMU_LP_MUBUF, TMU_LP_GFX9);
    assert_int_equal(p->num_fixups, 1);
    fix_is(p, 0, TMU_LP_FIX_ADD, 0, 4096, "v_add_u32");
    assert_int_equal(p->num_loads, 1);
    load_is(p, 0, "buffer_load_dwordx4", 16, 904);
}

static void test_e13(void **st)
{
    (void)st;
    tmu_lp_request r = vec(3, 2, 4, 2, 0);
    const tmu_lp_plan *p = aco(&r, TMU_LP_MUBUF, TMU_LP_GFX9);
    assert_int_equal(p->num_fixups, 1);
    fix_is(p, 0, TMU_LP_FIX_AND, 0, 0xfffffffcu, "v_and_b32");
    load_is(p, 0, "buffer_load_dwordx2", 8, 0);
    assert_int_equal(p->loads[0].shift_kind, TMU_LP_SHIFT_CONST);
    assert_int_equal(p->loads[0].shift, 2); /* drop the first half */
    assert_int_equal(p->loads[0].useful, 6);
    lpc_result res; /* ACO is right here: the checker agrees */
    assert_true(lpc_check(&r, TMU_LP_MUBUF, TMU_LP_GFX9, p, false, &res));
}

static void test_e14(void **st)
{
    (void)st;
    tmu_lp_request r = vec(2, 1, 2, 1, 0);
    const tmu_lp_plan *p = aco(&r, TMU_LP_MUBUF, TMU_LP_GFX9);
    fix_is(p, 0, TMU_LP_FIX_AND, 0, 0xfffffffcu, "v_and_b32");
    assert_int_equal(p->num_loads, 1);
    load_is(p, 0, "buffer_load_dword", 4, 0);
    assert_int_equal(p->loads[0].shift_kind, TMU_LP_SHIFT_RUNTIME);
    assert_string_equal(p->loads[0].shift_insn, "v_alignbyte_b32");
    /* §6.1: under-reads when the address is 3 mod 4 — the checker must catch it */
    lpc_result res;
    assert_false(lpc_check(&r, TMU_LP_MUBUF, TMU_LP_GFX9, p, false, &res));
    assert_non_null(strstr(res.why, "after a 2-byte shift") ? res.why : strstr(res.why, "shift"));
    /* exact mode: 8 bytes */
    tmu_diag d;
    assert_int_equal(tmu_lp_plan_load(&r, TMU_LP_MUBUF, TMU_LP_GFX9, TMU_LP_EXACT, &P, &d), TMU_OK);
    assert_int_equal(P.num_loads, 1);
    load_is(&P, 0, "buffer_load_dwordx2", 8, 0);
}

static void test_e15_e16(void **st)
{
    (void)st;
    tmu_lp_request r = vec(3, 4, 4, 0, 0);
    const tmu_lp_plan *p = aco(&r, TMU_LP_GLOBAL, TMU_LP_GFX9);
    assert_int_equal(p->num_loads, 1);
    load_is(p, 0, "global_load_dwordx3", 12, 0);
    p = aco(&r, TMU_LP_GLOBAL, TMU_LP_GFX6);
    assert_int_equal(p->num_loads, 2);
    load_is(p, 0, "buffer_load_dwordx2", 8, 0);
    load_is(p, 1, "buffer_load_dword", 4, 8);
}

static void test_e17(void **st)
{
    (void)st;
    tmu_lp_request r = vec(1, 2, 1, 0, 0);
    const tmu_lp_plan *p = aco(&r, TMU_LP_GLOBAL, TMU_LP_GFX9);
    fix_is(p, 0, TMU_LP_FIX_AND, 0, 0xfffffffcu, "v_and_b32");
    load_is(p, 0, "global_load_dwordx2", 8, 0);
    assert_int_equal(p->loads[0].shift_kind, TMU_LP_SHIFT_RUNTIME);
    /* §6.4: with an aligned address the second dword is not wanted and may be on the next page */
    lpc_result res;
    assert_false(lpc_check(&r, TMU_LP_GLOBAL, TMU_LP_GFX9, p, false, &res));
    assert_non_null(strstr(res.why, "page"));
}

static void test_e18(void **st)
{
    (void)st;
    tmu_lp_request r = vec(4, 4, 4, 0, 32);
    r.component_stride = 16;
    r.swizzle_component_size = 4;
    const tmu_lp_plan *p = aco(&r, TMU_LP_MUBUF, TMU_LP_GFX9);
    assert_int_equal(p->num_loads, 4);
    for (unsigned i = 0; i < 4; i++)
        load_is(p, i, "buffer_load_dword", 4, 32 + 16 * i);
    r.component_stride = 4; /* GFX8: element size 4 */
    p = aco(&r, TMU_LP_MUBUF, TMU_LP_GFX8);
    assert_int_equal(p->num_loads, 4);
    for (unsigned i = 0; i < 4; i++)
        load_is(p, i, "buffer_load_dword", 4, 32 + 4 * i);
}

static void test_e19(void **st)
{
    (void)st;
    tmu_lp_request r = vec(4, 4, 16, 0, 3000);
    const tmu_lp_plan *p = aco(&r, TMU_LP_SCRATCH_FLAT, TMU_LP_GFX10);
    fix_is(p, 0, TMU_LP_FIX_ADD, 0, 2048, "v_add_nc_u32");
    assert_int_equal(p->num_loads, 1);
    load_is(p, 0, "scratch_load_dwordx4", 16, 952);
}

static void test_e20(void **st)
{
    (void)st;
    tmu_lp_request r = vec(3, 4, 4, 0, 0);
    const tmu_lp_plan *p = aco(&r, TMU_LP_MUBUF, TMU_LP_GFX6);
    assert_int_equal(p->num_loads, 1);
    load_is(p, 0, "buffer_load_dwordx4", 16, 0);
    assert_int_equal(p->loads[0].useful, 12);
}

/* ---- exact mode where ACO is inexact (docs/loadplan.md) ---------------------- */
static void exact_ok(const tmu_lp_request *r, tmu_lp_class cls, tmu_lp_gen gen)
{
    tmu_diag d;
    lpc_result res;
    assert_int_equal(tmu_lp_plan_load(r, cls, gen, TMU_LP_EXACT, &P, &d), TMU_OK);
    if (!lpc_check(r, cls, gen, &P, true, &res))
        fail_msg("exact plan fails the checker: %s", res.why);
}

static void test_diff_dword_shift(void **st)
{
    (void)st;
    /* §6.2: a u32 at align 2 — ACO widens and rounds down but never shifts */
    tmu_lp_request r = vec(1, 4, 2, 0, 0);
    lpc_result res;
    tmu_diag d;
    assert_int_equal(tmu_lp_plan_load(&r, TMU_LP_MUBUF, TMU_LP_GFX9, TMU_LP_ACO, &P, &d), TMU_OK);
    assert_int_equal(P.loads[0].shift_kind, TMU_LP_SHIFT_NONE);
    assert_false(lpc_check(&r, TMU_LP_MUBUF, TMU_LP_GFX9, &P, false, &res));
    exact_ok(&r, TMU_LP_MUBUF, TMU_LP_GFX9);
    assert_int_equal(P.num_loads, 1);
    load_is(&P, 0, "buffer_load_dwordx2", 8, 0);
    assert_int_equal(P.loads[0].shift_kind, TMU_LP_SHIFT_RUNTIME);
}

static void test_diff_long_subdword(void **st)
{
    (void)st;
    /* §6.3: 16 x u16 at align 2 — ACO asserts (the first load must cover all 32 bytes) */
    tmu_lp_request r = vec(16, 2, 2, 0, 0);
    tmu_diag d;
    lpc_result res;
    assert_int_equal(tmu_lp_plan_load(&r, TMU_LP_MUBUF, TMU_LP_GFX9, TMU_LP_ACO, &P, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "ACO asserts"));
    exact_ok(&r, TMU_LP_MUBUF, TMU_LP_GFX9);
    assert_int_equal(P.num_loads, 3); /* 16+16 bytes wanted, each widened load delivers >= 13 */
    /* 16 x u8 at align 1: ACO's one dwordx4 passes its assertion but misses the skewed tail */
    r = vec(16, 1, 1, 0, 0);
    assert_int_equal(tmu_lp_plan_load(&r, TMU_LP_MUBUF, TMU_LP_GFX9, TMU_LP_ACO, &P, &d), TMU_OK);
    assert_int_equal(P.num_loads, 1);
    assert_false(lpc_check(&r, TMU_LP_MUBUF, TMU_LP_GFX9, &P, false, &res));
    exact_ok(&r, TMU_LP_MUBUF, TMU_LP_GFX9);
    assert_int_equal(P.num_loads, 2);
    load_is(&P, 0, "buffer_load_dwordx4", 16, 0);
}

static void test_diff_global_page(void **st)
{
    (void)st;
    /* §6.4: E17 in exact mode never touches a page nobody asked for: two byte loads */
    tmu_lp_request r = vec(1, 2, 1, 0, 0);
    exact_ok(&r, TMU_LP_GLOBAL, TMU_LP_GFX9);
    assert_int_equal(P.num_loads, 2);
    load_is(&P, 0, "global_load_ubyte", 1, 0);
    load_is(&P, 1, "global_load_ubyte", 1, 1);
    /* the same on bounds-checked MUBUF may widen: one dwordx2 */
    exact_ok(&r, TMU_LP_MUBUF, TMU_LP_GFX9);
    assert_int_equal(P.num_loads, 1);
    load_is(&P, 0, "buffer_load_dwordx2", 8, 0);
}

static void test_diff_known_skew(void **st)
{
    (void)st;
    /* a known misalignment needs no AND: the immediate absorbs it (E13 in exact mode) */
    tmu_lp_request r = vec(3, 2, 4, 2, 0);
    exact_ok(&r, TMU_LP_MUBUF, TMU_LP_GFX9);
    assert_int_equal(P.num_fixups, 1);
    fix_is(&P, 0, TMU_LP_FIX_ADD, 0, 0xfffffffeu, "v_add_u32"); /* address - 2: c = 0 cannot go below 0 */
    load_is(&P, 0, "buffer_load_dwordx2", 8, 0);
    r.const_offset = 6; /* now the immediate takes c - 2 = 4 */
    exact_ok(&r, TMU_LP_MUBUF, TMU_LP_GFX9);
    assert_int_equal(P.num_fixups, 0);
    load_is(&P, 0, "buffer_load_dwordx2", 8, 4);
    assert_int_equal(P.loads[0].shift, 2);
}

static void test_diff_limits(void **st)
{
    (void)st;
    /* exact immediate limits: SMEM on gfx6 encodes 8-bit dword offsets (max 1020); ACO's 1024 */
    tmu_lp_request r = vec(1, 4, 4, 0, 1020);
    r.offset_kind = TMU_LP_OFFSET_SGPR64;
    r.smem_address = true;
    exact_ok(&r, TMU_LP_SMEM, TMU_LP_GFX6);
    assert_int_equal(P.num_fixups, 0);
    load_is(&P, 0, "s_load_dword", 4, 1020);
    assert_int_equal(P.loads[0].encoded_offset, 255);
    r.const_offset = 1024; /* beyond 255 dwords: one 64-bit add */
    exact_ok(&r, TMU_LP_SMEM, TMU_LP_GFX6);
    assert_int_equal(P.num_fixups, 1);
    assert_string_equal(P.fixups[0].insn, "s_add_u32+s_addc_u32");
    /* with an SGPR offset, SMEM before gfx9 has no room for an immediate: s_add, then offset 0 */
    r = vec(1, 4, 4, 0, 16);
    r.offset_kind = TMU_LP_OFFSET_SGPR;
    exact_ok(&r, TMU_LP_SMEM, TMU_LP_GFX8);
    assert_int_equal(P.num_fixups, 1);
    fix_is(&P, 0, TMU_LP_FIX_ADD, 0, 16, "s_add_u32");
    load_is(&P, 0, "s_buffer_load_dword", 4, 0);
    exact_ok(&r, TMU_LP_SMEM, TMU_LP_GFX9); /* gfx9 has soffset and an immediate */
    assert_int_equal(P.num_fixups, 0);
    load_is(&P, 0, "s_buffer_load_dword", 4, 16);
    /* GFX12 buffers take 23-bit immediates */
    r = vec(4, 4, 4, 0, 100000);
    exact_ok(&r, TMU_LP_MUBUF, TMU_LP_GFX12);
    assert_int_equal(P.num_fixups, 0);
    load_is(&P, 0, "buffer_load_b128", 16, 100000);
    /* gfx11 names */
    r = vec(2, 4, 8, 0, 0);
    exact_ok(&r, TMU_LP_LDS, TMU_LP_GFX11);
    load_is(&P, 0, "ds_load_b64", 8, 0);
}

static void test_errors(void **st)
{
    (void)st;
    tmu_diag d;
    tmu_lp_request r = vec(1, 4, 4, 4, 0);
    assert_int_equal(tmu_lp_plan_load(&r, TMU_LP_MUBUF, TMU_LP_GFX9, TMU_LP_EXACT, &P, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "align_offset"));
    r = vec(0, 4, 4, 0, 0);
    assert_int_equal(tmu_lp_plan_load(&r, TMU_LP_MUBUF, TMU_LP_GFX9, TMU_LP_EXACT, &P, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "0 components"));
    r = vec(1, 3, 4, 0, 0);
    assert_int_equal(tmu_lp_plan_load(&r, TMU_LP_MUBUF, TMU_LP_GFX9, TMU_LP_EXACT, &P, &d), TMU_ERR_INVALID_ARGUMENT);
    r = vec(1, 8, 8, 0, 0);
    assert_int_equal(tmu_lp_plan_load(&r, TMU_LP_MTBUF, TMU_LP_GFX9, TMU_LP_EXACT, &P, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "8-byte components"));
    r = vec(1, 4, 3, 0, 0);
    assert_int_equal(tmu_lp_plan_load(&r, TMU_LP_MUBUF, TMU_LP_GFX9, TMU_LP_EXACT, &P, &d), TMU_ERR_INVALID_ARGUMENT);
    r = vec(1, 4, 4, 0, 0);
    assert_int_equal(tmu_lp_plan_load(&r, TMU_LP_SCRATCH_FLAT, TMU_LP_GFX8, TMU_LP_EXACT, &P, &d), TMU_ERR_UNSUPPORTED);
    assert_int_equal(tmu_lp_plan_load(&r, TMU_LP_SMEM, TMU_LP_GFX9, TMU_LP_EXACT, &P, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "VGPR"));
    r.offset_kind = TMU_LP_OFFSET_CONST;
    r.offset_value = 2;
    assert_int_equal(tmu_lp_plan_load(&r, TMU_LP_MUBUF, TMU_LP_GFX9, TMU_LP_EXACT, &P, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(d.message, "constant address"));
    assert_int_equal(tmu_lp_plan_load(NULL, TMU_LP_MUBUF, TMU_LP_GFX9, TMU_LP_EXACT, &P, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_lp_plan_load(&r, (tmu_lp_class)99, TMU_LP_GFX9, TMU_LP_EXACT, &P, &d), TMU_ERR_INVALID_ARGUMENT);
    assert_int_equal(tmu_lp_plan_load(&r, TMU_LP_MUBUF, (tmu_lp_gen)5, TMU_LP_EXACT, &P, &d), TMU_ERR_INVALID_ARGUMENT);
}

static void test_names_and_tables(void **st)
{
    (void)st;
    tmu_lp_class c;
    tmu_lp_gen g;
    assert_int_equal(tmu_lp_class_from_name("MUBUF_format", &c), TMU_OK);
    assert_int_equal(c, TMU_LP_MUBUF_FORMAT);
    assert_int_equal(tmu_lp_class_from_name("mubuff", &c), TMU_ERR_NOT_FOUND);
    assert_int_equal(tmu_lp_gen_from_name("gfx10", &g), TMU_OK);
    assert_int_equal(g, TMU_LP_GFX10);
    assert_null(tmu_lp_gen_name((tmu_lp_gen)13));
    /* the seed's parameter sets: {byte_align_loads, supports_8bit_16bit_loads, max+1} */
    const tmu_lp_params *p = tmu_lp_params_get(TMU_LP_LDS, TMU_LP_GFX9, false);
    assert_false(p->byte_align_loads);
    assert_true(p->supports_8bit_16bit_loads);
    assert_int_equal(p->max_const_offset_plus_one, 0xffffffffu);
    p = tmu_lp_params_get(TMU_LP_SMEM, TMU_LP_GFX9, false);
    assert_true(p->byte_align_loads);
    assert_false(p->supports_8bit_16bit_loads);
    assert_int_equal(p->max_const_offset_plus_one, 1024);
    p = tmu_lp_params_get(TMU_LP_MTBUF, TMU_LP_GFX9, false);
    assert_false(p->byte_align_loads);
    assert_int_equal(p->max_const_offset_plus_one, 4096);
    p = tmu_lp_params_get(TMU_LP_SCRATCH_FLAT, TMU_LP_GFX9, false);
    assert_false(p->byte_align_loads);
    assert_int_equal(p->max_const_offset_plus_one, 4096);
    assert_null(tmu_lp_params_get(TMU_LP_SCRATCH_FLAT, TMU_LP_GFX8, false));
    assert_null(tmu_lp_params_get(TMU_LP_SCRATCH_MUBUF, TMU_LP_GFX9, false));
    p = tmu_lp_params_get(TMU_LP_GLOBAL, TMU_LP_GFX9, false);
    assert_true(p->byte_align_loads);
    assert_int_equal(p->max_const_offset_plus_one, 4096);
    /* ladders: MUBUF has no dwordx3 on gfx6 */
    const tmu_lp_insn *l;
    size_t n = tmu_lp_ladder(TMU_LP_MUBUF, false, &l);
    int x3_gfx6 = 0, x3_gfx7 = 0;
    for (size_t i = 0; i < n; i++)
        if (l[i].bytes == 12) {
            x3_gfx6 |= tmu_lp_insn_available(&l[i], TMU_LP_GFX6);
            x3_gfx7 |= tmu_lp_insn_available(&l[i], TMU_LP_GFX7);
        }
    assert_false(x3_gfx6);
    assert_true(x3_gfx7);
}

static void test_format_output(void **st)
{
    (void)st;
    tmu_lp_request r = vec(3, 2, 4, 2, 4100);
    tmu_diag d;
    char buf[4096];
    assert_int_equal(tmu_lp_plan_load(&r, TMU_LP_MUBUF, TMU_LP_GFX9, TMU_LP_EXACT, &P, &d), TMU_OK);
    size_t n = tmu_lp_format_json(&P, buf, sizeof(buf));
    assert_int_equal(n, strlen(buf));
    assert_non_null(strstr(buf, "\"loads\":[{\"op\":\"buffer_load_dwordx2\",\"bytes\":8,\"const_offset\":2,"));
    char tiny[8];
    size_t n2 = tmu_lp_format_json(&P, tiny, sizeof(tiny));
    assert_int_equal(n2, n); /* truncated output still reports the full length */
    assert_int_equal(strlen(tiny), 7);
    n = tmu_lp_format_text(&P, buf, sizeof(buf));
    assert_non_null(strstr(buf, "buffer_load_dwordx2"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_e1),  cmocka_unit_test(test_e2),  cmocka_unit_test(test_e3),
        cmocka_unit_test(test_e4),  cmocka_unit_test(test_e5),  cmocka_unit_test(test_e6),
        cmocka_unit_test(test_e7),  cmocka_unit_test(test_e8),  cmocka_unit_test(test_e9),
        cmocka_unit_test(test_e10), cmocka_unit_test(test_e11), cmocka_unit_test(test_e12),
        cmocka_unit_test(test_e13), cmocka_unit_test(test_e14), cmocka_unit_test(test_e15_e16),
        cmocka_unit_test(test_e17), cmocka_unit_test(test_e18), cmocka_unit_test(test_e19),
        cmocka_unit_test(test_e20), cmocka_unit_test(test_diff_dword_shift),
        cmocka_unit_test(test_diff_long_subdword), cmocka_unit_test(test_diff_global_page),
        cmocka_unit_test(test_diff_known_skew), cmocka_unit_test(test_diff_limits),
        cmocka_unit_test(test_errors), cmocka_unit_test(test_names_and_tables),
        cmocka_unit_test(test_format_output),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
