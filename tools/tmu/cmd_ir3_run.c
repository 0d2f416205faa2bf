/* tmu ir3 run — executes Adreno ir3 category-5 instructions (assembly lines or words) on a
 * wave of fibers with built-in, PNG or raw-descriptor textures, and prints the registers
 * each instruction writes per fiber, the (sy) hazards and, with --explain, every operand's
 * role.  A thin shell over include/tmu/ir3_exec.h. */
#include "cli.h"
#include "cli_common.h"
#include "unit_cli.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/format.h"
#include "tmu/ir3.h"
#include "tmu/ir3_exec.h"
#include "tmu/texture.h"

int tmu_cmd_ir3_run(int argc, char **argv);

#define MAX_SLOTS 128 /* t#/s# slots, and slots per bindless set */
#define MAX_OWNED 64  /* textures, samplers, raw descriptors, buffers the command owns */
#define MAX_INSTR 4096
#define MAX_MEM 16
#define MAX_BORDER 64

typedef struct instr_src {
    char text[160];   /* assembly text, or empty for a word */
    uint64_t word;
    int is_word;
    char where[96];   /* FILE:LINE or "--asm N" */
} instr_src;

typedef struct run_state {
    uint32_t gpu, fibers, samples;
    int have_gpu, explain, sampler_first, json;
    uint64_t show[2];
    const char *active_arg;
    tmu_cli_origin active_at; /* where --active came from (checked against --fibers once read) */
    /* each slot is bound once (t#N, s#N; a bindless slot's texture and sampler parts, both for a
     * raw descriptor), at CLAIM_* indices; each --memory range's origin */
    tmu_cli_claims claims;
    tmu_cli_origin memory_at[MAX_MEM];
    tmu_cli_origin fibers_at; /* where --fibers came from (checked against the GPU once read) */
    tmu_ir3_wave *wave;
    tmu_ir3_slot tex[MAX_SLOTS], samp[MAX_SLOTS], set[8][MAX_SLOTS];
    uint32_t ntex, nsamp, nset[8];
    tmu_ir3_memory memory[MAX_MEM];
    unsigned nmemory;
    tmu_ir3_border border[MAX_BORDER];
    unsigned nborder;
    tmu_texture own_tex[MAX_OWNED];
    tmu_cli_texspec own_spec[MAX_OWNED]; /* own_tex[i]'s spec and memory (cli_common.h) */
    tmu_sampler own_smp[MAX_OWNED];
    uint32_t own_raw[MAX_OWNED][16];
    void *own_mem[MAX_OWNED];
    unsigned ntex_own, nsmp_own, nraw_own, nmem_own;
    instr_src *prog;
    unsigned nprog;
    struct {
        char *arg;
        char where[96];
        int code;
    } regs[256];
    unsigned nreg;
    unsigned char *seen; /* the command line's options given (tmu_cli_args.seen) */
    const tmu_adreno_gpu *chip; /* --chip: the layout preset (NULL: the --gpu's) */
    unsigned tiled;             /* tiled --texture specs laid out so far */
} run_state;

static void run_usage(FILE *out)
{
    fprintf(out,
            "usage: tmu ir3 run --gpu GPU [options] [PROGRAM]\n"
            "\n"
            "Executes Adreno ir3 category-5 instructions, in order, on one wave of fibers and\n"
            "prints after each the registers it wrote (fibers with the same values grouped),\n"
            "and the registers it read while a result was still pending without (sy).\n"
            "PROGRAM is a file ('-' = stdin) with one instruction per line: Mesa assembly text or\n"
            "a word HHHHHHHH_LLLLLLLL / 0x...; ';' starts a comment, and '#' at the start of a\n"
            "line.  The whole program is assembled before anything runs.\n"
            "\n"
            "options (each may also be a line 'OPTION ARG' of an --input file, without '--'):\n"
            "  --gpu GPU               a3xx .. a7xx, or a GPU id / chip such as 630, a660, a730;\n"
            "                          tiled textures use that chip's layout (presets a610\n"
            "                          a630 a660 a730 a750; a6xx and a7xx alone: a630 and a730)\n"
            "  --chip NAME             the layout preset instead (before the tiled --texture)\n"
            "  --asm 'TEXT'            an instruction (repeatable; run before PROGRAM's lines)\n"
            "  --word W                an instruction word (repeatable)\n"
            "  --fibers N              wave size: the generation's (8/32/64, default) or twice that\n"
            "  --active LIST           active fibers: a hex mask 0x.., 'all' or ranges 0-3,8\n"
            "                          (default all)\n"
            "  --reg REG=V[,V...]      a register for every fiber (one value) or per fiber; REG is\n"
            "                          r1.x, hr2.y, r48.x, a0.x, a1.x, p0.x; V is a float (with '.',\n"
            "                          'e', inf, nan; rounded to f16 for half registers), an integer,\n"
            "                          0x bits, or lane[*K][+C] = fiber[*K][+C] (the fiber number,\n"
            "                          scaled)\n"
            "  --texture SLOT=SPEC     SLOT: tN (t#N) or bB:I (bindless set B, slot I)\n"
            "  --sampler SLOT=OPTS     SLOT: sN (s#N) or bB:I\n"
            "  --memory ADDR=FILE      map FILE's bytes at GPU address ADDR (0x hex; raw\n"
            "                          descriptors' BASE); ADDR:SIZE maps SIZE zero bytes (like 64K)\n"
            "  --border R,G,B,A        append a border colour (raw samplers' BCOLOR entries)\n"
            "  --samples N             render-target samples for rgetpos (1, 2, 4, 8)\n"
            "  --s2en-sampler-first    GL s2en index pair is (sampler, texture), not (texture, sampler)\n"
            "  --show LIST             fibers to print, like --active (default all)\n"
            "  --explain               print each operand's role and register before the results\n"
            "  --json                  one JSON object per instruction (a line each): its word and\n"
            "                          text, the registers it wrote per shown fiber (null: not\n"
            "                          written), the hazards\n"
            "  --input FILE            read more options from FILE ('-' = stdin; '#' at the start\n"
            "                          of a line or after a blank starts a comment; nests 4 deep)\n"
            "\n");
    tmu_cli_texspec_help(out, TMU_CLI_TEX_MS);
    fprintf(out,
            "  With sparse=, the .rck variants report non-resident tiles; reads of them give 0.\n"
            "  tile=TILE6_3|TILE6_LINEAR lays the texture out as Mesa's fdl6_layout does on the\n"
            "  --gpu (or --chip) preset.\n"
            "  Or SPEC = raw:D0,...,D15 (an a6xx/a7xx texture descriptor; texels through --memory):\n"
            "  TILE6_LINEAR as its PITCH / ARRAY_PITCH say, TILE6_3 as Mesa's fdl6_layout lays\n"
            "  the image out on the --gpu preset (its PITCH, PITCHALIGN, ARRAY_PITCH, MIN_LAYERSZ\n"
            "  and TILE_ALL must match; the whole surface must lie in one --memory range);\n"
            "  TILE6_2 and UBWC (FLAG) are refused (docs/ir3-cat5.md §6.2).\n");
    tmu_cli_sampler_help(out);
    fprintf(out,
            "  or OPTS = raw:D0,D1,D2,D3 (an a6xx/a7xx sampler descriptor).\n"
            "\n"
            "example: tmu ir3 run --gpu a6xx --texture t0=coords:4x4 --sampler s0=filter=nearest \\\n"
            "             --reg r0.x=0.375 --reg r0.y=0.625 --asm 'sam (f32)(xyzw)r1.x, r0.x, s#0, t#0'\n");
}

