// Back-office editing of an event's dictionaries (product.md section 3, Dictionaries): organisers
// replace an editable list with their own or go back to the platform list.
import { DICTIONARY_NAMES, ErrorCode, isEditableDictionary, routes, type DictionaryName, type Language } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { eventDictionaries } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import { loadDictionaries, type DictionarySet } from './service.ts';

type ItemInput = { value: number; labels: Record<Language, string> };

const presentOne = (set: DictionarySet, name: DictionaryName) => ({
  name,
  items: set.entries(name).map((entry) => ({ value: entry.value, labels: entry.labels })),
  custom: set.custom(name),
  editable: isEditableDictionary(name),
  updated_at: set.updatedAt(name)?.toISOString() ?? null,
});

function requireEditable(name: DictionaryName): void {
  if (!isEditableDictionary(name)) throw new AppError(422, ErrorCode.dictionaryFixed, `The dictionary "${name}" is fixed by the platform and cannot be edited.`, { name });
}

/** Values identify what people picked (offer_ids, company tags): two items with one value would mix them up. */
function requireUniqueValues(items: ItemInput[]): void {
  const seen = new Set<number>();
  items.forEach((item, index) => {
    if (seen.has(item.value)) {
      const message = `The value ${item.value} is used twice; every item needs its own value.`;
      throw new AppError(400, ErrorCode.validation, message, { fields: [{ field: `items.${index}.value`, message, key: 'duplicate', params: { value: item.value } }] });
    }
    seen.add(item.value);
  });
}

async function saveDictionary(db: Db, eventId: number, name: DictionaryName, items: ItemInput[]): Promise<void> {
  const now = new Date();
  await db
    .insert(eventDictionaries)
    .values({ eventId, name, items, updatedAt: now })
    .onConflictDoUpdate({ target: [eventDictionaries.eventId, eventDictionaries.name], set: { items, updatedAt: now } });
}

export function dictionaryAdminRoutes(app: FastifyInstance, { db }: Deps): void {
  registerRoute(app, routes.adminListDictionaries, async ({ request, params }) => {
    await requireManage(request, db, params.id);
    const set = await loadDictionaries(db, params.id);
    return { data: DICTIONARY_NAMES.map((name) => presentOne(set, name)) };
  });

  registerRoute(app, routes.adminSetDictionary, async ({ request, params, body }) => {
    await requireManage(request, db, params.id);
    requireEditable(params.name);
    requireUniqueValues(body.items);
    await saveDictionary(db, params.id, params.name, body.items);
    return { data: presentOne(await loadDictionaries(db, params.id), params.name) };
  });

  registerRoute(app, routes.adminResetDictionary, async ({ request, params }) => {
    await requireManage(request, db, params.id);
    await db.delete(eventDictionaries).where(and(eq(eventDictionaries.eventId, params.id), eq(eventDictionaries.name, params.name)));
    return { data: presentOne(await loadDictionaries(db, params.id), params.name) };
  });
}
