/* Private: per-generation properties of the GCN MIMG tables (src/gcn/tables.c). */
#ifndef TMU_GCN_TABLES_H
#define TMU_GCN_TABLES_H

#include "tmu/gcn.h"

/* Field layouts: where the fields sit.  gfx6-9 share one, gfx10 and gfx10.3 one, gfx11 one. */
typedef enum tmu_gcn_layout {
    TMU_GCN_LAYOUT_GCN = 0, /* gfx6-9: one 64-bit word */
    TMU_GCN_LAYOUT_GFX10,   /* gfx10, gfx10.3: 2 + NSA (0-3) dwords */
    TMU_GCN_LAYOUT_GFX11,   /* gfx11: 2 + NSA (0-1) dwords */
    TMU_GCN_LAYOUT_COUNT
} tmu_gcn_layout;

/* Per-generation facts that are not opcode or field rows. */
typedef struct tmu_gcn_gen_info {
    const char *name;       /* "gfx6" */
    const char *llvm_cpu;   /* llvm -mcpu name */
    uint8_t layout;         /* tmu_gcn_layout */
    uint8_t d16_supported;  /* bit 63 exists */
    uint8_t d16_packed;     /* two 16-bit values per VGPR */
    uint8_t sgpr_count;     /* addressable s0..s(N-1) as plain SGPRs in llvm-mc */
    uint8_t ttmp_base;      /* SGPR number of ttmp0 */
    uint8_t ttmp_count;     /* trap temporaries */
    uint32_t srsrc_ok;      /* derived: bit v set = SRSRC v names 8 usable SGPRs */
    uint32_t ssamp_ok;      /* derived: bit v set = SSAMP v names 4 usable SGPRs */
} tmu_gcn_gen_info;

/* Whether an SGPR tuple s[first .. first+count-1] names real registers (plain SGPRs below
 * nsgpr, or entirely inside the ttmp range tbase .. tbase+tcount-1), as llvm-mc 14's assembler
 * accepts.  A constant expression, so the per-generation masks below are computed from it. */
#define TMU_GCN_TUPLE_OK(first, count, nsgpr, tbase, tcount)                                     \
    ((first) + (count) - 1 < (nsgpr) ||                                                          \
     ((first) >= (tbase) && (first) + (count) - 1 < (tbase) + (tcount)))
#define TMU_GCN_TUPLE_BIT_(v, c, ns, tb, tc)                                                     \
    ((uint32_t)TMU_GCN_TUPLE_OK(4u * (v), c, ns, tb, tc) << (v))
#define TMU_GCN_TUPLE_B4_(v, c, ns, tb, tc)                                                      \
    (TMU_GCN_TUPLE_BIT_(v, c, ns, tb, tc) | TMU_GCN_TUPLE_BIT_((v) + 1, c, ns, tb, tc) |           \
     TMU_GCN_TUPLE_BIT_((v) + 2, c, ns, tb, tc) | TMU_GCN_TUPLE_BIT_((v) + 3, c, ns, tb, tc))
/* Bit v set = the tuple s[4v .. 4v+c-1] is usable (v = 0..31, an SRSRC or SSAMP value). */
#define TMU_GCN_TUPLE_MASK(c, ns, tb, tc)                                                        \
    (TMU_GCN_TUPLE_B4_(0u, c, ns, tb, tc) | TMU_GCN_TUPLE_B4_(4u, c, ns, tb, tc) |                \
     TMU_GCN_TUPLE_B4_(8u, c, ns, tb, tc) | TMU_GCN_TUPLE_B4_(12u, c, ns, tb, tc) |               \
     TMU_GCN_TUPLE_B4_(16u, c, ns, tb, tc) | TMU_GCN_TUPLE_B4_(20u, c, ns, tb, tc) |              \
     TMU_GCN_TUPLE_B4_(24u, c, ns, tb, tc) | TMU_GCN_TUPLE_B4_(28u, c, ns, tb, tc))

