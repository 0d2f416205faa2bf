/* Execution of tex / tld4 / txq for a 32-lane warp: lift to tmu_op, gather the
 * per-lane operands from the caller's register file, run the texture unit once
 * per group of lanes that use the same texture and sampler, write results back.
 *
 * Decisions where PTX is silent (documented in ptx.h / the report):
 *  - .s32 coordinates of non-multisample geometries are converted to float and
 *    sampled like .f32 ones (as ZLUDA does); .s32 lod likewise.
 *  - .a2dms coordinates are {sample, layer, x, y}: ptxas checks element 1 as the
 *    array index (ptx.md §2.2 lists the manual's contradicting sentences).
 *  - Texel offsets, immediate or register, wrap as ptxas encodes them (tex 4 bits,
 *    tld4 6 bits).
 *  - txq answers from the texture / sampler state (values in ptx.md §4). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "ptx/ptx_internal.h"
#include "tmu/unit.h"

tmu_ptx_reg *tmu_ptx_regfile_find_n(const tmu_ptx_regfile *rf, const char *name, size_t len)
{
    if (!rf || !name)
        return NULL;
    for (size_t i = 0; i < rf->count; i++) {
        const char *r = rf->regs[i].name;
        if (r && strncmp(r, name, len) == 0 && r[len] == 0 && !memchr(name, 0, len))
            return &rf->regs[i];
    }
    return NULL;
}

tmu_ptx_reg *tmu_ptx_regfile_find(const tmu_ptx_regfile *rf, const char *name)
{
    return name ? tmu_ptx_regfile_find_n(rf, name, strlen(name)) : NULL;
}

/* An element's register (NULL when it names none in rf). */
static tmu_ptx_reg *elem_reg(const tmu_ptx_regfile *rf, const tmu_ptx_elem *e)
{
    return e->kind == TMU_PTX_E_NAME ? tmu_ptx_regfile_find_n(rf, e->name, e->name_len) : NULL;
}

int32_t tmu_ptx_wrap_offset(tmu_ptx_opcode opcode, int64_t value)
{
    unsigned bits = opcode == TMU_PTX_TLD4 ? 6 : 4;
    uint32_t m = (uint32_t)((uint64_t)value & ((1u << bits) - 1));
    return (m & (1u << (bits - 1))) ? (int32_t)m - (int32_t)(1u << bits) : (int32_t)m;
}

bool tmu_ptx_imm_bits(double fval, bool as_int, uint32_t *bits)
{
    if (as_int) {
        if (!(fval > -2147483649.0 && fval < 2147483648.0)) /* NaN fails both */
            return false;
        *bits = (uint32_t)(int32_t)fval;
        return true;
    }
    if (fval == fval && !isinf(fval) && fabs(fval) > (double)FLT_MAX)
        return false;
    float f = (float)fval;
    memcpy(bits, &f, 4);
    return true;
}

static const tmu_dim geom_dim[TMU_PTX_GEOM_COUNT] = {
    [TMU_PTX_GEOM_1D] = TMU_DIM_1D,
    [TMU_PTX_GEOM_2D] = TMU_DIM_2D,
    [TMU_PTX_GEOM_3D] = TMU_DIM_3D,
    [TMU_PTX_GEOM_A1D] = TMU_DIM_1D_ARRAY,
    [TMU_PTX_GEOM_A2D] = TMU_DIM_2D_ARRAY,
    [TMU_PTX_GEOM_CUBE] = TMU_DIM_CUBE,
    [TMU_PTX_GEOM_ACUBE] = TMU_DIM_CUBE_ARRAY,
    [TMU_PTX_GEOM_2DMS] = TMU_DIM_2D_MS,
    [TMU_PTX_GEOM_A2DMS] = TMU_DIM_2D_MS_ARRAY,
};

