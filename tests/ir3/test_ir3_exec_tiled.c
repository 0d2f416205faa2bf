/* Raw TILE6_3 texture descriptors in the ir3 executor (issue 26): for every Adreno layout preset
 * (a610 a630 a660 a730 a750), many formats and 2D / 2D array / 3D / cube / cube array /
 * multisample shapes with mip chains, a random linear texture is retiled into the surface Mesa's
 * fdl6_layout lays out (tmu_surface_init_adreno + tmu_surface_retile), a descriptor is written as
 * Mesa's fdl6_view_init writes it, and sam / saml / gather4r-a / isaml / isamm / getsize /
 * getinfo through that raw descriptor must give registers bit-identical to the same instruction
 * on the linear texture registered as a tmu_texture (the texture unit reading linear memory: the
 * expected values never pass through the tiled path).  Then the refusals, each naming its field,
 * and the per-generation default presets.  TMU_TEST_LONG=1 repeats the sweep with 8 seeds. */
#include <math.h>

#include "exec_util.h"
#include "tmu/format.h"
#include "tmu/layout.h"
#include "tmu/texture.h"

/* ---- formats: the tmu format and the FMT6 / SWAP / SRGB a descriptor reads it with --------- */

typedef struct fcase {
    tmu_format format;
    uint8_t fmt6, swap, srgb;
} fcase;

static const fcase fcases[] = {
    {TMU_FORMAT_R8G8B8A8_UNORM, 0x30, 0, 0},
    {TMU_FORMAT_B8G8R8A8_UNORM, 0x30, 1, 0},
    {TMU_FORMAT_R8G8B8A8_SRGB, 0x30, 0, 1},
    {TMU_FORMAT_R8_UNORM, 0x03, 0, 0},
    {TMU_FORMAT_R8G8_UNORM, 0x0f, 0, 0},
    {TMU_FORMAT_R8G8_SNORM, 0x10, 0, 0},
    {TMU_FORMAT_R16_FLOAT, 0x17, 0, 0},
    {TMU_FORMAT_R16G16_UNORM, 0x43, 0, 0},
    {TMU_FORMAT_R32_FLOAT, 0x4a, 0, 0},
    {TMU_FORMAT_R32G32_FLOAT, 0x67, 0, 0},
    {TMU_FORMAT_R16G16B16A16_FLOAT, 0x62, 0, 0},
    {TMU_FORMAT_R32G32B32A32_FLOAT, 0x82, 0, 0},
    {TMU_FORMAT_R32_UINT, 0x4b, 0, 0},
    {TMU_FORMAT_R8G8B8A8_SINT, 0x34, 0, 0},
    {TMU_FORMAT_R32G32B32A32_UINT, 0x83, 0, 0},
    {TMU_FORMAT_B5G6R5_UNORM_PACK16, 0x0e, 0, 0},
    {TMU_FORMAT_A2B10G10R10_UNORM_PACK32, 0x36, 0, 0},
    {TMU_FORMAT_X8_D24_UNORM_PACK32, 0xa0, 0, 0},
    /* the formats issue 26 added */
    {TMU_FORMAT_A8_UNORM, 0x02, 0, 0},
    {TMU_FORMAT_L8A8_UNORM, 0x13, 0, 0},
    {TMU_FORMAT_R8G8B8X8_UNORM, 0x31, 0, 0},
    {TMU_FORMAT_B8G8R8X8_SRGB, 0x31, 1, 1},
    {TMU_FORMAT_R32_SFIXED, 0x4d, 0, 0},
};
#define NFMT (sizeof fcases / sizeof fcases[0])

enum { S_2D, S_2DA, S_3D, S_CUBE, S_CUBEA, S_MS, S_COUNT };
static const char *const shape_names[S_COUNT] = {"2d",   "2d_array",   "3d",
                                                 "cube", "cube_array", "2d_ms"};

/* ---- one surface: the linear texture, its tiled copy and the descriptor ------------------------
 */

#define GPU_BASE UINT64_C(0x7f0000100000)

static unsigned mixed_levels; /* surfaces whose last level fdl6_layout keeps linear */

typedef struct surf_case {
    const tmu_adreno_gpu *gpu;
    const fcase *fc;
    int shape;
    uint32_t w, h, d, layers, levels, samples, tile_all, is_mutable;
    /* built */
    tmu_surface surf;
    tmu_texture lin;
    uint8_t *lmem, *tmem;
    size_t lsize;
    uint32_t desc[16];
    tmu_ir3_memory mem;
} surf_case;

static int is_int_format(tmu_format f)
{
    const tmu_format_info *fi = tmu_format_get(f);
    return fi->numeric == TMU_NUMERIC_UINT || fi->numeric == TMU_NUMERIC_SINT;
}

static uint32_t log2_u(uint32_t v)
{
    uint32_t l = 0;
    while ((1u << l) < v)
        l++;
    return l;
}

/* The adreno description the executor must derive from the descriptor (ir3_exec.h). */
static void adreno_desc(const surf_case *c, tmu_adreno_surface_desc *a)
{
    const tmu_format_info *fi = tmu_format_get(c->fc->format);
    memset(a, 0, sizeof *a);
    a->block_bytes = fi->bytes;
    a->block_w = a->block_h = 1;
    a->width = c->w;
    a->height = c->h;
    a->depth = c->shape == S_3D ? c->d : 1;
    a->layers = c->shape == S_3D ? 1 : c->layers;
    a->levels = c->levels;
    a->samples = c->samples;
    a->is_3d = c->shape == S_3D;
    a->tile_mode = TMU_TILE6_3;
    a->is_mutable = c->is_mutable;
    if (fi->channels == 2 && fi->bytes == 2)
        a->format_flags |= TMU_ADRENO_FMT_TWO_COMPONENTS;
    if (fi->is_depth || c->w < 16)
        a->format_flags |= TMU_ADRENO_FMT_DEPTH_STENCIL;
    if (c->tile_all)
        a->format_flags |= TMU_ADRENO_TILE_ALL;
}

