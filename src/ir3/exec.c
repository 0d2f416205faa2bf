/* ir3 cat5 execution: the wave's register files, the (sy) hazard tracking, and the
 * dispatch of one instruction (validate, compute every result, then commit). */
#include <stdio.h>
#include <string.h>

#include "ir3/exec.h"
#include "tmu/format.h"

/* ---- register files ------------------------------------------------------------------------ */

bool tmu_ir3_wave_separate_half(uint32_t gpu_id)
{
    return gpu_id < 600; /* Mesa ir3_compiler: mergedregs from gen 6 */
}

/* Mesa ir3_compiler threadsize_base: a3xx 8, a4xx-a5xx 32, a6xx+ 64 (and the double size). */
static uint32_t wave_base(uint32_t gpu_id)
{
    return gpu_id < 400 ? 8 : gpu_id < 600 ? 32 : 64;
}

tmu_status tmu_ir3_wave_init(tmu_ir3_wave *wave, uint32_t gpu_id, uint32_t fibers, tmu_diag *diag)
{
    if (!wave)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "no wave given");
    if (gpu_id < TMU_IR3_GPU_MIN || gpu_id > TMU_IR3_GPU_MAX)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "GPU id %u is outside %u..%u", gpu_id,
                            TMU_IR3_GPU_MIN, TMU_IR3_GPU_MAX);
    uint32_t base = wave_base(gpu_id);
    if (fibers != base && fibers != 2 * base)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "a wave of GPU id %u has %u or %u fibers (Mesa threadsize), not %u", gpu_id, base,
                            2 * base, fibers);
    memset(wave, 0, sizeof *wave);
    wave->gpu_id = gpu_id;
    wave->fibers = fibers;
    wave->samples = 1;
    for (uint32_t f = 0; f < fibers; f++)
        wave->active[f >> 6] |= UINT64_C(1) << (f & 63);
    tmu_diag_clear(diag);
    return TMU_OK;
}

/* 0: the register exists; else a reason. */
static const char *reg_problem(uint32_t gpu_id, unsigned reg, int half)
{
    if (reg < TMU_IR3_NUM_GPR)
        return NULL;
    if (reg < TMU_IR3_NUM_GPR + TMU_IR3_NUM_SHARED)
        return gpu_id < 500 ? "shared registers (r48-r55) exist from a5xx on" : NULL;
    if (reg == TMU_IR3_REG_A0 || reg == TMU_IR3_REG_A1 || (reg >= TMU_IR3_REG_P0 && reg < TMU_IR3_REG_P0 + 4))
        return half ? "a0, a1 and p0 are not read as half registers" : NULL;
    return "no such register";
}

static uint32_t half_of(uint32_t full, unsigned h)
{
    return (full >> (16 * (h & 1))) & 0xffffu;
}

uint32_t ir3_read_raw(const tmu_ir3_wave *w, unsigned fiber, unsigned reg, int half)
{
    int sep = tmu_ir3_wave_separate_half(w->gpu_id);
    if (reg < TMU_IR3_NUM_GPR) {
        if (!half)
            return w->gpr[fiber][reg];
        return sep ? w->hgpr[fiber][reg] : half_of(w->gpr[fiber][reg >> 1], reg);
    }
    if (reg < TMU_IR3_NUM_GPR + TMU_IR3_NUM_SHARED) {
        unsigned s = reg - TMU_IR3_NUM_GPR;
        if (!half)
            return w->shared[s];
        return sep ? w->hshared[s] : half_of(w->shared[s >> 1], s);
    }
    if (reg == TMU_IR3_REG_A0)
        return w->a0[fiber];
    if (reg == TMU_IR3_REG_A1)
        return w->a1[fiber];
    return w->p0[fiber][reg - TMU_IR3_REG_P0];
}

