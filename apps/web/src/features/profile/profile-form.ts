import { PROFILE_OPTIONS_MAX, ZProfileInput, type Me } from '@lobby/contract';
import { type z } from 'zod';

/** The profile form: every User field the person edits, validated by the server's own rules. */
export const ZProfileForm = ZProfileInput.required({ first_name: true, last_name: true });
export type ProfileFormValues = z.input<typeof ZProfileForm>;
export type ProfileFormOutput = z.output<typeof ZProfileForm>;

export const OPTIONS_MAX = PROFILE_OPTIONS_MAX;

export const profileDefaults = (me: Me): ProfileFormValues => ({
  first_name: me.first_name,
  last_name: me.last_name,
  job: me.job ?? '',
  bio: me.bio ?? '',
  portfolio: me.portfolio ?? '',
  phone: me.phone ?? '',
  whatsapp: me.whatsapp ?? '',
  linkedin: me.linkedin ?? '',
  contacts: { facebook: me.contacts.facebook ?? '', telegram: me.contacts.telegram ?? '', wechat: me.contacts.wechat ?? '' },
  city: me.city ?? '',
  geo: me.geo,
  company_id: me.company_id,
  offer_ids: me.offer.map((item) => item.id),
  looking_ids: me.looking.map((item) => item.id),
  show_email: me.show_email,
  show_phone: me.show_phone,
});

/** Field names a server 400 may name (body.x), for showing its errors beside the fields. */
export const PROFILE_FORM_FIELDS = ['first_name', 'last_name', 'job', 'bio', 'portfolio', 'phone', 'whatsapp', 'linkedin', 'city', 'geo', 'company_id', 'offer_ids', 'looking_ids'] as const;
