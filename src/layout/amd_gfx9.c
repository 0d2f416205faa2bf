/* AMD gfx9 (Vega10/12/20, Raven) swizzle-mode surfaces, laid out and addressed as AMD's address
 * library (addrlib, Gfx9Lib) does in Addr2ComputeSurfaceInfo and
 * Addr2ComputeSurfaceAddrFromCoord.
 *
 * Layout (tmu_layout_gfx9_init): the rules of Gfx9Lib::HwlComputeSurfaceInfoSanityCheck,
 * HwlComputeSurfaceInfoTiled / HwlComputeSurfaceInfoLinear, GetMipChainInfo and GetMipStartPos,
 * re-expressed here.  The numbers tmu reports are addrlib's own (ADDR2_MIP_INFO.offset is
 * addrlib's running "offset" of GetMipChainInfo, reported as is).
 *
 * Addressing (tmu_layout_gfx9_address): inside one swizzle block, the byte offset addrlib's
 * HwlComputeSurfaceAddrFromCoordTiled computes is a GF(2)-linear function of the bits of x, y,
 * slice and sample (bit permutations: micro tile, Morton interleave, sample placement; XORs:
 * pipe / bank folding, slice XOR), plus per-level constants (mip tail offset, pipeBankXor).
 * Init derives that function symbolically (each bit of a 32-bit word is a mask of the coordinate
 * bits XORed into it, following addrlib's 32-bit arithmetic exactly, truncations included) and
 * stores it as 13 nibble tables (x, y, slice: 4 nibbles each; sample: one), so an address is 13
 * table loads XORed plus the block index arithmetic — no branches.  Linear surfaces use the same
 * formula with empty tables and one-element "blocks".
 *
 * Choices where addrlib is silent (documented in docs/layouts.md by the lead):
 *  - tmu_surface_level.size / slice_size: bytes of the level's padded extent (pitch x
 *    padded_height x bytes x samples per slice; times padded_depth for 3D, times the slice count
 *    for 1D/2D arrays); 0 for levels in the mip tail (they share the tail block of the first one).
 *  - in_tail: GetMipStartPos's verdict (the level is addressed inside the mip tail); single-level
 *    surfaces are never "in the tail" (addrlib does not compute a tail for them).
 *  - sizes and offsets are computed in 64 bits (addrlib's mip "offset" is 32-bit arithmetic; they
 *    agree whenever it does not wrap).
 *  - swizzle_mode 32 (ADDR_SW_LINEAR_GENERAL) is accepted: linear with an unaligned pitch.
 *
 * MSAA (2D, one level).  Addr2ComputeSurfaceInfo takes numFrags = numSamples when it is left 0,
 * so the surface info (block_w/h, pitch, sizes) always counts every fragment: thin blocks shrink
 * by the fragment count (Gfx9Lib::ComputeThinBlockDimension, width first).  The address call
 * (Addr2ComputeSurfaceAddrFromCoord, HwlComputeSurfaceAddrFromCoordTiled) re-derives the layout
 * with numFrags = max(numFrags, 1) for the block dimensions and pitch / height in blocks, but
 * places the sample bits by numSamples either way: Z modes just above the element bytes (Morton
 * index x numSamples + sample), the other modes in the top log2(numSamples) bits of the block
 * (XORed in by non-PRT XOR modes, replacing those bits otherwise), then the pipe / bank folding
 * (no slice XOR with MSAA).  tmu_surface_desc.fragments picks the convention:
 *  - fragments == samples (the hardware's layout): numFrags = numSamples.  The Morton bits of
 *    the MSAA block fill exactly the block bytes the sample bits leave, so every (x, y, slice,
 *    sample) has its own address inside the surface.
 *  - fragments == 0 (the conformance vectors' convention): numFrags 1, blocks walked with
 *    single-sample dimensions while the sample bits still go where numSamples puts them.  That
 *    map is not one-to-one (the vectors themselves repeat addresses).
 *  - anything else (EQAA: fewer fragments than samples) is refused. */
#include <stdbool.h>
#include <string.h>

#include "layout/internal.h"

/* ------------------------------------------------------------------------------------------ */
/* Swizzle modes (AddrSwizzleMode numbering) and their properties: Gfx9Lib::SwizzleModeTable.  */

enum {
    SWF_LINEAR = 1u << 0,
    SWF_256B = 1u << 1,
    SWF_4KB = 1u << 2,
    SWF_64KB = 1u << 3,
    SWF_Z = 1u << 4,
    SWF_S = 1u << 5,
    SWF_D = 1u << 6,
    SWF_R = 1u << 7,
    SWF_X = 1u << 8,  /* XOR (pipe/bank) mode: _X and _T */
    SWF_T = 1u << 9,  /* PRT XOR mode (_T) */
};

#define SW_LINEAR_GENERAL 32u /* addrlib ADDR_SW_LINEAR_GENERAL (no T# encoding) */

static const uint16_t sw_props[33] = {
    [0] = SWF_LINEAR,
    [1] = SWF_256B | SWF_S, [2] = SWF_256B | SWF_D, [3] = SWF_256B | SWF_R,
    [4] = SWF_4KB | SWF_Z, [5] = SWF_4KB | SWF_S, [6] = SWF_4KB | SWF_D, [7] = SWF_4KB | SWF_R,
    [8] = SWF_64KB | SWF_Z, [9] = SWF_64KB | SWF_S, [10] = SWF_64KB | SWF_D,
    [11] = SWF_64KB | SWF_R,
    /* 12..15: SW_VAR_*: gfx9 never enables the variable block size */
    [16] = SWF_64KB | SWF_Z | SWF_X | SWF_T, [17] = SWF_64KB | SWF_S | SWF_X | SWF_T,
    [18] = SWF_64KB | SWF_D | SWF_X | SWF_T, [19] = SWF_64KB | SWF_R | SWF_X | SWF_T,
    [20] = SWF_4KB | SWF_Z | SWF_X, [21] = SWF_4KB | SWF_S | SWF_X,
    [22] = SWF_4KB | SWF_D | SWF_X, [23] = SWF_4KB | SWF_R | SWF_X,
    [24] = SWF_64KB | SWF_Z | SWF_X, [25] = SWF_64KB | SWF_S | SWF_X,
    [26] = SWF_64KB | SWF_D | SWF_X, [27] = SWF_64KB | SWF_R | SWF_X,
    /* 28..31: SW_VAR_*_X: not on gfx9 */
    [SW_LINEAR_GENERAL] = SWF_LINEAR,
};

