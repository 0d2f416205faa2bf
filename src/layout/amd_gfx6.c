/* AMD gfx6 / gfx7 / gfx8 (SI, CI, VI and the PS4's Liverpool) surface layout: tile-index modes.
 *
 * What is computed is what AMD's address library (Mesa src/amd/addrlib, r800/ and core/) gives
 * for AddrComputeSurfaceInfo on each mip level with a GB_TILE_MODE index, and for
 * AddrComputeSurfaceAddrFromCoord with that level's output (tile mode, micro tile type, tile
 * info, bank / pipe swizzle 0).  The rules are taken as facts from addrlib and re-expressed
 * here; the function names in the comments say where each rule lives there:
 *   core/addrlib1.cpp   Lib::ComputeSurfaceInfo, PadDimensions, PostComputeMipLevel,
 *                       DegradeLargeThickTile, ComputePixelIndexWithinMicroTile
 *   r800/egbaddrlib.cpp EgBasedLib::DispatchComputeSurfaceInfo and its Linear / MicroTiled /
 *                       MacroTiled halves, ComputeSurfaceAlignmentsMacroTiled,
 *                       HwlReduceBankWidthHeight, ComputeSurfaceMipLevelTileMode,
 *                       ComputeSurfaceAddrFromCoord{Micro,Macro}Tiled, ComputeBankFromCoord
 *   r800/siaddrlib.cpp  SiLib: ReadGbTileMode, HwlSetupTileInfo, HwlPostCheckTileIndex,
 *                       HwlComputeMipLevel, size adjustments, ComputePipeFromCoord,
 *                       HwlPreAdjustBank, HwlOverrideTileMode
 *   r800/ciaddrlib.cpp  CiLib: ReadGbTileMode, ReadGbMacroTileCfg, HwlComputeMacroModeIndex,
 *                       HwlSetupTileInfo, HwlPostCheckTileIndex, HwlOverrideTileMode
 * The engine (SI or CI) follows the chip's family as addrlib does (Tahiti-class SI; Bonaire,
 * Hawaii, Kaveri/Kabini, Liverpool, Tonga, Polaris, Carrizo CI/VI).
 *
 * Client conventions (those of Mesa's ac_surface for gfx6): level L is computed alone with the
 * width / height max(1, x >> L), depth max(1, slices >> L) for volumes (else all slices), the
 * level-0 pitch as basePitch, the same tile index for every level; pow2Pad as the flag says;
 * level offsets offset(L) = align(offset(L-1) + size(L-1), base_align(L)). */
#include <stdbool.h>
#include <string.h>

#include "layout/internal.h"

/* ------------------------------------------------------------------------------------------ */
/* Facts: tile modes, pipe / bank equations, micro tile element orders                         */
/* ------------------------------------------------------------------------------------------ */

enum {
    MF_LINEAR = 1u << 0,    /* linear general / aligned */
    MF_MICRO = 1u << 1,     /* 1D: a row of 8x8 micro tiles */
    MF_MACRO = 1u << 2,     /* 2D / 3D / PRT: macro tiles over pipes and banks */
    MF_PRT = 1u << 3,       /* a PRT mode */
    MF_PRT_NOROT = 1u << 4, /* PRT without rotation: bank / pipe from inside the macro tile */
    MF_LAID = 1u << 5,      /* a mode addrlib's gfx6+ dispatch lays out */
    MF_ROT_2D = 1u << 6,    /* bank rotation per slice by banks / 2 - 1 */
    MF_ROT_3D = 1u << 7,    /* pipe rotation per slice, bank rotation per pipes slices */
    MF_ROT_SPLIT = 1u << 8, /* bank rotation per tile-split slice by banks / 2 + 1 */
};

/* Per addrlib tile mode: thickness and class (addrlib1.cpp Lib::ModeFlags; the modes laid out:
 * EgBasedLib::DispatchComputeSurfaceInfo; rotations: SiLib::ComputePipeFromCoord and
 * EgBasedLib::ComputeBankFromCoord). */
#define M2D (MF_MACRO | MF_LAID)
static const struct {
    uint8_t thickness;
    uint16_t flags;
} mode_facts[TMU_AMD_TILE_MODE_COUNT] = {
    [TMU_AMD_LINEAR_GENERAL] = {1, MF_LINEAR | MF_LAID},
    [TMU_AMD_LINEAR_ALIGNED] = {1, MF_LINEAR | MF_LAID},
    [TMU_AMD_1D_TILED_THIN1] = {1, MF_MICRO | MF_LAID},
    [TMU_AMD_1D_TILED_THICK] = {4, MF_MICRO | MF_LAID},
    [TMU_AMD_2D_TILED_THIN1] = {1, M2D | MF_ROT_2D | MF_ROT_SPLIT},
    [TMU_AMD_2D_TILED_THIN2] = {1, MF_MACRO},
    [TMU_AMD_2D_TILED_THIN4] = {1, MF_MACRO},
    [TMU_AMD_2D_TILED_THICK] = {4, M2D | MF_ROT_2D},
    [TMU_AMD_2B_TILED_THIN1] = {1, MF_MACRO},
    [TMU_AMD_2B_TILED_THIN2] = {1, MF_MACRO},
    [TMU_AMD_2B_TILED_THIN4] = {1, MF_MACRO},
    [TMU_AMD_2B_TILED_THICK] = {4, MF_MACRO},
    [TMU_AMD_3D_TILED_THIN1] = {1, M2D | MF_ROT_3D | MF_ROT_SPLIT},
    [TMU_AMD_3D_TILED_THICK] = {4, M2D | MF_ROT_3D},
    [TMU_AMD_3B_TILED_THIN1] = {1, MF_MACRO},
    [TMU_AMD_3B_TILED_THICK] = {4, MF_MACRO},
    [TMU_AMD_2D_TILED_XTHICK] = {8, M2D | MF_ROT_2D},
    [TMU_AMD_3D_TILED_XTHICK] = {8, M2D | MF_ROT_3D},
    [TMU_AMD_POWER_SAVE] = {1, 0},
    [TMU_AMD_PRT_TILED_THIN1] = {1, M2D | MF_PRT | MF_PRT_NOROT},
    [TMU_AMD_PRT_2D_TILED_THIN1] = {1, M2D | MF_PRT | MF_ROT_SPLIT},
    [TMU_AMD_PRT_3D_TILED_THIN1] = {1, M2D | MF_PRT | MF_ROT_SPLIT},
    [TMU_AMD_PRT_TILED_THICK] = {4, M2D | MF_PRT | MF_PRT_NOROT},
    [TMU_AMD_PRT_2D_TILED_THICK] = {4, M2D | MF_PRT},
    [TMU_AMD_PRT_3D_TILED_THICK] = {4, M2D | MF_PRT},
};
#undef M2D

/* GB_TILE_MODE.ARRAY_MODE -> addrlib tile mode on CI / VI (CiLib::ReadGbTileMode); SI reads the
 * field as the mode itself except 8 (2D XTHICK) and 14, 15 (+3: 3D XTHICK, POWER_SAVE)
 * (SiLib::ReadGbTileMode). */