tmu_status tmu_ptx_lift(const tmu_ptx_instr *in, const tmu_ptx_module *module, uint32_t scope,
                        tmu_op *op, tmu_ptx_opmap *map, tmu_diag *diag)
{
    tmu_diag_clear(diag);
    tmu_ptx_opmap local;
    if (!map)
        map = &local;
    if (!in || !op)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "NULL instruction or op");
    memset(op, 0, sizeof *op);
    memset(map, 0, sizeof *map);
    if (!ptx_instr_sane(in))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, in->line, in->column, -1,
                            "malformed instruction (a count or enumerator out of range)");
    if (ptx_operands_unusable(in))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, in->line, in->column, -1,
                            "not a texture instruction with a destination and [address]");
    if (in->opcode == TMU_PTX_TXQ)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, in->line, in->column, -1,
                            "txq is answered from the texture state, not lifted to an op");
    if (in->geom == TMU_PTX_GEOM_NONE || in->ntypes != 2)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, in->line, in->column, -1,
                            "instruction without a geometry or with the wrong number of types");
    const ptx_geom_row *g = &ptx_geoms[in->geom];
    op->dim = geom_dim[in->geom];
    if (in->opcode == TMU_PTX_TLD4) {
        if (!g->tld4_ok || in->comp < 0)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, in->line, in->column, -1,
                                "tld4 needs .r/.g/.b/.a and .2d, .a2d, .cube or .acube");
        op->kind = TMU_OP_GATHER;
        op->component = (uint8_t)in->comp;
        op->level_mode = TMU_LEVEL_BASE;
    } else if (g->ms) {
        op->kind = TMU_OP_FETCH;
        op->level_mode = TMU_LEVEL_BASE;
    } else {
        op->kind = TMU_OP_SAMPLE;
        op->level_mode = in->mip == TMU_PTX_MIP_LEVEL  ? TMU_LEVEL_LOD
                         : in->mip == TMU_PTX_MIP_GRAD ? TMU_LEVEL_GRAD
                                                       : TMU_LEVEL_BASE;
    }
    switch (in->types[0]) {
    case TMU_PTX_T_F32:
        op->result = TMU_RESULT_F32;
        break;
    case TMU_PTX_T_S32:
        op->result = TMU_RESULT_S32;
        break;
    case TMU_PTX_T_U32:
        op->result = TMU_RESULT_U32;
        break;
    case TMU_PTX_T_F16:
        op->result = TMU_RESULT_F16;
        break;
    case TMU_PTX_T_F16X2:
        op->result = TMU_RESULT_F16X2;
        break;
    default:
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, in->line, in->column, -1, "result type .%s",
                            tmu_ptx_type_name(in->types[0]));
    }
    op->layer_mode = TMU_LAYER_U32;
    ptx_roles r;
    ptx_assign_roles(in, module, scope, &r);
    if (r.bad || !r.c || !in->bracketed)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, in->line, in->column, -1,
                            "operands do not fit the instruction");
    op->has_offset = r.off != NULL;
    if (op->has_offset && (in->geom == TMU_PTX_GEOM_CUBE || in->geom == TMU_PTX_GEOM_ACUBE))
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, r.off->line, r.off->column, -1,
                            "a texel offset on .%s: offsets are not defined for cube maps (sampling.md §9), "
                            "though ptxas accepts the operand", g->name);
    op->compare = r.cmp != NULL;
    op->want_residency = in->pred.kind != TMU_PTX_E_NONE;
    /* operand map: element positions of the coordinate vector per geometry */
    map->texture = r.a;
    map->sampler = r.b;
    map->int_coords = in->types[1] != TMU_PTX_T_F32;
    int first = g->arrayed ? 1 : 0, layer_at = g->arrayed ? 0 : -1, sample_at = -1;
    if (in->geom == TMU_PTX_GEOM_2DMS)
        sample_at = 0, first = 1;
    if (in->geom == TMU_PTX_GEOM_A2DMS) /* {sample, layer, x, y}: ptxas checks element 1 as index */
        sample_at = 0, layer_at = 1, first = 2;
    unsigned nsp = g->dims;
    const tmu_ptx_operand *c = r.c;
    if ((unsigned)first + nsp > c->count)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, c->line, c->column, -1,
                            "coordinate vector has %u elements, .%s needs %u", c->count, g->name,
                            first + nsp);
    for (unsigned a = 0; a < nsp; a++)
        map->coord[a] = &c->e[first + a];
    if (layer_at >= 0)
        map->layer = &c->e[layer_at];
    if (sample_at >= 0)
        map->sample = &c->e[sample_at];
    if (r.lod)
        map->lod = &r.lod->e[0];
    if (r.gx) {
        if (r.gx->count < nsp || r.gy->count < nsp)
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, r.gx->line, r.gx->column, -1,
                                "gradient vectors need %u elements for .%s", nsp, g->name);
        for (unsigned a = 0; a < nsp; a++) {
            map->grad_x[a] = &r.gx->e[a];
            map->grad_y[a] = &r.gy->e[a];
        }
    }
    if (r.off)
        for (unsigned a = 0; a < nsp && a < r.off->count; a++)
            map->offset[a] = &r.off->e[a];
    if (r.cmp)
        map->ref = &r.cmp->e[0];
    unsigned nd = op->result == TMU_RESULT_F16X2 ? 2 : 4;
    for (unsigned i = 0; i < nd && i < in->dst.count; i++)
        map->dst[i] = &in->dst.e[i];
    if (in->pred.kind != TMU_PTX_E_NONE)
        map->pred = &in->pred;
    return TMU_OK;
}

