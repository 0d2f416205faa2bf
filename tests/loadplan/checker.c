/* Independent checker of load plans — see checker.h.  Nothing here comes from
 * src/loadplan: the instruction facts below were written from the reference
 * (reference/load-planning.md §3-§4 and the ISA manuals' load lists), by name. */
#include "checker.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum {
    C_LDS = 1 << 0,
    C_SMEM_BUF = 1 << 1,
    C_SMEM_ADDR = 1 << 2,
    C_MUBUF = 1 << 3, /* mubuf, scratch_mubuf, global on gfx6 */
    C_FMT = 1 << 4,
    C_TBUF = 1 << 5,
    C_SCRATCH = 1 << 6,
    C_FLATGLOBAL = 1 << 7,
};

typedef struct fact {
    const char *name;
    unsigned cls, gmin, gmax, bytes, align, read2, channel;
} fact;

static const fact facts[] = {
    /* LDS */
    {"ds_read_b128", C_LDS, 7, 10, 16, 16, 0, 0},      {"ds_load_b128", C_LDS, 11, 12, 16, 16, 0, 0},
    {"ds_read2_b64", C_LDS, 7, 10, 16, 8, 8, 0},       {"ds_load_2addr_b64", C_LDS, 11, 12, 16, 8, 8, 0},
    {"ds_read_b96", C_LDS, 7, 10, 12, 16, 0, 0},       {"ds_load_b96", C_LDS, 11, 12, 12, 16, 0, 0},
    {"ds_read_b64", C_LDS, 6, 10, 8, 8, 0, 0},         {"ds_load_b64", C_LDS, 11, 12, 8, 8, 0, 0},
    {"ds_read2_b32", C_LDS, 7, 10, 8, 4, 4, 0},        {"ds_load_2addr_b32", C_LDS, 11, 12, 8, 4, 4, 0},
    {"ds_read_b32", C_LDS, 6, 10, 4, 4, 0, 0},         {"ds_load_b32", C_LDS, 11, 12, 4, 4, 0, 0},
    {"ds_read_u16", C_LDS, 6, 8, 2, 2, 0, 0},          {"ds_read_u16_d16", C_LDS, 9, 10, 2, 2, 0, 0},
    {"ds_load_u16_d16", C_LDS, 11, 12, 2, 2, 0, 0},    {"ds_read_u8", C_LDS, 6, 8, 1, 1, 0, 0},
    {"ds_read_u8_d16", C_LDS, 9, 10, 1, 1, 0, 0},      {"ds_load_u8_d16", C_LDS, 11, 12, 1, 1, 0, 0},
    /* SMEM from a buffer descriptor */
    {"s_buffer_load_dword", C_SMEM_BUF, 6, 10, 4, 4, 0, 0},
    {"s_buffer_load_dwordx2", C_SMEM_BUF, 6, 10, 8, 4, 0, 0},
    {"s_buffer_load_dwordx4", C_SMEM_BUF, 6, 10, 16, 4, 0, 0},
    {"s_buffer_load_dwordx8", C_SMEM_BUF, 6, 10, 32, 4, 0, 0},
    {"s_buffer_load_dwordx16", C_SMEM_BUF, 6, 10, 64, 4, 0, 0},
    {"s_buffer_load_b32", C_SMEM_BUF, 11, 12, 4, 4, 0, 0},
    {"s_buffer_load_b64", C_SMEM_BUF, 11, 12, 8, 4, 0, 0},
    {"s_buffer_load_b96", C_SMEM_BUF, 12, 12, 12, 4, 0, 0},
    {"s_buffer_load_b128", C_SMEM_BUF, 11, 12, 16, 4, 0, 0},
    {"s_buffer_load_b256", C_SMEM_BUF, 11, 12, 32, 4, 0, 0},
    {"s_buffer_load_b512", C_SMEM_BUF, 11, 12, 64, 4, 0, 0},
    {"s_buffer_load_u16", C_SMEM_BUF, 12, 12, 2, 2, 0, 0},
    {"s_buffer_load_u8", C_SMEM_BUF, 12, 12, 1, 1, 0, 0},
    /* SMEM from a 64-bit address */
    {"s_load_dword", C_SMEM_ADDR, 6, 10, 4, 4, 0, 0},
    {"s_load_dwordx2", C_SMEM_ADDR, 6, 10, 8, 4, 0, 0},
    {"s_load_dwordx4", C_SMEM_ADDR, 6, 10, 16, 4, 0, 0},
    {"s_load_dwordx8", C_SMEM_ADDR, 6, 10, 32, 4, 0, 0},
    {"s_load_dwordx16", C_SMEM_ADDR, 6, 10, 64, 4, 0, 0},
    {"s_load_b32", C_SMEM_ADDR, 11, 12, 4, 4, 0, 0},
    {"s_load_b64", C_SMEM_ADDR, 11, 12, 8, 4, 0, 0},
    {"s_load_b96", C_SMEM_ADDR, 12, 12, 12, 4, 0, 0},
    {"s_load_b128", C_SMEM_ADDR, 11, 12, 16, 4, 0, 0},
    {"s_load_b256", C_SMEM_ADDR, 11, 12, 32, 4, 0, 0},
    {"s_load_b512", C_SMEM_ADDR, 11, 12, 64, 4, 0, 0},
    {"s_load_u16", C_SMEM_ADDR, 12, 12, 2, 2, 0, 0},
    {"s_load_u8", C_SMEM_ADDR, 12, 12, 1, 1, 0, 0},
    /* untyped buffer loads */
    {"buffer_load_ubyte", C_MUBUF, 6, 10, 1, 1, 0, 0},   {"buffer_load_u8", C_MUBUF, 11, 12, 1, 1, 0, 0},
    {"buffer_load_ushort", C_MUBUF, 6, 10, 2, 2, 0, 0},  {"buffer_load_u16", C_MUBUF, 11, 12, 2, 2, 0, 0},
    {"buffer_load_dword", C_MUBUF, 6, 10, 4, 4, 0, 0},   {"buffer_load_b32", C_MUBUF, 11, 12, 4, 4, 0, 0},
    {"buffer_load_dwordx2", C_MUBUF, 6, 10, 8, 4, 0, 0}, {"buffer_load_b64", C_MUBUF, 11, 12, 8, 4, 0, 0},
    {"buffer_load_dwordx3", C_MUBUF, 7, 10, 12, 4, 0, 0},{"buffer_load_b96", C_MUBUF, 11, 12, 12, 4, 0, 0},
    {"buffer_load_dwordx4", C_MUBUF, 6, 10, 16, 4, 0, 0},{"buffer_load_b128", C_MUBUF, 11, 12, 16, 4, 0, 0},
    /* format loads: 32-bit channels everywhere, packed d16 channels from gfx9 */
    {"buffer_load_format_x", C_FMT, 6, 12, 4, 4, 0, 4},
    {"buffer_load_format_xy", C_FMT, 6, 12, 8, 4, 0, 4},
    {"buffer_load_format_xyz", C_FMT, 6, 12, 12, 4, 0, 4},
    {"buffer_load_format_xyzw", C_FMT, 6, 12, 16, 4, 0, 4},
    {"buffer_load_format_d16_x", C_FMT, 9, 12, 2, 2, 0, 2},
    {"buffer_load_format_d16_xy", C_FMT, 9, 12, 4, 2, 0, 2},
    {"buffer_load_format_d16_xyz", C_FMT, 9, 12, 6, 2, 0, 2},
    {"buffer_load_format_d16_xyzw", C_FMT, 9, 12, 8, 2, 0, 2},
    {"tbuffer_load_format_x", C_TBUF, 6, 12, 4, 4, 0, 4},
    {"tbuffer_load_format_xy", C_TBUF, 6, 12, 8, 4, 0, 4},
    {"tbuffer_load_format_xyz", C_TBUF, 6, 12, 12, 4, 0, 4},
    {"tbuffer_load_format_xyzw", C_TBUF, 6, 12, 16, 4, 0, 4},
    {"tbuffer_load_format_d16_x", C_TBUF, 9, 12, 2, 2, 0, 2},
    {"tbuffer_load_format_d16_xy", C_TBUF, 9, 12, 4, 2, 0, 2},
    {"tbuffer_load_format_d16_xyz", C_TBUF, 9, 12, 6, 2, 0, 2},
    {"tbuffer_load_format_d16_xyzw", C_TBUF, 9, 12, 8, 2, 0, 2},
    /* scratch (flat scratch, gfx9+) */
    {"scratch_load_ubyte", C_SCRATCH, 9, 10, 1, 1, 0, 0},   {"scratch_load_u8", C_SCRATCH, 11, 12, 1, 1, 0, 0},
    {"scratch_load_ushort", C_SCRATCH, 9, 10, 2, 2, 0, 0},  {"scratch_load_u16", C_SCRATCH, 11, 12, 2, 2, 0, 0},
    {"scratch_load_dword", C_SCRATCH, 9, 10, 4, 4, 0, 0},   {"scratch_load_b32", C_SCRATCH, 11, 12, 4, 4, 0, 0},
    {"scratch_load_dwordx2", C_SCRATCH, 9, 10, 8, 4, 0, 0}, {"scratch_load_b64", C_SCRATCH, 11, 12, 8, 4, 0, 0},
    {"scratch_load_dwordx3", C_SCRATCH, 9, 10, 12, 4, 0, 0},{"scratch_load_b96", C_SCRATCH, 11, 12, 12, 4, 0, 0},
    {"scratch_load_dwordx4", C_SCRATCH, 9, 10, 16, 4, 0, 0},{"scratch_load_b128", C_SCRATCH, 11, 12, 16, 4, 0, 0},
    /* global memory: FLAT on gfx7-8, GLOBAL from gfx9 */
    {"flat_load_ubyte", C_FLATGLOBAL, 7, 8, 1, 1, 0, 0},     {"flat_load_ushort", C_FLATGLOBAL, 7, 8, 2, 2, 0, 0},
    {"flat_load_dword", C_FLATGLOBAL, 7, 8, 4, 4, 0, 0},     {"flat_load_dwordx2", C_FLATGLOBAL, 7, 8, 8, 4, 0, 0},
    {"flat_load_dwordx3", C_FLATGLOBAL, 7, 8, 12, 4, 0, 0},  {"flat_load_dwordx4", C_FLATGLOBAL, 7, 8, 16, 4, 0, 0},
    {"global_load_ubyte", C_FLATGLOBAL, 9, 10, 1, 1, 0, 0},  {"global_load_u8", C_FLATGLOBAL, 11, 12, 1, 1, 0, 0},
    {"global_load_ushort", C_FLATGLOBAL, 9, 10, 2, 2, 0, 0}, {"global_load_u16", C_FLATGLOBAL, 11, 12, 2, 2, 0, 0},
    {"global_load_dword", C_FLATGLOBAL, 9, 10, 4, 4, 0, 0},  {"global_load_b32", C_FLATGLOBAL, 11, 12, 4, 4, 0, 0},
    {"global_load_dwordx2", C_FLATGLOBAL, 9, 10, 8, 4, 0, 0},{"global_load_b64", C_FLATGLOBAL, 11, 12, 8, 4, 0, 0},
    {"global_load_dwordx3", C_FLATGLOBAL, 9, 10, 12, 4, 0, 0},{"global_load_b96", C_FLATGLOBAL, 11, 12, 12, 4, 0, 0},
    {"global_load_dwordx4", C_FLATGLOBAL, 9, 10, 16, 4, 0, 0},{"global_load_b128", C_FLATGLOBAL, 11, 12, 16, 4, 0, 0},
};
#define NFACTS (sizeof(facts) / sizeof(facts[0]))

