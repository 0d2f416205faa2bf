/* tmu ptx run — executes the tex / tld4 / txq instructions of a module for a
 * warp on the software texture unit, with built-in (or PNG) textures and register
 * values from the command line or an input file, and prints the destinations. */
#include "cli.h"
#include "cli_common.h"
#include "ptx_cli.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef TMU_HAVE_PNG
#include <png.h>
#endif

#include "tmu/format.h"
#include "tmu/ptx.h"
#include "tmu/texture.h"

int tmu_cmd_ptx_run(int argc, char **argv);

#define MAX_BIND 16
#define MAX_REGS 256

typedef struct run_state {
    tmu_ptx_binding bind[MAX_BIND];
    tmu_texture tex[MAX_BIND];
    /* a texture's spec is parsed and its bytes reserved at once (cli_common.h); the memory is
     * allocated and filled only after the module parsed, checked and matched it */
    tmu_cli_texspec spec[MAX_BIND];
    int is_tex[MAX_BIND];
    tmu_sampler smp[MAX_BIND];
    char *names[MAX_BIND]; /* malloc'd binding names */
    tmu_cli_origin bind_at[MAX_BIND]; /* where each binding was given (one per name or handle) */
    size_t nbind;
    struct {
        char *name;   /* malloc'd */
        char *values; /* malloc'd */
        char where[128]; /* "--reg", or FILE:LINE in an --input file */
        int code;        /* 2 on the command line, 1 in a file (a register is set once) */
    } regset[MAX_REGS];
    size_t nregset;
    unsigned lanes;
    uint64_t show[2]; /* --show: lanes printed */
    int json;
    unsigned char *seen; /* the command line's options given (tmu_cli_args.seen) */
    const tmu_amd_chip *amd;      /* --chip: the layout of tiled textures (AMD or Adreno) */
    const tmu_adreno_gpu *adreno;
    unsigned tiled;               /* tiled textures laid out so far */
    int bad; /* exit code of a bad option: TMU_EXIT_USAGE on the command line, else FAIL */
} run_state;

/* A malloc'd copy of len bytes (NUL added), or NULL. */
static char *copy_n(const char *p, size_t len)
{
    char *c = malloc(len + 1);
    if (c) {
        memcpy(c, p, len);
        c[len] = 0;
    }
    return c;
}

static void run_usage(FILE *out)
{
    fprintf(out, "usage: tmu ptx run [options] FILE.ptx\n"
           "\n"
           "Executes every tex, tld4 and txq instruction of FILE in order for LANES lanes of a\n"
           "warp (other instructions are skipped; registers start at 0) and prints, for each,\n"
           "its destination registers (and |p predicate) per lane.\n"
           "\n"
           "options (each may also be a line 'OPTION ARG' of an --input file, without '--'):\n"
           "  --texture NAME=SPEC   bind a texture to a .texref/.param name, or to a handle value\n"
           "                        (NAME = 0x... or a decimal number) held in a .u64 register;\n"
           "                        SPEC may hold sampler OPTS too (unified mode); textures are\n"
           "                        allocated only after FILE was parsed and checked\n"
           "  --sampler NAME=OPTS   bind sampler state to a .samplerref name or handle value\n"
           "  --reg REG=V[,V...]    register values, one for all lanes or one per lane; a value\n"
           "                        with '.' or 'e' (or 0fXXXXXXXX) is a float, else an integer;\n"
           "                        lane[*K][+C] is the lane number, scaled\n"
           "  --lanes N             how many lanes run: lanes 0..N-1 (N = 1..32, default 1)\n"
           "  --show LIST           lanes to print: a hex mask, 'all' or ranges such as 0-3,8\n"
           "                        (default: every lane that runs)\n"
           "  --chip NAME           lay tiled textures (tiling=, swizzle=, xor=; tile=) out as on\n"
           "                        this AMD chip (tahiti .. navi21) or Adreno GPU (a610 .. a750)\n"
           "  --json                one JSON object per instruction (a line each): file, line,\n"
           "                        text and its destination registers' values per lane\n"
           "  --input FILE          read more options from FILE ('-' = stdin; '#' at the start of\n"
           "                        a line or after a blank starts a comment; nests 4 deep);\n"
           "                        errors there exit 1, on the command line 2\n"
           "\n"
           );
    tmu_cli_texspec_help(out, 0);
    fprintf(out, "  With sparse=, a lane touching a non-resident tile reads zeros and its |%%p predicate\n"
                 "  is false.  Tiled (give --chip first): tiling=N (gfx6-8 TILING_INDEX), swizzle=MODE\n"
                 "  and xor=N (gfx9+ SW_MODE such as 64KB_S_X, pipe/bank XOR), tile=TILE6_3|TILE6_LINEAR\n"
                 "  (Adreno): the texels lie as that GPU lays them out; results are the same.\n");
    tmu_cli_sampler_help(out);
    fprintf(out, "\nexample: tmu ptx run --texture t0=coords:4x4,filter=linear --reg %%f4=0.5 \\\n"
                 "             --reg %%f5=0.25 kernel.ptx\n");
}

