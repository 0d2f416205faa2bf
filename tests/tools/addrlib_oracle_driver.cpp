// tmu's driver for AMD addrlib (Mesa src/amd/addrlib, compiled unmodified by addrlib_oracle.sh):
// it only calls addrlib's public entry points (AddrCreate, Addr2ComputeSurfaceInfo,
// Addr2ComputeSurfaceAddrFromCoord, Addr2ComputePipeBankXor; for gfx6-8 AddrComputeSurfaceInfo and
// AddrComputeSurfaceAddrFromCoord) and prints what they return in the columns of
// tests/data/amd-tiling-gfx9-10.tsv / amd-tiling-gfx6-8.tsv.  Nothing of tmu is linked or consulted.
//
//   addrlib-oracle vectors SEED N CHIP...   N surfaces per CHIP (CHIP: name:gen:family:rev:gb),
//                                           random sizes / modes from a splitmix64 stream seeded
//                                           with SEED; one row per surface that addrlib accepts
//                                           and addresses; '#chip' rows first, statistics last
//   addrlib-oracle check FILE               recomputes every row of a vector file in that format
//                                           (its '#chip' rows give the chips) and reports each
//                                           column or address that differs; exit 1 on any
//   addrlib-oracle fill FILE                FILE: '#chip' rows, then rows of the 12 input columns
//                                           (chip .. pipe_bank_xor) and a 13th of coordinates
//                                           'x,y,slice,sample,mip' (blank separated); writes the
//                                           vector rows (every output column and address filled by
//                                           addrlib); a surface or address addrlib refuses drops
//                                           the row, counted on a '#fill' row at the end
//   addrlib-oracle check6 FILE              gfx6-8 (Addr1, tile-index tables): recomputes every
//                                           row / address of a file in the format of
//                                           tests/data/amd-tiling-gfx6-8.tsv; exit 1 on any
//                                           difference
//   addrlib-oracle fill6 FILE               FILE: its '#chip' rows, then rows of the 11 input
//                                           columns (chip .. flags) and a 12th of coordinates
//                                           'x,y,slice,sample'; writes full rows ('#fill' counts)
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "addrinterface.h"

// Mesa ac_surface.c defines the gfx9+ engine id itself (the addrlib headers do not)
#ifndef CIASICIDGFXENGINE_ARCTICISLAND
#define CIASICIDGFXENGINE_ARCTICISLAND 0x0000000D
#endif

