/* Adreno GPU presets: the facts of Mesa's device table that the a6xx / a7xx layout and tiling
 * use.  Source (public; values carried over as facts): Mesa src/freedreno/common/
 * freedreno_devices.py (main, 2025-01, the table the conformance vectors were made from; see
 * tests/data/adreno-tiling-a6xx.tsv's header).  highest_bank_bit, ubwc_swizzle and
 * macrotile_mode are each entry's A6xxGPUInfo arguments (defaults highest_bank_bit 15,
 * ubwc_swizzle 0x6, macrotile_mode 1 where an entry gives none); has_ubwc_linear_mipmap_fallback
 * comes from the property templates (a6xx_gen4 and a7xx_base set it). */
#include <string.h>
#include <strings.h>

#include "tmu/layout.h"

static const tmu_adreno_gpu gpus[] = {
    /* GPUId(610) with 605/608/612: A6xxGPUInfo(CHIP.A6XX, [a6xx_base, a6xx_gen1_low], ...,
     * highest_bank_bit = 13, ubwc_swizzle = 0x7, macrotile_mode = 0) */
    {"a610", 6, 610, 0, 13, 0x7, TMU_ADRENO_MACROTILE_4_CHANNEL, 0},
    /* GPUId(630): [a6xx_base, a6xx_gen1], highest_bank_bit = 15, macrotile_mode = 0 */
    {"a630", 6, 630, 0, 15, 0x6, TMU_ADRENO_MACROTILE_4_CHANNEL, 0},
    /* GPUId(660): [a6xx_base, a6xx_gen4] (has_ubwc_linear_mipmap_fallback = True),
     * highest_bank_bit = 16, default ubwc_swizzle / macrotile_mode */
    {"a660", 6, 660, 0, 16, 0x6, TMU_ADRENO_MACROTILE_8_CHANNEL, 1},
    /* GPUId(chip_id=0x07030001, name="FD730"): CHIP.A7XX, [a7xx_base, a7xx_gen1]
     * (a7xx_base: has_ubwc_linear_mipmap_fallback = True), highest_bank_bit = 16 */
    {"a730", 7, 0, 0x07030001u, 16, 0x6, TMU_ADRENO_MACROTILE_8_CHANNEL, 1},
    /* GPUId(chip_id=0x43051401, name="FD750"): CHIP.A7XX, [a7xx_base, a7xx_gen3],
     * highest_bank_bit = 16 */
    {"a750", 7, 0, 0x43051401u, 16, 0x6, TMU_ADRENO_MACROTILE_8_CHANNEL, 1},
};

size_t tmu_adreno_gpu_count(void) { return sizeof gpus / sizeof gpus[0]; }

const tmu_adreno_gpu *tmu_adreno_gpu_at(size_t i)
{
    return i < tmu_adreno_gpu_count() ? &gpus[i] : NULL;
}

const tmu_adreno_gpu *tmu_adreno_gpu_find(const char *name)
{
    if (!name)
        return NULL;
    /* "a630", "630" and Mesa's "FD630" name the same preset */
    if ((name[0] == 'f' || name[0] == 'F') && (name[1] == 'd' || name[1] == 'D'))
        name += 2;
    else if (name[0] == 'a' || name[0] == 'A')
        name += 1;
    for (size_t i = 0; i < tmu_adreno_gpu_count(); i++)
        if (strcasecmp(name, gpus[i].name + 1) == 0)
            return &gpus[i];
    return NULL;
}
