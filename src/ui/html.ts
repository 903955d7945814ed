/** Text made safe to put into HTML (element text or a quoted attribute). */
export const esc = (s: string | number): string => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Write an element's HTML only when it changes: a button replaced under the pointer loses the click it was starting. */
export function setHtml(el: HTMLElement, html: string): void {
  if ((el as HTMLElement & { _html?: string })._html === html) return;
  (el as HTMLElement & { _html?: string })._html = html;
  el.innerHTML = html;
}