static const uint8_t ci_array_mode[16] = {
    TMU_AMD_LINEAR_GENERAL,     TMU_AMD_LINEAR_ALIGNED,     TMU_AMD_1D_TILED_THIN1,
    TMU_AMD_1D_TILED_THICK,     TMU_AMD_2D_TILED_THIN1,     TMU_AMD_PRT_TILED_THIN1,
    TMU_AMD_PRT_2D_TILED_THIN1, TMU_AMD_2D_TILED_THICK,     TMU_AMD_2D_TILED_XTHICK,
    TMU_AMD_PRT_TILED_THICK,    TMU_AMD_PRT_2D_TILED_THICK, TMU_AMD_PRT_3D_TILED_THIN1,
    TMU_AMD_3D_TILED_THIN1,     TMU_AMD_3D_TILED_THICK,     TMU_AMD_3D_TILED_XTHICK,
    TMU_AMD_PRT_3D_TILED_THICK,
};
static const uint8_t si_array_mode[16] = {
    TMU_AMD_LINEAR_GENERAL, TMU_AMD_LINEAR_ALIGNED, TMU_AMD_1D_TILED_THIN1,
    TMU_AMD_1D_TILED_THICK, TMU_AMD_2D_TILED_THIN1, TMU_AMD_2D_TILED_THIN2,
    TMU_AMD_2D_TILED_THIN4, TMU_AMD_2D_TILED_THICK, TMU_AMD_2D_TILED_XTHICK,
    TMU_AMD_2B_TILED_THIN1, TMU_AMD_2B_TILED_THIN2, TMU_AMD_2B_TILED_THIN4,
    TMU_AMD_3D_TILED_THIN1, TMU_AMD_3D_TILED_THICK, TMU_AMD_3D_TILED_XTHICK,
    TMU_AMD_POWER_SAVE,
};

/* Pipe equations per addrlib pipe configuration (= GB_TILE_MODE.PIPE_CONFIG + 1), from
 * SiLib::ComputePipeFromCoord.  Pipe bit b = XOR of the micro-tile-coordinate bits named by
 * x[b] and y[b]: bit 0 of a mask is tile x3 (x / 8 bit 0), bit 1 x4, bit 2 x5, bit 3 x6 (the
 * same for y).  P8_16x16_8x16 really has only two non-zero bits there. */
typedef struct pipe_eq {
    uint8_t cfg, pipes;
    uint8_t x[4], y[4];
} pipe_eq;
static const pipe_eq pipe_eqs[] = {
    /* cfg pipes  x-masks per bit   y-masks per bit */
    {1, 2, {0x1}, {0x1}},                                      /* P2 */
    {5, 4, {0x2, 0x1}, {0x1, 0x2}},                            /* P4_8x16 */
    {6, 4, {0x3, 0x2}, {0x1, 0x2}},                            /* P4_16x16 */
    {7, 4, {0x3, 0x2}, {0x1, 0x4}},                            /* P4_16x32 */
    {8, 4, {0x5, 0x4}, {0x1, 0x4}},                            /* P4_32x32 */
    {9, 8, {0x6, 0x1}, {0x1, 0x4}},                            /* P8_16x16_8x16 */
    {10, 8, {0x6, 0x1, 0x2}, {0x1, 0x2, 0x4}},                 /* P8_16x32_8x16 */
    {11, 8, {0x6, 0x1, 0x4}, {0x1, 0x2, 0x4}},                 /* P8_32x32_8x16 */
    {12, 8, {0x3, 0x4, 0x2}, {0x1, 0x2, 0x4}},                 /* P8_16x32_16x16 */
    {13, 8, {0x3, 0x2, 0x4}, {0x1, 0x2, 0x4}},                 /* P8_32x32_16x16 */
    {14, 8, {0x3, 0x2, 0x4}, {0x1, 0x8, 0x4}},                 /* P8_32x32_16x32 */
    {15, 8, {0x5, 0x8, 0x4}, {0x1, 0x4, 0x8}},                 /* P8_32x64_32x32 */
    {17, 16, {0x2, 0x1, 0x4, 0x8}, {0x1, 0x2, 0x8, 0x4}},      /* P16_32x32_8x16 */
    {18, 16, {0x3, 0x2, 0x4, 0x8}, {0x1, 0x2, 0x8, 0x4}},      /* P16_32x32_16x16 */
};

/* Bank equations per bank count (EgBasedLib::ComputeBankFromCoord), same mask convention over
 * the bank-tile coordinates tx = x / (8 * bank_width * pipes), ty = y / (8 * bank_height). */
typedef struct bank_eq {
    uint8_t banks;
    uint8_t x[4], y[4];
} bank_eq;
static const bank_eq bank_eqs[] = {
    {2, {0x1}, {0x1}},
    {4, {0x1, 0x2}, {0x2, 0x1}},
    {8, {0x1, 0x2, 0x4}, {0x4, 0x6, 0x1}},
    {16, {0x1, 0x2, 0x4, 0x8}, {0x8, 0xc, 0x2, 0x1}},
};

/* Element order inside an 8x8 (x thickness) micro tile: which coordinate bit becomes element-
 * index bit 0..5 (Lib::ComputePixelIndexWithinMicroTile).  Index bits 6, 7 are z0, z1 for the
 * thin orders on thick modes and x2, y2 for the THICK order; bit 8 is z2 on XTHICK modes. */
enum { X0, X1, X2, Y0, Y1, Y2, Z0, Z1, Z2, NB };
static const uint8_t order_display[5][6] = {
    {X0, X1, X2, Y1, Y0, Y2}, /* 8 bpp */
    {X0, X1, X2, Y0, Y1, Y2}, /* 16 */
    {X0, X1, Y0, X2, Y1, Y2}, /* 32 */
    {X0, Y0, X1, X2, Y1, Y2}, /* 64 */
    {Y0, X0, X1, X2, Y1, Y2}, /* 128 */
};
static const uint8_t order_thin[6] = {X0, Y0, X1, Y1, X2, Y2}; /* non-displayable and depth */
static const uint8_t order_rotated[5][6] = {
    {Y0, Y1, Y2, X1, X0, X2}, /* 8 bpp */
    {Y0, Y1, Y2, X0, X1, X2}, /* 16 */
    {Y0, Y1, X0, Y2, X1, X2}, /* 32 */
    {Y0, X0, Y1, X1, X2, Y2}, /* 64 */
    {NB, NB, NB, NB, NB, NB}, /* 128: addrlib has no order (index bits 0) */
};
static const uint8_t order_thick[5][6] = {
    {X0, Y0, X1, Y1, Z0, Z1}, /* 8 bpp */
    {X0, Y0, X1, Y1, Z0, Z1}, /* 16 */
    {X0, Y0, X1, Z0, Y1, Z1}, /* 32 */
    {X0, Y0, Z0, X1, Y1, Z1}, /* 64 */
    {X0, Y0, Z0, X1, Y1, Z1}, /* 128 */
};

/* ------------------------------------------------------------------------------------------ */
/* Small helpers                                                                              */
/* ------------------------------------------------------------------------------------------ */

static uint32_t log2u(uint64_t v)
{
    uint32_t r = 0;
    while (v > 1) {
        v >>= 1;
        r++;
    }
    return r;
}

static uint32_t next_pow2(uint32_t v)
{
    uint32_t p = 1;
    while (p < v && p < 0x80000000u)
        p <<= 1;
    return p;
}

static uint64_t round_up(uint64_t v, uint64_t a) { return a ? (v + a - 1) / a * a : v; }
static uint32_t max32(uint32_t a, uint32_t b) { return a > b ? a : b; }
static uint32_t min32(uint32_t a, uint32_t b) { return a < b ? a : b; }

