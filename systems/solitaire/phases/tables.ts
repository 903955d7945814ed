/**
 * The solitaire game's dice tables as pure outcome functions, and their odds enumerated from them.
 */

/**
 * [001 Suppression] a Repression marker's die (0-9): the event is prevented on 3 or more, and the Chaos
 * Index moves by the suppression table's entry either way. The outcome function the resolution uses and
 * the odds shown before it enumerate (`suppressionOdds`).
 */
export function suppressionResult(file: { suppressionTable: readonly number[] }, die: number): { prevented: boolean; change: number } {
  return { prevented: die >= 3, change: file.suppressionTable[die] ?? 0 };
}

/** [001 Suppression] the chance a suppression prevents the event, and of each Chaos Index change, over the ten faces of the die. */
export function suppressionOdds(file: { suppressionTable: readonly number[] }): { prevented: number; changes: { change: number; chance: number }[] } {
  let prevented = 0;
  const changes: { change: number; chance: number }[] = [];
  for (let die = 0; die < 10; die++) {
    const r = suppressionResult(file, die);
    if (r.prevented) prevented += 0.1;
    const x = changes.find((c) => c.change === r.change);
    if (x) x.chance += 0.1;
    else changes.push({ change: r.change, chance: 0.1 });
  }
  return { prevented, changes: changes.sort((a, b) => a.change - b.change) };
}

/** [001 Extropy Table] how far an extropy operation lowers the Chaos Index, for a die of 0-9. Pure. */
export function extropyResult(file: { extropyTable: readonly number[] }, die: number): number {
  return file.extropyTable[die] ?? 0;
}

/** [001 Extropy Table] the chance of each fall of the Chaos Index an extropy operation gives, over the ten faces of the die. */
export function extropyOdds(file: { extropyTable: readonly number[] }): { fall: number; chance: number }[] {
  const out: { fall: number; chance: number }[] = [];
  for (let die = 0; die < 10; die++) {
    const fall = extropyResult(file, die);
    const x = out.find((o) => o.fall === fall);
    if (x) x.chance += 0.1;
    else out.push({ fall, chance: 0.1 });
  }
  return out.sort((a, b) => a.fall - b.fall);
}
