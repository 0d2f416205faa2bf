/* Surface layouts: the generic part — argument checks, dispatch to the vendor engines,
 * element addresses, detile / retile and the names of modes. */
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "layout/internal.h"

#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>
#define TMU_LAYOUT_STREAM 1
#else
#define TMU_LAYOUT_STREAM 0
#endif

static const char *const tile_mode_names[TMU_AMD_TILE_MODE_COUNT] = {
    "LINEAR_GENERAL",   "LINEAR_ALIGNED",     "1D_TILED_THIN1",     "1D_TILED_THICK",
    "2D_TILED_THIN1",   "2D_TILED_THIN2",     "2D_TILED_THIN4",     "2D_TILED_THICK",
    "2B_TILED_THIN1",   "2B_TILED_THIN2",     "2B_TILED_THIN4",     "2B_TILED_THICK",
    "3D_TILED_THIN1",   "3D_TILED_THICK",     "3B_TILED_THIN1",     "3B_TILED_THICK",
    "2D_TILED_XTHICK",  "3D_TILED_XTHICK",    "POWER_SAVE",         "PRT_TILED_THIN1",
    "PRT_2D_TILED_THIN1", "PRT_3D_TILED_THIN1", "PRT_TILED_THICK",  "PRT_2D_TILED_THICK",
    "PRT_3D_TILED_THICK",
};

static const char *const tile_type_names[TMU_AMD_TILE_TYPE_COUNT] = {
    "DISPLAYABLE", "NON_DISPLAYABLE", "DEPTH_SAMPLE_ORDER", "ROTATED", "THICK",
};

/* addrlib AddrSwizzleMode, in its numbering (= the T# SW_MODE field; 32, SW_LINEAR_GENERAL, is
 * addrlib's own and no T# value). */
static const char *const swizzle_names[] = {
    "SW_LINEAR",   "SW_256B_S",   "SW_256B_D",   "SW_256B_R",   "SW_4KB_Z",    "SW_4KB_S",
    "SW_4KB_D",    "SW_4KB_R",    "SW_64KB_Z",   "SW_64KB_S",   "SW_64KB_D",   "SW_64KB_R",
    "SW_VAR_Z",    "SW_VAR_S",    "SW_VAR_D",    "SW_VAR_R",    "SW_64KB_Z_T", "SW_64KB_S_T",
    "SW_64KB_D_T", "SW_64KB_R_T", "SW_4KB_Z_X",  "SW_4KB_S_X",  "SW_4KB_D_X",  "SW_4KB_R_X",
    "SW_64KB_Z_X", "SW_64KB_S_X", "SW_64KB_D_X", "SW_64KB_R_X", "SW_VAR_Z_X",  "SW_VAR_S_X",
    "SW_VAR_D_X",  "SW_VAR_R_X",  "SW_LINEAR_GENERAL",
};
#define SWIZZLE_COUNT (sizeof swizzle_names / sizeof swizzle_names[0])

const char *tmu_amd_tile_mode_name(tmu_amd_tile_mode mode)
{
    return (unsigned)mode < TMU_AMD_TILE_MODE_COUNT ? tile_mode_names[mode] : "invalid";
}

const char *tmu_amd_tile_type_name(tmu_amd_tile_type type)
{
    return (unsigned)type < TMU_AMD_TILE_TYPE_COUNT ? tile_type_names[type] : "invalid";
}

const char *tmu_amd_swizzle_mode_name(uint32_t swizzle_mode)
{
    return swizzle_mode < SWIZZLE_COUNT ? swizzle_names[swizzle_mode] : "invalid";
}

/* gfx11's names of modes 28..31 (addrlib addrtypes.h ADDR_SW_256KB_*) */
static const char *const swizzle_names_256k[4] = {"SW_256KB_Z_X", "SW_256KB_S_X", "SW_256KB_D_X",
                                                  "SW_256KB_R_X"};

const char *tmu_amd_swizzle_mode_name_gen(tmu_amd_gen gen, uint32_t swizzle_mode)
{
    if (gen == TMU_AMD_GFX11 && swizzle_mode >= 28 && swizzle_mode <= 31)
        return swizzle_names_256k[swizzle_mode - 28];
    return tmu_amd_swizzle_mode_name(swizzle_mode);
}

int tmu_amd_swizzle_mode_from_name(const char *name)
{
    if (!name)
        return -1;
    for (size_t i = 0; i < SWIZZLE_COUNT; i++) {
        const char *n = swizzle_names[i];
        if (strcasecmp(name, n) == 0 || strcasecmp(name, n + 3) == 0)
            return (int)i;
    }
    for (size_t i = 0; i < 4; i++) {
        const char *n = swizzle_names_256k[i];
        if (strcasecmp(name, n) == 0 || strcasecmp(name, n + 3) == 0)
            return 28 + (int)i;
    }
    return -1;
}

const char *tmu_amd_gen_name(tmu_amd_gen gen)
{
    switch (gen) {
    case TMU_AMD_GFX6: return "gfx6";
    case TMU_AMD_GFX7: return "gfx7";
    case TMU_AMD_GFX8: return "gfx8";
    case TMU_AMD_GFX9: return "gfx9";
    case TMU_AMD_GFX10: return "gfx10";
    case TMU_AMD_GFX10_3: return "gfx10.3";
    case TMU_AMD_GFX11: return "gfx11";
    }
    return "invalid";
}

tmu_status tmu_surface_init_amd(tmu_surface *surf, const tmu_amd_chip *chip,
                                const tmu_surface_desc *desc, tmu_diag *diag)
{
    tmu_diag_clear(diag);
    if (!surf || !chip || !desc)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "surface, chip and description must not be NULL");
    memset(surf, 0, sizeof *surf);
    const tmu_surface_desc *d = desc;
    if (d->bpp != 8 && d->bpp != 16 && d->bpp != 32 && d->bpp != 64 && d->bpp != 128)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "bpp %u: elements of 8, 16, 32, 64 or 128 bits only", d->bpp);
    if (d->width == 0 || d->height == 0 || d->slices == 0 || d->width > 16384 ||
        d->height > 16384 || d->slices > 16384)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "extent %ux%ux%u: each of width, height, slices must be 1..16384",
                            d->width, d->height, d->slices);
    if (d->levels == 0 || d->levels > TMU_SURFACE_MAX_LEVELS)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "levels %u: must be 1..%u", d->levels, TMU_SURFACE_MAX_LEVELS);
    /* More levels than the mip chain has are allowed, as addrlib allows them (its check is a
     * debug assertion): the extra levels are 1x1(x1) and get their own place. */
    if (d->samples != 1 && d->samples != 2 && d->samples != 4 && d->samples != 8 &&
        d->samples != 16)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "samples %u: must be 1, 2, 4, 8 or 16", d->samples);
    if (d->samples > 1 && d->levels > 1)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "samples %u with %u levels: multisampled surfaces have one level",
                            d->samples, d->levels);
    surf->desc = *d;
    surf->gen = chip->gen;
    tmu_status st;
    switch (chip->gen) {
    case TMU_AMD_GFX6:
    case TMU_AMD_GFX7:
    case TMU_AMD_GFX8:
        surf->kind = TMU_LAYOUT_AMD_GFX6;
        st = tmu_layout_gfx6_init(surf, chip, d, diag);
        break;
    case TMU_AMD_GFX9:
        surf->kind = TMU_LAYOUT_AMD_GFX9;
        st = tmu_layout_gfx9_init(surf, chip, d, diag);
        break;
    case TMU_AMD_GFX10:
    case TMU_AMD_GFX10_3:
    case TMU_AMD_GFX11:
        surf->kind = TMU_LAYOUT_AMD_GFX9;
        st = tmu_layout_gfx10_init(surf, chip, d, diag);
        break;
    default:
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "chip %s: generation %d unknown",
                            chip->name, (int)chip->gen);
    }
    if (st != TMU_OK)
        memset(surf, 0, sizeof *surf);
    return st;
}

uint64_t tmu_surface_address_fast(const tmu_surface *surf, uint32_t level, uint32_t x,
                                  uint32_t y, uint32_t slice, uint32_t sample)
{
    switch (surf->kind) {
    case TMU_LAYOUT_AMD_GFX6:
        return tmu_layout_gfx6_address(surf, level, x, y, slice, sample);
    case TMU_LAYOUT_AMD_GFX9:
        if (surf->gen == TMU_AMD_GFX9)
            return tmu_layout_gfx9_address(surf, level, x, y, slice, sample);
        return tmu_layout_gfx10_address(surf, level, x, y, slice, sample);
    case TMU_LAYOUT_ADRENO6:
        return tmu_layout_adreno_address(surf, level, x, y, slice, sample);
    default:
        return 0;
    }
}