/* ---- operand access ------------------------------------------------------ */
typedef struct xctx {
    const tmu_ptx_instr *in;
    const tmu_ptx_exec_env *env;
    tmu_ptx_regfile *rf;
    tmu_diag *diag;
} xctx;

static tmu_status imm_bits(xctx *x, const tmu_ptx_elem *e, bool as_int, uint32_t *bits)
{
    if (!tmu_ptx_imm_bits(e->fval, as_int, bits))
        return tmu_diag_set(x->diag, TMU_ERR_INVALID_ARGUMENT, e->line, e->column, -1,
                            "the floating immediate does not fit its %s operand",
                            as_int ? "int32" : "f32");
    return TMU_OK;
}

static tmu_status elem_bits(xctx *x, const tmu_ptx_elem *e, int lane, uint64_t *out)
{
    switch (e->kind) {
    case TMU_PTX_E_NAME: {
        const tmu_ptx_reg *r = elem_reg(x->rf, e);
        if (!r)
            return tmu_diag_set(x->diag, TMU_ERR_NOT_FOUND, e->line, e->column, -1,
                                "register '%.*s' has no value in the register file",
                                (int)e->name_len, e->name);
        *out = r->lane[lane];
        return TMU_OK;
    }
    case TMU_PTX_E_INT:
        *out = (uint64_t)e->ival;
        return TMU_OK;
    case TMU_PTX_E_FLOAT: {
        uint32_t b;
        tmu_status s = imm_bits(x, e, false, &b);
        *out = b;
        return s;
    }
    default:
        return tmu_diag_set(x->diag, TMU_ERR_INVALID_ARGUMENT, e->line, e->column, -1,
                            "'_' is not a source operand");
    }
}

static tmu_status elem_f32(xctx *x, const tmu_ptx_elem *e, int lane, int is_int, float *out)
{
    if (e->kind == TMU_PTX_E_INT) {
        *out = (float)e->ival;
        return TMU_OK;
    }
    uint64_t v;
    tmu_status s = elem_bits(x, e, lane, &v);
    if (s != TMU_OK)
        return s;
    if (is_int) {
        *out = (float)(int32_t)(uint32_t)v;
    } else {
        uint32_t b = (uint32_t)v;
        memcpy(out, &b, 4);
    }
    return TMU_OK;
}

