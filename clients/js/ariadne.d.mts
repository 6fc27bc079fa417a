// Types of ariadne.mjs: protocol v1 (protocol/PROTOCOL.md).

export type Direction = 'N' | 'E' | 'S' | 'W';

export declare const DELTA: Readonly<Record<Direction, readonly [number, number]>>;
export declare const OPPOSITE: Readonly<Record<Direction, Direction>>;

export type RunStatus = 'found' | 'exhausted' | 'abandoned' | 'timeout';

export interface RunResult {
  status: RunStatus;
  steps: number;
  bumps: number;
  score: number;
  optimal: number;
  efficiency: number;
  seed?: number; // absent in a ranked run's result
  found: number;
  treasures: number;
}

export interface State {
  type?: 'state';
  id?: unknown;
  run: number;
  position: { x: number; y: number };
  open: Direction[];
  treasure: boolean;
  steps: number;
  bumps: number;
  found: number;
  treasures: number;
  moved?: boolean;
  done?: number;
  width?: number;
  height?: number;
  seed?: number;
  max_steps?: number;
  maze?: string;
  result?: RunResult;
  set?: SetPosition; // ranked runs: start replies and results
}

/** A ranked run's place in its attempt's set of mazes. */
export interface SetPosition {
  attempt: number;
  maze: number;
  mazes: number;
  ended?: boolean; // results only
  found?: number; // once ended: mazes found
  mark?: number; // once ended: the attempt's mark
}

export interface ChallengeInfo {
  id: string;
  width: number;
  height: number;
  treasures: number;
  max_steps: number | null;
  time_limit_ms: number | null;
  weight: number;
  attempts: number;
  attempts_left: number;
  best: number | null;
  mazes?: number;
  keep?: 'all' | 'best' | 'last';
  mark?: number | null;
  next_maze?: number; // while an attempt's set is under way
}

export interface Welcome {
  type: 'welcome';
  protocol: 1;
  server: string;
  session: string;
  competitor?: string;
  competition?: {
    name: string;
    opens_at: string | null;
    closes_at: string | null;
    challenges: ChallengeInfo[];
  };
  state?: State;
}

export interface MazeRequest {
  generator?: string;
  width?: number;
  height?: number;
  loops?: number;
  seed?: number;
  name?: string;
}

export type StartOptions =
  | {
      maze?: MazeRequest;
      treasures?: number;
      max_steps?: number;
      reuse_walls_removed?: number;
      time_limit_ms?: number;
    }
  | { challenge: string };

export declare class AriadneError extends Error {
  readonly code: string;
  constructor(code: string, message: string);
}

/** What a strategy plays with: the kit's Drone, or run.mjs's LineDrone
 * (ariadne-bot --program, ariadne-pipe). */
export interface PlayingDrone {
  state: State | null;
  sense(): Promise<State>;
  move(dir: Direction): Promise<boolean>;
  path(dirs: string | Direction[]): Promise<number>;
  abandon(): Promise<State>;
  paint(cells: PaintMark[], options?: { clear?: boolean }): Promise<number>;
  log(text: string): Promise<number>;
  readonly position: [number, number] | null;
  readonly openSides: Direction[];
  readonly finished: boolean;
  readonly result: RunResult | null;
}

export declare class Drone implements PlayingDrone {
  state: State | null;
  welcome: Welcome | null;
  /** Lost connections mended (ConnectOptions.reconnect). */
  reconnects: number;
  request(message: { type: string; [field: string]: unknown }): Promise<any>;
  start(options?: StartOptions): Promise<State>;
  sense(): Promise<State>;
  move(dir: Direction): Promise<boolean>;
  path(dirs: string | Direction[]): Promise<number>;
  abandon(): Promise<State>;
  challenges(): Promise<ChallengeInfo[]>;
  /** Marks cells for spectators and replays (never part of the game);
   * resolves with the number of cells marked. */
  paint(cells: PaintMark[], options?: { clear?: boolean }): Promise<number>;
  /** A line of the bot's own log (1 to 120 characters), shown in its replay
   * at its move and on the live view: a paint of its own. */
  log(text: string): Promise<number>;
  close(): void;
  readonly position: [number, number] | null;
  readonly openSides: Direction[];
  readonly finished: boolean;
  readonly result: RunResult | null;
}

export type PaintColour =
  'red' | 'orange' | 'yellow' | 'green' | 'teal' | 'blue' | 'purple' | 'grey';
export interface PaintMark {
  x: number;
  y: number;
  colour?: PaintColour;
  /** Up to 4 characters. */
  text?: string;
}

export interface ConnectOptions {
  name?: string;
  token?: string;
  /** What the pages and replays call the bot ("my-bot 1.2"), up to 64 characters. */
  bot?: string;
  timeoutMs?: number;
  /** Node, wss://: the CA certificates (PEM text, or a PEM file's path) that
   * vouch for the server's; default: the file $ARIADNE_CA names, else Node's
   * trusted CAs. A browser verifies on its own: ignored there. */
  ca?: string;
  /** Node, wss://: verify nothing (a self-signed test server only); warns on
   * stderr each time. Ignored in a browser. */
  insecure?: boolean;
  /** Make a lost connection again, and a first one the server answered
   * busy for now (default true); see RECONNECT. */
  reconnect?: boolean;
}

/** Close codes a new connection may mend, the tries and their waits. */
export declare const RECONNECT: Readonly<{
  closes: readonly number[];
  tries: number;
  firstMs: number;
  longestMs: number;
}>;
/** What a cluster's proxy routes a competitor's connections by: 16 hex digits. */
export declare function routeKey(token: string): Promise<string>;
/** url with competitor=routeKey(token) in its query. */
export declare function withRouteKey(url: string, token?: string): Promise<string>;

/** What a drone holds a server to; a reply past them rejects with code
 * "impossible_reply" and closes the connection. */
export declare const LIMITS: Readonly<{
  maxCells: number;
  maxMoves: number;
  maxRunMs: number;
  maxReplyBytes: number;
  maxMessageBytes: number;
}>;
/** Why a state cannot lie in a maze of [width, height], or null. */
export declare function stateProblem(state: State, size: readonly [number, number]): string | null;
/** Why a start reply cannot answer a request for `maze` (null: a challenge), or null. */
export declare function startProblem(first: State, maze: MazeRequest | null): string | null;

export declare function connect(url: string, options?: ConnectOptions): Promise<Drone>;
/** Seeds as ariadne-bot takes them: "7", "1-20" or "1,5,9-12". */
export declare function parseSeeds(text: string): number[];
export declare function depthFirst(drone: PlayingDrone): Promise<RunResult | null>;
