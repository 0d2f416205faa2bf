/* Lowering a lifted op to each target ISA, and the translation itself: pre-ops that carry every
 * neutral operand from its source form to the target's form, the target instruction(s), and
 * post-ops that turn the target's result registers into the source's result words. */
#include <stdio.h>

#include "translate/xl.h"

/* Turns the SRC locations a lift produced into TGT locations (the target's lift). */
static void as_target(tmu_xl_source *t)
{
    for (unsigned i = 0; i < TMU_XL_SLOT_COUNT; i++)
        if (t->in[i].kind == TMU_XL_L_SRC)
            t->in[i].kind = TMU_XL_L_TGT;
    for (unsigned i = 0; i < 5; i++)
        if (t->res[i].kind == TMU_XL_L_SRC)
            t->res[i].kind = TMU_XL_L_TGT;
}

static int want_16(const tmu_xl_source *s)
{
    return s->op.result == TMU_RESULT_F16 || s->op.result == TMU_RESULT_F16X2;
}

/* Components (bit c) the target must return: F16X2 words hold two components each. */
static unsigned comp_mask(const tmu_xl_source *s)
{
    unsigned m = s->result_mask & 15;
    if (s->op.result == TMU_RESULT_F16X2)
        m = (m & 1 ? 3u : 0u) | (m & 2 ? 12u : 0u);
    return m;
}

/* ---- GCN ------------------------------------------------------------------------------------ */

#define GCN_VADDR 8u

static const char *const gcn_type_names[16] = {
    [8] = "1D", [9] = "2D", [10] = "3D", [11] = "CUBE", [12] = "1D_ARRAY", [13] = "2D_ARRAY",
    [14] = "2D_MSAA", [15] = "2D_MSAA_ARRAY"};

