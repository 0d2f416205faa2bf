/* The names ptxas 13.0 knows: instruction names (which decide "Not a name of any known
 * instruction") and modifier words (which decide "Unknown modifier" and the repeated-modifier
 * messages on a statement whose instruction is unknown).
 *
 * Source of the instruction names: NVIDIA, "Parallel Thread Execution ISA Version 9.0", section
 * 9.7 "Instructions" (docs.nvidia.com/cuda/parallel-thread-execution, contents), one row per
 * instruction, spelled as ptxas 13.0.88 names it in its messages ("Arguments mismatch for
 * instruction 'cp.async.bulk.tensor'", "... for 'mul24.lo'"): some names carry their first
 * modifiers (mul24.lo, shf.l, wmma.load.a, createpolicy.fractional), and ptxas refuses the bare
 * word ("Not a name of any known instruction: 'mul24'").  Rows with known = 0 are names ptxas
 * lexes as one instruction name although no instruction has it (measured: "tex.clamp %r1;" ->
 * "Not a name of any known instruction: 'tex.clamp'").  The modifier words, their classes and
 * messages were measured with ptxas 13.0.88 ("foo.W %r1;", "foo.v4.W %r1;", "foo.W.W %r1;").
 * tests/tools/ptx_names_check.py feeds every row to ptxas and checks it; docs/ptx-checker.md
 * ("Instruction names") gives the rule. */
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx_internal.h"

