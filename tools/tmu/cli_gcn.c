/* tmu disasm / asm for AMD GCN MIMG (--isa gcn), following llvm-mc's conventions.
 * Dispatched from cmd_disasm.c / cmd_asm.c with the full argv. */
#include "cli.h"
#include "isa_cli.h"

#include <stdlib.h>
#include <string.h>

#include "tmu/gcn.h"
#include "tmu/layout.h"
#include "tmu/texture.h"

/* Shared with cmd_gcn.c (gcn desc) and cmd_gcn_run.c (--explain). */
void tmu_cli_gcn_print_layout(FILE *f, const char *indent, const tmu_gcn_tdesc *t,
                              const tmu_texture *shape, const tmu_amd_chip *chip);

enum {
    O_ISA, O_GPU, O_SYNTAX, O_SHOW_ENCODING, O_SHOW_OPERANDS, O_BINARY, O_IMAGE_TYPE, O_HEX,
    O_OFFSETS, O_INPUT, O_OUTPUT, O_COUNT
};

typedef struct gcn_opts {
    tmu_gcn_gen gen;
    tmu_gcn_syntax syntax;
    int show_encoding, show_operands, have_type, hex, offsets;
    tmu_gcn_image_type type;
    const char *binary; /* disasm: raw code to read; asm: raw code to write */
    const char *input;  /* asm: text file */
    const char *output; /* -o: the listing / words ("-" = stdout) */
    char **positional;
    int npositional;
} gcn_opts;

static void disasm_usage(FILE *out)
{
    fprintf(out,
            "usage: tmu disasm --isa gcn --gpu gfx6|gfx7|gfx8|gfx81|gfx9 [OPTIONS] [WORD... | -]\n"
            "\n"
            "Disassembles 64-bit AMD GCN MIMG words (WORD = DWORD0 | DWORD1 << 32, hex, 0x and _\n"
            "optional) given as arguments, else read from stdin ('-'; '#' or ';' start comments).\n"
            "One line per valid word: the llvm-mc 14 text.  A word no instruction matches prints\n"
            "nothing (as llvm-mc) and an error 'WHERE: 0xWORD: REASON' on stderr (exit status 1).\n"
            "\n"
            "  --gpu GPU            also -mcpu=GPU or --mcpu GPU (llvm-mc spellings)\n"
            "  --binary FILE        read raw little-endian code (8 bytes per instruction)\n"
            "  --syntax llvm|clrx   text syntax (default llvm).  CLRX's assembler rejects some\n"
            "                       texts llvm-mc accepts (a zero DMASK; image stores and atomics\n"
            "                       without UNORM), so clrx text does not always assemble there\n"
            "  --show-encoding      append '; encoding: [bytes]' as llvm-mc -show-encoding does\n"
            "                       (also -show-encoding)\n"
            "  --hex                prefix each line with the word (0x%%016x)\n"
            "  --offsets            prefix each line with the word's byte offset (hex)\n"
            "  --show-operands      list VDATA registers and VADDR components per image type\n"
            "  --image-type TYPE    1d 2d 3d cube 1d_array 2d_array 2d_msaa 2d_msaa_array:\n"
            "                       print the true VADDR range for that type\n"
            "  -o FILE              write the listing to FILE ('-' = stdout) instead of stdout;\n"
            "                       FILE is replaced only when every word disassembled\n");
}

static void asm_usage(FILE *out)
{
    fprintf(out,
            "usage: tmu asm --isa gcn --gpu gfx6|gfx7|gfx8|gfx81|gfx9 [OPTIONS] [LINE... | -]\n"
            "\n"
            "Assembles AMD GCN MIMG instructions, one per argument, else one per line of stdin\n"
            "(or --input FILE); prints one 0x%%016x word per instruction.  Errors are reported\n"
            "as 'tmu: error: asm: FILE:LINE:COLUMN: MESSAGE' and give exit status 1; output\n"
            "files are then left as they were.\n"
            "\n"
            "  --gpu GPU            also -mcpu=GPU or --mcpu GPU (llvm-mc spellings)\n"
            "  --syntax llvm|clrx   input syntax (default llvm, as llvm-mc 14)\n"
            "  --show-encoding      also print the instruction text and its bytes\n"
            "  --input FILE         read FILE instead of stdin ('-' = stdin)\n"
            "  --binary OUT         also write the words as raw little-endian code to OUT\n"
            "  -o FILE              write the words to FILE ('-' = stdout) instead of stdout\n"
            "Output files are written only when every line assembled, through a temporary\n"
            "file renamed over the target; an output that is also the input is refused.\n");
}

