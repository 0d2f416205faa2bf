/* GCN executor, part 0: the wave, issue and retire, VM_CNT / EXP_CNT, the hazard log, s_waitcnt.
 *
 * Counters (CLRX's MIMG page, the seed of gcn-mimg.md: "Any MIMG instruction increments VMCNT and
 * it decrements VMCNT after memory operation.  Any memory-write operation increments EXPCNT, and
 * it decrements EXPCNT after reading data from VDATA."): every issued instruction is one entry of
 * an in-order ring; its results reach the VGPRs when it retires (VM_CNT - 1); a store's or
 * atomic's VDATA counts as unread until its EXP part retires (EXP_CNT - 1, at the latest when the
 * instruction retires).  The data of a store is taken when it issues, so a late overwrite changes
 * nothing here but is reported: on hardware it would race the read. */
#include <string.h>

#include "gcn/exec_internal.h"

void tmu_gcn_wave_init(tmu_gcn_wave *wave, tmu_gcn_gen gen)
{
    if (!wave)
        return;
    memset(wave, 0, sizeof *wave);
    wave->gen = gen;
    wave->exec = ~0ull;
    wave->lanes = TMU_GCN_LANES;
}

tmu_status tmu_gcn_wave_set_lanes(tmu_gcn_wave *wave, uint32_t lanes, tmu_diag *diag)
{
    if (!wave)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "NULL wave");
    if (lanes != 64 && !(lanes == 32 && TMU_GCN_GEN_IS_RDNA(wave->gen)))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "a %s wave has %s lanes, not %u", tmu_gcn_gen_name(wave->gen),
                            TMU_GCN_GEN_IS_RDNA(wave->gen) ? "32 or 64" : "64", lanes);
    wave->lanes = lanes;
    tmu_diag_clear(diag);
    return TMU_OK;
}

uint32_t tmu_gcn_vm_cnt_max(tmu_gcn_gen gen)
{
    return gen >= TMU_GCN_GFX9 ? 63u : 15u;
}

uint32_t tmu_gcn_vs_cnt_max(tmu_gcn_gen gen)
{
    return TMU_GCN_GEN_IS_RDNA(gen) ? 63u : 0u;
}

uint32_t tmu_gcn_exp_cnt_max(tmu_gcn_gen gen)
{
    (void)gen;
    return 7u;
}

uint32_t tmu_gcn_wave_vm_cnt(const tmu_gcn_wave *wave)
{
    return wave ? wave->priv.count - wave->priv.vs_count : 0;
}

uint32_t tmu_gcn_wave_vs_cnt(const tmu_gcn_wave *wave)
{
    return wave ? wave->priv.vs_count : 0;
}

uint32_t tmu_gcn_wave_exp_cnt(const tmu_gcn_wave *wave)
{
    return wave ? wave->priv.exp_count : 0;
}

const char *tmu_gcn_hazard_name(tmu_gcn_hazard_kind kind)
{
    switch (kind) {
    case TMU_GCN_HAZARD_READ_PENDING: return "read of a pending result (missing s_waitcnt vmcnt)";
    case TMU_GCN_HAZARD_WRITE_PENDING: return "write to a register a pending result will overwrite";
    case TMU_GCN_HAZARD_WRITE_VDATA: return "write to unread store/atomic data (missing s_waitcnt expcnt)";
    }
    return "invalid";
}

static tmu_gcn_pending *entry(tmu_gcn_wave *w, uint32_t i)
{
    return &w->priv.ring[(w->priv.head + i) % TMU_GCN_MAX_PENDING];
}

static const tmu_gcn_pending *centry(const tmu_gcn_wave *w, uint32_t i)
{
    return &w->priv.ring[(w->priv.head + i) % TMU_GCN_MAX_PENDING];
}

