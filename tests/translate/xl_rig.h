/* Test rig for translations: one machine per ISA (PTX register file, GCN wave with guest memory,
 * ir3 wave), reading and writing tmu_xl_loc locations, running a tmu_xl_program.  Header-only,
 * shared by test_translate_equiv and test_translate_indep (through xl_world.h). */
#ifndef TMU_TEST_XL_RIG_H
#define TMU_TEST_XL_RIG_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/gcn_exec.h"
#include "tmu/ir3_exec.h"
#include "tmu/translate.h"

#define XL_LANES 8u
#define XL_PTX_REGS 48

typedef struct xl_mach {
    tmu_xl_isa isa;
    uint32_t gen;
    /* PTX */
    tmu_ptx_reg regs[XL_PTX_REGS];
    char names[XL_PTX_REGS][24];
    size_t nregs;
    /* GCN */
    tmu_gcn_wave *gw;
    const tmu_gcn_env *genv;
    /* ir3 */
    tmu_ir3_wave *iw;
    const tmu_ir3_bindings *ib;
    /* PTX bindings */
    const tmu_ptx_binding *pb;
    size_t npb;
} xl_mach;

static inline tmu_ptx_reg *xl_ptx_reg(xl_mach *m, const char *name, size_t len)
{
    for (size_t i = 0; i < m->nregs; i++)
        if (strlen(m->names[i]) == len && memcmp(m->names[i], name, len) == 0)
            return &m->regs[i];
    if (m->nregs >= XL_PTX_REGS || len >= sizeof m->names[0])
        return NULL;
    memcpy(m->names[m->nregs], name, len);
    m->names[m->nregs][len] = 0;
    memset(&m->regs[m->nregs], 0, sizeof m->regs[0]);
    m->regs[m->nregs].name = m->names[m->nregs];
    return &m->regs[m->nregs++];
}

/* The PTX register of a location (source names, or target class/index). */
static inline tmu_ptx_reg *xl_ptx_loc(xl_mach *m, const tmu_xl_source *src, const tmu_xl_loc *l)
{
    char b[24];
    if (l->kind == TMU_XL_L_SRC && src && src->arch.isa == TMU_XL_PTX)
        return xl_ptx_reg(m, src->names[l->index], src->name_len[l->index]);
    int n = snprintf(b, sizeof b, "%%%c%u", "frhp"[l->cls & 3], l->index);
    return xl_ptx_reg(m, b, (size_t)n);
}

static inline uint32_t xl_get(xl_mach *m, const tmu_xl_source *src, const tmu_xl_loc *l, unsigned lane)
{
    switch (m->isa) {
    case TMU_XL_PTX: {
        tmu_ptx_reg *r = xl_ptx_loc(m, src, l);
        return r ? (uint32_t)r->lane[lane] : 0;
    }
    case TMU_XL_GCN: {
        uint32_t v = m->gw->vgpr[l->index & 255][lane];
        return l->half == 2 ? v >> 16 : l->half == 1 ? (v & 0xffff) : v;
    }
    default: {
        uint32_t v = 0;
        tmu_ir3_reg_get(m->iw, lane, l->index, l->half != 0, &v);
        return v;
    }
    }
}

static inline void xl_set(xl_mach *m, const tmu_xl_source *src, const tmu_xl_loc *l, unsigned lane, uint32_t v)
{
    switch (m->isa) {
    case TMU_XL_PTX: {
        tmu_ptx_reg *r = xl_ptx_loc(m, src, l);
        if (r)
            r->lane[lane] = v;
        return;
    }
    case TMU_XL_GCN: m->gw->vgpr[l->index & 255][lane] = v; return;
    default: tmu_ir3_reg_set(m->iw, lane, l->index, l->half != 0, v); return;
    }
}

