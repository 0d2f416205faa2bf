/* tmu ptx — the PTX front end on the command line:
 *   tmu ptx check [--target sm_XX] [--ptx-version X.Y] FILE...
 *   tmu ptx fmt FILE... | tmu ptx fmt -e 'INSTR'
 *   tmu ptx run ... (cmd_ptx_run.c)                                          */
#include "cli.h"
#include "ptx_cli.h"

#include <stdlib.h>
#include <string.h>

#include "tmu/ptx.h"

int tmu_cmd_ptx_run(int argc, char **argv);

static void usage(FILE *out)
{
    fprintf(
        out,
        "usage: tmu ptx check [--target sm_XX] [--ptx-version X.Y] FILE.ptx...\n"
        "       tmu ptx check [--independent] [--target sm_XX] [--ptx-version X.Y] -e 'INSTRUCTION'...\n"
        "       tmu ptx fmt [-l] FILE.ptx... | tmu ptx fmt -e 'INSTRUCTION'...\n"
        "       tmu ptx run [options] FILE.ptx   (tmu ptx run --help)\n"
        "\n"
        "check  validates every tex/tld4/txq instruction and the declarations of whole\n"
        "       PTX modules with the rules and messages of NVIDIA ptxas 13.0; prints\n"
        "       'tmu: error: ptx check: FILE:LINE:COL: MESSAGE' for each problem ptxas\n"
        "       reports (syntax errors too; ptxas's warnings as 'tmu: warning: ...') and\n"
        "       exits 1 when there is any error.  --target (sm_XX, sm_XXa, sm_XXf) and\n"
        "       --ptx-version override the module's .target / .version.  FILE '-' is\n"
        "       standard input.\n"
        "       With -e, checks one instruction line inside the same wrapper kernel as\n"
        "       NVIDIA's ptxas is given by the oracle script the verdicts were recorded with\n"
        "       (docs/ptx-checker.md): texrefs t0 t1, samplerrefs s0 s1 and kernel\n"
        "       parameters pt ps with --independent (.target ..., texmode_independent);\n"
        "       registers %%f0-31 .f32, %%r0-31 .s32, %%u0-31 .u32, %%b0-31 .b32, %%h0-15 .f16,\n"
        "       %%hh0-15 .f16x2, %%w0-15 .b16, %%rd0-15 .u64 (%%rd1, %%rd2 = texture and sampler\n"
        "       handles), %%bd0-7 .b64, %%p0-7 .pred; default .target sm_90, .version 9.0.\n"
        "       Prints ptxas's verdict for each -e in order: ACCEPTED, or REJECTED and the\n"
        "       messages as SEVERITY@L[+-N]: TEXT (L = the instruction's line).\n"
        "fmt    prints the canonical form of each tex/tld4/txq instruction (with -l,\n"
        "       prefixed by FILE:LINE:), or of each instruction given with -e.\n"
        "run    executes the texture instructions of a module on the software texture\n"
        "       unit for a 32-lane warp and prints the destination registers.\n");
}

/* A FILE:LINE:COL location. */
static const char *loc(char *buf, size_t size, const char *file, uint32_t line, uint32_t col)
{
    snprintf(buf, size, "%s:%u:%u", file, line, col);
    return buf;
}

void tmu_cli_ptx_problem(void *user, const tmu_diag *d)
{
    tmu_cli_ptx_report *r = user;
    char where[1100];
    loc(where, sizeof where, r->file, d->line, d->column);
    if (d->status == TMU_OK) {
        tmu_cli_warning(where, "%s", d->message);
    } else {
        tmu_cli_error(where, "%s", d->message);
        r->errors++;
    }
}

/* sm_XX, sm_XXa or sm_XXf: the number in *out, the text as written kept by the caller. */
static int parse_sm(const char *s, unsigned *out)
{
    long long v;
    if (strncmp(s, "sm_", 3) != 0)
        return -1;
    char buf[16];
    size_t n = 0;
    for (const char *p = s + 3; *p >= '0' && *p <= '9' && n < sizeof buf - 1; p++)
        buf[n++] = *p;
    buf[n] = 0;
    const char *rest = s + 3 + n;
    if (!n || (rest[0] && !((rest[0] == 'a' || rest[0] == 'f') && !rest[1])))
        return -1;
    if (tmu_cli_parse_int(buf, 10, 10000, &v))
        return -1;
    *out = (unsigned)v;
    return 0;
}

static int parse_version(const char *s, unsigned *out)
{
    if (!(s[0] >= '0' && s[0] <= '9') || s[1] != '.' || !(s[2] >= '0' && s[2] <= '9') || s[3])
        return -1;
    *out = (unsigned)(s[0] - '0') * 10 + (unsigned)(s[2] - '0');
    return 0;
}

typedef struct verdict_ctx {
    uint32_t instr_line;
    int n, errors;
} verdict_ctx;