static bool in_level(const tmu_surface *surf, uint32_t level, uint32_t x, uint32_t y,
                     uint32_t slice, uint32_t sample)
{
    if (level >= surf->desc.levels)
        return false;
    const tmu_surface_level *l = &surf->level[level];
    return x < l->width && y < l->height && slice < l->depth && sample < surf->desc.samples;
}

int tmu_surface_level_addressable(const tmu_surface *surf, uint32_t level)
{
    if (!surf || level >= surf->desc.levels || level >= TMU_SURFACE_MAX_LEVELS)
        return 0;
    switch (surf->kind) {
    case TMU_LAYOUT_AMD_GFX6:
    case TMU_LAYOUT_AMD_GFX9:
        return 1;
    case TMU_LAYOUT_ADRENO6:
        return tmu_layout_adreno_addressable(surf, level);
    default:
        return 0;
    }
}

int tmu_surface_level_one_to_one(const tmu_surface *surf, uint32_t level)
{
    if (!tmu_surface_level_addressable(surf, level))
        return 0;
    return surf->kind != TMU_LAYOUT_AMD_GFX6 || tmu_layout_gfx6_one_to_one(surf, level);
}

tmu_status tmu_surface_address(const tmu_surface *surf, uint32_t level, uint32_t x, uint32_t y,
                               uint32_t slice, uint32_t sample, uint64_t *addr)
{
    if (!surf || !addr || surf->kind == TMU_LAYOUT_LINEAR)
        return TMU_ERR_INVALID_ARGUMENT;
    if (!in_level(surf, level, x, y, slice, sample))
        return TMU_ERR_RANGE;
    /* Adreno levels of unknown element order (UBWC, TILE6_2, TILE6_3 at cpp 32) */
    if (surf->kind == TMU_LAYOUT_ADRENO6 && !tmu_layout_adreno_addressable(surf, level))
        return TMU_ERR_UNSUPPORTED;
    *addr = tmu_surface_address_fast(surf, level, x, y, slice, sample);
    return TMU_OK;
}

/* ---- detile / retile ------------------------------------------------------------------ */

/* Detile / retile go a unit at a time: a bw x bh-aligned rectangle of elements (one slice, one
 * sample) whose elements lie at fixed byte distances from its first one in every unit of the
 * level, so only each unit's start is computed.  AMD's micro tiles (gfx6-8: 8x8 elements, their
 * pipe / bank bits from coordinate bits above them) and gfx9+ 256-byte blocks are such units
 * where no address bit mixes coordinate bits from inside and outside them; where a swizzle does
 * (some gfx10 XOR patterns fold x3 and y3 into one bit), the offsets differ between units.
 * unit_candidates() proposes footprints, largest first (and says whether their starts may be
 * separable, see stile_fill_sep); unit_table() takes the first whose
 * offsets agree at the rectangle's first unit, its three neighbours and the level's last full
 * unit, and tests/layout/test_layout_amd_vectors.c --convert checks the result against one
 * address per element on every conformance surface.  Without a unit every element is
 * addressed on its own. */
static unsigned unit_candidates(const tmu_surface *s, uint32_t level, uint32_t cand[][2],
                                int *sep)
{
    *sep = 1;
    unsigned lb = 0; /* log2 of the element bytes */
    while ((8u << lb) < s->desc.bpp)
        lb++;
    if (lb > 4)
        return 0;
    if (s->kind == TMU_LAYOUT_AMD_GFX6) {
        const tmu_surface_level *l = &s->level[level];
        tmu_amd_tile_mode m = l->tile_mode;
        if (m == TMU_AMD_LINEAR_GENERAL || m == TMU_AMD_LINEAR_ALIGNED) {
            cand[0][0] = 64, cand[0][1] = 1; /* rows are runs of elements */
            return 1;
        }
        uint64_t tile_bytes = 64ull * (1u << lb) * s->desc.samples;
        int split = l->macro_index != -1 && l->tile_split && l->tile_split < tile_bytes &&
                    m != TMU_AMD_1D_TILED_THIN1 && m != TMU_AMD_1D_TILED_THICK;
        if (!split) {
            cand[0][0] = 8, cand[0][1] = 8;
            return 1;
        }
        /* a tile split puts the micro tile's later bytes in another slice of the macro tile,
         * whose bank rotates with it: a unit is then what fits in one split of one sample, in
         * the depth order's first elements (x0 y0 x1 y1 x2 y2) */
        if (l->tile_type != TMU_AMD_DEPTH_SAMPLE_ORDER || s->desc.samples > 1)
            return 0; /* (a split pixel's samples lie in different splits) */
        *sep = 0; /* each split's slice bytes are added: carries where they are not a power of 2 */
        uint64_t n = l->tile_split >> lb; /* elements per split */
        static const uint8_t by_n[4][3] = {{32, 8, 4}, {16, 4, 4}, {8, 4, 2}, {4, 2, 2}};
        for (unsigned i = 0; i < 4; i++)
            if (n >= by_n[i][0]) {
                cand[0][0] = by_n[i][1], cand[0][1] = by_n[i][2];
                return 1;
            }
        return 0;
    }
    if (s->kind == TMU_LAYOUT_ADRENO6) {
        /* TILE6_3: the 256-byte tile at the level's cpp (element bytes x samples; Mesa
         * fd6_tiled_memcpy.cc get_block_size) keeps its element order (get_pixel_offset); the
         * macrotile and bank-swizzle XORs only move whole tiles (address bits 8 and up) */
        static const uint8_t t6[5][2] = {{32, 8}, {32, 4}, {16, 4}, {8, 4}, {4, 4}};
        const tmu_surface_level *al = &s->level[level];
        unsigned lc = lb; /* log2 of the pixel bytes */
        for (uint32_t n = s->desc.samples; n > 1; n >>= 1)
            lc++;
        if (al->ubwc)
            return 0;
        if (al->adreno_tile_mode == 0) { /* TILE6_LINEAR: rows of pixels */
            cand[0][0] = 64, cand[0][1] = 1;
            return 1;
        }
        if (al->adreno_tile_mode != 3 || lc > 4)
            return 0;
        cand[0][0] = t6[lc][0], cand[0][1] = t6[lc][1];
        return 1;
    }
    if (s->kind != TMU_LAYOUT_AMD_GFX9)
        return 0;
    if (s->desc.swizzle_mode == 0 || s->desc.swizzle_mode == 32) { /* linear */
        cand[0][0] = 64, cand[0][1] = 1;
        return 1;
    }
    if (s->level[level].in_tail)
        return 0;
    /* footprints of 256 bytes (or less) in one slice, by element bytes 1..16: 2D blocks (addrlib
     * Block256_2d) and their transposes, one slice of 3D standard and Z blocks, then halves */
    static const uint8_t fp[6][5][2] = {
        {{16, 16}, {16, 8}, {8, 8}, {8, 4}, {4, 4}},
        {{16, 16}, {8, 16}, {8, 8}, {4, 8}, {4, 4}},
        {{16, 4}, {8, 4}, {4, 4}, {2, 4}, {1, 4}},
        {{8, 4}, {4, 4}, {4, 4}, {4, 2}, {2, 2}},
        {{8, 8}, {8, 4}, {4, 4}, {4, 2}, {2, 2}},
        {{4, 4}, {4, 2}, {2, 2}, {2, 1}, {1, 1}},
    };
    for (unsigned k = 0; k < 6; k++)
        cand[k][0] = fp[k][lb][0], cand[k][1] = fp[k][lb][1];
    return 6;
}

/* Offsets of unit (ux, uy)'s elements from its first one; 0 when the unit leaves the level or
 * a gfx9+ unit leaves its 256-byte block. */
