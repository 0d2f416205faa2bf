/* Lifting source instructions of each ISA to a tmu_xl_source: the op (through each ISA's own
 * lift or tables) and where each neutral operand and result lives in the source's registers. */
#include <math.h>
#include <stdio.h>

#include "translate/xl.h"

static void source_init(tmu_xl_source *s, tmu_xl_isa isa, uint32_t gen)
{
    memset(s, 0, sizeof *s);
    s->arch.isa = isa;
    s->arch.gen = gen;
}

/* ---- PTX ------------------------------------------------------------------------------------ */

static void ptx_elem(tmu_xl_source *s, tmu_xl_slot slot, const tmu_ptx_elem *e, tmu_xl_form form)
{
    if (!e || e->kind == TMU_PTX_E_SINK || e->kind == TMU_PTX_E_NONE)
        return;
    if (e->kind == TMU_PTX_E_NAME) {
        if (s->nnames >= sizeof s->names / sizeof s->names[0])
            return;
        s->names[s->nnames] = e->name;
        s->name_len[s->nnames] = e->name_len;
        s->in[slot] = xl_loc(TMU_XL_L_SRC, s->nnames++, 0);
        s->form[slot] = (uint8_t)form;
        return;
    }
    /* immediates: the value the executor reads (elem_f32 / elem_i32), then the form's wrap */
    int is_float = form == TMU_XL_F_F32 || form == TMU_XL_F_INT_AS_F32;
    uint32_t v = 0;
    if (e->kind == TMU_PTX_E_FLOAT) {
        if (!tmu_ptx_imm_bits(e->fval, !is_float, &v)) {
            s->bad_imm = 1;
            return;
        }
    } else {
        v = is_float ? xl_fbits((float)e->ival) : (uint32_t)e->ival;
    }
    s->in[slot] = xl_imm(v);
    s->form[slot] = (uint8_t)(is_float ? TMU_XL_F_F32 : form);
}

static void ptx_res(tmu_xl_source *s, unsigned c, const tmu_ptx_elem *e, tmu_xl_rform form)
{
    if (!e || e->kind != TMU_PTX_E_NAME || s->nnames >= sizeof s->names / sizeof s->names[0])
        return;
    s->names[s->nnames] = e->name;
    s->name_len[s->nnames] = e->name_len;
    s->res[c] = xl_loc(TMU_XL_L_SRC, s->nnames++, 0);
    s->res_form[c] = (uint8_t)form;
    if (c < 4)
        s->result_mask |= (uint8_t)(1u << c);
}

static const struct {
    tmu_ptx_query q;
    tmu_op_kind kind;
    uint8_t meaning;
} ptx_queries[] = {
    {TMU_PTX_Q_WIDTH, TMU_OP_QUERY_SIZE, XLQ_W},       {TMU_PTX_Q_HEIGHT, TMU_OP_QUERY_SIZE, XLQ_H},
    {TMU_PTX_Q_DEPTH, TMU_OP_QUERY_SIZE, XLQ_D},       {TMU_PTX_Q_ARRAY_SIZE, TMU_OP_QUERY_SIZE, XLQ_L0},
    {TMU_PTX_Q_NUM_MIPMAP_LEVELS, TMU_OP_QUERY_LEVELS, XLQ_LEVELS0},
    {TMU_PTX_Q_NUM_SAMPLES, TMU_OP_QUERY_SAMPLES, XLQ_SAMPLES0},
};