static tmu_dim linear_dim(const surf_case *c)
{
    switch (c->shape) {
    case S_2D:
    case S_2DA:
        return c->layers > 1 ? TMU_DIM_2D_ARRAY : TMU_DIM_2D;
    case S_3D:
        return TMU_DIM_3D;
    case S_CUBE:
    case S_CUBEA:
        return c->layers > 6 ? TMU_DIM_CUBE_ARRAY : TMU_DIM_CUBE;
    default:
        return TMU_DIM_2D_MS;
    }
}

/* The descriptor fdl6_view_init writes for the whole image (base level 0, base layer 0). */
static void write_desc(surf_case *c)
{
    tmu_adreno_layout_info info;
    assert_int_equal(tmu_surface_adreno_info(&c->surf, &info), TMU_OK);
    const tmu_surface_level *l0 = &c->surf.level[0];
    uint32_t type = c->shape == S_3D ? 3u : (c->shape == S_CUBE || c->shape == S_CUBEA) ? 2u : 1u;
    uint32_t depth = c->shape == S_3D                              ? c->d
                     : (c->shape == S_CUBE || c->shape == S_CUBEA) ? c->layers / 6
                                                                   : c->layers;
    uint32_t *dw = c->desc;
    memset(dw, 0, 16 * sizeof *dw);
    dw[0] = l0->adreno_tile_mode | (uint32_t)c->fc->srgb << 2 | (0u << 4) | (1u << 7) | (2u << 10) |
            (3u << 13) | (c->levels - 1) << 16 | log2_u(c->samples) << 20 |
            (uint32_t)c->fc->fmt6 << 22 | (uint32_t)c->fc->swap << 30;
    dw[1] = c->w | c->h << 15 | (c->is_mutable && c->gpu->gen >= 7 ? 1u << 31 : 0); /* MUTABLEEN */
    dw[2] = (info.pitchalign - 6) | l0->row_pitch << 7 | type << 29;
    dw[3] = (uint32_t)(l0->layer_stride >> 12) | info.tile_all << 27;
    if (c->shape == S_3D)
        dw[3] |= (uint32_t)((c->surf.level[c->levels - 1].slice_size >> 12) & 15u) << 23;
    dw[4] = (uint32_t)GPU_BASE;
    dw[5] = (uint32_t)(GPU_BASE >> 32) | depth << 17;
}

/* Builds everything; 0 when the layout refuses the description (then the descriptor must be
 * refused too: checked by the caller). */
static int build(surf_case *c, uint64_t *seed)
{
    tmu_adreno_surface_desc a;
    adreno_desc(c, &a);
    tmu_diag d;
    if (tmu_surface_init_adreno(&c->surf, c->gpu, &a, &d) != TMU_OK)
        fail_msg("%s %s %s %ux%u: layout refused: %s", c->gpu->name, shape_names[c->shape],
                 tmu_format_name(c->fc->format), c->w, c->h, d.message);
    write_desc(c);
    /* the linear-mipmap fallback: TILE6_3 images whose narrow levels fdl6_layout keeps linear */
    mixed_levels += c->surf.level[c->levels - 1].adreno_tile_mode == TMU_TILE6_LINEAR;
    tmu_dim dim = linear_dim(c);
    uint32_t depth = c->shape == S_3D ? c->d : 1, layers = c->shape == S_3D ? 1 : c->layers;
    c->lsize = tmu_texture_packed_size(dim, c->fc->format, c->w, c->h, depth, layers, c->levels,
                                       c->samples);
    assert_true(c->lsize > 0);
    c->lmem = malloc(c->lsize);
    c->tmem = malloc((size_t)c->surf.size);
    assert_non_null(c->lmem);
    assert_non_null(c->tmem);
    for (size_t i = 0; i < c->lsize; i++)
        c->lmem[i] = (uint8_t)xr_next(seed);
    memset(c->tmem, 0xa5, (size_t)c->surf.size);
    if (tmu_texture_init_packed(&c->lin, dim, c->fc->format, c->w, c->h, depth, layers, c->levels,
                                c->samples, c->lmem, c->lsize, &d) != TMU_OK)
        fail_msg("linear texture: %s", d.message);
    for (uint32_t l = 0; l < c->levels; l++) {
        if (!tmu_surface_level_addressable(&c->surf, l))
            return 0;
        const tmu_level *ll = &c->lin.level[l];
        uint32_t lw = tmu_level_size(c->w, l), lh = tmu_level_size(c->h, l);
        uint32_t slices = c->shape == S_3D ? tmu_level_size(c->d, l) : c->layers;
        for (uint32_t s = 0; s < slices; s++)
            for (uint32_t smp = 0; smp < c->samples; smp++) {
                tmu_surface_rect r = {l, 0, 0, s, smp, lw, lh};
                const uint8_t *src =
                    (const uint8_t *)ll->data + s * ll->slice_pitch + smp * ll->sample_pitch;
                if (tmu_surface_retile(&c->surf, &r, src, ll->row_pitch,
                                       c->lsize - (size_t)(src - c->lmem), c->tmem,
                                       (size_t)c->surf.size, &d) != TMU_OK)
                    fail_msg("retile: %s", d.message);
            }
    }
    c->mem.gpu_addr = GPU_BASE;
    c->mem.data = c->tmem;
    c->mem.size = (size_t)c->surf.size;
    return 1;
}