/* The tables below are defined here, once, as static const data so that decode and print
 * are compiled against constants (fast.h extracts the fields one row at a time); tables.c
 * exposes them through the public getters. */

/* The MIMG field table: one column of bit positions per layout (bits counted from the start of
 * the instruction, so the RDNA NSA dwords are bits 64 and up; gens = generations where the
 * field exists, 0 with width 0 where it does not).  No field crosses a dword.
 * Sources: reference/gcn-mimg.md section 1 (gfx6-9), reference/rdna-mimg.md 1.1-1.2 (RDNA:
 * LLVM's MIMGInstructions.td / SIInstrFormats.td as llvm-mc 16 shows them). */
/* The bit where the NSA address bytes start (ADDR1; ADDRk at + 8 (k - 1)): dword 2. */
#define TMU_GCN_NSA_LO 64u
#define GALL 0x1fu  /* every gfx6-9 generation */
#define G6_8 0x0fu  /* gfx6, gfx7, gfx8, gfx81 */
#define G9 0x10u
#define G10 0x60u   /* gfx10, gfx10.3 */
#define G11 0x80u
/* ADDR1 .. ADDRn (n = 0, 4 or 12 NSA address bytes), width 0 above n: byte k - 1 of the NSA
 * dwords, which follow the base 64 bits (the fast printer reads them as bytes from there) */
#define NSA_BYTES(G, n)                                                                         \
    [TMU_GCN_F_ADDR1] = {"ADDR1", TMU_GCN_NSA_LO + 0u, 8u * (n > 0), G},                          \
    [TMU_GCN_F_ADDR2] = {"ADDR2", TMU_GCN_NSA_LO + 8u, 8u * (n > 0), G},                          \
    [TMU_GCN_F_ADDR3] = {"ADDR3", TMU_GCN_NSA_LO + 16u, 8u * (n > 0), G},                         \
    [TMU_GCN_F_ADDR4] = {"ADDR4", TMU_GCN_NSA_LO + 24u, 8u * (n > 0), G},                         \
    [TMU_GCN_F_ADDR5] = {"ADDR5", TMU_GCN_NSA_LO + 32u, 8u * (n > 4), G * (n > 4)},               \
    [TMU_GCN_F_ADDR6] = {"ADDR6", TMU_GCN_NSA_LO + 40u, 8u * (n > 4), G * (n > 4)},               \
    [TMU_GCN_F_ADDR7] = {"ADDR7", TMU_GCN_NSA_LO + 48u, 8u * (n > 4), G * (n > 4)},               \
    [TMU_GCN_F_ADDR8] = {"ADDR8", TMU_GCN_NSA_LO + 56u, 8u * (n > 4), G * (n > 4)},               \
    [TMU_GCN_F_ADDR9] = {"ADDR9", TMU_GCN_NSA_LO + 64u, 8u * (n > 4), G * (n > 4)},               \
    [TMU_GCN_F_ADDR10] = {"ADDR10", TMU_GCN_NSA_LO + 72u, 8u * (n > 4), G * (n > 4)},             \
    [TMU_GCN_F_ADDR11] = {"ADDR11", TMU_GCN_NSA_LO + 80u, 8u * (n > 4), G * (n > 4)},             \
    [TMU_GCN_F_ADDR12] = {"ADDR12", TMU_GCN_NSA_LO + 88u, 8u * (n > 4), G * (n > 4)}

