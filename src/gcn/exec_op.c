/* GCN executor, part 2: VADDR operands -> per-lane texture-unit inputs, the unit call, and the
 * results packed for VDATA (DMASK compaction, D16, the TFE/LWE status dword).  Sample, gather4,
 * get_lod, get_resinfo and image_load (with format conversion) run here. */
#include <math.h>
#include <string.h>

#include "gcn/exec_internal.h"
#include "tmu/format.h"

uint32_t gcn_addr_raw(const tmu_gcn_wave *w, const gcn_inst *x, tmu_gcn_addr_comp c, unsigned lane)
{
    int i = x->pos[c];
    if (i < 0)
        return 0;
    uint32_t v = w->vgpr[x->addr_vgpr[x->vaddr.dword[i]]][lane];
    if (x->vaddr.is16[i])
        v = x->vaddr.half[i] ? v >> 16 : v & 0xffffu;
    return v;
}

float gcn_addr_float(const tmu_gcn_wave *w, const gcn_inst *x, tmu_gcn_addr_comp c, unsigned lane)
{
    uint32_t v = gcn_addr_raw(w, x, c, lane);
    if (x->pos[c] >= 0 && x->vaddr.is16[x->pos[c]])
        return tmu_half_to_float((uint16_t)v);
    float f;
    memcpy(&f, &v, 4);
    return f;
}

/* Faces as in sampling.md §4.1 (+X, -X, +Y, -Y, +Z, -Z): the major axis and which direction
 * component, with which sign, is s_c and t_c.  GCN's face coordinates s, t in [1, 2] are
 * s_c / (2 |r_c|) + 1.5, so the direction (major = ±1) has s_c = 2 (s - 1.5), t_c = 2 (t - 1.5). */
static const struct {
    int8_t major, s_axis, s_sign, t_axis, t_sign;
} faces[6] = {
    {0, 2, -1, 1, -1}, {0, 2, +1, 1, -1}, {1, 0, +1, 2, +1},
    {1, 0, +1, 2, -1}, {2, 0, +1, 1, -1}, {2, 0, -1, 1, -1},
};

/* Cubes the view holds. */
static uint32_t view_layers(const tmu_texture *t)
{
    return t->layer_count ? t->layer_count : t->layers - t->base_layer;
}

static uint32_t view_levels(const tmu_texture *t)
{
    return t->level_count ? t->level_count : t->levels - t->base_level;
}

/* Round to nearest even as an integer, saturating; NaN -> 0. */
static int64_t rne_int(float v)
{
    if (isnan(v))
        return 0;
    if (v > 1e9f)
        return 1000000000;
    if (v < -1e9f)
        return -1000000000;
    return (int64_t)rintf(v);
}

/* Splits a cube face id (cube arrays: 8·layer + face) into cube index and face (gcn_exec.h). */
static void cube_face_layer(tmu_gcn_gen gen, float fid, uint32_t cubes, uint32_t *layer, int *face)
{
    int64_t v = rne_int(fid);
    int64_t lmax = cubes ? (int64_t)cubes - 1 : 0;
    int64_t l, fc;
    if (gen < TMU_GCN_GFX9) { /* gfx6-8 clamp 8·layer + face as one number */
        int64_t hi = 8 * lmax + 5;
        v = v < 0 ? 0 : v > hi ? hi : v;
        l = v >> 3;
        fc = v & 7;
    } else {
        l = v >= 0 ? v / 8 : -((-v + 7) / 8);
        fc = v - 8 * l;
        l = l < 0 ? 0 : l > lmax ? lmax : l;
    }
    *layer = (uint32_t)l;
    *face = fc > 5 ? 5 : (int)fc;
}

/* Face-coordinate shift of the gfx6-8 integer gather quirk, per lane (0 when not applied). */
static float gather_shift(const gcn_inst *x, uint32_t level, int axis)
{
    if (x->gen >= TMU_GCN_GFX9 || x->op.kind != TMU_OP_GATHER)
        return 0.0f;
    const tmu_format_info *fi = tmu_format_get(x->tex.format);
    if (fi->numeric != TMU_NUMERIC_UINT && fi->numeric != TMU_NUMERIC_SINT)
        return 0.0f;
    uint32_t size = tmu_level_size(axis ? x->tex.height : x->tex.width, x->tex.base_level + level);
    int cube = x->tex.dim == TMU_DIM_CUBE || x->tex.dim == TMU_DIM_CUBE_ARRAY;
    return (x->smp.normalized || cube) ? 0.5f / (float)size : 0.5f;
}

