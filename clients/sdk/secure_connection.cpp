#include "clients/sdk/secure_connection.hpp"

#include <CLI/CLI.hpp>

#include <stdexcept>

#include "bots/drone_error.hpp"

namespace ariadne {

void add_tls_options(CLI::App& app, client_tls_options& options) {
  app.add_option("--ca", options.ca_file,
                 "Trust only the certificate authorities in this PEM file for wss:// and "
                 "https:// (default: the system's)")
      ->envname("ARIADNE_CA")
      ->check(CLI::ExistingFile);
  app.add_flag("--insecure", options.insecure,
               "Do not check the server's certificate (self-signed testing only; warns)");
}

std::shared_ptr<boost::asio::ssl::context> client_context_for(const server_url& where,
                                                              const client_tls_options& options) {
  if (!where.secure) return nullptr;
  try {
    return make_client_context(options);
  } catch (const std::runtime_error& e) {
    throw drone_error(e.what());
  }
}

std::optional<std::string> clear_token_warning(const server_url& where, const std::string& token) {
  if (token.empty() || where.secure || loopback_host(where.host)) return std::nullopt;
  return "warning: your token goes to " + where.host +
         " in clear (ws://): anyone on the way can read it and play as you; use wss://";
}

}  // namespace ariadne