static const tmu_gcn_field_info tmu_gcn_fields[TMU_GCN_LAYOUT_COUNT][TMU_GCN_F_ALL] = {
    [TMU_GCN_LAYOUT_GCN] = {
        [TMU_GCN_F_OP7] = {"OP7", 0, 1, GALL},
        [TMU_GCN_F_IGN_LO] = {"IGNORED_1_7", 1, 7, GALL},
        [TMU_GCN_F_DMASK] = {"DMASK", 8, 4, GALL},
        [TMU_GCN_F_UNORM] = {"UNORM", 12, 1, GALL},
        [TMU_GCN_F_GLC] = {"GLC", 13, 1, GALL},
        [TMU_GCN_F_DA] = {"DA", 14, 1, GALL},
        [TMU_GCN_F_R128] = {"R128", 15, 1, G6_8},
        [TMU_GCN_F_A16] = {"A16", 15, 1, G9},
        [TMU_GCN_F_TFE] = {"TFE", 16, 1, GALL},
        [TMU_GCN_F_LWE] = {"LWE", 17, 1, GALL},
        [TMU_GCN_F_OPCODE] = {"OPCODE", 18, 7, GALL},
        [TMU_GCN_F_SLC] = {"SLC", 25, 1, GALL},
        [TMU_GCN_F_ENCODING] = {"ENCODING", 26, 6, GALL},
        [TMU_GCN_F_VADDR] = {"VADDR", 32, 8, GALL},
        [TMU_GCN_F_VDATA] = {"VDATA", 40, 8, GALL},
        [TMU_GCN_F_SRSRC] = {"SRSRC", 48, 5, GALL},
        [TMU_GCN_F_SSAMP] = {"SSAMP", 53, 5, GALL},
        [TMU_GCN_F_IGN_HI] = {"IGNORED_58_62", 58, 5, GALL},
        [TMU_GCN_F_D16] = {"D16", 63, 1, GALL}, /* defined on gfx8+; decode rejects it before */
        [TMU_GCN_F_NSA] = {"NSA", 0, 0, 0},
        [TMU_GCN_F_DIM] = {"DIM", 0, 0, 0},
        [TMU_GCN_F_DLC] = {"DLC", 0, 0, 0},
        [TMU_GCN_F_IGN_MID] = {"IGNORED_MID", 0, 0, 0},
        [TMU_GCN_F_IGN_TOP] = {"IGNORED_TOP", 0, 0, 0},
        NSA_BYTES(0u, 0) },
    [TMU_GCN_LAYOUT_GFX10] = {
        [TMU_GCN_F_OP7] = {"OPM", 0, 1, G10},
        [TMU_GCN_F_NSA] = {"NSA", 1, 2, G10},
        [TMU_GCN_F_DIM] = {"DIM", 3, 3, G10},
        [TMU_GCN_F_IGN_LO] = {"IGNORED_6", 6, 1, G10},
        [TMU_GCN_F_DLC] = {"DLC", 7, 1, G10},
        [TMU_GCN_F_DMASK] = {"DMASK", 8, 4, G10},
        [TMU_GCN_F_UNORM] = {"UNORM", 12, 1, G10},
        [TMU_GCN_F_GLC] = {"GLC", 13, 1, G10},
        [TMU_GCN_F_IGN_MID] = {"IGNORED_14", 14, 1, G10},
        [TMU_GCN_F_R128] = {"R128", 15, 1, G10},
        [TMU_GCN_F_TFE] = {"TFE", 16, 1, G10},
        [TMU_GCN_F_LWE] = {"LWE", 17, 1, G10},
        [TMU_GCN_F_OPCODE] = {"OPCODE", 18, 7, G10},
        [TMU_GCN_F_SLC] = {"SLC", 25, 1, G10},
        [TMU_GCN_F_ENCODING] = {"ENCODING", 26, 6, G10},
        [TMU_GCN_F_VADDR] = {"VADDR", 32, 8, G10},
        [TMU_GCN_F_VDATA] = {"VDATA", 40, 8, G10},
        [TMU_GCN_F_SRSRC] = {"SRSRC", 48, 5, G10},
        [TMU_GCN_F_SSAMP] = {"SSAMP", 53, 5, G10},
        [TMU_GCN_F_IGN_HI] = {"IGNORED_58_61", 58, 4, G10},
        [TMU_GCN_F_A16] = {"A16", 62, 1, G10},
        [TMU_GCN_F_D16] = {"D16", 63, 1, G10},
        [TMU_GCN_F_DA] = {"DA", 0, 0, 0},
        [TMU_GCN_F_IGN_TOP] = {"IGNORED_TOP", 0, 0, 0},
        NSA_BYTES(G10, 12) },
    [TMU_GCN_LAYOUT_GFX11] = {
        [TMU_GCN_F_NSA] = {"NSA", 0, 1, G11},
        [TMU_GCN_F_IGN_LO] = {"IGNORED_1", 1, 1, G11},
        [TMU_GCN_F_DIM] = {"DIM", 2, 3, G11},
        [TMU_GCN_F_IGN_MID] = {"IGNORED_5_6", 5, 2, G11},
        [TMU_GCN_F_UNORM] = {"UNORM", 7, 1, G11},
        [TMU_GCN_F_DMASK] = {"DMASK", 8, 4, G11},
        [TMU_GCN_F_SLC] = {"SLC", 12, 1, G11},
        [TMU_GCN_F_DLC] = {"DLC", 13, 1, G11},
        [TMU_GCN_F_GLC] = {"GLC", 14, 1, G11},
        [TMU_GCN_F_R128] = {"R128", 15, 1, G11},
        [TMU_GCN_F_A16] = {"A16", 16, 1, G11},
        [TMU_GCN_F_D16] = {"D16", 17, 1, G11},
        [TMU_GCN_F_OPCODE] = {"OPCODE", 18, 8, G11},
        [TMU_GCN_F_ENCODING] = {"ENCODING", 26, 6, G11},
        [TMU_GCN_F_VADDR] = {"VADDR", 32, 8, G11},
        [TMU_GCN_F_VDATA] = {"VDATA", 40, 8, G11},
        [TMU_GCN_F_SRSRC] = {"SRSRC", 48, 5, G11},
        [TMU_GCN_F_TFE] = {"TFE", 53, 1, G11},
        [TMU_GCN_F_LWE] = {"LWE", 54, 1, G11},
        [TMU_GCN_F_IGN_HI] = {"IGNORED_55_57", 55, 3, G11},
        [TMU_GCN_F_SSAMP] = {"SSAMP", 58, 5, G11},
        [TMU_GCN_F_IGN_TOP] = {"IGNORED_63", 63, 1, G11},
        [TMU_GCN_F_OP7] = {"OP7", 0, 0, 0},
        [TMU_GCN_F_DA] = {"DA", 0, 0, 0},
        NSA_BYTES(G11, 4) },
};
#undef GALL
#undef G6_8
#undef G9
#undef G10
#undef G11
#undef NSA_BYTES