static const tmu_cli_option gcn_options[O_COUNT] = {
    [O_ISA] = {"--isa", NULL, TMU_CLI_VALUE},
    [O_GPU] = {"--gpu", "-mcpu --mcpu", TMU_CLI_VALUE},
    [O_SYNTAX] = {"--syntax", NULL, TMU_CLI_VALUE},
    [O_SHOW_ENCODING] = {"--show-encoding", "-show-encoding", TMU_CLI_FLAG},
    [O_SHOW_OPERANDS] = {"--show-operands", NULL, TMU_CLI_FLAG},
    [O_BINARY] = {"--binary", NULL, TMU_CLI_VALUE},
    [O_IMAGE_TYPE] = {"--image-type", NULL, TMU_CLI_VALUE},
    [O_HEX] = {"--hex", NULL, TMU_CLI_FLAG},
    [O_OFFSETS] = {"--offsets", NULL, TMU_CLI_FLAG},
    [O_INPUT] = {"--input", NULL, TMU_CLI_VALUE},
    [O_OUTPUT] = {"-o", "--output", TMU_CLI_VALUE},
};

/* Parses the options; returns -1 to go on, else an exit code. */
static int parse_common(int argc, char **argv, gcn_opts *o, int disasm)
{
    memset(o, 0, sizeof *o);
    o->positional = calloc((size_t)argc + 1, sizeof(char *));
    if (!o->positional)
        return tmu_cli_error(NULL, "out of memory");
    /* options of the other command are unknown here */
    static const unsigned char for_disasm[O_COUNT] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1};
    static const unsigned char for_asm[O_COUNT] = {1, 1, 1, 1, 0, 1, 0, 0, 0, 1, 1};
    tmu_cli_option opts[O_COUNT];
    for (int k = 0; k < O_COUNT; k++) {
        opts[k] = gcn_options[k];
        if (!(disasm ? for_disasm : for_asm)[k])
            opts[k].name = opts[k].alias = "";
    }
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, opts, O_COUNT);
    const char *v;
    int k;
    while ((k = tmu_cli_next(&a, &v)) != TMU_CLI_END) {
        switch (k) {
        case TMU_CLI_HELP:
            (disasm ? disasm_usage : asm_usage)(stdout);
            return TMU_EXIT_OK;
        case TMU_CLI_ERROR:
            return TMU_EXIT_USAGE;
        case TMU_CLI_ARG:
            o->positional[o->npositional++] = (char *)v;
            break;
        case O_ISA: /* checked by the dispatcher */
            break;
        case O_GPU:
            if (tmu_gcn_gen_from_name(v, &o->gen) != TMU_OK) {
                size_t cnt;
                const char *const *names = tmu_gcn_gen_names(&cnt);
                return tmu_cli_unknown_name("--gpu", "GCN GPU", v, names, cnt);
            }
            break;
        case O_SYNTAX:
            if (!strcmp(v, "llvm")) {
                o->syntax = TMU_GCN_SYNTAX_LLVM;
            } else if (!strcmp(v, "clrx")) {
                o->syntax = TMU_GCN_SYNTAX_CLRX;
            } else {
                static const char *const syn[] = {"llvm", "clrx"};
                return tmu_cli_unknown_name("--syntax", "syntax", v, syn, 2);
            }
            break;
        case O_SHOW_ENCODING: o->show_encoding = 1; break;
        case O_SHOW_OPERANDS: o->show_operands = 1; break;
        case O_HEX: o->hex = 1; break;
        case O_OFFSETS: o->offsets = 1; break;
        case O_BINARY: o->binary = v; break;
        case O_INPUT: o->input = v; break;
        case O_OUTPUT: o->output = v; break;
        case O_IMAGE_TYPE:
            if (tmu_gcn_image_type_from_name(v, &o->type) != TMU_OK) {
                const char *names[8];
                for (int t = 0; t < 8; t++)
                    names[t] = tmu_gcn_image_type_name((tmu_gcn_image_type)(8 + t));
                return tmu_cli_unknown_name("--image-type", "image type", v, names, 8);
            }
            o->have_type = 1;
            break;
        }
    }
    if (!a.seen[O_GPU])
        return tmu_cli_usage_error("--gpu", "missing: --isa gcn needs --gpu gfx6, gfx7, gfx8, gfx81 "
                                            "or gfx9");
    return -1; /* continue */
}

