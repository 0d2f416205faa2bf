/* Tiled levels on the fast paths (fast.h fast_tiled): each level's texel index as a function of
 * x and y separately, derived when a call is prepared from the layout's own addresses
 * (tmu_surface_address_fast), so the layout module stays the one place that knows a vendor's
 * rules.
 *
 * AMD's and Adreno's layouts of a 2D level (gfx6-8 1D / 2D thin micro tiles with their pipe and
 * bank bits, gfx9 / gfx10 swizzle blocks with or without pipe-bank XOR, Adreno TILE6_3 with its
 * macrotile and bank swizzle) place element (x, y) at a sum of a part of x and a part of y
 * (tiles, macro tiles, rows of them), except in a few low address bits, the swizzle, pipe and
 * bank bits, where a part of x and a part of y are XORed.  With k such bits (M = 2^k - 1):
 *   index(x, y) = T00_hi + FX_hi(x) + FY_hi(y) + (T00_lo ^ FX_lo(x) ^ FY_lo(y))
 * and each part is linear in the coordinate's bits over XOR below a shift and a multiple above
 * it (fast.h).  Nothing here assumes that: for each level the smallest k and each axis's
 * smallest (q, m) that reproduce the layout's addresses are searched on probes, then checked on
 * every coordinate of each axis and on elements across the level (verify: all of them on levels
 * of at most 4096 texels).  A level that fits no model (e.g. gfx8's bank adjustment for
 * PIPE_CONFIG 8 / 15, depth-ordered micro tiles with a tile split), whose columns or tables do not
 * fit fast_tiled, or whose texels could lie outside its memory is refused: the call then takes
 * the general path.  tests/unit/test_unit_fast_tiled.c compares the model with the layout on
 * every element of every level of the common layouts at several sizes (and the accepted surfaces
 * of every chip, tile index, swizzle mode and Adreno mode matched the layout on every element at
 * 333x77, 256^2, 1000x600, 1920x1080, 1024^2 and 64x4096 when this was written). */
#include <string.h>

#include "tmu/layout.h"
#include "unit/fast/fast.h"

/* One level's source: surface level, slice (the 2D texture's layer 0), texel bytes 2^shift. */
typedef struct tsrc {
    const tmu_surface *s;
    uint32_t sl, slice, shift, w, h;
    int bad; /* an address that is not a whole texel below 2^30 bytes */
} tsrc;

/* Texel index of (x, y) from the layout. */
static uint32_t taddr(tsrc *t, uint32_t x, uint32_t y)
{
    uint64_t a = tmu_surface_address_fast(t->s, t->sl, x, y, t->slice, 0);
    if (a >= 0x40000000u || (a & ((1u << t->shift) - 1)))
        t->bad = 1;
    return (uint32_t)(a >> t->shift);
}

typedef struct axis_fit {
    uint32_t q, m, S;
    uint32_t c[TILED_BITS];
    uint32_t ch[4][16]; /* the XOR of the columns, 4 bits at a time (axis_chunks) */
} axis_fit;

static uint32_t axis_eval(const axis_fit *f, uint32_t v)
{
    uint32_t acc = 0;
    for (uint32_t b = 0; b < f->q; b++)
        if (v >> b & 1)
            acc ^= f->c[b];
    return acc + (v >> f->m) * f->S;
}

/* The chunk tables of a fitted axis, for axis_fast (the checks of every element). */
static void axis_chunks(axis_fit *f)
{
    for (uint32_t n = 0; n < 4; n++) {
        f->ch[n][0] = 0;
        for (uint32_t b = 0; b < 4; b++) {
            uint32_t c = 4 * n + b < f->q ? f->c[4 * n + b] : 0;
            for (uint32_t v = 0; v < 1u << b; v++)
                f->ch[n][v + (1u << b)] = f->ch[n][v] ^ c;
        }
    }
}

/* axis_eval for v < 2^16. */
static inline uint32_t axis_fast(const axis_fit *f, uint32_t v)
{
    return (f->ch[0][v & 15] ^ f->ch[1][v >> 4 & 15] ^ f->ch[2][v >> 8 & 15] ^ f->ch[3][v >> 12 & 15]) +
           (v >> f->m) * f->S;
}

