/** What the setup screens of the games with a screen of their own (conquest, solitaire) share. */
import { readSaveFile } from '../saves';

/** A seed for a new game: shown and editable; only its first value comes from the browser's randomness. */
export function randomSeed(): string {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return String((a[0] as number) % 1_000_000);
}

/** The first letter a capital (a problem said as a sentence). */
export function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * A save file chosen on a setup screen: resumed as it was (`resume` returns why it cannot, or null), or
 * its problem said in `problemEl`'s element (and nothing changes). The input is emptied so the same file may be
 * chosen again.
 */
export async function resumeFromFile(input: HTMLInputElement, resume: (text: string) => string | null, problemEl: () => HTMLElement): Promise<void> {
  const file = input.files?.[0];
  input.value = '';
  if (!file) return;
  const read = await readSaveFile(file);
  const problem = read.ok ? resume(read.text) : read.message;
  if (!problem) return;
  const el = problemEl();
  el.textContent = read.ok ? `"${file.name}": ${problem}` : problem;
  el.classList.remove('note');
}
