#pragma once

#include <boost/asio/ssl/context.hpp>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace ariadne {

// The server's certificate and key, as a TLS context new connections are
// made with: TLS 1.2 and 1.3 only, the distribution's security level, ALPN
// http/1.1, no renegotiation, buffers released while a connection is idle.
// reload() reads the files again; connections made before keep the context
// they were made with (a shared_ptr each), so a renewal never cuts a game.
class server_certificates {
 public:
  // Loads both files; throws std::runtime_error naming what failed.
  server_certificates(std::string cert_file, std::string key_file);

  // The context for a connection made now.
  std::shared_ptr<boost::asio::ssl::context> current() const;
  // Reads the files again. On success new connections get them; on failure
  // (a file missing or unreadable, a bad key, a key that does not match the
  // certificate) the old ones stay and the reason is returned.
  std::optional<std::string> reload();
  const std::string& cert_file() const { return cert_file_; }

  // Builds a context from the files; nullptr and `why` when they do not load.
  static std::shared_ptr<boost::asio::ssl::context> load(const std::string& cert_file,
                                                         const std::string& key_file,
                                                         std::string& why);

 private:
  std::string cert_file_;
  std::string key_file_;
  mutable std::mutex mutex_;
  std::shared_ptr<boost::asio::ssl::context> current_;
};

}  // namespace ariadne