/* Which instruction family a class uses on a generation. */
static unsigned family(tmu_lp_class cls, tmu_lp_gen gen, bool smem_address)
{
    switch (cls) {
    case TMU_LP_LDS: return C_LDS;
    case TMU_LP_SMEM: return smem_address ? C_SMEM_ADDR : C_SMEM_BUF;
    case TMU_LP_MUBUF: return C_MUBUF;
    case TMU_LP_MUBUF_FORMAT: return C_FMT;
    case TMU_LP_MTBUF: return C_TBUF;
    case TMU_LP_SCRATCH_MUBUF: return gen <= TMU_LP_GFX8 ? C_MUBUF : 0;
    case TMU_LP_SCRATCH_FLAT: return gen >= TMU_LP_GFX9 ? C_SCRATCH : 0;
    case TMU_LP_GLOBAL: return gen == TMU_LP_GFX6 ? C_MUBUF : C_FLATGLOBAL;
    default: return 0;
    }
}

/* Global on gfx6 is MUBUF addr64, which has no dwordx3 there anyway. */
static const fact *find_fact(const char *name, unsigned fam, tmu_lp_gen gen)
{
    for (size_t i = 0; i < NFACTS; i++)
        if (!strcmp(facts[i].name, name) && (facts[i].cls & fam) && (unsigned)gen >= facts[i].gmin &&
            (unsigned)gen <= facts[i].gmax)
            return &facts[i];
    return NULL;
}

