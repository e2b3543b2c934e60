#pragma once
// A fixture that evaluates a configuration text with a fixed client (the OpenSSH
// 9.2 snapshot unless a test picks another; no ssh is run), HOME pointing at a temp dir.

#include "tests/support/temp_dir.hpp"
#include "tuner/sshconfig/evaluator.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace sshtune::sshconfig {

class EvalFixture : public ::testing::Test {
 protected:
  EvalFixture() : m_home("HOME", (m_dir.path() / "home").string()) {
    std::filesystem::create_directories(m_dir.path() / "home/.ssh");
  }

  // Evaluates `config` (written to t.conf) for `host`.
  Result<Evaluation> run(const std::string& config, const std::string& host, EvalRequest request = {}) {
    request.host = host;
    request.config_file = m_dir.write("t.conf", config);
    return evaluate(request, *m_client);
  }

  // run() that must succeed.
  Evaluation ok_run(const std::string& config, const std::string& host, EvalRequest request = {}) {
    Result<Evaluation> result = run(config, host, std::move(request));
    EXPECT_TRUE(result) << (result ? "" : result.error().message);
    return result ? std::move(result).value() : Evaluation{};
  }

  // The error message of a run() that must fail.
  std::string error_of(const std::string& config, const std::string& host, EvalRequest request = {}) {
    Result<Evaluation> result = run(config, host, std::move(request));
    EXPECT_FALSE(result) << "expected an error for:\n" << config;
    return result ? std::string() : result.error().message;
  }

  // The value printed for `keyword` (first line), or "<none>" when ssh prints no line.
  std::string value(const std::string& config, const std::string& keyword, const std::string& host = "foo",
                    EvalRequest request = {}) {
    return ok_run(config, host, std::move(request)).value(keyword).value_or("<none>");
  }

  std::string path(const std::string& name) const { return (m_dir.path() / name).string(); }

  testing::TempDir m_dir;
  testing::ScopedEnv m_home;
  const ClientCapabilities* m_client = &sshtune::testing::openssh_9_2_debian_snapshot();
};

}  // namespace sshtune::sshconfig
