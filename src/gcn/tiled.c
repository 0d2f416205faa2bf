/* Tiled GCN images: the AMD surface (include/tmu/layout.h) a T# describes, on a chip's address
 * registers.  The layout itself is the layout module's (addrlib's rules); this file only maps
 * T# fields to a tmu_surface_desc and refuses, by T# field name, what it cannot map.
 *
 * Facts (public sources, carried over as facts):
 *  - GB_TILE_MODEn fields: ARRAY_MODE bits 5-2 on every generation; MICRO_TILE_MODE bits 1-0
 *    on gfx6 (0 DISPLAY, 1 THIN, 2 DEPTH, 3 THICK), MICRO_TILE_MODE_NEW bits 24-22 on gfx7/8
 *    (0 DISPLAY, 1 THIN, 2 DEPTH, 3 ROTATED, 4 THICK) (linux sid.h / cikd.h / gfx_v7_0.c).
 *    ARRAY_MODE 1 is ARRAY_LINEAR_ALIGNED, 0 ARRAY_LINEAR_GENERAL.
 *  - gfx9 GB_ADDR_CONFIG.PIPE_INTERLEAVE_SIZE is bits 5-3 (256 << n bytes; Gfx9Lib).
 *  - radv si_set_mutable_tex_desc_fields: BASE_ADDRESS = va >> 8, ORed with the surface's
 *    tile_swizzle (the addrlib pipeBankXor) on gfx9 and for 2D-tiled levels on gfx6-8;
 *    gfx6-8 PITCH = level pitch - 1, TILING_INDEX = the level's tile index, POW2_PAD = levels
 *    > 1; gfx9 SW_MODE = swizzle mode, MAX_MIP = levels - 1 (multisampled: log2 samples).
 *  - The swizzle-mode numbering is addrlib's AddrSwizzleMode (= T# SW_MODE): 1-3 256-byte
 *    blocks, 4-7 and 20-23 4 KiB, 8-11, 16-19 and 24-27 64 KiB, 12-15 and 28-31 variable
 *    (gfx10+); 16-19 are _T and 20-31 _X modes, which carry a pipe/bank XOR.
 *  - The conventions of the flags (texture / color / depth / display / volume /
 *    disallowLargeThickDegrade) are those of the conformance vectors tests/data/amd-tiling-*.tsv
 *    (made with AMD's addrlib), so every layout the executor asks for is one of their kind. */
#include "gcn/tables.h"
#include "gcn/desc_rdna.h"

#include <string.h>

#include "tmu/format.h"
#include "tmu/layout.h"
#include "tmu/texture.h"

#define SFAIL(st, bit, ...) return tmu_diag_set(diag, st, 0, 0, bit, __VA_ARGS__)

const tmu_amd_chip *tmu_gcn_default_chip(tmu_gcn_gen gen)
{
    /* gfx11: Mesa's 16-pipe gfx11 test configuration, as navi21 is its 16-pipe gfx10.3 one */
    static const char *const names[TMU_GCN_GEN_ALL] = {"tahiti", "bonaire", "tonga", "tonga",
                                                       "vega10", "navi10", "navi21",
                                                       "gfx11_16pipe"};
    return (unsigned)gen < TMU_GCN_GEN_ALL ? tmu_amd_chip_find(names[gen]) : NULL;
}

/* The layout module's generation of a GCN generation. */
static tmu_amd_gen amd_gen_of(tmu_gcn_gen gen)
{
    switch (gen) {
    case TMU_GCN_GFX6: return TMU_AMD_GFX6;
    case TMU_GCN_GFX7: return TMU_AMD_GFX7;
    case TMU_GCN_GFX9: return TMU_AMD_GFX9;
    default: return TMU_AMD_GFX8;
    }
}

/* GB_TILE_MODEn fields. */
static unsigned array_mode(uint32_t reg)
{
    return (reg >> 2) & 0xfu;
}

