/* C helpers of the tmu Python extension: loops that would cost per-element Python time.
 *
 * tmupy_execute runs one tmu_op over `count` lanes of arbitrary length: it cuts them into waves
 * of TMU_MAX_LANES, points the texture unit straight at contiguous NumPy data (stride = element
 * size), gathers strided or broadcast inputs (stride != element size, 0 = one value for all
 * lanes) into a wave buffer, and scatters outputs the same way.  Every stream is described by a
 * base pointer and a byte stride; the Python side guarantees that each one holds `count`
 * elements.  No allocation; the wave buffers live on the stack (about 20 KiB). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tmu/tmu.h"

#include "_helpers.h"

#define W TMU_MAX_LANES

/* The wave_in pointer that stream `i` feeds. */
static const void **in_slot(tmu_wave_in *in, int i)
{
    if (i < TMUPY_IN_ICOORD)
        return (const void **)&in->coord[i - TMUPY_IN_COORD];
    if (i < TMUPY_IN_LAYER)
        return (const void **)&in->icoord[i - TMUPY_IN_ICOORD];
    switch (i) {
    case TMUPY_IN_LAYER: return (const void **)&in->layer;
    case TMUPY_IN_LAYER_F: return (const void **)&in->layer_f;
    case TMUPY_IN_SAMPLE: return (const void **)&in->sample;
    case TMUPY_IN_LOD: return (const void **)&in->lod;
    case TMUPY_IN_ILOD: return (const void **)&in->ilod;
    case TMUPY_IN_MIN_LOD: return (const void **)&in->min_lod;
    case TMUPY_IN_REF: return (const void **)&in->ref;
    default: break;
    }
    if (i < TMUPY_IN_GRAD_Y)
        return (const void **)&in->grad_x[i - TMUPY_IN_GRAD_X];
    if (i < TMUPY_IN_OFFSET)
        return (const void **)&in->grad_y[i - TMUPY_IN_GRAD_Y];
    if (i < TMUPY_IN_REF)
        return (const void **)&in->offset[i - TMUPY_IN_OFFSET];
    int g = i - TMUPY_IN_GATHER_OFFSET;
    return (const void **)&in->gather_offset[g / 2][g % 2];
}

/* 4-byte elements at a constant stride of STRIDE bytes from a 4-aligned base: typed and
 * restrict-qualified so that the compiler turns the loop into vector shuffles (the coordinates of
 * an (N, 2), (N, 3) or (N, 4) float32 array). */
#define GATHER4(STRIDE)                                                                            \
    static void gather4_##STRIDE(uint32_t *restrict d, const uint32_t *restrict p, uint32_t lanes) \
    {                                                                                              \
        for (uint32_t k = 0; k < lanes; k++)                                                       \
            d[k] = p[(size_t)(STRIDE) / 4 * k];                                                    \
    }
GATHER4(8)
GATHER4(12)
GATHER4(16)

/* The two coordinates of an (N, 2) float32 array, de-interleaved in one pass (loads and shuffles;
 * a size_t index, so that 2k cannot wrap and the compiler need not emulate gathers). */
static void split2(uint32_t *restrict a, uint32_t *restrict b, const uint32_t *restrict p, size_t lanes)
{
    for (size_t k = 0; k < lanes; k++) {
        a[k] = p[2 * k];
        b[k] = p[2 * k + 1];
    }
}

/* Copies `lanes` elements of `size` bytes from a strided stream into a packed buffer. */
static void gather(void *dst, const tmupy_stream *s, uint64_t first, uint32_t lanes, size_t size)
{
    const char *p = (const char *)s->ptr + (int64_t)first * s->stride;
    char *d = dst;
    int aligned = size == 4 && ((uintptr_t)p & 3) == 0;
    if (aligned && s->stride == 8)
        gather4_8(dst, (const uint32_t *)(const void *)p, lanes);
    else if (aligned && s->stride == 12)
        gather4_12(dst, (const uint32_t *)(const void *)p, lanes);
    else if (aligned && s->stride == 16)
        gather4_16(dst, (const uint32_t *)(const void *)p, lanes);
    else if (size == 4)
        for (uint32_t k = 0; k < lanes; k++, p += s->stride)
            memcpy(d + 4 * k, p, 4);
    else
        for (uint32_t k = 0; k < lanes; k++, p += s->stride)
            d[k] = *p;
}