/* Executes one PTX instruction / GCN or ir3 word on machine m. */
static inline tmu_status xl_exec_ptx(xl_mach *m, const tmu_ptx_instr *in, tmu_diag *d)
{
    tmu_ptx_exec_env env;
    memset(&env, 0, sizeof env);
    env.bindings = m->pb;
    env.nbindings = m->npb;
    /* every register the instruction writes must exist */
    for (unsigned k = 0; k < in->dst.count; k++)
        if (in->dst.e[k].kind == TMU_PTX_E_NAME)
            xl_ptx_reg(m, in->dst.e[k].name, in->dst.e[k].name_len);
    if (in->pred.kind == TMU_PTX_E_NAME)
        xl_ptx_reg(m, in->pred.name, in->pred.name_len);
    tmu_ptx_regfile rf = {m->regs, m->nregs};
    return tmu_ptx_exec_warp(in, &env, (1u << XL_LANES) - 1, &rf, d);
}

/* Executes an RDNA instruction given as its dwords (memory order, 2-5: NSA) on machine m. */
static inline tmu_status xl_exec_dwords(xl_mach *m, const uint32_t *dw, size_t n, tmu_diag *d)
{
    unsigned len = 0;
    tmu_status st = tmu_gcn_exec_dwords(m->gw, m->genv, dw, n, &len, d);
    tmu_gcn_wave_wait(m->gw, 0, 0);
    if (st == TMU_OK && len != n)
        return tmu_diag_set(d, TMU_ERR_INVALID, 0, 0, -1, "an instruction of %u dwords, not %u", len, (unsigned)n);
    return st;
}

static inline tmu_status xl_exec_word(xl_mach *m, uint64_t word, tmu_diag *d)
{
    if (m->isa == TMU_XL_GCN && TMU_GCN_GEN_IS_RDNA(m->gw->gen)) {
        /* an RDNA target: its two dwords, DWORD0 | DWORD1 << 32 (translate.h) */
        uint32_t dw[2] = {(uint32_t)word, (uint32_t)(word >> 32)};
        return xl_exec_dwords(m, dw, 2, d);
    }
    if (m->isa == TMU_XL_GCN) {
        tmu_status st = tmu_gcn_exec_word(m->gw, m->genv, word, d);
        tmu_gcn_wave_wait(m->gw, 0, 0);
        return st;
    }
    return tmu_ir3_execute(m->iw, m->ib, word, NULL, d);
}

/* Set (non-zero) to execute target instructions from their printed text, parsed / assembled
 * again by the target ISA's own front end (tmu_ptx_parse_instr, tmu_gcn_assemble in LLVM
 * syntax, tmu_ir3_assemble), rather than from the word or struct the translator built.  A
 * text that does not parse, or assembles to another word, is an error. */
static int xl_exec_from_text;

/* Executes target instruction i of a program on machine m. */
static inline tmu_status xl_exec_instr(xl_mach *m, const tmu_xl_program *p, unsigned i, tmu_diag *d)
{
    const tmu_xl_instr *x = &p->instr[i];
    if (!xl_exec_from_text)
        return m->isa == TMU_XL_PTX ? xl_exec_ptx(m, &x->ptx, d) : xl_exec_word(m, x->word, d);
    const char *text = x->text;
    size_t len = strlen(text);
    if (m->isa == TMU_XL_PTX) {
        tmu_ptx_instr in;
        tmu_status st = tmu_ptx_parse_instr(text, len, &in, d);
        return st != TMU_OK ? st : xl_exec_ptx(m, &in, d);
    }
    uint64_t word = 0;
    tmu_status st;
    if (m->isa == TMU_XL_GCN) {
        tmu_gcn_mimg mi;
        st = tmu_gcn_assemble((tmu_gcn_gen)m->gen, TMU_GCN_SYNTAX_LLVM, text, len, 1, &mi, d);
        if (st == TMU_OK && TMU_GCN_GEN_IS_RDNA(m->gen)) {
            /* llvm-mc 16 syntax; the translator emits 2-dword (non-NSA) forms only */
            uint32_t dw[TMU_GCN_MAX_DWORDS];
            unsigned n = 0;
            st = tmu_gcn_encode_dwords(&mi, dw, &n, d);
            if (st == TMU_OK && n != 2)
                return tmu_diag_set(d, TMU_ERR_INVALID, 0, 0, -1, "'%s' assembles to %u dwords, not 2", text, n);
            word = (uint64_t)dw[0] | (uint64_t)dw[1] << 32;
        } else if (st == TMU_OK) {
            st = tmu_gcn_encode(&mi, &word, d);
        }
    } else {
        st = tmu_ir3_assemble(text, m->gen, &word, d);
    }
    if (st != TMU_OK)
        return st;
    if (word != x->word)
        return tmu_diag_set(d, TMU_ERR_INVALID, 0, 0, -1, "'%s' assembles to 0x%016llx, not the word 0x%016llx",
                            text, (unsigned long long)word, (unsigned long long)x->word);
    return xl_exec_word(m, word, d);
}

