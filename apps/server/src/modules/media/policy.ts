import type { Permission } from '@lobby/contract';

/** Event pictures and lesson files: organisers and course admins of that event. */
export const canUploadEventMedia = (can: (permission: Permission) => boolean): boolean => can('event.manage') || can('academy.lesson.edit');

/** A company's pictures: its admins (company_users role admin for that company) and platform staff. */
export const canManageCompany = (who: { isStaff: boolean; rolesInCompany: readonly string[] | null }): boolean => who.isStaff || (who.rolesInCompany?.includes('admin') ?? false);

/** Which company column a picture of this category replaces; hero media are a gallery and replace nothing. */
export const companySlotOf = (category: string): 'logo' | 'cover' | null => (category === 'logo' || category === 'cover' ? category : null);
