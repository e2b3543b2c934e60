#include "tuner/sshconfig/sha1.hpp"

#include <openssl/sha.h>

#include <array>

namespace sshtune::sshconfig {

std::string sha1_hex(std::string_view data) {
  std::array<unsigned char, SHA_DIGEST_LENGTH> digest{};
  SHA1(reinterpret_cast<const unsigned char*>(data.data()), data.size(), digest.data());
  static constexpr char k_hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * digest.size());
  for (const unsigned char byte : digest) {
    out += k_hex[byte >> 4];
    out += k_hex[byte & 0xf];
  }
  return out;
}

}  // namespace sshtune::sshconfig