static void log_hazard(tmu_gcn_wave *w, tmu_gcn_hazard_kind kind, uint32_t vgpr, uint64_t at,
                       uint64_t pending)
{
    w->hazard_total++;
    if (w->hazard_count < TMU_GCN_MAX_HAZARDS)
        w->hazards[w->hazard_count++] = (tmu_gcn_hazard){kind, vgpr, at, pending};
}

/* The newest unretired instruction writing `v`, and the oldest one not yet having read it. */
static uint64_t writer_of(const tmu_gcn_wave *w, uint32_t v)
{
    for (uint32_t i = w->priv.count; i-- > 0;) {
        const tmu_gcn_pending *e = centry(w, i);
        if (v >= e->dst && v < e->dst + e->ndst && (e->dstmask >> (v - e->dst) & 1))
            return e->seq;
    }
    return 0;
}

static uint64_t reader_of(const tmu_gcn_wave *w, uint32_t v)
{
    for (uint32_t i = 0; i < w->priv.count; i++) {
        const tmu_gcn_pending *e = centry(w, i);
        if (e->exp && v >= e->src && v < (uint32_t)e->src + e->nsrc)
            return e->seq;
    }
    return 0;
}

static uint32_t check_reads(tmu_gcn_wave *w, uint32_t first, uint32_t count, uint64_t at)
{
    uint32_t n = 0;
    for (uint32_t v = first; v < first + count && v < TMU_GCN_VGPRS; v++)
        if (w->priv.writes[v]) {
            log_hazard(w, TMU_GCN_HAZARD_READ_PENDING, v, at, writer_of(w, v));
            n++;
        }
    return n;
}

static uint32_t check_writes(tmu_gcn_wave *w, uint32_t first, uint32_t count, uint64_t at)
{
    uint32_t n = 0;
    for (uint32_t v = first; v < first + count && v < TMU_GCN_VGPRS; v++) {
        if (w->priv.writes[v]) {
            log_hazard(w, TMU_GCN_HAZARD_WRITE_PENDING, v, at, writer_of(w, v));
            n++;
        }
        if (w->priv.reads[v]) {
            log_hazard(w, TMU_GCN_HAZARD_WRITE_VDATA, v, at, reader_of(w, v));
            n++;
        }
    }
    return n;
}

uint32_t tmu_gcn_wave_note_read(tmu_gcn_wave *wave, uint32_t first, uint32_t count)
{
    return wave ? check_reads(wave, first, count, wave->issued + 1) : 0;
}

uint32_t tmu_gcn_wave_note_write(tmu_gcn_wave *wave, uint32_t first, uint32_t count)
{
    return wave ? check_writes(wave, first, count, wave->issued + 1) : 0;
}

/* The VDATA of an entry has been read: EXP_CNT - 1. */
static void retire_exp(tmu_gcn_wave *w, tmu_gcn_pending *e)
{
    if (!e->exp)
        return;
    e->exp = 0;
    for (uint32_t v = e->src; v < (uint32_t)e->src + e->nsrc; v++)
        w->priv.reads[v]--;
    w->priv.exp_count--;
}

/* Entry i retires: its results become visible (VM_CNT or VS_CNT - 1).  Entries of one counter
 * retire in order; an RDNA wait on one counter retires entries of the other counter later. */
static void retire_at(tmu_gcn_wave *w, uint32_t i)
{
    tmu_gcn_pending *e = entry(w, i);
    retire_exp(w, e);
    for (uint32_t k = 0; k < e->ndst;) {
        uint32_t *reg = w->vgpr[e->dst + k];
        if (e->mask[k] == ~0ull) {
            /* a run of whole registers (rows of the slot and of the VGPR file are both
             * contiguous): one copy of run x 256 bytes */
            uint32_t run = 1;
            while (k + run < e->ndst && e->mask[k + run] == ~0ull)
                run++;
            memcpy(reg, e->data[k], run * sizeof e->data[k]);
            k += run;
            continue;
        }
        for (uint64_t m = e->mask[k]; m; m &= m - 1) {
            unsigned lane = (unsigned)__builtin_ctzll(m);
            reg[lane] = e->data[k][lane];
        }
        k++;
    }
    for (uint32_t k = 0; k < e->ndst; k++)
        if (e->dstmask >> k & 1)
            w->priv.writes[e->dst + k]--;
    if (e->vs)
        w->priv.vs_count--;
    if (i == 0) {
        w->priv.head = (w->priv.head + 1) % TMU_GCN_MAX_PENDING;
    } else { /* close the gap: later entries move down one slot */
        for (uint32_t j = i; j + 1 < w->priv.count; j++)
            memcpy(entry(w, j), entry(w, j + 1), sizeof *e);
    }
    if (--w->priv.count == 0)
        w->priv.head = 0; /* reuse the same (cached) slots while little is in flight */
}

