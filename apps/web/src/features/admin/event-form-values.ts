import { describeIssue, type REQUIRED_FIELD_TYPES, ZEventInput, type AdminEvent, type EventInput, type FormMessageKey, type Language } from '@lobby/contract';
import { browserTimezone, isoToZoned, zonedToIso } from '../../lib/format.ts';

type RequiredType = (typeof REQUIRED_FIELD_TYPES)[number];

/** What the event form edits: the Event fields as inputs hold them (dates as wall time, lists as text). */
export interface EventFormValues {
  slug: string;
  name: string;
  tagline: string;
  preview_description: string;
  description: string;
  date_from: string;
  date_to: string;
  hub_date_from: string;
  hub_date_to: string;
  timezone: string;
  is_online: boolean;
  is_onsite: boolean;
  is_all_users: boolean;
  auto_reg: boolean;
  active: boolean;
  latitude: string;
  longitude: string;
  full_address: string;
  address_link: string;
  required: RequiredType[];
  /**
   * Fields the event lists as asked but not required ({ type, required: false }). The form has no
   * control for them, so they are carried over: saving an unchanged form must not drop them.
   */
  optional: RequiredType[];
  points_text: string;
  languages: Language[];
  theme_name: string;
  theme_color: string;
  theme_font: string;
  palette_text: string;
  yandex: string;
  gtag: string;
  wnmeet_room: string;
  /** The event's external meeting (config.zoom.url): Zoom or another service, https. */
  zoom_url: string;
  /** config.audience (b2b or b2c): no control in the form, carried over so saving keeps it. */
  audience: 'b2b' | 'b2c' | null;
  logo_url: string;
  background_url: string;
  logo_ru: string;
  logo_zh: string;
  background_ru: string;
  background_zh: string;
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value.replace(',', '.')));

export function emptyValues(): EventFormValues {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return {
    slug: '',
    name: '',
    tagline: '',
    preview_description: '',
    description: '',
    date_from: `${tomorrow}T09:00`,
    date_to: `${tomorrow}T18:00`,
    hub_date_from: '',
    hub_date_to: '',
    timezone: browserTimezone(),
    is_online: true,
    is_onsite: false,
    is_all_users: false,
    auto_reg: false,
    active: true,
    latitude: '',
    longitude: '',
    full_address: '',
    address_link: '',
    required: [],
    optional: [],
    points_text: '',
    languages: ['en', 'ru', 'zh'],
    theme_name: 'default',
    theme_color: '#3b82f6',
    theme_font: '',
    palette_text: '',
    yandex: '',
    gtag: '',
    wnmeet_room: '',
    zoom_url: '',
    audience: null,
    logo_url: '',
    background_url: '',
    logo_ru: '',
    logo_zh: '',
    background_ru: '',
    background_zh: '',
  };
}

export function valuesOf(event: AdminEvent): EventFormValues {
  const zoned = (iso: string | null) => (iso ? isoToZoned(iso, event.timezone) : '');
  const picture = (category: 'logo' | 'background', locale: Language) => event.media.find((m) => m.category === category && m.locale === locale)?.url ?? '';
  return {
    slug: event.slug,
    name: event.name,
    tagline: event.tagline ?? '',
    preview_description: event.preview_description ?? '',
    description: event.description ?? '',
    date_from: zoned(event.date_from),
    date_to: zoned(event.date_to),
    hub_date_from: zoned(event.hub_date_from),
    hub_date_to: zoned(event.hub_date_to),
    timezone: event.timezone,
    is_online: event.is_online,
    is_onsite: event.is_onsite,
    is_all_users: event.is_all_users,
    auto_reg: event.auto_reg,
    active: event.active,
    latitude: event.latitude === null ? '' : String(event.latitude),
    longitude: event.longitude === null ? '' : String(event.longitude),
    full_address: event.full_address ?? '',
    address_link: event.address_link ?? '',
    required: event.required_fields.filter((f) => f.required).map((f) => f.type),
    optional: event.required_fields.filter((f) => !f.required).map((f) => f.type),
    points_text: Object.keys(event.points).join('\n'),
    languages: event.config.languages,
    theme_name: event.config.theme.name ?? '',
    theme_color: event.config.theme.color ?? '#3b82f6',
    theme_font: event.config.theme.font ?? '',
    palette_text: (event.config.theme.palette ?? []).join(', '),
    yandex: event.config.analytics.yandexMetrika ?? '',
    gtag: event.config.analytics.googleTag ?? '',
    wnmeet_room: event.config.wnmeet.roomId ?? '',
    zoom_url: event.config.zoom?.url ?? '',
    audience: event.config.audience ?? null,
    logo_url: picture('logo', 'en'),
    background_url: picture('background', 'en'),
    logo_ru: picture('logo', 'ru'),
    logo_zh: picture('logo', 'zh'),
    background_ru: picture('background', 'ru'),
    background_zh: picture('background', 'zh'),
  };
}