/* Asks for the memory of the next wave of a strided input while this wave executes (the gather
 * loop would otherwise wait for each cache line; contiguous inputs are read by the unit itself,
 * whose work hides the latency). */
static void prefetch_next(const tmupy_stream *s, uint64_t next, uint64_t count)
{
#if defined(__GNUC__)
    if (next >= count || s->stride <= 0)
        return;
    uint64_t lanes = count - next < W ? count - next : W;
    const char *p = (const char *)s->ptr + (int64_t)next * s->stride;
    for (uint64_t off = 0; off < lanes * (uint64_t)s->stride; off += 64)
        __builtin_prefetch(p + off);
#else
    (void)s, (void)next, (void)count;
#endif
}

static void scatter(const tmupy_stream *s, const void *src, uint64_t first, uint32_t lanes, size_t size)
{
    char *p = (char *)s->ptr + (int64_t)first * s->stride;
    const char *q = src;
    if (size == 4)
        for (uint32_t k = 0; k < lanes; k++, p += s->stride)
            memcpy(p, q + 4 * k, 4);
    else
        for (uint32_t k = 0; k < lanes; k++, p += s->stride)
            *p = q[k];
}

tmu_status tmupy_execute(const tmu_texture *tex, const tmu_sampler *smp, const tmu_op *op, uint64_t count,
                         const tmupy_batch *batch, unsigned flags, uint64_t *failed_at, tmu_diag *diag)
{
    if (failed_at)
        *failed_at = 0;
    if (!tex || !smp || !op || !batch)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "execute: NULL argument");
    uint32_t inbuf[TMUPY_IN_COUNT][W];
    uint32_t outbuf[4][W], lodbuf[W], scratch[2][W];
    uint8_t resbuf[W], magbuf[W];
    tmu_wave_in in;
    tmu_wave_out out;
    memset(&in, 0, sizeof in);
    memset(&out, 0, sizeof out);
    /* broadcast inputs: one value copied to every lane once */
    for (int i = 0; i < TMUPY_IN_COUNT; i++) {
        const tmupy_stream *s = &batch->input[i];
        if (s->ptr && s->stride == 0) {
            for (int k = 0; k < W; k++)
                memcpy(&inbuf[i][k], s->ptr, 4);
            *in_slot(&in, i) = inbuf[i];
        }
    }
    /* coordinates 0 and 1 interleaved in one array (an (N, 2) float32 array): split in one pass */
    const tmupy_stream *c0 = &batch->input[TMUPY_IN_COORD], *c1 = &batch->input[TMUPY_IN_COORD + 1];
    int pair = c0->ptr && c0->stride == 8 && c1->ptr == (const void *)((const char *)c0->ptr + 4) &&
               c1->stride == 8 && ((uintptr_t)c0->ptr & 3) == 0;
    /* the other per-lane inputs, listed once (a wave then touches only the streams a call uses) */
    int live[TMUPY_IN_COUNT], nlive = 0;
    const void **slot[TMUPY_IN_COUNT];
    for (int i = pair ? TMUPY_IN_COORD + 2 : 0; i < TMUPY_IN_COUNT; i++)
        if (batch->input[i].ptr && batch->input[i].stride != 0)
            slot[nlive] = in_slot(&in, i), live[nlive++] = i;
    if (pair) {
        in.coord[0] = inbuf[TMUPY_IN_COORD];
        in.coord[1] = inbuf[TMUPY_IN_COORD + 1];
    }
    tmu_status st = TMU_OK;
    uint64_t first = 0;
    do { /* at least once, so that an empty call is validated too */
        uint32_t lanes = count - first < W ? (uint32_t)(count - first) : W;
        if (pair) {
            split2(inbuf[TMUPY_IN_COORD], inbuf[TMUPY_IN_COORD + 1],
                   (const uint32_t *)(const void *)((const char *)c0->ptr + (int64_t)first * 8), lanes);
            prefetch_next(c0, first + W, count);
        }
        for (int j = 0; j < nlive; j++) {
            int i = live[j];
            const tmupy_stream *s = &batch->input[i];
            if (s->stride == 4) {
                *slot[j] = (const char *)s->ptr + (int64_t)first * 4;
            } else {
                gather(inbuf[i], s, first, lanes, 4);
                *slot[j] = inbuf[i];
                prefetch_next(s, first + W, count);
            }
        }
        for (int c = 0; c < 4; c++) {
            const tmupy_stream *s = &batch->data[c];
            if (!s->ptr) {
                out.data[c] = scratch[c & 1];
            } else if (s->stride == 4) {
                out.data[c] = (uint32_t *)((char *)s->ptr + (int64_t)first * 4);
            } else {
                gather(outbuf[c], s, first, lanes, 4); /* lanes outside the mask keep their value */
                out.data[c] = outbuf[c];
            }
        }
        out.resident = NULL;
        if (batch->resident.ptr) {
            if (batch->resident.stride == 1) {
                out.resident = (uint8_t *)batch->resident.ptr + first;
            } else {
                gather(resbuf, &batch->resident, first, lanes, 1);
                out.resident = resbuf;
            }
        }
        out.lod = NULL;
        if (batch->lod.ptr) {
            if (batch->lod.stride == 4) {
                out.lod = (float *)((char *)batch->lod.ptr + (int64_t)first * 4);
            } else {
                gather(lodbuf, &batch->lod, first, lanes, 4);
                out.lod = (float *)lodbuf;
            }
        }
        out.magnified = NULL;
        if (batch->magnified.ptr) {
            if (batch->magnified.stride == 1) {
                out.magnified = (uint8_t *)batch->magnified.ptr + first;
            } else {
                gather(magbuf, &batch->magnified, first, lanes, 1);
                out.magnified = magbuf;
            }
        }
        uint64_t exec[2] = {0, 0};
        const uint64_t *execp = NULL;
        if (batch->mask.ptr) {
            const char *m = (const char *)batch->mask.ptr + (int64_t)first * batch->mask.stride;
            for (uint32_t k = 0; k < lanes; k++, m += batch->mask.stride)
                if (*m)
                    exec[k >> 6] |= 1ull << (k & 63);
            execp = exec;
        }
        if (first == 0 && (flags & TMUPY_FAST_ONLY)) {
            /* path='fast': the call must run on a fast path (the same check a plan makes) */
            tmu_unit_plan plan;
            flags &= ~TMUPY_FAST_ONLY;
            st = tmu_unit_plan_init(&plan, tex, smp, op, lanes, &in, &out, flags, diag);
            if (st == TMU_OK && !tmu_unit_plan_fast(&plan)) {
                if (failed_at)
                    *failed_at = 0;
                tmu_diag_clear(diag);
                if (diag) {
                    diag->status = TMU_ERR_UNSUPPORTED;
                    snprintf(diag->message, sizeof diag->message,
                             "path='fast': this call runs on the general path (fast paths: 2D "
                             "r8g8b8a8_unorm or r32g32b32a32_float, repeat on power-of-two sizes or "
                             "clamp_to_edge, equal mag/min filters; tmu_unit_plan_fast)");
                }
                return TMU_ERR_UNSUPPORTED;
            }
            if (st != TMU_OK)
                return st;
        }
        st = tmu_unit_execute_ex(tex, smp, op, lanes, execp, &in, &out, flags, diag);
        if (st != TMU_OK) {
            if (failed_at)
                *failed_at = first;
            return st;
        }
        for (int c = 0; c < 4; c++)
            if (batch->data[c].ptr && batch->data[c].stride != 4)
                scatter(&batch->data[c], outbuf[c], first, lanes, 4);
        if (batch->resident.ptr && batch->resident.stride != 1)
            scatter(&batch->resident, resbuf, first, lanes, 1);
        if (batch->lod.ptr && batch->lod.stride != 4)
            scatter(&batch->lod, lodbuf, first, lanes, 4);
        if (batch->magnified.ptr && batch->magnified.stride != 1)
            scatter(&batch->magnified, magbuf, first, lanes, 1);
        first += W;
    } while (first < count);
    return st;
}

