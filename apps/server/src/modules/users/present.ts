import { countryById, DICTIONARY_DEFAULTS, type CompanyRole, type Language, type Me, type Ref } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import type { UserRow } from './repo.ts';

export const asLanguage = (value: string): Language => (value === 'ru' || value === 'zh' ? value : 'en');

/** Labels of dictionary values in a language; unknown values are left out. */
export type Labeller = (name: 'user.can_offer' | 'user.looking_for', ids: readonly number[]) => Ref[];

/** Platform lists; an event's own lists come from the dictionaries module. */
export const defaultLabeller =
  (language: Language): Labeller =>
  (name, ids) => {
    const items = DICTIONARY_DEFAULTS[name];
    return ids.flatMap((id) => {
      const item = items.find((entry) => entry.value === id);
      return item ? [{ id, name: item.labels[language] }] : [];
    });
  };

export interface MeExtras {
  company: { id: number; name: string; logoKey: string | null } | null;
  companyRoles: CompanyRole[];
  files: FileUrls;
  label: Labeller;
}

const contactsOf = (contacts: Record<string, string>) => ({
  facebook: contacts.facebook ?? null,
  telegram: contacts.telegram ?? null,
  wechat: contacts.wechat ?? null,
});

export function presentMe(user: UserRow, extras: MeExtras): Me {
  return {
    id: user.id,
    uid: user.uid,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    job: user.job,
    timezone: user.timezone,
    language: asLanguage(user.language),
    is_password_set: user.passwordHash !== null,
    is_staff: user.isStaff,
    is_organizer: user.isOrganizer,
    disable_email_notifications: user.disableEmailNotifications,
    created_at: user.createdAt.toISOString(),
    bio: user.bio,
    portfolio: user.portfolio,
    phone: user.phone,
    whatsapp: user.whatsapp,
    linkedin: user.linkedin,
    contacts: contactsOf(user.contacts),
    city: user.city,
    geo: user.geo,
    region: countryById(user.geo)?.region ?? null,
    company_id: user.companyId,
    company: extras.company ? { id: extras.company.id, name: extras.company.name, logo_url: extras.files.url(extras.company.logoKey) } : null,
    company_roles: extras.companyRoles,
    offer: extras.label('user.can_offer', user.offerIds),
    looking: extras.label('user.looking_for', user.lookingIds),
    avatar_url: extras.files.url(user.avatarKey),
    avatar_thumb_url: extras.files.url(user.avatarThumbKey ?? user.avatarKey),
    show_email: user.showEmail,
    show_phone: user.showPhone,
    is_subscription_active: false,
  };
}