/* The gfx6-9 column (the executor and the 64-bit fast path read it by this name). */
#define tmu_gcn_field_rows (tmu_gcn_fields[TMU_GCN_LAYOUT_GCN])

/* Register files as llvm-mc 14 names and accepts them: gfx6/7 have 104 SGPRs, gfx8/9 102
 * (s102+ are flat_scratch/xnack/vcc); ttmp0 is SGPR 112 before gfx9 (12 ttmps), 108 on gfx9
 * (16 ttmps).  RDNA as llvm-mc 16: 106 SGPRs (s106/s107 are vcc), ttmp0 = 108, 16 ttmps
 * (reference/rdna-mimg.md section 6).  The SRSRC/SSAMP masks are derived from these numbers. */
#define TMU_GCN_GEN_ROW(name, cpu, lay, d16s, d16p, ns, tb, tc)                                   \
    {name, cpu, lay, d16s, d16p, ns, tb, tc, TMU_GCN_TUPLE_MASK(8u, ns, tb, tc),                   \
     TMU_GCN_TUPLE_MASK(4u, ns, tb, tc)}
static const tmu_gcn_gen_info tmu_gcn_gens[TMU_GCN_GEN_ALL] = {
    [TMU_GCN_GFX6] = TMU_GCN_GEN_ROW("gfx6", "tahiti", TMU_GCN_LAYOUT_GCN, 0, 0, 104u, 112u, 12u),
    [TMU_GCN_GFX7] = TMU_GCN_GEN_ROW("gfx7", "bonaire", TMU_GCN_LAYOUT_GCN, 0, 0, 104u, 112u, 12u),
    [TMU_GCN_GFX8] = TMU_GCN_GEN_ROW("gfx8", "tonga", TMU_GCN_LAYOUT_GCN, 1, 0, 102u, 112u, 12u),
    [TMU_GCN_GFX81] = TMU_GCN_GEN_ROW("gfx81", "gfx810", TMU_GCN_LAYOUT_GCN, 1, 1, 102u, 112u, 12u),
    [TMU_GCN_GFX9] = TMU_GCN_GEN_ROW("gfx9", "gfx900", TMU_GCN_LAYOUT_GCN, 1, 1, 102u, 108u, 16u),
    [TMU_GCN_GFX10] = TMU_GCN_GEN_ROW("gfx10", "gfx1010", TMU_GCN_LAYOUT_GFX10, 1, 1, 106u, 108u, 16u),
    [TMU_GCN_GFX103] = TMU_GCN_GEN_ROW("gfx10.3", "gfx1030", TMU_GCN_LAYOUT_GFX10, 1, 1, 106u, 108u, 16u),
    [TMU_GCN_GFX11] = TMU_GCN_GEN_ROW("gfx11", "gfx1100", TMU_GCN_LAYOUT_GFX11, 1, 1, 106u, 108u, 16u),
};
_Static_assert(TMU_GCN_GFX10 == TMU_GCN_GEN_COUNT, "RDNA generations follow the GCN ones");
_Static_assert(TMU_GCN_GEN_ALL <= 8, "tmu_gcn_field_info.gens holds one bit per generation");
#undef TMU_GCN_GEN_ROW

