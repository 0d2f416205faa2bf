/* tmu load planner — entry point: request validation, the plan builder helpers
 * and recombination.  The load choice itself is in exact.c and aco.c. */
#include "loadplan/internal.h"

#include <stdio.h>
#include <string.h>

void tmu_lp_request_init(tmu_lp_request *req)
{
    if (!req)
        return;
    memset(req, 0, sizeof(*req));
    req->offset_kind = TMU_LP_OFFSET_VGPR;
    req->align_mul = 4;
    req->num_components = 1;
    req->component_size = 4;
}

static bool is_pow2(uint32_t v) { return v && !(v & (v - 1)); }

uint32_t lp_fixup(lp_ctx *ctx, tmu_lp_fixup_op op, uint32_t src, uint32_t operand, const char *insn)
{
    tmu_lp_plan *p = ctx->plan;
    for (uint32_t i = 0; i < p->num_fixups; i++) /* CSE: identical fix-ups are emitted once */
        if (p->fixups[i].op == op && p->fixups[i].src == src && p->fixups[i].operand == operand)
            return i + 1;
    if (p->num_fixups >= TMU_LP_MAX_FIXUPS) {
        ctx->err = tmu_diag_set(ctx->diag, TMU_ERR_BUFFER_TOO_SMALL, 0, 0, -1,
                                "plan: more than %d address fix-ups", TMU_LP_MAX_FIXUPS);
        return 0;
    }
    tmu_lp_fixup *f = &p->fixups[p->num_fixups++];
    f->op = op;
    f->src = src;
    f->operand = operand;
    snprintf(f->insn, sizeof(f->insn), "%s", insn);
    return p->num_fixups;
}

tmu_lp_load *lp_add_load(lp_ctx *ctx, const tmu_lp_insn *insn)
{
    tmu_lp_plan *p = ctx->plan;
    if (p->num_loads >= TMU_LP_MAX_LOADS) {
        ctx->err = tmu_diag_set(ctx->diag, TMU_ERR_BUFFER_TOO_SMALL, 0, 0, -1,
                                "plan: more than %d loads", TMU_LP_MAX_LOADS);
        return NULL;
    }
    tmu_lp_load *ld = &p->loads[p->num_loads++];
    memset(ld, 0, sizeof(*ld));
    snprintf(ld->op, sizeof(ld->op), "%s", tmu_lp_insn_name(insn, ctx->gen));
    ld->bytes = insn->bytes;
    ld->read2_unit = insn->read2_unit;
    ld->align = insn->align;
    p->bytes_read += insn->bytes;
    return ld;
}

void lp_name_shift(lp_ctx *ctx, tmu_lp_load *ld)
{
    const char *s = "";
    unsigned cs = ctx->req->component_size;
    unsigned elem = cs < 4 ? cs : 4;
    if (ld->shift_kind == TMU_LP_SHIFT_NONE)
        s = "";
    else if (ctx->plan->sgpr_result)
        s = ld->bytes <= 4 ? "s_lshr_b32" : "s_lshr_b64";
    else if (ld->shift_kind == TMU_LP_SHIFT_CONST && ld->shift % elem == 0)
        s = "p_split_vector (drop leading elements)";
    else
        s = "v_alignbyte_b32";
    snprintf(ld->shift_insn, sizeof(ld->shift_insn), "%s", s);
}

tmu_status lp_recombine(lp_ctx *ctx)
{
    tmu_lp_plan *p = ctx->plan;
    uint32_t cs = ctx->req->component_size;
    p->num_components = ctx->req->num_components;
    for (uint32_t c = 0; c < p->num_components; c++) {
        tmu_lp_component *comp = &p->components[c];
        memset(comp, 0, sizeof(*comp));
        uint32_t d = c * cs, end = d + cs;
        while (d < end) {
            uint32_t j;
            for (j = 0; j < p->num_loads; j++) {
                const tmu_lp_load *ld = &p->loads[j];
                if (ld->useful && d >= ld->dst_byte && d < ld->dst_byte + ld->useful)
                    break;
            }
            if (j == p->num_loads)
                return tmu_diag_set(ctx->diag, TMU_ERR_INVALID, 0, 0, -1,
                                    "plan: destination byte %u is not delivered by any load", d);
            const tmu_lp_load *ld = &p->loads[j];
            uint32_t take = ld->dst_byte + ld->useful - d;
            if (take > end - d)
                take = end - d;
            if (comp->num_sources >= TMU_LP_MAX_SOURCES)
                return tmu_diag_set(ctx->diag, TMU_ERR_BUFFER_TOO_SMALL, 0, 0, -1,
                                    "plan: component %u needs more than %d pieces", c,
                                    TMU_LP_MAX_SOURCES);
            comp->src[comp->num_sources].load = j;
            comp->src[comp->num_sources].byte = d - ld->dst_byte;
            comp->src[comp->num_sources].bytes = take;
            comp->num_sources++;
            d += take;
        }
    }
    return TMU_OK;
}