static void release(surf_case *c)
{
    free(c->lmem);
    free(c->tmem);
    c->lmem = c->tmem = NULL;
}

/* ---- running one instruction both ways
 * ----------------------------------------------------------- */

static float rnd_f(uint64_t *s, float lo, float hi)
{
    return lo + (hi - lo) * (float)xr_below(s, 1u << 20) / (float)(1u << 20);
}

static unsigned compared_regs, runs, refused_alike;

/* Bindings of one texture slot (`tex`) over the case's guest memory and, when `samp` is not
 * NULL, one sampler slot. */
static tmu_ir3_bindings tiled_bindings(const surf_case *c, const tmu_ir3_slot *tex,
                                       const tmu_ir3_slot *samp)
{
    tmu_ir3_bindings b;
    memset(&b, 0, sizeof b);
    b.tex = tex, b.num_tex = 1, b.memory = &c->mem, b.num_memory = 1;
    if (samp)
        b.samp = samp, b.num_samp = 1;
    return b;
}

/* Executes `text` on a copy of `w0` with the raw descriptor (A) and with the linear texture (B)
 * and requires the same status and, on success, identical waves. */
static void run_both(const surf_case *c, const tmu_ir3_wave *w0, tmu_ir3_wave *wa, tmu_ir3_wave *wb,
                     const tmu_sampler *smp, const char *text)
{
    tmu_ir3_slot ta = {NULL, NULL, c->desc}, tb = {&c->lin, NULL, NULL}, s = {NULL, smp, NULL};
    tmu_ir3_bindings ba = tiled_bindings(c, &ta, &s), bb = ba;
    bb.tex = &tb;
    bb.memory = NULL;
    bb.num_memory = 0;
    *wa = *w0;
    *wb = *w0;
    tmu_diag da, db;
    uint64_t word = asm_word(w0->gpu_id, text);
    tmu_status sa = tmu_ir3_execute(wa, &ba, word, NULL, &da);
    tmu_status sb = tmu_ir3_execute(wb, &bb, word, NULL, &db);
    runs++;
    if (sa != sb)
        fail_msg("%s %s %s %ux%ux%u L%u S%u '%s': tiled %s '%s', linear %s '%s'", c->gpu->name,
                 shape_names[c->shape], tmu_format_name(c->fc->format), c->w, c->h,
                 c->shape == S_3D ? c->d : c->layers, c->levels, c->samples, text,
                 tmu_status_str(sa), da.message, tmu_status_str(sb), db.message);
    if (sa != TMU_OK) {
        refused_alike++;
        return;
    }
    for (unsigned f = 0; f < w0->fibers; f++)
        for (unsigned r = 0; r < TMU_IR3_NUM_GPR; r++)
            if (wa->gpr[f][r] != wb->gpr[f][r])
                fail_msg("%s %s %s %ux%ux%u L%u S%u tile_all %u '%s': fiber %u r%u.%c: tiled "
                         "0x%08x, linear 0x%08x",
                         c->gpu->name, shape_names[c->shape], tmu_format_name(c->fc->format), c->w,
                         c->h, c->shape == S_3D ? c->d : c->layers, c->levels, c->samples,
                         c->tile_all, text, f, r / 4, "xyzw"[r % 4], wa -> gpr[f][r],
                         wb -> gpr[f][r]);
    assert_memory_equal(wa, wb, sizeof *wa);
    compared_regs += w0->fibers * 16;
}

/* Random operands for every fiber: coordinates from r0.x (floats, or integers for fetches), the
 * array index (or isamm's sample index) after them, LODs in r1.x (float) and r1.y (integer). */
static void fill_operands(const surf_case *c, tmu_ir3_wave *w, uint64_t *seed, int fetch)
{
    int cube = c->shape == S_CUBE || c->shape == S_CUBEA;
    int nc = c->shape == S_3D || cube ? 3 : 2;
    uint32_t ext[3] = {c->w, c->h, c->d};
    for (unsigned f = 0; f < w->fibers; f++) {
        for (int a = 0; a < nc; a++) {
            if (fetch)
                w->gpr[f][a] = (uint32_t)((int32_t)xr_below(seed, ext[a] + 2) - 1);
            else
                w->gpr[f][a] = fbits(cube ? rnd_f(seed, -1, 1) : rnd_f(seed, -0.25f, 1.25f));
        }
        uint32_t layers = cube ? c->layers / 6 : c->layers;
        if (c->shape == S_MS) /* isamm: x, y, then the sample index */
            w->gpr[f][nc] = xr_below(seed, c->samples + 1);
        else if (fetch)
            w->gpr[f][nc] = (uint32_t)((int32_t)xr_below(seed, layers + 2) - 1);
        else
            w->gpr[f][nc] = fbits(rnd_f(seed, -0.5f, (float)layers + 0.5f));
        w->gpr[f][4] = fbits(rnd_f(seed, -1.0f, (float)c->levels + 0.5f));
        w->gpr[f][5] = (uint32_t)((int32_t)xr_below(seed, c->levels + 2) - 1);
    }
}