/* ---- small parsers ------------------------------------------------------------------------- */

/* "tN", "sN" or "bB:I": non-bindless slot N, or bindless set B slot I. */
static tmu_ir3_slot *find_slot(run_state *st, const char *name, char kind, const char *where, int code)
{
    char echo[TMU_CLI_ECHO_BUF], num[16];
    long long n, b;
    const char *colon = strchr(name, ':');
    if (name[0] == kind && !colon && strlen(name + 1) < sizeof num && !tmu_cli_parse_int(name + 1, 0, MAX_SLOTS - 1, &n)) {
        uint32_t *count = kind == 't' ? &st->ntex : &st->nsamp;
        if (*count <= n)
            *count = (uint32_t)n + 1;
        return kind == 't' ? &st->tex[n] : &st->samp[n];
    }
    if (name[0] == 'b' && colon && (size_t)(colon - name - 1) < sizeof num) {
        memcpy(num, name + 1, (size_t)(colon - name - 1));
        num[colon - name - 1] = 0;
        if (!tmu_cli_parse_int(num, 0, 7, &b) && !tmu_cli_parse_int(colon + 1, 0, MAX_SLOTS - 1, &n)) {
            if (st->nset[b] <= n)
                st->nset[b] = (uint32_t)n + 1;
            return &st->set[b][n];
        }
    }
    tmu_cli_report(code, where, "slot '%s': expected %c0..%c%d or bB:I (B 0..7, I 0..%d)",
                   tmu_cli_shorten(echo, name), kind, kind, MAX_SLOTS - 1, MAX_SLOTS - 1);
    return NULL;
}

/* Thing numbers of st->claims: t#N, s#N, then per bindless slot its texture and sampler parts. */
#define CLAIM_TEX 0
#define CLAIM_SAMP MAX_SLOTS
#define CLAIM_SET (2 * MAX_SLOTS)
#define CLAIM_COUNT (CLAIM_SET + 8 * MAX_SLOTS * 2)

/* Claims `slot` (found by find_slot from `name`) for a texture (kind 't') or sampler ('s'), raw
 * or not: a slot bound twice is refused, naming both places.  Returns 0 or `code`. */
static int claim_slot(run_state *st, const tmu_ir3_slot *slot, char kind, int raw, const char *name,
                      const char *where, int code)
{
    unsigned first, count = 1, clash;
    if (slot >= st->tex && slot < st->tex + MAX_SLOTS)
        first = CLAIM_TEX + (unsigned)(slot - st->tex);
    else if (slot >= st->samp && slot < st->samp + MAX_SLOTS)
        first = CLAIM_SAMP + (unsigned)(slot - st->samp);
    else { /* a bindless slot: one descriptor, which a raw one fills for both uses */
        first = CLAIM_SET + 2 * (unsigned)(slot - &st->set[0][0]) + (kind == 's' && !raw);
        count = raw ? 2 : 1;
    }
    const tmu_cli_origin *o = tmu_cli_claim(&st->claims, first, count, where, code, &clash);
    if (!o)
        return 0;
    char echo[TMU_CLI_ECHO_BUF], what[TMU_CLI_ECHO_BUF + 32];
    snprintf(what, sizeof what, "%s %s", first >= CLAIM_SET && raw ? "descriptor" : kind == 't' ? "texture" : "sampler",
             tmu_cli_shorten(echo, name));
    return tmu_cli_report_twice(o, where, code, what);
}

