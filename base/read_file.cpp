#include "base/read_file.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

namespace sshtune {

Result<std::string> read_file(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return Error{ErrorKind::io, path.string() + ": Is a directory"};
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{ErrorKind::io, path.string() + ": " + std::strerror(errno)};
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) return Error{ErrorKind::io, path.string() + ": read error"};
  return text;
}

std::optional<std::string> read_file_if_present(const std::filesystem::path& path) {
  auto text = read_file(path);
  return text ? std::optional<std::string>(std::move(text).value()) : std::nullopt;
}

}  // namespace sshtune
