#include "probes/bench/cpu_features.hpp"

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <sstream>

namespace sshtune::probes {
namespace {

// One feature's position in CPUID/hwcap and in OpenSSL's capability vector.
struct BitSpec {
  const char* name;
  int word;          // x86: 0 = leaf1 ECX, 1 = leaf7 EBX, 2 = leaf7 ECX; ARM: unused
  int bit;           // bit in that word (ARM: AT_HWCAP bit)
  int openssl_word;  // which 64-bit OPENSSL_ia32cap word (0 or 1); ARM: unused
  int openssl_bit;   // bit in that word (ARM: OPENSSL_armcap bit)
};

// OPENSSL_ia32cap word 0 = CPUID.1 EDX | ECX << 32; word 1 = CPUID.7 EBX | ECX << 32.
constexpr BitSpec k_x86_bits[] = {
    {"aes", 0, 25, 0, 57},        {"pclmulqdq", 0, 1, 0, 33}, {"avx", 0, 28, 0, 60},
    {"avx2", 1, 5, 1, 5},         {"avx512f", 1, 16, 1, 16},  {"vaes", 2, 9, 1, 41},
    {"vpclmulqdq", 2, 10, 1, 42}, {"sha_ni", 1, 29, 1, 29},   {"ssse3", 0, 9, 0, 41},
};

// Linux AT_HWCAP bits (asm/hwcap.h) and OpenSSL's arm_arch.h ARMV8_* bits.
constexpr BitSpec k_arm_bits[] = {
    {"aes", 0, 3, 0, 2},  {"pmull", 0, 4, 0, 5},  {"sha1", 0, 5, 0, 3},
    {"sha2", 0, 6, 0, 4}, {"sha3", 0, 17, 0, 11}, {"sha512", 0, 21, 0, 6},
};

bool has_bit(std::uint64_t word, int bit) { return ((word >> bit) & 1U) != 0; }

bool needs_avx_state(std::string_view name) {
  return name == "avx" || name == "avx2" || name == "vaes" || name == "vpclmulqdq";
}

const BitSpec* find_spec(std::string_view name, bool x86) {
  const auto begin = x86 ? std::begin(k_x86_bits) : std::begin(k_arm_bits);
  const auto end = x86 ? std::end(k_x86_bits) : std::end(k_arm_bits);
  const auto it = std::find_if(begin, end, [&](const BitSpec& s) { return name == s.name; });
  return it == end ? nullptr : &*it;
}

// Parses one number the way OpenSSL's ossl_strtouint64 does (0x hex, 0 octal, decimal).
Result<std::uint64_t> parse_cap_number(std::string_view text, std::string_view variable) {
  const std::string copy(text);
  char* end = nullptr;
  const std::uint64_t value = std::strtoull(copy.c_str(), &end, 0);
  if (copy.empty() || end == nullptr || *end != '\0') {
    return Error{ErrorKind::invalid_input,
                 std::string(variable) + "='" + std::string(text) + "' is not a number OpenSSL understands"};
  }
  return value;
}

// Marks features of one OPENSSL_ia32cap word: `clear` masks the given bits,
// otherwise the value replaces the word and every absent bit is masked.
void mask_word(std::vector<CpuFeature>& features, int word, std::uint64_t value, bool clear) {
  for (auto& feature : features) {
    const BitSpec* spec = find_spec(feature.name, true);
    if (spec == nullptr || spec->openssl_word != word) {
      continue;
    }
    const bool bit = has_bit(value, spec->openssl_bit);
    feature.masked = feature.hardware && (clear ? bit : !bit);
  }
}

// Applies one "[~]NUMBER" part of OPENSSL_ia32cap to `word`; an empty part leaves it alone.
Result<void> apply_ia32cap_part(std::vector<CpuFeature>& features, int word, std::string_view part) {
  if (part.empty()) {
    return ok();
  }
  const bool clear = part.front() == '~';
  SSHTUNE_TRY(value, parse_cap_number(clear ? part.substr(1) : part, "OPENSSL_ia32cap"));
  mask_word(features, word, value, clear);
  return ok();
}

std::string first_value_of(std::string_view cpuinfo, std::string_view key) {
  std::istringstream lines{std::string(cpuinfo)};
  std::string line;
  while (std::getline(lines, line)) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) {
      continue;
    }
    std::string name = line.substr(0, colon);
    name.erase(name.find_last_not_of(" \t") + 1);
    if (name == key) {
      const auto start = line.find_first_not_of(" \t", colon + 1);
      return start == std::string::npos ? std::string{} : line.substr(start);
    }
  }
  return {};
}

}  // namespace

std::vector<CpuFeature> decode_x86(const X86Cpuid& cpuid) {
  const std::uint32_t words[] = {cpuid.leaf1_ecx, cpuid.leaf7_ebx, cpuid.leaf7_ecx};
  std::vector<CpuFeature> features;
  for (const auto& spec : k_x86_bits) {
    bool present = has_bit(words[spec.word], spec.bit);
    if (needs_avx_state(spec.name)) {
      present = present && cpuid.os_saves_avx;
    }
    if (std::string_view(spec.name) == "avx512f") {
      present = present && cpuid.os_saves_avx && cpuid.os_saves_avx512;
    }
    features.push_back(CpuFeature{spec.name, present});
  }
  return features;
}

std::vector<CpuFeature> decode_aarch64(std::uint64_t hwcap) {
  std::vector<CpuFeature> features;
  for (const auto& spec : k_arm_bits) {
    features.push_back(CpuFeature{spec.name, has_bit(hwcap, spec.bit)});
  }
  return features;
}

std::set<std::string> cpuinfo_flags(std::string_view cpuinfo) {
  std::string line = first_value_of(cpuinfo, "flags");
  if (line.empty()) {
    line = first_value_of(cpuinfo, "Features");
  }
  std::istringstream words(line);
  return {std::istream_iterator<std::string>(words), std::istream_iterator<std::string>()};
}

std::string cpuinfo_model(std::string_view cpuinfo) { return first_value_of(cpuinfo, "model name"); }

void cross_check(std::vector<CpuFeature>& features, const std::set<std::string>& flags,
                 std::vector<std::string>& notes) {
  for (auto& feature : features) {
    feature.in_cpuinfo = flags.contains(feature.name);
    if (feature.in_cpuinfo != feature.hardware) {
      notes.push_back(feature.name + (feature.hardware ? ": reported by the CPU but not listed in /proc/cpuinfo"
                                                       : ": listed in /proc/cpuinfo but not usable per the CPU"));
    }
  }
}

Result<void> apply_openssl_ia32cap(std::vector<CpuFeature>& features, std::string_view value) {
  const auto colon = value.find(':');
  SSHTUNE_TRYV(apply_ia32cap_part(features, 0, value.substr(0, colon)));
  if (colon != std::string_view::npos) {
    SSHTUNE_TRYV(apply_ia32cap_part(features, 1, value.substr(colon + 1)));
  }
  return ok();
}

Result<void> apply_openssl_armcap(std::vector<CpuFeature>& features, std::string_view value) {
  SSHTUNE_TRY(word, parse_cap_number(value, "OPENSSL_armcap"));
  for (auto& feature : features) {
    const BitSpec* spec = find_spec(feature.name, false);
    feature.masked = spec != nullptr && feature.hardware && !has_bit(word, spec->openssl_bit);
  }
  return ok();
}

}  // namespace sshtune::probes
