/**
 * Browser entry. The default route is the game page (the galaxy, the start menu, the spectator);
 * `?atlas` shows the content atlas. Each is its own chunk, so the page loads only what it shows.
 * A content problem is shown on the page with its file and JSON path, never as a blank screen.
 */
import './ui/style.css';
import { bundledContent } from './core/content/bundled';

const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app element');

function fatal(e: unknown): void {
  const box = document.createElement('pre');
  box.className = 'fatal';
  box.textContent = (e as Error).message;
  root?.replaceChildren(box);
  console.error(e);
}

async function main(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const content = bundledContent();
  if (params.has('atlas')) {
    const { renderContentBrowser } = await import('./ui/content-browser');
    renderContentBrowser(root as HTMLElement, content);
    return;
  }
  const [{ App }, { testHooks }, { agentNames }] = await Promise.all([import('./ui/app'), import('./ui/test-hooks'), import('./ai/registry')]);
  document.body.classList.add('game-page');
  const app = new App(root as HTMLElement, content, { agents: agentNames() });
  (window as unknown as Record<string, unknown>).__galaxy = testHooks(app);
  document.body.dataset.ready = 'true';
  // an invitation to an online game (?online=<game>), with this browser's seat when it has one (#seat=<token>)
  const online = params.get('online');
  if (online) await app.joinOnline(online, new URLSearchParams(location.hash.slice(1)).get('seat') ?? undefined);
}

main().catch(fatal);
