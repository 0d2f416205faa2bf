/* Verification of translations by execution.  For every direction (PTX, GCN, ir3 to each other)
 * random neutral ops are lowered to a source instruction (a random generation of the source
 * ISA), the source instruction is lifted back (tmu_xl_lift_*) and translated to the target (a
 * random generation), and both sides run on their own executors — PTX tmu_ptx_exec_warp, GCN
 * tmu_gcn_exec_word with T#/S# in SGPRs and the texture in guest memory, ir3 tmu_ir3_execute —
 * over the same texture memory and sampler state, with random operand values.  The translation's
 * pre-ops read the source registers, its post-ops turn the target's registers into the source's
 * result words; every result word must equal the source executor's bit for bit (16-bit results:
 * the 16 bits).  No difference is allowed.  Value choices that keep conversions exact (stated
 * as preconditions in translate.h): cube directions have a power-of-two major axis and dyadic
 * minor components (the GCN face form is then exact), ir3 source offsets lie in -8..7.
 *
 * TMU_XL_CASES sets the executed cases per direction (default 100 000). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "translate/xl_world.h"


/* ---- random neutral ops and operand values --------------------------------------------------- */

static const tmu_dim all_dims[] = {TMU_DIM_1D, TMU_DIM_2D, TMU_DIM_3D, TMU_DIM_CUBE, TMU_DIM_1D_ARRAY,
                                   TMU_DIM_2D_ARRAY, TMU_DIM_CUBE_ARRAY, TMU_DIM_2D_MS, TMU_DIM_2D_MS_ARRAY};

static int axes_of(tmu_dim d)
{
    return d == TMU_DIM_1D || d == TMU_DIM_1D_ARRAY ? 1 : d == TMU_DIM_3D || d == TMU_DIM_CUBE || d == TMU_DIM_CUBE_ARRAY ? 3 : 2;
}

static void need(tmu_xl_source *s, unsigned slot, tmu_xl_form form)
{
    s->in[slot] = (tmu_xl_loc){TMU_XL_L_SRC, 0, 0, (uint16_t)slot, 0};
    s->form[slot] = (uint8_t)form;
}

