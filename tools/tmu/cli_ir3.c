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
    const char *binary; /* disasm: input file; asm: output file */
    const char *input;  /* asm: text file */
    const char *output; /* -o FILE */
    int show_operands, hex, offsets, no_notes;
    char **pos;
    int npos;
};

static void usage_disasm(FILE *out)
{
    fprintf(out,
            "usage: tmu disasm --isa ir3 --gpu GPU [--show-operands] [--hex] [--offsets] [--no-notes]\n"
            "                  [-o FILE] [--binary FILE | WORD... | -]\n\n"
            "Prints each Adreno ir3 category-5 word as Mesa's disassembler does.\n"
            "  --gpu GPU        a3xx, a4xx, a5xx, a6xx, a7xx (a8xx), or a GPU id such as 630\n"
            "                   (also -mcpu=GPU or --mcpu GPU)\n"
            "  WORD             HHHHHHHH_LLLLLLLL (bits 63..32 _ 31..0) or one 64-bit hex number;\n"
            "                   with no WORD (or '-') and no --binary, words are read from stdin\n"
            "  --binary FILE    raw little-endian code (8 bytes per instruction, low dword first)\n"
            "  --show-operands  also list the registers each instruction reads and writes\n"
            "  --hex            prefix each line with the word\n"
            "  --offsets        prefix each line with the word's byte offset (hex)\n"
            "  --no-notes       leave out Mesa's '\\t; ...' annotations\n"
            "  -o FILE          write the listing to FILE ('-' = stdout); FILE is replaced only\n"
            "                   when every word disassembled\n"
            "Words no instruction matches print as Mesa's 'raw 0x...', with an error naming the\n"
            "word and where it came from on stderr; the exit status is then 1.\n");
}

static void usage_asm(FILE *out)
{
    fprintf(out,
            "usage: tmu asm --isa ir3 --gpu GPU [--binary OUT] [-o FILE] [--input FILE | 'TEXT'... | -]\n\n"
            "Assembles Adreno ir3 category-5 instructions written in Mesa's syntax, one per\n"
            "line (';' starts a comment), and prints each word as HHHHHHHH_LLLLLLLL.\n"
            "  --gpu GPU      a3xx, a4xx, a5xx, a6xx, a7xx (a8xx), or a GPU id such as 630\n"
            "                 (also -mcpu=GPU or --mcpu GPU)\n"
            "  --input FILE   read the text from FILE ('-' = stdin; the default with no TEXT)\n"
            "  --binary OUT   also write the words as raw little-endian code to OUT\n"
            "  -o FILE        write the words to FILE ('-' = stdout) instead of stdout\n"
            "Everything is read and assembled first; output files are written only when every\n"
            "line assembled (through a temporary file renamed over the target), and an output\n"
            "that is also the input is refused.  Errors are reported as\n"
            "'tmu: error: asm: WHERE:LINE:COLUMN: MESSAGE'; the exit status is then 1.\n");
}

enum { O_ISA, O_GPU, O_BINARY, O_INPUT, O_OUTPUT, O_SHOW_OPERANDS, O_HEX, O_OFFSETS, O_NO_NOTES,
       O_COUNT };

/* Returns -1 to continue, else an exit code. */
static int parse_opts(int argc, char **argv, struct ir3_opts *o, int is_asm)
{
    static const tmu_cli_option all[O_COUNT] = {
        [O_ISA] = {"--isa", NULL, TMU_CLI_VALUE},
        [O_GPU] = {"--gpu", "-mcpu --mcpu", TMU_CLI_VALUE},
        [O_BINARY] = {"--binary", NULL, TMU_CLI_VALUE},
        [O_INPUT] = {"--input", NULL, TMU_CLI_VALUE},
        [O_OUTPUT] = {"-o", "--output", TMU_CLI_VALUE},
        [O_SHOW_OPERANDS] = {"--show-operands", NULL, TMU_CLI_FLAG},
        [O_HEX] = {"--hex", NULL, TMU_CLI_FLAG},
        [O_OFFSETS] = {"--offsets", NULL, TMU_CLI_FLAG},
        [O_NO_NOTES] = {"--no-notes", NULL, TMU_CLI_FLAG},
    };
    tmu_cli_option opts[O_COUNT];
    for (int k = 0; k < O_COUNT; k++) {
        opts[k] = all[k];
        int asm_only = k == O_INPUT, disasm_only = k >= O_SHOW_OPERANDS;
        if ((is_asm && disasm_only) || (!is_asm && asm_only))
            opts[k].name = opts[k].alias = "";
    }
    memset(o, 0, sizeof *o);
    o->pos = calloc((size_t)argc + 1, sizeof(char *));
    if (!o->pos)
        return tmu_cli_error(NULL, "out of memory");
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, opts, O_COUNT);
    const char *v;
    int k;
    while ((k = tmu_cli_next(&a, &v)) != TMU_CLI_END) {
        switch (k) {
        case TMU_CLI_HELP:
            (is_asm ? usage_asm : usage_disasm)(stdout);
            return TMU_EXIT_OK;
        case TMU_CLI_ERROR:
            return TMU_EXIT_USAGE;
        case TMU_CLI_ARG: o->pos[o->npos++] = (char *)v; break;
        case O_ISA: break; /* --isa ir3: already chosen by the dispatcher */
        case O_GPU: o->gpu_name = v; break;
        case O_BINARY: o->binary = v; break;
        case O_INPUT: o->input = v; break;
        case O_OUTPUT: o->output = v; break;
        case O_SHOW_OPERANDS: o->show_operands = 1; break;
        case O_HEX: o->hex = 1; break;
        case O_OFFSETS: o->offsets = 1; break;
        default: o->no_notes = 1; break;
        }
    }
    if (!o->gpu_name)
        return tmu_cli_usage_error("--gpu", "missing: --isa ir3 needs a3xx..a7xx or a GPU id such as 630");
    if (tmu_ir3_gpu_from_name(o->gpu_name, &o->gpu_id) != TMU_OK)
        return tmu_cli_unknown_name("--gpu", "Adreno GPU (or id 300..899)", o->gpu_name, gpu_names,
                                    sizeof(gpu_names) / sizeof(gpu_names[0]));
    return -1;
}

