#pragma once
// Lossless syntax tree of one ssh_config file. Every physical line keeps its exact
// bytes (text + eol), so printing the tree reproduces the input byte for byte;
// the tokenised fields are a view computed exactly as OpenSSH 9.2 reads the line.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::sshconfig {

// What a line is to OpenSSH: ignored (blank / comment) or a keyword line.
enum class LineKind { blank, comment, directive };

// One argument after argv_split(): the unquoted, unescaped value and the byte
// range [begin, end) of its raw spelling within ConfigLine::text.
struct Token {
  std::string value;
  std::size_t begin = 0;
  std::size_t end = 0;
};

// One physical line. `text` excludes the terminator; `eol` is "\n", "\r\n" or ""
// (last line without a newline), so text + eol are the original bytes.
struct ConfigLine {
  std::string text;
  std::string eol;
  std::size_t number = 0;  // 1-based line number, as ssh reports it
  LineKind kind = LineKind::blank;
  std::string keyword;            // as written (case kept); directive lines only
  std::string keyword_lower;      // what OpenSSH looks up in its keyword table
  std::size_t keyword_begin = 0;  // byte range of the keyword's raw spelling in text
  std::size_t keyword_end = 0;
  std::size_t rest_begin = 0;   // offset in text where the arguments start (after '=' and blanks)
  std::string rest;             // raw arguments: text from rest_begin minus trailing whitespace
  std::vector<Token> args;      // argv_split(rest, terminate_on_comment=1)
  bool invalid_quotes = false;  // argv_split failed: ssh reports "invalid quotes"
};

// A whole file: where it came from (as shown in messages) and its lines in order.
struct ConfigFile {
  std::string path;
  std::vector<ConfigLine> lines;
};

// A Host/Match block or the leading global part: header is the index of its
// Host/Match line (nullopt for the global part); lines [first, last) belong to it
// (first is the header itself when there is one).
struct Block {
  std::optional<std::size_t> header;
  std::size_t first = 0;
  std::size_t last = 0;
};

// The blocks of a file in order; the global part is always the first entry (possibly empty).
std::vector<Block> blocks(const ConfigFile& file);

}  // namespace sshtune::sshconfig