static void print_bytes(FILE *out, uint64_t w)
{
    fputs(" ; encoding: [", out);
    for (int i = 0; i < 8; i++)
        fprintf(out, "%s0x%02x", i ? "," : "", (unsigned)((w >> (8 * i)) & 0xff));
    fputc(']', out);
}

static void show_operands(FILE *f, const tmu_gcn_mimg *inst, const gcn_opts *o)
{
    unsigned nd = tmu_gcn_vdata_count(inst);
    unsigned vd = inst->f[TMU_GCN_F_VDATA], dm = inst->f[TMU_GCN_F_DMASK];
    fprintf(f, "  ; vdata: %u VGPR%s from v%u (", nd, nd == 1 ? "" : "s", vd);
    if (inst->op->cls == TMU_GCN_CLASS_GATHER)
        fprintf(f, "4 gathered texels of channel dmask 0x%x", dm);
    else if (inst->op->cls == TMU_GCN_CLASS_ATOMIC)
        fprintf(f, "atomic dmask 0x%x", dm);
    else
        fprintf(f, "dmask 0x%x", dm);
    if (inst->f[TMU_GCN_F_D16])
        fprintf(f, ", d16 %s", inst->gen == TMU_GCN_GFX8 ? "unpacked" : "packed");
    if (inst->f[TMU_GCN_F_TFE])
        fprintf(f, ", +1 tfe status");
    fprintf(f, ")\n");
    bool a16 = inst->gen == TMU_GCN_GFX9 && inst->f[TMU_GCN_F_A16];
    for (int t = 8; t < 16; t++) {
        if (o->have_type && (int)o->type != t)
            continue;
        tmu_gcn_vaddr_layout l;
        tmu_diag d;
        if (tmu_gcn_vaddr_layout_get(inst->gen, inst->op, (tmu_gcn_image_type)t, a16, &l, &d) !=
            TMU_OK) {
            if (o->have_type)
                fprintf(f, "  ; vaddr %s: %s\n", tmu_gcn_image_type_name((tmu_gcn_image_type)t),
                       d.message);
            continue;
        }
        fprintf(f, "  ; vaddr %-13s %u VGPR%s:", tmu_gcn_image_type_name((tmu_gcn_image_type)t),
               l.vgprs, l.vgprs == 1 ? " " : "s");
        for (unsigned i = 0; i < l.count; i++) {
            fprintf(f, " v%u", inst->f[TMU_GCN_F_VADDR] + l.dword[i]);
            if (a16 && l.comp[i] != TMU_GCN_AC_OFFSET && l.comp[i] != TMU_GCN_AC_ZCOMPARE)
                fprintf(f, ".%s", l.half[i] ? "hi" : "lo");
            fprintf(f, "=%s", tmu_gcn_addr_comp_name((tmu_gcn_addr_comp)l.comp[i]));
        }
        fprintf(f, "\n");
    }
}

/* Disassembly output: lines are built straight into one large buffer, written with a single
 * fwrite when it fills (and before anything else goes to the output or to stderr). */