/* A synthetic neutral source (arch "neutral": every slot canonical). */
static void random_neutral(tmu_xl_source *s, tmu_xl_isa from)
{
    memset(s, 0, sizeof *s);
    s->arch.isa = TMU_XL_ISA_COUNT;
    unsigned k = below(20);
    tmu_op *op = &s->op;
    op->kind = k < 11 ? TMU_OP_SAMPLE : k < 15 ? TMU_OP_GATHER : k < 18 ? TMU_OP_FETCH : TMU_OP_QUERY_LOD;
    if (op->kind == TMU_OP_QUERY_LOD && from != TMU_XL_IR3)
        op->kind = TMU_OP_SAMPLE;
    for (;;) {
        s->dim = all_dims[below(9)];
        int ms = s->dim == TMU_DIM_2D_MS || s->dim == TMU_DIM_2D_MS_ARRAY;
        if (ms != (op->kind == TMU_OP_FETCH) && (ms || below(3) != 0))
            continue;
        if (op->kind == TMU_OP_GATHER && s->dim != TMU_DIM_2D && s->dim != TMU_DIM_2D_ARRAY && s->dim != TMU_DIM_CUBE &&
            s->dim != TMU_DIM_CUBE_ARRAY)
            continue;
        if (op->kind == TMU_OP_FETCH && (s->dim == TMU_DIM_CUBE || s->dim == TMU_DIM_CUBE_ARRAY))
            continue;
        break;
    }
    op->dim = s->dim;
    int cube = s->dim == TMU_DIM_CUBE || s->dim == TMU_DIM_CUBE_ARRAY;
    int arr = s->dim == TMU_DIM_1D_ARRAY || s->dim == TMU_DIM_2D_ARRAY || s->dim == TMU_DIM_CUBE_ARRAY ||
              s->dim == TMU_DIM_2D_MS_ARRAY;
    int ax = axes_of(s->dim);
    int fetch = op->kind == TMU_OP_FETCH;
    for (int a = 0; a < ax; a++)
        need(s, TMU_XL_COORD0 + (unsigned)a, fetch ? TMU_XL_F_I32 : TMU_XL_F_F32);
    if (arr)
        need(s, TMU_XL_LAYER, TMU_XL_F_I32);
    if (s->dim == TMU_DIM_2D_MS || s->dim == TMU_DIM_2D_MS_ARRAY)
        need(s, TMU_XL_SAMPLE, TMU_XL_F_I32);
    op->result = (tmu_result_type)below(5);
    if (op->kind == TMU_OP_GATHER && op->result >= TMU_RESULT_F16)
        op->result = TMU_RESULT_F32;
    if (op->kind == TMU_OP_QUERY_LOD)
        op->result = TMU_RESULT_S32;
    switch (op->kind) {
    case TMU_OP_SAMPLE:
        op->level_mode = (tmu_level_mode)below(5);
        if (op->level_mode == TMU_LEVEL_LOD || op->level_mode == TMU_LEVEL_BIAS)
            need(s, TMU_XL_LOD, TMU_XL_F_F32);
        if (op->level_mode == TMU_LEVEL_GRAD)
            for (int a = 0; a < ax; a++) {
                need(s, TMU_XL_GX0 + (unsigned)a, TMU_XL_F_F32);
                need(s, TMU_XL_GY0 + (unsigned)a, TMU_XL_F_F32);
            }
        op->has_min_lod = below(4) == 0;
        if (op->has_min_lod)
            need(s, TMU_XL_MIN_LOD, TMU_XL_F_F32);
        break;
    case TMU_OP_GATHER:
        op->level_mode = TMU_LEVEL_BASE;
        op->component = (uint8_t)below(4);
        break;
    case TMU_OP_FETCH:
        op->level_mode = TMU_LEVEL_LOD;
        if (below(2) && !(s->dim == TMU_DIM_2D_MS || s->dim == TMU_DIM_2D_MS_ARRAY))
            need(s, TMU_XL_LOD, TMU_XL_F_I32);
        break;
    default: op->level_mode = TMU_LEVEL_IMPLICIT; break;
    }
    int is_int = op->result == TMU_RESULT_S32 || op->result == TMU_RESULT_U32;
    op->compare = !is_int && op->kind != TMU_OP_FETCH && op->kind != TMU_OP_QUERY_LOD && below(4) == 0;
    if (op->compare)
        need(s, TMU_XL_REF, TMU_XL_F_F32);
    op->has_offset = !cube && op->kind != TMU_OP_QUERY_LOD && below(3) == 0;
    if (op->has_offset)
        for (int a = 0; a < ax; a++)
            need(s, TMU_XL_OFF0 + (unsigned)a, TMU_XL_F_I32);
    op->want_residency = from != TMU_XL_IR3 && op->kind != TMU_OP_QUERY_LOD && below(4) == 0;
    s->result_mask = op->kind == TMU_OP_QUERY_LOD ? 3 : (uint8_t)(1 + below(15));
    if (op->result == TMU_RESULT_F16X2)
        s->result_mask = 3;
    if (from == TMU_XL_PTX)
        s->result_mask = op->result == TMU_RESULT_F16X2 ? 3 : 15;
}

