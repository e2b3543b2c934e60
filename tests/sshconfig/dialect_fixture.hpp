#pragma once
// EvalFixture in the dialect of one OpenSSH release, for the releases no test
// machine has a binary of (10.1 on): the client is sshtune::testing::openssh_release_snapshot(), so
// what these tests state per release comes from the engine's release tables.

#include "tests/sshconfig/eval_fixture.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace sshtune::sshconfig {

class DialectFixture : public EvalFixture {
 protected:
  // Reads configurations as the ssh whose -V is `version` does ("OpenSSH_10.1p1").
  void as(const std::string& version) { m_client = &sshtune::testing::openssh_release_snapshot(version); }

  // ssh's message for line `line` of t.conf.
  std::string at(int line, const std::string& message) {
    return path("t.conf") + ":" + std::to_string(line) + ": " + message;
  }

  // The keywords `ssh -G` prints for `config`, in order.
  std::vector<std::string> keywords(const std::string& config, EvalRequest request = {}) {
    std::vector<std::string> out;
    for (const Setting& setting : ok_run(config, "foo", std::move(request)).settings) out.push_back(setting.keyword);
    return out;
  }

  // The keyword printed right after `keyword` (or "<none>").
  std::string after(const std::string& config, const std::string& keyword) {
    const std::vector<std::string> printed = keywords(config);
    const auto it = std::find(printed.begin(), printed.end(), keyword);
    return it == printed.end() || it + 1 == printed.end() ? "<none>" : *(it + 1);
  }

  // -o OPTION on the command line.
  static EvalRequest with_option(const std::string& option) {
    EvalRequest request;
    request.options = {option};
    return request;
  }
};

}  // namespace sshtune::sshconfig