typedef struct gcn_out {
    FILE *f;
    char *buf;
    size_t n, cap;
} gcn_out;

#define GCN_LINE_MAX 512 /* room kept for one line: prefixes, text (< 160), encoding bytes */

static void out_flush(gcn_out *out)
{
    if (out->n)
        fwrite(out->buf, 1, out->n, out->f);
    out->n = 0;
}

/* Appends " ; encoding: [0x..,0x..,...]" (llvm-mc -show-encoding) at p. */
static char *put_encoding(char *p, uint64_t w)
{
    static const char hex[] = "0123456789abcdef";
    memcpy(p, " ; encoding: [", 14);
    p += 14;
    for (int i = 0; i < 8; i++) {
        unsigned b = (unsigned)(w >> (8 * i)) & 0xff;
        p[0] = '0';
        p[1] = 'x';
        p[2] = hex[b >> 4];
        p[3] = hex[b & 15];
        p[4] = i < 7 ? ',' : ']';
        p += 5;
    }
    return p;
}

/* Writes the --offsets / --hex prefixes of one line at p. */
static char *put_prefix(char *p, const gcn_opts *o, uint64_t w, size_t offset)
{
    if (o->offsets)
        p += sprintf(p, "%06zx:  ", offset);
    if (o->hex)
        p += sprintf(p, "0x%016llx  ", (unsigned long long)w);
    return p;
}

/* Where a word came from, for error messages. */
typedef struct word_src {
    const char *where; /* "<stdin>:3", "argument 2", "code.bin+0x10" */
    size_t offset;     /* byte offset of the word in the listing */
} word_src;

/* Disassembles one word to the output; returns 0 if valid, 1 if invalid (reported). */
static int disasm_one(uint64_t w, const gcn_opts *o, gcn_out *out, const word_src *src)
{
    tmu_gcn_mimg inst;
    tmu_diag d;
    if (!o->show_operands && !o->have_type) { /* fast path: decode + print in one call */
        if (out->cap - out->n < GCN_LINE_MAX)
            out_flush(out);
        char *line = out->buf + out->n;
        char *text = o->hex || o->offsets ? put_prefix(line, o, w, src->offset) : line;
        int n = tmu_gcn_disasm(o->gen, w, o->syntax, text, 256, NULL);
        if (n < 0) { /* again with a diag, for the reason */
            tmu_gcn_disasm(o->gen, w, o->syntax, text, 256, &d);
            out_flush(out);
            fflush(out->f);
            tmu_cli_error(src->where, "0x%016llx: %s", (unsigned long long)w, d.message);
            return 1;
        }
        char *p = text + n;
        if (o->show_encoding)
            p = put_encoding(p, w);
        *p++ = '\n';
        out->n = (size_t)(p - out->buf);
        return 0;
    }
    out_flush(out);
    if (tmu_gcn_decode(o->gen, w, &inst, &d) != TMU_OK) {
        fflush(out->f);
        tmu_cli_error(src->where, "0x%016llx: %s", (unsigned long long)w, d.message);
        return 1;
    }
    tmu_gcn_print_opts po = {0};
    if (o->have_type) {
        tmu_gcn_vaddr_layout l;
        if (tmu_gcn_vaddr_layout_get(o->gen, inst.op, o->type,
                                     o->gen == TMU_GCN_GFX9 && inst.f[TMU_GCN_F_A16], &l,
                                     &d) != TMU_OK) {
            fflush(out->f);
            tmu_cli_error(src->where, "0x%016llx: %s", (unsigned long long)w, d.message);
            return 1;
        }
        if (inst.f[TMU_GCN_F_VADDR] + l.vgprs > 256) {
            fflush(out->f);
            tmu_cli_error(src->where,
                          "0x%016llx: VADDR v%u: the %u address registers of a %s image run past v255",
                          (unsigned long long)w, inst.f[TMU_GCN_F_VADDR], l.vgprs,
                          tmu_gcn_image_type_name(o->type));
            return 1;
        }
        po.vaddr_count = (int)l.vgprs;
    }
    char text[160], prefix[64];
    int n = o->syntax == TMU_GCN_SYNTAX_CLRX ? tmu_gcn_print_clrx(&inst, &po, text, sizeof text)
                                             : tmu_gcn_print_llvm(&inst, &po, text, sizeof text);
    if (n < 0) {
        fflush(out->f);
        tmu_cli_error(src->where, "0x%016llx: cannot print", (unsigned long long)w);
        return 1;
    }
    *put_prefix(prefix, o, w, src->offset) = 0;
    fputs(prefix, out->f);
    fputs(text, out->f);
    if (o->show_encoding)
        print_bytes(out->f, w);
    fputc('\n', out->f);
    if (o->show_operands)
        show_operands(out->f, &inst, o);
    return 0;
}

