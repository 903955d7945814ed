/**
 * The game's own content, bundled at build time (vite and tsx both import JSON), validated once.
 */
import races from '../../../assets/content/races.json';
import creatures from '../../../assets/content/creatures.json';
import galaxy from '../../../assets/content/galaxy.json';
import characters from '../../../assets/content/characters.json';
import possessions from '../../../assets/content/possessions.json';
import spaceships from '../../../assets/content/spaceships.json';
import missions from '../../../assets/content/missions.json';
import actions from '../../../assets/content/actions.json';
import tables from '../../../assets/content/tables.json';
import scenarios from '../../../assets/content/scenarios.json';
import galactic from '../../../assets/content/galactic.json';
import { validateContent, type Content, type RawContent } from './validate';

/** The raw JSON of every bundled content file, by file name. */
export const bundledRaw: RawContent = {
  'races.json': races,
  'creatures.json': creatures,
  'galaxy.json': galaxy,
  'characters.json': characters,
  'possessions.json': possessions,
  'spaceships.json': spaceships,
  'missions.json': missions,
  'actions.json': actions,
  'tables.json': tables,
  'scenarios.json': scenarios,
  'galactic.json': galactic,
};

let cached: Content | undefined;

/** The validated bundled content (validated on first use, then shared: content is immutable). */
export function bundledContent(): Content {
  cached ??= validateContent(bundledRaw);
  return cached;
}
