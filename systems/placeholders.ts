/**
 * Segments whose rules systems are not built yet. Each passes at once; every one is listed in
 * docs/rules.md with the issue that builds it. Nothing else in the game pretends they exist.
 */
import type { Procedure } from '../src/core/engine/types';

export function notYetBuilt(): Procedure {
  return {
    step: () => ({ done: true }),
    answer() {
      throw new Error('a segment that is not built yet asks nothing');
    },
  };
}
