#pragma once
// Shared helpers of the edit tests: a file system with injectable faults and
// delays, a scripted ssh, and small file helpers.

#include "tests/support/temp_dir.hpp"
#include "tuner/edit/file_system.hpp"
#include "tuner/edit/ssh_client.hpp"

#include <sys/stat.h>

#include <functional>
#include <string>
#include <unistd.h>

namespace sshtune::edit::testing {

// PosixFileSystem with a hook before every operation. The hook gets the
// operation's name ("create_temp", "write_all", "rename", ...) and may return an
// errno to fail it (0 lets it run).
class FaultyFileSystem final : public FileSystem {
 public:
  std::function<int(const std::string& op)> before;

  Result<FileState> stat(const std::filesystem::path& path) override {
    return guard("stat", path, [&] { return m_real.stat(path); });
  }
  Result<std::string> read(const std::filesystem::path& path) override {
    return guard("read", path, [&] { return m_real.read(path); });
  }
  Result<TempFile> create_temp(const std::filesystem::path& dir, const std::string& stem) override {
    return guard("create_temp", dir, [&] { return m_real.create_temp(dir, stem); });
  }
  Result<void> write_all(const TempFile& file, std::string_view data) override {
    return guard("write_all", file.path, [&] { return m_real.write_all(file, data); });
  }
  Result<void> set_owner_and_mode(const TempFile& file, const FileState& wanted) override {
    return guard("set_owner_and_mode", file.path, [&] { return m_real.set_owner_and_mode(file, wanted); });
  }
  Result<void> sync_and_close(TempFile& file) override {
    return guard("sync_and_close", file.path, [&] { return m_real.sync_and_close(file); });
  }
  void discard(TempFile& file) override { m_real.discard(file); }
  Result<void> rename(const std::filesystem::path& from, const std::filesystem::path& to) override {
    return guard("rename", to, [&] { return m_real.rename(from, to); });
  }
  Result<void> remove(const std::filesystem::path& path) override {
    return guard("remove", path, [&] { return m_real.remove(path); });
  }
  Result<void> sync_dir(const std::filesystem::path& dir) override {
    return guard("sync_dir", dir, [&] { return m_real.sync_dir(dir); });
  }

 private:
  template <typename Op>
  auto guard(const std::string& name, const std::filesystem::path& path, Op op) -> decltype(op()) {
    if (before) {
      if (const int errnum = before(name); errnum != 0) {
        return io_error(path, errnum);
      }
    }
    return op();
  }
  PosixFileSystem m_real;
};

// An ssh whose `ssh -G` answer is scripted; counts calls.
class FakeSsh final : public SshClient {
 public:
  std::function<ProcessResult(const std::filesystem::path&, const std::string&)> answer;
  int calls = 0;
  Result<ProcessResult> dump_config(const std::filesystem::path& config, const std::string& host) override {
    ++calls;
    return answer ? answer(config, host) : ProcessResult{0, "", ""};
  }
};

// The file helpers live in tests/support; the edit tests name them from here.
using sshtune::testing::mode_of;
using sshtune::testing::mtime_ns_of;

}  // namespace sshtune::edit::testing