/* Canonical operand values, per slot and lane. */
static void random_values(const tmu_xl_source *s, const tmu_texture *t, const tmu_sampler *smp, tmu_xl_isa from,
                          uint32_t v[TMU_XL_SLOT_COUNT][XL_LANES])
{
    int fetch = s->op.kind == TMU_OP_FETCH;
    int cube = s->dim == TMU_DIM_CUBE || s->dim == TMU_DIM_CUBE_ARRAY;
    uint32_t size[3] = {t->width, t->height, t->depth};
    for (unsigned lane = 0; lane < XL_LANES; lane++) {
        if (cube) {
            int ax = (int)below(3);
            float ma = ldexpf(1.0f, (int)below(4) - 1) * (below(2) ? -1.0f : 1.0f);
            for (int a = 0; a < 3; a++) {
                float m = fabsf(ma);
                float f = a == ax ? ma : dyadic(-m + m / 256, m - m / 256, m / 256);
                v[TMU_XL_COORD0 + a][lane] = fb(f);
            }
        } else {
            for (int a = 0; a < 3; a++) {
                if (fetch)
                    v[TMU_XL_COORD0 + a][lane] = (uint32_t)((int32_t)below(size[a] + 3) - 1);
                else if (smp->normalized)
                    v[TMU_XL_COORD0 + a][lane] = fb(dyadic(-0.25f, 1.25f, 1.0f / 1024));
                else
                    v[TMU_XL_COORD0 + a][lane] = fb(dyadic(-2.0f, (float)size[a] + 2.0f, 1.0f / 256));
            }
        }
        uint32_t nl = cube ? t->layers / 6 : t->layers;
        v[TMU_XL_LAYER][lane] = below(16) == 0 ? 0xfffffff0u + below(16) : below(nl + 2);
        v[TMU_XL_SAMPLE][lane] = below(t->samples + 1);
        if (fetch)
            v[TMU_XL_LOD][lane] = (uint32_t)((int32_t)below(t->levels + 2) - 1);
        else
            v[TMU_XL_LOD][lane] = fb(dyadic(-2.0f, (float)t->levels + 1.0f, 1.0f / 256));
        v[TMU_XL_MIN_LOD][lane] = fb(dyadic(0.0f, (float)t->levels, 1.0f / 256));
        for (int a = 0; a < 6; a++)
            v[TMU_XL_GX0 + a][lane] = fb(dyadic(-2.0f, 2.0f, 1.0f / 1024) / (float)(1 + below(8)));
        int wide = from != TMU_XL_IR3;
        for (int a = 0; a < 3; a++)
            v[TMU_XL_OFF0 + a][lane] = (uint32_t)(wide ? (int32_t)below(64) - 32 : (int32_t)below(16) - 8);
        v[TMU_XL_REF][lane] = fb(dyadic(-0.25f, 1.25f, 1.0f / 512));
    }
}

/* ---- one case ---------------------------------------------------------------------------------- */

typedef struct dir_stats {
    unsigned long attempts, refused, src_refused, cases, agree, disagree, tgt_fail, resident_cases, nonresident_lanes, queries;
    char first_refusal[8][200];
    unsigned nref;
} dir_stats;

static uint32_t pick_gen(tmu_xl_isa isa)
{
    if (isa == TMU_XL_GCN)
        return below(TMU_GCN_GEN_COUNT);
    if (isa == TMU_XL_IR3) {
        static const uint32_t gpus[] = {320, 420, 530, 630, 730};
        return gpus[below(5)];
    }
    return 0;
}

static void note_refusal(dir_stats *st, const char *msg)
{
    for (unsigned i = 0; i < st->nref; i++)
        if (strncmp(st->first_refusal[i], msg, sizeof st->first_refusal[i] - 1) == 0)
            return;
    if (st->nref < 8)
        snprintf(st->first_refusal[st->nref++], sizeof st->first_refusal[0], "%s", msg);
}