/* Binds NAME (a name, or a handle value 0x... / decimal) as binding st->nbind. */
static int bind_name(run_state *st, const char *where, const char *name, tmu_ptx_binding *b)
{
    uint64_t h;
    long long v;
    char echo[TMU_CLI_ECHO_BUF];
    if (!strncmp(name, "0x", 2)) {
        if (tmu_cli_parse_hex64(name, &h))
            return tmu_cli_report(st->bad, where, "'%s' is not a 64-bit handle value",
                                  tmu_cli_shorten(echo, name));
        b->name = NULL;
        b->handle = h;
    } else if (name[0] >= '0' && name[0] <= '9') {
        if (tmu_cli_parse_int(name, 0, INT64_MAX, &v))
            return tmu_cli_report(st->bad, where, "'%s' is not a handle value (decimal or 0x hex)",
                                  tmu_cli_shorten(echo, name));
        b->name = NULL;
        b->handle = (uint64_t)v;
    } else {
        if (!name[0])
            return tmu_cli_report(st->bad, where, "empty binding name");
        if (!(st->names[st->nbind] = copy_n(name, strlen(name))))
            return tmu_cli_error(where, "out of memory");
        b->name = st->names[st->nbind];
    }
    return 0;
}

/* Starts binding number st->nbind from "NAME=VALUE": checks the binding count, binds NAME
 * and returns VALUE inside `buf` (a malloc'd copy of arg the caller frees), or NULL after an
 * error that names `where` and the expected form `form`. */
static char *begin_binding(run_state *st, const char *where, const char *form, const char *arg,
                           char **buf, int *rc)
{
    char echo[TMU_CLI_ECHO_BUF];
    *buf = NULL;
    if (st->nbind >= MAX_BIND) {
        *rc = tmu_cli_report(st->bad, where, "more than %d bindings", MAX_BIND);
        return NULL;
    }
    const char *eq = strchr(arg, '=');
    if (!eq) {
        *rc = tmu_cli_report(st->bad, where, "expected %s, got '%s'", form, tmu_cli_shorten(echo, arg));
        return NULL;
    }
    if (!(*buf = copy_n(arg, strlen(arg)))) {
        *rc = tmu_cli_error(where, "out of memory");
        return NULL;
    }
    char *value = *buf + (eq - arg) + 1;
    (*buf)[eq - arg] = 0;
    tmu_ptx_binding *b = &st->bind[st->nbind];
    if ((*rc = bind_name(st, where, *buf, b)) != 0)
        return NULL;
    /* one binding per name or handle value, whether by --texture or --sampler (a texture's
     * binding holds its sampler too: a second one would be silently shadowed by the first) */
    for (size_t k = 0; k < st->nbind; k++) {
        const tmu_ptx_binding *o = &st->bind[k];
        if (b->name ? o->name && !strcmp(o->name, b->name) : !o->name && o->handle == b->handle) {
            char what[TMU_CLI_ECHO_BUF + 32];
            if (b->name)
                snprintf(what, sizeof what, "binding '%s'", tmu_cli_shorten(echo, b->name));
            else
                snprintf(what, sizeof what, "handle 0x%llx", (unsigned long long)b->handle);
            *rc = tmu_cli_report_twice(&st->bind_at[k], where, st->bad, what);
            return NULL;
        }
    }
    tmu_cli_origin_set(&st->bind_at[st->nbind], where, st->bad);
    return value;
}