tmu_status xl_lift_ptx_instr(const tmu_ptx_instr *in, tmu_xl_source *s, tmu_diag *diag)
{
    source_init(s, TMU_XL_PTX, 0);
    if (in->guard.kind != TMU_PTX_E_NONE)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, in->line, in->column, -1,
                            "a guard predicate is control flow, not part of the texture operation");
    if (in->opcode == TMU_PTX_TXQ) {
        for (size_t i = 0; i < sizeof ptx_queries / sizeof ptx_queries[0]; i++) {
            if (ptx_queries[i].q != in->query)
                continue;
            s->op.kind = ptx_queries[i].kind;
            s->op.result = TMU_RESULT_U32;
            s->dim = TMU_DIM_2D;
            s->query = (uint8_t)in->query;
            if (in->mip == TMU_PTX_MIP_LEVEL && in->nextra == 1)
                ptx_elem(s, TMU_XL_LOD, &in->extra[0].e[0], TMU_XL_F_I32);
            if (s->bad_imm)
                return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, in->line, in->column, -1,
                                    "the level immediate does not fit an int32");
            if (in->dst.count >= 1)
                ptx_res(s, 0, &in->dst.e[0], TMU_XL_R_W32);
            s->qm[0] = ptx_queries[i].meaning;
            return TMU_OK;
        }
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, in->line, in->column, -1,
                            "txq .%s reads sampler or format state, which no texture instruction of "
                            "GCN or ir3 returns",
                            tmu_ptx_query_name(in->query));
    }
    tmu_ptx_opmap m;
    tmu_status st = tmu_ptx_lift(in, NULL, 0, &s->op, &m, diag);
    if (st != TMU_OK)
        return st;
    s->dim = s->op.dim;
    s->int_coords = m.int_coords && s->op.kind != TMU_OP_FETCH;
    if (m.sampler)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, in->line, in->column, -1,
                            "independent mode (a sampler operand): the translation assumes unified "
                            "mode, the texture's own sampler");
    tmu_xl_form cf = s->op.kind == TMU_OP_FETCH ? TMU_XL_F_I32 : s->int_coords ? TMU_XL_F_INT_AS_F32 : TMU_XL_F_F32;
    for (unsigned a = 0; a < 3; a++) {
        ptx_elem(s, (tmu_xl_slot)(TMU_XL_COORD0 + a), m.coord[a], cf);
        ptx_elem(s, (tmu_xl_slot)(TMU_XL_GX0 + a), m.grad_x[a], TMU_XL_F_F32);
        ptx_elem(s, (tmu_xl_slot)(TMU_XL_GY0 + a), m.grad_y[a], TMU_XL_F_F32);
        ptx_elem(s, (tmu_xl_slot)(TMU_XL_OFF0 + a), m.offset[a],
                 in->opcode == TMU_PTX_TLD4 ? TMU_XL_F_WRAP6 : TMU_XL_F_WRAP4);
    }
    ptx_elem(s, TMU_XL_LAYER, m.layer, TMU_XL_F_I32);
    ptx_elem(s, TMU_XL_SAMPLE, m.sample, TMU_XL_F_I32);
    ptx_elem(s, TMU_XL_LOD, m.lod, m.int_coords ? TMU_XL_F_INT_AS_F32 : TMU_XL_F_F32);
    ptx_elem(s, TMU_XL_REF, m.ref, TMU_XL_F_F32);
    if (s->op.kind == TMU_OP_FETCH) { /* .2dms/.a2dms read level 0 */
        s->op.level_mode = TMU_LEVEL_LOD;
        s->in[TMU_XL_LOD] = xl_imm(0);
        s->form[TMU_XL_LOD] = TMU_XL_F_I32;
    }
    if (s->bad_imm)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, in->line, in->column, -1,
                            "a floating immediate does not fit its operand (f32 range, or int32 for an "
                            "integer operand)");
    tmu_xl_rform rf = s->op.result == TMU_RESULT_F16 ? TMU_XL_R_LO16 : TMU_XL_R_W32;
    for (unsigned c = 0; c < 4; c++)
        ptx_res(s, c, m.dst[c], rf);
    if (m.pred)
        ptx_res(s, 4, m.pred, TMU_XL_R_PRED);
    return TMU_OK;
}

tmu_status tmu_xl_lift_ptx(const char *text, size_t len, tmu_xl_source *out, tmu_diag *diag)
{
    if (!text || !out)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "NULL text or source");
    tmu_ptx_instr in;
    tmu_status st = tmu_ptx_parse_instr(text, len, &in, diag);
    if (st != TMU_OK)
        return st;
    return xl_lift_ptx_instr(&in, out, diag);
}

/* ---- GCN ------------------------------------------------------------------------------------ */

