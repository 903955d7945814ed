/**
 * [5.22] a drift area as a place on the board: "drift:<system>:sun" (the sun's drift area) or
 * "drift:<system>:outer" (the system's outer drift area). A stack adrift stands there (src/words/board/stacks.ts),
 * and one in the outer drift area goes on to the sun's; the play screen draws these places on the rings
 * the map shows. No imports: the page's main thread reads it without the rules.
 */
export function driftPlace(system: string, outer: boolean): string {
  return `drift:${system}:${outer ? 'outer' : 'sun'}`;
}

/** The star system and ring a drift place names, or null for any other place (an environ). */
export function driftOfPlace(place: string): { system: string; outer: boolean } | null {
  const m = /^drift:(.+):(outer|sun)$/.exec(place);
  return m ? { system: m[1] as string, outer: m[2] === 'outer' } : null;
}