static tmu_status elem_i32(xctx *x, const tmu_ptx_elem *e, int lane, int32_t *out)
{
    if (e->kind == TMU_PTX_E_FLOAT) {
        uint32_t b = 0;
        tmu_status s = imm_bits(x, e, true, &b);
        *out = (int32_t)b;
        return s;
    }
    uint64_t v = 0;
    tmu_status s = elem_bits(x, e, lane, &v);
    if (s == TMU_OK)
        *out = (int32_t)(uint32_t)v;
    return s;
}

/* A texture / sampler operand: a register (per-lane handle) or a bound name. */
static tmu_status resolve(xctx *x, const tmu_ptx_operand *o, int lane, int want_texture,
                          const tmu_ptx_binding **out)
{
    const tmu_ptx_elem *e = &o->e[0];
    if (o->is_vector || e->kind != TMU_PTX_E_NAME)
        return tmu_diag_set(x->diag, TMU_ERR_INVALID_ARGUMENT, o->line, o->column, -1,
                            "texture or sampler operand must be a name or a .u64 register");
    const tmu_ptx_reg *r = elem_reg(x->rf, e);
    for (size_t i = 0; i < x->env->nbindings; i++) {
        const tmu_ptx_binding *b = &x->env->bindings[i];
        int match = r ? (b->name == NULL && b->handle == r->lane[lane])
                      : (b->name && strncmp(b->name, e->name, e->name_len) == 0 &&
                         b->name[e->name_len] == 0);
        if (!match)
            continue;
        if (want_texture && !b->texture)
            continue;
        if (!want_texture && !b->sampler)
            continue;
        *out = b;
        return TMU_OK;
    }
    if (r)
        return tmu_diag_set(x->diag, TMU_ERR_NOT_FOUND, e->line, e->column, -1,
                            "lane %d: no %s bound to handle 0x%llx in register '%.*s'", lane,
                            want_texture ? "texture" : "sampler", (unsigned long long)r->lane[lane],
                            (int)e->name_len, e->name);
    return tmu_diag_set(x->diag, TMU_ERR_NOT_FOUND, e->line, e->column, -1, "no %s bound to '%.*s'",
                        want_texture ? "texture" : "sampler", (int)e->name_len, e->name);
}

static tmu_status write_dst(xctx *x, const tmu_ptx_elem *e, int lane, uint64_t value)
{
    if (e->kind == TMU_PTX_E_SINK)
        return TMU_OK;
    tmu_ptx_reg *r = elem_reg(x->rf, e);
    if (!r)
        return tmu_diag_set(x->diag, TMU_ERR_NOT_FOUND, e->line, e->column, -1,
                            "destination register '%.*s' is not in the register file",
                            (int)e->name_len, e->name ? e->name : "");
    r->lane[lane] = value;
    return TMU_OK;
}

/* ---- txq ------------------------------------------------------------------- */
static uint32_t ptx_addr_mode(tmu_address a)
{
    switch (a) {
    case TMU_ADDRESS_REPEAT:
        return 0;
    case TMU_ADDRESS_MIRRORED_REPEAT:
        return 1;
    case TMU_ADDRESS_CLAMP_TO_EDGE:
        return 3;
    case TMU_ADDRESS_CLAMP_TO_BORDER:
        return 4;
    default:
        return 3; /* mirror-clamp has no PTX value: reported as clamp_to_edge */
    }
}

