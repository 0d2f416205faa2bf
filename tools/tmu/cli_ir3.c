/* tmu disasm / asm --isa ir3 — Adreno ir3 category-5 words <-> Mesa text.
 * A thin shell over include/tmu/ir3.h. */
#include "cli.h"
#include "isa_cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/ir3.h"

static const char *const gpu_names[] = {"a3xx", "a4xx", "a5xx", "a6xx", "a7xx", "a8xx"};

struct ir3_opts {
    const char *gpu_name;
    uint32_t gpu_id;
    const char *binary;  /* disasm: input file; asm: output file */
    const char *input;   /* asm: text file */
    int show_operands, hex, no_notes;
    char **pos;
    int npos;
};

static void usage_disasm(void)
{
    printf("usage: tmu disasm --isa ir3 --gpu GPU [--show-operands] [--hex] [--no-notes]\n"
           "                  [--binary FILE | WORD...]\n\n"
           "Prints each Adreno ir3 category-5 word as Mesa's disassembler does.\n"
           "  --gpu GPU        a3xx, a4xx, a5xx, a6xx, a7xx (a8xx), or a GPU id such as 630\n"
           "  WORD             HHHHHHHH_LLLLLLLL (bits 63..32 _ 31..0) or one 64-bit hex number;\n"
           "                   with no WORD and no --binary, words are read from stdin\n"
           "  --binary FILE    raw little-endian code (8 bytes per instruction, low dword first)\n"
           "  --show-operands  also list the registers each instruction reads and writes\n"
           "  --hex            prefix each line with the word\n"
           "  --no-notes       leave out Mesa's '\\t; ...' annotations\n"
           "Words no instruction matches print as Mesa's 'raw 0x...' and make the exit status 1.\n");
}

static void usage_asm(void)
{
    printf("usage: tmu asm --isa ir3 --gpu GPU [--binary OUT] [--input FILE | 'TEXT'...]\n\n"
           "Assembles Adreno ir3 category-5 instructions written in Mesa's syntax, one per\n"
           "line (';' starts a comment), and prints each word as HHHHHHHH_LLLLLLLL.\n"
           "  --gpu GPU      a3xx, a4xx, a5xx, a6xx, a7xx (a8xx), or a GPU id such as 630\n"
           "  --input FILE   read the text from FILE ('-' = stdin; the default with no TEXT)\n"
           "  --binary OUT   also write the words as raw little-endian code to OUT\n"
           "Errors are reported as WHERE:LINE:COLUMN: message; the exit status is then 1.\n");
}

/* Returns -1 to continue, else an exit code. */
static int parse_opts(int argc, char **argv, struct ir3_opts *o, int is_asm)
{
    memset(o, 0, sizeof *o);
    o->pos = calloc((size_t)argc + 1, sizeof(char *));
    if (!o->pos)
        return tmu_cli_error(argv[0], "out of memory");
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
        const char *names[] = {"--isa", "--gpu", "--binary", "--input"};
        int which = -1;
        for (int k = 0; k < 4; k++) {
            size_t n = strlen(names[k]);
            if (!strcmp(a, names[k])) {
                if (i + 1 >= argc)
                    return tmu_cli_usage_error(argv[0], "option %s needs a value", names[k]);
                val = argv[++i];
                which = k;
                break;
            }
            if (!strncmp(a, names[k], n) && a[n] == '=') {
                val = a + n + 1;
                which = k;
                break;
            }
        }
        if (which == 0)
            continue; /* --isa ir3: already chosen by the dispatcher */
        if (which == 1) {
            o->gpu_name = val;
            continue;
        }
        if (which == 2) {
            o->binary = val;
            continue;
        }
        if (which == 3) {
            if (!is_asm)
                return tmu_cli_usage_error(argv[0], "--input is an option of 'tmu asm'");
            o->input = val;
            continue;
        }
        if (tmu_cli_is_help(a)) {
            if (is_asm)
                usage_asm();
            else
                usage_disasm();
            return TMU_EXIT_OK;
        }
        if (!is_asm && !strcmp(a, "--show-operands")) {
            o->show_operands = 1;
        } else if (!is_asm && !strcmp(a, "--hex")) {
            o->hex = 1;
        } else if (!is_asm && !strcmp(a, "--no-notes")) {
            o->no_notes = 1;
        } else if (a[0] == '-' && a[1] == '-') {
            return tmu_cli_usage_error(argv[0], "unknown option '%s'", a);
        } else if (!strcmp(a, "--")) {
            continue;
        } else {
            o->pos[o->npos++] = argv[i];
        }
    }
    if (!o->gpu_name)
        return tmu_cli_usage_error(argv[0], "--gpu is required for ir3 (a3xx..a7xx or a GPU id such as 630)");
    if (tmu_ir3_gpu_from_name(o->gpu_name, &o->gpu_id) != TMU_OK)
        return tmu_cli_unknown_name("--gpu", "Adreno GPU (or id 300..899)", o->gpu_name, gpu_names,
                                    sizeof(gpu_names) / sizeof(gpu_names[0]));
    return -1;
}

