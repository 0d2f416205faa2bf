/* ir3 cat5 execution of the instructions that read a texture: lift to a tmu_op, gather the
 * operands of every fiber (Mesa's emit_tex layout, as listed by tmu_ir3_operands_get), find
 * each fiber's texture and sampler through the descriptor mode, run the texture unit once per
 * group of fibers with the same pair, and convert the results as TYPE says.
 * ir3-cat5.md §2 (descriptor modes), §5 (operands, per-generation flags). */
#include <math.h>
#include <string.h>

#include "ir3/exec.h"
#include "tmu/format.h"
#include "tmu/unit.h"

#define N TMU_IR3_MAX_FIBERS

/* Per-fiber operand values, read once for every fiber of the wave. */
typedef struct tex_in {
    float coord[3][N];
    int32_t icoord[3][N];
    float ref[N];
    float layer_f[N];
    uint32_t layer[N];
    float lod[N];
    int32_t ilod[N];
    float min_lod[N];
    float gx[3][N], gy[3][N];
    int32_t off[3][N];
    uint32_t sample[N];
    int32_t fx[3][N];      /* fetch coordinates after the per-texture a3xx rules */
    uint32_t fsample[N];
} tex_in;

/* What the instruction asks of the texture unit. */
typedef struct tex_plan {
    tmu_op_kind kind;
    int query;             /* getsize / getinfo / getbuf: answered from the texture */
    int need_sampler;
    int int_coords;        /* fetch: integer coordinates */
    int shadow, array, proj, offs, clp, rck, is3d, vec;
    uint32_t imm;          /* isam immediate offset */
} tex_plan;

static int is_array_dim(tmu_dim d)
{
    return d == TMU_DIM_1D_ARRAY || d == TMU_DIM_2D_ARRAY || d == TMU_DIM_CUBE_ARRAY || d == TMU_DIM_2D_MS_ARRAY;
}

static int is_cube_dim(tmu_dim d)
{
    return d == TMU_DIM_CUBE || d == TMU_DIM_CUBE_ARRAY;
}