static const uint8_t gcn_comp_slot[TMU_GCN_AC_COUNT] = {
    [TMU_GCN_AC_OFFSET] = TMU_XL_OFF0, [TMU_GCN_AC_BIAS] = TMU_XL_LOD,
    [TMU_GCN_AC_ZCOMPARE] = TMU_XL_REF, [TMU_GCN_AC_DSDH] = TMU_XL_GX0,
    [TMU_GCN_AC_DTDH] = TMU_XL_GX1,     [TMU_GCN_AC_DRDH] = TMU_XL_GX2,
    [TMU_GCN_AC_DSDV] = TMU_XL_GY0,     [TMU_GCN_AC_DTDV] = TMU_XL_GY1,
    [TMU_GCN_AC_DRDV] = TMU_XL_GY2,     [TMU_GCN_AC_X] = TMU_XL_COORD0,
    [TMU_GCN_AC_Y] = TMU_XL_COORD1,     [TMU_GCN_AC_Z] = TMU_XL_COORD2,
    [TMU_GCN_AC_FACE] = TMU_XL_COORD2,  [TMU_GCN_AC_SLICE] = TMU_XL_LAYER,
    [TMU_GCN_AC_FRAGID] = TMU_XL_SAMPLE, [TMU_GCN_AC_LOD] = TMU_XL_LOD,
    [TMU_GCN_AC_CLAMP] = TMU_XL_MIN_LOD, [TMU_GCN_AC_MIP] = TMU_XL_LOD,
};

