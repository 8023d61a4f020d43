// ===== The input: files, stdin, or the empty boards ========================
#include "faces/input.hpp"

#include <fcntl.h>   // open
#include <unistd.h>  // close

#include <cerrno>
#include <cstring>

namespace queens {

BoardSource::BoardSource(int in, std::FILE* out, std::vector<const char*> files)
    : in_(in), out_(out), files_(std::move(files)) {
  if (files_.empty()) reader_ = std::make_unique<BoardReader>(in_, out_);
}

BoardSource::BoardSource(int first, int last) : nextEmpty_(first), lastEmpty_(last) {}

BoardSource::~BoardSource() {
  if (fd_ >= 0) close(fd_);
}

bool BoardSource::next(Board& board) {
  if (nextEmpty_ <= lastEmpty_) {
    board = Board{};
    board.n = nextEmpty_++;
    for (int r = 0; r < board.n; ++r) board.freeSquares[r] = ~Row{0} >> (kMaxN - board.n);
    return true;
  }
  while (!*error_ && (reader_ || openNext())) {
    if (reader_->next(board)) {
      ++boardsRead_;
      ++fileBoards_;
      return true;
    }
    if (*reader_->error()) {
      if (files_.empty())
        std::snprintf(error_, sizeof error_, "%s", reader_->error());
      else
        std::snprintf(fileBoards_ == 0 && holdsNoBoard() ? noBoard_ : error_, sizeof error_,
                      "%s: %s", files_[nextFile_ - 1], reader_->error());
    }
    reader_.reset();
  }
  // The files, read as cat reads them, are one input: one with no board
  // (empty, or blank lines) is bad only where no file has a board.
  if (!*error_ && boardsRead_ == 0 && *noBoard_)
    std::snprintf(error_, sizeof error_, "%s", noBoard_);
  return false;
}

// Whether the reader's error is that its file holds no board.
bool BoardSource::holdsNoBoard() const {
  return std::strstr(reader_->error(), ": expected a board, got the end of the input") != nullptr;
}

// Opens the next file named, if one is left; false, with error(), if it
// cannot be opened.
bool BoardSource::openNext() {
  if (nextFile_ == files_.size()) return false;
  if (fd_ >= 0) close(fd_), fd_ = -1;
  const char* name = files_[nextFile_++];
  int fd = std::strcmp(name, "-") == 0 ? in_ : open(name, O_RDONLY);
  if (fd < 0) {
    std::snprintf(error_, sizeof error_, "%s: cannot open: %s", name, std::strerror(errno));
    return false;
  }
  if (fd != in_) fd_ = fd;
  reader_ = std::make_unique<BoardReader>(fd, out_);
  fileBoards_ = 0;
  return true;
}

}  // namespace queens