unsigned lpc_imm_limit(tmu_lp_class cls, tmu_lp_gen gen)
{
    switch (cls) {
    case TMU_LP_LDS: return 65535;
    case TMU_LP_SMEM:
        return gen == TMU_LP_GFX6 ? 1020 : gen == TMU_LP_GFX7 ? 0xfffffffcu : gen == TMU_LP_GFX12 ? 0x7fffff : 0xfffff;
    case TMU_LP_MUBUF:
    case TMU_LP_MUBUF_FORMAT:
    case TMU_LP_MTBUF:
    case TMU_LP_SCRATCH_MUBUF: return gen == TMU_LP_GFX12 ? 0x7fffff : 4095;
    case TMU_LP_SCRATCH_FLAT:
    case TMU_LP_GLOBAL:
        switch (gen) {
        case TMU_LP_GFX6: return 4095;
        case TMU_LP_GFX7:
        case TMU_LP_GFX8: return 0;
        case TMU_LP_GFX10: return 2047;
        case TMU_LP_GFX12: return 0x7fffff;
        default: return 4095;
        }
    default: return 0;
    }
}

/* Is this immediate encodable (bytes, and the offset field value) for the load? */
static bool imm_ok(const fact *f, tmu_lp_class cls, tmu_lp_gen gen, tmu_lp_offset_kind kind,
                   const tmu_lp_load *ld, char *why, size_t n)
{
    if (f->read2) {
        if (ld->encoded_offset > 255 || ld->encoded_offset1 > 255) {
            snprintf(why, n, "read2 offsets %u/%u exceed 8 bits", ld->encoded_offset, ld->encoded_offset1);
            return false;
        }
        if (ld->imm != ld->encoded_offset * f->read2) {
            snprintf(why, n, "imm %u != offset0 %u * %u", ld->imm, ld->encoded_offset, f->read2);
            return false;
        }
        return true;
    }
    unsigned unit = (cls == TMU_LP_SMEM && gen <= TMU_LP_GFX7) ? 4 : 1;
    if (ld->imm % unit || ld->encoded_offset != ld->imm / unit) {
        snprintf(why, n, "imm %u not encodable as %u-byte units (field %u)", ld->imm, unit, ld->encoded_offset);
        return false;
    }
    if (cls == TMU_LP_SMEM && gen <= TMU_LP_GFX8 && kind != TMU_LP_OFFSET_SGPR64 && ld->imm) {
        /* SMRD/SMEM before gfx9: the offset field holds an immediate OR an SGPR, and the
         * request's offset register (or folded constant) already occupies it */
        snprintf(why, n, "imm %u with an offset register: SMEM on %s has one offset slot", ld->imm,
                 tmu_lp_gen_name(gen));
        return false;
    }
    if (ld->imm > lpc_imm_limit(cls, gen)) {
        snprintf(why, n, "imm %u above the limit %u", ld->imm, lpc_imm_limit(cls, gen));
        return false;
    }
    return true;
}

