/* tmu translate — translate texture instructions between PTX, GCN and ir3 (translate.h), and
 * print the support matrix generated from the translator's own rules (--matrix). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "tmu/translate.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: tmu translate --from ptx|gcn|ir3 [--gpu SRC] --to ptx|gcn|ir3 [--gpu DST]\n"
            "                     [--dim SHAPE] [--type f32|s32|u32] [--json] INSTR...\n"
            "       tmu translate ... --input FILE     (a whole program, '-' = stdin)\n"
            "       tmu translate --matrix             (the support matrix, markdown)\n"
            "\n"
            "Lifts each source instruction to the vendor-neutral op and lowers it to the target:\n"
            "prints the target instruction(s), one comment line per operand mapping (target\n"
            "register = conversion of the source register, with its role), the post-operations\n"
            "that give each source result word, and the descriptor fields the target expects.\n"
            "A --gpu before --to names the source generation, one after --to the target's\n"
            "(--from-gpu / --to-gpu say it explicitly).  GCN: gfx6 gfx7 gfx8 gfx81 gfx9, RDNA\n"
            "gfx10 gfx10.3 gfx11 (llvm-mc -mcpu names too); ir3: a3xx..a7xx or a GPU id (630).\n"
            "GCN and ir3 sources are hex words (0x...) or assembly text (RDNA: its 2-5 dwords\n"
            "in memory order, or one 64-bit word for a 2-dword instruction; llvm-mc 16 syntax);\n"
            "their texture shape is --dim (1d 2d 3d cube 1d_array 2d_array cube_array\n"
            "2d_ms 2d_ms_array; default 2d), and a GCN word's data type is --type (default f32).\n"
            "PTX sources are tex/tld4/txq lines in unified mode (--dim: the shape a txq queries).  --json prints one JSON object per\n"
            "instruction per line.  What a target cannot express exactly is refused with the\n"
            "reason (exit status 1).\n"
            "--input FILE translates a whole program: a PTX module, a GCN listing (LLVM syntax or\n"
            "0x words; a file that is not text is a binary of 8-byte MIMG words) or an ir3 listing\n"
            "(Mesa syntax or 0x words).  Every texture instruction gets one verdict line\n"
            "(translated, refused: REASON, error: MESSAGE), translations follow their verdict, other\n"
            "lines are passed through as comments; --json prints the same as one JSON object.\n");
}

enum { O_FROM, O_TO, O_GPU, O_FROM_GPU, O_TO_GPU, O_DIM, O_TYPE, O_INPUT, O_JSON, O_MATRIX };
static const tmu_cli_option opts[] = {
    {"--from", NULL, TMU_CLI_VALUE},     {"--to", NULL, TMU_CLI_VALUE},
    {"--gpu", NULL, TMU_CLI_REPEAT},     {"--from-gpu", NULL, TMU_CLI_VALUE},
    {"--to-gpu", NULL, TMU_CLI_VALUE},   {"--dim", NULL, TMU_CLI_VALUE},
    {"--type", NULL, TMU_CLI_VALUE},     {"--input", NULL, TMU_CLI_VALUE},
    {"--json", NULL, TMU_CLI_FLAG},      {"--matrix", NULL, TMU_CLI_FLAG},
};

static const char *const isa_names[] = {"ptx", "gcn", "ir3"};
static const char *const type_names[] = {"f32", "s32", "u32"};

static int parse_gen(const char *opt, tmu_xl_isa isa, const char *text, uint32_t *out)
{
    if (isa == TMU_XL_PTX)
        return tmu_cli_usage_error(opt, "PTX has no generation to choose");
    if (isa == TMU_XL_GCN) {
        tmu_gcn_gen g; /* every generation translates (RDNA through gfx9: src/translate/rdna.c) */
        if (tmu_gcn_gen_from_name(text, &g) != TMU_OK) {
            size_t n;
            const char *const *names = tmu_gcn_gen_names(&n);
            return tmu_cli_unknown_name(opt, "GCN generation", text, names, n);
        }
        *out = (uint32_t)g;
        return 0;
    }
    uint32_t id;
    if (tmu_ir3_gpu_from_name(text, &id) != TMU_OK || id < 300 || id > 799) {
        char echo[TMU_CLI_ECHO_BUF];
        return tmu_cli_usage_error(opt, "'%s' is not an Adreno a3xx-a7xx GPU (a3xx..a7xx or 300..799)",
                                   tmu_cli_shorten(echo, text));
    }
    *out = id;
    return 0;
}