static void print_operands(const tmu_ir3_instr *in)
{
    tmu_ir3_operands ops;
    if (tmu_ir3_operands_get(in, &ops) != TMU_OK)
        return;
    char name[16];
    printf("\treads:");
    if (!ops.num_reads)
        printf(" none");
    for (unsigned i = 0; i < ops.num_reads; i++) {
        tmu_ir3_reg_name(ops.reads[i].reg, ops.reads[i].half, name, sizeof name);
        printf(" %s=%s", tmu_ir3_role_name((tmu_ir3_role)ops.reads[i].role), name);
    }
    printf("\n\twrites:");
    if (!ops.num_writes)
        printf(" none");
    for (unsigned i = 0; i < ops.num_writes; i++) {
        tmu_ir3_reg_name(ops.writes[i].reg, ops.writes[i].half, name, sizeof name);
        printf(" %s", name);
    }
    printf("\n");
}

/* Disassembles one word; returns 0, or 1 when it matched no instruction. */
static int disasm_one(const struct ir3_opts *o, uint64_t w, const char *where)
{
    tmu_ir3_instr in;
    tmu_diag diag;
    tmu_diag_clear(&diag);
    tmu_status st = tmu_ir3_decode(w, o->gpu_id, &in, &diag);
    char text[512];
    tmu_ir3_print(&in, o->no_notes ? 0 : TMU_IR3_PRINT_NOTES, text, sizeof text);
    if (o->hex)
        printf("%08x_%08x  ", (unsigned)(w >> 32), (unsigned)w);
    printf("%s\n", text);
    if (st != TMU_OK) {
        fflush(stdout);
        tmu_cli_error(where, "%08x_%08x: %s", (unsigned)(w >> 32), (unsigned)w, diag.message);
        return 1;
    }
    if (o->show_operands)
        print_operands(&in);
    return 0;
}

int tmu_cli_disasm_ir3(int argc, char **argv)
{
    struct ir3_opts o;
    int rc = parse_opts(argc, argv, &o, 0);
    if (rc >= 0) {
        free(o.pos);
        return rc;
    }
    int bad = 0;
    char where[64];
    if (o.binary) {
        if (o.npos) {
            free(o.pos);
            return tmu_cli_usage_error(argv[0], "give either --binary FILE or words, not both");
        }
        size_t len = 0;
        char *buf = tmu_cli_read_file(o.binary, &len);
        if (!buf) {
            free(o.pos);
            return TMU_EXIT_FAIL;
        }
        if (len % 8) {
            free(buf);
            free(o.pos);
            return tmu_cli_error(o.binary, "size %zu bytes is not a multiple of 8 (one instruction = 8 bytes)", len);
        }
        for (size_t i = 0; i < len; i += 8) {
            const unsigned char *b = (const unsigned char *)buf + i;
            uint64_t w = 0;
            for (int k = 7; k >= 0; k--)
                w = (w << 8) | b[k];
            snprintf(where, sizeof where, "%s: offset %zu", o.binary, i);
            bad |= disasm_one(&o, w, where);
        }
        free(buf);
    } else if (o.npos) {
        for (int i = 0; i < o.npos; i++) {
            uint64_t w;
            snprintf(where, sizeof where, "word %d", i + 1);
            if (tmu_cli_parse_hex64(o.pos[i], &w)) {
                tmu_cli_error(where, "'%s' is not a 64-bit hex word (HHHHHHHH_LLLLLLLL or 0x...)", o.pos[i]);
                bad = 1;
                continue;
            }
            bad |= disasm_one(&o, w, where);
        }
    } else {
        size_t len = 0;
        char *buf = tmu_cli_read_file("-", &len);
        if (!buf) {
            free(o.pos);
            return TMU_EXIT_FAIL;
        }
        unsigned line = 1;
        char *p = buf;
        while (*p) {
            while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' || *p == ',') {
                if (*p == '\n')
                    line++;
                p++;
            }
            if (!*p)
                break;
            if (*p == '#' || *p == ';') { /* comment to end of line */
                while (*p && *p != '\n')
                    p++;
                continue;
            }
            char *s = p;
            while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n' && *p != ',')
                p++;
            char save = *p;
            *p = 0;
            uint64_t w;
            snprintf(where, sizeof where, "<stdin>:%u", line);
            if (tmu_cli_parse_hex64(s, &w)) {
                tmu_cli_error(where, "'%.40s' is not a 64-bit hex word (HHHHHHHH_LLLLLLLL or 0x...)", s);
                bad = 1;
            } else {
                bad |= disasm_one(&o, w, where);
            }
            *p = save;
        }
        free(buf);
    }
    free(o.pos);
    return bad ? TMU_EXIT_FAIL : TMU_EXIT_OK;
}