/* Coordinates (and cube layer) of one lane, with face/texture-space shifts ds, dt. */
static void lane_coords(const tmu_gcn_wave *w, const gcn_inst *x, gcn_lanes *ln, unsigned lane,
                        float ds, float dt)
{
    float s = gcn_addr_float(w, x, TMU_GCN_AC_X, lane) + ds;
    float t = gcn_addr_float(w, x, TMU_GCN_AC_Y, lane) + dt;
    float r = gcn_addr_float(w, x, TMU_GCN_AC_Z, lane);
    tmu_dim dim = x->tex.dim;
    if (dim == TMU_DIM_CUBE || dim == TMU_DIM_CUBE_ARRAY) {
        int face;
        cube_face_layer(x->gen, gcn_addr_float(w, x, TMU_GCN_AC_FACE, lane), view_layers(&x->tex) / 6,
                        &ln->layer[lane], &face);
        float d[3];
        d[faces[face].major] = (face & 1) ? -1.0f : 1.0f;
        d[faces[face].s_axis] = (float)faces[face].s_sign * 2.0f * (s - 1.5f);
        d[faces[face].t_axis] = (float)faces[face].t_sign * 2.0f * (t - 1.5f);
        for (int a = 0; a < 3; a++)
            ln->coord[a][lane] = d[a];
        /* face-space derivatives -> derivatives of the direction (major component constant) */
        if (x->op.level_mode == TMU_LEVEL_GRAD) {
            float dsdx = gcn_addr_float(w, x, TMU_GCN_AC_DSDH, lane), dtdx = gcn_addr_float(w, x, TMU_GCN_AC_DTDH, lane);
            float dsdy = gcn_addr_float(w, x, TMU_GCN_AC_DSDV, lane), dtdy = gcn_addr_float(w, x, TMU_GCN_AC_DTDV, lane);
            ln->grad_x[faces[face].major][lane] = 0.0f;
            ln->grad_y[faces[face].major][lane] = 0.0f;
            ln->grad_x[faces[face].s_axis][lane] = (float)faces[face].s_sign * 2.0f * dsdx;
            ln->grad_y[faces[face].s_axis][lane] = (float)faces[face].s_sign * 2.0f * dsdy;
            ln->grad_x[faces[face].t_axis][lane] = (float)faces[face].t_sign * 2.0f * dtdx;
            ln->grad_y[faces[face].t_axis][lane] = (float)faces[face].t_sign * 2.0f * dtdy;
        }
        return;
    }
    ln->coord[0][lane] = s;
    ln->coord[1][lane] = t;
    ln->coord[2][lane] = r;
    if (x->pos[TMU_GCN_AC_SLICE] >= 0) {
        float a = gcn_addr_float(w, x, TMU_GCN_AC_SLICE, lane);
        ln->layer_f[lane] = a;
        /* gfx6-8 truncate the slice [inf]; negative and NaN give 0, the unit clamps the top */
        ln->layer[lane] = !(a > 0.0f) ? 0u : a >= 4294967040.0f ? 0xffffffffu : (uint32_t)a;
    }
    if (x->op.level_mode == TMU_LEVEL_GRAD) {
        static const tmu_gcn_addr_comp dh[3] = {TMU_GCN_AC_DSDH, TMU_GCN_AC_DTDH, TMU_GCN_AC_DRDH};
        static const tmu_gcn_addr_comp dv[3] = {TMU_GCN_AC_DSDV, TMU_GCN_AC_DTDV, TMU_GCN_AC_DRDV};
        for (int a = 0; a < 3; a++) {
            ln->grad_x[a][lane] = gcn_addr_float(w, x, dh[a], lane);
            ln->grad_y[a][lane] = gcn_addr_float(w, x, dv[a], lane);
        }
    }
}

/* The VGPR row (all lanes) holding 32-bit component `c`, or NULL when absent. */
static const void *vaddr_row(const tmu_gcn_wave *w, const gcn_inst *x, tmu_gcn_addr_comp c)
{
    int i = x->pos[c];
    return i < 0 ? NULL : w->vgpr[x->addr_vgpr[x->vaddr.dword[i]]];
}

/* Points `*dst` at component `c`'s VGPR row when present (the unit reads it in place). */
static void use_row(const tmu_gcn_wave *w, const gcn_inst *x, tmu_gcn_addr_comp c, const float **dst)
{
    const void *row = vaddr_row(w, x, c);
    if (row)
        *dst = (const float *)row;
}