/* Texel (0, 0) of a level is ca + cx: a part added to the sum of the axes' parts and a low part
 * XORed with their low parts (AMD's pipe-bank XOR), or all of it added (a level's offset whose
 * low bits an Adreno bank swizzle then adds to).  Both are tried. */
typedef struct base_split {
    uint32_t ca, cx, M;
} base_split;

/* The value an axis must give for index v: v - ca, its low part XORed with cx. */
static uint32_t rel(uint32_t v, const base_split *b)
{
    uint32_t d = v - b->ca;
    return (d & ~b->M) | ((d ^ b->cx) & b->M);
}

/* Index of (x, y) by the model: the kernels' operations (fast_simd.inc tiled_combine). */
static inline uint32_t combine(const base_split *b, uint32_t fx, uint32_t fy)
{
    fy ^= b->cx;
    return b->ca + (fx ^ fy) + ((fx & fy & ~b->M) << 1);
}

static uint32_t model(const axis_fit f[2], const base_split *b, uint32_t x, uint32_t y)
{
    return combine(b, axis_fast(&f[0], x), axis_fast(&f[1], y));
}

enum { NPROBE = 96, NGRID = 24 };

/* Coordinates that exercise every bit, carry and the edge of an extent n: 0..15, 2^i - 1, 2^i,
 * 2^i + 1, 3 2^i, n - 1, and pseudo-random ones; returns how many (at most NPROBE). */
static uint32_t probes(uint32_t n, uint32_t *v, uint32_t max, uint32_t seed)
{
    uint32_t c = 0;
#define ADD(x)                                                                                          \
    do {                                                                                                \
        uint32_t x_ = (x);                                                                              \
        if (x_ < n && c < max) {                                                                        \
            uint32_t d_ = 0;                                                                            \
            while (d_ < c && v[d_] != x_)                                                               \
                d_++;                                                                                   \
            if (d_ == c)                                                                                \
                v[c++] = x_;                                                                            \
        }                                                                                               \
    } while (0)
    ADD(0);
    ADD(n - 1);
    for (uint32_t i = 1; i < 16; i++)
        ADD(i);
    for (uint32_t b = 4; b < 31 && (1u << b) <= n; b++) {
        ADD((1u << b) - 1);
        ADD(1u << b);
        ADD((1u << b) + 1);
        ADD(3u << (b - 1));
    }
    for (uint32_t i = 0; c < max && i < 4 * max; i++) {
        seed = seed * 1664525u + 1013904223u;
        ADD((uint32_t)(((uint64_t)(seed >> 8) * n) >> 24));
    }
#undef ADD
    return c;
}

/* The smallest (q, m) for which the axis gives f(v) = want(v) on the probes; returns 0 when none
 * does or a column does not fit 16 bits.  scan_axis then checks every v in [0, n). */
static int fit_axis(uint32_t n, const base_split *bs, const uint32_t *pv, const uint32_t *pa, uint32_t np,
                    const uint32_t *pow2a, axis_fit *f)
{
    const uint32_t M = bs->M;
    uint32_t bits = 0; /* coordinate bits of the extent */
    while (bits < TILED_BITS && (1u << bits) < n)
        bits++;
    if ((1u << bits) < n)
        return 0;
    for (uint32_t q = 0; q <= bits; q++)
        for (uint32_t m = 0; m <= q; m++) {
            uint32_t S = m < bits ? rel(pow2a[m], bs) : 0;
            if (m < q)
                S &= ~M;
            if (S & M)
                continue;
            f->q = q, f->m = m, f->S = S;
            int fits = 1;
            for (uint32_t b = 0; b < q; b++) {
                f->c[b] = rel(pow2a[b], bs) - ((1u << b) >> m) * S;
                fits &= f->c[b] <= 0xFFFFu;
            }
            if (!fits)
                continue;
            uint32_t i = 0;
            while (i < np && axis_eval(f, pv[i]) == rel(pa[i], bs))
                i++;
            if (i < np)
                continue;
            axis_chunks(f);
            return 1;
        }
    return 0;
}

/* 1 when the fitted axis gives the layout's index of every coordinate of its extent n (the other
 * coordinate 0). */
