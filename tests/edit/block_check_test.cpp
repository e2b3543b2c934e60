// The last wall before a managed block is written (tuner/edit/block_check.hpp):
// whatever a value smuggles in, the block is Host, Ciphers, Compression and the
// markers, or nothing is written.

#include "tuner/edit/block_check.hpp"

#include <gtest/gtest.h>

namespace sshtune::edit {
namespace {

const HostSettings k_settings{"db1", {"aes128-ctr"}, false};

std::string verdict(const ManagedBlock& block, const HostSettings& settings = k_settings,
                    const std::string& value = "^aes128-ctr") {
  const auto checked = check_block(block, settings, value);
  return checked ? "ok" : checked.error().message;
}

TEST(BlockCheck, WhatRenderBlockWritesPasses) {
  EXPECT_EQ(verdict(render_block(k_settings, "^aes128-ctr", "2026-11-30T05:40Z")), "ok");
}

TEST(BlockCheck, AnInjectedMatchExecLineIsRefused) {
  const HostSettings settings{"db1", {"aes128-ctr"}, false};
  ManagedBlock block = render_block(settings, "^aes128-ctr", "2026-11-30T05:40Z");
  block.lines.insert(block.lines.begin() + 3, "Match exec \"touch /tmp/x\"");
  EXPECT_EQ(verdict(block),
            "block for host 'db1': line '# ssh-tune: begin db1 (written 2026-11-30T05:40Z; "
            "ciphers=aes128-ctr; compression=no)' starts a block of the wrong length; nothing was written");
}

TEST(BlockCheck, AValueThatTokenisesIntoMoreIsRefused) {
  const std::string value = "^aes128-ctr ProxyCommand=touch";
  EXPECT_EQ(verdict(render_block(k_settings, value, "2026-11-30T05:40Z"), k_settings, value),
            "block for host 'db1': line '    Ciphers ^aes128-ctr ProxyCommand=touch' is not 'ciphers ^aes128-ctr "
            "ProxyCommand=touch'; nothing was written");
  const HostSettings spaced{"db1 *", {"aes128-ctr"}, false};
  EXPECT_EQ(verdict(render_block(spaced, "^aes128-ctr", "2026-11-30T05:40Z"), spaced),
            "block for host 'db1 *': line 'Host db1 *' is not 'host db1 *'; nothing was written");
}

TEST(BlockCheck, ControlCharactersAreRefused) {
  const HostSettings settings{"db1\nProxyCommand touch /tmp/x", {"aes128-ctr"}, false};
  EXPECT_EQ(verdict(render_block(settings, "^aes128-ctr", "2026-11-30T05:40Z"), settings),
            "block for host 'db1\\nProxyCommand touch /tmp/x': line '# ssh-tune: begin db1\\nProxyCommand touch "
            "/tmp/x (written 2026-11-30T05:40Z; ciphers=aes128-ctr; compression=no)' holds a control character; "
            "nothing was written");
}

}  // namespace
}  // namespace sshtune::edit