tmu_status tmu_xl_lift_gcn(tmu_gcn_gen gen, uint64_t word, tmu_dim dim, tmu_result_type result,
                           tmu_xl_source *s, tmu_diag *diag)
{
    if (!s || (unsigned)dim >= TMU_DIM_COUNT || (unsigned)gen >= TMU_GCN_GEN_COUNT ||
        (unsigned)result > TMU_RESULT_F16X2)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "bad argument");
    source_init(s, TMU_XL_GCN, gen);
    tmu_gcn_mimg mi;
    tmu_status st = tmu_gcn_decode(gen, word, &mi, diag);
    if (st != TMU_OK)
        return st;
    const tmu_gcn_opcode_info *row = mi.op;
    const uint32_t *f = mi.f;
    unsigned fl = row->flags;
    s->dim = dim;
    s->op.dim = dim;
    switch (row->cls) {
    case TMU_GCN_CLASS_SAMPLE: s->op.kind = TMU_OP_SAMPLE; break;
    case TMU_GCN_CLASS_GATHER: s->op.kind = TMU_OP_GATHER; break;
    case TMU_GCN_CLASS_GET_LOD: s->op.kind = TMU_OP_QUERY_LOD; break;
    case TMU_GCN_CLASS_RESINFO: s->op.kind = TMU_OP_QUERY_SIZE; break;
    case TMU_GCN_CLASS_LOAD:
        if (!(fl & (TMU_GCN_OPF_PCK | TMU_GCN_OPF_SGN))) {
            s->op.kind = TMU_OP_FETCH;
            break;
        }
        /* fall through */
    default:
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "%s is not a texture lookup (stores, atomics and raw loads have no "
                            "PTX/ir3 texture equivalent)",
                            row->name);
    }
    if (f[TMU_GCN_F_A16] && gen == TMU_GCN_GFX9)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "A16 (16-bit addresses) is not translated");
    if (f[TMU_GCN_F_R128] && gen != TMU_GCN_GFX9)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "R128 (4-dword T#) is not translated");
    if (f[TMU_GCN_F_LWE])
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "LWE (LOD warning) has no PTX or ir3 equivalent");
    if (f[TMU_GCN_F_UNORM] && (row->cls == TMU_GCN_CLASS_SAMPLE || row->cls == TMU_GCN_CLASS_GATHER ||
                               row->cls == TMU_GCN_CLASS_GET_LOD))
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "%s with UNORM: the instruction makes the coordinates unnormalized whatever the "
                            "sampler says; PTX and ir3 take that from the sampler state, not translated",
                            row->name);
    if (fl & TMU_GCN_OPF_COARSE)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "%s: coarse user derivatives have no PTX or ir3 equivalent", row->name);
    if (xl_dims[dim].cube && dim == TMU_DIM_CUBE_ARRAY && 0)
        return TMU_ERR_UNSUPPORTED;
    s->op.level_mode = (fl & TMU_GCN_OPF_LZ)      ? TMU_LEVEL_BASE
                       : (fl & TMU_GCN_OPF_LOD)   ? TMU_LEVEL_LOD
                       : (fl & TMU_GCN_OPF_BIAS)  ? TMU_LEVEL_BIAS
                       : (fl & TMU_GCN_OPF_DERIV) ? TMU_LEVEL_GRAD
                                                  : TMU_LEVEL_IMPLICIT;
    s->op.compare = (fl & TMU_GCN_OPF_COMPARE) != 0;
    s->op.has_offset = (fl & TMU_GCN_OPF_OFFSET) != 0;
    /* cube images take offsets too (llc emits image_sample*_o on them): they move the face
     * coordinates (docs/texture-unit.md); no other ISA has that form (rules.c) */
    if (s->op.has_offset && !xl_dims[dim].off_axes && !xl_dims[dim].cube)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "%s: texel offsets are not defined for %s textures",
                            row->name, tmu_dim_name(dim));
    s->op.has_min_lod = (fl & TMU_GCN_OPF_CLAMP) != 0;
    s->op.want_residency = f[TMU_GCN_F_TFE] != 0;
    s->op.layer_mode = TMU_LAYER_U32;
    unsigned dmask = f[TMU_GCN_F_DMASK];
    if (s->op.kind == TMU_OP_GATHER) {
        if (dmask != 1 && dmask != 2 && dmask != 4 && dmask != 8)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                "gather4 with DMASK 0x%x: one component is gathered", dmask);
        s->op.component = (uint8_t)(dmask == 1 ? 0 : dmask == 2 ? 1 : dmask == 4 ? 2 : 3);
    }
    if (s->op.kind == TMU_OP_QUERY_LOD || s->op.kind == TMU_OP_QUERY_SIZE)
        result = s->op.kind == TMU_OP_QUERY_LOD ? TMU_RESULT_F32 : TMU_RESULT_U32;
    if (f[TMU_GCN_F_D16]) {
        if (result != TMU_RESULT_F32 && result != TMU_RESULT_F16)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                "D16 with an integer result type (the conversion is undocumented)");
        result = TMU_RESULT_F16;
    } else if (result == TMU_RESULT_F16 || result == TMU_RESULT_F16X2) {
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "16-bit results need D16");
    }
    s->op.result = result;
    /* VADDR roles */
    tmu_gcn_vaddr_layout lay;
    st = tmu_gcn_vaddr_layout_get(gen, row, (tmu_gcn_image_type)xl_dims[dim].gcn_type, false, &lay, diag);
    if (st != TMU_OK)
        return st;
    unsigned va = f[TMU_GCN_F_VADDR];
    if (va + lay.vgprs > 256u)
        return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, -1, "VADDR v%u..v%u runs past v255", va,
                            va + lay.vgprs - 1);
    int load = s->op.kind == TMU_OP_FETCH || s->op.kind == TMU_OP_QUERY_SIZE;
    for (unsigned i = 0; i < lay.count; i++) {
        unsigned comp = lay.comp[i];
        tmu_xl_slot slot = (tmu_xl_slot)gcn_comp_slot[comp];
        tmu_xl_loc l = xl_loc(TMU_XL_L_SRC, (uint16_t)(va + lay.dword[i]), 0);
        tmu_xl_form form = TMU_XL_F_F32;
        if (load || comp == TMU_GCN_AC_MIP || comp == TMU_GCN_AC_FRAGID)
            form = TMU_XL_F_I32;
        if (comp == TMU_GCN_AC_SLICE && !load)
            form = gen == TMU_GCN_GFX9 ? TMU_XL_F_LAYER_RNE : TMU_XL_F_LAYER_TRUNC;
        if (comp == TMU_GCN_AC_OFFSET) {
            for (unsigned a = 0; a < 3; a++) {
                s->in[TMU_XL_OFF0 + a] = l;
                s->form[TMU_XL_OFF0 + a] = TMU_XL_F_PACK6;
            }
            continue;
        }
        if (comp == TMU_GCN_AC_FACE) {
            if (load)
                return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                    "image loads of cube images address faces as layers; not translated");
            s->in[TMU_XL_COORD2] = l;
            for (unsigned a = 0; a < 3; a++)
                s->form[TMU_XL_COORD0 + a] = TMU_XL_F_FACE;
            if (dim == TMU_DIM_CUBE_ARRAY) {
                s->in[TMU_XL_LAYER] = l;
                s->form[TMU_XL_LAYER] = TMU_XL_F_FACE;
            }
            continue;
        }
        s->in[slot] = l;
        if (s->form[slot] != TMU_XL_F_FACE)
            s->form[slot] = (uint8_t)form;
    }
    if (s->op.kind == TMU_OP_FETCH && !(fl & TMU_GCN_OPF_MIP)) {
        s->in[TMU_XL_LOD] = xl_imm(0); /* image_load: level 0 */
        s->form[TMU_XL_LOD] = TMU_XL_F_I32;
    }
    if (s->op.kind == TMU_OP_FETCH || s->op.kind == TMU_OP_QUERY_SIZE)
        s->op.level_mode = TMU_LEVEL_LOD;
    /* results: DMASK compaction, D16 packing, TFE status dword */
    unsigned vd = f[TMU_GCN_F_VDATA], k = 0;
    int packed = f[TMU_GCN_F_D16] && (gen == TMU_GCN_GFX81 || gen == TMU_GCN_GFX9);
    unsigned ncomp = 0;
    for (unsigned c = 0; c < 4; c++) {
        int present = s->op.kind == TMU_OP_GATHER ? 1 : (dmask >> c) & 1;
        if (!present)
            continue;
        tmu_xl_loc l;
        if (packed) {
            l = xl_loc(TMU_XL_L_SRC, (uint16_t)(vd + k / 2), (uint8_t)(1 + (k & 1)));
            s->res_form[c] = TMU_XL_R_LO16;
        } else {
            l = xl_loc(TMU_XL_L_SRC, (uint16_t)(vd + k), f[TMU_GCN_F_D16] ? 1 : 0);
            s->res_form[c] = f[TMU_GCN_F_D16] ? TMU_XL_R_LO16 : TMU_XL_R_W32;
        }
        s->res[c] = l;
        s->result_mask |= (uint8_t)(1u << c);
        k++;
        ncomp++;
    }
    if (s->op.kind == TMU_OP_QUERY_SIZE) {
        int three = dim == TMU_DIM_3D;
        s->qm[0] = XLQ_W;
        s->qm[1] = dim == TMU_DIM_1D_ARRAY ? XLQ_LR : XLQ_H;
        s->qm[2] = three ? XLQ_D : (dim == TMU_DIM_2D_ARRAY || dim == TMU_DIM_CUBE_ARRAY) ? XLQ_LR : XLQ_ONE;
        s->qm[3] = XLQ_LEVELS;
        s->op.result = TMU_RESULT_U32;
    }
    if (f[TMU_GCN_F_TFE]) {
        unsigned data = packed ? (ncomp + 1) / 2 : ncomp;
        if (!data)
            data = 1;
        s->res[4] = xl_loc(TMU_XL_L_SRC, (uint16_t)(vd + data), 0);
        s->res_form[4] = TMU_XL_R_STATUS;
    }
    return TMU_OK;
}