static uint32_t thickness(tmu_amd_tile_mode m) { return mode_facts[m].thickness; }
static bool is_linear(tmu_amd_tile_mode m) { return (mode_facts[m].flags & MF_LINEAR) != 0; }
static bool is_micro(tmu_amd_tile_mode m) { return (mode_facts[m].flags & MF_MICRO) != 0; }
static bool is_macro(tmu_amd_tile_mode m) { return (mode_facts[m].flags & MF_MACRO) != 0; }
static bool is_prt(tmu_amd_tile_mode m) { return (mode_facts[m].flags & MF_PRT) != 0; }

static const pipe_eq *find_pipe_eq(uint32_t cfg)
{
    for (size_t i = 0; i < sizeof pipe_eqs / sizeof pipe_eqs[0]; i++)
        if (pipe_eqs[i].cfg == cfg)
            return &pipe_eqs[i];
    return NULL;
}

static uint32_t pipes_of(uint32_t cfg)
{
    const pipe_eq *e = find_pipe_eq(cfg);
    return e ? e->pipes : 0;
}

/* ------------------------------------------------------------------------------------------ */
/* The chip: registers decoded as addrlib decodes them                                         */
/* ------------------------------------------------------------------------------------------ */

typedef struct g6_tinfo {
    uint32_t banks, bank_w, bank_h, aspect, split, pipe_cfg;
} g6_tinfo;

typedef struct g6_entry {
    tmu_amd_tile_mode mode;
    uint32_t type; /* AddrTileType; CI's 3-bit field can hold values past ADDR_THICK */
    g6_tinfo info;
} g6_entry;

typedef struct g6_chip {
    const tmu_amd_chip *regs;
    bool ci;            /* CiLib (gfx7 / gfx8) rather than SiLib */
    bool bonaire;       /* CiLib m_settings.isBonaire */
    bool vegam;         /* CiLib m_settings.isVegaM (16-pipe bit order) */
    bool nondisp_thick; /* CiLib m_allowNonDispThickModes */
    uint32_t pi_bytes;  /* pipe interleave */
    uint32_t row_bytes; /* DRAM row */
    g6_entry e[32];
    g6_tinfo macro[16];
} g6_chip;

/* AMDGPU families and revision ranges (addrlib amdgpu_asic_addr.h). */
enum { FAMILY_SI = 110, FAMILY_CI = 120, FAMILY_KV = 125, FAMILY_VI = 130, FAMILY_CZ = 135 };

static tmu_status chip_decode(g6_chip *c, const tmu_amd_chip *chip, tmu_diag *diag)
{
    memset(c, 0, sizeof *c);
    c->regs = chip;
    switch (chip->family) {
    case FAMILY_SI:
        c->ci = false;
        break;
    case FAMILY_CI:
        c->ci = true;
        c->bonaire = chip->revision >= 0x14 && chip->revision < 0x28;
        break;
    case FAMILY_KV:
    case FAMILY_CZ:
        c->ci = true;
        break;
    case FAMILY_VI:
        c->ci = true;
        c->vegam = chip->revision >= 0x6e;
        break;
    default:
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "family %u: chip %s is not an SI, CI or VI family (110, 120, 125, "
                            "130, 135)", chip->family, chip->name);
    }
    uint32_t gac = chip->gb_addr_config;
    uint32_t pi = (gac >> 4) & 7, row = (gac >> 28) & 3;
    if (pi > 1)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "gb_addr_config 0x%08x: PIPE_INTERLEAVE_SIZE %u is not 256 or 512 "
                            "bytes", gac, pi);
    if (row > 2)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "gb_addr_config 0x%08x: ROW_SIZE %u is not 1, 2 or 4 KiB", gac, row);
    c->pi_bytes = 256u << pi;
    c->row_bytes = 1024u << row;
    for (unsigned i = 0; i < 32; i++) {
        uint32_t v = chip->tile_mode[i];
        g6_entry *e = &c->e[i];
        uint32_t am = (v >> 2) & 0xf;
        e->info.pipe_cfg = ((v >> 6) & 0x1f) + 1;
        if (c->ci) {
            /* GB_TILE_MODE on CI: MICRO_TILE_MODE_NEW [24:22], SAMPLE_SPLIT [26:25] */
            e->type = (v >> 22) & 7;
            e->mode = (tmu_amd_tile_mode)ci_array_mode[am];
            e->info.split = e->type == TMU_AMD_DEPTH_SAMPLE_ORDER ? 64u << ((v >> 11) & 7)
                                                                  : 1u << ((v >> 25) & 3);
            if (!is_macro(e->mode)) {
                e->info.banks = 2;
                e->info.bank_w = e->info.bank_h = e->info.aspect = 1;
                e->info.split = 64;
            }
        } else {
            /* GB_TILE_MODE on SI: MICRO_TILE_MODE [1:0], TILE_SPLIT [13:11], BANK_WIDTH
             * [15:14], BANK_HEIGHT [17:16], MACRO_TILE_ASPECT [19:18], NUM_BANKS [21:20] */
            e->type = v & 3;
            e->mode = (tmu_amd_tile_mode)si_array_mode[am];
            e->info.split = 64u << ((v >> 11) & 7);
            e->info.bank_w = 1u << ((v >> 14) & 3);
            e->info.bank_h = 1u << ((v >> 16) & 3);
            e->info.aspect = 1u << ((v >> 18) & 3);
            e->info.banks = 2u << ((v >> 20) & 3);
        }
    }
    if (c->ci) {
        for (unsigned i = 0; i < 16; i++) {
            uint32_t v = chip->macrotile_mode[i];
            g6_tinfo *m = &c->macro[i];
            m->bank_w = 1u << (v & 3);
            m->bank_h = 1u << ((v >> 2) & 3);
            m->aspect = 1u << ((v >> 4) & 3);
            m->banks = 2u << ((v >> 6) & 3);
            m->split = 64u << (i % 8);
        }
        /* CiLib::InitTileSettingTable: entry 18 as 1D THICK + non-displayable allows thin micro
         * tiles in thick modes (always on Bonaire). */
        c->nondisp_thick = c->bonaire || (c->e[18].mode == TMU_AMD_1D_TILED_THICK &&
                                          c->e[18].type == TMU_AMD_NON_DISPLAYABLE);
    }
    return TMU_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* AddrComputeSurfaceInfo for one level                                                       */
/* ------------------------------------------------------------------------------------------ */

typedef struct g6_in {
    tmu_amd_tile_mode mode;
    uint32_t type;
    uint32_t flags; /* TMU_SURF_* (addrlib ADDR_SURFACE_FLAGS of the same names) */
    uint32_t bpp, samples, width, height, slices, mip;
    int32_t tile_index;
} g6_in;

typedef struct g6_out {
    uint32_t pitch, height, depth;
    uint64_t size;
    uint32_t base_align, pitch_align, height_align, block_w, block_h;
    tmu_amd_tile_mode mode;
    uint32_t type;
    int32_t tile_index, macro_index;
    g6_tinfo info;
} g6_out;

/* Lib::PadDimensions (no client alignments; HwlPadDimensions only acts for DCC). */
static void pad_dims(const g6_in *in, tmu_amd_tile_mode mode, uint32_t pad, uint32_t *pitch,
                     uint32_t pitch_align, uint32_t *height, uint32_t height_align,
                     uint32_t *slices, uint32_t slice_align)
{
    bool cube = (in->flags & TMU_SURF_CUBE) != 0;
    if (in->mip > 0 && cube)
        pad = *slices > 1 ? 3 : 2;
    if (pad == 0)
        pad = 3;
    *pitch = (uint32_t)round_up(*pitch, pitch_align);
    if (pad > 1)
        *height = (uint32_t)round_up(*height, height_align);
    if (pad > 2 || thickness(mode) > 1) {
        if (cube)
            *slices = next_pow2(*slices);
        if (thickness(mode) > 1)
            *slices = (uint32_t)round_up(*slices, slice_align);
    }
}