tmu_status tmupy_decode_many(tmu_format format, const uint8_t *src, uint64_t count, tmu_texel *out, tmu_diag *diag)
{
    const tmu_format_info *fi = tmu_format_get(format);
    if (!fi)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "decode: format %d is not a tmu_format",
                            (int)format);
    for (uint64_t i = 0; i < count; i++) {
        tmu_status st = tmu_format_decode(format, src + i * fi->bytes, &out[i]);
        if (st != TMU_OK)
            return tmu_diag_set(diag, st, 0, 0, (int64_t)(i * fi->bytes), "decode: texel %llu refused",
                                (unsigned long long)i);
    }
    tmu_diag_clear(diag);
    return TMU_OK;
}

tmu_status tmupy_encode_many(tmu_format format, const tmu_texel *in, uint64_t count, uint8_t *dst, tmu_diag *diag)
{
    const tmu_format_info *fi = tmu_format_get(format);
    if (!fi)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "encode: format %d is not a tmu_format",
                            (int)format);
    for (uint64_t i = 0; i < count; i++) {
        tmu_status st = tmu_format_encode(format, &in[i], dst + i * fi->bytes);
        if (st != TMU_OK)
            return tmu_diag_set(diag, st, 0, 0, (int64_t)i, "encode: texel %llu refused", (unsigned long long)i);
    }
    tmu_diag_clear(diag);
    return TMU_OK;
}