tmu_status xl_lower_gcn(const tmu_xl_source *s, tmu_xl_program *p, tmu_xl_source *t, tmu_diag *diag)
{
    tmu_gcn_gen gen = (tmu_gcn_gen)p->to.gen;
    if ((unsigned)gen >= TMU_GCN_GEN_COUNT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "bad GCN generation");
    unsigned cls, want = 0;
    const tmu_op *op = &s->op;
    int fetch_mip = 0;
    switch (op->kind) {
    case TMU_OP_SAMPLE: cls = TMU_GCN_CLASS_SAMPLE; break;
    case TMU_OP_GATHER: cls = TMU_GCN_CLASS_GATHER; break;
    case TMU_OP_QUERY_LOD: cls = TMU_GCN_CLASS_GET_LOD; break;
    case TMU_OP_FETCH:
        cls = TMU_GCN_CLASS_LOAD;
        fetch_mip = !(s->in[TMU_XL_LOD].kind == TMU_XL_L_IMM && s->in[TMU_XL_LOD].imm == 0) &&
                    s->in[TMU_XL_LOD].kind != TMU_XL_L_NONE;
        break;
    default: return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "no GCN form for this op");
    }
    if (cls == TMU_GCN_CLASS_LOAD) {
        want = fetch_mip ? TMU_GCN_OPF_MIP : 0;
    } else {
        if (op->compare)
            want |= TMU_GCN_OPF_COMPARE;
        if (op->has_offset)
            want |= TMU_GCN_OPF_OFFSET;
        if (op->has_min_lod)
            want |= TMU_GCN_OPF_CLAMP;
        switch (op->level_mode) {
        case TMU_LEVEL_BASE: want |= TMU_GCN_OPF_LZ; break;
        case TMU_LEVEL_LOD: want |= TMU_GCN_OPF_LOD; break;
        case TMU_LEVEL_BIAS: want |= TMU_GCN_OPF_BIAS; break;
        case TMU_LEVEL_GRAD: want |= TMU_GCN_OPF_DERIV; break;
        default: break;
        }
    }
    const unsigned mask = TMU_GCN_OPF_OFFSET | TMU_GCN_OPF_BIAS | TMU_GCN_OPF_COMPARE | TMU_GCN_OPF_DERIV |
                          TMU_GCN_OPF_LOD | TMU_GCN_OPF_CLAMP | TMU_GCN_OPF_MIP | TMU_GCN_OPF_LZ |
                          TMU_GCN_OPF_PCK | TMU_GCN_OPF_SGN | TMU_GCN_OPF_COARSE | TMU_GCN_OPF_CMPSWAP;
    size_t n;
    const tmu_gcn_opcode_info *rows = tmu_gcn_opcodes(&n), *row = NULL;
    for (size_t i = 0; i < n && !row; i++)
        if (rows[i].cls == cls && (rows[i].flags & mask) == want && rows[i].op[gen] != TMU_GCN_NO_OP)
            row = &rows[i];
    if (!row)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "%s has no MIMG opcode for this combination",
                            tmu_gcn_gen_name(gen));
    tmu_gcn_mimg mi;
    tmu_gcn_mimg_init(&mi, gen, row);
    unsigned dmask = comp_mask(s);
    if (op->kind == TMU_OP_GATHER)
        dmask = op->compare ? 1u : 1u << op->component;
    if (op->kind == TMU_OP_QUERY_LOD)
        dmask = s->result_mask & 3;
    if (!dmask)
        dmask = 1;
    int d16 = want_16(s) && gen != TMU_GCN_GFX6 && gen != TMU_GCN_GFX7;
    tmu_result_type rt = want_16(s) ? (d16 ? TMU_RESULT_F16 : TMU_RESULT_F32) : op->result;
    if (s->op.kind == TMU_OP_QUERY_LOD)
        rt = TMU_RESULT_F32;
    mi.f[TMU_GCN_F_DMASK] = dmask;
    mi.f[TMU_GCN_F_UNORM] = cls == TMU_GCN_CLASS_LOAD;
    mi.f[TMU_GCN_F_DA] = xl_dims[s->dim].array || xl_dims[s->dim].cube;
    mi.f[TMU_GCN_F_D16] = (uint32_t)d16;
    mi.f[TMU_GCN_F_TFE] = op->want_residency;
    mi.f[TMU_GCN_F_VADDR] = GCN_VADDR;
    mi.f[TMU_GCN_F_VDATA] = 0;
    mi.f[TMU_GCN_F_SRSRC] = 0;
    mi.f[TMU_GCN_F_SSAMP] = cls == TMU_GCN_CLASS_LOAD ? 0 : 2;
    tmu_status st = tmu_gcn_validate(&mi, diag);
    uint64_t word;
    if (st == TMU_OK)
        st = tmu_gcn_encode(&mi, &word, diag);
    if (st != TMU_OK)
        return st;
    if ((st = tmu_xl_lift_gcn(gen, word, s->dim, rt == TMU_RESULT_F16 ? TMU_RESULT_F32 : rt, t, diag)) != TMU_OK)
        return st;
    as_target(t);
    tmu_gcn_vaddr_layout lay;
    if ((st = tmu_gcn_vaddr_layout_get(gen, row, (tmu_gcn_image_type)xl_dims[s->dim].gcn_type, false, &lay,
                                       diag)) != TMU_OK)
        return st;
    if (op->want_residency) {
        /* TFE writes the status only on failure: zero all of VDATA first (translation.md §2.4) */
        unsigned nv = tmu_gcn_vdata_count(&mi);
        for (unsigned i = 0; i < nv && p->nsteps < TMU_XL_MAX_STEPS; i++) {
            tmu_xl_step *sp = &p->step[p->nsteps++];
            memset(sp, 0, sizeof *sp);
            sp->kind = TMU_XL_STEP_UOP;
            sp->op = TMU_XL_MOV;
            sp->slot = TMU_XL_SLOT_COUNT;
            sp->d = xl_loc(TMU_XL_L_TGT, (uint16_t)(mi.f[TMU_GCN_F_VDATA] + i), 0);
            sp->a = xl_imm(0);
        }
    }
    tmu_xl_instr *x = &p->instr[p->ninstr++];
    x->word = word;
    /* the text names VADDR as a register class llvm-mc accepts (9 address dwords print as 16) */
    unsigned vc = lay.vgprs;
    while (vc < 16 && !tmu_gcn_llvm_vaddr_ok(row, vc))
        vc++;
    x->vaddr_count = (uint8_t)lay.vgprs;
    tmu_gcn_print_opts po = {(int)vc};
    if (tmu_gcn_print_llvm(&mi, &po, x->text, sizeof x->text) < 0)
        return tmu_diag_set(diag, TMU_ERR_BUFFER_TOO_SMALL, 0, 0, -1, "GCN text does not fit");
    snprintf(p->desc, sizeof p->desc,
             "T# s[0:7]: TYPE = %s (%s)%s; S# s[8:11]%s", gcn_type_names[xl_dims[s->dim].gcn_type],
             tmu_dim_name(s->dim),
             s->dim == TMU_DIM_CUBE_ARRAY ? ", BASE_ARRAY..LAST_ARRAY span 6 faces per cube" : "",
             cls == TMU_GCN_CLASS_LOAD ? " not read (UNORM load)" : ": the sampler state of the source");
    return TMU_OK;
}

/* ---- ir3 ------------------------------------------------------------------------------------ */

#define IR3_SRC1 4u  /* r1.x */
#define IR3_SRC2 20u /* r5.x */
#define IR3_RCK_DST 28u /* r7.x */