static void write_raw(tmu_ir3_wave *w, unsigned fiber, unsigned reg, int half, uint32_t v)
{
    int sep = tmu_ir3_wave_separate_half(w->gpu_id);
    uint32_t *full = NULL;
    unsigned h = reg;
    if (reg < TMU_IR3_NUM_GPR) {
        if (!half) {
            w->gpr[fiber][reg] = v;
            return;
        }
        if (sep) {
            w->hgpr[fiber][reg] = (uint16_t)v;
            return;
        }
        full = &w->gpr[fiber][reg >> 1];
    } else if (reg < TMU_IR3_NUM_GPR + TMU_IR3_NUM_SHARED) {
        unsigned s = reg - TMU_IR3_NUM_GPR;
        h = s;
        if (!half) {
            w->shared[s] = v;
            return;
        }
        if (sep) {
            w->hshared[s] = (uint16_t)v;
            return;
        }
        full = &w->shared[s >> 1];
    } else if (reg == TMU_IR3_REG_A0) {
        w->a0[fiber] = v;
        return;
    } else if (reg == TMU_IR3_REG_A1) {
        w->a1[fiber] = v;
        return;
    } else {
        w->p0[fiber][reg - TMU_IR3_REG_P0] = (uint8_t)(v != 0);
        return;
    }
    unsigned sh = 16 * (h & 1);
    *full = (*full & ~(0xffffu << sh)) | ((v & 0xffffu) << sh);
}

static tmu_status reg_check(const tmu_ir3_wave *wave, uint32_t fiber, uint16_t reg, bool half)
{
    if (!wave || fiber >= wave->fibers)
        return TMU_ERR_INVALID_ARGUMENT;
    return reg_problem(wave->gpu_id, reg, half) ? TMU_ERR_RANGE : TMU_OK;
}

tmu_status tmu_ir3_reg_get(const tmu_ir3_wave *wave, uint32_t fiber, uint16_t reg, bool half, uint32_t *value)
{
    tmu_status st = reg_check(wave, fiber, reg, half);
    if (st != TMU_OK || !value)
        return st != TMU_OK ? st : TMU_ERR_INVALID_ARGUMENT;
    *value = ir3_read_raw(wave, fiber, reg, half);
    return TMU_OK;
}

tmu_status tmu_ir3_reg_set(tmu_ir3_wave *wave, uint32_t fiber, uint16_t reg, bool half, uint32_t value)
{
    tmu_status st = reg_check(wave, fiber, reg, half);
    if (st != TMU_OK)
        return st;
    write_raw(wave, fiber, reg, half, value);
    return TMU_OK;
}

tmu_status tmu_ir3_reg_parse(const char *text, uint16_t *reg, bool *half, tmu_diag *diag)
{
    if (!text || !reg || !half)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "NULL argument");
    const char *p = text;
    *half = false;
    if (p[0] == 'h') {
        *half = true;
        p++;
    }
    static const char comps[] = "xyzw";
    if (!*half && (p[0] == 'a' || p[0] == 'p') && p[1] && p[2] == '.' && p[3] && !p[4]) {
        if (!strcmp(p, "a0.x")) {
            *reg = TMU_IR3_REG_A0;
            return TMU_OK;
        }
        if (!strcmp(p, "a1.x")) {
            *reg = TMU_IR3_REG_A1;
            return TMU_OK;
        }
        if (p[0] == 'p' && p[1] == '0' && strchr(comps, p[3])) {
            *reg = (uint16_t)(TMU_IR3_REG_P0 + (unsigned)(strchr(comps, p[3]) - comps));
            return TMU_OK;
        }
    }
    if (p[0] != 'r')
        return tmu_diag_set(diag, TMU_ERR_PARSE, 0, 1, -1, "'%.32s' is not a register (rN.c, hrN.c, a0.x, a1.x, p0.c)",
                            text);
    p++;
    unsigned n = 0, digits = 0;
    while (*p >= '0' && *p <= '9' && digits < 3) {
        n = n * 10 + (unsigned)(*p - '0');
        p++;
        digits++;
    }
    if (!digits || p[0] != '.' || !p[1] || !strchr(comps, p[1]) || p[2])
        return tmu_diag_set(diag, TMU_ERR_PARSE, 0, 1, -1, "'%.32s' is not a register (rN.c, hrN.c, a0.x, a1.x, p0.c)",
                            text);
    if (n > 55)
        return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 1, -1,
                            "'%.32s': registers go up to r55.w (r0-r47, shared r48-r55)", text);
    *reg = (uint16_t)(4 * n + (unsigned)(strchr(comps, p[1]) - comps));
    return TMU_OK;
}

