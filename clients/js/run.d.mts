import type { PlayingDrone, RunResult, State } from './ariadne.mjs';

/** The drone over the bridge's lines (ariadne-bot --program, ariadne-pipe). */
export declare class LineDrone implements PlayingDrone {
  constructor(lines: AsyncIterator<string>, write: (text: string) => void);
  state: State | null;
  begin(): Promise<State>;
  sense(): Promise<State>;
  move(dir: 'N' | 'E' | 'S' | 'W'): Promise<boolean>;
  path(dirs: string | ('N' | 'E' | 'S' | 'W')[]): Promise<number>;
  abandon(): Promise<State>;
  paint(cells: import('./ariadne.mjs').PaintMark[], options?: { clear?: boolean }): Promise<number>;
  log(text: string): Promise<number>;
  readonly position: [number, number] | null;
  readonly openSides: ('N' | 'E' | 'S' | 'W')[];
  readonly finished: boolean;
  readonly result: RunResult | null;
}

/** The table ariadne-bot prints, for these runs' results. */
export declare function summaryTable(bot: string, results: RunResult[]): string;

/** Plays `strategy` as the command line says, or over the bridge's lines
 * when ariadne-bot --program or ariadne-pipe started this program; sets
 * process.exitCode. */
export declare function runBot(
  strategy: (drone: PlayingDrone) => Promise<unknown>,
  options?: { bot?: string; name?: string },
): Promise<void>;