tmu_status xl_lower_ir3(const tmu_xl_source *s, tmu_xl_program *p, tmu_xl_source *t, tmu_diag *diag)
{
    uint32_t gpu = p->to.gen;
    int gen = (int)(gpu / 100);
    const tmu_op *op = &s->op;
    tmu_ir3_instr in;
    memset(&in, 0, sizeof in);
    in.gpu_id = gpu;
    switch (op->kind) {
    case TMU_OP_SAMPLE:
        in.op = op->level_mode == TMU_LEVEL_IMPLICIT ? TMU_IR3_OP_SAM
                : op->level_mode == TMU_LEVEL_BIAS   ? TMU_IR3_OP_SAMB
                : op->level_mode == TMU_LEVEL_GRAD   ? TMU_IR3_OP_SAMGQ
                                                     : TMU_IR3_OP_SAML;
        break;
    case TMU_OP_GATHER: in.op = (tmu_ir3_op)(TMU_IR3_OP_GATHER4R + op->component); break;
    case TMU_OP_FETCH: in.op = xl_dims[s->dim].ms ? TMU_IR3_OP_ISAMM : TMU_IR3_OP_ISAML; break;
    case TMU_OP_QUERY_LOD: in.op = TMU_IR3_OP_GETLOD; break;
    default: return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "no ir3 form for this op");
    }
    uint8_t *f = in.field;
    unsigned type;
    switch (op->result) {
    case TMU_RESULT_F16:
    case TMU_RESULT_F16X2: type = 0; break;
    case TMU_RESULT_U32: type = 3; break;
    case TMU_RESULT_S32: type = 5; break;
    default: type = 1; break;
    }
    if (op->kind == TMU_OP_QUERY_LOD)
        type = 5;
    f[TMU_IR3_F_FULL] = 1;
    f[TMU_IR3_F_SRC1] = IR3_SRC1;
    /* SRC2 only where Mesa has one (offsets, LOD or bias, minimum LOD); elsewhere its bits are
     * unexpected and the printed text would not assemble back to the word */
    int src2 = op->has_offset || op->has_min_lod || in.op == TMU_IR3_OP_ISAML ||
               (op->kind == TMU_OP_SAMPLE && (op->level_mode == TMU_LEVEL_LOD || op->level_mode == TMU_LEVEL_BASE ||
                                              op->level_mode == TMU_LEVEL_BIAS));
    f[TMU_IR3_F_SRC2] = src2 ? IR3_SRC2 : 0;
    f[TMU_IR3_F_DST] = 0;
    unsigned wr = comp_mask(s);
    if (op->kind == TMU_OP_QUERY_LOD)
        wr &= 3;
    f[TMU_IR3_F_WRMASK] = (uint8_t)(wr ? wr : 1);
    f[TMU_IR3_F_TYPE] = (uint8_t)type;
    f[TMU_IR3_F_3D] = xl_dims[s->dim].axes == 3;
    f[TMU_IR3_F_A] = xl_dims[s->dim].array;
    f[TMU_IR3_F_B50] = op->compare;
    f[TMU_IR3_F_B52] = op->has_offset;
    f[TMU_IR3_F_B18] = op->has_min_lod;
    f[TMU_IR3_F_CAT] = 5;
    f[TMU_IR3_F_OPC] = tmu_ir3_opinfo_get(in.op)->opc;
    uint64_t word;
    tmu_status st = tmu_ir3_encode(&in, &word, diag);
    if (st != TMU_OK)
        return st;
    tmu_ir3_instr in0 = in;
    (void)in0;
    if ((st = tmu_xl_lift_ir3(gpu, word, s->dim, t, diag)) != TMU_OK)
        return st;
    as_target(t);
    if (t->form[TMU_XL_LAYER] == TMU_XL_F_LAYER_TRUNC)
        t->form[TMU_XL_LAYER] = TMU_XL_F_LAYER_HALF; /* Mesa: float index + 0.5 on a4xx+ */
    tmu_xl_instr *x = &p->instr[p->ninstr++];
    x->word = word;
    tmu_ir3_instr dec;
    if ((st = tmu_ir3_decode(word, gpu, &dec, diag)) != TMU_OK)
        return st;
    if (dec.num_notes)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "internal: %s word with unexpected bits",
                            tmu_ir3_opinfo_get(in.op)->name);
    tmu_ir3_print(&dec, 0, x->text, sizeof x->text);
    if (op->want_residency) {
        /* the same access again with .rck (TYPE 7): x = 1 when it touches a non-resident tile */
        tmu_ir3_instr rck = in;
        rck.field[TMU_IR3_F_TYPE] = 7;
        rck.field[TMU_IR3_F_WRMASK] = 1;
        rck.field[TMU_IR3_F_DST] = IR3_RCK_DST;
        tmu_xl_instr *y = &p->instr[p->ninstr++];
        tmu_ir3_instr rd;
        if ((st = tmu_ir3_encode(&rck, &y->word, diag)) != TMU_OK ||
            (st = tmu_ir3_decode(y->word, gpu, &rd, diag)) != TMU_OK)
            return st;
        tmu_ir3_print(&rd, 0, y->text, sizeof y->text);
        t->res[4] = xl_loc(TMU_XL_L_TGT, IR3_RCK_DST, 0);
        t->res_form[4] = TMU_XL_R_RCK;
    }
    /* padding the hardware reads: 1D y (0.5 for sam*, 0 for isam*), gradient pads (0) */
    tmu_ir3_operands ops;
    if (tmu_ir3_operands_get(&dec, &ops) == TMU_OK) {
        for (unsigned i = 0; i < ops.num_reads && p->nsteps < TMU_XL_MAX_STEPS; i++) {
            const tmu_ir3_reguse *r = &ops.reads[i];
            uint32_t v;
            if (r->role == TMU_IR3_ROLE_COORD && r->component >= xl_dims[s->dim].axes)
                v = op->kind == TMU_OP_FETCH ? 0 : xl_fbits(0.5f);
            else if (r->role == TMU_IR3_ROLE_GRAD_PAD ||
                     ((r->role == TMU_IR3_ROLE_GRAD_X || r->role == TMU_IR3_ROLE_GRAD_Y) &&
                      r->component >= xl_dims[s->dim].axes) ||
                     (r->role == TMU_IR3_ROLE_OFFSET && r->component >= xl_dims[s->dim].off_axes))
                v = 0;
            else
                continue;
            tmu_xl_step *sp = &p->step[p->nsteps++];
            memset(sp, 0, sizeof *sp);
            sp->kind = TMU_XL_STEP_UOP;
            sp->op = TMU_XL_MOV;
            sp->slot = TMU_XL_SLOT_COUNT;
            sp->d = xl_loc(TMU_XL_L_TGT, r->reg, r->half);
            sp->a = xl_imm(v);
        }
    }
    snprintf(p->desc, sizeof p->desc, "t#0: a %s texture descriptor%s; s#0: the sampler state of the source%s",
             tmu_dim_name(s->dim), xl_dims[s->dim].array ? " (.a: DEPTH = layers)" : "",
             gen == 3 && xl_dims[s->dim].array ? "; a3xx rounds the float array index" : "");
    return TMU_OK;
}