/* A size / level / sample query source, built directly in the source ISA. */
static int query_source(tmu_xl_isa from, tmu_xl_arch fa, tmu_dim dim, char *text, size_t size, tmu_xl_source *src,
                        tmu_xl_program *p0)
{
    tmu_diag d;
    memset(p0, 0, sizeof *p0);
    p0->ninstr = 1;
    if (from == TMU_XL_PTX) {
        static const tmu_ptx_query qs[6] = {TMU_PTX_Q_WIDTH, TMU_PTX_Q_HEIGHT, TMU_PTX_Q_DEPTH, TMU_PTX_Q_ARRAY_SIZE,
                                            TMU_PTX_Q_NUM_MIPMAP_LEVELS, TMU_PTX_Q_NUM_SAMPLES};
        tmu_ptx_query q = qs[below(6)];
        int lv = q <= TMU_PTX_Q_DEPTH && below(2);
        snprintf(text, size, "txq%s.%s.b32 %%r1, [tex0]%s;", lv ? ".level" : "", tmu_ptx_query_name(q), lv ? ", %r0" : "");
        if (tmu_ptx_parse_instr(text, strlen(text), &p0->instr[0].ptx, &d) != TMU_OK ||
            tmu_xl_lift_ptx(text, strlen(text), src, &d) != TMU_OK)
            fail_msg("query source %s: %s", text, d.message);
        src->dim = dim;
        snprintf(p0->instr[0].text, sizeof p0->instr[0].text, "%s", text);
        return 1;
    }
    if (from == TMU_XL_GCN) {
        tmu_gcn_mimg mi;
        tmu_gcn_mimg_init(&mi, (tmu_gcn_gen)fa.gen, tmu_gcn_opcode_by_name("image_get_resinfo"));
        mi.f[TMU_GCN_F_DMASK] = 1 + below(15);
        mi.f[TMU_GCN_F_UNORM] = 1;
        mi.f[TMU_GCN_F_VADDR] = 8;
        mi.f[TMU_GCN_F_DA] = dim != TMU_DIM_1D && dim != TMU_DIM_2D && dim != TMU_DIM_3D && dim != TMU_DIM_2D_MS;
        if (tmu_gcn_encode(&mi, &p0->instr[0].word, &d) != TMU_OK)
            fail_msg("resinfo: %s", d.message);
        tmu_gcn_print_llvm(&mi, NULL, p0->instr[0].text, sizeof p0->instr[0].text);
        if (tmu_xl_lift_gcn((tmu_gcn_gen)fa.gen, p0->instr[0].word, dim, TMU_RESULT_U32, src, &d) != TMU_OK)
            fail_msg("lift %s: %s", p0->instr[0].text, d.message);
        return 1;
    }
    tmu_ir3_instr in;
    memset(&in, 0, sizeof in);
    in.gpu_id = fa.gen;
    int info = below(3) == 0;
    in.op = info ? TMU_IR3_OP_GETINFO : TMU_IR3_OP_GETSIZE;
    in.field[TMU_IR3_F_FULL] = 1;
    in.field[TMU_IR3_F_SRC1] = info ? 0 : 4;
    in.field[TMU_IR3_F_DST] = 0;
    in.field[TMU_IR3_F_WRMASK] = (uint8_t)(info ? 4 * (1 + below(3)) : 1 + below(15));
    in.field[TMU_IR3_F_TYPE] = below(2) ? 3 : 5;
    in.field[TMU_IR3_F_3D] = dim == TMU_DIM_3D || dim == TMU_DIM_CUBE || dim == TMU_DIM_CUBE_ARRAY;
    in.field[TMU_IR3_F_A] = dim == TMU_DIM_1D_ARRAY || dim == TMU_DIM_2D_ARRAY || dim == TMU_DIM_CUBE_ARRAY ||
                            dim == TMU_DIM_2D_MS_ARRAY;
    in.field[TMU_IR3_F_CAT] = 5;
    in.field[TMU_IR3_F_OPC] = tmu_ir3_opinfo_get(in.op)->opc;
    if (tmu_ir3_encode(&in, &p0->instr[0].word, &d) != TMU_OK)
        fail_msg("ir3 query: %s", d.message);
    tmu_ir3_disasm(p0->instr[0].word, fa.gen, p0->instr[0].text, sizeof p0->instr[0].text);
    if (tmu_xl_lift_ir3(fa.gen, p0->instr[0].word, dim, src, &d) != TMU_OK)
        fail_msg("lift %s: %s", p0->instr[0].text, d.message);
    return 1;
}

