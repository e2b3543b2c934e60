// probe_cpu(): the machine-reading half of the CPU facts (cpu_features.hpp decodes).
#include "probes/bench/cpu_probe.hpp"
#include "base/read_file.hpp"

#include <sys/utsname.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#elif defined(__aarch64__)
#include <sys/auxv.h>
#endif

namespace sshtune::probes {
namespace {

#if defined(__x86_64__) || defined(__i386__)
std::uint64_t read_xcr0() {
  std::uint32_t eax = 0;
  std::uint32_t edx = 0;
  __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
  return (static_cast<std::uint64_t>(edx) << 32) | eax;
}

std::vector<CpuFeature> read_features() {
  X86Cpuid cpuid;
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (__get_cpuid(1, &a, &b, &c, &d) != 0) {
    cpuid.leaf1_ecx = c;
  }
  if (__get_cpuid_count(7, 0, &a, &b, &c, &d) != 0) {
    cpuid.leaf7_ebx = b;
    cpuid.leaf7_ecx = c;
  }
  const bool osxsave = (cpuid.leaf1_ecx >> 27) & 1U;
  const std::uint64_t xcr0 = osxsave ? read_xcr0() : 0;
  cpuid.os_saves_avx = (xcr0 & 0x6) == 0x6;
  cpuid.os_saves_avx512 = (xcr0 & 0xe0) == 0xe0;
  return decode_x86(cpuid);
}
const char* const k_mask_variable = "OPENSSL_ia32cap";
#elif defined(__aarch64__)
std::vector<CpuFeature> read_features() { return decode_aarch64(getauxval(AT_HWCAP)); }
const char* const k_mask_variable = "OPENSSL_armcap";
#else
std::vector<CpuFeature> read_features() { return {}; }
const char* const k_mask_variable = nullptr;
#endif

void apply_mask_from_environment(CpuReport& report) {
  const char* value = k_mask_variable != nullptr ? std::getenv(k_mask_variable) : nullptr;
  if (value == nullptr) {
    return;
  }
#if defined(__aarch64__)
  auto applied = apply_openssl_armcap(report.features, value);
#else
  auto applied = apply_openssl_ia32cap(report.features, value);
#endif
  if (!applied) {
    report.notes.push_back(applied.error().message);
  }
}

}  // namespace

CpuReport probe_cpu() {
  CpuReport report;
  utsname name{};
  report.arch = uname(&name) == 0 ? name.machine : "unknown";
  report.features = read_features();
  const std::string cpuinfo = read_file_if_present("/proc/cpuinfo").value_or("");
  report.model = cpuinfo_model(cpuinfo);
  if (cpuinfo.empty()) {
    report.notes.emplace_back("/proc/cpuinfo is not readable; features come from the CPU alone");
  } else {
    cross_check(report.features, cpuinfo_flags(cpuinfo), report.notes);
  }
  apply_mask_from_environment(report);
  return report;
}

}  // namespace sshtune::probes
