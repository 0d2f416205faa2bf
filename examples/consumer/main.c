/* Smallest embedding of tmu: decode one sRGB texel and print the library version.
 * Build against an installed tmu with CMake (find_package(tmu)) or pkg-config:
 *   cc main.c $(pkg-config --cflags --libs tmu) */
#include <stdio.h>

#include "tmu/format.h"

int main(void)
{
    const unsigned char texel[4] = {0xff, 0x80, 0x00, 0x00};
    tmu_texel t;
    tmu_status st = tmu_format_decode(tmu_format_from_name("r8g8b8a8_srgb"), texel, &t);
    if (st != TMU_OK) {
        fprintf(stderr, "decode failed: %s\n", tmu_status_str(st));
        return 1;
    }
    printf("tmu %s: r8g8b8a8_srgb ff800000 -> %.6f %.6f %.6f %.6f\n", tmu_version(), t.f[0], t.f[1],
           t.f[2], t.f[3]);
    return 0;
}
