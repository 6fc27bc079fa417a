#pragma once

namespace ariadne {

class server_context;
class transport_context;

// What the server answers where: drones on /ws (client_session),
// spectators on /spectate/{run}, the replays and the baseline on the job
// pool, and every other plain request at once (route_http). The routes
// keep a reference to context: it must outlive the transport's connections.
void add_routes(server_context& context, transport_context& transport);

}  // namespace ariadne
