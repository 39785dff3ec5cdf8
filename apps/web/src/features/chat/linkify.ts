/**
 * A chat message's text split into plain parts and links. Only http and https addresses become
 * links; the rest stays text, which React renders as text (nothing a sender writes runs as HTML).
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?'"»”’]+$/;

/** Punctuation after an address belongs to the sentence; a closing bracket only when it opens nowhere in the address. */
function trimAddress(candidate: string): string {
  let address = candidate.replace(TRAILING, '');
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    while (address.endsWith(close) && address.split(open).length < address.split(close).length) address = address.slice(0, -1).replace(TRAILING, '');
  }
  return address;
}

function safeHref(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const push = (plain: string) => {
    if (!plain) return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += plain;
    else parts.push({ kind: 'text', text: plain });
  };
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const address = trimAddress(match[0]);
    const href = address.length > 'https://'.length ? safeHref(address) : null;
    if (!href) continue;
    push(text.slice(at, start));
    parts.push({ kind: 'link', text: address, href });
    at = start + address.length;
  }
  push(text.slice(at));
  return parts;
}