export function inputOf(values: EventFormValues): EventInput {
  const at = (local: string) => zonedToIso(local, values.timezone);
  const palette = values.palette_text
    .split(/[\s,]+/)
    .map((c) => c.trim())
    .filter(Boolean);
  return {
    slug: values.slug.trim(),
    name: values.name.trim(),
    tagline: blankToNull(values.tagline),
    preview_description: blankToNull(values.preview_description),
    description: blankToNull(values.description),
    date_from: at(values.date_from),
    date_to: at(values.date_to),
    hub_date_from: values.hub_date_from ? at(values.hub_date_from) : null,
    hub_date_to: values.hub_date_to ? at(values.hub_date_to) : null,
    timezone: values.timezone,
    is_online: values.is_online,
    is_onsite: values.is_onsite,
    is_all_users: values.is_all_users,
    auto_reg: values.auto_reg,
    active: values.active,
    latitude: numberOrNull(values.latitude),
    longitude: numberOrNull(values.longitude),
    full_address: blankToNull(values.full_address),
    address_link: blankToNull(values.address_link),
    // A ticked box makes a field required; an optional field whose box is not ticked stays optional.
    required_fields: [
      ...values.required.map((type) => ({ type, required: true })),
      ...values.optional.filter((type) => !values.required.includes(type)).map((type) => ({ type, required: false })),
    ],
    points: values.points_text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    config: {
      languages: values.languages,
      theme: { name: values.theme_name.trim() || 'default', color: values.theme_color, ...(palette.length ? { palette } : {}), ...(values.theme_font.trim() ? { font: values.theme_font.trim() } : {}) },
      analytics: { yandexMetrika: blankToNull(values.yandex), googleTag: blankToNull(values.gtag) },
      wnmeet: { roomId: blankToNull(values.wnmeet_room) },
      zoom: { url: blankToNull(values.zoom_url) },
      ...(values.audience ? { audience: values.audience } : {}),
    },
    logo_url: blankToNull(values.logo_url),
    background_url: blankToNull(values.background_url),
    localized_media: (
      [
        ['logo', 'ru', values.logo_ru],
        ['logo', 'zh', values.logo_zh],
        ['background', 'ru', values.background_ru],
        ['background', 'zh', values.background_zh],
      ] as const
    )
      .filter(([, , url]) => url.trim() !== '')
      .map(([category, locale, url]) => ({ category, locale, url: url.trim() })),
  };
}

/** Which form field an input path (or a server's "body.x" field) belongs to. */
export function formFieldOf(path: string): keyof EventFormValues | null {
  const clean = path.replace(/^body\./, '');
  const [head = '', second = '', third = ''] = clean.split('.');
  if (head === 'points') return 'points_text';
  if (head === 'required_fields') return 'required';
  if (head === 'localized_media') return 'logo_ru';
  if (head === 'config') {
    if (second === 'languages') return 'languages';
    if (second === 'theme') return third === 'palette' ? 'palette_text' : third === 'font' ? 'theme_font' : third === 'name' ? 'theme_name' : 'theme_color';
    if (second === 'analytics') return third === 'googleTag' ? 'gtag' : 'yandex';
    if (second === 'zoom') return 'zoom_url';
    return 'wnmeet_room';
  }
  const direct = ['slug', 'name', 'tagline', 'preview_description', 'description', 'date_from', 'date_to', 'hub_date_from', 'hub_date_to', 'timezone', 'latitude', 'longitude', 'full_address', 'address_link', 'logo_url', 'background_url'];
  return direct.includes(head) ? (head as keyof EventFormValues) : null;
}

/** Checks the input with the contract's schema; answers errors per form field. */
export function checkInput(input: EventInput): Partial<Record<keyof EventFormValues, { key: FormMessageKey; params: Record<string, string | number> }>> {
  const result = ZEventInput.safeParse(input);
  if (result.success) return {};
  const errors: Partial<Record<keyof EventFormValues, { key: FormMessageKey; params: Record<string, string | number> }>> = {};
  for (const issue of result.error.issues) {
    const field = formFieldOf(issue.path.join('.'));
    if (field && !errors[field]) errors[field] = describeIssue(issue);
  }
  return errors;
}
