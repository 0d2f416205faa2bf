/* tmu load planner — printing a plan as pseudo-assembly or JSON. */
#include "loadplan/internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct out {
    char *buf;
    size_t size, len;
} out;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *dst = o->len < o->size ? o->buf + o->len : NULL;
    size_t room = o->len < o->size ? o->size - o->len : 0;
    int n = vsnprintf(dst, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len += (size_t)n;
}

static void finish(out *o)
{
    if (o->size)
        o->buf[o->len < o->size ? o->len : o->size - 1] = '\0';
}

static const char *const comp_names = "xyzw";

size_t tmu_lp_format_text(const tmu_lp_plan *plan, char *buf, size_t size)
{
    out o = {buf, size, 0};
    if (!plan) {
        put(&o, "(no plan)\n");
        finish(&o);
        return o.len;
    }
    put(&o, "; %s on %s, %s mode: %u bytes wanted, %u loaded by %u load%s\n",
        tmu_lp_class_name(plan->cls), tmu_lp_gen_name(plan->gen),
        plan->mode == TMU_LP_ACO ? "ACO-compatible" : "exact", plan->total_bytes, plan->bytes_read,
        plan->num_loads, plan->num_loads == 1 ? "" : "s");
    put(&o, "; a0 = the dynamic offset%s%s%s\n",
        plan->cls == TMU_LP_GLOBAL && plan->gen == TMU_LP_GFX6 ? " (MUBUF addr64 with a raw descriptor)" : "",
        plan->uses_index ? "; loads use idxen with the buffer index" : "",
        plan->uses_soffset ? "; loads add the soffset SGPR" : "");
    for (uint32_t i = 0; i < plan->num_fixups; i++) {
        const tmu_lp_fixup *f = &plan->fixups[i];
        if (f->op == TMU_LP_FIX_ADD && f->operand >= 0x80000000u) /* a step down (mod 2^32) */
            put(&o, "  a%u = %-24s a%u, -%u%s\n", i + 1, f->insn, f->src, 0u - f->operand,
                "           ; step back to the aligned address the load starts at");
        else if (f->op == TMU_LP_FIX_ADD)
            put(&o, "  a%u = %-24s a%u, %u%s\n", i + 1, f->insn, f->src, f->operand,
                "            ; move the constant offset the load's immediate cannot hold into the address");
        else
            put(&o, "  a%u = %-24s a%u, 0x%08x           ; round down to a dword\n", i + 1, f->insn,
                f->src, f->operand);
    }
    const char *reg = plan->sgpr_result ? "s" : "v";
    for (uint32_t i = 0; i < plan->num_loads; i++) {
        const tmu_lp_load *ld = &plan->loads[i];
        if (ld->read2_unit)
            put(&o, "  %sL%u = %s a%u offset0:%u offset1:%u", reg, i, ld->op, ld->addr, ld->encoded_offset,
                ld->encoded_offset1);
        else
            put(&o, "  %sL%u = %s a%u offset:%u", reg, i, ld->op, ld->addr, ld->imm);
        put(&o, "    ; %u bytes, relies on align %u, delivers dst bytes %u..%u\n", ld->bytes, ld->align,
            ld->dst_byte, ld->dst_byte + ld->useful - 1);
        if (ld->shift_kind == TMU_LP_SHIFT_CONST)
            put(&o, "       %sL%u >>= %u bytes            ; %s\n", reg, i, ld->shift, ld->shift_insn);
        else if (ld->shift_kind == TMU_LP_SHIFT_RUNTIME)
            put(&o, "       %sL%u >>= (a%u & 3) bytes      ; %s (run-time shift)\n", reg, i, ld->shift_src,
                ld->shift_insn);
    }
    for (uint32_t c = 0; c < plan->num_components; c++) {
        const tmu_lp_component *comp = &plan->components[c];
        if (plan->num_components <= 4)
            put(&o, "  dst.%c = ", comp_names[c]);
        else
            put(&o, "  dst[%u] = ", c);
        for (uint32_t s = 0; s < comp->num_sources; s++)
            put(&o, "%s%sL%u[%u..%u]", s ? " : " : "", reg, comp->src[s].load, comp->src[s].byte,
                comp->src[s].byte + comp->src[s].bytes - 1);
        put(&o, "\n");
    }
    finish(&o);
    return o.len;
}

