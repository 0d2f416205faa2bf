/* Verification of translations from independent sources.  The source instructions come from
 * each ISA's reference tools or from its own codec, never from the translator:
 *  - PTX: the lines ptxas 13 ACCEPTED in unified mode among the randomly generated cases of
 *    tests/data/ptx-generated-verdicts.txt (tests/ptx/gen_cases.py, verdicts of ptxas);
 *  - GCN: the words llc 14 emitted for every image intrinsic (tests/data/gcn-llc-roles.tsv,
 *    with the image type of the intrinsic), and random words of the GCN codec (random opcode
 *    row and fields, kept when tmu_gcn_validate accepts them);
 *  - ir3: the cat5 words of Mesa's disassembler test (tests/data/ir3-cat5-mesa.tsv) and random
 *    words of the ir3 codec (random opcode and fields, kept when the word decodes without notes
 *    and its Mesa text assembles back to it).
 * Each source is lifted (tmu_xl_lift_*), translated to the two other ISAs (random target
 * generation), and both sides run on their own executors over the same texture and sampler,
 * with random register values written in the source's own form.  The target instructions run
 * from their printed text, parsed or assembled again by the target ISA's front end.  Every
 * result word must equal the source's bit for bit.  Refusals (the lift's and the
 * translator's) are counted per reason and printed.  Every distinct PTX target line is checked
 * with tmu's ptxas model (tmu_ptx_module_check) and, with --ptx-module FILE, written into one
 * module for tests/translate/ptxas_lines.sh to give to ptxas; with --gcn-lines FILE, every distinct
 * GCN target word (generation, word, text) for tests/translate/llvm_mc_lines.sh to compare with
 * llvm-mc 14.
 *
 * RDNA (gfx10, gfx10.3, gfx11): the instructions llc 16 emitted for every image intrinsic
 * (tests/data/rdna-llc-roles.tsv, NSA forms included) are lifted (tmu_xl_lift_rdna) and
 * translated to PTX and ir3; PTX and ir3 sources are translated to RDNA; the RDNA side runs on
 * the RDNA executor (tmu_gcn_exec_dwords, RDNA T#/S#, wave32 or wave64 at random), targets from
 * their llvm-mc 16 text assembled again.
 *
 * Usage: test_translate_indep PTX_VERDICTS GCN_LLC_ROLES IR3_MESA RDNA_LLC_ROLES [--ptx-module FILE]
 *        [--gcn-lines FILE] [--ir3-lines FILE]
 * TMU_XL_INDEP_CASES sets the attempts per direction (default 20 000), TMU_XL_RDNA_CASES those
 * of each RDNA direction (default 5 000). */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "translate/xl_world.h"

static const char *arg_ptx, *arg_gcn, *arg_ir3, *arg_rdna, *arg_module, *arg_gcn_lines;

/* ---- the source pools ---------------------------------------------------------------------------- */

#define MAX_PTX 8192
#define MAX_GCN 4096
#define MAX_IR3 128

typedef struct gcn_vec {
    uint8_t gen;
    uint8_t cube; /* the intrinsic's image type is cube: cube or cube_array */
    tmu_dim dim;
    uint64_t word;
} gcn_vec;

typedef struct ir3_vec {
    uint32_t gpu;
    uint64_t word;
} ir3_vec;

static char *ptx_lines[MAX_PTX];
static unsigned n_ptx;
static gcn_vec gcn_vecs[MAX_GCN];
static unsigned n_gcn;
static ir3_vec ir3_vecs[MAX_IR3];
static unsigned n_ir3;

/* RDNA sources: llc 16's instructions (2-5 dwords, NSA included). */
#define MAX_RDNA 4096
typedef struct rdna_vec {
    uint8_t gen;
    uint8_t cube;
    uint8_t ndw;
    tmu_dim dim;
    uint32_t dw[TMU_GCN_MAX_DWORDS];
} rdna_vec;
static rdna_vec rdna_vecs[MAX_RDNA];
static unsigned n_rdna;

/* Set while the RDNA directions run: the GCN side of a case is then an RDNA generation
 * (PTX -> RDNA, ir3 -> RDNA, RDNA -> PTX, RDNA -> ir3). */
static int rdna_mode;

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    if (!b || fread(b, 1, (size_t)n, f) != (size_t)n)
        fail_msg("cannot read %s", path);
    b[n] = 0;
    fclose(f);
    return b;
}

/* Splits line `l` at TABs into at most `max` fields (in place); returns the count. */
static unsigned fields(char *l, char **f, unsigned max)
{
    unsigned n = 0;
    while (n < max) {
        f[n++] = l;
        char *t = strchr(l, '\t');
        if (!t)
            break;
        *t = 0;
        l = t + 1;
    }
    return n;
}