static tmu_status make_plan(const ir3_ctx *x, tex_plan *p)
{
    const uint8_t *f = x->f;
    const tmu_ir3_opinfo *info = tmu_ir3_opinfo_get(x->in->op);
    int isam_cls = x->in->op == TMU_IR3_OP_ISAM;
    unsigned type = f[TMU_IR3_F_TYPE];
    memset(p, 0, sizeof *p);
    p->shadow = !isam_cls && f[TMU_IR3_F_B50];
    p->vec = isam_cls && f[TMU_IR3_F_B50];
    p->array = f[TMU_IR3_F_A];
    p->proj = !isam_cls && f[TMU_IR3_F_B53];
    p->offs = f[TMU_IR3_F_B52];
    p->clp = !isam_cls && f[TMU_IR3_F_B18];
    p->rck = type == 7;
    p->is3d = f[TMU_IR3_F_3D];
    if (isam_cls && ir3_src2_mode(x->in) == IR3_SRC2_IMM)
        p->imm = f[TMU_IR3_F_SRC2];
    switch (x->in->op) {
    case TMU_IR3_OP_SAM:
    case TMU_IR3_OP_SAMB:
    case TMU_IR3_OP_SAML:
    case TMU_IR3_OP_SAMGQ:
        p->kind = TMU_OP_SAMPLE;
        p->need_sampler = 1;
        break;
    case TMU_IR3_OP_GATHER4R:
    case TMU_IR3_OP_GATHER4G:
    case TMU_IR3_OP_GATHER4B:
    case TMU_IR3_OP_GATHER4A:
        p->kind = TMU_OP_GATHER;
        p->need_sampler = 1;
        break;
    case TMU_IR3_OP_ISAM:
    case TMU_IR3_OP_ISAML:
    case TMU_IR3_OP_ISAMM:
        p->kind = TMU_OP_FETCH;
        p->int_coords = 1;
        break;
    case TMU_IR3_OP_GETLOD:
        p->kind = TMU_OP_QUERY_LOD;
        p->need_sampler = 1;
        break;
    case TMU_IR3_OP_GETSIZE:
        p->kind = TMU_OP_QUERY_SIZE;
        p->query = 1;
        break;
    case TMU_IR3_OP_GETINFO:
    case TMU_IR3_OP_GETBUF:
        p->kind = TMU_OP_QUERY_LEVELS; /* answered from the texture, no unit call */
        p->query = 1;
        break;
    default:
        IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "%s is not a texture instruction", info->name);
    }
    /* rules of Mesa's ir3 and of the ISA description */
    if (p->proj) {
        if (x->gen >= 4)
            IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "%s.p on a%uxx: a4xx+ has no sam.p (Mesa lowers every projection there)",
                     info->name, x->gen);
        if (p->is3d)
            IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "%s.3d.p: Mesa never uses .p with three coordinates on a3xx", info->name);
        if (p->kind != TMU_OP_SAMPLE && p->kind != TMU_OP_GATHER)
            IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "%s.p: projection is documented for sampling only", info->name);
    }
    if (p->query || p->kind == TMU_OP_QUERY_LOD) {
        if (p->rck)
            IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "%s.rck: a query touches no texel, residency is undefined", info->name);
        if (type == 0 || type == 1 || (p->kind == TMU_OP_QUERY_LOD && type == 6))
            IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "%s (%s): the result is an integer (Mesa uses %s)", info->name,
                     type == 0 ? "f16" : type == 1 ? "f32" : "u8", p->kind == TMU_OP_QUERY_LOD ? "s32" : "u32/s32");
    }
    if (p->kind == TMU_OP_QUERY_LOD) {
        if (p->offs || p->shadow)
            IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "getlod%s: Mesa never sets it on LOD queries; meaning undocumented",
                     p->offs ? ".o" : ".s");
        if (f[TMU_IR3_F_WRMASK] & 12)
            IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "getlod returns two values (x, y); WRMASK z/w is undocumented");
    }
    if (p->kind == TMU_OP_FETCH) {
        if (p->shadow || p->clp)
            IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "%s%s: depth compare and LOD clamp do not apply to texel fetches",
                     info->name, p->shadow ? ".s" : ".clp");
        if (x->in->op == TMU_IR3_OP_ISAMM && x->gen == 3)
            IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "isamm on a3xx: Mesa fetches multisample textures through isaml there "
                                             "(x = (x << log2 samples) + sample)");
        if (p->vec) {
            if (!f[TMU_IR3_F_B18])
                IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "isam.v.1d: the ISA description says isam.v does not work without "
                                                 "bit 18 set");
            if (p->array || p->is3d || p->offs)
                IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "isam.v%s: the vectorised buffer load takes one coordinate",
                         p->array ? ".a" : p->is3d ? ".3d" : ".o");
        }
    }
    if (p->kind == TMU_OP_GATHER && p->clp)
        IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "%s.clp: gathers read level 0, a LOD clamp has no meaning", info->name);
    if (p->rck && (f[TMU_IR3_F_WRMASK] & 15) != 1)
        IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "%s.rck: Mesa writes the residency result to x only (WRMASK x)", info->name);
    return TMU_OK;
}

/* ---- operands --------------------------------------------------------------------------------- */

