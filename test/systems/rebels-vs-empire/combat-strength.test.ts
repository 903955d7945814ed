/**
 * [12.6, 12.72] The order of a character's possession bonuses and wounds in character combat: the
 * rating with the bonuses, less the wounds, never below 0 (docs/rules.md, "Character combat").
 */
import { describe, expect, it } from 'vitest';
import { attackStrength, defenceStrength, type CharacterCombatData } from '../../../systems/rebels-vs-empire/character-combat';
import { givePossession } from '../../../systems/rebels-vs-empire/possessions';
import { eid } from '../../fixtures';
import { anEnviron, clearedGame, putCharacter } from './character-fixtures';

type Fight = Parameters<typeof defenceStrength>[1];

describe('[12.6, 12.72] possession bonuses and wounds', () => {
  it('[12.6, 12.72] a Rebel fights at his rating with his possessions\' bonuses less his wounds, each never below 0', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const c = game.world.c;
    const mirra = putCharacter(game, 'mirra-solvane', env); // combat 2, endurance 4
    const pip = putCharacter(game, 'pip-tock', env); // combat 1, endurance 2
    givePossession(game, eid(game, 'possession', 'grathawk'), mirra); // +2 in any combat
    c.Wounds.value[mirra] = 3;
    c.Wounds.value[pip] = 1;
    const data: CharacterCombatData = { environ: env, attackerSide: 'imperial', attacker: { kind: 'squad', strength: 3, leader: 0, units: [] }, defenders: [mirra, pip] };
    const fight = { ...data, style: 'hand-to-hand', active: [mirra, pip] } as Fight;
    // 2 + 2 - 3 = 1 for Mirra (not max(0, 2 - 3) + 2 = 2), and Pip's 1 - 1 = 0
    expect(defenceStrength(game, fight)).toBe(1);
    c.Wounds.value[mirra] = 0;
    expect(defenceStrength(game, fight)).toBe(4);
    // attacking, the same [12.11]; a wound past rating and bonus together leaves 0, never less [12.72]
    c.Wounds.value[mirra] = 3;
    c.Wounds.value[pip] = 0;
    const attacking = { ...data, attackerSide: 'rebel', attacker: { kind: 'characters', characters: [mirra, pip] }, style: 'hand-to-hand', active: [] } as Fight;
    expect(attackStrength(game, attacking)).toBe(1 + 1);
    givePossession(game, eid(game, 'possession', 'grathawk'), pip);
    expect(attackStrength(game, attacking)).toBe(0 + 3);
  });
});
