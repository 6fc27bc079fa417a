#include "web/web_assets.hpp"

namespace ariadne {
namespace web_data {
struct entry {
  const char* path;
  const unsigned char* bytes;
  std::size_t size;
};
extern const entry files[];
}  // namespace web_data

namespace {

std::string_view content_type_of(std::string_view path) {
  if (path.ends_with(".html")) return "text/html; charset=utf-8";
  if (path.ends_with(".css")) return "text/css; charset=utf-8";
  if (path.ends_with(".mjs") || path.ends_with(".js")) return "text/javascript; charset=utf-8";
  if (path.ends_with(".svg")) return "image/svg+xml";
  return "application/octet-stream";
}

std::vector<web_asset> load() {
  std::vector<web_asset> assets;
  for (const web_data::entry* e = web_data::files; e->path != nullptr; ++e) {
    const std::string_view path(e->path);
    assets.push_back({path, content_type_of(path),
                      std::string_view(reinterpret_cast<const char*>(e->bytes), e->size)});
  }
  return assets;
}

}  // namespace

const std::vector<web_asset>& web_assets() {
  static const std::vector<web_asset> assets = load();
  return assets;
}

const web_asset* find_web_asset(std::string_view path) {
  for (const web_asset& asset : web_assets()) {
    if (asset.path == path) return &asset;
  }
  return nullptr;
}

}  // namespace ariadne