static int add_texture(run_state *st, const char *where, const char *arg)
{
    char *buf;
    int rc = 0;
    char *spec = begin_binding(st, where, "NAME=SPEC", arg, &buf, &rc);
    size_t k = st->nbind;
    if (spec) {
        /* the shared spec (cli_common.h) with the sampler keys: PTX's unified texture mode */
        tmu_cli_texrules rules = {TMU_CLI_TEX_SAMPLER, NULL, NULL, NULL, 0, 1, st->amd, st->adreno,
                                  "give --chip NAME (an AMD preset such as vega10 or tonga, or an Adreno GPU "
                                  "such as a660) before the --texture"};
        rc = tmu_cli_texspec_parse(spec, &rules, where, st->bad, &st->spec[k]);
        st->tiled += !rc && st->spec[k].surf;
        if (!rc) {
            st->smp[k] = st->spec[k].sampler;
            st->is_tex[k] = 1;
            st->bind[k].texture = &st->tex[k];
            st->bind[k].sampler = &st->smp[k];
            st->nbind++;
        }
    }
    if (rc && k < MAX_BIND) { /* the binding was not made: drop its name */
        free(st->names[k]);
        st->names[k] = NULL;
    }
    free(buf);
    return rc;
}

/* Before any texture is allocated: every instruction's texture operand must have the texture's
 * shape, as the unit requires (the unit's message): a binding by name, and a handle register
 * through the handle value each running lane holds (--reg; a handle no texture has is reported
 * when the instruction runs). */
static int check_dims(const run_state *st, const tmu_ptx_module *m, const tmu_ptx_regfile *rf, const char *fname)
{
    for (size_t i = 0; i < tmu_ptx_module_count(m); i++) {
        tmu_ptx_instr in;
        uint32_t scope;
        tmu_op op;
        tmu_ptx_opmap map;
        tmu_diag d;
        if (tmu_ptx_module_instr(m, i, &in, &scope) != TMU_OK || in.unknown_op ||
            tmu_ptx_lift(&in, m, scope, &op, &map, &d) != TMU_OK || !map.texture)
            continue;
        const tmu_ptx_elem *e = &map.texture->e[0];
        if (map.texture->is_vector || e->kind != TMU_PTX_E_NAME)
            continue;
        const tmu_ptx_reg *reg = tmu_ptx_regfile_find_n(rf, e->name, e->name_len);
        for (unsigned l = 0; l < (reg ? st->lanes : 1); l++)
            for (size_t k = 0; k < st->nbind; k++) {
                const char *n = st->bind[k].name;
                if (!st->is_tex[k] || (reg ? n || st->bind[k].handle != reg->lane[l]
                                           : !n || strncmp(n, e->name, e->name_len) || n[e->name_len]))
                    continue;
                if (op.dim != st->spec[k].shape.dim) {
                    char where[1100], lane[32] = "";
                    snprintf(where, sizeof where, "%s:%u:%u", fname, in.line, in.column);
                    if (reg)
                        snprintf(lane, sizeof lane, "lane %u: ", l);
                    return tmu_cli_error(where, "%sop %s: dim %s does not match the texture's %s (%s)", lane,
                                         tmu_op_kind_name(op.kind), tmu_dim_name(op.dim),
                                         tmu_dim_name(st->spec[k].shape.dim), st->spec[k].where);
                }
                break;
            }
    }
    return 0;
}

