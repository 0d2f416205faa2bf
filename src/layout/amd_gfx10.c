/* AMD gfx10 (Navi10 / Navi12 / Navi14), gfx10.3 (Navi21-class, "RB+") and gfx11 (RDNA3, see the
 * end of this comment) swizzle-mode surfaces:
 * the layout AMD's addrlib (Gfx10Lib, Addr2ComputeSurfaceInfo) gives a whole mip chain and the
 * byte address Addr2ComputeSurfaceAddrFromCoord gives an element.  The rules below are facts
 * read from Mesa src/amd/addrlib (gfx10/gfx10addrlib.cpp, core/addrlib2.cpp, core/addrlib2.h);
 * the code is tmu's own.
 *
 * Chip.  GB_ADDR_CONFIG: NUM_PIPES bits 0-2 (log2 pipes), PIPE_INTERLEAVE_SIZE bits 3-5
 * (256 B << n; addrlib's gfx10 patterns exist for 256 B only), MAX_COMPRESSED_FRAGS bits 6-7 (not
 * used by data surfaces), NUM_PKRS bits 8-10 (log2 packers, gfx10.3 only).  gfx10.3 chips use the
 * RB+ pattern tables and may use SW_VAR_* blocks of 2^(14 + log2 pipes) bytes.  Chip quirks by
 * kernel family 143 (NV) revision: Navi10 (1..9) keeps mip tails of 8/16-bit Z surfaces at the
 * full size (no "dsMipmapHtileFix"); Navi10/12/14 (< 40) have DCN 2.0 display rules, later chips
 * DCN 2.1 ones.
 *
 * Blocks.  Linear: rows of pitch = width aligned to 256 B (SW_LINEAR_GENERAL: 1 element).
 * Thin blocks (1D, 2D, and 3D in Z / R modes) of 2^b bytes hold 2^(b - log2 bpe - log2 frags)
 * elements, width = 2^ceil(n / 2) when the fragment count's log2 is even or b is odd, else
 * 2^floor(n / 2).  Thick blocks (3D in S / D modes): the 1 KB brick {16x8x8, 8x8x8, 8x8x4, 8x4x4,
 * 4x4x4} (by bpe) grown 2^(k/3) in every axis for a 2^(10+k) block, the rest of k going to depth
 * first, then height.
 *
 * Mip chain (levels > 1, 4 KB / 64 KB / VAR blocks).  Level i has extent ceil(w0 / 2^i) ...; the
 * first level that fits the tail (width <= tail width, height <= tail height, and at most
 * max-mips-in-tail levels left) and every one after it live in one block (one slab of block_d
 * slices) at the start of every slice: the tail is half a block wide (thick: half the dimension
 * that was grown last), max-mips-in-tail is 8 for 4 KB and 12 for 64 KB thin blocks, 5 / 10 for
 * thick ones (log2 size less (log2 size - 8) / 3, then 1 + 2^(s - 9) up to 2 KB, else s - 4).  The
 * levels before the tail follow the tail, smallest first, each padded to whole blocks.  Tail level
 * j (counting down from the largest slot) sits at byte m << 8 of the tail (m > 6: 16 << m) whose
 * bits, split odd / even, give the 256 B micro-block column / row (swapped for odd log2 block
 * sizes) of the level's origin.  256 B blocks and linear surfaces stack their levels smallest
 * first without a tail.
 *
 * Address.  slice (thick: slab of block_d slices) x chain slice size + level offset (addrlib's
 * macroBlockOffset, which for thick surfaces counts one slab per level) + block index (row-major
 * by the level's padded pitch) x block size + (pattern(x, y, slice, sample) XOR pipe-bank XOR),
 * the pattern being the swizzle table row of the mode / element size / pipe configuration
 * (amd_gfx10_patterns.c), applied to x, y plus the level's tail origin.
 *
 * MSAA (2D, one level, Z_X / R_X / VAR modes).  Addr2ComputeSurfaceInfo takes numFrags =
 * numSamples when it is left 0, so the surface info (block, pitch, sizes) always counts every
 * sample.  Addr2ComputeSurfaceAddrFromCoord instead takes numFrags = max(numFrags, 1), and
 * ComputeSurfaceAddrFromCoordMacroTiled uses the fragment count for everything it re-derives.
 * So tmu_surface_desc.fragments picks the address convention:
 *  - fragments == samples (the hardware's layout): the numFrags > 1 path, the 2xaa / 4xaa / 8xaa
 *    pattern (sample bits in it), blocks of 2^(b - log2 bpe - log2 frags) elements, slices
 *    sliceSize apart.
 *  - fragments == 0 (the conformance vectors' convention): the numFrags == 1 path, the
 *    single-sample equation (the 1xaa pattern, no sample bits: every sample of a pixel has
 *    sample 0's address), walked with single-sample blocks and single-sample pitch / height /
 *    slice size, although the surface info stays the MSAA one.
 *  - anything else (EQAA: fewer fragments than samples) is refused.
 *
 * gfx11 (RDNA3; Gfx11Lib, Mesa 22.3.6 src/amd/addrlib/src/gfx11/gfx11addrlib.cpp / .h, patterns
 * gfx11SwizzlePattern.h as amd_gfx11_patterns.c): the same chain and address rules with these
 * differences.  Modes (Gfx11Lib::SwizzleModeTable, Gfx11Rsrc*SwModeMask): 256B_D, 4KB_S/D(_X),
 * 64KB_S/D(_T/_X), 64KB_Z_X, 64KB_R_X and the 256 KB modes 28..31 (SW_256KB_Z_X/_S_X/_D_X/_R_X,
 * blocks of 2^18 bytes whatever the pipes); 1D takes linear, 64KB_Z_X and 64KB_R_X, 2D the D, Z
 * and R modes, 3D the S modes (thick), Z / R (thin) and the D_X modes (thick).  Pipe / packer
 * configuration rows as gfx10.3.  The smaller mip tail of 8/16-bit elements applies to Z and R
 * modes on every chip.  Per-level mip_depth is the level's own padded depth (thin: 1; tail
 * levels: halved and aligned to the 256 B micro block's depth).  Multisampled surfaces are always
 * addressed with every sample's own bits (addrlib ignores numFrags there), so fragments 0 and
 * `samples` mean the same.  Single-sample addresses go through equations addrlib derives from the
 * patterns and refuses to derive when a bit XORs more than three coordinate bits (3D SW_64KB_D_X
 * at 64 / 128 bpp on most configurations); 3D SW_256KB_D_X has no pattern at all.  tmu refuses
 * both, since addrlib gives them no address. */
