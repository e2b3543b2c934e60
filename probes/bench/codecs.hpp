#pragma once
// Packet-wise compressors as SSH and rsync run them: a stream flushed after
// every packet (zlib, zstd) or independent blocks (lz4).

#include <memory>
#include <string>
#include <string_view>

namespace sshtune::probes {

class PacketCodec {
 public:
  virtual ~PacketCodec() = default;
  // Starts a fresh compression stream (and forgets the previous one).
  virtual void reset_compressor() = 0;
  // Compresses one packet, flushed so the peer can decode it at once.
  virtual std::string compress(std::string_view packet) = 0;
  // Starts a fresh decompression stream.
  virtual void reset_decompressor() = 0;
  // Decodes one compressed packet; returns the number of original bytes, or 0 on corrupt input.
  virtual std::size_t decompress(std::string_view packet, std::size_t original_size) = 0;
  // The bytes the last decompress() produced (valid until the next call).
  std::string_view decoded() const { return {m_decoded.data(), m_decoded_size}; }

 protected:
  std::string m_decoded;           // decompress() writes here...
  std::size_t m_decoded_size = 0;  // ... and records how much it wrote
};

// zlib at `level`, one stream with Z_PARTIAL_FLUSH per packet (OpenSSH's packet.c).
std::unique_ptr<PacketCodec> make_zlib_codec(int level);
// zstd at `level`, one stream with ZSTD_e_flush per packet (rsync's token stream).
std::unique_ptr<PacketCodec> make_zstd_codec(int level);
// lz4's default (fast) block compressor, each packet independent.
std::unique_ptr<PacketCodec> make_lz4_codec();

}  // namespace sshtune::probes