/* tmu_ptx_module_check collecting the problems into an array (no Python callback needed). */
typedef struct collect {
    tmu_diag *out;
    size_t max, n;
} collect;

static void collect_problem(void *user, const tmu_diag *problem)
{
    collect *c = user;
    if (c->n < c->max)
        c->out[c->n] = *problem;
    c->n++;
}

size_t tmupy_ptx_module_check(const tmu_ptx_module *module, const tmu_ptx_check_options *options, tmu_diag *out,
                              size_t max)
{
    collect c = {out, out ? max : 0, 0};
    return tmu_ptx_module_check(module, options, collect_problem, &c);
}

tmu_status tmupy_png_unfilter(const uint8_t *src, uint64_t rows, uint64_t rowbytes, uint32_t bpp, uint8_t *dst,
                              tmu_diag *diag)
{
    tmu_diag_clear(diag);
    for (uint64_t y = 0; y < rows; y++) {
        const uint8_t *in = src + y * (rowbytes + 1) + 1;
        uint8_t *out = dst + y * rowbytes;
        const uint8_t *up = y ? out - rowbytes : NULL; /* the row above, unfiltered; none: zeros */
        unsigned type = in[-1];
        for (uint64_t i = 0; i < rowbytes; i++) {
            unsigned a = i >= bpp ? out[i - bpp] : 0, b = up ? up[i] : 0, c = up && i >= bpp ? up[i - bpp] : 0;
            unsigned pred;
            switch (type) {
            case 0: pred = 0; break;
            case 1: pred = a; break;
            case 2: pred = b; break;
            case 3: pred = (a + b) >> 1; break;
            case 4: {
                int p = (int)a + (int)b - (int)c, pa = p > (int)a ? p - (int)a : (int)a - p;
                int pb = p > (int)b ? p - (int)b : (int)b - p, pc = p > (int)c ? p - (int)c : (int)c - p;
                pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
                break;
            }
            default:
                if (diag) {
                    diag->status = TMU_ERR_PARSE;
                    diag->line = (uint32_t)(y + 1 > UINT32_MAX ? UINT32_MAX : y + 1);
                    snprintf(diag->message, sizeof diag->message, "row %llu: unknown PNG filter type %u",
                             (unsigned long long)y, type);
                }
                return TMU_ERR_PARSE;
            }
            out[i] = (uint8_t)(in[i] + pred);
        }
    }
    return TMU_OK;
}