#include <string.h>

#include "layout/amd_gfx10_patterns.h"
#include "layout/amd_gfx11_patterns.h"
#include "layout/internal.h"

/* ---- swizzle modes (AddrSwizzleMode numbering) --------------------------------------------- */

enum {
    P_LINEAR = 1u << 0,
    P_256B = 1u << 1,
    P_4KB = 1u << 2,
    P_64KB = 1u << 3,
    P_VAR = 1u << 4,
    P_Z = 1u << 5,      /* Z order */
    P_STD = 1u << 6,    /* standard */
    P_DISP = 1u << 7,   /* displayable */
    P_XOR = 1u << 8,    /* pipe / bank XOR (_X and _T) */
    P_RTOPT = 1u << 9,  /* render-target optimised (_R_X) */
};

#define SW_LINEAR_GENERAL 32u
#define SW_COUNT 33u

/* What each mode is, the same on gfx10, gfx10.3 and gfx11 (Gfx10Lib / Gfx11Lib
 * SwizzleModeTable); 28-31 are variable-size blocks on gfx10.3 and the 256 KB modes on gfx11.
 * Which modes a generation has: gen_modes_g10 / gen_modes_g11 below. */
static const uint16_t mode_props[SW_COUNT] = {
    [0] = P_LINEAR,
    [1] = P_256B | P_STD,            /* SW_256B_S */
    [2] = P_256B | P_DISP,           /* SW_256B_D */
    [5] = P_4KB | P_STD,             /* SW_4KB_S */
    [6] = P_4KB | P_DISP,            /* SW_4KB_D */
    [9] = P_64KB | P_STD,            /* SW_64KB_S */
    [10] = P_64KB | P_DISP,          /* SW_64KB_D */
    [17] = P_64KB | P_STD | P_XOR,   /* SW_64KB_S_T */
    [18] = P_64KB | P_DISP | P_XOR,  /* SW_64KB_D_T */
    [21] = P_4KB | P_STD | P_XOR,    /* SW_4KB_S_X */
    [22] = P_4KB | P_DISP | P_XOR,   /* SW_4KB_D_X */
    [23] = P_4KB | P_RTOPT | P_XOR,  /* SW_4KB_R_X: no resource type takes it */
    [24] = P_64KB | P_Z | P_XOR,     /* SW_64KB_Z_X */
    [25] = P_64KB | P_STD | P_XOR,   /* SW_64KB_S_X */
    [26] = P_64KB | P_DISP | P_XOR,  /* SW_64KB_D_X */
    [27] = P_64KB | P_RTOPT | P_XOR, /* SW_64KB_R_X */
    [28] = P_VAR | P_Z | P_XOR,      /* SW_VAR_Z_X; gfx11 SW_256KB_Z_X */
    [29] = P_VAR | P_STD | P_XOR,    /* gfx11 SW_256KB_S_X */
    [30] = P_VAR | P_DISP | P_XOR,   /* gfx11 SW_256KB_D_X */
    [31] = P_VAR | P_RTOPT | P_XOR,  /* SW_VAR_R_X; gfx11 SW_256KB_R_X */
    [32] = P_LINEAR,                 /* SW_LINEAR_GENERAL */
};


#define M(n) (1ull << (n))
/* The modes of gfx10 / gfx10.3 and of gfx11 (no _S / _R modes of 256 B, no 4KB_R_X, no VAR
 * blocks; the 256 KB modes). */
static const uint64_t gen_modes_g10 = M(0) | M(1) | M(2) | M(5) | M(6) | M(9) | M(10) | M(17) |
                                      M(18) | M(21) | M(22) | M(23) | M(24) | M(25) | M(26) |
                                      M(27) | M(28) | M(31) | M(32);
static const uint64_t gen_modes_g11 = M(0) | M(2) | M(5) | M(6) | M(9) | M(10) | M(17) | M(18) |
                                      M(21) | M(22) | M(24) | M(25) | M(26) | M(27) | M(28) |
                                      M(29) | M(30) | M(31) | M(32);
/* Modes each resource type takes (SW_LINEAR_GENERAL rides with SW_LINEAR). */
static const uint64_t rsrc_modes_g10[3] = {
    [TMU_SURF_1D] = M(0) | M(32) | M(24) | M(27) | M(28) | M(31),
    [TMU_SURF_2D] = M(0) | M(32) | M(1) | M(2) | M(5) | M(6) | M(21) | M(22) | M(9) | M(10) |
                    M(17) | M(18) | M(24) | M(25) | M(26) | M(27) | M(28) | M(31),
    [TMU_SURF_3D] = M(0) | M(32) | M(5) | M(9) | M(17) | M(21) | M(24) | M(25) | M(26) | M(27) |
                    M(28) | M(31),
};
/* gfx11 (gfx11addrlib.h Gfx11Rsrc1d/2d/3dSwModeMask): 2D takes only D, Z and R modes, 3D the
 * S modes, Z / R (thin) and the D_X ones. */
static const uint64_t rsrc_modes_g11[3] = {
    [TMU_SURF_1D] = M(0) | M(32) | M(24) | M(27),
    [TMU_SURF_2D] = M(0) | M(32) | M(2) | M(6) | M(10) | M(18) | M(22) | M(26) | M(30) | M(24) |
                    M(28) | M(27) | M(31),
    [TMU_SURF_3D] = M(0) | M(32) | M(5) | M(9) | M(17) | M(21) | M(25) | M(29) | M(24) | M(28) |
                    M(27) | M(31) | M(26) | M(30),
};
/* Partially resident (PRT) surfaces: 4 KB / 64 KB modes without _X (3D: no _D either; gfx11 2D:
 * its D modes). */