/* Characters that end a word token (NUL, blanks, ',', and the comment starters). */
static int token_end(unsigned char c)
{
    return c == 0 || c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == '#' ||
           c == ';';
}

/* Hex digit values + 1 (0: not a hex digit). */
static const unsigned char hex_plus1[256] = {
    ['0'] = 1,  ['1'] = 2,  ['2'] = 3,  ['3'] = 4,  ['4'] = 5,  ['5'] = 6,  ['6'] = 7,
    ['7'] = 8,  ['8'] = 9,  ['9'] = 10, ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14,
    ['e'] = 15, ['f'] = 16, ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15,
    ['F'] = 16};

/* Reads exactly 16 hex digits at t into *out; 0 on success, -1 at the first non-digit
 * (never reads past it, so never past a NUL). */
static int hex16(const char *t, uint64_t *out)
{
    uint64_t v = 0;
    for (int i = 0; i < 16; i++) {
        unsigned d = hex_plus1[(unsigned char)t[i]];
        if (!d)
            return -1;
        v = v << 4 | (d - 1);
    }
    *out = v;
    return 0;
}

/* Words from text: whitespace/comma separated hex, '#' or ';' to end of line is a comment.
 * The common "0x" + 16 hex digits form is converted in place; anything else goes through
 * tmu_cli_parse_hex64 (which also takes '_' separators and shorter numbers).  A bad token is
 * reported and skipped (*bad set). */
static void disasm_text(const char *name, char *text, const gcn_opts *o, gcn_out *out, int *bad)
{
    unsigned line = 1;
    size_t index = 0;
    char where[64];
    word_src src = {where, 0};
    char *p = text;
    while (*p) {
        if (*p == '\n') {
            line++;
            p++;
            continue;
        }
        if (*p == ' ' || *p == '\t' || *p == '\r' || *p == ',') {
            p++;
            continue;
        }
        if (*p == '#' || *p == ';') {
            while (*p && *p != '\n')
                p++;
            continue;
        }
        snprintf(where, sizeof where, "%s:%u", name, line);
        src.offset = 8 * index;
        uint64_t w = 0;
        if (p[0] == '0' && p[1] == 'x' && hex16(p + 2, &w) == 0 &&
            token_end((unsigned char)p[18])) {
            p += 18;
            *bad |= disasm_one(w, o, out, &src);
            index++;
            continue;
        }
        char *start = p;
        while (!token_end((unsigned char)*p))
            p++;
        char save = *p;
        *p = 0;
        if (tmu_cli_parse_hex64(start, &w) != 0) {
            char echo[TMU_CLI_ECHO_BUF];
            out_flush(out);
            fflush(out->f);
            tmu_cli_error(where, "'%s' is not a 64-bit hex word", tmu_cli_shorten(echo, start));
            *bad = 1;
        } else {
            *bad |= disasm_one(w, o, out, &src);
        }
        index++;
        *p = save;
    }
}