static void print_verdict_line(verdict_ctx *v, const char *severity, uint32_t line, const char *msg)
{
    int rel = (int)line - (int)v->instr_line;
    if (rel)
        printf("  %s@L%+d: %s\n", severity, rel, msg);
    else
        printf("  %s@L: %s\n", severity, msg);
}

/* Problems are collected first: the verdict line comes before the messages. */
typedef struct verdict_list {
    tmu_diag d[64];
    size_t n, total;
} verdict_list;

static void collect_problem(void *user, const tmu_diag *d)
{
    verdict_list *l = user;
    if (l->n < sizeof l->d / sizeof l->d[0])
        l->d[l->n++] = *d;
    l->total++;
}

static int check_one(const char *instr, int indep, const char *target, const char *version)
{
    char buf[16384];
    uint32_t line;
    if (strlen(instr) > 8192 ||
        tmu_ptx_oracle_module(instr, indep, target, version, buf, sizeof buf, &line) != TMU_OK) {
        char echo[TMU_CLI_ECHO_BUF];
        return tmu_cli_error("-e", "'%s': instruction too long (more than 8192 characters)",
                             tmu_cli_shorten(echo, instr));
    }
    tmu_ptx_module *m = NULL;
    tmu_diag d;
    verdict_ctx v = {line, 0, 0};
    if (tmu_ptx_module_parse(buf, strlen(buf), &m, &d) != TMU_OK) {
        printf("REJECTED\n");
        print_verdict_line(&v, "fatal", d.line, d.message);
        return TMU_EXIT_FAIL;
    }
    static verdict_list l;
    l.n = l.total = 0;
    tmu_ptx_module_check(m, NULL, collect_problem, &l);
    tmu_ptx_module_free(m);
    for (size_t i = 0; i < l.n; i++)
        v.errors += l.d[i].status != TMU_OK;
    printf("%s\n", v.errors ? "REJECTED" : "ACCEPTED");
    for (size_t i = 0; i < l.n; i++)
        print_verdict_line(&v,
                           l.d[i].status == TMU_OK            ? "warning"
                           : l.d[i].status == TMU_PTX_FATAL ? "fatal"
                                                            : "error",
                           l.d[i].line, l.d[i].message);
    return v.errors ? TMU_EXIT_FAIL : TMU_EXIT_OK;
}

static int cmd_check(int argc, char **argv)
{
    enum { O_TARGET, O_VERSION, O_INDEP, O_E, O_COUNT };
    static const tmu_cli_option opts[O_COUNT] = {
        [O_TARGET] = {"--target", NULL, TMU_CLI_VALUE},
        [O_VERSION] = {"--ptx-version", NULL, TMU_CLI_VALUE},
        [O_INDEP] = {"--independent", NULL, TMU_CLI_FLAG},
        [O_E] = {"-e", NULL, TMU_CLI_REPEAT},
    };
    tmu_cli_set_command("ptx check", usage);
    tmu_ptx_check_options opt = {0, 0, NULL};
    const char *target = "sm_90", *version = "9.0";
    int indep = 0, ninstr = 0, nfiles = 0;
    char echo[TMU_CLI_ECHO_BUF];
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, opts, O_COUNT);
    const char *v;
    int k;
    while ((k = tmu_cli_next(&a, &v)) != TMU_CLI_END) {
        switch (k) {
        case TMU_CLI_HELP:
            usage(stdout);
            return TMU_EXIT_OK;
        case TMU_CLI_ERROR:
            return TMU_EXIT_USAGE;
        case O_TARGET:
            if (parse_sm(v, &opt.sm))
                return tmu_cli_usage_error("--target", "'%s' is not a target like sm_90 or sm_100a",
                                           tmu_cli_shorten(echo, v));
            target = opt.target = v;
            break;
        case O_VERSION:
            if (parse_version(v, &opt.version))
                return tmu_cli_usage_error("--ptx-version", "'%s' is not a version like 7.8",
                                           tmu_cli_shorten(echo, v));
            version = v;
            break;
        case O_INDEP: indep = 1; break;
        case O_E: ninstr++; break;
        default: nfiles++; break;
        }
    }
    if (ninstr && nfiles)
        return tmu_cli_usage_error("-e", "give FILEs or -e INSTRUCTION, not both");
    if (!ninstr && !nfiles)
        return tmu_cli_usage_error("FILE", "missing: give FILE.ptx ('-' = stdin) or -e INSTRUCTION");
    if (indep && !ninstr)
        return tmu_cli_usage_error("--independent", "applies to -e only (a module says "
                                                    "texmode_independent in its .target)");
    int bad = 0;
    /* second pass over the same arguments, in order */
    tmu_cli_args_init(&a, argc, argv, opts, O_COUNT);
    while ((k = tmu_cli_next(&a, &v)) != TMU_CLI_END) {
        if (k == O_E) {
            bad |= check_one(v, indep, target, version) != TMU_EXIT_OK;
            continue;
        }
        if (k != TMU_CLI_ARG)
            continue;
        size_t len;
        char *text = tmu_cli_read_file(v, &len);
        if (!text) {
            bad = 1;
            continue;
        }
        const char *file = strcmp(v, "-") ? v : "<stdin>";
        tmu_ptx_module *m = NULL;
        tmu_diag d;
        tmu_cli_ptx_report r = {file, 0};
        if (tmu_ptx_module_parse(text, len, &m, &d) != TMU_OK) {
            tmu_cli_ptx_problem(&r, &d);
            bad = 1;
        } else {
            tmu_ptx_module_check(m, &opt, tmu_cli_ptx_problem, &r);
            bad |= r.errors != 0;
            tmu_ptx_module_free(m);
        }
        free(text);
    }
    return bad ? TMU_EXIT_FAIL : TMU_EXIT_OK;
}

