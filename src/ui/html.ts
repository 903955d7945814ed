/** Text made safe to put into HTML (element text or a quoted attribute). */
export const esc = (s: string | number): string => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