static void load_sources(void)
{
    char *text = read_all(arg_ptx), *save = NULL;
    for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        char *f[6];
        if (l[0] == '#' || fields(l, f, 6) < 5 || strcmp(f[0], "ACCEPTED") != 0 || strcmp(f[1], "unified") != 0)
            continue;
        if (n_ptx < MAX_PTX)
            ptx_lines[n_ptx++] = f[4];
    }
    /* text stays allocated: ptx_lines point into it */
    char *g = read_all(arg_gcn);
    static const struct {
        const char *name;
        tmu_dim dim;
        uint8_t cube;
    } types[] = {{"1d", TMU_DIM_1D, 0},       {"2d", TMU_DIM_2D, 0},
                 {"3d", TMU_DIM_3D, 0},       {"cube", TMU_DIM_CUBE, 1},
                 {"1d_array", TMU_DIM_1D_ARRAY, 0}, {"2d_array", TMU_DIM_2D_ARRAY, 0},
                 {"2d_msaa", TMU_DIM_2D_MS, 0}, {"2d_msaa_array", TMU_DIM_2D_MS_ARRAY, 0}};
    for (char *l = strtok_r(g, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        char *f[5];
        if (l[0] == '#' || fields(l, f, 5) < 4)
            continue;
        tmu_gcn_gen gen;
        if (tmu_gcn_gen_from_name(f[0], &gen) != TMU_OK)
            fail_msg("%s: generation '%s'", arg_gcn, f[0]);
        int t = -1;
        for (unsigned i = 0; i < sizeof types / sizeof types[0]; i++)
            if (strcmp(types[i].name, f[2]) == 0)
                t = (int)i;
        if (t < 0)
            fail_msg("%s: image type '%s'", arg_gcn, f[2]);
        if (n_gcn < MAX_GCN)
            gcn_vecs[n_gcn++] = (gcn_vec){(uint8_t)gen, types[t].cube, types[t].dim, strtoull(f[3], NULL, 16)};
    }
    free(g);
    char *q = read_all(arg_rdna);
    for (char *l = strtok_r(q, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        char *f[5];
        if (l[0] == '#' || fields(l, f, 5) < 4)
            continue;
        tmu_gcn_gen gen;
        if (tmu_gcn_gen_from_name(f[0], &gen) != TMU_OK || !TMU_GCN_GEN_IS_RDNA(gen))
            fail_msg("%s: generation '%s'", arg_rdna, f[0]);
        int t = -1;
        for (unsigned i = 0; i < sizeof types / sizeof types[0]; i++)
            if (strcmp(types[i].name, f[2]) == 0)
                t = (int)i;
        if (t < 0)
            fail_msg("%s: image type '%s'", arg_rdna, f[2]);
        rdna_vec v = {(uint8_t)gen, types[t].cube, 0, types[t].dim, {0}};
        for (char *p = f[3], *e; *p && v.ndw < TMU_GCN_MAX_DWORDS; p = e) {
            v.dw[v.ndw++] = (uint32_t)strtoul(p, &e, 16);
            if (e == p)
                fail_msg("%s: dwords '%s'", arg_rdna, f[3]);
            while (*e == ' ')
                e++;
        }
        if (v.ndw < 2)
            fail_msg("%s: dwords '%s'", arg_rdna, f[3]);
        if (n_rdna < MAX_RDNA)
            rdna_vecs[n_rdna++] = v;
    }
    free(q);
    char *r = read_all(arg_ir3);
    for (char *l = strtok_r(r, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        char *f[3];
        if (l[0] == '#' || fields(l, f, 3) < 3 || strcmp(f[0], "gpu_id") == 0)
            continue;
        unsigned hi, lo;
        if (sscanf(f[1], "%8x_%8x", &hi, &lo) != 2)
            fail_msg("%s: word '%s'", arg_ir3, f[1]);
        if (n_ir3 < MAX_IR3)
            ir3_vecs[n_ir3++] = (ir3_vec){(uint32_t)strtoul(f[0], NULL, 10), (uint64_t)hi << 32 | lo};
    }
    free(r);
    if (!n_ptx || !n_gcn || !n_ir3 || !n_rdna)
        fail_msg("empty source file (%u PTX, %u GCN, %u ir3, %u RDNA sources)", n_ptx, n_gcn, n_ir3, n_rdna);
}

/* ---- random words of each codec ------------------------------------------------------------------ */

static const tmu_dim all_dims[] = {TMU_DIM_1D, TMU_DIM_2D, TMU_DIM_3D, TMU_DIM_CUBE, TMU_DIM_1D_ARRAY,
                                   TMU_DIM_2D_ARRAY, TMU_DIM_CUBE_ARRAY, TMU_DIM_2D_MS, TMU_DIM_2D_MS_ARRAY};

/* A random GCN MIMG word (texture classes) that the codec validates, T# s[0:7] and S# s[8:11]. */
static uint64_t random_gcn_word(tmu_gcn_gen gen)
{
    size_t n;
    const tmu_gcn_opcode_info *rows = tmu_gcn_opcodes(&n);
    for (;;) {
        const tmu_gcn_opcode_info *row = &rows[below((uint32_t)n)];
        if (row->op[gen] == TMU_GCN_NO_OP)
            continue;
        if (row->cls != TMU_GCN_CLASS_SAMPLE && row->cls != TMU_GCN_CLASS_GATHER && row->cls != TMU_GCN_CLASS_LOAD &&
            row->cls != TMU_GCN_CLASS_GET_LOD && row->cls != TMU_GCN_CLASS_RESINFO)
            continue;
        tmu_gcn_mimg mi;
        tmu_gcn_mimg_init(&mi, gen, row);
        mi.f[TMU_GCN_F_DMASK] = 1 + below(15);
        if (row->cls == TMU_GCN_CLASS_GATHER)
            mi.f[TMU_GCN_F_DMASK] = 1u << below(4);
        /* loads address texels (UNORM, as ACO sets it); a sampling word with UNORM is refused */
        mi.f[TMU_GCN_F_UNORM] = row->cls == TMU_GCN_CLASS_LOAD || row->cls == TMU_GCN_CLASS_RESINFO || below(8) == 0;
        mi.f[TMU_GCN_F_DA] = below(2);
        mi.f[TMU_GCN_F_D16] = below(4) == 0;
        mi.f[TMU_GCN_F_TFE] = below(4) == 0;
        mi.f[TMU_GCN_F_GLC] = below(2);
        mi.f[TMU_GCN_F_SLC] = below(2);
        mi.f[TMU_GCN_F_VADDR] = below(24);
        mi.f[TMU_GCN_F_VDATA] = below(24);
        mi.f[TMU_GCN_F_SRSRC] = 0;
        mi.f[TMU_GCN_F_SSAMP] = 2;
        tmu_diag d;
        uint64_t w;
        if (tmu_gcn_validate(&mi, &d) == TMU_OK && tmu_gcn_encode(&mi, &w, &d) == TMU_OK)
            return w;
    }
}

/* A random ir3 cat5 word that decodes without notes and whose Mesa text assembles back. */
static uint64_t random_ir3_word(uint32_t gpu)
{
    static const tmu_ir3_op ops[] = {TMU_IR3_OP_SAM,      TMU_IR3_OP_SAMB,     TMU_IR3_OP_SAML,
                                     TMU_IR3_OP_SAMGQ,    TMU_IR3_OP_ISAML,    TMU_IR3_OP_ISAMM,
                                     TMU_IR3_OP_GETLOD,   TMU_IR3_OP_GETSIZE,  TMU_IR3_OP_GETINFO,
                                     TMU_IR3_OP_GATHER4R, TMU_IR3_OP_GATHER4G, TMU_IR3_OP_GATHER4B,
                                     TMU_IR3_OP_GATHER4A};
    for (;;) {
        tmu_ir3_instr in;
        memset(&in, 0, sizeof in);
        in.gpu_id = gpu;
        in.op = ops[below(sizeof ops / sizeof ops[0])];
        uint8_t *f = in.field;
        static const uint8_t types[4] = {0, 1, 3, 5}; /* f16 f32 u32 s32: most words the translator takes */
        f[TMU_IR3_F_FULL] = below(16) != 0;
        f[TMU_IR3_F_SRC1] = (uint8_t)below(24);
        f[TMU_IR3_F_SRC2] = (uint8_t)below(24);
        f[TMU_IR3_F_DST] = (uint8_t)below(24);
        f[TMU_IR3_F_WRMASK] = (uint8_t)(1 + below(15));
        f[TMU_IR3_F_TYPE] = below(8) ? types[below(4)] : (uint8_t)below(8);
        f[TMU_IR3_F_3D] = below(2);
        f[TMU_IR3_F_A] = below(2);
        f[TMU_IR3_F_B50] = below(3) == 0;
        f[TMU_IR3_F_B52] = below(3) == 0;
        f[TMU_IR3_F_B18] = below(6) == 0;
        f[TMU_IR3_F_SAMP] = (uint8_t)below(4);
        f[TMU_IR3_F_TEX] = (uint8_t)below(8);
        f[TMU_IR3_F_CAT] = 5;
        f[TMU_IR3_F_OPC] = tmu_ir3_opinfo_get(in.op)->opc;
        tmu_diag d;
        uint64_t w, w2;
        tmu_ir3_instr dec;
        char text[160];
        if (tmu_ir3_encode(&in, &w, &d) != TMU_OK || tmu_ir3_decode(w, gpu, &dec, &d) != TMU_OK || dec.num_notes)
            continue;
        tmu_ir3_print(&dec, 0, text, sizeof text);
        if (tmu_ir3_assemble(text, gpu, &w2, &d) == TMU_OK && w2 == w)
            return w;
    }
}

/* A shape an ir3 word's .3d / .a flags admit (multisample shapes for isamm only). */
static tmu_dim ir3_dim(uint64_t word, uint32_t gpu)
{
    tmu_ir3_instr in;
    tmu_diag d;
    if (tmu_ir3_decode(word, gpu, &in, &d) != TMU_OK)
        return TMU_DIM_2D;
    int is3 = in.field[TMU_IR3_F_3D] != 0, arr = in.field[TMU_IR3_F_A] != 0, ms = in.op == TMU_IR3_OP_ISAMM;
    if (in.op == TMU_IR3_OP_GETSIZE || in.op == TMU_IR3_OP_GETINFO)
        return all_dims[below(9)];
    if (ms)
        return arr ? TMU_DIM_2D_MS_ARRAY : TMU_DIM_2D_MS;
    if (is3)
        return arr ? TMU_DIM_CUBE_ARRAY : below(2) ? TMU_DIM_3D : TMU_DIM_CUBE;
    return arr ? (below(2) ? TMU_DIM_1D_ARRAY : TMU_DIM_2D_ARRAY) : (below(2) ? TMU_DIM_1D : TMU_DIM_2D);
}

/* ---- statistics ------------------------------------------------------------------------------------- */

#define MAX_REASONS 96

typedef struct reason_count {
    char text[240];
    unsigned long n;
} reason_count;

typedef struct dir_stats {
    unsigned long attempts, lift_refused, refused, src_not_exec, executed, agree, disagree;
    reason_count reasons[MAX_REASONS];
    unsigned nreasons;
} dir_stats;

static void count_reason(dir_stats *st, const char *prefix, const char *msg)
{
    char b[240];
    /* "image_sample_c_o with UNORM: ..." counts with the other MIMG opcodes */
    size_t skip = strncmp(msg, "image_", 6) == 0 ? strcspn(msg, " :") : 0;
    snprintf(b, sizeof b, "%s%s%s", prefix, skip ? "<MIMG op>" : "", msg + skip);
    for (unsigned i = 0; i < st->nreasons; i++)
        if (strcmp(st->reasons[i].text, b) == 0) {
            st->reasons[i].n++;
            return;
        }
    if (st->nreasons < MAX_REASONS) {
        snprintf(st->reasons[st->nreasons].text, sizeof st->reasons[0].text, "%s", b);
        st->reasons[st->nreasons++].n = 1;
    }
}

/* Distinct PTX target lines. */
#define MAX_LINES 4096
static char *ptx_targets[MAX_LINES];
static unsigned n_targets;

static void note_ptx_target(const char *text)
{
    for (unsigned i = 0; i < n_targets; i++)
        if (strcmp(ptx_targets[i], text) == 0)
            return;
    if (n_targets < MAX_LINES) {
        ptx_targets[n_targets] = malloc(strlen(text) + 1);
        if (ptx_targets[n_targets])
            strcpy(ptx_targets[n_targets++], text);
    }
}

/* Distinct GCN target words (generation, word, text) for llvm_mc_lines.sh. */
typedef struct gcn_line {
    uint32_t gen;
    uint64_t word;
    char text[256];
} gcn_line;
static gcn_line gcn_targets[MAX_LINES];
static unsigned n_gcn_targets;

static void note_gcn_target(uint32_t gen, const tmu_xl_instr *x)
{
    for (unsigned i = 0; i < n_gcn_targets; i++)
        if (gcn_targets[i].gen == gen && gcn_targets[i].word == x->word && strcmp(gcn_targets[i].text, x->text) == 0)
            return;
    if (n_gcn_targets < MAX_LINES) {
        gcn_line *g = &gcn_targets[n_gcn_targets++];
        g->gen = gen;
        g->word = x->word;
        snprintf(g->text, sizeof g->text, "%s", x->text);
    }
}

static void write_gcn_targets(void)
{
    print_message("distinct GCN target words: %u\n", n_gcn_targets);
    if (!arg_gcn_lines)
        return;
    FILE *f = fopen(arg_gcn_lines, "wb");
    if (!f)
        fail_msg("cannot write %s", arg_gcn_lines);
    for (unsigned i = 0; i < n_gcn_targets; i++)
        fprintf(f, "%s\t0x%016llx\t%s\n", tmu_gcn_gen_name((tmu_gcn_gen)gcn_targets[i].gen),
                (unsigned long long)gcn_targets[i].word, gcn_targets[i].text);
    if (fclose(f) != 0)
        fail_msg("cannot write %s", arg_gcn_lines);
}

/* Distinct ir3 target words (GPU id, word, text) for tests/ir3/mesa_lines.sh, which compares each
 * with Mesa's disassembler. */
static gcn_line ir3_targets[MAX_LINES];
static unsigned n_ir3_targets;
static const char *arg_ir3_lines;

static void note_ir3_target(uint32_t gpu, const tmu_xl_instr *x)
{
    for (unsigned i = 0; i < n_ir3_targets; i++)
        if (ir3_targets[i].gen == gpu && ir3_targets[i].word == x->word && strcmp(ir3_targets[i].text, x->text) == 0)
            return;
    if (n_ir3_targets < MAX_LINES) {
        gcn_line *g = &ir3_targets[n_ir3_targets++];
        g->gen = gpu;
        g->word = x->word;
        snprintf(g->text, sizeof g->text, "%s", x->text);
    }
}

static void write_ir3_targets(void)
{
    print_message("distinct ir3 target words: %u\n", n_ir3_targets);
    if (!arg_ir3_lines)
        return;
    FILE *f = fopen(arg_ir3_lines, "wb");
    if (!f)
        fail_msg("cannot write %s", arg_ir3_lines);
    for (unsigned i = 0; i < n_ir3_targets; i++)
        fprintf(f, "%u\t%08x_%08x\t%s\n", (unsigned)ir3_targets[i].gen, (unsigned)(ir3_targets[i].word >> 32),
                (unsigned)ir3_targets[i].word, ir3_targets[i].text);
    if (fclose(f) != 0)
        fail_msg("cannot write %s", arg_ir3_lines);
}

/* ---- register values in the source's own form ------------------------------------------------------ */

static void set_src(xl_mach *m, const tmu_xl_source *s, unsigned slot, unsigned lane, uint32_t v)
{
    if (s->in[slot].kind == TMU_XL_L_SRC)
        xl_set(m, s, &s->in[slot], lane, v);
}

static void random_source_values(xl_mach *m, const tmu_xl_source *s, const world *w)
{
    const tmu_texture *t = &w->tex;
    int cube = s->dim == TMU_DIM_CUBE || s->dim == TMU_DIM_CUBE_ARRAY;
    uint32_t size[3] = {t->width, t->height, t->depth};
    uint32_t nl = cube ? t->layers / 6 : t->layers;
    for (unsigned lane = 0; lane < XL_LANES; lane++) {
        /* slots in order; a register two slots share keeps the later value (both sides read it) */
        for (unsigned slot = 0; slot < TMU_XL_SLOT_COUNT; slot++) {
            unsigned form = s->form[slot];
            uint32_t v = 0;
            if (s->in[slot].kind != TMU_XL_L_SRC)
                continue;
            switch (form) {
            case TMU_XL_F_FACE:
                if (slot == TMU_XL_COORD0 || slot == TMU_XL_COORD1)
                    v = fb(dyadic(1.0f + 1.0f / 256, 2.0f - 1.0f / 256, 1.0f / 256));
                else if (slot == TMU_XL_COORD2)
                    v = fb((float)below(6) + (s->dim == TMU_DIM_CUBE_ARRAY ? 8.0f * (float)below(nl + 2) : 0.0f));
                else
                    continue; /* the layer is in the face id */
                break;
            case TMU_XL_F_PACK6: v = rnd(); break;
            case TMU_XL_F_WRAP4:
            case TMU_XL_F_WRAP6: v = (uint32_t)((int32_t)below(80) - 40); break;
            case TMU_XL_F_LAYER_RNE:
            case TMU_XL_F_LAYER_TRUNC: v = fb(dyadic(-1.0f, (float)nl + 1.0f, 0.25f)); break;
            case TMU_XL_F_INT_AS_F32:
                v = (uint32_t)((int32_t)below((slot <= TMU_XL_COORD2 ? size[slot] : t->levels) + 4) - 2);
                break;
            case TMU_XL_F_I32:
                if (slot <= TMU_XL_COORD2)
                    v = (uint32_t)((int32_t)below(size[slot] + 3) - 1);
                else if (slot == TMU_XL_LAYER)
                    v = below(16) == 0 ? 0xfffffff0u + below(16) : below(nl + 2);
                else if (slot == TMU_XL_SAMPLE)
                    v = below(t->samples + 1);
                else if (slot == TMU_XL_LOD)
                    v = (uint32_t)((int32_t)below(t->levels + 3) - 1);
                else /* ir3 offsets: -8..7 (translate.h) */
                    v = (uint32_t)((int32_t)below(16) - 8);
                break;
            default: /* F32 */
                if (slot <= TMU_XL_COORD2) {
                    if (cube)
                        continue; /* below: the direction */
                    v = w->smp.normalized ? fb(dyadic(-0.25f, 1.25f, 1.0f / 1024))
                                          : fb(dyadic(-2.0f, (float)size[slot] + 2.0f, 1.0f / 256));
                } else if (slot == TMU_XL_LOD) {
                    v = fb(dyadic(-2.0f, (float)t->levels + 1.0f, 1.0f / 256));
                } else if (slot == TMU_XL_MIN_LOD) {
                    v = fb(dyadic(0.0f, (float)t->levels, 1.0f / 256));
                } else if (slot >= TMU_XL_GX0 && slot <= TMU_XL_GY2) {
                    v = fb(dyadic(-2.0f, 2.0f, 1.0f / 1024) / (float)(1 + below(8)));
                } else {
                    v = fb(dyadic(-0.25f, 1.25f, 1.0f / 512));
                }
                break;
            }
            set_src(m, s, slot, lane, v);
        }
        if (cube && s->form[TMU_XL_COORD0] == TMU_XL_F_F32) {
            /* a direction whose major component is a power of two and whose others are dyadic
             * (the GCN face form is then exact, translate.h) */
            int ax = (int)below(3);
            float ma = ldexpf(1.0f, (int)below(4) - 1) * (below(2) ? -1.0f : 1.0f), mm = fabsf(ma);
            for (int a = 0; a < 3; a++)
                set_src(m, s, TMU_XL_COORD0 + (unsigned)a, lane,
                        fb(a == ax ? ma : dyadic(-mm + mm / 256, mm - mm / 256, mm / 256)));
        }
    }
}

/* Do two source locations name one register?  (PTX: each operand has its own name entry.) */
static int same_reg(const tmu_xl_source *s, const tmu_xl_loc *a, const tmu_xl_loc *b)
{
    if (s->arch.isa != TMU_XL_PTX)
        return a->index == b->index && a->half == b->half;
    return s->name_len[a->index] == s->name_len[b->index] &&
           memcmp(s->names[a->index], s->names[b->index], s->name_len[a->index]) == 0;
}

static int xl_dims_cube(tmu_dim d) { return d == TMU_DIM_CUBE || d == TMU_DIM_CUBE_ARRAY; }

/* The name of a side: the GCN side is "RDNA" in the RDNA directions. */
static const char *iname(tmu_xl_isa isa) { return isa == TMU_XL_GCN && rdna_mode ? "RDNA" : tmu_xl_isa_name(isa); }

/* ---- one case ---------------------------------------------------------------------------------------- */

static uint32_t pick_gen(tmu_xl_isa isa)
{
    static const uint32_t gpus[] = {320, 420, 530, 630, 730};
    if (isa == TMU_XL_GCN && rdna_mode)
        return TMU_GCN_GFX10 + below(3);
    return isa == TMU_XL_GCN ? below(TMU_GCN_GEN_COUNT) : isa == TMU_XL_IR3 ? gpus[below(5)] : 0;
}

typedef struct source_case {
    tmu_xl_arch arch;
    tmu_dim dim;
    const char *ptx;      /* PTX line */
    uint64_t word;        /* GCN / ir3 */
    uint32_t dw[TMU_GCN_MAX_DWORDS]; /* RDNA */
    unsigned ndw;
    tmu_result_type type; /* GCN data type */
    char text[200];       /* for messages */
} source_case;

static void pick_source(tmu_xl_isa from, source_case *c)
{
    memset(c, 0, sizeof *c);
    c->arch.isa = from;
    if (from == TMU_XL_PTX) {
        c->ptx = ptx_lines[below(n_ptx)];
        snprintf(c->text, sizeof c->text, "%s", c->ptx);
        return;
    }
    static const tmu_result_type types[3] = {TMU_RESULT_F32, TMU_RESULT_S32, TMU_RESULT_U32};
    c->type = types[below(4) == 0 ? 1 + below(2) : 0];
    if (from == TMU_XL_GCN && rdna_mode) {
        const rdna_vec *v = &rdna_vecs[below(n_rdna)];
        c->arch.gen = v->gen;
        memcpy(c->dw, v->dw, sizeof c->dw);
        c->ndw = v->ndw;
        c->dim = v->cube && below(2) ? TMU_DIM_CUBE_ARRAY : v->dim;
        tmu_gcn_mimg mi;
        tmu_diag d;
        if (tmu_gcn_decode_dwords((tmu_gcn_gen)c->arch.gen, c->dw, c->ndw, &mi, NULL, &d) == TMU_OK)
            tmu_gcn_print_llvm(&mi, NULL, c->text, sizeof c->text);
        return;
    }
    if (from == TMU_XL_GCN) {
        if (below(2)) {
            const gcn_vec *v = &gcn_vecs[below(n_gcn)];
            c->arch.gen = v->gen;
            c->word = v->word;
            c->dim = v->cube && below(2) ? TMU_DIM_CUBE_ARRAY : v->dim;
        } else {
            c->arch.gen = pick_gen(from);
            c->word = random_gcn_word((tmu_gcn_gen)c->arch.gen);
            c->dim = all_dims[below(9)];
        }
        tmu_gcn_mimg mi;
        tmu_diag d;
        if (tmu_gcn_decode((tmu_gcn_gen)c->arch.gen, c->word, &mi, &d) == TMU_OK)
            tmu_gcn_print_llvm(&mi, NULL, c->text, sizeof c->text);
        return;
    }
    if (below(2)) {
        const ir3_vec *v = &ir3_vecs[below(n_ir3)];
        c->arch.gen = v->gpu;
        c->word = v->word;
    } else {
        c->arch.gen = pick_gen(from);
        c->word = random_ir3_word(c->arch.gen);
    }
    c->dim = ir3_dim(c->word, c->arch.gen);
    tmu_ir3_disasm(c->word, c->arch.gen, c->text, sizeof c->text);
}

static void run_case(world *w, tmu_xl_isa from, tmu_xl_isa to, dir_stats *st)
{
    st->attempts++;
    source_case c;
    pick_source(from, &c);
    static tmu_xl_source src;
    tmu_diag d;
    tmu_status rc;
    static tmu_ptx_instr pin;
    memset(&pin, 0, sizeof pin);
    if (from == TMU_XL_PTX) {
        rc = tmu_xl_lift_ptx(c.ptx, strlen(c.ptx), &src, &d);
        if (rc == TMU_OK && tmu_ptx_parse_instr(c.ptx, strlen(c.ptx), &pin, &d) != TMU_OK)
            fail_msg("%s: parses for the lift but not alone", c.ptx);
        if (rc == TMU_OK && (src.op.kind == TMU_OP_QUERY_SIZE || src.op.kind == TMU_OP_QUERY_LEVELS ||
                             src.op.kind == TMU_OP_QUERY_SAMPLES))
            src.dim = all_dims[below(9)]; /* txq: the shape is the texture's */
    } else if (from == TMU_XL_GCN && rdna_mode) {
        rc = tmu_xl_lift_rdna((tmu_gcn_gen)c.arch.gen, c.dw, c.ndw, c.dim, c.type, &src, &d);
    } else if (from == TMU_XL_GCN) {
        rc = tmu_xl_lift_gcn((tmu_gcn_gen)c.arch.gen, c.word, c.dim, c.type, &src, &d);
    } else {
        rc = tmu_xl_lift_ir3(c.arch.gen, c.word, c.dim, &src, &d);
    }
    if (rc != TMU_OK) {
        st->lift_refused++;
        count_reason(st, "lift: ", d.message);
        return;
    }
    /* preconditions of exactness (translate.h) and of running the source at all */
    const char *skip = NULL;
    for (unsigned a = 0; a < TMU_XL_SLOT_COUNT && !skip; a++)
        for (unsigned b = a + 1; b < TMU_XL_SLOT_COUNT && !skip; b++) {
            const tmu_xl_loc *la = &src.in[a], *lb = &src.in[b];
            if (la->kind != TMU_XL_L_SRC || lb->kind != TMU_XL_L_SRC || !same_reg(&src, la, lb))
                continue;
            if (src.form[a] == TMU_XL_F_PACK6 && src.form[b] == TMU_XL_F_PACK6)
                continue; /* GCN: one dword holds every offset */
            if (src.form[a] != src.form[b] || (from == TMU_XL_IR3 && b >= TMU_XL_OFF0 && b <= TMU_XL_OFF2))
                skip = "one register holds two operands of different forms (or an ir3 offset, whose range "
                       "-8..7 translate.h assumes)";
            else if (xl_dims_cube(src.dim) && a <= TMU_XL_COORD2 && src.form[a] == TMU_XL_F_F32)
                skip = "a cube direction with a component in a register another operand uses (translate.h "
                       "assumes a power-of-two major component)";
        }
    if (!skip && from == TMU_XL_GCN && src.op.want_residency && src.res[4].kind == TMU_XL_L_SRC) {
        /* TFE writes the status only on a miss: the program zeroes VDATA first, so VDATA must not
         * overlap the address registers */
        unsigned lo = src.res[4].index, hi = src.res[4].index;
        for (unsigned k = 0; k < 4; k++)
            if (src.res[k].kind == TMU_XL_L_SRC && src.res[k].index < lo)
                lo = src.res[k].index;
        for (unsigned slot = 0; slot < TMU_XL_SLOT_COUNT; slot++)
            if (src.in[slot].kind == TMU_XL_L_SRC && src.in[slot].index >= lo && src.in[slot].index <= hi)
                skip = "TFE with VDATA over the address registers (the status needs VDATA zeroed first)";
    }
    if (!skip && from == TMU_XL_GCN && (src.dim == TMU_DIM_2D_MS || src.dim == TMU_DIM_2D_MS_ARRAY))
        skip = "the GCN executor does not model MSAA memory";
    if (skip) {
        st->src_not_exec++;
        count_reason(st, "not run: ", skip);
        return;
    }
    tmu_xl_arch ta = {to, pick_gen(to)};
    static tmu_xl_program p;
    rc = tmu_xl_translate(&src, ta, &p, &d);
    if (rc == TMU_ERR_UNSUPPORTED) {
        st->refused++;
        count_reason(st, "", d.message);
        return;
    }
    if (rc != TMU_OK)
        fail_msg("translate %s (%s %s): %s", c.text, iname(from), tmu_dim_name(c.dim), d.message);
    for (unsigned i = 0; i < p.ninstr; i++) {
        if (to == TMU_XL_PTX)
            note_ptx_target(p.instr[i].text);
        else if (to == TMU_XL_GCN && !rdna_mode) /* RDNA targets: test_translate_rdna_llvm */
            note_gcn_target(ta.gen, &p.instr[i]);
        else if (to == TMU_XL_IR3)
            note_ir3_target(ta.gen, &p.instr[i]);
    }
    int gcn_gen = from == TMU_XL_GCN ? (int)c.arch.gen : to == TMU_XL_GCN ? (int)ta.gen : TMU_GCN_GFX9;
    int is_int = src.op.result == TMU_RESULT_S32 || src.op.result == TMU_RESULT_U32;
    if (src.op.kind != TMU_OP_SAMPLE && src.op.kind != TMU_OP_GATHER && src.op.kind != TMU_OP_FETCH)
        is_int = 0;
    w->gw->gen = (tmu_gcn_gen)gcn_gen;
    /* the GCN executor has no MSAA memory: a multisample GCN source or target is not run */
    if (!make_texture(w, src.dim, is_int, gcn_gen) ||
        !make_sampler(w, is_int, src.dim == TMU_DIM_CUBE || src.dim == TMU_DIM_CUBE_ARRAY, gcn_gen)) {
        st->src_not_exec++;
        count_reason(st, "not run: ", "no texture of this shape for the executors");
        return;
    }
    if (src.op.kind == TMU_OP_SAMPLE || src.op.kind == TMU_OP_GATHER || src.op.kind == TMU_OP_FETCH)
        make_residency(w);
    else
        w->env.prt = NULL, w->env.prt_count = 0, w->tex.residency = NULL;
    xl_mach *sm = &w->m[from], *tm = &w->m[to];
    reset_mach(w, sm, from, c.arch.gen);
    reset_mach(w, tm, to, ta.gen);
    /* a texture handle in a register: the binding of handle XL_PTX_HANDLE */
    if (from == TMU_XL_PTX && pin.naddr >= 1 && pin.addr[0].count == 1 && pin.addr[0].e[0].kind == TMU_PTX_E_NAME &&
        pin.addr[0].e[0].name[0] == '%') {
        tmu_ptx_reg *h = xl_ptx_reg(sm, pin.addr[0].e[0].name, pin.addr[0].e[0].name_len);
        for (unsigned lane = 0; h && lane < XL_LANES; lane++)
            h->lane[lane] = XL_PTX_HANDLE;
    }
    random_source_values(sm, &src, w);
    static xl_run r1;
    memset(&r1, 0, sizeof r1);
    tmu_status tst = xl_run_program(&p, &src, sm, NULL, tm, &r1, &d);
    char tmsg[240];
    snprintf(tmsg, sizeof tmsg, "%s", d.message);
    tmu_status sst = from == TMU_XL_PTX                  ? xl_exec_ptx(sm, &pin, &d)
                     : from == TMU_XL_GCN && rdna_mode ? xl_exec_dwords(sm, c.dw, c.ndw, &d)
                                                       : xl_exec_word(sm, c.word, &d);
    if (sst != TMU_OK) {
        st->src_not_exec++;
        count_reason(st, "source not run: ", d.message);
        return;
    }
    st->executed++;
    if (tst != TMU_OK) {
        st->disagree++;
        if (st->disagree <= 5)
            print_message("  %s -> %s target failed: %s\n    source: %s (%s)\n    target: %s\n", iname(from),
                          iname(to), tmsg, c.text, tmu_dim_name(src.dim), p.instr[0].text);
        return;
    }
    /* a PTX destination register named twice holds the last word written to it */
    unsigned compare = src.result_mask;
    if (from == TMU_XL_PTX)
        for (unsigned k = 0; k < 4; k++)
            for (unsigned j = k + 1; j < 4; j++)
                if ((compare >> k & 1) && (src.result_mask >> j & 1) && src.res[k].kind == TMU_XL_L_SRC &&
                    src.res[j].kind == TMU_XL_L_SRC && same_reg(&src, &src.res[k], &src.res[j]))
                    compare &= ~(1u << k);
    int ok = 1;
    for (unsigned lane = 0; lane < XL_LANES && ok; lane++)
        for (unsigned k = 0; k < 4 && ok; k++) {
            if (!(compare >> k & 1))
                continue;
            uint32_t a = xl_source_result(sm, &src, k, lane), b = r1.res[k][lane];
            if (a != b) {
                ok = 0;
                if (st->disagree < 2) {
                    static char buf[4096];
                    tmu_xl_print(&p, &src, 0, buf, sizeof buf);
                    print_message("  %s -> %s lane %u word %u: source 0x%08x, translation 0x%08x\n"
                                  "    source (gen %u, %s, %s, levels %u, %ux%ux%u, layers %u): %s\n%s",
                                  iname(from), iname(to), lane, k, a, b, c.arch.gen,
                                  tmu_dim_name(src.dim), tmu_format_name(w->tex.format), w->tex.levels, w->tex.width,
                                  w->tex.height, w->tex.depth, w->tex.layers, c.text, buf);
                }
            }
        }
    for (unsigned lane = 0; lane < XL_LANES && ok && src.op.want_residency; lane++) {
        uint32_t a = xl_get(sm, &src, &src.res[4], lane);
        a = src.res_form[4] == TMU_XL_R_STATUS ? (a == 0) : (a & 1);
        if (a != r1.res[4][lane]) {
            ok = 0;
            if (st->disagree < 5)
                print_message("  %s -> %s lane %u residency: source %u, translation %u\n    %s\n    %s\n",
                              iname(from), iname(to), lane, a, r1.res[4][lane], c.text,
                              p.instr[0].text);
        }
    }
    if (ok)
        st->agree++;
    else
        st->disagree++;
}

/* ---- the PTX target lines: tmu's ptxas model here, ptxas itself in ptxas_lines.sh --------------- */

static size_t module_text(char *buf, size_t size)
{
    size_t n = 0;
#define PUT(...) n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0, __VA_ARGS__)
    PUT(".version 9.0\n.target sm_90\n.address_size 64\n\n.global .texref tex0;\n\n"
        ".visible .entry xl_targets()\n{\n"
        "\t.reg .f32 %%f<64>;\n\t.reg .b32 %%r<64>;\n\t.reg .f16 %%h<64>;\n\t.reg .pred %%p<4>;\n\n");
    for (unsigned i = 0; i < n_targets; i++)
        PUT("\t%s\n", ptx_targets[i]);
    PUT("\tret;\n}\n");
#undef PUT
    return n;
}

static void report_problem(void *user, const tmu_diag *pr)
{
    unsigned *errors = user;
    if (pr->status != TMU_OK) {
        (*errors)++;
        print_message("  ptxas model: line %u: %s\n", pr->line, pr->message);
    }
}

static void check_ptx_targets(void)
{
    size_t size = 512 + (size_t)n_targets * 300;
    char *text = malloc(size);
    assert_non_null(text);
    size_t n = module_text(text, size);
    assert_true(n < size);
    tmu_ptx_module *m = NULL;
    tmu_diag d;
    if (tmu_ptx_module_parse(text, n, &m, &d) != TMU_OK)
        fail_msg("the module of PTX target lines does not parse: line %u: %s", d.line, d.message);
    unsigned errors = 0;
    tmu_ptx_module_check(m, NULL, report_problem, &errors);
    tmu_ptx_module_free(m);
    print_message("distinct PTX target lines: %u; rejected by tmu's ptxas model: %u\n", n_targets, errors);
    if (arg_module) {
        FILE *f = fopen(arg_module, "wb");
        if (!f || fwrite(text, 1, n, f) != n || fclose(f) != 0)
            fail_msg("cannot write %s", arg_module);
    }
    free(text);
    assert_int_equal(errors, 0);
}

static void test_indep(void **state)
{
    (void)state;
    load_sources();
    unsigned long want = 20000;
    const char *e = getenv("TMU_XL_INDEP_CASES");
    if (e && *e)
        want = strtoul(e, NULL, 10);
    world *w = world_new();
    assert_non_null(w);
    xl_exec_from_text = 1;
    static dir_stats stats[3][3];
    unsigned long disagree = 0;
    print_message("sources: %u PTX lines ptxas accepted, %u llc GCN words (+ random codec words), %u Mesa ir3 "
                  "words (+ random codec words)\n",
                  n_ptx, n_gcn, n_ir3);
    print_message("| direction | attempts | lift refused | translation refused | source not run | executed | "
                  "agree | disagree |\n|---|---|---|---|---|---|---|---|\n");
    for (int f = 0; f < 3; f++)
        for (int t = 0; t < 3; t++) {
            if (f == t)
                continue;
            dir_stats *st = &stats[f][t];
            while (st->attempts < want)
                run_case(w, (tmu_xl_isa)f, (tmu_xl_isa)t, st);
            print_message("| %s -> %s | %lu | %lu | %lu | %lu | %lu | %lu | %lu |\n", iname((tmu_xl_isa)f),
                          iname((tmu_xl_isa)t), st->attempts, st->lift_refused, st->refused,
                          st->src_not_exec, st->executed, st->agree, st->disagree);
            disagree += st->disagree;
            if (!st->executed)
                fail_msg("%s -> %s: nothing executed", iname((tmu_xl_isa)f), iname((tmu_xl_isa)t));
        }
    /* to and from RDNA: PTX -> RDNA, ir3 -> RDNA, RDNA -> PTX, RDNA -> ir3 */
    unsigned long want_rdna = 5000;
    e = getenv("TMU_XL_RDNA_CASES");
    if (e && *e)
        want_rdna = strtoul(e, NULL, 10);
    static const tmu_xl_isa rdirs[4][2] = {
        {TMU_XL_PTX, TMU_XL_GCN}, {TMU_XL_IR3, TMU_XL_GCN}, {TMU_XL_GCN, TMU_XL_PTX}, {TMU_XL_GCN, TMU_XL_IR3}};
    static dir_stats rstats[4];
    rdna_mode = 1;
    for (int i = 0; i < 4; i++) {
        dir_stats *st = &rstats[i];
        while (st->attempts < want_rdna)
            run_case(w, rdirs[i][0], rdirs[i][1], st);
        print_message("| %s -> %s | %lu | %lu | %lu | %lu | %lu | %lu | %lu |\n", iname(rdirs[i][0]),
                      iname(rdirs[i][1]), st->attempts, st->lift_refused, st->refused, st->src_not_exec,
                      st->executed, st->agree, st->disagree);
        disagree += st->disagree;
    }
    for (int i = 0; i < 4; i++) {
        print_message("refusals %s -> %s (count: reason):\n", iname(rdirs[i][0]), iname(rdirs[i][1]));
        for (unsigned k = 0; k < rstats[i].nreasons; k++)
            print_message("  %6lu: %s\n", rstats[i].reasons[k].n, rstats[i].reasons[k].text);
    }
    for (int i = 0; i < 4; i++)
        if (!rstats[i].executed)
            fail_msg("%s -> %s: nothing executed", iname(rdirs[i][0]), iname(rdirs[i][1]));
    rdna_mode = 0;
    for (int f = 0; f < 3; f++)
        for (int t = 0; t < 3; t++) {
            if (f == t)
                continue;
            dir_stats *st = &stats[f][t];
            print_message("refusals %s -> %s (count: reason):\n", iname((tmu_xl_isa)f),
                          iname((tmu_xl_isa)t));
            for (unsigned i = 0; i < st->nreasons; i++)
                print_message("  %6lu: %s\n", st->reasons[i].n, st->reasons[i].text);
        }
    check_ptx_targets();
    write_gcn_targets();
    write_ir3_targets();
    world_free(w);
    assert_int_equal(disagree, 0);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--ptx-module") == 0 && i + 1 < argc)
            arg_module = argv[++i];
        else if (strcmp(argv[i], "--gcn-lines") == 0 && i + 1 < argc)
            arg_gcn_lines = argv[++i];
        else if (strcmp(argv[i], "--ir3-lines") == 0 && i + 1 < argc)
            arg_ir3_lines = argv[++i];
        else if (!arg_ptx)
            arg_ptx = argv[i];
        else if (!arg_gcn)
            arg_gcn = argv[i];
        else if (!arg_ir3)
            arg_ir3 = argv[i];
        else if (!arg_rdna)
            arg_rdna = argv[i];
    }
    if (!arg_ptx || !arg_gcn || !arg_ir3 || !arg_rdna) {
        fprintf(stderr, "usage: %s PTX_VERDICTS GCN_LLC_ROLES IR3_MESA RDNA_LLC_ROLES [--ptx-module FILE] [--gcn-lines FILE] "
                "[--ir3-lines FILE]\n",
                argv[0]);
        return 2;
    }
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_indep)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