/* ---- PTX ------------------------------------------------------------------------------------ */

typedef struct ptx_w {
    char *buf;
    size_t size, len;
    unsigned nf, nr, nh;
} ptx_w;

static void pw(ptx_w *w, const char *fmt, const char *a)
{
    int n = snprintf(w->buf + w->len, w->len < w->size ? w->size - w->len : 0, fmt, a);
    if (n > 0)
        w->len += (size_t)n;
}

static void preg(ptx_w *w, char cls)
{
    char b[16];
    unsigned *c = cls == 'f' ? &w->nf : cls == 'h' ? &w->nh : &w->nr;
    snprintf(b, sizeof b, "%%%c%u", cls, (*c)++);
    pw(w, "%s", b);
}

/* A vector of n registers of class cls, padded to `width` elements (1 = scalar form {x}) with the
 * zero immediate of the vector's element type (0f00000000 for .f32, 0 for .s32): ptxas refuses a
 * sink '_' as a source element ("Sink '_' not allowed as a source operand"), and the hardware
 * reads no unused element (the 4th of a .3d/.cube/.a2d coordinate, .3d offset or gradient
 * vector), so the value changes no result (docs/translation-matrix.md, "Unused vector
 * elements"). */
static void pvec(ptx_w *w, const char *lead, unsigned n, char cls, unsigned width)
{
    pw(w, "%s", "{");
    unsigned i = 0;
    if (lead) {
        pw(w, "%s", lead);
        i++;
    }
    for (unsigned k = 0; k < n; k++, i++) {
        if (i)
            pw(w, "%s", ", ");
        preg(w, cls);
    }
    for (; i < width; i++)
        pw(w, "%s", cls == 'f' ? ", 0f00000000" : ", 0");
    pw(w, "%s", "}");
}