static tmu_status txq_lane(xctx *x, int lane, uint32_t *out)
{
    const tmu_ptx_instr *in = x->in;
    const tmu_ptx_binding *b;
    int sq = in->query >= TMU_PTX_Q_FORCE_UNNORMALIZED_COORDS;
    /* sampler queries: a samplerref (or sampler handle) binding, or a texture's own sampler */
    tmu_status s = resolve(x, &in->addr[0], lane, !sq, &b);
    if (s != TMU_OK && sq)
        s = resolve(x, &in->addr[0], lane, 1, &b);
    if (s != TMU_OK)
        return s;
    const tmu_texture *t = b->texture;
    const tmu_sampler *sm = b->sampler;
    uint32_t lvl = 0;
    if (in->mip == TMU_PTX_MIP_LEVEL && in->nextra == 1) {
        int32_t v;
        if ((s = elem_i32(x, &in->extra[0].e[0], lane, &v)) != TMU_OK)
            return s;
        lvl = (uint32_t)v;
    }
    if (!sq && !t)
        return tmu_diag_set(x->diag, TMU_ERR_NOT_FOUND, in->line, in->column, -1,
                            "no texture for txq");
    if (sq && !sm)
        return tmu_diag_set(x->diag, TMU_ERR_NOT_FOUND, in->line, in->column, -1,
                            "no sampler state for txq");
    const tmu_format_info *fi = t ? tmu_format_get(t->format) : NULL;
    int arrayed = t && (t->dim == TMU_DIM_1D_ARRAY || t->dim == TMU_DIM_2D_ARRAY ||
                        t->dim == TMU_DIM_CUBE_ARRAY || t->dim == TMU_DIM_2D_MS_ARRAY);
    switch (in->query) {
    case TMU_PTX_Q_WIDTH:
        *out = lvl < t->levels ? tmu_level_size(t->width, lvl) : 0;
        break;
    case TMU_PTX_Q_HEIGHT:
        *out = lvl < t->levels ? tmu_level_size(t->height, lvl) : 0;
        break;
    case TMU_PTX_Q_DEPTH:
        *out = lvl < t->levels ? tmu_level_size(t->depth, lvl) : 0;
        break;
    case TMU_PTX_Q_CHANNEL_DATA_TYPE:
        *out = fi ? fi->cuda_kind : 0;
        break;
    case TMU_PTX_Q_CHANNEL_ORDER:
        *out = fi ? fi->channels : 0;
        break;
    case TMU_PTX_Q_NORMALIZED_COORDS:
        *out = b->sampler ? b->sampler->normalized : 0;
        break;
    case TMU_PTX_Q_ARRAY_SIZE:
        *out = !arrayed ? 0 : t->dim == TMU_DIM_CUBE_ARRAY ? t->layers / 6 : t->layers;
        break;
    case TMU_PTX_Q_NUM_MIPMAP_LEVELS:
        *out = t->levels > 1 ? t->levels : 0;
        break;
    case TMU_PTX_Q_NUM_SAMPLES:
        *out = t->samples > 1 ? t->samples : 0;
        break;
    case TMU_PTX_Q_FORCE_UNNORMALIZED_COORDS:
        *out = !sm->normalized;
        break;
    case TMU_PTX_Q_FILTER_MODE:
        *out = sm->mag_filter == TMU_FILTER_LINEAR;
        break;
    case TMU_PTX_Q_ADDR_MODE_0:
        *out = ptx_addr_mode(sm->address[0]);
        break;
    case TMU_PTX_Q_ADDR_MODE_1:
        *out = ptx_addr_mode(sm->address[1]);
        break;
    case TMU_PTX_Q_ADDR_MODE_2:
        *out = ptx_addr_mode(sm->address[2]);
        break;
    default:
        return tmu_diag_set(x->diag, TMU_ERR_UNSUPPORTED, in->line, in->column, -1,
                            "txq without a query");
    }
    return TMU_OK;
}

/* ---- tex / tld4 ------------------------------------------------------------ */
typedef struct lanes_in {
    float coord[3][TMU_PTX_WARP];
    int32_t icoord[3][TMU_PTX_WARP];
    uint32_t layer[TMU_PTX_WARP], sample[TMU_PTX_WARP];
    float lod[TMU_PTX_WARP];
    int32_t ilod[TMU_PTX_WARP];
    float gx[3][TMU_PTX_WARP], gy[3][TMU_PTX_WARP];
    int32_t off[3][TMU_PTX_WARP];
    float ref[TMU_PTX_WARP];
} lanes_in;