/* Sorted by strcmp (ptx_names_check.py and test_ptx_parse check it). */
static const ptx_name_row instr_names[] = {
    {"abs", 1},
    {"activemask", 1},
    {"add", 1},
    {"add.cc", 1},
    {"addc", 1},
    {"alloca", 1},
    {"and", 1},
    {"applypriority", 1},
    {"atom", 1},
    {"bar", 1},
    {"bar.cta", 1},
    {"bar.warp", 1},
    {"barrier", 1},
    {"barrier.cluster", 0},
    {"barrier.cluster.arrive", 1},
    {"barrier.cluster.wait", 1},
    {"barrier.cta", 1},
    {"bfe", 1},
    {"bfi", 1},
    {"bfind", 1},
    {"bmsk", 1},
    {"bra", 1},
    {"brev", 1},
    {"brkpt", 1},
    {"brx.idx", 1},
    {"call", 1},
    {"clusterlaunchcontrol.query_cancel", 1},
    {"clusterlaunchcontrol.try_cancel.async", 1},
    {"clz", 1},
    {"cnot", 1},
    {"copysign", 1},
    {"cos", 1},
    {"cp.async", 1},
    {"cp.async.bulk", 1},
    {"cp.async.bulk.commit_group", 1},
    {"cp.async.bulk.prefetch", 1},
    {"cp.async.bulk.prefetch.tensor", 1},
    {"cp.async.bulk.tensor", 1},
    {"cp.async.bulk.wait_group", 1},
    {"cp.async.commit_group", 1},
    {"cp.async.mbarrier.arrive", 1},
    {"cp.async.wait_all", 1},
    {"cp.async.wait_group", 1},
    {"cp.reduce.async.bulk", 1},
    {"cp.reduce.async.bulk.tensor", 1},
    {"createpolicy.cvt", 1},
    {"createpolicy.fractional", 1},
    {"createpolicy.range", 1},
    {"cvt", 1},
    {"cvt.pack", 1},
    {"cvta", 1},
    {"discard", 1},
    {"div", 1},
    {"dp2a", 1},
    {"dp2a.hi", 1},
    {"dp2a.lo", 1},
    {"dp4a", 1},
    {"elect", 1},
    {"ex2", 1},
    {"exit", 1},
    {"fence", 1},
    {"fma", 1},
    {"fns", 1},
    {"getctarank", 1},
    {"griddepcontrol", 1},
    {"isspacep", 1},
    {"istypep", 1},
    {"ld", 1},
    {"ldmatrix", 1},
    {"ldu", 1},
    {"lg2", 1},
    {"lop3", 1},
    {"mad", 1},
    {"mad.cc", 1},
    {"mad.hi", 1},
    {"mad.lo", 1},
    {"mad.wide", 1},
    {"mad24.hi", 1},
    {"mad24.lo", 1},
    {"madc.hi", 1},
    {"madc.lo", 1},
    {"mapa", 1},
    {"match", 1},
    {"max", 1},
    {"mbarrier.arrive", 1},
    {"mbarrier.arrive_drop", 1},
    {"mbarrier.complete_tx", 1},
    {"mbarrier.expect_tx", 1},
    {"mbarrier.init", 1},
    {"mbarrier.inval", 1},
    {"mbarrier.pending_count", 1},
    {"mbarrier.test_wait", 1},
    {"mbarrier.try_wait", 1},
    {"membar", 1},
    {"min", 1},
    {"mma", 1},
    {"mov", 1},
    {"movmatrix", 1},
    {"mul", 1},
    {"mul.hi", 1},
    {"mul.lo", 1},
    {"mul.wide", 1},
    {"mul24.hi", 1},
    {"mul24.lo", 1},
    {"multimem.ld_reduce", 1},
    {"multimem.red", 1},
    {"multimem.st", 1},
    {"nanosleep", 1},
    {"neg", 1},
    {"not", 1},
    {"or", 1},
    {"pmevent", 1},
    {"popc", 1},
    {"prefetch", 1},
    {"prefetchu", 1},
    {"prmt", 1},
    {"rcp", 1},
    {"red", 1},
    {"red.async", 1},
    {"redux", 1},
    {"rem", 1},
    {"ret", 1},
    {"rsqrt", 1},
    {"sad", 1},
    {"selp", 1},
    {"set", 1},
    {"setmaxnreg.dec", 1},
    {"setmaxnreg.inc", 1},
    {"setp", 1},
    {"shf.l", 1},
    {"shf.r", 1},
    {"shfl", 1},
    {"shl", 1},
    {"shr", 1},
    {"sin", 1},
    {"slct", 1},
    {"sqrt", 1},
    {"st", 1},
    {"st.async", 1},
    {"st.bulk", 1},
    {"stackrestore", 1},
    {"stacksave", 1},
    {"stmatrix", 1},
    {"sub", 1},
    {"sub.cc", 1},
    {"subc", 1},
    {"suld.b", 1},
    {"suld.p", 0},
    {"suq", 1},
    {"sured.b", 1},
    {"sured.p", 1},
    {"sust.b", 1},
    {"sust.p", 1},
    {"szext", 1},
    {"tanh", 1},
    {"tcgen05.alloc", 1},
    {"tcgen05.commit", 1},
    {"tcgen05.cp", 1},
    {"tcgen05.dealloc", 1},
    {"tcgen05.fence", 1},
    {"tcgen05.ld", 1},
    {"tcgen05.mma", 1},
    {"tcgen05.mma.ws", 1},
    {"tcgen05.relinquish_alloc_permit", 1},
    {"tcgen05.shift", 1},
    {"tcgen05.st", 1},
    {"tcgen05.wait", 1},
    {"tensormap.cp_fenceproxy", 1},
    {"tensormap.replace", 1},
    {"testp", 1},
    {"tex", 1},
    {"tex.base", 1},
    {"tex.clamp", 0},
    {"tex.grad", 1},
    {"tex.grad.clamp", 0},
    {"tex.level", 1},
    {"tld4", 1},
    {"trap", 1},
    {"txq", 1},
    {"txq.level", 1},
    {"vabsdiff", 1},
    {"vabsdiff2", 1},
    {"vabsdiff4", 1},
    {"vadd", 1},
    {"vadd2", 1},
    {"vadd4", 1},
    {"vavrg2", 1},
    {"vavrg4", 1},
    {"vmad", 1},
    {"vmax", 1},
    {"vmax2", 1},
    {"vmax4", 1},
    {"vmin", 1},
    {"vmin2", 1},
    {"vmin4", 1},
    {"vote", 1},
    {"vset", 1},
    {"vset2", 1},
    {"vset4", 1},
    {"vshl", 1},
    {"vshr", 1},
    {"vsub", 1},
    {"vsub2", 1},
    {"vsub4", 1},
    {"wgmma.commit_group", 1},
    {"wgmma.fence", 1},
    {"wgmma.mma_async", 1},
    {"wgmma.wait_group", 1},
    {"wmma.load.a", 1},
    {"wmma.load.b", 1},
    {"wmma.load.c", 1},
    {"wmma.mma", 1},
    {"wmma.store.d", 1},
    {"xor", 1},
};