static void read_operands(const ir3_ctx *x, const tex_plan *p, tex_in *t)
{
    const tmu_ir3_wave *w = x->wave;
    const tmu_ir3_reguse *c[3], *ref, *arr, *proj, *lod, *bias, *mlod, *smp, *gx[3], *gy[3], *off[3];
    for (unsigned a = 0; a < 3; a++) {
        c[a] = ir3_operand(x, TMU_IR3_ROLE_COORD, a);
        gx[a] = ir3_operand(x, TMU_IR3_ROLE_GRAD_X, a);
        gy[a] = ir3_operand(x, TMU_IR3_ROLE_GRAD_Y, a);
        off[a] = ir3_operand(x, TMU_IR3_ROLE_OFFSET, a);
    }
    ref = ir3_operand(x, TMU_IR3_ROLE_SHADOW_REF, 0);
    arr = ir3_operand(x, TMU_IR3_ROLE_ARRAY_INDEX, 0);
    proj = ir3_operand(x, TMU_IR3_ROLE_PROJ, 0);
    lod = ir3_operand(x, TMU_IR3_ROLE_LOD, 0);
    bias = ir3_operand(x, TMU_IR3_ROLE_BIAS, 0);
    mlod = ir3_operand(x, TMU_IR3_ROLE_MIN_LOD, 0);
    smp = ir3_operand(x, TMU_IR3_ROLE_SAMPLE_INDEX, 0);
    for (unsigned fb = 0; fb < w->fibers; fb++) {
        /* every fiber, active or not: implicit LOD reads the whole quad */
        float q = proj ? ir3_read_f(x, fb, proj) : 1.0f;
        for (unsigned a = 0; a < 3; a++) {
            t->coord[a][fb] = c[a] ? ir3_read_f(x, fb, c[a]) : 0.0f;
            t->icoord[a][fb] = c[a] ? ir3_read_i(x, fb, c[a]) : 0;
            if (p->proj)
                t->coord[a][fb] /= q;
            t->gx[a][fb] = gx[a] ? ir3_read_f(x, fb, gx[a]) : 0.0f;
            t->gy[a][fb] = gy[a] ? ir3_read_f(x, fb, gy[a]) : 0.0f;
            t->off[a][fb] = off[a] ? ir3_read_i(x, fb, off[a]) : 0;
        }
        t->ref[fb] = ref ? ir3_read_f(x, fb, ref) : 0.0f;
        if (p->proj)
            t->ref[fb] /= q;
        /* array index: an integer for fetches; a float truncated by a4xx+ hardware (Mesa adds
         * 0.5 to round), rounded on a3xx (Mesa adds nothing) */
        t->layer[fb] = 0;
        t->layer_f[fb] = 0.0f;
        if (arr && p->int_coords) {
            t->layer[fb] = (uint32_t)ir3_read_i(x, fb, arr);
        } else if (arr) {
            float a = ir3_read_f(x, fb, arr);
            t->layer_f[fb] = a;
            t->layer[fb] = !(a > 0.0f) ? 0u : a >= 4294967040.0f ? 0xFFFFFFFFu : (uint32_t)a;
        }
        t->lod[fb] = lod && !p->int_coords ? ir3_read_f(x, fb, lod) : bias ? ir3_read_f(x, fb, bias) : 0.0f;
        t->ilod[fb] = lod ? ir3_read_i(x, fb, lod) : 0;
        t->min_lod[fb] = mlod ? ir3_read_f(x, fb, mlod) : 0.0f;
        t->sample[fb] = smp ? ir3_read_u(x, fb, smp) : 0;
    }
}

/* ---- descriptors --------------------------------------------------------------------------- */

typedef struct slot_pair {
    const tmu_ir3_slot *tex, *samp;
    uint32_t tex_idx, samp_idx;
    uint8_t bindless, tex_base, samp_base;
} slot_pair;

static tmu_status find_slot(const ir3_ctx *x, unsigned fb, int bindless, unsigned base, uint32_t idx, int is_tex,
                            const tmu_ir3_slot **out)
{
    const tmu_ir3_bindings *b = x->bind;
    const char *what = is_tex ? "texture" : "sampler";
    if (!b)
        IR3_FAIL(x, TMU_ERR_RANGE, "fiber %u: %s %s#%u, but no bindings were given", fb, what, is_tex ? "t" : "s", idx);
    if (!bindless) {
        const tmu_ir3_slot *tab = is_tex ? b->tex : b->samp;
        uint32_t n = is_tex ? b->num_tex : b->num_samp;
        if (!tab || idx >= n)
            IR3_FAIL(x, TMU_ERR_RANGE, "fiber %u: %s#%u is not bound (%u %s slots)", fb, is_tex ? "t" : "s", idx, n,
                     what);
        *out = &tab[idx];
        return TMU_OK;
    }
    if (!b->set[base])
        IR3_FAIL(x, TMU_ERR_RANGE, "fiber %u: bindless base %u (%s) has no descriptor set", fb, base, what);
    if (idx >= b->set_size[base])
        IR3_FAIL(x, TMU_ERR_RANGE, "fiber %u: %s index %u is outside descriptor set %u (%u slots)", fb, what, idx,
                 base, b->set_size[base]);
    *out = &b->set[base][idx];
    return TMU_OK;
}