static int unit_offsets(const tmu_surface *s, const tmu_surface_rect *r, uint32_t ux, uint32_t uy,
                        uint32_t bw, uint32_t bh, uint32_t *off)
{
    const tmu_surface_level *lv = &s->level[r->level];
    if (ux + bw > lv->width || uy + bh > lv->height)
        return 0;
    uint64_t a0 = tmu_surface_address_fast(s, r->level, ux, uy, r->slice, r->sample);
    uint64_t lim = s->kind == TMU_LAYOUT_AMD_GFX9 ? 256u : 65536u;
    for (uint32_t y = 0; y < bh; y++)
        for (uint32_t x = 0; x < bw; x++) {
            uint64_t a = tmu_surface_address_fast(s, r->level, ux + x, uy + y, r->slice, r->sample);
            if (a < a0 || a - a0 >= lim)
                return 0;
            off[y * bw + x] = (uint32_t)(a - a0);
        }
    return 1;
}

static int unit_table(const tmu_surface *s, const tmu_surface_rect *r, uint32_t *bw_out,
                      uint32_t *bh_out, uint32_t *off, int *sep)
{
    uint32_t cand[8][2], other[256];
    unsigned n = unit_candidates(s, r->level, cand, sep);
    const tmu_surface_level *lv = &s->level[r->level];
    for (unsigned k = 0; k < n; k++) {
        uint32_t bw = cand[k][0], bh = cand[k][1];
        uint32_t ux = r->x - r->x % bw, uy = r->y - r->y % bh;
        if (!unit_offsets(s, r, ux, uy, bw, bh, off))
            continue;
        const uint32_t probe[4][2] = {{ux + bw, uy}, {ux, uy + bh}, {ux + bw, uy + bh},
                                      {lv->width / bw * bw - bw, lv->height / bh * bh - bh}};
        int same = 1;
        for (int p = 0; p < 4 && same; p++) {
            if (probe[p][0] + bw > lv->width || probe[p][1] + bh > lv->height)
                continue;
            same = unit_offsets(s, r, probe[p][0], probe[p][1], bw, bh, other) &&
                   memcmp(other, off, sizeof(uint32_t) * bw * bh) == 0;
        }
        if (same) {
            *bw_out = bw, *bh_out = bh;
            return 1;
        }
    }
    return 0;
}

typedef struct convert_job {
    const tmu_surface *s;
    const tmu_surface_rect *r;
    unsigned char *tiled;
    unsigned char *linear;
    size_t pitch, bytes;
    int to_linear;
    size_t tiled_size;
    int *outside; /* set when the layout gave an address past the tiled memory (never written) */
    int stream;   /* whole units may use non-temporal stores (aligned, and a large copy) */
} convert_job;

static inline void copy_el(unsigned char *dst, const unsigned char *src, size_t n)
{
    switch (n) { /* fixed sizes let the compiler use single moves */
    case 1: memcpy(dst, src, 1); break;
    case 2: memcpy(dst, src, 2); break;
    case 4: memcpy(dst, src, 4); break;
    case 8: memcpy(dst, src, 8); break;
    default: memcpy(dst, src, 16); break;
    }
}

static void convert_element(const convert_job *j, uint32_t x, uint32_t y)
{
    const tmu_surface_rect *r = j->r;
    uint64_t a = tmu_surface_address_fast(j->s, r->level, x, y, r->slice, r->sample);
    if (a > j->tiled_size - j->bytes) { /* an engine invariant; checked, never trusted */
        *j->outside = 1;
        return;
    }
    unsigned char *t = j->tiled + a;
    unsigned char *l = j->linear + (size_t)(y - r->y) * j->pitch + (size_t)(x - r->x) * j->bytes;
    if (j->to_linear)
        copy_el(l, t, j->bytes);
    else
        copy_el(t, l, j->bytes);
}

/* One bw x bh unit clipped to the rectangle, element by element through its offset table. */
#define UNIT_LOOP(N)                                                                              \
    for (uint32_t y = y0; y < y1; y++) {                                                          \
        const uint32_t *o = off + (size_t)(y - uy) * bw;                                          \
        unsigned char *l = j->linear + (size_t)(y - r->y) * j->pitch + (size_t)(x0 - r->x) * (N); \
        if (j->to_linear)                                                                         \
            for (uint32_t x = x0; x < x1; x++, l += (N))                                          \
                memcpy(l, base + o[x - ux], (N));                                                 \
        else                                                                                      \
            for (uint32_t x = x0; x < x1; x++, l += (N))                                          \
                memcpy(base + o[x - ux], l, (N));                                                 \
    }

static void unit_clipped(const convert_job *j, unsigned char *base, uint32_t ux, uint32_t uy,
                         uint32_t x0, uint32_t x1, uint32_t y0, uint32_t y1, uint32_t bw,
                         const uint32_t *off)
{
    const tmu_surface_rect *r = j->r;
    switch (j->bytes) {
    case 1: UNIT_LOOP(1) break;
    case 2: UNIT_LOOP(2) break;
    case 4: UNIT_LOOP(4) break;
    case 8: UNIT_LOOP(8) break;
    default: UNIT_LOOP(16) break;
    }
}

/* A whole unit as runs: elements of one unit row whose tiled bytes follow each other are one
 * copy (4 x 4 bytes of a 64KB_S row, 2 x 4 of a thin micro tile row ...).  Every run of a
 * unit has the same length in the common layouts; `len` bytes each, `n` of them. */
typedef struct unit_runs {
    uint32_t n, len;
    uint32_t lin[256];  /* offset in the linear rows: dy * pitch + dx * bytes */
    uint32_t tile[256]; /* offset from the unit's start */
} unit_runs;

static int make_runs(const convert_job *j, uint32_t bw, uint32_t bh, const uint32_t *off,
                     unit_runs *u)
{
    u->n = 0, u->len = 0;
    for (uint32_t y = 0; y < bh; y++)
        for (uint32_t x = 0; x < bw;) {
            uint32_t e = x + 1;
            while (e < bw && off[y * bw + e] == off[y * bw + e - 1] + j->bytes)
                e++;
            uint32_t len = (e - x) * (uint32_t)j->bytes;
            if (u->len == 0)
                u->len = len;
            if (len != u->len || (uint64_t)y * j->pitch + (uint64_t)x * j->bytes > UINT32_MAX)
                return 0; /* mixed run lengths: the element loop handles the unit */
            u->lin[u->n] = (uint32_t)(y * j->pitch + x * j->bytes);
            u->tile[u->n] = off[y * bw + x];
            u->n++;
            x = e;
        }
    return 1;
}

#if TMU_LAYOUT_STREAM
/* Two horizontally adjacent whole units whose rows are half a line each: row by row, so every
 * destination line is written whole in one go (non-temporal stores of half lines that wait for
 * their other half would be flushed partially). */
static void unit_pair_stream(const convert_job *j, const unit_runs *u, uint32_t bh,
                             unsigned char *base0, unsigned char *base1, unsigned char *lin)
{
    uint32_t rp = u->n / bh, half = u->len * rp; /* runs per unit row; bytes of a unit row */
    for (uint32_t row = 0; row < bh; row++)
        for (uint32_t side = 0; side < 2; side++) {
            unsigned char *b = side ? base1 : base0;
            unsigned char *l = lin + side * half;
            for (uint32_t i = row * rp; i < row * rp + rp; i++) {
                if (u->len == 16 && j->to_linear)
                    _mm_stream_si128((__m128i *)(void *)(l + u->lin[i]),
                                     _mm_loadu_si128((const __m128i *)(const void *)(b + u->tile[i])));
                else if (u->len == 16)
                    _mm_stream_si128((__m128i *)(void *)(b + u->tile[i]),
                                     _mm_loadu_si128((const __m128i *)(const void *)(l + u->lin[i])));
                else {
                    long long v;
                    memcpy(&v, j->to_linear ? b + u->tile[i] : l + u->lin[i], 8);
                    _mm_stream_si64((long long *)(void *)(j->to_linear ? l + u->lin[i] : b + u->tile[i]), v);
                }
            }
        }
}
#endif

#define RUNS_LOOP(LEN)                                                                            \
    if (j->to_linear)                                                                             \
        for (uint32_t i = 0; i < u->n; i++)                                                       \
            memcpy(lin + u->lin[i], base + u->tile[i], (LEN));                                    \
    else                                                                                          \
        for (uint32_t i = 0; i < u->n; i++)                                                       \
            memcpy(base + u->tile[i], lin + u->lin[i], (LEN));