static int add_sampler(run_state *st, const char *where, const char *arg)
{
    char *buf;
    int rc = 0;
    char *opts = begin_binding(st, where, "NAME=OPTS", arg, &buf, &rc);
    size_t k = st->nbind;
    if (opts) {
        st->smp[k] = tmu_sampler_default();
        rc = tmu_cli_sampler_parse(opts, &st->smp[k], NULL, NULL, NULL, 0, where, st->bad);
        if (!rc) {
            st->bind[k].texture = NULL;
            st->bind[k].sampler = &st->smp[k];
            st->nbind++;
        }
    }
    if (rc && k < MAX_BIND) {
        free(st->names[k]);
        st->names[k] = NULL;
    }
    free(buf);
    return rc;
}

static int add_reg(run_state *st, const char *where, const char *arg)
{
    char echo[TMU_CLI_ECHO_BUF];
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg)
        return tmu_cli_report(st->bad, where, "expected REG=V[,V...], got '%s'", tmu_cli_shorten(echo, arg));
    if (st->nregset >= MAX_REGS)
        return tmu_cli_report(st->bad, where, "more than %d register settings", MAX_REGS);
    /* the values now, each for the lane it sets (one value: for every lane), so that a bad one
     * is reported as an option (exit 2 on the command line, 1 in an --input file); the register
     * itself is looked up once the module is read */
    unsigned lane = 0;
    char first[128], echo2[TMU_CLI_ECHO_BUF];
    uint64_t val;
    tmu_cli_shorten_n(echo, arg, (size_t)(eq - arg));
    for (const char *v = eq + 1;;) {
        size_t n = strcspn(v, ",");
        char tok[128];
        if (n) { /* empty items are skipped */
            if (lane >= TMU_PTX_WARP)
                return tmu_cli_report(st->bad, where, "%s: more than %d values", echo, TMU_PTX_WARP);
            if (n >= sizeof tok || (memcpy(tok, v, n), tok[n] = 0, tmu_cli_parse_value(tok, lane, 64, &val)))
                return tmu_cli_report(st->bad, where, "%s: bad value '%s'", echo, tmu_cli_shorten_n(echo2, v, n));
            if (!lane)
                memcpy(first, tok, n + 1);
            lane++;
        }
        if (!v[n])
            break;
        v += n + 1;
    }
    if (!lane)
        return tmu_cli_report(st->bad, where, "%s: no value", echo);
    for (size_t i = 0; i < st->nregset; i++) /* a register is set once */
        if (strlen(st->regset[i].name) == (size_t)(eq - arg) && !strncmp(st->regset[i].name, arg, (size_t)(eq - arg))) {
            tmu_cli_origin at;
            char what[TMU_CLI_ECHO_BUF + 16];
            tmu_cli_origin_set(&at, st->regset[i].where, st->regset[i].code);
            snprintf(what, sizeof what, "register %s", echo);
            return tmu_cli_report_twice(&at, where, st->bad, what);
        }
    for (unsigned l = 1; lane == 1 && l < TMU_PTX_WARP; l++) /* one value for all (lane*K+C each its own) */
        if (tmu_cli_parse_value(first, l, 64, &val))
            return tmu_cli_report(st->bad, where, "%s: '%s' does not fit lane %u", echo, tmu_cli_shorten(echo2, first), l);
    snprintf(st->regset[st->nregset].where, sizeof st->regset[st->nregset].where, "%s", where);
    st->regset[st->nregset].code = st->bad;
    st->regset[st->nregset].name = copy_n(arg, (size_t)(eq - arg));
    st->regset[st->nregset].values = copy_n(eq + 1, strlen(eq + 1));
    st->nregset++;
    if (!st->regset[st->nregset - 1].name || !st->regset[st->nregset - 1].values)
        return tmu_cli_error(where, "out of memory");
    return 0;
}