static int parse_raw(const char *s, uint32_t *dw, unsigned want, const char *where, int code)
{
    unsigned n = 0;
    char echo[TMU_CLI_ECHO_BUF];
    const char *p = s;
    while (*p) {
        size_t len = strcspn(p, ",");
        char word[32];
        uint64_t v;
        if (n >= want)
            return tmu_cli_report(code, where, "more than %u dwords", want);
        if (!len || len >= sizeof word)
            return tmu_cli_report(code, where, "dword %u: '%s' is not a 32-bit hex value", n,
                                  tmu_cli_shorten_n(echo, p, len));
        memcpy(word, p, len), word[len] = 0;
        if (tmu_cli_parse_hex64(word, &v) || v > 0xffffffffu)
            return tmu_cli_report(code, where, "dword %u: '%s' is not a 32-bit hex value", n,
                                  tmu_cli_shorten(echo, word));
        dw[n++] = (uint32_t)v;
        p += len;
        if (*p == ',')
            p++;
    }
    if (n != want)
        return tmu_cli_report(code, where, "a raw descriptor needs %u dwords, got %u", want, n);
    return 0;
}

/* Splits "A=B" (copied into buf): returns B, or NULL after an error. */
static char *split_eq(const char *arg, char *buf, size_t size, const char *form, const char *where, int code)
{
    char echo[TMU_CLI_ECHO_BUF];
    if (strlen(arg) >= size) {
        tmu_cli_report(code, where, "argument longer than %zu characters", size - 1);
        return NULL;
    }
    snprintf(buf, size, "%s", arg);
    char *eq = strchr(buf, '=');
    if (!eq) {
        tmu_cli_report(code, where, "expected %s, got '%s'", form, tmu_cli_shorten(echo, arg));
        return NULL;
    }
    *eq = 0;
    return eq + 1;
}

/* ---- samplers -------------------------------------------------------------------------------- */

static int add_sampler(run_state *st, const char *arg, const char *where, int code)
{
    char buf[512];
    char *opts = split_eq(arg, buf, sizeof buf, "SLOT=OPTS", where, code);
    if (!opts)
        return code;
    tmu_ir3_slot *slot = find_slot(st, buf, 's', where, code);
    if (!slot || claim_slot(st, slot, 's', !strncmp(opts, "raw:", 4), buf, where, code))
        return code;
    if (!strncmp(opts, "raw:", 4)) {
        if (st->nraw_own >= MAX_OWNED)
            return tmu_cli_error(where, "more than %d raw descriptors", MAX_OWNED);
        uint32_t *dw = st->own_raw[st->nraw_own];
        memset(dw, 0, 16 * sizeof *dw);
        if (parse_raw(opts + 4, dw, 4, where, code))
            return code;
        st->nraw_own++;
        slot->raw = dw;
        return 0;
    }
    if (st->nsmp_own >= MAX_OWNED)
        return tmu_cli_error(where, "more than %d samplers", MAX_OWNED);
    tmu_sampler *s = &st->own_smp[st->nsmp_own++];
    *s = tmu_sampler_default();
    int rc = tmu_cli_sampler_parse(opts, s, NULL, NULL, NULL, 0, where, code); /* cli_common.h */
    if (!rc)
        slot->sampler = s;
    return rc;
}

/* ---- textures -------------------------------------------------------------------------------- */

/* The Adreno preset tiled textures are laid out on: --chip, else the --gpu's (or NULL). */
static const tmu_adreno_gpu *layout_gpu(const run_state *st)
{
    return st->chip ? st->chip : st->have_gpu ? tmu_ir3_layout_gpu(st->gpu, NULL) : NULL;
}

static int add_texture(run_state *st, const char *arg, const char *where, int code)
{
    char buf[1024];
    char *spec = split_eq(arg, buf, sizeof buf, "SLOT=SPEC", where, code);
    if (!spec)
        return code;
    tmu_ir3_slot *slot = find_slot(st, buf, 't', where, code);
    if (!slot || claim_slot(st, slot, 't', !strncmp(spec, "raw:", 4), buf, where, code))
        return code;
    if (!strncmp(spec, "raw:", 4)) {
        if (st->nraw_own >= MAX_OWNED)
            return tmu_cli_error(where, "more than %d raw descriptors", MAX_OWNED);
        uint32_t *dw = st->own_raw[st->nraw_own];
        if (parse_raw(spec + 4, dw, 16, where, code))
            return code;
        st->nraw_own++;
        slot->raw = dw;
        return 0;
    }
    if (st->ntex_own >= MAX_OWNED)
        return tmu_cli_error(where, "more than %d textures", MAX_OWNED);
    /* the shared spec (cli_common.h): checked and its bytes reserved now, allocated and filled
     * once the program assembled */
    tmu_cli_texrules rules = {TMU_CLI_TEX_MS, NULL, NULL, NULL, 0, 1, NULL, layout_gpu(st),
                              "give --gpu a6xx/a7xx (or a GPU id such as 660) or --chip NAME before the --texture"};
    int rc = tmu_cli_texspec_parse(spec, &rules, where, code, &st->own_spec[st->ntex_own]);
    if (rc)
        return rc;
    st->tiled += st->own_spec[st->ntex_own].surf != NULL;
    slot->texture = &st->own_tex[st->ntex_own++];
    return 0;
}

