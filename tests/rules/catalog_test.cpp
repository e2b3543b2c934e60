#include "rules/catalog.hpp"

#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

using namespace sshtune;
using namespace sshtune::rules;

namespace {

std::string error_of(std::string_view text) {
  auto result = parse_catalog(text, "cat.toml");
  return result ? std::string("<no error>") : result.error().message;
}

}  // namespace

TEST(Catalog, ShippedCatalogLoadsAndCoversOpenSshHistory) {
  auto catalog = load_shipped_catalog();
  ASSERT_TRUE(catalog) << catalog.error().message;
  const auto* gcm = catalog.value().find(AlgorithmKind::cipher, "aes128-gcm@openssh.com");
  ASSERT_NE(gcm, nullptr);
  EXPECT_EQ(gcm->tier, Tier::recommended);
  EXPECT_TRUE(gcm->aead);
  const auto* arcfour = catalog.value().find(AlgorithmKind::cipher, "arcfour256");
  ASSERT_NE(arcfour, nullptr);
  EXPECT_EQ(arcfour->tier, Tier::removed);
  EXPECT_EQ(arcfour->removed, "7.6");
  EXPECT_EQ(arcfour->dropped, "7.2");
  const auto* des = catalog.value().find(AlgorithmKind::cipher, "3des-cbc");
  ASSERT_NE(des, nullptr);
  EXPECT_EQ(des->tier, Tier::deprecated);
  EXPECT_EQ(catalog.value().find(AlgorithmKind::mac, "aes128-gcm@openssh.com"), nullptr);
}

TEST(Catalog, EveryCipherThisClientKnowsIsCatalogued) {
  auto catalog = load_shipped_catalog();
  ASSERT_TRUE(catalog);
  for (const char* name :
       {"3des-cbc", "aes128-cbc", "aes192-cbc", "aes256-cbc", "aes128-ctr", "aes192-ctr", "aes256-ctr",
        "aes128-gcm@openssh.com", "aes256-gcm@openssh.com", "chacha20-poly1305@openssh.com"}) {
    EXPECT_NE(catalog.value().find(AlgorithmKind::cipher, name), nullptr) << name;
  }
  for (const char* name : {"umac-64-etm@openssh.com", "hmac-sha2-256-etm@openssh.com", "hmac-sha1", "hmac-md5"}) {
    EXPECT_NE(catalog.value().find(AlgorithmKind::mac, name), nullptr) << name;
  }
  for (const char* name : {"diffie-hellman-group1-sha1", "diffie-hellman-group14-sha1", "curve25519-sha256"}) {
    EXPECT_NE(catalog.value().find(AlgorithmKind::kex, name), nullptr) << name;
  }
  EXPECT_EQ(catalog.value().find(AlgorithmKind::key_sig, "ssh-rsa")->tier, Tier::deprecated);
}

TEST(Catalog, ParsesAllFields) {
  auto catalog = parse_catalog(
      "[[mac]]\nname = \"m\"\ntier = \"weak\"\netm = true\ndropped = \"7.2\"\nremoved = \"7.6\"\n"
      "notes = \"n\"\ncves = [\"CVE-1\", \"CVE-2\"]\n",
      "cat.toml");
  ASSERT_TRUE(catalog) << catalog.error().message;
  const auto& mac = catalog.value().all().at(0);
  EXPECT_EQ(mac.kind, AlgorithmKind::mac);
  EXPECT_TRUE(mac.etm);
  EXPECT_EQ(mac.removed, "7.6");
  EXPECT_EQ(mac.cves, (std::vector<std::string>{"CVE-1", "CVE-2"}));
  EXPECT_EQ(mac.line, 1);
}

TEST(Catalog, BrokenTomlNamesFileAndLine) {
  EXPECT_EQ(error_of("[[cipher]]\nname = \"x\"\ntier = \n"),
            "cat.toml:3: Error while parsing key-value pair: expected value, saw '\\n'");
}

TEST(Catalog, SchemaErrorsNameFileAndLine) {
  EXPECT_EQ(error_of("[[cipher]]\nname = \"x\"\ntier = \"great\"\n"),
            "cat.toml:3: unknown tier 'great' (expected recommended, acceptable, weak, deprecated or removed)");
  EXPECT_EQ(error_of("[[cipher]]\nname = \"x\"\n"), "cat.toml:1: entry has no 'tier'");
  EXPECT_EQ(error_of("[[cipher]]\ntier = \"weak\"\n"), "cat.toml:1: entry has no 'name'");
  EXPECT_EQ(error_of("[[cipher]]\nname = \"x\"\ntier = \"weak\"\naead = \"yes\"\n"),
            "cat.toml:4: aead: expected true or false");
  EXPECT_EQ(error_of("[[cipher]]\nname = \"x\"\ntier = \"weak\"\ncolour = 1\n"), "cat.toml:4: unknown field 'colour'");
  EXPECT_EQ(error_of("[[ciphers]]\nname = \"x\"\n"),
            "cat.toml:1: unknown section 'ciphers' (expected cipher, mac, kex or host_key)");
  EXPECT_EQ(error_of("[[kex]]\nname = \"k\"\ntier = \"weak\"\n[[kex]]\nname = \"k\"\ntier = \"removed\"\n"),
            "cat.toml:4: duplicate kex 'k'");
  EXPECT_EQ(error_of("cipher = 3\n"), "cat.toml:1: 'cipher' must be an array of tables ([[cipher]])");
}

TEST(Catalog, MissingFileIsAnIoError) {
  auto catalog = load_catalog("/nonexistent/catalog.toml");
  ASSERT_FALSE(catalog);
  EXPECT_EQ(catalog.error().kind, ErrorKind::io);
  EXPECT_EQ(catalog.error().message, "/nonexistent/catalog.toml: No such file or directory");
}

TEST(Catalog, RulesDirOverrideIsHonoured) {
  sshtune::testing::TempDir dir;
  dir.write("catalog.toml", "[[cipher]]\nname = \"only\"\ntier = \"weak\"\n");
  sshtune::testing::ScopedEnv env("SSHTUNE_RULES_DIR", dir.path().string());
  auto catalog = load_shipped_catalog();
  ASSERT_TRUE(catalog) << catalog.error().message;
  EXPECT_EQ(catalog.value().all().size(), 1u);
}
