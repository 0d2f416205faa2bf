/* fdl-oracle driver: Mesa's own freedreno layout code (src/freedreno/fdl: fdl6_layout,
 * fdl6_memcpy_linear_to_tiled / fdl6_memcpy_tiled_to_linear) and device table
 * (src/freedreno/common: fd_dev_info_raw, freedreno_devices.py), built unmodified by
 * tests/tools/fdl_oracle.sh, made to write and check rows in the format of
 * tests/data/adreno-tiling-a6xx.tsv.  This file is tmu's own code; it never links or consults tmu.
 *
 * Conventions (those of the vector file's header):
 *  - layout: a zeroed struct fdl_layout with tile_mode / ubwc preset to the request, then
 *    fdl6_layout(layout, fd_dev_info_raw(id), format, samples, w, h, d, levels, layers, is3d,
 *    mutable, NULL), as Mesa's fd_layout_test.c does (tile_all starts at 0);
 *  - addresses of tiled (TILE6_3, not UBWC) levels: every texel (block) of every mapped level and
 *    layer / depth slice gets a unique tag; fdl6_memcpy_linear_to_tiled writes each (level, z)
 *    image whole to fdl_surface_offset(layout, level, z), as turnip's tu_copy_memory_to_image
 *    does, with the device's ubwc_config fallbacks (highest_bank_bit, ubwc_swizzle ->
 *    bank_swizzle_levels, macrotile_mode; tu_device.cc); the address of a texel is where its tag
 *    landed.  Tags wider than cpp are written in several passes, one byte of the tag per pass.
 *    Linear levels: turnip's linear path, fdl_surface_offset + y * fdl_pitch + x * cpp.
 *  - per surface the driver checks that every tag landed exactly once, inside its image
 *    ([fdl_surface_offset, + size0)) and inside [0, size), and that fdl6_memcpy_tiled_to_linear
 *    reads every image back (whole levels except cpp 2, whose non-AArch64 whole-block path at this
 *    Mesa commit copies the wrong way, fd6_tiled_memcpy.cc tiled_to_linear_2cpp; and 3-row strips,
 *    which use the per-texel path, for every cpp).  A failure is an oracle error (exit 3).
 *
 * Usage:
 *   fdl-oracle gpuinfo GPU...     the '#   gpuinfo' header lines of the named GPUs
 *   fdl-oracle fill FILE [N]      FILE: rows 'gpu fmt w h d layers levels samples tile ubwc is3d
 *                                 mutable' (blank / TAB separated, '#' lines ignored); writes the
 *                                 gpuinfo lines of the GPUs used, then S, L and A rows per surface.
 *                                 A rows: every texel of images of up to 256 texels, else the four
 *                                 corners, a 4x4 window and N (default 48) random texels; every z
 *                                 of up to 4 layers / slices, else the first, the last and two
 *                                 random ones.  Specs Mesa refuses are dropped and counted.
 *   fdl-oracle check FILE         recomputes every S and L row of a vector file from the inputs of
 *                                 its S rows and every A row's offset, and lists what differs;
 *                                 exit 0 only when all agree.
 *   fdl-oracle views FILE         FILE: specs as for fill; per surface Mesa lays out, one row
 *                                 'D gpu fmt w h d layers levels samples tile ubwc is3d mutable size
 *                                 cpp last_size0 dw0 .. dw15 levels' (cpp: fdl_layout.cpp;
 *                                 last_size0: slices[levels - 1].size0, what MIN_LAYERSZ is made
 *                                 of) with the texture descriptor Mesa's
 *                                 fdl6_view_init writes for the whole image (base level 0, every
 *                                 level, every layer; type 3D for 3D surfaces, else 2D; iova
 *                                 0x100000000; swizzle XYZW; has_z24uint_s8uint from the device
 *                                 table) and, last, 'offset:pitch' of every level (fdl_surface_offset
 *                                 of layer 0, fdl_pitch), comma-separated.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "freedreno_layout.h"
#include "adreno_pm4.xml.h"
#include "adreno_common.xml.h"
#include "a6xx.xml.h"

/* GPUs by the name the vector files use, with the fd_dev_id each is looked up by (the
 * ids of Mesa's freedreno_devices.py records: gpu_id for a6xx parts, chip_id for a7xx). */
static const struct {
   const char *name;
   uint32_t gpu_id;
   uint64_t chip_id;
} gpu_ids[] = {
   {"a610", 610, 0},        {"a618", 618, 0},        {"a620", 620, 0},
   {"a630", 630, 0},        {"a640", 640, 0},        {"a650", 650, 0},
   {"a660", 660, 0},        {"a680", 680, 0},        {"a690", 690, 0},
   {"a730", 0, 0x07030001}, {"a740", 740, 0},        {"a750", 0, 0x43051401},
};

