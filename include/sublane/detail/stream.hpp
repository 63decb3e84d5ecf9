//===- sublane/detail/stream.hpp - sycl::stream -----------------*- C++ -*-===//
//
// SYCL 2020's stream (4.16): kernels print with operator<<. Each statement
// `os << a << b ...;` gathers its output in the work-item's private memory
// and writes it to stdout in one call when the statement ends, so the lines
// of different work-items never interleave within a statement. Manipulators
// (hex, setprecision, ...) apply to the rest of their statement. Included by
// <sublane/sycl.hpp>.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_STREAM_HPP
#define SUBLANE_DETAIL_STREAM_HPP

#include <cstdio>
#include <type_traits>

namespace sycl {

enum class stream_manipulator {
  flush,
  dec,
  hex,
  oct,
  noshowbase,
  showbase,
  noshowpos,
  showpos,
  endl,
  fixed,
  scientific,
  hexfloat,
  defaultfloat
};
inline constexpr stream_manipulator flush = stream_manipulator::flush;
inline constexpr stream_manipulator dec = stream_manipulator::dec;
inline constexpr stream_manipulator hex = stream_manipulator::hex;
inline constexpr stream_manipulator oct = stream_manipulator::oct;
inline constexpr stream_manipulator noshowbase = stream_manipulator::noshowbase;
inline constexpr stream_manipulator showbase = stream_manipulator::showbase;
inline constexpr stream_manipulator noshowpos = stream_manipulator::noshowpos;
inline constexpr stream_manipulator showpos = stream_manipulator::showpos;
inline constexpr stream_manipulator endl = stream_manipulator::endl;
inline constexpr stream_manipulator fixed = stream_manipulator::fixed;
inline constexpr stream_manipulator scientific = stream_manipulator::scientific;
inline constexpr stream_manipulator hexfloat = stream_manipulator::hexfloat;
inline constexpr stream_manipulator defaultfloat =
    stream_manipulator::defaultfloat;

namespace detail {
struct stream_precision {
  int digits;
};
struct stream_width {
  int width;
};
} // namespace detail
inline detail::stream_precision setprecision(int digits) { return {digits}; }
inline detail::stream_width setw(int width) { return {width}; }

class stream;

namespace detail {
/// One statement's output, written when the statement ends.
class stream_line {
public:
  static constexpr unsigned Capacity = 512;

  stream_line() = default;
  /// A statement's first item.
  template <typename T> explicit stream_line(const T &first);
  stream_line(const stream_line &) = delete;
  stream_line &operator=(const stream_line &) = delete;
  ~stream_line() { flush(); }

  void flush() {
    if (Length)
      write(Text, Length);
    Length = 0;
  }
  /// Not inlined, and noexcept: fwrite may unwind (it is a cancellation
  /// point), and the kernel that prints must not get an exception handler,
  /// which would keep the vectorizer from it.
  [[gnu::noinline]] static void write(const char *text,
                                      unsigned length) noexcept {
    std::fwrite(text, 1, length, stdout);
  }
  // Not inlined: a kernel makes one call per work-item and item printed,
  // where inlined character loops would be vectorized and linearized in
  // every kernel that prints, at a large cost in compile time.
  [[gnu::noinline]] void append(const char *s, unsigned n) {
    for (unsigned i = 0; i < n && Length < Capacity; ++i)
      Text[Length++] = s[i];
  }
  [[gnu::noinline]] void append(const char *s) {
    while (*s && Length < Capacity)
      Text[Length++] = *s++;
  }
  /// printf-formats \p value with \p conversion ("d", "lu", "g", ...) and
  /// the statement's flags, width and precision.
  template <typename T>
  [[gnu::noinline]] void format(const char *conversion, T value) {
    char spec[24];
    unsigned n = 0;
    spec[n++] = '%';
    if (ShowPos)
      spec[n++] = '+';
    if (ShowBase)
      spec[n++] = '#';
    spec[n++] = '*';
    if (Precision >= 0) {
      spec[n++] = '.';
      spec[n++] = '*';
    }
    for (const char *c = conversion; *c; ++c)
      spec[n++] = *c;
    spec[n] = 0;
    char out[64];
    int len =
        Precision >= 0
            ? std::snprintf(out, sizeof out, spec, Width, Precision, value)
            : std::snprintf(out, sizeof out, spec, Width, value);
    Width = 0;
    if (len > 0)
      append(out, unsigned(len) < sizeof out ? unsigned(len) : sizeof out - 1);
  }