/* ---- ir3 ------------------------------------------------------------------------------------ */

tmu_status tmu_xl_lift_ir3(uint32_t gpu_id, uint64_t word, tmu_dim dim, tmu_xl_source *s, tmu_diag *diag)
{
    if (!s || (unsigned)dim >= TMU_DIM_COUNT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "bad argument");
    source_init(s, TMU_XL_IR3, gpu_id);
    tmu_ir3_instr in;
    tmu_status st = tmu_ir3_decode(word, gpu_id, &in, diag);
    if (st != TMU_OK)
        return st;
    const uint8_t *f = in.field;
    int gen = (int)(gpu_id / 100);
    s->dim = dim;
    s->op.dim = dim;
    s->op.layer_mode = TMU_LAYER_U32;
    int fetch = 0;
    switch (in.op) {
    case TMU_IR3_OP_SAM: s->op.kind = TMU_OP_SAMPLE; s->op.level_mode = TMU_LEVEL_IMPLICIT; break;
    case TMU_IR3_OP_SAMB: s->op.kind = TMU_OP_SAMPLE; s->op.level_mode = TMU_LEVEL_BIAS; break;
    case TMU_IR3_OP_SAML: s->op.kind = TMU_OP_SAMPLE; s->op.level_mode = TMU_LEVEL_LOD; break;
    case TMU_IR3_OP_SAMGQ: s->op.kind = TMU_OP_SAMPLE; s->op.level_mode = TMU_LEVEL_GRAD; break;
    case TMU_IR3_OP_GATHER4R:
    case TMU_IR3_OP_GATHER4G:
    case TMU_IR3_OP_GATHER4B:
    case TMU_IR3_OP_GATHER4A:
        s->op.kind = TMU_OP_GATHER;
        s->op.level_mode = TMU_LEVEL_BASE;
        s->op.component = (uint8_t)(in.op - TMU_IR3_OP_GATHER4R);
        break;
    case TMU_IR3_OP_ISAML:
    case TMU_IR3_OP_ISAMM:
        s->op.kind = TMU_OP_FETCH;
        s->op.level_mode = TMU_LEVEL_LOD;
        fetch = 1;
        break;
    case TMU_IR3_OP_GETLOD:
        s->op.kind = TMU_OP_QUERY_LOD;
        s->op.level_mode = TMU_LEVEL_IMPLICIT;
        if (in.field[TMU_IR3_F_WRMASK] & 12) /* the ir3 executor's own refusal (exec_tex.c) */
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                "getlod returns two values (x, y); WRMASK z/w is undocumented");
        break;
    case TMU_IR3_OP_GETSIZE: s->op.kind = TMU_OP_QUERY_SIZE; s->op.level_mode = TMU_LEVEL_LOD; fetch = 1; break;
    case TMU_IR3_OP_GETINFO:
        s->op.kind = TMU_OP_QUERY_LEVELS;
        if (in.field[TMU_IR3_F_WRMASK] & 3)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                "getinfo x/y return OpenCL channel type/order codes, which PTX's txq and "
                                "GCN do not return in that form");
        break;
    default:
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "%s is not a texture operation PTX or GCN can express",
                            tmu_ir3_opinfo_get(in.op)->name);
    }
    if (f[TMU_IR3_F_S2EN])
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            ".s2en/bindless: the descriptor comes from registers at run time; only "
                            "immediate t#/s# indices are translated");
    if (!f[TMU_IR3_F_FULL])
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "half-precision sources are not translated");
    if (f[TMU_IR3_F_B53])
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, ".p (projector) is not translated");
    int is3 = xl_dims[dim].axes == 3;
    int query = s->op.kind == TMU_OP_QUERY_SIZE || s->op.kind == TMU_OP_QUERY_LEVELS;
    if (query) {
        int a3 = gen == 3;
        int three = dim == TMU_DIM_3D, arr = xl_dims[dim].array;
        s->qm[0] = XLQ_W;
        s->qm[1] = XLQ_H;
        s->qm[2] = in.op == TMU_IR3_OP_GETINFO ? (a3 ? XLQ_LEVELS_M1 : XLQ_LEVELS)
                   : three ? XLQ_D : arr ? XLQ_LMIN : XLQ_ONE_IF;
        s->qm[3] = in.op == TMU_IR3_OP_GETINFO ? (a3 ? XLQ_SAMPLES_M1 : XLQ_SAMPLES)
                   : three ? (a3 ? XLQ_D0_M1 : XLQ_D0) : (a3 ? XLQ_LR_M1 : XLQ_LR);
    } else if (is3 != (f[TMU_IR3_F_3D] != 0))
        return tmu_diag_set(diag, TMU_ERR_INVALID, 0, 0, -1, ".3d is set exactly for 3D and cube textures (Mesa)");
    if (!query && (f[TMU_IR3_F_A] != 0) != (xl_dims[dim].array != 0))
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            ".a must match the texture shape %s for a translation", tmu_dim_name(dim));
    if (xl_dims[dim].ms != (in.op == TMU_IR3_OP_ISAMM) && fetch && s->op.kind == TMU_OP_FETCH)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "isamm is the multisample fetch, isaml the single-sample one");
    unsigned type = f[TMU_IR3_F_TYPE];
    switch (type) {
    case 0: s->op.result = TMU_RESULT_F16; break;
    case 1: s->op.result = TMU_RESULT_F32; break;
    case 3: s->op.result = TMU_RESULT_U32; break;
    case 5: s->op.result = TMU_RESULT_S32; break;
    case 7:
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            ".rck (residency check) is not translated");
    default:
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "TYPE %s: 16/8-bit integer results have no PTX/GCN equivalent",
                            type == 2 ? "u16" : type == 4 ? "s16" : "u8");
    }
    if (query) {
        if (type != 3 && type != 5)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "size/info queries return u32/s32");
        s->op.result = TMU_RESULT_U32;
    }
    if (s->op.kind == TMU_OP_QUERY_LOD && type != 5)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "getlod returns s32 (4.8 fixed point)");
    s->op.compare = f[TMU_IR3_F_B50] != 0;
    s->op.has_offset = f[TMU_IR3_F_B52] != 0;
    if (s->op.has_offset && !xl_dims[dim].off_axes)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, ".o: texel offsets are not defined for %s textures",
                            tmu_dim_name(dim));
    s->op.has_min_lod = f[TMU_IR3_F_B18] != 0;
    tmu_ir3_operands ops;
    if ((st = tmu_ir3_operands_get(&in, &ops)) != TMU_OK)
        return tmu_diag_set(diag, st, 0, 0, -1, "operand layout unknown");
    for (unsigned i = 0; i < ops.num_reads; i++) {
        const tmu_ir3_reguse *r = &ops.reads[i];
        tmu_xl_loc l = xl_loc(TMU_XL_L_SRC, r->reg, r->half);
        int slot = -1;
        tmu_xl_form form = TMU_XL_F_F32;
        switch (r->role) {
        case TMU_IR3_ROLE_COORD:
            if (r->component >= xl_dims[dim].axes)
                continue; /* the 1D padding y */
            slot = TMU_XL_COORD0 + r->component;
            form = fetch ? TMU_XL_F_I32 : TMU_XL_F_F32;
            break;
        case TMU_IR3_ROLE_SHADOW_REF: slot = TMU_XL_REF; break;
        case TMU_IR3_ROLE_ARRAY_INDEX:
            slot = TMU_XL_LAYER;
            form = fetch ? TMU_XL_F_I32 : gen == 3 ? TMU_XL_F_LAYER_RNE : TMU_XL_F_LAYER_TRUNC;
            break;
        case TMU_IR3_ROLE_GRAD_X: slot = TMU_XL_GX0 + r->component; break;
        case TMU_IR3_ROLE_GRAD_Y: slot = TMU_XL_GY0 + r->component; break;
        case TMU_IR3_ROLE_SAMPLE_INDEX: slot = TMU_XL_SAMPLE; form = TMU_XL_F_I32; break;
        case TMU_IR3_ROLE_OFFSET:
            if (r->component >= 3)
                continue;
            slot = TMU_XL_OFF0 + r->component;
            form = TMU_XL_F_I32;
            break;
        case TMU_IR3_ROLE_LOD: slot = TMU_XL_LOD; form = fetch ? TMU_XL_F_I32 : TMU_XL_F_F32; break;
        case TMU_IR3_ROLE_BIAS: slot = TMU_XL_LOD; break;
        case TMU_IR3_ROLE_MIN_LOD: slot = TMU_XL_MIN_LOD; break;
        default: continue; /* padding */
        }
        if (slot >= TMU_XL_OFF0 && slot <= TMU_XL_OFF2 && r->component >= xl_dims[dim].off_axes)
            continue;
        if (slot >= TMU_XL_GX0 && slot <= TMU_XL_GY2 && r->component >= xl_dims[dim].axes)
            continue;
        s->in[slot] = l;
        s->form[slot] = (uint8_t)form;
    }
    if (in.op == TMU_IR3_OP_ISAMM) {
        s->in[TMU_XL_LOD] = xl_imm(0);
        s->form[TMU_XL_LOD] = TMU_XL_F_I32;
    }
    for (unsigned i = 0; i < ops.num_writes; i++) {
        const tmu_ir3_reguse *w = &ops.writes[i];
        unsigned c = w->component & 3;
        s->res[c] = xl_loc(TMU_XL_L_SRC, w->reg, w->half);
        s->res_form[c] = w->half ? TMU_XL_R_HALFREG : TMU_XL_R_W32;
        s->result_mask |= (uint8_t)(1u << c);
    }
    return TMU_OK;
}