/* ---- operand access ----------------------------------------------------------------------- */

float ir3_read_f(const ir3_ctx *x, unsigned fiber, const tmu_ir3_reguse *u)
{
    uint32_t v = ir3_read_raw(x->wave, fiber, u->reg, u->half);
    if (u->half)
        return tmu_half_to_float((uint16_t)v);
    float f;
    memcpy(&f, &v, 4);
    return f;
}

int32_t ir3_read_i(const ir3_ctx *x, unsigned fiber, const tmu_ir3_reguse *u)
{
    uint32_t v = ir3_read_raw(x->wave, fiber, u->reg, u->half);
    return u->half ? (int32_t)(int16_t)(uint16_t)v : (int32_t)v;
}

uint32_t ir3_read_u(const ir3_ctx *x, unsigned fiber, const tmu_ir3_reguse *u)
{
    return ir3_read_raw(x->wave, fiber, u->reg, u->half);
}

const tmu_ir3_reguse *ir3_operand(const ir3_ctx *x, tmu_ir3_role role, unsigned component)
{
    for (unsigned i = 0; i < x->ops->num_reads; i++)
        if (x->ops->reads[i].role == role && x->ops->reads[i].component == component)
            return &x->ops->reads[i];
    return NULL;
}

uint32_t ir3_type_store(unsigned type, uint32_t word)
{
    switch (type) {
    case 0: /* f16 */
    case 2: /* u16 */
    case 4: /* s16 */
        return word & 0xffffu;
    case 6: /* u8 */
        return word & 0xffu;
    default:
        return word;
    }
}

/* ---- hazards ------------------------------------------------------------------------------- */

/* Index of the pending bit that covers register `reg` (half or full), and in which array. */
static unsigned pending_slot(uint32_t gpu_id, unsigned reg, int half, int *separate)
{
    *separate = 0;
    if (!half)
        return reg;
    if (tmu_ir3_wave_separate_half(gpu_id)) {
        *separate = 1;
        return reg;
    }
    if (reg < TMU_IR3_NUM_GPR)
        return reg >> 1;
    return TMU_IR3_NUM_GPR + ((reg - TMU_IR3_NUM_GPR) >> 1);
}

static int is_pending(const tmu_ir3_wave *w, unsigned reg, int half)
{
    int sep;
    unsigned s = pending_slot(w->gpu_id, reg, half, &sep);
    if (s >= 256)
        return 0;
    const uint64_t *p = sep ? w->hpending : w->pending;
    return (int)((p[s >> 6] >> (s & 63)) & 1);
}

static void set_pending(tmu_ir3_wave *w, unsigned reg, int half)
{
    int sep;
    unsigned s = pending_slot(w->gpu_id, reg, half, &sep);
    if (s >= 256)
        return;
    uint64_t *p = sep ? w->hpending : w->pending;
    p[s >> 6] |= UINT64_C(1) << (s & 63);
}

/* ---- dispatch ------------------------------------------------------------------------------- */

static const char *refusal(const tmu_ir3_instr *in)
{
    switch (in->op) {
    case TMU_IR3_OP_CONV:
    case TMU_IR3_OP_CONVM:
    case TMU_IR3_OP_GETPOS:
        return "has no documented semantics (no user in Mesa; the ISA description names it only)";
    case TMU_IR3_OP_TCINV:
        return "has no documented semantics (the ISA description says only \"Texture Cache Invalidate ?\")";
    case TMU_IR3_OP_IMG_BINDLESS_HOF:
    case TMU_IR3_OP_IMG_BINDLESS_PCMN:
    case TMU_IR3_OP_IMG_BINDLESS:
        return "has no documented semantics (VK_QCOM_image_processing filters whose arithmetic no public source "
               "describes)";
    case TMU_IR3_OP_SAMGP0:
    case TMU_IR3_OP_SAMGP1:
    case TMU_IR3_OP_SAMGP2:
    case TMU_IR3_OP_SAMGP3:
        return "has no documented semantics (no user in Mesa; only blob traces are known)";
    case TMU_IR3_OP_RGETINFO:
        return "has no documented semantics (no user in Mesa, no sources, no description)";
    default:
        return NULL;
    }
}

