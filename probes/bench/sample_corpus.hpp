#pragma once
// The data that compression is measured on: the user's sample or a built-in
// deterministic mix.

#include "base/result.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

namespace sshtune::probes {

// Bytes read from a --sample path at most; more adds time, not accuracy.
inline constexpr std::size_t k_sample_cap = std::size_t{16} * 1024 * 1024;

// A deterministic corpus of `bytes` bytes: 64 KiB blocks rotating through
// text-like (Zipf-distributed words and log lines), binary-like (records of
// small integers and padding) and incompressible (pseudo-random) data, so any
// prefix has the same mix. The same call always gives the same bytes.
std::string builtin_corpus(std::size_t bytes = std::size_t{2} * 1024 * 1024);

// Reads a file, or every regular file under a directory (sorted by path),
// taking 64 KiB chunks round-robin so a capped sample still covers all files.
// Errors name the path: missing, unreadable, or empty.
Result<std::string> read_sample(const std::filesystem::path& path, std::size_t cap = k_sample_cap);

// The bytes a copy of `path` carries: the file's size, or every regular file's under a directory (the
// files read_sample reads). Errors name the path when it is neither.
Result<std::uint64_t> sample_size(const std::filesystem::path& path);

}  // namespace sshtune::probes