static void random_sampler(tmu_sampler *s, uint64_t *seed, int integer)
{
    *s = tmu_sampler_default();
    static const tmu_address modes[5] = {
        TMU_ADDRESS_REPEAT, TMU_ADDRESS_MIRRORED_REPEAT, TMU_ADDRESS_CLAMP_TO_EDGE,
        TMU_ADDRESS_MIRROR_CLAMP_TO_EDGE, TMU_ADDRESS_CLAMP_TO_BORDER};
    for (int a = 0; a < 3; a++)
        s->address[a] = modes[xr_below(seed, 5)];
    s->mag_filter = !integer && xr_below(seed, 2) ? TMU_FILTER_LINEAR : TMU_FILTER_NEAREST;
    s->min_filter = !integer && xr_below(seed, 2) ? TMU_FILTER_LINEAR : TMU_FILTER_NEAREST;
    s->mip_filter = integer ? TMU_MIP_NEAREST : (tmu_mip_filter)xr_below(seed, 3);
    for (int k = 0; k < 4; k++) {
        s->border_f[k] = rnd_f(seed, 0, 1);
        s->border_u[k] = (uint32_t)xr_next(seed);
    }
}

/* Every instruction the shape takes, each with fresh operands. */
static void run_case(surf_case *c, tmu_ir3_wave *w0, tmu_ir3_wave *wa, tmu_ir3_wave *wb,
                     uint64_t *seed)
{
    int integer = is_int_format(c->fc->format);
    const char *type = integer ? "u32" : "f32";
    int cube = c->shape == S_CUBE || c->shape == S_CUBEA;
    int arr = c->shape == S_2DA || c->shape == S_CUBEA;
    const char *fl = c->shape == S_3D ? ".3d" : cube ? (arr ? ".3d.a" : ".3d") : arr ? ".a" : "";
    /* the fetch form of the coordinates: x, y[, z] then the layer, read as integers */
    tmu_sampler smp;
    random_sampler(&smp, seed, integer);
    char text[128];
    if (c->shape == S_MS) {
        fill_operands(c, w0, seed, 1);
        run_both(c, w0, wa, wb, &smp, "isamm (u32)(xyzw)r2.x, r0.x, s#0, t#0");
    } else {
        fill_operands(c, w0, seed, 0);
        snprintf(text, sizeof text, "sam%s (%s)(xyzw)r2.x, r0.x, s#0, t#0", fl, type);
        run_both(c, w0, wa, wb, &smp, text);
        fill_operands(c, w0, seed, 0);
        snprintf(text, sizeof text, "saml%s (%s)(xyzw)r2.x, r0.x, r1.x, s#0, t#0", fl, type);
        run_both(c, w0, wa, wb, &smp, text);
        if (c->shape != S_3D) {
            fill_operands(c, w0, seed, 0);
            snprintf(text, sizeof text, "gather4%c%s (%s)(xyzw)r2.x, r0.x, s#0, t#0",
                     "rgba"[xr_below(seed, 4)], fl, type);
            run_both(c, w0, wa, wb, &smp, text);
        }
        if (!cube) {
            fill_operands(c, w0, seed, 1);
            snprintf(text, sizeof text, "isaml%s (%s)(xyzw)r2.x, r0.x, r1.y, s#0, t#0", fl, type);
            run_both(c, w0, wa, wb, &smp, text);
        }
    }
    fill_operands(c, w0, seed, 1);
    for (unsigned f = 0; f < w0->fibers; f++)
        w0->gpr[f][0] = w0->gpr[f][5]; /* getsize's LOD in r0.x */
    run_both(c, w0, wa, wb, &smp, "getsize (u32)(xyzw)r2.x, r0.x, t#0");
    const tmu_format_info *fi = tmu_format_get(c->fc->format);
    run_both(c, w0, wa, wb, &smp,
             fi->ir3_type != TMU_FORMAT_NO_CODE &&
                     fi->ir3_order[TMU_IR3_ORDER_A5XX] != TMU_FORMAT_NO_CODE
                 ? "getinfo (u32)(xyzw)r2.x, t#0"
                 : "getinfo (u32)(zw)r2.x, t#0");
}

/* A random extent for the shape (cubes square; multisample one level). */
static void random_extent(surf_case *c, uint64_t *seed)
{
    const tmu_format_info *fi = tmu_format_get(c->fc->format);
    c->w = 1 + xr_below(seed, xr_below(seed, 4) ? 90 : 15);
    c->h = 1 + xr_below(seed, 40);
    c->d = 1;
    c->layers = 1;
    c->samples = 1;
    switch (c->shape) {
    case S_2DA:
        c->layers = 1 + xr_below(seed, 4);
        break;
    case S_3D:
        c->d = 1 + xr_below(seed, 9);
        break;
    case S_CUBE:
        c->h = c->w;
        c->layers = 6;
        break;
    case S_CUBEA:
        c->h = c->w;
        c->layers = 6 * (1 + xr_below(seed, 2));
        break;
    case S_MS:
        do
            c->samples = 1u << (1 + xr_below(seed, 3));
        while (c->samples * fi->bytes > 16 && c->samples > 2);
        break;
    default:
        break;
    }
    uint32_t big = c->w > c->h ? c->w : c->h;
    if (c->shape == S_3D && c->d > big)
        big = c->d;
    uint32_t chain = 1;
    while (big >> chain)
        chain++;
    c->levels = c->samples > 1 ? 1 : 1 + xr_below(seed, chain);
    c->tile_all = c->w < 16 || fi->is_depth || xr_below(seed, 4) == 0;
}

static unsigned surfaces, too_wide;

