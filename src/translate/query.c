/* Size, level-count and sample-count queries.  Each result word of a query has a meaning (xl.h
 * XLQ_*), normalised by the texture shape (a non-array's layer count is 1, the depth of a 2D
 * texture 1, ...).  A target offers some meanings (its menu: GCN image_get_resinfo, ir3
 * getsize/getinfo, PTX txq per attribute); every wanted meaning is taken from the menu directly
 * or derived by a short table of conversions (derivs[]).  What cannot be derived is refused. */
#include <stdio.h>

#include "translate/xl.h"

static const char *const q_names[XLQ_COUNT] = {
    "-",      "width",  "height",     "depth",   "layers",   "layers-1", "array_size", "in-range",
    "one",    "zero",   "levels",     "levels-1", "levels|0", "samples", "samples|0",  "minified layers",
    "level-0 depth", "level-0 depth-1", "array_size-1", "samples-1"};

/* Normalises a meaning for a shape; level0: the query's level is the constant 0 (in range). */
static unsigned norm(unsigned m, tmu_dim dim, int level0)
{
    const xl_dim_info *d = &xl_dims[dim];
    int three = dim == TMU_DIM_3D, h1 = d->axes == 1;
    switch (m) {
    case XLQ_H: m = h1 ? XLQ_ONE_IF : m; break;
    case XLQ_D: m = three ? m : XLQ_ONE_IF; break;
    case XLQ_LR: m = d->array ? m : XLQ_ONE_IF; break;
    case XLQ_LR_M1: m = d->array ? m : XLQ_ZERO; break;
    case XLQ_L0: m = d->array ? m : XLQ_ZERO; break;
    case XLQ_LMIN: m = d->array ? m : XLQ_ONE_IF; break;
    case XLQ_D0: m = three ? m : XLQ_ONE_IF; break;
    case XLQ_D0_M1: m = three ? m : XLQ_ZERO; break;
    case XLQ_SAMPLES: m = d->ms ? m : XLQ_ONE; break;
    case XLQ_SAMPLES0: m = d->ms ? m : XLQ_ZERO; break;
    case XLQ_SAMPLES_M1: m = d->ms ? m : XLQ_ZERO; break;
    default: break;
    }
    if (level0) {
        if (m == XLQ_ONE_IF)
            m = XLQ_ONE;
        else if (m == XLQ_LR)
            m = XLQ_L0;
        else if (m == XLQ_LR_M1)
            m = XLQ_L0_M1;
    }
    return m;
}

/* Conversions: want = op(have1[, have2]) (two-step ones through a temporary). */
typedef struct deriv {
    uint8_t want, have1, have2;
    uint8_t op1;          /* tmu_xl_uop applied to have1 */
    uint32_t k1;
    uint8_t op2;          /* then, when have2: d = op2(t, EQ0(have2)); else d = op2(t, 0, k2) */
    uint32_t k2;
    uint8_t op3;          /* then d = op3(d) (NOP: none) */
} deriv;

