/**
 * The picture's numbers for `npm run bench`: draw calls and triangles of the galaxy and of a system
 * view, the time to render one galaxy frame against a bare reference scene (same stars and routes,
 * basic materials, same run), the JS the page loads first (gzipped, from a real `vite build`), and the
 * page's JS heap after 10 spectated game-turns, and the CPU the idle start menu costs (render on demand:
 * nothing moving, nothing drawn). Headless Chromium at 1280×720, software WebGL.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build, createServer } from 'vite';
import { CHROMIUM, CHROMIUM_ARGS } from '../../test/e2e/browser';

export interface RenderBench {
  galaxyDrawCalls: number;
  galaxyTriangles: number;
  systemDrawCalls: number;
  frameMs: number;
  referenceFrameMs: number;
  frameRatio: number;
  /** The same ratio at "low" quality (no baked galactic disc, fewer points). */
  frameRatioLow: number;
  initialJsGzipBytes: number;
  heapMBAfter10Turns: number;
  /** CPU of the browser's processes while the start menu sits idle, in % of one core (null: no /proc). */
  idleCpuPercent: number | null;
}

/** CPU seconds used so far by every process descended from this one (the browser and its GPU and renderer processes). */
function descendantsCpuSeconds(): number | null {
  let names: string[];
  try {
    names = readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return null;
  }
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const n of names) {
    try {
      // the command name is in parentheses and may hold spaces: read the fields after its closing one
      const stat = readFileSync(`/proc/${n}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(n), Number(f[1]));
      ticks.set(Number(n), Number(f[11]) + Number(f[12]));
    } catch {
      // gone meanwhile
    }
  }
  const mine = (pid: number): boolean => {
    for (let p = parent.get(pid), hops = 0; p !== undefined && hops < 20; p = parent.get(p), hops++) if (p === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, t] of ticks) if (mine(pid)) total += t;
  return total / 100; // USER_HZ: 100 on Linux
}

/** % of one core the browser uses over `seconds` while nothing happens on the page. */
async function idleCpuPercent(seconds: number): Promise<number | null> {
  const before = descendantsCpuSeconds();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const after = descendantsCpuSeconds();
  if (before === null || after === null) return null;
  return ((after - before) / ((performance.now() - t0) / 1000)) * 100;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** Gzipped bytes of the JS the default route loads before it can show the galaxy. */
async function initialJsGzipBytes(): Promise<number> {
  const outDir = mkdtempSync(join(tmpdir(), 'gu-build-'));
  try {
    await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: true } });
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const i of chunk.imports ?? []) visit(i);
    };
    visit('index.html');
    // main.ts imports these at once on the default route; the atlas, bloom, the workers and each mode load later.
    const first = ['src/ui/app.ts', 'src/ui/test-hooks.ts', 'src/ai/registry.ts'];
    for (const key of Object.keys(manifest)) if (first.some((f) => key.endsWith(f))) visit(key);
    let bytes = 0;
    for (const f of files) if (f.endsWith('.js')) bytes += gzipSync(readFileSync(join(outDir, f))).length;
    return bytes;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export async function benchRender(): Promise<RenderBench> {
  const jsBytes = await initialJsGzipBytes();
  const server = await createServer({ server: { host: '127.0.0.1', port: 0 }, logLevel: 'error', clearScreen: false });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('vite did not start');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'], headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`http://127.0.0.1:${address.port}/`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 120_000 });
    // the start menu, untouched: let the first flight settle, then measure what standing still costs
    await page.waitForTimeout(3000);
    const idleCpu = await idleCpuPercent(5);
    const result = await page.evaluate(async () => {
      const g = (window as unknown as { __galaxy: Record<string, (...a: unknown[]) => unknown> }).__galaxy as unknown as {
        home(): void;
        focusSystem(id: string): void;
        stats(): { drawCalls: number; triangles: number };
        frameMs(n: number): number;
        referenceFrameMs(n: number): number;
        setQuality(name: string): Promise<void>;
      };
      g.home();
      const galaxy = g.stats();
      g.focusSystem('solenne');
      const system = g.stats();
      g.home();
      g.frameMs(10); // warm up shaders and caches
      g.referenceFrameMs(10);
      const frameMs = g.frameMs(100);
      const referenceFrameMs = g.referenceFrameMs(100);
      await g.setQuality('low');
      g.home();
      g.frameMs(10);
      const lowMs = g.frameMs(100);
      const lowReferenceMs = g.referenceFrameMs(100);
      await g.setQuality('default');
      return { galaxy, system, frameMs, referenceFrameMs, lowRatio: lowMs / lowReferenceMs };
    });
    await page.evaluate(() => (window as unknown as { __galaxy: { watch(o: object): void } }).__galaxy.watch({ scenario: 'start-of-rebellion', seed: 'bench', speed: 0, autoRestart: true }));
    await page.waitForFunction(() => (window as unknown as { __galaxy: { state(): { turnsWatched: number } } }).__galaxy.state().turnsWatched >= 10, undefined, { timeout: 300_000, polling: 200 });
    const heap = await page.evaluate(() => {
      (window as unknown as { gc?: () => void }).gc?.();
      return (window as unknown as { __galaxy: { heapMB(): number } }).__galaxy.heapMB();
    });
    return {
      galaxyDrawCalls: result.galaxy.drawCalls,
      galaxyTriangles: result.galaxy.triangles,
      systemDrawCalls: result.system.drawCalls,
      frameMs: result.frameMs,
      referenceFrameMs: result.referenceFrameMs,
      frameRatio: result.frameMs / result.referenceFrameMs,
      frameRatioLow: result.lowRatio,
      initialJsGzipBytes: jsBytes,
      heapMBAfter10Turns: heap,
      idleCpuPercent: idleCpu,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * Where the galaxy frame's time goes: the frame with everything, with nothing (the clear and the
 * readPixels alone), with each layer hidden, and with each layer alone, at default quality. Each
 * layer's cost is read two ways because transparent layers overlap: "without" is what hiding it saves,
 * "alone" is what it costs on an empty frame.
 */
export async function layerBreakdown(frames = 40): Promise<Record<string, unknown>> {
  const server = await createServer({ server: { host: '127.0.0.1', port: 0 }, logLevel: 'error', clearScreen: false });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('vite did not start');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`http://127.0.0.1:${address.port}/`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 120_000 });
    return await page.evaluate((n) => {
      const g = (window as unknown as { __galaxy: unknown }).__galaxy as {
        home(): void;
        frameMs(n: number): number;
        referenceFrameMs(n: number): number;
        setLayerVisible(name: string, visible: boolean): string[];
      };
      g.home();
      g.frameMs(10);
      // Other work on the machine only ever adds time: the least of three runs is the best estimate.
      // (Written out, not as a local helper: tsx names local functions with a helper the page lacks.)
      const names = g.setLayerVisible('*', true);
      const all = Math.min(g.frameMs(n), g.frameMs(n), g.frameMs(n));
      const reference = Math.min(g.referenceFrameMs(n), g.referenceFrameMs(n), g.referenceFrameMs(n));
      g.setLayerVisible('*', false);
      const none = Math.min(g.frameMs(n), g.frameMs(n), g.frameMs(n));
      const alone: Record<string, number> = {};
      for (const name of names) {
        g.setLayerVisible(name, true);
        alone[name] = +(Math.min(g.frameMs(n), g.frameMs(n), g.frameMs(n)) - none).toFixed(2);
        g.setLayerVisible(name, false);
      }
      g.setLayerVisible('*', true);
      const without: Record<string, number> = {};
      for (const name of names) {
        g.setLayerVisible(name, false);
        without[name] = +(all - Math.min(g.frameMs(n), g.frameMs(n), g.frameMs(n))).toFixed(2);
        g.setLayerVisible(name, true);
      }
      g.home(); // restores the level-of-detail visibility on the next frame
      return { all: +all.toFixed(2), none: +none.toFixed(2), reference: +reference.toFixed(2), savedWhenHidden: without, costAlone: alone };
    }, frames);
  } finally {
    await browser.close();
    await server.close();
  }
}

// Run alone: npx tsx src/cli/bench-render.ts [--layers]
if (process.argv[1]?.endsWith('bench-render.ts'))
  console.log(JSON.stringify(process.argv.includes('--layers') ? await layerBreakdown() : await benchRender()));
