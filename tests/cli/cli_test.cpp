#include "tests/support/cli_run.hpp"
#include "tuner/cli/command.hpp"

#include <gtest/gtest.h>

#include <sstream>

using namespace sshtune;
using namespace sshtune::cli;

using sshtune::testing::CliRun;
using sshtune::testing::run;

TEST(Cli, UnknownCommandSuggestsTheClosest) {
  const CliRun r = run({"cpuu"});
  EXPECT_EQ(r.code, 64);
  EXPECT_EQ(r.err, "ssh-tune: unknown command 'cpuu'; did you mean 'cpu'?\n");
  EXPECT_EQ(r.out, "");
}

TEST(Cli, AWordThatIsNoCommandIsAHost) {
  // `ssh-tune HOST` is the shorthand for `ssh-tune host HOST`; flags go to host.
  const CliRun r = run({"frobnicate.invalid", "--budget", "0"});
  EXPECT_EQ(r.code, 64);
  EXPECT_EQ(r.err, "ssh-tune: host: --budget must be between 0 and 600 seconds\n");
}

TEST(Cli, ABadCopySizeIsRefusedBeforeAnythingIsMeasured) {
  for (const char* size : {"4X", "0", "-1G", "1.5"}) {
    const CliRun r = run({"host", "frobnicate.invalid", "--size", size});
    EXPECT_EQ(r.code, 64) << size;
    EXPECT_EQ(r.err, std::string("ssh-tune: host: --size must be a byte count or a size such as 500M or 4G (K, M, G, "
                                 "T: powers of 1024; KB, MB, GB, TB: of 1000), not '") +
                         size + "'\n");
    EXPECT_EQ(r.out, "");
  }
}

TEST(Cli, UnknownTopLevelOption) {
  const CliRun r = run({"--frob"});
  EXPECT_EQ(r.code, 64);
  EXPECT_EQ(r.err, "ssh-tune: unknown option '--frob'; run 'ssh-tune --help'\n");
}

TEST(Cli, UnknownCommandFlagNamesTheCommand) {
  const CliRun r = run({"cpu", "--frob"});
  EXPECT_EQ(r.code, 64);
  EXPECT_EQ(r.err, "ssh-tune: cpu: unrecognised option '--frob'; run 'ssh-tune cpu --help'\n");
}

TEST(Cli, MissingFlagValue) {
  const CliRun r = run({"cpu", "--sample"});
  EXPECT_EQ(r.code, 64);
  EXPECT_EQ(r.err,
            "ssh-tune: cpu: the required argument for option '--sample' is missing; run 'ssh-tune cpu --help'\n");
}

TEST(Cli, UnexpectedPositionalArgument) {
  const CliRun r = run({"cpu", "extra"});
  EXPECT_EQ(r.code, 64);
  EXPECT_EQ(r.err,
            "ssh-tune: cpu: too many positional options have been specified on the command line; run "
            "'ssh-tune cpu --help'\n");
}

TEST(Cli, NoArgumentsPrintsOverviewToStderr) {
  const CliRun r = run({});
  EXPECT_EQ(r.code, 64);
  EXPECT_NE(r.err.find("usage: ssh-tune COMMAND"), std::string::npos);
  EXPECT_EQ(r.out, "");
}

TEST(Cli, HelpListsEveryCommand) {
  const CliRun r = run({"--help"});
  EXPECT_EQ(r.code, 0);
  for (const auto& command : commands()) {
    EXPECT_NE(r.out.find("  " + command.name + " "), std::string::npos) << command.name;
  }
}

TEST(Cli, EveryCommandHasHelp) {
  for (const auto& command : commands()) {
    const CliRun r = run({command.name, "--help"});
    EXPECT_EQ(r.code, 0) << command.name;
    EXPECT_EQ(r.out.rfind("usage: ssh-tune " + command.name, 0), 0u) << command.name << ": " << r.out;
    EXPECT_EQ(r.err, "") << command.name;
  }
}

TEST(Cli, Version) {
  const CliRun r = run({"--version"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.rfind(std::string("ssh-tune ") + SSHTUNE_VERSION + "\n", 0), 0u) << r.out;
}

TEST(Cli, MissingSampleIsAnOperationalError) {
  const CliRun r = run({"cpu", "--sample", "/nonexistent/sample"});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, "ssh-tune: /nonexistent/sample: no such file or directory\n");
}