#define NOP 0xff
static const deriv derivs[] = {
    {XLQ_ONE_IF, XLQ_W, 0, TMU_XL_NE0, 0, NOP, 0, NOP},
    {XLQ_LEVELS0, XLQ_LEVELS, 0, TMU_XL_GT1_OR_0, 0, NOP, 0, NOP},
    {XLQ_LEVELS, XLQ_LEVELS0, 0, TMU_XL_MAX1, 0, NOP, 0, NOP},
    {XLQ_LEVELS, XLQ_LEVELS_M1, 0, TMU_XL_ADD_U32_IMM, 1, NOP, 0, NOP},
    {XLQ_LEVELS_M1, XLQ_LEVELS, 0, TMU_XL_ADD_U32_IMM, 0xffffffffu, NOP, 0, NOP},
    {XLQ_SAMPLES0, XLQ_SAMPLES, 0, TMU_XL_GT1_OR_0, 0, NOP, 0, NOP},
    {XLQ_SAMPLES, XLQ_SAMPLES0, 0, TMU_XL_MAX1, 0, NOP, 0, NOP},
    {XLQ_SAMPLES, XLQ_SAMPLES_M1, 0, TMU_XL_ADD_U32_IMM, 1, NOP, 0, NOP},
    {XLQ_SAMPLES_M1, XLQ_SAMPLES, 0, TMU_XL_ADD_U32_IMM, 0xffffffffu, NOP, 0, NOP},
    {XLQ_SAMPLES0, XLQ_SAMPLES_M1, 0, TMU_XL_ADD_U32_IMM, 1, TMU_XL_GT1_OR_0, 0, NOP},
    {XLQ_SAMPLES_M1, XLQ_SAMPLES0, 0, TMU_XL_MAX1, 0, TMU_XL_ADD_U32_IMM, 0xffffffffu, NOP},
    {XLQ_LR_M1, XLQ_LR, 0, TMU_XL_DEC_SAT, 0, NOP, 0, NOP},
    {XLQ_LR, XLQ_L0, XLQ_W, TMU_XL_MOV, 0, TMU_XL_ZERO_IF_1, 0, NOP},
    {XLQ_LR, XLQ_LR_M1, XLQ_W, TMU_XL_ADD_U32_IMM, 1, TMU_XL_ZERO_IF_1, 0, NOP},
    {XLQ_D0, XLQ_D0_M1, XLQ_W, TMU_XL_ADD_U32_IMM, 1, TMU_XL_ZERO_IF_1, 0, NOP},
    {XLQ_D0_M1, XLQ_D0, 0, TMU_XL_DEC_SAT, 0, NOP, 0, NOP},
    {XLQ_L0, XLQ_L0_M1, 0, TMU_XL_ADD_U32_IMM, 1, NOP, 0, NOP},
    {XLQ_L0_M1, XLQ_L0, 0, TMU_XL_ADD_U32_IMM, 0xffffffffu, NOP, 0, NOP},
    {XLQ_LEVELS0, XLQ_LEVELS_M1, 0, TMU_XL_ADD_U32_IMM, 1, TMU_XL_GT1_OR_0, 0, NOP},
    {XLQ_LEVELS_M1, XLQ_LEVELS0, 0, TMU_XL_MAX1, 0, TMU_XL_ADD_U32_IMM, 0xffffffffu, NOP},
    {XLQ_LR_M1, XLQ_L0, XLQ_W, TMU_XL_MOV, 0, TMU_XL_ZERO_IF_1, 0, TMU_XL_DEC_SAT},
};

/* The target's menu: what each instruction's component means. */
enum { QI_RESINFO, QI_GETSIZE, QI_GETINFO, QI_TXQ };
typedef struct qitem {
    uint8_t meaning, instr, comp; /* comp: component, or for QI_TXQ the tmu_ptx_query */
} qitem;

static unsigned menu(tmu_xl_arch to, tmu_dim dim, int level0, qitem *it)
{
    unsigned n = 0;
    int three = dim == TMU_DIM_3D, arr = xl_dims[dim].array, a3 = to.isa == TMU_XL_IR3 && to.gen < 400;
#define ADD(m, i, c) (it[n++] = (qitem){(uint8_t)norm((m), dim, level0), (i), (c)})
    switch (to.isa) {
    case TMU_XL_GCN:
        ADD(XLQ_W, QI_RESINFO, 0);
        ADD(dim == TMU_DIM_1D_ARRAY ? XLQ_LR : XLQ_H, QI_RESINFO, 1);
        ADD(three ? XLQ_D : (dim == TMU_DIM_2D_ARRAY || dim == TMU_DIM_CUBE_ARRAY) ? XLQ_LR : XLQ_ONE, QI_RESINFO, 2);
        ADD(XLQ_LEVELS, QI_RESINFO, 3);
        break;
    case TMU_XL_IR3:
        ADD(XLQ_W, QI_GETSIZE, 0);
        ADD(XLQ_H, QI_GETSIZE, 1);
        ADD(three ? XLQ_D : arr ? XLQ_LMIN : XLQ_ONE_IF, QI_GETSIZE, 2);
        ADD(three ? (a3 ? XLQ_D0_M1 : XLQ_D0) : (a3 ? XLQ_LR_M1 : XLQ_LR), QI_GETSIZE, 3);
        ADD(a3 ? XLQ_LEVELS_M1 : XLQ_LEVELS, QI_GETINFO, 2);
        ADD(a3 ? XLQ_SAMPLES_M1 : XLQ_SAMPLES, QI_GETINFO, 3);
        break;
    default:
        ADD(XLQ_W, QI_TXQ, TMU_PTX_Q_WIDTH);
        ADD(XLQ_H, QI_TXQ, TMU_PTX_Q_HEIGHT);
        ADD(XLQ_D, QI_TXQ, TMU_PTX_Q_DEPTH);
        ADD(XLQ_L0, QI_TXQ, TMU_PTX_Q_ARRAY_SIZE);
        ADD(XLQ_LEVELS0, QI_TXQ, TMU_PTX_Q_NUM_MIPMAP_LEVELS);
        ADD(XLQ_SAMPLES0, QI_TXQ, TMU_PTX_Q_NUM_SAMPLES);
        break;
    }
#undef ADD
    return n;
}

