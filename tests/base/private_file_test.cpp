// Files only the user can have written (base/private_file.hpp), attacked the way
// another account would: another owner (uid 65534), shared modes, symlinks, a
// FIFO, a huge file. Tests run as root, so "another user" is a chown.

#include "base/private_file.hpp"

#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

namespace sshtune {
namespace {

using testing::TempDir;

class PrivateFile : public ::testing::Test {
 protected:
  PrivateFile() {
    std::filesystem::permissions(m_dir.path(), std::filesystem::perms(0700));
    std::filesystem::permissions(m_file, std::filesystem::perms(0600));
  }
  std::string error_of(const std::filesystem::path& path) const {
    const auto read = read_private_file(path, 1024);
    return read ? "read" : read.error().message;
  }
  TempDir m_dir;
  std::filesystem::path m_file = m_dir.write("entry.toml", "host = \"db1\"\n");
  std::string m_uid = std::to_string(::geteuid());
};

TEST_F(PrivateFile, OwnFileIsRead) {
  const auto read = read_private_file(m_file, 1024);
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(*read.value(), "host = \"db1\"\n");
  EXPECT_TRUE(check_private_dir(m_dir.path()));
}

TEST_F(PrivateFile, MissingFileIsAbsent) {
  const auto read = read_private_file(m_dir.path() / "none.toml", 1024);
  ASSERT_TRUE(read);
  EXPECT_FALSE(read.value());
}

TEST_F(PrivateFile, AnotherUsersFileIsRefused) {
  ASSERT_EQ(::chown(m_file.c_str(), 65534, 65534), 0);
  EXPECT_EQ(error_of(m_file), m_file.string() + ": owned by uid 65534, not by uid " + m_uid + "; refusing to use it");
}

TEST_F(PrivateFile, SharedModesAreRefused) {
  for (const auto mode : {0666, 0620, 0602}) {
    std::filesystem::permissions(m_file, std::filesystem::perms(mode));
    EXPECT_NE(error_of(m_file).find(": writable by group or others (mode 0"), std::string::npos) << mode;
  }
  std::filesystem::permissions(m_file, std::filesystem::perms(0644));
  EXPECT_EQ(error_of(m_file), "read");  // readable by others is not a forgery risk
}

TEST_F(PrivateFile, SymlinksAndSpecialFilesAreRefused) {
  const auto link = m_dir.path() / "link.toml";
  std::filesystem::create_symlink(m_file, link);
  EXPECT_EQ(error_of(link), link.string() + ": is a symlink; refusing to use it");
  const auto fifo = m_dir.path() / "fifo.toml";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(error_of(fifo), fifo.string() + ": is a FIFO, not a regular file; refusing to use it");
}

TEST_F(PrivateFile, OversizedFileIsRefused) {
  const auto big = m_dir.write("big.toml", std::string(4096, 'x'));
  std::filesystem::permissions(big, std::filesystem::perms(0600));
  EXPECT_EQ(error_of(big), big.string() + ": larger than 1024 bytes; refusing to use it");
}

TEST_F(PrivateFile, DirectoriesOfOthersOrSharedAreRefused) {
  const auto dir = m_dir.path() / "cache";
  std::filesystem::create_directory(dir);
  std::filesystem::permissions(dir, std::filesystem::perms(0777));
  EXPECT_EQ(check_private_dir(dir).error().message,
            dir.string() + ": writable by group or others (mode 0777); refusing to use it");
  std::filesystem::permissions(dir, std::filesystem::perms(0700));
  ASSERT_EQ(::chown(dir.c_str(), 65534, 65534), 0);
  EXPECT_EQ(check_private_dir(dir).error().message,
            dir.string() + ": owned by uid 65534, not by uid " + m_uid + "; refusing to use it");
}

}  // namespace
}  // namespace sshtune