/* Lane l is printed (--show). */
#define SHOWN(st, l) (((st)->show[0] >> (l)) & 1)

enum { O_TEXTURE, O_SAMPLER, O_REG, O_LANES, O_SHOW, O_INPUT, O_JSON, O_CHIP, O_COUNT };
static const tmu_cli_option run_opts[O_COUNT] = {
    [O_JSON] = {"--json", NULL, TMU_CLI_FLAG},        [O_TEXTURE] = {"--texture", NULL, TMU_CLI_REPEAT},
    [O_SAMPLER] = {"--sampler", NULL, TMU_CLI_REPEAT}, [O_REG] = {"--reg", NULL, TMU_CLI_REPEAT},
    [O_LANES] = {"--lanes", NULL, TMU_CLI_VALUE},     [O_SHOW] = {"--show", NULL, TMU_CLI_VALUE},
    [O_INPUT] = {"--input", NULL, TMU_CLI_REPEAT},    [O_CHIP] = {"--chip", NULL, TMU_CLI_VALUE},
};

/* Option k with `arg` from the command line or an --input file (tmu_cli_option_fn). */
static int apply(void *ctx, int k, const char *arg, const char *where, int code, unsigned depth)
{
    run_state *st = ctx;
    char echo[TMU_CLI_ECHO_BUF];
    long long n;
    int rc = 0, saved = st->bad;
    st->bad = code; /* a bad line in a file is bad input (1), on the command line a usage error (2) */
    switch (k) {
    case O_TEXTURE: rc = add_texture(st, where, arg); break;
    case O_SAMPLER: rc = add_sampler(st, where, arg); break;
    case O_REG: rc = add_reg(st, where, arg); break;
    case O_LANES:
        if (tmu_cli_parse_int(arg, 1, TMU_PTX_WARP, &n))
            rc = tmu_cli_report(code, where, "lanes is how many lanes run (lanes 0..N-1): 1..32, not '%s'",
                                tmu_cli_shorten(echo, arg));
        else
            st->lanes = (unsigned)n;
        break;
    case O_SHOW:
        if (tmu_cli_parse_lanes(arg, TMU_PTX_WARP, st->show))
            rc = tmu_cli_report(code, where, "expected lanes 0..31 as a hex mask, 'all' or ranges such as 0-3,8, "
                                             "not '%s'", tmu_cli_shorten(echo, arg));
        break;
    case O_INPUT:
        rc = tmu_cli_read_options(arg, run_opts, O_COUNT, 0, st->seen, depth, apply, st);
        break;
    case O_JSON: st->json = 1; break;
    case O_CHIP: /* an AMD chip preset or an Adreno GPU preset: whose layout tiled textures take */
        st->amd = tmu_amd_chip_find(arg);
        st->adreno = st->amd ? NULL : tmu_adreno_gpu_find(arg);
        if (!st->amd && !st->adreno) {
            const char *names[40];
            size_t nn = 0;
            for (size_t i = 0; i < tmu_amd_chip_count() && nn < 32; i++)
                names[nn++] = tmu_amd_chip_at(i)->name;
            for (size_t i = 0; i < tmu_adreno_gpu_count() && nn < 40; i++)
                names[nn++] = tmu_adreno_gpu_at(i)->name;
            char msg[512];
            rc = tmu_cli_report(code, where, "%s", tmu_cli_unknown_text(msg, sizeof msg, "chip", arg, names, nn));
        } else if (st->tiled) {
            rc = tmu_cli_report(code, where, "give --chip before the tiled --texture (it was laid out already)");
        }
        break;
    }
    st->bad = saved;
    return rc;
}

/* The registers the texture instructions use, taken from the module's declarations; names
 * are malloc'd copies (freed by the caller). */
