/* libFuzzer target for the texture unit: the input chooses a texture shape and format, a
 * sampler, an op and the per-lane inputs (coordinates as raw float bits, so NaN/Inf/denormals
 * come for free).  The texture memory is allocated at exactly the packed size, so ASan reports
 * any read outside it.  Every call must return (an error status is fine), never crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/op.h"
#include "tmu/texture.h"
#include "tmu/unit.h"

#include "fuzz_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    tmu_dim dim = (tmu_dim)(take(&r, 1) % (TMU_DIM_COUNT + 1)); /* one invalid value too */
    tmu_format fmt = (tmu_format)(take(&r, 1) % (TMU_FORMAT_COUNT + 1));
    uint32_t w = 1 + take(&r, 1) % 9, h = 1 + take(&r, 1) % 9, d = 1 + take(&r, 1) % 4;
    uint32_t layers = 1 + take(&r, 1) % 13, levels = 1 + take(&r, 1) % 5, samples = 1 + take(&r, 1) % 4;
    size_t bytes = tmu_texture_packed_size(dim, fmt, w, h, d, layers, levels, samples);
    unsigned char *mem = malloc(bytes ? bytes : 1);
    if (!mem)
        return 0;
    for (size_t i = 0; i < bytes; i++)
        mem[i] = (unsigned char)(take(&r, 1) ^ (i * 131));
    tmu_texture tex;
    tmu_texture_init_packed(&tex, dim, fmt, w, h, d, layers, levels, samples, mem, bytes, NULL);
    for (int c = 0; c < 4; c++)
        tex.swizzle[c] = (tmu_swizzle)(take(&r, 1) % 7);
    static const uint8_t map[64] = {1, 0, 1, 1, 0, 1};
    tmu_residency res = {1 + take(&r, 1) % 8, 1 + take(&r, 1) % 8, 1 + take(&r, 1) % 4, {0}};
    if (take(&r, 1) & 1) {
        /* 64 bytes cover every tile of these small textures (at most 9x9x13 at tile 1x1x1 is not,
         * so the map is only attached when the tiles are big enough) */
        uint32_t tiles = ((w + res.tile_w - 1) / res.tile_w) * ((h + res.tile_h - 1) / res.tile_h) *
                         (dim == TMU_DIM_3D ? (d + res.tile_d - 1) / res.tile_d : layers);
        if (tiles <= 64) {
            res.map[0] = map;
            tex.residency = &res;
        }
    }
    tmu_sampler smp = tmu_sampler_default();
    for (int a = 0; a < 3; a++)
        smp.address[a] = (tmu_address)(take(&r, 1) % 9); /* all eight modes and one invalid value */
    uint32_t f = take(&r, 1);
    smp.mag_filter = (tmu_filter)(f & 1), smp.min_filter = (tmu_filter)((f >> 1) & 1);
    smp.mip_filter = (tmu_mip_filter)((f >> 2) % 3);
    smp.normalized = (uint8_t)((f >> 4) & 1), smp.seamless_cube = (uint8_t)((f >> 5) & 1);
    smp.precision = (tmu_precision)((f >> 6) % 3);
    smp.compare_op = (tmu_compare)(take(&r, 1) % 8);
    uint32_t fb = take(&r, 4);
    memcpy(&smp.lod_bias, &fb, 4);
    tmu_op op;
    memset(&op, 0, sizeof op);
    op.kind = (tmu_op_kind)(take(&r, 1) % (TMU_OP_KIND_COUNT + 1));
    op.dim = take(&r, 1) & 7 ? dim : (tmu_dim)(take(&r, 1) % TMU_DIM_COUNT);
    op.level_mode = (tmu_level_mode)(take(&r, 1) % 5);
    op.result = (tmu_result_type)(take(&r, 1) % 5);
    op.layer_mode = (tmu_layer_mode)(take(&r, 1) & 1);
    uint32_t flags = take(&r, 1);
    op.component = (uint8_t)(flags & 3);
    op.has_offset = (uint8_t)((flags >> 2) & 1), op.has_min_lod = (uint8_t)((flags >> 3) & 1);
    op.compare = (uint8_t)((flags >> 4) & 1), op.want_residency = (uint8_t)((flags >> 5) & 1);
    uint32_t lanes = (take(&r, 1) % 33) * 4;
    if (flags >> 6 & 1)
        lanes = take(&r, 1) % 130;
    static uint32_t in32[20][TMU_MAX_LANES + 2];
    for (int k = 0; k < 20; k++)
        for (uint32_t l = 0; l < TMU_MAX_LANES; l++)
            in32[k][l] = r.n ? take(&r, 4) : in32[k][l] * 2654435761u + (uint32_t)k;
    tmu_wave_in in;
    memset(&in, 0, sizeof in);
    for (int a = 0; a < 3; a++) {
        in.coord[a] = (const float *)(const void *)in32[a];
        in.icoord[a] = (const int32_t *)in32[3 + a];
        in.grad_x[a] = (const float *)(const void *)in32[6 + a];
        in.grad_y[a] = (const float *)(const void *)in32[9 + a];
        in.offset[a] = (const int32_t *)in32[12 + a];
    }
    in.layer = in32[15];
    in.layer_f = (const float *)(const void *)in32[15];
    in.sample = in32[16];
    in.lod = (const float *)(const void *)in32[17];
    in.ilod = (const int32_t *)in32[18];
    in.min_lod = (const float *)(const void *)in32[18];
    in.ref = (const float *)(const void *)in32[19];
    static uint32_t outd[4][TMU_MAX_LANES];
    static uint8_t resident[TMU_MAX_LANES];
    tmu_wave_out out;
    memset(&out, 0, sizeof out);
    for (int c = 0; c < 4; c++)
        out.data[c] = outd[c];
    out.resident = resident;
    uint64_t exec[2] = {((uint64_t)take(&r, 4) << 32) | take(&r, 4), ~0ull};
    unsigned xflags = take(&r, 1) & 3;
    /* issue 11 features (read last, so older corpus inputs keep their meaning): cubic filters,
     * reduction, anisotropy, four gather offsets, view fields, the LOD report */
    uint32_t g = take(&r, 1);
    if (g & 1)
        smp.mag_filter = TMU_FILTER_CUBIC;
    if (g & 2)
        smp.min_filter = TMU_FILTER_CUBIC;
    smp.reduction = (tmu_reduction)((g >> 2) % 4);
    smp.max_anisotropy = (float)(take(&r, 1) % 20);
    op.has_gather_offsets = (uint8_t)((g >> 4) & 1);
    for (int q = 0; q < 4; q++)
        for (int a = 0; a < 2; a++)
            in.gather_offset[q][a] = (const int32_t *)in32[(12 + 2 * q + a) % 20];
    tex.base_level = take(&r, 1) % 6, tex.level_count = take(&r, 1) % 6;
    tex.base_layer = take(&r, 1) % 14, tex.layer_count = take(&r, 1) % 14;
    uint32_t ml = take(&r, 4);
    if (g & 32)
        memcpy(&tex.min_lod, &ml, 4);
    static float lod_out[TMU_MAX_LANES];
    static uint8_t mag_out[TMU_MAX_LANES];
    if (g & 64)
        out.lod = lod_out, out.magnified = mag_out;
    tmu_diag diag;
    tmu_unit_execute_ex(&tex, &smp, &op, lanes, exec, &in, &out, xflags, &diag);
    /* issue 15: the same call prepared, reading a row-pair copy of the texture in memory of its
     * exact size (any read past it is an ASan report); the copy's size request and the build's
     * checks on whatever shape and view the input chose */
    uint32_t pr = take(&r, 1);
    if (pr & 1) {
        size_t psize = tmu_unit_pairs_size(&tex);
        size_t give = psize ? psize - (pr >> 1 & 1) : 64; /* one byte short: BUFFER_TOO_SMALL */
        unsigned char *pmem = malloc(give);
        static tmu_unit_plan plan;
        if (pmem && tmu_unit_pairs_build(&tex, smp.address[0], pmem, give, &diag) == TMU_OK &&
            tmu_unit_plan_init(&plan, &tex, &smp, &op, lanes, &in, &out, xflags, &diag) == TMU_OK &&
            tmu_unit_plan_use_pairs(&plan, pmem, give, &diag) == TMU_OK)
            tmu_unit_plan_execute(&plan, exec, &in, &out, &diag);
        free(pmem);
    }
    free(mem);
    return 0;
}