static unsigned micro_mode(tmu_amd_gen gen, uint32_t reg)
{
    return gen == TMU_AMD_GFX6 ? reg & 3u : (reg >> 22) & 7u;
}

enum { MICRO_DISPLAY = 0, MICRO_DEPTH = 2, ARRAY_LINEAR_GENERAL = 0, ARRAY_LINEAR_ALIGNED = 1 };

/* gfx9 swizzle modes: block size log2 (0 = not a gfx9 mode) and whether it carries an XOR. */
unsigned gcn_sw_block_log2(tmu_amd_gen gen, uint32_t sw)
{
    /* addrlib AddrSwizzleMode: 1-3 256 B, 4-7 and 20-23 4 KiB, 8-11, 16-19, 24-27 64 KiB;
     * 12-15 and 28-31 variable-size on gfx9-10.3 (no chip tmu knows enables them), and 28-31
     * the 256 KiB modes on gfx11 (Gfx11Lib) */
    static const uint8_t blk[32] = {0,  8,  8,  8,  12, 12, 12, 12, 16, 16, 16,
                                    16, 0,  0,  0,  0,  16, 16, 16, 16, 12, 12,
                                    12, 12, 16, 16, 16, 16, 0,  0,  0,  0};
    if (sw >= 32)
        return 0;
    return gen == TMU_AMD_GFX11 && sw >= 28 ? 18u : blk[sw];
}

tmu_status gcn_take_pipe_bank_xor(const tmu_gcn_tdesc *desc, const tmu_amd_chip *chip,
                                  const char *swname, unsigned blk, uint64_t *addr,
                                  uint32_t *pipe_bank_xor, tmu_diag *diag)
{
    const uint32_t sw = desc->f[TMU_GCN_T_SW_MODE];
    *pipe_bank_xor = 0;
    if (sw < 16 || sw > 31) /* the _T and _X modes carry one */
        return TMU_OK;
    unsigned ilv = 8u + ((chip->gb_addr_config >> 3) & 7u);
    uint64_t low = *addr & ((1ull << blk) - 1);
    if (low & ((1ull << ilv) - 1))
        SFAIL(TMU_ERR_UNSUPPORTED, 0,
              "BASE_ADDRESS 0x%x: SW_MODE %u (%s) takes a %u-byte block whose low bits hold a "
              "pipe/bank XOR in %u-byte units; bits below that are not modelled",
              desc->f[TMU_GCN_T_BASE_ADDRESS], sw, swname, 1u << blk, 1u << ilv);
    *pipe_bank_xor = (uint32_t)(low >> ilv);
    *addr -= low;
    return TMU_OK;
}

tmu_status gcn_shape_surface_desc(const tmu_texture *shape, const char *format_field,
                                  unsigned format_value, tmu_surface_desc *sd, tmu_diag *diag)
{
    const tmu_format_info *fi = tmu_format_get(shape->format);
    if (!fi)
        SFAIL(TMU_ERR_INVALID_ARGUMENT, -1, "tmu_gcn_tdesc_surface: shape without a format");
    if (fi->bytes != 1 && fi->bytes != 2 && fi->bytes != 4 && fi->bytes != 8 && fi->bytes != 16)
        SFAIL(TMU_ERR_UNSUPPORTED, 32 + 20,
              "%s %u (%s, %u-bit texels): addrlib's 3x expansion of 96-bit texels in tiled "
              "and RDNA images is not modelled", format_field, format_value, fi->name, fi->bytes * 8u);
    const int ms = shape->dim == TMU_DIM_2D_MS || shape->dim == TMU_DIM_2D_MS_ARRAY;
    memset(sd, 0, sizeof *sd);
    sd->bpp = fi->bytes * 8u;
    sd->width = shape->width;
    sd->height = shape->height;
    sd->slices = shape->dim == TMU_DIM_3D ? shape->depth : shape->layers;
    sd->samples = ms ? shape->samples : 1u;
    sd->levels = ms ? 1u : shape->levels;
    sd->tile_index = -1;
    return TMU_OK;
}