static tmu_status validate(lp_ctx *ctx, const tmu_lp_request *req, tmu_lp_class cls, tmu_lp_gen gen,
                           tmu_diag *diag)
{
    if ((unsigned)cls >= TMU_LP_CLASS_COUNT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "class: value %d is out of range",
                            (int)cls);
    if (gen < TMU_LP_GEN_FIRST || gen > TMU_LP_GEN_LAST)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "gpu: generation %d is out of range (gfx6..gfx12)", (int)gen);
    if ((unsigned)req->offset_kind >= TMU_LP_OFFSET_KIND_COUNT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "offset kind %d is out of range",
                            (int)req->offset_kind);
    if (req->smem_address && cls != TMU_LP_SMEM)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "smem_address: applies only to class smem, not %s", tmu_lp_class_name(cls));
    const tmu_lp_params *params = tmu_lp_params_get(cls, gen, req->smem_address);
    if (!params)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "class %s does not exist on %s (%s)",
                            tmu_lp_class_name(cls), tmu_lp_gen_name(gen),
                            cls == TMU_LP_SCRATCH_MUBUF ? "scratch uses scratch_flat from gfx9"
                                                        : "scratch_flat needs gfx9 or later; use scratch_mubuf");
    uint32_t cs = req->component_size;
    if (cs != 1 && cs != 2 && cs != 4 && cs != 8)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "component size: %u bytes; must be 1, 2, 4 or 8", cs);
    if (req->num_components == 0)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "components: 0 components requested; nothing to load");
    if (req->num_components > TMU_LP_MAX_COMPONENTS)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "components: %u; at most %d", req->num_components, TMU_LP_MAX_COMPONENTS);
    uint32_t total = req->num_components * cs;
    if (total > 64)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "size: %u components of %u bytes = %u bytes; at most 64", req->num_components,
                            cs, total);
    if (req->align_mul && !is_pow2(req->align_mul))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "align_mul: %u is not a power of two", req->align_mul);
    uint32_t A = req->align_mul ? req->align_mul : cs;
    if (req->align_offset >= A)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "align_offset: %u >= align_mul %u contradicts (the offset is the address "
                            "mod align_mul)", req->align_offset, A);
    if (req->component_stride && req->component_stride < cs)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "component stride: %u is smaller than the component size %u",
                            req->component_stride, cs);
    if (req->component_stride > 1024)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "component stride: %u; at most 1024", req->component_stride);
    if (req->swizzle_component_size && !is_pow2(req->swizzle_component_size))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "swizzle component size: %u is not a power of two",
                            req->swizzle_component_size);
    bool buffer = cls == TMU_LP_MUBUF || cls == TMU_LP_MUBUF_FORMAT || cls == TMU_LP_MTBUF ||
                  cls == TMU_LP_SCRATCH_MUBUF || (cls == TMU_LP_SMEM && !req->smem_address);
    if ((req->has_soffset || req->has_index) && !buffer)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "%s: only buffer loads take a soffset or a buffer index, not %s",
                            req->has_soffset ? "soffset" : "index", tmu_lp_class_name(cls));
    if (req->has_index && cls == TMU_LP_SMEM)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "index: scalar buffer loads have no buffer index (idxen)");
    tmu_lp_offset_kind k = req->offset_kind;
    if (cls == TMU_LP_SMEM && (k == TMU_LP_OFFSET_VGPR || k == TMU_LP_OFFSET_VGPR64))
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "offset: smem cannot take a VGPR offset (scalar loads need a uniform "
                            "SGPR address); use mubuf");
    if ((k == TMU_LP_OFFSET_SGPR64 || k == TMU_LP_OFFSET_VGPR64) &&
        !(cls == TMU_LP_GLOBAL || (cls == TMU_LP_SMEM && req->smem_address)))
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                            "offset: a 64-bit address (%s) needs class global or smem with an address "
                            "base, not %s", tmu_lp_offset_kind_name(k), tmu_lp_class_name(cls));
    if (k == TMU_LP_OFFSET_CONST || k == TMU_LP_OFFSET_NONE) {
        uint32_t v = k == TMU_LP_OFFSET_CONST ? req->offset_value : 0;
        uint64_t span = req->component_stride ? (uint64_t)(req->num_components - 1) * req->component_stride + cs
                                               : (uint64_t)req->num_components * cs;
        if ((uint64_t)v + req->const_offset + span > 0x100000000ull)
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                                "address: the constant address %u + %u plus %u bytes wraps past 2^32", v,
                                req->const_offset, (unsigned)span);
        uint32_t e = v + req->const_offset;
        if (e % A != req->align_offset % A)
            return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                                "alignment: the constant address %u + %u = %u is %u mod %u, but "
                                "align_offset says %u", v, req->const_offset, e, e % A, A,
                                req->align_offset);
    }
    if (cls == TMU_LP_MUBUF_FORMAT || cls == TMU_LP_MTBUF) {
        if (cs != 2 && cs != 4)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                "component size: %s loads whole 16- or 32-bit channels; %u-byte "
                                "components are not supported", tmu_lp_class_name(cls), cs);
        if (cs == 2 && gen < TMU_LP_GFX9)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                "component size: packed 16-bit (d16) format loads need gfx9 or later");
        if (A % cs || req->align_offset % cs)
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                "alignment: %s needs component-aligned addresses (align_mul %u, "
                                "align_offset %u, component size %u)", tmu_lp_class_name(cls), A,
                                req->align_offset, cs);
    }
    memset(ctx, 0, sizeof(*ctx));
    ctx->req = req;
    ctx->cls = cls;
    ctx->gen = gen;
    ctx->params = params;
    ctx->ladder_len = tmu_lp_ladder(cls, req->smem_address, &ctx->ladder);
    ctx->A = A;
    ctx->r = req->align_offset % A;
    ctx->total = total;
    ctx->max_load = req->swizzle_component_size;
    if (cls == TMU_LP_SCRATCH_MUBUF && (!ctx->max_load || ctx->max_load > 4))
        ctx->max_load = 4; /* swizzled scratch: one dword element per load */
    ctx->imm_max = params->imm_max;
    /* Before gfx9 an SMEM load encodes either an immediate or an SGPR offset, never both:
     * unless the address is a 64-bit base (s_load's SBASE), the offset takes that slot. */
    if (cls == TMU_LP_SMEM && gen <= TMU_LP_GFX8 && k != TMU_LP_OFFSET_SGPR64)
        ctx->imm_max = 0;
    ctx->const_addr = k == TMU_LP_OFFSET_CONST || k == TMU_LP_OFFSET_NONE;
    ctx->const_value = k == TMU_LP_OFFSET_CONST ? req->offset_value : 0;
    ctx->diag = diag;
    return TMU_OK;
}

