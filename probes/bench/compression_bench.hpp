#pragma once
// Local speed and ratio of the compressors SSH and rsync use, on a sample.

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::probes {

struct CompressionBudget {
  std::chrono::milliseconds compress{90};    // timed compression per codec
  std::chrono::milliseconds decompress{40};  // timed decompression per codec
  std::size_t packet_bytes = std::size_t{32} * 1024;
};

struct CompressionSpeed {
  std::string codec;               // "zlib", "zstd" or "lz4"
  int level = 0;                   // the level used (lz4: 1, its default acceleration)
  std::string used_by;             // which tool runs it this way, e.g. "ssh Compression=yes, rsync -z"
  double ratio = 1;                // compressed / original over the part of the sample compressed
  double compress_mb_per_s = 0;    // original bytes in, 10^6 bytes/s
  double decompress_mb_per_s = 0;  // original bytes out, 10^6 bytes/s
  std::size_t bytes_measured = 0;  // original bytes behind `ratio`
};

// zlib level 6 (ssh's fixed level, also rsync -z's default), zstd level 3
// (rsync --compress-choice=zstd's default) and lz4 (rsync's lz4), one at a
// time on `sample` cut into packets. An empty sample gives no rows.
std::vector<CompressionSpeed> run_compression_bench(std::string_view sample, const CompressionBudget& budget = {});

// The first row of run_compression_bench alone: zlib level 6 as ssh runs it (`sample` not empty).
CompressionSpeed run_ssh_zlib_bench(std::string_view sample, const CompressionBudget& budget = {});

}  // namespace sshtune::probes