static int sw_is_z(uint32_t sw)
{
    return sw % 4 == 0;
}

/* Whether level 0 of a gfx6-8 layout is macro tiled (its address takes bank / pipe bits). */
static int macro_tiled(tmu_amd_tile_mode m)
{
    return m != TMU_AMD_LINEAR_GENERAL && m != TMU_AMD_LINEAR_ALIGNED &&
           m != TMU_AMD_1D_TILED_THIN1 && m != TMU_AMD_1D_TILED_THICK;
}

/* Whether `desc` is linear on `chip` (tmu_gcn_tdesc_placement's case). */
static int is_linear(const tmu_gcn_tdesc *desc, const tmu_amd_chip *chip)
{
    if (desc->gen == TMU_GCN_GFX9)
        return desc->f[TMU_GCN_T_SW_MODE] == 0;
    return desc->f[TMU_GCN_T_TILING_INDEX] == 8 &&
           array_mode(chip->tile_mode[8]) == ARRAY_LINEAR_ALIGNED;
}

/* Rewords the layout module's refusal in T# terms. */
static tmu_status layout_refused(const tmu_gcn_tdesc *d, const tmu_amd_chip *chip,
                                 const tmu_surface_desc *sd, tmu_status st, const tmu_diag *why,
                                 tmu_diag *diag)
{
    /* the layout module says "field value: reason"; keep the reason, the T# field leads */
    const char *reason = why ? why->message : "";
    const char *colon = strstr(reason, ": ");
    if (colon)
        reason = colon + 2;
    if (d->gen == TMU_GCN_GFX9) {
        if (sd->pipe_bank_xor && strstr(why ? why->message : "", "pipe_bank_xor"))
            SFAIL(st, 0, "BASE_ADDRESS 0x%x: pipe/bank XOR 0x%x does not fit SW_MODE %u (%s) on %s",
                  d->f[TMU_GCN_T_BASE_ADDRESS], sd->pipe_bank_xor, sd->swizzle_mode,
                  tmu_amd_swizzle_mode_name(sd->swizzle_mode), chip->name);
        SFAIL(st, 3 * 32 + 20, "SW_MODE %u (%s) on %s, %u-bit texels %ux%ux%u, MAX_MIP + 1 = %u levels: "
              "no addrlib layout: %.70s", sd->swizzle_mode, tmu_amd_swizzle_mode_name(sd->swizzle_mode),
              chip->name, sd->bpp, sd->width, sd->height, sd->slices, sd->levels, reason);
    }
    SFAIL(st, 3 * 32 + 20, "TILING_INDEX %d on %s, %u-bit texels %ux%ux%u, %u levels, %u samples: "
          "no addrlib layout: %.70s", sd->tile_index, chip->name, sd->bpp, sd->width, sd->height,
          sd->slices, sd->levels, sd->samples, reason);
}

