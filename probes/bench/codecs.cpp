#include "probes/bench/codecs.hpp"

#include <lz4.h>
#include <zlib.h>
#include <zstd.h>

namespace sshtune::probes {
namespace {

class ZlibCodec final : public PacketCodec {
 public:
  explicit ZlibCodec(int level) : m_level(level) {
    deflateInit(&m_deflate, m_level);
    inflateInit(&m_inflate);
  }
  ~ZlibCodec() override {
    deflateEnd(&m_deflate);
    inflateEnd(&m_inflate);
  }
  ZlibCodec(const ZlibCodec&) = delete;
  ZlibCodec& operator=(const ZlibCodec&) = delete;

  void reset_compressor() override { deflateReset(&m_deflate); }
  void reset_decompressor() override { inflateReset(&m_inflate); }

  std::string compress(std::string_view packet) override {
    std::string out(deflateBound(&m_deflate, packet.size()) + 64, '\0');
    m_deflate.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packet.data()));
    m_deflate.avail_in = static_cast<uInt>(packet.size());
    m_deflate.next_out = reinterpret_cast<Bytef*>(out.data());
    m_deflate.avail_out = static_cast<uInt>(out.size());
    deflate(&m_deflate, Z_PARTIAL_FLUSH);
    out.resize(out.size() - m_deflate.avail_out);
    return out;
  }

  std::size_t decompress(std::string_view packet, std::size_t original_size) override {
    m_decoded.resize(original_size + 64);
    m_inflate.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packet.data()));
    m_inflate.avail_in = static_cast<uInt>(packet.size());
    m_inflate.next_out = reinterpret_cast<Bytef*>(m_decoded.data());
    m_inflate.avail_out = static_cast<uInt>(m_decoded.size());
    const int status = inflate(&m_inflate, Z_SYNC_FLUSH);
    m_decoded_size = status == Z_OK || status == Z_BUF_ERROR ? m_decoded.size() - m_inflate.avail_out : 0;
    return m_decoded_size;
  }

 private:
  int m_level;
  z_stream m_deflate{};
  z_stream m_inflate{};
};

class ZstdCodec final : public PacketCodec {
 public:
  explicit ZstdCodec(int level) : m_level(level), m_cctx(ZSTD_createCCtx()), m_dctx(ZSTD_createDCtx()) {
    reset_compressor();
  }
  ~ZstdCodec() override {
    ZSTD_freeCCtx(m_cctx);
    ZSTD_freeDCtx(m_dctx);
  }
  ZstdCodec(const ZstdCodec&) = delete;
  ZstdCodec& operator=(const ZstdCodec&) = delete;

  void reset_compressor() override {
    ZSTD_CCtx_reset(m_cctx, ZSTD_reset_session_and_parameters);
    ZSTD_CCtx_setParameter(m_cctx, ZSTD_c_compressionLevel, m_level);
  }
  void reset_decompressor() override { ZSTD_DCtx_reset(m_dctx, ZSTD_reset_session_only); }

  std::string compress(std::string_view packet) override {
    std::string out(ZSTD_compressBound(packet.size()) + 64, '\0');
    ZSTD_inBuffer in{packet.data(), packet.size(), 0};
    ZSTD_outBuffer target{out.data(), out.size(), 0};
    while (ZSTD_compressStream2(m_cctx, &target, &in, ZSTD_e_flush) > 0 && target.pos < target.size) {}
    out.resize(target.pos);
    return out;
  }

  std::size_t decompress(std::string_view packet, std::size_t original_size) override {
    m_decoded.resize(original_size + 64);
    ZSTD_inBuffer in{packet.data(), packet.size(), 0};
    ZSTD_outBuffer target{m_decoded.data(), m_decoded.size(), 0};
    while (in.pos < in.size) {
      if (ZSTD_isError(ZSTD_decompressStream(m_dctx, &target, &in)) || target.pos == target.size) {
        break;
      }
    }
    m_decoded_size = target.pos;
    return m_decoded_size;
  }

 private:
  int m_level;
  ZSTD_CCtx* m_cctx;
  ZSTD_DCtx* m_dctx;
};

class Lz4Codec final : public PacketCodec {
 public:
  void reset_compressor() override {}
  void reset_decompressor() override {}

  std::string compress(std::string_view packet) override {
    std::string out(static_cast<std::size_t>(LZ4_compressBound(static_cast<int>(packet.size()))), '\0');
    const int size =
        LZ4_compress_default(packet.data(), out.data(), static_cast<int>(packet.size()), static_cast<int>(out.size()));
    out.resize(static_cast<std::size_t>(std::max(size, 0)));
    return out;
  }

  std::size_t decompress(std::string_view packet, std::size_t original_size) override {
    m_decoded.resize(original_size);
    const int size = LZ4_decompress_safe(packet.data(), m_decoded.data(), static_cast<int>(packet.size()),
                                         static_cast<int>(m_decoded.size()));
    m_decoded_size = static_cast<std::size_t>(std::max(size, 0));
    return m_decoded_size;
  }
};

}  // namespace

std::unique_ptr<PacketCodec> make_zlib_codec(int level) { return std::make_unique<ZlibCodec>(level); }
std::unique_ptr<PacketCodec> make_zstd_codec(int level) { return std::make_unique<ZstdCodec>(level); }
std::unique_ptr<PacketCodec> make_lz4_codec() { return std::make_unique<Lz4Codec>(); }

}  // namespace sshtune::probes
