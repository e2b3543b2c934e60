#include "templates/template_store.hpp"
#include "base/paths.hpp"
#include "base/read_file.hpp"

#include "base/data_path.hpp"

#include <cstdlib>
#include <fstream>
#include <iterator>

namespace fs = std::filesystem;

namespace sshtune::templates {
namespace {

// The user's override of `name`, if there is one.
std::optional<fs::path> user_override(const std::string& name) {
  const auto dir = user_template_dir();
  std::error_code ec;
  if (dir && fs::exists(*dir / name, ec)) return *dir / name;
  return std::nullopt;
}

}  // namespace

std::optional<fs::path> user_template_dir() { return config_home() / "templates"; }

Result<TemplateFile> load_template(const std::string& name) {
  fs::path path;
  if (const auto mine = user_override(name)) {
    path = *mine;
  } else {
    SSHTUNE_TRY(shipped, data_path("templates", name));
    path = shipped;
  }
  SSHTUNE_TRY(text, read_file(path));
  return TemplateFile{path, std::move(text)};
}

Result<std::string> render_template(const std::string& name, const Variables& variables) {
  SSHTUNE_TRY(file, load_template(name));
  return render(file.text, file.path.string(), variables);
}

}  // namespace sshtune::templates
