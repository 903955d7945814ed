/**
 * A very small DOM for tests in Node (the project has no jsdom): elements with attributes, classes,
 * `hidden`, `dataset`, text, children, events, and `querySelector(All)`/`closest` for compound selectors
 * such as `.a.b`, `#id`, `tag`, `[attr]`, `[attr="v"]` and comma lists. Enough for modules that build DOM
 * with createElement/append (src/ui/reference.ts); not a browser.
 */
type Listener = (e: { type: string; target: FakeElement; preventDefault(): void }) => void;

class FakeText {
  parentNode: FakeElement | null = null;
  constructor(public data: string) {}
  get textContent(): string {
    return this.data;
  }
}

type FakeNode = FakeElement | FakeText;

export class FakeElement {
  readonly tagName: string;
  readonly childNodes: FakeNode[] = [];
  parentNode: FakeElement | null = null;
  private readonly attrs = new Map<string, string>();
  private readonly listeners = new Map<string, Listener[]>();
  value = '';

  constructor(tag: string) {
    this.tagName = tag.toUpperCase();
  }

  setAttribute(name: string, value: string): void {
    this.attrs.set(name, String(value));
  }
  getAttribute(name: string): string | null {
    return this.attrs.get(name) ?? null;
  }
  hasAttribute(name: string): boolean {
    return this.attrs.has(name);
  }
  removeAttribute(name: string): void {
    this.attrs.delete(name);
  }
  get id(): string {
    return this.attrs.get('id') ?? '';
  }
  get hidden(): boolean {
    return this.attrs.has('hidden');
  }
  set hidden(on: boolean) {
    if (on) this.attrs.set('hidden', '');
    else this.attrs.delete('hidden');
  }
  get className(): string {
    return this.attrs.get('class') ?? '';
  }
  set className(value: string) {
    this.attrs.set('class', value);
  }
  get classList() {
    const list = () => (this.attrs.get('class') ?? '').split(/\s+/).filter(Boolean);
    const write = (l: string[]) => this.attrs.set('class', l.join(' '));
    return {
      contains: (c: string) => list().includes(c),
      add: (c: string) => write([...new Set([...list(), c])]),
      remove: (c: string) => write(list().filter((x) => x !== c)),
      toggle: (c: string, on = !list().includes(c)) => {
        write(on ? [...new Set([...list(), c])] : list().filter((x) => x !== c));
        return on;
      },
    };
  }
  /** `data-*` attributes by their camel-cased names, read and written through (as in a browser). */
  get dataset(): Record<string, string | undefined> {
    const attr = (key: string) => `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    const out: Record<string, string> = {};
    for (const [k, v] of this.attrs) if (k.startsWith('data-')) out[k.slice(5).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
    return new Proxy(out, {
      set: (target, key, value) => {
        target[key as string] = String(value);
        this.attrs.set(attr(key as string), String(value));
        return true;
      },
    });
  }
  get children(): FakeElement[] {
    return this.childNodes.filter((n): n is FakeElement => n instanceof FakeElement);
  }
  get textContent(): string {
    return this.childNodes.map((n) => n.textContent).join('');
  }
  set textContent(text: string) {
    for (const n of this.childNodes) n.parentNode = null;
    this.childNodes.length = 0;
    if (text) this.append(text);
  }
  replaceChildren(...nodes: (FakeNode | string)[]): void {
    for (const n of this.childNodes) n.parentNode = null;
    this.childNodes.length = 0;
    this.append(...nodes);
  }
  append(...nodes: (FakeNode | string)[]): void {
    for (const n of nodes) this.appendChild(typeof n === 'string' ? new FakeText(n) : n);
  }
  appendChild<T extends FakeNode>(node: T): T {
    node.parentNode?.childNodes.splice(node.parentNode.childNodes.indexOf(node), 1);
    node.parentNode = this;
    this.childNodes.push(node);
    return node;
  }
  addEventListener(type: string, fn: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  /** Fire an event at this element; it bubbles up through the parents. */
  dispatch(type: string): void {
    const event = { type, target: this, preventDefault() {} };
    for (let at: FakeElement | null = this; at; at = at.parentNode) for (const fn of at.listeners.get(type) ?? []) fn(event);
  }
  focus(): void {}
  scrollIntoView(): void {}

  matches(selector: string): boolean {
    return selector.split(',').some((s) => matchCompound(this, s.trim()));
  }
  closest(selector: string): FakeElement | null {
    for (let at: FakeElement | null = this; at; at = at.parentNode) if (at.matches(selector)) return at;
    return null;
  }
  querySelectorAll(selector: string): FakeElement[] {
    const out: FakeElement[] = [];
    const walk = (e: FakeElement) => {
      for (const c of e.children) {
        if (c.matches(selector)) out.push(c);
        walk(c);
      }
    };
    walk(this);
    return out;
  }
  querySelector(selector: string): FakeElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }
}

/** One compound selector: tag, then any of .class, #id, [attr] or [attr="value"]. */
function matchCompound(e: FakeElement, selector: string): boolean {
  const parts = selector.match(/^[a-z0-9]+|\.[\w-]+|#[\w-]+|\[[^\]]+\]/gi) ?? [];
  if (parts.join('') !== selector) throw new Error(`fake-dom: selector not supported: ${selector}`);
  return parts.every((p) => {
    if (p.startsWith('.')) return e.classList.contains(p.slice(1));
    if (p.startsWith('#')) return e.id === p.slice(1);
    if (p.startsWith('[')) {
      const [, name, value] = /^\[([\w-]+)(?:="([^"]*)")?\]$/.exec(p) ?? [];
      if (!name) throw new Error(`fake-dom: selector not supported: ${p}`);
      return value === undefined ? e.hasAttribute(name) : e.getAttribute(name) === value;
    }
    return e.tagName === p.toUpperCase();
  });
}

/** Install `document` (createElement, createTextNode) on the global object for the test's duration. */
export function installFakeDom(): () => void {
  const g = globalThis as unknown as { document?: unknown };
  const before = g.document;
  g.document = { createElement: (tag: string) => new FakeElement(tag), createTextNode: (t: string) => new FakeText(t) };
  return () => {
    g.document = before;
  };
}