static tmu_status gather_lane(xctx *x, const tmu_ptx_opmap *m, const tmu_op *op, int lane,
                              lanes_in *li)
{
    int ci = m->int_coords;
    tmu_status s;
    int32_t v;
    for (unsigned a = 0; a < 3; a++) {
        li->off[a][lane] = 0;
        if (!m->coord[a])
            continue;
        if (op->kind == TMU_OP_FETCH)
            s = elem_i32(x, m->coord[a], lane, &li->icoord[a][lane]);
        else
            s = elem_f32(x, m->coord[a], lane, ci, &li->coord[a][lane]);
        if (s != TMU_OK)
            return s;
        if (m->grad_x[a] && ((s = elem_f32(x, m->grad_x[a], lane, 0, &li->gx[a][lane])) != TMU_OK ||
                             (s = elem_f32(x, m->grad_y[a], lane, 0, &li->gy[a][lane])) != TMU_OK))
            return s;
        if (m->offset[a]) {
            if ((s = elem_i32(x, m->offset[a], lane, &v)) != TMU_OK)
                return s;
            li->off[a][lane] = tmu_ptx_wrap_offset(x->in->opcode, v);
        }
    }
    if (m->layer) {
        if ((s = elem_i32(x, m->layer, lane, &v)) != TMU_OK)
            return s;
        li->layer[lane] = (uint32_t)v;
    }
    if (m->sample) {
        if ((s = elem_i32(x, m->sample, lane, &v)) != TMU_OK)
            return s;
        li->sample[lane] = (uint32_t)v;
    }
    li->ilod[lane] = 0;
    if (m->lod && (s = elem_f32(x, m->lod, lane, ci, &li->lod[lane])) != TMU_OK)
        return s;
    if (m->ref && (s = elem_f32(x, m->ref, lane, 0, &li->ref[lane])) != TMU_OK)
        return s;
    return TMU_OK;
}

static tmu_status exec_tex(xctx *x, uint32_t active)
{
    const tmu_ptx_instr *in = x->in;
    tmu_op op;
    tmu_ptx_opmap map;
    tmu_status s = tmu_ptx_lift(in, x->env->module, x->env->scope, &op, &map, x->diag);
    if (s != TMU_OK)
        return s;
    /* resolve texture and sampler per lane */
    const tmu_ptx_binding *tb[TMU_PTX_WARP], *sb[TMU_PTX_WARP];
    for (int l = 0; l < TMU_PTX_WARP; l++) {
        tb[l] = sb[l] = NULL;
        if (!(active >> l & 1))
            continue;
        if ((s = resolve(x, map.texture, l, 1, &tb[l])) != TMU_OK)
            return s;
        if (map.sampler) {
            if ((s = resolve(x, map.sampler, l, 0, &sb[l])) != TMU_OK)
                return s;
        } else if (x->env->independent) {
            return tmu_diag_set(x->diag, TMU_ERR_INVALID_ARGUMENT, in->line, in->column, -1,
                                "texmode_independent needs a sampler operand");
        } else {
            if (!tb[l]->sampler)
                return tmu_diag_set(
                    x->diag, TMU_ERR_NOT_FOUND, map.texture->line, map.texture->column, -1,
                    "texture bound to '%.*s' has no sampler state", (int)map.texture->e[0].name_len,
                    map.texture->e[0].name);
            sb[l] = tb[l];
        }
    }
    static const lanes_in zero;
    lanes_in li = zero;
    for (int l = 0; l < TMU_PTX_WARP; l++)
        if (active >> l & 1 && (s = gather_lane(x, &map, &op, l, &li)) != TMU_OK)
            return s;
    uint32_t data[4][TMU_PTX_WARP];
    uint8_t resident[TMU_PTX_WARP];
    memset(data, 0, sizeof data);
    memset(resident, 0, sizeof resident);
    tmu_wave_in wi;
    memset(&wi, 0, sizeof wi);
    for (int a = 0; a < 3; a++) {
        wi.coord[a] = li.coord[a];
        wi.icoord[a] = li.icoord[a];
        wi.grad_x[a] = li.gx[a];
        wi.grad_y[a] = li.gy[a];
        wi.offset[a] = li.off[a];
    }
    wi.layer = li.layer;
    wi.sample = li.sample;
    wi.lod = li.lod;
    wi.ilod = li.ilod;
    wi.ref = li.ref;
    tmu_wave_out wo = {.data = {data[0], data[1], data[2], data[3]}, .resident = resident};
    uint32_t done = 0;
    for (int l = 0; l < TMU_PTX_WARP; l++) {
        if (!(active >> l & 1) || (done >> l & 1))
            continue;
        uint32_t group = 0;
        for (int k = l; k < TMU_PTX_WARP; k++)
            if ((active >> k & 1) && tb[k] == tb[l] && sb[k] == sb[l])
                group |= 1u << k;
        done |= group;
        uint64_t exec[2] = {group, 0};
        s = tmu_unit_execute(tb[l]->texture, sb[l]->sampler, &op, TMU_PTX_WARP, exec, &wi, &wo,
                             x->diag);
        if (s != TMU_OK) {
            x->diag->line = in->line;
            x->diag->column = in->column;
            return s;
        }
    }
    /* write back through the operand map */
    for (int l = 0; l < TMU_PTX_WARP; l++) {
        if (!(active >> l & 1))
            continue;
        for (unsigned c = 0; c < 4; c++) {
            if (!map.dst[c])
                continue;
            uint64_t v = data[c][l];
            if (op.result == TMU_RESULT_F16)
                v &= 0xFFFF;
            if ((s = write_dst(x, map.dst[c], l, v)) != TMU_OK)
                return s;
        }
        if (map.pred && (s = write_dst(x, map.pred, l, resident[l] ? 1 : 0)) != TMU_OK)
            return s;
    }
    return TMU_OK;
}