static int fmt_one(const tmu_ptx_instr *in, const char *where, const char *prefix_file,
                   uint32_t line)
{
    char buf[4096];
    char *big = NULL;
    size_t need = 0;
    const char *text = buf;
    if (tmu_ptx_print_instr(in, buf, sizeof buf, &need) == TMU_ERR_BUFFER_TOO_SMALL) {
        big = malloc(need + 1);
        if (!big || tmu_ptx_print_instr(in, big, need + 1, NULL) != TMU_OK) {
            free(big);
            return tmu_cli_error(where, "out of memory");
        }
        text = big;
    }
    if (prefix_file)
        printf("%s:%u: %s\n", prefix_file, line, text);
    else
        printf("%s\n", text);
    free(big);
    return TMU_EXIT_OK;
}

static int cmd_fmt(int argc, char **argv)
{
    static const tmu_cli_option opts[] = {
        {"-e", NULL, TMU_CLI_REPEAT},
        {"-l", NULL, TMU_CLI_FLAG},
    };
    tmu_cli_set_command("ptx fmt", usage);
    int lines = 0, n = 0, bad = 0, ne = 0;
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, opts, 2);
    const char *v;
    int k;
    while ((k = tmu_cli_next(&a, &v)) != TMU_CLI_END) {
        if (k == TMU_CLI_HELP) {
            usage(stdout);
            return TMU_EXIT_OK;
        }
        if (k == TMU_CLI_ERROR)
            return TMU_EXIT_USAGE;
        if (k == 1)
            lines = 1;
        else
            n++;
    }
    if (!n)
        return tmu_cli_usage_error("FILE", "missing: give FILE.ptx ('-' = stdin) or -e INSTRUCTION");
    tmu_cli_args_init(&a, argc, argv, opts, 2);
    while ((k = tmu_cli_next(&a, &v)) != TMU_CLI_END) {
        char where[1100];
        if (k == 0) {
            tmu_ptx_instr in;
            tmu_diag d;
            char name[32];
            snprintf(name, sizeof name, "<instruction %d>", ++ne);
            if (tmu_ptx_parse_instr(v, strlen(v), &in, &d) != TMU_OK) {
                tmu_cli_error(loc(where, sizeof where, name, d.line, d.column), "%s", d.message);
                bad = 1;
            } else if (fmt_one(&in, name, NULL, 0)) {
                bad = 1;
            }
            continue;
        }
        if (k != TMU_CLI_ARG)
            continue;
        size_t len;
        char *text = tmu_cli_read_file(v, &len);
        if (!text) {
            bad = 1;
            continue;
        }
        const char *file = strcmp(v, "-") ? v : "<stdin>";
        tmu_ptx_module *m = NULL;
        tmu_diag d;
        if (tmu_ptx_module_parse(text, len, &m, &d) != TMU_OK) {
            tmu_cli_error(loc(where, sizeof where, file, d.line, d.column), "%s", d.message);
            bad = 1;
        } else {
            for (size_t i = 0; i < tmu_ptx_module_count(m); i++) {
                tmu_ptx_instr in;
                if (tmu_ptx_module_instr(m, i, &in, NULL) == TMU_OK && !in.unknown_op &&
                    fmt_one(&in, file, lines ? file : NULL, in.line))
                    bad = 1;
            }
            tmu_ptx_module_free(m);
        }
        free(text);
    }
    return bad ? TMU_EXIT_FAIL : TMU_EXIT_OK;
}

int tmu_cmd_ptx(int argc, char **argv)
{
    tmu_cli_set_command("ptx", usage);
    if (argc < 2)
        return tmu_cli_usage_error("SUBCOMMAND", "missing (check, fmt or run)");
    if (tmu_cli_is_help(argv[1])) {
        usage(stdout);
        return TMU_EXIT_OK;
    }
    if (!strcmp(argv[1], "check"))
        return cmd_check(argc - 1, argv + 1);
    if (!strcmp(argv[1], "fmt"))
        return cmd_fmt(argc - 1, argv + 1);
    if (!strcmp(argv[1], "run"))
        return tmu_cmd_ptx_run(argc - 1, argv + 1);
    static const char *const subs[] = {"check", "fmt", "run"};
    return tmu_cli_unknown_name("SUBCOMMAND", "subcommand", argv[1], subs, 3);
}