/* Row for a generation (caller checks the range). */
static inline const tmu_gcn_gen_info *tmu_gcn_gen_info_get(tmu_gcn_gen gen)
{
    return &tmu_gcn_gens[gen];
}

/* Whether an SGPR tuple s[first .. first+count-1] names real registers on gen (plain SGPRs
 * below sgpr_count, or entirely inside the ttmp range), as llvm-mc 14's assembler accepts. */
static inline bool tmu_gcn_sgpr_tuple_ok(tmu_gcn_gen gen, unsigned first, unsigned count)
{
    const tmu_gcn_gen_info *g = &tmu_gcn_gens[gen];
    return TMU_GCN_TUPLE_OK(first, count, (unsigned)g->sgpr_count, (unsigned)g->ttmp_base,
                            (unsigned)g->ttmp_count);
}

/* Operand rules of an opcode row as constant expressions of its class and flags, so that the
 * derived per-row table (tmu_gcn_row_fasts, tables.c) and the inline helpers below share them.
 *   takes a sampler (SSAMP): sample, gather4, get_lod;
 *   D16 allowed: not _pck forms, atomics, get_resinfo, get_lod;
 *   legal DMASK values (bit d = DMASK d) with TFE clear / set: gather4 exactly one bit; atomics
 *   0x1 or 0x3 without TFE, 0x1 with it; cmpswap 0x3 or 0xf without TFE, 0x1 with it (llvm-mc 14
 *   takes its 2-register VDATA as the 64-bit cmpswap form); anything else every value.  With TFE
 *   the larger atomic DMASKs are INVALID by the vectors' strict definition: llvm-mc 14 decodes
 *   them but its assembler has no VDATA size for them (docs/gcn-mimg.md §3.6). */