static int run_query_case(world *w, tmu_xl_isa from, tmu_xl_isa to, dir_stats *st)
{
    st->attempts++;
    tmu_xl_arch fa = {from, pick_gen(from)}, ta = {to, pick_gen(to)};
    tmu_dim dim = all_dims[below(from == TMU_XL_GCN ? 7 : 9)]; /* the GCN executor has no MSAA memory */
    static tmu_xl_program p0, p;
    static char text[128];
    tmu_xl_source src;
    tmu_diag d;
    query_source(from, fa, dim, text, sizeof text, &src, &p0);
    tmu_status rc = tmu_xl_translate(&src, ta, &p, &d);
    if (rc == TMU_ERR_UNSUPPORTED) {
        st->refused++;
        note_refusal(st, d.message);
        return 0;
    }
    if (rc != TMU_OK)
        fail_msg("translate %s: %s", p0.instr[0].text, d.message);
    int gcn_gen = from == TMU_XL_GCN ? (int)fa.gen : to == TMU_XL_GCN ? (int)ta.gen : TMU_GCN_GFX9;
    w->gw->gen = (tmu_gcn_gen)gcn_gen;
    if (!make_texture(w, dim, 0, gcn_gen) || !make_sampler(w, 0, 0, gcn_gen)) {
        st->src_refused++;
        return 0;
    }
    w->env.prt = NULL;
    w->env.prt_count = 0;
    xl_mach *sm = &w->m[from], *tm = &w->m[to];
    reset_mach(w, sm, from, fa.gen);
    reset_mach(w, tm, to, ta.gen);
    if (src.in[TMU_XL_LOD].kind == TMU_XL_L_SRC)
        for (unsigned lane = 0; lane < XL_LANES; lane++)
            xl_set(sm, &src, &src.in[TMU_XL_LOD], lane, (uint32_t)((int32_t)below(w->tex.levels + 3) - 1));
    static xl_run r1;
    memset(&r1, 0, sizeof r1);
    tmu_status tst = xl_run_program(&p, &src, sm, NULL, tm, &r1, &d);
    char tmsg[200];
    snprintf(tmsg, sizeof tmsg, "%s", d.message);
    if (xl_exec_instr(sm, &p0, 0, &d) != TMU_OK) {
        st->src_refused++;
        return 0;
    }
    st->cases++;
    st->queries++;
    if (tst != TMU_OK) {
        st->disagree++;
        if (st->disagree <= 3)
            print_message("  %s -> %s query target failed: %s\n    source: %s\n", tmu_xl_isa_name(from),
                          tmu_xl_isa_name(to), tmsg, p0.instr[0].text);
        return 0;
    }
    for (unsigned lane = 0; lane < XL_LANES; lane++)
        for (unsigned c = 0; c < 4; c++) {
            if (!(src.result_mask >> c & 1))
                continue;
            uint32_t a = xl_source_result(sm, &src, c, lane), b = r1.res[c][lane];
            if (a != b) {
                st->disagree++;
                if (st->disagree <= 5) {
                    char buf[2048];
                    tmu_xl_print(&p, &src, 0, buf, sizeof buf);
                    print_message("  %s -> %s query lane %u word %u: source %u, translation %u (%s, %ux%ux%u, "
                                  "layers %u, levels %u)\n    %s\n%s",
                                  tmu_xl_isa_name(from), tmu_xl_isa_name(to), lane, c, a, b, tmu_dim_name(dim),
                                  w->tex.width, w->tex.height, w->tex.depth, w->tex.layers, w->tex.levels,
                                  p0.instr[0].text, buf);
                }
                return 0;
            }
        }
    st->agree++;
    return 1;
}

