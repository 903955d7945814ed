import { describe, expect, it } from 'vitest';
import { GLOSSARY, withTerms } from '../../src/ui/play/glossary';

describe('rules help glossary', () => {
  it('every entry has a one-line explanation and a rule number', () => {
    for (const g of GLOSSARY) {
      expect(g.text.length).toBeGreaterThan(10);
      expect(g.text).not.toMatch(/\n/);
      expect(g.rule).toMatch(/^\[[0-9 .]+\]$/);
    }
  });

  it('marks each term once, never inside another explanation', () => {
    const html = withTerms('Make a reaction move where the enemy has detected characters; a reaction again');
    expect(html.match(/class="term"/g)?.length).toBe(2);
    expect(html).not.toMatch(/title="[^"]*<span/);
  });
});