static const char *tile_names[] = {"TILE6_LINEAR", "TILE6_1", "TILE6_2", "TILE6_3"};

static void die(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fprintf(stderr, "fdl-oracle: ");
   vfprintf(stderr, fmt, ap);
   fprintf(stderr, "\n");
   va_end(ap);
   exit(2);
}

static int gpu_index(const char *name)
{
   for (unsigned i = 0; i < ARRAY_SIZE(gpu_ids); i++)
      if (strcmp(gpu_ids[i].name, name) == 0)
         return (int)i;
   return -1;
}

static const struct fd_dev_info *gpu_info(int gi, struct fd_dev_id *id)
{
   id->gpu_id = gpu_ids[gi].gpu_id;
   id->chip_id = gpu_ids[gi].chip_id;
   const struct fd_dev_info *info = fd_dev_info_raw(id);
   if (!info)
      die("gpu %s: not in Mesa's device table", gpu_ids[gi].name);
   return info;
}

static void print_gpuinfo(FILE *out, int gi)
{
   struct fd_dev_id id;
   const struct fd_dev_info *info = gpu_info(gi, &id);
   fprintf(out, "#   gpuinfo %s gpu_id=%u chip_id=0x%" PRIx64 " name=%s gen=%u highest_bank_bit=%u "
           "ubwc_swizzle=0x%x macrotile_mode=%u tile_align_w=%u tile_align_h=%u "
           "has_ubwc_linear_mipmap_fallback=%u\n",
           gpu_ids[gi].name, id.gpu_id, id.chip_id, fd_dev_name(&id), info->chip,
           info->highest_bank_bit, info->ubwc_swizzle, info->macrotile_mode, info->tile_align_w,
           info->tile_align_h, (unsigned)info->a6xx.has_ubwc_linear_mipmap_fallback);
}

static enum pipe_format format_named(const char *name)
{
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
      const struct util_format_description *d = util_format_description((enum pipe_format)f);
      if (d && d->name && strncmp(d->name, "PIPE_FORMAT_", 12) == 0 && strcmp(d->name + 12, name) == 0)
         return (enum pipe_format)f;
   }
   return PIPE_FORMAT_NONE;
}

static int tile_named(const char *s)
{
   for (int i = 0; i < 4; i++)
      if (strcmp(tile_names[i], s) == 0)
         return i;
   return -1;
}

/* ---- one surface ---------------------------------------------------------------------- */

typedef struct spec {
   char gpu[16], fmt[64];
   uint32_t w, h, d, layers, levels, samples, tile, ubwc, is3d, mutable_;
} spec;

typedef struct surface {
   spec s;
   int gi;
   struct fd_dev_id id;
   const struct fd_dev_info *info;
   enum pipe_format format;
   struct fdl_layout l;
   struct fdl_ubwc_config cfg;
   uint32_t images[FDL_MAX_MIP_LEVELS]; /* layers or depth slices of each level */
   /* tiled-level texel addresses: tag - 1 -> byte offset (UINT64_MAX: none) */
   uint64_t *addr;
   uint64_t ntags;
   uint64_t tag_base[FDL_MAX_MIP_LEVELS]; /* first tag - 1 of (level, z = 0) */
} surface;

static uint32_t level_mapped(const surface *S, unsigned lv, int *why)
{
   /* why: bit0 ubwc, bit1 TILE6_2, bit2 cpp outside fd6_tiled_memcpy */
   uint32_t tm = fdl_tile_mode(&S->l, lv);
   if (fdl_ubwc_enabled(&S->l, lv)) {
      *why |= 1;
      return 0;
   }
   if (tm == TILE6_2) {
      *why |= 2;
      return 0;
   }
   if (tm == TILE6_3 && S->l.cpp != 1 && S->l.cpp != 2 && S->l.cpp != 4 && S->l.cpp != 8 &&
       S->l.cpp != 16) {
      *why |= 4;
      return 0;
   }
   return 1;
}

static int oracle_fail;
static void ofail(const surface *S, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fprintf(stderr, "fdl-oracle: ORACLE CHECK FAILED %s %s %ux%ux%u: ", S->s.gpu, S->s.fmt, S->s.w,
           S->s.h, S->s.d);
   vfprintf(stderr, fmt, ap);
   fprintf(stderr, "\n");
   va_end(ap);
   oracle_fail = 1;
}

static uint32_t nbx_of(const surface *S, unsigned lv)
{
   return util_format_get_nblocksx(S->format, u_minify(S->l.width0, lv));
}
static uint32_t nby_of(const surface *S, unsigned lv)
{
   return util_format_get_nblocksy(S->format, u_minify(S->l.height0, lv));
}