tmu_status xl_lower_ptx(const tmu_xl_source *s, tmu_xl_program *p, tmu_xl_source *t, tmu_diag *diag)
{
    const tmu_op *op = &s->op;
    const xl_dim_info *d = &xl_dims[s->dim];
    ptx_w w = {p->text, sizeof p->text, 0, 0, 0, 0};
    const char *dt = op->result == TMU_RESULT_F32 ? "f32"
                     : op->result == TMU_RESULT_S32 ? "s32"
                     : op->result == TMU_RESULT_U32 ? "u32"
                     : op->result == TMU_RESULT_F16 ? "f16"
                                                     : "f16x2";
    int x2 = op->result == TMU_RESULT_F16X2;
    if (op->kind == TMU_OP_GATHER) {
        static const char comps[4][3] = {"r", "g", "b", "a"};
        pw(&w, "tld4.%s", comps[op->component & 3]);
        pw(&w, ".%s", d->ptx);
    } else if (op->kind == TMU_OP_SAMPLE || op->kind == TMU_OP_FETCH) {
        pw(&w, "%s", "tex");
        if (op->kind == TMU_OP_SAMPLE && op->level_mode == TMU_LEVEL_LOD)
            pw(&w, "%s", ".level");
        else if (op->kind == TMU_OP_SAMPLE && op->level_mode == TMU_LEVEL_GRAD)
            pw(&w, "%s", ".grad");
        pw(&w, ".%s", d->ptx);
    } else {
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "no PTX form for this op");
    }
    pw(&w, ".%s", x2 ? "v2" : "v4");
    pw(&w, ".%s", dt);
    pw(&w, ".%s ", op->kind == TMU_OP_FETCH ? "s32" : "f32");
    char rc = op->result == TMU_RESULT_F32 ? 'f' : op->result == TMU_RESULT_F16 ? 'h' : 'r';
    pvec(&w, NULL, x2 ? 2 : 4, rc, 0);
    if (op->want_residency)
        pw(&w, "%s", "|%p0");
    pw(&w, "%s", ", [tex0, ");
    /* coordinates, per geometry (ptx.md §2.2) */
    char lead[16];
    if (d->ms) {
        snprintf(lead, sizeof lead, "%%r%u", w.nr++);
        if (d->array) {
            char l2[40];
            snprintf(l2, sizeof l2, "%s, %%r%u", lead, w.nr++);
            pvec(&w, l2, 2, 'r', 0);
        } else {
            pvec(&w, lead, 2, 'r', 4);
        }
    } else if (d->array) {
        snprintf(lead, sizeof lead, "%%r%u", w.nr++);
        pvec(&w, lead, d->axes, 'f', d->axes == 1 ? 2 : 4);
    } else {
        pvec(&w, NULL, d->axes, 'f', d->axes == 3 ? 4 : d->axes);
    }
    pw(&w, "%s", "]");
    unsigned gw = d->axes == 3 ? 4 : d->axes;
    if (op->kind == TMU_OP_SAMPLE && op->level_mode == TMU_LEVEL_LOD) {
        pw(&w, "%s", ", ");
        preg(&w, 'f');
    }
    if (op->kind == TMU_OP_SAMPLE && op->level_mode == TMU_LEVEL_GRAD) {
        pw(&w, "%s", ", ");
        pvec(&w, NULL, d->axes, 'f', gw);
        pw(&w, "%s", ", ");
        pvec(&w, NULL, d->axes, 'f', gw);
    }
    if (op->has_offset) {
        pw(&w, "%s", ", ");
        pvec(&w, NULL, d->off_axes, 'r', d->off_axes == 3 ? 4 : d->off_axes);
    }
    if (op->compare) {
        pw(&w, "%s", ", ");
        preg(&w, 'f');
    }
    pw(&w, "%s", ";");
    if (w.len >= w.size)
        return tmu_diag_set(diag, TMU_ERR_BUFFER_TOO_SMALL, 0, 0, -1, "PTX text does not fit");
    tmu_xl_instr *x = &p->instr[p->ninstr++];
    tmu_status st = tmu_ptx_parse_instr(p->text, w.len, &x->ptx, diag);
    if (st != TMU_OK)
        return st;
    if (w.len >= sizeof x->text)
        return tmu_diag_set(diag, TMU_ERR_BUFFER_TOO_SMALL, 0, 0, -1, "PTX text does not fit");
    memcpy(x->text, p->text, w.len);
    x->text[w.len] = 0;
    if ((st = xl_lift_ptx_instr(&x->ptx, t, diag)) != TMU_OK)
        return st;
    /* PTX target registers: "%f3" -> class F, index 3 */
    tmu_xl_loc *ls[TMU_XL_SLOT_COUNT + 5];
    unsigned nl = 0;
    for (unsigned i = 0; i < TMU_XL_SLOT_COUNT; i++)
        ls[nl++] = &t->in[i];
    for (unsigned i = 0; i < 5; i++)
        ls[nl++] = &t->res[i];
    for (unsigned i = 0; i < nl; i++) {
        tmu_xl_loc *l = ls[i];
        if (l->kind != TMU_XL_L_SRC)
            continue;
        const char *nm = t->names[l->index];
        unsigned cls = nm[1] == 'f' ? TMU_XL_PTX_F : nm[1] == 'h' ? TMU_XL_PTX_H : nm[1] == 'p' ? TMU_XL_PTX_P : TMU_XL_PTX_R;
        unsigned idx = 0;
        for (unsigned k = 2; k < t->name_len[l->index]; k++)
            idx = idx * 10 + (unsigned)(nm[k] - '0');
        *l = xl_loc(TMU_XL_L_TGT, (uint16_t)idx, 0);
        l->cls = (uint8_t)cls;
    }
    t->nnames = 0;
    snprintf(p->desc, sizeof p->desc,
             ".texref tex0 (unified mode): the texture with its own sampler state (%s)",
             tmu_dim_name(s->dim));
    return TMU_OK;
}

/* ---- the translation ------------------------------------------------------------------------- */

typedef struct emitter {
    tmu_xl_program *p;
    unsigned ntmp;
    int overflow;
} emitter;

