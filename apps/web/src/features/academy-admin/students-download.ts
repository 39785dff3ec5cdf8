// The students' CSV (academy.admin.students.export), saved with the access token like every export.
import { buildPath, buildQuery, routes } from '@lobby/contract';
import { downloadFile } from '../../api/download.ts';
import { studentsFilterQuery, type StudentFilters } from './queries.ts';

export const downloadStudents = (eventId: number, filters: StudentFilters): Promise<void> =>
  downloadFile(buildPath(routes.exportStudents.path, { eventId }) + buildQuery(studentsFilterQuery(filters)), `students-${eventId}.csv`, 'text/csv');