/* The texture (and, when needed, sampler) slot fiber `fb` uses (ir3-cat5.md §2). */
static tmu_status fiber_slots(const ir3_ctx *x, const tex_plan *p, unsigned fb, slot_pair *sp)
{
    const uint8_t *f = x->f;
    memset(sp, 0, sizeof sp[0]);
    if (!f[TMU_IR3_F_S2EN]) {
        sp->tex_idx = f[TMU_IR3_F_TEX];
        sp->samp_idx = f[TMU_IR3_F_SAMP];
    } else {
        unsigned mode = f[TMU_IR3_F_DESC_MODE] & 7, base = (f[TMU_IR3_F_B19_20] & 3) * 2u + f[TMU_IR3_F_B47];
        const struct ir3_desc *d = &ir3_descs[mode];
        const tmu_ir3_reguse *i0 = ir3_operand(x, TMU_IR3_ROLE_DESC_INDEX, 0);
        const tmu_ir3_reguse *i1 = ir3_operand(x, TMU_IR3_ROLE_DESC_INDEX, 1);
        const tmu_ir3_reguse *a1 = ir3_operand(x, TMU_IR3_ROLE_A1, 0);
        if (!d->bindless) {
            if (x->gen == 3 && mode != 0)
                IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "descriptor mode %u on a3xx: a3xx has only mode 0 (CAT5_UNIFORM)",
                         mode);
            uint32_t v0 = i0 ? ir3_read_u(x, fb, i0) : 0, v1 = i1 ? ir3_read_u(x, fb, i1) : 0;
            if (x->wave->flags & TMU_IR3_WAVE_S2EN_SAMPLER_FIRST) {
                sp->samp_idx = v0;
                sp->tex_idx = v1;
            } else {
                sp->tex_idx = v0;
                sp->samp_idx = v1;
            }
        } else {
            if (x->gen < 6)
                IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "descriptor mode %u is bindless; bindless descriptors exist from "
                                                 "a6xx on",
                         mode);
            sp->bindless = 1;
            sp->tex_base = sp->samp_base = (uint8_t)base;
            uint32_t a1v = a1 ? ir3_read_u(x, fb, a1) : 0, s3 = f[TMU_IR3_F_SRC3];
            if (d->indirect) { /* a full-register pair (texture, sampler) */
                sp->tex_idx = i0 ? ir3_read_u(x, fb, i0) : 0;
                sp->samp_idx = i1 ? ir3_read_u(x, fb, i1) : 0;
                if (d->a1)
                    sp->samp_base = (uint8_t)(a1v & 7);
            } else if (!d->a1) { /* mode 6: sampler low 4 bits, texture high 4 bits of SRC3 */
                sp->samp_idx = s3 & 15;
                sp->tex_idx = s3 >> 4;
            } else { /* mode 7: a1.x = index << 3 | sampler base; a6xx texture, a7xx sampler index */
                sp->samp_base = (uint8_t)(a1v & 7);
                if (x->gen == 6) {
                    sp->samp_idx = s3;
                    sp->tex_idx = (a1v >> 3) & 0xff;
                } else {
                    sp->tex_idx = s3;
                    sp->samp_idx = (a1v >> 3) & 0xff;
                }
            }
        }
    }
    tmu_status st = find_slot(x, fb, sp->bindless, sp->tex_base, sp->tex_idx, 1, &sp->tex);
    if (st == TMU_OK && p->need_sampler)
        st = find_slot(x, fb, sp->bindless, sp->samp_base, sp->samp_idx, 0, &sp->samp);
    return st;
}

/* The texture and sampler a slot pair stands for (raw descriptors decoded; a TILE6_3 one is laid
 * out into `surf`, which the texture points into). */