static int find(const qitem *it, unsigned n, unsigned m)
{
    for (unsigned i = 0; i < n; i++)
        if (it[i].meaning == m)
            return (int)i;
    return -1;
}

/* How to get meaning m: returns 0 and fills the plan, or -1. */
typedef struct qplan {
    int kind;       /* 0 const, 1 item, 2 derivation */
    uint32_t value; /* const */
    int item;
    const deriv *dv;
    int item2;
} qplan;

static int plan(const qitem *it, unsigned n, unsigned m, qplan *pl)
{
    memset(pl, 0, sizeof *pl);
    if (m == XLQ_ZERO || m == XLQ_ONE) {
        pl->value = m == XLQ_ONE;
        return 0;
    }
    if ((pl->item = find(it, n, m)) >= 0) {
        pl->kind = 1;
        return 0;
    }
    for (size_t i = 0; i < sizeof derivs / sizeof derivs[0]; i++) {
        const deriv *d = &derivs[i];
        if (d->want != m)
            continue;
        int a = find(it, n, d->have1), b = d->have2 ? find(it, n, d->have2) : 0;
        if (d->have1 == XLQ_ONE && a < 0)
            continue;
        if (a < 0 || b < 0)
            continue;
        pl->kind = 2;
        pl->dv = d;
        pl->item = a;
        pl->item2 = b;
        return 0;
    }
    return -1;
}

static tmu_xl_step *step(tmu_xl_program *p)
{
    if (p->nsteps >= TMU_XL_MAX_STEPS)
        return NULL;
    tmu_xl_step *s = &p->step[p->nsteps++];
    memset(s, 0, sizeof *s);
    s->kind = TMU_XL_STEP_UOP;
    s->op = TMU_XL_MOV;
    s->slot = TMU_XL_SLOT_COUNT;
    return s;
}