tmu_status tmu_lp_plan_load(const tmu_lp_request *req, tmu_lp_class cls, tmu_lp_gen gen,
                            tmu_lp_mode mode, tmu_lp_plan *plan, tmu_diag *diag)
{
    tmu_diag_clear(diag);
    if (!req || !plan)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "plan_load: NULL %s",
                            !req ? "request" : "plan");
    if (mode != TMU_LP_EXACT && mode != TMU_LP_ACO)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "mode: %d is out of range",
                            (int)mode);
    memset(plan, 0, sizeof(*plan));
    lp_ctx ctx;
    tmu_status s = validate(&ctx, req, cls, gen, diag);
    if (s != TMU_OK)
        return s;
    ctx.plan = plan;
    plan->cls = cls;
    plan->gen = gen;
    plan->mode = mode;
    plan->total_bytes = ctx.total;
    plan->sgpr_result = cls == TMU_LP_SMEM;
    plan->uses_soffset = req->has_soffset;
    plan->uses_index = req->has_index;
    s = mode == TMU_LP_ACO ? lp_plan_aco(&ctx) : lp_plan_exact(&ctx);
    if (s == TMU_OK)
        s = lp_recombine(&ctx);
    if (s != TMU_OK) {
        tmu_diag saved;
        if (diag)
            saved = *diag;
        memset(plan, 0, sizeof(*plan));
        if (diag)
            *diag = saved;
    }
    return s;
}