/* ---- neutral ----------------------------------------------------------------------------- */

static void need(tmu_xl_source *s, unsigned slot, tmu_xl_form form)
{
    s->in[slot] = xl_loc(TMU_XL_L_SRC, (uint16_t)slot, 0);
    s->form[slot] = (uint8_t)form;
}

tmu_status tmu_xl_source_neutral(const tmu_op *op, uint8_t result_mask, tmu_xl_source *s)
{
    if (!op || !s || (unsigned)op->dim >= TMU_DIM_COUNT || (unsigned)op->kind >= TMU_OP_KIND_COUNT)
        return TMU_ERR_INVALID_ARGUMENT;
    memset(s, 0, sizeof *s);
    s->arch.isa = TMU_XL_ISA_COUNT;
    s->op = *op;
    s->dim = op->dim;
    s->result_mask = result_mask;
    const xl_dim_info *d = &xl_dims[op->dim];
    int fetch = op->kind == TMU_OP_FETCH;
    if (op->kind == TMU_OP_SAMPLE || op->kind == TMU_OP_GATHER || op->kind == TMU_OP_FETCH ||
        op->kind == TMU_OP_QUERY_LOD)
        for (unsigned a = 0; a < d->axes; a++)
            need(s, TMU_XL_COORD0 + a, fetch ? TMU_XL_F_I32 : TMU_XL_F_F32);
    if (d->array && op->kind != TMU_OP_QUERY_SIZE && op->kind != TMU_OP_QUERY_LEVELS &&
        op->kind != TMU_OP_QUERY_SAMPLES)
        need(s, TMU_XL_LAYER, TMU_XL_F_I32);
    if (d->ms && fetch)
        need(s, TMU_XL_SAMPLE, TMU_XL_F_I32);
    if (op->kind == TMU_OP_SAMPLE && (op->level_mode == TMU_LEVEL_LOD || op->level_mode == TMU_LEVEL_BIAS))
        need(s, TMU_XL_LOD, TMU_XL_F_F32);
    if ((fetch && !d->ms) || op->kind == TMU_OP_QUERY_SIZE)
        need(s, TMU_XL_LOD, TMU_XL_F_I32);
    if (op->kind == TMU_OP_SAMPLE && op->level_mode == TMU_LEVEL_GRAD)
        for (unsigned a = 0; a < d->axes; a++) {
            need(s, TMU_XL_GX0 + a, TMU_XL_F_F32);
            need(s, TMU_XL_GY0 + a, TMU_XL_F_F32);
        }
    if (op->has_min_lod)
        need(s, TMU_XL_MIN_LOD, TMU_XL_F_F32);
    if (op->compare)
        need(s, TMU_XL_REF, TMU_XL_F_F32);
    if (op->has_offset)
        for (unsigned a = 0; a < d->off_axes; a++)
            need(s, TMU_XL_OFF0 + a, TMU_XL_F_I32);
    return TMU_OK;
}