/* Whether bytes a..a+asize-1 and b..b+bsize-1 meet (without wrapping past 2^64). */
static int overlaps(uint64_t a, uint64_t asize, uint64_t b, uint64_t bsize)
{
    return asize && bsize && (a <= b ? b - a < asize : a - b < bsize);
}

/* Reports that the --memory range at `base` overlaps range i; returns code. */
static int overlap(const run_state *st, unsigned i, uint64_t base, const char *where, int code)
{
    char text[200];
    return tmu_cli_report(code, where, "the range at 0x%llx overlaps the one at 0x%llx (given %s)",
                          (unsigned long long)base, (unsigned long long)st->memory[i].gpu_addr,
                          tmu_cli_origin_text(&st->memory_at[i], text, sizeof text));
}

/* ADDR=FILE or ADDR:SIZE (zero-filled), parsed and loaded by the shared layer (cli_common.h):
 * the file's size is checked against the command's byte budget before it is read. */
static int add_memory(run_state *st, const char *arg, const char *where, int code)
{
    char buf[1024];
    tmu_cli_region r;
    if (tmu_cli_parse_region(arg, UINT64_MAX, TMU_CLI_REGION_SIZE, buf, sizeof buf, where, code, &r))
        return code;
    if (st->nmemory >= MAX_MEM || st->nmem_own >= MAX_OWNED)
        return tmu_cli_error(where, "more than %d memory ranges", MAX_MEM);
    if (!r.file) /* a file's range is checked once its size is known */
        for (unsigned i = 0; i < st->nmemory; i++)
            if (overlaps(st->memory[i].gpu_addr, st->memory[i].size, r.base, r.size))
                return overlap(st, i, r.base, where, code);
    size_t len = 0;
    unsigned char *data;
    if (r.file) {
        data = tmu_cli_load(r.file, where, "guest memory", &len);
    } else if (r.size > SIZE_MAX || tmu_cli_reserve(where, "guest memory", r.size)) {
        data = NULL;
    } else if (!(data = calloc(1, len = (size_t)r.size))) {
        tmu_cli_error(where, "out of memory for %llu bytes", (unsigned long long)r.size);
    }
    if (!data)
        return TMU_EXIT_FAIL;
    st->own_mem[st->nmem_own++] = data;
    for (unsigned i = 0; r.file && len && i < st->nmemory; i++)
        if (overlaps(st->memory[i].gpu_addr, st->memory[i].size, r.base, len))
            return overlap(st, i, r.base, where, code);
    tmu_cli_origin_set(&st->memory_at[st->nmemory], where, code);
    st->memory[st->nmemory].gpu_addr = r.base;
    st->memory[st->nmemory].data = data;
    st->memory[st->nmemory].size = len;
    st->nmemory++;
    return 0;
}

/* ---- program --------------------------------------------------------------------------------- */

static int add_instr(run_state *st, const char *text, size_t len, int is_word, const char *where, int code)
{
    char echo[TMU_CLI_ECHO_BUF];
    while (len && isspace((unsigned char)*text))
        text++, len--;
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    if (!len)
        return is_word ? tmu_cli_report(code, where, "empty word") : 0;
    if (st->nprog >= MAX_INSTR)
        return tmu_cli_error(where, "more than %d instructions", MAX_INSTR);
    instr_src *in = &st->prog[st->nprog];
    memset(in, 0, sizeof *in);
    snprintf(in->where, sizeof in->where, "%s", where);
    char tmp[64];
    int looks_word = is_word;
    if (!looks_word && len < sizeof tmp) { /* HHHHHHHH_LLLLLLLL or 0x... alone on the line */
        memcpy(tmp, text, len), tmp[len] = 0;
        uint64_t w;
        looks_word = !tmu_cli_parse_hex64(tmp, &w) && (strchr(tmp, '_') || !strncmp(tmp, "0x", 2));
    }
    if (looks_word) {
        int ok = len < sizeof tmp;
        if (ok) {
            memcpy(tmp, text, len), tmp[len] = 0;
            ok = !tmu_cli_parse_hex64(tmp, &in->word);
        }
        if (!ok)
            return tmu_cli_report(code, where, "'%s' is not a 64-bit hex word (HHHHHHHH_LLLLLLLL or 0x...)",
                                  tmu_cli_shorten_n(echo, text, len));
        in->is_word = 1;
    } else {
        if (len >= sizeof in->text)
            return tmu_cli_report(code, where, "instruction longer than %zu characters", sizeof in->text - 1);
        memcpy(in->text, text, len);
        in->text[len] = 0;
    }
    st->nprog++;
    return 0;
}

static int load_program(run_state *st, const char *path)
{
    size_t len;
    char *buf = tmu_cli_read_file(path, &len);
    if (!buf)
        return TMU_EXIT_FAIL;
    const char *name = strcmp(path, "-") ? path : "<stdin>";
    unsigned line = 1;
    size_t start = 0;
    int rc = 0;
    for (size_t i = 0; i <= len && !rc; i++) {
        if (i == len || buf[i] == '\n') {
            /* ';' starts a comment anywhere, '#' at the start of a line (s#N and t#N have one) */
            size_t end = i, first = start;
            while (first < i && isspace((unsigned char)buf[first]))
                first++;
            if (first < i && buf[first] == '#')
                end = first;
            for (size_t k = start; k < end; k++)
                if (buf[k] == ';') {
                    end = k;
                    break;
                }
            char where[96];
            snprintf(where, sizeof where, "%.80s:%u", name, line);
            rc = add_instr(st, buf + start, end - start, 0, where, TMU_EXIT_FAIL);
            line++;
            start = i + 1;
        }
    }
    free(buf);
    return rc;
}

