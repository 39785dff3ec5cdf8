import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@lobby/contract';

/**
 * Picks the first supported language of an Accept-Language header, honouring q-values
 * ("zh-CN,zh;q=0.9,en;q=0.8" -> zh). Unknown or missing -> en.
 */
export function pickLanguage(header: string | undefined, allowed: readonly Language[] = LANGUAGES): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { base: tag.toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const match = allowed.find((language) => language === entry.base);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