#define TMU_GCN_CLS_SAMPLER(cls)                                                                 \
    ((cls) == TMU_GCN_CLASS_SAMPLE || (cls) == TMU_GCN_CLASS_GATHER ||                           \
     (cls) == TMU_GCN_CLASS_GET_LOD)
#define TMU_GCN_D16_OK(cls, flags)                                                               \
    (!((flags) & TMU_GCN_OPF_PCK) && (cls) != TMU_GCN_CLASS_ATOMIC &&                            \
     (cls) != TMU_GCN_CLASS_RESINFO && (cls) != TMU_GCN_CLASS_GET_LOD)
#define TMU_GCN_DMASK_OK(cls, flags, tfe)                                                        \
    ((cls) == TMU_GCN_CLASS_GATHER                                                               \
         ? 0x0116u                                                                               \
         : (cls) != TMU_GCN_CLASS_ATOMIC                                                         \
               ? 0xffffu                                                                         \
               : (tfe) ? 0x0002u : ((flags) & TMU_GCN_OPF_CMPSWAP) ? 0x8008u : 0x000au)
/* llvm-mc 14 prints one VGPR plus one per extra argument (offset, bias, z-compare, derivatives
 * as a group); lod/clamp/mip and the coordinates beyond the first do not count. */
#define TMU_GCN_VADDR_MIN(flags)                                                                 \
    (1u + !!((flags) & TMU_GCN_OPF_OFFSET) + !!((flags) & TMU_GCN_OPF_BIAS) +                    \
     !!((flags) & TMU_GCN_OPF_COMPARE) + !!((flags) & TMU_GCN_OPF_DERIV))

/* RDNA operand rules (reference/rdna-mimg.md sections 4, 5 and 9, llvm-mc 16):
 *   legal DMASK values with TFE clear / set: gather4 one bit; atomics 0x1 or 0x3 without TFE,
 *   0x1 with it (LLVM 16 has no 3-register atomic VDATA); cmpswap 0x3 or 0xf without TFE, 0x1
 *   with it (LLVM 16 takes the 2-register VDATA as its 64-bit cmpswap form and re-assembles it:
 *   llvm-mc 16 --strict, fresh-oracle campaign, docs/rdna-mimg.md section 15); BVH 0xf; anything
 *   else every value (gfx11 image_msaa_load: one bit, decode.c);
 *   address VGPRs (AMDGPU::getAddrSizeMIMGOp): extra (_o, _b, _c: one dword each) + the
 *   coordinates of DIM and lod/clamp/mip (halved, rounding up, with A16) + the derivatives of DIM
 *   (32-bit: one per VGPR whatever A16 says; _g16: two per VGPR, each direction padded to a pair);
 *   get_resinfo 1; BVH 11 (bvh64 12), 3 fewer with A16;
 *   the counts LLVM 16 has variants for: load/store/atomic/get_resinfo 1-4; sampling
 *   extra + 1..3 (+1 with lod/clamp), with derivatives extra + 1..9, _g16 extra + 2..7 (+1 with
 *   clamp); contiguous (non-NSA) also the 4- or 8-VGPR class after a range ending at 3 or 7. */
#define TMU_GCN_RDNA_DMASK_OK(cls, flags, tfe)                                                   \
    ((cls) == TMU_GCN_CLASS_GATHER  ? 0x0116u                                                    \
     : (cls) == TMU_GCN_CLASS_BVH   ? 0x8000u                                                    \
     : (cls) != TMU_GCN_CLASS_ATOMIC ? 0xffffu                                                   \
     : ((flags) & TMU_GCN_OPF_CMPSWAP) ? ((tfe) ? 0x0002u : 0x8008u)                             \
                                       : ((tfe) ? 0x0002u : 0x000au))
