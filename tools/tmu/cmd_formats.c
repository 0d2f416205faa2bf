/* tmu formats — list the texel formats, decode one texel, or encode one. */
#include "cli.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/format.h"

static void usage(FILE *out)
{
    fprintf(out, "usage: tmu formats                          list every texel format\n"
           "       tmu formats --decode FORMAT HEXBYTES  decode one texel\n"
           "       tmu formats --encode FORMAT V...      encode one texel (1 to 4 values)\n"
           "\n"
           "HEXBYTES are the texel's bytes in memory order (e.g. ff800000 for R=ff G=80 B=00\n"
           "A=00 of r8g8b8a8_*); spaces, '_' and ':' between bytes are allowed.  Values for\n"
           "--encode are floats (nan, inf allowed), or integers for uint/sint formats; a\n"
           "depth-stencil format takes the depth, then the stencil as an integer.  The values\n"
           "go to the channels the format stores, in R, G, B, A order (a8_unorm: A; l8a8_unorm:\n"
           "L, A); missing ones are 0, 0, 0, 1.  FORMAT is a name from the list (case-\n"
           "insensitive, Vulkan spellings such as VK_FORMAT_R16_SFLOAT and rgb9e5, x8z24, d24s8\n"
           "work).\n"
           "\n"
           "List columns: bytes per texel, bit range of each channel (D = depth, S = stencil,\n"
           "E = shared exponent), numeric kind, GCN DATA_FORMAT/NUM_FORMAT with the T#\n"
           "DST_SEL that reads R,G,B,A, ir3 GETINFO channel type and channel order\n"
           "(a3xx-a4xx/a5xx+), CUDA channel kind (s signed, u unsigned, f float).\n");
}

/* GCN IMG DATA_FORMAT names (docs/gcn-mimg.md §4.3) of the codes the format table uses. */
static const char *gcn_data_format_name(unsigned v)
{
    static const char *const names[] = {
        [1] = "8",          [2] = "16",           [3] = "8_8",      [4] = "32",
        [5] = "16_16",      [6] = "10_11_11",     [7] = "11_11_10", [8] = "10_10_10_2",
        [9] = "2_10_10_10", [10] = "8_8_8_8",     [11] = "32_32",   [12] = "16_16_16_16",
        [13] = "32_32_32",  [14] = "32_32_32_32", [16] = "5_6_5",   [17] = "1_5_5_5",
        [18] = "5_5_5_1",   [19] = "4_4_4_4",     [20] = "8_24",    [21] = "24_8",
        [22] = "X24_8_32",  [34] = "5_9_9_9",
    };
    return v < sizeof(names) / sizeof(names[0]) ? names[v] : NULL;
}

static const char *gcn_num_format_name(unsigned v)
{
    static const char *const names[] = {"UNORM", "SNORM", "USCALED", "SSCALED", "UINT",
                                        "SINT",  NULL,    "FLOAT",   NULL,      "SRGB"};
    return v < sizeof(names) / sizeof(names[0]) ? names[v] : NULL;
}

static char channel_letter(const tmu_format_info *info, unsigned c)
{
    if (info->is_depth)
        return c == 0 ? 'D' : 'S';
    if (info->shared_exponent && c == 3)
        return 'E';
    return "RGBA"[c];
}

static void layout_string(const tmu_format_info *info, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (unsigned c = 0; c < 4 && n < size; c++) {
        if (!info->bits[c])
            continue;
        unsigned lo = info->shift[c], hi = lo + info->bits[c] - 1;
        int k =
            snprintf(out + n, size - n, "%s%c%u:%u", n ? " " : "", channel_letter(info, c), hi, lo);
        if (k < 0)
            break;
        n += (size_t)k;
    }
}