static void wave_in(gcn_lanes *ln, tmu_wave_in *in);

/* Every per-lane input of a sample / gather / get_lod, for all 64 lanes (implicit LOD reads the
 * whole quad, EXEC or not), as the unit's input arrays in `in`. */
static void fill_float_inputs(const tmu_gcn_wave *w, const gcn_inst *x, gcn_lanes *ln, tmu_wave_in *in)
{
    wave_in(ln, in);
    int cube = x->tex.dim == TMU_DIM_CUBE || x->tex.dim == TMU_DIM_CUBE_ARRAY;
    if (!x->any16 && !cube && gather_shift(x, 0, 0) == 0.0f) {
        /* 32-bit operands outside cube maps are the VGPR rows as they are: read in place */
        static const tmu_gcn_addr_comp dh[3] = {TMU_GCN_AC_DSDH, TMU_GCN_AC_DTDH, TMU_GCN_AC_DRDH};
        static const tmu_gcn_addr_comp dv[3] = {TMU_GCN_AC_DSDV, TMU_GCN_AC_DTDV, TMU_GCN_AC_DRDV};
        for (int a = 0; a < 3; a++) {
            use_row(w, x, (tmu_gcn_addr_comp)(TMU_GCN_AC_X + a), &in->coord[a]);
            if (x->op.level_mode == TMU_LEVEL_GRAD)
                use_row(w, x, dh[a], &in->grad_x[a]), use_row(w, x, dv[a], &in->grad_y[a]);
        }
        const float *slice = vaddr_row(w, x, TMU_GCN_AC_SLICE);
        if (slice) {
            in->layer_f = slice;
            for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++) {
                float a = slice[lane]; /* gfx6-8 truncate (see lane_coords) */
                ln->layer[lane] = !(a > 0.0f) ? 0u : a >= 4294967040.0f ? 0xffffffffu : (uint32_t)a;
            }
        }
        use_row(w, x, TMU_GCN_AC_BIAS, &in->lod);
        use_row(w, x, TMU_GCN_AC_LOD, &in->lod);
        use_row(w, x, TMU_GCN_AC_CLAMP, &in->min_lod);
        use_row(w, x, TMU_GCN_AC_ZCOMPARE, &in->ref);
        const uint32_t *off = vaddr_row(w, x, TMU_GCN_AC_OFFSET);
        if (off)
            for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++)
                for (int a = 0; a < 3; a++) /* 6-bit signed fields at bits 0, 8, 16 */
                    ln->offset[a][lane] = (int32_t)((off[lane] >> (8 * a)) << 26) >> 26;
        return;
    }
    for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++) {
        lane_coords(w, x, ln, lane, 0.0f, 0.0f);
        if (x->pos[TMU_GCN_AC_OFFSET] >= 0) {
            uint32_t o = gcn_addr_raw(w, x, TMU_GCN_AC_OFFSET, lane);
            for (int a = 0; a < 3; a++) /* 6-bit signed fields at bits 0, 8, 16 */
                ln->offset[a][lane] = (int32_t)((o >> (8 * a)) << 26) >> 26;
        }
        if (x->pos[TMU_GCN_AC_BIAS] >= 0)
            ln->lod[lane] = gcn_addr_float(w, x, TMU_GCN_AC_BIAS, lane);
        if (x->pos[TMU_GCN_AC_LOD] >= 0)
            ln->lod[lane] = gcn_addr_float(w, x, TMU_GCN_AC_LOD, lane);
        if (x->pos[TMU_GCN_AC_CLAMP] >= 0)
            ln->min_lod[lane] = gcn_addr_float(w, x, TMU_GCN_AC_CLAMP, lane);
        if (x->pos[TMU_GCN_AC_ZCOMPARE] >= 0)
            ln->ref[lane] = gcn_addr_float(w, x, TMU_GCN_AC_ZCOMPARE, lane);
    }
}

static void wave_in(gcn_lanes *ln, tmu_wave_in *in)
{
    memset(in, 0, sizeof *in);
    for (int a = 0; a < 3; a++) {
        in->coord[a] = ln->coord[a];
        in->icoord[a] = ln->icoord[a];
        in->grad_x[a] = ln->grad_x[a];
        in->grad_y[a] = ln->grad_y[a];
        in->offset[a] = ln->offset[a];
    }
    in->layer = ln->layer;
    in->layer_f = ln->layer_f;
    in->sample = ln->sample;
    in->lod = ln->lod;
    in->ilod = ln->ilod;
    in->min_lod = ln->min_lod;
    in->ref = ln->ref;
}

