#include "tuner/cli/auto_tune.hpp"

#include "tuner/cli/auto_probe.hpp"

#include "base/paths.hpp"
#include "base/process.hpp"
#include "base/read_file.hpp"
#include "base/toml/toml_errors.hpp"
#include "tuner/host/host_cache.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ostream>

namespace fs = std::filesystem;

namespace sshtune::cli {
namespace {

std::optional<bool> parse_switch(std::string_view text) {
  for (const std::string_view on : {"1", "yes", "true", "on"}) {
    if (text == on) return true;
  }
  for (const std::string_view off : {"", "0", "no", "false", "off"}) {
    if (text == off) return false;
  }
  return std::nullopt;
}

Result<bool> from_config_file() {
  const fs::path path = auto_tune_config_path();
  const std::optional<std::string> text = read_file_if_present(path);
  if (!text) return false;
  SSHTUNE_TRY(root, parse_toml(*text, display_path(path.string())));
  const toml::node* node = root.get("auto");
  if (node == nullptr) return false;
  if (const toml::value<bool>* value = node->as_boolean()) return value->get();
  return toml_error(display_path(path.string()), *node, "auto must be true or false");
}

// The user and port a destination names itself ("u@h", "ssh://u@h:p"); ssh's -l and -p win over them.
struct DestinationParts {
  std::optional<std::string> user;
  std::optional<std::string> port;
};

DestinationParts parts_of(std::string_view destination) {
  DestinationParts parts;
  const bool uri = destination.starts_with("ssh://");
  std::string_view rest = uri ? destination.substr(6) : destination;
  if (uri) rest = rest.substr(0, rest.find('/'));
  if (const auto at = rest.rfind('@'); at != std::string_view::npos) {
    parts.user = std::string(rest.substr(0, at));
    rest = rest.substr(at + 1);
  }
  const std::size_t after_host = rest.starts_with('[') ? rest.find(']') : 0;
  const auto colon = after_host == std::string_view::npos ? std::string_view::npos : rest.find(':', after_host);
  if (uri && colon != std::string_view::npos) parts.port = std::string(rest.substr(colon + 1));
  return parts;
}

void add_flag(Args& args, const char* flag, const std::optional<std::string>& value) {
  if (value && !value->empty()) args.insert(args.end(), {flag, *value});
}

// The lock of `host`'s probe; open without O_CLOEXEC, so the probe inherits it.
Result<int> lock_file(const std::string& host) {
  const fs::path dir = host::cache_dir();
  std::error_code ec;
  fs::create_directories(dir, ec);
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace, ec);
  fs::path path = host::cache_path(host);
  path.replace_extension(".lock");
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW, 0600);
  if (fd < 0) return Error{ErrorKind::io, display_path(path.string()) + ": " + std::strerror(errno)};
  return fd;
}

}  // namespace

fs::path auto_tune_config_path() { return config_home() / "config.toml"; }

Result<bool> auto_tune_enabled() {
  const char* env = std::getenv("SSHTUNE_AUTO");
  if (env == nullptr) return from_config_file();
  if (const std::optional<bool> value = parse_switch(env)) return *value;
  return Error{ErrorKind::usage, std::string("SSHTUNE_AUTO=") + env + ": use 1 or 0"};
}

std::optional<Args> probe_arguments(const SshArgs& analysis) {
  if (!analysis.destination_index || analysis.no_connection || analysis.gave_route || analysis.host.empty()) {
    return std::nullopt;
  }
  const DestinationParts parts = parts_of(analysis.destination);
  Args args{analysis.host};
  add_flag(args, "-F", analysis.config_file);
  add_flag(args, "-p", analysis.port ? analysis.port : parts.port);
  add_flag(args, "-l", analysis.user ? analysis.user : parts.user);
  add_flag(args, "-i", analysis.identity);
  return args;
}

Result<ProbeStart> start_background_probe(const Args& host_args) {
  SSHTUNE_TRY(lock, lock_file(host_args.front()));
  if (::flock(lock, LOCK_EX | LOCK_NB) != 0) {
    ::close(lock);
    append_auto_log(host_args.front() + ": a measurement is already pending or running; not starting another");
    return ProbeStart::busy;
  }
  const Result<int> pid = spawn_auto_probe(lock, host_args);
  ::close(lock);  // the probe holds its own copy, and so the lock, until it is done
  if (!pid) return pid.error();
  return ProbeStart::started;
}

void auto_tune_untuned(const SshArgs& analysis, std::ostream& err) {
  const Result<bool> enabled = auto_tune_enabled();
  if (!enabled) {
    err << "ssh-tune: warning: " << enabled.error().message << "; auto-tune is off\n";
    return;
  }
  const std::optional<Args> host_args = probe_arguments(analysis);
  if (!enabled.value() || !host_args) return;
  const Result<ProbeStart> started = start_background_probe(*host_args);
  if (!started) err << "ssh-tune: warning: " << started.error().message << "; no background measurement\n";
}

}  // namespace sshtune::cli
