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

/* addrlib AddrSwizzleMode, in its numbering (= the T# SW_MODE field). */
static const char *const swizzle_names[] = {
    "SW_LINEAR",   "SW_256B_S",   "SW_256B_D",   "SW_256B_R",   "SW_4KB_Z",    "SW_4KB_S",
    "SW_4KB_D",    "SW_4KB_R",    "SW_64KB_Z",   "SW_64KB_S",   "SW_64KB_D",   "SW_64KB_R",
    "SW_VAR_Z",    "SW_VAR_S",    "SW_VAR_D",    "SW_VAR_R",    "SW_64KB_Z_T", "SW_64KB_S_T",
    "SW_64KB_D_T", "SW_64KB_R_T", "SW_4KB_Z_X",  "SW_4KB_S_X",  "SW_4KB_D_X",  "SW_4KB_R_X",
    "SW_64KB_Z_X", "SW_64KB_S_X", "SW_64KB_D_X", "SW_64KB_R_X", "SW_VAR_Z_X",  "SW_VAR_S_X",
    "SW_VAR_D_X",  "SW_VAR_R_X",
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

int tmu_amd_swizzle_mode_from_name(const char *name)
{
    if (!name)
        return -1;
    for (size_t i = 0; i < SWIZZLE_COUNT; i++) {
        const char *n = swizzle_names[i];
        if (strcasecmp(name, n) == 0 || strcasecmp(name, n + 3) == 0)
            return (int)i;
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
 * unit_candidates() proposes footprints, largest first; unit_table() takes the first whose
 * offsets agree at the rectangle's first unit, its three neighbours and the level's last full
 * unit, and tests/layout/test_layout_amd_vectors.c --convert checks the result against one
 * address per element on every conformance surface.  Without a unit every element is
 * addressed on its own. */
static unsigned unit_candidates(const tmu_surface *s, uint32_t level, uint32_t cand[][2])
{
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
                      uint32_t *bh_out, uint32_t *off)
{
    uint32_t cand[8][2], other[256];
    unsigned n = unit_candidates(s, r->level, cand);
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

/* The rectangle unit by unit.  Units are visited a super-tile (up to 64 x 64 elements of units,
 * about one macro tile or swizzle block) at a time, so the tiled side is read or written in
 * nearby lines rather than one unit per raster step across the whole surface; each row of units
 * has its starts computed first and the unit two ahead is prefetched. */
static void convert_units_run(const convert_job *j, uint32_t bw, uint32_t bh, uint32_t sw,
                              uint32_t sh, const uint32_t *off, uint64_t span, const unit_runs *runs);

static void convert_units(const convert_job *j, uint32_t bw, uint32_t bh, const uint32_t *off)
{
    const tmu_surface_rect *r = j->r;
    uint64_t span = 0; /* bytes from a unit's start to the end of its last element */
    for (uint32_t i = 0; i < bw * bh; i++)
        if (off[i] + j->bytes > span)
            span = off[i] + j->bytes;
    /* super-tiles of at most 16 x 16 units and 64 x 64 elements (multiples of bw and bh) */
    uint32_t sw = bw * 16 < 64 ? bw * 16 : (bw > 64 ? bw : 64);
    uint32_t sh = bh * 16 < 64 ? bh * 16 : (bh > 64 ? bh : 64);
    unit_runs runs;
    int have_runs = make_runs(j, bw, bh, off, &runs);
    convert_job js = *j; /* non-temporal stores: aligned destinations of a copy beyond the caches */
    js.stream = 0;
#if TMU_LAYOUT_STREAM
    if (have_runs && (runs.len == 8 || runs.len == 16) &&
        (uint64_t)r->w * r->h * j->bytes >= ((uint64_t)4 << 20)) {
        uintptr_t al = runs.len - 1;
        int ok = (j->pitch & al) == 0 && ((uintptr_t)j->linear & al) == 0 &&
                 ((uintptr_t)j->tiled & al) == 0 && ((size_t)bw * j->bytes & al) == 0;
        for (uint32_t i = 0; ok && i < runs.n; i++)
            ok = (runs.tile[i] & al) == 0 && (runs.lin[i] & al) == 0;
        js.stream = ok;
    }
#endif
    j = &js;
    convert_units_run(j, bw, bh, sw, sh, off, span, have_runs ? &runs : NULL);
#if TMU_LAYOUT_STREAM
    if (js.stream)
        _mm_sfence(); /* the non-temporal stores are visible before the call returns */
#endif
}

static void convert_units_run(const convert_job *j, uint32_t bw, uint32_t bh, uint32_t sw,
                              uint32_t sh, const uint32_t *off, uint64_t span, const unit_runs *runs)
{
    uint64_t pf_span = span < 256 ? span : 256; /* the lines prefetched of a unit */
    const tmu_surface_rect *r = j->r;
    int have_runs = runs != NULL;
    uint32_t xe = r->x + r->w, ye = r->y + r->h;
    uint32_t sx0 = r->x - r->x % sw, sy0 = r->y - r->y % sh;
    for (uint32_t sy = sy0; sy < ye; sy += sh)
        for (uint32_t sx = sx0; sx < xe; sx += sw) {
            uint32_t uy0 = sy < r->y ? r->y - r->y % bh : sy;
            uint32_t uye = sy + sh < ye ? sy + sh : ye;
            uint32_t ux0 = sx < r->x ? r->x - r->x % bw : sx;
            uint32_t uxe = sx + sw < xe ? sx + sw : xe;
            /* the starts of every unit of the super-tile, then the units, prefetching the
             * lines of the one PF ahead */
            enum { PF = 8 };
            uint64_t start[256];
            uint32_t pos[256][2], n = 0;
            for (uint32_t uy = uy0; uy < uye; uy += bh)
                for (uint32_t ux = ux0; ux < uxe; ux += bw) {
                    start[n] = tmu_surface_address_fast(j->s, r->level, ux, uy, r->slice, r->sample);
                    pos[n][0] = ux, pos[n][1] = uy;
                    n++;
                }
            for (uint32_t k = 0; k < n; k++) {
                uint64_t a = start[k];
                if (a > j->tiled_size - span) {
                    *j->outside = 1;
                    continue;
                }
#if defined(__GNUC__)
                if (k + PF < n && start[k + PF] <= j->tiled_size - span)
                    for (uint64_t o = 0; o < pf_span; o += 64) {
                        if (j->to_linear)
                            __builtin_prefetch(j->tiled + start[k + PF] + o, 0);
                        else
                            __builtin_prefetch(j->tiled + start[k + PF] + o, 1);
                    }
#endif
                unsigned char *base = j->tiled + a;
                uint32_t ux = pos[k][0], uy = pos[k][1];
                uint32_t x0 = ux < r->x ? r->x : ux, x1 = ux + bw < xe ? ux + bw : xe;
                uint32_t y0 = uy < r->y ? r->y : uy, y1 = uy + bh < ye ? uy + bh : ye;
                int whole = have_runs && x0 == ux && x1 == ux + bw && y0 == uy && y1 == uy + bh;
#if TMU_LAYOUT_STREAM
                if (whole && j->stream && bw * j->bytes == 32 && runs->n % bh == 0 && k + 1 < n &&
                    pos[k + 1][1] == uy && pos[k + 1][0] == ux + bw && ux + 2 * bw <= xe &&
                    start[k + 1] <= j->tiled_size - span && (((uintptr_t)base | start[k + 1]) & 15) == 0 &&
                    (((size_t)(uy - r->y) * j->pitch + (size_t)(ux - r->x) * j->bytes) & 63) == 0 &&
                    ((uintptr_t)j->linear & 63) == 0) {
                    unit_pair_stream(j, runs, bh, base, j->tiled + start[k + 1],
                                     j->linear + (size_t)(uy - r->y) * j->pitch + (size_t)(ux - r->x) * j->bytes);
                    k++;
                    continue;
                }
#endif
                if (whole)
                    unit_whole(j, runs, base,
                               j->linear + (size_t)(uy - r->y) * j->pitch + (size_t)(ux - r->x) * j->bytes);
                else
                    unit_clipped(j, base, ux, uy, x0, x1, y0, y1, bw, off);
            }
        }
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
    if (unit_table(s, r, &bw, &bh, off)) {
        /* units cut by the level's edge are addressed element by element */
        uint32_t fw = lv->width - lv->width % bw, fh = lv->height - lv->height % bh;
        tmu_surface_rect inner = *r;
        uint32_t xe = r->x + r->w < fw ? r->x + r->w : fw;
        uint32_t ye = r->y + r->h < fh ? r->y + r->h : fh;
        if (xe > r->x && ye > r->y) {
            inner.w = xe - r->x, inner.h = ye - r->y;
            convert_job ji = j;
            ji.r = &inner;
            convert_units(&ji, bw, bh, off);
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