tmu_status tmu_ptx_exec_warp(const tmu_ptx_instr *in, const tmu_ptx_exec_env *env, uint32_t active,
                             tmu_ptx_regfile *rf, tmu_diag *diag)
{
    tmu_diag local;
    if (!diag)
        diag = &local;
    tmu_diag_clear(diag);
    if (!in || !env || !rf)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "NULL instruction, environment or registers");
    if (!ptx_instr_sane(in))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, in->line, in->column, -1,
                            "malformed instruction (a count or enumerator out of range)");
    if (ptx_operands_unusable(in))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, in->line, in->column, -1,
                            "not a texture instruction with a destination and [address]");
    if (env->nbindings && !env->bindings)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "NULL binding table");
    xctx x = {in, env, rf, diag};
    /* guard predicate */
    if (in->guard.kind == TMU_PTX_E_NAME) {
        const tmu_ptx_reg *g = elem_reg(rf, &in->guard);
        if (!g)
            return tmu_diag_set(diag, TMU_ERR_NOT_FOUND, in->guard.line, in->guard.column, -1,
                                "guard predicate '%.*s' is not in the register file",
                                (int)in->guard.name_len, in->guard.name);
        for (int l = 0; l < TMU_PTX_WARP; l++)
            if (((g->lane[l] & 1) != 0) == (in->guard_negated != 0))
                active &= ~(1u << l);
    }
    if (!active)
        return TMU_OK;
    if (in->opcode != TMU_PTX_TXQ)
        return exec_tex(&x, active);
    if (!in->bracketed || in->naddr != 1)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, in->line, in->column, -1,
                            "txq needs [a]");
    uint32_t vals[TMU_PTX_WARP];
    for (int l = 0; l < TMU_PTX_WARP; l++) {
        if (!(active >> l & 1))
            continue;
        tmu_status s = txq_lane(&x, l, &vals[l]);
        if (s != TMU_OK)
            return s;
    }
    for (int l = 0; l < TMU_PTX_WARP; l++) {
        if (!(active >> l & 1))
            continue;
        tmu_status s = write_dst(&x, &in->dst.e[0], l, vals[l]);
        if (s != TMU_OK)
            return s;
    }
    return TMU_OK;
}
