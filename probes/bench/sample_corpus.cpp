#include "probes/bench/sample_corpus.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <system_error>
#include <vector>

namespace fs = std::filesystem;

namespace sshtune::probes {
namespace {

constexpr std::size_t k_block = std::size_t{64} * 1024;

// xorshift64*: small, fast and the same on every platform.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : m_state(seed) {}
  std::uint64_t next() {
    m_state ^= m_state >> 12;
    m_state ^= m_state << 25;
    m_state ^= m_state >> 27;
    return m_state * 0x2545F4914F6CDD1DULL;
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }

 private:
  std::uint64_t m_state;
};

std::vector<std::string> make_vocabulary(Rng& rng) {
  std::vector<std::string> words;
  for (int i = 0; i < 2000; ++i) {
    std::string word;
    const std::size_t length = 2 + rng.below(9);
    for (std::size_t j = 0; j < length; ++j) {
      word += static_cast<char>('a' + rng.below(26));
    }
    words.push_back(word);
  }
  return words;
}

void append_text(std::string& out, std::size_t bytes, Rng& rng, const std::vector<std::string>& words) {
  const std::size_t end = out.size() + bytes;
  while (out.size() < end) {
    // Zipf-like: low indices are much more common, as in real text.
    const std::size_t index = rng.below(rng.below(words.size()) + 1);
    out += words[index];
    const std::size_t r = rng.below(20);
    out += r == 0 ? "\n" : r == 1 ? ", " : r == 2 ? ". " : " ";
  }
  out.resize(end);
}

void append_binary(std::string& out, std::size_t bytes, Rng& rng, std::uint32_t& record_id) {
  const std::size_t end = out.size() + bytes;
  while (out.size() < end) {
    std::array<char, 32> record{};
    const std::uint32_t id = record_id++;
    const std::uint16_t small = static_cast<std::uint16_t>(rng.below(1000));
    const std::uint32_t measure = static_cast<std::uint32_t>(100000 + rng.below(5000));
    std::copy_n(reinterpret_cast<const char*>(&id), sizeof id, record.data());
    std::copy_n(reinterpret_cast<const char*>(&small), sizeof small, record.data() + 4);
    std::copy_n(reinterpret_cast<const char*>(&measure), sizeof measure, record.data() + 8);
    out.append(record.data(), record.size());
  }
  out.resize(end);
}

void append_random(std::string& out, std::size_t bytes, Rng& rng) {
  for (std::size_t i = 0; i < bytes; i += 8) {
    const std::uint64_t value = rng.next();
    out.append(reinterpret_cast<const char*>(&value), std::min<std::size_t>(8, bytes - i));
  }
}

Result<std::vector<fs::path>> sample_files(const fs::path& path) {
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) {
    return std::vector<fs::path>{path};
  }
  if (!fs::is_directory(path, ec)) {
    return Error{ErrorKind::io, path.string() + ": no such file or directory"};
  }
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_regular_file(ec)) {
      files.push_back(it->path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Appends one chunk of `in` to `out`; false when the file is exhausted.
bool append_chunk(std::ifstream& in, std::string& out, std::size_t limit) {
  std::string chunk(std::min(k_block, limit), '\0');
  in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
  out.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
  return in.gcount() == static_cast<std::streamsize>(chunk.size());
}

}  // namespace

std::string builtin_corpus(std::size_t bytes) {
  Rng rng(0x5eed5eed12345678ULL);
  const auto words = make_vocabulary(rng);
  std::uint32_t record_id = 0;
  std::string out;
  out.reserve(bytes);
  for (std::size_t block = 0; out.size() < bytes; ++block) {
    const std::size_t size = std::min(k_block, bytes - out.size());
    switch (block % 3) {
      case 0: append_text(out, size, rng, words); break;
      case 1: append_binary(out, size, rng, record_id); break;
      default: append_random(out, size, rng); break;
    }
  }
  return out;
}

Result<std::string> read_sample(const fs::path& path, std::size_t cap) {
  SSHTUNE_TRY(files, sample_files(path));
  std::vector<std::ifstream> streams;
  for (const auto& file : files) {
    streams.emplace_back(file, std::ios::binary);
  }
  std::string sample;
  for (bool any = true; any && sample.size() < cap;) {
    any = false;
    for (auto& stream : streams) {
      if (stream && sample.size() < cap) {
        any = append_chunk(stream, sample, cap - sample.size()) || any;
      }
    }
  }
  if (sample.empty()) {
    return Error{ErrorKind::invalid_input, path.string() + ": the sample is empty or unreadable"};
  }
  return sample;
}

Result<std::uint64_t> sample_size(const fs::path& path) {
  SSHTUNE_TRY(files, sample_files(path));
  std::uint64_t total = 0;
  for (const auto& file : files) {
    std::error_code ec;
    const auto size = fs::file_size(file, ec);
    if (!ec) total += size;
  }
  return total;
}

}  // namespace sshtune::probes