/* the tag of a texel (1-based), the same in every pass */
static void fill_src(unsigned char *src, uint64_t first, uint32_t nbx, uint32_t nby, uint32_t cpp,
                     unsigned pass)
{
   for (uint64_t i = 0; i < (uint64_t)nbx * nby; i++) {
      unsigned char b = (unsigned char)((first + i + 1) >> (8 * pass));
      memset(src + i * cpp, b, cpp);
   }
}

/* returns 0 when Mesa refuses the spec (reason in *why) */
static int surface_make(surface *S, const spec *sp, const char **why)
{
   memset(S, 0, sizeof *S);
   S->s = *sp;
   S->gi = gpu_index(sp->gpu);
   if (S->gi < 0) {
      *why = "unknown gpu";
      return 0;
   }
   S->info = gpu_info(S->gi, &S->id);
   S->format = format_named(sp->fmt);
   if (S->format == PIPE_FORMAT_NONE) {
      *why = "unknown format";
      return 0;
   }
   uint32_t bs = util_format_get_blocksize(S->format);
   if (!bs || (bs & (bs - 1)) || sp->samples == 0 || (sp->samples & (sp->samples - 1)) ||
       sp->levels == 0 || sp->levels > FDL_MAX_MIP_LEVELS || sp->w == 0 || sp->layers == 0 ||
       sp->tile > 3) {
      *why = "bad spec (cpp not a power of two, levels, samples)";
      return 0;
   }
   /* fdl6_layout divides by the UBWC block width even without UBWC, and that is 0 for
    * cpp x samples of 64 and 128 (fd6_layout.c:220 and fdl6_get_ubwc_blockwidth): SIGFPE */
   if (bs * sp->samples > 32) {
      *why = "cpp x samples > 32 (fdl6_layout divides by a zero UBWC block width)";
      return 0;
   }
   uint32_t mx = MAX3(sp->w, MAX2(sp->h, 1), sp->is3d ? MAX2(sp->d, 1) : 1);
   if (sp->levels > (uint32_t)util_logbase2(mx) + 1) {
      *why = "levels > max";
      return 0;
   }
   S->l.tile_mode = sp->tile;
   S->l.ubwc = sp->ubwc;
   if (!fdl6_layout(&S->l, S->info, S->format, sp->samples, sp->w, MAX2(sp->h, 1), MAX2(sp->d, 1),
                    sp->levels, sp->layers, sp->is3d, sp->mutable_, NULL)) {
      *why = "fdl6_layout refused";
      return 0;
   }
   S->cfg.highest_bank_bit = S->info->highest_bank_bit;
   S->cfg.bank_swizzle_levels = S->info->ubwc_swizzle;
   S->cfg.macrotile_mode = (enum fdl_macrotile_mode)S->info->macrotile_mode;
   for (unsigned lv = 0; lv < sp->levels; lv++)
      S->images[lv] = sp->is3d ? u_minify(MAX2(sp->d, 1), lv) : sp->layers;
   return 1;
}

