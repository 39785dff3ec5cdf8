import { z } from 'zod';
import { REQUIRED_FIELD_TYPES } from './constants.ts';
import { ZSelectedIds, ZWebsite, ZName } from './validation.ts';
import { COUNTRIES } from './countries.ts';

/** How many options a person may pick for what they offer and what they look for. */
export const PROFILE_OPTIONS_MAX = 5;
export const BIO_MAX = 2000;
export const JOB_MAX = 100;

const ZPhone = z
  .string()
  .trim()
  .max(30)
  .refine((value) => value === '' || /^\+?[0-9][0-9 ()-]{4,24}$/.test(value), { params: { rule: 'invalid_characters' } })
  .transform((value) => (value === '' ? null : value));
const ZOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value));
const ZTelegram = z
  .string()
  .trim()
  .max(33)
  .refine((value) => value === '' || /^@?[A-Za-z0-9_]{5,32}$/.test(value), { params: { rule: 'invalid_characters' } })
  .transform((value) => (value === '' ? null : value.replace(/^@/, '')));

export const ZCountryId = z
  .number()
  .int()
  .min(1)
  .max(COUNTRIES.length);

/** Contacts besides phone and e-mail (product.md section 3, User: contacts). */
export const ZContactsInput = z.object({
  facebook: ZWebsite.optional(),
  telegram: ZTelegram.optional(),
  wechat: ZOptionalText(40).optional(),
});
export const ZContacts = z.object({ facebook: z.string().nullable(), telegram: z.string().nullable(), wechat: z.string().nullable() });

/**
 * Profile fields a person edits (User, product.md section 3), every one optional so a form may
 * send only what changed. offer_ids and looking_ids are sent as ids and read as `offer` and
 * `looking`, lists of objects.
 */
export const ZProfileInput = z.object({
  first_name: z.string().trim().min(1).pipe(ZName),
  last_name: z.string().trim().min(1).pipe(ZName),
  job: ZOptionalText(JOB_MAX),
  bio: ZOptionalText(BIO_MAX),
  portfolio: ZWebsite,
  phone: ZPhone,
  whatsapp: ZPhone,
  linkedin: ZWebsite,
  contacts: ZContactsInput,
  city: ZOptionalText(100),
  geo: ZCountryId.nullable(),
  company_id: z.number().int().min(1).max(2_147_483_647).nullable(),
  offer_ids: ZSelectedIds(PROFILE_OPTIONS_MAX),
  looking_ids: ZSelectedIds(PROFILE_OPTIONS_MAX),
  show_email: z.boolean(),
  show_phone: z.boolean(),
  disable_email_notifications: z.boolean(),
}).partial();
export type ProfileInput = z.input<typeof ZProfileInput>;

export const PROFILE_FIELDS = ['first_name', 'last_name', 'email', ...REQUIRED_FIELD_TYPES] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export type Audience = 'b2b' | 'b2c';

export interface CompletenessInput {
  first_name: string;
  last_name: string;
  email: string;
  job: string | null;
  company_id: number | null;
  geo: number | null;
  city: string | null;
  avatar_url: string | null;
}

const FILLED: Record<(typeof REQUIRED_FIELD_TYPES)[number], (user: CompletenessInput) => boolean> = {
  job: (user) => Boolean(user.job?.trim()),
  company: (user) => user.company_id !== null,
  country: (user) => user.geo !== null,
  city: (user) => Boolean(user.city?.trim()),
  avatar: (user) => Boolean(user.avatar_url),
};

/**
 * What a person still has to fill before an event opens (product.md section 5). B2B: first and
 * last name and every field the event requires (job, company, country, city, avatar). B2C: first
 * name and e-mail.
 */
export function missingProfileFields(user: CompletenessInput, requiredFields: readonly { type: (typeof REQUIRED_FIELD_TYPES)[number]; required: boolean }[], audience: Audience): ProfileField[] {
  const missing: ProfileField[] = [];
  if (!user.first_name.trim()) missing.push('first_name');
  if (audience === 'b2c') {
    if (!user.email.trim()) missing.push('email');
    return missing;
  }
  if (!user.last_name.trim()) missing.push('last_name');
  for (const field of requiredFields) if (field.required && !FILLED[field.type](user) && !missing.includes(field.type)) missing.push(field.type);
  return missing;
}
