#include "tuner/cli/cpu_view.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace sshtune::cli {
namespace {

std::string tier_label(const rules::Catalog& catalog, const std::string& cipher) {
  const auto* entry = catalog.find(AlgorithmKind::cipher, cipher);
  if (entry == nullptr) {
    return "unknown";
  }
  std::string label(rules::to_string(entry->tier));
  if (!entry->removed.empty()) {
    label += " (gone since OpenSSH " + entry->removed + ")";
  }
  return label;
}

std::string rounded(double value, int decimals = 0) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(decimals) << value;
  return text.str();
}

std::string features_line(const probes::CpuReport& cpu) {
  std::string usable, masked, absent;
  for (const auto& feature : cpu.features) {
    std::string& list = feature.effective() ? usable : feature.masked ? masked : absent;
    list += (list.empty() ? "" : " ") + feature.name;
  }
  std::string line = usable.empty() ? "(none)" : usable;
  if (!masked.empty()) {
    line += "  [masked for OpenSSL: " + masked + "]";
  }
  if (!absent.empty()) {
    line += "  [absent: " + absent + "]";
  }
  return line;
}

std::string without_vendor(std::string name) {
  const auto at = name.find("@openssh.com");
  return at == std::string::npos ? name : name.erase(at);
}

std::string mac_column(const probes::CipherSpeed& speed) {
  if (speed.aead) {
    return "built in (AEAD)";
  }
  return without_vendor(speed.mac) + " (timed as " + without_vendor(speed.mac_timed_as) + ")";
}

double fastest(const std::vector<probes::CipherSpeed>& speeds) {
  double best = 0;
  for (const auto& speed : speeds) best = speed.available ? std::max(best, speed.mb_per_s) : best;
  return best;
}

void print_ciphers(std::ostream& out, const CpuFindings& findings, const rules::Catalog& catalog,
                   const BarStyle& bars) {
  const double best = fastest(findings.ciphers);
  out << std::left << std::setw(31) << "cipher" << std::right << std::setw(8) << "MB/s" << bar(0, 0, bars) << "  "
      << std::left << std::setw(44) << "MAC"
      << "tier\n";
  for (const auto& speed : findings.ciphers) {
    const std::string mbps = speed.available ? rounded(speed.mb_per_s) : "-";
    const std::string mac = speed.available ? mac_column(speed) : "not in this OpenSSL build";
    const double shown = speed.available ? speed.mb_per_s : 0;
    out << std::left << std::setw(31) << speed.name << std::right << std::setw(8) << mbps
        << bar(shown, best, bars, shown > 0 && shown == best) << "  " << std::left << std::setw(44) << mac
        << tier_label(catalog, speed.name) << '\n';
  }
}

void print_compression(std::ostream& out, const CpuFindings& findings) {
  out << "compression on " << findings.sample_source << " ("
      << rounded(static_cast<double>(findings.sample_bytes) / 1048576.0, 1) << " MiB; ratio = compressed/original)\n";
  out << std::left << std::setw(7) << "codec" << std::setw(7) << "level" << std::setw(7) << "ratio" << std::right
      << std::setw(14) << "compress MB/s" << std::setw(17) << "decompress MB/s"
      << "  used by\n";
  for (const auto& row : findings.compression) {
    out << std::left << std::setw(7) << row.codec << std::setw(7) << row.level << std::setw(7) << rounded(row.ratio, 2)
        << std::right << std::setw(14) << rounded(row.compress_mb_per_s) << std::setw(17)
        << rounded(row.decompress_mb_per_s) << "  " << row.used_by << '\n';
  }
}

nlohmann::json cipher_json(const probes::CipherSpeed& speed, const rules::Catalog& catalog) {
  const auto* entry = catalog.find(AlgorithmKind::cipher, speed.name);
  return {{"name", speed.name},
          {"mac", speed.aead ? nlohmann::json(nullptr) : nlohmann::json(speed.mac)},
          {"mac_timed_as", speed.aead ? nlohmann::json(nullptr) : nlohmann::json(speed.mac_timed_as)},
          {"aead", speed.aead},
          {"available", speed.available},
          {"mb_per_s", std::round(speed.mb_per_s * 10) / 10},
          {"cipher_mb_per_s", std::round(speed.cipher_mb_per_s * 10) / 10},
          {"tier", entry != nullptr ? std::string(rules::to_string(entry->tier)) : "unknown"},
          {"removed_from_openssh", entry != nullptr && !entry->removed.empty() ? entry->removed : ""}};
}

nlohmann::json features_json(const probes::CpuReport& cpu) {
  nlohmann::json effective = nlohmann::json::array();
  nlohmann::json detail = nlohmann::json::array();
  for (const auto& feature : cpu.features) {
    if (feature.effective()) {
      effective.push_back(feature.name);
    }
    detail.push_back({{"name", feature.name},
                      {"hardware", feature.hardware},
                      {"in_cpuinfo", feature.in_cpuinfo},
                      {"masked", feature.masked}});
  }
  return {{"arch", cpu.arch},
          {"model", cpu.model},
          {"features", effective},
          {"feature_detail", detail},
          {"notes", cpu.notes}};
}

}  // namespace

void print_cpu_table(std::ostream& out, const CpuFindings& findings, const rules::Catalog& catalog,
                     const BarStyle& bars) {
  out << "cpu       " << (findings.cpu.model.empty() ? "unknown model" : findings.cpu.model) << " ("
      << findings.cpu.arch << ")\n";
  out << "features  " << features_line(findings.cpu) << "\n";
  for (const auto& note : findings.cpu.notes) {
    out << "note      " << note << '\n';
  }
  out << '\n';
  print_ciphers(out, findings, catalog, bars);
  out << '\n';
  print_compression(out, findings);
  out << "\none core, OpenSSL EVP, 32 KiB packets; " << rounded(findings.elapsed_s, 2) << " s\n";
}

nlohmann::json cpu_json(const CpuFindings& findings, const rules::Catalog& catalog) {
  nlohmann::json ciphers = nlohmann::json::array();
  for (const auto& speed : findings.ciphers) {
    ciphers.push_back(cipher_json(speed, catalog));
  }
  nlohmann::json compression = nlohmann::json::array();
  for (const auto& row : findings.compression) {
    compression.push_back({{"codec", row.codec},
                           {"level", row.level},
                           {"ratio", std::round(row.ratio * 1000) / 1000},
                           {"mb_per_s", std::round(row.compress_mb_per_s * 10) / 10},
                           {"decompress_mb_per_s", std::round(row.decompress_mb_per_s * 10) / 10},
                           {"used_by", row.used_by}});
  }
  return {{"cpu", features_json(findings.cpu)},
          {"ciphers", ciphers},
          {"compression", compression},
          {"sample", {{"source", findings.sample_source}, {"bytes", findings.sample_bytes}}},
          {"elapsed_s", std::round(findings.elapsed_s * 1000) / 1000}};
}

}  // namespace sshtune::cli