static int parse_dim(const char *text, tmu_dim *out)
{
    const char *names[TMU_DIM_COUNT];
    for (int d = 0; d < TMU_DIM_COUNT; d++) {
        names[d] = tmu_dim_name((tmu_dim)d);
        if (strcmp(text, names[d]) == 0) {
            *out = (tmu_dim)d;
            return 0;
        }
    }
    return tmu_cli_unknown_name("--dim", "texture shape", text, names, TMU_DIM_COUNT);
}

typedef struct job {
    tmu_xl_isa from, to;
    uint32_t from_gen, to_gen;
    tmu_dim dim;
    tmu_result_type type;
    int dim_given;
    int json;
    char *buf;
    size_t bufsize;
} job;

/* Translates one instruction; `where` names it in errors.  Returns an exit code. */
static int translate_one(const job *j, const char *where, const char *text, size_t len)
{
    tmu_xl_source src;
    tmu_diag d;
    tmu_diag_clear(&d);
    tmu_status st;
    char echo[TMU_CLI_ECHO_BUF];
    while (len && (*text == ' ' || *text == '\t'))
        text++, len--;
    while (len && (text[len - 1] == ' ' || text[len - 1] == '\t' || text[len - 1] == '\r'))
        len--;
    if (j->from == TMU_XL_PTX) {
        st = tmu_xl_lift_ptx(text, len, &src, &d);
        if (st == TMU_OK && j->dim_given) {
            int query = src.op.kind == TMU_OP_QUERY_SIZE || src.op.kind == TMU_OP_QUERY_LEVELS ||
                        src.op.kind == TMU_OP_QUERY_SAMPLES;
            if (query)
                src.dim = j->dim;
            else if (src.dim != j->dim)
                return tmu_cli_error(where, "%s: the instruction's geometry is %s, not --dim %s",
                                     tmu_cli_shorten_n(echo, text, len), tmu_dim_name(src.dim), tmu_dim_name(j->dim));
        }
    } else if (j->from == TMU_XL_GCN && TMU_GCN_GEN_IS_RDNA(j->from_gen)) {
        st = tmu_xl_lift_rdna_text((tmu_gcn_gen)j->from_gen, text, len, j->dim, j->type, &src, &d);
    } else {
        uint64_t word = 0;
        char tmp[256];
        int is_hex = len > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') && len < sizeof tmp;
        if (is_hex) {
            memcpy(tmp, text, len);
            tmp[len] = 0;
            if (tmu_cli_parse_hex64(tmp, &word) != 0)
                return tmu_cli_error(where, "'%s' is not a 64-bit hex word", tmu_cli_shorten_n(echo, text, len));
            st = TMU_OK;
        } else if (j->from == TMU_XL_GCN) {
            tmu_gcn_mimg mi;
            st = tmu_gcn_assemble((tmu_gcn_gen)j->from_gen, TMU_GCN_SYNTAX_LLVM, text, len, 1, &mi, &d);
            if (st == TMU_OK)
                st = tmu_gcn_encode(&mi, &word, &d);
        } else {
            if (len >= sizeof tmp)
                return tmu_cli_error(where, "instruction text longer than %zu bytes", sizeof tmp - 1);
            memcpy(tmp, text, len);
            tmp[len] = 0;
            st = tmu_ir3_assemble(tmp, j->from_gen, &word, &d);
        }
        if (st == TMU_OK)
            st = j->from == TMU_XL_GCN
                     ? tmu_xl_lift_gcn((tmu_gcn_gen)j->from_gen, word, j->dim, j->type, &src, &d)
                     : tmu_xl_lift_ir3(j->from_gen, word, j->dim, &src, &d);
    }
    if (st != TMU_OK)
        return tmu_cli_error(where, "%s: %s", tmu_cli_shorten_n(echo, text, len), d.message);
    static tmu_xl_program p;
    tmu_xl_arch to = {j->to, j->to_gen};
    st = tmu_xl_translate(&src, to, &p, &d);
    if (st != TMU_OK)
        return tmu_cli_error(where, "%s: refused: %s", tmu_cli_shorten_n(echo, text, len), d.message);
    int n = tmu_xl_print(&p, &src, j->json, j->buf, j->bufsize);
    if (n < 0 || (size_t)n >= j->bufsize)
        return tmu_cli_error(where, "output too long");
    fputs(j->buf, stdout);
    return TMU_EXIT_OK;
}

