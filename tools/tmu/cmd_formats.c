/* tmu formats — list the texel formats, decode one texel, or encode one. */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tmu/format.h"

static void usage(void)
{
    printf("usage: tmu formats                          list every texel format\n"
           "       tmu formats --decode FORMAT HEXBYTES  decode one texel\n"
           "       tmu formats --encode FORMAT V...      encode one texel (1 to 4 values)\n"
           "\n"
           "HEXBYTES are the texel's bytes in memory order (e.g. ff800000 for R=ff G=80 B=00\n"
           "A=00 of r8g8b8a8_*); spaces, '_' and ':' between bytes are allowed.  Values for\n"
           "--encode are floats (nan, inf allowed), or integers for uint/sint formats; a\n"
           "depth-stencil format takes the depth, then the stencil as an integer.  Missing\n"
           "values are 0, 0, 0, 1.  FORMAT is a name from the list (case-insensitive,\n"
           "Vulkan spellings such as VK_FORMAT_R16_SFLOAT and rgb9e5, x8z24, d24s8 work).\n"
           "\n"
           "List columns: bytes per texel, bit range of each channel (D = depth, S = stencil,\n"
           "E = shared exponent), numeric kind, GCN DATA_FORMAT/NUM_FORMAT with the T#\n"
           "DST_SEL that reads R,G,B,A, ir3 GETINFO channel type and channel order\n"
           "(a3xx-a4xx/a5xx+), CUDA channel kind (s signed, u unsigned, f float).\n");
}

/* GCN IMG DATA_FORMAT names (gcn-mimg.md §4.3) of the codes the format table uses. */
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

/* Looks FORMAT up or reports it with the nearest names. */
static int find_format(const char *where, const char *name, tmu_format *out)
{
    *out = tmu_format_from_name(name);
    if (*out != TMU_FORMAT_INVALID)
        return 0;
    const char *names[TMU_FORMAT_COUNT];
    size_t n = 0;
    for (unsigned f = 1; f < TMU_FORMAT_COUNT; f++)
        names[n++] = tmu_format_name((tmu_format)f);
    tmu_cli_unknown_name(where, "format", name, names, n);
    return -1;
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
    if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
        return tmu_cli_error("formats --decode",
                             "HEXBYTES '%s': give the texel's bytes in memory order, without 0x",
                             text),
               -1;
    for (size_t i = 0; text[i]; i++) {
        int ch = (unsigned char)text[i];
        if (ch == ' ' || ch == '_' || ch == ':') {
            if (pending >= 0)
                return tmu_cli_error("formats --decode",
                                     "HEXBYTES '%s': separator at column %zu splits a byte", text,
                                     i + 1),
                       -1;
            continue;
        }
        int d = hex_digit(ch);
        if (d < 0)
            return tmu_cli_error("formats --decode",
                                 "HEXBYTES '%s': '%c' at column %zu is not a hex digit", text, ch,
                                 i + 1),
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
        return tmu_cli_error("formats --decode",
                             "HEXBYTES '%s' has %zu hex digits; %s needs %zu byte%s (%zu digits)",
                             text, digits, fmt, want, want == 1 ? "" : "s", 2 * want),
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

static int cmd_decode(int argc, char **argv)
{
    if (argc != 4)
        return tmu_cli_usage_error("formats", "--decode needs FORMAT and HEXBYTES");
    tmu_format f;
    if (find_format("formats --decode", argv[2], &f))
        return TMU_EXIT_FAIL;
    const tmu_format_info *info = tmu_format_get(f);
    uint8_t bytes[16];
    if (parse_bytes(argv[3], bytes, sizeof(bytes), info->bytes, info->name) < 0)
        return TMU_EXIT_FAIL;
    tmu_texel t;
    tmu_status st = tmu_format_decode(f, bytes, &t);
    if (st != TMU_OK)
        return tmu_cli_error("formats --decode", "%s", tmu_status_str(st));
    printf("format %s (%s, %u bytes)\nbytes ", info->name, tmu_numeric_name(info->numeric),
           info->bytes);
    for (unsigned b = 0; b < info->bytes; b++)
        printf(" %02x", bytes[b]);
    printf("\n");
    print_texel(info, &t);
    return TMU_EXIT_OK;
}

static int parse_value(const tmu_format_info *info, unsigned c, const char *text, tmu_texel *t)
{
    char *end;
    errno = 0;
    if (channel_is_integer(info, c)) {
        long long v = strtoll(text, &end, 0);
        int is_signed = info->numeric == TMU_NUMERIC_SINT && !(info->has_stencil && c == 1);
        long long lo = is_signed ? -2147483648LL : 0, hi = is_signed ? 2147483647LL : 4294967295LL;
        if (end == text || *end || errno || v < lo || v > hi)
            return tmu_cli_error("formats --encode",
                                 "value %u '%s' is not an integer in [%lld, %lld]", c + 1, text, lo,
                                 hi),
                   -1;
        t->u[c] = (uint32_t)(int64_t)v;
        return 0;
    }
    float v = strtof(text, &end);
    if (end == text || *end)
        return tmu_cli_error("formats --encode", "value %u '%s' is not a number", c + 1, text), -1;
    t->f[c] = v;
    return 0;
}

static int cmd_encode(int argc, char **argv)
{
    if (argc < 4 || argc > 7)
        return tmu_cli_usage_error("formats", "--encode needs FORMAT and 1 to 4 values");
    tmu_format f;
    if (find_format("formats --encode", argv[2], &f))
        return TMU_EXIT_FAIL;
    const tmu_format_info *info = tmu_format_get(f);
    if ((unsigned)(argc - 3) > info->channels)
        return tmu_cli_error("formats --encode", "%s has %u channel%s; got %d values", info->name,
                             info->channels, info->channels == 1 ? "" : "s", argc - 3);
    tmu_texel t;
    t.u[0] = t.u[1] = t.u[2] = 0;
    t.u[3] = is_integer_format(info) ? 1u : 0x3F800000u; /* 1 or 1.0f */
    for (int i = 3; i < argc; i++)
        if (parse_value(info, (unsigned)(i - 3), argv[i], &t))
            return TMU_EXIT_FAIL;
    uint8_t bytes[16];
    tmu_status st = tmu_format_encode(f, &t, bytes);
    if (st != TMU_OK)
        return tmu_cli_error("formats --encode", "%s", tmu_status_str(st));
    for (unsigned b = 0; b < info->bytes; b++)
        printf("%02x", bytes[b]);
    printf("\n");
    return TMU_EXIT_OK;
}

int tmu_cmd_formats(int argc, char **argv)
{
    if (argc > 1 && tmu_cli_is_help(argv[1])) {
        usage();
        return TMU_EXIT_OK;
    }
    if (argc == 1)
        return list_formats();
    if (!strcmp(argv[1], "--decode"))
        return cmd_decode(argc, argv);
    if (!strcmp(argv[1], "--encode"))
        return cmd_encode(argc, argv);
    return tmu_cli_usage_error("formats", "unexpected argument '%s'", argv[1]);
}