static bool bounded(tmu_lp_class cls, bool smem_address)
{
    switch (cls) {
    case TMU_LP_SMEM: return !smem_address;
    case TMU_LP_SCRATCH_FLAT:
    case TMU_LP_GLOBAL: return false;
    default: return true;
    }
}

static bool widening_allowed(tmu_lp_class cls, tmu_lp_gen gen)
{
    return cls == TMU_LP_SMEM || cls == TMU_LP_MUBUF || (cls == TMU_LP_GLOBAL && gen != TMU_LP_GFX6);
}

bool lpc_expect_supported(const tmu_lp_request *req, tmu_lp_class cls, tmu_lp_gen gen)
{
    if (!family(cls, gen, req->smem_address))
        return false;
    unsigned cs = req->component_size;
    if (cs != 1 && cs != 2 && cs != 4 && cs != 8)
        return false;
    if (req->offset_kind == TMU_LP_OFFSET_CONST || req->offset_kind == TMU_LP_OFFSET_NONE) {
        /* a constant address whose bytes would wrap past 2^32 is refused */
        unsigned long long v = req->offset_kind == TMU_LP_OFFSET_CONST ? req->offset_value : 0;
        unsigned long long ext = req->component_stride
                                     ? (unsigned long long)(req->num_components - 1) * req->component_stride + cs
                                     : (unsigned long long)req->num_components * cs;
        if (v + req->const_offset + ext > (1ull << 32))
            return false;
    }
    if (req->num_components < 1 || req->num_components > 16 || req->num_components * cs > 64)
        return false;
    unsigned A = req->align_mul ? req->align_mul : cs;
    if (A & (A - 1) || req->align_offset >= A)
        return false;
    bool buffer = cls == TMU_LP_MUBUF || cls == TMU_LP_MUBUF_FORMAT || cls == TMU_LP_MTBUF ||
                  cls == TMU_LP_SCRATCH_MUBUF || (cls == TMU_LP_SMEM && !req->smem_address);
    if ((req->has_soffset || req->has_index) && !buffer)
        return false;
    if (req->has_index && cls == TMU_LP_SMEM)
        return false;
    if (cls == TMU_LP_SMEM && (req->offset_kind == TMU_LP_OFFSET_VGPR || req->offset_kind == TMU_LP_OFFSET_VGPR64))
        return false;
    if ((req->offset_kind == TMU_LP_OFFSET_VGPR64 || req->offset_kind == TMU_LP_OFFSET_SGPR64) &&
        !(cls == TMU_LP_GLOBAL || (cls == TMU_LP_SMEM && req->smem_address)))
        return false;
    if (cls == TMU_LP_MUBUF_FORMAT || cls == TMU_LP_MTBUF) {
        if (cs != 2 && cs != 4) return false;
        if (cs == 2 && gen < TMU_LP_GFX9) return false;
        if (A % cs || req->align_offset % cs) return false;
    }
    return true;
}

