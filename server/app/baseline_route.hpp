#pragma once

#include "server/net/http_routes.hpp"

namespace ariadne {

class server_context;

// GET /api/baseline?generator=..&width=..&height=..&loops=..&seed=..: every
// bundled bot played offline on that practice maze, on the job pool and
// charged to the address like a start.
void answer_baseline(server_context& context, const http_request& request, http_reply reply);

}  // namespace ariadne
