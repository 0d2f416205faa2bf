/* ir3 cat5 — operand rules: which registers an instruction reads and writes.
 * Layouts follow Mesa's emit_tex (see shared/reference/ir3-cat5.md §5.1):
 * SRC1 names the first of a run of consecutive scalar registers, SRC2 the
 * first of a second run, SRC3 an index pair, DST a 4-register group. */
#include <string.h>

#include "ir3/tables.h"

static const char *const role_names[TMU_IR3_ROLE_COUNT] = {
    "coord", "shadow_ref", "array_index", "proj", "grad_pad", "grad_x", "grad_y", "sample_index", "offset",
    "lod",   "bias",       "min_lod",     "value", "lane",    "src",    "desc_index", "a1", "result",
};

const char *tmu_ir3_role_name(tmu_ir3_role role)
{
    return (unsigned)role < TMU_IR3_ROLE_COUNT ? role_names[role] : "unknown";
}

struct run {
    tmu_ir3_operands *out;
    unsigned next; /* next scalar register of the run */
    uint8_t half;
};

static void rd(struct run *r, tmu_ir3_role role, unsigned count)
{
    for (unsigned i = 0; i < count && r->out->num_reads < 24; i++) {
        tmu_ir3_reguse *u = &r->out->reads[r->out->num_reads++];
        u->reg = (uint16_t)r->next++;
        u->half = r->half;
        u->role = (uint8_t)role;
        u->component = (uint8_t)i;
    }
}

/* per-component value operand: SRC + i for each written component i */
static void rd_components(tmu_ir3_operands *out, unsigned base, uint8_t half, unsigned wrmask)
{
    for (unsigned i = 0; i < 4; i++) {
        if (!(wrmask & (1u << i)) || out->num_reads >= 24)
            continue;
        tmu_ir3_reguse *u = &out->reads[out->num_reads++];
        u->reg = (uint16_t)(base + i);
        u->half = half;
        u->role = TMU_IR3_ROLE_VALUE;
        u->component = (uint8_t)i;
    }
}