int tmu_cli_disasm_gcn(int argc, char **argv)
{
    tmu_cli_set_command(argv[0], disasm_usage);
    gcn_opts o;
    int rc = parse_common(argc, argv, &o, 1);
    if (rc >= 0) {
        free(o.positional);
        return rc;
    }
    int from_stdin = o.npositional == 1 && !strcmp(o.positional[0], "-");
    if (o.binary && o.npositional) {
        free(o.positional);
        return tmu_cli_usage_error("--binary", "give either --binary FILE or words, not both");
    }
    tmu_cli_output file;
    const char *inputs[1] = {o.binary};
    if (tmu_cli_output_open(&file, o.output ? o.output : "-", 0, inputs, 1)) {
        free(o.positional);
        return TMU_EXIT_FAIL;
    }
    gcn_out out = {file.f, malloc(1 << 16), 0, 1 << 16};
    if (!out.buf) {
        free(o.positional);
        tmu_cli_output_close(&file, 0);
        return tmu_cli_error(NULL, "out of memory");
    }
    int bad = 0;
    rc = TMU_EXIT_OK;
    if (o.binary) {
        size_t len;
        char *buf = tmu_cli_read_file(o.binary, &len);
        if (!buf)
            rc = TMU_EXIT_FAIL;
        if (buf) {
            const char *name = strcmp(o.binary, "-") ? o.binary : "<stdin>";
            char where[1100];
            word_src src = {where, 0};
            size_t whole = len / 8 * 8;
            for (size_t i = 0; i < whole; i += 8) {
                uint64_t w = 0;
                for (int b = 7; b >= 0; b--)
                    w = (w << 8) | (unsigned char)buf[i + (size_t)b];
                snprintf(where, sizeof where, "%s+0x%zx", name, i);
                src.offset = i;
                bad |= disasm_one(w, &o, &out, &src);
            }
            free(buf);
            if (len != whole) {
                out_flush(&out);
                snprintf(where, sizeof where, "%s+0x%zx", name, whole);
                rc = tmu_cli_error(where, "%zu trailing bytes do not make an 8-byte instruction",
                                   len - whole);
            }
        }
    } else if (o.npositional && !from_stdin) {
        char where[32];
        word_src src = {where, 0};
        for (int i = 0; i < o.npositional; i++) {
            uint64_t w;
            snprintf(where, sizeof where, "argument %d", i + 1);
            src.offset = 8 * (size_t)i;
            if (tmu_cli_parse_hex64(o.positional[i], &w) != 0) {
                char echo[TMU_CLI_ECHO_BUF];
                out_flush(&out);
                fflush(out.f);
                tmu_cli_error(where, "'%s' is not a 64-bit hex word",
                              tmu_cli_shorten(echo, o.positional[i]));
                bad = 1;
                continue;
            }
            bad |= disasm_one(w, &o, &out, &src);
        }
    } else {
        size_t len;
        char *buf = o.npositional > 1 ? NULL : tmu_cli_read_file("-", &len);
        if (o.npositional > 1)
            rc = tmu_cli_usage_error("-", "give words as arguments or '-' for stdin, not both");
        else if (!buf)
            rc = TMU_EXIT_FAIL;
        else if (strlen(buf) != len)
            rc = tmu_cli_error("<stdin>", "input contains a NUL byte (use --binary - for raw code)");
        else
            disasm_text("<stdin>", buf, &o, &out, &bad);
        free(buf);
    }
    out_flush(&out);
    free(out.buf);
    free(o.positional);
    if (rc == TMU_EXIT_OK && bad)
        rc = TMU_EXIT_FAIL;
    /* an output file is replaced only by a complete listing */
    int closed = tmu_cli_output_close(&file, rc == TMU_EXIT_OK || tmu_cli_output_is_stdout(&file));
    return rc != TMU_EXIT_OK ? rc : closed;
}

/* Assembled words, kept until every line has been read. */
typedef struct words {
    uint64_t *w;
    char **text; /* --show-encoding: the printed instruction, per word */
    size_t n, cap;
} words;

typedef struct asm_ctx {
    const gcn_opts *o;
    words *ws;
} asm_ctx;

/* Assembles one line (a tmu_cli_line_fn over an asm_ctx); returns 0 ok / empty, 1 on error
 * (reported), -1 out of memory. */