static void print_operands(FILE *f, const tmu_ir3_instr *in)
{
    tmu_ir3_operands ops;
    if (tmu_ir3_operands_get(in, &ops) != TMU_OK)
        return;
    char name[16];
    fprintf(f, "\treads:");
    if (!ops.num_reads)
        fprintf(f, " none");
    for (unsigned i = 0; i < ops.num_reads; i++) {
        tmu_ir3_reg_name(ops.reads[i].reg, ops.reads[i].half, name, sizeof name);
        fprintf(f, " %s=%s", tmu_ir3_role_name((tmu_ir3_role)ops.reads[i].role), name);
    }
    fprintf(f, "\n\twrites:");
    if (!ops.num_writes)
        fprintf(f, " none");
    for (unsigned i = 0; i < ops.num_writes; i++) {
        tmu_ir3_reg_name(ops.writes[i].reg, ops.writes[i].half, name, sizeof name);
        fprintf(f, " %s", name);
    }
    fprintf(f, "\n");
}

/* Disassembles one word; returns 0, or 1 when it matched no instruction. */
static int disasm_one(FILE *f, const struct ir3_opts *o, uint64_t w, const char *where,
                      size_t offset)
{
    tmu_ir3_instr in;
    tmu_diag diag;
    tmu_diag_clear(&diag);
    tmu_status st = tmu_ir3_decode(w, o->gpu_id, &in, &diag);
    char text[512];
    tmu_ir3_print(&in, o->no_notes ? 0 : TMU_IR3_PRINT_NOTES, text, sizeof text);
    if (o->offsets)
        fprintf(f, "%06zx:  ", offset);
    if (o->hex)
        fprintf(f, "%08x_%08x  ", (unsigned)(w >> 32), (unsigned)w);
    fprintf(f, "%s\n", text);
    if (st != TMU_OK) {
        fflush(f);
        tmu_cli_error(where, "%08x_%08x: %s", (unsigned)(w >> 32), (unsigned)w, diag.message);
        return 1;
    }
    if (o->show_operands)
        print_operands(f, &in);
    return 0;
}