/* The repeated-modifier messages ptxas gives (one class of modifiers shares one message). */
#define M_VEC "Multiple vector modifiers specified"
#define M_DIM "Multiple dimension modifiers specified"
#define M_TEX "Multiple texture modifiers specified"
#define M_QUERY "Multiple query modifiers specified"
#define M_COMP "Multiple component modifiers specified"
#define M_CLAMP "Multiple clamp modifiers specified"
#define M_ROUND "Multiple rounding modifiers specified"
#define M_CACHE "Multiple cache operation modifiers specified"
#define M_SCOPE "Multiple scope modifiers specified"
#define M_SHAPE "Multiple matrix shape modifiers specified"
#define M_NUM "Multiple .num modifiers specified"
#define M_PERM "Multiple permute modifiers specified"
#define M_SHFL "Multiple shuffle modifiers specified"
#define M_LOAD "Multiple .load_mode modifiers specified"
#define M_CMP "Multiple comparisons set"
#define M_PREF "Multiple cache prefetching modifiers specified"
#define M_KIND "Multiple .kind modifiers specified"
#define M_COLL "Multiple .collector_usage modifiers specified"
#define M_ANYALL "Multiple .any/.all modifiers specified"
#define T PTX_MOD_TYPE
#define V PTX_MOD_VEC

/* Modifier words (without the dot), sorted by strcmp.  flags: T a type (a .v2/.v4 before it
 * gets no warning), V .v2/.v4 (warned about when no type follows); dup: the message for a
 * second modifier with the same message (NULL: none; "Duplicate .W modifier" rows name only
 * their own word). */
