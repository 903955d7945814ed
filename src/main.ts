/**
 * Browser entry: load and validate the content, then show the atlas. A content problem is shown on the
 * page with its file and JSON path, never as a blank screen.
 */
import './ui/style.css';
import { bundledContent } from './core/content/bundled';
import { renderContentBrowser } from './ui/content-browser';

const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app element');

try {
  renderContentBrowser(root, bundledContent());
} catch (e) {
  const box = document.createElement('pre');
  box.className = 'fatal';
  box.textContent = (e as Error).message;
  root.replaceChildren(box);
  console.error(e);
}