/* --input FILE: the whole listing (tmu_xl_translate_listing); a GCN file that is not text is a
 * binary of 8-byte MIMG words (little endian); RDNA code is cut by the instruction length rule. */
static int translate_file(const job *j, const char *input)
{
    size_t len;
    char *text = tmu_cli_read_file(input, &len);
    if (!text)
        return TMU_EXIT_FAIL;
    const char *name = strcmp(input, "-") == 0 ? "<stdin>" : input;
    char *words = NULL;
    if (j->from == TMU_XL_GCN && TMU_GCN_GEN_IS_RDNA(j->from_gen) && memchr(text, 0, len)) {
        /* RDNA code: dwords cut into instructions by the length rule, one line of dwords each */
        if (len % 4) {
            free(text);
            return tmu_cli_error(name, "a binary of %zu bytes: RDNA code is whole dwords", len);
        }
        words = malloc(len / 4 * 11 + 1);
        if (!words) {
            free(text);
            return tmu_cli_error(NULL, "out of memory");
        }
        size_t k = 0, n = len / 4;
        unsigned left = 0;
        for (size_t i = 0; i < n; i++) {
            uint32_t w = (uint32_t)(unsigned char)text[4 * i] | (uint32_t)(unsigned char)text[4 * i + 1] << 8 |
                         (uint32_t)(unsigned char)text[4 * i + 2] << 16 | (uint32_t)(unsigned char)text[4 * i + 3] << 24;
            if (!left)
                left = tmu_gcn_inst_dwords((tmu_gcn_gen)j->from_gen, w);
            left--;
            k += (size_t)snprintf(words + k, 12, "0x%08x%c", (unsigned)w, left && i + 1 < n ? ' ' : '\n');
            if (i + 1 == n)
                left = 0;
        }
        free(text);
        text = words;
        len = k;
    } else if (j->from == TMU_XL_GCN && memchr(text, 0, len)) {
        if (len % 8) {
            free(text);
            return tmu_cli_error(name, "a binary of %zu bytes: GCN MIMG words are 8 bytes each", len);
        }
        words = malloc(len / 8 * 19 + 1);
        if (!words) {
            free(text);
            return tmu_cli_error(NULL, "out of memory");
        }
        size_t k = 0;
        for (size_t i = 0; i < len; i += 8) {
            uint64_t w = 0;
            for (int b = 7; b >= 0; b--)
                w = w << 8 | (unsigned char)text[i + (size_t)b];
            k += (size_t)snprintf(words + k, 20, "0x%016llx\n", (unsigned long long)w);
        }
        free(text);
        text = words;
        len = k;
    }
    tmu_xl_listing_options lo;
    memset(&lo, 0, sizeof lo);
    lo.from = (tmu_xl_arch){j->from, j->from_gen};
    lo.to = (tmu_xl_arch){j->to, j->to_gen};
    lo.dim = j->dim;
    lo.dim_given = j->dim_given;
    lo.type = j->type;
    lo.json = j->json;
    tmu_xl_listing_counts c;
    int n = tmu_xl_translate_listing(&lo, text, len, NULL, 0, &c);
    char *out = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (!out) {
        free(text);
        return tmu_cli_error(name, n < 0 ? "the translated listing would pass 2 GiB" : "out of memory");
    }
    tmu_xl_translate_listing(&lo, text, len, out, (size_t)n + 1, &c);
    free(text);
    if (!c.texture) {
        free(out);
        return tmu_cli_error(name, "no texture instruction in the file");
    }
    fputs(out, stdout);
    free(out);
    if (c.errors || c.refused)
        return tmu_cli_error(name, "%u of %u texture instructions not translated (%u refused, %u errors)",
                             c.refused + c.errors, c.texture, c.refused, c.errors);
    return TMU_EXIT_OK;
}

int tmu_cmd_translate_matrix(FILE *out);