static const ptx_mod_row mod_words[] = {
    {"1d", 0, M_DIM},
    {"2d", 0, M_DIM},
    {"2dms", 0, M_TEX},
    {"3d", 0, M_DIM},
    {"4d", 0, M_DIM},
    {"5d", 0, M_DIM},
    {"L1", 0, M_CACHE},
    {"L1::evict_first", 0, NULL},
    {"L1::evict_last", 0, NULL},
    {"L1::evict_normal", 0, NULL},
    {"L1::evict_unchanged", 0, NULL},
    {"L1::no_allocate", 0, NULL},
    {"L2", 0, M_CACHE},
    {"L2::128B", 0, M_PREF},
    {"L2::256B", 0, M_PREF},
    {"L2::64B", 0, M_PREF},
    {"L2::cache_hint", 0, "Multiple .L2::cache_hint modifiers specified"},
    {"L2::evict_first", 0, NULL},
    {"L2::evict_last", 0, NULL},
    {"L2::evict_normal", 0, NULL},
    {"a", 0, M_COMP},
    {"a1d", 0, M_TEX},
    {"a2d", 0, M_TEX},
    {"a2dms", 0, M_TEX},
    {"abs", 0, "Multiple .abs modifiers specified"},
    {"acq_rel", 0, "Duplicate .acq_rel modifier"},
    {"acquire", 0, "Duplicate .acquire modifier"},
    {"acube", 0, M_TEX},
    {"add", 0, NULL},
    {"addr_mode_0", 0, M_QUERY},
    {"addr_mode_1", 0, M_QUERY},
    {"addr_mode_2", 0, M_QUERY},
    {"alias", 0, "Multiple .alias modifiers specified"},
    {"aligned", 0, "Multiple .aligned modifiers specified"},
    {"all", 0, M_ANYALL},
    {"alloc", 0, "Multiple .alloc modifiers specified"},
    {"and", 0, NULL},
    {"any", 0, M_ANYALL},
    {"approx", 0, NULL},
    {"array_size", 0, M_QUERY},
    {"async", 0, "Multiple .async modifiers specified"},
    {"b", 0, M_COMP},
    {"b1", 0, NULL},
    {"b128", T, NULL},
    {"b16", T, NULL},
    {"b32", T, NULL},
    {"b4e", 0, M_PERM},
    {"b64", T, NULL},
    {"b8", T, NULL},
    {"ballot", 0, "Multiple vote modifiers specified"},
    {"bf16", T, NULL},
    {"bf16x2", T, NULL},
    {"bfly", 0, M_SHFL},
    {"ca", 0, M_CACHE},
    {"cas", 0, NULL},
    {"cc", 0, NULL},
    {"cg", 0, M_CACHE},
    {"channel_data_type", 0, M_QUERY},
    {"channel_order", 0, M_QUERY},
    {"clamp", 0, M_CLAMP},
    {"cluster", 0, M_SCOPE},
    {"col", 0, NULL},
    {"collector::a::discard", 0, M_COLL},
    {"collector::a::fill", 0, M_COLL},
    {"collector::a::lastuse", 0, M_COLL},
    {"collector::a::use", 0, M_COLL},
    {"const", 0, NULL},
    {"cp", 0, "Multiple .cp modifiers specified"},
    {"cs", 0, M_CACHE},
    {"cta", 0, M_SCOPE},
    {"cta_group::1", 0, "Multiple .cta_group::1 modifiers specified"},
    {"cta_group::2", 0, "Multiple .cta_group::2 modifiers specified"},
    {"cube", 0, M_TEX},
    {"cv", 0, M_CACHE},
    {"dealloc", 0, "Multiple .dealloc modifiers specified"},
    {"dec", 0, NULL},
    {"depth", 0, M_QUERY},
    {"down", 0, "Multiple .down modifiers specified"},
    {"e2m1", 0, NULL},
    {"e2m1x2", T, NULL},
    {"e2m3", 0, NULL},
    {"e2m3x2", T, NULL},
    {"e3m2", 0, NULL},
    {"e3m2x2", T, NULL},
    {"e4m3", T, NULL},
    {"e4m3x2", T, NULL},
    {"e5m2", T, NULL},
    {"e5m2x2", T, NULL},
    {"ecl", 0, M_PERM},
    {"ecr", 0, M_PERM},
    {"eq", 0, M_CMP},
    {"equ", 0, M_CMP},
    {"evict_first", 0, NULL},
    {"evict_last", 0, NULL},
    {"evict_normal", 0, NULL},
    {"evict_unchanged", 0, NULL},
    {"exch", 0, NULL},
    {"f16", T, NULL},
    {"f16x2", T, NULL},
    {"f32", T, NULL},
    {"f4e", 0, M_PERM},
    {"f64", T, NULL},
    {"filter_mode", 0, M_QUERY},
    {"force_unnormalized_coords", 0, M_QUERY},
    {"ftz", 0, "Duplicate .ftz modifier"},
    {"g", 0, M_COMP},
    {"ge", 0, M_CMP},
    {"geu", 0, M_CMP},
    {"gl", 0, M_SCOPE},
    {"global", 0, NULL},
    {"gpu", 0, M_SCOPE},
    {"gt", 0, M_CMP},
    {"gtu", 0, M_CMP},
    {"height", 0, M_QUERY},
    {"hi", 0, M_CMP},
    {"hs", 0, M_CMP},
    {"idx", 0, M_SHFL},
    {"im2col", 0, M_LOAD},
    {"im2col::w", 0, M_LOAD},
    {"im2col::w::128", 0, M_LOAD},
    {"inc", 0, NULL},
    {"kind::f16", 0, M_KIND},
    {"kind::f8f6f4", 0, M_KIND},
    {"kind::i8", 0, M_KIND},
    {"kind::mxf4", 0, M_KIND},
    {"kind::mxf4nvf4", 0, M_KIND},
    {"kind::mxf8f6f4", 0, M_KIND},
    {"kind::tf32", 0, M_KIND},
    {"launch_dependents", 0, "Duplicate .launch_dependents modifier"},
    {"ld", 0, "Multiple .ld modifiers specified"},
    {"le", 0, M_CMP},
    {"leu", 0, M_CMP},
    {"lo", 0, M_CMP},
    {"local", 0, NULL},
    {"ls", 0, M_CMP},
    {"lt", 0, M_CMP},
    {"ltu", 0, M_CMP},
    {"lu", 0, M_CACHE},
    {"m16n16k16", 0, M_SHAPE},
    {"m16n8k16", 0, M_SHAPE},
    {"m16n8k8", 0, M_SHAPE},
    {"m64n8k16", 0, M_SHAPE},
    {"m8n8k4", 0, M_SHAPE},
    {"max", 0, NULL},
    {"mbarrier::complete_tx::bytes", 0, "Multiple .mbarrier::complete_tx::bytes modifiers specified"},
    {"min", 0, NULL},
    {"mma", 0, "Multiple .mma modifiers specified"},
    {"mmio", 0, "Multiple .mmio modifiers specified"},
    {"multicast::cluster", 0, "Multiple .multicast::cluster modifiers specified"},
    {"nan", 0, M_CMP},
    {"nc", 0, "Duplicate .nc modifier"},
    {"ne", 0, M_CMP},
    {"neu", 0, M_CMP},
    {"no_allocate", 0, NULL},
    {"noinc", 0, "Multiple .noinc modifiers specified"},
    {"normalized_coords", 0, M_QUERY},
    {"num", 0, M_CMP},
    {"num_mipmap_levels", 0, M_QUERY},
    {"num_samples", 0, M_QUERY},
    {"or", 0, NULL},
    {"param", 0, NULL},
    {"param::entry", 0, NULL},
    {"param::func", 0, NULL},
    {"popc", 0, NULL},
    {"pred", T, NULL},
    {"r", 0, M_COMP},
    {"rc16", 0, M_PERM},
    {"rc8", 0, M_PERM},
    {"relaxed", 0, "Duplicate .relaxed modifier"},
    {"release", 0, "Duplicate .release modifier"},
    {"relu", 0, NULL},
    {"rm", 0, M_ROUND},
    {"rmi", 0, M_ROUND},
    {"rn", 0, M_ROUND},
    {"rna", 0, M_ROUND},
    {"rni", 0, M_ROUND},
    {"row", 0, NULL},
    {"rp", 0, M_ROUND},
    {"rpi", 0, M_ROUND},
    {"rs", 0, M_ROUND},
    {"rz", 0, M_ROUND},
    {"rzi", 0, M_ROUND},
    {"s16", T, NULL},
    {"s2", T, NULL},
    {"s32", T, NULL},
    {"s4", T, NULL},
    {"s64", T, NULL},
    {"s8", T, NULL},
    {"samplerref", T, NULL},
    {"sat", 0, NULL},
    {"satfinite", 0, NULL},
    {"sc", 0, "Duplicate .sc modifier"},
    {"shared", 0, NULL},
    {"shared::cluster", 0, NULL},
    {"shared::cta", 0, NULL},
    {"shift", 0, "Multiple .shift modifiers specified"},
    {"shiftamt", 0, NULL},
    {"sp", 0, "Multiple sparsity modifiers specified"},
    {"sp::ordered_metadata", 0, "Multiple sparsity modifiers specified"},
    {"st", 0, "Multiple .st modifiers specified"},
    {"surfref", T, NULL},
    {"sync", 0, NULL},
    {"sys", 0, M_SCOPE},
    {"tensormap", 0, M_CACHE},
    {"tex", 0, NULL},
    {"texref", T, NULL},
    {"tf32", 0, NULL},
    {"tile", 0, M_LOAD},
    {"tile::gather4", 0, M_LOAD},
    {"tile::scatter4", 0, M_LOAD},
    {"trans", 0, "Multiple .trans modifiers specified"},
    {"trap", 0, M_CLAMP},
    {"u16", T, NULL},
    {"u2", T, NULL},
    {"u32", T, NULL},
    {"u4", T, NULL},
    {"u64", T, NULL},
    {"u8", T, NULL},
    {"ue4m3", 0, NULL},
    {"ue8m0", 0, NULL},
    {"ue8m0x2", T, NULL},
    {"uni", 0, NULL},
    {"up", 0, M_SHFL},
    {"v2", V, M_VEC},
    {"v4", V, M_VEC},
    {"v8", 0, M_VEC},
    {"volatile", 0, "Duplicate .volatile modifier"},
    {"wait", 0, "Duplicate .wait modifier"},
    {"wb", 0, M_CACHE},
    {"weak", 0, "Duplicate .weak modifier"},
    {"width", 0, M_QUERY},
    {"wrap", 0, M_CLAMP},
    {"wt", 0, M_CACHE},
    {"x1", 0, M_NUM},
    {"x128", 0, M_NUM},
    {"x16", 0, M_NUM},
    {"x2", 0, M_NUM},
    {"x32", 0, M_NUM},
    {"x4", 0, M_NUM},
    {"x64", 0, M_NUM},
    {"x8", 0, M_NUM},
    {"xor", 0, NULL},
    {"zero", 0, M_CLAMP},
};