/* ------------------------------------------------------------------------------------------ */
/* Chip parameters: Gfx9Lib::HwlInitGlobalParams (GB_ADDR_CONFIG) and HwlConvertChipFamily.    */

#define FAMILY_AI 141u /* Vega10, Vega12, Vega20 */
#define FAMILY_RV 142u /* Raven, Raven2, Renoir */

typedef struct g9_chip {
    uint32_t pipes_log2, interleave_log2, banks_log2, se_log2;
    int display_engine; /* 0 none known, 1 DCE12 (Vega), 2 DCN1 (Raven/Raven2), 3 DCN2 (Renoir) */
} g9_chip;

static tmu_status decode_chip(const tmu_amd_chip *chip, g9_chip *c, tmu_diag *diag)
{
    const uint32_t g = chip->gb_addr_config;
    const uint32_t num_pipes = g & 7u, interleave = (g >> 3) & 7u, banks = (g >> 12) & 7u;
    const uint32_t se = (g >> 19) & 3u, rb_per_se = (g >> 26) & 3u;
    if (num_pipes > 5u || interleave > 3u || banks > 4u || rb_per_se > 2u)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "chip %s: gb_addr_config 0x%08x has a reserved NUM_PIPES, "
                            "PIPE_INTERLEAVE_SIZE, NUM_BANKS or NUM_RB_PER_SE value",
                            chip->name, g);
    c->pipes_log2 = num_pipes;
    c->interleave_log2 = 8u + interleave;
    c->banks_log2 = banks;
    c->se_log2 = se;
    /* ASIC revision ranges (amdgpu_asic_addr.h): Raven [0x01, 0x81), Raven2 [0x81, 0x91),
     * Renoir [0x91, 0xff). */
    if (chip->family == FAMILY_AI) {
        c->display_engine = 1;
    } else if (chip->family == FAMILY_RV) {
        uint32_t r = chip->revision;
        c->display_engine = (r >= 0x01u && r < 0x91u) ? 2 : (r >= 0x91u && r < 0xffu) ? 3 : 0;
    } else {
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "chip %s: family %u is not a gfx9 family (141 AI, 142 RV)",
                            chip->name, chip->family);
    }
    return TMU_OK;
}

/* Display-engine swizzle support (Gfx9Lib::IsValidDisplaySwizzleMode), as masks over
 * AddrSwizzleMode numbers. */