/* EgBasedLib::ComputeSurfaceInfoLinear with SiLib's pitch alignment and size adjustment. */
static void info_linear(const g6_chip *c, const g6_in *in, uint32_t pad, g6_out *o)
{
    uint32_t bpe = in->bpp / 8;
    uint32_t pitch = in->width, height = in->height, slices = in->slices;
    if (in->mode == TMU_AMD_LINEAR_GENERAL) {
        o->base_align = bpe > 1 ? bpe : 1;
        o->pitch_align = 1;
    } else {
        o->base_align = c->pi_bytes;
        o->pitch_align = max32(8, 64 / bpe);
    }
    o->height_align = 1;
    if (in->flags & TMU_SURF_DISPLAY)
        o->pitch_align = (uint32_t)round_up(o->pitch_align, 32);
    pad_dims(in, in->mode, pad, &pitch, o->pitch_align, &height, o->height_align, &slices, 1);
    uint64_t slice_bytes;
    if (in->mode == TMU_AMD_LINEAR_GENERAL) {
        slice_bytes = (uint64_t)pitch * height * in->bpp * in->samples / 8;
    } else {
        uint32_t align_px = max32(64, c->pi_bytes / bpe);
        uint64_t px = (uint64_t)pitch * height * in->samples;
        while (px % align_px) {
            pitch += o->pitch_align;
            px = (uint64_t)pitch * height * in->samples;
        }
        slice_bytes = px * bpe;
    }
    o->pitch = pitch;
    o->height = height;
    o->depth = slices;
    o->size = slice_bytes * slices;
    o->mode = in->mode;
}

/* EgBasedLib::ComputeSurfaceInfoMicroTiled with SiLib's pitch alignment (8) and size
 * adjustment (slices padded to the pipe interleave; the depth buffer's stencil plane too). */
static void info_micro(const g6_chip *c, const g6_in *in, uint32_t pad, tmu_amd_tile_mode mode,
                       g6_out *o)
{
    uint32_t pitch = in->width, height = in->height, slices = in->slices;
    uint32_t thick = thickness(mode);
    /* HwlDegradeThickTileMode: SI thins a 1D THICK mip of fewer than 4 slices, CI keeps it */
    if (in->mip > 0 && mode == TMU_AMD_1D_TILED_THICK && slices < 4 && !c->ci) {
        mode = TMU_AMD_1D_TILED_THIN1;
        thick = 1;
    }
    o->base_align = c->pi_bytes;
    o->pitch_align = 8;
    o->height_align = 8;
    if (in->flags & TMU_SURF_DISPLAY)
        o->pitch_align = (uint32_t)round_up(o->pitch_align, 32);
    pad_dims(in, mode, pad, &pitch, o->pitch_align, &height, o->height_align, &slices, thick);
    uint32_t p = pitch;
    uint64_t logical = (uint64_t)p * height * in->bpp * in->samples / 8;
    while ((logical * thick) % o->base_align) {
        p += o->pitch_align;
        logical = (uint64_t)p * height * in->bpp * in->samples / 8;
    }
    if (in->flags & TMU_SURF_DEPTH) {
        uint64_t stencil = (uint64_t)p * height;
        while (stencil % o->base_align) {
            p += o->pitch_align;
            stencil = (uint64_t)p * height;
        }
        if (p != pitch)
            logical = stencil * (in->bpp / 8);
    }
    o->pitch = p;
    o->height = height;
    o->depth = slices;
    o->size = logical * slices;
    o->mode = mode;
}

/* EgBasedLib::ComputeSurfaceAlignmentsMacroTiled (+ SanityCheckMacroTiled,
 * SiLib::HwlComputeSurfaceAlignmentsMacroTiled).  Adjusts o->info in
 * place as addrlib does (successive calls build on each other). */
static bool align_macro(const g6_chip *c, const g6_in *in, tmu_amd_tile_mode mode, g6_out *o)
{
    g6_tinfo *t = &o->info;
    uint32_t pipes = pipes_of(t->pipe_cfg);
    if (pipes == 0 || t->banks < t->aspect)
        return false;
    uint32_t interleave = c->pi_bytes; /* times the bank interleave, 1 on r800+ */
    uint32_t tile_bytes = min32(t->split, 64 * thickness(mode) * in->bpp * in->samples / 8);
    uint32_t bh_align = max32(1, interleave / (tile_bytes * t->bank_w));
    t->bank_h = (uint32_t)round_up(t->bank_h, bh_align);
    if (in->samples == 1) {
        uint32_t ar_align = max32(1, interleave / (tile_bytes * pipes * t->bank_w));
        t->aspect = (uint32_t)round_up(t->aspect, ar_align);
    }
    /* EgBasedLib::HwlReduceBankWidthHeight would shrink bank width / height to fit a DRAM
     * row; SiLib (and so CiLib) replaces it with a no-op. */
    o->block_w = 8 * t->bank_w * pipes * t->aspect;
    o->pitch_align = o->block_w;
    if (in->flags & TMU_SURF_DISPLAY)
        o->pitch_align = (uint32_t)round_up(o->pitch_align, 32);
    o->block_h = 8 * t->bank_h * t->banks / t->aspect;
    o->height_align = o->block_h;
    o->base_align = pipes * t->bank_w * t->banks * t->bank_h * tile_bytes;
    if (!c->ci && in->mip == 0 && (in->flags & TMU_SURF_PRT)) {
        uint32_t macro_bytes = o->block_w * o->block_h * in->samples * in->bpp / 8;
        if (macro_bytes < 65536) {
            uint32_t n = 65536 / macro_bytes;
            o->pitch_align *= n;
            o->base_align *= n;
        }
    }
    return true;
}

/* EgBasedLib::ComputeSurfaceMipLevelTileMode: a mip level falls back to 1D when it is smaller
 * than a macro tile or a macro tile row would be below the interleave. */
