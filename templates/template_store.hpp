#pragma once
// Finding a template by name: the user's override directory first, then the
// files ssh-tune ships (data_path("templates", NAME)).

#include "base/result.hpp"
#include "templates/renderer.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace sshtune::templates {

// A template's text and where it came from (the path used in error messages).
struct TemplateFile {
  std::filesystem::path path;
  std::string text;
};

// $XDG_CONFIG_HOME/ssh-tune/templates (default ~/.config/ssh-tune/templates);
// nullopt when neither XDG_CONFIG_HOME nor HOME is set. Not created.
std::optional<std::filesystem::path> user_template_dir();

// Reads template NAME (e.g. "rsync.tmpl"): the user's file of that name if it
// exists, else the shipped one. io error naming the path if neither can be read.
Result<TemplateFile> load_template(const std::string& name);

// load_template(name) rendered with `variables`; errors name PATH:LINE.
Result<std::string> render_template(const std::string& name, const Variables& variables);

}  // namespace sshtune::templates