static int scan_axis(tsrc *t, int axis, uint32_t n, const base_split *bs, const axis_fit *f)
{
    uint32_t v = 0;
    while (v < n && axis_fast(f, v) == rel(axis ? taddr(t, 0, v) : taddr(t, v, 0), bs))
        v++;
    return v == n;
}

/* The model against the layout: every element of levels of at most 4096 texels; on larger ones
 * (the axes' own rows were checked whole by fit_axis) the last row and column whole, every
 * element of a grid of 48 x 48 probes of each axis (each of its bits, the carries next to them,
 * the edge, pseudo-random ones: every pairing of a bit of x with a bit of y, where an XOR between
 * them would show) and 1024 pseudo-random elements.  A few thousand layout addresses a level:
 * plans are prepared where they are used (the GCN executor prepares one per instruction it
 * caches), so this stays well under a millisecond for a 4096^2 chain of levels. */
static int verify(tsrc *t, const axis_fit f[2], const base_split *bs)
{
    uint32_t w = t->w, h = t->h;
    if ((uint64_t)w * h <= 4096u) {
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++)
                if (model(f, bs, x, y) != taddr(t, x, y))
                    return 0;
        return !t->bad;
    }
    uint32_t fl = axis_fast(&f[1], h - 1), fr = axis_fast(&f[0], w - 1);
    for (uint32_t x = 0; x < w; x++)
        if (combine(bs, axis_fast(&f[0], x), fl) != taddr(t, x, h - 1))
            return 0;
    for (uint32_t y = 0; y < h; y++)
        if (combine(bs, fr, axis_fast(&f[1], y)) != taddr(t, w - 1, y))
            return 0;
    uint32_t gx[48], gy[48];
    uint32_t nx = probes(w, gx, 48, 0x3Cu ^ w), ny = probes(h, gy, 48, 0x51u ^ h);
    for (uint32_t j = 0; j < ny; j++) {
        uint32_t fy = axis_fast(&f[1], gy[j]);
        for (uint32_t i = 0; i < nx; i++)
            if (combine(bs, axis_fast(&f[0], gx[i]), fy) != taddr(t, gx[i], gy[j]))
                return 0;
    }
    uint32_t seed = 0x7117EDu ^ w ^ (h << 16);
    for (uint32_t i = 0; i < 1024; i++) {
        seed = seed * 1664525u + 1013904223u;
        uint32_t x = (uint32_t)(((uint64_t)(seed >> 8) * w) >> 24);
        seed = seed * 1664525u + 1013904223u;
        uint32_t y = (uint32_t)(((uint64_t)(seed >> 8) * h) >> 24);
        if (model(f, bs, x, y) != taddr(t, x, y))
            return 0;
    }
    return !t->bad;
}

/* Places a level's columns in the pool: where the same run already lies (or overlaps the
 * pool's end), else appended.  Returns the run's first column, or -1 when the pool is full. */
static int pool_place(fast_tiled *tp, uint32_t *used, const uint32_t *c, uint32_t q)
{
    uint16_t run[TILED_BITS];
    for (uint32_t b = 0; b < q; b++)
        run[b] = (uint16_t)c[b];
    if (q == 0)
        return 0;
    for (uint32_t s = 0; s + q <= *used; s++)
        if (!memcmp(tp->col + s, run, q * sizeof run[0]))
            return (int)s;
    uint32_t o = q - 1; /* the longest prefix of the run that ends the pool */
    while (o > 0 && !(o <= *used && !memcmp(tp->col + *used - o, run, o * sizeof run[0])))
        o--;
    if (*used - o + q > TILED_POOL)
        return -1;
    memcpy(tp->col + *used, run + o, (q - o) * sizeof run[0]);
    *used += q - o;
    return (int)(*used - q);
}

static uint32_t axis_index(const fast_consts *k, int a, uint32_t l, uint32_t v);

/* k->tiled_one from level 0's columns: entry v of chunk n of an axis is the XOR of the columns
 * 4n .. 4n + 3 whose bit is set in v (and y's base_lo in chunk 0). */