static tmu_amd_tile_mode mip_tile_mode(const g6_chip *c, tmu_amd_tile_mode mode, uint32_t bpp,
                                       uint32_t pitch, uint32_t height, uint32_t slices,
                                       uint32_t samples, uint32_t pitch_align,
                                       uint32_t height_align, const g6_tinfo *t)
{
    uint32_t thick = thickness(mode);
    uint32_t interleave = c->pi_bytes;
    uint32_t tile_bytes = 64 * thick * next_pow2(bpp) * samples / 8;
    if (slices < thick && !c->ci) {
        /* SiLib / EgBasedLib::HwlDegradeThickTileMode (CiLib keeps the mode) */
        switch (mode) {
        case TMU_AMD_2D_TILED_THICK:
            mode = TMU_AMD_2D_TILED_THIN1;
            tile_bytes >>= 2;
            break;
        case TMU_AMD_3D_TILED_THICK:
            mode = TMU_AMD_3D_TILED_THIN1;
            tile_bytes >>= 2;
            break;
        case TMU_AMD_2D_TILED_XTHICK:
            mode = slices < 4 ? TMU_AMD_2D_TILED_THIN1 : TMU_AMD_2D_TILED_THICK;
            tile_bytes >>= slices < 4 ? 3 : 1;
            break;
        case TMU_AMD_3D_TILED_XTHICK:
            mode = slices < 4 ? TMU_AMD_3D_TILED_THIN1 : TMU_AMD_3D_TILED_THICK;
            tile_bytes >>= slices < 4 ? 3 : 1;
            break;
        default:
            break;
        }
    }
    tile_bytes = min32(tile_bytes, t->split);
    uint64_t t1 = (uint64_t)tile_bytes * pipes_of(t->pipe_cfg) * t->bank_w * t->aspect;
    uint64_t t2 = (uint64_t)tile_bytes * t->bank_w * t->bank_h;
    switch (mode) {
    case TMU_AMD_2D_TILED_THIN1:
    case TMU_AMD_3D_TILED_THIN1:
    case TMU_AMD_PRT_TILED_THIN1:
    case TMU_AMD_PRT_2D_TILED_THIN1:
    case TMU_AMD_PRT_3D_TILED_THIN1:
        if (pitch < pitch_align || height < height_align || interleave > t1 || interleave > t2)
            mode = TMU_AMD_1D_TILED_THIN1;
        break;
    case TMU_AMD_2D_TILED_THICK:
    case TMU_AMD_3D_TILED_THICK:
    case TMU_AMD_2D_TILED_XTHICK:
    case TMU_AMD_3D_TILED_XTHICK:
    case TMU_AMD_PRT_TILED_THICK:
    case TMU_AMD_PRT_2D_TILED_THICK:
    case TMU_AMD_PRT_3D_TILED_THICK:
        if (pitch < pitch_align || height < height_align)
            mode = TMU_AMD_1D_TILED_THICK;
        break;
    default:
        break;
    }
    return mode;
}

/* EgBasedLib::ComputeSurfaceInfoMacroTiled.  Returns false where addrlib fails. */
static bool info_macro(const g6_chip *c, const g6_in *in, uint32_t pad, tmu_amd_tile_mode mode,
                       g6_out *o)
{
    for (;;) {
        if (!align_macro(c, in, mode, o))
            return false;
        if (in->mip > 0) {
            tmu_amd_tile_mode m = mip_tile_mode(c, mode, in->bpp, in->width, in->height,
                                                in->slices, in->samples, o->block_w,
                                                o->block_h, &o->info);
            if (!is_macro(m)) {
                info_micro(c, in, pad, m, o);
                return true;
            }
            if (m != mode) { /* thinner: align again, on the tile info as adjusted so far */
                mode = m;
                continue;
            }
        }
        uint32_t pitch = in->width, height = in->height, slices = in->slices;
        pad_dims(in, mode, pad, &pitch, o->pitch_align, &height, o->height_align, &slices,
                 thickness(mode));
        o->pitch = pitch;
        o->height = height;
        o->depth = slices;
        o->size = (uint64_t)pitch * height * next_pow2(in->bpp) * in->samples / 8 * slices;
        o->mode = mode;
        return true;
    }
}

/* Lib::DegradeLargeThickTile: a thick micro tile larger than a DRAM row is thinned. */
static tmu_amd_tile_mode degrade_large_thick(const g6_chip *c, tmu_amd_tile_mode mode,
                                             uint32_t bpp)
{
    uint32_t thick = thickness(mode);
    if (thick <= 1)
        return mode;
    uint32_t tile = 64 * thick * (bpp / 8);
    if (tile <= c->row_bytes)
        return mode;
    switch (mode) {
    case TMU_AMD_2D_TILED_XTHICK:
        return tile / 2 <= c->row_bytes ? TMU_AMD_2D_TILED_THICK : TMU_AMD_2D_TILED_THIN1;
    case TMU_AMD_2D_TILED_THICK:
        return TMU_AMD_2D_TILED_THIN1;
    case TMU_AMD_3D_TILED_XTHICK:
        return tile / 2 <= c->row_bytes ? TMU_AMD_3D_TILED_THICK : TMU_AMD_3D_TILED_THIN1;
    case TMU_AMD_3D_TILED_THICK:
        return TMU_AMD_3D_TILED_THIN1;
    case TMU_AMD_PRT_TILED_THICK:
        return TMU_AMD_PRT_TILED_THIN1;
    case TMU_AMD_PRT_2D_TILED_THICK:
        return TMU_AMD_PRT_2D_TILED_THIN1;
    case TMU_AMD_PRT_3D_TILED_THICK:
        return TMU_AMD_PRT_3D_TILED_THIN1;
    default:
        return mode;
    }
}

/* CiLib::HwlComputeMacroModeIndex: the GB_MACROTILE_MODE entry of a macro-tiled index, chosen by
 * the bytes of a (split) micro tile; the tile split comes from the index. */
static int32_t ci_macro_index(const g6_chip *c, int32_t index, uint32_t flags, uint32_t bpp,
                              uint32_t samples, g6_tinfo *t)
{
    const g6_entry *e = &c->e[index];
    uint32_t tile1x = bpp * 64 * thickness(e->mode) / 8;
    uint32_t split = e->type == TMU_AMD_DEPTH_SAMPLE_ORDER ? e->info.split
                                                           : max32(256, e->info.split * tile1x);
    uint32_t split_c = min32(c->row_bytes, split);
    uint32_t tile_bytes = max32(64, min32(split_c, samples * tile1x));
    int32_t mi = (int32_t)log2u(tile_bytes / 64);
    if ((flags & TMU_SURF_PRT) || is_prt(e->mode))
        mi += 8;
    *t = c->macro[mi];
    t->pipe_cfg = e->info.pipe_cfg;
    t->split = split_c;
    return mi;
}

/* SiLib / CiLib::HwlPostCheckTileIndex: the table entry matching the level's final layout. */
static int32_t post_check_index(const g6_chip *c, const g6_out *o, int32_t cur)
{
    if (o->mode == TMU_AMD_LINEAR_GENERAL)
        return -2;
    bool macro = is_macro(o->mode);
    if (cur >= 0 && cur < 32 && o->mode == c->e[cur].mode &&
        !(macro && (c->ci ? o->info.pipe_cfg != c->e[cur].info.pipe_cfg
                          : memcmp(&o->info, &c->e[cur].info, sizeof o->info) != 0)))
        return cur;
    for (int32_t i = 0; i < 32; i++) {
        const g6_entry *e = &c->e[i];
        if (macro) {
            if (o->mode != e->mode || o->type != e->type || o->info.pipe_cfg != e->info.pipe_cfg)
                continue;
            if (c->ci) {
                if (e->type != TMU_AMD_DEPTH_SAMPLE_ORDER ||
                    min32(e->info.split, c->row_bytes) == o->info.split)
                    return i;
            } else if (memcmp(&o->info, &e->info, sizeof o->info) == 0) {
                return i;
            }
        } else if (o->mode == TMU_AMD_LINEAR_ALIGNED) {
            if (o->mode == e->mode)
                return i;
        } else if (o->mode == e->mode && o->type == e->type) {
            return i;
        }
    }
    return -1;
}

/* CiLib::HwlOverrideTileMode: CI / VI have no PRT 2D / 3D layouts of their own. */
static tmu_amd_tile_mode ci_prt_mode(tmu_amd_tile_mode mode)
{
    switch (mode) {
    case TMU_AMD_PRT_2D_TILED_THICK:
    case TMU_AMD_PRT_3D_TILED_THICK:
        return TMU_AMD_PRT_TILED_THICK;
    case TMU_AMD_PRT_2D_TILED_THIN1:
    case TMU_AMD_PRT_3D_TILED_THIN1:
        return TMU_AMD_PRT_TILED_THIN1;
    default:
        return mode;
    }
}