static const uint64_t prt_modes_2d = M(5) | M(6) | M(9) | M(10) | M(17) | M(18);
static const uint64_t prt_modes_3d = M(5) | M(9) | M(17);
static const uint64_t prt_modes_2d_g11 = M(6) | M(10) | M(18);
/* Scan-out on gfx11 (DCN 3.2, Dcn32SwModeMask), elements of at most 64 bits. */
static const uint64_t dcn32_modes = M(0) | M(10) | M(18) | M(26) | M(27) | M(30) | M(31);
/* Scan-out: DCN 2.0 (Navi1x) and DCN 2.1+ sets, for elements other than 64-bit / 64-bit. */
static const uint64_t dcn20_modes = M(0) | M(5) | M(9) | M(17) | M(21) | M(25) | M(27);
static const uint64_t dcn20_modes_64 = M(0) | M(5) | M(9) | M(17) | M(21) | M(25) | M(27) |
                                       M(6) | M(10) | M(18) | M(22) | M(26);
static const uint64_t dcn21_modes = M(0) | M(9) | M(17) | M(25) | M(27);
static const uint64_t dcn21_modes_64 = M(0) | M(9) | M(17) | M(25) | M(27) | M(10) | M(18) |
                                       M(26);
#undef M

/* 256 B micro blocks (elements) by log2 bpe: 2D, and 3D thick. */
static const uint8_t micro2d_w[5] = {16, 16, 8, 8, 4}, micro2d_h[5] = {16, 8, 8, 4, 4};
static const uint8_t micro3d_w[5] = {8, 4, 4, 4, 2}, micro3d_h[5] = {4, 4, 4, 2, 2},
                     micro3d_d[5] = {8, 8, 4, 4, 4};
/* 1 KB thick bricks by log2 bpe. */
static const uint8_t brick_w[5] = {16, 8, 8, 8, 4}, brick_h[5] = {8, 8, 8, 4, 4},
                     brick_d[5] = {8, 8, 4, 4, 4};

/* ---- private surface state ------------------------------------------------------------------ */

typedef struct g10_level {
    uint64_t base;       /* tiled: addrlib macroBlockOffset; linear: the level's offset */
    uint32_t pitch;      /* tiled: padded pitch in blocks; linear: pitch in elements */
    uint32_t tail_x, tail_y; /* origin of the level inside the mip tail (0 outside) */
} g10_level;

typedef struct g10_impl {
    uint64_t slice_stride; /* bytes from slice to slice (thick: from slab to slab) */
    uint32_t xor_bits;     /* pipe / bank XOR in block-offset bits */
    uint8_t linear, elem_log2, blk_log2, bw_log2, bh_log2, slab_log2;
    g10_level level[TMU_SURFACE_MAX_LEVELS];
    /* Offset inside the block contributed by coordinate bits 0-5 / 6-11 of x, y and slice and
     * by the sample: the swizzle pattern as XOR tables. */
    uint32_t tx[2][64], ty[2][64], tz[2][64], ts[8];
} g10_impl;
TMU_LAYOUT_IMPL_FITS(g10_impl);

static g10_impl *impl_of(tmu_surface *s) { return (g10_impl *)(void *)s->impl; }
static const g10_impl *impl_of_c(const tmu_surface *s)
{
    return (const g10_impl *)(const void *)s->impl;
}

/* ---- small arithmetic ----------------------------------------------------------------------- */

static uint32_t log2u(uint32_t v)
{
    uint32_t l = 0;
    while (v > 1) {
        v >>= 1;
        l++;
    }
    return l;
}

static uint32_t align_pow2(uint32_t v, uint32_t a) { return (v + a - 1) & ~(a - 1); }

static uint32_t shift_ceil(uint32_t v, uint32_t s)
{
    return (v >> s) + ((v & ((1u << s) - 1)) != 0);
}

static uint32_t max_u32(uint32_t a, uint32_t b) { return a > b ? a : b; }

/* ---- the chip ------------------------------------------------------------------------------ */

typedef struct g10_chip {
    uint32_t pipes_log2;
    uint32_t config;    /* row of the XOR pattern tables (pipe / packer configuration) */
    int rb_plus;        /* gfx10.3 tables and VAR blocks */
    int gfx11;          /* gfx11 tables, 256 KB blocks, its display and mip-tail rules */
    uint64_t modes;           /* gen_modes_g10 / _g11 */
    const uint64_t *rsrc_modes; /* rsrc_modes_g10 / _g11 */
    int dcn20;          /* display rules of DCN 2.0 */
    int z_tail_fix;     /* 8/16-bit Z mip tails shrunk ("dsMipmapHtileFix") */
} g10_chip;

static tmu_status decode_chip(const tmu_amd_chip *chip, g10_chip *c, tmu_diag *diag)
{
    uint32_t gb = chip->gb_addr_config;
    uint32_t pipes = gb & 7, interleave = (gb >> 3) & 7, pkrs = (gb >> 8) & 7;
    memset(c, 0, sizeof *c);
    if (pipes > 6)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "chip %s: GB_ADDR_CONFIG 0x%08x NUM_PIPES %u is not 1..64 pipes",
                            chip->name, gb, pipes);
    if (interleave != 0)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "chip %s: GB_ADDR_CONFIG 0x%08x PIPE_INTERLEAVE_SIZE %u: gfx10 swizzle "
                            "patterns exist for 256 B pipe interleave only",
                            chip->name, gb, interleave);
    c->pipes_log2 = pipes;
    c->rb_plus = chip->gen == TMU_AMD_GFX10_3;
    c->gfx11 = chip->gen == TMU_AMD_GFX11;
    c->modes = c->gfx11 ? gen_modes_g11 : gen_modes_g10;
    c->rsrc_modes = c->gfx11 ? rsrc_modes_g11 : rsrc_modes_g10;
    int navi1x = chip->family == 143 && chip->revision < 40;
    c->dcn20 = navi1x;
    c->z_tail_fix = !(chip->family == 143 && chip->revision >= 1 && chip->revision < 10);
    if (c->rb_plus || c->gfx11) {
        if (pkrs > pipes || pipes - pkrs > 2)
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                                "chip %s: GB_ADDR_CONFIG 0x%08x: %u packers for %u pipes (gfx10.3 "
                                "and gfx11 need packers <= pipes <= 4 x packers)",
                                chip->name, gb, 1u << pkrs, 1u << pipes);
        c->config = pipes + (pkrs >= 2 ? 2 * pkrs - 2 : 0);
    } else {
        c->config = pipes;
    }
    return TMU_OK;
}