#define TMU_GCN_DIM_COORDS(d) ((d) == 0 ? 1u : ((d) == 1 || (d) == 4) ? 2u : (d) == 7 ? 4u : 3u)
#define TMU_GCN_DIM_GRADS(d) (((d) == 0 || (d) == 4) ? 2u : (d) == 2 ? 6u : 4u)
#define TMU_GCN_EXTRA(flags)                                                                     \
    ((unsigned)!!((flags) & TMU_GCN_OPF_OFFSET) + !!((flags) & TMU_GCN_OPF_BIAS) +               \
     !!((flags) & TMU_GCN_OPF_COMPARE))
#define TMU_GCN_LCM(cls, flags)                                                                  \
    ((unsigned)((cls) == TMU_GCN_CLASS_RESINFO ||                                                \
                ((flags) & (TMU_GCN_OPF_LOD | TMU_GCN_OPF_CLAMP | TMU_GCN_OPF_MIP)) != 0))
#define TMU_GCN_COMPS(cls, flags, d)                                                             \
    (((cls) == TMU_GCN_CLASS_RESINFO ? 0u : TMU_GCN_DIM_COORDS(d)) + TMU_GCN_LCM(cls, flags))
#define TMU_GCN_RDNA_ADDR(cls, flags, d, a16)                                                    \
    ((cls) == TMU_GCN_CLASS_BVH                                                                  \
         ? (((flags) & TMU_GCN_OPF_BVH64) ? 12u : 11u) - 3u * (a16)                              \
         : TMU_GCN_EXTRA(flags) +                                                                \
               ((a16) ? (TMU_GCN_COMPS(cls, flags, d) + 1u) / 2u : TMU_GCN_COMPS(cls, flags, d)) + \
               (!((flags) & TMU_GCN_OPF_DERIV) ? 0u                                              \
                : ((flags) & TMU_GCN_OPF_G16)  ? (TMU_GCN_DIM_GRADS(d) / 2u + 1u) / 2u * 2u      \
                                               : TMU_GCN_DIM_GRADS(d)))
#define TMU_GCN_BITS_(lo, hi) ((2u << (hi)) - (1u << (lo)))
#define TMU_GCN_ADDR_HI_(flags)                                                                  \
    ((!((flags) & TMU_GCN_OPF_DERIV) ? 3u : ((flags) & TMU_GCN_OPF_G16) ? 7u : 9u) +             \
     !!((flags) & (TMU_GCN_OPF_LOD | TMU_GCN_OPF_CLAMP)))
#define TMU_GCN_ADDR_LO_(flags) (((flags) & TMU_GCN_OPF_G16) ? 2u : 1u)
#define TMU_GCN_RDNA_ADDR_OK(cls, flags, nsa)                                                    \
    ((cls) == TMU_GCN_CLASS_BVH ? 0u                                                             \
     : !TMU_GCN_CLS_SAMPLER(cls)                                                                 \
         ? TMU_GCN_BITS_(1u, 4u)                                                                 \
         : TMU_GCN_BITS_(TMU_GCN_ADDR_LO_(flags) + TMU_GCN_EXTRA(flags),                         \
                         TMU_GCN_ADDR_HI_(flags) + TMU_GCN_EXTRA(flags)) |                       \
               ((!(nsa) && (TMU_GCN_ADDR_HI_(flags) + TMU_GCN_EXTRA(flags) == 3u ||              \
                            TMU_GCN_ADDR_HI_(flags) + TMU_GCN_EXTRA(flags) == 7u))               \
                    ? 2u << (TMU_GCN_ADDR_HI_(flags) + TMU_GCN_EXTRA(flags))                     \
                    : 0u))

/* RDNA: whether a row returns four texels whatever DMASK says (gather4; gfx11's MSAA load),
 * and whether DMASK dm, TFE tfe and D16 d16 pass the rules on DMASK (one bit when four texels
 * come back; the atomic values), D16 (not on _pck, atomics, get_resinfo, get_lod) and the data
 * size (LLVM 16 has no 3-register form of a gather4 with D16 and TFE; gfx11's MSAA load has one:
 * llvm-mc 16 --strict decodes and re-assembles it).  The same rules as tmu_gcn_rdna_check's, as
 * one table per row (tables.c). */
