/* GCN MIMG text printers: LLVM syntax (byte-identical to llvm-mc 14) and CLRX syntax.
 * Operands: VDATA, VADDR, SRSRC[, SSAMP]; then the modifiers of the modifier table, which
 * both printers (and the assembler, parse.c) share. */
#include "gcn/print.h"

#include <string.h>

/* Modifiers in llvm-mc's fixed order.  dmask is first and special-cased. */
const tmu_gcn_modifier tmu_gcn_modifiers[TMU_GCN_NUM_MODIFIERS] = {
    {"dmask", 5, " dmask", TMU_GCN_F_DMASK},
    {"unorm", 5, " unorm", TMU_GCN_F_UNORM},
    {"glc", 3, " glc", TMU_GCN_F_GLC},
    {"slc", 3, " slc", TMU_GCN_F_SLC},
    {"r128", 4, " r128", TMU_GCN_F_R128},
    {"a16", 3, " a16", TMU_GCN_F_A16},
    {"tfe", 3, " tfe", TMU_GCN_F_TFE},
    {"lwe", 3, " lwe", TMU_GCN_F_LWE},
    {"da", 2, " da", TMU_GCN_F_DA},
    {"d16", 3, " d16", TMU_GCN_F_D16},
};

/* Text is built in a local buffer with small append helpers instead of snprintf, then
 * copied out if it fits.  The longest possible instruction (a 22-character mnemonic, four
 * register ranges of at most 13 characters, dmask and nine modifiers) is under 110
 * characters (plus up to 24 bytes written ahead by the branch-free helpers), so a 160-byte
 * buffer cannot overflow. */
typedef struct {
    char *p;
} out_t;

static inline void put_n(out_t *o, const char *s, size_t n)
{
    memcpy(o->p, s, n);
    o->p += n;
}

static inline void put(out_t *o, const char *s)
{
    put_n(o, s, strlen(s));
}

static inline void put_uint(out_t *o, unsigned v)
{
    /* v < 1000 for every register number and dmask; branch-free: copy 4 bytes starting at the
     * first significant digit (t is padded so the copy stays inside it), advance by the
     * digit count */
    char t[6] = {(char)('0' + v / 100), (char)('0' + v / 10 % 10), (char)('0' + v % 10), 0, 0, 0};
    unsigned skip = (v < 100) + (v < 10);
    memcpy(o->p, t + skip, 4);
    o->p += 3 - skip;
}

static inline void put_range(out_t *o, const char *pfx, unsigned first, unsigned count)
{
    put(o, pfx);
    if (count <= 1) {
        put_uint(o, first);
        return;
    }
    *o->p++ = '[';
    put_uint(o, first);
    *o->p++ = ':';
    put_uint(o, first + count - 1);
    *o->p++ = ']';
}

static void put_sreg(out_t *o, tmu_gcn_gen gen, unsigned first, unsigned count)
{
    const tmu_gcn_gen_info *g = tmu_gcn_gen_info_get(gen);
    if (first >= g->ttmp_base)
        put_range(o, "ttmp", first - g->ttmp_base, count);
    else
        put_range(o, "s", first, count);
}

/* Prints an instruction already known to be valid (validated or freshly decoded). */
static int print_valid(const tmu_gcn_mimg *inst, const tmu_gcn_print_opts *opts, char *buf,
                       size_t size, int clrx)
{
    const uint32_t *f = inst->f;
    /* write straight into buf when it surely fits, else into a local buffer */
    char local[160];
    char *base = size >= sizeof local ? buf : local;
    out_t o;
    o.p = base;
    memcpy(o.p, inst->op->name, sizeof inst->op->name); /* fixed size: no variable copy */
    o.p += inst->op->name_len;
    *o.p++ = ' ';
    /* validate rejects VDATA ranges past v255, so the range always fits here */
    put_range(&o, "v", f[TMU_GCN_F_VDATA], tmu_gcn_vdata_count(inst));
    put(&o, ", ");
    unsigned na = tmu_gcn_llvm_vaddr_min(inst->op);
    if (opts && opts->vaddr_count > 0) {
        if (opts->vaddr_count > 16 || f[TMU_GCN_F_VADDR] + (unsigned)opts->vaddr_count > 256)
            return -1; /* no such register range */
        na = (unsigned)opts->vaddr_count;
    }
    put_range(&o, "v", f[TMU_GCN_F_VADDR], na);
    put(&o, ", ");
    put_sreg(&o, inst->gen, f[TMU_GCN_F_SRSRC] * 4, (clrx && f[TMU_GCN_F_R128]) ? 4 : 8);
    if (tmu_gcn_uses_sampler(inst->op)) {
        put(&o, ", ");
        put_sreg(&o, inst->gen, f[TMU_GCN_F_SSAMP] * 4, 4);
    }
    for (unsigned m = 0; m < TMU_GCN_NUM_MODIFIERS; m++) {
        const tmu_gcn_modifier *mod = &tmu_gcn_modifiers[m];
        uint32_t v = f[mod->field];
        if (mod->field == TMU_GCN_F_DMASK) {
            if (clrx ? v == 1 : v == 0)
                continue; /* the syntax's default */
            put(&o, clrx ? " dmask:" : " dmask:0x");
            if (clrx) {
                put_uint(&o, v);
            } else {
                *o.p++ = "0123456789abcdef"[v & 0xf];
            }
        } else {
            /* branch-free: always copy " name" (8 bytes, padded), keep it only if set */
            memcpy(o.p, mod->text, 8);
            o.p += v ? mod->name_len + 1u : 0u;
        }
    }
    size_t n = (size_t)(o.p - base);
    if (n + 1 > size) {
        buf[0] = 0;
        return -1;
    }
    if (base != buf)
        memcpy(buf, base, n);
    buf[n] = 0;
    return (int)n;
}

static int print_common(const tmu_gcn_mimg *inst, const tmu_gcn_print_opts *opts, char *buf,
                        size_t size, int clrx)
{
    if (!inst || !buf || size == 0)
        return -1;
    buf[0] = 0;
    if (tmu_gcn_validate(inst, NULL) != TMU_OK)
        return -1;
    return print_valid(inst, opts, buf, size, clrx);
}

int tmu_gcn_print_llvm(const tmu_gcn_mimg *inst, const tmu_gcn_print_opts *opts, char *buf,
                       size_t size)
{
    return print_common(inst, opts, buf, size, 0);
}

int tmu_gcn_print_clrx(const tmu_gcn_mimg *inst, const tmu_gcn_print_opts *opts, char *buf,
                       size_t size)
{
    return print_common(inst, opts, buf, size, 1);
}

int tmu_gcn_disasm(tmu_gcn_gen gen, uint64_t word, tmu_gcn_syntax syntax, char *buf, size_t size,
                   tmu_diag *diag)
{
    tmu_gcn_mimg inst;
    if (!buf || size == 0)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "no output buffer"), -1;
    buf[0] = 0;
    if (tmu_gcn_decode(gen, word, &inst, diag) != TMU_OK)
        return -1;
    int n = print_valid(&inst, NULL, buf, size, syntax == TMU_GCN_SYNTAX_CLRX);
    if (n < 0)
        tmu_diag_set(diag, TMU_ERR_BUFFER_TOO_SMALL, 0, 0, -1, "output buffer of %zu bytes is too "
                     "small", size);
    return n;
}