static void sweep(uint64_t seed0)
{
    uint64_t seed = seed0;
    tmu_ir3_wave *w0 = new_wave(630, 64), *wa = new_wave(630, 64), *wb = new_wave(630, 64);
    surf_case *c = calloc(1, sizeof *c);
    assert_non_null(c);
    for (size_t g = 0; g < tmu_adreno_gpu_count(); g++) {
        const tmu_adreno_gpu *gpu = tmu_adreno_gpu_at(g);
        uint32_t id = gpu->gpu_id ? gpu->gpu_id : (gpu->chip_id == 0x07030001u ? 730u : 750u);
        tmu_ir3_wave_init(w0, id, 64, NULL);
        for (int shape = 0; shape < S_COUNT; shape++)
            for (size_t k = 0; k < NFMT; k++) {
                memset(c, 0, sizeof *c);
                c->gpu = gpu;
                c->fc = &fcases[k];
                c->shape = shape;
                random_extent(c, &seed);
                if (!build(c, &seed)) {
                    /* 32-byte pixels: the descriptor is refused by name, the linear one is not */
                    tmu_ir3_slot ta = {NULL, NULL, c->desc};
                    tmu_ir3_bindings b = tiled_bindings(c, &ta, NULL);
                    *wa = *w0;
                    exec_fails(wa, &b, "getinfo (u32)(zw)r2.x, t#0", TMU_ERR_UNSUPPORTED,
                               "-byte pixels");
                    too_wide++;
                    release(c);
                    continue;
                }
                surfaces++;
                run_case(c, w0, wa, wb, &seed);
                release(c);
            }
    }
    free(c);
    free(w0);
    free(wa);
    free(wb);
}

static void test_equal_to_linear(void **state)
{
    (void)state;
    const char *lng = getenv("TMU_TEST_LONG");
    unsigned seeds = lng && *lng && strcmp(lng, "0") ? 8 : 1;
    for (unsigned s = 0; s < seeds; s++)
        sweep(UINT64_C(0x26a6d1e5) + s * UINT64_C(0x9E3779B97F4A7C15));
    printf("%u surfaces on %zu presets (%u with linear small levels), %u instructions (%u refused "
           "alike), %u "
           "register words compared; %u 32-byte-pixel descriptors refused\n",
           surfaces, tmu_adreno_gpu_count(), mixed_levels, runs, refused_alike, compared_regs,
           too_wide);
    assert_true(mixed_levels > 20);
    assert_true(surfaces >= tmu_adreno_gpu_count() * (S_COUNT - 1) * NFMT);
    assert_true(runs > 5 * surfaces);
}

/* ---- refusals ----------------------------------------------------------------------------------
 */

/* A 64x32 r8g8b8a8_unorm 2D image of 3 layers on `gpu`, its descriptor and tiled memory. */
static void small_case(surf_case *c, const char *gpu, tmu_format f, uint64_t *seed)
{
    memset(c, 0, sizeof *c);
    c->gpu = tmu_adreno_gpu_find(gpu);
    assert_non_null(c->gpu);
    for (size_t k = 0; k < NFMT; k++)
        if (fcases[k].format == f)
            c->fc = &fcases[k];
    assert_non_null(c->fc);
    c->shape = S_2DA;
    c->w = 64, c->h = 32, c->d = 1, c->layers = 3, c->levels = 4, c->samples = 1;
    assert_int_equal(build(c, seed), 1);
}

/* The texture descriptor built from `dw` fails with `want` and a message containing `msg`. */
static void desc_fails(uint32_t gpu_id, const uint32_t dw[16], const tmu_ir3_memory *m,
                       const tmu_adreno_gpu *preset, tmu_status want, const char *msg)
{
    tmu_ir3_tdesc t;
    tmu_texture tex;
    tmu_surface *surf = malloc(sizeof *surf);
    assert_non_null(surf);
    tmu_diag d;
    assert_int_equal(tmu_ir3_tdesc_decode(gpu_id, dw, TMU_IR3_TDESC_AUTO, &t, &d), TMU_OK);
    tmu_status st = tmu_ir3_tdesc_to_texture_tiled(&t, preset, m, m ? 1 : 0, surf, &tex, &d);
    free(surf);
    if (st != want || !strstr(d.message, msg))
        fail_msg("got %s '%s', want %s '...%s...'", tmu_status_str(st), d.message,
                 tmu_status_str(want), msg);
}