void gcn_pack_values(const gcn_inst *x, uint32_t vals[4][TMU_GCN_LANES], uint64_t lanes,
                     gcn_result *res)
{
    unsigned n = x->nvals;
    unsigned words = x->d16 && x->packed ? (n + 1) / 2 : n;
    for (unsigned k = 0; k < words; k++) {
        res->mask[k] |= lanes;
        uint32_t *dst = res->data[k];
        const uint32_t *lo = vals[x->d16 && x->packed ? 2 * k : k];
        const uint32_t *hi = x->d16 && x->packed && 2 * k + 1 < n ? vals[2 * k + 1] : NULL;
        /* every lane is computed (a branch-free loop); only `lanes` retire (mask) */
        if (!x->d16)
            memcpy(dst, lo, sizeof res->data[k]);
        else if (hi)
            for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++)
                dst[lane] = (lo[lane] & 0xffffu) | hi[lane] << 16;
        else
            for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++)
                dst[lane] = lo[lane] & 0xffffu;
    }
}

/* The DMASK-selected components (in order) of the unit's four result words. */
static void select_dmask(const gcn_inst *x, gcn_lanes *ln, uint32_t vals[4][TMU_GCN_LANES])
{
    unsigned k = 0;
    for (unsigned c = 0; c < 4; c++)
        if (x->dmask >> c & 1)
            memcpy(vals[k++], ln->out[c], sizeof vals[0]);
}

/* Runs the unit, and for gather4 with a level selection, once per level the lanes select. */
static tmu_status run_unit(const tmu_gcn_wave *w, const gcn_inst *x, gcn_lanes *ln,
                           const tmu_wave_in *in, tmu_wave_out *out, tmu_diag *diag)
{
    int lwe = x->mi->f[TMU_GCN_F_LWE] && (x->op.kind == TMU_OP_SAMPLE || x->op.kind == TMU_OP_GATHER);
    if (lwe)
        out->lod = ln->lodrep;
    uint64_t exec[2] = {w->exec, 0};
    const tmu_op *op = &x->op;
    int gather_levels = op->kind == TMU_OP_GATHER && op->level_mode != TMU_LEVEL_BASE &&
                        x->smp.mip_filter != TMU_MIP_NONE && view_levels(&x->tex) > 1;
    int shift = gather_shift(x, 0, 0) != 0.0f;
    if (!gather_levels && !shift) { /* one call, the same each time the instruction runs again */
        if (!*ln->plan_ready) {
            tmu_status st = tmu_unit_plan_init(ln->plan, &x->tex, &x->smp, op, TMU_GCN_LANES, in, out, 0, diag);
            if (st != TMU_OK)
                return st;
            *ln->plan_ready = 1;
        }
        return tmu_unit_plan_execute(ln->plan, exec, in, out, diag);
    }
    /* the level each lane reads: the LOD query's level, rounded to the nearest level */
    uint8_t lvl[TMU_GCN_LANES];
    memset(lvl, 0, sizeof lvl);
    if (gather_levels) {
        tmu_op q = *op;
        q.kind = TMU_OP_QUERY_LOD;
        q.result = TMU_RESULT_F32;
        q.want_residency = 0;
        q.compare = 0;
        uint32_t qd[4][TMU_GCN_LANES];
        tmu_wave_out qo = {{qd[0], qd[1], qd[2], qd[3]}, NULL, NULL, NULL};
        tmu_status st = tmu_unit_execute(&x->tex, &x->smp, &q, TMU_GCN_LANES, exec, in, &qo, diag);
        if (st != TMU_OK)
            return st;
        for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++) {
            float d;
            memcpy(&d, &qd[0][lane], 4);
            float n = ceilf(d + 0.5f) - 1.0f; /* sampling.md §5.2, nearest level */
            uint32_t maxl = view_levels(&x->tex) - 1;
            lvl[lane] = (uint8_t)(!(n > 0.0f) ? 0 : n >= (float)maxl ? maxl : (uint32_t)n);
        }
    }
    uint64_t todo = w->exec;
    while (todo) {
        unsigned first = (unsigned)__builtin_ctzll(todo);
        uint32_t level = lvl[first];
        uint64_t group = 0;
        for (unsigned lane = first; lane < TMU_GCN_LANES; lane++)
            if ((todo >> lane & 1) && lvl[lane] == level)
                group |= 1ull << lane;
        todo &= ~group;
        if (shift) /* gfx6-8 integer gather: the footprint half a texel to the lower right */
            for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++)
                if (group >> lane & 1)
                    lane_coords(w, x, ln, lane, gather_shift(x, level, 0), gather_shift(x, level, 1));
        const tmu_texture *t = &x->tex;
        tmu_texture view;
        if (level) {
            view = x->tex;
            view.base_level = x->tex.base_level + level;
            view.level_count = 1;
            t = &view;
        }
        uint64_t gexec[2] = {group, 0};
        tmu_status st = tmu_unit_execute(t, &x->smp, op, TMU_GCN_LANES, gexec, in, out, diag);
        if (st != TMU_OK)
            return st;
    }
    return TMU_OK;
}