/* ---- printing -------------------------------------------------------------------------------- */

/* Hex, then the value as a float, or as an integer when the exponent field is all zeros or
 * all ones (small integers, -1). */
static void format_value(char *out, size_t size, uint32_t v, int half)
{
    if (half) {
        unsigned e = (v >> 10) & 31;
        if (e == 0 || e == 31)
            snprintf(out, size, "0x%04x (%d)", v, (int)(int16_t)v);
        else
            snprintf(out, size, "0x%04x (%g)", v, (double)tmu_half_to_float((uint16_t)v));
        return;
    }
    unsigned e = (v >> 23) & 255;
    float f;
    memcpy(&f, &v, 4);
    if (e == 0 || e == 255)
        snprintf(out, size, "0x%08x (%d)", v, (int)(int32_t)v);
    else
        snprintf(out, size, "0x%08x (%g)", v, (double)f);
}

/* The registers the instruction wrote for fiber `f`, as text. */
static void fiber_results(const tmu_ir3_wave *w, const tmu_ir3_step *step, unsigned f, char *out, size_t size)
{
    size_t len = 0;
    out[0] = 0;
    char name[16], val[48];
    for (unsigned i = 0; i < step->operands.num_writes; i++) {
        const tmu_ir3_reguse *u = &step->operands.writes[i];
        uint32_t v = 0;
        tmu_ir3_reg_get(w, f, u->reg, u->half, &v);
        tmu_ir3_reg_name(u->reg, u->half, name, sizeof name);
        format_value(val, sizeof val, v, u->half);
        int n = snprintf(out + len, size - len, "%s%s=%s", len ? "  " : "", name, val);
        if (n < 0 || (size_t)n >= size - len)
            return;
        len += (size_t)n;
    }
}

static int fiber_shown(const run_state *st, unsigned f)
{
    return (int)((st->show[f >> 6] >> (f & 63)) & 1);
}

/* The written registers of every written fiber; consecutive fibers with the same values on
 * one line. */
static void print_results(const run_state *st, const tmu_ir3_wave *w, const tmu_ir3_step *step)
{
    char cur[1024], prev[1024];
    int have = 0, any = 0;
    unsigned first = 0, last = 0;
    for (unsigned f = 0; f <= w->fibers; f++) {
        int shown = f < w->fibers && fiber_shown(st, f) && ((step->written[f >> 6] >> (f & 63)) & 1);
        if (shown)
            fiber_results(w, step, f, cur, sizeof cur);
        if (shown && have && f == last + 1 && !strcmp(cur, prev)) {
            last = f;
            continue;
        }
        if (have) {
            if (first == last)
                printf("    fiber %u: %s\n", first, prev);
            else
                printf("    fibers %u-%u: %s\n", first, last, prev);
            any = 1;
        }
        have = shown;
        if (shown) {
            memcpy(prev, cur, sizeof prev);
            first = last = f;
        }
    }
    if (!any)
        printf("    (no fiber written)\n");
}

/* --json: one object per instruction, on its own line: index, word, text, the registers it
 * wrote ({"r1.x": [value per shown fiber, null where the fiber did not write]}), the shown
 * fibers and the hazards. */
static void print_json_step(const run_state *st, unsigned index, uint64_t word, const char *text,
                            const tmu_ir3_step *step)
{
    const tmu_ir3_wave *w = st->wave;
    char name[16];
    printf("{\"instruction\":%u,\"word\":\"%08x_%08x\",\"text\":", index, (unsigned)(word >> 32), (unsigned)word);
    tmu_cli_json_string(stdout, text);
    printf(",\"fibers\":[");
    int n = 0;
    for (unsigned f = 0; f < w->fibers; f++)
        if (fiber_shown(st, f))
            printf("%s%u", n++ ? "," : "", f);
    printf("],\"writes\":{");
    for (unsigned i = 0; i < step->operands.num_writes; i++) {
        const tmu_ir3_reguse *u = &step->operands.writes[i];
        tmu_ir3_reg_name(u->reg, u->half, name, sizeof name);
        printf("%s\"%s\":[", i ? "," : "", name);
        n = 0;
        for (unsigned f = 0; f < w->fibers; f++) {
            if (!fiber_shown(st, f))
                continue;
            uint32_t v = 0;
            if ((step->written[f >> 6] >> (f & 63)) & 1) {
                tmu_ir3_reg_get(w, f, u->reg, u->half, &v);
                printf("%s%u", n++ ? "," : "", v);
            } else {
                printf("%snull", n++ ? "," : "");
            }
        }
        printf("]");
    }
    printf("},\"hazards\":[");
    for (unsigned h = 0; h < step->num_hazards; h++) {
        tmu_ir3_reg_name(step->hazards[h].reg, step->hazards[h].half, name, sizeof name);
        printf("%s{\"reads\":\"%s\",\"role\":", h ? "," : "", name);
        tmu_cli_json_string(stdout, tmu_ir3_role_name((tmu_ir3_role)step->hazards[h].role));
        printf("}");
    }
    printf("]}\n");
}