int tmu_cli_disasm_ir3(int argc, char **argv)
{
    tmu_cli_set_command(argv[0], usage_disasm);
    struct ir3_opts o;
    int rc = parse_opts(argc, argv, &o, 0);
    if (rc >= 0) {
        free(o.pos);
        return rc;
    }
    int from_stdin = o.npos == 1 && !strcmp(o.pos[0], "-");
    if (o.binary && o.npos) {
        free(o.pos);
        return tmu_cli_usage_error("--binary", "give either --binary FILE or words, not both");
    }
    if (o.npos > 1 && from_stdin) {
        free(o.pos);
        return tmu_cli_usage_error("-", "give words as arguments or '-' for stdin, not both");
    }
    tmu_cli_output file;
    const char *inputs[1] = {o.binary};
    if (tmu_cli_output_open(&file, o.output ? o.output : "-", 0, inputs, 1)) {
        free(o.pos);
        return TMU_EXIT_FAIL;
    }
    FILE *f = file.f;
    int bad = 0;
    char where[1100];
    if (o.binary) {
        size_t len = 0;
        char *buf = tmu_cli_read_file(o.binary, &len);
        const char *name = strcmp(o.binary, "-") ? o.binary : "<stdin>";
        if (!buf) {
            bad = 1;
        } else if (len % 8) {
            snprintf(where, sizeof where, "%s+0x%zx", name, len / 8 * 8);
            tmu_cli_error(where, "size %zu bytes is not a multiple of 8 (one instruction = 8 bytes)", len);
            bad = 1;
        } else {
            for (size_t i = 0; i < len; i += 8) {
                const unsigned char *b = (const unsigned char *)buf + i;
                uint64_t w = 0;
                for (int k = 7; k >= 0; k--)
                    w = (w << 8) | b[k];
                snprintf(where, sizeof where, "%s+0x%zx", name, i);
                bad |= disasm_one(f, &o, w, where, i);
            }
        }
        free(buf);
    } else if (o.npos && !from_stdin) {
        for (int i = 0; i < o.npos; i++) {
            uint64_t w;
            snprintf(where, sizeof where, "argument %d", i + 1);
            if (tmu_cli_parse_hex64(o.pos[i], &w)) {
                char echo[TMU_CLI_ECHO_BUF];
                fflush(f);
                tmu_cli_error(where, "'%s' is not a 64-bit hex word (HHHHHHHH_LLLLLLLL or 0x...)",
                              tmu_cli_shorten(echo, o.pos[i]));
                bad = 1;
                continue;
            }
            bad |= disasm_one(f, &o, w, where, 8 * (size_t)i);
        }
    } else {
        size_t len = 0;
        char *buf = tmu_cli_read_file("-", &len);
        if (!buf) {
            bad = 1;
        } else {
            unsigned line = 1;
            size_t index = 0;
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
                char *s0 = p;
                while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n' && *p != ',')
                    p++;
                char save = *p;
                *p = 0;
                uint64_t w;
                snprintf(where, sizeof where, "<stdin>:%u", line);
                if (tmu_cli_parse_hex64(s0, &w)) {
                    char echo[TMU_CLI_ECHO_BUF];
                    fflush(f);
                    tmu_cli_error(where, "'%s' is not a 64-bit hex word (HHHHHHHH_LLLLLLLL or 0x...)",
                                  tmu_cli_shorten(echo, s0));
                    bad = 1;
                } else {
                    bad |= disasm_one(f, &o, w, where, 8 * index);
                }
                index++;
                *p = save;
            }
            free(buf);
        }
    }
    free(o.pos);
    rc = bad ? TMU_EXIT_FAIL : TMU_EXIT_OK;
    int closed = tmu_cli_output_close(&file, rc == TMU_EXIT_OK || tmu_cli_output_is_stdout(&file));
    return rc != TMU_EXIT_OK ? rc : closed;
}

/* The assembler's state: the options and the words so far (n of them, room for cap). */
typedef struct ir3_asm {
    const struct ir3_opts *o;
    uint64_t *ws;
    size_t n, cap;
} ir3_asm;

/* Assembles one line (a tmu_cli_line_fn over an ir3_asm); returns 0, 1 on an error (reported),
 * -1 when out of memory. */
static int asm_line(void *ctx, const char *where, unsigned line, const char *text, size_t len)
{
    ir3_asm *as = ctx;
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r'))
        i++;
    if (i == len || text[i] == ';' || text[i] == '#')
        return 0; /* blank or comment */
    tmu_ir3_instr in;
    tmu_diag diag;
    tmu_diag_clear(&diag);
    uint64_t w = 0;
    tmu_status st = tmu_ir3_parse(text, len, as->o->gpu_id, line, &in, &diag);
    if (st == TMU_OK)
        st = tmu_ir3_encode(&in, &w, &diag);
    if (st != TMU_OK) {
        char loc[1100];
        tmu_cli_error(tmu_cli_asm_where(loc, sizeof loc, where, line, diag.column), "%s", diag.message);
        return 1;
    }
    if (as->n == as->cap) {
        size_t nc = as->cap ? as->cap * 2 : 256;
        uint64_t *nw = realloc(as->ws, nc * sizeof *nw);
        if (!nw)
            return -1;
        as->ws = nw;
        as->cap = nc;
    }
    as->ws[as->n++] = w;
    return 0;
}

static void ir3_listing(FILE *f, void *ctx)
{
    const ir3_asm *c = ctx;
    for (size_t i = 0; i < c->n; i++)
        fprintf(f, "%08x_%08x\n", (unsigned)(c->ws[i] >> 32), (unsigned)c->ws[i]);
}

int tmu_cli_asm_ir3(int argc, char **argv)
{
    tmu_cli_set_command(argv[0], usage_asm);
    struct ir3_opts o;
    int rc = parse_opts(argc, argv, &o, 1);
    if (rc >= 0) {
        free(o.pos);
        return rc;
    }
    if (o.input && o.npos) {
        free(o.pos);
        return tmu_cli_usage_error("--input", "give either --input FILE or instruction texts, not both");
    }
    /* 1. read and assemble everything, before any output is opened */
    ir3_asm as = {&o, NULL, 0, 0};
    rc = tmu_cli_asm_lines(o.npos, o.pos, o.input, asm_line, &as);
    free(o.pos);
    /* 2. output: stdout shows what assembled; files only when all of it did */
    rc = tmu_cli_write_words(rc, o.output, o.binary, o.input, as.ws, as.n, ir3_listing, &as);
    free(as.ws);
    return rc;
}