static void test_refusals(void **state)
{
    (void)state;
    uint64_t seed = 7;
    surf_case *c = calloc(1, sizeof *c);
    assert_non_null(c);
    small_case(c, "a630", TMU_FORMAT_R8G8B8A8_UNORM, &seed);
    uint32_t dw[16];
    /* the descriptor as written is accepted, shape only and with memory */
    tmu_ir3_tdesc t;
    tmu_texture tex;
    tmu_surface surf;
    tmu_diag d;
    assert_int_equal(tmu_ir3_tdesc_decode(630, c->desc, TMU_IR3_TDESC_AUTO, &t, &d), TMU_OK);
    assert_int_equal(tmu_ir3_tdesc_to_texture_tiled(&t, NULL, NULL, 0, &surf, &tex, &d), TMU_OK);
    assert_null(tex.level[0].data);
    assert_int_equal(tmu_ir3_tdesc_to_texture_tiled(&t, NULL, &c->mem, 1, &surf, &tex, &d), TMU_OK);
    assert_ptr_equal(tex.level[2].data, c->tmem);
    assert_ptr_equal(tex.level[2].surface, &surf);
    assert_int_equal(tex.level[2].surface_level, 2);
    assert_int_equal(tmu_texture_validate(&tex, &d), TMU_OK);
    /* 64 x 4 bytes = 256 per row; 3 layers of 4 levels */
    assert_int_equal(c->desc[2] >> 7 & 0x3fffff, 256);

    /* UBWC: FLAG (with TILE6_3, as Mesa writes it) is refused by name */
    memcpy(dw, c->desc, sizeof dw);
    dw[3] |= 1u << 28;
    desc_fails(630, dw, &c->mem, NULL, TMU_ERR_UNSUPPORTED, "FLAG = 1 (UBWC compression)");
    /* TILE6_2: laid out by fdl6, but no element order is known */
    memcpy(dw, c->desc, sizeof dw);
    dw[0] = (dw[0] & ~3u) | 2u;
    desc_fails(630, dw, &c->mem, NULL, TMU_ERR_UNSUPPORTED,
               "TILE_MODE = 2 (TILE6_2): tmu knows no element order");
    dw[0] = (dw[0] & ~3u) | 1u;
    desc_fails(630, dw, &c->mem, NULL, TMU_ERR_UNSUPPORTED,
               "TILE_MODE = 1 is not in a6xx_tile_mode");
    /* fields that differ from fdl6_layout: each named with both values */
    memcpy(dw, c->desc, sizeof dw);
    dw[2] = (dw[2] & ~(0x3fffffu << 7)) | 512u << 7;
    desc_fails(630, dw, &c->mem, NULL, TMU_ERR_UNSUPPORTED,
               "not fdl6_layout's surface (a630, 64x32x3): PITCH 512 (layout 256)");
    memcpy(dw, c->desc, sizeof dw);
    dw[2] = (dw[2] & ~15u) | 3u;
    dw[3] += 1;
    desc_fails(630, dw, &c->mem, NULL, TMU_ERR_UNSUPPORTED, "PITCHALIGN 3 (layout 2), ARRAY_PITCH");
    /* the surface one byte short of the mapping */
    tmu_ir3_memory m = c->mem;
    m.size--;
    desc_fails(630, c->desc, &m, NULL, TMU_ERR_RANGE, "is not inside the mapped memory");
    m = c->mem;
    m.gpu_addr += 64;
    desc_fails(630, c->desc, &m, NULL, TMU_ERR_RANGE, "TILE6_3 surface at BASE 0x7f0000100000");
    /* presets: none for GPU 640; a preset of the other generation */
    desc_fails(640, c->desc, &c->mem, NULL, TMU_ERR_UNSUPPORTED,
               "GPU id 640 has no layout preset (presets: a610 a630 a660 a730 a750");
    desc_fails(630, c->desc, &c->mem, tmu_adreno_gpu_find("a730"), TMU_ERR_INVALID_ARGUMENT,
               "layout preset a730 is an a7xx");
    /* the linear entry point does not lay tiled descriptors out */
    assert_int_equal(tmu_ir3_tdesc_to_texture(&t, &c->mem, 1, &tex, &d), TMU_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.message, "tmu_ir3_tdesc_to_texture_tiled"));
    /* 3-byte texels are never tiled; a buffer is never tiled */
    memcpy(dw, c->desc, sizeof dw);
    dw[0] = (dw[0] & ~(0xffu << 22)) | 0x21u << 22;
    desc_fails(630, dw, &c->mem, NULL, TMU_ERR_UNSUPPORTED,
               "FMT FMT6_8_8_8_UNORM: 3-byte texels are not tiled");
    uint32_t buf[16] = {(0x30u << 22) | 3u,        16, 4u << 29, 0, (uint32_t)GPU_BASE,
                        (uint32_t)(GPU_BASE >> 32)};
    desc_fails(630, buf, &c->mem, NULL, TMU_ERR_UNSUPPORTED,
               "TILE_MODE = 3 (TILE6_3) with TYPE A6XX_TEX_BUFFER");
    /* more levels than the extent has: the layout's own refusal, with MIPLVLS named */
    memcpy(dw, c->desc, sizeof dw);
    dw[0] = (dw[0] & ~(15u << 16)) | 9u << 16;
    desc_fails(630, dw, &c->mem, NULL, TMU_ERR_INVALID_ARGUMENT,
               "TILE_MODE 3 (a630, MIPLVLS 9, SAMPLES 0): fdl6_layout: levels 10");
    /* depth: FMT Z24_UNORM_S8_UINT is tiled in every level (TILE_ALL 1) */
    surf_case *z = calloc(1, sizeof *z);
    assert_non_null(z);
    small_case(z, "a660", TMU_FORMAT_X8_D24_UNORM_PACK32, &seed);
    assert_int_equal(z->desc[3] >> 27 & 1, 1);
    memcpy(dw, z->desc, sizeof dw);
    dw[3] &= ~(1u << 27);
    desc_fails(660, dw, &z->mem, NULL, TMU_ERR_UNSUPPORTED, "TILE_ALL 0 (layout 1)");
    release(z);
    free(z);
    /* a 3D descriptor's MIN_LAYERSZ */
    surf_case *v = calloc(1, sizeof *v);
    assert_non_null(v);
    memset(v, 0, sizeof *v);
    v->gpu = tmu_adreno_gpu_find("a750");
    v->fc = &fcases[0];
    v->shape = S_3D;
    v->w = 40, v->h = 24, v->d = 5, v->layers = 1, v->levels = 3, v->samples = 1;
    assert_int_equal(build(v, &seed), 1);
    memcpy(dw, v->desc, sizeof dw);
    dw[3] ^= 1u << 23;
    desc_fails(750, dw, &v->mem, NULL, TMU_ERR_UNSUPPORTED, "MIN_LAYERSZ");
    release(v);
    free(v);
    /* 16-byte texels x 2 samples = 32-byte pixels: no known TILE6_3 element order */
    memset(c->desc, 0, sizeof c->desc);
    uint32_t ms[16] = {3u | (1u << 20) | (0x82u << 22) | (1u << 7) | (2u << 10) | (3u << 13),
                       32 | 32u << 15,
                       (1u << 29) | (1024u << 7) | 4u,
                       0,
                       (uint32_t)GPU_BASE,
                       (uint32_t)(GPU_BASE >> 32) | 1u << 17};
    desc_fails(630, ms, NULL, NULL, TMU_ERR_UNSUPPORTED, "SAMPLES 1: level 0 has 32-byte pixels");
    release(c);
    free(c);
}