static tmu_xl_loc emit(emitter *e, tmu_xl_uop op, uint8_t slot, tmu_xl_loc d, tmu_xl_loc a, tmu_xl_loc b,
                       tmu_xl_loc c, uint32_t k)
{
    if (d.kind == TMU_XL_L_NONE) {
        if (e->ntmp >= TMU_XL_MAX_TMP) {
            e->overflow = 1;
            return d;
        }
        d = xl_loc(TMU_XL_L_TMP, (uint16_t)e->ntmp++, 0);
    }
    if (e->p->nsteps >= TMU_XL_MAX_STEPS) {
        e->overflow = 1;
        return d;
    }
    tmu_xl_step *s = &e->p->step[e->p->nsteps++];
    memset(s, 0, sizeof *s);
    s->kind = TMU_XL_STEP_UOP;
    s->op = (uint8_t)op;
    s->slot = slot;
    s->d = d, s->a = a, s->b = b, s->c = c;
    s->k = k;
    return d;
}

static const tmu_xl_loc NONE_LOC = {0, 0, 0, 0, 0};

/* The canonical value of a slot as a location (a source register, an immediate or a temporary). */
static tmu_xl_loc canon(emitter *e, const tmu_xl_source *s, unsigned slot, tmu_xl_loc cache[])
{
    if (cache[slot].kind != TMU_XL_L_NONE)
        return cache[slot];
    tmu_xl_loc l = s->in[slot], r;
    unsigned form = s->form[slot];
    if (l.kind == TMU_XL_L_NONE) {
        /* absent at the source: LOD 0 (.base, image_load), offset 0, layer 0 */
        r = xl_imm(0);
    } else if (form == TMU_XL_F_FACE) {
        if (slot == TMU_XL_LAYER)
            r = emit(e, TMU_XL_CUBE_LAYER, (uint8_t)slot, NONE_LOC, l, NONE_LOC, NONE_LOC, 0);
        else
            r = emit(e, TMU_XL_CUBE_DIR, (uint8_t)slot, NONE_LOC, s->in[TMU_XL_COORD0], s->in[TMU_XL_COORD1],
                     s->in[TMU_XL_COORD2], slot - TMU_XL_COORD0);
    } else if (form == TMU_XL_F_PACK6) {
        r = emit(e, TMU_XL_UNPACK_OFF6, (uint8_t)slot, NONE_LOC, l, NONE_LOC, NONE_LOC, slot - TMU_XL_OFF0);
    } else if (l.kind == TMU_XL_L_IMM && form != TMU_XL_F_WRAP4 && form != TMU_XL_F_WRAP6) {
        r = l; /* immediates are canonical already (lift) */
    } else if (xl_convs[form].to_canon == TMU_XL_MOV) {
        r = l;
    } else {
        r = emit(e, (tmu_xl_uop)xl_convs[form].to_canon, (uint8_t)slot, NONE_LOC, l, NONE_LOC, NONE_LOC,
                 xl_convs[form].to_k);
    }
    cache[slot] = r;
    return r;
}

/* Is an immediate-only canonical value the same as the target's immediate (e.g. LZ)? */
static tmu_status carry_inputs(emitter *e, const tmu_xl_source *s, const tmu_xl_source *t, tmu_diag *diag)
{
    tmu_xl_loc cache[TMU_XL_SLOT_COUNT];
    memset(cache, 0, sizeof cache);
    /* fetch offsets on a target without fetch offsets (GCN image_load): add to the coordinates */
    int add_off = s->op.kind == TMU_OP_FETCH && s->op.has_offset && !t->op.has_offset;
    if (add_off)
        for (unsigned a = 0; a < xl_dims[s->dim].off_axes; a++) {
            tmu_xl_loc c = canon(e, s, TMU_XL_COORD0 + a, cache);
            tmu_xl_loc o = canon(e, s, TMU_XL_OFF0 + a, cache);
            cache[TMU_XL_COORD0 + a] = emit(e, TMU_XL_ADD_I32, (uint8_t)(TMU_XL_COORD0 + a), NONE_LOC, c, o,
                                            NONE_LOC, 0);
        }
    int packed_done = 0;
    for (unsigned slot = 0; slot < TMU_XL_SLOT_COUNT; slot++) {
        tmu_xl_loc d = t->in[slot];
        unsigned form = t->form[slot];
        if (d.kind != TMU_XL_L_TGT)
            continue;
        if (form == TMU_XL_F_PACK6) {
            if (packed_done++)
                continue;
            tmu_xl_loc o[3];
            for (unsigned a = 0; a < 3; a++)
                o[a] = a < xl_dims[s->dim].off_axes ? canon(e, s, TMU_XL_OFF0 + a, cache) : xl_imm(0);
            emit(e, TMU_XL_PACK_OFF6, TMU_XL_OFF0, d, o[0], o[1], o[2], 0);
            continue;
        }
        if (form == TMU_XL_F_FACE) {
            if (slot == TMU_XL_LAYER)
                continue;
            tmu_xl_loc dir[3];
            for (unsigned a = 0; a < 3; a++)
                dir[a] = canon(e, s, TMU_XL_COORD0 + a, cache);
            if (slot == TMU_XL_COORD0)
                emit(e, TMU_XL_CUBE_SC, (uint8_t)slot, t->in[TMU_XL_COORD0], dir[0], dir[1], dir[2], 0);
            else if (slot == TMU_XL_COORD1)
                emit(e, TMU_XL_CUBE_TC, (uint8_t)slot, t->in[TMU_XL_COORD1], dir[0], dir[1], dir[2], 0);
            else if (s->dim == TMU_DIM_CUBE_ARRAY) {
                tmu_xl_loc fc = emit(e, TMU_XL_CUBE_FACE, (uint8_t)slot, NONE_LOC, dir[0], dir[1], dir[2], 0);
                emit(e, TMU_XL_CUBE_FACE_ARR, (uint8_t)slot, d, fc, canon(e, s, TMU_XL_LAYER, cache), NONE_LOC, 0);
            } else {
                emit(e, TMU_XL_CUBE_FACE, (uint8_t)slot, d, dir[0], dir[1], dir[2], 0);
            }
            continue;
        }
        tmu_xl_loc v = canon(e, s, slot, cache);
        /* a float slot fed by an integer value (the fetch level of a sample) or the reverse */
        if (xl_convs[form].from_canon < 0)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "internal: no form for %s",
                                tmu_xl_slot_name((tmu_xl_slot)slot));
        if (v.kind == TMU_XL_L_IMM && xl_convs[form].from_canon != TMU_XL_MOV) {
            v = xl_imm(tmu_xl_uop_eval((tmu_xl_uop)xl_convs[form].from_canon, v.imm, 0, 0, xl_convs[form].from_k));
            emit(e, TMU_XL_MOV, (uint8_t)slot, d, v, NONE_LOC, NONE_LOC, 0);
        } else {
            emit(e, (tmu_xl_uop)xl_convs[form].from_canon, (uint8_t)slot, d, v, NONE_LOC, NONE_LOC,
                 xl_convs[form].from_k);
        }
    }
    return TMU_OK;
}