namespace {

struct Chip {
    std::string name, gen;
    unsigned family, rev, gb;
    ADDR_HANDLE lib;
};

void *alloc_cb(const ADDR_ALLOCSYSMEM_INPUT *in) { return malloc(in->sizeInBytes); }
ADDR_E_RETURNCODE free_cb(const ADDR_FREESYSMEM_INPUT *in)
{
    free(in->pVirtAddr);
    return ADDR_OK;
}

bool make_lib(Chip &c)
{
    ADDR_CREATE_INPUT in = {};
    ADDR_CREATE_OUTPUT out = {};
    in.size = sizeof in;
    out.size = sizeof out;
    in.chipEngine = CIASICIDGFXENGINE_ARCTICISLAND;
    in.chipFamily = c.family;
    in.chipRevision = c.rev;
    in.regValue.gbAddrConfig = c.gb;
    in.callbacks.allocSysMem = alloc_cb;
    in.callbacks.freeSysMem = free_cb;
    if (AddrCreate(&in, &out) != ADDR_OK)
        return false;
    c.lib = out.hLib;
    return true;
}

const char *const sw_names_gfx9[33] = {
    "SW_LINEAR", "SW_256B_S", "SW_256B_D", "SW_256B_R", "SW_4KB_Z", "SW_4KB_S", "SW_4KB_D",
    "SW_4KB_R", "SW_64KB_Z", "SW_64KB_S", "SW_64KB_D", "SW_64KB_R", "SW_RESERVED12",
    "SW_RESERVED13", "SW_RESERVED14", "SW_RESERVED15", "SW_64KB_Z_T", "SW_64KB_S_T",
    "SW_64KB_D_T", "SW_64KB_R_T", "SW_4KB_Z_X", "SW_4KB_S_X", "SW_4KB_D_X", "SW_4KB_R_X",
    "SW_64KB_Z_X", "SW_64KB_S_X", "SW_64KB_D_X", "SW_64KB_R_X", "SW_VAR_Z_X", "SW_RESERVED29",
    "SW_RESERVED30", "SW_VAR_R_X", "SW_LINEAR_GENERAL"};

// gfx11 calls modes 28..31 the 256 KB modes (addrtypes.h ADDR_SW_256KB_*)
const char *sw_name(const std::string &gen, unsigned sw)
{
    if (gen == "gfx11" && sw >= 28 && sw <= 31) {
        static const char *const n[4] = {"SW_256KB_Z_X", "SW_256KB_S_X", "SW_256KB_D_X",
                                          "SW_256KB_R_X"};
        return n[sw - 28];
    }
    return sw < 33 ? sw_names_gfx9[sw] : "?";
}

int sw_from(const char *s)
{
    static const char *const n256[4] = {"SW_256KB_Z_X", "SW_256KB_S_X", "SW_256KB_D_X",
                                        "SW_256KB_R_X"};
    for (unsigned i = 0; i < 33; i++)
        if (strcmp(sw_names_gfx9[i], s) == 0)
            return (int)i;
    for (unsigned i = 0; i < 4; i++)
        if (strcmp(n256[i], s) == 0)
            return 28 + (int)i;
    return -1;
}

const char *rsrc_name(unsigned r) { return r == 0 ? "1d" : r == 1 ? "2d" : "3d"; }
AddrResourceType rsrc_type(unsigned r)
{
    return r == 0 ? ADDR_RSRC_TEX_1D : r == 1 ? ADDR_RSRC_TEX_2D : ADDR_RSRC_TEX_3D;
}

struct Surf {
    unsigned rsrc, sw, bpp, w, h, slices, mips, samples;
    std::string flags;
    unsigned pbx;
};

/* Columns 4-11 of a surface row (check's vector rows and fill's spec rows alike): bpp, width,
 * height, slices, mips, samples, flags, pipe-bank XOR. */
static void surf_columns(const std::vector<std::string> &t, Surf &s)
{
    s.bpp = (unsigned)atoi(t[4].c_str());
    s.w = (unsigned)atoi(t[5].c_str());
    s.h = (unsigned)atoi(t[6].c_str());
    s.slices = (unsigned)atoi(t[7].c_str());
    s.mips = (unsigned)atoi(t[8].c_str());
    s.samples = (unsigned)atoi(t[9].c_str());
    s.flags = t[10];
    s.pbx = (unsigned)strtoul(t[11].c_str(), 0, 0);
}

ADDR2_SURFACE_FLAGS flags_of(const std::string &f)
{
    ADDR2_SURFACE_FLAGS fl = {};
    size_t p = 0;
    while (p <= f.size()) {
        size_t q = f.find(',', p);
        if (q == std::string::npos)
            q = f.size();
        std::string t = f.substr(p, q - p);
        if (t == "texture") fl.texture = 1;
        else if (t == "color") fl.color = 1;
        else if (t == "depth") fl.depth = 1;
        else if (t == "stencil") fl.stencil = 1;
        else if (t == "display") fl.display = 1;
        else if (t == "prt") fl.prt = 1;
        p = q + 1;
    }
    return fl;
}

struct Info {
    ADDR2_COMPUTE_SURFACE_INFO_OUTPUT out;
    ADDR2_MIP_INFO mip[16];
};

bool surface_info(const Chip &c, const Surf &s, Info &r)
{
    ADDR2_COMPUTE_SURFACE_INFO_INPUT in = {};
    memset(&r, 0, sizeof r);
    in.size = sizeof in;
    r.out.size = sizeof r.out;
    r.out.pMipInfo = r.mip;
    in.flags = flags_of(s.flags);
    in.swizzleMode = (AddrSwizzleMode)s.sw;
    in.resourceType = rsrc_type(s.rsrc);
    in.bpp = s.bpp;
    in.width = s.w;
    in.height = s.h;
    in.numSlices = s.slices;
    in.numMipLevels = s.mips;
    in.numSamples = s.samples;
    return Addr2ComputeSurfaceInfo(c.lib, &in, &r.out) == ADDR_OK;
}

bool address(const Chip &c, const Surf &s, unsigned x, unsigned y, unsigned z, unsigned smp,
             unsigned mip, uint64_t *a)
{
    ADDR2_COMPUTE_SURFACE_ADDRFROMCOORD_INPUT in = {};
    ADDR2_COMPUTE_SURFACE_ADDRFROMCOORD_OUTPUT out = {};
    in.size = sizeof in;
    out.size = sizeof out;
    in.x = x;
    in.y = y;
    in.slice = z;
    in.sample = smp;
    in.mipId = mip;
    in.swizzleMode = (AddrSwizzleMode)s.sw;
    in.flags = flags_of(s.flags);
    in.resourceType = rsrc_type(s.rsrc);
    in.bpp = s.bpp;
    in.unalignedWidth = s.w;
    in.unalignedHeight = s.h;
    in.numSlices = s.slices;
    in.numMipLevels = s.mips;
    in.numSamples = s.samples;
    in.numFrags = 0; // left 0, as the gfx9-10 vectors were made
    in.pipeBankXor = s.pbx;
    if (Addr2ComputeSurfaceAddrFromCoord(c.lib, &in, &out) != ADDR_OK)
        return false;
    *a = out.addr;
    return true;
}

unsigned pipe_bank_xor(const Chip &c, const Surf &s, unsigned index)
{
    ADDR2_COMPUTE_PIPEBANKXOR_INPUT in = {};
    ADDR2_COMPUTE_PIPEBANKXOR_OUTPUT out = {};
    in.size = sizeof in;
    out.size = sizeof out;
    in.surfIndex = index;
    in.flags = flags_of(s.flags);
    in.swizzleMode = (AddrSwizzleMode)s.sw;
    in.resourceType = rsrc_type(s.rsrc);
    in.numSamples = s.samples;
    if (Addr2ComputePipeBankXor(c.lib, &in, &out) != ADDR_OK)
        return ~0u;
    return out.pipeBankXor;
}

// ---- random numbers (splitmix64) ----------------------------------------------------------------
uint64_t rng_state;
uint64_t rnd()
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
unsigned rnd_below(unsigned n) { return n ? (unsigned)(rnd() % n) : 0; }

unsigned mip_extent(unsigned v, unsigned m)
{
    unsigned e = v >> m;
    return e ? e : 1;
}

std::string join(const std::vector<uint64_t> &v)
{
    std::string s;
    char b[32];
    for (size_t i = 0; i < v.size(); i++) {
        snprintf(b, sizeof b, "%s%" PRIu64, i ? "," : "", v[i]);
        s += b;
    }
    return s;
}

// The output columns after the inputs (out_pitch .. mip_tail_offset) of one surface.
std::string info_columns(const Surf &s, const Info &r)
{
    char b[512];
    snprintf(b, sizeof b, "%u\t%u\t%u\t%" PRIu64 "\t%" PRIu64 "\t%u\t%u\t%u\t%u\t%u\t%u", r.out.pitch,
             r.out.height, r.out.numSlices, (uint64_t)r.out.surfSize, (uint64_t)r.out.sliceSize,
             r.out.baseAlign, r.out.blockWidth, r.out.blockHeight, r.out.blockSlices,
             (unsigned)r.out.mipChainInTail, r.out.firstMipIdInTail);
    std::vector<uint64_t> off, pit, hei, dep, tail;
    for (unsigned m = 0; m < s.mips; m++) {
        off.push_back(r.mip[m].offset);
        pit.push_back(r.mip[m].pitch);
        hei.push_back(r.mip[m].height);
        dep.push_back(r.mip[m].depth);
        tail.push_back(r.mip[m].mipTailOffset);
    }
    return std::string(b) + "\t" + join(off) + "\t" + join(pit) + "\t" + join(hei) + "\t" +
           join(dep) + "\t" + join(tail);
}

struct Coord {
    unsigned x, y, z, s, m;
};

// Coordinates a surface is sampled at: corners, block edges and random ones, every level.
std::vector<Coord> coords_for(const Surf &s)
{
    std::vector<Coord> v;
    const unsigned per_level = s.mips == 1 ? 96 : 96 / s.mips + 8;
    const unsigned fixed[][2] = {{7, 7},   {8, 0},   {0, 8},   {8, 8},    {15, 16},
                                 {16, 15}, {31, 31}, {32, 32}, {63, 1},   {64, 64},
                                 {127, 63}, {128, 128}, {255, 3}, {3, 255}, {256, 256}};
    for (unsigned m = 0; m < s.mips; m++) {
        const unsigned w = mip_extent(s.w, m), h = mip_extent(s.h, m);
        const unsigned d = s.rsrc == 2 ? mip_extent(s.slices, m) : s.slices;
        std::vector<Coord> lv;
        auto add = [&](unsigned x, unsigned y, unsigned z, unsigned smp) {
            if (x < w && y < h && z < d && smp < s.samples && lv.size() < per_level)
                lv.push_back({x, y, z, smp, m});
        };
        add(0, 0, 0, 0);
        add(1, 0, 0, 0);
        add(0, 1, 0, 0);
        add(1, 1, 0, 0);
        add(w - 1, 0, 0, 0);
        add(0, h - 1, 0, 0);
        add(w - 1, h - 1, d - 1, s.samples - 1);
        for (auto &f : fixed)
            add(f[0], f[1], rnd_below(d), rnd_below(s.samples));
        while (lv.size() < per_level && lv.size() < (size_t)w * h * d * s.samples)
            add(rnd_below(w), rnd_below(h), rnd_below(d), rnd_below(s.samples));
        v.insert(v.end(), lv.begin(), lv.end());
    }
    return v;
}

unsigned full_chain(const Surf &s)
{
    unsigned m = s.w > s.h ? s.w : s.h;
    if (s.rsrc == 2 && s.slices > m)
        m = s.slices;
    unsigned n = 1;
    while (m > 1) {
        m >>= 1;
        n++;
    }
    return n;
}

unsigned rnd_extent(unsigned big)
{
    switch (rnd_below(5)) {
    case 0: return 1 + rnd_below(8);
    case 1: return 1 + rnd_below(64);
    case 2: return 1u << rnd_below(12);
    case 3: return 1 + rnd_below(big);
    default: return 1 + rnd_below(512);
    }
}

Surf random_surface(unsigned rsrc, unsigned sw)
{
    Surf s;
    s.rsrc = rsrc;
    s.sw = sw;
    s.bpp = 8u << rnd_below(5);
    s.samples = 1;
    s.flags = "texture";
    s.pbx = 0;
    if (rsrc == 0) {
        s.w = rnd_extent(16384);
        s.h = 1;
        s.slices = rnd_below(3) ? 1 : 1 + rnd_below(16);
    } else if (rsrc == 1) {
        s.w = rnd_extent(4096);
        s.h = rnd_extent(4096);
        s.slices = rnd_below(3) ? 1 : 1 + rnd_below(12);
        // MSAA (one level): often for the Z / R modes that take it, now and then for others
        const bool zr = sw == 4 || sw == 8 || sw == 20 || sw == 24 || sw == 27 || sw == 28 ||
                        sw == 31 || sw == 3 || sw == 7 || sw == 11 || sw == 19 || sw == 23;
        if (rnd_below(zr ? 2 : 5) == 0) {
            s.samples = 2u << rnd_below(3);
            s.flags = rnd_below(2) ? "color" : "depth";
            if (s.flags == "depth")
                s.bpp = 8u << rnd_below(3);
            s.w = 1 + rnd_below(1024);
            s.h = 1 + rnd_below(1024);
        }
    } else {
        s.w = rnd_extent(512);
        s.h = rnd_extent(512);
        s.slices = rnd_extent(256);
    }
    // bound the surface size (a few hundred MB at most)
    while ((uint64_t)s.w * s.h * s.slices * (s.bpp / 8) * s.samples > (64ull << 20)) {
        if (s.slices > 1) s.slices = (s.slices + 1) / 2;
        else if (s.w > s.h) s.w = (s.w + 1) / 2;
        else s.h = (s.h + 1) / 2;
    }
    s.mips = 1;
    if (s.samples == 1 && rnd_below(2)) {
        unsigned full = full_chain(s);
        s.mips = rnd_below(2) ? full : 1 + rnd_below(full);
        if (s.mips > 16)
            s.mips = 16;
    }
    return s;
}

// One vector row; false when addrlib refuses the surface or any address of it.
bool make_row(const Chip &c, Surf s, unsigned index, std::string &row, bool *addr_refused)
{
    *addr_refused = false;
    Info r;
    if (!surface_info(c, s, r))
        return false;
    std::vector<Coord> cs = coords_for(s);
    std::string samples;
    char b[128];
    for (size_t i = 0; i < cs.size(); i++) {
        uint64_t a;
        if (!address(c, s, cs[i].x, cs[i].y, cs[i].z, cs[i].s, cs[i].m, &a)) {
            *addr_refused = true;
            return false;
        }
        snprintf(b, sizeof b, "%s%u,%u,%u,%u,%u:%" PRIu64, i ? " " : "", cs[i].x, cs[i].y, cs[i].z,
                 cs[i].s, cs[i].m, a);
        samples += b;
    }
    (void)index;
    snprintf(b, sizeof b, "%s\t%s\t%s\t%s\t%u\t%u\t%u\t%u\t%u\t%u\t%s\t%u\t", c.name.c_str(),
             c.gen.c_str(), rsrc_name(s.rsrc), sw_name(c.gen, s.sw), s.bpp, s.w, s.h, s.slices,
             s.mips, s.samples, s.flags.c_str(), s.pbx);
    row = std::string(b) + info_columns(s, r) + "\t" + samples;
    return true;
}

bool is_xor_mode(unsigned sw) { return (sw >= 16 && sw <= 31); }

int cmd_vectors(uint64_t seed, unsigned n, std::vector<Chip> &chips)
{
    rng_state = seed;
    for (auto &c : chips)
        printf("#chip\t%s\t%s\tchip2 name=%s family=%u rev=%u gb_addr_config=0x%08x\n",
               c.name.c_str(), c.gen.c_str(), c.name.c_str(), c.family, c.rev, c.gb);
    printf("chip\tgfx\trsrc\tswizzle\tbpp\twidth\theight\tslices\tmips\tsamples\tflags\t"
           "pipe_bank_xor\tout_pitch\tout_height\tout_slices\tsize\tslice_size\tbase_align\t"
           "block_w\tblock_h\tblock_d\tmip_chain_in_tail\tfirst_tail_mip\tmip_offset\tmip_pitch\t"
           "mip_height\tmip_depth\tmip_tail_offset\tsamples_x,y,slice,sample,mip:addr\n");
    std::string stats;
    for (auto &c : chips) {
        // every (resource type, mode) pair addrlib accepts at least once: find them first
        std::vector<std::pair<unsigned, unsigned>> pairs;
        for (unsigned rsrc = 0; rsrc < 3; rsrc++)
            // not 32, SW_LINEAR_GENERAL: addrlib's address call lays it out as SW_LINEAR (its
            // ComputeSurfaceAddrFromCoordLinear leaves the mode 0), against its own surface info
            for (unsigned sw = 0; sw < 32; sw++) {
                bool ok = false;
                for (unsigned t = 0; t < 200 && !ok; t++) {
                    Surf s = random_surface(rsrc, sw);
                    Info r;
                    ok = surface_info(c, s, r);
                }
                if (ok)
                    pairs.push_back({rsrc, sw});
            }
        unsigned made = 0, refused = 0, addr_refused = 0, index = 0;
        std::vector<unsigned> per_pair(pairs.size(), 0), per_pair_ar(pairs.size(), 0);
        for (unsigned attempt = 0; made < n && attempt < n * 40; attempt++) {
            const unsigned k = attempt % pairs.size();
            Surf s = random_surface(pairs[k].first, pairs[k].second);
            if (is_xor_mode(s.sw)) {
                // what Addr2ComputePipeBankXor gives for this surface index, or (every other
                // surface) a random value in the bits the address keeps
                s.pbx = pipe_bank_xor(c, s, index % 8);
                if (s.pbx == ~0u) {
                    refused++;
                    continue;
                }
                if (index & 1)
                    s.pbx = (unsigned)(rnd() & 0x3ff);
                index++;
            }
            std::string row;
            bool ar;
            if (make_row(c, s, index, row, &ar)) {
                puts(row.c_str());
                made++;
                per_pair[k]++;
            } else if (ar) {
                addr_refused++;
                per_pair_ar[k]++;
            } else {
                refused++;
            }
        }
        char b[256];
        snprintf(b, sizeof b, "#stats\t%s\trows=%u\trefused_info=%u\trefused_address=%u\n",
                 c.name.c_str(), made, refused, addr_refused);
        stats += b;
        for (size_t k = 0; k < pairs.size(); k++) {
            snprintf(b, sizeof b, "#stats\t%s\t%s\t%s\trows=%u\trefused_address=%u\n",
                     c.name.c_str(), rsrc_name(pairs[k].first), sw_name(c.gen, pairs[k].second),
                     per_pair[k], per_pair_ar[k]);
            stats += b;
        }
    }
    fputs(stats.c_str(), stdout);
    return 0;
}

std::vector<std::string> split(const std::string &s, char d)
{
    std::vector<std::string> v;
    size_t p = 0;
    for (;;) {
        size_t q = s.find(d, p);
        v.push_back(s.substr(p, q == std::string::npos ? std::string::npos : q - p));
        if (q == std::string::npos)
            return v;
        p = q + 1;
    }
}

/* The lines of a file, their line ends dropped, numbered from 1 (`no`); `f` is NULL (and the
 * reason printed) where the file cannot be opened. */
struct Lines {
    FILE *f;
    char *buf = NULL;
    size_t cap = 0;
    unsigned long no = 0;
    std::string l;
    explicit Lines(const char *path) : f(fopen(path, "r"))
    {
        if (!f)
            perror(path);
    }
    ~Lines()
    {
        free(buf);
        if (f)
            fclose(f);
    }
    Lines(const Lines &) = delete;
    Lines &operator=(const Lines &) = delete;
    bool next()
    {
        ssize_t len = getline(&buf, &cap, f);
        if (len <= 0)
            return false;
        no++;
        l.assign(buf, (size_t)len);
        while (!l.empty() && (l.back() == '\n' || l.back() == '\r'))
            l.pop_back();
        return true;
    }
};

/* The columns of a '#chip' row (`#chip NAME GEN COMMAND`, COMMAND `chip1|chip2 key=value ...`);
 * prints why and returns false where the row is short. */
bool chip_columns(const std::string &l, const char *path, unsigned long lineno, std::vector<std::string> &t)
{
    t = split(l, '\t');
    if (t.size() < 4) {
        fprintf(stderr, "%s:%lu: short #chip row\n", path, lineno);
        return false;
    }
    return true;
}

/* Where `kv` is `key` followed by a number, that number into *v. */
bool kv_uint(const std::string &kv, const char *key, unsigned *v)
{
    size_t n = strlen(key);
    if (kv.compare(0, n, key) != 0)
        return false;
    *v = (unsigned)strtoul(kv.c_str() + n, 0, 0);
    return true;
}

/* A '#chip' row (`#chip NAME GEN chip2 family=F rev=R gb_addr_config=G`) as a chip with its addrlib
 * instance; prints why and returns false where the row is short or AddrCreate refuses it. */
bool chip_row(const std::string &l, const char *path, unsigned long lineno, Chip &c)
{
    std::vector<std::string> t;
    if (!chip_columns(l, path, lineno, t))
        return false;
    c.name = t[1];
    c.gen = t[2];
    c.family = c.rev = c.gb = 0;
    for (auto &kv : split(t[3], ' '))
        (void)(kv_uint(kv, "family=", &c.family) || kv_uint(kv, "rev=", &c.rev) ||
               kv_uint(kv, "gb_addr_config=", &c.gb));
    if (!make_lib(c)) {
        fprintf(stderr, "AddrCreate failed for %s\n", c.name.c_str());
        return false;
    }
    return true;
}

int cmd_check(const char *path)
{
    Lines in(path);
    if (!in.f)
        return 2;
    std::vector<Chip> chips;
    unsigned long rows = 0, bad_rows = 0, addrs = 0, bad_addrs = 0;
    while (in.next()) {
        const std::string &l = in.l;
        unsigned long lineno = in.no;
        if (l.rfind("#chip\t", 0) == 0) {
            Chip c;
            if (!chip_row(l, path, lineno, c))
                return 2;
            chips.push_back(c);
            continue;
        }
        if (l.empty() || l[0] == '#' || l.rfind("chip\t", 0) == 0)
            continue;
        auto t = split(l, '\t');
        if (t.size() < 29) {
            fprintf(stderr, "short row\n");
            return 2;
        }
        const Chip *c = NULL;
        for (auto &ch : chips)
            if (ch.name == t[0])
                c = &ch;
        if (!c) {
            fprintf(stderr, "row names chip %s with no #chip row\n", t[0].c_str());
            return 2;
        }
        Surf s;
        s.rsrc = t[2] == "1d" ? 0 : t[2] == "2d" ? 1 : 2;
        int sw = sw_from(t[3].c_str());
        if (sw < 0) {
            fprintf(stderr, "unknown mode %s\n", t[3].c_str());
            return 2;
        }
        s.sw = (unsigned)sw;
        surf_columns(t, s);
        rows++;
        Info r;
        if (!surface_info(*c, s, r)) {
            printf("row %lu: addrlib refuses the surface\n", rows);
            bad_rows++;
            continue;
        }
        std::string want;
        for (unsigned i = 12; i < 28; i++)
            want += t[i] + (i < 27 ? "\t" : "");
        std::string got = info_columns(s, r);
        if (got != want) {
            printf("row %lu (%s %s %s): surface info differs\n  file:    %s\n  addrlib: %s\n",
                   rows, t[0].c_str(), t[2].c_str(), t[3].c_str(), want.c_str(), got.c_str());
            bad_rows++;
        }
        for (auto &smp : split(t[28], ' ')) {
            unsigned x, y, z, sm, m;
            uint64_t a, got_a;
            if (sscanf(smp.c_str(), "%u,%u,%u,%u,%u:%" SCNu64, &x, &y, &z, &sm, &m, &a) != 6) {
                fprintf(stderr, "bad sample %s\n", smp.c_str());
                return 2;
            }
            addrs++;
            if (!address(*c, s, x, y, z, sm, m, &got_a) || got_a != a) {
                bad_addrs++;
                if (bad_addrs < 20)
                    printf("row %lu: %s: addrlib %" PRIu64 "\n", rows, smp.c_str(), got_a);
            }
        }
    }
    printf("checked %lu rows, %lu addresses: %lu rows and %lu addresses differ\n", rows, addrs,
           bad_rows, bad_addrs);
    return (bad_rows || bad_addrs || !rows) ? 1 : 0;
}


// Surfaces and coordinates from another generator, outputs from addrlib (see the top comment).
int cmd_fill(const char *path)
{
    Lines in(path);
    if (!in.f)
        return 2;
    std::vector<Chip> chips;
    unsigned long rows = 0, made = 0, refused = 0, addr_refused = 0;
    bool header = false;
    while (in.next()) {
        const std::string &l = in.l;
        unsigned long lineno = in.no;
        if (l.rfind("#chip\t", 0) == 0) {
            Chip c;
            if (!chip_row(l, path, lineno, c))
                return 2;
            chips.push_back(c);
            puts(l.c_str());
            continue;
        }
        if (l.empty() || l[0] == '#') {
            puts(l.c_str());
            continue;
        }
        if (!header) {
            printf("chip\tgfx\trsrc\tswizzle\tbpp\twidth\theight\tslices\tmips\tsamples\tflags\t"
                   "pipe_bank_xor\tout_pitch\tout_height\tout_slices\tsize\tslice_size\tbase_align\t"
                   "block_w\tblock_h\tblock_d\tmip_chain_in_tail\tfirst_tail_mip\tmip_offset\t"
                   "mip_pitch\tmip_height\tmip_depth\tmip_tail_offset\t"
                   "samples_x,y,slice,sample,mip:addr\n");
            header = true;
        }
        auto t = split(l, '\t');
        if (t.size() != 13) {
            fprintf(stderr, "%s:%lu: %zu columns, expected 13\n", path, lineno, t.size());
            return 2;
        }
        const Chip *c = NULL;
        for (auto &ch : chips)
            if (ch.name == t[0])
                c = &ch;
        int sw = sw_from(t[3].c_str());
        if (!c || sw < 0 || (t[2] != "1d" && t[2] != "2d" && t[2] != "3d")) {
            fprintf(stderr, "%s:%lu: unknown chip, resource type or mode\n", path, lineno);
            return 2;
        }
        Surf s;
        s.rsrc = t[2] == "1d" ? 0 : t[2] == "2d" ? 1 : 2;
        s.sw = (unsigned)sw;
        surf_columns(t, s);
        if (s.mips < 1 || s.mips > 16) {
            fprintf(stderr, "%s:%lu: mips must be 1..16\n", path, lineno);
            return 2;
        }
        rows++;
        Info r;
        if (!surface_info(*c, s, r)) {
            refused++;
            continue;
        }
        std::string samples;
        bool ok = true;
        char b[160];
        for (auto &smp : split(t[12], ' ')) {
            unsigned x, y, z, sm, m;
            uint64_t a;
            if (sscanf(smp.c_str(), "%u,%u,%u,%u,%u", &x, &y, &z, &sm, &m) != 5) {
                fprintf(stderr, "%s:%lu: bad coordinate '%s'\n", path, lineno, smp.c_str());
                return 2;
            }
            if (!address(*c, s, x, y, z, sm, m, &a)) {
                ok = false;
                break;
            }
            snprintf(b, sizeof b, "%s%u,%u,%u,%u,%u:%" PRIu64, samples.empty() ? "" : " ", x, y, z,
                     sm, m, a);
            samples += b;
        }
        if (!ok) {
            addr_refused++;
            continue;
        }
        std::string in;
        for (unsigned i = 0; i < 12; i++)
            in += t[i] + "\t";
        printf("%s%s\t%s\n", in.c_str(), info_columns(s, r).c_str(), samples.c_str());
        made++;
    }
    printf("#fill\trows_in=%lu\trows=%lu\trefused_info=%lu\trefused_address=%lu\n", rows, made,
           refused, addr_refused);
    return 0;
}


// ---- gfx6-8 (SI / CI / VI, PS4 Liverpool): addrlib's tile-index (Addr1) interface --------------
// Columns of tests/data/amd-tiling-gfx6-8.tsv; its '#chip' rows ('chip1 ... tile=... macro=...')
// give every AddrCreate input.  Per level: AddrComputeSurfaceInfo (tileIndex from the row, mipLevel,
// basePitch = level-0 pitch for levels > 0), level_offset by Mesa ac_surface's gfx6 convention,
// addresses by AddrComputeSurfaceAddrFromCoord from the level start with the output mode/tile info.

#ifndef CIASICIDGFXENGINE_SOUTHERNISLAND
#define CIASICIDGFXENGINE_SOUTHERNISLAND 0x0000000A
#endif

struct Chip6 {
    std::string name, gen, cmd;
    unsigned family = 0, rev = 0, gb = 0, banks = 0, ranks = 0;
    std::vector<uint32_t> tile, macro;
    ADDR_HANDLE lib = nullptr;
};

const char *tm6_name(unsigned m)
{
    static const char *const n[26] = {
        "LINEAR_GENERAL", "LINEAR_ALIGNED", "1D_TILED_THIN1", "1D_TILED_THICK", "2D_TILED_THIN1",
        "2D_TILED_THIN2", "2D_TILED_THIN4", "2D_TILED_THICK", "2B_TILED_THIN1", "2B_TILED_THIN2",
        "2B_TILED_THIN4", "2B_TILED_THICK", "3D_TILED_THIN1", "3D_TILED_THICK", "3B_TILED_THIN1",
        "3B_TILED_THICK", "2D_TILED_XTHICK", "3D_TILED_XTHICK", "POWER_SAVE", "PRT_TILED_THIN1",
        "PRT_2D_TILED_THIN1", "PRT_3D_TILED_THIN1", "PRT_TILED_THICK", "PRT_2D_TILED_THICK",
        "PRT_3D_TILED_THICK", "UNKNOWN"};
    return m < 26 ? n[m] : "?";
}

const char *tt6_name(unsigned t)
{
    static const char *const n[5] = {"DISPLAYABLE", "NON_DISPLAYABLE", "DEPTH_SAMPLE_ORDER",
                                     "ROTATED", "THICK"};
    return t < 5 ? n[t] : "?";
}

bool chip6_row(const std::string &l, const char *path, unsigned long lineno, Chip6 &c)
{
    std::vector<std::string> t;
    if (!chip_columns(l, path, lineno, t))
        return false;
    c.name = t[1];
    c.gen = t[2];
    c.cmd = t[3];
    for (auto &kv : split(t[3], ' ')) {
        if (kv_uint(kv, "family=", &c.family) || kv_uint(kv, "rev=", &c.rev) ||
            kv_uint(kv, "gb_addr_config=", &c.gb) || kv_uint(kv, "mc_banks=", &c.banks) ||
            kv_uint(kv, "mc_ranks=", &c.ranks))
            continue;
        if (kv.rfind("tile=", 0) == 0)
            for (auto &v : split(kv.substr(5), ','))
                c.tile.push_back((uint32_t)strtoul(v.c_str(), 0, 0));
        else if (kv.rfind("macro=", 0) == 0)
            for (auto &v : split(kv.substr(6), ','))
                c.macro.push_back((uint32_t)strtoul(v.c_str(), 0, 0));
    }
    if (c.tile.size() != 32 || (!c.macro.empty() && c.macro.size() != 16)) {
        fprintf(stderr, "%s:%lu: #chip row needs 32 tile and 0 or 16 macro dwords\n", path, lineno);
        return false;
    }
    ADDR_CREATE_INPUT in = {};
    ADDR_CREATE_OUTPUT out = {};
    in.size = sizeof in;
    out.size = sizeof out;
    in.chipEngine = CIASICIDGFXENGINE_SOUTHERNISLAND;
    in.chipFamily = c.family;
    in.chipRevision = c.rev;
    in.callbacks.allocSysMem = alloc_cb;
    in.callbacks.freeSysMem = free_cb;
    in.createFlags.useTileIndex = 1;
    in.createFlags.useHtileSliceAlign = 1;
    in.regValue.gbAddrConfig = c.gb;
    in.regValue.noOfBanks = c.banks;
    in.regValue.noOfRanks = c.ranks;
    in.regValue.pTileConfig = c.tile.data();
    in.regValue.noOfEntries = 32;
    in.regValue.pMacroTileConfig = c.macro.empty() ? nullptr : c.macro.data();
    in.regValue.noOfMacroEntries = (UINT_32)c.macro.size();
    if (AddrCreate(&in, &out) != ADDR_OK) {
        fprintf(stderr, "%s:%lu: AddrCreate failed for %s\n", path, lineno, c.name.c_str());
        return false;
    }
    c.lib = out.hLib;
    return true;
}

ADDR_SURFACE_FLAGS flags6_of(const std::string &f, bool *ok)
{
    ADDR_SURFACE_FLAGS fl = {};
    *ok = true;
    for (auto &t : split(f, ',')) {
        if (t == "texture") fl.texture = 1;
        else if (t == "color") fl.color = 1;
        else if (t == "depth") fl.depth = 1;
        else if (t == "display") fl.display = 1;
        else if (t == "cube") fl.cube = 1;
        else if (t == "volume") fl.volume = 1;
        else if (t == "pow2Pad") fl.pow2Pad = 1;
        else if (t == "disallowLargeThickDegrade") fl.disallowLargeThickDegrade = 1;
        else if (!t.empty() && t != "-") *ok = false;
    }
    return fl;
}

struct Surf6 {
    unsigned bpp, w, h, slices, mips, level, samples;
    int tile_index;
    std::string flags;
};

struct Level6 {
    ADDR_COMPUTE_SURFACE_INFO_OUTPUT out;
    ADDR_TILEINFO ti;
    uint64_t offset;
};

// Surface info of s.level (and the levels before it, for level_offset); false if addrlib refuses.
bool level6(const Chip6 &c, const Surf6 &s, Level6 &r)
{
    bool fok;
    ADDR_SURFACE_FLAGS fl = flags6_of(s.flags, &fok);
    uint64_t off = 0, prev_end = 0;
    unsigned pitch0 = 0;
    for (unsigned L = 0; L <= s.level; L++) {
        ADDR_COMPUTE_SURFACE_INFO_INPUT in = {};
        memset(&r.out, 0, sizeof r.out);
        memset(&r.ti, 0, sizeof r.ti);
        in.size = sizeof in;
        r.out.size = sizeof r.out;
        r.out.pTileInfo = &r.ti;
        in.tileMode = ADDR_TM_LINEAR_GENERAL;
        in.format = ADDR_FMT_INVALID;
        in.bpp = s.bpp;
        in.numSamples = s.samples;
        in.width = s.w >> L ? s.w >> L : 1;
        in.height = s.h >> L ? s.h >> L : 1;
        in.numSlices = fl.volume ? (s.slices >> L ? s.slices >> L : 1) : s.slices;
        in.mipLevel = L;
        in.numMipLevels = s.mips;
        in.flags = fl;
        in.numFrags = 0;
        in.tileIndex = s.tile_index;
        in.basePitch = L ? pitch0 : 0;
        if (AddrComputeSurfaceInfo(c.lib, &in, &r.out) != ADDR_OK)
            return false;
        if (L == 0)
            pitch0 = r.out.pitch;
        const uint64_t al = r.out.baseAlign ? r.out.baseAlign : 1;
        off = L == 0 ? 0 : (prev_end + al - 1) / al * al;
        prev_end = off + r.out.surfSize;
    }
    r.offset = off;
    return true;
}

std::string info6_columns(const Level6 &r)
{
    char b[512];
    snprintf(b, sizeof b,
             "%u\t%u\t%u\t%" PRIu64 "\t%" PRIu64 "\t%u\t%s\t%s\t%d\t%d\t%u\t%u\t%u\t%u\t%u\t%u\t%" PRIu64,
             r.out.pitch, r.out.height, r.out.depth, (uint64_t)r.out.surfSize,
             (uint64_t)r.out.sliceSize, r.out.baseAlign, tm6_name(r.out.tileMode),
             tt6_name(r.out.tileType), r.out.tileIndex, r.out.macroModeIndex, r.ti.banks,
             r.ti.bankWidth, r.ti.bankHeight, r.ti.macroAspectRatio, r.ti.tileSplitBytes,
             (unsigned)r.ti.pipeConfig, r.offset);
    return b;
}

bool address6(const Chip6 &c, const Surf6 &s, const Level6 &r, unsigned x, unsigned y,
              unsigned z, unsigned smp, uint64_t *a)
{
    bool fok;
    ADDR_SURFACE_FLAGS fl = flags6_of(s.flags, &fok);
    ADDR_COMPUTE_SURFACE_ADDRFROMCOORD_INPUT in = {};
    ADDR_COMPUTE_SURFACE_ADDRFROMCOORD_OUTPUT out = {};
    ADDR_TILEINFO ti = r.ti;
    in.size = sizeof in;
    out.size = sizeof out;
    in.x = x;
    in.y = y;
    in.slice = z;
    in.sample = smp;
    in.bpp = s.bpp;
    in.pitch = r.out.pitch;
    in.height = r.out.height;
    in.numSlices = r.out.depth;
    in.numSamples = s.samples;
    in.tileMode = r.out.tileMode;
    in.isDepth = fl.depth;
    in.numFrags = 0;
    in.tileType = r.out.tileType;
    in.pTileInfo = &ti;
    in.tileIndex = -1;
    in.bankSwizzle = 0;
    in.pipeSwizzle = 0;
    *a = 0;
    if (AddrComputeSurfaceAddrFromCoord(c.lib, &in, &out) != ADDR_OK)
        return false;
    *a = out.addr;
    return true;
}

const char *const header6 =
    "chip\tgfx\tbpp\twidth\theight\tslices\tmips\tlevel\tsamples\ttile_index\tflags\tout_pitch\t"
    "out_height\tout_depth\tlevel_size\tslice_size\tbase_align\ttile_mode\ttile_type\t"
    "out_tile_index\tmacro_index\tbanks\tbank_w\tbank_h\tmacro_aspect\ttile_split\tpipe_config\t"
    "level_offset\tsamples_x,y,slice,sample:addr";

// parses the 11 input columns; false with a message on a bad value
bool surf6_of(const std::vector<std::string> &t, const char *path, unsigned long lineno, Surf6 &s)
{
    char *e;
    unsigned v[8];
    for (unsigned i = 0; i < 8; i++) {
        long x = strtol(t[2 + i].c_str(), &e, 10);
        if (e == t[2 + i].c_str() || *e || x < (i == 7 ? -1 : 0) || x > (1L << 24)) {
            fprintf(stderr, "%s:%lu: column %u: bad number '%s'\n", path, lineno, 3 + i,
                    t[2 + i].c_str());
            return false;
        }
        v[i] = (unsigned)x;
    }
    s.bpp = v[0], s.w = v[1], s.h = v[2], s.slices = v[3], s.mips = v[4], s.level = v[5];
    s.samples = v[6], s.tile_index = (int)v[7];
    s.flags = t[10];
    bool fok;
    flags6_of(s.flags, &fok);
    if (!fok || !s.w || !s.h || !s.slices || !s.mips || s.mips > 16 || s.level >= s.mips ||
        !s.samples || s.tile_index > 31) {
        fprintf(stderr, "%s:%lu: bad surface inputs (flags, size, mips/level, samples or tile index)\n",
                path, lineno);
        return false;
    }
    return true;
}

// check6 (fill = false) or fill6 (fill = true)
int cmd_gfx6(const char *path, bool fill)
{
    Lines in(path);
    if (!in.f)
        return 2;
    std::vector<Chip6> chips;
    unsigned long rows = 0, bad_rows = 0, addrs = 0, bad_addrs = 0, made = 0, refused = 0,
                  addr_refused = 0;
    bool header = false;
    int rc = 0;
    while (in.next()) {
        const std::string &l = in.l;
        unsigned long lineno = in.no;
        if (l.rfind("#chip\t", 0) == 0) {
            Chip6 c;
            if (!chip6_row(l, path, lineno, c)) {
                rc = 2;
                break;
            }
            chips.push_back(c);
            if (fill)
                puts(l.c_str());
            continue;
        }
        if (l.empty() || l[0] == '#' || l.rfind("chip\t", 0) == 0) {
            if (fill && !l.empty() && l[0] == '#')
                puts(l.c_str());
            continue;
        }
        if (fill && !header) {
            puts(header6);
            header = true;
        }
        auto t = split(l, '\t');
        if (t.size() != (fill ? 12u : 29u)) {
            fprintf(stderr, "%s:%lu: %zu columns, expected %u\n", path, lineno, t.size(),
                    fill ? 12u : 29u);
            rc = 2;
            break;
        }
        const Chip6 *c = NULL;
        for (auto &ch : chips)
            if (ch.name == t[0])
                c = &ch;
        if (!c) {
            fprintf(stderr, "%s:%lu: chip %s has no #chip row\n", path, lineno, t[0].c_str());
            rc = 2;
            break;
        }
        Surf6 s;
        if (!surf6_of(t, path, lineno, s)) {
            rc = 2;
            break;
        }
        rows++;
        Level6 r;
        if (!level6(*c, s, r)) {
            if (fill) {
                refused++;
            } else {
                printf("line %lu: addrlib refuses the surface\n", lineno);
                bad_rows++;
            }
            continue;
        }
        const std::string got = info6_columns(r);
        if (!fill) {
            std::string want;
            for (unsigned i = 11; i < 28; i++)
                want += t[i] + (i < 27 ? "\t" : "");
            if (got != want) {
                bad_rows++;
                if (bad_rows <= 20)
                    printf("line %lu (%s): surface info differs\n  file:    %s\n  addrlib: %s\n",
                           lineno, l.substr(0, 60).c_str(), want.c_str(), got.c_str());
            }
        }
        std::string samples;
        bool ok = true;
        char b[160];
        for (auto &smp : split(fill ? t[11] : t[28], ' ')) {
            unsigned x, y, z, sm;
            uint64_t a = 0, got_a;
            int n = sscanf(smp.c_str(), "%u,%u,%u,%u:%" SCNu64, &x, &y, &z, &sm, &a);
            if (n != (fill ? 4 : 5)) {
                fprintf(stderr, "%s:%lu: bad coordinate '%s'\n", path, lineno, smp.c_str());
                rc = 2;
                ok = false;
                break;
            }
            bool aok = address6(*c, s, r, x, y, z, sm, &got_a);
            if (fill) {
                if (!aok) {
                    ok = false;
                    addr_refused++;
                    break;
                }
                snprintf(b, sizeof b, "%s%u,%u,%u,%u:%" PRIu64, samples.empty() ? "" : " ", x, y,
                         z, sm, got_a);
                samples += b;
            } else {
                addrs++;
                if (!aok || got_a != a) {
                    bad_addrs++;
                    if (bad_addrs <= 20)
                        printf("line %lu: %s: addrlib %" PRIu64 "%s\n", lineno, smp.c_str(), got_a,
                               aok ? "" : " (refused)");
                }
            }
        }
        if (rc)
            break;
        if (fill && ok) {
            std::string in;
            for (unsigned i = 0; i < 11; i++)
                in += t[i] + "\t";
            printf("%s%s\t%s\n", in.c_str(), got.c_str(), samples.c_str());
            made++;
        }
    }
    for (auto &c : chips)
        AddrDestroy(c.lib);
    if (rc)
        return rc;
    if (fill) {
        printf("#fill\trows_in=%lu\trows=%lu\trefused_info=%lu\trefused_address=%lu\n", rows,
               made, refused, addr_refused);
        return 0;
    }
    printf("checked %lu rows, %lu addresses: %lu rows and %lu addresses differ\n", rows, addrs,
           bad_rows, bad_addrs);
    return (bad_rows || bad_addrs || !rows) ? 1 : 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc >= 5 && strcmp(argv[1], "vectors") == 0) {
        std::vector<Chip> chips;
        for (int i = 4; i < argc; i++) {
            auto t = split(argv[i], ':');
            if (t.size() != 5) {
                fprintf(stderr, "CHIP must be name:gen:family:rev:gb_addr_config\n");
                return 2;
            }
            Chip c;
            c.name = t[0];
            c.gen = t[1];
            c.family = (unsigned)strtoul(t[2].c_str(), 0, 0);
            c.rev = (unsigned)strtoul(t[3].c_str(), 0, 0);
            c.gb = (unsigned)strtoul(t[4].c_str(), 0, 0);
            if (!make_lib(c)) {
                fprintf(stderr, "AddrCreate failed for %s\n", c.name.c_str());
                return 2;
            }
            chips.push_back(c);
        }
        return cmd_vectors(strtoull(argv[2], 0, 0), (unsigned)atoi(argv[3]), chips);
    }
    if (argc == 3 && strcmp(argv[1], "check") == 0)
        return cmd_check(argv[2]);
    if (argc == 3 && strcmp(argv[1], "fill") == 0)
        return cmd_fill(argv[2]);
    if (argc == 3 && strcmp(argv[1], "check6") == 0)
        return cmd_gfx6(argv[2], false);
    if (argc == 3 && strcmp(argv[1], "fill6") == 0)
        return cmd_gfx6(argv[2], true);
    fprintf(stderr,
            "usage: addrlib-oracle vectors SEED N name:gen:family:rev:gb... | check FILE | fill FILE | "
            "check6 FILE | fill6 FILE\n");
    return 2;
}
