// The kit from TypeScript: type-checked by CTest (tsc --noEmit), never run.
import { connect, DELTA, type Direction, type RunResult } from '../ariadne.mjs';

export async function wallFollower(url: string, ca?: string): Promise<RunResult | null> {
  const drone = await connect(url, { name: 'typed', timeoutMs: 5000, ca });
  await drone.start({ maze: { generator: 'prim', width: 8, height: 8, seed: 1 } });
  const order: Direction[] = ['N', 'E', 'S', 'W'];
  while (!drone.finished) {
    const dir = order.find((d) => drone.openSides.includes(d)) ?? 'N';
    const [dx, dy] = DELTA[dir];
    if (!(await drone.move(dir))) throw new Error(`bumped moving ${dx},${dy}`);
  }
  drone.close();
  return drone.result;
}
