#pragma once
// What the local CPU offers for SSH's crypto, and what OpenSSL will really use.
// Decoding is pure (fed register values in tests); cpu_probe.hpp reads the machine.

#include "base/result.hpp"

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::probes {

struct CpuFeature {
  std::string name;         // the /proc/cpuinfo spelling: aes, pclmulqdq, sha_ni, pmull, ...
  bool hardware = false;    // CPUID / AT_HWCAP reports it (and the OS enables its state)
  bool in_cpuinfo = false;  // /proc/cpuinfo lists it
  bool masked = false;      // the CPU has it but OPENSSL_ia32cap / OPENSSL_armcap hides it from OpenSSL
  // OpenSSL will use it.
  bool effective() const { return hardware && !masked; }
};

// The x86 CPUID words the features come from.
struct X86Cpuid {
  std::uint32_t leaf1_ecx = 0;
  std::uint32_t leaf7_ebx = 0;
  std::uint32_t leaf7_ecx = 0;
  bool os_saves_avx = true;     // XCR0 has SSE+AVX state (AVX and its successors are usable)
  bool os_saves_avx512 = true;  // XCR0 has the AVX-512 state
};

// aes, pclmulqdq, avx, avx2, avx512f, vaes, vpclmulqdq, sha_ni, ssse3 from CPUID.
std::vector<CpuFeature> decode_x86(const X86Cpuid& cpuid);

// aes, pmull, sha1, sha2, sha3, sha512 from Linux's AT_HWCAP bits.
std::vector<CpuFeature> decode_aarch64(std::uint64_t hwcap);

// The flags of the first processor in /proc/cpuinfo ("flags" on x86, "Features" on ARM).
std::set<std::string> cpuinfo_flags(std::string_view cpuinfo);

// The "model name" (x86) or "CPU part"-less fallback "" from /proc/cpuinfo.
std::string cpuinfo_model(std::string_view cpuinfo);

// Sets in_cpuinfo from `flags` and notes each disagreement with the hardware bit.
void cross_check(std::vector<CpuFeature>& features, const std::set<std::string>& flags,
                 std::vector<std::string>& notes);

// Applies OpenSSL's x86 capability override (the OPENSSL_ia32cap variable:
// "[~]WORD0[:[~]WORD1]", '~' meaning "clear these bits") by setting `masked`.
// Error when the text is not numbers OpenSSL would parse.
Result<void> apply_openssl_ia32cap(std::vector<CpuFeature>& features, std::string_view value);

// Applies OPENSSL_armcap, which replaces OpenSSL's AArch64 capability word.
Result<void> apply_openssl_armcap(std::vector<CpuFeature>& features, std::string_view value);

}  // namespace sshtune::probes
