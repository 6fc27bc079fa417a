// A hostile TLS 1.3 client for tls_test.py: it completes a handshake, then
// sends KeyUpdate records that ask for an answer as fast as the socket
// takes them and never reads, until the server ends the connection or the
// time is up. Prints how many it sent and whether the server cut it.
// Usage: key_update_flood PORT SECONDS
#include <arpa/inet.h>
#include <netinet/in.h>
#include <openssl/ssl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: key_update_flood PORT SECONDS\n");
    return 2;
  }
  std::signal(SIGPIPE, SIG_IGN);
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(static_cast<std::uint16_t>(std::atoi(argv[1])));
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
    std::perror("connect");
    return 1;
  }
  // A write blocked by a server that reads no more ends with the time.
  timeval bound{std::atoi(argv[2]), 0};
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &bound, sizeof bound);
  SSL_CTX* ctx = SSL_CTX_new(TLS_client_method());
  SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION);
  SSL* ssl = SSL_new(ctx);
  SSL_set_fd(ssl, fd);
  if (SSL_connect(ssl) != 1) {
    std::fprintf(stderr, "handshake failed\n");
    return 1;
  }
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(std::atoi(argv[2]));
  long sent = 0;
  bool cut = false;
  while (std::chrono::steady_clock::now() < end) {
    if (SSL_key_update(ssl, SSL_KEY_UPDATE_REQUESTED) != 1 || SSL_do_handshake(ssl) != 1) {
      cut = std::chrono::steady_clock::now() < end;  // else a write blocked past the time
      break;
    }
    ++sent;
  }
  std::printf("%ld %s\n", sent, cut ? "cut" : "open");
  close(fd);
  return 0;
}