size_t tmu_lp_format_json(const tmu_lp_plan *plan, char *buf, size_t size)
{
    out o = {buf, size, 0};
    if (!plan) {
        put(&o, "null");
        finish(&o);
        return o.len;
    }
    put(&o, "{\"class\":\"%s\",\"gpu\":\"%s\",\"mode\":\"%s\",\"total_bytes\":%u,\"bytes_read\":%u,"
            "\"result_regs\":\"%s\",\"soffset\":%s,\"idxen\":%s,",
        tmu_lp_class_name(plan->cls), tmu_lp_gen_name(plan->gen), plan->mode == TMU_LP_ACO ? "aco" : "exact",
        plan->total_bytes, plan->bytes_read, plan->sgpr_result ? "sgpr" : "vgpr",
        plan->uses_soffset ? "true" : "false", plan->uses_index ? "true" : "false");
    put(&o, "\"fixups\":[");
    for (uint32_t i = 0; i < plan->num_fixups; i++) {
        const tmu_lp_fixup *f = &plan->fixups[i];
        put(&o, "%s{\"value\":%u,\"op\":\"%s\",\"src\":%u,\"operand\":%u,\"insn\":\"%s\"}", i ? "," : "",
            i + 1, f->op == TMU_LP_FIX_ADD ? "add" : "and", f->src, f->operand, f->insn);
    }
    put(&o, "],\"loads\":[");
    for (uint32_t i = 0; i < plan->num_loads; i++) {
        const tmu_lp_load *ld = &plan->loads[i];
        put(&o, "%s{\"op\":\"%s\",\"bytes\":%u,\"const_offset\":%u,\"addr\":%u,\"align\":%u,", i ? "," : "",
            ld->op, ld->bytes, ld->imm, ld->addr, ld->align);
        if (ld->read2_unit)
            put(&o, "\"offset0\":%u,\"offset1\":%u,\"unit\":%u,", ld->encoded_offset, ld->encoded_offset1,
                ld->read2_unit);
        else
            put(&o, "\"encoded_offset\":%u,", ld->encoded_offset);
        put(&o, "\"dst_byte\":%u,\"useful\":%u}", ld->dst_byte, ld->useful);
    }
    put(&o, "],\"shifts\":[");
    int first = 1;
    for (uint32_t i = 0; i < plan->num_loads; i++) {
        const tmu_lp_load *ld = &plan->loads[i];
        if (ld->shift_kind == TMU_LP_SHIFT_NONE)
            continue;
        if (ld->shift_kind == TMU_LP_SHIFT_CONST)
            put(&o, "%s{\"load\":%u,\"kind\":\"const\",\"bytes\":%u,\"insn\":\"%s\"}", first ? "" : ",", i,
                ld->shift, ld->shift_insn);
        else
            put(&o, "%s{\"load\":%u,\"kind\":\"runtime\",\"src\":%u,\"insn\":\"%s\"}", first ? "" : ",", i,
                ld->shift_src, ld->shift_insn);
        first = 0;
    }
    put(&o, "],\"recombine\":[");
    for (uint32_t c = 0; c < plan->num_components; c++) {
        const tmu_lp_component *comp = &plan->components[c];
        put(&o, "%s[", c ? "," : "");
        for (uint32_t s = 0; s < comp->num_sources; s++)
            put(&o, "%s{\"load\":%u,\"byte\":%u,\"bytes\":%u}", s ? "," : "", comp->src[s].load,
                comp->src[s].byte, comp->src[s].bytes);
        put(&o, "]");
    }
    put(&o, "]}");
    finish(&o);
    return o.len;
}