static int collect_regs(const tmu_ptx_module *m, tmu_ptx_regfile *rf, size_t cap)
{
    for (size_t i = 0; i < tmu_ptx_module_count(m); i++) {
        tmu_ptx_instr in;
        uint32_t scope;
        if (tmu_ptx_module_instr(m, i, &in, &scope) != TMU_OK)
            continue;
        const tmu_ptx_operand *ops[2 + 3 + TMU_PTX_EXTRA_MAX];
        size_t n = 0;
        ops[n++] = &in.dst;
        for (unsigned k = 0; k < in.naddr; k++)
            ops[n++] = &in.addr[k];
        for (unsigned k = 0; k < in.nextra; k++)
            ops[n++] = &in.extra[k];
        const tmu_ptx_elem *extra_elems[2] = {&in.pred, &in.guard};
        for (size_t k = 0; k < n + 2; k++) {
            unsigned cnt = k < n ? ops[k]->count : 1;
            for (unsigned j = 0; j < cnt; j++) {
                const tmu_ptx_elem *e = k < n ? &ops[k]->e[j] : extra_elems[k - n];
                if (e->kind != TMU_PTX_E_NAME)
                    continue;
                char *name = copy_n(e->name, e->name_len);
                if (!name)
                    return -2;
                const tmu_ptx_symbol *s = tmu_ptx_module_lookup(m, scope, name);
                if (!s || s->state != 0 || tmu_ptx_regfile_find(rf, name)) {
                    free(name);
                    continue;
                }
                if (rf->count >= cap) {
                    free(name);
                    return -1;
                }
                memset(&rf->regs[rf->count], 0, sizeof rf->regs[0]);
                rf->regs[rf->count].name = name;
                rf->count++;
            }
        }
    }
    return 0;
}

static void print_reg(const tmu_ptx_module *m, uint32_t scope, const tmu_ptx_elem *e,
                      const tmu_ptx_regfile *rf, unsigned lane)
{
    const tmu_ptx_reg *r = tmu_ptx_regfile_find_n(rf, e->name, e->name_len);
    if (!r)
        return;
    const char *name = r->name;
    uint64_t v = r->lane[lane];
    const tmu_ptx_symbol *s = tmu_ptx_module_lookup(m, scope, name);
    tmu_ptx_type t = s ? s->type : TMU_PTX_T_B32;
    uint32_t b = (uint32_t)v;
    switch (t) {
    case TMU_PTX_T_F32: {
        float f;
        memcpy(&f, &b, 4);
        printf(" %s=%.9g(0x%08x)", name, (double)f, b);
        break;
    }
    case TMU_PTX_T_F16:
        printf(" %s=%.6g(0x%04x)", name, (double)tmu_half_to_float((uint16_t)b), b & 0xFFFF);
        break;
    case TMU_PTX_T_F16X2:
        printf(" %s=(%.6g,%.6g)(0x%08x)", name, (double)tmu_half_to_float((uint16_t)b),
               (double)tmu_half_to_float((uint16_t)(b >> 16)), b);
        break;
    case TMU_PTX_T_S32:
        printf(" %s=%d", name, (int32_t)b);
        break;
    case TMU_PTX_T_PRED:
        printf(" %s=%u", name, b & 1);
        break;
    default:
        printf(" %s=%u(0x%08x)", name, b, b);
        break;
    }
}