/* The status dword: bit 0 not resident, bit 1 LOD below MIN_LOD_WARN (LWE). */
static void add_status(const gcn_inst *x, const gcn_lanes *ln, int have_lod, float level_used,
                       gcn_result *res, uint64_t lanes)
{
    if (!x->status)
        return;
    unsigned k = x->data_dwords;
    float warn = (float)x->tdesc.f[TMU_GCN_T_MIN_LOD_WARN] / 256.0f;
    for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++) {
        if (!(lanes >> lane & 1))
            continue;
        uint32_t s = 0;
        if (x->mi->f[TMU_GCN_F_TFE] && !ln->resident[lane])
            s |= GCN_STATUS_NOT_RESIDENT;
        if (x->mi->f[TMU_GCN_F_LWE]) {
            float lv = have_lod ? (float)x->tex.base_level + ln->lodrep[lane] : level_used;
            if (lv < warn)
                s |= GCN_STATUS_LOD_WARNING;
        }
        if (s) {
            res->data[k][lane] = s;
            res->mask[k] |= 1ull << lane;
        }
    }
}

static tmu_status exec_float_op(const tmu_gcn_wave *w, const gcn_inst *x, gcn_lanes *ln,
                                gcn_result *res, tmu_diag *diag)
{
    tmu_wave_in in;
    fill_float_inputs(w, x, ln, &in);
    /* 32-bit results go straight to their VDATA dwords of the pending slot: gather4's four
     * values, or the DMASK-selected components in order (the others to scratch) */
    tmu_wave_out out = {{ln->out[0], ln->out[1], ln->out[2], ln->out[3]}, ln->resident, NULL, NULL};
    if (!x->d16)
        for (unsigned c = 0, k = 0; c < 4; c++)
            if (x->op.kind == TMU_OP_GATHER || (x->dmask >> c & 1))
                out.data[c] = res->data[k++];
    tmu_status st = run_unit(w, x, ln, &in, &out, diag);
    if (st != TMU_OK)
        return st;
    if (!x->d16) {
        for (unsigned k = 0; k < x->nvals; k++)
            res->mask[k] |= w->exec;
    } else {
        uint32_t vals[4][TMU_GCN_LANES];
        if (x->op.kind == TMU_OP_GATHER)
            memcpy(vals, ln->out, sizeof vals);
        else
            select_dmask(x, ln, vals);
        gcn_pack_values(x, vals, w->exec, res);
    }
    if (x->op.kind != TMU_OP_QUERY_LOD)
        add_status(x, ln, x->mi->f[TMU_GCN_F_LWE] != 0, 0.0f, res, w->exec);
    return TMU_OK;
}

/* image_load / image_load_mip with format conversion: FETCH. */
static tmu_status exec_load(const tmu_gcn_wave *w, const gcn_inst *x, gcn_lanes *ln,
                            gcn_result *res, tmu_diag *diag)
{
    static const tmu_gcn_addr_comp xyz[3] = {TMU_GCN_AC_X, TMU_GCN_AC_Y, TMU_GCN_AC_Z};
    for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++) {
        for (int a = 0; a < 3; a++)
            ln->icoord[a][lane] = (int32_t)gcn_addr_raw(w, x, xyz[a], lane);
        /* the slice: arrays SLICE, cube images FACE (a face of the view, 6·cube + face) */
        ln->layer[lane] = gcn_addr_raw(w, x, TMU_GCN_AC_SLICE, lane) + gcn_addr_raw(w, x, TMU_GCN_AC_FACE, lane);
        ln->sample[lane] = gcn_addr_raw(w, x, TMU_GCN_AC_FRAGID, lane);
        ln->ilod[lane] = (int32_t)gcn_addr_raw(w, x, TMU_GCN_AC_MIP, lane);
        if (ln->ilod[lane] < 0)
            ln->ilod[lane] = INT32_MAX;
    }
    tmu_wave_in in;
    wave_in(ln, &in);
    tmu_wave_out out = {{ln->out[0], ln->out[1], ln->out[2], ln->out[3]}, ln->resident, NULL, NULL};
    uint64_t exec[2] = {w->exec, 0};
    tmu_status st = tmu_unit_execute(&x->tex, &x->smp, &x->op, TMU_GCN_LANES, exec, &in, &out, diag);
    if (st != TMU_OK)
        return st;
    uint32_t vals[4][TMU_GCN_LANES];
    select_dmask(x, ln, vals);
    gcn_pack_values(x, vals, w->exec, res);
    /* LWE for loads: the level read is the view's base level + mip */
    for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++)
        ln->lodrep[lane] = (float)ln->ilod[lane];
    add_status(x, ln, 1, 0.0f, res, w->exec);
    return TMU_OK;
}