static void one_setup(fast_consts *k)
{
    const fast_tiled *tp = &k->tp;
    fast_tiled_one *one = &k->tiled_one;
    for (int a = 0; a < 2; a++) {
        uint32_t q = tp->q[a][0];
        const uint16_t *c = tp->col + tp->off[a][0];
        one->nch[a] = q ? (q + 3) / 4 : 1;
        for (uint32_t n = 0; n < one->nch[a]; n++) {
            one->ch[a][n][0] = a && n == 0 ? tp->base_lo[0] : 0;
            for (uint32_t b = 0; b < 4; b++) {
                int32_t col = 4 * n + b < q ? c[4 * n + b] : 0;
                for (uint32_t v = 0; v < 1u << b; v++)
                    one->ch[a][n][v + (1u << b)] = one->ch[a][n][v] ^ col;
            }
        }
        one->m[a] = tp->m[a][0];
        uint32_t ext = (uint32_t)(a ? k->level_h[0] : k->level_w[0]);
        one->tail[a] = (a ? k->level_pitch[0] : k->tiled_sx[0]) != 0 && (ext - 1) >> tp->m[a][0] != 0;
    }
    /* the 5-bit tables: the axis's own columns, or where its whole value over the extent is the
     * XOR of the values of its powers of two (checked on every coordinate), those values as
     * columns and no tail, unless that would take two more tables than the columns and tail */
    memset(one->ch5, 0, sizeof one->ch5);
    memset(one->ch3, 0, sizeof one->ch3);
    uint32_t short3 = 1;
    for (int a = 0; a < 2; a++) {
        uint32_t ext = (uint32_t)(a ? k->level_h[0] : k->level_w[0]), bits = 0;
        while (bits < TILED_BITS && (1u << bits) < ext)
            bits++;
        uint32_t q = tp->q[a][0], col[TILED_BITS], lin = 1;
        for (uint32_t b = 0; b < bits; b++)
            col[b] = axis_index(k, a, 0, 1u << b);
        for (uint32_t v = 0; v < ext && lin; v++) {
            uint32_t f = 0;
            for (uint32_t b = 0; b < bits; b++)
                f ^= v >> b & 1 ? col[b] : 0;
            lin = f == axis_index(k, a, 0, v);
        }
        uint32_t n_cols = q ? (q + 4) / 5 : 1, n_lin = bits ? (bits + 4) / 5 : 1;
        int fold = lin && (!one->tail[a] || n_lin <= n_cols + 1);
        /* the AVX2 short form: the bit-linear value by 3 bits, at most 12, folded into the 5-bit
         * tables (whose chunk 0 gives bits 0-2) */
        short3 = short3 && lin && fold && bits <= 12;
        for (uint32_t n = 1; short3 && n < 4; n++) {
            one->ch3[a][n - 1][0] = 0;
            for (uint32_t b = 0; b < 3; b++) {
                int32_t c = 3 * n + b < bits ? (int32_t)col[3 * n + b] : 0;
                for (uint32_t v = 0; v < 1u << b; v++)
                    one->ch3[a][n - 1][v + (1u << b)] = one->ch3[a][n - 1][v] ^ c;
            }
        }
        if (!fold) {
            const uint16_t *c = tp->col + tp->off[a][0];
            for (uint32_t b = 0; b < q; b++)
                col[b] = c[b];
            bits = q;
        }
        one->nch5[a] = bits ? (bits + 4) / 5 : 1;
        one->tail5[a] = fold ? 0 : one->tail[a];
        for (uint32_t n = 0; n < one->nch5[a]; n++) {
            one->ch5[a][n][0] = a && n == 0 ? tp->base_lo[0] : 0;
            for (uint32_t b = 0; b < 5; b++) {
                int32_t c = 5 * n + b < bits ? (int32_t)col[5 * n + b] : 0;
                for (uint32_t v = 0; v < 1u << b; v++)
                    one->ch5[a][n][v + (1u << b)] = one->ch5[a][n][v] ^ c;
            }
        }
    }
    one->lo = tp->base_lo[0];
    one->nmask = (int32_t)~((1u << tp->lo[0]) - 1u);
    /* the high parts of the two axes never share a bit (e.g. each a column of tiles, or rows of
     * them): then (fx ^ fy) + 2 (fx & fy & ~M) is fx ^ fy, one operation instead of four */
    uint32_t orv[2] = {0, 0};
    for (int a = 0; a < 2; a++) {
        uint32_t ext = (uint32_t)(a ? k->level_h[0] : k->level_w[0]);
        for (uint32_t v = 0; v < ext; v++)
            orv[a] |= axis_index(k, a, 0, v);
    }
    one->disjoint = (orv[0] & orv[1] & (uint32_t)one->nmask) == 0;
    one->t52 = one->disjoint && one->nch5[0] <= 2 && one->nch5[1] <= 2 && !one->tail5[0] && !one->tail5[1];
    one->t34 = one->disjoint && short3;
}

