#include "probes/bench/compression_bench.hpp"

#include "probes/bench/codecs.hpp"
#include "probes/bench/timed_loop.hpp"

#include <memory>

namespace sshtune::probes {
namespace {

struct CompressedPass {
  std::vector<std::string> packets;  // the first pass over the sample, for ratio and decoding
  std::vector<std::size_t> sizes;    // original size of each packet
  std::size_t bytes_in = 0;
  std::size_t bytes_out = 0;
};

std::string_view packet_at(std::string_view sample, std::size_t offset, std::size_t packet_bytes) {
  return sample.substr(offset, std::min(packet_bytes, sample.size() - offset));
}

// Compresses packets for the budget, restarting the stream at the end of the
// sample, and keeps the first pass. Returns original bytes per CPU second.
double time_compression(PacketCodec& codec, std::string_view sample, const CompressionBudget& budget,
                        CompressedPass& first) {
  std::size_t offset = 0;
  bool first_pass = true;
  return timed_throughput(std::chrono::nanoseconds(0), budget.compress, [&] {
    const auto packet = packet_at(sample, offset, budget.packet_bytes);
    std::string out = codec.compress(packet);
    if (first_pass) {
      first.bytes_in += packet.size();
      first.bytes_out += out.size();
      first.sizes.push_back(packet.size());
      first.packets.push_back(std::move(out));
    }
    offset += packet.size();
    if (offset >= sample.size()) {
      offset = 0;
      first_pass = false;
      codec.reset_compressor();
    }
    return packet.size();
  });
}

// Decodes the stored packets in order, round after round, for the budget.
double time_decompression(PacketCodec& codec, const CompressedPass& pass, const CompressionBudget& budget) {
  codec.reset_decompressor();
  std::size_t next = 0;
  return timed_throughput(std::chrono::nanoseconds(0), budget.decompress, [&] {
    const std::size_t bytes = codec.decompress(pass.packets[next], pass.sizes[next]);
    next = (next + 1) % pass.packets.size();
    if (next == 0) {
      codec.reset_decompressor();
    }
    return bytes;
  });
}

CompressionSpeed measure(std::unique_ptr<PacketCodec> codec, CompressionSpeed row, std::string_view sample,
                         const CompressionBudget& budget) {
  CompressedPass pass;
  row.compress_mb_per_s = time_compression(*codec, sample, budget, pass);
  row.decompress_mb_per_s = time_decompression(*codec, pass, budget);
  row.bytes_measured = pass.bytes_in;
  row.ratio = static_cast<double>(pass.bytes_out) / static_cast<double>(pass.bytes_in);
  return row;
}

}  // namespace

CompressionSpeed run_ssh_zlib_bench(std::string_view sample, const CompressionBudget& budget) {
  return measure(make_zlib_codec(6), {"zlib", 6, "ssh Compression=yes, rsync -z"}, sample, budget);
}

std::vector<CompressionSpeed> run_compression_bench(std::string_view sample, const CompressionBudget& budget) {
  if (sample.empty()) {
    return {};
  }
  return {
      run_ssh_zlib_bench(sample, budget),
      measure(make_zstd_codec(3), {"zstd", 3, "rsync --compress-choice=zstd"}, sample, budget),
      measure(make_lz4_codec(), {"lz4", 1, "rsync --compress-choice=lz4"}, sample, budget),
  };
}

}  // namespace sshtune::probes