/* ---- argument checks (addrlib's sanity checks) --------------------------------------------- */

static uint32_t block_log2_of(uint32_t props, const g10_chip *c)
{
    if (props & (P_LINEAR | P_256B))
        return 8;
    if (props & P_4KB)
        return 12;
    if (props & P_64KB)
        return 16;
    return c->gfx11 ? 18 : 14 + c->pipes_log2; /* gfx11: 256 KB; gfx10.3: VAR */
}

/* Fragments the address path lays a multisampled surface out with: gfx10 takes addrlib's
 * numFrags (0 = one), gfx11 always every sample (Gfx11Lib addresses with numSamples). */
static uint32_t address_frags(const tmu_surface_desc *d, const g10_chip *c)
{
    return (d->fragments || c->gfx11) ? d->samples : 1u;
}

static tmu_status check_desc(const tmu_surface_desc *d, const g10_chip *c, tmu_diag *diag)
{
    const uint32_t sw = d->swizzle_mode;
    const tmu_amd_gen gen = c->gfx11 ? TMU_AMD_GFX11 : c->rb_plus ? TMU_AMD_GFX10_3 : TMU_AMD_GFX10;
    const char *name = sw == SW_LINEAR_GENERAL ? "SW_LINEAR_GENERAL"
                                               : tmu_amd_swizzle_mode_name_gen(gen, sw);
    if (sw >= SW_COUNT || !((c->modes >> sw) & 1))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "swizzle_mode %u (%s): not a %s swizzle mode", sw, name,
                            tmu_amd_gen_name(gen));
    const uint32_t p = mode_props[sw];
    if ((unsigned)d->rsrc > TMU_SURF_3D)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "rsrc %d: must be 1D, 2D or 3D", (int)d->rsrc);
    if ((p & P_VAR) && !c->rb_plus && !c->gfx11)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "swizzle_mode %s: variable-size blocks exist on gfx10.3 only", name);
    const uint32_t frags = d->samples;
    const int msaa = frags > 1, mipmap = d->levels > 1;
    const int zbuf = (d->flags & (TMU_SURF_DEPTH | TMU_SURF_STENCIL)) != 0;
    const int color = (d->flags & TMU_SURF_COLOR) != 0;
    const int display = (d->flags & TMU_SURF_DISPLAY) != 0;
    const int prt = (d->flags & TMU_SURF_PRT) != 0;
    static const char *const rname[3] = {"1D", "2D", "3D"};
    if (d->fragments != 0 && d->fragments != frags)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "fragments %u with samples %u: must be 0 (addrlib's numFrags left 0, "
                            "the conformance vectors' addresses) or the sample count; EQAA "
                            "(fewer fragments than samples) is not modelled",
                            d->fragments, frags);
    if (frags > 8)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "samples %u: %s surfaces have at most 8 fragments", frags,
                            tmu_amd_gen_name(gen));
    if (d->rsrc != TMU_SURF_2D && (msaa || display))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "rsrc %s: %s surfaces must be 2D", rname[d->rsrc],
                            msaa ? "multisampled" : "display");
    if (msaa && mipmap)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "samples %u with %u levels: multisampled surfaces have one level",
                            frags, d->levels);
    const uint32_t blk_log2 = block_log2_of(p, c);
    if (msaa && (1u << blk_log2) < 256u * frags)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "samples %u: a %s block is smaller than 256 B per fragment", frags,
                            name);
    if (display) {
        uint64_t ok = d->bpp > 64    ? 0
                      : c->gfx11     ? dcn32_modes
                      : c->dcn20     ? (d->bpp == 64 ? dcn20_modes_64 : dcn20_modes)
                                     : (d->bpp == 64 ? dcn21_modes_64 : dcn21_modes);
        if (!((ok >> sw) & 1))
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                                "flags DISPLAY: %s at %u bpp cannot be scanned out (DCN %s)", name,
                                d->bpp, c->gfx11 ? "3.2" : c->dcn20 ? "2.0" : "2.1+");
    }
    if (!((c->rsrc_modes[d->rsrc] >> sw) & 1))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "swizzle_mode %s: not allowed for %s surfaces", name, rname[d->rsrc]);
    if (prt && d->rsrc != TMU_SURF_1D &&
        !(((d->rsrc == TMU_SURF_3D ? prt_modes_3d
                                   : c->gfx11          ? prt_modes_2d_g11
                                                       : prt_modes_2d) >>
           sw) &
          1))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "flags PRT: %s is not a partially-resident mode for %s surfaces", name,
                            rname[d->rsrc]);
    if (p & P_LINEAR) {
        if (zbuf || msaa)
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                                "swizzle_mode %s: linear surfaces cannot be %s", name,
                                zbuf ? "depth / stencil" : "multisampled");
    } else if (p & P_Z) {
        if (d->bpp > 64)
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                                "bpp %u: Z-order modes take elements of at most 64 bits", d->bpp);
        if (msaa && (color || d->bpp > 32))
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                                "swizzle_mode %s: multisampled Z-order surfaces must be depth "
                                "(not COLOR) of at most 32 bpp",
                                name);
    } else if (p & (P_STD | P_DISP)) {
        if (zbuf || msaa)
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                                "swizzle_mode %s: S / D modes cannot be %s", name,
                                zbuf ? "depth / stencil" : "multisampled");
    } else if (p & P_RTOPT) {
        if (zbuf)
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                                "swizzle_mode %s: R modes cannot be depth / stencil", name);
    }
    if ((p & P_256B) && (zbuf || d->rsrc == TMU_SURF_3D || msaa))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "swizzle_mode %s: 256 B blocks cannot be %s", name,
                            zbuf ? "depth / stencil" : msaa ? "multisampled" : "3D");
    if ((p & P_LINEAR) && d->rsrc == TMU_SURF_1D && d->height > 1)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "height %u: linear 1D surfaces have one row", d->height);
    if ((p & P_LINEAR) && d->pipe_bank_xor != 0)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "pipe_bank_xor 0x%x: linear surfaces take none (addrlib refuses "
                            "their addresses)",
                            d->pipe_bank_xor);
    return TMU_OK;
}

/* ---- swizzle patterns -------------------------------------------------------------------- */

