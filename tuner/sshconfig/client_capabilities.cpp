#include "tuner/sshconfig/client_capabilities.hpp"

#include "base/process.hpp"
#include "base/ssh_program.hpp"
#include "base/strings.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <future>
#include <mutex>
#include <sstream>
#include <system_error>

namespace sshtune::sshconfig {
namespace {

// Runs `PROGRAM ARGS...` and returns what it printed (stdout, or stderr for -V), or an error when it fails.
Result<std::string> run_ssh(const std::string& program, const std::vector<std::string>& args,
                            bool want_stderr = false) {
  std::vector<std::string> argv{program};
  argv.insert(argv.end(), args.begin(), args.end());
  const ProcessOptions options{Output::capture, want_stderr ? Output::capture : Output::discard};
  auto result = run_process(argv, options);
  std::string command = program;
  for (const auto& arg : args) command += " " + arg;
  if (!result || result.value().exit_code != 0) {
    const char* named = std::getenv("SSHTUNE_SSH");
    const std::string hint = named != nullptr && *named != '\0' ? "SSHTUNE_SSH names it" : "is OpenSSH's ssh on PATH?";
    return Error{ErrorKind::unsupported, "'" + command + "' failed (" + hint + ")"};
  }
  return want_stderr ? result.value().err : result.value().out;
}

constexpr std::array<AlgorithmKind, 5> k_queried_kinds{AlgorithmKind::cipher, AlgorithmKind::mac, AlgorithmKind::kex,
                                                       AlgorithmKind::key_sig, AlgorithmKind::sig};

// Starts `ssh ARGS...` on its own thread, so the seven queries run side by side (one after another they
// were 0.25 s of a host run's start; side by side about 0.04 s less). Runs it here when no thread starts.
std::future<Result<std::string>> start_ssh(const std::string& program, std::vector<std::string> args,
                                           bool want_stderr = false) {
  auto query = [program, args = std::move(args), want_stderr] { return run_ssh(program, args, want_stderr); };
  try {
    return std::async(std::launch::async, query);
  } catch (const std::system_error&) {
    std::promise<Result<std::string>> done;
    done.set_value(query());
    return done.get_future();
  }
}

}  // namespace

Result<std::unique_ptr<ClientCapabilities>> probe_client_capabilities(const std::string& program) {
  std::vector<std::future<Result<std::string>>> queries;
  queries.reserve(k_queried_kinds.size());
  for (const AlgorithmKind kind : k_queried_kinds)
    queries.push_back(start_ssh(program, {"-Q", std::string(ssh_query_name(kind))}));
  auto dump_query = start_ssh(program, {"-G", "-F", "/dev/null", "ssh-tune.invalid"});
  auto version_query = start_ssh(program, {"-V"}, true);
  std::vector<std::vector<std::string>> supported;  // indexed by AlgorithmKind
  supported.reserve(queries.size());
  for (auto& query : queries) {
    SSHTUNE_TRY(text, query.get());
    supported.push_back(split_words(text));
  }
  SSHTUNE_TRY(dump, dump_query.get());
  SSHTUNE_TRY(version, version_query.get());
  while (!version.empty() && (version.back() == '\n' || version.back() == '\r')) {
    version.pop_back();
  }
  version = version.substr(0, version.find(','));
  return std::unique_ptr<ClientCapabilities>(
      new FixedClientCapabilities(std::move(supported), parse_dump(dump), std::move(version)));
}

bool ClientCapabilities::supports(AlgorithmKind kind, const std::string& name) const {
  for (const std::string& candidate : supported(kind)) {
    if (candidate == name) {
      return true;
    }
  }
  return false;
}

std::string ClientCapabilities::default_value(const std::string& keyword) const {
  for (const DumpLine& line : defaults()) {
    if (line.keyword == keyword) {
      return line.value;
    }
  }
  return "";
}

bool ClientCapabilities::has_gssapi() const {
  return std::any_of(defaults().begin(), defaults().end(),
                     [](const DumpLine& line) { return line.keyword == "gssapiauthentication"; });
}

bool ClientCapabilities::has_gssapi_key_exchange() const {
  return std::any_of(defaults().begin(), defaults().end(),
                     [](const DumpLine& line) { return line.keyword == "gssapikeyexchange"; });
}

FixedClientCapabilities::FixedClientCapabilities(std::vector<std::vector<std::string>> supported_by_kind,
                                                 std::vector<DumpLine> defaults, std::string version)
    : m_supported(std::move(supported_by_kind)), m_defaults(std::move(defaults)), m_version(std::move(version)) {
  m_supported.resize(5);
}

const std::vector<std::string>& FixedClientCapabilities::supported(AlgorithmKind kind) const {
  return m_supported[static_cast<std::size_t>(kind)];
}

const std::vector<DumpLine>& FixedClientCapabilities::defaults() const { return m_defaults; }

const std::string& FixedClientCapabilities::version() const { return m_version; }

std::vector<DumpLine> parse_dump(const std::string& text) {
  std::vector<DumpLine> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const std::size_t space = line.find(' ');
    lines.push_back(DumpLine{line.substr(0, space), space == std::string::npos ? "" : line.substr(space + 1)});
  }
  return lines;
}

Result<const ClientCapabilities*> local_client_capabilities() {
  // Probed once per process: ssh's answers do not change while we run.
  static std::mutex mutex;
  static std::unique_ptr<ClientCapabilities> cached;
  std::lock_guard lock(mutex);
  if (!cached) {
    SSHTUNE_TRY(probed, probe_client_capabilities(ssh_program()));
    cached = std::move(probed);
  }
  return cached.get();
}

}  // namespace sshtune::sshconfig