#undef T
#undef V

/* strcmp of a NUL-terminated row name against `len` bytes at p. */
static int cmp_n(const char *name, const char *p, size_t len)
{
    size_t i = 0;
    for (; i < len && name[i]; i++)
        if (name[i] != p[i])
            return (unsigned char)name[i] < (unsigned char)p[i] ? -1 : 1;
    if (i < len)
        return -1; /* name is a proper prefix */
    return name[i] ? 1 : 0;
}

const ptx_mod_row *ptx_modifier_word(const char *p, size_t len)
{
    size_t lo = 0, hi = sizeof mod_words / sizeof mod_words[0];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = cmp_n(mod_words[mid].word, p, len);
        if (c == 0)
            return &mod_words[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static int word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '$';
}

size_t ptx_instr_name(const char *p, size_t avail, size_t ident_len, int *known)
{
    /* the rows are sorted, and '.' sorts before every other character of a name: the row equal
     * to the identifier, if any, then every row that continues it with ".words" follow at once
     * from the identifier's lower bound; of those the longest that the text holds up to the end
     * of one of its words is the name (ptxas's lexer takes the longest name it knows) */
    const size_t n = sizeof instr_names / sizeof instr_names[0];
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cmp_n(instr_names[mid].name, p, ident_len) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    const ptx_name_row *row = NULL;
    size_t best = ident_len;
    for (size_t i = lo; i < n; i++) {
        const char *name = instr_names[i].name;
        size_t k = 0;
        while (k < ident_len && name[k] == p[k])
            k++;
        if (k < ident_len)
            break; /* past the rows that start with the identifier */
        if (name[k] == 0) {
            row = &instr_names[i];
            continue;
        }
        if (name[k] != '.')
            break; /* past the rows that continue it */
        while (k < avail && name[k] && name[k] == p[k])
            k++;
        if (name[k] == 0 && k > best && (k == avail || !word_char(p[k])))
            row = &instr_names[i], best = k;
    }
    *known = row && row->known;
    return best;
}

size_t ptx_instr_name_count(void)
{
    return sizeof instr_names / sizeof instr_names[0];
}

const ptx_name_row *ptx_instr_name_row(size_t i)
{
    return i < ptx_instr_name_count() ? &instr_names[i] : NULL;
}

size_t ptx_modifier_word_count(void)
{
    return sizeof mod_words / sizeof mod_words[0];
}

const ptx_mod_row *ptx_modifier_word_row(size_t i)
{
    return i < ptx_modifier_word_count() ? &mod_words[i] : NULL;
}
