/**
 * The system's "reduce motion" setting, as the page's media query tells it. A player who asks for less
 * motion gets still pictures: the CSS holds glows and spinners (style.css), the camera jumps where it
 * would fly and the map's effects hold still (GalaxyScene.reducedMotion), dice show their faces at once.
 */
const QUERY = '(prefers-reduced-motion: reduce)';

/** Whether less motion is asked for now. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.(QUERY).matches;
}

/** Call `apply` with the setting now, and again whenever the player changes it. */
export function followReducedMotion(apply: (reduce: boolean) => void): void {
  const query = typeof window !== 'undefined' ? window.matchMedia?.(QUERY) : undefined;
  apply(!!query?.matches);
  query?.addEventListener('change', () => apply(query.matches));
}