static void retire_oldest(tmu_gcn_wave *w)
{
    retire_at(w, 0);
}

/* Retires the oldest entry counted by VS_CNT (vs = 1) or VM_CNT (vs = 0). */
static void retire_oldest_of(tmu_gcn_wave *w, int vs)
{
    for (uint32_t i = 0; i < w->priv.count; i++)
        if (entry(w, i)->vs == vs) {
            retire_at(w, i);
            return;
        }
}

void tmu_gcn_wave_wait(tmu_gcn_wave *wave, uint32_t vm_cnt, uint32_t exp_cnt)
{
    if (!wave)
        return;
    while (tmu_gcn_wave_vm_cnt(wave) > vm_cnt)
        retire_oldest_of(wave, 0);
    for (uint32_t i = 0; wave->priv.exp_count > exp_cnt && i < wave->priv.count; i++)
        retire_exp(wave, entry(wave, i));
}

void tmu_gcn_wave_wait_vs(tmu_gcn_wave *wave, uint32_t vs_cnt)
{
    if (!wave)
        return;
    while (wave->priv.vs_count > vs_cnt)
        retire_oldest_of(wave, 1);
}

/* SIMM16 layouts of s_waitcnt (LLVM AMDGPUBaseInfo, checked with llvm-mc 16): gfx6-8 VM 3-0,
 * EXP 6-4, LGKM 11-8; gfx9 VM 3-0 + 15-14; gfx10 / gfx10.3 as gfx9 with LGKM 13-8; gfx11 EXP 2-0,
 * LGKM 9-4, VM 15-10.  The SOPP opcode: 0xbf8c (gfx6-10.3), 0xbf89 (gfx11). */
static uint32_t waitcnt_opcode(tmu_gcn_gen gen)
{
    return gen == TMU_GCN_GFX11 ? 0xbf890000u : 0xbf8c0000u;
}

tmu_status tmu_gcn_waitcnt_decode(tmu_gcn_gen gen, uint32_t word, uint32_t *vm_cnt,
                                  uint32_t *exp_cnt, uint32_t *lgkm_cnt, tmu_diag *diag)
{
    if ((word & 0xffff0000u) != waitcnt_opcode(gen))
        return tmu_diag_set(diag, TMU_ERR_DECODE, 0, 0, 16,
                            "0x%08x is not s_waitcnt (%s: 0x%04xXXXX)", word,
                            tmu_gcn_gen_name(gen) ? tmu_gcn_gen_name(gen) : "?",
                            waitcnt_opcode(gen) >> 16);
    uint32_t s = word & 0xffffu, vm, ex, lg;
    if (gen == TMU_GCN_GFX11) {
        ex = s & 7u;
        lg = (s >> 4) & 0x3fu;
        vm = (s >> 10) & 0x3fu;
    } else {
        vm = s & 0xfu;
        if (gen >= TMU_GCN_GFX9)
            vm |= ((s >> 14) & 3u) << 4;
        ex = (s >> 4) & 7u;
        lg = TMU_GCN_GEN_IS_RDNA(gen) ? (s >> 8) & 0x3fu : (s >> 8) & 0xfu;
    }
    if (vm_cnt)
        *vm_cnt = vm;
    if (exp_cnt)
        *exp_cnt = ex;
    if (lgkm_cnt)
        *lgkm_cnt = lg;
    tmu_diag_clear(diag);
    return TMU_OK;
}