static int asm_line(void *ctx, const char *where, unsigned line, const char *text, size_t len)
{
    const gcn_opts *o = ((asm_ctx *)ctx)->o;
    words *ws = ((asm_ctx *)ctx)->ws;
    if (tmu_cli_asm_skip_line(text, &len))
        return 0;
    tmu_gcn_mimg inst;
    tmu_diag d;
    uint64_t w;
    if (tmu_gcn_assemble(o->gen, o->syntax, text, len, line, &inst, &d) != TMU_OK ||
        tmu_gcn_encode(&inst, &w, &d) != TMU_OK) {
        char loc[1100];
        tmu_cli_error(tmu_cli_asm_where(loc, sizeof loc, where, line, d.column), "%s", d.message);
        return 1;
    }
    if (ws->n == ws->cap) {
        size_t nc = ws->cap ? ws->cap * 2 : 256;
        uint64_t *nw = realloc(ws->w, nc * sizeof *nw);
        if (nw)
            ws->w = nw;
        char **nt = realloc(ws->text, nc * sizeof *nt);
        if (nt)
            ws->text = nt;
        if (!nw || !nt)
            return -1;
        ws->cap = nc;
    }
    ws->text[ws->n] = NULL;
    if (o->show_encoding) {
        char t[160];
        if (tmu_gcn_print_llvm(&inst, NULL, t, sizeof t) > 0 &&
            (ws->text[ws->n] = malloc(strlen(t) + 1)) != NULL)
            strcpy(ws->text[ws->n], t);
    }
    ws->w[ws->n++] = w;
    return 0;
}

static void print_words(FILE *f, const words *ws, const gcn_opts *o)
{
    for (size_t i = 0; i < ws->n; i++) {
        fprintf(f, "0x%016llx", (unsigned long long)ws->w[i]);
        if (o->show_encoding) {
            if (ws->text[i])
                fprintf(f, "  %s", ws->text[i]);
            print_bytes(f, ws->w[i]);
        }
        fputc('\n', f);
    }
}

typedef struct gcn_listing_ctx {
    const words *ws;
    const gcn_opts *o;
} gcn_listing_ctx;

static void gcn_listing(FILE *f, void *ctx)
{
    const gcn_listing_ctx *c = ctx;
    print_words(f, c->ws, c->o);
}

int tmu_cli_asm_gcn(int argc, char **argv)
{
    tmu_cli_set_command(argv[0], asm_usage);
    gcn_opts o;
    int rc = parse_common(argc, argv, &o, 0);
    if (rc >= 0) {
        free(o.positional);
        return rc;
    }
    int from_stdin = o.npositional == 1 && !strcmp(o.positional[0], "-");
    if (o.npositional && !from_stdin && o.input) {
        free(o.positional);
        return tmu_cli_usage_error("--input", "give either --input FILE or text, not both");
    }
    if (from_stdin && o.input) {
        free(o.positional);
        return tmu_cli_usage_error("--input", "give either --input FILE or '-', not both");
    }
    words ws = {NULL, NULL, 0, 0};
    /* 1. read and assemble everything */
    asm_ctx ac = {&o, &ws};
    rc = tmu_cli_asm_lines(o.npositional, o.positional, o.input, asm_line, &ac);
    /* 2. write: the words on stdout always (what assembled); files only when all did */
    gcn_listing_ctx lc = {&ws, &o};
    rc = tmu_cli_write_words(rc, o.output, o.binary, o.input, ws.w, ws.n, gcn_listing, &lc);
    for (size_t i = 0; i < ws.n; i++)
        free(ws.text[i]);
    free(ws.w);
    free(ws.text);
    free(o.positional);
    return rc;
}

/* ---- the memory layout of a T# (gcn desc, gcn run --explain) --------------------------------- */

/* Prints where the levels of the image `t` describes lie: the tiled layout on `chip` (NULL: the
 * generation's default) or the linear placement, or why there is none. */