static void sel_string(const uint8_t sel[4], char *out)
{
    for (unsigned c = 0; c < 4; c++) {
        uint8_t s = sel[c];
        out[c] = s == TMU_GCN_SEL_0                           ? '0'
                 : s == TMU_GCN_SEL_1                         ? '1'
                 : (s >= TMU_GCN_SEL_X && s <= TMU_GCN_SEL_W) ? "xyzw"[s - TMU_GCN_SEL_X]
                                                              : '?';
    }
    out[4] = '\0';
}

static void code_string(uint8_t v, char *out, size_t size)
{
    if (v == TMU_FORMAT_NO_CODE)
        snprintf(out, size, "-");
    else
        snprintf(out, size, "%u", v);
}

static int list_formats(void)
{
    printf("%-27s %5s  %-31s %-7s  %-24s %-12s %s\n", "format", "bytes", "layout (bits)", "kind",
           "gcn dfmt/nfmt sel", "ir3 type/ord", "cuda");
    unsigned count = 0;
    for (unsigned f = 1; f < TMU_FORMAT_COUNT; f++) {
        const tmu_format_info *info = tmu_format_get((tmu_format)f);
        char layout[64], gcn[40], sel[5], type[8], o3[8], o5[8];
        layout_string(info, layout, sizeof(layout));
        const char *df = gcn_data_format_name(info->gcn_data_format);
        const char *nf = gcn_num_format_name(info->gcn_num_format);
        sel_string(info->gcn_dst_sel, sel);
        if (df && nf)
            snprintf(gcn, sizeof(gcn), "%s/%s %s", df, nf, sel);
        else
            snprintf(gcn, sizeof(gcn), "-");
        code_string(info->ir3_type, type, sizeof(type));
        code_string(info->ir3_order[TMU_IR3_ORDER_A3XX], o3, sizeof(o3));
        code_string(info->ir3_order[TMU_IR3_ORDER_A5XX], o5, sizeof(o5));
        char ir3[32];
        snprintf(ir3, sizeof(ir3), "%s/%s/%s", type, o3, o5);
        const char *cuda = info->cuda_kind == 0   ? "s"
                           : info->cuda_kind == 1 ? "u"
                           : info->cuda_kind == 2 ? "f"
                                                  : "-";
        printf("%-27s %5u  %-31s %-7s  %-24s %-12s %s\n", info->name, info->bytes, layout,
               tmu_numeric_name(info->numeric), gcn, ir3, cuda);
        count++;
    }
    printf("%u formats\n", count);
    return TMU_EXIT_OK;
}

/* Looks FORMAT up or reports it (a usage error) with the nearest names. */
static int find_format(const char *where, const char *name, tmu_format *out)
{
    *out = tmu_format_from_name(name);
    if (*out != TMU_FORMAT_INVALID)
        return 0;
    const char *names[TMU_FORMAT_COUNT];
    size_t n = 0;
    for (unsigned f = 1; f < TMU_FORMAT_COUNT; f++)
        names[n++] = tmu_format_name((tmu_format)f);
    return tmu_cli_unknown_name(where, "format", name, names, n);
}