static void print_explain(const tmu_ir3_step *step)
{
    char name[16];
    printf("    operands:");
    if (!step->operands.num_reads)
        printf(" none");
    for (unsigned i = 0; i < step->operands.num_reads; i++) {
        const tmu_ir3_reguse *u = &step->operands.reads[i];
        tmu_ir3_reg_name(u->reg, u->half, name, sizeof name);
        printf(" %s[%u]=%s", tmu_ir3_role_name((tmu_ir3_role)u->role), u->component, name);
    }
    printf("\n    results:");
    if (!step->operands.num_writes)
        printf(" none");
    for (unsigned i = 0; i < step->operands.num_writes; i++) {
        const tmu_ir3_reguse *u = &step->operands.writes[i];
        tmu_ir3_reg_name(u->reg, u->half, name, sizeof name);
        printf(" %c=%s", "xyzw"[u->component & 3], name);
    }
    printf("\n");
}

/* ---- options --------------------------------------------------------------------------------- */

enum { O_GPU, O_ASM, O_WORD, O_FIBERS, O_ACTIVE, O_REG, O_TEXTURE, O_SAMPLER, O_MEMORY, O_BORDER, O_SAMPLES,
       O_SAMPLER_FIRST, O_SHOW, O_EXPLAIN, O_INPUT, O_JSON, O_CHIP, O_COUNT };
static const tmu_cli_option run_opts[O_COUNT] = {
    {"--gpu", NULL, TMU_CLI_VALUE},      {"--asm", NULL, TMU_CLI_REPEAT},     {"--word", NULL, TMU_CLI_REPEAT},
    {"--fibers", NULL, TMU_CLI_VALUE},   {"--active", NULL, TMU_CLI_VALUE},   {"--reg", NULL, TMU_CLI_REPEAT},
    {"--texture", NULL, TMU_CLI_REPEAT}, {"--sampler", NULL, TMU_CLI_REPEAT}, {"--memory", NULL, TMU_CLI_REPEAT},
    {"--border", NULL, TMU_CLI_REPEAT},  {"--samples", NULL, TMU_CLI_VALUE},  {"--s2en-sampler-first", NULL, TMU_CLI_FLAG},
    {"--show", NULL, TMU_CLI_VALUE},     {"--explain", NULL, TMU_CLI_FLAG},   {"--input", NULL, TMU_CLI_REPEAT},
    {"--json", NULL, TMU_CLI_FLAG},      {"--chip", NULL, TMU_CLI_VALUE},
};

/* A malloc'd copy of `text` kept until the command ends (option files are freed once read), or
 * NULL after an error. */
static char *keep(run_state *st, const char *text, const char *where)
{
    size_t n = strlen(text) + 1;
    char *c = st->nmem_own < MAX_OWNED ? malloc(n) : NULL;
    if (!c) {
        tmu_cli_error(where, "out of memory");
        return NULL;
    }
    memcpy(c, text, n);
    st->own_mem[st->nmem_own++] = c;
    return c;
}

/* Applies option `k` with `val` (tmu_cli_option_fn): `where` names it in errors and `code` is
 * the exit code of a bad value (2 on the command line, 1 in an --input file). */
static int apply_option(void *ctx, int k, const char *val, const char *where, int code, unsigned depth)
{
    run_state *st = ctx;
    char echo[TMU_CLI_ECHO_BUF];
    long long n;
    switch (k) {
    case O_GPU:
        if (tmu_ir3_gpu_from_name(val, &st->gpu) != TMU_OK) {
            static const char *const g[] = {"a3xx", "a4xx", "a5xx", "a6xx", "a7xx", "a8xx"};
            char msg[256];
            return tmu_cli_report(code, where, "%s",
                                  tmu_cli_unknown_text(msg, sizeof msg, "Adreno GPU (or id 300..899)", val, g, 6));
        }
        st->have_gpu = 1;
        return 0;
    case O_ASM:
    case O_WORD: {
        char w[64];
        snprintf(w, sizeof w, "--%s %u", k == O_ASM ? "asm" : "word", st->nprog + 1);
        return add_instr(st, val, strlen(val), k == O_WORD, w, code);
    }
    case O_FIBERS:
        if (tmu_cli_parse_int(val, 1, TMU_IR3_MAX_FIBERS, &n))
            return tmu_cli_report(code, where, "expected 1..%d, not '%s'", TMU_IR3_MAX_FIBERS, tmu_cli_shorten(echo, val));
        st->fibers = (uint32_t)n;
        tmu_cli_origin_set(&st->fibers_at, where, code);
        return 0;
    case O_SAMPLES:
        if (tmu_cli_parse_int(val, 1, 16, &n) || (n & (n - 1)))
            return tmu_cli_report(code, where, "expected 1, 2, 4 or 8, not '%s'", tmu_cli_shorten(echo, val));
        st->samples = (uint32_t)n;
        return 0;
    case O_ACTIVE:
        if (!(st->active_arg = keep(st, val, where)))
            return TMU_EXIT_FAIL;
        tmu_cli_origin_set(&st->active_at, where, code);
        return 0;
    case O_SHOW:
        if (tmu_cli_parse_lanes(val, TMU_IR3_MAX_FIBERS, st->show))
            return tmu_cli_report(code, where, "expected a hex mask, 'all' or fiber ranges such as 0-3,8, not '%s'",
                                  tmu_cli_shorten(echo, val));
        return 0;
    case O_REG:
        if (st->nreg >= 256)
            return tmu_cli_error(where, "more than 256 registers set");
        if (!(st->regs[st->nreg].arg = keep(st, val, where)))
            return TMU_EXIT_FAIL;
        snprintf(st->regs[st->nreg].where, sizeof st->regs[st->nreg].where, "%s", where);
        st->regs[st->nreg].code = code;
        st->nreg++;
        return 0;
    case O_TEXTURE:
        return add_texture(st, val, where, code);
    case O_SAMPLER:
        return add_sampler(st, val, where, code);
    case O_MEMORY:
        return add_memory(st, val, where, code);
    case O_BORDER: {
        float c[4];
        if (st->nborder >= MAX_BORDER)
            return tmu_cli_error(where, "more than %d border colours", MAX_BORDER);
        if (tmu_cli_parse_floats(val, 4, -1e30, 1e30, c))
            return tmu_cli_report(code, where, "expected R,G,B,A (four numbers), not '%s'", tmu_cli_shorten(echo, val));
        for (int i = 0; i < 4; i++) {
            st->border[st->nborder].f[i] = c[i];
            st->border[st->nborder].u[i] = c[i] >= 0 && c[i] < 4294967296.0f ? (uint32_t)c[i] : 0u;
        }
        st->nborder++;
        return 0;
    }
    case O_SAMPLER_FIRST:
        st->sampler_first = 1;
        return 0;
    case O_EXPLAIN:
        st->explain = 1;
        return 0;
    case O_JSON:
        st->json = 1;
        return 0;
    case O_CHIP: {
        const tmu_adreno_gpu *g = tmu_adreno_gpu_find(val);
        if (!g) {
            const char *names[16];
            size_t nn = 0;
            for (size_t i = 0; i < tmu_adreno_gpu_count() && nn < 16; i++)
                names[nn++] = tmu_adreno_gpu_at(i)->name;
            char msg[256];
            return tmu_cli_report(code, where, "%s", tmu_cli_unknown_text(msg, sizeof msg, "Adreno preset", val, names, nn));
        }
        if (st->tiled)
            return tmu_cli_report(code, where, "give --chip before the tiled --texture (it was laid out already)");
        st->chip = g;
        return 0;
    }
    case O_INPUT:
        return tmu_cli_read_options(val, run_opts, O_COUNT, 0, st->seen, depth, apply_option, st);
    default:
        return tmu_cli_error(where, "internal: option %d", k);
    }
}

