#include "probes/bench/cpu_features.hpp"
#include "probes/bench/cpu_probe.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace sshtune;
using namespace sshtune::probes;

namespace {

// The named feature; a test that asks for a missing one fails (and gets a blank feature, never end()).
const CpuFeature& feature(const std::vector<CpuFeature>& features, const std::string& name) {
  static const CpuFeature k_missing;
  const auto it = std::find_if(features.begin(), features.end(), [&](const CpuFeature& f) { return f.name == name; });
  if (it == features.end()) {
    ADD_FAILURE() << "no feature " << name;
    return k_missing;
  }
  return *it;
}

std::vector<std::string> names_where(const std::vector<CpuFeature>& features, bool (*predicate)(const CpuFeature&)) {
  std::vector<std::string> names;
  for (const auto& f : features) {
    if (predicate(f)) {
      names.push_back(f.name);
    }
  }
  return names;
}

// CPUID words of an AMD EPYC (Zen 3) as the kernel sees them under KVM.
X86Cpuid zen3() {
  X86Cpuid cpuid;
  cpuid.leaf1_ecx = 0xfed83203;
  cpuid.leaf7_ebx = 0x219c07a9;
  cpuid.leaf7_ecx = 0x00000600 | 0x4;
  return cpuid;
}

}  // namespace

TEST(CpuFeatures, DecodesX86CpuidWords) {
  const auto features = decode_x86(zen3());
  EXPECT_EQ(names_where(features, [](const CpuFeature& f) { return f.hardware; }),
            (std::vector<std::string>{"aes", "pclmulqdq", "avx", "avx2", "vaes", "vpclmulqdq", "sha_ni", "ssse3"}));
  EXPECT_FALSE(feature(features, "avx512f").hardware);
}

TEST(CpuFeatures, AvxFamilyNeedsOsSupport) {
  X86Cpuid cpuid = zen3();
  cpuid.leaf7_ebx |= 1U << 16;  // avx512f
  cpuid.os_saves_avx512 = false;
  EXPECT_FALSE(feature(decode_x86(cpuid), "avx512f").hardware);
  cpuid.os_saves_avx = false;
  const auto features = decode_x86(cpuid);
  EXPECT_FALSE(feature(features, "avx").hardware);
  EXPECT_FALSE(feature(features, "vaes").hardware);
  EXPECT_TRUE(feature(features, "aes").hardware);
}

TEST(CpuFeatures, DecodesAarch64Hwcap) {
  // AES | PMULL | SHA1 | SHA2 | SHA512, no SHA3 (e.g. Neoverse N1 lacks SHA3? here: set by hand).
  const std::uint64_t hwcap = (1U << 3) | (1U << 4) | (1U << 5) | (1U << 6) | (1U << 21);
  const auto features = decode_aarch64(hwcap);
  EXPECT_EQ(names_where(features, [](const CpuFeature& f) { return f.hardware; }),
            (std::vector<std::string>{"aes", "pmull", "sha1", "sha2", "sha512"}));
  EXPECT_FALSE(feature(features, "sha3").hardware);
  EXPECT_TRUE(names_where(decode_aarch64(0), [](const CpuFeature& f) { return f.hardware; }).empty());
}

TEST(CpuFeatures, ReadsCpuinfoFlagsAndModel) {
  const std::string x86 =
      "processor\t: 0\nmodel name\t: AMD EPYC 7B13\nflags\t\t: fpu aes sse2 sha_ni\n\nprocessor\t: 1\nflags\t: fpu\n";
  EXPECT_EQ(cpuinfo_flags(x86), (std::set<std::string>{"fpu", "aes", "sse2", "sha_ni"}));
  EXPECT_EQ(cpuinfo_model(x86), "AMD EPYC 7B13");
  const std::string arm = "processor\t: 0\nFeatures\t: fp asimd aes pmull sha1 sha2\nCPU part\t: 0xd0c\n";
  EXPECT_EQ(cpuinfo_flags(arm), (std::set<std::string>{"fp", "asimd", "aes", "pmull", "sha1", "sha2"}));
  EXPECT_EQ(cpuinfo_model(arm), "");
}