  char Base = 'd';  ///< d, x or o
  char Float = 'g'; ///< f, e, a or g
  bool ShowBase = false, ShowPos = false;
  int Precision = -1, Width = 0;

private:
  char Text[Capacity];
  unsigned Length = 0;
};

template <typename T> void put(stream_line &line, const T &value) {
  if constexpr (std::is_same_v<T, bool>) {
    line.append(value ? "true" : "false");
  } else if constexpr (std::is_same_v<T, char>) {
    line.append(&value, 1);
  } else if constexpr (std::is_integral_v<T>) {
    char conversion[4] = {'l', 'l', line.Base, 0};
    if (line.Base == 'd' && std::is_unsigned_v<T>)
      conversion[2] = 'u';
    if constexpr (std::is_signed_v<T>)
      line.format(conversion, (long long)value);
    else
      line.format(conversion, (unsigned long long)value);
  } else if constexpr (std::is_floating_point_v<T>) {
    char conversion[2] = {line.Float, 0};
    line.format(conversion, double(value));
  } else if constexpr (std::is_convertible_v<const T &, const char *>) {
    line.append(static_cast<const char *>(value));
  } else if constexpr (std::is_pointer_v<T>) {
    line.format("p", static_cast<const void *>(value));
  } else {
    static_assert(std::is_arithmetic_v<T>,
                  "sublane: sycl::stream prints strings, characters, "
                  "numbers, pointers, vec and the stream manipulators");
  }
}
inline void put(stream_line &line, stream_manipulator m) {
  switch (m) {
  case stream_manipulator::endl:
    line.append("\n", 1);
    line.flush();
    break;
  case stream_manipulator::flush:
    line.flush();
    break;
  case stream_manipulator::dec:
    line.Base = 'd';
    break;
  case stream_manipulator::hex:
    line.Base = 'x';
    break;
  case stream_manipulator::oct:
    line.Base = 'o';
    break;
  case stream_manipulator::showbase:
    line.ShowBase = true;
    break;
  case stream_manipulator::noshowbase:
    line.ShowBase = false;
    break;
  case stream_manipulator::showpos:
    line.ShowPos = true;
    break;
  case stream_manipulator::noshowpos:
    line.ShowPos = false;
    break;
  case stream_manipulator::fixed:
    line.Float = 'f';
    break;
  case stream_manipulator::scientific:
    line.Float = 'e';
    break;
  case stream_manipulator::hexfloat:
    line.Float = 'a';
    break;
  case stream_manipulator::defaultfloat:
    line.Float = 'g';
    break;
  }
}
inline void put(stream_line &line, stream_precision p) {
  line.Precision = p.digits;
}
inline void put(stream_line &line, stream_width w) { line.Width = w.width; }
template <typename T, int N> void put(stream_line &line, const vec<T, N> &v) {
  for (int i = 0; i < N; ++i) {
    if (i)
      line.append(", ", 2);
    put(line, T(v[i]));
  }
}

template <typename T> stream_line::stream_line(const T &first) {
  put(*this, first);
}

template <typename T>
stream_line &&operator<<(stream_line &&line, const T &value) {
  put(line, value);
  return static_cast<stream_line &&>(line);
}
} // namespace detail

/// Output from kernels. The buffer sizes are accepted; a statement's output
/// is limited to detail::stream_line::Capacity characters.
class stream {
public:
  stream(size_t total_bytes, size_t work_item_bytes, handler &)
      : total_bytes_(total_bytes), work_item_bytes_(work_item_bytes) {}
  stream(size_t total_bytes, size_t work_item_bytes, handler &h,
         const property_list &)
      : stream(total_bytes, work_item_bytes, h) {}
  size_t size() const noexcept { return total_bytes_; }
  size_t get_size() const { return total_bytes_; }
  size_t get_work_item_buffer_size() const { return work_item_bytes_; }
  size_t get_max_statement_size() const { return work_item_bytes_; }
  friend bool operator==(const stream &, const stream &) { return true; }
  friend bool operator!=(const stream &, const stream &) { return false; }

private:
  size_t total_bytes_, work_item_bytes_;
};

template <typename T>
detail::stream_line operator<<(const stream &, const T &value) {
  return detail::stream_line(value);
}

} // namespace sycl

#endif // SUBLANE_DETAIL_STREAM_HPP