tmu_status tmu_ir3_operands_get(const tmu_ir3_instr *in, tmu_ir3_operands *out)
{
    if (!in || !out || (int)in->op < 0 || in->op >= TMU_IR3_OP_COUNT)
        return TMU_ERR_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    const struct ir3_leaf *l = &ir3_leaves[in->op];
    const uint8_t *f = in->field;
    if (l->cls == IR3_CLS_TCINV)
        return TMU_OK;
    uint8_t half = (uint8_t)!f[TMU_IR3_F_FULL];
    unsigned wrmask = f[TMU_IR3_F_WRMASK] & 15;
    int src1 = ir3_src1_shown(in);
    unsigned s2 = ir3_src2_mode(in);
    struct run r1 = {out, f[TMU_IR3_F_SRC1], half};
    struct run r2 = {out, f[TMU_IR3_F_SRC2], half};

    if (l->cls == IR3_CLS_BRCST || l->cls == IR3_CLS_QSHUF) {
        rd_components(out, f[TMU_IR3_F_SRC1], half, wrmask);
        if (s2 == IR3_SRC2_REG)
            rd(&r2, l->info.num_src > 1 ? TMU_IR3_ROLE_LANE : TMU_IR3_ROLE_SRC, 1);
    } else {
        unsigned ncoord = f[TMU_IR3_F_3D] ? 3 : 2; /* 1D is sampled as 2D with a padding y */
        int is_tex = l->cls == IR3_CLS_TEX;
        int shadow = is_tex && f[TMU_IR3_F_B50];
        int proj = is_tex && f[TMU_IR3_F_B53];
        int array = f[TMU_IR3_F_A];
        int offs = ir3_has_o(l->cls) && f[TMU_IR3_F_B52];
        int clp = is_tex && f[TMU_IR3_F_B18];
        switch (in->op) {
        case TMU_IR3_OP_DSX:
        case TMU_IR3_OP_DSY:
        case TMU_IR3_OP_DSXPP_1:
        case TMU_IR3_OP_DSYPP_1:
            rd_components(out, f[TMU_IR3_F_SRC1], half, wrmask);
            break;
        case TMU_IR3_OP_GETSIZE:
            rd(&r1, TMU_IR3_ROLE_LOD, 1);
            break;
        case TMU_IR3_OP_RGETPOS:
            rd(&r1, TMU_IR3_ROLE_SAMPLE_INDEX, 1);
            break;
        case TMU_IR3_OP_GETPOS:
        case TMU_IR3_OP_CONV:
        case TMU_IR3_OP_CONVM:
            if (src1)
                rd(&r1, TMU_IR3_ROLE_SRC, 1);
            break;
        case TMU_IR3_OP_IMG_BINDLESS_HOF:
        case TMU_IR3_OP_IMG_BINDLESS_PCMN:
        case TMU_IR3_OP_IMG_BINDLESS:
            rd(&r1, TMU_IR3_ROLE_COORD, 2);
            break;
        case TMU_IR3_OP_GETBUF:
        case TMU_IR3_OP_GETINFO:
        case TMU_IR3_OP_RGETINFO:
            break;
        default: {
            /* coordinates, shadow reference, array index, projector; isam.v, the
             * vectorised buffer load, takes one coordinate (Mesa ir3_alias.c: "1 coordinate
             * + 1 imm offset") */
            int vec = l->cls == IR3_CLS_ISAM && f[TMU_IR3_F_B50];
            rd(&r1, TMU_IR3_ROLE_COORD, vec ? 1 : ncoord);
            if (shadow)
                rd(&r1, TMU_IR3_ROLE_SHADOW_REF, 1);
            if (array)
                rd(&r1, TMU_IR3_ROLE_ARRAY_INDEX, 1);
            if (proj)
                rd(&r1, TMU_IR3_ROLE_PROJ, 1);
            if (in->op == TMU_IR3_OP_SAMGQ) {
                unsigned used = r1.next - f[TMU_IR3_F_SRC1];
                if (used < 4)
                    rd(&r1, TMU_IR3_ROLE_GRAD_PAD, 4 - used);
                unsigned ng = ncoord < 2 ? 2 : ncoord;
                rd(&r1, TMU_IR3_ROLE_GRAD_X, ng);
                rd(&r1, TMU_IR3_ROLE_GRAD_Y, ng);
            }
            if (in->op == TMU_IR3_OP_ISAMM)
                rd(&r1, TMU_IR3_ROLE_SAMPLE_INDEX, 1);
            break;
        }
        }
        if (s2 == IR3_SRC2_REG) {
            unsigned before = out->num_reads;
            if (offs)
                rd(&r2, TMU_IR3_ROLE_OFFSET, ncoord);
            if (in->op == TMU_IR3_OP_SAML || in->op == TMU_IR3_OP_ISAML)
                rd(&r2, TMU_IR3_ROLE_LOD, 1);
            else if (in->op == TMU_IR3_OP_SAMB)
                rd(&r2, TMU_IR3_ROLE_BIAS, 1);
            if (clp)
                rd(&r2, TMU_IR3_ROLE_MIN_LOD, 1);
            if (out->num_reads == before) /* SRC2 of an op whose layout is not documented */
                rd(&r2, in->op == TMU_IR3_OP_IMG_BINDLESS_PCMN || in->op == TMU_IR3_OP_IMG_BINDLESS
                            ? TMU_IR3_ROLE_COORD
                            : TMU_IR3_ROLE_SRC,
                   in->op == TMU_IR3_OP_IMG_BINDLESS_PCMN || in->op == TMU_IR3_OP_IMG_BINDLESS ? 2 : 1);
        }
        if (f[TMU_IR3_F_S2EN]) {
            const struct ir3_desc *d = &ir3_descs[f[TMU_IR3_F_DESC_MODE] & 7];
            if (d->indirect) {
                struct run r3 = {out, f[TMU_IR3_F_SRC3], (uint8_t)!d->bindless};
                rd(&r3, TMU_IR3_ROLE_DESC_INDEX, 2);
            }
            if (d->a1 && out->num_reads < 24) {
                tmu_ir3_reguse *u = &out->reads[out->num_reads++];
                u->reg = 252;
                u->half = 0;
                u->role = TMU_IR3_ROLE_A1;
                u->component = 0;
            }
        }
    }
    uint8_t dhalf = ir3_type_half[f[TMU_IR3_F_TYPE] & 7];
    for (unsigned i = 0; i < 4; i++) {
        if (!(wrmask & (1u << i)))
            continue;
        tmu_ir3_reguse *u = &out->writes[out->num_writes++];
        u->reg = (uint16_t)(f[TMU_IR3_F_DST] + i);
        u->half = dhalf;
        u->role = TMU_IR3_ROLE_RESULT;
        u->component = (uint8_t)i;
    }
    return TMU_OK;
}