int tmu_fast_tiled_setup(fast_consts *k, const tmu_texture *tex, uint32_t used, unsigned shift)
{
    fast_tiled *tp = &k->tp;
    memset(tp, 0, sizeof *tp);
    for (uint32_t l = 0; l < TMU_MAX_LEVELS; l++)
        k->tiled_sx[l] = k->level_pitch[l] = k->level_off[l] = 0;
    if (used > TMU_MAX_LEVELS || tex->samples != 1)
        return 0;
    uint32_t pool = 0;
    for (uint32_t l = 0; l < used; l++) {
        const tmu_level *lv = &tex->level[l];
        const tmu_surface *s = lv->surface;
        if (!s || lv->surface_level >= s->desc.levels || !tmu_surface_level_addressable(s, lv->surface_level) ||
            s->desc.bpp != 8u << shift)
            return 0;
        tsrc t = {s, lv->surface_level, lv->surface_slice, shift, (uint32_t)k->level_w[l], (uint32_t)k->level_h[l], 0};
        const tmu_surface_level *sv = &s->level[t.sl];
        if (t.w > sv->width || t.h > sv->height || t.slice >= sv->depth)
            return 0;
        /* what every k needs: (0, 0), the powers of two and the probes of each axis, a grid */
        uint32_t t00 = taddr(&t, 0, 0);
        uint32_t pv[2][NPROBE], pa[2][NPROBE], np[2], pow2a[2][TILED_BITS];
        uint32_t ext[2] = {t.w, t.h};
        for (int a = 0; a < 2; a++) {
            np[a] = probes(ext[a], pv[a], NPROBE, a ? 0xA5A5u : 0x5A5Au);
            for (uint32_t i = 0; i < np[a]; i++)
                pa[a][i] = a ? taddr(&t, 0, pv[a][i]) : taddr(&t, pv[a][i], 0);
            for (uint32_t b = 0; b < TILED_BITS; b++)
                pow2a[a][b] = (1u << b) < ext[a] ? (a ? taddr(&t, 0, 1u << b) : taddr(&t, 1u << b, 0)) : 0;
        }
        uint32_t gx[NGRID], gy[NGRID], g[NGRID][NGRID];
        uint32_t ngx = probes(t.w, gx, NGRID, 0x1234u), ngy = probes(t.h, gy, NGRID, 0x4321u);
        for (uint32_t j = 0; j < ngy; j++)
            for (uint32_t i = 0; i < ngx; i++)
                g[j][i] = taddr(&t, gx[i], gy[j]);
        if (t.bad)
            return 0;
        int done = 0;
        axis_fit f[2];
        uint32_t kbits = 0, M = 0;
        base_split bs = {0, 0, 0};
        for (kbits = 0; kbits <= 16 && !done; kbits++) {
            M = (1u << kbits) - 1;
            for (int split = 0; split < 2 && !done; split++) {
                if (split && !(t00 & M))
                    break; /* the same split */
                bs.M = M, bs.ca = split ? t00 : t00 & ~M, bs.cx = split ? 0 : t00 & M;
                if (!fit_axis(t.w, &bs, pv[0], pa[0], np[0], pow2a[0], &f[0]) ||
                    !fit_axis(t.h, &bs, pv[1], pa[1], np[1], pow2a[1], &f[1]))
                    continue;
                uint32_t bad = 0; /* the grid of probes, then every coordinate of each axis, then verify */
                for (uint32_t j = 0; j < ngy && !bad; j++)
                    for (uint32_t i = 0; i < ngx && !bad; i++)
                        bad = model(f, &bs, gx[i], gy[j]) != g[j][i];
                done = !bad && scan_axis(&t, 0, t.w, &bs, &f[0]) && scan_axis(&t, 1, t.h, &bs, &f[1]) &&
                       verify(&t, f, &bs);
            }
            if (done)
                break;
        }
        if (!done)
            return 0;
        /* every texel inside the level's memory: the model's extremes (its high parts as signed
         * numbers: the kernels add them modulo 2^32) */
        int64_t lo_sum = (int64_t)bs.ca, hi_sum = lo_sum + M;
        for (int a = 0; a < 2; a++) {
            int64_t mn = INT64_MAX, mx = INT64_MIN;
            for (uint32_t v = 0; v < ext[a]; v++) {
                int64_t e = (int32_t)(axis_fast(&f[a], v) & ~M);
                mn = e < mn ? e : mn, mx = e > mx ? e : mx;
            }
            lo_sum += mn, hi_sum += mx;
        }
        if (lo_sum < 0 || (uint64_t)(hi_sum + 1) << shift > lv->size || (uint64_t)(hi_sum + 1) << shift > 0x40000000u)
            return 0;
        for (int a = 0; a < 2; a++) {
            int at = pool_place(tp, &pool, f[a].c, f[a].q);
            if (at < 0)
                return 0;
            tp->off[a][l] = (uint8_t)at, tp->q[a][l] = (uint8_t)f[a].q, tp->m[a][l] = (uint8_t)f[a].m;
        }
        tp->lo[l] = (uint8_t)kbits;
        tp->base_lo[l] = (uint16_t)bs.cx;
        k->tiled_sx[l] = (int32_t)f[0].S;
        k->level_pitch[l] = (int32_t)f[1].S;
        k->level_off[l] = (int32_t)(bs.ca << shift);
    }
    tp->used = (uint8_t)used;
    one_setup(k);
    return 1;
}