static tmu_status resolve(const ir3_ctx *x, const tex_plan *p, const slot_pair *sp, tmu_texture *tex,
                          tmu_sampler *smp, tmu_surface *surf)
{
    tmu_diag d;
    if (sp->tex->raw) {
        tmu_ir3_tdesc td;
        tmu_status st = tmu_ir3_tdesc_decode(x->wave->gpu_id, sp->tex->raw, TMU_IR3_TDESC_AUTO, &td, &d);
        if (st == TMU_OK)
            st = tmu_ir3_tdesc_to_texture_tiled(&td, x->bind->layout_gpu, x->bind->memory, x->bind->num_memory, surf,
                                                tex, &d);
        if (st == TMU_OK && !tex->level[0].data)
            st = tmu_diag_set(&d, TMU_ERR_RANGE, 0, 0, -1, "no memory is mapped");
        if (st != TMU_OK)
            IR3_FAIL(x, st, "texture descriptor %s%u: %s", sp->bindless ? "index " : "t#", sp->tex_idx, d.message);
    } else if (sp->tex->texture) {
        *tex = *sp->tex->texture;
    } else {
        IR3_FAIL(x, TMU_ERR_RANGE, "%s%u has no texture", sp->bindless ? "bindless slot " : "t#", sp->tex_idx);
    }
    if (!p->need_sampler) {
        *smp = tmu_sampler_default();
        return TMU_OK;
    }
    if (sp->samp->raw) {
        tmu_ir3_sdesc sd;
        tmu_status st = tmu_ir3_sdesc_decode(x->wave->gpu_id, sp->samp->raw, &sd, &d);
        if (st == TMU_OK)
            st = tmu_ir3_sdesc_to_sampler(&sd, x->bind->border, x->bind->num_border, smp, &d);
        if (st != TMU_OK)
            IR3_FAIL(x, st, "sampler descriptor %s%u: %s", sp->bindless ? "index " : "s#", sp->samp_idx, d.message);
    } else if (sp->samp->sampler) {
        *smp = *sp->samp->sampler;
    } else {
        IR3_FAIL(x, TMU_ERR_RANGE, "%s%u has no sampler", sp->bindless ? "bindless slot " : "s#", sp->samp_idx);
    }
    return TMU_OK;
}

/* The shape the instruction addresses: .a makes any layered shape an array (a texture without
 * layers is an array of one), no .a reads layer 0; .3d must match 3D and cube shapes. */
static tmu_status adapt_shape(const ir3_ctx *x, const tex_plan *p, tmu_texture *t)
{
    const char *name = tmu_ir3_opinfo_get(x->in->op)->name;
    if (p->query)
        return TMU_OK;
    int wants3 = t->dim == TMU_DIM_3D || is_cube_dim(t->dim);
    if (!p->vec && wants3 != p->is3d)
        IR3_FAIL(x, TMU_ERR_INVALID, "%s%s on a %s texture: .3d is set exactly for 3D and cube textures (Mesa)", name,
                 p->is3d ? ".3d" : " without .3d", tmu_dim_name(t->dim));
    if (p->array && !is_array_dim(t->dim)) {
        switch (t->dim) {
        case TMU_DIM_1D: t->dim = TMU_DIM_1D_ARRAY; break;
        case TMU_DIM_2D: t->dim = TMU_DIM_2D_ARRAY; break;
        case TMU_DIM_CUBE: t->dim = TMU_DIM_CUBE_ARRAY; break;
        case TMU_DIM_2D_MS: t->dim = TMU_DIM_2D_MS_ARRAY; break;
        default: IR3_FAIL(x, TMU_ERR_INVALID, "%s.a on a %s texture: 3D textures have no layers", name, tmu_dim_name(t->dim));
        }
    }
    if (p->int_coords && is_cube_dim(t->dim))
        IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "%s on a cube texture: texel fetches of cube maps have no documented "
                                         "coordinate layout",
                 name);
    if (p->offs && is_cube_dim(t->dim))
        IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "%s.o on a cube texture: texel offsets are not defined for cube maps", name);
    if (p->vec && t->dim != TMU_DIM_1D)
        IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "isam.v on a %s texture: the vectorised load reads buffers (1D)",
                 tmu_dim_name(t->dim));
    return TMU_OK;
}