int tmu_cmd_ptx_run(int argc, char **argv)
{
    tmu_cli_set_command("ptx run", run_usage);
    run_state *st = calloc(1, sizeof *st);
    tmu_ptx_reg *regs = calloc(MAX_REGS, sizeof *regs);
    tmu_ptx_regfile rf = {regs, 0};
    const char *file = NULL;
    int rc = 0;
    tmu_ptx_module *m = NULL;
    char *text = NULL;
    if (!st || !regs) {
        rc = tmu_cli_error(NULL, "out of memory");
        goto out;
    }
    st->lanes = 1;
    st->show[0] = ~UINT64_C(0);
    st->bad = TMU_EXIT_USAGE;
    tmu_cli_args a;
    st->seen = a.seen; /* a single-valued option may not come again from an --input file */
    rc = tmu_cli_run_args(&a, argc, argv, run_opts, O_COUNT, run_usage, apply, st, "FILE", &file);
    if (rc) {
        rc = rc < 0 ? TMU_EXIT_OK : rc; /* -1: the help was printed */
        goto out;
    }
    if (!file) {
        rc = tmu_cli_usage_error("FILE", "missing: give the PTX module to run ('-' = stdin)");
        goto out;
    }
    size_t len;
    text = tmu_cli_read_file(file, &len);
    if (!text) {
        rc = TMU_EXIT_FAIL;
        goto out;
    }
    const char *fname = strcmp(file, "-") ? file : "<stdin>";
    tmu_diag d;
    char where[1100];
    if (tmu_ptx_module_parse(text, len, &m, &d) != TMU_OK) {
        snprintf(where, sizeof where, "%s:%u:%u", fname, d.line, d.column);
        rc = tmu_cli_error(where, "%s", d.message);
        goto out;
    }
    /* a module ptxas rejects is not run (a destination of the wrong size, say): its problems
     * are reported as tmu ptx check reports them */
    tmu_cli_ptx_report chk = {fname, 0};
    tmu_ptx_module_check(m, NULL, tmu_cli_ptx_problem, &chk);
    if (chk.errors) {
        rc = TMU_EXIT_FAIL;
        goto out;
    }
    int cr = collect_regs(m, &rf, MAX_REGS);
    if (cr) {
        rc = tmu_cli_error(fname, cr == -1 ? "more than %d registers" : "out of memory", MAX_REGS);
        goto out;
    }
    for (size_t i = 0; i < st->nregset; i++) {
        char echo[TMU_CLI_ECHO_BUF];
        const char *rname = st->regset[i].name;
        tmu_ptx_reg *r = tmu_ptx_regfile_find(&rf, rname);
        if (!r) {
            rc = tmu_cli_error(st->regset[i].where, "'%s' is not a register used by a texture instruction of %s",
                               tmu_cli_shorten(echo, rname), fname);
            goto out;
        }
        unsigned lane = 0;
        uint64_t val = 0;
        const char *first = NULL;
        for (char *tok = strtok(st->regset[i].values, ","); tok; tok = strtok(NULL, ",")) {
            if (!first)
                first = tok;
            if (lane >= TMU_PTX_WARP) {
                rc = tmu_cli_error(st->regset[i].where, "%s: more than 32 values", tmu_cli_shorten(echo, rname));
                goto out;
            }
            if (tmu_cli_parse_value(tok, lane, 64, &val)) {
                char echo2[TMU_CLI_ECHO_BUF];
                rc = tmu_cli_error(st->regset[i].where, "%s: bad value '%s'", tmu_cli_shorten(echo, rname),
                                   tmu_cli_shorten(echo2, tok));
                goto out;
            }
            r->lane[lane++] = val;
        }
        if (lane == 0) {
            rc = tmu_cli_error(st->regset[i].where, "%s: no value", tmu_cli_shorten(echo, rname));
            goto out;
        }
        for (unsigned l = 1; lane == 1 && l < TMU_PTX_WARP; l++) /* one value for all (lane*K+C each its own) */
            if (tmu_cli_parse_value(first, l, 64, &r->lane[l])) {
                char echo2[TMU_CLI_ECHO_BUF];
                rc = tmu_cli_error(st->regset[i].where, "%s: '%s' does not fit lane %u", tmu_cli_shorten(echo, rname),
                                   tmu_cli_shorten(echo2, first), l);
                goto out;
            }
    }
    /* parsed and checked: only now is texture memory allocated */
    if ((rc = check_dims(st, m, &rf, fname)) != 0)
        goto out;
    for (size_t k = 0; k < st->nbind; k++)
        if (st->is_tex[k] && (rc = tmu_cli_texspec_alloc(&st->spec[k], &st->tex[k])) != 0)
            goto out;
    tmu_ptx_exec_env env = {tmu_ptx_module_independent(m), st->bind, st->nbind, m, 0};
    uint32_t active = st->lanes >= 32 ? 0xFFFFFFFFu : (1u << st->lanes) - 1;
    for (size_t i = 0; i < tmu_ptx_module_count(m); i++) {
        tmu_ptx_instr in;
        uint32_t scope;
        if (tmu_ptx_module_instr(m, i, &in, &scope) != TMU_OK || in.unknown_op)
            continue;
        env.scope = scope;
        size_t need = 0;
        char buf[4096];
        char *ptext = buf;
        if (tmu_ptx_print_instr(&in, buf, sizeof buf, &need) == TMU_ERR_BUFFER_TOO_SMALL) {
            ptext = malloc(need + 1);
            if (!ptext || tmu_ptx_print_instr(&in, ptext, need + 1, NULL) != TMU_OK) {
                free(ptext);
                rc = tmu_cli_error(NULL, "out of memory");
                goto out;
            }
        }
        if (st->json) {
            printf("{\"file\":");
            tmu_cli_json_string(stdout, fname);
            printf(",\"line\":%u,\"text\":", in.line);
            tmu_cli_json_string(stdout, ptext);
            printf(",\"lanes\":[");
            for (unsigned l = 0, n = 0; l < st->lanes; l++)
                if (SHOWN(st, l))
                    printf("%s%u", n++ ? "," : "", l);
            printf("]");
        } else {
            printf("%s:%u: %s\n", fname, in.line, ptext);
        }
        if (ptext != buf)
            free(ptext);
        if (tmu_ptx_exec_warp(&in, &env, active, &rf, &d) != TMU_OK) {
            snprintf(where, sizeof where, "%s:%u:%u", fname, d.line, d.column);
            rc = tmu_cli_error(where, "%s", d.message);
            goto out;
        }
        if (st->json) { /* the destination registers' and predicate's slots, lane by lane */
            printf(",\"registers\":{");
            int first = 1;
            for (unsigned c = 0; c <= in.dst.count; c++) {
                const tmu_ptx_elem *e = c < in.dst.count ? &in.dst.e[c] : &in.pred;
                const tmu_ptx_reg *r =
                    e->kind == TMU_PTX_E_NAME ? tmu_ptx_regfile_find_n(&rf, e->name, e->name_len) : NULL;
                if (!r)
                    continue;
                printf("%s", first ? "" : ",");
                tmu_cli_json_string(stdout, r->name);
                printf(":[");
                for (unsigned l = 0, n = 0; l < st->lanes; l++)
                    if (SHOWN(st, l))
                        printf("%s%llu", n++ ? "," : "", (unsigned long long)r->lane[l]);
                printf("]");
                first = 0;
            }
            printf("}}\n");
            continue;
        }
        for (unsigned l = 0; l < st->lanes; l++) {
            if (!SHOWN(st, l))
                continue;
            printf("  lane %u:", l);
            for (unsigned c = 0; c < in.dst.count; c++)
                if (in.dst.e[c].kind == TMU_PTX_E_NAME)
                    print_reg(m, scope, &in.dst.e[c], &rf, l);
            if (in.pred.kind == TMU_PTX_E_NAME)
                print_reg(m, scope, &in.pred, &rf, l);
            printf("\n");
        }
    }
out:
    if (st) {
        for (size_t i = 0; i < MAX_BIND; i++) {
            free(st->names[i]);
            tmu_cli_texspec_free(&st->spec[i]);
        }
        for (size_t i = 0; i < st->nregset; i++) {
            free(st->regset[i].name);
            free(st->regset[i].values);
        }
    }
    for (size_t i = 0; i < rf.count; i++)
        free((char *)regs[i].name);
    tmu_ptx_module_free(m);
    free(text);
    free(regs);
    free(st);
    return rc;
}