/* The gfx11 pattern family addrlib picks (Gfx11Lib::GetSwizzlePatternInfo); -1 when there is
 * none (3D SW_256KB_D_X: addrlib's table for it is commented out). */
static int pattern_family_g11(uint32_t sw, tmu_surf_rsrc rsrc, int aa)
{
    const uint32_t p = mode_props[sw];
    const int big = (p & P_VAR) != 0;
    if (p & (P_Z | P_RTOPT))
        return (big ? TMU_GFX11_FAM_256K_ZR_X_1AA : TMU_GFX11_FAM_64K_ZR_X_1AA) + aa;
    if (rsrc == TMU_SURF_3D) {
        switch (sw) {
        case 26: return TMU_GFX11_FAM_64K_D3_X;
        case 5: return TMU_GFX11_FAM_4K_S3;
        case 21: return TMU_GFX11_FAM_4K_S3_X;
        case 9: return TMU_GFX11_FAM_64K_S3;
        case 25: return TMU_GFX11_FAM_64K_S3_X;
        case 17: return TMU_GFX11_FAM_64K_S3_T;
        case 29: return TMU_GFX11_FAM_256K_S3_X;
        default: return -1;
        }
    }
    switch (sw) {
    case 2: return TMU_GFX11_FAM_256_D;
    case 6: return TMU_GFX11_FAM_4K_D;
    case 22: return TMU_GFX11_FAM_4K_D_X;
    case 10: return TMU_GFX11_FAM_64K_D;
    case 26: return TMU_GFX11_FAM_64K_D_X;
    case 18: return TMU_GFX11_FAM_64K_D_T;
    case 30: return TMU_GFX11_FAM_256K_D_X;
    default: return -1;
    }
}

/* The pattern family addrlib picks for a mode, resource type and fragment count (gfx10: before
 * the RB+ twin is taken); -1 when there is none. */
static int pattern_family(uint32_t sw, tmu_surf_rsrc rsrc, uint32_t frags, const g10_chip *c)
{
    const uint32_t p = mode_props[sw];
    const int aa = frags >= 8 ? 3 : frags >= 4 ? 2 : frags >= 2 ? 1 : 0;
    if (c->gfx11)
        return pattern_family_g11(sw, rsrc, aa);
    if (p & P_VAR)
        return ((p & P_RTOPT) ? TMU_GFX10_FAM_RBP_VAR_R_X_1AA : TMU_GFX10_FAM_RBP_VAR_Z_X_1AA) + aa;
    if (rsrc == TMU_SURF_3D) {
        switch (sw) {
        case 27: return TMU_GFX10_FAM_64K_R_X_1AA;
        case 24: return TMU_GFX10_FAM_64K_Z_X_1AA;
        case 26: return TMU_GFX10_FAM_64K_D3_X;
        case 5: return TMU_GFX10_FAM_4K_S3;
        case 21: return TMU_GFX10_FAM_4K_S3_X;
        case 9: return TMU_GFX10_FAM_64K_S3;
        case 25: return TMU_GFX10_FAM_64K_S3_X;
        case 17: return TMU_GFX10_FAM_64K_S3_T;
        default: return -1;
        }
    }
    switch (sw) {
    case 1: return TMU_GFX10_FAM_256_S;
    case 2: return TMU_GFX10_FAM_256_D;
    case 5: return TMU_GFX10_FAM_4K_S;
    case 6: return TMU_GFX10_FAM_4K_D;
    case 21: return TMU_GFX10_FAM_4K_S_X;
    case 22: return TMU_GFX10_FAM_4K_D_X;
    case 9: return TMU_GFX10_FAM_64K_S;
    case 10: return TMU_GFX10_FAM_64K_D;
    case 17: return TMU_GFX10_FAM_64K_S_T;
    case 18: return TMU_GFX10_FAM_64K_D_T;
    case 25: return TMU_GFX10_FAM_64K_S_X;
    case 26: return TMU_GFX10_FAM_64K_D_X;
    case 27: return TMU_GFX10_FAM_64K_R_X_1AA + aa;
    case 24: return TMU_GFX10_FAM_64K_Z_X_1AA + aa;
    default: return -1;
    }
}

/* One generation's pattern tables (amd_gfx10_patterns.c, amd_gfx11_patterns.c). */
typedef struct pattern_set {
    const uint64_t *bits;
    const uint16_t (*low8)[8];
    const uint16_t (*quad)[4];
    const uint16_t (*pattern)[4];
    const uint16_t *entry;
    const uint8_t *items; /* gfx11: PATINFO maxItemCount per entry; NULL for gfx10 (pattern_items) */
    const tmu_gfx10_family_span *family;
} pattern_set;

static const pattern_set patterns_g10 = {tmu_gfx10_bits,    tmu_gfx10_low8,  tmu_gfx10_quad,
                                         tmu_gfx10_pattern, tmu_gfx10_entry, NULL,
                                         tmu_gfx10_family};
static const pattern_set patterns_g11 = {tmu_gfx11_bits,    tmu_gfx11_low8,  tmu_gfx11_quad,
                                         tmu_gfx11_pattern, tmu_gfx11_entry, tmu_gfx11_items,
                                         tmu_gfx11_family};

/* A pattern's 20 address bits (tmu_gfx10_bits form) from its low8 and quad rows. */
static void pattern_bits(const pattern_set *ps, const uint16_t pat[4], uint64_t bit[20])
{
    for (unsigned i = 0; i < 8; i++)
        bit[i] = ps->bits[ps->low8[pat[0]][i]];
    for (unsigned q = 0; q < 3; q++)
        for (unsigned j = 0; j < 4; j++)
            bit[8 + 4 * q + j] = ps->bits[ps->quad[pat[1 + q]][j]];
}

/* The most coordinate bits one address bit of a pattern XORs (addrlib's PATINFO maxItemCount:
 * counted from the bits, it equals the count gfx11's tables declare on all 1 650 of their
 * entries; gfx10's tables are kept without it). */
static uint32_t pattern_items(const pattern_set *ps, const uint16_t pat[4])
{
    uint64_t bit[20];
    pattern_bits(ps, pat, bit);
    uint32_t m = 0;
    for (unsigned i = 0; i < 20; i++) {
        uint32_t t = (uint32_t)__builtin_popcountll(bit[i]);
        m = t > m ? t : m;
    }
    return m;
}