static void unit_whole(const convert_job *j, const unit_runs *u, unsigned char *base,
                       unsigned char *lin)
{
#if TMU_LAYOUT_STREAM
    /* Whole units write whole lines of their destination over a surface far larger than the
     * caches: non-temporal stores skip reading those lines first (as memcpy does). */
    if (j->stream && (((uintptr_t)base | (uintptr_t)lin) & (u->len - 1)) == 0) {
        if (u->len == 16 && j->to_linear)
            for (uint32_t i = 0; i < u->n; i++)
                _mm_stream_si128((__m128i *)(void *)(lin + u->lin[i]),
                                 _mm_loadu_si128((const __m128i *)(const void *)(base + u->tile[i])));
        else if (u->len == 16)
            for (uint32_t i = 0; i < u->n; i++)
                _mm_stream_si128((__m128i *)(void *)(base + u->tile[i]),
                                 _mm_loadu_si128((const __m128i *)(const void *)(lin + u->lin[i])));
        else if (j->to_linear)
            for (uint32_t i = 0; i < u->n; i++) {
                long long v;
                memcpy(&v, base + u->tile[i], 8);
                _mm_stream_si64((long long *)(void *)(lin + u->lin[i]), v);
            }
        else
            for (uint32_t i = 0; i < u->n; i++) {
                long long v;
                memcpy(&v, lin + u->lin[i], 8);
                _mm_stream_si64((long long *)(void *)(base + u->tile[i]), v);
            }
        return;
    }
#endif
    switch (u->len) {
    case 4: RUNS_LOOP(4) break;
    case 8: RUNS_LOOP(8) break;
    case 16: RUNS_LOOP(16) break;
    case 32: RUNS_LOOP(32) break;
    case 64: RUNS_LOOP(64) break;
    default: RUNS_LOOP(u->len) break;
    }
}

/* Kernels for the commonest whole units of 4-byte elements in 256 contiguous bytes (picked by
 * unit_kernel() from the unit's offset table, so any layout with that table takes them; every
 * other unit goes through its runs):
 *  - MORTON4: element order x0 y0 x1 y1 x2 y2 (gfx6-8 thin micro tiles, non-displayable and
 *    depth): 16-byte chunk c holds a 2 x 2 quad, chunks c and c + 1 (x1 = 0, 1) are 16 bytes of
 *    two rows, their low and high halves;
 *  - ROWS4: x0 x1 y0 y1 y2 x2 (gfx9+ 256-byte S blocks of 4-byte elements): chunk c is 16 bytes
 *    of row c % 8;
 *  - QUAD16: 16 x 4 elements in the order x0 y0 x1 y1 x2 x3 (Adreno TILE6_3 tiles of 4-byte
 *    elements): chunk c holds a 2 x 2 quad, chunks c and c + 1 (x1 = 0, 1) 16 bytes of two rows,
 *    and each row of the unit is a whole 64-byte line.
 * Both write the tiled side a whole line (4 chunks) at a time when retiling; detiling, two
 * horizontally adjacent units give whole 64-byte linear lines.  nt: non-temporal stores (the
 * destination 16-byte aligned). */
enum { KERN_RUNS, KERN_MORTON4, KERN_ROWS4, KERN_QUAD16 };

static int unit_kernel(size_t bytes, uint32_t bw, uint32_t bh, const uint32_t *off)
{
#if TMU_LAYOUT_STREAM
    if (bytes == 4 && bw == 16 && bh == 4) {
        for (uint32_t y = 0; y < 4; y++)
            for (uint32_t x = 0; x < 16; x++)
                if (off[y * 16 + x] != 4 * ((x & 1) | (y & 1) << 1 | (x & 2) << 1 | (y & 2) << 2 |
                                            (x & 12) << 2))
                    return KERN_RUNS;
        return KERN_QUAD16;
    }
    if (bytes != 4 || bw != 8 || bh != 8)
        return KERN_RUNS;
    int morton = 1, rows = 1;
    for (uint32_t y = 0; y < 8; y++)
        for (uint32_t x = 0; x < 8; x++) {
            uint32_t o = off[y * 8 + x];
            uint32_t m = (x & 1) | (y & 1) << 1 | (x & 2) << 1 | (y & 2) << 2 | (x & 4) << 2 |
                         (y & 4) << 3;
            morton &= o == 4 * m;
            rows &= o == (x & 3) * 4 + 16 * y + 128 * (x >> 2);
        }
    return morton ? KERN_MORTON4 : rows ? KERN_ROWS4 : KERN_RUNS;
#else
    (void)bytes, (void)bw, (void)bh, (void)off;
    return KERN_RUNS;
#endif
}

#if TMU_LAYOUT_STREAM
#if defined(__GNUC__)
#define KERN_INLINE static inline __attribute__((always_inline))
#else
#define KERN_INLINE static inline
#endif