/* tags every tiled mapped texel and records where it landed; checks the oracle's invariants */
static void surface_tag(surface *S)
{
   const struct fdl_layout *l = &S->l;
   uint32_t cpp = l->cpp;
   uint64_t n = 0;
   size_t maxsrc = 0;
   for (unsigned lv = 0; lv < l->mip_levels; lv++) {
      int why = 0;
      S->tag_base[lv] = n;
      if (!level_mapped(S, lv, &why) || fdl_tile_mode(l, lv) == TILE6_LINEAR)
         continue;
      uint64_t px = (uint64_t)nbx_of(S, lv) * nby_of(S, lv);
      n += px * S->images[lv];
      if (px * cpp > maxsrc)
         maxsrc = px * cpp;
   }
   S->ntags = n;
   S->addr = NULL;
   if (!n)
      return;
   unsigned passes = 1;
   while (passes < 8 && (n + 1) >> (8 * passes))
      passes++;
   size_t size = (size_t)l->size;
   unsigned char *dst = malloc(size + 1), *src = malloc(maxsrc), *back = malloc(maxsrc);
   uint64_t *val = calloc(size + 1, sizeof *val);
   S->addr = malloc(n * sizeof *S->addr);
   if (!dst || !src || !back || !val || !S->addr)
      die("out of memory (surface of %zu bytes)", size);
   for (unsigned p = 0; p < passes; p++) {
      memset(dst, 0, size);
      for (unsigned lv = 0; lv < l->mip_levels; lv++) {
         int why = 0;
         if (!level_mapped(S, lv, &why) || fdl_tile_mode(l, lv) == TILE6_LINEAR)
            continue;
         uint32_t nbx = nbx_of(S, lv), nby = nby_of(S, lv);
         for (uint32_t z = 0; z < S->images[lv]; z++) {
            uint64_t first = S->tag_base[lv] + (uint64_t)z * nbx * nby;
            fill_src(src, first, nbx, nby, cpp, p);
            fdl6_memcpy_linear_to_tiled(0, 0, nbx, nby, (char *)dst + fdl_surface_offset(l, lv, z),
                                        (const char *)src, l, lv, nbx * cpp, &S->cfg);
            if (p + 1 < passes)
               continue;
            /* read back: whole level (not cpp 2), then 3-row strips */
            if (cpp != 2) {
               memset(back, 0, (size_t)nbx * nby * cpp);
               fdl6_memcpy_tiled_to_linear(0, 0, nbx, nby, (char *)back,
                                           (const char *)dst + fdl_surface_offset(l, lv, z), l,
                                           lv, nbx * cpp, &S->cfg);
               if (memcmp(back, src, (size_t)nbx * nby * cpp))
                  ofail(S, "level %u z %u: tiled_to_linear (whole level) differs", lv, z);
            }
            memset(back, 0, (size_t)nbx * nby * cpp);
            for (uint32_t y = 0; y < nby; y += 3)
               fdl6_memcpy_tiled_to_linear(0, y, nbx, MIN2(3, nby - y),
                                           (char *)back + (size_t)y * nbx * cpp,
                                           (const char *)dst + fdl_surface_offset(l, lv, z), l,
                                           lv, nbx * cpp, &S->cfg);
            if (memcmp(back, src, (size_t)nbx * nby * cpp))
               ofail(S, "level %u z %u: tiled_to_linear (3-row strips) differs", lv, z);
         }
      }
      for (size_t o = 0; o < size; o++)
         val[o] |= (uint64_t)dst[o] << (8 * p);
   }
   for (uint64_t t = 0; t < n; t++)
      S->addr[t] = UINT64_MAX;
   for (size_t o = 0; o < size;) {
      uint64_t v = val[o];
      if (!v) {
         o++;
         continue;
      }
      if (v > n) {
         ofail(S, "byte %zu holds no tag (%" PRIu64 ")", o, v);
         o++;
         continue;
      }
      if (S->addr[v - 1] != UINT64_MAX)
         ofail(S, "tag %" PRIu64 " written twice (%" PRIu64 ", %zu)", v, S->addr[v - 1], o);
      S->addr[v - 1] = o;
      for (uint32_t b = 0; b < cpp; b++)
         if (o + b >= size || val[o + b] != v)
            ofail(S, "texel %" PRIu64 " at %zu not written whole", v, o);
      o += cpp;
   }
   /* every texel once, inside its image */
   for (unsigned lv = 0; lv < l->mip_levels; lv++) {
      int why = 0;
      if (!level_mapped(S, lv, &why) || fdl_tile_mode(l, lv) == TILE6_LINEAR)
         continue;
      uint64_t px = (uint64_t)nbx_of(S, lv) * nby_of(S, lv);
      for (uint32_t z = 0; z < S->images[lv]; z++) {
         uint64_t lo = fdl_surface_offset(l, lv, z), hi = lo + l->slices[lv].size0;
         for (uint64_t i = 0; i < px; i++) {
            uint64_t a = S->addr[S->tag_base[lv] + z * px + i];
            if (a == UINT64_MAX || a < lo || a + cpp > hi) {
               ofail(S, "level %u z %u texel %" PRIu64 ": address %" PRIu64
                     " outside [%" PRIu64 ", %" PRIu64 ")", lv, z, i, a, lo, hi);
               break;
            }
         }
      }
   }
   free(dst);
   free(src);
   free(back);
   free(val);
}

/* byte offset of block (x, y) of image z of level lv; UINT64_MAX when unmapped */
static uint64_t surface_addr(const surface *S, unsigned lv, uint32_t z, uint32_t x, uint32_t y)
{
   int why = 0;
   if (lv >= S->l.mip_levels || !level_mapped(S, lv, &why))
      return UINT64_MAX;
   uint32_t nbx = nbx_of(S, lv), nby = nby_of(S, lv);
   if (x >= nbx || y >= nby || z >= S->images[lv])
      return UINT64_MAX;
   if (fdl_tile_mode(&S->l, lv) == TILE6_LINEAR)
      return (uint64_t)fdl_surface_offset(&S->l, lv, z) + (uint64_t)y * fdl_pitch(&S->l, lv) +
             (uint64_t)x * S->l.cpp;
   return S->addr[S->tag_base[lv] + ((uint64_t)z * nby + y) * nbx + x];
}