tmu_status xl_lower_query(const tmu_xl_source *s, tmu_xl_program *p, tmu_diag *diag)
{
    tmu_xl_arch to = p->to;
    tmu_dim dim = s->dim;
    const tmu_xl_loc *lv = &s->in[TMU_XL_LOD];
    int level0 = lv->kind == TMU_XL_L_NONE || (lv->kind == TMU_XL_L_IMM && lv->imm == 0);
    qitem it[8];
    unsigned n = menu(to, dim, level0, it);
    qplan pl[4];
    unsigned used = 0; /* menu items needed */
    for (unsigned c = 0; c < 4; c++) {
        if (!(s->result_mask >> c & 1))
            continue;
        unsigned m = norm(s->qm[c], dim, level0);
        if (m == XLQ_NONE || plan(it, n, m, &pl[c]) != 0)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                "%s has no query returning the %s of a %s texture%s", tmu_xl_isa_name(to.isa),
                                q_names[m < XLQ_COUNT ? m : 0], tmu_dim_name(dim),
                                m == XLQ_SAMPLES || m == XLQ_SAMPLES0 || m == XLQ_SAMPLES_M1
                                    ? " (GCN: the T# of an MSAA image holds log2(samples); read it with "
                                      "scalar ALU, no texture instruction returns it)"
                                    : "");
        if (pl[c].kind >= 1)
            used |= 1u << pl[c].item;
        if (pl[c].kind == 2 && pl[c].dv->have2)
            used |= 1u << pl[c].item2;
    }
    /* the level register */
    tmu_xl_loc level = xl_imm(0);
    if (!level0) {
        if (s->form[TMU_XL_LOD] != TMU_XL_F_I32)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "internal: query level form");
        level = *lv;
    }
    /* target instructions; where[i] = the register holding menu item i */
    tmu_xl_loc where[8];
    memset(where, 0, sizeof where);
    tmu_status st;
    if (to.isa == TMU_XL_GCN) {
        unsigned dmask = 0;
        for (unsigned i = 0; i < n; i++)
            if (used >> i & 1)
                dmask |= 1u << it[i].comp;
        if (dmask) {
            tmu_gcn_gen gen = (tmu_gcn_gen)to.gen;
            tmu_gcn_mimg mi;
            tmu_gcn_mimg_init(&mi, gen, tmu_gcn_opcode_by_name("image_get_resinfo"));
            mi.f[TMU_GCN_F_DMASK] = dmask;
            mi.f[TMU_GCN_F_UNORM] = 1;
            mi.f[TMU_GCN_F_DA] = xl_dims[dim].array || xl_dims[dim].cube;
            mi.f[TMU_GCN_F_VADDR] = 8;
            tmu_xl_instr *x = &p->instr[p->ninstr++];
            if ((st = tmu_gcn_validate(&mi, diag)) != TMU_OK || (st = tmu_gcn_encode(&mi, &x->word, diag)) != TMU_OK)
                return st;
            x->vaddr_count = 1;
            tmu_gcn_print_opts po = {1};
            tmu_gcn_print_llvm(&mi, &po, x->text, sizeof x->text);
            tmu_xl_step *sp = step(p);
            if (sp) {
                sp->d = xl_loc(TMU_XL_L_TGT, 8, 0);
                sp->a = level;
                sp->slot = TMU_XL_LOD;
            }
            unsigned k = 0;
            for (unsigned c = 0; c < 4; c++)
                if (dmask >> c & 1) {
                    for (unsigned i = 0; i < n; i++)
                        if (it[i].comp == c)
                            where[i] = xl_loc(TMU_XL_L_TGT, (uint16_t)k, 0);
                    k++;
                }
        }
        snprintf(p->desc, sizeof p->desc, "T# s[0:7]: TYPE = %s (%s); image_get_resinfo reads the view's "
                 "size, BASE_LEVEL..LAST_LEVEL and the array range", tmu_gcn_image_type_name(
                     (tmu_gcn_image_type)xl_dims[dim].gcn_type), tmu_dim_name(dim));
    } else if (to.isa == TMU_XL_IR3) {
        unsigned wr[2] = {0, 0};
        for (unsigned i = 0; i < n; i++)
            if (used >> i & 1)
                wr[it[i].instr == QI_GETINFO] |= 1u << it[i].comp;
        static const uint8_t dst[2] = {0, 8}; /* r0.x, r2.x */
        for (unsigned g = 0; g < 2; g++) {
            if (!wr[g])
                continue;
            tmu_ir3_instr in;
            memset(&in, 0, sizeof in);
            in.gpu_id = to.gen;
            in.op = g ? TMU_IR3_OP_GETINFO : TMU_IR3_OP_GETSIZE;
            uint8_t *f = in.field;
            f[TMU_IR3_F_FULL] = g ? 0 : 1; /* getinfo has no source: Mesa's text leaves FULL 0 */
            f[TMU_IR3_F_SRC1] = g ? 0 : 4;
            f[TMU_IR3_F_DST] = dst[g];
            f[TMU_IR3_F_WRMASK] = (uint8_t)wr[g];
            f[TMU_IR3_F_TYPE] = 3;
            f[TMU_IR3_F_3D] = xl_dims[dim].axes == 3;
            f[TMU_IR3_F_A] = xl_dims[dim].array;
            f[TMU_IR3_F_CAT] = 5;
            f[TMU_IR3_F_OPC] = tmu_ir3_opinfo_get(in.op)->opc;
            tmu_xl_instr *x = &p->instr[p->ninstr++];
            tmu_ir3_instr dec;
            if ((st = tmu_ir3_encode(&in, &x->word, diag)) != TMU_OK ||
                (st = tmu_ir3_decode(x->word, to.gen, &dec, diag)) != TMU_OK)
                return st;
            tmu_ir3_print(&dec, 0, x->text, sizeof x->text);
            if (!g) {
                tmu_xl_step *sp = step(p);
                if (sp) {
                    sp->d = xl_loc(TMU_XL_L_TGT, 4, 0);
                    sp->a = level;
                    sp->slot = TMU_XL_LOD;
                }
            }
            for (unsigned i = 0; i < n; i++)
                if ((used >> i & 1) && it[i].instr == (g ? QI_GETINFO : QI_GETSIZE))
                    where[i] = xl_loc(TMU_XL_L_TGT, (uint16_t)(dst[g] + it[i].comp), 0);
        }
        snprintf(p->desc, sizeof p->desc, "t#0: a %s texture descriptor (getsize/getinfo read its size, "
                 "DEPTH, MIPLVLS and SAMPLES)", tmu_dim_name(dim));
    } else {
        size_t len = 0;
        int lvreg = 0;
        for (unsigned i = 0; i < n; i++) {
            if (!(used >> i & 1))
                continue;
            tmu_ptx_query q = (tmu_ptx_query)it[i].comp;
            int lvq = !level0 && (q == TMU_PTX_Q_WIDTH || q == TMU_PTX_Q_HEIGHT || q == TMU_PTX_Q_DEPTH);
            if (lvq && !lvreg) {
                tmu_xl_step *sp = step(p);
                if (sp) {
                    sp->d = xl_loc(TMU_XL_L_TGT, 0, 0);
                    sp->d.cls = TMU_XL_PTX_R;
                    sp->a = level;
                    sp->slot = TMU_XL_LOD;
                }
                lvreg = 1;
            }
            unsigned dreg = 1 + p->ninstr;
            char *t = p->text + len;
            int k = snprintf(t, sizeof p->text - len, "txq%s.%s.b32 %%r%u, [tex0]%s;", lvq ? ".level" : "",
                             tmu_ptx_query_name(q), dreg, lvq ? ", %r0" : "");
            if (k < 0 || (size_t)k >= sizeof p->text - len || p->ninstr >= TMU_XL_MAX_INSTR)
                return tmu_diag_set(diag, TMU_ERR_BUFFER_TOO_SMALL, 0, 0, -1, "PTX text does not fit");
            tmu_xl_instr *x = &p->instr[p->ninstr++];
            if ((st = tmu_ptx_parse_instr(t, (size_t)k, &x->ptx, diag)) != TMU_OK)
                return st;
            memcpy(x->text, t, (size_t)k < sizeof x->text ? (size_t)k + 1 : sizeof x->text);
            x->text[sizeof x->text - 1] = 0;
            len += (size_t)k + 1;
            where[i] = xl_loc(TMU_XL_L_TGT, (uint16_t)dreg, 0);
            where[i].cls = TMU_XL_PTX_R;
        }
        snprintf(p->desc, sizeof p->desc, ".texref tex0 (a %s texture)", tmu_dim_name(dim));
    }
    /* instructions, then each source word */
    for (unsigned i = 0; i < p->ninstr; i++) {
        tmu_xl_step *sp = step(p);
        if (sp) {
            sp->kind = TMU_XL_STEP_INSTR;
            sp->instr = (uint8_t)i;
        }
    }
    unsigned ntmp = 0;
    for (unsigned c = 0; c < 4; c++) {
        if (!(s->result_mask >> c & 1))
            continue;
        tmu_xl_loc res = xl_loc(TMU_XL_L_RES, (uint16_t)c, 0);
        tmu_xl_step *sp = step(p);
        if (!sp)
            break;
        if (pl[c].kind == 0) {
            sp->d = res;
            sp->a = xl_imm(pl[c].value);
        } else if (pl[c].kind == 1) {
            sp->d = res;
            sp->a = where[pl[c].item];
        } else {
            const deriv *d = pl[c].dv;
            sp->op = d->op1;
            sp->a = where[pl[c].item];
            sp->k = d->k1;
            if (d->op2 == NOP) {
                sp->d = res;
                continue;
            }
            if (!d->have2) { /* a unary chain */
                tmu_xl_loc t1 = xl_loc(TMU_XL_L_TMP, (uint16_t)ntmp++, 0);
                sp->d = t1;
                tmu_xl_step *s2 = step(p);
                if (!s2)
                    break;
                s2->op = d->op2;
                s2->d = res;
                s2->a = t1;
                s2->k = d->k2;
                continue;
            }
            tmu_xl_loc t1 = xl_loc(TMU_XL_L_TMP, (uint16_t)ntmp++, 0), t2 = xl_loc(TMU_XL_L_TMP, (uint16_t)ntmp++, 0);
            sp->d = t1;
            tmu_xl_step *s2 = step(p), *s3 = step(p);
            if (!s2 || !s3)
                break;
            s2->op = TMU_XL_EQ0;
            s2->d = t2;
            s2->a = where[pl[c].item2];
            s3->op = d->op2;
            s3->d = res;
            s3->a = t1;
            s3->b = t2;
            if (d->op3 != NOP) {
                tmu_xl_loc t3 = xl_loc(TMU_XL_L_TMP, (uint16_t)ntmp++, 0);
                s3->d = t3;
                tmu_xl_step *s4 = step(p);
                if (!s4)
                    break;
                s4->op = d->op3;
                s4->d = res;
                s4->a = t3;
            }
        }
    }
    if (p->nsteps >= TMU_XL_MAX_STEPS)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "internal: too many steps");
    return TMU_OK;
}