/* SiLib / CiLib::HwlSetupTileInfo with a tile info already filled from the index: only their
 * fail-safe choice of micro tile type for the mode (thick, 128 bpp, depth). */
static uint32_t failsafe_type(const g6_chip *c, tmu_amd_tile_mode mode, uint32_t type,
                              uint32_t flags, uint32_t bpp)
{
    if (is_linear(mode))
        return type;
    if (c->ci) {
        if (thickness(mode) > 1) {
            if (c->bonaire)
                type = TMU_AMD_NON_DISPLAYABLE;
            else if (!c->nondisp_thick || type != TMU_AMD_NON_DISPLAYABLE || is_prt(mode))
                type = TMU_AMD_THICK;
        } else if (bpp == 128) {
            type = TMU_AMD_NON_DISPLAYABLE;
        } else if (mode == TMU_AMD_3D_TILED_THIN1 || mode == TMU_AMD_PRT_3D_TILED_THIN1) {
            type = TMU_AMD_NON_DISPLAYABLE;
        }
    } else if (bpp == 128 || thickness(mode) > 1 || (flags & TMU_SURF_PRT)) {
        type = TMU_AMD_NON_DISPLAYABLE;
    }
    if (flags & (TMU_SURF_DEPTH | TMU_SURF_STENCIL))
        type = TMU_AMD_DEPTH_SAMPLE_ORDER;
    return type;
}

/* One level: Lib::ComputeSurfaceInfo with a tile index, down through the engine's dispatch. */
static tmu_status level_info(const g6_chip *c, const tmu_surface_desc *d, uint32_t level,
                             uint32_t base_pitch, g6_out *o, tmu_diag *diag)
{
    g6_in in;
    memset(&in, 0, sizeof in);
    memset(o, 0, sizeof *o);
    in.flags = d->flags;
    in.bpp = d->bpp;
    in.samples = d->samples;
    in.mip = level;
    in.tile_index = d->tile_index;
    in.width = max32(1, d->width >> level);
    in.height = max32(1, d->height >> level);
    in.slices = (d->flags & TMU_SURF_VOLUME) ? max32(1, d->slices >> level) : d->slices;
    /* SiLib::HwlComputeMipLevel: sub-level widths come from the base level's pitch */
    if (level > 0 && base_pitch)
        in.width = max32(1, base_pitch >> level);
    /* Lib::PostComputeMipLevel */
    if (in.flags & TMU_SURF_POW2_PAD) {
        in.width = next_pow2(in.width);
        in.height = next_pow2(in.height);
        in.slices = next_pow2(in.slices);
    } else if (level > 0) {
        in.width = next_pow2(in.width);
        in.height = next_pow2(in.height);
        if (!(in.flags & TMU_SURF_CUBE))
            in.slices = next_pow2(in.slices);
    }

    const g6_entry *e = &c->e[d->tile_index];
    in.mode = e->mode;
    in.type = e->type;
    if (c->ci && is_macro(e->mode)) {
        o->macro_index = ci_macro_index(c, d->tile_index, in.flags, in.bpp, in.samples, &o->info);
    } else {
        o->info = e->info;
        o->macro_index = -3;
    }

    /* HwlOverrideTileMode: CI / VI lay out PRT 2D / 3D modes as PRT_TILED (SI's table cannot
     * name a PRT mode: its ARRAY_MODE 5, 6 are 2D THIN2 / THIN4) */
    if (c->ci)
        in.mode = ci_prt_mode(in.mode);

    /* EgBasedLib::DispatchComputeSurfaceInfo */
    tmu_amd_tile_mode mode = in.mode;
    if (!(in.flags & TMU_SURF_NO_LARGE_THICK_DEGRADE))
        mode = degrade_large_thick(c, mode, in.bpp);
    uint32_t type = failsafe_type(c, mode, in.type, in.flags, in.bpp);
    int32_t cur = c->ci ? in.tile_index : -1;
    if (c->ci && o->macro_index == -3 && is_linear(mode)) {
        cur = mode == TMU_AMD_LINEAR_GENERAL ? -2 : 8;
        o->info = c->e[8].info;
    }
    o->type = type;

    uint32_t pad = ((in.flags & TMU_SURF_CUBE) && level == 0) ? 2 : 0;
    if (is_linear(mode)) {
        info_linear(c, &in, pad, o);
    } else if (is_micro(mode)) {
        info_micro(c, &in, pad, mode, o);
    } else if (!info_macro(c, &in, pad, mode, o)) {
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "tile_index %d: macro tile aspect %u exceeds the %u banks (addrlib "
                            "refuses the macro tile parameters)", d->tile_index, o->info.aspect,
                            o->info.banks);
    }
    /* Where Lib::DegradeLargeThickTile thinned the mode (a thick micro tile larger than the DRAM
     * row: the PS4's 64 bpp thick tile indices) the tile type stays THICK (no table entry matches
     * the result: out_tile_index -1), and addrlib's addresses keep the THICK element order on the
     * thin mode's 8x8x1 micro tiles (z0, z1 among the index bits, x2, y2 above them): they overlap
     * and pass the level's end.  tmu reports them as addrlib does (level_addr marks the level, and
     * detile, retile and the texture unit refuse it: tmu_surface_level_one_to_one). */
    o->tile_index = post_check_index(c, o, cur);
    if (c->ci && o->macro_index == -3)
        o->macro_index = -1;
    return TMU_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Per-level address parameters (tmu_surface.impl)                                            */
/* ------------------------------------------------------------------------------------------ */

enum { K_LINEAR = 0, K_MICRO = 1, K_MACRO = 2 };

typedef struct g6_addr {
    uint16_t ix[8], iy[8], iz[8]; /* element index bits from x, y, slice (bits 0..2) */
    uint64_t pipe_x, pipe_y;      /* 16 nibbles: pipe from tile x3..x6, y3..y6 */
    uint64_t bank_x, bank_y;      /* 16 nibbles: bank from bank-tile x, y */
    uint64_t slice_bytes;  /* linear: a slice; 1D: a slab of `thick` slices; 2D: a slice */
    uint64_t sample_bytes; /* linear: a sample's slices */
    uint32_t row;          /* linear: pitch; 1D: micro tiles per row; 2D: macro tiles per row */
    uint32_t tile_bytes;   /* 1D / 2D: bytes of a micro tile (after a tile split) */
    uint32_t macro_bytes;  /* 2D: bytes of a macro tile in one pipe / bank */
    uint32_t pix_stride;   /* bytes per element index step */
    uint32_t smp_stride;   /* bytes per sample step inside a micro tile */
    uint32_t split_mask;   /* 2D: tile split bytes - 1 (all ones when no split) */
    uint32_t split_slices; /* 2D: slices a split micro tile spreads over */
    uint32_t bank_rot;     /* 2D: bank rotation per slab (before bank_rot_shift) */
    uint32_t pipe_rot;     /* 3D: pipe rotation per slab */
    uint32_t split_rot;    /* 2D/3D thin: bank rotation per tile-split slice */
    uint32_t xmask, ymask; /* PRT without rotation: coordinates inside the macro tile */
    uint8_t kind, bpe_log2, thick_log2, split_log2;
    uint8_t pi_bits, pipe_bits, bank_bits, bank_rot_shift;
    uint8_t mtw_log2, mth_log2, bw_log2, bh_log2;
    uint8_t bank_x_shift, bank_y_shift, bank_adjust;
    uint8_t overlap; /* 1: THICK element order on a thin mode (level_info): not one-to-one */
} g6_addr;