static int run_case(world *w, tmu_xl_isa from, tmu_xl_isa to, dir_stats *st)
{
    if (below(8) == 0)
        return run_query_case(w, from, to, st);
    st->attempts++;
    tmu_xl_source s0, src;
    random_neutral(&s0, from);
    tmu_xl_arch fa = {from, pick_gen(from)}, ta = {to, pick_gen(to)};
    tmu_diag d;
    static tmu_xl_program p0, p;
    if (tmu_xl_translate(&s0, fa, &p0, &d) != TMU_OK) {
        st->src_refused++;
        if (getenv("TMU_XL_DEBUG"))
            print_message("  source lowering: %s [%s]\n", d.message, p0.text);
        return 0;
    }
    /* lift the source instruction */
    tmu_status rc;
    tmu_result_type rt = s0.op.result == TMU_RESULT_F16 || s0.op.result == TMU_RESULT_F16X2 ? TMU_RESULT_F32 : s0.op.result;
    if (from == TMU_XL_PTX)
        rc = tmu_xl_lift_ptx(p0.text, strlen(p0.text), &src, &d);
    else if (from == TMU_XL_GCN)
        rc = tmu_xl_lift_gcn((tmu_gcn_gen)fa.gen, p0.instr[0].word, s0.dim, rt, &src, &d);
    else
        rc = tmu_xl_lift_ir3(fa.gen, p0.instr[0].word, s0.dim, &src, &d);
    if (rc != TMU_OK)
        fail_msg("lift of %s (%s) failed: %s", p0.instr[0].text, tmu_xl_isa_name(from), d.message);
    int same_level = src.op.level_mode == s0.op.level_mode ||
                     (s0.op.level_mode == TMU_LEVEL_BASE && src.op.level_mode == TMU_LEVEL_LOD);
    if (src.op.kind != s0.op.kind || !same_level || src.op.compare != s0.op.compare ||
        (src.op.has_offset != s0.op.has_offset && !(from == TMU_XL_GCN && s0.op.kind == TMU_OP_FETCH)))
        fail_msg("lift of %s does not give back the op", p0.instr[0].text);
    rc = tmu_xl_translate(&src, ta, &p, &d);
    if (rc == TMU_ERR_UNSUPPORTED) {
        st->refused++;
        note_refusal(st, d.message);
        return 0;
    }
    if (rc != TMU_OK)
        fail_msg("translate %s: %s", p0.instr[0].text, d.message);
    /* the texture: GCN memory at the GCN generation in use (gfx9 otherwise) */
    int gcn_gen = from == TMU_XL_GCN ? (int)fa.gen : to == TMU_XL_GCN ? (int)ta.gen : TMU_GCN_GFX9;
    int is_int = src.op.result == TMU_RESULT_S32 || src.op.result == TMU_RESULT_U32;
    if (src.op.kind == TMU_OP_QUERY_LOD)
        is_int = 0;
    w->gw->gen = (tmu_gcn_gen)gcn_gen;
    if (!make_texture(w, src.dim, is_int, gcn_gen) ||
        !make_sampler(w, is_int, src.dim == TMU_DIM_CUBE || src.dim == TMU_DIM_CUBE_ARRAY, gcn_gen)) {
        st->src_refused++;
        return 0;
    }
    make_residency(w);
    if (0) {
        st->src_refused++;
        return 0;
    }
    xl_mach *sm = &w->m[from], *tm = &w->m[to];
    reset_mach(w, sm, from, fa.gen);
    reset_mach(w, tm, to, ta.gen);
    static uint32_t canon[TMU_XL_SLOT_COUNT][XL_LANES];
    random_values(&s0, &w->tex, &w->smp, from, canon);
    static xl_run r0, r1;
    memset(&r0, 0, sizeof r0);
    memset(&r1, 0, sizeof r1);
    /* source registers: the pre-ops of the neutral -> source program */
    tmu_xl_program pre = p0;
    unsigned n = 0;
    for (unsigned i = 0; i < p0.nsteps && p0.step[i].kind == TMU_XL_STEP_UOP; i++)
        n = i + 1;
    pre.nsteps = n;
    if (xl_run_program(&pre, &s0, NULL, (const uint32_t(*)[XL_LANES])canon, sm, &r0, &d) != TMU_OK)
        fail_msg("source setup: %s", d.message);
    /* the translation first (its pre-ops read the source registers), then the source */
    tmu_status tst = xl_run_program(&p, &src, sm, NULL, tm, &r1, &d);
    char tmsg[200];
    snprintf(tmsg, sizeof tmsg, "%s", d.message);
    tmu_status sst = xl_exec_instr(sm, &p0, 0, &d);
    if (sst != TMU_OK) {
        st->src_refused++;
        if (getenv("TMU_XL_DEBUG"))
            print_message("  source exec: %s: %s\n", p0.instr[0].text, d.message);
        return 0;
    }
    st->cases++;
    if (tst != TMU_OK) {
        st->tgt_fail++;
        st->disagree++;
        if (st->tgt_fail <= 3)
            print_message("  %s -> %s target failed: %s\n    source: %s\n    target: %s\n", tmu_xl_isa_name(from),
                          tmu_xl_isa_name(to), tmsg, p0.instr[0].text, p.instr[0].text);
        return 0;
    }
    int ok = 1;
    for (unsigned lane = 0; lane < XL_LANES && ok; lane++)
        for (unsigned c = 0; c < 4; c++) {
            if (!(src.result_mask >> c & 1))
                continue;
            uint32_t a = xl_source_result(sm, &src, c, lane), b = r1.res[c][lane];
            if (a != b) {
                ok = 0;
                if (st->disagree < 5) {
                    char buf[2048];
                    tmu_xl_print(&p, &src, 0, buf, sizeof buf);
                    print_message("  %s -> %s lane %u word %u: source 0x%08x, translation 0x%08x\n"
                                  "    source (%s %s, %s, levels %u, size %ux%ux%u, layers %u): %s\n%s",
                                  tmu_xl_isa_name(from), tmu_xl_isa_name(to), lane, c, a, b,
                                  tmu_xl_isa_name(from), from == TMU_XL_GCN ? tmu_gcn_gen_name((tmu_gcn_gen)fa.gen) : "",
                                  tmu_format_name(w->tex.format), w->tex.levels, w->tex.width, w->tex.height,
                                  w->tex.depth, w->tex.layers, p0.instr[0].text, buf);
                }
                break;
            }
        }
    if (src.op.want_residency)
        st->resident_cases++;
    for (unsigned lane = 0; lane < XL_LANES && ok && src.op.want_residency; lane++) {
        uint32_t a = xl_get(sm, &src, &src.res[4], lane);
        a = src.res_form[4] == TMU_XL_R_STATUS ? (a == 0) : (a & 1);
        st->nonresident_lanes += a == 0;
        if (a != r1.res[4][lane]) {
            ok = 0;
            if (st->disagree < 5)
                print_message("  %s -> %s lane %u residency: source %u, translation %u\n    %s\n    %s\n",
                              tmu_xl_isa_name(from), tmu_xl_isa_name(to), lane, a, r1.res[4][lane],
                              p0.instr[0].text, p.instr[0].text);
        }
    }
    if (ok)
        st->agree++;
    else
        st->disagree++;
    return 1;
}