static void surface_free(surface *S)
{
   free(S->addr);
   S->addr = NULL;
}

static int s_row(char *buf, size_t cap, const surface *S, long sid)
{
   const struct fdl_layout *l = &S->l;
   int why = 0;
   for (unsigned lv = 0; lv < l->mip_levels; lv++)
      level_mapped(S, lv, &why);
   char un[96] = "";
   if (why & 1)
      strcat(un, "ubwc");
   if (why & 2)
      strcat(un, *un ? ",tile6_2_no_mesa_swizzle" : "tile6_2_no_mesa_swizzle");
   if (why & 4)
      strcat(un, *un ? ",cpp_not_in_fd6_tiled_memcpy" : "cpp_not_in_fd6_tiled_memcpy");
   if (!*un)
      strcpy(un, "-");
   return snprintf(buf, cap,
                   "S\t%ld\t%s\t%s\t%u\t%u\t%u\t%u\t%u\t%u\t%u\t%u\t%u\t%s\t%u\t%u\t%u\t%" PRIu64
                   "\t%" PRIu64 "\t%u\t%s\t%u\t%u\t%u\t%u\t%u\t%u\t%" PRIu64 "\t%u\t0x%x\t%u\t%s",
                   sid, S->s.gpu, S->s.fmt, l->cpp, util_format_get_blockwidth(S->format),
                   util_format_get_blockheight(S->format), S->s.w, S->s.h, S->s.d, S->s.layers,
                   S->s.levels, S->s.samples, tile_names[S->s.tile], S->s.ubwc, S->s.is3d,
                   S->s.mutable_, l->size, l->layer_size, (unsigned)l->layer_first,
                   tile_names[l->tile_mode], (unsigned)l->ubwc, (unsigned)l->tile_all,
                   l->base_align, (unsigned)l->pitchalign, l->pitch0, l->ubwc_width0,
                   l->ubwc_layer_size, S->cfg.highest_bank_bit, S->cfg.bank_swizzle_levels,
                   (unsigned)S->cfg.macrotile_mode, un);
}

static int l_row(char *buf, size_t cap, const surface *S, long sid, unsigned lv)
{
   const struct fdl_layout *l = &S->l;
   return snprintf(buf, cap, "L\t%ld\t%u\t%u\t%u\t%u\t%u\t%u\t%s\t%u\t%u\t%u\t%u\t%u\t%u\t%u\t%u",
                   sid, lv, u_minify(l->width0, lv), u_minify(l->height0, lv),
                   u_minify(l->depth0, lv), nbx_of(S, lv), nby_of(S, lv),
                   tile_names[fdl_tile_mode(l, lv)], (unsigned)fdl_ubwc_enabled(l, lv),
                   l->slices[lv].offset, fdl_pitch(l, lv), l->slices[lv].size0,
                   fdl_layer_stride(l, lv), l->ubwc_slices[lv].offset, fdl_ubwc_pitch(l, lv),
                   l->ubwc_slices[lv].size0);
}

/* ---- input ---------------------------------------------------------------------------- */

static unsigned split(char *line, char **f, unsigned max)
{
   unsigned n = 0;
   char *save = NULL;
   for (char *t = strtok_r(line, " \t\r\n", &save); t && n < max; t = strtok_r(NULL, " \t\r\n", &save))
      f[n++] = t;
   return n;
}

static uint32_t num(const char *s, const char *what, unsigned long lineno)
{
   char *end;
   unsigned long v = strtoul(s, &end, 0);
   if (*end || end == s || v > 0xffffffffUL)
      die("line %lu: %s '%s' is not a number", lineno, what, s);
   return (uint32_t)v;
}

/* f: gpu fmt w h d layers levels samples tile ubwc is3d mutable */
static void parse_spec(spec *sp, char **f, unsigned long lineno)
{
   memset(sp, 0, sizeof *sp);
   if (strlen(f[0]) >= sizeof sp->gpu || strlen(f[1]) >= sizeof sp->fmt)
      die("line %lu: gpu or format name too long", lineno);
   strcpy(sp->gpu, f[0]);
   strcpy(sp->fmt, f[1]);
   sp->w = num(f[2], "w", lineno);
   sp->h = num(f[3], "h", lineno);
   sp->d = num(f[4], "d", lineno);
   sp->layers = num(f[5], "layers", lineno);
   sp->levels = num(f[6], "levels", lineno);
   sp->samples = num(f[7], "samples", lineno);
   int t = tile_named(f[8]);
   if (t < 0)
      die("line %lu: unknown tile mode '%s'", lineno, f[8]);
   sp->tile = (uint32_t)t;
   sp->ubwc = num(f[9], "ubwc", lineno);
   sp->is3d = num(f[10], "is3d", lineno);
   sp->mutable_ = num(f[11], "mutable", lineno);
}