uint32_t tmu_gcn_waitcnt_encode(tmu_gcn_gen gen, uint32_t vm_cnt, uint32_t exp_cnt,
                                uint32_t lgkm_cnt)
{
    uint32_t vmax = tmu_gcn_vm_cnt_max(gen), lmax = TMU_GCN_GEN_IS_RDNA(gen) ? 63u : 15u;
    uint32_t vm = vm_cnt > vmax ? vmax : vm_cnt;
    uint32_t ex = exp_cnt > 7 ? 7 : exp_cnt;
    uint32_t lg = lgkm_cnt > lmax ? lmax : lgkm_cnt;
    if (gen == TMU_GCN_GFX11)
        return waitcnt_opcode(gen) | ex | lg << 4 | vm << 10;
    uint32_t s = (vm & 0xfu) | ex << 4 | lg << 8;
    if (gen >= TMU_GCN_GFX9)
        s |= (vm >> 4) << 14;
    return waitcnt_opcode(gen) | s;
}

/* s_waitcnt_vscnt (SOPK; gfx10 opcode 0x17, gfx11 0x18; SDST null = 125 / 124). */
tmu_status tmu_gcn_waitcnt_vscnt_decode(tmu_gcn_gen gen, uint32_t word, uint32_t *vs_cnt,
                                        tmu_diag *diag)
{
    if (!TMU_GCN_GEN_IS_RDNA(gen))
        return tmu_diag_set(diag, TMU_ERR_DECODE, 0, 0, -1,
                            "s_waitcnt_vscnt is RDNA only (%s has no VS_CNT)",
                            tmu_gcn_gen_name(gen) ? tmu_gcn_gen_name(gen) : "?");
    uint32_t op = gen == TMU_GCN_GFX11 ? 0x18u : 0x17u, null = gen == TMU_GCN_GFX11 ? 124u : 125u;
    if ((word >> 28) != 0xbu || ((word >> 23) & 0x1fu) != op)
        return tmu_diag_set(diag, TMU_ERR_DECODE, 0, 0, 23,
                            "0x%08x is not s_waitcnt_vscnt (SOPK opcode 0x%x on %s)", word, op,
                            tmu_gcn_gen_name(gen));
    if (((word >> 16) & 0x7fu) != null)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, 16,
                            "s_waitcnt_vscnt with SDST %u: a count from an SGPR is not modelled "
                            "(SDST must be null, %u)", (word >> 16) & 0x7fu, null);
    if (vs_cnt)
        *vs_cnt = word & 0x3fu;
    tmu_diag_clear(diag);
    return TMU_OK;
}

uint32_t tmu_gcn_waitcnt_vscnt_encode(tmu_gcn_gen gen, uint32_t vs_cnt)
{
    uint32_t op = gen == TMU_GCN_GFX11 ? 0x18u : 0x17u, null = gen == TMU_GCN_GFX11 ? 124u : 125u;
    return 0xb0000000u | op << 23 | null << 16 | (vs_cnt > 63 ? 63 : vs_cnt);
}

tmu_status tmu_gcn_exec_waitcnt(tmu_gcn_wave *wave, uint32_t word, tmu_diag *diag)
{
    if (!wave)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "NULL wave");
    uint32_t vm, ex, vs;
    if (TMU_GCN_GEN_IS_RDNA(wave->gen) && (word >> 28) == 0xbu && (word & 0xffff0000u) != waitcnt_opcode(wave->gen)) {
        tmu_status st = tmu_gcn_waitcnt_vscnt_decode(wave->gen, word, &vs, diag);
        if (st == TMU_OK)
            tmu_gcn_wave_wait_vs(wave, vs);
        return st;
    }
    tmu_status st = tmu_gcn_waitcnt_decode(wave->gen, word, &vm, &ex, NULL, diag);
    if (st == TMU_OK)
        tmu_gcn_wave_wait(wave, vm, ex);
    return st;
}