/* "a6xx" / "a7xx" alone (GPU id 600 / 700) lay tiled descriptors out as a630 / a730 do; the
 * preset matters (a660's 8-channel macrotiles place the texels elsewhere than a630's). */
static void test_generation_defaults(void **state)
{
    (void)state;
    uint64_t seed = 11;
    tmu_diag d;
    assert_string_equal(tmu_ir3_layout_gpu(600, &d)->name, "a630");
    assert_string_equal(tmu_ir3_layout_gpu(700, &d)->name, "a730");
    assert_string_equal(tmu_ir3_layout_gpu(660, &d)->name, "a660");
    assert_null(tmu_ir3_layout_gpu(605, &d));
    assert_int_equal(d.status, TMU_ERR_UNSUPPORTED);
    assert_null(tmu_ir3_layout_gpu(800, &d));
    tmu_ir3_wave *w0 = new_wave(600, 64), *wa = new_wave(600, 64), *wb = new_wave(600, 64);
    static const char *const pairs[][2] = {{"a630", "a6xx"}, {"a730", "a7xx"}};
    for (int p = 0; p < 2; p++) {
        surf_case *c = calloc(1, sizeof *c);
        assert_non_null(c);
        small_case(c, pairs[p][0], TMU_FORMAT_R32_UINT, &seed);
        uint32_t gen_id;
        assert_int_equal(tmu_ir3_gpu_from_name(pairs[p][1], &gen_id), TMU_OK);
        tmu_ir3_wave_init(w0, gen_id, 64, NULL);
        fill_operands(c, w0, &seed, 1);
        tmu_sampler smp = tmu_sampler_default();
        run_both(c, w0, wa, wb, &smp, "isaml.a (u32)(xyzw)r2.x, r0.x, r1.y, s#0, t#0");
        release(c);
        free(c);
    }
    /* memory laid out for a660 read as "a6xx" (a630): some texel differs */
    surf_case *c = calloc(1, sizeof *c);
    assert_non_null(c);
    small_case(c, "a660", TMU_FORMAT_R32_UINT, &seed);
    tmu_ir3_wave_init(w0, 600, 64, NULL);
    fill_operands(c, w0, &seed, 1);
    for (unsigned f = 0; f < 64; f++) { /* level 0, layer 0, texels (f, f / 2) */
        w0->gpr[f][0] = f, w0->gpr[f][1] = f / 2, w0->gpr[f][2] = 0, w0->gpr[f][5] = 0;
    }
    tmu_ir3_slot ta = {NULL, NULL, c->desc}, tb = {&c->lin, NULL, NULL};
    tmu_ir3_bindings ba = tiled_bindings(c, &ta, NULL), bb = ba;
    bb.tex = &tb;
    *wa = *w0, *wb = *w0;
    exec_ok(wa, &ba, "isaml.a (u32)(x)r2.x, r0.x, r1.y, s#0, t#0", NULL);
    exec_ok(wb, &bb, "isaml.a (u32)(x)r2.x, r0.x, r1.y, s#0, t#0", NULL);
    unsigned differ = 0;
    for (unsigned f = 0; f < 64; f++)
        differ += wa->gpr[f][8] != wb->gpr[f][8];
    assert_true(differ > 0);
    /* the bindings' preset overrides the wave's: a660 gives the linear texels again */
    ba.layout_gpu = tmu_adreno_gpu_find("a660");
    *wa = *w0;
    exec_ok(wa, &ba, "isaml.a (u32)(x)r2.x, r0.x, r1.y, s#0, t#0", NULL);
    for (unsigned f = 0; f < 64; f++)
        assert_int_equal(wa->gpr[f][8], wb->gpr[f][8]);
    /* GPU 640: tiled descriptors are refused with the presets named; linear ones still run */
    tmu_ir3_wave_init(wa, 640, 64, NULL);
    ba.layout_gpu = NULL;
    exec_fails(wa, &ba, "getinfo (u32)(zw)r2.x, t#0", TMU_ERR_UNSUPPORTED,
               "texture descriptor t#0: GPU id 640 has no layout preset");
    release(c);
    free(c);
    free(w0);
    free(wa);
    free(wb);
}

/* The formats issue 26 added, through tiled descriptors, worked by hand: getinfo's channel
 * orders CLK_A (0), CLK_RGBx (7), CLK_sRGBx (16) and what a texel reads as. */