/* Values of the program's temporaries and results, per lane. */
typedef struct xl_run {
    uint32_t tmp[TMU_XL_MAX_TMP][XL_LANES];
    uint32_t res[5][XL_LANES];
} xl_run;

/* Runs a program: source registers are read from `srcm` (or from `canon` when srcm is NULL:
 * canon[index][lane] for L_SRC), target registers live in `tgtm`. */
static inline tmu_status xl_run_program(const tmu_xl_program *p, const tmu_xl_source *src, xl_mach *srcm,
                                        const uint32_t (*canon)[XL_LANES], xl_mach *tgtm, xl_run *run,
                                        tmu_diag *d)
{
    for (unsigned i = 0; i < p->nsteps; i++) {
        const tmu_xl_step *s = &p->step[i];
        if (s->kind == TMU_XL_STEP_INSTR) {
            tmu_status st = xl_exec_instr(tgtm, p, s->instr, d);
            if (st != TMU_OK)
                return st;
            continue;
        }
        for (unsigned lane = 0; lane < XL_LANES; lane++) {
            uint32_t v[3] = {0, 0, 0};
            const tmu_xl_loc *ops[3] = {&s->a, &s->b, &s->c};
            for (int k = 0; k < 3; k++) {
                const tmu_xl_loc *l = ops[k];
                switch (l->kind) {
                case TMU_XL_L_SRC: v[k] = srcm ? xl_get(srcm, src, l, lane) : canon[l->index][lane]; break;
                case TMU_XL_L_TGT: v[k] = xl_get(tgtm, NULL, l, lane); break;
                case TMU_XL_L_TMP: v[k] = run->tmp[l->index][lane]; break;
                case TMU_XL_L_IMM: v[k] = l->imm; break;
                default: break;
                }
            }
            uint32_t r = tmu_xl_uop_eval((tmu_xl_uop)s->op, v[0], v[1], v[2], s->k);
            switch (s->d.kind) {
            case TMU_XL_L_TGT: xl_set(tgtm, NULL, &s->d, lane, r); break;
            case TMU_XL_L_TMP: run->tmp[s->d.index][lane] = r; break;
            case TMU_XL_L_RES: run->res[s->d.index][lane] = r; break;
            default: break;
            }
        }
    }
    return TMU_OK;
}

/* The canonical value of source result c from the source machine. */
static inline uint32_t xl_source_result(xl_mach *m, const tmu_xl_source *src, unsigned c, unsigned lane)
{
    const tmu_xl_loc *l = &src->res[c];
    uint32_t v;
    if (src->arch.isa == TMU_XL_GCN) {
        tmu_xl_loc g = *l;
        g.half = 0;
        v = xl_get(m, src, &g, lane);
        if (src->res_form[c] == TMU_XL_R_LO16)
            return l->half == 2 ? v >> 16 : v & 0xffff;
        return v;
    }
    v = xl_get(m, src, l, lane);
    if (src->res_form[c] == TMU_XL_R_LO16)
        v &= 0xffff;
    return v;
}

#endif