static bool display_mode_ok(const g9_chip *c, uint32_t sw, uint32_t bpp)
{
#define M(n) (1u << (n))
    const uint32_t dce12_other = M(0) | M(6) | M(7) | M(10) | M(11) | M(22) | M(23) | M(26) | M(27);
    const uint32_t dce12_32 = dce12_other | M(2) | M(3);
    const uint32_t dcn1_small = M(0) | M(5) | M(9) | M(17) | M(21) | M(25);
    const uint32_t dcn1_64 = dcn1_small | M(6) | M(10) | M(18) | M(22) | M(26);
    const uint32_t dcn2_small = M(0) | M(9) | M(17) | M(25);
    const uint32_t dcn2_64 = dcn2_small | M(10) | M(18) | M(26);
#undef M
    const uint32_t bit = sw < 32u ? 1u << sw : 0u;
    switch (c->display_engine) {
    case 1: return bpp == 32 ? (dce12_32 & bit) != 0 : bpp <= 64 && (dce12_other & bit) != 0;
    case 2: return bpp < 64 ? (dcn1_small & bit) != 0 : bpp == 64 && (dcn1_64 & bit) != 0;
    case 3: return bpp < 64 ? (dcn2_small & bit) != 0 : bpp == 64 && (dcn2_64 & bit) != 0;
    default: return false;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Block geometry.                                                                              */

typedef struct dim3 {
    uint32_t w, h, d;
} dim3;

/* 256-byte 2D micro tile and 1 KiB 3D micro block, in elements, by log2(element bytes)
 * (addrlib Lib::Block256_2d, Lib::Block1K_3d). */
static const dim3 micro2d[5] = {{16, 16, 1}, {16, 8, 1}, {8, 8, 1}, {8, 4, 1}, {4, 4, 1}};
static const dim3 micro3d[5] = {{16, 8, 8}, {8, 8, 8}, {8, 8, 4}, {8, 4, 4}, {4, 4, 4}};
/* A 256-byte thick block (Gfx9Lib::Block256_3dZ): the last mip dimensions of a thick tail. */
static const dim3 block256_thick[5] = {{8, 4, 8}, {4, 4, 8}, {4, 4, 4}, {4, 2, 4}, {2, 2, 4}};

/* Start of each mip in a mip tail, in 256-byte units, indexed by
 * (index in tail + 20 - log2 block bytes) (Gfx9Lib::MipTailOffset256B, GetMipStartPos). */
static const uint32_t tail_offset_256[16] = {2048, 1024, 512, 256, 128, 64, 32, 16,
                                             8,    6,    5,   4,   3,   2,  1,  0};

static uint32_t ilog2(uint32_t v)
{
    uint32_t l = 0;
    while (v > 1u) {
        v >>= 1;
        l++;
    }
    return l;
}

static uint32_t align_pow2(uint32_t v, uint32_t a) { return (v + a - 1u) & ~(a - 1u); }
static uint32_t half_up(uint32_t v) { return (v >> 1) + (v & 1u); } /* addrlib RoundHalf */
static uint32_t max1(uint32_t v) { return v ? v : 1u; }

/* What the engine needs to know about a (resource, swizzle mode) pair. */
typedef struct g9_mode {
    uint32_t props;
    uint32_t blk_log2;        /* 8, 12, 16 */
    bool thick;               /* 3D with Z or S: 1 KiB micro blocks (HwlIsThick) */
    bool tex3d;
} g9_mode;

/* Swizzle block in elements (Lib::ComputeBlockDimensionForSurf with Gfx9Lib's thin rule). */
static dim3 block_dim(const g9_mode *m, uint32_t elog2, uint32_t slog2)
{
    dim3 b;
    if (m->thick) {
        /* ComputeThickBlockDimension: the 1 KiB block grown by 2^(k/3) in each of w, h, d,
         * the remainder going to d first, then h. */
        uint32_t k = m->blk_log2 - 10u, avg = k / 3u, rest = k % 3u;
        b.w = micro3d[elog2].w << avg;
        b.h = micro3d[elog2].h << (avg + rest / 2u);
        b.d = micro3d[elog2].d << (avg + (rest != 0u));
    } else {
        /* Gfx9Lib::ComputeThinBlockDimension: the 256 B tile grown, height first; samples
         * shrink it, width first for even block sizes. */
        uint32_t k = m->blk_log2 - 8u, wa = k / 2u, ha = k - wa;
        b.w = micro2d[elog2].w << wa;
        b.h = micro2d[elog2].h << ha;
        b.d = 1;
        uint32_t q = slog2 >> 1, r = slog2 & 1u;
        if (m->blk_log2 & 1u) {
            b.w >>= q;
            b.h >>= q + r;
        } else {
            b.w >>= q + r;
            b.h >>= q;
        }
    }
    return b;
}

/* Largest first mip of the tail (Lib::GetMipTailDim; gfx9 blocks are even-sized when thin). */
static dim3 tail_dim(const g9_mode *m, dim3 blk)
{
    if (!m->thick) {
        blk.w >>= 1;
        return blk;
    }
    switch (m->blk_log2 % 3u) {
    case 0: blk.h >>= 1; break;
    case 1: blk.w >>= 1; break;
    default: blk.d >>= 1; break;
    }
    return blk;
}

static bool fits_tail(const g9_mode *m, dim3 t, uint32_t w, uint32_t h, uint32_t d)
{
    return w <= t.w && h <= t.h && (!m->thick || d <= t.d); /* Gfx9Lib::IsInMipTail */
}

enum { MAJOR_X, MAJOR_Y, MAJOR_Z };

/* Gfx9Lib::GetMajorMode: the direction mips 2, 4, 5, ... are stacked in. */
static int major_mode(const g9_mode *m, uint32_t wb, uint32_t hb, uint32_t db)
{
    bool y = wb < hb, x = !y;
    if (m->thick) {
        y = y && hb >= db;
        x = x && wb >= db;
    }
    return x ? MAJOR_X : y ? MAJOR_Y : MAJOR_Z;
}

/* ------------------------------------------------------------------------------------------ */
/* Symbolic 32-bit words over GF(2): each bit is the XOR of the coordinate bits set in its mask.*/

typedef uint64_t g9_sym;
enum { CX = 0, CY = 1, CZ = 2, CS = 3 }; /* coordinate x, y, slice, sample: 16 mask bits each */
#define SYM(c, i) ((g9_sym)1 << (16u * (unsigned)(c) + (unsigned)(i)))

typedef struct g9_word {
    g9_sym b[32];
} g9_word;

static g9_word w_zero(void)
{
    g9_word w;
    memset(&w, 0, sizeof w);
    return w;
}

/* coordinate c shifted right by sh (coordinates have at most 16 bits; samples 4) */
static g9_word w_coord(int c, uint32_t sh, uint32_t nbits)
{
    g9_word w = w_zero();
    for (uint32_t i = 0; i + sh < nbits && i < 32u; i++)
        w.b[i] = SYM(c, i + sh);
    return w;
}

static g9_word w_shl(g9_word a, uint32_t n)
{
    g9_word w = w_zero();
    for (uint32_t i = n; i < 32u; i++)
        w.b[i] = a.b[i - n];
    return w;
}

static g9_word w_shr(g9_word a, uint32_t n)
{
    g9_word w = w_zero();
    for (uint32_t i = 0; i + n < 32u; i++)
        w.b[i] = a.b[i + n];
    return w;
}

static g9_word w_xor(g9_word a, g9_word b)
{
    for (int i = 0; i < 32; i++)
        a.b[i] ^= b.b[i];
    return a;
}

static g9_word w_low(g9_word a, uint32_t n) /* keep bits [0, n) */
{
    for (uint32_t i = n; i < 32u; i++)
        a.b[i] = 0;
    return a;
}

static g9_word w_reverse(g9_word a, uint32_t n) /* bits [0, n) reversed; addrlib ReverseBitVector */
{
    g9_word w = w_zero();
    for (uint32_t i = 0; i < n; i++)
        w.b[i] = a.b[n - 1u - i];
    return w;
}

/* Interleave: bit k*i + j = src[j] bit i, for i < n (addrlib MortonGen2d / MortonGen3d list the
 * channels from the most significant one). */
static g9_word w_interleave(const g9_word *src, uint32_t k, uint32_t n)
{
    g9_word w = w_zero();
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < k; j++)
            if (k * i + j < 32u)
                w.b[k * i + j] = src[j].b[i];
    return w;
}

/* addrlib FoldXor2d: low n bits XOR the next n bits reversed. */
static g9_word w_fold2(g9_word v, uint32_t n)
{
    return w_xor(w_low(v, n), w_reverse(w_shr(v, n), n));
}

/* addrlib FoldXor3d: low n bits XOR the reversed even and odd bits above them. */
static g9_word w_fold3(g9_word v, uint32_t n)
{
    g9_word even = w_zero(), odd = w_zero();
    for (uint32_t i = 0; i < n; i++) {
        if (n + 2u * i < 32u)
            even.b[i] = v.b[n + 2u * i];
        if (n + 1u + 2u * i < 32u)
            odd.b[i] = v.b[n + 1u + 2u * i];
    }
    return w_xor(w_low(v, n), w_xor(w_reverse(even, n), w_reverse(odd, n)));
}

/* ------------------------------------------------------------------------------------------ */
/* Micro tiles as bit lists: for byte-address bits elog2 upwards, which coordinate bit lands
 * there.  These are the 256 B (2D) and 1 KiB (3D) orders of Gfx9Lib's ComputeBlock256Equation /
 * ComputeThickEquation (= Lib::ComputeSurface2DMicroBlockOffset / 3DMicroBlockOffset).       */

#define X_(i) (uint8_t)(0x10u | (i))
#define Y_(i) (uint8_t)(0x20u | (i))
#define Z_(i) (uint8_t)(0x30u | (i))

static const uint8_t tile2d_s[5][8] = {
    {X_(0), X_(1), X_(2), X_(3), Y_(0), Y_(1), Y_(2), Y_(3)},
    {X_(0), X_(1), X_(2), Y_(0), Y_(1), Y_(2), X_(3)},
    {X_(0), X_(1), Y_(0), Y_(1), Y_(2), X_(2)},
    {X_(0), Y_(0), Y_(1), X_(1), X_(2)},
    {Y_(0), Y_(1), X_(0), X_(1)},
};
static const uint8_t tile2d_d[5][8] = {
    {X_(0), X_(1), X_(2), Y_(1), Y_(0), Y_(2), X_(3), Y_(3)},
    {X_(0), X_(1), X_(2), Y_(0), Y_(1), Y_(2), X_(3)},
    {X_(0), X_(1), Y_(0), X_(2), Y_(1), Y_(2)},
    {X_(0), Y_(0), X_(1), X_(2), Y_(1)},
    {X_(0), Y_(0), X_(1), Y_(1)},
};
static const uint8_t tile2d_r[5][8] = {
    {Y_(0), Y_(1), Y_(2), X_(1), X_(0), X_(2), X_(3), Y_(3)},
    {Y_(0), Y_(1), Y_(2), X_(0), X_(1), X_(2), X_(3)},
    {Y_(0), Y_(1), X_(0), Y_(2), X_(1), X_(2)},
    {Y_(0), X_(0), Y_(1), X_(1), X_(2)},
    {0}, /* 128 bpp rotated: rejected */
};
static const uint8_t tile3d_z[5][10] = {
    {X_(0), Y_(0), X_(1), Y_(1), Z_(0), Z_(1), X_(2), Z_(2), Y_(2), X_(3)},
    {X_(0), Y_(0), X_(1), Y_(1), Z_(0), Z_(1), Z_(2), Y_(2), X_(2)},
    {X_(0), Y_(0), X_(1), Z_(0), Y_(1), Z_(1), Y_(2), X_(2)},
    {X_(0), Y_(0), Z_(0), X_(1), Z_(1), Y_(1), X_(2)},
    {X_(0), Y_(0), Z_(0), Z_(1), Y_(1), X_(1)},
};
static const uint8_t tile3d_s[5][10] = {
    {X_(0), X_(1), X_(2), X_(3), Y_(0), Y_(1), Z_(0), Z_(1), Z_(2), Y_(2)},
    {X_(0), X_(1), X_(2), Y_(0), Y_(1), Z_(0), Z_(1), Z_(2), Y_(2)},
    {X_(0), X_(1), Y_(0), Y_(1), Z_(0), Z_(1), Y_(2), X_(2)},
    {X_(0), Y_(0), Y_(1), Z_(0), Z_(1), X_(1), X_(2)},
    {Y_(0), Y_(1), Z_(0), Z_(1), X_(0), X_(1)},
};

static g9_word w_tile(const uint8_t *list, uint32_t first, uint32_t end)
{
    g9_word w = w_zero();
    for (uint32_t i = first; i < end; i++) {
        uint8_t e = list[i - first];
        if (e)
            w.b[i] = SYM((e >> 4) - 1u, e & 15u);
    }
    return w;
}

/* The in-block byte offset as addrlib's HwlComputeSurfaceAddrFromCoordTiled computes it, as a
 * symbolic word (before the per-level constants: mip tail offset and pipeBankXor). */
static g9_word block_offset_eq(const g9_mode *m, const g9_chip *c, uint32_t elog2,
                               uint32_t slog2, uint32_t pipe_bits, uint32_t bank_bits)
{
    const uint32_t blk = m->blk_log2, il = c->interleave_log2;
    const bool x_mode = (m->props & SWF_X) != 0, prt = (m->props & SWF_T) != 0;
    const g9_word sample = w_coord(CS, 0, slog2);
    g9_word w;
    if (m->thick) {
        /* 1 KiB micro block, then x/y/z Morton order of micro blocks (z lowest), 8 bits each */
        const uint8_t *t = (m->props & SWF_Z) ? tile3d_z[elog2] : tile3d_s[elog2];
        dim3 mb = micro3d[elog2];
        g9_word ch[3] = {w_coord(CZ, ilog2(mb.d), 16), w_coord(CY, ilog2(mb.h), 16),
                         w_coord(CX, ilog2(mb.w), 16)};
        w = w_xor(w_tile(t, elog2, 10), w_shl(w_interleave(ch, 3, 8), 10));
    } else if (m->props & SWF_Z) {
        /* Morton order of elements (x lowest); 8 and 32 bpp continue with y lowest above the
         * first 6 - elog2 bits.  Samples take the lowest bits, then the element bytes. */
        if (elog2 == 0 || elog2 == 2) {
            uint32_t mort = (6u - elog2) / 2u;
            g9_word lo[2] = {w_coord(CX, 0, 16), w_coord(CY, 0, 16)};
            g9_word hi[2] = {w_coord(CY, mort, 16), w_coord(CX, mort, 16)};
            w = w_xor(w_interleave(lo, 2, mort), w_shl(w_interleave(hi, 2, 9), 2u * mort));
        } else {
            g9_word lo[2] = {w_coord(CX, 0, 16), w_coord(CY, 0, 16)};
            w = w_interleave(lo, 2, 13);
        }
        w = w_xor(w_shl(w, slog2), sample);
        w = w_shl(w, elog2);
    } else {
        /* 256 B micro tile, then Morton order of micro tiles (y lowest), 12 bits each */
        /* a 3D D-mode surface (thin) uses the standard tile (Gfx9Lib::HwlIsStandardSwizzle) */
        const uint8_t(*t)[8] = (m->props & SWF_S) || m->tex3d ? tile2d_s
                               : (m->props & SWF_D)           ? tile2d_d
                                                              : tile2d_r;
        dim3 mb = micro2d[elog2];
        g9_word ch[2] = {w_coord(CY, ilog2(mb.h), 16), w_coord(CX, ilog2(mb.w), 16)};
        w = w_xor(w_tile(t[elog2], elog2, 8), w_shl(w_interleave(ch, 2, 12), 8));
        /* samples: the top bits of the block (XORed in by non-PRT XOR modes, else replacing) */
        uint32_t start = blk - slog2;
        if (!(x_mode && !prt))
            w = w_low(w, start);
        w = w_xor(w, w_shl(sample, start));
    }
    if (x_mode) {
        if (prt)
            w = w_low(w, blk);
        /* pipe bits then bank bits above the pipe interleave, each XORed with the reversed
         * bits above it (FoldXor2d thin / FoldXor3d thick) */
        g9_word keep = w_low(w, il);
        g9_word v = w_shr(w, il);
        g9_word pipe = m->thick ? w_fold3(v, pipe_bits) : w_fold2(v, pipe_bits);
        v = w_shr(v, pipe_bits);
        g9_word bank = m->thick ? w_fold3(v, bank_bits) : w_fold2(v, bank_bits);
        v = w_shr(v, bank_bits);
        w = w_xor(w_shl(v, bank_bits), w_low(bank, bank_bits));
        w = w_xor(w_shl(w, pipe_bits), w_low(pipe, pipe_bits));
        w = w_xor(w_shl(w, il), keep);
        if (!m->thick && !prt && slog2 == 0) {
            /* slice XOR of thin non-PRT XOR modes (not MSAA): slice bits reversed into the
             * pipe, then the next ones into the bank bits */
            g9_word z = w_coord(CZ, 0, 16);
            w = w_xor(w, w_shl(w_reverse(z, pipe_bits), il));
            w = w_xor(w, w_shl(w_reverse(w_shr(z, pipe_bits), bank_bits), il + pipe_bits));
        }
    }
    return w_low(w, blk);
}

/* ------------------------------------------------------------------------------------------ */
/* Private state in tmu_surface.impl (all 64-bit words, the type impl is declared with).       */

typedef struct g9_level {
    uint64_t x0, y0, z0; /* first block of the level (GetMipStartPos), in blocks */
    uint64_t xor_const;  /* mip tail offset ^ pipeBankXor bits */
} g9_level;

typedef struct g9_impl {
    uint64_t tab[13][16]; /* nibble tables: x 0-3, y 4-7, slice 8-11, sample 12 */
    g9_level lvl[TMU_SURFACE_MAX_LEVELS];
    uint64_t pitch_blocks, slice_blocks;
    uint64_t blk_log2, bw_log2, bh_log2, bd_log2;
} g9_impl;
TMU_LAYOUT_IMPL_FITS(g9_impl);

static g9_impl *impl_of(tmu_surface *s) { return (g9_impl *)(void *)s->impl; }

uint64_t tmu_layout_gfx9_address(const tmu_surface *surf, uint32_t level, uint32_t x, uint32_t y,
                                 uint32_t slice, uint32_t sample)
{
    const g9_impl *p = (const g9_impl *)(const void *)surf->impl;
    const g9_level *l = &p->lvl[level & (TMU_SURFACE_MAX_LEVELS - 1u)];
    const uint64_t(*t)[16] = p->tab;
    uint64_t off = l->xor_const ^ t[0][x & 15u] ^ t[1][(x >> 4) & 15u] ^ t[2][(x >> 8) & 15u] ^
                   t[3][(x >> 12) & 15u] ^ t[4][y & 15u] ^ t[5][(y >> 4) & 15u] ^
                   t[6][(y >> 8) & 15u] ^ t[7][(y >> 12) & 15u] ^ t[8][slice & 15u] ^
                   t[9][(slice >> 4) & 15u] ^ t[10][(slice >> 8) & 15u] ^
                   t[11][(slice >> 12) & 15u] ^ t[12][sample & 15u];
    uint64_t bx = (x >> p->bw_log2) + l->x0;
    uint64_t by = (y >> p->bh_log2) + l->y0;
    uint64_t bz = (slice >> p->bd_log2) + l->z0;
    return ((bz * p->slice_blocks + by * p->pitch_blocks + bx) << p->blk_log2) | off;
}

static void build_tables(g9_impl *p, const g9_word *w, uint32_t blk)
{
    for (int g = 0; g < 13; g++) {
        int c = g / 4;
        uint32_t base = 4u * (uint32_t)(g % 4);
        uint64_t col[4] = {0, 0, 0, 0};
        for (uint32_t j = 0; j < 4u; j++)
            for (uint32_t b = 0; b < blk; b++)
                if (w->b[b] & SYM(c, base + j))
                    col[j] |= (uint64_t)1 << b;
        for (uint32_t v = 0; v < 16u; v++) {
            uint64_t e = 0;
            for (uint32_t j = 0; j < 4u; j++)
                if (v & (1u << j))
                    e ^= col[j];
            p->tab[g][v] = e;
        }
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Validation: Gfx9Lib::ValidateNonSwModeParams / ValidateSwModeParams, plus the checks of      */
/* Addr2ComputeSurfaceAddrFromCoord (pipeBankXor).                                             */

static tmu_status validate(const tmu_surface_desc *d, const g9_chip *c, const g9_mode *m,
                           tmu_diag *diag)
{
    const uint32_t sw = d->swizzle_mode, f = d->flags, pr = m->props;
    const char *name = tmu_amd_swizzle_mode_name(sw);
    const bool zbuf = (f & (TMU_SURF_DEPTH | TMU_SURF_STENCIL)) != 0;
    const bool display = (f & TMU_SURF_DISPLAY) != 0, prt = (f & TMU_SURF_PRT) != 0;
    const bool msaa = d->samples > 1, mip = d->levels > 1;
    const bool t1 = d->rsrc == TMU_SURF_1D, t3 = d->rsrc == TMU_SURF_3D;
#define FAIL(...) return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, __VA_ARGS__)
    if (d->samples > 8)
        FAIL("samples %u: gfx9 surfaces have at most 8 fragments", d->samples);
    if (t1 && (msaa || zbuf || display))
        FAIL("rsrc 1D: 1D surfaces cannot be multisampled, depth/stencil or displayable");
    if (t3 && (msaa || zbuf || display))
        FAIL("rsrc 3D: 3D surfaces cannot be multisampled, depth/stencil or displayable");
    if (msaa && ((uint64_t)1 << m->blk_log2) < ((uint64_t)1 << c->interleave_log2) * d->samples)
        FAIL("swizzle_mode %s with samples %u: the block must hold a pipe interleave per "
             "sample", name, d->samples);
    if (display && !display_mode_ok(c, sw, d->bpp))
        FAIL("swizzle_mode %s: not displayable at %u bpp on this chip", name, d->bpp);
    if (prt && (pr & SWF_X) && !(pr & SWF_T))
        FAIL("swizzle_mode %s: a PRT surface cannot use a non-PRT XOR (_X) mode", name);
    if (t1 && !(pr & SWF_LINEAR))
        FAIL("swizzle_mode %s: gfx9 1D surfaces must be SW_LINEAR", name);
    if (pr & SWF_LINEAR) {
        if ((!t1 && prt) || zbuf || msaa)
            FAIL("swizzle_mode %s: linear surfaces cannot be PRT (unless 1D), depth/stencil "
                 "or multisampled", name);
    } else if (pr & SWF_Z) {
        if ((msaa && (f & TMU_SURF_COLOR)) || (!t3 && d->bpp > 64) || (msaa && d->bpp > 32))
            FAIL("swizzle_mode %s: Z modes take no MSAA colour, no 2D element over 64 bits and "
                 "no MSAA element over 32 bits (bpp %u, samples %u)", name, d->bpp, d->samples);
    } else if (pr & SWF_S) {
        if (zbuf || (t3 && d->bpp == 128 && (f & TMU_SURF_COLOR)))
            FAIL("swizzle_mode %s: S modes take no depth/stencil nor 128-bit 3D colour", name);
    } else if (pr & SWF_D) {
        bool zmax = t3 && mip && d->slices >= d->width && d->slices >= d->height;
        if (zbuf || (prt && t3) || zmax)
            FAIL("swizzle_mode %s: D modes take no depth/stencil, no PRT 3D, and no 3D mip "
                 "chain whose depth is its largest extent", name);
    } else { /* R */
        if (zbuf || d->bpp > 64 || t3)
            FAIL("swizzle_mode %s: R modes take no depth/stencil, no 3D and no element over "
                 "64 bits", name);
    }
    if ((pr & SWF_256B) && (prt || zbuf || t3 || mip || msaa))
        FAIL("swizzle_mode %s: 256 B modes take no PRT, depth/stencil, 3D, mip chain or MSAA",
             name);
#undef FAIL
    return TMU_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Level extents common to every path.                                                          */

static void fill_extents(tmu_surface *s, const tmu_surface_desc *d)
{
    for (uint32_t i = 0; i < d->levels; i++) {
        tmu_surface_level *l = &s->level[i];
        l->width = max1(d->width >> i);
        l->height = d->rsrc == TMU_SURF_1D ? 1u : max1(d->height >> i);
        l->depth = d->rsrc == TMU_SURF_3D ? max1(d->slices >> i) : d->slices;
        l->tile_index = -1;
        l->macro_index = -1;
    }
}

/* Linear (Gfx9Lib::HwlComputeSurfaceInfoLinear / ComputeSurfaceLinearPadding; addresses by
 * Lib::ComputeSurfaceAddrFromCoordLinear). */
static tmu_status init_linear(tmu_surface *s, const tmu_surface_desc *d, tmu_diag *diag)
{
    const uint32_t bytes = d->bpp / 8u, elog2 = ilog2(bytes);
    const bool general = d->swizzle_mode == SW_LINEAR_GENERAL;
    const bool prt = (d->flags & TMU_SURF_PRT) != 0;
    const uint32_t align = prt ? 65536u : 256u;
    g9_impl *p = impl_of(s);
    uint32_t pitch, rows;
    uint32_t row0[TMU_SURFACE_MAX_LEVELS];
    if (d->rsrc == TMU_SURF_1D) {
        if (d->height > 1)
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                                "height %u: a 1D surface has height 1", d->height);
        pitch = align_pow2(d->width, align / bytes);
        rows = d->levels;
        for (uint32_t i = 0; i < d->levels; i++) {
            row0[i] = i;
            s->level[i].padded_height = 1;
            s->level[i].padded_depth = 1;
        }
    } else {
        pitch = align_pow2(d->width, general ? 1u : 256u / bytes);
        uint32_t h = d->height, total = 0;
        for (uint32_t i = 0; i < d->levels; i++) {
            row0[i] = total;
            s->level[i].padded_height = h;
            s->level[i].padded_depth = d->rsrc == TMU_SURF_3D ? d->slices : 1u;
            total += h;
            h = max1(half_up(h));
        }
        rows = d->levels > 1 ? total : d->height;
    }
    s->pitch = pitch;
    s->height = d->height;
    s->depth = d->slices;
    s->slice_size = (uint64_t)pitch * rows * bytes;
    s->size = s->slice_size * d->slices;
    s->base_align = general ? bytes : align;
    s->block_w = general ? 1u : 256u / bytes;
    s->block_h = 1;
    s->block_d = 1;
    for (uint32_t i = 0; i < d->levels; i++) {
        tmu_surface_level *l = &s->level[i];
        l->offset = (uint64_t)pitch * row0[i] * bytes;
        l->pitch = pitch;
        l->slice_size = (uint64_t)pitch * l->padded_height * bytes;
        l->size = l->slice_size * (d->rsrc == TMU_SURF_3D ? l->padded_depth : d->slices);
        p->lvl[i].y0 = row0[i];
    }
    /* one element per "block": address = ((slice * rows + row0 + y) * pitch + x) * bytes */
    p->blk_log2 = elog2;
    p->pitch_blocks = pitch;
    p->slice_blocks = (uint64_t)pitch * rows;
    return TMU_OK;
}

/* Tiled (Gfx9Lib::HwlComputeSurfaceInfoTiled, GetMipChainInfo, GetMipStartPos). */
static tmu_status init_tiled(tmu_surface *s, const g9_chip *c, const g9_mode *m,
                             const tmu_surface_desc *d, tmu_diag *diag)
{
    const uint32_t bytes = d->bpp / 8u, elog2 = ilog2(bytes), slog2 = ilog2(d->samples);
    const uint32_t blk = m->blk_log2, levels = d->levels;
    const uint32_t xor_bits = blk - c->interleave_log2;
    const uint32_t pipe_bits = xor_bits < c->pipes_log2 + c->se_log2 ? xor_bits
                                                                     : c->pipes_log2 + c->se_log2;
    const uint32_t bank_bits = xor_bits - pipe_bits < c->banks_log2 ? xor_bits - pipe_bits
                                                                    : c->banks_log2;
    g9_impl *p = impl_of(s);

    if (d->pipe_bank_xor != 0 && !(m->props & SWF_X))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "pipe_bank_xor %u: %s is not an XOR (_X / _T) mode", d->pipe_bank_xor,
                            tmu_amd_swizzle_mode_name(d->swizzle_mode));
    if ((uint64_t)d->pipe_bank_xor >= ((uint64_t)1 << (pipe_bits + bank_bits)))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "pipe_bank_xor %u: %s on this chip has %u pipe and %u bank XOR bits",
                            d->pipe_bank_xor, tmu_amd_swizzle_mode_name(d->swizzle_mode),
                            pipe_bits, bank_bits);

    const dim3 b = block_dim(m, elog2, slog2);
    const dim3 tail = tail_dim(m, b);
    uint32_t pitch_align = b.w;
    if (d->rsrc == TMU_SURF_2D && (d->flags & TMU_SURF_DISPLAY) && levels <= 1 && d->samples <= 1)
        pitch_align = align_pow2(pitch_align, 32); /* display engine pitch */
    uint32_t pitch = align_pow2(d->width, pitch_align);
    uint32_t height = align_pow2(d->height, b.h);
    uint32_t slices = align_pow2(d->slices, b.d);
    uint32_t chain_pitch = pitch, chain_height = height;
    const uint32_t chain_slices = slices;
    uint32_t first_tail = levels;
    bool chain_in_tail = false;

    if (levels > 1) {
        /* GetMipChainInfo: each level aligned to blocks until it fits the tail, then the tail's
         * levels, ending with 256-byte ones */
        uint32_t w = d->width, h = d->height, dd = m->tex3d ? d->slices : 1u;
        uint64_t offset = 0;
        bool in_tail = false, last = false;
        const bool thin3d = m->tex3d && !m->thick;
        for (uint32_t i = 0; i < levels; i++) {
            if (in_tail) {
                if (!last) {
                    uint64_t sz = (uint64_t)w * h * (m->thick ? dd : 1u) * bytes;
                    if (sz <= 256u) {
                        dim3 f = m->thick ? block256_thick[elog2] : micro2d[elog2];
                        w = f.w;
                        h = f.h;
                        if (m->thick)
                            dd = f.d;
                        last = true;
                    }
                }
            } else if (fits_tail(m, tail, w, h, dd)) {
                in_tail = true;
                first_tail = i;
                w = tail.w;
                h = tail.h;
                if (m->thick)
                    dd = tail.d;
            } else {
                w = align_pow2(w, b.w);
                h = align_pow2(h, b.h);
                if (m->thick)
                    dd = align_pow2(dd, b.d);
            }
            s->level[i].pitch = w;
            s->level[i].padded_height = h;
            s->level[i].padded_depth = dd;
            s->level[i].offset = offset;
            offset += (uint64_t)w * h * dd * bytes;
            if (last) {
                if (thin3d)
                    dd = max1(dd >> 1);
            } else {
                w = max1(w >> 1);
                h = max1(h >> 1);
                if (m->tex3d)
                    dd = max1(dd >> 1);
            }
        }
        uint32_t ending = first_tail < levels - 1u ? first_tail : levels - 1u;
        if (ending == 0) {
            pitch = tail.w;
            height = tail.h;
            slices = m->thick ? tail.d : d->slices;
            chain_in_tail = true;
        } else {
            /* mip 1 goes beside (y major) or below (else) mip 0; one more block when mip 1 is
             * one block wide and mips 2+ follow */
            uint32_t wb = pitch / b.w, hb = height / b.h;
            if (major_mode(m, wb, hb, slices / b.d) == MAJOR_Y) {
                uint32_t w1 = half_up(wb);
                if (w1 == 1u && ending > 2u)
                    w1++;
                chain_pitch += w1 * b.w;
            } else {
                uint32_t h1 = half_up(hb);
                if (h1 == 1u && ending > 2u)
                    h1++;
                chain_height += h1 * b.h;
            }
        }
    } else {
        s->level[0].pitch = pitch;
        s->level[0].padded_height = height;
        s->level[0].padded_depth = m->tex3d ? slices : 1u;
        s->level[0].offset = 0;
    }

    s->pitch = pitch;
    s->height = height;
    s->depth = slices;
    s->block_w = b.w;
    s->block_h = b.h;
    s->block_d = b.d;
    s->mip_chain_in_tail = chain_in_tail;
    s->first_tail_mip = first_tail;
    s->slice_size = (uint64_t)chain_pitch * chain_height * bytes * d->samples;
    s->size = s->slice_size * chain_slices;
    uint32_t align = (m->props & SWF_X) ? 1u << blk : 256u;
    if (!(m->props & SWF_256B) && (d->flags & (TMU_SURF_COLOR | TMU_SURF_DEPTH | TMU_SURF_STENCIL)) &&
        (d->flags & TMU_SURF_TEXTURE)) {
        /* pipe-aligned metadata for texture fetch */
        uint32_t meta = 1u << (c->interleave_log2 + c->pipes_log2 + c->se_log2);
        if (meta > align)
            align = meta;
    }
    if ((d->flags & TMU_SURF_PRT) && align < 65536u)
        align = 65536u;
    s->base_align = align;

    p->blk_log2 = blk;
    p->bw_log2 = ilog2(b.w);
    p->bh_log2 = ilog2(b.h);
    p->bd_log2 = ilog2(b.d);
    p->pitch_blocks = chain_pitch / b.w;
    p->slice_blocks = (uint64_t)(chain_height / b.h) * p->pitch_blocks;
    if (slog2 && d->fragments == 0) {
        /* fragments 0: Addr2ComputeSurfaceAddrFromCoord re-derives the layout with numFrags
         * max(0, 1) = 1, so MSAA blocks are walked with single-sample block dimensions while
         * the sample bits still go where numSamples puts them.  (fragments == samples: the
         * MSAA block and pitch above, as the surface info.) */
        dim3 b1 = block_dim(m, elog2, 0);
        p->bw_log2 = ilog2(b1.w);
        p->bh_log2 = ilog2(b1.h);
        p->pitch_blocks = align_pow2(d->width, b1.w) / b1.w;
        p->slice_blocks = (uint64_t)(align_pow2(d->height, b1.h) / b1.h) * p->pitch_blocks;
    }

    /* per-level start block and mip tail offset (GetMipStartPos) */
    uint32_t xorc = 0;
    if (m->props & SWF_X) {
        uint32_t px = d->pipe_bank_xor & ((1u << pipe_bits) - 1u), bx = d->pipe_bank_xor >> pipe_bits;
        xorc = (px << c->interleave_log2) | (bx << (c->interleave_log2 + pipe_bits));
    }
    for (uint32_t i = 0; i < levels; i++)
        p->lvl[i].xor_const = xorc;
    if (levels > 1) {
        bool whole_tail = fits_tail(m, tail, pitch, height, slices);
        uint32_t tail_from = whole_tail ? 0u : levels;
        uint64_t px = 0, py = 0, pz = 0;
        if (!whole_tail) {
            uint32_t wb = pitch / b.w, hb = height / b.h, db = slices / b.d;
            int major = major_mode(m, wb, hb, db);
            for (uint32_t i = 1; i < levels; i++) {
                if (i == 1u || i == 3u) {
                    if (major == MAJOR_Y)
                        px += wb;
                    else
                        py += hb;
                } else if (major == MAJOR_X) {
                    px += wb;
                } else if (major == MAJOR_Y) {
                    py += hb;
                } else {
                    pz += db;
                }
                /* the previous level, in blocks, marks where the tail begins */
                bool small;
                if (m->thick) {
                    switch (blk % 3u) {
                    case 0: small = wb <= 2u && hb == 1u && db <= 2u; break;
                    case 1: small = wb == 1u && hb <= 2u && db <= 2u; break;
                    default: small = wb <= 2u && hb <= 2u && db == 1u; break;
                    }
                } else {
                    small = (blk & 1u) ? (wb <= 2u && hb == 1u) : (wb == 1u && hb <= 2u);
                }
                p->lvl[i].x0 = px;
                p->lvl[i].y0 = py;
                p->lvl[i].z0 = pz;
                if (small) {
                    tail_from = i;
                    for (uint32_t j = i + 1u; j < levels; j++) {
                        p->lvl[j].x0 = px;
                        p->lvl[j].y0 = py;
                        p->lvl[j].z0 = pz;
                    }
                    break;
                }
                wb = half_up(wb);
                hb = half_up(hb);
                db = half_up(db);
            }
        }
        for (uint32_t i = tail_from; i < levels; i++) {
            uint32_t idx = i - tail_from + 20u - blk;
            if (idx >= 16u)
                return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                    "levels %u: level %u would be mip %u of the tail, past the "
                                    "last tail slot of a %u-byte block",
                                    levels, i, i - tail_from, 1u << blk);
            s->level[i].in_tail = 1;
            s->level[i].mip_tail_offset = (uint64_t)tail_offset_256[idx] << 8;
            p->lvl[i].xor_const ^= s->level[i].mip_tail_offset;
        }
    }

    for (uint32_t i = 0; i < levels; i++) {
        tmu_surface_level *l = &s->level[i];
        if (l->in_tail)
            continue;
        l->slice_size = (uint64_t)l->pitch * l->padded_height * bytes * d->samples;
        l->size = l->slice_size * (m->tex3d ? l->padded_depth : d->slices);
    }

    g9_word eq = block_offset_eq(m, c, elog2, slog2, pipe_bits, bank_bits);
    build_tables(p, &eq, blk);
    return TMU_OK;
}