static tmu_result_type unit_result(unsigned type)
{
    switch (type) {
    case 0: return TMU_RESULT_F16;
    case 1: return TMU_RESULT_F32;
    case 4:
    case 5: return TMU_RESULT_S32;
    default: return TMU_RESULT_U32; /* u16, u32, u8, and .rck (data unused) */
    }
}

/* Layers as the view sees them and the value a size query reports in .w (TEX_CONST DEPTH). */
static uint32_t view_layers(const tmu_texture *t)
{
    return t->layer_count ? t->layer_count : t->layers > t->base_layer ? t->layers - t->base_layer : 1;
}

static uint32_t view_levels(const tmu_texture *t)
{
    return t->level_count ? t->level_count : t->levels > t->base_level ? t->levels - t->base_level : 1;
}

static uint32_t depth_field(const tmu_texture *t)
{
    if (t->dim == TMU_DIM_3D)
        return t->depth;
    if (is_cube_dim(t->dim))
        return view_layers(t) / 6 ? view_layers(t) / 6 : 1;
    return view_layers(t);
}

/* ---- one group of fibers --------------------------------------------------------------------- */

static int32_t to_fixed_4_8(uint32_t bits)
{
    float v;
    memcpy(&v, &bits, 4);
    float s = v * 256.0f;
    if (!(s == s))
        return 0;
    if (s >= 2147483520.0f)
        return INT32_MAX;
    if (s <= -2147483648.0f)
        return INT32_MIN;
    return (int32_t)lrintf(s);
}