static int apply_regs(run_state *st)
{
    tmu_ir3_wave *w = st->wave;
    char echo[TMU_CLI_ECHO_BUF];
    uint16_t set_reg[256]; /* each --reg's register, so that one is set once */
    bool set_half[256];
    for (unsigned i = 0; i < st->nreg; i++) {
        const char *where = st->regs[i].where;
        int code = st->regs[i].code;
        char buf[4096];
        char *vals_text = split_eq(st->regs[i].arg, buf, sizeof buf, "REG=VALUE[,VALUE...]", where, code);
        if (!vals_text)
            return code;
        uint16_t reg;
        bool half;
        tmu_diag d;
        if (tmu_ir3_reg_parse(buf, &reg, &half, &d) != TMU_OK)
            return tmu_cli_report(code, where, "%s", d.message);
        set_reg[i] = reg, set_half[i] = half;
        for (unsigned j = 0; j < i; j++)
            if (set_reg[j] == reg && set_half[j] == half) {
                tmu_cli_origin first;
                char what[TMU_CLI_ECHO_BUF + 16];
                tmu_cli_origin_set(&first, st->regs[j].where, st->regs[j].code);
                snprintf(what, sizeof what, "register %s", tmu_cli_shorten(echo, buf));
                return tmu_cli_report_twice(&first, where, code, what);
            }
        const char *vals[TMU_IR3_MAX_FIBERS];
        unsigned nv = 0;
        for (char *t = vals_text; *t;) {
            size_t len = strcspn(t, ",");
            int last = !t[len];
            t[len] = 0;
            if (nv >= w->fibers)
                return tmu_cli_report(code, where, "%s: more values than the %u fibers", buf, w->fibers);
            vals[nv++] = t;
            t += len + !last;
        }
        if (nv != 1 && nv != w->fibers)
            return tmu_cli_report(code, where, "%s: give one value or one per fiber (%u), not %u", buf, w->fibers, nv);
        for (unsigned f = 0; f < w->fibers; f++) {
            uint64_t bits;
            const char *v = vals[nv == 1 ? 0 : f];
            if (tmu_cli_parse_value(v, f, half ? 16 : 32, &bits))
                return tmu_cli_report(code, where, "%s: '%s' is not a value (a float, an integer, 0x bits or fiber*K+C "
                                                   "that fits the register)",
                                      buf, tmu_cli_shorten(echo, v));
            if (tmu_ir3_reg_set(w, f, reg, half, (uint32_t)bits) != TMU_OK)
                return tmu_cli_report(code, where, "%s does not exist on GPU %u", buf, st->gpu);
        }
    }
    return 0;
}

/* ---- the command ------------------------------------------------------------------------------ */