tmu_status tmu_layout_gfx9_init(tmu_surface *surf, const tmu_amd_chip *chip,
                                const tmu_surface_desc *desc, tmu_diag *diag)
{
    g9_chip c = {0, 0, 0, 0, 0};
    tmu_status st = decode_chip(chip, &c, diag);
    if (st != TMU_OK)
        return st;
    const tmu_surface_desc *d = desc;
    if (d->rsrc != TMU_SURF_1D && d->rsrc != TMU_SURF_2D && d->rsrc != TMU_SURF_3D)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "rsrc %d: must be TMU_SURF_1D, 2D or 3D", (int)d->rsrc);
    if (d->swizzle_mode > SW_LINEAR_GENERAL || sw_props[d->swizzle_mode] == 0)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "swizzle_mode %u (%s): not a gfx9 swizzle mode", d->swizzle_mode,
                            tmu_amd_swizzle_mode_name(d->swizzle_mode));
    g9_mode m;
    m.props = sw_props[d->swizzle_mode];
    m.blk_log2 = (m.props & SWF_64KB) ? 16u : (m.props & SWF_4KB) ? 12u : 8u;
    m.tex3d = d->rsrc == TMU_SURF_3D;
    m.thick = m.tex3d && (m.props & (SWF_Z | SWF_S)) != 0;
    if (d->fragments != 0 && d->fragments != d->samples)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "fragments %u with samples %u: must be 0 (addrlib's numFrags left 0, "
                            "the conformance vectors' addresses) or the sample count; EQAA "
                            "(fewer fragments than samples) is not modelled",
                            d->fragments, d->samples);
    st = validate(d, &c, &m, diag);
    if (st != TMU_OK)
        return st;
    fill_extents(surf, d);
    if (m.props & SWF_LINEAR) {
        if (d->pipe_bank_xor != 0)
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                                "pipe_bank_xor %u: linear surfaces take no pipe/bank XOR",
                                d->pipe_bank_xor);
        return init_linear(surf, d, diag);
    }
    return init_tiled(surf, &c, &m, d, diag);
}