/* Fills the XOR tables of `g` from the pattern's address bits below 2^blk_log2. */
static void build_pattern_tables(g10_impl *g, const pattern_set *ps, const uint16_t pat[4],
                                 uint32_t blk_log2)
{
    uint64_t bit[20];
    pattern_bits(ps, pat, bit);
    /* contribution of each coordinate bit: channel c (x, y, z, s), bit k */
    uint32_t contrib[4][12];
    memset(contrib, 0, sizeof contrib);
    for (uint32_t i = 0; i < blk_log2 && i < 20; i++)
        for (unsigned c = 0; c < 4; c++)
            for (unsigned k = 0; k < 12; k++)
                if ((bit[i] >> (16 * c + k)) & 1)
                    contrib[c][k] |= 1u << i;
    uint32_t(*tab[3])[64] = {g->tx, g->ty, g->tz};
    for (unsigned c = 0; c < 3; c++)
        for (unsigned half = 0; half < 2; half++)
            for (unsigned v = 0; v < 64; v++) {
                uint32_t o = 0;
                for (unsigned k = 0; k < 6; k++)
                    if ((v >> k) & 1)
                        o ^= contrib[c][6 * half + k];
                tab[c][half][v] = o;
            }
    for (unsigned v = 0; v < 8; v++) {
        uint32_t o = 0;
        for (unsigned k = 0; k < 3; k++)
            if ((v >> k) & 1)
                o ^= contrib[3][k];
        g->ts[v] = o;
    }
}

static tmu_status setup_pattern(g10_impl *g, const tmu_surface_desc *d, const g10_chip *c,
                                tmu_diag *diag)
{
    const uint32_t p = mode_props[d->swizzle_mode];
    const tmu_amd_gen gen = c->gfx11 ? TMU_AMD_GFX11 : c->rb_plus ? TMU_AMD_GFX10_3 : TMU_AMD_GFX10;
    const char *name = tmu_amd_swizzle_mode_name_gen(gen, d->swizzle_mode);
    static const char *const rname[3] = {"1D", "2D", "3D"};
    /* gfx10 fragments 0: addrlib's address call runs with one fragment (the 1xaa pattern) */
    const uint32_t afrags = address_frags(d, c);
    int fam = pattern_family(d->swizzle_mode, d->rsrc, afrags, c);
    if (fam < 0)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "swizzle_mode %s: addrlib has no swizzle pattern for %s surfaces in "
                            "it (its addresses fail)",
                            name, rname[d->rsrc]);
    if (c->rb_plus && fam < TMU_GFX10_FAM_RBP_256_S)
        fam += TMU_GFX10_FAM_RBP_DELTA;
    const pattern_set *ps = c->gfx11 ? &patterns_g11 : &patterns_g10;
    uint32_t entry = (p & P_XOR) ? c->config * 5 + g->elem_log2 : g->elem_log2;
    const tmu_gfx10_family_span *span = &ps->family[fam];
    if (entry >= span->count)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "swizzle_mode %s: no pattern for this pipe configuration", name);
    /* gfx10 and gfx11 address single-sample surfaces through equations made from the patterns,
     * and make none from a pattern bit of more than three terms (Gfx10Lib / Gfx11Lib::
     * InitEquationTable: on gfx10.3 3D SW_64KB_D_X at 64 and 128 bpp with 4 or more pipes) */
    const uint16_t *pat = ps->pattern[ps->entry[span->first + entry]];
    if (afrags == 1 && (ps->items ? ps->items[span->first + entry] : pattern_items(ps, pat)) > 3)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "swizzle_mode %s: %s surfaces of %u bpp on this pipe configuration "
                            "have no address equation in addrlib (its addresses fail)",
                            name, rname[d->rsrc], d->bpp);
    build_pattern_tables(g, ps, pat, g->blk_log2);
    return TMU_OK;
}

/* ---- layouts ------------------------------------------------------------------------------ */

static void set_extents(tmu_surface *s, const tmu_surface_desc *d)
{
    for (uint32_t m = 0; m < d->levels; m++) {
        tmu_surface_level *l = &s->level[m];
        l->width = max_u32(d->width >> m, 1);
        l->height = max_u32(d->height >> m, 1);
        l->depth = d->rsrc == TMU_SURF_3D ? max_u32(d->slices >> m, 1) : d->slices;
        l->tile_index = -1;
        l->macro_index = -1;
    }
}

/* SW_LINEAR / SW_LINEAR_GENERAL: rows of 256 B multiples (or of whole elements), levels stacked
 * smallest first inside each slice; a 3D surface keeps every level's full depth. */
static void layout_linear(tmu_surface *s, g10_impl *g, const tmu_surface_desc *d)
{
    const uint32_t bpe = d->bpp >> 3;
    const int general = d->swizzle_mode == SW_LINEAR_GENERAL;
    const uint32_t align = general ? 1 : 256 / bpe;
    const uint32_t depth = d->rsrc == TMU_SURF_3D ? d->slices : 1;
    uint64_t slice = 0;
    for (int32_t m = (int32_t)d->levels - 1; m >= 0; m--) {
        tmu_surface_level *l = &s->level[m];
        l->pitch = align_pow2(shift_ceil(d->width, (uint32_t)m), align);
        l->padded_height = shift_ceil(d->height, (uint32_t)m);
        l->padded_depth = depth;
        l->offset = slice;
        l->slice_size = (uint64_t)l->pitch * l->padded_height * bpe;
        l->size = l->slice_size * d->slices;
        g->level[m].base = l->offset;
        g->level[m].pitch = l->pitch;
        slice += l->slice_size;
    }
    s->pitch = s->level[0].pitch;
    s->height = d->height;
    s->depth = d->slices;
    s->slice_size = slice;
    s->size = slice * d->slices;
    s->base_align = general ? bpe : 256;
    s->block_w = align;
    s->block_h = 1;
    s->block_d = 1;
    /* addrlib leaves the tail fields of linear surfaces untouched (zero) */
    s->mip_chain_in_tail = 0;
    s->first_tail_mip = 0;
    g->linear = 1;
    g->slice_stride = slice;
}