static int run_program(run_state *st)
{
    tmu_diag d;
    if (!st->fibers)
        st->fibers = st->gpu < 400 ? 8 : st->gpu < 600 ? 32 : 64;
    if (tmu_ir3_wave_init(st->wave, st->gpu, st->fibers, &d) != TMU_OK)
        return tmu_cli_origin_report(&st->fibers_at, "--fibers", "%s", d.message);
    if (st->samples)
        st->wave->samples = st->samples;
    if (st->sampler_first)
        st->wave->flags |= TMU_IR3_WAVE_S2EN_SAMPLER_FIRST;
    if (st->active_arg) {
        uint64_t m[2];
        char echo[TMU_CLI_ECHO_BUF];
        if (tmu_cli_parse_lanes(st->active_arg, st->fibers, m))
            return tmu_cli_origin_report(&st->active_at, "--active",
                                         "expected a hex mask or ranges such as 0-3,8 below %u, not '%s'", st->fibers,
                                         tmu_cli_shorten(echo, st->active_arg));
        st->wave->active[0] = m[0];
        st->wave->active[1] = st->fibers > 64 ? m[1] : 0;
    }
    int rc = apply_regs(st);
    if (rc)
        return rc;
    tmu_ir3_bindings b;
    memset(&b, 0, sizeof b);
    b.tex = st->tex;
    b.num_tex = st->ntex;
    b.samp = st->samp;
    b.num_samp = st->nsamp;
    for (int s = 0; s < 8; s++) {
        b.set[s] = st->nset[s] ? st->set[s] : NULL;
        b.set_size[s] = st->nset[s];
    }
    b.memory = st->memory;
    b.num_memory = st->nmemory;
    b.border = st->border;
    b.num_border = st->nborder;
    b.layout_gpu = st->chip; /* raw TILE6_3 descriptors too (NULL: the wave's GPU id's) */

    /* the whole program is assembled and decoded before anything runs */
    for (unsigned i = 0; i < st->nprog; i++) {
        instr_src *src = &st->prog[i];
        tmu_ir3_instr in;
        tmu_diag_clear(&d);
        if (!src->is_word) {
            if (tmu_ir3_assemble(src->text, st->gpu, &src->word, &d) != TMU_OK) {
                char where[128];
                if (d.column)
                    snprintf(where, sizeof where, "%s:%u", src->where, d.column);
                else
                    snprintf(where, sizeof where, "%s", src->where);
                return tmu_cli_error(where, "%s", d.message);
            }
            src->is_word = 1;
        }
        if (tmu_ir3_decode(src->word, st->gpu, &in, &d) != TMU_OK)
            return tmu_cli_error(src->where, "%08x_%08x: %s", (unsigned)(src->word >> 32), (unsigned)src->word,
                                 d.message);
    }
    /* assembled and checked: only now is texture memory allocated and filled */
    for (unsigned i = 0; i < st->ntex_own; i++)
        if ((rc = tmu_cli_texspec_alloc(&st->own_spec[i], &st->own_tex[i])) != 0)
            return rc;
    for (unsigned i = 0; i < st->nprog; i++) {
        instr_src *src = &st->prog[i];
        tmu_ir3_instr in;
        char text[512];
        tmu_ir3_decode(src->word, st->gpu, &in, &d);
        tmu_ir3_print(&in, 0, text, sizeof text);
        if (!st->json)
            printf("[%u] %08x_%08x  %s\n", i, (unsigned)(src->word >> 32), (unsigned)src->word, text);
        tmu_ir3_step step;
        tmu_status s = tmu_ir3_execute_instr(st->wave, &b, &in, &step, &d);
        if (s != TMU_OK) {
            fflush(stdout);
            return tmu_cli_error(src->where, "%s", d.message);
        }
        if (st->json) {
            print_json_step(st, i, src->word, text, &step);
            continue;
        }
        if (st->explain)
            print_explain(&step);
        print_results(st, st->wave, &step);
        for (unsigned h = 0; h < step.num_hazards; h++) {
            char name[16];
            tmu_ir3_reg_name(step.hazards[h].reg, step.hazards[h].half, name, sizeof name);
            printf("    hazard: reads %s (%s) while a cat5 result is pending; the instruction needs (sy)\n", name,
                   tmu_ir3_role_name((tmu_ir3_role)step.hazards[h].role));
        }
    }
    return 0;
}

int tmu_cmd_ir3_run(int argc, char **argv)
{
    tmu_cli_set_command("ir3 run", run_usage);
    run_state *st = calloc(1, sizeof *st);
    int rc = 0;
    if (st) {
        st->prog = calloc(MAX_INSTR, sizeof *st->prog);
        st->wave = calloc(1, sizeof *st->wave);
    }
    if (!st || !st->prog || !st->wave) {
        rc = tmu_cli_error(NULL, "out of memory");
        goto out;
    }
    st->show[0] = st->show[1] = ~UINT64_C(0);
    if ((rc = tmu_cli_claims_init(&st->claims, CLAIM_COUNT)) != 0)
        goto out;
    const char *program = NULL;
    tmu_cli_args a;
    st->seen = a.seen; /* a single-valued option may not come again from an --input file */
    rc = tmu_cli_run_args(&a, argc, argv, run_opts, O_COUNT, run_usage, apply_option, st, "PROGRAM", &program);
    if (rc) {
        rc = rc < 0 ? TMU_EXIT_OK : rc; /* -1: the help was printed */
        goto out;
    }
    if (!st->have_gpu) {
        rc = tmu_cli_usage_error("--gpu", "missing (a3xx .. a7xx or a GPU id such as 630)");
        goto out;
    }
    if (program && (rc = load_program(st, program)))
        goto out;
    if (!st->nprog) {
        rc = tmu_cli_usage_error("PROGRAM", "no instructions (give PROGRAM, --asm or --word)");
        goto out;
    }
    rc = run_program(st);
out:
    if (st) {
        for (unsigned i = 0; i < st->nmem_own; i++)
            free(st->own_mem[i]);
        for (unsigned i = 0; i < MAX_OWNED; i++)
            tmu_cli_texspec_free(&st->own_spec[i]);
        tmu_cli_claims_free(&st->claims);
        free(st->wave);
        free(st->prog);
        free(st);
    }
    return rc;
}