/* ---- issue ---------------------------------------------------------------------------------- */

static tmu_status exec_prepared(tmu_gcn_wave *w, const gcn_inst *x, tmu_diag *diag)
{
    const tmu_gcn_opcode_info *row = x->row;
    int store = row->cls == TMU_GCN_CLASS_STORE, atomic = row->cls == TMU_GCN_CLASS_ATOMIC;
    int writes_mem = store || atomic;
    /* RDNA: stores and atomics without return count in VS_CNT, everything else in VM_CNT */
    int rdna = TMU_GCN_GEN_IS_RDNA(w->gen);
    int vs = rdna && (store || (atomic && !x->mi->f[TMU_GCN_F_GLC]));
    /* a full counter stalls issue until the oldest instruction it counts retires */
    if (w->priv.count >= TMU_GCN_MAX_PENDING)
        retire_oldest(w);
    if (vs ? w->priv.vs_count >= tmu_gcn_vs_cnt_max(w->gen)
           : tmu_gcn_wave_vm_cnt(w) >= tmu_gcn_vm_cnt_max(w->gen))
        retire_oldest_of(w, vs);
    if (writes_mem && w->priv.exp_count >= tmu_gcn_exp_cnt_max(w->gen))
        tmu_gcn_wave_wait(w, TMU_GCN_NO_WAIT, tmu_gcn_exp_cnt_max(w->gen) - 1);
    uint64_t seq = w->issued + 1;
    /* operands read at issue */
    uint32_t nsrc = 0;
    if (store)
        nsrc = x->data_dwords;
    else if (atomic)
        nsrc = x->nvals; /* data (and compare) dwords */
    gcn_lanes ln;
    tmu_gcn_pending *e = entry(w, w->priv.count); /* the slot this instruction will occupy */
    memset(e->mask, 0, sizeof e->mask);
    tmu_status st;
    int pck_load = row->cls == TMU_GCN_CLASS_LOAD && (row->flags & TMU_GCN_OPF_PCK);
    ln.plan = &w->priv.cache_plan; /* x is the cache slot's instruction */
    ln.plan_ready = &w->priv.cache_plan_ready;
    if (writes_mem || pck_load)
        st = gcn_exec_memory(w, x, &ln, e, diag);
    else
        st = gcn_exec_sampling(w, x, &ln, e, diag);
    if (st != TMU_OK)
        return st;
    for (uint32_t i = 0; i < x->vaddr.vgprs; i++)
        check_reads(w, x->addr_vgpr[i], 1, seq);
    check_reads(w, x->vdata0, nsrc, seq);
    /* destinations: data dwords of loads and samples, the return of GLC atomics, the status */
    uint32_t ndst = x->data_dwords + (uint32_t)x->status;
    uint8_t dstmask = 0;
    if (!writes_mem) {
        uint32_t nd = x->nvals ? x->data_dwords : 0;
        dstmask = (uint8_t)((1u << nd) - 1);
    } else if (atomic && x->mi->f[TMU_GCN_F_GLC]) {
        int cmp = (row->flags & TMU_GCN_OPF_CMPSWAP) != 0;
        uint32_t nd = cmp ? x->nvals / 2 : x->nvals;
        dstmask = (uint8_t)((1u << nd) - 1);
    }
    if (x->status)
        dstmask |= (uint8_t)(1u << x->data_dwords);
    e->seq = seq;
    e->ndst = (uint8_t)ndst;
    e->dstmask = dstmask;
    e->dst = (uint16_t)x->vdata0;
    e->src = (uint16_t)x->vdata0;
    e->nsrc = (uint16_t)nsrc;
    e->exp = (uint8_t)(writes_mem ? 1 : 0);
    e->vs = (uint8_t)vs;
    w->priv.vs_count += (uint32_t)vs;
    for (uint32_t k = 0; k < ndst; k++)
        if (dstmask >> k & 1)
            w->priv.writes[x->vdata0 + k]++;
    if (e->exp) {
        for (uint32_t v = e->src; v < e->src + nsrc; v++)
            w->priv.reads[v]++;
        w->priv.exp_count++;
    }
    w->priv.count++;
    w->issued = seq;
    tmu_diag_clear(diag);
    return TMU_OK;
}