#define TMU_GCN_RDNA_GL(cls, flags, g11)                                                         \
    ((cls) == TMU_GCN_CLASS_GATHER || (((flags) & TMU_GCN_OPF_MSAA) && (g11)))
#define TMU_GCN_RDNA_DATA_OK(cls, flags, g11, dm, tfe, d16)                                      \
    ((!TMU_GCN_RDNA_GL(cls, flags, g11) || ((0x0116u >> (dm)) & 1u)) &&                           \
     ((TMU_GCN_RDNA_DMASK_OK(cls, flags, tfe) >> (dm)) & 1u) &&                                    \
     (!(d16) || TMU_GCN_D16_OK(cls, flags)) &&                                                    \
     !((cls) == TMU_GCN_CLASS_GATHER && (d16) && (tfe)))

/* Whether an opcode row takes a sampler (SSAMP): sample, gather4, get_lod. */
static inline bool tmu_gcn_uses_sampler(const tmu_gcn_opcode_info *op)
{
    return TMU_GCN_CLS_SAMPLER(op->cls);
}

/* Whether D16 is allowed on an opcode row (not _pck, atomics, get_resinfo, get_lod). */
static inline bool tmu_gcn_d16_allowed(const tmu_gcn_opcode_info *op)
{
    return TMU_GCN_D16_OK(op->cls, op->flags);
}

/* Facts derived (at compile time, in tables.c) from each opcode row for the decode/print fast
 * path; tmu_gcn_row_fasts[i] belongs to tmu_gcn_opcode_rows[i]. */
typedef struct tmu_gcn_row_fast {
    uint16_t dmask_ok[2]; /* [TFE]: TMU_GCN_DMASK_OK */
    uint8_t sampler;      /* TMU_GCN_CLS_SAMPLER */
    uint8_t d16_ok;       /* TMU_GCN_D16_OK */
    uint8_t vaddr_min;    /* TMU_GCN_VADDR_MIN: the VADDR count llvm-mc prints */
    uint8_t vdata_extra;  /* 3 for gather4 (4 registers from its one DMASK bit), else 0 */
    uint8_t vdata_max;    /* highest first VDATA register llvm-mc decodes: 252 gather4, else 255 */
    uint8_t name_len;     /* strlen of the mnemonic */
    /* RDNA */
    uint16_t rdna_dmask_ok[2]; /* [TFE]: TMU_GCN_RDNA_DMASK_OK */
    uint64_t rdna_data_ok[2];  /* [gen is gfx11]: TMU_GCN_RDNA_DATA_OK, bit DMASK | TFE << 4 |
                                * D16 << 5 set = those three pass the DMASK, D16 and TFE rules */
    uint16_t addr_ok[2];       /* [NSA]: TMU_GCN_RDNA_ADDR_OK, bit n = an n-address variant */
    uint8_t addr_n[16];        /* [DIM * 2 + A16]: TMU_GCN_RDNA_ADDR */
} tmu_gcn_row_fast;

/* The opcode table (tables.c), its derived facts and the direct opcode index:
 * tmu_gcn_op_index[gen][opcode] is the row number + 1, 0 when the opcode is not defined on gen
 * (gfx6-9: 7-bit opcodes, entries 128-255 unused; RDNA: 8-bit; entries 256 and up are the
 * spare slots of the absent columns). */
#define TMU_GCN_OP_INDEX_SIZE 384
extern const tmu_gcn_opcode_info tmu_gcn_opcode_rows[];
extern const tmu_gcn_row_fast tmu_gcn_row_fasts[];
extern const uint8_t tmu_gcn_op_index[TMU_GCN_GEN_ALL][TMU_GCN_OP_INDEX_SIZE];

#endif