/* ---- simulation ------------------------------------------------------------ */
#define PAGE 4096u
#define BASE 0x01000000u

typedef struct sim {
    const tmu_lp_request *req;
    tmu_lp_class cls;
    tmu_lp_gen gen;
    unsigned cs, total, A, r;
    unsigned nE;
    uint32_t E[512];
} sim;

static uint32_t memoff(const sim *s, unsigned d)
{
    unsigned stride = s->req->component_stride ? s->req->component_stride : s->cs;
    return (d / s->cs) * stride + d % s->cs;
}

/* Does the 4 KiB page of address `a` hold a requested byte for effective address E? */
static bool page_requested(const sim *s, uint32_t E, uint32_t a)
{
    /* requested bytes are at most 1 KiB apart, so their pages form one range */
    uint32_t first = (E + memoff(s, 0)) / PAGE, last = (E + memoff(s, s->total - 1)) / PAGE;
    return a / PAGE >= first && a / PAGE <= last;
}

static void build_E(sim *s, bool facts_only)
{
    s->nE = 0;
    const tmu_lp_request *req = s->req;
    if (!facts_only && (req->offset_kind == TMU_LP_OFFSET_CONST || req->offset_kind == TMU_LP_OFFSET_NONE)) {
        uint32_t dyn = req->offset_kind == TMU_LP_OFFSET_CONST ? req->offset_value : 0;
        s->E[s->nE++] = dyn + req->const_offset;
        return;
    }
    /* every consistent address whose last requested byte lies in [BASE-64, BASE+64): the request
     * ends at every offset mod 16 just before, at and after a page boundary */
    uint32_t ext = memoff(s, s->total - 1) + 1;
    for (uint32_t E = BASE - ext - 63; E < BASE - ext + 65 && s->nE < 512; E++)
        if (E % s->A == s->r)
            s->E[s->nE++] = E;
    if (s->nE == 0) /* a very large align_mul: take the first consistent address at or after BASE */
        s->E[s->nE++] = BASE - BASE % s->A + s->r;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static bool fail(lpc_result *res, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(res->why, sizeof(res->why), fmt, ap);
    va_end(ap);
    return false;
}

static bool simulate(const sim *s, const tmu_lp_plan *plan, uint32_t E, lpc_result *res)
{
    const tmu_lp_request *req = s->req;
    uint32_t val[TMU_LP_MAX_FIXUPS + 1];
    uint32_t dyn;
    if (req->offset_kind == TMU_LP_OFFSET_CONST) dyn = req->offset_value;
    else if (req->offset_kind == TMU_LP_OFFSET_NONE) dyn = 0;
    else dyn = E - req->const_offset;
    val[0] = dyn;
    for (unsigned i = 0; i < plan->num_fixups; i++) {
        const tmu_lp_fixup *f = &plan->fixups[i];
        if (f->src > i)
            return fail(res, "fix-up %u reads value a%u before it exists", i + 1, f->src);
        val[i + 1] = f->op == TMU_LP_FIX_ADD ? val[f->src] + f->operand : val[f->src] & f->operand;
    }
    uint32_t delivered[64]; /* the address each destination byte came from */
    unsigned times[64];
    memset(times, 0, sizeof(times));
    uint32_t shifted[TMU_LP_MAX_LOADS][64];
    bool bnd = bounded(s->cls, req->smem_address);
    for (unsigned j = 0; j < plan->num_loads; j++) {
        const tmu_lp_load *ld = &plan->loads[j];
        if (ld->addr > plan->num_fixups)
            return fail(res, "load %u uses undefined value a%u", j, ld->addr);
        uint32_t reg[64];
        unsigned nb = ld->bytes;
        if (nb > 64)
            return fail(res, "load %u: %u bytes", j, nb);
        if (ld->read2_unit) {
            uint32_t a0 = val[ld->addr] + ld->encoded_offset * ld->read2_unit;
            uint32_t a1 = val[ld->addr] + ld->encoded_offset1 * ld->read2_unit;
            for (unsigned b = 0; b < ld->read2_unit; b++) {
                reg[b] = a0 + b;
                reg[ld->read2_unit + b] = a1 + b;
            }
            if (a0 % ld->read2_unit || a1 % ld->read2_unit)
                return fail(res, "E=%#x: %s halves at %#x/%#x are not %u-aligned", E, ld->op, a0, a1,
                            ld->read2_unit);
        } else {
            uint32_t a = val[ld->addr] + ld->imm;
            for (unsigned b = 0; b < nb; b++)
                reg[b] = a + b;
        }
        /* alignment required by the instruction and the one the plan claims */
        const fact *f = find_fact(ld->op, family(s->cls, s->gen, req->smem_address), s->gen);
        if (!f)
            return fail(res, "load %u: '%s' is not a %s load on %s", j, ld->op, tmu_lp_class_name(s->cls),
                        tmu_lp_gen_name(s->gen));
        uint32_t a = reg[0];
        if (a % f->align)
            return fail(res, "E=%#x: %s at %#x needs %u-byte alignment", E, ld->op, a, f->align);
        if (ld->align == 0 || a % ld->align)
            return fail(res, "E=%#x: %s at %#x: claimed alignment %u does not hold", E, ld->op, a, ld->align);
        if (!bnd)
            for (unsigned b = 0; b < nb; b++)
                if (!page_requested(s, E, reg[b]))
                    return fail(res, "E=%#x: %s reads %#x on a 4 KiB page no requested byte is on "
                                     "(unbounded memory)", E, ld->op, reg[b]);
        unsigned sh = 0;
        if (ld->shift_kind == TMU_LP_SHIFT_CONST) sh = ld->shift;
        else if (ld->shift_kind == TMU_LP_SHIFT_RUNTIME) {
            if (ld->shift_src > plan->num_fixups)
                return fail(res, "load %u: shift source a%u undefined", j, ld->shift_src);
            sh = val[ld->shift_src] & 3u;
        }
        if (sh + ld->useful > nb)
            return fail(res, "E=%#x: load %u delivers %u bytes after a %u-byte shift but loads %u", E, j,
                        ld->useful, sh, nb);
        for (unsigned b = 0; b + sh < nb; b++)
            shifted[j][b] = reg[b + sh];
        for (unsigned b = 0; b < ld->useful; b++) {
            unsigned d = ld->dst_byte + b;
            if (d >= s->total)
                return fail(res, "load %u delivers destination byte %u of %u", j, d, s->total);
            delivered[d] = shifted[j][b];
            times[d]++;
        }
    }
    for (unsigned d = 0; d < s->total; d++) {
        if (times[d] != 1)
            return fail(res, "destination byte %u delivered %u times", d, times[d]);
        if (delivered[d] != E + memoff(s, d))
            return fail(res, "E=%#x (dyn %#x): destination byte %u (component %u byte %u) holds memory "
                             "%#x, wants %#x", E, dyn, d, d / s->cs, d % s->cs, delivered[d],
                        E + memoff(s, d));
    }
    /* the recombination list must build the same components */
    if (plan->num_components != req->num_components)
        return fail(res, "recombination has %u components, wants %u", plan->num_components, req->num_components);
    for (unsigned c = 0; c < plan->num_components; c++) {
        const tmu_lp_component *comp = &plan->components[c];
        unsigned k = 0;
        for (unsigned i = 0; i < comp->num_sources && i < TMU_LP_MAX_SOURCES; i++) {
            unsigned j = comp->src[i].load;
            if (j >= plan->num_loads)
                return fail(res, "component %u: source load %u does not exist", c, j);
            for (unsigned b = 0; b < comp->src[i].bytes; b++, k++) {
                unsigned at = comp->src[i].byte + b;
                if (k >= s->cs || at >= plan->loads[j].useful)
                    return fail(res, "component %u: source %u takes byte %u outside load %u's result", c, i,
                                at, j);
                if (shifted[j][at] != E + memoff(s, c * s->cs + k))
                    return fail(res, "E=%#x: component %u byte %u recombined from %#x, wants %#x", E, c, k,
                                shifted[j][at], E + memoff(s, c * s->cs + k));
            }
        }
        if (k != s->cs)
            return fail(res, "component %u recombined from %u bytes, wants %u", c, k, s->cs);
    }
    return true;
}

/* ---- minimality: the checker's own exhaustive search -------------------------
 * Over the same load shapes the planner may use (a load starts at the first byte
 * still missing, naturally aligned for every consistent address; or, on byte-align
 * families, at the dword holding it and shifted), evaluated by brute force over
 * every simulated address: the fewest loads covering each contiguous run. */
static unsigned min_loads_segment(const sim *s, unsigned o, unsigned L, unsigned maxb)
{
    unsigned best[65];
    unsigned fam = family(s->cls, s->gen, s->req->smem_address);
    bool bnd = bounded(s->cls, s->req->smem_address);
    best[L] = 0;
    for (int p = (int)L - 1; p >= 0; p--) {
        best[p] = 1000;
        for (size_t i = 0; i < NFACTS; i++) {
            const fact *f = &facts[i];
            if (!(f->cls & fam) || (unsigned)s->gen < f->gmin || (unsigned)s->gen > f->gmax)
                continue;
            if (f->channel && f->channel != s->cs)
                continue;
            if (maxb && f->bytes > maxb)
                continue;
            for (int w = 0; w < 2; w++) {
                if (w && (!widening_allowed(s->cls, s->gen) || f->align != 4))
                    continue;
                unsigned cover = 64;
                bool ok = true, any_misaligned = false;
                for (unsigned e = 0; e < s->nE && ok; e++) {
                    uint32_t first = s->E[e] + o + (unsigned)p;
                    uint32_t start = w ? first & ~3u : first;
                    if (!w && start % f->align) ok = false;
                    if (start != first) any_misaligned = true;
                    unsigned c = start + f->bytes - first;
                    if (start + f->bytes <= first) ok = false;
                    if (c < cover) cover = c;
                    if (ok && !bnd &&
                        (!page_requested(s, s->E[e], start) || !page_requested(s, s->E[e], start + f->bytes - 1)))
                        ok = false;
                }
                if (!ok || (w && !any_misaligned)) /* widening only where an address is misaligned */
                    continue;
                unsigned end = (unsigned)p + cover < L ? (unsigned)p + cover : L;
                if (best[end] + 1 < best[p])
                    best[p] = best[end] + 1;
            }
        }
    }
    return best[0];
}

bool lpc_check(const tmu_lp_request *req, tmu_lp_class cls, tmu_lp_gen gen, const tmu_lp_plan *plan,
               bool check_min, lpc_result *res)
{
    memset(res, 0, sizeof(*res));
    static sim s0; /* per-thread use only in tests; large, so not on the stack */
    sim *s = &s0;
    memset(s, 0, sizeof(*s));
    s->req = req;
    s->cls = cls;
    s->gen = gen;
    s->cs = req->component_size;
    s->total = req->num_components * req->component_size;
    s->A = req->align_mul ? req->align_mul : req->component_size;
    s->r = req->align_offset;
    if (plan->total_bytes != s->total)
        return fail(res, "plan total %u bytes, request %u", plan->total_bytes, s->total);
    unsigned sum = 0;
    unsigned fam = family(cls, gen, req->smem_address);
    for (unsigned j = 0; j < plan->num_loads; j++) {
        const tmu_lp_load *ld = &plan->loads[j];
        const fact *f = find_fact(ld->op, fam, gen);
        if (!f)
            return fail(res, "load %u: '%s' is not a %s load on %s", j, ld->op, tmu_lp_class_name(cls),
                        tmu_lp_gen_name(gen));
        if (f->bytes != ld->bytes || f->read2 != ld->read2_unit)
            return fail(res, "load %u: %s loads %u bytes (read2 unit %u), plan says %u (%u)", j, ld->op,
                        f->bytes, f->read2, ld->bytes, ld->read2_unit);
        if (f->channel && f->channel != s->cs)
            return fail(res, "load %u: %s has %u-byte channels, components are %u bytes", j, ld->op,
                        f->channel, s->cs);
        unsigned maxb = req->swizzle_component_size;
        if (cls == TMU_LP_SCRATCH_MUBUF && (!maxb || maxb > 4)) maxb = 4;
        if (maxb && ld->bytes > maxb)
            return fail(res, "load %u: %u bytes exceed the swizzle limit %u", j, ld->bytes, maxb);
        char why[160];
        if (!imm_ok(f, cls, gen, req->offset_kind, ld, why, sizeof(why)))
            return fail(res, "load %u (%s): %s", j, ld->op, why);
        sum += ld->bytes;
    }
    if (sum != plan->bytes_read)
        return fail(res, "bytes_read %u, loads add up to %u", plan->bytes_read, sum);
    build_E(s, false);
    res->addresses = s->nE;
    for (unsigned e = 0; e < s->nE; e++)
        if (!simulate(s, plan, s->E[e], res))
            return false;
    if (check_min) {
        build_E(s, true); /* the planner may rely on the alignment facts only */
        unsigned maxb = req->swizzle_component_size;
        if (cls == TMU_LP_SCRATCH_MUBUF && (!maxb || maxb > 4)) maxb = 4;
        unsigned need = 0;
        if (!req->component_stride)
            need = min_loads_segment(s, 0, s->total, maxb);
        else
            for (unsigned c = 0; c < req->num_components; c++)
                need += min_loads_segment(s, c * req->component_stride, s->cs, maxb);
        res->min_loads = need;
        if (plan->num_loads > need)
            return fail(res, "plan uses %u loads; the exhaustive search needs only %u", plan->num_loads, need);
        if (plan->num_loads < need)
            return fail(res, "plan uses %u loads, fewer than the search's minimum %u (checker model gap)",
                        plan->num_loads, need);
    }
    return true;
}