static void test_equiv(void **state)
{
    (void)state;
    unsigned long want = 100000;
    const char *e = getenv("TMU_XL_CASES");
    if (e && *e)
        want = strtoul(e, NULL, 10);
    world *w = world_new();
    assert_non_null(w);
    xl_exec_from_text = 1; /* targets run from their printed text, parsed again */
    static dir_stats stats[3][3];
    unsigned long total_disagree = 0;
    print_message("| direction | attempts | refused | source not executable | executed | agree | disagree | "
                  "with residency (non-resident lanes) | queries |\n|---|---|---|---|---|---|---|---|---|\n");
    for (int f = 0; f < 3; f++)
        for (int t = 0; t < 3; t++) {
            if (f == t)
                continue;
            dir_stats *st = &stats[f][t];
            while (st->cases < want && st->attempts < want * 40)
                run_case(w, (tmu_xl_isa)f, (tmu_xl_isa)t, st);
            print_message("| %s -> %s | %lu | %lu | %lu | %lu | %lu | %lu | %lu (%lu) | %lu |\n",
                          tmu_xl_isa_name((tmu_xl_isa)f), tmu_xl_isa_name((tmu_xl_isa)t), st->attempts, st->refused,
                          st->src_refused, st->cases, st->agree, st->disagree, st->resident_cases,
                          st->nonresident_lanes, st->queries);
            total_disagree += st->disagree;
            if (st->cases < want)
                fail_msg("%s -> %s: only %lu cases executed", tmu_xl_isa_name((tmu_xl_isa)f),
                         tmu_xl_isa_name((tmu_xl_isa)t), st->cases);
        }
    if (getenv("TMU_XL_REFUSALS"))
        for (int f = 0; f < 3; f++)
            for (int t = 0; t < 3; t++)
                for (unsigned i = 0; i < stats[f][t].nref; i++)
                    print_message("  refused %s -> %s: %s\n", tmu_xl_isa_name((tmu_xl_isa)f),
                                  tmu_xl_isa_name((tmu_xl_isa)t), stats[f][t].first_refusal[i]);
    world_free(w);
    assert_int_equal(total_disagree, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_equiv)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