static int hex_digit(int ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

/* Parses the bytes of HEXBYTES; returns the count, or -1 after printing an error. */
static int parse_bytes(const char *text, uint8_t *out, size_t max, size_t want, const char *fmt)
{
    size_t n = 0, digits = 0;
    int pending = -1;
    char echo[TMU_CLI_ECHO_BUF];
    tmu_cli_shorten(echo, text);
    if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
        return tmu_cli_error("HEXBYTES", "'%s': give the texel's bytes in memory order, without 0x",
                             echo),
               -1;
    for (size_t i = 0; text[i]; i++) {
        int ch = (unsigned char)text[i];
        if (ch == ' ' || ch == '_' || ch == ':') {
            if (pending >= 0)
                return tmu_cli_error("HEXBYTES", "'%s': separator at column %zu splits a byte",
                                     echo, i + 1),
                       -1;
            continue;
        }
        int d = hex_digit(ch);
        if (d < 0)
            return tmu_cli_error("HEXBYTES", "'%s': '%c' at column %zu is not a hex digit", echo,
                                 ch >= 0x20 && ch < 0x7f ? ch : '?', i + 1),
                   -1;
        digits++;
        if (pending < 0) {
            pending = d;
        } else {
            if (n < max)
                out[n] = (uint8_t)(pending << 4 | d);
            n++;
            pending = -1;
        }
    }
    if (pending >= 0 || n != want)
        return tmu_cli_error("HEXBYTES", "'%s' has %zu hex digits; %s needs %zu byte%s (%zu digits)",
                             echo, digits, fmt, want, want == 1 ? "" : "s", 2 * want),
               -1;
    return (int)n;
}

static int is_integer_format(const tmu_format_info *info)
{
    return info->numeric == TMU_NUMERIC_UINT || info->numeric == TMU_NUMERIC_SINT;
}

static int channel_is_integer(const tmu_format_info *info, unsigned c)
{
    return is_integer_format(info) || (info->has_stencil && c == 1);
}

static void print_texel(const tmu_format_info *info, const tmu_texel *t)
{
    static const char *const names[4] = {"R", "G", "B", "A"};
    for (unsigned c = 0; c < 4; c++) {
        const char *name = names[c];
        if (info->is_depth && c < 2)
            name = c == 0 ? "D" : (info->has_stencil ? "S" : "G");
        if (channel_is_integer(info, c)) {
            if (info->numeric == TMU_NUMERIC_SINT)
                printf("%-3s %d\n", name, t->i[c]);
            else
                printf("%-3s %u\n", name, t->u[c]);
        } else {
            char num[48];
            snprintf(num, sizeof(num), "%.9g", t->f[c]);
            printf("%-3s %-16s (0x%08x)\n", name, num, t->u[c]);
        }
    }
}

static int cmd_decode(int npos, char **pos)
{
    if (npos != 2)
        return tmu_cli_usage_error("--decode", "needs FORMAT and HEXBYTES (got %d argument%s)",
                                   npos, npos == 1 ? "" : "s");
    tmu_format f;
    int rc = find_format("FORMAT", pos[0], &f);
    if (rc)
        return rc;
    const tmu_format_info *info = tmu_format_get(f);
    uint8_t bytes[16];
    if (parse_bytes(pos[1], bytes, sizeof(bytes), info->bytes, info->name) < 0)
        return TMU_EXIT_FAIL;
    tmu_texel t;
    tmu_status st = tmu_format_decode(f, bytes, &t);
    if (st != TMU_OK)
        return tmu_cli_error("HEXBYTES", "%s", tmu_status_str(st));
    printf("format %s (%s, %u bytes)\nbytes ", info->name, tmu_numeric_name(info->numeric),
           info->bytes);
    for (unsigned b = 0; b < info->bytes; b++)
        printf(" %02x", bytes[b]);
    printf("\n");
    print_texel(info, &t);
    return TMU_EXIT_OK;
}

/* The channel the i-th --encode value goes to: the i-th channel the format stores (a luminance
 * format's G and B repeat R's bits and take no value; a shared exponent is no channel). */
static unsigned stored_channel(const tmu_format_info *info, unsigned i)
{
    for (unsigned c = 0; c < 4; c++) {
        int stored = info->bits[c] && !(info->shared_exponent && c == 3);
        for (unsigned k = 0; k < c && stored; k++)
            if (info->bits[k] == info->bits[c] && info->shift[k] == info->shift[c])
                stored = 0;
        if (stored && i-- == 0)
            return c;
    }
    return 3;
}

static int parse_value(const tmu_format_info *info, unsigned i, const char *text, tmu_texel *t)
{
    char where[24], echo[TMU_CLI_ECHO_BUF];
    unsigned c = stored_channel(info, i);
    snprintf(where, sizeof where, "value %u", i + 1);
    tmu_cli_shorten(echo, text);
    if (channel_is_integer(info, c)) {
        int is_signed = info->numeric == TMU_NUMERIC_SINT && !(info->has_stencil && c == 1);
        long long lo = is_signed ? -2147483648LL : 0, hi = is_signed ? 2147483647LL : 4294967295LL;
        long long v;
        if (tmu_cli_parse_int(text, lo, hi, &v))
            return tmu_cli_error(where, "'%s' is not an integer in [%lld, %lld]", echo, lo, hi), -1;
        t->u[c] = (uint32_t)(int64_t)v;
        return 0;
    }
    float v;
    if (tmu_cli_parse_float(text, -FLT_MAX, FLT_MAX, 1, &v))
        return tmu_cli_error(where, "'%s' is not a number (a finite float, nan or inf)", echo), -1;
    t->f[c] = v;
    return 0;
}

static int cmd_encode(int npos, char **pos)
{
    if (npos < 2 || npos > 5)
        return tmu_cli_usage_error("--encode", "needs FORMAT and 1 to 4 values (got %d argument%s)",
                                   npos, npos == 1 ? "" : "s");
    tmu_format f;
    int rc = find_format("FORMAT", pos[0], &f);
    if (rc)
        return rc;
    const tmu_format_info *info = tmu_format_get(f);
    if ((unsigned)(npos - 1) > info->channels)
        return tmu_cli_error("--encode", "%s has %u channel%s; got %d values", info->name,
                             info->channels, info->channels == 1 ? "" : "s", npos - 1);
    tmu_texel t;
    t.u[0] = t.u[1] = t.u[2] = 0;
    t.u[3] = is_integer_format(info) ? 1u : 0x3F800000u; /* 1 or 1.0f */
    for (int i = 1; i < npos; i++)
        if (parse_value(info, (unsigned)(i - 1), pos[i], &t))
            return TMU_EXIT_FAIL;
    uint8_t bytes[16];
    tmu_status st = tmu_format_encode(f, &t, bytes);
    if (st != TMU_OK)
        return tmu_cli_error("--encode", "%s", tmu_status_str(st));
    for (unsigned b = 0; b < info->bytes; b++)
        printf("%02x", bytes[b]);
    printf("\n");
    return TMU_EXIT_OK;
}

int tmu_cmd_formats(int argc, char **argv)
{
    static const tmu_cli_option opts[] = {
        {"--decode", NULL, TMU_CLI_FLAG},
        {"--encode", NULL, TMU_CLI_FLAG},
    };
    tmu_cli_set_command("formats", usage);
    tmu_cli_args a;
    tmu_cli_args_init(&a, argc, argv, opts, 2);
    a.numbers_positional = 1; /* --encode r16_sint -123 */
    char **pos = calloc((size_t)argc + 1, sizeof *pos);
    if (!pos)
        return tmu_cli_error(NULL, "out of memory");
    int npos = 0, mode = -1, rc = -1;
    const char *v;
    for (int k; rc < 0 && (k = tmu_cli_next(&a, &v)) != TMU_CLI_END;) {
        if (k == TMU_CLI_HELP) {
            usage(stdout);
            rc = TMU_EXIT_OK;
        } else if (k == TMU_CLI_ERROR) {
            rc = TMU_EXIT_USAGE;
        } else if (k == TMU_CLI_ARG) {
            pos[npos++] = (char *)v;
        } else if (mode >= 0 && mode != k) {
            rc = tmu_cli_usage_error(opts[k].name, "give either --decode or --encode");
        } else {
            mode = k;
        }
    }
    if (rc < 0) {
        if (mode < 0 && npos)
            rc = tmu_cli_usage_error("argument 1", "unexpected '%s' (give --decode or --encode)",
                                     pos[0]);
        else if (mode < 0)
            rc = list_formats();
        else
            rc = mode == 0 ? cmd_decode(npos, pos) : cmd_encode(npos, pos);
    }
    free(pos);
    return rc;
}