_Static_assert(sizeof(gcn_inst) <= sizeof(((tmu_gcn_wave *)0)->priv.cache), "prepared-instruction cache");

/* Everything gcn_prepare reads: the instruction (its word, or its fields when it comes decoded),
 * its T# and S#, and the environment (region, border-table and residency entries).  Returns the
 * number of key words (key[0] holds it too), 0 when it does not fit the key (then no caching). */
#define CACHE_KEY_WORDS (sizeof(((tmu_gcn_wave *)0)->priv.cache_key) / sizeof(uint64_t))

static unsigned cache_key(const tmu_gcn_wave *w, const tmu_gcn_env *env, const tmu_gcn_mimg *mi,
                          const uint64_t *word, uint64_t key[CACHE_KEY_WORDS])
{
    const tmu_gcn_field_info *fr = tmu_gcn_field_get_gen(w->gen, TMU_GCN_F_SRSRC);
    const tmu_gcn_field_info *fsm = tmu_gcn_field_get_gen(w->gen, TMU_GCN_F_SSAMP);
    if (!fr || !fsm)
        return 0;
    unsigned srsrc = word ? (unsigned)(*word >> fr->lo) & ((1u << fr->width) - 1) : mi->f[TMU_GCN_F_SRSRC];
    unsigned ssamp = word ? (unsigned)(*word >> fsm->lo) & ((1u << fsm->width) - 1) : mi->f[TMU_GCN_F_SSAMP];
    unsigned t = 4 * srsrc, s = 4 * ssamp;
    if (t + 8 > TMU_GCN_SGPRS || s + 4 > TMU_GCN_SGPRS || !env || env->region_count > 2 || env->prt_count > 1)
        return 0;
    unsigned k = 1;
    /* the prepared instruction points into the wave that holds it: a copy of the wave (at
     * another address) prepares again */
    key[k++] = (uint64_t)(uintptr_t)w;
    if (word) { /* the decoded instruction is a function of (generation, word) */
        key[k++] = *word;
    } else {
        key[k++] = (uint64_t)mi->gen | (uint64_t)(uintptr_t)mi->op << 8;
        for (unsigned i = 0; i + 1 < TMU_GCN_F_ALL; i += 2)
            key[k++] = mi->f[i] | (uint64_t)mi->f[i + 1] << 32;
        if (TMU_GCN_F_ALL % 2)
            key[k++] = mi->f[TMU_GCN_F_ALL - 1];
    }
    for (unsigned i = 0; i < 8; i += 2)
        key[k++] = w->sgpr[t + i] | (uint64_t)w->sgpr[t + i + 1] << 32;
    key[k++] = w->sgpr[s] | (uint64_t)w->sgpr[s + 1] << 32;
    key[k++] = w->sgpr[s + 2] | (uint64_t)w->sgpr[s + 3] << 32;
    key[k++] = (uint64_t)(uintptr_t)env->regions ^ (uint64_t)env->region_count << 56;
    for (size_t i = 0; i < env->region_count && env->regions; i++) {
        const tmu_gcn_region *r = &env->regions[i];
        key[k++] = r->base ^ (uint64_t)(r->writable != 0) << 63;
        key[k++] = r->size;
        key[k++] = (uint64_t)(uintptr_t)r->host;
    }
    key[k++] = (uint64_t)(uintptr_t)env->border_table ^ (uint64_t)env->border_count << 48;
    /* S# BORDER_COLOR_PTR: the entry it reads (gfx11: bits 29-18 of dword 3) */
    uint32_t ptr = w->gen == TMU_GCN_GFX11 ? (w->sgpr[s + 3] >> 18) & 0xfffu : w->sgpr[s + 3] & 0xfffu;
    if (env->border_table && ptr < env->border_count) {
        const uint32_t *e = env->border_table + 4 * (size_t)ptr;
        key[k++] = e[0] | (uint64_t)e[1] << 32;
        key[k++] = e[2] | (uint64_t)e[3] << 32;
    }
    key[k++] = (uint64_t)(uintptr_t)env->prt ^ (uint64_t)env->prt_count << 56;
    if (env->prt_count && env->prt) {
        key[k++] = env->prt[0].base;
        key[k++] = (uint64_t)(uintptr_t)env->prt[0].residency;
    }
    key[k++] = (uint64_t)(uintptr_t)env->chip; /* the registers behind it must not change */
    key[0] = k | (uint64_t)(word != NULL) << 8 | (uint64_t)w->gen << 16 | (uint64_t)w->lanes << 24;
    return k;
}