static uint32_t axis_index(const fast_consts *k, int a, uint32_t l, uint32_t v)
{
    const fast_tiled *tp = &k->tp;
    const uint16_t *c = tp->col + tp->off[a][l];
    uint32_t acc = 0;
    for (uint32_t b = 0; b < tp->q[a][l]; b++)
        if (v >> b & 1)
            acc ^= c[b];
    return acc + (v >> tp->m[a][l]) * (uint32_t)(a ? k->level_pitch[l] : k->tiled_sx[l]);
}

int32_t tmu_fast_tiled_index(const fast_consts *k, uint32_t l, int32_t x, int32_t y)
{
    uint32_t nm = ~((1u << k->tp.lo[l]) - 1u);
    uint32_t fx = axis_index(k, 0, l, (uint32_t)x), fy = axis_index(k, 1, l, (uint32_t)y) ^ k->tp.base_lo[l];
    return (int32_t)((fx ^ fy) + ((fx & fy & nm) << 1));
}

/* The per-level columns of levels [0, levels) (levels > 1) for the SIMD kernels (fast.h fast_tiled_rt). */
static void tiled_expand(const fast_consts *k, uint32_t levels, fast_tiled_rt *rt)
{
    const fast_tiled *tp = &k->tp;
    if (levels > tp->used)
        levels = tp->used;
    rt->levels = levels;
    /* per-lane levels: every table entry defined (the lookups read all 16), columns by bit */
    for (int a = 0; a < 2; a++) {
        uint32_t nb = 0;
        for (uint32_t l = 0; l < levels; l++)
            nb = tp->q[a][l] > nb ? tp->q[a][l] : nb;
        rt->nb[a] = nb;
        memset(rt->col[a], 0, nb * sizeof rt->col[a][0]);
        memset(rt->m[a], 0, sizeof rt->m[a]);
        for (uint32_t l = 0; l < levels; l++) {
            const uint16_t *c = tp->col + tp->off[a][l];
            for (uint32_t b = 0; b < tp->q[a][l]; b++)
                rt->col[a][b][l] = c[b];
            rt->m[a][l] = tp->m[a][l];
        }
    }
    memset(rt->lo, 0, sizeof rt->lo);
    memset(rt->nmask, 0, sizeof rt->nmask);
    for (uint32_t l = 0; l < levels; l++) {
        rt->lo[l] = tp->base_lo[l];
        rt->nmask[l] = (int32_t)~((1u << tp->lo[l]) - 1u);
    }
}

