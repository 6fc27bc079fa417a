// The kit's depth-first bot, as a competitor's own bot file is written: the
// strategy from the kit (or your own), runBot for the command line.
//   node clients/js/examples/dfs-bot.mjs --url ws://127.0.0.1:8080/ws --generator prim --size 16x16 --seed 42
// several seeds: --seeds 1-20 (then the table ariadne-bot prints); a named
// maze of the server: --maze classic16; or ranked runs: --token TOKEN
// --challenge warm-up [--attempts N] (default: every attempt left where all
// of them count, keep all; else one). Over TLS: --url wss://HOST:PORT/ws, with
// --ca FILE (or $ARIADNE_CA) for a CA Node does not trust; --insecure
// verifies nothing (a self-signed test server only). A lost connection is
// made again (a ranked run in play comes back with it); --no-reconnect stops
// instead. Under ariadne-bot --program or ariadne-pipe it plays over their
// lines.
import { depthFirst } from '../ariadne.mjs';
import { runBot } from '../run.mjs';

await runBot(depthFirst, { bot: 'js-kit/dfs', name: 'js-dfs' });