/* Block extent (log2, elements) of a thin or thick block of 2^blk_log2 bytes. */
static void block_dims(uint32_t blk_log2, uint32_t elem_log2, uint32_t frags_log2, int thick,
                       uint32_t *wl, uint32_t *hl, uint32_t *dl)
{
    if (thick) {
        const uint32_t k = blk_log2 - 10, even = k / 3, rest = k % 3;
        *wl = log2u(brick_w[elem_log2]) + even;
        *hl = log2u(brick_h[elem_log2]) + even + rest / 2;
        *dl = log2u(brick_d[elem_log2]) + even + (rest != 0);
    } else {
        const uint32_t n = blk_log2 - elem_log2 - frags_log2;
        const int wide = (frags_log2 & 1) == 0 || (blk_log2 & 1) != 0;
        *wl = (n + (wide ? 1 : 0)) / 2;
        *hl = n - *wl;
        *dl = 0;
    }
}

/* Most levels the tail of a block can hold. */
static uint32_t max_tail_levels(uint32_t blk_log2, int thick)
{
    uint32_t e = thick ? blk_log2 - (blk_log2 - 8) / 3 : blk_log2;
    return e <= 11 ? 1 + (1u << (e - 9)) : e - 4;
}

/* 4 KB / 64 KB / VAR blocks and 256 B blocks. */
static void layout_tiled(tmu_surface *s, g10_impl *g, const tmu_surface_desc *d,
                         const g10_chip *c)
{
    const uint32_t p = mode_props[d->swizzle_mode];
    const uint32_t e = g->elem_log2, bpe = 1u << e, frags = d->samples;
    /* fragments the address path lays the surface out with (gfx10 fragments 0: one) */
    const uint32_t afrags = address_frags(d, c);
    const int is3d = d->rsrc == TMU_SURF_3D;
    const int thick = is3d && (p & (P_STD | P_DISP));
    const uint32_t blk_log2 = g->blk_log2;
    const uint64_t blk = 1ull << blk_log2;
    uint32_t wl, hl, dl, awl, ahl, adl;
    block_dims(blk_log2, e, log2u(frags), thick, &wl, &hl, &dl);
    block_dims(blk_log2, e, log2u(afrags), thick, &awl, &ahl, &adl);
    const uint32_t bw = 1u << wl, bh = 1u << hl, bd = 1u << dl;
    g->bw_log2 = (uint8_t)awl;
    g->bh_log2 = (uint8_t)ahl;
    g->slab_log2 = (uint8_t)dl;
    s->block_w = bw;
    s->block_h = bh;
    s->block_d = bd;
    s->pitch = align_pow2(d->width, bw);
    s->height = align_pow2(d->height, bh);
    s->base_align = (uint32_t)blk;
    s->first_tail_mip = d->levels;
    s->mip_chain_in_tail = 0;

    if (p & P_256B) { /* no tail; levels stacked smallest first */
        s->depth = d->slices;
        uint64_t slice = 0;
        for (int32_t m = (int32_t)d->levels - 1; m >= 0; m--) {
            tmu_surface_level *l = &s->level[m];
            l->pitch = align_pow2(shift_ceil(d->width, (uint32_t)m), bw);
            l->padded_height = align_pow2(shift_ceil(d->height, (uint32_t)m), bh);
            l->padded_depth = 1;
            l->offset = slice;
            l->slice_size = (uint64_t)l->pitch * l->padded_height * bpe;
            l->size = l->slice_size * d->slices;
            g->level[m].base = slice;
            g->level[m].pitch = l->pitch >> wl;
            slice += l->slice_size;
        }
        s->slice_size = slice;
        s->size = slice * d->slices;
        g->slice_stride = slice;
        return;
    }

    const uint32_t nslices = align_pow2(d->slices, bd);
    s->depth = nslices;
    if (d->levels == 1) {
        tmu_surface_level *l = &s->level[0];
        l->pitch = s->pitch;
        l->padded_height = s->height;
        l->padded_depth = is3d ? nslices : 1;
        l->slice_size = (uint64_t)s->pitch * s->height * bpe * frags;
        l->size = l->slice_size * nslices;
        s->slice_size = l->slice_size;
        s->size = l->size;
        /* the address path's pitch and slice size (the same unless fragments is 0 with MSAA) */
        const uint32_t apitch = align_pow2(d->width, 1u << awl);
        const uint64_t aslice =
            (uint64_t)apitch * align_pow2(d->height, 1u << ahl) * bpe * afrags;
        g->level[0].pitch = apitch >> awl;
        g->slice_stride = thick ? aslice << dl : aslice;
        return;
    }

    /* the tail: half a block (thick: half the dimension grown last) */
    uint32_t tail_w = bw, tail_h = bh;
    if (thick) {
        uint32_t r = blk_log2 % 3;
        if (r == 0)
            tail_h >>= 1;
        else if (r == 1)
            tail_w >>= 1;
    } else {
        tail_w >>= 1;
    }
    uint32_t fit_w = tail_w, fit_h = tail_h;
    /* gfx10: Z mips of 8/16-bit elements keep smaller tails except on Navi10; gfx11: Z and R */
    const int small_tail = c->gfx11 ? (p & (P_Z | P_RTOPT)) != 0 : (c->z_tail_fix && (p & P_Z));
    if (small_tail && e <= 1) {
        fit_w /= micro2d_w[e] / micro2d_w[2];
        fit_h /= micro2d_h[e] / micro2d_h[2];
    }
    const uint32_t max_tail = max_tail_levels(blk_log2, thick);
    const uint32_t depth0 = thick ? d->slices : 1;
    uint32_t first_tail = d->levels;
    uint64_t chain = 0, level_bytes[TMU_SURFACE_MAX_LEVELS], slab_bytes[TMU_SURFACE_MAX_LEVELS];
    for (uint32_t m = 0; m < d->levels; m++) {
        const uint32_t mw = shift_ceil(d->width, m), mh = shift_ceil(d->height, m);
        const uint32_t md = shift_ceil(depth0, m);
        if (mw <= fit_w && mh <= fit_h && d->levels - m <= max_tail) {
            first_tail = m;
            chain += blk >> dl;
            break;
        }
        tmu_surface_level *l = &s->level[m];
        l->pitch = align_pow2(mw, bw);
        l->padded_height = align_pow2(mh, bh);
        /* gfx11 reports the level's own padded depth (thin: 1), gfx10 the surface's */
        l->padded_depth = c->gfx11 ? align_pow2(md, bd) : is3d ? nslices : 1;
        l->slice_size = (uint64_t)l->pitch * l->padded_height * bpe;
        const uint32_t stored = thick ? align_pow2(md, bd) : nslices;
        l->size = l->slice_size * stored;
        level_bytes[m] = l->slice_size * align_pow2(md, bd);
        slab_bytes[m] = l->slice_size << dl;
        chain += l->slice_size;
    }
    s->slice_size = chain;
    s->size = chain * nslices;
    s->mip_chain_in_tail = first_tail == 0;
    s->first_tail_mip = first_tail;

    uint64_t off = 0, slab_off = 0;
    uint32_t tail_depth = 0;
    if (first_tail < d->levels) {
        tail_depth = shift_ceil(depth0, first_tail);
        off = blk * align_pow2(tail_depth, bd) / bd;
        slab_off = blk;
    }
    for (int32_t m = (int32_t)first_tail - 1; m >= 0; m--) {
        s->level[m].offset = off;
        g->level[m].base = slab_off;
        g->level[m].pitch = s->level[m].pitch >> wl;
        off += level_bytes[m];
        slab_off += slab_bytes[m];
    }
    /* levels in the tail */
    const uint32_t uw = thick ? micro3d_w[e] : micro2d_w[e];
    const uint32_t uh = thick ? micro3d_h[e] : micro2d_h[e];
    const uint32_t depth_units =
        thick ? align_pow2(tail_depth, micro3d_d[e]) / micro3d_d[e] : 1;
    uint32_t tp = tail_w, th = tail_h;
    uint32_t td = thick ? align_pow2(tail_depth, micro3d_d[e]) : 1; /* gfx11's tail depths */
    for (uint32_t m = first_tail; m < d->levels; m++) {
        tmu_surface_level *l = &s->level[m];
        const uint32_t slot = max_tail - 1 - (m - first_tail);
        const uint32_t at = slot > 6 ? 16u << slot : slot << 8;
        l->offset = (uint64_t)at * depth_units;
        l->mip_tail_offset = at;
        l->pitch = tp;
        l->padded_height = th;
        l->padded_depth = c->gfx11 ? td : is3d ? nslices : 1;
        l->in_tail = 1;
        l->size = 0;
        l->slice_size = 0;
        /* odd bits of the offset above bit 8: micro-block column; even: row */
        uint32_t col = 0, row = 0;
        for (unsigned b = 0; b < 6; b++) {
            col |= ((at >> (9 + 2 * b)) & 1) << b;
            row |= ((at >> (8 + 2 * b)) & 1) << b;
        }
        if (blk_log2 & 1) {
            uint32_t t = col;
            col = row;
            row = t;
            if (e & 1) {
                row = (row << 1) | (col & 1);
                col >>= 1;
            }
        }
        g->level[m].tail_x = col * uw;
        g->level[m].tail_y = row * uh;
        g->level[m].base = 0;
        g->level[m].pitch = tp >> wl; /* < one block: the block index is always 0 */
        tp = max_u32(tp >> 1, uw);
        th = max_u32(th >> 1, uh);
        if (thick)
            td = align_pow2(max_u32(td >> 1, 1), micro3d_d[e]);
    }
    g->slice_stride = thick ? chain << dl : chain;
}

