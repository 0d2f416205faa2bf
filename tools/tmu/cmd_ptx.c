/* tmu ptx — the PTX front end on the command line:
 *   tmu ptx check [--target sm_XX] [--ptx-version X.Y] FILE...
 *   tmu ptx fmt FILE... | tmu ptx fmt -e 'INSTR'
 *   tmu ptx run ... (cmd_ptx_run.c)                                          */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "tmu/ptx.h"

int tmu_cmd_ptx_run(int argc, char **argv);

static void usage_to(FILE *out)
{
    fprintf(
        out,
        "usage: tmu ptx check [--target sm_XX] [--ptx-version X.Y] FILE.ptx...\n"
        "       tmu ptx check [--independent] [--target sm_XX] [--ptx-version X.Y] -e "
        "'INSTRUCTION'\n"
        "       tmu ptx fmt [-l] FILE.ptx...\n"
        "       tmu ptx fmt -e 'INSTRUCTION'\n"
        "       tmu ptx run [options] FILE.ptx   (tmu ptx run --help)\n"
        "\n"
        "check  validates every tex/tld4/txq instruction and the declarations of whole\n"
        "       PTX modules with the rules and messages of NVIDIA ptxas 13.0; prints\n"
        "       FILE:LINE:COL: error: MESSAGE for each problem (syntax errors too) and\n"
        "       exits 1 when there is any.  --target / --ptx-version override the\n"
        "       module's .target / .version.  With -e, checks one instruction inside the\n"
        "       wrapper kernel of shared/tools/ptx_oracle.py (texrefs t0 t1, samplerrefs s0 s1\n"
        "       and params pt ps when --independent, registers %%f %%r %%u %%b %%h %%hh %%w %%rd\n"
        "       %%bd %%p; default .target sm_90, .version 9.0) and prints ptxas-style\n"
        "       verdicts: ACCEPTED, or REJECTED and the messages.\n"
        "fmt    prints the canonical form of each tex/tld4/txq instruction (with -l,\n"
        "       prefixed by FILE:LINE:), or of the one instruction given with -e.\n"
        "run    executes the texture instructions of a module on the software texture\n"
        "       unit for a 32-lane warp and prints the destination registers.\n");
}

static void usage(void)
{
    usage_to(stdout);
}

typedef struct report_ctx {
    const char *file;
} report_ctx;

static void print_problem(void *user, const tmu_diag *d)
{
    report_ctx *r = user;
    fprintf(stderr, "%s:%u:%u: error: %s\n", r->file, d->line, d->column, d->message);
}

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
    int n;
} verdict_ctx;

static void print_verdict_problem(void *user, const tmu_diag *d)
{
    verdict_ctx *v = user;
    int rel = (int)d->line - (int)v->instr_line;
    if (!v->n++)
        printf("REJECTED\n");
    if (rel)
        printf("  error@L%+d: %s\n", rel, d->message);
    else
        printf("  error@L: %s\n", d->message);
}

static int check_one(const char *instr, int indep, const tmu_ptx_check_options *opt)
{
    char target[24] = "sm_90", version[24] = "9.0";
    if (opt->sm)
        snprintf(target, sizeof target, "sm_%u", opt->sm);
    if (opt->version)
        snprintf(version, sizeof version, "%u.%u", opt->version / 10, opt->version % 10);
    char buf[8192];
    uint32_t line;
    if (strlen(instr) > 4096 ||
        tmu_ptx_oracle_module(instr, indep, target, version, buf, sizeof buf, &line) != TMU_OK)
        return tmu_cli_error("ptx check -e", "instruction too long");
    tmu_ptx_module *m = NULL;
    tmu_diag d;
    if (tmu_ptx_module_parse(buf, strlen(buf), &m, &d) != TMU_OK) {
        int rel = (int)d.line - (int)line;
        printf("REJECTED\n");
        if (rel)
            printf("  fatal@L%+d: %s\n", rel, d.message);
        else
            printf("  fatal@L: %s\n", d.message);
        return TMU_EXIT_FAIL;
    }
    verdict_ctx v = {line, 0};
    tmu_ptx_check_options none = {0, 0};
    size_t n = tmu_ptx_module_check(m, &none, print_verdict_problem, &v);
    tmu_ptx_module_free(m);
    if (!n)
        printf("ACCEPTED\n");
    return n ? TMU_EXIT_FAIL : TMU_EXIT_OK;
}

