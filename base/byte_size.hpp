#pragma once
// Sizes and durations as a user types and reads them: "4G", "500M", "4.0 GiB", "6 min 10 s".

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sshtune {

// A byte count as dd, head -c and truncate -s take it: digits (a fraction allowed with a unit), then
// optionally K, M, G or T (powers of 1024, also as KiB .. TiB), KB, MB, GB or TB (powers of 1000) or
// B; units in either case. nullopt for anything else, or beyond 2^64 - 1 bytes.
std::optional<std::uint64_t> parse_byte_size(std::string_view text);

// "4.0 GiB", "500.0 MiB", "12.3 KiB", "800 bytes": one decimal in the largest binary unit that is
// at least 1.
std::string byte_size_text(std::uint64_t bytes);

// A duration to the precision a whole copy is read at: "0.42 s" under 10 s, "58 s" under a minute,
// "6 min 10 s" under an hour, then "2 h 5 min".
std::string duration_text(double seconds);

}  // namespace sshtune
