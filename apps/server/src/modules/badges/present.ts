// How the badge desk's rows read in the API.
import type { BadgeTicket, Language, PrintableBadge, TicketKind, VolunteerAttendee } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import { pickMedia, presentMedia } from '../events/present.ts';
import type { BadgeSigner } from './qr.ts';
import type { AttendeeRow, brandingOf, PrintableRow } from './repo.ts';

export type Branding = NonNullable<Awaited<ReturnType<typeof brandingOf>>>;

const ticketOf = (id: number | null, name: string | null, kind: string | null): BadgeTicket | null =>
  id !== null && name !== null && kind !== null ? { id, name, kind: kind as TicketKind } : null;

export const presentAttendee = (row: AttendeeRow, files: FileUrls): VolunteerAttendee => ({
  user_id: row.userId,
  member_id: row.memberId,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  job: row.job,
  avatar_url: files.url(row.avatarThumbKey ?? row.avatarKey),
  company: row.companyId !== null && row.companyName !== null ? { id: row.companyId, name: row.companyName } : null,
  ticket: ticketOf(row.ticketId, row.ticketName, row.ticketKind),
  badge: row.badgeId !== null && row.badgeCreatedAt !== null ? { id: row.badgeId, created_at: row.badgeCreatedAt.toISOString() } : null,
  checked_in_at: row.checkedInAt?.toISOString() ?? null,
});

export const presentTicketType = (row: { id: number; name: string; kind: string }): BadgeTicket => ({ id: row.id, name: row.name, kind: row.kind as TicketKind });

export function presentPrintable(row: PrintableRow, branding: Branding, lang: Language, signer: BadgeSigner): PrintableBadge {
  return {
    id: row.id,
    user_id: row.userId,
    first_name: row.firstName,
    last_name: row.lastName,
    job: row.job,
    company: row.companyName,
    ticket: ticketOf(row.ticketId, row.ticketName, row.ticketKind),
    event: {
      id: branding.id,
      name: branding.name,
      color: branding.config.theme.color ?? null,
      logo_url: pickMedia(branding.logos.map(presentMedia), 'logo', lang)?.url ?? null,
    },
    qr: signer.qrOf(row.id),
    created_at: row.createdAt.toISOString(),
  };
}