_Static_assert(1 + 1 + 1 + (TMU_GCN_F_ALL + 1) / 2 + 4 + 2 + 1 + 6 + 1 + 2 + 1 + 2 + 1 <= CACHE_KEY_WORDS,
               "cache key size");

/* The wave's one-entry cache of prepared instructions: an emulator runs the same instructions
 * on the same descriptors again and again.  A hit needs the same key (cache_key). */
static const gcn_inst *cache_lookup(const tmu_gcn_wave *w, const uint64_t *key, unsigned k)
{
    if (!k || !w->priv.cache_valid)
        return NULL;
    uint64_t diff = 0; /* key[0] holds k: a longer or shorter stored key differs there */
    for (unsigned i = 0; i < k; i++)
        diff |= key[i] ^ w->priv.cache_key[i];
    return diff ? NULL : (const gcn_inst *)(const void *)w->priv.cache;
}

/* gcn_prepare into the cache slot; keeps the key when there is one. */
static tmu_status prepare_into_cache(tmu_gcn_wave *w, const tmu_gcn_env *env, const tmu_gcn_mimg *mi,
                                     const uint64_t *key, unsigned k, const gcn_inst **out, tmu_diag *diag)
{
    gcn_inst *x = (gcn_inst *)(void *)w->priv.cache;
    w->priv.cache_valid = 0;
    w->priv.cache_plan_ready = 0;
    tmu_status st = gcn_prepare(w, env, mi, x, diag);
    if (st != TMU_OK)
        return st;
    if (k) {
        memcpy(w->priv.cache_key, key, k * sizeof *key);
        w->priv.cache_valid = 1;
    }
    *out = x;
    return TMU_OK;
}

/* A wave32 has lanes 0-31 only: EXEC bits 32-63 are set aside while an instruction runs. */
static tmu_status exec_lanes(tmu_gcn_wave *w, const gcn_inst *x, tmu_diag *diag)
{
    if (w->lanes != 32)
        return exec_prepared(w, x, diag);
    uint64_t saved = w->exec;
    w->exec &= 0xffffffffull;
    tmu_status st = exec_prepared(w, x, diag);
    w->exec = saved;
    return st;
}

static tmu_status check_wave(const tmu_gcn_wave *wave, tmu_diag *diag)
{
    if (!wave || (unsigned)wave->gen >= TMU_GCN_GEN_ALL)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "NULL wave or bad generation");
    if (wave->lanes != 64 && !(wave->lanes == 32 && TMU_GCN_GEN_IS_RDNA(wave->gen)))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "a %s wave of %u lanes (tmu_gcn_wave_set_lanes)",
                            tmu_gcn_gen_name(wave->gen), wave->lanes);
    return TMU_OK;
}