/* image_get_resinfo: (width, height, depth or layers, levels) of the view at a mip. */
static tmu_status exec_resinfo(const tmu_gcn_wave *w, const gcn_inst *x, gcn_lanes *ln,
                               gcn_result *res, tmu_diag *diag)
{
    for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++) {
        ln->ilod[lane] = (int32_t)gcn_addr_raw(w, x, TMU_GCN_AC_MIP, lane);
        if (ln->ilod[lane] < 0)
            ln->ilod[lane] = INT32_MAX;
    }
    tmu_wave_in in;
    wave_in(ln, &in);
    uint64_t exec[2] = {w->exec, 0};
    uint32_t size[4][TMU_GCN_LANES], levels[4][TMU_GCN_LANES];
    tmu_wave_out so = {{size[0], size[1], size[2], size[3]}, NULL, NULL, NULL};
    tmu_wave_out lo = {{levels[0], levels[1], levels[2], levels[3]}, NULL, NULL, NULL};
    tmu_op q = x->op;
    q.kind = TMU_OP_QUERY_SIZE;
    tmu_status st = tmu_unit_execute(&x->tex, &x->smp, &q, TMU_GCN_LANES, exec, &in, &so, diag);
    if (st != TMU_OK)
        return st;
    q.kind = TMU_OP_QUERY_LEVELS;
    if ((st = tmu_unit_execute(&x->tex, &x->smp, &q, TMU_GCN_LANES, exec, &in, &lo, diag)) != TMU_OK)
        return st;
    tmu_dim dim = x->tex.dim;
    for (unsigned lane = 0; lane < TMU_GCN_LANES; lane++) {
        if (!(w->exec >> lane & 1))
            continue;
        ln->out[0][lane] = size[0][lane];
        ln->out[1][lane] = dim == TMU_DIM_1D_ARRAY ? size[3][lane] : size[1][lane];
        ln->out[2][lane] = dim == TMU_DIM_3D ? size[2][lane]
                           : (dim == TMU_DIM_2D_ARRAY || dim == TMU_DIM_CUBE_ARRAY) ? size[3][lane]
                                                                                    : 1u;
        ln->out[3][lane] = levels[0][lane];
    }
    uint32_t vals[4][TMU_GCN_LANES];
    select_dmask(x, ln, vals);
    gcn_pack_values(x, vals, w->exec, res);
    return TMU_OK;
}

tmu_status gcn_exec_sampling(const tmu_gcn_wave *w, const gcn_inst *x, gcn_lanes *ln,
                             gcn_result *res, tmu_diag *diag)
{
    switch (x->row->cls) {
    case TMU_GCN_CLASS_RESINFO:
        return exec_resinfo(w, x, ln, res, diag);
    case TMU_GCN_CLASS_LOAD:
        return exec_load(w, x, ln, res, diag);
    default:
        return exec_float_op(w, x, ln, res, diag);
    }
}

unsigned char *gcn_texel_ptr(const tmu_texture *tex, uint32_t level, uint32_t xx, uint32_t yy,
                             uint32_t zl)
{
    if (level >= view_levels(tex))
        return NULL;
    uint32_t z = zl;
    if (tex->dim != TMU_DIM_3D) {
        if (zl >= view_layers(tex))
            return NULL;
        z = tex->base_layer + zl;
    }
    return (unsigned char *)(uintptr_t)tmu_texel_address(tex, tex->base_level + level, xx, yy, z, 0);
}
