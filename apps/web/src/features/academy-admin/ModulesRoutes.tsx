// academy-admin/modules (course admins): list, create, {id}, {id}/edit, and {moduleId}/lessons with
// list, create, {id}, {id}/edit (product.md section 2).
import { lazy, type ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../errors/pages.tsx';
import { ModuleFormPage } from './ModuleFormPage.tsx';
import { ModuleListPage } from './ModuleListPage.tsx';
import { ModuleViewPage } from './ModuleViewPage.tsx';
import { LessonListPage } from './LessonListPage.tsx';
import { LessonViewPage } from './LessonViewPage.tsx';
import { idParam } from './parts.tsx';

const LessonEditorPage = lazy(() => import('./LessonEditorPage.tsx').then((m) => ({ default: m.LessonEditorPage })));

/** Renders the page with the route's numeric ids, or the 404 page for anything else. */
function WithIds({ names, children }: { names: string[]; children: (ids: number[]) => ReactNode }) {
  const params = useParams();
  const ids = names.map((name) => idParam(params[name]));
  if (ids.some((id) => id === null)) return <NotFoundPage />;
  return children(ids as number[]);
}

export function ModulesRoutes() {
  return (
    <Routes>
      <Route index element={<ModuleListPage />} />
      <Route path="create" element={<ModuleFormPage moduleId={null} />} />
      <Route path=":id" element={<WithIds names={['id']}>{([id]) => <ModuleViewPage key={id} moduleId={id!} />}</WithIds>} />
      <Route path=":id/edit" element={<WithIds names={['id']}>{([id]) => <ModuleFormPage key={id} moduleId={id!} />}</WithIds>} />
      <Route path=":moduleId/lessons" element={<WithIds names={['moduleId']}>{([moduleId]) => <LessonListPage key={moduleId} moduleId={moduleId!} />}</WithIds>} />
      <Route path=":moduleId/lessons/create" element={<WithIds names={['moduleId']}>{([moduleId]) => <LessonEditorPage key={`new-${moduleId}`} moduleId={moduleId!} lessonId={null} />}</WithIds>} />
      <Route path=":moduleId/lessons/:id" element={<WithIds names={['moduleId', 'id']}>{([moduleId, id]) => <LessonViewPage key={id} moduleId={moduleId!} lessonId={id!} />}</WithIds>} />
      <Route path=":moduleId/lessons/:id/edit" element={<WithIds names={['moduleId', 'id']}>{([moduleId, id]) => <LessonEditorPage key={id} moduleId={moduleId!} lessonId={id!} />}</WithIds>} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