TEST(CpuFeatures, CrossCheckNotesDisagreements) {
  auto features = decode_x86(zen3());
  std::vector<std::string> notes;
  cross_check(features, {"aes", "pclmulqdq", "avx", "avx2", "vaes", "vpclmulqdq", "ssse3", "avx512f"}, notes);
  EXPECT_TRUE(feature(features, "aes").in_cpuinfo);
  EXPECT_FALSE(feature(features, "sha_ni").in_cpuinfo);
  EXPECT_EQ(notes, (std::vector<std::string>{"avx512f: listed in /proc/cpuinfo but not usable per the CPU",
                                             "sha_ni: reported by the CPU but not listed in /proc/cpuinfo"}));
}

TEST(CpuFeatures, OpensslIa32capTildeMasksBits) {
  auto features = decode_x86(zen3());
  // The documented way to hide AES-NI and PCLMULQDQ from OpenSSL: ~0x200000200000000.
  ASSERT_TRUE(apply_openssl_ia32cap(features, "~0x200000200000000"));
  EXPECT_TRUE(feature(features, "aes").masked);
  EXPECT_FALSE(feature(features, "aes").effective());
  EXPECT_TRUE(feature(features, "pclmulqdq").masked);
  EXPECT_FALSE(feature(features, "avx").masked);
  EXPECT_TRUE(feature(features, "vaes").effective());
}

TEST(CpuFeatures, OpensslIa32capSecondWordMasksLeaf7) {
  auto features = decode_x86(zen3());
  // Word 1 bits: 5 = avx2, 29 = sha, 41 = vaes, 42 = vpclmulqdq.
  ASSERT_TRUE(apply_openssl_ia32cap(features, ":~0x60020000020"));
  EXPECT_TRUE(feature(features, "avx2").masked);
  EXPECT_TRUE(feature(features, "sha_ni").masked);
  EXPECT_TRUE(feature(features, "vaes").masked);
  EXPECT_TRUE(feature(features, "vpclmulqdq").masked);
  EXPECT_FALSE(feature(features, "aes").masked);
}

TEST(CpuFeatures, OpensslIa32capWithoutTildeReplacesTheWord) {
  auto features = decode_x86(zen3());
  // Only AES (bit 57) is claimed, so everything else in word 0 is hidden.
  ASSERT_TRUE(apply_openssl_ia32cap(features, "0x200000000000000"));
  EXPECT_TRUE(feature(features, "aes").effective());
  EXPECT_TRUE(feature(features, "pclmulqdq").masked);
  EXPECT_TRUE(feature(features, "ssse3").masked);
  EXPECT_FALSE(feature(features, "avx2").masked);  // word 1 untouched
}

TEST(CpuFeatures, BadOpensslIa32capIsAnError) {
  auto features = decode_x86(zen3());
  auto result = apply_openssl_ia32cap(features, "~0xzz");
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().message, "OPENSSL_ia32cap='0xzz' is not a number OpenSSL understands");
}

TEST(CpuFeatures, OpensslArmcapHidesUnsetBits) {
  auto features = decode_aarch64((1U << 3) | (1U << 4) | (1U << 6));
  ASSERT_TRUE(apply_openssl_armcap(features, "0x10"));  // ARMV8_SHA256 only
  EXPECT_TRUE(feature(features, "aes").masked);
  EXPECT_TRUE(feature(features, "pmull").masked);
  EXPECT_TRUE(feature(features, "sha2").effective());
  EXPECT_FALSE(feature(features, "sha3").masked);  // absent, not masked
}

TEST(CpuFeatures, ProbeOfThisMachineIsConsistent) {
  const CpuReport report = probe_cpu();
  EXPECT_FALSE(report.arch.empty());
  for (const auto& f : report.features) {
    EXPECT_FALSE(f.masked && !f.hardware) << f.name;
  }
}