KERN_INLINE __m128i ld16(const unsigned char *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

KERN_INLINE void st16(unsigned char *p, __m128i v, int nt)
{
    if (nt)
        _mm_stream_si128((__m128i *)(void *)p, v);
    else
        _mm_storeu_si128((__m128i *)(void *)p, v);
}

/* rows 2p and 2p + 1 of a MORTON4 unit: chunks 2 y1 + 8 y2 (+ 1) and 4 further (x2 = 1) */
#define MORTON4_ROWS(t, p, lo0, hi0, lo1, hi1)                                                    \
    do {                                                                                          \
        const unsigned char *c_ = (t) + 32 * ((p) & 1) + 128 * ((p) >> 1);                        \
        __m128i a0_ = ld16(c_), a1_ = ld16(c_ + 16), b0_ = ld16(c_ + 64), b1_ = ld16(c_ + 80);   \
        lo0 = _mm_unpacklo_epi64(a0_, a1_), hi0 = _mm_unpacklo_epi64(b0_, b1_);                  \
        lo1 = _mm_unpackhi_epi64(a0_, a1_), hi1 = _mm_unpackhi_epi64(b0_, b1_);                  \
    } while (0)

KERN_INLINE void morton4_detile(const unsigned char *t, unsigned char *l, size_t pitch, int nt)
{
    for (unsigned p = 0; p < 4; p++) {
        __m128i r0a, r0b, r1a, r1b;
        MORTON4_ROWS(t, p, r0a, r0b, r1a, r1b);
        unsigned char *r0 = l + 2 * p * pitch, *r1 = r0 + pitch;
        st16(r0, r0a, nt), st16(r0 + 16, r0b, nt);
        st16(r1, r1a, nt), st16(r1 + 16, r1b, nt);
    }
}

static void morton4_detile_pair(const unsigned char *t0, const unsigned char *t1, unsigned char *l,
                                size_t pitch)
{
    for (unsigned p = 0; p < 4; p++) {
        __m128i r0a, r0b, r1a, r1b, r0c, r0d, r1c, r1d;
        MORTON4_ROWS(t0, p, r0a, r0b, r1a, r1b);
        MORTON4_ROWS(t1, p, r0c, r0d, r1c, r1d);
        unsigned char *r0 = l + 2 * p * pitch, *r1 = r0 + pitch;
        st16(r0, r0a, 1), st16(r0 + 16, r0b, 1), st16(r0 + 32, r0c, 1), st16(r0 + 48, r0d, 1);
        st16(r1, r1a, 1), st16(r1 + 16, r1b, 1), st16(r1 + 32, r1c, 1), st16(r1 + 48, r1d, 1);
    }
}

/* line L of the unit (chunks 4L .. 4L + 3: x2 = L & 1, y2 = L >> 1) from rows 4 y2 .. 4 y2 + 3 */
KERN_INLINE void morton4_retile(const unsigned char *l, unsigned char *t, size_t pitch, int nt)
{
    for (unsigned L = 0; L < 4; L++) {
        const unsigned char *s = l + 4 * (L >> 1) * pitch + 16 * (L & 1);
        __m128i r0 = ld16(s), r1 = ld16(s + pitch);
        __m128i r2 = ld16(s + 2 * pitch), r3 = ld16(s + 3 * pitch);
        unsigned char *d = t + 64 * L;
        st16(d, _mm_unpacklo_epi64(r0, r1), nt), st16(d + 16, _mm_unpackhi_epi64(r0, r1), nt);
        st16(d + 32, _mm_unpacklo_epi64(r2, r3), nt), st16(d + 48, _mm_unpackhi_epi64(r2, r3), nt);
    }
}

KERN_INLINE void rows4_detile(const unsigned char *t, unsigned char *l, size_t pitch, int nt)
{
    for (unsigned y = 0; y < 8; y++) {
        __m128i a = ld16(t + 16 * y), b = ld16(t + 128 + 16 * y);
        st16(l + y * pitch, a, nt), st16(l + y * pitch + 16, b, nt);
    }
}

static void rows4_detile_pair(const unsigned char *t0, const unsigned char *t1, unsigned char *l,
                              size_t pitch)
{
    for (unsigned y = 0; y < 8; y++) {
        __m128i a = ld16(t0 + 16 * y), b = ld16(t0 + 128 + 16 * y);
        __m128i c = ld16(t1 + 16 * y), d = ld16(t1 + 128 + 16 * y);
        unsigned char *r = l + y * pitch;
        st16(r, a, 1), st16(r + 16, b, 1), st16(r + 32, c, 1), st16(r + 48, d, 1);
    }
}

/* line L of the unit (chunks 4L .. 4L + 3): rows 4 (L & 1) .. + 3, x2 = L >> 1 */
KERN_INLINE void rows4_retile(const unsigned char *l, unsigned char *t, size_t pitch, int nt)
{
    for (unsigned L = 0; L < 4; L++) {
        const unsigned char *s = l + 4 * (L & 1) * pitch + 16 * (L >> 1);
        __m128i r0 = ld16(s), r1 = ld16(s + pitch);
        __m128i r2 = ld16(s + 2 * pitch), r3 = ld16(s + 3 * pitch);
        unsigned char *d = t + 64 * L;
        st16(d, r0, nt), st16(d + 16, r1, nt), st16(d + 32, r2, nt), st16(d + 48, r3, nt);
    }
}

/* rows 2p, 2p + 1 of a QUAD16 unit: 16 bytes k of each from chunks 2p + 4k and 2p + 4k + 1 */
KERN_INLINE void quad16_detile(const unsigned char *t, unsigned char *l, size_t pitch, int nt)
{
    for (unsigned p = 0; p < 2; p++) {
        unsigned char *r0 = l + 2 * p * pitch, *r1 = r0 + pitch;
        for (unsigned k = 0; k < 4; k++) {
            __m128i a = ld16(t + 32 * p + 64 * k), b = ld16(t + 32 * p + 64 * k + 16);
            st16(r0 + 16 * k, _mm_unpacklo_epi64(a, b), nt);
            st16(r1 + 16 * k, _mm_unpackhi_epi64(a, b), nt);
        }
    }
}

/* line L of a QUAD16 unit (chunks 4L .. 4L + 3, x3 x2 = L): 16 bytes L of rows 0 .. 3 */
KERN_INLINE void quad16_retile(const unsigned char *l, unsigned char *t, size_t pitch, int nt)
{
    for (unsigned L = 0; L < 4; L++) {
        const unsigned char *s = l + 16 * L;
        __m128i r0 = ld16(s), r1 = ld16(s + pitch);
        __m128i r2 = ld16(s + 2 * pitch), r3 = ld16(s + 3 * pitch);
        unsigned char *d = t + 64 * L;
        st16(d, _mm_unpacklo_epi64(r0, r1), nt), st16(d + 16, _mm_unpackhi_epi64(r0, r1), nt);
        st16(d + 32, _mm_unpacklo_epi64(r2, r3), nt), st16(d + 48, _mm_unpackhi_epi64(r2, r3), nt);
    }
}

/* One whole unit through its kernel; nt only with a 16-byte aligned destination. */
static void unit_kernel_one(int kern, int to_linear, unsigned char *base, unsigned char *lin,
                            size_t pitch, int nt)
{
    if (kern == KERN_MORTON4) {
        if (to_linear) {
            if (nt)
                morton4_detile(base, lin, pitch, 1);
            else
                morton4_detile(base, lin, pitch, 0);
        } else if (nt)
            morton4_retile(lin, base, pitch, 1);
        else
            morton4_retile(lin, base, pitch, 0);
    } else if (kern == KERN_QUAD16) {
        if (to_linear) {
            if (nt)
                quad16_detile(base, lin, pitch, 1);
            else
                quad16_detile(base, lin, pitch, 0);
        } else if (nt)
            quad16_retile(lin, base, pitch, 1);
        else
            quad16_retile(lin, base, pitch, 0);
    } else {
        if (to_linear) {
            if (nt)
                rows4_detile(base, lin, pitch, 1);
            else
                rows4_detile(base, lin, pitch, 0);
        } else if (nt)
            rows4_retile(lin, base, pitch, 1);
        else
            rows4_retile(lin, base, pitch, 0);
    }
}
#endif

/* The rectangle unit by unit, a super-tile at a time: up to 16 x 16 units and 64 x 64 elements
 * (about one macro tile or swizzle block), so the tiled side is read or written in nearby lines
 * rather than one unit per raster step across the whole surface.  A super-tile's unit starts
 * are known before its copy begins: computed one super-tile ahead (from a row and a column of
 * them where the level's super-tiles are separable, see stile_fill_sep; otherwise all of them
 * when detiling, and one per unit copied, between the copies' memory traffic, when retiling:
 * each measured the faster), so the copy prefetches the source of the unit PF_AHEAD units on,
 * across super-tiles: its tiled lines when detiling; when retiling the linear rows of the row
 * of units PF_ROWS on (and the tiled lines for writing unless the copy streams past the
 * caches).  Super-tiles whose units are all whole and have a kernel take a loop specialised
 * per kernel and store kind (stile_fast). */
enum { PF_AHEAD = 32, PF_ROWS = 2 };

typedef struct unit_plan {
    uint32_t bw, bh, sw, sh;
    const uint32_t *off;
    uint64_t span;         /* bytes from a unit's start to the end of its last element */
    const unit_runs *runs; /* NULL: mixed run lengths (whole units go element by element) */
    int kern;              /* KERN_* for whole units */
    int sep;               /* super-tiles' unit starts are separable (stile_separable) */
} unit_plan;

typedef struct stile {
    uint32_t ux0, uy0, nx, ny; /* first unit (x, y), units across and down (clipped) */
    uint32_t n;                /* nx * ny; 0: none (past the rectangle) */
    uint32_t filled, fx, fy;   /* starts computed so far; the next one's unit column and row */
    int interior;              /* every unit lies inside the rectangle (and has runs) */
    uint64_t start[256];       /* tiled start of each unit, rows of units in turn */
} stile;

/* The super-tile at (sx, sy): its geometry; stile_fill() computes its starts. */
static void stile_begin(const convert_job *j, const unit_plan *p, uint32_t sx, uint32_t sy,
                        stile *t)
{
    const tmu_surface_rect *r = j->r;
    uint32_t xe = r->x + r->w, ye = r->y + r->h;
    uint32_t ux0 = sx < r->x ? r->x - r->x % p->bw : sx;
    uint32_t uy0 = sy < r->y ? r->y - r->y % p->bh : sy;
    uint32_t uxe = sx + p->sw < xe ? sx + p->sw : xe, uye = sy + p->sh < ye ? sy + p->sh : ye;
    t->ux0 = ux0, t->uy0 = uy0;
    t->nx = (uxe - ux0 + p->bw - 1) / p->bw, t->ny = (uye - uy0 + p->bh - 1) / p->bh;
    t->n = t->nx * t->ny;
    t->interior = p->runs && ux0 >= r->x && uy0 >= r->y && ux0 + t->nx * p->bw <= xe &&
                  uy0 + t->ny * p->bh <= ye;
    t->filled = t->fx = t->fy = 0;
}

static inline uint64_t unit_start(const convert_job *j, uint32_t ux, uint32_t uy)
{
    const tmu_surface_rect *r = j->r;
    return tmu_surface_address_fast(j->s, r->level, ux, uy, r->slice, r->sample);
}

/* Unit starts of separable super-tiles.  Within a macro tile (gfx6-8) or swizzle block (gfx9+)
 * an address's bits are XORs of coordinate bits (pipe, bank, swizzle) or copies of them (the
 * micro tile's place), so inside an aligned super-tile start(i, j) = start(i, 0) ^ start(0, j)
 * ^ start(0, 0): its first row and column of starts give the rest.  Not everywhere: gfx6
 * bank_adjust ORs bits and a tile split's rotation multiplies (the same in every super-tile),
 * and an addition carries across those bits where a mip level's offset is not aligned to the
 * super-tile's span (1D_TILED_THIN1 mip levels: some super-tiles only), as does a tile split's
 * slice of a size not a power of 2.  So tile splits never take this (unit_candidates), other
 * layouts only where three whole super-tiles (the rectangle's first and middle ones and the
 * level's last) agree unit by unit, and each super-tile also computes its last row and last
 * column of starts and checks them against the prediction (carries show there: checking those
 * caught every failure in an exhaustive search of c + i a + j b over grids up to 8 x 8, where
 * the last unit alone misses most; detiling 122k whole levels of the AMD chip presets (every
 * mode, element size and mip level of 8 extents) found none differing from one address per
 * element); where one differs, every start of that super-tile is computed on its own.  Every
 * start is still checked against the tiled memory's size before use. */
static void stile_fill_sep(const convert_job *j, const unit_plan *p, stile *t)
{
    uint32_t nx = t->nx, ny = t->ny, n = t->n;
    uint64_t *st = t->start;
    for (uint32_t ix = 0; ix < nx; ix++)
        st[ix] = unit_start(j, t->ux0 + ix * p->bw, t->uy0);
    for (uint32_t jy = 1; jy < ny; jy++) {
        uint64_t d = unit_start(j, t->ux0, t->uy0 + jy * p->bh) ^ st[0];
        for (uint32_t ix = 0; ix < nx; ix++)
            st[jy * nx + ix] = st[ix] ^ d;
    }
    int same = 1;
    if (nx > 1 && ny > 1) {
        for (uint32_t ix = 1; ix < nx && same; ix++) /* the last row */
            same = unit_start(j, t->ux0 + ix * p->bw, t->uy0 + (ny - 1) * p->bh) ==
                   st[n - nx + ix];
        for (uint32_t jy = 1; jy + 1 < ny && same; jy++) /* the last column */
            same = unit_start(j, t->ux0 + (nx - 1) * p->bw, t->uy0 + jy * p->bh) ==
                   st[jy * nx + nx - 1];
    }
    if (!same)
        for (uint32_t jy = 1; jy < ny; jy++)
            for (uint32_t ix = 1; ix < nx; ix++)
                st[jy * nx + ix] = unit_start(j, t->ux0 + ix * p->bw, t->uy0 + jy * p->bh);
    t->filled = n;
}

/* 1 when every unit of the aligned super-tile at (sx, sy) that lies whole inside the level
 * starts where its super-tile's first row and column say (and there are such units). */
static int stile_separable(const convert_job *j, const unit_plan *p, uint32_t sx, uint32_t sy)
{
    const tmu_surface_level *lv = &j->s->level[j->r->level];
    uint32_t fw = lv->width - lv->width % p->bw, fh = lv->height - lv->height % p->bh;
    uint32_t xe = sx + p->sw < fw ? sx + p->sw : fw, ye = sy + p->sh < fh ? sy + p->sh : fh;
    uint64_t row[16];
    if (sx >= xe || sy >= ye)
        return 0;
    for (uint32_t ux = sx, i = 0; ux < xe; ux += p->bw, i++)
        row[i] = unit_start(j, ux, sy);
    for (uint32_t uy = sy + p->bh; uy < ye; uy += p->bh) {
        uint64_t d = unit_start(j, sx, uy) ^ row[0];
        for (uint32_t ux = sx + p->bw, i = 1; ux < xe; ux += p->bw, i++)
            if (unit_start(j, ux, uy) != (row[i] ^ d))
                return 0;
    }
    return 1;
}

/* Up to `count` more unit starts of t. */
static inline void stile_fill(const convert_job *j, const unit_plan *p, stile *t, uint32_t count)
{
    const tmu_surface_rect *r = j->r;
    for (; count && t->filled < t->n; count--) {
        t->start[t->filled++] = tmu_surface_address_fast(j->s, r->level, t->ux0 + t->fx * p->bw,
                                                         t->uy0 + t->fy * p->bh, r->slice,
                                                         r->sample);
        if (++t->fx == t->nx)
            t->fx = 0, t->fy++;
    }
}

/* Prefetch unit k of the sequence `t` then `next`: its tiled lines (at most 256 bytes), read
 * once when detiling, written when retiling (only without non-temporal stores). */
static inline void pf_unit(const convert_job *j, const unit_plan *p, const stile *t,
                           const stile *next, uint32_t k)
{
#if defined(__GNUC__)
    if (!j->to_linear && j->stream)
        return;
    uint64_t a;
    if (k < t->n)
        a = t->start[k];
    else if (k - t->n < next->filled)
        a = next->start[k - t->n];
    else
        return;
    if (a > j->tiled_size - p->span)
        return;
    uintptr_t s = (uintptr_t)(j->tiled + a), e = s + (p->span < 256 ? p->span : 256);
    for (uintptr_t q = s & ~(uintptr_t)63; q < e; q += 64) {
        if (j->to_linear)
            __builtin_prefetch((const void *)q, 0, 0);
        else
            __builtin_prefetch((const void *)q, 1, 3);
    }
#else
    (void)j, (void)p, (void)t, (void)next, (void)k;
#endif
}

/* Retiling: prefetch the linear lines of row of units jy of the sequence `t` then `next`. */
static void pf_rows(const convert_job *j, const unit_plan *p, const stile *t, const stile *next,
                    uint32_t jy)
{
#if defined(__GNUC__)
    if (jy >= t->ny) {
        jy -= t->ny, t = next;
        if (jy >= t->ny)
            return;
    }
    const tmu_surface_rect *r = j->r;
    uint32_t xe = r->x + r->w, ye = r->y + r->h, uy = t->uy0 + jy * p->bh;
    uint32_t x0 = t->ux0 < r->x ? r->x : t->ux0;
    uint32_t x1 = t->ux0 + t->nx * p->bw < xe ? t->ux0 + t->nx * p->bw : xe;
    uint32_t y0 = uy < r->y ? r->y : uy, y1 = uy + p->bh < ye ? uy + p->bh : ye;
    size_t len = (size_t)(x1 - x0) * j->bytes;
    for (uint32_t y = y0; y < y1; y++) {
        uintptr_t s = (uintptr_t)(j->linear + (size_t)(y - r->y) * j->pitch +
                                  (size_t)(x0 - r->x) * j->bytes);
        for (uintptr_t q = s & ~(uintptr_t)63; q < s + len; q += 64)
            __builtin_prefetch((const void *)q, 0, 3);
    }
#else
    (void)j, (void)p, (void)t, (void)next, (void)jy;
#endif
}

/* Any super-tile, unit by unit: clipped units element by element, whole ones through their
 * kernel or runs; detiling with non-temporal stores, two horizontally adjacent whole units
 * whose rows are half a line each go row by row (whole destination lines). */
static void stile_copy(const convert_job *j, const unit_plan *p, const stile *t, stile *next)
{
    const tmu_surface_rect *r = j->r;
    uint32_t xe = r->x + r->w, ye = r->y + r->h;
    uint64_t lim = j->tiled_size - p->span;
    for (uint32_t jy = 0, k = 0; jy < t->ny; jy++) {
        if (!j->to_linear)
            pf_rows(j, p, t, next, jy + PF_ROWS);
        for (uint32_t ix = 0; ix < t->nx; ix++, k++) {
            stile_fill(j, p, next, 1);
            pf_unit(j, p, t, next, k + PF_AHEAD);
            uint64_t a = t->start[k];
            if (a > lim) {
                *j->outside = 1;
                continue;
            }
            unsigned char *base = j->tiled + a;
            uint32_t ux = t->ux0 + ix * p->bw, uy = t->uy0 + jy * p->bh;
            uint32_t x0 = ux < r->x ? r->x : ux, x1 = ux + p->bw < xe ? ux + p->bw : xe;
            uint32_t y0 = uy < r->y ? r->y : uy, y1 = uy + p->bh < ye ? uy + p->bh : ye;
            if (!p->runs || x0 != ux || x1 != ux + p->bw || y0 != uy || y1 != uy + p->bh) {
                unit_clipped(j, base, ux, uy, x0, x1, y0, y1, p->bw, p->off);
                continue;
            }
            unsigned char *lin =
                j->linear + (size_t)(uy - r->y) * j->pitch + (size_t)(ux - r->x) * j->bytes;
            int pair = j->stream && j->to_linear && ix + 1 < t->nx && ux + 2 * p->bw <= xe &&
                       t->start[k + 1] <= lim;
#if TMU_LAYOUT_STREAM
            if (p->kern != KERN_RUNS) {
                if (pair && p->kern != KERN_QUAD16 && (((uintptr_t)lin | j->pitch) & 63) == 0) {
                    stile_fill(j, p, next, 1);
                    pf_unit(j, p, t, next, k + 1 + PF_AHEAD);
                    if (p->kern == KERN_MORTON4)
                        morton4_detile_pair(base, j->tiled + t->start[k + 1], lin, j->pitch);
                    else
                        rows4_detile_pair(base, j->tiled + t->start[k + 1], lin, j->pitch);
                    ix++, k++;
                } else
                    unit_kernel_one(p->kern, j->to_linear, base, lin, j->pitch,
                                    j->stream &&
                                        ((uintptr_t)(j->to_linear ? lin : base) & 15) == 0);
                continue;
            }
            if (pair && p->bw * j->bytes == 32 && p->runs->n % p->bh == 0 &&
                (((uintptr_t)base | t->start[k + 1]) & 15) == 0 && ((uintptr_t)lin & 63) == 0 &&
                ((uintptr_t)j->linear & 63) == 0) {
                stile_fill(j, p, next, 1);
                pf_unit(j, p, t, next, k + 1 + PF_AHEAD);
                unit_pair_stream(j, p->runs, p->bh, base, j->tiled + t->start[k + 1], lin);
                ix++, k++;
                continue;
            }
#else
            (void)pair;
#endif
            unit_whole(j, p->runs, base, lin);
        }
    }
}

#if TMU_LAYOUT_STREAM
/* A super-tile of whole units of 4 bytes (8 x 8; QUAD16: 16 x 4) through kernel `kern`: mode 0
 * plain stores, 1 non-temporal stores (retiling: where the unit's start is 16-byte aligned), 2
 * (detiling) non-temporal stores of whole lines, 8 x 8 units in pairs. */
KERN_INLINE void stile_kernel(const convert_job *j, const unit_plan *p, const stile *t,
                              stile *next, int kern, int to_linear, int mode)
{
    const tmu_surface_rect *r = j->r;
    size_t pitch = j->pitch;
    uint64_t lim = j->tiled_size - p->span;
    unsigned char *lrow =
        j->linear + (size_t)(t->uy0 - r->y) * pitch + (size_t)(t->ux0 - r->x) * 4;
    const uint32_t uh = kern == KERN_QUAD16 ? 4 : 8, urow = kern == KERN_QUAD16 ? 64 : 32;
    for (uint32_t jy = 0, k = 0; jy < t->ny; jy++, lrow += uh * pitch) {
        if (!to_linear)
            pf_rows(j, p, t, next, jy + PF_ROWS);
        unsigned char *lin = lrow;
        for (uint32_t ix = 0; ix < t->nx;) {
            if (mode == 2 && kern != KERN_QUAD16 && ix + 1 < t->nx && t->start[k] <= lim &&
                t->start[k + 1] <= lim) {
                stile_fill(j, p, next, 2);
                pf_unit(j, p, t, next, k + PF_AHEAD);
                pf_unit(j, p, t, next, k + 1 + PF_AHEAD);
                if (kern == KERN_MORTON4)
                    morton4_detile_pair(j->tiled + t->start[k], j->tiled + t->start[k + 1], lin,
                                        pitch);
                else
                    rows4_detile_pair(j->tiled + t->start[k], j->tiled + t->start[k + 1], lin,
                                      pitch);
                ix += 2, k += 2, lin += 64;
                continue;
            }
            stile_fill(j, p, next, 1);
            pf_unit(j, p, t, next, k + PF_AHEAD);
            uint64_t a = t->start[k];
            if (a > lim)
                *j->outside = 1;
            else {
                unsigned char *base = j->tiled + a;
                int nt = mode == 2 || (mode == 1 && (to_linear || ((uintptr_t)base & 15) == 0));
                if (kern == KERN_QUAD16) {
                    if (to_linear && nt)
                        quad16_detile(base, lin, pitch, 1);
                    else if (to_linear)
                        quad16_detile(base, lin, pitch, 0);
                    else if (nt)
                        quad16_retile(lin, base, pitch, 1);
                    else
                        quad16_retile(lin, base, pitch, 0);
                } else if (kern == KERN_MORTON4) {
                    if (to_linear && nt)
                        morton4_detile(base, lin, pitch, 1);
                    else if (to_linear)
                        morton4_detile(base, lin, pitch, 0);
                    else if (nt)
                        morton4_retile(lin, base, pitch, 1);
                    else
                        morton4_retile(lin, base, pitch, 0);
                } else {
                    if (to_linear && nt)
                        rows4_detile(base, lin, pitch, 1);
                    else if (to_linear)
                        rows4_detile(base, lin, pitch, 0);
                    else if (nt)
                        rows4_retile(lin, base, pitch, 1);
                    else
                        rows4_retile(lin, base, pitch, 0);
                }
            }
            ix++, k++, lin += urow;
        }
    }
}

static void stile_fast(const convert_job *j, const unit_plan *p, const stile *t, stile *next)
{
    const tmu_surface_rect *r = j->r;
    uintptr_t lrow = (uintptr_t)(j->linear + (size_t)(t->uy0 - r->y) * j->pitch +
                                 (size_t)(t->ux0 - r->x) * 4);
    int mode = 0;
    if (j->stream && j->to_linear)
        mode = ((lrow | j->pitch) & 63) == 0 ? 2 : ((lrow | j->pitch) & 15) == 0 ? 1 : 0;
    else if (j->stream)
        mode = 1;
#define STILE_KERNEL(K)                                                                           \
    do {                                                                                          \
        if (j->to_linear && mode == 2)                                                            \
            stile_kernel(j, p, t, next, K, 1, 2);                                                 \
        else if (j->to_linear && mode == 1)                                                       \
            stile_kernel(j, p, t, next, K, 1, 1);                                                 \
        else if (j->to_linear)                                                                    \
            stile_kernel(j, p, t, next, K, 1, 0);                                                 \
        else if (mode == 1)                                                                       \
            stile_kernel(j, p, t, next, K, 0, 1);                                                 \
        else                                                                                      \
            stile_kernel(j, p, t, next, K, 0, 0);                                                 \
    } while (0)
    if (p->kern == KERN_MORTON4)
        STILE_KERNEL(KERN_MORTON4);
    else if (p->kern == KERN_QUAD16)
        STILE_KERNEL(KERN_QUAD16);
    else
        STILE_KERNEL(KERN_ROWS4);
#undef STILE_KERNEL
}
#endif

static void convert_units_run(const convert_job *j, const unit_plan *p)
{
    const tmu_surface_rect *r = j->r;
    uint32_t xe = r->x + r->w, ye = r->y + r->h;
    uint32_t sx0 = r->x - r->x % p->sw, sx = sx0, sy = r->y - r->y % p->sh;
    stile tiles[2];
    stile *cur = &tiles[0], *next = &tiles[1];
    stile_begin(j, p, sx, sy, cur);
    if (p->sep)
        stile_fill_sep(j, p, cur);
    else
        stile_fill(j, p, cur, cur->n);
    next->n = next->ny = next->filled = 0;
    for (uint32_t k = 0; k < PF_AHEAD; k++)
        pf_unit(j, p, cur, next, k);
    if (!j->to_linear)
        for (uint32_t jy = 0; jy < PF_ROWS; jy++)
            pf_rows(j, p, cur, next, jy);
    for (;;) {
        sx += p->sw;
        if (sx >= xe)
            sx = sx0, sy += p->sh;
        if (sy < ye) {
            stile_begin(j, p, sx, sy, next);
            if (p->sep)
                stile_fill_sep(j, p, next);
            else if (j->to_linear) /* (measured: detiling is faster with the starts in bulk) */
                stile_fill(j, p, next, next->n);
        } else
            next->n = next->ny = next->filled = 0;
#if TMU_LAYOUT_STREAM
        if (cur->interior && p->kern != KERN_RUNS)
            stile_fast(j, p, cur, next);
        else
#endif
            stile_copy(j, p, cur, next);
        if (next->n == 0)
            break;
        stile_fill(j, p, next, next->n); /* (those the copy left) */
        stile *s = cur;
        cur = next, next = s;
    }
}

static void convert_units(const convert_job *j, uint32_t bw, uint32_t bh, const uint32_t *off,
                          int sep)
{
    const tmu_surface_rect *r = j->r;
    unit_plan p;
    p.bw = bw, p.bh = bh, p.off = off;
    p.span = 0;
    for (uint32_t i = 0; i < bw * bh; i++)
        if (off[i] + j->bytes > p.span)
            p.span = off[i] + j->bytes;
    /* super-tiles of at most 16 x 16 units and 64 x 64 elements (multiples of bw and bh) */
    p.sw = bw * 16 < 64 ? bw * 16 : (bw > 64 ? bw : 64);
    p.sh = bh * 16 < 64 ? bh * 16 : (bh > 64 ? bh : 64);
    unit_runs runs;
    int have_runs = make_runs(j, bw, bh, off, &runs);
    p.runs = have_runs ? &runs : NULL;
    p.kern = have_runs ? unit_kernel(j->bytes, bw, bh, off) : KERN_RUNS;
    /* separable super-tiles (stile_fill_sep), checked where the rectangle has four or more
     * super-tiles' worth of units */
    p.sep = 0;
    const tmu_surface_level *lv = &j->s->level[r->level];
    uint32_t fw = lv->width - lv->width % p.sw, fh = lv->height - lv->height % p.sh;
    if (sep && bw * bh > 1 && (uint64_t)r->w * r->h >= (uint64_t)4 * p.sw * p.sh && fw && fh) {
        uint32_t mx = r->x + r->w / 2, my = r->y + r->h / 2;
        p.sep = stile_separable(j, &p, r->x - r->x % p.sw, r->y - r->y % p.sh) &&
                stile_separable(j, &p, mx - mx % p.sw, my - my % p.sh) &&
                stile_separable(j, &p, fw - p.sw, fh - p.sh);
    }
    convert_job js = *j; /* non-temporal stores: aligned destinations of a copy beyond the caches */
    js.stream = 0;
#if TMU_LAYOUT_STREAM
    int big = (uint64_t)r->w * r->h * j->bytes >= ((uint64_t)4 << 20);
    if (big && p.kern != KERN_RUNS)
        js.stream = ((j->pitch | (uintptr_t)j->linear | (uintptr_t)j->tiled) & 15) == 0;
    else if (big && have_runs && (runs.len == 8 || runs.len == 16)) {
        uintptr_t al = runs.len - 1;
        int ok = (j->pitch & al) == 0 && ((uintptr_t)j->linear & al) == 0 &&
                 ((uintptr_t)j->tiled & al) == 0 && ((size_t)bw * j->bytes & al) == 0;
        for (uint32_t i = 0; ok && i < runs.n; i++)
            ok = (runs.tile[i] & al) == 0 && (runs.lin[i] & al) == 0;
        js.stream = ok;
    }
#endif
    convert_units_run(&js, &p);
#if TMU_LAYOUT_STREAM
    if (js.stream)
        _mm_sfence(); /* the non-temporal stores are visible before the call returns */
#endif
}

static tmu_status convert_done(tmu_diag *diag, int outside)
{
    if (outside)
        return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, -1,
                            "the layout addressed elements past the surface's size; they were "
                            "skipped (a tmu defect: please report the surface)");
    return TMU_OK;
}

