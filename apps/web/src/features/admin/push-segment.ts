// The back office's custom push segment: the form's choices as the contract's segment, and a sent
// message's segment in words. Pure, so it is tested without a page.
import type { CustomPush, PushSegment, TicketType } from '@lobby/contract';
import type { TFunction } from 'i18next';

export interface SegmentChoice {
  ticket_type_ids: string[];
  role_ids: string[];
  checked_in: 'all' | 'yes' | 'no';
}

// A group of one checkbox gives its value or false rather than a list.
const listOf = (value: unknown): number[] => (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []).map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** The form's choice of people as the contract's segment: nothing chosen is everybody. */
export function segmentOf(values: { ticket_type_ids?: unknown; role_ids?: unknown; checked_in?: SegmentChoice['checked_in'] | undefined }): PushSegment {
  const ticketTypes = listOf(values.ticket_type_ids);
  const roles = listOf(values.role_ids);
  return {
    ...(ticketTypes.length > 0 ? { ticket_type_ids: ticketTypes } : {}),
    ...(roles.length > 0 ? { role_ids: roles } : {}),
    ...(values.checked_in === 'yes' || values.checked_in === 'no' ? { checked_in: values.checked_in === 'yes' } : {}),
  };
}

/** Who a sent message reached, in words: "Everybody", or its ticket types, roles and check-in. */
export function segmentText(t: TFunction, segment: CustomPush['segment'], types: TicketType[]): string {
  const parts: string[] = [];
  if (segment.ticket_type_ids?.length) parts.push(segment.ticket_type_ids.map((id) => types.find((type) => type.id === id)?.name ?? `#${id}`).join(', '));
  if (segment.role_ids?.length) parts.push(segment.role_ids.map((role) => t(`roles.${role}`)).join(', '));
  if (segment.checked_in === true) parts.push(t('admin_push.checked_in_yes'));
  if (segment.checked_in === false) parts.push(t('admin_push.checked_in_no'));
  return parts.length === 0 ? t('admin_push.everybody') : parts.join(' · ');
}