/* The axis value the SIMD kernels compute for v on level l (fast_simd.inc tiled_axis2: base_lo
 * XORed into y's columns, then the tail added), modulo 2^32. */
static uint32_t kernel_axis(const fast_consts *k, int a, uint32_t l, uint32_t v)
{
    const fast_tiled *tp = &k->tp;
    const uint16_t *c = tp->col + tp->off[a][l];
    uint32_t acc = a ? tp->base_lo[l] : 0;
    for (uint32_t b = 0; b < tp->q[a][l]; b++)
        if (v >> b & 1)
            acc ^= c[b];
    return acc + (v >> tp->m[a][l]) * (uint32_t)(a ? k->level_pitch[l] : k->tiled_sx[l]);
}

/* Bits of the values 0 .. ext - 1. */
static uint32_t bits_of(uint32_t ext)
{
    uint32_t n = 0;
    while (n < 32 && ext - 1 > ((1u << n) - 1u))
        n++;
    return n;
}

/* Chunks of 4 bits for n bits (at least one table). */
static uint32_t chunks(uint32_t n)
{
    return n ? (n + 3) / 4 : 1;
}

/* 1 when axis a of level l is affine over GF(2) on [0, ext) (its value at v the XOR of its value at 0
 * and of col[b] = G(2^b) ^ G(0) over v's bits, on every v); fills col[0 .. bits_of(ext)) and *g0. */
static int axis_affine(const fast_consts *k, int a, uint32_t l, uint32_t ext, uint32_t col[32], uint32_t *g0)
{
    const uint32_t nb = bits_of(ext);
    *g0 = kernel_axis(k, a, l, 0);
    for (uint32_t b = 0; b < nb; b++)
        col[b] = kernel_axis(k, a, l, 1u << b) ^ *g0;
    if (nb > TILED_BITS)
        return 0;
    for (uint32_t v = 0; v < ext; v++) {
        uint32_t x = *g0;
        for (uint32_t b = 0; b < nb; b++)
            if (v >> b & 1)
                x ^= col[b];
        if (x != kernel_axis(k, a, l, v))
            return 0;
    }
    return 1;
}

/* Entries 0 .. reach - 1 of chunk n's table of a level of extent ext: those some v < ext looks up. */
static uint32_t chunk_reach(uint32_t ext, uint32_t n)
{
    return ext > (16u << 4 * n) ? 16u : ((ext - 1) >> 4 * n) + 1u;
}

/* Level l's table of chunk n of axis a in pre (fast.h fast_tiled_pre). */
static int32_t *pre_table(fast_tiled_pre *pre, uint32_t l, int a, uint32_t n)
{
    return pre->chb + pre->pad + ((l * 2 + (uint32_t)a) * TILED_CH + n) * 16;
}

/* fast.h fast_tiled_pre shared tables: per axis and chunk, levels grouped from level 0 up while each
 * agrees with the group on every entry both reach; every level of a group gets the group's table
 * (its own entries, and the others' where it reaches none); gstart marks where groups begin. */
static void share_tables(const fast_consts *k, fast_tiled_pre *pre, uint32_t levels)
{
    for (int a = 0; a < 2; a++)
        for (uint32_t n = 0; n < TILED_CH; n++) {
            uint32_t start = 0, have = 0; /* the group [start, l); have: the entries it reaches */
            int32_t merged[16];
            pre->gstart[a][n] = 1;
            for (uint32_t l = 0; l <= levels; l++) {
                const int32_t *t = l < levels ? pre_table(pre, l, a, n) : NULL;
                const uint32_t reach = l < levels ? chunk_reach((uint32_t)(a ? k->level_h[l] : k->level_w[l]), n) : 0;
                int fits = l < levels;
                for (uint32_t c = 0; fits && c < reach; c++)
                    if (have >> c & 1 && merged[c] != t[c])
                        fits = 0;
                if (!fits) { /* the group's levels take its table */
                    for (uint32_t m = start; m < l; m++) {
                        int32_t *u = pre_table(pre, m, a, n);
                        for (uint32_t c = 0; c < 16; c++)
                            if (have >> c & 1)
                                u[c] = merged[c];
                    }
                    start = l, have = 0;
                    if (l < levels)
                        pre->gstart[a][n] |= (uint16_t)(1u << l);
                }
                for (uint32_t c = 0; c < reach; c++)
                    merged[c] = t[c], have |= 1u << c;
            }
        }
}