static tmu_status convert(const tmu_surface *s, const tmu_surface_rect *r, unsigned char *tiled,
                          size_t tiled_size, unsigned char *linear, size_t pitch, size_t linear_size,
                          int to_linear, tmu_diag *diag)
{
    tmu_diag_clear(diag);
    if (!s || !r || !tiled || !linear)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "surface, rectangle and both buffers must not be NULL");
    if (s->kind != TMU_LAYOUT_AMD_GFX6 && s->kind != TMU_LAYOUT_AMD_GFX9 &&
        s->kind != TMU_LAYOUT_ADRENO6)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "surface: not a computed layout (tmu_surface_init_amd / _adreno)");
    if (r->level >= s->desc.levels)
        return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, -1, "level %u: the surface has %u levels",
                            r->level, s->desc.levels);
    if (s->kind == TMU_LAYOUT_ADRENO6 && !tmu_layout_adreno_addressable(s, r->level))
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "level %u: a UBWC, TILE6_2 or 32-byte TILE6_3 level (element order "
                            "unknown to tmu)", r->level);
    if (!tmu_surface_level_one_to_one(s, r->level))
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "level %u: addrlib keeps the THICK element order on the thinned %s, "
                            "so its addresses overlap and pass the level's end; tmu reports them "
                            "(tmu_surface_address) but copies nothing through them", r->level,
                            tmu_amd_tile_mode_name(s->level[r->level].tile_mode));
    const tmu_surface_level *lv = &s->level[r->level];
    if (r->w == 0 || r->h == 0 || r->x > lv->width || r->w > lv->width - r->x ||
        r->y > lv->height || r->h > lv->height - r->y || r->slice >= lv->depth ||
        r->sample >= s->desc.samples)
        return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, -1,
                            "rectangle %ux%u at (%u, %u) slice %u sample %u lies outside level %u "
                            "(%ux%u, %u slices, %u samples)",
                            r->w, r->h, r->x, r->y, r->slice, r->sample, r->level, lv->width,
                            lv->height, lv->depth, s->desc.samples);
    size_t bytes = s->desc.bpp / 8;
    if (tiled_size < s->size)
        return tmu_diag_set(diag, TMU_ERR_BUFFER_TOO_SMALL, 0, 0, -1,
                            "tiled memory of %zu bytes: the surface needs %llu", tiled_size,
                            (unsigned long long)s->size);
    if (pitch < (size_t)r->w * bytes)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "row pitch %zu: a row of %u elements needs %zu bytes", pitch, r->w,
                            (size_t)r->w * bytes);
    if ((r->h - 1) > (SIZE_MAX - (size_t)r->w * bytes) / pitch ||
        (size_t)(r->h - 1) * pitch + (size_t)r->w * bytes > linear_size)
        return tmu_diag_set(diag, TMU_ERR_BUFFER_TOO_SMALL, 0, 0, -1,
                            "linear memory of %zu bytes: %u rows of %zu bytes at pitch %zu need more",
                            linear_size, r->h, (size_t)r->w * bytes, pitch);
    int outside = 0;
    convert_job j = {s, r, tiled, linear, pitch, bytes, to_linear, tiled_size, &outside, 0};
    uint32_t bw, bh, off[256];
    int sep;
    if (unit_table(s, r, &bw, &bh, off, &sep)) {
        /* units cut by the level's edge are addressed element by element */
        uint32_t fw = lv->width - lv->width % bw, fh = lv->height - lv->height % bh;
        tmu_surface_rect inner = *r;
        uint32_t xe = r->x + r->w < fw ? r->x + r->w : fw;
        uint32_t ye = r->y + r->h < fh ? r->y + r->h : fh;
        if (xe > r->x && ye > r->y) {
            inner.w = xe - r->x, inner.h = ye - r->y;
            convert_job ji = j;
            ji.r = &inner;
            convert_units(&ji, bw, bh, off, sep);
        } else
            xe = r->x, ye = r->y;
        for (uint32_t y = r->y; y < r->y + r->h; y++)
            for (uint32_t x = y < ye ? xe : r->x; x < r->x + r->w; x++)
                convert_element(&j, x, y);
        return convert_done(diag, outside);
    }
    for (uint32_t y = r->y; y < r->y + r->h; y++)
        for (uint32_t x = r->x; x < r->x + r->w; x++)
            convert_element(&j, x, y);
    return convert_done(diag, outside);
}

tmu_status tmu_surface_detile(const tmu_surface *surf, const tmu_surface_rect *rect,
                              const void *tiled, size_t tiled_size, void *linear,
                              size_t row_pitch, size_t linear_size, tmu_diag *diag)
{
    /* the tiled side is only read when detiling */
    return convert(surf, rect, (unsigned char *)(uintptr_t)tiled, tiled_size,
                   (unsigned char *)linear, row_pitch, linear_size, 1, diag);
}

tmu_status tmu_surface_retile(const tmu_surface *surf, const tmu_surface_rect *rect,
                              const void *linear, size_t row_pitch, size_t linear_size,
                              void *tiled, size_t tiled_size, tmu_diag *diag)
{
    return convert(surf, rect, (unsigned char *)tiled, tiled_size,
                   (unsigned char *)(uintptr_t)linear, row_pitch, linear_size, 0, diag);
}