tmu_status tmu_layout_gfx10_init(tmu_surface *surf, const tmu_amd_chip *chip,
                                 const tmu_surface_desc *desc, tmu_diag *diag)
{
    g10_chip c;
    tmu_status st = decode_chip(chip, &c, diag);
    if (st != TMU_OK)
        return st;
    st = check_desc(desc, &c, diag);
    if (st != TMU_OK)
        return st;
    g10_impl *g = impl_of(surf);
    memset(g, 0, sizeof *g);
    const uint32_t p = mode_props[desc->swizzle_mode];
    g->elem_log2 = (uint8_t)log2u(desc->bpp >> 3);
    g->blk_log2 = (uint8_t)block_log2_of(p, &c);
    set_extents(surf, desc);
    if (p & P_LINEAR) {
        layout_linear(surf, g, desc);
        return TMU_OK;
    }
    st = setup_pattern(g, desc, &c, diag);
    if (st != TMU_OK)
        return st;
    if (p & P_XOR) {
        /* pipe bits, then bank bits above the two column bits, placed at the 256 B interleave */
        const uint32_t bank_room = g->blk_log2 > 8 + c.pipes_log2 + 2
                                       ? g->blk_log2 - 8 - c.pipes_log2 - 2
                                       : 0;
        const uint32_t banks = bank_room < 4 ? bank_room : 4;
        const uint32_t mask = ((1u << c.pipes_log2) - 1) |
                              (((1u << banks) - 1) << (c.pipes_log2 + 2));
        g->xor_bits = ((desc->pipe_bank_xor & mask) << 8) & ((1u << g->blk_log2) - 1);
    }
    layout_tiled(surf, g, desc, &c);
    return TMU_OK;
}

uint64_t tmu_layout_gfx10_address(const tmu_surface *surf, uint32_t level, uint32_t x,
                                  uint32_t y, uint32_t slice, uint32_t sample)
{
    const g10_impl *g = impl_of_c(surf);
    const g10_level *l = &g->level[level & (TMU_SURFACE_MAX_LEVELS - 1)];
    if (g->linear)
        return (uint64_t)slice * g->slice_stride + l->base +
               (((uint64_t)y * l->pitch + x) << g->elem_log2);
    const uint32_t xs = x + l->tail_x, ys = y + l->tail_y;
    const uint32_t in_block = g->tx[0][xs & 63] ^ g->tx[1][(xs >> 6) & 63] ^ g->ty[0][ys & 63] ^
                              g->ty[1][(ys >> 6) & 63] ^ g->tz[0][slice & 63] ^
                              g->tz[1][(slice >> 6) & 63] ^ g->ts[sample & 7];
    const uint64_t block = (uint64_t)(y >> g->bh_log2) * l->pitch + (x >> g->bw_log2);
    return (uint64_t)(slice >> g->slab_log2) * g->slice_stride + l->base +
           (block << g->blk_log2) + (in_block ^ g->xor_bits);
}