int tmu_cmd_translate(int argc, char **argv)
{
    tmu_cli_set_command("translate", usage);
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, opts, sizeof opts / sizeof opts[0]);
    const char *v, *from = NULL, *to = NULL, *gpu_src = NULL, *gpu_dst = NULL, *dim = NULL, *type = NULL,
                   *input = NULL;
    const char *pos[64];
    unsigned npos = 0;
    int json = 0, matrix = 0, k, seen_to = 0;
    while ((k = tmu_cli_next(&a, &v)) != TMU_CLI_END) {
        switch (k) {
        case TMU_CLI_HELP: usage(stdout); return TMU_EXIT_OK;
        case TMU_CLI_ERROR: return TMU_EXIT_USAGE;
        case TMU_CLI_ARG:
            if (npos >= sizeof pos / sizeof pos[0])
                return tmu_cli_usage_error(NULL, "more than %zu instructions on the command line (use --input)",
                                           sizeof pos / sizeof pos[0]);
            pos[npos++] = v;
            break;
        case O_FROM: from = v; break;
        case O_TO: to = v, seen_to = 1; break;
        case O_GPU:
            if (seen_to) {
                if (gpu_dst)
                    return tmu_cli_usage_error("--gpu", "the target generation is given twice");
                gpu_dst = v;
            } else {
                if (gpu_src)
                    return tmu_cli_usage_error("--gpu", "the source generation is given twice (a --gpu after "
                                                        "--to names the target's)");
                gpu_src = v;
            }
            break;
        case O_FROM_GPU:
            if (gpu_src)
                return tmu_cli_usage_error("--from-gpu", "the source generation is given twice");
            gpu_src = v;
            break;
        case O_TO_GPU:
            if (gpu_dst)
                return tmu_cli_usage_error("--to-gpu", "the target generation is given twice");
            gpu_dst = v;
            break;
        case O_DIM: dim = v; break;
        case O_TYPE: type = v; break;
        case O_INPUT: input = v; break;
        case O_JSON: json = 1; break;
        case O_MATRIX: matrix = 1; break;
        default: break;
        }
    }
    if (matrix) {
        if (from || to || npos || input)
            return tmu_cli_usage_error("--matrix", "takes no other option or instruction");
        return tmu_cmd_translate_matrix(stdout);
    }
    job j;
    memset(&j, 0, sizeof j);
    tmu_xl_isa fi, ti;
    if (!from)
        return tmu_cli_usage_error(NULL, "--from ISA is required");
    if (!to)
        return tmu_cli_usage_error(NULL, "--to ISA is required");
    if (tmu_xl_isa_from_name(from, &fi) != TMU_OK)
        return tmu_cli_unknown_name("--from", "ISA", from, isa_names, 3);
    if (tmu_xl_isa_from_name(to, &ti) != TMU_OK)
        return tmu_cli_unknown_name("--to", "ISA", to, isa_names, 3);
    if (fi == ti)
        return tmu_cli_usage_error("--to", "source and target are both %s", to);
    j.from = fi, j.to = ti, j.json = json;
    if (fi != TMU_XL_PTX && !gpu_src)
        return tmu_cli_usage_error(NULL, "a %s source needs its generation (--gpu before --to)", from);
    if (ti != TMU_XL_PTX && !gpu_dst)
        return tmu_cli_usage_error(NULL, "a %s target needs its generation (--gpu after --to)", to);
    int rc;
    if (gpu_src && (rc = parse_gen("--gpu", fi, gpu_src, &j.from_gen)) != 0)
        return rc;
    if (gpu_dst && (rc = parse_gen("--gpu", ti, gpu_dst, &j.to_gen)) != 0)
        return rc;
    j.dim = TMU_DIM_2D;
    if (dim) {
        if ((rc = parse_dim(dim, &j.dim)) != 0)
            return rc;
        j.dim_given = 1;
    }
    j.type = TMU_RESULT_F32;
    if (type) {
        if (fi != TMU_XL_GCN)
            return tmu_cli_usage_error("--type", "only GCN words leave the data type open");
        int t = -1;
        for (int i = 0; i < 3; i++)
            if (strcmp(type, type_names[i]) == 0)
                t = i;
        if (t < 0)
            return tmu_cli_unknown_name("--type", "data type", type, type_names, 3);
        j.type = (tmu_result_type)t;
    }
    if (input && npos)
        return tmu_cli_usage_error("--input", "give instructions either on the command line or in a file");
    if (!input && !npos)
        return tmu_cli_usage_error(NULL, "no instruction (give INSTR... or --input FILE)");
    j.bufsize = 16384;
    j.buf = malloc(j.bufsize);
    if (!j.buf)
        return tmu_cli_error(NULL, "out of memory");
    int status = TMU_EXIT_OK;
    if (!input) {
        for (unsigned i = 0; i < npos; i++) {
            char where[32];
            snprintf(where, sizeof where, "argument %u", i + 1);
            if (i && !json)
                fputc('\n', stdout);
            if (translate_one(&j, where, pos[i], strlen(pos[i])) != TMU_EXIT_OK)
                status = TMU_EXIT_FAIL;
        }
    } else {
        status = translate_file(&j, input);
    }
    free(j.buf);
    return status;
}