static int cmd_check(int argc, char **argv)
{
    tmu_ptx_check_options opt = {0, 0};
    int nfiles = 0, bad = 0, indep = 0;
    const char *one = NULL;
    for (int i = 1; i < argc; i++) {
        if (tmu_cli_is_help(argv[i])) {
            usage();
            return TMU_EXIT_OK;
        }
        if (!strcmp(argv[i], "--independent")) {
            indep = 1;
            continue;
        }
        if (!strcmp(argv[i], "-e")) {
            if (i + 1 >= argc)
                return tmu_cli_usage_error("ptx", "-e needs an instruction");
            one = argv[++i];
            continue;
        }
        if (!strcmp(argv[i], "--target")) {
            if (i + 1 >= argc || parse_sm(argv[i + 1], &opt.sm))
                return tmu_cli_usage_error("ptx", "--target needs a target like sm_90");
            i++;
        } else if (!strcmp(argv[i], "--ptx-version")) {
            if (i + 1 >= argc || parse_version(argv[i + 1], &opt.version))
                return tmu_cli_usage_error("ptx", "--ptx-version needs a version like 7.8");
            i++;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return tmu_cli_usage_error("ptx", "unknown option '%s'", argv[i]);
        } else {
            nfiles++;
        }
    }
    if (one) {
        if (nfiles)
            return tmu_cli_usage_error("ptx", "check takes FILEs or -e, not both");
        return check_one(one, indep, &opt);
    }
    if (!nfiles)
        return tmu_cli_usage_error("ptx", "check needs at least one FILE");
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--target") || !strcmp(argv[i], "--ptx-version")) {
            i++;
            continue;
        }
        if (!strcmp(argv[i], "--independent"))
            continue;
        size_t len;
        char *text = tmu_cli_read_file(argv[i], &len);
        if (!text) {
            bad = 1;
            continue;
        }
        tmu_ptx_module *m = NULL;
        tmu_diag d;
        report_ctx r = {argv[i]};
        if (tmu_ptx_module_parse(text, len, &m, &d) != TMU_OK) {
            print_problem(&r, &d);
            bad = 1;
        } else {
            if (tmu_ptx_module_check(m, &opt, print_problem, &r))
                bad = 1;
            tmu_ptx_module_free(m);
        }
        free(text);
    }
    return bad ? TMU_EXIT_FAIL : TMU_EXIT_OK;
}

static int fmt_one(const tmu_ptx_instr *in, const char *prefix_file, uint32_t line)
{
    char buf[4096];
    if (tmu_ptx_print_instr(in, buf, sizeof buf, NULL) != TMU_OK)
        return tmu_cli_error(prefix_file, "instruction too long to print");
    if (prefix_file)
        printf("%s:%u: %s\n", prefix_file, line, buf);
    else
        printf("%s\n", buf);
    return TMU_EXIT_OK;
}

static int cmd_fmt(int argc, char **argv)
{
    int lines = 0, nfiles = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        if (tmu_cli_is_help(argv[i])) {
            usage();
            return TMU_EXIT_OK;
        }
        if (!strcmp(argv[i], "-e")) {
            if (i + 1 >= argc)
                return tmu_cli_usage_error("ptx", "-e needs an instruction");
            tmu_ptx_instr in;
            tmu_diag d;
            const char *text = argv[++i];
            if (tmu_ptx_parse_instr(text, strlen(text), &in, &d) != TMU_OK) {
                fprintf(stderr, "<instruction>:%u:%u: error: %s\n", d.line, d.column, d.message);
                bad = 1;
                continue;
            }
            if (fmt_one(&in, NULL, 0))
                bad = 1;
            nfiles++;
        } else if (!strcmp(argv[i], "-l")) {
            lines = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return tmu_cli_usage_error("ptx", "unknown option '%s'", argv[i]);
        } else {
            nfiles++;
            size_t len;
            char *text = tmu_cli_read_file(argv[i], &len);
            if (!text) {
                bad = 1;
                continue;
            }
            tmu_ptx_module *m = NULL;
            tmu_diag d;
            if (tmu_ptx_module_parse(text, len, &m, &d) != TMU_OK) {
                fprintf(stderr, "%s:%u:%u: error: %s\n", argv[i], d.line, d.column, d.message);
                bad = 1;
            } else {
                for (size_t k = 0; k < tmu_ptx_module_count(m); k++) {
                    tmu_ptx_instr in;
                    if (tmu_ptx_module_instr(m, k, &in, NULL) == TMU_OK &&
                        fmt_one(&in, lines ? argv[i] : NULL, in.line))
                        bad = 1;
                }
                tmu_ptx_module_free(m);
            }
            free(text);
        }
    }
    if (!nfiles)
        return tmu_cli_usage_error("ptx", "fmt needs a FILE or -e INSTRUCTION");
    return bad ? TMU_EXIT_FAIL : TMU_EXIT_OK;
}

int tmu_cmd_ptx(int argc, char **argv)
{
    if (argc < 2) {
        usage_to(stderr);
        return TMU_EXIT_USAGE;
    }
    if (tmu_cli_is_help(argv[1])) {
        usage();
        return TMU_EXIT_OK;
    }
    if (!strcmp(argv[1], "check"))
        return cmd_check(argc - 1, argv + 1);
    if (!strcmp(argv[1], "fmt"))
        return cmd_fmt(argc - 1, argv + 1);
    if (!strcmp(argv[1], "run"))
        return tmu_cmd_ptx_run(argc - 1, argv + 1);
    static const char *const subs[] = {"check", "fmt", "run"};
    tmu_cli_unknown_name("ptx", "subcommand", argv[1], subs, 3);
    return TMU_EXIT_USAGE;
}