/* The next surface spec line of fp (comments and empty lines skipped) into *sp; 0 at the end. */
static int next_spec(FILE *fp, char **line, size_t *cap, unsigned long *lineno, const char *path, spec *sp)
{
   while (getline(line, cap, fp) > 0) {
      ++*lineno;
      char *f[16];
      if ((*line)[0] == '#')
         continue;
      unsigned n = split(*line, f, 16);
      if (n == 0)
         continue;
      if (n != 12)
         die("%s:%lu: %u fields, want 12 (gpu fmt w h d layers levels samples tile ubwc is3d "
             "mutable)", path, *lineno, n);
      parse_spec(sp, f, *lineno);
      return 1;
   }
   return 0;
}

static uint64_t rng_state;
static uint64_t rnd(void)
{
   uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

static int cmd_fill(const char *path, unsigned nrand)
{
   FILE *fp = fopen(path, "r");
   if (!fp)
      die("%s: cannot open", path);
   char *line = NULL;
   size_t cap = 0;
   unsigned long lineno = 0, made = 0, refused = 0, arows = 0;
   int used[ARRAY_SIZE(gpu_ids)] = {0};
   /* first pass: which GPUs */
   while (getline(&line, &cap, fp) > 0) {
      char *f[16];
      if (line[0] == '#')
         continue;
      unsigned n = split(line, f, 16);
      if (n >= 1) {
         int g = gpu_index(f[0]);
         if (g >= 0)
            used[g] = 1;
      }
   }
   for (unsigned g = 0; g < ARRAY_SIZE(gpu_ids); g++)
      if (used[g])
         print_gpuinfo(stdout, (int)g);
   rewind(fp);
   char buf[1024];
   spec sp;
   while (next_spec(fp, &line, &cap, &lineno, path, &sp)) {
      surface S;
      const char *why = NULL;
      if (!surface_make(&S, &sp, &why)) {
         fprintf(stderr, "fdl-oracle: %s:%lu: refused: %s\n", path, lineno, why);
         refused++;
         continue;
      }
      surface_tag(&S);
      long sid = (long)made++;
      s_row(buf, sizeof buf, &S, sid);
      puts(buf);
      for (unsigned lv = 0; lv < S.l.mip_levels; lv++) {
         l_row(buf, sizeof buf, &S, sid, lv);
         puts(buf);
      }
      rng_state = 0x5eed0000ull + (uint64_t)sid * 7919u;
      for (unsigned lv = 0; lv < S.l.mip_levels; lv++) {
         int w = 0;
         if (!level_mapped(&S, lv, &w))
            continue;
         uint32_t nbx = nbx_of(&S, lv), nby = nby_of(&S, lv), nz = S.images[lv];
         uint32_t zs[4], nzs = 0;
         if (nz <= 4) {
            for (uint32_t z = 0; z < nz; z++)
               zs[nzs++] = z;
         } else {
            zs[nzs++] = 0;
            zs[nzs++] = (uint32_t)(1 + rnd() % (nz - 2));
            zs[nzs++] = (uint32_t)(1 + rnd() % (nz - 2));
            zs[nzs++] = nz - 1;
         }
         for (uint32_t zi = 0; zi < nzs; zi++) {
            uint32_t z = zs[zi];
            if (zi && z == zs[zi - 1])
               continue;
#define EMIT(X, Y)                                                                               \
   do {                                                                                          \
      uint64_t a_ = surface_addr(&S, lv, z, (X), (Y));                                           \
      if (a_ == UINT64_MAX)                                                                      \
         ofail(&S, "no address for level %u z %u (%u, %u)", lv, z, (unsigned)(X), (unsigned)(Y)); \
      printf("A\t%ld\t%u\t%u\t%u\t%u\t%" PRIu64 "\n", sid, lv, z, (unsigned)(X), (unsigned)(Y), a_); \
      arows++;                                                                                   \
   } while (0)
            if ((uint64_t)nbx * nby <= 256) {
               for (uint32_t y = 0; y < nby; y++)
                  for (uint32_t x = 0; x < nbx; x++)
                     EMIT(x, y);
               continue;
            }
            EMIT(0, 0);
            EMIT(nbx - 1, 0);
            EMIT(0, nby - 1);
            EMIT(nbx - 1, nby - 1);
            uint32_t wx = (uint32_t)(rnd() % (nbx > 4 ? nbx - 3 : 1));
            uint32_t wy = (uint32_t)(rnd() % (nby > 4 ? nby - 3 : 1));
            for (uint32_t y = wy; y < MIN2(wy + 4, nby); y++)
               for (uint32_t x = wx; x < MIN2(wx + 4, nbx); x++)
                  EMIT(x, y);
            for (unsigned r = 0; r < nrand; r++) {
               uint32_t x = (uint32_t)(rnd() % nbx), y = (uint32_t)(rnd() % nby);
               EMIT(x, y);
            }
#undef EMIT
         }
      }
      surface_free(&S);
   }
   printf("#fill %lu surfaces, %lu A rows, %lu specs refused\n", made, arows, refused);
   free(line);
   fclose(fp);
   return oracle_fail ? 3 : 0;
}

static int cmd_check(const char *path)
{
   FILE *fp = fopen(path, "r");
   if (!fp)
      die("%s: cannot open", path);
   char *line = NULL, *copy = NULL;
   size_t cap = 0;
   unsigned long lineno = 0;
   unsigned long s_ok = 0, s_bad = 0, l_ok = 0, l_bad = 0, a_ok = 0, a_bad = 0, shown = 0;
   surface S;
   int have = 0;
   long sid = -1;
   unsigned l_seen = 0;
   char buf[1024];
#define DIFF(...)                                                                                \
   do {                                                                                          \
      if (shown++ < 40) {                                                                        \
         fprintf(stdout, "%s:%lu: ", path, lineno);                                              \
         fprintf(stdout, __VA_ARGS__);                                                           \
         fputc('\n', stdout);                                                                    \
      }                                                                                          \
   } while (0)
/* the row Mesa's layout gives (buf) against the file's (line) */
#define ROW_CMP(kind, ok, bad)                                                                   \
   do {                                                                                          \
      if (strcmp(buf, line) == 0) {                                                              \
         ok++;                                                                                   \
      } else {                                                                                   \
         bad++;                                                                                  \
         DIFF(kind " differs\n  file: %s\n  Mesa: %s", line, buf);                               \
      }                                                                                          \
   } while (0)
/* the surface read so far ends: it had as many L rows as Mesa has levels */
#define END_SURFACE()                                                                            \
   do {                                                                                          \
      if (have) {                                                                                \
         if (l_seen != S.l.mip_levels) {                                                         \
            DIFF("surface %ld: %u L rows, Mesa has %u levels", sid, l_seen, S.l.mip_levels);     \
            l_bad++;                                                                             \
         }                                                                                       \
         surface_free(&S);                                                                       \
         have = 0;                                                                               \
      }                                                                                          \
   } while (0)
   while (getline(&line, &cap, fp) > 0) {
      lineno++;
      line[strcspn(line, "\r\n")] = 0;
      if (line[0] == '#' || line[0] == 0)
         continue;
      free(copy);
      copy = strdup(line);
      char *f[40];
      unsigned n = split(copy, f, 40);
      if (strcmp(f[0], "S") == 0) {
         END_SURFACE();
         if (n < 32)
            die("%s:%lu: S row with %u fields", path, lineno, n);
         sid = strtol(f[1], NULL, 10);
         spec sp;
         /* columns: S sid gpu fmt cpp bw bh w h d layers levels samples tile ubwc is3d mutable */
         char *g[12] = {f[2], f[3], f[7], f[8], f[9], f[10], f[11], f[12], f[13], f[14], f[15], f[16]};
         parse_spec(&sp, g, lineno);
         const char *why = NULL;
         if (!surface_make(&S, &sp, &why)) {
            DIFF("surface %ld: Mesa refuses it: %s", sid, why);
            s_bad++;
            continue;
         }
         surface_tag(&S);
         have = 1;
         l_seen = 0;
         s_row(buf, sizeof buf, &S, sid);
         ROW_CMP("S", s_ok, s_bad);
      } else if (strcmp(f[0], "L") == 0) {
         if (!have || n < 3 || strtol(f[1], NULL, 10) != sid) {
            l_bad++;
            DIFF("L row outside its surface");
            continue;
         }
         unsigned lv = num(f[2], "level", lineno);
         l_seen++;
         if (lv >= S.l.mip_levels) {
            l_bad++;
            DIFF("surface %ld: level %u beyond Mesa's %u", sid, lv, S.l.mip_levels);
            continue;
         }
         l_row(buf, sizeof buf, &S, sid, lv);
         ROW_CMP("L", l_ok, l_bad);
      } else if (strcmp(f[0], "A") == 0) {
         if (!have || n < 7 || strtol(f[1], NULL, 10) != sid) {
            a_bad++;
            DIFF("A row outside its surface");
            continue;
         }
         unsigned lv = num(f[2], "level", lineno);
         uint32_t z = num(f[3], "z", lineno), x = num(f[4], "x", lineno), y = num(f[5], "y", lineno);
         uint64_t want = strtoull(f[6], NULL, 10);
         uint64_t got = surface_addr(&S, lv, z, x, y);
         if (got == want) {
            a_ok++;
         } else {
            a_bad++;
            if (got == UINT64_MAX)
               DIFF("surface %ld level %u z %u (%u, %u): file %" PRIu64 ", Mesa: unmapped", sid, lv,
                    z, x, y, want);
            else
               DIFF("surface %ld level %u z %u (%u, %u): file %" PRIu64 ", Mesa %" PRIu64, sid, lv, z,
                    x, y, want, got);
         }
      } else {
         die("%s:%lu: unknown record type %s", path, lineno, f[0]);
      }
   }
   END_SURFACE();
#undef END_SURFACE
#undef ROW_CMP
#undef DIFF
   free(line);
   free(copy);
   fclose(fp);
   printf("%s: S rows %lu/%lu agree, L rows %lu/%lu agree, A rows %lu/%lu agree%s\n", path, s_ok,
          s_ok + s_bad, l_ok, l_ok + l_bad, a_ok, a_ok + a_bad,
          oracle_fail ? " (ORACLE SELF-CHECK FAILED)" : "");
   if (oracle_fail)
      return 3;
   return s_bad || l_bad || a_bad || !s_ok ? 1 : 0;
}

#define VIEW_IOVA 0x100000000ull

static int cmd_views(const char *path)
{
   FILE *fp = fopen(path, "r");
   if (!fp)
      die("%s: cannot open", path);
   char *line = NULL;
   size_t cap = 0;
   unsigned long lineno = 0, made = 0, refused = 0;
   spec sp;
   while (next_spec(fp, &line, &cap, &lineno, path, &sp)) {
      surface S;
      const char *why = NULL;
      if (!surface_make(&S, &sp, &why)) {
         refused++;
         continue;
      }
      struct fdl6_view v;
      const struct fdl_layout *ls[3] = {&S.l, &S.l, &S.l};
      struct fdl_view_args a;
      memset(&a, 0, sizeof a);
      a.chip = S.info->chip;
      a.iova = VIEW_IOVA;
      a.base_miplevel = 0;
      a.level_count = sp.levels;
      a.base_array_layer = 0;
      a.layer_count = sp.is3d ? 1 : sp.layers;
      a.min_lod_clamp = 0;
      for (unsigned c = 0; c < 4; c++)
         a.swiz[c] = (unsigned char)(PIPE_SWIZZLE_X + c);
      a.format = S.format;
      a.type = sp.is3d ? FDL_VIEW_TYPE_3D : FDL_VIEW_TYPE_2D;
      fdl6_view_init(&v, ls, &a, S.info->a6xx.has_z24uint_s8uint);
      printf("D\t%s\t%s\t%u\t%u\t%u\t%u\t%u\t%u\t%s\t%u\t%u\t%u\t%" PRIu64 "\t%u\t%u", sp.gpu,
             sp.fmt, sp.w, sp.h, sp.d, sp.layers, sp.levels, sp.samples, tile_names[sp.tile], sp.ubwc,
             sp.is3d, sp.mutable_, S.l.size, S.l.cpp, S.l.slices[S.l.mip_levels - 1].size0);
      for (unsigned k = 0; k < 16; k++)
         printf("\t%08x", v.descriptor[k]);
      printf("\t");
      for (unsigned lv = 0; lv < S.l.mip_levels; lv++)
         printf("%s%u:%u", lv ? "," : "", fdl_surface_offset(&S.l, lv, 0), fdl_pitch(&S.l, lv));
      printf("\n");
      made++;
   }
   printf("#views %lu surfaces, %lu specs refused\n", made, refused);
   free(line);
   fclose(fp);
   return 0;
}

int main(int argc, char **argv)
{
   if (argc >= 3 && strcmp(argv[1], "gpuinfo") == 0) {
      for (int i = 2; i < argc; i++) {
         int g = gpu_index(argv[i]);
         if (g < 0)
            die("unknown gpu %s", argv[i]);
         print_gpuinfo(stdout, g);
      }
      return 0;
   }
   if ((argc == 3 || argc == 4) && strcmp(argv[1], "fill") == 0)
      return cmd_fill(argv[2], argc == 4 ? num(argv[3], "N", 0) : 48);
   if (argc == 3 && strcmp(argv[1], "check") == 0)
      return cmd_check(argv[2]);
   if (argc == 3 && strcmp(argv[1], "views") == 0)
      return cmd_views(argv[2]);
   fprintf(stderr, "usage: fdl-oracle gpuinfo GPU... | fill FILE [N] | check FILE | views FILE\n");
   return 2;
}
