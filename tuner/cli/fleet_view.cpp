#include "tuner/cli/fleet_view.hpp"

#include "base/format.hpp"
#include "tuner/cli/host_view.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <ostream>

namespace sshtune::cli {
namespace {

constexpr std::size_t k_columns = 7;
using Row = std::array<std::string, k_columns>;

// "steady": the figures are one session streaming steadily, as `host` says them, not a whole copy.
Row header_row() { return {"host", "bottleneck", "choice", "compression", "steady", "steady now", "gain"}; }

Row result_row(const host::FleetResult& result) {
  const rules::Decision& d = result.outcome->entry.decision;
  return {result.host,
          std::string(rules::to_string(d.bottleneck)),
          d.ciphers.empty() ? "-" : d.ciphers.front(),
          d.compression ? "yes" : "no",
          mbps(d.expected_mb_per_s),
          d.current_mb_per_s ? mbps(*d.current_mb_per_s) : "?",
          gain_text(d)};
}

std::array<std::size_t, k_columns> widths(const std::vector<Row>& rows) {
  std::array<std::size_t, k_columns> width{};
  for (const Row& row : rows) {
    for (std::size_t i = 0; i < k_columns; ++i) width[i] = std::max(width[i], row[i].size());
  }
  return width;
}

void print_row(std::ostream& out, const Row& row, const std::array<std::size_t, k_columns>& width) {
  std::string line;
  for (std::size_t i = 0; i < k_columns; ++i) {
    line += row[i] + (i + 1 < k_columns ? std::string(width[i] - row[i].size() + 2, ' ') : "");
  }
  out << line << '\n';
}

std::string position(std::size_t index, std::size_t count) {
  return "[" + std::to_string(index + 1) + "/" + std::to_string(count) + "] ";
}

}  // namespace

std::string gain_text(const rules::Decision& decision) {
  if (!decision.current_mb_per_s || *decision.current_mb_per_s <= 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.2fx", decision.expected_mb_per_s / *decision.current_mb_per_s);
  return text;
}

void print_fleet_table(std::ostream& out, const std::vector<host::FleetResult>& results) {
  std::vector<Row> rows{header_row()};
  for (const host::FleetResult& result : results) {
    rows.push_back(result.outcome ? result_row(result) : Row{result.host});  // failed: only the name's width counts
  }
  const auto width = widths(rows);
  print_row(out, rows.front(), width);
  for (const host::FleetResult& result : results) {
    if (result.outcome) {
      print_row(out, result_row(result), width);
    } else {
      out << result.host << std::string(width[0] - result.host.size() + 2, ' ') << "failed: " << result.error->message
          << '\n';
    }
  }
  const auto tuned = static_cast<std::size_t>(
      std::count_if(results.begin(), results.end(), [](const host::FleetResult& r) { return r.outcome.has_value(); }));
  out << results.size() << " hosts: " << tuned << " tuned, " << results.size() - tuned << " failed\n";
}

nlohmann::json fleet_json(const std::vector<host::FleetResult>& results) {
  nlohmann::json array = nlohmann::json::array();
  for (const host::FleetResult& result : results) {
    if (result.outcome) {
      nlohmann::json object = host_json(*result.outcome, result.snippets);
      object["error"] = nullptr;
      array.push_back(std::move(object));
    } else {
      array.push_back({{"host", result.host}, {"error", result.error->message}});
    }
  }
  return array;
}

std::string fleet_started_line(std::size_t index, std::size_t count, const std::string& host) {
  return position(index, count) + host;
}

std::string fleet_finished_line(std::size_t index, std::size_t count, const host::FleetResult& result) {
  if (!result.outcome) return position(index, count) + result.host + ": failed: " + result.error->message;
  const rules::Decision& d = result.outcome->entry.decision;
  return position(index, count) + result.host + ": " + (d.ciphers.empty() ? "-" : d.ciphers.front()) +
         ", compression " + (d.compression ? "yes" : "no") + ", " + mbps(d.expected_mb_per_s) + " steady";
}

}  // namespace sshtune::cli
