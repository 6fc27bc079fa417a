#pragma once

namespace ariadne {

class http_routes;
class server_context;
class transport_context;

// What the server answers where, every path in the transport's route
// tables: drones on /ws (client_session), spectators on /spectate/{run},
// the replays and the baseline on the job pool, the pages (/static/ and
// their own paths), every other plain request at once (api_routes); what no
// route takes, 404 (405 for a method other than GET and HEAD). The routes
// keep a reference to context: it must outlive the transport's connections.
void add_routes(server_context& context, transport_context& transport);
// The plain HTTP routes alone (add_routes adds them), for a test to ask.
void add_http_routes(server_context& context, http_routes& http);

}  // namespace ariadne