void tmu_fast_tiled_prepare(const fast_consts *k, fast_tiled_pre *pre)
{
    const fast_tiled *tp = &k->tp;
    pre->levels = 0;
    if (!k->tiled || tp->used < 2)
        return;
    const uint32_t levels = tp->used;
    tiled_expand(k, levels, &pre->rt);
    memset(pre->chb, 0, sizeof pre->chb);
    pre->pad = (uint32_t)((64 - (uintptr_t)pre->chb % 64) % 64 / sizeof(int32_t));
    memset(pre->tm, 0, sizeof pre->tm);
    memset(pre->ts, 0, sizeof pre->ts);
    pre->disjoint = 1;
    for (int a = 0; a < 2; a++) {
        /* the tails folded into the tables of an axis's affine levels where that costs no chunk over
         * the columns' own (e.g. the PS4's 1D thin tiles: 3 bits of columns, the rest a tail) */
        uint32_t nfold = 1, ncol = 1, col[32], g0;
        int affine[TMU_MAX_LEVELS];
        for (uint32_t l = 0; l < levels; l++) {
            const uint32_t ext = (uint32_t)(a ? k->level_h[l] : k->level_w[l]);
            affine[l] = axis_affine(k, a, l, ext, col, &g0);
            uint32_t nf = chunks(affine[l] ? bits_of(ext) : tp->q[a][l]), nc = chunks(tp->q[a][l]);
            nfold = nf > nfold ? nf : nfold, ncol = nc > ncol ? nc : ncol;
        }
        const int fold = nfold <= ncol;
        pre->nch[a] = fold ? nfold : ncol;
        pre->tail[a] = 0;
        for (uint32_t l = 0; l < levels; l++) {
            const uint32_t ext = (uint32_t)(a ? k->level_h[l] : k->level_w[l]);
            uint32_t q;
            if (fold && affine[l]) {
                axis_affine(k, a, l, ext, col, &g0);
                q = bits_of(ext); /* the tail in the tables: ts = 0 */
            } else {
                const uint16_t *c = tp->col + tp->off[a][l];
                q = tp->q[a][l];
                g0 = a ? tp->base_lo[l] : 0;
                for (uint32_t b = 0; b < q; b++)
                    col[b] = c[b];
                pre->tm[a][l] = tp->m[a][l];
                pre->ts[a][l] = a ? k->level_pitch[l] : k->tiled_sx[l];
                if (pre->ts[a][l] != 0 && (ext - 1) >> tp->m[a][l] != 0)
                    pre->tail[a] |= 1u << l;
            }
            for (uint32_t i = 0; i < chunks(q); i++) {
                int32_t *t = pre_table(pre, l, a, i);
                t[0] = i == 0 ? (int32_t)g0 : 0;
                for (uint32_t b = 0; b < 4; b++) {
                    int32_t cb = 4 * i + b < q ? (int32_t)col[4 * i + b] : 0;
                    for (uint32_t v = 0; v < 1u << b; v++)
                        t[v + (1u << b)] = t[v] ^ cb;
                }
            }
        }
    }
    share_tables(k, pre, levels);
    /* the high parts of the two axes never share a bit on any level: the index is Gx ^ Gy */
    for (uint32_t l = 0; l < levels; l++) {
        uint32_t orv[2] = {0, 0};
        for (int a = 0; a < 2; a++) {
            const uint32_t ext = (uint32_t)(a ? k->level_h[l] : k->level_w[l]);
            for (uint32_t v = 0; v < ext; v++)
                orv[a] |= kernel_axis(k, a, l, v);
        }
        if (orv[0] & orv[1] & (uint32_t)pre->rt.nmask[l])
            pre->disjoint = 0;
    }
    pre->levels = levels;
}
