import type { MEMBER_SORTS } from '@lobby/contract';

export type MemberSort = (typeof MEMBER_SORTS)[number];