tmu_status tmu_gcn_exec(tmu_gcn_wave *wave, const tmu_gcn_env *env, const tmu_gcn_mimg *inst,
                        tmu_diag *diag)
{
    tmu_status st = check_wave(wave, diag);
    if (st != TMU_OK)
        return st;
    if (!inst)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "NULL instruction");
    if ((st = tmu_gcn_validate(inst, diag)) != TMU_OK)
        return st;
    uint64_t key[CACHE_KEY_WORDS];
    unsigned k = cache_key(wave, env, inst, NULL, key);
    const gcn_inst *x = cache_lookup(wave, key, k);
    if (!x && (st = prepare_into_cache(wave, env, inst, key, k, &x, diag)) != TMU_OK)
        return st;
    return exec_lanes(wave, x, diag);
}

tmu_status tmu_gcn_exec_word(tmu_gcn_wave *wave, const tmu_gcn_env *env, uint64_t word,
                             tmu_diag *diag)
{
    tmu_status st = check_wave(wave, diag);
    if (st != TMU_OK)
        return st;
    /* a hit skips decoding too: the word was decoded and prepared before */
    uint64_t key[CACHE_KEY_WORDS];
    unsigned k = cache_key(wave, env, NULL, &word, key);
    const gcn_inst *x = cache_lookup(wave, key, k);
    if (!x) {
        tmu_gcn_mimg mi;
        if ((st = tmu_gcn_decode(wave->gen, word, &mi, diag)) != TMU_OK)
            return st;
        if ((st = prepare_into_cache(wave, env, &mi, key, k, &x, diag)) != TMU_OK)
            return st;
    }
    return exec_lanes(wave, x, diag);
}

tmu_status tmu_gcn_exec_dwords(tmu_gcn_wave *wave, const tmu_gcn_env *env, const uint32_t *dw,
                               size_t n, unsigned *len, tmu_diag *diag)
{
    tmu_status st = check_wave(wave, diag);
    if (st != TMU_OK)
        return st;
    if (!dw)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "NULL instruction dwords");
    tmu_gcn_mimg mi;
    if ((st = tmu_gcn_decode_dwords(wave->gen, dw, n, &mi, len, diag)) != TMU_OK)
        return st;
    return tmu_gcn_exec(wave, env, &mi, diag);
}

tmu_status tmu_gcn_exec_explain(const tmu_gcn_wave *wave, const tmu_gcn_env *env,
                                const tmu_gcn_mimg *inst, tmu_gcn_explain *out, tmu_diag *diag)
{
    if (!wave || !inst || !out || (unsigned)wave->gen >= TMU_GCN_GEN_ALL)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "bad argument to tmu_gcn_exec_explain");
    tmu_status st = tmu_gcn_validate(inst, diag);
    if (st != TMU_OK)
        return st;
    gcn_inst x;
    if ((st = gcn_prepare(wave, env, inst, &x, diag)) != TMU_OK)
        return st;
    memset(out, 0, sizeof *out);
    out->tdesc = x.tdesc;
    out->sdesc = x.sdesc;
    out->has_sampler = x.has_sampler;
    out->texture = x.tex;
    out->tiled = x.tex.level[0].surface != NULL;
    if (out->tiled) {
        out->chip = env && env->chip ? env->chip : tmu_gcn_default_chip(inst->gen);
        /* the same layout again, for its base address (gfx9: less the pipe/bank XOR) */
        if ((st = tmu_gcn_tdesc_surface(&x.tdesc, &x.tex, out->chip, &out->surface,
                                        &out->surface_base, diag)) != TMU_OK)
            return st;
        for (uint32_t n = 0; n < TMU_MAX_LEVELS; n++)
            if (out->texture.level[n].surface)
                out->texture.level[n].surface = &out->surface;
    }
    out->sampler = x.smp;
    out->op = x.op;
    out->vaddr = x.vaddr;
    for (unsigned i = 0; i < TMU_GCN_MAX_ADDR; i++)
        out->addr_vgpr[i] = x.addr_vgpr[i];
    out->data_dwords = x.data_dwords;
    out->status_dword = x.status;
    out->vdata_count = x.data_dwords + (uint32_t)x.status;
    return TMU_OK;
}
