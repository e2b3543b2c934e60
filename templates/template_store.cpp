#include "templates/template_store.hpp"

#include "base/data_path.hpp"

#include <cstdlib>
#include <fstream>
#include <iterator>

namespace fs = std::filesystem;

namespace sshtune::templates {
namespace {

// The variable's value when it is set to an absolute path (XDG ignores relative ones).
std::optional<fs::path> absolute_env(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value != '/') return std::nullopt;
  return fs::path(value);
}

Result<std::string> read_text(const fs::path& path) {
  std::error_code ec;
  std::ifstream in(path, std::ios::binary);
  if (!fs::is_regular_file(path, ec) || !in) return Error{ErrorKind::io, path.string() + ": cannot read the template"};
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) return Error{ErrorKind::io, path.string() + ": cannot read the template"};
  return text;
}

// The user's override of `name`, if there is one.
std::optional<fs::path> user_override(const std::string& name) {
  const auto dir = user_template_dir();
  std::error_code ec;
  if (dir && fs::exists(*dir / name, ec)) return *dir / name;
  return std::nullopt;
}

}  // namespace

std::optional<fs::path> user_template_dir() {
  if (const auto config = absolute_env("XDG_CONFIG_HOME")) return *config / "ssh-tune" / "templates";
  if (const auto home = absolute_env("HOME")) return *home / ".config" / "ssh-tune" / "templates";
  return std::nullopt;
}

Result<TemplateFile> load_template(const std::string& name) {
  fs::path path;
  if (const auto mine = user_override(name)) {
    path = *mine;
  } else {
    SSHTUNE_TRY(shipped, data_path("templates", name));
    path = shipped;
  }
  SSHTUNE_TRY(text, read_text(path));
  return TemplateFile{path, std::move(text)};
}

Result<std::string> render_template(const std::string& name, const Variables& variables) {
  SSHTUNE_TRY(file, load_template(name));
  return render(file.text, file.path.string(), variables);
}

}  // namespace sshtune::templates
