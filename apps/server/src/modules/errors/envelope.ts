// Sentry envelopes (https://develop.sentry.dev/sdk/envelopes/): a JSON header line, then items,
// each a JSON item header line and a payload of `length` bytes (or up to the next newline).

export interface EnvelopeItem {
  header: Record<string, unknown> & { type: string };
  payload: Buffer;
}

export interface Envelope {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The next line (without its newline) and where the rest starts. */
function lineAt(bytes: Buffer, from: number): { line: Buffer; next: number } {
  const end = bytes.indexOf(0x0a, from);
  return end === -1 ? { line: bytes.subarray(from), next: bytes.length } : { line: bytes.subarray(from, end), next: end + 1 };
}

function jsonObject(line: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line.toString('utf8'));
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** Parses an envelope; null for anything that is not one (a header that is no JSON object, an item without a type, a length past the end). */
export function parseEnvelope(bytes: Buffer, maxItems = 50): Envelope | null {
  const first = lineAt(bytes, 0);
  const header = jsonObject(first.line);
  if (!header) return null;
  const items: EnvelopeItem[] = [];
  let at = first.next;
  while (at < bytes.length) {
    const headerLine = lineAt(bytes, at);
    // Trailing newlines end the envelope.
    if (headerLine.line.length === 0 && headerLine.next >= bytes.length) break;
    const itemHeader = jsonObject(headerLine.line);
    if (!itemHeader || typeof itemHeader.type !== 'string' || items.length >= maxItems) return null;
    let payload: Buffer;
    if (itemHeader.length !== undefined) {
      const length = itemHeader.length;
      if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0 || headerLine.next + length > bytes.length) return null;
      payload = bytes.subarray(headerLine.next, headerLine.next + length);
      at = headerLine.next + length;
      if (bytes[at] === 0x0a) at += 1;
    } else {
      const body = lineAt(bytes, headerLine.next);
      payload = body.line;
      at = body.next;
    }
    items.push({ header: itemHeader as EnvelopeItem['header'], payload });
  }
  return { header, items };
}

/** Writes an envelope back, every item with its length. */
export function serializeEnvelope(envelope: Envelope): Buffer {
  const parts: Buffer[] = [Buffer.from(`${JSON.stringify(envelope.header)}\n`)];
  for (const item of envelope.items) {
    parts.push(Buffer.from(`${JSON.stringify({ ...item.header, length: item.payload.length })}\n`), item.payload, Buffer.from('\n'));
  }
  return Buffer.concat(parts);
}

/** An item's payload as a JSON object, or null. */
export const itemJson = (item: EnvelopeItem): Record<string, unknown> | null => jsonObject(item.payload);