typedef struct g6_impl {
    g6_addr lv[TMU_SURFACE_MAX_LEVELS];
} g6_impl;
TMU_LAYOUT_IMPL_FITS(g6_impl);

static uint32_t parity4(uint32_t v) { return (v ^ (v >> 1) ^ (v >> 2) ^ (v >> 3)) & 1; }

/* An XOR equation (per output bit, the mask of the 4 input bits it xors) as a 16-entry table
 * of nibbles, indexed by the 4 input bits. */
static uint64_t nibbles(const uint8_t masks[4], uint32_t bits)
{
    uint64_t t = 0;
    for (uint32_t v = 0; v < 16; v++) {
        uint32_t r = 0;
        for (uint32_t b = 0; b < bits; b++)
            r |= parity4(v & masks[b]) << b;
        t |= (uint64_t)r << (4 * v);
    }
    return t;
}

static void micro_order(g6_addr *a, uint32_t type, uint32_t bpp, uint32_t thick)
{
    uint8_t src[9];
    uint32_t b = log2u(bpp) - 3;
    const uint8_t *six = order_thin;
    if (type == TMU_AMD_THICK)
        six = order_thick[b];
    else if (type == TMU_AMD_DISPLAYABLE)
        six = order_display[b];
    else if (type == TMU_AMD_ROTATED)
        six = order_rotated[b];
    memcpy(src, six, 6);
    src[6] = src[7] = src[8] = NB;
    if (type == TMU_AMD_THICK) {
        src[6] = X2;
        src[7] = Y2;
    } else if (thick > 1) {
        src[6] = Z0;
        src[7] = Z1;
    }
    if (thick == 8)
        src[8] = Z2;
    memset(a->ix, 0, sizeof a->ix);
    memset(a->iy, 0, sizeof a->iy);
    memset(a->iz, 0, sizeof a->iz);
    for (uint32_t v = 0; v < 8; v++)
        for (uint32_t p = 0; p < 9; p++) {
            uint32_t s = src[p];
            if (s == NB || !((v >> (s % 3)) & 1))
                continue;
            uint16_t bit = (uint16_t)(1u << p);
            if (s <= X2)
                a->ix[v] |= bit;
            else if (s <= Y2)
                a->iy[v] |= bit;
            else
                a->iz[v] |= bit;
        }
}

static void level_addr(const g6_chip *c, const tmu_surface_desc *d, const g6_out *o, g6_addr *a)
{
    memset(a, 0, sizeof *a);
    uint32_t bpe = d->bpp / 8, S = d->samples;
    a->bpe_log2 = (uint8_t)log2u(bpe);
    if (is_linear(o->mode)) {
        a->kind = K_LINEAR;
        a->row = o->pitch;
        a->slice_bytes = (uint64_t)o->pitch * o->height * bpe;
        a->sample_bytes = a->slice_bytes * o->depth;
        return;
    }
    uint32_t thick = thickness(o->mode);
    a->thick_log2 = (uint8_t)log2u(thick);
    a->overlap = thick == 1 && o->type == TMU_AMD_THICK;
    micro_order(a, o->type, d->bpp, thick);
    uint32_t tile_bytes = 64 * thick * bpe * S;
    if (o->type == TMU_AMD_DEPTH_SAMPLE_ORDER) {
        a->pix_stride = bpe * S;
        a->smp_stride = bpe;
    } else {
        a->pix_stride = bpe;
        a->smp_stride = tile_bytes / S;
    }
    if (is_micro(o->mode)) {
        a->kind = K_MICRO;
        a->row = o->pitch / 8;
        a->tile_bytes = tile_bytes;
        a->slice_bytes = (uint64_t)o->pitch * o->height * thick * bpe * S;
        return;
    }
    a->kind = K_MACRO;
    const g6_tinfo *t = &o->info;
    const pipe_eq *pe = find_pipe_eq(t->pipe_cfg);
    uint32_t pipes = pe->pipes;
    uint8_t px[4], py[4];
    memcpy(px, pe->x, 4);
    memcpy(py, pe->y, 4);
    if (c->vegam && pipes == 16) { /* SiLib::ComputePipeFromCoord: VegaM's 16-pipe bit order */
        uint8_t x0 = px[0], y0 = py[0];
        memmove(px, px + 1, 3);
        memmove(py, py + 1, 3);
        px[3] = x0;
        py[3] = y0;
    }
    a->pipe_bits = (uint8_t)log2u(pipes);
    a->pipe_x = nibbles(px, a->pipe_bits);
    a->pipe_y = nibbles(py, a->pipe_bits);
    const bank_eq *be = &bank_eqs[log2u(t->banks) - 1];
    a->bank_bits = (uint8_t)log2u(t->banks);
    a->bank_x = nibbles(be->x, a->bank_bits);
    a->bank_y = nibbles(be->y, a->bank_bits);
    a->pi_bits = (uint8_t)log2u(c->pi_bytes);
    a->bw_log2 = (uint8_t)log2u(t->bank_w);
    a->bh_log2 = (uint8_t)log2u(t->bank_h);
    a->bank_x_shift = (uint8_t)(a->bw_log2 + a->pipe_bits);
    a->bank_y_shift = a->bh_log2;
    uint32_t mtw = 8 * t->bank_w * pipes * t->aspect;
    uint32_t mth = 8 * t->bank_h * t->banks / t->aspect;
    a->mtw_log2 = (uint8_t)log2u(mtw);
    a->mth_log2 = (uint8_t)log2u(mth);
    a->split_slices = 1;
    a->split_mask = UINT32_MAX; /* elements stay below 2^31: split slice 0 */
    a->split_log2 = 31;
    if (tile_bytes > t->split && thick == 1) {
        a->split_slices = tile_bytes / t->split;
        a->split_mask = t->split - 1;
        a->split_log2 = (uint8_t)log2u(t->split);
        tile_bytes = t->split;
    }
    a->tile_bytes = tile_bytes;
    a->macro_bytes = tile_bytes * t->bank_w * t->bank_h;
    a->row = o->pitch / mtw;
    a->slice_bytes = (uint64_t)a->row * (o->height / mth) * a->macro_bytes;
    bool prt_norot = (mode_facts[o->mode].flags & MF_PRT_NOROT) != 0;
    a->xmask = prt_norot ? mtw - 1 : UINT32_MAX;
    a->ymask = prt_norot ? mth - 1 : UINT32_MAX;
    uint32_t mf = mode_facts[o->mode].flags;
    uint32_t rot3 = pipes / 2 > 1 ? pipes / 2 - 1 : 1;
    if (mf & MF_ROT_3D) {
        a->pipe_rot = rot3;
        a->bank_rot = rot3;
        a->bank_rot_shift = a->pipe_bits;
    } else if (mf & MF_ROT_2D) {
        a->bank_rot = t->banks / 2 - 1;
    }
    if (mf & MF_ROT_SPLIT)
        a->split_rot = t->banks / 2 + 1;
    /* SiLib::HwlPreAdjustBank */
    a->bank_adjust = (t->pipe_cfg == 8 || t->pipe_cfg == 15) && t->bank_w == 1;
}

/* ------------------------------------------------------------------------------------------ */
/* Entry points                                                                               */
/* ------------------------------------------------------------------------------------------ */