static tmu_status run_group(const ir3_ctx *x, const tex_plan *p, tex_in *t, const tmu_texture *tex_in_,
                            const tmu_sampler *smp, const uint64_t gmask[2], ir3_results *r)
{
    const tmu_ir3_wave *w = x->wave;
    const uint8_t *f = x->f;
    unsigned type = f[TMU_IR3_F_TYPE];
    tmu_texture tex = *tex_in_;
    tmu_status st = adapt_shape(x, p, &tex);
    if (st != TMU_OK)
        return st;
    const tmu_format_info *fi = tmu_format_get(tex.format);

    /* queries answered from the texture */
    if (p->query && x->in->op != TMU_IR3_OP_GETSIZE) {
        for (unsigned fb = 0; fb < w->fibers; fb++) {
            if (!ir3_fiber_active(gmask, fb))
                continue;
            uint32_t v[4] = {0, 0, 0, 0};
            if (x->in->op == TMU_IR3_OP_GETBUF) {
                if (tex.dim != TMU_DIM_1D)
                    IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "getbuf on a %s texture: getbuf queries buffer (1D) textures",
                             tmu_dim_name(tex.dim));
                v[0] = tex.width; /* y, z, w: 0 (Mesa reads x only) */
            } else {
                unsigned gen_col = x->gen < 5 ? TMU_IR3_ORDER_A3XX : TMU_IR3_ORDER_A5XX;
                if ((r->wrmask & 1) && (!fi || fi->ir3_type == TMU_FORMAT_NO_CODE))
                    IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "getinfo.x: format %s has no channel data type in the table of "
                                                     "docs/ir3-cat5.md §5.2",
                             tmu_format_name(tex.format));
                if ((r->wrmask & 2) && (!fi || fi->ir3_order[gen_col] == TMU_FORMAT_NO_CODE))
                    IR3_FAIL(x, TMU_ERR_UNSUPPORTED, "getinfo.y: format %s has no channel order in the a%s table",
                             tmu_format_name(tex.format), x->gen < 5 ? "3xx/a4xx" : "5xx/a6xx");
                v[0] = fi ? fi->ir3_type : 0;
                v[1] = fi ? fi->ir3_order[gen_col] : 0;
                /* a3xx: levels and samples zero-based (Mesa's emit_tex_info adds 1 to either;
                 * docs/ir3-cat5.md §5.2) */
                v[2] = view_levels(&tex) - (x->gen == 3 ? 1u : 0u);
                v[3] = tex.samples - (x->gen == 3 ? 1u : 0u);
            }
            for (unsigned c = 0; c < 4; c++)
                r->value[c][fb] = ir3_type_store(type, v[c]);
        }
        return TMU_OK;
    }

    tmu_op op;
    memset(&op, 0, sizeof op);
    op.kind = p->kind;
    op.dim = tex.dim;
    op.result = unit_result(type);
    if (p->kind == TMU_OP_QUERY_LOD)
        op.result = TMU_RESULT_F32;
    if (p->kind == TMU_OP_QUERY_SIZE)
        op.result = TMU_RESULT_U32;
    op.component = (uint8_t)(x->in->op >= TMU_IR3_OP_GATHER4R && x->in->op <= TMU_IR3_OP_GATHER4A
                                 ? x->in->op - TMU_IR3_OP_GATHER4R
                                 : 0);
    op.has_offset = (uint8_t)p->offs;
    op.compare = (uint8_t)p->shadow;
    op.has_min_lod = (uint8_t)p->clp;
    op.want_residency = (uint8_t)p->rck;
    switch (x->in->op) {
    case TMU_IR3_OP_SAMB: op.level_mode = TMU_LEVEL_BIAS; break;
    case TMU_IR3_OP_SAML: op.level_mode = TMU_LEVEL_LOD; break;
    case TMU_IR3_OP_SAMGQ: op.level_mode = TMU_LEVEL_GRAD; break;
    default: op.level_mode = TMU_LEVEL_IMPLICIT; break;
    }
    /* a3xx rounds the float array index (Mesa adds no 0.5); a4xx+ truncates */
    op.layer_mode = (!p->int_coords && x->gen == 3) ? TMU_LAYER_F32 : TMU_LAYER_U32;

    tmu_wave_in in;
    memset(&in, 0, sizeof in);
    for (int a = 0; a < 3; a++) {
        in.coord[a] = t->coord[a];
        in.grad_x[a] = t->gx[a];
        in.grad_y[a] = t->gy[a];
        in.offset[a] = t->off[a];
        in.icoord[a] = t->fx[a];
    }
    in.layer = t->layer;
    in.layer_f = t->layer_f;
    in.lod = t->lod;
    in.ilod = x->in->op == TMU_IR3_OP_ISAM ? NULL : t->ilod;
    in.min_lod = t->min_lod;
    in.ref = t->ref;
    in.sample = t->fsample;

    if (p->int_coords) {
        /* fetch coordinates: isam's immediate offset; a3xx unminified coordinates (Mesa shifts
         * them left by the LOD) and multisample textures read through isaml */
        unsigned ms_shift = 0;
        while ((1u << ms_shift) < tex.samples && ms_shift < 6)
            ms_shift++;
        for (unsigned fb = 0; fb < w->fibers; fb++) {
            if (!ir3_fiber_active(gmask, fb))
                continue;
            for (int a = 0; a < 3; a++)
                t->fx[a][fb] = t->icoord[a][fb];
            t->fx[0][fb] = (int32_t)((uint32_t)t->fx[0][fb] + p->imm);
            t->fsample[fb] = t->sample[fb];
            if (x->gen == 3 && x->in->op == TMU_IR3_OP_ISAML) {
                int32_t l = t->ilod[fb];
                unsigned sh = l <= 0 ? 0u : l >= 31 ? 31u : (unsigned)l;
                for (int a = 0; a < 3; a++)
                    t->fx[a][fb] >>= sh;
                if (tex.samples > 1) {
                    t->fsample[fb] = (uint32_t)t->fx[0][fb] & (tex.samples - 1);
                    t->fx[0][fb] >>= ms_shift;
                }
            }
        }
    }

    uint32_t data[4][N];
    uint8_t resident[N];
    tmu_wave_out out;
    memset(&out, 0, sizeof out);
    for (int c = 0; c < 4; c++)
        out.data[c] = data[c];
    out.resident = resident;
    tmu_diag d;
    int vec_loads = p->vec ? 4 : 1;
    for (int vc = 0; vc < vec_loads; vc++) {
        if (p->vec) {
            if (!(r->wrmask & (1u << vc)))
                continue;
            for (unsigned fb = 0; fb < w->fibers; fb++)
                if (ir3_fiber_active(gmask, fb))
                    t->fx[0][fb] = (int32_t)((uint32_t)t->icoord[0][fb] + p->imm + (uint32_t)vc);
        }
        st = tmu_unit_execute(&tex, smp, &op, w->fibers, gmask, &in, &out, &d);
        if (st != TMU_OK)
            IR3_FAIL(x, st, "texture unit: %s", d.message);
        for (unsigned fb = 0; fb < w->fibers; fb++) {
            if (!ir3_fiber_active(gmask, fb))
                continue;
            if (p->vec) {
                r->value[vc][fb] = ir3_type_store(type, data[0][fb]);
                continue;
            }
            uint32_t v[4] = {data[0][fb], data[1][fb], data[2][fb], data[3][fb]};
            if (p->rck) {
                v[0] = resident[fb] ? 0u : 1u;
            } else if (p->kind == TMU_OP_QUERY_LOD) {
                v[0] = (uint32_t)to_fixed_4_8(v[0]);
                v[1] = (uint32_t)to_fixed_4_8(v[1]);
            } else if (p->kind == TMU_OP_QUERY_SIZE) {
                /* Mesa emit_tex_txs: z minified, w = TEX_CONST DEPTH (array size; a3xx
                 * zero-based) */
                if (v[0] != 0) {
                    uint32_t df = depth_field(&tex);
                    int32_t l = t->ilod[fb];
                    v[2] = tmu_level_size(df, (uint32_t)l);
                    v[3] = df - (x->gen == 3 ? 1u : 0u);
                }
            }
            for (unsigned c = 0; c < 4; c++)
                r->value[c][fb] = ir3_type_store(type, v[c]);
        }
    }
    return TMU_OK;
}

