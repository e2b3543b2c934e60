// The audit report's colours, which the CLI alone applies: the exact escape codes
// around each severity label on a terminal, none elsewhere.
#include "tuner/cli/severity_style.hpp"

#include <gtest/gtest.h>

namespace sshtune::cli {
namespace {

using audit::Finding;
using audit::RuleId;
using audit::Severity;

const Finding k_fail{Severity::fail, RuleId::algo_removed, "/c", 3, "old", "Ciphers names arcfour", "remove arcfour"};
const Finding k_warn{Severity::warn, RuleId::include_missing, "/c", 1, "*", "Include x matches no file", "create it"};
const Finding k_info{Severity::info,         RuleId::terrapin,  "", 0, "server h:22",
                     "server offers chacha", "keep clients new"};

TEST(SeverityStyle, ColoursEachLabelOnATerminal) {
  EXPECT_EQ(audit::render_text({k_info, k_warn, k_fail}, Charset::utf8, severity_style(true)),
            "server h:22\n"
            "  \033[36mINFO\033[0m [terrapin] server offers chacha\n"
            "      fix: keep clients new\n"
            "\n"
            "/c\n"
            "  line 1: \033[33mWARN\033[0m [include-missing] (*) Include x matches no file\n"
            "      fix: create it\n"
            "  line 3: \033[1;31mFAIL\033[0m [algo-removed] (old) Ciphers names arcfour\n"
            "      fix: remove arcfour\n"
            "\n"
            "1 fail, 1 warn, 1 info\n");
}

TEST(SeverityStyle, PlainElsewhere) {
  EXPECT_FALSE(severity_style(false));
  EXPECT_EQ(audit::render_text({k_fail}, Charset::utf8, severity_style(false)),
            audit::render_text({k_fail}, Charset::utf8));
  EXPECT_EQ(audit::render_text({k_fail}, Charset::utf8, severity_style(false)).find('\033'), std::string::npos);
}

}  // namespace
}  // namespace sshtune::cli