static int is_texture_op(tmu_ir3_op op)
{
    switch (op) {
    case TMU_IR3_OP_DSX:
    case TMU_IR3_OP_DSY:
    case TMU_IR3_OP_DSXPP_1:
    case TMU_IR3_OP_DSYPP_1:
    case TMU_IR3_OP_RGETPOS:
    case TMU_IR3_OP_BRCST_ACTIVE:
    case TMU_IR3_OP_QUAD_SHUFFLE_BRCST:
    case TMU_IR3_OP_QUAD_SHUFFLE_HORIZ:
    case TMU_IR3_OP_QUAD_SHUFFLE_VERT:
    case TMU_IR3_OP_QUAD_SHUFFLE_DIAG:
        return 0;
    default:
        return 1;
    }
}

tmu_status tmu_ir3_execute(tmu_ir3_wave *wave, const tmu_ir3_bindings *bindings, uint64_t word, tmu_ir3_step *step,
                           tmu_diag *diag)
{
    if (!wave)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "no wave given");
    tmu_ir3_instr in;
    tmu_status st = tmu_ir3_decode(word, wave->gpu_id, &in, diag);
    if (st != TMU_OK)
        return st;
    return tmu_ir3_execute_instr(wave, bindings, &in, step, diag);
}

tmu_status tmu_ir3_execute_instr(tmu_ir3_wave *wave, const tmu_ir3_bindings *bindings, const tmu_ir3_instr *in,
                                 tmu_ir3_step *step, tmu_diag *diag)
{
    if (!wave || !in)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "no wave or instruction given");
    if ((int)in->op < 0 || in->op >= TMU_IR3_OP_COUNT)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1, "no instruction to execute (op %d)", (int)in->op);
    if (wave->gpu_id < TMU_IR3_GPU_MIN || wave->gpu_id > TMU_IR3_GPU_MAX || !wave->fibers ||
        wave->fibers > TMU_IR3_MAX_FIBERS || (wave->fibers & 3))
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "the wave is not initialised (GPU id %u, %u fibers)", wave->gpu_id, wave->fibers);
    if (in->gpu_id != wave->gpu_id)
        return tmu_diag_set(diag, TMU_ERR_INVALID_ARGUMENT, 0, 0, -1,
                            "the instruction was decoded for GPU id %u, the wave is GPU id %u", in->gpu_id,
                            wave->gpu_id);
    const tmu_ir3_opinfo *info = tmu_ir3_opinfo_get(in->op);
    if (wave->gpu_id < info->gpu_min || wave->gpu_id > info->gpu_max)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "%s needs GPU id >= %u", info->name, info->gpu_min);
    const char *why = refusal(in);
    if (why)
        return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1, "%s %s", info->name, why);
    tmu_ir3_step local;
    if (!step)
        step = &local;
    memset(step, 0, sizeof *step);
    step->instr = *in;
    tmu_status st = tmu_ir3_operands_get(in, &step->operands);
    if (st != TMU_OK)
        return tmu_diag_set(diag, st, 0, 0, -1, "cannot list the operands of %s", info->name);
    const tmu_ir3_operands *ops = &step->operands;

    /* every register read and written must exist; results go to GPRs only */
    char name[16];
    for (unsigned i = 0; i < ops->num_reads; i++) {
        const tmu_ir3_reguse *u = &ops->reads[i];
        const char *p = reg_problem(wave->gpu_id, u->reg, u->half);
        if (!p && u->role != TMU_IR3_ROLE_A1 && u->reg >= TMU_IR3_NUM_GPR + TMU_IR3_NUM_SHARED)
            p = "a0.x and p0 have no documented meaning as cat5 sources";
        if (p) {
            tmu_ir3_reg_name(u->reg, u->half, name, sizeof name);
            return tmu_diag_set(diag, p[0] == 'a' ? TMU_ERR_UNSUPPORTED : TMU_ERR_RANGE, 0, 0, -1,
                                "%s operand %s: %s", tmu_ir3_role_name((tmu_ir3_role)u->role), name, p);
        }
    }
    for (unsigned i = 0; i < ops->num_writes; i++) {
        const tmu_ir3_reguse *u = &ops->writes[i];
        if (u->reg >= TMU_IR3_NUM_GPR) {
            tmu_ir3_reg_name(u->reg, u->half, name, sizeof name);
            return tmu_diag_set(diag, TMU_ERR_RANGE, 0, 0, -1,
                                "destination component %s: cat5 results are written to r0.x-r47.w only", name);
        }
    }

    ir3_ctx x;
    memset(&x, 0, sizeof x);
    x.wave = wave;
    x.bind = bindings;
    x.in = in;
    x.ops = ops;
    x.f = in->field;
    x.gen = wave->gpu_id / 100 >= 8 ? 7 : wave->gpu_id / 100;
    for (uint32_t fb = 0; fb < wave->fibers; fb++)
        if (ir3_fiber_active(wave->active, fb))
            x.active[fb >> 6] |= UINT64_C(1) << (fb & 63);
    x.step = step;
    x.diag = diag;

    /* the second half of Mesa's fine-derivative macro: dsxpp.1 then dsxpp.1.p, same operands */
    int fine_second = 0;
    uint64_t p_bit = UINT64_C(1) << 53;
    if ((in->op == TMU_IR3_OP_DSXPP_1 || in->op == TMU_IR3_OP_DSYPP_1) && in->field[TMU_IR3_F_B53]) {
        uint64_t w = 0;
        tmu_ir3_encode(in, &w, NULL);
        uint64_t sy_jp = UINT64_C(3) << 59;
        if (!wave->fine_pair || ((wave->fine_pair | p_bit) & ~sy_jp) != (w & ~sy_jp))
            return tmu_diag_set(diag, TMU_ERR_UNSUPPORTED, 0, 0, -1,
                                "%s.p must follow %s with the same operands (Mesa's fine-derivative pair); alone it "
                                "has no documented meaning",
                                info->name, info->name);
        fine_second = 1;
    }

    /* compute every result first: on error nothing changes */
    ir3_results res;
    memset(&res, 0, sizeof res);
    ir3_results *r = &res;
    r->wrmask = in->field[TMU_IR3_F_WRMASK] & 15;
    r->dst_half = ir3_type_half[in->field[TMU_IR3_F_TYPE] & 7];
    r->write = 1;
    if (fine_second) {
        r->write = 0; /* the pair's result was written by the first half */
        st = TMU_OK;
    } else if (is_texture_op(in->op)) {
        st = ir3_exec_tex(&x, r);
    } else {
        st = ir3_exec_lane(&x, r);
    }
    if (st != TMU_OK)
        return st;

    /* commit: (sy) waits for everything in flight, then reads of pending registers are
     * hazards, then the destinations are in flight */
    if (in->field[TMU_IR3_F_SY]) {
        memset(wave->pending, 0, sizeof wave->pending);
        memset(wave->hpending, 0, sizeof wave->hpending);
    }
    if (!fine_second)
        for (unsigned i = 0; i < ops->num_reads && step->num_hazards < TMU_IR3_MAX_HAZARDS; i++)
            if (is_pending(wave, ops->reads[i].reg, ops->reads[i].half))
                step->hazards[step->num_hazards++] = ops->reads[i];
    if (r->write) {
        for (uint32_t fb = 0; fb < wave->fibers; fb++) {
            if (!ir3_fiber_active(r->mask, fb))
                continue;
            step->fibers_written++;
            step->written[fb >> 6] |= UINT64_C(1) << (fb & 63);
            for (unsigned c = 0; c < 4; c++)
                if (r->wrmask & (1u << c))
                    write_raw(wave, fb, (unsigned)in->field[TMU_IR3_F_DST] + c, r->dst_half, r->value[c][fb]);
        }
        for (unsigned i = 0; i < ops->num_writes; i++)
            set_pending(wave, ops->writes[i].reg, ops->writes[i].half);
    }
    wave->fine_pair = 0;
    if ((in->op == TMU_IR3_OP_DSXPP_1 || in->op == TMU_IR3_OP_DSYPP_1) && !fine_second) {
        uint64_t w = 0;
        tmu_ir3_encode(in, &w, NULL);
        wave->fine_pair = w;
    }
    wave->steps++;
    tmu_diag_clear(diag);
    return TMU_OK;
}