/* The canonical 16-bit (F16) or 32-bit value of result word c from the target's registers. */
static tmu_xl_loc target_result(emitter *e, const tmu_xl_source *t, unsigned c, int f16)
{
    tmu_xl_loc l = t->res[c];
    if (t->res_form[c] == TMU_XL_R_LO16) {
        tmu_xl_loc g = l;
        g.half = 0;
        return emit(e, l.half == 2 ? TMU_XL_HI16 : TMU_XL_LO16, TMU_XL_SLOT_COUNT, NONE_LOC, g, NONE_LOC,
                    NONE_LOC, 0);
    }
    if (f16 && t->res_form[c] == TMU_XL_R_W32 && t->op.result != TMU_RESULT_F16 &&
        t->op.result != TMU_RESULT_F16X2) /* gfx6/7: no D16, convert the f32 result */
        return emit(e, TMU_XL_CVT_F16_F32, TMU_XL_SLOT_COUNT, NONE_LOC, l, NONE_LOC, NONE_LOC, 0);
    return l;
}

static tmu_status carry_words(emitter *e, const tmu_xl_source *s, const tmu_xl_source *t, tmu_diag *diag);

static tmu_status carry_results(emitter *e, const tmu_xl_source *s, const tmu_xl_source *t, tmu_diag *diag)
{
    tmu_status st = carry_words(e, s, t, diag);
    if (st != TMU_OK || !s->op.want_residency)
        return st;
    if (t->res[4].kind == TMU_XL_L_NONE)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "internal: no residency result");
    /* canonical residency: 1 = resident */
    emit(e, t->res_form[4] == TMU_XL_R_PRED ? TMU_XL_MOV : TMU_XL_EQ0, TMU_XL_SLOT_COUNT,
         xl_loc(TMU_XL_L_RES, 4, 0), t->res[4], NONE_LOC, NONE_LOC, 0);
    return TMU_OK;
}

static tmu_status carry_words(emitter *e, const tmu_xl_source *s, const tmu_xl_source *t, tmu_diag *diag)
{
    int f16 = want_16(s);
    if (s->op.result == TMU_RESULT_F16X2 && t->op.result != TMU_RESULT_F16X2) {
        for (unsigned w = 0; w < 2; w++) {
            if (!(s->result_mask >> w & 1))
                continue;
            tmu_xl_loc lo = target_result(e, t, 2 * w, 1), hi = target_result(e, t, 2 * w + 1, 1);
            emit(e, TMU_XL_PACK16, TMU_XL_SLOT_COUNT, xl_loc(TMU_XL_L_RES, (uint16_t)w, 0), lo, hi, NONE_LOC, 0);
        }
        return TMU_OK;
    }
    if (t->op.result == TMU_RESULT_F16X2 && s->op.result != TMU_RESULT_F16X2) {
        for (unsigned c = 0; c < 4; c++) {
            if (!(s->result_mask >> c & 1))
                continue;
            emit(e, (c & 1) ? TMU_XL_HI16 : TMU_XL_LO16, TMU_XL_SLOT_COUNT, xl_loc(TMU_XL_L_RES, (uint16_t)c, 1),
                 t->res[c / 2], NONE_LOC, NONE_LOC, 0);
        }
        return TMU_OK;
    }
    for (unsigned c = 0; c < 4; c++) {
        if (!(s->result_mask >> c & 1))
            continue;
        if (t->res[c].kind == TMU_XL_L_NONE)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "internal: result %u not produced", c);
        tmu_xl_loc v = target_result(e, t, c, f16);
        tmu_xl_uop op = TMU_XL_MOV;
        if (s->op.kind == TMU_OP_QUERY_LOD && s->arch.isa == TMU_XL_IR3 && t->arch.isa != TMU_XL_IR3)
            op = TMU_XL_FIXED48;
        emit(e, op, TMU_XL_SLOT_COUNT, xl_loc(TMU_XL_L_RES, (uint16_t)c, (uint8_t)f16), v, NONE_LOC, NONE_LOC, 0);
    }
    return TMU_OK;
}

