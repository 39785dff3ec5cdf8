import type { Language, Me } from '@lobby/contract';
import type { UserRow } from './repo.ts';

const asLanguage = (value: string): Language => (value === 'ru' || value === 'zh' ? value : 'en');

export function presentMe(user: UserRow): Me {
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
  };
}