static int asm_line(const struct ir3_opts *o, const char *text, size_t len, const char *where, unsigned line,
                    FILE *bin)
{
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r'))
        i++;
    if (i == len || text[i] == ';' || text[i] == '#')
        return 0; /* blank or comment */
    tmu_ir3_instr in;
    tmu_diag diag;
    tmu_diag_clear(&diag);
    uint64_t w = 0;
    tmu_status st = tmu_ir3_parse(text, len, o->gpu_id, line, &in, &diag);
    if (st == TMU_OK)
        st = tmu_ir3_encode(&in, &w, &diag);
    if (st != TMU_OK) {
        fflush(stdout);
        if (diag.column)
            fprintf(stderr, "tmu: error: %s:%u:%u: %s\n", where, line, diag.column, diag.message);
        else
            fprintf(stderr, "tmu: error: %s:%u: %s\n", where, line, diag.message);
        fprintf(stderr, "    %.*s\n", (int)len, text);
        if (diag.column && diag.column <= len + 1)
            fprintf(stderr, "    %*s^\n", (int)diag.column - 1, "");
        return 1;
    }
    printf("%08x_%08x\n", (unsigned)(w >> 32), (unsigned)w);
    if (bin) {
        unsigned char b[8];
        for (int k = 0; k < 8; k++)
            b[k] = (unsigned char)(w >> (8 * k));
        fwrite(b, 1, 8, bin);
    }
    return 0;
}

int tmu_cli_asm_ir3(int argc, char **argv)
{
    struct ir3_opts o;
    int rc = parse_opts(argc, argv, &o, 1);
    if (rc >= 0) {
        free(o.pos);
        return rc;
    }
    if (o.input && o.npos) {
        free(o.pos);
        return tmu_cli_usage_error(argv[0], "give either --input FILE or instruction texts, not both");
    }
    FILE *bin = NULL;
    if (o.binary) {
        bin = fopen(o.binary, "wb");
        if (!bin) {
            free(o.pos);
            return tmu_cli_error(o.binary, "cannot create the output file");
        }
    }
    int bad = 0;
    if (o.npos) {
        for (int i = 0; i < o.npos; i++)
            bad |= asm_line(&o, o.pos[i], strlen(o.pos[i]), "argument", (unsigned)i + 1, bin);
    } else {
        const char *path = o.input ? o.input : "-";
        size_t len = 0;
        char *buf = tmu_cli_read_file(path, &len);
        if (!buf) {
            if (bin)
                fclose(bin);
            free(o.pos);
            return TMU_EXIT_FAIL;
        }
        const char *where = strcmp(path, "-") ? path : "<stdin>";
        unsigned line = 1;
        size_t start = 0;
        for (size_t i = 0; i <= len; i++) {
            if (i == len || buf[i] == '\n') {
                if (i > start || i < len)
                    bad |= asm_line(&o, buf + start, i - start, where, line, bin);
                line++;
                start = i + 1;
            }
        }
        free(buf);
    }
    if (bin && fclose(bin) != 0) {
        free(o.pos);
        return tmu_cli_error(o.binary, "cannot write the output file");
    }
    free(o.pos);
    return bad ? TMU_EXIT_FAIL : TMU_EXIT_OK;
}