static int same_loc(const tmu_xl_loc *a, const tmu_xl_loc *b)
{
    return a->kind == b->kind && a->index == b->index && a->half == b->half && a->cls == b->cls &&
           a->imm == b->imm;
}

/* "$t = op ...; R = mov $t" with $t read nowhere else becomes "R = op ..." */
static void peephole(tmu_xl_program *p)
{
    for (unsigned i = 1; i < p->nsteps; i++) {
        tmu_xl_step *m = &p->step[i], *prev = &p->step[i - 1];
        if (m->kind != TMU_XL_STEP_UOP || m->op != TMU_XL_MOV || m->a.kind != TMU_XL_L_TMP ||
            prev->kind != TMU_XL_STEP_UOP || !same_loc(&prev->d, &m->a))
            continue;
        int other = 0;
        for (unsigned j = 0; j < p->nsteps && !other; j++) {
            if (j == i || p->step[j].kind != TMU_XL_STEP_UOP)
                continue;
            const tmu_xl_step *o = &p->step[j];
            other = same_loc(&o->a, &m->a) || same_loc(&o->b, &m->a) || same_loc(&o->c, &m->a);
        }
        if (other)
            continue;
        prev->d = m->d;
        if (m->slot != TMU_XL_SLOT_COUNT)
            prev->slot = m->slot;
        memmove(m, m + 1, (p->nsteps - i - 1) * sizeof *m);
        p->nsteps--;
        i--;
    }
}

tmu_status tmu_xl_translate(const tmu_xl_source *src, tmu_xl_arch to, tmu_xl_program *p, tmu_diag *diag)
{
    tmu_diag_clear(diag);
    if (!src || !p || (unsigned)to.isa >= TMU_XL_ISA_COUNT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "bad argument");
    memset(p, 0, sizeof *p);
    p->from = src->arch;
    p->to = to;
    p->dim = src->dim;
    if (to.isa == TMU_XL_GCN && TMU_GCN_GEN_IS_RDNA(to.gen))
        return xl_translate_rdna(src, to, p, diag); /* rdna.c: through gfx9 */
    if (to.isa == TMU_XL_GCN && to.gen >= TMU_GCN_GEN_COUNT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "bad GCN generation %u", to.gen);
    if (to.isa == TMU_XL_IR3 && (to.gen < 300 || to.gen > 799))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "ir3 GPU id %u: translation targets a3xx-a7xx (300-799)", to.gen);
    const char *why = xl_refusal(src, to);
    if (why)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "%s", why);
    if (src->op.kind == TMU_OP_QUERY_SIZE || src->op.kind == TMU_OP_QUERY_LEVELS ||
        src->op.kind == TMU_OP_QUERY_SAMPLES)
        return xl_lower_query(src, p, diag);
    /* the target instruction first (it fixes the target's layout); its steps go after the
     * pre-ops, so build into a scratch program and splice */
    tmu_xl_source t;
    tmu_xl_program *scratch = p; /* instructions and text are built in place */
    tmu_status st;
    unsigned pads_from = p->nsteps;
    switch (to.isa) {
    case TMU_XL_PTX: st = xl_lower_ptx(src, scratch, &t, diag); break;
    case TMU_XL_GCN: st = xl_lower_gcn(src, scratch, &t, diag); break;
    default: st = xl_lower_ir3(src, scratch, &t, diag); break;
    }
    if (st != TMU_OK)
        return st;
    (void)pads_from;
    emitter e = {p, 0, 0};
    if ((st = carry_inputs(&e, src, &t, diag)) != TMU_OK)
        return st;
    for (unsigned i = 0; i < p->ninstr && p->nsteps < TMU_XL_MAX_STEPS; i++) {
        tmu_xl_step *s = &p->step[p->nsteps++];
        memset(s, 0, sizeof *s);
        s->kind = TMU_XL_STEP_INSTR;
        s->instr = (uint8_t)i;
        s->slot = TMU_XL_SLOT_COUNT;
    }
    if ((st = carry_results(&e, src, &t, diag)) != TMU_OK)
        return st;
    if (e.overflow)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "internal: too many steps");
    peephole(p);
    return TMU_OK;
}