tmu_status ir3_exec_tex(const ir3_ctx *x, ir3_results *r)
{
    tex_plan p;
    tmu_status st = make_plan(x, &p);
    if (st != TMU_OK)
        return st;
    const tmu_ir3_wave *w = x->wave;
    /* per fiber: its slot pair */
    static const slot_pair none;
    slot_pair pairs[N];
    for (unsigned fb = 0; fb < w->fibers; fb++) {
        pairs[fb] = none;
        if (!ir3_fiber_active(x->active, fb))
            continue;
        st = fiber_slots(x, &p, fb, &pairs[fb]);
        if (st != TMU_OK)
            return st;
    }
    tex_in *t = &(tex_in){0};
    read_operands(x, &p, t);
    r->mask[0] = x->active[0];
    r->mask[1] = x->active[1];
    uint64_t done[2] = {0, 0};
    for (unsigned fb = 0; fb < w->fibers; fb++) {
        if (!ir3_fiber_active(x->active, fb) || ir3_fiber_active(done, fb))
            continue;
        uint64_t g[2] = {0, 0};
        for (unsigned o = fb; o < w->fibers; o++)
            if (ir3_fiber_active(x->active, o) && !ir3_fiber_active(done, o) && pairs[o].tex == pairs[fb].tex &&
                pairs[o].samp == pairs[fb].samp) {
                g[o >> 6] |= UINT64_C(1) << (o & 63);
                done[o >> 6] |= UINT64_C(1) << (o & 63);
            }
        tmu_texture tex;
        tmu_sampler smp;
        tmu_surface surf; /* a raw TILE6_3 texture's layout, for this group */
        st = resolve(x, &p, &pairs[fb], &tex, &smp, &surf);
        if (st == TMU_OK)
            st = run_group(x, &p, t, &tex, &smp, g, r);
        if (st != TMU_OK)
            return st;
        x->step->groups++;
    }
    return TMU_OK;
}
