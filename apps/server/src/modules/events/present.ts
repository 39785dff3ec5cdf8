import { MEDIA_CATEGORIES, type Event, type EventConfig, type EventGroup, type Language, type Media } from '@lobby/contract';
import type { EventRecord, MediaRow } from './repo.ts';

export function eventGroup(dateFrom: Date, dateTo: Date, now: Date): EventGroup {
  if (dateTo < now) return 'past';
  if (dateFrom > now) return 'upcoming';
  return 'current';
}

const isCategory = (value: string): value is Media['category'] => (MEDIA_CATEGORIES as readonly string[]).includes(value);
const isLanguage = (value: string): value is Language => value === 'ru' || value === 'en' || value === 'zh';

export function presentMedia(row: MediaRow): Media {
  return {
    id: row.id,
    url: row.url,
    thumb_url: row.thumbUrl,
    mime_type: row.mimeType,
    locale: isLanguage(row.locale) ? row.locale : 'en',
    category: isCategory(row.category) ? row.category : 'logo',
  };
}

/** The picture of a category in the wanted language, else in English, else the first one. */
export function pickMedia(items: Media[], category: Media['category'], lang: Language): Media | null {
  const ofCategory = items.filter((item) => item.category === category);
  return ofCategory.find((item) => item.locale === lang) ?? ofCategory.find((item) => item.locale === 'en') ?? ofCategory[0] ?? null;
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/**
 * What everyone may read of the config: the external meeting link (zoom) is left out, as such links
 * often carry their passcode; members read it from GET /{eventId}/external-meeting, organisers in
 * the back office.
 */
export function publicConfig(config: EventConfig): EventConfig {
  const { zoom: _private, ...rest } = config;
  return rest;
}

/** The event as the API shows it; `organiser` keeps the config whole (the back office edits it). */
export function presentEvent({ event, media, points }: EventRecord, lang: Language, now: Date, view: 'public' | 'organiser' = 'public'): Event {
  const items = media.map(presentMedia);
  return {
    id: event.id,
    slug: event.slug,
    name: event.name,
    tagline: event.tagline,
    title: event.tagline?.trim() ? event.tagline : event.name,
    preview_description: event.previewDescription,
    description: event.description,
    logo: pickMedia(items, 'logo', lang),
    background: pickMedia(items, 'background', lang),
    media: items,
    date_from: event.dateFrom.toISOString(),
    date_to: event.dateTo.toISOString(),
    hub_date_from: iso(event.hubDateFrom),
    hub_date_to: iso(event.hubDateTo),
    timezone: event.timezone,
    is_online: event.isOnline,
    is_onsite: event.isOnsite,
    is_all_users: event.isAllUsers,
    auto_reg: event.autoReg,
    active: event.active,
    latitude: event.latitude,
    longitude: event.longitude,
    full_address: event.fullAddress,
    address_link: event.addressLink,
    required_fields: event.requiredFields,
    points: Object.fromEntries(points.map((point) => [point.name, point.id])),
    config: view === 'organiser' ? event.config : publicConfig(event.config),
    group: eventGroup(event.dateFrom, event.dateTo, now),
  };
}