void tmu_cli_gcn_print_layout(FILE *f, const char *indent, const tmu_gcn_tdesc *t,
                              const tmu_texture *shape, const tmu_amd_chip *chip)
{
    const tmu_amd_chip *c = chip ? chip : tmu_gcn_default_chip(t->gen);
    const char *how = chip ? "" : ", the default";
    tmu_surface *s = malloc(sizeof *s);
    tmu_diag d;
    uint64_t base = 0;
    if (!s) {
        fprintf(f, "%slayout: out of memory\n", indent);
        return;
    }
    tmu_status st = tmu_gcn_tdesc_surface(t, shape, c, s, &base, &d);
    if (st == TMU_ERR_NOT_FOUND) {
        tmu_gcn_placement p;
        if (tmu_gcn_tdesc_placement(t, shape, &p, &d) != TMU_OK) {
            fprintf(f, "%slayout: none: %s\n", indent, d.message);
        } else {
            fprintf(f, "%slayout: linear (%s), %llu bytes from the base\n", indent,
                    t->gen >= TMU_GCN_GFX9 ? "SW_MODE 0 = SW_LINEAR" : "TILING_INDEX 8 = ARRAY_LINEAR_ALIGNED",
                    (unsigned long long)p.extent);
            for (uint32_t n = 0; n < shape->levels; n++)
                fprintf(f, "%s  level %u: offset %llu, row pitch %llu bytes, slice pitch %llu bytes\n", indent, n,
                        (unsigned long long)p.offset[n], (unsigned long long)p.row_pitch[n],
                        (unsigned long long)p.slice_pitch[n]);
        }
        free(s);
        return;
    }
    if (st != TMU_OK) {
        fprintf(f, "%slayout (%s%s): none: %s\n", indent, c ? c->name : "?", how, d.message);
        free(s);
        return;
    }
    if (t->gen >= TMU_GCN_GFX9) {
        fprintf(f, "%slayout (%s%s): SW_MODE %u = %s, pipe/bank XOR %u, surface at 0x%llx, %llu bytes "
                   "(%llu a slice), block %ux%ux%u, base alignment %u\n", indent, c->name, how,
                s->desc.swizzle_mode, tmu_amd_swizzle_mode_name_gen(s->gen, s->desc.swizzle_mode),
                s->desc.pipe_bank_xor,
                (unsigned long long)base, (unsigned long long)s->size, (unsigned long long)s->slice_size,
                s->block_w, s->block_h, s->block_d, s->base_align);
        for (uint32_t n = 0; n < s->desc.levels; n++) {
            const tmu_surface_level *l = &s->level[n];
            if (l->in_tail)
                fprintf(f, "%s  level %u: %ux%ux%u, in the mip tail at %llu + %llu\n", indent, n, l->width,
                        l->height, l->depth, (unsigned long long)l->offset,
                        (unsigned long long)l->mip_tail_offset);
            else
                fprintf(f, "%s  level %u: %ux%ux%u, offset %llu, pitch %u, height %u, %llu bytes\n", indent, n,
                        l->width, l->height, l->depth, (unsigned long long)l->offset, l->pitch,
                        l->padded_height, (unsigned long long)l->size);
        }
    } else {
        fprintf(f, "%slayout (%s%s): TILING_INDEX %d, surface at 0x%llx, %llu bytes, base alignment %u\n",
                indent, c->name, how, s->desc.tile_index, (unsigned long long)base,
                (unsigned long long)s->size, s->base_align);
        for (uint32_t n = 0; n < s->desc.levels; n++) {
            const tmu_surface_level *l = &s->level[n];
            fprintf(f, "%s  level %u: %ux%ux%u, offset %llu, %s (index %d), pitch %u, height %u, "
                       "%llu bytes\n", indent, n, l->width, l->height, l->depth,
                    (unsigned long long)l->offset, tmu_amd_tile_mode_name(l->tile_mode), l->tile_index,
                    l->pitch, l->padded_height, (unsigned long long)l->size);
        }
    }
    free(s);
}
