// The lesson's teachers, picked by name among the event's members with the CourseTeacher role
// (members autocomplete with filter[role_ids][]=5, storing the user id); shown as name and uid.
import { LESSON_TEACHERS_MAX, MemberRole, routes } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/client.ts';
import { PeoplePicker } from '../../ui/PeoplePicker.tsx';
import type { PickedTeacher } from './forms.ts';

export const teacherSearchQuery = (eventId: number, search: string) =>
  apiQuery(routes.autocompleteMemberUsers, { params: { eventId }, query: { 'filter[query]': search, 'filter[role_ids][]': [MemberRole.CourseTeacher] } });

export function TeacherPicker({ eventId, value, onChange, error }: { eventId: number; value: PickedTeacher[]; onChange: (next: PickedTeacher[]) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <PeoplePicker
      value={value}
      onChange={onChange}
      search={(text) => teacherSearchQuery(eventId, text)}
      toOption={(item) => ({ id: item.user_id, name: item.name, job: item.job, avatar: item.avatar_url })}
      max={LESSON_TEACHERS_MAX}
      error={error}
      testId="teacher-picker"
      searchTestId="teacher-search"
      texts={{
        label: t('academy_admin.f_teachers'),
        placeholder: t('academy_admin.teachers_search'),
        hint: t('academy_admin.teachers_hint'),
        chosen: t('academy_admin.teachers_chosen'),
        found: t('academy_admin.teachers_found'),
        none: t('academy_admin.teachers_none'),
        failed: t('academy_admin.teachers_failed'),
        remove: (name) => t('academy_admin.teacher_remove', { name }),
        detail: (person) => t('academy_admin.uid', { uid: person.id }),
        noName: t('academy_admin.no_name'),
      }}
    />
  );
}