static void test_new_formats(void **state)
{
    (void)state;
    uint64_t seed = 3;
    static const struct {
        tmu_format f;
        uint32_t order; /* a5xx+ getinfo .y */
        uint8_t texel[4];
        float want[4];
    } cases[] = {
        {TMU_FORMAT_A8_UNORM, 0, {0x80}, {0.0f, 0.0f, 0.0f, 128 / 255.0f}},
        {TMU_FORMAT_R8G8B8X8_UNORM, 7, {0xff, 0x00, 0x33, 0x12}, {1.0f, 0.0f, 0.2f, 1.0f}},
        {TMU_FORMAT_L8A8_UNORM, 0xffffffffu, {0x33, 0xff}, {0.2f, 0.2f, 0.2f, 1.0f}},
        {TMU_FORMAT_R32_SFIXED, 1, {0x00, 0x80, 0xfe, 0xff}, {-1.5f, 0.0f, 0.0f, 1.0f}},
    };
    tmu_ir3_wave *w = new_wave(730, 64);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        surf_case *c = calloc(1, sizeof *c);
        assert_non_null(c);
        small_case(c, "a730", cases[i].f, &seed);
        size_t bytes = tmu_format_get(cases[i].f)->bytes;
        for (size_t o = 0; o + bytes <= (size_t)c->surf.size; o += bytes) /* every texel the same */
            memcpy(c->tmem + o, cases[i].texel, bytes);
        tmu_ir3_slot ta = {NULL, NULL, c->desc};
        tmu_sampler smp = tmu_sampler_default();
        smp.mag_filter = smp.min_filter = TMU_FILTER_NEAREST;
        tmu_ir3_slot s = {NULL, &smp, NULL};
        tmu_ir3_bindings b = tiled_bindings(c, &ta, &s);
        for (unsigned f = 0; f < 64; f++)
            w->gpr[f][0] = fbits(0.3f), w->gpr[f][1] = fbits(0.6f), w->gpr[f][2] = fbits(1.0f);
        exec_ok(w, &b, "sam.a (f32)(xyzw)r2.x, r0.x, s#0, t#0", NULL);
        for (int k = 0; k < 4; k++)
            assert_true(bitsf(w->gpr[5][8 + k]) == cases[i].want[k]);
        if (cases[i].order != 0xffffffffu) {
            exec_ok(w, &b, "getinfo (u32)(yzw)r3.x, t#0", NULL);
            assert_int_equal(w->gpr[9][13], cases[i].order);
            assert_int_equal(w->gpr[9][14], 4); /* levels */
            assert_int_equal(w->gpr[9][15], 1); /* samples */
        } else {
            exec_fails(w, &b, "getinfo (u32)(y)r3.x, t#0", TMU_ERR_UNSUPPORTED, "no channel order");
        }
        release(c);
        free(c);
    }
    /* sRGBx: 16 on a5xx+ (CLK_sRGBx) */
    surf_case *c = calloc(1, sizeof *c);
    assert_non_null(c);
    small_case(c, "a730", TMU_FORMAT_R8G8B8X8_UNORM, &seed);
    c->desc[0] |= 1u << 2; /* SRGB */
    tmu_ir3_slot ta = {NULL, NULL, c->desc};
    tmu_ir3_bindings b = tiled_bindings(c, &ta, NULL);
    exec_ok(w, &b, "getinfo (u32)(xy)r3.x, t#0", NULL);
    assert_int_equal(w->gpr[0][12], 2);  /* CLK_UNORM_INT8 */
    assert_int_equal(w->gpr[0][13], 16); /* CLK_sRGBx */
    release(c);
    free(c);
    free(w);
}

/* Mutable two-component 2-byte images: fdl6_layout aligns their rows to 256 bytes (PITCHALIGN 2)
 * instead of R8G8's 128; a7xx says so in MUTABLEEN, a6xx only through PITCHALIGN. */
static void test_mutable_r8g8(void **state)
{
    (void)state;
    uint64_t seed = 5;
    static const char *const gpus[] = {"a630", "a730"};
    tmu_ir3_wave *w0 = new_wave(630, 64), *wa = new_wave(630, 64), *wb = new_wave(630, 64);
    for (int g = 0; g < 2; g++)
        for (uint32_t mut = 0; mut < 2; mut++) {
            surf_case *c = calloc(1, sizeof *c);
            assert_non_null(c);
            c->gpu = tmu_adreno_gpu_find(gpus[g]);
            c->fc = &fcases[4]; /* r8g8_unorm */
            assert_int_equal(c->fc->format, TMU_FORMAT_R8G8_UNORM);
            c->shape = S_2DA;
            c->w = 72, c->h = 20, c->d = 1, c->layers = 2, c->levels = 3, c->samples = 1,
            c->is_mutable = mut;
            assert_int_equal(build(c, &seed), 1);
            /* 72 x 2 = 144 bytes: 256 aligned when mutable, 128 aligned (256) as R8G8 too;
             * PITCHALIGN says */
            assert_int_equal(c->desc[2] & 15u, mut ? 2u : 1u);
            tmu_ir3_wave_init(w0, g ? 730 : 630, 64, NULL);
            for (int k = 0; k < 4; k++) {
                fill_operands(c, w0, &seed, 1);
                tmu_sampler smp = tmu_sampler_default();
                run_both(c, w0, wa, wb, &smp, "isaml.a (f32)(xyzw)r2.x, r0.x, r1.y, s#0, t#0");
            }
            release(c);
            free(c);
        }
    free(w0);
    free(wa);
    free(wb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_equal_to_linear),     cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_generation_defaults), cmocka_unit_test(test_new_formats),
        cmocka_unit_test(test_mutable_r8g8),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