tmu_status tmu_gcn_tdesc_surface(const tmu_gcn_tdesc *desc, const tmu_texture *shape,
                                 const tmu_amd_chip *chip, tmu_surface *surf, uint64_t *base,
                                 tmu_diag *diag)
{
    if (!desc || !shape || !surf || !base || (unsigned)desc->gen >= TMU_GCN_GEN_ALL ||
        shape->levels == 0 || shape->levels > TMU_MAX_LEVELS)
        SFAIL(TMU_ERR_INVALID_ARGUMENT, -1, "bad argument to tmu_gcn_tdesc_surface");
    if (TMU_GCN_GEN_IS_RDNA(desc->gen))
        return rdna_tdesc_surface(desc, shape, chip, surf, base, diag);
    const uint32_t *f = desc->f;
    const int gfx9 = desc->gen == TMU_GCN_GFX9;
    if (!chip)
        chip = tmu_gcn_default_chip(desc->gen);
    if (!chip)
        SFAIL(TMU_ERR_INVALID_ARGUMENT, -1, "no chip preset for %s", tmu_gcn_gen_name(desc->gen));
    const tmu_amd_gen agen = amd_gen_of(desc->gen);
    if (!gfx9 && f[TMU_GCN_T_TILING_INDEX] > 31)
        SFAIL(TMU_ERR_INVALID_ARGUMENT, 3 * 32 + 20, "TILING_INDEX %u does not fit its 5 bits",
              f[TMU_GCN_T_TILING_INDEX]);
    if (chip->gen != agen) {
        /* a linear T# needs no chip (the kernel drivers' tables all make index 8 linear) */
        if (gfx9 ? f[TMU_GCN_T_SW_MODE] == 0 : f[TMU_GCN_T_TILING_INDEX] == 8)
            SFAIL(TMU_ERR_NOT_FOUND, -1, "the T# is linear (tmu_gcn_tdesc_placement)");
        SFAIL(TMU_ERR_INVALID_ARGUMENT, -1, "chip %s is %s, but the T# is %s (give a %s chip)",
              chip->name, tmu_amd_gen_name(chip->gen), tmu_gcn_gen_name(desc->gen),
              tmu_amd_gen_name(agen));
    }
    if (is_linear(desc, chip))
        SFAIL(TMU_ERR_NOT_FOUND, -1, "%s: the T# is linear (tmu_gcn_tdesc_placement)",
              gfx9 ? "SW_MODE 0" : "TILING_INDEX 8 (ARRAY_LINEAR_ALIGNED)");
    const int depth_entry = !gfx9 && micro_mode(agen, chip->tile_mode[f[TMU_GCN_T_TILING_INDEX]]) ==
                                         MICRO_DEPTH;
    if (f[TMU_GCN_T_COMPRESSION_EN]) {
        int htile = gfx9 ? sw_is_z(f[TMU_GCN_T_SW_MODE]) : depth_entry;
        SFAIL(TMU_ERR_UNSUPPORTED, 6 * 32 + 21, "COMPRESSION_EN = 1: %s is not modelled",
              htile ? "HTILE (TC-compatible depth compression)" : "DCC");
    }
    if (!gfx9 && f[TMU_GCN_T_INTERLACED])
        SFAIL(TMU_ERR_UNSUPPORTED, 2 * 32 + 31, "INTERLACED = 1 is not modelled");
    if (gfx9 && f[TMU_GCN_T_ARRAY_PITCH])
        SFAIL(TMU_ERR_UNSUPPORTED, 5 * 32 + 13, "ARRAY_PITCH = %u (quilted 3D views) is not modelled",
              f[TMU_GCN_T_ARRAY_PITCH]);
    const int ms = shape->dim == TMU_DIM_2D_MS || shape->dim == TMU_DIM_2D_MS_ARRAY;
    const int vol = shape->dim == TMU_DIM_3D;
    tmu_surface_desc sd;
    tmu_status dst = gcn_shape_surface_desc(shape, "DATA_FORMAT", f[TMU_GCN_T_DATA_FORMAT], &sd, diag);
    if (dst != TMU_OK)
        return dst;
    uint64_t addr = ((uint64_t)f[TMU_GCN_T_BASE_ADDRESS] << 8) |
                    ((uint64_t)f[TMU_GCN_T_BASE_ADDRESS_HI] << 40);
    if (gfx9) {
        uint32_t sw = f[TMU_GCN_T_SW_MODE];
        unsigned blk = gcn_sw_block_log2(TMU_AMD_GFX9, sw);
        if (!blk)
            SFAIL(TMU_ERR_UNSUPPORTED, 3 * 32 + 20, "SW_MODE %u (%s) is not a gfx9 swizzle mode", sw,
                  tmu_amd_swizzle_mode_name(sw));
        /* the chain MAX_MIP + 1 levels long: its tail depends on every level (addrlib lays out
         * chains longer than the mip chain too, their last levels 1x1) */
        uint32_t chain = ms ? 1u : f[TMU_GCN_T_MAX_MIP] + 1; /* MSAA: MAX_MIP is log2(samples) */
        if (chain < shape->levels)
            SFAIL(TMU_ERR_INVALID, 5 * 32 + 28, "LAST_LEVEL %u is beyond MAX_MIP %u", shape->levels - 1,
                  chain - 1);
        sd.levels = chain;
        sd.rsrc = vol ? TMU_SURF_3D : TMU_SURF_2D;
        sd.swizzle_mode = sw;
        /* as the conformance vectors (Mesa): a multisampled Z-order surface is a depth buffer */
        sd.flags = !ms ? TMU_SURF_TEXTURE : sw_is_z(sw) ? TMU_SURF_DEPTH : TMU_SURF_COLOR;
        sd.fragments = sd.samples; /* the hardware stores every sample (layout.h) */
        tmu_status xst = gcn_take_pipe_bank_xor(desc, chip, tmu_amd_swizzle_mode_name(sw), blk, &addr,
                                                &sd.pipe_bank_xor, diag);
        if (xst != TMU_OK)
            return xst;
    } else {
        int32_t idx = (int32_t)f[TMU_GCN_T_TILING_INDEX];
        uint32_t reg = chip->tile_mode[idx];
        unsigned am = array_mode(reg), mm = micro_mode(agen, reg);
        sd.tile_index = idx;
        if (ms) {
            sd.flags = mm == MICRO_DEPTH ? TMU_SURF_DEPTH : TMU_SURF_COLOR;
        } else {
            sd.flags = TMU_SURF_TEXTURE;
            if (mm == MICRO_DEPTH)
                sd.flags |= TMU_SURF_DEPTH;
            else if (mm == MICRO_DISPLAY && am != ARRAY_LINEAR_GENERAL && am != ARRAY_LINEAR_ALIGNED)
                sd.flags |= TMU_SURF_DISPLAY;
            if (f[TMU_GCN_T_POW2_PAD])
                sd.flags |= TMU_SURF_POW2_PAD;
            if (shape->dim == TMU_DIM_CUBE || shape->dim == TMU_DIM_CUBE_ARRAY)
                sd.flags |= TMU_SURF_CUBE;
            if (vol)
                sd.flags |= TMU_SURF_VOLUME | TMU_SURF_NO_LARGE_THICK_DEGRADE;
        }
    }
    tmu_diag why;
    tmu_status st = tmu_surface_init_amd(surf, chip, &sd, &why);
    if (st != TMU_OK)
        return layout_refused(desc, chip, &sd, st, &why, diag);
    if (!gfx9) {
        if (desc->dwords == 8 && f[TMU_GCN_T_PITCH] + 1 != surf->level[0].pitch)
            SFAIL(TMU_ERR_UNSUPPORTED, 4 * 32 + 13,
                  "PITCH + 1 = %u, but TILING_INDEX %u on %s gives level 0 a pitch of %u (other "
                  "pitches are not modelled)", f[TMU_GCN_T_PITCH] + 1, f[TMU_GCN_T_TILING_INDEX],
                  chip->name, surf->level[0].pitch);
        if (macro_tiled(surf->level[0].tile_mode) && surf->base_align && addr % surf->base_align)
            SFAIL(TMU_ERR_UNSUPPORTED, 0,
                  "BASE_ADDRESS 0x%x is not %u-byte aligned (TILING_INDEX %u, %s on %s): a bank/pipe "
                  "swizzle in its low bits is not modelled", f[TMU_GCN_T_BASE_ADDRESS],
                  surf->base_align, f[TMU_GCN_T_TILING_INDEX],
                  tmu_amd_tile_mode_name(surf->level[0].tile_mode), chip->name);
    }
    if (addr >= (1ull << 48) || surf->size > (1ull << 48) - addr)
        SFAIL(TMU_ERR_RANGE, 0, "the tiled image at 0x%llx (%llu bytes) runs past the 48-bit address space",
              (unsigned long long)addr, (unsigned long long)surf->size);
    *base = addr;
    tmu_diag_clear(diag);
    return TMU_OK;
}