static tmu_status check_entry(const g6_chip *c, const tmu_surface_desc *d, tmu_diag *diag)
{
    int32_t i = d->tile_index;
    const char *chip = c->regs->name;
    if (i < 0 || i > 31)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "tile_index %d: must be 0..31 (a GB_TILE_MODE index)", i);
    const g6_entry *e = &c->e[i];
    uint32_t reg = c->regs->tile_mode[i];
    if (!(mode_facts[e->mode].flags & MF_LAID))
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "tile_index %d: GB_TILE_MODE%d 0x%08x on %s has ARRAY_MODE %u (%s), "
                            "which addrlib does not lay out on gfx6-8",
                            i, i, reg, chip, (reg >> 2) & 0xf, tmu_amd_tile_mode_name(e->mode));
    if (e->type >= TMU_AMD_TILE_TYPE_COUNT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "tile_index %d: GB_TILE_MODE%d 0x%08x on %s has MICRO_TILE_MODE_NEW "
                            "%u, not a micro tile type", i, i, reg, chip, e->type);
    if (e->type == TMU_AMD_THICK && thickness(e->mode) == 1)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "tile_index %d: GB_TILE_MODE%d 0x%08x on %s has THICK micro tiles on "
                            "the thin ARRAY_MODE %s", i, i, reg, chip,
                            tmu_amd_tile_mode_name(e->mode));
    if (is_macro(e->mode) && !find_pipe_eq(e->info.pipe_cfg))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "tile_index %d: GB_TILE_MODE%d 0x%08x on %s has PIPE_CONFIG %u, not "
                            "a pipe configuration", i, i, reg, chip, e->info.pipe_cfg - 1);
    /* addrlib lays out 1D / linear MSAA for a test tool only ("no 1D MSAA on real H/W") and its
     * depth path then under-sizes the level; tmu refuses it */
    if (d->samples > 1 && !is_macro(e->mode))
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "tile_index %d: samples %u: %s is not macro tiled; multisampled "
                            "surfaces need a 2D / 3D / PRT mode", i, d->samples,
                            tmu_amd_tile_mode_name(e->mode));
    if (c->ci && d->samples > 8) /* CiLib keeps addrlib's default of 8 (SiLib raises it to 16) */
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "samples %u: addrlib addresses at most 8 samples on gfx7 / gfx8 (%s)",
                            d->samples, chip);
    if (thickness(e->mode) > 1 && d->samples > 1)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "tile_index %d: samples %u: the thick mode %s is single-sampled", i,
                            d->samples, tmu_amd_tile_mode_name(e->mode));
    return TMU_OK;
}

tmu_status tmu_layout_gfx6_init(tmu_surface *surf, const tmu_amd_chip *chip,
                                const tmu_surface_desc *desc, tmu_diag *diag)
{
    g6_chip c;
    tmu_status st = chip_decode(&c, chip, diag);
    if (st != TMU_OK)
        return st;
    st = check_entry(&c, desc, diag);
    if (st != TMU_OK)
        return st;
    g6_impl *impl = (g6_impl *)(void *)surf->impl;
    uint64_t offset = 0;
    uint32_t base_pitch = 0;
    for (uint32_t l = 0; l < desc->levels; l++) {
        g6_out o;
        st = level_info(&c, desc, l, base_pitch, &o, diag);
        if (st != TMU_OK)
            return st;
        if (l == 0)
            base_pitch = o.pitch;
        tmu_surface_level *lv = &surf->level[l];
        if (l > 0)
            offset = round_up(offset, o.base_align);
        lv->offset = offset;
        lv->size = o.size;
        lv->slice_size = (desc->flags & TMU_SURF_VOLUME) ? o.size : o.size / o.depth;
        lv->width = max32(1, desc->width >> l);
        lv->height = max32(1, desc->height >> l);
        lv->depth = (desc->flags & TMU_SURF_VOLUME) ? max32(1, desc->slices >> l) : desc->slices;
        lv->pitch = o.pitch;
        lv->padded_height = o.height;
        lv->padded_depth = o.depth;
        lv->base_align = o.base_align;
        lv->tile_mode = o.mode;
        lv->tile_type = (tmu_amd_tile_type)o.type;
        lv->tile_index = o.tile_index;
        lv->macro_index = o.macro_index;
        lv->banks = o.info.banks;
        lv->bank_width = o.info.bank_w;
        lv->bank_height = o.info.bank_h;
        lv->macro_aspect = o.info.aspect;
        lv->tile_split = o.info.split;
        lv->pipe_config = o.info.pipe_cfg;
        level_addr(&c, desc, &o, &impl->lv[l]);
        offset += o.size;
    }
    surf->size = offset;
    surf->base_align = surf->level[0].base_align;
    return TMU_OK;
}

int tmu_layout_gfx6_one_to_one(const tmu_surface *surf, uint32_t level)
{
    return !((const g6_impl *)(const void *)surf->impl)->lv[level].overlap;
}

static inline uint32_t nib(uint64_t t, uint32_t i) { return (uint32_t)(t >> ((i & 15) * 4)) & 15; }

uint64_t tmu_layout_gfx6_address(const tmu_surface *surf, uint32_t level, uint32_t x, uint32_t y,
                                 uint32_t slice, uint32_t sample)
{
    const g6_addr *a = &((const g6_impl *)(const void *)surf->impl)->lv[level];
    uint64_t base = surf->level[level].offset;
    if (a->kind == K_LINEAR)
        return base + ((sample * a->sample_bytes + slice * a->slice_bytes) +
                       (((uint64_t)y * a->row + x) << a->bpe_log2));
    uint32_t elem = (uint32_t)(a->ix[x & 7] | a->iy[y & 7] | a->iz[slice & 7]) * a->pix_stride +
                    sample * a->smp_stride;
    uint32_t slab = slice >> a->thick_log2;
    if (a->kind == K_MICRO)
        return base + slab * a->slice_bytes +
               ((uint64_t)(y >> 3) * a->row + (x >> 3)) * a->tile_bytes + elem;
    uint32_t split_slice = elem >> a->split_log2;
    elem &= a->split_mask;
    uint64_t total = a->slice_bytes * ((uint64_t)split_slice + (uint64_t)a->split_slices * slab) +
                     ((uint64_t)(y >> a->mth_log2) * a->row + (x >> a->mtw_log2)) *
                         a->macro_bytes +
                     elem +
                     (uint64_t)((((y >> 3) & ((1u << a->bh_log2) - 1)) << a->bw_log2) +
                                ((x >> (3 + a->pipe_bits)) & ((1u << a->bw_log2) - 1))) *
                         a->tile_bytes;
    uint32_t tx = (x & a->xmask) >> 3, ty = (y & a->ymask) >> 3;
    uint32_t pipe = nib(a->pipe_x, tx) ^ nib(a->pipe_y, ty);
    pipe ^= (a->pipe_rot * slab) & ((1u << a->pipe_bits) - 1);
    uint32_t bank = nib(a->bank_x, tx >> a->bank_x_shift) ^ nib(a->bank_y, ty >> a->bank_y_shift);
    if (a->bank_adjust)
        bank |= (bank ^ (tx >> 1) ^ (tx >> 2)) & 1;
    bank ^= (a->bank_rot * slab) >> a->bank_rot_shift;
    bank ^= a->split_rot * split_slice;
    bank &= (1u << a->bank_bits) - 1;
    uint32_t lo = a->pi_bits, mid = a->pi_bits + a->pipe_bits;
    return base + ((total & ((1u << lo) - 1)) | ((uint64_t)pipe << lo) |
                   ((uint64_t)bank << mid) | ((total >> lo) << (mid + a->bank_bits)));
}
