/* tmu — the list of texel formats (X-macro).  Owned by src/format/; see format.h.
 * Each entry: X(UPPER_NAME, lower_name).  Names follow Vulkan's VkFormat spelling
 * (without VK_FORMAT_, "FLOAT" for "SFLOAT"); the layout of each one is its row in
 * src/format/format_table.c. */
#ifndef TMU_FORMAT_LIST_H
#define TMU_FORMAT_LIST_H

#define TMU_FORMAT_LIST(X)                                                                         \
    /* 8 bits per channel, byte order R first */                                                   \
    X(R8_UNORM, r8_unorm)                                                                          \
    X(R8_SNORM, r8_snorm)                                                                          \
    X(R8_USCALED, r8_uscaled)                                                                      \
    X(R8_SSCALED, r8_sscaled)                                                                      \
    X(R8_UINT, r8_uint)                                                                            \
    X(R8_SINT, r8_sint)                                                                            \
    X(R8_SRGB, r8_srgb)                                                                            \
    X(R8G8_UNORM, r8g8_unorm)                                                                      \
    X(R8G8_SNORM, r8g8_snorm)                                                                      \
    X(R8G8_USCALED, r8g8_uscaled)                                                                  \
    X(R8G8_SSCALED, r8g8_sscaled)                                                                  \
    X(R8G8_UINT, r8g8_uint)                                                                        \
    X(R8G8_SINT, r8g8_sint)                                                                        \
    X(R8G8_SRGB, r8g8_srgb)                                                                        \
    X(R8G8B8A8_UNORM, r8g8b8a8_unorm)                                                              \
    X(R8G8B8A8_SNORM, r8g8b8a8_snorm)                                                              \
    X(R8G8B8A8_USCALED, r8g8b8a8_uscaled)                                                          \
    X(R8G8B8A8_SSCALED, r8g8b8a8_sscaled)                                                          \
    X(R8G8B8A8_UINT, r8g8b8a8_uint)                                                                \
    X(R8G8B8A8_SINT, r8g8b8a8_sint)                                                                \
    X(R8G8B8A8_SRGB, r8g8b8a8_srgb)                                                                \
    X(B8G8R8A8_UNORM, b8g8r8a8_unorm)                                                              \
    X(B8G8R8A8_SRGB, b8g8r8a8_srgb)                                                                \
    /* 16 bits per channel */                                                                      \
    X(R16_UNORM, r16_unorm)                                                                        \
    X(R16_SNORM, r16_snorm)                                                                        \
    X(R16_USCALED, r16_uscaled)                                                                    \
    X(R16_SSCALED, r16_sscaled)                                                                    \
    X(R16_UINT, r16_uint)                                                                          \
    X(R16_SINT, r16_sint)                                                                          \
    X(R16_FLOAT, r16_float)                                                                        \
    X(R16G16_UNORM, r16g16_unorm)                                                                  \
    X(R16G16_SNORM, r16g16_snorm)                                                                  \
    X(R16G16_USCALED, r16g16_uscaled)                                                              \
    X(R16G16_SSCALED, r16g16_sscaled)                                                              \
    X(R16G16_UINT, r16g16_uint)                                                                    \
    X(R16G16_SINT, r16g16_sint)                                                                    \
    X(R16G16_FLOAT, r16g16_float)                                                                  \
    X(R16G16B16A16_UNORM, r16g16b16a16_unorm)                                                      \
    X(R16G16B16A16_SNORM, r16g16b16a16_snorm)                                                      \
    X(R16G16B16A16_USCALED, r16g16b16a16_uscaled)                                                  \
    X(R16G16B16A16_SSCALED, r16g16b16a16_sscaled)                                                  \
    X(R16G16B16A16_UINT, r16g16b16a16_uint)                                                        \
    X(R16G16B16A16_SINT, r16g16b16a16_sint)                                                        \
    X(R16G16B16A16_FLOAT, r16g16b16a16_float)                                                      \
    /* 32 bits per channel */                                                                      \
    X(R32_UINT, r32_uint)                                                                          \
    X(R32_SINT, r32_sint)                                                                          \
    X(R32_FLOAT, r32_float)                                                                        \
    X(R32G32_UINT, r32g32_uint)                                                                    \
    X(R32G32_SINT, r32g32_sint)                                                                    \
    X(R32G32_FLOAT, r32g32_float)                                                                  \
    X(R32G32B32_UINT, r32g32b32_uint)                                                              \
    X(R32G32B32_SINT, r32g32b32_sint)                                                              \
    X(R32G32B32_FLOAT, r32g32b32_float)                                                            \
    X(R32G32B32A32_UINT, r32g32b32a32_uint)                                                        \
    X(R32G32B32A32_SINT, r32g32b32a32_sint)                                                        \
    X(R32G32B32A32_FLOAT, r32g32b32a32_float)                                                      \
    /* packed: the first-named channel occupies the most significant bits */                      \
    X(R5G6B5_UNORM_PACK16, r5g6b5_unorm_pack16)                                                    \
    X(B5G6R5_UNORM_PACK16, b5g6r5_unorm_pack16)                                                    \
    X(R5G5B5A1_UNORM_PACK16, r5g5b5a1_unorm_pack16)                                                \
    X(A1B5G5R5_UNORM_PACK16, a1b5g5r5_unorm_pack16)                                                \
    X(R4G4B4A4_UNORM_PACK16, r4g4b4a4_unorm_pack16)                                                \
    X(A4B4G4R4_UNORM_PACK16, a4b4g4r4_unorm_pack16)                                                \
    X(A2B10G10R10_UNORM_PACK32, a2b10g10r10_unorm_pack32)                                          \
    X(A2B10G10R10_SNORM_PACK32, a2b10g10r10_snorm_pack32)                                          \
    X(A2B10G10R10_USCALED_PACK32, a2b10g10r10_uscaled_pack32)                                      \
    X(A2B10G10R10_SSCALED_PACK32, a2b10g10r10_sscaled_pack32)                                      \
    X(A2B10G10R10_UINT_PACK32, a2b10g10r10_uint_pack32)                                            \
    X(A2B10G10R10_SINT_PACK32, a2b10g10r10_sint_pack32)                                            \
    X(B10G11R11_UFLOAT_PACK32, b10g11r11_ufloat_pack32)                                            \
    X(E5B9G9R9_UFLOAT_PACK32, e5b9g9r9_ufloat_pack32)                                              \
    /* depth and depth-stencil */                                                                  \
    X(D16_UNORM, d16_unorm)                                                                        \
    X(X8_D24_UNORM_PACK32, x8_d24_unorm_pack32)                                                    \
    X(D24_UNORM_S8_UINT, d24_unorm_s8_uint)                                                        \
    X(D32_FLOAT, d32_float)                                                                        \
    X(D32_FLOAT_S8_UINT, d32_float_s8_uint)                                                        \
    /* Adreno a6xx texture formats Vulkan lacks (FMT6_*, Mesa's pipe formats; appended so the    \
     * values above keep theirs) */                                                               \
    X(A8_UNORM, a8_unorm)                                                                          \
    X(R8G8B8_UNORM, r8g8b8_unorm)                                                                  \
    X(B8G8R8_UNORM, b8g8r8_unorm)                                                                  \
    X(R8G8B8X8_UNORM, r8g8b8x8_unorm)                                                              \
    X(B8G8R8X8_UNORM, b8g8r8x8_unorm)                                                              \
    X(R8G8B8X8_SRGB, r8g8b8x8_srgb)                                                                \
    X(B8G8R8X8_SRGB, b8g8r8x8_srgb)                                                                \
    X(L8A8_UNORM, l8a8_unorm)                                                                      \
    X(R32_SFIXED, r32_sfixed)

#endif
